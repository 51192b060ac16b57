"""A bot's draws for the pips stake (``pots.points_draw``): draw while a card from the unseen pack is at least
as likely to keep the count within the target as to pass it.

The cards a bot has not seen (the pack less its own cards, those it drew and every card it can see) are equally
likely to come next; a draw is worth it when at least half of them would leave the count at or under the target.

>>> from bragrules.core.cards import parse_cards
>>> from bragrules.rules.pots import PotsPolicy
>>> policy = PotsPolicy(ace=1, target=21, draws=True)
>>> pack = range(52)
>>> draw_worth(policy, parse_cards("2c 3d 4h"), pack, parse_cards("2c 3d 4h"))  # 9: no card passes 21
True
>>> draw_worth(policy, parse_cards("Kc 4d 3h"), pack, parse_cards("Kc 4d 3h"))  # 17: only aces to 4s keep it
False
"""

from __future__ import annotations

from typing import Iterable, Sequence, Tuple

from bragrules.core.cards import Card
from bragrules.core.i18n import N_
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.view import PlayerView
from bragrules.rules.pots import PotsPolicy

__all__ = ["choose", "draw_worth"]


def draw_worth(policy: PotsPolicy, counted: Sequence[Card], pack: Iterable[int], seen: Iterable[int]) -> bool:
    """Whether a draw keeps the count within the target at least half the time, over the cards not seen."""
    room = policy.target - policy.pips(counted)
    known = set(seen)
    unseen = [Card(c) for c in pack if c not in known]
    if not unseen:
        return False
    safe = sum(1 for card in unseen if policy.pips((card,)) <= room)
    return 2 * safe >= len(unseen)


def choose(view: PlayerView, options: Sequence[LegalAction]) -> Tuple[Action, str]:
    """Draw or stand, and the words a bot says for it."""
    policy = view.rules.pots
    draw = next((o for o in options if o.kind == "draw"), None)
    stand = next(o for o in options if o.kind == "stand")
    counted = tuple(view.hand or ()) + view.points_drawn
    if policy is None or draw is None or not draw_worth(policy, counted, view.rules.pack.cards, view.visible_cards()):
        return stand.action(), N_("stands for the pips stake")
    return draw.action(), N_("draws for the pips stake")
