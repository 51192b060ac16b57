"""Forced bets in a deal: what each seat posts before the betting, as ``rules.forced`` answers
(:meth:`~bragrules.rules.forced_bets.ForcedPolicy.posts`), and single-stake Brag's compensation
when nobody meets the dealer's stake.

Asked only when the profile forces something beyond the ante (``rules.forced`` is not None);
otherwise the deal antes as :func:`bragrules.engine.betting.post_antes` does.

>>> from bragrules.core.cards import parse_cards
>>> from bragrules.engine.deal import Deal
>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> rules = compile_rules(Profile.model_validate({"stakes": {"forced": {"kind": "blind", "amount": 1}}}))
>>> deal = Deal(rules, ["A", "B", "C"], {"A": parse_cards("Kc 9c 4c"), "B": parse_cards("5s 6h 7d"),
...                                      "C": parse_cards("2c 7h Jd")})
>>> [(p.player, p.what, int(p.amount)) for p in deal.posted], deal.pot, deal.level, deal.to_act
([('A', 'ante', 1), ('B', 'ante', 1), ('C', 'ante', 1), ('C', 'blind', 1)], Fraction(4, 1), Fraction(2, 1), 'A')
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence

from bragrules.core.money import ZERO
from bragrules.engine import settlement
from bragrules.engine.bet_record import POSTED, pay_in, record_bet
from bragrules.engine.events import Ante, Bet
from bragrules.engine.rake import take_table_fee
from bragrules.rules.forced_bets import COMPENSATION_RULE
from bragrules.rules.hooks import Post

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal


def post(deal: "Deal") -> Optional[int]:
    """Every seat's posts before the betting (antes, a boot, blinds, a dealer's stake), paid into the pot.

    Returns the seat index of the last live post (the player after it acts first), or None when no
    post opens the betting. A poster short of the amount puts in what they hold and is all in; a live
    post still sets the level of the whole amount."""
    forced = deal.rules.forced
    assert forced is not None
    units, players, events = deal.units, deal.players, deal.events
    last_live: Optional[int] = None
    for posted in deal.posted:
        state = players[posted.player]
        full = units.to_units_exact(posted.amount)
        paid = full if state.stack_u is None else min(full, state.stack_u)  # short: what they hold, all in
        if not posted.live:
            if state.stack_u is not None and full >= state.stack_u:
                state.all_in = True
            if paid:
                pay_in(deal, state, paid)
            events.append(Ante(posted.player, units.money(paid)))
            continue
        blind = not state.seen
        level = units.level_for(full, blind)
        assert level is not None, "a live forced bet sets a level on the steps (checked with the profile)"
        record_bet(deal, state, paid, level, POSTED)
        events.append(Bet(posted.player, units.money(paid), units.money(level), blind, state.all_in))
        last_live = deal.order.index(posted.player)
    return last_live


def posts_record(posted: Sequence[Post]) -> List[Dict[str, Any]]:
    """The posts of a deal as its log's ``deal`` line writes them (``posts``): who, what, how much.

    >>> from bragrules.rules.forced_bets import AMOUNT_RULE
    >>> posts_record([Post("C", "blind", Fraction(1, 2), True, AMOUNT_RULE)])
    [{'player': 'C', 'post': 'blind', 'amount': Fraction(1, 2)}]
    """
    return [{"player": p.player, "post": p.what, "amount": p.amount} for p in posted]


def unmet(deal: "Deal", survivor: str) -> bool:
    """Whether the deal ends with nobody meeting the dealer's stake: the survivor posted it and
    nobody else bet or saw (``stakes.forced.kind: dealer_stake``)."""
    forced = deal.rules.forced
    if forced is None or not forced.compensates:
        return False
    if forced.stake_poster(deal.order) != survivor:
        return False
    return not any(action.kind in ("bet", "see") for action in deal.actions)


def finish_unmet(deal: "Deal", dealer: str) -> None:
    """Nobody met the dealer's stake: the dealer takes the pot back (the stake, and any antes), and
    every other player pays the dealer ``stakes.forced.compensation`` (at most what they hold)."""
    forced = deal.rules.forced
    assert forced is not None
    settlement.finish_won(deal, [dealer], showdown=False,
                          reason=f"nobody met {dealer}'s stake: {dealer} takes it back and is paid by the others",
                          table_fee=False)
    result = deal.result
    assert result is not None
    net: Dict[str, Fraction] = dict(result.net)
    total = ZERO
    for name in deal.order:
        if name == dealer:
            continue
        state = deal.players[name]
        owed = forced.compensation
        if state.stack_u is not None:
            held = state.settled_stack if state.settled_stack is not None else ZERO
            owed = min(owed, held)
            state.settled_stack = held - owed
        net[name] = net[name] - owed
        total += owed
    net[dealer] = net[dealer] + total
    keeper = deal.players[dealer]
    if keeper.stack_u is not None and keeper.settled_stack is not None:
        keeper.settled_stack = keeper.settled_stack + total
    decided = list(result.decided_by)
    if COMPENSATION_RULE not in decided:
        decided.append(COMPENSATION_RULE)
    deal.result = result._replace(net=net, decided_by=decided)
    take_table_fee(deal)  # house.table_fee: taken last, from what each then holds


__all__ = ["finish_unmet", "post", "posts_record", "unmet"]
