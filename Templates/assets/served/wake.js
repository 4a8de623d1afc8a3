// Added by `serve` to every page it serves (at /_app/wake.js; the built site never has it): the
// one holder of the screen wake lock for cook mode and the brew-along page. Their scripts call
// window.brewguideWake(what, on): `on` while a brew or a cook is under way (a step or a timer
// running), `off` when it ends. The lock is asked for again when the page comes back into view
// (a browser lets it go when the page is hidden). When the browser has no wake lock or refuses
// it, the page says so once, politely, beside the brew or the cook.
// document.documentElement's data-wake-lock says the state: held, released, refused or absent.
(function () {
  "use strict";
  var wanted = {}, lock = null, asking = false, told = false;
  function anyWanted() { return Object.keys(wanted).some(function (k) { return wanted[k]; }); }
  function state(value) { document.documentElement.setAttribute("data-wake-lock", value); }
  function tell(words) {
    if (told) return;
    told = true;
    var note = document.createElement("p");
    note.className = "wake-note";
    note.setAttribute("role", "status");
    note.style.cssText = "margin:0.75rem 0;padding:0.5rem 0.8rem;border-left:4px solid var(--accent,#8a3b12);background:var(--bg,#fff);color:var(--fg,#111)";
    note.textContent = words;
    var host = document.getElementById("brew-app") || document.querySelector(".cook") || document.querySelector("main") || document.body;
    host.insertBefore(note, host.firstChild);
  }
  function ask() {
    if (!anyWanted() || lock || asking) return;
    if (!("wakeLock" in navigator)) {
      state("absent");
      tell(window.isSecureContext
        ? "Sorry: this browser cannot keep the screen on, so it may dim while you work. Tap it now and then, or lengthen the phone's screen timeout for a while."
        : "Sorry: this page came over plain HTTP, where browsers do not keep the screen on, so it may dim while you work. Tap it now and then, or open the journal with brewguide serve --lan --https.");
      return;
    }
    if (document.visibilityState !== "visible") return;
    asking = true;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      asking = false;
      lock = sentinel;
      state("held");
      sentinel.addEventListener("release", function () {
        if (lock === sentinel) lock = null;
        state("released");
      });
      if (!anyWanted()) release();
    }, function (error) {
      asking = false;
      state("refused");
      tell("Sorry: the browser would not keep the screen on just now (" + (error && error.message ? error.message : "it said no") +
        "), so it may dim while you work. Tap it now and then; it is asked again when you come back to this page.");
    });
  }
  function release() {
    if (lock) { var held = lock; lock = null; held.release().catch(function () {}); }
    state("released");
  }
  window.brewguideWake = function (what, on) {
    wanted[what] = !!on;
    if (anyWanted()) ask(); else release();
  };
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") ask(); });
})();
