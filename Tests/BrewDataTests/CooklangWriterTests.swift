@testable import BrewClip
@testable import BrewData
import BrewKit
import Foundation
import Testing

/// `kitchen export --format cooklang`: what it writes reads back to the same ingredients and steps,
/// however many characters of them Cooklang would take as markup.
struct CooklangWriterTests {
    static let awkward = KitchenRecipe(
        id: "awkward", title: "Awkward: a test", sourceUrl: "https://example.com/a", prepTime: "10 min", cookTime: "1 h",
        servings: 3, category: .lunch,
        ingredients: [
            KitchenIngredient(id: "i1", name: "salt & pepper", amount: ""),
            KitchenIngredient(id: "i2", name: "tomatoes", amount: "1 (400 g) can", notes: "chopped (drained)"),
            KitchenIngredient(id: "i3", name: "eggs", amount: "2-3"),
            KitchenIngredient(id: "i4", name: "milk {whole}", amount: "100% of 1 cup", notes: "cold -- really"),
            KitchenIngredient(id: "i5", name: "flour", amount: "a pinch"),
            KitchenIngredient(id: "i6", name: "lemon #2", amount: "½ lemon"),
        ],
        steps: [
            KitchenStep(id: "s1", order: 1, text: "Email me @home about step #1, ~5 minutes in."),
            KitchenStep(id: "s2", order: 2, text: "Beat 2--3 eggs [-not a comment-] {and} 50% sugar."),
            KitchenStep(id: "s3", order: 3, text: "= not a section"),
            KitchenStep(id: "s4", order: 4, text: "> not a note, and a back\\slash"),
            KitchenStep(id: "s5", order: 5, text: "---"),
        ])

    @Test func whatIsWrittenReadsBackTheSame() throws {
        let text = CooklangWriter.text(Self.awkward)
        let read = try CooklangRecipeReader.read(text: text, name: "awkward", origin: "awkward.cook", sourceBytes: Array(text.utf8))
        #expect(read.clipped.title == "Awkward: a test")
        #expect(read.clipped.servings == 3)
        #expect(read.clipped.prepTime == "10 min")
        #expect(read.clipped.cookTime == "1 h")
        #expect(read.clipped.sourceUrl == "https://example.com/a")
        #expect(ClippedRecipe.category(from: read.clipped.category) == .lunch)
        #expect(read.ingredientParts == Self.awkward.ingredients.map { AppRecipe.Ingredient(amount: $0.amount, name: $0.name, notes: $0.notes) })
        #expect(read.clipped.steps == Self.awkward.steps.map(\.text))
    }

    @Test func aHeadingIsASectionBothWays() throws {
        let recipe = KitchenRecipe(id: "bread", title: "Bread", steps: [
            KitchenStep(id: "h", order: 1, text: "Dough", isHeading: true), KitchenStep(id: "s", order: 2, text: "Knead it."),
        ])
        let text = CooklangWriter.text(recipe)
        #expect(text.contains("\n= Dough\n"), "\(text)")
        let read = try CooklangRecipeReader.read(text: text, name: "Bread", origin: "Bread.cook", sourceBytes: Array(text.utf8))
        #expect(read.clipped.steps == ["Dough", "Knead it."])
        #expect(read.clipped.sectionHeadings == ["Dough"])
    }

    @Test func ingredientsAreWrittenAsCooklangReadsThem() {
        let text = CooklangWriter.text(Self.awkward)
        #expect(text.contains("@tomatoes{1%(400 g) can}(chopped (drained\\))"))
        #expect(text.contains("@flour{a pinch}"))
        #expect(text.hasPrefix("---\ntitle: Awkward: a test\nservings: 3\ncategory: Lunch\n"))
    }

    @Test func metadataLinesSectionsAndNotes() throws {
        let text = ">> servings: 2\n>> source: https://example.com/s\n\n= Dough\n\nMix @flour{200%g} in a #bowl.\n\n> Keeps a week.\n"
        let read = try CooklangRecipeReader.read(text: text, name: "Bread", origin: "Bread.cook", sourceBytes: Array(text.utf8))
        #expect(read.clipped.title == "Bread")
        #expect(read.clipped.servings == 2)
        #expect(read.clipped.sourceUrl == "https://example.com/s")
        #expect(read.clipped.steps == ["Dough", "Mix flour in a bowl."])
        // A Cooklang note is the recipe's notes (issue 50), no longer its caption.
        #expect(read.clipped.notes == "Keeps a week.")
        #expect(read.clipped.caption == nil)
        #expect(read.sourceId.hasPrefix("cooklang:sha256-"))
    }
}
