import BrewKit
import Foundation

/// Cook logs ("I made this"): `kitchen/cooked.json`, one JSON array, written by
/// `kitchen cooked` and `kitchen import mealie`; read by `MealPlanReader` with `decode`.
///
/// One file rather than one per month: a kitchen is cooked in a few times a day at most, so the
/// file stays small (about 150 bytes a cook, some 50 KB a year), and it is a planner's one-file
/// kind like `kitchen/shopping.json`: carried whole by export and import (`KitchenPlannerFiles`),
/// rewritten atomically, merged in place.
public enum CookLogsKind: RecordKindDeclaration {
    public static let kind = RecordKind.cookLogs
    public static let file = "kitchen/cooked.json"
    public static var rules: RecordKind.Rules {
        .init(place: .file(file), identity: .init(idField: "id"),
              merge: .appendOnly, erase: .byID(ledgerKind: .cookLog),
              summary: "cook logs: kitchen/cooked.json")
    }
    public static let archiveMember = ArchiveMember.kitchenFiles
    public static let isCountedInManifest = true
    public static let mergeLabel = "cook log"
    public static func merge(_ walk: inout Merger.Walk) { Merger.mergePlannerKind(kind, &walk) }
    /// Its file is rewritten whole (`Merger.PlannerChanges.writes`), never trimmed record by record.
    public static func leavesTarget(_ record: JSONValue, ownerID: String?, after outcome: Merger.Outcome) -> Bool { false }
    public static func erased(by selection: Eraser.Selection) -> Eraser.Reach { .nothing }
    /// Its photo when it is a file in the data directory (not a link): it goes with the last
    /// record naming it, as a kitchen recipe's thumbnail does (`kitchen cooked --photo`).
    public static func namedFiles(_ record: JSONValue) -> [String] {
        guard let text = record.text("photo"), case .file(let path)? = KitchenThumbnail(text) else { return [] }
        return [path]
    }

    public static func claim(jsonKeys keys: Set<String>) -> RecordKind? { .cookLogs }

    /// Its records in the planner's files, which a snapshot carries whole (`KitchenPlannerFiles`).
    public static func records(in snapshot: DataSnapshot) -> [JSONValue] {
        snapshot.kitchenFiles.filter { KitchenPlannerFiles.kind(ofPath: $0.relativePath) == kind }.flatMap(KitchenPlannerFiles.records)
    }

    public static var csvReadmeLineAlways: String? {
        "`cook-logs.csv` (when there are any): id, recipeId, cookedAt, servings, rating, note, photo: one row per time a kitchen recipe was cooked (docs/DATA-FORMAT.md)."
    }

    public static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        KitchenPlannerFiles.csvTables(of: kind, in: snapshot)
    }

    /// The fields of a cook log.
    static let fields: Set<String> = ["id", "recipeId", "cookedAt", "servings", "rating", "note", "photo"]

    /// One cook log read through `FieldReader`, every field error located.
    static func decode(_ node: RawNode, diagnostics: inout [Diagnostic]) -> Located<CookLog>? {
        guard case .object = node.value else {
            diagnostics.append(.error("expected a cook log object, found \(node.summary)", at: node.location))
            return nil
        }
        var reader = FieldReader(node)
        let id = reader.string("id", required: true, what: "the cook log's id, such as cook-soup-20261112-1900")?.trimmingSpaces
        if let id, let problem = RecordID.problem(with: id) { reader.error(problem, at: "id") }
        let recipeID = reader.string("recipeId", required: true, what: "a kitchen recipe's id")?.trimmingSpaces
        let cookedAt = reader.dateAndOffset("cookedAt", required: true)
        let servings = reader.double("servings")
        if let servings, let problem = CookLog.servingsProblem(servings) { reader.error(problem, at: "servings") }
        let rating = reader.int("rating")
        if let rating, let problem = CookLog.ratingProblem(rating) { reader.error(problem, at: "rating") }
        let note = reader.string("note")
        let photo = reader.string("photo")
        reader.warnAboutUnknownFields(known: fields)
        diagnostics += reader.diagnostics
        guard !reader.failed, let id, let recipeID, let cookedAt else { return nil }
        let log = CookLog(id: id, recipeID: recipeID, cookedAt: cookedAt.date, offsetSeconds: cookedAt.offsetSeconds,
                          servings: servings, rating: rating, note: note, photo: photo)
        return Located(log, source: SourceMap(record: node.location, fields: reader.fieldLocations))
    }

    /// Why `log` is not a cook log `check` would take, in its words: each field read back from
    /// the JSON it is written as, with the bounds every record has (a number or a note too large,
    /// a control character in a text); empty when it would be taken.
    public static func problems(of log: CookLog) -> [String] {
        var diagnostics: [Diagnostic] = []
        guard let node = try? JSONParser.parse(CanonicalJSON.bytes(json(log), sortKeys: false), file: file) else {
            return ["the cook log cannot be written as JSON"]
        }
        _ = decode(node, diagnostics: &diagnostics)
        return diagnostics.filter { $0.severity == .error }.map(\.message)
    }

    /// A cook log as its file holds it.
    public static func json(_ log: CookLog) -> JSONValue {
        var members = [JSONMember("id", .string(log.id)), JSONMember("recipeId", .string(log.recipeID)),
                       JSONMember("cookedAt", .string(LocalTime(log.cookedAt, offsetSeconds: log.offsetSeconds).iso8601))]
        if let servings = log.servings { members.append(JSONMember("servings", .number(servings))) }
        if let rating = log.rating { members.append(JSONMember("rating", .number(Double(rating)))) }
        if let note = log.note { members.append(JSONMember("note", .string(note))) }
        if let photo = log.photo { members.append(JSONMember("photo", .string(photo))) }
        return .object(members)
    }

    /// `kitchen/cooked.json` under `root` with `logs` appended (those whose id it holds already
    /// left out), rewritten atomically; returns the logs added. A file that is not an array of
    /// objects is refused and left as it is.
    @discardableResult
    public static func append(_ logs: [CookLog], root: String) throws(CommandError) -> [CookLog] {
        let path = (root as NSString).appendingPathComponent(file)
        var records: [JSONValue] = []
        if let bytes = FileManager.default.contents(atPath: path) {
            switch (try? JSONParser.parse([UInt8](bytes), file: path)).map(JSONValue.init) {
            case .array(let elements)?: records = elements
            case .object(let members)?: records = [.object(members)]
            default: throw CommandError("\(file): expected an array of cook logs; fix the file first (it was not changed)")
            }
        }
        var held = Set(records.compactMap { $0.text("id").map(RecordID.fileKey) })
        let added = logs.filter { held.insert(RecordID.fileKey($0.id)).inserted }
        guard !added.isEmpty else { return [] }
        records += added.map(json)
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AtomicFile.write(CanonicalJSON.bytes(.array(records), sortKeys: false), to: path)
        } catch {
            throw CommandError("cannot write \(file): \(error); nothing was written")
        }
        return added
    }

    /// A cook log names the kitchen recipe cooked.
    public static var references: [KindReference] { [KindReference(CookLog.recipeReference, naming: .kitchenRecipes)] }

    /// Its recipe's page, the kitchen's index, the week it was cooked in, the years in review.
    public static let pageGroups: Set<PageGroup> = [.summaries, .mealPlan, .kitchenLists, .kitchenRecipes]
}
