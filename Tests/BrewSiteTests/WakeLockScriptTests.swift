import BrewBuiltIns
import Foundation
import Testing
import TestSupport

/// The served pages' wake lock (`Templates/assets/served/wake.js`), run by node with a stand-in
/// page and browser: the lock is asked for when a brew or a cook starts, let go when it ends, asked
/// again when the page comes back into view, and a browser that refuses it or has none is said so
/// in words, once, beside the brew.
@Suite("The wake lock's script")
struct WakeLockScriptTests {
    static let node = KitchenSearchTests.node

    /// Runs wake.js with a browser whose wake lock `lockScript` describes, then `steps`; prints
    /// the page's state after each step.
    static func run(lock lockScript: String, secure: Bool = true, steps: [String]) throws -> [[String: Any]] {
        let script = #"""
            var attributes = {}, notes = [], visibility = "visible", listeners = {}, requests = 0, releases = 0;
            var document = {
              get visibilityState() { return visibility; },
              documentElement: { setAttribute: function (k, v) { attributes[k] = v; } },
              createElement: function () { return { style: {}, setAttribute: function () {} }; },
              getElementById: function (id) { return id === "brew-app" ? { insertBefore: function (n) { notes.push(n.textContent); } } : null; },
              querySelector: function () { return null; }, body: null,
              addEventListener: function (name, f) { listeners[name] = f; } };
            var window = { isSecureContext: \#(secure) };
            function sentinel() {
              var onRelease = [];
              return { addEventListener: function (n, f) { onRelease.push(f); },
                       release: function () { releases++; onRelease.forEach(function (f) { f(); }); return Promise.resolve(); },
                       drop: function () { onRelease.forEach(function (f) { f(); }); } };
            }
            var navigator = {};
            \#(lockScript)
            """# + "\n" + (BuiltInTemplates.files["assets/served/wake.js"] ?? "") + "\n" + #"""
            var steps = \#(String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self));
            var out = [];
            steps.reduce(function (p, step) {
              return p.then(function () { eval(step); return new Promise(function (r) { setTimeout(r, 5); }); })
                .then(function () { out.push({ state: attributes["data-wake-lock"] || "", requests: requests, releases: releases, notes: notes.slice() }); });
            }, Promise.resolve()).then(function () { console.log(JSON.stringify(out)); });
            """#
        let (printed, status) = try ToolRun.standardOutput(Self.node!, ["-e", script])
        #expect(status == 0)
        return try #require(try JSONSerialization.jsonObject(with: printed) as? [[String: Any]], "\(String(decoding: printed, as: UTF8.self))")
    }

    static let grants = "var last = null; navigator.wakeLock = { request: function () { requests++; last = sentinel(); return Promise.resolve(last); } };"

    @Test(.enabled(if: node != nil, "node is not installed"))
    func heldWhileTheBrewRunsLetGoAtItsEndAskedAgainWhenBack() throws {
        let states = try Self.run(lock: Self.grants, steps: [
            "window.brewguideWake('brew', true)",
            // The browser lets it go while the page is hidden; it is asked again when it is back.
            "visibility = 'hidden'; last.drop()",
            "visibility = 'visible'; listeners.visibilitychange()",
            "window.brewguideWake('brew', false)",
        ])
        #expect(states.map { $0["state"] as? String } == ["held", "released", "held", "released"])
        #expect(states.map { $0["requests"] as? Int } == [1, 1, 2, 2])
        #expect(states.last?["releases"] as? Int == 1)
        #expect((states.last?["notes"] as? [String])?.isEmpty == true)
    }

    @Test(.enabled(if: node != nil, "node is not installed"))
    func aRefusalOrNoWakeLockIsSaidPolitelyOnce() throws {
        let refused = try Self.run(lock: "navigator.wakeLock = { request: function () { requests++; return Promise.reject(new Error('battery saver is on')); } };",
                                   steps: ["window.brewguideWake('cook', true)", "listeners.visibilitychange()"])
        #expect(refused.map { $0["state"] as? String } == ["refused", "refused"])
        let said = try #require(refused.last?["notes"] as? [String])
        #expect(said.count == 1)
        #expect(said.first?.hasPrefix("Sorry: the browser would not keep the screen on just now (battery saver is on)") == true, "\(said)")
        let absent = try Self.run(lock: "", secure: false, steps: ["window.brewguideWake('brew', true)", "window.brewguideWake('brew', true)"])
        #expect(absent.last?["state"] as? String == "absent")
        let words = try #require(absent.last?["notes"] as? [String])
        #expect(words.count == 1)
        #expect(words.first?.contains("plain HTTP") == true && words.first?.contains("--https") == true, "\(words)")
    }
}
