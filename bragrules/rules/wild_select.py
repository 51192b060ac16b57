"""Wild cards as a selector: which cards are wild in a hand, said as a short list of selectors.

A table that plays wild cards chosen at the table explains them in one sentence: "each player's
lowest card is their joker", "all numbers in between the two open cards are jokers", "a pair or
two cards a step apart make one joker". ``ranking.wild.select`` says the same as a list; each
entry names a **source** and, for cards turned up on the table, a **relation**:

- ``source: lowest_rank`` / ``highest_rank``: the hand's own lowest (highest) rank, every card of
  it in the hand (Teen Patti's Lowest Joker, the high-card joker);
- ``source: centre`` with ``turned: N`` cards turned face up after the deal and a ``relation``:
  ``rank`` (every card of their ranks: Jhandu), ``between`` (every rank strictly between two turned
  cards: "Jokers in the middle"), ``suit`` (every card of their suits), ``neighbours`` (the ranks one
  above and one below: the "Up-and-Down Jokers"), ``sum`` (five cards dealt: a card of the turned card's
  number, or cards of the hand whose numbers add up to it, make one joker: "Add up get joker");
- ``source: pair`` with ``steps``: two cards of the hand whose ranks are that many steps apart
  together make one joker (``0`` a pair, Kissing-Missing's kiss; ``2`` its miss, as 6 and 8;
  ``1`` two consecutive ranks, the Skip Sequence game's "sequence").

``ranking.wild.at_most`` limits how many of a hand's cards the table's choice makes wild (the
holder choosing which). The named fields are shorthands: ``per_hand: lowest_rank`` is
``select: [{source: lowest_rank}]``, ``from_centre: N`` is ``select: [{source: centre, turned: N}]``
and ``kiss_miss: true`` is ``select: [{source: pair, steps: [0, 2]}]``; each expands to the same
:class:`Selector`, so a profile written either way plays, and costs, the same.

>>> from bragrules.core.cards import parse_cards
>>> between = Selector("centre", "between", 2, (), "ranking.wild.select")
>>> sorted(str(c) for c in centre_wild((between,), parse_cards("3d 7h")) if c & 3 == 0)
['4c', '5c', '6c']
>>> suit = Selector("centre", "suit", 1, (), "ranking.wild.select")
>>> len(centre_wild((suit,), parse_cards("Qh")))
13
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, FrozenSet, List, Literal, Optional, Sequence, Tuple

from pydantic import ConfigDict, Field, model_validator

from bragrules.core.cards import CARDS, JOKER_BASE
from bragrules.core.i18n import N_, ntr, tr
from bragrules.core.rule_id import Rule, field_rule
from bragrules.rules.area import Area
from bragrules.rules.words import join, number_said

if TYPE_CHECKING:
    from bragrules.rules.wild_deal import WildChoice

__all__ = [
    "AT_MOST_RULE",
    "SELECT_RULE",
    "Selector",
    "WildSelect",
    "centre_count",
    "centre_wild",
    "expand",
    "hand_picks",
    "kisses",
    "pip_number",
    "selector_sentence",
]

VARUNVASWANI = "http://varunvaswani.blogspot.com/2008/11/teen-patti-variations.html"
DIRTY = "https://123patti.framer.website/dirty"
CARDPARTYCLUB = "https://cardpartyclub.com/variation-rules/"
KAYGAMES = "https://kaygamestp.com/jhandu.html"
PACK_JACK = "https://123patti.framer.website/all/pack-jack"

Source = Literal["lowest_rank", "highest_rank", "centre", "pair"]
Relation = Literal["rank", "between", "suit", "neighbours", "sum"]
OnFold = Literal["stay", "replaced"]


class WildSelect(Area):
    """One selector of ``ranking.wild.select``: where a hand's wild cards come from."""

    model_config = ConfigDict(**Area.model_config, json_schema_extra={"examples": [
        {"source": "lowest_rank"},
        {"source": "centre", "relation": "between", "turned": 2},
        {"source": "centre", "relation": "suit"},
        {"source": "centre", "relation": "neighbours"},
        {"source": "centre", "turned": 3, "on_fold": "replaced"},
        {"source": "centre", "relation": "sum"},
    ]})

    source: Source = Field(
        description="Where the wild cards come from. `lowest_rank`: every card of the hand's lowest rank (aces "
        f"high), for that hand alone ({CARDPARTYCLUB}: \"each player's lowest ranking card in his/her hand will "
        "become Joker\"; with four cards dealt the best three play: \"Give 4 cards to everyone, each person's "
        f"lowest card is their own personal joker\", {VARUNVASWANI}); `highest_rank`: the same with the highest "
        "rank; `centre`: `turned` cards turned face up "
        "in the centre after the deal, seen by everyone, decide the deal's wild cards by their `relation`; `pair`: "
        "two cards of the hand whose ranks are `steps` apart together make one joker, and one more card is "
        f"discarded, so three play (five cards dealt: Kissing-Missing; the Skip Sequence of {VARUNVASWANI}: "
        "\"give 5 cards, a skip i.e. 2 cards with a gap of one (e.g 3 and 5) or a sequence i.e. 2 consecutive "
        "cards\").",
    )
    relation: Relation = Field(
        "rank",
        description="`centre` only: which cards the turned cards make wild. `rank`: every card of their ranks "
        f"(Jhandu, {KAYGAMES}: \"If the dealer places 8♦ face-up, all 8s ... act as Jokers\"); `between`: every "
        f"rank strictly between the two turned cards, aces high ({VARUNVASWANI}, \"Jokers in the middle\": \"open "
        "2 cards on the table…all numbers in between those 2 are jokers (e.g. if we open 3 and 7 then 4,5,6 are "
        "jokers)\"); `suit`: every card of their suits; `neighbours`: the ranks one above and one below each, "
        f"the ace next to both the two and the king ({DIRTY}, \"Up-and-Down Jokers\": \"Cards above and below "
        "their value are jokers (e.g., if 2 is flipped, A and 3 are jokers)\"); `sum`: five cards dealt, and a "
        "card of the turned card's number, or two or three cards of the hand whose numbers add up to it (ace 1, "
        "two to ten their pips, jack 11, queen 12, king 13), make one joker, the best three play "
        f"({VARUNVASWANI}, \"Add up get joker\": \"give 5 cards to everyone, open one card….any card/cards that "
        "add up to that number form a joker\"; the ace as one: teenpatti399's \"Total Joker\", \"8, 5+3, 6+2, "
        "1+7, 4+4\"; the page gives no number for a picture card, so they count on from ten).",
    )
    turned: int = Field(
        1, ge=1, le=3,
        description="`centre` only: how many cards are turned face up in the centre after the deal (and "
        "recorded in the log); `between` needs two.",
    )
    on_fold: OnFold = Field(
        "stay",
        description="`centre` only: what a fold does to the cards that decide the wild cards. `stay`: the turned "
        "cards decide them to the end of the deal; `replaced`: a player who folds lays their cards face up on the "
        "table, for everyone to see, in place of the cards that decided the wild cards, which from then on they "
        f"decide by the same `relation`, until the next fold (Pack Jack, {PACK_JACK}: \"Three extra cards are "
        "placed on the table as jokers for all players. [...] When a player folds (quits), their cards replace "
        "the jokers on the table. The jokers change each time someone folds\"). The wild cards are those of the "
        "table as it stands when hands are compared (a side-show, the showdown). Needs as many cards `turned` as "
        "each hand holds, and no other centre selector.",
    )
    steps: List[int] = Field(
        default_factory=list,
        description="`pair` only: how many ranks apart the two cards that make one joker are, the ace low as well "
        "as high (A and 3 are two apart, as in A-2-3): `0` a pair (a kiss), `1` two consecutive ranks, `2` two "
        "ranks with one between (a miss, or a skip). Kissing-Missing is `[0, 2]`, Skip Sequence `[1, 2]`.",
    )

    @model_validator(mode="after")
    def _shape(self) -> "WildSelect":
        if self.source != "centre" and (self.relation != "rank" or self.turned != 1 or self.on_fold != "stay"):
            raise ValueError("relation, turned and on_fold say how turned centre cards choose wild cards: "
                             "source: centre")
        if self.relation == "sum" and (self.turned != 1 or self.on_fold != "stay"):
            raise ValueError("relation: sum adds cards up to one turned card's number: turned: 1, on_fold: stay")
        if self.relation == "between" and self.turned != 2:
            raise ValueError("relation: between takes the ranks between two turned cards: turned: 2")
        if (self.source == "pair") != bool(self.steps):
            raise ValueError("steps say which two cards make a joker: source: pair, and it needs them")
        if any(not 0 <= s <= 12 for s in self.steps) or len(set(self.steps)) != len(self.steps):
            raise ValueError("steps are distinct numbers of ranks apart, 0 to 12")
        return self


@dataclass(frozen=True, slots=True)
class Selector:
    """One compiled selector: ``source``, ``relation`` and ``turned`` (centre), ``steps`` (pair), and the
    profile field it came from (``path``: a shorthand's own, or ``ranking.wild.select``), which is the rule a
    showdown it decided cites."""

    source: str
    relation: str
    turned: int
    steps: Tuple[int, ...]
    path: str
    on_fold: str = "stay"

    @property
    def rule(self) -> Rule:
        return field_rule(self.path)


SELECT_RULE: Rule = field_rule("ranking.wild.select")
AT_MOST_RULE: Rule = field_rule("ranking.wild.at_most")


def expand(wild: "WildChoice") -> Tuple[Selector, ...]:
    """The selectors of ``ranking.wild``: its shorthands first, then ``select``.

    >>> from bragrules.profile.models import Wild
    >>> [(s.source, s.path) for s in expand(Wild(per_hand="lowest_rank", from_centre=1))]
    [('lowest_rank', 'ranking.wild.per_hand'), ('centre', 'ranking.wild.from_centre')]
    >>> expand(Wild(kiss_miss=True))[0].steps
    (0, 2)
    """
    out: List[Selector] = []
    if wild.kiss_miss:
        out.append(Selector("pair", "rank", 0, (0, 2), "ranking.wild.kiss_miss"))
    if wild.per_hand != "none":
        out.append(Selector(wild.per_hand, "rank", 0, (), "ranking.wild.per_hand"))
    if wild.from_centre:
        out.append(Selector("centre", "rank", wild.from_centre, (), "ranking.wild.from_centre"))
    for entry in wild.select:
        out.append(Selector(entry.source, entry.relation, entry.turned if entry.source == "centre" else 0,
                            tuple(entry.steps), "ranking.wild.select", entry.on_fold))
    return tuple(out)


def centre_count(wild: "WildChoice") -> int:
    """How many cards are turned face up in the centre to decide wild cards (0: none)."""
    return sum(s.turned for s in expand(wild) if s.source == "centre")


def pip_number(rank: int) -> int:
    """A card's number for cards that add up to a turned card (``relation: sum``): ace 1, two to ten their pips,
    jack 11, queen 12, king 13 (``rank`` as the cards count it, 0 the two, 12 the ace).

    >>> [pip_number(r) for r in (12, 0, 8, 9, 11)]
    [1, 2, 10, 11, 13]
    """
    return 1 if rank == 12 else rank + 2


def _neighbours(rank: int) -> Tuple[int, int]:
    return (rank - 1) % 13, (rank + 1) % 13


def centre_wild(selectors: Sequence[Selector], centre: Sequence[int]) -> FrozenSet[int]:
    """The cards wild in every hand of a deal with these face-up centre cards, each centre selector taking
    its own turned cards from the centre in order."""
    ranks: set[int] = set()
    suits: set[int] = set()
    at = 0
    for s in selectors:
        if s.source != "centre":
            continue
        turned = [int(c) for c in centre[at:at + s.turned] if int(c) < JOKER_BASE]
        at += s.turned
        if s.relation == "rank" or s.relation == "sum":  # sum: a card of the number is a joker by itself
            ranks.update(c >> 2 for c in turned)
        elif s.relation == "suit":
            suits.update(c & 3 for c in turned)
        elif s.relation == "neighbours":
            for c in turned:
                ranks.update(_neighbours(c >> 2))
        elif len(turned) == 2:  # between
            low, high = sorted(c >> 2 for c in turned)
            ranks.update(range(low + 1, high))
    return frozenset(CARDS[c] for c in range(JOKER_BASE) if c >> 2 in ranks or c & 3 in suits)


def hand_picks(selectors: Sequence[Selector], hand: Sequence[int]) -> List[int]:
    """The cards of ``hand`` its own ranks make wild (``lowest_rank``, ``highest_rank``)."""
    out: List[int] = []
    ranks = [int(c) >> 2 for c in hand if int(c) < JOKER_BASE]
    if not ranks:
        return out
    for s in selectors:
        if s.source == "lowest_rank" or s.source == "highest_rank":
            chosen = min(ranks) if s.source == "lowest_rank" else max(ranks)
            out.extend(int(c) for c in hand if int(c) < JOKER_BASE and int(c) >> 2 == chosen)
    return out


def kisses(a: int, b: int, steps: Sequence[int]) -> bool:
    """Whether two cards make one joker: their ranks ``steps`` apart, the ace low as well as high.

    >>> from bragrules.core.cards import parse_cards
    >>> six, eight, ace, three, two = (int(c) for c in parse_cards("6c 8d Ah 3s 2d"))
    >>> kisses(six, eight, (0, 2)), kisses(ace, three, (0, 2)), kisses(ace, two, (0, 2)), kisses(ace, two, (1, 2))
    (True, True, False, True)
    """
    ra, rb = a >> 2, b >> 2
    gap = abs(ra - rb)
    if gap in steps:
        return True
    if ra == 12 or rb == 12:  # the ace low: one below the two
        other = rb if ra == 12 else ra
        return other + 1 in steps and other != 12
    return False


# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------

def _relation(relation: str, turned: int) -> str:
    """Which cards the centre's cards make wild, in words (``turned``: how many are turned)."""
    if relation == "between":
        return tr("every card of a rank between them (aces high) is wild")
    if relation == "rank":
        return ntr("every card of its rank is wild", "every card of their ranks is wild", turned)
    if relation == "suit":
        return ntr("every card of its suit is wild", "every card of their suits is wild", turned)
    return ntr("every card of the ranks one above and one below it (the ace next to both the two and the king) is wild",
               "every card of the ranks one above and one below them (the ace next to both the two and the king) is "
               "wild", turned)


def _steps_words(steps: Sequence[int]) -> str:
    words = {0: N_("a pair"), 1: N_("of consecutive ranks"), 2: N_("of two ranks with one between")}
    return join([tr(words[s]) if s in words else tr("of two ranks {n} apart", n=number_said(s))
                 for s in sorted(steps)], "or")


def selector_sentence(s: Selector) -> str:
    """One selector at the table, in words.

    >>> selector_sentence(Selector("centre", "between", 2, (), "ranking.wild.select"))
    'after the deal two cards are turned face up in the centre for everyone to see; every card of a rank between them (aces high) is wild in every hand of that deal'
    >>> selector_sentence(Selector("pair", "rank", 0, (1, 2), "ranking.wild.select"))
    'of the five cards dealt, two that are of consecutive ranks or of two ranks with one between may count together as one joker, and one more card is discarded, so that three play'
    """
    if s.source in ("lowest_rank", "highest_rank"):
        return (tr("in each hand the cards of its lowest rank are wild, for that hand alone") if s.source == "lowest_rank"
                else tr("in each hand the cards of its highest rank are wild, for that hand alone"))
    if s.source == "pair":
        return tr("of the five cards dealt, two that are {steps} may count together as one joker, and one more card is "
                  "discarded, so that three play", steps=_steps_words(s.steps))
    if s.relation == "sum":
        return tr("after the deal one card is turned face up in the centre for everyone to see; of the five cards "
                  "dealt, a card of its number, or two or three cards whose numbers add up to it (ace one, jack eleven, "
                  "queen twelve, king thirteen), make one joker, and the best three play")
    said = ntr("after the deal {count} card is turned face up in the centre for everyone to see; {relation} in every hand "
               "of that deal",
               "after the deal {count} cards are turned face up in the centre for everyone to see; {relation} in every "
               "hand of that deal", s.turned, count=number_said(s.turned), relation=_relation(s.relation, s.turned))
    if s.on_fold == "replaced":
        said = tr("{said}; a player who folds lays their cards face up on the table in their place, and from then on "
                  "the folder's cards decide the wild cards the same way, until the next fold", said=said)
    return said


def at_most_words(n: Optional[int]) -> str:
    """What ``ranking.wild.at_most`` says at the table.

    >>> print(at_most_words(1))
    at most one card of a hand is wild by the table's choice, the one its holder likes best
    >>> print(at_most_words(None))
    every card the table's choice makes wild is wild
    """
    if n is None:
        return tr("every card the table's choice makes wild is wild")
    return ntr("at most {count} card of a hand is wild by the table's choice, the one its holder likes best",
               "at most {count} cards of a hand are wild by the table's choice, the ones its holder likes best", n,
               count=number_said(n))
