/// One record of the `sessions/` folder as merge sees it (a session, or a drink preset): its id,
/// its record (a session with its entries nested under `entries`) and whether it came from CSV
/// files (cells as strings) or JSON.
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
        for file in files where file.folderKind == .sessions {
            for row in file.content.records where RawDataFile.kind(of: row, in: file.content, folderKind: .sessions) == .sessionEntries {
                if let id = row.text("sessionId") { entriesBySession[id, default: []].append(row) }
            }
        }
        var result: [SessionRecord] = []
        for file in files where file.folderKind == .sessions {
            let fromCSV = if case .csv = file.content { true } else { false }
            for record in file.content.records where RawDataFile.kind(of: record, in: file.content, folderKind: .sessions) == .sessions {
                guard let id = record.text("id") else { continue }
                let value = fromCSV ? record.setting("entries", to: .array(entriesBySession[id] ?? [])) : record
                result.append(SessionRecord(id: id, value: value, fromCSV: fromCSV))
            }
        }
        return result
    }

    /// The drink presets of a set of session files (`RecordKind.drinkPresets`), in file order.
    public static func presets(in files: [SessionFile]) -> [SessionRecord] {
        var result: [SessionRecord] = []
        for file in files where file.folderKind == .sessions {
            let fromCSV = if case .csv = file.content { true } else { false }
            for record in file.content.records where RawDataFile.kind(of: record, in: file.content, folderKind: .sessions) == .drinkPresets {
                if let id = record.text("id") { result.append(SessionRecord(id: id, value: record, fromCSV: fromCSV)) }
            }
        }
        return result
    }
}
