import BrewData
import BrewKit
import Foundation
import Testing

/// A slot's `recipeNutrition` (issue 26): the recipe's figures per serving when it was planned,
/// read and checked like every other field.
@Suite struct SlotRecipeNutritionTests {
    func read(_ json: String) throws -> (MealPlanData, [String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("slot-nutrition-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("kitchen/plan")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try json.write(to: folder.appendingPathComponent("2026-11.json"), atomically: true, encoding: .utf8)
        var diagnostics: [Diagnostic] = []
        let plan = MealPlanReader(root: root.path).read(diagnostics: &diagnostics)
        return (plan, diagnostics.map { "\($0.location.line ?? 0):\($0.location.column ?? 0): \($0.message)" })
    }

    @Test func keptFiguresAreReadAndAFigureLeftOutIsUnknown() throws {
        let (plan, findings) = try read("""
        [{"id": "a", "day": "2026-11-24", "meal": "Lunch", "recipeId": "lentil-soup", "servings": 1.5,
          "recipeNutrition": {"calories": 310, "carbs": 47.5, "fats": 6}}]
        """)
        #expect(findings.isEmpty)
        let kept = try #require(plan.slots.first?.value.recipeNutrition)
        #expect(kept.known(.calories) == 310 && kept.known(.carbs) == 47.5 && kept.known(.fats) == 6)
        #expect(kept.known(.protein) == nil)
        // Written back as read, the unknown figure left out.
        let written = MealPlanStore.recipeNutritionJSON(kept)
        #expect(written.members?.map(\.key) == ["calories", "carbs", "fats"])
        #expect(written["carbs"] == .number(47.5))
    }

    @Test func wrongFiguresAndAKeptFigureOnASnackAreErrors() throws {
        let (plan, findings) = try read("""
        [{"id": "a", "day": "2026-11-24", "meal": "Lunch", "recipeId": "soup", "recipeNutrition": {"calories": -5, "protein": "lots"}},
         {"id": "b", "day": "2026-11-24", "meal": "Lunch", "snackId": "apple", "recipeNutrition": {"calories": 95}},
         {"id": "c", "day": "2026-11-24", "meal": "Lunch", "recipeId": "soup", "recipeNutrition": 310}]
        """)
        #expect(plan.slots.isEmpty)
        #expect(findings == [
            "1:104: recipeNutrition.calories: expected kcal per serving, a number ≥ 0, found -5",
            "1:119: recipeNutrition.protein: expected grams per serving, a number ≥ 0, found string \"lots\"",
            "2:91: recipeNutrition: only a recipe slot (recipeId) keeps its recipe's figures",
            "3:91: recipeNutrition: expected an object with calories, protein, carbs and fats per serving, found number 310",
        ])
    }
}

/// The kept figures in a CSV plan file and through merge: the columns `recipeNutrition.calories`
/// … are the JSON object's members, so a CSV row and a JSON slot that say the same are one record.
@Suite struct SlotRecipeNutritionCSVTests {
    @Test func aCSVRowKeepsFiguresInItsColumns() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("slot-csv-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("kitchen/plan")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        id,day,meal,recipeId,servings,recipeNutrition.calories,recipeNutrition.protein,recipeNutrition.carbs,recipeNutrition.fats
        a,2026-12-01,Lunch,lentil-soup,,310,17,47.5,6
        b,2026-12-01,Dinner,pasta,,,,,
        c,2026-12-01,Dinner,pasta,,-1,,,
        """.write(to: folder.appendingPathComponent("2026-12.csv"), atomically: true, encoding: .utf8)
        var diagnostics: [Diagnostic] = []
        let plan = MealPlanReader(root: root.path).read(diagnostics: &diagnostics)
        #expect(diagnostics.map(\.message) == ["recipeNutrition.calories: expected kcal per serving, a number ≥ 0, found -1"])
        #expect(plan.slots.map(\.value.id) == ["a", "b"])
        #expect(plan.slots[0].value.recipeNutrition == MealNutrition(calories: 310, protein: 17, carbs: 47.5, fats: 6))
        #expect(plan.slots[1].value.recipeNutrition == nil)
    }

    @Test func aJSONSlotAndACSVRowWithTheSameFiguresAreOneRecordAndConvertBothWays() throws {
        let json = JSONValue.object([JSONMember("id", .string("a")), JSONMember("day", .string("2026-12-01")), JSONMember("meal", .string("Lunch")),
                                     JSONMember("recipeId", .string("lentil-soup")),
                                     JSONMember("recipeNutrition", .object([JSONMember("calories", .number(310)), JSONMember("carbs", .number(47.5))]))])
        let csv = JSONValue.object([JSONMember("id", .string("a")), JSONMember("day", .string("2026-12-01")), JSONMember("meal", .string("Lunch")),
                                    JSONMember("recipeId", .string("lentil-soup")), JSONMember("recipeNutrition.calories", .string("310")),
                                    JSONMember("recipeNutrition.protein", .string("")), JSONMember("recipeNutrition.carbs", .string("47.5")),
                                    JSONMember("recipeNutrition.fats", .string(""))])
        let fromJSON = try #require(PlannerRecord(json, fromCSV: false))
        let fromCSV = try #require(PlannerRecord(csv, fromCSV: true))
        #expect(fromJSON == fromCSV)
        #expect(fromJSON.columns.suffix(4) == ["recipeNutrition.calories", "recipeNutrition.protein", "recipeNutrition.carbs", "recipeNutrition.fats"])
        #expect(fromJSON.cell("recipeNutrition.carbs") == "47.5")
        #expect(fromJSON.cell("recipeNutrition.protein") == "")
        #expect(fromCSV.jsonValue["recipeNutrition"] == .object([JSONMember("calories", .number(310)), JSONMember("carbs", .number(47.5))]))
        #expect(fromCSV.jsonValue["recipeNutrition.calories"] == nil)
    }
}
