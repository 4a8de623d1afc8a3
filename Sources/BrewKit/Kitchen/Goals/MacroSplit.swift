/// A split of a day's calories between the macros, in whole percent summing to 100
/// (`preferences.json` `kitchen.goals.split`). The seed's default is 30 / 40 / 30.
public struct MacroSplit: Hashable, Sendable {
    public var proteinPercent: Int
    public var carbsPercent: Int
    public var fatsPercent: Int

    public static let seedDefault = MacroSplit(proteinPercent: 30, carbsPercent: 40, fatsPercent: 30)

    public init(proteinPercent: Int, carbsPercent: Int, fatsPercent: Int) {
        self.proteinPercent = proteinPercent
        self.carbsPercent = carbsPercent
        self.fatsPercent = fatsPercent
    }

    public subscript(macro: Macro) -> Int {
        switch macro {
        case .protein: proteinPercent
        case .carbs: carbsPercent
        case .fats: fatsPercent
        }
    }

    public var totalPercent: Int { proteinPercent + carbsPercent + fatsPercent }

    /// Whole percentages of `kilocalories` (in macro order) that sum to exactly 100:
    /// each share rounded down, then the points left over given to the largest remainders
    /// (ties to the earlier macro). Nil when the kilocalories sum to 0.
    public static func wholePercentages(of kilocalories: [Macro: Double]) -> MacroSplit? {
        let total = Macro.allCases.reduce(0.0) { $0 + max(0, kilocalories[$1] ?? 0) }
        guard total > 0 else { return nil }
        let exact = Macro.allCases.map { max(0, kilocalories[$0] ?? 0) * 100 / total }
        var whole = exact.map { Int($0.rounded(.down)) }
        let order = exact.indices.sorted { a, b in
            let ra = exact[a] - Double(whole[a]), rb = exact[b] - Double(whole[b])
            return ra != rb ? ra > rb : a < b
        }
        for index in order.prefix(100 - whole.reduce(0, +)) { whole[index] += 1 }
        return MacroSplit(proteinPercent: whole[0], carbsPercent: whole[1], fatsPercent: whole[2])
    }
}
