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
