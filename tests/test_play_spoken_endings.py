"""``bragrules play`` in Chinese and Hindi, whole: why each deal ended (told from the result's data, the
recorded English reason untouched), the moves of exchange and arrangement games, a move that cannot be read,
and ``help`` wrapped by the columns a terminal shows; English exactly as before."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Dict, List

import pytest

from bragrules.core.cards import parse_cards
from bragrules.core.i18n import speaking
from bragrules.engine.deal import Deal
from bragrules.play.endings import spoken_reason
from bragrules.play.table import Observer, Seat, Table
from bragrules.profile import load_profile
from tests.helpers import rules_for

GAMES = ["standard", "teen-patti", "zha-jin-hua", "crash", "crash-13", "stop-the-bus", "stop-the-bus-draw",
         "thirteen-card", "nine-card", "seven-card", "four-card-discard", "kissing-missing-discard", "post-and-pair"]

ENGLISH_SENTENCE = re.compile(
    r"\b(saw|swaps?|draws?|discards?|knocks?|knocked|arranges?|passes|stands|takes|loses|lowest hand|hands won|"
    r"everyone|folds|bets|dealt|carries|Centre|Discard pile|stock|lives|points this deal|scores|is not|write|"
    r"a point for each|the bus|left out|hint|your cards|Your|next deal)\b")
"""English words of the sentences play says (a player's name, a card, a rule's path are not among them)."""


class _Ended(Observer):
    """Keeps every deal a table finishes."""

    def __init__(self) -> None:
        self.deals: List[Deal] = []

    def deal_ended(self, table: Table, deal: Deal, record: object) -> None:  # type: ignore[override]
        self.deals.append(deal)


def _deals(profile: str, seed: int, hands: int = 6) -> List[Deal]:
    ended = _Ended()
    seats = [Seat(name, style) for name, style in zip(("Ada", "Bo", "Cy", "Dot"),
                                                      ("cautious", "loose", "blind_bluffer", "see_happy"))]
    table = Table.new(load_profile(profile), seats, seed=seed, profile_name=profile, observer=ended, hands=hands)
    table.run(max_deals=hands)
    return ended.deals


def _latin_left(text: str, names: List[str]) -> List[str]:
    """The words of Latin script left in ``text`` once names, cards, amounts and rule paths are taken out."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"\b[a-z_]+(\.[a-z_0-9]+)+\b", " ", text)  # a rule's path: seeing.tie
    return [w for w in re.findall(r"[A-Za-z]{3,}", text)]


@pytest.mark.parametrize("seed", [7, 19])  # 19: Kissing-Missing's pot reaches its limit
@pytest.mark.parametrize("profile", GAMES)
def test_why_each_deal_ended_is_the_recorded_reason_in_english_and_in_the_words_of_zh_and_hi(profile: str,
                                                                                            seed: int) -> None:
    deals = _deals(profile, seed=seed)
    assert deals
    for deal in deals:
        assert deal.result is not None
        recorded = deal.result.reason
        assert spoken_reason(deal) == recorded, (deal.result.ending, recorded)  # told from data, same words
        for lang in ("zh", "hi"):
            with speaking(lang):
                said = spoken_reason(deal)
            assert deal.result.reason == recorded  # the record is never touched
            left = _latin_left(said, list(deal.players))
            assert not left, (lang, said, left)


def test_a_see_a_concession_a_fold_and_lives_are_each_told_in_chinese() -> None:
    deal = Deal(rules_for("standard"), ["A", "B"], {"A": parse_cards("2c 5d 9h"), "B": parse_cards("Kc Kd 4s")})
    for move in ("A look", "A bet 2", "B look", "B see 4"):
        deal.apply_text(move)
    with speaking("zh"):
        assert spoken_reason(deal) == "B与A比牌"
    folded = Deal(rules_for("standard"), ["A", "B", "C"], {p: None for p in "ABC"})
    for move in ("A bet 1", "B fold", "C fold"):
        folded.apply_text(move)
    assert folded.result is not None and folded.result.reason == "everyone else folded; A takes the pot"
    with speaking("hi"):
        assert spoken_reason(folded) == "बाकी सबने पैक किया; A पॉट लेता है"


def _cli(*args: str, stdin: str = "") -> str:
    env = {k: v for k, v in os.environ.items() if k != "BRAGRULES_LANG"}
    env.update({"NO_COLOR": "1", "COLUMNS": "200"})
    done = subprocess.run([sys.executable, "-m", "bragrules_cli.app", *args], input=stdin, capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _said_lines(out: str) -> List[str]:
    """The lines play says, less the header and the profile's own description (which stays as written)."""
    return [line for line in out.splitlines()[2:] if not re.search(r"[─━┃│]", line)]


@pytest.mark.parametrize("lang, profile", [("zh", "crash-13"), ("hi", "stop-the-bus"), ("zh", "stop-the-bus-draw"),
                                           ("hi", "four-card-discard"), ("zh", "nine-card"),
                                           ("hi", "kissing-missing-discard")])
def test_watching_a_game_in_chinese_or_hindi_says_no_english_sentence(lang: str, profile: str) -> None:
    out = _cli("--lang", lang, "play", "-p", profile, "--auto", "--no-explain", "--hands", "3", "--seed", "2",
               "--log", os.devnull)
    names = ["Ada", "Bo", "Cy", "Dot"]
    for line in _said_lines(out):
        assert not ENGLISH_SENTENCE.search(line), line
        assert not _latin_left(line, names), line


def test_english_lines_of_an_exchange_and_an_arrangement_are_as_before() -> None:
    bus = _cli("play", "-p", "stop-the-bus-draw", "--auto", "--no-explain", "--hands", "1", "--seed", "2",
               "--log", os.devnull)
    assert re.search(r"^\w+ draws (from the stock|the top discard)$", bus, re.M), bus
    assert re.search(r"^\w+ discards \S+$", bus, re.M) and "lives: " in bus
    assert re.search(r"^\[?lowest hand: \w+ loses? a life", bus, re.M) or "tied lowest hands" in bus
    crash = _cli("play", "-p", "crash-13", "--auto", "--no-explain", "--hands", "1", "--seed", "2", "--log",
                 os.devnull)
    assert "Ada arranges their hands" in crash and "hands won: " in crash and "points this deal: " in crash
    assert re.search(r"^scores \(to 21\): ", crash, re.M), crash


@pytest.mark.parametrize("lang, profile, typed", [
    ("zh", "crash-13", ["arrange Zz Ah", "florp", "arrange Ah Ad Ac |"]),
    ("hi", "stop-the-bus", ["swap 4c zz", "florp"]),
    ("hi", "teen-patti", ["chaal abc", "chaal -3", "florp", "pack now"]),
    ("zh", "zha-jin-hua", ["跟注 abc", "florp"]),
])
def test_a_move_that_cannot_be_read_is_refused_in_the_language_spoken_as_typed(lang: str, profile: str,
                                                                               typed: List[str]) -> None:
    out = _cli("--lang", lang, "play", "-p", profile, "--players", "3", "--seed", "3", "--hands", "1",
               "--log", os.devnull, stdin="\n".join(typed + ["q"]) + "\n")
    refusals = [line for line in out.splitlines() if line.startswith("? ")]
    assert len(refusals) == len(typed), out
    script = "[\u4e00-\u9fff]" if lang == "zh" else "[\u0900-\u097F]"
    for line in refusals:
        unquoted = re.sub(r"'[^']*'", "", line)  # the move as typed, and what to type, are quoted
        unquoted = re.sub(r"(你可以：|आप कर सकते हैं:)[^（(]*", "", unquoted)  # the moves open, as they are typed
        assert re.search(script, unquoted) and not ENGLISH_SENTENCE.search(unquoted), line
        assert "bet abc" not in line and "fold now" not in line, line  # quoted as typed, not as the engine reads it
    assert any("'chaal abc'" in line or "'跟注 abc'" in line for line in refusals) or profile in ("crash-13",
                                                                                                "stop-the-bus")


def test_help_is_wrapped_by_the_columns_a_terminal_shows() -> None:
    from bragrules_cli.play_help import help_text
    from bragrules_cli.wide_tables import terminal_width

    widths: Dict[str, List[int]] = {}
    for lang in ("zh", "hi"):
        with speaking(lang):
            text = help_text(load_profile("stop-the-bus-draw"), width=60)
        widths[lang] = [terminal_width(line) for line in text.splitlines()]
    assert all(w <= 60 for ws in widths.values() for w in ws), widths
    assert all(len(ws) > 5 for ws in widths.values())  # long descriptions went onto more lines
    english = help_text(load_profile("stop-the-bus-draw"), width=60)
    assert all(len(line) <= 60 for line in english.splitlines()) and "draw stock / draw discard" in english


def test_the_log_of_a_session_played_in_chinese_records_english_reasons(tmp_path: Path) -> None:
    log = tmp_path / "zh.jsonl"
    _cli("--lang", "zh", "play", "-p", "crash", "--auto", "--hands", "2", "--seed", "4", "--log", str(log))
    text = log.read_text(encoding="utf-8")
    assert "lowest hand" in text or "tied lowest hands" in text
    assert not re.search("[\u4e00-\u9fff]", text)
