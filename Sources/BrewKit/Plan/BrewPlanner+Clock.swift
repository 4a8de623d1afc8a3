/// Time: the brew clock of 003. It starts at 0 when the bloom begins.
///
/// - preparation: no timer; starts and ends where the clock stands (0 before the bloom).
/// - bloom: pour, then wait `durationSeconds`.
/// - pour: from the previous step's end to its `targetElapsedSeconds` milestone (the pour
///   window); rate = water ÷ window.
/// - wait: to its `targetElapsedSeconds` (a finish window keeps `targetElapsedMaxSeconds`), else
///   for `durationSeconds`, else no time (advance by hand). A milestone already behind the clock
///   (an invalid recipe) ends the wait where it starts.
/// - agitate: its `durationSeconds`, else `PlanOptions.defaultAgitateSeconds`.
///
/// Times do not scale with the dose.
extension BrewPlanner {
    struct Schedule {
        var steps: [PlannedStep]
        var totalSeconds: Double
    }

    static func schedule(_ recipe: Recipe, water: [Int: Double], options: PlanOptions) throws(PlanError) -> Schedule {
        var clock = 0.0
        var previousWater = 0.0
        var planned: [PlannedStep] = []
        for (index, step) in recipe.steps.enumerated() {
            let start = clock
            var end = clock
            var duration: Double?
            var rate: Double?
            let cumulative = water[index]
            let added = cumulative.map { $0 - previousWater }
            switch step.kind {
            case .preparation:
                break
            case .bloom:
                duration = step.durationSeconds
                end = start + max(0, step.durationSeconds ?? 0)
            case .pour:
                if let target = step.targetElapsedSeconds {
                    guard target > start else {
                        throw PlanError(.pourWindowClosed, recipeId: recipe.id, stepId: step.stepId, message: "the pour must be done by \(Format.clock(target)) but the step before it ends at \(Format.clock(start)); there is no time to pour")
                    }
                    end = target
                } else {
                    duration = step.durationSeconds
                    end = start + max(0, step.durationSeconds ?? 0)
                }
                if let added, end > start { rate = added / (end - start) }
            case .wait:
                duration = step.durationSeconds
                if let target = step.targetElapsedSeconds {
                    end = max(start, target)
                } else {
                    end = start + max(0, step.durationSeconds ?? 0)
                }
            case .agitate:
                let seconds = max(0, step.durationSeconds ?? options.defaultAgitateSeconds)
                duration = seconds
                end = start + seconds
            }
            let instruction = StepInstruction.text(
                for: step,
                bloomWaterGrams: step.kind == .bloom ? added : nil,
                cumulativeWaterGrams: step.kind == .pour ? cumulative : nil)
            planned.append(PlannedStep(
                stepId: step.stepId, kind: step.kind, instruction: instruction,
                waterGrams: added, cumulativeWaterGrams: cumulative,
                startSeconds: start, endSeconds: end, durationSeconds: duration,
                targetElapsedSeconds: step.targetElapsedSeconds,
                targetElapsedMaxSeconds: step.targetElapsedMaxSeconds,
                pourRateGramsPerSecond: rate))
            clock = end
            if let cumulative { previousWater = cumulative }
        }
        return Schedule(steps: planned, totalSeconds: clock)
    }
}
