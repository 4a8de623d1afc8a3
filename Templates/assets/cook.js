// Cook mode (MOD/SYS/006): one step per screen from the address's #step-N, a timer per step
// (counting down from the step's duration, or up from 0:00 when it names none), the screen kept
// awake where the Screen Wake Lock API is offered, and a toast on finishing. Every timer runs on
// its own; the timers running (or done) on other steps are listed above the step; a timer reaching
// zero beeps and vibrates where the browser allows. Times are kept as end times. Without script
// cook mode reads as a list of steps with links between them.
document.addEventListener("DOMContentLoaded", function () {
  var cook = document.querySelector(".cook");
  if (!cook) return;
  cook.classList.add("cook-js");
  var steps = Array.prototype.slice.call(cook.querySelectorAll(".cook-step")), current = 0, ticking = null, audio = null;
  var running = cook.querySelector(".cook-running"), sayEl = cook.querySelector(".cook-say"), going = null;
  // One link per timer, made once and updated in place: a link the focus is on stays, and
  // its text changes only when its time does. The bar is not live (it would speak every
  // second); the status line says when a timer is up.
  function say(text) { if (sayEl) sayEl.textContent = sayEl.textContent === text ? text + "\u00a0" : text; }
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
    setTimeout(keep, 0);
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
  // Issue 46: the timers are kept in this tab (sessionStorage, by page) as wall-clock end times,
  // so a reload, a rebuild or a visit to another page of the site loses none of them.
  var KEPT = "brewguide-cook:" + location.pathname, kept = null;
  try { kept = window.sessionStorage; } catch (e) {}
  function keep() {
    if (!kept) return;
    // With each timer its name, length and the recipe's title, so the served pages' running-timers
    // bar can show it on another page of the site.
    var recipe = (document.querySelector("main h1") || {}).textContent || "";
    try { kept.setItem(KEPT, JSON.stringify(timers.map(function (t) { return { step: t.step, on: t.on, done: t.done, value: t.value, mark: t.mark, name: t.name, seconds: t.seconds, recipe: recipe.trim() }; }))); } catch (e) {}
  }
  function restoreTimers() {
    var list = null;
    try { list = JSON.parse((kept && kept.getItem(KEPT)) || "null"); } catch (e) {}
    (list || []).forEach(function (k) {
      var t = timers.filter(function (x) { return x.step === k.step; })[0];
      if (!t) return;
      t.on = !!k.on; t.done = !!k.done; t.value = +k.value || 0; t.mark = +k.mark || 0;
      t.out.textContent = clock(now(t));
      t.el.classList.toggle("done", t.done);
    });
    if (timers.some(function (t) { return t.on; }) && !ticking) ticking = setInterval(tick, 250);
  }
  // A page in cook mode holds the cook's place: the live reload never reloads it under them.
  if (window.brewguideLive) window.brewguideLive.holds.push(function () { return true; });
  function show(i) {
    current = Math.max(0, Math.min(steps.length - 1, i));
    steps.forEach(function (step, k) { step.classList.toggle("current", k === current); });
    list();
  }
  // The browser scrolls the step to the top, under the running timers' bar; the bar and
  // the step are shown together instead.
  // A link to another step (next, previous, a running timer) hides with its step: the
  // focus moves to the same control on the new step, else to the new step's heading.
  // A step change is said in the status line (polite, issue 51), as the brew-along says its
  // steps: "Step 2 of 4: Add the tomatoes …"; not on opening the page.
  var shownStep = null;
  function fromAddress() {
    var m = /^#step-(\d+)$/.exec(location.hash);
    show(m ? m[1] - 1 : 0);
    if (shownStep !== null && shownStep !== current) {
      var heading = steps[current].querySelector(".cook-count"), text = steps[current].querySelector(".cook-text");
      say((heading ? heading.textContent : "Step " + (current + 1)) + (text ? ": " + text.textContent : ""));
    }
    shownStep = current;
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
  restoreTimers();
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
    keep();
  });
  function stayAwake() {
    // Under serve, its wake.js holds the lock and says when the browser refuses it.
    if (window.brewguideWake) return window.brewguideWake("cook", true);
    if (navigator.wakeLock && document.visibilityState === "visible") navigator.wakeLock.request("screen").catch(function () {});
  }
  document.addEventListener("visibilitychange", stayAwake);
  stayAwake();
  var finish = cook.querySelector(".cook-finish");
  if (finish) finish.addEventListener("click", function (event) {
    event.preventDefault();
    cook.querySelector(".cook-toast").hidden = false;
    if (window.brewguideWake) window.brewguideWake("cook", false);
    setTimeout(function () { location.href = finish.href; }, 1500);
  });
});
