import BrewKit
import Foundation

/// The planner's writes: plan slots into `kitchen/plan/YYYY-MM.json`, shopping items in
/// `kitchen/shopping.json`, goals in `preferences.json` `kitchen.goals`. Each is one atomic
/// rewrite of one file (`AtomicFile`), of a file that parsed: a file with a syntax error is
/// never rewritten, so nothing the person wrote is lost. Values keep their members' order.
public struct MealPlanStore: Sendable {
    /// Why a write was refused: the commands' one error type, located at the file when it is one.
    public typealias Failure = CommandError

    public let root: String

    public init(root: String) {
        self.root = root
    }

    func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }

    // MARK: Plan slots

    /// Appends `slot` to the month file of its day; returns the file written.
    @discardableResult
    public func add(_ slot: MealSlot) throws(Failure) -> String {
        let file = path("\(MealPlanReader.planFolder)/\(slot.day.prefix(7)).json")
        var records = try readArray(file)
        records.append(Self.json(slot))
        try write(.array(records), to: file)
        return file
    }

    /// Removes the slot with `id` from the JSON plan file that holds it; returns that file. The
    /// removal is recorded in the erasure ledger (a timed `plan-slot` erasure at `now`) first, so
    /// that a merge with another copy of the journal does not bring the slot back.
    @discardableResult
    public func removeSlot(id: String, at now: Date) throws(Failure) -> String {
        for file in MealPlanReader(root: root).planFilePaths() {
            if file.lowercased().hasSuffix(".csv") {
                if case .success(let bytes) = DataFileBytes.read(file), String(decoding: bytes, as: UTF8.self).contains(id) {
                    var diagnostics: [Diagnostic] = []
                    let rows = MealPlanReader.records(at: file, diagnostics: &diagnostics) ?? []
                    if rows.contains(where: { JSONValue($0)["id"]?.stringValue == id }) {
                        throw Failure("the slot \"\(id)\" is in the CSV file \(file); remove its row there (commands rewrite JSON files only)")
                    }
                }
                continue
            }
            let records = try readArray(file)
            let kept = records.filter { $0["id"]?.stringValue != id }
            if kept.count != records.count {
                try recordDeletions(of: .planSlot, ids: [id], at: now)
                try write(.array(kept), to: file)
                return file
            }
        }
        throw Failure("no plan slot has the id \"\(id)\"")
    }

    /// A slot id not yet used: `<day>-<meal>` with `-2`, `-3` … on a clash.
    public static func newSlotID(day: String, meal: Meal, taken: Set<String>) -> String {
        let base = "\(day)-\(meal.rawValue.lowercased().replacingOccurrences(of: " ", with: "-"))"
        if !taken.contains(base) { return base }
        var number = 2
        while taken.contains("\(base)-\(number)") { number += 1 }
        return "\(base)-\(number)"
    }

    static func json(_ slot: MealSlot) -> JSONValue {
        var members = [JSONMember("id", .string(slot.id)), JSONMember("day", .string(slot.day)), JSONMember("meal", .string(slot.meal.rawValue))]
        switch slot.content {
        case .recipe(let id): members.append(JSONMember("recipeId", .string(id)))
        case .snack(let id): members.append(JSONMember("snackId", .string(id)))
        case .quickAdd(let item):
            members.append(JSONMember("quickAdd", .object([
                JSONMember("name", .string(item.name)), JSONMember("calories", .number(Double(item.calories))),
                JSONMember("protein", .number(Double(item.protein))), JSONMember("carbs", .number(Double(item.carbs))),
                JSONMember("fats", .number(Double(item.fats))),
            ])))
        }
        if slot.servings != 1 { members.append(JSONMember("servings", .number(slot.servings))) }
        if let kept = slot.recipeNutrition { members.append(JSONMember("recipeNutrition", recipeNutritionJSON(kept))) }
        if let updatedAt = slot.updatedAt { members.append(JSONMember("updatedAt", .string(updatedAt))) }
        return .object(members)
    }

    /// A slot's `recipeNutrition`: the known figures per serving, to 0.1 (an unknown one is left out).
    public static func recipeNutritionJSON(_ nutrition: MealNutrition) -> JSONValue {
        .object(NutritionFigure.allCases.compactMap { figure in
            nutrition.known(figure).map { JSONMember(figure.rawValue, .number(($0 * 10).rounded() / 10)) }
        })
    }

    // MARK: Shopping

    var shoppingFile: String { path(MealPlanReader.shoppingJSON) }

    /// The stored items, refusing when the list is kept only as CSV (commands write JSON).
    func shoppingRecords() throws(Failure) -> [JSONValue] {
        let csv = path(MealPlanReader.shoppingCSV)
        if !FileManager.default.fileExists(atPath: shoppingFile), FileManager.default.fileExists(atPath: csv) {
            throw Failure("the shopping list is kept in \(csv); commands write \(MealPlanReader.shoppingJSON) only: move the list there first (or edit the CSV by hand)")
        }
        return try readArray(shoppingFile)
    }

    /// The next free `item-N` id: above every id the list holds and every shopping item the
    /// erasure ledger holds. A cleared item's id given to a new item would be taken by the next
    /// merge of an older copy for the cleared one, and the new item removed.
    static func nextItemID(_ records: [JSONValue], erased: [String] = []) -> String {
        let numbers = (records.compactMap { $0["id"]?.stringValue } + erased).compactMap { id -> Int? in
            guard id.hasPrefix("item-") else { return nil }
            return Int(id.dropFirst(5))
        }
        return "item-\((numbers.max() ?? 0) + 1)"
    }

    /// Adds a free item (TC-070); returns its id.
    @discardableResult
    public func addItem(_ text: String, updatedAt: String) throws(Failure) -> String {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw Failure("the item is empty; say what to buy, such as \"2 lemons\"") }
        var records = try shoppingRecords()
        let id = Self.nextItemID(records, erased: try erasedItemIDs())
        records.append(Self.json(ShoppingItem(id: id, name: name, updatedAt: updatedAt)))
        try write(.array(records), to: shoppingFile)
        return id
    }

    /// Items from recipes (`kitchen shopping --write`): one per recipe and ingredient, each given
    /// an `item-N` id, skipping those already on the list (checked state kept): an item whose name
    /// and recipeId the list already holds as often as `items` do. Two ingredients of one recipe
    /// with the same text are two items; writing the same list twice adds nothing.
    /// Returns the number added.
    @discardableResult
    public func addItems(_ items: [ShoppingItem], updatedAt: String) throws(Failure) -> Int {
        var records = try shoppingRecords()
        let erased = try erasedItemIDs()
        func key(_ name: String?, _ recipeID: String?) -> String { "\(name ?? "")\u{1}\(recipeID ?? "")" }
        var present: [String: Int] = [:]
        for record in records { present[key(record["name"]?.stringValue, record["recipeId"]?.stringValue), default: 0] += 1 }
        var seen: [String: Int] = [:]
        var added = 0
        for var item in items {
            let itemKey = key(item.name, item.recipeID)
            seen[itemKey, default: 0] += 1
            guard seen[itemKey]! > present[itemKey, default: 0] else { continue }
            item.id = Self.nextItemID(records, erased: erased)
            item.checked = false
            item.updatedAt = updatedAt
            records.append(Self.json(item))
            added += 1
        }
        if added > 0 { try write(.array(records), to: shoppingFile) }
        return added
    }

    /// Checks an item, or unchecks it with `checked: false` (TC-072), and with it the items of
    /// `sameLine` (the other sources of its merged line: ticking one source ticks the line), in
    /// one atomic rewrite. The item must exist; ids of `sameLine` no longer there are skipped.
    public func check(itemID: String, sameLine: [String] = [], checked: Bool, updatedAt: String) throws(Failure) {
        var records = try shoppingRecords()
        guard records.contains(where: { $0["id"]?.stringValue == itemID }) else {
            let ids = records.compactMap { $0["id"]?.stringValue }
            var message = "no shopping item has the id \"\(itemID)\""
            if let close = Suggestion.closest(to: itemID, in: ids) { message += "; did you mean \"\(close)\"?" }
            throw Failure(message)
        }
        let ids = Set([itemID] + sameLine)
        for index in records.indices where ids.contains(records[index]["id"]?.stringValue ?? "") {
            records[index] = records[index].setting("checked", to: .bool(checked)).setting("updatedAt", to: .string(updatedAt))
        }
        try write(.array(records), to: shoppingFile)
    }

    /// Removes every checked item (TC-073); returns how many.
    @discardableResult
    /// - Parameter only: when given, only the checked items of these ids are removed (a clear
    ///   sent from the phone names the items it showed ticked).
    public func clearChecked(at now: Date, only: Set<String>? = nil) throws(Failure) -> Int {
        let records = try shoppingRecords()
        func isChecked(_ record: JSONValue) -> Bool {
            if let only, !only.contains(record["id"]?.stringValue ?? "") { return false }
            if case .bool(true) = record["checked"] { return true }
            if let text = record["checked"]?.stringValue, ["true", "yes", "1"].contains(text.lowercased()) { return true }
            return false
        }
        let kept = records.filter { !isChecked($0) }
        if kept.count != records.count {
            // Recorded first (timed `shopping-item` erasures), so that a merge does not bring them back.
            try recordDeletions(of: .shoppingItem, ids: records.filter(isChecked).compactMap { $0["id"]?.stringValue }, at: now)
            try write(.array(kept), to: shoppingFile)
        }
        return records.count - kept.count
    }

    /// Removes every item made from the kitchen recipe `recipeID` (`kitchen shopping --drop-recipe`,
    /// what `check` offers once a recipe is erased), recorded as `clearChecked` records its own.
    /// Returns how many were removed.
    public func dropRecipe(_ recipeID: String, at now: Date) throws(Failure) -> Int {
        let records = try shoppingRecords()
        func isOfRecipe(_ record: JSONValue) -> Bool { record["recipeId"]?.stringValue == recipeID }
        let kept = records.filter { !isOfRecipe($0) }
        if kept.count != records.count {
            try recordDeletions(of: .shoppingItem, ids: records.filter(isOfRecipe).compactMap { $0["id"]?.stringValue }, at: now)
            try write(.array(kept), to: shoppingFile)
        }
        return records.count - kept.count
    }

    /// The ids of shopping items the erasure ledger holds (cleared, dropped or erased).
    func erasedItemIDs() throws(Failure) -> [String] {
        try ErasureLedger.load(root: root).filter { $0.kind == .shoppingItem }.map(\.id)
    }

    /// Adds timed erasures of the planner's records deleted by a command to the erasure ledger:
    /// a deletion is a write, and the last write wins in a merge (a copy changed later stays).
    func recordDeletions(of kind: ErasureRecord.Kind, ids: [String], at now: Date) throws(Failure) {
        guard !ids.isEmpty else { return }
        try ErasureLedger.write(try ErasureLedger.load(root: root) + ids.map { ErasureRecord(kind: kind, id: $0, erasedAt: now) }, root: root)
    }

    static func json(_ item: ShoppingItem) -> JSONValue {
        var members = [JSONMember("id", .string(item.id)), JSONMember("name", .string(item.name))]
        members.append(JSONMember("recipeId", item.recipeID.map { .string($0) } ?? .null))
        members.append(JSONMember("recipeName", item.recipeName.map { .string($0) } ?? .null))
        members.append(JSONMember("checked", .bool(item.checked)))
        if let updatedAt = item.updatedAt { members.append(JSONMember("updatedAt", .string(updatedAt))) }
        // What the list was made from: the ingredient, its amount as written, the exact need.
        if let ingredient = item.ingredient { members.append(JSONMember("ingredient", .string(ingredient))) }
        if let amount = item.amount { members.append(JSONMember("amount", .string(amount))) }
        if let need = item.need {
            members.append(JSONMember("quantity", .number(need.quantity)))
            if let quantityMax = need.quantityMax { members.append(JSONMember("quantityMax", .number(quantityMax))) }
            if let unit = need.unit { members.append(JSONMember("unit", .string(unit))) }
        }
        return .object(members)
    }

    // MARK: Goals

    /// Stores grams and split in `preferences.json` `kitchen.goals`, keeping everything else,
    /// stamped with `updatedAt` so that `merge` can tell which copy's goals are later.
    public func writeGoals(_ goals: NutritionGoals, updatedAt: Date = Date()) throws(Failure) {
        let file = path(DataDirectoryReader.preferencesFileName)
        var preferences = JSONValue.object([])
        if FileManager.default.fileExists(atPath: file) {
            preferences = try parse(file)
            guard case .object = preferences else { throw Failure.file(file, "expected the preferences object; fix the file first") }
        }
        let split = goals.effectiveSplit
        let goalsValue = JSONValue.object([
            JSONMember("calories", .number(Double(goals.calories))), JSONMember("protein", .number(Double(goals.protein))),
            JSONMember("carbs", .number(Double(goals.carbs))), JSONMember("fats", .number(Double(goals.fats))),
            JSONMember("split", .object([
                JSONMember("protein", .number(Double(split.proteinPercent))), JSONMember("carbs", .number(Double(split.carbsPercent))),
                JSONMember("fats", .number(Double(split.fatsPercent))),
            ])),
            JSONMember("updatedAt", .string(ISO8601.string(from: updatedAt))),
        ])
        var kitchen = preferences["kitchen"] ?? .object([])
        if case .object = kitchen {} else { kitchen = .object([]) }
        try write(preferences.setting("kitchen", to: kitchen.setting("goals", to: goalsValue)), to: file)
    }

    // MARK: Files

    func parse(_ file: String) throws(Failure) -> JSONValue {
        let bytes: [UInt8]
        switch DataFileBytes.read(file) {
        case .success(let read): bytes = read
        case .failure(let problem): throw Failure("\(problem.diagnostic.message) (it was not changed)", at: problem.diagnostic.location)
        }
        do {
            return JSONValue(try JSONParser.parse(bytes, file: file))
        } catch {
            throw Failure("\(error.message) (fix the file first; it was not changed)", at: error.location(in: file))
        }
    }

    /// The records of a JSON file as an array (one object becomes an array of one); empty when
    /// the file does not exist.
    func readArray(_ file: String) throws(Failure) -> [JSONValue] {
        guard FileManager.default.fileExists(atPath: file) else { return [] }
        switch try parse(file) {
        case .array(let elements): return elements
        case .object(let members): return [.object(members)]
        default: throw Failure.file(file, "expected an array of objects; fix the file first (it was not changed)")
        }
    }

    func write(_ value: JSONValue, to file: String) throws(Failure) {
        do {
            try AtomicFile.write(CanonicalJSON.bytes(value, sortKeys: false), to: file)
        } catch {
            throw error.commandError()
        }
    }
}
