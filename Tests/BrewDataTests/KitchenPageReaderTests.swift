@testable import BrewData
import Testing

/// The generic reading rules of `KitchenPageReader`, each on a few lines of HTML (issue 14).
@Suite struct KitchenPageReaderTests {
    static func page(jsonLD: String, body: String = "") -> String {
        "<html><head><title>T</title><script type=\"application/ld+json\">\(jsonLD)</script></head><body>\(body)</body></html>"
    }

    @Test func aStepNameThatIsATitleOfItsOwnIsALineBeforeItsText() {
        let html = Self.page(jsonLD: """
        {"@type": "Recipe", "name": "Kabobs", "recipeIngredient": ["1 onion"], "recipeInstructions": [
          {"@type": "HowToStep", "name": "Make marinade", "text": "Make the marinade. Whisk the oil."},
          {"@type": "HowToStep", "name": "Thread skewers", "text": "Thread skewers. Light a grill."},
          {"@type": "HowToStep", "name": "Serve it.", "text": "Serve it with lemon."},
          {"@type": "HowToStep", "name": "Grill", "text": "Grill."}
        ]}
        """)
        #expect(KitchenPageReader.read(html: html).steps == ["Make marinade", "Make the marinade. Whisk the oil.", "Thread skewers. Light a grill.", "Serve it with lemon.", "Grill."])
    }

    @Test func aStepNameSharedByManyStepsIsALabelAndLeftOut() {
        let html = Self.page(jsonLD: """
        {"@type": "Recipe", "name": "Galette", "recipeIngredient": ["1 egg"], "recipeInstructions": [
          {"@type": "HowToStep", "name": "Adding", "text": "Put the flour in."},
          {"@type": "HowToStep", "name": "Adding", "text": "Put the butter in."},
          {"@type": "HowToStep", "name": "Boil", "text": "Bring to a boil."}
        ]}
        """)
        #expect(KitchenPageReader.read(html: html).steps == ["Put the flour in.", "Put the butter in.", "Boil", "Bring to a boil."])
    }

    @Test func aStringWithRawLineBreaksKeepsItsLines() {
        let html = Self.page(jsonLD: "{\"@type\": \"Recipe\", \"name\": \"Soup\", \"recipeIngredient\": \"1 kg potatoes\n\n\t2 onions<br>salt\", \"recipeInstructions\": \"Peel.\r\nBoil.\"}")
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.ingredientLines == ["1 kg potatoes", "2 onions", "salt"])
        #expect(clipped.steps == ["Peel.", "Boil."])
    }

    @Test func theRichestRecipeWinsAndAStubFillsOnlyItsGaps() {
        let html = """
        <script type="application/ld+json">{"@graph": [{"@type": "Recipe", "name": "Stub", "recipeCategory": "Dessert", "recipeYield": "6"}]}</script>
        <script type="application/ld+json">{"@type": "Recipe", "name": "Pudding", "recipeIngredient": ["1 egg", "200 g sugar"], "recipeInstructions": "Mix.\\nBake."}</script>
        """
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.title == "Pudding")
        #expect(clipped.ingredientLines == ["1 egg", "200 g sugar"])
        #expect(clipped.servings == 6)
        #expect(clipped.category == "Dessert")
    }

    @Test func inlineTagsJoinTheirTextAsABrowserShowsIt() {
        #expect(HTMLText.plain("add the <span>ketchup</span>, <b>then</b> <a href=x>stir</a>") == "add the ketchup, then stir")
        #expect(HTMLText.plain("<p>one</p><p>two</p>", keepLines: true) == "one\ntwo")
    }

    @Test func controlCharactersInsideJSONStringsAreEscapedOnly() {
        #expect(KitchenPageReader.escapingControlCharactersInStrings("{\n\"a\": \"x\ny\\\"\tz\"\n}") == "{\n\"a\": \"x\\ny\\\"\\tz\"\n}")
    }
}
