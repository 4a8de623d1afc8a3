import BrewWatch
import Foundation
import Testing
@testable import brewguide

/// What `watch` and `serve` rebuild at once and what they let settle first (`LiveBuild.isOneSave`).
struct LiveBuildSaveTests {
    @Test func aBrewRecordedIsOneSaveAndASyncIsNot() throws {
        let live = LiveBuild(data: "Data", site: try SiteOptions.parse(["--output", "Site"]), backend: .automatic)
        func batch(_ paths: [String], rescan: Bool = false) -> WatchBatch { WatchBatch(changedPaths: Set(paths), needsRescan: rescan) }
        #expect(live.isOneSave(batch(["Data/logs/2026-11.json"])))
        #expect(live.isOneSave(batch(["Data/recipes/v60-starter.json"])))
        // What `brewguide log` writes, and a brew saved from a page: its logs file and the last selected recipe.
        #expect(live.isOneSave(batch(["Data/logs/2026-11.json", "Data/preferences.json"])))
        #expect(live.isOneSave(batch(["Data/logs/2026-11.csv", "./Data/preferences.json"])))
        // Anything more is likely a sync or a checkout still arriving.
        #expect(!live.isOneSave(batch(["Data/logs/2026-11.json", "Data/logs/2026-10.json"])))
        #expect(!live.isOneSave(batch(["Data/logs/2026-11.json", "Data/recipes/v60-starter.json"])))
        #expect(!live.isOneSave(batch(["Data/logs/2026-11.json", "Data/preferences.json", "Data/logs/2026-10.json"])))
        #expect(!live.isOneSave(batch([], rescan: true)))
        #expect(live.isPreferencesFile("Data/preferences.json") && !live.isPreferencesFile("Data/logs/preferences.json"))
    }
}
