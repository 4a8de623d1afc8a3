import Foundation

/// A read the served pages' script makes (`GET /_api/…`), given by the command line: what the
/// page needs to offer its writes and that the built page does not carry (the night's entry
/// ids, the drink presets). Answered only to a browser that may write (the key, and with
/// `--edit` alone, this machine); the query's fields are read as a write's form is, only the
/// known ones, each once.
public struct ReadEndpoint: Sendable {
    /// Where it is asked, such as `/_api/session/night`.
    public var path: String
    /// The query fields it reads; any other field refuses the request.
    public var knownFields: Set<String>
    /// The answer to the query's fields.
    public var answer: @Sendable (_ fields: [String: String]) async -> ReadOutcome

    public init(path: String, knownFields: Set<String>, answer: @escaping @Sendable ([String: String]) async -> ReadOutcome) {
        self.path = path
        self.knownFields = knownFields
        self.answer = answer
    }
}

/// What a read came to.
public enum ReadOutcome: Sendable, Equatable {
    /// A JSON object's bytes, answered as 200.
    case found(json: Data)
    /// What the query names is not there (404), with the messages for `errors`.
    case notFound(errors: [String])
}
