// A servings control for a kitchen recipe's page and its cook mode: any whole number of
// servings, the amounts scaled as `brewguide kitchen scale` scales them. The page's JSON block
// (#servings-data) holds each ingredient's amount at the recipe's own servings and the rule it
// follows (KitchenScalingRule: counted things, spoons and cups in kitchen fractions; grams and
// millilitres by the metric steps, kg and l from 1,000; ounces to a quarter, pounds from 16 oz;
// "to taste" and other words as written). The number chosen is kept in this browser for the
// recipe (localStorage), so cook mode and the recipe page open at it, and it stays as the cook
// moves between steps. Without script the page shows the recipe's own amounts.
(function () {
  'use strict';
  var block = document.getElementById('servings-data');
  if (!block) return;
  var data;
  try { data = JSON.parse(block.textContent); } catch (e) { return; }
  // The units assets/units.js chose on this device (as written, metric, US), else the page's own.
  var amounts = [];
  function useUnits(system) {
    var known = system === 'written' || system === 'metric' || system === 'us';
    amounts = (known && data[system]) || data[data.shown] || [];
  }
  useUnits(data.shown);
  var base = data.servings || 1;
  var store = null;
  try { store = window.localStorage; } catch (e) {}
  var key = 'brewguide-servings:' + data.recipe;

  // KitchenRounding, step for step.
  var FRACTIONS = [[0, ''], [1 / 8, '⅛'], [1 / 4, '¼'], [1 / 3, '⅓'], [1 / 2, '½'], [2 / 3, '⅔'], [3 / 4, '¾'], [1, '']];
  function number(value, decimals) {
    var scale = Math.pow(10, decimals);
    return String(Math.round(value * scale) / scale);
  }
  function kitchenFraction(value) {
    if (!(value > 0)) return isFinite(value) ? Math.max(0, value) : 0;
    var whole = Math.floor(value), part = value - whole, best = 0;
    for (var i = 0; i < FRACTIONS.length; i++) if (Math.abs(part - FRACTIONS[i][0]) < Math.abs(part - best)) best = FRACTIONS[i][0];
    var rounded = whole + best;
    return rounded > 0 ? rounded : 1 / 8;
  }
  function metric(value) {
    if (!(value > 0)) return isFinite(value) ? Math.max(0, value) : 0;
    var step = value < 9.95 ? 0.1 : value < 99.5 ? 1 : value <= 1000 ? 5 : 10;
    var clean = Math.round(Math.round(value / step) * step * 10) / 10;
    return clean > 0 ? clean : 0.1;
  }
  function quarter(value) {
    if (!(value > 0)) return isFinite(value) ? Math.max(0, value) : 0;
    var rounded = Math.round(value * 4) / 4;
    return rounded > 0 ? rounded : 0.25;
  }
  function fractionText(value) {
    var whole = Math.floor(value), part = value - whole;
    for (var i = 0; i < FRACTIONS.length; i++) {
      var fraction = FRACTIONS[i];
      if (Math.abs(part - fraction[0]) >= 1e-9) continue;
      if (fraction[0] === 1) return number(whole + 1, 0);
      if (fraction[1] === '') return number(whole, 0);
      return (whole > 0 ? number(whole, 0) : '') + fraction[1];
    }
    return number(value, 2);
  }
  function range(low, high, text) {
    return text(low) + (high !== null && high !== low ? '–' + text(high) : '');
  }

  // KitchenScaler.scale of one rule at `factor` times the recipe's servings.
  function scaled(rule, factor) {
    // As KitchenScaler multiplies: the amount by the factor, then by the unit's size.
    var unitSize = rule.unitSize || 1;
    var b = (rule.q || []).map(function (q) { return q * factor * unitSize; });
    var largest = b.length > 1 ? b[1] : b[0];
    var low, high;
    switch (rule.as) {
      case 'count':
        low = kitchenFraction(b[0]);
        high = b.length > 1 ? Math.max(low, kitchenFraction(b[1])) : null;
        var text = range(low, high, fractionText);
        if (rule['package']) text += ' (' + rule['package'] + ')';
        if (rule.one) text += ' ' + ((high !== null ? high : low) > 1 ? rule.many : rule.one);
        return text;
      case 'metric':
        low = metric(b[0]);
        high = b.length > 1 ? Math.max(low, metric(b[1])) : null;
        var large = metric(largest) >= 1000, size = large ? rule.largeSize : 1;
        return range(low / size, high === null ? null : high / size, function (v) { return number(v, 3); }) + ' ' + (large ? rule.large : rule.small);
      case 'fractions':
        var unit = rule.units[rule.units.length - 1];
        for (var i = 0; i < rule.units.length; i++) if (largest >= rule.units[i].from) { unit = rule.units[i]; break; }
        low = kitchenFraction(b[0] / unit.size);
        high = b.length > 1 ? Math.max(low, kitchenFraction(b[1] / unit.size)) : null;
        return range(low, high, fractionText) + ' ' + ((high !== null ? high : low) > 1 ? unit.many : unit.one);
      case 'ounces':
        low = quarter(b[0] / rule.ounce);
        high = b.length > 1 ? Math.max(low, quarter(b[1] / rule.ounce)) : null;
        var pounds = (high !== null ? high : low) >= 16;
        return range(low, high, function (ounces) {
          if (!pounds) return fractionText(ounces) + ' oz';
          var whole = Math.floor(ounces / 16), rest = ounces - whole * 16;
          return [whole > 0 ? number(whole, 0) + ' lb' : '', rest > 0 ? fractionText(rest) + ' oz' : ''].filter(Boolean).join(' ');
        });
      default:
        return rule.text;
    }
  }
  window.brewguideServings = { scaled: scaled, data: data, store: store };

  var shown = document.querySelectorAll('[data-amount]');
  var servings = base;

  function show(count) {
    servings = count;
    for (var i = 0; i < shown.length; i++) {
      var rule = amounts[Number(shown[i].getAttribute('data-amount'))];
      if (rule) shown[i].textContent = scaled(rule, count / base);
    }
    field.value = String(count);
    fewer.disabled = count <= 1;
    reset.hidden = count === base;
    said.textContent = count === base ? '' : 'Amounts for ' + count + ' serving' + (count === 1 ? '' : 's') + '; the recipe makes ' + base + '.';
    if (store) {
      try { if (count === base) store.removeItem(key); else store.setItem(key, String(count)); } catch (e) {}
    }
  }
  function whole(text) {
    var value = Number(String(text).trim());
    return Number.isInteger(value) && value >= 1 && value <= 999 ? value : null;
  }

  var control = document.createElement('div');
  control.className = 'servings';
  control.setAttribute('role', 'group');
  control.setAttribute('aria-label', 'Servings');
  control.innerHTML = '<label for="servings-count">Servings</label> ' +
    '<button type="button" class="servings-step" data-step="-1" aria-label="One serving fewer">−</button>' +
    '<input id="servings-count" type="number" inputmode="numeric" min="1" max="999" step="1">' +
    '<button type="button" class="servings-step" data-step="1" aria-label="One serving more">+</button> ' +
    '<button type="button" class="servings-reset secondary"></button>' +
    '<p class="servings-said" role="status"></p>';
  var field = control.querySelector('input');
  var fewer = control.querySelector('[data-step="-1"]');
  var reset = control.querySelector('.servings-reset');
  var said = control.querySelector('.servings-said');
  reset.textContent = 'Back to ' + base;

  var place = document.querySelector('ul.kitchen-ingredients') || document.querySelector('.cook');
  if (!place) return;
  place.parentNode.insertBefore(control, place);

  control.addEventListener('click', function (event) {
    var button = event.target.closest('button');
    if (!button) return;
    if (button === reset) show(base);
    else show(Math.max(1, Math.min(999, servings + Number(button.getAttribute('data-step')))));
  });
  field.addEventListener('input', function () {
    var count = whole(field.value);
    if (count !== null && count !== servings) show(count);
  });
  field.addEventListener('change', function () { show(whole(field.value) || servings); });

  document.addEventListener('brewguide-units', function (event) { useUnits(event.detail); show(servings); });
  try { useUnits(store && store.getItem('brewguide-units')); } catch (e) {}
  var kept = store ? whole(store.getItem(key) || '') : null;
  show(kept || base);
})();
