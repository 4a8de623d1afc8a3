import Foundation
import Testing

/// `brewguide watch` against real file-system events: after each change the site it keeps must
/// equal what `brewguide build` makes from the same data.
@Suite("brewguide watch, end to end", .serialized)
struct WatchCommandTests {
    /// A running `brewguide watch` whose output lines are collected as they come.
    final class Watcher: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var text = ""

        init(_ arguments: [String]) throws {
            process.executableURL = BrewGuideProcess.binary
            process.arguments = ["watch"] + arguments
            // The clock of the full builds it is compared with: the meal plan's current week is the run's.
            process.environment = ProcessInfo.processInfo.environment.merging(["BREWGUIDE_NOW": BrewGuideProcess.fixedNow]) { _, new in new }
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                guard let self, !data.isEmpty else { return }
                self.lock.lock()
                self.text += String(decoding: data, as: UTF8.self)
                self.lock.unlock()
            }
            try process.run()
        }

        var output: String {
            lock.lock()
            defer { lock.unlock() }
            return text
        }

        func count(_ needle: String) -> Int { output.components(separatedBy: needle).count - 1 }

        /// Waits until `needle` has appeared `times` times in all; false after `seconds`.
        func waitFor(_ needle: String, times: Int, seconds: Double = 30) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if count(needle) >= times { return true }
                usleep(20_000)
            }
            return false
        }

        func interrupt() -> Int32 {
            process.interrupt()
            process.waitUntilExit()
            return process.terminationStatus
        }
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

        // Editor droppings alone make no rebuild.
        let before = watcher.count("rebuilt after")
        try "swap".write(to: data.appendingPathComponent("logs/.2026-08.json.swp"), atomically: false, encoding: .utf8)
        try "".write(to: data.appendingPathComponent("logs/4913"), atomically: false, encoding: .utf8)
        try "backup".write(to: data.appendingPathComponent("logs/2026-08.json~"), atomically: false, encoding: .utf8)
        usleep(800_000)
        #expect(watcher.count("rebuilt after") == before, "droppings rebuilt: \(watcher.output)")

        // An invalid edit keeps the last good site; the fix recovers.
        let good = try Self.tree(site)
        let december = data.appendingPathComponent("logs/2026/12.json")
        try Self.save("[" + Self.log(id: "log-20261201", day: 1, rating: 9, note: "New folder.") + "]", to: december)
        #expect(watcher.waitFor("build failed", times: 1), "\(watcher.output)")
        #expect(watcher.output.contains("12.json:3:"), "the error names the file and line: \(watcher.output)")
        #expect(try Self.tree(site) == good)
        try Self.save("[" + Self.log(id: "log-20261201", day: 1, rating: 3, note: "Fixed.") + "]", to: december)
        try expectSameAsFullBuild("fixed")

        // A sync drops 500 files at once: one rebuild (two at most), and the same site.
        let burst = data.appendingPathComponent("logs/burst")
        try FileManager.default.createDirectory(at: burst, withIntermediateDirectories: true)
        let beforeBurst = watcher.count("rebuilt after")
        let burstStart = Date()
        for index in 0..<500 {
            let log = Self.log(id: "burst-\(index)", day: 1 + index % 28, rating: 1 + index % 5, note: "Burst \(index).")
            try ("[" + log + "]").write(to: burst.appendingPathComponent("\(index).json"), atomically: false, encoding: .utf8)
        }
        // A batch is due at the latest 0.5 s after its first change (`DirectoryWatcher`'s maximum
        // delay): writes that take longer (a loaded machine) may be cut into one batch more per
        // half second, the more so the quicker each rebuild ends. One rebuild a file is the failure.
        let burstWriteSeconds = Date().timeIntervalSince(burstStart)
        #expect(watcher.waitFor("rebuilt after", times: beforeBurst + 1))
        // On a busy machine the rest of the burst may still be a second rebuild in progress (seconds
        // long): wait until every burst page is in the live site before counting and comparing.
        let burstPages = (0..<500).map { site.appendingPathComponent("logs/2026/12/burst-\($0).html").path }
        let burstDeadline = Date().addingTimeInterval(60)
        while Date() < burstDeadline, !burstPages.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) { usleep(50_000) }
        usleep(1_500_000)
        let burstRebuilds = watcher.count("rebuilt after") - beforeBurst
        let allowedRebuilds = 2 + Int(burstWriteSeconds / 0.5)
        #expect((1...allowedRebuilds).contains(burstRebuilds), "500 files written in \(burstWriteSeconds) s made \(burstRebuilds) rebuilds")
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
