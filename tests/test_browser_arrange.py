"""The web table in a real browser: a seat arranges thirteen cards into four hands (thirteen-card.yaml),
clicking cards into hands and back, then taking the best arrangement from the hint, under the page's strict
Content-Security-Policy (arrange.js, loaded beside table.js).

Skipped, with the reason, as :mod:`tests.test_browser` is (no ``browser`` extra, no Chromium).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import List

import pytest

from tests.helpers import served_table, wait_for

playwright_api = pytest.importorskip("playwright.sync_api",
                                     reason="the browser extra is not installed: pip install 'bragrules[browser]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install 'bragrules[web]'")
from tests.test_browser import CHROMIUM, FLAGS, wait_until  # noqa: E402  (after the skips above: it needs the browser extra)

pytestmark = pytest.mark.skipif(not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)),
                                reason=f"no Chromium at {CHROMIUM}: apt-get install chromium "
                                "(or name one with BRAGRULES_CHROMIUM)")

IN_HAND = "document.querySelectorAll('.arrange-hand[data-hand=\"{n}\"] button.card').length"
LOOSE = "document.querySelectorAll('.arrange-loose button.card').length"


def test_a_seat_arranges_thirteen_cards_into_four_hands(tmp_path: Path) -> None:
    from bragrules.play.table import read_log

    log = tmp_path / "thirteen.jsonl"
    with served_table(tmp_path, "-p", "thirteen-card", "--port", "0", "--seats", "2", "--bots", "cautious",
                      "--seed", "5", "--hands", "1", "--log", str(log)) as link:
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
                wait_until(page, "!document.getElementById('start').hidden")
                page.click("#start")
                wait_until(page, "document.getElementById('arrange-best') !== null")
                assert page.evaluate(LOOSE) == 13 and page.evaluate(IN_HAND.format(n=1)) == 0
                assert page.is_disabled("#arrange-send")  # no hand is full yet
                page.locator(".arrange-loose button.card").first.click()  # into hand 1
                wait_until(page, IN_HAND.format(n=1) + " === 1")
                assert page.evaluate(LOOSE) == 12
                page.locator(".arrange-hand[data-hand='1'] button.card").first.click()  # and back
                wait_until(page, LOOSE + " === 13")
                for _ in range(4):  # three cards into hand 1, then hand 2 fills
                    page.locator(".arrange-loose button.card").first.click()
                wait_until(page, IN_HAND.format(n=2) + " === 1")
                assert page.evaluate(IN_HAND.format(n=1)) == 3
                hint = page.inner_text("#actions p.hint").split("Best arrangement: ")[1].split(". Click")[0]
                page.click("#arrange-best")
                wait_until(page, " && ".join(IN_HAND.format(n=n) + " === 3" for n in range(1, 5)))
                assert page.evaluate(LOOSE) == 1  # the discard
                shown = [" ".join(page.locator(f".arrange-hand[data-hand='{n}'] button.card").nth(i).get_attribute(
                    "data-card") or "" for i in range(3)) for n in range(1, 5)]
                assert " | ".join(shown) == hint
                page.click("#arrange-send")
                wait_until(page, "document.getElementById('last').textContent.includes('Deal 1')")
                # the last deal's panel: each player's four hands as set out, Ann's as the hint
                assert page.evaluate("document.querySelectorAll('#last .shown-hand').length") == 8
                ann = page.locator("#last .shown-row", has_text="Ann:").locator(".shown-hand")
                laid = [" ".join(ann.nth(n).locator(".card").nth(i).get_attribute("data-card") or "" for i in range(3))
                        for n in range(4)]
                assert " | ".join(laid) == hint
            finally:
                browser.close()
        assert not refused, f"the page breaks its own Content-Security-Policy: {refused}"
        wait_for(lambda: any(e.get("action", "").startswith("Ann arrange") for _, e in read_log(log)[1]),
                 "Ann's arrangement in the log")
        actions = [e["action"] for _, e in read_log(log)[1] if e.get("action", "").startswith("Ann arrange")]
        assert actions == [f"Ann arrange {hint}"]
