import BrewData
import BrewKit
import Foundation
import Testing
import TestSupport

@Suite struct MealPlanReaderTests {
    @Test func everyMistakeIsLocatedAndNamed() {
        let root = Fixture.path("plan-mistakes")
        let dataset = DataDirectoryReader(root: root).read().validated.dataset
        let context = MealPlanContext.load(root: root, dataset: dataset)
        let plan = "\(root)/kitchen/plan"
        #expect(context.diagnostics.map(\.description) == [
            "\(plan)/2026-11.json:2:66: error: recipeId: no kitchen recipe has the id \"lentil-sup\"; did you mean \"lentil-soup\"?",
            "\(plan)/2026-11.json:3:11: error: two plan slots have the id \"a\"; the other is at \(plan)/2026-11.json:2:3",
            "\(plan)/2026-11.json:3:67: warning: recipeId: the kitchen recipe \"old-stew\" is archived; the plan keeps it (restore it with `brewguide kitchen restore old-stew`)",
            "\(plan)/2026-11.json:4:23: error: day: the date 2026-11-31 does not exist: November 2026 has 30 days",
            "\(plan)/2026-11.json:4:45: error: meal: unknown meal \"Brunch\"; expected one of Breakfast, Morning Snack, Lunch, Afternoon Snack, Dinner, Evening Snack",
            "\(plan)/2026-11.json:5:101: error: quickAdd.calories: expected whole kcal ≥ 0, found -5",
            "\(plan)/2026-11.json:5:140: error: quickAdd.fats: expected whole g ≥ 0, found number 1.5",
            "\(plan)/2026-11.json:6:88: error: servings: expected the servings eaten, a number greater than 0 and at most 100, found 0",
            "\(plan)/2026-11.json:7:3: error: a slot needs one of recipeId (a kitchen recipe), snackId (a snack preset) or quickAdd (a snack with its nutrition)",
            "\(plan)/2026-11.json:8:93: error: a slot holds one of recipeId, snackId or quickAdd; this one gives recipeId and snackId",
            "\(plan)/2026-12.csv:2:45: error: fats: expected whole g ≥ 0, found \"x\"",
            "\(plan)/2026-12.csv:3:43: error: updatedAt: expected an ISO 8601 date-time such as 2026-11-24T08:00:00Z, found \"yesterday\"",
            "\(root)/kitchen/shopping.json:3:29: error: name: the item is empty",
            "\(root)/kitchen/shopping.json:3:44: error: checked: expected true or false, found string \"maybe\"",
            "\(root)/kitchen/shopping.json:4:52: warning: recipeId: the kitchen recipe \"gone-recipe\" is not in the kitchen; its shopping item stays on the list (item-3); drop it with `brewguide kitchen shopping --drop-recipe gone-recipe`",
            "\(root)/kitchen/snacks.json:3:11: error: id \"../x\" must start with a letter or digit",
            "\(root)/preferences.json:3:28: error: kitchen.goals.calories: expected whole kcal, 1200–4000, found 5000",
            "\(root)/preferences.json:3:45: error: kitchen.goals.protein: expected whole grams, 0–10000, found -1",
            "\(root)/preferences.json:4:25: error: kitchen.goals.split: the percentages must sum to 100, found 30 + 40 + 40 = 110",
        ])
    }

    @Test func theBundledPlanReadsInBothFormatsWithoutFindings() {
        let root = TestPaths.journal.path
        let dataset = DataDirectoryReader(root: root).read().validated.dataset
        let context = MealPlanContext.load(root: root, dataset: dataset)
        #expect(context.diagnostics.isEmpty)
        #expect(context.plan.slots.count >= 35)
        #expect(context.plan.weeks.map(\.description) == ["2026-W48", "2026-W49"])
        // A CSV slot: a snack with servings; a JSON slot: a quick add.
        #expect(context.plan.slots.contains { $0.value.id == "w49-thu-snack" && $0.value.servings == 2 && $0.value.content == .snack(id: "banana") })
        #expect(context.day("2026-11-28").over.calories)
        #expect(context.day("2026-11-25").isEmpty)
        #expect(context.plan.snacksByID["flapjack"]?.calories == 180)
    }

    /// A write refused for a file that does not parse says where, once: `path:line:column: error:`.
    @Test func aRefusedWriteIsLocatedInItsFile() throws {
        let root = TestPaths.temporary("plan-store")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let preferences = root.appendingPathComponent("preferences.json")
        try "{\n  \"kitchen\": [\n}".write(to: preferences, atomically: true, encoding: .utf8)
        do {
            try MealPlanStore(root: root.path).writeGoals(.seedDefault)
            Issue.record("a preferences file that does not parse was written over")
        } catch {
            #expect(error.location?.file == preferences.path && error.location?.line == 3, "\(error)")
            #expect(error.description.hasPrefix("\(preferences.path):3:"), "\(error)")
            #expect(error.description.components(separatedBy: "error:").count == 2, "one error: \(error)")
            #expect(error.description.hasSuffix("(fix the file first; it was not changed)"), "\(error)")
        }
        #expect(try String(contentsOf: preferences, encoding: .utf8) == "{\n  \"kitchen\": [\n}")
    }
}
