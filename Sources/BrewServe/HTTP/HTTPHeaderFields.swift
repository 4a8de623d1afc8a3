/// Header fields in the order they came or will be sent; names compare without regard to
/// ASCII case, as HTTP's do.
struct HTTPHeaderFields: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    struct Field: Sendable, Equatable {
        var name: String
        var value: String
    }

    private(set) var fields: [Field] = []

    init() {}

    init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    var count: Int { fields.count }

    func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value of the field `name`, or nil. Setting replaces every field of that name
    /// (nil removes them).
    subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            let index = fields.firstIndex { Self.sameName($0.name, name) }
            fields.removeAll { Self.sameName($0.name, name) }
            guard let newValue else { return }
            fields.insert(Field(name: name, value: newValue), at: Swift.min(index ?? fields.count, fields.count))
        }
    }

    /// Every value of the field `name`, in order.
    func values(named name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    mutating func append(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    private static func sameName(_ first: String, _ second: String) -> Bool {
        first.utf8.count == second.utf8.count && first.lowercased() == second.lowercased()
    }
}
