import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP GET by the system's `curl` program, its output read in pieces with a hard bound: the
/// answer's status line and headers (`--include`) and then its body, decoded (`--compressed`),
/// counted as it arrives; at the first piece past `maximumBytes` curl is stopped. curl follows no
/// redirect (`PageFetcher` decides which to follow), speaks only http and https, refuses a
/// declared size over the bound before the body (`--max-filesize`) and gives up after the time left.
enum CurlTransfer {
    struct Answer: Sendable {
        var status: Int
        /// Header names lower-cased, in the order sent.
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
    }

    enum Failure: Error, Equatable {
        case tooLarge
        case timedOut
        case failed(String)
    }

    /// The most a status line and headers may take.
    static let maximumHeaderBytes = 65_536
    static let pieceBytes = 65_536

    static func get(_ url: String, accept: String, timeoutSeconds: Double, maximumBytes: Int) async -> Result<Answer, Failure> {
        guard let curl = executable() else { return .failure(.failed("cannot fetch: the curl program is not installed (Debian: apt-get install curl)")) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: curl)
        process.arguments = [
            "--silent", "--show-error", "--include", "--compressed", "--proto", "=http,https", "--max-redirs", "0",
            "--max-time", String(format: "%.3f", max(0.001, timeoutSeconds)), "--max-filesize", String(maximumBytes),
            "--user-agent", "brewguide kitchen clip", "--header", "Accept: \(accept)", "--", url,
        ]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let (exits, exited) = AsyncStream.makeStream(of: Int32.self, bufferingPolicy: .bufferingNewest(1))
        process.terminationHandler = { finished in
            exited.yield(finished.terminationStatus)
            exited.finish()
        }
        do { try process.run() } catch { return .failure(.failed("cannot run curl: \(error.localizedDescription)")) }
        let pid = process.processIdentifier
        let outputDescriptor = output.fileHandleForReading.fileDescriptor
        let errorDescriptor = errors.fileHandleForReading.fileDescriptor
        // The reading blocks on the pipe: off the cooperative threads, in a task of its own.
        let read = await Task.detached { readBounded(outputDescriptor, maximumBodyBytes: maximumBytes, stopping: pid) }.value
        let errorText = await Task.detached { String(decoding: readBounded(errorDescriptor, maximumBodyBytes: 4_096, stopping: nil).bytes, as: UTF8.self) }.value
        var status: Int32 = -1
        for await code in exits { status = code }
        try? output.fileHandleForReading.close()
        try? errors.fileHandleForReading.close()
        if read.over { return .failure(.tooLarge) }
        switch status {
        case 0: break
        case 28: return .failure(.timedOut)
        case 63: return .failure(.tooLarge)
        default:
            // "curl: (7) Failed to connect to 127.0.0.1 port 9: Connection refused" → its reason.
            var reason = errorText.trimmingCharacters(in: .whitespacesAndNewlines)
            if reason.hasPrefix("curl: ("), let close = reason.firstIndex(of: ")") { reason = reason[reason.index(after: close)...].trimmingCharacters(in: .whitespaces) }
            return .failure(.failed(reason.isEmpty ? "the fetch failed (curl exit status \(status))" : reason))
        }
        guard let answer = parse(read.bytes) else { return .failure(.failed("the server's answer is not HTTP")) }
        return .success(answer)
    }

    /// What a file descriptor gives until its end, in pieces; past `maximumBodyBytes` after the
    /// headers (or `maximumHeaderBytes` of headers) the process `stopping` is killed and reading ends.
    static func readBounded(_ descriptor: Int32, maximumBodyBytes: Int, stopping pid: Int32?) -> (bytes: [UInt8], over: Bool) {
        var bytes: [UInt8] = []
        var piece = [UInt8](repeating: 0, count: pieceBytes)
        var bodyStart: Int?
        while true {
            let count = piece.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, pieceBytes) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return (bytes, false) }
            bytes += piece[0..<count]
            if pid != nil, bodyStart == nil || bytes.count - bodyStart! > maximumBodyBytes { bodyStart = lastHeaderEnd(bytes) }
            let limit = pid == nil ? maximumBodyBytes : (bodyStart.map { $0 + maximumBodyBytes } ?? maximumHeaderBytes)
            if bytes.count > limit {
                if let pid { kill(pid, SIGKILL) }
                return (Array(bytes.prefix(limit)), pid != nil)
            }
        }
    }

    /// Where the body starts: after the blank line that ends the last header block (a `100
    /// Continue` block comes before the real one).
    static func lastHeaderEnd(_ bytes: [UInt8]) -> Int? {
        var start = 0
        while let end = blankLine(in: bytes, from: start) {
            let statusLine = String(decoding: bytes[start..<min(end, start + 40)], as: UTF8.self)
            let code = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            if !(100..<200).contains(code) { return end }
            start = end
        }
        return nil
    }

    /// The index after the next "\r\n\r\n" (or "\n\n") from `start`.
    static func blankLine(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count, index < start + maximumHeaderBytes {
            if bytes[index] == 10 {
                if bytes[index + 1] == 10 { return index + 2 }
                if bytes[index + 1] == 13, index + 2 < bytes.count, bytes[index + 2] == 10 { return index + 3 }
            }
            index += 1
        }
        return nil
    }

    static func parse(_ bytes: [UInt8]) -> Answer? {
        guard let bodyStart = lastHeaderEnd(bytes) else { return nil }
        // The last block's lines.
        var blockStart = 0
        while let end = blankLine(in: bytes, from: blockStart), end < bodyStart { blockStart = end }
        let lines = String(decoding: bytes[blockStart..<bodyStart], as: UTF8.self).split(whereSeparator: \.isNewline)
        guard let statusLine = lines.first, let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Answer(status: status, headers: headers, body: Array(bytes[bodyStart...]))
    }

    /// `curl` on the `PATH`.
    static func executable() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (path.split(separator: ":") + ["/usr/bin", "/usr/local/bin"]).map { "\($0)/curl" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
