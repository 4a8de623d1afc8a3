#!/usr/bin/env python3
"""The night-out buttons of pages served by `brewguide serve --edit`, in Debian's headless Chromium.

usage: Scripts/served-writes-in-chromium.py [BREWGUIDE_BINARY]
Runs `serve --edit` on a copy of the bundled Data, opens the key address (the cookie), then logs a
drink and a glass of water from the session page's buttons and starts a second night (refused, in
the alert), with axe-core over the buttons. The brew's Save form, the shopping list's ticks, a save
kept while the server is stopped and "I cooked this" are tapped by `swift test --filter
ServedWritesInChromiumTests` instead. Uses the Playwright that /work/shared/tools/axe-site installs
(~/.cache/axe-site). Exits 1 on the first check that fails.
"""
import json, os, pathlib, re, shutil, subprocess, sys, tempfile, threading, time

sys.path.insert(0, str(next(pathlib.Path(os.path.expanduser("~/.cache/axe-site/lib")).glob("python3*/site-packages"))))
from playwright.sync_api import sync_playwright

repo = pathlib.Path(__file__).resolve().parent.parent
binary = sys.argv[1] if len(sys.argv) > 1 else str(repo / ".build/debug/brewguide")
work = pathlib.Path(tempfile.mkdtemp())
data = work / "Data"
shutil.copytree(repo / "Data", data)
server = subprocess.Popen([binary, "serve", "--edit", "--data", str(data), "--output", str(work / "Site"), "--port", "0"],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          env=dict(os.environ, BREWGUIDE_NOW="2026-11-21T20:00:00Z"))
output = []
threading.Thread(target=lambda: [output.append(line) for line in server.stdout], daemon=True).start()

def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        print("".join(output)[-3000:])
        server.terminate(); sys.exit(1)

def settle(page, rebuilds_before):
    """Waits for the rebuild a write causes and the page's reload after it."""
    end = time.time() + 60
    while time.time() < end and "".join(output).count("rebuilt after") <= rebuilds_before:
        time.sleep(0.2)
    page.wait_for_timeout(1500)
    page.wait_for_load_state("load")
    page.wait_for_selector(".write-status", state="attached", timeout=10000)

def rebuilds():
    return "".join(output).count("rebuilt after")

def text_of(selector):
    return f"(document.querySelector('{selector}') || {{textContent: ''}}).textContent"

AXE = (pathlib.Path(__import__("axe_playwright_python").__file__).parent / "axe.min.js").read_text()

def axe(page, selector, what):
    """axe-core's WCAG 2.1 A/AA violations inside `selector`."""
    page.evaluate(AXE)
    found = page.evaluate("""async (selector) => (await axe.run({include: [selector]},
        {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}}))
        .violations.map(v => v.id + ': ' + v.nodes[0].html.slice(0, 100))""", selector)
    check(not found, f"axe finds nothing wrong in {what}: {found}")

def wait_for(text, seconds=120):
    end = time.time() + seconds
    while time.time() < end:
        if text in "".join(output): return True
        time.sleep(0.2)
    return False

try:
    check(wait_for("watching"), "serve --edit started")
    address = re.search(r"http://127\.0\.0\.1:\d+/\?key=[A-Za-z0-9_-]+", "".join(output)).group(0)
    base = address.split("?")[0]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox", "--headless=new"])
        page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
        page.goto(address)
        check("key=" not in page.url, "the key address leaves the key out of the address bar")

        # A night out: a drink and a glass of water from the session page's buttons.
        page.goto(base + "sessions/index.html")
        page.wait_for_selector(".night-out-writes", timeout=10000)
        check(page.query_selector("label[for=save-type]") is not None and page.query_selector("label[for=save-size]") is not None, "the drink's fields have labels")
        axe(page, ".night-out-writes", "the night-out buttons")
        page.fill("#save-size", "473")
        before = rebuilds()
        page.click(".night-out-drink button[type=submit]")
        page.wait_for_function("(document.querySelector('.write-status') || {textContent: ''}).textContent.includes('above centre')", timeout=10000)
        said = page.text_content(".write-status")
        check("water reminder" in said, f"a drink answers the waterline and the reminder: {said!r}")
        settle(page, before)
        check("water reminder" in page.text_content(".write-status"), "the answer is still shown after the rebuild reloads the page")
        before = rebuilds()
        page.click("text=Log a glass of water")
        page.wait_for_function("(document.querySelector('.write-status') || {textContent: ''}).textContent.includes('Water break')", timeout=10000)
        check("Water break" in page.text_content(".write-status"), "a glass of water is logged and answered")
        settle(page, before)
        page.click("text=Start a night out")
        page.wait_for_function("(document.querySelector('.write-errors') || {textContent: ''}).textContent.includes('still active')", timeout=10000)
        check(True, "starting a second night shows the command's refusal in the alert")

        browser.close()
    print("all checks passed")
finally:
    server.terminate()
    server.wait()
    shutil.rmtree(work, ignore_errors=True)
