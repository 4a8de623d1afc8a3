import BrewSite
import Foundation
import Testing
import TestSupport

/// A brew added to a logs file (`brewguide log`, a save from the phone under `serve`) gets its page
/// before the rebuild (`JournalSite.publishEditedLogPages`), straight into the live site: the page
/// must be byte for byte the one the rebuild then makes, and the site after the rebuild the one a
/// full build makes, also when the early page's log is gone again by then.
@Suite("New logs first")
struct NewLogsFirstTests {
    typealias Workspace = IncrementalBuildTests.Workspace

    /// A log as `brewguide log` writes it, for the end of a JSON logs file.
    static func log(_ id: String, at timestamp: String, recipe: (id: String, name: String) = ("v60-starter", "V60 Starter"),
                    rating: Int = 4, note: String = "Saved from the phone.") -> String {
        """
          {"id": "\(id)", "timestamp": "\(timestamp)", "method": "v60", "recipeId": "\(recipe.id)", "recipeNameAtBrew": "\(recipe.name)",
           "doseGrams": 15, "targetYieldGrams": 250, "waterTemperatureCelsius": 94, "grindLabel": "medium", "rating": \(rating), "note": "\(note)"}
        """
    }

    /// Appends `logs` to the JSON logs file at `relative` (made when missing), as `log` appends.
    static func append(_ logs: [String], to relative: String, in workspace: Workspace) throws {
        let url = workspace.data.appendingPathComponent(relative)
        guard let text = try? String(contentsOf: url, encoding: .utf8), let close = text.range(of: "]", options: .backwards) else {
            try workspace.save(relative, "[\n" + logs.joined(separator: ",\n") + "\n]\n")
            return
        }
        let body = text[..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        try workspace.save(relative, body + ",\n" + logs.joined(separator: ",\n") + "\n]\n")
    }

    /// The page and its Markdown twin as the live site holds them now.
    static func files(_ workspace: Workspace, _ path: String) -> [Data?] {
        [".html", ".md"].map { FileManager.default.contents(atPath: workspace.root.appendingPathComponent("Site/" + path + $0).path) }
    }

    /// Publishes the pages first, then rebuilds: each page put first must be what the rebuild left
    /// there, and the site that of a full build.
    static func expectPagesFirst(_ site: JournalSite, _ workspace: Workspace, paths: [String], _ step: String,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        let written = site.publishEditedLogPages()
        #expect(written == 2 * paths.count, "\(step): the pages and their Markdown twins, found \(String(describing: written))", sourceLocation: sourceLocation)
        let first = paths.map { files(workspace, $0) }
        #expect(first.allSatisfy { $0.allSatisfy { $0 != nil } }, "\(step): the pages are in the live site before the rebuild", sourceLocation: sourceLocation)
        try workspace.expectSameAsFullBuild(site, step, sourceLocation: sourceLocation)
        #expect(paths.map { files(workspace, $0) } == first, "\(step): the rebuild made the same pages", sourceLocation: sourceLocation)
    }

    @Test func aBrewAddedGetsItsPageFirstAsTheRebuildMakesIt() throws {
        let (workspace, site) = try EditedLogsFirstTests.builtSite()

        // The newest brew of all, with the last selected recipe set as `log` sets it.
        try Self.append([Self.log("log-20261123-0700", at: "2026-11-23T07:00:00Z")], to: "logs/2026-11-recorded.json", in: workspace)
        try workspace.edit("preferences.json", replacing: "\"lastSelectedRecipeId\": \"bright-morning\"", with: "\"lastSelectedRecipeId\": \"v60-starter\"")
        try Self.expectPagesFirst(site, workspace, paths: ["logs/2026/11/log-20261123-0700"], "the newest brew")
        #expect(String(decoding: Self.files(workspace, "logs/2026/11/log-20261123-0700")[0] ?? Data(), as: UTF8.self).contains("Saved from the phone."))

        // A brew between others of its recipe: its next brew is one of the journal's.
        try Self.append([Self.log("log-20250131-2300", at: "2025-01-31T23:00:00Z", recipe: ("bright-morning", "Bright Morning"), rating: 2)],
                        to: "logs/2025-01.json", in: workspace)
        try Self.expectPagesFirst(site, workspace, paths: ["logs/2025/01/log-20250131-2300"], "a brew between others")

        // Two brews of one recipe in one save, and at the same moment as a third of another: each
        // one's next brew among the new ones, in the journal's order (newest first, then by id).
        try Self.append([Self.log("log-20261124-0700", at: "2026-11-24T07:00:00Z"), Self.log("log-20261124-0800", at: "2026-11-24T08:00:00Z", rating: 5),
                         Self.log("log-20261124-0800-2", at: "2026-11-24T08:00:00Z", recipe: ("bright-morning", "Bright Morning"))],
                        to: "logs/2026-11-recorded.json", in: workspace)
        try Self.expectPagesFirst(site, workspace, paths: ["logs/2026/11/log-20261124-0700", "logs/2026/11/log-20261124-0800", "logs/2026/11/log-20261124-0800-2"],
                                  "three brews in one save")

        // The first brew of a new month: a logs file new to the site.
        try Self.append([Self.log("log-20261201-0700", at: "2026-12-01T07:00:00Z")], to: "logs/2026-12.json", in: workspace)
        try Self.expectPagesFirst(site, workspace, paths: ["logs/2026/12/log-20261201-0700"], "a new month's file")
    }

    @Test func whatTheRebuildMustDecideIsLeftToIt() throws {
        let (workspace, site) = try EditedLogsFirstTests.builtSite()
        // An id that names the page of a log already there, on a disk that ignores case.
        try Self.append([Self.log("LOG-20250301-0600", at: "2026-11-23T07:00:00Z")], to: "logs/2026-11-recorded.json", in: workspace)
        #expect(site.publishEditedLogPages() == nil, "an id repeated but for case")
        #expect(!site.build().succeeded)
        try workspace.edit("logs/2026-11-recorded.json", replacing: "LOG-20250301-0600", with: "log-20261123-0700")
        try workspace.expectSameAsFullBuild(site, "the id fixed")

        // A rating `log` refuses; a brew beside an edit of another log; the time zone changed.
        try Self.append([Self.log("log-20261123-0800", at: "2026-11-23T08:00:00Z", rating: 9)], to: "logs/2026-11-recorded.json", in: workspace)
        #expect(site.publishEditedLogPages() == nil, "a rating of 9")
        try workspace.edit("logs/2026-11-recorded.json", replacing: "\"rating\": 9", with: "\"rating\": 3")
        try workspace.edit("logs/2025-02.json", replacing: "Brew 2-41.", with: "Brew 2-41, edited.")
        #expect(site.publishEditedLogPages() == nil, "a brew added beside an edit")
        try workspace.expectSameAsFullBuild(site, "added and edited")
        try Self.append([Self.log("log-20261123-0900", at: "2026-11-23T09:00:00Z")], to: "logs/2026-11-recorded.json", in: workspace)
        try workspace.edit("preferences.json", replacing: "\"lastSelectedRecipeId\"", with: "\"timeZone\": \"Asia/Tokyo\", \"lastSelectedRecipeId\"")
        #expect(site.publishEditedLogPages() == nil, "the journal's time zone changed")
        try workspace.expectSameAsFullBuild(site, "time zone changed")
        // preferences.json no longer JSON, beside a new brew: read as a data file, its error holds the page back.
        try Self.append([Self.log("log-20261123-1000", at: "2026-11-23T10:00:00Z")], to: "logs/2026-11-recorded.json", in: workspace)
        try workspace.edit("preferences.json", replacing: "\"lastSelectedRecipeId\"", with: "\"lastSelectedRecipeId\" ,")
        #expect(site.publishEditedLogPages() == nil, "preferences.json does not parse")
        #expect(!site.build().succeeded)
    }

    /// A page put first whose log is gone by the rebuild (the save undone, the file restored) is
    /// removed; an edited page whose edit is undone is made again: the site is a full build's.
    @Test func anEarlyPageWhoseChangeIsUndoneDoesNotStay() throws {
        let (workspace, site) = try EditedLogsFirstTests.builtSite()
        let original = try String(contentsOf: workspace.data.appendingPathComponent("logs/2025-03.json"), encoding: .utf8)
        try Self.append([Self.log("log-20250331-2300", at: "2025-03-31T23:00:00Z")], to: "logs/2025-03.json", in: workspace)
        #expect(site.publishEditedLogPages() == 2)
        #expect(Self.files(workspace, "logs/2025/03/log-20250331-2300")[0] != nil)
        try workspace.save("logs/2025-03.json", original)
        try workspace.expectSameAsFullBuild(site, "the brew taken out again")
        #expect(Self.files(workspace, "logs/2025/03/log-20250331-2300")[0] == nil)

        try workspace.edit("logs/2025-03.json", replacing: "Brew 3-12.", with: "Brew 3-12, undone later.")
        #expect(site.publishEditedLogPages() == 2)
        try workspace.save("logs/2025-03.json", original)
        try workspace.expectSameAsFullBuild(site, "the edit undone")
    }

    /// The pages go straight into the live site: no staging copy is needed, so the first save after
    /// the first build does not wait for one (`watch` makes it on another thread meanwhile).
    @Test func pagesFirstNeedNoStagingCopy() throws {
        let workspace = try Workspace()
        try EditedLogsFirstTests.addLogs(to: workspace)
        let site = workspace.site(output: "Site")
        #expect(site.build().succeeded)
        try Self.append([Self.log("log-20261123-0700", at: "2026-11-23T07:00:00Z")], to: "logs/2026-11-recorded.json", in: workspace)
        try Self.expectPagesFirst(site, workspace, paths: ["logs/2026/11/log-20261123-0700"], "no staging copy")

        // Made on another thread: the save's pages first, then the rebuild waits for the copy.
        #expect(SiteTransaction.removeStagingCopy(of: workspace.root.appendingPathComponent("Site").path))
        site.prepareForUpdates(inBackground: true)
        try Self.append([Self.log("log-20261123-0800", at: "2026-11-23T08:00:00Z")], to: "logs/2026-11-recorded.json", in: workspace)
        try Self.expectPagesFirst(site, workspace, paths: ["logs/2026/11/log-20261123-0800"], "staging copy made meanwhile")
        let staging = workspace.root.appendingPathComponent(".Site.staging").path
        #expect(FileManager.default.fileExists(atPath: staging), "the rebuild used the copy made in the background")
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: workspace.root.appendingPathComponent(".Site.staging.incoming").path)) ?? []
        #expect(leftovers.isEmpty, "no file left waiting for its rename: \(leftovers)")
    }
}

extension NewLogsFirstTests {
    /// A save that comes while a rebuild writes (it no longer gives way then) still gets its page
    /// first, in the live site and the staging copy alike, and the next build makes the same page.
    @Test func aSaveWhileARebuildWritesGetsItsPageFirst() throws {
        let (workspace, site) = try EditedLogsFirstTests.builtSite()
        // The rebuild of a brew dated before all the others (back-filled): every archive page,
        // counted from the first brew, shifts by one, far more files than one round.
        try Self.append([Self.log("log-20241231-0700", at: "2024-12-31T07:00:00Z")], to: "logs/2024-12.json", in: workspace)
        var asked = 0
        let outcome = site.build(shouldStop: { false }, newerSaveWaiting: {
            asked += 1
            if asked == 1 {
                try? Self.append([Self.log("log-20261123-0800", at: "2026-11-23T08:00:00Z", note: "Saved while the rebuild wrote.")],
                                 to: "logs/2026-11-recorded.json", in: workspace)
            }
            return asked == 1
        })
        #expect(outcome.succeeded && outcome.files.written > 2 * SiteTransaction.filesBetweenMeanwhile, "\(outcome.files)")
        #expect(asked >= 1, "asked while writing")
        let path = "logs/2026/11/log-20261123-0800"
        let first = Self.files(workspace, path)
        #expect(String(decoding: first[0] ?? Data(), as: UTF8.self).contains("Saved while the rebuild wrote."))
        let staging = [".html", ".md"].map { FileManager.default.contents(atPath: workspace.root.appendingPathComponent(".Site.staging/" + path + $0).path) }
        #expect(staging == first, "the staging copy holds the page too")
        try workspace.expectSameAsFullBuild(site, "the save that came while the rebuild wrote")
        #expect(Self.files(workspace, path) == first, "the next build made the same page")
    }
}
