/// Adds columns at the end of a CSV file's header, with an empty cell for each in every other
/// record, every other byte kept: what a person does by hand to start recording a new field
/// (`log --tds` into a month whose header has no `tds`). Quoted cells may hold commas, `""` and
/// line breaks (RFC 4180), so a record ends at a line break outside quotes; blank lines stay blank.
enum CSVColumnAdder {
    static func adding(_ columns: [String], to bytes: [UInt8]) -> [UInt8] {
        guard !columns.isEmpty else { return bytes }
        let headerCells = Array(("," + columns.map(BrewRecorder.csvCell).joined(separator: ",")).utf8)
        let emptyCells = [UInt8](repeating: UInt8(ascii: ","), count: columns.count)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + headerCells.count + 64)
        var inQuotes = false
        var recordHasContent = false
        var isHeader = true
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        result += bytes[..<index]
        func endRecord() {
            guard recordHasContent else { return }
            result += isHeader ? headerCells : emptyCells
            isHeader = false
            recordHasContent = false
        }
        while index < bytes.count {
            let byte = bytes[index]
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                        result += [byte, byte]
                        index += 2
                        continue
                    }
                    inQuotes = false
                }
                result.append(byte)
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inQuotes = true
                recordHasContent = true
            case 0x0D where index + 1 < bytes.count && bytes[index + 1] == 0x0A:
                endRecord()
            case 0x0A:
                // A CR before it was handled with it.
                if !(index > 0 && bytes[index - 1] == 0x0D) { endRecord() }
            case UInt8(ascii: " "), 0x09, 0x0D:
                break
            default:
                recordHasContent = true
            }
            result.append(byte)
            index += 1
        }
        endRecord()
        return result
    }
}
