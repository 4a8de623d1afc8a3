@testable import BrewServe
import Foundation
import Testing

/// What the served endpoints' fuzz (`ServeEndpointFuzzTests`) found in the answers under `/_api/`:
/// every one is JSON with an `errors` list that says why, whatever refuses the request (the
/// request's reading, the `Host`, the method, the form), and a form's field holds no control
/// character but a note's line breaks. A fake endpoint stands for the command (`WriteAccessTests`).
@Suite(.serialized) struct APIRefusalTests {
    typealias Access = WriteAccessTests

    /// The `errors` of a JSON answer; nil when the body is not a JSON object with a list of texts.
    static func errors(_ body: Data) -> [String]? {
        ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any])?["errors"] as? [String]
    }

    static func raw(_ head: [String], body: String = "", port: UInt16) async throws -> LoopbackResponse {
        let lines = head + ["Content-Length: \(body.utf8.count)", "Connection: close"]
        return try await LoopbackHTTP.exchange(Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8), port: port)
    }

    @Test func aFormThatIsNotUTF8IsRefused422AsAnUndecodableFieldIs() async throws {
        try await Access.withEditingServer { port, log, _ in
            let head = Array("POST /_api/log HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nX-Brewguide-Key: \(Access.key)\r\nContent-Length: 14\r\nConnection: close\r\n\r\n".utf8)
            let response = try await LoopbackHTTP.exchange(head + Array("recipe=v60&".utf8) + [0xFF, 0x3D, 0x31], port: port)
            #expect(response.statusCode == 422, "\(response.text)")
            #expect(Self.errors(response.body)?.first?.contains("not UTF-8") == true, "\(response.text)")
            #expect(log.count == 0)
        }
    }

    @Test(arguments: ["recipe=v60%0A&rating=4", "recipe=v60&rating=4%00", "recipe=%1B%5B31mv60&rating=4", "recipe=v60%09&rating=4"])
    func aControlCharacterOutsideANoteIsRefusedBeforeTheCommand(form: String) async throws {
        try await Access.withEditingServer { port, log, _ in
            let (status, json) = try await Access.post(form, port: port)
            #expect(status == 422)
            let errors = json["errors"] as? [String] ?? []
            #expect(errors.count == 1 && errors[0].contains("control character"), "\(errors)")
            #expect(errors.allSatisfy { !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } })
            #expect(log.count == 0)
        }
    }

    @Test func aNoteKeepsItsLineBreaksAndTabs() async throws {
        try await Access.withEditingServer { port, log, _ in
            let (status, _) = try await Access.post("recipe=v60&rating=4&note=bright%0D%0A%09and+sweet", port: port)
            #expect(status == 201)
            #expect(log.forms.withLock { $0 }.first?["note"] == "bright\r\n\tand sweet")
        }
    }

    @Test func anotherHostIsRefusedInJSONUnderAPIAndInTextElsewhere() async throws {
        try await Access.withEditingServer { port, log, _ in
            let api = try await Self.raw(["POST /_api/log HTTP/1.1", "Host: evil.example", "Content-Type: application/x-www-form-urlencoded", "X-Brewguide-Key: \(Access.key)"],
                                         body: "recipe=v60&rating=4", port: port)
            #expect(api.statusCode == 403)
            #expect(Self.errors(api.body)?.first?.contains("unknown host") == true, "\(api.text)")
            let page = try await Self.raw(["GET / HTTP/1.1", "Host: evil.example"], port: port)
            #expect(page.statusCode == 403)
            #expect(page.text == "Unknown host\n")
            #expect(log.count == 0)
        }
    }

    @Test func aWritesPathAskedWithAnotherMethodIs405InJSONWithAllow() async throws {
        try await Access.withEditingServer { port, log, _ in
            for method in ["GET", "PUT", "DELETE"] {
                let response = try await Self.raw(["\(method) /_api/log HTTP/1.1", "Host: 127.0.0.1", "X-Brewguide-Key: \(Access.key)"], port: port)
                #expect(response.statusCode == 405, "\(method): \(response.text)")
                #expect(response.headers["allow"] == "POST")
                #expect(Self.errors(response.body)?.first?.contains("takes POST only") == true, "\(response.text)")
            }
            let unknown = try await Self.raw(["POST /_api/nothing-here HTTP/1.1", "Host: 127.0.0.1", "X-Brewguide-Key: \(Access.key)"], port: port)
            #expect(unknown.statusCode == 404)
            #expect(Self.errors(unknown.body)?.first?.contains("no endpoint") == true, "\(unknown.text)")
            #expect(log.count == 0)
        }
    }

    @Test func aBodyOverTheBoundOrChunkedIsRefusedInJSONUnderAPIAndInTextElsewhere() async throws {
        try await Access.withEditingServer { port, log, _ in
            let big = String(repeating: "a", count: 70_000)
            let api = try await Self.raw(["POST /_api/log HTTP/1.1", "Host: 127.0.0.1", "X-Brewguide-Key: \(Access.key)", "Content-Type: application/x-www-form-urlencoded"],
                                         body: "note=" + big, port: port)
            #expect(api.statusCode == 413)
            #expect(Self.errors(api.body)?.first?.contains("longer than 65536 bytes") == true, "\(api.text)")
            let page = try await Self.raw(["POST /elsewhere HTTP/1.1", "Host: 127.0.0.1"], body: big, port: port)
            #expect(page.statusCode == 413)
            #expect(page.text.hasPrefix("The request's body is longer"))
            let chunked = try await LoopbackHTTP.exchange(Array("POST /_api/log HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n0\r\n\r\n".utf8), port: port)
            #expect(chunked.statusCode == 411)
            #expect(Self.errors(chunked.body)?.isEmpty == false, "\(chunked.text)")
            #expect(log.count == 0)
        }
    }
}
