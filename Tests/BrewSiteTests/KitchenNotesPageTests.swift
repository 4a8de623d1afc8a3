@testable import BrewSite
import BrewKit
import Testing

/// A kitchen recipe's notes (issue 50) on its cook mode page, as text, never markup.
@Suite struct KitchenNotesPageTests {
    @Test func cookModeShowsTheNotesAsText() {
        var recipe = KitchenRecipe(id: "soup", title: "Soup", servings: 2, steps: [KitchenStep(id: "s1", order: 1, text: "Roast.")])
        #expect(!KitchenHTML.cook(recipe, units: nil).html.contains("cook-notes"))
        recipe.notes = "Keeps <b>3</b> days.\nFreezes well."
        let page = KitchenHTML.cook(recipe, units: nil)
        #expect(page.html.contains("<details class=\"cook-notes\"><summary>Notes</summary><p>Keeps &lt;b&gt;3&lt;/b&gt; days.</p><p>Freezes well.</p></details>"))
        #expect(page.markdown.contains("**Notes.**"))
    }
}
