import Foundation
import Testing

/// Where the journal is without `--data`: BREWGUIDE_DATA, then `data` in
/// `$XDG_CONFIG_HOME/brewguide/config.toml`, then ./Data; a bad config file is a located error, a
/// missing journal says where it was looked for, and `init --remember` records the journal.
@Suite("Where the journal is, end to end")
struct JournalLocationTests {
    /// A temporary folder with a journal made by `init` in `journal/`, an empty `work/` to run in
    /// and `config/` as XDG_CONFIG_HOME.
    struct Place {
        var root: URL
        var journal: URL { root.appendingPathComponent("journal") }
        var work: URL { root.appendingPathComponent("work") }
        var configHome: URL { root.appendingPathComponent("config") }
        var configFile: URL { configHome.appendingPathComponent("brewguide/config.toml") }

        init() throws {
            root = try BrewGuideProcess.temporaryDirectory()
            try FileManager.default.createDirectory(at: root.appendingPathComponent("work"), withIntermediateDirectories: true)
            let made = try BrewGuideProcess.run(["init", root.appendingPathComponent("journal").path], in: root)
            #expect(made.status == 0, "\(made.stderr)")
        }

        func writeConfig(_ text: String) throws {
            try FileManager.default.createDirectory(at: configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: configFile)
        }

        /// `--help` of `arguments` as one line: argument-parser wraps it at 80 columns, a path too.
        func help(_ arguments: [String], _ environment: [String: String] = [:]) throws -> String {
            try run(arguments + ["--help"], environment).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }

        func run(_ arguments: [String], _ environment: [String: String] = [:]) throws -> BrewGuideProcess.Result {
            try BrewGuideProcess.run(arguments, in: work, environment: ["XDG_CONFIG_HOME": configHome.path].merging(environment) { _, new in new })
        }
    }

    @Test func brewguideDataNamesTheJournal() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        let logged = try place.run(["log", "v60-starter", "--rating", "4"], ["BREWGUIDE_DATA": place.journal.path])
        #expect(logged.status == 0, "\(logged.stderr)")
        let logs = try FileManager.default.contentsOfDirectory(atPath: place.journal.appendingPathComponent("logs").path)
        #expect(!logs.isEmpty)
        let checked = try place.run(["check"], ["BREWGUIDE_DATA": place.journal.path])
        #expect(checked.status == 0)
        #expect(checked.stderr.contains("checked 1 recipe, 1 log and 0 sessions"), "\(checked.stderr)")
        // The help says which journal a command would use, and why.
        let help = try place.help(["check"], ["BREWGUIDE_DATA": place.journal.path])
        #expect(help.contains("Now: \(place.journal.path) (from BREWGUIDE_DATA)"), "\(help)")
    }

    @Test func theConfigFileNamesTheJournalAndTheOutputAndComesAfterTheEnvironment() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        let site = place.root.appendingPathComponent("my-site")
        try place.writeConfig("# mine\ndata = \"\(place.journal.path)\"\noutput = \"\(site.path)\"\n")
        let built = try place.run(["build", "--quiet"])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path))
        let help = try place.help(["build"])
        #expect(help.contains("Now: \(place.journal.path) (from data in \(place.configFile.path))"), "\(help)")

        // BREWGUIDE_DATA comes before the config file, --data before both.
        let missing = place.root.appendingPathComponent("no-journal-here")
        let fromEnvironment = try place.run(["check"], ["BREWGUIDE_DATA": missing.path])
        #expect(fromEnvironment.status == 1)
        #expect(fromEnvironment.stderr.contains("the journal \(missing.path) (from BREWGUIDE_DATA) does not exist"), "\(fromEnvironment.stderr)")
        let fromOption = try place.run(["check", "--data", place.journal.path], ["BREWGUIDE_DATA": missing.path])
        #expect(fromOption.status == 0, "\(fromOption.stderr)")
    }

    @Test func aMissingJournalSaysWhereItWasLookedFor() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        let gone = place.root.appendingPathComponent("moved-away")
        try place.writeConfig("data = \"\(gone.path)\"\n")
        for arguments in [["check"], ["build"], ["log", "v60-starter", "--rating", "3"]] {
            let result = try place.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains("the journal \(gone.path) (from data in \(place.configFile.path)) does not exist; the journal is looked for in: --data, then BREWGUIDE_DATA (not set), then data = \(gone.path) in \(place.configFile.path), then ./Data"), "\(arguments): \(result.stderr)")
        }
        // No config file, no BREWGUIDE_DATA, no ./Data: the same list, each place as it was.
        try FileManager.default.removeItem(at: place.configFile)
        let plain = try place.run(["check"])
        #expect(plain.status == 1)
        #expect(plain.stderr.contains("the journal Data in the current directory (no --data, BREWGUIDE_DATA or data in the config file) does not exist; the journal is looked for in: --data, then BREWGUIDE_DATA (not set), then \(place.configFile.path) (no such file), then ./Data"), "\(plain.stderr)")
    }

    @Test(arguments: [
        ("data = \"~/coffee\nport = 1\n", "1:17", "error: Error while parsing string: unescaped control characters"),
        ("data = \"/tmp/x\"\ncolour = \"blue\"\n", "2:10", "error: unknown setting \"colour\"; expected one of data, output, port, key-file, units"),
        ("port = \"eighty\"\n", "1:8", "error: port is a string; expected a whole number from 1 to 65535"),
        ("port = 70000\n", "1:8", "error: port is 70000; expected a whole number from 1 to 65535"),
        ("\n  data = 3\n", "2:10", "error: data is an integer; expected a quoted path such as data = \"~/coffee\""),
        ("data = \"coffee\"\n", "1:8", "error: data is \"coffee\"; expected an absolute path or one starting with ~/"),
        ("units = \"cups\"\n", "1:9", "error: units is \"cups\"; expected \"metric\" or \"imperial\""),
    ])
    func aBadConfigFileIsALocatedErrorForEveryCommand(text: String, position: String, message: String) throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        try place.writeConfig(text)
        for arguments in [["check", "--data", place.journal.path], ["scale", "v60-starter", "--data", place.journal.path]] {
            let result = try place.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.hasPrefix("\(place.configFile.path):\(position): \(message)"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func everyProblemOfABadConfigFileIsSaidInOneRunInTheFilesOrder() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        try place.writeConfig("data = 42\nport = \"x\"\ncolour = 1\n")
        let result = try place.run(["check", "--data", place.journal.path])
        #expect(result.status == 1)
        let path = place.configFile.path
        #expect(result.stderr.split(separator: "\n").map(String.init) == [
            "\(path):1:8: error: data is an integer; expected a quoted path such as data = \"~/coffee\"",
            "\(path):2:8: error: port is a string; expected a whole number from 1 to 65535",
            "\(path):3:10: error: unknown setting \"colour\"; expected one of data, output, port, key-file, units",
        ], "\(result.stderr)")
    }

    @Test func serveTakesItsPortFromTheConfigFile() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        try place.writeConfig("port = 8765\n")
        let help = try place.help(["serve"])
        #expect(help.contains("(default: 8765)"), "\(help)")
    }

    @Test func initRemembersTheJournalKeepingTheFileOtherLines() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        // Offered, not done, without --remember.
        let offered = try place.run(["init", "second"])
        #expect(offered.status == 0, "\(offered.stderr)")
        #expect(offered.stdout.contains("To use it without --data: brewguide init second --remember (records it in \(place.configFile.path))"), "\(offered.stdout)")
        #expect(!FileManager.default.fileExists(atPath: place.configFile.path))

        try place.writeConfig("# my settings\nport = 8001\ndata = \"/old/journal\"\n")
        let remembered = try place.run(["init", "third", "--remember"])
        #expect(remembered.status == 0, "\(remembered.stderr)")
        let third = place.work.appendingPathComponent("third").path
        #expect(remembered.stdout.contains("Recorded data = \(third) in \(place.configFile.path)"), "\(remembered.stdout)")
        #expect(remembered.stdout.contains("  brewguide build\n"), "the next steps need no --data: \(remembered.stdout)")
        let config = try String(contentsOf: place.configFile, encoding: .utf8)
        #expect(config == "# my settings\nport = 8001\ndata = \"\(third)\"\n")

        // From another folder, the commands now use it.
        let checked = try BrewGuideProcess.run(["check"], in: place.root, environment: ["XDG_CONFIG_HOME": place.configHome.path])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stderr.contains("checked 1 recipe"))
    }
}
