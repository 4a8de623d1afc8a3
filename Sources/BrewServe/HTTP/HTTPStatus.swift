/// A response's status: the code and the reason phrase sent with it.
struct HTTPStatus: Sendable, Equatable, CustomStringConvertible {
    let code: Int
    let phrase: String

    var description: String { "\(code) \(phrase)" }

    static let ok = HTTPStatus(code: 200, phrase: "OK")
    static let created = HTTPStatus(code: 201, phrase: "Created")
    static let noContent = HTTPStatus(code: 204, phrase: "No Content")
    static let found = HTTPStatus(code: 302, phrase: "Found")
    static let seeOther = HTTPStatus(code: 303, phrase: "See Other")
    static let badRequest = HTTPStatus(code: 400, phrase: "Bad Request")
    static let forbidden = HTTPStatus(code: 403, phrase: "Forbidden")
    static let notFound = HTTPStatus(code: 404, phrase: "Not Found")
    static let methodNotAllowed = HTTPStatus(code: 405, phrase: "Method Not Allowed")
    static let requestTimeout = HTTPStatus(code: 408, phrase: "Request Timeout")
    static let conflict = HTTPStatus(code: 409, phrase: "Conflict")
    static let lengthRequired = HTTPStatus(code: 411, phrase: "Length Required")
    static let contentTooLarge = HTTPStatus(code: 413, phrase: "Content Too Large")
    static let uriTooLong = HTTPStatus(code: 414, phrase: "URI Too Long")
    static let unsupportedMediaType = HTTPStatus(code: 415, phrase: "Unsupported Media Type")
    static let unprocessableContent = HTTPStatus(code: 422, phrase: "Unprocessable Content")
    static let tooManyRequests = HTTPStatus(code: 429, phrase: "Too Many Requests")
    static let headerFieldsTooLarge = HTTPStatus(code: 431, phrase: "Request Header Fields Too Large")
    static let internalServerError = HTTPStatus(code: 500, phrase: "Internal Server Error")
    static let notImplemented = HTTPStatus(code: 501, phrase: "Not Implemented")
    static let serviceUnavailable = HTTPStatus(code: 503, phrase: "Service Unavailable")
    static let versionNotSupported = HTTPStatus(code: 505, phrase: "HTTP Version Not Supported")
}
