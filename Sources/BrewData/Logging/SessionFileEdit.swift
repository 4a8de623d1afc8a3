/// Edits of a sessions file that keep every other byte: a member set or added in a session's JSON
/// object, an entry added to its `entries` array, a row appended to a CSV, cells of one CSV row
/// replaced. Each returns the whole new file; nothing here touches the disk.
public enum SessionFileEdit {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    // MARK: JSON

    /// Sets `key` of the object at `open` to the JSON text `value`: its value replaced in place, or
    /// a new member after the last one, on a line of its own indented like it.
    public static func setMember(_ bytes: [UInt8], objectAt open: Int, key: String, value: String) throws(Failure) -> [UInt8] {
        let object = try spans { () throws(JSONSpans.Failure) in try JSONSpans.object(bytes, at: open) }
        if let member = object.member(key) {
            return splice(bytes, member.value, value)
        }
        return insertMember(bytes, object: object, text: "\(JSONSpans.quoted(key)): \(value)")
    }

    /// Adds `entry` (a JSON object's text) at the end of the `entries` array of the object at `open`,
    /// making the array when the object has none.
    public static func appendEntry(_ bytes: [UInt8], objectAt open: Int, entry: String) throws(Failure) -> [UInt8] {
        let object = try spans { () throws(JSONSpans.Failure) in try JSONSpans.object(bytes, at: open) }
        guard let member = object.member("entries") else {
            let indent = object.members.last.map { JSONSpans.indentation(bytes, ofLineAt: $0.keyStart) } ?? "  "
            return insertMember(bytes, object: object, text: "\"entries\": [\n\(indent)  \(entry)\n\(indent)]")
        }
        let array = try spans { () throws(JSONSpans.Failure) in try JSONSpans.array(bytes, at: member.value.lowerBound) }
        if let last = array.elements.last {
            let indent = JSONSpans.indentation(bytes, ofLineAt: last.lowerBound)
            return splice(bytes, last.upperBound..<last.upperBound, ",\n\(indent)\(entry)")
        }
        let indent = JSONSpans.indentation(bytes, ofLineAt: member.keyStart)
        return splice(bytes, (member.value.lowerBound + 1)..<array.close, "\n\(indent)  \(entry)\n\(indent)")
    }

    /// Replaces element `index` of the `entries` array of the object at `open` with `entry` (a JSON
    /// object's text), or removes it (`entry` nil) with the comma that separates it; every other
    /// byte is kept.
    public static func replaceEntry(_ bytes: [UInt8], objectAt open: Int, index: Int, with entry: String?) throws(Failure) -> [UInt8] {
        let object = try spans { () throws(JSONSpans.Failure) in try JSONSpans.object(bytes, at: open) }
        guard let member = object.member("entries") else { throw Failure(description: "the session has no entries array") }
        let array = try spans { () throws(JSONSpans.Failure) in try JSONSpans.array(bytes, at: member.value.lowerBound) }
        guard array.elements.indices.contains(index) else { throw Failure(description: "the session's entries changed while they were read; nothing was written") }
        let element = array.elements[index]
        if let entry { return splice(bytes, element, entry) }
        if array.elements.count == 1 {
            // The only entry: the array becomes [] (its brackets and what follows kept).
            return splice(bytes, (member.value.lowerBound + 1)..<array.close, "")
        }
        if index + 1 < array.elements.count {
            // From the entry to the next one: the comma and the line break go with it.
            return splice(bytes, element.lowerBound..<array.elements[index + 1].lowerBound, "")
        }
        // The last entry: from the end of the one before it.
        return splice(bytes, array.elements[index - 1].upperBound..<element.upperBound, "")
    }

    static func insertMember(_ bytes: [UInt8], object: JSONSpans.Object, text: String) -> [UInt8] {
        if let last = object.members.last {
            let indent = JSONSpans.indentation(bytes, ofLineAt: last.keyStart)
            return splice(bytes, last.value.upperBound..<last.value.upperBound, ",\n\(indent)\(text)")
        }
        let indent = JSONSpans.indentation(bytes, ofLineAt: object.open)
        return splice(bytes, (object.open + 1)..<object.close, "\n\(indent)  \(text)\n\(indent)")
    }

    private static func spans<T>(_ body: () throws(JSONSpans.Failure) -> T) throws(Failure) -> T {
        do {
            return try body()
        } catch {
            throw Failure(description: "the file changed while it was read (\(error.reason) at byte \(error.offset)); nothing was written")
        }
    }

    static func splice(_ bytes: [UInt8], _ range: Range<Int>, _ text: String) -> [UInt8] {
        var result = bytes
        result.replaceSubrange(range, with: Array(text.utf8))
        return result
    }

    // MARK: CSV

    /// The cells of one CSV line (no line break inside it), quotes removed.
    public static func cells(_ line: String) throws(Failure) -> [String] {
        var cells: [String] = []
        var current = ""
        var quoted = false
        var iterator = Array(line).makeIterator()
        var pending: Character? = nil
        while let character = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if character == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { current.append("\"") } else { quoted = false; pending = next }
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                cells.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if quoted { throw Failure(description: "a quoted cell runs past the end of the line; edit this row by hand") }
        cells.append(current)
        return cells
    }

    /// A CSV cell, quoted when it holds a comma, a quote or a line break.
    public static func cell(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The file's lines as byte ranges without their line breaks, and the break it uses.
    static func lines(_ bytes: [UInt8]) -> (ranges: [Range<Int>], newline: String) {
        var ranges: [Range<Int>] = []
        var start = 0
        var crlf = false
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            var end = index
            if end > start, bytes[end - 1] == 0x0D { end -= 1; crlf = true }
            ranges.append(start..<end)
            start = index + 1
        }
        if start < bytes.count { ranges.append(start..<bytes.count) }
        return (ranges, crlf ? "\r\n" : "\n")
    }

    /// The header's column names (a byte-order mark skipped).
    public static func header(_ bytes: [UInt8]) throws(Failure) -> [String] {
        guard let first = lines(bytes).ranges.first else { throw Failure(description: "the CSV file has no header") }
        var text = String(decoding: bytes[first], as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return try cells(text).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Appends a row with `values` under their columns (other cells empty); a value whose column the
    /// header lacks is an error, so nothing is lost in silence.
    public static func appendRow(_ bytes: [UInt8], values: [String: String]) throws(Failure) -> [UInt8] {
        let columns = try header(bytes)
        if let missing = values.keys.sorted().first(where: { !columns.contains($0) }), let value = values[missing], !value.isEmpty {
            throw Failure(description: "the CSV has no \(missing) column for \"\(value)\"; add the column to its header, or log into a JSON session")
        }
        let newline = lines(bytes).newline
        var result = bytes
        if let last = result.last, last != 0x0A { result += Array(newline.utf8) }
        result += Array((columns.map { cell(values[$0] ?? "") }.joined(separator: ",") + newline).utf8)
        return result
    }

    /// Removes the row on 1-based `line` with its line break.
    public static func removeRow(_ bytes: [UInt8], line: Int) throws(Failure) -> [UInt8] {
        let ranges = lines(bytes).ranges
        guard line >= 2, line <= ranges.count else { throw Failure(description: "line \(line) is not a row of the file") }
        let range = ranges[line - 1]
        // The row and the break after it (to the next line's start, or the end of the file).
        let end = line < ranges.count ? ranges[line].lowerBound : bytes.count
        var start = range.lowerBound
        // A last row without a break after it takes the break before it instead.
        if end == range.upperBound, line == ranges.count, start > 0 {
            start = ranges[line - 2].upperBound
        }
        var result = bytes
        result.removeSubrange(start..<end)
        return result
    }

    /// Replaces cells of the row on 1-based `line`, by column name; a column the header lacks is
    /// an error unless its value may be left out (`optional`).
    public static func replaceCells(_ bytes: [UInt8], line: Int, values: [String: String], optional: Set<String> = []) throws(Failure) -> [UInt8] {
        let columns = try header(bytes)
        let ranges = lines(bytes).ranges
        guard line >= 2, line <= ranges.count else { throw Failure(description: "line \(line) is not a row of the file") }
        let range = ranges[line - 1]
        var row = try cells(String(decoding: bytes[range], as: UTF8.self))
        while row.count < columns.count { row.append("") }
        for (column, value) in values.sorted(by: { $0.key < $1.key }) {
            guard let index = columns.firstIndex(of: column) else {
                if optional.contains(column) { continue }
                throw Failure(description: "the CSV has no \(column) column; add it to the header")
            }
            row[index] = value
        }
        return splice(bytes, range, row.map(cell).joined(separator: ","))
    }
}

import Foundation
