"""A real browser at Stop the Bus with draws (format.exchange.source: stock_or_discard): three seats in three
browser contexts. The table shows everyone the discard pile's top card and the size of the stock; a seat that
draws from the stock holds four cards and is offered one discard button per card; the card drawn is in no
other seat's page; the card discarded becomes everyone's top discard; a knock after the draw stops the bus.

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


@pytest.fixture(params=["stop-the-bus-draw"])
def server(request: Any, tmp_path: Path) -> Any:
    with served_table(tmp_path, "-p", request.param, "--port", "0", "--seats", "3", "--bots", "none",
                      "--seed", "5", "--hands", "1", "--log", str(tmp_path / "t.jsonl"), link="join") as link:
        yield link


def _hand(page: Any) -> List[str]:
    return page.eval_on_selector_all("#hand [data-card]", "nodes => nodes.map(n => n.dataset.card)")


def _click(page: Any, wanted: str) -> str:
    turn = page.evaluate("document.body.dataset.turn")
    buttons = page.locator("#actions button")
    labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
    index = next(i for i, label in enumerate(labels) if label.startswith(wanted))
    buttons.nth(index).click()
    wait_until(page, f"document.body.dataset.turn !== '{turn}' || !document.getElementById('error').hidden")
    assert page.locator("#error").is_hidden(), page.inner_text("#error")
    return labels[index]


def _seat_three(browser: Any, server: str, refused: List[str]) -> Dict[str, Any]:
    pages: Dict[str, Any] = {}
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
    return pages


@pytest.mark.parametrize("server", ["bastard-brag"], indirect=True)
def test_a_swap_for_the_face_down_centre_card_in_the_browser(server: str) -> None:
    """Bastard Brag: every page says a centre card lies face down and shows only the two face-up ones; the seat
    to act swaps one of its cards for it with its button; the card taken is in no other seat's page."""
    refused: List[str] = []
    with playwright_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            pages = _seat_three(browser, server, refused)
            for page in pages.values():
                wait_until(page, "document.getElementById('face-down') !== null")
                assert page.locator("#centre [data-card]").count() == 2
            first = next(name for name, page in pages.items() if "your turn" in page.inner_text("#status"))
            page, others = pages[first], [p for n, p in pages.items() if n != first]
            assert page.locator("#actions button", has_text="knock").count() == 0  # exchanging is compulsory
            before = _hand(page)
            label = _click(page, "swap")  # the first swap button is a swap for the face-down card
            assert label.endswith("for the face-down card"), label
            wait_until(page, f"document.querySelector('#hand [data-card=\"{label.split()[1]}\"]') === null")
            taken = next(card for card in _hand(page) if card not in before)
            for other in others:
                wait_until(other, "document.getElementById('feed').textContent.includes('face-down centre card')")
                assert other.locator(f"[data-card='{taken}']").count() == 0
                assert other.locator(f"[data-card='{label.split()[1]}']").count() == 0  # laid face down
        finally:
            browser.close()
    assert not refused, f"the page breaks its own Content-Security-Policy: {refused}"


def _tap_swap(page: Any, mine: str, centre: str) -> None:
    """Tap one of the seat's cards, then a centre card: the swap the page sends for them."""
    turn = page.evaluate("document.body.dataset.turn")
    page.click(f"#hand [data-card='{mine}']")
    page.click(f"#centre [data-card='{centre}']")
    wait_until(page, f"document.body.dataset.turn !== '{turn}' || !document.getElementById('error').hidden")
    assert page.locator("#error").is_hidden(), page.inner_text("#error")


@pytest.mark.parametrize("server", ["bastard-brag"], indirect=True)
def test_the_face_down_card_a_seat_laid_is_swapped_back_by_tapping_it(server: str) -> None:
    """Bastard Brag: the seat that laid the face-down card sees it in the centre; tapping one of its cards and
    that card swaps them (sent as the engine takes it, 'down'), never refused; the others' pages never show it."""
    refused: List[str] = []
    with playwright_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            pages = _seat_three(browser, server, refused)
            order = []
            for _ in range(3):  # each seat in turn: the first lays a card face down, the others swap face-up cards
                name = next(n for n, p in pages.items() if n not in order and "your turn" in p.inner_text("#status"))
                page = pages[name]
                if not order:
                    laid = _click(page, "swap").split()[1]
                    wait_until(page, f"document.querySelector('#centre [data-card=\"{laid}\"]') !== null")
                else:
                    centre = [c for c in page.eval_on_selector_all("#centre [data-card]", "ns => ns.map(n => n.dataset.card)")]
                    assert laid not in centre and len(centre) == 2  # face down: not on this seat's page
                    _tap_swap(page, _hand(page)[0], centre[0])
                order.append(name)
            page = pages[order[0]]
            wait_until(page, "document.getElementById('status').textContent.includes('your turn')")
            mine = _hand(page)[0]
            _tap_swap(page, mine, laid)  # the card it laid: taken back, the other laid face down in its place
            wait_until(page, f"document.querySelector('#hand [data-card=\"{laid}\"]') !== null")
            for other in order[1:]:
                wait_until(pages[other], "document.getElementById('feed').textContent.includes('swaps a card for the face-down')")
                assert pages[other].locator(f"[data-card='{mine}']").count() == 0
        finally:
            browser.close()
    assert not refused, f"the page breaks its own Content-Security-Policy: {refused}"


def test_draw_discard_and_stop_the_bus_in_the_browser(server: str) -> None:
    with playwright_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            refused: List[str] = []
            pages = _seat_three(browser, server, refused)
            for page in pages.values():
                wait_until(page, "!document.getElementById('exchange').hidden")
                assert "stock" in page.inner_text("#exchange") and "discard pile" in page.inner_text("#exchange")
            first = next(name for name, page in pages.items()
                         if "your turn" in page.inner_text("#status"))
            page, others = pages[first], [p for n, p in pages.items() if n != first]
            before = _hand(page)
            _click(page, "draw from the stock")
            wait_until(page, "document.querySelectorAll('#hand [data-card]').length === 4")
            drawn = next(card for card in _hand(page) if card not in before)
            for other in others:  # the card drawn from the stock is the drawer's alone
                assert other.locator(f"[data-card='{drawn}']").count() == 0
            discards = page.locator("#actions button", has_text="discard")
            assert discards.count() == 4
            thrown = _click(page, "discard").split()[-1]
            for each in pages.values():  # the card discarded is everyone's top discard
                wait_until(each, f"document.querySelector('#discard-pile [data-card=\"{thrown}\"]') !== null")
            _click(page, "knock")  # the bus is stopped after the turn's draw
            for other in others:
                wait_until(other, "document.getElementById('feed').textContent.includes('knock')")
            while True:  # one final turn each: draw from the stock, discard the first card offered
                turn = next((p for p in others if "your turn" in p.inner_text("#status")), None)
                if turn is None:
                    break
                _click(turn, "draw from the stock")
                _click(turn, "discard")
            for each in pages.values():
                wait_until(each, "document.getElementById('feed').textContent.includes('loses a life')"
                                 " || document.getElementById('feed').textContent.includes('lose a life')")
        finally:
            browser.close()
    assert not refused, f"the page breaks its own Content-Security-Policy: {refused}"
