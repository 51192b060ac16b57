"""``bragrules serve --resume``: the seat file keeps the seats' links private and the host's bots in place.

A resumed table takes the links given out before the restart (and refuses a
name alone for a seat with a token), brings back as a bot a seat the host
replaced, and refuses, in one line and without touching anything, a seat
file that is missing (unless ``--claim-by-name``), corrupt, of another log,
or readable by other users.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

from bragrules.audit import audit
from bragrules.profile import load_profile
from bragrules.web.seats import SeatFileError, salt_check, seat_file_path
from bragrules.web.service import Refusal, TableService
from tests.helpers import run_cli
from tests.test_web_table import play_one
from tests.web_checks import LOCAL, WS

PEOPLE = ["Ann", "Bob", "Cat"]


def played_table(tmp_path: Path, name: str = "table.jsonl", seed: int = 21) -> Tuple[TableService, Dict[str, str], Path]:
    """Three people, a few actions in, the server stopped: the table, its tokens and its log."""
    log = tmp_path / name
    service = TableService(load_profile("traditional"), "traditional", seats=3, bots=[], seed=seed, hands=3,
                           log_path=log)
    tokens = {person: service.join(person) for person in PEOPLE}
    for _ in range(3):
        play_one(service, tokens)
    return service, tokens, log


def test_a_resumed_table_keeps_its_links_and_refuses_a_name_alone(tmp_path: Path) -> None:
    service, tokens, log = played_table(tmp_path)
    host = service.host_token
    service.close()
    seats = seat_file_path(log)
    if os.name == "posix":
        assert stat.S_IMODE(seats.stat().st_mode) == 0o600
    written = seats.read_text()
    for secret in [host, *tokens.values()]:
        assert secret not in written and secret not in log.read_text(), "no token is ever written down"
    assert set(json.loads(written)["seats"]) == set(PEOPLE)

    again = TableService.resume(log)
    for person, token in tokens.items():
        assert again.seat_of(token) == person and again.state(token)["you"] == person
    assert again.is_host(host), "the host's link from before the restart still works"
    assert again.is_host(again.host_token) and again.host_token != host, "and the new one printed at the restart"
    with pytest.raises(Refusal, match="Bob's seat is taken") as refused:
        again.join("Bob")
    assert refused.value.status == 409
    with pytest.raises(Refusal) as forged:
        again.seat_of("not-a-token")
    assert forged.value.status == 403
    while again.phase == "play":
        play_one(again, tokens)
    again.close()
    assert audit(log).ok
    assert len(json.loads(seats.read_text())["hosts"]) == 2


def test_a_seat_the_host_gave_a_bot_comes_back_as_that_bot(tmp_path: Path) -> None:
    service, tokens, log = played_table(tmp_path)
    service.replace_with_bot(service.host_token, "Bob", "loose")
    service.close()
    assert json.loads(seat_file_path(log).read_text())["bots"] == {"Bob": "loose"}

    again = TableService.resume(log)
    place = again.places["Bob"]
    assert place.is_bot and place.style == "loose" and place.digest is None
    assert again.table is not None and "Bob" in again.table.bots
    with pytest.raises(Refusal) as gone:
        again.seat_of(tokens["Bob"])
    assert gone.value.status == 403, "the replaced person's link stays dead"
    with pytest.raises(Refusal, match="only a person with a seat"):
        again.join("Bob")
    people = {p: tokens[p] for p in ["Ann", "Cat"]}
    while again.phase == "play":  # the table never waits for Bob: the bot plays the seat
        deal = again.deal
        assert deal is not None and deal.to_act in people
        play_one(again, people)
    again.close()
    assert audit(log).ok


def test_a_missing_seat_file_is_refused_unless_seats_are_claimed_by_name(tmp_path: Path) -> None:
    service, tokens, log = played_table(tmp_path)
    service.close()
    seats = seat_file_path(log)
    seats.unlink()
    with pytest.raises(SeatFileError, match="is missing.*--claim-by-name"):
        TableService.resume(log)
    assert not seats.exists()
    again = TableService.resume(log, claim_by_name=True)
    assert again.claim_by_name and seats.exists(), "a new seat file is written at once"
    with pytest.raises(Refusal):
        again.seat_of(tokens["Ann"])
    ann = again.join("Ann")
    with pytest.raises(Refusal, match="taken"):
        again.join("Ann")
    again.close()
    third = TableService.resume(log)  # and after the next restart Ann's new link is the one that works
    assert third.seat_of(ann) == "Ann"
    with pytest.raises(Refusal, match="taken"):
        third.join("Ann")
    assert third.join("Bob")  # Bob never came back: his seat is still claimed by name
    third.close()


def bad_seat_files(tmp_path: Path) -> Dict[str, Tuple[Path, str]]:
    """Logs whose seat files are corrupt, another log's, salted anew, or readable by others; with the message expected."""
    cases: Dict[str, Tuple[Path, str]] = {}
    service, _, corrupt = played_table(tmp_path, "corrupt.jsonl")
    service.close()
    seat_file_path(corrupt).write_text('{"format": "bragrules-seats/1",\n "log": \n')
    with open(corrupt, "a") as handle:  # and a last line cut short, which a resume would drop: it stays
        handle.write('{"type": "action", "act')
    cases["corrupt"] = (corrupt, "corrupt.jsonl.seats.json:3: is not a seat file (not JSON")
    service, _, other = played_table(tmp_path, "other.jsonl", seed=22)
    service.close()
    service, _, mine = played_table(tmp_path, "mine.jsonl", seed=22)
    service.close()
    os.replace(seat_file_path(other), seat_file_path(mine))
    cases["another log's"] = (mine, "mine.jsonl.seats.json: belongs to another log")
    service, _, salted = played_table(tmp_path, "salted.jsonl")
    service.close()
    data = json.loads(seat_file_path(salted).read_text())
    data["salt"] = "00" * 16  # still 16 bytes in hex, so only the check tells: every link would be dead
    seat_file_path(salted).write_text(json.dumps(data))
    cases["salt changed"] = (salted, "salted.jsonl.seats.json: its 'salt' was changed after the table wrote it")
    if os.name == "posix":
        service, _, open_ = played_table(tmp_path, "open.jsonl")
        service.close()
        os.chmod(seat_file_path(open_), 0o644)
        cases["readable by others"] = (open_, "other users may read or write it (mode 0644)")
    return cases


def test_a_bad_seat_file_is_refused_in_one_line_and_nothing_is_touched(tmp_path: Path) -> None:
    for what, (log, expected) in bad_seat_files(tmp_path).items():
        seats = seat_file_path(log)
        before = (log.read_bytes(), seats.read_bytes(), stat.S_IMODE(seats.stat().st_mode))
        for claim in (False, True):
            with pytest.raises(SeatFileError) as refused:
                TableService.resume(log, claim_by_name=claim)
            assert expected in str(refused.value), (what, str(refused.value))
            assert "\n" not in str(refused.value)
        assert (log.read_bytes(), seats.read_bytes(), stat.S_IMODE(seats.stat().st_mode)) == before, what
        if what == "readable by others":
            os.chmod(seats, 0o600)
            again = TableService.resume(log)  # once fixed, the table resumes
            again.close()


def test_serve_resume_refuses_a_bad_seat_file_in_one_line(capsys: Any, monkeypatch: Any, tmp_path: Path) -> None:
    pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'bragrules[web]'")
    pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install 'bragrules[web]'")
    cases = [(["serve", "--resume", str(log)], expected) for log, expected in bad_seat_files(tmp_path).values()]
    service, _, missing = played_table(tmp_path, "missing.jsonl")
    service.close()
    seat_file_path(missing).unlink()
    with open(missing, "a") as handle:
        handle.write('{"type": "action", "act')
    kept = missing.read_bytes()
    cases += [(["serve", "--resume", str(missing)], "missing.jsonl.seats.json: is missing"),
              (["serve", "--claim-by-name"], "--claim-by-name is for --resume")]
    for args, expected in cases:
        code, out, err = run_cli(capsys, monkeypatch, *args)
        assert code == 2, (args, err)
        assert expected in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err, (args, err)
    assert not seat_file_path(missing).exists() and missing.read_bytes() == kept, "the log is not touched"


def test_a_seat_file_written_without_a_check_is_read_and_given_one(tmp_path: Path) -> None:
    service, tokens, log = played_table(tmp_path)
    service.close()
    seats = seat_file_path(log)
    data = json.loads(seats.read_text())
    assert data["check"] == salt_check(bytes.fromhex(data["salt"]))
    del data["check"]  # as written before the salt had its check
    seats.write_text(json.dumps(data))
    again = TableService.resume(log)
    assert again.seat_of(tokens["Ann"]) == "Ann", "its links still work"
    again.close()
    assert json.loads(seats.read_text())["check"] == salt_check(bytes.fromhex(data["salt"])), "and it has one now"


@pytest.mark.skipif(sys.platform == "win32", reason="file modes are POSIX")
def test_the_seat_file_is_replaced_whole_and_stays_private(tmp_path: Path) -> None:
    service, tokens, log = played_table(tmp_path)
    seats = seat_file_path(log)
    os.chmod(seats, 0o600)
    first = json.loads(seats.read_text())
    service.replace_with_bot(service.host_token, "Cat", "cautious")
    second = json.loads(seats.read_text())
    assert second["bots"] == {"Cat": "cautious"} and "Cat" not in second["seats"] and "Cat" in first["seats"]
    assert stat.S_IMODE(seats.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == [], "no temporary file is left"
    service.close()


def test_a_seat_file_that_cannot_be_written_does_not_stop_the_game(tmp_path: Path, monkeypatch: Any) -> None:
    import bragrules.web.table_state as state_module  # where the seat file is saved

    service, tokens, log = played_table(tmp_path)

    def refuse(path: Path, record: Any) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(state_module, "save_seats", refuse)
    service.replace_with_bot(service.host_token, "Cat", "cautious")
    assert any("cannot be written (Permission denied)" in line.text for line in service.feed)
    assert service.places["Cat"].is_bot and service.phase == "play"
    play_one(service, {p: tokens[p] for p in ["Ann", "Bob"]})
    service.close()


def test_a_ruling_the_host_confirms_against_a_bot_resumes(tmp_path: Path) -> None:
    log = tmp_path / "bots.jsonl"
    service = TableService(load_profile("traditional"), "traditional", seats=3, bots=["cautious"], seed=4,
                           log_path=log, turn_timeout=3600)
    ann = service.join("Ann")
    service.start(service.host_token)
    bot = next(name for name in service.places if name != "Ann")
    ruling = service.dispute(ann, f"{bot} peeks Ann")
    service.accept_ruling(None, ruling.number, service.host_token)  # the host confirms it: the bot folds
    assert service.deal is not None and service.deal.players[bot].folded
    service.close()
    again = TableService.resume(log, turn_timeout=3600)  # the bot did not choose its fold: it is not relived
    try:
        assert again.deal is not None and again.deal.players[bot].folded
    finally:
        again.close()


def test_through_the_api_a_resumed_table_knows_the_old_links(tmp_path: Path) -> None:
    pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'bragrules[web]'")
    pytest.importorskip("httpx", reason="the web extra is not installed: pip install 'bragrules[web]'")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from bragrules.web.app import create_app

    service, tokens, log = played_table(tmp_path)
    host = service.host_token
    service.close()
    again = TableService.resume(log, turn_timeout=3600)
    with TestClient(create_app(again), base_url=LOCAL) as client:
        mine = client.get("/api/state", headers={"X-Seat-Token": tokens["Cat"]}).json()
        assert mine["you"] == "Cat"
        taken = client.post("/api/join", json={"name": "Cat"})
        assert taken.status_code == 409 and "taken" in taken.json()["error"]
        with client.websocket_connect(f"{WS}/ws?seat={tokens['Ann']}") as socket:
            assert socket.receive_json()["you"] == "Ann"
        replaced = client.post(f"/api/replace?host={host}", json={"name": "Cat", "style": "random"})
        assert replaced.status_code == 200, replaced.text
    assert json.loads(seat_file_path(log).read_text())["bots"] == {"Cat": "random"}


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_resume_listens_where_the_table_was_and_says_when_the_links_cannot_work(
        capsys: Any, monkeypatch: Any, tmp_path: Path) -> None:
    import socket

    pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install 'bragrules[web]'")
    import bragrules.web.server as server_module

    served: List[Tuple[str, int]] = []
    monkeypatch.setattr(server_module, "run", lambda app, sock: served.append(sock.getsockname()[:2]))
    old = _free_port()
    service, tokens, log = played_table(tmp_path)
    service.listening("127.0.0.1", old)
    service.close()
    seats = seat_file_path(log)
    assert json.loads(seats.read_text())["address"] == {"host": "127.0.0.1", "port": old}

    code, out, err = run_cli(capsys, monkeypatch, "serve", "--resume", str(log))
    assert code == 0, err
    assert served[-1] == ("127.0.0.1", old), "a resumed table listens where its links point"
    assert f"Join link to share: http://127.0.0.1:{old}/" in err and "still work" in err, err

    new = _free_port()
    code, out, err = run_cli(capsys, monkeypatch, "serve", "--resume", str(log), "--port", str(new))
    assert code == 0 and served[-1] == ("127.0.0.1", new), err
    assert f"the links given out before point at http://127.0.0.1:{old}/" in err and "will not work" in err, err
    assert "started, still work" not in err
    assert json.loads(seats.read_text())["address"]["port"] == new, "the next restart listens here"

    with socket.socket() as squatter:  # another program has the table's port
        squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        squatter.bind(("127.0.0.1", new))
        squatter.listen(1)
        code, out, err = run_cli(capsys, monkeypatch, "serve", "--resume", str(log))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert f"cannot listen on 127.0.0.1:{new}" in err and "--port" in err and "links" in err, err
    assert len(served) == 2

    record = json.loads(seats.read_text())  # a seat file written before addresses were recorded
    del record["address"]
    seats.write_text(json.dumps(record))
    code, out, err = run_cli(capsys, monkeypatch, "serve", "--resume", str(log), "--port", str(new))
    assert code == 0, err
    assert "does not record where the table was served" in err and "started, still work" not in err, err


def test_a_new_table_records_its_address_when_the_game_starts(tmp_path: Path) -> None:
    log = tmp_path / "new.jsonl"
    service = TableService(load_profile("traditional"), "traditional", seats=3, bots=[], seed=3, log_path=log)
    service.listening("0.0.0.0", 8731)
    for person in PEOPLE:
        service.join(person)
    service.close()
    assert json.loads(seat_file_path(log).read_text())["address"] == {"host": "0.0.0.0", "port": 8731}
    again = TableService.resume(log)
    assert again.recorded_address == ("0.0.0.0", 8731)
    again.close()
    record = json.loads(seat_file_path(log).read_text())
    for bad in ({"host": "0.0.0.0", "port": 0}, {"host": "a b", "port": 80}, "0.0.0.0:80"):
        record["address"] = bad
        seat_file_path(log).write_text(json.dumps(record))
        with pytest.raises(SeatFileError, match="'address' is not a host and a port"):
            TableService.resume(log)


def test_after_a_resume_the_feed_and_the_last_deal_are_as_they_were(tmp_path: Path) -> None:
    service, tokens, log = played_table(tmp_path)
    while service.last is None or len(service.feed) < 14 or any("sits down" in line.text for line in service.feed):
        play_one(service, tokens)
    play_one(service, tokens)
    feed, last, table_id = list(service.feed), service.last, service.table_id
    last_spoken = service.last_spoken
    assert service.phase == "play"
    service.close()
    again = TableService.resume(log)
    assert again.table_id == table_id, "the seat cookie's name is the same after a restart"
    assert again.last == last, "the last deal's result, as it was shown before the restart"
    assert again.feed[:-1] == feed[1:], "every line retold, in every language, as it was told"
    assert again.feed[-1].text == (f"the table resumes from its log: "
                                   f"{again.table.deals_played if again.table else 0} deals played")
    assert again.last_spoken == last_spoken, "the last deal's ending in each language"
    for name, token in tokens.items():  # each seat reads every line retold as it read it before
        assert again.state(token)["feed"][:-1] == [line.read_by(name) for line in feed[1:]]
    assert again.state(tokens["Ann"])["last"] == last
    again.close()
