import Foundation

/// A folder served over plain HTTP from 127.0.0.1 (Python's `http.server`), for tests that fetch:
/// there is no internet. `stop()` kills it.
public struct StaticFileServer {
    public let base: String
    let process: Process

    /// Starts serving `folder` on a random port; the caller waits until it answers.
    public init(serving folder: URL) throws {
        let port = Int.random(in: 20_000...60_000)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        base = "http://127.0.0.1:\(port)"
    }

    public func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
