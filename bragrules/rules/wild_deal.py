"""Wild cards chosen per deal or per hand: a joker dealt to each player, a hand's lowest (or highest)
rank, face-up centre cards.

Teen Patti's tables play wild cards that are not fixed by the profile but
decided at the table:

- ``ranking.wild.joker_each``: every player is dealt one joker besides
  their cards from the pack (Teen Patti Joker, mega888: "Use a deck of
  playing cards with a total of 52, excluding the "Joker cards" ... Each
  player is dealt with three cards, given "2 cards" and "1 Joker card"").
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

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, FrozenSet, List, Literal, Optional, Sequence, Tuple

from pydantic import Field, model_validator

from bragrules.core.cards import CARDS, JOKER_BASE, RANK_PLURALS
from bragrules.core.i18n import tr
from bragrules.core.rule_id import Rule, field_rule
from bragrules.rules.area import Area, Category, FieldText, choice
from bragrules.rules.wild_checks import check_profile, ranker_jokers, uses_wild_deal
from bragrules.rules.wild_pairs import KISS_MISS_SAMPLE, kiss_miss_reading, kiss_miss_words
from bragrules.rules.wild_select import (
    AT_MOST_RULE,
    Selector,
    WildSelect,
    at_most_words,
    centre_wild,
    expand,
    hand_picks,
    selector_sentence,
)
from bragrules.rules.wild_sums import adds_up, sum_reading, sum_wild
from bragrules.rules.words import CATEGORY_NAMES, join, number_said

if TYPE_CHECKING:
    from bragrules.core.cards import Card
    from bragrules.profile.models import Profile
    from bragrules.rules.ranking import HandRanker
    from bragrules.rules.ranking_spec import Evaluation

__all__ = [
    "FIELDS",
    "FROM_CENTRE_RULE",
    "JOKER_EACH_RULE",
    "KISS_MISS_RULE",
    "kiss_miss_reading",
    "kiss_miss_words",
    "OwnWildRanker",
    "PER_HAND_RULE",
    "WILD_DEAL_RULES",
    "WildChoice",
    "WildDealPolicy",
    "category_counts",
    "counted_hands",
    "check_profile",
    "ranker_jokers",
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
MEGA888_JOKER = "https://www.mega888.com.ph/game-list/teen-patti-joker-jili/"
ZEENEWS = "http://zeenews.india.com/entertainment/and-more/card-games-try-kissing-missing-this-diwali_122308.html"


class WildChoice(Area):
    """Wild cards decided per hand or per deal (the base of ``ranking.wild``)."""

    joker_each: bool = Field(
        False,
        description="Every player is dealt one joker besides their cards from the pack, the last card of the "
        "hand, written `Jk`: with three cards a hand, two come off the pack of 52 and the third is the "
        f"player's own joker, wild for them (Teen Patti Joker, {MEGA888_JOKER}: \"Use a deck of playing "
        "cards with a total of 52, excluding the \u201cJoker cards\u201d ... Each player is dealt with three "
        "cards, given \u201c2 cards\u201d and \u201c1 Joker card\u201d. The \u201cJoker card\u201d can replace "
        "with any kind of card\"). Needs a pack without jokers (`pack.jokers: 0`) and a betting format "
        "of one hand of three cards without an exchange.",
    )

    kiss_miss: bool = Field(
        False,
        description="Kissing-Missing: five cards are dealt; two of them that make a pair (a kiss) or two ranks "
        "one apart (a miss, such as 6 and 8; A and 3 too, the ace low as in A-2-3) together count as "
        "one joker, and one card more is discarded, so three play: the joker and two cards. The best "
        "reading plays, the hand's best three plain cards included (a hand without a kiss or a miss "
        f"plays its best three) ({ZEENEWS}: \"Each player gets five cards. If you get a pair, you "
        "consider it as one joker, and it is called kiss. And for miss, any two alternate numbers in "
        "a sequence (for example 6 and 8) will together be considered one joker. You have to discard "
        "one extra card out of the five, and play the game\"). Needs `format.cards_dealt: 5`, one "
        "hand, a betting format without an exchange and a pack without jokers.",
    )
    per_hand: Literal["none", "lowest_rank", "highest_rank"] = Field(
        "none",
        description="Wild cards chosen in each hand from its own cards, for that hand alone. `none`: no such "
        "wild card (the texts' game). `lowest_rank`: "
        "every card of the hand's lowest rank (aces high) is wild, Teen Patti's \"Lowest Joker\" "
        f"({CARDPARTYCLUB}: \"each player's lowest ranking card in his/her hand will become Joker. If "
        "lowest card is in pair, then that pair is considered as two Jokers\"; a hand of one rank is "
        f"all wild); `highest_rank`: the same with the highest rank ({TEENPATTI399}: \"High Card Joker: "
        "Each player's highest-ranking card (and all other cards of that same rank) are jokers\"; "
        f"{OCTRO}). Needs one hand of three cards, or of four of which the best three play (`format`).",
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
    select: List[WildSelect] = Field(
        default_factory=list,
        json_schema_extra={"maxItems": 4},
        description="Wild cards chosen at the table, as a list of selectors, each a source (the hand's lowest or "
        "highest rank; cards turned up in the centre by a relation: equal rank, the ranks between two, a whole "
        "suit, the ranks next to one; two cards of the hand a number of ranks apart that make one joker) (its "
        "fields are listed after this reference; docs/variants.md, \"Wild cards as selectors\", teaches them "
        "with the named variants written out). `per_hand`, `from_centre` and `kiss_miss` are shorthands for "
        "one selector each. `[]`: none beyond the shorthands. At most 4 entries.",
    )
    barred_from: List[Category] = Field(
        default_factory=list,
        description="Categories a wild card may not complete: a hand that would need a wild card standing for "
        "another card to be one of them reads as the best hand of the other categories (a wild card standing "
        "for itself is a natural card). The pages say tables disagree: \"two different home groups had opposite "
        "rules about the printed joker and sequences\" (https://www.tarczehamulcowe.com/blog/mastering-joker-"
        "sequence-teen-patti-winning-tips), and rummy's joker completes sets and sequences \"(except pure "
        "sequence)\" (https://springrummy.com/games-rules.php), so `[running_flush]`; `[run, running_flush]` bars "
        "every sequence. `[]`: a wild card completes any category. Not `high_card`.",
    )
    at_most: Optional[int] = Field(
        None, ge=1, le=3,
        description="At most this many cards of a hand are wild by the table's choice (`select`, `per_hand`, "
        "`from_centre`), the holder choosing which: with `1` and the Lowest Joker a pair of lowest cards is one "
        f"joker and a card standing for itself, where {CARDPARTYCLUB} counts it \"as two Jokers\". `null`: every "
        "card chosen is wild.",
    )

    @model_validator(mode="after")
    def _barred(self) -> "WildChoice":
        if len(set(self.barred_from)) != len(self.barred_from):
            raise ValueError("barred_from lists a category twice")
        if "high_card" in self.barred_from:
            raise ValueError("barred_from: every hand is at least a high card, which a wild card always completes")
        return self


JOKER_EACH_RULE: Rule = field_rule("ranking.wild.joker_each")
KISS_MISS_RULE: Rule = field_rule("ranking.wild.kiss_miss")
PER_HAND_RULE: Rule = field_rule("ranking.wild.per_hand")
FROM_CENTRE_RULE: Rule = field_rule("ranking.wild.from_centre")
SELECT_RULE: Rule = field_rule("ranking.wild.select")
WILD_DEAL_RULES: Tuple[Rule, ...] = (KISS_MISS_RULE, JOKER_EACH_RULE, PER_HAND_RULE, FROM_CENTRE_RULE, SELECT_RULE,
                                     AT_MOST_RULE)
"""Every rule of wild cards chosen at the table (a showdown they decided cites them; so does a wrong winner)."""


# ---------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WildDealPolicy:
    """Which cards are wild in a hand, given the deal's face-up centre cards: the one answer every part of
    the game asks (the showdown, ``rank``, the audit, the bots and the solver, through the comparer).

    ``selectors``: the profile's :class:`~bragrules.rules.wild_select.Selector` list, shorthands expanded;
    ``joker``: the joker dealt to each player (``joker_each``), or None; ``at_most``: how many of a hand's
    cards the table's choice may make wild (0: all). Built with :meth:`of`, which works out once what the
    selectors ask for (centre cards, the hand's own ranks, two cards that make one joker).

    >>> from bragrules.core.cards import parse_cards
    >>> policy = WildDealPolicy.of((Selector("centre", "rank", 1, (), "ranking.wild.from_centre"),))
    >>> wild = policy.deal_wild(parse_cards("8d"))
    >>> sorted(str(c) for c in wild)
    ['8c', '8d', '8h', '8s']
    >>> sorted(str(c) for c in policy.hand_wild(parse_cards("8h 3c Kd"), wild))
    ['8h']
    """

    selectors: Tuple[Selector, ...]
    joker: Optional[int] = None
    """The joker dealt to each player besides the cards from the pack (``joker_each``), or None."""
    at_most: int = 0
    from_centre: int = 0
    """How many face-up centre cards decide the deal's wild cards (0: none)."""
    by_hand: bool = False
    """Whether a hand's own ranks make some of its cards wild (``lowest_rank``, ``highest_rank``)."""
    kiss_miss: bool = False
    """Two of five cards (``steps`` ranks apart) make one joker: Kissing-Missing, Skip Sequence."""
    steps: Tuple[int, ...] = (0, 2)
    cards: int = 3
    """The cards of a hand: three, or four of which the best three play (a hand's own joker among four
    cards), or five (two cards that make one joker; cards adding up to a turned card)."""
    summing: bool = False
    """Cards adding up to the turned card make one joker, of five (``relation: sum``)."""

    @classmethod
    def of(cls, selectors: Tuple[Selector, ...], joker: Optional[int] = None, at_most: int = 0,
           cards: int = 3) -> "WildDealPolicy":
        """The policy of these selectors (what each asks for worked out once)."""
        pair = next((s for s in selectors if s.source == "pair"), None)
        return cls(selectors, joker, at_most, sum(s.turned for s in selectors if s.source == "centre"),
                   any(s.source in ("lowest_rank", "highest_rank") for s in selectors), pair is not None,
                   pair.steps if pair is not None else (0, 2), cards,
                   any(s.source == "centre" and s.relation == "sum" for s in selectors))

    @classmethod
    def compile(cls, p: "Profile") -> Optional["WildDealPolicy"]:
        """The policy of a profile; None when it chooses no wild card per hand or per deal."""
        if not uses_wild_deal(p):
            return None
        wild = p.ranking.wild
        return cls.of(expand(wild), JOKER_BASE if wild.joker_each else None, wild.at_most or 0, p.format.cards_dealt)

    def from_pack(self, cards: Sequence[int]) -> List[int]:
        """The cards that came off the pack (and go back under it): every card but the dealt joker."""
        joker = self.joker
        return [c for c in cards if c != joker] if joker is not None else list(cards)

    def missing_joker(self, hands: Sequence[Tuple[str, Optional[Sequence[int]]]]) -> Optional[str]:
        """The first player whose known hand does not end with the one joker dealt them (None: all do)."""
        joker = self.joker
        if joker is None:
            return None
        for player, hand in hands:
            if hand is not None and (not hand or hand[-1] != joker or list(hand).count(joker) != 1):
                return player
        return None

    @property
    def first_rule(self) -> Rule:
        """The rule of the first selector (what a hand of the wrong shape breaks)."""
        return self.selectors[0].rule if self.selectors else JOKER_EACH_RULE

    @property
    def rules(self) -> Tuple[Rule, ...]:
        """The rules this policy applies (what a showdown it decided cites)."""
        out: List[Rule] = [s.rule for s in self.selectors if s.source == "pair"]
        if self.joker is not None:
            out.append(JOKER_EACH_RULE)
        out.extend(s.rule for s in self.selectors if s.source != "pair")
        if self.at_most:
            out.append(AT_MOST_RULE)
        return tuple(dict.fromkeys(out))

    @property
    def replaced_on_fold(self) -> bool:
        """Whether a folder's cards replace the cards that decide the wild cards (``on_fold: replaced``)."""
        return any(s.on_fold == "replaced" for s in self.selectors)

    def deciding(self, centre: Sequence[int], folded: Sequence[Sequence[int]]) -> Sequence[int]:
        """The cards on the table that decide the deal's wild cards now: the centre's turned cards, or, where a
        folder's cards replace them (``on_fold: replaced``), the last hand folded.

        >>> from bragrules.core.cards import parse_cards
        >>> policy = WildDealPolicy.of((Selector("centre", "rank", 3, (), "ranking.wild.select", "replaced"),))
        >>> [str(c) for c in policy.deciding(parse_cards("3c 6d 7h"), [parse_cards("Kd 9s 2c")])]
        ['Kd', '9s', '2c']
        >>> [str(c) for c in policy.deciding(parse_cards("3c 6d 7h"), [])]
        ['3c', '6d', '7h']
        """
        if folded and self.replaced_on_fold:
            return folded[-1]
        return centre

    def deal_wild(self, centre: Sequence[int]) -> FrozenSet[int]:
        """The cards wild in every hand of a deal with these face-up centre cards (by each centre selector's
        relation)."""
        if not self.from_centre:
            return frozenset()
        return centre_wild(self.selectors, centre)

    def _candidates(self, hand: Sequence[int], deal_wild: FrozenSet[int]) -> List[int]:
        """The cards of ``hand`` the table's choice makes wild, before ``at_most``."""
        wild = [int(c) for c in hand if c in deal_wild]
        if self.by_hand:
            wild.extend(c for c in hand_picks(self.selectors, hand) if c not in wild)
        return wild

    def hand_wild(self, hand: Sequence[int], deal_wild: FrozenSet[int],
                  ranker: Optional["HandRanker"] = None) -> FrozenSet[int]:
        """The cards of ``hand`` wild in it: the deal's wild cards it holds, and its lowest (highest) rank
        (two cards that make one joker: those of its best reading); with ``at_most``, the best of them for
        its holder."""
        if self.kiss_miss:
            if ranker is None:
                raise ValueError("a Kissing-Missing hand's joker is read with its ranker")
            return frozenset(CARDS[c] for c in kiss_miss_reading(ranker, hand, self.steps)[1])
        if self.summing:
            if ranker is None:
                raise ValueError("the cards that add up to a joker are read with the hand's ranker")
            return sum_wild(ranker, hand, deal_wild)
        wild = self._candidates(hand, deal_wild)
        if self.at_most and len(wild) > self.at_most:
            if ranker is None:
                raise ValueError("the wild cards a hand keeps under ranking.wild.at_most are read with its ranker")
            best = max(itertools.combinations(wild, self.at_most),
                       key=lambda kept: self._valued(ranker, hand, frozenset(kept)))
            return frozenset(CARDS[c] for c in best)
        return frozenset(CARDS[c] for c in wild)

    def strength(self, ranker: "HandRanker", hand: Sequence[int], deal_wild: FrozenSet[int]) -> int:
        """The strength of a hand of three with its wild cards (bigger wins); Kissing-Missing: of five."""
        if self.kiss_miss:
            return kiss_miss_reading(ranker, hand, self.steps)[0]
        if self.summing:
            return sum_reading(ranker, hand, deal_wild)[0]
        return self._valued(ranker, hand, self.hand_wild(hand, deal_wild, ranker))

    @staticmethod
    def _valued(ranker: "HandRanker", hand: Sequence[int], wild: FrozenSet[int]) -> int:
        """The strength of three cards with these wild cards, or of the best three of four."""
        if len(hand) == 3:
            return ranker.wild_strength(hand, wild)
        return max(ranker.wild_strength(trio, wild) for trio in itertools.combinations(hand, 3))

    def decided(self, hands: Sequence[Sequence[int]], deal_wild: FrozenSet[int]) -> Tuple[Rule, ...]:
        """The rules that made a card wild in any of ``hands`` (cited by the showdown they decided)."""
        out: List[Rule] = []
        dealt = any(hands)
        if self.kiss_miss and dealt:
            out.extend(s.rule for s in self.selectors if s.source == "pair")
        if self.joker is not None and any(self.joker in hand for hand in hands):
            out.append(JOKER_EACH_RULE)
        for s in self.selectors:
            if s.source in ("lowest_rank", "highest_rank") and dealt:
                out.append(s.rule)
            elif s.source == "centre" and any(int(c) in deal_wild for hand in hands for c in hand):
                out.append(s.rule)
            elif s.relation == "sum" and any(adds_up(hand, deal_wild) for hand in hands if hand):
                out.append(s.rule)
        if self.at_most and any(len(self._candidates(hand, deal_wild)) > self.at_most for hand in hands if hand):
            out.append(AT_MOST_RULE)
        return tuple(dict.fromkeys(out))

    def hands(self, ranker: "HandRanker") -> List[Tuple[int, ...]]:
        """Every hand this rule deals from the pack (with the joker dealt to each player, if any)."""
        return _hands(self, ranker)

    def shares(self, ranker: "HandRanker", deal_wild: FrozenSet[int], seen: Sequence[int] = ()) -> List[int]:
        """Every hand's strength among the cards not ``seen``, sorted (a bot places its hand among them)."""
        out = []
        blocked = {int(c) for c in seen}
        for hand in self.hands(ranker):
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

    @staticmethod
    def applies(p: "Profile") -> bool:
        """Whether the profile's hands each hold wild cards of their own (the rulebook's table counts them)."""
        return p.ranking.wild.joker_each or any(s.source != "centre" for s in expand(p.ranking.wild))

    @classmethod
    def of(cls, p: "Profile") -> "OwnWildRanker":
        from bragrules.rules.ranking import compile_ranking

        policy = WildDealPolicy.compile(p)
        assert policy is not None
        from bragrules.rules.vocabulary import words_of

        ranker = compile_ranking(p.ranking, jokers=ranker_jokers(p), open_wild=True).named(words_of(p))
        return cls(ranker, policy)

    def _parse(self, cards: "Sequence[int] | str") -> List[int]:
        from bragrules.core.cards import parse_cards

        return [int(c) for c in (parse_cards(cards) if isinstance(cards, str) else cards)]

    def strength(self, cards: "Sequence[int] | str") -> int:
        return self.policy.strength(self.ranker, self._parse(cards), self._none)

    def category(self, strength: int) -> str:
        return self.ranker.category(strength)

    def all_hands(self) -> List[Tuple[int, ...]]:
        return self.policy.hands(self.ranker)

    def counts(self) -> Dict[str, int]:
        return category_counts(self.ranker, self.policy)

    def evaluate(self, cards: "Sequence[int] | str") -> "Evaluation":
        hand = self._parse(cards)
        return self.ranker.evaluate(hand, self.policy.hand_wild(hand, self._none, self.ranker))

    def describe(self, cards: "Sequence[int] | str") -> str:
        hand = self._parse(cards)
        if self.policy.kiss_miss:
            return kiss_miss_words(self.ranker, hand, self.policy.steps)
        return self.ranker.describe(hand, self.policy.hand_wild(hand, self._none, self.ranker))

    def examples(self) -> Dict[str, Tuple["Card", ...]]:
        """For each category, the middle hand of those this rule deals in it (with its own wild cards)."""
        by_category: Dict[str, List[Tuple[int, Tuple[int, ...]]]] = {}
        for hand in self.all_hands():
            strength = self.strength(hand)
            by_category.setdefault(self.category(strength), []).append((strength, hand))
        out: Dict[str, Tuple["Card", ...]] = {}
        for category, found in by_category.items():
            found.sort()
            middle = found[len(found) // 2][1]
            out[category] = (tuple(CARDS[c] for c in middle) if self.policy.kiss_miss
                             else self.evaluate(middle).played)
        return out


def _hands(policy: WildDealPolicy, ranker: "HandRanker") -> List[Tuple[int, ...]]:
    """The hands this rule deals: with a joker to each player, two cards of the pack and the joker;
    Kissing-Missing: a fixed sample of five-card holdings."""
    if policy.kiss_miss or policy.cards in (4, 5):
        import random

        rng = random.Random("bragrules kissing-missing" if policy.kiss_miss
                            else "bragrules four cards" if policy.cards == 4 else "bragrules cards adding up")
        pack = list(range(JOKER_BASE))
        return [tuple(rng.sample(pack, policy.cards)) for _ in range(KISS_MISS_SAMPLE)]
    joker = policy.joker
    if joker is None:
        return list(ranker.all_hands())
    return [(a, b, joker) for a, b in itertools.combinations(range(JOKER_BASE), 2)]


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
    for hand in policy.hands(ranker):
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
    {"none": "000, 002, 003", "lowest_rank": "house rule: Teen Patti's Lowest Joker (cardpartyclub.com, teenpatti399)",
     "highest_rank": "house rule: Teen Patti's high-card joker (teenpatti399, octro's Teen Patti tutorial)"},
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
        return tr("no centre card decides wild cards")
    return selector_sentence(Selector("centre", "rank", n, (), "ranking.wild.from_centre"))  # the same words


FROM_CENTRE = FieldText(
    "ranking.wild.from_centre", lambda p: p.ranking.wild.from_centre, from_centre,
    {"0": "000, 002, 003", "*": "house rule: Teen Patti's Jhandu and dirty tables (kaygamestp.com, 123patti)"},
    later=True,
)

JOKER_EACH = choice(
    "ranking.wild.joker_each",
    lambda p: p.ranking.wild.joker_each,
    {
        True: "each player is dealt a joker of their own besides their cards from the pack, the last card of "
              "the hand; it is wild for them",
        False: "no player is dealt a joker of their own",
    },
    {"false": "000, 002, 003", "true": "house rule: Teen Patti Joker (mega888's rules page)"},
)

KISS_MISS = choice(
    "ranking.wild.kiss_miss",
    lambda p: p.ranking.wild.kiss_miss,
    {
        True: "of the five cards dealt, a pair (a kiss) or two ranks one apart (a miss) may count together as "
              "one joker, and one more card is discarded, so that three play",
        False: "no two cards make a joker together",
    },
    {"false": "000, 002, 003", "true": "house rule: Kissing-Missing (zeenews.india.com)"},
)

def barred_words(p: "Profile") -> str:
    """What ``ranking.wild.barred_from`` says at the table.

    >>> from bragrules.profile.models import Profile
    >>> barred_words(Profile.model_validate({"ranking": {"wild": {"barred_from": ["run", "running_flush"]}}}))
    'a wild card never completes a run or a running flush: a hand that would need one reads as the best of the other categories'
    """
    barred = p.ranking.wild.barred_from
    if not barred:
        return "a wild card completes any category"
    return (f"a wild card never completes {join([f'a {CATEGORY_NAMES[c]}' for c in barred], 'or')}: a hand that "
            "would need one reads as the best of the other categories")


def select_words(p: "Profile") -> str:
    """What ``ranking.wild.select`` says at the table.

    >>> from bragrules.profile.models import Profile
    >>> select_words(Profile.model_validate({"ranking": {"wild": {"select": [{"source": "highest_rank"}]}}}))
    'in each hand the cards of its highest rank are wild, for that hand alone'
    >>> select_words(Profile())
    'no selector chooses wild cards beyond the named fields'
    """
    said = [selector_sentence(s) for s in expand(p.ranking.wild) if s.path == "ranking.wild.select"]
    return tr("; and ").join(said) if said else tr("no selector chooses wild cards beyond the named fields")


FIELDS: Tuple[FieldText, ...] = (
    FieldText(KISS_MISS.path, KISS_MISS.read, KISS_MISS.sentence, KISS_MISS.sources, KISS_MISS.in_play,
              KISS_MISS.choices, later=True),
    FieldText(JOKER_EACH.path, JOKER_EACH.read, JOKER_EACH.sentence, JOKER_EACH.sources, JOKER_EACH.in_play,
              JOKER_EACH.choices, later=True),
    FieldText(PER_HAND.path, PER_HAND.read, PER_HAND.sentence, PER_HAND.sources, PER_HAND.in_play,
              PER_HAND.choices, later=True),
    FROM_CENTRE,
    FieldText("ranking.wild.select", lambda p: p.ranking.wild.select, select_words,
              {"[]": "000, 002, 003", "*": "house rules: Teen Patti's jokers chosen at the table (varunvaswani."
               "blogspot.com, 123patti, cardpartyclub.com, kaygamestp.com, zeenews.india.com)"}, later=True),
    FieldText("ranking.wild.barred_from", lambda p: p.ranking.wild.barred_from, barred_words,
              {"[]": "000, 002, 003", "[running_flush]": "house rule: rummy's pure sequence (springrummy.com)",
               "*": "house rule: jokers and sequences (tarczehamulcowe.com: \"opposite rules\")"},
              lambda p: bool(p.ranking.wild.cards or p.ranking.wild.ranks or p.pack.jokers) or uses_wild_deal(p),
              later=True),
    FieldText("ranking.wild.at_most", lambda p: p.ranking.wild.at_most, lambda p: at_most_words(p.ranking.wild.at_most),
              {"null": "000, 002, 003; cardpartyclub.com (a pair of lowest cards is two jokers)",
               "*": "house rule: a hand's jokers counted"},
              lambda p: any(s.source != "pair" for s in expand(p.ranking.wild)), later=True),
)
"""The texts of the fields, in the ranking area's list."""


def counted_hands(p: "Profile") -> str:
    """What the rulebook's table of hands counts.

    >>> from bragrules.profile.models import Profile
    >>> counted_hands(Profile()), counted_hands(Profile.model_validate({"ranking": {"wild": {"from_centre": 1}}}))
    ('hands', "hands, before the centre's wild cards")
    """
    chosen = expand(p.ranking.wild)
    if any(s.source == "centre" for s in chosen):
        return tr("hands, before the centre's wild cards")
    if any(s.source == "pair" for s in chosen):
        return tr("five-card hands dealt at random")
    if p.format.cards_dealt == 4:
        return tr("four-card hands dealt at random")
    return tr("hands")


def rulebook_items(p: "Profile") -> List[str]:
    """The rulebook's lines on wild cards chosen at the table (none when the profile chooses none).

    >>> from bragrules.profile.models import Profile
    >>> rulebook_items(Profile.model_validate({"ranking": {"wild": {"per_hand": "lowest_rank"}}}))[0]
    'In each hand the cards of its lowest rank are wild, for that hand alone (a pair of them is two wild cards).'
    """
    from bragrules.rules.words import sentence

    items: List[str] = []
    wild = p.ranking.wild
    if wild.kiss_miss:
        items.append(sentence(KISS_MISS.sentence(p)))
        items.append(tr("For example 6♣ 8♦ K♥ K♠ 2♣: the six and the eight are a miss, one joker; with the two kings "
                        "it makes a prial of kings, and the two is discarded. The best reading plays; a hand with "
                        "neither a kiss nor a miss plays its best three cards."))
    if wild.joker_each:
        cards = p.format.cards_dealt - 1
        items.append(sentence(JOKER_EACH.sentence(p)))
        items.append(tr("So every hand is {count} cards of the pack and a joker: the pack is the 52 cards without "
                        "jokers, and the jokers are set aside again after each deal.", count=number_said(cards)))
    if wild.per_hand != "none":
        items.append(sentence(PER_HAND.sentence(p)))
        items.append(tr("For example A♠ K♥ K♣: both kings are wild, and the hand is a prial of aces; a hand of one "
                        "rank is all wild.") if wild.per_hand == "lowest_rank" else
                     tr("For example 6♣ 9♦ K♠: the king is wild, and the hand is a pair of nines; a hand of one rank "
                        "is all wild."))
    if wild.from_centre:
        items.append(sentence(from_centre(p)))
    items.extend(sentence(selector_sentence(s)) for s in expand(wild) if s.path == "ranking.wild.select")
    if any(s.relation == "sum" for s in expand(wild)):
        items.append(tr("For example, with a nine turned, 4♣ 5♦ K♥ K♠ 2♣: the four and the five add up to nine and "
                        "make one joker, which with the two kings makes three kings, and the two is discarded."))
    if wild.at_most is not None:
        items.append(sentence(at_most_words(wild.at_most)))
    if wild.barred_from:
        items.append(sentence(barred_words(p)))
    return items


def wild_ranks_text(ranks: Sequence[int]) -> str:
    """The wild ranks of a deal in words.

    >>> wild_ranks_text([6, 0])
    'eights and twos are wild'
    """
    return join([RANK_PLURALS[r] for r in ranks]) + " are wild"
