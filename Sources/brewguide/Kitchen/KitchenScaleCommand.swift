import ArgumentParser
import BrewData
import BrewKit

/// `brewguide kitchen scale`: a kitchen recipe's ingredients for some servings, in metric or imperial units.
struct KitchenScaleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale",
        abstract: "Scale a kitchen recipe to a number of servings and print its ingredients and nutrition.",
        discussion: """
            Every readable amount is multiplied by servings ÷ the recipe's servings and rounded as a cook \
            measures (docs/KITCHEN.md); amounts that cannot be read are shown as written. Units default to \
            preferences.json kitchen.units, else units in the config file, else metric. Exit status 1 for an unknown kitchen recipe or data errors.
            """
    )

    @Argument(help: "The kitchen recipe id (the file name of its page).")
    var recipeId: String

    @Option(parsing: .unconditional, help: "Servings to scale to (a whole number, 1 or more; default: the recipe's).")
    var servings: Int?

    @Option(help: "metric (g, kg, ml, l) or imperial (oz, lb, tsp, tbsp, cup, fl oz).")
    var units: KitchenUnits?

    @OptionGroup var dataOptions: DataOptions

    @Option(help: "Output format: text, markdown or json.")
    var format: KitchenScalePrinter.OutputFormat = .text

    func validate() throws {
        if let servings, servings < 1 || servings > 10_000 {
            throw ValidationError("--servings must be a whole number from 1 to 10000, found \(servings)")
        }
    }

    func run() throws {
        let result = DataDirectoryReader(root: dataOptions.data).read()
        let dataset = result.validated.dataset
        guard let located = dataset.kitchenRecipes.first(where: { $0.value.id == recipeId }) else {
            let kitchenErrors = result.validated.diagnostics.filter { $0.severity == .error && $0.location.file.contains("/kitchen/") }
            var message = "no kitchen recipe with id \"\(recipeId)\" in \(dataOptions.data)/kitchen/recipes"
            let known = dataset.kitchenRecipes.map(\.value.id)
            if let closest = Suggestion.closest(to: recipeId, in: known) {
                message += "; did you mean \"\(closest)\"?"
            } else if !known.isEmpty {
                message += "; kitchen recipes: \(known.sorted().joined(separator: ", "))"
            }
            throw CommandError(message, findings: kitchenErrors)
        }
        let recipeErrors = result.validated.diagnostics.filter { $0.severity == .error && $0.location.file == located.source.record.file }
        if !recipeErrors.isEmpty {
            throw CommandError("kitchen recipe \"\(recipeId)\" has errors; fix them first:\n" + recipeErrors.map(\.description).joined(separator: "\n"))
        }
        let chosenUnits = units ?? dataset.preferences?.value.kitchenUnits ?? RunSettings.usableConfig?.units.flatMap(KitchenUnits.init(rawValue:)) ?? .metric
        let scaled = KitchenScaler.scale(located.value, servings: servings ?? located.value.servings, units: chosenUnits)
        print(KitchenScalePrinter(scaled: scaled).render(format), terminator: "")
    }
}

extension KitchenUnits: ExpressibleByArgument {}
extension KitchenScalePrinter.OutputFormat: ExpressibleByArgument {}
