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

    /// Unpacks the first member of a gzip stream, giving each piece to `consume`; an error thrown
    /// by `consume` stops it at once (and is rethrown as `.stopped`, the caller keeping its own).
    public static func unpack(_ bytes: [UInt8], consume: ([UInt8]) throws -> Void) throws(Failure) {
        guard bytes.count >= 18, bytes[0] == 0x1F, bytes[1] == 0x8B, bytes[2] == 8 else { throw .notGzip }
        var stream = z_stream()
        // 16 + 15: a gzip header and trailer around deflate data with a 32 KB window.
        guard inflateInit2_(&stream, 16 + MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw .damaged }
        defer { inflateEnd(&stream) }
        var failure: Failure?
        let status = ZlibStream.run(&stream, over: bytes, step: { inflate(&$0, Z_NO_FLUSH) }) { produced in
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
        _ = ZlibStream.run(&stream, over: bytes, step: { deflate(&$0, Z_FINISH) }) { packed += $0; return true }
        return packed
    }
}
