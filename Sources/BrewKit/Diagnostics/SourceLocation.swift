/// Where a value came from: a file, a 1-based line, and where known a 1-based column
/// and the name of the field (a CSV column or a JSON key path such as `steps[2].kind`).
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int?
    public var field: String?

    public init(file: String, line: Int, column: Int? = nil, field: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.field = field
    }

    /// A location for a whole file, when no line is known (it could not be read, or is empty):
    /// line 0, printed as the path alone.
    public static func file(_ path: String) -> SourceLocation {
        SourceLocation(file: path, line: 0)
    }

    /// Whether this names a whole file rather than a place in it.
    public var isWholeFile: Bool { line <= 0 && column == nil }

    /// The same place, naming the field it holds.
    public func naming(_ field: String) -> SourceLocation {
        var copy = self
        copy.field = field
        return copy
    }

    /// `path:line:column`, the compiler's form. Without a column the field name stands in its
    /// place; a whole file is the path alone (never a line that is not there).
    public var description: String {
        if isWholeFile { return field.map { "\(file):\($0)" } ?? file }
        if let column { return "\(file):\(line):\(column)" }
        if let field { return "\(file):\(line):\(field)" }
        return "\(file):\(line)"
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        return (lhs.column ?? 0) < (rhs.column ?? 0)
    }
}
