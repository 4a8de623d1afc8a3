import Foundation

/// One Server-Sent Event as a browser's `EventSource` would see it.
struct ReceivedEvent: Sendable, Equatable {
    var name: String
    var data: String

    /// `data` decoded as the server's JSON payload.
    func payload() throws -> StatusPayload {
        try JSONDecoder().decode(StatusPayload.self, from: Data(data.utf8))
    }
}

/// The JSON object in a status event's `data`.
struct StatusPayload: Decodable, Equatable {
    var generation: Int
    var summary: String?
    var diagnostics: String?
}

/// Reads the live-reload endpoint over a raw socket: the response head, then
/// events out of the chunked body, skipping comments and the retry hint.
final class EventStreamReader: @unchecked Sendable {
    private let connection: LoopbackConnection
    /// Decoded body text not yet split into events.
    private var pendingText = ""

    /// Status code and headers of the event stream response.
    let statusCode: Int
    let headers: [String: String]

    /// Connects, asks for the event stream and waits for the retry hint,
    /// which the server sends once this reader is subscribed.
    init(port: UInt16, path: String = "/__brewguide/events") async throws {
        connection = try LoopbackConnection(port: port)
        try await connection.sendRequest(target: path, extraHeaderLines: ["Accept: text/event-stream"])
        (statusCode, headers) = try await LoopbackHTTP.readHead(from: connection)
        let first = try await nextFrame()
        guard first.hasPrefix("retry:") else { throw LoopbackError.malformed("first frame \(first)") }
    }

    /// The next event with a name (comments and retry hints are skipped).
    func nextEvent() async throws -> ReceivedEvent {
        while true {
            let frame = try await nextFrame()
            var name = "message"
            var dataLines: [String] = []
            for line in frame.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("event:") {
                    name = line.dropFirst("event:".count).trimmingCharacters(in: .whitespaces)
                } else if line.hasPrefix("data:") {
                    dataLines.append(String(line.dropFirst("data:".count).drop { $0 == " " }))
                }
            }
            if !dataLines.isEmpty {
                return ReceivedEvent(name: name, data: dataLines.joined(separator: "\n"))
            }
        }
    }

    /// Closes the connection, as a browser does when the page goes away.
    func disconnect() {
        connection.disconnect()
    }

    /// Waits until the server ends the stream (the terminating zero chunk or a close).
    func waitForEnd() async throws {
        while true {
            do {
                if try await nextChunk() == nil { return }
            } catch LoopbackError.closedEarly {
                return
            }
        }
    }

    /// The text of the next frame (up to a blank line), without the blank line.
    private func nextFrame() async throws -> String {
        while true {
            if let end = pendingText.range(of: "\n\n") {
                let frame = String(pendingText[..<end.lowerBound])
                pendingText = String(pendingText[end.upperBound...])
                return frame
            }
            guard let chunk = try await nextChunk() else { throw LoopbackError.malformed("stream ended") }
            pendingText += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// The next chunk of the chunked body; nil for the terminating chunk.
    private func nextChunk() async throws -> Data? {
        let sizeLine = String(decoding: try await connection.read(upTo: Data("\r\n".utf8)), as: UTF8.self)
        guard let size = Int(sizeLine, radix: 16) else { throw LoopbackError.malformed("chunk size \(sizeLine)") }
        if size == 0 { return nil }
        let chunk = try await connection.read(count: size)
        _ = try await connection.read(count: 2)
        return chunk
    }
}
