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
/// - 429 past the rate (a burst of `EditSettings.burstWrites`, then one a `refillSeconds`); a
///   write refused with 422 gives its place in the rate back;
/// - 503 with `Retry-After` when the server cannot write just now (`WriteOutcome.unavailable`).
/// The same `idempotency` value sent again with the same fields gets the first answer and writes
/// nothing; with other fields it is refused (409, saying so), as it names another save.
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
    /// The field with the time of the tap (`WriteContext.tapped`), which any write may carry.
    static let tappedField = "tapped"
    /// The field with the time the page sent the write, on the phone's clock (`WriteContext.sent`).
    static let sentField = "sent"

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
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == cookieName(for: request),
                   Self.sameSecret(parts[1].trimmingCharacters(in: .whitespaces), settings.key) {
                    return true
                }
            }
        }
        return false
    }

    /// The name of this server's key cookie (`EditSettings.cookieName(port:journal:secure:)`): it carries
    /// the port `request` came to, so a cookie another serve set is not taken here.
    /// Under HTTPS it is a `__Host-` cookie, set `Secure`, so that a plain-HTTP server on the same
    /// host can neither read it nor set one in its place.
    func cookieName(for request: ServerRequest) -> String {
        EditSettings.cookieName(port: request.serverPort, journal: settings.journal, secure: settings.isHTTPS)
    }

    /// Whether `request` carries a key cookie of this server that is not its key (a key from
    /// before `serve --new-key`): the page then says so in words (issue 46).
    func holdsStaleKey(_ request: ServerRequest) -> Bool {
        guard !hasKey(request) else { return false }
        let name = cookieName(for: request)
        return request.headers.values(named: "Cookie").contains { header in
            header.split(separator: ";").contains { $0.split(separator: "=", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces) == name }
        }
    }

    /// What a page served to a browser with a stale key says, at the bottom of the screen.
    static let staleKeyNotice = """
        <p role="alert" class="brewguide-stale-key" style="position:sticky;bottom:0;margin:0;padding:0.75rem 1rem;background:#fff4e5;color:#3d2600;border-top:3px solid #b35c00;font:16px/1.4 system-ui,sans-serif">        This phone's key to the journal is no longer valid (serve was started with a new key), so nothing tapped here is recorded.         Open the address serve prints now, with its ?key=, on this phone: what this phone kept is sent then.</p>
        """

    /// The page a visit with a wrong `?key=` gets: what to do, in words (not JSON).
    static let wrongKeyPage = """
        <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>This key is not valid</title></head>        <body style="font:18px/1.5 system-ui,sans-serif;margin:1.5rem;max-width:36rem"><main><h1>This key is not valid</h1>        <p>The address you opened carries a key this journal no longer takes: serve was started with a new key since.</p>        <p>Open the address that <code>brewguide serve</code> prints now (scan its QR code on the laptop). Anything this phone kept while it could not send is sent then.</p></main></body></html>

        """

    /// The answer to a first visit with `?key=`: the cookie, and the same address without the
    /// key, so that it stays out of the address bar and the history. nil when the query has no key.
    func keyVisit(_ request: ServerRequest) -> ServerResponse? {
        let items = request.query.split(separator: "&", omittingEmptySubsequences: true)
        guard let keyItem = items.first(where: { $0.hasPrefix("key=") }) else { return nil }
        guard Self.sameSecret(String(keyItem.dropFirst(4)), settings.key) else {
            return ServerResponse(status: .forbidden, headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
                                                               "X-Content-Type-Options": "nosniff"], body: Data(Self.wrongKeyPage.utf8))
        }
        let rest = items.filter { !$0.hasPrefix("key=") }.joined(separator: "&")
        let path = "/" + request.path.drop { $0 == "/" }
        var headers: HTTPHeaderFields = ["Cache-Control": "no-store", "Referrer-Policy": "no-referrer"]
        headers["Location"] = rest.isEmpty ? path : path + "?" + rest
        headers["Set-Cookie"] = "\(cookieName(for: request))=\(settings.key); Path=/; HttpOnly; SameSite=Strict\(settings.isHTTPS ? "; Secure" : "")"
        return ServerResponse(status: .seeOther, headers: headers)
    }

    /// Performs a write posted to `endpoint`, or says why not.
    func handle(_ request: ServerRequest, endpoint: WriteEndpoint, boundPort: UInt16?) async -> ServerResponse {
        if let refusal = refusal(of: request, boundPort: boundPort) {
            return Self.json(status: refusal.status, ["errors": refusal.errors])
        }
        let fields: [String: String]
        switch FormFields.parse(request.body, knownFields: endpoint.knownFields.union([Self.idempotencyField, Self.tappedField, Self.sentField])) {
        case .success(let parsed): fields = parsed
        case .failure(let refusal): return Self.json(status: refusal.status, ["errors": refusal.errors])
        }
        let idempotency = fields[Self.idempotencyField].map { "\(endpoint.path) \($0)" }
        let sent = Self.fingerprint(of: fields)
        if let idempotency {
            switch await state.begin(idempotency, fields: sent) {
            case .answered(let earlier): return earlier
            case .otherFields:
                return Self.json(status: .conflict, ["errors": [
                    "idempotency \(fields[Self.idempotencyField]?.prefix(80) ?? ""): this value was already used for another save with other fields; nothing was written. Give each save a value of its own (such as $(uuidgen))",
                ], "reused": true])
            case .inProgress:
                return Self.json(status: .conflict, ["errors": ["this save is being recorded now: send it again in a moment"]])
            case .started: break
            }
        }
        guard await state.takeWrite() else {
            if let idempotency { await state.finish(idempotency, fields: sent, with: nil) }
            var response = Self.json(status: .tooManyRequests, ["errors": ["too many writes at once: wait a moment and send it again"]])
            response.headers["Retry-After"] = "1"
            return response
        }
        var commandFields = fields
        commandFields[Self.idempotencyField] = nil
        commandFields[Self.tappedField] = nil
        commandFields[Self.sentField] = nil
        let response: ServerResponse
        switch await endpoint.perform(commandFields, WriteContext(peerAddress: request.peerAddress, tapped: fields[Self.tappedField], sent: fields[Self.sentField])) {
        case .created(let id, let page):
            response = Self.json(status: .created, ["id": id, "page": page])
        case .done(let id, let said):
            response = Self.json(status: .ok, ["id": id, "said": said])
        case .refused(let errors):
            response = Self.json(status: .unprocessableContent, ["errors": errors])
            // A save refused for its own values is not a burst of writes: it costs no place in the rate.
            await state.giveBackWrite()
        case .unavailable(let errors):
            var busy = Self.json(status: .serviceUnavailable, ["errors": errors])
            busy.headers["Retry-After"] = String(Self.retryAfterSeconds)
            response = busy
            await state.giveBackWrite()
        }
        // Only a write that was made is answered again; a refused one may be sent again as it is
        // (the journal may have changed since).
        if let idempotency { await state.finish(idempotency, fields: sent, with: response.status == .created || response.status == .ok ? response : nil) }
        return response
    }

    /// How long a 503 asks the client to wait before sending again.
    static let retryAfterSeconds = 5

    /// The fields of a write but its idempotency value and times (a kept save sent again later
    /// carries a later `sent`), in one text that two saves share only when they send the same
    /// fields with the same values.
    static func fingerprint(of fields: [String: String]) -> String {
        fields.filter { ![idempotencyField, tappedField, sentField].contains($0.key) }.sorted { $0.key < $1.key }
            .map { "\($0.key.utf8.count):\($0.key)=\($0.value.utf8.count):\($0.value)" }.joined(separator: "&")
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
    /// The answer to each idempotency value, with the fields of the write it answered.
    private var answers: [String: (fields: String, response: ServerResponse)] = [:]
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

    /// Gives back the place `takeWrite` took, for a write that was not made.
    func giveBackWrite() { tokens = min(burst, tokens + 1) }

    private var inProgress: Set<String> = []

    enum Begin {
        case answered(ServerResponse)
        /// The value answered a write with other fields.
        case otherFields
        case inProgress
        case started
    }

    /// The earlier answer to `idempotency`, or that a write with it is under way, or (reserving
    /// it) that this one may go ahead.
    func begin(_ idempotency: String, fields: String) -> Begin {
        if let answer = answers[idempotency] { return answer.fields == fields ? .answered(answer.response) : .otherFields }
        guard inProgress.insert(idempotency).inserted else { return .inProgress }
        return .started
    }

    /// Ends the write begun for `idempotency`, keeping `response` to answer it again (nil: none).
    func finish(_ idempotency: String, fields: String, with response: ServerResponse?) {
        inProgress.remove(idempotency)
        guard let response else { return }
        if answers.updateValue((fields, response), forKey: idempotency) == nil { answerOrder.append(idempotency) }
        if answerOrder.count > Self.rememberedAnswers {
            answers[answerOrder.removeFirst()] = nil
        }
    }
}
