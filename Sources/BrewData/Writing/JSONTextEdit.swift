import BrewKit

/// Edits of a JSON file's text that keep every other byte as it was: a record appended to the
/// top-level array, one member of the top-level object set. Both parse the file first (with
/// `JSONParser`, so a file `check` rejects is never edited) and work on the bytes the parser's
/// locations point at.
public enum JSONTextEdit {
    /// Why the file was not edited, at its place in the file: the commands' one error type.
    public typealias Failure = CommandError

    /// `bytes` with `objectText` (one JSON object) added as the last record. An array gets a new
    /// last element, indented as the element before it; a single object becomes an array of it and
    /// the new one; an empty file becomes an array of one.
    /// - Returns: the new bytes and the offset at which the new record starts in them.
    public static func appending(objectText: String, to bytes: [UInt8], file: String) throws(Failure) -> (bytes: [UInt8], recordOffset: Int) {
        if bytes.allSatisfy(isWhitespace) { return (Array("[\n  \(indent(objectText, by: "  "))\n]\n".utf8), 4) }
        let root: RawNode
        do {
            root = try JSONParser.parse(bytes, file: file)
        } catch {
            throw Failure(error.message, at: error.location(in: file))
        }
        guard let last = bytes.lastIndex(where: { !isWhitespace($0) }) else { throw Failure.file(file, "the file is empty") }
        switch root.value {
        case .array(let elements):
            // The closing bracket is the last byte that is not white space.
            var end = last
            while end > 0, isWhitespace(bytes[end - 1]) { end -= 1 }
            let lineIndent = elements.last.map { leadingSpace(ofLineAt: byteOffset(of: $0.location, in: bytes), in: bytes) } ?? "  "
            let newline = usesCRLF(bytes) ? "\r\n" : "\n"
            var insert = (elements.isEmpty ? "" : ",") + newline + lineIndent
            let offset = end + insert.utf8.count
            insert += indent(objectText, by: lineIndent, newline: newline)
            if !bytes[end..<last].contains(UInt8(ascii: "\n")) { insert += newline }
            return (Array(bytes[..<end]) + Array(insert.utf8) + Array(bytes[end...]), offset)
        case .object:
            let start = byteOffset(of: root.location, in: bytes)
            let newline = usesCRLF(bytes) ? "\r\n" : "\n"
            let head = Array(bytes[..<start]) + Array("[\(newline)".utf8)
            let tail = Array(",\(newline)\(objectText)\(newline)]".utf8) + Array(bytes[(last + 1)...])
            return (head + Array(bytes[start...last]) + tail, head.count + (last + 1 - start) + 1 + newline.utf8.count)
        default:
            throw Failure("expected an object or an array of objects, found \(root.summary); nothing was added", at: root.location)
        }
    }

    /// `bytes` with the top-level object's member `key` set to the JSON text `valueText`: its old
    /// value replaced where it is, or the member added first in the object.
    public static func settingMember(_ key: String, to valueText: String, in bytes: [UInt8], file: String) throws(Failure) -> [UInt8] {
        if bytes.allSatisfy(isWhitespace) { return Array("{\n  \"\(key)\": \(valueText)\n}\n".utf8) }
        let root: RawNode
        do {
            root = try JSONParser.parse(bytes, file: file)
        } catch {
            throw Failure(error.message, at: error.location(in: file))
        }
        guard case .object(let members) = root.value else {
            throw Failure("expected the preferences object, found \(root.summary)", at: root.location)
        }
        if let member = members.last(where: { $0.key == key }) {
            let start = byteOffset(of: member.node.location, in: bytes)
            let end = endOfValue(startingAt: start, in: bytes)
            return Array(bytes[..<start]) + Array(valueText.utf8) + Array(bytes[end...])
        }
        let brace = byteOffset(of: root.location, in: bytes)
        let newline = usesCRLF(bytes) ? "\r\n" : "\n"
        let lineIndent = members.first.map { leadingSpace(ofLineAt: byteOffset(of: $0.node.location, in: bytes), in: bytes) } ?? "  "
        let sameLine = members.first.map { lineStart(of: byteOffset(of: $0.node.location, in: bytes), in: bytes) <= brace } ?? false
        let separator = sameLine ? " " : newline + (lineIndent.isEmpty ? "  " : lineIndent)
        let insert = "\(separator)\"\(key)\": \(valueText)" + (members.isEmpty ? newline : ",")
        return Array(bytes[...brace]) + Array(insert.utf8) + Array(bytes[(brace + 1)...])
    }

    // MARK: Positions

    /// The byte offset of a location the parser gave (its column counts characters).
    static func byteOffset(of location: SourceLocation, in bytes: [UInt8]) -> Int {
        var index = 0
        var line = 1
        while line < location.line, index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) && index == 0 { index = 3 }
        var column = 1
        while column < (location.column ?? 1), index < bytes.count {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            column += 1
        }
        return index
    }

    /// Where the JSON value starting at `start` ends (one past its last byte).
    static func endOfValue(startingAt start: Int, in bytes: [UInt8]) -> Int {
        var index = start
        var depth = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 2; continue }
                if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return index + 1 }
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if depth == 0 { return index }
                    depth -= 1
                    if depth == 0 { return index + 1 }
                case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                    if depth == 0 { return index }
                default: break
                }
            }
            index += 1
        }
        return bytes.count
    }

    static func lineStart(of offset: Int, in bytes: [UInt8]) -> Int {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }

    /// The spaces and tabs that start the line holding `offset`.
    static func leadingSpace(ofLineAt offset: Int, in bytes: [UInt8]) -> String {
        var index = lineStart(of: offset, in: bytes)
        var space: [UInt8] = []
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            space.append(bytes[index])
            index += 1
        }
        return String(decoding: space, as: UTF8.self)
    }

    static func usesCRLF(_ bytes: [UInt8]) -> Bool {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return false }
        return newline > 0 && bytes[newline - 1] == UInt8(ascii: "\r")
    }

    /// Every line of `text` after the first indented by `prefix`.
    static func indent(_ text: String, by prefix: String, newline: String = "\n") -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 ? String($0.element) : prefix + $0.element }
            .joined(separator: newline)
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }
}
