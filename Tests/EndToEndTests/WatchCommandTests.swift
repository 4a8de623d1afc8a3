import Foundation
import Testing

/// `brewguide watch` against real file-system events: after each change the site it keeps must
/// equal what `brewguide build` makes from the same data.
@Suite("brewguide watch, end to end", .serialized)
struct WatchCommandTests {
    /// A running `brewguide watch` whose output lines are collected as they come.
    final class Watcher: RunningBrewGuide, @unchecked Sendable {
        init(_ arguments: [String]) throws { try super.init(running: ["watch"] + arguments) }
    }

    /// Every file of a built site, by relative path.
    static func tree(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        while let relative = enumerator.nextObject() as? String {
            if (enumerator.fileAttributes?[.type] as? FileAttributeType) == .typeRegular {
                files[relative] = FileManager.default.contents(atPath: root.appendingPathComponent(relative).path)
            }
        }
        return files
    }

    static func save(_ text: String, to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".goutputstream-\(UUID().uuidString.prefix(6))")
        try text.write(to: temporary, atomically: false, encoding: .utf8)
        #expect(rename(temporary.path, file.path) == 0)
    }

    static func log(id: String, day: Int, rating: Int, note: String) -> String {
        """
        {"id": "\(id)", "timestamp": "2026-12-\(String(format: "%02d", day))T08:00:00Z", "method": "v60", "recipeId": "bright-morning",
         "recipeNameAtBrew": "Bright Morning", "doseGrams": 18, "targetYieldGrams": 300, "waterTemperatureCelsius": 96,
         "grindLabel": "medium", "rating": \(rating), "note": "\(note)"}
        """
    }

    @Test func keepsTheSiteEqualToAFullBuildThroughEditsRenamesDeletionsAndBursts() throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let root = data.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: root) }
        // The one active session's page depends on the clock; end it so pages are stable.
        let sessions = data.appendingPathComponent("sessions/sessions.csv")
        try String(contentsOf: sessions, encoding: .utf8)
            .replacingOccurrences(of: "birthday-1121,2026-11-21T16:30:00Z,,true", with: "birthday-1121,2026-11-21T16:30:00Z,2026-11-22T01:00:00Z,false")
            .write(to: sessions, atomically: true, encoding: .utf8)
        let site = root.appendingPathComponent("Site")
        let watcher = try Watcher(["--data", data.path, "--output", site.path])
        defer { if watcher.process.isRunning { _ = watcher.interrupt() } }
        #expect(watcher.waitFor("watching", times: 1), "\(watcher.output)")

        var rebuilds = 0
        /// Saves a new log, `logs/settle-<label>.json`, and waits for the rebuild that names it. The
        /// watcher takes events in order and each rebuild compares every file with the last, so by
        /// then every change made before it has been rebuilt: what came before can be counted
        /// without waiting a set time for a rebuild that might still come.
        func settle(_ label: String, day: Int) throws {
            let name = "logs/settle-\(label).json"
            try Self.save("[" + Self.log(id: "settle-\(label)", day: day, rating: 3, note: "Settled.") + "]", to: data.appendingPathComponent(name))
            #expect(watcher.waitFor("rebuilt after \(name):", times: 1), "\(label): \(watcher.output)")
        }

        func expectSameAsFullBuild(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            rebuilds += 1
            #expect(watcher.waitFor("rebuilt after", times: rebuilds), "\(step): no rebuild line in \(watcher.output)", sourceLocation: sourceLocation)
            let fresh = root.appendingPathComponent("Fresh")
            let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", fresh.path, "--quiet"])
            #expect(build.status == 0, "\(build.stderr)", sourceLocation: sourceLocation)
            let kept = try Self.tree(site)
            let full = try Self.tree(fresh)
            #expect(kept.keys.sorted() == full.keys.sorted(), "\(step): same files", sourceLocation: sourceLocation)
            let differing = full.keys.filter { kept[$0] != full[$0] }.sorted()
            #expect(differing.isEmpty, "\(step): differs from a full build: \(differing.prefix(5))", sourceLocation: sourceLocation)
        }

        // An edit in place.
        let august = data.appendingPathComponent("logs/2026-08.json")
        var text = try String(contentsOf: august, encoding: .utf8)
        try text.replacingOccurrences(of: "Nailed the drawdown at 3:05.", with: "Nailed it at 3:05, edited in place.")
            .write(to: august, atomically: false, encoding: .utf8)
        try expectSameAsFullBuild("edit in place")

        // A save by rename, as gedit and most editors do.
        text = try String(contentsOf: august, encoding: .utf8)
        try Self.save(text.replacingOccurrences(of: "edited in place", with: "saved by rename"), to: august)
        try expectSameAsFullBuild("rename save")
        #expect(try String(contentsOf: site.appendingPathComponent("logs/2026/08/log-20260803-1327.html"), encoding: .utf8).contains("saved by rename"))

        // A deletion, and a new subdirectory with a file.
        try FileManager.default.removeItem(at: data.appendingPathComponent("logs/2026-09.json"))
        try expectSameAsFullBuild("deletion")
        try Self.save("[" + Self.log(id: "log-20261201", day: 1, rating: 4, note: "New folder.") + "]", to: data.appendingPathComponent("logs/2026/12.json"))
        try expectSameAsFullBuild("new subdirectory")

        // A kitchen thumbnail replaced (saved by rename, as an image editor does): copied again.
        let photo = data.appendingPathComponent("kitchen/images/shakshuka.png")
        let newPhoto = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 7, 7, 7])
        let photoTemporary = photo.deletingLastPathComponent().appendingPathComponent(".shakshuka.png.tmp")
        try newPhoto.write(to: photoTemporary)
        #expect(rename(photoTemporary.path, photo.path) == 0)
        // (The new folder above may have made two rebuilds: wait for this one by name.)
        #expect(watcher.waitFor("rebuilt after kitchen/images/shakshuka.png", times: 1), "\(watcher.output)")
        rebuilds = watcher.count("rebuilt after") - 1
        try expectSameAsFullBuild("thumbnail replaced")
        #expect(FileManager.default.contents(atPath: site.appendingPathComponent("kitchen/images/shakshuka.png").path) == newPhoto)

        // Editor droppings alone make no rebuild: after them, one change makes one rebuild, its own.
        let before = watcher.count("rebuilt after")
        try "swap".write(to: data.appendingPathComponent("logs/.2026-08.json.swp"), atomically: false, encoding: .utf8)
        try "".write(to: data.appendingPathComponent("logs/4913"), atomically: false, encoding: .utf8)
        try "backup".write(to: data.appendingPathComponent("logs/2026-08.json~"), atomically: false, encoding: .utf8)
        try settle("droppings", day: 26)
        #expect(watcher.count("rebuilt after") == before + 1, "droppings rebuilt: \(watcher.output)")
        rebuilds = watcher.count("rebuilt after") - 1
        try expectSameAsFullBuild("after the droppings")

        // An invalid edit keeps the last good site; the fix recovers.
        let good = try Self.tree(site)
        let december = data.appendingPathComponent("logs/2026/12.json")
        try Self.save("[" + Self.log(id: "log-20261201", day: 1, rating: 9, note: "New folder.") + "]", to: december)
        #expect(watcher.waitFor("build failed", times: 1), "\(watcher.output)")
        #expect(watcher.output.contains("12.json:3:"), "the error names the file and line: \(watcher.output)")
        #expect(try Self.tree(site) == good)
        try Self.save("[" + Self.log(id: "log-20261201", day: 1, rating: 3, note: "Fixed.") + "]", to: december)
        try expectSameAsFullBuild("fixed")

        // A sync drops a folder of 500 files at once (downloaded beside the data, then moved in, as
        // sync tools place what they fetched): exactly one rebuild, and the same site. The change
        // that settles it closes the count, so nothing is left to time: a second rebuild of the
        // burst would come before that change's own. (How 500 separate writes coalesce, which
        // depends on the machine's speed, is CoalescingTests' to check, with the watcher alone.)
        let download = root.appendingPathComponent("burst-download")
        try FileManager.default.createDirectory(at: download, withIntermediateDirectories: true)
        for index in 0..<500 {
            let log = Self.log(id: "burst-\(index)", day: 1 + index % 28, rating: 1 + index % 5, note: "Burst \(index).")
            try ("[" + log + "]").write(to: download.appendingPathComponent("\(index).json"), atomically: false, encoding: .utf8)
        }
        let beforeBurst = watcher.count("rebuilt after")
        #expect(rename(download.path, data.appendingPathComponent("logs/burst").path) == 0)
        #expect(watcher.waitFor("rebuilt after", times: beforeBurst + 1), "\(watcher.output)")
        try settle("burst", day: 27)
        let burstRebuilds = watcher.count("rebuilt after") - 1 - beforeBurst
        #expect(burstRebuilds == 1, "500 files made \(burstRebuilds) rebuilds: \(watcher.output)")
        let burstPages = (0..<500).map { site.appendingPathComponent("logs/2026/12/burst-\($0).html").path }
        #expect(burstPages.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        rebuilds = watcher.count("rebuilt after") - 1
        try expectSameAsFullBuild("burst of 500 files")

        #expect(watcher.interrupt() == 0)
        #expect(watcher.output.contains("stopped;"))
    }

    @Test func aMissingDataDirectoryStopsAtOnce() throws {
        let result = try BrewGuideProcess.run(["watch", "--data", "/nonexistent/brew-data", "--output", "/nonexistent/Site"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("/nonexistent/brew-data: error: the data directory does not exist"))
    }
}
