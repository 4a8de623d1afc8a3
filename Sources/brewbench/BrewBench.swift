import ArgumentParser

@main
struct BrewBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "brewbench",
        abstract: "Synthetic journals and timings of brewguide (issue 8). See Benchmarks/README.md.",
        subcommands: [GenerateCommand.self, RunCommand.self, HugoCommand.self, TableCommand.self, SavesCommand.self]
    )
}
