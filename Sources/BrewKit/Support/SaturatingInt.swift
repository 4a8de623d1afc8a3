extension Int {
    /// The largest magnitude a converted `Double` keeps: 2^53, where doubles stop being exact integers.
    public static let saturationLimit = 9_007_199_254_740_992

    /// `value` rounded toward zero as an `Int`, clamped to ±2^53, with NaN read as 0.
    /// `Int(_: Double)` traps on NaN, infinities and anything beyond ±9.2e18; data can hold
    /// `1e300`, so every conversion of a value that came from data goes through this one.
    public init(saturating value: Double) {
        if value.isNaN { self = 0; return }
        let limit = Double(Int.saturationLimit)
        self = Int(Swift.min(Swift.max(value, -limit), limit))
    }
}
