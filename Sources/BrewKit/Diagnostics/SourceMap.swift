/// The locations of a record and of each of its fields, keyed by field path
/// (`rating`, `steps[2].waterAmountGrams`). Kept beside a value, never inside it,
/// so that two records with the same content compare equal wherever they were read.
public struct SourceMap: Hashable, Sendable {
    public var record: SourceLocation
    public var fields: [String: SourceLocation]

    public init(record: SourceLocation, fields: [String: SourceLocation] = [:]) {
        self.record = record
        self.fields = fields
    }

    /// The location of a field, or of the record naming the field when the field was absent.
    public func location(of path: String) -> SourceLocation {
        if let found = fields[path] { return found }
        // A step's field falls back to the step, then to the record.
        if let dot = path.lastIndex(of: "."), let parent = fields[String(path[..<dot])] {
            return parent.naming(path)
        }
        return record.naming(path)
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
