@testable import BrewServe
import Foundation
import Testing
import TestSupport

/// A seeded fuzz of the server's request reading with long and hostile requests: long request
/// lines, long and many header fields, stray CR and LF, empty lines, random bytes, each cut
/// into random pieces. It holds the reader to its bounds (the outcome a request's lengths call
/// for, whatever the pieces; never more held than a bound and one piece; time linear in the
/// bytes), then sends some of the same requests to a running server, which must answer each
/// at once and still answer a normal request after them.
///
/// Seeded as the data fuzz is: `BREWGUIDE_FUZZ_SEED=7 BREWGUIDE_FUZZ_COUNT=50000 swift test
/// --disable-xctest --filter RequestFuzzTests` (the count is the data fuzz's; a tenth of it
/// are requests).
@Suite(.serialized) struct RequestFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let count = (environment["BREWGUIDE_FUZZ_COUNT"].flatMap(Int.init) ?? 2_000) / 10
    static let seed = environment["BREWGUIDE_FUZZ_SEED"].flatMap(UInt64.init) ?? 19
    static let limits = RequestLimits.standard

    enum Shape: CaseIterable {
        case longTarget, longFieldValue, manyFields, longFieldSection, emptyLinesFirst, strayLineEnds, randomBytes, validWithBody
    }

    /// One generated request and, when its shape fixes it, the status it must be answered with
    /// (nil: a complete head).
    struct Input {
        var shape: Shape
        var bytes: [UInt8]
        var expected: Expected
        enum Expected: Equatable { case complete, refused(Int), anyOutcome }
    }

    /// A length from 1 to `maximum`, spread evenly over its powers of two.
    static func length(upTo maximum: Int, _ random: inout SplitMix64) -> Int {
        let bits = Int(random.next() % UInt64(maximum.bitWidth - maximum.leadingZeroBitCount)) + 1
        return max(1, min(maximum, Int(random.next() % (UInt64(1) << UInt64(bits)))))
    }

    static func input(_ random: inout SplitMix64) -> Input {
        let shape = Shape.allCases[Int(random.next() % UInt64(Shape.allCases.count))]
        let host = "Host: 127.0.0.1\r\n"
        switch shape {
        case .longTarget:
            let target = "/" + String(repeating: "a", count: length(upTo: 1 << 20, &random))
            let line = "GET \(target) HTTP/1.1\r\n"
            let expected: Input.Expected = line.utf8.count > limits.requestLineBytes ? .refused(414) : .complete
            return Input(shape: shape, bytes: Array((line + host + "\r\n").utf8), expected: expected)
        case .longFieldValue:
            let field = "Cookie: " + String(repeating: "c", count: length(upTo: 1 << 20, &random)) + "\r\n"
            let expected: Input.Expected = field.utf8.count > limits.headerFieldLineBytes ? .refused(431) : .complete
            return Input(shape: shape, bytes: Array(("GET / HTTP/1.1\r\n" + host + field + "\r\n").utf8), expected: expected)
        case .manyFields:
            let count = length(upTo: 20_000, &random)
            let fields = (0..<count).map { "X-\($0): v\r\n" }.joined()
            let section = host.utf8.count + fields.utf8.count
            let expected: Input.Expected = count + 1 > limits.headerFieldCount || section > limits.headerSectionBytes ? .refused(431) : .complete
            return Input(shape: shape, bytes: Array(("GET / HTTP/1.1\r\n" + host + fields + "\r\n").utf8), expected: expected)
        case .longFieldSection:
            let fieldLength = length(upTo: limits.headerFieldLineBytes - 16, &random)
            let count = length(upTo: 99, &random)
            let field = "X-Long: " + String(repeating: "d", count: fieldLength) + "\r\n"
            let section = host.utf8.count + count * field.utf8.count
            let expected: Input.Expected = section > limits.headerSectionBytes ? .refused(431) : .complete
            return Input(shape: shape, bytes: Array(("GET / HTTP/1.1\r\n" + host + String(repeating: field, count: count) + "\r\n").utf8), expected: expected)
        case .emptyLinesFirst:
            let count = length(upTo: 64, &random)
            let expected: Input.Expected = count > RequestHeadParser.skippableEmptyLines ? .refused(400) : .complete
            return Input(shape: shape, bytes: Array((String(repeating: "\r\n", count: count) + "GET / HTTP/1.1\r\n" + host + "\r\n").utf8), expected: expected)
        case .strayLineEnds:
            var bytes = Array(("GET /logs/ HTTP/1.1\r\n" + host + "Accept: text/html\r\n\r\n").utf8)
            for _ in 0..<length(upTo: 8, &random) {
                let position = Int(random.next() % UInt64(bytes.count))
                bytes.insert(random.next() % 2 == 0 ? UInt8(ascii: "\r") : UInt8(ascii: "\n"), at: position)
            }
            return Input(shape: shape, bytes: bytes, expected: .anyOutcome)
        case .randomBytes:
            let bytes = (0..<length(upTo: 1 << 18, &random)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            return Input(shape: shape, bytes: bytes, expected: .anyOutcome)
        case .validWithBody:
            let body = [UInt8](repeating: UInt8(ascii: "b"), count: length(upTo: 1 << 17, &random))
            let head = "POST /_api/x HTTP/1.1\r\n" + host + "Content-Length: \(body.count)\r\n\r\n"
            return Input(shape: shape, bytes: Array(head.utf8) + body, expected: .complete)
        }
    }

    /// Parses `bytes` in pieces; the outcome and the most bytes the parser held at once.
    static func parse(_ bytes: [UInt8], pieces random: inout SplitMix64) -> (RequestHeadParser.Outcome, heldAtMost: Int, largestPiece: Int) {
        var parser = RequestHeadParser(limits: limits)
        var offset = 0
        var outcome = RequestHeadParser.Outcome.needMore
        var held = 0
        var largestPiece = 0
        while outcome == .needMore, offset < bytes.count {
            let size = min(bytes.count - offset, length(upTo: 4096, &random))
            largestPiece = max(largestPiece, size)
            outcome = parser.append(bytes[offset..<(offset + size)])
            held = max(held, parser.bytes.count)
            offset += size
        }
        return (outcome, held, largestPiece)
    }

    static func summary(of outcome: RequestHeadParser.Outcome) -> Input.Expected {
        switch outcome {
        case .complete: return .complete
        case .refused(let refusal): return .refused(refusal.status.code)
        case .needMore: return .anyOutcome
        }
    }

    @Test func longAndHostileRequestsAreReadWithinTheirBounds() throws {
        var random = SplitMix64(seed: Self.seed)
        var problems: [String] = []
        var bytesRead = 0
        let started = ContinuousClock.now
        // The most a head within the bounds can be, with the empty lines that may come first.
        let heldBound = Self.limits.requestLineBytes + Self.limits.headerSectionBytes + 2 * RequestHeadParser.skippableEmptyLines + 2
        for index in 0..<Self.count {
            let input = Self.input(&random)
            let name = "input \(index) (seed \(Self.seed), \(input.shape), \(input.bytes.count) bytes)"
            let (outcome, held, largestPiece) = Self.parse(input.bytes, pieces: &random)
            let (recutOutcome, _, _) = Self.parse(input.bytes, pieces: &random)
            bytesRead += input.bytes.count
            if input.expected != .anyOutcome, Self.summary(of: outcome) != input.expected {
                problems.append("\(name): expected \(input.expected), got \(outcome)")
            }
            if outcome != recutOutcome {
                problems.append("\(name): cut differently it gave \(recutOutcome), not \(outcome)")
            }
            if held > heldBound + largestPiece {
                problems.append("\(name): held \(held) bytes")
            }
        }
        let took = ContinuousClock.now - started
        for problem in problems.prefix(20) { Issue.record(Comment(rawValue: problem)) }
        #expect(problems.isEmpty, "\(problems.count) problems")
        print("request fuzz: \(Self.count) inputs, seed \(Self.seed), \(bytesRead) bytes in \(took)")
    }

    @Test func aRunningServerAnswersLongAndHostileRequestsAndGoesOn() async throws {
        var random = SplitMix64(seed: Self.seed &+ 1)
        let inputs = (0..<max(4, Self.count / 10)).map { _ in Self.input(&random) }
        // Two seconds for a head, so that one that never ends is answered (408) before the
        // client's own wait (10 s) gives up.
        var limits = Self.limits
        limits.headSeconds = .seconds(2)
        try await withPreviewServer(limits: limits) { _, port, _ in
            for (index, input) in inputs.enumerated() {
                let name = "request \(index) (seed \(Self.seed &+ 1), \(input.shape), \(input.bytes.count) bytes)"
                let started = ContinuousClock.now
                let connection = try LoopbackConnection(port: port)
                try await connection.send(input.bytes + Array("\r\n\r\n".utf8))
                let (answer, _) = try await LoopbackHTTP.readHead(from: connection)
                connection.disconnect()
                let took = ContinuousClock.now - started
                #expect(took < .seconds(5), "\(name) was answered after \(took)")
                if case .refused(let status) = input.expected {
                    #expect(answer == status, "\(name) was answered \(answer)")
                } else {
                    #expect((200..<600).contains(answer), "\(name) was answered \(answer)")
                }
            }
            let normal = try await LoopbackHTTP.request("/", port: port)
            #expect(normal.statusCode == 200)
        }
    }

    @Test func hostileWritesReachTheCommandOnlyWithTheKeyAndKnownFields() async throws {
        var random = SplitMix64(seed: Self.seed &+ 2)
        let log = WriteAccessTests.FakeLog()
        var settings = EditSettings(key: WriteAccessTests.key, lanAddresses: ["192.168.1.20"], endpoints: [log.endpoint])
        settings.burstWrites = Int.max / 2
        let writes = WriteRequestHandler(settings: settings)
        let names = ["recipe", "rating", "note", "idempotency", "path", "recipe%00", "%2e%2e", "RATING", "", "note[]"]
        let values = ["v60", "4", "9", "..%2F..%2Fetc%2Fpasswd", "%FF%FE", "a+b", "%", String(repeating: "x", count: 5_000), "<script>"]
        var reached = 0
        for index in 0..<Self.count {
            let fieldCount = Int(random.next() % 6)
            let pairs = (0..<fieldCount).map { _ in
                names[Int(random.next() % UInt64(names.count))] + "=" + values[Int(random.next() % UInt64(values.count))]
            }
            var body = Array(pairs.joined(separator: "&").utf8)
            if random.next() % 8 == 0 { body += (0..<Int(random.next() % 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
            var headers: HTTPHeaderFields = ["Host": "192.168.1.20:8000", "Content-Type": "application/x-www-form-urlencoded"]
            let withKey = random.next() % 4 != 0
            if withKey { headers[random.next() % 2 == 0 ? "X-Brewguide-Key" : "Cookie"] = random.next() % 2 == 0 ? WriteAccessTests.key : "brewguide_key=\(WriteAccessTests.key)" }
            let foreign = random.next() % 5 == 0
            if foreign { headers["Origin"] = "http://evil.example" }
            let head = HTTPRequestHead(method: "POST", target: "/_api/log", minorVersion: 1, headers: headers)
            let before = log.count
            let response = await writes.handle(ServerRequest(head: head, body: Data(body), peerAddress: "192.168.1.31"), endpoint: log.endpoint, boundPort: 8000)
            let name = "form \(index) (seed \(Self.seed &+ 2)): \(String(decoding: body.prefix(120), as: UTF8.self).debugDescription)"
            #expect([201, 403, 400, 409, 415, 422].contains(response.status.code), "\(name) answered \(response.status)")
            if log.count > before {
                reached += 1
                let given = log.forms.withLock { $0.last ?? [:] }
                #expect(Set(given.keys).isSubset(of: ["recipe", "rating", "note"]), "\(name) reached the command with \(given.keys)")
                #expect(response.status == .created)
            }
            if foreign || !headersCarryKey(headers) {
                #expect(response.status == .forbidden, "\(name) without the key or from another origin answered \(response.status)")
                #expect(log.count == before)
            }
        }
        print("write fuzz: \(Self.count) forms, seed \(Self.seed &+ 2), \(reached) reached the command")
    }

    private func headersCarryKey(_ headers: HTTPHeaderFields) -> Bool {
        headers["X-Brewguide-Key"] == WriteAccessTests.key || headers["Cookie"] == "brewguide_key=\(WriteAccessTests.key)"
    }
}
