// The shopping page's checkboxes (issue 26): a phone ticks a line off while shopping. The ticks
// are kept in this browser only (localStorage, one key per line), over the list's stored state;
// nothing is written to the journal by this script (`kitchen shopping --check` does that, and a
// served page's script posts the tick).
document.addEventListener("DOMContentLoaded", function () {
  var store = null;
  try { store = window.localStorage; } catch (e) {}
  var boxes = [];
  var HEAD = /^\d+ items?, (none|\d+) checked/;
  // "N items, M checked" follows the ticks, counted in lines as the list shows them (a line
  // that stands for two stored items is one item).
  var count = null, lead = document.querySelector("main h1 + p");
  if (lead && lead.firstChild && lead.firstChild.nodeType === 3 && HEAD.test(lead.firstChild.nodeValue)) {
    var head = HEAD.exec(lead.firstChild.nodeValue)[0];
    count = document.createElement("span");
    count.className = "shopping-count";
    count.setAttribute("aria-live", "polite");
    count.textContent = head;
    lead.firstChild.nodeValue = lead.firstChild.nodeValue.slice(head.length);
    lead.insertBefore(count, lead.firstChild);
  }
  function recount() {
    if (!count) return;
    var checked = 0;
    boxes.forEach(function (box) {
      if (box.checked) checked += 1;
    });
    var text = count.textContent.replace(/(none|\d+) checked$/, (checked === 0 ? "none" : checked) + " checked");
    if (count.textContent !== text) count.textContent = text;
  }
  function bind(box) {
    var key = "brewguide-shopping:" + box.dataset.key, item = box.closest("li");
    var saved = store ? store.getItem(key) : null;
    if (saved !== null && (saved === "1") !== box.checked) { box.checked = saved === "1"; box.dataset.touched = "1"; }
    // The "(bought)" a screen reader hears with the line follows the tick too.
    function mark() {
      item.classList.toggle("checked", box.checked);
      var bought = item.querySelector("label .visually-hidden");
      if (box.checked && !bought) {
        bought = document.createElement("span");
        bought.className = "visually-hidden";
        bought.textContent = " (bought)";
        box.closest("label").appendChild(bought);
      } else if (!box.checked && bought) {
        bought.remove();
      }
    }
    mark();
    box.addEventListener("change", function () {
      box.dataset.touched = "1";
      mark();
      recount();
      if (store) { try { store.setItem(key, box.checked ? "1" : "0"); } catch (e) {} }
    });
  }
  function bindAll() {
    boxes = Array.prototype.slice.call(document.querySelectorAll(".shopping-list input[type=checkbox]"));
    boxes.forEach(bind);
    recount();
  }
  // The list as served, before the ticks marked it: a rebuild's list is taken only when it differs.
  var list = document.querySelector(".shopping"), shown = list ? list.outerHTML : "";
  bindAll();
  // Served with live reload (issue 46): a rebuild that changed the list (a line added from the
  // command line, a tick from another phone) takes the new list and count in place, without a
  // reload; the focus stays on the line it was on. `brewguide:replaced` tells other scripts.
  var live = window.brewguideLive;
  if (live && count) live.parts.push({ covers: [".shopping", "main h1 + p"], apply: function (fresh) {
    var now = document.querySelector(".shopping"), next = fresh.querySelector(".shopping");
    var freshLead = fresh.querySelector("main h1 + p");
    if (!now || !next || !freshLead || !HEAD.test(freshLead.textContent)) return;
    if (next.outerHTML !== shown) {
      var focusedKey = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
      var copy = document.importNode(next, true);
      shown = next.outerHTML;
      now.replaceWith(copy);
      bindAll();
      if (focusedKey) { var again = copy.querySelector("input[data-key=\"" + focusedKey.replace(/["\\]/g, "") + "\"]"); if (again) again.focus(); }
      document.dispatchEvent(new CustomEvent("brewguide:replaced", { detail: copy }));
    }
    count.textContent = HEAD.exec(freshLead.textContent)[0];
    recount();
  } });
});
