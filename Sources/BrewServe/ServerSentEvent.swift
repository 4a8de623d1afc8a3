import Foundation

/// The frames of the live-reload event stream, in the `text/event-stream`
/// format that a browser's `EventSource` reads.
///
/// Each status is one event named `built` or `failed` whose `data` is a
/// one-line JSON object, so multi-line diagnostics never break the framing.
enum ServerSentEvent {
    /// Sent first on every stream: reconnect one second after losing the server.
    static let retryFrame = Data("retry: 1000\n\n".utf8)

    /// A comment frame that browsers ignore; writing it finds closed connections.
    static let heartbeatFrame = Data(": heartbeat\n\n".utf8)

    /// The frame announcing `status`.
    static func frame(for status: BuildStatus) -> Data {
        let name: String
        let payload: Payload
        switch status {
        case .built(let generation, let summary):
            name = "built"
            payload = Payload(generation: generation, summary: summary, diagnostics: nil)
        case .failed(let generation, let diagnostics):
            name = "failed"
            payload = Payload(generation: generation, summary: nil, diagnostics: diagnostics)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a struct of strings and an integer cannot fail.
        let json = (try? encoder.encode(payload)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return Data("event: \(name)\nid: \(status.generation)\ndata: \(json)\n\n".utf8)
    }

    /// The JSON object carried in an event's `data` line.
    private struct Payload: Encodable {
        var generation: Int
        var summary: String?
        var diagnostics: String?
    }
}
