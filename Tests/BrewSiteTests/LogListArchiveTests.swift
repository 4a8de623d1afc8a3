import BrewKit
import Foundation
import Testing
import TestSupport
@testable import BrewData
@testable import BrewSite

/// A long list's archive pages are cut from its oldest brew, so that a new brew changes the
/// list's index and leaves every archive page as it was (a journal of a hundred thousand brews
/// remade some nine thousand list pages for each brew saved when pages were counted from the newest).
@Suite("Log list archive pages")
struct LogListArchiveTests {
    static func list(ids: [String]) -> LogList {
        let logs = ids.map { id in
            BrewLog(id: id, timestamp: Date(timeIntervalSince1970: 0), recipeId: "v60-starter", recipeNameAtBrew: "V60",
                    doseGrams: 15, targetYieldGrams: 250, waterTemperatureCelsius: 94, grindLabel: .medium, rating: 4)
        }
        return LogList(folder: "logs", title: "All brews", intro: "\(ids.count) brews, newest first.", journalLogs: logs, positions: Array(logs.indices))
    }

    /// What each page shows, by its path: its title, its logs' ids and its links.
    static func pages(_ list: LogList, perPage: Int) -> [String: (title: String, ids: [String], links: (newer: String?, older: String?))] {
        var pages: [String: (title: String, ids: [String], links: (newer: String?, older: String?))] = [:]
        for number in 1...list.pageCount(perPage: perPage) {
            pages[list.pagePath(number)] = (list.pageTitle(number, perPage: perPage), list.positions(onPage: number, perPage: perPage).map(list.id(at:)),
                                            list.pageLinks(number, perPage: perPage))
        }
        return pages
    }

    @Test(arguments: [1, 3, 7, 50])
    func thePagesHoldEveryBrewOnceNewestFirstAndTheIndexIsNeverNearlyEmpty(perPage: Int) {
        for count in 0...(perPage * 6 + 2) {
            let ids = (0..<count).map { "log-\(count - $0)" }
            let list = Self.list(ids: ids)
            // The index, then the archive from its newest page to its first.
            let walk = [1] + (1...list.pageCount(perPage: perPage)).dropFirst().reversed()
            let shown = walk.flatMap { list.positions(onPage: $0, perPage: perPage).map(list.id(at:)) }
            #expect(shown == ids, "\(count) brews, \(perPage) a page")
            let index = list.positions(onPage: 1, perPage: perPage).count
            #expect(count <= 2 * perPage ? index == count : (perPage + 1...2 * perPage).contains(index), "\(count) brews: \(index) on the index")
            for number in 2..<max(2, list.pageCount(perPage: perPage) + 1) {
                #expect(list.positions(onPage: number, perPage: perPage).count == perPage)
            }
        }
    }

    /// The links walk from the index through every archive page to the first brew and back.
    @Test func theLinksWalkTheArchiveBothWays() {
        let list = Self.list(ids: (0..<260).map { "log-\(260 - $0)" })
        // 260 brews: the index holds the newest 60, four archive pages the first 200.
        #expect(list.pageCount(perPage: 50) == 5 && list.positions(onPage: 1, perPage: 50).count == 60)
        #expect(list.pageLinks(1, perPage: 50) == (nil, "page/4.md"))
        #expect(list.pageLinks(5, perPage: 50) == ("../index.md", "3.md"))
        #expect(list.pageLinks(4, perPage: 50) == ("4.md", "2.md"))
        #expect(list.pageLinks(2, perPage: 50) == ("2.md", nil))
        #expect(list.pagePath(2) == "logs/page/1" && list.pageTitle(2, perPage: 50) == "All brews, brews 1–50")
        #expect(list.positions(onPage: 2, perPage: 50).map(list.id(at:)).last == "log-1", "page 1 of the archive ends with the first brew")
    }

    /// A new brew leaves every archive page as it was, but the one beside a page that appears.
    @Test func aNewBrewChangesTheIndexAndNoArchivePage() {
        let perPage = 7
        for count in 0...(perPage * 6) {
            let before = Self.pages(Self.list(ids: (0..<count).map { "log-\(count - $0)" }), perPage: perPage)
            let after = Self.pages(Self.list(ids: (0...count).map { "log-\(count + 1 - $0)" }), perPage: perPage)
            let changed = after.keys.filter { path in
                guard let old = before[path] else { return true }
                let new = after[path]!
                return old.title != new.title || old.ids != new.ids || old.links != new.links
            }.sorted()
            let archives = changed.filter { $0 != "logs/index" }
            // A page appears once every `perPage` brews, and the one before it links to it.
            #expect(archives.count <= 2 && (archives.isEmpty || after.count == before.count + 1), "\(count) → \(count + 1): \(changed)")
        }
    }

    /// In the whole site: one brew more remakes no list's archive page, only list indexes.
    @Test func watchRemakesNoArchivePageForANewBrew() throws {
        let root = try KindPagesTests.journal("archives")
        defer { try? FileManager.default.removeItem(atPath: root) }
        // A brew a minute on the morning of the day the site is made: newer than the test journal's.
        let start = ISO8601.date(from: "2026-11-24T06:00:00Z")!.timeIntervalSince1970
        func logs(_ range: ClosedRange<Int>) -> String {
            "[" + range.map { day in
                let stamp = ISO8601.string(from: Date(timeIntervalSince1970: start + Double(day) * 60))
                return #"{ "id": "log-gen-\#(day)", "timestamp": "\#(stamp)", "method": "v60", "recipeId": "v60-starter", "recipeNameAtBrew": "V60 Starter", "doseGrams": 15, "targetYieldGrams": 250, "waterTemperatureCelsius": 94, "grindLabel": "medium", "rating": 3 }"#
            }.joined(separator: ",\n") + "]"
        }
        let file = URL(fileURLWithPath: root).appendingPathComponent("logs/2026-11-morning.json")
        try Data(logs(1...230).utf8).write(to: file)
        var before = KindPagesTests.site(root)
        #expect(before.pages.keys.contains("logs/page/3"), "the list has archive pages: \(before.pages.keys.filter { $0.hasPrefix("logs/page") }.sorted())")
        var stepsWithNoNewPage = 0
        var after = before
        // Two brews, one at a time: at most one of them adds an archive page to a list.
        for last in [231, 232] {
            try Data(logs(1...last).utf8).write(to: file)
            after = KindPagesTests.site(root)
            let changes = SiteChanges.between(before.plan, after.plan)
            let remade = Set(changes.sources.map(after.plan.path(of:)))
            let differ = after.pages.keys.filter { before.pages[$0] != after.pages[$0] }.sorted()
            #expect(differ.filter { !remade.contains($0) }.isEmpty, "watch does not remake \(differ.filter { !remade.contains($0) })")
            let added = Set(after.pages.keys.filter { $0.contains("/page/") && before.pages[$0] == nil })
            // A new archive page, and the one before it, which now links to it.
            let expected = added.union(added.map { path in
                let number = Int(path.split(separator: "/").last!)!
                return path.split(separator: "/").dropLast().joined(separator: "/") + "/\(number - 1)"
            })
            if added.isEmpty { stepsWithNoNewPage += 1 }
            let remadeArchives = remade.filter { $0.contains("/page/") }
            #expect(remadeArchives.subtracting(expected).isEmpty, "\(last) brews: archive pages remade: \(remadeArchives.subtracting(expected).sorted())")
            #expect(Set(differ.filter { $0.contains("/page/") }).subtracting(expected).isEmpty, "\(last) brews: archive pages changed")
            before = after
        }
        #expect(stepsWithNoNewPage >= 1)
        // The index pages show each list's count in the browse links; an archive page's have none.
        let archive = String(decoding: try #require(after.pages["logs/page/1"]), as: UTF8.self)
        let index = String(decoding: try #require(after.pages["logs/index"]), as: UTF8.self)
        #expect(index.contains("V60 Starter</a> (") && !archive.contains("V60 Starter</a> ("), "counts on the index only")
        // The index says how many of the list it holds and where the others are.
        let archives = after.pages.keys.filter { $0.hasPrefix("logs/page/") }.count
        let onIndex = after.plan.journal.logs.count - archives * SiteBuilder.logsPerPage
        #expect((SiteBuilder.logsPerPage + 1...2 * SiteBuilder.logsPerPage).contains(onIndex))
        #expect(index.contains("Every brew, newest first. The newest \(onIndex) are here, the older ones on \(archives) archive pages, from the first brew on."),
                "\(index.prefix(1_500))")
    }
}
