import BrewKit
import Foundation

/// Writes a merge (`Merger.Outcome`) into the target directory: the one part of `merge` that
/// does I/O. Every file change is worked out first, saved as a `MergeJournal`, then made one by
/// one, so a merge killed at any point is finished by the next `merge --yes`.
///
/// Order of the changes (each atomic): thumbnail files before the recipes that name them;
/// recorded pours before their logs; new and combined records into new files; the planner's
/// files; adopted (or updated) preferences; the erasure records; then the records the merge replaces or that
/// were erased leave the target's files.
public enum MergeWriter {
    /// Every file change the merge makes in `root`, with the bytes each file is left with.
    public static func changes(for outcome: Merger.Outcome, root: String) throws(CommandError) -> [MergeJournal.Change] {
        let existingFiles = try RawDataFile.loadAll(root: root)
        var writes: [(String, [UInt8])] = []
        func path(_ folder: String, _ content: [UInt8]) -> String {
            let tag = Archive.sha256(content).prefix(8)
            var candidate = "\(folder)/merged-\(tag).json"
            var counter = 2
            while FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent(candidate)) {
                candidate = "\(folder)/merged-\(tag)-\(counter).json"; counter += 1
            }
            return candidate
        }
        // Thumbnail files before the recipes that name them; a file already at the path (one no
        // recipe named) is never written over.
        for image in outcome.newKitchenImages where !FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent(image.path)) {
            writes.append((image.path, image.bytes))
        }
        if !outcome.newRecipes.isEmpty {
            let bytes = CanonicalJSON.bytes(.array(outcome.newRecipes.map(RecordEncoder.json)))
            writes.append((path(RecordKind.recipes.folderName, bytes), bytes))
        }
        if !outcome.newKitchenRecipes.isEmpty {
            let bytes = CanonicalJSON.bytes(.array(outcome.newKitchenRecipes.map(KitchenRecordEncoder.json)))
            writes.append((path(RecordKind.kitchenRecipes.folderName, bytes), bytes))
        }
        if !outcome.newLogs.isEmpty {
            let bytes = CanonicalJSON.bytes(.array(outcome.newLogs.map(RecordEncoder.json)))
            writes.append((path(RecordKind.logs.folderName, bytes), bytes))
        }
        // Pours before their logs: a log never names a pour that is not there yet.
        for flow in outcome.newFlows {
            writes.insert(("\(FlowFile.folderName)/\(flow.logId).json", Array(FlowFile.text(flow).utf8)), at: 0)
        }
        do {
            let existing = Set(existingFiles.map(\.relativePath))
            for file in Merger.sessionFiles(for: outcome.newSessions + outcome.newDrinkPresets, existing: existing) {
                writes.append((file.relativePath, try file.content.bytes()))
            }
            // The planner's new plan files and rewritten one-file lists.
            for file in outcome.planner.writes { writes.append((file.relativePath, try file.content.bytes())) }
        } catch {
            throw CommandError("\(error)")
        }
        if let preferences = outcome.adoptedPreferences { writes.append((DataDirectoryReader.preferencesFileName, CanonicalJSON.bytes(preferences))) }
        // The target's own preferences with other goals: its keys kept in their order, as `kitchen goals --write` writes them.
        if let preferences = outcome.updatedPreferences { writes.append((DataDirectoryReader.preferencesFileName, CanonicalJSON.bytes(preferences, sortKeys: false))) }
        var changes = writes.map { MergeJournal.change($0.0, root: root, to: $0.1) }
        if !outcome.newErasures.isEmpty {
            let ledger = try ErasureLedger.load(root: root) + outcome.newErasures
            changes.append(MergeJournal.change(ErasureLedger.fileName, root: root, to: CanonicalJSON.bytes(ErasureLedger.json(ledger))))
        }
        let newPaths = Set(writes.map(\.0))
        for file in existingFiles where !newPaths.contains(file.relativePath) {
            let (content, removed) = file.content.removing { record in
                file.kind(of: record).map { outcome.removesFromTarget(record, kind: $0, ownerID: file.ownerID(of: record, kind: $0)) } ?? false
            }
            guard removed > 0 else { continue }
            do {
                changes.append(MergeJournal.change(file.relativePath, root: root, to: try content?.bytes()))
            } catch {
                throw CommandError.file(file.path, "\(error)")
            }
        }
        return changes
    }

    /// Writes a merge into the target directory, after `Merger.refusal(of:root:now:)` found nothing
    /// wrong: the journal first, then each change, then the journal goes.
    /// - Parameter afterEachChange: called after each change is made (tests stop the merge there).
    public static func apply(_ outcome: Merger.Outcome, target: DataSnapshot, root: String,
                             afterEachChange: (Int) throws(CommandError) -> Void = { _ throws(CommandError) in }) throws(CommandError) {
        let changes = try changes(for: outcome, root: root)
        if let reason = Merger.refusal(of: changes, root: root) { throw CommandError(reason) }
        guard !changes.isEmpty else { return }
        let journal = MergeJournal(changes: changes)
        if let refusal = journal.refusal(root: root, written: false) { throw refusal }
        try journal.write(root: root)
        try journal.apply(root: root, afterEachChange: afterEachChange)
    }
}
