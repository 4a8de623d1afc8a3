import BrewData
import Foundation

/// A saved page's text: `.html`, or `.html.gz` unpacked in memory through zlib, each capped at `maximumBytes`
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

    /// A gzip file's first member, inflated by zlib (`Gzip`); more than `maximumBytes` unpacked stops at once.
    static func gunzip(_ data: Data, path: String, maximumBytes: Int = maximumBytes) throws(Failure) -> Data {
        var unpacked = Data()
        var tooLarge = false
        do {
            try Gzip.unpack([UInt8](data)) { piece in
                unpacked.append(contentsOf: piece)
                if unpacked.count > maximumBytes { tooLarge = true; throw Failure.tooLarge(path) }
            }
        } catch {
            if tooLarge { throw .tooLarge("\(path): unpacks to more than \(maximumBytes / 1_000_000) MB; not a recipe page") }
            if error == .notGzip { throw .unreadable("\(path): not a gzip file that can be unpacked") }
            throw .unreadable("\(path): not a gzip file that can be unpacked (its data is damaged or cut short)")
        }
        return unpacked
    }
}
