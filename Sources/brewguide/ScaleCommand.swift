import ArgumentParser
import BrewData
import BrewKit
import Foundation

/// `brewguide scale`: a recipe scaled to a dose or a target yield, as a brew plan.
struct ScaleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale",
        abstract: "Scale a recipe to a dose or a target yield and print the brew plan.",
        discussion: """
            The recipe's ratio (default yield ÷ default dose) links dose and yield: give --dose and \
            the yield is derived, give --yield and the dose is derived. When both are given, the one \
            given later on the command line wins. Dose rounds to 0.1 g, water to 1 g. Values outside \
            the recommended ranges are warnings, never changed. Exit status 1 for an unknown or \
            invalid recipe or an impossible plan. See docs/SCALE.md.
            """
    )

    @Argument(help: "The recipe id, as in `brewguide check` (default: the last selected recipe of preferences.json, else the starter).")
    var recipeId: String?

    @Option(help: "Coffee dose in grams; the yield is derived.")
    var dose: Double?

    @Option(name: .customLong("yield"), help: "Target yield (water) in grams; the dose is derived.")
    var targetYield: Double?

    @Option(help: "Water temperature in °C (default: the recipe's).")
    var temperature: Double?

    @Option(help: "Grind label: fine, medium or coarse (default: the recipe's).")
    var grind: GrindLabel?

    @OptionGroup var dataOptions: DataOptions

    @Option(help: "Output format: text (at the counter), markdown (for notes) or json (for scripts).")
    var format: PlanPrinter.OutputFormat = .text

    /// The bounds the data has (`FieldBounds`): a dose or yield far beyond any brew is a typo.
    func validate() throws {
        if let dose, !(dose <= FieldBounds.doseGrams.maximum) {
            throw ValidationError("--dose must be at most \(Format.grams(FieldBounds.doseGrams.maximum)), found \(Format.number(dose))")
        }
        if let targetYield, !(targetYield <= FieldBounds.waterGrams.maximum) {
            throw ValidationError("--yield must be at most \(Format.grams(FieldBounds.waterGrams.maximum)), found \(Format.number(targetYield))")
        }
    }

    func run() throws {
        let result = DataDirectoryReader(root: dataOptions.data).read()
        let validated = result.validated
        // US-001: without an id, the last selected recipe (preferences.json), else the starter.
        guard let recipeId = recipeId ?? Self.lastSelected(in: validated.dataset) else {
            throw CommandError("no recipe id given, and \(dataOptions.data) has no last selected recipe or starter to use", findings: validated.blockingErrors)
        }
        if let reasons = validated.invalidRecipeReasons[recipeId] {
            throw CommandError("recipe \"\(recipeId)\" is invalid and cannot be brewed until it is fixed:\n" + reasons.map(\.description).joined(separator: "\n"))
        }
        guard let recipe = validated.dataset.recipes.first(where: { $0.value.id == recipeId })?.value else {
            throw CommandError(Self.unknownRecipeMessage(recipeId, known: validated.dataset.recipes.map(\.value.id), data: dataOptions.data), findings: validated.blockingErrors)
        }
        let inputs = BrewInputs(
            doseGrams: dose, targetYieldGrams: targetYield,
            lastEdited: Self.lastEdited(in: CommandLine.arguments) ?? (dose == nil && targetYield != nil ? .yield : .dose),
            waterTemperatureCelsius: temperature, grindLabel: grind)
        let plan: BrewPlan
        do {
            plan = try BrewPlanner.plan(recipe, inputs: inputs)
        } catch {
            throw CommandError("\(error)")
        }
        print(PlanPrinter(plan: plan, recipe: recipe).render(format), terminator: "")
    }

    /// The recipe `preferences.json` last selected, when it is in the data, else the starter.
    static func lastSelected(in dataset: Dataset) -> String? {
        let ids = Set(dataset.recipes.map(\.value.id))
        if let last = dataset.preferences?.value.lastSelectedRecipeId, ids.contains(last) { return last }
        return dataset.recipes.first(where: \.value.isStarter)?.value.id
    }

    /// Which of `--dose` and `--yield` comes last in the arguments, if either is there.
    static func lastEdited(in arguments: [String]) -> EditedInput? {
        var last: EditedInput?
        for argument in arguments {
            if argument == "--" { break }
            if argument == "--dose" || argument.hasPrefix("--dose=") { last = .dose }
            if argument == "--yield" || argument.hasPrefix("--yield=") { last = .yield }
        }
        return last
    }

    static func unknownRecipeMessage(_ id: String, known: [String], data: String) -> String {
        var message = "no recipe with id \"\(id)\" in \(data)"
        if let closest = Suggestion.closest(to: id, in: known) {
            message += "; did you mean \"\(closest)\"?"
        } else if !known.isEmpty {
            message += "; recipes: \(known.sorted().joined(separator: ", "))"
        }
        return message
    }
}

extension GrindLabel: ExpressibleByArgument {}
extension PlanPrinter.OutputFormat: ExpressibleByArgument {}
