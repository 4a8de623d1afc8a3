import BrewKit
@testable import BrewSite
import Foundation
import Testing

/// Cook mode (issue 26): each step shows the ingredients it names; every timer runs on its own,
/// named by its step, and keeps running on other steps; zero beeps and vibrates.
@Suite struct CookModeTests {
    static let shakshuka = KitchenRecipe(
        id: "shakshuka", title: "Shakshuka", servings: 2, category: .breakfast,
        ingredients: [KitchenIngredient(id: "i1", name: "olive oil", amount: "1 tbsp"),
                      KitchenIngredient(id: "i2", name: "onion", amount: "1", notes: "finely sliced"),
                      KitchenIngredient(id: "i3", name: "garlic", amount: "2-3 cloves", notes: "crushed"),
                      KitchenIngredient(id: "i4", name: "ground cumin", amount: "½ tsp"),
                      KitchenIngredient(id: "i6", name: "eggs", amount: "4"),
                      KitchenIngredient(id: "i8", name: "salt and pepper", amount: "to taste")],
        steps: [KitchenStep(id: "s1", order: 1, text: "Warm the oil in a frying pan and soften the onion for 8 minutes."),
                KitchenStep(id: "s2", order: 2, text: "Add the garlic and cumin and cook for 1 minute."),
                KitchenStep(id: "s3", order: 3, text: "Stir & taste."),
                KitchenStep(id: "s4", order: 4, text: "Make four hollows, crack in the eggs, cover and cook 6 minutes until the whites are set.")])

    @Test func eachStepListsTheIngredientsItNamesAndItsTimerIsNamedByTheStep() {
        let cook = KitchenHTML.cook(Self.shakshuka, units: nil)
        // The bar of running timers is not live (it would speak every second); a status line says when one is up.
        #expect(cook.html.contains("<p class=\"cook-say visually-hidden\" role=\"status\"></p>\n<div class=\"cook-running\" hidden></div>"))
        // Each step's label is a heading, the target of the focus when a step is reached by its timer's link.
        #expect(cook.html.contains("<h2 class=\"cook-count\" tabindex=\"-1\">Step 1 of 4</h2>"))
        #expect(cook.html.contains("<a class=\"button secondary\" href=\"#step-1\" data-go=\"previous\">Previous</a> <a class=\"button\" href=\"#step-3\" data-go=\"next\">Done — next step</a>"))
        #expect(cook.html.contains("<p class=\"cook-text\">Warm the oil in a frying pan and soften the onion for 8 minutes.</p>\n<ul class=\"cook-uses\" aria-label=\"Ingredients for this step\"><li><strong data-amount=\"0\">1 tbsp</strong> olive oil</li><li><strong data-amount=\"1\">1</strong> onion, finely sliced</li></ul>\n<div class=\"cook-timer\" data-seconds=\"480\" data-name=\"Step 1: Warm the oil in a…\" hidden>"))
        #expect(cook.html.contains("<li><strong data-amount=\"2\">2–3 cloves</strong> garlic, crushed</li><li><strong data-amount=\"3\">½ tsp</strong> ground cumin</li>"))
        // A step that names no ingredient has no list; its name is escaped and not cut.
        #expect(cook.html.contains("<p class=\"cook-text\">Stir &amp; taste.</p>\n<div class=\"cook-timer\" data-seconds=\"0\" data-name=\"Step 3: Stir &amp; taste.\" hidden>"))
        #expect(cook.markdown.contains("1. **Step 1 of 4.** Warm the oil in a frying pan and soften the onion for 8 minutes. (timer 8:00)\n   *Uses:* 1 tbsp olive oil; 1 onion, finely sliced\n"))
        #expect(cook.markdown.contains("   *Uses:* 4 eggs\n"))
    }

    @Test func theScriptKeepsTimersApartAndBeepsAndVibrates() {
        let script = KitchenScript.builtIn(KitchenScript.cookAsset)
        // No timer is reset by moving between steps; each keeps its end time.
        #expect(!script.contains("if (timer) reset(timer)"))
        #expect(script.contains("t.mark - Date.now()"))
        #expect(script.contains("window.AudioContext || window.webkitAudioContext"))
        #expect(script.contains("navigator.vibrate([300, 150, 300, 150, 300])"))
        // Nothing is fetched: the page works opened from disk.
        for network in ["fetch(", "XMLHttpRequest", "new Audio(", "http://", "https://"] { #expect(!script.contains(network), "\(network)") }
    }

    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// In a headless Chromium with virtual time: start step 2's 1:00, go to step 4, start its 6:00,
    /// wait 65 s, go to step 1. Step 2 rang (three beeps, one vibration) and step 4 still runs,
    /// both listed above step 1 by their steps' names. Skipped where Chromium is not installed.
    @Test(.enabled(if: chromium != nil)) func timersRunOnOtherStepsAndRingAtZero() throws {
        let harness = """
            <script>
            window.addEventListener("load", function () {
              var log = [];
              window.AudioContext = function () { this.state = "running"; this.currentTime = 0; this.destination = {};
                this.createOscillator = function () { log.push("beep"); return { frequency: {}, connect: function () {}, start: function () {}, stop: function () {} }; };
                this.createGain = function () { return { gain: { setValueAtTime: function () {}, exponentialRampToValueAtTime: function () {} }, connect: function () {} }; }; };
              navigator.vibrate = function (pattern) { log.push("vibrate " + JSON.stringify(pattern)); return true; };
              function click(step, act) { document.querySelector("#step-" + step + " button[data-act=" + act + "]").click(); }
              location.hash = "#step-2";
              setTimeout(function () { click(2, "start"); location.hash = "#step-4"; }, 200);
              setTimeout(function () { click(4, "start"); }, 700);
              setTimeout(function () { location.hash = "#step-1"; }, 65700);
              setTimeout(function () {
                var running = document.querySelector(".cook-running");
                log.push("listed " + !running.hidden + ": " + Array.prototype.map.call(running.querySelectorAll("a:not([hidden])"), function (a) { return a.getAttribute("href") + " " + a.className + " " + a.textContent; }).join(" | "));
                log.push("step 2 " + document.querySelector("#step-2 output").textContent + ", step 4 " + document.querySelector("#step-4 output").textContent);
                document.body.setAttribute("data-log", log.join(" || "));
              }, 66200);
            });
            </script>
            """
        let page = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><script>\(KitchenScript.builtIn(KitchenScript.cookAsset))</script></head><body>\(KitchenHTML.cook(Self.shakshuka, units: nil).html)\(harness)</body></html>"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cook-\(UUID().uuidString).html")
        try page.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.chromium!)
        process.arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=90000", "--dump-dom", file.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let log = try #require(dom.components(separatedBy: "data-log=\"").dropFirst().first?.components(separatedBy: "\"").first)
        // 6:00 − 65.5 s leaves 4:54.5, shown rounded up: 4:55.
        #expect(log == "beep || beep || beep || vibrate [300,150,300,150,300] || listed true: #step-2 done Step 2: Add the garlic and cumin… — time is up | #step-4  Step 4: Make four hollows, crack in… — 4:55 || step 2 0:00, step 4 4:55", "\(log)")
    }
}
