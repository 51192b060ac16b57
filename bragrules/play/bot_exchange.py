"""How a style bot plays the exchange games: Stop the Bus, Bastard Brag and the draw games.

A style bot takes the card that improves its hand most (a swap with a known centre card, the top of
the discard pile), else the stock or the least harmful compulsory swap; it knocks once its hand is good
enough or the deal has gone on long enough; after a draw it throws the card that keeps the best three.
:class:`ExchangePlay` is the part of :class:`~bragrules.play.bots.StyleBot` that decides this.

>>> import random
>>> from bragrules.profile import load_profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.engine.deal import Deal
>>> from bragrules.core.cards import parse_hand
>>> from bragrules.play.bots import STYLES, StyleBot
>>> rules = compile_rules(load_profile("stop-the-bus"))
>>> deal = Deal(rules, ["A", "B"], {"A": parse_hand("2c 7d 9h"), "B": parse_hand("3c 4d 6s")},
...             centre=parse_hand("Ac Ad Ah"))
>>> bot = StyleBot(STYLES["cautious"], random.Random(1))
>>> str(bot.choose(deal.view("A")))   # three aces in the centre: take them all
'A swap all'
"""

from __future__ import annotations

from typing import Callable, List, Optional, Sequence, Tuple

from bragrules.core.cards import Card, parse_card
from bragrules.core.i18n import N_
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.view import PlayerView
from bragrules.rules.ranking import triple_index

Strength = Callable[[Sequence[Card]], int]
"""The strength of three cards under the deal's ranking."""


_UNSEEN = {"knock": N_("knocks without looking"), "stand": N_("stands without looking"),
           "draw": N_("draws without looking"), "swap": N_("swaps without looking")}
"""What a bot says of a move made before it has looked at its cards."""


class ExchangePlay:
    """The exchange turns of a style bot; the bot gives when it knocks (its style's ``knock_at`` and
    ``knock_turns``), its words (``_say``, ``_judged``) and how much of the pack a strength beats."""

    def _say(self, verb: str, amount: object = None, **values: object) -> None:  # pragma: no cover - the bot's own
        raise NotImplementedError

    def _judged(self, view: PlayerView, cards: object, share: float, verb: str,
                amount: object = None) -> None:  # pragma: no cover - the bot's own
        raise NotImplementedError

    def _strength_share(self, view: PlayerView, strength: int) -> float:  # pragma: no cover - the bot's own
        raise NotImplementedError

    def _knock_rule(self) -> Tuple[float, int]:  # pragma: no cover - the bot's own
        """The share of the pack a hand must beat to knock, and the exchanges after which it knocks anyway."""
        raise NotImplementedError

    def _exchange(self, view: PlayerView, options: List[LegalAction], memory: object) -> Action:
        """One exchange turn: a throw after a draw, the knock after a take, a take or a stop."""
        stop = next((o for o in options if o.kind in ("knock", "stand")), None)
        if view.hand is None:
            option = stop or options[-1]
            self._say(_UNSEEN.get(option.kind, N_("{move} without looking")), move=option.kind)
            return option.action()
        table = view.rules.ranking.ranker.table
        hand = list(view.hand)

        def strength(cards: Sequence[Card]) -> int:
            a, b, c = cards
            return table[triple_index(a, b, c)]

        if options[0].kind == "throw":  # four cards held after a draw: keep the best three
            best = max(options, key=lambda o: strength([c for c in hand if o.cards is None or c != o.cards[0][0]]))
            self._say(N_("discards a card"))
            return best.action()
        current = strength(hand)
        share = self._strength_share(view, current)
        knock_at, knock_turns = self._knock_rule()
        ready = share >= knock_at or view.exchanges_made(options[0].player) >= knock_turns
        if options[0].kind == "pass":  # a card taken this turn: stop the bus now, or not
            option = options[-1] if ready else options[0]
            self._judged(view, hand, share, N_("knocks") if option.kind == "knock" else N_("passes"))
            return option.action()
        if stop is not None and stop.kind == "knock" and ready:
            self._judged(view, hand, share, N_("knocks"))
            return stop.action()
        return self._take_or_stop(view, options, hand, strength, stop, current, share)

    def _take_or_stop(self, view: PlayerView, options: List[LegalAction], hand: List[Card], strength: Strength,
                      stop: Optional[LegalAction], current: int, share: float) -> Action:
        """The best known take if it improves the hand (or nothing else may be done), else the stop,
        else an unknown card: the stock, or the face-down centre card."""
        best_strength, best_option = -1, None
        for option in options:
            value = self._take_value(view, option, hand, strength)
            if value is not None and value > best_strength:
                best_strength, best_option = value, option
        if best_option is not None and (best_strength > current or stop is None):
            self._judged(view, hand, share,
                         N_("takes a card") if best_option.kind == "draw" else N_("swaps with the centre"))
            return best_option.action()
        if stop is not None:
            self._judged(view, hand, share, N_("knocks") if stop.kind == "knock" else N_("stands"))
            return stop.action()
        blind = next((o for o in options if o.kind == "draw" and o.target == "stock"), None) or next(
            (o for o in options if o.kind == "swap" and o.target == "down"), options[0])
        self._judged(view, hand, share, N_("takes an unknown card"))
        return blind.action()

    @staticmethod
    def _take_value(view: PlayerView, option: LegalAction, hand: List[Card], strength: Strength) -> Optional[int]:
        """The strength of the hand a take leaves, where the cards it takes are known (None: not known)."""
        if option.kind == "draw":
            top = view.discard_top
            if option.target != "discard" or top is None:
                return None
            cards = [*hand, top]
            return max(strength([c for c in cards if c != out]) for out in hand)
        if option.kind != "swap":
            return None
        if option.target == "all":
            places = view.centre_places
            return None if any(c is None for c in places) else strength([c for c in places if c is not None])
        if option.target == "down" or option.cards is None:
            return None
        mine, centre = option.cards[0][0], option.cards[1][0]
        return strength([centre if card == mine else card for card in hand])


def hunt_choice(view: PlayerView, options: List[LegalAction]) -> Tuple[LegalAction, str]:
    """A turn of the hunt for the jokers (``procedure.hunt_rounds``), and the words for it: blind, a look (the
    hunt is free, and a card is given only once looked at); seen, the take or the close that leaves its hand
    strongest under the jokers the centre would then decide (a close when nothing is gained by a take).

    >>> from bragrules.core.cards import parse_cards
    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> from bragrules.engine.deal import Deal
    >>> deal = Deal(compile_rules(load_profile("joker-hunt")), ["A", "B"],
    ...             {"A": parse_cards("2c 7d 9h"), "B": parse_cards("3c 4d 6s")},
    ...             centre=parse_cards("Kh Qs 9c 5d 8h 2s Jd"))
    >>> hunt_choice(deal.view("A"), deal.legal_actions())[0].kind
    'look'
    >>> _ = deal.apply_text("A look")
    >>> str(hunt_choice(deal.view("A"), deal.legal_actions())[0].action())   # 2c 2s 9h, the nines wild while 9c lies open
    'A swap 7d 2s'
    """
    hand = view.hand
    look = next((o for o in options if o.kind == "look"), None)
    if hand is None or look is not None:
        return (look or options[0]), N_("looks at its cards before the hunt")
    centre = list(view.centre)
    comparer = view.rules.comparer
    best: Optional[Tuple[Tuple[int, ...], LegalAction]] = None
    for option in options:
        if option.kind == "swap" and option.cards is not None:
            taken = option.cards[1][0]
            cards = [taken if c == option.cards[0][0] else c for c in hand]
        elif option.kind == "close" and option.target is not None:
            taken, cards = parse_card(option.target), list(hand)
        else:
            continue
        key = comparer.for_deal([c for c in centre if c != taken]).key(cards)
        if best is None or key > best[0]:
            best = (key, option)
    chosen = best[1] if best is not None else options[0]
    return chosen, N_("takes a centre card") if chosen.kind == "swap" else N_("turns a centre card face down")


__all__ = ["ExchangePlay", "hunt_choice"]
