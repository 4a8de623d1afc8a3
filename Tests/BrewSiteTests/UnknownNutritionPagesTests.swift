import BrewKit
@testable import BrewSite
import Foundation
import Testing

/// A recipe's unknown calories are never "0 kcal" on the pages made from it.
@Suite struct UnknownNutritionPagesTests {
    let stew = KitchenRecipe(id: "stew", title: "Stew", servings: 4,
                             nutrition: KitchenNutrition(calories: 0, protein: 140, carbs: 216, fats: 48, unknown: [.calories]),
                             createdAt: Date(timeIntervalSince1970: 1_790_000_000))

    @Test func theFeedDoesNotSayZeroKilocalories() {
        let feed = String(decoding: Feeds.atom(logs: [], kitchen: [stew], siteTitle: "Journal", baseURL: nil).contents, as: UTF8.self)
        #expect(feed.contains("Dinner, serves 4"), "\(feed)")
        #expect(!feed.contains("0 kcal"), "\(feed)")
    }

    @Test func theRecipePageAndCardShowADash() {
        let nutrition = KitchenHTML.nutrition(stew)
        #expect(nutrition.markdown.contains("| Energy | — | — |"))
        #expect(!KitchenHTML.cardMeta(stew).contains("kcal"))
        #expect(!KitchenHTML.card(stew, units: nil).markdown.contains("kcal"))
    }
}
