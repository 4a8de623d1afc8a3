import BrewKit
import Foundation

/// The moment a command measures active and abandoned sessions against: now, unless the
/// environment variable `BREWGUIDE_NOW` gives an ISO 8601 date-time (for tests and for
/// reproducing what a page or `check` said on another day).
enum RunClock {
    static let variable = "BREWGUIDE_NOW"

    static func now(environment: [String: String] = ProcessInfo.processInfo.environment) -> Date {
        if let text = environment[variable], let date = ISO8601.date(from: text.trimmingCharacters(in: .whitespaces)) { return date }
        return Date()
    }
}

extension RunClock {
    /// For builds that ask at each rebuild (`watch`, `serve`): the fixed moment, or the time of each call.
    static var provider: @Sendable () -> Date {
        let environment = ProcessInfo.processInfo.environment
        if environment[variable] != nil {
            let fixed = now(environment: environment)
            return { fixed }
        }
        return { Date() }
    }
}
