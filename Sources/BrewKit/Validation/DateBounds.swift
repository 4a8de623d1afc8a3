import Foundation

/// The dates and record counts data may hold, checked as errors in `check`. The bounds are far
/// outside anything a brewer writes and only keep what the tool computes from data bounded:
/// a session ending in the year 9999 would otherwise make `build` lay a time grid over eight
/// thousand years. PRD 3.7.4's guardrails (a dose outside 10–30 g…) stay warnings elsewhere.
///
/// - Dates: from 2000-01-01 (UTC) to five years after `today`, the day of the run.
/// - Records: at most `maximumRecords` brew logs and as many sessions.
public struct DateBounds: Sendable {
    public static let earliest = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01T00:00:00Z
    public static let yearsAhead = 5
    public static let maximumRecords = 200_000

    public let latest: Date

    /// - Parameter today: the day of the run; tests pass a fixed one.
    public init(today: Date) {
        latest = today.addingTimeInterval(Double(Self.yearsAhead) * 365.25 * 86_400)
    }

    public func diagnostics(for dataset: Dataset) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for recipe in dataset.recipes {
            var findings = Findings(source: recipe.source, recipeID: recipe.value.id)
            // A recipe without these dates gets a made-up one, which is not checked.
            if recipe.source.fields["createdAt"] != nil { check(recipe.value.createdAt, "createdAt", &findings) }
            if recipe.source.fields["modifiedAt"] != nil { check(recipe.value.modifiedAt, "modifiedAt", &findings) }
            diagnostics += findings.all
        }
        for log in dataset.logs where !contains(log.value.timestamp) {
            var findings = Findings(source: log.source)
            check(log.value.timestamp, "timestamp", &findings)
            diagnostics += findings.all
        }
        for session in dataset.sessions {
            var findings = Findings(source: session.source)
            check(session.value.startTime, "startTime", &findings)
            if let end = session.value.endTime { check(end, "endTime", &findings) }
            if let updated = session.value.updatedAt { check(updated, "updatedAt", &findings) }
            for (index, entry) in session.value.entries.enumerated() {
                check(entry.timestamp, "entries[\(index)].timestamp", &findings)
                if let updated = entry.updatedAt { check(updated, "entries[\(index)].updatedAt", &findings) }
            }
            diagnostics += findings.all
        }
        diagnostics += countDiagnostics(dataset.logs.count, what: "brew logs") { dataset.logs[$0].source.record }
        diagnostics += countDiagnostics(dataset.sessions.count, what: "sessions") { dataset.sessions[$0].source.record }
        return diagnostics
    }

    public func contains(_ date: Date) -> Bool { date >= Self.earliest && date <= latest }

    private func check(_ date: Date, _ field: String, _ findings: inout Findings) {
        guard !contains(date) else { return }
        findings.error(
            "\(field) \(ISO8601.string(from: date)) is outside the dates the journal accepts, \(Self.day(Self.earliest)) to \(Self.day(latest)) (five years from today); check the year",
            at: field)
    }

    private func countDiagnostics(_ count: Int, what: String, location: (Int) -> SourceLocation) -> [Diagnostic] {
        guard count > Self.maximumRecords else { return [] }
        return [.error(
            "the data holds \(count) \(what), more than the \(Self.maximumRecords) a journal is built from; move older ones to another data directory",
            at: location(Self.maximumRecords))]
    }

    static func day(_ date: Date) -> String { String(ISO8601.string(from: date).prefix(10)) }
}
