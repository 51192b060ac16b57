"""The parts of the ranking area's model: wild cards, special hands, and hands counted as points.

:class:`~bragrules.rules.hand_ranking.Ranking` composes them (with the hand patterns of
:mod:`bragrules.rules.hand_patterns`); their texts are the area's, in :mod:`bragrules.rules.hand_ranking`.

>>> SpecialHand(ranks=[5, 3, 2], beats="prial").rank_values()
(3, 1, 0)
"""

from __future__ import annotations

from typing import Annotated, Dict, List, Literal, Optional, Tuple, Union

from pydantic import BeforeValidator, ConfigDict, Field, WithJsonSchema, model_validator

from bragrules.rules.area import Area, Category, Money
from bragrules.rules.wild_deal import WildChoice

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
        False, description="Whether only cards of one suit count together (31: the best suit's total). With "
        "`read: sum` (a suit's cards are added; they are not read as digits)."
    )
    three_of_a_kind: Optional[Money] = Field(
        None,
        description="With `one_suit`: what three cards of one rank count, whatever their suits, when that is more "
        "than their best suit's total (31 as Stop the Bus: unoonline.co/stop-the-bus, \"You can also get 30 points "
        "for three of a kind!\"; thehouseofcards.com, \"Three-of-a-kind is worth 30 points\"; ronveenstra.com, "
        "\"three of a kind ... is automatically worth 30.5 points\": `30½`, so it beats every total but 31). "
        "A whole number or a half. `null`: three of a kind counts as any three cards.",
    )
    target: Optional[int] = Field(
        None, ge=0, le=999,
        description="A count to come nearest to instead of the highest: `555` for the digits read nearest 555 "
        "(with `digits` the cards are arranged to come nearest: 999's pages say \"The player who gets closest to "
        "9-9-9 wins the game\" and \"you are allowed to change the order of your cards\", teenpatticlub.app; 999 "
        "is the highest count, so no target is needed for it). `null`: the highest count wins. Not with `one_suit`.",
    )
    side: Literal["either", "below", "above"] = Field(
        "either",
        description="With `target`: `either`: the nearest count wins, over or under, equally near counts tying; "
        "`below`: a count not over the target beats any over it, the nearest of each winning; `above`: a count "
        "not under it beats any under it, the nearest of each winning.",
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
        if self.one_suit and self.read == "digits":
            raise ValueError("points.one_suit adds up the cards of one suit: it needs read: sum, not digits")
        if self.target is not None and (self.read is None or self.one_suit):
            raise ValueError("points.target is a count to come nearest to: it needs read: digits or sum, without "
                             "one_suit")
        if self.side != "either" and self.target is None:
            raise ValueError("points.side says how a count comes nearest to points.target: it needs a target")
        return self

    def value_of_rank(self, rank: int) -> int:
        """The points of a rank (0 = two, 12 = ace)."""
        from bragrules.core.cards import parse_rank

        for text, value in self.values.items():
            if parse_rank(text) == rank:
                return value
        return 11 if rank == 12 else min(rank + 2, 10)

