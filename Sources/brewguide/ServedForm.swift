import BrewKit
import BrewServe
import Foundation

/// What the served writes (`ServedLogWrite`, `ServedSessionWrite`, `ServedShoppingCheck`) share:
/// a form field read as a command's option is read, the blocking file work run off the server's
/// threads, and a command's error turned into the refusal the page shows.
enum ServedForm {
    /// A field's text without surrounding spaces; nil when absent or blank (an option not given).
    static func text(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    /// The message for a field that should be a number, in the words of the command's option.
    static func notANumber(_ value: String, option: String) -> String {
        "\(option): expected a number, found \(FoundValue.quoted(value, limit: 40))"
    }

    /// A field read as a finite number; nil when absent, an error in `option`'s words when not a number.
    static func number(_ value: String?, option: String) throws -> Double? {
        guard let value = text(value) else { return nil }
        guard let number = Double(value), number.isFinite else { throw CommandError(notANumber(value, option: option)) }
        return number
    }

    /// The command's error as the page's refusal: one message a line, nothing written.
    static func refusal(for error: any Error) -> WriteOutcome {
        .refused(errors: String(describing: error).split(separator: "\n").map(String.init))
    }

    /// Runs blocking file work on a thread of its own, not on the few threads the server shares.
    static func onOwnThread<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }
}
