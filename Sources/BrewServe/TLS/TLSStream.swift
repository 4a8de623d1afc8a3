#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Clibssl
import FlyingSocks
import Foundation

/// TLS over an accepted socket (server side), OpenSSL doing the protocol between two memory
/// BIOs: bytes read from the socket go into one, what OpenSSL wants sent comes out of the other
/// and is written to the socket. The socket stays FlyingSocks' non-blocking one, waiting in its
/// pool as for plain HTTP; OpenSSL never touches the descriptor.
///
/// Used by one task at a time (a connection reads, then writes, in turn), so the `SSL*` needs
/// no lock; that is what makes it `@unchecked Sendable`.
final class TLSStream: ConnectionStream, @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible { var description: String }

    private let socket: AsyncSocket
    private let session: OpaquePointer
    /// The memory BIOs the session reads from (socket → OpenSSL) and writes to (OpenSSL → socket).
    private let incoming: OpaquePointer
    private let outgoing: OpaquePointer

    /// A TLS session on `socket` whose first bytes (the start of the client's hello, read to
    /// tell TLS from plain HTTP) were `received`.
    init(socket: AsyncSocket, context: TLSContext, received: [UInt8]) throws {
        guard let session = context.newSession() else { throw Failure(description: "SSL_new: \(OpenSSLObjects.lastError())") }
        guard let incoming = BIO_new(BIO_s_mem()), let outgoing = BIO_new(BIO_s_mem()) else {
            SSL_free(session)
            throw Failure(description: "BIO_new failed")
        }
        self.socket = socket
        self.session = session
        self.incoming = incoming
        self.outgoing = outgoing
        // The session owns both BIOs from here and frees them with itself.
        SSL_set_bio(session, incoming, outgoing)
        SSL_set_accept_state(session)
        received.withUnsafeBytes { _ = BIO_write(incoming, $0.baseAddress, Int32($0.count)) }
    }

    deinit { SSL_free(session) }

    /// Runs the handshake to its end; throws if the client gives up or its hello is refused.
    func handshake() async throws {
        while true {
            ERR_clear_error()
            let result = SSL_do_handshake(session)
            try await sendPending()
            if result == 1 { return }
            try await wait(after: result, doing: "handshake")
        }
    }

    func read(atMost count: Int) async throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: max(1, min(count, 16_384)))
        while true {
            ERR_clear_error()
            let result = buffer.withUnsafeMutableBytes { SSL_read(session, $0.baseAddress, Int32($0.count)) }
            if result > 0 {
                // Anything OpenSSL has to send meanwhile (a session ticket) goes now.
                try await sendPending()
                return Array(buffer[..<Int(result)])
            }
            try await sendPending()
            try await wait(after: result, doing: "read")
        }
    }

    func write(_ bytes: Data) async throws {
        var offset = 0
        while offset < bytes.count {
            ERR_clear_error()
            let result = bytes.withUnsafeBytes { buffer in
                SSL_write(session, buffer.baseAddress! + offset, Int32(min(buffer.count - offset, 1 << 20)))
            }
            if result > 0 {
                offset += Int(result)
                try await sendPending()
                continue
            }
            try await sendPending()
            try await wait(after: result, doing: "write")
        }
    }

    /// Sends TLS's close_notify, then stops writing on the socket.
    func finishWriting() async {
        await sayClosing()
        _ = shutdown(socket.socket.file.rawValue, Int32(SHUT_WR))
    }

    /// Sends close_notify (once; a client that reads nothing more gets at most `closeSeconds`),
    /// then closes the socket: a client sees the answer ended, not cut (`unexpected eof`).
    func close() async {
        await sayClosing()
        try? socket.close()
    }

    static let closeSeconds: Duration = .seconds(2)

    private func sayClosing() async {
        guard SSL_get_shutdown(session) & SSL_SENT_SHUTDOWN == 0, SSL_is_init_finished(session) == 1 else { return }
        _ = SSL_shutdown(session)
        _ = try? await ClientConnection.within(Self.closeSeconds) { [self] in try await sendPending() }
    }

    /// After an OpenSSL call that returned `result` ≤ 0: reads more from the socket when OpenSSL
    /// wants more, or throws (the peer closed, or a TLS error).
    private func wait(after result: Int32, doing step: String) async throws {
        let error = SSL_get_error(session, result)
        switch error {
        case SSL_ERROR_WANT_READ:
            let bytes = try await socket.read(atMost: 16_384)
            guard !bytes.isEmpty else { throw SocketError.disconnected }
            bytes.withUnsafeBytes { _ = BIO_write(incoming, $0.baseAddress, Int32($0.count)) }
        case SSL_ERROR_WANT_WRITE:
            // The memory BIO takes all; what is pending was sent above.
            return
        case SSL_ERROR_ZERO_RETURN:
            throw SocketError.disconnected
        default:
            throw Failure(description: "TLS \(step): \(OpenSSLObjects.lastError().isEmpty ? "error \(error)" : OpenSSLObjects.lastError())")
        }
    }

    /// Writes to the socket what OpenSSL has put in the outgoing BIO.
    private func sendPending() async throws {
        guard BIO_ctrl_pending(outgoing) > 0 else { return }
        let bytes = OpenSSLObjects.drain(outgoing)
        if !bytes.isEmpty { try await socket.write(bytes) }
    }
}
