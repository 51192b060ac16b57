"""Following a log's seed: the cards each deal of a seeded session must hold.

A log written by a session (``play``, ``serve``, :class:`~bragrules.history.LogWriter`)
records the seed its session was made with. The seed decides every chance
in the session: the first dealer (where the profile draws one), each
shuffle and cut; the cards each deal takes then follow from the pack as the
deals before left it (folded and completed hands under it, in the order the
replayed deal gives, retained hands out). A :class:`SeededPack` replays that
pack beside the audit, exactly as :class:`~bragrules.engine.session.Session`
deals it, so the audit knows the cards the seed deals: a log whose header
seed was changed, or whose cards were, does not hold them; and the hands of
a deal cut off before its cards line are known all the same.

>>> from bragrules.profile import load_profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.engine.session import Session
>>> rules = compile_rules(load_profile("traditional"))   # the first dealer is drawn
>>> session = Session(rules, ["A", "B", "C"], seed=9)
>>> _ = session.start_deal()
>>> pack = SeededPack(rules, ["A", "B", "C"], 9)
>>> pack.first_dealer() == session.dealer
True
>>> hands, centre = pack.deal(session.dealt_in(), shuffled=True, retained={})
>>> hands == session.current_hands() and centre == ()
True

The pack holds one set of cards, so a log of any length is followed in
constant memory.
"""

from __future__ import annotations

import random
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from bragrules.core.cards import Card, Pack
from bragrules.engine.spare import centre_count
from bragrules.engine.wild_cards import back_to_pack, cards_from_pack, deal_hands
from bragrules.rules.compile import Rules

Cards = Tuple[Card, ...]


class SeededPack:
    """The pack of a session made with ``seed``, dealt deal by deal as the session deals it."""

    def __init__(self, rules: Rules, players: Sequence[str], seed: int, draws_dealer: Optional[bool] = None):
        """``draws_dealer``: whether the session drew its first dealer from the seed (by default, where the
        profile draws one); a session given its first dealer draws nothing."""
        self.rules = rules
        self.players = list(players)
        self.seed = seed
        self.rng = random.Random(seed)
        self.pack = Pack(rules.pack.cards) if rules.pack.stripped else Pack.fresh(rules.pack.jokers)
        self.draws_dealer = rules.table.first_dealer_random if draws_dealer is None else draws_dealer
        self._drawn: Optional[str] = None
        if self.draws_dealer:
            self._drawn = self.players[rules.table.draw_first_dealer(self.rng, len(self.players))]

    def first_dealer(self) -> Optional[str]:
        """The first dealer the seed draws (None when the profile does not draw one)."""
        return self._drawn

    def deal(self, order: Sequence[str], shuffled: bool, retained: Dict[str, Cards]) -> Tuple[Dict[str, Cards], Cards]:
        """The hands (by player) and centre cards of the next deal; ``retained``: the hands kept from the last
        deal, whose holders not in ``order`` return them under the pack once the deal is dealt."""
        rules, pack = self.rules, self.pack
        if shuffled:
            pack.shuffle(self.rng)
            if rules.table.cut:
                pack.cut(self.rng.randrange(1, len(pack)))
        hands = deal_hands(rules, pack.deal(cards_from_pack(rules) * len(order)), order)
        to_centre = centre_count(rules, len(order), len(pack))  # the face-up centre, a spare hand, a stock
        centre: Cards = tuple(pack.deal(to_centre)) if to_centre else ()
        for p, hand in retained.items():
            if p not in order:
                pack.put_under(back_to_pack(rules, hand))
        return hands, centre

    def put_under(self, cards: Sequence[Card]) -> None:
        """A finished deal's used cards go under the pack, in the order given (a joker dealt to each player
        is no card of the pack)."""
        self.pack.put_under(back_to_pack(self.rules, cards))


def differs(seeded: Mapping[str, Cards], logged: Mapping[str, Optional[Sequence[Card]]]) -> List[str]:
    """The players whose logged hand is known and is not the seeded one, in the seeded order.

    >>> from bragrules.core.cards import parse_cards
    >>> differs({"A": tuple(parse_cards("Kc 9c 4c"))}, {"A": parse_cards("Kc 4c 9c")})
    ['A']
    """
    return [p for p, hand in seeded.items() if logged.get(p) is not None and tuple(logged[p] or ()) != hand]


__all__ = ["SeededPack", "differs"]
