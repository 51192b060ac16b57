"""``bragrules serve``: the table's clock for absent seats, resuming after the server stops (or is
killed mid-deal), and the command's bad input."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest

from bragrules.audit import audit
from bragrules.profile import load_profile
from bragrules.web.service import Refusal, TableService, timeout_action
from tests.helpers import run_cli, wait_for


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def play_one(service: TableService, tokens: Dict[str, str]) -> None:
    """The seat to act looks, then sees when it can, else folds: every deal ends."""
    deal = service.deal
    assert deal is not None and deal.to_act is not None
    sent = service.state(tokens[deal.to_act])
    options = sent["view"]["legal"]
    option = next((o for kind in ("look", "see", "show", "fold") for o in options if o["kind"] == kind), options[0])
    move: Dict[str, Any] = {"kind": option["kind"], "turn": sent["turn"]}
    if option["kind"] in ("bet", "see"):
        move["amount"] = option["amount"]
    if option["target"]:
        move["target"] = option["target"]
    service.act(tokens[deal.to_act], move)


def test_an_absent_seat_gets_a_visible_timer_then_the_table_folds_for_it() -> None:
    clock = FakeClock()
    service = TableService(load_profile("traditional"), "traditional", seats=3, bots=["cautious"], seed=9,
                           hands=3, turn_timeout=30, clock=clock)
    ann, bob = service.join("Ann"), service.join("Bob")
    service.start(service.host_token)
    tokens = {"Ann": ann, "Bob": bob}
    service.connected("Ann", +1)
    service.connected("Bob", +1)
    while service.deal is not None and service.deal.to_act not in tokens:
        play_one(service, tokens)
    deal = service.deal
    assert deal is not None
    away = deal.to_act
    assert away in tokens
    assert service.state(ann)["timer"] is None, "nobody is timed while their browser is open"
    service.connected(away, -1)  # the browser closes mid-turn
    clock.now += 10
    timer = service.state(ann)["timer"]
    assert timer == {"player": away, "seconds": 20}
    assert service.tick() is False
    service.connected(away, +1)  # back in time: the clock stops
    assert service.state(ann)["timer"] is None
    service.connected(away, -1)
    clock.now += 29.5
    assert service.tick() is False
    clock.now += 1
    turn = service.turn
    assert service.tick() is True
    assert deal.players[away].folded and service.turn > turn
    assert any(f"{away} was away for 30 seconds" in line.text for line in service.feed)


def test_the_timeout_takes_the_profiles_assumption_before_a_fold() -> None:
    from bragrules.core.cards import parse_cards
    from bragrules.engine.deal import Deal
    from bragrules.rules.compile import compile_rules

    rules = compile_rules(load_profile("traditional"))
    deal = Deal(rules, ["A", "B", "C"], {"A": parse_cards("Kc 9c 4c"), "B": parse_cards("5s 6h 7d"),
                                         "C": parse_cards("2c 7h Jd")})
    assert str(timeout_action(deal, "A")) == "A fold"
    for text in ["A look", "A bet 2", "B look", "B bet 2", "C fold", "A see 4"]:
        deal.apply_text(text)
    if deal.awaiting == "show":  # the second to show at a see: the profile assumes a show
        assert str(timeout_action(deal, deal.to_act or "")) == f"{deal.to_act} show"


def test_a_table_resumes_from_its_log_losing_no_completed_action(tmp_path: Path) -> None:
    log = tmp_path / "table.jsonl"
    service = TableService(load_profile("traditional"), "traditional", seats=4, bots=["loose"], seed=21,
                           hands=3, log_path=log)
    tokens = {name: service.join(name) for name in ["Ann", "Bob", "Cat"]}
    service.start(service.host_token)
    for _ in range(7):
        play_one(service, tokens)
    deal = service.deal
    assert deal is not None
    played = [str(a) for a in deal.actions]
    service.close()  # the server stops

    with pytest.raises(Refusal):
        TableService(load_profile("traditional"), "traditional", seats=9, bots=[])
    again = TableService.resume(log)
    assert again.phase == "play" and again.deal is not None
    assert [str(a) for a in again.deal.actions][:len(played)] == played
    with pytest.raises(Refusal, match="only a person with a seat"):
        again.join("Eve")
    with pytest.raises(Refusal, match="taken"):
        again.join("Ann")  # a name alone does not take a seat that has a token
    while again.phase == "play":  # the links from before the restart
        play_one(again, tokens)
    report = audit(log)
    assert report.ok, [str(v) for v in report.violations]
    assert len(report.deals) == 3


@pytest.mark.skipif(sys.platform == "win32", reason="kills the server with SIGKILL")
def test_a_server_killed_mid_deal_is_resumed_from_its_log(tmp_path: Path) -> None:
    pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install 'bragrules[web]'")
    httpx = pytest.importorskip("httpx", reason="the web extra is not installed: pip install 'bragrules[web]'")
    log = tmp_path / "served.jsonl"
    err = tmp_path / "stderr.txt"
    with open(err, "w") as stderr:
        server = subprocess.Popen([sys.executable, "-m", "bragrules_cli.app", "serve", "-p", "traditional",
                                   "--port", "0", "--seats", "3", "--bots", "none", "--seed", "4", "--hands", "2",
                                   "--log", str(log)], stdout=subprocess.DEVNULL, stderr=stderr,
                                  env={**os.environ, "NO_COLOR": "1"})
    try:
        wait_for(lambda: "Join link" in err.read_text() or server.poll() is not None, "the server's join link")
        text = err.read_text()
        assert "this computer only" in text, text
        link = text.split("Join link to share: ")[1].split()[0]
        with httpx.Client(base_url=link, timeout=30) as http:
            tokens = {name: http.post("api/join", json={"name": name}).json()["token"] for name in ["Ann", "Bob", "Cat"]}
            moves: List[str] = []
            for _ in range(4):
                now = http.get("api/state", headers={"X-Seat-Token": tokens["Ann"]}).json()
                to_act = now["view"]["to_act"]
                view = http.get("api/state", headers={"X-Seat-Token": tokens[to_act]}).json()
                option = view["view"]["legal"][0]
                reply = http.post("api/action", json={"kind": option["kind"], "turn": view["turn"]},
                                  headers={"X-Seat-Token": tokens[to_act]})
                assert reply.status_code == 200, reply.text
                moves.append(f"{to_act} {option['kind']}")
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=30)
    logged = [json.loads(line)["action"] for line in log.read_text().splitlines() if '"action"' in line]
    assert [" ".join(a.split()[:2]) for a in logged] == moves, "every completed action was in the log when the server died"
    again = TableService.resume(log)
    assert again.deal is not None and [str(a) for a in again.deal.actions] == logged
    while again.phase == "play":  # the links given out before the server was killed still work
        play_one(again, tokens)
    report = audit(log)
    assert report.ok and len(report.deals) == 2


def test_serve_refuses_bad_input_in_one_line(capsys: Any, monkeypatch: Any, tmp_path: Path) -> None:
    existing = tmp_path / "old.jsonl"
    existing.write_text("{}\n")
    cases = [
        (["serve", "--port", "70000"], "--port"),
        (["serve", "--seats", "12", "-p", "traditional", "--log", str(tmp_path / "a.jsonl")], "seats 3 to 8"),
        (["serve", "--bots", "reckless"], "unknown bot style reckless"),
        (["serve", "--log", str(existing)], "never overwritten"),
        (["serve", "--resume", str(tmp_path / "missing.jsonl")], "no such file"),
        (["serve", "--resume", str(existing), "--seats", "3"], "leave out --seats"),
        (["serve", "-p", "no-such-profile"], "no-such-profile"),
    ]
    for args, expected in cases:
        code, out, err = run_cli(capsys, monkeypatch, *args)
        assert code == 2, (args, err)
        assert expected in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err, (args, err)


def test_serve_without_the_web_extra_names_it(capsys: Any, monkeypatch: Any) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *rest: None if name == "starlette" else real(name, *rest))
    code, out, err = run_cli(capsys, monkeypatch, "serve", "-p", "traditional")
    assert code == 2
    assert err.strip() == ("error: serve needs the web extra (starlette, uvicorn, websockets): "
                           "pip install 'bragrules[web]'")


def test_bragrules_imports_without_the_web_stack() -> None:
    code = ("import sys; import bragrules.web.service, bragrules_cli.serve_cmd; "
            "bad = [m for m in ('starlette', 'uvicorn', 'websockets', 'httpx') if m in sys.modules]; "
            "print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "[]", out.stderr
