"""session.buy_in_min, buy_in_max, rebuy and top_up: what players bring to the table and buy during a session.

S21, https://scribd.com/document/373977552/Flash: "A player brings between a minimum and a maximum amount
to the table." S22 (the same page): "A player who runs out may buy in again if everyone agrees."
https://shak5.com/rules.html: "Unlimited buy-ins before the dinner break ... These are only allowed when
you are out of chips" and "Final add-on ... No need to be out of chips for final add-on."
http://poker.fikeworks.com/TourneyRules.htm: "every person will have the option to buy-in back up to the
original buy-in amount, but ... their chip count may not exceed that of the original buy-in."
"""

from __future__ import annotations

import io
import json
import random
from fractions import Fraction
from typing import Any, Dict, List

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.session import Session, random_chooser
from bragrules.history import LogWriter, read_log
from bragrules.profile import load_profile_text
from bragrules.rules.compile import compile_rules

from ..helpers import run_cli

TABLE = ("extends: standard\nname: buy-ins\nsession: {bankroll: finite, starting_stack: 50, buy_in_min: 20, "
         "buy_in_max: 100, rebuy: when_out, top_up: true}\n")


def session_of(text: str = TABLE, seed: int = 1) -> Session:
    return Session(compile_rules(load_profile_text(text)), ["A", "B", "C"], seed=seed)


def test_a_player_brings_between_the_minimum_and_the_maximum() -> None:
    """S21: "A player brings between a minimum and a maximum amount to the table"."""
    session = session_of()
    assert session.buy_options("A") == [("buy_in", 20, 100)]
    assert session.buy("A", Fraction(100)) == "buy_in"
    for amount, rule in ((Fraction(10), "session.buy_in_min"), (Fraction(101), "session.buy_in_max")):
        with pytest.raises(RuleViolation) as refused:
            session.buy("B", amount)
        assert refused.value.rule == rule
    assert session.balances == {"A": 100, "B": 50, "C": 50} and session.net() == {"A": 0, "B": 0, "C": 0}


def _bust(session: Session, player: str) -> None:
    """Move every chip of ``player`` to the next seat, as if lost (the table's books stay whole)."""
    other = next(p for p in session.players if p != player)
    session.balances[other] += session.balances[player]
    session.balances[player] = Fraction(0)
    session.state.dealt = max(session.state.dealt, 1)  # after a deal


def test_a_player_who_runs_out_may_buy_in_again() -> None:
    """S22: "A player who runs out may buy in again if everyone agrees" (``rebuy: when_out``), for an amount
    within the range; their net counts what they bought."""
    session = session_of()
    _bust(session, "A")
    assert session.buy_options("A") == [("rebuy", 20, 100)]
    assert session.buy("A", Fraction(30)) == "rebuy"
    assert session.net()["A"] == -50 + 0 and session.balances["A"] == 30
    assert sum(session.net().values()) == 0


def test_no_rebuy_where_the_profile_allows_none() -> None:
    """Without ``rebuy: when_out`` a player out of chips is out (000: "until one player has won all the chips")."""
    session = session_of(TABLE.replace("rebuy: when_out", "rebuy: never"))
    _bust(session, "A")
    assert session.buy_options("A") == []
    with pytest.raises(RuleViolation) as refused:
        session.buy("A", Fraction(50))
    assert refused.value.rule == "session.rebuy" and session.balances["A"] == 0


def test_a_top_up_brings_a_stack_back_to_the_maximum_at_most() -> None:
    """fikeworks: "buy-in back up to the original buy-in amount, but ... their chip count may not exceed that
    of the original buy-in"; shak5: "No need to be out of chips for final add-on"."""
    session = session_of(TABLE.replace("buy_in_max: 100", "buy_in_max: 60"))
    session.balances["A"], session.balances["B"] = Fraction(45), Fraction(55)
    session.state.dealt = 1  # after the first deal
    assert session.buy_options("A") == [("top_up", 1, 15)]
    with pytest.raises(RuleViolation) as refused:
        session.buy("A", Fraction(16))
    assert refused.value.rule == "session.buy_in_max" and "at most 15, not 16" in refused.value.message
    assert session.buy("A", Fraction(15)) == "top_up" and session.balances["A"] == 60
    without = session_of(TABLE.replace("top_up: true", "top_up: false"))
    without.state.dealt = 1
    with pytest.raises(RuleViolation) as no_top_up:
        without.buy("A", Fraction(5))
    assert no_top_up.value.rule == "session.top_up"


def test_no_chips_are_bought_during_a_deal() -> None:
    session = session_of()
    session.start_deal()
    with pytest.raises(RuleViolation) as refused:
        session.buy("A", Fraction(10))
    assert refused.value.rule == "deal_over"


def _logged(text: str, seed: int = 2, deals: int = 40) -> str:
    """A session in which whoever runs out buys again for 20, logged."""
    session = session_of(text, seed)
    out = io.StringIO()
    choose = random_chooser(random.Random(seed))
    with LogWriter.for_session(out, session, include_profile=True):
        for _ in range(deals):
            for player in session.players:
                if session.buy_options(player) and session.balances[player] == 0:
                    session.buy(player, Fraction(20))
            if session.is_over:
                break
            deal = session.start_deal()
            while not deal.is_over:
                session.act(choose(deal))
            session.finish_deal()
    return out.getvalue()


def _deal_lines(text: str) -> List[Dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if json.loads(line).get("type") == "deal"]


def _audit(text: str, tmp_path: Any) -> List[Any]:
    path = tmp_path / "log.jsonl"
    path.write_text(text)
    return audit(read_log(str(path))).violations


def test_the_log_writes_every_buy_and_the_audit_checks_it(tmp_path: Any) -> None:
    text = _logged(TABLE.replace("starting_stack: 50", "starting_stack: 20").replace("buy_in_min: 20", "buy_in_min: 10"))
    bought = [line for line in _deal_lines(text) if "buys" in line]
    assert bought, "somebody ran out and bought again"
    assert bought[0]["buys"][0]["buy"] == "rebuy" and bought[0]["buys"][0]["amount"] == 20
    assert _audit(text, tmp_path) == []
    number = bought[0]["deal"]
    tampered = text.replace(f'"deal":{number},', f'"deal":{number},', 1)
    lines = []
    for line in tampered.splitlines():
        record = json.loads(line)
        if record.get("type") == "deal" and record.get("deal") == number:
            record["buys"][0]["amount"] = 500
            line = json.dumps(record, separators=(",", ":"))
        lines.append(line)
    violations = _audit("\n".join(lines) + "\n", tmp_path)
    assert violations and violations[0].rule == "session.buy_in_max"
    assert "a buy is at most 100, not 500" in violations[0].message


def test_a_log_without_buys_reads_as_before() -> None:
    for line in _deal_lines(_logged("extends: standard\nname: plain\nsession: {bankroll: finite, starting_stack: 30}\n",
                                    deals=5)):
        assert "buys" not in line


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([10, 20, 35]))
def test_money_is_conserved_with_rebuys(seed: int, rebuy: int) -> None:
    """Whatever is bought, the chips at the table are what was bought, and the nets sum to zero."""
    session = session_of(TABLE.replace("starting_stack: 50", "starting_stack: 20").replace("buy_in_min: 20",
                                                                                           "buy_in_min: 10"), seed)
    choose = random_chooser(random.Random(seed))
    for _ in range(25):
        for player in session.players:
            if session.balances[player] == 0 and session.buy_options(player):
                session.buy(player, Fraction(rebuy))
        if session.is_over:
            break
        deal = session.start_deal()
        while not deal.is_over:
            session.act(choose(deal))
        session.finish_deal()
        assert sum(session.balances.values()) + session.state.carried == sum(session.bought.values())
        assert sum(session.net().values()) + session.state.carried == 0


def test_play_offers_the_buys_and_bots_buy_again_when_out(capsys: Any, monkeypatch: Any, tmp_path: Any) -> None:
    profile = tmp_path / "buy-ins.yaml"
    profile.write_text(TABLE.replace("starting_stack: 50", "starting_stack: 20").replace("buy_in_min: 20",
                                                                                        "buy_in_min: 10"))
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli(capsys, monkeypatch, "play", "-p", str(profile), "--auto", "--hands", "60", "--seed", "3")
    assert code == 0
    assert "buys in again for 20 (now 20 in chips)" in " ".join(out.split())
    script = tmp_path / "moves.txt"
    script.write_text("30\n" + "fold\n" * 10)
    code, out, _ = run_cli(capsys, monkeypatch, "play", "-p", str(profile), "--hands", "1", "--seed", "3",
                           "--script", str(script), "--log", str(tmp_path / "game.jsonl"))
    flat = " ".join(out.split())
    assert "You, you may bring to the table for 10 to 100: amount, or Enter for none?" in flat
    assert "You bring 30 (now 30 in chips)" in flat  # a person at the terminal is spoken to as "You"
    first = _deal_lines((tmp_path / "game.jsonl").read_text())[0]
    assert first["buys"] == [{"player": "You", "buy": "buy_in", "amount": 30}]


def test_the_web_table_offers_the_buys_with_their_amounts_and_holds_one_made_during_a_deal() -> None:
    from bragrules.web.service import Refusal, TableService

    profile = load_profile_text(TABLE.replace("name: buy-ins", "name: buy-ins-web"))
    service = TableService(profile, "buy-ins-web", seats=3, bots=["cautious"], seed=9, hands=3)
    tokens = {"Ann": service.join("Ann"), "Bob": service.join("Bob")}
    service.start(service.host_token)
    table = service.table
    assert table is not None
    session = table.session
    deal = session.current
    assert deal is not None and not deal.is_over
    assert service.state(tokens["Ann"])["buys"] == [{"kind": "buy_in", "least": 20, "most": 100}]
    with pytest.raises(Refusal) as refused:
        service.buy(tokens["Ann"], {"amount": "110"})
    assert refused.value.rule == "session.buy_in_max"
    service.buy(tokens["Ann"], {"amount": "20"})
    assert service.state(tokens["Ann"])["buy_waiting"] == 20 and session.bought["Ann"] == 50  # held till the deal ends
    while session.current is deal and not deal.is_over:
        player = deal.to_act
        assert player in tokens
        service.act(tokens[player], {"kind": "fold", "turn": service.state(tokens[player])["turn"]})
    assert session.bought["Ann"] == 70 and "buy_waiting" not in service.state(tokens["Ann"])
    assert sum(session.net().values()) + session.state.carried == 0
