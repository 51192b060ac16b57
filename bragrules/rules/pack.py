"""The pack area: jokers, and when the pack is shuffled.

>>> from bragrules.profile.models import Profile
>>> jokers(Profile.model_validate({"pack": {"jokers": 2}, "ranking": {"wild": {"jokers": True}}}))
'the pack is the 52 cards and two jokers'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from bragrules.core.rule_id import field_rule
from bragrules.rules.area import Area, AreaText, FieldText, choice
from bragrules.rules.hooks import AreaPolicy
from bragrules.rules.words import number_word

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


@dataclass(frozen=True, slots=True)
class PackPolicy(AreaPolicy):
    """The pack as the engine asks it: its size and when it is shuffled.

    >>> from bragrules.profile.models import Profile
    >>> PackPolicy.compile(Profile.model_validate({"pack": {"jokers": 2}})).size
    54
    """

    jokers: int
    shuffle: ShufflePolicy

    @property
    def size(self) -> int:
        return 52 + self.jokers

    @classmethod
    def compile(cls, p: "Profile") -> "PackPolicy":
        return cls(p.pack.jokers, ShufflePolicy(p.pack.shuffle))



# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------


def jokers(p: "Profile") -> str:
    value = p.pack.jokers
    if not value:
        return "the pack is the 52 cards, without jokers"
    return f"the pack is the 52 cards and {number_word(value)} {'joker' if value == 1 else 'jokers'}"


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
    ),
)
