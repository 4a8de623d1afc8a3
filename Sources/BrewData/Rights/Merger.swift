import BrewKit
import Foundation

/// Combines data directories (one per device) into a target: the pure planner of `merge`. It
/// walks the registered kinds (`RecordKinds.all`) and runs each kind's `rules.merge` (docs/DATA-RIGHTS.md); the
/// result (`Outcome`, with a typed `MergeReport`) is written by `MergeWriter`.
///
/// The rules, one routine each:
/// - `conflictedCopy` (coffee and kitchen recipes): `ConflictedCopyMerge`: a record edited on
///   both sides keeps both, the later timestamp keeping the id, the other a "(Conflicted Copy)".
/// - `appendOnly` (logs): `Merger+AppendOnly.swift`: the same id with different content is kept
///   under `<id>-merged-<8 hex>`; recorded pours come along with their logs.
/// - `lastWriteWins` (sessions, drink presets: `Merger+Sessions.swift`; the planner's slots,
///   shopping items and snack presets: `Merger+Planner.swift`) and `furthestAlong` (the inbox).
/// - `withOwner`: merged as part of the owner's record. `targetKeeps`: preferences. `union`:
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
        var logs: [String: BrewLog] = [:]

        for kind in RecordKind.registered {
            switch kind.rules.merge {
            case .conflictedCopy(let timestampField):
                switch kind {
                case .recipes:
                    (outcome.newRecipes, outcome.replacedRecipeIDs) = ConflictedCopyMerge.merge(
                        kind, timestampField: timestampField, target: target.recipes, sources: sources.map(\.recipes),
                        policy: policy, erased: erased, report: &outcome.report)
                case .kitchenRecipes:
                    (outcome.newKitchenRecipes, outcome.replacedKitchenRecipeIDs) = ConflictedCopyMerge.merge(
                        kind, timestampField: timestampField, target: target.kitchenRecipes, sources: sources.map(\.kitchenRecipes),
                        policy: policy, erased: erased, report: &outcome.report)
                case .recipeSteps, .logs, .sessions, .sessionEntries, .drinkPresets, .preferences, .erasures, .flows,
                     .kitchenIngredients, .kitchenSteps, .mealPlanSlots, .kitchenInbox, .snackPresets, .shoppingItems, .cookLogs:
                    outcome.report.notes.append("\(kind.rawValue): merge has no conflicted-copy routine for this kind yet; the target's records were kept")
                }
            case .appendOnly:
                switch kind {
                case .logs:
                    logs = Dictionary(target.logs.map { ($0.id, $0) }) { a, _ in a }
                    for source in sources {
                        for log in source.logs {
                            appendOnly(log, id: log.id, kind: kind, content: RecordEncoder.json(log), erased: erased, pool: &logs, outcome: &outcome) { id in
                                var renamed = log
                                renamed.id = id
                                return renamed
                            }
                        }
                    }
                    for log in target.logs where erased.covers(.log, log.id) { outcome.report.removedAsErased.append(.init(kind, log.id)) }
                case .cookLogs:
                    // Kept in a planner's file: merged in place, a different copy of an id kept as `<id>-merged-<8 hex>`.
                    mergePlannerKind(kind, sources, into: target, changes: &outcome.planner, report: &outcome.report)
                case .recipes, .recipeSteps, .sessions, .sessionEntries, .drinkPresets, .preferences, .erasures, .flows,
                     .kitchenRecipes, .kitchenIngredients, .kitchenSteps, .mealPlanSlots, .kitchenInbox, .snackPresets, .shoppingItems:
                    outcome.report.notes.append("\(kind.rawValue): merge has no append-only routine for this kind yet; the target's records were kept")
                }
            case .lastWriteWins, .furthestAlong:
                switch kind {
                case .sessions:
                    // Entries deleted on any side leave every copy first (`EntryDeletions`).
                    let deletions = EntryDeletions(allErasures)
                    let prunedTarget = target.sessions.map { deletions.pruned($0) }
                    (outcome.newSessions, outcome.replacedSessionIDs) = mergeByID(
                        kind, target: prunedTarget.map(\.session), sources: sources.map { $0.sessions.map { deletions.pruned($0).session } },
                        erased: erased, combine: combineSessions, report: &outcome.report)
                    prunedSessions(prunedTarget, erased: erased, outcome: &outcome)
                    // Files carried whole of a folder this merge has no rule for yet are said, never dropped in silence.
                    for source in sources {
                        for file in source.sessionFiles where file.folderKind != .sessions {
                            outcome.report.notes.append("\(file.relativePath) was not merged: merge has no rule for \(file.folderKind.map { "\($0.folderName)/" } ?? "this folder") yet; copy it by hand")
                        }
                    }
                    for session in target.sessions where erased.covers(.session, session.id) { outcome.report.removedAsErased.append(.init(kind, session.id)) }
                case .drinkPresets:
                    (outcome.newDrinkPresets, outcome.replacedDrinkPresetIDs) = mergeByID(
                        kind, target: target.drinkPresets, sources: sources.map(\.drinkPresets), erased: erased, combine: combinePresets, report: &outcome.report)
                    for preset in target.drinkPresets where erased.covers(.drinkPreset, preset.id) { outcome.report.removedAsErased.append(.init(kind, preset.id)) }
                case .mealPlanSlots, .kitchenInbox, .snackPresets, .shoppingItems:
                    mergePlannerKind(kind, sources, into: target, changes: &outcome.planner, report: &outcome.report)
                case .recipes, .recipeSteps, .logs, .sessionEntries, .preferences, .erasures, .flows, .kitchenRecipes, .kitchenIngredients, .kitchenSteps, .cookLogs:
                    outcome.report.notes.append("\(kind.rawValue): merge has no last-write-wins routine for this kind yet; the target's records were kept")
                }
            case .targetKeeps:
                // preferences: the target's are kept; a target without any takes the first source's.
                if target.preferences == nil, !erased.covers(.preferences, "preferences"),
                   let preferences = sources.lazy.compactMap(\.preferences).first {
                    outcome.adoptedPreferences = preferences
                    outcome.report.added.append(.init(kind, ""))
                }
                noteKitchenPreferences(sources, into: target, report: &outcome.report)
            case .withOwner, .union:
                // Merged with the record they belong to (steps, entries, ingredients, recorded
                // pours below), or already combined above (the erasure records).
                break
            }
        }

        let targetLogIDs = Set(target.logs.map(\.id))
        outcome.newLogs = logs.values.filter { !targetLogIDs.contains($0.id) }.sorted { $0.id < $1.id }
        outcome.newFlows = flows(of: outcome.newLogs, from: sources)
        outcome.merged = mergedSnapshot(target, after: outcome, erasures: allErasures)
        mergeKitchenImages(sources, into: target, outcome: &outcome)
        outcome.merged.kitchenImages = target.kitchenImages + outcome.newKitchenImages
        return outcome
    }

    /// The recorded pours of the added logs, from the first source that has one, under the id the log is added with.
    static func flows(of newLogs: [BrewLog], from sources: [DataSnapshot]) -> [BrewFlow] {
        var sourceFlows: [String: BrewFlow] = [:]
        for source in sources { for flow in source.flows where sourceFlows[flow.logId] == nil { sourceFlows[flow.logId] = flow } }
        return newLogs.compactMap { log in
            let original = log.id.range(of: "-merged-").map { String(log.id[..<$0.lowerBound]) } ?? log.id
            guard var flow = sourceFlows[original] ?? sourceFlows[log.id] else { return nil }
            flow.logId = log.id
            return flow
        }
    }

    /// The target as the merge leaves it (thumbnail files aside).
    static func mergedSnapshot(_ target: DataSnapshot, after outcome: Outcome, erasures: [ErasureRecord]) -> DataSnapshot {
        let erased = outcome.erased
        let replaced = Set(outcome.replacedRecipeIDs)
        let replacedKitchen = Set(outcome.replacedKitchenRecipeIDs)
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
            logs: target.logs.filter { !erased.covers(.log, $0.id) } + outcome.newLogs,
            sessionFiles: keptFiles + sessionFiles(for: outcome.newSessions + outcome.newDrinkPresets, existing: Set(target.sessionFiles.map(\.relativePath))),
            preferences: target.preferences ?? outcome.adoptedPreferences,
            erasures: erasures,
            kitchenRecipes: target.kitchenRecipes.filter { !replacedKitchen.contains($0.id) } + outcome.newKitchenRecipes,
            flows: target.flows.filter { !erased.covers(.log, $0.logId) } + outcome.newFlows,
            kitchenFiles: plannerFiles(of: target, after: outcome))
    }

    /// Writes a merge into the target directory (`MergeWriter`).
    public static func apply(_ outcome: Outcome, target: DataSnapshot, root: String) throws(CommandError) {
        try MergeWriter.apply(outcome, target: target, root: root)
    }
}
