import BrewKit
import Foundation

/// The config file and journal of this run, read once.
enum RunSettings {
    static let environment = ProcessInfo.processInfo.environment
    static let configPath = BrewConfig.path(environment: environment)

    /// The config file: nil when there is none, the located error when it cannot be used.
    static let config: Result<BrewConfig?, CommandError> = {
        guard let configPath else { return .success(nil) }
        do throws(CommandError) {
            return .success(try BrewConfig.read(path: configPath, home: environment["HOME"]))
        } catch {
            return .failure(error)
        }
    }()

    /// The config file's settings, nil when there is none or it is bad (a bad one stops the run in `BrewGuide.main`).
    static var usableConfig: BrewConfig? { (try? config.get()) ?? nil }

    /// The journal a command without `--data` uses.
    static var defaultJournal: JournalLocation { JournalLocation.resolve(option: nil, environment: environment, config: usableConfig) }

    /// The journals this run's commands used (one, but for `merge`), for a missing one's message.
    static let used = Locked<[JournalLocation]>([])

    /// The line a failed command adds when its journal is not there: where it looked.
    static func missingJournalNote() -> String? {
        guard let missing = used.withLock({ $0.first { !FileManager.default.fileExists(atPath: $0.path) } }) else { return nil }
        return "the journal \(missing.said) does not exist; "
            + JournalLocation.lookedIn(environment: environment, configPath: configPath, config: usableConfig)
    }
}
