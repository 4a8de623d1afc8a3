@testable import BrewServe
import Foundation
import Synchronization
import Testing

/// Who may write through `serve --edit`/`--lan`, and what a write must be, before the command's
/// code sees it; a fake endpoint stands for `brewguide log` and counts what reached it.
@Suite(.serialized) struct WriteAccessTests {
    static let key = "k3y-0123456789abcdefghijkl"

    /// An endpoint that records the forms it was given and answers `created` (or refuses a rating of 9).
    final class FakeLog: Sendable {
        let forms = Mutex<[[String: String]]>([])
        var count: Int { forms.withLock { $0.count } }

        var endpoint: WriteEndpoint {
            WriteEndpoint(path: "/_api/log", knownFields: ["recipe", "rating", "note"]) { [self] fields, _ in
                if fields["rating"] == "9" { return .refused(errors: ["Data/logs/2026-11.json:3:5: error: rating must be 1–5, found 9 (--rating)"]) }
                if fields["note"] == "busy" { return .unavailable(errors: ["the data directory Data is in use by brewguide merge (pid 7); waited 5 s. Try again when it has finished."]) }
                let number = forms.withLock { forms in
                    forms.append(fields)
                    return forms.count
                }
                return .created(id: "log-\(number)", page: "/logs/2026/11/log-\(number).html")
            }
        }
    }

    static func withEditingServer(
        lanAddresses: [String] = [],
        burst: Int = 20,
        journal: String? = nil,
        _ body: (_ port: UInt16, _ log: FakeLog, _ server: PreviewServer) async throws -> Void
    ) async throws {
        let log = FakeLog()
        var settings = EditSettings(key: key, lanAddresses: lanAddresses, endpoints: [log.endpoint])
        settings.journal = journal
        settings.burstWrites = burst
        settings.refillSeconds = .seconds(60)
        let site = try TestSite()
        defer { site.remove() }
        let server = PreviewServer(siteDirectory: site.siteDirectory.path, port: 0, heartbeatInterval: .seconds(15), edit: settings)
        let serving = Task { try await server.run() }
        let outcome: Result<Void, any Error>
        do {
            try await body(try await server.boundPort, log, server)
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        serving.cancel()
        try await serving.value
        try outcome.get()
    }

    /// Posts `form` with the given extra header lines; the status and the JSON body.
    static func post(_ form: String, port: UInt16, headers: [String] = ["X-Brewguide-Key: \(key)"], host: String = "127.0.0.1",
                     path: String = "/_api/log", contentType: String = "application/x-www-form-urlencoded") async throws -> (Int, [String: Any]) {
        let lines = ["POST \(path) HTTP/1.1", "Host: \(host)", "Content-Type: \(contentType)", "Content-Length: \(form.utf8.count)", "Connection: close"] + headers
        let response = try await LoopbackHTTP.exchange(Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + form).utf8), port: port)
        let json = (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:]
        return (response.statusCode, json)
    }

    @Test func aWriteWithTheKeyReachesTheCommandAndAnswers201() async throws {
        try await Self.withEditingServer { port, log, _ in
            let (status, json) = try await Self.post("recipe=v60&rating=4&note=bright+%26+sweet", port: port)
            #expect(status == 201)
            #expect(json["id"] as? String == "log-1")
            #expect(json["page"] as? String == "/logs/2026/11/log-1.html")
            #expect(log.forms.withLock { $0 } == [["recipe": "v60", "rating": "4", "note": "bright & sweet"]])
        }
    }

    @Test func theCookieSetByTheFirstVisitAlsoCarriesTheKey() async throws {
        try await Self.withEditingServer { port, log, _ in
            let visit = try await LoopbackHTTP.request("/logs/?key=\(Self.key)&sort=date", port: port)
            #expect(visit.statusCode == 303)
            #expect(visit.headers["location"] == "/logs/?sort=date")
            #expect(visit.headers["set-cookie"] == "brewguide_key_\(port)=\(Self.key); Path=/; HttpOnly; SameSite=Strict")
            let (status, _) = try await Self.post("recipe=v60&rating=4", port: port, headers: ["Cookie: theme=dark; brewguide_key_\(port)=\(Self.key)"])
            #expect(status == 201)
            #expect(log.count == 1)
            // The page served afterwards never holds the key.
            let page = try await LoopbackHTTP.request("/logs/", port: port)
            #expect(!page.text.contains(Self.key))
        }
    }

    /// A browser sends a cookie to every port of its host (issue 45): the cookie a serve on one
    /// port set is not the key of a serve on another, even one with the same kept key.
    @Test func theKeyCookieOfAServeOnOnePortIsNotTakenByAServeOnAnother() async throws {
        try await Self.withEditingServer { first, firstLog, _ in
            try await Self.withEditingServer { second, secondLog, _ in
                #expect(first != second)
                let visit = try await LoopbackHTTP.request("/?key=\(Self.key)", port: first)
                let setCookie = try #require(visit.headers["set-cookie"])
                #expect(setCookie.hasPrefix("brewguide_key_\(first)="), "the cookie's name carries its server's port: \(setCookie)")
                let cookie = "Cookie: " + String(setCookie.prefix { $0 != ";" })
                let (elsewhere, json) = try await Self.post("recipe=v60&rating=4", port: second, headers: [cookie])
                #expect(elsewhere == 403, "\(json)")
                #expect(secondLog.count == 0)
                let status = try await LoopbackHTTP.exchange(Array("GET /_api/status HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\(cookie)\r\n\r\n".utf8), port: second)
                #expect(status.text.contains("\"writes\":false"), "\(status.text)")
                let (own, _) = try await Self.post("recipe=v60&rating=4", port: first, headers: [cookie])
                #expect(own == 201)
                #expect(firstLog.count == 1)
                // The name of before, without the port, is no key any more.
                let (unscoped, _) = try await Self.post("recipe=v60&rating=4", port: first, headers: ["Cookie: brewguide_key=\(Self.key)"])
                #expect(unscoped == 403)
                #expect(firstLog.count == 1)
            }
        }
        #expect(EditSettings.cookieName(port: 8000) == "brewguide_key_8000")
        #expect(EditSettings.cookieName(port: 8443, secure: true) == "__Host-brewguide_key_8443")
    }

    /// The key is kept for the person, not the journal: a cookie a serve of one journal set on a
    /// port is not the key of a later serve of another journal on that port (nor is the name that
    /// carries the port alone); the cookie's name carries the journal's short name.
    @Test func theKeyCookieOfOneJournalIsNotTakenByAServeOfAnotherOnTheSamePort() async throws {
        let journalA = EditSettings.journalScope(ofRealPath: "/home/ann/Journal")
        let journalB = EditSettings.journalScope(ofRealPath: "/home/ann/Work")
        #expect(journalA != journalB)
        #expect(journalA == EditSettings.journalScope(ofRealPath: "/home/ann/Journal"))
        #expect(journalA.count == 8 && journalA.allSatisfy(\.isHexDigit), "\(journalA)")
        try await Self.withEditingServer(journal: journalB) { port, log, _ in
            let visit = try await LoopbackHTTP.request("/?key=\(Self.key)", port: port)
            let setCookie = try #require(visit.headers["set-cookie"])
            #expect(setCookie.hasPrefix("brewguide_key_\(port)_\(journalB)="), "the cookie's name carries the port and the journal: \(setCookie)")
            for other in ["brewguide_key_\(port)_\(journalA)", "brewguide_key_\(port)"] {
                let (status, json) = try await Self.post("recipe=v60&rating=4", port: port, headers: ["Cookie: \(other)=\(Self.key)"])
                #expect(status == 403, "\(other): \(json)")
            }
            #expect(log.count == 0)
            let (own, _) = try await Self.post("recipe=v60&rating=4", port: port, headers: ["Cookie: " + String(setCookie.prefix { $0 != ";" })])
            #expect(own == 201)
            #expect(log.count == 1)
        }
        #expect(EditSettings.cookieName(port: 8000, journal: journalA) == "brewguide_key_8000_\(journalA)")
        #expect(EditSettings.cookieName(port: 8443, journal: journalA, secure: true) == "__Host-brewguide_key_8443_\(journalA)")
    }

    @Test(arguments: [
        [String](),
        ["X-Brewguide-Key: wrong-0123456789abcdefghij"],
        ["Cookie: brewguide_key=\(String(Self.key.dropLast()))"],
        ["X-Brewguide-Key: \(Self.key)", "Origin: http://journal.example.com"],
        ["X-Brewguide-Key: \(Self.key)", "Origin: null"],
        ["X-Brewguide-Key: \(Self.key)", "Origin: http://127.0.0.1:1"],
    ])
    func aWriteWithoutTheKeyOrFromAnotherOriginIsRefused403AndWritesNothing(headers: [String]) async throws {
        try await Self.withEditingServer { port, log, _ in
            let (status, json) = try await Self.post("recipe=v60&rating=4", port: port, headers: headers)
            #expect(status == 403)
            #expect((json["errors"] as? [String])?.isEmpty == false)
            #expect(log.count == 0)
        }
    }

    @Test func aWriteFromThisServersOwnOriginIsTaken() async throws {
        try await Self.withEditingServer { port, log, _ in
            let (status, _) = try await Self.post("recipe=v60&rating=4", port: port, headers: ["X-Brewguide-Key: \(Self.key)", "Origin: http://localhost:\(port)"])
            #expect(status == 201)
            #expect(log.count == 1)
        }
    }

    @Test func aWriteForAnotherHostIsRefused() async throws {
        try await Self.withEditingServer { port, log, _ in
            let (status, _) = try await Self.post("recipe=v60&rating=4", port: port, host: "127.0.0.1.nip.io")
            #expect(status == 403)
            #expect(log.count == 0)
        }
    }

    @Test func unknownRepeatedOrUndecodableFieldsAreRefused422() async throws {
        try await Self.withEditingServer { port, log, _ in
            for form in ["recipe=v60&rating=4&path=..%2F..%2Fetc", "recipe=v60&recipe=x&rating=4", "recipe=%FF&rating=4"] {
                let (status, json) = try await Self.post(form, port: port)
                #expect(status == 422, "\(form)")
                #expect((json["errors"] as? [String])?.isEmpty == false)
            }
            #expect(log.count == 0)
        }
    }

    @Test func theCommandsOwnRefusalIsAnswered422WithItsWords() async throws {
        try await Self.withEditingServer { port, _, _ in
            let (status, json) = try await Self.post("recipe=v60&rating=9", port: port)
            #expect(status == 422)
            #expect(json["errors"] as? [String] == ["Data/logs/2026-11.json:3:5: error: rating must be 1–5, found 9 (--rating)"])
        }
    }

    @Test func anotherContentTypeIsRefused415AndAnOversizedBody413() async throws {
        try await Self.withEditingServer { port, log, _ in
            let (json, _) = try await Self.post("{\"rating\": 4}", port: port, contentType: "application/json")
            #expect(json == 415)
            let (large, _) = try await Self.post("note=" + String(repeating: "a", count: 70_000), port: port)
            #expect(large == 413)
            #expect(log.count == 0)
        }
    }

    @Test func theSameIdempotencyValueRecordsOneBrew() async throws {
        try await Self.withEditingServer { port, log, _ in
            let (first, firstJSON) = try await Self.post("recipe=v60&rating=4&idempotency=save-1", port: port)
            let (again, againJSON) = try await Self.post("recipe=v60&rating=4&idempotency=save-1", port: port)
            let (other, _) = try await Self.post("recipe=v60&rating=4&idempotency=save-2", port: port)
            let statuses: [Int] = [first, again, other]
            #expect(statuses == [201, 201, 201])
            let (firstID, againID) = (firstJSON["id"] as? String, againJSON["id"] as? String)
            #expect(firstID == "log-1")
            #expect(againID == "log-1")
            #expect(log.count == 2)
            #expect(log.forms.withLock { $0 }.allSatisfy { $0["idempotency"] == nil })
        }
    }

    /// Issue 45: two different saves with one `idempotency` value (two scripted saves in one
    /// second with `$(date +%s)`) answered 201 with the first's id, and the second was lost.
    @Test func theSameIdempotencyValueWithOtherFieldsIsRefused409() async throws {
        try await Self.withEditingServer { port, log, _ in
            let (first, _) = try await Self.post("recipe=v60&rating=4&idempotency=1764633600", port: port)
            let (other, otherJSON) = try await Self.post("recipe=v60&rating=5&note=second&idempotency=1764633600", port: port)
            #expect(first == 201)
            #expect(other == 409)
            #expect(otherJSON["reused"] as? Bool == true)
            let words = (otherJSON["errors"] as? [String] ?? []).joined()
            #expect(words.contains("already used for another save with other fields; nothing was written"), "\(words)")
            #expect(log.count == 1)
            // The first save sent again as it was still gets its answer.
            let (again, againJSON) = try await Self.post("recipe=v60&rating=4&idempotency=1764633600", port: port)
            #expect(again == 201 && againJSON["id"] as? String == "log-1")
        }
    }

    /// Issue 45: refused saves used up the rate, so a person fixing a form was told "too many".
    @Test func refusedAndBusyWritesTakeNoPlaceInTheRate() async throws {
        try await Self.withEditingServer(burst: 2) { port, log, _ in
            var statuses: [Int] = []
            for _ in 0..<4 { statuses.append(try await Self.post("recipe=v60&rating=9", port: port).0) }
            statuses.append(try await Self.post("recipe=v60&rating=4&note=busy", port: port).0)
            for _ in 0..<3 { statuses.append(try await Self.post("recipe=v60&rating=4", port: port).0) }
            #expect(statuses == [422, 422, 422, 422, 503, 201, 201, 429])
            #expect(log.count == 2)
        }
    }

    /// Issue 45: the server's own busy state (the data folder held by another command, a full
    /// disk) is 503 with Retry-After, so the phone's queue keeps the save and waits; a busy
    /// answer is not remembered for its idempotency value.
    @Test func theServersOwnBusyStateIs503WithRetryAfter() async throws {
        try await Self.withEditingServer { port, log, _ in
            let form = "recipe=v60&rating=4&note=busy&idempotency=kept-1"
            let lines = ["POST /_api/log HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/x-www-form-urlencoded",
                         "Content-Length: \(form.utf8.count)", "Connection: close", "X-Brewguide-Key: \(Self.key)"]
            let response = try await LoopbackHTTP.exchange(Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + form).utf8), port: port)
            #expect(response.statusCode == 503)
            #expect(response.headers["retry-after"] == "5")
            #expect(String(decoding: response.body, as: UTF8.self).contains("in use by brewguide merge"))
            #expect(log.count == 0)
        }
    }

    /// The time of the tap (`tapped`) is taken by any write and handed to the endpoint, not as a field.
    @Test func theTapsTimeReachesTheEndpointBesideTheFields() async throws {
        let seen = Mutex<[String?]>([])
        let endpoint = WriteEndpoint(path: "/_api/log", knownFields: ["recipe"]) { fields, context in
            seen.withLock { $0.append(context.tapped) }
            return fields["tapped"] == nil ? .created(id: "x", page: "/x.html") : .refused(errors: ["tapped reached the fields"])
        }
        let site = try TestSite()
        defer { site.remove() }
        let server = PreviewServer(siteDirectory: site.siteDirectory.path, port: 0, heartbeatInterval: .seconds(15),
                                   edit: EditSettings(key: Self.key, lanAddresses: [], endpoints: [endpoint]))
        let serving = Task { try await server.run() }
        let port = try await server.boundPort
        let (status, _) = try await Self.post("recipe=v60&tapped=2026-12-01T21%3A01%3A38.120Z", port: port)
        let (plain, _) = try await Self.post("recipe=v60", port: port)
        serving.cancel()
        try await serving.value
        #expect(status == 201 && plain == 201)
        let tapped: [String?] = seen.withLock { $0 }
        #expect(tapped.count == 2 && tapped.first == "2026-12-01T21:01:38.120Z" && tapped.last == .some(nil))
    }

    @Test func writesPastTheRateAreRefused429() async throws {
        try await Self.withEditingServer(burst: 3) { port, log, _ in
            var statuses: [Int] = []
            for _ in 0..<5 { statuses.append(try await Self.post("recipe=v60&rating=4", port: port).0) }
            #expect(statuses == [201, 201, 201, 429, 429])
            #expect(log.count == 3)
        }
    }

    @Test func editAloneRefusesAWriteFromAnotherMachine() async throws {
        let log = FakeLog()
        let writes = WriteRequestHandler(settings: EditSettings(key: Self.key, lanAddresses: [], endpoints: [log.endpoint]))
        let head = HTTPRequestHead(method: "POST", target: "/_api/log", minorVersion: 1, headers: [
            "Host": "127.0.0.1", "Content-Type": "application/x-www-form-urlencoded", "X-Brewguide-Key": Self.key,
        ])
        let fromPhone = ServerRequest(head: head, body: Data("recipe=v60&rating=4".utf8), peerAddress: "192.168.1.20")
        #expect(await writes.handle(fromPhone, endpoint: log.endpoint, boundPort: 8000).status == .forbidden)
        #expect(log.count == 0)
        var fromHere = fromPhone
        fromHere.peerAddress = "127.0.0.1"
        #expect(await writes.handle(fromHere, endpoint: log.endpoint, boundPort: 8000).status == .created)
        #expect(log.count == 1)
    }

    @Test func withLanAnotherMachineReadsPagesOnlyWithTheKey() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let log = FakeLog()
        let handler = SiteRequestHandler(
            resolver: SitePathResolver(siteDirectory: site.siteDirectory.path),
            broadcaster: BuildStatusBroadcaster(),
            writes: WriteRequestHandler(settings: EditSettings(key: Self.key, lanAddresses: ["192.168.1.20"], endpoints: [log.endpoint]))
        )
        func get(_ target: String, from peer: String, headers: HTTPHeaderFields = [:]) async -> ServerResponse {
            var fields: HTTPHeaderFields = ["Host": "192.168.1.20:8000"]
            for field in headers { fields[field.name] = field.value }
            return await handler.handleRequest(ServerRequest(head: HTTPRequestHead(method: "GET", target: target, minorVersion: 1, headers: fields), body: Data(), peerAddress: peer))
        }
        #expect(await get("/", from: "192.168.1.31").status == .forbidden)
        #expect(await get("/?key=\(Self.key)", from: "192.168.1.31").status == .seeOther)
        #expect(await get("/", from: "192.168.1.31", headers: ["Cookie": "brewguide_key=\(Self.key)"]).status == .ok)
        #expect(await get("/", from: "127.0.0.1").status == .ok)
    }

    @Test func plainServeTakesNoWrites() async throws {
        try await withPreviewServer { _, port, _ in
            let (status, _) = try await Self.post("recipe=v60&rating=4", port: port)
            #expect(status == 405)
        }
    }

    @Test func lanListensOnItsAddressesAndLoopbackWhileEditListensOnLoopbackOnly() async throws {
        // No traffic goes to the LAN address: only where the server listens is checked. The
        // address is one of this machine's loopback range, standing for a LAN address.
        try await Self.withEditingServer(lanAddresses: ["127.0.0.3"]) { port, _, server in
            #expect(await server.listeningAddresses == ["127.0.0.1:\(port)", "127.0.0.3:\(port)"])
        }
        try await Self.withEditingServer { port, _, server in
            #expect(await server.listeningAddresses == ["127.0.0.1:\(port)"])
        }
    }
}
