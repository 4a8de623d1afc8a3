/// The business rules of a brew log (004 "BrewLog", PRD 3.8.2).
public struct BrewLogValidator: Sendable {
    public init() {}

    /// - Parameter knownRecipeIDs: ids of the recipes in the data; a log naming another is kept
    ///   (its snapshot is readable) with a warning.
    public func diagnostics(for located: Located<BrewLog>, knownRecipeIDs: Set<String>) -> [Diagnostic] {
        var findings = Findings(source: located.source)
        let log = located.value
        if !(1...5).contains(log.rating) {
            findings.error("rating must be 1–5, found \(log.rating)", at: "rating")
        }
        if let note = log.note, note.count > BrewLog.maximumNoteCharacters {
            findings.error("note must be at most \(BrewLog.maximumNoteCharacters) characters, found \(note.count)", at: "note")
        }
        if !(log.doseGrams > 0) {
            findings.error("doseGrams must be greater than 0 g, found \(Format.grams(log.doseGrams))", at: "doseGrams")
        }
        if !(log.targetYieldGrams > 0) {
            findings.error("targetYieldGrams must be greater than 0 g, found \(Format.grams(log.targetYieldGrams))", at: "targetYieldGrams")
        }
        if !(0...100).contains(log.waterTemperatureCelsius) {
            findings.error("waterTemperatureCelsius must be between 0 and 100 °C, found \(Format.number(log.waterTemperatureCelsius)) °C", at: "waterTemperatureCelsius")
        }
        if TextScan.isBlank(log.recipeNameAtBrew) {
            findings.error("recipeNameAtBrew must not be empty (the log keeps the recipe's name as it was)", at: "recipeNameAtBrew")
        }
        if let recipeId = log.recipeId, !knownRecipeIDs.contains(recipeId) {
            var message = "recipeId \(quoted(recipeId)) names no recipe in the data; the log is kept with its snapshot \(quoted(log.recipeNameAtBrew))"
            if let near = Suggestion.closest(to: recipeId, in: knownRecipeIDs) { message += " (did you mean \(quoted(near))?)" }
            findings.warning(message, at: "recipeId")
        }
        return findings.all
    }
}
