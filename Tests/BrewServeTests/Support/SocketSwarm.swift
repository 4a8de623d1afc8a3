#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Many connections to 127.0.0.1 at once, for load tests: opened, sent to and closed from a
/// thread of its own (never the cooperative pool the server under test runs on). Sends never
/// block: a byte the socket cannot take now is skipped.
final class SocketSwarm: @unchecked Sendable {
    private var descriptors: [Int32] = []

    /// Opens `count` connections to `port` on 127.0.0.1, each sending `prefix` at once.
    static func open(count: Int, port: UInt16, sending prefix: [UInt8] = []) async throws -> SocketSwarm {
        try await onOwnThread {
            let swarm = SocketSwarm()
            do {
                for _ in 0..<count {
                    let connection = try LoopbackConnection.connectedDescriptor(port: port)
                    swarm.descriptors.append(connection)
                    _ = fcntl(connection, F_SETFL, fcntl(connection, F_GETFL) | O_NONBLOCK)
                    if !prefix.isEmpty {
                        _ = prefix.withUnsafeBytes { systemSend(connection, $0.baseAddress, $0.count) }
                    }
                }
            } catch {
                swarm.closeAllNow()
                throw error
            }
            return swarm
        }
    }

    var count: Int { descriptors.count }

    /// Sends `bytes` on every connection; how many took them all.
    @discardableResult
    func sendToAll(_ bytes: [UInt8]) async -> Int {
        (try? await onOwnThread { [self] in
            var delivered = 0
            for descriptor in descriptors {
                let sent = bytes.withUnsafeBytes { systemSend(descriptor, $0.baseAddress, $0.count, flags: Int32(MSG_DONTWAIT)) }
                if sent == bytes.count { delivered += 1 }
            }
            return delivered
        }) ?? 0
    }

    /// How many connections the server has closed (a read gives end of file or an error);
    /// what they were sent before is read and dropped.
    func closedByServerCount() async -> Int {
        (try? await onOwnThread { [self] in
            var closed = 0
            var buffer = [UInt8](repeating: 0, count: 4096)
            for descriptor in descriptors {
                while true {
                    let received = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                    if received > 0 { continue }
                    if received == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { closed += 1 }
                    break
                }
            }
            return closed
        }) ?? 0
    }

    func closeAll() async {
        _ = try? await onOwnThread { [self] in closeAllNow() }
    }

    private func closeAllNow() {
        for descriptor in descriptors { close(descriptor) }
        descriptors.removeAll()
    }

    deinit { closeAllNow() }

    /// Raises this process's limit on open files to `count` if it is lower and the hard limit allows.
    static func allowOpenFiles(_ count: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(count) else { return }
        limit.rlim_cur = min(rlim_t(count), limit.rlim_max)
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}

/// Runs blocking work on a thread of its own.
func onOwnThread<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Swift.Result { try work() }) }.start()
    }
}
