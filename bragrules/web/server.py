"""The web table's server: uvicorn, with the limits that keep one table up for the people at it.

uvicorn's own settings bound what they can (:func:`server_config`): idle
keep-alive connections, the size of a request's headers and of a
websocket frame, the number of requests at once. What it does not have is
added by :class:`GuardedH11Protocol`, its HTTP protocol with:

- a **header timeout**: a connection whose request headers are not all in
  within :data:`HEADER_SECONDS` of its first byte (or of the connection
  opening) is closed, so slow connections cannot be held open one byte at
  a time;
- a **connection cap**: beyond :data:`MAX_CONNECTIONS` open connections
  (websockets included) a new one first makes room by dropping a
  spectator (the app's ``relieve``: spectators are the first to go); only
  when there is no spectator to drop is it answered ``503`` and closed at
  once, before anything of it is read (:func:`busy_reply`: nothing of its
  request has arrived, so its language is not known, and the one answer
  says it in every language the table speaks). Spectators have their own, smaller
  budget (:data:`~bragrules.web.guard.MAX_SPECTATORS` websockets), so the
  rest of the cap is the seats' and the host's: room for the largest table
  (20 seats), each with its websocket, a reconnect on its way in and a
  request.

and by :class:`FrameLimitedProtocol`, uvicorn's websocket protocol behind
a :class:`~bragrules.web.frames.FrameFilter`: a message over
:data:`~bragrules.web.guard.MAX_BODY` bytes is skipped as it arrives and
answered with one error, and the socket stays open.

The body of a request is bounded in size and time by
:class:`bragrules.web.guard.Guard`.

>>> MAX_CONNECTIONS - MAX_SPECTATORS >= 20 * 3 + 2   # every seat of the largest table, and the host
True
"""

from __future__ import annotations

import asyncio
import functools
import json
import socket
from typing import Any, Optional, Type

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

from bragrules.core.i18n import LANGUAGES, N_, Message, with_language
from bragrules.web.frames import FrameFilter
from bragrules.web.guard import MAX_BODY, MAX_SPECTATORS

MAX_CONNECTIONS = 128
"""Open connections at once (each browser holds one websocket, and a request or two at times); beyond it,
a spectator is dropped to make room, and only when there is none is a connection refused."""
HEADER_SECONDS = 10.0
"""How long a connection may take to send a request's headers."""
KEEP_ALIVE_SECONDS = 5
"""How long an idle connection is kept open between requests."""
MAX_HEADER_BYTES = 16 * 1024
"""The most a request's line and headers may hold."""
MAX_FRAME = 16 * 1024
"""The largest websocket message the parser reads: a second guard behind the frame filter, which passes
on no message over :data:`~bragrules.web.guard.MAX_BODY` bytes (a longer one is answered with one error)."""
PING_SECONDS = 20.0
"""A websocket is pinged this often, and closed when its browser does not answer within as long."""

BUSY = N_("the table has too many connections open: try again")
"""Said to a connection beyond the cap (:func:`busy_reply`)."""


@functools.lru_cache(maxsize=None)
def busy_reply() -> bytes:
    """What a connection beyond the cap is answered, before it is closed: ``503``, and the table's one JSON error
    with :data:`BUSY` in every language the table speaks, English first, one after another (`` / ``).

    It is written the moment the connection opens, before a byte of its request is read: the ``Accept-Language``
    and ``?lang=`` that choose a reader's language have not arrived, and reading them would hold the connection
    the cap is there to refuse. Made once (:func:`server_config` makes it when the server starts).

    >>> reply = busy_reply()
    >>> head, body = reply.split(b"\\r\\n\\r\\n", 1)
    >>> head.split(b"\\r\\n")[0], json.loads(body)["error"].split(" / ")[0]
    (b'HTTP/1.1 503 Service Unavailable', 'the table has too many connections open: try again')
    """
    said = " / ".join(with_language(lang, Message(BUSY).text) for lang in LANGUAGES)
    body = json.dumps({"type": "error", "error": said}, ensure_ascii=False).encode("utf-8")
    return (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json; charset=utf-8\r\n"
            b"connection: close\r\n"
            b"content-length: " + str(len(body)).encode() + b"\r\n\r\n" + body)


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a header timeout and a cap on open connections, which drops a
    spectator to make room before it refuses anyone."""

    header_seconds = HEADER_SECONDS
    max_connections = MAX_CONNECTIONS
    max_spectators = MAX_SPECTATORS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: Optional[asyncio.TimerHandle] = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.max_connections and not self._make_room():
            transport.write(busy_reply())
            transport.close()
            return
        self._arm()

    def _make_room(self) -> bool:
        """Whether a spectator was dropped to make room (the app's ``relieve``): each newcomer past the cap
        costs one spectator, while the spectators on their way out (their sockets closing) number no
        more than the spectators' budget."""
        relieve = getattr(self.config.app, "relieve", None)
        if relieve is None or len(self.connections) > self.max_connections + self.max_spectators:
            return False
        return bool(relieve())

    def _arm(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        idle = self.cycle is None or self.cycle.response_complete
        cycle = self.cycle
        if idle:
            self._arm()  # a new request is on its way: its headers have until the timer
        super().data_received(data)
        if self.cycle is not cycle:  # a request's headers are all in
            self._disarm()

    def handle_websocket_upgrade(self, event: Any) -> None:
        self._disarm()  # the websocket's own protocol takes the connection over (pings find a dead peer)
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc: Optional[Exception]) -> None:
        self._disarm()
        super().connection_lost(exc)


_WebSocketProtocol: Any = AutoWebSocketsProtocol  # uvicorn's own choice of websocket library


class FrameLimitedProtocol(_WebSocketProtocol):  # type: ignore[misc]
    """uvicorn's websocket protocol, given the browser's frames through a :class:`FrameFilter`: a message
    over :data:`~bragrules.web.guard.MAX_BODY` bytes is skipped as it arrives, and the table answers it
    with one error instead of the socket being closed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.frame_filter: Optional[FrameFilter] = None

    def data_received(self, data: bytes) -> None:
        if self.frame_filter is None:  # the upgrade request, handed over whole by the HTTP protocol
            self.frame_filter = FrameFilter(MAX_BODY)
            super().data_received(data)
            return
        data = self.frame_filter.feed(data)
        if data:
            super().data_received(data)


def server_config(app: Any, *, max_connections: int = MAX_CONNECTIONS) -> uvicorn.Config:
    """uvicorn's settings for the table (the values are documented in docs/web.md); ``max_connections``
    other than :data:`MAX_CONNECTIONS` is for tests, which fill a smaller table."""
    busy_reply()  # read from the catalogues now, not while connections flood in
    http: Type[GuardedH11Protocol] = GuardedH11Protocol
    if max_connections != MAX_CONNECTIONS:
        http = type("GuardedH11Protocol", (GuardedH11Protocol,), {"max_connections": max_connections})
    return uvicorn.Config(
        app,
        log_level="warning",
        lifespan="on",
        http=http,
        ws=FrameLimitedProtocol,
        ws_max_size=MAX_FRAME,
        ws_ping_interval=PING_SECONDS,
        ws_ping_timeout=PING_SECONDS,
        ws_per_message_deflate=False,
        # requests in progress at once: a second guard behind the cap and the spectators on their way out
        limit_concurrency=max_connections + MAX_SPECTATORS + 1,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        backlog=MAX_CONNECTIONS,
        proxy_headers=False,
        server_header=False,
    )


def run(app: Any, sock: socket.socket) -> None:
    """Serve ``app`` on the listening ``sock`` until stopped (Ctrl-C)."""
    uvicorn.Server(server_config(app)).run(sockets=[sock])


__all__ = ["BUSY", "FrameLimitedProtocol", "GuardedH11Protocol", "HEADER_SECONDS", "KEEP_ALIVE_SECONDS", "MAX_CONNECTIONS", "MAX_FRAME",
           "MAX_HEADER_BYTES", "PING_SECONDS", "busy_reply", "run", "server_config"]
