import CSV
import Foundation

/// Writes a header and rows as CSV (RFC 4180 quoting via CSV.swift), one row a line,
/// ending with a newline.
public enum CSVTableWriter {
    public static func bytes(header: [String], rows: [[String]]) throws -> [UInt8] {
        let stream = OutputStream(toMemory: ())
        stream.open()
        let writer = try CSVWriter(stream: stream)
        try writer.write(row: header)
        for row in rows { try writer.write(row: row) }
        writer.stream.close()
        guard let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data else { return [] }
        return [UInt8](data) + [UInt8(ascii: "\n")]
    }
}
