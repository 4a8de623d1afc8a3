import Foundation

/// The writes of `serve --edit`/`--lan` (`docs/SERVE.md`): who may write, and what a write
/// request must be, before the command's own code sees it.
///
/// A write is `POST` to an endpoint's path with an `application/x-www-form-urlencoded` body
/// (64 KiB at most, the server's bound). It is refused, and nothing written:
/// - 403 without the key (the cookie the first visit with `?key=` set, or `X-Brewguide-Key`),
///   with an `Origin` that is not this server, or, with `--edit` alone, from another machine;
/// - 415 for another content type; 422 for an unknown, repeated or undecodable field, or for
///   what the command itself refuses, with its messages;
/// - 429 past the rate (a burst of `EditSettings.burstWrites`, then one a `refillSeconds`).
/// The same `idempotency` value sent again gets the first answer and writes nothing.
/// Every answer is JSON: `{"id": …, "page": …}` (201), `{"id": …, "said": […]}` (200) or `{"errors": […]}`.
struct WriteRequestHandler: Sendable {
    let settings: EditSettings
    private let state: WriteState

    init(settings: EditSettings) {
        self.settings = settings
        self.state = WriteState(burst: settings.burstWrites, refill: settings.refillSeconds)
    }

    /// The field that makes a retried write harmless.
    static let idempotencyField = "idempotency"

    func endpoint(at path: String) -> WriteEndpoint? {
        settings.endpoints.first { $0.path == path }
    }

    /// Whether `request` comes from a browser that may write: it holds the key and, with `--edit`
    /// alone, runs on this machine.
    func mayWrite(_ request: ServerRequest) -> Bool {
        hasKey(request) && (!settings.lanAddresses.isEmpty || Self.isLoopback(request.peerAddress))
    }

    /// Answers a read of the pages' script (`GET`): 403 for a browser that may not write, 422 for
    /// an unknown or repeated query field, else the endpoint's answer (200, or 404).
    func read(_ request: ServerRequest, endpoint: ReadEndpoint) async -> ServerResponse {
        guard mayWrite(request) else {
            return Self.json(status: .forbidden, ["errors": ["no key: open the address serve printed, with its ?key=, first"]])
        }
        switch FormFields.parse(Data(request.query.utf8), knownFields: endpoint.knownFields) {
        case .failure(let refusal):
            return Self.json(status: refusal.status, ["errors": refusal.errors])
        case .success(let fields):
            switch await endpoint.answer(fields) {
            case .found(let json):
                var response = Self.json(status: .ok, [:])
                response.body = .bytes(json)
                return response
            case .notFound(let errors):
                return Self.json(status: .notFound, ["errors": errors])
            }
        }
    }

    /// Whether `request` carries the key, in the cookie or the header.
    func hasKey(_ request: ServerRequest) -> Bool {
        if let header = request.headers[EditSettings.keyHeader], Self.sameSecret(header, settings.key) { return true }
        for cookieHeader in request.headers.values(named: "Cookie") {
            for pair in cookieHeader.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == EditSettings.cookieName,
                   Self.sameSecret(parts[1].trimmingCharacters(in: .whitespaces), settings.key) {
                    return true
                }
            }
        }
        return false
    }

    /// The answer to a first visit with `?key=`: the cookie, and the same address without the
    /// key, so that it stays out of the address bar and the history. nil when the query has no key.
    func keyVisit(_ request: ServerRequest) -> ServerResponse? {
        let items = request.query.split(separator: "&", omittingEmptySubsequences: true)
        guard let keyItem = items.first(where: { $0.hasPrefix("key=") }) else { return nil }
        guard Self.sameSecret(String(keyItem.dropFirst(4)), settings.key) else {
            return Self.json(status: .forbidden, ["errors": ["wrong key: open the address serve printed"]])
        }
        let rest = items.filter { !$0.hasPrefix("key=") }.joined(separator: "&")
        let path = "/" + request.path.drop { $0 == "/" }
        var headers: HTTPHeaderFields = ["Cache-Control": "no-store", "Referrer-Policy": "no-referrer"]
        headers["Location"] = rest.isEmpty ? path : path + "?" + rest
        headers["Set-Cookie"] = "\(EditSettings.cookieName)=\(settings.key); Path=/; HttpOnly; SameSite=Strict"
        return ServerResponse(status: .seeOther, headers: headers)
    }

    /// Performs a write posted to `endpoint`, or says why not.
    func handle(_ request: ServerRequest, endpoint: WriteEndpoint, boundPort: UInt16?) async -> ServerResponse {
        if let refusal = refusal(of: request, boundPort: boundPort) {
            return Self.json(status: refusal.status, ["errors": refusal.errors])
        }
        let fields: [String: String]
        switch FormFields.parse(request.body, knownFields: endpoint.knownFields.union([Self.idempotencyField])) {
        case .success(let parsed): fields = parsed
        case .failure(let refusal): return Self.json(status: refusal.status, ["errors": refusal.errors])
        }
        let idempotency = fields[Self.idempotencyField].map { "\(endpoint.path) \($0)" }
        if let idempotency {
            switch await state.begin(idempotency) {
            case .answered(let earlier): return earlier
            case .inProgress:
                return Self.json(status: .conflict, ["errors": ["this save is being recorded now: send it again in a moment"]])
            case .started: break
            }
        }
        guard await state.takeWrite() else {
            if let idempotency { await state.finish(idempotency, with: nil) }
            var response = Self.json(status: .tooManyRequests, ["errors": ["too many writes at once: wait a moment and send it again"]])
            response.headers["Retry-After"] = "1"
            return response
        }
        var commandFields = fields
        commandFields[Self.idempotencyField] = nil
        let response: ServerResponse
        switch await endpoint.perform(commandFields, WriteContext(peerAddress: request.peerAddress)) {
        case .created(let id, let page):
            response = Self.json(status: .created, ["id": id, "page": page])
        case .done(let id, let said):
            response = Self.json(status: .ok, ["id": id, "said": said])
        case .refused(let errors):
            response = Self.json(status: .unprocessableContent, ["errors": errors])
        }
        // Only a write that was made is answered again; a refused one may be sent again as it is
        // (the journal may have changed since).
        if let idempotency { await state.finish(idempotency, with: response.status == .created || response.status == .ok ? response : nil) }
        return response
    }

    /// Why `request` may not write: no key, another origin, another machine under `--edit`, a
    /// body that is not a form.
    private func refusal(of request: ServerRequest, boundPort: UInt16?) -> WriteRefusal? {
        if settings.lanAddresses.isEmpty, !Self.isLoopback(request.peerAddress) {
            return WriteRefusal(status: .forbidden, errors: ["writes are taken from this machine only (serve --edit); use serve --lan for a phone"])
        }
        guard hasKey(request) else {
            return WriteRefusal(status: .forbidden, errors: ["no key: open the address serve printed, with its ?key=, first"])
        }
        if let origin = request.headers["Origin"], !isOwnOrigin(origin, port: boundPort) {
            return WriteRefusal(status: .forbidden, errors: ["a write from another site (Origin \(origin.prefix(80))) is refused"])
        }
        let contentType = request.headers["Content-Type"]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard contentType == "application/x-www-form-urlencoded" else {
            return WriteRefusal(status: .unsupportedMediaType, errors: ["send the fields as application/x-www-form-urlencoded"])
        }
        return nil
    }

    /// `http://` (`https://` with `--https`) one of this server's names, on the port it listens on.
    private func isOwnOrigin(_ origin: String, port: UInt16?) -> Bool {
        let scheme = settings.isHTTPS ? "https://" : "http://"
        guard let port, origin.hasPrefix(scheme) else { return false }
        let hostAndPort = origin.dropFirst(scheme.count)
        let names = ["127.0.0.1", "localhost", "[::1]"] + settings.lanAddresses + settings.hostNames
        return names.contains { hostAndPort == "\($0):\(port)" }
    }

    static func isLoopback(_ address: String?) -> Bool {
        guard let address else { return false }
        return address.hasPrefix("127.") || address == "::1" || address == "::ffff:127.0.0.1"
    }

    /// Compares two secrets in time that does not depend on where they differ.
    static func sameSecret(_ given: String, _ key: String) -> Bool {
        let (given, key) = (Array(given.utf8), Array(key.utf8))
        guard given.count == key.count else { return false }
        return zip(given, key).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    static func json(status: HTTPStatus, _ object: [String: any Sendable]) -> ServerResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return ServerResponse(
            status: status,
            headers: ["Content-Type": "application/json", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"],
            body: body
        )
    }
}

/// The writes' shared state: the rate's tokens and the answers by idempotency value.
actor WriteState {
    private let burst: Int
    private let refill: Duration
    private var tokens: Int
    private var lastRefill = ContinuousClock.now
    private var answers: [String: ServerResponse] = [:]
    private var answerOrder: [String] = []
    /// Answers kept for repeated sends; the oldest are forgotten.
    static let rememberedAnswers = 1_000

    init(burst: Int, refill: Duration) {
        self.burst = burst
        self.refill = refill
        self.tokens = burst
    }

    /// Takes one write from the rate; false when none is left.
    func takeWrite() -> Bool {
        let now = ContinuousClock.now
        let earned = Int((now - lastRefill) / refill)
        if earned > 0 {
            tokens = min(burst, tokens + earned)
            lastRefill = earned >= burst ? now : lastRefill + refill * earned
        }
        guard tokens > 0 else { return false }
        tokens -= 1
        return true
    }

    private var inProgress: Set<String> = []

    enum Begin {
        case answered(ServerResponse)
        case inProgress
        case started
    }

    /// The earlier answer to `idempotency`, or that a write with it is under way, or (reserving
    /// it) that this one may go ahead.
    func begin(_ idempotency: String) -> Begin {
        if let answer = answers[idempotency] { return .answered(answer) }
        guard inProgress.insert(idempotency).inserted else { return .inProgress }
        return .started
    }

    /// Ends the write begun for `idempotency`, keeping `response` to answer it again (nil: none).
    func finish(_ idempotency: String, with response: ServerResponse?) {
        inProgress.remove(idempotency)
        guard let response else { return }
        if answers.updateValue(response, forKey: idempotency) == nil { answerOrder.append(idempotency) }
        if answerOrder.count > Self.rememberedAnswers {
            answers[answerOrder.removeFirst()] = nil
        }
    }
}
