import BrewKit
import Foundation
import Testing

/// The year in review (issue 28), with numbers worked by hand.
@Suite struct YearInReviewTests {
    static func brew(_ id: String, recipe: String, rating: Int?, dose: Double = 15, day: Double, bean: String? = nil) -> BrewLog {
        BrewLog(id: id, timestamp: Date(timeIntervalSince1970: day * 86_400), recipeId: recipe, recipeNameAtBrew: recipe.capitalized,
                doseGrams: dose, targetYieldGrams: dose * 16, waterTemperatureCelsius: 94, grindLabel: .medium, rating: rating, bean: bean)
    }

    static let logs: [(log: BrewLog, year: Int)] = [
        // a: 5 and 3 → 4.0 over two; b: 4, 4, 4 → 4.0 over three (wins the tie by brews); c: one 5 (fewer than two).
        (brew("a1", recipe: "a", rating: 5, day: 1, bean: "Kenya"), 2026),
        (brew("a2", recipe: "a", rating: 3, day: 2, bean: "Kenya"), 2026),
        (brew("b1", recipe: "b", rating: 4, dose: 18, day: 3, bean: "Brazil"), 2026),
        (brew("b2", recipe: "b", rating: 4, dose: 20, day: 4), 2026),
        (brew("b3", recipe: "b", rating: 4, dose: 16, day: 5, bean: "Kenya"), 2026),
        (brew("c1", recipe: "c", rating: 5, day: 6), 2026),
        (brew("u1", recipe: "c", rating: nil, day: 7), 2026),
        (brew("old", recipe: "c", rating: 1, day: 8), 2024),
    ]

    @Test func theBestRecipeHasTheHighestAverageOverAtLeastTwoBrews() throws {
        let review = YearInReview.make(year: 2026, logs: Self.logs, slots: [], recipeTitles: [:], nights: [], today: "2026-12-31")
        #expect(review.brewCount == 7)
        #expect(review.ratedCount == 6)
        #expect(review.averageRating == 25.0 / 6.0)
        let best = try #require(review.bestRecipe)
        #expect(best.recipeID == "b")
        #expect(best.averageRating == 4)
        #expect(best.ratedBrews == 3)
        // Its best brew: all rated 4, the latest (b3, 16 g).
        #expect(best.doseGrams == 16)
        #expect(review.beans == [.init(name: "Kenya", count: 3), .init(name: "Brazil", count: 1)])
    }

    @Test func aYearWithOneRatedBrewPerRecipeStillHasABest() throws {
        let review = YearInReview.make(year: 2024, logs: Self.logs, slots: [], recipeTitles: [:], nights: [], today: "2026-12-31")
        #expect(review.brewCount == 1)
        #expect(review.bestRecipe?.recipeID == "c")
        #expect(review.beans.isEmpty)
    }

    @Test func mealsAndNightsFallInTheirYear() {
        let slots = [
            MealSlot(id: "1", day: "2026-01-02", meal: .dinner, content: .recipe(id: "soup")),
            MealSlot(id: "2", day: "2026-03-02", meal: .lunch, content: .recipe(id: "soup")),
            MealSlot(id: "3", day: "2026-03-03", meal: .lunch, content: .recipe(id: "pasta")),
            MealSlot(id: "4", day: "2025-12-31", meal: .lunch, content: .recipe(id: "pasta")),
            MealSlot(id: "5", day: "2026-03-04", meal: .lunch, content: .recipe(id: "erased")),
        ]
        let nights = [YearInReview.Night(sessionID: "s", title: "Quiz", year: 2025, drinks: 3, highestWaterline: 2)]
        let review = YearInReview.make(year: 2026, logs: [], slots: slots, recipeTitles: ["soup": "Soup", "pasta": "Pasta"], nights: nights, today: "2026-12-31")
        #expect(review.plannedMost == [.init(name: "Soup", count: 2), .init(name: "Pasta", count: 1)])
        #expect(review.mealsPlanned == 3)
        #expect(review.nights.isEmpty)
        #expect(YearInReview.years(logYears: Self.logs.map(\.year), slots: slots, nights: nights) == [2026, 2025, 2024])
    }

    /// A planned meal is not known to be cooked, and a day still ahead has not happened: the year
    /// counts the meals planned on its days up to today, and says "planned".
    @Test func plannedMostCountsOnlyTheDaysUpToToday() {
        let slots = [
            MealSlot(id: "1", day: "2026-03-01", meal: .dinner, content: .recipe(id: "soup")),
            MealSlot(id: "2", day: "2026-03-02", meal: .lunch, content: .recipe(id: "pasta")),
            MealSlot(id: "3", day: "2026-03-03", meal: .lunch, content: .recipe(id: "pasta")),
            MealSlot(id: "4", day: "2026-03-04", meal: .lunch, content: .recipe(id: "pasta")),
        ]
        let review = YearInReview.make(year: 2026, logs: [], slots: slots, recipeTitles: ["soup": "Soup", "pasta": "Pasta"], nights: [], today: "2026-03-02")
        #expect(review.plannedMost == [.init(name: "Pasta", count: 1), .init(name: "Soup", count: 1)] || review.plannedMost == [.init(name: "Soup", count: 1), .init(name: "Pasta", count: 1)])
        #expect(review.mealsPlanned == 2)
        let none = YearInReview.make(year: 2026, logs: [], slots: slots, recipeTitles: ["soup": "Soup", "pasta": "Pasta"], nights: [], today: "2026-02-28")
        #expect(none.plannedMost.isEmpty && none.mealsPlanned == 0)
    }

    /// "Cooked most" counts the year's cook logs only (a log of another year is left out), and
    /// the planned meals stay "planned": a cook log neither adds to nor takes from them.
    @Test func cookedMostComesFromCookLogsAndPlannedStaysPlanned() throws {
        let slots = (1...3).map { MealSlot(id: "\($0)", day: "2026-03-0\($0)", meal: .dinner, content: .recipe(id: "soup")) }
        let titles = ["soup": "Soup", "pasta": "Pasta"]
        let planned = YearInReview.make(year: 2026, logs: [], slots: slots, recipeTitles: titles, nights: [], today: "2026-12-31")
        func cook(_ recipe: String, _ moment: String) throws -> CookLog {
            CookLog(id: UUID().uuidString, recipeID: recipe, cookedAt: try #require(ISO8601.date(from: moment)))
        }
        let cooks = [try cook("pasta", "2026-03-01T19:00:00Z"), try cook("pasta", "2026-05-01T19:00:00Z"),
                     try cook("soup", "2026-03-02T19:00:00Z"), try cook("soup", "2025-12-31T19:00:00Z"), try cook("gone", "2026-04-01T12:00:00Z")]
        let review = planned.withCooks(cooks, recipeTitles: titles)
        #expect(review.cookLogCount == 4, "the 2025 cook is not this year's")
        #expect(review.cookedMostByLogs.first == .init(name: "Pasta", count: 2), "\(review.cookedMostByLogs)")
        #expect(review.cookedMostByLogs.contains(.init(name: "gone", count: 1)), "an erased recipe counts under its id")
        #expect(review.plannedMost == [.init(name: "Soup", count: 3)] && review.mealsPlanned == 3, "planned stays planned")
        #expect(planned.withCooks([], recipeTitles: titles).cookedMostByLogs.isEmpty, "no cook logs: nothing cooked, whatever was planned")
    }
}
