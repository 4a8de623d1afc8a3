import Foundation
import Testing

/// A journal from nothing: `init`, then a site with no broken link, no empty heading and no empty
/// chart; then `log`, `duplicate` and `build` as a new user would, and the site again.
@Suite("A journal from nothing, end to end")
struct EmptyJournalTests {
    /// Every `href` and `src` of every HTML page that does not name a page or file of the site.
    static func brokenLinks(in site: URL) throws -> [String] {
        var broken: [String] = []
        let pattern = try NSRegularExpression(pattern: "(?:href|src)=\"([^\"]*)\"")
        let files = try FileManager.default.subpathsOfDirectory(atPath: site.path).filter { $0.hasSuffix(".html") }
        #expect(!files.isEmpty)
        for file in files {
            let html = try String(contentsOf: site.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                guard let range = Range(match.range(at: 1), in: html) else { continue }
                let target = html[range].replacingOccurrences(of: "&amp;", with: "&")
                if target.hasPrefix("http:") || target.hasPrefix("https:") || target.hasPrefix("mailto:") || target.hasPrefix("#") { continue }
                let path = String(target.prefix { $0 != "#" && $0 != "?" })
                let resolved = site.appendingPathComponent(file).deletingLastPathComponent().appendingPathComponent(path).standardized
                guard resolved.path.hasPrefix(site.standardized.path) else {
                    broken.append("\(file) -> \(target) (outside the site)")
                    continue
                }
                if !FileManager.default.fileExists(atPath: resolved.path) { broken.append("\(file) -> \(target)") }
            }
        }
        return broken.sorted()
    }

    /// Headings directly followed by another heading of the same or a higher level, or by nothing.
    static func emptyHeadings(in markdown: String) -> [String] {
        let lines = markdown.components(separatedBy: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        var empty: [String] = []
        for (index, line) in lines.enumerated() where line.hasPrefix("#") {
            let level = line.prefix { $0 == "#" }.count
            let next: String? = index + 1 < lines.count ? lines[index + 1] : nil
            if let next, next.hasPrefix("#"), next.prefix(while: { $0 == "#" }).count <= level { empty.append(line) }
            if next == nil { empty.append(line) }
        }
        return empty
    }

    @Test func aNewJournalBuildsASiteWithNothingBrokenOrEmpty() throws {
        let folder = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("journal"), site = folder.appendingPathComponent("Site")
        #expect(try BrewGuideProcess.run(["init", data.path]).status == 0)
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path])
        #expect(build.status == 0)
        #expect(try Self.brokenLinks(in: site) == [])
        for page in try FileManager.default.subpathsOfDirectory(atPath: site.path) where page.hasSuffix(".md") {
            let markdown = try String(contentsOf: site.appendingPathComponent(page), encoding: .utf8)
            #expect(Self.emptyHeadings(in: markdown) == [], "\(page)")
        }
        let home = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(home.contains("No brews yet: record one with <code>brewguide log v60-starter --rating 4</code>"))
        #expect(!home.contains("Sessions</a>"))
        #expect(!home.contains("Browse brews"))
        #expect(!home.contains("Latest brews"))
        let statistics = try String(contentsOf: site.appendingPathComponent("statistics.html"), encoding: .utf8)
        #expect(statistics.contains("No brews yet"))
        #expect(!statistics.contains("<svg"))
        #expect(!statistics.contains("<figure"))
        let list = try String(contentsOf: site.appendingPathComponent("logs/index.html"), encoding: .utf8)
        #expect(list.contains("No brews yet"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("sessions").path))
    }

    @Test func initLogDuplicateBuild() throws {
        let folder = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("journal"), site = folder.appendingPathComponent("Site")
        #expect(try BrewGuideProcess.run(["init", data.path]).status == 0)
        let preferences = data.appendingPathComponent("preferences.json")
        let text = try String(contentsOf: preferences, encoding: .utf8)
        let zone = try #require(text.firstMatch(of: /"timeZone": "([^"]+)"/)?.1)
        try Data(text.replacingOccurrences(of: "\"\(zone)\"", with: "\"Asia/Tokyo\"").utf8).write(to: preferences)
        let brews = [
            ["v60-starter", "--rating", "4", "--tag", "tooSour", "--note", "Bright, *thin*", "--at", "2026-10-01T07:00:00+09:00"],
            ["v60-starter", "--rating", "2", "--at", "2026-09-30T23:30:00-05:00"],
            ["v60-starter", "--rating", "5", "--tag", "perfect", "--dose", "18", "--at", "2026-10-05T06:40"],
        ]
        for brew in brews {
            let result = try BrewGuideProcess.run(["log"] + brew + ["--data", data.path])
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try BrewGuideProcess.run(["duplicate", "v60-starter", "--name", "My V60", "--data", data.path]).status == 0)
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path])
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        #expect(try Self.brokenLinks(in: site) == [])

        // All three brews are in October in Tokyo, each on its local day and time.
        let october = try String(contentsOf: site.appendingPathComponent("logs/by-month/2026-10/index.md"), encoding: .utf8)
        #expect(october.contains("3 brews"))
        #expect(october.contains("Thu 1 Oct 2026, 13:30"))
        #expect(october.contains("Thu 1 Oct 2026, 07:00"))
        #expect(october.contains("Mon 5 Oct 2026, 06:40"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("logs/by-month/2026-09").path))
        let untagged = try String(contentsOf: site.appendingPathComponent("logs/2026/10/log-20261001-1330.md"), encoding: .utf8)
        #expect(untagged.contains("No taste tag was saved, so there is no hint"))
        #expect(!untagged.contains("Perfect"))
        let perfect = try String(contentsOf: site.appendingPathComponent("logs/2026/10/log-20261005-0640.md"), encoding: .utf8)
        #expect(perfect.contains("**Next time:** Perfect: great job — no tips!"))
        let home = try String(contentsOf: site.appendingPathComponent("index.md"), encoding: .utf8)
        #expect(home.contains("**3** brews logged · **3** in October 2026"))
        #expect(home.contains("[My V60](recipes/my-v60.md)"))
        let feed = try String(contentsOf: site.appendingPathComponent("feed.xml"), encoding: .utf8)
        #expect(feed.contains("<updated>2026-10-01T13:30:00+09:00</updated>"))
        let hints = try String(contentsOf: site.appendingPathComponent("hints.md"), encoding: .utf8)
        #expect(hints.contains("- **too sour:** try slightly finer or hotter"))
        #expect(!hints.lowercased().contains("too sour: too sour"))
    }

    @Test func anUnknownTimeZoneIsALocatedErrorWithASuggestion() throws {
        let folder = try BrewGuideProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("journal")
        #expect(try BrewGuideProcess.run(["init", data.path]).status == 0)
        let preferences = data.appendingPathComponent("preferences.json")
        try Data("{\n  \"lastSelectedRecipeId\": \"v60-starter\",\n  \"timeZone\": \"Asia/Tokio\"\n}\n".utf8).write(to: preferences)
        let check = try BrewGuideProcess.run(["check", "--data", data.path])
        #expect(check.status == 1)
        #expect(check.stdout.contains("\(preferences.path):3:15: error: timeZone \"Asia/Tokio\" is not a known IANA time zone name"))
        #expect(check.stdout.contains("(did you mean \"Asia/Tokyo\"?)"))
    }
}
