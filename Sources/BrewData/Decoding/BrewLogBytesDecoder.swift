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
/// what is wrong exactly as before. So it makes no finding of its own; the logs it makes come
/// from `BrewLogDecoder.make`, and `BrewLogBytesDecoderTests` checks them against the tree's.
struct BrewLogBytesDecoder {
    /// Reads every log of the file, or nil when the tree must read it.
    static func decode(_ bytes: [UInt8], path: String) -> [Located<BrewLog>]? {
        bytes.withUnsafeBufferPointer { buffer in
            var decoder = BrewLogBytesDecoder(buffer, path: path)
            return decoder.file()
        }
    }

    /// The fields of a log, by the name written in the file: those `LogField.all` declares (in that
    /// order), named here in code so a key is matched by its bytes; `LogFieldListTests` fails when
    /// the two differ, or when `isRequired` or `isNumber` differs from the declaration.
    enum Field: String, CaseIterable {
        case id, timestamp, method, recipeId, recipeNameAtBrew, doseGrams, targetYieldGrams
        case waterTemperatureCelsius, grindLabel, rating, tasteTag, note
        case bean, roaster, mill, grinderSetting, brewTimeSeconds, bloomSeconds, tds
        case extractionYieldPercent, source, sourceId, fromRecipe, beanId
        case beverageGrams, brix

        /// The field a key's bytes name, comparing only names of the key's length.
        static func named(_ key: UnsafeBufferPointer<UInt8>) -> Field? {
            func matches(_ name: StaticString) -> Bool { memcmp(key.baseAddress!, name.utf8Start, key.count) == 0 }
            switch key.count {
            case 2: return matches("id") ? .id : nil
            case 3: return matches("tds") ? .tds : nil
            case 4: return matches("note") ? .note : matches("bean") ? .bean : matches("mill") ? .mill : matches("brix") ? .brix : nil
            case 6: return matches("method") ? .method : matches("rating") ? .rating : matches("source") ? .source : matches("beanId") ? .beanId : nil
            case 7: return matches("roaster") ? .roaster : nil
            case 8: return matches("recipeId") ? .recipeId : matches("tasteTag") ? .tasteTag : matches("sourceId") ? .sourceId : nil
            case 9: return matches("doseGrams") ? .doseGrams : matches("timestamp") ? .timestamp : nil
            case 10: return matches("grindLabel") ? .grindLabel : matches("fromRecipe") ? .fromRecipe : nil
            case 12: return matches("bloomSeconds") ? .bloomSeconds : nil
            case 13: return matches("beverageGrams") ? .beverageGrams : nil
            case 14: return matches("grinderSetting") ? .grinderSetting : nil
            case 15: return matches("brewTimeSeconds") ? .brewTimeSeconds : nil
            case 16: return matches("recipeNameAtBrew") ? .recipeNameAtBrew : matches("targetYieldGrams") ? .targetYieldGrams : nil
            case 22: return matches("extractionYieldPercent") ? .extractionYieldPercent : nil
            case 23: return matches("waterTemperatureCelsius") ? .waterTemperatureCelsius : nil
            default: return nil
            }
        }

        /// Fields whose absence (or null) the tree reports as missing.
        var isRequired: Bool {
            switch self {
            case .id, .timestamp, .recipeNameAtBrew, .doseGrams, .targetYieldGrams, .waterTemperatureCelsius, .grindLabel: true
            default: false
            }
        }

        /// Fields whose texts most logs share (the recipe, the bean): made once a file.
        var repeats: Bool {
            switch self {
            case .method, .recipeId, .recipeNameAtBrew, .bean, .roaster, .mill, .grinderSetting, .source, .beanId: true
            default: false
            }
        }

        var isNumber: Bool {
            switch self {
            case .doseGrams, .targetYieldGrams, .waterTemperatureCelsius, .rating, .brewTimeSeconds, .bloomSeconds, .tds, .extractionYieldPercent, .beverageGrams, .brix: true
            default: false
            }
        }
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
        var fields = BrewLogDecoder.Fields()
        var listed: [SourceMap.ListedField] = []
        listed.reserveCapacity(16)
        var seen: UInt32 = 0
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            return nil  // No id: the tree says it is missing.
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let field = key() else { return nil }
            let bit = UInt32(1) << UInt32(Self.position(of: field))
            guard seen & bit == 0 else { return nil }
            seen |= bit
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipWhitespace()
            guard index < bytes.count else { return nil }
            listed.append(SourceMap.ListedField(key: field.rawValue, line: Int32(truncatingIfNeeded: line), column: Int32(truncatingIfNeeded: column())))
            guard value(of: field, into: &fields) else { return nil }
            skipWhitespace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            return nil
        }
        guard line <= Int(Int32.max) else { return nil }
        let source = SourceMap(record: SourceLocation(file: path, line: recordLine, column: recordColumn), listed: listed)
        return BrewLogDecoder.make(fields, source: source)
    }

    private static func position(of field: Field) -> Int {
        switch field {
        case .id: 0
        case .timestamp: 1
        case .method: 2
        case .recipeId: 3
        case .recipeNameAtBrew: 4
        case .doseGrams: 5
        case .targetYieldGrams: 6
        case .waterTemperatureCelsius: 7
        case .grindLabel: 8
        case .rating: 9
        case .tasteTag: 10
        case .note: 11
        case .bean: 12
        case .roaster: 13
        case .mill: 14
        case .grinderSetting: 15
        case .brewTimeSeconds: 16
        case .bloomSeconds: 17
        case .tds: 18
        case .extractionYieldPercent: 19
        case .source: 20
        case .sourceId: 21
        case .fromRecipe: 22
        case .beanId: 23
        case .beverageGrams: 24
        case .brix: 25
        }
    }

    /// A key, `index` at its opening quote: the field it names, or nil for an unknown or escaped key.
    private mutating func key() -> Field? {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let field = Field.named(UnsafeBufferPointer(rebasing: bytes[start..<index]))
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

    /// Reads the value of `field` into `fields`, as `BrewLogDecoder` would without a finding;
    /// false where it would make one.
    private mutating func value(of field: Field, into fields: inout BrewLogDecoder.Fields) -> Bool {
        switch bytes[index] {
        case UInt8(ascii: "n"):
            guard word("null") else { return false }
            return !field.isRequired
        case UInt8(ascii: "\""):
            guard field != .fromRecipe else {
                guard let text = string(of: nil) else { return false }
                fields.fromRecipe = text.split(separator: ";").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
                return true
            }
            guard !field.isNumber, let text = string(of: field) else { return false }
            return take(text, as: field, into: &fields)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard field.isNumber, let number = number(),
                  FieldBounds.numberProblem(number, key: field.rawValue, path: field.rawValue) == nil else { return false }
            switch field {
            case .doseGrams: fields.doseGrams = number
            case .targetYieldGrams: fields.targetYieldGrams = number
            case .waterTemperatureCelsius: fields.waterTemperatureCelsius = number
            case .rating:
                guard number == number.rounded(), abs(number) < 1e15 else { return false }
                fields.rating = Int(number)
            case .brewTimeSeconds: fields.brewTimeSeconds = number
            case .bloomSeconds: fields.bloomSeconds = number
            case .tds: fields.tds = number
            case .extractionYieldPercent: fields.extractionYieldPercent = number
            case .beverageGrams: fields.beverageGrams = number
            case .brix: fields.brix = number
            default: return false
            }
            return true
        case UInt8(ascii: "["):
            guard field == .fromRecipe, let texts = texts() else { return false }
            fields.fromRecipe = texts
            return true
        default:
            return false
        }
    }

    /// A text field's string, as `FieldReader.string` (and `dateAndOffset`, `enumeration`) reads it.
    private func take(_ text: String, as field: Field, into fields: inout BrewLogDecoder.Fields) -> Bool {
        switch field {
        case .id: fields.id = text
        case .timestamp:
            guard let parsed = ISO8601.dateAndOffset(from: text.trimmingSpaces) else { return false }
            fields.timestamp = parsed
        case .method: fields.method = text
        case .recipeId: fields.recipeId = text
        case .recipeNameAtBrew: fields.recipeNameAtBrew = text
        case .grindLabel:
            guard let label = GrindLabel(rawValue: text.trimmingSpaces) else { return false }
            fields.grindLabel = label
        case .tasteTag:
            let trimmed = text.trimmingSpaces
            if trimmed.isEmpty { return true }
            guard let tag = TasteTag(rawValue: trimmed) else { return false }
            fields.tasteTag = tag
        case .note: fields.note = text
        case .bean: fields.bean = text
        case .roaster: fields.roaster = text
        case .mill: fields.mill = text
        case .grinderSetting: fields.grinderSetting = text
        case .source: fields.source = text
        case .sourceId: fields.sourceId = text
        case .beanId: fields.beanId = text
        case .doseGrams, .targetYieldGrams, .waterTemperatureCelsius, .rating, .brewTimeSeconds, .bloomSeconds, .tds,
             .extractionYieldPercent, .fromRecipe, .beverageGrams, .brix:
            return false
        }
        return true
    }

    /// `fromRecipe` as an array of strings, each trimmed (`FieldReader.texts`).
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
        return FieldBounds.textProblem(text, key: field.rawValue, path: field.rawValue) == nil
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
