import ArgumentParser
import BrewData
import BrewKit
import Foundation

/// `brewguide kitchen shopping`: the shopping list, merged; made from the plan or a recipe;
/// items added, checked and cleared (MOD/SYS/008, PUC/007).
struct KitchenShoppingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shopping",
        abstract: "Show the shopping list merged, make it from the meal plan or a recipe, add, check or clear items.",
        discussion: """
            With no option it prints the stored list (kitchen/shopping.json), merged: the same \
            ingredient (name ignoring case and a plural s) in the same or a convertible unit is one \
            line, naming the recipes it comes from. --from-plan FIRST..LAST and --from-recipe ID \
            print the ingredients of the planned recipes (scaled to the servings eaten) or of one \
            recipe; --write also stores them, one item per recipe and ingredient, skipping items \
            already there. --add, --check, --clear-checked and --drop-recipe each rewrite the list atomically; \
            --check ticks every item merged into the same line. Counted things are bought \
            whole: "1 large egg (⅛ needed)".
            """
    )

    @Option(name: .customLong("from-plan"), help: "Days FIRST..LAST (yyyy-MM-dd..yyyy-MM-dd): the ingredients of every planned recipe.")
    var fromPlan: String?

    @Option(name: .customLong("from-recipe"), help: "A kitchen recipe's id: its ingredients.")
    var fromRecipe: String?

    @Option(parsing: .unconditional, help: "Servings for --from-recipe (default: the recipe's).")
    var servings: Double?

    @Flag(help: "Store the lines of --from-plan or --from-recipe in kitchen/shopping.json.")
    var write = false

    @Option(help: "Add a free item, such as \"2 lemons\".")
    var add: String?

    @Option(help: "Check the item with this id.")
    var check: String?

    @Flag(help: "With --check: uncheck instead.")
    var off = false

    @Flag(name: .customLong("clear-checked"), help: "Remove every checked item.")
    var clearChecked = false

    @Option(name: .customLong("drop-recipe"), help: "Remove every item made from this kitchen recipe (one that was erased, say).")
    var dropRecipe: String?

    @OptionGroup var dataOptions: DataOptions

    @Option(help: "Output format: text, markdown or json.")
    var format: ShoppingFormat = .text

    enum ShoppingFormat: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json
    }

    /// `--check ID` (`--off`: uncheck), also run by the served shopping page's ticks: ticking one
    /// source of a merged line ticks the line, every item merged with it. The caller holds the
    /// data directory's lock. Returns what it did, as the command says it.
    static func check(itemID: String, checked: Bool, root: String, updatedAt now: String) throws(CommandError) -> String {
        let store = MealPlanStore(root: root)
        let stored = MealPlanContext.load(root: root).plan.shoppingItems.map(\.value)
        let line = ShoppingListMerger.merge(ShoppingListBuilder.parts(stored: stored), reading: KitchenRecipeSource.amountReader)
            .first { $0.parts.contains { $0.itemID == itemID } }
        let others = (line?.parts.compactMap(\.itemID) ?? []).filter { $0 != itemID }
        try store.check(itemID: itemID, sameLine: others, checked: checked, updatedAt: now)
        var said = "\(checked ? "checked" : "unchecked") \(itemID)"
        if let line, !others.isEmpty { said += " and \(others.joined(separator: ", ")), the same line: \(line.text)" }
        return said
    }

    func run() throws {
        let edits = [add.map { _ in "--add" }, check.map { _ in "--check" }, clearChecked ? "--clear-checked" : nil, dropRecipe.map { _ in "--drop-recipe" }].compactMap { $0 }
        let sources = [fromPlan.map { _ in "--from-plan" }, fromRecipe.map { _ in "--from-recipe" }].compactMap { $0 }
        if edits.count + sources.count > 1 { refuse("give one of --from-plan, --from-recipe, --add, --check, --clear-checked or --drop-recipe (found \((edits + sources).joined(separator: ", ")))") }
        if off && check == nil { refuse("--off goes with --check ID") }
        if write && sources.isEmpty { refuse("--write goes with --from-plan or --from-recipe") }
        if servings != nil && fromRecipe == nil { refuse("--servings goes with --from-recipe") }
        // A command that writes the list holds the data directory's lock from its read to its write.
        let lock = !edits.isEmpty || write ? try CommandLock.data(dataOptions.data, for: "brewguide kitchen shopping") : nil
        defer { lock?.release() }
        let store = MealPlanStore(root: dataOptions.data)
        let now = ISO8601DateFormatter().string(from: RunClock.now())
        do {
            if let add {
                let id = try store.addItem(add, updatedAt: now)
                StandardError.write("added \(id): \(add.trimmingCharacters(in: .whitespacesAndNewlines))\n")
                return
            }
            if let check {
                StandardError.write(try Self.check(itemID: check, checked: !off, root: dataOptions.data, updatedAt: now) + "\n")
                return
            }
            if clearChecked {
                let count = try store.clearChecked(at: RunClock.now())
                StandardError.write("removed \(count) checked item\(count == 1 ? "" : "s")\n")
                return
            }
            if let dropRecipe {
                let count = try store.dropRecipe(dropRecipe, at: RunClock.now())
                StandardError.write("removed \(count) item\(count == 1 ? "" : "s") of the kitchen recipe \"\(dropRecipe)\"\n")
                return
            }
        } catch {
            refuse(error)
        }

        let context = MealPlanContext.load(root: dataOptions.data)
        let read = KitchenRecipeSource.amountReader
        var parts: [ShoppingLine.Part]
        if let fromPlan {
            let days = fromPlan.components(separatedBy: "..")
            guard days.count == 2, PlanDay.date(from: days[0]) != nil, PlanDay.date(from: days[1]) != nil, days[0] <= days[1] else {
                refuse("--from-plan: expected FIRST..LAST as yyyy-MM-dd..yyyy-MM-dd with FIRST not after LAST, found \"\(fromPlan)\"")
            }
            let result = ShoppingListBuilder.parts(planned: context.plan.slots.map(\.value), from: days[0], through: days[1], recipes: context.recipes)
            for slot in result.missing {
                StandardError.write("warning: slot \(slot.id) on \(slot.day) names the recipe \"\(slot.recipeID ?? "")\", which is not in the kitchen; it adds nothing\n")
            }
            parts = result.parts
            if parts.isEmpty { StandardError.write("no recipes are planned from \(days[0]) to \(days[1])\n") }
        } else if let fromRecipe {
            guard let recipe = context.recipes[fromRecipe] else {
                var message = "no kitchen recipe has the id \"\(fromRecipe)\""
                if let close = Suggestion.closest(to: fromRecipe, in: context.recipes.keys.sorted()) { message += "; did you mean \"\(close)\"?" }
                refuse(message)
            }
            if let servings, !(servings > 0 && servings <= 1000) { refuse("--servings: expected a number greater than 0, found \(Format.number(servings))") }
            parts = ShoppingListBuilder.parts(of: recipe, servings: servings ?? Double(recipe.servings))
        } else {
            let errors = context.diagnostics.filter { $0.severity == .error && $0.location.file.contains("shopping") }
            if !errors.isEmpty { StandardError.write(DiagnosticPrinter.text(errors)) }
            parts = ShoppingListBuilder.parts(stored: context.plan.shoppingItems.map(\.value))
        }
        let lines = ShoppingListMerger.merge(parts, reading: read)
        switch format {
        case .text: print(MealPlanPrinter.shoppingText(lines), terminator: "")
        case .markdown: print(MealPlanPrinter.shoppingMarkdown(lines), terminator: "")
        case .json: print(CanonicalJSON.string(MealPlanPrinter.shoppingJSON(lines), sortKeys: false), terminator: "")
        }
        if write {
            // Each item keeps its exact need and the text it came from, so the stored list reads
            // back as the lines shown above; only its `name` is rounded, for display.
            let items = parts.map { ShoppingListBuilder.item(of: $0, reading: read) }
            do {
                let added = try store.addItems(items, updatedAt: now)
                StandardError.write("added \(added) item\(added == 1 ? "" : "s") to \(MealPlanReader.shoppingJSON) (\(items.count - added) already there)\n")
            } catch {
                refuse(error)
            }
        }
    }
}
