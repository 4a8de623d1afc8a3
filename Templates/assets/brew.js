// The brew-along page (brew/<recipe-id>): the step list becomes PRD 3.6's brew flow.
// The brew clock starts with the bloom; timed steps count down to their target on that clock.
(() => {
  const plan = JSON.parse(document.getElementById("brew-plan").textContent);
  const app = document.getElementById("brew-app");
  const clock = s => { s = Math.max(0, Math.round(s)); return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`; };
  const el = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; };
  // `pouring`: on the bloom, its water not yet confirmed in: the wait (and the brew clock) starts
  // when the person says the pour is done (step semantics, phase 6), so pouring eats none of it.
  let index = -1, startedAt = null, pausedAt = null, lock = null, ticker = null, pouring = false;
  const elapsed = () => startedAt == null ? 0 : ((pausedAt ?? Date.now()) - startedAt) / 1000;
  const awake = async on => {
    // Under serve, its wake.js holds the lock and says when the browser refuses it.
    if (window.brewguideWake) return window.brewguideWake("brew", on);
    try { if (on && "wakeLock" in navigator && !lock) { lock = await navigator.wakeLock.request("screen"); lock.addEventListener("release", () => { lock = null; }); }
          else if (!on && lock) { await lock.release(); lock = null; } } catch (e) { lock = null; }
  };
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible" && index >= 0 && index < plan.steps.length) awake(true); });
  window.addEventListener("beforeunload", e => { if (index >= 0 && index < plan.steps.length) e.preventDefault(); });
  const target = s => s.timed ? (s.latest ? `target finish ${clock(s.end)}–${clock(s.latest)}` : `by ${clock(s.end)}`) : "when ready";
  // 003 Phase 3: a pour against its milestone on the brew clock. Within 5 s either side is on pace;
  // before the milestone a pour still running is on pace (only its end can be ahead).
  const paceTolerance = 5;
  const pace = (at, milestone, done) => at > milestone + paceTolerance ? `behind by ${clock(at - milestone)}`
    : (done && at < milestone - paceTolerance ? `ahead by ${clock(milestone - at)}` : "on pace");
  let lastPace = "";
  const clockEl = el("p", "brew-clock"), stepEl = el("p", "brew-step"), targetEl = el("p", "brew-target"),
        countEl = el("p", "brew-countdown"), paceEl = el("p", "brew-pace"), lastEl = el("p", "brew-pace brew-last"), nextEl = el("p", "brew-next"), controls = el("p", "brew-controls"), doneEl = el("div", "brew-done");
  // What a screen reader says: the visible lines change four times a second, so they are not
  // live; this region says the changes a person acts on (a new step, 60/30/10 s left, "go on
  // when ready", a change of pace, pause, the end), each once.
  const sayEl = el("p", "visually-hidden brew-say");
  sayEl.setAttribute("role", "status");
  let said = { step: null, milestone: null, pace: "" };
  const say = text => { sayEl.textContent = sayEl.textContent === text ? `${text}\u00a0` : text; };
  const milestones = [60, 30, 10];
  const button = (text, action, cls) => { const b = el("button", cls || "", text); b.type = "button"; b.addEventListener("click", action); return b; };
  const mainButton = button("Start brew", () => advance(), "primary"), pauseButton = button("Pause", () => { pause(); say(pausedAt ? "Paused" : "Resumed"); }),
        restartButton = button("Hold to restart", () => { if (!holding) restartButton.textContent = "Hold to restart (1 s)"; }, "hold");
  // US-014: restarting loses the brew, so it takes a press held for a second (a tap or a stray
  // touch does nothing), then a "Yes, restart"; the button fills while it is held. Space or Enter
  // held does the same.
  const holdMilliseconds = 1000;
  let holding = null;
  const holdStart = e => {
    if (holding || (e.type === "keydown" && e.key !== " " && e.key !== "Enter")) return;
    if (e.type === "keydown") e.preventDefault();
    restartButton.classList.add("holding");
    holding = setTimeout(() => { holdEnd(); askRestart(); }, holdMilliseconds);
  };
  // Issue 51: the held press asks once more before the brew is lost; the focus goes to the answer.
  const confirmEl = el("span", "brew-confirm"), yesButton = button("Yes, restart", () => { confirmEl.hidden = true; restart(); }, "primary"),
        keepButton = button("Keep brewing", () => { confirmEl.hidden = true; restartButton.focus(); say("Still brewing."); });
  confirmEl.hidden = true;
  confirmEl.append(el("span", "", "Restart and lose this brew? "), yesButton, keepButton);
  function askRestart() { confirmEl.hidden = false; yesButton.focus(); say("Restart and lose this brew? Yes, restart, or Keep brewing."); }
  const holdEnd = () => { clearTimeout(holding); holding = null; restartButton.classList.remove("holding"); restartButton.textContent = "Hold to restart"; };
  restartButton.style.setProperty("--hold", `${holdMilliseconds}ms`);
  restartButton.addEventListener("pointerdown", holdStart);
  restartButton.addEventListener("keydown", holdStart);
  for (const type of ["pointerup", "pointerleave", "pointercancel", "keyup", "blur"]) restartButton.addEventListener(type, holdEnd);
  restartButton.addEventListener("contextmenu", e => e.preventDefault());
  controls.append(mainButton, pauseButton, restartButton, confirmEl);
  app.append(el("p", "brew-title", `${plan.recipe}, ${plan.dose}`), clockEl, stepEl, targetEl, countEl, paceEl, lastEl, nextEl, controls, doneEl, sayEl);
  // On a phone the controls are a bar fixed at the foot of the screen (style.css): the page is
  // padded by its height, and a control the focus moves to is scrolled clear of it.
  const barAtTheFoot = () => typeof getComputedStyle === "function" && getComputedStyle(controls).position === "fixed";
  function padForControls() {
    if (!document.body || !document.documentElement) return;
    const height = !controls.hidden && barAtTheFoot() ? controls.offsetHeight : 0;
    document.body.style.paddingBottom = height ? `${height + 16}px` : "";
    document.documentElement.style.scrollPaddingBottom = height ? `${height + 8}px` : "";
  }
  if (typeof ResizeObserver === "function") new ResizeObserver(padForControls).observe(controls);
  window.addEventListener("resize", padForControls);
  function render() {
    const step = plan.steps[index], next = plan.steps[index + 1];
    clockEl.textContent = startedAt == null ? (pouring ? "Brew clock 0:00 (it starts once the bloom's water is in)" : "Brew clock 0:00 (it starts with the bloom)") : `Brew clock ${clock(elapsed())}${pausedAt && index < plan.steps.length ? " (paused)" : ""}`;
    stepEl.textContent = step ? `${index + 1}/${plan.steps.length} · ${step.instruction}` : (index < 0 ? "Ready when you are." : "Done.");
    // The target, unless the instruction already says it ("Pour to 150 g by 1:30").
    targetEl.textContent = step && !(step.timed && step.instruction.includes(clock(step.end))) ? target(step) : "";
    const left = step && step.timed && startedAt != null ? step.end - elapsed() : null;
    countEl.textContent = pouring ? `Pour now: ${step.water != null ? `${step.water} g` : "the bloom's water"}, then tap Poured` : (left == null ? "" : (left > 0 ? `${clock(left)} left` : "Time: go on when ready"));
    countEl.classList.toggle("due", left != null && left <= 0);
    // The milestone, the brew clock and the pace, for a pour running; else how the last one ended.
    const now = elapsed();
    const running = step && step.kind === "pour" && step.timed && startedAt != null ? pace(now, step.end, false) : "";
    paceEl.textContent = running ? `Target: by ${clock(step.end)} · Elapsed: ${clock(now)} · ${running}` : "";
    lastEl.textContent = lastPace;
    for (const e of [paceEl, lastEl]) e.dataset.pace = /behind/.test(e.textContent) ? "behind" : (/ahead/.test(e.textContent) ? "ahead" : (e.textContent ? "on-pace" : ""));
    nextEl.textContent = next ? `Next: ${next.instruction}` : "";
    mainButton.textContent = index < 0 ? "Start brew" : (pouring ? "Poured" : (index >= plan.steps.length - 1 ? "Finish" : "Next step"));
    mainButton.hidden = index >= plan.steps.length;
    pauseButton.hidden = restartButton.hidden = index < 0 || index >= plan.steps.length;
    // Done: the controls' bar at the foot of a phone's screen goes with its buttons.
    if (controls.hidden !== (index >= plan.steps.length)) { controls.hidden = index >= plan.steps.length; padForControls(); }
    if (restartButton.hidden) confirmEl.hidden = true;
    pauseButton.textContent = pausedAt ? "Resume" : "Pause";
    announce(step, left, running);
  }
  function announce(step, left, running) {
    if (!step) { said = { step: null, milestone: null, pace: "" }; return; }
    if (said.step !== index) {
      said = { step: index, milestone: left == null ? null : (left > 0 ? milestones.find(m => m < left) ?? 0 : "due"), pace: running };
      say([lastEl.textContent, `Step ${stepEl.textContent}`, targetEl.textContent, countEl.textContent].filter(t => t).join(". "));
      return;
    }
    // What changed in one tick is said in one message, so one part does not cut off another.
    const news = [];
    if (left != null && !pausedAt) {
      if (left <= 0 && said.milestone !== "due") { said.milestone = "due"; news.push("Time: go on when ready"); }
      else if (left > 0 && said.milestone != null && said.milestone !== "due" && left <= said.milestone && said.milestone > 0) {
        const m = said.milestone;
        said.milestone = milestones.find(x => x < m) ?? 0;
        news.push(`${m} seconds left`);
      }
    }
    const mood = running.replace(/ by .*/, "");
    if (running && mood !== said.pace.replace(/ by .*/, "")) { said.pace = running; news.push(running.charAt(0).toUpperCase() + running.slice(1)); }
    if (news.length) say(news.join(". "));
  }
  function advance() {
    if (pouring) {
      // The bloom's water is in: its wait starts now.
      pouring = false;
      startedAt = Date.now() - plan.steps[index].start * 1000;
      const left = plan.steps[index].end - elapsed();
      said.milestone = left > 0 ? milestones.find(m => m < left) ?? 0 : "due";
      render();
      say(`Poured. ${countEl.textContent}`);
      return;
    }
    if (pausedAt) pause();
    const done = plan.steps[index];
    lastPace = done && done.kind === "pour" && done.timed && startedAt != null
      ? `Last pour done at ${clock(elapsed())}, target ${clock(done.end)}: ${pace(elapsed(), done.end, true)}` : "";
    index += 1;
    if (index === 0) awake(true);
    // On a phone (the controls a bar at the foot of the screen) the brew is brought to the top of
    // the screen as it starts, so the step and its countdown are above the bar, not under it.
    if (index === 0 && barAtTheFoot() && app.getBoundingClientRect().top > 0) app.scrollIntoView({ block: "start" });
    const step = plan.steps[index];
    if (step && step.kind === "bloom" && startedAt == null) pouring = true;
    else if (step && step.timed && startedAt == null) startedAt = Date.now() - step.start * 1000;
    if (index >= plan.steps.length) finish();
    render();
  }
  function pause() {
    if (startedAt == null) return;
    if (pausedAt) { startedAt += Date.now() - pausedAt; pausedAt = null; } else { pausedAt = Date.now(); }
    render();
  }
  // The restart button hides itself: the focus moves to "Start brew" (not to the page's top).
  function restart() {
    index = -1; startedAt = pausedAt = null; pouring = false; lastPace = ""; doneEl.replaceChildren(); delete doneEl.dataset.brewTime; forget(); saved = false; awake(false); render();
    mainButton.focus(); say("Restarted. Ready when you are.");
  }
  function finish() {
    if (startedAt != null && !pausedAt) pausedAt = Date.now();
    awake(false);
    const code = el("code", "", `${plan.command} --brew-time ${clock(elapsed())}${plan.dataOption}`), copy = button("Copy", () => navigator.clipboard && navigator.clipboard.writeText(code.textContent).then(() => { copy.textContent = "Copied"; }));
    const pre = el("pre"); pre.append(code);
    // What a save of this brew sends besides plan.log (a served page's "Save this brew" reads it).
    doneEl.dataset.brewTime = clock(elapsed());
    doneEl.replaceChildren(el("p", "", `Brewed in ${clock(elapsed())}. Record it (change the rating; add --tag tooSour or another tag for a hint):`), pre, copy);
    // "Finish" hides itself: the focus moves to what comes next.
    if (document.activeElement === mainButton || document.activeElement === document.body) copy.focus();
    say(`Done. Brewed in ${clock(elapsed())}.`);
  }
  // Issue 46: the brew is kept in this tab (sessionStorage, by page) from its wall-clock start, so
  // a reload, a rebuild or a visit to another page of the site loses none of it; and a page with
  // a brew under way (or finished and not yet saved) is never reloaded under it by the live reload.
  const KEPT = `brewguide-brew:${typeof location === "undefined" ? "" : location.pathname}`;
  let saved = false;
  const keep = () => { try { sessionStorage.setItem(KEPT, JSON.stringify({ index, startedAt, pausedAt, lastPace, pouring })); } catch (e) {} };
  const forget = () => { try { sessionStorage.removeItem(KEPT); } catch (e) {} };
  // After the button's own action (its first listener): the brew as it is now.
  for (const b of [mainButton, pauseButton]) b.addEventListener("click", () => (index >= 0 ? keep() : forget()));
  if (window.brewguideLive) window.brewguideLive.holds.push(() => index >= 0 && !saved);
  // A served page's save of this brew: the brew is recorded, nothing is left to keep.
  document.addEventListener("brewguide:brew-saved", () => { saved = true; forget(); });
  // …or discarded from its end screen: nothing is left to keep either.
  document.addEventListener("brewguide:brew-discarded", () => { saved = true; forget(); });
  app.hidden = false;
  try {
    const earlier = JSON.parse(sessionStorage.getItem(KEPT) || "null");
    if (earlier && earlier.index >= 0 && earlier.index <= plan.steps.length) {
      ({ index, startedAt, pausedAt, lastPace } = earlier);
      pouring = !!earlier.pouring;
      if (index >= plan.steps.length) finish();
      else awake(true);
    }
  } catch (e) {}
  render();
  ticker = setInterval(() => { if (index >= 0 && index < plan.steps.length) render(); }, 250);
})();
