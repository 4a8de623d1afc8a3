import ArgumentParser
import Foundation

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a synthetic data directory: the same seed gives byte-identical files."
    )

    @Option(help: "How many brew logs (about ten a day, ending 2026-11-21).")
    var logs: Int

    @Option(help: "The seed of the generator.")
    var seed: UInt64 = 1

    @Option(help: "json or csv.")
    var format: DataFormat = .json

    @Option(help: "The directory to write; it must not exist or be empty (or pass --force).")
    var output: String

    @Option(name: .customLong("kitchen-recipes"), help: "How many kitchen recipes to add (kitchen/recipes/kitchen.json; issue 14).")
    var kitchenRecipes = 0

    @OptionGroup var shape: JournalShapeOptions

    @Flag(help: "Remove the output directory first when it has files.")
    var force = false

    func validate() throws {
        guard logs >= 0 else { throw ValidationError("--logs must be 0 or more") }
        guard kitchenRecipes >= 0 else { throw ValidationError("--kitchen-recipes must be 0 or more") }
    }

    func run() throws {
        let clock = MonotonicClock()
        let generated = try SyntheticDataSet.write(logs: logs, seed: seed, format: format, kitchenRecipes: kitchenRecipes, shape: shape.shape, to: output, replacing: force)
        Progress.say("wrote \(output): \(logs) logs, \(kitchenRecipes) kitchen recipes, \(generated.recipes) recipes, \(generated.sessions) sessions, \(generated.files) files (\(format.rawValue), seed \(seed)) in \(Int(clock.elapsedSeconds * 1000)) ms")
    }
}
