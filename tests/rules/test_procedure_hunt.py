"""procedure.hunt_rounds: a hunt for the jokers before the betting (Teen Patti's Joker Hunt).

zeenews.india.com, "Teen-Patti Variations to try!" (Joker Hunt): "Give 3 cards to everyone, then open on the table
cards which are twice the number of players plus three…e.g. if there are 5 players, then open 5*2 + 3 = 13 cards on
the table. Now the game has 2 rounds in which each player either picks up one open card and discards one of his
own into the pack or if he doesn't want to pick any card, he just closes one card on the table i.e. turns it face
down. So, in each round 5 cards, one per player, will be closed or removed and after 2 such rounds we will be left
with three cards open on the table…which will be the three jokers…then the game proceeds as normal."
casinobonus.in says the same ("each player will select one open card and discard one from their hand").

Read as a rule (profiles/joker-hunt.yaml): the three cards left open are jokers by rank (a centre selector,
``relation: rank``); the hunt comes after the boot and before any betting; a card given goes face down out of
play, and only a player who has looked gives one; nothing is paid.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal
from bragrules.engine.events import Close, Swap
from bragrules.engine.session import Session
from bragrules.explainers.diff import compare
from bragrules.explainers.rulebook import build_rulebook, render_text
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile import load_profile, load_profile_text
from bragrules.profile.errors import ProfileError
from bragrules.rules.compile import compile_rules

from ..helpers import deal_with, nets, play

THREE = {"A": "2c 7d 9h", "B": "3c 4d 6s", "C": "4h 5h 6h"}
CENTRE = "Kh Qs 9c 5d 8h 2s Jd Ad 3h"  # three players: 3*2 + 3 = 9 cards laid open
HUNT = ["A look", "A swap 7d 9c", "B close Kh", "C close Ad", "A close Qs", "B close 5d", "C close 3h"]
"""Two rounds: A takes the 9c for the 7d, everyone else closes a card each time; 8h 2s Jd are left open."""


def _hunt(hands: dict = THREE, centre: str = CENTRE, name: str = "joker-hunt") -> Deal:  # type: ignore[type-arg]
    return deal_with(compile_rules(load_profile(name)), hands, centre=parse_cards(centre))


def _cheapest(deal: Deal, kind: str) -> Action:
    option = next(o for o in deal.legal_actions() if o.kind == kind)
    return option.action()


def test_twice_the_players_plus_three_cards_are_opened() -> None:
    """"if there are 5 players, then open 5*2 + 3 = 13 cards on the table": dealt from the pack after the hands,
    face up for everyone (a spectator sees them all)."""
    session = Session(compile_rules(load_profile("joker-hunt")), ["A", "B", "C", "D", "E"], seed=4)
    deal = session.start_deal()
    assert len(session.current_centre()) == 13 and len(deal.view(None).centre) == 13
    first = deal.order[0]
    assert deal.to_act == first and deal.view(first).hunting and deal.pot == 5  # the boot first, then the hunt
    assert [o.kind for o in deal.legal_actions()] == ["close"] * 13 + ["look"]


def test_two_rounds_leave_three_cards_open_which_are_the_three_jokers() -> None:
    """Each turn "picks up one open card and discards one of his own" or "closes one card on the table": two rounds
    of three players take six cards, "we will be left with three cards open on the table…which will be the three
    jokers…then the game proceeds as normal". A's 2c, of a rank left open, makes the nines a trail that beats C's
    pure sequence; without the hunt's joker A's pair of nines would lose."""
    deal = play(_hunt(), HUNT)
    assert [str(c) for c in deal.centre] == ["8h", "2s", "Jd"] and not deal.view("A").hunting
    assert [str(c) for c in deal.players["A"].hand or ()] == ["2c", "9c", "9h"]
    swaps = [e for e in deal.events if isinstance(e, Swap)]
    assert [(str(e.gave), str(e.took)) for e in swaps] == [("7d", "9c")]
    assert [str(e.card) for e in deal.events if isinstance(e, Close)] == ["Kh", "Ad", "Qs", "5d", "3h"]
    assert deal.to_act == "A" and {o.kind for o in deal.legal_actions()} >= {"bet", "fold"}  # the betting begins
    assert deal.comparer.describe(parse_cards("2c 9c 9h")) == "trail of nines (2c as 9d)"
    deal.apply(_cheapest(deal, "bet"))
    deal.apply_text("B fold")
    deal.apply_text("C look")
    deal.apply(_cheapest(deal, "see"))
    assert deal.result is not None and deal.result.winners == ["A"]
    assert "ranking.wild.select" in deal.result.decided_by
    other_jokers = deal.rules.comparer.for_deal(parse_cards("Kh Qs 3h"))  # had B and C closed 8h 2s Jd instead
    assert other_jokers.key(parse_cards("2c 9c 9h")) < other_jokers.key(parse_cards("4h 5h 6h"))


def test_the_card_given_goes_out_of_play_face_down() -> None:
    """"discards one of his own into the pack": the card leaves the hand and the table, nobody else sees it, and it
    goes under the pack with the rest when the deal is over."""
    deal = play(_hunt(), HUNT[:2])
    seven = parse_cards("7d")[0]
    assert seven not in (deal.players["A"].hand or ()) and seven not in deal.centre
    assert seven not in deal.view("B").visible_cards() and seven not in deal.view(None).visible_cards()
    play(deal, HUNT[2:])
    deal.apply(_cheapest(deal, "bet"))
    play(deal, ["B fold", "C fold"])
    assert deal.result is not None and deal.result.winners == ["A"]
    used = deal.used_cards()
    assert sorted(used) == sorted(parse_cards(" ".join([*THREE.values(), CENTRE])))  # every card once


@pytest.mark.parametrize("text, why", [
    ("A bet 1", "comes first"),          # no betting before the hunt is over
    ("A fold", "comes first"),
    ("A swap 2c Kh", "must look"),       # a card is given only by a player who has looked
    ("A close 7s", "not face up"),       # only an open card is closed
])
def test_what_the_hunt_refuses_at_its_first_turn(text: str, why: str) -> None:
    deal = _hunt()
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text(text)
    assert refused.value.rule == "procedure.hunt_rounds" and why in str(refused.value)
    assert [str(c) for c in deal.centre] == CENTRE.split() and deal.to_act == "A" and not deal.actions


def test_a_card_not_held_or_not_open_is_refused_and_the_hunt_is_over_after_two_rounds() -> None:
    deal = play(_hunt(), ["A look"])
    for text in ("A swap 7s Kh", "A swap 7d 7s"):
        with pytest.raises(RuleViolation) as refused:
            deal.apply_text(text)
        assert refused.value.rule == "procedure.hunt_rounds"
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("B close Kh")  # not B's turn
    assert refused.value.rule == "turn_order"
    play(deal, HUNT[1:])
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("A swap 9h 8h")
    assert refused.value.rule == "procedure.hunt_rounds" and "over" in str(refused.value)


def test_nothing_is_paid_to_hunt() -> None:
    """The pages name no price for a card taken or closed: after the hunt each player has paid the boot alone."""
    deal = play(_hunt(), HUNT)
    assert deal.pot == 3 and {name: state.contributed for name, state in deal.players.items()} == {"A": 1, "B": 1, "C": 1}


def test_the_hunt_is_logged_and_audited_and_a_bet_during_it_is_caught(tmp_path: Path) -> None:
    rules = compile_rules(load_profile("joker-hunt"))
    path = tmp_path / "hunt.jsonl"
    session = Session(rules, ["A", "B", "C", "D"], seed=5)
    with LogWriter.for_session(path, session, profile_name="joker-hunt"):
        for _ in range(3):
            deal = session.start_deal()
            while not deal.is_over:
                session.act(deal.legal_actions()[-1].action() if deal.to_act else deal.default_action())
            session.finish_deal()
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    deals = [line for line in lines if line["type"] == "deal"]
    assert all(len(line["centre"].split()) == 4 * 2 + 3 for line in deals)
    actions = [line["action"] for line in lines if line["type"] == "action" and line["deal"] == 1]
    assert any(" swap " in a for a in actions[:12]) and not any(" bet " in a for a in actions[:8])
    assert audit(str(path)).ok
    at = next(i for i, line in enumerate(lines) if line["type"] == "deal")
    lines.insert(at + 1, {"type": "action", "deal": 1, "action": f"{deals[0]['order'][0]} bet 1"})
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    report = audit(str(path))
    assert [(v.deal, v.rule) for v in report.violations][:1] == [(1, "procedure.hunt_rounds")]


def test_a_log_whose_centre_lacks_the_hunts_cards_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RuleViolation) as refused:
        _hunt(centre="Kh Qs 9c")
    assert refused.value.rule == "procedure.hunt_rounds" and "9 centre cards" in str(refused.value)


def test_arbitrate_cites_the_hunt() -> None:
    sheet = parse_sheet("format: bragrules-history/1\nprofile: joker-hunt\nplayers: [A, B, C]\ndealer: C\ndeals:\n"
                        f"  - cards: {{A: 2c 7d 9h, B: 3c 4d 6s, C: 4h 5h 6h}}\n    centre: {CENTRE}\n"
                        "    actions: [A look, A swap 7d 9c]\n    dispute: B swap 3c Kh\n", filename="situation.yaml")
    (ruling,) = arbitrate(sheet, [load_profile("joker-hunt")]).rulings
    assert not ruling.allowed and ruling.rules[0] == "procedure.hunt_rounds"


def test_the_terminal_reads_the_hunts_moves() -> None:
    assert str(Action.parse_move("You", "close kh")) == "You close Kh"
    assert str(Action.parse_move("You", "swap 7d 9c")) == "You swap 7d 9c"


def test_rulebook_and_diff_say_it() -> None:
    text = " ".join(render_text(build_rulebook(load_profile("joker-hunt"))).split())
    assert "forced stakes, cut, deal, joker hunt, betting, showdown, next dealer" in text
    assert "takes one of them for a card of their own" in text and "the three cards left face up" in text
    found = compare([("jhandu", load_profile("jhandu")), ("joker-hunt", load_profile("joker-hunt"))])
    difference = found.find("procedure.hunt_rounds")
    assert difference is not None and "two more for each player" in difference.sentences["joker-hunt"]


@pytest.mark.parametrize("extra", [
    "",                                                                          # no centre cards to decide jokers
    "ranking: {wild: {select: [{source: centre, turned: 3, on_fold: replaced}]}}",  # jokers changing at each fold
    "ranking: {wild: {from_centre: 3}}\ntable: {max_players: 10}",              # 10 * (3 + 2) + 3 > 52 cards
])
def test_a_hunt_the_rest_cannot_play_is_refused(extra: str) -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile_text(f"extends: teen-patti\nname: x\nprocedure: {{hunt_rounds: 2}}\n{extra}\n")
    assert "procedure.hunt_rounds" in str(refused.value)


def test_a_dispute_fold_during_the_hunt_drops_the_folders_turns() -> None:
    """A deliberate look folds its player at once (``disputes.peek_folds``): their turns of the hunt are not played,
    and the cards they would have taken or closed stay open, deciding the wild cards too."""
    deal = play(_hunt(), ["A look", "A swap 7d 9c", "B peeks C"])
    if not deal.players["B"].folded:
        pytest.skip("this profile does not fold a deliberate look")
    assert deal.to_act == "C"
    play(deal, ["C close Ad", "A close Qs", "C close 3h"])
    assert deal.hunt is None and len(deal.centre) == 5 and deal.to_act == "A"
    deal.apply(_cheapest(deal, "bet"))
    assert nets(play(deal, ["C fold"])) == {"A": Fraction(2), "B": Fraction(-1), "C": Fraction(-1)}
