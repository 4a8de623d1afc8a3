import BrewKit

/// A JSON value with its object members in order: what the writers write and what
/// records are compared by. A CSV cell becomes a string.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// The value of a parse tree, without locations.
    public init(_ node: RawNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number)
        case .string(let text), .text(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(JSONValue.init))
        case .object(let members): self = .object(members.map { JSONMember($0.key, JSONValue($0.node)) })
        }
    }

    /// The member named `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The text of a string value.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The members of an object, or nil.
    public var members: [JSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// An object with `key` set to `value` (replaced in place, or appended).
    public func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard var members else { return self }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(JSONMember(key, value))
        }
        return .object(members)
    }

    /// An object without `key`.
    public func removing(_ key: String) -> JSONValue {
        guard let members else { return self }
        return .object(members.filter { $0.key != key })
    }
}

/// A key of an object with its value.
public struct JSONMember: Hashable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
