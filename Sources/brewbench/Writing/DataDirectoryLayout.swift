/// The files of a data directory for a journal, in JSON or CSV, laid out as docs/DATA-FORMAT.md
/// describes: `preferences.json`, `recipes/`, `logs/<yyyy-mm>.<ext>`, `sessions/`.
struct DataDirectoryLayout {
    static let logHeader = [
        "id", "timestamp", "method", "recipeId", "recipeNameAtBrew", "doseGrams", "targetYieldGrams",
        "waterTemperatureCelsius", "grindLabel", "rating", "tasteTag", "note",
    ]
    static let recipeHeader = [
        "id", "isStarter", "origin", "method", "name", "defaultDose", "defaultTargetYield", "defaultWaterTemperature",
        "defaultGrindLabel", "grindTactileDescriptor", "createdAt", "modifiedAt", "bloomRatio", "pourSplit", "cardDosesGrams",
    ]
    static let stepHeader = [
        "recipeId", "stepId", "orderIndex", "kind", "instructionText", "durationSeconds", "targetElapsedSeconds",
        "targetElapsedMaxSeconds", "waterAmountGrams", "isFixedWater",
    ]
    static let sessionHeader = ["id", "startTime", "endTime", "isActive", "waterEveryNDrinks"]
    static let entryHeader = [
        "sessionId", "id", "timestamp", "type", "drinkType", "sizeMl", "abv", "standardDrinkEstimate", "presetId",
        "waterAmountMl", "source",
    ]

    let format: DataFormat

    func files(for journal: SyntheticJournal) -> [GeneratedFile] {
        var files = [GeneratedFile(path: "preferences.json", text: Self.preferencesText)]
        files += recipeFiles(journal.recipes)
        for group in journal.logsByMonth {
            files.append(monthFile(month: group.month, logs: group.logs))
        }
        files += sessionFiles(journal.sessions)
        files.append(GeneratedFile(path: "sessions/presets.json", text: DrinkPresets.fileText))
        return files
    }

    /// The file of one month's logs; the benchmark rewrites it to edit a log.
    func monthFile(month: String, logs: [SyntheticLog]) -> GeneratedFile {
        switch format {
        case .json:
            return GeneratedFile(path: "logs/\(month).json", text: JSONText.array(logs.map(Self.json)).rendered())
        case .csv:
            var table = CSVText(header: Self.logHeader)
            for log in logs { table.append(Self.cells(log)) }
            return GeneratedFile(path: "logs/\(month).csv", text: table.text)
        }
    }

    static let preferencesText = """
        {
          "lastSelectedRecipeId": "bright-morning",
          "cardDosesGrams": [12, 20, 30],
          "waterline": {
            "waterEveryNDrinks": 1,
            "warningThreshold": 2,
            "timeReminderIntervalMinutes": 30,
            "units": "ml",
            "defaultWaterAmount": 250,
            "standardDrinkGrams": 14
          }
        }

        """

    // MARK: Logs

    static func json(_ log: SyntheticLog) -> JSONText {
        .members([
            ("id", .string(log.id)),
            ("timestamp", .string(log.timestamp.iso8601)),
            ("method", .string("v60")),
            ("recipeId", log.recipeId.map(JSONText.string)),
            ("recipeNameAtBrew", .string(log.recipeNameAtBrew)),
            ("doseGrams", .number(log.doseGrams)),
            ("targetYieldGrams", .number(log.targetYieldGrams)),
            ("waterTemperatureCelsius", .number(log.waterTemperatureCelsius)),
            ("grindLabel", .string(log.grindLabel)),
            ("rating", .number(Double(log.rating))),
            ("tasteTag", log.tasteTag.map(JSONText.string)),
            ("note", log.note.map(JSONText.string)),
        ])
    }

    static func cells(_ log: SyntheticLog) -> [String?] {
        [
            log.id, log.timestamp.iso8601, "v60", log.recipeId, log.recipeNameAtBrew,
            JSONText.number(log.doseGrams), JSONText.number(log.targetYieldGrams),
            JSONText.number(log.waterTemperatureCelsius), log.grindLabel, String(log.rating), log.tasteTag, log.note,
        ]
    }

    // MARK: Recipes

    private func recipeFiles(_ recipes: [SyntheticRecipe]) -> [GeneratedFile] {
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

    // MARK: Sessions

    private func sessionFiles(_ sessions: [SyntheticSession]) -> [GeneratedFile] {
        switch format {
        case .json:
            var byYear: [(year: Int, sessions: [SyntheticSession])] = []
            for session in sessions {
                let year = session.startTime.civilDate.year
                if byYear.last?.year == year {
                    byYear[byYear.count - 1].sessions.append(session)
                } else {
                    byYear.append((year, [session]))
                }
            }
            return byYear.map { group in
                GeneratedFile(path: "sessions/\(group.year).json", text: JSONText.array(group.sessions.map(Self.json)).rendered())
            }
        case .csv:
            var sessionTable = CSVText(header: Self.sessionHeader)
            var entryTable = CSVText(header: Self.entryHeader)
            for session in sessions {
                sessionTable.append([
                    session.id, session.startTime.iso8601, session.endTime.iso8601, "false",
                    session.waterEveryNDrinks.map(String.init),
                ])
                for entry in session.entries { entryTable.append(Self.cells(entry, of: session.id)) }
            }
            return [
                GeneratedFile(path: "sessions/sessions.csv", text: sessionTable.text),
                GeneratedFile(path: "sessions/entries.csv", text: entryTable.text),
            ]
        }
    }

    static func json(_ session: SyntheticSession) -> JSONText {
        .members([
            ("id", .string(session.id)),
            ("startTime", .string(session.startTime.iso8601)),
            ("endTime", .string(session.endTime.iso8601)),
            ("isActive", .bool(false)),
            ("settings", session.waterEveryNDrinks.map { .object([("waterEveryNDrinks", .number(Double($0)))]) }),
            ("entries", .array(session.entries.map(json))),
        ])
    }

    static func json(_ entry: SyntheticSessionEntry) -> JSONText {
        var meta: (String, JSONText)?
        switch entry.drink {
        case .preset(let type, let presetId)?:
            meta = ("alcoholMeta", .object([("drinkType", .string(type)), ("presetId", .string(presetId))]))
        case .measured(let type, let sizeMl, let abv)?:
            meta = ("alcoholMeta", .object([("drinkType", .string(type)), ("sizeMl", .number(Double(sizeMl))), ("abv", .number(abv))]))
        case .estimated(let type, let standardDrinks)?:
            meta = ("alcoholMeta", .object([("drinkType", .string(type)), ("standardDrinkEstimate", .number(standardDrinks))]))
        case nil:
            meta = entry.waterMl.map { ("waterMeta", .object([("amountMl", .number(Double($0)))])) }
        }
        return .members([
            ("id", .string(entry.id)),
            ("timestamp", .string(entry.timestamp.iso8601)),
            ("type", .string(entry.drink == nil ? "water" : "alcohol")),
            (meta?.0 ?? "alcoholMeta", meta?.1),
            ("source", .string(entry.source)),
        ])
    }

    static func cells(_ entry: SyntheticSessionEntry, of sessionId: String) -> [String?] {
        var drinkType: String?, sizeMl: String?, abv: String?, estimate: String?, presetId: String?
        switch entry.drink {
        case .preset(let type, let preset)?: (drinkType, presetId) = (type, preset)
        case .measured(let type, let size, let strength)?: (drinkType, sizeMl, abv) = (type, String(size), JSONText.number(strength))
        case .estimated(let type, let standardDrinks)?: (drinkType, estimate) = (type, JSONText.number(standardDrinks))
        case nil: break
        }
        return [
            sessionId, entry.id, entry.timestamp.iso8601, entry.drink == nil ? "water" : "alcohol",
            drinkType, sizeMl, abv, estimate, presetId, entry.waterMl.map(String.init), entry.source,
        ]
    }
}
