"""``bragrules serve --keep``: real cards on a kitchen table, the app as scorekeeper and referee.

A kept session under ``traditional``: a see settled by the cards entered, wrong entries refused
with nothing changed, a blind survivor's retained hand kept as bookkeeping, the log (``??`` but
for the cards shown) audited clean, a resume, and the command's refusals.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List

import pytest

from bragrules.audit import audit
from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.deal import Deal
from bragrules.profile import load_profile
from bragrules.rules.compile import compile_rules
from bragrules.web.service import Refusal, TableService
from tests.helpers import run_cli
from tests.web_checks import LOCAL, WS

PEOPLE = ["Ann", "Bob", "Cat"]


def kept_table(tmp_path: Path, hands: int = 6) -> tuple[TableService, Dict[str, str]]:
    service = TableService(load_profile("traditional"), "traditional", seats=3, bots=[], hands=hands,
                           log_path=tmp_path / "kept.jsonl", turn_timeout=3600, keep=True)
    tokens = {name: service.join(name) for name in PEOPLE}  # the third to sit down starts the game
    assert service.phase == "play"
    return service, tokens


def act(service: TableService, tokens: Dict[str, str], kind: str) -> None:
    """The seat to act does ``kind`` (a bet or a see at its least cost)."""
    deal = service.deal
    assert deal is not None and deal.to_act is not None
    sent = service.state(tokens[deal.to_act])
    option = next(o for o in sent["view"]["legal"] if o["kind"] == kind)
    move: Dict[str, Any] = {"kind": kind, "turn": sent["turn"]}
    if kind in ("bet", "see"):
        move["amount"] = option["amount"]
    service.act(tokens[deal.to_act], move)


def to_a_see(service: TableService, tokens: Dict[str, str]) -> List[str]:
    """First to act looks and bets, the next folds, the third looks and sees: the two at the see."""
    deal = service.deal
    assert deal is not None
    first, second, third = deal.order
    for kind in ("look", "bet", "fold", "look", "see"):
        act(service, tokens, kind)
    return [first, third]


def enter(service: TableService, token: str, player: str, cards: Any, turn: Any = None) -> None:
    service.enter_cards(token, {"player": player, "cards": cards,
                                "turn": service.turn if turn is None else turn})


def test_a_kept_session_settles_a_see_on_the_cards_entered_and_audits_clean(tmp_path: Path) -> None:
    service, tokens = kept_table(tmp_path)
    state = service.state(tokens["Ann"])
    assert state["mode"] == "keep" and state["view"]["hand"] is None and state["cards_needed"] == []
    caller_side = to_a_see(service, tokens)
    deal = service.deal
    assert deal is not None and not deal.is_over
    opponent, caller = caller_side  # traditional: the opponent shows first
    assert deal.cards_needed == [opponent, caller] and deal.to_act is None
    assert service.state(None)["cards_needed"] == [opponent, caller]
    assert all(not service.state(t)["view"]["legal"] for t in tokens.values()), "nobody acts while cards are awaited"

    before = (service.turn, len(service.feed), dict(deal.players[opponent].hands), deal.pot)
    wrong = [
        (tokens[opponent], opponent, "Kc Kc 4c", "Kc is entered twice"),
        (tokens[opponent], opponent, "Kc Xd 4c", "cards:"),
        (tokens[opponent], opponent, "Kc Kd", "a hand here is 3 cards, not 2"),
        (tokens[opponent], caller, "Kc Kd 4c", "may enter only their own cards"),
        (tokens[opponent], opponent, 17, "written as text"),
    ]
    for token, player, cards, words in wrong:
        with pytest.raises(Refusal, match=words):
            enter(service, token, player, cards)
    with pytest.raises(Refusal, match="earlier turn"):
        enter(service, tokens[opponent], opponent, "Kc Kd 4c", turn=service.turn - 1)
    with pytest.raises(Refusal, match="not awaited") as refused:
        enter(service, service.host_token, deal.order[1], "Kc Kd 4c")
    assert refused.value.rule == "history.cards" and refused.value.status == 409
    assert (service.turn, len(service.feed), dict(deal.players[opponent].hands), deal.pot) == before

    enter(service, tokens[opponent], opponent, "Kc Kd 4c")  # a pair of kings
    with pytest.raises(Refusal, match="Kd is already known"):
        enter(service, service.host_token, caller, ["5s", "Kd", "7d"])
    enter(service, service.host_token, caller, "5s 6h 7d")  # a run, entered by the host
    assert service.last is not None and service.last["winners"] == [caller]
    assert service.last["shown"] == {opponent: ["Kc", "Kd", "4c"], caller: ["5s", "6h", "7d"]}
    assert any(f"{caller} shows 5s 6h 7d (entered by the host)" in line.text for line in service.feed)

    # deal 2: everyone folds to the first to act, who is blind: the pot carries, the unseen hand retained
    deal = service.deal
    assert deal is not None and deal is not service.last
    survivor = deal.order[2]
    act(service, tokens, "fold")
    act(service, tokens, "fold")
    assert deal.to_act == survivor and deal.awaiting == "retain"
    service.act(tokens[survivor], {"kind": "retain", "turn": service.turn})
    assert service.last is not None and service.last["outcome"] == "carried"
    deal = service.deal
    assert deal is not None and deal.players[survivor].two_hands, "the retained hand is held, cards unknown"
    service.close()

    log = tmp_path / "kept.jsonl"
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert lines[0]["keep"] is True and lines[0]["seed"] is None
    cards = [line for line in lines if line["type"] == "cards"]
    assert cards[0]["cards"][opponent] == "Kc Kd 4c" and cards[0]["cards"][caller] == "5s 6h 7d"
    folder = next(p for p in PEOPLE if p not in caller_side)
    assert cards[0]["cards"][folder] == "?? ?? ??", "a folded hand nobody saw stays unknown"
    assert cards[1]["cards"] == {p: "?? ?? ??" for p in cards[1]["cards"]}
    report = audit(log)
    assert report.ok, [str(v) for v in report.violations]
    assert len(report.deals) == 3

    # resume: the table comes back mid-deal with the carried pot and the retained hand
    again = TableService.resume(log)
    assert again.keep and again.state(None)["mode"] == "keep"
    assert again.deal is not None and again.deal.players[survivor].two_hands
    assert again.deal.carried_in == deal.carried_in > 0, "the carried pot is in the deal again"
    assert again.table is not None and again.deal.pot == deal.pot and again.table.deals_played == 2
    assert again.state(tokens["Ann"])["you"] == "Ann", "a seat's link from before the restart still works"
    again.close()


def test_a_resumed_kept_table_waits_again_for_cards_not_settled_when_it_stopped(tmp_path: Path) -> None:
    service, tokens = kept_table(tmp_path)
    opponent, caller = to_a_see(service, tokens)
    enter(service, tokens[opponent], opponent, "Ah Ad Ac")
    service.close()  # stopped before the second hand was entered
    log = tmp_path / "kept.jsonl"
    again = TableService.resume(log)
    deal = again.deal
    assert deal is not None and deal.cards_needed == [opponent, caller]
    enter(again, tokens[opponent], opponent, "Ah Ad Ac")  # the same links as before the restart
    enter(again, tokens[caller], caller, "2c 3c 5h")
    assert again.last is not None and again.last["winners"] == [opponent]
    again.close()
    report = audit(log)
    assert report.ok, [str(v) for v in report.violations]
    played = TableService.resume(log)  # and a log whose see was settled replays to the same place
    assert played.table is not None and played.table.deals_played == 1
    assert played.table.session.net()[opponent] > 0
    played.close()


def test_a_kept_table_stopped_while_a_showdown_awaits_its_cards_audits_as_unfinished(tmp_path: Path) -> None:
    service, tokens = kept_table(tmp_path)
    opponent, caller = to_a_see(service, tokens)
    enter(service, tokens[opponent], opponent, "Ah Ad Ac")  # one hand in, the other still awaited
    service.close()  # the server stops here
    log = tmp_path / "kept.jsonl"
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert lines[-1]["type"] == "action" and lines[-1]["action"].startswith(f"{caller} see")
    assert not any(line["type"] in ("cards", "result") for line in lines), "nothing is claimed of the cut deal"
    report = audit(log)
    assert report.ok and not report.violations, [str(v) for v in report.violations]
    assert any("deal 1 is unfinished" in note.message for note in report.notes), report.notes
    resumed = TableService.resume(log)  # and it resumes, asking for the cards again
    assert resumed.deal is not None and resumed.deal.cards_needed == [opponent, caller]
    resumed.close()


def test_the_engine_checks_entered_cards_before_changing_anything() -> None:
    rules = compile_rules(load_profile("standard"))
    deal = Deal(rules, ["A", "B", "C"], {"A": None, "B": None, "C": None}, wait_for_cards=True)
    with pytest.raises(RuleViolation, match="no cards are awaited"):
        deal.enter_cards("A", parse_cards("Kc Kd 4c"))
    for text in ["A look", "A bet 2", "B fold", "C look"]:
        deal.apply_text(text)
    deal.apply_text("C see 4")
    assert deal.cards_needed and deal.to_act is None
    with pytest.raises(RuleViolation, match="history.cards"):
        deal.apply_text("A fold")  # nothing but the cards while they are awaited
    snapshot = deal.snapshot()
    assert snapshot.cards_needed == deal.cards_needed
    assert not deal.can_enter_cards("A", parse_cards("Kc Kd 4c 5c"))
    assert deal.can_enter_cards(deal.cards_needed[0], parse_cards("Kc Kd 4c"))


@pytest.mark.parametrize("profile", ["seven-card", "stop-the-bus"])
def test_keep_refuses_formats_it_cannot_referee_in_one_line(profile: str, capsys: Any, monkeypatch: Any) -> None:
    code, _, err = run_cli(capsys, monkeypatch, "serve", "--keep", "--profile", profile, "--port", "0")
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "keep mode does not support the profile" in err


def test_keep_refuses_bots_and_a_seed(capsys: Any, monkeypatch: Any) -> None:
    code, _, err = run_cli(capsys, monkeypatch, "serve", "--keep", "--bots", "cautious", "--port", "0")
    assert code == 2 and "people only" in err and len(err.strip().splitlines()) == 1
    code, _, err = run_cli(capsys, monkeypatch, "serve", "--keep", "--seed", "4", "--port", "0")
    assert code == 2 and "not by a seed" in err
    with pytest.raises(Refusal, match="bots hold no real cards"):
        TableService(load_profile("traditional"), "traditional", seats=3, bots=["cautious"], keep=True)


def test_cards_are_entered_through_the_api(tmp_path: Path) -> None:
    pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'bragrules[web]'")
    pytest.importorskip("httpx", reason="the web extra is not installed: pip install 'bragrules[web]'")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from bragrules.web.app import create_app

    service, tokens = kept_table(tmp_path)
    opponent, caller = to_a_see(service, tokens)
    with TestClient(create_app(service), base_url=LOCAL) as client:
        bad = client.post("/api/cards", json={"cards": "Kc Kc 4c", "turn": service.turn},
                          headers={"X-Seat-Token": tokens[opponent]})
        assert bad.status_code == 409 and bad.json()["rule"] == "history.cards"
        assert "twice" in bad.json()["error"]
        good = client.post("/api/cards", json={"cards": "Kc Kd 4c", "turn": service.turn},
                           headers={"X-Seat-Token": tokens[opponent]})
        assert good.status_code == 200 and good.json()["cards_needed"] == [caller]
        with client.websocket_connect(f"{WS}/ws?seat={tokens[caller]}") as socket:
            assert socket.receive_json()["cards_needed"] == [caller]
            socket.send_text(json.dumps({"type": "cards", "cards": "5s 6h 7d", "turn": service.turn}))
            pushed = socket.receive_json()
            assert pushed["last"]["winners"] == [caller] and pushed["cards_needed"] == []
    service.close()
