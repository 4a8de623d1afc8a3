// The kitchen lists' search box (kitchen/index.html, a category's page): filters the cards as the
// person types, by title, category and ingredients, and says how many of the list's recipes match.
// Every word of the query matches, in any order, accents and case aside ("chicken garlic" finds
// "Garlic Chicken"; "lok" finds "lök"). Without script the grid shows all recipes.
function kitchenFold(text) {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}
function kitchenMatches(text, query) {
  var words = kitchenFold(query).split(/\s+/).filter(function (word) { return word.length > 0; });
  return words.every(function (word) { return text.indexOf(word) >= 0; });
}
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
