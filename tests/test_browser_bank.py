"""The web table in a real browser under a bank carried between deals (``banco-carried``,
``procedure.bank.carry``): the banker's page asks to keep or pass the bank with the rules in words, the
answer is a tap, and the feed says what was chosen, under the page's strict Content-Security-Policy.

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


def test_the_banker_passes_a_carried_bank_from_the_page(tmp_path: Path) -> None:
    with served_table(tmp_path, "-p", "banco-carried", "--port", "0", "--seats", "3", "--bots", "cautious",
                      "--seed", "3", "--hands", "3", "--log", str(tmp_path / "bank.jsonl")) as link:
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
                page.click("#start")  # Ann deals first and banks: the bots stake against her bank
                wait_until(page, "document.getElementById('status').textContent.includes('keep or pass the bank')")
                question = page.inner_text("#actions")
                assert "You hold the bank" in question and "after 1 of 3 deals" in question, question
                assert "a banker deals at most 3 deals" in question, "the rule, in words"
                assert "banker: bank" in page.inner_text("#seats"), "the banker's seat says so"
                page.get_by_role("button", name="Pass the bank").click()
                wait_until(page, "document.getElementById('feed').textContent.includes('Ann passes the bank')")
                assert "keep or pass the bank" not in page.inner_text("#status")
            finally:
                browser.close()
        assert not refused, f"the page breaks its own Content-Security-Policy: {refused}"
