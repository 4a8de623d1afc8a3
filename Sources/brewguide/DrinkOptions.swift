import ArgumentParser
import BrewKit

/// A drink's details on the command line, shared by `session drink` and `session edit`:
/// a preset, or its type, size, ABV and standard drinks.
struct DrinkOptions: ParsableArguments {
    @Option(help: "A drink preset's id (sessions/presets.json).") var preset: String?
    @Option(help: "beer, wine, liquor, cocktail or other.") var type: String?
    @Option(help: "The size: millilitres (473), or ounces with oz (12oz).") var size: String?
    @Option(help: "Alcohol by volume in percent (6.5); without it a size and --type assume beer 5, wine 12, liquor 40, cocktail 15.") var abv: Double?
    @Option(help: "Standard drinks, when size or ABV is unknown.") var estimate: Double?

    /// The details given, checked; nil fields were not given.
    func meta() throws -> AlcoholMeta {
        AlcoholMeta(drinkType: try type.map(SessionCommand.drinkType), size: try size.map { try SessionCommand.volume($0, option: "--size") },
                    abvPercent: abv, standardDrinkEstimate: estimate, presetId: preset)
    }
}
