import Czlib

/// Raw deflate (RFC 1951, no zlib or gzip wrapper) through the system's zlib: the search index's
/// words' and documents' files are packed with it, and a browser unpacks them with
/// `DecompressionStream("deflate-raw")` (`assets/search.js`). The same bytes always pack the same.
enum RawDeflate {
    /// `bytes` packed at zlib's default level; empty when zlib cannot start (out of memory).
    static func pack(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        // -15: a 32 KB window and no header or trailer.
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
                            zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var packed = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        var input = bytes
        let status = input.withUnsafeMutableBufferPointer { inputBuffer in
            packed.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = uInt(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = uInt(outputBuffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return [] }
        packed.removeLast(Int(stream.avail_out))
        return packed
    }

    /// The bytes `packed` holds, or nil when they are not one whole raw deflate stream.
    static func unpack(_ packed: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = packed
        var result: [UInt8] = []
        var piece = [UInt8](repeating: 0, count: 1 << 16)
        return input.withUnsafeMutableBufferPointer { inputBuffer -> [UInt8]? in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            while true {
                let (status, produced) = piece.withUnsafeMutableBufferPointer { outputBuffer -> (Int32, Int) in
                    stream.next_out = outputBuffer.baseAddress
                    stream.avail_out = uInt(outputBuffer.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, outputBuffer.count - Int(stream.avail_out))
                }
                result += piece[0..<produced]
                if status == Z_STREAM_END { return result }
                if status != Z_OK || produced == 0 && stream.avail_in == 0 { return nil }
            }
        }
    }
}
