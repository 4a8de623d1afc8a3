import BrewData
import BrewKit
import BrewSite
import Foundation
import Testing

/// Every page type of the journal, rendered from the valid fixture with the default templates,
/// compared byte for byte with a golden file. Re-record with `RECORD_GOLDEN=1 swift test`.
@Suite("Golden pages")
struct GoldenPageTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func site() -> [String: String] {
        let data = packageRoot.appendingPathComponent("Tests/BrewDataTests/Fixtures/valid").path
        let validated = DataDirectoryReader(root: data).read().validated
        let (templates, diagnostics) = TemplateSet.load(defaultDirectory: packageRoot.appendingPathComponent("Templates").path, overrideDirectory: nil)
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
        "kitchen/index.html", "kitchen/index.md", "kitchen/archive.md",
        "kitchen/recipes/tomato-soup.html", "kitchen/recipes/tomato-soup.md",
        "kitchen/cook/tomato-soup.html", "kitchen/cook/tomato-soup.md", "kitchen/cards/tomato-soup.md",
        "kitchen/search-index.js",
    ])
    func page(_ path: String) throws {
        let site = Self.site()
        let rendered = try #require(site[path], "no page \(path)")
        let golden = Self.goldenDirectory.appendingPathComponent(path.replacingOccurrences(of: "/", with: "__"))
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] != nil {
            try rendered.write(to: golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(rendered == expected, "\(path) differs from its golden file; re-record with RECORD_GOLDEN=1 if the change is intended")
    }

    @Test func sameDataSameBytes() {
        #expect(Self.site() == Self.site())
    }
}
