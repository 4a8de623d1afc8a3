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
        var failure: Failure?
        let status = run(&stream, over: bytes, step: { inflate(&$0, Z_NO_FLUSH) }) { produced in
            do { try consume(produced) } catch { failure = .stopped; return false }
            return true
        }
        if failure == nil, status != Z_STREAM_END { failure = status == Z_BUF_ERROR || status == Z_OK ? .cutShort : .damaged }
        if let failure { throw failure }
    }

    /// Bytes packed as one gzip member (for tests and fixtures: the tool itself only reads gzip).
    public static func pack(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var packed: [UInt8] = []
        _ = run(&stream, over: bytes, step: { deflate(&$0, Z_FINISH) }) { packed += $0; return true }
        return packed
    }

    /// Runs a zlib stream over `input`, one `step` per piece of output handed to `take` (which
    /// returns false to stop), until the step says anything but `Z_OK` or its progress ends; the
    /// last status (`Z_OK` when the input ran out before the stream's end, or `take` stopped).
    static func run(_ stream: inout z_stream, over input: [UInt8], step: (inout z_stream) -> Int32, take: ([UInt8]) -> Bool) -> Int32 {
        var output = [UInt8](repeating: 0, count: pieceBytes)
        var input = input
        return input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            while true {
                let (status, produced): (Int32, Int) = output.withUnsafeMutableBufferPointer { outputBuffer in
                    stream.next_out = outputBuffer.baseAddress
                    stream.avail_out = uInt(outputBuffer.count)
                    let status = step(&stream)
                    return (status, outputBuffer.count - Int(stream.avail_out))
                }
                if status != Z_OK && status != Z_STREAM_END { return status }
                if produced > 0, !take(Array(output[0..<produced])) { return Z_OK }
                // Everything read and nothing more came out, yet no end: the stream was cut.
                if status != Z_OK || (stream.avail_in == 0 && produced == 0) { return status }
            }
        }
    }
}
