"""A real browser at a side-show (seeing.side_show): three seats in three browser contexts; the
second to act, seen, asks the first for a side-show with the button that names its cost, the first
accepts, and only those two pages show the hands compared; the third sees only who folded.

Skipped, with the reason, where the ``browser`` extra or Chromium is missing (as tests/test_browser.py).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Dict, List

import pytest

from tests.helpers import served_table

playwright_api = pytest.importorskip("playwright.sync_api",
                                     reason="the browser extra is not installed: pip install 'bragrules[browser]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install 'bragrules[web]'")
from tests.test_browser import CHROMIUM, FLAGS, wait_until  # noqa: E402  (after the skips above: it needs the browser extra)

pytestmark = pytest.mark.skipif(not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)),
                                reason=f"no Chromium at {CHROMIUM}: apt-get install chromium "
                                "(or name one with BRAGRULES_CHROMIUM)")

PREFERENCE = ("accept", "side-show with", "look at your cards", "bet")
PROFILE = "extends: standard\nname: side-show\nseeing: {side_show: {allowed: true}}\n"


@pytest.fixture
def server(tmp_path: Path) -> Any:
    profile = tmp_path / "side-show.yaml"
    profile.write_text(PROFILE, encoding="utf-8")
    with served_table(tmp_path, "-p", str(profile), "--port", "0", "--seats", "3", "--bots", "none",
                      "--seed", "5", "--hands", "1", "--log", str(tmp_path / "t.jsonl"), link="join") as link:
        yield link


def _take_turn(page: Any, clicked: List[str]) -> bool:
    """Click this seat's preferred button; whether it was this seat's turn."""
    if "your turn" not in page.inner_text("#status"):
        return False
    turn = page.evaluate("document.body.dataset.turn")
    buttons = page.locator("#actions button")
    labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
    for wanted in PREFERENCE:
        for index, label in enumerate(labels):
            if label.startswith(wanted):
                buttons.nth(index).click()
                clicked.append(label)
                wait_until(page, f"document.body.dataset.turn !== '{turn}' || "
                                 "!document.getElementById('error').hidden")
                assert page.locator("#error").is_hidden(), page.inner_text("#error")
                return True
    return False


def test_only_the_two_seats_of_a_side_show_see_the_hands_compared(server: str) -> None:
    with playwright_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            pages: Dict[str, Any] = {}
            refused: List[str] = []
            for name in ("Ann", "Bob", "Cat"):
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
            clicked: List[str] = []
            while not any(label.startswith("accept") for label in clicked):
                acted = any([_take_turn(page, clicked) for page in pages.values()])
                if not acted:
                    pages["Ann"].wait_for_timeout(50)
                assert len(clicked) < 20, clicked
            asked = next(label for label in clicked if label.startswith("side-show with"))
            assert "(pay " in asked and "the weaker hand folds" in asked  # the button says its cost
            for page in pages.values():
                wait_until(page, "document.getElementById('feed').textContent.includes('compared in private')")
            showing = {name: page.locator("#hand .side-show").count() for name, page in pages.items()}
            assert sorted(showing.values()) == [0, 1, 1], showing  # the two players, and not the third
            outsider = next(name for name, count in showing.items() if count == 0)
            for name, page in pages.items():
                if name != outsider:
                    text = page.inner_text("#hand .side-show")
                    assert "only you two see this" in text and "folded" in text
        finally:
            browser.close()
    assert not refused, f"the page breaks its own Content-Security-Policy: {refused}"
