/// Byte positions in a JSON text, so that an edit can change one value or add one member and
/// keep every other byte of the file as the person wrote it. Only what the session writer needs:
/// the members of an object and the elements of an array, with where each value starts and ends.
/// The text has been parsed successfully before (the data directory reader refuses bad JSON), so
/// a failure here means the file changed in between.
public enum JSONSpans {
    public struct Failure: Error, Sendable {
        public var offset: Int
        public var reason: String
    }

    public struct Member: Sendable {
        public var key: String
        public var keyStart: Int
        /// The value's first byte and one past its last.
        public var value: Range<Int>
    }

    public struct Object: Sendable {
        public var open: Int
        public var close: Int
        public var members: [Member]

        public func member(_ key: String) -> Member? { members.last { $0.key == key } }
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    public static func skipSpace(_ bytes: [UInt8], _ index: Int) -> Int {
        var index = index
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index
    }

    /// One past the end of the value that starts at `index`.
    public static func endOfValue(_ bytes: [UInt8], at index: Int) throws(Failure) -> Int {
        guard index < bytes.count else { throw Failure(offset: index, reason: "expected a value, found the end of the file") }
        switch bytes[index] {
        case UInt8(ascii: "\""): return try endOfString(bytes, at: index)
        case UInt8(ascii: "{"): return try object(bytes, at: index).close + 1
        case UInt8(ascii: "["): return try array(bytes, at: index).close + 1
        default:
            var end = index
            while end < bytes.count, !isSpace(bytes[end]), ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[end]) { end += 1 }
            guard end > index else { throw Failure(offset: index, reason: "expected a value") }
            return end
        }
    }

    static func endOfString(_ bytes: [UInt8], at index: Int) throws(Failure) -> Int {
        var position = index + 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\\"): position += 2
            case UInt8(ascii: "\""): return position + 1
            default: position += 1
            }
        }
        throw Failure(offset: index, reason: "a string is not closed")
    }

    /// The object whose `{` is at `open`.
    public static func object(_ bytes: [UInt8], at open: Int) throws(Failure) -> Object {
        guard open < bytes.count, bytes[open] == UInt8(ascii: "{") else { throw Failure(offset: open, reason: "expected an object") }
        var members: [Member] = []
        var index = skipSpace(bytes, open + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return Object(open: open, close: index, members: []) }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Failure(offset: index, reason: "expected a key") }
            let keyEnd = try endOfString(bytes, at: index)
            let key = String(decoding: bytes[(index + 1)..<(keyEnd - 1)], as: UTF8.self)
            index = skipSpace(bytes, keyEnd)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw Failure(offset: index, reason: "expected ':'") }
            let valueStart = skipSpace(bytes, index + 1)
            let valueEnd = try endOfValue(bytes, at: valueStart)
            members.append(Member(key: key, keyStart: keyEnd - key.utf8.count - 2, value: valueStart..<valueEnd))
            index = skipSpace(bytes, valueEnd)
            guard index < bytes.count else { throw Failure(offset: index, reason: "an object is not closed") }
            if bytes[index] == UInt8(ascii: "}") { return Object(open: open, close: index, members: members) }
            guard bytes[index] == UInt8(ascii: ",") else { throw Failure(offset: index, reason: "expected ',' or '}'") }
            index = skipSpace(bytes, index + 1)
        }
    }

    /// The array whose `[` is at `open`: its `]` and each element's bytes.
    public static func array(_ bytes: [UInt8], at open: Int) throws(Failure) -> (close: Int, elements: [Range<Int>]) {
        guard open < bytes.count, bytes[open] == UInt8(ascii: "[") else { throw Failure(offset: open, reason: "expected an array") }
        var elements: [Range<Int>] = []
        var index = skipSpace(bytes, open + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return (index, []) }
        while true {
            let end = try endOfValue(bytes, at: index)
            elements.append(index..<end)
            index = skipSpace(bytes, end)
            guard index < bytes.count else { throw Failure(offset: index, reason: "an array is not closed") }
            if bytes[index] == UInt8(ascii: "]") { return (index, elements) }
            guard bytes[index] == UInt8(ascii: ",") else { throw Failure(offset: index, reason: "expected ',' or ']'") }
            index = skipSpace(bytes, index + 1)
        }
    }

    /// The spaces and tabs that begin the line holding `offset`.
    public static func indentation(_ bytes: [UInt8], ofLineAt offset: Int) -> String {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The byte offset of a 1-based line and column (columns count characters, as the parser's do).
    public static func offset(_ bytes: [UInt8], line: Int, column: Int) -> Int? {
        var index = 0
        var currentLine = 1
        while currentLine < line {
            guard let newline = bytes[index...].firstIndex(of: 0x0A) else { return nil }
            index = newline + 1
            currentLine += 1
        }
        var characters = 1
        while characters < column, index < bytes.count {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            characters += 1
        }
        return index <= bytes.count ? index : nil
    }

    /// `text` as a JSON string literal, escaped as the writer escapes it (`CanonicalJSON`).
    public static func quoted(_ text: String) -> String {
        CanonicalJSON.quoted(text)
    }
}
