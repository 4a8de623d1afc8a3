import BrewKit

/// What a data file holds, without locations: a JSON value, or a CSV header with rows of cells.
public enum FileContent: Hashable, Sendable {
    case json(JSONValue)
    case csv(header: [String], rows: [[String]])

    /// The records: a JSON array's elements or a lone object; each CSV row as an object
    /// of strings keyed by the header.
    public var records: [JSONValue] {
        switch self {
        case .json(.array(let elements)): elements
        case .json(let value): [value]
        case .csv(let header, let rows):
            rows.map { row in .object(zip(header, row).map { JSONMember($0, .string($1)) }) }
        }
    }

    /// The bytes to write. JSON keeps the member order it was read with.
    public func bytes() throws -> [UInt8] {
        switch self {
        case .json(let value): CanonicalJSON.bytes(value, sortKeys: false)
        case .csv(let header, let rows): try CSVTableWriter.bytes(header: header, rows: rows)
        }
    }

    /// The content with a slot's `recipeNutrition` (an object of figures) set on the records at
    /// the given indices: a JSON member, or in a CSV the columns `recipeNutrition.calories` …
    /// (appended to the header when missing); nil when there is nothing to set.
    func giving(_ figures: [Int: JSONValue]) -> FileContent? {
        guard !figures.isEmpty else { return nil }
        switch self {
        case .json(.array(let elements)):
            return .json(.array(elements.enumerated().map { index, element in
                figures[index].map { element.setting("recipeNutrition", to: $0) } ?? element
            }))
        case .json(let value):
            return figures[0].map { .json(value.setting("recipeNutrition", to: $0)) }
        case .csv(var header, var rows):
            let columns = MealSlotDecoder.csvRecipeNutritionFields
            for column in columns where !header.contains(column) {
                header.append(column)
                rows = rows.map { $0 + [""] }
            }
            for (index, kept) in figures where rows.indices.contains(index) {
                for (column, figure) in zip(columns, NutritionFigure.allCases) {
                    guard let at = header.firstIndex(of: column) else { continue }
                    while rows[index].count <= at { rows[index].append("") }
                    rows[index][at] = kept.text(figure.rawValue) ?? ""
                }
            }
            return .csv(header: header, rows: rows)
        }
    }

    /// The content without the records `shouldRemove` picks, and how many it removed;
    /// nil content when nothing is left of a JSON file (it is then deleted).
    public func removing(where shouldRemove: (JSONValue) -> Bool) -> (content: FileContent?, removed: Int) {
        switch self {
        case .json(.array(let elements)):
            let kept = elements.filter { !shouldRemove($0) }
            let removed = elements.count - kept.count
            return (kept.isEmpty && removed > 0 ? nil : .json(.array(kept)), removed)
        case .json(let value):
            return shouldRemove(value) ? (nil, 1) : (self, 0)
        case .csv(let header, let rows):
            let kept = rows.filter { row in !shouldRemove(.object(zip(header, row).map { JSONMember($0, .string($1)) })) }
            return (.csv(header: header, rows: kept), rows.count - kept.count)
        }
    }
}
