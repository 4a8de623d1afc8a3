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

    func run() throws {
        let zone = LocalTimeZone.detect()
        let made: [String]
        // A starter file that is there but cannot be used: init writes nothing over it, and says so.
        var starterProblem: String?
        do {
            let lock = try DataDirectoryLock.acquire(root: directory, command: "brewguide init")
            defer { lock.release() }
            let starter = JournalStarter(root: directory, timeZone: zone)
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
        let dataOption = ShellWord.dataOption(directory)
        print("""

            Next:
              brewguide scale \(StarterRecipe.id)\(dataOption)
              brewguide log \(StarterRecipe.id) --rating 4 --tag tooSour\(dataOption)
              brewguide build\(dataOption)
            """)
    }
}
