/// One session as merge sees it: its id, its record (with its entries nested under
/// `entries`) and whether it came from CSV files (cells as strings) or JSON.
public struct SessionRecord: Hashable, Sendable {
    public var id: String
    public var value: JSONValue
    public var fromCSV: Bool

    public init(id: String, value: JSONValue, fromCSV: Bool) {
        self.id = id
        self.value = value
        self.fromCSV = fromCSV
    }

    /// The sessions of a set of session files: JSON objects with an `id`; rows of a sessions
    /// CSV with the rows of entries CSVs whose `sessionId` names them attached as `entries`.
    public static func records(in files: [SessionFile]) -> [SessionRecord] {
        var entriesBySession: [String: [JSONValue]] = [:]
        for file in files where RawDataFile.role(of: file.content, kind: .sessions, name: file.relativePath.split(separator: "/").last.map(String.init) ?? "") == .sessionEntries {
            for row in file.content.records {
                if let id = row.text("sessionId") { entriesBySession[id, default: []].append(row) }
            }
        }
        var result: [SessionRecord] = []
        for file in files {
            let name = file.relativePath.split(separator: "/").last.map(String.init) ?? ""
            switch RawDataFile.role(of: file.content, kind: .sessions, name: name) {
            case .sessions:
                let fromCSV = if case .csv = file.content { true } else { false }
                for record in file.content.records {
                    guard let id = record.text("id") else { continue }
                    let value = fromCSV ? record.setting("entries", to: .array(entriesBySession[id] ?? [])) : record
                    result.append(SessionRecord(id: id, value: value, fromCSV: fromCSV))
                }
            default: continue
            }
        }
        return result
    }
}
