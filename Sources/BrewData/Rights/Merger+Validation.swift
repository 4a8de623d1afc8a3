import BrewKit
import Foundation

extension Merger {
    /// Why a merge must not be written, or nil: the merged data set is written to a scratch
    /// folder and read as `check` reads it, and each error it has that the target alone does not
    /// have (a second active session, …) is a reason; a message the target has n times blocks when
    /// the merge gives it more often.
    /// Errors the target already had do not block a merge; locations are left out of the
    /// comparison, since the scratch folder lays files out its own way.
    public static func refusal(of outcome: Outcome, target: DataSnapshot) -> String? {
        let before = errorMessages(of: target)
        var unmatched = Dictionary(before.map { ($0, 1) }, uniquingKeysWith: +)
        var introduced: [String] = []
        for message in errorMessages(of: outcome.merged) {
            if let count = unmatched[message], count > 0 { unmatched[message] = count - 1 } else { introduced.append(message) }
        }
        guard !introduced.isEmpty else { return nil }
        let shown = introduced.prefix(5).map { "  \($0)" }.joined(separator: "\n")
        return "the merge would leave the target invalid, so nothing was written:\n\(shown)" + (introduced.count > 5 ? "\n  … and \(introduced.count - 5) more" : "")
    }

    /// The error messages `check` gives for a snapshot, each without its locations, in order
    /// (a message given twice counts twice).
    static func errorMessages(of snapshot: DataSnapshot) -> [String] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("brewguide-merge-check-\(getpid())-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        do throws(RightsError) {
            try DataDirectoryWriter.write(snapshot, into: scratch, synced: false)
        } catch {
            return ["cannot lay out the merged data to check it: \(error.message)"]
        }
        let diagnostics = DataDirectoryReader(root: scratch).read().validated.diagnostics
        return diagnostics.filter { $0.severity == .error }.map { withoutLocations($0.message, scratch: scratch) }
    }

    /// A message with `path:line[:column]` places and the scratch folder's name left out.
    static func withoutLocations(_ message: String, scratch: String) -> String {
        let text = message.replacingOccurrences(of: scratch + "/", with: "")
        return text.replacingOccurrences(of: #"[^\s()"]+\.(json|csv):\d+(:\d+)?"#, with: "…", options: .regularExpression)
    }
}
