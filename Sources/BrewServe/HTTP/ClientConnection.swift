#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FlyingSocks
import Foundation

/// One accepted connection (plain or TLS, `ConnectionStream`): reads requests one after another within `RequestLimits`, hands each
/// to the handler and writes its answer, until the client closes, asks to close, idles out or
/// breaks a bound (answered with the refusal, then closed).
///
/// Every wait on the client has a deadline, so a client that sends slowly, or not at all, holds
/// only its own connection (a suspended task, no thread) and only for that long; the other
/// connections are served meanwhile.
struct ClientConnection: Sendable {
    let stream: any ConnectionStream
    let limits: RequestLimits
    let peerAddress: String?
    let handler: BoundedHTTPServer.Handler
    /// Whether the server is crowded now (`RequestLimits.isCrowded`): an idle connection then
    /// waits `crowdedIdleSeconds` for a new request rather than `idleSeconds`.
    var isCrowded: @Sendable () -> Bool = { false }

    /// Bytes read past a refusal, at most, before the connection is closed: enough for the
    /// client to have sent what it was sending, so that it reads the answer rather than a reset.
    static let drainedBytesAfterRefusal = 1 << 20
    static let drainSeconds: Duration = .seconds(2)

    /// Serves the connection until it ends, then closes it; `received` are bytes of the first
    /// request already read (to tell TLS from plain HTTP).
    func serve(received: [UInt8] = []) async {
        var leftover = received
        // Whether the request being read is one of the server's own (`/_api/…`), whose refusals are JSON.
        var isAPI = false
        do {
            while !Task.isCancelled {
                isAPI = false
                guard let (head, rest) = try await readHead(startingWith: leftover) else { break }
                isAPI = SiteRequestHandler.isAPI(head.path)
                let body: Data
                (body, leftover) = try await readBody(of: head, startingWith: rest)
                let request = ServerRequest(head: head, body: body, peerAddress: peerAddress)
                let response = await handler(request)
                let keepsOpen = try await write(response, to: head)
                guard keepsOpen else { break }
            }
        } catch let refusal as HTTPRefusal {
            await refuse(refusal, asJSON: isAPI)
        } catch {
            // The client went away, a write timed out, or the server is stopping.
        }
        await stream.close()
    }

    // MARK: Reading

    /// The next request's head and the bytes after it; nil when the client closed or sent no
    /// byte of a new request for `idleSeconds`. Throws an `HTTPRefusal` past a bound.
    private func readHead(startingWith leftover: [UInt8]) async throws -> (HTTPRequestHead, ArraySlice<UInt8>)? {
        var parser = RequestHeadParser(limits: limits, leftover: leftover)
        var outcome = parser.parse()
        if outcome == .needMore, !parser.hasStarted {
            guard let first = try await Self.firstBytes(from: stream, limits: limits, isCrowded: isCrowded),
                  !first.isEmpty else { return nil }
            outcome = parser.append(first)
        }
        if outcome == .needMore {
            // From the head's first byte, the rest must arrive within `headSeconds`.
            let (stream, started) = (self.stream, parser)
            let finished = try await Self.within(limits.headSeconds) {
                var parser = started
                var outcome = RequestHeadParser.Outcome.needMore
                while outcome == .needMore {
                    outcome = parser.append(try await stream.read(atMost: 4096))
                }
                return (outcome, parser)
            }
            guard let finished else { throw HTTPRefusal.headTooSlow(seconds: limits.headSeconds) }
            (outcome, parser) = finished
        }
        switch outcome {
        case .complete(let head, let bodyStart):
            return (head, parser.bytes[bodyStart...])
        case .refused(let refusal):
            throw refusal
        case .needMore:
            return nil
        }
    }

    /// The body `Content-Length` announces (none without it) and the bytes after it, read
    /// within `bodySeconds` of the head's end. Throws an `HTTPRefusal` for a body over
    /// `bodyBytes`, a chunked body or a length that is not a number.
    private func readBody(of head: HTTPRequestHead, startingWith rest: ArraySlice<UInt8>) async throws -> (Data, [UInt8]) {
        let length = try Self.bodyLength(of: head, limit: limits.bodyBytes)
        var body = Data(rest.prefix(length))
        let leftover = Array(rest.dropFirst(length))
        if body.count < length {
            let (stream, started) = (self.stream, body)
            let read = try await Self.within(limits.bodySeconds) {
                var body = started
                while body.count < length {
                    body.append(contentsOf: try await stream.read(atMost: min(4096, length - body.count)))
                }
                return body
            }
            guard let read else { throw HTTPRefusal.bodyTooSlow(seconds: limits.bodySeconds) }
            body = read
        }
        return (body, leftover)
    }

    /// The length of the request's body from its `Content-Length` (0 when there is none).
    static func bodyLength(of head: HTTPRequestHead, limit: Int) throws -> Int {
        guard head.headers["Transfer-Encoding"] == nil else {
            throw HTTPRefusal(status: .lengthRequired, reason: "A body must be sent with Content-Length, not Transfer-Encoding.")
        }
        let lengths = Set(head.headers.values(named: "Content-Length"))
        guard let text = lengths.first else { return 0 }
        guard lengths.count == 1, !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw HTTPRefusal.malformed("Content-Length is not one number")
        }
        // More digits than the limit has cannot be within it (and might not fit an Int).
        guard text.utf8.count <= String(limit).utf8.count, let length = Int(text), length <= limit else {
            throw HTTPRefusal.bodyTooLarge(limit: limit)
        }
        return length
    }

    // MARK: Writing

    /// Writes `response` (its head only for HEAD); whether the connection stays open for
    /// another request.
    private func write(_ response: ServerResponse, to head: HTTPRequestHead) async throws -> Bool {
        let isHead = head.method == "HEAD"
        switch response.body {
        case .bytes(let body):
            let keepsOpen = head.keepsConnectionOpen
            var bytes = ResponseEncoder.head(of: response, closing: !keepsOpen)
            if !isHead { bytes.append(body) }
            try await send(bytes)
            return keepsOpen
        case .stream(let frames):
            try await send(ResponseEncoder.head(of: response, closing: true))
            guard !isHead else { return false }
            for await frame in frames {
                try await send(ResponseEncoder.chunk(frame))
            }
            try await send(ResponseEncoder.lastChunk)
            return false
        }
    }

    /// Writes `bytes` within `writeSeconds`, or throws.
    private func send(_ bytes: Data) async throws {
        guard !bytes.isEmpty else { return }
        let stream = self.stream
        guard try await Self.within(limits.writeSeconds, { try await stream.write(bytes) }) != nil else {
            throw SocketError.disconnected
        }
    }

    /// Answers a refused request, then stops sending and reads (and drops) what the client is
    /// still sending for a moment, so that closing does not reset the connection before the
    /// client has read the answer.
    private func refuse(_ refusal: HTTPRefusal, asJSON: Bool) async {
        let response = ServerResponse(refusal: refusal, asJSON: asJSON)
        var bytes = ResponseEncoder.head(of: response, closing: true)
        if case .bytes(let body) = response.body { bytes.append(body) }
        guard (try? await send(bytes)) != nil else { return }
        let stream = self.stream
        await stream.finishWriting()
        _ = try? await Self.within(Self.drainSeconds) {
            var drained = 0
            while drained < Self.drainedBytesAfterRefusal {
                drained += try await stream.read(atMost: 4096).count
            }
        }
    }

    // MARK: Deadlines

    /// `work`'s result, or nil if `duration` passed first (`work` is then cancelled).
    /// The first bytes a client sends on an idle connection; nil when it sends none within
    /// `idleSeconds`, or within `crowdedIdleSeconds` once the server is crowded. The wait is
    /// cut in slices of `crowdedIdleSeconds`, so a connection idle since before the crowd came
    /// gives its place up at the end of its slice.
    static func firstBytes(from stream: any ConnectionStream, limits: RequestLimits, isCrowded: @escaping @Sendable () -> Bool) async throws -> [UInt8]? {
        var waited: Duration = .zero
        while waited < limits.idleSeconds {
            let slice = min(limits.crowdedIdleSeconds, limits.idleSeconds - waited)
            if let bytes = try await within(slice, { try await stream.read(atMost: 4096) }) { return bytes }
            waited += slice
            if isCrowded() { return nil }
        }
        return nil
    }

    static func within<Result: Sendable>(
        _ duration: Duration,
        _ work: @escaping @Sendable () async throws -> Result
    ) async throws -> Result? {
        try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: duration)
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }
}
