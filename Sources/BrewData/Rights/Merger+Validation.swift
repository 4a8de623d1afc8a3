import BrewKit
import Foundation

extension Merger {
    /// Why a merge must not be written, or nil: the target directory as the merge would leave it
    /// (`PlannedDataFiles`: its files with `MergeWriter`'s changes in place, held in memory) is
    /// read as `check` reads it (`JournalFindings.reading`), and each error it has that the target
    /// as it is does not have (a second active session, …) is a reason, shown at the place it will
    /// have; a message the target has n times blocks when the merge gives it more often.
    /// Errors the target already had do not block a merge; lines are left out of the comparison,
    /// since records the merge adds or removes move the lines after them.
    public static func refusal(of outcome: Outcome, root: String, now: Date = Date()) throws(CommandError) -> String? {
        refusal(of: try MergeWriter.changes(for: outcome, root: root), root: root, now: now)
    }

    /// The same, for the changes `MergeWriter.changes(for:root:)` worked out.
    static func refusal(of changes: [MergeJournal.Change], root: String, now: Date = Date()) -> String? {
        let planned = PlannedDataFiles(root: root, changes: changes.map { ($0.path, $0.after) })
        let before = errors(JournalFindings.reading(root: root, now: now).findings)
        var unmatched = Dictionary(before.map { (comparisonKey($0), 1) }, uniquingKeysWith: +)
        var introduced: [Diagnostic] = []
        for error in errors(JournalFindings.reading(root: root, source: planned, now: now).findings) {
            let key = comparisonKey(error)
            if let count = unmatched[key], count > 0 { unmatched[key] = count - 1 } else { introduced.append(error) }
        }
        guard !introduced.isEmpty else { return nil }
        let shown = introduced.prefix(5).map { "  \($0.description)" }.joined(separator: "\n")
        return "the merge would leave the target invalid, so nothing was written:\n\(shown)" + (introduced.count > 5 ? "\n  … and \(introduced.count - 5) more" : "")
    }

    private static func errors(_ findings: [Diagnostic]) -> [Diagnostic] {
        findings.filter { $0.severity == .error }
    }

    /// What tells one error from another across a merge: its message, without the lines and
    /// columns its text names (the records a merge adds or removes move them); its place is left
    /// out too, since a record the merge rewrites may move to another file.
    static func comparisonKey(_ error: Diagnostic) -> String {
        error.message.replacingOccurrences(of: #"(\.(json|csv)):\d+(:\d+)?"#, with: "$1", options: .regularExpression)
    }
}
