import Foundation
import Testing

/// PRD 001 §8C / Q1 and §9.3 / §9.5 from the command line: a drink given by type and size with no
/// ABV, and water with no amount, in a fresh journal with no settings at all.
@Suite("brewguide session: assumed ABV and default water, end to end")
struct SessionAssumedAmountsCommandTests {
    private func run(_ arguments: [String], data: URL, now: String) throws -> BrewGuideProcess.Result {
        try BrewGuideProcess.run(["session"] + arguments + ["--data", data.path], environment: ["BREWGUIDE_NOW": now])
    }

    /// `brewguide init`'s journal: no waterline settings, so no defaultWaterAmount.
    private func freshJournal() throws -> URL {
        let data = try BrewGuideProcess.temporaryDirectory().appendingPathComponent("journal")
        let initialised = try BrewGuideProcess.run(["init", data.path])
        #expect(initialised.status == 0, "\(initialised.stderr)")
        return data
    }

    /// 3 oz of liquor: 88.72 ml × 40 % × 0.789 ÷ 14 = 2.0 standard drinks, +2 ("a double should
    /// count as +2"). A litre of beer: 1000 × 5 % × 0.789 ÷ 14 = 2.8, +3. Water with no amount and
    /// no defaultWaterAmount: 250 ml, said so, never "0 ml".
    @Test func aDoubleWithNoABVIsPlusTwoAndWaterWithNoAmountIs250Millilitres() throws {
        let data = try freshJournal()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let start = try run(["start"], data: data, now: "2026-11-28T20:00:00Z")
        #expect(start.status == 0, "\(start.stderr)")
        let double = try run(["drink", "--type", "liquor", "--size", "3oz"], data: data, now: "2026-11-28T20:10:00Z")
        #expect(double.status == 0, "\(double.stderr)")
        #expect(double.stdout.hasPrefix("Drink: liquor, 89 ml, 40 % ABV assumed for liquor (2 standard drinks) at 20:10"), "\(double.stdout)")
        #expect(double.stdout.contains("+2 → 2 above centre"), "\(double.stdout)")
        let water = try run(["water"], data: data, now: "2026-11-28T20:20:00Z")
        #expect(water.stdout.hasPrefix("Water break: 250 ml (amount not given: the default) at 20:20"), "\(water.stdout)")
        let beer = try run(["drink", "--type", "beer", "--size", "1000"], data: data, now: "2026-11-28T20:30:00Z")
        #expect(beer.stdout.contains("5 % ABV assumed for beer (2.8 standard drinks)"), "\(beer.stdout)")
        #expect(beer.stdout.contains("+3 → 4 above centre"), "\(beer.stdout)")
        let end = try run(["end"], data: data, now: "2026-11-28T21:00:00Z")
        #expect(end.status == 0, "\(end.stderr)")
        let id = try #require(end.stdout.split(separator: " ").dropFirst().first.map(String.init))
        let summary = try BrewGuideProcess.run(["summary", id, "--data", data.path])
        #expect(summary.stdout.contains("Water breaks: 1 (250 ml (1 without an amount, counted as the default 250 ml))"), "\(summary.stdout)")
        #expect(summary.stdout.contains("ABV assumed for 2 from its type"), "\(summary.stdout)")
        #expect(!summary.stdout.contains("(0 ml)"))
    }

    /// Where the units are ounces, water with no amount is 8 oz.
    @Test func waterWithNoAmountIsEightOuncesInImperialUnits() throws {
        let data = try freshJournal()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        try #"{"lastSelectedRecipeId": "v60-starter", "waterline": {"units": "oz"}}"#.write(to: data.appendingPathComponent("preferences.json"), atomically: true, encoding: .utf8)
        _ = try run(["start"], data: data, now: "2026-11-28T20:00:00Z")
        let water = try run(["water"], data: data, now: "2026-11-28T20:20:00Z")
        #expect(water.status == 0, "\(water.stderr)")
        #expect(water.stdout.hasPrefix("Water break: 8 oz (amount not given: the default)"), "\(water.stdout)")
    }
}
