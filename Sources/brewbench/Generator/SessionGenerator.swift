/// Night-out sessions, one per `daysApart` days or so, in the evening, each ended, with three
/// to ten entries that name the presets of `DrinkPresets`.
enum SessionGenerator {
    static let sources = ["phone", "phone", "watch", "widget"]

    static func sessions(count: Int, firstDay: CivilTime, spanDays: Int, using random: inout SplitMix64) -> [SyntheticSession] {
        guard count > 0 else { return [] }
        return (0..<count).map { index in
            let day = firstDay.dayNumber + index * max(1, spanDays) / count
            let start = CivilTime(minutesSinceEpoch: day * 1440 + random.int(in: 204...240) * 5)
            return session(index: index, start: start, using: &random)
        }
    }

    static func session(index: Int, start: CivilTime, using random: inout SplitMix64) -> SyntheticSession {
        var entries: [SyntheticSessionEntry] = []
        var time = start
        for number in 1...random.int(in: 3...10) {
            time = time.adding(minutes: random.int(in: 3...9) * 5)
            let isWater = random.chance(0.45)
            entries.append(SyntheticSessionEntry(
                id: "e\(number)", timestamp: time,
                drink: isWater ? nil : drink(using: &random),
                waterMl: isWater && random.chance(0.7) ? random.pick([250, 300, 330, 400, 500]) : nil,
                source: random.pick(sources)))
        }
        return SyntheticSession(
            id: "night-\(start.compactDate)-\(index + 1)", startTime: start,
            endTime: time.adding(minutes: random.int(in: 3...12) * 5),
            waterEveryNDrinks: random.chance(0.3) ? 2 : nil, entries: entries)
    }

    static func drink(using random: inout SplitMix64) -> SyntheticSessionEntry.Drink {
        let roll = random.unit()
        if roll < 0.6 {
            let preset = random.pick(DrinkPresets.all)
            return .preset(drinkType: preset.drinkType, presetId: preset.id)
        }
        if roll < 0.85 {
            let (type, size, abv) = random.pick([("beer", 330, 5.0), ("beer", 568, 4.2), ("wine", 125, 12.0), ("liquor", 44, 40.0)])
            return .measured(drinkType: type, sizeMl: size, abv: abv)
        }
        return .estimated(drinkType: random.pick(["cocktail", "other"]), standardDrinks: random.pick([1, 1.5, 2]))
    }
}
