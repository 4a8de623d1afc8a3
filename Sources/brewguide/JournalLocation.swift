import BrewKit
import Foundation

/// Which folder is the journal, and why: `--data`, else `BREWGUIDE_DATA`, else `data` in the
/// config file (BrewConfig), else `Data` in the current directory.
struct JournalLocation: Sendable, Equatable {
    enum Source: Sendable, Equatable {
        case option
        case environment
        case config(path: String)
        case currentDirectory
    }

    var path: String
    var source: Source

    /// Where it came from, as `--help` and a missing journal say it.
    var said: String {
        switch source {
        case .option: "\(path) (from --data)"
        case .environment: "\(path) (from BREWGUIDE_DATA)"
        case .config(let file): "\(path) (from data in \(file))"
        case .currentDirectory: "\(path) in the current directory (no --data, BREWGUIDE_DATA or data in the config file)"
        }
    }

    /// The journal for a command given `option` (its `--data`, nil when not given).
    static func resolve(option: String?, environment: [String: String], config: BrewConfig?) -> JournalLocation {
        if let option { return JournalLocation(path: option, source: .option) }
        if let fromEnvironment = environment["BREWGUIDE_DATA"], !fromEnvironment.isEmpty {
            return JournalLocation(path: fromEnvironment, source: .environment)
        }
        if let config, let data = config.data { return JournalLocation(path: data, source: .config(path: config.path)) }
        return JournalLocation(path: "Data", source: .currentDirectory)
    }

    /// The order it looks in, for a journal that is not there: each place and what it held.
    static func lookedIn(environment: [String: String], configPath: String?, config: BrewConfig?) -> String {
        let fromEnvironment = environment["BREWGUIDE_DATA"].flatMap { $0.isEmpty ? nil : $0 }
        let configSaid: String
        if let configPath {
            configSaid = config?.data.map { "data = \($0) in \(configPath)" } ?? "\(configPath) (\(config == nil ? "no such file" : "no data in it"))"
        } else {
            configSaid = "no config file (neither XDG_CONFIG_HOME nor HOME is set)"
        }
        return "the journal is looked for in: --data, then BREWGUIDE_DATA (\(fromEnvironment ?? "not set")), then \(configSaid), then ./Data"
    }
}
