import BrewKit

/// What the CSV export (`CSVExport`) writes for each kind of record: each kind's declaration
/// (`RecordKindDeclaration.csvTables`) answers, so a new kind cannot be left out of the export in silence.
extension RecordKind {
    /// The tables of this kind in `snapshot`: none when the kind's records are written in another
    /// kind's table or the kind has none to write (a table "when there are any").
    public func csvTables(in snapshot: DataSnapshot) -> [CSVExportTable] {
        RecordKinds.declaration(of: self).csvTables(in: snapshot)
    }

    /// The README lines that tell of a kind's tables whatever the data holds (the planner's four
    /// tables, written only when there are records, share one line).
    var csvReadmeLineAlways: String? { RecordKinds.declaration(of: self).csvReadmeLineAlways }
}

extension KitchenPlannerFiles {
    /// The table of one of the planner's kinds (issue 15) when it has records: its columns those of
    /// its files; a slot's quick-add item in the CSV columns quickAddName, calories, protein, carbs, fats.
    static func csvTables(of kind: RecordKind, in snapshot: DataSnapshot) -> [CSVExportTable] {
        let records = snapshot.kitchenFiles.filter { KitchenPlannerFiles.kind(ofPath: $0.relativePath) == kind }
            .flatMap(KitchenPlannerFiles.plannerRecords)
        guard !records.isEmpty else { return [] }
        var columns = ["id"]
        for record in records { for column in record.columns where !columns.contains(column) { columns.append(column) } }
        // meal-plan-slots.csv, snack-presets.csv, shopping-items.csv, kitchen-inbox.csv.
        let name = kind.rawValue.reduce(into: "") { name, character in
            name += character.isUppercase ? "-" + character.lowercased() : String(character)
        } + ".csv"
        return [CSVExportTable(name: name, columns: columns, rows: records.map { record in columns.map { record.cell($0) } }, readme: nil)]
    }
}
