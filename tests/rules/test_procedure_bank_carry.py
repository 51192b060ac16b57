"""The banker's bank carried from deal to deal (``procedure.bank.carry``), as adpoker.fr's "La banque" plays
it: "Le banquier peut donner trois coups de cartes. Vient ensuite le premier joueur à sa droite, quand il a pris
la somme qui reste sur la table"; "Il a le droit ... de mettre d'autres sommes, si la première est enlevée par les
joueurs". The bank is an account: the balances and the bank always add up to what the players started with.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path
from typing import List

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session, random_chooser
from bragrules.history import read_log
from bragrules.history.log_writer import LogWriter
from bragrules.profile import load_profile, load_profile_text
from bragrules.rules.compile import compile_rules

CARRIED = compile_rules(load_profile("banco-carried"))
PASSES = compile_rules(load_profile_text(
    "extends: banco-carried\nname: broken-passes\nprocedure: {bank: {broken: pass}}\n"))


def _total(session: Session) -> Fraction:
    return sum(session.balances.values(), Fraction(0)) + session.bank


def _beats_banker(deal: Deal, player: str) -> bool:
    banker = deal.order[-1]
    mine, theirs = deal.players[player].hand, deal.players[banker].hand
    assert mine is not None and theirs is not None
    return deal.comparer.versus(mine, theirs) > 0


def _stake_least(deal: Deal) -> None:
    while not deal.is_over:
        option = deal.legal_actions()[0]
        deal.apply(option.action(option.amount))


def test_the_bank_grows_and_shrinks_with_the_bankers_net_and_passes_after_three_deals() -> None:
    session = Session(CARRIED, ["A", "B", "C", "D"], seed=5, dealer="D")
    banks: List[Fraction] = []
    for _ in range(3):
        deal = session.start_deal()
        assert session.dealer == "D" and deal.bank == (banks[-1] if banks else 20)
        _stake_least(deal)
        before = session.bank
        result = session.finish_deal()
        assert session.bank_after == before + result.net["D"]
        banks.append(session.bank_after)
        assert _total(session) == 0
    # three deals dealt: the bank passes, D taking back what is left, and the next seat banks
    assert session.bank_holder is None and session.bank == 0 and session.balances["D"] == banks[-1] - 20
    assert session.bank_choice_due() is None
    deal = session.start_deal()
    assert session.dealer == "A" and deal.bank == 20 and session.balances["A"] <= -20 + 1


def test_a_stake_may_cover_the_bank_as_it_has_grown_and_no_more() -> None:
    session = Session(CARRIED, ["A", "B", "D"], seed=11, dealer="D")
    deal = session.start_deal()
    assert [(o.amount, o.max_amount) for o in deal.legal_actions()] == [(1, 20)]
    session.current = deal
    deal.apply_text(f"{deal.order[0]} bet 1")
    deal.apply_text(f"{deal.order[1]} bet 1")
    session.finish_deal()
    bank = session.bank
    deal = session.start_deal()
    assert deal.bank == bank and deal.legal_actions()[0].max_amount == bank
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text(f"{deal.order[0]} bet {bank + 1}")
    assert refused.value.rule == "procedure.bank.carry" and not deal.actions


def _break_the_bank(rules: object, seed_from: int = 0) -> Session:
    """A session whose first punter beats the banker in the first deal and stakes the whole bank (banco)."""
    for seed in range(seed_from, seed_from + 200):
        session = Session(CARRIED if rules is None else rules, ["A", "B", "D"], seed=seed, dealer="D")  # type: ignore[arg-type]
        deal = session.start_deal()
        if _beats_banker(deal, "A"):
            deal.apply_text("A bet 20")
            session.finish_deal()
            return session
    raise AssertionError("no seed breaks the bank")


def test_a_broken_bank_is_put_up_afresh_when_its_banker_keeps_it() -> None:
    session = _break_the_bank(CARRIED)
    assert session.bank == 0 and session.bank_after == 0 and session.balances == {"A": 20, "B": 0, "D": -20}
    assert session.bank_choice_due() == "D"
    session.choose_bank("D", keep=True)
    assert session.bank == 20 and session.balances["D"] == -40 and _total(session) == 0
    assert session.start_deal().bank == 20 and session.dealer == "D"


def test_a_broken_bank_passes_at_once_under_broken_pass() -> None:
    session = _break_the_bank(PASSES)
    assert session.bank_holder is None and session.bank_choice_due() is None and session.dealer == "A"
    with pytest.raises(RuleViolation) as refused:
        session.choose_bank("D", keep=True)
    assert refused.value.rule == "procedure.bank.hold"


def test_a_banker_may_pass_the_bank_after_any_deal_taking_back_what_is_left() -> None:
    session = Session(CARRIED, ["A", "B", "D"], seed=2, dealer="D")
    _stake_least(session.start_deal())
    session.finish_deal()
    left, before = session.bank, dict(session.balances)
    with pytest.raises(RuleViolation) as refused:
        session.choose_bank("A", keep=False)
    assert refused.value.rule == "procedure.bank.carry" and session.balances == before and session.bank == left
    session.choose_bank("D", keep=False)
    assert session.balances["D"] == before["D"] + left and session.bank == 0 and session.dealer == "A"
    assert session.start_deal().bank == 20


def test_without_carry_nobody_keeps_or_passes_a_bank() -> None:
    session = Session(compile_rules(load_profile("banco")), ["A", "B", "D"], seed=2)
    with pytest.raises(RuleViolation) as refused:
        session.choose_bank("A", keep=True)
    assert refused.value.rule == "procedure.bank.carry" and session.start_deal().bank is None


def _play(session: Session, rng: random.Random, deals: int) -> None:
    choose = random_chooser(rng)
    for _ in range(deals):
        if session.is_over:
            return
        holder = session.bank_choice_due()
        if holder is not None and rng.random() < 0.3:
            session.choose_bank(holder, keep=rng.random() < 0.5)
        deal = session.start_deal()
        while not deal.is_over:
            session.act(choose(deal))
        session.finish_deal()
        assert _total(session) == 0 and session.bank >= 0
        assert sum(session.net().values(), Fraction(0)) == 0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), renew=st.booleans(), hold=st.integers(1, 4), players=st.integers(3, 5))
def test_money_is_conserved_exactly_with_the_bank_carried(seed: int, renew: bool, hold: int, players: int) -> None:
    """Whatever is staked, kept or passed: the balances and the bank add up to nothing, the bank is never
    negative, and each player's net (the bank held counted as its holder's) sums to nothing."""
    rules = compile_rules(load_profile_text(
        f"extends: banco-carried\nname: prop\nprocedure: {{bank: {{hold: {hold}, broken: {'renew' if renew else 'pass'}}}}}\n"))
    session = Session(rules, [chr(65 + i) for i in range(players)], seed=seed)
    _play(session, random.Random(seed), 12)


def _logged(path: Path, seed: int = 4) -> Session:
    session = Session(CARRIED, ["A", "B", "C"], seed=seed)
    with LogWriter.for_session(path, session):
        rng = random.Random(seed)
        _play(session, rng, 2)
        holder = session.bank_choice_due()
        assert holder is not None
        session.choose_bank(holder, keep=False)
        _play(session, rng, 5)
    return session


def test_the_log_records_the_bank_and_the_bankers_choices_and_the_audit_recomputes_them(tmp_path: Path) -> None:
    path = tmp_path / "carried.jsonl"
    session = _logged(path)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    deals = [line for line in lines if line["type"] == "deal"]
    results = [line for line in lines if line["type"] == "result"]
    assert all("bank" in line for line in deals + results)
    assert deals[2]["bank_choice"] == "pass" and deals[2]["bank"] == 20 and deals[2]["dealer"] != deals[1]["dealer"]
    report = audit(read_log(path))
    assert report.ok, report.violations
    assert report.net == session.net()
    first = next(i for i, line in enumerate(lines) if line["type"] == "result")
    lines[first]["bank"] = lines[first]["bank"] + 1
    third = next(i for i, line in enumerate(lines) if line["type"] == "deal" and line["deal"] == 3)
    lines[third]["bank"] = 25
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(line) + "\n" for line in lines))
    found = [(v.rule, v.line) for v in audit(read_log(bad)).violations]
    assert found == [("procedure.bank.carry", first + 1), ("procedure.bank.carry", third + 1)]


def test_a_choice_the_banker_could_not_make_is_reported_under_its_rule(tmp_path: Path) -> None:
    path = tmp_path / "carried.jsonl"
    _logged(path)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    first = next(i for i, line in enumerate(lines) if line["type"] == "deal")
    lines[first]["bank_choice"] = "keep"  # before the first deal nobody holds a bank
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(line) + "\n" for line in lines))
    found = [(v.rule, v.line) for v in audit(read_log(bad)).violations]
    assert found == [("procedure.bank.hold", first + 1)]


def test_play_asks_the_banker_to_keep_or_pass_and_its_log_audits_and_resumes(tmp_path: Path) -> None:
    """``bragrules play``: the person holding the bank is asked after each deal; "pass" passes it (written on
    the next deal line), bots choose for themselves, and the log audits clean and resumes."""
    from tests.test_play_cli import play

    log, script = tmp_path / "carried.jsonl", tmp_path / "moves.txt"
    script.write_text("maybe\npass\nbet 1\nbet 1\n", encoding="utf-8")  # You deal (and bank) first
    ran = play("--profile", "banco-carried", "--players", "3", "--seed", "4", "--hands", "7", "--log", str(log),
               "--script", str(script))
    assert ran.exit_code == 0, ran.output
    assert "you hold a bank of 20 after 1 of 3 deals: keep it or pass it" in ran.stdout
    assert "type keep or pass" in ran.stdout and "the bank passes from You" in ran.stdout
    deals = [json.loads(line) for line in log.read_text().splitlines() if '"type":"deal"' in line]
    assert deals[1]["bank_choice"] == "pass" and deals[1]["dealer"] != deals[0]["dealer"]
    assert audit(str(log)).ok
    more_moves = tmp_path / "more.txt"
    more_moves.write_text("bet 1\nkeep\n" * 12, encoding="utf-8")
    more = play("--resume", str(log), "--script", str(more_moves))
    assert more.exit_code == 0, more.output
    report = audit(str(log))
    assert report.ok and report.deal_count == 7, report.violations
