import ArgumentParser
import BrewData
import BrewKit
import Foundation

/// `brewguide kitchen goals`: the daily nutrition goals, recalculated (MOD/SYS/012.1).
struct KitchenGoalsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goals",
        abstract: "Show or change the daily nutrition goals (calories, protein, carbs, fats).",
        discussion: """
            --calories N keeps the current split (the stored split, else the default \
            30/40/30) and sets each macro to N × its share ÷ its kcal per gram (4/4/9). \
            --protein, --carbs or --fats G keeps the calories and shares what remains between the \
            other two in proportion to their current calories. Grams round to whole grams, so the \
            macros' calories may differ from the goal by a few kcal. Give one change at a time. \
            --write stores the result in preferences.json (kitchen.goals). See docs/KITCHEN.md.
            """
    )

    @Option(parsing: .unconditional, help: "A new daily calorie goal, 1200–4000 kcal; the split is kept.")
    var calories: Int?

    @Option(parsing: .unconditional, help: "A new protein goal in grams; calories kept, carbs and fats share the rest.")
    var protein: Int?

    @Option(parsing: .unconditional, help: "A new carbs goal in grams; calories kept, protein and fats share the rest.")
    var carbs: Int?

    @Option(parsing: .unconditional, help: "A new fats goal in grams; calories kept, protein and carbs share the rest.")
    var fats: Int?

    @Flag(help: "Store the result in preferences.json.")
    var write = false

    @OptionGroup var dataOptions: DataOptions

    @Option(help: "Output format: text or json.")
    var format: DiagnosticPrinter.Format = .text

    func run() throws {
        var diagnostics: [Diagnostic] = []
        let stored = MealPlanReader(root: dataOptions.data).readGoals(diagnostics: &diagnostics)
        if diagnostics.hasErrors {
            StandardError.write(DiagnosticPrinter.text(diagnostics.sortedByLocation()))
            throw ExitCode(1)
        }
        let current = stored?.value ?? .seedDefault
        let changes = [calories.map { _ in "--calories" }, protein.map { _ in "--protein" }, carbs.map { _ in "--carbs" }, fats.map { _ in "--fats" }].compactMap { $0 }
        if changes.count > 1 {
            throw CommandError("give one change at a time (found \(changes.joined(separator: ", "))): each one redistributes the others")
        }
        let result: NutritionGoals
        do throws(GoalError) {
            if let calories { result = try current.settingCalories(calories) }
            else if let protein { result = try current.setting(Macro.protein, grams: protein) }
            else if let carbs { result = try current.setting(Macro.carbs, grams: carbs) }
            else if let fats { result = try current.setting(Macro.fats, grams: fats) }
            else { result = current }
        } catch {
            throw CommandError(error.message)
        }
        // Written first, so that "(stored)" is printed only when the split really is stored.
        if write {
            let lock = try CommandLock.data(dataOptions.data, for: "brewguide kitchen goals")
            defer { lock.release() }
            try MealPlanStore(root: dataOptions.data).writeGoals(result, updatedAt: RunClock.now())
        }
        let splitNote: MealPlanPrinter.SplitNote
        if write || (changes.isEmpty && stored?.value.split != nil) { splitNote = .stored }
        else if calories != nil { splitNote = .kept(fromStored: current.split != nil) }
        else if !changes.isEmpty { splitNote = .newGrams }
        else { splitNote = .defaultSplit }
        switch format {
        case .text: print(MealPlanPrinter.goalsText(result, isDefault: stored == nil && changes.isEmpty, splitNote: splitNote), terminator: "")
        case .json: print(CanonicalJSON.string(MealPlanPrinter.goalsJSON(result), sortKeys: false), terminator: "")
        }
        if write {
            StandardError.write("wrote kitchen.goals in \((dataOptions.data as NSString).appendingPathComponent(DataDirectoryReader.preferencesFileName))\n")
        }
    }
}
