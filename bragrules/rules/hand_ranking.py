"""The ranking area: how three-card hands rank, and wild cards.

The model and the texts are here (the model's parts in :mod:`bragrules.rules.ranking_models`,
the rulebook's section in :mod:`bragrules.rules.ranking_rulebook`); :mod:`bragrules.rules.ranking`
compiles a ranking into one strength per hand (the table the engine looks hands up in).

>>> from bragrules.profile.models import Profile
>>> PRIAL_ORDER.sentence(Profile())
'3-3-3 is the best prial, then A-A-A, K-K-K down to 2-2-2'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Dict, List, Literal, Optional, Sequence, Tuple

from pydantic import Field, field_validator, model_validator

from bragrules.core.i18n import ENGLISH, language, ntr, tr
from bragrules.core.money import pretty_money
from bragrules.core.rule_id import Rule, field_rule
from bragrules.rules.area import (
    STANDARD_CATEGORY_ORDER,
    STANDARD_SUIT_ORDER,
    Area,
    AreaText,
    Category,
    FieldText,
    Section,
    SuitName,
    choice,
)
from bragrules.rules.hand_patterns import MAX_CATEGORIES, CategoryPattern, check_categories, expand, pattern_words
from bragrules.rules.hooks import AreaPolicy
from bragrules.rules.ranking_models import Points, SpecialHand, Wild
from bragrules.rules.vocabulary import PLAIN, Words, told, words_of
from bragrules.rules.wild_deal import FIELDS as WILD_DEAL_FIELDS
from bragrules.rules.wild_deal import WildDealPolicy, uses_wild_deal
from bragrules.rules.words import CATEGORY_NAMES, cards_text, join, rank_plural

if TYPE_CHECKING:
    from bragrules.core.cards import Card
    from bragrules.profile.models import Profile
    from bragrules.rules.ranking import HandRanker


class Ranking(Area):
    """How three-card hands are ranked.

    All three texts agree on the standard order: prial (three of a kind) >
    running flush > run > flush > pair > high card; 3-3-3 is the best prial;
    A-2-3 the best run.
    """

    categories: List[CategoryPattern] = Field(
        default_factory=list, max_length=MAX_CATEGORIES,
        description="The categories of hands from the highest, each a pattern over the cards with its own order "
        "inside (its fields are listed after this reference; docs/variants.md, \"Hand patterns\", teaches them "
        "with the built-in rankings written out). `[]`: the list the named fields say (`category_order`, "
        "`prial_order`, `run_order`, `suits_before_kickers`, what `special_hands` beat); written, the list "
        "replaces them (a value inherited from a profile extended is no longer read). At most 32 entries.",
    )
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
        if self.categories:
            self._check_categories()
        for special in self.special_hands:
            if special.beats is not None and special.beats not in self.category_order:
                raise ValueError(f"a special hand beats {special.beats}, which category_order does not rank")
        keys = [(special.rank_values(), special.suited) for special in self.special_hands]
        if len(set(keys)) != len(keys):
            raise ValueError("a special hand is named twice")
        if self.points.read is not None and self.special_hands:
            raise ValueError("special hands need categories; points rank hands without them")
        return self

    def _check_categories(self) -> None:
        """``categories`` written: a whole list, and not beside points (which rank hands without categories).

        The named fields it stands in for (``category_order``, ``prial_order``, ``run_order``,
        ``suits_before_kickers``, what ``special_hands`` beat) may keep any value, inherited from a
        profile extended: the list replaces them and they are no longer read.
        """
        if self.points.read is not None:
            raise ValueError("ranking.categories ranks hands by category; points.read ranks them by points: "
                             "choose one")
        if any(c.order.suits_before_kickers for c in self.categories) and not self.suits_break_ties:
            raise ValueError("order.suits_before_kickers needs suits_break_ties: true")

    def category_patterns(self) -> List[CategoryPattern]:
        """The list of categories this ranking stands for (:func:`~bragrules.rules.hand_patterns.expand`)."""
        return expand(self)

    @field_validator("categories")
    @classmethod
    def _categories(cls, value: List[CategoryPattern]) -> List[CategoryPattern]:
        if value:
            check_categories(value)
        return value

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
    words = words_of(p)
    names = [words.hand(c) for c in value]
    text = tr("hands rank, from highest: {names}", names=tr(", ").join(names))
    missing = [words.hand(c) for c in CATEGORY_NAMES if c not in value]
    if missing:
        text += tr(" ({missing} not ranked: such hands count as the best listed category they make, or {high_card})",
                   missing=join(missing, "or"), high_card=words.hand("high_card"))
    return text


def suit_order(p: "Profile") -> str:
    text = "suits rank " + ", ".join(p.ranking.suit_order) + ", highest first"
    if not p.ranking.suits_break_ties and p.seeing.tie != "suits":
        text += " (used only when suits decide ties)"
    return text


def wild_cards(p: "Profile") -> str:
    value = p.ranking.wild.cards
    if not value:
        return tr("no card is wild by name")
    return ntr("the {cards} is wild", "the {cards} are wild", len(value), cards=cards_text(value))


def wild_ranks(p: "Profile") -> str:
    value = p.ranking.wild.ranks
    if not value:
        return tr("no rank is wild")
    if language() != ENGLISH:  # the ranks by their symbols: A、K、4和7
        return tr("every card of rank {ranks} is wild", ranks=join([r.upper() for r in value]))
    return "all " + join([rank_plural(r) for r in value]) + " are wild"


def wild_jokers(p: "Profile") -> str:
    if not p.pack.jokers:
        return tr("jokers are wild (the pack has none)") if p.ranking.wild.jokers else \
            tr("jokers are not wild (the pack has none)")
    return tr("jokers are wild") if p.ranking.wild.jokers else tr("jokers are not wild")


CATEGORY_ORDER_RULE = field_rule("ranking.category_order")
CATEGORIES_RULE = field_rule("ranking.categories")


def order_rule(p: "Profile") -> Rule:
    """The rule that orders the categories: ``ranking.categories`` when written, else ``category_order``."""
    return CATEGORIES_RULE if p.ranking.categories else CATEGORY_ORDER_RULE


def categories_sentence(p: "Profile") -> str:
    """What ``ranking.categories`` says at the table.

    >>> from bragrules.profile.models import Profile
    >>> categories_sentence(Profile())
    'the categories are those the named fields give (category_order, with the orders of prials and runs)'
    """
    value = p.ranking.categories
    if not value:
        return "the categories are those the named fields give (category_order, with the orders of prials and runs)"
    from bragrules.rules.vocabulary import words_of

    words = words_of(p)
    return tr("hands rank in these categories, from the highest: {categories}",
              categories=("、" if language() == "zh" else ", ").join(pattern_words(c, words) for c in value))
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
    in_play=lambda p: "prial" in p.ranking.category_order and p.ranking.points.read is None and not p.ranking.categories,
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
    and p.ranking.points.read is None and not p.ranking.categories,
)
# the orders' sentences name prials and runs: told in the game's words
def _in_game_words(text: FieldText) -> FieldText:
    """A field whose sentences name hands, its sentence told in the game's words (``vocabulary.hands``)."""
    plain = text.sentence

    def sentence(p: "Profile") -> str:
        return told(plain(p), words_of(p))

    return replace(text, sentence=sentence)


PRIAL_ORDER = _in_game_words(PRIAL_ORDER)
RUN_ORDER = _in_game_words(RUN_ORDER)
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
        return tr("a natural hand beats an equal hand made with wild cards")
    if value is False or not value:
        return tr("a natural hand and an equal hand made with wild cards tie")
    names = [words_of(p).hand(c) for c in value]
    return tr("a natural {hands} beats an equal {hands} made with wild cards; in every other category they tie",
              hands=join(names, "or"))


NATURAL_BEATS_WILD = FieldText(
    "ranking.wild.natural_beats_wild", lambda p: p.ranking.wild.natural_beats_wild, natural_beats_wild,
    {"true": "Hoyle", "false": "house rule", "[prial]": "Hoyle (childrensnursery.org.uk)", "*": "house rule"},
    in_play=lambda p: has_wild(p) and not p.ranking.wild.joker_each,  # a joker each: every best hand uses its joker
)


def special_hand_text(special: "SpecialHand", words: Words = PLAIN) -> str:
    """One special hand in words.

    >>> special_hand_text(SpecialHand(ranks=[2, 3, 5], suited=False, beats="prial"))
    'a 2-3-5 not all of one suit beats every prial; against any other hand it keeps its own place'
    >>> special_hand_text(SpecialHand(ranks=[5, 3, 2], suited=True, beats="running_flush", place="tops"))
    'a 2-3-5 of one suit ranks as the best running flush'
    """
    ranks = sorted(special.rank_values())
    hand = "-".join(_RANK_SPELLED[r] for r in ranks)
    suit = {True: tr(" of one suit"), False: tr(" not all of one suit"), None: ""}[special.suited]
    if "special" in words.now().hands:
        suit += f" ({words.hand('special')})"
    back = tr("; its holder, beaten at a showdown, has the ante back from the winners") if special.ante_back else ""
    if special.beats is None:
        return tr("a {hand}{suit} ranks as usual; its holder, beaten at a showdown, has the ante back from the winners",
                  hand=hand, suit=suit)
    category = words.hand(special.beats)
    if special.place == "tops":
        return tr("a {hand}{suit} ranks as the best {category}{back}", hand=hand, suit=suit, category=category,
                  back=back)
    return tr("a {hand}{suit} beats every {category}; against any other hand it keeps its own place{back}",
              hand=hand, suit=suit, category=category, back=back)


def special_hands(p: "Profile") -> str:
    value = p.ranking.special_hands
    if not value:
        return "no hand ranks outside the usual order"
    return "; ".join(special_hand_text(s, words_of(p)) for s in value)


def points_read(p: "Profile") -> str:
    points = p.ranking.points
    if points.read is None:
        return tr("hands rank by category, not by points")
    if points.read == "digits":
        if points.target is not None:
            return tr("each card counts as one digit and the digits are read, in the order that comes nearest "
                      "{target}, as a three-digit number: the hand nearest {target} wins", target=points.target)
        return tr("each card counts as one digit and the digits are read highest first as a three-digit number: "
                  "the hand nearest 999 wins")
    together = tr("the points of the cards of one suit are added up (the best suit counts)") if points.one_suit \
        else tr("the points of the three cards are added up")
    if points.target is not None:
        return tr("{counted}: the total nearest {target} wins", counted=together, target=points.target)
    return tr("{counted}: the highest total wins", counted=together)


def points_target(p: "Profile") -> str:
    """What ``ranking.points.target`` says at the table.

    >>> from bragrules.profile.models import Profile
    >>> points_target(Profile.model_validate({"ranking": {"points": {"read": "sum", "target": 21}}}))
    'the count nearest 21 wins'
    """
    target = p.ranking.points.target
    return tr("the highest count wins") if target is None else tr("the count nearest {target} wins", target=target)


def points_values(p: "Profile") -> str:
    points = p.ranking.points
    groups: Dict[int, List[str]] = {}
    for rank in range(12, -1, -1):
        groups.setdefault(points.value_of_rank(rank), []).append(_RANK_SPELLED[rank])
    parts = [ntr("{cards} counts {value}", "{cards} count {value}", len(names), cards=join(names), value=value)
             for value, names in sorted(groups.items(), key=lambda item: -item[0])]
    return tr("cards count: {counts}", counts="; ".join(parts))


def points_three_of_a_kind(p: "Profile") -> str:
    value = p.ranking.points.three_of_a_kind
    if value is None:
        return tr("three of a kind counts as any three cards: its best suit's points")
    return tr("three of a kind counts {points} points, whatever its suits", points=pretty_money(value))


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
    and p.ranking.points.read is None and not p.ranking.categories,
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
    in_play=lambda p: p.ranking.points.read is None and (
        not p.ranking.categories or any(s.ante_back for s in p.ranking.special_hands)),
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
POINTS_TARGET = FieldText(
    "ranking.points.target", lambda p: p.ranking.points.target, points_target,
    {"null": "999: teenpatticlub.app (the highest count is 999)", "*": "house rule (999's \"closest to\" read "
     "with another count: teenpatticlub.app)"},
    in_play=_counts_points, later=True,
)
POINTS_SIDE = choice(
    "ranking.points.side", lambda p: p.ranking.points.side,
    {"either": "the nearest count wins, over or under the target, equally near counts tying",
     "below": "a count not over the target beats any count over it, the nearest of each winning",
     "above": "a count not under the target beats any count under it, the nearest of each winning"},
    {"either": "house rule", "below": "house rule (as 31's side pot counts nearest below)", "above": "house rule"},
    in_play=lambda p: p.ranking.points.target is not None, later=True,
)
CATEGORIES = FieldText(
    "ranking.categories", lambda p: p.ranking.categories, categories_sentence,
    {"[]": "000, 002, 003 (the named fields)",
     "*": "Teen Patti's odd sequence and high-low (huffpost.com); Zha Jin Hua's straight (顺子) only in three suits (sdjtfh.com) and "
          "special hand (onecybertech.com, dayujiemeng.com); the Deuce to Five High variation (3patti.com); 7-Card "
          "Brag's four of a kind (bettingpunter.com); Teen Patti's royal flush over A-2-3's sequences "
          "(tarczehamulcowe.com, 3patti.com); a card above its rank-mates: house rule (Hoyle's ace of diamonds)"},
    in_play=lambda p: p.ranking.points.read is None,
    later=True,
)
SUIT_ORDER = FieldText(
    "ranking.suit_order", lambda p: p.ranking.suit_order, suit_order, {"*": "house rule"},
    in_play=lambda p: (p.ranking.suits_break_ties and p.ranking.points.read is None)
    or (p.format.betting and p.seeing.tie == "suits"),
)


def ranking_section(p: "Profile") -> Optional[Section]:
    """The rulebook's section on the ranking of hands (:mod:`bragrules.rules.ranking_rulebook`)."""
    from bragrules.rules.ranking_rulebook import ranking_section as section

    return section(p)


TEXT = AreaText(
    key="ranking",
    name="ranking",
    title="Hand ranking",
    fields=(
        CATEGORIES,
        FieldText("ranking.category_order", lambda p: p.ranking.category_order, category_order,
                  {"[prial, running_flush, run, flush, pair, high_card]": "000, 002, 003",
                   "[prial, running_flush, flush, run, pair, high_card]": "Zha Jin Hua (dayujiemeng.com, onecybertech.com)",
                   "[prial, pair, high_card]": "Hoyle, maximapedia (pairs and pairs-royal only)",
                   "*": "older orders: house rule"},
                  # the named order, where no list is written and hands are not read as points
                  in_play=lambda p: not p.ranking.categories and p.ranking.points.read is None),
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
        POINTS_TARGET,
        POINTS_SIDE,
    ),
    sections=((20, ranking_section),),
)
