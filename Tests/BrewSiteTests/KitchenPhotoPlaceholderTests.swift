@testable import BrewSite
import BrewKit
import Foundation
import Testing
import TestSupport

/// A kitchen recipe with no photo, a photo file that is missing, or a web photo that fails to load
/// shows its initials on the category's colour in a frame of the photo's size: never a broken
/// image, never an empty box.
@Suite struct KitchenPhotoPlaceholderTests {
    static let recipe = KitchenRecipe(id: "lemon-chicken", title: "Lemon chicken traybake", category: .dinner,
                                      ingredients: [KitchenIngredient(id: "1", name: "lemon", amount: "1")])

    @Test func initialsAreTheFirstLettersOfTheFirstTwoWords() {
        #expect(KitchenHTML.initials(of: "Lemon chicken traybake") == "LC")
        #expect(KitchenHTML.initials(of: "Shakshuka") == "S")
        #expect(KitchenHTML.initials(of: "  (vegan) köttbullar") == "VK")
        #expect(KitchenHTML.initials(of: "") == "")
    }

    @Test func aCardWithoutAPhotoShowsTheInitialsInTheFrame() {
        let card = KitchenHTML.card(Self.recipe, thumbnail: nil).html
        #expect(card.contains(#"<span class="kitchen-thumb kitchen-thumb-dinner" aria-hidden="true">LC</span>"#))
        #expect(!card.contains("<img"))
    }

    @Test func aPhotoLiesOverTheInitialsAndRemovesItselfWhenItFails() {
        let card = KitchenHTML.card(Self.recipe, thumbnail: "https://photos.invalid/a.jpg").html
        #expect(card.contains(#"<span class="kitchen-thumb kitchen-thumb-dinner" aria-hidden="true">LC<img src="https://photos.invalid/a.jpg" alt="" loading="lazy" onerror="this.remove()"></span>"#))
    }

    @Test func aRecipePageKeepsTheFrameWhenTheNamedPhotoIsMissing() {
        var named = Self.recipe
        named.thumbnail = "kitchen/images/not-there.jpg"
        // The file is not in the data directory: no link, but the recipe names a photo.
        let page = KitchenHTML.meta(named, thumbnail: nil).html
        #expect(page.hasPrefix(#"<span class="kitchen-photo kitchen-thumb-dinner" aria-hidden="true">LC</span>"#))
        // A recipe that never had a photo gets no frame on its page.
        #expect(!KitchenHTML.meta(Self.recipe, thumbnail: nil).html.contains("kitchen-photo"))
    }

    @Test func theStyleSheetSizesTheFrameAndLetsLongTitlesWrap() throws {
        let css = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Templates/assets/style.css"), encoding: .utf8)
        #expect(css.contains(".kitchen-thumb, .kitchen-photo { position: relative; overflow: hidden; display: flex;"))
        #expect(css.contains("aspect-ratio: 4 / 3"))
        #expect(css.contains(".kitchen-thumb img, .kitchen-photo img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }"))
        #expect(css.contains(".kitchen-card-title { font-weight: 650; padding: 0.5rem 0.7rem 0; line-height: 1.3; overflow-wrap: anywhere;"))
    }
}
