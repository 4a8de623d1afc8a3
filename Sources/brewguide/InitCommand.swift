import ArgumentParser
import BrewData
import BrewKit
import Foundation

/// `brewguide init`: a new journal with the V60 starter (PRD 3.5), empty record folders and
/// `preferences.json` with the local time zone.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a journal: the V60 starter recipe, empty folders and preferences.",
        discussion: """
            Makes DIR (default: Data, where the other commands look) with recipes/v60-starter.json \
            (the V60 starter recipe), an empty folder for logs and sessions, and preferences.json \
            with the starter selected and this machine's time zone. A folder that already holds files \
            is refused; --force adds only what is missing and changes nothing that exists.
            """
    )

    @Argument(help: "The folder to make the journal in.")
    var directory: String = "Data"

    @Flag(help: "Add what is missing to a folder that is not empty; nothing that exists is changed.")
    var force = false

    @Flag(help: ArgumentHelp(
        "Record the journal as data in the config file, so that the other commands use it without --data.",
        discussion: "The file is $XDG_CONFIG_HOME/brewguide/config.toml (~/.config/brewguide/config.toml); its other lines are kept."))
    var remember = false

    func run() throws {
        let zone = LocalTimeZone.detect()
        let made: [String]
        // A starter file that is there but cannot be used: init writes nothing over it, and says so.
        var starterProblem: String?
        do {
            let lock = try DataDirectoryLock.acquire(root: directory, command: "brewguide init")
            defer { lock.release() }
            let starter = JournalStarter(root: directory, timeZone: zone, now: RunClock.now())
            made = try starter.run(force: force)
            if !made.contains(JournalStarter.starterPath) { starterProblem = starter.starterProblem() }
        } catch {
            throw CommandError.from(error)
        }
        if let starterProblem {
            for path in made { print("Added \((directory as NSString).appendingPathComponent(path))") }
            throw CommandError(starterProblem)
        }
        if made.isEmpty {
            print("\(directory) already has everything a journal needs; nothing was added.")
        } else {
            print("Made a journal in \(directory) (time zone \(zone)):")
            for path in made { print("  \((directory as NSString).appendingPathComponent(path))") }
        }
        let remembered = try rememberJournal()
        let dataOption = remembered ? "" : ShellWord.dataOption(directory)
        print("""

            Next:
              brewguide scale \(StarterRecipe.id)\(dataOption)
              brewguide log \(StarterRecipe.id) --rating 4 --tag tooSour\(dataOption)
              brewguide build\(dataOption)
            """)
    }

    /// With --remember, records the journal's absolute path as `data` in the config file and says
    /// so; without, offers it when the other commands would not find this journal on their own.
    /// True when the other commands now find it without --data.
    private func rememberJournal() throws -> Bool {
        let absolute = WriteTarget.resolved(directory)
        let found = RunSettings.defaultJournal
        if WriteTarget.resolved(found.path) == absolute, !remember { return found.source != .currentDirectory || directory == "Data" }
        guard let configPath = RunSettings.configPath else {
            if remember { throw CommandError("--remember needs HOME or XDG_CONFIG_HOME set, to find the config file; nothing was recorded") }
            return false
        }
        guard remember else {
            print("\nTo use it without --data: brewguide init \(ShellWord.quoted(directory)) --remember (records it in \(configPath))")
            return false
        }
        try BrewConfig.record(data: absolute, at: configPath, home: RunSettings.environment["HOME"])
        print("\nRecorded data = \(absolute) in \(configPath)")
        if RunSettings.environment["BREWGUIDE_DATA"].map({ !$0.isEmpty }) == true {
            print("BREWGUIDE_DATA is set, and comes first: unset it for the commands to use this journal")
            return false
        }
        return true
    }
}
