"""The web table's server: uvicorn, with the limits that keep one table up for the people at it.

uvicorn's own settings bound what they can (:func:`server_config`): idle
keep-alive connections, the size of a request's headers and of a
websocket frame, the number of requests at once. Two limits it does not
have are added by :class:`GuardedH11Protocol`, its HTTP protocol with:

- a **header timeout**: a connection whose request headers are not all in
  within :data:`HEADER_SECONDS` of its first byte (or of the connection
  opening) is closed, so slow connections cannot be held open one byte at
  a time;
- a **connection cap**: beyond :data:`MAX_CONNECTIONS` open connections
  (websockets included) a new one is answered ``503`` and closed at once,
  before anything of it is read.

The body of a request is bounded in size and time by
:class:`bragrules.web.guard.Guard`.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any, Optional

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

MAX_CONNECTIONS = 128
"""Open connections at once (each browser holds one websocket, and a request or two at times)."""
HEADER_SECONDS = 10.0
"""How long a connection may take to send a request's headers."""
KEEP_ALIVE_SECONDS = 5
"""How long an idle connection is kept open between requests."""
MAX_HEADER_BYTES = 16 * 1024
"""The most a request's line and headers may hold."""
MAX_FRAME = 16 * 1024
"""The largest websocket frame read (a message over 8 KiB is refused in words; over this, the socket is closed)."""
PING_SECONDS = 20.0
"""A websocket is pinged this often, and closed when its browser does not answer within as long."""

_BUSY_BODY = b'{"type": "error", "error": "the table has too many connections open: try again"}'
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nconnection: close\r\n"
        b"content-length: " + str(len(_BUSY_BODY)).encode() + b"\r\n\r\n" + _BUSY_BODY)
"""What a connection beyond the cap is answered, before it is closed."""


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a header timeout and a cap on open connections."""

    header_seconds = HEADER_SECONDS
    max_connections = MAX_CONNECTIONS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: Optional[asyncio.TimerHandle] = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.max_connections:
            transport.write(BUSY)
            transport.close()
            return
        self._arm()

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


def server_config(app: Any) -> uvicorn.Config:
    """uvicorn's settings for the table (the values are documented in docs/web.md)."""
    return uvicorn.Config(
        app,
        log_level="warning",
        lifespan="on",
        http=GuardedH11Protocol,
        ws="auto",
        ws_max_size=MAX_FRAME,
        ws_ping_interval=PING_SECONDS,
        ws_ping_timeout=PING_SECONDS,
        ws_per_message_deflate=False,
        limit_concurrency=MAX_CONNECTIONS + 1,  # requests in progress at once: a second guard behind the cap
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        backlog=MAX_CONNECTIONS,
        proxy_headers=False,
        server_header=False,
    )


def run(app: Any, sock: socket.socket) -> None:
    """Serve ``app`` on the listening ``sock`` until stopped (Ctrl-C)."""
    uvicorn.Server(server_config(app)).run(sockets=[sock])


__all__ = ["GuardedH11Protocol", "HEADER_SECONDS", "KEEP_ALIVE_SECONDS", "MAX_CONNECTIONS", "MAX_FRAME",
           "MAX_HEADER_BYTES", "PING_SECONDS", "run", "server_config"]
