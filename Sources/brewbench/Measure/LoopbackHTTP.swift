import Foundation

/// A small blocking HTTP/1.1 client for `brewguide serve` on 127.0.0.1: one connection per
/// request (`Connection: close`), the answer read up to its `Content-Length`. No URLSession, so
/// that what is timed is the server and not a client's queues.
struct LoopbackHTTP {
    let port: UInt16
    var timeoutSeconds = 30

    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    func get(_ path: String) throws -> Answer {
        try send(method: "GET", path: path, headers: [], body: [])
    }

    /// Posts `fields` as `application/x-www-form-urlencoded`.
    func post(_ path: String, fields: [(String, String)], headers: [(String, String)]) throws -> Answer {
        let body = Array(Self.formEncoded(fields).utf8)
        return try send(method: "POST", path: path, headers: [("Content-Type", "application/x-www-form-urlencoded")] + headers, body: body)
    }

    static func formEncoded(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~")
        return fields.map { name, value in
            (name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name) + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
        }.joined(separator: "&")
    }

    func send(method: String, path: String, headers: [(String, String)], body: [UInt8]) throws -> Answer {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw BenchError("socket: errno \(errno)") }
        defer { close(socket) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw BenchError("cannot connect to 127.0.0.1:\(port): errno \(errno)") }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if method == "POST" || !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        let request = Array(head.utf8) + body
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw BenchError("send to 127.0.0.1:\(port): errno \(errno)") }
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let answer = Self.answer(received), answer.body.count >= answer.expectedLength { return answer.answer }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                if let answer = Self.answer(received) { return answer.answer }
                throw BenchError("127.0.0.1:\(port) closed the connection without an answer to \(method) \(path)")
            }
            received += buffer[0..<count]
        }
    }

    /// The answer in `bytes` once its head is complete, with the body length it announced.
    static func answer(_ bytes: [UInt8]) -> (answer: Answer, body: [UInt8], expectedLength: Int)? {
        guard bytes.count >= 4, let end = (0...(bytes.count - 4)).first(where: {
            bytes[$0] == 13 && bytes[$0 + 1] == 10 && bytes[$0 + 2] == 13 && bytes[$0 + 3] == 10
        }) else { return nil }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let body = Array(bytes[(end + 4)...])
        let length = headers["content-length"].flatMap { Int($0) } ?? Int.max
        return (Answer(status: status, headers: headers, body: Array(body.prefix(length))), body, length)
    }
}
