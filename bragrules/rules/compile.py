"""Compile a profile into the rules the engine asks.

``compile_rules(profile)`` chooses, once, every behaviour that varies between
tables, as one compiled policy per rule area: ``rules.stakes``
(:class:`~bragrules.rules.stakes.StakesPolicy`), ``rules.seeing``,
``rules.blind``, ``rules.folding``, ``rules.session``, ``rules.pack``,
``rules.table``, ``rules.disputes``, ``rules.format`` and the ranking. Each
area's module builds its own policy from its own part of the profile; this
module only assembles them into :class:`Rules`, with what is derived from
several areas at once (the money unit, the comparer of hands). The engine
never reads a profile field and never branches on a variant's name: it asks
these policies (:mod:`bragrules.rules.hooks` lists the questions).

>>> from bragrules.profile.models import Profile
>>> rules = compile_rules(Profile())
>>> rules.stakes.payment(level=Fraction(4), blind=True)
Fraction(2, 1)
>>> rules.seeing.see.multiple * rules.seeing.see.basis_amount(rules.stakes.payment(Fraction(4), blind=False), 4)
Fraction(8, 1)
>>> rules.seeing.may_see(caller_blind=False, opponent_blind=True)
False
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Optional, Tuple

from bragrules.profile.models import Profile
from bragrules.rules.blind import BlindPolicy
from bragrules.rules.disputes import DisputesPolicy
from bragrules.rules.folding import FoldingPolicy
from bragrules.rules.forced_bets import ForcedPolicy
from bragrules.rules.format import FormatPolicy
from bragrules.rules.hand_ranking import RankingPolicy
from bragrules.rules.hooks import AreaPolicy
from bragrules.rules.house import HousePolicy
from bragrules.rules.pack import PackPolicy, ShufflePolicy, stripped_cards
from bragrules.rules.pots import PotsPolicy
from bragrules.rules.procedure import ProcedurePolicy
from bragrules.rules.raise_cap import RaisePolicy
from bragrules.rules.ranking import compile_ranking
from bragrules.rules.seeing import TIE_RESOLVERS, SeeingPolicy, SeePolicy, TieResolver
from bragrules.rules.session import EndPolicy, SessionPolicy
from bragrules.rules.side_show import SideShowPolicy
from bragrules.rules.stakes import StakesPolicy
from bragrules.rules.table import TablePolicy
from bragrules.rules.vocabulary import PLAIN, Words, words_of
from bragrules.rules.wild_deal import WildDealPolicy, ranker_jokers

if TYPE_CHECKING:  # the engine's comparer and units are built once per profile, in _compile
    from bragrules.engine.showdown import Comparer
    from bragrules.engine.units import UnitsFamily

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


@dataclass(frozen=True)
class Rules:
    """Everything the engine needs, chosen once from a profile: one compiled policy per rule area.

    >>> from bragrules.profile import load_profile
    >>> rules = compile_rules(load_profile("traditional"))
    >>> rules.blind.retention, rules.stakes.opening_min, rules.format.hands
    (True, Fraction(1, 1), 1)
    """

    profile: Profile
    table: TablePolicy
    pack: PackPolicy
    ranking: RankingPolicy
    stakes: StakesPolicy
    seeing: SeeingPolicy
    folding: FoldingPolicy
    blind: BlindPolicy
    session: SessionPolicy
    disputes: DisputesPolicy
    format: FormatPolicy
    money_denominator: int
    """The least ``D`` making every amount the profile can produce a whole number of ``1/D``."""
    comparer: Comparer
    """Keys for one-hand showdowns (:class:`~bragrules.engine.showdown.Comparer`)."""
    asking_refusal: Tuple[AreaPolicy, ...]
    """The area policies whose ``refusal`` can refuse something under this profile (asked in this order)."""
    units: UnitsFamily
    """The money units of this profile's deals (:class:`~bragrules.engine.units.UnitsFamily`)."""
    house: HousePolicy = HousePolicy()
    """What the house takes (``house``): a rake from each pot won, a table fee."""
    forced: Optional[ForcedPolicy] = None
    """What each seat posts before the betting (``stakes.forced``); None: every seat antes ``stakes.ante``."""
    asking_forced_show: Tuple[AreaPolicy, ...] = ()
    """The area policies whose class answers ``forced_show`` (asked after each bet and fold, in this order;
    each answers at once when its rule is off): derived from the classes, so no rule can be left out."""
    asking_put_out: Tuple[AreaPolicy, ...] = ()
    """The area policies whose class answers ``put_out`` (asked after each raise; ``stakes.raised_out``)."""
    asking_ending: Tuple[AreaPolicy, ...] = ()
    """The area policies whose ``ending`` can answer under this profile (asked at each settlement, in this order;
    the first answer names the deal's ending): each policy says so itself (``answers_ending``, by default whether
    its class answers at all), so an area's own ending is never left out."""
    side_show: Optional[SideShowPolicy] = None
    """The side-show (``seeing.side_show``), or None when the profile has none."""
    pots: Optional[PotsPolicy] = None
    """The side pots beside the deal's own (``pots``), or None when the profile plays one pot a deal."""
    procedure: ProcedurePolicy = ProcedurePolicy()
    """The deal's steps (``procedure``): the default list, or extended by a bust card, betting rounds, who deals
    next. Among the areas the engine asks (:attr:`areas`, the hooks) only where it departs from the default."""
    words: Words = PLAIN
    """The game's own words (``vocabulary``): what everything telling a hand or a move to a person asks."""

    @property
    def areas(self) -> Tuple[AreaPolicy, ...]:
        """Every area's policy, in the profile's order."""
        return (self.table, self.pack, self.ranking, self.stakes, self.seeing, self.folding, self.blind,
                self.session, self.disputes, self.format, self.house)


def money_denominator(rules: Rules) -> int:
    """The least ``D`` making every amount a profile can produce a whole number of ``1/D``.

    Levels are multiples of the level step; a blind player pays the blind
    rate of a level; a see is a multiple of a payment. A rake of ``1/d`` of a
    pot makes the unit ``d`` times finer, so the rake of a pot in whole units
    is whole too.

    >>> from bragrules.profile.models import Profile
    >>> money_denominator(compile_rules(Profile()))
    2
    >>> money_denominator(compile_rules(Profile.model_validate({"house": {"rake": "1/20"}})))
    40
    """
    return _denominator(rules.stakes, rules.seeing, rules.session, rules.house, rules.disputes.self_exposure_fine)


def _denominator(stakes: StakesPolicy, seeing: SeeingPolicy, session: SessionPolicy, house: HousePolicy,
                 fine: Optional[Fraction] = None) -> int:
    multiple = seeing.see.multiple
    step, rate = stakes.level_step, stakes.blind_rate
    amounts = [*stakes.money_amounts(), step * multiple, step * rate * multiple, session.starting_stack,
               *session.bonus.values(), *house.money_amounts(), *((fine,) if fine is not None else ()),
               *((session.points.spare_stake,) if session.points is not None else ())]
    return lcm(*(Fraction(a).denominator for a in amounts)) * house.unit_factor


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


def with_seats(rules: Rules, min_players: int, max_players: int) -> Rules:
    """The same rules for another number of seats (an audit of a history dealt to more or fewer players)."""
    table = TablePolicy(min_players, max_players, rules.table.rotation_step, rules.table.first_dealer_random,
                        rules.table.deal_singly, rules.table.cut, rules.table.sitting_out)
    return Rules(rules.profile, table, rules.pack, rules.ranking, rules.stakes, rules.seeing, rules.folding,
                 rules.blind, rules.session, rules.disputes, rules.format, rules.money_denominator, rules.comparer,
                 rules.asking_refusal, rules.units, rules.house, rules.forced, rules.asking_forced_show,
                 rules.asking_put_out, rules.asking_ending, rules.side_show, rules.pots, rules.procedure,
                 rules.words)


def _compile(profile: Profile) -> Rules:
    # the engine's comparer and money units, asked for only here: the rules depend on no engine module to load
    from bragrules.engine.showdown import Comparer
    from bragrules.engine.units import UnitsFamily

    ranking = profile.ranking
    wild_deal = WildDealPolicy.compile(profile)  # wild cards chosen per deal or per hand: None when none
    open_wild = wild_deal is not None
    jokers = ranker_jokers(profile)  # the pack's, or the one dealt to each player
    stripped = stripped_cards(profile.pack.stripped_ranks)
    words = words_of(profile)
    ranker = compile_ranking(ranking, jokers=jokers, open_wild=open_wild, stripped=stripped).named(words)
    suit_ranker = (
        ranker
        if ranking.suits_break_ties
        else compile_ranking(ranking.model_copy(update={"suits_break_ties": True}), jokers=jokers,
                             open_wild=open_wild, stripped=stripped).named(words)
    ) if profile.seeing.tie == "suits" else ranker
    stakes = StakesPolicy.compile(profile)
    seeing = SeeingPolicy.compile(profile)
    session = SessionPolicy.compile(profile)
    fmt = FormatPolicy.compile(profile)
    areas: Tuple[AreaPolicy, ...] = (
        TablePolicy.compile(profile), PackPolicy.compile(profile), RankingPolicy(ranker, suit_ranker, wild_deal), stakes,
        seeing, FoldingPolicy.compile(profile), BlindPolicy.compile(profile), session,
        DisputesPolicy.compile(profile), fmt,
    )
    procedure = ProcedurePolicy.compile(profile)
    asked: Tuple[AreaPolicy, ...] = areas + ((procedure,) if procedure.in_play else ())  # the areas the hooks ask
    house = HousePolicy.compile(profile)
    forced = ForcedPolicy.compile(profile)
    side_show = SideShowPolicy.compile(profile)
    table, pack, ranking_policy, _, _, folding, blind, _, disputes, _ = areas
    assert isinstance(table, TablePolicy) and isinstance(pack, PackPolicy)
    assert isinstance(ranking_policy, RankingPolicy) and isinstance(folding, FoldingPolicy)
    assert isinstance(blind, BlindPolicy) and isinstance(disputes, DisputesPolicy)
    denominator = _denominator(stakes, seeing, session, house, disputes.self_exposure_fine)
    if forced is not None:
        denominator = lcm(denominator, *(Fraction(a).denominator for a in forced.money_amounts()))
    if procedure.bank is not None:  # procedure.bank: the bank, the least stake, the Pair Plus
        denominator = lcm(denominator, *(Fraction(a).denominator for a in procedure.bank.money_amounts()))
    pots = PotsPolicy.compile(profile)
    if pots.in_play:
        denominator = lcm(denominator, *(Fraction(a).denominator for a in pots.money_amounts()))
    return Rules(
        profile=profile, table=table, pack=pack, ranking=ranking_policy, stakes=stakes, seeing=seeing,
        folding=folding, blind=blind, session=session, disputes=disputes, format=fmt,
        money_denominator=denominator,
        comparer=Comparer(ranker, suit_ranker, fmt.discard_breaks_ties, wild_deal),
        asking_refusal=tuple(area for area in asked if area.asks_refusal) + ((side_show,) if side_show else ()),
        units=UnitsFamily(stakes, seeing.see.multiple, seeing.see.basis != "caller_rate", session.bonus, denominator),
        house=house,
        forced=forced,
        asking_forced_show=tuple(area for area in asked if area.answers_forced_show),
        asking_put_out=tuple(area for area in asked if area.answers_put_out),
        asking_ending=tuple(area for area in asked if area.answers_ending),
        side_show=side_show,
        pots=pots if pots.in_play else None,
        procedure=procedure,
        words=words,
    )

