/// How much of a request the preview server reads, and for how long, before it answers with a
/// refusal and closes the connection. Each bound is checked as the bytes arrive, so no request
/// costs more than its bound to read, however long it is.
///
/// | bound | default | answer past it |
/// |---|---|---|
/// | request line (method, target, version) | 8 KiB | 414 |
/// | one header field line | 8 KiB | 431 |
/// | header fields | 100 | 431 |
/// | all header field lines together | 32 KiB | 431 |
/// | the head, from its first byte to its blank line | 10 s | 408 |
/// | a body (`Content-Length`) | 64 KiB | 413 |
/// | a body, from the end of the head | 10 s | 408 |
/// | a new request's first byte on an open connection | 30 s | (closed, no answer) |
/// | the same, while over 3/4 of the open connections' bound is taken | 2 s | (closed, no answer) |
/// | writing one response, or one event of a stream | 30 s | (closed) |
/// | open connections | 4,096 | (closed at once, said once a burst on the terminal) |
/// | open connections from one client address | 64 | (closed at once, said once a burst on the terminal) |
struct RequestLimits: Sendable, Equatable {
    var requestLineBytes = 8 * 1024
    var headerFieldLineBytes = 8 * 1024
    var headerFieldCount = 100
    var headerSectionBytes = 32 * 1024
    var headSeconds: Duration = .seconds(10)
    var bodyBytes = 64 * 1024
    var bodySeconds: Duration = .seconds(10)
    var idleSeconds: Duration = .seconds(30)
    /// The idle time of a connection while the server is crowded (`isCrowded(openConnections:)`):
    /// idle connections make room for new clients.
    var crowdedIdleSeconds: Duration = .seconds(2)
    var writeSeconds: Duration = .seconds(30)
    var openConnections = 4_096
    /// A browser opens about six connections to a host, and one event stream per tab: 64 leaves
    /// room for many tabs while one client cannot hold the server's places (issue 45).
    var connectionsPerClient = 64

    /// Refusals of the same kind (the server full, or one client at its bound) this close to the
    /// last one are one burst, said once on the terminal.
    var refusalBurstSeconds: Duration = .seconds(10)

    /// Whether `open` connections are over three quarters of `openConnections`: then idle
    /// connections are closed after `crowdedIdleSeconds` rather than `idleSeconds`.
    func isCrowded(openConnections open: Int) -> Bool {
        open * 4 > openConnections * 3
    }

    static let standard = RequestLimits()
}
