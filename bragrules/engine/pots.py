"""Settling the side pots of a deal (``pots``): the settlement asks the profile's pots policy and pays it.

A deal read by the ``side_pots`` hook (:class:`~bragrules.rules.hooks.SidePotTable`) is the
deal itself, seen through :class:`DealTable`: every player dealt in, the cards each was dealt,
the hands each set out, who folded. What the hook answers (one
:class:`~bragrules.rules.hooks.PotWon` per side pot) becomes each player's gain or loss from the
side pots, which always add up to nothing; a deal dealt again or abandoned settles none.

>>> from bragrules.core.cards import parse_hand
>>> from bragrules.engine.deal import Deal
>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> rules = compile_rules(Profile.model_validate({"pots": {"best_card": 1}}))
>>> deal = Deal(rules, ["A", "B"], {"A": parse_hand("2c 3d Kh"), "B": parse_hand("Ac Ad 5s")})
>>> won, net = settle_side_pots(deal, "won", ["B"])
>>> won[0].winners, net
(('A',), {'A': Fraction(1, 1), 'B': Fraction(-1, 1)})
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Dict, FrozenSet, List, Mapping, Optional, Sequence, Tuple

from bragrules.core.cards import Card
from bragrules.engine.showdown import best_players
from bragrules.rules.hooks import PotWon
from bragrules.rules.pots import POINTS_DRAW_RULE, POINTS_TARGET_RULE, SWEEP_BONUS_RULE, TIE_RULE

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal


class DealTable:
    """A deal as the ``side_pots`` hook reads it: plain data taken from the deal at its settlement."""

    __slots__ = ("players", "cards", "hands", "out", "turned", "draws")

    def __init__(self, order: Sequence[str], cards: Dict[str, Optional[Tuple[Card, ...]]],
                 hands: Dict[str, Optional[Tuple[Tuple[Card, ...], ...]]], out: FrozenSet[str],
                 centre: Sequence[Card] = (), draws: Optional[Mapping[str, Sequence[Card]]] = None) -> None:
        self.players: Tuple[str, ...] = tuple(order)
        self.cards = cards
        self.hands = hands
        self.out = out
        self.turned: Tuple[Card, ...] = tuple(centre)
        self.draws: Dict[str, Tuple[Card, ...]] = {p: tuple(c) for p, c in (draws or {}).items()}

    @classmethod
    def of(cls, deal: "Deal") -> "DealTable":
        """The table of a deal being settled: its players, the cards dealt, the hands set out, who folded."""
        dealt = deal.origin[1]
        cards: Dict[str, Optional[Tuple[Card, ...]]] = {}
        for p in deal.order:
            held = dealt.get(p)
            cards[p] = None if held is None else tuple(held)
        hands: Dict[str, Optional[Tuple[Tuple[Card, ...], ...]]] = {}
        for p in deal.order:
            arranged = deal.players[p].arrangement
            hands[p] = None if arranged is None else tuple(tuple(h) for h in arranged)
        drawing = deal.points_draws
        return cls(deal.order, cards, hands, frozenset(p for p in deal.order if deal.players[p].folded),
                   () if drawing is not None else tuple(deal.origin[6] or ()),
                   drawing.drawn if drawing is not None else None)

    @property
    def order(self) -> Sequence[str]:
        return self.players

    def dealt(self, name: str) -> Optional[Sequence[Card]]:
        return self.cards.get(name)

    def arranged(self, name: str) -> Optional[Sequence[Sequence[Card]]]:
        return self.hands.get(name)

    def folded(self, name: str) -> bool:
        return name in self.out

    def drawn(self, name: str) -> Sequence[Card]:
        return self.draws.get(name, ())

    @property
    def centre(self) -> Sequence[Card]:
        return self.turned


def settle_side_pots(deal: "Deal", outcome: str, main_winners: Sequence[str]) -> Tuple[Tuple[PotWon, ...], Dict[str, Fraction]]:
    """The side pots of a deal as settled, and each player's gain or loss from them (and the sweep bonus).

    A redeal or an abandoned hand settles none: every side ante goes back (nothing moves).
    """
    policy = deal.rules.pots
    if policy is None or outcome in ("redeal", "abandoned"):
        return (), {}
    comparer = deal.comparer

    def best(hands: Mapping[str, Sequence[Card]]) -> List[str]:  # the showdown's answer (special hands too)
        return best_players(list(hands), lambda p: comparer.key(hands[p]), comparer)

    won = policy.side_pots(DealTable.of(deal), best)
    winners = main_winners if outcome in ("won", "split") else ()
    return won, policy.settle(won, deal.order, winners)


def pot_rules(deal: "Deal", pots: Sequence[PotWon], main_winners: Sequence[str]) -> List[str]:
    """The rules that decided the side pots, each once, for a ruling to cite: each pot's own (with the pips
    stake its target other than 31, and its draws when anyone drew), the tie rule when equal best shared or the
    eldest hand took one, the sweep bonus when it was paid."""
    policy = deal.rules.pots
    found: List[str] = []
    for pot in pots:
        if pot.rule not in found:
            found.append(pot.rule)
        if pot.name.startswith("points_") and POINTS_TARGET_RULE not in found:  # a target other than 31
            found.append(POINTS_TARGET_RULE)
        draws = deal.points_draws
        if (draws is not None and pot.name.startswith(("points_", "thirty_one")) and POINTS_DRAW_RULE not in found
                and any(draws.drawn[p] for p in deal.order)):
            found.append(POINTS_DRAW_RULE)  # somebody drew for it
        if len(pot.winners) > 1 and TIE_RULE not in found:
            found.append(TIE_RULE)
    if policy is not None and policy.sweep_of(pots, main_winners) is not None:
        found.append(SWEEP_BONUS_RULE)
    return found
