import Testing
@testable import brewbench

struct WritingTests {
    @Test func csvQuotesOnlyWhatNeedsIt() {
        var table = CSVText(header: ["a", "b", "c"])
        table.append(["plain", "with, comma", "say \"hi\"\n- item"])
        table.append([nil, "", "x"])
        #expect(table.text == "a,b,c\nplain,\"with, comma\",\"say \"\"hi\"\"\n- item\"\n,,x\n")
    }

    @Test func jsonEscapesAndKeepsOrder() {
        let value = JSONText.members([("b", .number(2)), ("a", .string("q\"\n\u{01}")), ("skip", nil), ("c", .array([.number(19.8), .bool(true)]))])
        #expect(value.rendered() == "{\n  \"b\": 2,\n  \"a\": \"q\\\"\\n\\u0001\",\n  \"c\": [19.8, true]\n}\n")
    }

    @Test func civilTimeFormatsAndRoundTrips() {
        let time = CivilTime(year: 2026, month: 8, day: 3, hour: 7, minute: 12)
        #expect(time.iso8601 == "2026-08-03T07:12:00Z")
        #expect(time.monthKey == "2026-08")
        #expect(CivilTime(year: 2000, month: 2, day: 29).iso8601 == "2000-02-29T00:00:00Z")
        #expect(CivilTime(year: 1969, month: 12, day: 31, hour: 23, minute: 59).iso8601 == "1969-12-31T23:59:00Z")
        for day in stride(from: -800_000, to: 800_000, by: 997) {
            let date = CivilTime.civilFromDays(day)
            #expect(CivilTime.daysFromCivil(year: date.year, month: date.month, day: date.day) == day)
        }
    }
}
