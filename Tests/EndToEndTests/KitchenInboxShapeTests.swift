import Foundation
import Testing

/// Issue 26: MOD/DATA/005's PendingImport shape, `clip --inbox --retry`, and MOD/SYS/003.2 (TC-025):
/// a page that cannot be fetched does not block the import.
@Suite struct KitchenInboxShapeTests {
    /// Port 9 (discard) on this machine refuses the connection at once: a fetch that fails.
    static let unreachable = "http://127.0.0.1:9/shakshuka"

    @Test func theDocumentsShapeIsReadAndAFailedFetchKeepsAShell() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let inbox = data.appendingPathComponent("kitchen/inbox.json")
        try """
            [
              {"id": "imp-1", "url": "\(Self.unreachable)", "status": "importing", "title": "Green shakshuka",
               "thumbnail": "https://example.com/green.jpg", "caption": "Spinach and feta shakshuka", "createdAt": "2026-11-20T08:00:00Z"}
            ]
            """.write(to: inbox, atomically: true, encoding: .utf8)
        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(!(check.stdout + check.stderr).contains("inbox.json"), "\(check.stdout)\(check.stderr)")

        let result = try BrewGuideProcess.run(["kitchen", "clip", "--inbox", "--data", data.path])
        #expect(result.status == 0, "the import is not blocked: \(result.stderr)")
        #expect(result.stderr.contains("inbox imp-1: Couldn't retrieve metadata ("), "\(result.stderr)")
        // The URL is named once in each message, never twice.
        for line in (result.stdout + result.stderr).split(separator: "\n") {
            #expect(line.components(separatedBy: Self.unreachable).count <= 2, "\(line)")
        }
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: inbox)) as? [[String: Any]])
        #expect(entries[0]["status"] as? String == "ready")
        #expect(entries[0]["error"] as? String == "Couldn't retrieve metadata")
        let recipeID = try #require(entries[0]["recipeId"] as? String)
        #expect(recipeID == "green-shakshuka", "the shell takes the share's title")
        let recipe = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: data.appendingPathComponent("kitchen/recipes/\(recipeID).json"))) as? [String: Any])
        #expect(recipe["sourceUrl"] as? String == Self.unreachable)
        #expect(recipe["title"] as? String == "Green shakshuka")
        #expect(try BrewGuideProcess.run(["check", "--data", data.path]).status == 0)
    }

    @Test func retryClipsTheFailedEntriesAgain() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let inbox = data.appendingPathComponent("kitchen/inbox.json")
        try """
            [{"id": "share-1", "type": "text", "content": "Garlic toast\\n2 slices bread\\n1 clove garlic\\n1. Toast the bread.", "status": "failed", "error": "no answer"}]
            """.write(to: inbox, atomically: true, encoding: .utf8)
        let plain = try BrewGuideProcess.run(["kitchen", "clip", "--inbox", "--data", data.path])
        #expect(plain.stdout.contains("the inbox has nothing pending"))
        let retried = try BrewGuideProcess.run(["kitchen", "clip", "--inbox", "--retry", "--data", data.path])
        #expect(retried.status == 0, "\(retried.stderr)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: inbox)) as? [[String: Any]])
        #expect(entries[0]["status"] as? String == "ready")
        #expect(entries[0]["recipeId"] as? String == "garlic-toast")
        let alone = try BrewGuideProcess.run(["kitchen", "clip", "--retry", "x.html", "--data", data.path])
        #expect(alone.status != 0)
        #expect(alone.stderr.contains("--retry goes with --inbox"))
    }

    /// A direct clip of a page that cannot be fetched names the URL once.
    @Test func aFailedFetchNamesTheURLOnce() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let result = try BrewGuideProcess.run(["kitchen", "clip", Self.unreachable, "--data", data.path])
        #expect(result.status == 1)
        #expect(result.stderr.components(separatedBy: Self.unreachable).count == 2, "\(result.stderr)")
        let refused = try BrewGuideProcess.run(["kitchen", "clip", "http://example.com/page", "--data", data.path])
        #expect(refused.stderr.components(separatedBy: "http://example.com/page").count == 2, "\(refused.stderr)")
    }
}
