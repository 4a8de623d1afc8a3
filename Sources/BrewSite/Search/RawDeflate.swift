import BrewData
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
        var packed: [UInt8] = []
        let status = ZlibStream.run(&stream, over: bytes, step: { deflate(&$0, Z_FINISH) }) { packed += $0; return true }
        return status == Z_STREAM_END ? packed : []
    }

    /// The bytes `packed` holds, or nil when they are not one whole raw deflate stream.
    static func unpack(_ packed: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var result: [UInt8] = []
        let status = ZlibStream.run(&stream, over: packed, step: { inflate(&$0, Z_NO_FLUSH) }) { result += $0; return true }
        return status == Z_STREAM_END ? result : nil
    }
}
