import BrewKit
import Foundation

/// The kitchen planner's records in a merge (issue 15): plan slots, snack presets, shopping items
/// and inbox entries, each merged by id with `LastWriteWinsMerge` under its kind's rule.
///
/// Rules (`RecordKind.MergeRule`, docs/DATA-RIGHTS.md):
/// - Plan slots, shopping items and snack presets: an id only a source has is added; the same id
///   with the same content (`PlannerRecord` equality, whatever the file format) is kept once; the
///   same id with different content keeps the copy with the later `updatedAt` (a copy without one
///   is the oldest; on a tie the copy `WriteOrder` puts later, the same on every copy) and the
///   other is dropped and reported.
/// - Inbox entries: the copy further along wins (pending, then failed, then ready: an entry that
///   was clipped somewhere stays clipped), then the later `createdAt`, then `WriteOrder`.
/// - Where it is written: added and winning plan slots go into a new file
///   `kitchen/plan/merged-<8 hex>.json` (`.csv` for slots read from CSV) and a replaced slot leaves
///   its old file, as sessions do. The one-file kinds are rewritten in place, atomically: a
///   replaced record keeps its place in the list, added ones follow, each in the file's own
///   format (JSON, or the shopping list's CSV).
/// - Erasures (`PlannerErasures`, timed): a copy that an erasure on any side covers is not
///   brought in ("skipped as erased"); the target loses its own copy to an erasure from a source
///   ("removed as erased on a source"), never to one of its own ledger, which is older than any
///   copy it holds now.
/// - `preferences.json`'s `kitchen` key (units, card servings, aisles) follows the preferences'
///   rule: the target's are kept; a source's different ones are reported, not merged. Its
///   `goals` go by the later `updatedAt` (`Merger+Goals.swift`).
/// - Nothing here depends on the order of runs: merging the same sources again finds every copy
///   identical and changes nothing.
extension Merger {
    /// What a merge changes in the planner's files.
    public struct PlannerChanges: Sendable {
        /// Files to write whole: new plan files and the rewritten one-file kinds' files.
        public var writes: [SessionFile] = []
        /// By kind, the ids of the records of a kind that owns a folder (the plan slots) whose
        /// target copy is replaced by one written to a new file, or erased on a source. Kept by
        /// kind: a record of one kind never takes out another kind's record of the same id.
        public var replacedIDs: [RecordKind: Set<String>] = [:]

        /// Whether the target's record `id` of `kind` is replaced or erased by the merge.
        public func replaces(_ id: String, of kind: RecordKind) -> Bool {
            replacedIDs[kind]?.contains(id) ?? false
        }
    }

    /// Whether the first copy replaces the second under `kind`'s merge rule.
    static func supersedes(for kind: RecordKind) -> @Sendable (PlannerRecord, PlannerRecord) -> Bool {
        switch kind.rules.merge {
        case .furthestAlong(let statusField, let order, let timestampField):
            return { incoming, kept in
                func rank(_ record: PlannerRecord) -> Int {
                    order.firstIndex(of: record.value.text(statusField)?.trimmingSpaces.lowercased() ?? order[0]) ?? 0
                }
                let (a, b) = (rank(incoming), rank(kept))
                if a != b { return a > b }
                return WriteOrder.isLater(incoming.value.text(timestampField), incoming.value, than: kept.value.text(timestampField), kept.value)
            }
        case .lastWriteWins(let timestampField):
            return { WriteOrder.isLater($0.value.text(timestampField), $0.value, than: $1.value.text(timestampField), $1.value) }
        case .appendOnly, .conflictedCopy, .withOwner, .targetKeeps, .union:
            return { WriteOrder.isLater($0.updatedAt, $0.value, than: $1.updatedAt, $1.value) }
        }
    }

    /// A copy as the report names it: its time (and the inbox's status).
    static func describe(_ record: PlannerRecord, kind: RecordKind) -> String {
        switch kind.rules.merge {
        case .furthestAlong(let statusField, _, let timestampField):
            return "\(statusField) \(record.value.text(statusField) ?? "pending"), \(record.value.text(timestampField).map { "\(timestampField) \($0)" } ?? "no \(timestampField)")"
        case .lastWriteWins(let field), .conflictedCopy(let field):
            return record.value.text(field).map { "\(field) \($0)" } ?? "no \(field)"
        case .appendOnly, .withOwner, .targetKeeps, .union:
            return record.updatedAt.map { "updatedAt \($0)" } ?? "no updatedAt"
        }
    }

    /// Merges the records of one of the planner's kinds (`KitchenPlannerFiles.kinds`) by its rule
    /// (`supersedes(for:)`), adding the files to write to `changes`.
    static func mergePlannerKind(_ kind: RecordKind, _ sources: [DataSnapshot], into target: DataSnapshot, changes: inout PlannerChanges, report: inout MergeReport) {
        let existing = Set(target.kitchenFiles.map(\.relativePath))
        // Every side's erasures keep an erased copy out; the target loses its own copy only to an
        // erasure it did not have (its own ledger's are older than whatever it holds now).
        let allErasures = ErasureRecord.normalized(target.erasures + sources.flatMap(\.erasures))
        let erased = PlannerErasures(allErasures)
        let targetErasures = Set(target.erasures)
        let erasedElsewhere = PlannerErasures(allErasures.filter { !targetErasures.contains($0) })
        do {
            func files(_ snapshot: DataSnapshot) -> [SessionFile] {
                snapshot.kitchenFiles.filter { KitchenPlannerFiles.kind(ofPath: $0.relativePath) == kind }
            }
            let targetFiles = files(target)
            let allTargetRecords = targetFiles.flatMap(KitchenPlannerFiles.plannerRecords)
            // A kind erased by id (cook logs) is covered by its ledger kind's untimed erasures too.
            let byID: (ErasureSet, PlannerRecord) -> Bool = { set, record in
                if case .byID(let ledgerKind) = kind.rules.erase { set.covers(ledgerKind, record.id) } else { false }
            }
            let erasedByID = ErasureSet(allErasures), erasedByIDElsewhere = ErasureSet(allErasures.filter { !targetErasures.contains($0) })
            let removedIDs = Set(allTargetRecords.filter { erasedElsewhere.covers($0, kind: kind) || byID(erasedByIDElsewhere, $0) }.map(\.id))
            for id in removedIDs.sorted() { report.removedAsErased.append(.init(kind, id)) }
            let targetRecords = allTargetRecords.filter { !removedIDs.contains($0.id) }
            var sourceRecords = sources.map { source in
                files(source).flatMap(KitchenPlannerFiles.plannerRecords).filter { record in
                    guard erased.covers(record, kind: kind) || byID(erasedByID, record) else { return true }
                    report.skippedAsErased.append(.init(kind, record.id))
                    return false
                }
            }
            if case .appendOnly = kind.rules.merge { sourceRecords = appendOnlyIDs(sourceRecords, target: targetRecords) }
            let result = LastWriteWinsMerge.merge(sourceRecords, into: targetRecords, supersedes: supersedes(for: kind))
            var own: [String: PlannerRecord] = [:]
            for record in targetRecords where own[record.id] == nil { own[record.id] = record }
            for id in result.added { report.added.append(.init(kind, id)) }
            for record in sourceRecords.joined() where own[record.id] == record { report.identical.append(.init(kind, record.id)) }
            // What each id ends as, and which of them the target does not hold as it is.
            let changed = result.merged.filter { record in own[record.id].map { $0 != record } ?? true }
            // Each record said once, by what happened to it: replaced (with both copies' times),
            // or kept as the target's later copy over older incoming ones.
            let final = Dictionary(result.merged.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var olderSaid: Set<String> = []
            for (id, kept, dropped) in result.replaced where own[id] != nil && own[id] == final[id] && !olderSaid.contains(id) {
                olderSaid.insert(id)
                report.dropped.append(.init(kind, id, ": kept the target's copy (\(describe(kept, kind: kind))); dropped the incoming one (\(describe(dropped, kind: kind)))"))
            }
            guard !changed.isEmpty || !removedIDs.isEmpty else { return }
            for record in changed {
                guard let targets = own[record.id] else { continue }
                report.updated.append(.init(kind, record.id, ": took the incoming copy (\(describe(record, kind: kind))); dropped the target's (\(describe(targets, kind: kind)))"))
            }

            // A kind that owns a folder (the plan slots) writes new files; a one-file kind is rewritten in place.
            if case .folder = kind.rules.place {
                changes.replacedIDs[kind, default: []].formUnion(changed.map(\.id).filter { own[$0] != nil })
                changes.replacedIDs[kind, default: []].formUnion(removedIDs)
                changes.writes += newPlanFiles(for: changed, in: kind.folderName, existing: existing)
                return
            }
            var rewritten = targetFiles.map { file in
                KitchenPlannerFiles.replacingRecords(of: file, with: KitchenPlannerFiles.plannerRecords(of: file)
                    .filter { !removedIDs.contains($0.id) }.map { final[$0.id] ?? $0 })
            }
            let added = result.merged.filter { own[$0.id] == nil }
            if !added.isEmpty {
                if rewritten.isEmpty {
                    // A target without the file gets the JSON one (what the commands write).
                    rewritten.append(SessionFile(relativePath: kind.filePaths[0], content: .json(.array([]))))
                }
                let primary = rewritten[0]
                rewritten[0] = KitchenPlannerFiles.replacingRecords(of: primary, with: KitchenPlannerFiles.plannerRecords(of: primary) + added)
            }
            let before = Dictionary(targetFiles.map { ($0.relativePath, $0) }, uniquingKeysWith: { first, _ in first })
            changes.writes += rewritten.filter { before[$0.relativePath] != $0 }
        }
    }

    /// An append-only kind's incoming records (cook logs), each under an id of its own: a copy
    /// whose id is held with other content keeps `<id>-merged-<8 hex of its content>` (as logs do),
    /// so no copy is dropped, and merging the same source again finds the same ids.
    static func appendOnlyIDs(_ sources: [[PlannerRecord]], target: [PlannerRecord]) -> [[PlannerRecord]] {
        var held: [String: PlannerRecord] = [:]
        for record in target where held[record.id] == nil { held[record.id] = record }
        return sources.map { records in
            records.compactMap { record in
                guard let kept = held[record.id], kept != record else {
                    held[record.id] = held[record.id] ?? record
                    return record
                }
                let id = derivedID(record.id, infix: "merged", content: record.value.removing("id"))
                guard let renamed = PlannerRecord(record.value.setting("id", to: .string(id)), fromCSV: record.fromCSV) else { return record }
                held[id] = held[id] ?? renamed
                return renamed
            }
        }
    }

    /// The note about `preferences.json`'s `kitchen` key apart from its goals (units, card
    /// servings, aisles), which follows the preferences' rule: the target's are kept; a source's
    /// different ones are said. The goals are merged by time (`mergeKitchenGoals`).
    static func noteKitchenPreferences(_ sources: [DataSnapshot], into target: DataSnapshot, report: inout MergeReport) {
        func withoutGoals(_ kitchen: JSONValue?) -> JSONValue {
            guard let kitchen, kitchen.members != nil else { return kitchen ?? .null }
            let rest = kitchen.removing("goals")
            return rest.members?.isEmpty == true ? .null : rest
        }
        if let preferences = target.preferences {
            let kitchen = withoutGoals(preferences["kitchen"])
            let differing = sources.compactMap(\.preferences).filter { withoutGoals($0["kitchen"]) != kitchen }.count
            if differing > 0 {
                report.notes.append("preferences.json kitchen (units, card servings, aisles): the target's are kept; \(differing) source\(differing == 1 ? " holds" : "s hold") different ones, which were not merged")
            }
        }
    }

    /// The new plan files holding `records`: JSON ones in `kitchen/plan/merged-<8 hex>.json`,
    /// records read from CSV in `kitchen/plan/merged-<8 hex>.csv`.
    static func newPlanFiles(for records: [PlannerRecord], in folder: String, existing: Set<String>) -> [SessionFile] {
        let tag = String(Archive.sha256(CanonicalJSON.bytes(.array(records.map(\.value)))).prefix(8))
        var files: [SessionFile] = []
        for (fromCSV, ext) in [(false, ".json"), (true, ".csv")] {
            let group = records.filter { $0.fromCSV == fromCSV }
            guard !group.isEmpty else { continue }
            var path = "\(folder)/merged-\(tag)\(ext)"
            var counter = 2
            while existing.contains(path) { path = "\(folder)/merged-\(tag)-\(counter)\(ext)"; counter += 1 }
            let empty = SessionFile(relativePath: path, content: fromCSV ? .csv(header: [], rows: []) : .json(.array([])))
            files.append(KitchenPlannerFiles.replacingRecords(of: empty, with: group))
        }
        return files
    }

    /// The target's planner files as the merge leaves them: replaced slots out of their files (a
    /// JSON file left empty goes), rewritten files in place of the old, new files added.
    static func plannerFiles(of target: DataSnapshot, after outcome: Outcome) -> [SessionFile] {
        let written = Dictionary(outcome.planner.writes.map { ($0.relativePath, $0) }, uniquingKeysWith: { _, last in last })
        var files: [SessionFile] = []
        for file in target.kitchenFiles {
            if let replacement = written[file.relativePath] { files.append(replacement); continue }
            // The files of a kind that owns a folder (the plan slots) lose the records written anew elsewhere.
            guard let kind = KitchenPlannerFiles.kind(ofPath: file.relativePath), case .folder = kind.rules.place else { files.append(file); continue }
            let (content, removed) = file.content.removing { record in outcome.removesFromTarget(record, kind: kind, ownerID: nil) }
            if removed == 0 { files.append(file) } else if let content { files.append(SessionFile(relativePath: file.relativePath, content: content)) }
        }
        let kept = Set(target.kitchenFiles.map(\.relativePath))
        return files + outcome.planner.writes.filter { !kept.contains($0.relativePath) }
    }
}
