"""The table read in a real browser in each language (Playwright driving Debian's Chromium, as
tests/test_browser_words.py does): a browser set to Hindi reads a Teen Patti table in Hindi, one set to
Chinese a Zha Jin Hua table in Chinese, one set to English the same tables in English, each from the
browser's own Accept-Language, at the same table.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Dict, List

import pytest

playwright_api = pytest.importorskip("playwright.sync_api",
                                     reason="the browser extra is not installed: pip install 'bragrules[browser]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install 'bragrules[web]'")

from tests.test_browser import CHROMIUM, FLAGS, wait_until  # noqa: E402
from tests.test_browser_words import click, serve, to_act  # noqa: E402

pytestmark = pytest.mark.skipif(not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)),
                                reason=f"no Chromium at {CHROMIUM}: apt-get install chromium "
                                "(or name one with BRAGRULES_CHROMIUM)")

LAPTOP: Dict[str, Any] = {"viewport": {"width": 1280, "height": 860}}


def sit(page: Any, link: str, name: str) -> None:
    page.set_default_timeout(30_000)
    page.goto(link)
    page.fill("#name", name)
    page.click("#join-form button")
    wait_until(page, "document.getElementById('you').textContent.includes('" + name + "')")


def labels(page: Any) -> List[str]:
    wait_until(page, "document.querySelectorAll('#actions button').length > 0")
    buttons = page.locator("#actions button")
    return [buttons.nth(i).inner_text() for i in range(buttons.count())]


@pytest.mark.parametrize("profile, locale, lang, sit_down, moves, script, dealt", [
    ("teen-patti", "hi-IN", "hi", "बैठें", ("चाल", "पैक"), "[\u0900-\u097F]", "बाज़ी 1: "),
    ("zha-jin-hua", "zh-CN", "zh", "坐下", ("跟注", "弃牌"), "[\u4e00-\u9fff]", "第1局："),
])
def test_a_table_read_in_its_players_language(tmp_path: Path, profile: str, locale: str, lang: str, sit_down: str,
                                              moves: Any, script: str, dealt: str) -> None:
    with serve(tmp_path, "-p", profile, "--seats", "2", "--seed", "7", "--hands", "2") as table, \
            playwright_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            local = browser.new_context(locale=locale, **LAPTOP).new_page()
            english = browser.new_context(locale="en-GB", **LAPTOP).new_page()
            local.set_default_timeout(30_000)
            local.goto(table["link"])
            assert local.evaluate("document.documentElement.lang") == lang
            assert local.inner_text("#join-form button") == sit_down
            assert english.goto(table["link"]) is not None
            assert english.evaluate("document.documentElement.lang") == "en"
            assert english.inner_text("#join-form button") == "Sit down"
            sit(local, table["link"], "Ann")
            sit(english, table["link"], "Bob")
            pages = {"Ann": local, "Bob": english}
            if to_act(pages) == "Bob":  # Bob bets in English (the game's English word), so that Ann has a turn
                bet = next(label for label in labels(english) if label.startswith(("chaal", "跟注", "bet")))
                assert not re.search(script, " ".join(labels(english)).replace("跟注", "").replace("弃牌", "")
                                     .replace("看牌", "").replace("比牌", "")), "English, in the game's own words"
                click(english, bet)
            assert to_act(pages) == "Ann"
            wait_until(local, f"document.getElementById('feed').textContent.includes({dealt!r})")
            feed = local.inner_text("#feed")  # the table's running account, in the reader's language
            assert not re.search(r"sits down|game starts|deals\b|chaals|bets", feed), feed
            assert "deal 1: " in english.inner_text("#feed") and "sits down" in english.inner_text("#feed")
            said = labels(local)
            for move in moves:
                assert any(label.startswith(move) or f"{move}:" in label or move in label for label in said), said
            heading = local.inner_text("#you")
            assert re.search(script, heading), heading
            pot = local.inner_text("#pot")
            assert re.search(script, pot), pot
            assert not re.search(script, " ".join(labels(english)) if to_act(pages) == "Bob" else
                                 english.inner_text("#you")), "the English browser reads English"
        finally:
            browser.close()
