// Added by `serve` to every page it serves (at /_app/offline.js; the built site never has it):
// registers the service worker (/_app/sw.js) where the browser allows one (a secure context:
// HTTPS, or this machine's own address), asks it to keep the shopping list, the week's plan and
// its recipes, and says on a page shown from the copy this phone kept that it is one, and how old.
(function () {
  "use strict";
  if (window.isSecureContext && "serviceWorker" in navigator) {
    navigator.serviceWorker.register("/_app/sw.js", { scope: "/" }).then(function (registration) {
      var worker = registration.active || registration.waiting || registration.installing;
      if (worker && registration.active && navigator.onLine) registration.active.postMessage("keep-always");
      document.documentElement.setAttribute("data-service-worker", "registered");
      return worker;
    }).catch(function (error) {
      document.documentElement.setAttribute("data-service-worker", "refused");
      console.warn("brewguide: no offline copies on this phone: " + error);
    });
  }
  var meta = document.querySelector('meta[name="brewguide-kept-at"]');
  if (!meta) return;
  var kept = new Date(meta.getAttribute("content"));
  if (isNaN(kept.getTime())) return;
  // "3 minutes ago", "2 hours ago", "yesterday at 18:40" or the date: how old the copy is.
  function age() {
    var minutes = Math.max(0, Math.round((Date.now() - kept.getTime()) / 60000));
    var time = kept.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    if (minutes < 1) return "kept less than a minute ago";
    if (minutes < 60) return "kept " + minutes + (minutes === 1 ? " minute" : " minutes") + " ago, at " + time;
    var hours = Math.round(minutes / 60);
    if (hours < 24) return "kept " + hours + (hours === 1 ? " hour" : " hours") + " ago, at " + time;
    var days = Math.round(hours / 24);
    return "kept " + days + (days === 1 ? " day" : " days") + " ago, on " + kept.toLocaleDateString([], { day: "numeric", month: "long" }) + " at " + time;
  }
  function show() {
    var note = document.createElement("p");
    note.className = "kept-copy";
    note.setAttribute("role", "status");
    note.style.cssText = "margin:0 0 1rem;padding:0.6rem 0.9rem;border:2px solid var(--accent,#8a3b12);border-radius:0.5rem;background:var(--bg,#fff);color:var(--fg,#111)";
    function words() {
      note.textContent = "The laptop does not answer, so this is the copy this phone " + age() +
        ". Ticks you make here are kept on this phone and sent, with the time you tapped them, when it answers again.";
    }
    words();
    setInterval(words, 60000);
    var host = document.querySelector("main") || document.body;
    host.insertBefore(note, host.firstChild);
    document.documentElement.setAttribute("data-kept-copy", meta.getAttribute("content"));
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show); else show();
})();
