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

Refusals are one JSON object, ``{"type": "error", "error": "..."}``, the
words in the requester's language (:func:`scope_language`: the page's
``?lang=``, else the browser's ``Accept-Language``, else English); a
websocket refused is closed before it opens (the browser sees a 403), its
reason in the same language, cut to the 123 bytes a close frame holds
(:func:`close_reason`).

>>> sorted(allowed_hosts("127.0.0.1", ["brag.local"]).names)
['127.0.0.1', '::1', 'brag.local', 'localhost']
>>> hosts = allowed_hosts("0.0.0.0", [])
>>> hosts.allows("192.168.1.20:8000"), hosts.allows("evil.example:8000"), hosts.allows("[::1]:8000")
(True, False, True)
>>> same_origin("http://127.0.0.1:8000", "127.0.0.1:8000"), same_origin("http://127.0.0.1:9000", "127.0.0.1:8000")
(True, False)
>>> scope_language({"headers": [(b"accept-language", b"en;q=0.9, hi;q=0.8")]})
'en'
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import unicodedata
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Dict, FrozenSet, Iterable, List, MutableMapping, Optional, Tuple, Union
from urllib.parse import parse_qsl

from bragrules.core.i18n import Message, normalise, pick_language, speaking

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

CLOSE_REASON_BYTES = 123
"""The most a websocket close frame's reason may hold, in UTF-8 (RFC 6455: 125 bytes of payload, 2 of them the
code)."""
_JOINERS = frozenset("\u094d\u200c\u200d")
"""Characters that join the letter after them to the one before (Devanagari's virama, the zero-width joiners)."""

Scope = MutableMapping[str, Any]
Event = MutableMapping[str, Any]
"""One ASGI message (``http.request``, ``websocket.close``, ...): an event, not words for a person."""
Receive = Callable[[], Awaitable[Event]]
Send = Callable[[Event], Awaitable[None]]
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


def scope_language(scope: Scope) -> str:
    """The language a request or websocket reads, from its ASGI scope: the page's own choice (``?lang=`` in
    its address, the last one given), else its browser's ``Accept-Language`` (the shipped language it
    prefers most, by q-value), else English. The table's app reads the same (its requests' and sockets'
    scopes), so a refusal by the guard is in the language the table would have answered in.

    >>> scope_language({"query_string": b"seat=x&lang=zh", "headers": [(b"accept-language", b"hi")]})
    'zh'
    >>> scope_language({"query_string": b"lang=fr", "headers": [(b"accept-language", b"fr, hi-IN;q=0.5")]})
    'hi'
    >>> scope_language({})
    'en'
    """
    raw = scope.get("query_string") or b""
    asked = [value for key, value in parse_qsl(raw.decode("latin-1"), keep_blank_values=True) if key == "lang"]
    chosen = normalise(asked[-1]) if asked else None
    if chosen is not None:
        return chosen
    return pick_language(_headers(scope).get("accept-language"))


def close_reason(text: str, limit: int = CLOSE_REASON_BYTES) -> str:
    """``text`` as a websocket close frame's reason: at most ``limit`` bytes of UTF-8, a longer text cut on a
    character's boundary (never inside a character's bytes, nor between a letter and the marks written on it)
    and ended with ``…``.

    >>> close_reason("short"), len(close_reason("字" * 60).encode()), close_reason("字" * 60)[-2:]
    ('short', 123, '字…')
    >>> cut = close_reason("किताब" * 40)
    >>> len(cut.encode()), cut[-6:]
    (123, 'किताब…')
    """
    if len(text.encode("utf-8")) <= limit:
        return text
    room = limit - len("…".encode("utf-8"))
    kept = text.encode("utf-8")[:room].decode("utf-8", "ignore")  # a character cut in its bytes is dropped whole
    rest = text[len(kept):]
    while kept and (unicodedata.category(rest[:1] or " ").startswith("M") or kept[-1] in _JOINERS):
        kept, rest = kept[:-1], kept[-1] + rest  # a letter and its marks (a vowel sign, a virama) go together
    return kept.rstrip() + "…"


def refusal_of(scope: Scope, hosts: Hosts) -> Optional[Tuple[int, Message]]:
    """Why a request or websocket is refused before the app sees it (None: it is let in): a status, and the words
    (read in the requester's language, :func:`scope_language`)."""
    headers = _headers(scope)
    host = headers.get("host")
    if not hosts.allows(host):
        return 403, Message("this table does not answer to that name: open it by the address the server printed "
                            "(or start the server with --allow-host NAME)")
    assert host is not None
    changes = scope["type"] == "websocket" or scope.get("method", "GET") not in READS
    if changes:
        origin = headers.get("origin")
        if origin is not None and not same_origin(origin, host):
            return 403, Message("a page of another site cannot act at this table")
        if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return 403, Message("a page of another site cannot act at this table")
    if scope["type"] == "http":
        kind = headers.get("content-type")
        if kind is not None and kind.split(";")[0].strip().lower() != "application/json" \
                and scope.get("method") not in READS:
            return 415, Message("a message is sent as JSON (Content-Type: application/json)")
        length = headers.get("content-length")
        if length is not None:
            if not length.strip().isdigit():
                return 400, Message("the message's length is not a number")
            if int(length) > MAX_BODY:
                return 413, too_long(MAX_BODY)
    return None


def too_long(limit: int) -> Message:
    """The words of a message refused for its length (a request's body, a websocket's message)."""
    return Message("the message is too long (at most {limit} bytes)", limit=str(limit))


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
            status, said = refused
            with speaking(scope_language(scope)):
                words = said.text()
            if scope["type"] == "websocket":
                await receive()  # the websocket.connect message
                await send({"type": "websocket.close", "code": 1008, "reason": close_reason(words)})
            else:
                await _send_json(send, status, {"type": "error", "error": words})
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        body = await self._read_body(receive)
        if isinstance(body, tuple):
            status, said = body
            with speaking(scope_language(scope)):
                await _send_json(send, status, {"type": "error", "error": said.text()})
            return
        await self.app(scope, _replay(body, receive), _with_headers(send))

    async def _read_body(self, receive: Receive) -> Union[bytes, Tuple[int, Message]]:
        """The whole body, read as it streams, or (status, words) once it is too long or too slow."""
        chunks: List[bytes] = []
        size = 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.body_seconds
        while True:
            try:
                event = await asyncio.wait_for(receive(), timeout=max(0.0, deadline - loop.time()))
            except asyncio.TimeoutError:
                return 408, Message("the message did not arrive within {seconds} seconds",
                                    seconds=format(self.body_seconds, "g"))
            if event["type"] == "http.disconnect":
                return b"".join(chunks)
            chunk = event.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return 413, too_long(self.max_body)
            chunks.append(chunk)
            if not event.get("more_body", False):
                return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the app the body already read, then waits as the server's would."""
    sent = False

    async def replay() -> Event:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


def _with_headers(send: Send) -> Send:
    async def wrapped(event: Event) -> None:
        if event["type"] == "http.response.start":
            present = {key.lower() for key, _ in event.get("headers", [])}
            event["headers"] = [*event.get("headers", []),
                                *(h for h in SECURITY_HEADERS if h[0] not in present)]
        await send(event)

    return wrapped


__all__ = ["BODY_SECONDS", "CLOSE_REASON_BYTES", "CSP", "Event", "Guard", "Hosts", "MAX_BODY", "MAX_SPECTATORS",
           "SECURITY_HEADERS", "allowed_hosts", "close_reason", "host_name", "refusal_of", "same_origin",
           "scope_language", "too_long"]
