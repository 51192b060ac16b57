"""What the web table lets in: the names it answers to, the pages that may drive it, the size of a message.

:class:`Guard` wraps the table's ASGI app and checks every request and
websocket before the app sees it:

- **Host.** The ``Host`` header must name the server as it was started
  for (:func:`allowed_hosts`): ``127.0.0.1``, ``localhost``, ``::1``, the
  ``--host`` given and the names ``--allow-host`` adds; when ``--host`` is
  every address (``0.0.0.0``, ``::``), any IP address too (a page of
  another site reaches the table under its own name, never under an
  address, so a name the table was not started for is a rebinding page).
- **Origin.** A websocket, and any request that is not a plain read
  (``GET``, ``HEAD``), is refused when it comes from a page of another
  origin: an ``Origin`` header that is not this server's own address as
  the ``Host`` header gives it (another port is another origin), or
  ``null``, or a ``Sec-Fetch-Site`` of ``cross-site`` or ``same-site``.
  Programs (curl, scripts) send neither header and are let through.
- **Type and size.** A body declared as anything but JSON is refused
  (415: a form or ``text/plain`` is what a page of another site can send
  without asking). A body longer than :data:`MAX_BODY` is refused (413) by
  its declared length before a byte of it is read, or as soon as the
  bytes streamed pass the limit; a body that does not arrive within
  :data:`BODY_SECONDS` is refused (408).
- **Spectators.** A websocket that is neither a seat's nor the host's is a
  spectator's; at most :data:`MAX_SPECTATORS` are open at once (the app
  counts them, :class:`bragrules.web.app.Hub`), and when the server is at
  its connection cap it calls :attr:`Guard.relieve` to drop one, so that
  spectators never keep a seat or the host out.
- **Headers.** Every response carries a strict Content-Security-Policy
  (the page loads its own script and style only, and cannot be framed),
  ``X-Frame-Options: DENY``, ``X-Content-Type-Options: nosniff``,
  ``Referrer-Policy: no-referrer`` (a seat's link is never sent to
  another site) and ``Cache-Control: no-store``.

Refusals are one JSON object, ``{"type": "error", "error": "..."}``; a
websocket refused is closed before it opens (the browser sees a 403).

>>> sorted(allowed_hosts("127.0.0.1", ["brag.local"]).names)
['127.0.0.1', '::1', 'brag.local', 'localhost']
>>> hosts = allowed_hosts("0.0.0.0", [])
>>> hosts.allows("192.168.1.20:8000"), hosts.allows("evil.example:8000"), hosts.allows("[::1]:8000")
(True, False, True)
>>> same_origin("http://127.0.0.1:8000", "127.0.0.1:8000"), same_origin("http://127.0.0.1:9000", "127.0.0.1:8000")
(True, False)
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Dict, FrozenSet, Iterable, List, MutableMapping, Optional, Tuple

MAX_BODY = 8192
"""The longest body a request may carry (bytes): an action is a few dozen."""
BODY_SECONDS = 10.0
"""How long a request's body may take to arrive once its headers are in."""
MAX_SPECTATORS = 32
"""Spectators' websockets open at once (a websocket without a seat's token or the host's): the budget they
share, apart from the seats' and the host's, which spectators never use up."""

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
"""The page's Content-Security-Policy: its own script, style and websocket, nothing inline, never framed."""
SECURITY_HEADERS: List[Tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"cache-control", b"no-store"),
]
READS = ("GET", "HEAD")
LOCAL_NAMES = ("127.0.0.1", "localhost", "::1")
WILDCARDS = ("0.0.0.0", "::", "")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass(frozen=True)
class Hosts:
    """The names the table answers to (lower case), and whether any IP address is one of them."""

    names: FrozenSet[str]
    any_address: bool = False

    def allows(self, header: Optional[str]) -> bool:
        """Whether a ``Host`` header (``name``, ``name:port``, ``[v6]:port``) names this server."""
        name = host_name(header)
        if name is None:
            return False
        if name in self.names:
            return True
        return self.any_address and _is_address(name)


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def allowed_hosts(host: str, extra: Iterable[str] = ()) -> Hosts:
    """The names a server listening on ``host`` answers to, with the names given by ``--allow-host``."""
    names = {*LOCAL_NAMES, *(n.strip().lower().rstrip(".") for n in extra if n.strip())}
    given = host.strip().lower().strip("[]").rstrip(".")
    wildcard = given in WILDCARDS
    if not wildcard:
        names.add(given)
    return Hosts(frozenset(names), any_address=wildcard)


def host_name(header: Optional[str]) -> Optional[str]:
    """The name part of a ``Host`` header, lower case (None: no header, or not a host).

    >>> host_name("LocalHost:8000"), host_name("[::1]:80"), host_name("a b")
    ('localhost', '::1', None)
    """
    if not header:
        return None
    text = header.strip().lower()
    if text.startswith("["):
        end = text.find("]")
        if end < 0 or (text[end + 1:] and not text[end + 1:].startswith(":")):
            return None
        return text[1:end]
    name, _, port = text.partition(":")
    if (port and not port.isdigit()) or not name or any(ch in name for ch in " /\\@?#"):
        return None
    return name.rstrip(".")


def same_origin(origin: str, host: str) -> bool:
    """Whether a page of ``origin`` (``http://name:port``) is this server, as the ``Host`` header names it."""
    origin = origin.strip().lower()
    for scheme in ("http://", "https://"):
        if origin.startswith(scheme):
            return origin[len(scheme):] == host.strip().lower()
    return False


def _headers(scope: Scope) -> Dict[str, str]:
    out: Dict[str, str] = {}
    for key, value in scope.get("headers") or []:
        out.setdefault(key.decode("latin-1").lower(), value.decode("latin-1"))
    return out


def refusal_of(scope: Scope, hosts: Hosts) -> Optional[Tuple[int, str]]:
    """Why a request or websocket is refused before the app sees it (None: it is let in)."""
    headers = _headers(scope)
    host = headers.get("host")
    if not hosts.allows(host):
        return 403, ("this table does not answer to that name: open it by the address the server printed "
                     "(or start the server with --allow-host NAME)")
    assert host is not None
    changes = scope["type"] == "websocket" or scope.get("method", "GET") not in READS
    if changes:
        origin = headers.get("origin")
        if origin is not None and not same_origin(origin, host):
            return 403, "a page of another site cannot act at this table"
        if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return 403, "a page of another site cannot act at this table"
    if scope["type"] == "http":
        kind = headers.get("content-type")
        if kind is not None and kind.split(";")[0].strip().lower() != "application/json" \
                and scope.get("method") not in READS:
            return 415, "a message is sent as JSON (Content-Type: application/json)"
        length = headers.get("content-length")
        if length is not None:
            if not length.strip().isdigit():
                return 400, "the message's length is not a number"
            if int(length) > MAX_BODY:
                return 413, f"the message is too long (at most {MAX_BODY} bytes)"
    return None


async def _send_json(send: Send, status: int, payload: Dict[str, Any]) -> None:
    body = json.dumps(payload).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close"), *SECURITY_HEADERS]})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """The table's ASGI app behind the checks above (see the module's docstring)."""

    def __init__(self, app: ASGIApp, hosts: Hosts, *, max_body: int = MAX_BODY, body_seconds: float = BODY_SECONDS):
        self.app = app
        self.hosts = hosts
        self.max_body = max_body
        self.body_seconds = body_seconds
        self.relieve: Optional[Callable[[], bool]] = None
        """Drop one spectator to make room, saying whether there was one (set by the table's app; the
        server calls it when a connection arrives at its cap)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refused = refusal_of(scope, self.hosts)
        if refused is not None:
            status, words = refused
            if scope["type"] == "websocket":
                await receive()  # the websocket.connect message
                await send({"type": "websocket.close", "code": 1008, "reason": words[:120]})
            else:
                await _send_json(send, status, {"type": "error", "error": words})
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        body = await self._read_body(receive)
        if isinstance(body, tuple):
            status, words = body
            await _send_json(send, status, {"type": "error", "error": words})
            return
        await self.app(scope, _replay(body, receive), _with_headers(send))

    async def _read_body(self, receive: Receive) -> Any:
        """The whole body, read as it streams, or (status, words) once it is too long or too slow."""
        chunks: List[bytes] = []
        size = 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.body_seconds
        while True:
            try:
                message = await asyncio.wait_for(receive(), timeout=max(0.0, deadline - loop.time()))
            except asyncio.TimeoutError:
                return 408, f"the message did not arrive within {self.body_seconds:g} seconds"
            if message["type"] == "http.disconnect":
                return b"".join(chunks)
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return 413, f"the message is too long (at most {self.max_body} bytes)"
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the app the body already read, then waits as the server's would."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


def _with_headers(send: Send) -> Send:
    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            present = {key.lower() for key, _ in message.get("headers", [])}
            message["headers"] = [*message.get("headers", []),
                                  *(h for h in SECURITY_HEADERS if h[0] not in present)]
        await send(message)

    return wrapped


__all__ = ["BODY_SECONDS", "CSP", "Guard", "Hosts", "MAX_BODY", "MAX_SPECTATORS", "SECURITY_HEADERS", "allowed_hosts", "host_name",
           "refusal_of", "same_origin"]
