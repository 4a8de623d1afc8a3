import BrewSite
import Foundation
import Testing
import TestSupport

/// `watch` publishes an edited log's page before the rebuild (`JournalSite.publishEditedLogPages`)
/// and gives a rebuild up for a newer change (`build(shouldStop:)`): after each edit the site
/// must still be byte for byte the site a full build makes, on a journal of a few hundred logs.
@Suite("Edited logs first")
struct EditedLogsFirstTests {
    typealias Workspace = IncrementalBuildTests.Workspace

    /// 300 more logs in three month files (`logs/2025-01.json` …), 100 each, two recipes taking turns.
    static func addLogs(to workspace: Workspace) throws {
        for month in 1...3 {
            let logs = (0..<100).map { index in
                let day = 1 + index / 4, hour = 6 + (index % 4) * 3
                let stamp = String(format: "2025%02d%02d-%02d00", month, day, hour)
                let recipe = index % 3 == 0 ? ("v60-starter", "V60 Starter") : ("bright-morning", "Bright Morning")
                return """
                      {"id": "log-\(stamp)", "timestamp": "\(String(format: "2025-%02d-%02dT%02d:00:00Z", month, day, hour))", "method": "v60",
                       "recipeId": "\(recipe.0)", "recipeNameAtBrew": "\(recipe.1)", "doseGrams": \(15 + index % 6), "targetYieldGrams": 250,
                       "waterTemperatureCelsius": 94, "grindLabel": "medium", "rating": \(1 + index % 5), "note": "Brew \(month)-\(index)."}
                    """
            }
            try workspace.save(String(format: "logs/2025-%02d.json", month), "[\n" + logs.joined(separator: ",\n") + "\n]\n")
        }
    }

    /// A workspace with the 300 logs and its site, built and ready for edits.
    static func builtSite() throws -> (Workspace, JournalSite) {
        let workspace = try Workspace()
        try addLogs(to: workspace)
        let site = workspace.site(output: "Site")
        #expect(site.build().succeeded)
        site.prepareForUpdates()
        return (workspace, site)
    }

    /// A page of the live site.
    static func page(_ workspace: Workspace, _ path: String) -> String {
        (try? String(contentsOf: workspace.root.appendingPathComponent("Site/" + path), encoding: .utf8)) ?? ""
    }

    @Test func editsAddsRemovesAndRenamesGiveTheSiteOfAFullBuild() throws {
        let workspace = try Workspace()
        try Self.addLogs(to: workspace)
        let site = workspace.site(output: "Site")
        let first = site.build()
        #expect(first.succeeded, "\(first.diagnostics)")
        #expect(first.pagesInSite > 400)
        site.prepareForUpdates()
        #expect(site.publishEditedLogPages() == nil, "nothing edited")

        // A note: its page is on the live site before the rebuild, then the rebuild equals a full build.
        try workspace.edit("logs/2025-02.json", replacing: "\"note\": \"Brew 2-41.\"", with: "\"note\": \"Brew 2-41, *finer* next time.\"")
        let written = site.publishEditedLogPages()
        #expect(written == 2, "the page and its Markdown twin, found \(String(describing: written))")
        #expect(Self.page(workspace, "logs/2025/02/log-20250211-0900.html").contains("<em>finer</em> next time"))
        #expect(!Self.page(workspace, "statistics.html").isEmpty)
        let note = try workspace.expectSameAsFullBuild(site, "note edited")
        #expect(note.change.contains("logs/2025-02.json"))

        // A rating: the previous brew of the recipe says how this one followed it.
        try workspace.edit("logs/2025-01.json", replacing: "\"rating\": 3, \"note\": \"Brew 1-2.\"", with: "\"rating\": 5, \"note\": \"Brew 1-2.\"")
        #expect(site.publishEditedLogPages() != nil)
        try workspace.expectSameAsFullBuild(site, "rating edited")

        // Two saves before a rebuild: both logs' pages first.
        try workspace.edit("logs/2025-03.json", replacing: "Brew 3-7.", with: "Brew 3-7, sweet.")
        try workspace.edit("logs/2025-01.json", replacing: "Brew 1-90.", with: "Brew 1-90, sour.")
        #expect(site.publishEditedLogPages() == 4)
        try workspace.expectSameAsFullBuild(site, "two files edited")

        // What moves a log or changes the set of logs is left to the rebuild.
        try workspace.edit("logs/2025-03.json", replacing: "\"timestamp\": \"2025-03-02T06:00:00Z\"", with: "\"timestamp\": \"2025-04-02T06:00:00Z\"")
        #expect(site.publishEditedLogPages() == nil, "a log moved in time")
        try workspace.expectSameAsFullBuild(site, "time edited")
        try workspace.edit("logs/2025-02.json", replacing: "\"recipeId\": \"v60-starter\", \"recipeNameAtBrew\": \"V60 Starter\", \"doseGrams\": 15",
                           with: "\"recipeId\": \"bright-morning\", \"recipeNameAtBrew\": \"V60 Starter\", \"doseGrams\": 15")
        #expect(site.publishEditedLogPages() == nil, "a log given another recipe")
        try workspace.expectSameAsFullBuild(site, "recipe of a log edited")
        let text = try String(contentsOf: workspace.data.appendingPathComponent("logs/2025-01.json"), encoding: .utf8)
        try workspace.save("logs/2025-01.json", text.replacingOccurrences(of: "\n]\n", with: """
            ,
              {"id": "log-20250131-2300", "timestamp": "2025-01-31T23:00:00Z", "method": "v60", "recipeId": "bright-morning",
               "recipeNameAtBrew": "Bright Morning", "doseGrams": 18, "targetYieldGrams": 300, "waterTemperatureCelsius": 96,
               "grindLabel": "medium", "rating": 4, "note": "Late one."}
            ]

            """))
        // A log added: its page first too (`NewLogsFirstTests`).
        #expect(site.publishEditedLogPages() == 2, "a log added")
        try workspace.expectSameAsFullBuild(site, "log added")
        try FileManager.default.removeItem(at: workspace.data.appendingPathComponent("logs/2025-02.json"))
        #expect(site.publishEditedLogPages() == nil, "a file removed")
        try workspace.expectSameAsFullBuild(site, "log file removed")
        #expect(rename(workspace.data.appendingPathComponent("logs/2025-03.json").path, workspace.data.appendingPathComponent("logs/2025-march.json").path) == 0)
        #expect(site.publishEditedLogPages() == nil, "a file renamed")
        try workspace.expectSameAsFullBuild(site, "log file renamed")

        // After the rename the file is a new one to the published site; an edit in it waits for the rebuild too.
        try workspace.edit("logs/2025-march.json", replacing: "Brew 3-50.", with: "Brew 3-50, again.")
        #expect(site.publishEditedLogPages() != nil, "the renamed file was published by the rebuild before")
        try workspace.expectSameAsFullBuild(site, "renamed file edited")
    }

    @Test func anEditWithAnErrorIsReportedAndTheFixRecovers() throws {
        let (workspace, site) = try Self.builtSite()
        let before = try workspace.tree("Site")

        // A rating of 9: a rule of the log validator, not of the decoder; nothing is published first.
        try workspace.edit("logs/2025-02.json", replacing: "\"rating\": 5, \"note\": \"Brew 2-4.\"", with: "\"rating\": 9, \"note\": \"Brew 2-4.\"")
        #expect(site.publishEditedLogPages() == nil)
        let broken = site.build()
        #expect(!broken.succeeded)
        #expect(broken.diagnostics.contains { $0.severity == .error && $0.location.file.hasSuffix("logs/2025-02.json") && $0.message.contains("rating must be 1–5") })
        #expect(try workspace.tree("Site") == before, "a failed build leaves the site as it was")

        // Broken JSON: an error as read.
        try workspace.edit("logs/2025-02.json", replacing: "\"rating\": 9,", with: "\"rating\": ,")
        #expect(site.publishEditedLogPages() == nil)
        #expect(!site.build().succeeded)
        #expect(try workspace.tree("Site") == before)

        // The fix, with the note changed too: the page first, then the site of a full build.
        try workspace.edit("logs/2025-02.json", replacing: "\"rating\": , \"note\": \"Brew 2-4.\"", with: "\"rating\": 4, \"note\": \"Brew 2-4, fixed.\"")
        #expect(site.publishEditedLogPages() == 2)
        #expect(Self.page(workspace, "logs/2025/02/log-20250202-0600.html").contains("Brew 2-4, fixed."))
        try workspace.expectSameAsFullBuild(site, "fixed")
    }

    @Test func aRebuildGivenUpForANewerChangeIsDoneByTheNext() throws {
        let (workspace, site) = try Self.builtSite()
        let before = try workspace.tree("Site")

        // Five places to stop, before anything is put in the staging copy: once the data is put
        // together, once it is validated, once the site is planned, once the changes are known,
        // and once the first few pages are made in memory.
        let edits = [("logs/2025-01.json", "Brew 1-1.", "Brew 1-1, stopped."), ("logs/2025-02.json", "Brew 2-2.", "Brew 2-2, stopped."),
                     ("logs/2025-03.json", "Brew 3-9.", "Brew 3-9, bitter."), ("logs/2025-01.json", "\"rating\": 2, \"note\": \"Brew 1-6.\"", "\"rating\": 5, \"note\": \"Brew 1-6.\""),
                     ("logs/2025-02.json", "Brew 2-5.", "Brew 2-5, while rendering.")]
        // With the first, a change of preferences.json, a data file as the logs files are.
        try workspace.edit("preferences.json", replacing: "\"lastSelectedRecipeId\": \"bright-morning\"", with: "\"lastSelectedRecipeId\": \"v60-starter\"")
        for (place, edit) in edits.enumerated() {
            try workspace.edit(edit.0, replacing: edit.1, with: edit.2)
            var asked = 0
            let stopped = site.build(shouldStop: { asked += 1; return asked == place + 1 })
            #expect(stopped.stopped, "stopped at place \(place + 1)")
            #expect(try workspace.tree("Site") == before, "nothing written when stopped at place \(place + 1)")
        }
        var asked = 0
        try workspace.edit("logs/2025-03.json", replacing: "Brew 3-11.", with: "Brew 3-11, last.")
        let notStopped = site.build(shouldStop: { asked += 1; return false })
        #expect(notStopped.succeeded && !notStopped.stopped)
        // Between the four stages, inside validating, planning and finding the changes (`GiveWay`),
        // then once after each round of pages made in memory (a page a core) and after the feeds.
        let pagesRendered = notStopped.pagesRendered
        #expect(pagesRendered > 0 && asked > 4 + Self.rounds(pagesRendered) + 20, "asked \(asked) times for \(pagesRendered) pages")
        // Three files are named, in the listing's order (the folders' files, then preferences.json), and the rest counted.
        #expect(notStopped.change.hasSuffix("logs/2025-01.json, logs/2025-02.json, logs/2025-03.json, 1 more file"), "\(notStopped.change)")
        try workspace.edit("logs/2025-02.json", replacing: "Brew 2-3.", with: "Brew 2-3, after.")
        try workspace.expectSameAsFullBuild(site, "after five stopped builds")
    }

    /// The rounds of pages a rebuild that may give way makes in memory (a page a core), asking after
    /// each, and once after the feeds.
    static func rounds(_ pages: Int) -> Int {
        (pages + SiteBuilder.pagesPerRoundBeforeWriting - 1) / SiteBuilder.pagesPerRoundBeforeWriting + 1
    }

    /// A rebuild gives way at every place it asks, inside validating, planning and finding the
    /// changes too (`GiveWay`): each time the live site is left as it was, and the rebuild that
    /// finally runs to the end makes the site of a full build.
    @Test func aRebuildGivesWayAtEveryPlaceItAsks() throws {
        let (workspace, site) = try Self.builtSite()
        try workspace.edit("logs/2025-02.json", replacing: "Brew 2-0.", with: "Brew 2-0, counted.")
        var places = 0
        let counted = site.build(shouldStop: { places += 1; return false })
        #expect(counted.succeeded && !counted.stopped)
        let before = try workspace.tree("Site")
        #expect(places > 4 + Self.rounds(counted.pagesRendered) + 20, "asked \(places) times for \(counted.pagesRendered) pages")
        // Each edit adds to those the stopped builds before it read: a later build asks no fewer times.
        for place in 1...places {
            try workspace.edit("logs/2025-02.json", replacing: "\"note\": \"Brew 2-\(place).\"", with: "\"note\": \"Brew 2-\(place), stopped at \(place).\"")
            var asked = 0
            let stopped = site.build(shouldStop: { asked += 1; return asked == place })
            #expect(stopped.stopped, "stopped at place \(place) of \(places)")
            #expect(try workspace.tree("Site") == before, "nothing written when stopped at place \(place)")
        }
        let finished = try workspace.expectSameAsFullBuild(site, "after a rebuild stopped at each of \(places) places")
        #expect(finished.change.contains("logs/2025-02.json"), "\(finished.change)")
        #expect(Self.page(workspace, "logs/2025/02/log-20250201-0900.html").contains("Brew 2-1, stopped at 1."))
    }
}
