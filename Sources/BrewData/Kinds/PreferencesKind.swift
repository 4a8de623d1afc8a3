import BrewKit

/// The preferences: `preferences.json`, one record.
public enum PreferencesKind: RecordKindDeclaration {
    public static let kind = RecordKind.preferences
    public static var rules: RecordKind.Rules {
        .init(place: .file("preferences.json"), identity: .init(idField: nil),
              merge: .targetKeeps, erase: .withEverything(ledgerKind: .preferences),
              summary: "preferences: preferences.json")
    }
    public static let archiveMember = ArchiveMember.preferences
    public static let isCountedInManifest = true
    public static let mergeLabel = "preferences"
    /// The target's are kept (`adoptedPreferences` when it has none); the file is never merged record by record.
    public static func merge(_ walk: inout Merger.Walk) { Merger.keepTargetPreferences(&walk) }
    public static func leavesTarget(_ record: JSONValue, ownerID: String?, after outcome: Merger.Outcome) -> Bool { false }
    public static func erased(by selection: Eraser.Selection) -> Eraser.Reach { .nothing }
    public static func namedFiles(_ record: JSONValue) -> [String] { [] }

    public static func records(in snapshot: DataSnapshot) -> [JSONValue] { snapshot.preferences.map { [$0] } ?? [] }
    public static func count(in snapshot: DataSnapshot) -> Int { snapshot.preferences == nil ? 0 : 1 }

    public static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        let preferences = (snapshot.preferences?.members ?? []).map { JSONValue.object([JSONMember("key", .string($0.key)), JSONMember("value", $0.value)]) }
        return [CSVExportTable(name: "preferences.csv", columns: ["key", "value"], records: preferences,
                               readme: "`preferences.csv`: key, value: one row per preference (lists as `;`-joined numbers or JSON).")]
    }

    /// Every page: the settings, the card doses, the time zone, the kitchen's goals and units.
    public static let pageGroups: Set<PageGroup> = Set(PageGroup.allCases)
}

extension PreferencesKind: RecordFolderDecoding {
    /// `preferences.json` is one JSON object, read whole: the preferences and their `waterline`
    /// settings, one record on `PreferencesFile.shelf` (none when it is not an object).
    static func decodeWhole(_ bytes: [UInt8], path: String, into file: inout ParsedFile, fromBytes: Bool,
                            recordsRead: ((Int) -> Void)?) -> Bool {
        do {
            let node = try JSONParser.parse(bytes, file: path)
            // Kept as read for the planner, which reads `kitchen.goals` and `kitchen.aisles`.
            file.rawRecords = [node]
            let record = PreferencesFile(preferences: PreferencesDecoder.decode(node, diagnostics: &file.diagnostics),
                                         waterline: WaterlineSettingsDecoder.decode(preferences: node, diagnostics: &file.diagnostics))
            if let source = record.source { file.store[PreferencesFile.shelf] = [Located(record, source: source)] }
        } catch {
            file.diagnostics.append(.error(error.message, at: SourceLocation(file: path, line: error.line, column: error.column)))
        }
        return true
    }

    static func decode(_ nodes: [RawNode], csvHeader: [String]?, into file: inout ParsedFile, recordsRead: ((Int) -> Void)?) {}
}
