import BrewBuiltIns
import Foundation
import Testing
import TestSupport

/// The service worker serve offers (`Templates/assets/served/sw.js`), run by node in a stand-in
/// for the browser (its caches and its network): a page is asked of the server first and kept; a
/// write, an address with the key, a read of the night-out panel and the live-reload stream are
/// never answered by it nor kept, nor is a photo kept; with no network the kept copy answers, stamped with the time it
/// was kept, and a page never kept says so in words.
@Suite("The service worker's script")
struct ServiceWorkerScriptTests {
    static let node = KitchenSearchTests.node

    static let harness = #"""
        var handlers = {}, kept = new Map(), online = true, asked = [];
        var self = { location: new URL("https://journal.local:8443/_app/sw.js"), skipWaiting: function () {},
          clients: { claim: function () { return Promise.resolve(); } },
          addEventListener: function (name, handler) { handlers[name] = handler; } };
        var cache = {
          put: function (key, response) { kept.set(typeof key === "string" ? key : key.url, response); return Promise.resolve(); },
          match: function (key) { var r = kept.get(typeof key === "string" ? key : key.url); return Promise.resolve(r ? r.clone() : undefined); },
          delete: function (key) { kept.delete(key); return Promise.resolve(true); },
          keys: function () { return Promise.resolve(Array.from(kept.keys())); } };
        var caches = { open: function () { return Promise.resolve(cache); } };
        var fetch = function (request) {
          var url = typeof request === "string" ? request : request.url;
          asked.push(url);
          if (!online) return Promise.reject(new TypeError("Failed to fetch"));
          var response = new Response("<!DOCTYPE html><html><head><title>t</title></head><body><main>served " + url + "</main></body></html>",
                                      { status: 200, headers: { "Content-Type": /\.jpg$/.test(url) ? "image/jpeg" : "text/html; charset=utf-8" } });
          Object.defineProperty(response, "type", { value: "basic" });
          return Promise.resolve(response);
        };
        """#

    static let scenario = #"""
        function ask(path, method, mode) {
          var waits = [], answer = null;
          var event = { request: { url: "https://journal.local:8443" + path, method: method || "GET", mode: mode || "navigate" },
                        respondWith: function (p) { answer = p; }, waitUntil: function (p) { waits.push(p); } };
          handlers.fetch(event);
          if (!answer) return Promise.resolve({ path: path, answered: false });
          return answer.then(function (r) { return Promise.all(waits).then(function () { return r.text(); }).then(function (t) {
            return { path: path, answered: true, status: r.status, text: t };
          }); });
        }
        var results = [];
        var steps = [
          function () { return ask("/kitchen/shopping.html"); },
          function () { return ask("/kitchen/plan/"); },
          function () { return ask("/_api/shopping/check", "POST", "cors"); },
          function () { return ask("/?key=s3cret"); },
          function () { return ask("/kitchen/?key=s3cret"); },
          function () { return ask("/_api/session/night", "GET", "cors"); },
          function () { return ask("/__brewguide/events", "GET", "cors"); },
          function () { return ask("/kitchen/images/soup.jpg", "GET", "no-cors"); },
          function () { online = false; return ask("/kitchen/shopping.html"); },
          function () { return ask("/kitchen/plan/index.html"); },
          function () { return ask("/logs/never-opened.html"); },
        ];
        steps.reduce(function (p, step) { return p.then(step).then(function (r) { results.push(r); }); }, Promise.resolve()).then(function () {
          console.log(JSON.stringify({ results: results, kept: Array.from(kept.keys()) }));
        });
        """#

    @Test(.enabled(if: node != nil, "node is not installed"))
    func keepsPagesNeverWritesOrTheKeyAndAnswersFromTheKeptCopyOffline() throws {
        let worker = try #require(BuiltInTemplates.files["assets/served/sw.js"])
        let (printed, status) = try ToolRun.standardOutput(Self.node!, ["-e", Self.harness + "\n" + worker + "\n" + Self.scenario])
        #expect(status == 0)
        let answer = try #require(try JSONSerialization.jsonObject(with: printed) as? [String: Any], "\(String(decoding: printed, as: UTF8.self))")
        let results = try #require(answer["results"] as? [[String: Any]])
        let kept = try #require(answer["kept"] as? [String])
        func result(_ k: Int) -> [String: Any] { results[k] }
        // Online: served by the server, and kept ("/kitchen/plan/" as its index.html).
        #expect(result(0)["answered"] as? Bool == true)
        #expect((result(0)["text"] as? String)?.contains("served https://journal.local:8443/kitchen/shopping.html") == true)
        #expect(kept.contains("https://journal.local:8443/kitchen/shopping.html"))
        #expect(kept.contains("https://journal.local:8443/kitchen/plan/index.html"))
        // Never taken: a write, the key's addresses, the panel's read, the live-reload stream.
        for k in 2...6 { #expect(result(k)["answered"] as? Bool == false, "\(result(k)["path"] ?? "")") }
        #expect(!kept.contains { $0.contains("key=") || $0.contains("/_api/shopping") || $0.contains("/_api/session") || $0.contains("events") }, "\(kept)")
        // Offline: the kept copies, saying when they were kept; a page never kept says so.
        #expect(result(7)["answered"] as? Bool == true, "a photo is fetched through the worker")
        #expect(!kept.contains { $0.hasSuffix(".jpg") }, "a photo is not kept: \(kept)")
        for k in [8, 9] {
            let text = result(k)["text"] as? String ?? ""
            #expect(result(k)["status"] as? Int == 200)
            #expect(text.contains("<head><meta name=\"brewguide-kept-at\" content=\"20"), "\(text)")
            #expect(text.contains("<main>served"))
        }
        #expect(result(10)["status"] as? Int == 503)
        #expect((result(10)["text"] as? String)?.contains("Not kept on this phone") == true)
    }
}
