import BrewKit
import Foundation

extension Merger {
    /// `preferences.json` `kitchen.goals` (written by `kitchen goals --write`): the copy with the
    /// later `updatedAt` wins, so goals set on one copy survive a merge in either direction.
    ///
    /// Rules (the rest of the preferences keep the target's, `keepTargetPreferences`):
    /// - goals without `updatedAt` (written before it was stamped, or by hand) are older than any
    ///   stamped ones; no goals at all are older still (nothing was ever set); on a tie by `WriteOrder`;
    /// - goals that differ only in `updatedAt` are the same goals: nothing changes;
    /// - a source's goals stamped at or before an erasure of the preferences (`erase --all`) are
    ///   not brought back;
    /// - the winning goals replace `kitchen.goals` in the target's preferences (or in those it
    ///   adopts), every other setting kept: `updated: preferences kitchen.goals: …`; a source's
    ///   older goals are said as `dropped: preferences kitchen.goals: …`.
    static func mergeKitchenGoals(_ walk: inout Walk) {
        guard let base = walk.outcome.adoptedPreferences ?? walk.target.preferences else { return }
        let erasedAt = walk.allErasures.filter { $0.kind == .preferences }.map(\.erasedAt).max()
        var winner = Goals(base)
        let isTargets = walk.outcome.adoptedPreferences == nil
        var winnerIsBase = true
        for preferences in walk.sources.compactMap(\.preferences) {
            let incoming = Goals(preferences)
            guard let incomingValue = incoming.value, incoming.content != winner.content else { continue }
            if let erasedAt, (incoming.updatedAt ?? .distantPast) <= erasedAt { continue }
            if incoming.isLater(than: winner) {
                // A copy of an earlier source that this one replaces is not said: the goals are said once.
                walk.outcome.report.dropped.removeAll { $0.subject == .record(.preferences) && $0.id == "kitchen.goals" }
                winner = incoming
                winner.value = incomingValue
                winnerIsBase = false
            } else if winnerIsBase, !walk.outcome.report.dropped.contains(where: { $0.subject == .record(.preferences) && $0.id == "kitchen.goals" }) {
                let whose = isTargets ? "the target's" : "the adopted preferences'"
                walk.outcome.report.dropped.append(.init(.preferences, "kitchen.goals", ": kept \(whose) goals (\(winner.stamp)); dropped the incoming ones (\(incoming.stamp))"))
            }
        }
        guard !winnerIsBase, let goals = winner.value else { return }
        let kitchen = base["kitchen"].flatMap { $0.members == nil ? nil : $0 } ?? .object([])
        let updated = base.setting("kitchen", to: kitchen.setting("goals", to: goals))
        if walk.outcome.adoptedPreferences != nil {
            walk.outcome.adoptedPreferences = updated
        } else {
            walk.outcome.updatedPreferences = updated
            walk.outcome.report.updated.append(.init(.preferences, "kitchen.goals", ": took the incoming goals (\(winner.stamp)) over the target's (\(Goals(base).stamp))"))
        }
    }

    /// One copy's `kitchen.goals`, as merge compares them.
    struct Goals {
        /// The goals object; nil when the preferences hold none.
        var value: JSONValue?
        var updatedAt: Date?

        init(_ preferences: JSONValue) {
            let goals = preferences["kitchen"]?["goals"]
            value = goals.flatMap { $0.members == nil ? nil : $0 }
            updatedAt = value?["updatedAt"]?.stringValue.flatMap(ISO8601.date(from:))
        }

        /// The goals without their stamp, canonical: two copies equal in this are the same goals.
        var content: [UInt8]? { value.map { CanonicalJSON.bytes($0.removing("updatedAt")) } }

        /// Later: stamped after the other's stamp; goals without a stamp are later than no goals.
        func isLater(than other: Goals) -> Bool {
            guard value != nil else { return false }
            guard other.value != nil else { return true }
            return WriteOrder.isLater(updatedAt, content ?? [], than: other.updatedAt, other.content ?? [])
        }

        var stamp: String {
            guard value != nil else { return "none set" }
            return updatedAt.map { "updatedAt \(ISO8601.string(from: $0))" } ?? "no updatedAt"
        }
    }
}
