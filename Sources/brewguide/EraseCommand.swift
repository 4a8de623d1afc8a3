import ArgumentParser
import BrewData
import BrewKit
import Foundation

/// `brewguide erase`: removes records for good (GDPR Art. 17). A dry run unless `--yes`.
struct EraseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "erase",
        abstract: "Erase records from the data directory (dry run unless --yes).",
        discussion: "Records are removed from the files that hold them, each file replaced atomically. An erasure record (kinds, ids, time; nothing else) is kept in erasures.json so merge and import never bring them back. The starter recipe cannot be erased."
    )

    @OptionGroup var dataOptions: DataOptions

    @Flag(help: "Everything the person owns: custom recipes, logs, sessions, drink presets, preferences.")
    var all = false
    @Option(help: "A recipe id.") var recipe: String?
    @Option(help: "A log id.") var log: String?
    @Option(help: "A session id.") var session: String?
    @Option(name: .customLong("kitchen-recipe"), help: "A kitchen recipe id (deleted for good, with its ingredients, steps and photos).") var kitchenRecipe: String?
    @Option(help: "A cook log id (kitchen cooked).") var cooked: String?
    @Option(help: "A drink preset id (the night-out presets in sessions/).") var preset: String?
    @Option(help: "A bag of beans' id (beans/).") var bean: String?
    @Option(name: .customLong("logs-before"), help: "Logs before this date (YYYY-MM-DD, UTC).") var logsBefore: String?
    @Option(name: .customLong("plan-before"), help: "Meal-plan slots of days before this one (YYYY-MM-DD).") var planBefore: String?
    @Flag(help: "The shopping list (kitchen/shopping.json or .csv).") var shopping = false
    @Option(help: ArgumentHelp("Every record of a kind: \(EraseCommand.erasableKindList) (recipes: the custom ones).")) var kind: String?
    @Flag(help: "Carry out the erasure; without it nothing changes.") var yes = false

    func validate() throws {
        let chosen = [all ? "all" : nil, recipe, log, session, kitchenRecipe, cooked, preset, bean, logsBefore, planBefore, shopping ? "shopping" : nil, kind].compactMap { $0 }
        guard chosen.count == 1 else { throw ValidationError("choose exactly one of --all, --recipe, --log, --session, --kitchen-recipe, --cooked, --preset, --bean, --logs-before, --plan-before, --shopping, --kind") }
        if let planBefore, PlanDay.date(from: planBefore) == nil {
            throw ValidationError("--plan-before needs a day as YYYY-MM-DD, found \"\(planBefore)\"")
        }
        if let logsBefore, logsBefore.count != 10 || ISO8601.date(from: logsBefore) == nil {
            throw ValidationError("--logs-before needs a date as YYYY-MM-DD, found \"\(logsBefore)\"")
        }
        if let kind, Self.erasableKind(kind) == nil {
            throw ValidationError("--kind must be one of \(Self.erasableKinds.map(\.rawValue).joined(separator: ", ")), found \"\(kind)\"")
        }
    }

    var selection: Eraser.Selection {
        if all { return .all }
        if let recipe { return .recipe(recipe) }
        if let log { return .log(log) }
        if let session { return .session(session) }
        if let kitchenRecipe { return .kitchenRecipe(kitchenRecipe) }
        if let cooked { return .cookLog(cooked) }
        if let preset { return .drinkPreset(preset) }
        if let bean { return .bean(bean) }
        if let logsBefore, let date = ISO8601.date(from: logsBefore) { return .logsBefore(date) }
        if let planBefore { return .planBefore(planBefore) }
        if shopping { return .shopping }
        return .kind(Self.erasableKind(kind ?? "") ?? .logs)
    }

    /// The kinds `--kind` takes: the registered kinds erased by id (`RecordKind.EraseRule.byID`).
    static var erasableKinds: [RecordKind] {
        RecordKind.registered.filter { if case .byID = $0.rules.erase { true } else { false } }
    }

    /// The kinds `--kind` takes, for its help: `recipes, logs, … or kitchenRecipes`.
    static var erasableKindList: String {
        Format.list(erasableKinds.map(\.rawValue), "or")
    }

    static func erasableKind(_ name: String) -> RecordKind? {
        erasableKinds.first { $0.rawValue == name }
    }

    /// The plan slots and shopping items that name an erased kitchen recipe: kept, and said so.
    func printRecipeUses(_ uses: KitchenRecipeUses, recipes: Int) {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let it = recipes == 1 ? "it" : "them"
        if !uses.slots.isEmpty {
            print("kept: \(count(uses.slots.count, "plan slot")) naming \(it), shown as erased: \(uses.slots.joined(separator: ", "))")
        }
        if !uses.slotsGivenFigures.isEmpty {
            print("  \(yes ? "keeping" : "would keep") \(recipes == 1 ? "the recipe's" : "each recipe's") last figures per serving in \(uses.slotsGivenFigures.joined(separator: ", ")), so their days keep their totals")
        }
        if !uses.cookLogs.isEmpty {
            print("kept: \(count(uses.cookLogs.count, "cook log")) naming \(it), a record of what was cooked: \(uses.cookLogs.joined(separator: ", ")) (erase them with --cooked ID)")
        }
        if !uses.shoppingItems.isEmpty {
            print("kept: \(count(uses.shoppingItems.count, "shopping item")) naming \(it), left on the list: \(uses.shoppingItems.joined(separator: ", "))")
        }
    }

    /// The files changed (or, in a dry run, to be changed); a change without content removes its
    /// file (an emptied file, a thumbnail).
    static func printChanges(_ fileChanges: [Eraser.FileChange], done: Bool) {
        for (changes, made, planned) in [(fileChanges.filter { $0.content != nil }, "rewritten", "would be rewritten"),
                                          (fileChanges.filter { $0.content == nil }, "removed", "would be removed")] where !changes.isEmpty {
            print("\(changes.count) file\(changes.count == 1 ? "" : "s") \(done ? made : planned): \(changes.map(\.path).joined(separator: ", "))")
        }
    }

    func run() throws {
        do {
            let lock = yes ? try DataDirectoryLock.acquire(root: dataOptions.data, command: "brewguide erase") : nil
            defer { lock?.release() }
            let plan = try Eraser.plan(root: dataOptions.data, selection: selection)
            for kind in ErasureRecord.Kind.allCases where kind != .preferences {
                let ids = plan.ids(kind)
                if !ids.isEmpty {
                    let name = ids.count == 1 ? kind.rawValue : kind.rawValue.hasSuffix("y") ? kind.rawValue.dropLast() + "ies" : kind.rawValue + "s"
                    print("\(yes ? "erasing" : "would erase") \(ids.count) \(name): \(ids.joined(separator: ", "))")
                }
            }
            if plan.removesPreferences { print("\(yes ? "erasing" : "would erase") preferences") }
            if !plan.removedImages.isEmpty {
                print("\(yes ? "removing" : "would remove") \(plan.removedImages.count) photo file\(plan.removedImages.count == 1 ? "" : "s") no other kitchen recipe or cook log names: \(plan.removedImages.joined(separator: ", "))")
            }
            printRecipeUses(plan.recipeUses, recipes: plan.count(.kitchenRecipe))
            for line in plan.refused { print("kept: \(line)") }
            for line in plan.alreadyErased { print("already erased: \(line)") }
            for line in plan.notFound { print("not found: \(line)") }
            if plan.isEmpty {
                print("nothing to erase")
                return
            }
            guard yes else {
                Self.printChanges(plan.fileChanges, done: false)
                print("dry run: nothing changed; add --yes to erase")
                return
            }
            // Only what was written is said: a failure part-way says itself which files it changed.
            Self.printChanges(try Eraser.apply(plan, root: dataOptions.data), done: true)
            print("erased; the erasure record is in \(ErasureLedger.path(root: dataOptions.data))")
        }
    }
}
