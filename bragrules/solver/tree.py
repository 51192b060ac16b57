"""The public game tree of one heads-up deal, built by driving the engine's own :class:`Deal`.

The deal is made with both hands unknown (keep mode, ``wait_for_cards``), so the engine
offers every action the profile allows at every point (look or stay blind, each bet amount,
check, see, fold) and settles every ending itself. Hands enter only at the leaves:

* a fold (or any ending without a showdown) pays the same whatever the hands;
* a showdown pays one of three ways, as the first seat's hand wins, loses or ties; each is
  found by entering a pair of real hands of that outcome and letting the engine settle it
  (tie policy, the caller losing, a carried pot, a see's fee), so the tree's payoffs are the
  engine's.

The abstraction, stated:

* bet amounts: the least bet and the next ``levels - 1`` steps above it (capped by the profile);
* raises: at most ``max_raises`` bets that lift the level; after that only the least bet;
* bets in all: after ``max_bets`` bets a blind player may no longer bet (look, see or fold),
  nor may a seen player who could see instead; at a table of three or four, after twice
  ``max_bets`` no one may bet while three or more are in, and the war ends as ``war_cap`` says
  (:mod:`bragrules.solver.pool`): each folds in turn until two are left to see (``"fold"``), or
  every hand still in is shown (``"showdown"``, a :class:`Pool`); so every line of play ends;
* a pot carried out of the deal (a tie the profile carries, everyone folding in some
  profiles) is worth a fixed share, ``carry_share``, of it to each seat: ``0.5`` (split evenly,
  as two equal players would over the next deals) or ``0`` (lost to both); the next deal,
  where it is played for, is not solved;
* a blind survivor's retained hand is worth nothing in one deal: the profile's default
  (``blind.retain_default``) is applied;
* a table fee paid with every deal (``house.table_fee``) is taken from each seat at every
  ending; one paid once a session is left out of one deal;
* the second to show at a see always shows (conceding never gains in one deal);
* a side-show (three players or more in every shipped profile) is left out of the tree.

>>> from bragrules.profile import load_profile
>>> from bragrules.rules.compile import compile_rules
>>> tree = build_tree(compile_rules(load_profile("standard")), max_raises=1, levels=1, max_bets=3)
>>> tree.root.player, [a.text for a in tree.root.actions]
(0, ['A look', 'A bet 1/2', 'A fold'])
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Dict, List, Optional, Sequence, Set, Tuple, Union

from bragrules.core.cards import CARDS, Card
from bragrules.core.i18n import N_, Message, ntr, tr
from bragrules.core.money import pretty_money
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.deal import Deal
from bragrules.solver.pool import DEFAULT_WAR_CAP, WAR_CAPS, outcome_hands, pool_problems, tied_mask

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.rules.compile import Rules

__all__ = ["MAX_SEATS", "SEATS", "Decision", "Leaf", "Pool", "Showdown", "Tree", "Unsupported", "build_tree",
           "seat_names"]

SEATS = ("A", "B")
"""The two seats of the tree: A acts first (the dealer's left), B is the dealer."""

MAX_SEATS = 4
"""The most seats a tree is built for (a multiway tree, :mod:`bragrules.solver.mccfr`, at 3 or 4)."""


def seat_names(seats: int) -> Tuple[str, ...]:
    """The seats of a tree of ``seats`` players, first to act first, the dealer last.

    >>> seat_names(2), seat_names(4)
    (('A', 'B'), ('A', 'B', 'C', 'D'))
    """
    if not 2 <= seats <= MAX_SEATS:
        raise ValueError(f"a tree is built for 2 to {MAX_SEATS} seats, not {seats}")
    return tuple("ABCDEFGH"[:seats])


class Unsupported(ValueError):
    """The profile has a rule the solver does not model (the message names it)."""


@dataclass
class TreeAction:
    """One action of a decision: the engine's action (players named A and B) and the child it leads to."""

    action: Action
    child: "Node"

    @property
    def text(self) -> str:
        return str(self.action)


@dataclass
class Decision:
    """A decision of ``player`` (0 or 1); ``blind``: they have not looked, so it does not depend on their hand."""

    id: int
    player: int
    blind: bool
    history: Tuple[str, ...]
    actions: List[TreeAction] = field(default_factory=list)


@dataclass
class Leaf:
    """An ending whose payoff does not depend on the hands: each seat's net, in stakes."""

    id: int
    history: Tuple[str, ...]
    payoff: Tuple[float, ...]


@dataclass
class Showdown:
    """A showdown: each seat's net as the first shown seat's hand ``win``s, ``lose``s or ``tie``s against the
    second's (heads-up, A's against B's); a tie that cannot happen is paid nothing. ``shown``: the two seats
    whose hands are compared (at a table of three or more, the two left at a see)."""

    id: int
    history: Tuple[str, ...]
    win: Tuple[float, ...]
    lose: Tuple[float, ...]
    tie: Tuple[float, ...]
    shown: Tuple[int, int] = (0, 1)


@dataclass
class Pool:
    """A showdown of every hand still in (``shown``), where the tree ends a war of three or more (``war_cap:
    showdown``, :mod:`bragrules.solver.pool`): each seat's net by the seats whose hands tie for the best,
    ``payoffs[mask]`` with a bit ``1 << s`` for each such seat ``s``; an outcome the pack cannot deal is paid
    nothing."""

    id: int
    history: Tuple[str, ...]
    shown: Tuple[int, ...]
    payoffs: Dict[int, Tuple[float, ...]]

    def payoff(self, strength: Sequence[int]) -> Tuple[float, ...]:
        """Each seat's net when each seat's hand has this ``strength``."""
        return self.payoffs[tied_mask(self.shown, strength)]


Node = Union[Decision, Leaf, Showdown, Pool]


@dataclass
class Tree:
    """The tree, its decisions by id, and the abstraction it was built with."""

    root: Node
    decisions: List[Decision]
    leaves: int
    showdowns: int
    max_raises: int
    levels: int
    max_bets: int
    carry_share: float
    ante: float
    notes: List[str]
    zero_sum: bool = True
    """Whether every leaf's payoffs add to zero (no rake; a carried pot split), so one seat's value is minus the other's."""
    payoff_sum: Optional[float] = 0.0
    """What the two seats' payoffs add to at every ending, when that is one number (0: zero-sum; minus
    the table fees: constant-sum); None when it depends on the play (a rake, a carried pot worth nothing)."""
    takes: List[Message] = field(default_factory=list)
    """What leaves the two seats at some ending, in words, with the rule: the house's rake or fee, a
    carried pot valued at less than all of it."""
    carried: int = 0
    """How many of the tree's endings carry a pot out of the deal (valued at ``carry_share`` each)."""
    retained: int = 0
    """How many of the tree's endings leave a blind survivor's hand retained (valued at nothing)."""
    war_cap: str = "fold"
    """How a war of three or more ends at the tree's cap (:data:`~bragrules.solver.pool.WAR_CAPS`)."""
    pools: int = 0
    """How many endings are a showdown of every hand still in (:class:`Pool`, ``war_cap: showdown``)."""

    def fixed_shares(self) -> Dict[str, Dict[str, float]]:
        """What one deal values by a fixed share rather than by playing on (the JSON of ``solve``): the
        endings that carry a pot out of the deal (each seat is credited ``carry_share`` of it) and those
        where a blind survivor retains the hand (worth nothing); the next deal is not solved."""
        return {"carried_pot": {"endings": self.carried, "share_each": self.carry_share},
                "retained_hand": {"endings": self.retained, "worth": 0.0}}

    def share_notes(self) -> List[str]:
        """:meth:`fixed_shares` in words, a sentence for each that happens in the tree.

        >>> tree = Tree(Leaf(0, (), (0.0, 0.0)), [], 1, 0, 0, 1, 1, 0.5, 1.0, [], carried=3, retained=2)
        >>> for line in tree.share_notes(): print(line)
        3 endings carry a pot out of the deal: it is valued at a fixed share, 0.5 of it to each seat, not by solving the next deal
        2 endings leave a blind survivor's hand retained: it is valued at nothing (blind.retain_default applied), not by solving the next deal
        """
        out = []
        if self.carried:
            out.append(ntr("{n} ending carries a pot out of the deal: it is valued at a fixed share, {share} of it to "
                           "each seat, not by solving the next deal",
                           "{n} endings carry a pot out of the deal: it is valued at a fixed share, {share} of it to "
                           "each seat, not by solving the next deal", self.carried, share=f"{self.carry_share:g}"))
        if self.retained:
            out.append(ntr("{n} ending leaves a blind survivor's hand retained: it is valued at nothing "
                           "(blind.retain_default applied), not by solving the next deal",
                           "{n} endings leave a blind survivor's hand retained: it is valued at nothing "
                           "(blind.retain_default applied), not by solving the next deal", self.retained))
        return out

    def find(self, history: Sequence[str]) -> Optional[Decision]:
        """The decision reached by these actions (texts as ``"A bet 2"``), or None."""
        node = self.root
        for text in history:
            if not isinstance(node, Decision):
                return None
            node = next((a.child for a in node.actions if a.text == text), None)  # type: ignore[assignment]
            if node is None:
                return None
        return node if isinstance(node, Decision) else None


def check_supported(rules: "Rules") -> None:
    """Raise :class:`Unsupported` naming the rule when the profile is outside what the solver models."""
    fmt = rules.format
    ranker = rules.ranking.ranker
    problems = []
    if not fmt.betting:
        problems.append(tr("format.betting: there is no betting to solve"))
    if fmt.exchange:
        problems.append(tr("format.exchange: Stop the Bus's exchange with the centre"))
    if fmt.hands > 1:
        problems.append(tr("format.hands: several hands per player"))
    if getattr(fmt, "cards_dealt", 3) != 3:
        problems.append(tr("format.cards_dealt: more than three cards dealt"))
    if rules.comparer.wild is not None or ranker.wild:
        problems.append(tr("ranking.wild: wild cards"))
    if rules.comparer.special:
        problems.append(tr("ranking.special_hands: hands that beat others outside the order"))
    if rules.session.bonus_paid:
        problems.append(tr("session.bonus: a bonus paid for some hands"))
    if rules.forced is not None:
        problems.append(tr("stakes.forced: forced bets besides the ante"))
    if rules.procedure.bank is not None:
        problems.append(tr("procedure.bank: stakes settled against a bank, not a pot won by betting"))
    elif rules.procedure.turned:
        problems.append(tr("{field}: a card turned after the deal",
                           field="procedure.trump_card" if rules.procedure.trump_card else "procedure.bust_card"))
    if problems:
        raise Unsupported(tr("the solver does not model {problems}", problems="; ".join(problems)))


def _outcome_hands(rules: "Rules") -> Dict[str, Optional[Tuple[Tuple[int, ...], Tuple[int, ...]]]]:
    """A pair of disjoint hands (A's, B's) for each outcome at a showdown: A wins, loses, ties (as the
    showdown decides, :meth:`~bragrules.engine.showdown.Comparer.order`)."""
    comparer = rules.comparer
    key, order = comparer.key, comparer.order
    hands = sorted(itertools.combinations(sorted(comparer.ranker.cards), 3), key=key)
    tie: Optional[Tuple[Tuple[int, ...], Tuple[int, ...]]] = None
    by_key: Dict[Tuple[int, ...], List[Tuple[int, int, int]]] = {}
    for h in hands:
        by_key.setdefault(key(h), []).append(h)
    for group in by_key.values():
        found = next(((a, b) for a, b in itertools.combinations(group, 2) if not set(a) & set(b)), None)
        if found is not None:
            tie = found
            break
    strongest = hands[-1]
    weakest = next(h for h in hands if not set(h) & set(strongest) and order(key(strongest), key(h)) > 0)
    return {"win": (strongest, weakest), "lose": (weakest, strongest), "tie": tie}


class _Builder:
    seats: Tuple[str, ...] = SEATS
    """The seats dealt in, first to act first (a multiway tree's builder names more)."""

    war_cap: str = "fold"
    """How a war of three or more ends at the cap (:data:`~bragrules.solver.pool.WAR_CAPS`)."""

    def __init__(self, rules: "Rules", max_raises: int, levels: int, max_bets: int, carry_share: float,
                 seats: int = 2, war_cap: str = "fold") -> None:
        self.seats = seat_names(seats)
        self.rules = rules
        self.max_raises = max_raises
        self.levels = levels
        self.max_bets = max_bets
        self.carry_share = carry_share
        self.war_cap = war_cap
        self.decisions: List[Decision] = []
        self.count = 0
        self.leaves = 0
        self.showdowns = 0
        self.pools = 0
        self.pool_hands: Dict[Tuple[int, int], Optional[List[Tuple[int, int, int]]]] = {}
        self.notes: List[str] = []
        self.payoffs: List[Tuple[Tuple[float, ...], ...]] = []
        self.outcomes = _outcome_hands(rules)
        house = rules.house
        self.fee = 0.0 if house.fee_per_session else float(house.fee)
        self.carried: Set[Tuple[str, ...]] = set()  # the endings that carry a pot out of the deal
        self.retained: Set[Tuple[str, ...]] = set()  # the endings where a blind survivor retains the hand

    def deal(self, actions: Sequence[Action]) -> Deal:
        cards: Dict[str, Optional[Sequence[Card]]] = {seat: None for seat in self.seats}
        # the table fee is the tree's to take (``payoff``: once a deal, none for a fee paid once a session)
        deal = Deal(self.rules, list(self.seats), cards, wait_for_cards=True, table_fee=Fraction(0))
        for action in actions:
            deal.apply(action)
        return deal

    def next_id(self) -> int:
        self.count += 1
        return self.count - 1

    def payoff(self, deal: Deal) -> Tuple[float, ...]:
        """Each seat's net at this ending: the engine's, plus its share of a carried pot, less the table fee."""
        result = deal.result
        assert result is not None
        ending = tuple(str(a) for a in deal.actions)
        if result.carried_out:
            self.carried.add(ending)
        if result.retained:
            self.retained.add(ending)
        extra = float(result.carried_out) * self.carry_share - self.fee
        return tuple(float(result.net[seat]) + extra for seat in self.seats)

    def settle_awaited(self, deal: Deal) -> None:
        """Apply the decisions a showdown or a lone blind survivor waits for (show; the retain default)."""
        while not deal.is_over and deal.awaiting is not None and not deal.cards_needed:
            default = deal.default_action()
            assert default is not None
            deal.apply(default)

    def showdown(self, actions: List[Action], history: Tuple[str, ...]) -> Showdown:
        values: Dict[str, Tuple[float, ...]] = {}
        shown = tuple(sorted(self.seats.index(p) for p in self.deal(actions).cards_needed))
        if len(shown) != 2:
            raise Unsupported(f"after {' / '.join(history)} {len(shown)} hands are shown at once")
        for outcome, pair in self.outcomes.items():
            if pair is None:
                values[outcome] = tuple(0.0 for _ in self.seats)
                continue
            deal = self.deal(actions)
            while not deal.is_over:
                needed = deal.cards_needed
                if needed:
                    player = needed[0]
                    deal.enter_cards(player, [CARDS[c] for c in pair[shown.index(self.seats.index(player))]])
                elif deal.awaiting is not None:
                    self.settle_awaited(deal)
                else:
                    raise Unsupported(f"after {' / '.join(history)} the deal asks for a decision at a showdown")
            values[outcome] = self.payoff(deal)
        self.showdowns += 1
        self.payoffs.append(tuple(v for k, v in values.items() if self.outcomes[k] is not None))
        return Showdown(self.next_id(), history, values["win"], values["lose"], values["tie"], (shown[0], shown[1]))

    def at_war_cap(self, deal: Deal, bets_made: int) -> bool:
        """Whether the deal is at the war cap and the tree ends it in a showdown of every hand still in
        (``war_cap: showdown``; twice ``max_bets`` bets made, three or more in)."""
        return self.war_cap == "showdown" and bets_made >= 2 * self.max_bets and deal.in_play_count > 2

    def pool(self, actions: List[Action], history: Tuple[str, ...]) -> Pool:
        """The showdown of every hand still in at the war cap: for each set of them tied for the best, real
        hands of that outcome entered and the pot settled by the engine (everyone left shows)."""
        from bragrules.engine.settlement import showdown_all

        players = self.deal(actions).in_play
        shown = tuple(self.seats.index(p) for p in players)
        payoffs: Dict[int, Tuple[float, ...]] = {}
        for tied in range(1, len(shown) + 1):
            if (len(shown), tied) not in self.pool_hands:
                self.pool_hands[(len(shown), tied)] = outcome_hands(self.rules, len(shown), tied)
            hands = self.pool_hands[(len(shown), tied)]
            for best in itertools.combinations(range(len(shown)), tied):
                mask = sum(1 << shown[k] for k in best)
                if hands is None:
                    payoffs[mask] = tuple(0.0 for _ in self.seats)
                    continue
                order = list(best) + [k for k in range(len(shown)) if k not in best]  # the tied hands to these
                deal = self.deal(actions)
                showdown_all(deal)
                for place, k in enumerate(order):
                    deal.enter_cards(players[k], [CARDS[c] for c in hands[place]])
                if not deal.is_over:
                    raise Unsupported(f"after {' / '.join(history)} the deal asks for a decision at a showdown")
                payoffs[mask] = self.payoff(deal)
                self.payoffs.append((payoffs[mask],))
        self.pools += 1
        return Pool(self.next_id(), history, shown, payoffs)

    def options(self, deal: Deal, bets_made: int) -> List[Action]:
        player = deal.to_act
        assert player is not None
        legal = deal.legal_actions()
        state = deal.players[player]
        can_see = any(o.kind == "see" for o in legal)
        out: List[Action] = []
        for option in legal:
            kind = option.kind
            if kind == "bet":
                if bets_made >= self.max_bets and (not state.seen or can_see):
                    continue
                if bets_made >= 2 * self.max_bets and deal.in_play_count > 2:
                    continue
                out.extend(self.bets(deal, option))
            elif kind in ("sideshow",):
                if N_("the side-show is left out of the tree") not in self.notes:
                    self.notes.append(N_("the side-show is left out of the tree"))
            elif kind == "open":
                if N_("playing open is left out of the tree") not in self.notes:
                    self.notes.append(N_("playing open is left out of the tree"))
            elif kind in ("look", "see", "fold", "check"):
                out.append(option.action())
            else:
                raise Unsupported(f"the solver does not model the action {kind!r}")
        return out

    def bets(self, deal: Deal, option: LegalAction) -> List[Action]:
        least = option.amount
        assert least is not None
        if deal.level_u is not None and deal.raises_made >= self.max_raises:
            return [option.action(least)]
        return [option.action(a) for a in option.amounts(self.levels)]

    def build(self, actions: List[Action], bets_made: int) -> Node:
        deal = self.deal(actions)
        self.settle_awaited(deal)
        actions = list(deal.actions)
        history = tuple(str(a) for a in actions)
        if deal.cards_needed:
            return self.showdown(actions, history)
        if deal.is_over:
            self.leaves += 1
            paid = self.payoff(deal)
            self.payoffs.append((paid,))
            return Leaf(self.next_id(), history, paid)
        if self.at_war_cap(deal, bets_made):
            return self.pool(actions, history)
        player = deal.to_act
        assert player is not None
        node = Decision(self.next_id(), self.seats.index(player), not deal.players[player].seen, history)
        self.decisions.append(node)
        if len(history) > 200:
            raise Unsupported("the tree does not end: lower --max-bets")
        for action in self.options(deal, bets_made):
            child = self.build(actions + [action], bets_made + (action.kind == "bet"))
            node.actions.append(TreeAction(action, child))
        if not node.actions:
            raise Unsupported(f"after {' / '.join(history)} no action is left in the tree")
        return node


def check_war_cap(rules: "Rules", war_cap: str, seats: int) -> None:
    """ValueError for a ``war_cap`` that is not one of :data:`~bragrules.solver.pool.WAR_CAPS`;
    :class:`Unsupported` naming the rule when a showdown of every hand still in is asked at a table of three or
    more under a profile whose showdown it does not settle (:func:`~bragrules.solver.pool.pool_problems`)."""
    if war_cap not in WAR_CAPS:
        raise ValueError(f"war_cap is one of {', '.join(WAR_CAPS)}, not {war_cap!r}")
    problems = pool_problems(rules) if war_cap == "showdown" and seats > 2 else []
    if problems:
        raise Unsupported(tr("the war cap's showdown of every hand still in does not model {problems} (a war cap of "
                             "folds does: war_cap fold, --war-cap fold)", problems="; ".join(problems)))


def build_tree(rules: "Rules", max_raises: int = 3, levels: int = 2, max_bets: Optional[int] = None,
               carry_share: float = 0.5, seats: int = 2, war_cap: str = DEFAULT_WAR_CAP) -> Tree:
    """The public tree of one deal under ``rules`` (see the module's docstring for the caps), heads-up
    unless told ``seats`` (3 or 4: the multiway tree :mod:`bragrules.solver.mccfr` samples), a war of
    three or more ending at the cap as ``war_cap`` says (:mod:`bragrules.solver.pool`)."""
    check_supported(rules)
    check_war_cap(rules, war_cap, seats)
    if max_raises < 0 or levels < 1:
        raise ValueError("max_raises must be 0 or more and levels 1 or more")
    bets = max_bets if max_bets is not None else max_raises + 1
    builder = _Builder(rules, max_raises, levels, bets, carry_share, seats, war_cap)
    root = builder.build([], 0)
    ante = float(Fraction(rules.profile.stakes.ante))
    sums = [sum(p) for leaf in builder.payoffs for p in leaf]
    constant = sums[0] if sums and all(abs(s - sums[0]) < 1e-9 for s in sums) else None
    zero_sum = constant is not None and abs(constant) < 1e-9
    notes = list(builder.notes)
    if builder.pools:
        notes.append(N_("a war of three or more ends at the tree's cap (twice its bets) in a showdown of every hand "
                        "still in"))
    if rules.house.fee and rules.house.fee_per_session:
        notes.append(N_("the table fee paid once a session (house.table_fee_per: session) is left out of one deal"))
    return Tree(root, builder.decisions, builder.leaves, builder.showdowns, max_raises, levels, bets, carry_share,
                ante, notes, zero_sum, 0.0 if zero_sum else constant, _takes(rules, builder),
                len(builder.carried), len(builder.retained), war_cap, builder.pools)


def _takes(rules: "Rules", builder: _Builder) -> List[Message]:
    """What leaves the two seats at some ending of the tree, in words (read in the reader's language), each with
    its rule."""
    house = rules.house
    out = []
    if house.takes_rake:
        out.append(Message("the house rakes {share} of each pot won (house.rake)", share=str(house.share)))
    if builder.fee:
        out.append(Message("the house takes a table fee of {fee} from each seat each deal (house.table_fee)",
                           fee=pretty_money(house.fee)))
    if builder.carried and builder.carry_share < 0.5:
        out.append(Message("a pot carried out of the deal is valued at {share} of it to each seat",
                           share=f"{builder.carry_share:g}"))
    return out
