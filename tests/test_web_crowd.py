"""A crowd at the web table: spectators never keep the seats or the host out, and no message closes a socket.

Through the table's own server (``create_app`` behind ``server_config``, as
``bragrules serve`` runs it), on a free port in this process, with real
websockets: spectators beyond their budget are refused in words; at the
connection cap the newest spectator is dropped to make room; a seat's
request, a new join, the host's start and a seat's reconnect always get
in; a message of any length (in one frame or many) is answered with one
JSON error and the socket keeps answering. And the frame filter in front of
the websocket parser, against that parser, on messages of every size cut
into frames and bytes every way.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'bragrules[web]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install 'bragrules[web]'")
pytest.importorskip("websockets", reason="the web extra is not installed: pip install 'bragrules[web]'")

import uvicorn  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402
from websockets.frames import Opcode  # noqa: E402
from websockets.protocol import Protocol, Side  # noqa: E402
from websockets.sync.client import ClientConnection, connect  # noqa: E402

from bragrules.profile import load_profile  # noqa: E402
from bragrules.web.app import DROPPED, FULL, TRY_AGAIN, create_app  # noqa: E402
from bragrules.web.frames import BINARY, CONT, TEXT, FrameFilter, client_frame  # noqa: E402
from bragrules.web.guard import MAX_BODY, MAX_SPECTATORS  # noqa: E402
from bragrules.web.server import MAX_CONNECTIONS, server_config  # noqa: E402
from bragrules.web.service import TableService  # noqa: E402
from tests.helpers import wait_for  # noqa: E402

GENEROUS = 60.0  # seconds: a guard against a hang, never a wait


class Running:
    """A table served in this process: its port, its service and uvicorn's count of open connections."""

    def __init__(self, server: uvicorn.Server, port: int, service: TableService, sockets: contextlib.ExitStack):
        self.server, self.port, self.service, self.sockets = server, port, service, sockets

    def connections(self) -> int:
        return len(self.server.server_state.connections)

    def request(self, method: str, path: str, body: Optional[Dict[str, Any]] = None,
                token: Optional[str] = None) -> Tuple[int, Any]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=GENEROUS)
        try:
            headers = {"Content-Type": "application/json", **({"X-Seat-Token": token} if token else {})}
            connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
            response = connection.getresponse()
            return response.status, json.loads(response.read() or b"null")
        finally:
            connection.close()

    def socket(self, query: str = "") -> ClientConnection:
        """A websocket to the table (closed, if it is still open, when the table stops)."""
        return self.sockets.enter_context(connect(f"ws://127.0.0.1:{self.port}/ws{query}", compression=None,
                                                  proxy=None, open_timeout=GENEROUS, close_timeout=GENEROUS,
                                                  max_size=None))


@contextlib.contextmanager
def running(tmp_path: Path, *, max_connections: int = MAX_CONNECTIONS,
            max_spectators: int = MAX_SPECTATORS) -> Iterator[Running]:
    service = TableService(load_profile("traditional"), "traditional", seats=4, bots=[], seed=11, hands=50,
                           log_path=tmp_path / "table.jsonl", turn_timeout=3600)
    app = create_app(service, max_spectators=max_spectators)
    server = uvicorn.Server(server_config(app, max_connections=max_connections))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        wait_for(lambda: server.started, "the server to listen")
        with contextlib.ExitStack() as sockets:
            yield Running(server, sock.getsockname()[1], service, sockets)
    finally:
        server.should_exit = True
        thread.join(GENEROUS)
        sock.close()


def receive(ws: ClientConnection) -> Dict[str, Any]:
    message = json.loads(ws.recv(timeout=GENEROUS))
    assert isinstance(message, dict)
    return message


def answer(ws: ClientConnection) -> Tuple[List[Dict[str, Any]], Optional[int]]:
    """Ping the table on ``ws``: what it sent up to its pong, or up to closing the socket (and the close code)."""
    with contextlib.suppress(ConnectionClosed):
        ws.send(json.dumps({"type": "ping"}))
    sent: List[Dict[str, Any]] = []
    try:
        while not sent or sent[-1]["type"] != "pong":
            sent.append(receive(ws))
    except ConnectionClosed:
        return sent, ws.close_code
    return sent, None


def errors(messages: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    return [m for m in messages if m["type"] == "error"]


def watch(table: Running) -> ClientConnection:
    """A spectator the table keeps: sent the state, and answering a ping."""
    ws = table.socket()
    assert receive(ws)["type"] == "state"
    sent, closed = answer(ws)
    assert closed is None and not errors(sent), sent
    return ws


def dropped(ws: ClientConnection, why: str) -> bool:
    """Whether ``ws`` was told ``why`` (one error, the table's shape) and closed with "try again later"."""
    sent, closed = answer(ws)
    return closed == TRY_AGAIN and errors(sent) == [{"type": "error", "error": why}]


# ---------------------------------------------------------------------------
# Spectators have their own budget
# ---------------------------------------------------------------------------


def test_spectators_beyond_their_budget_never_keep_the_players_out(tmp_path: Path) -> None:
    with running(tmp_path) as table:
        joined = {name: table.request("POST", "/api/join", {"name": name})[1]["token"] for name in ("Ann", "Bob")}
        ann = table.socket(f"?seat={joined['Ann']}")
        assert receive(ann)["you"] == "Ann"
        crowd: List[ClientConnection] = []
        refused = 0
        for _ in range(MAX_CONNECTIONS - 1):  # every connection the server has left, each a spectator
            ws = table.socket()
            first = receive(ws)
            assert first["type"] == "state" and first["you"] is None, "even one refused sees the table"
            sent, closed = answer(ws)
            if closed is None:
                crowd.append(ws)
                continue
            assert closed == TRY_AGAIN, closed
            assert errors(sent) == [{"type": "error", "error": FULL.format(n=MAX_SPECTATORS)}], sent
            refused += 1
            ws.close()
        assert len(crowd) == MAX_SPECTATORS and refused == MAX_CONNECTIONS - 1 - MAX_SPECTATORS
        wait_for(lambda: table.connections() == 1 + MAX_SPECTATORS, "the refused spectators' sockets to close")

        status, cat = table.request("POST", "/api/join", {"name": "Cat"})
        assert status == 200 and cat["seat"] == "Cat", "a new join gets in"
        status, started = table.request("POST", f"/api/start?host={table.service.host_token}", {})
        assert status == 200 and started["phase"] == "play", "the host gets in"
        tokens = {**joined, "Cat": cat["token"]}
        to_act = table.service.deal.to_act
        status, now = table.request("GET", "/api/state", token=tokens[to_act])
        assert status == 200 and now["you"] == to_act
        status, acted = table.request("POST", "/api/action", {"kind": "fold", "turn": now["turn"]},
                                      token=tokens[to_act])
        assert status == 200 and acted["turn"] > now["turn"], "a seat's request gets in"
        again = table.socket(f"?seat={joined['Ann']}")
        assert receive(again)["you"] == "Ann", "a seat's reconnect gets in"
        sent, closed = answer(ann)
        assert closed == 4001 and sent[-1]["type"] == "replaced", "and replaces the seat's old socket"
        assert answer(again)[1] is None and all(answer(ws)[1] is None for ws in crowd), "the crowd still watches"
        for ws in [again, *crowd]:
            ws.close()


def test_at_the_connection_cap_the_newest_spectator_makes_room(tmp_path: Path) -> None:
    spectators = 3
    seats = 2  # Ann's and Bob's websockets
    with running(tmp_path, max_connections=seats + spectators, max_spectators=spectators) as table:
        tokens = {name: table.request("POST", "/api/join", {"name": name})[1]["token"] for name in ("Ann", "Bob")}
        held = {}
        for name in tokens:
            held[name] = table.socket(f"?seat={tokens[name]}")
            assert receive(held[name])["you"] == name
        crowd = [watch(table) for _ in range(spectators)]

        def under_pressure(step: Any) -> Any:
            """Run ``step`` with every connection taken: the newest spectator is dropped, in words, for it."""
            wait_for(lambda: table.connections() == seats + spectators, "the table full")
            result = step()
            assert dropped(crowd.pop(), DROPPED), "the newest spectator made room"
            wait_for(lambda: table.connections() == seats + len(crowd), "the dropped spectator gone")
            crowd.append(watch(table))  # and another comes in: the table is full again
            return result

        status, cat = under_pressure(lambda: table.request("POST", "/api/join", {"name": "Cat"}))
        assert status == 200 and cat["seat"] == "Cat", "a new join"
        tokens["Cat"] = cat["token"]
        status, _ = under_pressure(lambda: table.request("POST", f"/api/start?host={table.service.host_token}", {}))
        assert status == 200, "the host"
        to_act = table.service.deal.to_act
        status, acted = under_pressure(lambda: table.request("POST", "/api/action",
                                                             {"kind": "fold", "turn": table.service.turn},
                                                             token=tokens[to_act]))
        assert status == 200, "a seat's request"
        again = under_pressure(lambda: table.socket(f"?seat={tokens['Ann']}"))
        assert receive(again)["you"] == "Ann", "a seat's reconnect"
        assert answer(held["Ann"])[1] == 4001, "which replaced the seat's old socket"
        for ws in [again, held["Bob"], *crowd]:
            ws.close()


# ---------------------------------------------------------------------------
# A message of any length
# ---------------------------------------------------------------------------


def test_a_message_of_any_length_gets_one_error_and_the_socket_stays_open(tmp_path: Path) -> None:
    with running(tmp_path) as table:
        token = table.request("POST", "/api/join", {"name": "Ann"})[1]["token"]
        ws = table.socket(f"?seat={token}")
        assert receive(ws)["you"] == "Ann"
        version = table.service.version
        too_long = {"type": "error", "error": f"the message is too long (at most {MAX_BODY} bytes)"}
        for message in ["x" * (MAX_BODY + 1), "x" * (2 * MAX_BODY), '{"type": "ping"' + " " * 2**20 + "}",
                        b"\x00" * 2**17, iter(["{", " " * MAX_BODY, '"type": "ping"}']), iter([b"x" * 9000] * 3)]:
            ws.send(message)
            sent, closed = answer(ws)
            assert closed is None, "the socket stays open"
            assert errors(sent) == [too_long] and sent[-1]["type"] == "pong", sent
        ws.send(iter(['{"type": ', '"ping"}']))  # a message in several frames within the limit is read whole
        assert receive(ws)["type"] == "pong"
        assert table.service.version == version, "nothing was applied"
        ws.close()


# ---------------------------------------------------------------------------
# The frame filter against the parser it stands in front of
# ---------------------------------------------------------------------------

LIMIT = 64
PING = client_frame(0x9, b"are you there")


@st.composite
def streams(draw: Any) -> Tuple[bytes, List[Tuple[int, bytes]]]:
    """Bytes a browser may send (messages of every size, in one frame or several, pings between the
    frames) and the messages the parser should be given for them."""
    stream = b""
    expected: List[Tuple[int, bytes]] = []
    for _ in range(draw(st.integers(1, 6))):
        text = draw(st.booleans())
        payload = (draw(st.text(max_size=3 * LIMIT)).encode() if text
                   else draw(st.binary(max_size=3 * LIMIT)))
        cuts = sorted(draw(st.lists(st.integers(0, len(payload)), max_size=4)))
        pieces = [payload[a:b] for a, b in zip([0, *cuts], [*cuts, len(payload)])]
        mask = draw(st.binary(min_size=4, max_size=4))
        for index, piece in enumerate(pieces):
            opcode = (TEXT if text else BINARY) if index == 0 else CONT
            stream += client_frame(opcode, piece, fin=index == len(pieces) - 1, mask=mask)
            if draw(st.booleans()):
                stream += PING  # a control frame may come between a message's frames
        expected.append((TEXT, b" " * (LIMIT + 1)) if len(payload) > LIMIT else (TEXT if text else BINARY, payload))
    return stream, expected


@given(streams(), st.lists(st.integers(1, 300), max_size=20))
def test_the_filter_gives_the_parser_each_message_whole_or_a_refusal_in_its_place(
        sent: Tuple[bytes, List[Tuple[int, bytes]]], chunks: List[int]) -> None:
    stream, expected = sent
    frames = FrameFilter(LIMIT)
    parser = Protocol(Side.SERVER, max_size=LIMIT + 1)  # as the server's: nothing longer ever reaches it
    at = 0
    for size in [*chunks, len(stream)]:  # the bytes arrive cut anywhere
        parser.receive_data(frames.feed(stream[at:at + size]))
        at += size
    assert parser.parser_exc is None, parser.parser_exc
    messages: List[Tuple[int, bytes]] = []
    for frame in parser.events_received():
        if frame.opcode in (Opcode.TEXT, Opcode.BINARY):
            messages.append((TEXT if frame.opcode == Opcode.TEXT else BINARY, bytes(frame.data)))
            assert frame.fin, "a message is given to the parser in one frame"
    assert messages == expected
    assert frames.refused == sum(1 for kind, data in expected if data == b" " * (LIMIT + 1))


def test_a_stream_that_breaks_the_protocol_is_left_for_the_parser_to_close() -> None:
    begun = client_frame(TEXT, b"ab", fin=False)
    for broken in [b"\x81\x05hello",  # not masked
                   client_frame(TEXT, b"hi")[:1].replace(b"\x81", b"\xc1") + client_frame(TEXT, b"hi")[1:],  # RSV1
                   client_frame(CONT, b"hi"),  # a continuation with no message begun
                   begun + client_frame(TEXT, b"hi"),  # a new message inside another
                   begun + b"\x80\x05hello"]:  # an unmasked continuation of a message being held
        parser = Protocol(Side.SERVER, max_size=LIMIT + 1)
        parser.receive_data(FrameFilter(LIMIT).feed(broken))
        assert parser.parser_exc is not None, broken
