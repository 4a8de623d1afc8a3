/// The business rules of a brew log (004 "BrewLog", PRD 3.8.2).
///
/// A brew recorded here has a rating 1–5 and the method `v60`. A brew imported from another app
/// (one with a `source`) may lack a rating (it was not rated there) and may keep that app's method.
/// Every optional detail is bounded: names ≤ 100 characters, a grinder setting ≤ 40, a brew time of
/// at most an hour, a bloom of at most 10 minutes and shorter than the brew, TDS above 0 and at most
/// 25 %, an extraction yield above 0 and at most 40 %, a beverage mass above 0 and at most 5,000 g,
/// a Brix reading above 0 and at most 30 °Bx (and within 0.1 TDS % of the TDS when both are given,
/// else a warning).
public struct BrewLogValidator: Sendable {
    public static let maximumNameCharacters = 100
    public static let maximumSettingCharacters = 40
    public static let maximumBrewSeconds = 3_600.0
    public static let maximumBloomSeconds = 600.0
    public static let maximumTDSPercent = 25.0
    public static let maximumExtractionYieldPercent = 40.0
    /// A cup of coffee weighs less than this (a batch brew's carafe included).
    public static let maximumBeverageGrams = 5_000.0
    /// A Brix reading above this is no coffee (30 °Bx is about 25 % TDS, the TDS bound).
    public static let maximumBrix = 30.0
    /// TDS and Brix given together may differ by this much (TDS %) before `check` warns.
    public static let tdsBrixTolerancePercent = 0.1
    /// The fields an import may fill from the recipe's defaults.
    public static let fillableFromRecipe: Set<String> = ["waterTemperatureCelsius", "grindLabel"]

    public init() {}

    /// - Parameter knownRecipeIDs: ids of the recipes in the data; a log naming another is kept
    ///   (its snapshot is readable) with a warning.
    public func diagnostics(for located: Located<BrewLog>, knownRecipeIDs: Set<String>) -> [Diagnostic] {
        var findings = Findings(source: located.source)
        let log = located.value
        if let rating = log.rating {
            if !(1...5).contains(rating) { findings.error("rating must be 1–5, found \(rating)", at: "rating") }
        } else if !log.isImported {
            findings.error("missing required field \"rating\" (a whole number from 1 to 5); only a brew imported from another app (with a \"source\") may be unrated", at: "rating")
        }
        details(of: log, into: &findings)
        // A text of at most as many bytes as the limit holds at most as many characters: counted only when longer.
        if let note = log.note, note.utf8.count > BrewLog.maximumNoteCharacters, note.count > BrewLog.maximumNoteCharacters {
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
        recommendedRanges(of: log, into: &findings)
        if let recipeId = log.recipeId, let finding = Self.recipeReference.finding(
            naming: recipeId, detail: log.recipeNameAtBrew, at: findings.source.location(of: "recipeId"),
            isKnown: knownRecipeIDs.contains, known: knownRecipeIDs) {
            findings.add(finding)
        }
        return findings.all
    }

    /// The optional fields: imported-only ones, bounds on numbers and texts.
    private func details(of log: BrewLog, into findings: inout Findings) {
        if log.method != BrewLog.recordedMethod {
            if !log.isImported {
                findings.error("method must be \(BrewLog.recordedMethod), found \(quoted(log.method)); another method is kept only for a brew imported from another app (with a \"source\")", at: "method")
            } else if !Self.isToken(log.method) {
                findings.error("method must be a short name of letters, digits, '-' and '_' (at most \(Self.maximumSettingCharacters)), found \(quoted(String(log.method.prefix(60))))", at: "method")
            }
        }
        func bound(_ field: String, _ value: String?, _ limit: Int) {
            if let value, value.utf8.count > limit, value.count > limit {
                findings.error("\(field) must be at most \(limit) characters, found \(value.count)", at: field)
            }
        }
        bound("bean", log.bean, Self.maximumNameCharacters)
        bound("roaster", log.roaster, Self.maximumNameCharacters)
        bound("mill", log.mill, Self.maximumNameCharacters)
        bound("grinderSetting", log.grinderSetting, Self.maximumSettingCharacters)
        bound("sourceId", log.sourceId, Self.maximumNameCharacters)
        if let source = log.source, !Self.isToken(source) {
            findings.error("source must be a short name of letters, digits, '-' and '_' such as beanconqueror, found \(quoted(String(source.prefix(60))))", at: "source")
        }
        if log.sourceId != nil, log.source == nil {
            findings.error("sourceId needs a \"source\" naming the app it is an id of", at: "sourceId")
        }
        if let seconds = log.brewTimeSeconds, !(seconds > 0 && seconds <= Self.maximumBrewSeconds) {
            findings.error("brewTimeSeconds must be above 0 and at most \(Format.number(Self.maximumBrewSeconds)) s, found \(Format.number(seconds)) s", at: "brewTimeSeconds")
        }
        if let seconds = log.bloomSeconds {
            if !(seconds >= 0 && seconds <= Self.maximumBloomSeconds) {
                findings.error("bloomSeconds must be between 0 and \(Format.number(Self.maximumBloomSeconds)) s, found \(Format.number(seconds)) s", at: "bloomSeconds")
            } else if let total = log.brewTimeSeconds, seconds >= total {
                findings.error("bloomSeconds must be shorter than brewTimeSeconds (\(Format.number(total)) s), found \(Format.number(seconds)) s", at: "bloomSeconds")
            }
        }
        if let tds = log.tds, !(tds > 0 && tds <= Self.maximumTDSPercent) {
            findings.error("tds must be above 0 and at most \(Format.number(Self.maximumTDSPercent)) %, found \(Format.number(tds)) %", at: "tds")
        }
        if let beverage = log.beverageGrams, !(beverage > 0 && beverage <= Self.maximumBeverageGrams) {
            findings.error("beverageGrams must be above 0 and at most \(Format.number(Self.maximumBeverageGrams)) g, found \(Format.number(beverage)) g", at: "beverageGrams")
        }
        if let brix = log.brix {
            if !(brix > 0 && brix <= Self.maximumBrix) {
                findings.error("brix must be above 0 and at most \(Format.number(Self.maximumBrix)) °Bx, found \(Format.number(brix)) °Bx", at: "brix")
            } else if let tds = log.tds, tds > 0, tds <= Self.maximumTDSPercent {
                let fromBrix = BrewingControl.tdsPercent(fromBrix: brix)
                if abs(fromBrix - tds) > Self.tdsBrixTolerancePercent + 1e-9 {
                    findings.warning("brix \(Format.number(brix)) °Bx is \(Format.number(fromBrix, decimals: 2)) % TDS (TDS ≈ \(Format.number(BrewingControl.tdsPerBrixDegree)) × Brix), but tds is \(Format.number(tds, decimals: 2)) %: more than \(Format.number(Self.tdsBrixTolerancePercent)) apart; the tds is used, check the two readings", at: "brix")
                }
            }
        }
        if let yield = log.extractionYieldPercent, !(yield > 0 && yield <= Self.maximumExtractionYieldPercent) {
            findings.error("extractionYieldPercent must be above 0 and at most \(Format.number(Self.maximumExtractionYieldPercent)) %, found \(Format.number(yield)) %", at: "extractionYieldPercent")
        }
        for field in log.fromRecipe where !Self.fillableFromRecipe.contains(field) {
            findings.error("fromRecipe may name only \(Self.fillableFromRecipe.sorted().joined(separator: " and ")), found \(quoted(String(field.prefix(60))))", at: "fromRecipe")
        }
        if !log.fromRecipe.isEmpty, !log.isImported {
            findings.error("fromRecipe is kept only for a brew imported from another app (with a \"source\")", at: "fromRecipe")
        }
    }

    /// A V60 brew recorded here outside PRD 3.7.4's recommended ranges (a 500 g dose, a 1:30 ratio)
    /// is kept, as `scale` keeps such a plan, with a warning that names the value and the range.
    /// A brew imported from another app (a 78 g batch brew) was made by that app's recipe, not
    /// held to these ranges.
    private func recommendedRanges(of log: BrewLog, into findings: inout Findings) {
        guard !log.isImported, log.method == BrewLog.recordedMethod, log.doseGrams > 0, log.targetYieldGrams > 0 else { return }
        func check(_ guardrail: Guardrail, _ value: Double, _ field: String) {
            if let warning = guardrail.warning(for: value) { findings.warning("\(warning.message) (a warning: the brew is kept as recorded)", at: field) }
        }
        check(.dose, log.doseGrams, "doseGrams")
        check(.targetYield, log.targetYieldGrams, "targetYieldGrams")
        check(.ratio, log.targetYieldGrams / log.doseGrams, "targetYieldGrams")
        if (0...100).contains(log.waterTemperatureCelsius) { check(.waterTemperature, log.waterTemperatureCelsius, "waterTemperatureCelsius") }
    }

    /// Letters, digits, `-` and `_`, 1 to 40 of them.
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= maximumSettingCharacters
            && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
    }

    /// A log's `recipeId` names a recipe; one that names none is kept with its snapshot (`LogsKind.references`).
    public static let recipeReference = IDReference(field: "recipeId", severity: .warning, offer: .inParentheses) { id, name in
        "recipeId \(quoted(id)) names no recipe in the data; the log is kept with its snapshot \(quoted(name))"
    }
}
