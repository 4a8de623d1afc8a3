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
    /// Logs per file (`logs/part-0001.json`, …); nil keeps a file per month.
    var logsPerFile: Int? = nil

    func files(for journal: SyntheticJournal) -> [GeneratedFile] {
        var files = [GeneratedFile(path: "preferences.json", text: Self.preferencesText)]
        files += recipeFiles(journal.recipes)
        let groups = logsPerFile.map { journal.logsInParts(of: $0) } ?? journal.logsByMonth.map { ($0.month, $0.logs) }
        for group in groups {
            files.append(monthFile(month: group.0, logs: group.1))
        }
        files += sessionFiles(journal.sessions)
        files.append(GeneratedFile(path: "sessions/presets.json", text: DrinkPresets.fileText))
        return files
    }

    /// The file of one month's logs (or of one part, named `month`); the benchmark rewrites it to edit a log.
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
}
