"""A real browser at the table: Playwright drives Debian's Chromium through two seats of a served
table, in two browser contexts (a phone and a laptop), and plays a deal to its end.

Skipped, with the reason, where the ``browser`` extra (``pip install 'bragrules[browser]'``) or
Chromium (``apt-get install chromium``; another binary with ``BRAGRULES_CHROMIUM``) is missing.
``BRAGRULES_SCREENSHOTS=1`` keeps the screenshots of both seats under ``docs/`` for the README.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest

from tests.helpers import wait_for

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("BRAGRULES_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]

playwright_api = pytest.importorskip("playwright.sync_api",
                                     reason="the browser extra is not installed: pip install 'bragrules[browser]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install 'bragrules[web]'")
pytestmark = pytest.mark.skipif(not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)),
                                reason=f"no Chromium at {CHROMIUM}: apt-get install chromium "
                                "(or name one with BRAGRULES_CHROMIUM)")

PREFERENCE = ("look at your cards", "see for", "bet", "show your cards", "fold")


@pytest.fixture
def server(tmp_path: Path) -> Any:
    err = tmp_path / "serve.txt"
    log = tmp_path / "browser.jsonl"
    with open(err, "w") as stderr:
        process = subprocess.Popen([sys.executable, "-m", "bragrules_cli.app", "serve", "-p", "casual",
                                    "--port", "0", "--seats", "2", "--bots", "none", "--seed", "17",
                                    "--hands", "2", "--log", str(log)],
                                   stdout=subprocess.DEVNULL, stderr=stderr, env={**os.environ, "NO_COLOR": "1"})
    try:
        wait_for(lambda: "Join link" in err.read_text() or process.poll() is not None, "the server's join link")
        assert process.poll() is None, err.read_text()
        link = err.read_text().split("Join link to share: ")[1].split()[0]
        yield {"link": link, "log": log}
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)


def _take_turn(page: Any) -> bool:
    """Click the preferred button of this seat's options; whether it was this seat's turn."""
    if "your turn" not in page.inner_text("#status"):
        return False
    turn = page.evaluate("document.body.dataset.turn")
    buttons = page.locator("#actions button")
    labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
    for wanted in PREFERENCE:
        for index, label in enumerate(labels):
            if label.startswith(wanted):
                buttons.nth(index).click()
                page.wait_for_function(f"document.body.dataset.turn !== '{turn}' || "
                                       "!document.getElementById('error').hidden")
                assert page.locator("#error").is_hidden(), page.inner_text("#error")
                return True
    return False


def test_two_seats_in_two_browsers_play_a_deal_to_its_end(server: Dict[str, Any], tmp_path: Path) -> None:
    with playwright_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1,
                                        is_mobile=True, has_touch=True)
            laptop = browser.new_context(viewport={"width": 1280, "height": 860})
            pages = {"Ann": phone.new_page(), "Bob": laptop.new_page()}
            for name, page in pages.items():
                page.set_default_timeout(30_000)
                page.goto(server["link"])
                page.fill("#name", name)
                page.click("#join-form button")
                page.wait_for_function("document.getElementById('you').textContent.includes('You are')")
            for page in pages.values():
                page.wait_for_function("document.getElementById('profile').textContent.includes('deal 1')")
            blind = pages["Bob"].locator("#hand .card.back").count()
            assert blind == 3, "a blind seat's cards stay face down: the browser does not have them"
            clicks = 0
            while "Deal 1" not in pages["Ann"].inner_text("#last"):
                acted = False
                for page in pages.values():
                    if _take_turn(page):
                        acted = True
                        clicks += 1
                if not acted:
                    pages["Ann"].wait_for_timeout(50)  # the next state is on its way over the websocket
                assert clicks < 40
            for page in pages.values():
                page.wait_for_function("document.getElementById('last').textContent.includes('Deal 1')")
                assert "wins" in page.inner_text("#last")
                assert page.locator("#standings tr").count() == 2
            shots: List[Path] = []
            for name, page in pages.items():
                shot = tmp_path / f"web-{name.lower()}.png"
                page.screenshot(path=str(shot), full_page=True)
                assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
                shots.append(shot)
        finally:
            browser.close()
    lines = [json.loads(line) for line in server["log"].read_text().splitlines()]
    assert [line["type"] for line in lines if line["type"] in ("deal", "result")][:2] == ["deal", "result"]
    if os.environ.get("BRAGRULES_SCREENSHOTS") == "1":
        for shot, target in zip(shots, ("web-phone.png", "web-laptop.png")):
            shutil.copy(shot, ROOT / "docs" / target)
