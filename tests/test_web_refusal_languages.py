"""The web table's refusals in the requester's language: the guard's (a name the table was not started for, a
page of another site, a body too long, slow or of no length), the app's (a message that is not JSON, a spectator
beyond the budget, a seat opened elsewhere), the reasons websockets are closed with, and the one answer of a
server at its connection cap.

A reader's language is the page's ``?lang=``, else the browser's ``Accept-Language`` by its q-values, else
English (:func:`bragrules.web.guard.scope_language`); the status of a refusal is the same in every language,
and the JSON keeps its shape, ``{"type": "error", "error": ...}``. A close frame's reason holds 123 bytes of
UTF-8: a Chinese or Hindi reason is cut on a character's boundary (:func:`bragrules.web.guard.close_reason`).
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
import unicodedata
import warnings
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("starlette", reason="the web extra is not installed: pip install 'bragrules[web]'")
pytest.importorskip("httpx", reason="the web extra is not installed: pip install 'bragrules[web]'")
pytest.importorskip("uvicorn", reason="the web extra is not installed: pip install 'bragrules[web]'")
pytest.importorskip("websockets", reason="the web extra is not installed: pip install 'bragrules[web]'")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
    from starlette.websockets import WebSocketDisconnect  # noqa: E402

from bragrules.core.i18n import Message, with_language  # noqa: E402
from bragrules.profile import load_profile  # noqa: E402
from bragrules.web.app import DROPPED, FULL, REPLACED, TRY_AGAIN, create_app  # noqa: E402
from bragrules.web.guard import (  # noqa: E402
    CLOSE_REASON_BYTES,
    MAX_BODY,
    Guard,
    allowed_hosts,
    close_reason,
    scope_language,
)
from bragrules.web.server import BUSY, busy_reply  # noqa: E402
from bragrules.web.service import TableService  # noqa: E402
from tests.test_web_crowd import GENEROUS, answer, receive, running  # noqa: E402
from tests.web_checks import LOCAL, WS  # noqa: E402

CJK = re.compile("[\u4e00-\u9fff]")
DEVANAGARI = re.compile("[\u0900-\u097f]")
CHINESE = "zh-CN,zh;q=0.9"
HINDI = "hi-IN"


def script(text: str) -> str:
    """Which script ``text`` is written in: ``zh`` (Chinese characters), ``hi`` (Devanagari) or ``en`` (neither)."""
    if CJK.search(text):
        assert not DEVANAGARI.search(text), text
        return "zh"
    return "hi" if DEVANAGARI.search(text) else "en"


def table(tmp_path: Path) -> TableService:
    return TableService(load_profile("traditional"), "traditional", seats=3, bots=[], seed=11, hands=5,
                        log_path=tmp_path / "table.jsonl", turn_timeout=3600)


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app(table(tmp_path))


def scope_of(headers: Dict[str, str], *, method: str = "POST", path: str = "/api/join", query: str = "",
             kind: str = "http") -> Dict[str, Any]:
    """An ASGI scope as uvicorn hands a request over (the headers in lower case, as bytes)."""
    return {"type": kind, "http_version": "1.1", "method": method, "scheme": "http" if kind == "http" else "ws",
            "path": path, "raw_path": path.encode(), "root_path": "", "query_string": query.encode(),
            "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 50000),
            "headers": [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()]}


def call(app: Any, scope: Dict[str, Any], chunks: Optional[List[bytes]] = None) -> Tuple[int, Dict[str, Any]]:
    """The app's answer to one request, in this process: its status and its JSON body. ``chunks`` are the body
    as it streams (none: the request's body never arrives)."""
    sent: List[Dict[str, Any]] = []
    events = [{"type": "http.request", "body": chunk, "more_body": at < len(chunks) - 1}
              for at, chunk in enumerate(chunks or [])]

    async def receive_event() -> Dict[str, Any]:
        if events:
            return events.pop(0)
        await asyncio.Event().wait()  # a client that says nothing more
        raise AssertionError("never reached")

    async def send(event: Dict[str, Any]) -> None:
        sent.append(event)

    asyncio.run(app(scope, receive_event, send))
    start, body = sent[0], b"".join(event.get("body", b"") for event in sent[1:])
    return start["status"], json.loads(body)


HOST = {"Host": "127.0.0.1:8000"}
REFUSED = {
    "a name the table was not started for": (403, {"Host": "rebind.example:8000"}, "GET", "/api/state"),
    "a page of another site": (403, {**HOST, "Origin": "http://evil.example", "Content-Type": "application/json",
                                     "Content-Length": "2"}, "POST", "/api/action"),
    "a body over the limit": (413, {**HOST, "Content-Type": "application/json",
                                    "Content-Length": str(MAX_BODY + 1)}, "POST", "/api/join"),
    "a length that is not a number": (400, {**HOST, "Content-Type": "application/json",
                                            "Content-Length": "twelve"}, "POST", "/api/join"),
    "a body that is not JSON": (415, {**HOST, "Content-Type": "text/plain", "Content-Length": "2"},
                                "POST", "/api/join"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_each_refusal_of_the_guard_is_in_the_requesters_language(app: Any, case: str) -> None:
    status, headers, method, path = REFUSED[case]
    english = call(app, scope_of(headers, method=method, path=path))
    assert english[0] == status and script(english[1]["error"]) == "en", english
    assert set(english[1]) == {"type", "error"} and english[1]["type"] == "error"
    for accept, lang in ((CHINESE, "zh"), (HINDI, "hi"), ("fr-FR,fr;q=0.9", "en"), ("", "en"),
                         ("en;q=0.9, hi;q=0.8", "en"), ("hi;q=0.5, zh;q=0.6", "zh"), ("zh;q=0, hi;q=0.1", "hi")):
        answered = call(app, scope_of({**headers, "Accept-Language": accept}, method=method, path=path))
        assert answered[0] == status, (case, accept, answered)
        assert set(answered[1]) == {"type", "error"} and answered[1]["type"] == "error"
        assert script(answered[1]["error"]) == lang, (case, accept, answered)
        if lang == "en":
            assert answered[1] == english[1], "an unknown language, or English preferred, reads the English"
    chosen = call(app, scope_of({**headers, "Accept-Language": CHINESE}, method=method, path=path, query="lang=hi"))
    assert chosen[0] == status and script(chosen[1]["error"]) == "hi", "the page's own ?lang= comes first"


def test_the_guard_reads_the_language_as_the_table_does() -> None:
    assert scope_language(scope_of({"Accept-Language": "en;q=0.9, hi;q=0.8"})) == "en"
    assert scope_language(scope_of({"Accept-Language": "de, hi;q=0.2, zh;q=0.1"})) == "hi"
    assert scope_language(scope_of({"Accept-Language": "zh-Hans-CN"}, query="lang=xx")) == "zh", \
        "a ?lang= the table does not speak is passed over for the browser's"
    assert scope_language(scope_of({}, query="seat=abc&lang=hi_IN")) == "hi"
    assert scope_language(scope_of({"Accept-Language": "*"})) == "en"


def test_a_body_too_long_as_it_streams_or_too_slow_is_refused_in_the_requesters_language() -> None:
    async def table_app(scope: Any, receive: Any, send: Any) -> None:
        raise AssertionError("the table never sees a body the guard refused")

    guard = Guard(table_app, allowed_hosts("127.0.0.1"), body_seconds=0.05)
    streamed = [b"x" * 4096] * 3  # no declared length: refused once past the limit
    for accept, lang in (("", "en"), (CHINESE, "zh"), (HINDI, "hi")):
        headers = {**HOST, "Content-Type": "application/json", "Accept-Language": accept}
        status, said = call(guard, scope_of(headers), streamed)
        assert status == 413 and script(said["error"]) == lang, said
        assert str(MAX_BODY) in said["error"], "the limit is written as digits in every language"
        status, said = call(guard, scope_of({**headers, "Content-Length": "20"}))  # a body that never arrives
        assert status == 408 and script(said["error"]) == lang, said


def test_a_websocket_refused_by_the_guard_is_closed_with_its_reason_in_the_readers_language(app: Any) -> None:
    with TestClient(app, base_url=LOCAL) as client:
        for accept, lang in (("", "en"), (CHINESE, "zh"), (HINDI, "hi")):
            for url, headers in ((f"{WS}/ws", {"Origin": "http://evil.example"}),
                                 ("ws://rebind.example:8000/ws", {})):
                with pytest.raises(WebSocketDisconnect) as refused:
                    with client.websocket_connect(url, headers={**headers, "Accept-Language": accept}) as socket_:
                        socket_.receive_json()
                reason = refused.value.reason
                assert refused.value.code == 1008 and script(reason) == lang, (url, reason)
                assert len(reason.encode("utf-8")) <= CLOSE_REASON_BYTES, reason
        # the name refused, in Hindi, is longer than a close frame holds: cut, on a character's boundary
        whole = with_language("hi", Message("this table does not answer to that name: open it by the address the "
                                            "server printed (or start the server with --allow-host NAME)").text)
        assert len(whole.encode("utf-8")) > CLOSE_REASON_BYTES
        with pytest.raises(WebSocketDisconnect) as refused:
            with client.websocket_connect("ws://rebind.example:8000/ws?lang=hi") as socket_:
                socket_.receive_json()
        cut = refused.value.reason
        assert cut.endswith("…") and whole.startswith(cut[:-1]) and len(cut) > 20, cut
        assert cut.encode("utf-8").decode("utf-8") == cut
    chinese = close_reason("牌桌" * 30 + "。")  # 183 bytes: cut to 40 characters and the ellipsis
    assert chinese == "牌桌" * 20 + "…" and len(chinese.encode("utf-8")) == 123


TEXTS = st.lists(st.sampled_from(list("ab 字牌桌：")
                                 + list("कपत्ताें्िीु ")  # letters, vowel signs and the virama
                                 + ["\u200d", "😀", "é", "e\u0301"]), max_size=120).map("".join)


@given(TEXTS)
def test_a_close_reason_is_at_most_123_bytes_cut_between_characters(text: str) -> None:
    reason = close_reason(text)
    encoded = reason.encode("utf-8")
    assert len(encoded) <= CLOSE_REASON_BYTES and encoded.decode("utf-8") == reason
    if len(text.encode("utf-8")) <= CLOSE_REASON_BYTES:
        assert reason == text, "a reason that fits is left whole"
        return
    kept = reason[:-1]
    assert reason.endswith("…") and text.startswith(kept.rstrip()), (text, reason)
    after = text[len(kept):]
    if after:  # the first character left out is not a mark written on the last one kept
        assert not unicodedata.category(after[0]).startswith("M"), (text, reason)
    assert not kept.endswith(("\u094d", "\u200d")), "nothing kept joins a letter that was left out"


def test_the_apps_own_refusals_and_its_words_to_a_socket_let_go_are_in_the_readers_language(
        app: Any, tmp_path: Path) -> None:
    service = app.state.service
    with TestClient(app, base_url=LOCAL) as client:
        not_json = client.post("/api/join", content=b"{", headers={"Content-Type": "application/json",
                                                                    "Accept-Language": HINDI})
        assert not_json.status_code == 400 and script(not_json.json()["error"]) == "hi"
        long = client.post("/api/join?lang=zh", content=b" " * MAX_BODY + b"{}",
                           headers={"Content-Type": "application/json"})
        assert long.status_code == 413 and script(long.json()["error"]) == "zh"
        ann = client.post("/api/join", json={"name": "Ann"}).json()["token"]
        client.cookies.clear()
        with client.websocket_connect(f"{WS}/ws?seat={ann}&lang=hi") as first:
            assert first.receive_json()["you"] == "Ann"
            first.send_bytes(b"\x00")
            binary = first.receive_json()
            assert binary["type"] == "error" and script(binary["error"]) == "hi", binary
            first.send_json({"type": "dance"})
            unknown = first.receive_json()
            assert script(unknown["error"]) == "hi" and "ping" in unknown["error"], unknown
            with client.websocket_connect(f"{WS}/ws?seat={ann}", headers={"Accept-Language": CHINESE}) as second:
                assert second.receive_json()["you"] == "Ann"
                replaced = first.receive_json()
                assert replaced == {"type": "replaced", "error": with_language("hi", Message(REPLACED).text)}, \
                    "told in its own language, not the newcomer's"
                with pytest.raises(WebSocketDisconnect) as closed:
                    first.receive_json()
                assert closed.value.code == 4001 and script(closed.value.reason) == "hi"
                assert len(closed.value.reason.encode("utf-8")) <= CLOSE_REASON_BYTES
        forged = client.get("/api/state?lang=zh", headers={"X-Seat-Token": "forged"})
        assert forged.status_code == 200, "a state is shown to anyone"
        stale = client.post("/api/action?lang=zh", json={"kind": "fold", "turn": 0},
                            headers={"X-Seat-Token": "forged"})
        assert stale.status_code == 403 and script(stale.json()["error"]) == "zh"
        assert stale.json()["stale"] == "seat", "the page knows a stale token by its key, in any language"
    assert service.version >= 0


def test_a_spectator_beyond_the_budget_and_one_dropped_are_told_and_closed_in_their_language(tmp_path: Path) -> None:
    """Through the real server: its close frames carry the reasons as they are (a reason over 123 bytes would
    break the websocket protocol, and the connection with it)."""
    with running(tmp_path, max_spectators=1) as served:
        kept = served.socket("?lang=zh")
        assert receive(kept)["type"] == "state" and answer(kept)[1] is None
        extra = served.socket("?lang=hi")  # past the spectators' budget: shown the table, told why, closed
        assert receive(extra)["type"] == "state"
        sent, closed = answer(extra)
        full = with_language("hi", Message(FULL, n="1").text)
        assert closed == TRY_AGAIN and [m for m in sent if m["type"] == "error"] == [{"type": "error", "error": full}]
        reason = extra.close_reason or ""
        assert script(reason) == "hi" and len(reason.encode("utf-8")) <= CLOSE_REASON_BYTES, reason
        assert len(full.encode("utf-8")) > CLOSE_REASON_BYTES and reason.endswith("…") \
            and full.startswith(reason[:-1]), "the Hindi, too long for a close frame, cut to fit it"
    with running(tmp_path / "full", max_connections=1, max_spectators=1) as served:
        kept = served.socket("?lang=zh")
        assert receive(kept)["type"] == "state" and answer(kept)[1] is None
        status, _ = served.request("GET", "/api/state")  # past the connection cap: the spectator makes room
        assert status == 200
        sent, closed = answer(kept)
        dropped = with_language("zh", Message(DROPPED).text)
        assert closed == TRY_AGAIN
        assert [m for m in sent if m["type"] == "error"] == [{"type": "error", "error": dropped}], "told in Chinese"
        assert kept.close_reason == dropped and len(dropped.encode("utf-8")) <= CLOSE_REASON_BYTES, \
            "the Chinese fits the close frame whole"


def test_the_server_at_its_cap_answers_in_every_language_it_speaks(tmp_path: Path) -> None:
    body = json.loads(busy_reply().split(b"\r\n\r\n", 1)[1])
    assert set(body) == {"type", "error"} and body["type"] == "error"
    said = body["error"].split(" / ")
    assert said == [with_language(lang, Message(BUSY).text) for lang in ("en", "zh", "hi")]
    assert [script(words) for words in said] == ["en", "zh", "hi"]
    with running(tmp_path, max_connections=1, max_spectators=0) as served:
        held = socket.create_connection(("127.0.0.1", served.port), timeout=GENEROUS)
        try:
            extra = socket.create_connection(("127.0.0.1", served.port), timeout=GENEROUS)
            reply = b""
            while True:
                chunk = extra.recv(4096)
                if not chunk:
                    break
                reply += chunk
            extra.close()
        finally:
            held.close()
    head, _, sent = reply.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 503") and b"charset=utf-8" in head
    assert f"content-length: {len(sent)}".encode() in head, "the length counts the bytes, not the characters"
    assert json.loads(sent.decode("utf-8")) == body


@pytest.fixture
def started(tmp_path: Path) -> Iterator[Dict[str, Any]]:
    service = table(tmp_path)
    with TestClient(create_app(service), base_url=LOCAL) as client:
        tokens = {}
        for name in ("Ann", "Bob", "Cat"):
            tokens[name] = client.post("/api/join", json={"name": name}).json()["token"]
            client.cookies.clear()
        yield {"client": client, "service": service, "tokens": tokens}


def test_a_refusal_of_a_move_in_the_readers_language_keeps_its_status_and_its_key(started: Dict[str, Any]) -> None:
    client, service, tokens = started["client"], started["service"], started["tokens"]
    to_act = service.deal.to_act
    asks = [({"kind": "dance", "turn": service.turn}, 400, None), ({"kind": "fold"}, 400, None),
            ({"kind": "fold", "turn": service.turn, "amount": "2"}, 400, None),
            ({"kind": "bet", "turn": service.turn, "amount": "x"}, 400, None),
            ({"kind": "fold", "turn": service.turn - 1}, 409, "turn")]
    before = (service.turn, service.version)
    for body, status, stale in asks:
        answers = {}
        for accept in ("", CHINESE, HINDI):
            response = client.post("/api/action", json=body,
                                   headers={"X-Seat-Token": tokens[to_act], "Accept-Language": accept})
            assert response.status_code == status, (body, accept, response.text)
            answers[script(response.json()["error"])] = response.json()
        assert sorted(answers) == ["en", "hi", "zh"], (body, answers)
        assert {said.get("stale") for said in answers.values()} == {stale}, body
    assert (service.turn, service.version) == before, "nothing refused changed the table"


def test_a_card_hidden_from_a_reader_is_hidden_in_a_language_written_without_spaces(
        started: Dict[str, Any]) -> None:
    from bragrules.web.views import redact

    deal = started["service"].deal
    hidden = [str(card) for card in deal.players[deal.to_act].hand]
    for text in (f"{deal.to_act}的{hidden[0]}和{hidden[1]}", f"{deal.to_act} के पास {hidden[0]}है"):
        assert not any(card in redact(deal, text) for card in hidden), text


def test_the_page_acts_on_a_refusals_key_never_on_its_words() -> None:
    """A refusal's words are in the reader's language: the page's scripts tell a stale seat link and an earlier
    turn by ``stale``, and ask the table in the page's own language."""
    from bragrules.web.page_words import STATIC

    for path in sorted(STATIC.glob("*.js")):
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"\.test\([^)]*\.error\)|\.error\.(match|includes|indexOf|search)\(", source), \
            f"{path.name} reads a refusal's words"
    table_js = (STATIC / "table.js").read_text(encoding="utf-8")
    assert 'message.stale === "seat"' in table_js and 'message.stale === "turn"' in table_js
    assert 'fetch("/api/join?lang=" + LANG' in table_js and 'query.set("lang", LANG)' in table_js
