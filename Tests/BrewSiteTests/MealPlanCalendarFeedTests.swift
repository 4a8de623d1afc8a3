import BrewKit
@testable import BrewSite
import Foundation
import Testing
import TestSupport

/// `kitchen/plan.ics` as the site writes it from the test journal's plan (issue 52), read back by
/// Python's maintained `icalendar` parser (PyPI), which the test installs when it is missing.
@Suite struct MealPlanCalendarFeedTests {
    static func feed(baseURL: String? = nil, editing edit: @escaping (inout MealPlanData) -> Void = { _ in }) throws -> String {
        let plan = MealPlanPagesTests.site(editing: edit).plan
        let file = try #require(plan.feeds(siteTitle: "Test journal", baseURL: baseURL).first { $0.path == MealPlanPages.calendarPath })
        return String(decoding: file.contents, as: UTF8.self)
    }

    /// The interpreter with `icalendar` importable, installing it with pip when it is not; nil
    /// when neither works (the parser test is then skipped, saying so).
    static let python: String? = {
        func runs(_ arguments: [String]) -> Bool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
        if runs(["python3", "-c", "import icalendar"]) { return "python3" }
        if runs(["python3", "-m", "pip", "install", "--quiet", "--user", "icalendar"]), runs(["python3", "-c", "import icalendar"]) { return "python3" }
        return nil
    }()

    /// What the parser reads: per event its UID, start (UTC, ISO), summary, URL or "", description.
    static func parsed(_ feed: String) throws -> [[String]] {
        let file = TestPaths.temporary("plan", extension: "ics")
        try Data(feed.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
        import icalendar, json, sys
        cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
        assert cal['VERSION'] == '2.0', cal['VERSION']
        rows = []
        for e in cal.walk('VEVENT'):
            start = e.decoded('DTSTART')
            assert start.tzinfo is not None and start.utcoffset().total_seconds() == 0, start
            rows.append([str(e['UID']), start.strftime('%Y-%m-%dT%H:%M:%SZ'), str(e['SUMMARY']), str(e.get('URL', '')), str(e['DESCRIPTION']), str(e.decoded('DURATION'))])
        print(json.dumps(rows))
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [try #require(python), "-c", script, file.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "icalendar refused the feed: \(errorText)")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String]])
    }

    @Test(.enabled(if: python != nil, "Python's icalendar package is not installed and pip could not install it"))
    func theParserReadsOneEventPerSlotAtItsMealsTime() throws {
        let plan = MealPlanPagesTests.site().plan
        let slots = try #require(plan.mealPlan).plan.slots.map(\.value)
        let events = try Self.parsed(try Self.feed(baseURL: "https://example.org/j"))
        #expect(events.count == slots.count)
        #expect(Set(events.map { $0[0] }) == Set(slots.map { "\($0.id)@meal-plan.brewguide" }))
        // The fixture journal names no zone: Lunch of 24 November at 12:30 UTC, linking the recipe page.
        let lunch = try #require(events.first { $0[0] == "w48-tue-lunch@meal-plan.brewguide" })
        #expect(lunch[1] == "2026-11-24T12:30:00Z")
        #expect(lunch[2].hasPrefix("Lunch: "))
        #expect(lunch[3].hasPrefix("https://example.org/j/kitchen/recipes/"))
        #expect(lunch[5] == "0:30:00")
    }

    /// Names with commas, semicolons, backslashes and line breaks come back from the parser as written.
    @Test(.enabled(if: python != nil, "Python's icalendar package is not installed and pip could not install it"))
    func userTextComesBackWhole() throws {
        let name = "Toast, jam; tea \\ and a very long name that goes past seventy-five octets, with café crème\nand a second line"
        let feed = try Self.feed { plan in
            plan.slots.append(Located(MealSlot(id: "odd, id", day: "2026-11-25", meal: .eveningSnack,
                                               content: .quickAdd(QuickAddItem(name: name, calories: 10, protein: 0, carbs: 1, fats: 0))), source: plan.slots[0].source))
        }
        #expect(feed.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        let event = try #require(try Self.parsed(feed).first { $0[0] == "odd, id@meal-plan.brewguide" })
        #expect(event[2] == "Evening Snack: " + name)
        #expect(event[1] == "2026-11-25T21:00:00Z")
        #expect(event[3] == "")
    }

    /// Two builds of the same data write the same bytes; without a base URL no URL is written.
    @Test func theFeedIsTheSameBytesEveryBuild() throws {
        let first = try Self.feed()
        #expect(try Self.feed() == first)
        #expect(!first.contains("\r\nURL:"))
        #expect(first.contains("Recipe page: kitchen/recipes/"))
    }

    /// The plan pages link to the feed.
    @Test func thePlanPagesLinkToTheFeed() throws {
        let files = MealPlanPagesTests.site().files
        #expect(try #require(files["kitchen/plan/index.md"]).contains("[Subscribe in your calendar](../../kitchen/plan.ics)"))
        #expect(try #require(files["kitchen/plan/2026-W48.html"]).contains("href=\"../../kitchen/plan.ics\""))
    }
}
