import BrewKit
import Testing

/// Cook mode's ingredients of a step (issue 26): those the step's text names.
@Suite struct KitchenStepIngredientsTests {
    /// The bundled shakshuka's eight ingredients and four steps.
    static let shakshuka = ["olive oil", "onion", "garlic", "ground cumin", "chopped tomatoes", "eggs", "chilli flakes", "salt and pepper"]

    @Test(arguments: [
        ("Warm the oil in a frying pan and soften the onion for 8 minutes.", ["olive oil", "onion"]),
        ("Add the garlic and cumin and cook for 1 minute.", ["garlic", "ground cumin"]),
        ("Pour in the tomatoes, season, and simmer 10 minutes until thick.", ["chopped tomatoes"]),
        ("Make four hollows, crack in the eggs, cover and cook 6 minutes until the whites are set.", ["eggs"]),
    ])
    func eachShakshukaStepNamesItsIngredients(step: String, expected: [String]) {
        #expect(KitchenStepIngredients.named(in: step, names: Self.shakshuka).map { Self.shakshuka[$0] } == expected)
    }

    /// Issue 51: the tomato paste's "tomato" names nothing else anywhere in the step.
    @Test func aWordOfAWholeNameFoundNamesNothingElseInTheStep() {
        let names = ["chicken thighs", "vine ripe tomato", "tomato paste", "extra virgin olive oil", "lemon"]
        let step = "Make the Spiced Tomato Rub. In a small bowl, combine the tomato paste, extra virgin olive oil and lemon juice."
        #expect(KitchenStepIngredients.named(in: step, names: names).map { names[$0] } == ["tomato paste", "extra virgin olive oil", "lemon"])
        // Without the paste, the tomatoes are the vine ripe tomato's.
        #expect(KitchenStepIngredients.named(in: "Tuck the sliced tomatoes in between.", names: names).map { names[$0] } == ["vine ripe tomato"])
    }

    @Test func aWholeNameFoundKeepsItsWordsFromOtherIngredients() {
        let names = ["chilli powder", "baking powder", "flour"]
        #expect(KitchenStepIngredients.named(in: "Sift the flour with the baking powder.", names: names) == [1, 2])
        // Alone, "powder" names both: nothing tells them apart.
        #expect(KitchenStepIngredients.named(in: "Stir in the powder.", names: names) == [0, 1])
    }

    @Test func pluralsAccentsAndCaseAside() {
        let names = ["Crème fraîche", "cherry tomato", "blueberries", "salt and pepper"]
        #expect(KitchenStepIngredients.named(in: "Fold in the CREME FRAICHE, the tomatoes and a blueberry.", names: names) == [0, 1, 2])
        // "and" is no ingredient's word; the last word of "salt and pepper" is.
        #expect(KitchenStepIngredients.named(in: "Season with pepper and serve.", names: names) == [3])
        #expect(KitchenStepIngredients.named(in: "Stir and serve.", names: names).isEmpty)
    }
}
