/// A brew set against its recipe's defaults, and against the next brew of the same recipe
/// (issue 17). Descriptive: it says what differed and what happened, not what to do (PRD 4.2).
public enum BrewComparison {
    /// "19.8 g instead of 18 g", one phrase per field that differs from the recipe's default:
    /// dose, water, temperature and grind. Fields an import took from the recipe are not
    /// compared (they are the default by construction).
    public static func differences(_ log: BrewLog, from recipe: Recipe) -> [String] {
        var phrases: [String] = []
        if abs(log.doseGrams - recipe.defaultDose) >= 0.05 {
            phrases.append("\(Format.grams(log.doseGrams)) of coffee instead of \(Format.grams(recipe.defaultDose))")
        }
        if abs(log.targetYieldGrams - recipe.defaultTargetYield) >= 0.5 {
            phrases.append("\(Format.grams(log.targetYieldGrams)) of water instead of \(Format.grams(recipe.defaultTargetYield))")
        }
        if let temperature = log.recordedTemperatureCelsius, abs(temperature - recipe.defaultWaterTemperature) >= 0.05 {
            phrases.append("\(Format.number(temperature, decimals: 1)) °C instead of \(Format.number(recipe.defaultWaterTemperature, decimals: 1)) °C")
        }
        if let grind = log.recordedGrindLabel, grind != recipe.defaultGrindLabel {
            phrases.append("\(grind.rawValue) grind instead of \(recipe.defaultGrindLabel.rawValue)")
        }
        return phrases
    }

    /// How the next brew went after a hint.
    public struct FollowUp: Sendable, Hashable {
        /// Whether the next brew moved the way the hint said; nil when the brew had no hint
        /// (no taste tag) or the change cannot be told (a value taken from the recipe).
        public var hintFollowed: Bool?
        /// What changed that the hint named: "finer grind", "hotter water (97 °C from 96 °C)".
        public var changes: [String]
        /// The rating change, nil when either brew is unrated.
        public var ratingChange: Int?
    }

    /// Compares `log` with `next`, the following brew of the same recipe.
    ///
    /// The hint of `log`'s taste tag (PRD 3.8.4) names directions: too sour → finer or hotter;
    /// too bitter → coarser or cooler; too weak → more coffee or finer; too strong → less
    /// coffee or coarser. The hint counts as followed when `next` moved in at least one of them.
    public static func followUp(from log: BrewLog, to next: BrewLog) -> FollowUp {
        var changes: [String] = []
        func grindOrder(_ label: GrindLabel?) -> Int? {
            switch label { case .fine?: 0; case .medium?: 1; case .coarse?: 2; case nil: nil }
        }
        let grindBefore = grindOrder(log.recordedGrindLabel), grindAfter = grindOrder(next.recordedGrindLabel)
        let finer = grindBefore.flatMap { before in grindAfter.map { $0 < before } }
        let coarser = grindBefore.flatMap { before in grindAfter.map { $0 > before } }
        let temperatureChange = log.recordedTemperatureCelsius.flatMap { before in next.recordedTemperatureCelsius.map { $0 - before } }
        let doseChange = next.doseGrams - log.doseGrams
        func temperaturePhrase(_ word: String) -> String {
            "\(word) water (\(Format.number(next.waterTemperatureCelsius, decimals: 1)) °C from \(Format.number(log.waterTemperatureCelsius, decimals: 1)) °C)"
        }
        func dosePhrase(_ word: String) -> String { "\(word) coffee (\(Format.grams(next.doseGrams)) from \(Format.grams(log.doseGrams)))" }
        let grindPhrase = { (word: String) in "\(word) grind (\(next.grindLabel.rawValue) from \(log.grindLabel.rawValue))" }
        var followed: Bool?
        switch log.tasteTag {
        case .tooSour?:
            if finer == true { changes.append(grindPhrase("finer")) }
            if let change = temperatureChange, change > 0 { changes.append(temperaturePhrase("hotter")) }
            followed = (finer == nil && temperatureChange == nil) ? nil : !changes.isEmpty
        case .tooBitter?:
            if coarser == true { changes.append(grindPhrase("coarser")) }
            if let change = temperatureChange, change < 0 { changes.append(temperaturePhrase("cooler")) }
            followed = (coarser == nil && temperatureChange == nil) ? nil : !changes.isEmpty
        case .tooWeak?:
            if doseChange > 0.05 { changes.append(dosePhrase("more")) }
            if finer == true { changes.append(grindPhrase("finer")) }
            followed = !changes.isEmpty
        case .tooStrong?:
            if doseChange < -0.05 { changes.append(dosePhrase("less")) }
            if coarser == true { changes.append(grindPhrase("coarser")) }
            followed = !changes.isEmpty
        case .perfect?, nil:
            followed = nil
        }
        let ratingChange = log.rating.flatMap { before in next.rating.map { $0 - before } }
        return FollowUp(hintFollowed: followed, changes: changes, ratingChange: ratingChange)
    }

    /// The follow-up in a sentence: "The hint was followed (finer grind (fine from medium)) and
    /// the rating went up from 3 to 4."
    public static func sentence(_ followUp: FollowUp, from log: BrewLog, to next: BrewLog) -> String {
        var text: String
        switch followUp.hintFollowed {
        case true?: text = "The hint was followed (\(followUp.changes.joined(separator: ", ")))"
        case false?: text = "The hint was not followed"
        case nil:
            let noHint = log.tasteTag == nil || log.tasteTag == .perfect
            text = noHint ? "This brew had no hint to follow" : "Whether the hint was followed cannot be told"
        }
        if let before = log.rating, let after = next.rating {
            switch after - before {
            case let change where change > 0: text += " and the rating went up from \(before) to \(after)"
            case let change where change < 0: text += " and the rating went down from \(before) to \(after)"
            default: text += " and the rating stayed at \(after)"
            }
        } else {
            text += "; \(log.rating == nil ? "this brew" : "the next brew") is not rated"
        }
        return text + "."
    }
}
