import Foundation

/// A request's line and header fields, as `RequestHeadParser` read them.
struct HTTPRequestHead: Sendable, Equatable {
    /// The method token as sent (`GET`, `POST`; case matters).
    var method: String
    /// The request target as sent: visible ASCII only, still percent-encoded.
    var target: String
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    var minorVersion: Int
    var headers: HTTPHeaderFields

    /// The target before any `?`, still percent-encoded.
    var path: String {
        String(target.prefix { $0 != "?" })
    }

    /// The target after the first `?`, still percent-encoded; empty when there is none.
    var query: String {
        guard let mark = target.firstIndex(of: "?") else { return "" }
        return String(target[target.index(after: mark)...])
    }

    /// Whether the client will send another request on this connection: HTTP/1.1 unless it
    /// said `Connection: close`; HTTP/1.0 never (its keep-alive is not offered).
    var keepsConnectionOpen: Bool {
        guard minorVersion >= 1 else { return false }
        let tokens = headers.values(named: "Connection").flatMap { $0.split(separator: ",") }
        return !tokens.contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "close" }
    }
}
