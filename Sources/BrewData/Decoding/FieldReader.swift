import BrewKit
import Foundation

/// Reads the typed fields of one record (a JSON object or a CSV row), collecting a
/// diagnostic for every field that is missing, of the wrong type or out of its set,
/// and warning about fields nobody reads ("did you mean `defaultDose`?").
struct FieldReader {
    /// The record's fields in file order. A record has a dozen or so: looking one up by
    /// comparing names costs less than hashing them into a dictionary for every record.
    private let members: [RawMember]
    /// Longer than any field name: keys beyond it are never looked up, hashed or located.
    static let maximumKnownKeyBytes = 128

    /// Prefix of field paths in this record: `""` or `steps[2].`.
    let pathPrefix: String
    let recordLocation: SourceLocation
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var failed = false

    /// Where each field of the record is, by its path.
    var fieldLocations: [String: SourceLocation] {
        var locations: [String: SourceLocation] = [:]
        locations.reserveCapacity(members.count)
        addFieldLocations(to: &locations)
        return locations
    }

    /// `fieldLocations` put into `locations` (replacing what is there under the same path),
    /// without a dictionary of their own: a session's entries go straight into the session's.
    func addFieldLocations(to locations: inout [String: SourceLocation]) {
        for member in members where member.key.utf8.count <= Self.maximumKnownKeyBytes {
            let path = pathPrefix + member.key
            locations[path] = member.node.location.naming(path)
        }
    }

    /// Where the record and each of its fields are: `fieldLocations`, kept as a list when every
    /// field is in the record's file with a line and column that fit (it always is for a record
    /// read from JSON or CSV), so that no dictionary is made for a record without a finding.
    var sourceMap: SourceMap {
        guard pathPrefix.isEmpty else { return SourceMap(record: recordLocation, fields: fieldLocations) }
        var listed: [SourceMap.ListedField] = []
        listed.reserveCapacity(members.count)
        for member in members where member.key.utf8.count <= Self.maximumKnownKeyBytes {
            let location = member.node.location
            guard location.file == recordLocation.file, let line = Int32(exactly: location.line), line > 0,
                  let column = Int32(exactly: location.column ?? 0), column >= 0, location.column != 0 else {
                return SourceMap(record: recordLocation, fields: fieldLocations)
            }
            listed.append(SourceMap.ListedField(key: member.key, line: line, column: column))
        }
        return SourceMap(record: recordLocation, listed: listed)
    }

    init(_ node: RawNode, pathPrefix: String = "") {
        var members: [RawMember] = []
        var duplicates: [Diagnostic] = []
        if case .object(let list) = node.value {
            members = list
            // Pairwise for a record of usual size; hashed for a long one.
            var seen = Set<String>()
            for (index, member) in list.enumerated() {
                let repeated = list.count <= 32
                    ? list[..<index].contains { $0.key == member.key }
                    : !seen.insert(member.key).inserted
                if repeated {
                    duplicates.append(.error("the field \"\(pathPrefix)\(ShownText.escaped(member.key))\" appears twice in this record", at: member.node.location))
                }
            }
        }
        self.members = members
        self.pathPrefix = pathPrefix
        self.recordLocation = node.location
        self.diagnostics = duplicates
    }

    /// The field named `key`; the last one when a record has it twice (an error already said so).
    private func member(_ key: String) -> RawMember? {
        // Lengths first: most names differ in length, and comparing those is cheaper than the texts.
        let length = key.utf8.count
        return members.last { $0.key.utf8.count == length && $0.key == key }
    }

    func has(_ key: String) -> Bool { node(key) != nil }

    /// The node of a field; an empty CSV cell and a JSON null count as absent.
    func node(_ key: String) -> RawNode? {
        guard let node = member(key)?.node else { return nil }
        switch node.value {
        case .null: return nil
        case .text(let text) where text.trimmingSpaces.isEmpty: return nil
        default: return node
        }
    }

    /// Marks the record as unusable because a part of it (a step) failed and said why.
    mutating func markFailed() { failed = true }

    mutating func error(_ message: String, at key: String) {
        failed = true
        let location = member(key)?.node.location.naming(pathPrefix + key) ?? recordLocation.naming(pathPrefix + key)
        diagnostics.append(.error(message, at: location))
    }

    private mutating func missing(_ key: String, _ what: @autoclosure () -> String) {
        error("missing required field \"\(pathPrefix)\(key)\" (\(what()))", at: key)
    }

    private mutating func wrongType(_ key: String, expected: String, found node: RawNode) {
        error("\(pathPrefix)\(key): expected \(expected), found \(node.summary)", at: key)
    }

    // MARK: Typed fields

    /// - Parameter maximumCharacters: the field's own bound, for the long texts of a record (a
    ///   recipe's caption and steps); else `FieldBounds.characters(key)`.
    mutating func string(_ key: String, required: Bool = false, what: @autoclosure () -> String = "text", maximumCharacters: Int? = nil) -> String? {
        guard let node = member(key)?.node else {
            if required { missing(key, what()) }
            return nil
        }
        switch node.value {
        case .string(let text), .text(let text):
            if let problem = FieldBounds.textProblem(text, key: key, path: pathPrefix + key, limit: maximumCharacters) {
                error(problem, at: key)
                return nil
            }
            return text
        case .null:
            if required { missing(key, what()) }
            return nil
        case .number(let number) where key == "id" || key.hasSuffix("Id"):
            return Format.number(number, decimals: 0)
        default:
            wrongType(key, expected: what(), found: node)
            return nil
        }
    }

    mutating func double(_ key: String, required: Bool = false, what: String = "a number") -> Double? {
        guard let node = node(key) else {
            if required { missing(key, what) }
            return nil
        }
        switch node.value {
        case .number(let number):
            return bounded(number, key)
        case .text(let text):
            if let number = Double(text.trimmingSpaces), number.isFinite { return bounded(number, key) }
            wrongType(key, expected: what, found: node)
            return nil
        default:
            wrongType(key, expected: what, found: node)
            return nil
        }
    }

    /// The number when it is within the bound of its field (`FieldBounds`), else nil and an error.
    private mutating func bounded(_ number: Double, _ key: String) -> Double? {
        if let problem = FieldBounds.numberProblem(number, key: key, path: pathPrefix + key) {
            error(problem, at: key)
            return nil
        }
        return number
    }

    mutating func int(_ key: String, required: Bool = false, what: String = "a whole number") -> Int? {
        let location = member(key)?.node
        guard let number = double(key, required: required, what: what) else { return nil }
        guard number == number.rounded(), abs(number) < 1e15 else {
            if let location { wrongType(key, expected: what, found: location) }
            return nil
        }
        return Int(number)
    }

    mutating func bool(_ key: String, required: Bool = false) -> Bool? {
        guard let node = node(key) else {
            if required { missing(key, "true or false") }
            return nil
        }
        switch node.value {
        case .bool(let flag):
            return flag
        case .text(let text):
            switch text.trimmingSpaces.lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: break
            }
        default:
            break
        }
        wrongType(key, expected: "true or false", found: node)
        return nil
    }

    mutating func date(_ key: String, required: Bool = false) -> Date? {
        guard let text = string(key, required: required, what: "an ISO 8601 date-time such as 2026-03-14T07:42:00Z") else { return nil }
        if let date = ISO8601.date(from: text.trimmingSpaces) { return date }
        error("\(pathPrefix)\(key): expected an ISO 8601 date-time such as 2026-03-14T07:42:00Z, found \"\(ShownText.escaped(text))\"", at: key)
        return nil
    }

    /// A date with the UTC offset written with it.
    mutating func dateAndOffset(_ key: String, required: Bool = false) -> (date: Date, offsetSeconds: Int)? {
        guard let text = string(key, required: required, what: "an ISO 8601 date-time such as 2026-03-14T07:42:00Z") else { return nil }
        if let parsed = ISO8601.dateAndOffset(from: text.trimmingSpaces) { return parsed }
        error("\(pathPrefix)\(key): expected an ISO 8601 date-time such as 2026-03-14T07:42:00Z, found \"\(text)\"", at: key)
        return nil
    }

    mutating func enumeration<E: RawRepresentable & CaseIterable>(_ type: E.Type, _ key: String, required: Bool = false) -> E? where E.RawValue == String {
        func what() -> String { "one of " + E.allCases.map(\.rawValue).joined(separator: ", ") }
        guard let raw = string(key, required: required, what: what()) else { return nil }
        let trimmed = raw.trimmingSpaces
        if trimmed.isEmpty {
            if required { missing(key, what()) }
            return nil
        }
        if let value = E(rawValue: trimmed) { return value }
        var message = "\(pathPrefix)\(key): unknown value \"\(ShownText.escaped(trimmed))\"; expected \(what())"
        if let near = Suggestion.closest(to: trimmed, in: E.allCases.map(\.rawValue)) { message += " (did you mean \"\(near)\"?)" }
        error(message, at: key)
        return nil
    }

    /// A list of numbers: a JSON array, or a CSV cell with values separated by `;`.
    mutating func doubles(_ key: String) -> [Double] {
        guard let node = node(key) else { return [] }
        var values: [Double] = []
        switch node.value {
        case .array(let elements):
            for element in elements {
                guard case .number(let number) = element.value else {
                    wrongType(key, expected: "an array of numbers", found: element)
                    return []
                }
                guard let number = bounded(number, key) else { return [] }
                values.append(number)
            }
        case .text(let text):
            for part in text.split(separator: ";") {
                guard let number = Double(String(part).trimmingSpaces), number.isFinite else {
                    error("\(pathPrefix)\(key): expected numbers separated by ';', found \"\(ShownText.escaped(text))\"", at: key)
                    return []
                }
                guard let number = bounded(number, key) else { return [] }
                values.append(number)
            }
        case .number(let number):
            values = bounded(number, key).map { [$0] } ?? []
        default:
            wrongType(key, expected: "an array of numbers", found: node)
        }
        if values.count > FieldBounds.listValues {
            error("\(pathPrefix)\(key) must hold at most \(FieldBounds.listValues) numbers, found \(values.count)", at: key)
            return []
        }
        return values
    }

    /// A list of texts: a JSON array of strings, or a CSV cell with values separated by `;`.
    mutating func texts(_ key: String, what: String = "an array of texts") -> [String] {
        guard let node = node(key) else { return [] }
        switch node.value {
        case .array(let elements):
            var values: [String] = []
            for element in elements {
                guard case .string(let text) = element.value else {
                    wrongType(key, expected: what, found: element)
                    return []
                }
                values.append(text.trimmingSpaces)
            }
            return values
        case .text(let text), .string(let text):
            return text.split(separator: ";").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
        default:
            wrongType(key, expected: what, found: node)
            return []
        }
    }

    /// Warns about every field not in `known`, suggesting the closest known name.
    mutating func warnAboutUnknownFields(known: Set<String>, ignoring ignored: Set<String> = []) {
        // A key longer than any field name is unknown without hashing it (a 5 MB key of combining
        // marks takes seconds to hash, since hashing a String normalises it).
        for member in members where member.key.utf8.count > Self.maximumKnownKeyBytes || (!known.contains(member.key) && !ignored.contains(member.key)) {
            var message = "unknown field \"\(pathPrefix)\(ShownText.escaped(member.key))\" is ignored"
            if let near = Suggestion.closest(to: member.key, in: known) { message += "; did you mean \"\(near)\"?" }
            diagnostics.append(.warning(message, at: member.node.location.naming(pathPrefix + member.key)))
        }
    }
}
