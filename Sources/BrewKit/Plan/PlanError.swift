/// A plan that cannot be brewed: says what is impossible and why (issue 3).
public struct PlanError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: String, Sendable, Hashable {
        /// The dose is zero, negative or not a number (or rounds to 0 g).
        case nonPositiveDose
        /// The target yield is zero, negative or not a number.
        case nonPositiveYield
        /// The recipe's default dose and yield give no usable ratio.
        case invalidRatio
        /// The bloom takes all the water (or more), leaving nothing for the pours.
        case bloomAtOrAboveYield
        /// A pour would add no water, or take water away.
        case nonPositivePour
        /// A water step has no cumulative water target.
        case missingWater
        /// There is water left after the bloom and fixed steps but no pour that scales to take it.
        case unreachableYield
        /// A pour's milestone is not after the step before it ends: it would need an infinite rate.
        case pourWindowClosed
    }

    public var reason: Reason
    public var recipeId: String
    public var stepId: String?
    /// What is impossible and why, in words.
    public var message: String

    public init(_ reason: Reason, recipeId: String, stepId: String? = nil, message: String) {
        self.reason = reason
        self.recipeId = recipeId
        self.stepId = stepId
        self.message = message
    }

    public var description: String {
        let step = stepId.map { ", step \"\($0)\"" } ?? ""
        return "cannot plan recipe \"\(recipeId)\"\(step): \(message)"
    }
}
