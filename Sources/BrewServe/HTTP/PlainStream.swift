#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FlyingSocks
import Foundation

/// A connection without TLS: the socket as it is.
struct PlainStream: ConnectionStream {
    let socket: AsyncSocket

    func read(atMost count: Int) async throws -> [UInt8] { try await socket.read(atMost: count) }
    func write(_ bytes: Data) async throws { try await socket.write(bytes) }
    func finishWriting() async { _ = shutdown(socket.socket.file.rawValue, Int32(SHUT_WR)) }
    func close() async { try? socket.close() }
}
