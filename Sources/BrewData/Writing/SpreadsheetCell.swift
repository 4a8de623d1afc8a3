/// A cell of the CSV export made safe to open in a spreadsheet (OWASP, "CSV Injection"): a cell
/// that starts with `=`, `+`, `-`, `@`, a tab or a carriage return would be run as a formula, so
/// it gets a leading `'`, which spreadsheets show as text and do not display. A cell that is
/// a plain number (`-1.5`) is left as it is: it is read as a number, not a formula.
///
/// Only the CSV export (a report) does this; data files written back into a data directory
/// never do, so an import reads exactly what was written.
public enum SpreadsheetCell {
    static let formulaStarts: Set<UInt8> = [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D]

    public static func neutralized(_ cell: String) -> String {
        guard let first = cell.utf8.first, formulaStarts.contains(first) else { return cell }
        if isPlainNumber(cell) { return cell }
        return "'" + cell
    }

    /// `-1.5`, `+3`, `-2e3`: a sign, digits, at most one point and an exponent, nothing else.
    static func isPlainNumber(_ cell: String) -> Bool {
        guard cell.utf8.count <= 32, let first = cell.utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") else { return false }
        guard cell.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else { return false }
        return Double(cell).map { $0.isFinite } ?? false
    }
}
