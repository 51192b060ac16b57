"""The web table as an ASGI app (Starlette), for ``bragrules serve``.

Routes (a seat's token travels as ``?seat=TOKEN``, the ``X-Seat-Token``
header, a ``"token"`` field, or the cookie set when joining, which is named
for the table, :func:`cookie_name`: a browser sends a cookie to every port of
a host, and another table's cookie is not read, nor complained of):

- ``GET /``: the page (plain HTML, CSS and a small script, shipped in the package);
- ``GET /favicon.svg`` (and ``/favicon.ico``): the table's icon, an SVG a browser may keep for a day;
- ``POST /api/join`` ``{"name": "Ann"}``: a seat and its token;
- ``GET /api/state``: what this seat (or a spectator) may see now;
- ``POST /api/action`` ``{"kind": "bet", "amount": "2", "turn": 7}``: act, as the token's seat;
- ``POST /api/bank`` ``{"choice": "keep", "turn": 8}``: a bank carried between deals kept or passed, as the
  token's seat, which must hold it (``procedure.bank.carry``);
- ``POST /api/dispute`` ``{"text": "Ann exposes Bob"}``: a ruling, as ``bragrules arbitrate`` rules it;
- ``POST /api/cards`` ``{"player": "Ann", "cards": "Kc Kd 4c", "turn": 9}``: keep mode, the cards shown
  at a showdown (the player's own, or anyone's by the host);
- ``POST /api/accept`` ``{"ruling": 3}``: make the change a ruling would make to the deal: the host
  confirms it, or the player it concerns concedes it (a ruling alone changes nothing);
- ``POST /api/start``, ``POST /api/replace`` ``{"name": ..., "style": ...}``, ``POST /api/pause``,
  ``POST /api/resume``, ``POST /api/end``: the host's (``?host=TOKEN``), refused to anyone else (403);
- ``WS /ws``: the live table; every change is pushed to each browser as its own seat's state,
  and a browser may send ``{"type": "action", ...}``, ``{"type": "dispute", "text": ...}``,
  ``{"type": "accept", "ruling": ...}``, ``{"type": "cards", ...}``, and the host's ``start``, ``replace``,
  ``pause``, ``resume`` and ``end``.

Every refusal is one JSON object ``{"type": "error", "error": "...", "rule": ...}``
with a 4xx status (or sent on the websocket, which stays open, even for a message of
any length: :mod:`bragrules.web.frames`): nothing a browser is sent is a traceback.
Its words are in the reader's language (:func:`reader_language`), and a refusal the
page acts on carries ``"stale"`` (``"turn"``: an earlier turn; ``"seat"``: a seat token
this table does not know), so the page never reads the words themselves.
A websocket with neither a seat's token nor the host's link is a spectator's: at most
:data:`~bragrules.web.guard.MAX_SPECTATORS` are open at once (:class:`Hub`); one more
is sent the table's state and one error, then closed with code 1013 ("try again
later"), and at the server's connection cap the newest spectator is dropped the same
way to make room, so spectators never keep a seat or the host out. A browser holding both a seat's link and the host's has both the
seat and the host's controls. :mod:`bragrules.web.guard` checks every request first
(its Host, its Origin, its type and size) and adds the security headers.
Starlette is imported here only: ``bragrules`` without the ``web`` extra never loads this module.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any, AsyncIterator, Dict, List, Optional, Set

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from bragrules.core.i18n import N_, Message, set_language, speaking
from bragrules.web.guard import (
    MAX_BODY,
    MAX_SPECTATORS,
    Guard,
    Hosts,
    allowed_hosts,
    close_reason,
    scope_language,
    too_long,
)
from bragrules.web.page_words import page_html
from bragrules.web.service import Refusal, TableService
from bragrules.web.table_play import HOST_CONTROLS

STATIC = Path(__file__).parent / "static"
COOKIE = "bragrules_seat"
"""The seat cookie's name, before the table's own id (:func:`cookie_name`)."""
MAX_MESSAGE = MAX_BODY
"""The longest message a browser may send (bytes): an action is a few dozen."""
MAX_DIGITS = 30
"""The most digits a number in a message may have (an amount, a turn): a longer one is refused unread."""

TRY_AGAIN = 1013
"""The close code of a spectator refused or dropped to make room: "try again later" (the page does)."""
FULL = N_("the table has as many spectators as it takes ({n}): join with your name to take a free seat; "
          "this page watches again once there is room")
"""Said to a spectator beyond the budget, after the table's state (so the page can still offer to join), in the
spectator's language."""
DROPPED = N_("the table needs the room for its players: this page stops watching, and tries again in a moment")
"""Said to a spectator dropped to make room for a connection at the server's cap, in the spectator's language."""
POSTS = ("join", "action", "bank", "dispute", "cards", "accept", "start", "replace")
"""The POST endpoints besides the host's controls, each ``/api/WORD``, the word saying what the request does."""
REPLACED = N_("this seat was opened in another browser: this one has left it")
"""Said to a seat's browser when another browser opens the seat, in the language of the browser told."""

ICON_SECONDS = 86_400
"""How long a browser may keep the table's icon (a day): it never changes while a table is served."""

log = logging.getLogger("bragrules.web")


@dataclass
class Browser:
    """One open websocket: the seat token and host link it came with, its seat, and whether it is a
    spectator's (neither a seat's nor the host's)."""

    socket: WebSocket
    token: Optional[str]
    host: Optional[str]
    seat: Optional[str]
    spectator: bool
    language: str = "en"
    """The language this browser reads (its ``Accept-Language``): every state it is sent is spoken in it."""


class Hub:
    """The open websockets: one per seat (a second browser on a seat replaces the first), the host's,
    and at most ``max_spectators`` spectators'.

    A spectator beyond the budget is refused (:meth:`add`), and when the server is at its connection
    cap the newest spectator is dropped to make room (:meth:`relieve`): seats and the host are never
    refused for spectators, and a seat's reconnect always fits, since it replaces the seat's old socket.
    """

    def __init__(self, service: TableService, max_spectators: int = MAX_SPECTATORS):
        self.service = service
        self.max_spectators = max_spectators
        self.browsers: List[Browser] = []
        self.sent: Dict[int, int] = {}
        self._leaving: Set["asyncio.Task[None]"] = set()  # sockets being told why they are closed

    def spectators(self) -> int:
        """How many spectators' websockets are open."""
        return sum(1 for browser in self.browsers if browser.spectator)

    def holds(self, socket: WebSocket) -> bool:
        """Whether ``socket`` is still one of the table's (not replaced, dropped or gone)."""
        return any(browser.socket is socket for browser in self.browsers)

    def add(self, socket: WebSocket, token: Optional[str], host: Optional[str], seat: Optional[str],
            language: str = "en") -> bool:
        """Take ``socket`` in (False, and nothing changed: a spectator beyond the budget).

        A seat's socket replaces the seat's other sockets, each told so and closed.
        """
        spectator = seat is None and not (self.service.is_host(host) or self.service.is_host(token))
        if spectator and self.spectators() >= self.max_spectators:
            return False
        if seat is not None:
            for other in [b for b in self.browsers if b.seat == seat]:
                self.browsers.remove(other)
                with speaking(other.language):
                    told = Message(REPLACED).text()
                self._dismiss(other.socket, {"type": "replaced", "error": told}, 4001)
                self.service.connected(seat, -1)
            self.service.connected(seat, +1)
        self.browsers.append(Browser(socket, token, host, seat, spectator, language))
        return True

    def relieve(self) -> bool:
        """Drop the newest spectator to make room for a connection at the server's cap (told in words,
        closed with code 1013, "try again later"); False when no spectator is open."""
        for browser in reversed(self.browsers):
            if browser.spectator:
                self.browsers.remove(browser)
                self.sent.pop(id(browser.socket), None)
                with speaking(browser.language):  # called by the server at its cap, outside any request
                    told = Refusal(Message(DROPPED), 503).to_json()
                self._dismiss(browser.socket, told, TRY_AGAIN)
                return True
        return False

    def _dismiss(self, socket: WebSocket, message: Dict[str, Any], code: int) -> None:
        """Send ``message`` to a socket the table has let go, then close it with its words as the reason
        (in the background)."""
        async def leave() -> None:
            with contextlib.suppress(Exception):  # a browser already gone
                await socket.send_json(message)
                await socket.close(code=code, reason=close_reason(message["error"]))

        task = asyncio.get_running_loop().create_task(leave())
        self._leaving.add(task)
        task.add_done_callback(self._leaving.discard)

    def remove(self, socket: WebSocket) -> None:
        for browser in list(self.browsers):
            if browser.socket is socket:
                self.browsers.remove(browser)
                if browser.seat is not None:
                    self.service.connected(browser.seat, -1)

    async def broadcast(self) -> None:
        """Send each browser its own state, if anything changed since it was last sent one."""
        version = self.service.version
        for browser in list(self.browsers):
            socket = browser.socket
            if self.sent.get(id(socket)) == version:
                continue
            self.sent[id(socket)] = version
            try:
                with speaking(browser.language):  # each browser in its own language, whoever caused the change
                    told = self.service.state(browser.token, browser.host)
                await socket.send_json(told)
            except Exception:  # a browser gone mid-send: it is removed when its reader ends
                pass


def cookie_name(service: TableService) -> str:
    """The name of ``service``'s seat cookie: ``bragrules_seat_`` and the table's id, the same after a restart.

    Cookies are kept per host, not per port, so every table of a computer sees every other's
    cookies; each reads its own only.
    """
    return f"{COOKIE}_{service.table_id}"


def _token(request: Request, body: Optional[Dict[str, Any]] = None, cookie: str = COOKIE) -> Optional[str]:
    for value in (request.query_params.get("seat"), request.headers.get("x-seat-token"),
                  (body or {}).get("token"), request.cookies.get(cookie)):
        if isinstance(value, str) and value:
            return value
    return None


def reader_language(connection: Any) -> str:
    """The language a request or a websocket reads: ``?lang=`` in its address, else its browser's
    ``Accept-Language`` (English when neither names a shipped language); the guard reads the same
    (:func:`~bragrules.web.guard.scope_language`)."""
    return scope_language(connection.scope)


def _error(exc: Refusal) -> JSONResponse:
    return JSONResponse(exc.to_json(), status_code=exc.status)


def _number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError("too many digits")
    return int(text)


def read_message(raw: Any) -> Dict[str, Any]:
    """A message's JSON object, or a :class:`Refusal` saying in words what is wrong with it.

    >>> read_message('{"type": "ping"}')
    {'type': 'ping'}
    >>> read_message('{"turn": ' + '9' * 5001 + '}')
    Traceback (most recent call last):
    ...
    bragrules.web.table_state.Refusal: a number in the message has more than 30 digits
    """
    if isinstance(raw, (bytes, bytearray)):
        if len(raw) > MAX_MESSAGE:
            raise Refusal(too_long(MAX_MESSAGE), 413)
        try:
            raw = bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            raise Refusal(Message("the message is not JSON (not UTF-8 text)")) from None
    if not isinstance(raw, str):
        raise Refusal(Message("the message is not JSON"))
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise Refusal(too_long(MAX_MESSAGE), 413)
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw, parse_int=_number)
    except (json.JSONDecodeError, RecursionError):
        raise Refusal(Message("the message is not JSON")) from None
    except ValueError:
        raise Refusal(Message("a number in the message has more than {n} digits", n=str(MAX_DIGITS))) from None
    if not isinstance(data, dict):
        raise Refusal(Message("a message is a JSON object"))
    return data


async def _body(request: Request) -> Dict[str, Any]:
    return read_message(await request.body())  # its length already held to MAX_BODY by the guard


def create_app(service: TableService, *, tick_seconds: float = 0.5, hosts: Optional[Hosts] = None,
               max_spectators: int = MAX_SPECTATORS) -> Guard:
    """The ASGI app serving ``service`` behind its :class:`~bragrules.web.guard.Guard`, answering to
    ``hosts`` (by default this computer's own names: 127.0.0.1, localhost, ::1), with room for
    ``max_spectators`` spectators' websockets; a background task acts for absent seats whose time is up."""
    hub = Hub(service, max_spectators)
    cookie = cookie_name(service)

    async def ticker() -> None:
        while True:
            await asyncio.sleep(tick_seconds)
            try:
                changed = service.tick()
            except Exception:  # never let the table's clock die; the state is unchanged on a refusal
                log.exception("the table's timer failed")
                changed = False
            if changed or service.absent_since is not None:
                await hub.broadcast()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(ticker())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            service.close()

    async def page(request: Request) -> Response:
        lang = reader_language(request)
        if lang == "en":
            return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8",
                                headers={"Cache-Control": "no-store", "Vary": "Accept-Language"})
        return HTMLResponse(page_html(lang), headers={"Cache-Control": "no-store", "Vary": "Accept-Language",
                                                      "Content-Language": lang})

    async def icon(request: Request) -> Response:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml",
                            headers={"Cache-Control": f"public, max-age={ICON_SECONDS}"})

    async def state(request: Request) -> Response:
        with speaking(reader_language(request)):
            return JSONResponse(service.state(_token(request, cookie=cookie), request.query_params.get("host")))

    async def call(request: Request, what: str) -> Response:
        try:
            body = await _body(request)
            token = _token(request, body, cookie)
            host = request.query_params.get("host") or body.get("host")
            if what == "join":
                token = service.join(body.get("name"))
                response = JSONResponse({"token": token, "seat": service.seat_of(token),
                                         **service.state(token, host)})
                response.set_cookie(cookie, token, httponly=True, samesite="strict")
                await hub.broadcast()
                return response
            if what == "dispute":
                ruling = service.dispute(token, body.get("text"), host)
                await hub.broadcast()
                return JSONResponse({"ruling": ruling.to_json(), **service.state(token, host)})
            _carry_out(service, what, token, body, host)
            await hub.broadcast()
            return JSONResponse(service.state(token, host))
        except Refusal as exc:
            await hub.broadcast()  # a refusal may still change what everyone sees (the table stopping)
            return _error(exc)

    async def post(request: Request) -> Response:  # /api/join, /api/action, ...: the path's last word says what
        with speaking(reader_language(request)):  # the answer in its reader's language
            return await call(request, request.url.path.rsplit("/", 1)[-1])

    async def live(socket: WebSocket) -> None:
        await socket.accept()
        language = set_language(reader_language(socket))  # this connection's own task
        token = socket.query_params.get("seat")
        host = socket.query_params.get("host")
        seat: Optional[str] = None
        if token:  # a link's token that is not this table's is refused in words
            try:
                seat = service.seat_of(token)
            except Refusal as exc:
                await socket.send_json(exc.to_json())
                token = None
        elif socket.cookies.get(cookie):  # a cookie of a seat this table no longer knows: a spectator, silently
            with contextlib.suppress(Refusal):
                seat = service.seat_of(socket.cookies.get(cookie))
                token = socket.cookies.get(cookie)
        if not hub.add(socket, token, host, seat, language):  # a spectator beyond the budget: shown the table, then let go
            with contextlib.suppress(Exception):
                await socket.send_json(service.state(None))
                refused = Refusal(Message(FULL, n=str(hub.max_spectators)), 503).to_json()
                await socket.send_json(refused)
                await socket.close(code=TRY_AGAIN, reason=close_reason(refused["error"]))
            return
        try:
            await socket.send_json(service.state(token, host))
            hub.sent[id(socket)] = service.version
            await hub.broadcast()  # the others see this seat arrive
            while hub.holds(socket):
                message = await socket.receive()
                if message["type"] == "websocket.disconnect" or not hub.holds(socket):
                    break
                raw = message.get("text")
                if raw is None:  # a binary frame: refused in words, the socket stays open
                    reply: Optional[Dict[str, Any]] = Refusal(
                        Message("the table reads text messages (JSON), not binary ones")).to_json()
                else:
                    reply = _handle(service, raw, token, host)
                if reply is not None:
                    await socket.send_json(reply)
                await hub.broadcast()
        except WebSocketDisconnect:
            pass
        except Exception:  # a browser that breaks the protocol is let go; nothing of the error reaches it
            if hub.holds(socket):  # (a socket the table let go, replaced or dropped, fails to send: no fault)
                log.exception("a websocket failed")
        finally:
            hub.remove(socket)
            hub.sent.pop(id(socket), None)
            await hub.broadcast()

    routes = [
        Route("/", page),
        Route("/favicon.svg", icon),
        Route("/favicon.ico", icon),  # asked for by browsers that do not read the page's icon link
        Route("/api/state", state),
        *(Route(f"/api/{what}", post, methods=["POST"]) for what in (*POSTS, *HOST_CONTROLS)),
        WebSocketRoute("/ws", live),
        Mount("/static", app=StaticFiles(directory=str(STATIC)), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.service = service
    app.state.hub = hub
    guarded = Guard(app, hosts if hosts is not None else allowed_hosts("127.0.0.1"))
    guarded.state = app.state  # type: ignore[attr-defined]
    guarded.relieve = hub.relieve  # the server, at its connection cap, drops a spectator
    return guarded


def _carry_out(service: TableService, what: Any, token: Optional[str], message: Dict[str, Any],
               host: Optional[str]) -> bool:
    """A request a page sends alike by POST (``/api/WHAT``) and by websocket (``{"type": WHAT}``), carried
    out; False for a word that is none of them (a :class:`Refusal` is raised as the service raises it)."""
    if what == "action":
        service.act(token, message)
    elif what == "bank":
        service.choose_bank(token, message)
    elif what == "cards":
        service.enter_cards(token, message, host)
    elif what == "accept":
        service.accept_ruling(token, message.get("ruling"), host)
    elif what == "start":
        service.start(host)
    elif what == "replace":
        service.replace_with_bot(host, message.get("name"), str(message.get("style") or "cautious"))
    elif what in HOST_CONTROLS:
        service.control(host, what)
    else:
        return False
    return True


def _handle(service: TableService, raw: str, token: Optional[str], host: Optional[str]) -> Optional[Dict[str, Any]]:
    """One websocket message: None when it was carried out, else the refusal to send back."""
    try:
        message = read_message(raw)
    except Refusal as exc:
        return exc.to_json()
    try:
        kind = message.get("type")
        if kind == "buy":
            service.buy(token, message)
        elif kind == "dispute":
            ruling = service.dispute(token, message.get("text"), host)
            return {"type": "ruling", "ruling": ruling.to_json()}
        elif kind == "ping":
            return {"type": "pong", "version": service.version}
        elif not _carry_out(service, kind, token, message, host):
            return Refusal(Message("unknown message type; one of: {types}", types="action, bank, cards, buy, dispute, "
                                   "accept, start, replace, pause, resume, end, ping")).to_json()
    except Refusal as exc:
        return exc.to_json()
    return None


__all__ = ["COOKIE", "Browser", "Hub", "MAX_SPECTATORS", "TRY_AGAIN", "cookie_name", "create_app"]
