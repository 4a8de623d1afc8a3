/// Settings of the planner that are not part of a recipe or the brewer's inputs.
public struct PlanOptions: Sendable, Hashable {
    /// The fastest pour a gooseneck kettle delivers as a steady, gentle stream, in g/s. A pour
    /// whose window needs more gets a warning. Default 5 g/s: a gooseneck held for a calm spiral
    /// pours about 2–5 g/s; faster streams dig into the bed.
    public var maximumPourRateGramsPerSecond: Double
    /// How long an agitate step with no `durationSeconds` takes on the brew clock (default 5 s).
    public var defaultAgitateSeconds: Double

    public init(maximumPourRateGramsPerSecond: Double = 5.0, defaultAgitateSeconds: Double = 5.0) {
        self.maximumPourRateGramsPerSecond = maximumPourRateGramsPerSecond
        self.defaultAgitateSeconds = defaultAgitateSeconds
    }

    public static let standard = PlanOptions()
}
