/// A write the served journal accepts (`POST /_api/…`), given by the command line: the fields
/// it reads and the code that performs it, the same code as the command it stands for.
/// BrewServe checks who may write, reads the form and bounds it; it never writes a file itself.
public struct WriteEndpoint: Sendable {
    /// Where it is posted, such as `/_api/log`.
    public var path: String
    /// The form fields it reads; any other field refuses the request.
    public var knownFields: Set<String>
    /// Performs the write with the form's fields (each given once).
    public var perform: @Sendable (_ fields: [String: String], _ context: WriteContext) async -> WriteOutcome

    public init(path: String, knownFields: Set<String>, perform: @escaping @Sendable ([String: String], WriteContext) async -> WriteOutcome) {
        self.path = path
        self.knownFields = knownFields
        self.perform = perform
    }
}

/// Who asked for a write, for the line printed on the terminal.
public struct WriteContext: Sendable {
    /// The client's IP address, when known.
    public var peerAddress: String?
    /// When the person tapped, as the page sent it (`tapped`, ISO 8601; issue 46): a write
    /// queued offline and sent later carries the time of its tap. nil when not sent.
    public var tapped: String?
    /// When the page sent it, on the same clock as `tapped` (`sent`): how long the phone kept it.
    public var sent: String?

    public init(peerAddress: String?, tapped: String? = nil, sent: String? = nil) {
        self.peerAddress = peerAddress
        self.tapped = tapped
        self.sent = sent
    }
}

/// What a write came to.
public enum WriteOutcome: Sendable, Equatable {
    /// Written: the new record's id and the path of its page in the site (`/logs/2026/11/<id>.html`).
    case created(id: String, page: String)
    /// Done to a record that was there (a shopping item ticked, a drink added to the night): its
    /// id and the lines the command prints for it, answered as 200.
    case done(id: String, said: [String])
    /// Refused with the command's own messages; nothing was written.
    case refused(errors: [String])
    /// Not done for a reason of the server's own (the data folder held by another command, a
    /// full disk): answered 503 with `Retry-After`, so that a queued write waits and is sent again.
    case unavailable(errors: [String])
}
