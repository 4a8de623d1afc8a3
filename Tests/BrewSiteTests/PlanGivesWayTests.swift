import BrewData
import BrewKit
@testable import BrewSite
import Foundation
import Testing
import TestSupport

/// Planning a site and finding what a change touches give way to a newer change (`GiveWay`) inside
/// their loops over the logs, not only between their steps: `watch` stops a rebuild of a large
/// journal within milliseconds of a save. What they make when they do not give way is unchanged.
@Suite("Plan gives way")
struct PlanGivesWayTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// The bundled journal with its logs copied until there are `count`, each copy some days earlier.
    static func journal(logs count: Int) -> ValidatedDataset {
        var dataset = DataDirectoryReader(root: TestPaths.journal.path).read().validated.dataset
        let original = dataset.logs
        var logs = original
        var copy = 0
        while logs.count < count {
            copy += 1
            for var located in original where logs.count < count {
                located.value.id += "-copy\(copy)"
                located.value.timestamp -= Double(copy) * 3 * 86_400
                logs.append(located)
            }
        }
        dataset.logs = logs
        return ValidatedDataset(dataset: dataset, readDiagnostics: [])
    }

    /// How many times planning `validated` asks, and the plan.
    static func plan(_ validated: ValidatedDataset, with builder: SiteBuilder) throws -> (plan: SitePlan, asked: Int) {
        var asked = 0
        let plan = try builder.plan(validated, now: now, giveWay: GiveWay { asked += 1; return false })
        return (plan, asked)
    }

    @Test func aLargeJournalIsPlannedAskingEveryFewThousandLogs() throws {
        let builder = SiteBuilder(renderer: PageRenderer(templates: try TemplateShapesTests.templates()))
        let small = Self.journal(logs: 0)
        let large = Self.journal(logs: 3 * GiveWay.itemsPerCheck)
        let (smallPlan, smallAsked) = try Self.plan(small, with: builder)
        let (largePlan, largeAsked) = try Self.plan(large, with: builder)
        // Each log's recipe, local time, page path and year: three questions each, at least.
        #expect(largeAsked >= smallAsked + 4 * 3, "asked \(largeAsked) times for \(large.dataset.logs.count) logs, \(smallAsked) for \(small.dataset.logs.count)")
        let plain = builder.plan(large, now: Self.now)
        #expect(largePlan.sources.map(largePlan.path(of:)) == plain.sources.map(plain.path(of:)))
        #expect(largePlan.journal.logPaths == plain.journal.logPaths && largePlan.journal.localTimes.map(\.dayAndTime) == plain.journal.localTimes.map(\.dayAndTime))

        // Given up at the first question, one in the middle, and the last.
        for place in [1, largeAsked / 2, largeAsked] {
            var asked = 0
            #expect(throws: GaveWay.self, "gives way at question \(place) of \(largeAsked)") {
                _ = try builder.plan(large, now: Self.now, giveWay: GiveWay { asked += 1; return asked == place })
            }
        }

        // The changes between two plans of the same journal: each journal's log page keys, then each log's.
        var changesAsked = 0
        let changes = try SiteChanges.between(plain, largePlan, giveWay: GiveWay { changesAsked += 1; return false })
        #expect(changesAsked >= 3 * 3, "asked \(changesAsked) times")
        #expect(changes.sources == SiteChanges.between(builder.plan(large, now: Self.now), builder.plan(large, now: Self.now)).sources)
        #expect(SiteChanges.between(smallPlan, largePlan).sources.count > changes.sources.count)
        var asked = 0
        #expect(throws: GaveWay.self) {
            _ = try SiteChanges.between(builder.plan(large, now: Self.now), builder.plan(large, now: Self.now), giveWay: GiveWay { asked += 1; return asked == 5 })
        }
    }
}
