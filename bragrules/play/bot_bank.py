"""How a bot plays a banking game (``procedure.bank``): against the house, play or fold by a threshold hand;
against a banker, stake more the better the hand.

Against the house's dealer the bot plays (a Play bet equal to the ante) with queen-six-four or better and folds
the rest: the casinos' own guidance for Three Card Poker, where the Play bet breaks even near Q-6-4. Against a
banker it stakes the least with an ordinary hand, a larger part of the bank with a hand that beats three in four,
and calls "banco", staking the whole bank, with a hand that beats nineteen in twenty.

>>> from bragrules.profile import load_profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.core.cards import parse_cards
>>> rules = compile_rules(load_profile("three-card-casino"))
>>> plays(rules, parse_cards("Qc 6d 4h")), plays(rules, parse_cards("Qc 6d 3h")), plays(rules, parse_cards("2c 2d 3h"))
(True, False, True)
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import floor
from typing import TYPE_CHECKING, List, Sequence, Tuple

from bragrules.core.cards import Card, parse_cards
from bragrules.core.i18n import N_
from bragrules.core.money import ZERO
from bragrules.engine.actions import Action, LegalAction
from bragrules.play.hand_worth import hand_share

if TYPE_CHECKING:
    from bragrules.rules.compile import Rules

PLAY_FROM = parse_cards("Qc 6d 4h")
"""The least hand the bot plays against the house (queen-six-four)."""


def plays(rules: "Rules", cards: Sequence[Card]) -> bool:
    """Whether the bot plays this hand against the house's dealer (Q-6-4 or better)."""
    return rules.comparer.versus(list(cards), PLAY_FROM) >= 0


def stake(low: Fraction, high: Fraction, share: float) -> Fraction:
    """What the bot stakes against a banker with a hand beating ``share`` of hands, between ``low`` and ``high``.

    >>> stake(Fraction(1), Fraction(20), 0.5), stake(Fraction(1), Fraction(20), 0.8), stake(Fraction(1), Fraction(20), 0.99)
    (Fraction(1, 1), Fraction(5, 1), Fraction(20, 1))
    """
    if share >= 0.95:
        return high
    if share >= 0.75:
        return max(low, min(high, Fraction(floor(low + (high - low) / 4))))
    return low


SIDE_BET_SHARE = 0.75
"""How often a bot stakes the Pair Plus (the least allowed): the side bet's edge for the house is a few percent,
so a bot plays it often, never raising it."""


def side_bet(options: List[LegalAction], rng: random.Random) -> Tuple[Action, str]:
    """A bot's Pair Plus, chosen before it looks: the least allowed three deals in four, else none (``check``).

    >>> from fractions import Fraction
    >>> offered = [LegalAction("A", "pairplus", Fraction(5), Fraction(25)), LegalAction("A", "check")]
    >>> sorted({str(side_bet(offered, random.Random(seed))[0]) for seed in range(8)})
    ['A check', 'A pairplus 5']
    """
    stake = next(o for o in options if o.kind == "pairplus")
    if rng.random() < SIDE_BET_SHARE:
        return stake.action(stake.amount), N_("stakes a Pair Plus of {amount}")
    return Action(stake.player, "check"), N_("stakes no Pair Plus")


def keeps(put_up: Fraction, bank: Fraction) -> bool:
    """Whether a bot holding a carried bank (``procedure.bank.carry``) keeps it for another deal: it passes a bank
    broken (nothing left to deal against) or doubled (taking its winnings home), and keeps any other.

    >>> keeps(Fraction(20), Fraction(27)), keeps(Fraction(20), Fraction(40)), keeps(Fraction(20), Fraction(0))
    (True, False, False)
    """
    return ZERO < bank < 2 * put_up


def choose(rules: "Rules", cards: Sequence[Card], options: List[LegalAction]) -> Tuple[Action, str, float]:
    """The bot's action in a banking game, the words of its reason, and its hand's share of hands beaten."""
    share = hand_share(rules, list(cards))
    bet = next(o for o in options if o.kind == "bet")
    fold = next((o for o in options if o.kind == "fold"), None)
    if fold is not None:  # against the house: play or fold
        if plays(rules, cards):
            return bet.action(), N_("plays against the dealer (Q-6-4 or better)"), share
        return fold.action(), N_("{folds} (below Q-6-4)"), share
    assert bet.amount is not None and bet.max_amount is not None
    amount = stake(bet.amount, bet.max_amount, share)
    banco = amount == bet.max_amount and share >= 0.95
    words = N_("calls banco, staking the whole bank") if banco else N_("stakes {amount}")
    return Action(bet.player, "bet", amount), words, share
