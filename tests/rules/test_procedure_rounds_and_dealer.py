"""procedure.betting_rounds and procedure.next_dealer: a fixed number of betting rounds, then the showdown; the
winner deals the next.

Tables that play a fixed number of rounds ("a fixed number of betting rounds, then the showdown") end the betting
once every player still in has had that many turns, and everyone still in shows; "winner deals" passes the deal
to the winner of the last one rather than round the table. Both are house rules the profile states.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from bragrules.audit import audit
from bragrules.engine.session import Session
from bragrules.history import LogWriter
from bragrules.profile import load_profile_text
from bragrules.rules.compile import compile_rules

from ..helpers import deal_with, play, rules_for

THREE = {"A": "Kc 9c 4c", "B": "5s 6h 7d", "C": "2c 7h Jd"}


def test_after_the_rounds_everyone_still_in_shows() -> None:
    """Two rounds: once A, B and C have each bet twice, the three hands are shown and the best (B's run) wins."""
    deal = play(deal_with(rules_for("standard", procedure={"betting_rounds": 2}), THREE),
                ["A bet 1", "B bet 1", "C bet 1", "A bet 1", "B bet 1"])
    assert deal.result is None and deal.to_act == "C"
    deal.apply_text("C bet 1")
    assert deal.result is not None and deal.result.showdown and deal.result.winners == ["B"]
    assert "procedure.betting_rounds" in deal.result.decided_by
    assert deal.result.ending is not None and deal.result.ending.kind == "showdown"


def test_a_player_who_folds_leaves_the_rounds_to_the_others() -> None:
    deal = play(deal_with(rules_for("standard", procedure={"betting_rounds": 1}), THREE), ["A bet 1", "B fold"])
    assert deal.result is None and deal.to_act == "C"
    deal.apply_text("C bet 1")
    assert deal.result is not None and deal.result.showdown and deal.result.winners == ["A"]  # A's flush, C's jack


def test_open_ended_betting_goes_on() -> None:
    deal = play(deal_with(rules_for("standard"), THREE), ["A bet 1", "B bet 1", "C bet 1", "A bet 1", "B bet 1",
                                                          "C bet 1"])
    assert deal.result is None and deal.to_act == "A"


def _session_log(tmp_path: Path, yaml: str, seed: int, deals: int) -> "tuple[Session, Path, list]":
    profile = load_profile_text(yaml)
    session = Session(compile_rules(profile), ["A", "B", "C"], seed=seed)
    path = tmp_path / "session.jsonl"
    dealers: list = []
    rng = random.Random(seed)
    with LogWriter.for_session(path, session, profile_name=profile.name):
        for _ in range(deals):
            dealers.append(session.dealer)
            deal = session.start_deal()
            while not deal.is_over:
                options = [o for o in deal.legal_actions() if o.kind in ("bet", "fold", "see", "look")]
                option = rng.choice(options)
                session.act(option.action(rng.choice(option.amounts(limit=2))) if option.kind == "bet"
                            else option.action())
            result = session.finish_deal()
            dealers.append(result.winners if result.outcome == "won" else None)
    return session, path, dealers


def test_the_winner_deals_the_next_and_the_log_audits(tmp_path: Path) -> None:
    """"winner deals": each deal won outright passes the deal to its winner; the log audits clean."""
    yaml = "extends: standard\nname: winner-deals\nprocedure: {next_dealer: winner}\n"
    _, path, seen = _session_log(tmp_path, yaml, seed=4, deals=8)
    pairs = [(seen[i + 1], seen[i + 2]) for i in range(0, len(seen) - 2, 2)]
    assert len({next_dealer for _, next_dealer in pairs}) > 1  # the deal moved among winners
    for winners, next_dealer in pairs:
        if winners and len(winners) == 1:
            assert next_dealer == winners[0]
    assert audit(str(path)).ok
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    fourth = [line for line in lines if line["type"] == "deal"][3]
    fourth["dealer"] = next(p for p in "ABC" if p != fourth["dealer"])  # a dealer the winner rule did not give
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    report = audit(str(path))
    assert [(v.deal, v.rule) for v in report.violations][:1] == [(4, "procedure.next_dealer")]


def test_the_rounds_log_audits(tmp_path: Path) -> None:
    yaml = "extends: standard\nname: two-rounds\nprocedure: {betting_rounds: 2}\n"
    _, path, _ = _session_log(tmp_path, yaml, seed=9, deals=6)
    assert audit(str(path)).ok


def test_by_rotation_the_deal_passes_round_the_table() -> None:
    session = Session(rules_for("standard"), ["A", "B", "C"], seed=1, dealer="A")
    deal = session.start_deal()
    while not deal.is_over:
        session.act(deal.legal_actions()[-1].action())
    session.finish_deal()
    assert session.dealer == "B"
