// The shopping list's units choice: "as written" (each line's total as the list adds it up),
// "metric" or "US" (each mass and volume added up and shown in that system, with `kitchen
// scale`'s rounding: the build puts both on each line as data-metric and data-us). The choice is
// the one the recipe pages keep in this browser (localStorage "brewguide-units").
(function () {
  'use strict';
  var lines = Array.prototype.map.call(document.querySelectorAll('.shopping .line-text'), function (line) {
    return [line, line.textContent];
  });
  var list = document.querySelector('.shopping');
  if (!list || !lines.length) return;
  var store = null;
  try { store = window.localStorage; } catch (e) {}
  var KEY = 'brewguide-units';
  var control = document.createElement('fieldset');
  control.className = 'units-choice';
  control.innerHTML = '<legend>Units</legend>' + [['written', 'As written'], ['metric', 'Metric'], ['us', 'US']].map(function (choice) {
    return '<label><input type="radio" name="units-choice" value="' + choice[0] + '"> ' + choice[1] + '</label>';
  }).join('');
  list.parentNode.insertBefore(control, list);
  function use(system) {
    lines.forEach(function (pair) { pair[0].textContent = pair[0].getAttribute('data-' + system) || pair[1]; });
    control.querySelector('input[value="' + system + '"]').checked = true;
  }
  control.addEventListener('change', function (event) {
    if (store) { try { store.setItem(KEY, event.target.value); } catch (e) {} }
    use(event.target.value);
  });
  var kept = store ? store.getItem(KEY) : null;
  use(kept === 'metric' || kept === 'us' ? kept : 'written');
})();
