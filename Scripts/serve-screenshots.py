#!/usr/bin/env python3
"""The phone-width screenshots of docs/SERVE.md, taken from a live `brewguide serve --edit`.

usage: Scripts/serve-screenshots.py [BREWGUIDE_BINARY]
Runs `serve --edit` on a copy of the bundled Data with a fixed clock, opens the key address in
Debian's headless Chromium at 390x844 (a phone), and writes docs/images/serve-*.png: the brew-along
end screen's "Save this brew" form, a night out started from the home page and its page after a
tap, the shopping list, and a kitchen recipe's "I cooked this" form. Nothing is written to the bundled Data. Uses the Playwright
that /work/shared/tools/axe-site installs (~/.cache/axe-site). Re-run it after changing these pages.
"""
import os, pathlib, re, shutil, subprocess, sys, tempfile, threading, time

sys.path.insert(0, str(next(pathlib.Path(os.path.expanduser("~/.cache/axe-site/lib")).glob("python3*/site-packages"))))
from playwright.sync_api import sync_playwright

repo = pathlib.Path(__file__).resolve().parent.parent
binary = sys.argv[1] if len(sys.argv) > 1 else str(repo / ".build/debug/brewguide")
images = repo / "docs/images"
images.mkdir(parents=True, exist_ok=True)
work = pathlib.Path(tempfile.mkdtemp())
data = work / "Data"
shutil.copytree(repo / "Data", data)
now = "2026-11-21T20:00:00Z"
# The bundled night (birthday-1121) is still going at that time: ended first, so a new one can start.
subprocess.run([binary, "session", "end", "--at", "18:45", "--data", str(data)], check=True, capture_output=True,
               env=dict(os.environ, BREWGUIDE_NOW=now))
server = subprocess.Popen([binary, "serve", "--edit", "--data", str(data), "--output", str(work / "Site"), "--port", "0"],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          env=dict(os.environ, BREWGUIDE_NOW=now))
output = []
threading.Thread(target=lambda: [output.append(line) for line in server.stdout], daemon=True).start()


def wait_for(text, seconds=120):
    end = time.time() + seconds
    while time.time() < end:
        if text in "".join(output):
            return True
        time.sleep(0.2)
    return False


def shot(page, name, selector=None):
    """A screenshot of the phone's screen, scrolled so that `selector` is at its top."""
    if selector:
        page.wait_for_selector(selector, timeout=15000)
        page.evaluate("(s) => { const e = document.querySelector(s); window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 16); }", selector)
    page.wait_for_timeout(300)
    path = images / f"serve-{name}.png"
    page.screenshot(path=str(path))
    print("wrote", path.relative_to(repo))


try:
    if not wait_for("watching"):
        sys.exit("serve --edit did not start:\n" + "".join(output))
    address = re.search(r"http://127\.0\.0\.1:\d+/\?key=[A-Za-z0-9_-]+", "".join(output)).group(0)
    base = address.split("?")[0]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox", "--headless=new"])
        page = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, is_mobile=True, has_touch=True).new_page()
        page.goto(address)

        # The brew-along, run to its end on a clock moved on by hand.
        page.goto(base + "brew/v60-starter.html")
        page.wait_for_selector(".write-messages", state="attached", timeout=15000)
        page.evaluate("window.fakeNow = Date.now(); Date.now = () => window.fakeNow")
        page.get_by_role("button", name="Start brew").click()
        for _ in range(20):
            finish = page.get_by_role("button", name="Finish")
            if finish.count() and finish.first.is_visible():
                break
            page.keyboard.press("Enter")
        page.evaluate("window.fakeNow += 185000")
        page.get_by_role("button", name="Finish").first.click()
        shot(page, "save-brew", "form.save-brew")

        # A night out: started from the home page, then a preset tapped on the night's page.
        page.goto(base)
        shot(page, "night-start", ".night-out-writes")
        page.fill("#night-start-name", "Quiz night")
        page.fill("#night-start-at", "19:00")
        page.click("#night-start")
        page.wait_for_url("**/sessions/quiz-night-2026-11-21-1900.html", timeout=60000)
        page.wait_for_selector(".night-out-writes button", timeout=15000)
        page.fill("#night-at", "19:05")
        page.get_by_role("button", name="+ Pint of IPA").click()
        page.wait_for_function("document.body.textContent.includes('above centre')", timeout=30000)
        page.wait_for_timeout(3000)
        page.wait_for_selector(".night-out-writes button", timeout=15000)
        shot(page, "night-out", ".night-out-writes")

        # The shopping list, ticked on the phone.
        page.goto(base + "kitchen/shopping.html")
        shot(page, "shopping")

        # A kitchen recipe's "I cooked this".
        page.goto(base + "kitchen/recipes/shakshuka.html")
        shot(page, "cooked", "form.cooked-form")
        browser.close()
finally:
    server.terminate()
    server.wait()
    shutil.rmtree(work, ignore_errors=True)
