"""A real browser at Four-Card Brag with a discard (format.discard_before_betting): two seats in two
browser contexts; each looks, is offered one button per card to discard face down, discards, and its hand
shows the three cards left; the other page is told only that a card was put away, never which.

Skipped, with the reason, where the ``browser`` extra or Chromium is missing (as tests/test_browser.py).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Dict, List

import pytest

from tests.helpers import served_table, wait_for

playwright_api = pytest.importorskip("playwright.sync_api",
                                     reason="the browser extra is not installed: pip install 'bragrules[browser]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install 'bragrules[web]'")
from tests.test_browser import CHROMIUM, FLAGS, wait_until  # noqa: E402  (after the skips above: it needs the browser extra)

pytestmark = pytest.mark.skipif(not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)),
                                reason=f"no Chromium at {CHROMIUM}: apt-get install chromium "
                                "(or name one with BRAGRULES_CHROMIUM)")


@pytest.fixture
def server(tmp_path: Path) -> Any:
    with served_table(tmp_path, "-p", "four-card-discard", "--port", "0", "--seats", "2", "--bots", "none",
                      "--seed", "5", "--hands", "1", "--log", str(tmp_path / "t.jsonl"), link="join") as link:
        yield link


def _click(page: Any, prefix: str) -> str:
    """Click the first of this seat's buttons whose label starts with ``prefix``; its label."""
    turn = page.evaluate("document.body.dataset.turn")
    buttons = page.locator("#actions button")
    labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
    index = next(i for i, label in enumerate(labels) if label.startswith(prefix))
    buttons.nth(index).click()
    wait_until(page, f"document.body.dataset.turn !== '{turn}' || !document.getElementById('error').hidden")
    assert page.locator("#error").is_hidden(), page.inner_text("#error")
    return labels[index]


def test_a_seat_that_looks_discards_one_card_and_the_other_is_not_told_which(server: str) -> None:
    with playwright_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            pages: Dict[str, Any] = {}
            refused: List[str] = []
            for name in ("Ann", "Bob"):
                page = browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
                page.on("console", lambda message: refused.append(message.text)
                        if "Content Security Policy" in message.text else None)
                page.set_default_timeout(120_000)
                page.goto(server)
                page.fill("#name", name)
                page.click("#join-form button")
                wait_until(page, "document.getElementById('you').textContent.includes('You are')")
                pages[name] = page
            for page in pages.values():
                wait_until(page, "document.getElementById('profile').textContent.includes('deal 1')")
            wait_for(lambda: any("your turn" in p.inner_text("#status") for p in pages.values()), "a seat's turn")
            first = next(name for name, page in pages.items() if "your turn" in page.inner_text("#status"))
            other = next(name for name in pages if name != first)
            page = pages[first]
            _click(page, "look at your cards")
            buttons = page.locator("#actions button")
            labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
            discards = [label for label in labels if label.startswith("discard ")]
            assert len(discards) == 4 and all(label.endswith("face down") for label in discards), labels
            assert page.locator("#hand .card:not(.back)").count() == 4
            label = _click(page, "discard ")
            thrown = label.split()[1]
            wait_until(page, "document.querySelectorAll('#hand .card:not(.back)').length === 3")
            wait_until(pages[other], "document.getElementById('feed').textContent.includes('one card face down')")
            feed = pages[other].inner_text("#feed")
            assert thrown not in feed and f"{first} discards one card face down" in feed
            assert any(b.startswith("bet") for b in
                       [buttons.nth(i).inner_text() for i in range(buttons.count())])  # then the betting
        finally:
            browser.close()
    assert not refused, f"the page breaks its own Content-Security-Policy: {refused}"
