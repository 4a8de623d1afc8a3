import BrewKit

/// Puts parsed files together into one data set: attaches the rows of steps CSVs to
/// their recipes and reports steps whose recipe is missing.
public enum DatasetAssembler {
    public static func assemble(_ files: [ParsedFile]) -> (dataset: Dataset, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = files.flatMap(\.diagnostics)
        var stepsByRecipe: [String: [StepDecoder.Draft]] = [:]
        for file in files {
            for entry in file.stepDrafts { stepsByRecipe[entry.recipeID, default: []].append(entry.draft) }
        }
        var recipes: [Located<Recipe>] = []
        var attached: Set<String> = []
        for file in files {
            for var located in file.recipes {
                let id = located.value.id
                if let drafts = stepsByRecipe[id] {
                    if !file.recipesAwaitingSteps.contains(id) {
                        for draft in drafts {
                            diagnostics.append(.error("recipe \"\(ShownText.escaped(id))\" already lists its steps in \(located.source.record.file); a step cannot come from a steps CSV too", at: draft.location))
                        }
                    } else if !attached.contains(id) {
                        var stepDiagnostics: [Diagnostic] = []
                        let (steps, locations) = StepDecoder.assemble(drafts, into: &stepDiagnostics)
                        diagnostics += stepDiagnostics.map { var d = $0; d.invalidatesRecipeID = id; return d }
                        located.value.steps = steps
                        located.source.fields.merge(locations) { _, step in step }
                    }
                    attached.insert(id)
                }
                recipes.append(located)
            }
        }
        for (recipeID, drafts) in stepsByRecipe where !attached.contains(recipeID) {
            let known = recipes.map(\.value.id)
            var message = "this step names recipe \"\(ShownText.escaped(recipeID))\", which is not in the data"
            if let near = Suggestion.closest(to: recipeID, in: known) { message += " (did you mean \"\(near)\"?)" }
            for draft in drafts { diagnostics.append(.error(message, at: draft.fieldLocations[RecordFileParser.stepsFileMarker] ?? draft.location)) }
        }
        let sessions = SessionFileParser.assemble(files, diagnostics: &diagnostics)
        var dataset = Dataset(recipes: recipes, sessions: sessions)
        dataset.kitchenRecipes = KitchenFileParser.assemble(files, diagnostics: &diagnostics)
        // The files' stores in the files' order, each shelf copied on all cores: the logs are
        // most of the data set.
        dataset.store.append(contentsOf: RecordStore.joined(files.map(\.store)))
        return (dataset, diagnostics)
    }
}
