import BrewKit
import Foundation

extension Merger {
    /// What a merge plans (`Merger.merge`): the target as it will be, the records and files to
    /// write, what leaves the target's files, and the typed report. `MergeWriter` writes it.
    public struct Outcome: Sendable {
        /// The target as it will be after the merge.
        public var merged: DataSnapshot
        /// Records to write into the target: added ones, incoming winners, conflicted copies.
        public var newRecipes: [Recipe] = []
        public var newLogs: [BrewLog] = []
        /// The recorded pours of `newLogs` that a source had (under the new log's id).
        public var newFlows: [BrewFlow] = []
        /// Sessions to write: new ids and the combined versions of target sessions.
        public var newSessions: [SessionRecord] = []
        public var newDrinkPresets: [SessionRecord] = []
        /// Target logs that leave their files: renamed as a copy (`AppendOnlyNaming`), or a second copy of one brew.
        public var replacedLogIDs: [String] = []
        /// Target recipes whose stored version is replaced (the old one lives on as a conflicted copy).
        public var replacedRecipeIDs: [String] = []
        /// Kitchen recipes to write into the target, and target kitchen recipes they replace.
        public var newKitchenRecipes: [KitchenRecipe] = []
        public var replacedKitchenRecipeIDs: [String] = []
        /// Thumbnail files a merged kitchen recipe names that the target lacks, from a source.
        public var newKitchenImages: [KitchenImage] = []
        /// Target sessions and presets replaced by their combined version.
        public var replacedSessionIDs: [String] = []
        public var replacedDrinkPresetIDs: [String] = []
        public var newErasures: [ErasureRecord] = []
        /// Every erasure of the target and the sources.
        public var erased = ErasureSet([])
        public var adoptedPreferences: JSONValue?
        /// The target's own preferences with a source's later `kitchen.goals` (`mergeKitchenGoals`),
        /// every other setting as it was; nil when they do not change.
        public var updatedPreferences: JSONValue?
        /// The kitchen planner's files to write, and the plan slots that leave the target's files.
        public var planner = PlannerChanges()
        public var report = MergeReport()

        /// Whether the merge takes this record (of this kind) out of the target's files: erased on
        /// some side, or replaced by a newer or combined version written elsewhere, as the kind's
        /// declaration says (`RecordKindDeclaration.leavesTarget`).
        /// - Parameter ownerID: the id of the record it belongs to (`RawDataFile.ownerID(of:kind:)`).
        public func removesFromTarget(_ record: JSONValue, kind: RecordKind, ownerID: String?) -> Bool {
            kind.declaration.leavesTarget(record, ownerID: ownerID, after: self)
        }

        /// Whether the record with `id` (or, for a record that belongs to another, its owner's id)
        /// leaves the target's files: erased under `ledgerKind` on some side, or among `replaced`.
        /// False without an id.
        public func removesFromTarget(id: String?, erasedAs ledgerKind: ErasureRecord.Kind, replaced: [String] = []) -> Bool {
            guard let id else { return false }
            return erased.covers(ledgerKind, id) || replaced.contains(id)
        }
    }
}
