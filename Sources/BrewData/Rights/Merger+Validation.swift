import BrewKit
import Foundation

extension Merger {
    /// Why a merge must not be written, or nil: the merged data set is written to a scratch
    /// folder and read as `check` reads it, and each error it has that the target alone does not
    /// have (two active sessions, a drink naming a preset that is not there, …) is a reason.
    /// Errors the target already had do not block a merge; locations are left out of the
    /// comparison, since the scratch folder lays files out its own way.
    public static func refusal(of outcome: Outcome, target: DataSnapshot) -> String? {
        let before = errorMessages(of: target)
        let after = errorMessages(of: outcome.merged)
        let introduced = after.filter { !before.contains($0) }
        guard !introduced.isEmpty else { return nil }
        let shown = introduced.prefix(5).map { "  \($0)" }.joined(separator: "\n")
        return "the merge would leave the target invalid, so nothing was written:\n\(shown)" + (introduced.count > 5 ? "\n  … and \(introduced.count - 5) more" : "")
    }

    /// The error messages `check` gives for a snapshot, each without its locations.
    static func errorMessages(of snapshot: DataSnapshot) -> Set<String> {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("brewguide-merge-check-\(getpid())-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        do throws(RightsError) {
            try DataDirectoryWriter.write(snapshot, into: scratch, synced: false)
        } catch {
            return ["cannot lay out the merged data to check it: \(error.message)"]
        }
        let diagnostics = DataDirectoryReader(root: scratch).read().validated.diagnostics
        return Set(diagnostics.filter { $0.severity == .error }.map { withoutLocations($0.message, scratch: scratch) })
    }

    /// A message with `path:line[:column]` places and the scratch folder's name left out.
    static func withoutLocations(_ message: String, scratch: String) -> String {
        let text = message.replacingOccurrences(of: scratch + "/", with: "")
        return text.replacingOccurrences(of: #"[^\s()"]+\.(json|csv):\d+(:\d+)?"#, with: "…", options: .regularExpression)
    }
}
