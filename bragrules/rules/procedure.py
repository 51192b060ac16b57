"""The procedure area: a deal as a list of steps, and the steps a table adds to it.

A deal runs through steps, each owned by the area whose rule it is: the forced stakes (``stakes``),
the cut (``table``), the deal (``pack``, ``format``), the betting (``stakes``, open-ended or a fixed number
of rounds), the showdown (``seeing``), and who deals next (``table``). :class:`ProcedurePolicy` lists them
for a profile (:attr:`ProcedurePolicy.steps`); the default profile's list is the order every table plays
today, and a profile extends it with the steps below, each a condition the engine asks through the hooks
(:mod:`bragrules.rules.hooks`), never a branch on a variant's name:

- ``procedure.bust_card``: after the deal one card is turned face up, and every player holding a card of its
  rank must pack at once (Teen Patti's "Card, Colour, Bust": "anybody with the third card's number will have to
  pack his or her hand immediately"). The card is dealt from the pack after the hands, so a log records it in
  the deal's centre and the audit follows it from the seed.
- ``procedure.trump_card``: after the deal one card is turned face up and its suit is the trump suit (hukam) of
  the deal: between hands otherwise equal, a trump card outranks a card of the same rank in another suit
  (3pattimaster.com, "Hukum variations": "That card's suit becomes the "hukum" (trump) suit. A card from the trump
  suit outranks a non-trump card of the same rank when comparing hands").
- ``procedure.ante_card``: a card turned face up sets the deal's ante: by its suit, spades four times
  ``stakes.ante``, hearts three, clubs two, diamonds one (gamekillerapp.com, Teen Patti: "the dealer reveals the
  first card from the deck. This card is called the "boot." [...] If the boot is a spade, the value of the boot is
  multiplied by four"). It is dealt from the pack after the hands, the first card turned, and every ante is posted
  at its value, so a log writes both and the audit checks each ante against the card.
- ``procedure.hunt_rounds``: a hunt for the jokers before the betting (Teen Patti's Joker Hunt): the centre cards
  that decide the wild cards are laid face up with as many more as there are rounds for each player; each round,
  each player in turn takes one of them for a card of their own, put out of play, or turns one face down; the
  cards left face up then decide the wild cards (zeenews.india.com, "Joker Hunt": "each player either picks up
  one open card and discards one of his own into the pack or if he doesn't want to pick any card, he just closes
  one card on the table i.e. turns it face down").
- ``procedure.betting_rounds``: a fixed number of betting rounds, then everyone still in shows
  (the ``forced_show`` hook); open-ended by default.
- ``procedure.next_dealer``: the deal passes round the table (``table.rotation``), or to the winner of the last
  deal ("winner deals").

>>> from bragrules.profile.models import Profile
>>> [step.name for step in ProcedurePolicy.compile(Profile()).steps]
['forced stakes', 'cut', 'deal', 'betting', 'showdown', 'next dealer']
>>> bust = Profile.model_validate({"procedure": {"bust_card": True, "betting_rounds": 3}})
>>> [step.name for step in ProcedurePolicy.compile(bust).steps]
['forced stakes', 'cut', 'deal', 'bust card', 'betting rounds', 'showdown', 'next dealer']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Optional, Sequence, Tuple

from pydantic import Field

from bragrules.core.cards import Card
from bragrules.core.derived import departs
from bragrules.core.i18n import N_, language, ntr, tr
from bragrules.core.rule_id import Rule, field_rule
from bragrules.rules.area import Area, AreaText, FieldText, Section, choice
from bragrules.rules.bank import KIND_RULE as BANK_KIND_RULE
from bragrules.rules.bank import Bank, BankPolicy
from bragrules.rules.hooks import AreaPolicy, Betting, EndingAnswer, ForcedShow, SidePotTable
from bragrules.rules.pots import POINTS_DRAW_RULE
from bragrules.rules.words import count, number_said, sentence, times_text

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

MENSXP = "https://www.mensxp.com/culture/nightlife/32866-5-teen-patti-variations-you-should-be-playing-at-the-next-card-party.html"
MENSXP_NAME = "mensxp.com, \"5 Teen Patti Variations\" (Card, Colour, Bust)"
MISSMALINI = "https://www.missmalini.com/2012/11/13/your-diwali-teen-patti-cheat-sheet/"
MISSMALINI_NAME = "missmalini.com, \"Your Diwali Teen Patti cheat sheet\" (Open Cards)"
HUKUM = "https://3pattimaster.com/blog/hukum-variations-master-teen-patti-rules"
HUKUM_NAME = "3pattimaster.com, \"Hukum variations\" (Classic Hukum)"
ZEENEWS = "http://zeenews.india.com/entertainment/diwali-2011/teen-patti-variations-to-try_98611.html"
ZEENEWS_NAME = "zeenews.india.com, \"Teen-Patti Variations to try!\" (Joker Hunt)"
CASINOBONUS_NAME = "casinobonus.in, \"Most Popular Teen Patti Variations\" (Joker Hunt)"
GAMEKILLER = "https://gamekillerapp.com/games/teenpatti"
GAMEKILLER_NAME = "gamekillerapp.com, \"Teen Patti\" (the boot card)"
ANTE_SUIT_TIMES = {3: 4, 2: 3, 0: 2, 1: 1}
"""The ante card's suit (``procedure.ante_card: suit``): how many antes it sets, by suit (0 clubs, 1 diamonds,
2 hearts, 3 spades): "If the boot is a spade, the value of the boot is multiplied by four. If the boot is a heart,
the value of the boot is multiplied by three. If the boot is a club, the value of the boot is multiplied by two. If
the boot is a diamond, the value of the boot is multiplied by one." (gamekillerapp.com)."""

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


class Procedure(Area):
    """The steps a table adds to a deal: a trump suit or a bust card turned, a fixed number of betting rounds, who
    deals next.

    A deal is a list of steps, each owned by its area: the forced stakes (`stakes`), the cut (`table.cut`), the
    deal (`pack`, `format`), the betting, the showdown (`seeing`), who deals next (`table.rotation`). None of
    these fields is set by default, and the list is the one every profile plays: forced stakes, a cut (where
    `table.cut` says), deal, betting, showdown, next dealer. Each field below adds a step or changes one (`rulebook` prints the list as the
    profile plays it); a turned card is dealt from the pack after the hands and written in the log's `centre`,
    so the audit follows it from the seed and checks who had to pack.
    """

    bust_card: bool = Field(
        False,
        description="After the deal one card is turned face up from the pack: every player holding a card of its "
        "rank packs at once, before the betting, their antes left in the pot. A player the bust card leaves alone "
        "takes the pot; if it busts everyone, the pot carries into the next deal. Sources: " + MENSXP_NAME
        + " (\"anybody with the third card's number will have to pack his or her hand immediately\"); "
        + MISSMALINI_NAME + " (\"one card where the number is a compulsory bust\").",
    )
    trump_card: bool = Field(
        False,
        description="After the deal one card is turned face up from the pack, and its suit is the deal's trump suit "
        "(hukam): between two hands otherwise equal, compared card by card from the cards that count most (a pair "
        "before its odd card, then from the highest), a trump card outranks a card of the same rank in another suit. "
        "With a bust card as well, the trump card is turned first. Source: " + HUKUM_NAME + " (\"the dealer turns "
        "one card face-up. That card's suit becomes the 'hukum' (trump) suit. A card from the trump suit outranks a "
        "non-trump card of the same rank when comparing hands\").",
    )
    ante_card: Literal["none", "suit"] = Field(
        "none",
        description="A card turned face up from the pack sets the deal's ante. `none`: the ante is `stakes.ante`; "
        "`suit`: every player's ante is `stakes.ante` times the turned card's suit value, spades 4, hearts 3, "
        "clubs 2, diamonds 1 (a joker 1). The card is dealt after the hands, before any other card turned, and "
        "written in the log's `centre`; each ante is written in the deal's `posts`, and the audit checks it against "
        "the card. Source: " + GAMEKILLER_NAME + " (\"the dealer reveals the first card from the deck. This card "
        "is called the 'boot.' [...] The value of the boot is determined by the suit of the card [...] If the boot "
        "is a spade, the value of the boot is multiplied by four. If the boot is a heart, the value of the boot is "
        "multiplied by three. If the boot is a club, the value of the boot is multiplied by two. If the boot is a "
        "diamond, the value of the boot is multiplied by one\").",
    )
    hunt_rounds: int = Field(
        0, ge=0, le=3,
        description="Rounds of a hunt for the jokers before the betting (Teen Patti's Joker Hunt). The cards that "
        "decide the wild cards (a centre selector of `ranking.wild.select`, `turned` of them) are laid face up with "
        "as many more as `hunt_rounds` times the players; each round, going round the table, each player either "
        "takes one of them for a card of their own, which goes face down out of play (a player must have looked "
        "to give a card), or turns one of them face down, out of play. After the rounds the `turned` cards left "
        "face up decide the wild cards by the selector's `relation`, and the betting starts. `0`: no hunt. "
        "Sources: " + ZEENEWS_NAME + " (\"open on the table cards which are twice the number of players plus "
        "three [...] the game has 2 rounds in which each player either picks up one open card and discards one of "
        "his own into the pack or if he doesn't want to pick any card, he just closes one card on the table i.e. "
        "turns it face down [...] after 2 such rounds we will be left with three cards open on the table…which "
        "will be the three jokers…then the game proceeds as normal\"); " + CASINOBONUS_NAME + ".",
    )
    betting_rounds: Optional[int] = Field(
        None, ge=1, le=100,
        description="A fixed number of betting rounds: once every player still in (and not all in) has bet that "
        "many times, everyone still in shows and the best hand takes the pot. `null`: the betting is open-ended, "
        "until a see or everyone else folds.",
    )
    next_dealer: Literal["rotation", "winner"] = Field(
        "rotation",
        description="Who deals next. `rotation`: the deal passes round the table as `table.rotation` says; "
        "`winner`: the winner of the last deal deals the next (a split or carried pot, a redeal or an abandoned "
        "hand: the deal passes round as usual).",
    )
    bank: Bank = Field(default_factory=Bank, description="A banking game: each hand against a banker or the house "
                       "(bragrules.rules.bank).")


def check_profile(p: "Profile") -> Optional[Tuple[str, Tuple[str, ...]]]:
    """A procedure the rest of the profile cannot play: (message, the fields in conflict), or None."""
    from bragrules.rules.bank import check_profile as check_bank
    from bragrules.rules.wild_select import centre_count

    banking = check_bank(p)
    if banking is not None:
        return banking
    proc, fmt = p.procedure, p.format
    wild_centre = centre_count(p.ranking.wild) > 0
    ante = ante_card_conflict(p)
    if ante is not None:
        return ante
    for path, on in (("procedure.bust_card", proc.bust_card), ("procedure.trump_card", proc.trump_card),
                     ("procedure.ante_card", proc.ante_card != "none")):
        if on and (not fmt.betting or fmt.hands != 1 or fmt.exchange.enabled or wild_centre):
            return (f"a card turned after the deal ({path}) needs a one-hand game with betting and no other card "
                    "turned or exchanged (format.betting, format.hands, format.exchange, ranking.wild.from_centre, "
                    "a centre selector of ranking.wild.select)",
                    (path, "format.betting", "format.hands", "format.exchange.enabled", "ranking.wild.from_centre",
                     "ranking.wild.select"))
        if on and p.session.points.spare_hand:
            return f"a card turned after the deal ({path}) and a spare hand cannot share the centre", \
                (path, "session.points.spare_hand")
    hunt = hunt_conflict(p, wild_centre)
    if hunt is not None:
        return hunt
    if proc.betting_rounds is not None and not fmt.betting:
        return "betting rounds need betting (format.betting)", ("procedure.betting_rounds", "format.betting")
    return None


def ante_card_conflict(p: "Profile") -> Optional[Tuple[str, Tuple[str, ...]]]:
    """An ante card (``procedure.ante_card``) the stakes cannot play, or None: it sets everyone's ante, so there
    must be one (no boot in its place, a positive ``stakes.ante``), and the bankroll unlimited (a stack may not
    cover four antes)."""
    if p.procedure.ante_card == "none":
        return None
    if p.stakes.forced.kind == "boot" or not p.stakes.ante or p.session.bankroll != "unlimited":
        return ("a card that sets the ante (procedure.ante_card) needs everyone to ante (stakes.ante above 0, no boot "
                "in its place) and an unlimited bankroll",
                ("procedure.ante_card", "stakes.ante", "stakes.forced.kind", "session.bankroll"))
    return None


def hunt_conflict(p: "Profile", wild_centre: bool) -> Optional[Tuple[str, Tuple[str, ...]]]:
    """A hunt for the jokers (``procedure.hunt_rounds``) the rest of the profile cannot play, or None."""
    from bragrules.rules.wild_select import expand

    rounds, fmt = p.procedure.hunt_rounds, p.format
    if not rounds:
        return None
    paths = ("procedure.hunt_rounds", "ranking.wild.select", "format.betting", "format.hands",
             "format.exchange.enabled", "format.discard_before_betting", "procedure.bust_card", "procedure.trump_card")
    replaced = any(s.on_fold == "replaced" for s in expand(p.ranking.wild))
    if (not wild_centre or replaced or not fmt.betting or fmt.hands != 1 or fmt.exchange.enabled
            or fmt.discard_before_betting or p.procedure.bust_card or p.procedure.trump_card):
        return ("a hunt for the jokers (procedure.hunt_rounds) needs centre cards that decide the wild cards and stay "
                "(a centre selector of ranking.wild.select, on_fold: stay), and a one-hand game with betting, no "
                "other exchange, discard or turned card", paths)
    laid = centre_count_of(p) + (fmt.cards_dealt + rounds) * p.table.max_players
    size = 52 + p.pack.jokers - 4 * len(p.pack.stripped_ranks)
    if laid > size:
        return (f"a hunt for the jokers lays {rounds} more centre cards for each player: {p.table.max_players} "
                f"players need {laid} cards, the pack has {size} (table.max_players)",
                ("procedure.hunt_rounds", "table.max_players", "format.cards_dealt"))
    return None


def centre_count_of(p: "Profile") -> int:
    """The centre cards that decide the wild cards (``turned`` of the centre selectors)."""
    from bragrules.rules.wild_select import centre_count

    return centre_count(p.ranking.wild)


# ---------------------------------------------------------------------------
# The policy: the steps, and the questions the engine asks
# ---------------------------------------------------------------------------

BUST_CARD_RULE: Rule = field_rule("procedure.bust_card")
TRUMP_CARD_RULE: Rule = field_rule("procedure.trump_card")
HUNT_RULE: Rule = field_rule("procedure.hunt_rounds")
BETTING_ROUNDS_RULE: Rule = field_rule("procedure.betting_rounds")
NEXT_DEALER_RULE: Rule = field_rule("procedure.next_dealer")
ANTE_CARD_RULE: Rule = field_rule("procedure.ante_card")


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a deal: its name, the area that owns it (whose policy the engine asks), and its rule."""

    name: str
    area: str
    rule: Optional[Rule] = None


DEFAULT_STEPS: Tuple[Step, ...] = (
    Step("forced stakes", "stakes"),
    Step("deal", "pack"),
    Step("betting", "stakes"),
    Step("showdown", "seeing"),
    Step("next dealer", "table"),
)
"""The steps every table plays, in order (a cut, where the profile has one, comes before the deal)."""

STEP_WORDS: Tuple[str, ...] = (
    N_("forced stakes"), N_("cut"), N_("deal"), N_("trump card"), N_("bust card"), N_("stakes against the bank"),
    N_("betting"), N_("betting rounds"), N_("showdown"), N_("settlement against the bank"), N_("next dealer"),
    N_("winner deals"), N_("joker hunt"), N_("draws for the pips stake"), N_("ante card"))
"""The names of the steps a deal may have, for the catalogue (the rulebook's order of a deal says them)."""


@dataclass(frozen=True, slots=True)
class ProcedurePolicy(AreaPolicy):
    """The procedure as the engine asks it.

    ``turned``: how many cards are turned face up after the deal (the bust card); ``rounds``: the fixed number of
    betting rounds (None: open-ended); ``winner_deals``: the winner of a deal deals the next; ``cut``: the profile
    cuts the pack before the deal (``table.cut``), a step of the table's.
    """

    bust_card: bool = False
    rounds: Optional[int] = None
    winner_deals: bool = False
    cut: bool = False
    trump_card: bool = False
    bank: Optional[BankPolicy] = None
    """A banking game (``procedure.bank``): each hand settled against the banker's or the house's; None: a pot."""
    points_draw: bool = False
    """Draws from the stock for the pips stake before the betting (``pots.points_draw``), a step of the pots'."""
    hunt_rounds: int = 0
    """Rounds of a hunt for the jokers before the betting (``procedure.hunt_rounds``); 0: none."""
    ante_card: bool = False
    """A card turned sets the deal's ante by its suit (``procedure.ante_card: suit``)."""
    steps: Tuple[Step, ...] = field(init=False, compare=False, repr=False)
    """The deal's steps in order, each with its owner: the default list, extended by this profile's steps."""
    turned_roles: Tuple[str, ...] = field(init=False, compare=False, repr=False)
    """What each card turned face up after the hands is for, in the order turned (``"trump"``, ``"bust"``)."""
    turned: int = field(init=False, compare=False, repr=False)
    """How many cards are turned face up from the pack after the hands are dealt."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", self._steps())
        roles = (("ante",) if self.ante_card else ()) + (("trump",) if self.trump_card else ()) + (
            ("bust",) if self.bust_card else ()) + (
            ("dealer",) * 3 if self.bank is not None and self.bank.house else ())
        object.__setattr__(self, "turned_roles", roles)
        object.__setattr__(self, "turned", len(roles))

    @classmethod
    def compile(cls, p: "Profile") -> "ProcedurePolicy":
        proc = p.procedure
        return cls(proc.bust_card, proc.betting_rounds, proc.next_dealer == "winner", p.table.cut, proc.trump_card,
                   BankPolicy.compile(p), p.pots.points_draw and p.pots.thirty_one is not None, proc.hunt_rounds,
                   proc.ante_card == "suit")

    @property
    def in_play(self) -> bool:
        """Whether any step departs from the default list's (the engine asks nothing of the procedure when not;
        the cut is the table's own step, unread here)."""
        return departs(self, _PLAIN, ("cut",))

    @property
    def answers_ending(self) -> bool:
        """Whether :meth:`ending` can name an ending under this profile (a bust card, a banking game)."""
        return self.bust_card or self.bank is not None

    def turned_card(self, turned: Sequence[Card], role: str) -> Optional[Card]:
        """The card turned for ``role`` (None: this procedure turns none for it, or the cards are not known)."""
        roles = self.turned_roles
        if role not in roles or len(turned) < len(roles):
            return None
        return turned[roles.index(role)]

    def trump_suit(self, turned: Sequence[Card]) -> Optional[int]:
        """The deal's trump suit (hukam): the suit of the trump card turned (None: no trump; a joker names none).

        >>> from bragrules.core.cards import parse_cards
        >>> ProcedurePolicy(trump_card=True, bust_card=True).trump_suit(parse_cards("9h 2c")) == parse_cards("9h")[0].suit
        True
        """
        card = self.turned_card(turned, "trump")
        return None if card is None or card.is_joker else card.suit

    def ante_times(self, turned: Sequence[Card]) -> int:
        """How many antes the ante card sets (1: no ante card, or the cards are not known; a joker sets one).

        >>> from bragrules.core.cards import parse_cards
        >>> [ProcedurePolicy(ante_card=True).ante_times(parse_cards(c)) for c in ("2s", "Kh", "9c", "Ad")]
        [4, 3, 2, 1]
        >>> ProcedurePolicy().ante_times(parse_cards("2s"))
        1
        """
        card = self.turned_card(turned, "ante")
        return 1 if card is None or card.is_joker else ANTE_SUIT_TIMES[card.suit]

    def _steps(self) -> Tuple[Step, ...]:
        out = []
        for step in DEFAULT_STEPS:
            if step.name == "forced stakes" and self.ante_card:
                out.append(Step("ante card", "procedure", ANTE_CARD_RULE))
            if step.name == "deal" and self.cut:
                out.append(Step("cut", "table", field_rule("table.cut")))
            if step.name == "betting" and self.trump_card:
                out.append(Step("trump card", "procedure", TRUMP_CARD_RULE))
            if step.name == "betting" and self.hunt_rounds:
                out.append(Step("joker hunt", "procedure", HUNT_RULE))
            if step.name == "betting" and self.bust_card:
                out.append(Step("bust card", "procedure", BUST_CARD_RULE))
            if step.name == "betting" and self.points_draw:
                out.append(Step("draws for the pips stake", "pots", POINTS_DRAW_RULE))
            if step.name == "betting" and self.bank is not None:
                out.append(Step("stakes against the bank", "procedure", BANK_KIND_RULE))
                continue
            if step.name == "showdown" and self.bank is not None:
                out.append(Step("settlement against the bank", "procedure", BANK_KIND_RULE))
                continue
            if step.name == "betting" and self.rounds is not None:
                out.append(Step("betting rounds", "procedure", BETTING_ROUNDS_RULE))
                continue
            if step.name == "next dealer" and self.winner_deals:
                out.append(Step("winner deals", "procedure", NEXT_DEALER_RULE))
                continue
            out.append(step)
        return tuple(out)

    def busted(self, turned: Sequence[Card], hands: Sequence[Tuple[str, Optional[Sequence[Card]]]]) -> Tuple[str, ...]:
        """The players who must pack because they hold a card of the bust card's rank (in the order given).

        >>> from bragrules.core.cards import parse_cards
        >>> policy = ProcedurePolicy(bust_card=True)
        >>> policy.busted(parse_cards("9h"), [("A", parse_cards("9c Kd 2s")), ("B", parse_cards("Ac Kc Qc"))])
        ('A',)
        """
        card = self.turned_card(turned, "bust")
        if card is None or card.is_joker:  # a joker turned busts nobody
            return ()
        rank = card.rank
        return tuple(name for name, held in hands if held is not None and any(c.rank == rank for c in held))

    @property
    def answers_forced_show(self) -> bool:
        """Only under ``procedure.betting_rounds`` do the rounds played force a showdown."""
        return self.rounds is not None

    def forced_show(self, betting: Betting, units: Any) -> Optional[ForcedShow]:
        """``procedure.betting_rounds``: every player still in has bet that many times, so everyone still in shows.

        >>> class Record:
        ...     level_u, rounds_done = 2, 3
        >>> ProcedurePolicy(rounds=3).forced_show(Record(), None).rule
        'procedure.betting_rounds'
        >>> Record.rounds_done = 2
        >>> ProcedurePolicy(rounds=3).forced_show(Record(), None) is None
        True
        """
        if self.rounds is None or betting.level_u is None or betting.rounds_done < self.rounds:
            return None
        played = "has" if self.rounds == 1 else "have"
        return ForcedShow(BETTING_ROUNDS_RULE, f"{count(self.rounds, 'betting round')} {played} been played: "
                                               "everyone still in shows")

    def ending(self, table: SidePotTable, outcome: str, winners: Tuple[str, ...]) -> Optional[EndingAnswer]:
        """``procedure.bust_card``: the deal ended by the bust card alone, leaving one player or nobody.

        >>> from bragrules.core.cards import parse_cards
        >>> class Table:
        ...     order, centre = ("A", "B"), parse_cards("9h")
        ...     def dealt(self, name):
        ...         return parse_cards({"A": "9c Kd 2s", "B": "Ac Kc Qc"}[name])
        >>> ProcedurePolicy(bust_card=True).ending(Table(), "won", ("B",)).words
        'the bust card 9h makes A pack: B, left alone, takes the pot'
        """
        if self.bank is not None:
            from bragrules.rules.bank_settled import settled_against

            return EndingAnswer("bank", (BANK_KIND_RULE,), settled_against(self.bank.house).english())
        if not self.bust_card:
            return None
        turned = tuple(table.centre)
        busted = self.busted(turned, [(p, table.dealt(p)) for p in table.order])
        if not busted or len(table.order) - len(busted) > 1:
            return None
        packs = f"the bust card {self.turned_card(turned, 'bust')} makes {' and '.join(busted)} pack"
        if outcome == "carried" or not winners:
            return EndingAnswer("bust", (BUST_CARD_RULE,), packs + ": nobody is left, and the pot carries into "
                                                                   "the next deal")
        return EndingAnswer("bust", (BUST_CARD_RULE,), f"{packs}: {winners[0]}, left alone, takes the pot")

    def next_dealer(self, winners: Sequence[str], still_in: Sequence[str]) -> Optional[str]:
        """``procedure.next_dealer: winner``: the winner of the last deal, still in, deals next (None: the deal
        passes round the table as usual: no winner alone, or the rule is off).

        >>> ProcedurePolicy(winner_deals=True).next_dealer(["C"], ["A", "B", "C"]), ProcedurePolicy().next_dealer(["C"], ["C"])
        ('C', None)
        """
        if not self.winner_deals or len(winners) != 1 or winners[0] not in still_in:
            return None
        return winners[0]


_PLAIN = ProcedurePolicy()


def turned_rule(policy: ProcedurePolicy) -> Rule:
    """The rule that turns the first card after the deal (what a deal missing its turned cards is refused by)."""
    return ANTE_CARD_RULE if policy.ante_card else TRUMP_CARD_RULE if policy.trump_card else BUST_CARD_RULE

# ---------------------------------------------------------------------------
# The sentences, the rulebook
# ---------------------------------------------------------------------------


def bust_card(p: "Profile") -> str:
    if not p.procedure.bust_card:
        return tr("no bust card is turned")
    return tr("after the deal a card is turned face up: every player holding a card of its rank packs at once, "
              "their stakes left in the pot; a player it leaves alone takes the pot, and if it busts everyone the "
              "pot carries into the next deal")


def trump_card(p: "Profile") -> str:
    if not p.procedure.trump_card:
        return tr("no trump suit is turned")
    return tr("after the deal a card is turned face up and its suit is trumps (hukam) for the deal: between hands "
              "otherwise equal, a trump card outranks a card of the same rank in another suit")


def ante_card(p: "Profile") -> str:
    """``procedure.ante_card`` in words.

    >>> from bragrules.profile.models import Profile
    >>> ante_card(Profile.model_validate({"procedure": {"ante_card": "suit"}})).split(":")[0]
    'before the antes a card is turned face up and its suit sets the ante'
    """
    if p.procedure.ante_card == "none":
        return tr("no card sets the ante")
    return tr("before the antes a card is turned face up and its suit sets the ante: a spade four times the ante, a "
              "heart three times, a club twice, a diamond once; every player antes that much")


def hunt_rounds(p: "Profile") -> str:
    """``procedure.hunt_rounds`` in words.

    >>> from bragrules.profile import load_profile
    >>> hunt_rounds(load_profile("joker-hunt")).split(";")[0]
    'before the betting the three cards that decide the wild cards are laid face up with two more for each player'
    """
    rounds = p.procedure.hunt_rounds
    if not rounds:
        return tr("no cards are exchanged with the table before the betting")
    left = centre_count_of(p)
    cards = ntr("{count} card", "{count} cards", left, count=number_said(left))
    return ntr("before the betting the {cards} that decide the wild cards are laid face up with {rounds} more for "
               "each player; in one round, going round the table, each player takes one of them for a card of their "
               "own, put face down out of play (having looked at their cards), or turns one of them face down out of "
               "play; the {cards} left face up then decide the wild cards (Joker Hunt)",
               "before the betting the {cards} that decide the wild cards are laid face up with {rounds} more for "
               "each player; in each of {rounds} rounds, going round the table, each player takes one of them for a "
               "card of their own, put face down out of play (having looked at their cards), or turns one of them "
               "face down out of play; the {cards} left face up then decide the wild cards (Joker Hunt)",
               rounds, cards=cards, rounds=number_said(rounds))


def betting_rounds(p: "Profile") -> str:
    rounds = p.procedure.betting_rounds
    if rounds is None:
        return tr("the betting goes on until a see, or until everyone else folds")
    if rounds == 1:
        return tr("there is one betting round: once every player still in has bet once, everyone still in shows")
    return tr("there are {count} betting rounds: once every player still in has bet {times}, everyone still in shows",
              count=number_said(rounds), times=times_text(rounds))


NEXT_DEALER = choice(
    "procedure.next_dealer",
    lambda p: p.procedure.next_dealer,
    {"rotation": "the deal passes round the table", "winner": "the winner of a deal deals the next"},
    {"rotation": "000", "winner": "house rule (\"winner deals\")"},
    later=True,
)


def order_of_play(p: "Profile") -> str:
    """The deal's steps in order, in words.

    >>> from bragrules.profile.models import Profile
    >>> order_of_play(Profile())
    'each deal goes: forced stakes, cut, deal, betting, showdown, next dealer'
    """
    return tr("each deal goes: {steps}", steps=("、" if language() == "zh" else ", ").join(
        tr(step.name) for step in ProcedurePolicy.compile(p).steps))


def procedure_section(p: "Profile") -> Optional[Section]:
    """The rulebook's section on the order of a deal, where the profile adds a step to it."""
    if not ProcedurePolicy.compile(p).in_play:
        return None
    sec = Section("procedure", tr("The order of a deal"))
    sec.para(sentence(order_of_play(p)))
    sec.bullets([
        sentence(ante_card(p)) if p.procedure.ante_card != "none" else "",
        sentence(trump_card(p)) if p.procedure.trump_card else "",
        sentence(bust_card(p)) if p.procedure.bust_card else "",
        sentence(hunt_rounds(p)) if p.procedure.hunt_rounds else "",
        sentence(betting_rounds(p)) if p.procedure.betting_rounds is not None else "",
        sentence(NEXT_DEALER.sentence(p)) if p.procedure.next_dealer != "rotation" else "",
    ])
    return sec


TEXT = AreaText(
    key="procedure",
    name="procedure",
    title="The order of a deal",
    fields=(
        FieldText("procedure.bust_card", lambda p: p.procedure.bust_card, bust_card,
                  {"false": "000", "*": MENSXP_NAME + "; " + MISSMALINI_NAME}, later=True),
        FieldText("procedure.trump_card", lambda p: p.procedure.trump_card, trump_card,
                  {"false": "000", "*": HUKUM_NAME}, later=True),
        FieldText("procedure.ante_card", lambda p: p.procedure.ante_card, ante_card,
                  {"none": "000", "*": GAMEKILLER_NAME}, later=True),
        FieldText("procedure.hunt_rounds", lambda p: p.procedure.hunt_rounds, hunt_rounds,
                  {"0": "000", "2": ZEENEWS_NAME + "; " + CASINOBONUS_NAME, "*": "house rule"}, later=True),
        FieldText("procedure.betting_rounds", lambda p: p.procedure.betting_rounds, betting_rounds,
                  {"null": "000", "*": "house rule (a fixed number of betting rounds)"},
                  in_play=lambda p: p.format.betting, later=True),
        NEXT_DEALER,
    ),
    sections=((25, procedure_section),),
)
