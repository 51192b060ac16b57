"""seeing.side_show.equal_stakes: a side-show only between two equal stakes.

The page (3pattimaster, https://3pattimaster.com/blog/teen-patti-side-show-kya-hota-hai-explained):
"a player who has placed the same stake as another player may request a side show with that player";
"Betting reaches a stage where two players have placed equal stakes."

Under standard (ante 1; a blind player pays half the seen rate) with four players (A: K-high flush,
B: a run 5-6-7, C: jack high, D: queen high). A stake is everything put into the pot this deal;
where asking costs the chaal, the asker's stake counts the chaal paid with the request.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.session import Session
from bragrules.explainers.diff import compare, render_text
from bragrules.explainers.rulebook import build_rulebook, render
from bragrules.history import parse_sheet
from bragrules.profile import load_profile_text
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules

from ..helpers import FOUR, deal_with, play, rules_for

LOOKED = ["A look", "A bet 2", "B look", "B bet 2", "C look"]
"""Everyone seen from the start: B has staked 3 (ante and a bet of 2), C's 1 and the chaal of 2 make 3."""
B_BLIND_LONGER = ["A look", "A bet 2", "B bet 1", "C look", "C bet 2", "D look", "D bet 2", "A bet 2", "B look",
                  "B bet 2"]
"""B bet once blind (half the seen rate): B has staked 1 + 1 + 2 = 4; C's 3 and the chaal of 2 would make 5."""


def _deal(equal: bool, **side_show: object):  # type: ignore[no-untyped-def]
    return deal_with(rules_for("standard", seeing={"side_show": {"allowed": True, "equal_stakes": equal,
                                                                 **side_show}}), FOUR)


def test_equal_stakes_may_side_show() -> None:
    deal = play(_deal(True), LOOKED)
    assert "sideshow" in {o.kind for o in deal.legal_actions()}
    play(deal, ["C sideshow 2"])
    assert deal.players["C"].contributed == deal.players["B"].contributed == 3
    assert deal.to_act == "B"


def test_unequal_stakes_may_not() -> None:
    """B stayed blind a round longer: B's stake is short of C's, so C may not ask B."""
    deal = play(_deal(True), B_BLIND_LONGER)
    assert deal.players["B"].contributed == 4 and deal.players["C"].contributed == 3
    assert "sideshow" not in {o.kind for o in deal.legal_actions()}
    before = (deal.pot, len(deal.actions), deal.to_act)
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("C sideshow 2")
    assert refused.value.rule == "seeing.side_show.equal_stakes"
    assert "C's, with the chaal, would be more than B's" in str(refused.value)
    assert (deal.pot, len(deal.actions), deal.to_act) == before  # nothing changed


def test_without_the_condition_the_stakes_may_differ() -> None:
    deal = play(_deal(False), B_BLIND_LONGER)
    assert "sideshow" in {o.kind for o in deal.legal_actions()}
    play(deal, ["C sideshow 2", "B accepts"])
    assert deal.players["C"].folded


def test_a_free_side_show_compares_the_stakes_as_they_are() -> None:
    """Asking costs nothing: the stakes are compared before any bet of the turn."""
    deal = play(_deal(True, cost="none"), LOOKED)
    assert "sideshow" not in {o.kind for o in deal.legal_actions()}  # B 3, C 1
    deal = play(_deal(True, cost="none"), ["A look", "A bet 2", "B look", "B bet 2", "C look", "C bet 2",
                                           "D look", "D bet 2", "A bet 2", "B bet 2", "C bet 2", "D bet 2"])
    assert "sideshow" in {o.kind for o in deal.legal_actions()}  # A 5 against D 5
    play(deal, ["A sideshow"])


SHEET = ("format: bragrules-history/1\nprofile: equal-stakes\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
         "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n"
         "    actions: [A look, A bet 2, B bet 1, C look, C bet 2, D look, D bet 2, A bet 2, B look, B bet 2,"
         " C sideshow 2, 'B accepts, C folds', D fold, A see 4]\n")
PROFILE = ("extends: standard\nname: equal-stakes\n"
           "seeing: {side_show: {allowed: true, equal_stakes: true}}\n")


def test_the_audit_cites_a_side_show_between_unequal_stakes() -> None:
    report = audit(parse_sheet(SHEET, filename="sheet.yaml"), load_profile_text(PROFILE))
    assert [(v.rule, v.action) for v in report.violations][:1] == [("seeing.side_show.equal_stakes", 10)]
    fine = audit(parse_sheet(SHEET, filename="sheet.yaml"), load_profile_text(PROFILE.replace("true}}", "false}}")))
    assert fine.ok, [str(v) for v in fine.violations]


def test_arbitrate_cites_the_condition() -> None:
    asked = SHEET.replace(" C sideshow 2, 'B accepts, C folds', D fold, A see 4]", "]\n    dispute: C sideshow 2")
    (ruling,) = arbitrate(parse_sheet(asked, filename="s.yaml"), [load_profile_text(PROFILE)]).rulings
    assert not ruling.allowed and ruling.rules[0] == "seeing.side_show.equal_stakes"


def test_the_rulebook_and_diff_say_it() -> None:
    on, off = load_profile_text(PROFILE), load_profile_text(PROFILE.replace("true}}", "false}}"))
    assert "only between equal stakes" in render(build_rulebook(on))
    assert "only between equal stakes" not in render(build_rulebook(off))
    told = render_text(compare([("off", off), ("on", on)]))
    assert "seeing.side_show.equal_stakes" in told and "only between equal stakes" in told, told
    assert compile_rules(on).side_show is not None and compile_rules(on).side_show.equal_stakes  # type: ignore[union-attr]


def _play_side_shows(seed: int, players: int, cost: str) -> int:
    """Random sessions under the condition, side-shows asked whenever offered (mostly); every one asked leaves
    the asker's stake equal to the asked player's. Returns how many were asked."""
    profile = Profile.model_validate({"seeing": {"side_show": {"allowed": True, "equal_stakes": True, "cost": cost}}})
    session = Session(compile_rules(profile), ["A", "B", "C", "D", "E", "F"][:players], seed=seed)
    rng = random.Random(seed)
    asked_for = 0
    for _ in range(3):
        deal = session.start_deal()
        while not deal.is_over:
            options = deal.legal_actions()
            sides = [o for o in options if o.kind == "sideshow"]
            option = sides[0] if sides and rng.random() < 0.8 else rng.choice(options)
            asked = deal.previous_bettor(option.player) if option.kind == "sideshow" else None
            session.act(option.action(option.amount))
            if asked is not None:
                asked_for += 1
                assert deal.players[option.player].contributed == asked.contributed
        session.finish_deal()
    return asked_for


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6), cost=st.sampled_from(["chaal", "none"]))
def test_every_side_show_asked_is_between_equal_stakes(seed: int, players: int, cost: str) -> None:
    """Property: under the condition, every side-show asked leaves the asker's stake equal to the asked one's."""
    _play_side_shows(seed, players, cost)


def test_random_play_reaches_side_shows_between_equal_stakes() -> None:
    assert sum(_play_side_shows(seed, 4, cost) for seed in range(20) for cost in ("chaal", "none")) > 0
