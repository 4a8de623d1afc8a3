/// The recipes of a synthetic journal: the V60 starter (as in Data/) and eleven custom ones
/// whose numbers come from the seed, with steps that pass every recipe rule.
enum RecipeCatalog {
    static let customNames: [(id: String, name: String)] = [
        ("bright-morning", "Bright Morning"),
        ("weekend-three-pour", "Weekend Three-Pour"),
        ("dark-roast-low-temp", "Dark Roast Low & Slow"),
        ("kenya-fast-pour", "Kenya Fast Pour"),
        ("ethiopia-floral", "Ethiopia Floral"),
        ("four-pour-sweet", "Four-Pour Sweet"),
        ("decaf-evening", "Decaf Evening"),
        ("light-roast-high-heat", "Light Roast, High Heat"),
        ("single-pour", "Single Pour"),
        ("big-batch-30g", "Big Batch 30 g"),
        ("office-travel", "Office \"Travel\" Brew"),
    ]

    static let grindDescriptors = [
        "fine": "fine sand; a touch finer than table salt",
        "medium": "sand; slightly finer than sea salt",
        "coarse": "coarse sea salt; gritty, distinct grains",
    ]

    static let pourInstructions = [
        "Slow spiral, keep the bed flat", "Centre pour only", "Pour in pulses of 20 g",
        "Aim for the edge of the bed, not the paper", "Gentle circles from the centre out",
    ]

    /// The starter, the named custom recipes, then numbered ones (`custom-13`, …) up to `count`.
    static func recipes(count: Int = JournalShape.namedRecipeCount, using random: inout SplitMix64, createdAt: CivilTime) -> [SyntheticRecipe] {
        var recipes = [starter(createdAt: createdAt)]
        let numbered = (customNames.count + 2..<max(count, JournalShape.namedRecipeCount) + 1).map { ("custom-\($0)", "Custom Recipe \($0)") }
        for (index, entry) in (customNames + numbered).enumerated() {
            let created = createdAt.adding(minutes: (index + 1) * 1440 + random.int(in: 0...600))
            recipes.append(custom(id: entry.0, name: entry.1, createdAt: created, using: &random))
        }
        return recipes
    }

    static func starter(createdAt: CivilTime) -> SyntheticRecipe {
        SyntheticRecipe(
            id: "v60-starter", name: "V60 Starter", isStarter: true,
            doseGrams: 15, targetYieldGrams: 250, waterTemperatureCelsius: 94, grindLabel: "medium",
            grindDescriptor: "sand; slightly finer than sea salt",
            createdAt: createdAt, modifiedAt: createdAt, bloomRatio: 3, pourSplit: nil, cardDosesGrams: [],
            steps: [
                SyntheticStep(stepId: "rinse", kind: "preparation", instructionText: "Rinse filter and preheat"),
                SyntheticStep(stepId: "add-coffee", kind: "preparation", instructionText: "Add coffee, level bed"),
                SyntheticStep(stepId: "bloom", kind: "bloom", durationSeconds: 45, waterAmountGrams: 45),
                SyntheticStep(stepId: "pour-1", kind: "pour", targetElapsedSeconds: 90, waterAmountGrams: 150),
                SyntheticStep(stepId: "pour-2", kind: "pour", targetElapsedSeconds: 135, waterAmountGrams: 250),
                SyntheticStep(stepId: "drawdown", kind: "wait", targetElapsedSeconds: 180, targetElapsedMaxSeconds: 210),
            ])
    }

    static func custom(id: String, name: String, createdAt: CivilTime, using random: inout SplitMix64) -> SyntheticRecipe {
        let dose = Double(random.pick([12, 15, 16, 18, 18, 20, 22, 25, 30]))
        let ratio = random.pick([15.0, 15.5, 16.0, 16.5, 17.0])
        let yield = (dose * ratio).rounded()
        let bloomRatio = random.pick([2.0, 2.5, 3.0, 3.3])
        let grind = random.pick(["fine", "medium", "medium", "coarse"])
        let steps = brewSteps(dose: dose, yield: yield, bloomRatio: bloomRatio, using: &random)
        let cardDoses: [Double] = random.chance(0.4) ? [dose - 3, dose + 5] : []
        return SyntheticRecipe(
            id: id, name: name, isStarter: false,
            doseGrams: dose, targetYieldGrams: yield,
            waterTemperatureCelsius: Double(random.int(in: 88...97)), grindLabel: grind,
            grindDescriptor: grindDescriptors[grind] ?? "sand",
            createdAt: createdAt, modifiedAt: createdAt.adding(minutes: random.int(in: 0...90) * 1440),
            bloomRatio: bloomRatio, pourSplit: random.chance(0.3) ? "even" : nil,
            cardDosesGrams: cardDoses, steps: steps)
    }

    /// Preparation, a bloom, one to four pours whose cumulative water ends exactly at the yield,
    /// an optional swirl and the drawdown window; milestones only move forward.
    static func brewSteps(dose: Double, yield: Double, bloomRatio: Double, using random: inout SplitMix64) -> [SyntheticStep] {
        let bloomWater = (dose * bloomRatio).rounded()
        let bloomSeconds = random.pick([30, 35, 40, 45])
        var steps = [
            SyntheticStep(stepId: "rinse", kind: "preparation", instructionText: "Rinse filter and preheat"),
            SyntheticStep(stepId: "add-coffee", kind: "preparation", instructionText: "Add coffee, level bed"),
            SyntheticStep(stepId: "bloom", kind: "bloom", instructionText: random.chance(0.5) ? "Wet every ground" : nil,
                          durationSeconds: bloomSeconds, waterAmountGrams: bloomWater),
        ]
        let pourCount = random.int(in: 1...4)
        var target = bloomSeconds
        for pour in 1...pourCount {
            target += (pour == 1 ? 30 : 35) + random.int(in: 0...10)
            let water = pour == pourCount ? yield : (bloomWater + (yield - bloomWater) * Double(pour) / Double(pourCount)).rounded()
            steps.append(SyntheticStep(
                stepId: "pour-\(pour)", kind: "pour",
                instructionText: random.chance(0.4) ? random.pick(pourInstructions) : nil,
                targetElapsedSeconds: target, waterAmountGrams: water))
        }
        if random.chance(0.5) {
            steps.append(SyntheticStep(stepId: "swirl", kind: "agitate", instructionText: "Gentle swirl to flatten the bed", durationSeconds: 5))
        }
        let finish = target + 45 + random.int(in: 0...15)
        steps.append(SyntheticStep(stepId: "drawdown", kind: "wait", targetElapsedSeconds: finish, targetElapsedMaxSeconds: finish + 30))
        return steps
    }
}
