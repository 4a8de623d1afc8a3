import Foundation

/// A folder served over plain HTTP from 127.0.0.1 (Python's `http.server`), for tests that fetch:
/// there is no internet. `init` returns once the server accepts connections (a loaded machine can take
/// seconds to start Python); `stop()` kills it.
public struct StaticFileServer {
    public let base: String
    let process: Process

    public enum StartFailure: Error, CustomStringConvertible {
        case neverAnswered(seconds: Double)
        public var description: String {
            switch self {
            case .neverAnswered(let seconds): "python3 -m http.server did not accept a connection within \(seconds) s on any of five ports"
            }
        }
    }

    /// Starts serving `folder` on a random port, trying another when Python exits (the port was taken),
    /// and waits until the port accepts a connection.
    public init(serving folder: URL, waitingAtMostSeconds seconds: Double = 60) throws {
        let deadline = Date().addingTimeInterval(seconds)
        for _ in 0..<5 {
            let port = Int.random(in: 20_000...60_000)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", folder.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            while process.isRunning && Date() < deadline {
                if Self.accepts(port: port) {
                    self.process = process
                    base = "http://127.0.0.1:\(port)"
                    return
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            if Date() >= deadline { break }
        }
        throw StartFailure.neverAnswered(seconds: seconds)
    }

    public func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Whether something accepts a TCP connection on 127.0.0.1:`port`.
    public static func accepts(port: Int) -> Bool {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { return false }
        defer { close(socketDescriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
