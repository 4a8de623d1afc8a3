import BrewKit

/// Drink presets: objects with `name` (and no `startTime`) in `sessions/*.json`, or a CSV with a `name` column.
public enum DrinkPresetsKind: RecordKindDeclaration {
    public static let kind = RecordKind.drinkPresets
    public static var rules: RecordKind.Rules {
        .init(place: .within(.sessions), identity: .init(idField: "id"),
              merge: .lastWriteWins(timestampField: "updatedAt"), erase: .byID(ledgerKind: .drinkPreset),
              summary: "drink presets: objects with name (and no startTime) in sessions/*.json, or a CSV with a name column")
    }
    public static let archiveMember = ArchiveMember.sessionFiles
    /// Archives have never counted drink presets (a count added now would change every archive's bytes).
    public static let isCountedInManifest = false
    public static let mergeLabel = "drink preset"
    public static func merge(_ walk: inout Merger.Walk) { Merger.mergeDrinkPresets(&walk) }
    public static func leavesTarget(_ record: JSONValue, ownerID: String?, after outcome: Merger.Outcome) -> Bool {
        outcome.removesFromTarget(id: record.text("id"), erasedAs: .drinkPreset, replaced: outcome.replacedDrinkPresetIDs)
    }
    public static func erased(by selection: Eraser.Selection) -> Eraser.Reach { .nothing }
    public static func namedFiles(_ record: JSONValue) -> [String] { [] }

    public static func records(in snapshot: DataSnapshot) -> [JSONValue] { snapshot.drinkPresets.map(\.value) }

    public static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        [.discoveringColumns(name: "drink-presets.csv", leading: ["id"], records: snapshot.drinkPresets.map(\.value)) {
            "`drink-presets.csv`: \($0.joined(separator: ", ")). Quick-drink presets; an entry's `presetId` names one."
        }]
    }

    /// The sessions' pages, whose entries name them, and the summaries that count their drinks.
    public static let pageGroups: Set<PageGroup> = [.summaries, .sessions]
}
