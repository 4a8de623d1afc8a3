import Foundation
import Testing

/// `brewguide summary`, as a user runs it on the bundled data.
@Suite("brewguide summary, end to end")
struct SummaryCommandTests {
    @Test func textSummaryOfAnEndedSession() throws {
        let result = try BrewGuideProcess.run(["summary", "pub-quiz-1007"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Session pub-quiz-1007\n"))
        #expect(result.stdout.contains("Wed 7 Oct 2026, 19:00 to 22:30 (3 h 30 min). Ended."))
        #expect(result.stdout.contains("Drinks: 4 (3.8 standard drinks of 14 g)"))
        #expect(result.stdout.contains("Pacing: 100 %: 1 of 1 water reminders were followed"))
    }

    @Test func jsonSummaryHoldsTheFigures() throws {
        let result = try BrewGuideProcess.run(["summary", "pub-quiz-1007", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["sessionId"] as? String == "pub-quiz-1007")
        #expect(object["alcoholicDrinks"] as? Int == 4)
        #expect(object["durationMinutes"] as? Int == 210)
        #expect(object["adherencePercent"] as? Int == 100)
        #expect(object["standardDrinks"] as? Double == 3.83)
    }

    @Test func anUnknownSessionIsAnErrorWithASuggestion() throws {
        let result = try BrewGuideProcess.run(["summary", "pub-quiz-100"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: no session with id \"pub-quiz-100\" in Data/sessions (did you mean \"pub-quiz-1007\"?)"))
    }
}
