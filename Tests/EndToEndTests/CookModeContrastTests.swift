import Foundation
import Testing
import TestSupport

/// Issue 51: cook mode's "Finish recipe" button, a timer's "time is up" in the running bar and the
/// finishing toast were white on #2ea043 (3.37:1); each reads at 4.5:1 or more, as Chromium
/// draws them, on the light and the dark theme.
@Suite("Cook mode contrast", .serialized,
       .enabled(if: HeadlessChromium.executable != nil, "Chromium is not installed (apt-get install chromium)"))
struct CookModeContrastTests {
    @Test(arguments: ["light", "dark"])
    func finishTimeIsUpAndTheToastRead(scheme: String) throws {
        let data = try BrewGuideProcess.copyOfBundledData()
        let folder = data.deletingLastPathComponent(), site = folder.appendingPathComponent("Site")
        defer { try? FileManager.default.removeItem(at: folder) }
        let build = try BrewGuideProcess.run(["build", "--data", data.path, "--output", site.path, "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")
        let browser = try HeadlessChromium(width: 390, height: 844)
        _ = try browser.send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
        try browser.open(site.appendingPathComponent("kitchen/cook/shakshuka.html"))
        let ratios = try browser.text("""
            (() => {
              const rgb = t => t.match(/[\\d.]+/g).slice(0, 3).map(Number);
              const lum = c => { const [r, g, b] = c.map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
              const ratio = e => { const s = getComputedStyle(e); const a = lum(rgb(s.color)), b = lum(rgb(s.backgroundColor)); return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); };
              const bar = document.createElement('div'); bar.className = 'cook-running';
              const done = document.createElement('a'); done.className = 'done'; done.textContent = 'Simmer — time is up';
              bar.appendChild(done); document.body.appendChild(bar);
              return ['.cook-finish', '.cook-toast'].map(q => q + ' ' + ratio(document.querySelector(q)).toFixed(2)).concat(['time is up ' + ratio(done).toFixed(2)]).join(';');
            })()
            """)
        for entry in ratios.split(separator: ";") {
            let value = Double(entry.split(separator: " ").last ?? "") ?? 0
            #expect(value >= 4.5, "\(scheme): \(ratios)")
        }
    }
}
