"""The computer players' reasons (``--explain``), what was posted before the betting, and the lines of a peek and
an exposure, in Chinese and Hindi: whole sentences of the catalogue with the game's own words for its moves;
English exactly as before."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from fractions import Fraction
from typing import Dict, List

import pytest

from bragrules.core.cards import parse_cards
from bragrules.core.i18n import speaking
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session, play_session
from bragrules.play.bots import STYLES, Bot, make_bot
from bragrules.profile import load_profile
from bragrules.rules.compile import compile_rules
from bragrules.rules.forced_bets import AMOUNT_RULE, ANTE_RULE, posts_text
from bragrules.rules.hooks import Post
from tests.test_play_spoken_endings import ENGLISH_SENTENCE, _latin_left

NAMES = ["Ada", "Bo", "Cy", "Dot"]

REASON_WORDS = re.compile(r"\b(beats?|hands|holdings|blind|sees|folds|pays|asks|accepts|refuses|looks|keeps|raises|"
                          r"checks|stakes|random|standing|strategy|shows|concedes|knocks|passes|takes|arranges)\b")
"""English words of the reasons a bot gives (its hand's name and cards aside)."""


def _cli(*args: str) -> str:
    env = dict(os.environ, NO_COLOR="1", COLUMNS="200")
    env.pop("BRAGRULES_LANG", None)
    done = subprocess.run([sys.executable, "-m", "bragrules_cli.app", *args], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _reasons_given(profile: str, lang: str, seed: int = 3, deals: int = 6) -> List[str]:
    """Every reason four bots (one of each style) give over a few deals of ``profile``, read in ``lang``."""
    rules = compile_rules(load_profile(profile))
    bots: Dict[str, Bot] = {name: make_bot(style, random.Random(seed + i), name)
                            for i, (name, style) in enumerate(zip(NAMES, list(STYLES)[:3] + ["random"]))}
    said: List[str] = []

    def choose(deal: Deal) -> Action:
        player = deal.to_act
        assert player is not None
        action = bots[player].choose(deal.view(player))
        with speaking(lang):
            said.append(bots[player].explain())
        return action

    play_session(Session(rules, NAMES, seed=seed), choose, max_deals=deals)
    return said


@pytest.mark.parametrize("lang", ["zh", "hi"])
@pytest.mark.parametrize("profile", ["standard", "teen-patti", "zha-jin-hua", "stop-the-bus", "thirteen-card",
                                     "crash-13", "traditional", "banco", "three-card-casino", "joker-hunt",
                                     "four-card-discard", "nine-card-pots"])
def test_every_reason_a_bot_gives_is_said_in_the_language_spoken(profile: str, lang: str) -> None:
    reasons = _reasons_given(profile, lang)
    assert reasons
    script = "[\u4e00-\u9fff]" if lang == "zh" else "[\u0900-\u097F]"
    for reason in reasons:
        assert re.search(script, reason), (profile, reason)
        assert not REASON_WORDS.search(reason) and not ENGLISH_SENTENCE.search(reason), (profile, reason)
        assert not _latin_left(reason, NAMES + ["Pair Plus", "banco", "Play"]), (profile, reason)


def test_a_reason_names_the_games_own_moves() -> None:
    zha = _reasons_given("zha-jin-hua", "zh", deals=10)
    assert any("弃牌" in r for r in zha) and any("跟注" in r or "加注" in r for r in zha)
    teen = _reasons_given("teen-patti", "hi", deals=10)
    assert any("पैक" in r for r in teen) and any("चाल" in r for r in teen)


def test_english_reasons_are_as_before() -> None:
    out = _cli("play", "-p", "teen-patti", "--auto", "--hands", "3", "--seed", "5", "--explain", "--log", os.devnull)
    for line in ("Bo packs  — high card, K-10-3 beats 50% of hands: packs",
                 "Cy chaals 1 (blind, level 2)  — chaals 1 blind",
                 "Bo chaals 4 (level 4)  — colour, A-J-2 beats 96% of hands: raises, paying 4",
                 "Cy pays 128 to show  — pair of nines, three kicker beats 84% of hands: shows for 128",
                 "Cy chaals 2 (blind, level 4)  — lifts the level blind, paying 2",
                 "Dot looks at their cards  — looks at the cards"):
        assert line in out, line
    english = _reasons_given("standard", "en")
    assert any(re.fullmatch(r".+ beats \d+% of hands: (folds|bets \d+|sees for \d+|raises, paying \d+)", r)
               for r in english), english


@pytest.mark.parametrize("lang, profile", [("hi", "teen-patti"), ("zh", "zha-jin-hua"), ("zh", "standard")])
def test_watching_with_reasons_in_chinese_or_hindi_says_no_english_sentence(lang: str, profile: str) -> None:
    out = _cli("--lang", lang, "play", "-p", profile, "--auto", "--explain", "--hands", "3", "--seed", "5",
               "--log", os.devnull)
    lines = [line for line in out.splitlines()[2:] if not re.search(r"[─━┃│]", line)]
    explained = [line.split("  — ", 1)[1] for line in lines if "  — " in line]
    assert len(explained) > 10
    for line in lines:
        assert "Before the betting" not in line and not ENGLISH_SENTENCE.search(line), line
        assert not _latin_left(line, NAMES), line


def test_what_was_posted_is_english_as_before_and_whole_sentences_in_zh_and_hi() -> None:
    posted = [Post("A", "ante", Fraction(1), False, ANTE_RULE), Post("B", "ante", Fraction(2), False, ANTE_RULE),
              Post("C", "boot", Fraction(4), False, AMOUNT_RULE), Post("B", "big_blind", Fraction(1, 2), True, AMOUNT_RULE)]
    assert posts_text(posted) == "antes A 1, B 2; C puts in the boot of 4; B posts the big blind of ½ (the first bet)"
    for lang in ("zh", "hi"):
        with speaking(lang):
            said = posts_text(posted)
        assert "½" in said and "4" in said and not _latin_left(said, ["A", "B", "C"]), said


def test_a_peek_and_an_exposure_are_told_in_the_language_spoken() -> None:
    from bragrules_cli.play_view import describe_action

    rules = compile_rules(load_profile("standard"))
    deal = Deal(rules, ["Ada", "Bo", "Cy"], {"Ada": parse_cards("2c 7d 9h"), "Bo": parse_cards("3c 4d 6s"),
                                            "Cy": parse_cards("Kh Qs 9c")})
    moves = [Action("Ada", "peek", target="Bo"), Action("Ada", "expose", target="Cy"), Action("Bo", "expose")]
    english = [describe_action(deal, move) for move in moves]
    for lang, script in (("zh", "[\u4e00-\u9fff]"), ("hi", "[\u0900-\u097F]")):
        with speaking(lang):
            lines = [describe_action(deal, move) for move in moves]
        for line, move in zip(lines, moves):
            assert re.search(script, line) and move.player in line and (move.target or "") in line, line
            assert not _latin_left(re.sub(r"\[/?bold\]", "", line), ["Ada", "Bo", "Cy"]), line
        assert len(set(lines)) == 3
    assert english == [describe_action(deal, move) for move in moves]  # English as it was


def test_the_solved_bot_standing_in_says_why_in_the_language_spoken() -> None:
    pytest.importorskip("numpy")
    rules = compile_rules(load_profile("standard"))
    bot = make_bot("solved", random.Random(1), "Ada")
    deal = Deal(rules, NAMES, {name: parse_cards(cards) for name, cards in
                               zip(NAMES, ["2c 7d 9h", "3c 4d 6s", "Kh Qs 9c", "5d 5h Jc"])})
    while deal.to_act != "Ada":
        deal.apply_text(f"{deal.to_act} fold")
    bot.choose(deal.view("Ada"))
    assert bot.explain().startswith("cautious, standing in for solved (no strategy solved for this profile")
    with speaking("zh"):
        said = bot.explain()
    assert re.search("[\u4e00-\u9fff]", said) and not REASON_WORDS.search(said), said
    assert getattr(bot, "on_strategy", False) is False
