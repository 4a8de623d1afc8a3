import ArgumentParser

@main
struct BrewGuide: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "brewguide",
        abstract: "Turns a home brewer's recipes, brew logs and sessions into a personal brew journal.",
        version: version,
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
        ]
    )
}
