// Drives Templates/assets/brew.js with a minimal stand-in for the DOM and the clock (issue 26):
// the starter's plan, the first pour ended at 1:20 (milestone 1:30), the second still running at
// 2:30 (milestone 2:15), then a press held on Restart. Prints one line per look.
// usage: node brew-flow.js PLAN.json brew.js
const fs = require("fs");
let nowMs = 0; Date.now = () => nowMs;
const mk = tag => { const e = { tag, children: [], textContent: "", dataset: {}, style: { setProperty() {} }, hidden: false, className: "", listeners: {},
  classList: { s: new Set(), add(c) { this.s.add(c) }, remove(c) { this.s.delete(c) }, toggle(c, on) { on ? this.s.add(c) : this.s.delete(c) } },
  setAttribute(name, value) { this[name] = value }, focus() { global.document.activeElement = this },
  append(...c) { this.children.push(...c) }, replaceChildren(...c) { this.children = c }, addEventListener(t, f) { (this.listeners[t] ||= []).push(f) } }; return e; };
const plan = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const app = mk("div");
global.document = { getElementById: id => id === "brew-plan" ? { textContent: JSON.stringify(plan) } : app, createElement: mk, addEventListener() {}, visibilityState: "visible" };
global.window = { addEventListener() {} }; global.navigator = {}; global.setInterval = () => 0;
const timers = new Map(); let timerId = 0;
global.setTimeout = (f, ms) => { timers.set(++timerId, { f, ms }); return timerId; }; global.clearTimeout = id => { timers.delete(id); };
eval(fs.readFileSync(process.argv[3], "utf8"));
const [title, clockEl, stepEl, targetEl, countEl, paceEl, lastEl, nextEl, controls] = app.children;
const [main, pause, restart] = controls.children;
const click = b => b.listeners.click.forEach(f => f({}));
const at = s => { nowMs = s * 1000; };
click(main); click(main); click(main); // rinse, add coffee, the bloom: pour now
at(0); click(main);                    // poured: the bloom's wait and the clock start at 0
at(45); click(main);                   // first pour starts at 0:45
at(75); click(pause); click(pause);   // pause and resume: a render at 1:15
console.log(`${paceEl.textContent} | ${paceEl.dataset.pace} || ${lastEl.textContent} | ${lastEl.dataset.pace}`.trimEnd());
at(80); click(main);                   // done at 1:20, 10 s before 1:30
console.log(`${paceEl.textContent} | ${paceEl.dataset.pace} || ${lastEl.textContent} | ${lastEl.dataset.pace}`.trimEnd());
at(150); click(pause); click(pause);   // second pour, milestone 2:15, now 2:30
console.log(`${paceEl.textContent} | ${paceEl.dataset.pace} || ${lastEl.textContent} | ${lastEl.dataset.pace}`.trimEnd());
click(restart);                        // a tap only says how
console.log("tap:", restart.textContent, "|", stepEl.textContent.split(" · ")[0]);
restart.listeners.pointerdown.forEach(f => f({ type: "pointerdown" }));
restart.listeners.pointerup.forEach(f => f({ type: "pointerup" })); // let go early: nothing
console.log("short press:", stepEl.textContent.split(" · ")[0], "timers", timers.size);
restart.listeners.pointerdown.forEach(f => f({ type: "pointerdown" }));
const [[, hold]] = [...timers]; console.log("hold ms:", hold.ms); hold.f();
const [, yes, keep] = controls.children[3].children;
console.log("held:", stepEl.textContent.split(" · ")[0], "| asked:", controls.children[3].hidden ? "no" : controls.children[3].children[0].textContent.trim(), "| focus:", document.activeElement === yes ? yes.textContent : "elsewhere");
click(keep);                           // kept: still brewing
console.log("kept:", stepEl.textContent.split(" · ")[0], "|", controls.children[3].hidden ? "asked no more" : "still asking");
restart.listeners.pointerdown.forEach(f => f({ type: "pointerdown" }));
[...timers].pop()[1].f(); click(yes);
console.log("yes:", stepEl.textContent);
console.log("focus:", document.activeElement === main ? main.textContent : "elsewhere", "| said:", app.children[app.children.length - 1].textContent);
