import BrewKit

/// A value read from a JSON or CSV file with the place it stands.
/// JSON gives typed values; a CSV cell is `.text`, read as whatever its field expects.
public struct RawNode: Sendable {
    public enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        /// A CSV cell: untyped text.
        case text(String)
        case array([RawNode])
        case object([RawMember])
    }

    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    /// How a value is named in messages: `string "abc"`, `number 9`, `an array`.
    public var summary: String {
        switch value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number(let number): "number \(Format.number(number, decimals: 6))"
        case .string(let text): "string \"\(text.prefix(40))\""
        case .text(let text): "\"\(text.prefix(40))\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A key of an object with its value.
public struct RawMember: Sendable {
    public var key: String
    public var node: RawNode

    public init(key: String, node: RawNode) {
        self.key = key
        self.node = node
    }
}
