"""Compile a profile into the rules the engine asks.

``compile_rules(profile)`` chooses, once, every behaviour that varies between
tables and packages it as small policy objects. The engine never reads a
profile field and never branches on a variant's name; it asks these objects.
Each policy is defined by its rule area (:class:`RaisePolicy` in
:mod:`bragrules.rules.stakes`, :class:`SeePolicy` and the tie resolvers in
:mod:`bragrules.rules.seeing`, :class:`EndPolicy` in
:mod:`bragrules.rules.session`, :class:`ShufflePolicy` in
:mod:`bragrules.rules.pack`); this module only assembles them into
:class:`Rules`.

>>> from bragrules.profile.models import Profile
>>> rules = compile_rules(Profile())
>>> rules.payment(level=Fraction(4), blind=True)
Fraction(2, 1)
>>> rules.see.multiple * rules.see.basis_amount(rules.payment(Fraction(4), blind=False), Fraction(4))
Fraction(8, 1)
>>> rules.may_see(caller_blind=False, opponent_blind=True)
False
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import lcm
from typing import Dict, Optional, Tuple

from bragrules.profile.models import Profile
from bragrules.rules import format as fmt_area
from bragrules.rules.pack import ShufflePolicy
from bragrules.rules.ranking import HandRanker, compile_ranking
from bragrules.rules.seeing import TIE_RESOLVERS, SeePolicy, TieResolver, see_policy, tie_among_many
from bragrules.rules.session import EndPolicy
from bragrules.rules.stakes import RaisePolicy, raise_policy
from bragrules.rules.table import rotation_step

__all__ = [
    "EndPolicy",
    "RaisePolicy",
    "Rules",
    "SeePolicy",
    "ShufflePolicy",
    "TIE_RESOLVERS",
    "TieResolver",
    "compile_rules",
    "money_denominator",
]

# ---------------------------------------------------------------------------
# The whole compiled rule set
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    """Everything the engine needs, chosen once from a profile."""

    profile: Profile
    ranker: HandRanker
    suit_ranker: HandRanker
    ante: Fraction
    blind_rate: Fraction
    level_step: Fraction
    opening_min: Fraction
    opening_max: Optional[Fraction]
    raises: RaisePolicy
    check_allowed: bool
    see: SeePolicy
    resolve_tie: TieResolver
    blind_allowed: bool
    look_any_time: bool
    blind_survivor_collects: bool
    nobody_bet_carries: bool
    retention: bool
    shuffle: ShufflePolicy
    end: EndPolicy
    finite: bool
    starting_stack: Fraction
    covering_side_pot: bool
    bonus: Dict[str, Fraction]
    rotation_step: int
    first_dealer_random: bool
    deal_singly: bool
    cut: bool
    jokers: int
    cards_dealt: int
    hands_per_player: int
    betting: bool
    lives: Optional[int]
    exchange: bool = False
    centre_cards: int = 0
    swap_kinds: Tuple[str, ...] = ()
    money_denominator: int = 1
    min_players: int = 2
    max_players: int = 8
    strongest_first: bool = False  # several hands: the stronger placed first
    hands_needed: int = 1  # several hands: how many a player must win to take the pot
    tied_hand_against_caller: bool = False  # several hands: a tied hand goes against the caller
    discard_breaks_ties: bool = False  # Four-Card
    lowest_tie_all_lose: bool = True  # Crash: equal lowest hands each lose a life
    tie_among_many: str = "split"  # equal best hands among several players: split, eldest_hand or suits
    pot_opening_capped: bool = True  # pot limit: the opening bet is at most the pot too
    caller_shows_first: bool = False  # at a see the caller turns cards first (else the opponent)
    concede_unseen: bool = False  # the second to show at a see may concede without showing
    retain_by_default: bool = True  # a blind survivor retains the unseen hand when a history does not say
    retain_of_two: str = "choice"  # which of two unseen hands a survivor keeps: choice, newer or older
    bonus_when_dealt: bool = False  # bonuses earned when a hand is held (declared on looking), not only shown
    bonus_unlooked: bool = False  # bonuses earned by every bonus hand dealt, looked at or not, settled with the deal
    # what the engine derives from these rules once and keeps with them (a deal's money units)
    memo: Dict[object, object] = field(default_factory=dict, compare=False, repr=False)
    peek_folds: bool = True  # a deliberate look at another's cards forces the looker's fold
    redeal_before_betting: bool = True  # an exposure before any betting: the exposed player may demand a redeal
    redeal_after_betting: bool = False  # the same once betting has begun

    # -- money ------------------------------------------------------------

    def payment(self, level: Fraction, blind: bool) -> Fraction:
        """What a player pays at a turn for a level: the level seen, the blind rate of it blind."""
        return level * self.blind_rate if blind else level

    def level_for(self, paid: Fraction, blind: bool) -> Fraction:
        """The seen-equivalent level a payment stands for."""
        return paid / self.blind_rate if blind else paid

    def may_see(self, caller_blind: bool, opponent_blind: bool) -> bool:
        return self.see.may_see(caller_blind, opponent_blind)

    @property
    def pack_size(self) -> int:
        return 52 + self.jokers


def money_denominator(rules: Rules) -> int:
    """The least ``D`` making every amount a profile can produce a whole number of ``1/D``.

    Levels are multiples of the level step; a blind player pays the blind
    rate of a level; a see is a multiple of a payment.

    >>> from bragrules.profile.models import Profile
    >>> money_denominator(compile_rules(Profile()))
    2
    """
    step = rules.level_step
    rate = rules.blind_rate
    multiple = rules.see.multiple
    amounts = [
        rules.ante,
        step,
        step * rate,
        step * multiple,
        step * rate * multiple,
        rules.opening_min,
        rules.starting_stack,
        *rules.bonus.values(),
    ]
    if rules.opening_max is not None:
        amounts.append(rules.opening_max)
    if rules.raises.amount is not None:
        amounts += [rules.raises.amount, rules.raises.amount * rate]
    return lcm(*(Fraction(a).denominator for a in amounts))


_COMPILED: "OrderedDict[str, Rules]" = OrderedDict()
_COMPILED_MAX = 64  # profiles whose rules are kept; the oldest goes first


def compile_rules(profile: Profile) -> Rules:
    """Build the :class:`Rules` for a profile.

    Equal profiles share one :class:`Rules` (the last 64 profiles are kept,
    by their content), so a table, its audit and its bots ask the same
    policy objects and the same compiled ranking.

    >>> from bragrules.profile import load_profile
    >>> compile_rules(load_profile("traditional")) is compile_rules(load_profile("traditional"))
    True
    """
    key = profile.model_dump_json()
    found = _COMPILED.get(key)
    if found is not None:
        _COMPILED.move_to_end(key)
        return found
    found = _COMPILED[key] = _compile(profile)
    if len(_COMPILED) > _COMPILED_MAX:
        _COMPILED.popitem(last=False)
    return found


def _compile(profile: Profile) -> Rules:
    ranking = profile.ranking
    ranker = compile_ranking(ranking, jokers=profile.pack.jokers)
    suit_ranker = (
        ranker
        if ranking.suits_break_ties
        else compile_ranking(ranking.model_copy(update={"suits_break_ties": True}), jokers=profile.pack.jokers)
    ) if profile.seeing.tie == "suits" else ranker
    seeing = profile.seeing
    stakes = profile.stakes
    rules = Rules(
        profile=profile,
        ranker=ranker,
        suit_ranker=suit_ranker,
        ante=stakes.ante,
        blind_rate=stakes.blind_rate,
        level_step=stakes.level_step,
        opening_min=stakes.opening_min,
        opening_max=stakes.opening_max,
        raises=raise_policy(profile),
        check_allowed=stakes.check == "before_first_bet",
        see=see_policy(profile),
        resolve_tie=TIE_RESOLVERS[seeing.tie],
        blind_allowed=profile.blind.allowed,
        look_any_time=profile.blind.look == "any_time",
        blind_survivor_collects=profile.folding.blind_survivor == "collects",
        nobody_bet_carries=profile.folding.nobody_bet == "carries",
        retention=profile.blind.retention,
        shuffle=ShufflePolicy(profile.pack.shuffle),
        end=EndPolicy(profile.session.end.kind, profile.session.end.count, profile.session.end.minutes,
                      abandons=profile.session.end.kind == "time" and profile.session.end.at_limit == "abandon"),
        finite=profile.session.bankroll == "finite",
        starting_stack=profile.session.starting_stack if profile.session.bankroll == "finite" else Fraction(0),
        covering_side_pot=profile.session.covering == "side_pot",
        bonus={
            "prial": profile.session.bonus.prial,
            "running_flush": profile.session.bonus.running_flush,
        },
        rotation_step=rotation_step(profile),
        first_dealer_random=profile.table.first_dealer == "random",
        deal_singly=profile.table.deal == "singly",
        cut=profile.table.cut,
        jokers=profile.pack.jokers,
        cards_dealt=profile.format.cards_dealt,
        hands_per_player=profile.format.hands,
        betting=profile.format.betting,
        lives=profile.format.lives,
        exchange=profile.format.exchange.enabled,
        centre_cards=profile.format.exchange.centre_cards if profile.format.exchange.enabled else 0,
        swap_kinds=fmt_area.SWAP_KINDS[profile.format.exchange.swap],
    )
    fmt = profile.format
    return replace(
        rules,
        money_denominator=money_denominator(rules),
        min_players=profile.table.min_players,
        max_players=profile.table.max_players,
        strongest_first=fmt.hand_order == "strongest_first",
        hands_needed=fmt_area.hands_needed(profile),
        tied_hand_against_caller=fmt.tied_hand == "against_caller",
        discard_breaks_ties=fmt.discard_breaks_ties,
        lowest_tie_all_lose=fmt.lowest_tie == "all_lose",
        tie_among_many=tie_among_many(profile),
        pot_opening_capped=stakes.raise_limit.pot_opening == "capped",
        caller_shows_first=seeing.exposure == "caller_first",
        concede_unseen=seeing.concede_unseen,
        retain_by_default=profile.blind.retain_default == "retain",
        retain_of_two=profile.blind.retain_of_two,
        bonus_when_dealt=profile.session.bonus.when == "dealt" and profile.session.bonus.needs_look,
        bonus_unlooked=profile.session.bonus.when == "dealt" and not profile.session.bonus.needs_look,
        peek_folds=profile.disputes.deliberate_look == "fold",
        redeal_before_betting=profile.disputes.exposure_before_betting == "redeal",
        redeal_after_betting=profile.disputes.exposure_after_betting == "redeal",
    )
