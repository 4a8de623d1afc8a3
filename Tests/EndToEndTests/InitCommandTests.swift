import Foundation
import Testing

/// `brewguide init`, and what `check` and `build` say about a folder with no journal in it.
@Suite("brewguide init, end to end")
struct InitCommandTests {
    @Test func makesAStarterJournalThatChecksClean() throws {
        let folder = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = folder.appendingPathComponent("my-coffee")
        let made = try BrewGuideProcess.run(["init", journal.path])
        #expect(made.status == 0)
        #expect(made.stdout.contains("recipes/v60-starter.json"))
        for name in ["recipes", "logs", "sessions"] {
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: journal.appendingPathComponent(name).path, isDirectory: &isDirectory) && isDirectory.boolValue)
        }
        let preferences = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: journal.appendingPathComponent("preferences.json"))) as? [String: Any])
        #expect(preferences["lastSelectedRecipeId"] as? String == "v60-starter")
        let zone = try #require(preferences["timeZone"] as? String)
        #expect(TimeZone(identifier: zone) != nil)

        // 001 §9.3's quick drinks: "12oz beer", "5oz wine", "vodka soda".
        #expect(made.stdout.contains("sessions/presets.json"))
        let presets = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: journal.appendingPathComponent("sessions/presets.json"))) as? [[String: Any]])
        #expect(presets.map { $0["name"] as? String } == ["12oz beer", "5oz wine", "Vodka soda"])
        #expect(presets.map { $0["drinkType"] as? String } == ["beer", "wine", "cocktail"])

        let check = try BrewGuideProcess.run(["check", "--data", journal.path])
        #expect(check.status == 0)
        #expect(check.stdout == "")
        #expect(check.stderr.contains("checked 1 recipe, 0 logs and 0 sessions: 0 errors, 0 warnings"))
        let plan = try BrewGuideProcess.run(["scale", "v60-starter", "--data", journal.path])
        #expect(plan.stdout.contains("Wait for drawdown, target finish 3:00–3:30"))
    }

    @Test func refusesAFolderWithFilesUnlessForced() throws {
        let folder = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notes = folder.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: notes)
        let refused = try BrewGuideProcess.run(["init", folder.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is not empty (it holds notes.txt)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])

        // --force adds only what is missing: an existing preferences file stays byte for byte.
        let preferences = folder.appendingPathComponent("preferences.json")
        let mine = Data("{ \"lastSelectedRecipeId\": \"v60-starter\" }\n".utf8)
        try mine.write(to: preferences)
        let forced = try BrewGuideProcess.run(["init", folder.path, "--force"])
        #expect(forced.status == 0)
        #expect(try Data(contentsOf: preferences) == mine)
        #expect(try Data(contentsOf: notes) == Data("mine".utf8))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("recipes/v60-starter.json").path))
        let again = try BrewGuideProcess.run(["init", folder.path, "--force"])
        #expect(again.stdout.contains("nothing was added"))
    }

    @Test func anEmptyFolderSaysHowToStart() throws {
        let parent = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        // The site goes beside the data folder: a build into a folder inside it is refused.
        let folder = parent.appendingPathComponent("Data")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for command in ["check", "build"] {
            var arguments = [command, "--data", folder.path]
            if command == "build" { arguments += ["--output", parent.appendingPathComponent("Site").path] }
            let result = try BrewGuideProcess.run(arguments)
            #expect(result.status == 1)
            let text = result.stdout + result.stderr
            #expect(text.contains("\(folder.path): error: \(folder.path) has no recipes/ folder, so there is nothing to brew; start a journal here with `brewguide init \(folder.path)`"))
            #expect(!text.contains("recipes:1"))
        }
        // An empty recipes/ folder is named itself.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("recipes"), withIntermediateDirectories: true)
        let check = try BrewGuideProcess.run(["check", "--data", folder.path])
        #expect(check.stdout.hasPrefix("\(folder.path)/recipes: error: no recipes in \(folder.path)/recipes/"))
    }

    /// A starter file that is there but broken: `init --force` writes nothing over it, so neither
    /// `check` nor `init` may offer it as the cure; both say what is wrong and what would help.
    @Test func aBrokenStarterIsNamedNotCalledMissing() throws {
        let folder = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let journal = folder.appendingPathComponent("j").path
        #expect(try BrewGuideProcess.run(["init", journal]).status == 0)
        let starter = "\(journal)/recipes/v60-starter.json"
        try Data("{\"id\": \"v60-starter\", \"isStarter\": true\n".utf8).write(to: URL(fileURLWithPath: starter))

        let check = try BrewGuideProcess.run(["check", "--data", journal])
        #expect(check.status == 1)
        #expect(check.stdout.contains("\(journal)/recipes: error: no valid recipe in \(journal)/recipes/: v60-starter.json could not be read as recipes (the errors there say why); fix it, or move \(starter) away and run `brewguide init \(journal) --force` to write the V60 starter again"))
        #expect(check.stdout.contains("\(starter):2:1: error: "))

        let forced = try BrewGuideProcess.run(["init", journal, "--force"])
        #expect(forced.status == 1)
        #expect(!forced.stdout.contains("nothing was added"))
        #expect(forced.stderr.hasPrefix("error: \(starter) is there but is not a valid starter recipe (\(starter):2:1: error: "))
        #expect(forced.stderr.hasSuffix("init changed nothing in it: fix it, or move it away and run `brewguide init \(journal) --force` to write the V60 starter again\n"))

        // Moved away, as advised: init --force writes the starter and check passes.
        try FileManager.default.moveItem(atPath: starter, toPath: "\(journal)/broken-starter.txt")
        #expect(try BrewGuideProcess.run(["init", journal, "--force"]).status == 0)
        #expect(try BrewGuideProcess.run(["check", "--data", journal]).status == 0)
    }
}
