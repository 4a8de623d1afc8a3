/// Steele, Lea and Flood's SplitMix64: a small, fast generator whose output depends only on
/// its seed, so the same seed gives byte-identical data on every machine and toolchain
/// (the standard library's `random(in:using:)` algorithms are not promised to stay the same,
/// so the helpers below do their own range reduction).
struct SplitMix64 {
    private(set) var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A whole number in `0..<bound` (Lemire's multiply-shift; the tiny bias does not matter here).
    mutating func int(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        return Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + int(below: range.count)
    }

    /// A number in `0..<1` with 53 random bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    mutating func pick<Element>(_ items: [Element]) -> Element {
        items[int(below: items.count)]
    }

    /// An index into `weights`, each chosen in proportion to its weight.
    mutating func weightedIndex(_ weights: [Int]) -> Int {
        let total = weights.reduce(0, +)
        var remaining = int(below: total)
        for (index, weight) in weights.enumerated() {
            if remaining < weight { return index }
            remaining -= weight
        }
        return weights.count - 1
    }

    /// A generator for one part of the data, so that adding draws to one part does not shift
    /// the others.
    func derived(_ salt: UInt64) -> SplitMix64 {
        var copy = SplitMix64(seed: state ^ (salt &* 0xD1B5_4A32_D192_ED03))
        _ = copy.next()
        return copy
    }
}
