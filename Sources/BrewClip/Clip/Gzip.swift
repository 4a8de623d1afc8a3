import BrewData
import Czlib
import Foundation

/// gzip (RFC 1952) through the system's zlib, in-process: saved pages (`.html.gz`) and recipe
/// apps' gzipped files are unpacked piece by piece, each piece handed on as it comes out, so that
/// a caller stops a gzip bomb at its bound without ever holding more.
public enum Gzip {
    public enum Failure: Error, Equatable {
        /// The bytes do not start as a gzip stream.
        case notGzip
        /// The stream ends before its last block and checksum.
        case cutShort
        /// zlib found the data damaged (a bad block or checksum).
        case damaged
        /// The consumer stopped the unpacking (by throwing).
        case stopped
    }

    /// How many bytes zlib writes at a time.
    static let pieceBytes = 1 << 16

    /// Unpacks the first member of a gzip stream, giving each piece to `consume`; an error thrown
    /// by `consume` stops it at once (and is rethrown as `.stopped`, the caller keeping its own).
    public static func unpack(_ bytes: [UInt8], consume: ([UInt8]) throws -> Void) throws(Failure) {
        guard bytes.count >= 18, bytes[0] == 0x1F, bytes[1] == 0x8B, bytes[2] == 8 else { throw .notGzip }
        var stream = z_stream()
        // 16 + 15: a gzip header and trailer around deflate data with a 32 KB window.
        guard inflateInit2_(&stream, 16 + MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw .damaged }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: pieceBytes)
        var input = bytes
        var status: Int32 = Z_OK
        var failure: Failure?
        input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            while status == Z_OK {
                let produced: Int = output.withUnsafeMutableBufferPointer { outputBuffer in
                    stream.next_out = outputBuffer.baseAddress
                    stream.avail_out = uInt(outputBuffer.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    return outputBuffer.count - Int(stream.avail_out)
                }
                if status != Z_OK && status != Z_STREAM_END {
                    failure = status == Z_BUF_ERROR ? .cutShort : .damaged
                    return
                }
                if produced > 0 {
                    do { try consume(Array(output[0..<produced])) } catch { failure = .stopped; return }
                }
                // Everything read and nothing more came out, yet no end: the stream was cut.
                if status == Z_OK, stream.avail_in == 0, produced == 0 { failure = .cutShort; return }
            }
        }
        if let failure { throw failure }
    }

    /// Bytes packed as one gzip member (for tests and fixtures: the tool itself only reads gzip).
    public static func pack(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var packed: [UInt8] = []
        var output = [UInt8](repeating: 0, count: pieceBytes)
        var input = bytes
        input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            var status: Int32 = Z_OK
            while status == Z_OK {
                let produced: Int = output.withUnsafeMutableBufferPointer { outputBuffer in
                    stream.next_out = outputBuffer.baseAddress
                    stream.avail_out = uInt(outputBuffer.count)
                    status = deflate(&stream, Z_FINISH)
                    return outputBuffer.count - Int(stream.avail_out)
                }
                packed += output[0..<produced]
            }
        }
        return packed
    }
}
