import ArgumentParser

/// The data directory option every command shares.
struct DataOptions: ParsableArguments {
    @Option(name: .long, help: "The data directory: recipes/, logs/, sessions/ and preferences.json.")
    var data: String = "Data"
}
