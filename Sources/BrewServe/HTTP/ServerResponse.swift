import Foundation

/// What the handler answers: a status, header fields and a body. The server adds the fields
/// that frame the message (`Content-Length`, `Transfer-Encoding`, `Connection`) itself, and
/// drops any the handler set.
struct ServerResponse: Sendable {
    enum Body: Sendable {
        /// A body known whole.
        case bytes(Data)
        /// A body that goes on until the stream ends (an event stream), sent chunked; the
        /// connection closes after it.
        case stream(AsyncStream<Data>)
    }

    var status: HTTPStatus
    var headers: HTTPHeaderFields
    var body: Body

    init(status: HTTPStatus, headers: HTTPHeaderFields = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = .bytes(body)
    }

    init(status: HTTPStatus, headers: HTTPHeaderFields, stream: AsyncStream<Data>) {
        self.status = status
        self.headers = headers
        self.body = .stream(stream)
    }

    /// The answer to a refused request: its reason as plain text, or (`asJSON`, for a request to
    /// the server's own `/_api/` paths) as `{"errors": [reason]}`.
    init(refusal: HTTPRefusal, asJSON: Bool = false) {
        guard !asJSON else {
            self = WriteRequestHandler.json(status: refusal.status, ["errors": [refusal.reason]])
            return
        }
        self.init(
            status: refusal.status,
            headers: ["Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"],
            body: Data((refusal.reason + "\n").utf8)
        )
    }
}
