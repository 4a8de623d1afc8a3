import BrewKit
import Foundation

/// Combines data directories (one per device) into a target, kind by kind as `RecordKind`'s
/// merge rules say (docs/DATA-RIGHTS.md).
///
/// Rules:
/// - Logs are append-only. The same id with the same content appears once; the same id with
///   different content keeps both, the incoming one under the derived id
///   `<id>-merged-<8 hex of the SHA-256 of its canonical JSON>`.
/// - A recipe with the same id and different content keeps both: the later `modifiedAt`
///   keeps the id (the target on a tie, and always when either is a starter); the other becomes
///   "<name> (Conflicted Copy)", origin `conflictedCopy`, not a starter, steps intact, id
///   `<id>-conflict-<8 hex of its canonical JSON>`.
/// - Sessions and drink presets are one record per id, last write wins by `updatedAt`, a
///   session's entries merged entry by entry (`Merger+Sessions.swift`).
/// - The kitchen planner's plan slots, shopping items, snack presets and inbox entries merge by
///   id, the later copy winning and the other dropped and reported (`Merger+Planner.swift`).
/// - Derived ids depend only on content, so merging the same source again finds them identical;
///   merging twice changes nothing.
/// - Erasures are combined, and an erasure from any side is applied everywhere (`ErasureSet`: the
///   id in every case and every merge copy of it): an erased record is never brought in, and the
///   target loses its copy.
public enum Merger {
    /// What a record edited on both sides becomes (`merge --on-conflict`, MOD/SYS/014 TC-133):
    /// both kept (the older as a "(Conflicted Copy)"), the target's kept, or the source's kept.
    public enum ConflictPolicy: String, Sendable, CaseIterable {
        case both, target, source
    }

    public struct Report: Sendable {
        public var added: [String] = []
        public var identical: [String] = []
        public var conflicted: [String] = []
        /// Records of the target replaced by a combination with an incoming copy.
        public var updated: [String] = []
        public var skippedAsErased: [String] = []
        /// Records of the target removed because a source erased them.
        public var removedAsErased: [String] = []
        /// Copies of planner records (plan slots, shopping items, snack presets, inbox entries)
        /// left out because the other copy of the same id won: which was kept and which dropped.
        public var dropped: [String] = []
        public var notes: [String] = []

        public var changesNothing: Bool { added.isEmpty && conflicted.isEmpty && updated.isEmpty && removedAsErased.isEmpty }
    }

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
        /// The kitchen planner's files to write, and the plan slots that leave the target's files.
        public var planner = PlannerChanges()
        public var report = Report()

        /// Whether the merge takes this record (of this kind) out of the target's files: erased on
        /// some side, or replaced by a newer or combined version written elsewhere.
        /// - Parameter ownerID: the id of the record it belongs to (`RawDataFile.ownerID(of:kind:)`).
        public func removesFromTarget(_ record: JSONValue, kind: RecordKind, ownerID: String?) -> Bool {
            func id(_ key: String) -> String? { record.text(key) }
            switch kind {
            case .recipes:
                guard let id = id("id"), !record.isStarterRecipe else { return false }
                return erased.covers(.recipe, id) || replacedRecipeIDs.contains(id)
            case .recipeSteps:
                guard let id = ownerID else { return false }
                return erased.covers(.recipe, id) || replacedRecipeIDs.contains(id)
            case .logs:
                return id("id").map { erased.covers(.log, $0) } ?? false
            case .sessions:
                guard let id = id("id") else { return false }
                return erased.covers(.session, id) || replacedSessionIDs.contains(id)
            case .sessionEntries:
                guard let id = ownerID else { return false }
                return erased.covers(.session, id) || replacedSessionIDs.contains(id)
            case .drinkPresets:
                guard let id = id("id") else { return false }
                return erased.covers(.drinkPreset, id) || replacedDrinkPresetIDs.contains(id)
            case .flows:
                return id("logId").map { erased.covers(.log, $0) } ?? false
            case .kitchenRecipes:
                guard let id = id("id") else { return false }
                return erased.covers(.kitchenRecipe, id) || replacedKitchenRecipeIDs.contains(id)
            case .kitchenIngredients, .kitchenSteps:
                guard let id = ownerID else { return false }
                return erased.covers(.kitchenRecipe, id) || replacedKitchenRecipeIDs.contains(id)
            case .mealPlanSlots:
                return id("id").map { planner.replacedSlotIDs.contains($0.trimmingSpaces) } ?? false
            // Rewritten whole (`planner.writes`), or not merged record by record.
            case .preferences, .erasures, .kitchenInbox, .snackPresets, .shoppingItems:
                return false
            }
        }
    }

    public static func merge(_ sources: [DataSnapshot], into target: DataSnapshot, onConflict policy: ConflictPolicy = .both) -> Outcome {
        var outcome = Outcome(merged: target)
        let allErasures = ErasureRecord.normalized(target.erasures + sources.flatMap(\.erasures))
        // By record, not key: a later timed erasure of a planner id the target knows is news too.
        let known = Set(target.erasures)
        outcome.newErasures = allErasures.filter { !known.contains($0) }
        let erased = ErasureSet(allErasures)
        outcome.erased = erased

        var recipes = Dictionary(target.recipes.map { ($0.id, $0) }) { a, _ in a }
        var logs = Dictionary(target.logs.map { ($0.id, $0) }) { a, _ in a }
        var newRecipes: [String: Recipe] = [:]

        for source in sources {
            for recipe in source.recipes {
                if erased.covers(.recipe, recipe.id) { outcome.report.skippedAsErased.append("recipe \(recipe.id)"); continue }
                guard let existing = recipes[recipe.id] else {
                    recipes[recipe.id] = recipe
                    newRecipes[recipe.id] = recipe
                    outcome.report.added.append("recipe \(recipe.id)")
                    continue
                }
                if existing == recipe { outcome.report.identical.append("recipe \(recipe.id)"); continue }
                if policy == .target || (policy == .source && existing.isStarter) {
                    outcome.report.conflicted.append("recipe \(recipe.id): kept the target's version (--on-conflict \(policy.rawValue))")
                    continue
                }
                if policy == .source {
                    recipes[recipe.id] = recipe
                    newRecipes[recipe.id] = recipe
                    if target.recipes.contains(where: { $0.id == recipe.id }) { outcome.replacedRecipeIDs.append(recipe.id) }
                    outcome.report.conflicted.append("recipe \(recipe.id): took the incoming version (--on-conflict source)")
                    continue
                }
                let incomingWins = !existing.isStarter && !recipe.isStarter && recipe.modifiedAt > existing.modifiedAt
                let loser = incomingWins ? existing : recipe
                let copy = conflictedCopy(of: loser)
                if erased.covers(.recipe, copy.id) {
                    outcome.report.skippedAsErased.append("recipe \(recipe.id) (its conflicted copy \(copy.id) was erased)")
                } else if recipes[copy.id] == copy {
                    outcome.report.identical.append("recipe \(recipe.id) (conflicted copy \(copy.id) already present)")
                    if !incomingWins { continue }
                } else {
                    recipes[copy.id] = copy
                    newRecipes[copy.id] = copy
                    outcome.report.conflicted.append("recipe \(recipe.id): kept both; the \(incomingWins ? "target's" : "incoming") version is now \(copy.id) \"\(copy.name)\"")
                }
                if incomingWins {
                    recipes[recipe.id] = recipe
                    newRecipes[recipe.id] = recipe
                    if target.recipes.contains(where: { $0.id == recipe.id }) { outcome.replacedRecipeIDs.append(recipe.id) }
                }
            }
            for log in source.logs {
                appendOnly(log, id: log.id, kind: "log", content: RecordEncoder.json(log), erased: erased, pool: &logs, outcome: &outcome) { id in
                    var renamed = log
                    renamed.id = id
                    return renamed
                }
            }
        }
        (outcome.newSessions, outcome.replacedSessionIDs) = mergeByID(
            "session", target: target.sessions, sources: sources.map(\.sessions), erased: erased, ledgerKind: .session,
            combine: combineSessions, report: &outcome.report)
        (outcome.newDrinkPresets, outcome.replacedDrinkPresetIDs) = mergeByID(
            "drink preset", target: target.drinkPresets, sources: sources.map(\.drinkPresets), erased: erased, ledgerKind: .drinkPreset,
            combine: combinePresets, report: &outcome.report)
        // Files carried whole of a folder this merge has no rule for yet are said, never dropped in silence.
        for source in sources {
            for file in source.sessionFiles where file.folderKind != .sessions {
                outcome.report.notes.append("\(file.relativePath) was not merged: merge has no rule for \(file.folderKind.map { "\($0.folderName)/" } ?? "this folder") yet; copy it by hand")
            }
        }
        for recipe in target.recipes where !recipe.isStarter && erased.covers(.recipe, recipe.id) { outcome.report.removedAsErased.append("recipe \(recipe.id)") }
        for log in target.logs where erased.covers(.log, log.id) { outcome.report.removedAsErased.append("log \(log.id)") }
        for session in target.sessions where erased.covers(.session, session.id) { outcome.report.removedAsErased.append("session \(session.id)") }
        for preset in target.drinkPresets where erased.covers(.drinkPreset, preset.id) { outcome.report.removedAsErased.append("drink preset \(preset.id)") }

        mergeKitchen(sources, into: target, policy: policy, erased: erased, outcome: &outcome)
        outcome.planner = mergePlanner(sources, into: target, report: &outcome.report)
        outcome.newRecipes = newRecipes.values.sorted { $0.id < $1.id }
        let targetLogIDs = Set(target.logs.map(\.id))
        outcome.newLogs = logs.values.filter { !targetLogIDs.contains($0.id) }.sorted { $0.id < $1.id }
        // A recorded pour comes along with its log, under the id the log is added with.
        var sourceFlows: [String: BrewFlow] = [:]
        for source in sources { for flow in source.flows where sourceFlows[flow.logId] == nil { sourceFlows[flow.logId] = flow } }
        outcome.newFlows = outcome.newLogs.compactMap { log in
            let original = log.id.range(of: "-merged-").map { String(log.id[..<$0.lowerBound]) } ?? log.id
            guard var flow = sourceFlows[original] ?? sourceFlows[log.id] else { return nil }
            flow.logId = log.id
            return flow
        }
        if target.preferences == nil, !erased.covers(.preferences, "preferences"),
           let preferences = sources.lazy.compactMap(\.preferences).first {
            outcome.adoptedPreferences = preferences
            outcome.report.added.append("preferences")
        }

        let replaced = Set(outcome.replacedRecipeIDs)
        let keptFiles = target.sessionFiles.compactMap { sessionFile -> SessionFile? in
            guard let folderKind = sessionFile.folderKind else { return sessionFile }
            let file = RawDataFile(path: sessionFile.relativePath, relativePath: sessionFile.relativePath, folderKind: folderKind, content: sessionFile.content)
            let (content, removed) = file.content.removing { record in
                file.kind(of: record).map { outcome.removesFromTarget(record, kind: $0, ownerID: file.ownerID(of: record, kind: $0)) } ?? false
            }
            guard removed > 0 else { return sessionFile }
            return content.map { SessionFile(relativePath: sessionFile.relativePath, content: $0) }
        }
        outcome.merged = DataSnapshot(
            recipes: target.recipes.filter { !replaced.contains($0.id) && ($0.isStarter || !erased.covers(.recipe, $0.id)) } + outcome.newRecipes,
            logs: target.logs.filter { !erased.covers(.log, $0.id) } + outcome.newLogs,
            sessionFiles: keptFiles + sessionFiles(for: outcome.newSessions + outcome.newDrinkPresets, existing: Set(target.sessionFiles.map(\.relativePath))),
            preferences: target.preferences ?? outcome.adoptedPreferences,
            erasures: allErasures,
            kitchenRecipes: target.kitchenRecipes.filter { !Set(outcome.replacedKitchenRecipeIDs).contains($0.id) } + outcome.newKitchenRecipes,
            flows: target.flows.filter { !erased.covers(.log, $0.logId) } + outcome.newFlows,
            kitchenFiles: plannerFiles(of: target, after: outcome))
        mergeKitchenImages(sources, into: target, outcome: &outcome)
        outcome.merged.kitchenImages = target.kitchenImages + outcome.newKitchenImages
        return outcome
    }

    /// The thumbnail files (`KitchenImage`) of the merged kitchen recipes: a file the target lacks
    /// is copied from the first source that has it; a file at the same path with other bytes keeps
    /// the target's (the recipes name a path, and the target's photo is what its pages show), and
    /// the note says so. Files no merged recipe names are not copied. Merging again finds the
    /// same bytes and changes nothing.
    static func mergeKitchenImages(_ sources: [DataSnapshot], into target: DataSnapshot, outcome: inout Outcome) {
        let named = KitchenImage.paths(namedBy: outcome.merged.kitchenRecipes)
        var present = Dictionary(target.kitchenImages.map { ($0.path, $0.bytes) }) { a, _ in a }
        var noted = Set<String>()
        for source in sources {
            for image in source.kitchenImages where named.contains(image.path) {
                guard let existing = present[image.path] else {
                    present[image.path] = image.bytes
                    outcome.newKitchenImages.append(image)
                    outcome.report.added.append("kitchen image \(image.path)")
                    continue
                }
                if existing == image.bytes {
                    outcome.report.identical.append("kitchen image \(image.path)")
                } else if noted.insert(image.path).inserted {
                    outcome.report.notes.append("kitchen image \(image.path) differs between the target and a source; kept the target's file (\(existing.count) bytes), the incoming one (\(image.bytes.count) bytes) was not copied")
                }
            }
        }
    }

    /// The outcome with the incoming thumbnail files that would land on a file already in the
    /// target's folder (one no target recipe names, so not in its snapshot) taken out: the file
    /// there is never written over, and the report says it was kept instead of "added".
    public static func leavingOccupiedImagePaths(_ outcome: Outcome, root: String) -> Outcome {
        var settled = outcome
        let occupied = outcome.newKitchenImages.filter { FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent($0.path)) }
        guard !occupied.isEmpty else { return outcome }
        let paths = Set(occupied.map(\.path))
        settled.newKitchenImages.removeAll { paths.contains($0.path) }
        // Those paths were absent from the target's snapshot, so every entry at them is incoming.
        settled.merged.kitchenImages.removeAll { paths.contains($0.path) }
        let addedLines = Set(paths.map { "kitchen image \($0)" })
        settled.report.added.removeAll { addedLines.contains($0) }
        for image in occupied {
            settled.report.notes.append("kitchen image \(image.path): a file no recipe named is already there; kept it, the incoming one (\(image.bytes.count) bytes) was not copied")
        }
        return settled
    }

    /// Kitchen recipes (issue 14), by the rule of `RecordKind.kitchenRecipes`: a recipe edited on
    /// both sides keeps both, the later `updatedAt` (a recipe without one counts as oldest; the
    /// target on a tie) keeping the id and the other becoming "<title> (Conflicted Copy)" under
    /// `<id>-conflict-<8 hex>`, unless `policy` keeps only the target's or the source's.
    static func mergeKitchen(_ sources: [DataSnapshot], into target: DataSnapshot, policy: ConflictPolicy, erased: ErasureSet, outcome: inout Outcome) {
        var pool = Dictionary(target.kitchenRecipes.map { ($0.id, $0) }) { a, _ in a }
        var added: [String: KitchenRecipe] = [:]
        let targetIDs = Set(target.kitchenRecipes.map(\.id))
        func keep(_ recipe: KitchenRecipe) {
            pool[recipe.id] = recipe
            added[recipe.id] = recipe
        }
        for source in sources {
            for recipe in source.kitchenRecipes {
                if erased.covers(.kitchenRecipe, recipe.id) { outcome.report.skippedAsErased.append("kitchen recipe \(recipe.id)"); continue }
                guard let existing = pool[recipe.id] else {
                    keep(recipe)
                    outcome.report.added.append("kitchen recipe \(recipe.id)")
                    continue
                }
                if existing == recipe { outcome.report.identical.append("kitchen recipe \(recipe.id)"); continue }
                switch policy {
                case .target:
                    outcome.report.conflicted.append("kitchen recipe \(recipe.id): kept the target's version (--on-conflict target)")
                    continue
                case .source:
                    keep(recipe)
                    if targetIDs.contains(recipe.id) { outcome.replacedKitchenRecipeIDs.append(recipe.id) }
                    outcome.report.conflicted.append("kitchen recipe \(recipe.id): took the incoming version (--on-conflict source)")
                    continue
                case .both:
                    break
                }
                let incomingWins = (recipe.updatedAt ?? .distantPast) > (existing.updatedAt ?? .distantPast)
                let loser = incomingWins ? existing : recipe
                var copy = loser
                copy.id = derivedID(loser.id, infix: "conflict", content: KitchenRecordEncoder.json(loser))
                copy.title = String((loser.title + " (Conflicted Copy)").suffix(KitchenRecipe.maximumTitleLength))
                if erased.covers(.kitchenRecipe, copy.id) {
                    outcome.report.skippedAsErased.append("kitchen recipe \(recipe.id) (its conflicted copy \(copy.id) was erased)")
                } else if pool[copy.id] == copy {
                    outcome.report.identical.append("kitchen recipe \(recipe.id) (conflicted copy \(copy.id) already present)")
                    if !incomingWins { continue }
                } else {
                    keep(copy)
                    outcome.report.conflicted.append("kitchen recipe \(recipe.id): kept both; the \(incomingWins ? "target's" : "incoming") version is now \(copy.id) \"\(copy.title)\"")
                }
                if incomingWins {
                    keep(recipe)
                    if targetIDs.contains(recipe.id) { outcome.replacedKitchenRecipeIDs.append(recipe.id) }
                }
            }
        }
        for id in targetIDs.sorted() where erased.covers(.kitchenRecipe, id) {
            outcome.report.removedAsErased.append("kitchen recipe \(id)")
            outcome.replacedKitchenRecipeIDs.append(id)
        }
        outcome.newKitchenRecipes = added.values.sorted { $0.id < $1.id }
    }

    /// The target's planner files as the merge leaves them: replaced slots out of their files (a
    /// JSON file left empty goes), rewritten files in place of the old, new files added.
    static func plannerFiles(of target: DataSnapshot, after outcome: Outcome) -> [SessionFile] {
        let written = Dictionary(outcome.planner.writes.map { ($0.relativePath, $0) }, uniquingKeysWith: { _, last in last })
        var files: [SessionFile] = []
        for file in target.kitchenFiles {
            if let replacement = written[file.relativePath] { files.append(replacement); continue }
            guard KitchenPlannerFiles.kind(ofPath: file.relativePath) == .mealPlanSlots else { files.append(file); continue }
            let (content, removed) = file.content.removing { record in outcome.removesFromTarget(record, kind: .mealPlanSlots, ownerID: nil) }
            if removed == 0 { files.append(file) } else if let content { files.append(SessionFile(relativePath: file.relativePath, content: content)) }
        }
        let kept = Set(target.kitchenFiles.map(\.relativePath))
        return files + outcome.planner.writes.filter { !kept.contains($0.relativePath) }
    }

    private static func appendOnly<Record: Equatable>(
        _ record: Record, id: String, kind: String, content: JSONValue, erased: ErasureSet,
        pool: inout [String: Record], outcome: inout Outcome, renamed: (String) -> Record
    ) {
        if erased.covers(.log, id) { outcome.report.skippedAsErased.append("\(kind) \(id)"); return }
        guard let existing = pool[id] else {
            pool[id] = record
            outcome.report.added.append("\(kind) \(id)")
            return
        }
        if existing == record || canonical(existing, kind: kind) == CanonicalJSON.bytes(content) {
            outcome.report.identical.append("\(kind) \(id)")
            return
        }
        let derived = derivedID(id, infix: "merged", content: content)
        let copy = renamed(derived)
        if erased.covers(.log, derived) { outcome.report.skippedAsErased.append("\(kind) \(id) (as \(derived))"); return }
        if let present = pool[derived], present == copy {
            outcome.report.identical.append("\(kind) \(id) (already kept as \(derived))")
            return
        }
        pool[derived] = copy
        outcome.report.conflicted.append("\(kind) \(id): a different \(kind) has this id; kept both, the incoming one as \(derived)")
    }

    private static func canonical<Record>(_ record: Record, kind: String) -> [UInt8] {
        switch record {
        case let log as BrewLog: CanonicalJSON.bytes(RecordEncoder.json(log))
        case let session as SessionRecord: CanonicalJSON.bytes(session.value)
        default: []
        }
    }

    /// The conflicted copy of a recipe: a new custom recipe with the same steps.
    public static func conflictedCopy(of recipe: Recipe) -> Recipe {
        var copy = recipe
        copy.id = derivedID(recipe.id, infix: "conflict", content: RecordEncoder.json(recipe))
        copy.name = recipe.name + " (Conflicted Copy)"
        copy.origin = .conflictedCopy
        copy.isStarter = false
        return copy
    }

    /// `<id>-<infix>-<8 hex>`, cut so it stays within `RecordID.maximumLength`.
    public static func derivedID(_ id: String, infix: String, content: JSONValue) -> String {
        let suffix = "-\(infix)-" + Archive.sha256(CanonicalJSON.bytes(content)).prefix(8)
        var base = String(id.prefix(RecordID.maximumLength - suffix.count))
        while base.hasSuffix(".") { base.removeLast() }
        return base + suffix
    }

    static func renamedSession(_ session: SessionRecord, to id: String) -> SessionRecord {
        var value = session.value.setting("id", to: .string(id))
        if case .array(let entries)? = value["entries"] {
            value = value.setting("entries", to: .array(entries.map { $0["sessionId"] == nil ? $0 : $0.setting("sessionId", to: .string(id)) }))
        }
        return SessionRecord(id: id, value: value, fromCSV: session.fromCSV)
    }

    /// The files that hold merged-in sessions and drink presets: JSON records in
    /// `sessions/merged-<hash>.json`; records read from CSV in `sessions/merged-<hash>-sessions.csv`
    /// and `-entries.csv`, and presets in `-presets.csv`.
    public static func sessionFiles(for records: [SessionRecord], existing: Set<String>) -> [SessionFile] {
        guard !records.isEmpty else { return [] }
        let tag = String(Archive.sha256(CanonicalJSON.bytes(.array(records.map(\.value)))).prefix(8))
        var files: [SessionFile] = []
        let json = records.filter { !$0.fromCSV }
        if !json.isEmpty {
            files.append(SessionFile(relativePath: unique("sessions/merged-\(tag)", ".json", existing), content: .json(.array(json.map(\.value)))))
        }
        let csv = records.filter(\.fromCSV)
        let csvSessions = csv.filter { $0.value["startTime"] != nil }
        let csvPresets = csv.filter { $0.value["startTime"] == nil }
        if !csvSessions.isEmpty {
            var header: [String] = []
            var entryHeader: [String] = []
            var entries: [JSONValue] = []
            for session in csvSessions {
                for member in session.value.members ?? [] where member.key != "entries" && !header.contains(member.key) { header.append(member.key) }
                if case .array(let list)? = session.value["entries"] {
                    entries += list
                    for entry in list { for member in entry.members ?? [] where !entryHeader.contains(member.key) { entryHeader.append(member.key) } }
                }
            }
            let rows = csvSessions.map { session in header.map { session.value.text($0) ?? "" } }
            files.append(SessionFile(relativePath: unique("sessions/merged-\(tag)-sessions", ".csv", existing), content: .csv(header: header, rows: rows)))
            if !entries.isEmpty {
                let entryRows = entries.map { entry in entryHeader.map { entry.text($0) ?? "" } }
                files.append(SessionFile(relativePath: unique("sessions/merged-\(tag)-entries", ".csv", existing), content: .csv(header: entryHeader, rows: entryRows)))
            }
        }
        if !csvPresets.isEmpty {
            var header: [String] = []
            for preset in csvPresets { for member in preset.value.members ?? [] where !header.contains(member.key) { header.append(member.key) } }
            let rows = csvPresets.map { preset in header.map { preset.value.text($0) ?? "" } }
            files.append(SessionFile(relativePath: unique("sessions/merged-\(tag)-presets", ".csv", existing), content: .csv(header: header, rows: rows)))
        }
        return files
    }

    private static func unique(_ stem: String, _ ext: String, _ existing: Set<String>) -> String {
        var candidate = stem + ext
        var counter = 2
        while existing.contains(candidate) { candidate = "\(stem)-\(counter)\(ext)"; counter += 1 }
        return candidate
    }

    /// Writes a merge into the target directory (`MergeWriter`).
    public static func apply(_ outcome: Outcome, target: DataSnapshot, root: String) throws(RightsError) {
        try MergeWriter.apply(outcome, target: target, root: root)
    }
}
