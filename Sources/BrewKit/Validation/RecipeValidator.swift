/// The business rules of a recipe (PRD 3.4.4, 004 "Recipe", 003 step semantics).
/// Every finding invalidates the recipe, so it is shown as invalid and cannot be brewed (US-026).
public struct RecipeValidator: Sendable {
    /// The tolerance of the water sum against the target yield (PRD 3.4.4).
    public static let waterToleranceGrams = 1.0

    public init() {}

    public func diagnostics(for located: Located<Recipe>) -> [Diagnostic] {
        var findings = Findings(source: located.source, recipeID: located.value.id)
        let recipe = located.value
        checkDefaults(of: recipe, into: &findings)
        checkSteps(of: recipe, into: &findings)
        return findings.all
    }

    private func checkDefaults(of recipe: Recipe, into findings: inout Findings) {
        if recipe.name.trimmingWhitespace.isEmpty {
            findings.error("recipe name must not be empty", at: "name")
        }
        if !(recipe.defaultDose > 0) {
            findings.error("defaultDose must be greater than 0 g, found \(Format.grams(recipe.defaultDose))", at: "defaultDose")
        }
        if !(recipe.defaultTargetYield > 0) {
            findings.error("defaultTargetYield must be greater than 0 g, found \(Format.grams(recipe.defaultTargetYield))", at: "defaultTargetYield")
        }
        if !(0...100).contains(recipe.defaultWaterTemperature) {
            findings.error("defaultWaterTemperature must be between 0 and 100 °C, found \(Format.number(recipe.defaultWaterTemperature)) °C", at: "defaultWaterTemperature")
        }
        if !(recipe.bloomRatio > 0) {
            findings.error("bloomRatio must be greater than 0, found \(Format.number(recipe.bloomRatio))", at: "bloomRatio")
        }
        if recipe.isStarter != (recipe.origin == .starterTemplate) {
            findings.error(
                recipe.isStarter
                    ? "a starter recipe must have origin \"starterTemplate\", found \"\(recipe.origin.rawValue)\""
                    : "origin \"starterTemplate\" is only for the starter recipe (isStarter is false)",
                at: "origin")
        }
        for dose in recipe.cardDosesGrams where !(dose > 0) {
            findings.error("cardDosesGrams must hold doses greater than 0 g, found \(Format.grams(dose))", at: "cardDosesGrams")
        }
        for warning in Self.guardrailWarnings(for: recipe) {
            findings.warning("\(warning.message) (a warning: the recipe can still be brewed)", at: Self.defaultField(for: warning.field))
        }
    }

    /// PRD 3.7.4's recommended ranges applied to the recipe's own defaults (dose, yield, ratio,
    /// temperature), as `scale` and the card apply them to a scaled brew. Only values that pass
    /// the rules above are judged.
    public static func guardrailWarnings(for recipe: Recipe) -> [PlanWarning] {
        guard recipe.defaultDose > 0, recipe.defaultTargetYield > 0, (0...100).contains(recipe.defaultWaterTemperature) else { return [] }
        return [
            Guardrail.dose.warning(for: recipe.defaultDose),
            Guardrail.targetYield.warning(for: recipe.defaultTargetYield),
            Guardrail.ratio.warning(for: recipe.defaultRatio),
            Guardrail.waterTemperature.warning(for: recipe.defaultWaterTemperature),
        ].compactMap { $0 }
    }

    /// The recipe field a guardrail's warning points at.
    static func defaultField(for guardrailField: String) -> String {
        switch guardrailField {
        case "doseGrams": "defaultDose"
        case "waterTemperatureCelsius": "defaultWaterTemperature"
        default: "defaultTargetYield"
        }
    }

    private func checkSteps(of recipe: Recipe, into findings: inout Findings) {
        if recipe.steps.isEmpty {
            findings.error("a recipe needs at least one step", at: "steps")
            return
        }
        var seenStepIDs: Set<String> = []
        var previousWaterGrams = 0.0
        var lastWaterGrams: Double?
        var bloomCount = 0
        var sawPour = false
        var clock = MilestoneClock()

        for (index, step) in recipe.steps.enumerated() {
            let path = "steps[\(index)]"
            if !seenStepIDs.insert(step.stepId).inserted {
                findings.error("step id \(quoted(step.stepId)) is used by an earlier step of this recipe", at: "\(path).stepId")
            }
            for (field, value) in [("durationSeconds", step.durationSeconds), ("targetElapsedSeconds", step.targetElapsedSeconds), ("targetElapsedMaxSeconds", step.targetElapsedMaxSeconds)] {
                if let value, value < 0 {
                    findings.error("\(field) must not be negative, found \(Format.number(value))", at: "\(path).\(field)")
                }
            }
            checkShape(of: step, at: path, into: &findings)

            switch step.kind {
            case .bloom:
                bloomCount += 1
                if bloomCount > 1 { findings.error("a recipe has at most one bloom step", at: "\(path).kind") }
                if sawPour { findings.error("the bloom step must come before the pours", at: "\(path).kind") }
            case .pour:
                sawPour = true
            default:
                break
            }

            if step.addsWater, let water = step.waterAmountGrams {
                if water <= previousWaterGrams {
                    findings.error(
                        "waterAmountGrams is cumulative and must rise above the previous \(Format.grams(previousWaterGrams)), found \(Format.grams(water)): this step would add no water",
                        at: "\(path).waterAmountGrams")
                }
                previousWaterGrams = max(previousWaterGrams, water)
                lastWaterGrams = water
            }
            if let problem = clock.advance(through: step) {
                findings.error(problem, at: "\(path).targetElapsedSeconds")
            }
        }

        // PRD 3.4.4: "within ±1 g tolerance after rounding": both sides to whole grams first,
        // so 251.4 g against 250 g is valid and 251.6 g is not.
        if let lastWaterGrams, recipe.defaultTargetYield > 0,
           abs(lastWaterGrams.rounded() - recipe.defaultTargetYield.rounded()) > Self.waterToleranceGrams {
            findings.error(
                "water additions reach \(Format.grams(lastWaterGrams)) but defaultTargetYield is \(Format.grams(recipe.defaultTargetYield)); they must match within ±1 g",
                at: "defaultTargetYield")
        } else if lastWaterGrams == nil {
            findings.error("a recipe needs at least one bloom or pour step that adds water", at: "steps")
        }
    }

    /// The fields each kind needs and the fields it must not have.
    private func checkShape(of step: RecipeStep, at path: String, into findings: inout Findings) {
        let kind = step.kind.rawValue
        if step.addsWater {
            if step.waterAmountGrams == nil {
                findings.error("a \(kind) step needs waterAmountGrams (the cumulative water when it is done)", at: "\(path).waterAmountGrams")
            }
        } else if let water = step.waterAmountGrams {
            findings.error("a \(kind) step adds no water, found waterAmountGrams \(Format.grams(water))", at: "\(path).waterAmountGrams")
        }
        switch step.kind {
        case .bloom where step.durationSeconds == nil:
            findings.error("a bloom step needs durationSeconds (how long to wait after pouring)", at: "\(path).durationSeconds")
        case .pour where step.targetElapsedSeconds == nil:
            findings.error("a pour step needs targetElapsedSeconds (when on the brew clock the pour should be done)", at: "\(path).targetElapsedSeconds")
        case .pour where step.durationSeconds != nil:
            findings.error("a pour step is timed by targetElapsedSeconds, not durationSeconds", at: "\(path).durationSeconds")
        case .preparation where step.durationSeconds != nil || step.targetElapsedSeconds != nil:
            findings.error("a preparation step has no timer; it advances by hand", at: "\(path).kind")
        default:
            break
        }
        if let low = step.targetElapsedSeconds, let high = step.targetElapsedMaxSeconds, high < low {
            findings.error(
                "targetElapsedMaxSeconds (\(Format.clock(high))) must not be before targetElapsedSeconds (\(Format.clock(low)))",
                at: "\(path).targetElapsedMaxSeconds")
        }
    }
}

/// Checks that milestones on the brew clock never go backwards.
struct MilestoneClock {
    private(set) var seconds = 0.0

    mutating func advance(through step: RecipeStep) -> String? {
        switch step.kind {
        case .preparation:
            return nil
        case .bloom, .agitate:
            seconds += max(0, step.durationSeconds ?? 0)
            return nil
        case .pour, .wait:
            if let target = step.targetElapsedSeconds, target >= 0 {
                defer { seconds = max(seconds, target) }
                if target < seconds {
                    return "milestone \(Format.clock(target)) goes backwards: the brew clock is already at \(Format.clock(seconds)) when this step starts"
                }
                return nil
            }
            seconds += max(0, step.durationSeconds ?? 0)
            return nil
        }
    }
}

/// Collects the findings of one record, pointing each at its field.
struct Findings {
    let source: SourceMap
    let recipeID: String?
    private(set) var all: [Diagnostic] = []

    init(source: SourceMap, recipeID: String? = nil) {
        self.source = source
        self.recipeID = recipeID
    }

    mutating func error(_ message: String, at field: String) {
        all.append(Diagnostic(.error, message, at: source.location(of: field), invalidatesRecipeID: recipeID))
    }

    mutating func warning(_ message: String, at field: String) {
        all.append(Diagnostic(.warning, message, at: source.location(of: field)))
    }

    /// A finding made elsewhere (`IDReference.finding`).
    mutating func add(_ finding: Diagnostic) {
        all.append(finding)
    }
}
