"""The ranking area: how three-card hands rank, and wild cards.

The model and the texts are here; :mod:`bragrules.rules.ranking` compiles a
ranking into one strength per hand (the table the engine looks hands up in).

>>> from bragrules.profile.models import Profile
>>> PRIAL_ORDER.sentence(Profile())
'3-3-3 is the best prial, then A-A-A, K-K-K down to 2-2-2'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Dict, List, Literal, Optional, Sequence, Tuple, Union, cast

from pydantic import BeforeValidator, ConfigDict, Field, WithJsonSchema, field_validator, model_validator

from bragrules.core.cards import CARDS, Card
from bragrules.core.money import pretty_money
from bragrules.core.rule_id import field_rule
from bragrules.rules.area import (
    STANDARD_CATEGORY_ORDER,
    STANDARD_SUIT_ORDER,
    Area,
    AreaText,
    Category,
    FieldText,
    Money,
    Section,
    SuitName,
    choice,
)
from bragrules.rules.hooks import AreaPolicy
from bragrules.rules.wild_deal import FIELDS as WILD_DEAL_FIELDS
from bragrules.rules.wild_deal import (
    OwnWildRanker,
    WildChoice,
    WildDealPolicy,
    counted_hands,
    rulebook_items,
    uses_wild_deal,
)
from bragrules.rules.words import CATEGORY_NAMES, capitalise, cards_text, join, rank_plural, sentence

if TYPE_CHECKING:
    from bragrules.profile.models import Profile
    from bragrules.rules.ranking import HandRanker

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


RANK_PATTERN = r"^\s*([2-9TJQKAtjqka]|10)\s*$"
"""A rank as :func:`bragrules.core.cards.parse_rank` reads it, for the schema."""
CARD_PATTERN = (
    r"^\s*(([2-9TJQKAtjqka]|10)[cdhsCDHS♣♧♦♢♥♡♠♤]|[Jj][Kk][12]?|[Jj][Oo][Kk][Ee][Rr]|🃏)\s*$"
)
"""A card as :func:`bragrules.core.cards.parse_card` reads it, for the schema.

>>> import re
>>> from bragrules.core.cards import CardError, parse_card
>>> def reads(text):
...     try:
...         parse_card(text)
...         return True
...     except CardError:
...         return False
>>> all(bool(re.match(CARD_PATTERN, t)) == reads(t) for t in ("Jc", "10h", "th", "K♣", "Jk2", "joker", "11h", "1c", "Zz", "Jk3"))
True
"""


class Wild(WildChoice):
    """Wild cards, which stand for any card the holder likes.

    A wild card stands for any card that is not already in the hand (two wild
    cards never stand for the same card): with twos wild, A♥ 2♥ 4♥ is the flush
    A-K-4, never an "A-A-4 flush". 003 says only "某些牌（如 2）可以当任意牌" (some
    cards, such as the 2s, may be any card). There are none by default.
    """

    cards: List[Annotated[str, WithJsonSchema({"type": "string", "pattern": CARD_PATTERN})]] = Field(
        default_factory=list,
        description="Named wild cards, such as the traditional \"braggers\" J♣, 9♦ and A♦: `[Jc, 9d, Ad]`.",
    )
    ranks: List[
        Annotated[
            str,
            BeforeValidator(lambda v: str(v) if isinstance(v, int) and not isinstance(v, bool) else v),
            WithJsonSchema(
                {"anyOf": [{"type": "integer", "minimum": 2, "maximum": 10}, {"type": "string", "pattern": RANK_PATTERN}]}
            ),
        ]
    ] = Field(
        default_factory=list, description="Wild ranks: every card of these ranks is wild, e.g. `[2]` for twos wild (`[\"2\"]` reads "
        "the same)."
    )
    jokers: bool = Field(True, description="Whether jokers in the pack (`pack.jokers`) are wild. Must be true when the pack has "
        "jokers.")
    natural_beats_wild: Union[bool, List[Category]] = Field(
        True,
        description="A natural hand beats an otherwise equal hand made with wild cards; `false` ranks them "
        "equal; a list of categories: only in those (Hoyle, http://www.childrensnursery.org.uk/hoyles-games/"
        "hoyle-games%20-%200341.htm: \"only natural pairs-royal are to precede artificial ones ... though a natural "
        "pair does not supersede an artificial one made by help of a favourite\", so `[prial]`).",
    )
    cards_ranked: bool = Field(
        False,
        description="Whether the named wild cards (`ranking.wild.cards`) rank in the order listed, the first "
        "highest: of two hands otherwise equal, the one whose lowest wild card ranks higher wins (a wild rank or "
        "a joker ranks below every named card). Maximapedia (http://www.maximapedia.com/b/brag.html): \"Sometimes "
        "the knave of diamonds is allowed the same privilege, but is inferior to the club knave; e.g. two threes "
        "and the club would beat the other two threes and the diamond.\"",
    )

    @model_validator(mode="after")
    def _cards_parse(self) -> "Wild":
        from bragrules.core.cards import parse_card, parse_rank

        cards = [parse_card(text) for text in self.cards]
        if len(set(cards)) != len(cards):
            raise ValueError("a wild card is named twice")
        ranks = [parse_rank(text) for text in self.ranks]
        if len(set(ranks)) != len(ranks):
            raise ValueError("a wild rank is named twice")
        if isinstance(self.natural_beats_wild, list) and len(set(self.natural_beats_wild)) != len(
                self.natural_beats_wild):
            raise ValueError("natural_beats_wild lists a category twice")
        return self


def _rank_text(value: object) -> object:
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


RankText = Annotated[
    str,
    BeforeValidator(_rank_text),
    WithJsonSchema({"anyOf": [{"type": "integer", "minimum": 2, "maximum": 10}, {"type": "string", "pattern": RANK_PATTERN}]}),
]
"""A rank as a profile writes it: ``2`` to ``10``, ``J``, ``Q``, ``K``, ``A`` (``"10"`` reads the same as ``10``)."""


class SpecialHand(Area):
    """One hand of three ranks that the ranking treats specially (Zha Jin Hua's 2-3-5).

    >>> SpecialHand(ranks=[2, 3, 5], suited=False, beats="prial").place
    'beats_only'
    """

    model_config = ConfigDict(**Area.model_config, json_schema_extra={"examples": [
        {"ranks": [2, 3, 5], "suited": False, "beats": "prial", "place": "beats_only"},
        {"ranks": [2, 3, 5], "suited": True, "beats": "running_flush", "place": "tops"},
        {"ranks": [2, 3, 5], "suited": False, "ante_back": True},
    ]})

    ranks: List[RankText] = Field(
        json_schema_extra={"minItems": 3, "maxItems": 3},
        description="The three ranks of the hand, in any order: `[2, 3, 5]`.",
    )
    suited: Optional[bool] = Field(
        None, description="`true`: only when all three cards are of one suit; `false`: only when they are not; "
        "`null`: either."
    )
    beats: Optional[Category] = Field(
        None, description="The category of hands it beats; `null`: none (a hand that only has its ante back)."
    )
    place: Literal["beats_only", "tops"] = Field(
        "beats_only",
        description="`beats_only`: it beats every hand of that category and keeps its own place against every "
        "other hand (Zha Jin Hua: \"Special > Leopard\", and \"Special < Random\", onecybertech); `tops`: it ranks "
        "as the best hand of that category, above the rest of it (3patti.com: \"235 flush is the highest straight "
        "flush (higher than the AKQ flush)\").",
    )

    ante_back: bool = Field(
        False,
        description="Whether its holder, shown and beaten at a showdown, has the ante back from the pot's "
        "winners (https://www.casino-online.in/teen-patti-rules-ranking-of-the-cards/: \"The lowest possible "
        "card is 2, 3 and 5 and for this according to some Teen Patti players the Boot amount is even returned\").",
    )

    @model_validator(mode="after")
    def _hand(self) -> "SpecialHand":
        from bragrules.core.cards import parse_rank

        if self.beats is None and not self.ante_back:
            raise ValueError("a special hand beats a category (beats), has its ante back (ante_back), or both")
        if len(self.ranks) != 3:
            raise ValueError("a special hand names three ranks")
        ranks = [parse_rank(text) for text in self.ranks]
        if self.suited and len(set(ranks)) < 3:
            raise ValueError("a special hand with a repeated rank cannot be all of one suit")
        return self

    def rank_values(self) -> Tuple[int, int, int]:
        """The ranks, 0 (two) to 12 (ace), highest first.

        >>> SpecialHand(ranks=[2, 3, 5], beats="prial").rank_values()
        (3, 1, 0)
        """
        from bragrules.core.cards import parse_rank

        a, b, c = sorted((parse_rank(text) for text in self.ranks), reverse=True)
        return a, b, c


def _points_keys(value: object) -> object:
    if isinstance(value, dict):
        return {_rank_text(k): v for k, v in value.items()}
    return value


class Points(Area):
    """Hands valued by a count of the cards' points instead of by category (Teen Patti's 999, 31).

    >>> Points(values={"A": 1, "K": 0, "Q": 0, "J": 0, "10": 0}, read="digits").value_of_rank(12)
    1
    """

    values: Annotated[Dict[str, int], BeforeValidator(_points_keys)] = Field(
        default_factory=dict,
        description="Points of the ranks that do not count their face value (face value: 2 to 10 as numbered, "
        "J, Q and K ten, A eleven), e.g. `{A: 1, K: 0, Q: 0, J: 0, 10: 0}` for 999.",
    )
    read: Optional[Literal["digits", "sum"]] = Field(
        None,
        description="`null`: hands rank by category, not by points; `digits`: each card is one digit, the digits read highest first as a three-digit number, "
        "nearest 999 wins (teenpatticlub.app: \"you are allowed to change the order of your cards ... 9-K-4 ... "
        "940\"); `sum`: the points added up, the highest total wins.",
    )
    one_suit: bool = Field(
        False, description="Whether only cards of one suit count together (31: the best suit's total)."
    )
    three_of_a_kind: Optional[Money] = Field(
        None,
        description="With `one_suit`: what three cards of one rank count, whatever their suits, when that is more "
        "than their best suit's total (31 as Stop the Bus: unoonline.co/stop-the-bus, \"You can also get 30 points "
        "for three of a kind!\"; thehouseofcards.com, \"Three-of-a-kind is worth 30 points\"; ronveenstra.com, "
        "\"three of a kind ... is automatically worth 30.5 points\": `30½`, so it beats every total but 31). "
        "A whole number or a half. `null`: three of a kind counts as any three cards.",
    )

    @model_validator(mode="after")
    def _values(self) -> "Points":
        from bragrules.core.cards import parse_rank

        for text, value in self.values.items():
            parse_rank(text)
            if value < 0:
                raise ValueError("points are never negative")
            if self.read == "digits" and value > 9:
                raise ValueError(f"a digit is 0 to 9, not {value} (points.read: digits)")
        prial = self.three_of_a_kind
        if prial is not None:
            if self.read != "sum" or not self.one_suit:
                raise ValueError("points.three_of_a_kind is a value of 31: it needs read: sum and one_suit: true")
            if prial <= 0 or (prial * 2).denominator != 1 or prial > 99:
                raise ValueError(f"points.three_of_a_kind is a whole number or a half from ½ to 99, not {prial}")
        if self.read == "digits":
            for rank in range(13):
                if self.value_of_rank(rank) > 9:
                    raise ValueError("points.read: digits needs every rank to count 0 to 9 (give `values` for 10, J, Q, K and A)")
        return self

    def value_of_rank(self, rank: int) -> int:
        """The points of a rank (0 = two, 12 = ace)."""
        from bragrules.core.cards import parse_rank

        for text, value in self.values.items():
            if parse_rank(text) == rank:
                return value
        return 11 if rank == 12 else min(rank + 2, 10)


class Ranking(Area):
    """How three-card hands are ranked.

    All three texts agree on the standard order: prial (three of a kind) >
    running flush > run > flush > pair > high card; 3-3-3 is the best prial;
    A-2-3 the best run.
    """

    category_order: List[Category] = Field(
        default_factory=lambda: list(STANDARD_CATEGORY_ORDER),
        json_schema_extra={"uniqueItems": True, "minItems": 1, "contains": {"const": "high_card"}},
        description="The hand categories from highest to lowest. Must end with `high_card`; a category left "
        "out counts as high card. Older orders put flush above run, or count only prials and "
        "pairs: `[prial, pair, high_card]`.",
    )
    prial_order: Literal[
        "twos_high", "threes_high", "fours_high", "fives_high", "sixes_high", "sevens_high", "eights_high",
        "nines_high", "tens_high", "jacks_high", "queens_high", "kings_high", "ace_high",
    ] = Field(
        "threes_high",
        description="The order of prials. `threes_high`: 3-3-3 best, then A-A-A, K-K-K down to 2-2-2; "
        "`ace_high`: A-A-A best, plain order; any other rank the same way, that rank's prial best and the rest "
        "in plain order (`twos_high`, `fours_high`, `fives_high`, `sixes_high`, `sevens_high`, `eights_high`, "
        "`nines_high`, `tens_high`, `jacks_high`, `queens_high`, `kings_high`; `sevens_high`: the Nerve Centre's Seven-Card Brag, "
        "http://nerve.pokerknave.com/2012/04/02/3-card-brag-tournament/: \"the highest ranking pryle ... three 7's "
        "in the Seven Card Brag game ... followed by three Aces, three Kings etc down to three 2's\").",
    )
    run_order: Literal["a23_high", "akq_high", "akq_a23"] = Field(
        "a23_high",
        description="The order of runs and running flushes. `a23_high`: A-2-3 best, then A-K-Q, K-Q-J down to "
        "4-3-2; `akq_high`: A-K-Q best, A-2-3 lowest; `akq_a23`: A-K-Q best, A-2-3 second, then K-Q-J down to "
        "4-3-2 (https://www.casino-online.in/teen-patti-rules-ranking-of-the-cards/: \"A, K, Q of the same suit ... "
        "is the highest possible pure sequence. Then comes A, 2, 3 and then K, Q, J and so on\"). K-A-2 is never "
        "a run.",
    )
    suits_break_ties: bool = Field(
        False, description="Whether suits decide between hands of equal rank (002: \"Suits never break ties\"). "
        "Flushes and high cards are compared card by card from the top, pairs by the pair then "
        "the kicker, before suits are considered."
    )
    suit_order: List[SuitName] = Field(
        default_factory=lambda: list(STANDARD_SUIT_ORDER),
        json_schema_extra={"uniqueItems": True, "minItems": 4, "maxItems": 4},
        description="Suits from highest to lowest, each once; used when `ranking.suits_break_ties` is true or "
        "`seeing.tie` is `suits`.",
    )
    suits_before_kickers: bool = Field(
        False,
        description="With `ranking.suits_break_ties`: pairs of equal rank are decided by the suit of the higher "
        "card of the pair, the odd card ignored (pagat, http://www.pagat.com/invented/multiple_brag.html: \"When "
        "comparing pairs, you compare the highest card in the pairs, ignoring the odd cards\").",
    )
    lowball: bool = Field(
        False,
        description="Whether the weakest hand wins: every comparison of hands is reversed, wild cards standing "
        "for what makes a hand weakest (Muflis, https://teenpatticlub.app/variation.html: \"the ranking of hand "
        "is reversed. The worst hand (high card) has becomes the best hand\"; https://cardpartyclub.com/"
        "variation-rules/: \"player with the weakest 3-Patti hand will win the game\").",
    )
    special_hands: List[SpecialHand] = Field(
        default_factory=list,
        description="Hands that beat one category outside the usual order: Zha Jin Hua's unsuited 2-3-5 over a "
        "leopard (prial) and only a leopard (http://slackerblud.com/Gamecenter/wmcobrazwm.html: \"235 is the "
        "smallest three cards of Zhajinhua, and the leopard is the biggest ... the smallest can eat the biggest\"), "
        "or a suited 2-3-5 as the top pure sequence (http://www.3patti.com/TEEN_PATTI_RANKING_OF_HANDS.html). "
        "When several hands are compared and each is beaten by another, a special hand that beats a hand "
        "present counts above that hand's category (http://dayujiemeng.com/taxing/154/154633/1158416.html: "
        "\"特殊牌型在普通时比较大小按单张牌型来算。当豹子存在时，特殊牌型 > 豹子\", a special hand compares as a high "
        "card, and when a leopard is present it beats the leopard).",
    )
    points: Points = Field(
        default_factory=Points,
        description="Hands valued by points instead of categories: 999, or 31 in one suit.",
    )
    wild: Wild = Field(default_factory=Wild, description="Wild cards.")

    @model_validator(mode="after")
    def _combined(self) -> "Ranking":
        if self.suits_before_kickers and not self.suits_break_ties:
            raise ValueError("suits_before_kickers needs suits_break_ties: true")
        for special in self.special_hands:
            if special.beats is not None and special.beats not in self.category_order:
                raise ValueError(f"a special hand beats {special.beats}, which category_order does not rank")
        keys = [(special.rank_values(), special.suited) for special in self.special_hands]
        if len(set(keys)) != len(keys):
            raise ValueError("a special hand is named twice")
        if self.points.read is not None and self.special_hands:
            raise ValueError("special hands need categories; points rank hands without them")
        return self

    @field_validator("category_order")
    @classmethod
    def _category_order(cls, value: List[Category]) -> List[Category]:
        if len(set(value)) != len(value):
            raise ValueError("category_order lists a category twice")
        if not value or value[-1] != "high_card":
            raise ValueError("category_order must end with high_card")
        return value

    @field_validator("suit_order")
    @classmethod
    def _suit_order(cls, value: List[SuitName]) -> List[SuitName]:
        if sorted(value) != sorted(STANDARD_SUIT_ORDER):
            raise ValueError("suit_order must list each of the four suits once")
        return value

@dataclass(frozen=True, slots=True)
class RankingPolicy(AreaPolicy):
    """The hand ranking as the engine asks it: the compiled ranker, and the one that counts suits."""

    ranker: "HandRanker"
    suit_ranker: "HandRanker"
    """The ranker with suits breaking ties (``seeing.tie: suits``); the ranker itself otherwise."""
    wild_deal: Optional[WildDealPolicy] = None
    """Wild cards chosen per deal or per hand (:mod:`bragrules.rules.wild_deal`); None when there are none."""

    @property
    def ante_back(self) -> Optional[Tuple[Tuple[Tuple[int, int, int], Optional[bool]], ...]]:
        """The special hands whose holder, beaten at a showdown, has the ante back: ``(ranks, suited)``
        each (ranks highest first); None when there are none (nothing to look at).

        >>> from bragrules.rules.ranking import compile_ranking
        >>> r = compile_ranking(Ranking.model_validate({"special_hands": [
        ...     {"ranks": [2, 3, 5], "suited": False, "ante_back": True}]}))
        >>> RankingPolicy(r, r).ante_back
        (((3, 1, 0), False),)
        """
        specials = self.ranker.spec.special_hands
        if not specials:
            return None
        found = tuple((s.rank_values(), s.suited) for s in specials if s.ante_back)
        return found or None

    def gets_ante_back(self, cards: "Sequence[Card]") -> bool:
        """Whether three cards are a hand whose holder has the ante back when beaten at a showdown."""
        found = self.ante_back
        if found is None or len(cards) != 3:
            return False
        ranks = tuple(sorted((int(c) >> 2 for c in cards), reverse=True))
        suited = len({int(c) & 3 for c in cards}) == 1 and all(int(c) < 52 for c in cards)
        return any(ranks == r and (s is None or s == suited) for r, s in found)


# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------


def has_wild(p: "Profile") -> bool:
    """Whether any card is wild: named, by rank, or a joker in the pack."""
    return bool(p.ranking.wild.cards or p.ranking.wild.ranks or p.pack.jokers) or uses_wild_deal(p)


def category_order(p: "Profile") -> str:
    value = p.ranking.category_order
    names = [CATEGORY_NAMES[c] for c in value]
    text = "hands rank, from highest: " + ", ".join(names)
    missing = [CATEGORY_NAMES[c] for c in CATEGORY_NAMES if c not in value]
    if missing:
        text += f" ({join(missing, 'or')} not ranked: such hands count as the best listed category they make, or high card)"
    return text


def suit_order(p: "Profile") -> str:
    text = "suits rank " + ", ".join(p.ranking.suit_order) + ", highest first"
    if not p.ranking.suits_break_ties and p.seeing.tie != "suits":
        text += " (used only when suits decide ties)"
    return text


def wild_cards(p: "Profile") -> str:
    value = p.ranking.wild.cards
    if not value:
        return "no card is wild by name"
    return f"the {cards_text(value)} {'is' if len(value) == 1 else 'are'} wild"


def wild_ranks(p: "Profile") -> str:
    value = p.ranking.wild.ranks
    if not value:
        return "no rank is wild"
    return "all " + join([rank_plural(r) for r in value]) + " are wild"


def wild_jokers(p: "Profile") -> str:
    text = "jokers are wild" if p.ranking.wild.jokers else "jokers are not wild"
    if not p.pack.jokers:
        text += " (the pack has none)"
    return text


CATEGORY_ORDER_RULE = field_rule("ranking.category_order")
SPECIAL_HANDS_RULE = field_rule("ranking.special_hands")
SUITS_BREAK_TIES_RULE = field_rule("ranking.suits_break_ties")

_RANK_SPELLED = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_PRIAL_ORDERS = ("twos_high", "threes_high", "fours_high", "fives_high", "sixes_high", "sevens_high",
                 "eights_high", "nines_high", "tens_high", "jacks_high", "queens_high", "kings_high", "ace_high")


def _prial_sentence(top: int) -> str:
    """What ``prial_order`` says with the prial of rank ``top`` best.

    >>> _prial_sentence(5)
    '7-7-7 is the best prial, then A-A-A, K-K-K down to 2-2-2'
    >>> _prial_sentence(0)
    '2-2-2 is the best prial, then A-A-A, K-K-K down to 3-3-3'
    """
    def prial(rank: int) -> str:
        return "-".join([_RANK_SPELLED[rank]] * 3)

    rest = [r for r in range(12, -1, -1) if r != top]
    return f"{prial(top)} is the best prial, then {prial(rest[0])}, {prial(rest[1])} down to {prial(rest[-1])}"


PRIAL_ORDER = choice(
    "ranking.prial_order",
    lambda p: p.ranking.prial_order,
    {
        **{name: _prial_sentence(rank) for rank, name in enumerate(_PRIAL_ORDERS)},
        "ace_high": "A-A-A is the best prial, then K-K-K down to 2-2-2",
    },
    {"threes_high": "000, 002, 003",
     "ace_high": "Teen Patti (casino-online.in), Zha Jin Hua (dayujiemeng.com), Hoyle; a house rule in Brag",
     "sevens_high": "the Nerve Centre's Seven-Card Brag (nerve.pokerknave.com)", "*": "house rule"},
    in_play=lambda p: "prial" in p.ranking.category_order and p.ranking.points.read is None,
)
RUN_ORDER = choice(
    "ranking.run_order",
    lambda p: p.ranking.run_order,
    {
        "a23_high": "A-2-3 is the best run, then A-K-Q, K-Q-J down to 4-3-2; K-A-2 is no run",
        "akq_high": "A-K-Q is the best run, down to 4-3-2 and A-2-3 the lowest; K-A-2 is no run",
        "akq_a23": "A-K-Q is the best run, then A-2-3, then K-Q-J down to 4-3-2; K-A-2 is no run",
    },
    {"a23_high": "000, 002, 003", "akq_high": "Zha Jin Hua (dayujiemeng.com); a house rule in Brag",
     "akq_a23": "Teen Patti: casino-online.in, tpmaster.in"},
    in_play=lambda p: ("run" in p.ranking.category_order or "running_flush" in p.ranking.category_order)
    and p.ranking.points.read is None,
)
SUITS_BREAK_TIES = choice(
    "ranking.suits_break_ties",
    lambda p: p.ranking.suits_break_ties,
    {
        True: "suits decide between hands that are otherwise equal",
        False: "suits never break ties",
    },
    {"false": "002", "true": "house rule"},
    in_play=lambda p: p.ranking.points.read is None,  # hands read as points are compared by their points alone
)
def natural_beats_wild(p: "Profile") -> str:
    """What ``ranking.wild.natural_beats_wild`` says at the table.

    >>> from bragrules.profile.models import Profile
    >>> natural_beats_wild(Profile.model_validate({"ranking": {"wild": {"natural_beats_wild": ["prial"]}}}))
    'a natural prial beats an equal prial made with wild cards; in every other category they tie'
    """
    value = p.ranking.wild.natural_beats_wild
    if value is True:
        return "a natural hand beats an equal hand made with wild cards"
    if value is False or not value:
        return "a natural hand and an equal hand made with wild cards tie"
    names = [CATEGORY_NAMES[c] for c in value]
    return (f"a natural {join(names, 'or')} beats an equal {join(names, 'or')} made with wild cards; "
            "in every other category they tie")


NATURAL_BEATS_WILD = FieldText(
    "ranking.wild.natural_beats_wild", lambda p: p.ranking.wild.natural_beats_wild, natural_beats_wild,
    {"true": "Hoyle", "false": "house rule", "[prial]": "Hoyle (childrensnursery.org.uk)", "*": "house rule"},
    in_play=lambda p: has_wild(p) and not p.ranking.wild.joker_each,  # a joker each: every best hand uses its joker
)


def special_hand_text(special: "SpecialHand") -> str:
    """One special hand in words.

    >>> special_hand_text(SpecialHand(ranks=[2, 3, 5], suited=False, beats="prial"))
    'a 2-3-5 not all of one suit beats every prial; against any other hand it keeps its own place'
    >>> special_hand_text(SpecialHand(ranks=[5, 3, 2], suited=True, beats="running_flush", place="tops"))
    'a 2-3-5 of one suit ranks as the best running flush'
    """
    ranks = sorted(special.rank_values())
    hand = "-".join(_RANK_SPELLED[r] for r in ranks)
    suit = {True: " of one suit", False: " not all of one suit", None: ""}[special.suited]
    back = "; its holder, beaten at a showdown, has the ante back from the winners" if special.ante_back else ""
    if special.beats is None:
        return f"a {hand}{suit} ranks as usual; its holder, beaten at a showdown, has the ante back from the winners"
    category = CATEGORY_NAMES[special.beats]
    if special.place == "tops":
        return f"a {hand}{suit} ranks as the best {category}{back}"
    return f"a {hand}{suit} beats every {category}; against any other hand it keeps its own place{back}"


def special_hands(p: "Profile") -> str:
    value = p.ranking.special_hands
    if not value:
        return "no hand ranks outside the usual order"
    return "; ".join(special_hand_text(s) for s in value)


def points_read(p: "Profile") -> str:
    points = p.ranking.points
    if points.read is None:
        return "hands rank by category, not by points"
    if points.read == "digits":
        return ("each card counts as one digit and the digits are read highest first as a three-digit number: "
                "the hand nearest 999 wins")
    together = "the points of the cards of one suit are added up (the best suit counts)" if points.one_suit else \
        "the points of the three cards are added up"
    return together + ": the highest total wins"


def points_values(p: "Profile") -> str:
    points = p.ranking.points
    groups: Dict[int, List[str]] = {}
    for rank in range(12, -1, -1):
        groups.setdefault(points.value_of_rank(rank), []).append(_RANK_SPELLED[rank])
    parts = [f"{join(names)} {'counts' if len(names) == 1 else 'count'} {value}"
             for value, names in sorted(groups.items(), key=lambda item: -item[0])]
    return "cards count: " + "; ".join(parts)


def points_three_of_a_kind(p: "Profile") -> str:
    value = p.ranking.points.three_of_a_kind
    if value is None:
        return "three of a kind counts as any three cards: its best suit's points"
    return f"three of a kind counts {pretty_money(value)} points, whatever its suits"


CARDS_RANKED = choice(
    "ranking.wild.cards_ranked",
    lambda p: p.ranking.wild.cards_ranked,
    {
        True: "the named wild cards rank in the order listed: of two hands otherwise equal, the one whose lowest "
              "wild card ranks higher wins",
        False: "the named wild cards are all equal",
    },
    {"true": "maximapedia (the club knave over the diamond knave)", "false": "000, 002, 003"},
    in_play=lambda p: len(p.ranking.wild.cards) > 1,
    later=True,
)
SUITS_BEFORE_KICKERS = choice(
    "ranking.suits_before_kickers",
    lambda p: p.ranking.suits_before_kickers,
    {
        True: "pairs of equal rank are decided by the suit of the higher card of the pair, the odd card ignored",
        False: "pairs of equal rank are decided by the odd card before suits are looked at",
    },
    {"true": "pagat (multiple Brag)", "false": "000, 002, 003"},
    in_play=lambda p: p.ranking.suits_break_ties and "pair" in p.ranking.category_order
    and p.ranking.points.read is None,
    later=True,
)
LOWBALL = choice(
    "ranking.lowball",
    lambda p: p.ranking.lowball,
    {
        True: "the weakest hand wins: every comparison of hands is reversed",
        False: "the best hand wins",
    },
    {"true": "Muflis: teenpatticlub.app, cardpartyclub.com", "false": "000, 002, 003"},
    later=True,
)
SPECIAL_HANDS = FieldText(
    "ranking.special_hands",
    lambda p: p.ranking.special_hands,
    special_hands,
    {"[]": "000, 002, 003", "*": "Zha Jin Hua (slackerblud.com, onecybertech.com); 3patti.com"},
    in_play=lambda p: p.ranking.points.read is None,
    later=True,
)
def _counts_points(p: "Profile") -> bool:
    return p.ranking.points.read is not None


POINTS_READ = FieldText(
    "ranking.points.read", lambda p: p.ranking.points.read, points_read,
    {"null": "000, 002, 003", "digits": "999: teenpatticlub.app, cardpartyclub.com, livecasinoreports.com",
     "sum": "31 (maximapedia's third stake)"},
    later=True,
)
POINTS_VALUES = FieldText(
    "ranking.points.values", lambda p: p.ranking.points.values, points_values,
    {"*": "999: teenpatticlub.app, cardpartyclub.com"}, in_play=_counts_points, later=True,
)
POINTS_ONE_SUIT = choice(
    "ranking.points.one_suit", lambda p: p.ranking.points.one_suit,
    {True: "only cards of one suit count together", False: "all three cards count, whatever their suits"},
    {"true": "31 in one suit (Stop the Bus)", "false": "999"}, in_play=_counts_points, later=True,
)
POINTS_THREE_OF_A_KIND = FieldText(
    "ranking.points.three_of_a_kind", lambda p: p.ranking.points.three_of_a_kind, points_three_of_a_kind,
    {"null": "999; maximapedia's 31", "30": "unoonline.co, thehouseofcards.com, papaslouie.com (Stop the Bus)",
     "61/2": "ronveenstra.com (Riding the Bus: 30.5)"},
    in_play=lambda p: p.ranking.points.one_suit and p.ranking.points.read == "sum", later=True,
)
SUIT_ORDER = FieldText(
    "ranking.suit_order", lambda p: p.ranking.suit_order, suit_order, {"*": "house rule"},
    in_play=lambda p: (p.ranking.suits_break_ties and p.ranking.points.read is None)
    or (p.format.betting and p.seeing.tie == "suits"),
)


# ---------------------------------------------------------------------------
# The rulebook: the ranking of hands
# ---------------------------------------------------------------------------

_CATEGORY_MEANINGS = {
    "prial": "three cards of the same rank",
    "running_flush": "three consecutive cards of one suit",
    "run": "three consecutive cards of mixed suits",
    "flush": "three cards of one suit, not consecutive",
    "pair": "two cards of the same rank",
    "high_card": "three cards making none of the above",
}

# Hands a table would show as examples, tried first; the ranker has the last word.
_PREFERRED = {
    "prial": ("7h 7d 7c", "8h 8d 8c", "5s 5h 5d"),
    "running_flush": ("5h 6h 7h", "9s 10s Js", "4d 5d 6d"),
    "run": ("8c 9d 10h", "5s 6h 7d", "Jc Qd Kh"),
    "flush": ("4s 9s Js", "Kc 9c 4c", "3d 8d Qd"),
    "pair": ("Qc Qd 5h", "7c 7d Ks", "9h 9s 4c"),
    "high_card": ("Ah 9d 4c", "Kd 10c 6s", "Qh 8c 3d"),
}


def category_examples(ranker: "HandRanker") -> Dict[str, Tuple[Card, ...]]:
    """A real example hand for each category of the ranker's order.

    A preferred, familiar hand is used when the ranker places it in the
    category (and it holds no wild card); otherwise the middle hand of the
    category among the hands without wild cards.

    >>> from bragrules.rules.ranking import compile_ranking
    >>> examples = category_examples(compile_ranking(Ranking()))
    >>> {cat: " ".join(str(c) for c in hand) for cat, hand in examples.items()}["run"]
    'Th 9d 8c'
    """
    from bragrules.core.cards import parse_cards

    examples: Dict[str, Tuple[Card, ...]] = {}
    for category in ranker.category_order:
        for text in _PREFERRED.get(category, ()):
            cards = parse_cards(text)
            if any(int(c) in ranker.wild or int(c) in ranker.stripped for c in cards):
                continue
            evaluation = ranker.evaluate(cards)
            if evaluation.category == category and evaluation.natural:
                examples[category] = evaluation.played
                break
        else:
            found = [
                hand
                for hand in ranker.all_hands()
                if not any(c in ranker.wild for c in hand)
                and ranker.category(ranker.strength(hand)) == category
            ]
            if found:
                found.sort(key=ranker.strength)
                hand = found[len(found) // 2]
                examples[category] = ranker.evaluate([CARDS[c] for c in hand]).played
    return examples


def _cards(cards: "Tuple[Card, ...] | List[Card]") -> str:
    return " ".join(card.symbol for card in cards)


def _best_and_worst(ranker: "HandRanker") -> Tuple[Tuple[int, int, int], Tuple[int, int, int]]:
    hands = ranker.all_hands()
    return max(hands, key=ranker.strength), min(hands, key=ranker.strength)


def ranking_section(p: "Profile") -> Optional[Section]:
    from bragrules.rules.pack import stripped_cards
    from bragrules.rules.ranking import compile_ranking

    sec = Section("ranking", "The ranking of hands")
    ranker = compile_ranking(p.ranking, jokers=p.pack.jokers, stripped=stripped_cards(p.pack.stripped_ranks))
    if p.ranking.points.read is not None:
        return _points_section(p, sec, ranker)
    own = OwnWildRanker.of(p) if OwnWildRanker.applies(p) else None
    if own is not None:  # each hand with its own wild cards
        ranker = cast("HandRanker", own)
    order = list(ranker.category_order)
    sec.para(sentence(category_order(p)), sentence(LOWBALL.sentence(p)) if p.ranking.lowball else "")
    examples = own.examples() if own is not None else category_examples(ranker)
    counts, counted = ranker.counts(), counted_hands(p)
    total = sum(counts.values())
    rows = []
    for number, category in enumerate(order, start=1):
        example = examples.get(category)
        rows.append(
            (
                str(number),
                capitalise(CATEGORY_NAMES[category]),
                _CATEGORY_MEANINGS[category] if category != "high_card" or len(order) == 6 else
                "any hand not in a category above",
                _cards(example) if example else "-",
                ranker.describe(example) if example else "-",
                f"{counts[category]:,}",
            )
        )
    sec.table(("", "hand", "what it is", "example", "read as", f"of the {total:,} {counted}"), rows)
    items = []
    if "prial" in order:
        items.append(sentence(PRIAL_ORDER.sentence(p)))
    if "run" in order or "running_flush" in order:
        items.append(sentence(RUN_ORDER.sentence(p)))
    if p.pack.stripped_ranks:  # the orders above name every rank; the short pack holds fewer
        from bragrules.rules.pack import stripped_ranks

        items.append(f"{capitalise(stripped_ranks(p))}: a hand of those ranks never occurs, and the "
                     "orders above skip them; runs are of ranks next to each other in the full pack.")
    compared = "Flushes and high-card hands are" if "flush" in order else "High-card hands are"
    within = f"{compared} compared card by card from the highest, ace high"
    if "pair" in order:
        within += "; pairs by the pair, then the odd card"
    items.append(within + ".")
    if p.ranking.special_hands:
        items.append(sentence(special_hands(p)) + (
            " When several hands are compared and each is beaten by another, a special hand that beats a hand "
            "present counts above that hand's category." if any(s.place == "beats_only" for s in p.ranking.special_hands) else ""))
    items.append(sentence(SUITS_BREAK_TIES.sentence(p)))
    if p.ranking.suits_break_ties:
        items.append(sentence(suit_order(p)))
        if p.ranking.suits_before_kickers:
            items.append(sentence(SUITS_BEFORE_KICKERS.sentence(p)))
    if has_wild(p):
        if p.ranking.wild.cards:
            items.append(sentence(wild_cards(p)))
        if p.ranking.wild.ranks:
            items.append(sentence(wild_ranks(p)))
        if p.pack.jokers:
            items.append(sentence(wild_jokers(p)))
        items.extend(rulebook_items(p))
        items.append("A wild card stands for any card its holder likes that is not already in the hand; two wild "
                     "cards never stand for the same card.")
        items.append(sentence(NATURAL_BEATS_WILD.sentence(p)))
        if p.ranking.wild.cards_ranked and len(p.ranking.wild.cards) > 1:
            items.append(sentence(CARDS_RANKED.sentence(p)))
    else:
        items.append("There are no wild cards.")
    items.append(_best_line(ranker))
    sec.bullets(items)
    return sec


def _best_line(ranker: "HandRanker") -> str:
    best, worst = _best_and_worst(ranker)
    return (
        f"The best hand of all is {ranker.describe(best)} ({_cards([CARDS[c] for c in best])}); "
        f"the lowest is {ranker.describe(worst)}."
    )


def _points_section(p: "Profile", sec: Section, ranker: "HandRanker") -> Section:
    """The ranking of hands counted as points (999, 31)."""
    sec.para(sentence(points_read(p)), sentence(LOWBALL.sentence(p)) if p.ranking.lowball else "")
    items = [sentence(points_values(p)), sentence(POINTS_ONE_SUIT.sentence(p))]
    if p.ranking.points.three_of_a_kind is not None:
        items.append(sentence(points_three_of_a_kind(p)))
    items.append(sentence(SUITS_BREAK_TIES.sentence(p)) if not p.ranking.points.one_suit else
                 "Equal totals tie.")
    if has_wild(p):
        items.append("A wild card stands for any card its holder likes.")
    items.append(_best_line(ranker))
    sec.bullets(items)
    return sec


TEXT = AreaText(
    key="ranking",
    name="ranking",
    title="Hand ranking",
    fields=(
        FieldText("ranking.category_order", lambda p: p.ranking.category_order, category_order,
                  {"[prial, running_flush, run, flush, pair, high_card]": "000, 002, 003",
                   "[prial, running_flush, flush, run, pair, high_card]": "Zha Jin Hua (dayujiemeng.com, onecybertech.com)",
                   "[prial, pair, high_card]": "Hoyle, maximapedia (pairs and pairs-royal only)",
                   "*": "older orders: house rule"},
                  in_play=lambda p: p.ranking.points.read is None),  # points, not categories, where hands are read so
        PRIAL_ORDER,
        RUN_ORDER,
        SUITS_BREAK_TIES,
        SUIT_ORDER,
        FieldText("ranking.wild.cards", lambda p: p.ranking.wild.cards, wild_cards,
                  {"[]": "000, 002, 003", "*": "the traditional braggers: pagat, Hoyle"}),
        FieldText("ranking.wild.ranks", lambda p: p.ranking.wild.ranks, wild_ranks,
                  {"[]": "000, 002, 003", "[2]": "003's wild-card variant",
                   "[A, K, 4, 7]": "house rule: Teen Patti's AK47 (cardpartyclub.com, zeenews.india.com)",
                   "*": "003's wild-card variant"}),
        FieldText("ranking.wild.jokers", lambda p: p.ranking.wild.jokers, wild_jokers, {"*": "house rule"},
                  in_play=lambda p: p.pack.jokers > 0),
        NATURAL_BEATS_WILD,
        *WILD_DEAL_FIELDS,
        CARDS_RANKED,
        SUITS_BEFORE_KICKERS,
        LOWBALL,
        SPECIAL_HANDS,
        POINTS_READ,
        POINTS_VALUES,
        POINTS_ONE_SUIT,
        POINTS_THREE_OF_A_KIND,
    ),
    sections=((20, ranking_section),),
)
