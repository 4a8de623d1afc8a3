/// Where each record and cell of a CSV file starts (line and column, 1-based).
/// CSV.swift reads the values but keeps no positions; this scan follows the same
/// RFC 4180 rules (quoted cells may hold commas, `""` and line breaks) to find them.
struct CSVPositions {
    struct Cell: Equatable {
        var line: Int
        var column: Int
    }

    /// One array of cells per record, blank lines skipped.
    static func scan(_ bytes: [UInt8]) -> [[Cell]] {
        var records: [[Cell]] = []
        var current: [Cell] = []
        var line = 1
        var column = 1
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var atCellStart = true
        var inQuotes = false
        var recordHasContent = false

        func advance(_ byte: UInt8) {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }

        while index < bytes.count {
            let byte = bytes[index]
            if atCellStart && !inQuotes {
                if byte == 0x0A || (byte == 0x0D && current.isEmpty && !recordHasContent) {
                    // A blank line, or the end of a record after a trailing comma.
                    if recordHasContent || !current.isEmpty {
                        current.append(Cell(line: line, column: column))
                        records.append(current)
                        current = []
                        recordHasContent = false
                    }
                    advance(byte)
                    index += 1
                    continue
                }
                current.append(Cell(line: line, column: column))
                atCellStart = false
                recordHasContent = true
            }
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                        advance(byte); index += 1
                    } else {
                        inQuotes = false
                    }
                }
                advance(byte)
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inQuotes = true
            case UInt8(ascii: ","):
                atCellStart = true
            case 0x0A:
                records.append(current)
                current = []
                atCellStart = true
                recordHasContent = false
            default:
                break
            }
            advance(byte)
            index += 1
            if byte == UInt8(ascii: ",") && index >= bytes.count {
                current.append(Cell(line: line, column: column))
            }
        }
        if !current.isEmpty { records.append(current) }
        return records
    }
}
