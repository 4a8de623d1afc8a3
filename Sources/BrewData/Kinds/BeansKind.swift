import BrewKit
import Foundation

/// Bags of coffee beans: `beans/*.json` or `*.csv` (`CoffeeBean`), written by `bean add|edit|finish`.
///
/// Carried whole, as the planner's files are (`kitchenFiles`, `KitchenPlannerFiles`): export,
/// import, the CSV export, merge (last write wins by `updatedAt`) and erase need no code of their
/// own. A log names a bag by `beanId` (`LogsKind.references`), checked by `CoffeeBean.logFindings`.
public enum BeansKind: RecordKindDeclaration {
    public static let kind = RecordKind.beans
    public static let folder = "beans"
    /// The file `bean add` writes.
    public static let file = "beans/beans.json"
    public static var rules: RecordKind.Rules {
        .init(place: .folder(folder), identity: .init(idField: "id"),
              merge: .lastWriteWins(timestampField: "updatedAt"), erase: .byID(ledgerKind: .bean),
              summary: "bags of beans: beans/*.json or *.csv")
    }
    public static let archiveMember = ArchiveMember.kitchenFiles
    public static let isCountedInManifest = true
    public static let mergeLabel = "bag of beans"
    public static func merge(_ walk: inout Merger.Walk) { Merger.mergePlannerKind(kind, &walk) }
    /// A bag erased on some side, or replaced by one written to another file.
    public static func leavesTarget(_ record: JSONValue, ownerID: String?, after outcome: Merger.Outcome) -> Bool {
        guard let id = record.text("id")?.trimmingSpaces else { return false }
        return outcome.removesFromTarget(id: id, erasedAs: .bean) || outcome.planner.replaces(id, of: kind)
    }
    public static func erased(by selection: Eraser.Selection) -> Eraser.Reach { .nothing }
    public static func namedFiles(_ record: JSONValue) -> [String] { [] }

    public static func claim(csvHeader header: [String]) -> RecordKind? { .beans }
    public static func claim(jsonKeys keys: Set<String>) -> RecordKind? { .beans }

    /// Its records in the carried files.
    public static func records(in snapshot: DataSnapshot) -> [JSONValue] {
        snapshot.kitchenFiles.filter { KitchenPlannerFiles.kind(ofPath: $0.relativePath) == kind }.flatMap(KitchenPlannerFiles.records)
    }

    public static var csvReadmeLineAlways: String? {
        "`beans.csv` (when there are any): \(fields.joined(separator: ", ")): one row per bag of beans; freezes as frozenOn/thawedOn pairs joined with `;` (docs/DATA-FORMAT.md)."
    }

    /// One table, `beans.csv`, whatever file each bag was read from.
    public static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        let records = records(in: snapshot)
        guard !records.isEmpty else { return [] }
        let rows = records.map { record in
            fields.map { field in field == "freezes" ? freezesCell(record["freezes"]) : RecordEncoder.cell(record[field]) }
        }
        return [CSVExportTable(name: "beans.csv", columns: fields, rows: rows, readme: nil)]
    }

    /// The fields of a bag, in the CSV's order.
    public static let fields = ["id", "name", "roaster", "origin", "process", "roastDate", "freezes", "weightGrams",
                                "priceCents", "currency", "boughtOn", "finishedOn", "updatedAt"]

    /// `2026-10-01/2026-10-20;2026-11-02`: a CSV cell of freezes (a JSON array of objects, or the cell as it was).
    static func freezesCell(_ value: JSONValue?) -> String {
        switch value {
        case .array(let freezes)?:
            freezes.map { freeze in (freeze.text("frozenOn") ?? "") + (freeze.text("thawedOn").map { "/" + $0 } ?? "") }.joined(separator: ";")
        default: RecordEncoder.cell(value)
        }
    }

    /// One bag read through `FieldReader`, every field error located.
    static func decode(_ node: RawNode, diagnostics: inout [Diagnostic]) -> Located<CoffeeBean>? {
        guard case .object = node.value else {
            diagnostics.append(.error("expected a bag of beans object, found \(node.summary)", at: node.location))
            return nil
        }
        var reader = FieldReader(node)
        let id = reader.string("id", required: true, what: "the bag's id, such as bean-ethiopia-guji")?.trimmingSpaces
        if let id, let problem = RecordID.problem(with: id) { reader.error(problem, at: "id") }
        let name = reader.string("name", required: true, what: "the bean's name")?.trimmingSpaces
        let roaster = reader.string("roaster", what: "the roaster's name")?.trimmingSpaces
        let origin = reader.string("origin", what: "where it was grown")?.trimmingSpaces
        let process = reader.string("process", what: "washed, natural, honey, …")?.trimmingSpaces
        func day(_ key: String) -> String? {
            guard let text = reader.string(key, what: "a day as yyyy-MM-dd")?.trimmingSpaces, !text.isEmpty else { return nil }
            if let problem = PlanDay.problem(with: text) { reader.error("\(key): \(problem)", at: key); return nil }
            return text
        }
        let roastDate = day("roastDate")
        let boughtOn = day("boughtOn")
        let finishedOn = day("finishedOn")
        let weight = reader.double("weightGrams", what: "grams")
        if let weight, let problem = CoffeeBean.weightProblem(weight) { reader.error(problem, at: "weightGrams") }
        let price = reader.int("priceCents", what: "a whole number of cents")
        if let price, let problem = CoffeeBean.priceProblem(price) { reader.error(problem, at: "priceCents") }
        let currency = reader.string("currency", what: "three letters such as EUR")?.trimmingSpaces
        if let currency, !currency.isEmpty, let problem = CoffeeBean.currencyProblem(currency) { reader.error(problem, at: "currency") }
        let updatedAt = reader.date("updatedAt")
        var locations: [String: SourceLocation] = [:]
        let freezes = readFreezes(reader.node("freezes"), locations: &locations, diagnostics: &diagnostics)
        reader.warnAboutUnknownFields(known: Set(fields))
        diagnostics += reader.diagnostics
        guard !reader.failed, let id, let name, let freezes else { return nil }
        let bean = CoffeeBean(id: id, name: name, roaster: roaster.flatMap { $0.isEmpty ? nil : $0 },
                              origin: origin.flatMap { $0.isEmpty ? nil : $0 }, process: process.flatMap { $0.isEmpty ? nil : $0 },
                              roastDate: roastDate, freezes: freezes, weightGrams: weight, priceCents: price,
                              currency: currency.flatMap { $0.isEmpty ? nil : $0 }, boughtOn: boughtOn, finishedOn: finishedOn,
                              updatedAt: updatedAt)
        locations.merge(reader.fieldLocations) { mine, _ in mine }
        return Located(bean, source: SourceMap(record: node.location, fields: locations))
    }

    /// The freezes: a JSON array of `{frozenOn, thawedOn}` objects, or a CSV cell of
    /// `frozenOn/thawedOn` pairs joined with `;`; nil after an error (said).
    private static func readFreezes(_ node: RawNode?, locations: inout [String: SourceLocation], diagnostics: inout [Diagnostic]) -> [CoffeeBean.Freeze]? {
        guard let node else { return [] }
        var freezes: [CoffeeBean.Freeze] = []
        var failed = false
        func check(_ text: String, _ path: String, at location: SourceLocation) -> Bool {
            guard let problem = PlanDay.problem(with: text) else { return true }
            diagnostics.append(.error("\(path): \(problem)", at: location.naming(path)))
            failed = true
            return false
        }
        switch node.value {
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                let prefix = "freezes[\(index)]."
                guard case .object = element.value else {
                    diagnostics.append(.error("freezes[\(index)]: expected an object with frozenOn and thawedOn, found \(element.summary)", at: element.location))
                    failed = true
                    continue
                }
                var reader = FieldReader(element, pathPrefix: prefix)
                let frozen = reader.string("frozenOn", required: true, what: "the day it went into the freezer, yyyy-MM-dd")?.trimmingSpaces
                let thawed = reader.string("thawedOn", what: "the day it came out, yyyy-MM-dd")?.trimmingSpaces
                reader.warnAboutUnknownFields(known: ["frozenOn", "thawedOn"])
                diagnostics += reader.diagnostics
                reader.addFieldLocations(to: &locations)
                if reader.failed { failed = true; continue }
                guard let frozen else { continue }
                let frozenPlace = locations[prefix + "frozenOn"] ?? element.location
                let thawedPlace = locations[prefix + "thawedOn"] ?? element.location
                guard check(frozen, prefix + "frozenOn", at: frozenPlace) else { continue }
                if let thawed, !thawed.isEmpty, !check(thawed, prefix + "thawedOn", at: thawedPlace) { continue }
                freezes.append(CoffeeBean.Freeze(frozenOn: frozen, thawedOn: thawed.flatMap { $0.isEmpty ? nil : $0 }))
            }
        case .text(let text), .string(let text):
            for (index, pair) in text.split(separator: ";").map({ String($0).trimmingSpaces }).enumerated() where !pair.isEmpty {
                let parts = pair.split(separator: "/", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
                let prefix = "freezes[\(index)]."
                guard parts.count <= 2, check(parts[0], prefix + "frozenOn", at: node.location) else { continue }
                locations[prefix + "frozenOn"] = node.location.naming(prefix + "frozenOn")
                let thawed = parts.count == 2 && !parts[1].isEmpty ? parts[1] : nil
                if let thawed {
                    guard check(thawed, prefix + "thawedOn", at: node.location) else { continue }
                    locations[prefix + "thawedOn"] = node.location.naming(prefix + "thawedOn")
                }
                freezes.append(CoffeeBean.Freeze(frozenOn: parts[0], thawedOn: thawed))
            }
        default:
            diagnostics.append(.error("freezes: expected an array of {\"frozenOn\", \"thawedOn\"} objects, found \(node.summary)", at: node.location.naming("freezes")))
            failed = true
        }
        return failed ? nil : freezes
    }

    /// A bag as its file holds it.
    public static func json(_ bean: CoffeeBean) -> JSONValue {
        var members = [JSONMember("id", .string(bean.id)), JSONMember("name", .string(bean.name))]
        for (key, text) in [("roaster", bean.roaster), ("origin", bean.origin), ("process", bean.process), ("roastDate", bean.roastDate)] {
            if let text { members.append(JSONMember(key, .string(text))) }
        }
        if !bean.freezes.isEmpty {
            members.append(JSONMember("freezes", .array(bean.freezes.map { freeze in
                .object([JSONMember("frozenOn", .string(freeze.frozenOn))] + (freeze.thawedOn.map { [JSONMember("thawedOn", .string($0))] } ?? []))
            })))
        }
        if let weight = bean.weightGrams { members.append(JSONMember("weightGrams", .number(weight))) }
        if let price = bean.priceCents { members.append(JSONMember("priceCents", .number(Double(price)))) }
        for (key, text) in [("currency", bean.currency), ("boughtOn", bean.boughtOn), ("finishedOn", bean.finishedOn)] {
            if let text { members.append(JSONMember(key, .string(text))) }
        }
        if let updatedAt = bean.updatedAt { members.append(JSONMember("updatedAt", .string(ISO8601.string(from: updatedAt)))) }
        return .object(members)
    }

    /// A brew's page shows its bag and the bag's age; each bag has a page, made with the summaries;
    /// the brew-along pages offer the open bags to "Save this brew".
    public static let pageGroups: Set<PageGroup> = [.logPages, .summaries, .cards]
}

extension BeansKind: RecordFolderDecoding {
    static func decode(_ nodes: [RawNode], csvHeader: [String]?, into file: inout ParsedFile, recordsRead: ((Int) -> Void)?) {
        for node in nodes {
            if let bean = decode(node, diagnostics: &file.diagnostics) { file.store.append(bean, to: CoffeeBean.shelf) }
        }
    }
}

extension BeansKind {
    /// Why `bean` is not a bag `check` would take, in its words: each field read back from the JSON
    /// it is written as (days, weight, price, currency, the bounds every record has), and a thaw
    /// before its freeze; empty when it would be taken.
    public static func problems(of bean: CoffeeBean) -> [String] {
        var diagnostics: [Diagnostic] = []
        guard let node = try? JSONParser.parse(CanonicalJSON.bytes(json(bean), sortKeys: false), file: file) else {
            return ["the bag cannot be written as JSON"]
        }
        if let read = decode(node, diagnostics: &diagnostics) { diagnostics += CoffeeBean.validate([read]) }
        return diagnostics.filter { $0.severity == .error }.map(\.message)
    }

    /// Writes `bean` atomically: in place of the record with its id in `path` (a JSON file of
    /// `beans/`, where it was read), or appended to `beans/beans.json` when `path` is nil. A file
    /// that is not an array of objects is refused and left as it is.
    public static func write(_ bean: CoffeeBean, replacingIn path: String?, root: String) throws(CommandError) {
        let target = path ?? (root as NSString).appendingPathComponent(file)
        guard target.lowercased().hasSuffix(".json") else {
            throw CommandError("the bag \"\(ShownText.escaped(bean.id))\" is in a CSV file; change it there (nothing was written)", at: .file(target))
        }
        var records: [JSONValue] = []
        if let bytes = FileManager.default.contents(atPath: target) {
            switch (try? JSONParser.parse([UInt8](bytes), file: target)).map(JSONValue.init) {
            case .array(let elements)?: records = elements
            case .object(let members)?: records = [.object(members)]
            default: throw CommandError("expected an array of bags of beans; fix the file first (it was not changed)", at: .file(target))
            }
        }
        let key = RecordID.fileKey(bean.id)
        if let index = records.firstIndex(where: { $0.text("id").map { RecordID.fileKey($0.trimmingSpaces) } == key }) {
            records[index] = json(bean)
        } else {
            records.append(json(bean))
        }
        do {
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AtomicFile.write(CanonicalJSON.bytes(.array(records), sortKeys: false), to: target)
        } catch {
            throw CommandError("cannot write \(target): \(error); nothing was written")
        }
    }
}

extension BeansKind {
    /// Why the bag with `id` is invalid, as `check` says it: the errors found in its record (a
    /// field that cannot be read, which drops the bag, or a rule such as a thaw before its
    /// freeze), each with its file and line; nil when no record of `beans/` has that id or the
    /// record has no error. `brewguide log --bean-id` says these rather than "no bag of beans".
    /// - Parameters: `files`: the data's files as read; `diagnostics`: the data's findings.
    public static func invalidBagReasons(id: String, files: [ParsedFile], diagnostics: [Diagnostic]) -> [Diagnostic]? {
        var reasons: [Diagnostic] = []
        for file in files where file.kind == .beans {
            let errors = diagnostics.filter { $0.severity == .error && $0.location.file == file.path }
            guard !errors.isEmpty, let bytes = FileManager.default.contents(atPath: file.path).map({ [UInt8]($0) }),
                  let nodes = recordNodes(bytes, path: file.path) else { continue }
            // A record's lines run from its first to the line before the next record's.
            for (index, node) in nodes.enumerated() where node["id"]?.text == id {
                let first = node.location.line
                let end = index + 1 < nodes.count ? nodes[index + 1].location.line : Int.max
                reasons += errors.filter { $0.location.line >= first && ($0.location.line < end || $0.location.line == first) }
            }
        }
        return reasons.isEmpty ? nil : reasons
    }

    /// The records of a `beans/` file before decoding, or nil when it cannot be read as records.
    private static func recordNodes(_ bytes: [UInt8], path: String) -> [RawNode]? {
        var ignored: [Diagnostic] = []
        if path.lowercased().hasSuffix(".csv") { return CSVRecordReader.read(bytes, file: path, diagnostics: &ignored)?.rows }
        guard let root = try? JSONParser.parse(bytes, file: path) else { return nil }
        switch root.value {
        case .array(let elements): return elements
        case .object: return [root]
        default: return nil
        }
    }
}

extension ErasureRecord.Kind {
    /// A bag of beans (`bean add`, `erase --bean`): its id is made once, so its erasure is not timed.
    public static let bean = Self("bean", timed: false)
}

extension RecordKind {
    /// Bags of coffee beans: `beans/*.json` or `*.csv` (`BeansKind`); a log names one by `beanId`.
    public static let beans = RecordKind("beans")
}
