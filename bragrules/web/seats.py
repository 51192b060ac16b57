"""The seat file beside a served table's log: whose links still work, and which seats bots took over.

A served table's log (``LOG``) records every action but never a seat token,
so that it can be shared and audited. What a restart (``bragrules serve
--resume LOG``) needs to keep the seats private is in ``LOG.seats.json``:

- ``log``: the SHA-256 of the log's header line, so that a seat file is
  never used with another log (the header holds the session's start time,
  its seed and its profile);
- ``salt`` and, for each seat a person holds, the SHA-256 of the salt and
  the seat's token (never the token itself: tokens are 32 random bytes, so
  a plain salted hash is enough), and the same for the host's links;
- ``check``: the SHA-256 of the salt (:func:`salt_check`), so that a salt
  changed after the file was written, which would leave every link given
  out dead and every seat taken, is refused rather than used (a seat file
  written before checks were kept has none, and is read as it is: the
  table writes one when it saves the file);
- ``bots``: the seats the host replaced with a bot, and the bot's style
  (the log's header still names the person who sat there);
- ``address`` (since the table listens somewhere): the ``host`` and
  ``port`` the table was served on, which every link given out names, so
  that a restart listens there again (a seat file without it is still read).

The file is created with mode 0600 and replaced atomically (a temporary
file, then a rename), so a reader sees the old file or the new one, never
half of one. :func:`load_seats` refuses a file that is corrupt, belongs to
another log, or can be read by other users, in one line naming the file.

>>> salt = bytes(16)
>>> token_digest(salt, "abc") == token_digest(salt, "abc") != token_digest(salt, "abd")
True
>>> seat_file_path(Path("night.jsonl")).name
'night.jsonl.seats.json'
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from bragrules.core.errors import HistoryError
from bragrules.play.bots import ALL_STYLES

FORMAT = "bragrules-seats/1"
SUFFIX = ".seats.json"
MAX_BYTES = 1 << 20
"""The largest seat file read (a table of eight is a few hundred bytes)."""

_HEX64 = re.compile(r"[0-9a-f]{64}\Z")
_HEX32 = re.compile(r"[0-9a-f]{32}\Z")
_HOST = re.compile(r"[!-~]{1,253}\Z")  # an address or a name, as given to --host: printable, no space


class SeatFileError(HistoryError):
    """A seat file that cannot be used: names the file (and the line, for bad JSON)."""


def seat_file_path(log_path: Path) -> Path:
    """Where the seat file of ``log_path`` lives: beside it, ``LOG.seats.json``."""
    return log_path.with_name(log_path.name + SUFFIX)


def token_digest(salt: bytes, token: str) -> str:
    """The salted SHA-256 of a token, as the seat file keeps it (hex)."""
    return hashlib.sha256(salt + token.encode("utf-8")).hexdigest()


def salt_check(salt: bytes) -> str:
    """What the seat file keeps beside its ``salt`` to notice the salt changed (hex SHA-256).

    >>> salt_check(bytes(16)) == salt_check(bytes(16)) != salt_check(bytes(15) + b"\\x01")
    True
    """
    return hashlib.sha256(b"bragrules-seats/salt/" + salt).hexdigest()


def header_digest(log_path: Path) -> str:
    """The SHA-256 of the log's first line (its header), without the line's end."""
    with open(log_path, "rb") as handle:
        first = handle.readline(MAX_BYTES * 64)
    return hashlib.sha256(first.rstrip(b"\r\n")).hexdigest()


@dataclass
class SeatRecord:
    """What a seat file holds: the log it belongs to, the salt, the hosts' and seats' token digests, the bots."""

    log: str
    salt: bytes
    hosts: List[str] = field(default_factory=list)
    seats: Dict[str, str] = field(default_factory=dict)  # seat name -> token digest
    bots: Dict[str, str] = field(default_factory=dict)  # seat name -> the style of the bot that replaced a person
    address: Optional[Tuple[str, int]] = None  # (host, port) the table listened on: where its links point

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"format": FORMAT, "log": self.log, "salt": self.salt.hex(),
                               "check": salt_check(self.salt), "hosts": list(self.hosts),
                               "seats": dict(self.seats), "bots": dict(self.bots)}
        if self.address is not None:
            out["address"] = {"host": self.address[0], "port": self.address[1]}
        return out


def save_seats(path: Path, record: SeatRecord) -> None:
    """Write ``record`` to ``path`` atomically, readable by this user only (mode 0600)."""
    text = json.dumps(record.to_json(), indent=1, sort_keys=True) + "\n"
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        try:
            os.fchmod(fd, 0o600)  # a leftover temporary file keeps its mode through O_CREAT
        except (AttributeError, OSError):  # pragma: no cover - platforms without fchmod
            pass
        os.write(fd, text.encode("utf-8"))
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        os.unlink(temp)
        raise
    os.close(fd)
    os.replace(temp, path)


def load_seats(path: Path, log_path: Path, players: Optional[Sequence[str]] = None) -> Optional[SeatRecord]:
    """The seat file ``path`` of ``log_path`` (whose seats are ``players``, when given); None when there is none.

    Raises :class:`SeatFileError` (one line, naming the file) for a file that
    other users can read or write, is not a seat file, belongs to another log,
    or whose salt was changed after it was written.
    """
    name = str(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise SeatFileError(f"cannot be read ({exc.strerror or exc})", name) from None
    if not stat.S_ISREG(info.st_mode):
        raise SeatFileError("is not a file", name)
    if os.name == "posix" and info.st_mode & 0o077:
        raise SeatFileError(f"other users may read or write it (mode {stat.S_IMODE(info.st_mode):04o}), so the "
                            f"seats' links are not private: chmod 600 {name}, then resume again", name)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise SeatFileError(f"cannot be read ({exc.strerror or exc})", name) from None
    if len(raw) > MAX_BYTES:
        raise SeatFileError(f"is not a seat file (over {MAX_BYTES} bytes)", name)
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SeatFileError("is not a seat file (not UTF-8 text)", name) from None
    except json.JSONDecodeError as exc:
        raise SeatFileError(f"is not a seat file (not JSON: {exc.msg}); it is left as it is: restore it, "
                            "or move it away and resume with --claim-by-name", name, exc.lineno) from None
    except RecursionError:
        raise SeatFileError("is not a seat file (nested too deeply)", name) from None
    record = _record(data, name, players)
    if record.log != header_digest(log_path):
        raise SeatFileError(f"belongs to another log (the header it records is not {log_path}'s): "
                            "it is left as it is; resume the log it belongs to, or move it away and "
                            "resume with --claim-by-name", name)
    return record


def _record(data: Any, name: str, players: Optional[Sequence[str]]) -> SeatRecord:
    def bad(what: str) -> SeatFileError:
        return SeatFileError(f"is not a valid seat file ({what}); it is left as it is: restore it, or move it "
                             "away and resume with --claim-by-name", name)

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise bad(f"'format' is not {FORMAT}")
    log, salt, hosts = data.get("log"), data.get("salt"), data.get("hosts")
    seats, bots = data.get("seats"), data.get("bots")
    if not isinstance(log, str) or not _HEX64.match(log):
        raise bad("'log' is not a SHA-256 in hex")
    salted = _salt(salt, data.get("check"), name, bad)
    if not isinstance(hosts, list) or not hosts or not all(isinstance(h, str) and _HEX64.match(h) for h in hosts):
        raise bad("'hosts' is not a list of SHA-256s in hex")
    if not isinstance(seats, dict) or not all(isinstance(d, str) and _HEX64.match(d) for d in seats.values()):
        raise bad("'seats' does not map seats to SHA-256s in hex")
    if not isinstance(bots, dict) or not all(isinstance(s, str) and s in ALL_STYLES for s in bots.values()):
        raise bad(f"'bots' does not map seats to bot styles ({', '.join(ALL_STYLES)})")
    for seat in [*seats, *bots]:
        if players is not None and seat not in players:
            raise bad(f"{seat[:40]!r} is not a seat at this table")
    both = set(seats) & set(bots)
    if both:
        raise bad(f"{sorted(both)[0][:40]!r} is both a person's and a bot's")
    if len(set(seats.values())) != len(seats):
        raise bad("two seats have the same token")
    return SeatRecord(log=log, salt=salted, hosts=list(hosts), seats=dict(seats), bots=dict(bots),
                      address=_address(data.get("address"), bad))


def _salt(salt: Any, check: Any, name: str, bad: Callable[[str], SeatFileError]) -> bytes:
    """The recorded ``salt``, refused when ``check`` (if the file has one) shows it was changed."""
    if not isinstance(salt, str) or not _HEX32.match(salt):
        raise bad("'salt' is not 16 bytes in hex")
    if check is None:  # a seat file written before the salt had its check
        return bytes.fromhex(salt)
    if not isinstance(check, str) or not _HEX64.match(check):
        raise bad("'check' is not a SHA-256 in hex")
    if check != salt_check(bytes.fromhex(salt)):
        raise SeatFileError("its 'salt' was changed after the table wrote it (it no longer matches 'check'), "
                            "so no link given out would work with it: it is left as it is; restore it, or move "
                            "it away and resume with --claim-by-name", name)
    return bytes.fromhex(salt)


def _address(value: Any, bad: Callable[[str], SeatFileError]) -> Optional[Tuple[str, int]]:
    """The recorded ``address`` (None: a seat file written before addresses were recorded)."""
    if value is None:
        return None
    host, port = (value.get("host"), value.get("port")) if isinstance(value, dict) else (None, None)
    if (not isinstance(host, str) or not _HOST.match(host) or isinstance(port, bool) or not isinstance(port, int)
            or not 1 <= port <= 65535):
        raise bad("'address' is not a host and a port from 1 to 65535")
    return host, port


__all__ = ["FORMAT", "SUFFIX", "SeatFileError", "SeatRecord", "header_digest", "load_seats", "salt_check",
           "save_seats", "seat_file_path", "token_digest"]
