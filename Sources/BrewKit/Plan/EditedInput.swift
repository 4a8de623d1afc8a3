/// Which of dose and target yield the brewer set last ("last edited wins", PRD 3.7.2).
/// The other one is derived from the recipe's ratio.
public enum EditedInput: String, Sendable, Hashable, CaseIterable {
    case dose
    case yield

    /// The input that is computed when this one is set.
    public var other: EditedInput { self == .dose ? .yield : .dose }
}
