"""The web table in a real browser under a profile whose house takes a rake and a table fee: the last
deal's panel says what the house took, under the page's strict Content-Security-Policy.

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


def test_the_last_deal_panel_says_what_the_house_took(tmp_path: Path) -> None:
    profile = tmp_path / "raked.yaml"
    profile.write_text("extends: casual\nname: raked\nhouse: {rake: 1/10, table_fee: 1}\n")
    with served_table(tmp_path, "-p", str(profile), "--port", "0", "--seats", "2", "--bots", "cautious",
                      "--seed", "17", "--hands", "2", "--log", str(tmp_path / "raked.jsonl")) as link:
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
                wait_until(page, "!document.getElementById('start').hidden")  # the host starts the table
                page.click("#start")
                for _ in range(40):  # Ann folds at each turn of hers: the bot takes the pot
                    if "Deal " in page.inner_text("#last"):
                        break
                    if "your turn" in page.inner_text("#status"):
                        buttons = page.locator("#actions button")
                        labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
                        turn = page.evaluate("document.body.dataset.turn")
                        buttons.nth(next(i for i, label in enumerate(labels) if label.startswith("fold"))).click()
                        wait_until(page, f"document.body.dataset.turn !== '{turn}' || "
                                     "!document.getElementById('error').hidden")
                    else:
                        page.wait_for_timeout(50)
                wait_until(page, "document.getElementById('last').textContent.includes('Deal ')")
                text = page.inner_text("#last")
                assert "The house takes a rake of" in text and "table fees of 2" in text, text
            finally:
                browser.close()
        assert not refused, f"the page breaks its own Content-Security-Policy: {refused}"
