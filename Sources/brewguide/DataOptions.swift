import ArgumentParser

/// The data directory option every command shares. Without `--data` the journal is
/// `BREWGUIDE_DATA`, else `data` in the config file, else `./Data` (JournalLocation).
struct DataOptions: ParsableArguments {
    @Option(name: .customLong("data"), help: ArgumentHelp(
        "The data directory: recipes/, logs/, sessions/ and preferences.json.",
        discussion: "Without --data: BREWGUIDE_DATA, else data in the config file, else ./Data. Now: \(RunSettings.defaultJournal.said).",
        valueName: "data"))
    var option: String?

    /// The journal's folder, as given or found.
    var data: String { location.path }

    /// The journal's folder and where it came from; recorded, so a missing journal can say where it was looked for.
    var location: JournalLocation {
        let location = JournalLocation.resolve(option: option, environment: RunSettings.environment, config: RunSettings.usableConfig)
        RunSettings.used.withLock { if !$0.contains(location) { $0.append(location) } }
        return location
    }
}
