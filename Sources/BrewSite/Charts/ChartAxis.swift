import BrewKit

/// Round ticks for every chart's axes (issue 17, "charts that read well").
///
/// Rules:
/// - Value axes step by 1, 2 or 5 × 10ⁿ (50 g, not 63 g), chosen so that about `target` ticks
///   cover the data, from 0 (or the first step below the data) to the first step above it.
/// - Counts (brews) and stars step by whole numbers only: never 2.5 brews or 1.3 stars.
/// - Time axes (the brew clock) step by 5, 10, 15, 30 s or whole minutes.
/// - A category axis labels at most `maximumLabels` categories, evenly, always the first and
///   never two closer than one label's width, so labels cannot overlap.
public struct ChartAxis: Sendable, Hashable {
    public var lower: Double
    public var upper: Double
    public var step: Double

    public init(lower: Double, upper: Double, step: Double) {
        self.lower = lower
        self.upper = upper
        self.step = step
    }

    public var ticks: [Double] {
        guard step > 0, upper >= lower else { return [lower] }
        var values: [Double] = []
        var index = 0.0
        while lower + index * step <= upper + step * 1e-9 && values.count < 50 {
            values.append(lower + index * step)
            index += 1
        }
        return values
    }

    /// An axis from `minimum` (0 unless the data needs less or a tighter start is asked for)
    /// to at least `maximum`.
    public static func values(minimum: Double = 0, maximum: Double, target: Int = 5, wholeSteps: Bool = false) -> ChartAxis {
        let low = min(minimum, maximum), high = max(minimum, maximum)
        let span = high - low
        var step = niceStep(span > 0 ? span / Double(max(target, 1)) : max(abs(high), 1) / Double(max(target, 1)))
        if wholeSteps { step = max(1, step.rounded(.up)) }
        let lower = (low / step).rounded(.down) * step
        var upper = (high / step).rounded(.up) * step
        if upper <= lower { upper = lower + step }
        return ChartAxis(lower: lower, upper: upper, step: step)
    }

    /// Stars: 1 to 5 in whole stars.
    public static let stars = ChartAxis(lower: 1, upper: 5, step: 1)

    /// A brew-clock axis from 0 to at least `seconds`.
    public static func time(seconds: Double, target: Int = 6) -> ChartAxis {
        let candidates: [Double] = [5, 10, 15, 30, 60, 120, 300, 600]
        let rough = max(seconds.isFinite ? seconds : 1, 1) / Double(max(target, 1))
        // Beyond 10 minutes a step, whole minutes at 1, 2 or 5 × 10ⁿ.
        let step = candidates.first { $0 >= rough } ?? niceStep(rough / 60) * 60
        return ChartAxis(lower: 0, upper: max((max(seconds, 0) / step).rounded(.up) * step, step), step: step)
    }

    /// A brew-clock axis around `lowerSeconds…upperSeconds` (brew times of several brews).
    public static func time(seconds: Double = 0, upperSeconds: Double, lowerSeconds: Double, target: Int = 4) -> ChartAxis {
        let candidates: [Double] = [5, 10, 15, 30, 60, 120, 300, 600]
        let rough = max(upperSeconds - lowerSeconds, 1) / Double(max(target, 1))
        let step = candidates.first { $0 >= rough } ?? 600
        let lower = (lowerSeconds / step).rounded(.down) * step
        return ChartAxis(lower: lower, upper: max((upperSeconds / step).rounded(.up) * step, lower + step), step: step)
    }

    /// 1, 2 or 5 × 10ⁿ, the smallest at least `rough`.
    public static func niceStep(_ rough: Double) -> Double {
        guard rough.isFinite, rough > 0 else { return 1 }
        var magnitude = 1.0
        while magnitude * 10 <= rough { magnitude *= 10 }
        while magnitude > rough { magnitude /= 10 }
        for factor in [1.0, 2.0, 5.0, 10.0] where factor * magnitude >= rough * (1 - 1e-9) {
            return factor * magnitude
        }
        return 10 * magnitude
    }

    /// Which of `count` categories get a label when each label needs `labelWidth` of a row
    /// `width` wide: evenly spaced, the first always, at most `maximumLabels`.
    public static func labelledIndices(count: Int, width: Double, labelWidth: Double, maximumLabels: Int = 6) -> [Int] {
        guard count > 0 else { return [] }
        let fit = max(1, min(maximumLabels, Int(width / max(labelWidth, 1))))
        guard count > fit else { return Array(0..<count) }
        let every = Int((Double(count) / Double(fit)).rounded(.up))
        return stride(from: 0, to: count, by: every).map { $0 }
    }

    /// How a tick value reads: whole numbers without decimals, others with what the step needs.
    public func label(_ value: Double) -> String {
        let decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : 2
        return Format.number(value, decimals: decimals)
    }
}
