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
from fractions import Fraction
from typing import Callable, Dict, List, Mapping, Optional, Sequence, Set, Tuple

from bragrules.core.cards import CARDS, JOKER_BASE, Card, parse_card
from bragrules.core.errors import RuleViolation
from bragrules.core.i18n import N_
from bragrules.core.money import ZERO
from bragrules.core.rule_id import Rule
from bragrules.engine import (
    bank,
    betting,
    discard,
    dispute,
    draws,
    exchange,
    hunt,
    kept_cards,
    open_hands,
    points_draws,
    rake,
    retention,
    settlement,
    showing,
    side_show,
    spare,
    steps,
    turn_options,
    turns,
)
from bragrules.engine.actions import DISPUTE_KINDS, Action, LegalAction, malformed
from bragrules.engine.arrange import Arrangement
from bragrules.engine.events import Event
from bragrules.engine.showdown import Comparer
from bragrules.engine.state import ENDING_KINDS, DealResult, Ending, Hand, PlayerState, pack_cards, returned_stakes
from bragrules.engine.units import Units
from bragrules.engine.view import PlayerView
from bragrules.engine.wild_cards import wild_deal_comparer
from bragrules.rules.compile import Rules
from bragrules.rules.exchange import CENTRE_CARDS_RULE, EXCHANGE_RULE
from bragrules.rules.fixed import DEAL_OVER, HISTORY_CARDS, PLAYERS
from bragrules.rules.hooks import Bound, Post, Refusal
from bragrules.rules.procedure import HUNT_RULE, turned_rule

__all__ = ["Deal", "DealResult", "ENDING_KINDS", "Ending", "Hand", "PlayerState", "returned_stakes"]

_DEAL_KEYS = itertools.count(1)


class Deal:
    """One deal: betting, looking, seeing, folding, and the result.

    ``order`` lists the players dealt in, first to act first (the dealer's
    left). ``hands`` maps each to the cards dealt (None if unknown);
    ``retained`` maps a player to the blind hand kept from the last deal;
    ``carried`` is the pot carried in; ``stacks`` are chip stacks when the
    bankroll is finite. ``table_fee``: what each player pays the house if the
    deal is played (``house.table_fee``; by default as for the session's
    ``number``-th deal), part of each player's net. ``bank``: the banker's bank carried into the deal
    (``procedure.bank.carry``).
    """

    __slots__ = (
        "rules", "key", "order", "origin", "comparer", "carried_in", "units", "pot_u", "level_u", "raises_made",
        "events", "actions", "result", "winner_hint", "wait_for_cards", "needed", "then", "entered",
        "checked", "hints", "choosing", "see_pair", "folded_hands", "centre", "knocked_by", "final_turns",
        "showing", "shown_first", "shows", "retaining", "declared", "redeal_from", "sent_out", "bonus_paid",
        "arranging", "players", "seats", "turn", "bounds_memo", "number", "posted", "bets_at_level", "forced_by",
        "fee_u", "last_match", "out_by", "side_show", "refused_at", "points_won", "spare_dealt", "spare_taken", "exchange_state",
        "table_fee", "low_hands", "bank", "side_bets", "points_draws", "hunt",
    )
    """A deal's state, attribute by attribute (no per-deal dictionary: one is made for every deal).

    The phases of a deal (:mod:`~bragrules.engine.betting`, :mod:`~bragrules.engine.showing`,
    :mod:`~bragrules.engine.settlement`, :mod:`~bragrules.engine.retention`,
    :mod:`~bragrules.engine.exchange`, :mod:`~bragrules.engine.kept_cards`,
    :mod:`~bragrules.engine.dispute`) read and write it; everyone else reads it only
    through the properties and methods below, or a player's :meth:`view`."""

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
        number: int = 1,
        missed: Optional[Mapping[str, Fraction]] = None,
        table_fee: Optional[Fraction] = None,
        bank: Optional[Fraction] = None,
    ):
        if len(order) < 2:
            raise RuleViolation(PLAYERS, "a deal needs at least two players")
        if len(set(order)) != len(order):
            raise RuleViolation(PLAYERS, "a player is named twice")
        self.rules = rules
        self.key = next(_DEAL_KEYS)  # tells this deal from every other made in this process
        # what the deal was made from, so that snapshot() can rebuild it and replay its actions
        self.order: List[str] = list(order)  # never changed: snapshot() shares it
        self.origin = (self.order, dict(hands), dict(retained) if retained else None, carried,
                       dict(stacks) if stacks is not None else None,
                       list(winner_hint) if winner_hint else None, list(centre) if centre else None, number,
                       dict(missed) if missed else None, table_fee, bank)
        self.bank = bank  # procedure.bank.carry: the bank carried into this deal (None: put up afresh)
        self.side_bets: Dict[str, Fraction] = {}  # procedure.bank.pair_plus: each Pair Plus staked (or declined)
        self.comparer: Comparer = rules.comparer
        self._stakes_in(carried, stacks, number, missed, table_fee, rules.procedure.ante_times(centre or ()))
        self._blank_state(winner_hint, wait_for_cards)
        self._lay_centre(centre, hands)
        retained = retained or {}
        self._refuse_cards_not_in_pack((*hands.values(), *retained.values(), self.centre))
        # an exchange game's stock, discard pile and counts (engine/draws.py); None without an exchange
        self.exchange_state = draws.start(self, self.order)
        # the draws for the pips stake (pots.points_draw): the stock, each player's cards drawn; None without them
        self.points_draws: Optional[points_draws.PointsDraws] = points_draws.start(self)
        self.players: Dict[str, PlayerState] = {}
        self.seats: List[PlayerState] = []  # the states in order
        self._seat(hands, retained, stacks)
        self._begin()

    def _stakes_in(self, carried: Fraction, stacks: Optional[Mapping[str, Fraction]], number: int,
                   missed: Optional[Mapping[str, Fraction]], table_fee: Optional[Fraction], times: int) -> None:
        """The money the deal starts with: the pot carried in, the table fee, the forced posts, and the
        units the deal counts in (fixed by the ante, the pot carried and the stacks)."""
        rules = self.rules
        self.carried_in = carried if type(carried) is Fraction else Fraction(carried)
        self.number = number  # among the deals played (redeals not counting): what a rising ante counts
        # house.table_fee: each player's fee if the deal is played (taken at its settlement)
        self.table_fee: Fraction = rake.fee_of(rules, number, table_fee)
        # what each seat posts before the betting, when the profile forces more than the ante (rules.forced),
        # times: the antes a card sets (procedure.ante_card); a pot blind is sized by the pot carried in and the posts
        self.posted: Tuple[Post, ...] = (rules.forced.posts(self.order, number, missed, times, self.carried_in, stacks)
                                         if rules.forced is not None else ())
        self.units = Units.for_deal(rules, (self.carried_in, *stacks.values()) if stacks else (self.carried_in,))
        self.pot_u = 0 if self.carried_in is ZERO else self.units.to_units_exact(self.carried_in)

    def _blank_state(self, winner_hint: Optional[Sequence[str]], wait_for_cards: bool) -> None:
        """Everything the deal's phases read and write, as it stands before anyone acts."""
        rules = self.rules
        self.level_u: Optional[int] = None
        self.turn: int = len(self.order) - 1  # whose turn it is, as a seat (the opening steps set the first)
        self.raises_made = 0  # bets that lifted a level already set
        self.bets_at_level = 0  # bets at the current level since a bet set it (seeing.matched_showdown)
        self.forced_by: Optional[Rule] = None  # the rule that forced everyone still in to show (a hook's answer)
        self.fee_u = 0  # a see's cost paid to the player seen, outside the pot (seeing.fee_to: opponent)
        self.last_match: Optional[str] = None  # whose bet, the last one, matched the level (stakes.raised_out)
        self.out_by: Optional[Dict[str, Rule]] = None  # players put out of the hand by a rule, and the rule
        self.bounds_memo: Optional[Tuple[Tuple[int, str, bool], List[Bound]]] = None  # betting.level_bounds
        self.events: List[Event] = []
        self.actions: List[Action] = []
        self.result: Optional[DealResult] = None
        self.winner_hint = list(winner_hint) if winner_hint else None
        # keep mode (real cards at a table): a showdown over unknown hands waits for the cards shown
        self.wait_for_cards = wait_for_cards
        self.needed: List[str] = []  # players whose shown cards are awaited, in order
        self.then: Optional[str] = None  # what the entered cards settle: "first", "see" or "all"
        self.entered: Dict[str, Tuple[str, Tuple[Card, ...]]] = {}  # player -> (which hand, the cards entered)
        self.checked: Set[str] = set()
        self.hints: Dict[Tuple[Card, ...], Arrangement] = {}  # suggested arrangements, per hand
        self.choosing: List[str] = []  # players selecting one of two hands before a showdown
        self.see_pair: Optional[Tuple[str, str]] = None
        self.folded_hands: List[Tuple[Card, ...]] = []
        self.knocked_by: Optional[str] = None
        self.final_turns: List[str] = []
        self.showing: Optional[str] = None  # at a see: the second to show, who may show or concede
        self.shown_first: Optional[str] = None  # at a see: who turned cards first
        self.shows: List[str] = []  # at a see: the players whose turning of cards is written, in order
        self.retaining: Optional[str] = None  # a blind survivor deciding whether to retain the hand
        self.declared: List[str] = []  # bonus hands declared (session.bonus.when: dealt)
        self.redeal_from: Dict[str, int] = {}  # exposed players who may demand a redeal: since which action
        self.sent_out: List[str] = []  # put out of the session by a penalty (disputes.self_exposure: out)
        self.bonus_paid = rules.session.bonus_paid  # a prial or running flush earns something
        self.side_show: Optional[Tuple[str, str]] = None  # a side-show awaiting its answer: (asker, asked)
        self.refused_at: Optional[Tuple[str, int]] = None  # (asker, actions applied) of the last refusal
        # no betting and several hands: everyone arranges in turn, then all show (fixed for the deal)
        self.arranging = not rules.format.betting and rules.format.hands > 1
        self.points_won: Optional[Dict[str, int]] = None  # session.points: this deal's points, once settled
        self.spare_taken: Optional[str] = None  # who took the spare hand (nobody else may)
        self.low_hands: List[str] = []  # seeing.split: high_low: the lowest hands shown, paid half the pot
        self.hunt: Optional[hunt.HuntState] = None  # procedure.hunt_rounds: the hunt for the jokers, while it lasts

    def _lay_centre(self, centre: Optional[Sequence[Card]], hands: Mapping[str, Optional[Sequence[Card]]]) -> None:
        """The cards dealt to the centre: an exchange game's face-up centre (as many as
        ``format.centre_cards``, else refused), or the spare hand face down (``session.points.spare_hand``);
        with wild cards chosen per deal or per hand, the deal's own comparer."""
        rules = self.rules
        self.centre: List[Card] = list(centre or [])
        if rules.format.exchange and not rules.format.draws and len(self.centre) != rules.format.centre_cards:
            raise RuleViolation(CENTRE_CARDS_RULE, "{centre_cards} centre cards are needed", centre_cards=rules.format.centre_cards)
        rounds = rules.procedure.hunt_rounds
        if rounds:  # a hunt for the jokers: the wild cards wait for the cards it leaves face up (engine/hunt.py)
            needed = hunt.laid(rules.format.centre_cards, rounds, len(self.order))
            if len(self.centre) != needed:
                raise RuleViolation(HUNT_RULE, "{needed} centre cards are laid for the hunt; the deal has {have}", needed=needed, have=len(self.centre))
        elif rules.comparer.wild is not None:  # wild cards chosen per deal or per hand: this deal's comparer
            self.comparer = wild_deal_comparer(rules, self.centre, [(p, hands.get(p)) for p in self.order])
        if rules.procedure.turned:  # cards turned after the deal (procedure): all of them, and the deal's trump
            if len(self.centre) != rules.procedure.turned:
                raise RuleViolation(turned_rule(rules.procedure), N_("the {n} cards turned after the deal ({roles}) are needed") if rules.procedure.turned != 1 else N_("the {n} card turned after the deal ({roles}) is needed"), n=rules.procedure.turned, roles=', '.join(rules.procedure.turned_roles))
            self.comparer = self.comparer.with_trump(rules.procedure.trump_suit(self.centre))
        # session.points.spare_hand: the spare hand, dealt face down as the centre (None: none dealt)
        self.spare_dealt: Optional[Tuple[Card, ...]] = (
            tuple(centre) if centre and rules.session.points is not None and rules.session.points.spare_hand else None)

    def _begin(self) -> None:
        """Before the first action: the procedure's opening steps in its order (:mod:`bragrules.engine.steps`):
        the antes (or the forced posts) with every hand seen where nobody plays blind, a bust card, the first
        to act."""
        for run in steps.opening(self.rules.procedure.steps):
            run(self)

    def _refuse_cards_not_in_pack(self, holdings: Sequence[Optional[Sequence[Card]]]) -> None:
        pack = self.rules.pack
        in_pack = pack_cards(JOKER_BASE + pack.jokers) - pack.stripped if pack.stripped else pack_cards(pack.size)
        joker = self.comparer.wild.joker if self.comparer.wild is not None else None
        if joker is not None:  # the joker dealt to each player is no card of the pack
            in_pack = in_pack | {CARDS[joker]}
        for held_cards in holdings:
            if held_cards and not in_pack.issuperset(held_cards):
                card = next(c for c in held_cards if c not in in_pack)
                rule, why = pack.missing_rule(card)
                raise RuleViolation(rule, "{card} is not in this pack: {why}", card=card, why=why)

    def _seat(self, hands: Mapping[str, Optional[Sequence[Card]]], retained: Mapping[str, Optional[Sequence[Card]]],
              stacks: Optional[Mapping[str, Fraction]]) -> None:
        """Each player's state, in order: the hand dealt, a hand retained from the last deal, a stack."""
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
            self.seats.append(state)

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
    def players_in(self) -> int:
        """How many players have not folded (what the hooks read, :class:`~bragrules.rules.hooks.Betting`)."""
        return sum(1 for seat in self.seats if not seat.folded)

    @property
    def players_able(self) -> int:
        """How many players can still bet (not folded, not all in)."""
        return sum(1 for seat in self.seats if not seat.folded and not seat.all_in)

    @property
    def rounds_done(self) -> int:
        """The betting rounds played: the fewest bets any player still able to bet has made at their turns."""
        return min((seat.bets for seat in self.seats if not seat.folded and not seat.all_in), default=0)

    @property
    def contenders(self) -> List[str]:
        """Players still able to act (not folded, not all in)."""
        return [p for p in self.order if not self.players[p].folded and not self.players[p].all_in]

    @property
    def to_act(self) -> Optional[str]:
        if self.result is not None or self.needed:
            return None
        if self.side_show is not None:
            return self.side_show[1]
        if self.choosing:
            return self.choosing[0]
        if self.showing is not None:
            return self.showing
        if self.retaining is not None:
            return self.retaining
        pd = self.points_draws
        if pd is not None and pd.turn is not None:  # the draws for the pips stake come before the betting
            return self.order[pd.turn]
        return self.order[self.turn]

    def due(self, player: str) -> Fraction:
        """The least a player's bet costs now (the level at their rate, or the opening minimum)."""
        state = self.players[player]
        level = self.level_u if self.level_u is not None else self.units.opening_min
        return self.units.money(self.units.payment(level, state.blind))

    @property
    def knocker(self) -> Optional[str]:
        """Stop the Bus: who knocked in this deal (everyone else then has one last turn), or None."""
        return self.knocked_by

    def legal_actions(self) -> List[LegalAction]:
        """What the player to act may do, each with its exact cost: the answers to a question the deal
        is waiting on, else a betting turn's choices (:mod:`~bragrules.engine.turn_options`), less what
        an area refuses."""
        player = self.to_act
        if player is None:
            return []
        state = self.players[player]
        if self.rules.procedure.bank is not None:  # a banking game: a stake against the bank, or a fold
            return bank.options(self, state)
        pd = self.points_draws
        if pd is not None and pd.turn is not None:  # the draws for the pips stake: draw or stand
            return points_draws.options(self, state)
        if self.hunt is not None:  # procedure.hunt_rounds: a centre card taken or turned face down
            return hunt.options(self, state)
        waiting = turn_options.waiting_on(self, state)
        if waiting is not None:
            return waiting
        options = turn_options.betting_turn(self, state)
        if self.rules.asking_refusal:  # what an area refuses is not offered
            options = [option for option in options if self._refusal(state, option.kind) is None]
        return options

    def withheld(self) -> List[Tuple[LegalAction, Refusal]]:
        """The betting turn's choices an area takes out of :meth:`legal_actions` now, each with the area's
        refusal (:func:`~bragrules.engine.turn_options.withheld`): what the player to act is not offered, and why."""
        player = self.to_act
        if player is None:
            return []
        return turn_options.withheld(self, self.players[player], self._refusal)

    def consulted(self, action: Action) -> List[Rule]:
        """The profile rules the engine asks to allow ``action`` now, as a ruling cites them
        (``arbitrate`` for an allowed action, beside :attr:`DealResult.decided_by` for an ending):
        the stakes' bounds for a bet, who may see and what it costs for a see, an area's own
        refusal rules (``blind.max_blind_turns``, ...) for any action it asks about. Fixed
        rules are left out: they are the same at every table."""
        state = self.players[action.player]
        kind = action.kind
        if self.rules.procedure.bank is not None:  # a banking game asks the bank's rules alone
            return [rule for rule in bank.consulted(self, kind) if rule.is_field]
        found = betting.consulted(self, state, kind) + retention.consulted(self, state, kind)
        if kind == "open":
            found += open_hands.consulted(self, state)
        for policy in self.rules.asking_refusal:
            found.extend(policy.consulted(self, state, kind))
        return [rule for rule in dict.fromkeys(found) if rule.is_field]

    # -- the record a rule between neighbours reads (rules/hooks.py: Betting) --

    @property
    def in_play_count(self) -> int:
        return sum(1 for seat in self.seats if not seat.folded)

    def previous_bettor(self, name: str) -> Optional[PlayerState]:
        return side_show.previous_bettor(self, name)

    def has_bet(self, name: str) -> bool:
        return self.players[name].last_u is not None

    def chaal_u(self, name: str) -> Optional[int]:
        low, _, _, all_in = betting.bet_range(self, self.players[name])
        return None if all_in else low

    @property
    def side_show_refused(self) -> Optional[str]:
        return side_show.refused_asker(self)

    def _refusal(self, state: PlayerState, kind: str) -> Optional[Refusal]:
        """The first area's refusal of ``kind`` for the player at their turn (None when no area refuses)."""
        for policy in self.rules.asking_refusal:
            refused = policy.refusal(self, state, kind)
            if refused is not None:
                return refused
        return None

    # ------------------------------------------------------------------
    # Verifying and applying
    # ------------------------------------------------------------------

    @property
    def cards_needed(self) -> List[str]:
        """Keep mode: the players whose shown cards the deal waits for (the first to be entered
        first); empty when nothing is awaited. While any are awaited nobody acts."""
        return list(self.needed)

    def verify_cards(self, player: str, cards: Sequence[Card]) -> None:
        """Raise :class:`RuleViolation` unless ``cards`` may be entered as ``player``'s shown hand; change nothing."""
        kept_cards.enter_cards(self, player, cards, apply=False)

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
        kept_cards.enter_cards(self, player, cards, apply=True)


    def view(self, player: Optional[str]) -> "PlayerView":
        """What ``player`` may know of this deal (None: a spectator, the table as everyone sees it):
        see :class:`~bragrules.engine.view.PlayerView`."""
        return PlayerView(self, player)

    @property
    def awaiting(self) -> Optional[str]:
        """A decision the deal waits for that a history may leave unsaid: ``"show"`` (the second to
        show at a see, who may concede instead) or ``"retain"`` (a blind survivor's hand); else None."""
        if self.result is not None:
            return None
        if self.showing is not None and not self.choosing:
            return "show"
        if self.retaining is not None:
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
            assert self.showing is not None
            return Action(self.showing, "show")
        if awaiting == "retain":
            assert self.retaining is not None
            return Action(self.retaining, "retain" if self.rules.blind.retain_by_default else "release")
        return None

    def verify(self, action: Action) -> None:
        """Raise :class:`RuleViolation` if ``action`` is illegal now; change nothing."""
        action = self._as_taken(action)
        self._check(action, apply=False)

    def _as_taken(self, action: Action) -> Action:
        """The action as the engine takes it: in a draw game "discard 7h" puts the card on the discard pile,
        the throw (written ``throw 7h``); every other action as it is."""
        if action.kind != "discard" or action.target is None or self.exchange_state is None:
            return action
        return Action(action.player, "throw", cards=((parse_card(action.target),),))

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
        action = self._as_taken(action)
        event = self._check(action, apply=True)
        assert event is not None
        if self.rules.side_show is not None:  # an accepted side-show is written with the hand that folded
            action = side_show.recorded(action, event)
        self.actions.append(action)
        self.events.insert(mark, event)
        return event

    def apply_text(self, text: str) -> Event:
        """Apply an action written as in a history sheet: ``"A bet 2"``."""
        return self.apply(Action.parse(text))

    def snapshot(self, rules: Optional[Rules] = None) -> "Deal":
        """An independent copy, for what-if questions without touching this deal.

        The copy is rebuilt from what this deal was made from and its actions
        replayed: the engine is deterministic and every change goes through
        :meth:`apply`, so the copy is this deal, state for state. Under other
        ``rules`` it is the same deal played under them (an action they refuse
        raises, as it would at a table).
        """
        order, hands, retained, carried, stacks, winner_hint, centre, number, missed, table_fee, bank = self.origin
        copy = Deal(rules or self.rules, order, hands, retained, carried, stacks, winner_hint, centre,
                    self.wait_for_cards, number, missed, table_fee, bank)
        for action in self.actions:
            copy.apply(action)
        return copy

    def unshown(self) -> List[str]:
        """Players whose cards nobody at the table has seen once the deal is over (see
        :func:`bragrules.engine.showing.unshown`): a log writes their cards as unknown."""
        return showing.unshown(self)

    def shown_beats(self, player: str) -> bool:
        """At a see, while ``player`` may still concede: whether the hand turned first wins against theirs."""
        return showing.shown_beats(self, player)

    def used_cards(self) -> List[Card]:
        """Cards to go under the pack when the deal is over: folded hands first, then the rest."""
        return settlement.used_cards(self)

    def abandon(self, reason: str = "time is up: the hand is abandoned, every stake returned") -> Event:
        """Stop the deal where it stands, every stake returned (:func:`bragrules.engine.dispute.abandon`)."""
        return dispute.abandon(self, reason)

    def _check(self, action: Action, apply: bool) -> Optional[Event]:
        """Check ``action`` (and apply it when asked), in the order a table asks: is the deal open
        to it, is the player in it, is a decision awaited, is it the player's turn, is the kind
        open in this format and phase, does any area refuse it; then its phase's handler."""
        state = self._player_of(action)
        kind = action.kind
        if kind in _DISPUTE_KINDS or self.points_draws is not None or self.side_show is not None:
            answered, event = self._before_the_turn(state, action, apply)
            if answered:
                return event
        # each step below is asked only when it could refuse (these run for every action checked)
        awaited = self.showing is not None or self.retaining is not None
        if awaited:
            turns.refuse_while_awaited(self, state, kind)
        choosing = self.choosing
        if self.see_pair is not None and not choosing and state.name != self.showing and kind in ("show", "concede"):
            return showing.turned_at_see(self, state, action, apply)  # the record of cards the engine turns itself
        if kind == "look" and self.rules.blind.look_any_time and not choosing and self.retaining is None:
            return retention.look(self, state, action, apply)
        if awaited or choosing or state.name != self.order[self.turn]:
            turns.refuse_out_of_turn(self, state, kind)
        return self._in_turn(state, action, apply)

    def _before_the_turn(self, state: PlayerState, action: Action, apply: bool) -> Tuple[bool, Optional[Event]]:
        """What is answered before whose turn it is: a dispute (any player, any time), the draws for the
        pips stake (pots.points_draw), a side-show's answer; (whether one of them answered, its event)."""
        kind = action.kind
        if kind in _DISPUTE_KINDS:
            if self.rules.procedure.bank is not None:  # a banking game rules no dispute (procedure.bank)
                raise RuleViolation(bank.KIND_RULE, "a banking game rules no dispute: every stake is settled "
                                                    "against the bank as dealt")
            return True, dispute.dispute(self, state, action, apply)
        pd = self.points_draws
        if pd is not None and (pd.turn is not None or kind in ("draw", "stand")):  # before the betting (pots)
            return True, points_draws.act(self, state, action, apply)
        if self.side_show is not None:  # a side-show waits for its answer
            side_show.refuse_unanswered(self, state, kind)
            return True, side_show.answer(self, state, action, apply)
        return False, None

    def _in_turn(self, state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
        """The player whose turn it is: the phase that owns the move (a bank's stakes, a hunt for the jokers),
        else the move's handler once the format, the phase and every area have let it through."""
        rules, kind = self.rules, action.kind
        if rules.procedure.bank is not None:  # a banking game's stakes (procedure.bank): its own phase
            return bank.act(self, state, action, apply)
        if rules.procedure.hunt_rounds and (self.hunt is not None or kind in hunt.HUNT_KINDS):
            return hunt.act(self, state, action, apply)  # procedure.hunt_rounds: its own phase
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise RuleViolation(PLAYERS, "unknown action {kind}", kind=repr(kind))
        if rules.format.exchange or kind in turns.EXCHANGE_KINDS or self.arranging or state.inspected is not None:
            turns.refuse_out_of_phase(self, state, kind)
        if rules.format.discard_step:
            discard.refuse_before_discard(self, state, kind)
        if rules.asking_refusal:
            refused = self._refusal(state, kind)
            if refused is not None:
                raise RuleViolation(refused.rule, refused.words())
        return handler(self, state, action, apply)

    def _player_of(self, action: Action) -> PlayerState:
        """The acting player's state, once the deal is open to an action and the action is well formed."""
        if self.result is not None and not (action.kind in ("show", "concede") and self.see_pair is not None
                                            and action.player in self.see_pair):  # a see's record: turned_at_see
            if self.forced_by is not None:  # a rule ended the deal in a showdown: an action after it breaks that rule
                raise RuleViolation(self.forced_by, "{reason}: the deal is over", reason=self.result.reason)
            if action.kind in ("retain", "release"):  # a second retention: the retention rule it breaks
                raise retention.retained_again(self, action)
            raise RuleViolation(DEAL_OVER, "the deal is over")  # a show after a see is its record
        if self.needed:
            raise RuleViolation(HISTORY_CARDS, "the cards shown by {needed} are to be entered first", needed=self.needed[0])
        # an action built in code is held to the shape of a written one
        problem = malformed(action)
        if problem is not None:
            raise RuleViolation(EXCHANGE_RULE if action.kind == "swap" else PLAYERS, problem)
        state = self.players.get(action.player)
        if state is None:
            raise RuleViolation(PLAYERS, "{player} is not in this deal", player=action.player)
        return state


_DISPUTE_KINDS = frozenset(DISPUTE_KINDS)
"""The disputes any player may raise at any time (:mod:`bragrules.engine.dispute`)."""

Handler = Callable[["Deal", PlayerState, Action, bool], Optional[Event]]

_HANDLERS: Dict[str, Handler] = {
    "look": retention.look,
    "keep": retention.keep_or_discard,
    "discard": discard.discard,  # a card (format.discard_before_betting), or the retention's hand of two
    "bet": betting.bet,
    "see": betting.see,
    "fold": betting.fold,
    "check": betting.check,
    "arrange": exchange.arrange,
    "take": spare.take,
    "swap": exchange.swap,
    "knock": exchange.knock,
    "stand": exchange.knock,
    "draw": draws.draw,
    "throw": draws.throw,
    "pass": draws.pass_turn,
    "show": showing.show_or_concede,
    "concede": showing.show_or_concede,
    "retain": retention.retain,
    "release": retention.retain,
    "sideshow": side_show.ask,
    "open": open_hands.open_hand,
    "accept": side_show.answer,
    "refuse": side_show.answer,
    "pairplus": bank.no_side_bet,
}
"""Each action kind and the phase's handler that checks it (and, asked to, applies it)."""
