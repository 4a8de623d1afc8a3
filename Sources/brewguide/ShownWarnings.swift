import BrewKit

/// The warnings `watch` printed at its last build. A rebuild prints every error, and of the warnings
/// only those not printed last time, with the count of those it leaves out: printing the same
/// warnings after every save (23,000 lines for a synthetic journal of 100,000 brews) buried what
/// the save changed and took a tenth of the rebuild's time. `brewguide check` lists them all.
struct ShownWarnings {
    /// The messages of the warnings last printed or left out, by where they are.
    private var messagesByLocation: [SourceLocation: [String]] = [:]

    /// What to print of `diagnostics` (every error; the warnings not among the last build's) and how
    /// many warnings were left out as printed before; `diagnostics`' warnings are remembered for the next.
    mutating func sift(_ diagnostics: [Diagnostic]) -> (printed: [Diagnostic], repeated: Int) {
        var printed: [Diagnostic] = []
        var repeated = 0
        var now: [SourceLocation: [String]] = [:]
        // By location first: a message is compared only with those at its place (hashing texts with
        // a ° is slow, see `removingDuplicates`).
        for diagnostic in diagnostics {
            guard diagnostic.severity == .warning else {
                printed.append(diagnostic)
                continue
            }
            now[diagnostic.location, default: []].append(diagnostic.message)
            if messagesByLocation[diagnostic.location]?.contains(diagnostic.message) == true {
                repeated += 1
            } else {
                printed.append(diagnostic)
            }
        }
        messagesByLocation = now
        return (printed, repeated)
    }

    /// The line that stands for the warnings left out, or nil when none were.
    static func note(repeated: Int) -> String? {
        guard repeated > 0 else { return nil }
        return "note: \(repeated) warning\(repeated == 1 ? "" : "s") as at the last build, not printed again (`brewguide check` lists every finding)\n"
    }
}
