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
          Array.prototype.slice.call(document.querySelectorAll(".shopping-list input[type=checkbox]")).forEach(function (box) {
            var key = "brewguide-shopping:" + box.dataset.key, item = box.closest("li");
            var saved = store ? store.getItem(key) : null;
            if (saved !== null) box.checked = saved === "1";
            item.classList.toggle("checked", box.checked);
            box.addEventListener("change", function () {
              item.classList.toggle("checked", box.checked);
              if (store) { try { store.setItem(key, box.checked ? "1" : "0"); } catch (e) {} }
            });
          });
        });
        """

    /// Cook mode (MOD/SYS/006): one step per screen from the address's `#step-N`, a timer per
    /// step (counting down from the step's duration, or up from 0:00 when it names none), the
    /// screen kept awake where the Screen Wake Lock API is offered, and a toast on finishing.
    static let cook = """
        document.addEventListener("DOMContentLoaded", function () {
          var cook = document.querySelector(".cook");
          if (!cook) return;
          cook.classList.add("cook-js");
          var steps = Array.prototype.slice.call(cook.querySelectorAll(".cook-step")), ticking = null, value = 0;
          function clock(s) { var m = Math.floor(s / 60), r = s % 60; return m + ":" + (r < 10 ? "0" : "") + r; }
          function stop() { if (ticking) { clearInterval(ticking); ticking = null; } }
          function reset(timer) { stop(); value = +timer.dataset.seconds; timer.querySelector("output").textContent = clock(value); timer.classList.remove("done"); }
          function show(i) {
            i = Math.max(0, Math.min(steps.length - 1, i));
            steps.forEach(function (step, k) { step.classList.toggle("current", k === i); });
            var timer = steps[i].querySelector(".cook-timer");
            if (timer) reset(timer);
          }
          function fromAddress() { var m = /^#step-(\\d+)$/.exec(location.hash); show(m ? m[1] - 1 : 0); }
          window.addEventListener("hashchange", fromAddress);
          fromAddress();
          cook.querySelectorAll(".cook-timer").forEach(function (timer) { timer.hidden = false; });
          cook.addEventListener("click", function (event) {
            var button = event.target.closest("button[data-act]");
            if (!button) return;
            var timer = button.closest(".cook-timer"), output = timer.querySelector("output"), down = +timer.dataset.seconds > 0;
            if (button.dataset.act === "start" && !ticking) {
              ticking = setInterval(function () {
                value += down ? -1 : 1;
                output.textContent = clock(value);
                if (down && value <= 0) { stop(); timer.classList.add("done"); if (navigator.vibrate) navigator.vibrate(400); }
              }, 1000);
            }
            if (button.dataset.act === "pause") stop();
            if (button.dataset.act === "reset") reset(timer);
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
