import ArgumentParser

/// `--recipes` and `--logs-per-file`: the shape of a synthetic journal, for `generate` and `saves`.
struct JournalShapeOptions: ParsableArguments {
    @Option(help: "How many recipes (at least 12: the starter and the eleven named ones).")
    var recipes = JournalShape.namedRecipeCount

    @Option(name: .customLong("logs-per-file"), help: "Keep the logs in files of this many (logs/part-0001.json, …) instead of a file per month.")
    var logsPerFile: Int?

    var shape: JournalShape { JournalShape(recipeCount: recipes, logsPerFile: logsPerFile) }

    func validate() throws {
        guard recipes >= JournalShape.namedRecipeCount else { throw ValidationError("--recipes must be at least \(JournalShape.namedRecipeCount); found \(recipes)") }
        if let logsPerFile, logsPerFile < 1 { throw ValidationError("--logs-per-file must be at least 1; found \(logsPerFile)") }
    }
}
