"""The format area: how many cards, how many hands, how a deal is won; Crash; Stop the Bus (its exchange
is :mod:`bragrules.rules.exchange`).

>>> from bragrules.profile.models import Profile
>>> format_name(Profile()) is None, format_name(Profile.model_validate({"format": {"cards_dealt": 4}}))
(True, 'Four-Card Brag')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Literal, Optional, Tuple

from pydantic import Field, model_validator

from bragrules.core.i18n import N_, ntr, tr
from bragrules.core.rule_id import field_rule
from bragrules.rules.area import Area, AreaText, FieldText, Money, Section, choice
from bragrules.rules.exchange import FIELDS as EXCHANGE_FIELDS
from bragrules.rules.exchange import SWAP_KINDS, Exchange, exchange_subsection
from bragrules.rules.hooks import AreaPolicy, EndingAnswer, SidePotTable
from bragrules.rules.open_hands import FACEUP_MULTIPLE, OpenHands, open_subsection
from bragrules.rules.open_hands import FIELDS as OPEN_FIELDS
from bragrules.rules.wild_select import centre_count, expand
from bragrules.rules.words import money_text, number_said, sentence

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


class Format(Area):
    """How many cards, how many hands, and how a deal is won."""

    cards_dealt: int = Field(3, ge=3, le=16, description="Cards dealt to each player; at least three per hand. Thirteen "
        "for Crash's four hands and a discard (\"Deal out the deck until all players have 13 cards\", "
        "http://ourpastimes.com/play-card-game-crash-4516398.html), fifteen for Fifteen-card Brag (\"each player is dealt "
        "fifteen cards and must make five three-card tricks\", https://3cardbrag.me.uk/2010/11/13/brag-game-variants/), "
        "as far as the pack allows with `table.max_players`.")
    hands: int = Field(
        1, ge=1, le=5, description="Three-card hands each player makes from the cards dealt; spare cards are discarded face "
        "down. Up to five: Crash's four (\"arrange them into four sets of 'brag' hands ... The leftover card is set "
        "aside\", http://ourpastimes.com/play-card-game-crash-4516398.html) and Fifteen-card Brag's five."
    )
    hand_order: Literal["free", "strongest_first"] = Field(
        "free",
        description="With several hands: how they are arranged and matched against the opponent's "
        "\"corresponding\" hands. `free`: in any order the player likes; `strongest_first`: the "
        "stronger hand first.",
    )
    win_rule: Literal["all", "majority"] = Field(
        "majority",
        description="With several hands: who takes the pot; otherwise it carries to the next deal. `all`: a "
        "player who wins every hand; `majority`: a player who wins most of them.",
    )
    tied_hand: Literal["nobody", "against_caller"] = Field(
        "nobody",
        description="With several hands: a tied hand. `nobody`: won by nobody; `against_caller`: goes against "
        "the caller.",
    )
    minimum_hand: Optional[Literal["pair"]] = Field(
        None,
        description="With several hands: the least hand that can win a hand. `pair`: a hand below a pair wins nothing, "
        "and where no hand at that place reaches a pair nobody wins it (\"To win a hand a player must have a pair. "
        "Otherwise, the deal will be considered a tie\", "
        "https://www.androidfreeware.mobi/download-com-dynamitegamesltd-crashcardgame.html; \"Each hand formed must be "
        "at least a pair or better\", https://www.denexa.com/blog/tag/thirteen-card-brag/). `null`: any hand can win.",
    )
    wrong_order: Literal["refused", "scores_nothing"] = Field(
        "refused",
        description="With `format.hand_order: strongest_first`: hands set out in another order. `refused`: the "
        "arrangement is refused and must be made again; `scores_nothing`: it stands, and the player wins no hand that "
        "deal (\"You must arrange them in this order. To do otherwise is cheating, and you will not gain any points for "
        "this round\", http://ourpastimes.com/play-card-game-crash-4516398.html); a hand they would have won or tied "
        "is won by the other players' best hand at that place, if any beats the rest.",
    )
    fours: Literal["no", "as_prial"] = Field(
        "no",
        description="With several hands: whether four cards of one rank may be laid as one hand. `no`: every hand "
        "has three cards (a four plays as a prial with its fourth card in another hand); `as_prial`: a hand may be "
        "four of a kind, counting as the prial of its rank, and a player who lays fours may set out fewer hands when "
        "fewer than three cards are left for another (\"must sort their hand into 4 Brag hands of three cards, or if "
        "you are lucky enough, in 3 sets of 4 of a kind, discarding the last remaining card. The hands rank is the "
        "same as Brag\", https://www.androidfreeware.mobi/download-com-dynamitegamesltd-crashcardgame.html); a place "
        "with no hand wins nothing.",
    )
    discard_breaks_ties: bool = Field(
        False, description="Four-Card: equal best threes are decided by the discarded card."
    )
    discard_before_betting: bool = Field(
        False,
        description="Four-Card: a player who looks discards one card, face down, before betting; the cards left "
        "play (kulfoldimunka.co, Brag: Four-Card Brag, a player who looks at their cards discards one before "
        "betting). A blind player keeps every card and plays the best three. With Kissing-Missing "
        "(`ranking.wild.kiss_miss`) the one card the page discards is chosen the same way (zeenews.india.com: "
        "\"You have to discard one extra card out of the five\"). `false`: the best three play by themselves.",
    )
    betting: bool = Field(
        True,
        description="Whether there is betting. `false`: everyone shows at once. Must be `false` when "
        "`format.lives` is set.",
    )
    lives: Optional[int] = Field(
        None,
        ge=1,
        le=20,
        description="Crash: each player's lives; at each showdown the lowest hand loses one, and the last "
        "player with lives wins. No money is played, so no finite bankroll. `null`: an ordinary "
        "pot game.",
    )
    life_stake: Optional[Money] = Field(
        None,
        description="Crash / Stop the Bus for money: what each life lost pays into a pot that the last player "
        "with a life collects at the end of the game (gamerules.com, Stop the Bus: \"A way to make this game a "
        "little more interesting is to play for money. Each chip can represent a dollar. Lost chips are tossed in "
        "the center of the table to form the pot. The winner collects the pot at the end of the game.\"). "
        "A game that ends with several players still holding lives shares the pot equally among those with the "
        "most. Needs `format.lives`. `null`: lives carry no money.",
    )
    lowest_tie: Literal["all_lose", "none_lose"] = Field(
        "all_lose", description="Crash: equal lowest hands. `all_lose`: each loses a life; `none_lose`: none does."
    )
    exchange: Exchange = Field(default_factory=Exchange, description="Stop the Bus exchanges.")
    open: OpenHands = Field(default_factory=OpenHands,
                            description="Cards dealt face up (bragrules.rules.open_hands).")

    @model_validator(mode="after")
    def _shape(self) -> "Format":
        if self.cards_dealt < 3 * self.hands:
            raise ValueError(
                f"{self.hands} hands of three need at least {3 * self.hands} cards, "
                f"but cards_dealt is {self.cards_dealt}"
            )
        if self.lives is not None and self.betting:
            raise ValueError("a game with lives (Crash) has no betting: set betting: false")
        if self.exchange.enabled and (self.betting or self.hands != 1 or self.cards_dealt != 3):
            raise ValueError(
                "exchange: Stop the Bus exchanges are played without betting, with three cards and one hand"
            )
        ex = self.exchange
        if ex.enabled and ex.source == "centre" and ex.swap != "one" and ex.centre_cards != 3:
            raise ValueError("exchange: swapping all three cards needs three centre cards")
        if ex.face_down and ex.source != "centre":
            raise ValueError("exchange: face-down centre cards need source: centre")
        if self.life_stake is not None and (self.lives is None or self.life_stake <= 0):
            raise ValueError("life_stake: a stake above zero paid for each life lost needs lives (format.lives)")
        if self.discard_before_betting and (not self.betting or self.hands != 1 or self.cards_dealt < 4
                                            or self.exchange.enabled):
            raise ValueError("discard_before_betting: a discard before betting needs betting, one hand and "
                             "more than three cards dealt (Four-Card Brag)")
        if self.lives is not None and self.hands != 1:
            raise ValueError("a game with lives (Crash) plays one hand each")
        return self

# ---------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------


def hands_needed(p: "Profile") -> int:
    """With several hands: how many a player must win to take the pot."""
    return p.format.hands if p.format.win_rule == "all" else p.format.hands // 2 + 1


CARDS_DEALT_RULE = field_rule("format.cards_dealt")
HANDS_RULE = field_rule("format.hands")
BETTING_RULE = field_rule("format.betting")
LIVES_RULE = field_rule("format.lives")
HAND_ORDER_RULE = field_rule("format.hand_order")
MINIMUM_HAND_RULE = field_rule("format.minimum_hand")
WRONG_ORDER_RULE = field_rule("format.wrong_order")
FOURS_RULE = field_rule("format.fours")
WINNING_RULE = field_rule("format.win_rule")
TIED_HAND_RULE = field_rule("format.tied_hand")
LIFE_STAKE_RULE = field_rule("format.life_stake")
DISCARD_STEP_RULE = field_rule("format.discard_before_betting")


@dataclass(frozen=True, slots=True)
class FormatPolicy(AreaPolicy):
    """The format as the engine asks it: cards dealt, hands made, betting or not, lives, the exchange.

    >>> from bragrules.profile.models import Profile
    >>> fmt = FormatPolicy.compile(Profile.model_validate({"format": {"cards_dealt": 7, "hands": 2}, "table": {"max_players": 7}}))
    >>> fmt.cards_dealt, fmt.hands, fmt.hands_needed, fmt.betting
    (7, 2, 2, True)
    """

    cards_dealt: int
    hands: int
    betting: bool
    lives: Optional[int]
    exchange: bool
    centre_cards: int
    """Face-up centre cards dealt: Stop the Bus's, or those deciding wild cards (``ranking.wild.from_centre``)."""
    swap_kinds: Tuple[str, ...]
    strongest_first: bool
    """Several hands: the stronger placed first."""
    hands_needed: int
    """Several hands: how many a player must win to take the pot."""
    tied_hand_against_caller: bool
    """Several hands: a tied hand goes against the caller."""
    discard_breaks_ties: bool
    """Four-Card: the discarded card breaks a tie."""
    lowest_tie_all_lose: bool
    """Crash: equal lowest hands each lose a life."""
    minimum_pair: bool = False
    """Several hands: a hand below a pair wins nothing (``format.minimum_hand``)."""
    wrong_order_scores_nothing: bool = False
    """Several hands, strongest first: a wrong order stands and wins no hand (``format.wrong_order``)."""
    fours_as_prial: bool = False
    """Several hands: a hand may be four of a kind, counting as its prial (``format.fours``)."""
    draws: bool = False
    """The exchange draws from a stock or the discard pile (``format.exchange.source``), not the centre."""
    face_down: Optional[int] = None
    """The position of the face-down centre card (``format.exchange.face_down``), or None."""
    must_take: bool = False
    """A turn takes a card before its player may knock (``format.exchange.must_take_before_knock``)."""
    min_exchanges: int = 0
    """Exchanges a player makes before they may knock (``format.exchange.min_exchanges_before_stick``)."""
    stand_after_knock: bool = True
    """After a knock, a last turn may stand instead of taking a card (``format.exchange.stand_after_knock``)."""
    face_up: int = 0
    """How many of each hand's cards are dealt face up, the first ones (``format.open.face_up``)."""
    faceup: int = 0
    """Playing open (``format.open.faceup``): the multiple of the chaal it bets; 0: nobody plays open."""

    def centre_count(self, left: int) -> int:
        """Cards dealt to the centre from a pack with ``left`` cards after the hands: with draws, all of them
        (the stock, its top card turned to start the discard pile), else the face-up centre.

        >>> from bragrules.profile.models import Profile
        >>> FormatPolicy.compile(Profile()).centre_count(46)
        0
        """
        return left if self.draws else self.centre_cards
    life_stake: Optional[Fraction] = None
    """Crash for money: what a life lost pays into the session's pot of lives (None: lives carry no money)."""
    discard_step: bool = False
    """Four-Card: a player who looks discards one card before betting (``format.discard_before_betting``)."""

    @property
    def pays_for_lives(self) -> bool:
        return self.life_stake is not None

    @property
    def answers_ending(self) -> bool:
        """Whether every deal ends in lives (``format.lives``), the ending :meth:`ending` names."""
        return self.lives is not None

    def ending(self, table: SidePotTable, outcome: str, winners: Tuple[str, ...]) -> Optional[EndingAnswer]:
        """Crash: every deal ends in lives, not a pot (``format.lives``); the deal's reason says who lost one.

        >>> from bragrules.profile.models import Profile
        >>> crash = Profile.model_validate({"format": {"lives": 3, "betting": False}, "stakes": {"ante": 0}})
        >>> FormatPolicy.compile(crash).ending(None, "won", ("A",))
        EndingAnswer(kind='lives', rules=('format.lives',), words='')
        >>> FormatPolicy.compile(Profile()).ending(None, "won", ("A",)) is None
        True
        """
        return None if self.lives is None else EndingAnswer("lives", (LIVES_RULE,))

    def life_payment(self, player: str) -> Fraction:
        """One life lost pays the stake, the same for everyone (``format.life_stake``).

        >>> from bragrules.profile.models import Profile
        >>> fmt = FormatPolicy.compile(Profile.model_validate(
        ...     {"format": {"lives": 3, "betting": False, "life_stake": "5/2"}, "stakes": {"ante": 0}}))
        >>> fmt.pays_for_lives, fmt.life_payment("A")
        (True, Fraction(5, 2))
        """
        return self.life_stake if self.life_stake is not None else Fraction(0)

    @classmethod
    def compile(cls, p: "Profile") -> "FormatPolicy":
        fmt = p.format
        ex = fmt.exchange
        exchange = ex.enabled
        draws = exchange and ex.source == "stock_or_discard"
        centre = 0 if draws else ex.centre_cards if exchange else centre_count(p.ranking.wild)
        return cls(fmt.cards_dealt, fmt.hands, fmt.betting, fmt.lives, exchange,
                   centre, ("draw",) if draws else SWAP_KINDS[ex.swap],
                   fmt.hand_order == "strongest_first", hands_needed(p), fmt.tied_hand == "against_caller",
                   fmt.discard_breaks_ties, fmt.lowest_tie == "all_lose",
                   fmt.minimum_hand == "pair" and fmt.hands > 1, fmt.hand_order == "strongest_first" and fmt.wrong_order == "scores_nothing",
                   fmt.fours == "as_prial" and fmt.hands > 1,
                   life_stake=Fraction(fmt.life_stake) if fmt.life_stake is not None and fmt.lives is not None else None,
                   discard_step=fmt.discard_before_betting,
                   draws=draws,
                   face_down=ex.centre_cards // 2 if exchange and ex.face_down else None,
                   must_take=exchange and ex.must_take_before_knock,
                   min_exchanges=ex.min_exchanges_before_stick if exchange else 0,
                   stand_after_knock=ex.stand_after_knock or not exchange,
                   face_up=fmt.open.face_up,
                   faceup=FACEUP_MULTIPLE[fmt.open.faceup])


# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------


def cards_dealt(p: "Profile") -> str:
    value, hands = p.format.cards_dealt, p.format.hands
    spare = value - 3 * hands
    if hands == 1 and spare:
        return tr("each player is dealt {n} cards and the best three play", n=number_said(value))
    return tr("each player is dealt {n} cards", n=number_said(value))


def hands(p: "Profile") -> str:
    if p.format.hands == 1:
        return tr("each player plays one three-card hand")
    return tr("each player makes {n} three-card hands from the cards dealt", n=number_said(p.format.hands))


def lives(p: "Profile") -> str:
    value = p.format.lives
    if value is None:
        return tr("there are no lives: every deal is played for a pot")
    return ntr("each player has {n} life; the lowest hand at each showdown loses one, and the last player with a "
               "life wins",
               "each player has {n} lives; the lowest hand at each showdown loses one, and the last player with a "
               "life wins", value)


def life_stake(p: "Profile") -> str:
    value = p.format.life_stake
    if value is None:
        return tr("lives carry no money")
    return tr("each life lost pays {amount} into a pot, and the last player with a life collects it at the end "
              "of the game", amount=money_text(value))


def _several(p: "Profile") -> bool:
    return p.format.hands > 1


HAND_ORDER = choice(
    "format.hand_order",
    lambda p: p.format.hand_order,
    {
        "free": "a player sets out several hands in any order they like",
        "strongest_first": "a player sets out several hands with the stronger first",
    },
    {"free": "000", "strongest_first": "house rule; ourpastimes.com, denexa.com (Crash)"},
    in_play=_several,
)
WIN_RULE = choice(
    "format.win_rule",
    lambda p: p.format.win_rule,
    {
        "all": "with several hands, a player takes the pot only by winning all of them; "
        "otherwise the pot carries",
        "majority": "with several hands, a player takes the pot by winning most of them; "
        "otherwise the pot carries",
    },
    {"all": "000 (Seven-Card Brag)", "majority": "000 (Nine-Card Brag)"},
    in_play=lambda p: p.format.hands > 2,  # of two hands, most of them is both of them
)
TIED_HAND = choice(
    "format.tied_hand",
    lambda p: p.format.tied_hand,
    {
        "nobody": "with several hands, a tied hand is won by nobody",
        "against_caller": "with several hands, a tied hand goes against the caller",
    },
    {"nobody": "000", "against_caller": "house rule"},
    in_play=lambda p: _several(p) and p.format.betting,  # without betting there is no see, and no caller
)
MINIMUM_HAND = choice(
    "format.minimum_hand",
    lambda p: p.format.minimum_hand,
    {
        None: "with several hands, any hand can win a hand",
        "pair": "with several hands, a hand below a pair wins nothing; where no hand at a place reaches a pair, "
        "nobody wins it",
    },
    {"null": "000", "pair": "androidfreeware.mobi Crash, denexa.com Crash"},
    in_play=_several,
    later=True,
)
WRONG_ORDER = choice(
    "format.wrong_order",
    lambda p: p.format.wrong_order,
    {
        "refused": "hands set out in the wrong order are refused and must be set out again",
        "scores_nothing": "a player who sets out the hands in the wrong order wins no hand that deal",
    },
    {"refused": "house rule", "scores_nothing": "ourpastimes.com Crash"},
    in_play=lambda p: _several(p) and p.format.hand_order == "strongest_first",
    later=True,
)
FOURS = choice(
    "format.fours",
    lambda p: p.format.fours,
    {
        "no": "with several hands, every hand has three cards",
        "as_prial": "with several hands, a hand may be four cards of one rank, counting as the prial of that rank; "
        "a player who lays fours may set out fewer hands when fewer than three cards are left for another",
    },
    {"no": "000", "as_prial": "androidfreeware.mobi Crash"},
    in_play=_several,
    later=True,
)
DISCARD_STEP = choice(
    "format.discard_before_betting",
    lambda p: p.format.discard_before_betting,
    {
        True: "a player who looks at their cards discards one of them, face down, before betting, and the "
              "cards left play; a blind player's best three play",
        False: "nobody discards: each player's best three play by themselves",
    },
    {"true": "kulfoldimunka.co (Four-Card Brag)", "false": "003, pagat"},
    in_play=lambda p: p.format.cards_dealt > 3 * p.format.hands and not _several(p) and p.format.betting,
    later=True,
)
DISCARD_BREAKS_TIES = choice(
    "format.discard_breaks_ties",
    lambda p: p.format.discard_breaks_ties,
    {
        True: "equal best threes are decided by the discarded cards",
        False: "the discarded cards never break a tie",
    },
    {"true": "pagat", "false": "003"},
    in_play=lambda p: p.format.cards_dealt > 3 * p.format.hands and not _several(p),
)
BETTING = choice(
    "format.betting",
    lambda p: p.format.betting,
    {
        True: "players bet on their hands",
        False: "there is no betting: every deal goes straight to a showdown of all hands",
    },
    {"true": "000, 002, 003", "false": "000 (Crash); house rule"},
)
LOWEST_TIE = choice(
    "format.lowest_tie",
    lambda p: p.format.lowest_tie,
    {
        "all_lose": "equal lowest hands each lose a life",
        "none_lose": "equal lowest hands lose no life",
    },
    {"all_lose": "house rule (000 is silent)",
     "none_lose": "unoonline.co, bubbleshooter.com (Stop the Bus: \"If there is a tie for last place, no one loses a token\")"},
    in_play=lambda p: p.format.lives is not None,
)

# ---------------------------------------------------------------------------
# The rulebook: the format's own rules
# ---------------------------------------------------------------------------


def format_name(p: "Profile") -> Optional[str]:
    """The game's name when it is not plain Three-Card Brag."""
    cards, n = p.format.cards_dealt, p.format.hands
    if p.format.lives is not None:
        return N_("Crash")
    if p.format.exchange.enabled:
        return N_("Bastard Brag") if p.format.exchange.face_down else N_("Stop the Bus")
    if n == 1 and cards == 3:
        return None
    names = {(4, 1): N_("Four-Card Brag"), (7, 2): N_("Seven-Card Brag"), (9, 3): N_("Nine-Card Brag"),
             (13, 4): N_("Thirteen-Card Brag"), (15, 5): N_("Fifteen-Card Brag")}
    return names.get((cards, n), f"{cards}-card Brag")


def format_section(p: "Profile") -> Optional[Section]:
    name = format_name(p)
    betting = p.format.betting
    if name is None and betting:
        return None
    sec = Section("format", tr("{game}: its own rules", game=name) if name else tr("Playing without betting"))
    cards, n = p.format.cards_dealt, p.format.hands
    if n > 1:
        sub = Section("arrangement", tr("Arranging the hands"))
        spare = cards - 3 * n
        sub.para(
            sentence(cards_dealt(p)),
            sentence(hands(p)),
            ntr("The spare card is discarded face down.", "The {n} spare cards are discarded face down.", spare)
            if spare else "",
            sentence(HAND_ORDER.sentence(p)),
            sentence(WRONG_ORDER.sentence(p)) if p.format.hand_order == "strongest_first" else "",
        )
        sub.para(
            (tr("At a see both hands of both players are shown, and each hand is compared with the opponent's "
                "corresponding hand.") if n == 2 else
             tr("At a see all {n} hands of both players are shown, and each hand is compared with the opponent's "
                "corresponding hand.", n=number_said(n))) if betting else
            tr("At the showdown both hands of every player are shown, and each hand is compared with the other "
               "players' hands at the same place.") if n == 2 else
            tr("At the showdown all {n} hands of every player are shown, and each hand is compared with the other "
               "players' hands at the same place.", n=number_said(n)),
            sentence(WIN_RULE.sentence(p)),
            sentence(TIED_HAND.sentence(p)),
            sentence(MINIMUM_HAND.sentence(p)) if p.format.minimum_hand else "",
            sentence(FOURS.sentence(p)) if p.format.fours != "no" else "",
        )
        sec.subsections.append(sub)
    elif cards > 3 and any(s.source == "pair" for s in expand(p.ranking.wild)):  # Kissing-Missing (rules/wild_deal.py): the ranking says how
        sub = Section("best-three", tr("Kissing-Missing: three of {n} cards", n=cards))
        sub.para(
            sentence(cards_dealt(p)),
            tr("At a showdown each player's best reading is compared: two cards that are a kiss or a miss count "
               "as one joker, and the cards left over are discarded (the ranking of hands above)."),
            sentence(DISCARD_STEP.sentence(p)) if p.format.discard_before_betting else "",
            sentence(DISCARD_BREAKS_TIES.sentence(p)),
        )
        sec.subsections.append(sub)
    elif cards > 3:
        sub = Section("best-three", tr("The best three of {n} cards", n=cards))
        sub.para(
            sentence(cards_dealt(p)),
            tr("At a showdown each player's best three cards are compared; the rest are discarded."),
            sentence(DISCARD_STEP.sentence(p)) if p.format.discard_before_betting else "",
            sentence(DISCARD_BREAKS_TIES.sentence(p)),
        )
        sec.subsections.append(sub)
    if not betting:
        sub = Section("no-betting", tr("No betting"))
        sub.para(sentence(BETTING.sentence(p)))
        ante = p.stakes.ante
        if ante and p.format.lives is None:
            sub.para(tr("Every player antes {amount}, and the antes make the pot.", amount=money_text(ante)))
        sec.subsections.append(sub)
    if p.format.lives is not None:
        sub = Section("lives", tr("Lives"))
        sub.para(
            sentence(lives(p)),
            sentence(LOWEST_TIE.sentence(p)),
            tr("A player with no life left is out of the game."),
            sentence(life_stake(p)) if p.format.life_stake is not None else "",
        )
        sec.subsections.append(sub)
    exchange = exchange_subsection(p)
    if exchange is not None:
        sec.subsections.append(exchange)
    opened = open_subsection(p)
    if opened is not None:
        sec.subsections.append(opened)
    return sec


TEXT = AreaText(
    key="format",
    name="format",
    title="Format",
    fields=(
        FieldText("format.cards_dealt", lambda p: p.format.cards_dealt, cards_dealt,
                  {"3": "000, 002, 003", "4": "003 (Four-Card Brag)", "7": "000 (Seven-Card Brag)",
                   "9": "000 (Nine-Card Brag)", "13": "ourpastimes.com, denexa.com, gamerules.com (Crash)",
                   "15": "3cardbrag.me.uk (Fifteen-card Brag)", "*": "house rule"}),
        FieldText("format.hands", lambda p: p.format.hands, hands,
                  {"1": "000, 002, 003", "2": "000 (Seven-Card Brag)", "3": "000 (Nine-Card Brag)",
                   "4": "ourpastimes.com, denexa.com (Crash)", "5": "3cardbrag.me.uk (Fifteen-card Brag)"}),
        HAND_ORDER,
        WIN_RULE,
        TIED_HAND,
        MINIMUM_HAND,
        WRONG_ORDER,
        FOURS,
        DISCARD_BREAKS_TIES,
        DISCARD_STEP,
        BETTING,
        FieldText("format.lives", lambda p: p.format.lives, lives,
                  {"null": "000, 002, 003", "3": "000 (Crash)", "*": "house rule over 000's Crash"}),
        LOWEST_TIE,
        FieldText("format.life_stake", lambda p: p.format.life_stake, life_stake,
                  {"null": "000 (Crash without money); Wikipedia", "*": "gamerules.com (Stop the Bus for money)"},
                  in_play=lambda p: p.format.lives is not None, later=True),
        *EXCHANGE_FIELDS,
        *OPEN_FIELDS,
    ),
    sections=((90, format_section),),
)
