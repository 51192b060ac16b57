"""The public betting tree of one heads-up deal, and each ending's payoff with real hands, from the engine.

Nothing here needs OpenSpiel: :mod:`bragrules.openspiel.game` wraps it as an OpenSpiel game.

The tree is found by driving the engine's own :class:`~bragrules.engine.deal.Deal` with both
hands unknown (keep mode), so that what it offers at each point is the profile's rules whatever
the cards: look or stay blind, each bet amount, check, see, fold. An ending's payoff is found by
replaying its actions on a deal with the real hands and letting the engine settle it (the tie
rule, the caller losing, a see's fee, the house, a pot carried out), so every payoff is the
engine's own.

The abstraction, stated (the solver's, :mod:`bragrules.solver`, so the two solve the same game):

* bet amounts: the least bet and the next ``levels - 1`` steps above it (capped by the profile);
* raises: after ``max_raises`` bets that lift the level, only the least bet (a bet at the level);
* bets in all: after ``max_bets`` bets a blind player may no longer bet (look, see or fold), nor may
  a seen player who could see instead; so every line of play ends, where the profile lets two blind
  players bet on without end;
* a decision the engine waits for and a history may leave unsaid takes the profile's default
  (:meth:`~bragrules.engine.deal.Deal.default_action`): the second to show at a see shows, a blind
  survivor retains or releases the hand as ``blind.retain_default`` says (a retained hand is worth
  nothing within one deal);
* a pot carried out of the deal (a tie the profile carries, a deal everyone folds) is worth
  ``carry_share`` of it to each seat: ``1/2`` (split, as between two equal players over the next
  deals: the game stays zero-sum) or ``0`` (lost to both).

>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> short = compile_rules(Profile(pack={"stripped_ranks": list("23456789T")},
...                               table={"min_players": 2, "max_players": 2}, stakes={"opening_max": 1}))
>>> tree = PublicTree(short, max_raises=1, levels=1)
>>> tree.root.player, [str(a) for a in tree.root.actions.values()]
(0, ['A look', 'A fold', 'A bet 1/2'])
>>> tree.max_length <= 2 * (tree.max_bets + 2)
True
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Dict, List, Optional, Sequence, Tuple

from bragrules.core.cards import CARDS
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal
from bragrules.rules.compile import Rules

__all__ = ["BET", "CHECK", "FOLD", "LOOK", "SEATS", "SEE", "Node", "PublicTree", "Unsupported"]

SEATS = ("A", "B")
"""The two seats: A acts first (the dealer's left), B deals."""

LOOK, FOLD, SEE, CHECK, BET = 0, 1, 2, 3, 4
"""Action ids: look, fold, see, check; ``BET + k`` is a bet ``k`` steps above the least."""
_KIND_IDS = {"look": LOOK, "fold": FOLD, "see": SEE, "check": CHECK}

Hands = Tuple[Tuple[int, ...], Tuple[int, ...]]
Payoff = Tuple[Fraction, Fraction]


class Unsupported(ValueError):
    """The profile has a rule the adapter does not model (the message names it)."""


class Node:
    """A point of the public tree: a decision of ``player`` (0 or 1), or an ending (``player`` None).

    ``actions`` maps each action id offered to the engine's action; ``seen`` says who has looked;
    ``paid`` is what each seat has put in so far; ``path`` the players' actions that lead here.
    """

    __slots__ = ("id", "player", "actions", "children", "seen", "paid", "path", "depth", "showdown")

    def __init__(self, node_id: int, player: Optional[int], seen: Tuple[bool, bool], paid: Tuple[Fraction, Fraction],
                 path: Tuple[Action, ...], showdown: bool = False) -> None:
        self.id = node_id
        self.player = player
        self.actions: Dict[int, Action] = {}
        self.children: Dict[int, Node] = {}
        self.seen = seen
        self.paid = paid
        self.path = path
        self.depth = len(path)
        self.showdown = showdown


def check_supported(rules: Rules) -> None:
    """Raise :class:`Unsupported` naming each rule the adapter does not model."""
    fmt = rules.format
    problems = []
    if not fmt.betting:
        problems.append("format.betting (no betting: the hands are arranged, not played)")
    if fmt.exchange:
        problems.append("format.exchange (Stop the Bus's exchange with the centre)")
    if fmt.hands > 1:
        problems.append("format.hands (several hands to arrange)")
    if rules.comparer.wild is not None:
        problems.append("ranking.wild chosen from the centre or per hand")
    if rules.forced is not None:
        problems.append("stakes.forced (forced bets besides the ante)")
    if getattr(fmt, "cards_dealt", 3) != 3:
        problems.append("format.cards_dealt (more than three cards)")
    if rules.procedure.bank is not None:
        problems.append("procedure.bank (stakes settled against a bank, not a pot won by betting)")
    elif rules.procedure.turned:
        problems.append("procedure.trump_card, procedure.bust_card (a card turned after the deal)")
    if problems:
        raise Unsupported("the OpenSpiel adapter does not model " + "; ".join(problems))


class PublicTree:
    """The public tree of one heads-up deal under ``rules`` with the caps above, and its payoffs.

    ``cards`` are the pack's cards (numbers, as :data:`~bragrules.core.cards.CARDS` indexes them).
    """

    def __init__(self, rules: Rules, max_raises: int = 1, levels: int = 1, max_bets: Optional[int] = None,
                 carry_share: Fraction = Fraction(1, 2)) -> None:
        check_supported(rules)
        if max_raises < 0 or levels < 1:
            raise ValueError("max_raises must be 0 or more and levels 1 or more")
        self.rules = rules
        self.max_raises = max_raises
        self.levels = levels
        self.max_bets = max_bets if max_bets is not None else max_raises + 1
        self.carry_share = Fraction(carry_share)
        self.cards: Tuple[int, ...] = tuple(sorted(rules.ranking.ranker.cards))
        # a plain ranking: a showdown's money depends on the hands' keys alone (the showdown's comparer)
        self.plain = not (rules.ranking.ranker.wild or not rules.comparer.by_strength or rules.session.bonus_paid)
        self.nodes: List[Node] = []
        self.root = self._build((), 0)
        self.max_length = max(n.depth for n in self.nodes)
        self.max_paid = max(max(n.paid) for n in self.nodes)
        self._payoffs: Dict[Tuple[int, object], Payoff] = {}

    # -- building ---------------------------------------------------------

    def deal_at(self, path: Sequence[Action], hands: Optional[Hands] = None) -> Deal:
        cards = ({"A": None, "B": None} if hands is None else
                 {seat: tuple(CARDS[c] for c in hand) for seat, hand in zip(SEATS, hands)})
        deal = Deal(self.rules, list(SEATS), cards, wait_for_cards=hands is None)
        for action in path:
            deal.apply(action)
        _settle_awaited(deal)
        return deal

    def _build(self, path: Tuple[Action, ...], bets_made: int) -> Node:
        deal = self.deal_at(path)
        seen = (deal.players["A"].seen, deal.players["B"].seen)
        paid = (deal.players["A"].contributed, deal.players["B"].contributed)
        if deal.is_over or deal.cards_needed:
            node = Node(len(self.nodes), None, seen, paid, path, showdown=bool(deal.cards_needed))
            self.nodes.append(node)
            return node
        player = deal.to_act
        assert player is not None
        node = Node(len(self.nodes), SEATS.index(player), seen, paid, path)
        self.nodes.append(node)
        if len(path) > 200:
            raise Unsupported("the tree does not end: lower max_bets")
        for action_id, action in self._options(deal, bets_made):
            node.actions[action_id] = action
            node.children[action_id] = self._build(path + (action,), bets_made + (action.kind == "bet"))
        if not node.actions:
            raise Unsupported(f"after {' / '.join(map(str, path))} no action is left")
        return node

    def _options(self, deal: Deal, bets_made: int) -> List[Tuple[int, Action]]:
        player = deal.to_act
        assert player is not None
        legal = deal.legal_actions()
        can_see = any(o.kind == "see" for o in legal)
        seen = deal.players[player].seen
        out: List[Tuple[int, Action]] = []
        for option in legal:
            if option.kind == "bet":
                if bets_made >= self.max_bets and (not seen or can_see):
                    continue
                amounts = option.amounts(self.levels)
                if deal.level_u is not None and deal.raises_made >= self.max_raises:
                    amounts = amounts[:1]
                out.extend((BET + k, option.action(amount)) for k, amount in enumerate(amounts))
            elif option.kind in _KIND_IDS and option.target is None:
                out.append((_KIND_IDS[option.kind], option.action()))
            else:
                raise Unsupported(f"the OpenSpiel adapter does not model the action {str(option.action())!r}")
        return sorted(out, key=lambda pair: pair[0])

    # -- reading ----------------------------------------------------------

    @property
    def num_actions(self) -> int:
        """How many action ids there are: look, fold, see, check and one per bet amount."""
        return BET + self.levels

    def payoff(self, node: Node, hands: Hands) -> Payoff:
        """Each seat's net at the ending ``node`` with these hands, in stakes, exactly as the engine settles it
        (plus ``carry_share`` of a pot carried out).

        >>> from bragrules.profile import load_profile
        >>> from bragrules.rules.compile import compile_rules
        >>> tree = PublicTree(compile_rules(load_profile("standard")), max_raises=0, levels=1, max_bets=1)
        >>> look = tree.root.children[LOOK]
        >>> end = look.children[FOLD]
        >>> [int(v) for v in tree.payoff(end, ((0, 1, 2), (4, 5, 6)))]
        [-1, 1]
        """
        assert node.player is None
        if self.plain:
            comparer = self.rules.comparer
            key: object = (comparer.key(hands[0]), comparer.key(hands[1])) if node.showdown else ()
        else:
            key = hands
        found = self._payoffs.get((node.id, key))
        if found is None:
            found = self._payoffs[(node.id, key)] = self._settle(node, hands)
        return found

    def _settle(self, node: Node, hands: Hands) -> Payoff:
        deal = self.deal_at(node.path, hands)
        result = deal.result
        if result is None:
            raise Unsupported(f"after {' / '.join(map(str, node.path))} the deal with real hands is not over")
        carried = result.carried_out * self.carry_share
        return (result.net["A"] + carried, result.net["B"] + carried)


def _settle_awaited(deal: Deal) -> None:
    """Apply the defaults of the decisions a deal waits for (the second to show shows; the retain default)."""
    while not deal.is_over and not deal.cards_needed and deal.awaiting is not None:
        default = deal.default_action()
        assert default is not None
        deal.apply(default)


def combinations(cards: Sequence[int], size: int = 3) -> List[Tuple[int, ...]]:
    """Every hand of ``size`` cards from ``cards``, in a fixed order (a chance outcome is its index).

    >>> len(combinations(range(12)))
    220
    """
    return list(itertools.combinations(sorted(cards), size))


def card_text(cards: Sequence[int]) -> str:
    """Cards as people write them: ``Ah Kd 2c``."""
    return " ".join(str(CARDS[c]) for c in cards)

