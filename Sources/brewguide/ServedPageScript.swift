import BrewKit

/// The script `serve --edit`/`--lan` adds to the pages it serves to a browser that holds the key
/// (`EditSettings.pageScript`); the built site never has it. It turns the pages' controls into
/// writes through the server's endpoints (docs/SERVE.md):
/// - the shopping list's ticks post `/_api/shopping/check`;
/// - the brew-along page's end screen gets a "Save this brew" form that posts `/_api/log`;
/// - the night-out pages get buttons for `/_api/session/start|drink|water|end`.
/// - a kitchen recipe's page and the last step of cook mode get an "I cooked this" form that
///   posts `/_api/kitchen/cooked`.
/// It first asks `/_api/status` whether this browser may write. A write the server could not be
/// reached for is kept in `localStorage` (with its idempotency value) and sent again when the
/// server answers, so a retry never records twice. Messages go to a polite live region; errors
/// to an alert.
enum ServedPageScript {
    static var text: String {
        let tags = TasteTag.allCases.map { "[\"\($0.rawValue)\", \"\($0.displayName)\"]" }.joined(separator: ", ")
        return script.replacingOccurrences(of: "TASTE_TAGS", with: "[\(tags)]")
    }

    private static let script = #"""
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
  // One write: resolves with {status, body}; status 0 when the server did not answer.
  function post(path, body) {
    return fetch(path, { method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: body })
      .then(function (r) { return r.json().catch(function () { return {}; }).then(function (b) { return { status: r.status, body: b }; }); })
      .catch(function () { return { status: 0, body: {} }; });
  }
  // Worth sending again: no answer, busy, too many at once, or a server error.
  function retryable(status) { return status === 0 || status === 409 || status === 429 || status >= 500; }
  var handlers = {};
  function queue(entry) {
    var list = readOutbox().filter(function (e) { return !(entry.slot && e.slot === entry.slot); });
    list.push(entry);
    writeOutbox(list);
  }
  var flushing = false;
  function flush() {
    if (flushing) return;
    var list = readOutbox();
    if (!list.length) return;
    flushing = true;
    var entry = list[0];
    post(entry.path, entry.body).then(function (answer) {
      flushing = false;
      if (retryable(answer.status)) return;
      writeOutbox(readOutbox().filter(function (e) { return e.key !== entry.key; }));
      if (handlers[entry.kind]) handlers[entry.kind](answer, entry);
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
  function send(kind, path, fields, slot, whenAnswered) {
    var entry = { kind: kind, path: path, key: fields.idempotency, slot: slot || null, body: encode(fields) };
    queue(entry);
    post(path, entry.body).then(function (answer) {
      if (retryable(answer.status)) { whenAnswered(null, entry); return; }
      writeOutbox(readOutbox().filter(function (e) { return e.key !== entry.key; }));
      whenAnswered(answer, entry);
    });
  }

  // The shopping list: a tick is written to kitchen/shopping.json.
  function shopping(status, errors) {
    var items = Array.prototype.slice.call(document.querySelectorAll(".shopping-list li[data-item]"));
    if (!items.length) return;
    handlers.shopping = function (answer) {
      if (answer.status === 200) status.textContent = (answer.body.said || []).join("; ");
      else errors.textContent = (answer.body.errors || ["not saved"]).join("\n");
    };
    items.forEach(function (li) {
      var box = li.querySelector("input[type=checkbox]");
      if (!box) return;
      box.addEventListener("change", function () {
        errors.textContent = "";
        var fields = { item: li.dataset.item, checked: box.checked ? "true" : "false", idempotency: newId() };
        send("shopping", "/_api/shopping/check", fields, "shopping:" + li.dataset.item, function (answer) {
          if (!answer) { status.textContent = "Not sent yet: the tick is kept on this device and sent when the server answers."; return; }
          handlers.shopping(answer);
        });
      });
    });
  }

  // The brew-along page's end screen: "Save this brew".
  var TAGS = TASTE_TAGS;
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
        status.textContent = "";
        showSaved(status, answer.body);
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
      if (!done || !done.firstChild || done.querySelector("form.save-brew")) return;
      var code = done.querySelector("code"), words = code ? code.textContent.split(/\s+/) : [];
      function option(name) { var k = words.indexOf(name); return k >= 0 ? words[k + 1] : ""; }
      var recipe = words[words.indexOf("log") + 1] || "";
      var dose = option("--dose") || ((plan.dose || "").match(/[\d.]+/) || [""])[0];
      var water = (plan.steps || []).reduce(function (most, s) { return s.water > most ? s.water : most; }, 0);
      var form = document.createElement("form");
      form.className = "save-brew";
      form.setAttribute("aria-labelledby", "save-brew-title");
      var h = document.createElement("h2"); h.id = "save-brew-title"; h.textContent = "Save this brew"; form.appendChild(h);
      var rating = document.createElement("select");
      [5, 4, 3, 2, 1].forEach(function (n) { var o = document.createElement("option"); o.value = n; o.textContent = n + (n === 1 ? " star" : " stars"); rating.appendChild(o); });
      rating.value = "4";
      field(form, "Rating", "rating", rating);
      var tag = document.createElement("select");
      [["", "no tag"]].concat(TAGS).forEach(function (t) { var o = document.createElement("option"); o.value = t[0]; o.textContent = t[1]; tag.appendChild(o); });
      field(form, "Taste", "tag", tag);
      field(form, "Note", "note", document.createElement("textarea"));
      field(form, "Dose (g)", "dose", numberInput(dose));
      field(form, "Yield (g)", "yield", numberInput(water > 0 ? water : ""));
      var time = document.createElement("input"); time.type = "text"; time.value = option("--brew-time"); time.setAttribute("aria-describedby", "save-brew-time-hint");
      field(form, "Brew time", "brew-time", time);
      var hint = document.createElement("span"); hint.id = "save-brew-time-hint"; hint.textContent = " m:ss, such as 3:05"; time.parentNode.appendChild(hint);
      var submit = document.createElement("button"); submit.type = "submit"; submit.textContent = "Save this brew";
      form.appendChild(submit);
      var idempotency = newId();
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        errors.textContent = ""; status.textContent = "Saving…"; submit.disabled = true;
        var fields = { recipe: recipe, idempotency: idempotency };
        Array.prototype.forEach.call(form.elements, function (e) { if (e.name) fields[e.name] = e.value.trim(); });
        send("log", "/_api/log", fields, null, function (answer) {
          submit.disabled = false;
          if (!answer) { status.textContent = "Not sent: the server did not answer. The brew is kept on this device and sent when it answers."; return; }
          if (answer.status === 201) { form.remove(); handlers.log(answer); return; }
          status.textContent = "";
          // Refused (422 with log's words, or 403): fix it and send again, with the same value.
          errors.textContent = (answer.body.errors || ["not saved (" + answer.status + ")"]).join("\n");
          var first = form.querySelector("select, input, textarea"); if (answer.status === 422 && first) first.focus();
        });
      });
      done.appendChild(form);
    });
    observer.observe(app, { childList: true, subtree: true });
  }

  // A kitchen recipe's page, and the last step of cook mode: "I cooked this", as `kitchen cooked`.
  var COOKED = "brewguide-cooked";
  function servingsIn(doc) {
    var shown = "";
    Array.prototype.forEach.call(doc.querySelectorAll(".kitchen-meta li"), function (li) {
      var span = li.querySelector("span"), strong = li.querySelector("strong");
      if (span && strong && span.textContent.trim() === "Serves") shown = strong.textContent.trim();
    });
    // Only one plain number is known; "2–4" or "not given" leaves the field empty.
    return /^\d+(\.\d+)?$/.test(shown) ? shown : "";
  }
  function cooked(status, errors) {
    var m = /^\/kitchen\/(recipes|cook)\/([^\/]+)\.html$/.exec(location.pathname);
    if (!m) return;
    var inCook = m[1] === "cook", recipe = decodeURIComponent(m[2]);
    var steps = document.querySelectorAll(".cook .cook-step");
    var place = inCook ? steps[steps.length - 1] : document.querySelector(".kitchen-actions");
    if (!place) return;
    // The recipe page's "Made N times, last on …" line, as the rebuilt page says it.
    function made() {
      var line = Array.prototype.filter.call(document.querySelectorAll("main p"), function (p) { return /^Made (once|\d+ times), last on /.test(p.textContent.trim()); })[0];
      return line ? line.textContent.trim() : "";
    }
    function shown(saved, rebuilt) {
      status.textContent = "";
      var p = document.createElement("p");
      p.className = "write-saved";
      p.append("Saved as " + saved.id + ". ");
      if (rebuilt && made()) p.append(made());
      else if (inCook) { var a = document.createElement("a"); a.href = saved.page; a.textContent = "Open the recipe page"; p.append(a, " (it says how often it was made once the site is rebuilt)."); }
      else p.append("The count of times made changes here once the site is rebuilt.");
      status.appendChild(p);
    }
    handlers.cooked = function (answer) {
      if (answer.status === 201) {
        try { sessionStorage.setItem(COOKED, JSON.stringify({ id: answer.body.id, page: answer.body.page, recipe: recipe })); } catch (e) {}
        shown(answer.body, false);
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
    var servings = input(form, "Servings made", "servings", numberInput(servingsIn(document)));
    if (inCook && !servings.value) {
      fetch("/kitchen/recipes/" + m[2] + ".html", { credentials: "same-origin" }).then(function (r) { return r.text(); }).then(function (html) {
        if (!servings.value) servings.value = servingsIn(new DOMParser().parseFromString(html, "text/html"));
      }).catch(function () {});
    }
    var rating = document.createElement("select");
    [["", "no rating"], ["5", "5 stars"], ["4", "4 stars"], ["3", "3 stars"], ["2", "2 stars"], ["1", "1 star"]].forEach(function (r) {
      var o = document.createElement("option"); o.value = r[0]; o.textContent = r[1]; rating.appendChild(o);
    });
    input(form, "Rating", "rating", rating);
    input(form, "Note", "note", document.createElement("textarea"));
    var submit = document.createElement("button"); submit.type = "submit"; submit.textContent = "Save: I cooked this";
    form.appendChild(submit);
    var idempotency = newId();
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      errors.textContent = ""; status.textContent = "Saving…"; submit.disabled = true;
      var fields = { recipe: recipe, idempotency: idempotency };
      Array.prototype.forEach.call(form.elements, function (e) { if (e.name) fields[e.name] = e.value.trim(); });
      send("cooked", "/_api/kitchen/cooked", fields, null, function (answer) {
        submit.disabled = false;
        if (!answer) { status.textContent = "Not sent: the server did not answer. The cook is kept on this device and sent when it answers."; return; }
        if (answer.status === 201) { idempotency = newId(); handlers.cooked(answer); return; }
        status.textContent = "";
        // Refused (422 with the command's words, or 403): fix it and send again, with the same value.
        errors.textContent = (answer.body.errors || ["not saved (" + answer.status + ")"]).join("\n");
        if (answer.status === 422) servings.focus();
      });
    });
    // In cook mode, before the last step's Previous and Finish recipe; on the page, after its buttons.
    if (inCook) place.insertBefore(form, place.querySelector(".cook-nav"));
    else place.parentNode.insertBefore(form, place.nextSibling);
  }

  // The night-out pages: start, a drink, a glass of water, the end, as `brewguide session` does.
  function nightOut(status, errors) {
    if (!/\/sessions\//.test(location.pathname)) return;
    var main = document.querySelector("main") || document.body;
    var panel = document.createElement("section");
    panel.className = "night-out-writes";
    panel.setAttribute("aria-labelledby", "night-out-title");
    var h = document.createElement("h2"); h.id = "night-out-title"; h.textContent = "Log to tonight"; panel.appendChild(h);
    handlers.session = function (answer) {
      if (answer.status === 200) status.textContent = (answer.body.said || []).join("\n");
      else errors.textContent = (answer.body.errors || ["not saved (" + answer.status + ")"]).join("\n");
    };
    function tap(what, fields) {
      errors.textContent = ""; status.textContent = "Sending…";
      fields.idempotency = newId();
      send("session", "/_api/session/" + what, fields, null, function (answer) {
        if (!answer) { status.textContent = "Not sent yet: kept on this device and sent when the server answers."; return; }
        handlers.session(answer);
      });
    }
    function button(text, action) {
      var b = document.createElement("button"); b.type = "button"; b.textContent = text;
      b.addEventListener("click", action); return b;
    }
    var drink = document.createElement("form");
    drink.className = "night-out-drink";
    var type = document.createElement("select");
    ["beer", "wine", "liquor", "cocktail", "other"].forEach(function (t) { var o = document.createElement("option"); o.value = t; o.textContent = t; type.appendChild(o); });
    field(drink, "Drink", "type", type);
    var size = document.createElement("input"); size.type = "text"; size.value = "12oz"; size.setAttribute("aria-describedby", "night-size-hint");
    field(drink, "Size", "size", size);
    var hint = document.createElement("span"); hint.id = "night-size-hint"; hint.textContent = " ml (473) or oz (12oz)"; size.parentNode.appendChild(hint);
    var add = document.createElement("button"); add.type = "submit"; add.textContent = "Log a drink"; drink.appendChild(add);
    drink.addEventListener("submit", function (event) { event.preventDefault(); tap("drink", { type: type.value, size: size.value.trim() }); });
    panel.appendChild(drink);
    var row = document.createElement("p");
    row.append(button("Log a glass of water", function () { tap("water", {}); }), " ",
               button("End the night", function () { tap("end", {}); }), " ",
               button("Start a night out", function () { tap("start", {}); }));
    panel.appendChild(row);
    var box = main.querySelector(".write-messages");
    main.insertBefore(panel, box ? box.nextSibling : main.firstChild);
  }

  document.addEventListener("DOMContentLoaded", function () {
    fetch("/_api/status", { credentials: "same-origin" }).then(function (r) { return r.json(); }).then(function (s) {
      if (!s.writes) return;
      var host = document.querySelector("main") || document.body;
      var box = document.createElement("div"); box.className = "write-messages";
      host.insertBefore(box, host.firstChild);
      var status = region(box, false), errors = region(box, true);
      restore(status);
      keep(status);
      shopping(status, errors);
      brewAlong(status, errors);
      nightOut(status, errors);
      cooked(status, errors);
      flush();
      window.addEventListener("online", flush);
      setInterval(flush, 15000);
    }).catch(function () {});
  });
})();
"""#
}
