"""The seeing area: who may see whom, what a see costs, who shows first, and ties.

The tie rule lives here whole: its model field (``seeing.tie``), its
resolvers (:data:`TIE_RESOLVERS`, what the engine calls), its sentences for
the rulebook, ``diff`` and ``arbitrate``, and the short words a table says
when two hands are equal (:func:`tie_at_table`).

>>> from bragrules.profile.models import Profile
>>> TIE.sentence(Profile())
'a tie goes against the player who called the see'
>>> tie_at_table(Profile())
'equal hands: the tie goes against the player who called the see'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any, Callable, Dict, List, Literal, Optional, Sequence, Tuple

from pydantic import Field

from bragrules.core.i18n import N_, tr
from bragrules.core.rule_id import Rule, field_rule
from bragrules.rules.area import POSITIVE, Area, AreaText, FieldText, Money, Section, _refuse_below, choice
from bragrules.rules.hooks import AreaPolicy, Betting, ForcedShow
from bragrules.rules.side_show import SideShow
from bragrules.rules.words import money_text, sentence, times_text

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


ONLINECHOSEN = "https://www.onlinechosen.com/teen-patti-variations/high-low-split"
WIKIPEDIA_TP = "https://en.wikipedia.org/wiki/Teen_patti (High-low split)"


class Seeing(Area):
    """The see (showdown) between the last two players.

    Only the last two players may see (all three texts). The caller pays, then
    the hands are compared.
    """

    cost_multiple: Annotated[Money, _refuse_below("above_zero", "cost_multiple must be positive"), POSITIVE] = Field(
        Fraction(2), description="A see costs this many times the basis (`seeing.cost_basis`)."
    )
    cost_basis: Literal["caller_rate", "opponent_last_bet"] = Field(
        "caller_rate",
        description="What the multiple applies to. `caller_rate`: the caller's own rate at the current level, "
        "so a seen caller pays twice the level and a blind caller the level; `opponent_last_bet`: "
        "what the other player paid at their last turn (000: \"twice the amount of the other "
        "player's last bet\").",
    )
    seen_sees_seen: bool = Field(True, description="A seen player may see a seen player.")
    seen_sees_blind: bool = Field(False, description="A seen player may see a blind player.")
    blind_sees_seen: bool = Field(True, description="A blind player may see a seen player (paying the seen level under `caller_rate`).")
    blind_sees_blind: bool = Field(True, description="A blind player may see a blind player (paying twice the blind rate, which is the seen "
        "level).")
    exposure: Literal["opponent_first", "caller_first"] = Field(
        "opponent_first",
        description="Who turns cards first at a see: the opponent (`opponent_first`) or the caller "
        "(`caller_first`). Two blind players turn their cards alternately, in that order.",
    )
    concede_unseen: bool = Field(
        False,
        description="Whether the player who shows second may concede, without showing, once the first hand is "
        "turned; the conceded cards stay unknown (in the log too), and the first player takes the "
        "pot. The texts have both hands shown (000: \"Both players then reveal their cards\"; 002: "
        "\"Opponent exposes first\"; 003: \"双方亮牌\", both reveal): conceding is a house rule.",
    )
    fee_to: Literal["pot", "opponent"] = Field(
        "pot",
        description="Where the money a see costs goes. `pot`: into the pot, which the better hand takes "
        "(000, 002, 003; and the settlement one Teen Patti page gives: \"If the requester wins, they take the "
        "pot (recovering their fee). If the challenged player wins, they take the pot plus the show fee\", "
        "https://gamevidyabharat.com/blog/teen-patti-show-rules/); `opponent`: it is a show fee paid to the "
        "player seen, outside the pot, whoever then wins (\"the player who requests the show must pay a "
        "predetermined show fee to the opponent\", https://gamevidyabharat.com/blog/teen-patti-show-rules/, "
        "https://apnakhelshala.com/blog/teen-patti-show-rules/). The fee costs what `seeing.cost_multiple` "
        "and `seeing.cost_basis` say either way.",
    )
    matched_showdown: Literal["never", "more_than_two", "always"] = Field(
        "never",
        description="A showdown of everyone still in once every stake still in is matched: when, after a bet "
        "sets the level, every other player still able to bet has bet at that level (or folded), all hands "
        "are shown and the best takes the pot (equal best hands as `seeing.tie` says for several players). "
        "Single-stake Brag: \"When all those who wish to play have raised their bets to an equal amount, the "
        "cards are shown and the player with the best hand collects all the stakes\" ("
        "http://www.pokerwiner.com/games-of-playing-cards/brag.html). `never`: only a see shows hands "
        "(000, 002, 003); `more_than_two`: with three or more in (two still see each other); `always`: with "
        "two or more in, as the page has no see.",
    )
    tie: Literal["caller_loses", "split", "suits", "eldest_hand"] = Field(
        "caller_loses",
        description="Equal hands at a see. `caller_loses`: the caller loses; `split`: the pot is shared; "
        "`suits`: `ranking.suit_order` decides; `eldest_hand`: the player nearer the dealer's "
        "left wins.",
    )
    split: Literal["best", "high_low"] = Field(
        "best",
        description="Who takes the pot at a showdown. `best`: the best hand; `high_low`: it is split, half to the "
        "best hand and half to the lowest of the hands shown (\"cards speak\": nobody declares), equal hands "
        "sharing their half, and a player left alone when everyone else folds takes it all (" + ONLINECHOSEN
        + ": \"In 'cards speak', there's no need for you to declare. All players compare their cards in the "
        "show and the pot is split between the highest hand and the lowest hand\"; " + WIKIPEDIA_TP + ": \"High-low "
        "split games are those in which the pot is divided between the player with the best traditional hand "
        "(called the high hand) and the player with the low hand\", \"In the event more than one player ties for "
        "either high or low, the pot can be further split\"). The lowest hand is the one the ranking puts last; "
        "when every hand shown is equal (a tied see), none is lowest and the tie (`seeing.tie`) decides the whole "
        "pot. "
        "The pages play it with several players showing at once: a fixed number of betting rounds "
        "(`procedure.betting_rounds`), no side-show; their \"declaration\" form and the first rounds without a "
        "fold are not played.",
    )
    side_show: SideShow = Field(default_factory=SideShow, description="The side-show (bragrules.rules.side_show).")

# ---------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SeePolicy:
    """Who may see whom, and what it costs."""

    multiple: Fraction
    basis: str
    permitted: Dict[Tuple[bool, bool], bool]

    def may_see(self, caller_blind: bool, opponent_blind: bool) -> bool:
        return self.permitted[(caller_blind, opponent_blind)]

    @staticmethod
    def rule_for(caller_blind: bool, opponent_blind: bool) -> Rule:
        """The field that says whether such a see is allowed.

        >>> SeePolicy.rule_for(False, True)
        'seeing.seen_sees_blind'
        """
        return WHO_SEES[(caller_blind, opponent_blind)]

    def basis_amount(self, caller_rate_payment: Any, opponent_last: Any) -> Any:
        """What a see doubles (or multiplies): the caller's own payment at the level, or the
        opponent's last payment (None when the opponent has not bet). Any exact unit."""
        return caller_rate_payment if self.basis == "caller_rate" else opponent_last


def see_policy(p: "Profile") -> SeePolicy:
    """The see as the engine asks it."""
    seeing = p.seeing
    permitted = {
        (False, False): seeing.seen_sees_seen,
        (False, True): seeing.seen_sees_blind,
        (True, False): seeing.blind_sees_seen,
        (True, True): seeing.blind_sees_blind,
    }
    return SeePolicy(seeing.cost_multiple, seeing.cost_basis, permitted)


WHO_SEES: Dict[Tuple[bool, bool], Rule] = {
    (False, False): field_rule("seeing.seen_sees_seen"),
    (False, True): field_rule("seeing.seen_sees_blind"),
    (True, False): field_rule("seeing.blind_sees_seen"),
    (True, True): field_rule("seeing.blind_sees_blind"),
}
"""The rule of each see, by (the caller is blind, the opponent is blind)."""
COST_MULTIPLE_RULE = field_rule("seeing.cost_multiple")
FEE_TO_RULE = field_rule("seeing.fee_to")
MATCHED_SHOWDOWN_RULE = field_rule("seeing.matched_showdown")
COST_BASIS_RULE = field_rule("seeing.cost_basis")
EXPOSURE_RULE = field_rule("seeing.exposure")
CONCEDE_UNSEEN_RULE = field_rule("seeing.concede_unseen")
TIE_RULE = field_rule("seeing.tie")
SPLIT_RULE = field_rule("seeing.split")

# A tie resolver takes (caller, opponent, eldest_first, suit_key) and returns the winners.
TieResolver = Callable[[str, str, Sequence[str], Callable[[str], Tuple[int, ...]]], List[str]]


def _tie_caller_loses(caller: str, opponent: str, order: Sequence[str], suit_key: Callable[[str], Tuple[int, ...]]) -> List[str]:
    return [opponent]


def _tie_split(caller: str, opponent: str, order: Sequence[str], suit_key: Callable[[str], Tuple[int, ...]]) -> List[str]:
    return [p for p in order if p in (caller, opponent)]


def _tie_eldest(caller: str, opponent: str, order: Sequence[str], suit_key: Callable[[str], Tuple[int, ...]]) -> List[str]:
    return [next(p for p in order if p in (caller, opponent))]


def _tie_suits(caller: str, opponent: str, order: Sequence[str], suit_key: Callable[[str], Tuple[int, ...]]) -> List[str]:
    a, b = suit_key(caller), suit_key(opponent)
    if a == b:  # only possible with wild cards: fall back to the caller losing
        return [opponent]
    return [caller] if a > b else [opponent]


TIE_RESOLVERS: Dict[str, TieResolver] = {
    "caller_loses": _tie_caller_loses,
    "split": _tie_split,
    "eldest_hand": _tie_eldest,
    "suits": _tie_suits,
}
"""The engine's tie rule at a see, by the value of ``seeing.tie``."""


def check_profile(p: "Profile") -> Optional[Tuple[str, Tuple[str, ...]]]:
    """``seeing.split: high_low`` where a showdown pays no single pot: (message, the fields in conflict), or None.

    >>> from bragrules.profile.models import Profile
    >>> check_profile(Profile.model_validate({"seeing": {"split": "high_low"}})) is None
    True
    """
    fmt = p.format
    if p.seeing.split == "high_low" and (not fmt.betting or fmt.hands != 1 or fmt.lives is not None):
        return ("a pot split between the highest and the lowest hand (seeing.split: high_low) needs one hand each, "
                "betting, and no lives (format.hands: 1, format.betting: true, format.lives: null)",
                ("seeing.split", "format.hands", "format.betting", "format.lives"))
    return None


def tie_among_many(p: "Profile") -> str:
    """Equal best hands among several players (no caller): split, eldest_hand or suits."""
    return p.seeing.tie if p.seeing.tie in ("eldest_hand", "suits") else "split"


@dataclass(frozen=True, slots=True)
class SeeingPolicy(AreaPolicy):
    """Seeing as the engine asks it: who may see whom, what it costs, the order of showing, ties.

    >>> from bragrules.profile.models import Profile
    >>> policy = SeeingPolicy.compile(Profile())
    >>> policy.may_see(caller_blind=False, opponent_blind=True), policy.see.multiple
    (False, Fraction(2, 1))
    """

    see: SeePolicy
    resolve_tie: TieResolver
    tie_among_many: str
    """Equal best hands among several players: split, eldest_hand or suits."""
    caller_shows_first: bool
    """At a see the caller turns cards first (else the opponent)."""
    concede_unseen: bool
    """The second to show at a see may concede without showing."""
    fee_to_opponent: bool = False
    """A see's cost is paid to the player seen, outside the pot (``seeing.fee_to: opponent``)."""
    matched_from: int = 0
    """``seeing.matched_showdown``: the fewest players in for a matched showdown (0: never)."""
    high_low: bool = False
    """``seeing.split: high_low``: a showdown's pot is split between the best and the lowest hand shown."""

    @property
    def answers_forced_show(self) -> bool:
        """Only under ``seeing.matched_showdown`` do matched stakes force a showdown."""
        return self.matched_from != 0

    def forced_show(self, betting: Betting, units: Any) -> Optional[ForcedShow]:
        """``seeing.matched_showdown``: every stake still in is matched, so all hands are shown.

        >>> from bragrules.profile.models import Profile
        >>> policy = SeeingPolicy.compile(Profile.model_validate({"seeing": {"matched_showdown": "always"}}))
        >>> class Record:
        ...     pot_u, level_u, raises_made, bets_at_level, players_in, players_able = 9, 2, 0, 2, 3, 3
        >>> policy.forced_show(Record(), None).rule
        'seeing.matched_showdown'
        >>> Record.bets_at_level = 1
        >>> policy.forced_show(Record(), None) is None
        True
        """
        if not self.matched_from or betting.level_u is None or betting.players_in < self.matched_from:
            return None
        if betting.players_able < 1 or betting.bets_at_level < betting.players_able - 1:
            return None
        return ForcedShow(MATCHED_SHOWDOWN_RULE, "every stake still in is matched: everyone still in shows")

    def may_see(self, caller_blind: bool, opponent_blind: bool) -> bool:
        return self.see.may_see(caller_blind, opponent_blind)

    @classmethod
    def compile(cls, p: "Profile") -> "SeeingPolicy":
        seeing = p.seeing
        matched = {"never": 0, "more_than_two": 3, "always": 2}[seeing.matched_showdown]
        return cls(see_policy(p), TIE_RESOLVERS[seeing.tie], tie_among_many(p), seeing.exposure == "caller_first",
                   seeing.concede_unseen, seeing.fee_to == "opponent", matched, seeing.split == "high_low")


# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------


def betting(p: "Profile") -> bool:
    return p.format.betting


def betting_blind(p: "Profile") -> bool:
    return p.format.betting and p.blind.allowed


def _cost_basis_in_play(p: "Profile") -> bool:
    """Whether ``seeing.cost_basis`` can change a see's price: only where the other player's last bet can
    differ from what the caller pays at the level, that is where a blind player pays another rate, a
    short stack bets all it has. Everyone seen with unlimited money, the last bet of the other player,
    made after any raise, is always the level itself (a live forced bet too: it is paid at the level it
    sets; a small blind is dead money, no bet).

    >>> from bragrules.profile import load_profile
    >>> _cost_basis_in_play(load_profile("standard")), _cost_basis_in_play(load_profile("classic"))
    (True, False)
    """
    return p.format.betting and (p.blind.allowed or p.session.bankroll == "finite")


def _see_cost_text(multiple: Fraction, basis: str, blind_rate: Fraction) -> str:
    times = times_text(multiple)
    if basis == "opponent_last_bet":
        return tr("a see costs {times} the other player's last bet", times=times)
    blind_share = multiple * blind_rate
    if blind_share == 1:
        blind = tr("the level")
    else:
        blind = tr("{times} the level", times=times_text(blind_share))
    return tr("a see costs {times} the caller's own rate: a seen caller pays {times} the level, a blind caller {blind}",
              times=times, blind=blind)


def see_cost(p: "Profile") -> str:
    return _see_cost_text(p.seeing.cost_multiple, p.seeing.cost_basis, p.stakes.blind_rate)


def _may_see(path: str, read: Callable[["Profile"], bool], caller: str, opponent: str,
             sources: Dict[str, str], in_play: Callable[["Profile"], bool]) -> FieldText:
    return choice(
        path,
        read,
        {
            True: f"a {caller} player may see a {opponent} player",
            False: f"a {caller} player may not see a {opponent} player",
        },
        sources,
        in_play,
    )


SEEN_SEES_SEEN = _may_see("seeing.seen_sees_seen", lambda p: p.seeing.seen_sees_seen, "seen", "seen",
                          {"true": "000, 002, 003", "false": "house rule"}, betting)
SEEN_SEES_BLIND = _may_see("seeing.seen_sees_blind", lambda p: p.seeing.seen_sees_blind, "seen", "blind",
                           {"false": "000, 002, 003", "true": "house rule"}, betting_blind)
BLIND_SEES_SEEN = _may_see("seeing.blind_sees_seen", lambda p: p.seeing.blind_sees_seen, "blind", "seen",
                           {"true": "002", "false": "house rule"}, betting_blind)
BLIND_SEES_BLIND = _may_see("seeing.blind_sees_blind", lambda p: p.seeing.blind_sees_blind, "blind", "blind",
                            {"true": "002", "false": "000"}, betting_blind)
EXPOSURE = choice(
    "seeing.exposure",
    lambda p: p.seeing.exposure,
    {
        "opponent_first": "at a see the opponent shows first; two blind players turn their cards "
        "alternately, the opponent first",
        "caller_first": "at a see the caller shows first; two blind players turn their cards "
        "alternately, the caller first",
    },
    {"opponent_first": "002", "caller_first": "house rule"},
    betting,
)
CONCEDE_UNSEEN = choice(
    "seeing.concede_unseen",
    lambda p: p.seeing.concede_unseen,
    {
        True: "at a see the player who shows second may concede without showing, once the first hand is turned",
        False: "at a see both hands are shown",
    },
    {"false": "000, 002, 003", "true": "house rule"},
    betting,
)

def _later_choice(path: str, read: Callable[["Profile"], Any], table: Dict[str, str],
                  sources: Dict[str, str]) -> FieldText:
    """A choice added after logs began (``later``): one sentence per value, in play while betting."""
    return FieldText(path, read, lambda p: tr(table[read(p)]), sources, betting, choices=dict(table), later=True)


FEE_TO = _later_choice(
    "seeing.fee_to",
    lambda p: p.seeing.fee_to,
    {
        "pot": "the cost of a see goes into the pot",
        "opponent": "the cost of a see is a show fee paid to the player seen, outside the pot, whoever wins",
    },
    {"pot": "000, 002, 003; gamevidyabharat.com's settlement",
     "opponent": "gamevidyabharat.com, apnakhelshala.com (a show fee to the opponent)"},
)
MATCHED_SHOWDOWN = _later_choice(
    "seeing.matched_showdown",
    lambda p: p.seeing.matched_showdown,
    {
        "never": "only a see between the last two shows hands",
        "more_than_two": "with three or more in, once every stake still in is matched all hands are shown",
        "always": "once every stake still in is matched all hands are shown, however many are in",
    },
    {"never": "000, 002, 003", "more_than_two": "house rule (pokerwiner.com's single-stake Brag, beside the see)",
     "always": "pokerwiner.com (single-stake Brag)"},
)

_SPLIT_SAID = {"best": N_("the best hand at a showdown takes the pot"),
               "high_low": N_("the pot at a showdown is split: half to the best hand and half to the lowest hand shown, "
                              "equal hands sharing their half (hands all equal: the tie decides it all); a player left "
                              "alone takes it all")}
SPLIT = FieldText(
    "seeing.split",
    lambda p: p.seeing.split,
    lambda p: tr(_SPLIT_SAID[p.seeing.split]),
    {"best": "000, 002, 003", "high_low": "onlinechosen.com, Wikipedia \"Teen patti\" (High-low split, cards speak)"},
    lambda p: p.format.betting and p.format.hands == 1 and p.format.lives is None,
    choices={"best": "the best hand at a showdown takes the pot",
             "high_low": "the pot at a showdown is split between the best and the lowest hand shown"},
    later=True,
)

_TIE_WORDS = {
    "caller_loses": N_("a tie goes against the player who called the see"),
    "split": N_("a tied see splits the pot"),
    "eldest_hand": N_("a tied see goes to the player nearer the dealer's left"),
}


def tie(p: "Profile") -> str:
    if p.seeing.tie == "suits":
        return tr("a tied see is decided by suits ({suits}, highest first)", suits=", ".join(p.ranking.suit_order))
    return tr(_TIE_WORDS[p.seeing.tie])


TIE = FieldText(
    "seeing.tie",
    lambda p: p.seeing.tie,
    tie,
    {"caller_loses": "000, 002, 003", "split": "house rule", "suits": "house rule",
     "eldest_hand": "pagat (Three-Stake Brag)"},
    lambda p: p.format.betting and p.format.hands == 1,  # several hands: format.tied_hand decides each
)

_TIE_AT_TABLE = {
    "caller_loses": N_("equal hands: the tie goes against the player who called the see"),
    "split": N_("equal hands: the pot is split"),
    "suits": N_("equal hands: suits decide"),
    "eldest_hand": N_("equal hands: the player nearer the dealer's left wins"),
}


def tie_at_table(p: "Profile") -> str:
    """What a table says when the two hands at a see are equal (``bragrules play``), in English; its words in
    the language spoken: ``tr(tie_at_table(p))``."""
    return _TIE_AT_TABLE[p.seeing.tie]


# ---------------------------------------------------------------------------
# The rulebook: the see, and ties
# ---------------------------------------------------------------------------


def see_section(p: "Profile") -> Optional[Section]:
    from bragrules.rules.stakes_text import example_level

    if not p.format.betting:
        return None
    seeing = p.seeing
    sec = Section("seeing", tr("The see"))
    sec.para(
        tr("Only the last two players may see. Instead of betting, either may call a see: they pay "
           "the cost of the see to the other player and both hands are shown. The better hand takes the pot.")
        if seeing.fee_to == "opponent" else
        tr("Only the last two players may see. Instead of betting, either may call a see: they pay "
           "the cost of the see into the pot and both hands are shown. The better hand takes the pot.")
    )
    blind = p.blind.allowed
    if blind:
        sec.bullets([sentence(f.sentence(p)) for f in (SEEN_SEES_SEEN, SEEN_SEES_BLIND, BLIND_SEES_SEEN, BLIND_SEES_BLIND)])
        if not seeing.seen_sees_blind:
            sec.para(tr("A seen player facing a blind one keeps betting or folds."))
    elif not seeing.seen_sees_seen:
        sec.para(sentence(SEEN_SEES_SEEN.sentence(p)))
    level = example_level(p)
    multiple = seeing.cost_multiple
    if seeing.cost_basis == "caller_rate":
        cost = [
            sentence(tr("a see costs {times} the caller's own rate at the current level", times=times_text(multiple))),
            tr("At level {level}, a seen caller pays {seen} and a blind caller {blind}.", level=money_text(level),
               seen=money_text(level * multiple), blind=money_text(level * p.stakes.blind_rate * multiple))
            if blind else
            tr("At level {level}, a seen caller pays {seen}.", level=money_text(level), seen=money_text(level * multiple)),
        ]
    else:
        cost = [
            sentence(see_cost(p)),
            tr("If the other player's last bet was {level}, the see costs {cost} (not {times} the ante).",
               level=money_text(level), cost=money_text(level * multiple), times=times_text(multiple)),
        ]
    sec.para(*cost)
    exposure = EXPOSURE.sentence(p)
    if not blind or not seeing.blind_sees_blind:
        exposure = exposure.split(";")[0]  # two blind players never see each other: no alternate turning
    concede = sentence(CONCEDE_UNSEEN.sentence(p)) if seeing.concede_unseen else ""
    if concede:
        concede += " " + tr("The conceded cards are never shown, and the first player takes the pot.")
    sec.para(sentence(exposure), concede)
    if seeing.fee_to == "opponent":
        sec.para(sentence(FEE_TO.sentence(p)) + " " + tr("The caller does not get it back by winning the see."))
    if seeing.matched_showdown != "never":
        sec.para(sentence(MATCHED_SHOWDOWN.sentence(p)),
                 tr("A stake is matched when, after a bet sets the level, every other player still in has bet at "
                    "that level; the best hand takes the pot."))
    return sec


def ties_section(p: "Profile") -> Optional[Section]:
    from bragrules.rules import format as fmt
    from bragrules.rules import hand_ranking

    sec = Section("ties", tr("Ties"))
    items = []
    if p.format.betting:
        items.append(sentence(tie(p)))
        if p.seeing.tie == "caller_loses":
            items.append(tr("The caller wins only with a strictly better hand."))
    suits = hand_ranking.SUITS_BREAK_TIES.sentence(p)
    if p.ranking.suits_break_ties:
        items.append(sentence(suits) + " " + sentence(hand_ranking.suit_order(p)))
    else:
        items.append(sentence(tr("Hands of the same ranks are equal whatever their suits: {suits}", suits=suits)))
    if hand_ranking.has_wild(p):
        items.append(sentence(hand_ranking.NATURAL_BEATS_WILD.sentence(p)))
    if p.format.hands > 1:
        items.append(sentence(fmt.TIED_HAND.sentence(p)))
    elif p.format.cards_dealt > 3:
        items.append(sentence(fmt.DISCARD_BREAKS_TIES.sentence(p)))
    if p.format.lives is not None:
        items.append(sentence(fmt.LOWEST_TIE.sentence(p)))
    sec.bullets(items)
    return sec


TEXT = AreaText(
    key="seeing",
    name="seeing",
    title="The see",
    fields=(
        FieldText("seeing.cost_multiple", lambda p: p.seeing.cost_multiple, see_cost,
                  {"2": "000, 002, 003", "*": "house rule"}, betting),
        FieldText("seeing.cost_basis", lambda p: p.seeing.cost_basis, see_cost,
                  {"caller_rate": "002, 003", "opponent_last_bet": "000"}, _cost_basis_in_play),
        SEEN_SEES_SEEN,
        SEEN_SEES_BLIND,
        BLIND_SEES_SEEN,
        BLIND_SEES_BLIND,
        EXPOSURE,
        CONCEDE_UNSEEN,
        TIE,
        FEE_TO,
        MATCHED_SHOWDOWN,
        SPLIT,
    ),
    sections=((50, see_section), (60, ties_section)),
)
