/// The few lines of script of the kitchen pages. Without script every page still works:
/// the grid shows all recipes, and cook mode reads as a list of steps with links between them.
enum KitchenScript {
    /// Whether a recipe's search text (`KitchenPages.searchText(of:)`: folded, lower case) matches
    /// what a person typed: every word of the query, in any order, accents and case aside ("chicken
    /// garlic" finds "Garlic Chicken"; "lok" finds "lök").
    static let matcher = """
        function kitchenFold(text) {
          return text.normalize("NFD").replace(/[\\u0300-\\u036f]/g, "").toLowerCase();
        }
        function kitchenMatches(text, query) {
          var words = kitchenFold(query).split(/\\s+/).filter(function (word) { return word.length > 0; });
          return words.every(function (word) { return text.indexOf(word) >= 0; });
        }
        """

    /// Filters the cards of a kitchen list as the person types, by title, category and
    /// ingredients (`matcher`), and says how many of the list's recipes match.
    static let search = matcher + """
        document.addEventListener("DOMContentLoaded", function () {
          var box = document.querySelector(".kitchen-search"), index = window.kitchenSearchIndex;
          if (!box || !index) return;
          box.hidden = false;
          var input = box.querySelector("input"), none = box.querySelector(".kitchen-nomatch");
          var count = box.querySelector(".kitchen-count");
          var cards = Array.prototype.slice.call(document.querySelectorAll(".kitchen-card"));
          input.addEventListener("input", function () {
            var query = input.value.trim(), shown = 0;
            cards.forEach(function (card) {
              var match = !query || kitchenMatches(index[card.dataset.id] || "", query);
              card.hidden = !match;
              if (match) shown++;
            });
            none.hidden = shown > 0;
            if (count) count.textContent = query && shown > 0 ? shown + " of " + cards.length + (cards.length === 1 ? " recipe" : " recipes") : "";
          });
        });
        """

    /// The shopping page's checkboxes (issue 26): a phone ticks a line off while shopping. The
    /// ticks are kept in this browser only (`localStorage`, one key per line), over the list's
    /// stored state; nothing is written to the journal (`kitchen shopping --check` does that).
    static let shopping = """
        document.addEventListener("DOMContentLoaded", function () {
          var store = null;
          try { store = window.localStorage; } catch (e) {}
          var boxes = Array.prototype.slice.call(document.querySelectorAll(".shopping-list input[type=checkbox]"));
          // "N items, M checked" follows the ticks: a line stands for `data-items` stored items,
          // `data-checked` of them checked in the file; a line ticked here counts all of them.
          var count = null, lead = document.querySelector("main h1 + p");
          if (lead && lead.firstChild && lead.firstChild.nodeType === 3 && /^\\d+ items?, (none|\\d+) checked/.test(lead.firstChild.nodeValue)) {
            var head = /^\\d+ items?, (none|\\d+) checked/.exec(lead.firstChild.nodeValue)[0];
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
              checked += box.checked ? +(box.dataset.items || 1) : (box.dataset.touched ? 0 : +(box.dataset.checked || 0));
            });
            count.textContent = count.textContent.replace(/(none|\\d+) checked$/, (checked === 0 ? "none" : checked) + " checked");
          }
          boxes.forEach(function (box) {
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
          });
          recount();
        });
        """

    /// Cook mode (MOD/SYS/006): one step per screen from the address's `#step-N`, a timer per
    /// step (counting down from the step's duration, or up from 0:00 when it names none), the
    /// screen kept awake where the Screen Wake Lock API is offered, and a toast on finishing.
    /// Issue 26: every timer runs on its own, so moving to another step leaves it running; the
    /// timers running (or done) on other steps are listed above the step, each named by its step
    /// and linked to it; a timer reaching zero beeps (Web Audio, made on the first Start, as
    /// browsers allow sound only after a tap) and vibrates (`navigator.vibrate`) where the browser
    /// allows. Times are kept as end times, so a phone that slows a background page loses none.
    static let cook = """
        document.addEventListener("DOMContentLoaded", function () {
          var cook = document.querySelector(".cook");
          if (!cook) return;
          cook.classList.add("cook-js");
          var steps = Array.prototype.slice.call(cook.querySelectorAll(".cook-step")), current = 0, ticking = null, audio = null;
          var running = cook.querySelector(".cook-running"), sayEl = cook.querySelector(".cook-say"), going = null;
          // One link per timer, made once and updated in place: a link the focus is on stays, and
          // its text changes only when its time does. The bar is not live (it would speak every
          // second); the status line says when a timer is up.
          function say(text) { if (sayEl) sayEl.textContent = sayEl.textContent === text ? text + "\\u00a0" : text; }
          var timers = steps.map(function (step, k) {
            var el = step.querySelector(".cook-timer");
            return el ? { el: el, out: el.querySelector("output"), step: k, name: el.dataset.name || "Step " + (k + 1),
                          seconds: +el.dataset.seconds, value: +el.dataset.seconds, on: false, done: false, mark: 0 } : null;
          }).filter(function (t) { return t; });
          function clock(s) {
            var h = Math.floor(s / 3600), m = Math.floor(s % 3600 / 60), r = s % 60;
            return (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (r < 10 ? "0" : "") + r;
          }
          function now(t) {
            if (!t.on) return t.value;
            return t.seconds > 0 ? Math.max(0, Math.ceil((t.mark - Date.now()) / 1000)) : t.value + Math.floor((Date.now() - t.mark) / 1000);
          }
          function sound() {
            try {
              var Context = window.AudioContext || window.webkitAudioContext;
              if (!audio && Context) audio = new Context();
              if (audio && audio.state === "suspended") audio.resume();
            } catch (e) {}
          }
          function beep() {
            if (!audio) return;
            try {
              var t0 = audio.currentTime;
              [0, 0.4, 0.8].forEach(function (d) {
                var osc = audio.createOscillator(), gain = audio.createGain();
                osc.frequency.value = 880;
                osc.connect(gain); gain.connect(audio.destination);
                gain.gain.setValueAtTime(0.0001, t0 + d);
                gain.gain.exponentialRampToValueAtTime(0.4, t0 + d + 0.02);
                gain.gain.exponentialRampToValueAtTime(0.0001, t0 + d + 0.3);
                osc.start(t0 + d); osc.stop(t0 + d + 0.32);
              });
            } catch (e) {}
          }
          function ring(t) {
            t.on = false; t.done = true; t.value = 0;
            t.el.classList.add("done");
            beep();
            if (navigator.vibrate) { try { navigator.vibrate([300, 150, 300, 150, 300]); } catch (e) {} }
            say(t.name + " — time is up");
          }
          timers.forEach(function (t) {
            t.link = document.createElement("a");
            t.link.href = "#step-" + (t.step + 1);
            t.link.hidden = true;
            running.appendChild(t.link);
          });
          function list() {
            var shown = 0;
            timers.forEach(function (t) {
              var show = (t.on || t.done) && t.step !== current, text = t.name + " — " + (t.done ? "time is up" : clock(now(t)));
              if (t.link.hidden !== !show) t.link.hidden = !show;
              if (!show) return;
              shown++;
              if (t.link.className !== (t.done ? "done" : "")) t.link.className = t.done ? "done" : "";
              if (t.link.textContent !== text) t.link.textContent = text;
            });
            running.hidden = shown === 0;
          }
          function tick() {
            timers.forEach(function (t) {
              if (!t.on) return;
              var v = now(t);
              t.out.textContent = clock(v);
              if (t.seconds > 0 && v <= 0) ring(t);
            });
            list();
            if (!timers.some(function (t) { return t.on; }) && ticking) { clearInterval(ticking); ticking = null; }
          }
          function start(t) {
            if (t.on) return;
            sound();
            if (t.seconds > 0 && t.value <= 0) t.value = t.seconds;
            t.done = false; t.el.classList.remove("done");
            t.mark = t.seconds > 0 ? Date.now() + t.value * 1000 : Date.now();
            t.on = true;
            if (!ticking) ticking = setInterval(tick, 250);
          }
          function pause(t) { t.value = now(t); t.on = false; }
          function reset(t) { t.on = false; t.done = false; t.value = t.seconds; t.out.textContent = clock(t.value); t.el.classList.remove("done"); }
          function show(i) {
            current = Math.max(0, Math.min(steps.length - 1, i));
            steps.forEach(function (step, k) { step.classList.toggle("current", k === current); });
            list();
          }
          // The browser scrolls the step to the top, under the running timers' bar; the bar and
          // the step are shown together instead.
          // A link to another step (next, previous, a running timer) hides with its step: the
          // focus moves to the same control on the new step, else to the new step's heading.
          function fromAddress() {
            var m = /^#step-(\\d+)$/.exec(location.hash);
            show(m ? m[1] - 1 : 0);
            if (m) cook.scrollIntoView();
            if (going !== null) {
              var step = steps[current], target = (going && step.querySelector("[data-go=" + going + "]")) || step.querySelector(".cook-count");
              going = null;
              if (target) target.focus();
            }
          }
          window.addEventListener("hashchange", fromAddress);
          cook.addEventListener("click", function (event) {
            var link = event.target.closest("a[href^='#step-']");
            if (link && link.getAttribute("href") !== location.hash) going = link.dataset.go || "";
          });
          timers.forEach(function (t) { t.el.hidden = false; });
          fromAddress();
          cook.addEventListener("click", function (event) {
            var button = event.target.closest("button[data-act]");
            if (!button) return;
            var el = button.closest(".cook-timer"), t = timers.filter(function (x) { return x.el === el; })[0];
            if (!t) return;
            if (button.dataset.act === "start") start(t);
            if (button.dataset.act === "pause") pause(t);
            if (button.dataset.act === "reset") reset(t);
            tick();
          });
          function stayAwake() {
            if (navigator.wakeLock && document.visibilityState === "visible") navigator.wakeLock.request("screen").catch(function () {});
          }
          document.addEventListener("visibilitychange", stayAwake);
          stayAwake();
          var finish = cook.querySelector(".cook-finish");
          if (finish) finish.addEventListener("click", function (event) {
            event.preventDefault();
            cook.querySelector(".cook-toast").hidden = false;
            setTimeout(function () { location.href = finish.href; }, 1500);
          });
        });
        """
}
