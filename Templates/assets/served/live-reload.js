// The browser side of `serve`'s live reload, added to every HTML page `serve` sends (never to the
// files on disk) by LiveReload.scriptTag. It connects to the server's build statuses (Server-Sent
// Events, at the script tag's data-events); on a `built` event newer than the page it updates the
// page in place, offers to show it, or reloads it (never under a person's state: see below); on a
// `failed` event it shows an overlay with the diagnostics, set as text, never parsed as HTML. The
// overlay lives in a shadow root so neither the site's CSS nor the overlay's leak across.
// Built in from Templates/assets/served/live-reload.js; a templates folder's file of that name
// replaces it, read when `serve` starts.
(() => {
  "use strict";
  const script = document.currentScript;
  const pageGeneration = Number(script && script.dataset.generation) || 0;
  let overlayHost = null;
  let dismissedGeneration = null;

  const css = `
    :host { all: initial; position: fixed; inset: 0; z-index: 2147483647;
      display: flex; align-items: flex-start; justify-content: center;
      padding: 12px; box-sizing: border-box; overflow: auto;
      background: rgba(20, 20, 20, 0.55); }
    .panel { box-sizing: border-box; width: 100%; max-width: 56rem; margin: 0;
      background: #fff; color: #1b1b1b; border-radius: 10px; border-top: 8px solid #b3261e;
      box-shadow: 0 8px 32px rgba(0, 0, 0, 0.35); padding: 16px 18px 18px;
      font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    header { display: flex; align-items: flex-start; gap: 12px; }
    h2 { flex: 1; margin: 0; font-size: 1.2rem; line-height: 1.3; color: #b3261e; }
    p { margin: 8px 0 12px; }
    button { flex: none; min-width: 44px; min-height: 44px; padding: 0 14px;
      border: 1px solid #8c8c8c; border-radius: 8px; background: #f2f2f2; color: inherit;
      font: inherit; font-weight: 600; cursor: pointer; }
    button:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
    ol { margin: 0; padding: 0; list-style: none; border-radius: 6px; background: #fbeeee;
      max-height: 60vh; overflow: auto;
      font: 14px/1.5 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
    li { padding: 10px 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
    li + li { border-top: 1px solid #e6c9c7; }
    .location { display: block; font-weight: 700; }
    @media (prefers-color-scheme: dark) {
      .panel { background: #202124; color: #ececec; border-top-color: #f28b82; }
      h2 { color: #f28b82; }
      button { background: #303134; border-color: #8c8c8c; }
      ol { background: #2d1f1f; }
      li + li { border-top-color: #5a3a38; }
    }`;

  function removeOverlay() {
    if (overlayHost) { overlayHost.remove(); overlayHost = null; }
  }

  // One diagnostic: its location in bold on its own line, then the message.
  // Both are set as text; nothing from the build is ever parsed as HTML.
  function diagnosticItem(line) {
    const item = document.createElement("li");
    const match = /^(.+?:\d+(?::\d+)?): (.*)$/.exec(line);
    if (match) {
      const location = document.createElement("span");
      location.className = "location";
      location.textContent = match[1];
      item.append(location, document.createTextNode(match[2]));
    } else {
      item.textContent = line;
    }
    return item;
  }

  function showOverlay(generation, diagnostics) {
    if (dismissedGeneration === generation) { return; }
    removeOverlay();
    const errorCount = diagnostics.split("\n").filter((line) => line.includes(": error: ")).length;
    overlayHost = document.createElement("div");
    overlayHost.setAttribute("data-brewguide-overlay", "");
    const root = overlayHost.attachShadow({ mode: "open" });
    const style = document.createElement("style");
    style.textContent = css;
    const panel = document.createElement("section");
    panel.className = "panel";
    panel.setAttribute("role", "alertdialog");
    panel.setAttribute("aria-labelledby", "title");
    panel.setAttribute("aria-describedby", "diagnostics");
    const header = document.createElement("header");
    const title = document.createElement("h2");
    title.id = "title";
    title.textContent = errorCount > 1 ? `The last rebuild failed: ${errorCount} errors`
      : "The last rebuild failed";
    const dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.textContent = "Dismiss";
    dismiss.addEventListener("click", () => { dismissedGeneration = generation; removeOverlay(); });
    header.append(title, dismiss);
    const note = document.createElement("p");
    note.textContent = "This page shows the last good build. Fix the data and save; the page reloads by itself.";
    const details = document.createElement("ol");
    details.id = "diagnostics";
    for (const line of diagnostics.split("\n").filter((line) => line.trim() !== "")) {
      details.append(diagnosticItem(line));
    }
    panel.append(header, note, details);
    root.append(style, panel);
    (document.body || document.documentElement).append(overlayHost);
  }

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && overlayHost) {
      overlayHost.shadowRoot.querySelector("button").click();
    }
  });

  // A page never reloads under what a person is doing. A page script says it holds
  // a person's state (a running timer, a form being filled) by pushing a function onto
  // `brewguideLive.holds`, and that it can take a part of the rebuilt page in place by pushing
  // `{ covers: [selectors], apply(newDocument) }` onto `brewguideLive.parts`. After a rebuild
  // the page is fetched again: the parts take their new content in place; if nothing else in
  // <main> changed, that is all (no reload). If something else changed, a page holding state
  // offers "This page changed — Show it" and keeps everything until asked; a page holding
  // nothing reloads, as before.
  const live = window.brewguideLive = window.brewguideLive || { holds: [], parts: [] };
  const mainOf = (doc) => doc.querySelector("main") || doc.body;
  // <main> without the parts the scripts take in place, as markup to compare.
  const rest = (doc) => {
    const copy = mainOf(doc).cloneNode(true);
    for (const part of live.parts) {
      for (const selector of part.covers || []) copy.querySelectorAll(selector).forEach((e) => e.remove());
    }
    // The white space between the parts taken away says nothing (a part that grew by a block
    // leaves one more line break between <main>'s blocks).
    for (const node of Array.from(copy.childNodes)) { if (node.nodeType === 3 && !node.nodeValue.trim()) node.remove(); }
    return copy.outerHTML;
  };
  // The page as it came from the server, before the page's scripts changed it.
  const served = document.cloneNode(true);
  let shownGeneration = pageGeneration, offered = null, checking = false, again = false;
  const holds = () => live.holds.some((held) => { try { return held(); } catch (e) { return false; } });
  function offer() {
    if (offered) return;
    offered = document.createElement("p");
    offered.className = "live-changed";
    offered.setAttribute("role", "status");
    offered.style.cssText = "position:sticky;bottom:0;margin:0;padding:0.5rem 1rem;background:var(--bg,#fff);color:var(--fg,#111);border-top:2px solid var(--accent,#1a73e8);z-index:10";
    const show = document.createElement("button");
    show.type = "button";
    show.textContent = "Show it";
    show.style.cssText = "min-height:44px;min-width:44px;margin-left:0.5rem;font:inherit;font-weight:600";
    show.addEventListener("click", () => location.reload());
    offered.append("This page changed. ", show);
    (document.body || document.documentElement).append(offered);
  }
  async function rebuilt() {
    if (checking) { again = true; return; }
    checking = true;
    try {
      if (!live.parts.length && !holds()) { location.reload(); return; }
      const answer = await fetch(location.pathname + location.search, { credentials: "same-origin", cache: "no-store" });
      if (!answer.ok) { if (!holds()) location.reload(); return; }
      const fresh = new DOMParser().parseFromString(await answer.text(), "text/html");
      const same = rest(served) === rest(fresh);
      for (const part of live.parts) { try { part.apply(fresh); } catch (e) { console.warn(e); } }
      if (same) return;
      if (holds()) offer(); else location.reload();
    } catch (e) {
      if (!holds()) location.reload();
    } finally {
      checking = false;
      if (again) { again = false; rebuilt(); }
    }
  }

  const events = new EventSource(script.dataset.events);
  events.addEventListener("built", (event) => {
    const status = JSON.parse(event.data);
    removeOverlay();
    if (status.generation !== shownGeneration) {
      shownGeneration = status.generation;
      console.info(`brewguide: rebuilt (${status.summary})`);
      rebuilt();
    }
  });
  events.addEventListener("failed", (event) => {
    const status = JSON.parse(event.data);
    showOverlay(status.generation, String(status.diagnostics || ""));
  });
})();
