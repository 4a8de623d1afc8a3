import Foundation

/// A response as read off the wire by the test client.
struct LoopbackResponse: Sendable {
    var statusCode: Int
    /// Header values by lower-cased name.
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// One request per connection (`Connection: close`), read to the end.
enum LoopbackHTTP {
    static func request(
        _ target: String,
        method: String = "GET",
        host: String = "127.0.0.1",
        port: UInt16
    ) async throws -> LoopbackResponse {
        let connection = try LoopbackConnection(port: port)
        try await connection.sendRequest(method: method, target: target, host: host)
        return try await readResponse(from: connection)
    }

    /// Sends `bytes` exactly as given on a new connection and reads the one answer, to the
    /// server's close.
    static func exchange(_ bytes: [UInt8], port: UInt16) async throws -> LoopbackResponse {
        let connection = try LoopbackConnection(port: port)
        try await connection.send(bytes)
        return try await readResponse(from: connection)
    }

    /// Reads a response whose connection the server closes after it.
    static func readResponse(from connection: LoopbackConnection) async throws -> LoopbackResponse {
        let (statusCode, headers) = try await readHead(from: connection)
        var body = try await connection.readToEnd()
        if headers["transfer-encoding"] == "chunked" {
            body = try dechunk(body)
        }
        return LoopbackResponse(statusCode: statusCode, headers: headers, body: body)
    }

    /// Reads one response with a `Content-Length`, leaving the connection open.
    static func readSizedResponse(from connection: LoopbackConnection) async throws -> LoopbackResponse {
        let (statusCode, headers) = try await readHead(from: connection)
        guard let length = headers["content-length"].flatMap(Int.init) else { throw LoopbackError.malformed("no Content-Length") }
        let body = try await connection.read(count: length)
        return LoopbackResponse(statusCode: statusCode, headers: headers, body: body)
    }

    /// Reads a status line and headers, up to the blank line.
    static func readHead(from connection: LoopbackConnection) async throws -> (statusCode: Int, headers: [String: String]) {
        let head = String(decoding: try await connection.read(upTo: Data("\r\n\r\n".utf8)), as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let statusCode = Int(statusLine[1]) else {
            throw LoopbackError.malformed(head)
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (statusCode, headers)
    }

    /// The payload of a complete chunked body.
    private static func dechunk(_ chunked: Data) throws -> Data {
        var remaining = chunked[...]
        var payload = Data()
        while let lineEnd = remaining.range(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: remaining[..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText, radix: 16) else { throw LoopbackError.malformed("chunk size \(sizeText)") }
            if size == 0 { break }
            let start = lineEnd.upperBound
            payload.append(remaining[start..<start + size])
            remaining = remaining[(start + size + 2)...]
        }
        return payload
    }
}
