import BrewKit
import Foundation

/// Reads a JSON file of brew logs (`logs/<yyyy-mm>.json`) straight from its bytes: each log's
/// fields and where they stand (`SourceMap`), without a tree of `RawNode`s, which at a hundred
/// thousand logs was most of the time `check` took.
///
/// The tree (`JSONParser`, then `BrewLogDecoder`) stays the definition. This reader takes the
/// usual file only: an array of log objects (or one object) in valid UTF-8 whose every field is
/// known, given once, of its type and within its bound. At anything else (a syntax error, a
/// byte order mark, a byte that is not UTF-8, an escaped key, an unknown or repeated field, a
/// value of another type or out of its bound, a missing required field, more records than a
/// file may hold) it returns nil, and the caller reads the file through the tree, which says
/// what is wrong exactly as before. So it makes no finding of its own. It knows no field by name:
/// it matches keys and takes values as `LogField.all` declares them (`takeText`, `takeNumber`),
/// into the same log the tree's reader starts from (`BrewLogDecoder.unread`), and
/// `BrewLogBytesDecoderTests` checks what it makes against the tree's.
struct BrewLogBytesDecoder {
    /// Reads every log of the file, or nil when the tree must read it.
    static func decode(_ bytes: [UInt8], path: String) -> [Located<BrewLog>]? {
        bytes.withUnsafeBufferPointer { buffer in
            var decoder = BrewLogBytesDecoder(buffer, path: path)
            return decoder.file()
        }
    }

    /// A declared field (`LogField.all`) as this reader matches its key and takes its value.
    struct Field {
        /// Its place in `LogField.all`, the bit it sets in a record's fields seen.
        let position: Int
        let name: String
        let isRequired: Bool
        let isNumber: Bool
        let repeats: Bool
        let takeText: LogField.TakeText?
        let takeNumber: LogField.TakeNumber?
        let takeTexts: (@Sendable (_ texts: [String], _ log: inout BrewLog) -> Void)?

        init(_ field: LogField, position: Int) {
            self.position = position
            name = field.name
            isRequired = field.isRequired
            switch field.value {
            case .number, .wholeNumber: isNumber = true
            default: isNumber = false
            }
            repeats = field.repeats
            takeText = field.takeText
            takeNumber = field.takeNumber
            takeTexts = field.takeTexts
        }
    }

    /// Every field, in `LogField.all`'s order.
    static let fields: [Field] = LogField.all.enumerated().map { Field($1, position: $0) }
    /// The positions of the fields whose names are of a length, by that length in bytes: a key is
    /// compared only with names as long as it.
    private static let positionsByNameLength: [[Int]] = {
        var table = [[Int]](repeating: [], count: (fields.map(\.name.utf8.count).max() ?? 0) + 1)
        for field in fields { table[field.name.utf8.count].append(field.position) }
        return table
    }()
    private static let nameBytes: [[UInt8]] = fields.map { Array($0.name.utf8) }
    /// The bits of the required fields (`Field.position`): a record lacking one is the tree's to report.
    private static let requiredBits: UInt64 = fields.filter(\.isRequired).reduce(0) { $0 | (1 << UInt64($1.position)) }

    /// The field a key's bytes name.
    static func field(named key: UnsafeBufferPointer<UInt8>) -> Field? {
        guard key.count < positionsByNameLength.count else { return nil }
        for position in positionsByNameLength[key.count] {
            let same = nameBytes[position].withUnsafeBufferPointer { memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0 }
            if same { return fields[position] }
        }
        return nil
    }

    /// A text of no more bytes than this is within every field's length (`FieldBounds.characters`).
    private static let shortTextBytes = min(FieldBounds.noteCharacters, FieldBounds.textCharacters)

    private let bytes: UnsafeBufferPointer<UInt8>
    private let path: String
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// The last byte of a multi-byte character seen: columns before it on its line count characters.
    private var lastNonASCII = -1
    private var columns = JSONColumns()
    /// The bytes of a string with escapes, as they are decoded.
    private var scratch: [UInt8] = []
    /// Texts of `Field.repeats` fields made so far, each once.
    private var repeatedTexts: [String] = []
    private static let repeatedTextsKept = 64

    private init(_ bytes: UnsafeBufferPointer<UInt8>, path: String) {
        self.bytes = bytes
        self.path = path
    }

    // MARK: The file and its records

    private mutating func file() -> [Located<BrewLog>]? {
        // A byte order mark, UTF-16 or anything but an array or an object: the tree says what it is.
        skipWhitespace()
        guard index < bytes.count else { return nil }
        var logs: [Located<BrewLog>] = []
        if bytes[index] == UInt8(ascii: "{") {
            guard let log = record() else { return nil }
            logs.append(log)
        } else if bytes[index] == UInt8(ascii: "[") {
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
            } else {
                logs.reserveCapacity(bytes.count / 256)
                while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "{"), logs.count < CSVRecordReader.maximumRows,
                          let log = record() else { return nil }
                    logs.append(log)
                    skipWhitespace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; break }
                    return nil
                }
            }
        } else {
            return nil
        }
        skipWhitespace()
        return index == bytes.count ? logs : nil
    }

    /// One log object, `index` at its `{`; nil at anything the tree would report.
    private mutating func record() -> Located<BrewLog>? {
        let recordLine = line
        let recordColumn = column()
        index += 1
        var log = BrewLogDecoder.unread
        var listed: [SourceMap.ListedField] = []
        listed.reserveCapacity(16)
        var seen: UInt64 = 0
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            return nil  // No id: the tree says it is missing.
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let field = key() else { return nil }
            let bit = UInt64(1) << UInt64(field.position)
            guard seen & bit == 0 else { return nil }
            seen |= bit
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipWhitespace()
            guard index < bytes.count else { return nil }
            listed.append(SourceMap.ListedField(key: field.name, line: Int32(truncatingIfNeeded: line), column: Int32(truncatingIfNeeded: column())))
            guard value(of: field, into: &log) else { return nil }
            skipWhitespace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            return nil
        }
        guard line <= Int(Int32.max), seen & Self.requiredBits == Self.requiredBits else { return nil }
        let source = SourceMap(record: SourceLocation(file: path, line: recordLine, column: recordColumn), listed: listed)
        return Located(log, source: source)
    }

    /// A key, `index` at its opening quote: the field it names, or nil for an unknown or escaped key.
    private mutating func key() -> Field? {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let field = Self.field(named: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                index += 1
                return field
            }
            // Escapes, controls and non-ASCII bytes name no field: the tree tells.
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
            index += 1
        }
        return nil
    }

    // MARK: Values

    /// Reads the value of `field` into the log, as `BrewLogDecoder` would without a finding;
    /// false where it would make one.
    private mutating func value(of field: Field, into log: inout BrewLog) -> Bool {
        switch bytes[index] {
        case UInt8(ascii: "n"):
            guard word("null") else { return false }
            return !field.isRequired
        case UInt8(ascii: "\""):
            // A list's joined texts are not held to one text's bound (nor does the tree hold them).
            guard let take = field.takeText, let text = string(of: field.takeTexts == nil ? field : nil) else { return false }
            return take(text, &log)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard let take = field.takeNumber, let number = number(),
                  FieldBounds.numberProblem(number, key: field.name, path: field.name) == nil else { return false }
            return take(number, &log)
        case UInt8(ascii: "["):
            guard let take = field.takeTexts, let texts = texts() else { return false }
            take(texts, &log)
            return true
        default:
            return false
        }
    }

    /// A list of texts (`fromRecipe`) as an array of strings, each trimmed (`FieldReader.texts`).
    private mutating func texts() -> [String]? {
        index += 1
        var values: [String] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return values
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let text = string(of: nil) else { return nil }
            values.append(text.trimmingSpaces)
            skipWhitespace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return values }
            return nil
        }
    }

    private mutating func word(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count, memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else { return false }
        index += count
        return true
    }

    /// A string, `index` at its opening quote, as `JSONParser` decodes it; nil at a syntax error,
    /// a byte that is not UTF-8, or (when `field` is given) a text outside `FieldBounds`.
    private mutating func string(of field: Field?) -> String? {
        index += 1
        let start = index
        var mayHoldControl = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = field?.repeats == true ? repeatedText(start..<index) : String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return withinBounds(text, of: field, mayHoldControl: mayHoldControl) ? text : nil
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { return nil }
            if byte >= 0x80 {
                guard skipCharacter() else { return nil }
                // 0xC2 and 0x80–0x9F is a C1 control (U+0080–U+009F), as 0x7F is delete: `FieldBounds`
                // looks closer. 0xC2 and 0xA0–0xBF (`°`, `·`) is not.
                if byte == 0xC2, bytes[index - 1] <= 0x9F { mayHoldControl = true }
                continue
            }
            if byte == 0x7F { mayHoldControl = true }
            index += 1
        }
        guard index < bytes.count else { return nil }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                let text = String(decoding: scratch, as: UTF8.self)
                return withinBounds(text, of: field, mayHoldControl: mayHoldControl) ? text : nil
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
                // A line feed or a tab is allowed in every text; the other escapes may make a control.
                case UInt8(ascii: "b"): scratch.append(0x08); mayHoldControl = true
                case UInt8(ascii: "f"): scratch.append(0x0C); mayHoldControl = true
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D); mayHoldControl = true
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"):
                    mayHoldControl = true
                    guard var code = hex4() else { return nil }
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
                        index += 2
                        guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { return nil }
                    scratch.append(contentsOf: UTF8.encode(scalar)!)
                default:
                    return nil
                }
            default:
                if byte < 0x20 { return nil }
                if byte >= 0x80 {
                    let from = index
                    guard skipCharacter() else { return nil }
                    if byte == 0xC2, bytes[index - 1] <= 0x9F { mayHoldControl = true }
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<index]))
                } else {
                    if byte == 0x7F { mayHoldControl = true }
                    scratch.append(byte)
                    index += 1
                }
            }
        }
        return nil
    }

    /// The text of `range`, made once for all logs of the file that repeat it: a journal names a
    /// dozen recipes a hundred thousand times. Texts of up to 15 bytes are held in place and not kept.
    private mutating func repeatedText(_ range: Range<Int>) -> String {
        let written = UnsafeBufferPointer(rebasing: bytes[range])
        guard written.count > 15 else { return String(decoding: written, as: UTF8.self) }
        for text in repeatedTexts where text.utf8.count == written.count {
            let same = text.utf8.withContiguousStorageIfAvailable { memcmp($0.baseAddress!, written.baseAddress!, written.count) == 0 }
            if same == true { return text }
        }
        let text = String(decoding: written, as: UTF8.self)
        if repeatedTexts.count < Self.repeatedTextsKept { repeatedTexts.append(text) }
        return text
    }

    /// Whether a text is within its field's bound (`FieldBounds.textProblem` finds nothing);
    /// the check is made only when the text is long or may hold a control character.
    private func withinBounds(_ text: String, of field: Field?, mayHoldControl: Bool) -> Bool {
        guard let field else { return true }
        guard mayHoldControl || text.utf8.count > Self.shortTextBytes else { return true }
        return FieldBounds.textProblem(text, key: field.name, path: field.name) == nil
    }

    /// Steps over one well-formed multi-byte UTF-8 character (as `TextEncodingCheck` defines it)
    /// at `index`; false at a byte that is not UTF-8.
    private mutating func skipCharacter() -> Bool {
        guard let length = TextEncodingCheck.characterLength(at: index, in: bytes) else { return false }
        index += length
        lastNonASCII = index - 1
        return true
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        return JSONBytes.hex4(in: bytes, index: &index)
    }

    /// A number in JSON's grammar, as `JSONParser` reads it; nil at a syntax error or out of range.
    private mutating func number() -> Double? {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let integerStart = index
        var integer = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            integer = integer &* 10 &+ Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        let integerDigits = index - integerStart
        if integerDigits == 0 || (integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) { return nil }
        var isWhole = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() else { return nil }
            isWhole = false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() else { return nil }
            isWhole = false
        }
        // Up to 15 digits an integer is exactly a Double: the same value `Double(text)` reads, sign of zero included.
        if isWhole && integerDigits <= 15 {
            let value = Double(integer)
            return negative ? -value : value
        }
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    private mutating func skipDigits() -> Bool {
        let from = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index > from
    }

    // MARK: Places

    private mutating func skipWhitespace() {
        JSONBytes.skipWhitespace(in: bytes, index: &index, line: &line, lineStart: &lineStart)
    }

    /// The 1-based column of `index`, in characters, as `JSONParser` counts it.
    private mutating func column() -> Int {
        // Only ASCII on the line so far: a byte is a character.
        if lastNonASCII < lineStart { return index - lineStart + 1 }
        return columns.column(of: index, lineStart: lineStart, in: bytes)
    }
}
