"""seeing.side_show: Teen Patti's side-show ("compromise"), a private comparison between a seen
player and the previous seen player; the weaker hand folds.

The scenarios, under standard (ante 1, a seen bet of 2 at level 2) with four players who have
all looked (A: K-high flush, B: a run 5-6-7, C: jack high, D: queen high), each quoting its page:

- teenpatti.9game (http://teenpatti.9game.com/guide/news-85367.html): "When a player's turn comes,
  he or she can call in for a side show. This is done after putting the bet amount. Side show is
  done with the player who bet before the side show caller. If the other player accepts the side
  show request, then both players privately compare their cards. The winner will keep the card
  and the player with the lower card has to fold."
- unfetteredblather (https://unfetteredblather.com/teen-patti-how-to-play/): "If the player
  refuses, then betting goes on as usual."
- jungleeteenpatti (https://jungleeteenpatti.com/Learn-TeenPatti.html): "Sideshow is enabled only
  if a player has seen their cards and the previous player has also seen their cards. It can only
  be initiated when there are more than two active players left at the table."
- mega888 (https://www.mega888.com.ph/game-list/teen-patti-joker-jili/): "If the hands are equal in
  a show (or a sideshow), the player who asked for a show (or a sideshow) must fold."
- dev.to downloaddotzone (https://dev.to/downloaddotzone/teen-patti-gold-play-desi-poker-online-1po5):
  "If he rejects, then the player playing will be asked to pay the amount that the previous
  player bet."
- kaygamestp (https://kaygamestp.com/classicrules.html): "If refused, the challenger must continue
  playing."
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.events import SideShowAnswer
from bragrules.engine.session import Session
from bragrules.history import parse_sheet
from bragrules.profile import load_profile_text
from bragrules.profile.loader import profile_hash
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules

from ..helpers import FOUR, deal_with, play, rules_for

ON = {"allowed": True}
LOOKED = ["A look", "A bet 2", "B look", "B bet 2", "C look"]
SIDE_SHOW_PROFILE = "extends: standard\nname: side-show\nseeing: {side_show: {allowed: true}}\n"


def _deal(**side_show: object):  # type: ignore[no-untyped-def]
    return deal_with(rules_for("standard", seeing={"side_show": {**ON, **side_show}}), FOUR)


def test_the_weaker_hand_folds_after_the_chaal_is_paid() -> None:
    """9game: "This is done after putting the bet amount [...] the player with the lower card has to fold"."""
    deal = play(_deal(), LOOKED)
    side = next(o for o in deal.legal_actions() if o.kind == "sideshow")
    assert side.amount == 2  # the chaal, the least seen bet at level 2
    play(deal, ["C sideshow 2"])
    assert deal.to_act == "B" and deal.pot == 10 and deal.level == 2
    assert [o.kind for o in deal.legal_actions()] == ["accept", "refuse"]
    event = deal.apply_text("B accepts")
    assert event == SideShowAnswer("B", "C", True, "C")  # jack high against a run: C folds
    assert deal.in_play == ["A", "B", "D"] and deal.to_act == "D"
    assert str(deal.actions[-1]) == "B accepts, C folds"  # the history says who folded


def test_the_stronger_asker_makes_the_asked_fold() -> None:
    deal = play(_deal(), ["A look", "A bet 2", "B look", "B bet 2", "C look", "C bet 2", "D look",
                          "D sideshow 2", "C accepts"])
    assert deal.players["C"].folded and not deal.players["D"].folded and deal.to_act == "A"


def test_equal_hands_the_asker_folds() -> None:
    """mega888: "If the hands are equal in a show (or a sideshow), the player who asked [...] must fold"."""
    hands = {**FOUR, "C": "5c 6d 7h"}  # the same run as B's
    deal = play(deal_with(rules_for("standard", seeing={"side_show": ON}), hands), LOOKED + ["C sideshow 2"])
    assert deal.apply_text("B accepts").loser == "C"
    both = play(deal_with(rules_for("standard", seeing={"side_show": {**ON, "tie": "both_stay"}}), hands),
                LOOKED + ["C sideshow 2", "B accepts"])
    assert both.in_play == ["A", "B", "C", "D"] and both.to_act == "D"


def test_only_between_seen_players_while_three_are_in() -> None:
    """jungleeteenpatti: both seen, "more than two active players left at the table"."""
    deal = play(_deal(), ["A look", "A bet 2", "B bet 1", "C look"])  # B, the previous player, is blind
    assert "sideshow" not in {o.kind for o in deal.legal_actions()}
    with pytest.raises(RuleViolation) as blind:
        deal.apply_text("C sideshow 2")
    assert blind.value.rule == "seeing.side_show.allowed" and "B, the previous player, is blind" in str(blind.value)
    assert deal.to_act == "C" and deal.pot == 7  # nothing changed
    asker_blind = play(_deal(), ["A look", "A bet 2", "B look", "B bet 2"])
    with pytest.raises(RuleViolation) as unseen:
        asker_blind.apply_text("C sideshow 2")
    assert unseen.value.rule == "seeing.side_show.allowed"
    four = play(_deal(min_in_play=4), ["A look", "A bet 2", "B look", "B bet 2", "C fold", "D look"])
    with pytest.raises(RuleViolation) as few:
        four.apply_text("D sideshow 2")
    assert few.value.rule == "seeing.side_show.min_in_play" and "needs four players still in; 3 are" in str(few.value)


def test_the_price_is_the_chaal_exactly() -> None:
    deal = play(_deal(), LOOKED)
    for wrong in ("C sideshow 4", "C sideshow"):
        with pytest.raises(RuleViolation) as refused:
            deal.apply_text(wrong)
        assert refused.value.rule == "seeing.side_show.cost"
    free = play(_deal(cost="none"), LOOKED)
    assert next(o for o in free.legal_actions() if o.kind == "sideshow").amount is None
    play(free, ["C sideshow"])
    assert free.pot == 8  # asking cost nothing


def test_a_refusal_lets_betting_go_on() -> None:
    """unfetteredblather: "If the player refuses, then betting goes on as usual"."""
    deal = play(_deal(), LOOKED + ["C sideshow 2", "B refuses"])
    assert deal.to_act == "D" and deal.in_play == ["A", "B", "C", "D"] and deal.players["C"].contributed == 3


def test_a_refused_asker_must_pay_the_bet() -> None:
    """dev.to: "If he rejects, then the player playing will be asked to pay the amount that the previous
    player bet"; kaygamestp: "If refused, the challenger must continue playing"."""
    deal = play(_deal(cost="none", refused="asker_pays"), LOOKED + ["C sideshow", "B refuses"])
    assert deal.to_act == "C" and sorted(o.kind for o in deal.legal_actions()) == ["bet"]
    with pytest.raises(RuleViolation) as fold:
        deal.apply_text("C fold")
    assert fold.value.rule == "seeing.side_show.refused"
    with pytest.raises(RuleViolation) as again:
        deal.apply_text("C sideshow")
    assert again.value.rule == "seeing.side_show.allowed"
    play(deal, ["C bet 2"])
    assert deal.to_act == "D"


def test_only_the_asked_player_answers() -> None:
    deal = play(_deal(), LOOKED + ["C sideshow 2"])
    for text, rule in (("D fold", "turn_order"), ("B bet 2", "seeing.side_show.allowed"), ("A accepts", "turn_order")):
        with pytest.raises(RuleViolation) as refused:
            deal.apply_text(text)
        assert refused.value.rule == rule
    with pytest.raises(RuleViolation) as nothing:
        play(_deal(), LOOKED).apply_text("C accepts")
    assert nothing.value.rule == "seeing.side_show.allowed" and "nobody has asked" in str(nothing.value)


def test_only_the_two_players_see_the_hands_compared() -> None:
    deal = play(_deal(), LOOKED + ["C sideshow 2", "B accepts"])
    assert deal.view("B").side_shows() == [("C", deal.players["C"].hand, "C")]
    assert deal.view("C").side_shows() == [("B", deal.players["B"].hand, "C")]
    for other in ("A", "D"):
        data = deal.view(other).to_json()
        assert data["side_shows"] == [] and data["seats"]["C"]["folded"]  # everyone sees who folded
        text = str(data)
        assert "2c" not in text and "5s" not in text  # neither hand compared reaches them


def test_without_the_rule_nothing_changes() -> None:
    deal = play(deal_with(rules_for("standard"), FOUR), LOOKED)
    assert "sideshow" not in {o.kind for o in deal.legal_actions()}
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("C sideshow 2")
    assert refused.value.rule == "seeing.side_show.allowed"
    assert compile_rules(load_profile_text("extends: standard\nname: s\n")).side_show is None
    unset = load_profile_text("extends: standard\nname: s\n")
    assert profile_hash(unset) == profile_hash(Profile.model_validate(
        {**unset.model_dump(mode="json"), "seeing": {**unset.model_dump(mode="json")["seeing"],
                                                    "side_show": {"allowed": False}}}))


def _sheet(accept: str) -> str:
    return ("format: bragrules-history/1\nprofile: side-show\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
            "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n"
            f"    actions: [A look, A bet 2, B look, B bet 2, C look, C sideshow 2, '{accept}', D look, D fold,"
            " A see 4]\n")


def test_the_audit_checks_the_fold_against_the_cards() -> None:
    profile = load_profile_text(SIDE_SHOW_PROFILE)
    clean = audit(parse_sheet(_sheet("B accepts, C folds"), filename="sheet.yaml"), profile)
    assert clean.ok, [str(v) for v in clean.violations]
    tampered = audit(parse_sheet(_sheet("B accepts, B folds"), filename="sheet.yaml"), profile)
    assert [(v.rule, v.action) for v in tampered.violations] == [("seeing.side_show.allowed", 6)]
    assert "B's beats C's, so C folds, not B" in tampered.violations[0].message  # the rest replayed as dealt


def test_arbitrate_rules_on_a_disputed_side_show() -> None:
    situation = ("format: bragrules-history/1\nprofile: side-show\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
                 "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n"
                 "    actions: [A look, A bet 2, B look, B bet 2, C look, C sideshow 2]\n"
                 "    dispute: 'B accepts, B folds'\n")
    (ruling,) = arbitrate(parse_sheet(situation, filename="s.yaml"), [load_profile_text(SIDE_SHOW_PROFILE)]).rulings
    assert not ruling.allowed and ruling.rules[0] == "seeing.side_show.allowed"
    asked = situation.replace(", C sideshow 2]", "]").replace("'B accepts, B folds'", "C sideshow 2")
    (allowed,) = arbitrate(parse_sheet(asked, filename="s.yaml"), [load_profile_text(SIDE_SHOW_PROFILE)]).rulings
    assert allowed.allowed and "seeing.side_show.allowed" in allowed.rules


def _random_session(profile: Profile, seed: int, players: int) -> int:
    rules = compile_rules(profile)
    names = ["A", "B", "C", "D", "E", "F"][:players]
    session = Session(rules, names, seed=seed)
    rng = random.Random(seed)
    total = sum(session.balances.values(), Fraction(0))
    shows = 0
    for _ in range(4):
        deal = session.start_deal()
        while not deal.is_over:
            options = deal.legal_actions()
            sides = [o for o in options if o.kind in ("sideshow", "accept", "refuse")]
            option = rng.choice(sides if sides and rng.random() < 0.7 else options)
            session.act(option.action(option.amount))
            held = [c for s in deal.players.values() for h in s.hands.values() if h for c in h]
            assert len(held) == len(set(held)) == 3 * players  # every card in one place
            assert sum(s.contributed for s in deal.players.values()) + deal.carried_in == deal.pot
        shows += sum(1 for e in deal.events if isinstance(e, SideShowAnswer))
        session.finish_deal()
        assert sum(session.balances.values()) + session.state.carried == total  # money conserved
    return shows


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6), cost=st.sampled_from(["chaal", "none"]),
       refused=st.sampled_from(["play_on", "asker_pays"]), tie=st.sampled_from(["asker_folds", "both_stay"]))
def test_money_and_cards_are_conserved_with_side_shows(seed: int, players: int, cost: str, refused: str,
                                                       tie: str) -> None:
    profile = Profile.model_validate({"seeing": {"side_show": {"allowed": True, "cost": cost, "refused": refused,
                                                               "tie": tie}}})
    _random_session(profile, seed, players)


def test_random_play_reaches_side_shows() -> None:
    profile = Profile.model_validate({"seeing": {"side_show": {"allowed": True}}})
    assert sum(_random_session(profile, seed, 4) for seed in range(10)) >= 5


def test_hands_nobody_recorded_are_compared_by_the_two_who_say_who_folds() -> None:
    """A kept table (real cards): the engine cannot compare, so the acceptance names the weaker hand."""
    rules = rules_for("standard", seeing={"side_show": ON})
    from bragrules.engine.deal import Deal

    deal = Deal(rules, ["A", "B", "C", "D"], {p: None for p in "ABCD"}, wait_for_cards=True)
    play(deal, LOOKED + ["C sideshow 2"])
    assert [(o.kind, o.target) for o in deal.legal_actions()] == [("accept", "C"), ("accept", "B"), ("refuse", None)]
    with pytest.raises(RuleViolation) as unsaid:
        deal.apply_text("B accepts")
    assert unsaid.value.rule == "history.cards"
    play(deal, ["B accepts, B folds"])
    assert deal.in_play == ["A", "C", "D"]


def test_no_side_show_in_formats_of_several_hands() -> None:
    rules = rules_for("nine-card", seeing={"side_show": ON})
    assert rules.profile.format.hands == 3 and rules.side_show is None


def test_a_side_show_that_leaves_one_player_ends_the_deal() -> None:
    """Found by the conformance check under ak47: while A's side-show with C waits for C's answer, B
    looks at A's cards on purpose and folds for it (disputes.deliberate_look: fold); the side-show's
    fold then leaves C alone, who takes the pot at once, as after any fold that leaves one player."""
    from bragrules.core.errors import RuleViolation

    hands = {"A": "2c 7h Jd", "B": "3s 8h Qd", "C": "5s 6h 7d"}
    deal = deal_with(rules_for("teen-patti"), {"C": hands["C"], "A": hands["A"], "B": hands["B"]})
    play(deal, ["C look", "C bet 4", "A bet 2", "B bet 2", "C bet 4", "A look", "A sideshow 4",
                "B peeks A", "C accepts"])
    assert deal.result is not None and deal.result.winners == ["C"]
    with pytest.raises(RuleViolation):
        deal.apply_text("C bet 8")
