import BrewKit
import Foundation

/// The year-in-review pages, `years/<YYYY>`: one per calendar year anything happened in (a brew,
/// a planned meal, a night out), newest first, across coffee, the kitchen and nights out
/// (`YearInReview`). They are made from the whole journal, so every build remakes them, as it
/// does the home and statistics pages (`SitePlan.summaryPaths`).
struct YearPages {
    let reviews: [YearInReview]

    /// - Parameter giveWay: asked every few thousand logs and before each year's review (`watch`).
    init(journal: Journal, sessions: SessionPages, mealPlan: MealPlanPages?, cooks: [CookLog] = [], giveWay: GiveWay = .never) throws(GaveWay) {
        // Each log's year once, from its local time: a review is made from its own year's logs.
        var positionsByYear: [Int: [Int]] = [:]
        for position in journal.logs.indices {
            try giveWay.check(at: position)
            positionsByYear[journal.localTimes[position].year, default: []].append(position)
        }
        let nights = sessions.sessions.map { session -> YearInReview.Night in
            let summary = sessions.summary(of: session)
            return YearInReview.Night(sessionID: summary.sessionId, title: SessionText.title(summary),
                                      year: summary.timeZone.local(summary.start).year,
                                      drinks: summary.alcoholicDrinks, highestWaterline: summary.maxWaterline)
        }
        let slots = mealPlan?.plan.slots.map(\.value) ?? []
        let titles = Dictionary(journal.validated.dataset.kitchenRecipes.map { ($0.value.id, $0.value.title) }, uniquingKeysWith: { first, _ in first })
        // A year with only cook logs has its page too.
        let years = Set(YearInReview.years(logYears: Array(positionsByYear.keys), slots: slots, nights: nights)
                        + cooks.compactMap { Int($0.day.prefix(4)) }).sorted(by: >)
        var reviews: [YearInReview] = []
        for year in years {
            try giveWay.check()
            let logs = (positionsByYear[year] ?? []).map { (log: journal.logs[$0], year: year) }
            reviews.append(YearInReview.make(year: year, logs: logs, slots: slots, recipeTitles: titles, nights: nights, today: mealPlan?.today ?? "").withCooks(cooks, recipeTitles: titles))
        }
        self.reviews = reviews
    }

    var paths: [String] { reviews.map { "years/\($0.year)" } }

    /// The home page's links, newest year first.
    var homeLinks: [[String: Any]] {
        reviews.map { ["year": String($0.year), "path": "years/\($0.year).md"] }
    }

    func page(at index: Int) -> Page {
        let review = reviews[index]
        var context: [String: Any] = [
            "year": String(review.year),
            "brewCount": review.brewCount == 1 ? "1 brew" : "\(review.brewCount) brews",
            "hasBrews": review.brewCount > 0,
            "ratedCount": String(review.ratedCount),
            "beans": review.beans.map { ["name": $0.name, "count": $0.count == 1 ? "1 brew" : "\($0.count) brews"] },
            "hasBeans": !review.beans.isEmpty,
            "planned": review.plannedMost.map { ["name": $0.name, "count": $0.count == 1 ? "once" : "\($0.count) times"] },
            "hasPlanned": !review.plannedMost.isEmpty,
            "mealsPlanned": review.mealsPlanned == 1 ? "1 planned meal" : "\(review.mealsPlanned) planned meals",
            "nights": review.nights.map { night -> [String: Any] in
                ["id": night.sessionID, "title": night.title,
                 "drinks": night.drinks == 1 ? "1 drink" : "\(night.drinks) drinks",
                 "highest": SessionText.position(night.highestWaterline)]
            },
            "hasNights": !review.nights.isEmpty,
            "cookLogCount": review.cookLogCount == 1 ? "1 meal cooked" : "\(review.cookLogCount) meals cooked",
            "hasCookLogs": review.cookLogCount > 0,
            "cookedByLogs": review.cookedMostByLogs.map { ["name": $0.name, "count": $0.count == 1 ? "once" : "\($0.count) times"] },
            "nightCount": review.nights.count == 1 ? "1 night out" : "\(review.nights.count) nights out",
        ]
        if let average = review.averageRating { context["average"] = Format.number(average, decimals: 1) }
        if let best = review.bestRecipe {
            var row: [String: Any] = [
                "name": best.name, "average": Format.number(best.averageRating, decimals: 1),
                "rated": best.ratedBrews == 1 ? "1 rated brew" : "\(best.ratedBrews) rated brews",
                "dose": Format.number(best.doseGrams, decimals: 1), "yield": Format.number(best.yieldGrams, decimals: 0),
                "ratio": Format.number(best.yieldGrams / max(best.doseGrams, 0.1), decimals: 1),
                "temperature": Format.number(best.waterCelsius, decimals: 1), "grind": best.grind,
            ]
            if let id = best.recipeID { row["id"] = id }
            if let bean = best.bean, !bean.isEmpty { row["bean"] = bean }
            context["best"] = row
        }
        return Page(path: "years/\(review.year)", title: "\(review.year) in review", template: "year", context: context)
    }
}
