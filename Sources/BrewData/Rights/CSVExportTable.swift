import BrewKit

/// One file of the CSV export (`CSVExport`): a kind's records as rows under a header, and the
/// README's line about it.
///
/// Rules:
/// - `rows` are the cells as the data holds them; `CSVExport` neutralises formula starts
///   (`SpreadsheetCell`) when it writes them.
/// - A table built with `discoveringColumns` has the given leading columns, then every member of
///   the records in the order first met (sessions, entries, drink presets, planner records).
public struct CSVExportTable: Sendable, Equatable {
    /// The file name in the export folder (`kitchen-recipes.csv`).
    public var name: String
    public var columns: [String]
    public var rows: [[String]]
    /// The README's line about the file, without its leading `- `; nil when another kind's line
    /// tells about it (the planner's kinds share one line).
    public var readme: String?

    public init(name: String, columns: [String], rows: [[String]], readme: String?) {
        self.name = name
        self.columns = columns
        self.rows = rows
        self.readme = readme
    }

    /// A table of fixed columns, each row the record's member of that name as a cell.
    public init(name: String, columns: [String], records: [JSONValue], readme: String?) {
        self.init(name: name, columns: columns, rows: records.map { record in columns.map { RecordEncoder.cell(record[$0]) } }, readme: readme)
    }

    /// A table whose columns are `leading`, then every member the records have (nested `skipping` left out).
    public static func discoveringColumns(name: String, leading: [String], records: [JSONValue], skipping: Set<String> = [], readme: (([String]) -> String)?) -> CSVExportTable {
        var columns = leading
        for record in records {
            for member in record.members ?? [] where !skipping.contains(member.key) && !columns.contains(member.key) { columns.append(member.key) }
        }
        return CSVExportTable(name: name, columns: columns, records: records, readme: readme?(columns))
    }
}
