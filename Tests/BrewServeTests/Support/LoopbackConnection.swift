#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A blocking TCP connection to 127.0.0.1, for sending request targets
/// exactly as written (URLSession would normalise `..` away) and for reading
/// an endless event stream a few bytes at a time.
///
/// Every blocking call runs on a thread of its own, never on the cooperative
/// pool the server under test needs (2 threads on a 2-core machine).
final class LoopbackConnection: @unchecked Sendable {
    private let descriptor: Int32
    /// Bytes received but not yet consumed by a reader.
    private var unreadBytes = Data()

    /// Connects to `host` (an IPv4 address) and `port`; reads give up after
    /// `timeoutSeconds` of silence.
    /// `source` (an address of 127.0.0.0/8, say) stands for another client.
    init(host: String = "127.0.0.1", port: UInt16, timeoutSeconds: Int = 10, source: String? = nil) throws {
        descriptor = try Self.connectedDescriptor(host: host, port: port, timeoutSeconds: timeoutSeconds, source: source)
    }

    /// A blocking socket connected to `host` (an IPv4 address) and `port`, from `source` when given.
    static func connectedDescriptor(host: String = "127.0.0.1", port: UInt16, timeoutSeconds: Int = 10, source: String? = nil) throws -> Int32 {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw LoopbackError.system("socket", errno) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            guard inet_pton(AF_INET, source, &local.sin_addr) == 1 else {
                close(descriptor)
                throw LoopbackError.malformed("IPv4 address \(source)")
            }
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                let code = errno
                close(descriptor)
                throw LoopbackError.system("bind", code)
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(descriptor)
            throw LoopbackError.malformed("IPv4 address \(host)")
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            close(descriptor)
            throw LoopbackError.system("connect", code)
        }
        return descriptor
    }

    deinit { close(descriptor) }

    /// Ends the connection both ways, as a browser does when a tab closes.
    func disconnect() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Sends a request line, a `Host` header, any extra header lines and a blank line.
    func sendRequest(
        method: String = "GET",
        target: String,
        host: String = "127.0.0.1",
        extraHeaderLines: [String] = ["Connection: close"]
    ) async throws {
        let request = (["\(method) \(target) HTTP/1.1", "Host: \(host)"] + extraHeaderLines + ["", ""])
            .joined(separator: "\r\n")
        try await send(Array(request.utf8))
    }

    /// Sends `bytes` exactly as given.
    func send(_ bytes: [UInt8]) async throws {
        try await onOwnThread { [self] in
            var bytes = bytes[...]
            while !bytes.isEmpty {
                let sent = bytes.withUnsafeBytes { systemSend(descriptor, $0.baseAddress, $0.count) }
                guard sent > 0 else { throw LoopbackError.system("send", errno) }
                bytes = bytes.dropFirst(sent)
            }
        }
    }

    /// Reads until `delimiter` has arrived and returns everything before it,
    /// consuming the delimiter too.
    func read(upTo delimiter: Data) async throws -> Data {
        try await onOwnThread { [self] in
            while true {
                if let range = unreadBytes.range(of: delimiter) {
                    let before = unreadBytes[unreadBytes.startIndex..<range.lowerBound]
                    unreadBytes = Data(unreadBytes[range.upperBound...])
                    return Data(before)
                }
                guard try receiveMore() else { throw LoopbackError.closedEarly(received: unreadBytes) }
            }
        }
    }

    /// Reads exactly `count` bytes.
    func read(count: Int) async throws -> Data {
        try await onOwnThread { [self] in
            while unreadBytes.count < count {
                guard try receiveMore() else { throw LoopbackError.closedEarly(received: unreadBytes) }
            }
            let taken = unreadBytes.prefix(count)
            unreadBytes = Data(unreadBytes.dropFirst(count))
            return Data(taken)
        }
    }

    /// Reads until the server closes the connection.
    func readToEnd() async throws -> Data {
        try await onOwnThread { [self] in
            while try receiveMore() {}
            defer { unreadBytes = Data() }
            return unreadBytes
        }
    }

    /// Appends what the socket has to `unreadBytes`; false at end of stream.
    private func receiveMore() throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let received = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if received < 0 { throw LoopbackError.system("recv", errno) }
        unreadBytes.append(contentsOf: buffer[..<received])
        return received > 0
    }

    private func onOwnThread<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Swift.Result { try work() }) }.start()
        }
    }
}

/// `send(2)` without SIGPIPE, named apart from the methods called `send`.
func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, flags: Int32 = 0) -> Int {
    send(descriptor, bytes, count, Int32(MSG_NOSIGNAL) | flags)
}

/// Why a loopback connection failed.
enum LoopbackError: Error, CustomStringConvertible {
    case system(String, Int32)
    case closedEarly(received: Data)
    case malformed(String)

    var description: String {
        switch self {
        case .system(let call, let code): return "\(call) failed: \(String(cString: strerror(code)))"
        case .closedEarly(let received): return "connection closed early after: \(String(decoding: received, as: UTF8.self))"
        case .malformed(let what): return "malformed response: \(what)"
        }
    }
}
