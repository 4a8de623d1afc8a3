/// Amounts read by `AmountGrammar.parse` once per distinct text: a kitchen's ingredients repeat
/// their amounts ("1 tsp", "2 tbsp", "to taste", "500 g"), and reading one takes the grammar
/// several microseconds (a quarter of decoding a 1,000-recipe kitchen) where looking it up takes
/// a tenth of one. The grammar is a function of the text alone, so a remembered amount is the
/// amount read again. A value: each run of recipes decoded on one thread has its own.
public struct KitchenAmountMemo: Sendable {
    private var known: [String: KitchenAmount] = [:]

    public init() {}

    /// `AmountGrammar.parse(text)`, read the first time this text is asked for.
    public mutating func parse(_ text: String) -> KitchenAmount {
        if let amount = known[text] { return amount }
        let amount = AmountGrammar.parse(text)
        known[text] = amount
        return amount
    }

    /// How many distinct texts were read.
    public var count: Int { known.count }
}
