@testable import BrewClip
import Foundation
import Testing

/// The byte search that the page reader's per-element checks use (`HTMLText.containsASCII`),
/// proved equal to the plain way it replaced (`lowercased().contains`), and the checks built on it.
@Suite struct HTMLTextSearchTests {
    static let texts = ["", "a", "SR-ONLY", "wprm-recipe-notes-container", "Recipe-Card__Title", "display : NONE", "Crème brûlée (( 200 g ))",
                        "ÉTAPE (, thinly sliced)", "Zubereitung", "ingredien", "x-ingredient-y", "ǅ notes", "日本語 notes 日本語", "&amp;", "a<b"]
    static let needles = ["sr-only", "notes", "recipe", "ingredient", "none", "((", "(, ", "&", "<", "a", "title"]

    @Test func equalsLowerCasedContains() {
        for text in Self.texts {
            for needle in Self.needles {
                #expect(HTMLText.containsASCII(text, needle, ignoringCase: true) == text.lowercased().contains(needle), "\(text) / \(needle)")
                #expect(HTMLText.containsASCII(text, needle) == text.contains(needle), "\(text) / \(needle)")
            }
        }
        #expect(HTMLText.containsASCII("anything", ""))
    }

    @Test func hiddenElementsInAnyCaseAndSpacing() {
        let document = HTMLDocument(html: #"<p class="Visually-Hidden">a</p><p style="DISPLAY : none">b</p><p style="display:block">c</p><p class="WPRM-SR-ONLY">d</p><p>e</p>"#)
        #expect(document.elements(["p"]).map { HTMLDocument.isHidden(document.nodes[$0]) } == [true, true, false, true, false])
        #expect(document.text(0) == "c e")
    }

    @Test func containersAndNotesNamedInAnyCase() {
        let html = """
            <div class="Recipe-Ingredients"><ul><li>200 g flour</li><li>2 eggs</li></ul></div>
            <div ID="METHOD"><ol><li>Mix.</li><li>Bake.</li></ol></div>
            <div class="Recipe-NOTES">Keeps for three days.</div>
            """
        let reader = KitchenHTMLRecipeReader(HTMLDocument(html: html))
        #expect(reader.ingredientLines() == ["200 g flour", "2 eggs"])
        #expect(reader.steps() == ["Mix.", "Bake."])
        #expect(reader.notes() == "Keeps for three days.")
    }
}

extension HTMLTextSearchTests {
    @Test(arguments: ["", "no space", "200\u{00A0}g", "\u{00A0}", "à la\u{00A0}crème\u{00A0}\u{00A0}brûlée", "Ã\u{00A0}", "日本\u{00A0}語"])
    func noBreakSpacesAsFoundationReplacedThem(_ text: String) {
        #expect(HTMLText.replacingNoBreakSpaces(text) == text.replacingOccurrences(of: "\u{00A0}", with: " "))
    }
}
