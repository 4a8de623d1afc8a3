@testable import BrewKit
import Foundation
import Testing

/// The meal plan's iCalendar text (issue 52): escaping, folding, UIDs, times in the journal's zone.
@Suite struct MealPlanCalendarTests {
    static func planned(_ id: String, _ day: String, _ meal: Meal, name: String = "Lentil soup", recipe: String? = "lentil-soup",
                        servings: Double = 1, updatedAt: String? = nil) -> MealPlanCalendar.Planned {
        MealPlanCalendar.Planned(slot: MealSlot(id: id, day: day, meal: meal, content: .recipe(id: recipe ?? "x"), servings: servings, updatedAt: updatedAt),
                                 name: name, linkedRecipeID: recipe)
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("a, b; c\\d", "a\\, b\\; c\\\\d"),
        ("line one\nline two\r\nthree\rfour", "line one\\nline two\\nthree\\nfour"),
        ("bell\u{07}and\u{7F}del\ttab", "bellanddel\ttab"),
        ("Crème brûlée", "Crème brûlée"),
    ])
    func textIsEscaped(written: String, escaped: String) {
        #expect(ICalendarText.escape(written) == escaped)
    }

    @Test func aShortLineIsOneLineWithCRLF() {
        #expect(ICalendarText.fold("SUMMARY:Lunch") == "SUMMARY:Lunch\r\n")
        let exactly75 = "SUMMARY:" + String(repeating: "x", count: 67)
        #expect(ICalendarText.fold(exactly75) == exactly75 + "\r\n")
    }

    @Test func aLongLineFoldsAt75OctetsWithALeadingSpace() {
        let line = "DESCRIPTION:" + String(repeating: "a", count: 200)
        let folded = ICalendarText.fold(line)
        let lines = folded.components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines.first?.utf8.count == 75)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        // Unfolding (RFC 5545 §3.1: remove each CRLF followed by one space) gives the line back.
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line + "\r\n")
    }

    /// A fold never splits a UTF-8 sequence: with two-octet "é" after 74 octets, the line breaks before it.
    @Test func foldingKeepsMultiOctetCharactersWhole() {
        for prefix in 60...80 {
            let line = String(repeating: "x", count: prefix) + String(repeating: "é", count: 40) + "😀 end"
            let folded = ICalendarText.fold(line)
            for part in folded.components(separatedBy: "\r\n").dropLast() {
                #expect(part.utf8.count <= 75)
                #expect(String(validatingUTF8: part) != nil || String(bytes: part.utf8, encoding: .utf8) != nil)
            }
            #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line + "\r\n")
        }
    }

    @Test func utcDateTimes() {
        #expect(ICalendarText.utcDateTime(ISO8601.date(from: "2026-11-24T11:30:00Z")!) == "20261124T113000Z")
        #expect(ICalendarText.utcDateTime(ISO8601.date(from: "1999-01-02T03:04:05Z")!) == "19990102T030405Z")
    }

    /// Lunch at 12:30 in Berlin is 11:30 UTC in November (CET) and 10:30 UTC in July (CEST);
    /// without a zone it is 12:30 UTC.
    @Test func aMealIsAtItsUsualTimeInTheJournalsZone() {
        let berlin = TimeZone(identifier: "Europe/Berlin")
        let winter = MealPlanCalendar(calendarName: "J", planned: [Self.planned("a", "2026-11-24", .lunch)], zone: berlin, baseURL: nil)
        #expect(winter.text.contains("DTSTART:20261124T113000Z\r\n"))
        #expect(winter.text.contains("X-WR-TIMEZONE:Europe/Berlin\r\n"))
        let summer = MealPlanCalendar(calendarName: "J", planned: [Self.planned("a", "2026-07-14", .lunch)], zone: berlin, baseURL: nil)
        #expect(summer.text.contains("DTSTART:20260714T103000Z\r\n"))
        let utc = MealPlanCalendar(calendarName: "J", planned: [Self.planned("a", "2026-11-24", .dinner)], zone: nil, baseURL: nil)
        #expect(utc.text.contains("DTSTART:20261124T190000Z\r\nDURATION:PT30M\r\n"))
        #expect(!utc.text.contains("X-WR-TIMEZONE"))
        let tokyoSnack = MealPlanCalendar(calendarName: "J", planned: [Self.planned("a", "2026-11-24", .morningSnack)],
                                          zone: TimeZone(identifier: "Asia/Tokyo"), baseURL: nil)
        #expect(tokyoSnack.text.contains("DTSTART:20261124T013000Z\r\nDURATION:PT15M\r\n"))
    }

    /// The UID is the slot's id, so moving a slot to another day keeps its UID (the calendar moves
    /// the event); a repeated id still gives distinct UIDs.
    @Test func uidsComeFromTheSlotsIdentity() {
        let before = MealPlanCalendar(calendarName: "J", planned: [Self.planned("w48-tue-lunch", "2026-11-24", .lunch)], zone: nil, baseURL: nil)
        let moved = MealPlanCalendar(calendarName: "J", planned: [Self.planned("w48-tue-lunch", "2026-11-25", .dinner, name: "Stew")], zone: nil, baseURL: nil)
        #expect(before.events.map(\.uid) == ["w48-tue-lunch@meal-plan.brewguide"])
        #expect(moved.events.map(\.uid) == before.events.map(\.uid))
        let repeated = MealPlanCalendar(calendarName: "J", planned: [Self.planned("x", "2026-11-24", .lunch), Self.planned("x", "2026-11-24", .dinner)], zone: nil, baseURL: nil)
        #expect(Set(repeated.events.map(\.uid)).count == 2)
    }

    /// The stamp is the slot's `updatedAt`, else its start: the same data gives the same bytes.
    @Test func theStampComesFromTheData() {
        let stamped = MealPlanCalendar(calendarName: "J", planned: [Self.planned("a", "2026-11-24", .lunch, updatedAt: "2026-11-20T08:15:00Z")], zone: nil, baseURL: nil)
        #expect(stamped.text.contains("DTSTAMP:20261120T081500Z\r\n"))
        let unstamped = { MealPlanCalendar(calendarName: "J", planned: [Self.planned("a", "2026-11-24", .lunch)], zone: nil, baseURL: nil).text }
        #expect(unstamped().contains("DTSTAMP:20261124T123000Z\r\n"))
        #expect(unstamped() == unstamped())
    }

    /// With a base URL the recipe's page is the event's URL; without one no URL is written
    /// (RFC 5545 takes only an absolute URI) and the description names the page's path.
    @Test func theRecipePageIsTheURLOnlyUnderABaseURL() {
        let planned = [Self.planned("a", "2026-11-24", .lunch), Self.planned("b", "2026-11-24", .afternoonSnack, name: "Apple", recipe: nil)]
        let based = MealPlanCalendar(calendarName: "J", planned: planned, zone: nil, baseURL: "https://example.org/journal")
        #expect(based.events.map(\.url) == ["https://example.org/journal/kitchen/recipes/lentil-soup.html", nil])
        #expect(based.text.contains("URL:https://example.org/journal/kitchen/recipes/lentil-soup.html\r\n"))
        let relative = MealPlanCalendar(calendarName: "J", planned: planned, zone: nil, baseURL: nil)
        #expect(!relative.text.contains("\r\nURL:"))
        #expect(relative.text.replacingOccurrences(of: "\r\n ", with: "").contains("DESCRIPTION:Lentil soup\\nRecipe page: kitchen/recipes/lentil-soup.html in the journal site\r\n"))
    }

    @Test func userTextInNamesIsEscapedAndEveryLineEndsInCRLF() {
        let calendar = MealPlanCalendar(calendarName: "Ana's; journal, \"home\"",
                                        planned: [Self.planned("a", "2026-11-24", .lunch, name: "Soup, bread; and\nmore \\ things", servings: 1.5)],
                                        zone: nil, baseURL: nil)
        let text = calendar.text
        #expect(text.contains("X-WR-CALNAME:Ana's\\; journal\\, \"home\"\r\n"))
        #expect(text.contains("SUMMARY:Lunch: Soup\\, bread\\; and\\nmore \\\\ things\r\n"))
        #expect(text.contains("1.5 servings"))
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\r"))
    }

    @Test func aSlotWhoseDayIsNotADayIsLeftOut() {
        let calendar = MealPlanCalendar(calendarName: "J", planned: [Self.planned("a", "2026-11-31", .lunch), Self.planned("b", "2026-11-30", .lunch)], zone: nil, baseURL: nil)
        #expect(calendar.events.map(\.uid) == ["b@meal-plan.brewguide"])
    }
}
