import BrewKit
import Foundation

/// Erases records from a data directory: `plan` says what would go, `apply` does it.
/// Records are removed from the files that hold them (steps and session entries with
/// them), each file replaced atomically; the erasure record is written first, so an
/// interrupted erase is finished by running it again.
public enum Eraser {
    public enum Selection: Sendable, Equatable {
        /// Custom recipes, logs, sessions, preferences and session presets.
        case all
        case recipe(String)
        case log(String)
        case session(String)
        /// Logs timestamped before this moment.
        case logsBefore(Date)
        case kind(RecordKind)
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

        public func count(_ kind: ErasureRecord.Kind) -> Int { erasures.filter { $0.kind == kind }.count }
        public func ids(_ kind: ErasureRecord.Kind) -> [String] { erasures.filter { $0.kind == kind }.map(\.id) }
        public var isEmpty: Bool { erasures.isEmpty && fileChanges.isEmpty }
    }

    public static func plan(root: String, selection: Selection, now: Date = Date()) throws(RightsError) -> Plan {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw RightsError("the data directory \"\(root)\" does not exist")
        }
        let files = try RawDataFile.loadAll(root: root)
        let ledger = Set(try ErasureLedger.load(root: root).map(\.key))
        var plan = Plan()

        func records(_ role: RawDataFile.Role) -> [JSONValue] { files.filter { $0.role == role }.flatMap(\.content.records) }
        let recipes = records(.recipes)
        let logs = records(.logs)
        let sessions = records(.sessions)

        var recipeIDs: Set<String> = []
        var logIDs: Set<String> = []
        var sessionIDs: Set<String> = []
        func pick(_ id: String, kind: ErasureRecord.Kind, from pool: [JSONValue], into set: inout Set<String>) {
            if let record = pool.first(where: { $0.text("id") == id }) {
                if kind == .recipe && record.isStarterRecipe {
                    plan.refused.append("recipe \(id) is the starter recipe, which cannot be erased")
                } else {
                    set.insert(id)
                }
            } else if ledger.contains("\(kind.rawValue)/\(id)") {
                plan.alreadyErased.append("\(kind.rawValue) \(id)")
            } else {
                plan.notFound.append("\(kind.rawValue) \(id)")
            }
        }
        func allRecipes() {
            for record in recipes {
                guard let id = record.text("id") else { continue }
                if record.isStarterRecipe { plan.refused.append("recipe \(id) is the starter recipe, which cannot be erased") } else { recipeIDs.insert(id) }
            }
        }
        switch selection {
        case .all:
            allRecipes()
            logIDs = Set(logs.compactMap { $0.text("id") })
            sessionIDs = Set(sessions.compactMap { $0.text("id") })
        case .recipe(let id): pick(id, kind: .recipe, from: recipes, into: &recipeIDs)
        case .log(let id): pick(id, kind: .log, from: logs, into: &logIDs)
        case .session(let id): pick(id, kind: .session, from: sessions, into: &sessionIDs)
        case .logsBefore(let date):
            logIDs = Set(logs.filter { log in log.text("timestamp").flatMap(ISO8601.date(from:)).map { $0 < date } ?? false }.compactMap { $0.text("id") })
        case .kind(.recipes): allRecipes()
        case .kind(.logs): logIDs = Set(logs.compactMap { $0.text("id") })
        case .kind(.sessions): sessionIDs = Set(sessions.compactMap { $0.text("id") })
        case .kind(.flows): break
        }

        for file in files {
            let ids: Set<String>
            switch file.role {
            case .recipes, .recipeSteps: ids = recipeIDs
            case .logs, .flows: ids = logIDs
            case .sessions, .sessionEntries: ids = sessionIDs
            case .other:
                if selection == .all { plan.fileChanges.append(FileChange(path: file.path, content: nil, removedRecords: 0)) }
                continue
            }
            guard !ids.isEmpty else { continue }
            let key = file.ownerKey
            let (content, removed) = file.content.removing { record in record.text(key).map(ids.contains) ?? false }
            if removed > 0 { plan.fileChanges.append(FileChange(path: file.path, content: content, removedRecords: removed)) }
        }

        let preferencesPath = (root as NSString).appendingPathComponent(DataDirectoryReader.preferencesFileName)
        if let data = FileManager.default.contents(atPath: preferencesPath) {
            if selection == .all {
                plan.removesPreferences = true
                plan.fileChanges.append(FileChange(path: preferencesPath, content: nil, removedRecords: 1))
            } else if let value = try? JSONParser.parse([UInt8](data), file: preferencesPath) {
                let preferences = JSONValue(value)
                if let last = preferences.text("lastSelectedRecipeId"), recipeIDs.contains(last) {
                    plan.fileChanges.append(FileChange(path: preferencesPath, content: .json(preferences.removing("lastSelectedRecipeId")), removedRecords: 0))
                }
            }
        }

        plan.erasures = recipeIDs.map { ErasureRecord(kind: .recipe, id: $0, erasedAt: now) }
            + logIDs.map { ErasureRecord(kind: .log, id: $0, erasedAt: now) }
            + sessionIDs.map { ErasureRecord(kind: .session, id: $0, erasedAt: now) }
            + (plan.removesPreferences ? [ErasureRecord(kind: .preferences, id: "preferences", erasedAt: now)] : [])
        plan.erasures = ErasureRecord.normalized(plan.erasures)
        return plan
    }

    public static func apply(_ plan: Plan, root: String) throws(RightsError) {
        if !plan.erasures.isEmpty {
            try ErasureLedger.write(try ErasureLedger.load(root: root) + plan.erasures, root: root)
        }
        do {
            for change in plan.fileChanges {
                if let content = change.content {
                    try AtomicFile.write(try content.bytes(), to: change.path)
                } else {
                    try AtomicFile.remove(change.path)
                }
            }
        } catch let error as AtomicFile.Failure {
            throw RightsError("\(error.description); run the same erase again to finish it")
        } catch {
            throw RightsError("\(error); run the same erase again to finish it")
        }
    }
}
