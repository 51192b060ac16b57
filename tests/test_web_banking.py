"""A banking game at the web table (procedure.bank): the casino's three-card game served, each seat choosing its
Pair Plus from the page's amounts and playing or folding against the house's dealer; a bank carried between deals
(procedure.bank.carry): the banker, a person, asked to keep or pass it on their page, and only the banker answering;
a bot banker choosing as at the terminal; each choice told, written in the log and audited clean."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Dict, List, Optional

import pytest

from bragrules.audit import audit
from bragrules.core.i18n import speaking
from bragrules.engine.events import Bet, PairPlus
from bragrules.profile import load_profile
from bragrules.web.service import Refusal, TableService


def test_the_casino_game_is_played_on_the_page_pair_plus_first() -> None:
    profile = load_profile("three-card-casino")
    service = TableService(profile, "three-card-casino", seats=3, bots=["cautious"], seed=4, hands=1)
    tokens = {name: service.join(name) for name in ("Ann", "Bob")}
    service.start(service.host_token)
    deal = service.deal
    assert deal is not None
    first = deal.to_act
    assert first in tokens, "the bot seated first has chosen"
    legal = {o["kind"]: o for o in service.state(tokens[first])["view"]["legal"]}
    assert set(legal) == {"pairplus", "check"}, "the Pair Plus is chosen before anything else"
    low, high = profile.procedure.bank.pair_plus, profile.procedure.bank.pair_plus_max
    assert legal["pairplus"]["amounts"][0] == low and legal["pairplus"]["amounts"][-1] == high
    assert legal["check"]["label"] == "no Pair Plus"
    service.act(tokens[first], {"kind": "pairplus", "amount": str(legal["pairplus"]["amounts"][1]),
                                "turn": service.state(tokens[first])["turn"]})
    chosen = [e for e in deal.events if isinstance(e, PairPlus) and e.player == first]
    assert chosen == [PairPlus(first, Fraction(legal["pairplus"]["amounts"][1]))], "the amount chosen on the page"
    while service.deal is deal and deal.to_act is not None:
        seat = deal.to_act
        state = service.state(tokens[seat])
        kinds = [o["kind"] for o in state["view"]["legal"]]
        move = {"kind": "check"} if "check" in kinds else {"kind": "bet"}
        service.act(tokens[seat], {**move, "turn": state["turn"]})
    assert deal.result is not None, "the deal is settled against the house"
    played = {e.player for e in deal.events if isinstance(e, Bet)}
    assert set(tokens) <= played, "each person played against the dealer (bet the ante) from the page"


def test_the_pair_plus_button_speaks_the_readers_language() -> None:
    service = TableService(load_profile("three-card-casino"), "three-card-casino", seats=3, bots=["cautious"], seed=4, hands=1)
    tokens = {name: service.join(name) for name in ("Ann", "Bob")}
    service.start(service.host_token)
    deal = service.deal
    assert deal is not None and deal.to_act is not None
    with speaking("zh"):
        legal = {o["kind"]: o for o in service.state(tokens[deal.to_act])["view"]["legal"]}
    assert legal["pairplus"]["label"].startswith("对子") and "不下" in legal["check"]["label"]


CARRIED = load_profile("banco-carried")


def carried_table(tmp_path: Path, **options: object) -> TableService:
    """Ann and Bob at a carried bank with one bot (Ada); Ann deals first, so Ann banks first."""
    return TableService(CARRIED, "banco-carried", seats=3, bots=["cautious"], seed=2, hands=6,
                        log_path=tmp_path / "bank.jsonl", **options)  # type: ignore[arg-type]


def play_until_asked(service: TableService, tokens: Dict[str, str]) -> Optional[str]:
    """Each person stakes the least until the table asks a banker to keep or pass the bank: that banker (None:
    the session ended first)."""
    for _ in range(50):
        asked = service.bank_asked()
        if asked is not None or service.phase != "play":
            return asked
        deal = service.deal
        assert deal is not None and deal.to_act in tokens
        state = service.state(tokens[deal.to_act])
        service.act(tokens[deal.to_act], {"kind": "bet", "turn": state["turn"]})
    raise AssertionError("nobody was asked to keep or pass the bank")


def deal_lines(log: Path) -> List[Dict[str, object]]:
    return [line for line in map(json.loads, log.read_text(encoding="utf-8").splitlines()) if line.get("type") == "deal"]


def test_only_the_banker_keeps_or_passes_a_carried_bank_and_the_log_audits_clean(tmp_path: Path) -> None:
    service = carried_table(tmp_path)
    tokens = {name: service.join(name) for name in ("Ann", "Bob")}
    service.start(service.host_token)
    assert play_until_asked(service, tokens) == "Ann", "the first dealer holds the bank after one deal"
    session = service.table.session if service.table is not None else None
    assert session is not None and session.bank_holder == "Ann" and session.bank_dealt == 1
    host = service.state(None, service.host_token)
    assert host["bank"]["asked"] == "Ann" and host["bank"]["hold"] == CARRIED.procedure.bank.hold
    mine = service.state(tokens["Ann"])["bank"]
    assert mine["asked"] == "Ann" and len(mine["rules"]) == 2, "the banker's page has the question's rules in words"
    before = (service.turn, dict(session.balances), session.bank, len(service.feed))
    turn = service.turn
    with pytest.raises(Refusal) as refused:  # Bob holds no bank: the engine refuses him, naming the rule
        service.choose_bank(tokens["Bob"], {"choice": "pass", "turn": turn})
    assert refused.value.rule == "procedure.bank.carry" and refused.value.status == 409
    with pytest.raises(Refusal) as refused:  # nobody answers for another seat
        service.choose_bank(tokens["Bob"], {"player": "Ann", "choice": "pass", "turn": turn})
    assert refused.value.status == 403
    with pytest.raises(Refusal) as refused:  # a link that is no seat of this table
        service.choose_bank("forged", {"choice": "pass", "turn": turn})
    assert refused.value.status == 403
    with pytest.raises(Refusal):  # the host's link is not the banker's seat
        service.choose_bank(service.host_token, {"choice": "pass", "turn": turn})
    with pytest.raises(Refusal) as refused:
        service.choose_bank(tokens["Ann"], {"choice": "pass", "turn": turn - 1})
    assert refused.value.status == 409, "an answer to an earlier turn does nothing"
    with pytest.raises(Refusal):
        service.choose_bank(tokens["Ann"], {"choice": "fold", "turn": turn})
    assert (service.turn, dict(session.balances), session.bank, len(service.feed)) == before, "refusals change nothing"
    assert session.bank_choice_due() == "Ann"

    left, balance = session.bank, session.balances["Ann"]
    service.choose_bank(tokens["Ann"], {"choice": "pass", "turn": turn})
    assert session.balances["Ann"] == balance + left, "the banker takes back what is left of the bank"
    assert f"Ann passes the bank, taking back {left}" in service.feed_read_by(None)
    assert session.current is not None and session.dealer == "Bob" and session.bank_holder == "Bob", \
        "the deal passes on, and the next seat banks"
    assert service.state(tokens["Bob"]).get("bank", {}).get("asked") is None

    while (asked := play_until_asked(service, tokens)) is not None:  # the rest: each person banker keeps the bank
        service.choose_bank(tokens[asked], {"choice": "keep", "turn": service.turn})
    hold = CARRIED.procedure.bank.hold
    assert any(f"(dealt {hold} times, the most a banker deals)" in line for line in service.feed_read_by(None)), \
        "a bank passed by procedure.bank.hold is told too"
    log = tmp_path / "bank.jsonl"
    assert deal_lines(log)[1].get("bank_choice") == "pass", "the choice is written on the next deal's line"
    report = audit(log)
    assert report.ok, [str(v) for v in report.violations]
    assert len(report.deals) == 6


def test_a_bot_banker_chooses_at_once_and_the_feed_says_what(tmp_path: Path) -> None:
    service = carried_table(tmp_path)
    tokens = {name: service.join(name) for name in ("Ann", "Bob")}
    service.start(service.host_token)
    asked: List[str] = []
    while (holder := play_until_asked(service, tokens)) is not None:
        asked.append(holder)
        service.choose_bank(tokens[holder], {"choice": "pass", "turn": service.turn})
    assert "Ada" not in asked, "a bot is never asked: it chooses"
    feed = service.feed_read_by(None)
    assert any(line.startswith(("Ada keeps the bank of", "Ada passes the bank")) for line in feed), feed
    report = audit(tmp_path / "bank.jsonl")
    assert report.ok, [str(v) for v in report.violations]


def test_an_absent_banker_keeps_the_bank_when_their_time_is_up(tmp_path: Path) -> None:
    now = [0.0]
    service = carried_table(tmp_path, clock=lambda: now[0], turn_timeout=30)
    tokens = {name: service.join(name) for name in ("Ann", "Bob")}
    service.start(service.host_token)
    assert play_until_asked(service, tokens) == "Ann"
    assert service.state(service.host_token)["timer"]["player"] == "Ann", "the host sees the banker's clock"
    assert not service.tick(), "the banker still has time"
    now[0] += 31
    assert service.tick()
    session = service.table.session if service.table is not None else None
    assert session is not None and session.bank_holder == "Ann" and session.dealer == "Ann"
    assert any(line.startswith("Ann was away for 30 seconds: Ann keeps the bank") for line in service.feed_read_by(None))


def test_a_table_resumed_while_the_banker_is_asked_asks_again(tmp_path: Path) -> None:
    service = carried_table(tmp_path)
    tokens = {name: service.join(name) for name in ("Ann", "Bob")}
    service.start(service.host_token)
    assert play_until_asked(service, tokens) == "Ann"
    service.close()
    again = TableService.resume(tmp_path / "bank.jsonl")
    assert again.bank_asked() == "Ann"
    again.choose_bank(tokens["Ann"], {"choice": "keep", "turn": again.turn})
    session = again.table.session if again.table is not None else None
    assert session is not None and session.dealer == "Ann" and session.state.dealt == 1
