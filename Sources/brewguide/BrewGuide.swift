import ArgumentParser
import BrewBuiltIns
import BrewKit

@main
struct BrewGuide: AsyncParsableCommand {
    /// The version, as the export archive records it.
    static let version = "0.1.0"

    /// What `--version` prints: the version and the commit the binary was built from.
    static let versionAndCommit = "brewguide \(version) (commit \(BuildInfo.commit ?? "unknown"))"

    static let configuration = CommandConfiguration(
        commandName: "brewguide",
        abstract: "Turns a home brewer's recipes, brew logs and sessions into a personal brew journal.",
        version: versionAndCommit,
        subcommands: [
            CheckCommand.self,
            BuildCommand.self,
            WatchCommand.self,
            ServeCommand.self,
            ScaleCommand.self,
            SummaryCommand.self,
            SessionCommand.self,
            ExportCommand.self,
            ImportCommand.self,
            EraseCommand.self,
            MergeCommand.self,
            InitCommand.self,
            LogCommand.self,
            DuplicateCommand.self,
            ImportBrewsCommand.self,
            KitchenCommand.self,
            TemplatesCommand.self,
        ]
    )

    /// Runs the command named on the command line. A `CommandError` is printed here, once, in the
    /// compiler's form (`path:line:column: error: reason`) and ends the run with status 1; every
    /// other error is argument-parser's to print.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as CommandError {
            StandardError.report(error)
            exit(withError: ExitCode(1))
        } catch {
            exit(withError: error)
        }
    }
}
