"""Wild cards chosen per deal or per hand: a hand's lowest (or highest) rank, face-up centre cards.

Teen Patti's tables play wild cards that are not fixed by the profile but
decided at the table:

- ``ranking.wild.per_hand: lowest_rank`` (the "Lowest Joker"): in each
  hand, the cards of its lowest rank are wild for that hand alone
  (cardpartyclub: "each player's lowest ranking card in his/her hand will
  become Joker. If lowest card is in pair, then that pair is considered as
  two Jokers"); ``highest_rank`` the same with the highest rank (octro's
  high-card joker: "6-9-K ... K को 9 मान सकते हैं", the K may count as a 9).
- ``ranking.wild.from_centre: N``: after the deal N cards are turned face up
  in the centre, seen by everyone; every card of their ranks is wild for the
  deal (123patti's Jhandu and "dirty" tables, kaygames: "the dealer places
  one or more cards face-up in the center of the table. The value of these
  cards becomes the JOKER for all players").

The compiled :class:`WildDealPolicy` (None for a profile that uses neither,
so nothing is asked) says which cards are wild in one hand, given the
deal's centre, and values the hand with them through the ranker
(:meth:`~bragrules.rules.ranking.HandRanker.wild_strength`).

>>> from bragrules.core.cards import parse_cards
>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.ranking import compile_ranking
>>> p = Profile.model_validate({"ranking": {"wild": {"per_hand": "lowest_rank"}}})
>>> policy = WildDealPolicy.compile(p)
>>> hand = parse_cards("As Kh Kc")
>>> sorted(str(c) for c in policy.hand_wild(hand, frozenset()))
['Kc', 'Kh']
>>> ranker = compile_ranking(p.ranking, open_wild=True)
>>> ranker.describe(hand, policy.hand_wild(hand, frozenset()))
'prial of aces (Kc as Ad, Kh as Ac)'
>>> WildDealPolicy.compile(Profile()) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, FrozenSet, List, Literal, Optional, Sequence, Tuple

from pydantic import Field

from bragrules.core.cards import CARDS, JOKER_BASE, RANK_PLURALS
from bragrules.core.rule_id import Rule, field_rule
from bragrules.rules.area import Area, FieldText, choice
from bragrules.rules.words import join, number_word

if TYPE_CHECKING:
    from bragrules.profile.models import Profile
    from bragrules.rules.ranking import HandRanker
    from bragrules.rules.ranking_spec import Evaluation

__all__ = [
    "FIELDS",
    "FROM_CENTRE_RULE",
    "OwnWildRanker",
    "PER_HAND_RULE",
    "WildChoice",
    "WildDealPolicy",
    "category_counts",
    "check_profile",
    "rulebook_items",
    "uses_wild_deal",
]

# ---------------------------------------------------------------------------
# The model (the fields of ``ranking.wild`` chosen at the table)
# ---------------------------------------------------------------------------

CARDPARTYCLUB = "https://cardpartyclub.com/variation-rules/"
OCTRO = "https://teenpatti.octro.com/variations/hindi-tutorial.html"
TEENPATTI399 = "http://teenpatti399.blogspot.com/2014/02/variations-jokers.html"
DIRTY = "https://123patti.framer.website/dirty"
KAYGAMES = "https://kaygamestp.com/jhandu.html"


class WildChoice(Area):
    """Wild cards decided per hand or per deal (the base of ``ranking.wild``)."""

    per_hand: Literal["none", "lowest_rank", "highest_rank"] = Field(
        "none",
        description="Wild cards chosen in each hand from its own cards, for that hand alone. `lowest_rank`: "
        "every card of the hand's lowest rank (aces high) is wild, Teen Patti's \"Lowest Joker\" "
        f"({CARDPARTYCLUB}: \"each player's lowest ranking card in his/her hand will become Joker. If "
        "lowest card is in pair, then that pair is considered as two Jokers\"; a hand of one rank is "
        f"all wild); `highest_rank`: the same with the highest rank ({TEENPATTI399}: \"High Card Joker: "
        "Each player's highest-ranking card (and all other cards of that same rank) are jokers\"; "
        f"{OCTRO}). Needs one hand of three cards (`format`).",
    )
    from_centre: int = Field(
        0,
        ge=0,
        le=3,
        description="Cards turned face up in the centre after the deal, seen by everyone and recorded in the "
        "log; every card of their ranks is wild in every hand of that deal (Jhandu, "
        f"{KAYGAMES}: \"the dealer places one or more cards face-up in the center of the table. The "
        "value of these cards becomes the JOKER for all players ... Some variations use two or three "
        f"Jhandu cards\"; the \"dirty\" tables of {DIRTY}: \"3 cards are placed face-up in the center "
        "of the table. These will serve as potential jokers\"). `0`: none. Needs a betting format "
        "of one hand of three cards without an exchange.",
    )


PER_HAND_RULE: Rule = field_rule("ranking.wild.per_hand")
FROM_CENTRE_RULE: Rule = field_rule("ranking.wild.from_centre")


def uses_wild_deal(p: "Profile") -> bool:
    """Whether the profile chooses wild cards per hand or per deal."""
    wild = p.ranking.wild
    return wild.per_hand != "none" or wild.from_centre > 0


def check_profile(p: "Profile") -> Optional[Tuple[str, Tuple[str, ...], Dict[str, str]]]:
    """What is wrong with the profile's wild cards chosen at the table, if anything: (message, fields, fixes).

    >>> from bragrules.profile.models import Format, Profile
    >>> from pydantic import ValidationError
    >>> try:
    ...     Profile.model_validate({"ranking": {"wild": {"per_hand": "lowest_rank"}}, "format": {"cards_dealt": 4}})
    ... except ValidationError as exc:
    ...     print(exc.errors()[0]["msg"])
    Value error, ranking.wild.per_hand: wild cards chosen per hand need one hand of three cards (format.cards_dealt: 3, format.hands: 1)
    """
    wild, fmt = p.ranking.wild, p.format
    if not uses_wild_deal(p):
        return None
    path = "ranking.wild.per_hand" if wild.per_hand != "none" else "ranking.wild.from_centre"
    if fmt.cards_dealt != 3 or fmt.hands != 1:
        return (f"wild cards chosen per {'hand' if wild.per_hand != 'none' else 'deal'} need one hand of three "
                "cards (format.cards_dealt: 3, format.hands: 1)", (path, "format.cards_dealt", "format.hands"),
                {"format.cards_dealt": "3"})
    if wild.from_centre and (fmt.exchange.enabled or not fmt.betting):
        return ("wild cards from the centre need a betting format without an exchange with the centre",
                ("ranking.wild.from_centre", "format.exchange.enabled", "format.betting"),
                {"ranking.wild.from_centre": "0"})
    return None


# ---------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WildDealPolicy:
    """Which cards are wild in a hand, given the deal's face-up centre cards.

    ``per_hand``: ``"none"``, ``"lowest_rank"`` or ``"highest_rank"``; ``from_centre``: how many centre cards
    decide the deal's wild ranks.

    >>> from bragrules.core.cards import parse_cards
    >>> policy = WildDealPolicy("none", 1)
    >>> wild = policy.deal_wild(parse_cards("8d"))
    >>> sorted(str(c) for c in wild)
    ['8c', '8d', '8h', '8s']
    >>> sorted(str(c) for c in policy.hand_wild(parse_cards("8h 3c Kd"), wild))
    ['8h']
    """

    per_hand: str
    from_centre: int

    @classmethod
    def compile(cls, p: "Profile") -> Optional["WildDealPolicy"]:
        """The policy of a profile; None when it chooses no wild card per hand or per deal."""
        if not uses_wild_deal(p):
            return None
        return cls(p.ranking.wild.per_hand, p.ranking.wild.from_centre)

    @property
    def rules(self) -> Tuple[Rule, ...]:
        """The rules this policy applies (what a showdown it decided cites)."""
        out: List[Rule] = []
        if self.per_hand != "none":
            out.append(PER_HAND_RULE)
        if self.from_centre:
            out.append(FROM_CENTRE_RULE)
        return tuple(out)

    def deal_wild(self, centre: Sequence[int]) -> FrozenSet[int]:
        """The cards wild in every hand of a deal with these face-up centre cards: every card of their ranks."""
        if not self.from_centre:
            return frozenset()
        ranks = {int(c) >> 2 for c in centre if int(c) < JOKER_BASE}
        return frozenset(CARDS[r * 4 + s] for r in ranks for s in range(4))

    def hand_wild(self, hand: Sequence[int], deal_wild: FrozenSet[int]) -> FrozenSet[int]:
        """The cards of ``hand`` wild in it: the deal's wild cards it holds, and its lowest (highest) rank."""
        wild = {CARDS[c] for c in hand if c in deal_wild}
        if self.per_hand != "none":
            ranks = [int(c) >> 2 for c in hand if int(c) < JOKER_BASE]
            if ranks:
                chosen = min(ranks) if self.per_hand == "lowest_rank" else max(ranks)
                wild.update(CARDS[c] for c in hand if int(c) < JOKER_BASE and int(c) >> 2 == chosen)
        return frozenset(wild)

    def strength(self, ranker: "HandRanker", hand: Sequence[int], deal_wild: FrozenSet[int]) -> int:
        """The strength of a hand of three with its wild cards (bigger wins)."""
        return ranker.wild_strength(hand, self.hand_wild(hand, deal_wild))

    def decided(self, hands: Sequence[Sequence[int]], deal_wild: FrozenSet[int]) -> Tuple[Rule, ...]:
        """The rules that made a card wild in any of ``hands`` (cited by the showdown they decided)."""
        out: List[Rule] = []
        if self.per_hand != "none" and any(hands):
            out.append(PER_HAND_RULE)
        if self.from_centre and any(int(c) in deal_wild for hand in hands for c in hand):
            out.append(FROM_CENTRE_RULE)
        return tuple(out)

    def shares(self, ranker: "HandRanker", deal_wild: FrozenSet[int], seen: Sequence[int] = ()) -> List[int]:
        """Every hand's strength among the cards not ``seen``, sorted (a bot places its hand among them)."""
        out = []
        blocked = {int(c) for c in seen}
        for hand in ranker.all_hands():
            if blocked.intersection(hand):
                continue
            out.append(self.strength(ranker, hand, deal_wild))
        out.sort()
        return out


class OwnWildRanker:
    """The hands of the pack as ``per_hand`` values them, each with its own wild cards, for the rulebook's
    table of hands (examples, counts, the best and the lowest): what it reads of a ranker.

    >>> from bragrules.profile.models import Profile
    >>> own = OwnWildRanker.of(Profile.model_validate({"ranking": {"wild": {"per_hand": "highest_rank"}}}))
    >>> own.describe("6c 9d Ks"), own.counts()["high_card"]
    ('pair of nines, six kicker (Ks as 9c)', 0)
    """

    def __init__(self, ranker: "HandRanker", policy: WildDealPolicy) -> None:
        self.ranker = ranker
        self.policy = policy
        self.category_order = ranker.category_order
        self.wild: FrozenSet[int] = frozenset()  # no card is wild by itself: the hand decides
        self._none: FrozenSet[int] = frozenset()

    @classmethod
    def of(cls, p: "Profile") -> "OwnWildRanker":
        from bragrules.rules.ranking import compile_ranking

        policy = WildDealPolicy.compile(p)
        assert policy is not None
        return cls(compile_ranking(p.ranking, jokers=p.pack.jokers, open_wild=True), policy)

    def _parse(self, cards: "Sequence[int] | str") -> List[int]:
        from bragrules.core.cards import parse_cards

        return [int(c) for c in (parse_cards(cards) if isinstance(cards, str) else cards)]

    def strength(self, cards: "Sequence[int] | str") -> int:
        return self.policy.strength(self.ranker, self._parse(cards), self._none)

    def category(self, strength: int) -> str:
        return self.ranker.category(strength)

    def all_hands(self) -> List[Tuple[int, int, int]]:
        return self.ranker.all_hands()

    def counts(self) -> Dict[str, int]:
        return category_counts(self.ranker, self.policy)

    def evaluate(self, cards: "Sequence[int] | str") -> "Evaluation":
        hand = self._parse(cards)
        return self.ranker.evaluate(hand, self.policy.hand_wild(hand, self._none))

    def describe(self, cards: "Sequence[int] | str") -> str:
        hand = self._parse(cards)
        return self.ranker.describe(hand, self.policy.hand_wild(hand, self._none))


def category_counts(ranker: "HandRanker", policy: WildDealPolicy) -> Dict[str, int]:
    """Hands of the pack in each category with the wild cards chosen per hand (``per_hand``).

    Exact: every three-card hand of the pack, valued with its own wild cards.

    >>> from bragrules.profile.models import Profile
    >>> from bragrules.rules.ranking import compile_ranking
    >>> p = Profile.model_validate({"ranking": {"wild": {"per_hand": "lowest_rank"}}})
    >>> counts = category_counts(compile_ranking(p.ranking, open_wild=True), WildDealPolicy.compile(p))
    >>> counts["prial"], sum(counts.values())
    (3796, 22100)
    """
    counts = {c: 0 for c in ranker.category_order}
    none: FrozenSet[int] = frozenset()
    for hand in ranker.all_hands():
        counts[ranker.category(policy.strength(ranker, hand, none))] += 1
    return counts


# ---------------------------------------------------------------------------
# The sentences and the rulebook
# ---------------------------------------------------------------------------

PER_HAND = choice(
    "ranking.wild.per_hand",
    lambda p: p.ranking.wild.per_hand,
    {
        "none": "no card is wild because of the hand it is in",
        "lowest_rank": "in each hand the cards of its lowest rank are wild, for that hand alone (a pair of "
                       "them is two wild cards)",
        "highest_rank": "in each hand the cards of its highest rank are wild, for that hand alone",
    },
    {"none": "000, 002, 003", "lowest_rank": f"Teen Patti's Lowest Joker: {CARDPARTYCLUB}, {TEENPATTI399}",
     "highest_rank": f"Teen Patti's high-card joker: {TEENPATTI399}, {OCTRO}"},
)


def from_centre(p: "Profile") -> str:
    """What ``ranking.wild.from_centre`` says at the table.

    >>> from bragrules.profile.models import Profile
    >>> from_centre(Profile.model_validate({"ranking": {"wild": {"from_centre": 1}}}))
    'after the deal one card is turned face up in the centre for everyone to see; every card of its rank is wild in every hand of that deal'
    >>> from_centre(Profile())
    'no centre card decides wild cards'
    """
    n = p.ranking.wild.from_centre
    if not n:
        return "no centre card decides wild cards"
    cards = f"{number_word(n)} card{'s' if n != 1 else ''}"
    their = "its rank" if n == 1 else "their ranks"
    return (f"after the deal {cards} {'is' if n == 1 else 'are'} turned face up in the centre for everyone to "
            f"see; every card of {their} is wild in every hand of that deal")


FROM_CENTRE = FieldText(
    "ranking.wild.from_centre", lambda p: p.ranking.wild.from_centre, from_centre,
    {"0": "000, 002, 003", "*": f"Teen Patti's Jhandu and dirty tables: {KAYGAMES}, {DIRTY}"},
    later=True,
)

FIELDS: Tuple[FieldText, ...] = (
    FieldText(PER_HAND.path, PER_HAND.read, PER_HAND.sentence, PER_HAND.sources, PER_HAND.in_play,
              PER_HAND.choices, later=True),
    FROM_CENTRE,
)
"""The texts of the fields, in the ranking area's list."""


def rulebook_items(p: "Profile") -> List[str]:
    """The rulebook's lines on wild cards chosen at the table (none when the profile chooses none).

    >>> from bragrules.profile.models import Profile
    >>> rulebook_items(Profile.model_validate({"ranking": {"wild": {"per_hand": "lowest_rank"}}}))[0]
    'In each hand the cards of its lowest rank are wild, for that hand alone (a pair of them is two wild cards).'
    """
    from bragrules.rules.words import sentence

    items: List[str] = []
    wild = p.ranking.wild
    if wild.per_hand != "none":
        items.append(sentence(PER_HAND.sentence(p)))
        which = "lowest" if wild.per_hand == "lowest_rank" else "highest"
        example = ("A♠ K♥ K♣: both kings are wild, and the hand is a prial of aces" if which == "lowest"
                   else "6♣ 9♦ K♠: the king is wild, and the hand is a pair of nines")
        items.append(f"For example {example}; a hand of one rank is all wild.")
    if wild.from_centre:
        items.append(sentence(from_centre(p)))
    return items


def wild_ranks_text(ranks: Sequence[int]) -> str:
    """The wild ranks of a deal in words.

    >>> wild_ranks_text([6, 0])
    'eights and twos are wild'
    """
    return join([RANK_PLURALS[r] for r in ranks]) + " are wild"
