/// One step of a brew plan: the generated instruction, the scaled water and its place on the
/// brew clock. The clock starts at 0 with the bloom; preparation steps before it sit at 0 with
/// no length.
public struct PlannedStep: Sendable, Hashable {
    public var stepId: String
    public var kind: StepKind
    /// Generated from the step and the scaled numbers, then the recipe's own free text.
    public var instruction: String
    /// Water added in this step (bloom, pour), else `nil`.
    public var waterGrams: Double?
    /// Water on the scale when this step is done (bloom, pour), else `nil`.
    public var cumulativeWaterGrams: Double?
    public var startSeconds: Double
    public var endSeconds: Double
    /// How long the step takes when it is timed by a duration (bloom, agitate, a wait with a
    /// duration), else `nil`. Pours are timed by their milestone instead.
    public var durationSeconds: Double?
    /// The milestone on the brew clock (pour; the start of a wait's finish window).
    public var targetElapsedSeconds: Double?
    /// The end of a wait's finish window.
    public var targetElapsedMaxSeconds: Double?
    /// For a pour: water ÷ the pour window (from the previous step's end to its milestone).
    public var pourRateGramsPerSecond: Double?

    public init(
        stepId: String,
        kind: StepKind,
        instruction: String,
        waterGrams: Double? = nil,
        cumulativeWaterGrams: Double? = nil,
        startSeconds: Double,
        endSeconds: Double,
        durationSeconds: Double? = nil,
        targetElapsedSeconds: Double? = nil,
        targetElapsedMaxSeconds: Double? = nil,
        pourRateGramsPerSecond: Double? = nil
    ) {
        self.stepId = stepId
        self.kind = kind
        self.instruction = instruction
        self.waterGrams = waterGrams
        self.cumulativeWaterGrams = cumulativeWaterGrams
        self.startSeconds = startSeconds
        self.endSeconds = endSeconds
        self.durationSeconds = durationSeconds
        self.targetElapsedSeconds = targetElapsedSeconds
        self.targetElapsedMaxSeconds = targetElapsedMaxSeconds
        self.pourRateGramsPerSecond = pourRateGramsPerSecond
    }

    /// The step's length on the brew clock (the pour window for a pour).
    public var windowSeconds: Double { endSeconds - startSeconds }

    /// Whether the step runs on the brew clock (everything but preparation).
    public var isTimed: Bool { kind != .preparation }
}
