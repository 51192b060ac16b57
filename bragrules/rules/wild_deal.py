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

from pydantic import Field

from bragrules.core.cards import CARDS, JOKER_BASE, RANK_PLURALS
from bragrules.core.rule_id import Rule, field_rule
from bragrules.rules.area import Area, FieldText, choice
from bragrules.rules.words import join, number_word

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


JOKER_EACH_RULE: Rule = field_rule("ranking.wild.joker_each")
KISS_MISS_RULE: Rule = field_rule("ranking.wild.kiss_miss")
PER_HAND_RULE: Rule = field_rule("ranking.wild.per_hand")
FROM_CENTRE_RULE: Rule = field_rule("ranking.wild.from_centre")
WILD_DEAL_RULES: Tuple[Rule, ...] = (KISS_MISS_RULE, JOKER_EACH_RULE, PER_HAND_RULE, FROM_CENTRE_RULE)
"""Every rule of wild cards chosen at the table (a showdown they decided cites them; so does a wrong winner)."""


def ranker_jokers(p: "Profile") -> int:
    """The jokers the ranker must know: the pack's, or the one dealt to each player (``joker_each``)."""
    return 1 if p.ranking.wild.joker_each or p.ranking.wild.kiss_miss else p.pack.jokers


def uses_wild_deal(p: "Profile") -> bool:
    """Whether the profile chooses wild cards per hand or per deal."""
    wild = p.ranking.wild
    return wild.per_hand != "none" or wild.from_centre > 0 or wild.joker_each or wild.kiss_miss


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
    if not uses_wild_deal(p):
        return None
    if p.ranking.wild.kiss_miss:
        return _check_kiss_miss(p)
    return _check_three_cards(p)


Problem = Optional[Tuple[str, Tuple[str, ...], Dict[str, str]]]


def _check_kiss_miss(p: "Profile") -> Problem:
    wild, fmt = p.ranking.wild, p.format
    if fmt.cards_dealt != 5 or fmt.hands != 1:
        return ("Kissing-Missing is played with five cards, one hand (format.cards_dealt: 5, format.hands: 1)",
                ("ranking.wild.kiss_miss", "format.cards_dealt", "format.hands"), {"format.cards_dealt": "5"})
    if wild.joker_each or wild.per_hand != "none" or wild.from_centre:
        return ("Kissing-Missing makes its own joker: no other wild card is chosen at the table",
                ("ranking.wild.kiss_miss", "ranking.wild.joker_each", "ranking.wild.per_hand",
                 "ranking.wild.from_centre"), {"ranking.wild.kiss_miss": "false"})
    if fmt.discard_breaks_ties:
        return ("Kissing-Missing compares its hands' best readings: the discarded cards never break a tie",
                ("ranking.wild.kiss_miss", "format.discard_breaks_ties"), {"format.discard_breaks_ties": "false"})
    if p.pack.jokers or not wild.jokers or fmt.exchange.enabled or not fmt.betting:
        return ("Kissing-Missing needs a betting format without an exchange and a pack without jokers",
                ("ranking.wild.kiss_miss", "pack.jokers", "format.betting"), {"pack.jokers": "0"})
    return None


def _check_three_cards(p: "Profile") -> Problem:
    wild, fmt = p.ranking.wild, p.format
    path = ("ranking.wild.per_hand" if wild.per_hand != "none" else "ranking.wild.from_centre" if wild.from_centre
            else "ranking.wild.joker_each")
    if fmt.cards_dealt != 3 or fmt.hands != 1:
        return (f"wild cards chosen per {'deal' if path == 'ranking.wild.from_centre' else 'hand'} need one hand of "
                "three cards (format.cards_dealt: 3, format.hands: 1)", (path, "format.cards_dealt", "format.hands"),
                {"format.cards_dealt": "3"})
    if wild.joker_each and (p.pack.jokers or not wild.jokers):
        return ("a joker dealt to each player is not one of the pack's: the pack has none (pack.jokers: 0), and "
                "jokers are wild (ranking.wild.jokers: true)", ("ranking.wild.joker_each", "pack.jokers",
                                                               "ranking.wild.jokers"), {"pack.jokers": "0"})
    if wild.joker_each and (fmt.exchange.enabled or not fmt.betting):
        return ("a joker dealt to each player needs a betting format without an exchange with the centre",
                ("ranking.wild.joker_each", "format.exchange.enabled", "format.betting"),
                {"ranking.wild.joker_each": "false"})
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
    joker: Optional[int] = None
    """The joker dealt to each player besides the cards from the pack (``joker_each``), or None."""
    kiss_miss: bool = False
    """Kissing-Missing: two of five cards (a pair, or ranks one apart) make one joker."""

    @classmethod
    def compile(cls, p: "Profile") -> Optional["WildDealPolicy"]:
        """The policy of a profile; None when it chooses no wild card per hand or per deal."""
        if not uses_wild_deal(p):
            return None
        wild = p.ranking.wild
        return cls(wild.per_hand, wild.from_centre, JOKER_BASE if wild.joker_each else None, wild.kiss_miss)

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
    def rules(self) -> Tuple[Rule, ...]:
        """The rules this policy applies (what a showdown it decided cites)."""
        out: List[Rule] = []
        if self.kiss_miss:
            out.append(KISS_MISS_RULE)
        if self.joker is not None:
            out.append(JOKER_EACH_RULE)
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

    def hand_wild(self, hand: Sequence[int], deal_wild: FrozenSet[int],
                  ranker: Optional["HandRanker"] = None) -> FrozenSet[int]:
        """The cards of ``hand`` wild in it: the deal's wild cards it holds, and its lowest (highest) rank
        (Kissing-Missing: the two cards that make its joker in its best reading)."""
        if self.kiss_miss:
            if ranker is None:
                raise ValueError("a Kissing-Missing hand's joker is read with its ranker")
            return frozenset(CARDS[c] for c in kiss_miss_reading(ranker, hand)[1])
        wild = {CARDS[c] for c in hand if c in deal_wild}
        if self.per_hand != "none":
            ranks = [int(c) >> 2 for c in hand if int(c) < JOKER_BASE]
            if ranks:
                chosen = min(ranks) if self.per_hand == "lowest_rank" else max(ranks)
                wild.update(CARDS[c] for c in hand if int(c) < JOKER_BASE and int(c) >> 2 == chosen)
        return frozenset(wild)

    def strength(self, ranker: "HandRanker", hand: Sequence[int], deal_wild: FrozenSet[int]) -> int:
        """The strength of a hand of three with its wild cards (bigger wins); Kissing-Missing: of five."""
        if self.kiss_miss:
            return kiss_miss_reading(ranker, hand)[0]
        return ranker.wild_strength(hand, self.hand_wild(hand, deal_wild))

    def decided(self, hands: Sequence[Sequence[int]], deal_wild: FrozenSet[int]) -> Tuple[Rule, ...]:
        """The rules that made a card wild in any of ``hands`` (cited by the showdown they decided)."""
        out: List[Rule] = []
        if self.kiss_miss and any(hands):
            out.append(KISS_MISS_RULE)
        if self.joker is not None and any(self.joker in hand for hand in hands):
            out.append(JOKER_EACH_RULE)
        if self.per_hand != "none" and any(hands):
            out.append(PER_HAND_RULE)
        if self.from_centre and any(int(c) in deal_wild for hand in hands for c in hand):
            out.append(FROM_CENTRE_RULE)
        return tuple(out)

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
        wild = p.ranking.wild
        return wild.per_hand != "none" or wild.joker_each or wild.kiss_miss

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
        return self.ranker.evaluate(hand, self.policy.hand_wild(hand, self._none))

    def describe(self, cards: "Sequence[int] | str") -> str:
        hand = self._parse(cards)
        if self.policy.kiss_miss:
            return kiss_miss_words(self.ranker, hand)
        return self.ranker.describe(hand, self.policy.hand_wild(hand, self._none))

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


KISS_MISS_SAMPLE = 20_480
"""Five-card holdings sampled (the same every run) to place a Kissing-Missing hand among others."""


def _kisses(a: int, b: int) -> bool:
    """Whether two cards make a Kissing-Missing joker: a pair (kiss) or ranks one apart (miss; A and 3 too)."""
    ra, rb = a >> 2, b >> 2
    return ra == rb or abs(ra - rb) == 2 or {ra, rb} == {12, 1}


def kiss_miss_reading(ranker: "HandRanker", hand: Sequence[int]) -> Tuple[int, Tuple[int, ...], Tuple[int, ...]]:
    """A Kissing-Missing hand's best reading: (strength, the two cards made its joker (none: no joker),
    the two or three cards that play beside it). The ranker holds the joker (``Jk``) as a wild card.

    >>> from bragrules.core.cards import parse_cards
    >>> from bragrules.profile.models import Profile
    >>> from bragrules.rules.compile import compile_rules
    >>> rules = compile_rules(Profile.model_validate({"format": {"cards_dealt": 5}, "ranking": {"wild": {"kiss_miss": True}}}))
    >>> _, joker, plays = kiss_miss_reading(rules.ranking.ranker, parse_cards("6c 8d Kh Ks 2c"))
    >>> [str(CARDS[c]) for c in joker], [str(CARDS[c]) for c in plays]
    (['6c', '8d'], ['Kh', 'Ks'])
    """
    cards = [int(c) for c in hand]
    table = ranker.table
    stride2, stride = 54 * 54, 54
    best = -1
    joker_pair: Tuple[int, ...] = ()
    plays: Tuple[int, ...] = ()
    for a, b, c in itertools.combinations(cards, 3):
        strength = table[a * stride2 + b * stride + c]
        if strength > best:
            best, plays = strength, (a, b, c)
    joker = JOKER_BASE
    for i, j in itertools.combinations(range(len(cards)), 2):
        if not _kisses(cards[i], cards[j]):
            continue
        rest = [c for n, c in enumerate(cards) if n not in (i, j)]
        for x, y in itertools.combinations(rest, 2):
            strength = table[x * stride2 + y * stride + joker]
            if strength > best:
                best, joker_pair, plays = strength, (cards[i], cards[j]), (x, y)
    return best, joker_pair, plays


def kiss_miss_words(ranker: "HandRanker", hand: Sequence[int]) -> str:
    """A Kissing-Missing hand in words: its reading, the joker's two cards, the cards discarded.

    >>> from bragrules.core.cards import parse_cards
    >>> from bragrules.profile.models import Profile
    >>> from bragrules.rules.compile import compile_rules
    >>> rules = compile_rules(Profile.model_validate({"format": {"cards_dealt": 5}, "ranking": {"wild": {"kiss_miss": True}}}))
    >>> kiss_miss_words(rules.ranking.ranker, parse_cards("6c 8d Kh Ks 2c"))
    'prial of kings (6c 8d a miss, as Kc); 2c discarded'
    """
    _, pair, plays = kiss_miss_reading(ranker, hand)
    out = [c for c in (int(x) for x in hand) if c not in pair and c not in plays]
    gone = f"; {' '.join(str(CARDS[c]) for c in out)} discarded" if out else ""  # none left after a chosen discard
    if not pair:
        return f"{ranker.describe(list(plays))}{gone}"
    text = ranker.describe([*plays, JOKER_BASE])
    kind = "a kiss" if pair[0] >> 2 == pair[1] >> 2 else "a miss"
    made = f"{CARDS[pair[0]]} {CARDS[pair[1]]} {kind}"
    if "(Jk as " in text:
        text = text.replace("(Jk as ", f"({made}, as ")
    else:
        text = f"{text} ({made})"
    return f"{text}{gone}"


def _hands(policy: WildDealPolicy, ranker: "HandRanker") -> List[Tuple[int, ...]]:
    """The hands this rule deals: with a joker to each player, two cards of the pack and the joker;
    Kissing-Missing: a fixed sample of five-card holdings."""
    if policy.kiss_miss:
        import random

        rng = random.Random("bragrules kissing-missing")
        pack = list(range(JOKER_BASE))
        return [tuple(rng.sample(pack, 5)) for _ in range(KISS_MISS_SAMPLE)]
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
        return "no centre card decides wild cards"
    cards = f"{number_word(n)} card{'s' if n != 1 else ''}"
    their = "its rank" if n == 1 else "their ranks"
    return (f"after the deal {cards} {'is' if n == 1 else 'are'} turned face up in the centre for everyone to "
            f"see; every card of {their} is wild in every hand of that deal")


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

FIELDS: Tuple[FieldText, ...] = (
    FieldText(KISS_MISS.path, KISS_MISS.read, KISS_MISS.sentence, KISS_MISS.sources, KISS_MISS.in_play,
              KISS_MISS.choices, later=True),
    FieldText(JOKER_EACH.path, JOKER_EACH.read, JOKER_EACH.sentence, JOKER_EACH.sources, JOKER_EACH.in_play,
              JOKER_EACH.choices, later=True),
    FieldText(PER_HAND.path, PER_HAND.read, PER_HAND.sentence, PER_HAND.sources, PER_HAND.in_play,
              PER_HAND.choices, later=True),
    FROM_CENTRE,
)
"""The texts of the fields, in the ranking area's list."""


def counted_hands(p: "Profile") -> str:
    """What the rulebook's table of hands counts.

    >>> from bragrules.profile.models import Profile
    >>> counted_hands(Profile()), counted_hands(Profile.model_validate({"ranking": {"wild": {"from_centre": 1}}}))
    ('hands', "hands, before the centre's wild cards")
    """
    if p.ranking.wild.from_centre:
        return "hands, before the centre's wild cards"
    if p.ranking.wild.kiss_miss:
        return "five-card hands dealt at random"
    return "hands"


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
        items.append("For example 6♣ 8♦ K♥ K♠ 2♣: the six and the eight are a miss, one joker; with the two kings "
                     "it makes a prial of kings, and the two is discarded. The best reading plays; a hand with "
                     "neither a kiss nor a miss plays its best three cards.")
    if wild.joker_each:
        cards = p.format.cards_dealt - 1
        items.append(sentence(JOKER_EACH.sentence(p)))
        items.append(f"So every hand is {number_word(cards)} cards of the pack and a joker: the pack is the 52 "
                     "cards without jokers, and the jokers are set aside again after each deal.")
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
