@testable import BrewServe
import Foundation
import Testing

/// The request head reader on its own: what it accepts, and that it refuses a head past a
/// bound as soon as the bytes it holds pass it, whatever the pieces they come in.
struct RequestHeadParserTests {
    static let limits = RequestLimits.standard

    /// Feeds `bytes` in pieces of `pieceSize`; the outcome and how many bytes were given.
    static func parse(_ bytes: [UInt8], pieceSize: Int, limits: RequestLimits = limits) -> (RequestHeadParser.Outcome, given: Int) {
        var parser = RequestHeadParser(limits: limits)
        var given = 0
        var outcome = RequestHeadParser.Outcome.needMore
        while outcome == .needMore, given < bytes.count {
            let piece = bytes[given..<min(given + pieceSize, bytes.count)]
            given += piece.count
            outcome = parser.append(piece)
        }
        return (outcome, given)
    }

    static let browserHead = Array((
        "GET /logs/2026/10/?sort=date HTTP/1.1\r\n" +
        "Host: 127.0.0.1:8000\r\n" +
        "User-Agent: Mozilla/5.0\r\n" +
        "Accept: text/html,application/xhtml+xml\r\n" +
        "Cookie: a=1;  b=2 \r\n" +
        "\r\n" +
        "NEXT"
    ).utf8)

    @Test(arguments: [1, 2, 3, 7, 64, 4096])
    func readsABrowsersHeadInPiecesOfAnySize(pieceSize: Int) throws {
        let (outcome, _) = Self.parse(Self.browserHead, pieceSize: pieceSize)
        guard case .complete(let head, let bodyStart) = outcome else {
            Issue.record("expected a complete head, got \(outcome)")
            return
        }
        #expect(head.method == "GET")
        #expect(head.path == "/logs/2026/10/")
        #expect(head.query == "sort=date")
        #expect(head.minorVersion == 1)
        #expect(head.headers["host"] == "127.0.0.1:8000")
        #expect(head.headers["COOKIE"] == "a=1;  b=2")
        #expect(head.headers.count == 4)
        #expect(head.keepsConnectionOpen)
        #expect(bodyStart == Self.browserHead.count - 4)
    }

    @Test func acceptsBareLineFeedsAndSkipsAFewEmptyLinesFirst() {
        let bytes = Array("\r\n\nHEAD / HTTP/1.0\nConnection: keep-alive\n\n".utf8)
        guard case .complete(let head, _) = Self.parse(bytes, pieceSize: 5).0 else {
            Issue.record("expected a complete head")
            return
        }
        #expect(head.method == "HEAD")
        #expect(head.minorVersion == 0)
        #expect(!head.keepsConnectionOpen)
    }

    @Test func refusesARequestLineOverItsBoundAfterReadingOnlyThatMuch() {
        // The shape of the report: a 1 MB target.
        let bytes = Array(("GET /" + String(repeating: "a", count: 1 << 20) + " HTTP/1.1\r\nHost: x\r\n\r\n").utf8)
        let (outcome, given) = Self.parse(bytes, pieceSize: 4096)
        #expect(outcome == .refused(.requestLineTooLong(limit: Self.limits.requestLineBytes)))
        #expect(outcome.status == .uriTooLong)
        #expect(given <= Self.limits.requestLineBytes + 4096)
    }

    @Test func aRequestLineOfExactlyTheBoundIsRead() {
        let target = "/" + String(repeating: "b", count: Self.limits.requestLineBytes - "GET  HTTP/1.1\r\n".utf8.count - 1)
        let bytes = Array("GET \(target) HTTP/1.1\r\n\r\n".utf8)
        #expect(bytes.count - 2 == Self.limits.requestLineBytes)
        guard case .complete(let head, _) = Self.parse(bytes, pieceSize: 1000).0 else {
            Issue.record("expected a complete head")
            return
        }
        #expect(head.target == target)
    }

    @Test func refusesAHeaderFieldOverItsBound() {
        let bytes = Array(("GET / HTTP/1.1\r\nCookie: " + String(repeating: "c", count: 1 << 20) + "\r\n\r\n").utf8)
        let (outcome, given) = Self.parse(bytes, pieceSize: 4096)
        #expect(outcome == .refused(.headerFieldTooLong(limit: Self.limits.headerFieldLineBytes)))
        #expect(outcome.status == .headerFieldsTooLarge)
        #expect(given <= Self.limits.headerFieldLineBytes + 4096 + 16)
    }

    @Test func refusesMoreHeaderFieldsThanItsBound() {
        let fields = (0...Self.limits.headerFieldCount).map { "X-Field-\($0): \($0)\r\n" }.joined()
        let (outcome, _) = Self.parse(Array("GET / HTTP/1.1\r\n\(fields)\r\n".utf8), pieceSize: 512)
        #expect(outcome == .refused(.tooManyHeaderFields(limit: Self.limits.headerFieldCount)))
        #expect(outcome.status == .headerFieldsTooLarge)
    }

    @Test func refusesHeaderFieldsLongerTogetherThanTheirBound() {
        let field = "X-Long: " + String(repeating: "d", count: 7_000) + "\r\n"
        let (outcome, given) = Self.parse(Array(("GET / HTTP/1.1\r\n" + String(repeating: field, count: 20) + "\r\n").utf8), pieceSize: 4096)
        #expect(outcome == .refused(.headerSectionTooLarge(limit: Self.limits.headerSectionBytes)))
        #expect(given <= Self.limits.headerSectionBytes + 8_192)
    }

    @Test(arguments: [
        ("GET  / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1 extra\r\n\r\n", 400),
        ("GET /\u{7F} HTTP/1.1\r\n\r\n", 400),
        ("GET /a\rb HTTP/1.1\r\n\r\n", 400),
        ("G(T / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\n\r\n", 505),
        ("GET / HTTP/3\r\n\r\n", 400),
        ("GET / FTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nNo colon here\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nX-A: 1\r\n folded\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nX-A: a\u{0}b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nX-A: a\rb\r\n\r\n", 400),
        ("\r\n\r\n\r\n\r\n\r\n\r\n\r\n\r\n\r\nGET / HTTP/1.1\r\n\r\n", 400),
    ])
    func refusesMalformedHeads(text: String, status: Int) {
        let (outcome, _) = Self.parse(Array(text.utf8), pieceSize: 3)
        #expect(outcome.status?.code == status, "\(text.debugDescription) gave \(outcome)")
    }

    @Test func givesNothingMoreAfterItHasFinished() {
        var parser = RequestHeadParser(limits: Self.limits)
        let first = parser.append(Array("BAD\r\n".utf8))
        #expect(first.status == .badRequest)
        #expect(parser.append(Array("GET / HTTP/1.1\r\n\r\n".utf8)) == first)
    }

    @Test func aBodyTooLargeOrChunkedIsRefusedFromItsLength() throws {
        func head(_ fields: HTTPHeaderFields) -> HTTPRequestHead {
            HTTPRequestHead(method: "POST", target: "/", minorVersion: 1, headers: fields)
        }
        #expect(try ClientConnection.bodyLength(of: head([:]), limit: 65_536) == 0)
        #expect(try ClientConnection.bodyLength(of: head(["Content-Length": "65536"]), limit: 65_536) == 65_536)
        #expect(throws: HTTPRefusal.bodyTooLarge(limit: 65_536)) { try ClientConnection.bodyLength(of: head(["Content-Length": "65537"]), limit: 65_536) }
        #expect(throws: HTTPRefusal.bodyTooLarge(limit: 65_536)) {
            try ClientConnection.bodyLength(of: head(["Content-Length": "99999999999999999999999"]), limit: 65_536)
        }
        #expect(throws: HTTPRefusal.self) { try ClientConnection.bodyLength(of: head(["Content-Length": "-1"]), limit: 65_536) }
        #expect(throws: HTTPRefusal.self) { try ClientConnection.bodyLength(of: head(["Content-Length": "1", "content-length": "2"]), limit: 65_536) }
        #expect(throws: HTTPRefusal.self) { try ClientConnection.bodyLength(of: head(["Transfer-Encoding": "chunked"]), limit: 65_536) }
    }
}

extension RequestHeadParser.Outcome {
    /// The status of a refusal, nil otherwise.
    var status: HTTPStatus? {
        if case .refused(let refusal) = self { return refusal.status }
        return nil
    }
}
