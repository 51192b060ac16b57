"""A solved strategy: what each seat does at each decision of the tree, per hand; saved as ``.npz``.

The file holds one array per decision (a row per action, a column per hand, one column for
a blind decision) and a JSON header: the profile's name and hash, the abstraction (raise
cap, bet levels, bets in all, what a carried pot is worth), the pack's cards (hands are
numbered as ``itertools.combinations`` of them), and each decision's actions and history.

>>> import os, tempfile
>>> from bragrules.solver import solve
>>> from bragrules.profile.models import Profile
>>> short = Profile(pack={"stripped_ranks": list("23456789T")}, table={"min_players": 2, "max_players": 2})
>>> result = solve(short, iterations=10, max_raises=1, levels=1)
>>> path = os.path.join(tempfile.mkdtemp(), "short.npz")
>>> result.strategy.save(path)
>>> loaded = Strategy.load(path)
>>> loaded.profile_hash == result.strategy.profile_hash, len(loaded.decisions) == len(result.strategy.decisions)
(True, True)
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Tuple

from bragrules.solver.numeric import Array, np

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.profile.models import Profile
    from bragrules.rules.compile import Rules
    from bragrules.solver.cfr import CFR
    from bragrules.solver.mccfr import MultiwayCFR
    from bragrules.solver.tree import Tree

__all__ = ["Entry", "Strategy", "StrategyFileError", "game_hash"]

FORMAT = "bragrules-strategy/1"


def game_hash(profile: "Profile") -> str:
    """The key a strategy is filed and matched under: SHA-256 of the profile's canonical JSON less
    what does not change one heads-up deal (its name, description, source and parent, and the
    table's range of seats), so that a heads-up table of ``standard`` (``extends: standard``,
    ``table: {min_players: 2}``) plays the strategy solved for ``standard``.

    >>> from bragrules.profile import load_profile
    >>> from bragrules.profile.models import Profile
    >>> data = load_profile("standard").model_dump(mode="json")
    >>> data["table"]["min_players"], data["name"] = 2, "heads-up"
    >>> game_hash(Profile.model_validate(data)) == game_hash(load_profile("standard"))
    True
    >>> data["stakes"]["ante"] = 2
    >>> game_hash(Profile.model_validate(data)) == game_hash(load_profile("standard"))
    False
    """
    import hashlib

    data = profile.model_dump(mode="json")
    for words in ("name", "description", "source", "extends"):
        data.pop(words, None)
    table = dict(data.get("table") or {})
    table.pop("min_players", None)
    table.pop("max_players", None)
    data["table"] = table
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class StrategyFileError(ValueError):
    """A strategy file that cannot be read (the message says why)."""


@dataclass
class Entry:
    """One decision: whose (0 first to act, 1 the dealer), blind or not, its actions (texts with
    the seats named A and B), and the probabilities (a row per action, a column per hand)."""

    player: int
    blind: bool
    actions: List[str]
    probabilities: Array

    def row(self, hand: Optional[int]) -> Array:
        """The probability of each action for this hand (any hand when blind)."""
        column = 0 if self.blind or hand is None else hand
        return self.probabilities[:, column]


class Strategy:
    """Decisions by history (a tuple of action texts), and how hands are numbered."""

    def __init__(self, decisions: Dict[Tuple[str, ...], Entry], meta: Dict[str, Any],
                 tree: Optional["Tree"] = None) -> None:
        self.decisions = decisions
        self.meta = meta
        self.tree = tree
        cards = [int(c) for c in meta["cards"]]
        self.hand_index: Dict[Tuple[int, int, int], int] = {
            h: i for i, h in enumerate(itertools.combinations(sorted(cards), 3))}

    @property
    def profile_hash(self) -> str:
        return str(self.meta["profile_hash"])

    @property
    def game_hash(self) -> str:
        """The key of the game solved (:func:`game_hash`): what a profile must have to play this strategy."""
        return str(self.meta.get("game_hash", ""))

    @property
    def profile_name(self) -> str:
        return str(self.meta.get("profile", ""))

    @property
    def seats(self) -> int:
        """The seats the strategy was solved for (2: heads-up; 3 or 4: :mod:`bragrules.solver.mccfr`)."""
        return int(self.meta.get("seats", 2))

    @property
    def war_cap(self) -> str:
        """How its tree ends a war of three or more at the cap (:mod:`bragrules.solver.pool`): ``"fold"`` for a
        file that does not say (it was solved before there was a choice)."""
        return str(self.meta.get("war_cap") or "fold")

    def hand_of(self, cards: Sequence[int]) -> Optional[int]:
        """The column a hand plays: its own (heads-up), or its equity bucket (a strategy with buckets)."""
        a, b, c = sorted(int(x) for x in cards)
        found = self.hand_index.get((a, b, c))
        buckets = self.meta.get("buckets")
        if found is None or not buckets:
            return found
        return int(buckets[found])

    def entry(self, history: Sequence[str]) -> Optional[Entry]:
        return self.decisions.get(tuple(history))

    @classmethod
    def from_solver(cls, cfr: "CFR", profile: "Profile") -> "Strategy":
        from bragrules.profile.loader import profile_hash

        tree = cfr.tree
        decisions = {d.history: Entry(d.player, d.blind, [a.text for a in d.actions], cfr.average(d))
                     for d in tree.decisions}
        meta = {
            "format": FORMAT, "profile": profile.name, "profile_hash": profile_hash(profile),
            "game_hash": game_hash(profile),
            "max_raises": tree.max_raises, "levels": tree.levels, "max_bets": tree.max_bets,
            "carry_share": tree.carry_share, "iterations": cfr.iterations, "cards": list(cfr.space.cards),
            "notes": tree.notes,
        }
        return cls(decisions, meta, tree)

    @classmethod
    def from_multiway(cls, cfr: "MultiwayCFR", profile: "Profile") -> "Strategy":
        """The average strategy of a multiway solve (:mod:`bragrules.solver.mccfr`): a column per equity
        bucket, each hand's bucket, the seats and the seed in the header."""
        from bragrules.profile.loader import profile_hash

        tree = cfr.tree
        decisions = {d.history: Entry(d.player, d.blind, [a.text for a in d.actions], cfr.probabilities(d))
                     for d in tree.decisions}
        meta = {
            "format": FORMAT, "profile": profile.name, "profile_hash": profile_hash(profile),
            "game_hash": game_hash(profile), "seats": cfr.seats,
            "max_raises": tree.max_raises, "levels": tree.levels, "max_bets": tree.max_bets,
            "carry_share": tree.carry_share, "iterations": cfr.iterations, "cards": list(cfr.space.cards),
            "notes": tree.notes + [f"external-sampling MCCFR, seed {cfr.seed}; a seen hand is known by its equity "
                                   f"bucket, {cfr.n_buckets} equal slices of the hands by strength"],
            "n_buckets": cfr.n_buckets, "buckets": list(cfr.bucket_of), "seed": cfr.seed, "war_cap": tree.war_cap,
        }
        return cls(decisions, meta, tree)

    def save(self, path: str) -> None:
        """Write the strategy as ``.npz`` (numpy's zip of arrays, with the JSON header as one more)."""
        order = list(self.decisions.items())
        header = dict(self.meta)
        header["decisions"] = [{"history": list(h), "player": e.player, "blind": e.blind, "actions": e.actions}
                               for h, e in order]
        arrays: Dict[str, Array] = {f"d{i}": e.probabilities.astype(np.float16) for i, (_, e) in enumerate(order)}
        with open(path, "wb") as handle:
            arrays["header"] = np.frombuffer(json.dumps(header).encode("utf-8"), dtype=np.uint8)
            np.savez_compressed(handle, **arrays)

    @classmethod
    def load(cls, path: str) -> "Strategy":
        """Read a file written by :meth:`save`, every bound checked (:mod:`bragrules.solver.strategy_file`);
        :class:`StrategyFileError`, one line naming the file and what is wrong, when it is not one."""
        from bragrules.solver.strategy_file import as_meta, read_strategy_file

        header, arrays = read_strategy_file(path)
        decisions = {tuple(d.history): Entry(d.player, d.blind, list(d.actions), probabilities)
                     for d, probabilities in zip(header.decisions, arrays)}
        return cls(decisions, as_meta(header))

    def check_against(self, rules: "Rules", path: str) -> None:
        """:class:`StrategyFileError` unless this strategy, read from ``path``, is the tree of ``rules`` with
        its own abstraction: the same pack, decisions, players and actions
        (:func:`~bragrules.solver.strategy_file.check_against`)."""
        from bragrules.solver.strategy_file import check_against

        check_against(self, rules, path)
