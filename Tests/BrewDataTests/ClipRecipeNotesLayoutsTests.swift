@testable import BrewClip
import BrewKit
import Foundation
import Testing

/// A recipe card's notes block read from the page's HTML in the layouts recipe plugins and plain
/// blogs print it (a plugin's notes container after the steps, a heading of a lower level than the
/// method's, a plain paragraph as its label, a label wrapped with an icon), in English, German and
/// French: the notes become the recipe's `notes`, never steps, and a comment form's "notes" or a
/// share button is no note. And a structured ingredient line that lost the note the page shows
/// takes the page's line. None is a saved page; each was written for these rules.
@Suite struct ClipRecipeNotesLayoutsTests {
    static func page(_ head: String, _ body: String) -> String {
        "<!doctype html><html><head><meta charset=utf-8>\(head)</head><body>\(body)</body></html>"
    }

    static func jsonLD(_ json: String) -> String { "<script type=\"application/ld+json\">\(json)</script>" }

    static let structured = jsonLD(#"{"@type":"Recipe","name":"Tomato soup","recipeIngredient":["1 kg tomatoes","1 onion","2 tbsp olive oil"],"recipeInstructions":["Roast the tomatoes.","Blend with the onion."]}"#)

    // MARK: Notes

    @Test func aPluginsNotesContainerAfterTheStepsIsTheNotesWithoutItsShareButtons() {
        let html = Self.page(Self.structured, """
            <div class="tasty-recipes"><h2 class="tasty-recipes-title">Tomato soup</h2>
            <div class="tasty-recipes-ingredients"><ul><li>1 kg tomatoes</li><li>1 onion</li><li>2 tbsp olive oil</li></ul></div>
            <div class="tasty-recipes-instructions"><ol><li>Roast the tomatoes.</li><li>Blend with the onion.</li></ol></div>
            <div class="tasty-recipes-notes"><h3>Notes</h3><div class="tasty-recipes-notes-body"><ul><li>Freezes for 3 months.</li><li>Use ripe tomatoes.</li></ul><p>Pin it</p></div></div>
            <div class="tasty-recipes-nutrition"><h3>Nutrition</h3><ul><li>Calories: 120</li></ul></div></div>
            """)
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.notes == "Freezes for 3 months.\nUse ripe tomatoes.")
        #expect(clipped.steps == ["Roast the tomatoes.", "Blend with the onion."])
    }

    @Test func aCommentFormsNotesAreNoRecipeNotes() {
        // WordPress's comment form prints `<p class="comment-notes">`; an ingredient's and a piece
        // of equipment's notes are no recipe notes either.
        let html = Self.page(Self.structured, """
            <article><h1>Tomato soup</h1><div class="recipe-equipment"><div class="recipe-equipment-notes">(or a stick blender)</div></div></article>
            <div id="respond"><h3>Leave a Reply</h3><form><p class="comment-notes"><span id="email-notes">Your email address will not be published.</span> Required fields are marked *</p></form></div>
            """)
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.notes == nil)
        #expect(clipped.ingredientLines == ["1 kg tomatoes", "1 onion", "2 tbsp olive oil"])
    }

    @Test func aNotesBlockHoldingOnlyItsLabelOrADisclaimerGivesNoNotes() {
        // A plugin's notes container left empty under the site's own label, and one whose only
        // line is the site's disclaimer: no notes either way; a real note beside the disclaimer stays.
        let empty = Self.page(Self.structured, """
            <div class="wprm-recipe-notes-container"><h3 class="wprm-recipe-header">Lisa’s Tips</h3><div class="wprm-recipe-notes"><span style="display: block;"> </span><h2> </h2></div></div>
            """)
        #expect(KitchenPageReader.read(html: empty).notes == nil)
        let disclaimer = Self.page(Self.structured, """
            <div class="mv-create-notes"><div class="mv-create-notes-title">Notes</div><div class="mv-create-notes-content"><p><strong>Nutrition Disclaimer:</strong> <em>All information presented on this site is for informational purposes only.</em></p></div></div>
            """)
        #expect(KitchenPageReader.read(html: disclaimer).notes == nil)
        let both = Self.page(Self.structured, """
            <div class="mv-create-notes"><div class="mv-create-notes-content"><p>Add a pinch of sugar if the tomatoes are sharp.</p><p>Disclaimer: values are estimates.</p></div></div>
            """)
        #expect(KitchenPageReader.read(html: both).notes == "Add a pinch of sugar if the tomatoes are sharp.")
    }

    @Test func notesUnderALowerHeadingInGermanAreNoSteps() {
        // The method's heading is an h2, the notes' an h3 ("Anmerkungen"): no longer read as a step.
        let html = Self.page("<title>Linsensuppe</title>", """
            <article><h1>Linsensuppe</h1><h2>Zutaten</h2><ul><li>200 g Linsen</li><li>1 Zwiebel</li><li>1 l Brühe</li></ul>
            <h2>Zubereitung</h2><ol><li>Die Zwiebel anbraten.</li><li>Linsen und Brühe 20 Minuten kochen.</li></ol>
            <h3>Anmerkungen</h3><p>Hält sich 3 Tage im Kühlschrank.</p><p>Mit einem Schuss Essig abschmecken.</p>
            <h2>Kommentare</h2><p>Sehr lecker!</p></article>
            """)
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.steps == ["Die Zwiebel anbraten.", "Linsen und Brühe 20 Minuten kochen."])
        #expect(clipped.notes == "Hält sich 3 Tage im Kühlschrank.\nMit einem Schuss Essig abschmecken.")
    }

    @Test func aPlainParagraphLabelsTheNotesInFrench() {
        // A blog without a plugin: each section labelled by a plain paragraph, the steps paragraphs.
        let html = Self.page("<title>Soupe à l'oignon</title>", """
            <div class="entry-content"><h1>Soupe à l'oignon</h1><p>Ingrédients</p><ul><li>1 kg d'oignons</li><li>50 g de beurre</li><li>1 l de bouillon</li></ul>
            <p>Préparation</p><p>Faire fondre les oignons dans le beurre 30 minutes.</p><p>Mouiller avec le bouillon et cuire 20 minutes.</p>
            <p>Remarques</p><p>Se conserve 2 jours.</p></div>
            """)
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.steps == ["Faire fondre les oignons dans le beurre 30 minutes.", "Mouiller avec le bouillon et cuire 20 minutes."])
        #expect(clipped.notes == "Se conserve 2 jours.")
    }

    @Test func aWrappedTipsLabelInsideTheMethodsWrapperGivesTheNotes() {
        // One wrapper for the method and its tips, the label wrapped with an icon. (The steps of this
        // layout are still read as one step holding the tips: not mended yet.)
        let html = Self.page(Self.jsonLD(#"{"@type":"Recipe","name":"Flatbread","recipeIngredient":["250 g flour","150 ml water","1 tsp salt"]}"#), """
            <div class="recipe-method"><p>Mix the flour, water and salt.</p><p>Cook in a dry pan for 2 minutes a side.</p>
            <div class="label"><span class="icon"></span><h4>Tips</h4></div><p>Keep them warm in a tea towel.</p></div>
            """)
        #expect(KitchenPageReader.read(html: html).notes == "Keep them warm in a tea towel.")
    }

    // MARK: A structured line that lost its note

    @Test func aStructuredLineWithoutTheNoteThePageShowsTakesThePagesLine() {
        // WP Recipe Maker's markup: the structured line has no note, the card's line has one.
        let html = Self.page(Self.jsonLD(#"{"@type":"Recipe","name":"Rice balls","recipeIngredient":["2¼ cups Japanese short-grain rice","2½ cups water (for less rice, use 1⅔ cups)","1 Tbsp soy sauce"],"recipeInstructions":["Cook the rice.","Shape and grill."]}"#), """
            <div class="wprm-recipe-ingredients-container"><ul class="wprm-recipe-ingredients">
            <li class="wprm-recipe-ingredient"><span class="wprm-recipe-ingredient-amount">2¼</span> <span class="wprm-recipe-ingredient-unit">cups</span> <span class="wprm-recipe-ingredient-name">Japanese short-grain rice</span> <span class="wprm-recipe-ingredient-notes">(<strong><span class="wprm-dynamic-quantity">3</span> rice cooker cups</strong>, 540 ml)</span></li>
            <li class="wprm-recipe-ingredient"><span class="wprm-recipe-ingredient-amount">2½</span> <span class="wprm-recipe-ingredient-unit">cups</span> <span class="wprm-recipe-ingredient-name">water</span> <span class="wprm-recipe-ingredient-notes">(for less rice, use 1⅔ cups)</span></li>
            <li class="wprm-recipe-ingredient"><span class="wprm-recipe-ingredient-amount">1</span> <span class="wprm-recipe-ingredient-unit">Tbsp</span> <span class="wprm-recipe-ingredient-name">light soy sauce</span></li></ul></div>
            """)
        let clipped = KitchenPageReader.read(html: html)
        #expect(clipped.ingredientLines == ["2¼ cups Japanese short-grain rice (3 rice cooker cups, 540 ml)", "2½ cups water (for less rice, use 1⅔ cups)", "1 Tbsp soy sauce"])
        #expect(clipped.choices.contains { $0.contains("without the note the page shows") })
    }

    @Test func aNoteAfterACommaInAPlainListInItalian() {
        let html = Self.page(Self.jsonLD(#"{"@type":"Recipe","name":"Sugo","recipeIngredient":["1 cipolla","400 g di pomodori pelati","2 cucchiai di olio","sale"],"recipeInstructions":["Soffriggere la cipolla.","Aggiungere i pomodori e cuocere 20 minuti."]}"#), """
            <h2>Ingredienti</h2><ul><li>1 cipolla, circa 150 g</li><li>400 g di pomodori pelati</li><li>2 cucchiai di olio extravergine</li><li>sale (facoltativo)</li></ul>
            """)
        let clipped = KitchenPageReader.read(html: html)
        // The measuring note after a comma is taken; "olio extravergine" words the line otherwise, and
        // "(facoltativo)" measures nothing: both keep the structured words.
        #expect(clipped.ingredientLines == ["1 cipolla, circa 150 g", "400 g di pomodori pelati", "2 cucchiai di olio", "sale"])
        // A page listing another number of lines gives nothing.
        let fewer = Self.page(Self.jsonLD(#"{"@type":"Recipe","name":"Sugo","recipeIngredient":["1 cipolla","400 g di pomodori pelati","2 cucchiai di olio"],"recipeInstructions":["Cuocere."]}"#),
                              "<h2>Ingredienti</h2><ul><li>1 cipolla, circa 150 g</li><li>400 g di pomodori pelati</li></ul>")
        #expect(KitchenPageReader.read(html: fewer).ingredientLines == ["1 cipolla", "400 g di pomodori pelati", "2 cucchiai di olio"])
    }
}
