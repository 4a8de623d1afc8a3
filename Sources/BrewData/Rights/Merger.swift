import BrewKit
import Foundation

/// Combines data directories (one per device) into a target: the pure planner of `merge`. It
/// walks the registered kinds (`RecordKinds.all`) and calls each declaration's `merge(_:)`, which
/// runs the routine of its `rules.merge` (docs/DATA-RIGHTS.md); the result (`Outcome`, with a
/// typed `MergeReport`) is written by `MergeWriter`.
///
/// The rules, one routine each (named by the kinds' declarations):
/// - `conflictedCopy` (coffee and kitchen recipes): `ConflictedCopyMerge`: a record edited on
///   both sides keeps both, the later timestamp keeping the id, the other a "(Conflicted Copy)".
/// - `appendOnly` (logs): `Merger+AppendOnly.swift`: the same id with different content is kept
///   under `<id>-merged-<8 hex>`; recorded pours come along with their logs.
/// - `lastWriteWins` (sessions, drink presets: `Merger+Sessions.swift`; the planner's slots,
///   shopping items and snack presets: `Merger+Planner.swift`) and `furthestAlong` (the inbox).
/// - `withOwner`: merged as part of the owner's record. `targetKeeps`: preferences (their
///   `kitchen.goals` by the later `updatedAt`, `Merger+Goals.swift`). `union`:
///   the erasure records, combined first, since every rule consults them: an erasure from any side
///   is applied everywhere (`ErasureSet`), an erased record is never brought in and the target
///   loses its copy.
/// - Derived ids depend only on content, so merging the same source again changes nothing.
public enum Merger {
    /// What a record edited on both sides becomes (`merge --on-conflict`, MOD/SYS/014 TC-133):
    /// both kept (the older as a "(Conflicted Copy)"), the target's kept, or the source's kept.
    public enum ConflictPolicy: String, Sendable, CaseIterable {
        case both, target, source
    }

    public static func merge(_ sources: [DataSnapshot], into target: DataSnapshot, onConflict policy: ConflictPolicy = .both) -> Outcome {
        var outcome = Outcome(merged: target)
        let allErasures = ErasureRecord.normalized(target.erasures + sources.flatMap(\.erasures))
        // By record, not key: a later timed erasure of a planner id the target knows is news too.
        let known = Set(target.erasures)
        outcome.newErasures = allErasures.filter { !known.contains($0) }
        let erased = ErasureSet(allErasures)
        outcome.erased = erased
        // Each kind merges its own records, in the registry's order (owners before the records
        // that come with them: the logs before their recorded pours).
        var walk = Walk(sources: sources, target: target, policy: policy, allErasures: allErasures, outcome: outcome)
        for declaration in RecordKinds.all { declaration.merge(&walk) }
        outcome = walk.outcome

        outcome.merged = mergedSnapshot(target, after: outcome, erasures: allErasures)
        mergeKitchenImages(sources, into: target, outcome: &outcome)
        outcome.merged.kitchenImages = target.kitchenImages + outcome.newKitchenImages
        return outcome
    }

    /// What a kind's merge routine works with (`RecordKindDeclaration.merge(_:)`): the sources, the
    /// target, the conflict policy and every side's erasures; and the outcome it adds to.
    public struct Walk: Sendable {
        public let sources: [DataSnapshot]
        public let target: DataSnapshot
        public let policy: ConflictPolicy
        /// The erasure records of the target and every source, combined (`ErasureRecord.normalized`).
        public let allErasures: [ErasureRecord]
        public var outcome: Outcome
        /// Every erasure of the target and the sources, for asking (`Outcome.erased`).
        public var erased: ErasureSet { outcome.erased }
    }

    /// `conflictedCopy` (coffee and kitchen recipes): the records at `records` of each side, by
    /// `ConflictedCopyMerge`; the records to write go to `written`, the target's ids they replace to `replaced`.
    static func mergeConflictedCopies<Record: ConflictedCopyRecord>(
        _ kind: RecordKind, _ records: KeyPath<DataSnapshot, [Record]>,
        written: WritableKeyPath<Outcome, [Record]>, replaced: WritableKeyPath<Outcome, [String]>, _ walk: inout Walk
    ) {
        guard case .conflictedCopy(let timestampField) = kind.rules.merge else {
            walk.outcome.report.notes.append("\(kind.rawValue): merge has no conflicted-copy routine for this kind yet; the target's records were kept")
            return
        }
        (walk.outcome[keyPath: written], walk.outcome[keyPath: replaced]) = ConflictedCopyMerge.merge(
            kind, timestampField: timestampField, target: walk.target[keyPath: records], sources: walk.sources.map { $0[keyPath: records] },
            policy: walk.policy, erased: walk.erased, report: &walk.outcome.report)
    }

    /// `appendOnly` brew logs: every copy's logs named by `AppendOnlyNaming`, so merges in any
    /// order agree; the logs to write in `outcome.newLogs`, the target's that leave its files (a
    /// copy of the same brew, or renamed as a copy) in `replacedLogIDs`, their pours in `newFlows`.
    static func mergeLogs(_ walk: inout Walk) {
        let kind = RecordKind.logs
        let (target, erased) = (walk.target, walk.erased)
        let naming = AppendOnlyNaming<BrewLog>(hash: { log, id in
            var renamed = log
            renamed.id = id
            return Archive.sha256(CanonicalJSON.bytes(RecordEncoder.json(renamed)))
        }, time: \.timestamp)
        typealias Claim = AppendOnlyNaming<BrewLog>.Claim
        var records: [Claim: BrewLog] = [:]
        var targetClaims: [(log: BrewLog, claim: Claim)] = []
        for log in target.logs {
            if erased.covers(.log, log.id) { walk.outcome.report.removedAsErased.append(.init(kind, log.id)); continue }
            let claim = naming.claim(of: log, id: log.id)
            targetClaims.append((log, claim))
            if records[claim] == nil { records[claim] = log }
        }
        let heldByTarget = Set(targetClaims.map(\.claim))
        var sourceClaims: [(log: BrewLog, claim: Claim)] = []
        for source in walk.sources {
            for log in source.logs {
                if erased.covers(.log, log.id) { walk.outcome.report.skippedAsErased.append(.init(kind, log.id)); continue }
                let claim = naming.claim(of: log, id: log.id)
                sourceClaims.append((log, claim))
                if records[claim] == nil { records[claim] = log }
            }
        }
        let ids = naming.ids(of: records)
        func kept(_ claim: Claim) -> BrewLog {
            var log = records[claim]!
            log.id = ids[claim]!
            return log
        }
        // The target's logs: one per claim, under its id; any other copy leaves.
        var placed = Set<Claim>()
        for (log, claim) in targetClaims {
            let id = ids[claim]!
            if placed.contains(claim) {
                walk.outcome.replacedLogIDs.append(log.id)
                walk.outcome.report.updated.append(.init(kind, log.id, ": the same brew as log \(id), kept once"))
            } else if id != log.id {
                placed.insert(claim)
                walk.outcome.replacedLogIDs.append(log.id)
                walk.outcome.newLogs.append(kept(claim))
                walk.outcome.report.updated.append(.init(kind, log.id, ": now \(id): a different log with this id was brewed earlier (or, at the same time, sorts first), and keeps it on every copy"))
            } else {
                placed.insert(claim)
                // A kept log whose stored bytes differ (another field order, CSV) is left as it is.
            }
        }
        for (log, claim) in sourceClaims {
            let id = ids[claim]!
            if placed.contains(claim) {
                walk.outcome.report.identical.append(.init(kind, log.id, heldByTarget.contains(claim) && id != log.id ? " (kept as \(id))" : ""))
                continue
            }
            placed.insert(claim)
            walk.outcome.newLogs.append(kept(claim))
            let shared = records.keys.contains { $0.base == claim.base && $0 != claim }
            if !shared {
                walk.outcome.report.added.append(.init(kind, log.id, id == log.id ? "" : " (as \(id))"))
            } else if id == log.id && id != claim.base {
                // A copy an earlier merge made comes in under its own id: new here, beside log <base>.
                walk.outcome.report.added.append(.init(kind, log.id, ": another brew that had the id \(claim.base), kept beside it"))
            } else {
                walk.outcome.report.conflicted.append(.init(kind, log.id, id == claim.base
                    ? ": a different log has this id; kept both, the incoming one keeps it, as it was brewed earlier (or, at the same time, sorts first)"
                    : ": a different log has this id; kept both, the incoming one as \(id)"))
            }
        }
        walk.outcome.newLogs.sort { $0.id < $1.id }
        // The pours go with their brews: each new log's from the copy it came from.
        var pours: [Claim: BrewFlow] = [:]
        for copy in [target] + walk.sources {
            let byLog = Dictionary(copy.flows.map { ($0.logId, $0) }) { a, _ in a }
            for log in copy.logs where !erased.covers(.log, log.id) {
                let claim = naming.claim(of: log, id: log.id)
                if pours[claim] == nil, let flow = byLog[log.id] { pours[claim] = flow }
            }
        }
        let claimOfNew = Dictionary(records.keys.map { (ids[$0]!, $0) }) { a, _ in a }
        walk.outcome.newFlows = walk.outcome.newLogs.compactMap { log in
            guard let claim = claimOfNew[log.id], var flow = pours[claim] else { return nil }
            flow.logId = log.id
            return flow
        }
    }

    /// Recorded pours come with their logs (`mergeLogs`, earlier in the registry, chose them).
    static func mergeFlows(_ walk: inout Walk) {}

    /// `lastWriteWins` sessions (`Merger+Sessions.swift`): combined by id, entries deleted on any side first taken out.
    static func mergeSessions(_ walk: inout Walk) {
        let kind = RecordKind.sessions
        let (target, sources, erased) = (walk.target, walk.sources, walk.erased)
        // Entries deleted on any side leave every copy first (`EntryDeletions`).
        let deletions = EntryDeletions(walk.allErasures)
        let prunedTarget = target.sessions.map { deletions.pruned($0) }
        // A source's copy of a deleted entry is not brought in, and said (once per entry; the
        // target's own copy is said as removed below).
        let removedFromTarget = Set(prunedTarget.flatMap { pruned in pruned.removed.map { "\(pruned.session.id)/\($0)" } })
        var skippedEntries: [String] = []
        let prunedSources = sources.map { source in
            source.sessions.map { session -> SessionRecord in
                let pruned = deletions.pruned(session)
                for entryID in pruned.removed where !erased.covers(.session, session.id) {
                    let id = "\(session.id)/\(entryID)"
                    if !removedFromTarget.contains(id) && !skippedEntries.contains(id) { skippedEntries.append(id) }
                }
                return pruned.session
            }
        }
        for id in skippedEntries { walk.outcome.report.skippedAsErased.append(.init(.sessionEntries, id, ": deleted on a copy")) }
        (walk.outcome.newSessions, walk.outcome.replacedSessionIDs) = mergeByID(
            kind, target: prunedTarget.map(\.session), sources: prunedSources,
            erased: erased, combine: combineSessions, report: &walk.outcome.report)
        prunedSessions(prunedTarget, erased: erased, outcome: &walk.outcome)
        // Files carried whole of a folder this merge has no rule for yet are said, never dropped in silence.
        for source in sources {
            for file in source.sessionFiles where file.folderKind != .sessions {
                walk.outcome.report.notes.append("\(file.relativePath) was not merged: merge has no rule for \(file.folderKind.map { "\($0.folderName)/" } ?? "this folder") yet; copy it by hand")
            }
        }
        for session in target.sessions where erased.covers(.session, session.id) { walk.outcome.report.removedAsErased.append(.init(kind, session.id)) }
    }

    /// `lastWriteWins` drink presets (`Merger+Sessions.swift`).
    static func mergeDrinkPresets(_ walk: inout Walk) {
        let kind = RecordKind.drinkPresets
        let (target, erased) = (walk.target, walk.erased)
        (walk.outcome.newDrinkPresets, walk.outcome.replacedDrinkPresetIDs) = mergeByID(
            kind, target: target.drinkPresets, sources: walk.sources.map(\.drinkPresets), erased: erased, combine: combinePresets, report: &walk.outcome.report)
        for preset in target.drinkPresets where erased.covers(.drinkPreset, preset.id) { walk.outcome.report.removedAsErased.append(.init(kind, preset.id)) }
    }

    /// `targetKeeps` preferences: the target's are kept; a target without any takes the first
    /// source's; their `kitchen.goals` go by the later `updatedAt` (`Merger+Goals.swift`).
    static func keepTargetPreferences(_ walk: inout Walk) {
        let (target, sources) = (walk.target, walk.sources)
        if target.preferences == nil, !walk.erased.covers(.preferences, "preferences"),
           let preferences = sources.lazy.compactMap(\.preferences).first {
            walk.outcome.adoptedPreferences = preferences
            walk.outcome.report.added.append(.init(.preferences, ""))
        }
        mergeKitchenGoals(&walk)
        noteKitchenPreferences(sources, into: target, report: &walk.outcome.report)
    }

    /// A kind of the planner's files (`Merger+Planner.swift`): merged by id in place by its rule.
    static func mergePlannerKind(_ kind: RecordKind, _ walk: inout Walk) {
        mergePlannerKind(kind, walk.sources, into: walk.target, changes: &walk.outcome.planner, report: &walk.outcome.report)
    }

    /// The target as the merge leaves it (thumbnail files aside).
    static func mergedSnapshot(_ target: DataSnapshot, after outcome: Outcome, erasures: [ErasureRecord]) -> DataSnapshot {
        let erased = outcome.erased
        let replaced = Set(outcome.replacedRecipeIDs)
        let replacedKitchen = Set(outcome.replacedKitchenRecipeIDs)
        let replacedLogs = Set(outcome.replacedLogIDs)
        let newFlowIDs = Set(outcome.newFlows.map(\.logId))
        let keptFiles = target.sessionFiles.compactMap { sessionFile -> SessionFile? in
            guard let folderKind = sessionFile.folderKind else { return sessionFile }
            let file = RawDataFile(path: sessionFile.relativePath, relativePath: sessionFile.relativePath, folderKind: folderKind, content: sessionFile.content)
            let (content, removed) = file.content.removing { record in
                file.kind(of: record).map { outcome.removesFromTarget(record, kind: $0, ownerID: file.ownerID(of: record, kind: $0)) } ?? false
            }
            guard removed > 0 else { return sessionFile }
            return content.map { SessionFile(relativePath: sessionFile.relativePath, content: $0) }
        }
        return DataSnapshot(
            recipes: target.recipes.filter { !replaced.contains($0.id) && ($0.isStarter || !erased.covers(.recipe, $0.id)) } + outcome.newRecipes,
            logs: target.logs.filter { !erased.covers(.log, $0.id) && !replacedLogs.contains($0.id) } + outcome.newLogs,
            sessionFiles: keptFiles + sessionFiles(for: outcome.newSessions + outcome.newDrinkPresets, existing: Set(target.sessionFiles.map(\.relativePath))),
            preferences: outcome.updatedPreferences ?? target.preferences ?? outcome.adoptedPreferences,
            erasures: erasures,
            kitchenRecipes: target.kitchenRecipes.filter { !replacedKitchen.contains($0.id) } + outcome.newKitchenRecipes,
            flows: target.flows.filter { !erased.covers(.log, $0.logId) && !replacedLogs.contains($0.logId) && !newFlowIDs.contains($0.logId) } + outcome.newFlows,
            kitchenFiles: plannerFiles(of: target, after: outcome))
    }

    /// Writes a merge into the target directory (`MergeWriter`).
    public static func apply(_ outcome: Outcome, target: DataSnapshot, root: String) throws(CommandError) {
        try MergeWriter.apply(outcome, target: target, root: root)
    }
}
