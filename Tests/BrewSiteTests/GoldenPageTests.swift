import BrewData
import BrewKit
@testable import BrewSite
import Foundation
import Testing
import TestSupport

/// Every page type of the journal, rendered from the valid fixture with the default templates,
/// compared byte for byte with a golden file. Re-record with `RECORD_GOLDEN=1 swift test`.
@Suite("Golden pages")
struct GoldenPageTests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// The site, built once for every page of the suite.
    static let builtSite = site()

    static func site(data: String = TestPaths.packageRoot.appendingPathComponent("Tests/BrewDataTests/Fixtures/valid").path) -> [String: String] {
        let validated = DataDirectoryReader(root: data).read().validated
        let (templates, diagnostics) = TemplateSet.load(defaultDirectory: TestPaths.packageRoot.appendingPathComponent("Templates").path, overrideDirectory: nil)
        precondition(diagnostics.isEmpty, "\(diagnostics)")
        let files = SiteBuilder(renderer: PageRenderer(templates: templates), baseURL: "https://coffee.example/").build(validated)
        return Dictionary(files.map { ($0.path, String(decoding: $0.contents, as: UTF8.self)) }, uniquingKeysWith: { first, _ in first })
    }

    @Test(arguments: [
        "index.html", "index.md",
        "recipes/v60-starter.html", "recipes/v60-starter.md",
        "logs/index.html", "logs/2026/03/first-brew.html", "logs/2026/03/first-brew.md",
        "logs/by-tag/tooSour/index.md",
        "statistics.html", "hints.md", "feed.xml", "sitemap.xml",
        "kitchen/index.html", "kitchen/index.md", "kitchen/archive.md", "kitchen/last-cooked.md", "kitchen/last-cooked.html",
        "kitchen/recipes/tomato-soup.html", "kitchen/recipes/tomato-soup.md",
        "kitchen/cook/tomato-soup.html", "kitchen/cook/tomato-soup.md", "kitchen/cards/tomato-soup.md",
        "kitchen/search-index.js", "search-index.js", "search/words-0.js", "search/docs-0.js", "years/2026.md", "years/2026.html",
    ])
    func page(_ path: String) throws {
        try Self.expectGolden(path, path.hasPrefix("search/") ? try Self.plain(Self.builtSite[path]) : Self.builtSite[path])
    }

    /// A search index's words' or documents' file as its plain twin (`files(packed: false)`), so
    /// that its golden file shows what it holds: its string unpacked in place of the string.
    static func plain(_ packed: String?) throws -> String? {
        guard let packed else { return nil }
        let bytes = Array(packed.utf8)
        let json = try #require(SiteSearchIndexTests.unpacked(bytes), "not a packed file: \(packed.prefix(80))")
        let assignment = try #require(packed.range(of: "] = \""))
        return String(packed[..<assignment.lowerBound]) + "] = " + String(decoding: json, as: UTF8.self) + ";\n"
    }

    /// The test journal's site (`Tests/Fixtures/Data`, which has bags of beans), built once.
    static let journalSite = site(data: TestPaths.journal.path)

    /// A bag of beans' page: its details, its brews against its age, its best brews.
    @Test(arguments: ["beans/bean-kenya-gichathaini.html", "beans/bean-kenya-gichathaini.md"])
    func bagPage(_ path: String) throws {
        try Self.expectGolden(path, Self.journalSite[path])
    }

    static func expectGolden(_ path: String, _ page: String?) throws {
        let rendered = try #require(page, "no page \(path)")
        let golden = Self.goldenDirectory.appendingPathComponent(path.replacingOccurrences(of: "/", with: "__"))
        let recorded = try? String(contentsOf: golden, encoding: .utf8)
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] != nil, recorded != rendered {
            // As argument-parser's snapshots do: recording is never a pass, so a run left with the
            // variable set cannot hide a change. Read the diff, then run again without it.
            try rendered.write(to: golden, atomically: true, encoding: .utf8)
            Issue.record("\(path): golden file recorded; read its diff and run the tests again without RECORD_GOLDEN")
            return
        }
        let expected = try #require(recorded, "\(path) has no golden file; record it with RECORD_GOLDEN=1")
        #expect(rendered == expected, "\(path) differs from its golden file; re-record with RECORD_GOLDEN=1 if the change is intended")
    }

    @Test func sameDataSameBytes() {
        #expect(Self.site() == Self.builtSite)
    }
}
