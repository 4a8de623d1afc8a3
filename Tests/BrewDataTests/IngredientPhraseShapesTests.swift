@testable import BrewClip
import BrewKit
import Foundation
import Testing

/// More of English ingredient-line grammar, each line written for this test (none taken from a
/// labelled corpus): a part counted after what it is part of ("4 celery stalks"), a measure with
/// no number opening the line ("small handful of mint"), what an ingredient is for ("oil for
/// frying"), preparation after the name with no comma, "freshly ground" inside a name, a container
/// after a measure, a second measure after a slash, "plus" amounts, "up to", a size word in
/// parentheses and "medium sized".
@Suite struct IngredientPhraseShapesTests {
    static func split(_ line: String) -> [String] {
        let split = KitchenClipWriter.split(line)
        return [split.amount, split.name, split.notes ?? ""]
    }

    @Test(arguments: [
        ("4 celery stalks, sliced", ["4 stalks", "celery", "sliced"]),
        ("2 fennel bulbs", ["2 bulbs", "fennel", ""]),
        ("3 thyme sprigs", ["3 sprigs", "thyme", ""]),
        ("1 large garlic clove, crushed", ["1 clove", "garlic", "large, crushed"]),
        // A word that names the thing itself, or is no part of the words before, stays in the name.
        ("2 cinnamon sticks", ["2", "cinnamon sticks", ""]),
        ("8 whole cloves", ["8", "whole cloves", ""]),
    ])
    func aPartCountedAfterTheNameIsTheUnit(line: String, expected: [String]) {
        #expect(Self.split(line) == expected)
    }

    @Test func gramsWrittenGmOrGmsAreGrams() {
        // "gms", "gm", "grms": how many cooks abbreviate grams; before, "gms" was the thing to buy.
        #expect(Self.split("100 gm salted butter") == ["100 gm", "salted butter", ""])
        #expect(Self.split("140 gms flour") == ["140 gms", "flour", ""])
        #expect(Self.split("250 grms plain yoghurt, cold") == ["250 grms", "plain yoghurt", "cold"])
        #expect(AmountGrammar.parse("200 gms").quantity?.unit == .measure(.gram))
        #expect(AmountGrammar.parse("200 gms").quantity?.amount == 200)
    }

    /// The whole rest of the line in parentheses, opening with a second measure of the same
    /// thing: the thing to buy is inside, after that measure ("of" dropped), and the measure is a
    /// note. Before, the name was the bracketed whole, "(1 cup of white sugar)".
    @Test func aSecondMeasureInParenthesesHoldingTheName() {
        #expect(Self.split("200 gms (1 cup of white sugar)") == ["200 gms", "white sugar", "1 cup"])
        #expect(Self.split("120 g (1 cup) rolled oats") == ["120 g (1 cup)", "rolled oats", ""])
        #expect(Self.split("30 ml (2 tbsp olive oil)") == ["30 ml", "olive oil", "2 tbsp"])
        // Only a measure: nothing inside names the thing, so the line is left as it was read.
        #expect(Self.split("1 cup (240 ml)") == ["1 cup (240 ml)", "1 cup (240 ml)", ""])
        // Words that are no measure stay as they were.
        #expect(Self.split("2 eggs (optional)") == ["2", "eggs", "(optional)"])
    }

    @Test func aMeasureWithNoNumberOpensTheLine() {
        #expect(Self.split("small handful of mint leaves") == ["small handful", "mint leaves", ""])
        #expect(Self.split("sprig rosemary") == ["sprig", "rosemary", ""])
        #expect(Self.split("a little milk") == ["a little", "milk", ""])
        guard case .unmeasured = AmountGrammar.parse("small handful") else {
            Issue.record("a measure with no number is read, never scaled")
            return
        }
        // A measure word with no name after it is left as the line's name.
        #expect(AmountGrammar.splitLine("bunches").amount == "")
    }

    @Test func whatAnIngredientIsForIsANote() {
        #expect(Self.split("2 tbsp sunflower oil for frying") == ["2 tbsp", "sunflower oil", "for frying"])
        #expect(Self.split("icing sugar for dusting") == ["", "icing sugar", "for dusting"])
        #expect(Self.split("1 egg yolk to glaze") == ["1", "egg yolk", "to glaze"])
        #expect(Self.split("chopped chives to garnish") == ["", "chives", "chopped, to garnish"])
        // "for" without a purpose stays: "flour for bread" is the flour bought.
        #expect(Self.split("500 g flour for bread").map { $0 } == ["500 g", "flour for bread", ""])
    }

    @Test func preparationAfterTheNameWithNoComma() {
        #expect(Self.split("1 red onion thinly sliced") == ["1", "red onion", "thinly sliced"])
        #expect(Self.split("2 pears peeled, cored and quartered") == ["2", "pears", "peeled, cored and quartered"])
        #expect(Self.split("1 lemon cut into wedges") == ["1", "lemon", "cut into wedges"])
        // A participle followed by more name is part of what is bought.
        #expect(Self.split("300 g frozen chopped spinach") == ["300 g", "frozen chopped spinach", ""])
        #expect(Self.split("1 lb crinkle cut chips") == ["1 lb", "crinkle cut chips", ""])
        #expect(Self.split("200 g feta packed in oil")[1] == "feta packed in oil")
        #expect(Self.split("500 g pork belly, cut into cubes") == ["500 g", "pork belly", "cut into cubes"])
    }

    @Test func anAdverbAndItsGrindingWordArePreparation() {
        #expect(Self.split("salt and freshly ground black pepper") == ["", "salt and black pepper", "freshly ground"])
        #expect(Self.split("1 tsp coarsely ground cumin") == ["1 tsp", "cumin", "coarsely ground"])
        #expect(Self.split("100 g ground almonds") == ["100 g", "ground almonds", ""])
    }

    @Test func aContainerAfterAMeasureIsANote() {
        #expect(Self.split("400 g tin chopped tomatoes") == ["400 g", "chopped tomatoes", "tin"])
        #expect(Self.split("375 g pack of ready-rolled puff pastry") == ["375 g", "ready-rolled puff pastry", "pack"])
        #expect(Self.split("1 tin chopped tomatoes") == ["1 tin", "chopped tomatoes", ""])
        #expect(Self.split("3cm/1in piece of ginger, grated") == ["3cm", "ginger", "1in, piece, grated"])
    }

    @Test func moreThanOneMeasureInOneAmount() {
        #expect(Self.split("600ml/1 pint 2fl oz chicken stock") == ["600ml", "chicken stock", "1 pint 2fl oz"])
        #expect(Self.split("1 cup plus 2 tbsp plain flour") == ["1 cup", "plain flour", "plus 2 tbsp"])
        #expect(Self.split("Up to 100 ml milk") == ["100 ml", "milk", "up to"])
        #expect(Self.split("~6 black peppercorns") == ["6", "black peppercorns", "~"])
    }

    @Test func sizeWordsInParenthesesAndSized() {
        #expect(Self.split("2 tsp (heaped) cocoa powder") == ["2 tsp", "cocoa powder", "heaped"])
        #expect(Self.split("3 medium sized carrots") == ["3", "carrots", "medium"])
    }
}
