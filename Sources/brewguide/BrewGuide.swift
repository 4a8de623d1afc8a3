import ArgumentParser
import BrewBuiltIns
import BrewKit

@main
struct BrewGuide: AsyncParsableCommand {
    /// The version, as the export archive records it.
    static let version = "0.1.0"

    /// What `--version` prints: the version, the commit the binary was built from and whether it
    /// carries the Swift runtime (a release from Scripts/package.sh) or loads a toolchain's.
    static let versionAndCommit = "brewguide \(version) (commit \(BuildInfo.commit ?? "unknown"), \(SwiftRuntimeLinkage.described))"

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
            BeanCommand.self,
            DuplicateCommand.self,
            ImportBrewsCommand.self,
            KitchenCommand.self,
            TemplatesCommand.self,
        ]
    )

    /// Runs the command named on the command line. A `CommandError` is printed here, once, in the
    /// compiler's form (`path:line:column: error: reason`) and ends the run with status 1; every
    /// other error is argument-parser's to print. When the journal the command used is not there,
    /// the error says where it was looked for (JournalLocation).
    static func main() async {
        do {
            var command = try parseAsRoot()
            // A config file that cannot be used stops every command, at its line and column.
            if case .failure(let error) = RunSettings.config { throw error }
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch var error as CommandError {
            if let note = RunSettings.missingJournalNote() { error.reason += "\n" + note }
            StandardError.report(error)
            exit(withError: ExitCode(1))
        } catch {
            // A command that said its own errors (check's list) and ended with a failing status.
            if let code = error as? ExitCode, code != .success, let note = RunSettings.missingJournalNote() {
                StandardError.write(note + "\n")
            }
            exit(withError: error)
        }
    }
}
