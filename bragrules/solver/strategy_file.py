"""A strategy file read as any input is: untrusted, within stated bounds, every problem one line.

A strategy file (``.npz``, written by :meth:`~bragrules.solver.strategy.Strategy.save`) is a
zip archive of ``.npy`` arrays: ``header.npy``, the JSON header as bytes, and ``d0.npy``,
``d1.npy``, ... one per decision. It is read in this order, each step bounded, so that a
truncated, corrupt, tampered or hostile file is refused before it can take memory or time,
and before the first deal is played with it:

1. the path must name a regular file (a FIFO, a device or a directory is refused from
   its ``stat``, and opened without blocking only to check it did not change), of at
   most :data:`MAX_FILE_BYTES`;
2. the zip's directory is sized from its end record before it is read: at most one
   member per decision and the header;
3. the header, at most :data:`MAX_HEADER_BYTES`, is decoded straight into
   :class:`StrategyHeader` (msgspec): its types and bounds are declared there, nesting
   and numbers of any size included, and the cells it promises (an action per hand) are
   at most :data:`MAX_CELLS`;
4. each array's own header (shape and type) is read before its data: the shape must be
   the one the header's decision gives (a row per action, a column per hand, one for a
   blind decision), the type a float (an array of Python objects, a pickle, is never
   loaded);
5. its values are probability distributions: finite, not negative, each column summing
   to 1 within :data:`SUM_TOLERANCE`.

Then :func:`check_against` holds the file to the game's own tree (the profile it is
played under, with the file's abstraction): the same decisions in the same order, each
with the same player, blindness and actions, and the same pack.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "junk.npz")
>>> with open(path, "wb") as handle:
...     _ = handle.write(b"PK not really a zip")
>>> read_strategy_file(path)
Traceback (most recent call last):
...
bragrules.solver.strategy.StrategyFileError: ...junk.npz: not a strategy file: not a zip archive, or a damaged one (no end of central directory)
"""

from __future__ import annotations

import os
import stat
import zipfile
import zlib
from math import comb
from typing import IO, TYPE_CHECKING, Annotated, Any, Dict, List, Literal, Optional, Tuple

import msgspec

from bragrules.core.cards import CARDS
from bragrules.core.text import brief
from bragrules.solver.numeric import Array, np
from bragrules.solver.size import MAX_BETS, MAX_CELLS, MAX_DECISIONS, MAX_DEPTH, MAX_LEVELS, MAX_RAISES, walk
from bragrules.solver.strategy import StrategyFileError
from bragrules.solver.tree import MAX_SEATS, Unsupported

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.rules.compile import Rules
    from bragrules.solver.strategy import Strategy

__all__ = ["DecisionHeader", "MAX_CELLS", "MAX_FILE_BYTES", "MAX_HEADER_BYTES", "StrategyHeader", "SUM_TOLERANCE",
           "check_against", "read_strategy_file"]

FORMAT = "bragrules-strategy/1"

MAX_FILE_BYTES = 2**30
"""The largest strategy file read: 1 GiB (the arrays compress; a full pack's default solve is a few MiB)."""

MAX_HEADER_BYTES = 128 * 2**20
"""The largest header: 128 MiB (about 170 bytes a decision, :data:`~bragrules.solver.size.MAX_DECISIONS`
decisions of deep histories)."""

MAX_ACTIONS = 32
"""The most actions of one decision (ten bet amounts, look, see, check and fold are fourteen)."""

MAX_NAME = 100
"""The longest profile's name in the header (as a profile's own limit)."""

MAX_ACTION = 10_000
"""The longest action's text in the header: its amount may have thousands of digits, as a profile's may."""

MAX_NPY_HEADER = 10_000
"""The longest header of one ``.npy`` array (numpy's own default)."""

SUM_TOLERANCE = 1e-3
"""How far a column of probabilities may sum from 1. They are written as float16, whose 11 significant
bits put each within 2^-12 of its value, so a column sums within 2^-11 (0.00049) of 1."""

MAX_BUCKETS = 1000
"""The most equity buckets a multiway strategy's hands are known by (:mod:`bragrules.solver.mccfr`)."""

FLOATS = ("<f2", "<f4", "<f8")
"""The types a decision's array may have (written as ``<f2``)."""


def _check_buckets(header: "StrategyHeader") -> None:
    """Buckets come together with their count, one for each hand of the pack, each below the count."""
    if (header.buckets is None) != (header.n_buckets is None):
        raise ValueError("buckets and n_buckets come together")
    if header.buckets is None or header.n_buckets is None:
        return
    if len(header.buckets) != comb(len(header.cards), 3):
        raise ValueError(f"{len(header.buckets)} buckets listed for {comb(len(header.cards), 3)} hands")
    if max(header.buckets, default=0) >= header.n_buckets:
        raise ValueError(f"a bucket beyond its {header.n_buckets}")


def _check_cards(cards: List[int]) -> None:
    if len(set(cards)) != len(cards):
        raise ValueError("a card is listed twice")


Name = Annotated[str, msgspec.Meta(max_length=MAX_NAME)]
Text = Annotated[str, msgspec.Meta(max_length=MAX_ACTION)]
Hash = Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]
Card = Annotated[int, msgspec.Meta(ge=0, lt=len(CARDS))]


class DecisionHeader(msgspec.Struct, forbid_unknown_fields=True):
    """One decision as the header lists it: the actions before it, whose it is (0 acts first, 1 deals),
    whether that player is blind, and its actions (each a row of its array)."""

    history: Annotated[List[Text], msgspec.Meta(max_length=MAX_DEPTH)]
    player: Annotated[int, msgspec.Meta(ge=0, lt=MAX_SEATS)]
    blind: bool
    actions: Annotated[List[Text], msgspec.Meta(min_length=1, max_length=MAX_ACTIONS)]


class StrategyHeader(msgspec.Struct, forbid_unknown_fields=True):
    """A strategy file's header, declared with its bounds: the profile solved (its name, its hash, its
    game's hash), the abstraction (the bounds of ``bragrules solve``'s options), the pack's cards (each a
    card, none twice) and the decisions."""

    format: Literal["bragrules-strategy/1"]
    profile: Name
    profile_hash: Hash
    max_raises: Annotated[int, msgspec.Meta(ge=0, le=MAX_RAISES)]
    levels: Annotated[int, msgspec.Meta(ge=1, le=MAX_LEVELS)]
    max_bets: Annotated[int, msgspec.Meta(ge=1, le=MAX_BETS)]
    carry_share: Annotated[float, msgspec.Meta(ge=0.0, le=1.0)]
    iterations: Annotated[int, msgspec.Meta(ge=0)]
    cards: Annotated[List[Card], msgspec.Meta(min_length=6, max_length=len(CARDS))]
    decisions: Annotated[List[DecisionHeader], msgspec.Meta(min_length=1, max_length=MAX_DECISIONS)]
    notes: Annotated[List[Annotated[str, msgspec.Meta(max_length=200)]], msgspec.Meta(max_length=16)] = []
    game_hash: Optional[Hash] = None
    seats: Annotated[int, msgspec.Meta(ge=2, le=MAX_SEATS)] = 2
    n_buckets: Optional[Annotated[int, msgspec.Meta(ge=1, le=MAX_BUCKETS)]] = None
    buckets: Optional[Annotated[List[Annotated[int, msgspec.Meta(ge=0, lt=MAX_BUCKETS)]],
                                msgspec.Meta(max_length=comb(len(CARDS), 3))]] = None
    seed: Optional[Annotated[int, msgspec.Meta(ge=0, le=2**63 - 1)]] = None
    war_cap: Literal["fold", "showdown"] = "fold"

    def __post_init__(self) -> None:
        _check_cards(self.cards)
        if self.war_cap != "fold" and self.seats < 3:
            raise ValueError(f"a war cap ({self.war_cap}) is a table of three or more's, not of {self.seats}")
        if len({tuple(d.history) for d in self.decisions}) != len(self.decisions):
            raise ValueError("a decision is listed twice")
        if any(d.player >= self.seats for d in self.decisions):
            raise ValueError(f"a decision of a player beyond its {self.seats} seats")
        _check_buckets(self)

    def columns(self) -> int:
        """The columns of a seen decision's array: a hand each, or an equity bucket each."""
        return self.n_buckets if self.n_buckets is not None else comb(len(self.cards), 3)


def _error(path: str, what: str) -> StrategyFileError:
    return StrategyFileError(f"{path}: {what}")


_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def _not_regular(mode: int) -> Optional[str]:
    """What a file is when it is not a regular file (None when it is)."""
    if stat.S_ISREG(mode):
        return None
    return next((words for test, words in _KINDS if test(mode)), "not a regular file")


def _open(path: str) -> IO[bytes]:
    """The file, opened for reading once it is known to be a regular file within :data:`MAX_FILE_BYTES`.

    A FIFO or a device is refused from its ``stat``, never opened to be read; the file is then opened
    without blocking (were it swapped for a FIFO meanwhile, the open returns at once) and checked again."""
    try:
        kind = _not_regular(os.stat(path).st_mode)
        if kind is not None:
            raise _error(path, f"not a strategy file: it is {kind}, not a regular file")
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise _error(path, f"cannot read it ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        kind = _not_regular(info.st_mode)
        if kind is not None:
            raise _error(path, f"not a strategy file: it is {kind}, not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise _error(path, f"{info.st_size:,} bytes, more than a strategy file's limit of {MAX_FILE_BYTES:,}")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _zip_entries(handle: IO[bytes]) -> int:
    """How many members the zip's end record lists, read before the directory itself (a directory of
    millions of members would be read whole into memory): the zip64 record's count when there is one."""
    size = handle.seek(0, os.SEEK_END)
    tail_size = min(size, 22 + 65_535)  # the end record, and the longest comment it may have
    handle.seek(size - tail_size)
    tail = handle.read(tail_size)
    at = tail.rfind(b"PK\x05\x06")
    if at < 0 or len(tail) - at < 22:
        raise zipfile.BadZipFile("no end of central directory")
    entries = int.from_bytes(tail[at + 10:at + 12], "little")
    locator = tail[at - 20:at] if at >= 20 else b""
    if locator[:4] == b"PK\x06\x07":  # zip64: the record the locator points to holds the real count
        handle.seek(int.from_bytes(locator[8:16], "little"))
        record = handle.read(56)
        if record[:4] != b"PK\x06\x06":
            raise zipfile.BadZipFile("a broken zip64 end record")
        entries = int.from_bytes(record[32:40], "little")
    handle.seek(0)
    return entries


def _npy(archive: zipfile.ZipFile, name: str, shape: Tuple[int, ...], kinds: Tuple[str, ...]) -> Array:
    """The array ``name`` of the archive, its own header checked first: the ``shape`` wanted and one of
    the ``kinds`` of type (never a pickle), then exactly its data, the member read to its end (so that
    the zip's checksum is checked)."""
    fmt = np.lib.format
    with archive.open(name) as member:
        version = fmt.read_magic(member)
        if version == (1, 0):
            found, fortran, dtype = fmt.read_array_header_1_0(member, max_header_size=MAX_NPY_HEADER)
        elif version == (2, 0):
            found, fortran, dtype = fmt.read_array_header_2_0(member, max_header_size=MAX_NPY_HEADER)
        else:
            raise ValueError(f"{name}: an array of format {version}, not 1.0 or 2.0")
        if dtype.hasobject:
            raise ValueError(f"{name}: holds Python objects (a pickle), which are never loaded")
        if dtype.str not in kinds:
            raise ValueError(f"{name}: holds {dtype.str} values, not {' or '.join(kinds)}")
        if tuple(found) != shape:
            raise ValueError(f"{name}: an array of shape {brief(tuple(found))}, not {shape}")
        size = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
        data = member.read(size)
        if len(data) != size or member.read(1):
            raise ValueError(f"{name}: {len(data):,} bytes of data where the array has {size:,}")
    return np.frombuffer(data, dtype=dtype).reshape(shape, order="F" if fortran else "C")


def _distribution(probabilities: Array, index: int, decision: DecisionHeader) -> Optional[str]:
    """What is wrong with a decision's probabilities (None when each column is a distribution)."""
    where = f"decision {index + 1} ({brief(' / '.join(decision.history) or 'the first', 60)})"
    if not np.isfinite(probabilities).all():
        return f"{where}: a probability that is not a number (NaN or infinite)"
    if (probabilities < 0).any():
        return f"{where}: a negative probability ({float(probabilities.min()):.3g})"
    sums = probabilities.sum(axis=0)
    off = np.abs(sums - 1.0)
    worst = int(np.argmax(off))
    if off[worst] > SUM_TOLERANCE:
        return (f"{where}: the probabilities of column {worst + 1} sum to {float(sums[worst]):.6g}, "
                f"not 1 (within {SUM_TOLERANCE:g})")
    return None


_BROKEN = (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError,
           ValueError, KeyError, OSError, MemoryError)
"""What reading a broken archive or array raises (a truncated member, a bad checksum, a method zip does
not know, an encrypted member, an array's header that is not numpy's)."""


def read_strategy_file(path: str) -> Tuple[StrategyHeader, List[Array]]:
    """A strategy file's header and each decision's probabilities (float64), every bound checked; one
    :class:`~bragrules.solver.strategy.StrategyFileError` naming the file and what is wrong otherwise."""
    with _open(path) as handle:
        try:
            entries = _zip_entries(handle)
            if entries > MAX_DECISIONS + 1:
                raise _error(path, f"an archive of {entries:,} members, more than a strategy file's "
                                   f"{MAX_DECISIONS + 1:,} (a header and at most {MAX_DECISIONS:,} decisions)")
            with zipfile.ZipFile(handle) as archive:
                return _read_archive(path, archive)
        except StrategyFileError:
            raise
        except msgspec.ValidationError as exc:
            raise _error(path, f"not a strategy file: its header: {exc}") from None
        except (msgspec.DecodeError, UnicodeDecodeError) as exc:
            raise _error(path, f"not a strategy file: its header is not JSON ({brief(exc, 80)})") from None
        except RecursionError:
            raise _error(path, "not a strategy file: its header is nested too deeply") from None
        except zipfile.BadZipFile as exc:
            raise _error(path, f"not a strategy file: not a zip archive, or a damaged one ({brief(exc, 80)})") from None
        except _BROKEN as exc:
            raise _error(path, f"not a readable strategy file ({brief(exc, 120)})") from None


def _read_archive(path: str, archive: zipfile.ZipFile) -> Tuple[StrategyHeader, List[Array]]:
    members = {info.filename: info for info in archive.infolist()}
    if "header.npy" not in members:
        raise _error(path, "not a strategy file: it has no header (header.npy)")
    header = msgspec.json.decode(_header_bytes(path, archive), type=StrategyHeader)
    hands = header.columns()
    shapes = [(len(d.actions), 1 if d.blind else hands) for d in header.decisions]
    cells = sum(rows * columns for rows, columns in shapes)
    if cells > MAX_CELLS:
        raise _error(path, f"its header promises {cells:,} probabilities, more than a strategy file's "
                           f"{MAX_CELLS:,}")
    wanted = {"header.npy", *(f"d{i}.npy" for i in range(len(shapes)))}
    if set(members) != wanted:
        odd = sorted(set(members) ^ wanted, key=lambda n: (len(n), n))
        which = "has an array no decision has" if odd[0] in members else "lacks the array of a decision"
        raise _error(path, f"its archive {which} ({brief(odd[0], 40)})")
    arrays: List[Array] = []
    for i, (shape, decision) in enumerate(zip(shapes, header.decisions)):
        probabilities = np.asarray(_npy(archive, f"d{i}.npy", shape, FLOATS), dtype=np.float64)
        problem = _distribution(probabilities, i, decision)
        if problem is not None:
            raise _error(path, problem)
        arrays.append(probabilities)
    return header, arrays


def _header_bytes(path: str, archive: zipfile.ZipFile) -> bytes:
    """The header's JSON: a one-dimensional array of bytes, of at most :data:`MAX_HEADER_BYTES`."""
    fmt = np.lib.format
    with archive.open("header.npy") as member:
        version = fmt.read_magic(member)
        reader = {(1, 0): fmt.read_array_header_1_0, (2, 0): fmt.read_array_header_2_0}.get(version)
        if reader is None:
            raise ValueError(f"header.npy: an array of format {version}, not 1.0 or 2.0")
        shape, _, dtype = reader(member, max_header_size=MAX_NPY_HEADER)
        if dtype.str != "|u1" or len(shape) != 1:
            raise ValueError(f"header.npy: not the header's bytes (an array of {dtype.str}, shape {brief(shape)})")
        if shape[0] > MAX_HEADER_BYTES:
            raise _error(path, f"a header of {shape[0]:,} bytes, more than the limit of {MAX_HEADER_BYTES:,}")
        data = member.read(shape[0])
        if len(data) != shape[0] or member.read(1):
            raise ValueError("header.npy: cut short, or longer than it says")
    return data


def check_against(strategy: "Strategy", rules: "Rules", path: str) -> None:
    """Hold a strategy read from ``path`` to the game's tree under ``rules``, with the file's own
    abstraction: the profile's pack, and the tree's decisions in its order, each with the same player,
    blindness and actions (so each array has the tree's shape). The walk of the tree stops at the first
    difference, and never goes past the file's number of decisions."""
    meta = strategy.meta
    pack = sorted(rules.ranking.ranker.cards)
    cards = sorted(int(c) for c in meta["cards"])
    if cards != pack:
        strangers = len(set(cards) - set(pack))
        raise _error(path, f"its pack is not the profile's: it lists {len(cards)} cards, {strangers} of them not in "
                           f"the profile's pack of {len(pack)}")
    listed = list(strategy.decisions.items())
    shapes = walk(rules, int(meta["max_raises"]), int(meta["levels"]), int(meta["max_bets"]), int(meta.get("seats", 2)),
                  strategy.war_cap)
    found = 0
    try:
        for found, shape in enumerate(shapes, start=1):
            if found > len(listed):
                raise _error(path, f"the tree of its options has more decisions than its {len(listed):,}")
            history, entry = listed[found - 1]
            if (history, entry.player, entry.blind, entry.actions) != tuple(shape):
                raise _error(path, f"decision {found} is not the tree's: {_difference(history, entry, shape)}")
    except Unsupported as exc:
        raise _error(path, f"the solver does not model this profile ({brief(exc, 120)})") from None
    if found != len(listed):
        raise _error(path, f"it has {len(listed):,} decisions, the tree of its options {found:,}")


def _difference(history: Tuple[str, ...], entry: Any, shape: Any) -> str:
    if history != shape.history:
        return f"after {brief(' / '.join(history) or 'nothing', 60)}, where the tree has " \
               f"{brief(' / '.join(shape.history) or 'nothing', 60)}"
    if entry.player != shape.player or entry.blind != shape.blind:
        return "another player's, or blind where the tree's is seen (or seen where it is blind)"
    return f"actions {brief(', '.join(entry.actions), 60)} where the tree has {brief(', '.join(shape.actions), 60)}"


def as_meta(header: StrategyHeader) -> Dict[str, Any]:
    """The header as a strategy keeps it (``Strategy.meta``): every field but the decisions."""
    meta = msgspec.structs.asdict(header)
    del meta["decisions"]
    return meta
