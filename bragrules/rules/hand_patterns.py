"""Hand patterns: a ranking said as an ordered list of categories, each a pattern over the cards.

A category is a pattern over the three cards' ranks (all equal; two equal; all different;
consecutive with a step, wrapping or not; a given hand such as 2-3-5) and suits (all equal;
all different; not all equal; any), with its own order inside (card by card from the highest,
the pair then the odd card, or all equal; the ranks reversed; one rank above the ace; hands
placed first; suits before the odd card). ``ranking.categories`` lists them from the highest;
an entry without a name is a special hand that keeps its own place and beats what it names.

The named fields (``category_order``, ``prial_order``, ``run_order``, ``suits_before_kickers``,
``special_hands``) are shorthands: :func:`expand` writes them as the list they stand for, and
:mod:`bragrules.rules.ranking_patterns` compiles either into the same tables.

>>> from bragrules.rules.hand_ranking import Ranking
>>> [pattern_words(c) for c in expand(Ranking())][:3]
['prial (three cards of one rank; 3-3-3 above A-A-A)', 'running flush (three consecutive ranks (A-2-3 and A-K-Q count), of one suit; A-2-3 first)', 'run (three consecutive ranks (A-2-3 and A-K-Q count); A-2-3 first)']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Dict, List, Literal, Optional, Sequence, Tuple, Union

from pydantic import (
    ConfigDict,
    Discriminator,
    Field,
    SerializerFunctionWrapHandler,
    Tag,
    WithJsonSchema,
    model_serializer,
    model_validator,
)

from bragrules.core.cards import parse_card, parse_rank
from bragrules.core.i18n import ENGLISH, N_, language, tr
from bragrules.rules.area import Area
from bragrules.rules.ranking_models import CARD_PATTERN, RankText
from bragrules.rules.ranking_patterns import ACE, matches_ranks, run_reading
from bragrules.rules.words import join

if TYPE_CHECKING:
    from bragrules.rules.hand_ranking import Ranking
    from bragrules.rules.vocabulary import Words

MAX_CATEGORIES = 32
"""The most entries ``ranking.categories`` may list (compiling reads each for every rank triple)."""
MAX_HANDS = 32
"""The most hands one entry's ``ranks`` may name."""

NAME_PATTERN = r"^[a-z][a-z0-9_]{0,39}$"
"""A category's name: lower case letters, digits and underscores (``running_flush``, ``alternate_run``)."""

_SPELLED = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def _rank_values(texts: Sequence[str]) -> Tuple[int, ...]:
    """Ranks 0 (two) to 12 (ace), highest first."""
    return tuple(sorted((parse_rank(str(text)) for text in texts), reverse=True))


def written_hand(ranks: Sequence[object]) -> str:
    """A hand as a profile writes it, in words: ``[2, 3, 5]`` is 2-3-5."""
    return "-".join(str(r).upper() for r in ranks)


def hand_text(ranks: Sequence[int]) -> str:
    """Ranks (highest first) as a table writes a hand: an ace read low in a run first (A-2-3, A-3-5).

    >>> hand_text((12, 1, 0)), hand_text((12, 11, 10)), hand_text((3, 3, 3)), hand_text((12, 3, 1))
    ('A-2-3', 'A-K-Q', '5-5-5', 'A-3-5')
    """
    ranks = list(ranks)
    if any(run_reading(ranks, step, "low") is not None for step in range(1, 7)):
        return "-".join(_SPELLED[r] for r in [ACE, *sorted(r for r in ranks if r != ACE)])
    return "-".join(_SPELLED[r] for r in ranks)


class _Written(Area):
    """A part of a pattern, written (and dumped, so hashed, diffed and shown) with the fields it sets only."""

    @model_serializer(mode="wrap")
    def _as_written(self, handler: SerializerFunctionWrapHandler) -> Dict[str, Any]:
        data: Dict[str, Any] = handler(self)
        fields, values = type(self).model_fields, dict(self)
        return {key: value for key, value in data.items()
                if values[key] != fields[key].get_default(call_default_factory=True)}


class Run(_Written):
    """Ranks consecutive with a step: a run (step 1: 4-5-6), or alternate ranks (step 2: 3-5-7)."""

    step: int = Field(1, ge=1, le=6, description="How far apart the ranks are: `1` for a run (4-5-6), `2` for "
                      "alternate ranks (3-5-7, A-3-5; huffpost.com's Teen Patti \"Odd sequence\": \"use alternate "
                      "cards to declare a sequence: Ace, 3, 5 or 9, Jack, King\").")
    ace: Literal["high_or_low", "high", "low"] = Field(
        "high_or_low", description="Where an ace may stand: `high_or_low`: above the king (A-K-Q) or below the "
        "two (A-2-3); `high`: only above the king; `low`: only below the two.")
    wrap: bool = Field(False, description="Whether the ranks may run on past the ace to the two (K-A-2 a run); "
                       "the texts' runs never do (\"K-A-2 is not a valid run\", 3patti.com).")


class CategoryOrder(_Written):
    """How the hands of one category compare among themselves."""

    by: Optional[Literal["cards", "pair", "equal"]] = Field(
        None, description="`cards`: card by card from the highest (a run's ace read low counts below the two); "
        "`pair`: the pair's rank, then the odd card; `equal`: every hand of the category ties. `null`: `pair` for a "
        "category of two equal ranks, `cards` otherwise.")
    reversed: bool = Field(False, description="Whether the ranks count the other way up, twos highest and aces "
                           "lowest, without reversing the order of the categories (huffpost.com's Teen Patti "
                           "\"High-low\": \"Your King has lesser value than your pair of 2's, which is the highest of "
                           "its kind\").")
    top: Optional[RankText] = Field(
        None, description="A rank counted above every other, the ace included: `3` for Brag's prials, 3-3-3 above "
        "A-A-A (000: \"The highest Prial is three threes, followed by three aces\"; lasvegascardgames.com: \"The "
        "highest is a prial of 3's, second highest is a prial of aces\"). `null`: none.")
    top_card: Optional[Annotated[str, WithJsonSchema({"type": "string", "pattern": CARD_PATTERN})]] = Field(
        None, description="One card counted above its rank-mates, below the next rank up: `Ad`, the ace of diamonds "
        "above the other aces, so A♦-5-3 beats A♠-7-2 card by card and a pair of aces holding A♦ beats any other "
        "pair of aces (Hoyle, http://www.childrensnursery.org.uk/hoyles-games/hoyle-games%20-%200341.htm, of the "
        "best card: \"except in case of the ace of diamonds, which at this part of the game takes place of every "
        "other\"; carried into a category's order, a house rule). Not a joker; not the rank of `top`. `null`: none.")
    first: List[List[RankText]] = Field(
        default_factory=list, max_length=16,
        description="Hands of the category ranked above the rest of it, in the order listed: `[[A, 2, 3]]` for "
        "Brag's runs, A-2-3 above A-K-Q; `[[A, K, Q], [A, 2, 3]]` for Teen Patti's (casino-online.in: \"A, K, Q ... Then comes A, 2, 3 and then K, Q, J\"). At most 16. `[]`: none.")
    suits_before_kickers: bool = Field(
        False, description="With `ranking.suits_break_ties` and `by: pair`: pairs of equal rank are decided by the "
        "suits of the pair before the odd card (pagat, multiple Brag).")


class Beats(_Written):
    """What a special hand beats outside the order: a category, or part of one."""

    category: str = Field(json_schema_extra={"pattern": NAME_PATTERN},
                          description="The category it beats, by name: `prial`.")
    lowest: Optional[List[RankText]] = Field(
        None, description="The lowest hand of that category it beats: `[2, 2, 2]`. `null`: the category's lowest.")
    highest: Optional[List[RankText]] = Field(
        None, description="The highest hand of that category it beats: `[K, K, K]` for \"beats every prial but "
        "A-A-A\". `null`: the category's highest.")


RankShape = Literal["any", "all_equal", "two_equal", "all_different", "run"]
SuitShape = Literal["any", "all_equal", "all_different", "not_all_equal"]


def _ranks_kind(value: object) -> str:
    """Which form of ``ranks`` a value is written in: so that a mistake is reported against that form alone."""
    if isinstance(value, dict) or isinstance(value, Run):
        return "run"
    if isinstance(value, list):
        return "hands" if value and all(isinstance(item, list) for item in value) else "hand"
    return "shape"


RanksPattern = Annotated[
    Union[Annotated[RankShape, Tag("shape")], Annotated[Run, Tag("run")],
          Annotated[List[List[RankText]], Tag("hands"), Field(max_length=MAX_HANDS)],
          Annotated[List[RankText], Tag("hand")]],
    Discriminator(_ranks_kind),
]
"""The ranks of a category: a shape, a run written out, several hands, or one hand."""


class CategoryPattern(_Written):
    """One category of hands: a pattern over the cards, its order inside, what it beats outside the order.

    >>> CategoryPattern(name="alternate_run", ranks=Run(step=2)).ranks.step
    2
    >>> CategoryPattern(name="special", ranks=[2, 3, 5], suits="all_different").hands()
    ((3, 1, 0),)
    """

    model_config = ConfigDict(**Area.model_config, json_schema_extra={"examples": [
        {"name": "high_card", "order": {"reversed": True}},
        {"name": "run", "ranks": {"step": 2}, "suits": "all_different"},
        {"name": "special", "ranks": [2, 3, 5], "suits": "all_different", "beats": {"category": "prial"}},
        {"name": "high_card"},
        {"name": "high_card", "order": {"top_card": "Ad"}},
    ]})

    name: Optional[str] = Field(
        None, json_schema_extra={"pattern": NAME_PATTERN},
        description="The category's name, as hands are read (`prial`, `running_flush`, `alternate_run`); entries "
        "next to each other with one name are one category, the first one's hands above the next one's. `null`: a "
        "special hand that keeps its own place among the categories and only beats what `beats` names (it ranks just "
        "below a hand of the same cards by rank that is not special).")
    cards: Literal[3, 4] = Field(
        3, description="Cards in a hand of the category: `3`; `4`: four of a kind among four cards or more, above "
        "(or below) the three-card hands as listed (bettingpunter.com, 7-Card Brag: \"check if they have four cards "
        "the same ... If they do, then that player wins the pot\"). A four needs `ranks: all_equal`.")
    ranks: RanksPattern = Field(
        "any", description="The ranks: `any`; `all_equal`; `two_equal` (exactly two); `all_different`; `run` (three "
        "consecutive ranks, A-2-3 and A-K-Q counting, K-A-2 not); a run written out (`{step: 2}`); one hand "
        "(`[2, 3, 5]`), or several (`[[2, 3, 5], [2, 3, 6]]`, at most 32).")
    suits: SuitShape = Field(
        "any", description="The suits: `any`; `all_equal` (a flush); `all_different` (three suits: \"只有当三张牌"
        "是三种不同花色时,顺子才算作顺子\", sdjtfh.com, a run counts only in three different suits on many Zha "
        "Jin Hua tables); `not_all_equal`.")
    order: CategoryOrder = Field(default_factory=CategoryOrder, description="How its hands compare among themselves.")
    beats: Optional[Union[str, Beats]] = Field(
        None, description="What its hands beat outside the order: a category's name (`prial`), or part of one "
        "(`{category: prial, highest: [K, K, K]}`). `null`: nothing.")

    @model_validator(mode="after")
    def _pattern(self) -> "CategoryPattern":
        if self.name is None and self.beats is None:
            raise ValueError("an entry without a name is a special hand: it names what it beats (beats)")
        if self.name == "points":
            raise ValueError("'points' names hands counted as points (ranking.points), not a category")
        if self.cards == 4 and (self.ranks != "all_equal" or self.suits != "any" or self.beats is not None
                                or self.name is None):
            raise ValueError("a category of four cards is four of a kind: a name, ranks: all_equal, any suits, "
                             "nothing beaten outside the order")
        if isinstance(self.ranks, list) and not self.hands():
            raise ValueError("a hand names three ranks")
        self._check_order()
        beats = self.beats_of()
        if beats is not None:
            for bound in (beats.lowest, beats.highest):
                if bound is not None and len(bound) != 3:
                    raise ValueError("beats.lowest and beats.highest are hands of three ranks")
        return self

    def _check_order(self) -> None:
        """The order inside asks what the pattern's hands can give."""
        order = self.order
        if order.by == "pair" and self.ranks != "two_equal":
            raise ValueError("order.by: pair compares hands of two equal ranks (ranks: two_equal)")
        for first in order.first:
            if len(first) != 3:
                raise ValueError("order.first lists hands of three ranks")
            if not matches_ranks(self, _rank_values(first)):
                raise ValueError(f"order.first lists {hand_text(_rank_values(first))}, which is not a hand of this "
                                 "category")
        if len({_rank_values(first) for first in order.first}) != len(order.first):
            raise ValueError("order.first lists a hand twice")
        if order.suits_before_kickers and self.compared_by() != "pair":
            raise ValueError("order.suits_before_kickers needs a pair's order (ranks: two_equal)")
        if order.top_card is not None:
            self._check_top_card(order.top_card)

    def _check_top_card(self, text: str) -> None:
        """A card above its rank-mates: a card of the pack, in a category of three cards that compares them."""
        card = parse_card(text)
        if card.is_joker:
            raise ValueError("order.top_card names a card of a rank, not a joker")
        if self.cards == 4 or self.compared_by() == "equal":
            raise ValueError("order.top_card orders a category's cards: not four of a kind, not by: equal")
        if self.order.top is not None and parse_rank(str(self.order.top)) == card.rank:
            raise ValueError("order.top_card is of the rank order.top puts above the ace: name one or the other")
        if self.order.reversed and (self.order.top is not None or card.rank == 12):
            raise ValueError("order.top_card leaves no room under order.reversed beside order.top, or for an ace "
                             "(an ace read low counts highest there)")
        if self.order.suits_before_kickers:
            raise ValueError("order.top_card and order.suits_before_kickers: suits decide a pair one way only")

    def hands(self) -> Tuple[Tuple[int, int, int], ...]:
        """The hands the ranks name (ranks highest first), when they name hands; ``()`` otherwise."""
        value = self.ranks
        if not isinstance(value, list):
            return ()
        items: List[object] = list(value)
        if items and all(isinstance(item, list) for item in items):
            found = tuple(_rank_values(item) for item in items if isinstance(item, list))
        elif len(items) == 3 and all(isinstance(item, str) for item in items):
            found = (_rank_values([str(item) for item in items]),)
        else:
            return ()
        if any(len(hand) != 3 for hand in found):
            return ()
        return tuple((a, b, c) for a, b, c in found)

    def compared_by(self) -> str:
        """How the hands compare: ``order.by``, or its default (the pair for two equal ranks)."""
        if self.order.by is not None:
            return self.order.by
        return "pair" if self.ranks == "two_equal" else "cards"

    def beats_of(self) -> Optional[Beats]:
        """What it beats as a :class:`Beats` (a bare name read as the whole category)."""
        if self.beats is None or isinstance(self.beats, Beats):
            return self.beats
        return Beats(category=self.beats)



def check_categories(patterns: Sequence[CategoryPattern]) -> None:
    """What a written list of categories must be: one name for entries next to each other only, the
    last category (of those not naming hands, which are found first) taking every hand, a special
    hand beating a category of the list (part of one named by hands of it).

    >>> check_categories([CategoryPattern(name="pair", ranks="two_equal")])
    Traceback (most recent call last):
    ...
    ValueError: the last category takes every hand left (no ranks or suits asked: `- name: high_card`)
    """
    from bragrules.rules.ranking_patterns import CompiledOrder

    named = [c for c in patterns if c.name is not None and c.cards == 3 and not c.hands()]
    if not named or named[-1].ranks != "any" or named[-1].suits != "any":
        raise ValueError("the last category takes every hand left (no ranks or suits asked: `- name: high_card`)")
    seen: List[str] = []
    for pattern in patterns:
        if pattern.name is None:
            continue
        if pattern.name in seen and seen[-1] != pattern.name:
            raise ValueError(f"{pattern.name} is named by entries apart: entries of one category stand together")
        if pattern.cards == 4 and pattern.name in seen:
            raise ValueError(f"{pattern.name}: four of a kind is a category of its own")
        seen.append(pattern.name)
    if any(p.order.top_card is not None for p in patterns) and any(p.beats is not None for p in patterns):
        raise ValueError("order.top_card and beats: what a hand beats outside the order is read from its ranks "
                         "alone; a card above its rank-mates is not (choose one)")
    order = CompiledOrder(patterns)
    for pattern in patterns:
        beats = pattern.beats_of()
        if beats is None:
            continue
        if beats.category == pattern.name:
            raise ValueError(f"{pattern.name} beats itself")
        if beats.category not in seen or any(c.cards == 4 for c in patterns if c.name == beats.category):
            raise ValueError(f"a special hand beats {beats.category}, which ranking.categories does not name (as "
                             "a category of three cards)")
        order.beaten_keys(beats)


# ---------------------------------------------------------------------------
# The named fields, as the list they stand for
# ---------------------------------------------------------------------------

_FIRST = {"a23_high": (("A", "2", "3"),), "akq_high": (), "akq_a23": (("A", "K", "Q"), ("A", "2", "3"))}
"""The runs ``run_order`` places first."""

_TOP = {"twos_high": "2", "threes_high": "3", "fours_high": "4", "fives_high": "5", "sixes_high": "6",
        "sevens_high": "7", "eights_high": "8", "nines_high": "9", "tens_high": "10", "jacks_high": "J",
        "queens_high": "Q", "kings_high": "K", "ace_high": None}
"""The rank ``prial_order`` counts above the ace (None: the plain order)."""

_SUITS_OF: Dict[Optional[bool], SuitShape] = {True: "all_equal", False: "not_all_equal", None: "any"}


def _standard(category: str, ranking: "Ranking") -> CategoryPattern:
    """The pattern one of the six standard categories stands for, with the named fields' orders."""
    first = [list(hand) for hand in _FIRST[ranking.run_order]]
    if category == "prial":
        return CategoryPattern(name="prial", ranks="all_equal", order=CategoryOrder(top=_TOP[ranking.prial_order]))
    if category == "running_flush":
        return CategoryPattern(name="running_flush", ranks="run", suits="all_equal", order=CategoryOrder(first=first))
    if category == "run":
        return CategoryPattern(name="run", ranks="run", order=CategoryOrder(first=first))
    if category == "flush":
        return CategoryPattern(name="flush", suits="all_equal")
    if category == "pair":
        return CategoryPattern(name="pair", ranks="two_equal",
                               order=CategoryOrder(suits_before_kickers=ranking.suits_before_kickers))
    return CategoryPattern(name=category)


def _left_suits(suits: SuitShape, taken: Sequence[str]) -> Optional[SuitShape]:
    """What a pattern of suits leaves once earlier patterns have taken theirs (None: nothing)."""
    for earlier in taken:
        if earlier == "any" or earlier == suits:
            return None
        if suits == "any":
            suits = "not_all_equal" if earlier == "all_equal" else "all_equal"
    return suits


def expand(ranking: "Ranking") -> List[CategoryPattern]:
    """The list of categories a ranking stands for: ``ranking.categories`` when it is written, else
    the one its named fields say (``category_order``, ``prial_order``, ``run_order``,
    ``suits_before_kickers``, ``special_hands``).

    A special hand placed at the top of a category (``place: tops``) is an entry of that name just
    above it, naming its hand (hands named are found first, wherever they rank); one that beats a
    category and keeps its own place is an entry without a name.

    >>> from bragrules.rules.hand_ranking import Ranking
    >>> zjh = Ranking.model_validate({"category_order": ["prial", "running_flush", "flush", "run", "pair", "high_card"],
    ...     "prial_order": "ace_high", "run_order": "akq_high",
    ...     "special_hands": [{"ranks": [2, 3, 5], "suited": False, "beats": "prial"}]})
    >>> [(c.name, c.ranks if isinstance(c.ranks, str) else c.hands()) for c in expand(zjh)]
    [('prial', 'all_equal'), ('running_flush', 'run'), ('flush', 'any'), ('run', 'run'), ('pair', 'two_equal'), ('high_card', 'any'), (None, ((3, 1, 0),))]
    """
    if ranking.categories:
        return list(ranking.categories)
    tops: List[Tuple[str, List[str], SuitShape]] = []
    taken: Dict[Tuple[int, ...], List[str]] = {}
    for special in ranking.special_hands:
        if special.beats is None or special.place != "tops":
            continue
        values = _rank_values(special.ranks)
        suits = _left_suits(_SUITS_OF[special.suited], taken.setdefault(values, []))
        taken[values].append(_SUITS_OF[special.suited])
        if suits is not None:
            tops.append((special.beats, list(special.ranks), suits))
    grouped: Dict[Tuple[str, SuitShape], List[List[str]]] = {}  # hands at a category's top with one suits tie
    for beats, ranks, suits in tops:
        grouped.setdefault((beats, suits), []).append(ranks)
    entries: List[CategoryPattern] = []
    for category in ranking.category_order:
        for (target, shape), hands in grouped.items():
            if target == category:
                written: RanksPattern = hands[0] if len(hands) == 1 else hands
                entries.append(CategoryPattern(name=category, ranks=written, suits=shape,
                                               order=CategoryOrder(by="equal")))
        entries.append(_standard(category, ranking))
    for special in ranking.special_hands:
        if special.beats is not None and special.place == "beats_only":
            entries.append(CategoryPattern(ranks=list(special.ranks), suits=_SUITS_OF[special.suited],
                                           beats=special.beats))
    return entries


# ---------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------

_PLURALS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens",
            "kings", "aces")
_STEPS = {1: N_("consecutive"), 2: N_("alternate"), 3: N_("three apart"), 4: N_("four apart"), 5: N_("five apart"),
          6: N_("six apart")}


_RANKS_SAID = {"any": N_("any three cards"), "all_equal": N_("three cards of one rank"),
               "two_equal": N_("two cards of one rank"), "all_different": N_("three different ranks")}
_ANY_RANKS_SAID = {"any": N_("any three cards"), "all_equal": N_("three cards of one suit"),
                   "all_different": N_("three cards of three suits"), "not_all_equal": N_("three cards not all of one suit")}
_SUITS_SAID = {"all_equal": N_("{ranks}, of one suit"), "all_different": N_("{ranks}, of three suits"),
               "not_all_equal": N_("{ranks}, not all of one suit")}


def category_words(name: str, words: Optional["Words"] = None) -> str:
    """A category's name as people say it: ``running flush``, ``alternate run``; in the game's own ``words``
    where it names the category (``trail`` at a Teen Patti table)."""
    from bragrules.rules.vocabulary import PLAIN

    return (words or PLAIN).hand(name)


def ranks_words(pattern: CategoryPattern) -> str:
    """What a pattern's ranks ask, in words.

    >>> ranks_words(CategoryPattern(name="alternate_run", ranks=Run(step=2)))
    'three alternate ranks (A-3-5 and A-Q-10 count)'
    """
    value = pattern.ranks
    if pattern.cards == 4:
        return tr("four cards of one rank")
    if isinstance(value, list):
        written = [value] if value and not isinstance(value[0], list) else value
        hands = [written_hand(hand) for hand in written]
        return " or ".join(hands) if language() == ENGLISH else join(hands, "or")
    if isinstance(value, Run):
        step, ace, wrap = value.step, value.ace, value.wrap
    elif value == "run":
        step, ace, wrap = 1, "high_or_low", False
    else:
        return tr(_RANKS_SAID[value])
    low = hand_text((12, step * 2 - 1, step - 1))
    high = "-".join(_SPELLED[r] for r in (12, 12 - step, 12 - 2 * step))
    if wrap:
        counts = tr("running on past the ace")
    elif ace == "high_or_low":
        counts = tr("{low} and {high} count", low=low, high=high)
    elif ace == "high":
        counts = tr("{high} counts, {low} not", low=low, high=high)
    else:
        counts = tr("{low} counts, {high} not", low=low, high=high)
    return tr("three {steps} ranks ({counts})", steps=tr(_STEPS[step]), counts=counts)


def order_words(pattern: CategoryPattern) -> str:
    """How a pattern's hands compare, in words (empty for the plain order)."""
    order = pattern.order
    parts: List[str] = []
    english = language() == ENGLISH
    if order.reversed:
        parts.append(tr("twos highest, aces lowest"))
    if order.top is not None:
        top = parse_rank(str(order.top))
        parts.append(tr("{hand} above A-A-A", hand="-".join([_SPELLED[top]] * 3)) if pattern.ranks == "all_equal" else
                     tr("{ranks} above aces", ranks=_PLURALS[top] if english else _SPELLED[top]))
    by = pattern.order.by
    if by == "equal":
        parts.append(tr("all equal"))
    elif by == "cards" and pattern.ranks == "two_equal":
        parts.append(tr("card by card"))
    if order.first:
        hands = [written_hand(hand) for hand in order.first]
        parts.append(tr("{hands} first", hands=join(hands, "then")))
    if order.suits_before_kickers:
        parts.append(tr("the pair's suits before the odd card"))
    if order.top_card is not None:
        card = parse_card(order.top_card)
        parts.append(tr("{card} above the other {ranks}", card=card.symbol,
                        ranks=_PLURALS[card.rank] if english else _SPELLED[card.rank]))
    return ("，" if language() == "zh" else ", ").join(parts)


def beats_words(beats: Beats, words: Optional["Words"] = None) -> str:
    """What a special hand beats, in words.

    >>> beats_words(Beats(category="prial", highest=["K", "K", "K"]))
    'beats every prial up to K-K-K'
    """
    hand = category_words(beats.category, words)
    if beats.lowest is not None and beats.highest is not None:
        low, high = hand_text(_rank_values(beats.lowest)), hand_text(_rank_values(beats.highest))
        return (tr("beats {hand} {low}", hand=hand, low=low) if low == high else
                tr("beats every {hand} from {low} to {high}", hand=hand, low=low, high=high))
    if beats.lowest is not None:
        return tr("beats every {hand} from {low} up", hand=hand, low=hand_text(_rank_values(beats.lowest)))
    if beats.highest is not None:
        return tr("beats every {hand} up to {high}", hand=hand, high=hand_text(_rank_values(beats.highest)))
    return tr("beats every {hand}", hand=hand)


def pattern_meaning(pattern: CategoryPattern) -> str:
    """What a pattern asks of the cards, in words: its ranks and suits.

    >>> pattern_meaning(CategoryPattern(name="run", ranks="run", suits="all_different"))
    'three consecutive ranks (A-2-3 and A-K-Q count), of three suits'
    >>> pattern_meaning(CategoryPattern(name="flush", suits="all_equal"))
    'three cards of one suit'
    """
    if pattern.ranks == "any" and pattern.cards == 3:
        return tr(_ANY_RANKS_SAID[pattern.suits])
    if pattern.suits == "any":
        return ranks_words(pattern)
    return tr(_SUITS_SAID[pattern.suits], ranks=ranks_words(pattern))


def pattern_words(pattern: CategoryPattern, words: Optional["Words"] = None) -> str:
    """One entry of ``ranking.categories`` in words: its name, what it asks (its order, what it beats), the
    names in the game's own ``words`` where it has them.

    >>> pattern_words(CategoryPattern(name="prial", ranks="all_equal", order=CategoryOrder(top="3")))
    'prial (three cards of one rank; 3-3-3 above A-A-A)'
    >>> pattern_words(CategoryPattern(ranks=[2, 3, 5], suits="not_all_equal", beats="prial"))
    'a special hand (2-3-5, not all of one suit; beats every prial, otherwise in its own place)'
    """
    parts = [pattern_meaning(pattern)]
    order = order_words(pattern)
    if order:
        parts.append(order)
    beats = pattern.beats_of()
    if beats is not None:
        parts.append(tr("{beats}, otherwise in its own place", beats=beats_words(beats, words)) if pattern.name is None
                     else beats_words(beats, words))
    name = tr("a special hand") if pattern.name is None else category_words(pattern.name, words)
    return tr("{name} ({what})", name=name, what=("；" if language() == "zh" else "; ").join(parts))
