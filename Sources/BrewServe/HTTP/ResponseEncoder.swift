import Foundation

/// The bytes of a response on the wire: the status line, the handler's header fields with the
/// framing fields added, and the body (or the chunks of a stream).
enum ResponseEncoder {
    /// Fields the server sets itself; the handler's are dropped.
    private static let framingFields: Set<String> = ["content-length", "transfer-encoding", "connection"]

    /// The status line and header fields up to the blank line; `Content-Length` is the body's
    /// length also when the body is not sent (an answer to HEAD).
    static func head(of response: ServerResponse, closing: Bool) -> Data {
        var text = "HTTP/1.1 \(response.status.code) \(response.status.phrase)\r\n"
        for field in response.headers where !framingFields.contains(field.name.lowercased()) {
            // A value is never allowed to end the head early or add a field of its own.
            guard Self.isSafe(field.name), Self.isSafe(field.value) else { continue }
            text += "\(field.name): \(field.value)\r\n"
        }
        switch response.body {
        case .bytes(let body): text += "Content-Length: \(body.count)\r\n"
        case .stream: text += "Transfer-Encoding: chunked\r\n"
        }
        if closing { text += "Connection: close\r\n" }
        text += "\r\n"
        return Data(text.utf8)
    }

    /// One chunk of a chunked body; an empty `bytes` is skipped (it would end the body).
    static func chunk(_ bytes: Data) -> Data {
        guard !bytes.isEmpty else { return Data() }
        var chunk = Data((String(bytes.count, radix: 16) + "\r\n").utf8)
        chunk.append(bytes)
        chunk.append(contentsOf: Array("\r\n".utf8))
        return chunk
    }

    /// The chunk that ends a chunked body.
    static let lastChunk = Data("0\r\n\r\n".utf8)

    private static func isSafe(_ text: String) -> Bool {
        !text.utf8.contains { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") || $0 == 0 }
    }
}
