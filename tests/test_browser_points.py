"""The web table in a real browser under 13-card Crash with points and the spare hand (thirteen-card-brag):
the person takes the spare hand with its button, sets out the hands as suggested, and the page shows every
seat's points and the target after the deal, the spare lying face down, under the page's strict
Content-Security-Policy.

Skipped, with the reason, as :mod:`tests.test_browser` is (no ``browser`` extra, no Chromium).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import List

import pytest

from tests.helpers import served_table

playwright_api = pytest.importorskip("playwright.sync_api",
                                     reason="the browser extra is not installed: pip install 'bragrules[browser]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install 'bragrules[web]'")
from tests.test_browser import CHROMIUM, FLAGS, wait_until  # noqa: E402  (after the skips above: it needs the browser extra)

pytestmark = pytest.mark.skipif(not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)),
                                reason=f"no Chromium at {CHROMIUM}: apt-get install chromium "
                                "(or name one with BRAGRULES_CHROMIUM)")


def test_the_table_shows_the_points_and_offers_the_spare_hand(tmp_path: Path) -> None:
    log = tmp_path / "points.jsonl"
    with served_table(tmp_path, "-p", "thirteen-card-brag", "--port", "0", "--seats", "3", "--bots", "cautious",
                      "--seed", "3", "--hands", "2", "--log", str(log)) as link:
        with playwright_api.sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            try:
                page = browser.new_page()
                refused: List[str] = []
                page.on("console", lambda message: refused.append(message.text)
                        if "Content Security Policy" in message.text else None)
                page.set_default_timeout(120_000)
                page.goto(link)
                page.fill("#name", "Ann")
                page.click("#join-form button")
                wait_until(page, "document.getElementById('you').textContent.includes('You are')")
                wait_until(page, "!document.getElementById('start').hidden")
                page.click("#start")
                took = False
                for _ in range(6):  # Ann's turns of the first deal: take the spare if offered, then arrange
                    wait_until(page, "document.getElementById('status').textContent.includes('your turn') || "
                                     "document.getElementById('last').textContent.includes('Deal ')")
                    if "Deal " in page.inner_text("#last"):
                        break
                    assert page.locator("#centre .card").count() == 0  # the spare lies face down
                    buttons = page.locator("#actions button")
                    labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
                    turn = page.evaluate("document.body.dataset.turn")
                    pick = next((i for i, label in enumerate(labels) if label.startswith("take the spare")), None)
                    if pick is not None:
                        took = True
                        buttons.nth(pick).click()
                    else:  # arrange.js: the best arrangement from the hint, then set out
                        page.click("#arrange-best")
                        page.click("#arrange-send")
                    wait_until(page, f"document.body.dataset.turn !== '{turn}' || "
                                     "!document.getElementById('error').hidden")
                wait_until(page, "!document.getElementById('points').hidden")
                text = page.inner_text("#points")
                assert "Points (to 15)" in text and "Ann" in text and "point" in text, text
            finally:
                browser.close()
        assert not refused, f"the page breaks its own Content-Security-Policy: {refused}"
        actions = [line for line in log.read_text().splitlines() if '"Ann take"' in line]
        assert took and actions  # with seed 3 the spare is still there at Ann's first turn: she takes it
