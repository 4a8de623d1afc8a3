/// One step of a recipe, with the step semantics of 003: a kind, a duration for
/// bloom and wait steps, a milestone on the brew clock for pours, and cumulative water.
public struct RecipeStep: Hashable, Sendable {
    public var stepId: String
    public var orderIndex: Int
    public var kind: StepKind
    /// Free text the recipe adds to the generated instruction. Numbers in it are not trusted.
    public var instructionText: String
    /// How long to wait (bloom, wait, agitate).
    public var durationSeconds: Double?
    /// When this step should be done, on the brew clock (pour; the start of a wait's finish window).
    public var targetElapsedSeconds: Double?
    /// The end of a wait's finish window on the brew clock ("target finish 3:00–3:30").
    public var targetElapsedMaxSeconds: Double?
    /// Cumulative water on the scale when this step is done.
    public var waterAmountGrams: Double?
    /// Whether this step's water is fixed and does not scale with the dose (PRD 3.7.2).
    public var isFixedWater: Bool

    public init(
        stepId: String,
        orderIndex: Int,
        kind: StepKind,
        instructionText: String = "",
        durationSeconds: Double? = nil,
        targetElapsedSeconds: Double? = nil,
        targetElapsedMaxSeconds: Double? = nil,
        waterAmountGrams: Double? = nil,
        isFixedWater: Bool = false
    ) {
        self.stepId = stepId
        self.orderIndex = orderIndex
        self.kind = kind
        self.instructionText = instructionText
        self.durationSeconds = durationSeconds
        self.targetElapsedSeconds = targetElapsedSeconds
        self.targetElapsedMaxSeconds = targetElapsedMaxSeconds
        self.waterAmountGrams = waterAmountGrams
        self.isFixedWater = isFixedWater
    }

    /// Whether the step adds water.
    public var addsWater: Bool { kind == .bloom || kind == .pour }
}
