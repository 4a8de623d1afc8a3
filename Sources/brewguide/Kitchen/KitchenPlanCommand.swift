import ArgumentParser
import BrewData
import BrewKit
import Foundation

/// `brewguide kitchen plan add|remove`: meal-plan slots (TC-082, TC-085).
struct KitchenPlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Add a recipe or a snack to a day's meal, or remove a planned slot.",
        subcommands: [Add.self, Remove.self]
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Plan a recipe, a snack preset or a quick-add snack for a meal of a day.",
            discussion: """
                Writes the slot into kitchen/plan/YYYY-MM.json (one atomic rewrite). MEAL is one of \
                Breakfast, "Morning Snack", Lunch, "Afternoon Snack", Dinner, "Evening Snack" \
                (morning-snack works too). Refused, with check's message, when the recipe or snack \
                is unknown. Prints the new slot's id.
                """
        )

        @Argument(help: "The day, yyyy-MM-dd.")
        var day: String

        @Argument(help: "The meal: Breakfast, Morning Snack, Lunch, Afternoon Snack, Dinner or Evening Snack.")
        var meal: String

        @Option(help: "A kitchen recipe's id.")
        var recipe: String?

        @Option(parsing: .unconditional, help: "Servings eaten (default 1).")
        var servings: Double?

        @Option(help: "A snack preset's id (banana, apple, greek-yogurt, protein-bar, handful-of-nuts, hard-boiled-egg, rice-cake, orange, or one of kitchen/snacks.json).")
        var snack: String?

        @Option(name: .customLong("quick-add"), help: "A snack's name, with --calories, --protein, --carbs and --fats.")
        var quickAdd: String?

        @Option(parsing: .unconditional, help: "Quick-add calories (whole kcal).") var calories: Int?
        @Option(parsing: .unconditional, help: "Quick-add protein (whole g).") var protein: Int?
        @Option(parsing: .unconditional, help: "Quick-add carbs (whole g).") var carbs: Int?
        @Option(parsing: .unconditional, help: "Quick-add fats (whole g).") var fats: Int?

        @Option(help: "The slot's id (default: the day and meal, such as 2026-11-24-dinner).")
        var id: String?

        @OptionGroup var dataOptions: DataOptions

        func run() throws {
            if let problem = PlanDay.problem(with: day) { refuse(problem) }
            guard let meal = Meal(loosely: meal) else {
                refuse("unknown meal \"\(meal)\"; expected one of " + Meal.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let given = [recipe.map { _ in "--recipe" }, snack.map { _ in "--snack" }, quickAdd.map { _ in "--quick-add" }].compactMap { $0 }
            guard given.count == 1 else { refuse("give one of --recipe, --snack or --quick-add" + (given.isEmpty ? "" : " (found \(given.joined(separator: " and ")))")) }
            if let servings, !(servings > 0 && servings <= 100) { refuse("--servings: expected a number greater than 0 and at most 100, found \(Format.number(servings))") }
            // Locked from the read of the plan to its write (DataDirectoryLock).
            let lock = try CommandLock.data(dataOptions.data, for: "brewguide kitchen plan add")
            defer { lock.release() }
            let context = MealPlanContext.load(root: dataOptions.data)
            let content: MealSlot.Content
            if let recipe {
                guard context.recipes[recipe] != nil else {
                    var message = "no kitchen recipe has the id \"\(recipe)\""
                    if let close = Suggestion.closest(to: recipe, in: context.recipes.keys.sorted()) { message += "; did you mean \"\(close)\"?" }
                    refuse(message)
                }
                content = .recipe(id: recipe)
            } else if let snack {
                guard context.plan.snacksByID[snack] != nil else {
                    var message = "no snack preset has the id \"\(snack)\""
                    if let close = Suggestion.closest(to: snack, in: context.plan.snacksByID.keys.sorted()) { message += "; did you mean \"\(close)\"?" }
                    refuse(message + " (the presets: \(context.plan.snacks.map(\.id).joined(separator: ", ")))")
                }
                content = .snack(id: snack)
            } else {
                let figures = [("--calories", calories), ("--protein", protein), ("--carbs", carbs), ("--fats", fats)]
                let missing = figures.filter { $0.1 == nil }.map(\.0)
                guard missing.isEmpty else { refuse("--quick-add needs \(missing.joined(separator: ", ")) (whole numbers ≥ 0)") }
                if let negative = figures.first(where: { ($0.1 ?? 0) < 0 }) { refuse("\(negative.0): expected a whole number ≥ 0, found \(negative.1!)") }
                let name = quickAdd!.trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { refuse("--quick-add: the snack's name is empty") }
                content = .quickAdd(QuickAddItem(name: name, calories: calories!, protein: protein!, carbs: carbs!, fats: fats!))
            }
            let taken = Set(context.plan.slots.map(\.value.id))
            let slotID = id ?? MealPlanStore.newSlotID(day: day, meal: meal, taken: taken)
            if let problem = RecordID.problem(with: slotID) { refuse("--id: \(problem)") }
            if taken.contains(slotID) { refuse("a plan slot already has the id \"\(slotID)\"") }
            // A recipe slot keeps the recipe's figures per serving, for the day it was eaten (issue 26).
            let slot = MealSlot(id: slotID, day: day, meal: meal, content: content, servings: servings ?? 1,
                                updatedAt: ISO8601DateFormatter().string(from: RunClock.now()),
                                recipeNutrition: recipe.flatMap { context.recipes[$0]?.nutritionPerServing })
            do {
                let file = try MealPlanStore(root: dataOptions.data).add(slot)
                StandardError.write("added \(slotID) to \(meal.rawValue) on \(day) in \(file)\n")
                print(slotID)
            } catch {
                refuse(error)
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a planned slot by its id (one atomic rewrite of its plan file)."
        )

        @Argument(help: "The slot's id, as `kitchen day` and the plan pages show it.")
        var slotId: String

        @OptionGroup var dataOptions: DataOptions

        func run() throws {
            let lock = try CommandLock.data(dataOptions.data, for: "brewguide kitchen plan remove")
            defer { lock.release() }
            do {
                let file = try MealPlanStore(root: dataOptions.data).removeSlot(id: slotId, at: RunClock.now())
                StandardError.write("removed \(slotId) from \(file)\n")
            } catch {
                refuse(error)
            }
        }
    }
}

/// Prints `error: message` to standard error and exits 1.
func refuse(_ message: String) -> Never {
    refuse(CommandError(message))
}

/// Prints the error in its one form (`path:line:column: error: reason`) and exits 1.
func refuse(_ error: CommandError) -> Never {
    StandardError.report(error)
    KitchenPlanCommand.exit(withError: ExitCode(1))
}
