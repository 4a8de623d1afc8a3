import BrewSite
import Testing

/// Round ticks: 1, 2, 5 × 10ⁿ; whole brews and stars; time in round seconds and minutes;
/// labels that never crowd.
@Suite("Chart axes")
struct ChartAxisTests {
    @Test(arguments: [(0.3, 0.5), (0.7, 1), (1, 1), (1.2, 2), (3, 5), (6.3, 10), (63, 100), (42, 50), (180, 200), (1234, 2000)])
    func stepsAreOneTwoOrFiveTimesAPowerOfTen(rough: Double, step: Double) {
        #expect(ChartAxis.niceStep(rough) == step)
    }

    @Test func gramsStepBy50NotBy63() {
        let axis = ChartAxis.values(maximum: 309, target: 5)
        #expect(axis.step == 100 && axis.ticks == [0, 100, 200, 300, 400])
        #expect(ChartAxis.values(maximum: 252, target: 5).ticks == [0, 100, 200, 300])
        #expect(ChartAxis.values(maximum: 240, target: 6).step == 50)
    }

    @Test func brewCountsStepByWholeBrews() {
        for maximum in 1...40 {
            let axis = ChartAxis.values(maximum: Double(maximum), target: 4, wholeSteps: true)
            #expect(axis.ticks.allSatisfy { $0 == $0.rounded() }, "max \(maximum): \(axis.ticks)")
            #expect(axis.upper >= Double(maximum))
        }
        #expect(ChartAxis.values(maximum: 3, target: 4, wholeSteps: true).ticks == [0, 1, 2, 3])
        #expect(ChartAxis.stars.ticks == [1, 2, 3, 4, 5])
    }

    @Test func theBrewClockStepsInRoundTimes() {
        #expect(ChartAxis.time(seconds: 214).ticks == [0, 60, 120, 180, 240])
        #expect(ChartAxis.time(seconds: 35).ticks == [0, 10, 20, 30, 40])
    }

    @Test func categoryLabelsNeverCrowd() {
        #expect(ChartAxis.labelledIndices(count: 5, width: 400, labelWidth: 60) == [0, 1, 2, 3, 4])
        let many = ChartAxis.labelledIndices(count: 17, width: 400, labelWidth: 90)
        #expect(many.first == 0 && many.count <= 4)
        #expect(zip(many, many.dropFirst()).allSatisfy { Double($1 - $0) * 400 / 17 >= 90 })
    }
}
