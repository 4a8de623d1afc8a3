import Foundation

/// Merges ingredient lines into a shopping list (issue 15, `kitchen shopping`).
///
/// Rules:
/// - Two parts are the same ingredient when their names match ignoring case, surrounding and
///   repeated spaces, a plural s ("Onions" = "onion"; a name ending in "ss" keeps its s) and a
///   size word before them ("large egg" = "eggs").
/// - A bare count's name agrees with the number to buy: "1 egg", "4 lemons".
/// - They merge when their amounts are in the same or a convertible unit: masses with masses
///   (g, kg, oz, lb), volumes with volumes (ml, l, tsp, tbsp, fl oz, cup), a counted word with
///   the same word ("2 cloves + 1 clove"), a bare count with a bare count. "1 can" and "200 g"
///   stay two lines; so do a mass and a volume (no volume↔weight guesses).
/// - Each amount is scaled by its part's factor first. A range adds its ends ("2–3 + 1" is
///   "3–4"). Quantities add exactly, in grams or millilitres; only the shown `amount` rounds.
/// - An amount that cannot be read (or "to taste", "a pinch") is a line of its own, shown as
///   written. Parts with no amount at all merge into one line with no amount.
/// - Counted things (a bare count, or a counted word other than a pinch, dash …) are bought
///   whole: the shown amount rounds each end up and the exact need is said beside it
///   ("1 large egg (⅛ needed)"); the line's `quantity` stays the exact need.
/// - Lines keep the order in which each ingredient first appears.
public enum ShoppingListMerger {
    public static func merge(_ parts: [ShoppingLine.Part], reading read: ShoppingAmount.Reader) -> [ShoppingLine] {
        struct Group {
            var key: String
            var dimension: ShoppingUnit.Dimension?
            var amounts: [ShoppingAmount]
            var parts: [ShoppingLine.Part]
            var verbatim: String?
        }
        var groups: [Group] = []
        var index: [String: Int] = [:]
        for part in parts {
            let key = nameKey(part.name)
            let text = part.amountText.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty {
                let slot = key + "\u{1}none"
                if let found = index[slot] { groups[found].parts.append(part) } else {
                    index[slot] = groups.count
                    groups.append(Group(key: key, dimension: nil, amounts: [], parts: [part]))
                }
                continue
            }
            // A stored item's exact need stands for its amount scaled (`Part.scaledAmount`).
            guard let scaled = part.scaledAmount(reading: read) else {
                groups.append(Group(key: key, dimension: nil, amounts: [], parts: [part], verbatim: text))
                continue
            }
            let dimension = ShoppingUnit.dimension(of: scaled.unit)
            let slot = key + "\u{1}" + String(describing: dimension)
            if let found = index[slot] {
                groups[found].amounts.append(scaled)
                groups[found].parts.append(part)
            } else {
                index[slot] = groups.count
                groups.append(Group(key: key, dimension: dimension, amounts: [scaled], parts: [part]))
            }
        }
        return groups.map { group in
            // A name without a size word when parts differ in it ("eggs" over "large egg").
            let written = group.parts.map { $0.name.trimmingCharacters(in: .whitespacesAndNewlines) }
            var name = written.first { !sizeWords.contains($0.lowercased().split(separator: " ").first.map(String.init) ?? "") } ?? written[0]
            if let verbatim = group.verbatim {
                return ShoppingLine(name: name, amount: verbatim, quantity: nil, quantityMax: nil, unit: nil, parts: group.parts)
            }
            guard !group.amounts.isEmpty else {
                return ShoppingLine(name: name, amount: "", quantity: nil, quantityMax: nil, unit: nil, parts: group.parts)
            }
            let total = totalInBase(group.amounts)
            let units = group.amounts.map(\.unit)
            let unit = ShoppingUnit.displayUnit(for: units, totalBase: total.max ?? total.min)
            let size = ShoppingUnit.baseSize(of: unit)
            let quantity = total.min / size
            let quantityMax = total.max.map { $0 / size }
            // Counted things are bought whole: "1 large egg (⅛ needed)".
            let whole = ShoppingAmountFormat.wholeToBuy(quantity: quantity, quantityMax: quantityMax, unit: unit)
            // A bare count agrees with its name: "4 lemons", "1 egg", "1 garlic clove" (never
            // "4 lemon", "1 eggs"), by the number shown to buy.
            if unit == nil {
                let shownCount = whole.map { $0.quantityMax ?? $0.quantity } ?? (quantityMax ?? quantity)
                let names = group.parts.map { $0.name.trimmingCharacters(in: .whitespacesAndNewlines) }
                name = Self.countedName(name, count: shownCount, alsoWritten: names)
            }
            let shown = whole ?? (quantity, quantityMax)
            var line = ShoppingLine(name: name, amount: ShoppingAmountFormat.text(quantity: shown.quantity, quantityMax: shown.quantityMax, unit: unit),
                                    quantity: quantity, quantityMax: quantityMax, unit: unit, parts: group.parts)
            if whole != nil { line.needed = ShoppingAmountFormat.neededText(quantity: quantity, quantityMax: quantityMax) }
            return line
        }
    }

    /// The sum of `amounts` in the base unit of their dimension: the low ends, and the high ends
    /// when any amount is a range (an amount without a range counts its quantity at both ends).
    public static func totalInBase(_ amounts: [ShoppingAmount]) -> (min: Double, max: Double?) {
        var low = 0.0, high = 0.0, isRange = false
        for amount in amounts {
            let size = ShoppingUnit.baseSize(of: amount.unit)
            low += amount.quantity * size
            high += (amount.quantityMax ?? amount.quantity) * size
            if amount.quantityMax != nil { isRange = true }
        }
        return (low, isRange ? high : nil)
    }

    /// Words of size that do not make another ingredient: "1 large egg" and "2 eggs" are one
    /// line (kept apart, the list said "1 eggs" and "1 large egg" and over-bought).
    static let sizeWords: Set<String> = ["large", "medium", "small", "big", "extra-large", "jumbo"]

    /// The key two names share when they name one ingredient.
    public static func nameKey(_ name: String) -> String {
        var split = name.lowercased().split(whereSeparator: { $0.isWhitespace }).map(String.init)
        while split.count > 1, sizeWords.contains(split[0]) { split.removeFirst() }
        var words = split.joined(separator: " ")
        if words.count > 2, words.hasSuffix("s"), !words.hasSuffix("ss") { words.removeLast() }
        return words
    }

    /// `name` with its last word in the number of `count`: plural above 1 (a plural some part
    /// wrote, from `alsoWritten`, first), else singular. A last word that is not a plain word, or
    /// ends as "hummus" or "couscous" do, is kept as written.
    static func countedName(_ name: String, count: Double, alsoWritten: [String]) -> String {
        let space = name.lastIndex(where: { $0.isWhitespace }).map { name.index(after: $0) } ?? name.startIndex
        let head = name[..<space], last = String(name[space...])
        guard !last.isEmpty, last.allSatisfy({ $0.isLetter }), last == last.lowercased() else { return name }
        let keepsItsS = last.hasSuffix("ss") || last.hasSuffix("us") || last.hasSuffix("is")
        if count > 1 {
            if let written = alsoWritten.first(where: { nameKey($0) == nameKey(name) && $0.lowercased().hasSuffix("s") && !$0.lowercased().hasSuffix("ss") }),
               let writtenLast = written.split(whereSeparator: { $0.isWhitespace }).last {
                return head + String(writtenLast)
            }
            if keepsItsS || (last.hasSuffix("s") && AmountGrammar.singular(of: last) != last) { return name }
            return head + (last.hasSuffix("to") ? last + "es" : AmountGrammar.plural(of: last))
        }
        guard !keepsItsS, last.hasSuffix("s") else { return name }
        return head + AmountGrammar.singular(of: last)
    }
}
