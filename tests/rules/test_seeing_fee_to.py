"""seeing.fee_to: where the money a see costs goes (V14).

https://gamevidyabharat.com/blog/teen-patti-show-rules/: "the player who requests the show must pay a
predetermined show fee to the opponent"; "Request and Pay: The player who wants to see the cards
announces "Show" and pays the agreed-upon show fee to the opponent." The same page settles it as if the
fee were in the pot: "If the requester wins, they take the pot (recovering their fee). If the challenged
player wins, they take the pot plus the show fee." https://apnakhelshala.com/blog/teen-patti-show-rules/
also has the fee paid to the opponent. The two readings are the two values: `pot` (000, 002, 003, and
the page's settlement) and `opponent`.

The scenario: traditional, four players; A and B bet 4 each, C and D fold, A sees B for 8.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile import load_profile_text

from ..helpers import FOUR, deal_with, nets, play, rules_for

SEE = ["A look", "A bet 4", "B look", "B bet 4", "C fold", "D fold", "A see 8"]
FEE_YAML = "extends: traditional\nname: show-fee\nseeing: {fee_to: opponent}\n"
SHEET = ("format: bragrules-history/1\nprofile: traditional\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
         "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n")


def test_the_show_fee_goes_to_the_opponent_not_into_the_pot() -> None:
    """"pays the agreed-upon show fee to the opponent": B (a run) wins the pot of 12 and the fee of 8."""
    deal = play(deal_with(rules_for("traditional", seeing={"fee_to": "opponent"}), FOUR), SEE)
    assert deal.result is not None and deal.result.winners == ["B"]
    assert deal.pot == 12  # the antes and the two bets; the fee is not in it
    assert nets(deal) == {"A": -13, "B": 15, "C": -1, "D": -1}
    assert "seeing.fee_to" in deal.result.decided_by


def test_the_caller_who_wins_does_not_recover_the_fee() -> None:
    """Under `opponent` the fee is the opponent's whoever wins; under `pot` the winning caller recovers it
    ("If the requester wins, they take the pot (recovering their fee)")."""
    hands = {"A": "5s 6h 7d", "B": "Kc 9c 4c", "C": "2c 7h Jd", "D": "3s 8h Qd"}
    opponent = play(deal_with(rules_for("traditional", seeing={"fee_to": "opponent"}), hands), SEE)
    assert opponent.result is not None and opponent.result.winners == ["A"]
    assert nets(opponent) == {"A": -5 + 12 - 8, "B": -5 + 8, "C": -1, "D": -1}
    pot = play(deal_with(rules_for("traditional"), hands), SEE)
    assert nets(pot) == {"A": 20 - 13, "B": -5, "C": -1, "D": -1}


def test_the_fee_is_what_the_see_costs() -> None:
    deal = play(deal_with(rules_for("traditional", seeing={"fee_to": "opponent"}), FOUR), SEE[:-1])
    (see,) = [o for o in deal.legal_actions() if o.kind == "see"]
    assert see.amount == 8


def _to_the_see(deal: Deal) -> Any:
    """A and B bet, the others fold, then the first to act sees."""
    options = {o.kind: o for o in deal.legal_actions()}
    if "see" in options:
        return options["see"].action()
    if "look" in options:
        return options["look"].action()
    player = deal.to_act
    if player in deal.order[:2]:
        return options["bet"].action()
    return options["fold"].action()


def test_a_log_with_show_fees_audits_clean_and_a_tampered_net_is_named(tmp_path: Path) -> None:
    rules = rules_for("traditional", seeing={"fee_to": "opponent"})
    session = Session(rules, ["A", "B", "C", "D"], seed=6)
    path = tmp_path / "fee.jsonl"
    with LogWriter.for_session(path, session, profile_name="show-fee"):
        for _ in range(2):
            deal = session.start_deal()
            while not deal.is_over:
                session.act(_to_the_see(deal))
            session.finish_deal()
    assert audit(str(path)).ok
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    order = next(line for line in lines if line["type"] == "deal")["order"]
    seen = next(line for line in lines if line["type"] == "action" and " see " in line["action"])
    caller, fee = seen["action"].split()[0], int(seen["action"].split()[-1])
    opponent = next(p for p in order[:2] if p != caller)
    result = next(line for line in lines if line["type"] == "result")
    # tampered: the net written as if the caller had kept the fee the opponent was paid
    result["net"][caller] += fee
    result["net"][opponent] -= fee
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    report = audit(str(path))
    assert [(v.deal, v.rule) for v in report.violations][:1] == [(1, "history.result")]


def test_arbitrate_cites_the_fee() -> None:
    sheet = parse_sheet(SHEET + "    actions: [A look, A bet 4, B look, B bet 4, C fold, D fold]\n    dispute: A see 8\n",
                        filename="situation.yaml")
    (ruling,) = arbitrate(sheet, [load_profile_text(FEE_YAML)]).rulings
    assert ruling.allowed and "seeing.fee_to" in ruling.rules
