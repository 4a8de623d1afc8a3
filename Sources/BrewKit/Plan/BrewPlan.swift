/// A recipe scaled to the brewer's inputs: every card, timeline and page renders this.
public struct BrewPlan: Sendable, Hashable {
    public var recipeId: String
    public var recipeName: String
    /// Rounded to 0.1 g.
    public var doseGrams: Double
    /// Rounded to 1 g; the last pour ends exactly here.
    public var targetYieldGrams: Double
    /// Yield ÷ dose of this plan (the rounded values).
    public var ratio: Double
    public var waterTemperatureCelsius: Double
    public var grindLabel: GrindLabel
    /// The value that was computed: `.yield` when the dose was set, `.dose` when the yield was.
    public var derived: EditedInput
    /// The end of the last step on the brew clock. A drawdown with a finish window ends at the
    /// window's start (the target finish); `latestFinishSeconds` gives the window's end.
    public var totalSeconds: Double
    public var steps: [PlannedStep]
    public var warnings: [PlanWarning]

    public init(
        recipeId: String, recipeName: String, doseGrams: Double, targetYieldGrams: Double, ratio: Double,
        waterTemperatureCelsius: Double, grindLabel: GrindLabel, derived: EditedInput, totalSeconds: Double,
        steps: [PlannedStep], warnings: [PlanWarning]
    ) {
        self.recipeId = recipeId
        self.recipeName = recipeName
        self.doseGrams = doseGrams
        self.targetYieldGrams = targetYieldGrams
        self.ratio = ratio
        self.waterTemperatureCelsius = waterTemperatureCelsius
        self.grindLabel = grindLabel
        self.derived = derived
        self.totalSeconds = totalSeconds
        self.steps = steps
        self.warnings = warnings
    }

    /// The value the brewer set: `.dose` when the yield was derived.
    public var edited: EditedInput { derived.other }

    /// The latest the brew should be done: the end of the last finish window, else `totalSeconds`.
    public var latestFinishSeconds: Double {
        steps.compactMap(\.targetElapsedMaxSeconds).reduce(totalSeconds, max)
    }

    /// The steps that add water (bloom and pours), in order.
    public var waterSteps: [PlannedStep] { steps.filter { $0.waterGrams != nil } }

    /// The bloom water, when the recipe blooms.
    public var bloomWaterGrams: Double? { steps.first { $0.kind == .bloom }?.waterGrams }
}
