/// A page's values held by place in a list of names fixed in advance, instead of in a dictionary:
/// for the pages the site makes by the thousand (a log's page), whose every value is a text or a
/// flag. Setting a value is an array store, and `TemplateShapes` fills such a page in by place:
/// no name is hashed and no value cast, page after page. The template still sees the same values
/// by name (`dictionary`): a template shape is learned from them, and any template a shape cannot
/// take is rendered from them in full.
struct PageSlots {
    /// The names, in slot order: one per case of a `Name` enum, made once per kind of page.
    final class Schema: Sendable {
        let names: [String]
        let slotByName: [String: Int]
        /// The slots of the two values the renderer gives every page, when the schema has them.
        let rootSlot: Int?
        let siteTitleSlot: Int?

        init<Name: CaseIterable & RawRepresentable>(_: Name.Type) where Name.RawValue == Int {
            var names = [String](repeating: "", count: Name.allCases.count)
            for name in Name.allCases { names[name.rawValue] = String(describing: name) }
            precondition(names.count <= 64, "a slot signature holds at most 64 slots")
            self.names = names
            self.slotByName = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
            self.rootSlot = slotByName["root"]
            self.siteTitleSlot = slotByName["siteTitle"]
        }
    }

    enum Value {
        case absent, text(String), flag(Bool)
    }

    let schema: Schema
    private(set) var values: [Value]

    init(_ schema: Schema) {
        self.schema = schema
        self.values = [Value](repeating: .absent, count: schema.names.count)
    }

    subscript(slot: Int) -> Value {
        get { values[slot] }
        set { values[slot] = newValue }
    }

    /// Sets a value by its name; false when the schema has no such name.
    @discardableResult
    mutating func set(_ value: Value, named name: String) -> Bool {
        guard let slot = schema.slotByName[name] else { return false }
        values[slot] = value
        return true
    }

    /// Gives the page its `root` and `siteTitle`; false when the schema has no slot for either.
    mutating func setRoot(_ root: String, siteTitle: String) -> Bool {
        guard let rootSlot = schema.rootSlot, let siteTitleSlot = schema.siteTitleSlot else { return false }
        values[rootSlot] = .text(root)
        values[siteTitleSlot] = .text(siteTitle)
        return true
    }

    /// The values a template reads, by name; absent ones left out.
    var dictionary: [String: Any] {
        var dictionary: [String: Any] = Dictionary(minimumCapacity: values.count)
        for (slot, value) in values.enumerated() {
            switch value {
            case .absent: break
            case .text(let text): dictionary[schema.names[slot]] = text
            case .flag(let flag): dictionary[schema.names[slot]] = flag
            }
        }
        return dictionary
    }

    /// Which slots hold a text, which `true` and which `false`: with the schema and the template,
    /// everything a page's shape depends on (`TemplateShapes`).
    var signature: Signature {
        var signature = Signature(texts: 0, trues: 0, falses: 0)
        for (slot, value) in values.enumerated() {
            switch value {
            case .absent: break
            case .text: signature.texts |= 1 << UInt64(slot)
            case .flag(true): signature.trues |= 1 << UInt64(slot)
            case .flag(false): signature.falses |= 1 << UInt64(slot)
            }
        }
        return signature
    }

    struct Signature: Hashable {
        var texts: UInt64
        var trues: UInt64
        var falses: UInt64
    }

    /// The text in a slot; empty for a flag or no value, as Mustache shows them in a text's place.
    func text(_ slot: Int) -> String {
        if case .text(let text) = values[slot] { return text }
        return ""
    }
}
