/// A value outside its recommended range (PRD 3.7.4) or a pour faster than a kettle delivers.
/// A warning never changes the plan: the brewer may brew outside the ranges (US-007).
public struct PlanWarning: Sendable, Hashable {
    /// The input or plan field: `doseGrams`, `targetYieldGrams`, `ratio`,
    /// `waterTemperatureCelsius`, `pourRateGramsPerSecond`.
    public var field: String
    public var value: Double
    /// Names the field, the value and the recommended range.
    public var message: String
    /// The step a pour-rate warning is about.
    public var stepId: String?

    public init(field: String, value: Double, message: String, stepId: String? = nil) {
        self.field = field
        self.value = value
        self.message = message
        self.stepId = stepId
    }
}
