"""The table area: who plays, who deals first, where the deal goes, how the cards go out.

>>> from bragrules.profile.models import Profile
>>> TEXT.fields[0].sentence(Profile())
'the game needs at least 3 players'
>>> rotation_step(Profile()), rotation_step(Profile.model_validate({"table": {"rotation": "fixed"}}))
(1, 0)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, List, Literal, Optional, Tuple

from pydantic import Field, model_validator

from bragrules.core.cards import JOKER_BASE, Card
from bragrules.core.i18n import ENGLISH, language, ntr, tr
from bragrules.core.rule_id import field_rule
from bragrules.rules.area import Area, AreaText, FieldText, Section, choice
from bragrules.rules.hooks import AreaPolicy
from bragrules.rules.wild_select import centre_count
from bragrules.rules.words import number_said, number_word, sentence

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------

GAMERULES_STB = "https://gamerules.com/rules/stop-the-bus/"
PEEL = ("https://bitlit.ru/page/en/w-h-peel/round-games-with-cards-a-practical-treatise-on-all-the-most-popular-games-"
        "with-their-different-variations-and-hints-for-their-practice/16")


class Table(Area):
    """Who plays and how the deal moves round the table."""

    min_players: int = Field(
        3, ge=2, le=20, description="Fewest players the game may start with."
    )
    max_players: int = Field(
        8, ge=2, le=20, description="Most players the game may seat; at least `table.min_players`. With `format.cards_dealt` "
        "(and the centre cards of `format.exchange`) it must fit in the pack: 8 × 3 = 24, but "
        "Nine-Card seats at most 5 (5 × 9 = 45)."
    )
    first_dealer: Literal["random", "first_seat", "cut_low"] = Field(
        "random",
        description="How the first dealer is chosen. `random`: drawn at random (from the seed); `first_seat`: "
        "the first seat listed, as agreed at the table (000: \"designate a dealer\"); `cut_low`: a cut for the "
        "deal, each player in seat order drawing one card from a shuffled pack (from the seed), the lowest card "
        "dealing first, twos lowest and aces highest, suits not counting, and equal lowest cutting again "
        "(" + GAMERULES_STB + ": \"Begin the game by deciding who will be the first dealer. Have each player "
        "draw a single card from the deck. The lowest card deals first.\"; " + PEEL + ": \"the players cut for "
        "the deal, and the player who cuts the lowest card deals first. If two or more players cut equal lowest "
        "cards, these players must cut again for the deal\").",
    )
    rotation: Literal["clockwise", "anticlockwise", "fixed"] = Field(
        "clockwise",
        description="Where the deal goes after each deal, always to a player still in (out of chips or lives, "
        "a player no longer deals). `clockwise`: one place clockwise, passing over players who "
        "are out; `anticlockwise`: one place anticlockwise; `fixed`: the same dealer throughout, "
        "until out (then clockwise).",
    )
    deal: Literal["singly", "in_batches"] = Field(
        "singly",
        description="How the cards go out. `singly`: one at a time round the table from the dealer's left; "
        "`in_batches`: each player's cards at once.",
    )
    cut: bool = Field(
        True,
        description="Whether the pack is cut, by the player on the dealer's right, after each shuffle.",
    )
    sitting_out: Literal["not_allowed", "free", "post_missed"] = Field(
        "not_allowed",
        description="Whether a player may sit out deals and come back (https://wikisum.wiki/wiki/Teen_Patti: "
        "\"A player who is temporarily away from his seat (e.g. for drinks or a restroom/bathroom break) and "
        "misses antes is also required to post to re-enter the game\"). `not_allowed`: everyone still in is "
        "dealt every deal; `free`: between deals a player may sit out (dealt no cards, dealing no deal, "
        "paying nothing) and sit in again; `post_missed`: as `free`, but a player coming back posts every "
        "ante they missed while away, dead money in the pot of their first deal back.",
    )

    @model_validator(mode="after")
    def _range(self) -> "Table":
        if self.min_players > self.max_players:
            raise ValueError(
                f"min_players ({self.min_players}) is above max_players ({self.max_players})"
            )
        return self


# ---------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------


def rotation_step(p: "Profile") -> int:
    """Where the deal moves after a deal: one seat on (1), one seat back (-1), or nowhere (0)."""
    return {"clockwise": 1, "anticlockwise": -1, "fixed": 0}[p.table.rotation]


# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------

MIN_PLAYERS_RULE = field_rule("table.min_players")
MAX_PLAYERS_RULE = field_rule("table.max_players")
SITTING_OUT_RULE = field_rule("table.sitting_out")


@dataclass(frozen=True, slots=True)
class TablePolicy(AreaPolicy):
    """The table as the engine asks it: how many may sit, who deals first and next, how cards go round.

    >>> from bragrules.profile.models import Profile
    >>> TablePolicy.compile(Profile()).max_players
    8
    """

    min_players: int
    max_players: int
    rotation_step: int
    first_dealer_random: bool
    deal_singly: bool
    cut: bool
    sitting_out: str = "not_allowed"
    """``table.sitting_out``: ``not_allowed``, ``free`` or ``post_missed``."""
    cut_for_deal: bool = False
    """``table.first_dealer: cut_low``: the first dealer drawn from the seed by a cut for the deal."""

    @classmethod
    def compile(cls, p: "Profile") -> "TablePolicy":
        table = p.table
        return cls(table.min_players, table.max_players, rotation_step(p), table.first_dealer != "first_seat",
                   table.deal == "singly", table.cut, table.sitting_out, table.first_dealer == "cut_low")

    def draw_first_dealer(self, rng: random.Random, count: int) -> int:
        """The seat of the first dealer the seed draws (``first_dealer_random``): at random, or by a cut for the
        deal (:func:`cut_for_deal`)."""
        if self.cut_for_deal:
            return cut_for_deal(rng, count)[0]
        return rng.randrange(count)


def cut_for_deal(rng: random.Random, count: int) -> Tuple[int, Tuple[Dict[int, Card], ...]]:
    """A cut for the deal (``table.first_dealer: cut_low``) among ``count`` seats: the seat that cuts the lowest
    card, and each round of cards cut (seat: card). Each round the pack is shuffled and each seat still in draws
    the next card; twos are lowest, aces highest, suits do not count; the equal lowest cut again.

    >>> seat, rounds = cut_for_deal(random.Random(3), 4)
    >>> cut = rounds[-1]
    >>> seat in cut and all(cut[seat].rank < card.rank for other, card in cut.items() if other != seat)
    True
    """
    seats = list(range(count))
    rounds: List[Dict[int, Card]] = []
    while True:
        pack = list(range(JOKER_BASE))
        rng.shuffle(pack)
        cut = {seat: Card(pack[i]) for i, seat in enumerate(seats)}
        rounds.append(cut)
        low = min(card.rank for card in cut.values())
        seats = [seat for seat in seats if cut[seat].rank == low]
        if len(seats) == 1:
            return seats[0], tuple(rounds)



def play_direction(p: "Profile") -> str:
    """Which way play goes round the table: ``"clockwise from the dealer's left"``,
    or ``"anticlockwise from the dealer's right"`` when the deal passes that way."""
    if p.table.rotation == "anticlockwise":
        return tr("anticlockwise from the dealer's right")
    return tr("clockwise from the dealer's left")


def min_players(p: "Profile") -> str:
    return ntr("the game needs at least {n} player", "the game needs at least {n} players", p.table.min_players)


def max_players(p: "Profile") -> str:
    return ntr("at most {n} player may sit in", "at most {n} players may sit in", p.table.max_players)


def seats(p: "Profile") -> str:
    """How many players this table seats: the profile's own limits, which may be narrower than
    its text's (003's game is "2 到 8 人", its site seats six).

    >>> from bragrules.profile import load_profile
    >>> seats(load_profile("casual"))
    'this table seats 2 to 6 players'
    """
    low, high = p.table.min_players, p.table.max_players
    if low != high:
        return tr("this table seats {low} to {high} players", low=low, high=high)
    return ntr("this table seats {n} player", "this table seats {n} players", low)


def deal(p: "Profile") -> str:
    direction = play_direction(p)
    if p.table.deal == "in_batches":
        return tr("each player's cards are dealt in one batch, {direction}", direction=direction)
    return tr("cards are dealt one at a time, {direction}", direction=direction)


FIRST_DEALER = choice(
    "table.first_dealer",
    lambda p: p.table.first_dealer,
    {
        "random": "the first dealer is chosen at random",
        "first_seat": "the first dealer is the first seat, as agreed at the table",
        "cut_low": "the players cut for the first deal: each draws a card, the lowest deals first (aces high, "
                   "suits not counting), and the equal lowest cut again",
    },
    {"random": "002", "first_seat": "000 (a designated dealer)",
     "cut_low": "gamerules.com, \"Stop the Bus\"; Peel, \"Round Games with Cards\" (Poker)"},
)
ROTATION = choice(
    "table.rotation",
    lambda p: p.table.rotation,
    {
        "clockwise": "the deal passes one place clockwise after each deal",
        "anticlockwise": "the deal passes one place anticlockwise after each deal",
        "fixed": "the same player deals every hand",
    },
    {"clockwise": "000, 002, 003", "anticlockwise": "house rule", "fixed": "house rule"},
)
CUT = choice(
    "table.cut",
    lambda p: p.table.cut,
    {
        True: "the player on the dealer's right cuts the pack after each shuffle",
        False: "the pack is not cut",
    },
    {"true": "000", "false": "house rule (003 mentions no cut)"},
)


SITTING_OUT_TEXT = {
    "not_allowed": "nobody sits out: everyone still in is dealt every deal",
    "free": "a player may sit out deals between deals, and sit in again without paying",
    "post_missed": "a player may sit out deals, and coming back posts every ante missed while away",
}
SITTING_OUT = FieldText(
    "table.sitting_out", lambda p: p.table.sitting_out, lambda p: tr(SITTING_OUT_TEXT[p.table.sitting_out]),
    {"not_allowed": "000, 002, 003 (they say nothing of sitting out)", "free": "house rule",
     "post_missed": "wikisum.wiki (Teen Patti): \"misses antes is also required to post to re-enter\""},
    choices=dict(SITTING_OUT_TEXT), later=True,
)


# ---------------------------------------------------------------------------
# The rulebook: the pack and the deal
# ---------------------------------------------------------------------------


def deal_section(p: "Profile") -> Optional[Section]:
    from bragrules.rules import format as fmt
    from bragrules.rules import pack

    sec = Section("deal", tr("The pack and the deal"))
    sec.para(
        sentence(seats(p)),
        sentence(pack.stripped_ranks(p)) if p.pack.stripped_ranks else "",
        sentence(pack.jokers(p)),
    )
    shuffle = [sentence(pack.SHUFFLE.sentence(p))]
    if p.pack.shuffle != "every_deal":
        shuffle.append(tr("Between shuffles, folded and completed hands go under the pack in the order they are "
                          "collected; a retained blind hand stays out.") if p.blind.retention else
                       tr("Between shuffles, folded and completed hands go under the pack in the order they are "
                          "collected."))
    shuffle.append(sentence(CUT.sentence(p)))
    out: List[str] = []
    lives = p.format.lives is not None
    if p.session.bankroll == "finite" or lives:
        out.append(tr("A player who is out (no chips or no lives left) neither deals nor plays: the deal passes to "
                      "the next player still in.") if lives else
                   tr("A player who is out (no chips left) neither deals nor plays: the deal passes to the next "
                      "player still in."))
    if p.table.sitting_out != "not_allowed":
        out.append(sentence(SITTING_OUT.sentence(p)))
    sec.para(sentence(FIRST_DEALER.sentence(p)), sentence(ROTATION.sentence(p)), *out)
    sec.para(*shuffle)
    from bragrules.rules.open_hands import face_up

    dealt = [sentence(deal(p)), sentence(fmt.cards_dealt(p)),
             sentence(face_up(p)) if not p.format.open.face_up else ""]  # face up: the format's section says which
    if p.format.exchange.enabled and p.format.exchange.source == "stock_or_discard":  # draws (rules/format.py)
        dealt.append(tr("The rest of the pack is the stock, face down; its top card is turned to start the discard pile."))
    elif p.format.exchange.enabled:
        centre = p.format.exchange.centre_cards
        dealt.append(ntr("Then {n} card is dealt in the centre, the middle one face down.",
                         "Then {n} cards are dealt in the centre, the middle one face down.", centre)
                     if p.format.exchange.face_down else
                     ntr("Then {n} card is dealt face up in the centre.", "Then {n} cards are dealt face up in the centre.",
                         centre))
    elif centre_count(p.ranking.wild):  # wild cards decided by face-up centre cards (rules/wild_select.py)
        centre = centre_count(p.ranking.wild)
        dealt.append(ntr("Then {count} card is dealt face up in the centre, for everyone to see: they decide the "
                         "deal's wild cards.", "Then {count} cards are dealt face up in the centre, for everyone to see: they "
                         "decide the deal's wild cards.", centre, count=number_word(centre) if language() == ENGLISH
                         else number_said(centre)))
    if p.format.betting:
        dealt.append(tr("The player on the dealer's right speaks first, and play goes round anticlockwise.")
                     if p.table.rotation == "anticlockwise" else
                     tr("The player on the dealer's left speaks first, and play goes round clockwise."))
    sec.para(*dealt)
    return sec


TEXT = AreaText(
    key="table",
    name="table",
    title="Table and deal",
    fields=(
        FieldText("table.min_players", lambda p: p.table.min_players, min_players,
                  {"3": "000", "2": "003", "*": "house rule"}),
        FieldText("table.max_players", lambda p: p.table.max_players, max_players,
                  {"8": "000, 003", "7": "000 (Seven-Card Brag: 7 × 7 = 49 cards)",
                   "6": "003 (the site's six seats; its game is for 2 to 8)",
                   "5": "000 (Nine-Card Brag: 5 × 9 = 45 cards)", "*": "house rule"}),
        FIRST_DEALER,
        ROTATION,
        FieldText("table.deal", lambda p: p.table.deal, deal, {"singly": "000, 002, 003", "in_batches": "house rule"}),
        CUT,
        SITTING_OUT,
    ),
    sections=((10, deal_section),),
)
