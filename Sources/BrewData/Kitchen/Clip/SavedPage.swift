import Foundation

/// A saved page's text: `.html`, or `.html.gz` unpacked with the system's `gzip -dc`.
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

    public static func text(atPath path: String) throws(Failure) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable("\(path): cannot read the file") }
        guard data.count <= maximumBytes else { throw .tooLarge("\(path): larger than \(maximumBytes / 1_000_000) MB; not a recipe page") }
        if path.lowercased().hasSuffix(".gz") {
            let unpacked = try gunzip(data, path: path)
            return String(decoding: unpacked, as: UTF8.self)
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func gunzip(_ data: Data, path: String) throws(Failure) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw .unreadable("\(path): cannot run gzip to unpack it: \(error)") }
        // Feed the input on another thread so a full output pipe cannot block the writer.
        let writer = input.fileHandleForWriting
        DispatchQueue.global().async {
            writer.write(data)
            try? writer.close()
        }
        var unpacked = Data()
        let reader = output.fileHandleForReading
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            unpacked.append(chunk)
            if unpacked.count > maximumBytes {
                process.terminate()
                throw .tooLarge("\(path): unpacks to more than \(maximumBytes / 1_000_000) MB; not a recipe page")
            }
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw .unreadable("\(path): not a gzip file that gzip can unpack") }
        return unpacked
    }
}
