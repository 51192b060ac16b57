"""procedure.bust_card: a card turned after the deal, and every holder of its rank packs at once.

mensxp.com, "5 Teen Patti Variations" (Card, Colour, Bust): "the dealer, after distributing three cards, as
usual, draws three cards face up on the table. [...] the third will be bust [...] anybody with the third card's
number will have to pack his or her hand immediately." missmalini.com (Open Cards): "one card where the number
is a compulsory bust".

Read as a rule: one card is turned face up from the pack after the hands; every player holding a card of its rank
packs before the betting, their stakes left in the pot. Where the pages are silent: a player it leaves alone
takes the pot; with nobody left the pot carries.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.events import Fold
from bragrules.engine.session import Session
from bragrules.explainers.diff import compare
from bragrules.explainers.rulebook import build_rulebook, render_text
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile import load_profile, load_profile_text
from bragrules.profile.errors import ProfileError
from bragrules.rules.compile import compile_rules

from ..helpers import deal_with, nets, play

FOUR = {"A": "Kc 9c 4c", "B": "5s 6h 7d", "C": "2c 7h Jd", "D": "3s 8h Qd"}


def _bust(centre: str, hands: dict = FOUR):  # type: ignore[no-untyped-def]
    return deal_with(compile_rules(load_profile("bust-card")), hands, centre=parse_cards(centre))


def test_anybody_with_the_bust_cards_number_packs_immediately() -> None:
    """"anybody with the third card's number will have to pack his or her hand immediately": a seven turned
    busts B (7d) and C (7h), before anyone acts; A and D bet on."""
    deal = _bust("7s")
    assert [p for p in "ABCD" if deal.players[p].folded] == ["B", "C"]
    assert [e.player for e in deal.events if isinstance(e, Fold)] == ["B", "C"]
    assert deal.to_act == "A" and deal.result is None
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("B bet 1")
    assert refused.value.rule == "procedure.bust_card"
    play(deal, ["A bet 1", "D fold"])
    assert deal.result is not None and deal.result.winners == ["A"]
    assert nets(deal) == {"A": 3, "B": -1, "C": -1, "D": -1}  # the busted players' boots stay in the pot


def test_no_holder_of_its_rank_and_nobody_packs() -> None:
    deal = _bust("Ah")
    assert not any(state.folded for state in deal.players.values()) and deal.to_act == "A"


def test_a_player_the_bust_card_leaves_alone_takes_the_pot() -> None:
    """A five turned: B (5s) and C (5c) pack, and A, left alone, takes the pot without a bet."""
    deal = _bust("5d", {"A": "Kc 9c 4c", "B": "5s 6h 7d", "C": "5c 7h Jd"})
    assert deal.result is not None and deal.result.winners == ["A"] and not deal.result.showdown
    ending = deal.result.ending
    assert ending is not None and ending.kind == "bust"
    assert ending.words == "the bust card 5d makes B and C pack: A, left alone, takes the pot"
    assert deal.result.decided_by == ["procedure.bust_card"]
    assert nets(deal) == {"A": 2, "B": -1, "C": -1}


def test_a_bust_card_that_busts_everyone_carries_the_pot() -> None:
    deal = _bust("7c", {"A": "7s 9c 4c", "B": "5s 6h 7d", "C": "2c 7h Jd"})
    assert deal.result is not None and deal.result.outcome == "carried" and deal.result.carried_out == 3
    assert deal.result.ending is not None and deal.result.ending.kind == "bust"
    assert "nobody is left" in deal.result.ending.words


def test_without_the_rule_the_centre_card_is_not_dealt_and_nobody_packs() -> None:
    rules = compile_rules(load_profile("teen-patti"))
    session = Session(rules, ["A", "B", "C"], seed=3)
    deal = session.start_deal()
    assert session.current_centre() == () and not any(s.folded for s in deal.players.values())


def test_the_turned_card_is_logged_and_audited_and_an_action_by_a_busted_player_is_named(tmp_path: Path) -> None:
    rules = compile_rules(load_profile("bust-card"))
    path = tmp_path / "bust.jsonl"
    busted_deal = None
    session = Session(rules, ["A", "B", "C", "D"], seed=11)
    with LogWriter.for_session(path, session, profile_name="bust-card"):
        for number in range(1, 13):
            deal = session.start_deal()
            if busted_deal is None and deal.out_by and deal.result is None:
                busted_deal = (number, next(iter(deal.out_by)))
            while not deal.is_over:
                session.act(deal.legal_actions()[-1].action() if deal.to_act else deal.default_action())
            session.finish_deal()
    assert busted_deal is not None, "no deal of the seed turned a bust card a player held"
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    deals = [line for line in lines if line["type"] == "deal"]
    assert all(len(line["centre"].split()) == 1 for line in deals)  # the turned card, in every deal's line
    assert audit(str(path)).ok
    number, player = busted_deal
    at = [i for i, line in enumerate(lines) if line["type"] == "deal"][number - 1]
    lines.insert(at + 1, {"type": "action", "deal": number, "action": f"{player} fold"})
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    report = audit(str(path))
    assert [(v.deal, v.rule) for v in report.violations][:1] == [(number, "procedure.bust_card")]


def test_a_changed_bust_card_in_a_log_is_caught(tmp_path: Path) -> None:
    rules = compile_rules(load_profile("bust-card"))
    path = tmp_path / "bust.jsonl"
    session = Session(rules, ["A", "B", "C"], seed=2)
    with LogWriter.for_session(path, session, profile_name="bust-card"):
        deal = session.start_deal()
        while not deal.is_over:
            session.act(deal.legal_actions()[-1].action())
        session.finish_deal()
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    deal_line = next(line for line in lines if line["type"] == "deal")
    deal_line["centre"] = "2c" if deal_line["centre"] != "2c" else "3c"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert not audit(str(path)).ok


def test_arbitrate_cites_the_bust_card() -> None:
    sheet = parse_sheet("format: bragrules-history/1\nprofile: bust-card\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
                        "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n"
                        "    centre: 7s\n    actions: [A bet 1]\n    dispute: B bet 1\n", filename="situation.yaml")
    (ruling,) = arbitrate(sheet, [load_profile("bust-card")]).rulings
    assert not ruling.allowed and ruling.rules[0] == "procedure.bust_card"


def test_rulebook_and_diff_say_it() -> None:
    text = " ".join(render_text(build_rulebook(load_profile("bust-card"))).split())
    assert "The order of a deal" in text and "every player holding a card of its rank packs at once" in text
    assert "forced stakes, cut, deal, bust card, betting, showdown, next dealer" in text
    found = compare([("teen-patti", load_profile("teen-patti")), ("bust-card", load_profile("bust-card"))])
    difference = found.find("procedure.bust_card")
    assert difference is not None and "packs at once" in difference.sentences["bust-card"]
    assert "The order of a deal" not in render_text(build_rulebook(load_profile("teen-patti")))


@pytest.mark.parametrize("extra", ["format: {betting: false}",
                                   "ranking: {wild: {from_centre: 1}}",
                                   "ranking: {wild: {select: [{source: centre, relation: between, turned: 2}]}}"])
def test_a_bust_card_the_rest_cannot_play_is_refused(extra: str) -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile_text(f"extends: standard\nname: x\nprocedure: {{bust_card: true}}\n{extra}\n")
    assert "procedure.bust_card" in str(refused.value)
