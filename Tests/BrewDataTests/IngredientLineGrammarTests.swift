@testable import BrewClip
import BrewKit
import Foundation
import Testing

/// The ingredient-line grammar on the shapes issue 50 found on sites nobody here had seen, each
/// line written for this test (none is taken from the labelled corpus): the thing to buy as the
/// head of the phrase, size words before a unit, US pints and quarts, multipliers, and units in
/// Hungarian, Portuguese, Danish and Norwegian.
@Suite struct IngredientLineGrammarTests {
    static func quantity(_ amount: String) -> (Double, String?)? {
        AmountGrammar.parse(amount).quantity.map { ($0.amount, $0.unit.symbol) }
    }

    @Test(arguments: [
        ("2 skinless, boneless chicken breast halves", "chicken breast halves", "skinless, boneless"),
        ("4 boneless, skinless chicken thighs, cut into strips", "chicken thighs", "boneless, skinless, cut into strips"),
        ("1 cup finely chopped parsley", "parsley", "finely chopped"),
        ("½ c freshly grated Parmesan, plus more to serve", "Parmesan", "freshly grated, plus more to serve"),
        ("3 tbsp packed light brown sugar", "light brown sugar", "packed"),
        ("2 cups peeled and diced potatoes", "potatoes", "peeled and diced"),
        ("200 g sliced mushrooms", "mushrooms", "sliced"),
    ])
    func theThingToBuyIsTheHeadOfThePhrase(line: String, name: String, notes: String) {
        let split = KitchenClipWriter.split(line)
        #expect(split.name == name)
        #expect(split.notes == notes)
    }

    @Test(arguments: ["1 lb ground beef", "½ cup dried apricots", "200 g smoked salmon", "1 can crushed tomatoes", "2 tbsp toasted sesame oil", "4 tbsp unsalted butter"])
    func wordsOfWhatIsBoughtStayInTheName(line: String) {
        let split = KitchenClipWriter.split(line)
        #expect(split.name.split(separator: " ").count >= 2, "\(line) → \(split.name)")
        #expect(split.notes == nil)
    }

    @Test func aSizeWordBeforeAUnitIsANote() {
        #expect(KitchenClipWriter.split("1 heaped tsp ground cumin") == ("1 tsp", "ground cumin", "heaped"))
        #expect(KitchenClipWriter.split("2 large cans chickpeas, drained") == ("2 cans", "chickpeas", "large, drained"))
        #expect(KitchenClipWriter.split("1 small bunch of fresh dill") == ("1 bunch", "fresh dill", "small"))
        #expect(KitchenClipWriter.split("2 large onions") == ("2", "onions", "large"))
        #expect(Self.quantity("1 heaped tbsp")! == (1, "tbsp"))
        #expect(Self.quantity("3 level tsp")! == (3, "tsp"))
    }

    @Test func anAmountAfterTheNameIsTheAmount() {
        #expect(KitchenClipWriter.split("Flour 200 g") == ("200 g", "Flour", nil))
        #expect(KitchenClipWriter.split("Mehl – 250 g") == ("250 g", "Mehl", nil))
        #expect(KitchenClipWriter.split("Olive oil: 2 tbsp") == ("2 tbsp", "Olive oil", nil))
        // A count after a name is not read as its amount ("Serves 4" is no ingredient).
        #expect(KitchenClipWriter.split("Eggs 2").amount == "")
        #expect(KitchenClipWriter.split("salt and pepper").amount == "")
    }

    @Test func pintsQuartsAndGallonsAreUnitsThatMerge() {
        #expect(Self.quantity("1 pint")! == (1, "pt"))
        #expect(Self.quantity("2 quarts")! == (2, "qt"))
        #expect(Self.quantity("1 gallon")! == (1, "gal"))
        #expect(KitchenClipWriter.split("1 pint whole milk") == ("1 pint", "whole milk", nil))
        // A pint is two cups: it scales and merges with millilitres.
        #expect(abs(KitchenUnit.pint.baseAmount - 2 * KitchenUnit.cupMillilitres) < 0.001)
        #expect(ShoppingUnit.dimension(of: "pt") == .volume)
        #expect(abs(ShoppingUnit.baseSize(of: "qt") - 4 * 236.6) < 0.001)
    }

    @Test func multipliersCountTheThings() {
        let fillets = AmountGrammar.parse("4 x 150 g salmon fillets")
        #expect(fillets.quantity == nil, "a name is not an amount")
        #expect(KitchenClipWriter.split("4 x 150 g salmon fillets").amount == "4 x 150 g")
        #expect(AmountGrammar.parse("4 x 150 g").quantity == KitchenQuantity(amount: 4, packageSize: "150 g"))
        #expect(KitchenClipWriter.split("8 x tortillas") == ("8 x", "tortillas", nil))
        #expect(AmountGrammar.parse("2 × 400g tins").quantity == KitchenQuantity(amount: 2, unit: .counted("tin"), packageSize: "400g"))
    }

    @Test(arguments: [
        // Hungarian
        ("2 evőkanál olívaolaj", 2.0, "tbsp", "olívaolaj"), ("1 teáskanál só", 1, "tsp", "só"), ("3 gerezd fokhagyma", 3, "gerezd", "fokhagyma"),
        ("1 csipet bors", 1, "csipet", "bors"), ("2 db tojás", 2, "db", "tojás"), ("1 ek liszt", 1, "tbsp", "liszt"),
        // Portuguese
        ("2 colheres de sopa de azeite", 2, "tbsp", "azeite"), ("1 colher (chá) de sal", 1, "tsp", "sal"), ("2 xícaras de farinha de trigo", 2, "cup", "farinha de trigo"),
        ("3 dentes de alho", 3, "dente", "alho"), ("1 pitada de sal", 1, "pitada", "sal"),
        // Danish
        ("2 spsk olivenolie", 2, "tbsp", "olivenolie"), ("1 tsk salt", 1, "tsp", "salt"), ("2 fed hvidløg", 2, "fed", "hvidløg"), ("1 dåse tomater", 1, "dåse", "tomater"),
        // Norwegian
        ("2 ss smør", 2, "tbsp", "smør"), ("1 ts salt", 1, "tsp", "salt"), ("3 fedd hvitløk", 3, "fedd", "hvitløk"), ("1 boks hermetiske tomater", 1, "boks", "hermetiske tomater"),
    ] as [(String, Double, String, String)])
    func unitsOfOtherLanguages(line: String, amount: Double, unit: String, name: String) {
        let split = KitchenClipWriter.split(line)
        let quantity = AmountGrammar.parse(split.amount).quantity
        #expect(quantity?.amount == amount, "\(line) → \(split)")
        #expect(quantity?.unit.symbol == unit, "\(line) → \(split)")
        #expect(split.name == name, "\(line) → \(split)")
    }
}
