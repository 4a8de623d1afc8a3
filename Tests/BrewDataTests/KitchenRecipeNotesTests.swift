@testable import BrewClip
@testable import BrewData
import BrewKit
import Foundation
import Testing

/// The kitchen recipe's `notes` (issue 50): a recipe card's notes block read by clipping, in a
/// plugin's container and under a heading in another language, and carried by the file, the CSV
/// export and Cooklang both ways.
@Suite struct KitchenRecipeNotesTests {
    static func read(_ body: String) -> ClippedRecipe {
        KitchenPageReader.read(html: "<html><head><title>Soup</title></head><body>\(body)</body></html>")
    }

    static let card = """
        <div class="wprm-recipe-container"><h2 class="wprm-recipe-name">Tomato soup</h2>
        <div class="wprm-recipe-ingredients-container"><ul><li>1 kg tomatoes</li><li>1 onion</li></ul></div>
        <div class="wprm-recipe-instructions-container"><ol><li>Roast the tomatoes.</li><li>Blend with the onion.</li></ol></div>
        <div class="wprm-recipe-notes-container"><h3 class="wprm-recipe-header">Notes</h3><div class="wprm-recipe-notes"><p>Keeps 3 days in the fridge.</p><p>Use <b>ripe</b> tomatoes.</p></div></div></div>
        """

    @Test func aRecipeCardsNotesAreTheRecipesNotes() throws {
        let clipped = Self.read(Self.card)
        #expect(clipped.notes == "Keeps 3 days in the fridge.\nUse ripe tomatoes.")
        #expect(clipped.ingredientLines == ["1 kg tomatoes", "1 onion"])
        let draft = try KitchenClipWriter.draft(clipped, root: "/nonexistent-clip-root", category: nil, takenIDs: [])
        let parsed = RecordFileParser.parse(draft.bytes, path: draft.path, kind: .kitchenRecipes)
        #expect(parsed.kitchen.locatedRecipes.first?.value.notes == "Keeps 3 days in the fridge.\nUse ripe tomatoes.")
        #expect(parsed.diagnostics.isEmpty)
    }

    @Test func notesUnderAHeadingInGerman() {
        let clipped = Self.read("""
            <article><h1>Linsensuppe</h1><h2>Zutaten</h2><ul><li>200 g Linsen</li><li>1 Zwiebel</li></ul>
            <h2>Zubereitung</h2><ol><li>Kochen.</li><li>Würzen.</li></ol><h2>Tipps</h2><p>Mit Essig abschmecken.</p><h2>Kommentare</h2><p>Lecker!</p></article>
            """)
        #expect(clipped.notes == "Mit Essig abschmecken.")
        // An ingredient's own notes are no recipe notes.
        let plain = Self.read("<h2>Ingredients</h2><ul><li>1 onion <span class=\"wprm-recipe-ingredient-notes\">finely chopped</span></li><li>2 eggs</li></ul><h2>Method</h2><ol><li>Fry.</li></ol>")
        #expect(plain.notes == nil)
    }

    @Test func notesAreCarriedByTheCSVExportAndCooklang() throws {
        var recipe = KitchenRecipe(id: "soup", title: "Soup", servings: 2, ingredients: [KitchenIngredient(id: "i1", name: "tomatoes", amount: "1 kg")],
                                   steps: [KitchenStep(id: "s1", order: 1, text: "Roast.")])
        #expect(!CSVExport.kitchenRecipeColumns(for: [recipe]).contains("notes"), "a kitchen without notes exports as before")
        recipe.notes = "Keeps 3 days.\nFreezes well."
        #expect(CSVExport.kitchenRecipeColumns(for: [recipe]).contains("notes"))
        #expect(KitchenRecordEncoder.json(recipe)["notes"] == .string("Keeps 3 days.\nFreezes well."))
        let cooklang = CooklangWriter.text(recipe)
        #expect(cooklang.contains("> Keeps 3 days.\n> Freezes well."))
        let back = try CooklangRecipeReader.read(text: cooklang, name: "soup.cook", origin: "soup.cook", sourceBytes: Array(cooklang.utf8))
        #expect(back.clipped.notes == "Keeps 3 days.\nFreezes well.")
        #expect(back.clipped.caption == nil)
    }
}
