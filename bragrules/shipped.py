"""The rankings of the shipped profiles, without reading and validating them.

``bragrules rank`` needs three things of a profile: its name, the jokers in
its pack and its ranking. For the shipped profiles these are recorded in
:mod:`bragrules._shipped_rankings`, each with the SHA-256 of the profile
files it is made of (the profile and the profiles it extends).
:func:`shipped_ranking` hashes those files as they are now and returns the
record only if nothing changed; otherwise (and for any name that is not a
shipped profile, or a name that is also a file or folder where it is run)
it returns ``None`` and the caller loads the profile in full
(:func:`~bragrules.profile.load_profile`), errors and all.

The record is written by ``python -m bragrules.shipped`` from the profiles
loaded in full; a test fails when it is out of date.

>>> record = shipped_ranking("standard")
>>> record.name, record.jokers, record.ranking.run_order
('standard', 0, 'a23_high')
>>> shipped_ranking("no-such-profile") is None
True
"""

from __future__ import annotations

import hashlib
import os
import stat
import sys
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

__all__ = ["RecordedRanking", "RecordedWild", "ShippedRanking", "render_records", "shipped_ranking"]

RECORDS_MODULE = "bragrules._shipped_rankings"


@dataclass(frozen=True)
class RecordedWild:
    """``ranking.wild`` as recorded (the fields :func:`~bragrules.ranking.compile_ranking` reads)."""

    cards: Tuple[str, ...]
    ranks: Tuple[str, ...]
    jokers: bool
    natural_beats_wild: bool


@dataclass(frozen=True)
class RecordedRanking:
    """A profile's ranking as recorded: the fields of :class:`~bragrules.profile.models.Ranking`.

    ``model_dump_json()`` gives back the JSON the validated ranking dumped,
    so a ranker compiled from the record is the one the model gives (and
    shares its cache entry).
    """

    category_order: Tuple[str, ...]
    prial_order: str
    run_order: str
    suits_break_ties: bool
    suit_order: Tuple[str, ...]
    wild: RecordedWild
    json: str

    def model_dump_json(self) -> str:
        return self.json


@dataclass(frozen=True)
class ShippedRanking:
    """What ``bragrules rank`` needs of a shipped profile."""

    name: str
    jokers: int
    ranking: RecordedRanking


def _profiles_dir() -> Optional[str]:
    """The folder of the shipped profiles, if they are plain files."""
    from importlib import import_module

    try:
        package = import_module("bragrules.profiles")
    except ImportError:  # pragma: no cover - a broken install
        return None
    where = getattr(package, "__file__", None)
    if not where:
        return None
    folder = os.path.dirname(where)
    return folder if os.path.isdir(folder) else None


def _digest(folder: str, chain: Tuple[str, ...]) -> Optional[str]:
    """SHA-256 of the files of ``chain`` (names of shipped profiles, parents first).

    ``None`` if one is missing or is not a regular file, or if a parent's
    bare name is itself a file or folder among the profiles (``extends``
    would then name that, not the shipped profile).
    """
    digest = hashlib.sha256()
    for index, name in enumerate(chain):
        if index < len(chain) - 1 and os.path.lexists(os.path.join(folder, name)):
            return None
        path = os.path.join(folder, name + ".yaml")
        try:
            if not stat.S_ISREG(os.stat(path).st_mode):
                return None
            with open(path, "rb") as handle:
                data = handle.read()
        except (OSError, ValueError):
            return None
        digest.update(f"{name}.yaml {len(data)}\n".encode("utf-8"))
        digest.update(data)
    return digest.hexdigest()


def _ranking_from(data: Dict[str, Any], text: str) -> RecordedRanking:
    wild = data["wild"]
    return RecordedRanking(
        category_order=tuple(data["category_order"]),
        prial_order=data["prial_order"],
        run_order=data["run_order"],
        suits_break_ties=data["suits_break_ties"],
        suit_order=tuple(data["suit_order"]),
        wild=RecordedWild(
            cards=tuple(wild["cards"]),
            ranks=tuple(wild["ranks"]),
            jokers=wild["jokers"],
            natural_beats_wild=wild["natural_beats_wild"],
        ),
        json=text,
    )


def shipped_ranking(name: str) -> Optional[ShippedRanking]:
    """The name, jokers and ranking of the shipped profile ``name`` as recorded.

    ``None`` unless ``name`` is a shipped profile whose files hash as
    recorded and nothing where it is run goes by that name (then
    :func:`~bragrules.profile.load_profile` would read that instead).
    """
    from importlib import import_module

    records: Dict[str, Dict[str, Any]] = import_module(RECORDS_MODULE).RECORDS
    record = records.get(name) if isinstance(name, str) else None
    if record is None:
        return None
    try:
        if os.path.lexists(name):
            return None
    except (OSError, ValueError):  # pragma: no cover - a name no file system takes
        return None
    folder = _profiles_dir()
    if folder is None or _digest(folder, tuple(record["chain"])) != record["sha256"]:
        return None
    import json

    text = record["ranking"]
    return ShippedRanking(record["name"], record["jokers"], _ranking_from(json.loads(text), text))


# ---------------------------------------------------------------------------
# Writing the record
# ---------------------------------------------------------------------------


def _records() -> Dict[str, Dict[str, Any]]:
    """The record of every shipped profile whose chain is made of shipped profiles, loaded in full."""
    from .profile import builtin_names, load_profile, resolve

    folder = _profiles_dir()
    if folder is None:
        raise RuntimeError("the shipped profiles are not plain files here")
    names = builtin_names()
    records: Dict[str, Dict[str, Any]] = {}
    for name in names:
        chain = tuple(resolve(name).chain)
        if not all(label in names for label in chain) or chain[-1] != name:
            continue
        digest = _digest(folder, chain)
        if digest is None:
            continue
        profile = load_profile(name)
        records[name] = {
            "chain": list(chain),
            "sha256": digest,
            "name": profile.name,
            "jokers": profile.pack.jokers,
            "ranking": profile.ranking.model_dump_json(),
        }
    return records


def render_records() -> str:
    """The text of :mod:`bragrules._shipped_rankings` for the profiles as they are."""
    lines: List[str] = [
        '"""The name, jokers and ranking of each shipped profile, and the hash of its files.',
        "",
        "Written by ``python -m bragrules.shipped``; do not edit (see :mod:`bragrules.shipped`).",
        '"""',
        "",
        "from typing import Any, Dict",
        "",
        "RECORDS: Dict[str, Dict[str, Any]] = {",
    ]
    for name, record in sorted(_records().items()):
        lines.append(f"    {name!r}: {{")
        lines.extend(f"        {key!r}: {value!r}," for key, value in record.items())
        lines.append("    },")
    lines.append("}")
    lines.append("")
    return "\n".join(lines)


def records_path() -> str:
    """Where :mod:`bragrules._shipped_rankings` lives in this checkout."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "_shipped_rankings.py")


def main(argv: Optional[List[str]] = None) -> int:
    """``python -m bragrules.shipped [--check]``: rewrite the record, or check that it is current."""
    args = sys.argv[1:] if argv is None else argv
    path = records_path()
    text = render_records()
    try:
        with open(path, encoding="utf-8") as handle:
            current = handle.read()
    except OSError:
        current = ""
    if args == ["--check"]:
        if current == text:
            print(f"{path} is up to date")
            return 0
        print(f"{path} is out of date: run python -m bragrules.shipped")
        return 1
    if args:
        print("usage: python -m bragrules.shipped [--check]", file=sys.stderr)
        return 2
    if current != text:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        print(f"wrote {path}")
    else:
        print(f"{path} is up to date")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
