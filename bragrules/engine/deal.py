"""One deal of Brag as a state machine.

A :class:`Deal` is created with the hands already dealt (the :class:`Session`
deals them from its pack, an audit takes them from a history). Antes are
posted at once. Then, while the deal is not over, ``deal.to_act`` names the
player to act, ``deal.legal_actions()`` lists what they may do with its exact
cost, and ``deal.apply(action)`` applies one action. An illegal action raises
:class:`~bragrules.core.errors.RuleViolation` naming the rule and changes nothing.

The worked pot of 002 section 06 (traditional rules, everyone seen):

>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.core.cards import parse_cards
>>> rules = compile_rules(Profile(stakes={"opening_max": 5, "raise_limit": {"kind": "max_increase", "amount": 5}}))
>>> hands = {"A": parse_cards("Kc 9c 4c"), "B": parse_cards("5s 6h 7d"),
...          "C": parse_cards("2c 7h Jd"), "D": parse_cards("3s 8h Qd")}
>>> deal = Deal(rules, order=["A", "B", "C", "D"], hands=hands)
>>> for text in ["A look", "A bet 2", "B look", "B bet 2", "C fold", "D fold", "A see 4"]:
...     _ = deal.apply_text(text)
>>> deal.result.winners, deal.result.pot
(['B'], Fraction(12, 1))
>>> {p: int(v) for p, v in deal.result.net.items()}
{'A': -7, 'B': 9, 'C': -1, 'D': -1}
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Dict, FrozenSet, List, Mapping, NamedTuple, Optional, Sequence, Set, Tuple

from bragrules.core.cards import Card
from bragrules.core.errors import RuleViolation
from bragrules.core.money import ZERO, pretty_money
from bragrules.core.text import brief
from bragrules.engine.actions import DISPUTE_KINDS, WELL_FORMED, Action, LegalAction, malformed
from bragrules.engine.arrange import Arrangement, auto_arrange, check_arrangement, compare_arrangements, hand_strengths
from bragrules.engine.events import (
    Ante,
    Arrange,
    Bet,
    Bonus,
    Check,
    Concede,
    Discard,
    Event,
    Expose,
    Fold,
    Keep,
    Knock,
    Look,
    Peek,
    Redeal,
    Release,
    Result,
    Retain,
    See,
    Show,
    Stand,
    Swap,
)
from bragrules.engine.showdown import Comparer, Key, settle_many, settle_pair
from bragrules.engine.units import Units
from bragrules.engine.view import PlayerView
from bragrules.rules.compile import Rules

Hand = Optional[Tuple[Card, ...]]  # None: cards nobody recorded

_DEAL_KEYS = itertools.count(1)


# Rules that are not profile fields: the fixed rules every Brag table shares.
RULE_TURN = "turn_order"
RULE_OVER = "deal_over"
RULE_PLAYER = "players"
RULE_FOLDED = "folded"
RULE_MINIMUM = "betting.at_least_level"
RULE_SEE_TWO = "seeing.two_players"
RULE_CARDS = "history.cards"


@dataclass(slots=True)
class PlayerState:
    """A player's position in one deal."""

    name: str
    hands: Dict[str, Hand]  # "new", and "old" while a retained hand is held
    seen: bool = False
    folded: bool = False
    all_in: bool = False
    inspected: Optional[str] = None  # a hand looked at, awaiting keep or discard
    arrangement: Optional[Arrangement] = None  # several-hand formats: the hands in order
    unit: int = 1  # money below is counted in units of 1/unit
    paid_u: int = 0
    last_u: Optional[int] = None
    stack_u: Optional[int] = None  # finite bankrolls only
    settled_stack: Optional[Fraction] = None  # the stack once the deal is settled

    @property
    def contributed(self) -> Fraction:
        """Everything paid into this deal's pot, ante included."""
        return Fraction(self.paid_u, self.unit)

    @property
    def last_paid(self) -> Optional[Fraction]:
        """What the player paid at their last turn (None before their first payment)."""
        return None if self.last_u is None else Fraction(self.last_u, self.unit)

    @property
    def stack(self) -> Optional[Fraction]:
        """Chips left behind (finite bankrolls only); after the deal, with winnings."""
        if self.settled_stack is not None:
            return self.settled_stack
        return None if self.stack_u is None else Fraction(self.stack_u, self.unit)

    @property
    def blind(self) -> bool:
        return not self.seen

    @property
    def two_hands(self) -> bool:
        return len(self.hands) == 2

    @property
    def hand(self) -> Hand:
        """The single hand held (the new one while two are held)."""
        return self.hands.get("new", self.hands.get("old"))


# The kinds of ending a deal has (``Ending.kind``).
ENDING_KINDS: Tuple[str, ...] = (
    "see",  # a see between two players holding one known hand each (shown or conceded): compared, maybe tied
    "showdown",  # any other showdown: everyone left shows, a concession, several hands, cards as claimed
    "folded",  # everyone else folded after betting began: the survivor, seen, takes the pot unshown
    "folded_blind",  # everyone else folded: the survivor, still blind, collects
    "folded_unbet",  # everyone else folded before anybody bet: the survivor takes the pot
    "carried_unbet",  # everyone folded before anybody bet and the profile carries that pot
    "carried_blind",  # a blind survivor who does not collect: the pot carries
    "carried_checked",  # everyone checked and nobody bet: the pot carries
    "carried_no_winner",  # several hands each and nobody won enough of them: the pot carries
    "lives",  # Crash: no pot, the lowest hand loses a life
    "redeal",  # a dispute's redeal: every stake returned
    "abandoned",  # the time limit stopped play mid-hand (session.end.at_limit: abandon): every stake returned
)


class Ending(NamedTuple):
    """What happened at the end of a deal, as the engine knows it when it settles.

    An immutable record (a named tuple: one is made for every deal).

    ``kind`` is one of :data:`ENDING_KINDS`. ``survivor`` is the player left
    alone when everyone else folded. ``caller`` saw ``opponent`` when the
    deal ended at (or after) a see. ``tied`` says whether the two hands of
    that see were equal (None when there was no see, or the hands cannot be
    compared one against one: not recorded, or several hands each); a
    ``see`` ending always says. ``tie_rule`` names the rule that decided a
    ``see`` between equal hands (``seeing.tie``).
    ``winners`` are those who took the pot, in seat order.

    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> deal = Deal(compile_rules(load_profile("standard")), ["A", "B"], {"A": None, "B": None})
    >>> _ = deal.apply(Action("A", "fold"))
    >>> deal.result.ending
    Ending(kind='folded_unbet', winners=('B',), survivor='B', caller=None, opponent=None, tied=None, tie_rule=None)
    """

    kind: str
    winners: Tuple[str, ...] = ()
    survivor: Optional[str] = None
    caller: Optional[str] = None
    opponent: Optional[str] = None
    tied: Optional[bool] = None
    tie_rule: Optional[str] = None


class DealResult(NamedTuple):
    """How a deal ended and what every player gained or lost.

    Immutable; a named tuple, as the engine's other records are, because one is made for every deal.
    Every field is given (a deal gives them all), so no list or mapping is shared between results.
    """

    outcome: str  # "won", "split", "carried", "redeal"
    winners: List[str]
    pot: Fraction  # the pot as the deal ended, before it was settled: the pot carried in and every stake
    payouts: Dict[str, Fraction]
    bonuses: Dict[str, Fraction]
    net: Dict[str, Fraction]
    carried_out: Fraction
    showdown: bool
    won_by_prial: bool
    retained: Dict[str, Hand]  # a hand nobody recorded is None
    reason: str
    lives_lost: List[str]
    arrangements: Dict[str, List[List[str]]]
    conceded: List[str]  # conceded at a see without showing: cards stay unknown
    decided_by: List[str]  # the profile fields that decided this ending
    ending: Optional[Ending]  # what happened: the kind of ending, the see, a tie (always set by a deal)


def returned_stakes(result: DealResult) -> Fraction:
    """What a deal's settlement hands back to the players who staked it: a redeal (000: "a redeal
    of the whole hand, with all antes returned") returns every ante and bet, which is its pot less
    the pot carried in (that stays carried); any other deal returns nothing. A result's ``pot`` is
    the pot before settlement, so a redeal's is what was returned (and carried), not what was won.

    >>> from bragrules.core.cards import parse_hand
    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> deal = Deal(compile_rules(load_profile("standard")), ["A", "B", "C"],
    ...             {"A": parse_hand("Kc 9c 4c"), "B": parse_hand("5s 6h 7d"), "C": parse_hand("2c 7h Jd")})
    >>> for text in ("C exposes B", "B redeal"):
    ...     _ = deal.apply_text(text)
    >>> result = deal.result
    >>> result.outcome, result.pot, returned_stakes(result), result.carried_out, result.net["B"]
    ('redeal', Fraction(3, 1), Fraction(3, 1), Fraction(0, 1), Fraction(0, 1))
    """
    if result.outcome != "redeal":
        return ZERO
    return result.pot - result.carried_out


class Deal:
    """One deal: betting, looking, seeing, folding, and the result.

    ``order`` lists the players dealt in, first to act first (the dealer's
    left). ``hands`` maps each to the cards dealt (None if unknown);
    ``retained`` maps a player to the blind hand kept from the last deal;
    ``carried`` is the pot carried in; ``stacks`` are chip stacks when the
    bankroll is finite.
    """

    __slots__ = ("rules", "key", "order", "_origin", "comparer", "carried_in", "units", "pot_u", "level_u",
        "events", "actions", "result", "winner_hint", "wait_for_cards", "_needed", "_then", "entered",
        "_checked", "_hints", "_choosing", "_see", "_folded_hands", "centre", "_knocker", "_final_turns",
        "_showing", "_shown_first", "_shows", "_retaining", "_declared", "_redeal_from", "_bonus_paid", "_arranging",
        "players", "_seats", "turn",
    )  # a deal's state, attribute by attribute (no per-deal dictionary: one is made for every deal)

    def __init__(
        self,
        rules: Rules,
        order: Sequence[str],
        hands: Mapping[str, Optional[Sequence[Card]]],
        retained: Optional[Mapping[str, Optional[Sequence[Card]]]] = None,
        carried: Fraction = ZERO,
        stacks: Optional[Mapping[str, Fraction]] = None,
        winner_hint: Optional[Sequence[str]] = None,
        centre: Optional[Sequence[Card]] = None,
        wait_for_cards: bool = False,
    ):
        if len(order) < 2:
            raise RuleViolation(RULE_PLAYER, "a deal needs at least two players")
        if len(set(order)) != len(order):
            raise RuleViolation(RULE_PLAYER, "a player is named twice")
        self.rules = rules
        self.key = next(_DEAL_KEYS)  # tells this deal from every other made in this process
        # what the deal was made from, so that snapshot() can rebuild it and replay its actions
        self.order: List[str] = list(order)  # never changed: snapshot() shares it
        self._origin = (self.order, dict(hands), dict(retained) if retained else None, carried,
                        dict(stacks) if stacks is not None else None,
                        list(winner_hint) if winner_hint else None, list(centre) if centre else None)
        self.comparer: Comparer = rules.comparer
        self.carried_in = carried if type(carried) is Fraction else Fraction(carried)
        self.units = Units.for_deal(rules, (self.carried_in, *stacks.values()) if stacks else (self.carried_in,))
        self.pot_u = 0 if self.carried_in is ZERO else self.units.to_units_exact(self.carried_in)
        self.level_u: Optional[int] = None
        self.events: List[Event] = []
        self.actions: List[Action] = []
        self.result: Optional[DealResult] = None
        self.winner_hint = list(winner_hint) if winner_hint else None
        # keep mode (real cards at a table): a showdown over unknown hands waits for the cards shown
        self.wait_for_cards = wait_for_cards
        self._needed: List[str] = []  # players whose shown cards are awaited, in order
        self._then: Optional[str] = None  # what the entered cards settle: "first", "see" or "all"
        self.entered: Dict[str, Tuple[str, Tuple[Card, ...]]] = {}  # player -> (which hand, the cards entered)
        self._checked: Set[str] = set()
        self._hints: Dict[Tuple[Card, ...], Arrangement] = {}  # suggested arrangements, per hand
        self._choosing: List[str] = []  # players selecting one of two hands before a showdown
        self._see: Optional[Tuple[str, str]] = None
        self._folded_hands: List[Tuple[Card, ...]] = []
        self.centre: List[Card] = list(centre or [])
        if rules.format.exchange and len(self.centre) != rules.format.centre_cards:
            raise RuleViolation("format.exchange.centre_cards", f"{rules.format.centre_cards} centre cards are needed")
        self._knocker: Optional[str] = None
        self._final_turns: List[str] = []
        self._showing: Optional[str] = None  # at a see: the second to show, who may show or concede
        self._shown_first: Optional[str] = None  # at a see: who turned cards first
        self._shows: List[str] = []  # at a see: the players whose turning of cards is written, in order
        self._retaining: Optional[str] = None  # a blind survivor deciding whether to retain the hand
        self._declared: List[str] = []  # bonus hands declared (session.bonus.when: dealt)
        self._redeal_from: Dict[str, int] = {}  # exposed players who may demand a redeal: since which action
        self._bonus_paid = rules.session.bonus_paid  # a prial or running flush earns something
        # no betting and several hands: everyone arranges in turn, then all show (fixed for the deal)
        self._arranging = not rules.format.betting and rules.format.hands > 1
        retained = retained or {}
        size = rules.pack.size
        in_pack = _pack_cards(size)
        for held_cards in (*hands.values(), *retained.values(), self.centre):
            if held_cards and not in_pack.issuperset(held_cards):
                card = next(c for c in held_cards if c not in in_pack)
                raise RuleViolation("pack.jokers", f"{card} is not in this pack of {size} cards")
        self.players: Dict[str, PlayerState] = {}
        self._seats: List[PlayerState] = []  # the states in order
        unit = self.units.denominator
        for name in self.order:
            dealt = hands.get(name)
            held: Dict[str, Hand] = {}
            if name in retained:
                old = retained[name]
                held["old"] = tuple(old) if old is not None else None  # None: a hand nobody recorded
            held["new"] = None if dealt is None else dealt if type(dealt) is tuple else tuple(dealt)
            stack = self.units.to_units_exact(stacks[name]) if stacks is not None else None
            state = self.players[name] = PlayerState(name, held, unit=unit, stack_u=stack)
            self._seats.append(state)
        self._post_antes()
        if not rules.blind.allowed or not rules.format.betting:
            for state in self.players.values():
                state.seen = True
                self.events.append(Look(state.name, automatic=True))
                self._declare(state)
        self.turn = len(self.order) - 1
        if rules.format.exchange:
            self.turn = 0
        elif not rules.format.betting:
            self._next_to_arrange()
        else:
            self._advance()

    # ------------------------------------------------------------------
    # Reading the state
    # ------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def pot(self) -> Fraction:
        """The pot: the carried pot and everything paid into this deal."""
        return self.units.money(self.pot_u)

    @property
    def level(self) -> Optional[Fraction]:
        """The betting level in seen-equivalent units (None until somebody bets)."""
        return None if self.level_u is None else self.units.money(self.level_u)

    @property
    def in_play(self) -> List[str]:
        """Players who have not folded, in order."""
        return [p for p in self.order if not self.players[p].folded]

    @property
    def contenders(self) -> List[str]:
        """Players still able to act (not folded, not all in)."""
        return [p for p in self.order if not self.players[p].folded and not self.players[p].all_in]

    @property
    def to_act(self) -> Optional[str]:
        if self.result is not None or self._needed:
            return None
        if self._choosing:
            return self._choosing[0]
        if self._showing is not None:
            return self._showing
        if self._retaining is not None:
            return self._retaining
        return self.order[self.turn]

    @property
    def arranging(self) -> bool:
        """No betting and several hands: everyone arranges in turn, then all show."""
        return self._arranging

    def due(self, player: str) -> Fraction:
        """The least a player's bet costs now (the level at their rate, or the opening minimum)."""
        state = self.players[player]
        level = self.level_u if self.level_u is not None else self.units.opening_min
        return self.units.money(self.units.payment(level, state.blind))

    @property
    def knocker(self) -> Optional[str]:
        """Stop the Bus: who knocked in this deal (everyone else then has one last turn), or None."""
        return self._knocker

    def legal_actions(self) -> List[LegalAction]:
        """What the player to act may do, each with its exact cost."""
        player = self.to_act
        if player is None:
            return []
        state = self.players[player]
        if state.inspected is not None:
            return [LegalAction(player, "keep"), LegalAction(player, "discard")]
        if self._choosing:
            return [LegalAction(player, "look", target=t) for t in ("old", "new")]
        if self._showing is not None:
            return [LegalAction(player, "show"), LegalAction(player, "concede")]
        if self._retaining is not None:
            if state.two_hands and self.rules.blind.retain_of_two == "choice":
                keeps = [LegalAction(player, "retain", target=t) for t in ("new", "old")]
            else:
                keeps = [LegalAction(player, "retain")]
            return keeps + [LegalAction(player, "release")]
        if self.arranging:
            return [self._arrange_option(state)]
        if self.rules.format.exchange:
            return self._exchange_options(state)
        options: List[LegalAction] = []
        if self.rules.format.hands > 1 and state.seen:
            options.append(self._arrange_option(state))
        if not state.seen:
            if state.two_hands:
                options += [LegalAction(player, "look", target=t) for t in ("old", "new")]
            else:
                options.append(LegalAction(player, "look"))
        bet = self._bet_option(state)
        if bet is not None:
            options.append(bet)
        if self.rules.stakes.check_allowed and self.level_u is None:
            options.append(LegalAction(player, "check"))
        see = self._see_option(state)
        if see is not None:
            options.append(see)
        options.append(LegalAction(player, "fold"))
        return options

    def _exchange_options(self, state: PlayerState) -> List[LegalAction]:
        options: List[LegalAction] = []
        hand = state.hand or ()
        if "one" in self.rules.format.swap_kinds:
            for mine in hand:
                for centre in self.centre:
                    options.append(LegalAction(state.name, "swap", cards=((mine,), (centre,))))
        if "all" in self.rules.format.swap_kinds:
            options.append(LegalAction(state.name, "swap", target="all"))
        options.append(LegalAction(state.name, "stand" if self._knocker else "knock"))
        return options

    def _arrange_option(self, state: PlayerState) -> LegalAction:
        cards = state.hand
        hint = None
        if cards is not None:
            hint = self._hints.get(cards)
            if hint is None:
                hint = self._hints[cards] = auto_arrange(self.rules, cards).hands
        return LegalAction(state.name, "arrange", cards=hint)

    def _bet_range(self, state: PlayerState) -> Tuple[int, Optional[int], int, bool]:
        """(least payment, most payment or None, payment step, all-in only) in units."""
        units = self.units
        raises = self.rules.stakes.raises
        blind = state.blind
        level = self.level_u
        high: Optional[int]
        if level is None:
            low, high = units.opening_min, self._opening_cap()
        else:
            low = level
            high = raises.max_level(level, self.pot_u, units.raise_amount, scale=units.denominator,
                                    call=units.payment(level, blind) if raises.after_call else 0)
        step = units.payment(units.step, blind)
        if raises.kind == "fixed" and level is not None:
            assert units.raise_amount is not None
            step = units.payment(units.raise_amount, blind)
        low_pay = units.payment(low, blind)
        high_pay = units.payment(high, blind) if high is not None else None
        stack = state.stack_u
        if stack is not None:
            if low_pay > stack:
                return stack, stack, step, True
            if high_pay is None or high_pay > stack:
                high_pay = stack - (stack - low_pay) % step
        return low_pay, high_pay, step, False

    def _opening_cap(self) -> Optional[int]:
        """The highest opening level in units: ``stakes.opening_max``, and under pot limit with
        ``pot_opening: capped`` the pot as it stands (in whole level steps, never below the opening minimum)."""
        units = self.units
        high = units.opening_max
        if self.rules.stakes.raises.pot_cap is not None and self.rules.stakes.raises.capped(self.pot_u, units.denominator):
            return units.opening_min
        if self.rules.stakes.raises.kind == "pot" and self.rules.stakes.pot_opening_capped:
            pot_cap = max(units.opening_min, self.pot_u - self.pot_u % units.step)
            high = pot_cap if high is None else min(high, pot_cap)
        return high

    def _bet_option(self, state: PlayerState) -> Optional[LegalAction]:
        low, high, step, all_in = self._bet_range(state)
        money = self.units.money
        if all_in:
            if self.rules.session.covering_side_pot and low > 0:
                return LegalAction(state.name, "bet", amount=money(low), max_amount=money(low), all_in=True)
            return None
        return LegalAction(state.name, "bet", amount=money(low),
                           max_amount=money(high) if high is not None else None, step=money(step))

    def _see_cost(self, state: PlayerState, opponent: PlayerState) -> Optional[int]:
        """What a see costs the caller, in units (None while there is nothing to double)."""
        assert self.level_u is not None
        units = self.units
        basis = self.rules.seeing.see.basis_amount(units.payment(self.level_u, state.blind), opponent.last_u)
        return None if basis is None else units.times_multiple(basis)

    def _see_option(self, state: PlayerState) -> Optional[LegalAction]:
        if self.level_u is None or len(self.contenders) != 2:
            return None
        opponent = self.players[self._opponent(state.name)]
        if not self.rules.seeing.may_see(state.blind, opponent.blind):
            return None
        cost = self._see_cost(state, opponent)
        if cost is None:
            return None
        if state.stack_u is not None and cost > state.stack_u:
            if self.rules.session.covering_side_pot and state.stack_u > 0:
                return LegalAction(state.name, "see", amount=self.units.money(state.stack_u), all_in=True)
            return None
        return LegalAction(state.name, "see", amount=self.units.money(cost))

    def _opponent(self, player: str) -> str:
        return next(p for p in self.contenders if p != player)

    # ------------------------------------------------------------------
    # Verifying and applying
    # ------------------------------------------------------------------

    @property
    def cards_needed(self) -> List[str]:
        """Keep mode: the players whose shown cards the deal waits for (the first to be entered
        first); empty when nothing is awaited. While any are awaited nobody acts."""
        return list(self._needed)

    def verify_cards(self, player: str, cards: Sequence[Card]) -> None:
        """Raise :class:`RuleViolation` unless ``cards`` may be entered as ``player``'s shown hand; change nothing."""
        self._enter_cards(player, cards, apply=False)

    def can_enter_cards(self, player: str, cards: Sequence[Card]) -> bool:
        try:
            self.verify_cards(player, cards)
        except RuleViolation:
            return False
        return True

    def enter_cards(self, player: str, cards: Sequence[Card]) -> None:
        """Keep mode: the cards ``player`` shows at a see or a showdown, as the table reads them.

        They must be awaited (:attr:`cards_needed`), real cards of this pack, as many as a hand
        holds, none twice and none already known elsewhere in the deal. Once the last awaited
        hand is entered, the deal settles exactly as with dealt cards. A refused entry raises
        :class:`RuleViolation` naming the rule and changes nothing.

        >>> from bragrules.profile import load_profile
        >>> from bragrules.rules.compile import compile_rules
        >>> from bragrules.core.cards import parse_cards
        >>> deal = Deal(compile_rules(load_profile("standard")), ["A", "B"], {"A": None, "B": None},
        ...             wait_for_cards=True)
        >>> for text in ["A look", "A bet 2", "B look", "B see 4"]:
        ...     _ = deal.apply_text(text)
        >>> deal.cards_needed
        ['A', 'B']
        >>> deal.enter_cards("A", parse_cards("Kc Kd 4c"))
        >>> deal.enter_cards("B", parse_cards("Kc 6h 7d"))
        Traceback (most recent call last):
        ...
        bragrules.core.errors.RuleViolation: history.cards: Kc is already known: it is in A's hand
        >>> deal.enter_cards("B", parse_cards("5s 6h 7d"))
        >>> deal.result.winners
        ['B']
        """
        self._enter_cards(player, cards, apply=True)

    def _enter_cards(self, player: str, cards: Sequence[Card], apply: bool) -> None:
        if self.result is not None:
            raise RuleViolation(RULE_OVER, "the deal is over")
        if not self._needed:
            raise RuleViolation(RULE_CARDS, "no cards are awaited: cards are entered when they are shown")
        if player not in self._needed:
            raise RuleViolation(RULE_CARDS, f"{player}'s cards are not awaited; "
                                            f"the cards awaited: {', '.join(self._needed)}")
        count = self.rules.format.cards_dealt
        if len(cards) != count:
            raise RuleViolation(RULE_CARDS, f"a hand here is {count} cards, not {len(cards)}")
        size = self.rules.pack.size
        seen: Set[Card] = set()
        for card in cards:
            if not 0 <= int(card) < size:
                raise RuleViolation("pack.jokers", f"{card} is not in this pack of {size} cards")
            if card in seen:
                raise RuleViolation(RULE_CARDS, f"{card} is entered twice: a pack holds each card once")
            seen.add(card)
        state = self.players[player]
        which = "new" if "new" in state.hands else "old"
        for name in self.order:
            for key, held in self.players[name].hands.items():
                if (name, key) == (player, which) or held is None:
                    continue
                for card in held:
                    if card in seen:
                        raise RuleViolation(RULE_CARDS, f"{card} is already known: it is in {name}'s hand")
        for card in (*self.centre, *(c for hand in self._folded_hands for c in hand)):
            if card in seen:
                raise RuleViolation(RULE_CARDS, f"{card} is already known elsewhere in this deal")
        if not apply:
            return
        hand = tuple(cards)
        state.hands[which] = hand
        self.entered[player] = (which, hand)
        origin_hands, origin_retained = self._origin[1], self._origin[2]
        if which == "new":
            origin_hands[player] = hand  # a snapshot is rebuilt knowing the cards
        elif origin_retained is not None:
            origin_retained[player] = hand
        self._needed.remove(player)
        if self._needed:
            return
        then, self._then = self._then, None
        if then == "first":
            self._showdown()
        elif then == "see":
            self._settle_see()
        else:
            self._showdown_all()

    def view(self, player: str) -> "PlayerView":
        """What ``player`` may know of this deal: see :class:`~bragrules.engine.view.PlayerView`."""
        return PlayerView(self, player)

    @property
    def awaiting(self) -> Optional[str]:
        """A decision the deal waits for that a history may leave unsaid: ``"show"`` (the second to
        show at a see, who may concede instead) or ``"retain"`` (a blind survivor's hand); else None."""
        if self.result is not None:
            return None
        if self._showing is not None and not self._choosing:
            return "show"
        if self._retaining is not None:
            return "retain"
        return None

    def default_action(self) -> Optional[Action]:
        """What the profile assumes when a history does not say how an awaited decision went.

        The second to show shows; a blind survivor retains or releases the hand as
        ``blind.retain_default`` says (of two unseen hands, the newer unless ``blind.retain_of_two``
        names the older). None when nothing is awaited.
        """
        awaiting = self.awaiting
        if awaiting == "show":
            assert self._showing is not None
            return Action(self._showing, "show")
        if awaiting == "retain":
            assert self._retaining is not None
            return Action(self._retaining, "retain" if self.rules.blind.retain_by_default else "release")
        return None

    def verify(self, action: Action) -> None:
        """Raise :class:`RuleViolation` if ``action`` is illegal now; change nothing."""
        self._check(action, apply=False)

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except RuleViolation:
            return False
        return True

    def apply(self, action: Action) -> Event:
        """Apply a legal action and return its event; an illegal one raises and changes nothing."""
        # every handler checks everything before it changes anything, so one pass suffices
        mark = len(self.events)
        event = self._check(action, apply=True)
        assert event is not None
        self.actions.append(action)
        self.events.insert(mark, event)
        return event

    def apply_text(self, text: str) -> Event:
        """Apply an action written as in a history sheet: ``"A bet 2"``."""
        return self.apply(Action.parse(text))

    def snapshot(self) -> "Deal":
        """An independent copy, for what-if questions without touching this deal.

        The copy is rebuilt from what this deal was made from and its actions
        replayed: the engine is deterministic and every change goes through
        :meth:`apply`, so the copy is this deal, state for state.
        """
        order, hands, retained, carried, stacks, winner_hint, centre = self._origin
        copy = Deal(self.rules, order, hands, retained, carried, stacks, winner_hint, centre, self.wait_for_cards)
        for action in self.actions:
            copy.apply(action)
        return copy

    def _check(self, action: Action, apply: bool) -> Optional[Event]:
        if self.result is not None and not (action.kind in ("show", "concede") and self._see is not None):
            raise RuleViolation(RULE_OVER, "the deal is over")  # a show after a see is its record (below)
        if self._needed:
            raise RuleViolation(RULE_CARDS, f"the cards shown by {self._needed[0]} are to be entered first")
        # an action built in code is held to the shape of a written one (remembered per action object)
        problem = None if WELL_FORMED.get(id(action)) is action else malformed(action)
        if problem is not None:
            raise RuleViolation("format.exchange" if action.kind == "swap" else RULE_PLAYER, problem)
        player, kind = action.player, action.kind
        state = self.players.get(player)
        if state is None:
            raise RuleViolation(RULE_PLAYER, f"{player} is not in this deal")
        if kind in _DISPUTE_KINDS:
            return self._dispute(state, action, apply)
        showing, retaining, choosing = self._showing, self._retaining, self._choosing
        awaited = showing is not None or retaining is not None
        if awaited:  # a decision awaited: nothing else first
            if showing is not None and not choosing and player == showing \
                    and kind not in ("show", "concede", "look"):
                raise RuleViolation("seeing.concede_unseen", f"{player} must show or concede")
            if retaining is not None and player == retaining and kind not in ("retain", "release"):
                raise RuleViolation(
                    "blind.retention", f"{player} is left alone, blind: retain the unseen hand or release it"
                )
        see = self._see
        if see is not None and not choosing and player != showing and kind in ("show", "concede"):
            return self._turned_at_see(state, action, apply)  # the record of cards the engine turns itself
        rules = self.rules
        if kind == "look" and rules.blind.look_any_time and not choosing and retaining is None:
            return self._look(state, action, apply)
        # the usual case: the player whose turn it is (the result and the awaited cards are ruled out above)
        to_act = self.to_act if awaited or choosing else self.order[self.turn]
        if player != to_act:
            if kind == "look" and not state.folded and not choosing:
                raise RuleViolation("blind.look", f"{player} may look only at their own turn")
            if state.folded:
                raise RuleViolation(RULE_FOLDED, f"{player} has folded")
            raise RuleViolation(RULE_TURN, f"it is {to_act}'s turn, not {player}'s")
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise RuleViolation(RULE_PLAYER, f"unknown action {kind!r}")
        if rules.format.exchange:
            if kind not in _EXCHANGE_KINDS:
                raise RuleViolation("format.exchange",
                                    "Stop the Bus: swap with the centre, knock, or stand after a knock")
        elif kind in _EXCHANGE_KINDS:
            raise RuleViolation("format.exchange", "this format has no exchange with the centre")
        if self._arranging and kind != "arrange":
            raise RuleViolation("format.betting", "there is no betting in this format: arrange your hands")
        if state.inspected is not None and kind not in ("keep", "discard", "fold"):
            raise RuleViolation(
                "blind.retention",
                f"{state.name} looked at the {state.inspected} hand and must keep or discard it first",
            )
        return handler(self, state, action, apply)

    # -- looking and retained hands ---------------------------------------

    def _look(self, state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
        if state.seen:
            if not self.rules.blind.allowed and action.target is None:
                return Look(state.name, already_seen=True) if apply else None
            raise RuleViolation("blind.look", f"{state.name} has already looked")
        # whose turn it is was checked before this is reached (unless blind.look lets a player look any time)
        target = action.target
        if target not in (None, "old", "new"):
            raise RuleViolation("blind.retention", f"there is no hand called {target!r}: look, look old or look new")
        two_hands = len(state.hands) == 2
        if two_hands:
            if target is None:
                raise RuleViolation(
                    "blind.retention", f"{state.name} holds two hands: look old or look new"
                )
        elif target is not None and target not in state.hands:
            raise RuleViolation("blind.retention", f"{state.name} has no {target} hand to look at")
        if not apply:
            return None
        if two_hands:
            assert target is not None
            state.inspected = target
            return Look(state.name, state.hands[target], hand=target)
        # one hand left: looking makes the player seen
        state.seen = True
        if self.rules.session.bonus_when_dealt:
            self._declare(state)
        if self._choosing and self._choosing[0] == state.name:
            self._finish_choice(state.name)
        return Look(state.name, state.hand)

    def _keep_or_discard(self, state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
        if state.inspected is None:
            raise RuleViolation(
                "blind.retention", f"{state.name} has not looked at one of two hands; nothing to {action.kind}"
            )
        if not apply:
            return None
        looked = state.inspected
        other = "old" if looked == "new" else "new"
        state.inspected = None
        if action.kind == "keep":
            dropped = state.hands[other]
            state.hands = {looked: state.hands[looked]}
            state.seen = True
            self._declare(state)
        else:
            dropped = state.hands[looked]
            state.hands = {other: state.hands[other]}
        if dropped is not None:
            self._folded_hands.append(dropped)
        if self._choosing and self._choosing[0] == state.name:
            self._finish_choice(state.name)
        if action.kind == "keep":
            return Keep(state.name, looked, state.seen)
        return Discard(state.name, looked, state.seen)

    def _arrange(self, state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
        if self.rules.format.hands == 1:
            raise RuleViolation("format.hands", "this format plays one hand; there is nothing to arrange")
        if not state.seen:
            raise RuleViolation("blind.look", f"{state.name} must look before arranging their cards")
        if action.cards is None:
            raise RuleViolation("format.hands", "an arrangement lists the hands, separated by |")
        if state.hand is None:
            raise RuleViolation("history.cards", f"the cards of {state.name} were not recorded")
        arrangement = check_arrangement(self.rules, state.hand, action.cards)
        if not apply:
            return None
        state.arrangement = arrangement
        event = Arrange(state.name, tuple(arrangement))
        if self.arranging:
            self._next_to_arrange()
        return event

    def _swap(self, state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
        hand = list(state.hand or ())
        if action.target == "all":
            if "all" not in self.rules.format.swap_kinds:
                raise RuleViolation("format.exchange.swap", "only one card may be swapped at a time")
            if not apply:
                return None
            state.hands = {"new": tuple(self.centre)}
            self.centre = hand
            event: Event = Swap(state.name)
        else:
            if "one" not in self.rules.format.swap_kinds:
                raise RuleViolation("format.exchange.swap", "the whole hand is swapped with the centre, not one card")
            cards = action.cards
            if not cards or len(cards) != 2 or any(len(part) != 1 for part in cards):
                raise RuleViolation("format.exchange", "a swap names one of your cards and one centre card")
            mine, centre = cards[0][0], cards[1][0]
            if mine not in hand:
                raise RuleViolation("format.exchange", f"{mine} is not in {state.name}'s hand")
            if centre not in self.centre:
                raise RuleViolation("format.exchange", f"{centre} is not in the centre")
            if not apply:
                return None
            hand[hand.index(mine)] = centre
            self.centre[self.centre.index(centre)] = mine
            state.hands = {"new": tuple(hand)}
            event = Swap(state.name, mine, centre)
        self._next_exchange_turn()
        return event

    def _knock(self, state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
        if action.kind == "knock" and self._knocker is not None:
            raise RuleViolation("format.exchange", f"{self._knocker} has already knocked: swap or stand")
        if action.kind == "stand" and self._knocker is None:
            raise RuleViolation("format.exchange", "nobody has knocked yet: swap or knock")
        if not apply:
            return None
        if action.kind == "knock":
            self._knocker = state.name
            start = self.order.index(state.name)
            self._final_turns = [self.order[(start + i) % len(self.order)] for i in range(1, len(self.order))]
            self._final_turns.insert(0, state.name)  # popped at once below
        event: Event = Knock(state.name) if action.kind == "knock" else Stand(state.name)
        self._next_exchange_turn()
        return event

    def _next_exchange_turn(self) -> None:
        """Round the table until somebody knocks; then one more turn each, then all show."""
        if self._knocker is None:
            self.turn = (self.turn + 1) % len(self.order)
            return
        if self._final_turns:
            self._final_turns.pop(0)
        if not self._final_turns:
            self._showdown_all()
            return
        self.turn = self.order.index(self._final_turns[0])

    def _next_to_arrange(self) -> None:
        """No betting: the next player to arrange, or the showdown when everyone has."""
        for index, name in enumerate(self.order):
            if self.arranging and self.players[name].arrangement is None and self.players[name].hand is not None:
                self.turn = index
                return
        self._showdown_all()

    # -- betting ----------------------------------------------------------

    def _bet(self, state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
        if self._choosing:
            raise RuleViolation("blind.retention", f"{state.name} must choose one hand for the showdown")
        units = self.units
        money = units.money
        if state.stack_u is None:  # no bankroll: never all in, and the range words only a refusal
            all_in, low = False, 0
        else:
            low, _, _, all_in = self._bet_range(state)
        amount = action.amount if action.amount is not None else ZERO
        paid = units.to_units(amount)
        rules = self.rules
        blind = not state.seen
        rate = "blind" if blind else "seen"
        if all_in:
            if not (rules.session.covering_side_pot and low > 0):
                raise RuleViolation(
                    "session.covering",
                    f"{state.name} cannot cover {self.due(state.name)} and must fold under this profile",
                )
            if paid != low:
                raise RuleViolation(
                    "session.covering", f"{state.name} is short and may only go all in for {money(low)}"
                )
            new_level = self.level_u
        else:
            if state.stack_u is not None and (paid is None or paid > state.stack_u):
                raise RuleViolation(
                    "session.starting_stack", f"{state.name} has only {state.stack} and cannot pay {_amount(amount)}"
                )
            new_level = units.level_for(paid, blind) if paid is not None else None
            if new_level is None or new_level % units.step:
                raise RuleViolation(
                    "stakes.level_step",
                    f"a {rate} payment of {_amount(amount)} is not a level in steps of {rules.stakes.level_step}",
                )
            if self.level_u is None:
                if new_level < units.opening_min:
                    raise RuleViolation(
                        "stakes.opening_min",
                        f"the opening level is at least {rules.stakes.opening_min}: a {rate} player pays at least "
                        f"{money(self._bet_range(state)[0])}, not {_amount(amount)}",
                    )
                if new_level > units.opening_min and rules.stakes.raises.pot_cap is not None \
                        and rules.stakes.raises.capped(self.pot_u, units.denominator):
                    raise RuleViolation(
                        "stakes.raises_stop_at",
                        f"the pot has reached {rules.stakes.raises.pot_cap}, where raising stops: the opening level is "
                        f"{rules.stakes.opening_min}, a {rate} player pays {money(self._bet_range(state)[0])}, not {_amount(amount)}",
                    )
                if units.opening_max is not None and new_level > units.opening_max:
                    raise RuleViolation(
                        "stakes.opening_max",
                        f"the opening level is at most {rules.stakes.opening_max}: a {rate} player pays at most "
                        f"{money(units.payment(units.opening_max, state.blind))}, not {_amount(amount)}",
                    )
                cap = self._opening_cap()
                if cap is not None and new_level > cap:
                    raise RuleViolation(
                        "stakes.raise_limit.pot_opening",
                        f"pot limit: the opening bet is at most the pot ({self.pot}): a {rate} player pays "
                        f"at most {money(units.payment(cap, state.blind))}, not {_amount(amount)}",
                    )
            else:
                if new_level < self.level_u:
                    raise RuleViolation(
                        RULE_MINIMUM,
                        f"the level is {self.level}: a {rate} player pays at least {money(self._bet_range(state)[0])}, "
                        f"not {_amount(amount)}",
                    )
                if new_level > self.level_u and rules.stakes.raises.pot_cap is not None \
                        and rules.stakes.raises.capped(self.pot_u, units.denominator):
                    raise RuleViolation(
                        "stakes.raises_stop_at",
                        f"the pot has reached {rules.stakes.raises.pot_cap}, where raising stops: no raise, a {rate} player "
                        f"pays {money(self._bet_range(state)[0])} at the level of {self.level}, sees or folds, "
                        f"not {_amount(amount)}",
                    )
                raises = rules.stakes.raises
                if not raises.unlimited and not raises.allows(
                        self.level_u, new_level, self.pot_u, units.raise_amount, scale=units.denominator,
                        call=units.payment(self.level_u, blind) if raises.after_call else 0):
                    high = self._bet_range(state)[1]
                    top = money(high) if high is not None else None
                    raise RuleViolation(
                        raises.rule,
                        f"{rules.stakes.raises.describe()}: from level {self.level} a {rate} player may pay "
                        f"at most {top}, not {_amount(amount)}",
                    )
        if not apply:
            return None
        assert paid is not None
        self._pay(state, paid)
        if all_in or (state.stack_u is not None and state.stack_u == 0):
            state.all_in = True
        self.level_u = new_level
        event = Bet(state.name, amount, None if new_level is None else money(new_level), blind, all_in)
        self._advance()
        return event

    def _check_action(self, state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
        if not self.rules.stakes.check_allowed:
            raise RuleViolation("stakes.check", "no free check: bet, see or fold")
        if self.level_u is not None:
            raise RuleViolation("stakes.check", "a check is allowed only while nobody has bet")
        if not apply:
            return None
        self._checked.add(state.name)
        event = Check(state.name)
        if all(p in self._checked for p in self.contenders):
            if any(self.players[p].all_in for p in self.in_play):
                self._showdown_all()  # the others are all in from the ante: nothing is left to bet
            else:
                self._finish_carried("everyone checked: nobody bet")
        else:
            self._advance()
        return event

    def _fold(self, state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
        if self._choosing:
            raise RuleViolation("blind.retention", f"{state.name} must choose one hand for the showdown")
        if not apply:
            return None
        state.folded = True
        state.inspected = None
        for hand in state.hands.values():
            if hand is not None:
                self._folded_hands.append(hand)
        event = Fold(state.name)
        remaining = [seat.name for seat in self._seats if not seat.folded]
        if len(remaining) == 1:
            self._lone_survivor(remaining[0])
        else:
            self._advance()
        return event

    def _see_action(self, state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
        rules = self.rules
        money = self.units.money
        if len(self.contenders) != 2:
            raise RuleViolation(
                RULE_SEE_TWO, f"only two players may see; {len(self.contenders)} are still betting"
            )
        opponent = self.players[self._opponent(state.name)]
        if not rules.seeing.may_see(state.blind, opponent.blind):
            caller = "blind" if state.blind else "seen"
            other = "blind" if opponent.blind else "seen"
            raise RuleViolation(
                rules.seeing.see.rule_for(state.blind, opponent.blind),
                f"a {caller} player cannot see a {other} player: bet or fold",
            )
        if self.level_u is None:
            raise RuleViolation("seeing.cost_basis", "nobody has bet yet: there is nothing to see")
        cost = self._see_cost(state, opponent)
        if cost is None:
            raise RuleViolation("seeing.cost_basis", f"{opponent.name} has not bet yet: nothing to double")
        amount = action.amount if action.amount is not None else ZERO
        paid = self.units.to_units(amount)
        if state.stack_u is not None and cost > state.stack_u:
            if not (rules.session.covering_side_pot and paid == state.stack_u and state.stack_u > 0):
                raise RuleViolation(
                    "session.covering",
                    f"{state.name} cannot cover the see ({money(cost)}); they have {state.stack}",
                )
            cost = state.stack_u
        if paid != cost:
            rate = "blind" if state.blind else "seen"
            raise RuleViolation(
                "seeing.cost_multiple",
                f"a {rate} player's see costs exactly {money(cost)} here, not {_amount(amount)}",
            )
        missing = [p for p in (state.name, opponent.name) if any(h is None for h in self.players[p].hands.values())]
        if missing and not self.winner_hint and not self._may_concede() and not self.wait_for_cards:
            raise RuleViolation(
                "history.cards",
                f"the cards of {', '.join(missing)} are needed for this see but were not recorded",
            )
        if not apply:
            return None
        self._pay(state, cost)
        if state.stack_u is not None and state.stack_u == 0:
            state.all_in = True
        self._see = (state.name, opponent.name)
        event = See(state.name, amount, opponent.name)
        self._choosing = [p for p in (state.name, opponent.name) if self.players[p].two_hands]
        if not self._choosing:
            self._showdown()
        return event

    def _finish_choice(self, player: str) -> None:
        self._choosing.pop(0)
        if not self._choosing:
            self._showdown()

    def _pay(self, state: PlayerState, amount: int) -> None:
        """A payment into the pot, in units."""
        state.paid_u += amount
        state.last_u = amount
        self.pot_u += amount
        if state.stack_u is not None:
            state.stack_u -= amount

    def _post_antes(self) -> None:
        units, players, events = self.units, self.players, self.events
        full = units.ante
        full_money = units.money(full)
        posted = units.ante_events  # the whole ante's event for each player, made once (an event is immutable)
        for name in self.order:
            state = players[name]
            if state.stack_u is None:  # no bankroll: the whole ante, as _pay would take it
                if full:
                    state.paid_u += full
                    self.pot_u += full
                    event = posted.get(name)
                    if event is None:
                        event = posted[name] = Ante(name, full_money)
                    events.append(event)
                continue
            ante = full
            if ante >= state.stack_u:
                ante = state.stack_u
                state.all_in = True
            if ante:
                self._pay(state, ante)
                state.last_u = None
                events.append(Ante(name, units.money(ante)))

    def _advance(self) -> None:
        if self.result is not None:
            return
        # one pass round the table from the next seat: the first who can act, and whether another can
        seats, order = self._seats, self.order
        n = len(seats)
        turn = self.turn
        following = -1
        able = 0
        for step in range(1, n + 1):
            candidate = turn + step
            if candidate >= n:
                candidate -= n
            state = seats[candidate]
            if not state.folded and not state.all_in:
                able += 1
                if following < 0:
                    following = candidate
                elif able > 1:  # two can act: that is all the test below needs to know
                    break
        if able <= 1 and len(self.in_play) > 1:
            if not able or self._has_matched(order[following]):
                self._showdown_all()
                return
        if following < 0:
            self._showdown_all()  # nobody can act: everyone left is all in
            return
        self.turn = following

    def _has_matched(self, player: str) -> bool:
        state = self.players[player]
        others = [self.players[p].paid_u for p in self.in_play if p != player]
        return state.last_u is not None and state.paid_u >= max(others, default=0)

    # ------------------------------------------------------------------
    # Endings
    # ------------------------------------------------------------------

    def _lone_survivor(self, player: str) -> None:
        state = self.players[player]
        nobody_bet = self.level_u is None
        if nobody_bet and self.rules.folding.nobody_bet_carries:
            self._finish_carried("everyone folded before anybody bet")
            return
        if state.blind and not self.rules.folding.blind_survivor_collects:
            if self.rules.blind.retention:
                self._retaining = player  # the survivor says whether to keep the unseen hand
                return
            self._folded_hands.extend(h for h in state.hands.values() if h is not None)
            self._finish_carried(f"{player} is left alone but blind: the pot carries")
            return
        self._finish_won([player], showdown=False, reason=f"everyone else folded; {player} takes the pot")

    def _exposure_order(self) -> List[str]:
        """The two players of the see in the order they turn their cards (``seeing.exposure``)."""
        assert self._see is not None
        caller, opponent = self._see
        return [caller, opponent] if self.rules.seeing.caller_shows_first else [opponent, caller]

    def _may_concede(self) -> bool:
        """Whether the second to show at a see may concede unseen: the profile allows it and only
        the two players of the see are left in the deal."""
        return self.rules.seeing.concede_unseen and len(self.in_play) == 2

    def _showdown(self) -> None:
        assert self._see is not None
        first, second = self._exposure_order()
        if self._may_concede() and self._shown_first is None:
            if self.wait_for_cards and self.players[first].hand is None:
                self._needed, self._then = [first], "first"  # the first hand is turned: its cards are entered
                return
            self._shown_first = first  # the first hand is turned; the second player shows or concedes
            self._showing = second
            self.events.append(Show(first, self.players[first].hand))
            return
        self._settle_see()

    def _settle_see(self) -> None:
        assert self._see is not None
        caller, opponent = self._see
        exposure = self._exposure_order()
        if self._unknown(exposure, "see"):  # awaited in the order the hands are turned
            return
        if self.rules.format.hands > 1:
            self._settle_hands(exposure, caller, opponent)
            return
        winners = self._winners(self.in_play, caller, opponent)
        self._finish_won(winners, showdown=True, reason=f"{caller} saw {opponent}", exposure=exposure)

    def unshown(self) -> List[str]:
        """Players whose cards nobody at the table has seen once the deal is over: those who
        conceded at a see without having revealed their hand some other way (an arrangement
        written out, a bonus hand declared). A log writes their cards as unknown."""
        if self.result is None:
            return []
        return [p for p in self.result.conceded
                if self.players[p].arrangement is None and p not in self._declared]

    def shown_beats(self, player: str) -> bool:
        """At a see, while ``player`` may still concede: whether the hand turned first wins against
        theirs under the profile (ties as ``seeing.tie`` says). What the player can see for themselves."""
        first = self._shown_first
        if first is None or self._showing != player or self._see is None:
            return False
        if self.players[first].hand is None or self.players[player].hand is None:
            return False
        trial = self.snapshot()
        trial.apply(Action(player, "show"))
        result = trial.result
        return result is not None and player not in result.winners

    def _show_or_concede(self, state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
        if self._showing is None or self._choosing:
            raise RuleViolation("seeing.concede_unseen", "nobody is waiting to show at a see")
        if not apply:
            return None
        first = self._shown_first
        assert first is not None
        self._showing = None
        if action.kind == "show":
            self._shows.append(state.name)
            event: Event = Show(state.name, state.hand)
            self._settle_see()
            return event
        event = Concede(state.name)
        self._finish_won([first], showdown=True, reason=f"{state.name} concedes without showing; {first} takes the pot",
                         exposure=[first], conceded=[state.name])
        return event

    def _turned_at_see(self, state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
        """``X show`` written for a player of the see whose cards the engine turns itself (both
        hands once the see is settled; the first hand while the second player may concede): the
        record of X turning their cards, checked against ``seeing.exposure``. A show written
        without the one before it leaves that one unsaid, turned in its place; a show written
        after the one that follows it in the exposure order is out of order. ``X concede`` is
        refused here by the rule it breaks: ``seeing.concede_unseen`` where both hands are shown,
        ``seeing.exposure`` for the player who shows first.

        >>> from bragrules.core.cards import parse_hand
        >>> from bragrules.profile import load_profile
        >>> from bragrules.rules.compile import compile_rules
        >>> deal = Deal(compile_rules(load_profile("traditional")), ["A", "B"],
        ...             {"A": parse_hand("Kc 9c 4c"), "B": parse_hand("5s 6h 7d")})
        >>> for text in ("A look", "A bet 2", "B look", "B bet 2", "A see 4", "A show"):
        ...     _ = deal.apply_text(text)
        >>> deal.apply_text("B show")
        Traceback (most recent call last):
        ...
        bragrules.core.errors.RuleViolation: seeing.exposure: B shows after A, but at a see the opponent, B, turns cards first
        """
        assert self._see is not None
        name, result = state.name, self.result
        if name not in self._see:
            if result is not None:
                raise RuleViolation(RULE_OVER, "the deal is over")
            raise RuleViolation(RULE_TURN, f"it is {self.to_act}'s turn, not {name}'s")
        order = self._exposure_order()
        first, second = order
        if action.kind == "concede":  # only the second to show, and only where the profile lets them
            if not self.rules.seeing.concede_unseen:
                raise RuleViolation("seeing.concede_unseen",
                                    "under this profile both hands are shown at a see; nobody concedes")
            if name == first and result is None:
                raise RuleViolation("seeing.exposure", f"at a see {first} turns cards first: {name} cannot concede")
            raise RuleViolation(RULE_OVER, "the deal is over")
        if result is not None and name in result.conceded:
            raise RuleViolation(RULE_OVER, f"{name} conceded without showing; the deal is over")
        if name in self._shows:
            raise RuleViolation(RULE_OVER if result is not None else RULE_TURN, f"{name} has already shown")
        if name == first and second in self._shows:
            who = "the caller" if self.rules.seeing.caller_shows_first else "the opponent"
            raise RuleViolation("seeing.exposure",
                                f"{name} shows after {second}, but at a see {who}, {name}, turns cards first")
        if not apply:
            return None
        self._shows.append(name)
        return Show(name, state.hand)

    def _retain(self, state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
        """A blind survivor keeps one unseen hand for the next deal (``retain``) or lets it go (``release``)."""
        if self._retaining is None:
            raise RuleViolation("blind.retention", "only a blind survivor whose pot carries retains or releases a hand")
        keep: Optional[str] = None
        if action.kind == "retain":
            if state.two_hands:
                rule = self.rules.blind.retain_of_two
                if rule == "choice":
                    keep = action.target or "new"
                else:
                    keep = "new" if rule == "newer" else "old"
                    if action.target is not None and action.target != keep:
                        raise RuleViolation(
                            "blind.retain_of_two",
                            f"of two unseen hands this profile retains the {rule} one, not the {action.target}",
                        )
            else:
                (keep,) = state.hands
                if action.target is not None and action.target != keep:
                    raise RuleViolation("blind.retention", f"{state.name} holds only the {keep} hand")
        elif action.target is not None:
            raise RuleViolation("blind.retention", "release takes no hand: every unseen hand is released")
        if not apply:
            return None
        self._retaining = None
        retained: Dict[str, Hand] = {}
        for label, hand in state.hands.items():
            if label == keep:
                retained[state.name] = hand
            elif hand is not None:
                self._folded_hands.append(hand)
        if keep is None:
            reason = f"{state.name} is left alone but blind: the pot carries, and the hand is released"
        else:
            reason = f"{state.name} is left alone but blind: the pot carries, and the hand is retained"
        event: Event = Retain(state.name, keep) if keep else Release(state.name)
        self._finish_carried(reason, retained)
        return event

    # -- disputes (000's fine points) ---------------------------------------

    def _dispute(self, state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
        """``X peeks Y``, ``X exposes [Y]`` and ``X redeal``: out of turn, whoever is to act."""
        if not self.rules.format.betting:
            raise RuleViolation("format.betting", "there is no betting in this format: a peek or an exposure "
                                                  "changes nothing, and there are no stakes to return")
        if self._see is not None or self._retaining is not None:
            raise RuleViolation(RULE_OVER, "the betting is over: nothing is left to dispute in this deal")
        if action.kind == "redeal":
            return self._redeal(state, apply)
        target = action.target
        if target is not None and target not in self.players:
            raise RuleViolation(RULE_PLAYER, f"{target} is not in this deal")
        if target == state.name:
            raise RuleViolation(RULE_PLAYER, f"{state.name} cannot {action.kind} their own cards: name another player")
        if action.kind == "peek":
            if target is None:
                raise RuleViolation(RULE_PLAYER, "a peek names the player whose cards were looked at")
            if not apply:
                return None
            forced = self.rules.disputes.peek_folds and not state.folded
            event = Peek(state.name, target, forced)
            if forced:
                self._force_fold(state)
            return event
        affected = self.players[target] if target is not None else state
        if not apply:
            return None
        before = self.level_u is None
        if not affected.folded and (self.rules.disputes.redeal_before_betting if before else self.rules.disputes.redeal_after_betting):
            self._redeal_from[affected.name] = -1 if before else len(self.actions) + 1
        return Expose(state.name, affected.name, before)

    def _redeal(self, state: PlayerState, apply: bool) -> Optional[Event]:
        since = self._redeal_from.get(state.name)
        before_rule = "disputes.exposure_before_betting"
        if since is None:
            exposed = any(isinstance(e, Expose) and e.affected == state.name for e in self.events)
            if not exposed:
                raise RuleViolation(before_rule, f"{state.name}'s cards have not been exposed: there is no redeal to demand")
            rule = before_rule if self.level_u is None else "disputes.exposure_after_betting"
            raise RuleViolation(rule, f"under this profile an exposure of {state.name}'s cards brings no redeal: play continues")
        if since < 0 and self.level_u is not None:
            raise RuleViolation(before_rule, "betting has begun: a redeal is demanded before any betting takes place")
        if since >= 0 and any(a.kind not in DISPUTE_KINDS and a.kind != "look" for a in self.actions[since:]):
            raise RuleViolation("disputes.exposure_after_betting", "the redeal is demanded at once, before play goes on")
        if not apply:
            return None
        payouts = {p: s.contributed for p, s in self.players.items()}
        retained = {p: h for p, h in (self._origin[2] or {}).items()}
        self._finish("redeal", [], payouts, {p: ZERO for p in self.order}, self.carried_in, False, False,
                     {p: tuple(h) if h is not None else None for p, h in retained.items()},
                     f"{state.name}'s cards were exposed: the hand is dealt again, every stake returned", None)
        return Redeal(state.name)

    def abandon(self, reason: str = "time is up: the hand is abandoned, every stake returned") -> Event:
        """Stop the deal where it stands (``session.end.at_limit: abandon``): every stake of it is
        returned to whoever paid it, no bonus is paid, the pot carried in stays carried and retained
        hands stay retained. Whether the time allows it is the session's to say
        (:meth:`~bragrules.engine.session.Session.abandon_deal`). A deal already over raises.

        >>> from bragrules.profile import load_profile
        >>> from bragrules.rules.compile import compile_rules
        >>> deal = Deal(compile_rules(load_profile("standard")), ["A", "B"], {"A": None, "B": None})
        >>> _ = deal.apply_text("A bet 3")
        >>> deal.abandon().outcome, deal.result.net, deal.result.ending.kind
        ('abandoned', {'A': Fraction(0, 1), 'B': Fraction(0, 1)}, 'abandoned')
        """
        if self.result is not None:
            raise RuleViolation(RULE_OVER, "the deal is over: there is nothing left to abandon")
        payouts = {p: s.contributed for p, s in self.players.items()}
        retained = {p: tuple(h) if h is not None else None for p, h in (self._origin[2] or {}).items()}
        self._finish("abandoned", [], payouts, {p: ZERO for p in self.order}, self.carried_in, False, False,
                     retained, reason, None)
        return self.events[-1]

    def _force_fold(self, state: PlayerState) -> None:
        """A fold at once, out of turn (a deliberate look): the turn stays where it was."""
        was_turn = self.to_act == state.name
        state.folded = True
        state.inspected = None
        for hand in state.hands.values():
            if hand is not None:
                self._folded_hands.append(hand)
        if state.name in self._choosing:
            self._choosing.remove(state.name)
        remaining = self.in_play
        if len(remaining) == 1:
            self._lone_survivor(remaining[0])
        elif was_turn:
            self._advance()
        else:
            contenders = self.contenders
            if len(contenders) <= 1 and (not contenders or self._has_matched(contenders[0])):
                self._showdown_all()

    def _showdown_all(self) -> None:
        players = self.in_play
        if self._unknown(players, "all"):
            return
        if self.rules.format.lives is not None:
            self._settle_lives(players)
            return
        if self.rules.format.hands > 1:
            self._settle_hands(players, None, None)
            return
        winners = self._winners(players, None, None)
        self._finish_won(winners, showdown=True, reason="everyone left shows", exposure=list(players))

    def _settle_lives(self, players: Sequence[str]) -> None:
        """Crash: the lowest hand at the showdown loses a life (tied lowest: as the profile says)."""
        keys = {p: self._key(p) for p in players}
        low = min(keys.values())
        lowest = [p for p in players if keys[p] == low]
        if len(lowest) > 1 and not self.rules.format.lowest_tie_all_lose:
            lowest = []
        best = settle_many(self.rules, players, self._key, self._suit_key, self.order)
        reason = (
            f"lowest hand: {', '.join(lowest)} loses a life" if len(lowest) == 1
            else f"tied lowest hands: {', '.join(lowest)} each lose a life" if lowest
            else "tied lowest hands: nobody loses a life"
        )
        self._finish_won(best, showdown=True, reason=reason, exposure=list(players), lives_lost=lowest)

    def _settle_hands(self, players: Sequence[str], caller: Optional[str], opponent: Optional[str]) -> None:
        """Several hands each: compared hand by hand; the pot goes to a player winning enough of them."""
        strengths: Dict[str, Tuple[int, ...]] = {}
        for name in players:
            state = self.players[name]
            if state.arrangement is None:
                assert state.hand is not None
                state.arrangement = auto_arrange(self.rules, state.hand).hands
                self.events.append(Arrange(name, tuple(state.arrangement), automatic=True))
            strengths[name] = hand_strengths(self.rules, state.arrangement)
        needed = self.rules.format.hands_needed
        if caller is not None and opponent is not None:
            won_by_opponent, won_by_caller = compare_arrangements(
                self.rules, strengths[opponent], strengths[caller], second_is_caller=True
            )
            tally = {opponent: won_by_opponent, caller: won_by_caller}
        else:
            tally = {p: 0 for p in players}
            for index in range(self.rules.format.hands):
                top = max(strengths[p][index] for p in players)
                best = [p for p in players if strengths[p][index] == top]
                if len(best) == 1:
                    tally[best[0]] += 1
        winners = [p for p in players if tally[p] >= needed]
        summary = ", ".join(f"{p} {tally[p]}" for p in players)
        if len(winners) != 1:
            self._finish_carried(f"hands won: {summary}; nobody won {needed}: the pot carries", shown=list(players))
            return
        self._finish_won(winners, showdown=True, reason=f"hands won: {summary}", exposure=list(players))

    def _unknown(self, players: Sequence[str], then: str) -> bool:
        """Cards missing at a showdown: wait for them to be entered (keep mode), settle on the
        history's claim, else refuse."""
        missing = [p for p in players if self.players[p].hand is None]
        if not missing:
            return False
        if self.wait_for_cards:
            self._needed, self._then = missing, then
            return True
        if self.winner_hint:
            winners = [p for p in self.winner_hint if p in players]
            if winners:
                self._finish_won(winners, showdown=True, reason="hands not recorded: winner as claimed")
                return True
        raise RuleViolation(
            "history.cards",
            f"the cards of {', '.join(missing)} are needed for the showdown but were not recorded",
        )

    def _key(self, player: str) -> Key:
        hand = self.players[player].hand
        assert hand is not None
        return self.comparer.key(hand)

    def _suit_key(self, player: str) -> Key:
        hand = self.players[player].hand
        assert hand is not None
        return self.comparer.suit_key(hand)

    def _winners(self, players: Sequence[str], caller: Optional[str], opponent: Optional[str]) -> List[str]:
        if caller is not None and opponent is not None and len(players) == 2:
            return settle_pair(self.rules, caller, opponent, self._key, self._suit_key, self.order)
        return settle_many(self.rules, players, self._key, self._suit_key, self.order, caller, opponent)

    def _layers(self) -> List[Tuple[Fraction, List[str]]]:
        """The pot split into a main pot and side pots: (amount, eligible players)."""
        contributions = {p: s.contributed for p, s in self.players.items()}
        caps = sorted({s.contributed for s in self.players.values() if s.all_in and not s.folded})
        alive = self.in_play
        layers: List[Tuple[Fraction, List[str]]] = []
        previous = ZERO
        for cap in caps + [max(contributions.values())]:
            if cap <= previous:
                continue
            amount = sum((min(c, cap) - min(c, previous) for c in contributions.values()), ZERO)
            # a player still able to bet is never capped: they paid less only because a see costs double
            eligible = [p for p in alive if contributions[p] >= cap or not self.players[p].all_in]
            if not eligible:  # overpayment nobody can match: back to the players who made it
                eligible = [p for p in alive if contributions[p] >= previous] or alive
            layers.append((amount, eligible))
            previous = cap
        if layers:
            first_amount, first_eligible = layers[0]
            layers[0] = (first_amount + self.carried_in, first_eligible)
        else:
            layers.append((self.carried_in, alive))
        return layers

    def _finish_won(
        self,
        winners: List[str],
        showdown: bool,
        reason: str,
        exposure: Optional[List[str]] = None,
        lives_lost: Optional[List[str]] = None,
        conceded: Optional[List[str]] = None,
    ) -> None:
        payouts: Dict[str, Fraction] = dict.fromkeys(self.order, ZERO)
        caller, opponent = self._see if self._see else (None, None)
        layered = showdown and any(self.players[p].all_in for p in self.in_play)
        if layered:
            known = all(self.players[p].hand is not None for p in self.in_play)
            for amount, eligible in self._layers():
                if set(eligible) == set(self.in_play) or (len(eligible) > 1 and not known):
                    layer_winners = [w for w in winners if w in eligible] or eligible
                elif len(eligible) > 1:
                    layer_winners = self._winners(eligible, caller, opponent)
                else:
                    layer_winners = eligible
                _share(payouts, layer_winners, amount)
        else:
            _share(payouts, winners, self.pot)
        if self._bonus_paid:
            self._declare_dealt()
            bonuses = self._bonuses(self._bonus_players(exposure if showdown else None), payouts)
        else:  # no hand earns a bonus under this profile
            bonuses = dict.fromkeys(self.order, ZERO)
        all_won = [p for p in self.order if payouts[p] is not ZERO and payouts[p].numerator > 0]  # in seat order
        won_by_prial = showdown and any(
            self.players[p].hand is not None and self.comparer.category(self.players[p].hand) == "prial"  # type: ignore[arg-type]
            for p in all_won
        )
        if not all_won:
            all_won = list(winners)
        outcome = "won" if len(all_won) == 1 else "split"
        self._finish(outcome, all_won, payouts, bonuses, ZERO, showdown, won_by_prial, {}, reason, exposure,
                     lives_lost or [], conceded or [])

    def _declare(self, state: PlayerState) -> None:
        """``session.bonus.when: dealt``: a bonus hand is declared when its holder looks at it."""
        if not self.rules.session.bonus_when_dealt or state.name in self._declared or state.hand is None:
            return
        category = self.comparer.category(state.hand)
        if self.rules.session.bonus.get(category):
            self._declared.append(state.name)
            self.events.append(Bonus(state.name, self.rules.session.bonus[category], category))

    def _declare_dealt(self) -> None:
        """``session.bonus.needs_look: false``: at settlement every bonus hand dealt in this deal is
        declared, looked at or not (a hand nobody recorded is not)."""
        if not self.rules.session.bonus_unlooked:
            return
        for name in self.order:
            hand = self._bonus_hand(name)
            if name in self._declared or hand is None:
                continue
            category = self.comparer.category(hand)
            if self.rules.session.bonus.get(category):
                self._declared.append(name)
                self.events.append(Bonus(name, self.rules.session.bonus[category], category))

    def _bonus_hand(self, player: str) -> Hand:
        """The hand a player's bonus is reckoned on: the one held (shown or declared on looking),
        or under ``session.bonus.needs_look: false`` the one dealt in this deal, whatever became of it."""
        if self.rules.session.bonus_unlooked:
            dealt = self._origin[1].get(player)
            return None if dealt is None else tuple(dealt)
        return self.players[player].hand

    def _bonus_players(self, shown: Optional[Sequence[str]]) -> List[str]:
        """Whose hands earn a bonus: those shown at a showdown, and those declared (when: dealt);
        under ``needs_look: false`` those dealt one, and nobody else (a retained hand earned in its own deal)."""
        players = list(self._declared)
        if self.rules.session.bonus_unlooked:
            return players
        for player in shown or ():
            if player not in players:
                players.append(player)
        return players

    def _bonuses(self, shown: Sequence[str], payouts: Optional[Dict[str, Fraction]] = None) -> Dict[str, Fraction]:
        """Bonuses for prials and running flushes shown (or declared), paid by every other player.

        With finite stacks nobody pays more than they hold after the pot is paid out.
        """
        bonuses = {p: ZERO for p in self.order}
        if not shown or not self._bonus_paid:
            return bonuses
        for player in shown:
            hand = self._bonus_hand(player)
            if hand is None:
                continue
            amount = self.rules.session.bonus.get(self.comparer.category(hand), ZERO)
            if not amount:
                continue
            for other in self.order:
                if other == player:
                    continue
                pay = amount
                stack = self.players[other].stack
                if stack is not None:
                    held = stack + (payouts or {}).get(other, ZERO) + bonuses[other]
                    pay = max(ZERO, min(amount, held))
                bonuses[other] -= pay
                bonuses[player] += pay
        return bonuses

    def _finish_carried(
        self,
        reason: str,
        retained: Optional[Dict[str, Hand]] = None,
        shown: Optional[List[str]] = None,
    ) -> None:
        payouts = {p: ZERO for p in self.order}
        if self._bonus_paid:
            self._declare_dealt()
        bonuses = self._bonuses(self._bonus_players(shown))
        self._finish("carried", [], payouts, bonuses, self.pot, bool(shown), False, retained or {}, reason, shown)

    def _finish(
        self,
        outcome: str,
        winners: List[str],
        payouts: Dict[str, Fraction],
        bonuses: Dict[str, Fraction],
        carried_out: Fraction,
        showdown: bool,
        won_by_prial: bool,
        retained: Dict[str, Hand],
        reason: str,
        exposure: Optional[List[str]],
        lives_lost: Optional[List[str]] = None,
        conceded: Optional[List[str]] = None,
    ) -> None:
        units = self.units
        money = units.money
        known = units.known_money  # money(), its usual answer read inline: a deal settles every seat
        players = self.players
        pot = money(self.pot_u)
        net: Dict[str, Fraction] = {}
        for p in self.order:
            state = players[p]
            gained = payouts[p]
            bonus = bonuses[p]
            # most deals pay no bonus and most players win nothing: skip adding zeros (ZERO itself, quickly)
            if bonus is not ZERO and bonus:
                gained = gained + bonus
            gained_u = 0 if gained is ZERO or not gained else units.to_units(gained)  # None: not whole units
            if gained_u is None:
                net[p] = gained - money(state.paid_u)
            else:
                amount = known.get(gained_u - state.paid_u)
                net[p] = amount if amount is not None else money(gained_u - state.paid_u)
            if state.stack_u is not None:
                state.settled_stack = (
                    money(state.stack_u + gained_u) if gained_u is not None else money(state.stack_u) + gained
                )
        ending, decided_by = self._ending(outcome, winners, showdown, bonuses)
        self.result = DealResult(
            outcome=outcome,
            winners=winners,
            pot=pot,
            payouts=payouts,
            bonuses=bonuses,
            net=net,
            carried_out=carried_out,
            showdown=showdown,
            won_by_prial=won_by_prial,
            retained=retained,
            reason=reason,
            lives_lost=list(lives_lost or []),
            arrangements={
                p: [[str(c) for c in h] for h in players[p].arrangement or ()]
                for p in self.order
                if players[p].arrangement is not None
            } if self.rules.format.hands > 1 else {},  # only several hands are arranged
            conceded=list(conceded or []),
            decided_by=decided_by,
            ending=ending,
        )
        shown = tuple({p: players[p].hand for p in exposure}.items()) if exposure else ()
        self.events.append(Result(pot, outcome, tuple(winners), reason, shown,
                                  tuple(lives_lost) if lives_lost else (), tuple(conceded) if conceded else ()))

    def _ending(self, outcome: str, winners: List[str], showdown: bool,
                bonuses: Dict[str, Fraction]) -> Tuple[Ending, List[str]]:
        """How the deal ended (an :class:`Ending`) and the profile fields that decided it, for a ruling to cite.

        Only what the deal already knows at settlement: who is left, whether anybody bet, the see
        being settled. The rules: lives in Crash; a carried pot: nobody betting, a blind survivor
        who does not collect, everyone checking, or several hands with no overall winner; a pot
        taken by folds: nobody betting, a blind survivor collecting; a see between equal hands: the
        tie rule; and any bonus paid for a hand shown.
        """
        rules = self.rules
        see = self._see  # the see being settled (its event is recorded once the settlement is done)
        caller, opponent = see if see is not None else (None, None)
        tied: Optional[bool] = None  # whether the two hands of the see were equal, when one hand each is known
        if see is not None and rules.format.hands == 1:
            a, b = self.players[see[0]].hand, self.players[see[1]].hand
            if a is not None and b is not None:
                tied = self.comparer.key(a) == self.comparer.key(b)
        won = tuple(winners)
        if outcome == "redeal":  # a dispute's redeal: the ruling cites the dispute rule it applied
            return Ending("redeal", won, caller=caller, opponent=opponent, tied=tied), []
        if outcome == "abandoned":  # the time limit stopped play mid-hand
            return Ending("abandoned", won, caller=caller, opponent=opponent, tied=tied), ["session.end.at_limit"]
        if rules.format.lives is not None:
            return Ending("lives", won, caller=caller, opponent=opponent, tied=tied), ["format.lives"]
        nobody_bet = self.level_u is None
        if outcome == "carried":
            alone = self.in_play
            survivor = alone[0] if len(alone) == 1 else None
            if survivor is not None and nobody_bet and rules.folding.nobody_bet_carries:
                return Ending("carried_unbet", won, survivor, caller, opponent, tied), ["folding.nobody_bet"]
            if survivor is not None:
                return (Ending("carried_blind", won, survivor, caller, opponent, tied),
                        ["folding.blind_survivor", "blind.retention"])
            if nobody_bet:
                return Ending("carried_checked", won, None, caller, opponent, tied), ["stakes.check"]
            return (Ending("carried_no_winner", won, None, caller, opponent, tied),
                    ["format.win_rule", "format.tied_hand"])
        paths: List[str] = []
        if not showdown:
            survivor = winners[0]
            if nobody_bet:
                paths.append("folding.nobody_bet")
            blind = self.players[survivor].blind
            if blind:
                paths.append("folding.blind_survivor")
            kind = "folded_unbet" if nobody_bet else "folded_blind" if blind else "folded"
            ending = Ending(kind, won, survivor, caller, opponent, tied)
        else:
            if tied:
                paths.append("seeing.tie")
            ending = Ending("showdown" if tied is None else "see", won, None, caller, opponent, tied,
                            "seeing.tie" if tied else None)
        for player, bonus in (bonuses.items() if self._bonus_paid else ()):
            hand = self._bonus_hand(player)
            if bonus > 0 and hand is not None:
                category = self.comparer.category(hand)
                if rules.session.bonus.get(category) and f"session.bonus.{category}" not in paths:
                    paths.append(f"session.bonus.{category}")
        return ending, paths

    # ------------------------------------------------------------------
    # Cards after the deal
    # ------------------------------------------------------------------

    def used_cards(self) -> List[Card]:
        """Cards to go under the pack when the deal is over: folded hands first, then the rest.

        Retained hands stay out of the pack.
        """
        out: List[Card] = []
        kept = {c for hand in (self.result.retained.values() if self.result else []) if hand for c in hand}
        for hand in self._folded_hands:
            out.extend(c for c in hand if c not in kept)
        out.extend(self.centre)
        gathered = {c for c in out}
        for name in self.order:
            for held in self.players[name].hands.values():
                if held is None:
                    continue
                for card in held:
                    if card not in gathered and card not in kept:
                        out.append(card)
                        gathered.add(card)
        return out


_EXCHANGE_KINDS = frozenset(("swap", "knock", "stand"))
_DISPUTE_KINDS = frozenset(DISPUTE_KINDS)
"""The actions of Stop the Bus's exchange with the centre."""

_HANDLERS = {
    "look": Deal._look,
    "keep": Deal._keep_or_discard,
    "discard": Deal._keep_or_discard,
    "bet": Deal._bet,
    "see": Deal._see_action,
    "fold": Deal._fold,
    "check": Deal._check_action,
    "arrange": Deal._arrange,
    "swap": Deal._swap,
    "knock": Deal._knock,
    "stand": Deal._knock,
    "show": Deal._show_or_concede,
    "concede": Deal._show_or_concede,
    "retain": Deal._retain,
    "release": Deal._retain,
}
"""Each action kind and the method that checks (and, asked to, applies) it."""


@lru_cache(maxsize=None)
def _pack_cards(size: int) -> FrozenSet[int]:
    """The cards of a pack of ``size`` cards (as their numbers: 0 to 51, then the jokers)."""
    return frozenset(range(size))


def _amount(amount: Fraction) -> str:
    """An amount a player wrote, quoted briefly in a message."""
    return brief(pretty_money(amount))


def _share(payouts: Dict[str, Fraction], winners: Sequence[str], amount: Fraction) -> None:
    if not winners or amount is ZERO or not amount:
        return
    if len(winners) == 1:  # the usual case: no division, and nothing added to a zero
        held = payouts[winners[0]]
        payouts[winners[0]] = amount if held is ZERO or not held else held + amount
        return
    part = amount / len(winners)
    for winner in winners:
        payouts[winner] += part

