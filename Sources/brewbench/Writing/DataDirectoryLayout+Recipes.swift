/// Recipes as JSON (one file each, steps inside) or as a recipes CSV and a steps CSV.
extension DataDirectoryLayout {
    func recipeFiles(_ recipes: [SyntheticRecipe]) -> [GeneratedFile] {
        switch format {
        case .json:
            return recipes.map { GeneratedFile(path: "recipes/\($0.id).json", text: Self.json($0).rendered()) }
        case .csv:
            var recipeTable = CSVText(header: Self.recipeHeader)
            var stepTable = CSVText(header: Self.stepHeader)
            for recipe in recipes {
                recipeTable.append(Self.cells(recipe))
                for (index, step) in recipe.steps.enumerated() {
                    stepTable.append([
                        recipe.id, step.stepId, String(index), step.kind, step.instructionText,
                        step.durationSeconds.map(String.init), step.targetElapsedSeconds.map(String.init),
                        step.targetElapsedMaxSeconds.map(String.init), step.waterAmountGrams.map(JSONText.number), nil,
                    ])
                }
            }
            return [
                GeneratedFile(path: "recipes/recipes.csv", text: recipeTable.text),
                GeneratedFile(path: "recipes/recipe-steps.csv", text: stepTable.text),
            ]
        }
    }

    static func json(_ recipe: SyntheticRecipe) -> JSONText {
        .members([
            ("id", .string(recipe.id)),
            ("isStarter", .bool(recipe.isStarter)),
            ("origin", .string(recipe.origin)),
            ("method", .string("v60")),
            ("name", .string(recipe.name)),
            ("defaultDose", .number(recipe.doseGrams)),
            ("defaultTargetYield", .number(recipe.targetYieldGrams)),
            ("defaultWaterTemperature", .number(recipe.waterTemperatureCelsius)),
            ("defaultGrindLabel", .string(recipe.grindLabel)),
            ("grindTactileDescriptor", .string(recipe.grindDescriptor)),
            ("createdAt", .string(recipe.createdAt.iso8601)),
            ("modifiedAt", .string(recipe.modifiedAt.iso8601)),
            ("bloomRatio", .number(recipe.bloomRatio)),
            ("pourSplit", recipe.pourSplit.map(JSONText.string)),
            ("cardDosesGrams", recipe.cardDosesGrams.isEmpty ? nil : .array(recipe.cardDosesGrams.map(JSONText.number))),
            ("steps", .array(recipe.steps.map(json))),
        ])
    }

    static func json(_ step: SyntheticStep) -> JSONText {
        .members([
            ("stepId", .string(step.stepId)),
            ("kind", .string(step.kind)),
            ("instructionText", step.instructionText.map(JSONText.string)),
            ("durationSeconds", step.durationSeconds.map { .number(Double($0)) }),
            ("targetElapsedSeconds", step.targetElapsedSeconds.map { .number(Double($0)) }),
            ("targetElapsedMaxSeconds", step.targetElapsedMaxSeconds.map { .number(Double($0)) }),
            ("waterAmountGrams", step.waterAmountGrams.map(JSONText.number)),
        ])
    }

    static func cells(_ recipe: SyntheticRecipe) -> [String?] {
        [
            recipe.id, String(recipe.isStarter), recipe.origin, "v60", recipe.name,
            JSONText.number(recipe.doseGrams), JSONText.number(recipe.targetYieldGrams),
            JSONText.number(recipe.waterTemperatureCelsius), recipe.grindLabel, recipe.grindDescriptor,
            recipe.createdAt.iso8601, recipe.modifiedAt.iso8601, JSONText.number(recipe.bloomRatio), recipe.pourSplit,
            recipe.cardDosesGrams.isEmpty ? nil : recipe.cardDosesGrams.map(JSONText.number).joined(separator: ";"),
        ]
    }
}
