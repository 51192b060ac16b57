"""A banking game at the web table (procedure.bank): the casino's three-card game served, each seat choosing its
Pair Plus from the page's amounts and playing or folding against the house's dealer; a bank carried between deals
(procedure.bank.carry) refused in one line, since the banker's keep-or-pass is asked only in the terminal."""

from __future__ import annotations

from fractions import Fraction

import pytest

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


def test_a_bank_carried_between_deals_is_refused_in_one_line() -> None:
    with pytest.raises(Refusal) as refused:
        TableService(load_profile("banco-carried"), "banco-carried", seats=3, bots=["cautious"], seed=1)
    said = str(refused.value)
    assert "procedure.bank.carry" in said and "bragrules play" in said and "\n" not in said
