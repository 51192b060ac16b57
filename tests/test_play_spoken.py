"""The terminal's lines of a betting table in the language spoken: each move, how the deal ended, whole
sentences from the catalogue with the game's words filled in, and English kept exactly as before."""

from __future__ import annotations

import re

import pytest

from bragrules.core.cards import parse_cards
from bragrules.core.i18n import speaking
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal
from bragrules_cli.play_results import explain_result
from bragrules_cli.play_view import describe_action
from tests.helpers import rules_for

ENGLISH_WORD = re.compile(r"\b(pays|shows|concedes|accepts|refuses|folds|wins|takes|without|showing)\b")


def _two_left(profile: str) -> Deal:
    """Two seen players (B has the better hand), ready for a see."""
    deal = Deal(rules_for(profile), ["A", "B"], {"A": parse_cards("2c 5d 9h"), "B": parse_cards("Kc Kd 4s")})
    for _ in range(20):  # each looks, then bets the least, until the one to act may see
        options = {o.kind: o for o in deal.legal_actions()}
        if "see" in options and all(p.seen for p in deal.players.values()):
            return deal
        deal.apply((options.get("look") or options["bet"]).action())
    raise AssertionError("no see offered")


@pytest.mark.parametrize("profile, lang, script, see_word", [
    ("teen-patti", "hi", "[\u0900-\u097F]", "शो"),
    ("zha-jin-hua", "zh", "[\u4e00-\u9fff]", "比牌"),
])
def test_a_see_and_its_result_are_told_in_the_language_spoken(profile: str, lang: str, script: str,
                                                             see_word: str) -> None:
    deal = _two_left(profile)
    see = next(o for o in deal.legal_actions() if o.kind == "see")
    action = see.action()
    deal.apply(action)
    while not deal.is_over:  # the shows the see asks for
        deal.apply(next(o for o in deal.legal_actions() if o.kind == "show").action())
    with speaking(lang):
        line = describe_action(deal, action)
        ended = explain_result(deal)
    assert see_word in line and re.search(script, line) and not ENGLISH_WORD.search(line), line
    said = " ".join(ended)
    assert re.search(script, said) and "B" in said, said
    assert not re.search(r"\b(shows|wins|win)\b", said), said


def test_english_lines_are_unchanged() -> None:
    deal = _two_left("standard")
    action = next(o for o in deal.legal_actions() if o.kind == "see").action()
    deal.apply(action)
    assert describe_action(deal, action) == f"[bold]{action.player}[/] pays {action.amount} to see"


def test_a_fold_that_ends_the_deal_is_told_in_chinese() -> None:
    deal = _two_left("zha-jin-hua")
    deal.apply(Action(deal.to_act or "A", "fold"))
    with speaking("zh"):
        said = " ".join(explain_result(deal))
    assert "不亮牌" in said and "without" not in said, said
