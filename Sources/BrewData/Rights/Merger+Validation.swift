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
        do throws(CommandError) {
            try DataDirectoryWriter.write(snapshot, into: scratch, synced: false)
        } catch {
            return ["cannot lay out the merged data to check it: \(error.message)"]
        }
        let validated = DataDirectoryReader(root: scratch).read().validated
        // The record each error is in, by the nearest record start at or above its line: the
        // scratch folder's places mean nothing to a person, the record's kind and id do.
        let dataset = validated.dataset
        var starts: [String: [(line: Int, name: String)]] = [:]
        func note(_ source: SourceMap, _ name: String) { starts[source.record.file, default: []].append((source.record.line, name)) }
        for recipe in dataset.recipes { note(recipe.source, "recipe \"\(recipe.value.id)\"") }
        for log in dataset.logs { note(log.source, "log \"\(log.value.id)\"") }
        for session in dataset.sessions { note(session.source, "session \"\(session.value.id)\"") }
        for preset in dataset.drinkPresets { note(preset.source, "drink preset \"\(preset.value.id)\"") }
        func record(at location: SourceLocation) -> String? {
            starts[location.file]?.filter { $0.line <= location.line }.max { $0.line < $1.line }?.name
        }
        // The kitchen planner's files are checked as `check` checks them (two slots with one id, …).
        let planner = MealPlanContext.load(root: scratch, dataset: dataset).diagnostics
        return (validated.diagnostics + planner).filter { $0.severity == .error }.map { diagnostic in
            let message = withoutLocations(diagnostic.message, scratch: scratch)
            return record(at: diagnostic.location).map { "\($0): \(message)" } ?? message
        }
    }

    /// A message with `path:line[:column]` places and the scratch folder's name left out.
    static func withoutLocations(_ message: String, scratch: String) -> String {
        // The folder itself may be named too (`brewguide init <folder>` in the no-recipes error).
        let text = message.replacingOccurrences(of: scratch + "/", with: "").replacingOccurrences(of: scratch, with: "the data directory")
        return text.replacingOccurrences(of: #"[^\s()"]+\.(json|csv):\d+(:\d+)?"#, with: "…", options: .regularExpression)
    }
}
