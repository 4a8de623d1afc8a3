@testable import BrewServe
import Foundation
import Testing

/// A request past a bound is answered (414, 431, 408, 413) and its connection closed, at once
/// and whatever its length; the server goes on serving others meanwhile.
@Suite(.serialized) struct RequestBoundsTests {
    static func request(line: String, fields: [String] = ["Host: 127.0.0.1", "Connection: close"]) -> [UInt8] {
        Array(([line] + fields + ["", ""]).joined(separator: "\r\n").utf8)
    }

    @Test func aRequestLineOverItsBoundIsAnswered414AtOnce() async throws {
        try await withPreviewServer { _, port, _ in
            let started = ContinuousClock.now
            let response = try await LoopbackHTTP.exchange(Self.request(line: "GET /" + String(repeating: "a", count: 1 << 20) + " HTTP/1.1"), port: port)
            #expect(response.statusCode == 414)
            #expect(response.headers["connection"] == "close")
            #expect(response.text == "The request line is longer than 8192 bytes.\n")
            #expect(ContinuousClock.now - started < .seconds(5))
        }
    }

    @Test func aHeaderFieldOverItsBoundIsAnswered431() async throws {
        try await withPreviewServer { _, port, _ in
            let cookie = "Cookie: " + String(repeating: "c", count: 100_000)
            let response = try await LoopbackHTTP.exchange(Self.request(line: "GET / HTTP/1.1", fields: ["Host: 127.0.0.1", cookie]), port: port)
            #expect(response.statusCode == 431)
            #expect(response.text == "A header field is longer than 8192 bytes.\n")
        }
    }

    @Test func tooManyHeaderFieldsAreAnswered431() async throws {
        try await withPreviewServer { _, port, _ in
            let fields = ["Host: 127.0.0.1"] + (1...5_000).map { "X-Field-\($0): \($0)" }
            let response = try await LoopbackHTTP.exchange(Self.request(line: "GET / HTTP/1.1", fields: fields), port: port)
            #expect(response.statusCode == 431)
            #expect(response.text == "The request has more than 100 header fields.\n")
        }
    }

    @Test func headerFieldsSentTooSlowlyAreAnswered408() async throws {
        var limits = RequestLimits.standard
        limits.headSeconds = .milliseconds(800)
        try await withPreviewServer(limits: limits) { _, port, _ in
            let connection = try LoopbackConnection(port: port)
            try await connection.send(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))
            let started = ContinuousClock.now
            // A byte every 100 ms: never idle, never done (bounded: 30 bytes, 3 s).
            let trickle = Task {
                for byte in Array("X-Slow: aaaaaaaaaaaaaaaaaaaaaa".utf8) {
                    try await Task.sleep(for: .milliseconds(100))
                    try await connection.send([byte])
                }
            }
            let response = try await LoopbackHTTP.readResponse(from: connection)
            trickle.cancel()
            #expect(response.statusCode == 408)
            #expect(response.text == "The request's header fields took longer than 0.8 s to arrive.\n")
            let waited = ContinuousClock.now - started
            #expect(waited >= .milliseconds(700) && waited < .seconds(5), "answered after \(waited)")
        }
    }

    @Test func aConnectionThatSendsNothingIsClosedAfterItsIdleBound() async throws {
        var limits = RequestLimits.standard
        limits.idleSeconds = .milliseconds(500)
        try await withPreviewServer(limits: limits) { server, port, _ in
            let connection = try LoopbackConnection(port: port)
            let started = ContinuousClock.now
            let received = try await connection.readToEnd()
            #expect(received.isEmpty)
            #expect(ContinuousClock.now - started < .seconds(5))
            // Then the server forgets it.
            let deadline = ContinuousClock.now + .seconds(5)
            while server.openConnectionCount > 0, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(server.openConnectionCount == 0)
        }
    }

    @Test func aBodyOverItsBoundIsAnswered413WithoutReadingIt() async throws {
        try await withPreviewServer { _, port, _ in
            let response = try await LoopbackHTTP.exchange(
                Self.request(line: "POST / HTTP/1.1", fields: ["Host: 127.0.0.1", "Content-Length: 70000"]) + [UInt8](repeating: 0x61, count: 70_000),
                port: port
            )
            #expect(response.statusCode == 413)
            #expect(response.text == "The request's body is longer than 65536 bytes.\n")
        }
    }

    @Test func aChunkedBodyIsAnswered411() async throws {
        try await withPreviewServer { _, port, _ in
            let response = try await LoopbackHTTP.exchange(
                Self.request(line: "POST / HTTP/1.1", fields: ["Host: 127.0.0.1", "Transfer-Encoding: chunked"]) + Array("5\r\nhello\r\n0\r\n\r\n".utf8),
                port: port
            )
            #expect(response.statusCode == 411)
        }
    }

    @Test(arguments: ["GET / HTTP/2.0", "GET  / HTTP/1.1", "BREW /\u{1} HTTP/1.1"])
    func aMalformedRequestLineIsAnswered400Or505(line: String) async throws {
        try await withPreviewServer { _, port, _ in
            let response = try await LoopbackHTTP.exchange(Self.request(line: line), port: port)
            #expect([400, 505].contains(response.statusCode))
            #expect(!response.text.contains("Brew journal"))
        }
    }

    @Test func servesSeveralRequestsOnOneConnectionAndPipelined() async throws {
        try await withPreviewServer { _, port, _ in
            let connection = try LoopbackConnection(port: port)
            try await connection.sendRequest(target: "/", extraHeaderLines: [])
            let first = try await LoopbackHTTP.readSizedResponse(from: connection)
            #expect(first.statusCode == 200)
            #expect(first.text.contains("Brew journal"))
            // Two more in one write: both answered, in order.
            try await connection.send(Array("GET /assets/style.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nHEAD /logs/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
            let second = try await LoopbackHTTP.readSizedResponse(from: connection)
            #expect(second.text == TestSite.styleCSS)
            let (thirdStatus, thirdHeaders) = try await LoopbackHTTP.readHead(from: connection)
            #expect(thirdStatus == 200)
            #expect(thirdHeaders["connection"] == "close")
            #expect(try await connection.readToEnd().isEmpty)
        }
    }

    @Test func fourMegabyteRequestLinesAtOnceLeaveANormalRequestAnswered() async throws {
        try await withPreviewServer { _, port, _ in
            let long = Self.request(line: "GET /" + String(repeating: "a", count: 1 << 20) + " HTTP/1.1")
            async let answers = withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<4 { group.addTask { try await LoopbackHTTP.exchange(long, port: port).statusCode } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            let started = ContinuousClock.now
            let normal = try await LoopbackHTTP.request("/", port: port)
            let took = ContinuousClock.now - started
            #expect(normal.statusCode == 200)
            #expect(took < .seconds(1), "a normal request took \(took)")
            #expect(try await answers == [414, 414, 414, 414])
        }
    }
}
