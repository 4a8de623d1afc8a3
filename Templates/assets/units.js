// The units choice on a kitchen recipe's page and in cook mode: "as written", "metric" or "US".
// The amounts follow it (assets/servings.js holds each amount's rules for each choice, made by
// the build as `kitchen scale --units` makes them), and so do the temperatures in the steps'
// text: °F to °C and back, a gas mark given as both, with the gas mark named where a
// temperature is one (180 °C, 350 °F: gas mark 4). The stored recipe is never changed; the
// choice is kept in this browser for every recipe (localStorage "brewguide-units").
(function () {
  'use strict';
  // The page's data and this browser's storage, as assets/servings.js (named before) read them.
  var servings = window.brewguideServings;
  if (!servings) return;
  var data = servings.data, store = servings.store;
  var KEY = 'brewguide-units';

  // Gas marks with their usual °C and °F.
  var GAS = [['¼', 110, 225], ['½', 120, 250], ['1', 140, 275], ['2', 150, 300], ['3', 170, 325], ['4', 180, 350],
    ['5', 190, 375], ['6', 200, 400], ['7', 220, 425], ['8', 230, 450], ['9', 240, 475]];
  function gasBy(index, value) {
    for (var i = 0; i < GAS.length; i++) if (GAS[i][index] === value) return GAS[i];
    return null;
  }
  // An oven's temperature to 5 degrees; anything cooler (a roast's inside, proving dough) to 1.
  function toC(f) {
    var gas = gasBy(2, f);
    if (gas) return gas[1];
    var c = (f - 32) * 5 / 9;
    return c >= 100 ? Math.round(c / 5) * 5 : Math.round(c);
  }
  function toF(c) {
    var gas = gasBy(1, c);
    if (gas) return gas[2];
    var f = c * 9 / 5 + 32;
    return f >= 212 ? Math.round(f / 5) * 5 : Math.round(f);
  }
  function named(value, scale) {
    var gas = gasBy(scale === 'C' ? 1 : 2, value);
    return gas ? ' (gas mark ' + gas[0] + ')' : '';
  }

  var TEMPERATURE = /(\d{2,3})(?:\s*(?:-|–|to)\s*(\d{2,3}))?\s*(?:°\s*|º\s*|degrees?\s+)(F|C|Fahrenheit|Celsius)\b/gi;
  var GAS_MARK = /(?<!\()gas mark\s*(\d|¼|½)\b/gi;

  // `text` with its temperatures in `system` ("metric" or "us"; "written" leaves it as it is).
  function convert(text, system) {
    if (system !== 'metric' && system !== 'us') return text;
    var want = system === 'metric' ? 'C' : 'F';
    // Gas marks first: the temperatures' pass leaves what it gives alone (it is in `want` already).
    text = text.replace(GAS_MARK, function (whole, mark) {
      var gas = null;
      for (var i = 0; i < GAS.length; i++) if (GAS[i][0] === mark) gas = GAS[i];
      if (!gas) return whole;
      return (want === 'C' ? gas[1] : gas[2]) + ' °' + want + ' (gas mark ' + mark + ')';
    });
    return text.replace(TEMPERATURE, function (whole, low, high, scale, offset, all) {
      var from = scale.charAt(0).toUpperCase();
      if (from === want) return whole;
      var change = want === 'C' ? toC : toF;
      var a = change(Number(low)), b = high ? change(Number(high)) : null;
      // "180 °C (gas mark 4)" already names its gas mark.
      var namedAlready = /^\s*\(gas mark/i.test(all.slice(offset + whole.length));
      return a + (b !== null ? '–' + b : '') + ' °' + want + (b === null && !namedAlready ? named(a, want) : '');
    });
  }

  window.brewguideUnits = { convert: convert };

  // The steps' text nodes, each with its text as written.
  var texts = [];
  function collect(root) {
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) texts.push([node, node.nodeValue]);
  }
  document.querySelectorAll('.cook-text').forEach(collect);
  document.querySelectorAll('main h2').forEach(function (heading) {
    if (heading.textContent.trim() !== 'Steps') return;
    for (var next = heading.nextElementSibling; next && next.tagName !== 'H2'; next = next.nextElementSibling) {
      if (next.tagName === 'OL' || next.tagName === 'H3' || next.tagName === 'P') collect(next);
    }
  });

  var choices = [['written', 'As written'], ['metric', 'Metric'], ['us', 'US']];
  var control = document.createElement('fieldset');
  control.className = 'units-choice';
  var html = '<legend>Units</legend>';
  choices.forEach(function (choice) {
    html += '<label><input type="radio" name="units-choice" value="' + choice[0] + '"> ' + choice[1] + '</label>';
  });
  control.innerHTML = html;
  var place = document.querySelector('.servings') || document.querySelector('ul.kitchen-ingredients') || document.querySelector('.cook');
  if (!place) return;
  place.parentNode.insertBefore(control, place.nextSibling && place.classList.contains('servings') ? place.nextSibling : place);

  function use(system) {
    texts.forEach(function (pair) { pair[0].nodeValue = convert(pair[1], system); });
    control.querySelector('input[value="' + system + '"]').checked = true;
    document.dispatchEvent(new CustomEvent('brewguide-units', { detail: system }));
  }
  control.addEventListener('change', function (event) {
    var system = event.target.value;
    if (store) { try { store.setItem(KEY, system); } catch (e) {} }
    use(system);
  });
  var kept = store ? store.getItem(KEY) : null;
  use(kept === 'written' || kept === 'metric' || kept === 'us' ? kept : data.shown || 'written');
})();
