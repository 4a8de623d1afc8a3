@testable import BrewClip
@testable import BrewData
import BrewKit
import Foundation
import Testing

/// Section headings among steps (issue 25): clipping marks `HowToSection` names, a step's own
/// title and short lines ending in a colon as headings; the data file keeps the flag as
/// `"isHeading": true`, written only for a heading.
@Suite struct ClipHeadingTests {
    static let page = """
    <html><head><script type="application/ld+json">
    {"@context": "https://schema.org", "@type": "Recipe", "name": "Chicken kabobs",
     "recipeIngredient": ["2 lb chicken", "3 tbsp olive oil"],
     "recipeInstructions": [
       {"@type": "HowToSection", "name": "1. Make marinade", "itemListElement": [{"@type": "HowToStep", "text": "Whisk the oil and garlic."}]},
       {"@type": "HowToSection", "name": "Grill", "itemListElement": [
         {"@type": "HowToStep", "text": "Thread the chicken."},
         {"@type": "HowToStep", "name": "Rest", "text": "Let it stand 5 minutes."}]}
     ]}
    </script></head><body></body></html>
    """

    static func steps(_ draft: KitchenClipWriter.Draft) throws -> [[String: Any]] {
        let recipe = try #require(try JSONSerialization.jsonObject(with: Data(draft.bytes)) as? [String: Any])
        return try #require(recipe["steps"] as? [[String: Any]])
    }

    @Test func sectionNamesAndStepTitlesAreHeadings() throws {
        let draft = try KitchenClipWriter.draft(KitchenPageReader.read(html: Self.page), root: "/nonexistent-clip-root", category: nil, takenIDs: [])
        let steps = try Self.steps(draft)
        #expect(steps.map { $0["text"] as? String } == ["1. Make marinade", "Whisk the oil and garlic.", "Grill", "Thread the chicken.", "Rest", "Let it stand 5 minutes."])
        #expect(steps.map { $0["isHeading"] as? Bool ?? false } == [true, false, true, false, true, false])
        #expect(!String(decoding: draft.bytes, as: UTF8.self).contains("\"isHeading\": false"), "the flag is written only for a heading")
    }

    @Test func aShortLineEndingInAColonBeforeAStepIsAHeading() throws {
        let caption = KitchenCaptionReader.read("Pancakes\nIngredients\n200 g flour\nMethod\nFor the batter:\nWhisk the flour and milk.\nCook until golden:")
        let draft = try KitchenClipWriter.draft(caption, root: "/nonexistent-clip-root", category: nil, takenIDs: [])
        let steps = try Self.steps(draft)
        #expect(steps.map { $0["isHeading"] as? Bool ?? false } == [true, false, false], "the last line has no step after it: a step")
    }

    @Test func theFlagIsReadAndWrittenBack() throws {
        let json = #"{"id": "soup", "title": "Soup", "servings": 2, "category": "Dinner", "ingredients": [], "steps": [{"id": "h", "order": 1, "text": "Broth", "isHeading": true}, {"id": "s", "order": 2, "text": "Simmer."}], "isArchived": false, "isFavourite": false}"#
        let parsed = RecordFileParser.parse(Array(json.utf8), path: "kitchen/recipes/soup.json", kind: .kitchenRecipes)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        let recipe = try #require(parsed.kitchen.locatedRecipes.first?.value)
        #expect(recipe.steps.map(\.isHeading) == [true, false])
        #expect(recipe.steps.numbered.map(\.number) == [nil, 1])
        let again = try KitchenRecordEncoder.recipes(from: [KitchenRecordEncoder.json(recipe)], context: "round trip")
        #expect(again == [recipe])
        let wrong = #"{"id": "soup", "title": "Soup", "servings": 2, "category": "Dinner", "ingredients": [], "steps": [{"id": "h", "order": 1, "text": "Broth", "isHeading": "maybe"}], "isArchived": false, "isFavourite": false}"#
        let refused = RecordFileParser.parse(Array(wrong.utf8), path: "kitchen/recipes/soup.json", kind: .kitchenRecipes)
        #expect(refused.diagnostics.contains { $0.severity == .error && $0.message.contains("isHeading") }, "\(refused.diagnostics)")
    }
}
