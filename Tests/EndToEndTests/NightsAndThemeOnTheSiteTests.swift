import Foundation
import Testing
import TestSupport

/// Issue 51: the home page lists the last 5 nights (the Waterline document's "last 5 sessions";
/// it listed 3), and a night's warning state is shown in its warning colour, not in bold, as a
/// person sees it in Chromium, on the light and the dark theme; a ticked box is in the theme's
/// colour, not the browser's blue.
@Suite("Nights and theme colours on the site", .serialized)
struct NightsAndThemeOnTheSiteTests {
    static func site() throws -> (folder: URL, site: URL) {
        let data = try BrewGuideProcess.copyOfBundledData()
        let folder = data.deletingLastPathComponent(), site = folder.appendingPathComponent("Site")
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path])
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        return (folder, site)
    }

    @Test func theHomePageListsTheLastFiveNights() throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        let section = try #require(home.range(of: "Night out</h2>").map { String(home[$0.upperBound...]) })
        let list = try #require(section.components(separatedBy: "</ul>").first)
        let nights = list.components(separatedBy: "href=\"sessions/").count - 1
        // The test journal has 6 nights: the newest 5, then the link to all 6.
        #expect(nights == 5, "\(list)")
        #expect(section.contains("All 6 night-out sessions"))
    }

    @Test(.enabled(if: HeadlessChromium.executable != nil, "Chromium is not installed (apt-get install chromium)"),
          arguments: ["light", "dark"])
    func theWarningStateIsInItsWarningColourNotBold(scheme: String) throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let browser = try HeadlessChromium(width: 390, height: 844)
        _ = try browser.send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
        // The wedding reached the water-break mark: its timeline says so.
        try browser.open(site.appendingPathComponent("sessions/wedding-1114.html"))
        let count = try browser.evaluate("document.querySelectorAll('main strong').length") as? Int ?? 0
        #expect(count > 0, "the wedding's page shows a warning")
        let styles = try browser.text("""
            [...document.querySelectorAll('main strong')].map(e => { const s = getComputedStyle(e); return s.color + '|' + s.fontWeight; }).join(';')
            """)
        let expected = scheme == "light" ? "rgb(176, 42, 28)|400" : "rgb(255, 138, 125)|400"
        for style in styles.split(separator: ";") {
            #expect(String(style) == expected, "\(scheme): \(styles)")
        }
        // Contrast of the warning colour on the page's background, at least 4.5:1.
        let ratio = try browser.evaluate("""
            (() => {
              const rgb = t => t.match(/\\d+/g).slice(0, 3).map(Number);
              const lum = c => { const [r, g, b] = c.map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
              const fg = lum(rgb(getComputedStyle(document.querySelector('main strong')).color));
              const bg = lum(rgb(getComputedStyle(document.body).backgroundColor));
              return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
            })()
            """) as? Double ?? 0
        #expect(ratio >= 4.5, "\(scheme): \(ratio)")
    }

    @Test(.enabled(if: HeadlessChromium.executable != nil, "Chromium is not installed (apt-get install chromium)"))
    func aTickedBoxIsInTheThemesColour() throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let browser = try HeadlessChromium(width: 390, height: 844)
        try browser.open(site.appendingPathComponent("kitchen/recipes/shakshuka.html"))
        let accent = try browser.text("getComputedStyle(document.querySelector('input[type=checkbox]')).accentColor")
        let theme = try browser.text("getComputedStyle(document.body).getPropertyValue('--accent').trim()")
        #expect(theme == "#8a3b12", "\(theme)")
        #expect(accent == "rgb(138, 59, 18)", "\(accent)")
    }
}
