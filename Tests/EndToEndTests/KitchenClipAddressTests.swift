import Foundation
import Testing
import TestSupport

/// Where `kitchen clip` may fetch from (issue 37): an address the person types that is not
/// https (or http on this machine) is refused saying which addresses are fetched; a page's
/// redirect or photo never reaches this machine but at the place typed; an inbox entry's URL is
/// never read as a file. Served from 127.0.0.1 only: there is no internet.
@Suite(.serialized) struct KitchenClipAddressTests {
    @Test(arguments: ["file:///etc/passwd", "gopher://127.0.0.1:70/1", "dict://127.0.0.1:2628/d:word", "ftp://127.0.0.1/recipe.txt", "scp://127.0.0.1/etc/passwd"])
    func anAddressOfAnotherSchemeSaysWhatIsFetched(_ address: String) throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let result = try BrewGuideProcess.run(["kitchen", "clip", address, "--data", data.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(address): only https:// addresses are fetched (and plain http:// ones you type for this machine: 127.0.0.1 or localhost)"), "\(result.stderr)")
        #expect(!result.stderr.contains("cannot read the file"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was written. Use the page's https:// address"), "\(result.stderr)")
    }

    @Test func anInboxURLIsNeverReadAsAFile() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        // A caption file that would make a recipe if it were read.
        let caption = data.deletingLastPathComponent().appendingPathComponent("secret.txt")
        try "Secret toast\n2 slices bread\n1. Toast the bread.".write(to: caption, atomically: true, encoding: .utf8)
        let inbox = data.appendingPathComponent("kitchen/inbox.json")
        try """
            [{"id": "share-1", "type": "url", "content": "\(caption.path)", "status": "pending"},
             {"id": "share-2", "type": "url", "content": "file://\(caption.path)", "status": "pending"}]
            """.write(to: inbox, atomically: true, encoding: .utf8)
        let result = try BrewGuideProcess.run(["kitchen", "clip", "--inbox", "--data", data.path])
        #expect(result.status == 1, "\(result.stdout)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: inbox)) as? [[String: Any]])
        #expect(entries.map { $0["status"] as? String } == ["failed", "failed"])
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("kitchen/recipes/secret-toast.json").path), "the file was read as a caption")
        #expect((entries[1]["error"] as? String)?.contains("a file: address is never fetched") == true, "\(entries)")
    }

    @Test func aPagesPhotoElsewhereOnThisMachineIsRefusedSayingWhy() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let folder = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: folder) }
        let served = folder.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        let server = try StaticFileServer(serving: served)
        defer { server.stop() }
        let port = try #require(URL(string: server.base)?.port)
        try Data(TestImages.photo(width: 300, height: 200, format: "jpg")).write(to: served.appendingPathComponent("eggs.jpg"))
        // The same photo by another name for this machine: a page cannot choose it.
        let photo = "http://localhost:\(port)/eggs.jpg"
        try KitchenClipPhotoTests.page(title: "Poached eggs", image: photo).write(to: served.appendingPathComponent("eggs.html"), atomically: true, encoding: .utf8)
        var result = try BrewGuideProcess.run(["kitchen", "clip", server.base + "/eggs.html", "--data", data.path])
        for _ in 0..<30 where result.stderr.contains("Connection refused") || result.stderr.contains("Couldn't connect") {
            Thread.sleep(forTimeInterval: 0.2)
            result = try BrewGuideProcess.run(["kitchen", "clip", server.base + "/eggs.html", "--data", data.path])
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("the photo could not be saved (not fetched: it leads to this machine or its local network (localhost), where a page may not send a fetch; only an address you type is fetched there)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("kitchen/images/poached-eggs.jpg").path))
    }
}
