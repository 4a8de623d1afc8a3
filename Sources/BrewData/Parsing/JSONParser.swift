import BrewKit
import Foundation

/// A JSON parser (RFC 8259) that keeps the line and column of every value, so that
/// every later rule can point at the place that is wrong. `JSONDecoder` keeps none.
public struct JSONParser {
    public struct SyntaxError: Error, Sendable {
        public var message: String
        public var line: Int
        public var column: Int

        /// Where it is in `file`, the file the parser was given.
        public func location(in file: String) -> SourceLocation {
            SourceLocation(file: file, line: line, column: column)
        }
    }

    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    private static let maximumDepth = 512

    public init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Parses one JSON document.
    public static func parse(_ bytes: [UInt8], file: String) throws(SyntaxError) -> RawNode {
        var parser = JSONParser(bytes: bytes, file: file)
        return try parser.parseDocument()
    }

    mutating func parseDocument() throws(SyntaxError) -> RawNode {
        // Not UTF-8 (a file saved as Latin-1): refused where the first bad byte is, never read
        // with U+FFFD in its place. Every JSON the tool reads comes through here (data files,
        // preferences, archives).
        if let problem = TextEncodingCheck.problem(in: bytes, file: file) {
            throw SyntaxError(message: problem.message, line: problem.location.line, column: problem.location.column ?? 1)
        }
        // A UTF-8 byte order mark is allowed and skipped.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
        skipWhitespace()
        if index >= bytes.count { throw error("the file is empty; expected a JSON object or array") }
        let node = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw error("expected the end of the file after the JSON value, found \(describeCurrent())") }
        return node
    }

    private var columns = JSONColumns()

    /// The 1-based column of `index`. Columns count characters, not bytes: UTF-8 continuation bytes are skipped.
    private mutating func column() -> Int {
        columns.column(of: index, lineStart: lineStart, in: bytes)
    }

    private mutating func location() -> SourceLocation { SourceLocation(file: file, line: line, column: column()) }

    private mutating func error(_ message: String) -> SyntaxError {
        SyntaxError(message: message, line: line, column: column())
    }

    private mutating func skipWhitespace() {
        JSONBytes.skipWhitespace(in: bytes, index: &index, line: &line, lineStart: &lineStart)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func parseValue() throws(SyntaxError) -> RawNode {
        guard index < bytes.count else { throw error("expected a value, found the end of the file (is the file truncated?)") }
        let start = location()
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(start)
        case UInt8(ascii: "["): return try parseArray(start)
        case UInt8(ascii: "\""): return RawNode(.string(try parseString()), at: start)
        case UInt8(ascii: "t"): try expectWord("true"); return RawNode(.bool(true), at: start)
        case UInt8(ascii: "f"): try expectWord("false"); return RawNode(.bool(false), at: start)
        case UInt8(ascii: "n"): try expectWord("null"); return RawNode(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return RawNode(.number(try parseNumber()), at: start)
        default: throw error("expected a value (object, array, string, number, true, false or null), found \(describeCurrent())")
        }
    }

    private mutating func expectWord(_ word: String) throws(SyntaxError) {
        let expected = Array(word.utf8)
        let count = expected.count
        guard index + count <= bytes.count, bytes[index..<index + count].elementsEqual(expected) else {
            throw error("expected \(word), found \(describeCurrent())")
        }
        index += count
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("values are nested more than \(Self.maximumDepth) deep") }
    }

    private mutating func parseObject(_ start: SourceLocation) throws(SyntaxError) -> RawNode {
        try enter()
        index += 1
        var members: [RawMember] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return RawNode(.object(members), at: start)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a quoted key, found \(describeCurrent())")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(ShownText.escaped(key))\", found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            members.append(RawMember(key: key, node: try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or '}', found the end of the file (is the file truncated?)") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw error("expected ',' or '}' after the value of \"\(ShownText.escaped(key))\", found \(describeCurrent())")
        }
        depth -= 1
        return RawNode(.object(members), at: start)
    }

    private mutating func parseArray(_ start: SourceLocation) throws(SyntaxError) -> RawNode {
        try enter()
        index += 1
        var elements: [RawNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return RawNode(.array(elements), at: start)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("expected ',' or ']', found the end of the file (is the file truncated?)") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
        }
        depth -= 1
        return RawNode(.array(elements), at: start)
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error(byte == 0x0A ? "a string runs past the end of the line (missing closing quote?)" : "a control character must be escaped inside a string") }
            index += 1
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): scalars.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): scalars.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("a \\u escape of a high surrogate must be followed by a low surrogate")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate in a \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    index -= 1
                    throw error("unknown escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
                }
            default:
                if byte < 0x20 { throw error(byte == 0x0A ? "a string runs past the end of the line (missing closing quote?)" : "a control character must be escaped inside a string") }
                scalars.append(byte)
                index += 1
            }
        }
        throw error("a string is not closed before the end of the file (is the file truncated?)")
    }

    private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
        guard let value = JSONBytes.hex4(in: bytes, index: &index) else {
            throw error("a \\u escape needs four hex digits, found \(describeCurrent())")
        }
        return value
    }

    private mutating func parseNumber() throws(SyntaxError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ parser: inout JSONParser) -> Int {
            let from = parser.index
            while parser.index < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index]) { parser.index += 1 }
            return parser.index - from
        }
        let integerDigits = digits(&self)
        if integerDigits == 0 { throw error("expected a digit in a number, found \(describeCurrent())") }
        if integerDigits > 1 && bytes[index - integerDigits] == UInt8(ascii: "0") {
            index = start
            throw error("a number must not start with a leading zero")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits(&self) == 0 { throw error("expected a digit after the decimal point, found \(describeCurrent())") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits(&self) == 0 { throw error("expected a digit in the exponent, found \(describeCurrent())") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("the number \(text) is out of range")
        }
        return value
    }
}
