import BrewKit
import Foundation
import PropertyBased
import Testing

/// A small amount reader for these tests: "200 g", "0.5 kg", "2-3 cloves", "1 can", "3".
/// (The kitchen's grammar reads many more forms; the merge does not depend on which.)
let testAmountReader: ShoppingAmount.Reader = { text in
    let words = text.split(separator: " ").map(String.init)
    guard let first = words.first else { return nil }
    let ends = first.split(separator: "-").compactMap { Double($0) }
    guard !ends.isEmpty, ends.count == first.split(separator: "-").count else { return nil }
    var unit = words.dropFirst().joined(separator: " ")
    if unit.hasSuffix("s"), unit.count > 2 { unit.removeLast() }
    return ShoppingAmount(quantity: ends[0], quantityMax: ends.count > 1 ? ends[1] : nil, unit: unit.isEmpty ? nil : unit)
}

@Suite struct ShoppingListMergerTests {
    func merge(_ parts: [ShoppingLine.Part]) -> [ShoppingLine] {
        ShoppingListMerger.merge(parts, reading: testAmountReader)
    }

    @Test func gramsAndKilogramsOfOneIngredientMerge() {
        let lines = merge([
            .init(recipeID: "a", name: "onion", amountText: "200 g"),
            .init(recipeID: "b", name: "Onions", amountText: "0.5 kg"),
        ])
        #expect(lines.map(\.text) == ["700 g onion"])
        #expect(lines[0].recipeIDs == ["a", "b"])
        #expect(lines[0].quantity == 700)
        #expect(lines[0].unit == "g")
    }

    /// From 16 oz a line shows pounds and ounces, as the recipe it came from shows them.
    @Test func ouncesFromAPoundShowAsPoundsAndOunces() {
        let lines = merge([
            .init(recipeID: "a", name: "chicken thighs", amountText: "10 oz"),
            .init(recipeID: "b", name: "chicken thighs", amountText: "8 oz"),
        ])
        #expect(lines.map(\.text) == ["1 lb 2 oz chicken thighs"])
        #expect(lines[0].quantity == 18)
        #expect(ShoppingAmountFormat.text(quantity: 15.75, quantityMax: nil, unit: "oz") == "15¾ oz")
        #expect(ShoppingAmountFormat.text(quantity: 12, quantityMax: 20, unit: "oz") == "12 oz–1 lb 4 oz")
    }

    @Test func countedWordsMergeAndTakeAPlural() {
        let lines = merge([
            .init(recipeID: "a", name: "garlic", amountText: "2 cloves"),
            .init(recipeID: "b", name: "Garlic", amountText: "1 clove"),
        ])
        #expect(lines.map(\.text) == ["3 cloves garlic"])
    }

    @Test func differentDimensionsStayApart() {
        let lines = merge([
            .init(recipeID: "a", name: "tomatoes", amountText: "1 can"),
            .init(recipeID: "b", name: "tomato", amountText: "200 g"),
            .init(recipeID: "c", name: "milk", amountText: "100 ml"),
            .init(recipeID: "c", name: "milk", amountText: "100 g"),
        ])
        #expect(lines.map(\.text) == ["1 can tomatoes", "200 g tomato", "100 ml milk", "100 g milk"])
    }

    @Test func factorsScaleAndRangesAddTheirEnds() {
        let lines = merge([
            .init(recipeID: "a", name: "chilli", amountText: "2-3", factor: 2),
            .init(recipeID: "b", name: "chillis", amountText: "1"),
        ])
        #expect(lines.map(\.text) == ["5–7 chillis"])
        #expect(lines[0].quantity == 5)
        #expect(lines[0].quantityMax == 7)
    }

    @Test func unreadableAmountsAreListedAsWrittenAndNoAmountsMerge() {
        let lines = merge([
            .init(recipeID: "a", name: "salt", amountText: "to taste"),
            .init(recipeID: "b", name: "salt", amountText: "a pinch"),
            .init(recipeID: "a", name: "parsley", amountText: ""),
            .init(recipeID: "b", name: "Parsley", amountText: " "),
        ])
        #expect(lines.map(\.text) == ["salt, to taste", "salt, a pinch", "parsley"])
        #expect(lines[2].recipeIDs == ["a", "b"])
        #expect(lines[0].quantity == nil)
    }

    @Test func mixedImperialVolumesShowInTheLargestUnitUsed() {
        let lines = merge([
            .init(name: "oil", amountText: "1 tbsp"),
            .init(name: "oil", amountText: "3 tsp"),
        ])
        // 3 tsp = 1 tbsp exactly.
        #expect(lines.map(\.text) == ["2 tbsp oil"])
    }

    @Test func namesMatchIgnoringCaseSpacesAndPluralS() {
        #expect(ShoppingListMerger.nameKey("  Red   Onions ") == "red onion")
        #expect(ShoppingListMerger.nameKey("Swiss") == "swiss")
        #expect(ShoppingListMerger.nameKey("peas") == "pea")
    }

    // MARK: Property: a merged list holds exactly the quantities of its parts

    static let units = ["g", "kg", "oz", "lb", "ml", "l", "tsp", "tbsp", "cup", "fl oz", "clove", "can", ""]
    static let names = ["onion", "Onions", "garlic", "rice", "milk"]

    @Test func mergedQuantitiesEqualTheSumOfTheParts() async {
        let part = zip(Gen.int(in: 0..<5), Gen.int(in: 1...2000), Gen.int(in: 0..<13), Gen.int(in: 1...4))
        await propertyCheck(input: part.array(of: 0...25)) { seeds in
            let parts = seeds.map { name, amount, unit, factor in
                let unitText = Self.units[unit]
                return ShoppingLine.Part(recipeID: "r\(factor)", name: Self.names[name],
                                         amountText: "\(Double(amount) / 10)" + (unitText.isEmpty ? "" : " \(unitText)"),
                                         factor: Double(factor) / 2)
            }
            let lines = ShoppingListMerger.merge(parts, reading: testAmountReader)
            // Every part is in exactly one line.
            #expect(lines.map(\.parts.count).reduce(0, +) == parts.count)
            // Per ingredient and dimension, the line's quantity in base units is the sum of its parts'.
            for line in lines {
                let expected = line.parts.reduce(0.0) { sum, part in
                    let amount = testAmountReader(part.amountText)!.scaled(by: part.factor)
                    return sum + amount.quantity * ShoppingUnit.baseSize(of: amount.unit)
                }
                let actual = line.quantity! * ShoppingUnit.baseSize(of: line.unit)
                #expect(abs(actual - expected) <= 1e-9 * max(1, expected), "\(line.text)")
                #expect(Set(line.parts.map { ShoppingListMerger.nameKey($0.name) }).count == 1)
            }
            // No two lines share an ingredient and a dimension.
            let keys = lines.map { "\(ShoppingListMerger.nameKey($0.name))|\(ShoppingUnit.dimension(of: $0.unit))" }
            #expect(Set(keys).count == keys.count)
        }
    }
}
