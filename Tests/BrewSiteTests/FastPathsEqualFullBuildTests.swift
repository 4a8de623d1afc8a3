import BrewSite
import Foundation
import Testing
import TestSupport

/// Every way a page reaches disk (`SiteWritePath`, one change each in
/// `eachWayAPageReachesDiskGivesTheSiteOfAFullBuild`), checked against the plain way: a clean full build of the same
/// data into a fresh folder. The fast ways are the incremental rebuild (`watch`, and `serve` after
/// a save: its writes reach the site through the same `JournalSite`), the edited-first and
/// new-logs-first pages put straight into the live site before the rebuild
/// (`JournalSite.publishEditedLogPages`), the pages a newer save puts first while a rebuild writes
/// (`newerSaveWaiting`), and the rebuild after one that gave way (`shouldStop`). After each change
/// the whole site, every file, must be the full build's byte for byte; the pages put first must be
/// those the rebuild then writes; a difference names the first file and line that differ.
@Suite("Fast paths equal a full build")
struct FastPathsEqualFullBuildTests {
    typealias Workspace = IncrementalBuildTests.Workspace

    /// The first difference between two sites (every file, by relative path), in words: the
    /// file, the line and both texts of it; nil when they are the same files with the same bytes.
    static func firstDifference(_ fast: [String: Data], _ plain: [String: Data], fastName: String = "fast", plainName: String = "full build") -> String? {
        if let path = plain.keys.filter({ fast[$0] == nil }).sorted().first { return "\(path): only in the \(plainName)" }
        if let path = fast.keys.filter({ plain[$0] == nil }).sorted().first { return "\(path): only in the \(fastName) site" }
        guard let path = plain.keys.filter({ fast[$0] != plain[$0] }).sorted().first else { return nil }
        return "\(path): " + firstDifferingLine(fast[path]!, plain[path]!, fastName: fastName, plainName: plainName)
    }

    /// The first line where two files differ, numbered from 1, with both texts (cut to 200 characters).
    static func firstDifferingLine(_ fast: Data, _ plain: Data, fastName: String = "fast", plainName: String = "full build") -> String {
        let a = String(decoding: fast, as: UTF8.self).components(separatedBy: "\n")
        let b = String(decoding: plain, as: UTF8.self).components(separatedBy: "\n")
        let line = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        let text = { (lines: [String]) in line < lines.count ? "«" + String(lines[line].prefix(200)) + "»" : "(no such line)" }
        return "line \(line + 1): \(fastName) \(text(a)), \(plainName) \(text(b))"
    }

    /// A clean full build of the workspace's data into a fresh folder, as a tree.
    static func freshFullBuild(_ workspace: Workspace) throws -> [String: Data] {
        try? FileManager.default.removeItem(at: workspace.root.appendingPathComponent("Fresh"))
        try? FileManager.default.removeItem(at: workspace.root.appendingPathComponent(".Fresh.staging"))
        let fresh = workspace.site(output: "Fresh").build(full: true)
        #expect(fresh.succeeded, "the full build: \(fresh.diagnostics.filter { $0.severity == .error })")
        return try workspace.tree("Fresh")
    }

    /// One change as `watch` takes it: the pages put first (when the change allows it), then the
    /// rebuild; the pages put first are the rebuild's, and the site is the full build's.
    /// - Parameter first: how many files the change puts first (nil: none, left to the rebuild).
    @discardableResult
    /// - Parameter checkingFirst: whether `first` is checked (a generated change may or may not put pages first).
    /// - Parameter build: how the rebuild is asked for (`watch` and `serve` may give way: `shouldStop`).
    static func expectStep(_ workspace: Workspace, _ site: JournalSite, _ step: String, first: Int?, checkingFirst: Bool = true,
                           build: (JournalSite) -> JournalSite.Outcome = { $0.build() },
                           sourceLocation: SourceLocation = #_sourceLocation, change: () throws -> Void) throws -> JournalSite.Outcome {
        let before = try workspace.tree("Site")
        try change()
        let written = site.publishEditedLogPages()
        let afterFirst = try workspace.tree("Site")
        let early = afterFirst.filter { before[$0.key] != $0.value }
        if checkingFirst {
            #expect(written == first, "\(step): files put first", sourceLocation: sourceLocation)
            #expect(early.count == (first ?? 0), "\(step): \(early.keys.sorted())", sourceLocation: sourceLocation)
        } else {
            #expect(early.count == (written ?? 0), "\(step): the files put first are those said: \(early.keys.sorted())", sourceLocation: sourceLocation)
        }
        let outcome = build(site)
        #expect(outcome.succeeded, "\(step): \(outcome.diagnostics.filter { $0.severity == .error })", sourceLocation: sourceLocation)
        let rebuilt = try workspace.tree("Site")
        for path in early.keys.sorted() {
            guard let again = rebuilt[path] else {
                Issue.record("\(step): \(path) was put first, then removed by the rebuild", sourceLocation: sourceLocation)
                continue
            }
            if again != early[path] {
                let line = firstDifferingLine(early[path]!, again, fastName: "put first", plainName: "rebuild")
                Issue.record("\(step): the page put first is not the rebuild's: \(path): \(line)", sourceLocation: sourceLocation)
            }
        }
        if let difference = firstDifference(rebuilt, try freshFullBuild(workspace), fastName: "rebuilt") {
            Issue.record("\(step): the rebuilt site is not the full build's: \(difference)", sourceLocation: sourceLocation)
        }
        return outcome
    }

    static func log(_ id: String, at time: String, bean: String?, rating: Int = 4, note: String) -> String {
        """
          {"id": "\(id)", "timestamp": "\(time)", "method": "v60", "recipeId": "bright-morning",
           "recipeNameAtBrew": "Bright Morning", "doseGrams": 18, "targetYieldGrams": 300, "waterTemperatureCelsius": 96,
           "grindLabel": "medium", "rating": \(rating), "note": "\(note)"\(bean.map { ", \"beanId\": \"\($0)\"" } ?? "")}
        """
    }

    static let recorded = "logs/2026-11-recorded.json"

    /// The fixture's recorded log with `extra` logs after it.
    static func recordedLogs(_ workspace: Workspace, adding extra: [String]) throws -> String {
        let text = try String(contentsOf: workspace.data.appendingPathComponent(recorded), encoding: .utf8)
        guard !extra.isEmpty else { return text }
        return text.replacingOccurrences(of: "\n]", with: ",\n" + extra.joined(separator: ",\n") + "\n]")
    }

    @Test func everyKindOfChangeGivesTheSiteOfAFullBuild() throws {
        let workspace = try Workspace()
        let site = workspace.site(output: "Site")
        #expect(site.build().succeeded)
        site.prepareForUpdates()
        let original = try String(contentsOf: workspace.data.appendingPathComponent(Self.recorded), encoding: .utf8)

        // The logs: edits put their pages first; an added log too; a removed one is the rebuild's.
        try Self.expectStep(workspace, site, "a log's note edited", first: 2) {
            try workspace.edit(Self.recorded, replacing: "ran a little fast.", with: "ran a little *fast*.")
        }
        try Self.expectStep(workspace, site, "a log's rating edited (its bag's page charts it)", first: 2) {
            try workspace.edit(Self.recorded, replacing: "\"rating\": 4,", with: "\"rating\": 2,")
        }
        try Self.expectStep(workspace, site, "a log given another bag", first: 2) {
            try workspace.edit(Self.recorded, replacing: "\"beanId\": \"bean-kenya-gichathaini\"", with: "\"beanId\": \"bean-rwanda-nyamasheke\"")
        }
        try Self.expectStep(workspace, site, "a log added with a bag", first: 2) {
            try workspace.save(Self.recorded, try Self.recordedLogs(workspace, adding: [
                Self.log("log-20261117-0700", at: "2026-11-17T07:00:00Z", bean: "bean-kenya-gichathaini", note: "Added with its bag.")]))
        }
        try Self.expectStep(workspace, site, "a log removed", first: nil) {
            try workspace.save(Self.recorded, original.replacingOccurrences(of: "\"rating\": 4,", with: "\"rating\": 2,")
                .replacingOccurrences(of: "ran a little fast.", with: "ran a little *fast*.")
                .replacingOccurrences(of: "bean-kenya-gichathaini", with: "bean-rwanda-nyamasheke"))
        }
        try Self.expectStep(workspace, site, "a log file removed", first: nil) {
            try FileManager.default.removeItem(at: workspace.data.appendingPathComponent("logs/2026-09.json"))
        }

        // A recipe, the bags of beans, the kitchen's shopping list and plan, a night out.
        try Self.expectStep(workspace, site, "a recipe renamed", first: nil) {
            try workspace.edit("recipes/bright-morning.json", replacing: "\"name\": \"Bright Morning\",", with: "\"name\": \"Bright Morning II\",")
        }
        try Self.expectStep(workspace, site, "a bag added", first: nil) {
            try workspace.edit("beans/beans.json", replacing: "\n]", with: """
                ,
                  {"id": "bean-colombia-huila", "name": "Colombia Huila", "roaster": "Origin", "process": "washed", "roastDate": "2026-11-10", "weightGrams": 250}
                ]
                """)
        }
        try Self.expectStep(workspace, site, "a bag's roast date edited (its brews' ages change)", first: nil) {
            try workspace.edit("beans/beans.json", replacing: "\"roastDate\": \"2026-10-28\"", with: "\"roastDate\": \"2026-10-25\"")
        }
        try Self.expectStep(workspace, site, "a bag renamed", first: nil) {
            try workspace.edit("beans/beans.json", replacing: "\"name\": \"Rwanda Nyamasheke\"", with: "\"name\": \"Rwanda Nyamasheke lot 2\"")
        }
        try Self.expectStep(workspace, site, "a bag frozen", first: nil) {
            try workspace.edit("beans/beans.json", replacing: "\"roastDate\": \"2026-10-25\",", with: "\"roastDate\": \"2026-10-25\", \"freezes\": [{\"frozenOn\": \"2026-10-27\", \"thawedOn\": \"2026-11-01\"}],")
        }
        try Self.expectStep(workspace, site, "a bag finished (no longer offered to save a brew with)", first: nil) {
            try workspace.edit("beans/beans.json", replacing: "\"weightGrams\": 350", with: "\"weightGrams\": 350, \"finishedOn\": \"2026-11-16\"")
        }
        try Self.expectStep(workspace, site, "an item ticked on the shopping list", first: nil) {
            try workspace.edit("kitchen/shopping.json", replacing: "\"name\": \"2 onions\",\n    \"recipeId\": \"lentil-soup\",\n    \"recipeName\": \"Red lentil soup\",\n    \"checked\": false",
                               with: "\"name\": \"2 onions\",\n    \"recipeId\": \"lentil-soup\",\n    \"recipeName\": \"Red lentil soup\",\n    \"checked\": true")
        }
        try Self.expectStep(workspace, site, "a drink added to a night out", first: nil) {
            try workspace.edit("sessions/entries.csv", replacing: "birthday-1121,b3,", with: "birthday-1121,b4,2026-11-21T19:10:00Z,water,,,,,,250,phone\nbirthday-1121,b3,")
        }
        try Self.expectStep(workspace, site, "a meal of the plan changed", first: nil) {
            try workspace.edit("kitchen/plan/2026-11.json", replacing: "\"meal\": \"Lunch\",\n    \"recipeId\": \"lentil-soup\"", with: "\"meal\": \"Lunch\",\n    \"recipeId\": \"shakshuka\"")
        }
        try Self.expectStep(workspace, site, "preferences changed", first: nil) {
            try workspace.edit("preferences.json", replacing: "\"lastSelectedRecipeId\": \"bright-morning\"", with: "\"lastSelectedRecipeId\": \"v60-starter\"")
        }
    }

    /// Each way a page reaches disk (`SiteWritePath`), taken by a change of its own: the site's
    /// writers recorded that way (each is told its way, `SiteWritesTaken`), the pages put first are
    /// the rebuild's, and the site is the full build's.
    /// The switch has no `default`: a way added to `SiteWritePath` is not compiled here until it
    /// is given a change.
    @Test(arguments: SiteWritePath.allCases)
    func eachWayAPageReachesDiskGivesTheSiteOfAFullBuild(_ path: SiteWritePath) throws {
        let workspace = try Workspace()
        let site = workspace.site(output: "Site")
        #expect(site.build().succeeded)
        let editNote = { try workspace.edit(Self.recorded, replacing: "ran a little fast.", with: "ran a little *fast*.") }
        let addLog = {
            try workspace.save(Self.recorded, try Self.recordedLogs(workspace, adding: [
                Self.log("log-20261117-0700", at: "2026-11-17T07:00:00Z", bean: "bean-kenya-gichathaini", note: "Added.")]))
        }
        let step = "\(path.rawValue)"
        switch path {
        case .fullBuild:
            try editNote()
            #expect(site.build(full: true).succeeded)
        case .rebuiltWhole:
            // No staging copy was made (`prepareForUpdates`): the site is made whole again.
            try Self.expectStep(workspace, site, step, first: 2, change: editNote)
        case .changedPagesMadeFirst:
            site.prepareForUpdates()
            try Self.expectStep(workspace, site, step, first: 2, build: { $0.build(shouldStop: { false }) }, change: editNote)
        case .changedPagesWrittenAsMade, .editedLogsFirst:
            site.prepareForUpdates()
            try Self.expectStep(workspace, site, step, first: 2, change: editNote)
        case .newLogsFirst:
            site.prepareForUpdates()
            try Self.expectStep(workspace, site, step, first: 2, change: addLog)
        case .newerSaveWhileWriting, .newerSaveAgainAfterSwap:
            site.prepareForUpdates()
            try addLog()
            var asked = 0
            let outcome = site.build(shouldStop: { false }, newerSaveWaiting: {
                asked += 1
                if asked == 1 { try? workspace.edit(Self.recorded, replacing: "\"note\": \"Added.\"", with: "\"note\": \"Added, then edited.\"") }
                return asked == 1
            })
            #expect(outcome.succeeded)
            try Self.expectStep(workspace, site, step + ": the rebuild after", first: 0) {}
        case .afterGivingWay:
            site.prepareForUpdates()
            try workspace.edit("beans/beans.json", replacing: "\"roastDate\": \"2026-10-28\"", with: "\"roastDate\": \"2026-10-25\"")
            #expect(site.build(shouldStop: { true }).stopped)
            try Self.expectStep(workspace, site, step, first: nil) {}
        }
        #expect(site.takeWritePaths().contains(path), "\(step): the site never took this way")
        if let difference = Self.firstDifference(try workspace.tree("Site"), try Self.freshFullBuild(workspace), fastName: step) {
            Issue.record("\(step): the site is not the full build's: \(difference)")
        }
    }

    /// A log given a bag `check` rejects (an unknown one, or one roasted after the brew) is an
    /// error of the whole journal: its page is not put first, the failed build leaves the site as it
    /// was, and the fix brings the site of a full build (the page first again).
    @Test func aBrewWithABagCheckRejectsPutsNothingFirst() throws {
        let workspace = try Workspace()
        let site = workspace.site(output: "Site")
        #expect(site.build().succeeded)
        site.prepareForUpdates()
        let before = try workspace.tree("Site")
        for (bad, finding) in [("bean-nope", "no bag of beans has the id \"bean-nope\""), ("bean-colombia-late", "before its bag \"bean-colombia-late\" was roasted")] {
            if bad == "bean-colombia-late" {
                try workspace.edit("beans/beans.json", replacing: "\n]", with: ",\n  {\"id\": \"bean-colombia-late\", \"name\": \"Colombia\", \"roastDate\": \"2026-11-25\"}\n]")
                #expect(site.build().succeeded)
            }
            let published = try workspace.tree("Site")
            let good = try String(contentsOf: workspace.data.appendingPathComponent(Self.recorded), encoding: .utf8)
            try workspace.edit(Self.recorded, replacing: "\"beanId\": \"bean-kenya-gichathaini\"", with: "\"beanId\": \"\(bad)\"")
            #expect(site.publishEditedLogPages() == nil, "\(bad): nothing put first")
            #expect(try workspace.tree("Site") == published, "\(bad): the site as it was")
            let broken = site.build()
            #expect(!broken.succeeded)
            #expect(broken.diagnostics.contains { $0.severity == .error && $0.message.contains(finding) }, "\(broken.diagnostics)")
            #expect(try workspace.tree("Site") == published, "\(bad): a failed build leaves the site as it was")
            // The same for a new brew with that bag.
            try workspace.save(Self.recorded, try Self.recordedLogs(workspace, adding: [Self.log("log-20261117-0700", at: "2026-11-17T07:00:00Z", bean: bad, note: "Bad bag.")])
                .replacingOccurrences(of: "\"beanId\": \"\(bad)\"\n", with: "\"beanId\": \"bean-kenya-gichathaini\"\n"))
            #expect(site.publishEditedLogPages() == nil, "\(bad): no new page put first")
            #expect(!site.build().succeeded)
            #expect(try workspace.tree("Site") == published, "\(bad): a failed build leaves the site as it was")
            try Self.expectStep(workspace, site, "\(bad): fixed, with the note edited", first: 2) {
                try workspace.save(Self.recorded, good.replacingOccurrences(of: "ran a little fast", with: "ran a little fast (\(bad))")
                    .replacingOccurrences(of: "bean-colombia-late", with: "bean-kenya-gichathaini"))
            }
        }
        #expect(try workspace.tree("Site") != before)
    }

    /// A save while a rebuild writes gets its pages first (`newerSaveWaiting`), and a rebuild that
    /// gave way is done by the next: both end in the site of a full build, the pages put first
    /// being those the next rebuild writes.
    @Test func pagesPutWhileARebuildWritesAndRebuildsThatGaveWay() throws {
        let (workspace, site) = try EditedLogsFirstTests.builtSite()
        // A brew added (every list it shifts), and while the rebuild writes, a note edited.
        try workspace.save(Self.recorded, try Self.recordedLogs(workspace, adding: [
            Self.log("log-20261117-0700", at: "2026-11-17T07:00:00Z", bean: "bean-kenya-gichathaini", note: "Added.")]))
        var asked = 0
        let outcome = site.build(shouldStop: { false }, newerSaveWaiting: {
            asked += 1
            if asked == 1 { try? workspace.edit(Self.recorded, replacing: "\"note\": \"Added.\"", with: "\"note\": \"Added, then edited while the rebuild wrote.\"") }
            return asked == 1
        })
        #expect(outcome.succeeded && asked >= 1)
        let path = "logs/2026/11/log-20261117-0700.html"
        let putFirst = try #require(try workspace.tree("Site")[path])
        #expect(String(decoding: putFirst, as: UTF8.self).contains("edited while the rebuild wrote"))
        // The rebuild had made that log's page too, as it read it: the newer save's page is put again
        // after the swap, so the live site does not go back to the older page until the next rebuild.
        try Self.expectStep(workspace, site, "the rebuild after the save that came while one wrote", first: 0) {}
        let rebuilt = try workspace.tree("Site")[path]
        #expect(rebuilt == putFirst, "the page put first is the next rebuild's: \(Self.firstDifferingLine(putFirst, rebuilt ?? Data()))")

        // A bag's roast date edited, the rebuild giving way at once; then a note: the next does both.
        try workspace.edit("beans/beans.json", replacing: "\"roastDate\": \"2026-11-02\"", with: "\"roastDate\": \"2026-11-01\"")
        #expect(site.build(shouldStop: { true }).stopped)
        try Self.expectStep(workspace, site, "after a rebuild that gave way", first: nil) {
            try workspace.edit("logs/2025-02.json", replacing: "Brew 2-3.", with: "Brew 2-3, after.")
        }
    }

    /// A series of changes drawn from a seeded generator (each seed the same series every run):
    /// brews added, edited (note, rating, bag) and removed, a bag's roast date moved, an item
    /// ticked and unticked, a night out's drink changed, a meal of the plan swapped. After each,
    /// the pages put first are the rebuild's and the site is the full build's.
    @Test(arguments: [UInt64(49), 2026])
    func generatedChangesGiveTheSiteOfAFullBuild(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let workspace = try Workspace()
        let site = workspace.site(output: "Site")
        #expect(site.build().succeeded)
        site.prepareForUpdates()
        let original = try String(contentsOf: workspace.data.appendingPathComponent(Self.recorded), encoding: .utf8)
        let bags = ["bean-kenya-gichathaini", "bean-rwanda-nyamasheke", nil]
        var extra: [(id: String, time: String, bean: String?, rating: Int, note: String)] = []
        var nextDay = 10, roastDay = 28, ticked = false, water = 300, lunch = "lentil-soup"
        func saveLogs() throws {
            try workspace.save(Self.recorded, extra.isEmpty ? original : original.replacingOccurrences(
                of: "\n]", with: ",\n" + extra.map { Self.log($0.id, at: $0.time, bean: $0.bean, rating: $0.rating, note: $0.note) }.joined(separator: ",\n") + "\n]"))
        }
        for number in 1...10 {
            let choice = random.next(below: extra.isEmpty ? 5 : 8)
            var step = "step \(number) of seed \(seed): "
            var change: () throws -> Void = {}
            switch choice {
            case 0, 5:
                let day = nextDay
                nextDay += 1
                extra.append((String(format: "log-202611%02d-0700", day), String(format: "2026-11-%02dT07:00:00Z", day), bags[random.next(below: 3)],
                              1 + random.next(below: 5), "Generated \(number)."))
                step += "a brew added"
                change = saveLogs
            case 1:
                roastDay = roastDay == 28 ? 20 + random.next(below: 8) : 28
                let text = try String(contentsOf: workspace.data.appendingPathComponent("beans/beans.json"), encoding: .utf8)
                let moved = text.replacingOccurrences(of: #""roastDate": "2026-10-2[0-8]",\n    "weightGrams": 350"#,
                                                      with: "\"roastDate\": \"2026-10-\(roastDay)\",\n    \"weightGrams\": 350", options: .regularExpression)
                step += "a bag's roast date moved to 2026-10-\(roastDay)"
                change = { try workspace.save("beans/beans.json", moved) }
            case 2:
                ticked.toggle()
                step += ticked ? "an item ticked" : "an item unticked"
                let (from, to) = ticked ? ("false", "true") : ("true", "false")
                change = { try workspace.edit("kitchen/shopping.json", replacing: "\"name\": \"2 carrots\",\n    \"recipeId\": \"lentil-soup\",\n    \"recipeName\": \"Red lentil soup\",\n    \"checked\": \(from)",
                                              with: "\"name\": \"2 carrots\",\n    \"recipeId\": \"lentil-soup\",\n    \"recipeName\": \"Red lentil soup\",\n    \"checked\": \(to)") }
            case 3:
                let before = water
                water = 100 + 50 * random.next(below: 8)
                if water == before { water += 25 }
                step += "a night out's water changed to \(water) ml"
                change = { try workspace.edit("sessions/entries.csv", replacing: "b2,2026-11-21T17:40:00Z,water,,,,,,\(before),", with: "b2,2026-11-21T17:40:00Z,water,,,,,,\(water),") }
            case 4:
                let before = lunch
                lunch = lunch == "lentil-soup" ? "shakshuka" : "lentil-soup"
                step += "a meal of the plan swapped"
                change = { try workspace.edit("kitchen/plan/2026-11.json", replacing: "\"meal\": \"Lunch\",\n    \"recipeId\": \"\(before)\"", with: "\"meal\": \"Lunch\",\n    \"recipeId\": \"\(lunch)\"") }
            case 6:
                let index = random.next(below: extra.count)
                switch random.next(below: 3) {
                case 0: extra[index].note += " Edited."; step += "a brew's note edited"
                case 1: extra[index].rating = extra[index].rating % 5 + 1; step += "a brew's rating edited"
                default: extra[index].bean = bags[((bags.firstIndex(of: extra[index].bean) ?? 0) + 1) % 3]; step += "a brew given another bag"
                }
                change = saveLogs
            default:
                extra.remove(at: random.next(below: extra.count))
                step += "a brew removed"
                change = saveLogs
            }
            try Self.expectStep(workspace, site, step, first: nil, checkingFirst: false, change: change)
        }
    }

    /// The report names the first differing file and line.
    @Test func aDifferenceIsNamedByFileAndLine() {
        let a = ["index.html": Data("<p>\n<b>one</b>\n".utf8), "x.md": Data("same".utf8)]
        var b = a
        #expect(Self.firstDifference(a, b) == nil)
        b["index.html"] = Data("<p>\n<b>two</b>\n".utf8)
        #expect(Self.firstDifference(a, b) == "index.html: line 2: fast «<b>one</b>», full build «<b>two</b>»")
        b["y.html"] = Data()
        #expect(Self.firstDifference(a, b) == "y.html: only in the full build")
    }
}

/// SplitMix64: the same numbers for the same seed on every machine (the system generator is not seeded).
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number from 0 to `bound` - 1.
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
