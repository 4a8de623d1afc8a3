import Foundation
import ZIPFoundation

/// A saved page's text: `.html`, or `.html.gz` unpacked in memory, each capped at `maximumBytes`
/// as the bytes are read (a 5 GB file, an endless FIFO or a gzip bomb costs no more than the cap).
public enum SavedPage {
    /// The most a page may be, packed or unpacked: recipe pages are a few hundred kilobytes.
    public static let maximumBytes = 10_000_000

    public enum Failure: Error, CustomStringConvertible {
        case unreadable(String)
        case tooLarge(String)
        public var description: String {
            switch self {
            case .unreadable(let message), .tooLarge(let message): message
            }
        }
    }

    public static func text(atPath path: String, maximumBytes: Int = maximumBytes) throws(Failure) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .unreadable("\(path): is a folder, not a saved page or caption")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable("\(path): cannot read the file") }
        defer { try? handle.close() }
        let data = try bytes(from: handle, maximumBytes: maximumBytes, name: path)
        if path.lowercased().hasSuffix(".gz") {
            return String(decoding: try gunzip(data, path: path, maximumBytes: maximumBytes), as: UTF8.self)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// At most `maximumBytes` from a file or a stream (standard input), read in pieces; an error
    /// as soon as one more byte arrives.
    public static func bytes(from handle: FileHandle, maximumBytes: Int = maximumBytes, name: String) throws(Failure) -> Data {
        var data = Data()
        while true {
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: min(1 << 20, maximumBytes + 1 - data.count)) ?? Data()
            } catch {
                throw .unreadable("\(name): cannot read it: \(error.localizedDescription)")
            }
            if chunk.isEmpty { return data }
            data.append(chunk)
            if data.count > maximumBytes {
                throw .tooLarge("\(name): larger than \(maximumBytes / 1_000_000) MB; not a recipe page or caption")
            }
        }
    }

    /// A gzip file's first member, inflated with zlib; more than `maximumBytes` unpacked stops at once.
    static func gunzip(_ data: Data, path: String, maximumBytes: Int = maximumBytes) throws(Failure) -> Data {
        let bytes = [UInt8](data)
        guard bytes.count >= 18, bytes[0] == 0x1F, bytes[1] == 0x8B, bytes[2] == 8 else {
            throw .unreadable("\(path): not a gzip file that can be unpacked")
        }
        // The header (RFC 1952): fixed ten bytes, then the optional extra field, name, comment and header CRC.
        let flags = bytes[3]
        var start = 10
        if flags & 4 != 0 {
            guard start + 2 <= bytes.count else { throw .unreadable("\(path): a gzip header cut short") }
            start += 2 + Int(bytes[start]) + Int(bytes[start + 1]) << 8
        }
        for flag: UInt8 in [8, 16] where flags & flag != 0 {
            while start < bytes.count, bytes[start] != 0 { start += 1 }
            start += 1
        }
        if flags & 2 != 0 { start += 2 }
        guard start < bytes.count else { throw .unreadable("\(path): a gzip header cut short") }
        let body = data.subdata(in: start..<data.count)
        var unpacked = Data()
        var tooLarge = false
        let bufferSize = 1 << 16
        do {
            _ = try Data.decompress(size: Int64(body.count), bufferSize: bufferSize, skipCRC32: true, provider: { position, size in
                // zlib is told each piece is `size` long: a short last piece is padded with zeros,
                // and reading past the end is a stream cut short.
                let from = Int(position)
                guard from < body.count else { throw CocoaError(.fileReadCorruptFile) }
                var piece = body.subdata(in: from..<min(from + size, body.count))
                if piece.count < size { piece.append(Data(count: size - piece.count)) }
                return piece
            }, consumer: { chunk in
                unpacked.append(chunk)
                if unpacked.count > maximumBytes { tooLarge = true; throw CocoaError(.fileReadTooLarge) }
            })
        } catch {
            if tooLarge { throw .tooLarge("\(path): unpacks to more than \(maximumBytes / 1_000_000) MB; not a recipe page") }
            throw .unreadable("\(path): not a gzip file that can be unpacked (its data is damaged or cut short)")
        }
        return unpacked
    }
}
