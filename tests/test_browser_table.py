"""A real browser at a Teen Patti table of two, played by keyboard: the focus stays on the action bar
after every action; face-down cards are announced (an image named "a card face down"); after the
blind-turn limit the page says why bet is gone before anyone tries it; a ruling is shown in its own
deal only; the pot's text holds its contrast over the whole of the felt's gradient; and the host
pauses, resumes and ends the session from the page.

Skipped, with the reason, where the ``browser`` extra or Chromium is missing (as tests/test_browser.py).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

from tests.helpers import served_table
from tests.web_checks import WCAG_AA, contrast

playwright_api = pytest.importorskip("playwright.sync_api",
                                     reason="the browser extra is not installed: pip install 'bragrules[browser]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install 'bragrules[web]'")
from tests.test_browser import CHROMIUM, FLAGS, wait_until  # noqa: E402  (after the skips above: it needs the browser extra)

pytestmark = pytest.mark.skipif(not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)),
                                reason=f"no Chromium at {CHROMIUM}: apt-get install chromium "
                                "(or name one with BRAGRULES_CHROMIUM)")

IN_BAR = "document.getElementById('actions').contains(document.activeElement)"


def colours(css: str) -> List[Tuple[float, float, float]]:
    """Every ``rgb()``/``rgba()`` colour in a computed CSS value, in order (a gradient's stops)."""
    return [(float(r), float(g), float(b)) for r, g, b in re.findall(r"rgba?\(([\d.]+), ([\d.]+), ([\d.]+)", css)]


def _join(browser: Any, link: str, name: str) -> Any:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(120_000)
    page.goto(link)
    page.fill("#name", name)
    page.click("#join-form button")
    wait_until(page, "document.getElementById('you').textContent.includes('You are')")
    return page


def _press(page: Any, label: str) -> None:
    """Take this seat's action ``label`` by keyboard (the button focused, then Enter), and wait for the table."""
    turn = page.evaluate("document.body.dataset.turn")
    button = page.locator("#actions button", has_text=re.compile("^" + re.escape(label)))
    button.first.focus()
    page.keyboard.press("Enter")
    wait_until(page, f"document.body.dataset.turn !== '{turn}' || !document.getElementById('error').hidden")
    assert page.locator("#error").is_hidden(), page.inner_text("#error")


def _to_act(pages: Dict[str, Any]) -> Tuple[str, Any]:
    for page in pages.values():
        page.wait_for_timeout(0)
    for _ in range(1200):
        for name, page in pages.items():
            if "your turn" in page.inner_text("#status"):
                return name, page
        next(iter(pages.values())).wait_for_timeout(25)
    raise AssertionError("nobody's turn")


@pytest.fixture
def teen_patti(tmp_path: Path) -> Any:
    with served_table(tmp_path, "-p", "teen-patti", "--port", "0", "--seats", "2", "--bots", "none", "--seed", "7",
                      "--hands", "3", "--log", str(tmp_path / "t.jsonl"), link="join") as link:
        yield link


def test_by_keyboard_focus_stays_on_the_action_bar_and_gone_actions_say_why(teen_patti: str) -> None:
    with playwright_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            pages = {name: _join(browser, teen_patti, name) for name in ("Ann", "Bob")}
            for page in pages.values():
                wait_until(page, "document.getElementById('profile').textContent.includes('deal 1')")
                # three cards face down, each announced by a screen reader as what it is
                assert page.get_by_role("img", name="a card face down").count() == 3
            name, page = _to_act(pages)
            other = next(n for n in pages if n != name)
            page.fill("#dispute", f"{name} exposes {other}")
            page.press("#dispute", "Enter")
            wait_until(page, "document.getElementById('rulings').textContent.includes('exposes')")
            for _ in range(8):  # four blind bets each: teen-patti's blind.max_blind_turns
                name, page = _to_act(pages)
                assert "Not offered now: chaal" not in page.inner_text("#actions")
                _press(page, "chaal")  # Teen Patti's word for a bet, on its button
                assert page.evaluate(IN_BAR), "after an action the focus stays on the action bar"
            name, page = _to_act(pages)
            labels = page.locator("#actions button").all_inner_texts()
            assert not any(label.startswith(("bet", "chaal")) for label in labels) and not any(
                label.startswith(("see", "show")) for label in labels), labels  # Teen Patti's words for them
            said = page.inner_text("#actions")
            assert "Not offered now: chaal, show" in said and f"{name} has made 4 blind chaals" in said  # its words
            assert "(the rule: a player may chaal blind at most four times" in said
            assert not re.search(r"\b(bets?|folds?|see)\b", said), said
            _press(page, "pack")  # Teen Patti's word for a fold
            assert page.evaluate(IN_BAR)
            for page in pages.values():
                wait_until(page, "document.getElementById('profile').textContent.includes('deal 2')")
                assert page.inner_text("#rulings") == "", "a ruling of deal 1 is not shown in deal 2"
            pot = page.evaluate("getComputedStyle(document.getElementById('pot')).color")
            felt = page.evaluate("getComputedStyle(document.getElementById('felt')).backgroundImage")
            (text,) = colours(pot)
            stops = colours(felt)
            assert felt.startswith("radial-gradient") and len(stops) >= 2, felt
            for stop in stops:  # the pot sits over every part of the gradient, so each stop is checked
                assert contrast(text, stop) >= WCAG_AA, (pot, stop, contrast(text, stop))
        finally:
            browser.close()


def test_the_host_pauses_resumes_and_ends_the_session_from_the_page(tmp_path: Path) -> None:
    with served_table(tmp_path, "-p", "teen-patti", "--port", "0", "--seats", "3", "--bots", "cautious",
                      "--seed", "7", "--log", str(tmp_path / "t.jsonl")) as host_link:
        with playwright_api.sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            try:
                ann = _join(browser, host_link.split("?")[0], "Ann")
                assert ann.locator("#host").is_hidden(), "a seat's page has no host controls"
                host = browser.new_context().new_page()
                host.set_default_timeout(120_000)
                host.on("dialog", lambda dialog: dialog.accept())  # "End the session for everyone now?"
                host.goto(host_link)
                host.click("#start")
                wait_until(ann, "document.getElementById('profile').textContent.includes('deal 1')")
                wait_until(ann, "document.getElementById('status').textContent.includes('your turn')")
                host.click("#pause")
                wait_until(ann, "document.getElementById('status').textContent.includes('paused by the host')")
                assert ann.locator("#actions button").count() == 0
                assert "the host has paused the table" in ann.inner_text("#actions")
                # the host's page hears of the pause on its own socket: wait for it there too
                host.wait_for_selector("#resume", state="visible")
                assert host.locator("#pause").is_hidden()
                host.click("#resume")
                wait_until(ann, "!document.getElementById('status').textContent.includes('paused')")
                wait_until(ann, "document.querySelectorAll('#actions button').length > 0")
                host.click("#end")
                wait_until(ann, "document.getElementById('status').textContent.includes('the session is over')")
                assert ann.locator("#actions button").count() == 0
                assert "the host ended it" in ann.inner_text("#feed")
            finally:
                browser.close()
