import Foundation
import Testing
import TestSupport

/// `serve --edit` keeps the journal read between saves and reads again only the files whose
/// stamps changed: what another command or an editor changed on disk between two served saves
/// is seen by the second, which records or refuses exactly as `brewguide log` would.
@Suite("a served save sees what changed on disk since the last", .serialized)
struct ServedSaveSeesDiskChangesTests {
    @Test func aSaveSeesALogARecipeAndABrokenFileChangedSinceTheLastSave() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let root = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("Site")
        let server = try ServeEditCommandTests.Server(["--edit", "--data", data.path, "--output", site.path, "--port", "0"])
        defer { server.stop() }
        #expect(server.waitFor("watching"), "serve did not start: \(server.output)")
        guard let address = server.first(#"http://127\.0\.0\.1:[0-9]+/\?key=[A-Za-z0-9_-]+"#) else {
            Issue.record("no key line in \(server.output)")
            return
        }
        let key = String(address.split(separator: "=").last!)
        let api = String(address.prefix { $0 != "?" }) + "_api/log"
        let headers = ["Content-Type: application/x-www-form-urlencoded", "X-Brewguide-Key: \(key)"]
        func save(_ form: String) throws -> (status: Int, id: String?, body: String) {
            let (status, body) = try ServeEditCommandTests.post(form, to: api, headers: headers)
            let answer = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String]
            return (status, answer?["id"], body)
        }
        func log(_ arguments: [String]) throws -> BrewGuideProcess.Result {
            try BrewGuideProcess.run(["log"] + arguments + ["--data", data.path])
        }

        // A brew logged at the terminal between two served saves of the same minute: the second
        // takes the next free id, as `log` would.
        let first = try save("recipe=v60-starter&rating=4&at=2026-11-02T08:00&idempotency=one")
        #expect(first.status == 201, "\(first.body)")
        #expect(first.id == "log-20261102-0800")
        let terminal = try log(["v60-starter", "--rating", "3", "--at", "2026-11-02T08:00"])
        #expect(terminal.status == 0, "\(terminal.stderr)")
        #expect(terminal.stdout.contains("log-20261102-0800-2"), "\(terminal.stdout)")
        let second = try save("recipe=v60-starter&rating=5&at=2026-11-02T08:00&idempotency=two")
        #expect(second.status == 201, "\(second.body)")
        #expect(second.id == "log-20261102-0800-3", "\(second.body)")

        // A recipe added on disk since: a served save naming it is recorded.
        let recipes = data.appendingPathComponent("recipes")
        let bright = try String(contentsOf: recipes.appendingPathComponent("bright-morning.json"), encoding: .utf8)
        let counter = bright.replacingOccurrences(of: "\"bright-morning\"", with: "\"counter-blend\"")
            .replacingOccurrences(of: "\"Bright Morning\"", with: "\"Counter Blend\"")
        let counterFile = recipes.appendingPathComponent("counter-blend.json")
        try counter.write(to: counterFile, atomically: false, encoding: .utf8)
        let named = try save("recipe=counter-blend&rating=4&at=2026-11-03T08:00&idempotency=three")
        #expect(named.status == 201, "\(named.body)")
        #expect(named.id == "log-20261103-0800")

        // That recipe edited in place to be invalid: refused as `log` refuses it, nothing written.
        try counter.replacingOccurrences(of: "\"defaultDose\": 18", with: "\"defaultDose\": 0")
            .write(to: counterFile, atomically: false, encoding: .utf8)
        var before = ServeEditCommandTests.tree(data)
        let invalid = try save("recipe=counter-blend&rating=4&at=2026-11-04T08:00&idempotency=four")
        #expect(invalid.status == 422, "\(invalid.body)")
        #expect(invalid.body.contains("counter-blend") && invalid.body.contains("invalid"), "\(invalid.body)")
        #expect(ServeEditCommandTests.tree(data) == before)
        let invalidAtTerminal = try log(["counter-blend", "--rating", "4", "--at", "2026-11-04T08:00"])
        #expect(invalidAtTerminal.status != 0)
        Self.expectSameRefusal(served: invalid.body, terminal: invalidAtTerminal.stderr)

        // The month's logs file edited to be broken: refused as `log` refuses it, nothing written.
        let month = data.appendingPathComponent("logs/2026-11.csv")
        let handle = try FileHandle(forWritingTo: month)
        handle.seekToEndOfFile()
        handle.write(Data("log-20261105-0800,\"2026-11-05T08:00:00Z,v60\n".utf8))
        try handle.close()
        before = ServeEditCommandTests.tree(data)
        let broken = try save("recipe=v60-starter&rating=4&at=2026-11-06T08:00&idempotency=five")
        #expect(broken.status == 422, "\(broken.body)")
        #expect(ServeEditCommandTests.tree(data) == before)
        let brokenAtTerminal = try log(["v60-starter", "--rating", "4", "--at", "2026-11-06T08:00"])
        #expect(brokenAtTerminal.status != 0)
        Self.expectSameRefusal(served: broken.body, terminal: brokenAtTerminal.stderr)
        #expect(ServeEditCommandTests.tree(data) == before)
    }

    /// Each message of the served refusal is a line `log` printed (with its `error:` where it has one).
    static func expectSameRefusal(served body: String, terminal stderr: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let answer = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: [String]]
        let errors = answer?["errors"] ?? []
        #expect(!errors.isEmpty, "no errors in \(body)", sourceLocation: sourceLocation)
        for error in errors {
            #expect(stderr.contains(error), "\(error) is not in log's output:\n\(stderr)", sourceLocation: sourceLocation)
        }
    }
}
