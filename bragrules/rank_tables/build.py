"""Write the tables of :mod:`bragrules.rank_tables` from the compiler: ``python -m bragrules.rank_tables.build --write``.

For every shipped profile whose comparer needs no card of the deal (``comparer.wild`` is None), every
three-card hand of the 54 cards is read with :func:`~bragrules.engine.reading.read_hand` under the
profile's compiled rules, and what it gives is written down; profiles whose tables come out the same share
one gzipped file (named by the SHA-256 of its content). ``--check`` exits 1 when the files here differ from what
the compiler builds now (a profile or the ranking changed without regenerating); the tests check the same.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import itertools
import json
import sys
from typing import Any, Dict, List, Optional, Sequence

from bragrules.core.cards import CARDS
from bragrules.core.errors import RuleViolation
from bragrules.rank_tables import HERE, INDEX, PERMUTATIONS, profiles_dir

Files = Dict[str, str]
"""What :func:`build` gives: each file's name and its text."""


def table_data(comparer: Any) -> Dict[str, Any]:
    """What a table holds: every three-card hand of the 54 cards as ``read_hand`` reads it under ``comparer``.

A hand the comparer reads differently in another order of its cards (two jokers standing for cards that
tie, each named as given) is left out, as is a hand the pack does not hold: the compiler reads those.

    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> data = table_data(compile_rules(load_profile("standard")).comparer)
    >>> len(data["hands"]) == 3 * 24804, data["strengths"], data["special"]
    (True, 741, False)
    """
    from bragrules.engine.reading import read_hand

    ranker = comparer.ranker
    hands: List[int] = []
    descriptions: Dict[str, int] = {}
    upsets: Dict[str, List[Any]] = {}
    for cards in itertools.combinations(CARDS, 3):
        try:
            reading = read_hand(comparer, cards)
        except (ValueError, RuleViolation):  # not a hand of this pack: the compiler says why
            hands.extend((-1, -1, -1))
            continue
        if reading.wild and any(read_hand(comparer, other) != reading  # two jokers read in the order given
                                for other in itertools.permutations(cards) if other != cards):
            hands.extend((-1, -1, -1))
            continue
        assert reading.key == (reading.strength,) and not reading.discarded, reading
        order = PERMUTATIONS.index(tuple(cards.index(c) for c in reading.played))
        wild = sum(1 << i for i, card in enumerate(reading.played) if card in reading.wild)
        words = descriptions.setdefault(reading.description, len(descriptions))
        hands.extend((reading.strength, words, order * 16 + (8 if reading.natural else 0) + wild))
        if reading.beats is not None:
            upsets[str(reading.strength)] = list(reading.beats)
    strengths = ranker.distinct_strengths()
    categories = list(dict.fromkeys(ranker.category(s) for s in range(strengths)))
    named = set(categories) | {beats[0] for beats in upsets.values()}
    return {
        "strengths": strengths,
        "discard_breaks_ties": comparer.discard_breaks_ties,
        "special": comparer.special,
        "words": {category: ranker.words.hand(category) for category in sorted(named)},
        "categories": categories,
        "category_of": [categories.index(ranker.category(s)) for s in range(strengths)],
        "upsets": upsets,
        "descriptions": list(descriptions),
        "hands": hands,
    }


def _text(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"


def _files_of(name: str) -> Optional[Files]:
    """The digest of each file ``name`` is read from (itself and what it extends), or None when one of them is
    not a shipped profile's file."""
    from bragrules.profile import builtin_names
    from bragrules.profile.loader import resolve

    shipped = set(builtin_names())
    folder = profiles_dir()
    found: Files = {}
    for label in resolve(name).chain:
        path = folder / f"{label}.yaml"
        if label not in shipped or not path.is_file():
            return None
        found[path.name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def build(names: Optional[Sequence[str]] = None) -> Files:
    """Every file of the record, built from the compiler: ``index.json`` and one table per ranking."""
    from bragrules.profile import builtin_names, load_profile
    from bragrules.profile.loader import profile_hash
    from bragrules.rules.compile import compile_rules
    from bragrules.rules.wild_checks import uses_wild_deal

    files: Files = {}
    profiles: Dict[str, Any] = {}
    by_ranking: Dict[str, str] = {}  # a ranking's JSON (its profile's ranking, pack and words) -> its file
    for name in names if names is not None else builtin_names():
        profile = load_profile(name)
        sources = _files_of(name)
        if uses_wild_deal(profile) or sources is None:  # wild cards chosen per deal or per hand: no table
            continue
        rules = compile_rules(profile)
        same = json.dumps([profile.ranking.model_dump(mode="json"), profile.pack.model_dump(mode="json"),
                           rules.words.hands, rules.comparer.discard_breaks_ties], sort_keys=True)
        table = by_ranking.get(same)
        if table is None:
            text = _text(table_data(rules.comparer))
            table = by_ranking[same] = f"table-{hashlib.sha256(text.encode()).hexdigest()[:16]}.json.gz"
            files[table] = text
        profiles[name] = {"name": profile.name, "profile_hash": profile_hash(profile), "files": sources,
                          "table": table}
    files[INDEX] = json.dumps({"profiles": profiles}, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    return files


def written() -> Files:
    """The files of the record as they are here (the tables uncompressed)."""
    found = {path.name: path.read_text(encoding="utf-8") for path in sorted(HERE.glob("*.json"))}
    found.update((path.name, gzip.decompress(path.read_bytes()).decode()) for path in sorted(HERE.glob("*.json.gz")))
    return found


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bragrules.rank_tables.build", description=__doc__)
    parser.add_argument("--write", action="store_true", help="write the files (removing tables no longer used)")
    parser.add_argument("--check", action="store_true", help="exit 1 when the files differ from the compiler's")
    options = parser.parse_args(argv)
    files = build()
    if options.write:
        for path in HERE.glob("table-*"):
            if path.name not in files:
                path.unlink()
        sizes = 0
        for name, text in files.items():
            data = text.encode()
            if name.endswith(".gz"):  # the same bytes for the same text: no time in the header
                data = gzip.compress(data, compresslevel=9, mtime=0)
            (HERE / name).write_bytes(data)
            sizes += len(data)
        print(f"wrote {len(files)} files ({sizes:,} bytes) to {HERE}")
        return 0
    stale = sorted(set(files) ^ set(written()) | {n for n, t in written().items() if files.get(n) != t})
    if stale:
        print("out of date: " + ", ".join(stale) + " (python -m bragrules.rank_tables.build --write)")
        return 1
    print(f"{len(files)} files as the compiler builds them")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
