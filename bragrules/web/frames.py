"""Websocket frames as a browser sends them: a message too long for the table is skipped as it streams.

A websocket parser that meets a frame over its size limit closes the
connection (code 1009), so a page that sends one long message loses the
table. :class:`FrameFilter` stands between the connection and the parser
(:class:`bragrules.web.server.FrameLimitedProtocol` puts it there) and reads
only the frames' headers (RFC 6455, section 5.2). It passes on:

- a message of at most ``limit`` bytes, as it came; a message sent in
  several frames is passed on as one frame once it is whole (so a message
  is never passed on in part);
- every control frame (ping, pong, close) at once;
- in place of a longer message, once its last byte has gone by, a text
  message of ``limit + 1`` spaces: a message one byte too long, which the
  table refuses with the one error it gives every message over its limit
  (``{"type": "error", "error": "the message is too long (at most ...
  bytes)"}``), and the socket stays open. The long message's bytes are
  counted as they arrive and dropped: at most ``limit`` bytes of a message
  are ever held;
- from a frame that breaks the protocol (not masked, reserved bits set, an
  unknown opcode, a continuation with no message begun, a new message
  inside another), everything unchanged, so that the parser closes the
  connection as it would have without the filter.

It is for connections without extensions (the table turns compression
off): a compressed frame sets a reserved bit, and is passed on for the
parser to judge.

>>> frames = FrameFilter(limit=8)
>>> frames.feed(client_frame(TEXT, b'{"a":1}')) == client_frame(TEXT, b'{"a":1}')
True
>>> long = client_frame(TEXT, b"x" * 1000)
>>> frames.feed(long[:500]), frames.feed(long[500:]) == client_frame(TEXT, b" " * 9)
(b'', True)
>>> parts = client_frame(TEXT, b"ab", fin=False) + client_frame(CONT, b"cd")
>>> frames.feed(parts) == client_frame(TEXT, b"abcd")
True
"""

from __future__ import annotations

from typing import Optional

CONT, TEXT, BINARY = 0x0, 0x1, 0x2
"""The data frames' opcodes; 0x8 and above are control frames."""
_FIN, _RSV, _OPCODE, _MASKED, _LENGTH = 0x80, 0x70, 0x0F, 0x80, 0x7F


def client_frame(opcode: int, payload: bytes, *, fin: bool = True, mask: bytes = bytes(4)) -> bytes:
    """A frame as a browser sends it (masked, here with ``mask``: four zero bytes leave the payload as it is).

    >>> client_frame(TEXT, b"hi").hex()
    '8182000000006869'
    """
    size = len(payload)
    first = bytes([(_FIN if fin else 0) | opcode])
    if size < 126:
        head = first + bytes([_MASKED | size])
    elif size < 1 << 16:
        head = first + bytes([_MASKED | 126]) + size.to_bytes(2, "big")
    else:
        head = first + bytes([_MASKED | 127]) + size.to_bytes(8, "big")
    return head + mask + unmask(payload, mask, 0)


def unmask(data: bytes, mask: bytes, offset: int) -> bytes:
    """``data`` (the bytes of a payload from ``offset`` on) XOR-ed with the frame's four-byte ``mask``.

    >>> unmask(unmask(b"hello", b"abcd", 1), b"abcd", 1)
    b'hello'
    """
    if not data:
        return b""
    turn = offset % 4
    key = (mask[turn:] + mask[:turn]) * (len(data) // 4 + 1)
    mixed = int.from_bytes(data, "big") ^ int.from_bytes(key[:len(data)], "big")
    return mixed.to_bytes(len(data), "big")


class FrameFilter:
    """The frames of one connection, from the browser, with messages over ``limit`` bytes replaced (see the module)."""

    def __init__(self, limit: int):
        self.limit = limit
        self.refused = 0  # messages replaced so far
        self._head = bytearray()  # the header being read
        self._left = 0  # payload bytes of the current frame still to come
        self._mode = "pass"  # what becomes of them: "pass" on, "keep" (a part of a message), "skip"
        self._mask = b""
        self._offset = 0  # how far into the current frame's payload "keep" is
        self._fin = False  # the current frame ends its message
        self._opcode: Optional[int] = None  # the opcode of the message in several frames being read
        self._message: Optional[bytearray] = None  # its payload so far, unmasked (None: over the limit)
        self._size = 0  # its size so far
        self._broken = False  # the protocol was broken: everything is passed on for the parser to judge

    def feed(self, data: bytes) -> bytes:
        """What to pass on to the parser of the bytes ``data`` that just arrived."""
        out = bytearray()
        view = memoryview(data)
        at = 0
        while at < len(data):
            if self._broken:
                out += view[at:]
                break
            if self._left:
                take = min(self._left, len(data) - at)
                self._payload(view[at:at + take], out)
                at += take
                continue
            self._head.append(data[at])  # a header is at most 14 bytes: read one byte at a time
            at += 1
            if len(self._head) == self._head_size():
                self._frame(out)
        return bytes(out)

    def _head_size(self) -> int:
        if len(self._head) < 2:
            return 2
        length = self._head[1] & _LENGTH
        extended = 2 if length == 126 else 8 if length == 127 else 0
        return 2 + extended + (4 if self._head[1] & _MASKED else 0)

    def _frame(self, out: bytearray) -> None:
        """A frame's header is in: decide what becomes of the frame."""
        head = bytes(self._head)
        self._head.clear()
        opcode, length = head[0] & _OPCODE, head[1] & _LENGTH
        if length >= 126:
            length = int.from_bytes(head[2:4] if length == 126 else head[2:10], "big")
        self._fin, self._mask, self._offset, self._left = bool(head[0] & _FIN), head[-4:], 0, length
        if opcode & 0x8:  # a control frame: at once
            out += head
            self._mode = "pass"
        elif not head[1] & _MASKED or head[0] & _RSV or opcode not in (CONT, TEXT, BINARY) \
                or (opcode == CONT) != (self._opcode is not None):
            self._break(head, out)
            return
        elif opcode != CONT and self._fin and length <= self.limit:  # a whole message in one frame
            out += head
            self._mode = "pass"
        else:  # a message in several frames, or one over the limit
            if opcode != CONT:
                self._opcode, self._message, self._size = opcode, bytearray(), 0
            self._size += length
            if self._size > self.limit:
                self._message = None
            self._mode = "skip" if self._message is None else "keep"
        if not self._left:
            self._frame_read(out)

    def _payload(self, chunk: memoryview, out: bytearray) -> None:
        if self._mode == "pass":
            out += chunk
        elif self._mode == "keep" and self._message is not None:
            self._message += unmask(bytes(chunk), self._mask, self._offset)
        self._offset += len(chunk)
        self._left -= len(chunk)
        if not self._left:
            self._frame_read(out)

    def _frame_read(self, out: bytearray) -> None:
        """A frame's last byte has arrived: pass on the message it ends, whole or replaced."""
        if self._mode == "pass" or not self._fin or self._opcode is None:
            return
        if self._message is None:
            out += client_frame(TEXT, b" " * (self.limit + 1))
            self.refused += 1
        else:
            out += client_frame(self._opcode, bytes(self._message))
        self._opcode, self._message, self._size = None, None, 0

    def _break(self, head: bytes, out: bytearray) -> None:
        """The frame ``head`` breaks the protocol: the parser is given it, after the start of any message
        being held (so it sees the stream as the browser sent it), and everything after it."""
        if self._opcode is not None:
            out += client_frame(self._opcode, b"", fin=False)
        out += head
        self._broken = True


__all__ = ["BINARY", "CONT", "TEXT", "FrameFilter", "client_frame", "unmask"]
