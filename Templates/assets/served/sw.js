// The service worker `serve` offers to a page opened in a secure context (HTTPS, or this
// machine's own address); the built site never has it: files under assets/served/ are not copied
// into the site. Served at /_app/sw.js with scope "/" (the header Service-Worker-Allowed: /).
//
// Every page is asked of the laptop first; when it does not answer (the phone left the house, or
// the laptop sleeps) within a few seconds, the copy this phone kept is shown instead, with
// <meta name="brewguide-kept-at"> saying when it was kept (offline.js says so on the page).
// Kept: the pages opened recently (the newest RECENT_PAGES), and always the shopping list, the
// week's plan, the recipes on it and their cook modes, with the styles and scripts they use.
// Never kept: a write (POST passes straight through), any other answer under /_api/ than the
// pages' script and the "may this phone write" status, the live-reload stream, and any address
// that carries the key (?key=…): the key itself lives in an HttpOnly cookie this script never sees.
"use strict";
var CACHE = "brewguide-kept-v1";
var RECENT_PAGES = 40;
var NETWORK_SECONDS = 4;
var KEPT_HEADER = "X-Brewguide-Kept-At";
// Kept along with the pages: what every page and cook mode load.
var ALWAYS_FILES = ["/assets/style.css", "/assets/cook.js", "/assets/shopping.js", "/assets/brew.js", "/assets/search.js",
  "/_api/pages.js", "/_api/status", "/_app/offline.js", "/_app/wake.js"];
var SHOPPING = "/kitchen/shopping.html", PLAN_INDEX = "/kitchen/plan/index.html";
// How often the always-kept pages are fetched again (while pages are being opened).
var REFRESH_MILLISECONDS = 10 * 60 * 1000;
var lastRefresh = 0;

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim().then(function () { return keepAlways(); }));
});
self.addEventListener("message", function (event) {
  if (event.data === "keep-always" && Date.now() - lastRefresh > REFRESH_MILLISECONDS) {
    event.waitUntil(keepAlways());
  }
});

// Whether an answer to `url` may be kept: the site's own files and the two reads above.
function keepable(url) {
  if (url.origin !== self.location.origin || url.search.indexOf("key=") >= 0) return false;
  if (url.pathname.indexOf("/__brewguide/events") === 0) return false;
  if (url.pathname.indexOf("/_api/") === 0) return url.pathname === "/_api/pages.js" || url.pathname === "/_api/status";
  return url.pathname !== "/_app/sw.js";
}

// The address a page is kept under: "/kitchen/" and "/kitchen/index.html" are one page.
function keptAddress(url) {
  var path = url.pathname;
  if (path.charAt(path.length - 1) === "/") path += "index.html";
  return self.location.origin + path;
}

function withTimeout(promise, seconds) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("no answer in " + seconds + " s")); }, seconds * 1000);
    promise.then(function (value) { clearTimeout(timer); resolve(value); }, function (error) { clearTimeout(timer); reject(error); });
  });
}

// Keeps a copy of `response` (a 200 answer), stamped with the time it was kept.
function keep(cache, address, response) {
  if (!response || response.status !== 200 || response.type !== "basic" || response.redirected || !isKeptKind(response)) return Promise.resolve();
  return response.clone().blob().then(function (body) {
    var headers = new Headers(response.headers);
    headers.set(KEPT_HEADER, new Date().toISOString());
    return cache.put(address, new Response(body, { status: 200, statusText: "OK", headers: headers }));
  });
}

function isPage(response) { return (response.headers.get("Content-Type") || "").indexOf("text/html") === 0; }
// Besides pages, only what they need to work is kept (styles, scripts, the status, the manifest
// and icons): photos are not, so the copies stay small (40 pages, their scripts, a few icons).
function isKeptKind(response) {
  var type = response.headers.get("Content-Type") || "";
  return /^(text\/html|text\/css|text\/javascript|application\/javascript|application\/json|application\/manifest\+json|image\/x-icon)/.test(type) ||
    /\/_app\/icon-[0-9]+\.png$|\/apple-touch-icon\.png$/.test(response.url || "");
}

// Only the newest RECENT_PAGES pages opened are kept, besides the always-kept ones.
var RECENT_LIST = self.location.origin + "/_app/kept-recent.json";
function remember(cache, address) {
  return cache.match(RECENT_LIST).then(function (r) { return r ? r.json() : []; }).catch(function () { return []; }).then(function (list) {
    list = list.filter(function (a) { return a !== address; });
    list.unshift(address);
    var dropped = list.slice(RECENT_PAGES);
    list = list.slice(0, RECENT_PAGES);
    return alwaysList(cache).then(function (always) {
      return Promise.all(dropped.filter(function (a) { return always.indexOf(a) < 0; }).map(function (a) { return cache.delete(a); }));
    }).then(function () {
      return cache.put(RECENT_LIST, new Response(JSON.stringify(list), { headers: { "Content-Type": "application/json" } }));
    });
  });
}

var ALWAYS_LIST = self.location.origin + "/_app/kept-always.json";
function alwaysList(cache) {
  return cache.match(ALWAYS_LIST).then(function (r) { return r ? r.json() : []; }).catch(function () { return []; });
}

// The addresses of the site's links in a page's HTML that match `pattern`, resolved against `base`.
function links(html, base, pattern) {
  var found = [], re = /href="([^"]+)"/g, m;
  while ((m = re.exec(html))) {
    try {
      var url = new URL(m[1].replace(/&amp;/g, "&"), base);
      var match = pattern.exec(url.pathname);
      if (url.origin === self.location.origin && match) found.push(match);
    } catch (e) {}
  }
  return found;
}

// The ISO week of `date` ("2026-W49"), as the plan's pages are named.
function isoWeek(date) {
  var d = new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
  var day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  var yearStart = new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
  var week = Math.ceil(((d - yearStart) / 86400000 + 1) / 7);
  return d.getUTCFullYear() + "-W" + (week < 10 ? "0" : "") + week;
}

function fetchText(cache, path) {
  return fetch(path, { credentials: "same-origin" }).then(function (response) {
    if (response.status !== 200) return "";
    return keep(cache, self.location.origin + path, response).then(function () { return response.text(); });
  }).catch(function () { return ""; });
}

// Fetches and keeps the shopping list, the week's plan, the recipes on it and their cook modes
// (and on the shopping list), and the files every page loads.
function keepAlways() {
  lastRefresh = Date.now();
  return caches.open(CACHE).then(function (cache) {
    var always = [SHOPPING, PLAN_INDEX].concat(ALWAYS_FILES);
    return Promise.all([fetchText(cache, SHOPPING), fetchText(cache, PLAN_INDEX)]).then(function (pages) {
      var weeks = links(pages[1], self.location.origin + PLAN_INDEX, /^\/kitchen\/plan\/([0-9]{4}-W[0-9]{2})\.(?:html|md)$/)
        .map(function (m) { return m[1]; }).sort();
      // This week's and next week's (a Saturday's shopping is for the week ahead), as the plan has them.
      var chosen = [isoWeek(new Date()), isoWeek(new Date(Date.now() + 7 * 86400000))].filter(function (w) { return weeks.indexOf(w) >= 0; });
      if (!chosen.length && weeks.length) chosen = [weeks[weeks.length - 1]];
      var weekPaths = chosen.map(function (w) { return "/kitchen/plan/" + w + ".html"; });
      return Promise.all(weekPaths.map(function (p) { return fetchText(cache, p); })).then(function (weekHTML) {
        always = always.concat(weekPaths);
        var recipes = {};
        [[pages[0], SHOPPING]].concat(weekHTML.map(function (html, k) { return [html, weekPaths[k]]; })).forEach(function (page) {
          links(page[0], self.location.origin + page[1], /^\/kitchen\/recipes\/([^/]+)\.(?:html|md)$/).forEach(function (m) { recipes[m[1]] = true; });
        });
        Object.keys(recipes).forEach(function (id) {
          always.push("/kitchen/recipes/" + id + ".html", "/kitchen/cook/" + id + ".html");
        });
        return Promise.all(always.filter(function (p) { return p !== SHOPPING && p !== PLAN_INDEX && weekPaths.indexOf(p) < 0; })
          .map(function (path) { return fetchText(cache, path); }));
      }).then(function () {
        var addresses = always.map(function (p) { return self.location.origin + p; });
        return cache.put(ALWAYS_LIST, new Response(JSON.stringify(addresses), { headers: { "Content-Type": "application/json" } }));
      });
    });
  }).catch(function () {});
}

// A kept page, with the time it was kept named in its head for offline.js.
function keptCopy(response) {
  var at = response.headers.get(KEPT_HEADER) || "";
  if (!isPage(response) || !at) return Promise.resolve(response);
  return response.text().then(function (html) {
    var meta = '<meta name="brewguide-kept-at" content="' + at.replace(/[^0-9TZ:.\-]/g, "") + '">';
    var head = html.search(/<head[^>]*>/i);
    var at2 = head >= 0 ? html.indexOf(">", head) + 1 : 0;
    var headers = new Headers(response.headers);
    headers.set("Content-Type", "text/html; charset=utf-8");
    return new Response(html.slice(0, at2) + meta + html.slice(at2), { status: 200, headers: headers });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (!keepable(url)) return;
  var address = keptAddress(url);
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return withTimeout(fetch(request), NETWORK_SECONDS).then(function (response) {
      if (response.status === 200) {
        event.waitUntil(keep(cache, address, response).then(function () {
          return isPage(response) && request.mode === "navigate" ? remember(cache, address) : null;
        }).catch(function () {}));
      }
      return response;
    }, function (error) {
      return cache.match(address).then(function (kept) {
        if (kept) return keptCopy(kept);
        if (request.mode === "navigate") {
          return new Response("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">" +
            "<title>Not kept on this phone</title></head><body><main><h1>Not kept on this phone</h1><p>The laptop does not answer, and this page was not " +
            "kept on this phone. The shopping list, the week's plan and its recipes are: <a href=\"" + SHOPPING + "\">open the shopping list</a>.</p></main></body></html>",
            { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
        }
        throw error;
      });
    });
  }));
});
