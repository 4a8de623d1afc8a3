import BrewKit
@testable import BrewSite
import Testing

/// What a screen reader says for the parts of a page that are not words: a link of stars, and the
/// scaling table that is wider than a phone.
@Suite struct AccessibleNameTests {
    /// A link of symbols only is named by its title; the stars stay on screen, hidden from the reader.
    @Test func aLinkOfSymbolsIsNamedByItsTitle() {
        let html = Markdown.html(from: "**By rating:** [★★★★](logs/by-rating/4/index.md \"4 stars\") (2) · [Fruity](logs/by-tag/fruity/index.md \"a tag\")")
        #expect(html.contains("<a href=\"logs/by-rating/4/index.html\" title=\"4 stars\"><span aria-hidden=\"true\">★★★★</span><span class=\"visually-hidden\"> 4 stars</span></a> (2)"), "\(html)")
        // A link with words keeps its text as its name.
        #expect(html.contains("<a href=\"logs/by-tag/fruity/index.html\" title=\"a tag\">Fruity</a>"), "\(html)")
        // A title is text, never markup, and a link of symbols without a title is left as it is.
        #expect(Markdown.html(from: "[★](a.md \"<b>1</b> star\")").contains("<span class=\"visually-hidden\"> &lt;b&gt;1&lt;/b&gt; star</span>"))
        #expect(Markdown.html(from: "[★](a.md)") == "<p><a href=\"a.html\">★</a></p>\n")
    }

    /// The scaling table scrolls sideways on a phone: its scroller is a named region the keyboard reaches.
    @Test func theScalingTableScrollsInAFocusableNamedRegion() {
        let recipe = KitchenRecipe(id: "soup", title: "Soup", servings: 2, category: .dinner,
                                   ingredients: [KitchenIngredient(id: "i1", name: "lentils", amount: "200 g")], steps: [])
        let html = KitchenHTML.scalingTable(recipe, factors: [("½×", 0.5), ("1×", 1), ("2×", 2)], units: nil).html
        #expect(html.hasPrefix("<div class=\"table-scroll\" role=\"region\" aria-label=\"Amounts for more or fewer servings\" tabindex=\"0\"><table class=\"kitchen-scaling\">"), "\(html)")
        #expect(html.contains("</table></div>"))
    }
}
