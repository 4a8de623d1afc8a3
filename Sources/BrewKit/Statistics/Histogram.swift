/// How a set of values (doses, ratios) spreads, for a histogram that reads true (issue 28).
///
/// Rules:
/// - Outliers are values more than `outlierFactor` times the median or less than the median
///   divided by it (a 500 g dose among 18 g ones, a 1:2 espresso among 1:16 pour-overs). They
///   are counted apart, by value, so that they do not squeeze the ordinary brews into a hairline.
/// - The ordinary values fall into bins of a round width (1, 2, 2.5 or 5 × 10ⁿ, never finer than
///   `resolution`) starting at a multiple of it: about `targetBins` bins, at most `maximumBins`.
/// - Each bin knows the smallest and largest value it holds, so that a bar is labelled with what
///   it holds ("1:16.7"), not with its lower edge ("1:16.5").
public struct Histogram: Sendable, Hashable {
    public struct Bin: Sendable, Hashable {
        /// The bin holds values from `lower` up to, not including, `upper`.
        public var lower: Double
        public var upper: Double
        public var count: Int
        /// The smallest and largest value in the bin; nil when it is empty.
        public var smallest: Double?
        public var largest: Double?
    }

    public struct Outlier: Sendable, Hashable {
        public var value: Double
        public var count: Int
    }

    public static let outlierFactor = 3.0
    public static let targetBins = 8
    public static let maximumBins = 20

    public var bins: [Bin]
    public var outliers: [Outlier]
    public var binWidth: Double

    public var isEmpty: Bool { bins.isEmpty && outliers.isEmpty }
    /// How many values are drawn beyond the ordinary range.
    public var outlierCount: Int { outliers.reduce(0) { $0 + $1.count } }

    /// - Parameters:
    ///   - resolution: the finest bin width that means something (0.5 g for doses).
    ///   - precision: what the values are shown to (0.1): a bin's width is a multiple of it.
    public init(_ values: [Double], resolution: Double, precision: Double = 0.1) {
        let finite = values.filter(\.isFinite).sorted()
        guard !finite.isEmpty else {
            bins = []; outliers = []; binWidth = resolution
            return
        }
        let range = Self.ordinaryRange(finite)
        let ordinary = finite.filter { range.contains($0) }
        var outlierCounts: [Double: Int] = [:]
        for value in finite where !range.contains(value) { outlierCounts[value, default: 0] += 1 }
        outliers = outlierCounts.keys.sorted().map { Outlier(value: $0, count: outlierCounts[$0]!) }

        let low = ordinary.first!, high = ordinary.last!
        // All equal: one bin of the finest width, not of 1 (whatever the unit).
        var width = high > low ? max(Self.roundStep((high - low) / Double(Self.targetBins)), resolution) : resolution
        // A width the values can fill: a multiple of the precision they are shown at (never
        // 0.25 for ratios shown to 0.1, whose bins would read "1:15.3 to under 1:15.5").
        while !Self.isMultiple(width, of: precision) { width = Self.roundStep(width * 1.01) }
        var start = (low / width + 1e-6).rounded(.down) * width
        while ((high - start) / width + 1e-6).rounded(.down) + 1 > Double(Self.maximumBins) {
            width = Self.roundStep(width * 1.01)
            start = (low / width + 1e-6).rounded(.down) * width
        }
        // 167 × 0.1 is 16.700000000000003: the first edge never above the smallest value.
        start = min(start, low)
        let binCount = Int(((high - start) / width + 1e-6).rounded(.down)) + 1
        var made = (0..<binCount).map { index in
            Bin(lower: start + Double(index) * width, upper: start + Double(index + 1) * width, count: 0, smallest: nil, largest: nil)
        }
        for value in ordinary {
            // A millionth of a bin of slack: 16.7 is in the bin from 16.7, though 16.7 / 0.1 is 166.99…
            let index = min(max(Int(((value - start) / width + 1e-6).rounded(.down)), 0), binCount - 1)
            made[index].count += 1
            made[index].smallest = min(made[index].smallest ?? value, value)
            made[index].largest = max(made[index].largest ?? value, value)
        }
        bins = made
        binWidth = width
    }

    /// The values that are not outliers: within a factor of `outlierFactor` of the median.
    /// Every value is ordinary when the median is not above 0.
    public static func ordinaryRange(_ sortedValues: [Double]) -> ClosedRange<Double> {
        guard !sortedValues.isEmpty else { return -Double.infinity...Double.infinity }
        let middle = sortedValues.count / 2
        let median = sortedValues.count % 2 == 1 ? sortedValues[middle] : (sortedValues[middle - 1] + sortedValues[middle]) / 2
        guard median > 0, median.isFinite else { return -Double.infinity...Double.infinity }
        return (median / outlierFactor)...(median * outlierFactor)
    }

    static func isMultiple(_ value: Double, of step: Double) -> Bool {
        guard step > 0, value.isFinite else { return true }
        let ratio = value / step
        return abs(ratio - ratio.rounded()) < 1e-6
    }

    /// 1, 2, 2.5 or 5 × 10ⁿ, the smallest at least `rough`.
    public static func roundStep(_ rough: Double) -> Double {
        guard rough.isFinite, rough > 0 else { return 1 }
        var magnitude = 1.0
        while magnitude * 10 <= rough { magnitude *= 10 }
        while magnitude > rough { magnitude /= 10 }
        for factor in [1.0, 2.0, 2.5, 5.0, 10.0] where factor * magnitude >= rough * (1 - 1e-9) {
            return factor * magnitude
        }
        return 10 * magnitude
    }
}
