import BrewKit
import CSV

/// Reads a CSV file whose first row names the fields into one object node per row.
/// Values come from CSV.swift; positions from `CSVPositions`. A row whose cell count
/// differs from the header's is reported, never silently shifted.
public enum CSVRecordReader {
    public struct Table: Sendable {
        public var header: [String]
        public var rows: [RawNode]
    }

    /// The most records one file may hold: ten times a heavy brewer's lifetime of logs, and far
    /// more than a page-per-record site should be built from in one go.
    public static let maximumRows = 100_000

    /// - Parameter bytes: UTF-8 (the caller has checked), with or without a byte order mark.
    public static func read(_ bytes: [UInt8], file: String, diagnostics: inout [Diagnostic], maximumRows rowLimit: Int = maximumRows) -> Table? {
        // Counted before anything is parsed: a file over the limit is refused whole, in the
        // time of one scan of its bytes, instead of being read row by row for minutes.
        let positions = CSVPositions.scan(bytes)
        if positions.count - 1 > rowLimit, let first = positions[rowLimit + 1].first {
            diagnostics.append(.error(
                "this file has \(positions.count - 1) rows, more than the \(rowLimit) one file may hold; split it into several files (none of its rows are read)",
                at: SourceLocation(file: file, line: first.line, column: first.column)))
            return nil
        }
        // A byte order mark (spreadsheets write one) is not part of the first column's name.
        let text = String(decoding: TextEncodingCheck.droppingByteOrderMark(bytes), as: UTF8.self)
        let empty = "the CSV file is empty; expected a header row naming the fields"
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text, hasHeaderRow: true)
        } catch {
            // CSV.swift reading a string throws only `cannotReadHeaderRow`, for no text at all.
            diagnostics.append(.error(empty, at: .file(file)))
            return nil
        }
        guard let header = reader.headerRow, !(header.count == 1 && header[0].trimmingSpaces.isEmpty) else {
            diagnostics.append(.error(empty, at: .file(file)))
            return nil
        }
        let headerCells = positions.first ?? []
        let cleanHeader = header.map(\.trimmingSpaces)
        var seen: Set<String> = []
        // (Names longer than any field are not hashed: hashing normalises, seconds for 5 MB of combining marks.)
        for (index, name) in cleanHeader.enumerated() where name.utf8.count <= 128 && !seen.insert(name).inserted {
            let cell = index < headerCells.count ? headerCells[index] : CSVPositions.Cell(line: 1, column: 1)
            diagnostics.append(.error("the column \"\(ShownText.escaped(name))\" appears twice in the header", at: SourceLocation(file: file, line: cell.line, column: cell.column)))
        }

        var rows: [RawNode] = []
        var recordIndex = 1
        while let row = reader.next() {
            defer { recordIndex += 1 }
            let cells = recordIndex < positions.count ? positions[recordIndex] : []
            let line = cells.first?.line ?? (positions.last?.first?.line ?? 1)
            let rowLocation = SourceLocation(file: file, line: line, column: 1)
            if row.count == 1 && row[0].isEmpty && header.count > 1 { continue }
            if row.count != header.count {
                diagnostics.append(.error(
                    "this row has \(row.count) cells but the header names \(header.count) fields; check for a missing or extra comma or an unclosed quote",
                    at: rowLocation))
                continue
            }
            var members: [RawMember] = []
            members.reserveCapacity(row.count)
            for (index, value) in row.enumerated() {
                let cell = index < cells.count ? cells[index] : CSVPositions.Cell(line: line, column: 1)
                let location = SourceLocation(file: file, line: cell.line, column: cell.column, field: cleanHeader[index])
                members.append(RawMember(key: cleanHeader[index], node: RawNode(.text(value), at: location)))
            }
            rows.append(RawNode(.object(members), at: rowLocation))
        }
        if reader.error != nil {
            diagnostics.append(.error("cannot read the CSV after row \(recordIndex); check for an unclosed quote", at: .file(file)))
        }
        return Table(header: cleanHeader, rows: rows)
    }
}
