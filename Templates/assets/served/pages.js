// The script `serve --edit`/`--lan` adds to the pages it serves to a browser that holds the key
// (served at /_api/pages.js; the built site never has it: files under assets/served/ are not
// copied into the site). It turns the pages' controls into writes through the server's endpoints
// (docs/SERVE.md). What a page can send is declared in the page's data: the shopping lines'
// data-item, the brew-along plan's "log" member and the end screen's data-brew-time, cook mode's
// and the recipe page's data-cooked-recipe and data-servings, the night panel's answer from
// /_api/session/night. A write the server could not be reached for is kept in localStorage (with
// its idempotency value) and sent again when the server answers, so a retry never records twice.
// A templates folder's assets/served/pages.js takes this one's place.
(function () {
  "use strict";
  var OUTBOX = "brewguide-outbox", SAVED = "brewguide-saved";
  var store = null;
  try { store = window.localStorage; } catch (e) {}
  function newId() { return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 10); }
  function encode(fields) {
    return Object.keys(fields).filter(function (k) { return fields[k] !== "" && fields[k] != null; })
      .map(function (k) { return encodeURIComponent(k) + "=" + encodeURIComponent(fields[k]); }).join("&");
  }
  function readOutbox() { try { return JSON.parse(store.getItem(OUTBOX) || "[]"); } catch (e) { return []; } }
  function writeOutbox(list) { if (store) { try { store.setItem(OUTBOX, JSON.stringify(list)); } catch (e) {} } }
  // One write: resolves with {status, body}; status 0 when the server did not answer. `sent`
  // goes with it: with the tap's time, on the same clock, it says how long the phone kept it,
  // so the laptop records the tap's moment whatever the phone's clock says.
  function post(path, body) {
    return fetch(path, { method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: body + "&sent=" + encodeURIComponent(new Date().toISOString()) })
      .then(function (r) { return r.json().catch(function () { return {}; }).then(function (b) { return { status: r.status, body: b }; }); })
      .catch(function () { return { status: 0, body: {} }; });
  }
  // Worth sending again, so kept on the phone (issue 45): no answer, a write with the same value
  // under way (409 without `reused`), too many at once, the laptop busy or its disk full (503),
  // a server error, or a key no longer valid (403: kept until this phone has a good key).
  function retryable(answer) {
    var s = answer.status;
    return s === 0 || s === 403 || (s === 409 && !(answer.body && answer.body.reused)) || s === 429 || s >= 500;
  }
  // Why a write was kept on the phone, in words.
  function keptWords(answer, what) {
    var s = answer ? answer.status : 0;
    if (s === 403) return "Not sent: this phone's key to the journal is no longer valid. Open the address serve prints now (with its ?key=) on this phone; " + what + " is kept here and sent then.";
    if (s === 503) return "Not recorded yet: the laptop cannot write just now (" + ((answer.body.errors || [])[0] || "busy") + "). " + what.charAt(0).toUpperCase() + what.slice(1) + " is kept on this phone and sent in a moment.";
    return "Not sent yet: the laptop did not answer. " + what.charAt(0).toUpperCase() + what.slice(1) + " is kept on this phone and sent when it answers.";
  }
  // Saves the journal refused for a reason of their own (a bad value), sent from the queue
  // when no form was there to show it: kept and shown on every served page, with what was sent,
  // until the person dismisses each.
  var REFUSED = "brewguide-refused", refusedBox = null;
  function readRefused() { try { return JSON.parse(store.getItem(REFUSED) || "[]"); } catch (e) { return []; } }
  function writeRefused(list) { if (store) { try { store.setItem(REFUSED, JSON.stringify(list)); } catch (e) {} } }
  var NAMES = { log: "a brew", cooked: "a cook", shopping: "a shopping tick", "shopping-add": "a shopping line", "shopping-clear": "a clear of the ticked lines", session: "a night-out tap" };
  function sentInWords(body) {
    var words = [];
    body.split("&").forEach(function (pair) {
      var kv = pair.split("="), k = decodeURIComponent(kv[0] || ""), v = decodeURIComponent((kv[1] || "").replace(/\+/g, " "));
      if (k && k !== "idempotency" && k !== "tapped" && v) words.push(k + " " + v);
    });
    return words.join(", ");
  }
  function showRefused() {
    if (!refusedBox) return;
    refusedBox.replaceChildren();
    readRefused().forEach(function (r) {
      var p = document.createElement("p"), dismiss = document.createElement("button");
      p.className = "write-refused";
      var when = r.tapped ? new Date(r.tapped) : null;
      p.textContent = "Not recorded: " + (NAMES[r.kind] || "a write") + (when ? " tapped at " + when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : "") +
        ". The journal refused it: " + (r.errors || []).join(" ") + " What was sent: " + sentInWords(r.body) + ". ";
      dismiss.type = "button"; dismiss.textContent = "Dismiss";
      dismiss.addEventListener("click", function () { writeRefused(readRefused().filter(function (x) { return x.key !== r.key; })); showRefused(); });
      p.appendChild(dismiss);
      refusedBox.appendChild(p);
    });
  }
  var handlers = {}, lastKept = null;
  function queue(entry) {
    var list = readOutbox().filter(function (e) { return !(entry.slot && e.slot === entry.slot); });
    list.push(entry);
    writeOutbox(list);
  }
  var flushing = false, onKept = null;
  function flush() {
    if (flushing) return;
    var list = readOutbox();
    if (!list.length) return;
    flushing = true;
    var entry = list[0];
    post(entry.path, entry.body).then(function (answer) {
      flushing = false;
      if (retryable(answer)) { if (onKept) onKept(answer); return; }
      // Refused for a reason of its own: the person is told, with the save, before it leaves the queue.
      if (answer.status !== 200 && answer.status !== 201) {
        var tapped = /(?:^|&)tapped=([^&]*)/.exec(entry.body);
        writeRefused(readRefused().concat([{ key: entry.key, kind: entry.kind, body: entry.body, errors: answer.body.errors || ["refused (" + answer.status + ")"],
                                            tapped: tapped ? decodeURIComponent(tapped[1]) : null }]));
        showRefused();
      }
      writeOutbox(readOutbox().filter(function (e) { return e.key !== entry.key; }));
      if (answer.status === 200 || answer.status === 201) { if (handlers[entry.kind]) handlers[entry.kind](answer, entry); }
      flush();
    });
  }
  // What a write answered, kept for a minute: the rebuild it causes reloads the page.
  var SAID = "brewguide-said";
  function keep(region) {
    var observer = new MutationObserver(function () {
      try { sessionStorage.setItem(SAID, JSON.stringify({ at: Date.now(), text: region.textContent, page: location.pathname })); } catch (e) {}
    });
    observer.observe(region, { childList: true, characterData: true, subtree: true });
  }
  function restore(region) {
    try {
      var kept = JSON.parse(sessionStorage.getItem(SAID) || "null");
      if (kept && kept.page === location.pathname && Date.now() - kept.at < 60000 && kept.text) region.textContent = kept.text;
    } catch (e) {}
  }
  function region(parent, alert) {
    var p = document.createElement("p");
    p.className = alert ? "write-errors" : "write-status";
    p.style.whiteSpace = "pre-line";
    p.setAttribute(alert ? "role" : "aria-live", alert ? "alert" : "polite");
    parent.appendChild(p);
    return p;
  }
  function send(kind, path, fields, slot, whenAnswered, said) {
    // The time of the tap goes with the write, however late it is sent (issue 46).
    if (!fields.tapped) fields.tapped = new Date().toISOString();
    var entry = { kind: kind, path: path, key: fields.idempotency, slot: slot || null, body: encode(fields), said: said || null };
    queue(entry);
    post(path, entry.body).then(function (answer) {
      if (retryable(answer)) { lastKept = answer; whenAnswered(null, entry, answer); return; }
      writeOutbox(readOutbox().filter(function (e) { return e.key !== entry.key; }));
      whenAnswered(answer, entry);
    });
  }

  // The shopping list: a tick is written to kitchen/shopping.json. The answer is said in the
  // list's words ("Ticked off: 2 lemons"), not the command's. A list the live reload replaced in
  // place (a rebuild) is bound again.
  function shopping(status, errors) {
    function name(li) {
      var label = li.querySelector("label");
      if (!label) return li.dataset.item;
      var copy = label.cloneNode(true);
      Array.prototype.forEach.call(copy.querySelectorAll(".visually-hidden, input"), function (e) { e.remove(); });
      return copy.textContent.replace(/\s+/g, " ").trim() || li.dataset.item;
    }
    handlers.shopping = function (answer, entry) {
      if (answer.status === 200) status.textContent = entry && entry.said ? entry.said : "Saved.";
      else errors.textContent = (answer.body.errors || ["not saved"]).join("\n");
    };
    function bind(root) {
      Array.prototype.forEach.call(root.querySelectorAll(".shopping-list li[data-item]"), function (li) {
        var box = li.querySelector("input[type=checkbox]");
        if (!box) return;
        box.addEventListener("change", function () {
          errors.textContent = "";
          var fields = { item: li.dataset.item, checked: box.checked ? "true" : "false", idempotency: newId() };
          var said = (box.checked ? "Ticked off: " : "Back on the list: ") + name(li) + ".";
          send("shopping", "/_api/shopping/check", fields, "shopping:" + li.dataset.item, function (answer, entry) {
            if (!answer) { status.textContent = keptWords(lastKept, "the tick"); return; }
            handlers.shopping(answer, entry);
          }, said);
        });
      });
    }
    var onShoppingPage = !!document.querySelector("main .shopping, main .shopping-empty") || /\/kitchen\/shopping(\.html)?$/.test(location.pathname);
    if (onShoppingPage) shoppingEdits(status, errors);
    if (!document.querySelector(".shopping-list li[data-item]")) return;
    bind(document);
    document.addEventListener("brewguide:replaced", function (event) { if (event.detail) bind(event.detail); });
  }

  // From the phone, beside the ticks: a line added to the list, and the ticked lines cleared, with
  // a few seconds to undo before the clear is sent (it names the items it clears, so a clear kept
  // offline and sent later never takes a line ticked after it). Both go through the queue.
  var UNDO_SECONDS = 8;
  function shoppingEdits(status, errors) {
    var anchor = document.querySelector("main h1 + p") || document.querySelector("main h1");
    if (!anchor || document.querySelector(".shopping-edit")) return;
    var box = make("div", "shopping-edit");
    var form = make("form", "shopping-add");
    var label = make("label"), input = make("input"), add = make("button");
    label.htmlFor = "shopping-add-name"; label.textContent = "Add to the list";
    input.id = "shopping-add-name"; input.name = "name"; input.type = "text"; input.maxLength = 200;
    input.autocomplete = "off"; input.setAttribute("enterkeyhint", "done");
    add.type = "submit"; add.textContent = "Add";
    form.append(label, input, add);
    var clear = make("button", "shopping-clear"); clear.type = "button";
    var undoBox = make("p", "shopping-undo"), undoText = make("span"), undo = make("button");
    undo.type = "button"; undo.textContent = "Undo";
    undoBox.append(undoText, undo); undoBox.hidden = true;
    box.append(form, clear, undoBox);
    anchor.after(box);
    handlers["shopping-add"] = function (answer, entry) { if (answer.status === 200) status.textContent = entry && entry.said ? entry.said : "Added."; };
    handlers["shopping-clear"] = function (answer) { if (answer.status === 200) status.textContent = (answer.body.said || ["Cleared."])[0]; };
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var name = input.value.trim();
      if (!name) { errors.textContent = "Say what to buy, such as 2 lemons."; input.focus(); return; }
      errors.textContent = "";
      add.disabled = true;
      var said = "Added to the list: " + name + ".";
      send("shopping-add", "/_api/shopping/add", { name: name, idempotency: newId() }, null, function (answer, entry) {
        add.disabled = false;
        if (!answer) { input.value = ""; status.textContent = keptWords(lastKept, "the line \u201c" + name + "\u201d"); return; }
        if (answer.status === 200) { input.value = ""; status.textContent = said; input.focus(); }
        else { errors.textContent = (answer.body.errors || ["not added"]).join("\n"); input.focus(); }
      }, said);
    });
    var pending = null;
    function ticked() {
      return Array.prototype.filter.call(document.querySelectorAll(".shopping-list li[data-item]"), function (li) {
        var b = li.querySelector("input[type=checkbox]");
        return b && b.checked && !li.hidden;
      });
    }
    function refresh() {
      var n = ticked().length;
      clear.hidden = n === 0 || !!pending;
      clear.textContent = "Clear ticked lines (" + n + ")";
    }
    function hidePending(root) {
      if (!pending) return;
      Array.prototype.forEach.call(root.querySelectorAll(".shopping-list li[data-item]"), function (li) {
        if (pending.ids.indexOf(li.dataset.item) >= 0) li.hidden = true;
      });
    }
    clear.addEventListener("click", function () {
      var lines = ticked();
      if (!lines.length) return;
      var ids = [];
      lines.forEach(function (li) {
        (li.dataset.itemIds || li.dataset.item).split(" ").forEach(function (id) { if (id && ids.indexOf(id) < 0) ids.push(id); });
        li.hidden = true;
      });
      undoText.textContent = "Cleared " + (lines.length === 1 ? "one ticked line" : lines.length + " ticked lines") + " from the list. ";
      undoBox.hidden = false;
      pending = { ids: ids, timer: setTimeout(function () {
        pending = null;
        undoBox.hidden = true;
        send("shopping-clear", "/_api/shopping/clear", { items: ids.join(" "), idempotency: newId() }, null, function (answer) {
          if (!answer) { status.textContent = keptWords(lastKept, "the clear"); return; }
          if (answer.status === 200) status.textContent = (answer.body.said || ["Cleared."])[0];
          else errors.textContent = (answer.body.errors || ["not cleared"]).join("\n");
        }, "Cleared the ticked lines.");
        refresh();
      }, UNDO_SECONDS * 1000) };
      status.textContent = "";
      refresh();
      undo.focus();
    });
    undo.addEventListener("click", function () {
      if (!pending) return;
      clearTimeout(pending.timer);
      Array.prototype.forEach.call(document.querySelectorAll(".shopping-list li[data-item]"), function (li) { li.hidden = false; });
      pending = null;
      undoBox.hidden = true;
      status.textContent = "Kept on the list: nothing was cleared.";
      refresh();
      clear.focus();
    });
    document.addEventListener("change", function (event) { if (event.target && event.target.closest && event.target.closest(".shopping-list")) refresh(); });
    document.addEventListener("brewguide:replaced", function (event) { if (event.detail) hidePending(event.detail); refresh(); });
    if (window.brewguideLive) window.brewguideLive.holds.push(function () { return !!pending || input.value.trim() !== ""; });
    refresh();
  }

  // Sends a save form's fields (with `options.recipe` and one idempotency value, kept until the
  // save is taken, so a retried save is recorded once) to `options.path`: 201 runs
  // `handlers[options.what]` after `created()`, and a new value for the next save; a refusal shows
  // the command's words in the alert and focuses `toFix()` to fix it and send again.
  function sending(form, submit, status, errors, options, created, toFix) {
    var idempotency = newId();
    // What became of the save is said beside the button tapped (issue 46), once.
    var here = document.createElement("p");
    here.className = "write-here";
    here.setAttribute("aria-live", "polite");
    submit.insertAdjacentElement("afterend", here);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      errors.textContent = ""; status.textContent = ""; here.textContent = "Saving…"; submit.disabled = true;
      var fields = { recipe: options.recipe, idempotency: idempotency };
      Array.prototype.forEach.call(form.elements, function (e) { if (e.name) fields[e.name] = e.value.trim(); });
      send(options.what, options.path, fields, null, function (answer) {
        submit.disabled = false;
        if (!answer) { here.textContent = keptWords(lastKept, options.kept); return; }
        if (answer.status === 201) { idempotency = newId(); form.removeAttribute("data-dirty"); here.textContent = ""; created(); handlers[options.what](answer, null, here); return; }
        here.textContent = "";
        errors.textContent = (answer.body.errors || ["not saved (" + answer.status + ")"]).join("\n");
        var fix = toFix(); if (answer.status === 422 && fix) fix.focus();
      });
    });
  }

  // The brew-along page's end screen: "Save this brew".
  function field(form, label, name, input) {
    var id = "save-" + name, p = document.createElement("p"), l = document.createElement("label");
    l.htmlFor = id; l.textContent = label; input.id = id; input.name = name;
    p.append(l, " ", input); form.appendChild(p);
    return input;
  }
  function numberInput(value, step) {
    var i = document.createElement("input");
    i.type = "number"; i.inputMode = "decimal"; i.step = step || "any"; i.min = "0";
    if (value != null && value !== "") i.value = value;
    return i;
  }
  function textField() { var i = document.createElement("input"); i.type = "text"; i.autocomplete = "off"; return i; }
  // A hint after a field, which the field names as its description.
  function hinted(input, id, text) {
    var hint = document.createElement("span"); hint.id = id; hint.className = "save-hint"; hint.textContent = " " + text;
    input.setAttribute("aria-describedby", id); input.parentNode.appendChild(hint);
    return input;
  }
  // One field of "Save this brew", as the page declares it (plan.log.fields): a choice (with the
  // empty choice first, chosen), several lines, a time (the end screen's), a number with its step
  // and bounds, or a line of text.
  function saveField(f, done) {
    var input;
    if (f.input === "choice") {
      input = document.createElement("select");
      [["", f.noChoice || ""]].concat(f.choices || []).forEach(function (c) {
        var o = document.createElement("option"); o.value = c[0]; o.textContent = c[1]; input.appendChild(o);
      });
      input.value = "";
    } else if (f.input === "lines") {
      input = document.createElement("textarea");
    } else if (f.input === "clock") {
      input = document.createElement("input"); input.type = "text"; input.value = done.dataset.brewTime || "";
    } else if (f.input === "number") {
      input = numberInput(f.value != null ? String(f.value) : "", f.step);
      if (f.min != null) input.min = String(f.min);
      if (f.max != null) input.max = String(f.max);
    } else {
      input = textField();
      if (f.value != null) input.value = String(f.value);
    }
    if (f.required) input.required = true;
    return input;
  }
  // A field's hint; a choice whose choices carry their own hint (the taste tags: the brew's hint,
  // PRD 3.8.4, here where the brew was made) says the chosen one's, as soon as it is chosen.
  function liveHint(input, f) {
    hinted(input, "save-" + f.name + "-hint", f.hint);
    var line = input.parentNode.querySelector("#save-" + f.name + "-hint");
    var own = (f.choices || []).some(function (c) { return c.length > 2; });
    if (!own || !line) return;
    line.setAttribute("aria-live", "polite");
    input.addEventListener("change", function () {
      var chosen = (f.choices || []).filter(function (c) { return c[0] === input.value; })[0];
      line.textContent = chosen && chosen[2] ? " " + chosen[2] : "";
    });
  }
  function showSaved(parent, saved) {
    var p = document.createElement("p"), a = document.createElement("a");
    p.className = "write-saved";
    a.href = saved.page; a.textContent = "open its log page";
    p.append("Saved as " + saved.id + ": ", a, " (it appears once the site is rebuilt).");
    parent.appendChild(p);
    return p;
  }
  function brewAlong(status, errors) {
    var app = document.getElementById("brew-app"), planEl = document.getElementById("brew-plan");
    if (!app || !planEl) return;
    var plan = {};
    try { plan = JSON.parse(planEl.textContent); } catch (e) {}
    handlers.log = function (answer) {
      if (answer.status === 201) {
        try { sessionStorage.setItem(SAVED, JSON.stringify(answer.body)); } catch (e) {}
        document.dispatchEvent(new CustomEvent("brewguide:brew-saved"));
        status.textContent = "";
        // Where the form was: the end screen.
        showSaved(app.querySelector(".brew-done") || status, answer.body);
      } else {
        errors.textContent = "A brew kept on this device was refused: " + (answer.body.errors || []).join("\n");
      }
    };
    // A save answered just before the page was rebuilt and reloaded.
    try {
      var earlier = JSON.parse(sessionStorage.getItem(SAVED) || "null");
      if (earlier && earlier.page) { sessionStorage.removeItem(SAVED); showSaved(status, earlier); }
    } catch (e) {}
    var observer = new MutationObserver(function () {
      var done = app.querySelector(".brew-done");
      if (!done || !done.firstChild || done.querySelector("form.save-brew, .write-saved")) return;
      // What the save sends is declared by the page: plan.log (the recipe, and its fields, made
      // from the log's declared fields) and the end screen's data-brew-time.
      var log = plan.log || {}, recipe = log.recipe || "";
      // The command line the built site's end screen prints is for the plain site: on a page
      // served with the key the brew is saved with the form, so it says so in words.
      var lost = done.contains(document.activeElement);
      Array.prototype.forEach.call(done.querySelectorAll(":scope > p, :scope > pre, :scope > button"), function (e) { e.remove(); });
      var lead = document.createElement("p");
      lead.className = "brew-done-lead";
      lead.textContent = (done.dataset.brewTime ? "Brewed in " + done.dataset.brewTime + ". " : "") + "Save it here: choose a rating, and change anything that was not as planned.";
      done.appendChild(lead);
      var form = document.createElement("form");
      form.className = "save-brew";
      form.setAttribute("aria-labelledby", "save-brew-title");
      var h = document.createElement("h2"); h.id = "save-brew-title"; h.textContent = "Save this brew"; form.appendChild(h);
      // The rest of what `log` takes, folded away: a brew with a changed grind, another
      // temperature or a new bag of beans is recorded from the phone too (issue 46).
      var more = document.createElement("details"), summary = document.createElement("summary");
      more.className = "save-brew-more";
      summary.textContent = "Temperature, grind, bean and more";
      more.appendChild(summary);
      var first = null;
      (log.fields || []).forEach(function (f) {
        var input = saveField(f, done);
        field(f.folded ? more : form, f.label, f.name, input);
        if (f.hint != null) liveHint(input, f);
        if (!first) first = input;
      });
      form.appendChild(more);
      // Not worth keeping: the brew is let go, nothing is recorded (issue 51).
      var discard = document.createElement("button"); discard.type = "button"; discard.className = "save-brew-discard"; discard.textContent = "Discard this brew";
      discard.addEventListener("click", function () {
        form.remove(); lead.remove();
        var gone = document.createElement("p"); gone.className = "write-saved brew-discarded"; gone.tabIndex = -1;
        gone.textContent = "Discarded: nothing was recorded.";
        done.appendChild(gone); gone.focus();
        document.dispatchEvent(new CustomEvent("brewguide:brew-discarded"));
      });
      var submit = document.createElement("button"); submit.type = "submit"; submit.textContent = "Save this brew";
      form.append(submit, " ", discard);
      sending(form, submit, status, errors, { what: "log", path: "/_api/log", recipe: recipe, kept: "the brew" },
        function () { form.remove(); lead.remove(); }, function () { return form.querySelector("select, input, textarea"); });
      done.appendChild(form);
      if (first && (lost || document.activeElement === document.body)) first.focus();
    });
    observer.observe(app, { childList: true, subtree: true });
  }

  // A kitchen recipe's page, and the last step of cook mode: "I cooked this", as `kitchen cooked`.
  var COOKED = "brewguide-cooked";
  function cooked(status, errors) {
    // The page declares what "I cooked this" sends: data-cooked-recipe (and data-servings) on
    // cook mode's steps or on the recipe page's actions.
    var declared = document.querySelector("[data-cooked-recipe]");
    if (!declared) return;
    var inCook = declared.classList.contains("cook"), recipe = declared.dataset.cookedRecipe;
    var steps = document.querySelectorAll(".cook .cook-step");
    var place = inCook ? steps[steps.length - 1] : declared;
    if (!place) return;
    // The recipe page's "Made N times, last on …" line, as the rebuilt page says it.
    function made() {
      var line = Array.prototype.filter.call(document.querySelectorAll("main p"), function (p) { return /^Made (once|\d+ times), last on /.test(p.textContent.trim()); })[0];
      return line ? line.textContent.trim() : "";
    }
    function shown(saved, rebuilt, place) {
      status.textContent = "";
      var p = document.createElement("p");
      p.className = "write-saved";
      p.append("Saved as " + saved.id + ". ");
      if (rebuilt && made()) p.append(made());
      else if (inCook) { var a = document.createElement("a"); a.href = saved.page; a.textContent = "Open the recipe page"; p.append(a, " (it says how often it was made once the site is rebuilt)."); }
      else p.append("The count of times made changes here once the site is rebuilt.");
      (place || status).appendChild(p);
    }
    handlers.cooked = function (answer, entry, place) {
      if (answer.status === 201) {
        try { sessionStorage.setItem(COOKED, JSON.stringify({ id: answer.body.id, page: answer.body.page, recipe: recipe })); } catch (e) {}
        shown(answer.body, false, place);
      } else {
        errors.textContent = "A cook kept on this device was refused: " + (answer.body.errors || []).join("\n");
      }
    };
    // A save answered just before the rebuild reloaded the page.
    try {
      var earlier = JSON.parse(sessionStorage.getItem(COOKED) || "null");
      if (earlier && earlier.recipe === recipe) { sessionStorage.removeItem(COOKED); shown(earlier, true); }
    } catch (e) {}
    function input(form, label, name, control) {
      var id = "cooked-" + name, p = document.createElement("p"), l = document.createElement("label");
      l.htmlFor = id; l.textContent = label; control.id = id; control.name = name;
      p.append(l, " ", control); form.appendChild(p);
      return control;
    }
    var form = document.createElement("form");
    form.className = "cooked-form";
    form.setAttribute("aria-labelledby", "cooked-title");
    var h = document.createElement("h2"); h.id = "cooked-title"; h.textContent = "I cooked this"; form.appendChild(h);
    var servings = input(form, "Servings made", "servings", numberInput(declared.dataset.servings || ""));
    var rating = document.createElement("select");
    [["", "no rating"], ["5", "5 stars"], ["4", "4 stars"], ["3", "3 stars"], ["2", "2 stars"], ["1", "1 star"]].forEach(function (r) {
      var o = document.createElement("option"); o.value = r[0]; o.textContent = r[1]; rating.appendChild(o);
    });
    input(form, "Rating", "rating", rating);
    input(form, "Note", "note", document.createElement("textarea"));
    var submit = document.createElement("button"); submit.type = "submit"; submit.textContent = inCook ? "I cooked this" : "Save: I cooked this";
    form.appendChild(submit);
    sending(form, submit, status, errors, { what: "cooked", path: "/_api/kitchen/cooked", recipe: recipe, kept: "the cook" },
      function () {}, function () { return servings; });
    // In cook mode, before the last step's Previous and Finish recipe; on the page, after its buttons.
    // In cook mode the last step has one action, "I cooked this", which records (issue 51): the
    // built site's "Finish recipe", which records nothing, is not offered beside it.
    if (inCook) {
      var finish = place.querySelector(".cook-finish");
      if (finish) finish.remove();
    }
    if (inCook) place.insertBefore(form, place.querySelector(".cook-nav"));
    else place.parentNode.insertBefore(form, place.nextSibling);
  }

  // The night-out pages (docs/SERVE.md), as `brewguide session` does: the home page and the
  // sessions index start a night (or show tonight's, with its quick taps); a session's page has
  // "+ <preset>" for each drink preset, another drink by type and size, "+ water" with an optional
  // amount, an optional time, "End the night", and an edit and a delete for each entry. What the command prints
  // comes back in a status region; the panel is drawn again from the night as it is now and the
  // rest of the page takes the rebuilt site in place (issue 46: no reload after a tap), the focus
  // back on the control tapped (or, when it is gone, on the nearest heading).
  var NIGHT_SAID = "brewguide-night-said", NIGHT_FOCUS = "brewguide-night-focus", NIGHT_GO = "brewguide-night-go";
  function nightOut() {
    var path = location.pathname, match = /^\/sessions\/([^\/]+)\.html$/.exec(path);
    var sessionID = match && match[1] !== "index" ? decodeURIComponent(match[1]) : null;
    var onHome = path === "/" || path === "/index.html", onIndex = path === "/sessions/" || path === "/sessions/index.html";
    if (!sessionID && !onHome && !onIndex) return;
    var go = readNight(NIGHT_GO);
    if (go) {
      try { sessionStorage.removeItem(NIGHT_GO); } catch (e) {}
      whenThere(go.to, function () { location.assign(go.to); });
    }
    var main = document.querySelector("main") || document.body;
    var panel = make("section", "night-out-writes");
    panel.setAttribute("aria-labelledby", "night-out-title");
    panel.setAttribute("aria-busy", "true");
    var title = make("h2"); title.id = "night-out-title"; title.tabIndex = -1; title.textContent = "Night out";
    var said = make("p", "write-status night-said"), refused = make("p", "write-errors night-refused");
    said.id = "night-said"; said.setAttribute("role", "status"); said.style.whiteSpace = "pre-line";
    refused.setAttribute("role", "alert"); refused.style.whiteSpace = "pre-line";
    var body = make("div");
    panel.append(title, said, refused, body);
    // Where the panel goes among the page's blocks (`blocks`, in order): the index of the block it
    // goes before: the home page's first section (issue 46: "Start a night out" and "Tonight" in
    // a phone's first screen, not below the recipes and brews), the active night's page's title
    // (its next taps first, above what the night was so far), an ended night's first section,
    // the block after the sessions index's lead; at the end otherwise.
    var nightIsActive = false;
    function placeAmong(blocks) {
      var h2s = blocks.filter(function (e) { return e.tagName === "H2"; });
      var h1 = blocks.filter(function (e) { return e.tagName === "H1"; })[0];
      if (sessionID && nightIsActive && h1) return blocks.indexOf(h1) + 1;
      var before = onHome || sessionID ? h2s[0] : null;
      if (before) return blocks.indexOf(before);
      if (h1 && onIndex) return Math.min(blocks.length, blocks.indexOf(h1) + (h1.nextElementSibling ? 2 : 1));
      return blocks.length;
    }
    var KEPT = ":not(.night-out-writes):not(.write-messages):not(.live-changed)";
    function builtPart(root) {
      return Array.prototype.filter.call(root.children, function (e) { return e.matches(KEPT); });
    }
    function markup(parts) { return parts.map(function (e) { return e.outerHTML; }).join(""); }
    var blocks = builtPart(main), at0 = placeAmong(blocks);
    if (at0 < blocks.length) main.insertBefore(panel, blocks[at0]); else main.appendChild(panel);
    // The rest of the page (the entries, the waterline, the counts) takes a rebuild in place:
    // a tap never reloads the page under the person's hand. The panel is never moved (a moved
    // element loses the focus): the rebuilt blocks go before and after it.
    var shownRest = markup(builtPart(main));
    if (window.brewguideLive) window.brewguideLive.parts.push({ covers: ["main > " + KEPT], apply: function (fresh) {
      var freshMain = fresh.querySelector("main") || fresh.body, next = builtPart(freshMain), nextMarkup = markup(next);
      if (nextMarkup !== shownRest) {
        shownRest = nextMarkup;
        builtPart(main).forEach(function (e) { e.remove(); });
        var split = placeAmong(next);
        next.forEach(function (e, k) {
          var copy = document.importNode(e, true);
          if (k < split) main.insertBefore(copy, panel); else main.appendChild(copy);
        });
        if (fresh.title) document.title = fresh.title;
      }
      // A write from elsewhere (another phone, the command line): the panel's counts and entries
      // too, unless the person is in the middle of an edit or a delete there.
      if (!busy && !panel.querySelector("form.night-edit, .night-confirm, form[data-dirty]")) refresh(null, true);
    } });

    // What the command printed, in a person's words (issue 46): no file path, no command to run
    // next (they belong to the terminal and the plain built site), the night by its title.
    function inPersonsWords(lines) {
      return lines.filter(function (line) { return !/^brewguide /.test(line); }).map(function (line, k) {
        line = line.replace(/ in (?:\/|[A-Za-z]:\\).*\.(?:json|csv)$/, "");
        line = line.replace(/^(started|ended) \S+ \((.*?)\) at /, function (all, what, title) { return what + " " + title + " at "; });
        return k === 0 ? line.charAt(0).toUpperCase() + line.slice(1) : line;
      });
    }
    var busy = false, at = null;
    handlers.session = function (answer) {
      if (answer.status === 200) {
        Array.prototype.forEach.call(panel.querySelectorAll("form[data-dirty]"), function (f) { f.removeAttribute("data-dirty"); });
        said.textContent = inPersonsWords(answer.body.said || []).join("\n");
        keepNight(NIGHT_SAID, { page: location.pathname, text: said.textContent });
      } else {
        said.textContent = "";
        refused.textContent = (answer.body.errors || ["not saved (" + answer.status + ")"]).join("\n");
        try { sessionStorage.removeItem(NIGHT_FOCUS); } catch (e) {}
      }
    };
    // One write; `focusAfter` is the control the focus goes back to once the page is rebuilt.
    function tap(what, fields, focusAfter, then) {
      if (busy) return;
      busy = true;
      refused.textContent = ""; said.textContent = "Sending…";
      fields.idempotency = newId();
      if (at && at.value && (what === "drink" || what === "water" || what === "end")) fields.at = at.value;
      // Only a new night opens another page; every other tap is shown here, in place.
      if (what === "start") keepNight(NIGHT_FOCUS, { page: location.pathname, id: focusAfter });
      send("session", "/_api/session/" + what, fields, null, function (answer) {
        busy = false;
        if (!answer) { said.textContent = keptWords(lastKept, "the tap"); return; }
        handlers.session(answer);
        if (answer.status === 200 && then) then(answer.body);
        else if (answer.status === 200) refresh(focusAfter, false);
      });
    }
    // The panel drawn again from the night as it is now, the focus put back on `focusID` (the
    // control tapped; the panel's heading when it is gone) or left where it was. `keepTyped`
    // keeps what the person had typed in the panel's fields (a rebuild from elsewhere).
    function refresh(focusID, keepTyped) {
      fetch("/_api/session/night" + (sessionID ? "?session=" + encodeURIComponent(sessionID) : ""), { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.json(); }).then(function (answer) {
          if (busy && keepTyped) return;
          var active = document.activeElement, inPanel = active && panel.contains(active) && active !== document.body;
          var keepID = focusID || (inPanel ? active.id : null);
          var typed = {};
          if (keepTyped) Array.prototype.forEach.call(body.querySelectorAll("input[id], select[id], textarea[id]"), function (e) { typed[e.id] = e.value; });
          var before = state.session ? JSON.stringify(state.session.entries) : null;
          body.replaceChildren();
          render(answer, true);
          // A change made elsewhere (another phone, the command line) is said in the status
          // line, politely, the focus left where it was.
          var night = state.session;
          if (keepTyped && night && before !== null && before !== JSON.stringify(night.entries)) {
            var last = night.entries[night.entries.length - 1];
            said.textContent = "Changed elsewhere: " + night.entries.length + (night.entries.length === 1 ? " entry" : " entries") +
              (last ? ", the last " + last.time + " · " + last.text + " → " + last.waterline : "") + ".";
          }
          Object.keys(typed).forEach(function (id) { var e = document.getElementById(id); if (e && panel.contains(e)) e.value = typed[id]; });
          if (keepID) (document.getElementById(keepID) || title).focus();
        }).catch(function () {});
    }
    function button(text, id, action, primary) {
      var b = make("button", primary ? "primary" : ""); b.type = "button"; b.textContent = text;
      if (id) b.id = id;
      b.addEventListener("click", function () { action(b); });
      return b;
    }
    function labelled(parent, text, input, id, hintText) {
      var p = make("p"), l = make("label");
      input.id = id; l.htmlFor = id; l.textContent = text;
      p.append(l, " ", input);
      if (hintText) {
        var hint = make("span", "night-hint"); hint.id = id + "-hint"; hint.textContent = " " + hintText;
        input.setAttribute("aria-describedby", hint.id); p.appendChild(hint);
      }
      parent.appendChild(p);
      return input;
    }
    function textInput(value, mode) {
      var i = make("input"); i.type = "text"; i.autocomplete = "off";
      if (mode) i.inputMode = mode;
      if (value != null) i.value = value;
      return i;
    }
    // A 24-hour time as the hint says, HH:MM: a text field with that pattern, not the browser's
    // time widget (a 12-hour "--:-- --" on many phones, issue 51).
    function timeInput() {
      var i = make("input"); i.type = "text"; i.inputMode = "numeric"; i.autocomplete = "off";
      i.pattern = "([01]?[0-9]|2[0-3]):[0-5][0-9]"; i.placeholder = "HH:MM"; i.maxLength = 5;
      return i;
    }
    function choice(options, value) {
      var select = make("select");
      options.forEach(function (o) { var opt = make("option"); opt.value = o[0]; opt.textContent = o[1]; select.appendChild(opt); });
      select.value = value == null ? "" : value;
      return select;
    }

    // "+ <preset>" for each preset, "+ water", the time they are logged at, and the water's amount.
    function quickTaps(state, parent) {
      var row = make("p", "night-quick");
      (state.presets || []).forEach(function (preset) {
        row.append(button("+ " + preset.name, "night-preset-" + preset.id, function (b) { tap("drink", { preset: preset.id }, b.id); }, true), " ");
      });
      row.appendChild(button("+ water", "night-water", function (b) { tap("water", water(), b.id); }, true));
      parent.appendChild(row);
      at = labelled(parent, "At (optional)", timeInput(), "night-at", "the time it was, HH:MM; empty: now");
      // The amount "+ water" logs; Enter in it logs the water too, the focus coming back to it.
      var amount = labelled(parent, "Water amount (optional)", textInput("", "text"), "night-water-amount", "ml (250) or oz (8oz); empty: the default amount");
      amount.addEventListener("keydown", function (event) {
        if (event.key === "Enter") { event.preventDefault(); tap("water", water(), amount.id); }
      });
      function water() { var v = amount.value.trim(); return v ? { amount: v } : {}; }
    }
    function anotherDrink(state, parent) {
      var form = make("form", "night-drink");
      form.setAttribute("aria-labelledby", "night-drink-title");
      var h = make("h3"); h.id = "night-drink-title"; h.textContent = "Another drink"; form.appendChild(h);
      var type = labelled(form, "Type", choice((state.types || []).map(function (t) { return [t, t]; }), "beer"), "night-drink-type");
      var size = labelled(form, "Size", textInput("", "text"), "night-drink-size", "ml (473) or oz (12oz)");
      var abv = labelled(form, "ABV % (optional)", textInput("", "decimal"), "night-drink-abv", "without it, the type's usual strength");
      var add = make("button", "primary"); add.type = "submit"; add.id = "night-drink-add"; add.textContent = "+ drink";
      form.appendChild(add);
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        tap("drink", { type: type.value, size: size.value.trim(), abv: abv.value.trim() }, add.id);
      });
      parent.appendChild(form);
    }
    function startForm(parent) {
      var form = make("form", "night-start");
      form.setAttribute("aria-labelledby", "night-out-title");
      var name = labelled(form, "Name (optional)", textInput("", "text"), "night-start-name", "such as Sam's birthday; without it, the day and time");
      var started = labelled(form, "Started at (optional)", timeInput(), "night-start-at", "HH:MM; empty: now");
      var go = make("button", "primary"); go.type = "submit"; go.id = "night-start"; go.textContent = "Start a night out";
      form.appendChild(go);
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        tap("start", { name: name.value.trim(), at: started.value }, "night-out-title", function (answer) {
          // Its page, once the rebuilt site has it, with what start said and the focus on its heading.
          var page = "/sessions/" + encodeURIComponent(answer.id) + ".html";
          keepNight(NIGHT_SAID, { page: page, text: said.textContent });
          keepNight(NIGHT_FOCUS, { page: page, id: "night-out-title" });
          // Kept too: the rebuild may reload this page before its page is there.
          keepNight(NIGHT_GO, { page: location.pathname, to: page });
          said.textContent += "\nOpening its page…";
          whenThere(page, function () { location.assign(page); });
        });
      });
      parent.appendChild(form);
    }
    function entries(night, parent) {
      var h = make("h3"); h.id = "night-entries-title"; h.tabIndex = -1;
      h.textContent = "Entries (" + night.entries.length + ")";
      parent.appendChild(h);
      if (!night.entries.length) { var none = make("p"); none.textContent = "No entries yet."; parent.appendChild(none); return; }
      var list = make("ul", "night-entries");
      night.entries.forEach(function (entry) {
        var li = make("li"), text = make("span");
        text.id = "night-entry-" + entry.id;
        text.textContent = entry.time + " · " + entry.text + " → " + entry.waterline;
        var edit = button("Edit", "night-edit-" + entry.id, function () { toggleEdit(night, entry, li, edit); });
        edit.setAttribute("aria-labelledby", edit.id + " " + text.id);
        edit.setAttribute("aria-expanded", "false");
        var remove = button("Delete", "night-delete-" + entry.id, function () { confirmDelete(night, entry, li, remove); });
        remove.setAttribute("aria-labelledby", remove.id + " " + text.id);
        var controls = make("span", "night-entry-controls");
        controls.append(" ", edit, " ", remove);
        li.append(text, controls);
        list.appendChild(li);
      });
      parent.appendChild(list);
    }
    function toggleEdit(night, entry, li, edit) {
      var open = li.querySelector("form");
      if (open) { open.remove(); edit.setAttribute("aria-expanded", "false"); edit.focus(); return; }
      var form = make("form", "night-edit"), key = "night-edit-" + entry.id + "-";
      form.id = key + "form";
      form.setAttribute("aria-label", "Edit entry " + entry.id);
      edit.setAttribute("aria-controls", form.id);
      edit.setAttribute("aria-expanded", "true");
      var fields = [["at", labelled(form, "When", textInput(entry.at, "text"), key + "at", "HH:MM, or a date and time such as " + entry.at)]];
      if (entry.kind === "alcohol") {
        var presets = (state.presets || []).map(function (p) { return [p.id, p.name]; });
        if (!entry.preset) presets.unshift(["", "none"]);
        fields.push(["preset", labelled(form, "Preset", choice(presets, entry.preset), key + "preset")]);
        var types = (state.types || []).map(function (t) { return [t, t]; });
        if (!entry.type) types.unshift(["", "not given"]);
        fields.push(["type", labelled(form, "Type", choice(types, entry.type), key + "type")]);
        fields.push(["size", labelled(form, "Size", textInput(entry.size, "text"), key + "size", "ml (473) or oz (12oz)")]);
        fields.push(["abv", labelled(form, "ABV %", textInput(entry.abv, "decimal"), key + "abv")]);
        fields.push(["estimate", labelled(form, "Standard drinks", textInput(entry.estimate, "decimal"), key + "estimate", "when the size or ABV is not known")]);
      } else {
        fields.push(["amount", labelled(form, "Amount", textInput(entry.amount, "text"), key + "amount", "ml (250) or oz (8oz); empty: the default")]);
      }
      var initial = fields.map(function (f) { return f[1].value; });
      var save = make("button", "primary"); save.type = "submit"; save.id = key + "save"; save.textContent = "Save changes";
      var cancel = button("Cancel", key + "cancel", function () { toggleEdit(night, entry, li, edit); });
      var row = make("p"); row.append(save, " ", cancel); form.appendChild(row);
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var changed = { entry: entry.id, session: night.id }, any = false;
        fields.forEach(function (f, k) { var v = f[1].value.trim(); if (v !== "" && v !== initial[k]) { changed[f[0]] = v; any = true; } });
        if (!any) { refused.textContent = ""; said.textContent = "Nothing changed in entry " + entry.id + "."; return; }
        tap("edit", changed, edit.id);
      });
      // Escape closes the form, as Cancel does.
      form.addEventListener("keydown", function (event) { if (event.key === "Escape") { event.preventDefault(); toggleEdit(night, entry, li, edit); } });
      li.appendChild(form);
      fields[0][1].focus();
    }
    function confirmDelete(night, entry, li, remove) {
      var ask = make("span", "night-confirm"), question = make("span");
      question.id = "night-confirm-" + entry.id + "-question";
      question.textContent = " Delete this entry? ";
      var yes = button("Yes, delete", "night-confirm-" + entry.id, function () {
        tap("delete", { entry: entry.id, session: night.id }, "night-entries-title");
      }, true);
      yes.setAttribute("aria-describedby", question.id);
      var keep = button("Keep it", "night-keep-" + entry.id, function () { ask.remove(); remove.hidden = false; remove.focus(); });
      ask.addEventListener("keydown", function (event) { if (event.key === "Escape") { event.preventDefault(); keep.click(); } });
      ask.append(question, yes, " ", keep);
      remove.hidden = true;
      remove.parentNode.appendChild(ask);
      yes.focus();
    }

    // Waterline 10.3's time reminder while the night is on (issue 46): when the next one is due,
    // counted down by the minute, and a banner (an alert) when it falls due, while the page is open.
    var reminderTimer = null;
    function reminder(active, parent) {
      if (!active || !active.nextReminder || !active.reminderMinutes) return;
      var line = make("p", "night-reminder"), banner = make("p", "night-reminder-due");
      line.id = "night-reminder";
      banner.id = "night-reminder-due";
      banner.setAttribute("role", "alert");
      banner.hidden = true;
      var due = new Date(active.nextReminder).getTime(), every = active.reminderMinutes * 60000;
      function at(ms) { return new Date(ms).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }); }
      function update() {
        var left = due - Date.now();
        if (left <= 0) {
          banner.hidden = false;
          banner.textContent = "Time for a glass of water: your reminder every " + active.reminderMinutes + " minutes fell due at " + at(due) + ".";
          while (due <= Date.now()) due += every;
          left = due - Date.now();
        }
        var minutes = Math.ceil(left / 60000);
        var text = "Next water reminder at " + at(due) + ", in " + (minutes <= 1 ? "under a minute" : minutes + " minutes") + ".";
        if (line.textContent !== text) line.textContent = text;
      }
      update();
      if (reminderTimer) clearInterval(reminderTimer);
      reminderTimer = setInterval(update, 1000);
      parent.append(banner, line);
    }

    var state = {};
    function render(answer, again) {
      state = answer || {};
      var night = state.session, active = state.active;
      if (sessionID && night) {
        // An ended night's page has its panel before its first section again (at the next rebuild).
        if (again) nightIsActive = !!night.active;
        if (night.active) {
          title.textContent = "Log to tonight";
          // Issue 46: the night's next taps first, then where the waterline is and when the next
          // reminder is due, then the rest; the panel itself under the page's title.
          if (!again && !nightIsActive) {
            nightIsActive = true;
            var blocksNow = builtPart(main), at1 = placeAmong(blocksNow);
            if (at1 < blocksNow.length) main.insertBefore(panel, blocksNow[at1]); else main.appendChild(panel);
            shownRest = markup(builtPart(main));
          }
          quickTaps(state, body);
          var standing = make("div", "night-standing");
          body.querySelector(".night-quick").after(standing);
          var tonight = state.active && state.active.id === sessionID ? state.active : null;
          if (tonight) {
            var line = make("p", "night-now"); line.id = "night-now";
            line.textContent = "So far: " + tonight.drinks + (tonight.drinks === 1 ? " drink" : " drinks") + ", " +
              tonight.water + (tonight.water === 1 ? " water break" : " water breaks") + " · waterline " + tonight.waterline + ".";
            standing.appendChild(line);
          }
          reminder(state.active, standing);
          anotherDrink(state, body);
          var end = make("p");
          end.appendChild(button("End the night", "night-end", function (b) { tap("end", {}, b.id); }));
          body.appendChild(end);
        } else {
          title.textContent = "Change this night";
          var elsewhere = make("p");
          if (active) { elsewhere.append("Tonight's night out is ", link(active.title, active.page), "."); }
          else { elsewhere.append("No night out is active: ", link("start one from the home page", "/"), "."); }
          body.appendChild(elsewhere);
        }
        entries(night, body);
      } else if (!sessionID && active) {
        title.textContent = "Tonight";
        var now = make("p");
        now.append(link(active.title, active.page), " · " + active.drinks + (active.drinks === 1 ? " drink" : " drinks") + ", " +
                   active.water + (active.water === 1 ? " water break" : " water breaks") + " · waterline " + active.waterline);
        body.appendChild(now);
        // Issue 46: the taps straight under the night's line, in a phone's first screen; its
        // reminder and the rest after them.
        quickTaps(state, body);
        var notes = make("div");
        body.querySelector(".night-quick").after(notes);
        reminder(active, notes);
        if (active.abandoned) {
          var open = make("p");
          open.append("It was started long ago and is still active: ",
                      button("End the night", "night-end", function (b) { tap("end", {}, b.id); }));
          notes.appendChild(open);
        }
      } else if (!sessionID) {
        title.textContent = "Start a night out";
        startForm(body);
      } else {
        return;
      }
      panel.removeAttribute("aria-busy");
      if (!again) restoreNight();
    }
    function link(text, href) { var a = make("a"); a.href = href; a.textContent = text; return a; }
    // What the last tap said and where the focus was, kept across the reload the rebuild causes.
    function restoreNight() {
      var kept = readNight(NIGHT_SAID);
      if (kept && kept.text) setTimeout(function () { said.textContent = kept.text; }, 150);
      var focus = readNight(NIGHT_FOCUS);
      if (focus) {
        try { sessionStorage.removeItem(NIGHT_FOCUS); } catch (e) {}
        (document.getElementById(focus.id) || title).focus();
      }
    }
    fetch("/_api/session/night" + (sessionID ? "?session=" + encodeURIComponent(sessionID) : ""), { credentials: "same-origin" })
      .then(function (r) { return r.json(); }).then(render)
      .catch(function () { panel.remove(); });
  }
  function make(tag, className) { var e = document.createElement(tag); if (className) e.className = className; return e; }
  function keepNight(name, value) {
    value.at = Date.now();
    try { sessionStorage.setItem(name, JSON.stringify(value)); } catch (e) {}
  }
  // A kept value of this page, less than a minute old.
  function readNight(name) {
    try {
      var kept = JSON.parse(sessionStorage.getItem(name) || "null");
      return kept && kept.page === location.pathname && Date.now() - kept.at < 60000 ? kept : null;
    } catch (e) { return null; }
  }
  // Calls `done` once `page` is in the rebuilt site (or after 10 s, when the live reload takes over).
  function whenThere(page, done) {
    var tries = 0;
    (function again() {
      fetch(page, { method: "HEAD", credentials: "same-origin" }).then(function (r) { return r.ok; }, function () { return false; })
        .then(function (ok) { if (ok || ++tries >= 40) done(); else setTimeout(again, 250); });
    })();
  }
  // The running-timers bar on every other served page (issue 46): cook mode keeps its timers in
  // this tab as wall-clock end times (sessionStorage "brewguide-cook:<page>"); on another page of
  // the site they are listed at the top, still running, each a link back to its step. Not live
  // (it would speak every second); "time is up" once a timer is done.
  function runningTimersBar() {
    if (document.querySelector(".cook")) return;
    var kept = null;
    try { kept = window.sessionStorage; } catch (e) {}
    if (!kept) return;
    function clock(s) {
      var h = Math.floor(s / 3600), m = Math.floor(s % 3600 / 60), r = s % 60;
      return (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (r < 10 ? "0" : "") + r;
    }
    function timers() {
      var found = [];
      for (var k = 0; k < kept.length; k++) {
        var key = kept.key(k);
        if (!key || key.indexOf("brewguide-cook:") !== 0) continue;
        var list = null;
        try { list = JSON.parse(kept.getItem(key) || "null"); } catch (e) {}
        (list || []).forEach(function (t) {
          if (!t.on && !t.done) return;
          var left = t.seconds > 0 ? Math.max(0, Math.ceil((t.mark - Date.now()) / 1000)) : t.value + Math.floor((Date.now() - t.mark) / 1000);
          var up = t.done || (t.on && t.seconds > 0 && left <= 0);
          found.push({ page: key.slice("brewguide-cook:".length) + "#step-" + (t.step + 1), key: key + ":" + t.step,
                       text: (t.recipe ? t.recipe + ": " : "") + (t.name || "Step " + (t.step + 1)) + " — " + (up ? "time is up" : (t.on ? "" : "paused at ") + clock(t.on ? left : t.value)), up: up });
        });
      }
      return found;
    }
    if (!timers().length) return;
    var bar = make("nav", "running-timers");
    bar.setAttribute("aria-label", "Running timers");
    var links = {};
    function draw() {
      var now = timers(), seen = {};
      now.forEach(function (t) {
        seen[t.key] = true;
        var a = links[t.key];
        if (!a) { a = links[t.key] = make("a"); a.href = t.page; bar.appendChild(a); }
        if (a.textContent !== t.text) a.textContent = t.text;
        a.className = t.up ? "done" : "";
      });
      Object.keys(links).forEach(function (key) { if (!seen[key]) { links[key].remove(); delete links[key]; } });
      bar.hidden = now.length === 0;
    }
    draw();
    var main = document.querySelector("main") || document.body;
    main.parentNode.insertBefore(bar, main);
    var style = make("style");
    style.textContent = ".running-timers { position: sticky; top: 0; z-index: 5; display: flex; flex-wrap: wrap; gap: 0.4rem; padding: 0.4rem 1rem; background: var(--bg); border-bottom: 2px solid var(--accent); }" +
      ".running-timers a { display: inline-flex; align-items: center; min-height: 2.75rem; padding: 0 0.6rem; font-weight: 600; color: var(--accent); }" +
      ".running-timers a.done { color: var(--fg); text-decoration: underline wavy; }";
    document.head.appendChild(style);
    setInterval(draw, 1000);
  }
  // The look of every form this script adds (none is in a built page, so none is in style.css):
  // a thumb's height for every control, 16 px text so a phone does not zoom, the site's colours.
  function formStyle() {
    var forms = [".night-out-writes", "form.save-brew", "form.cooked-form", ".shopping-edit"];
    function each(inner) { return forms.map(function (f) { return inner.split(",").map(function (i) { return f + " " + i.trim(); }).join(", "); }).join(", "); }
    var style = make("style");
    style.textContent = ".night-out-writes { margin: 1rem 0 1.5rem; padding: 0.1rem 1rem 0.6rem; border: 1px solid var(--line); border-radius: 0.6rem; }" +
      "form.save-brew label, form.cooked-form label { display: block; margin: 0.5rem 0 0.2rem; font-weight: 600; }" +
      "form.save-brew input, form.save-brew select, form.save-brew textarea, form.cooked-form input, form.cooked-form select, form.cooked-form textarea { width: 100%; box-sizing: border-box; }" +
      each("button, input, select, textarea") + " { font: inherit; font-size: max(1rem, 16px); min-height: 2.75rem; max-width: 100%; }" +
      each("button") + " { padding: 0.4rem 0.9rem; margin: 0.2rem 0.3rem 0.2rem 0; border-radius: 0.5rem; border: 1px solid var(--accent); background: var(--bg); color: var(--accent); font-weight: 600; }" +
      each("button.primary, button[type=submit]") + " { background: var(--accent); color: var(--bg); }" +
      each("input, select, textarea") + " { padding: 0.3rem 0.5rem; border: 1px solid var(--muted); border-radius: 0.4rem; background: var(--bg); color: var(--fg); }" +
      each(":focus-visible") + " { outline: 3px solid var(--accent); outline-offset: 2px; }" +
      ".night-out-writes h2:focus, .night-out-writes h3:focus { outline: none; }" +
      ".night-hint, .save-hint { color: var(--muted); font-size: 0.9rem; }" +
      "details.save-brew-more { margin: 0.8rem 0; } details.save-brew-more > summary { min-height: 2.75rem; display: flex; align-items: center; font-weight: 600; cursor: pointer; }" +
      ".night-entries { list-style: none; padding-left: 0; }" +
      ".night-entries li { padding: 0.4rem 0; border-top: 1px solid var(--line); }" +
      ".shopping-edit { margin: 0.8rem 0 1rem; } .shopping-edit label { display: block; font-weight: 600; margin-bottom: 0.2rem; }" +
      ".shopping-add { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; } .shopping-add label { flex-basis: 100%; } .shopping-add input { flex: 1 1 12rem; }";
    document.head.appendChild(style);
  }

  // Issue 46: a form the person has typed into holds the page: the live reload does not reload
  // it under them (it offers the rebuilt page instead) until the form is sent.
  document.addEventListener("input", function (event) {
    var form = event.target && event.target.closest ? event.target.closest("form.save-brew, form.cooked-form, .night-out-writes form") : null;
    if (form) form.setAttribute("data-dirty", "1");
  }, true);
  if (window.brewguideLive) window.brewguideLive.holds.push(function () { return !!document.querySelector("form[data-dirty]"); });

  document.addEventListener("DOMContentLoaded", function () {
    runningTimersBar();
    fetch("/_api/status", { credentials: "same-origin" }).then(function (r) { return r.json(); }).then(function (s) {
      if (!s.writes) return;
      var host = document.querySelector("main") || document.body;
      var box = document.createElement("div"); box.className = "write-messages";
      host.insertBefore(box, host.firstChild);
      refusedBox = document.createElement("div");
      refusedBox.className = "write-refused-list";
      refusedBox.setAttribute("role", "alert");
      box.appendChild(refusedBox);
      showRefused();
      var status = region(box, false), errors = region(box, true);
      onKept = function (answer) {
        var waiting = readOutbox().length;
        if (answer.status === 403 || answer.status === 503) status.textContent = keptWords(answer, waiting === 1 ? "one write" : waiting + " writes");
      };
      restore(status);
      keep(status);
      shopping(status, errors);
      formStyle();
      brewAlong(status, errors);
      nightOut();
      cooked(status, errors);
      flush();
      window.addEventListener("online", flush);
      setInterval(flush, 15000);
    }).catch(function () {});
  });
})();
