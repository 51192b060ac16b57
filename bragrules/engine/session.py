"""A session: many deals, the pack between them, balances, the end and the winners.

The session owns the chance in the game: one :class:`random.Random` made from
the seed shuffles, cuts and draws the first dealer, so the same seed and the
same actions give the same session.

>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> session = Session(compile_rules(Profile()), ["A", "B", "C"], seed=1)
>>> deal = session.start_deal()
>>> sorted(len(h) for h in session.current_hands().values())
[3, 3, 3]
>>> while not deal.is_over:
...     _ = deal.apply(deal.legal_actions()[-1].action())   # everyone folds
>>> session.finish_deal().outcome
'won'
>>> sum(session.balances.values())
Fraction(0, 1)
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple

from bragrules.core.cards import Card, Pack
from bragrules.core.errors import RuleViolation
from bragrules.core.money import ZERO, add_money
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal, DealResult, returned_stakes
from bragrules.engine.forced import posts_record
from bragrules.engine.lives_pot import collect, pay_for_lives
from bragrules.engine.session_bank import SessionBank
from bragrules.engine.session_bankroll import SessionBankroll
from bragrules.engine.session_clock import Clock, SessionClock
from bragrules.engine.spare import centre_count
from bragrules.engine.wild_cards import back_to_pack, cards_from_pack, deal_hands
from bragrules.rules.compile import Rules
from bragrules.rules.fixed import DEAL_OVER, PLAYERS
from bragrules.rules.session import AT_LIMIT_RULE, END_RULE
from bragrules.rules.table import MAX_PLAYERS_RULE, MIN_PLAYERS_RULE

Listener = Callable[[Dict[str, Any]], None]



@dataclass
class DealRecord:
    """A finished deal as the session keeps it."""

    number: int
    dealer: str
    order: List[str]
    hands: Dict[str, Tuple[Card, ...]]
    retained_in: Dict[str, Tuple[Card, ...]]
    carried_in: Fraction
    shuffled: bool
    actions: List[str]
    result: DealResult
    finished_ms: Optional[int] = None  # when the deal finished, in milliseconds since the session started


@dataclass
class SessionState:
    """What carries from one deal to the next.

    ``deals`` counts the deals played (what ``session.end`` counts);
    ``rounds`` the full turns of the deal (every player still in dealing once), and
    ``round_dealers`` who has dealt in the round under way (``session.end.kind: rounds``);
    ``dealt`` counts every deal dealt, redeals included, and numbers them.
    ``redeal`` is true when the last deal ended in a redeal: the same dealer
    deals again from a shuffled pack. ``finished_ms`` is when the last deal
    played finished, in milliseconds since the session started (None when
    unknown).
    """

    dealer_index: int
    carried: Fraction = ZERO
    retained: Dict[str, Tuple[Card, ...]] = field(default_factory=dict)
    deals: int = 0
    resolved: int = 0
    last_won_by_prial: bool = False
    last_showdown: bool = False  # the last deal played ended at a showdown (pack.shuffle: after_showdown)
    dealt: int = 0
    redeal: bool = False
    rounds: int = 0
    round_dealers: List[str] = field(default_factory=list)
    abandoned: bool = False  # the time limit stopped play in the middle of the last deal: the session is over
    fee_paid: bool = False  # house.table_fee_per: session: the fee was paid, with the first deal played
    sent_out: List[str] = field(default_factory=list)  # out of the session by a penalty (disputes.self_exposure: out)
    # when, not what: sessions that played the same deals are equal whatever their clocks said
    finished_ms: Optional[int] = field(default=None, compare=False)


class Session(SessionBankroll, SessionBank, SessionClock):
    """Deals one after another under one set of rules.

    ``players`` are the seats in clockwise order. ``dealer`` names the first
    dealer; by default the profile decides (drawn at random from the seed, or
    the first seat). Each finished deal is kept in ``records`` unless
    ``keep_records`` is false (a long simulation that counts as it goes).

    ``clock`` gives the time in seconds (the wall clock by default; tests
    give a fake one); the session starts when it is made, or at ``started``
    (a session resumed from its log). A session that ends by time ends with
    the first deal finishing once the limit has passed.

    ``house`` is the house's account (``house`` in the profile): every rake
    taken from a pot won and every table fee, so that the balances, the pot
    carried and the house always add up to what the players started with.

    The deal passes only to players still in (:meth:`in_rotation`): after
    each deal it moves in the direction of ``table.rotation`` to the next
    player who can still be dealt in, skipping those put out of chips or
    lives, by that deal too; with ``rotation: fixed`` it stays unless its
    dealer is out, and then passes clockwise.

    >>> from bragrules.profile.models import Profile
    >>> from bragrules.rules.compile import compile_rules
    >>> ticks = iter([100.0, 100.0, 161.5])
    >>> session = Session(compile_rules(Profile()), ["A", "B", "C"], seed=1, clock=lambda: next(ticks))
    >>> session.elapsed_ms(), session.elapsed_ms()
    (0, 61500)
    """

    def __init__(
        self,
        rules: Rules,
        players: Sequence[str],
        seed: Optional[int] = None,
        dealer: Optional[str] = None,
        listener: Optional[Listener] = None,
        keep_records: bool = True,
        clock: Optional[Clock] = None,
        started: Optional[float] = None,
        keep: bool = False,
    ):
        low, high = rules.table.min_players, rules.table.max_players
        if len(players) < max(2, low) or len(players) > high:
            raise RuleViolation(
                MAX_PLAYERS_RULE if len(players) > high else MIN_PLAYERS_RULE,
                "this profile seats {low} to {high} players, not {n_players}", low=low, high=high, n_players=len(players),
            )
        if len(set(players)) != len(players):
            raise RuleViolation(PLAYERS, "a player is named twice")
        self.rules = rules
        self.players: List[str] = list(players)
        self.seed = seed
        self.rng = random.Random(seed)
        self.pack = Pack(rules.pack.cards) if rules.pack.stripped else Pack.fresh(rules.pack.jokers)
        if dealer is not None:
            if dealer not in self.players:
                raise RuleViolation(PLAYERS, "the dealer {dealer} is not at the table", dealer=dealer)
            first = self.players.index(dealer)
        elif rules.table.first_dealer_random:  # at random, or by a cut for the deal (table.first_dealer)
            first = rules.table.draw_first_dealer(self.rng, len(self.players))
        else:
            first = 0
        self.state = SessionState(dealer_index=first)
        # no bankroll and no lives: nobody is ever put out, so every seat is dealt in every deal
        self._everyone_stays = (not rules.session.finite and rules.format.lives is None
                                and rules.table.sitting_out == "not_allowed" and not rules.disputes.sends_out)
        self.away: Set[str] = set()  # sitting out (table.sitting_out): dealt no cards, dealing no deal
        self.missed: Dict[str, Fraction] = {}  # table.sitting_out: post_missed: the antes each has missed while away
        start = rules.session.starting_stack if rules.session.finite else ZERO
        self.balances: Dict[str, Fraction] = {p: Fraction(start) for p in self.players}
        self.bought: Dict[str, Fraction] = dict(self.balances)  # every chip each player bought, the start included
        self.buys: List[Dict[str, Any]] = []  # bought since the last deal began: written on the next deal line
        self.lives: Dict[str, int] = {p: rules.format.lives or 0 for p in self.players}
        self._points = rules.session.points  # session.points: None when no points are kept
        self.scores: Dict[str, int] = {p: 0 for p in self.players}  # session.points: each player's points
        self._pays_lives = rules.format.pays_for_lives  # format.life_stake: lives lost pay into a pot
        self.lives_pot: Fraction = ZERO  # the pot of lives lost (format.life_stake), the last player left's
        self.records: List[DealRecord] = []
        self.keep_records = keep_records
        self.current: Optional[Deal] = None
        self._current_meta: Optional[Dict[str, Any]] = None
        self.listener = listener
        self.clock: Clock = clock if clock is not None else time.time
        self.started: float = self.clock() if started is None else started
        # keep mode: the cards are real, on a table; nobody deals them here. Hands are unknown
        # until shown at a showdown (entered into the deal), and a retained hand stays unknown.
        self.keep = keep
        self.retained_unknown: List[str] = []  # keep mode: who holds a retained hand into the next deal
        self.acted_ms: Optional[int] = None  # at_limit: abandon: when the current deal's last action was made
        self._abandons = rules.session.end.abandons  # asked at every action
        self.house: Fraction = ZERO  # the house's account: every rake and table fee it took (house), its bank's winnings
        self.last_fees: Fraction = ZERO  # the table fees the last deal settled paid the house
        self._house_takes = rules.house.in_play
        self._bank_begin()  # procedure.bank.carry: the banker's bank, carried between deals
        self._counts_rounds = rules.session.end.kind == "rounds"  # asked after every deal
        wild = rules.comparer.wild
        self._dealt_joker = wild is not None and wild.joker is not None  # ranking.wild.joker_each

    # ------------------------------------------------------------------

    @property
    def dealer(self) -> str:
        return self.players[self.state.dealer_index]

    @property
    def pot(self) -> Fraction:
        """Money on the table: the current deal's pot, or the pot carried to the next deal."""
        if self.current is not None and not self.current.is_over:
            return self.current.pot
        return self.state.carried

    def seated(self) -> List[str]:
        """Players still in the session (with chips when the bankroll is finite)."""
        if self._everyone_stays:
            return list(self.players)
        out = self.state.sent_out
        if self.rules.format.lives is not None:
            return [p for p in self.players if self.lives[p] > 0 and p not in out]
        if self.rules.session.finite:
            return [p for p in self.players if self.balances[p] > 0 and p not in out]
        return [p for p in self.players if p not in out]

    def in_rotation(self) -> List[str]:
        """Players still in, in seat order: with lives or chips left, and chips enough to ante
        when a short stack may not play for a side pot. Only they are dealt in, and only they deal."""
        if self._everyone_stays:
            return list(self.players)
        seated = self.seated()
        if self.away:
            seated = [p for p in seated if p not in self.away]
        if not self.rules.session.covering_side_pot and self.rules.session.finite:
            seated = [p for p in seated if self.balances[p] >= self.rules.stakes.ante]
        return seated

    def dealt_in(self) -> List[str]:
        """This deal's players from the dealer's left, clockwise (or the other way round)."""
        n = len(self.players)
        direction = -1 if self.rules.table.rotation_step < 0 else 1
        if self._everyone_stays and direction == 1:  # everyone is dealt in: the seats from the dealer's left
            start = self.state.dealer_index + 1
            return self.players[start:] + self.players[:start]
        seated = set(self.in_rotation())
        order = []
        for step in range(1, n + 1):
            name = self.players[(self.state.dealer_index + direction * step) % n]
            if name in seated:
                order.append(name)
        return order

    def shuffle_due(self) -> bool:
        """Whether the pack is shuffled before the next deal (the first, a redeal, or as the profile says)."""
        s = self.state
        return self.rules.pack.shuffle.shuffle_before(s.dealt == 0, s.last_won_by_prial, s.redeal, s.last_showdown)

    @property
    def is_over(self) -> bool:
        if self.current is not None and not self.current.is_over:
            return False
        s = self.state
        if s.abandoned:
            return True
        if self._points is not None and self._points.is_over(self.scores):  # session.points.target
            return True
        if self._everyone_stays:  # nobody leaves the table: everyone is still seated and dealt in
            seated = len(self.players)
        else:
            if len(self.dealt_in()) < 2:
                return True
            seated = len(self.seated())
        return self.rules.session.end.is_over(s.deals, s.resolved, seated, s.carried.numerator > 0, s.finished_ms, s.rounds)

    def current_hands(self) -> Dict[str, Tuple[Card, ...]]:
        assert self._current_meta is not None
        return dict(self._current_meta["hands"])

    def current_centre(self) -> Tuple[Card, ...]:
        """The face-up centre the current deal was dealt with (Stop the Bus), before any swap."""
        assert self._current_meta is not None
        return tuple(self._current_meta["centre"])

    def current_retained(self) -> Dict[str, Tuple[Card, ...]]:
        """The hands retained from the last deal that the current deal plays with."""
        assert self._current_meta is not None
        return dict(self._current_meta["retained"])

    # ------------------------------------------------------------------

    def start_deal(self) -> Deal:
        """Shuffle if the profile says so, deal, post antes, and return the new deal."""
        self._ready_to_deal()
        rules = self.rules
        s = self.state
        shuffled, cut_at = self._shuffle_and_cut()
        order = self.dealt_in()
        hands: Dict[str, Optional[Tuple[Card, ...]]] = (
            {p: None for p in order} if self.keep else dict(self._deal_cards(order)))
        to_centre = centre_count(rules, len(order), len(self.pack))  # the face-up centre, a spare hand, a stock
        centre = tuple(self.pack.deal(to_centre)) if to_centre else ()
        stacks = {p: self.balances[p] for p in order} if rules.session.finite else None
        retained = self._retained_into(order)
        missed = self.away_posts(order, s.deals + 1) if rules.table.sitting_out == "post_missed" else None
        deal = Deal(rules, order, hands, retained=retained, carried=s.carried, stacks=stacks, centre=centre,
                    wait_for_cards=self.keep, number=s.deals + 1, missed=missed, table_fee=self.fee_due(),
                    bank=self.bank_into_deal(self.dealer))
        self.current = deal
        self.acted_ms = None
        self._current_meta = {
            "number": s.dealt + 1,
            "dealer": self.dealer,
            "order": order,
            "hands": hands,
            "centre": centre,
            "retained": retained,
            "carried_in": s.carried,
            "shuffled": shuffled,
            "cut": cut_at,
        }
        self._announce_deal(deal)
        s.retained = {}
        self.buys = []
        return deal

    def _ready_to_deal(self) -> None:
        """Before a deal starts: the one in progress is over (and finished here if nobody has), and the
        session is not; else refused, naming the rule, changing nothing."""
        if self.current is not None and not self.current.is_over:
            raise RuleViolation(DEAL_OVER, "the current deal is not over")
        if self.current is not None:
            self.finish_deal()
        if self.is_over:
            raise RuleViolation(END_RULE, "the session is over")

    def _shuffle_and_cut(self) -> Tuple[bool, int]:
        """The pack shuffled when it is due (:meth:`shuffle_due`) and then cut at random where the
        profile cuts (``table.cut``): whether it was shuffled, and where it was cut (0: not cut)."""
        shuffled = self.shuffle_due()
        if shuffled:
            self.pack.shuffle(self.rng)
        cut_at = 0
        if self.rules.table.cut and shuffled:
            cut_at = self.rng.randrange(1, len(self.pack))
            self.pack.cut(cut_at)
        return shuffled, cut_at

    def _retained_into(self, order: Sequence[str]) -> Dict[str, Optional[Tuple[Card, ...]]]:
        """The hands retained from the last deal that the deal dealt to ``order`` plays with (in keep
        mode, unknown ones as None); a retained hand whose holder sits out returns under the pack."""
        s = self.state
        retained: Dict[str, Optional[Tuple[Card, ...]]] = {p: h for p, h in s.retained.items() if p in order}
        if self.keep:
            retained.update({p: None for p in self.retained_unknown if p in order})
            self.retained_unknown = []
        for p, h in s.retained.items():  # a retained hand whose holder sits out returns to the pack
            if p not in order:
                self.pack.put_under(back_to_pack(self.rules, h))
        return retained

    def _announce_deal(self, deal: Deal) -> None:
        """The log's line for the deal just dealt, to the listener: the dealer, the order, the cards
        (``??`` where unknown), the centre, the pot carried in, the forced stakes posted, the buys made
        since the last deal and who sits out."""
        meta = self._current_meta
        if self.listener is None or meta is None:
            return
        hands, retained, centre = meta["hands"], meta["retained"], meta["centre"]
        self._emit(
            {
                "type": "deal",
                "deal": meta["number"],
                "dealer": meta["dealer"],
                "order": meta["order"],
                "shuffled": meta["shuffled"],
                "cards": {p: self.hand_text(h) for p, h in hands.items()},
                "retained": {p: self.hand_text(h) for p, h in retained.items()},
                **({"centre": " ".join(str(c) for c in centre)} if centre else {}),
                "carried_in": meta["carried_in"],
                **({"posts": posts_record(deal.posted)} if self.rules.forced is not None else {}),
                **({"buys": list(self.buys)} if self.buys else {}),
                **({"away": [p for p in self.players if p in self.away]} if self.away else {}),
                **({"face_up": {p: self.hand_text(h) for p, h in deal.view(None).face_up().items()}}
                   if self.rules.format.face_up else {}),
                **({"bank": deal.bank, **({"bank_choice": self.bank_chosen} if self.bank_chosen else {})}
                   if deal.bank is not None else {}),
            }
        )

    def settle(self, result: DealResult, finished_ms: Optional[int] = None) -> None:
        """What a finished deal changes at the table: balances, lives, the counts, the carried pot, the dealer.

        ``finished_ms`` is when the deal finished (milliseconds since the
        session started; None when unknown), for a session that ends by time.
        The pack and the hands retained are the caller's (:meth:`finish_deal`
        keeps the hands it knows; the audit also those nobody recorded). In
        Crash, a showdown that would put out everyone still playing costs no
        life, so a session always ends with a single winner.

        A redeal changes nothing but the pack: every stake is returned, the
        carried pot stays carried, it is not a deal played nor a pot resolved,
        and the same dealer deals again from a shuffled pack.
        """
        s = self.state
        if result.outcome == "redeal":
            s.dealt += 1
            s.redeal = True
            return
        if result.outcome == "abandoned":  # the time limit stopped play: every stake returned, nothing else
            s.abandoned = True
            s.finished_ms = finished_ms
            self.pass_deal()
            return
        if result.sent_out:
            s.sent_out.extend(p for p in result.sent_out if p not in s.sent_out)
        balances = self.balances
        for p, amount in result.net.items():
            if amount is not ZERO:  # a zero net (the shared zero, as a deal's nets are made) adds nothing
                balances[p] = add_money(balances[p], amount)
        if self._house_takes:
            self._pay_house(result)
        if result.house:  # procedure.bank, kind: house: what its dealer won from the players (less: what it paid)
            self.house += result.house
        self._carry_bank(result)
        if result.points:
            for p, scored in result.points.items():
                self.scores[p] += scored
        lost = result.lives_lost
        if not self.rules.format.lives or any(self.lives[p] - (p in lost) > 0 for p in self.players):
            for p in lost:
                self.lives[p] -= 1
            if self._pays_lives:
                self.lives_pot = pay_for_lives(self.rules.format, balances, self.lives_pot, lost)
        if result.outcome != "carried":
            s.resolved += 1
        s.carried = result.carried_out
        s.last_won_by_prial = result.won_by_prial
        s.last_showdown = result.showdown
        s.finished_ms = finished_ms
        self.pass_deal(result.winners if result.outcome == "won" else ())
        if self._pays_lives and self.lives_pot and self.is_over:
            self.lives_pot = collect(balances, self.lives_pot, self.winners())

    def pass_deal(self, winners: Sequence[str] = ()) -> None:
        """One more deal played, settled or not: the deal passes to the next dealer still in.

        It moves in the direction of ``table.rotation`` to the next player
        still in (:meth:`in_rotation`, as the deal just played left them);
        with ``rotation: fixed`` it stays with the dealer unless they are
        out, and then passes clockwise. Under ``procedure.next_dealer: winner``
        the one winner of the deal (``winners``), still in, deals next.
        """
        s = self.state
        s.deals += 1
        s.dealt += 1
        s.redeal = False
        if self._counts_rounds:
            self._count_round()
        procedure = self.rules.procedure
        chosen = procedure.next_dealer(winners, self.in_rotation()) if winners and procedure.winner_deals else None
        s.dealer_index = self._next_dealer() if chosen is None else self.players.index(chosen)

    def _count_round(self) -> None:
        """``session.end.kind: rounds``: the deal just played is its dealer's turn of the round; the round
        is over once every player still in (as the deal left them) has dealt in it."""
        s = self.state
        dealer = self.players[s.dealer_index]
        if dealer not in s.round_dealers:
            s.round_dealers.append(dealer)
        if set(self.in_rotation()).issubset(s.round_dealers):
            s.rounds += 1
            s.round_dealers = []

    def _next_dealer(self) -> int:
        banker = self._next_banker()  # procedure.bank.carry: the bank held, its holder deals on
        if banker is not None:
            return banker
        s, n = self.state, len(self.players)
        step = self.rules.table.rotation_step
        if self._everyone_stays:  # nobody is passed over
            return s.dealer_index if step == 0 else (s.dealer_index + (-1 if step < 0 else 1)) % n
        still_in = set(self.in_rotation())
        if step == 0 and self.players[s.dealer_index] in still_in:
            return s.dealer_index
        direction = -1 if step < 0 else 1
        for k in range(1, n + 1):
            index = (s.dealer_index + direction * k) % n
            if self.players[index] in still_in:
                return index
        return s.dealer_index  # nobody is left to deal: the session is over

    def hand_text(self, hand: Optional[Sequence[Card]]) -> str:
        """A hand as a log writes it; an unknown hand (keep mode) as ``?? ?? ??``."""
        if hand is None:
            return " ".join("??" for _ in range(self.rules.format.cards_dealt))
        return " ".join(str(c) for c in hand)

    def _deal_cards(self, order: Sequence[str]) -> Dict[str, Tuple[Card, ...]]:
        if self._dealt_joker:  # a joker dealt to each player besides the pack's cards
            return deal_hands(self.rules, self.pack.deal(cards_from_pack(self.rules) * len(order)), order)
        count = self.rules.format.cards_dealt
        n = len(order)
        top = self.pack.deal(count * n)  # every card this deal needs, in the order they come off the pack
        if self.rules.table.deal_singly:  # one card at a time round the table: the i-th player gets every n-th card
            return {p: tuple(top[i::n]) for i, p in enumerate(order)}
        return {p: tuple(top[i * count:(i + 1) * count]) for i, p in enumerate(order)}

    def act(self, text_or_action: object) -> None:
        """Apply an action to the current deal (text like ``"A bet 2"`` or an Action).

        Under ``session.end.at_limit: abandon`` no action is taken once time is up (:meth:`time_up`):
        it is refused, naming the rule, and the deal is to be abandoned.
        """
        deal = self.current
        if deal is None or deal.is_over:
            raise RuleViolation(DEAL_OVER, "no deal is in progress")
        action = text_or_action if isinstance(text_or_action, Action) else Action.parse(str(text_or_action))
        now: Optional[int] = None
        if self._abandons:
            now = self.elapsed_ms()
            if self.time_up(now):
                raise RuleViolation(
                    AT_LIMIT_RULE,
                    "time is up ({minutes} minutes): play stops, the hand is abandoned with every stake "
                    "returned; {action} is not played", minutes=self.rules.session.end.minutes, action=action,
                )
        deal.apply(action)
        if now is not None:
            self.acted_ms = now
        if self.listener is not None:  # the action as the deal records it (an accepted side-show with who folded)
            self._emit({"type": "action", "deal": self.state.dealt + 1, "action": str(deal.actions[-1])})

    def finish_deal(self, finished_ms: Optional[int] = None, timed: bool = True) -> DealResult:
        """Settle a finished deal: balances, the pack, the carried pot, the next dealer.

        The deal finishes now by the session's clock, or at ``finished_ms``
        (milliseconds since the start) when a log being replayed says when;
        ``timed=False``: when it finished is not known (a log being replayed
        that does not say), as the audit settles it.
        """
        deal = self.current
        if deal is None or deal.result is None or self._current_meta is None:
            raise RuleViolation(DEAL_OVER, "the deal is not over")
        result = deal.result
        meta = self._current_meta
        if finished_ms is None and timed:
            if self.acted_ms is not None and result.outcome != "abandoned":
                finished_ms = self.acted_ms  # at_limit: abandon: the deal finished with its last action, before time was up
            else:  # never before the start, nor before the deal before it (a clock set back, a resumed log)
                last = self.state.finished_ms
                finished_ms = max(0 if last is None else last, self.elapsed_ms())
        self.settle(result, finished_ms)
        s = self.state
        s.retained = {p: h for p, h in result.retained.items() if h is not None}  # a session knows its cards
        if self.keep:  # real cards: the pack is on the table, not here
            self.retained_unknown = [p for p, h in result.retained.items() if h is None]
        else:
            used = deal.used_cards()
            self.pack.put_under(back_to_pack(self.rules, used) if self._dealt_joker else used)
        if self.keep_records:
            self.records.append(DealRecord(
                number=meta["number"],
                dealer=meta["dealer"],
                order=list(meta["order"]),
                hands=dict(meta["hands"]),
                retained_in=dict(meta["retained"]),
                carried_in=meta["carried_in"],
                shuffled=meta["shuffled"],
                actions=[str(a) for a in deal.actions],
                result=result,
                finished_ms=finished_ms,
            ))
        if self.listener is not None:
            self._emit(
                {
                    "type": "result",
                    "deal": meta["number"],
                    "outcome": result.outcome,
                    "winners": result.winners,
                    "pot": result.pot,
                    "net": dict(result.net),
                    "carried_out": result.carried_out,
                    **({"returned": returned_stakes(result)} if result.outcome == "redeal" else {}),
                    **self._house_line(result),
                    **({"pots": [{"pot": pot.name, "amount": pot.amount, "winners": list(pot.winners)}
                                 for pot in result.pots]} if self.rules.pots is not None else {}),
                    "reason": result.reason,
                    "elapsed_ms": finished_ms,
                    **(
                        {"lives_lost": list(result.lives_lost), "lives": dict(self.lives)}
                        if self.rules.format.lives
                        else {}
                    ),
                    **(
                        {"points": dict(result.points or {}), "scores": dict(self.scores)}
                        if self._points is not None and result.outcome not in ("redeal", "abandoned")
                        else {}
                    ),
                    **({"lives_pot": self.lives_pot} if self._pays_lives else {}),
                }
            )
        self.current = None
        self._current_meta = None
        if self.is_over:
            self._emit({"type": "end", "net": self.net(), "winners": self.winners(),
                        **({"scores": dict(self.scores)} if self._points is not None else {})})
        return result

    # ------------------------------------------------------------------

    def net(self) -> Dict[str, Fraction]:
        """Each player's gain or loss so far."""
        if self.rules.session.finite:
            return {p: self.balances[p] - self.bought[p] for p in self.players}
        return self.bank_net({p: self.balances[p] for p in self.players})

    def winners(self) -> List[str]:
        """The player(s) with the highest net balance (exact ties share); with lives, the most lives."""
        if self.rules.format.lives is not None:
            most = max(self.lives.values())
            return [p for p in self.players if self.lives[p] == most]
        if self._points is not None:  # session.points: the most points (equal scores share)
            return self._points.winners(self.scores)
        net = self.net()
        top = max(net.values())
        return [p for p in self.players if net[p] == top]

    def cards_in_play(self) -> List[Card]:
        """Every card of the pack outside it now: in hands, retained, or waiting to go under (a joker dealt to
        each player is no card of the pack)."""
        out: List[Card] = []
        if self.current is not None and self._current_meta is not None:
            for h in self._current_meta["hands"].values():
                out.extend(h or ())
            for h in self._current_meta["retained"].values():
                out.extend(h or ())
            out.extend(self._current_meta["centre"])
        for h in self.state.retained.values():
            out.extend(h)
        return back_to_pack(self.rules, out) if self._dealt_joker else out

    def _emit(self, event: Dict[str, Any]) -> None:
        if self.listener is not None:
            self.listener(event)


def play_session(
    session: Session,
    choose: Callable[[Deal], object],
    max_deals: Optional[int] = None,
) -> Session:
    """Play deals until the session is over (or ``max_deals``), asking ``choose`` for each action; a deal
    in progress when time is up under ``session.end.at_limit: abandon`` is abandoned."""
    played = 0
    while not session.is_over and (max_deals is None or played < max_deals):
        deal = session.start_deal()
        while not deal.is_over:
            if session.time_up():  # session.end.at_limit: abandon: play stops at the time limit
                session.abandon_deal()
                break
            session.act(choose(deal))
        session.finish_deal()
        played += 1
    return session


def random_chooser(rng: random.Random) -> Callable[[Deal], object]:
    """A chooser that picks uniformly among legal actions (and a random legal bet amount)."""

    def choose(deal: Deal) -> object:
        options = deal.legal_actions()
        option = rng.choice(options)
        if option.kind == "bet":
            amounts = option.amounts(limit=4)
            return option.action(rng.choice(amounts))
        return option.action()

    return choose


__all__ = ["DealRecord", "Session", "SessionState", "play_session", "random_chooser"]
