/// Brew logs spread over days, about ten a day between 06:00 and 23:00. Each names a recipe of the journal, except a few whose recipe was deleted.
struct LogGenerator {
    static let tasteTags = ["tooBitter", "tooSour", "tooWeak", "tooStrong"]
    static let deletedRecipeNames = ["Old Washed Kenya", "Summer Iced V60", "Hoffmann Method (old)"]
    static let grindLabels = ["fine", "medium", "coarse"]

    let recipes: [SyntheticRecipe]
    /// How often each recipe is brewed, parallel to `recipes`.
    let recipeWeights: [Int]

    init(recipes: [SyntheticRecipe]) {
        self.recipes = recipes
        recipeWeights = recipes.indices.map { index in index == 0 ? 18 : max(2, 16 - index) }
    }

    /// The most days a journal spans: 19 years, so that the first brew of even the largest journal
    /// falls after 2000-01-01, the earliest date `check` accepts (`DateBounds.earliest`).
    static let maximumDays = 19 * 365

    /// How many logs each day has, about ten (more where ten a day would reach back past
    /// `maximumDays`: 100,000 logs are about fifteen a day), adding up to `total`.
    static func dailyCounts(total: Int, using random: inout SplitMix64) -> [Int] {
        var counts: [Int] = []
        var remaining = total
        let mean = max(10, (total + maximumDays - 1) / maximumDays + 1)
        let spread = (mean * 3) / 10
        while remaining > 0 {
            let today = min(remaining, random.int(in: (mean - spread)...(mean + spread)))
            counts.append(today)
            remaining -= today
        }
        return counts
    }

    /// The logs of consecutive days from `firstDay`, `dailyCounts[i]` on day i.
    func logs(dailyCounts: [Int], firstDay: CivilTime, using random: inout SplitMix64) -> [SyntheticLog] {
        var logs: [SyntheticLog] = []
        logs.reserveCapacity(dailyCounts.reduce(0, +))
        for (offset, count) in dailyCounts.enumerated() {
            let day = firstDay.dayNumber + offset
            for minute in distinctMinutes(count, using: &random) {
                logs.append(log(at: CivilTime(minutesSinceEpoch: day * 1440 + minute), using: &random))
            }
        }
        return logs
    }

    /// `count` different minutes of the day between 06:00 and 23:00, in order.
    private func distinctMinutes(_ count: Int, using random: inout SplitMix64) -> [Int] {
        var minutes: Set<Int> = []
        while minutes.count < count { minutes.insert(random.int(in: 360...1379)) }
        return minutes.sorted()
    }

    private func log(at time: CivilTime, using random: inout SplitMix64) -> SyntheticLog {
        let deleted = random.chance(0.02)
        let recipe = recipes[random.weightedIndex(recipeWeights)]
        let scale = random.chance(0.7) ? 1.0 : random.pick([0.8, 0.9, 1.1, 1.2, 1.33])
        let dose = (recipe.doseGrams * scale * 10).rounded() / 10
        let yield = (recipe.targetYieldGrams * scale).rounded()
        let temperature = min(100, recipe.waterTemperatureCelsius + Double(random.int(in: -2...1)))
        let grind = random.chance(0.8) ? recipe.grindLabel : random.pick(Self.grindLabels)
        let rating = random.weightedIndex([3, 9, 28, 38, 22]) + 1
        let tagChance = rating == 5 ? 0.0 : rating == 4 ? 0.3 : 0.85
        let tag = random.chance(tagChance) ? random.pick(Self.tasteTags) : nil
        var note: String?
        if random.chance(0.65) {
            note = NoteWriter.note(using: &random, withList: random.chance(0.45))
        }
        return SyntheticLog(
            id: "log-\(time.compactDate)-\(time.compactClock)", timestamp: time,
            recipeId: deleted ? nil : recipe.id,
            recipeNameAtBrew: deleted ? random.pick(Self.deletedRecipeNames) : recipe.name,
            doseGrams: dose, targetYieldGrams: yield, waterTemperatureCelsius: temperature,
            grindLabel: grind, rating: rating, tasteTag: tag, note: note)
    }
}
