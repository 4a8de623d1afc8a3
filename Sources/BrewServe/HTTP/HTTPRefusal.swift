import Foundation

/// A request the server will not read further: the status to answer with and a sentence
/// saying why, sent as the plain-text body. The connection is closed after it.
struct HTTPRefusal: Error, Sendable, Equatable {
    let status: HTTPStatus
    let reason: String

    static func requestLineTooLong(limit: Int) -> HTTPRefusal {
        HTTPRefusal(status: .uriTooLong, reason: "The request line is longer than \(limit) bytes.")
    }

    static func headerFieldTooLong(limit: Int) -> HTTPRefusal {
        HTTPRefusal(status: .headerFieldsTooLarge, reason: "A header field is longer than \(limit) bytes.")
    }

    static func tooManyHeaderFields(limit: Int) -> HTTPRefusal {
        HTTPRefusal(status: .headerFieldsTooLarge, reason: "The request has more than \(limit) header fields.")
    }

    static func headerSectionTooLarge(limit: Int) -> HTTPRefusal {
        HTTPRefusal(status: .headerFieldsTooLarge, reason: "The header fields are longer than \(limit) bytes together.")
    }

    static func headTooSlow(seconds: Duration) -> HTTPRefusal {
        HTTPRefusal(status: .requestTimeout, reason: "The request's header fields took longer than \(seconds.secondsText) s to arrive.")
    }

    static func bodyTooSlow(seconds: Duration) -> HTTPRefusal {
        HTTPRefusal(status: .requestTimeout, reason: "The request's body took longer than \(seconds.secondsText) s to arrive.")
    }

    static func bodyTooLarge(limit: Int) -> HTTPRefusal {
        HTTPRefusal(status: .contentTooLarge, reason: "The request's body is longer than \(limit) bytes.")
    }

    static func malformed(_ what: String) -> HTTPRefusal {
        HTTPRefusal(status: .badRequest, reason: "Malformed request: \(what).")
    }
}

extension Duration {
    /// The seconds of a duration for a message: "10", or "0.5" when it has a fraction.
    var secondsText: String {
        let (seconds, attoseconds) = components
        guard attoseconds != 0 else { return String(seconds) }
        return String(format: "%.1f", Double(seconds) + Double(attoseconds) / 1e18)
    }
}
