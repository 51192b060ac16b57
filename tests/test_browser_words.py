"""What the page says, in a real browser (Playwright driving Debian's Chromium, as tests/test_browser.py
does): the lobby without empty panels, the table's icon, the host's styled Start button and bot styles,
a tie explained by the rule that decided it, the hands' names, and a blind survivor who keeps the
unseen hand and then holds two hands, one looked at and one still face down.

The deals are fixed by their seeds (casual, seed 11552: equal runs in the first deal). With
``BRAGRULES_SCREENSHOTS=1`` the tie and the two-hands screens are kept as docs/web-tie.png and
docs/web-two-hands.png for the README.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, Iterator, List

import pytest

from tests.helpers import wait_for

playwright_api = pytest.importorskip("playwright.sync_api",
                                     reason="the browser extra is not installed: pip install 'bragrules[browser]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install 'bragrules[web]'")

from tests.test_browser import CHROMIUM, FLAGS, ROOT, wait_until  # noqa: E402

pytestmark = pytest.mark.skipif(not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)),
                                reason=f"no Chromium at {CHROMIUM}: apt-get install chromium "
                                "(or name one with BRAGRULES_CHROMIUM)")

TIE_SEED = 11552
LAPTOP = {"viewport": {"width": 1280, "height": 860}}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
TIE_WORDS = "Equal hands: a tie goes against the player who called the see (every rules text)"


@contextlib.contextmanager
def serve(tmp_path: Path, *args: str) -> Iterator[Dict[str, str]]:
    """A table served on a free port; its join link and host link."""
    err = tmp_path / "serve.txt"
    with open(err, "w") as stderr:
        process = subprocess.Popen([sys.executable, "-m", "bragrules_cli.app", "serve", "--port", "0", "--bots", "none",
                                    "--log", "table.jsonl", *args], cwd=tmp_path,  # the host is shown the short name
                                   stdout=subprocess.DEVNULL, stderr=stderr, env={**os.environ, "NO_COLOR": "1"})
    try:
        wait_for(lambda: "Host link" in err.read_text() or process.poll() is not None, "the server's links")
        assert process.poll() is None, err.read_text()
        text = err.read_text()
        link = text.split("Join link to share: ")[1].split()[0]
        host = text.split("Host link")[1].split("): ")[1].split()[0]
        yield {"link": link, "host": host}
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)


def sit(page: Any, link: str, name: str) -> None:
    page.set_default_timeout(120_000)
    page.goto(link)
    page.fill("#name", name)
    page.click("#join-form button")
    wait_until(page, "document.getElementById('you').textContent.includes('You are')")


def my_turn(page: Any) -> bool:
    """Whether it is this seat's turn, whatever language the page reads in (the page marks it on its body)."""
    return bool(page.evaluate("document.body.dataset.yours === 'turn'"))


def click(page: Any, label: str) -> None:
    """Click this seat's button whose words begin with ``label``, and wait for the table to move on."""
    wait_until(page, "document.body.dataset.yours === 'turn'")
    turn = page.evaluate("document.body.dataset.turn")
    buttons = page.locator("#actions button")
    labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
    index = next((i for i, text in enumerate(labels) if text.startswith(label)), None)
    assert index is not None, f"no button {label!r} among {labels}"
    buttons.nth(index).click()
    wait_until(page, f"document.body.dataset.turn !== '{turn}' || !document.getElementById('error').hidden")
    assert page.locator("#error").is_hidden(), page.inner_text("#error")


def to_act(pages: Dict[str, Any]) -> str:
    for _ in range(400):
        for name, page in pages.items():
            if my_turn(page):
                return name
        next(iter(pages.values())).wait_for_timeout(25)  # the next state is on its way
    raise AssertionError("nobody's turn")


def keep(shot: Path, target: str) -> None:
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and 10_000 < shot.stat().st_size < 400_000
    if os.environ.get("BRAGRULES_SCREENSHOTS") == "1":
        shutil.copy(shot, ROOT / "docs" / target)


def test_the_lobby_the_host_and_a_tie_explained(tmp_path: Path) -> None:
    with serve(tmp_path, "-p", "casual", "--seats", "2", "--seed", str(TIE_SEED), "--hands", "2") as table, \
            playwright_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        refused: List[str] = []
        try:
            laptop = browser.new_context(**LAPTOP).new_page()
            phone = browser.new_context(**PHONE).new_page()
            for page in (laptop, phone):
                page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
            laptop.set_default_timeout(120_000)
            laptop.goto(table["host"])
            wait_until(laptop, "document.body.dataset.phase === 'lobby'")
            hidden = laptop.evaluate("['last', 'standings', 'mine', 'disputes', 'log']"
                                     ".filter((id) => document.getElementById(id).hidden)")
            assert hidden == ["last", "standings", "mine", "disputes", "log"], "the lobby shows no empty panel"
            icon = laptop.evaluate("""fetch(document.querySelector('link[rel=icon]').href)
                .then((r) => r.status + ' ' + r.headers.get('content-type'))""")
            assert icon == "200 image/svg+xml", icon
            style = laptop.evaluate("""(() => { const s = getComputedStyle(document.getElementById('start')),
                b = getComputedStyle(document.querySelector('#join-form button'));
                return [s.backgroundColor, s.borderRadius, s.paddingTop, b.backgroundColor, b.borderRadius, b.paddingTop]; })()""")
            assert style[:3] == style[3:] and style[0] != "rgba(0, 0, 0, 0)", style
            styles = laptop.evaluate("[...document.querySelectorAll('#replace-style option')].map((o) => o.value)")
            assert styles[0] == "cautious" and set(styles) >= {"cautious", "loose", "blind_bluffer", "see_happy"}
            assert laptop.evaluate("document.getElementById('replace-style').value") == "cautious"

            sit(laptop, table["host"], "Ann")
            assert laptop.evaluate("document.getElementById('replace-name').value") == "Ann", \
                "the host's list names a person, not a blank"
            sit(phone, table["link"], "Bob")
            pages = {"Ann": laptop, "Bob": phone}
            for page in pages.values():
                wait_until(page, "document.getElementById('profile').textContent.includes('deal 1')")
            assert laptop.locator("#mine").is_visible() and laptop.locator("#disputes").is_visible()
            first = to_act(pages)
            click(pages[first], "look at your cards")
            assert pages[first].inner_text("#hand .hand-name") == "run, Q-J-10", "the hand's name under it"
            click(pages[first], "bet")
            second = to_act(pages)
            click(pages[second], "look at your cards")
            click(pages[second], "see for")
            for page in pages.values():
                wait_until(page, "document.getElementById('last').textContent.includes('Deal 1')")
                last = page.inner_text("#last")
                assert f"{first} wins" in last and f"({second} saw {first})" in last, last
                assert TIE_WORDS in last, last
                assert last.count("run, Q-J-10") == 2, "both hands shown are named"
                assert f"({second} saw {first}; equal hands: a tie goes against the player who called the see)" \
                    in page.inner_text("#feed")
            shot = tmp_path / "tie.png"
            laptop.screenshot(path=str(shot), full_page=True)
            keep(shot, "web-tie.png")
        finally:
            browser.close()
    assert not refused, f"the page breaks its own Content-Security-Policy: {refused}"


def test_a_blind_survivor_keeps_the_hand_and_then_holds_two(tmp_path: Path) -> None:
    with serve(tmp_path, "-p", "traditional", "--seats", "3", "--seed", "5", "--hands", "4") as table, \
            playwright_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            pages = {name: browser.new_context(**LAPTOP).new_page() for name in ("Ann", "Bob", "Cat")}
            for name, page in pages.items():
                sit(page, table["link"], name)
            survivor = to_act(pages)
            page = pages[survivor]
            click(page, "bet")
            for _ in range(2):
                click(pages[to_act(pages)], "fold")
            wait_until(page, "document.getElementById('status').textContent.includes('your turn')")
            carry = page.inner_text("#actions .carry")
            assert "you are still blind" in carry, carry
            assert ("a blind player whose opponents all fold does not collect: the whole pot carries into the "
                    "next deal (the traditional rules text)") in carry, carry
            assert "may keep the unseen hand into the next deal and hold two hands (the traditional rules text, " \
                   "section 5)" in carry, carry
            click(page, "keep your unseen hand")
            wait_until(page, "document.getElementById('profile').textContent.includes('deal 2')")
            while to_act(pages) != survivor:
                click(pages[to_act(pages)], "bet")
            heading = page.inner_text("#you")
            assert "two hands, both face down" in heading and "look at one of them" in heading, heading
            assert page.locator("#hand .card.back").count() == 6
            click(page, "look at the old hand")
            heading = page.inner_text("#you")
            assert "stay face down until you look" not in heading, heading
            assert "the old hand is face up, the new one still face down" in heading, heading
            assert "keep it (the new one goes, unseen) or discard it (you play the new one blind)" in heading
            assert page.locator("#hand .card.back").count() == 3, "the hand not looked at keeps its backs"
            assert page.locator("#hand .card:not(.back)").count() == 3
            assert page.inner_text("#hand .hand-group >> nth=0").startswith("old hand")
            assert page.locator("#hand .hand-name").count() == 1
            shot = tmp_path / "two-hands.png"
            page.screenshot(path=str(shot), full_page=True)
            keep(shot, "web-two-hands.png")
        finally:
            browser.close()
