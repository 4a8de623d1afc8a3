import BrewKit

/// Brew logs: `logs/*.json` or `*.csv`.
public enum LogsKind: RecordKindDeclaration {
    public static let kind = RecordKind.logs
    public static var rules: RecordKind.Rules {
        .init(place: .folder("logs"), identity: .init(idField: "id"),
              merge: .appendOnly, erase: .byID(ledgerKind: .log),
              summary: "brew logs: logs/*.json or *.csv")
    }
    public static let archiveMember = ArchiveMember.logs
    public static let isCountedInManifest = true
    public static let mergeLabel = "log"
    public static func merge(_ walk: inout Merger.Walk) { Merger.mergeLogs(&walk) }
    public static func leavesTarget(_ record: JSONValue, ownerID: String?, after outcome: Merger.Outcome) -> Bool {
        outcome.removesFromTarget(id: record.text("id"), erasedAs: .log, replaced: outcome.replacedLogIDs)
    }
    public static func erased(by selection: Eraser.Selection) -> Eraser.Reach { .nothing }
    public static func namedFiles(_ record: JSONValue) -> [String] { [] }

    /// A log's fields, by the name written in a file, in the order of the CSV export's columns, as
    /// `LogField.all` declares them. The tree's decoder (`BrewLogDecoder.fields`), the bytes reader
    /// (`BrewLogBytesDecoder.fields`) and the CSV export take them from there.
    public static let fields = LogField.all.map(\.name)
    /// The fields a log must have (absent or null: the tree reports it missing).
    public static let requiredFields = Set(LogField.all.filter(\.isRequired).map(\.name))

    public static func claim(csvHeader header: [String]) -> RecordKind? { .logs }
    public static func claim(jsonKeys keys: Set<String>) -> RecordKind? { .logs }

    public static func records(in snapshot: DataSnapshot) -> [JSONValue] { snapshot.logs.map(RecordEncoder.json) }
    public static func count(in snapshot: DataSnapshot) -> Int { snapshot.logs.count }

    public static func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        [CSVExportTable(name: "logs.csv", columns: CSVExport.logColumns, records: snapshot.logs.map(RecordEncoder.json),
                        readme: "`logs.csv`: \(CSVExport.logColumns.joined(separator: ", ")). Rating 1–5 (empty for an imported brew not rated there); `recipeNameAtBrew` is the name when brewed; `fromRecipe` lists, `;`-joined, the fields an import took from the recipe.")]
    }

    /// A log names its recipe, and the bag of beans brewed (`beanId`, checked by `CoffeeBean.logFindings`).
    public static var references: [KindReference] {
        [KindReference(BrewLogValidator.recipeReference, naming: .recipes), KindReference(CoffeeBean.logReference, naming: .beans)]
    }

    /// The brew's page, the lists it is on, the summaries.
    public static let pageGroups: Set<PageGroup> = [.summaries, .logLists, .logPages, .cards]
}
