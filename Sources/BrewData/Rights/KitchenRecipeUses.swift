import BrewKit
import Foundation

/// What still names a kitchen recipe that is being erased (issue 26): the meal-plan slots and
/// shopping items with its `recipeId`, which the erase keeps and its dry run names, and the
/// figures the slots keep so that the days they were eaten keep their totals.
///
/// Rules:
/// - A slot or item names the recipe when its `recipeId` is one the erase covers (any case, any
///   `-merged-`/`-conflict-` copy: `ErasureSet`).
/// - A slot without `recipeNutrition` is given the recipe's last figures per serving (its
///   whole-recipe `nutrition` ÷ `servings`, to 0.1; a figure the recipe leaves out stays unknown);
///   one that has them keeps those it got when it was planned. In a CSV file they are the columns
///   `recipeNutrition.calories` … (added to the header when missing, empty in other rows).
/// - Only figures travel into the plan: never the recipe's title, ingredients or text.
public struct KitchenRecipeUses: Sendable {
    /// "w48-tue-lunch (2026-11-24, Lunch)", in file order.
    public var slots: [String] = []
    /// "item-3 (400 g spaghetti)".
    public var shoppingItems: [String] = []
    /// "cook-soup-20261112-1900 (2026-11-12)": the cook logs naming it, which the erase keeps
    /// (a record that it was cooked; `check` warns that its recipe was erased).
    public var cookLogs: [String] = []
    /// The slots given the recipe's last figures.
    public var slotsGivenFigures: [String] = []
    /// Plan files rewritten with the figures (before the recipe's own file changes).
    public var fileChanges: [Eraser.FileChange] = []

    public var isEmpty: Bool { slots.isEmpty && shoppingItems.isEmpty && cookLogs.isEmpty }

    static func find(root: String, files: [RawDataFile], erasing: ErasureSet) -> KitchenRecipeUses {
        var uses = KitchenRecipeUses()
        // The figures per serving of each recipe erased, by its id.
        var figures: [String: JSONValue] = [:]
        for file in files {
            for record in file.content.records where file.kind(of: record) == .kitchenRecipes {
                guard let id = record.text("id"), erasing.covers(.kitchenRecipe, id) else { continue }
                figures[id] = perServing(record)
            }
        }
        for file in files where file.folderKind == .mealPlanSlots {
            var given: [Int: JSONValue] = [:]
            for (index, record) in file.content.records.enumerated() {
                guard let id = record.text("recipeId")?.trimmingSpaces, erasing.covers(.kitchenRecipe, id) else { continue }
                let slotID = record.text("id") ?? "?"
                uses.slots.append("\(slotID) (\(record.text("day") ?? "?"), \(record.text("meal") ?? "?"))")
                if !hasFigures(record), let kept = figures[id] {
                    given[index] = kept
                    uses.slotsGivenFigures.append(slotID)
                }
            }
            if let content = file.content.giving(given) {
                uses.fileChanges.append(Eraser.FileChange(path: file.path, content: content, removedRecords: 0))
            }
        }
        for file in files where file.folderKind == .cookLogs {
            for record in file.content.records {
                guard let id = record.text("recipeId")?.trimmingSpaces, erasing.covers(.kitchenRecipe, id) else { continue }
                uses.cookLogs.append("\(record.text("id") ?? "?") (\(record.text("cookedAt")?.prefix(10) ?? "?"))")
            }
        }
        for relative in RecordKind.shoppingItems.filePaths {
            let path = (root as NSString).appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: path),
                  let file = try? RawDataFile.load(path: path, relativePath: relative, folderKind: .shoppingItems) else { continue }
            for record in file.content.records {
                guard let id = record.text("recipeId")?.trimmingSpaces, erasing.covers(.kitchenRecipe, id) else { continue }
                uses.shoppingItems.append("\(record.text("id") ?? "?") (\(record.text("name") ?? ""))")
            }
        }
        return uses
    }

    /// Whether a raw slot already keeps figures: a JSON `recipeNutrition`, or a CSV cell of one.
    static func hasFigures(_ record: JSONValue) -> Bool {
        record["recipeNutrition"] != nil
            || MealSlotDecoder.csvRecipeNutritionFields.contains { !(record.text($0)?.trimmingSpaces ?? "").isEmpty }
    }

    /// A raw kitchen recipe's figures per serving as a slot's `recipeNutrition`: from the JSON
    /// `nutrition` object or the CSV row's `calories`, `protein`, `carbs`, `fats` columns; an
    /// empty object when it gives none.
    static func perServing(_ record: JSONValue) -> JSONValue {
        let holder = record["nutrition"] ?? record
        let servings = max(1, Double(record.text("servings")?.trimmingSpaces ?? "") ?? 1)
        var nutrition = MealNutrition.unknown
        for figure in NutritionFigure.allCases {
            guard let value = Double(holder.text(figure.rawValue)?.trimmingSpaces ?? ""), value >= 0 else { continue }
            nutrition.set(figure, to: value / servings)
        }
        return MealPlanStore.recipeNutritionJSON(nutrition)
    }
}
