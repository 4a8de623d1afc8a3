/// Everything a data directory holds, generated from a seed: the same seed and size give the
/// same journal, and so byte-identical files.
struct SyntheticJournal: Sendable {
    /// The day the journal ends on (the benchmark's baseline date).
    static let lastDay = CivilTime(year: 2026, month: 11, day: 21)
    /// Bumped when the generator's output changes, so cached data directories are remade.
    static let generatorVersion = 2

    let logCount: Int
    let seed: UInt64
    let recipes: [SyntheticRecipe]
    let logs: [SyntheticLog]
    let sessions: [SyntheticSession]

    init(logCount: Int, seed: UInt64, recipeCount: Int = JournalShape.namedRecipeCount) {
        self.logCount = logCount
        self.seed = seed
        let root = SplitMix64(seed: seed)
        var recipeRandom = root.derived(1)
        var logRandom = root.derived(2)
        var sessionRandom = root.derived(3)
        var dayRandom = root.derived(4)
        let dailyCounts = LogGenerator.dailyCounts(total: logCount, using: &dayRandom)
        let spanDays = max(1, dailyCounts.count)
        let firstDay = CivilTime(minutesSinceEpoch: (Self.lastDay.dayNumber - spanDays + 1) * 1440)
        let recipes = RecipeCatalog.recipes(count: recipeCount, using: &recipeRandom, createdAt: firstDay.adding(minutes: -60 * 1440))
        self.recipes = recipes
        logs = LogGenerator(recipes: recipes).logs(dailyCounts: dailyCounts, firstDay: firstDay, using: &logRandom)
        sessions = SessionGenerator.sessions(count: max(1, logCount / 100), firstDay: firstDay, spanDays: spanDays, using: &sessionRandom)
    }

    /// The logs in files of `size` logs each, in time order: `part-0001`, `part-0002`, …
    func logsInParts(of size: Int) -> [(name: String, logs: [SyntheticLog])] {
        stride(from: 0, to: logs.count, by: max(1, size)).enumerated().map { index, start in
            let number = String(index + 1)
            return ("part-" + String(repeating: "0", count: max(0, 4 - number.count)) + number,
                    Array(logs[start..<min(logs.count, start + max(1, size))]))
        }
    }

    /// The logs grouped by month (`2026-08`), months in order, logs in time order.
    var logsByMonth: [(month: String, logs: [SyntheticLog])] {
        var groups: [(month: String, logs: [SyntheticLog])] = []
        for log in logs {
            let month = log.timestamp.monthKey
            if groups.last?.month == month {
                groups[groups.count - 1].logs.append(log)
            } else {
                groups.append((month, [log]))
            }
        }
        return groups
    }
}
