"""``bragrules serve``: the table's app through an ASGI test client (Starlette's, on httpx).

A whole session played by four clients through the API and its log audited
clean; forged, replayed and out-of-turn actions refused; a second browser on
a seat; malformed websocket messages; disputes ruled as ``arbitrate`` rules.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'bragrules[web]'")
pytest.importorskip("httpx", reason="the web extra is not installed: pip install 'bragrules[web]'")

import warnings  # noqa: E402

with warnings.catch_warnings():  # newer Starlette suggests httpx2 for its test client; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from bragrules.audit import audit  # noqa: E402
from bragrules.profile import load_profile  # noqa: E402
from bragrules.web.app import create_app  # noqa: E402
from bragrules.web.service import TableService  # noqa: E402
from tests.web_checks import LOCAL, WS, assert_private  # noqa: E402


def make(tmp_path: Path, seats: int = 4, bots: Optional[List[str]] = None, hands: Optional[int] = 6,
         profile: str = "traditional", seed: int = 11) -> TableService:
    return TableService(load_profile(profile), profile, seats=seats, bots=bots or [], seed=seed, hands=hands,
                        log_path=tmp_path / "table.jsonl", turn_timeout=3600)


@pytest.fixture
def service(tmp_path: Path) -> TableService:
    return make(tmp_path)


@pytest.fixture
def client(service: TableService) -> Iterator[TestClient]:
    with TestClient(create_app(service), base_url=LOCAL) as test_client:
        yield test_client


def join(client: TestClient, name: str) -> str:
    response = client.post("/api/join", json={"name": name})
    assert response.status_code == 200, response.text
    token = response.json()["token"]
    assert isinstance(token, str) and len(token) >= 20
    assert [v for k, v in client.cookies.items() if k.startswith("bragrules_seat_")] == [token]
    client.cookies.clear()  # one client plays every seat here: each request names its seat itself
    return str(token)


def state(client: TestClient, token: Optional[str]) -> Dict[str, Any]:
    response = client.get("/api/state", headers={"X-Seat-Token": token} if token else {})
    assert response.status_code == 200
    return dict(response.json())


def choose(view: Dict[str, Any], rng: random.Random) -> Dict[str, Any]:
    """A legal move as a person might make it: look sometimes, bet small, see, fold now and then."""
    options = view["legal"]
    kinds = [o["kind"] for o in options]
    pick = rng.choice(options)
    if "see" in kinds and rng.random() < 0.5:
        pick = next(o for o in options if o["kind"] == "see")
    message: Dict[str, Any] = {"kind": pick["kind"]}
    if pick.get("target"):
        message["target"] = pick["target"]
    if pick["kind"] == "bet":
        message["amount"] = rng.choice(pick["amounts"][:3])
    elif pick["kind"] == "see":
        message["amount"] = pick["amount"]
    return message


def test_a_session_of_four_clients_is_played_through_the_api_and_its_log_audits_clean(
        client: TestClient, service: TableService, tmp_path: Path) -> None:
    names = ["Ann", "Bob", "Cat", "Dan"]
    tokens = {name: join(client, name) for name in names}
    first = state(client, tokens["Ann"])
    assert first["phase"] == "play", "the table starts itself once every seat is taken"
    rng = random.Random(3)
    steps = 0
    while True:
        views = {name: state(client, token) for name, token in tokens.items()}
        spectator = state(client, None)
        deal = service.deal
        for name, seen in views.items():
            assert seen["you"] == name
            if deal is not None:
                assert_private(seen, name, deal)
        if deal is not None:
            assert_private(spectator, None, deal)
        if views["Ann"]["phase"] == "over":
            break
        to_act = views["Ann"]["view"]["to_act"]
        assert [n for n in names if views[n]["view"]["legal"]] == [to_act], "only the seat to act is offered moves"
        move = choose(views[to_act]["view"], rng)
        response = client.post("/api/action", json={**move, "turn": views[to_act]["turn"]},
                               headers={"X-Seat-Token": tokens[to_act]})
        assert response.status_code == 200, response.text
        steps += 1
        assert steps < 2000
    assert service.table is not None and service.table.deals_played == 6
    report = audit(tmp_path / "table.jsonl")
    assert report.ok, [str(v) for v in report.violations]
    assert len(report.deals) == 6
    final = state(client, tokens["Bob"])
    assert final["deals_played"] == 6 and set(final["winners"]) <= set(names)
    money = [Fraction(str(s["net"])) for s in final["seats"]] + [Fraction(str(final["carried"]))]
    assert sum(money) == 0, "every unit is someone's, or in the pot carried forward"


def test_forged_replayed_and_out_of_turn_actions_are_refused_and_change_nothing(
        client: TestClient, service: TableService) -> None:
    tokens = {name: join(client, name) for name in ["Ann", "Bob", "Cat", "Dan"]}
    now = state(client, tokens["Ann"])
    to_act = now["view"]["to_act"]
    other = next(n for n in tokens if n != to_act)
    before = (service.turn, len(service.deal.actions) if service.deal else 0)

    forged = client.post("/api/action", json={"kind": "fold", "turn": now["turn"]},
                         headers={"X-Seat-Token": "x" + tokens[to_act][1:]})
    assert forged.status_code == 403 and "seat token" in forged.json()["error"]

    out_of_turn = client.post("/api/action", json={"kind": "fold", "turn": now["turn"], "player": to_act},
                              headers={"X-Seat-Token": tokens[other]})
    assert out_of_turn.status_code == 409
    body = out_of_turn.json()
    assert body["rule"] == "turn_order" and f"{to_act}'s turn" in body["error"]
    assert body["rule_words"].startswith("players act in turn")

    illegal = client.post("/api/action", json={"kind": "see", "amount": 4, "turn": now["turn"]},
                          headers={"X-Seat-Token": tokens[to_act]})
    assert illegal.status_code == 409 and illegal.json()["rule"]

    for bad in ({"kind": "bet", "amount": 2.5, "turn": now["turn"]}, {"kind": "dance", "turn": now["turn"]},
                {"kind": "fold"}, {"kind": "bet", "amount": "lots", "turn": now["turn"]}):
        response = client.post("/api/action", json=bad, headers={"X-Seat-Token": tokens[to_act]})
        assert response.status_code == 400, bad
        assert "Traceback" not in response.text
    not_json = client.post("/api/action", content=b"{kind: fold", headers={"X-Seat-Token": tokens[to_act]})
    assert not_json.status_code == 400 and not_json.json()["error"] == "the message is not JSON"
    assert (service.turn, len(service.deal.actions) if service.deal else 0) == before

    done = client.post("/api/action", json={"kind": "fold", "turn": now["turn"]},
                       headers={"X-Seat-Token": tokens[to_act]})
    assert done.status_code == 200
    replayed = client.post("/api/action", json={"kind": "fold", "turn": now["turn"]},
                           headers={"X-Seat-Token": tokens[to_act]})
    assert replayed.status_code == 409 and "earlier turn" in replayed.json()["error"]


def test_the_lobby_host_start_bots_and_replacing_a_player(tmp_path: Path) -> None:
    service = make(tmp_path, seats=4, bots=["cautious", "loose"])
    with TestClient(create_app(service), base_url=LOCAL) as client:
        ann = join(client, "Ann")
        assert client.post("/api/join", json={"name": "Ann"}).status_code == 409
        assert client.post("/api/join", json={"name": "<b>two words</b>"}).status_code == 400
        assert client.post("/api/start", json={}).status_code == 403
        assert client.post("/api/start", json={"host": "guess"}).status_code == 403
        started = client.post(f"/api/start?host={service.host_token}", json={})
        assert started.status_code == 200 and started.json()["host"] is True
        seats = state(client, ann)["seats"]
        assert [s["bot"] for s in seats] == [False, True, True, True]
        assert {s["style"] for s in seats if s["bot"]} == {"cautious", "loose"}
        assert client.post("/api/join", json={"name": "Eve"}).status_code == 409
        replaced = client.post(f"/api/replace?host={service.host_token}", json={"name": "Ann", "style": "see_happy"})
        assert replaced.status_code == 200
        assert client.get("/api/state", headers={"X-Seat-Token": ann}).json()["you"] is None
        assert client.post("/api/action", json={"kind": "fold", "turn": service.turn},
                           headers={"X-Seat-Token": ann}).status_code == 403
        assert service.phase == "over", "with no person left, the bots do not play on alone"
    assert audit(tmp_path / "table.jsonl").ok


def test_the_host_who_sits_at_a_seat_keeps_the_host_controls(tmp_path: Path) -> None:
    service = make(tmp_path, seats=3, bots=["cautious"])
    host = service.host_token
    with TestClient(create_app(service), base_url=LOCAL) as client:
        joined = client.post(f"/api/join?host={host}", json={"name": "Ann"})  # from the host link's page
        assert joined.status_code == 200 and joined.json()["you"] == "Ann" and joined.json()["host"] is True
        ann = joined.json()["token"]
        client.cookies.clear()
        mine = client.get(f"/api/state?host={host}", headers={"X-Seat-Token": ann}).json()
        assert mine["you"] == "Ann" and mine["host"] is True
        with client.websocket_connect(f"{WS}/ws?seat={ann}&host={host}") as page:
            first = page.receive_json()
            assert first["you"] == "Ann" and first["host"] is True, "both the seat and the host's controls"
            page.send_json({"type": "start"})
            started = page.receive_json()
            assert started["phase"] == "play" and started["you"] == "Ann" and started["host"] is True
            assert started["log"] == str(tmp_path / "table.jsonl"), "the host's own lines are sent too"
        alone = client.get("/api/state", headers={"X-Seat-Token": ann}).json()
        assert alone["you"] == "Ann" and alone["host"] is False, "a seat's link alone is not the host's"


def test_websockets_push_each_seat_its_own_view_and_a_second_browser_takes_the_seat(tmp_path: Path) -> None:
    service = make(tmp_path, seats=2, hands=2, profile="casual")
    with TestClient(create_app(service), base_url=LOCAL) as client:
        tokens = {name: join(client, name) for name in ["Ann", "Bob"]}
        with client.websocket_connect(f"{WS}/ws?seat={tokens['Ann']}") as ann:
            assert ann.receive_json()["you"] == "Ann"
            bob = client.websocket_connect(f"{WS}/ws?seat={tokens['Bob']}").__enter__()
            seen = {"Ann": ann.receive_json(), "Bob": bob.receive_json()}
            assert seen["Bob"]["you"] == "Bob"
            assert [s["here"] for s in seen["Ann"]["seats"]] == [True, True], "Ann's browser sees Bob arrive"
            ann.send_text("{not json")
            assert ann.receive_json() == {"type": "error", "error": "the message is not JSON"}
            ann.send_text("[1, 2]")
            assert "JSON object" in ann.receive_json()["error"]
            ann.send_json({"type": "launch"})
            assert "unknown message type" in ann.receive_json()["error"]
            sockets = {"Ann": ann, "Bob": bob}
            rng = random.Random(5)
            for _ in range(200):
                if seen["Ann"]["phase"] == "over":
                    break
                to_act = seen["Ann"]["view"]["to_act"]
                assert seen[to_act]["view"]["legal"]
                sockets[to_act].send_json({"type": "action", "turn": seen[to_act]["turn"],
                                           **choose(seen[to_act]["view"], rng)})
                for name, socket in sockets.items():
                    message = socket.receive_json()
                    assert message["type"] == "state"
                    if service.deal is not None and message.get("deal") == service.table.session.state.dealt + 1:
                        assert_private(message, name, service.deal)
                    seen[name] = message
            assert seen["Ann"]["phase"] == "over"
            with client.websocket_connect(f"{WS}/ws?seat={tokens['Ann']}") as again:
                assert again.receive_json()["you"] == "Ann"
                replaced = ann.receive_json()
                assert replaced["type"] == "replaced" and "another browser" in replaced["error"]
            bob.__exit__(None, None, None)
        with client.websocket_connect(f"{WS}/ws?seat=forged-token") as stranger:
            refusal = stranger.receive_json()
            assert refusal["type"] == "error" and "seat token" in refusal["error"]
            watching = stranger.receive_json()
            assert watching["you"] is None
            stranger.send_json({"type": "action", "kind": "fold", "turn": watching["turn"]})
            assert "seat token" in stranger.receive_json()["error"]
    assert audit(tmp_path / "table.jsonl").ok


def test_a_dispute_from_the_page_is_ruled_as_arbitrate_rules_it_and_the_log_stays_auditable(
        client: TestClient, service: TableService, tmp_path: Path) -> None:
    tokens = {name: join(client, name) for name in ["Ann", "Bob", "Cat", "Dan"]}
    peeker, other = "Bob", "Cat"
    response = client.post("/api/dispute", json={"text": f"{peeker} peeks {other}"},
                           headers={"X-Seat-Token": tokens["Ann"]})
    assert response.status_code == 200, response.text
    ruling = response.json()["ruling"]
    assert ruling["rules"][0]["path"] == "disputes.deliberate_look"
    assert "fold" in ruling["summary"]
    assert ruling["pending"] == {"player": peeker, "action": f"{peeker} peeks {other}"}
    after = state(client, tokens[other])
    assert after["view"]["seats"][peeker]["folded"] is False, "a ruling alone changes nothing at the table"
    assert after["rulings"][-1]["text"] == f"{peeker} peeks {other}"
    for stranger in ("Ann", other, "Dan"):  # a seat acts only for itself
        refused = client.post("/api/accept", json={"ruling": ruling["id"]}, headers={"X-Seat-Token": tokens[stranger]})
        assert refused.status_code == 403 and "acts only for itself" in refused.json()["error"]
    assert state(client, tokens[other])["view"]["seats"][peeker]["folded"] is False
    conceded = client.post("/api/accept", json={"ruling": ruling["id"]}, headers={"X-Seat-Token": tokens[peeker]})
    assert conceded.status_code == 200, conceded.text
    after = state(client, tokens[other])
    assert after["view"]["seats"][peeker]["folded"] is True, "traditional: a deliberate look folds the peeker"
    assert after["rulings"][-1]["settled"] == f"conceded by {peeker}" and after["rulings"][-1]["pending"] is None
    again = client.post("/api/accept", json={"ruling": ruling["id"]}, headers={"X-Seat-Token": tokens[peeker]})
    assert again.status_code == 409 and "conceded" in again.json()["error"]
    bad = client.post("/api/dispute", json={"text": "Zed exposes Ann"}, headers={"X-Seat-Token": tokens["Ann"]})
    assert bad.status_code == 400 and "cannot be ruled" in bad.json()["error"]
    assert client.post("/api/dispute", json={"text": "tie"}).status_code == 403
    service.close()
    lines = [json.loads(line) for line in (tmp_path / "table.jsonl").read_text().splitlines()]
    assert [line["action"] for line in lines if "peeks" in str(line.get("action"))] == [f"{peeker} peeks {other}"]
    assert audit(tmp_path / "table.jsonl").ok


def test_the_host_confirms_a_ruling_and_a_ruling_overtaken_by_the_deal_no_longer_applies(
        client: TestClient, service: TableService) -> None:
    tokens = {name: join(client, name) for name in ["Ann", "Bob", "Cat", "Dan"]}
    host = {"host": service.host_token}
    first = client.post("/api/dispute", json={"text": "Dan peeks Ann"}, headers={"X-Seat-Token": tokens["Cat"]})
    confirmed = client.post("/api/accept", json={"ruling": first.json()["ruling"]["id"]}, params=host)
    assert confirmed.status_code == 200, confirmed.text
    assert state(client, tokens["Ann"])["view"]["seats"]["Dan"]["folded"] is True
    assert confirmed.json()["rulings"][-1]["settled"] == "confirmed by the host"
    late = client.post("/api/dispute", json={"text": "Cat peeks Ann"}, headers={"X-Seat-Token": tokens["Bob"]})
    number = late.json()["ruling"]["id"]
    deal = service.table.session.state.dealt if service.table else 0
    while service.table is not None and service.table.session.state.dealt == deal:  # the deal plays on to its end
        now = state(client, tokens["Ann"])
        to_act = now["view"]["to_act"]
        kinds = [o["kind"] for o in now["view"]["legal"]] if to_act == "Ann" else \
            [o["kind"] for o in state(client, tokens[to_act])["view"]["legal"]]
        kind = "fold" if "fold" in kinds else kinds[0]
        assert client.post("/api/action", json={"kind": kind, "turn": now["turn"]},
                           headers={"X-Seat-Token": tokens[to_act]}).status_code == 200
    stale = client.post("/api/accept", json={"ruling": number}, params=host)
    assert stale.status_code == 409 and "no longer applies" in stale.json()["error"]
    assert client.post("/api/accept", json={"ruling": 999}, params=host).status_code == 404


def test_a_dispute_is_ruled_from_the_tables_own_deal_without_reading_the_log(tmp_path: Path) -> None:
    service = make(tmp_path, seats=3)
    tokens = {name: service.join(name) for name in ["Ann", "Bob", "Cat"]}
    log = tmp_path / "table.jsonl"
    log.rename(tmp_path / "moved.jsonl")  # the table writes on in its open file; the log's name is gone
    ruling = service.dispute(tokens["Ann"], "Bob peeks Cat")
    assert ruling.pending is not None and "Bob must fold" in ruling.summary
    service.close()
    unlogged = TableService(load_profile("traditional"), "traditional", seats=3, bots=[], seed=11, log_path=None)
    names = {name: unlogged.join(name) for name in ["Ann", "Bob", "Cat"]}
    assert unlogged.dispute(names["Cat"], "Ann exposes Bob").rules[0]["path"].startswith("disputes.exposure")


@pytest.mark.parametrize("profile", ["bust-card", "hukam", "jhandu", "add-up-joker"])
def test_a_dispute_at_a_table_that_turns_cards_is_ruled_with_the_turned_cards(tmp_path: Path, profile: str) -> None:
    """The deal a ruling replays is dealt with the cards turned after the deal (a bust card, a trump card, the cards
    that decide the wild cards), which everyone sees: without them the deal cannot be played, and the ruling would
    fall back to "turns on cards the table has not seen"."""
    service = make(tmp_path, seats=3, profile=profile)
    tokens = {name: service.join(name) for name in ["Ann", "Bob", "Cat"]}
    assert service.deal is not None and service.deal.centre
    assert list(service._situation().centre) == list(service.deal.centre)
    ruling = service.dispute(tokens["Ann"], "Bob peeks Cat")
    assert ruling.pending is not None and "Bob must fold" in ruling.summary, ruling.summary
    assert ruling.rules[0]["path"] == "disputes.deliberate_look"
    service.close()


def test_the_page_and_its_files_are_served_from_the_package(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert '<script src="/static/table.js">' in page.text and "http" not in page.text.split("<body>")[1][:2000]
    for name in ("table.js", "table.css"):
        assert client.get(f"/static/{name}").status_code == 200
    script = client.get("/static/table.js").text
    assert "innerHTML" not in script, "names are drawn as text, never as markup"
    assert client.get("/static/../app.py").status_code == 404


def test_a_ruling_read_by_everyone_names_no_hidden_card(tmp_path: Path) -> None:
    service = make(tmp_path, seats=2, profile="casual", seed=3)
    tokens = {name: service.join(name) for name in ["Ann", "Bob"]}

    def act(kind: str, **more: Any) -> None:
        deal = service.deal
        assert deal is not None and deal.to_act is not None
        sent = service.state(tokens[deal.to_act])
        service.act(tokens[deal.to_act], {"kind": kind, "turn": sent["turn"], **more})

    act("look")
    act("bet", amount=1)
    act("look")
    deal = service.deal
    assert deal is not None and deal.to_act is not None
    player = deal.to_act
    see = next(o for o in service.state(tokens[player])["view"]["legal"] if o["kind"] == "see")
    hidden = {str(c) for state in deal.players.values() for c in state.hand or ()}
    allowed = service.dispute(tokens["Ann"], f"{player} see {see['amount']}")
    assert allowed.allowed is True and "allowed now" in allowed.summary
    wrong = service.dispute(tokens["Bob"], f"{player} see {Fraction(str(see['amount'])) - 1}")
    assert wrong.allowed is False and f"costs exactly {see['amount']}" in wrong.summary
    from bragrules.core.i18n import speaking

    with speaking("zh"):  # the ruling that turns on unseen cards, read in Chinese
        assert "现在允许" in service.state(tokens["Ann"])["rulings"][0]["summary"]
    for name, token in tokens.items():
        sent = json.dumps(service.state(token))
        assert_private(service.state(token), name, deal)
        mine = {str(c) for c in deal.players[name].hand or ()}
        assert not any(card in json.dumps(service.state(token)["rulings"]) for card in hidden - mine), sent
        assert not any(card in " ".join(service.state(token)["feed"]) for card in hidden - mine)


def test_a_redeal_at_the_table_is_fed_as_a_redeal_not_a_win(client: TestClient, service: TableService,
                                                           tmp_path: Path) -> None:
    """000: an exposed player "may demand a redeal of the whole hand, with all antes returned": the
    table's feed says the hand is dealt again (nobody "wins" the pot of antes that went back), and
    the log's result says what was returned."""
    tokens = {name: join(client, name) for name in ["Ann", "Bob", "Cat", "Dan"]}
    to_act = state(client, tokens["Ann"])["view"]["to_act"]
    other = next(n for n in tokens if n != to_act)
    ruled = client.post("/api/dispute", json={"text": f"{to_act} exposes {other}"},
                        headers={"X-Seat-Token": tokens["Ann"]})
    assert ruled.status_code == 200, ruled.text
    accepted = client.post("/api/accept", json={"ruling": ruled.json()["ruling"]["id"]},
                           headers={"X-Seat-Token": tokens[to_act]})  # who saw the cards concedes the ruling
    assert accepted.status_code == 200, accepted.text
    now = state(client, tokens[other])
    demanded = client.post("/api/action", json={"kind": "redeal", "turn": now["turn"]},
                           headers={"X-Seat-Token": tokens[other]})
    assert demanded.status_code == 200, demanded.text
    feed = state(client, tokens["Ann"])["feed"]
    line = next(text for text in feed if text.startswith("deal 1:") and "dealt again" in text)
    assert " win" not in line
    service.close()
    results = [json.loads(line) for line in (tmp_path / "table.jsonl").read_text().splitlines()
               if json.loads(line)["type"] == "result"]
    assert results[0]["outcome"] == "redeal" and results[0]["returned"] == results[0]["pot"] == 4
    assert audit(tmp_path / "table.jsonl").ok


def test_each_table_reads_its_own_seat_cookie_and_another_tables_is_ignored_silently(tmp_path: Path) -> None:
    from bragrules.web.app import cookie_name

    first = make(tmp_path / "a", seats=3)
    (tmp_path / "b").mkdir()
    second = make(tmp_path / "b", seats=3)
    assert cookie_name(first) != cookie_name(second), "cookies go to every port of a host: one name per table"
    with TestClient(create_app(first), base_url=LOCAL) as one, TestClient(create_app(second), base_url=LOCAL) as two:
        ann = one.post("/api/join", json={"name": "Ann"})
        assert ann.status_code == 200 and one.cookies.get(cookie_name(first)) == ann.json()["token"]
        for name in (cookie_name(second), "bragrules_seat"):  # the first table's token, as the browser sends it
            two.cookies.clear()
            two.cookies.set(name, ann.json()["token"])
            with two.websocket_connect(f"{WS}/ws") as socket_:
                sent = socket_.receive_json()
                assert sent["type"] == "state" and sent["you"] is None, "a spectator, and no error to show"
            assert two.get("/api/state").json()["you"] is None
        two.cookies.clear()
        bob = two.post("/api/join", json={"name": "Bob"}).json()["token"]
        with two.websocket_connect(f"{WS}/ws") as socket_:
            assert socket_.receive_json()["you"] == "Bob", "its own cookie takes the seat"
        with two.websocket_connect(f"{WS}/ws?seat=not-a-token") as socket_:
            assert "not one of this table's" in socket_.receive_json()["error"], "a wrong link is still said"
        assert bob


def test_the_page_and_the_audit_name_the_profile_never_the_servers_path_to_it(
        tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    from tests.helpers import run_cli

    folder = tmp_path / "private" / "rules"
    folder.mkdir(parents=True)
    path = folder / "ours.yaml"
    path.write_text("extends: traditional\nname: fireside\ndescription: our rules\n")
    service = TableService(load_profile(str(path)), str(path), seats=3, bots=[], seed=2,
                           log_path=tmp_path / "t.jsonl")
    with TestClient(create_app(service), base_url=LOCAL) as client:
        sent = client.get("/api/state").text
    assert json.loads(sent)["profile"] == "fireside" and "private" not in sent
    for person in ("Ann", "Bob", "Cat"):
        service.join(person)
    service.close()
    code, out, err = run_cli(capsys, monkeypatch, "audit", str(tmp_path / "t.jsonl"))
    assert code == 0 and "under fireside" in out.splitlines()[0] and "private" not in out, out
    code, out, err = run_cli(capsys, monkeypatch, "audit", str(tmp_path / "t.jsonl"), "--json")
    assert json.loads(out)["profile"] == str(path), "the JSON report is as it was"


@pytest.mark.parametrize("lang, folds", [("zh", "弃牌"), ("hi", "पैक")])
def test_a_ruling_is_read_in_each_readers_language_and_names_no_hidden_card(tmp_path: Path, lang: str,
                                                                            folds: str) -> None:
    """A ruling is made once and read by everyone: each reader reads its summary, and the feed's line of it,
    in their own language, with the same cards hidden as in English; the English is what it was."""
    from bragrules.core.i18n import speaking

    service = make(tmp_path, seats=3)
    tokens = {name: service.join(name) for name in ["Ann", "Bob", "Cat"]}
    peek = service.dispute(tokens["Ann"], "Bob peeks Cat")
    assert "Bob must fold" in peek.summary
    deal = service.deal
    assert deal is not None and deal.to_act is not None
    allowed = service.dispute(tokens["Ann"], f"{deal.to_act} fold")
    assert allowed.summary.startswith(f"{deal.to_act} fold")
    english = service.state(tokens["Cat"])["rulings"]
    assert [r["summary"] for r in english] == [peek.summary, allowed.summary]
    with speaking(lang):
        read = service.state(tokens["Cat"])
    summaries = [r["summary"] for r in read["rulings"]]
    assert "must fold" not in summaries[0] and folds in summaries[0]
    assert "is allowed" not in " ".join(summaries) and "dispute raised by" not in " ".join(read["feed"])
    hidden = {str(c) for name, state in deal.players.items() if name != "Cat" for c in state.hand or ()}
    assert not any(card in json.dumps(read["rulings"]) + " ".join(read["feed"]) for card in hidden)
    service.close()
