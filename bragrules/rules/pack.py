"""The pack area: jokers, ranks stripped from it, and when the pack is shuffled.

>>> from bragrules.profile.models import Profile
>>> jokers(Profile.model_validate({"pack": {"jokers": 2}, "ranking": {"wild": {"jokers": True}}}))
'the pack is the 52 cards and two jokers'
>>> stripped_ranks(Profile.model_validate({"pack": {"stripped_ranks": [2, 3, 4, 5, 6]}}))
'the pack is stripped of its twos, threes, fours, fives and sixes: 32 cards'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, FrozenSet, List, Literal, Tuple

from pydantic import BeforeValidator, Field, WithJsonSchema, field_validator

from bragrules.core.cards import JOKER_BASE, RANK_CHARS, RANK_PLURALS, CardError, parse_rank
from bragrules.core.i18n import ntr, tr
from bragrules.core.rule_id import Rule, field_rule
from bragrules.rules.area import Area, AreaText, FieldText, choice
from bragrules.rules.hooks import AreaPolicy
from bragrules.rules.words import join, number_said

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


class Pack(Area):
    """The pack and when it is shuffled."""

    jokers: int = Field(0, ge=0, le=2, description="Jokers added to the 52-card pack. Jokers must be wild (`ranking.wild.jokers: true`).")
    shuffle: Literal["every_deal", "after_prial_showdown", "after_showdown", "first_deal_only"] = Field(
        "every_deal",
        description="When the pack is shuffled. `every_deal`: before every deal; `after_prial_showdown`: "
        "before the first deal, then only after a showdown won by a prial; `after_showdown`: before the "
        "first deal, then only after a deal whose hands were seen, at any showdown (\"The cards are "
        "shuffled only if the last hand was seen\", critictiopresabces.netlify.app/13-card-brag); "
        "`first_deal_only`: only before the first deal. Between shuffles, folded and completed hands go "
        "under the pack in the order they are collected; retained blind hands stay out.",
    )
    stripped_ranks: List[
        Annotated[
            str,
            BeforeValidator(lambda v: str(v) if isinstance(v, int) and not isinstance(v, bool) else v),
            WithJsonSchema({"anyOf": [{"type": "integer", "minimum": 2, "maximum": 10},
                                      {"type": "string", "pattern": "^(?i:[2-9]|10|T|J|Q|K|A)$"}]}),
        ]
    ] = Field(
        default_factory=list,
        description="Ranks taken out of the pack, every suit of them: a stripped (short) pack, as in the "
        "Brag Hoyle describes in 1751, \"a version of Brag with a shortened pack\" ("
        "en.wikipedia.org/wiki/Brag_(card_game)), e.g. `[2, 3, 4, 5, 6]` for the 32 cards seven to ace. "
        "No hand holds a stripped card; the ranking is unchanged (runs are of ranks next to each "
        "other in the full pack, so with the twos to sixes out 7-8-9 is a run and A-2-3 is none); "
        "the pack must still hold every player's hand. `[]`: the full pack.",
    )

    @field_validator("stripped_ranks")
    @classmethod
    def _ranks(cls, value: List[str]) -> List[str]:
        ranks = []
        for text in value:
            try:
                rank = parse_rank(text)
            except CardError as exc:
                raise ValueError(str(exc)) from None
            if rank in ranks:
                raise ValueError(f"{text} is stripped twice")
            ranks.append(rank)
        if len(ranks) > 10:
            raise ValueError("a pack stripped of more than ten ranks holds no run of three: leave at least three ranks")
        return ["10" if RANK_CHARS[r] == "T" else RANK_CHARS[r] for r in sorted(ranks)]

# ---------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ShufflePolicy:
    """When the pack is shuffled before a deal.

    Before the first deal always; before a redeal always (the hands are
    gathered and shuffled again); otherwise as the profile says: every deal
    (000), after a showdown won by a prial (002: "Shuffle before the first
    deal, then only after a showdown won by a prial"), after any showdown
    ("The cards are shuffled only if the last hand was seen"), or never again.

    >>> policy = ShufflePolicy("after_prial_showdown")
    >>> policy.shuffle_before(False, False), policy.shuffle_before(False, True)
    (False, True)
    >>> ShufflePolicy("first_deal_only").shuffle_before(False, False, redeal=True)
    True
    >>> seen = ShufflePolicy("after_showdown")
    >>> seen.shuffle_before(False, False, last_showdown=True), seen.shuffle_before(False, False)
    (True, False)
    """

    kind: str

    def shuffle_before(self, first_deal: bool, last_won_by_prial_showdown: bool, redeal: bool = False,
                       last_showdown: bool = False) -> bool:
        """``last_showdown``: the deal before ended at a showdown (its hands were seen)."""
        if first_deal or redeal or self.kind == "every_deal":
            return True
        if self.kind == "after_prial_showdown":
            return last_won_by_prial_showdown
        if self.kind == "after_showdown":
            return last_showdown
        return False


JOKERS_RULE = field_rule("pack.jokers")
SHUFFLE_RULE = field_rule("pack.shuffle")
STRIPPED_RANKS_RULE = field_rule("pack.stripped_ranks")


def stripped_cards(ranks: List[str]) -> FrozenSet[int]:
    """The cards of the ranks stripped from the pack (every suit of each), as card numbers.

    >>> sorted(stripped_cards(["2"]))
    [0, 1, 2, 3]
    """
    return frozenset(parse_rank(r) * 4 + suit for r in ranks for suit in range(4))


@dataclass(frozen=True, slots=True)
class PackPolicy(AreaPolicy):
    """The pack as the engine asks it: its cards, its size and when it is shuffled.

    >>> from bragrules.profile.models import Profile
    >>> PackPolicy.compile(Profile.model_validate({"pack": {"jokers": 2}})).size
    54
    >>> short = PackPolicy.compile(Profile.model_validate({"pack": {"stripped_ranks": [2, 3, 4, 5, 6]}}))
    >>> short.size, short.holds(0), short.holds(51)
    (32, False, True)
    """

    jokers: int
    shuffle: ShufflePolicy
    stripped: FrozenSet[int] = frozenset()
    """The cards taken out of the pack (``pack.stripped_ranks``)."""

    @property
    def cards(self) -> Tuple[int, ...]:
        """The pack's cards as numbers, in the order of a new pack."""
        return tuple(c for c in range(JOKER_BASE + self.jokers) if c not in self.stripped)

    @property
    def size(self) -> int:
        return JOKER_BASE + self.jokers - len(self.stripped)

    def holds(self, card: int) -> bool:
        """Whether ``card`` is in this pack (a joker it has, a card not stripped)."""
        return 0 <= card < JOKER_BASE + self.jokers and card not in self.stripped

    def missing_rule(self, card: int) -> Tuple[Rule, str]:
        """The rule a card not in this pack breaks, and the words: a stripped rank, else the jokers."""
        if 0 <= card < JOKER_BASE and card in self.stripped:
            return STRIPPED_RANKS_RULE, f"the {RANK_PLURALS[card >> 2]} are stripped from this pack"
        return JOKERS_RULE, f"this pack has {self.size} cards"

    @classmethod
    def compile(cls, p: "Profile") -> "PackPolicy":
        return cls(p.pack.jokers, ShufflePolicy(p.pack.shuffle), stripped_cards(p.pack.stripped_ranks))



# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------


def jokers(p: "Profile") -> str:
    value = p.pack.jokers
    left = 52 - 4 * len(p.pack.stripped_ranks)
    cards = (tr("the {n} cards left once stripped", n=left) if p.pack.stripped_ranks
             else tr("the {n} cards", n=left))
    if not value:
        return tr("the pack is {cards}, without jokers", cards=cards)
    return ntr("the pack is {cards} and {jokers} joker", "the pack is {cards} and {jokers} jokers", value,
               cards=cards, jokers=number_said(value))


def stripped_ranks(p: "Profile") -> str:
    ranks = p.pack.stripped_ranks
    if not ranks:
        return "the pack is not stripped: every rank is in it"
    names = [RANK_PLURALS[parse_rank(r)] for r in ranks]
    return f"the pack is stripped of its {join(names)}: {52 - 4 * len(ranks)} cards"


SHUFFLE = choice(
    "pack.shuffle",
    lambda p: p.pack.shuffle,
    {
        "every_deal": "the pack is shuffled before every deal",
        "after_prial_showdown": "the pack is shuffled before the first deal, then only after a "
        "showdown won by a prial",
        "after_showdown": "the pack is shuffled before the first deal, then only after a deal whose "
        "hands were seen (any showdown)",
        "first_deal_only": "the pack is shuffled only before the first deal",
    },
    {"every_deal": "000", "after_prial_showdown": "002",
     "after_showdown": "13-card Brag (critictiopresabces.netlify.app/13-card-brag)", "first_deal_only": "house rule"},
)

TEXT = AreaText(
    key="pack",
    name="pack",
    title="The pack",
    fields=(
        FieldText("pack.jokers", lambda p: p.pack.jokers, jokers,
                  {"0": "002, 003", "*": "jokers as wild cards: 003's wild-card variant, house rule"}),
        SHUFFLE,
        FieldText("pack.stripped_ranks", lambda p: p.pack.stripped_ranks, stripped_ranks,
                  {"[]": "000, 002, 003", "*": "Hoyle's Brag of 1751 \"with a shortened pack\" "
                                             "(en.wikipedia.org/wiki/Brag_(card_game)); which ranks, a house's choice"},
                  later=True),
    ),
)
