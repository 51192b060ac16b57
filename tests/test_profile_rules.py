"""Profile values mean what they say: no lax conversions, no impossible wild cards."""

from __future__ import annotations

import pytest

from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.actions import Action
from bragrules.profile import ProfileError, load_profile_text

from .helpers import deal_with, rules_for


@pytest.mark.parametrize("text, path, words", [
    ("table:\n  min_players: 3.0\n", "table.min_players", "whole number"),
    ("table:\n  cut: 'yes'\n", "table.cut", "true or false"),
    ("format:\n  lives: '3'\n", "format.lives", "whole number"),
    ("ranking:\n  wild:\n    cards: [Jc, Jc]\n", "ranking.wild", "named twice"),
    ("ranking:\n  wild:\n    ranks: ['2', '2']\n", "ranking.wild", "named twice"),
    ("ranking:\n  wild:\n    cards: [Jk]\n", "ranking.wild.cards", "pack.jokers"),
])
def test_values_are_taken_as_written(text: str, path: str, words: str) -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile_text(text, filename="p.yaml")
    message = str(refused.value)
    assert message.startswith("p.yaml:") and path in message and words in message


def test_a_named_joker_is_wild_when_the_pack_has_it() -> None:
    profile = load_profile_text("pack: {jokers: 1}\nranking:\n  wild:\n    cards: [Jk]\n")
    assert profile.ranking.wild.cards == ["Jk"]


def test_a_malformed_swap_is_refused_and_changes_nothing() -> None:
    rules = rules_for("crash", format={"exchange": {"enabled": True, "centre_cards": 3, "swap": "one_or_three"}})
    deal = deal_with(rules, {"A": "2c 5d 9h", "B": "Kc Kd 4s"}, centre=parse_cards("Ah Ad 3s"))
    before = (deal.centre[:], deal.players["A"].hand)
    for bad in (Action("A", "swap"), Action("A", "swap", cards=((parse_cards("2c")[0],),)),
                Action("A", "swap", cards=(tuple(parse_cards("2c 5d")), tuple(parse_cards("Ah"))))):
        with pytest.raises(RuleViolation) as info:
            deal.apply(bad)
        assert info.value.rule == "format.exchange"
    assert (deal.centre, deal.players["A"].hand) == before
