import BrewKit
import Foundation

/// Erases records from a data directory: `plan` says what would go, `apply` does it.
/// What each kind loses follows its `RecordKind.EraseRule`: kinds erased by id are picked by the
/// selection, in every case of the id and every `-merged-`/`-conflict-` copy (`ErasureSet`);
/// steps and session entries go with their owner. Records are removed from the files that hold
/// them, each file replaced atomically; the erasure record is written first, so an interrupted
/// erase is finished by running it again.
public enum Eraser {
    public enum Selection: Sendable, Equatable {
        /// Every record whose kind can be erased (`RecordKind.EraseRule`): custom recipes, logs,
        /// sessions, preferences and drink presets.
        case all
        case recipe(String)
        case log(String)
        case session(String)
        /// A kitchen recipe (issue 14), with its CSV ingredient and step rows.
        case kitchenRecipe(String)
        /// A cook log (`kitchen cooked`).
        case cookLog(String)
        /// A drink preset (the sessions' files), by its id.
        case drinkPreset(String)
        /// A bag of beans (`bean add`); the logs naming it keep their `beanId`, which `check` then refuses.
        case bean(String)
        /// Logs timestamped before this moment.
        case logsBefore(Date)
        /// Meal-plan slots of days before this one (`yyyy-MM-dd`, issue 15).
        case planBefore(String)
        /// The shopping list (`kitchen/shopping.json` and `.csv`, issue 15).
        case shopping
        /// Every record of a kind erased by id (`RecordKind.EraseRule.byID`).
        case kind(RecordKind)
    }

    /// What a selection of a kind's own (`--plan-before`, `--shopping`) takes of it beside its erase
    /// rule (`RecordKindDeclaration.erased(by:)`).
    public enum Reach: Sendable {
        /// Nothing: the kind goes only by its erase rule.
        case nothing
        /// Every record; a one-file kind loses its file (read or not).
        case everything
        /// The records this picks.
        case records(@Sendable (JSONValue) -> Bool)

        /// Whether it takes `record`.
        func takes(_ record: JSONValue) -> Bool {
            switch self {
            case .nothing: false
            case .everything: true
            case .records(let picks): picks(record)
            }
        }
    }

    /// A file to replace (or delete, when `content` is nil).
    public struct FileChange: Sendable {
        public var path: String
        public var content: FileContent?
        public var removedRecords: Int
    }

    public struct Plan: Sendable {
        /// The records to erase, as their erasure records.
        public var erasures: [ErasureRecord] = []
        public var fileChanges: [FileChange] = []
        /// Why some selected records stay (the starter recipe).
        public var refused: [String] = []
        public var alreadyErased: [String] = []
        public var notFound: [String] = []
        public var removesPreferences = false
        /// Thumbnail files (paths in the data directory) of erased kitchen recipes, and photos of
        /// erased cook logs, that no remaining recipe or cook log names; removed with them (their
        /// `FileChange`s delete them).
        public var removedImages: [String] = []
        /// The plan slots and shopping items that name an erased kitchen recipe (kept), and the
        /// slots given its last figures (issue 26).
        public var recipeUses = KitchenRecipeUses()

        public func count(_ kind: ErasureRecord.Kind) -> Int { erasures.filter { $0.kind == kind }.count }
        public func ids(_ kind: ErasureRecord.Kind) -> [String] { erasures.filter { $0.kind == kind }.map(\.id) }
        public var isEmpty: Bool { erasures.isEmpty && fileChanges.isEmpty }
    }

    public static func plan(root: String, selection: Selection, now: Date = Date()) throws(CommandError) -> Plan {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError("the data directory \"\(root)\" does not exist")
        }
        var files = try RawDataFile.loadAll(root: root)
        // The one-file kinds erased by id (cook logs) are read with the folders' files.
        for (kind, relative) in RecordKind.fileKinds {
            guard case .byID = kind.rules.erase else { continue }
            let path = (root as NSString).appendingPathComponent(relative)
            if FileManager.default.fileExists(atPath: path) { files.append(try RawDataFile.load(path: path, relativePath: relative, folderKind: kind)) }
        }
        let ledger = ErasureSet(try ErasureLedger.load(root: root))
        var plan = Plan()

        // The records of each kind erased by id, as (id, record), from every file.
        var pools: [ErasureRecord.Kind: [(id: String, record: JSONValue)]] = [:]
        for file in files {
            for record in file.content.records {
                guard let kind = file.kind(of: record), case .byID(let ledgerKind) = kind.rules.erase,
                      let id = record.text(kind.rules.identity.idField ?? "id") else { continue }
                pools[ledgerKind, default: []].append((id, record))
            }
        }
        var chosen: [ErasureRecord.Kind: Set<String>] = [:]
        func choose(_ kind: ErasureRecord.Kind, _ entries: [(id: String, record: JSONValue)]) {
            for (id, record) in entries {
                if kind == .recipe && record.isStarterRecipe {
                    plan.refused.append("recipe \(id) is the starter recipe, which cannot be erased")
                } else {
                    chosen[kind, default: []].insert(id)
                }
            }
        }
        func pick(_ id: String, kind: ErasureRecord.Kind) {
            let wanted = ErasureSet(kind: kind, ids: [id])
            let matches = (pools[kind] ?? []).filter { wanted.covers(kind, $0.id) }
            if !matches.isEmpty {
                choose(kind, matches)
            } else if ledger.covers(kind, id) {
                plan.alreadyErased.append("\(kind.rawValue) \(id)")
            } else {
                plan.notFound.append("\(kind.rawValue) \(id)")
            }
        }
        switch selection {
        case .all:
            for (kind, entries) in pools { choose(kind, entries) }
        case .recipe(let id): pick(id, kind: .recipe)
        case .log(let id): pick(id, kind: .log)
        case .session(let id): pick(id, kind: .session)
        case .kitchenRecipe(let id): pick(id, kind: .kitchenRecipe)
        case .cookLog(let id): pick(id, kind: .cookLog)
        case .drinkPreset(let id): pick(id, kind: .drinkPreset)
        case .bean(let id): pick(id, kind: .bean)
        case .logsBefore(let date):
            choose(.log, (pools[.log] ?? []).filter { $0.record.text("timestamp").flatMap(ISO8601.date(from:)).map { $0 < date } ?? false })
        case .planBefore, .shopping:
            break
        case .kind(let kind):
            if case .byID(let ledgerKind) = kind.rules.erase { choose(ledgerKind, pools[ledgerKind] ?? []) }
        }

        // Every record whose id, or whose owner's id, is chosen goes, in every case and copy.
        let erasing = chosen.reduce(into: [ErasureRecord.Kind: ErasureSet]()) { sets, pair in sets[pair.key] = ErasureSet(kind: pair.key, ids: pair.value) }
        func isErased(_ record: JSONValue, kind: RecordKind, in file: RawDataFile) -> Bool {
            switch kind.rules.erase {
            case .byID(let ledgerKind):
                guard let id = record.text(kind.rules.identity.idField ?? "id") else { return false }
                return erasing[ledgerKind]?.covers(ledgerKind, id) ?? false
            case .withOwner:
                guard let owner = kind.rules.identity.owner, case .byID(let ledgerKind) = owner.kind.rules.erase,
                      let id = file.ownerID(of: record, kind: kind) else { return false }
                return erasing[ledgerKind]?.covers(ledgerKind, id) ?? false
            case .withEverything:
                return selection == .all || kind.declaration.erased(by: selection).takes(record)
            case .never:
                return false
            }
        }
        // The planner's records are recorded too (timed erasures, `PlannerErasures`), so an older
        // copy merged later does not bring them back.
        var plannerErasures: [ErasureRecord] = []
        func notePlannerRecord(_ record: JSONValue, kind: RecordKind) {
            if let ledgerKind = PlannerErasures.ledgerKind(of: kind), let id = record.text("id")?.trimmingSpaces, !id.isEmpty {
                plannerErasures.append(ErasureRecord(kind: ledgerKind, id: id, erasedAt: now))
            }
        }
        // The files records name (`namedFiles`: a kitchen recipe's thumbnail, a cook log's photo),
        // by the erased records and by the ones that stay.
        var erasedImages = Set<String>()
        var keptImages = Set<String>()
        // Files that lose only records owned by others (steps, entries, recorded pours) are
        // changed before their owners' files, and thumbnail files before their recipes': an erase
        // interrupted in between still finds the owner on the next run, which finishes it.
        var ownedChanges: [FileChange] = []
        var ownerChanges: [FileChange] = []
        for file in files {
            var removesOwners = false
            let (content, removed) = file.content.removing { record in
                guard let kind = file.kind(of: record) else { return false }
                let erased = isErased(record, kind: kind, in: file)
                for path in kind.declaration.namedFiles(record) {
                    if erased { erasedImages.insert(path) } else { keptImages.insert(path) }
                }
                guard erased else { return false }
                if case .withOwner = kind.rules.erase {} else { removesOwners = true }
                notePlannerRecord(record, kind: kind)
                return true
            }
            guard removed > 0 else { continue }
            let change = FileChange(path: file.path, content: content, removedRecords: removed)
            if removesOwners { ownerChanges.append(change) } else { ownedChanges.append(change) }
        }
        // A thumbnail goes with the last recipe that names it, when it is a regular file inside
        // the data directory (`KitchenImageFiles` rules); a file another recipe names stays.
        let realRoot = KitchenImageFiles.realPath((root as NSString).standardizingPath) ?? root
        // The photo's small copy for the grid (`KitchenThumbnail.gridPath`) goes with it.
        let erasedFiles = erasedImages.subtracting(keptImages).flatMap { [$0, KitchenThumbnail.gridPath(for: $0)] }
        for path in Set(erasedFiles).subtracting(keptImages.map(KitchenThumbnail.gridPath(for:))).sorted() {
            guard case .found = KitchenImageFiles.check(path, root: root, realRoot: realRoot) else { continue }
            plan.removedImages.append(path)
            plan.fileChanges.append(FileChange(path: (root as NSString).appendingPathComponent(path), content: nil, removedRecords: 0))
        }
        // Slots that name an erased kitchen recipe keep its figures: written before it goes.
        // (With --all the plan goes too.)
        if selection != .all, let recipes = erasing[.kitchenRecipe] {
            plan.recipeUses = KitchenRecipeUses.find(root: root, files: files, erasing: recipes)
            plan.fileChanges += plan.recipeUses.fileChanges
        }
        plan.fileChanges += ownedChanges + ownerChanges
        let recipeIDs = erasing[.recipe] ?? ErasureSet([])
        // The one-file kinds erased with everything (`RecordKind.fileKinds`: the kitchen inbox, the
        // snack presets, the shopping list as JSON or CSV) go with --all, or with a selection that
        // takes every record of the kind (`--shopping`: the shopping list). preferences.json (with the kitchen goals) is below.
        for (kind, relative) in RecordKind.fileKinds where kind != .preferences {
            let takesAll = if case .everything = kind.declaration.erased(by: selection) { true } else { false }
            guard case .withEverything = kind.rules.erase, selection == .all || takesAll else { continue }
            let path = (root as NSString).appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: path) else { continue }
            // A file that does not parse is still removed; its ids cannot be recorded.
            let records = (try? RawDataFile.load(path: path, relativePath: relative, folderKind: kind))
                .map { KitchenPlannerFiles.records(of: SessionFile(relativePath: relative, content: $0.content)) } ?? []
            for record in records { notePlannerRecord(record, kind: kind) }
            plan.fileChanges.append(FileChange(path: path, content: nil, removedRecords: max(records.count, 1)))
        }

        let preferencesPath = (root as NSString).appendingPathComponent(DataDirectoryReader.preferencesFileName)
        if let data = FileManager.default.contents(atPath: preferencesPath) {
            if selection == .all {
                plan.removesPreferences = true
                plan.fileChanges.append(FileChange(path: preferencesPath, content: nil, removedRecords: 1))
            } else if let value = try? JSONParser.parse([UInt8](data), file: preferencesPath) {
                let preferences = JSONValue(value)
                if let last = preferences.text("lastSelectedRecipeId"), recipeIDs.covers(.recipe, last) {
                    plan.fileChanges.append(FileChange(path: preferencesPath, content: .json(preferences.removing("lastSelectedRecipeId")), removedRecords: 0))
                }
            }
        }

        plan.erasures = chosen.flatMap { kind, ids in ids.map { ErasureRecord(kind: kind, id: $0, erasedAt: now) } }
            + (plan.removesPreferences ? [ErasureRecord(kind: .preferences, id: "preferences", erasedAt: now)] : [])
            + plannerErasures
        plan.erasures = ErasureRecord.normalized(plan.erasures)
        return plan
    }

    /// Writes the ledger, then each file change in order.
    /// - Returns: the changes made, which are all of the plan's (a failure throws).
    /// - Throws: a failure that says which files were changed before it and which were not, so that
    ///   nothing is said to be done that was not.
    @discardableResult
    public static func apply(_ plan: Plan, root: String) throws(CommandError) -> [FileChange] {
        if !plan.erasures.isEmpty {
            try ErasureLedger.write(try ErasureLedger.load(root: root) + plan.erasures, root: root)
        }
        var done: [FileChange] = []
        func said(_ reason: String) -> String {
            let rest = plan.fileChanges.dropFirst(done.count).map(\.path)
            var lines = [reason]
            if !done.isEmpty { lines.append("changed before it: \(done.map(\.path).joined(separator: ", "))") }
            lines.append("not changed: \(rest.joined(separator: ", "))")
            lines.append("the erasure is recorded in \(ErasureLedger.path(root: root)); run the same erase again to finish it (brewguide check names what is left)")
            return lines.joined(separator: "\n")
        }
        do {
            for change in plan.fileChanges {
                if let content = change.content {
                    try AtomicFile.write(try content.bytes(), to: change.path)
                } else {
                    try AtomicFile.remove(change.path)
                }
                done.append(change)
            }
        } catch let error as AtomicFile.Failure {
            throw CommandError(said(error.reason), at: .file(error.path))
        } catch {
            throw CommandError(said("\(error)"))
        }
        return done
    }
}
