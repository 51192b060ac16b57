"""The web table against hostile pages and clients: names, origins, headers, bad messages, slow and many sockets.

Through Starlette's test client: the ``Host`` and ``Origin`` checks, the
security headers, malformed bodies and frames (each one JSON error, the
socket left open, nothing applied). Through a real ``bragrules serve`` in
another process, where the server itself is the point: a body refused by
its declared or streamed length before it is read, a connection that
sends its headers too slowly closed, connections beyond the cap refused,
the server's output free of tracebacks, and a full disk told to every seat.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'bragrules[web]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install 'bragrules[web]'")

import warnings  # noqa: E402

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
    from starlette.websockets import WebSocketDisconnect  # noqa: E402

from bragrules.audit import audit  # noqa: E402
from bragrules.profile import load_profile  # noqa: E402
from bragrules.web.app import cookie_name, create_app  # noqa: E402
from bragrules.web.guard import MAX_BODY, Guard, allowed_hosts  # noqa: E402
from bragrules.web.server import HEADER_SECONDS, MAX_CONNECTIONS  # noqa: E402
from bragrules.web.service import TableService  # noqa: E402
from tests.helpers import wait_for  # noqa: E402
from tests.web_checks import LOCAL, WS  # noqa: E402

GENEROUS = 60.0  # seconds: a guard against a hang, not a measure


def table(tmp_path: Path, people: int = 3) -> TableService:
    return TableService(load_profile("traditional"), "traditional", seats=people, bots=[], seed=11, hands=50,
                        log_path=tmp_path / "table.jsonl", turn_timeout=3600)


@pytest.fixture
def seated(tmp_path: Path) -> Iterator[Dict[str, Any]]:
    service = table(tmp_path)
    with TestClient(create_app(service), base_url=LOCAL) as client:
        tokens = {}
        for name in ("Ann", "Bob", "Cat"):
            tokens[name] = client.post("/api/join", json={"name": name}).json()["token"]
            client.cookies.clear()
        yield {"client": client, "service": service, "tokens": tokens}


def snapshot(service: TableService) -> Any:
    deal = service.deal
    return service.turn, service.version, [str(a) for a in deal.actions] if deal else []


# ---------------------------------------------------------------------------
# Host and Origin
# ---------------------------------------------------------------------------


def test_a_name_the_table_was_not_started_for_gets_nothing(seated: Dict[str, Any]) -> None:
    client, tokens = seated["client"], seated["tokens"]
    for name in ("rebind.example:8000", "rebind.example", "127.0.0.1.rebind.example", "", "a b"):
        for path in ("/", "/api/state", "/static/table.js"):
            response = client.get(path, headers={"Host": name, "X-Seat-Token": tokens["Ann"]})
            assert response.status_code == 403, (name, path)
            assert "Ann" not in response.text and "does not answer to that name" in response.json()["error"]
    with pytest.raises(WebSocketDisconnect) as refused:
        with client.websocket_connect(f"ws://rebind.example:8000/ws?seat={tokens['Ann']}") as socket_:
            socket_.receive_json()
    assert refused.value.code == 1008
    for name in ("127.0.0.1:8000", "localhost:8000", "LOCALHOST", "[::1]:8000"):
        assert client.get("/api/state", headers={"Host": name}).status_code == 200, name


def test_allowed_hosts_are_the_servers_names_and_those_added() -> None:
    local = allowed_hosts("127.0.0.1", ["brag.local"])
    assert local.allows("brag.local:8000") and local.allows("localhost") and not local.allows("192.168.1.5:8000")
    everywhere = allowed_hosts("0.0.0.0", [])
    assert everywhere.allows("192.168.1.5:8000") and everywhere.allows("[fe80::1]:8000")
    assert not everywhere.allows("brag.local:8000"), "a name needs --allow-host, even on every address"
    assert allowed_hosts("mybox.lan").allows("MyBox.lan:8000")


def test_a_page_of_another_origin_cannot_drive_a_seat(seated: Dict[str, Any]) -> None:
    client, service, tokens = seated["client"], seated["service"], seated["tokens"]
    to_act = service.deal.to_act
    before = snapshot(service)
    client.cookies.set(cookie_name(service), tokens[to_act])  # the browser sends the seat's cookie along
    for origin in ("http://127.0.0.1:9999", "http://localhost", "null", "http://evil.example"):
        with pytest.raises(WebSocketDisconnect):
            with client.websocket_connect(f"{WS}/ws", headers={"origin": origin}) as socket_:
                socket_.receive_json()
        response = client.post("/api/action", json={"kind": "fold", "turn": service.turn},
                               headers={"Origin": origin})
        assert response.status_code == 403 and "another site" in response.json()["error"], origin
    for fetch_site in ("cross-site", "same-site"):
        response = client.post("/api/action", json={"kind": "fold", "turn": service.turn},
                               headers={"Sec-Fetch-Site": fetch_site})
        assert response.status_code == 403
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        response = client.post("/api/action", content=json.dumps({"kind": "fold", "turn": service.turn}),
                               headers={"Content-Type": kind})
        assert response.status_code == 415, kind
    assert snapshot(service) == before, "nothing another page sent was applied"
    with client.websocket_connect(f"{WS}/ws", headers={"origin": "http://127.0.0.1"}) as own:
        assert own.receive_json()["you"] == to_act, "the table's own page is let in"
    done = client.post("/api/action", json={"kind": "fold", "turn": service.turn},
                       headers={"Origin": "http://127.0.0.1", "Sec-Fetch-Site": "same-origin"})
    assert done.status_code == 200, done.text


# ---------------------------------------------------------------------------
# Headers
# ---------------------------------------------------------------------------


def test_every_response_carries_the_security_headers(seated: Dict[str, Any]) -> None:
    client = seated["client"]
    for response in (client.get("/"), client.get("/static/table.js"), client.get("/api/state"),
                     client.post("/api/action", content=b"{"), client.get("/", headers={"Host": "evil"})):
        headers = response.headers
        csp = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "default-src 'none'" in csp and "script-src 'self'" in csp
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
    page = client.get("/").text
    assert "<script>" not in page and "style=" not in page and "<style" not in page, "nothing inline for the CSP"


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------


def test_malformed_bodies_get_one_json_error_and_change_nothing(seated: Dict[str, Any]) -> None:
    client, service, tokens = seated["client"], seated["service"], seated["tokens"]
    to_act = service.deal.to_act
    seat = {"X-Seat-Token": tokens[to_act], "Content-Type": "application/json"}
    before = snapshot(service)
    huge = "9" * 5001
    cases = [
        (b'{"kind": "fold", "turn": ' + huge.encode() + b"}", 400, "digits"),
        (b'{"kind": "bet", "amount": ' + huge.encode() + b', "turn": 1}', 400, "digits"),
        (json.dumps({"kind": "bet", "amount": "1" + " " * 40 + "x", "turn": service.turn}).encode(), 400, "40"),
        (json.dumps({"kind": "bet", "amount": "1/1" + "0" * 38, "turn": service.turn}).encode(), 400, "40"),
        (b"\xff\xfe{}", 400, "not JSON"),
        (b"[" * 100_000, 413, "too long"),
        (b"[" * 5000, 400, "not JSON"),
    ]
    for body, status, words in cases:
        response = client.post("/api/action", content=body, headers=seat)
        assert response.status_code == status, (body[:60], response.text)
        assert words in response.json()["error"] and response.json()["type"] == "error"
    assert snapshot(service) == before
    cards = client.post("/api/cards", content=json.dumps({"cards": "Kc " * 30, "turn": service.turn}), headers=seat)
    assert cards.status_code in (400, 409) and "Traceback" not in cards.text


def test_an_amount_longer_than_forty_characters_is_refused_never_cut(seated: Dict[str, Any]) -> None:
    client, service, tokens = seated["client"], seated["service"], seated["tokens"]
    to_act = service.deal.to_act
    bet = next(o for o in service.state(tokens[to_act])["view"]["legal"] if o["kind"] == "bet")
    text = str(bet["amount"]) + " " * 40 + "000"  # its first 40 characters are a legal bet
    before = snapshot(service)
    response = client.post("/api/action", json={"kind": "bet", "amount": text, "turn": service.turn},
                           headers={"X-Seat-Token": tokens[to_act]})
    assert response.status_code == 400 and "at most 40 characters" in response.json()["error"]
    assert snapshot(service) == before


def test_malformed_frames_get_one_json_error_and_the_socket_stays_open(seated: Dict[str, Any]) -> None:
    client, service, tokens = seated["client"], seated["service"], seated["tokens"]
    to_act = service.deal.to_act
    with client.websocket_connect(f"{WS}/ws?seat={tokens[to_act]}") as live:
        live.receive_json()
        before = snapshot(service)
        frames: List[Any] = [
            b"\x00\x01binary",
            '{"type": "action", "kind": "fold", "turn": ' + "9" * 5001 + "}",
            json.dumps({"type": "action", "kind": "bet", "amount": "1" * 41, "turn": service.turn}),
            "x" * (MAX_BODY + 10),
            "{" * 3000,
        ]
        for frame in frames:
            if isinstance(frame, bytes):
                live.send_bytes(frame)
            else:
                live.send_text(frame)
            reply = live.receive_json()
            assert reply["type"] == "error" and reply["error"], frame[:40]
        live.send_json({"type": "ping"})
        assert live.receive_json()["type"] == "pong", "the socket is still open"
        assert snapshot(service) == before


def test_a_body_that_does_not_arrive_in_time_is_refused_before_the_table_sees_it() -> None:
    async def exchange() -> List[Any]:
        sent: List[Any] = []

        async def table_app(scope: Any, receive: Any, send: Any) -> None:
            raise AssertionError("the table never sees a request whose body did not arrive")

        async def never() -> Any:  # a client that declared a body and sends none of it
            await asyncio.Event().wait()

        async def send(message: Any) -> None:
            sent.append(message)

        scope = {"type": "http", "method": "POST", "path": "/api/join",
                 "headers": [(b"host", b"127.0.0.1:8000"), (b"content-length", b"20")]}
        await Guard(table_app, allowed_hosts("127.0.0.1"), body_seconds=0.05)(scope, never, send)
        return sent

    sent = asyncio.run(exchange())
    assert sent[0]["status"] == 408 and b"did not arrive" in sent[1]["body"]


# ---------------------------------------------------------------------------
# A real server
# ---------------------------------------------------------------------------


class Served:
    def __init__(self, process: subprocess.Popen, err: Path, port: int, host_token: str, log: Path):
        self.process, self.err, self.port, self.host_token, self.log = process, err, port, host_token, log

    def connect(self) -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=GENEROUS)
        return sock

    def request(self, method: str, path: str, body: Optional[Dict[str, Any]] = None,
                headers: Optional[Dict[str, str]] = None) -> Any:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=GENEROUS)
        try:
            data = None if body is None else json.dumps(body).encode()
            connection.request(method, path, body=data, headers={"Content-Type": "application/json",
                                                                 **(headers or {})})
            response = connection.getresponse()
            return response.status, json.loads(response.read() or b"null")
        finally:
            connection.close()

    def output(self) -> str:
        return self.err.read_text()


def serve(tmp_path: Path, *args: str, limit_file: Optional[int] = None) -> Served:
    err = tmp_path / "serve.txt"
    log = tmp_path / "served.jsonl"

    def limit() -> None:  # pragma: no cover - runs in the child
        if limit_file is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a refused write is an error, as on a full disk
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_file, limit_file))

    with open(err, "w") as stderr:
        process = subprocess.Popen([sys.executable, "-m", "bragrules", "serve", "--port", "0", "--log", str(log),
                                    *args], stdout=subprocess.DEVNULL, stderr=stderr, stdin=subprocess.DEVNULL,
                                   env={**os.environ, "NO_COLOR": "1", "COLUMNS": "200"},
                                   preexec_fn=limit if limit_file is not None else None)
    wait_for(lambda: "Host link" in err.read_text() or process.poll() is not None, "the server's links")
    text = err.read_text()
    assert process.poll() is None, text
    port = int(text.split("Join link to share: http://127.0.0.1:")[1].split("/")[0])
    host_token = text.split("?host=")[1].split()[0]
    return Served(process, err, port, host_token, log)


def stop(served: Served) -> None:
    served.process.send_signal(signal.SIGINT)
    try:
        served.process.wait(timeout=GENEROUS)
    except subprocess.TimeoutExpired:
        served.process.kill()
        served.process.wait(timeout=GENEROUS)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    server = serve(tmp_path, "-p", "traditional", "--seats", "3", "--bots", "none", "--seed", "5")
    try:
        yield server
    finally:
        stop(server)


def read_response(sock: socket.socket) -> bytes:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    return data


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def test_a_long_body_is_refused_by_its_length_before_it_is_read(served: Served) -> None:
    start = rss_kib(served.process.pid)
    for declared in (64 * 2**20, 256 * 2**20):
        sock = served.connect()
        sock.sendall(f"POST /api/join HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\nContent-Type: application/json"
                     f"\r\nContent-Length: {declared}\r\n\r\n".encode())
        reply = read_response(sock)  # answered without one byte of the body sent
        sock.close()
        assert reply.startswith(b"HTTP/1.1 413"), reply[:200]
    sock = served.connect()
    sock.sendall(f"POST /api/join HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\nContent-Type: application/json\r\n"
                 "Transfer-Encoding: chunked\r\n\r\n".encode())
    chunk = b"x" * 4096
    sent = 0
    reply = b""
    sock.settimeout(GENEROUS)
    while sent < 64 * 2**20 and not reply:  # streamed: refused once past the limit, never read to its end
        sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        sent += len(chunk)
        if sent > MAX_BODY:
            sock.settimeout(0.05)
            try:
                reply = read_response(sock)
            except (socket.timeout, BlockingIOError):
                reply = b""
            except (ConnectionResetError, BrokenPipeError):
                break
    sock.close()
    assert reply.startswith(b"HTTP/1.1 413"), reply[:200]
    assert sent < 8 * 2**20, "the stream was refused long before its end"
    assert rss_kib(served.process.pid) - start < 32 * 1024, "no body was held in memory"
    assert "Traceback" not in served.output()


def test_slow_headers_are_cut_off_and_too_many_connections_refused(served: Served) -> None:
    slow = served.connect()
    slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the end of the headers
    opened = time.monotonic()
    slow.settimeout(GENEROUS)
    assert slow.recv(100) == b"", "the server closes a connection whose headers do not arrive"
    assert time.monotonic() - opened >= HEADER_SECONDS - 1
    slow.close()
    held = [served.connect() for _ in range(MAX_CONNECTIONS)]
    try:
        extra = served.connect()
        extra.settimeout(GENEROUS)
        assert read_response(extra).startswith(b"HTTP/1.1 503"), "beyond the cap: refused at once"
        extra.close()
    finally:
        for sock in held:
            sock.close()
    wait_for(lambda: served.request("GET", "/api/state")[0] == 200, "the table answering again")
    assert "Traceback" not in served.output()


def test_a_full_disk_stops_the_table_in_words_and_the_log_stays_readable(tmp_path: Path) -> None:
    server = serve(tmp_path, "-p", "standard", "--seats", "3", "--bots", "cautious", "--seed", "5",
                   limit_file=12_000)
    try:
        status, joined = server.request("POST", "/api/join", {"name": "Ann"})
        assert status == 200
        ann = {"X-Seat-Token": joined["token"]}
        status, _ = server.request("POST", f"/api/start?host={server.host_token}", {})
        assert status == 200
        refused: Optional[Dict[str, Any]] = None
        for _ in range(2000):
            status, now = server.request("GET", "/api/state", headers=ann)
            if now["fault"]:
                break
            legal = now["view"]["legal"]
            kind = next((o["kind"] for o in legal if o["kind"] in ("fold", "show")), legal[0]["kind"])
            move: Dict[str, Any] = {"kind": kind, "turn": now["turn"]}
            if kind in ("bet", "see"):
                move["amount"] = legal[0]["amount"]
            status, reply = server.request("POST", "/api/action", move, headers=ann)
            if status != 200:
                refused = reply
                break
        assert refused is not None and status == 503, "the log fills up and the action is refused"
        assert "cannot write the session log" in refused["error"] and "--resume" in refused["error"]
        status, now = server.request("GET", "/api/state")  # a spectator is told too
        assert status == 200 and now["phase"] == "stopped" and "cannot write" in now["fault"]
        status, again = server.request("POST", "/api/action", {"kind": "fold", "turn": now["turn"]}, headers=ann)
        assert status == 503 and again["error"] == now["fault"]
        assert server.process.poll() is None, "the server stays up"
    finally:
        stop(server)
    assert "Traceback" not in server.output()
    data = server.log.read_bytes()
    assert data.endswith(b"\n") and len(data) <= 12_000
    report = audit(server.log)
    assert report.error is None, report.error
    last = json.loads(data.splitlines()[-1]).get("deal")
    # the cut falls where the disk filled: here after a see whose cards line could not be written, which the
    # audit reads as the deal's cards missing (whether a cut there reads as unfinished is the audit's rule)
    assert all(v.deal == last and v.rule == "history.cards" for v in report.violations), report.violations
    again = TableService.resume(server.log, turn_timeout=3600)  # and the table restarts from it
    try:
        assert again.phase == "play" and again.fault is None
        assert again.table is not None and again.table.deals_played in (last - 1, last)
    finally:
        again.close()
