/// The locations of a record and of each of its fields, keyed by field path
/// (`rating`, `steps[2].waterAmountGrams`). Kept beside a value, never inside it,
/// so that two records with the same content compare equal wherever they were read.
public struct SourceMap: Hashable, Sendable {
    /// A field of the record by the key it was read under and where its value starts in the
    /// record's file: what a brew log keeps instead of a dictionary, since a journal holds a
    /// hundred thousand logs and their locations are looked up only for a finding.
    public struct ListedField: Hashable, Sendable {
        public var key: String
        public var line: Int32
        /// 0 when the column is not known.
        public var column: Int32

        public init(key: String, line: Int32, column: Int32) {
            self.key = key
            self.line = line
            self.column = column
        }
    }

    public var record: SourceLocation
    private var named: [String: SourceLocation]
    /// When not empty, the fields (then `named` is empty), in file order: the last of a key counts.
    private var listed: [ListedField]

    public var fields: [String: SourceLocation] {
        get { listed.isEmpty ? named : materialized() }
        _modify {
            if !listed.isEmpty {
                named = materialized()
                listed = []
            }
            yield &named
        }
        set {
            named = newValue
            listed = []
        }
    }

    public init(record: SourceLocation, fields: [String: SourceLocation] = [:]) {
        self.record = record
        self.named = fields
        self.listed = []
    }

    /// The fields as listed, each in `record`'s file and named by its key.
    public init(record: SourceLocation, listed: [ListedField]) {
        self.record = record
        self.named = [:]
        self.listed = listed
    }

    /// The location of a field, or of the record naming the field when the field was absent.
    public func location(of path: String) -> SourceLocation {
        if let found = field(path) { return found }
        // A step's field falls back to the step, then to the record.
        if let dot = path.lastIndex(of: "."), let parent = field(String(path[..<dot])) {
            return parent.naming(path)
        }
        return record.naming(path)
    }

    /// `fields[path]`, found without making the dictionary.
    private func field(_ path: String) -> SourceLocation? {
        if listed.isEmpty { return named[path] }
        return listed.last { $0.key == path }.map(location)
    }

    private func location(_ field: ListedField) -> SourceLocation {
        SourceLocation(file: record.file, line: Int(field.line), column: field.column == 0 ? nil : Int(field.column), field: field.key)
    }

    private func materialized() -> [String: SourceLocation] {
        var fields: [String: SourceLocation] = [:]
        fields.reserveCapacity(listed.count)
        for field in listed { fields[field.key] = location(field) }
        return fields
    }

    public static func == (lhs: SourceMap, rhs: SourceMap) -> Bool {
        guard lhs.record == rhs.record else { return false }
        if lhs.listed == rhs.listed && lhs.named == rhs.named { return true }
        return lhs.fields == rhs.fields
    }

    /// The record's place alone: equal maps have equal records.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(record)
    }

    /// A map with no real place, for records made in code.
    public static func synthesized(_ name: String) -> SourceMap {
        SourceMap(record: SourceLocation(file: name, line: 0))
    }
}

/// A value with the place it was read from.
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var source: SourceMap

    public init(_ value: Value, source: SourceMap) {
        self.value = value
        self.source = source
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
