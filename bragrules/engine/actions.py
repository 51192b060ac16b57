"""Actions and legal-action descriptions (the events they make: :mod:`bragrules.engine.events`).

An action names its player, as in a history sheet:

>>> Action.parse("A bet 2")
Action(player='A', kind='bet', amount=Fraction(2, 1), target=None, cards=None)
>>> str(Action.parse("B see 5/2"))
'B see 5/2'
>>> str(Action.parse("C look old"))
'C look old'
>>> Action.parse("D dance")
Traceback (most recent call last):
...
bragrules.engine.actions.ActionSyntaxError: 'D dance': unknown action 'dance' (look, bet N, see N, fold, check, keep, discard, arrange, swap, knock, stand, show, concede, retain, release, peeks X, exposes, redeal, void, flashes, sideshow [N], accepts, refuses, take, draw stock|discard, discard CARD, pass, open N, pairplus N, close CARD)
>>> str(Action.parse("E draws from the pile")), str(Action.parse("E throws 7h")), str(Action.parse("E swap Kc down"))
('E draw discard', 'E throw 7h', 'E swap down Kc')
>>> str(Action.parse("A peeks at B's cards")), str(Action.parse("C exposes")), str(Action.parse("D retain old"))
('A peeks B', 'C exposes', 'D retain old')

A side-show (``seeing.side_show``): asked for (with the chaal paid, where the profile prices it),
then accepted or refused; an accepted one is written with the hand that folded:

>>> str(Action.parse("C sideshow 4")), str(Action.parse("B accepts")), str(Action.parse("B accepts, C folds"))
('C sideshow 4', 'B accepts', 'B accepts, C folds')
>>> Action.parse("B refuses")
Action(player='B', kind='refuse', amount=None, target=None, cards=None)
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Tuple

from bragrules.core.cards import Card, CardError, parse_cards
from bragrules.core.i18n import AS_IS, Later, Message, Told, said_of
from bragrules.core.money import format_money, parse_money
from bragrules.core.text import quote

KINDS = ("look", "bet", "see", "fold", "check", "keep", "discard", "arrange", "swap", "knock", "stand",
         "show", "concede", "retain", "release", "peek", "expose", "redeal", "void", "flash", "sideshow", "accept",
         "refuse", "take", "draw", "throw", "pass", "open", "pairplus", "close")
PAID_KINDS = ("bet", "see", "open", "pairplus")
"""The kinds that pay an exact amount: a bet, a see, a bet made playing open (``format.open.faceup``), and the
Pair Plus a player chooses to stake (``procedure.bank.pair_plus_max``)."""
SIDE_SHOW_KINDS = ("sideshow", "accept", "refuse")
"""The side-show: asked for (an amount where it costs the chaal), then accepted or refused."""
DISPUTE_KINDS = ("peek", "expose", "redeal", "void", "flash")
"""Things that happen at a table out of turn: a deliberate look at another's cards, an accidental
exposure, and the redeal an exposed player may demand (the fine points of 000); a deal declared
void for any cause (``disputes.void_deal``); a player showing their own cards to the table on
purpose (``disputes.self_exposure``)."""

# the verbs as people write them: "A peeks B", "A exposes", "A shows", "A concedes"
_VERB_FORMS = {"peeks": "peek", "peeked": "peek", "exposes": "expose", "exposed": "expose",
               "redeals": "redeal", "shows": "show", "concedes": "concede", "retains": "retain",
               "releases": "release", "voids": "void", "flashes": "flash", "flashed": "flash",
               "sideshows": "sideshow", "side-show": "sideshow", "accepts": "accept", "refuses": "refuse",
               "takes": "take", "draws": "draw", "throws": "throw", "passes": "pass", "discards": "discard",
               "opens": "open", "closes": "close"}
_VERBS = ("look, bet N, see N, fold, check, keep, discard, arrange, swap, knock, stand, show, concede, "
          "retain, release, peeks X, exposes, redeal, void, flashes, sideshow [N], accepts, refuses, take, "
          "draw stock|discard, discard CARD, pass, open N, pairplus N, close CARD")


class ActionSyntaxError(Told, ValueError):
    """An action string that cannot be read: its words a :class:`~bragrules.core.i18n.Message`, read in the
    language of whoever reads them (``message``: English)."""


def _unreadable(text: str, problem: object) -> ActionSyntaxError:
    """An action that cannot be read because of one of its parts (an amount, a card): that part's own words."""
    return ActionSyntaxError(Message("{text}: {problem}", text=quote(text, 60), problem=problem))


def _as_move(said: Message, whole: str, move: str, player: str) -> str:
    """A mistake in ``whole`` (``player``'s move) as read now, told of the move as it was typed: its quote and its
    examples without the seat's name."""
    text = said.text()
    if text.startswith(quote(whole, 60)):
        text = quote(move.strip(), 60) + text[len(quote(whole, 60)):]
    return text.replace(f"'{player} ", "'")


class Action(NamedTuple):
    """One player's action. ``amount`` is what the player actually paid (bet, see).

    Immutable; a named tuple because the engine makes one for every move.
    """

    player: str
    kind: str
    amount: Optional[Fraction] = None
    target: Optional[str] = None  # "old" / "new" for look with a retained hand
    cards: Optional[Tuple[Tuple[Card, ...], ...]] = None  # arrange: the hands in order

    def __str__(self) -> str:
        kind = self.kind
        if kind == "peek" or kind == "expose":  # written as people say it: "A peeks B", "A exposes"
            return self.player + " " + kind + "s" + ("" if self.target is None else " " + self.target)
        if kind == "accept" or kind == "refuse":  # "B accepts", "B accepts, C folds", "B refuses"
            return self.player + " " + kind + "s" + ("" if self.target is None else ", " + self.target + " folds")
        text = self.player + " " + kind
        if self.amount is not None:
            text += " " + format_money(self.amount)
        if self.target is not None:
            text += " " + self.target
        cards = self.cards
        if cards is not None and (kind == "swap" or kind == "throw"):
            text += " " + " ".join(str(hand[0]) for hand in cards)
        elif cards is not None:
            text += " " + " | ".join(" ".join(str(c) for c in hand) for hand in cards)
        return text

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Read ``"A bet 2"``, ``"A see 5/2"``, ``"A look old"``, ``"A arrange Ah Ad Ac | 7s 8s 9s"``."""
        words = str(text).split()
        if len(words) < 2:
            raise ActionSyntaxError(Message("{text}: an action is a player and a verb, e.g. 'A bet 2'", text=quote(text, 60)))
        player, kind, rest = words[0], words[1].lower().rstrip(","), words[2:]
        kind = _VERB_FORMS.get(kind, kind)
        if kind not in KINDS:
            raise ActionSyntaxError(Message("{text}: unknown action {verb} ({verbs})", text=quote(text, 60),
                                            verb=quote(words[1]), verbs=_VERBS))
        reader = _READERS.get(kind)
        if reader is not None:
            return reader(text, player, kind, rest)
        if rest:
            raise ActionSyntaxError(Message("{text}: '{kind}' takes no arguments", text=quote(text, 60), kind=kind))
        return cls(player, kind)


    @classmethod
    def parse_move(cls, player: str, move: str) -> "Action":
        """Read a move a person types for their own seat (``bet 2`` for ``player``). A mistake quotes the
        move as they typed it, and its examples are moves as they would type them, without the seat's name.

        >>> Action.parse_move("You", "bet 2")
        Action(player='You', kind='bet', amount=Fraction(2, 1), target=None, cards=None)
        >>> Action.parse_move("You", "draw pile top")
        Traceback (most recent call last):
        ...
        bragrules.engine.actions.ActionSyntaxError: 'draw pile top': 'draw' takes 'stock' or 'discard', e.g. 'draw stock'
        >>> Action.parse_move("You", "arrange Ah Ad Ac 2x")
        Traceback (most recent call last):
        ...
        bragrules.engine.actions.ActionSyntaxError: 'arrange Ah Ad Ac 2x': '2x' is not a card (write rank then suit, e.g. Kc, K♣, 10h, Th)
        """
        whole = f"{player} {move}"
        try:
            return cls.parse(whole)
        except ActionSyntaxError as exc:
            raise ActionSyntaxError(Message(AS_IS, text=Later(_as_move, exc.said, whole, move, player))) from None


def _read_paid(text: str, player: str, kind: str, rest: List[str]) -> Action:
    """A bet or a see: one exact amount, 0 or more."""
    if len(rest) != 1:
        raise ActionSyntaxError(Message("{text}: '{kind}' needs one amount, e.g. '{player} {kind} 4'", text=quote(text, 60),
                                        kind=kind, player=player))
    try:
        amount = parse_money(rest[0])
    except ValueError as exc:
        raise _unreadable(text, said_of(exc)) from None
    if amount < 0:
        raise ActionSyntaxError(Message("{text}: an amount cannot be negative", text=quote(text, 60)))
    return Action(player, kind, amount=amount)


def _read_side_show(text: str, player: str, kind: str, rest: List[str]) -> Action:
    """A side-show asked for (nothing, or the amount paid with it), or accepted (with the hand that folded)."""
    if kind == "sideshow" and rest:
        return _read_paid(text, player, kind, rest)
    if not rest:
        return Action(player, kind)
    if kind == "accept":
        if len(rest) in (1, 2) and (len(rest) == 1 or rest[1].lower() in ("folds", "fold")):
            return Action(player, kind, target=rest[0])
    raise ActionSyntaxError(Message("{text}: write '{player} sideshow' (with the amount paid, if any), "
                                    "'{player} accepts' (or '{player} accepts, C folds') or '{player} refuses'",
                                    text=quote(text, 60), player=player))


def _read_old_or_new(text: str, player: str, kind: str, rest: List[str]) -> Action:
    """A look or a retain: nothing, or which of two hands (``old``, ``new``)."""
    if not rest:
        return Action(player, kind)
    if len(rest) == 1 and rest[0].lower() in ("old", "new"):
        return Action(player, kind, target=rest[0].lower())
    raise ActionSyntaxError(Message("{text}: '{kind}' takes nothing, or 'old' or 'new'", text=quote(text, 60), kind=kind))


def _read_discard(text: str, player: str, kind: str, rest: List[str]) -> Action:
    """A discard: nothing (the hand looked at among two), or one card (``format.discard_before_betting``)."""
    if not rest:
        return Action(player, kind)
    if len(rest) == 1:
        try:
            card = parse_cards(rest)[0]
        except CardError as exc:
            raise _unreadable(text, exc.said) from None
        return Action(player, kind, target=str(card))
    raise ActionSyntaxError(Message("{text}: 'discard' takes nothing, or one card, e.g. '{player} discard 7h'",
                                    text=quote(text, 60), player=player))


def _read_at_player(text: str, player: str, kind: str, rest: List[str]) -> Action:
    """A peek (at another player's cards) or an exposure (one's own, or another's)."""
    target = _other_player(rest)
    if target is None and (kind == "peek" or rest):
        raise ActionSyntaxError(Message(
            "{text}: write '{player} peeks B' (a look at B's cards on purpose), "
            "'{player} exposes' ({player}'s cards exposed by accident) or '{player} exposes B'",
            text=quote(text, 60), player=player))
    if target == player:
        raise ActionSyntaxError(Message("{text}: name another player, not {player}", text=quote(text, 60),
                                        player=quote(player)))
    return Action(player, kind, target=target)


def _read_swap(text: str, player: str, kind: str, rest: List[str]) -> Action:
    """A swap with the centre: ``all``, or one's card then a centre card, or one's card for the face-down
    centre card (``down``, before or after the card)."""
    if len(rest) == 1 and rest[0].lower() == "all":
        return Action(player, kind, target="all")
    if len(rest) == 2 and "down" in (rest[0].lower(), rest[1].lower()):
        word = rest[1] if rest[0].lower() == "down" else rest[0]
        try:
            (mine,) = parse_cards([word])
        except (CardError, ValueError) as exc:
            raise _unreadable(text, said_of(exc)) from None
        return Action(player, kind, target="down", cards=((mine,),))
    if len(rest) == 2:
        try:
            mine, centre = parse_cards(rest)
        except CardError as exc:
            raise _unreadable(text, exc.said) from None
        return Action(player, kind, cards=((mine,), (centre,)))
    raise ActionSyntaxError(Message("{text}: 'swap' takes 'all', or your card then a centre card", text=quote(text, 60)))


def _read_draw(text: str, player: str, kind: str, rest: List[str]) -> Action:
    """A draw: from the ``stock`` or the top of the ``discard`` pile (``pile`` is read as ``discard``)."""
    where = " ".join(rest).lower().removeprefix("from ").removeprefix("the ")
    where = {"pile": "discard", "discards": "discard", "deck": "stock"}.get(where, where)
    if where not in ("stock", "discard"):
        raise ActionSyntaxError(Message("{text}: 'draw' takes 'stock' or 'discard', e.g. '{player} draw stock'",
                                        text=quote(text, 60), player=player))
    return Action(player, kind, target=where)


def _read_throw(text: str, player: str, kind: str, rest: List[str]) -> Action:
    """``throw``: in a draw game, one card onto the discard pile (``throw 7h``; people may write
    ``discard 7h``, which a draw game takes as the throw)."""
    if len(rest) != 1:
        raise ActionSyntaxError(Message("{text}: '{kind}' names one card, e.g. '{player} {kind} 7h'", text=quote(text, 60),
                                        kind=kind, player=player))
    try:
        (card,) = parse_cards(rest)
    except (CardError, ValueError) as exc:
        raise _unreadable(text, said_of(exc)) from None
    return Action(player, kind, cards=((card,),))


def _read_close(text: str, player: str, kind: str, rest: List[str]) -> Action:
    """``close``: in a hunt for the jokers (``procedure.hunt_rounds``), one face-up centre card turned face down,
    out of play (``close Kh``).

    >>> str(Action.parse("A closes kh"))
    'A close Kh'
    """
    if len(rest) != 1:
        raise ActionSyntaxError(Message("{text}: 'close' names one centre card, e.g. '{player} close Kh'",
                                        text=quote(text, 60), player=player))
    try:
        (card,) = parse_cards(rest)
    except (CardError, ValueError) as exc:
        raise _unreadable(text, said_of(exc)) from None
    return Action(player, kind, target=str(card))


def _read_arrange(text: str, player: str, kind: str, rest: List[str]) -> Action:
    """An arrangement: the hands in order, separated by ``|``."""
    body = " ".join(rest)
    try:
        hands = tuple(tuple(parse_cards(part)) for part in body.split("|"))
    except CardError as exc:
        raise _unreadable(text, exc.said) from None
    if not body.strip() or any(not h for h in hands):
        raise ActionSyntaxError(Message("{text}: 'arrange' lists the hands, separated by |", text=quote(text, 60)))
    return Action(player, kind, cards=hands)


_READERS: Dict[str, Callable[[str, str, str, List[str]], Action]] = {
    "bet": _read_paid, "see": _read_paid, "open": _read_paid, "pairplus": _read_paid, "look": _read_old_or_new, "retain": _read_old_or_new,
    "peek": _read_at_player, "expose": _read_at_player, "swap": _read_swap, "arrange": _read_arrange,
    "sideshow": _read_side_show, "accept": _read_side_show, "refuse": _read_side_show,
    "draw": _read_draw, "discard": _read_discard, "throw": _read_throw, "close": _read_close,
}
"""How an action with words after its verb is read, by its kind (any other takes none)."""


def _other_player(words: List[str]) -> Optional[str]:
    """The player named after ``peeks`` or ``exposes``: ``B``, ``at B``, ``B's cards``, ``at B's hand``.

    >>> _other_player(["at", "B's", "cards"]), _other_player(["B"]), _other_player([])
    ('B', 'B', None)
    """
    rest = list(words)
    if rest and rest[0].lower() == "at":
        rest = rest[1:]
    if len(rest) == 2 and rest[1].lower() in ("cards", "hand"):
        rest = rest[:1]
    if len(rest) != 1:
        return None
    name = rest[0]
    if name.endswith("'s") and len(name) > 2:
        name = name[:-2]
    return name


_ONE_WORD = re.compile(r"\S+\Z")


@lru_cache(maxsize=4096)
def _one_word(name: str) -> bool:
    """Whether ``name`` is one word: a pure function of the text, remembered (a table has few players)."""
    return _ONE_WORD.match(name) is not None


_PLAIN_KINDS = frozenset(("look", "fold", "check", "keep", "discard", "knock", "stand", "show", "concede",
                          "retain", "release", "redeal", "expose", "void", "flash", "sideshow", "accept",
                          "refuse", "pass"))  # complete with no amount, target or cards
_TARGETS = (("look", "old"), ("look", "new"), ("retain", "old"), ("retain", "new"), ("swap", "all"),
            ("swap", "down"), ("draw", "stock"), ("draw", "discard"))  # by equality: any target


def malformed(action: Any) -> Optional[str]:
    """Why an action built in code could not have been read by :meth:`Action.parse` (None: it could).

    The engine refuses such an action as it refuses an illegal one, so an
    action made through the Python API is held to the shape of a written one.
    No action is remembered between calls (only whether a name's text is one
    word): the usual shapes (a plain action, a bet or a see of a Fraction)
    are recognised first, in a few comparisons.

    >>> malformed(Action("A", "swap", cards=((), ())))
    "'swap' takes 'all', or your card then a centre card"
    >>> malformed(Action("A", "bet", amount=2.5))
    "'bet' needs an exact amount, 0 or more (an int or a Fraction)"
    >>> malformed(Action.parse("A swap Kc 2d")) is None
    True
    """
    if type(action) is Action:
        player, kind, amount, target, cards = action
        if cards is None and target is None and type(player) is str and _one_word(player):
            if amount is None and kind in _PLAIN_KINDS:
                return None
            if type(amount) is Fraction and kind in PAID_KINDS and amount.numerator >= 0:
                return None
    elif not isinstance(action, Action):
        return f"not an action: {type(action).__name__}"
    player, kind, amount, target, cards = action
    if not isinstance(player, str) or _ONE_WORD.match(player) is None:
        return "a player's name is one word"
    if kind not in KINDS:
        return f"unknown action {quote(str(kind))}"
    return _bad_amount(kind, amount) or _bad_target(kind, target) or _bad_cards(kind, target, cards)


def _bad_amount(kind: str, amount: Any) -> Optional[str]:
    if kind in PAID_KINDS:
        if isinstance(amount, bool) or not isinstance(amount, (int, Fraction)) or amount < 0:
            return f"'{kind}' needs an exact amount, 0 or more (an int or a Fraction)"
    elif kind == "sideshow":
        if amount is not None and (isinstance(amount, bool) or not isinstance(amount, (int, Fraction)) or amount < 0):
            return "'sideshow' takes nothing, or an exact amount, 0 or more (an int or a Fraction)"
    elif amount is not None:
        return f"'{kind}' takes no amount"
    return None


def _bad_target(kind: str, target: Any) -> Optional[str]:
    if kind == "peek" or kind == "expose" or kind == "accept":
        if (kind == "peek" and target is None) or (target is not None and (
                not isinstance(target, str) or len(target.split()) != 1 or target.split()[0] != target)):
            return f"'{kind}' names another player"
    elif kind == "discard" and target is not None:
        if not isinstance(target, str) or _card_text(target) is None:
            return "'discard' takes nothing, or one card"
    elif kind == "close":
        if not isinstance(target, str) or _card_text(target) is None:
            return "'close' names one centre card"
    elif target is not None and (kind, target) not in _TARGETS:
        return f"'{kind}' takes no target {quote(str(target))}"
    return None


def _one_card(cards: Any) -> bool:
    return isinstance(cards, tuple) and len(cards) == 1 and isinstance(cards[0], tuple) and len(cards[0]) == 1 \
        and isinstance(cards[0][0], Card)
def _card_text(text: str) -> Optional[str]:
    """The card ``text`` names, written as the engine writes it (None: no card)."""
    try:
        cards = parse_cards([text]) if " " not in text.strip() else []
    except CardError:
        return None
    return str(cards[0]) if len(cards) == 1 and str(cards[0]) == text else None


def _bad_cards(kind: str, target: Any, cards: Any) -> Optional[str]:
    if kind == "draw" and target is None:
        return "'draw' takes 'stock' or 'discard'"
    if kind == "throw" or (kind == "swap" and target == "down"):
        return None if _one_card(cards) else f"'{kind}' names one of your cards"
    if kind == "swap" and target == "all" and cards is not None:
        return "'swap all' takes no cards"
    if kind == "swap" and target is None:
        if not (isinstance(cards, tuple) and len(cards) == 2
                and all(isinstance(h, tuple) and len(h) == 1 and isinstance(h[0], Card) for h in cards)):
            return "'swap' takes 'all', or your card then a centre card"
    elif kind == "arrange":
        if not (isinstance(cards, tuple) and cards
                and all(isinstance(h, tuple) and h and all(isinstance(c, Card) for c in h) for h in cards)):
            return "'arrange' lists the hands, each a tuple of cards"
    elif cards is not None:
        return f"'{kind}' takes no cards"
    return None


class LegalAction(NamedTuple):
    """One kind of action the player to act may take, with its exact cost.

    For a bet, ``amount`` is the least payment and ``max_amount`` the most
    (None: no cap), in steps of ``step``; for a see ``amount`` is the cost.
    Immutable; a named tuple because the engine offers several for every move.
    """

    player: str
    kind: str
    amount: Optional[Fraction] = None
    max_amount: Optional[Fraction] = None
    step: Optional[Fraction] = None
    target: Optional[str] = None
    all_in: bool = False
    cards: Optional[Tuple[Tuple[Card, ...], ...]] = None  # arrange: the suggested arrangement

    def amounts(self, limit: int = 50) -> List[Fraction]:
        """The payments this bet allows, up to ``limit`` of them (all of them when capped)."""
        if self.kind != "bet" or self.amount is None or self.step is None:
            return [self.amount] if self.amount is not None else []
        out: List[Fraction] = []
        value = self.amount
        while len(out) < limit and (self.max_amount is None or value <= self.max_amount):
            out.append(value)
            value += self.step
        return out

    def nth_amount(self, n: int) -> Optional[Fraction]:
        """The payment ``n`` steps above the least (0: the least), or the most allowed if that is lower.

        ``option.nth_amount(n)`` is ``option.amounts(n + 1)[-1]``, without the list:

        >>> bet = LegalAction("A", "bet", Fraction(2), Fraction(5), Fraction(1, 2))
        >>> bet.nth_amount(0), bet.nth_amount(3), bet.nth_amount(99)
        (Fraction(2, 1), Fraction(7, 2), Fraction(5, 1))
        """
        amount, step, most = self.amount, self.step, self.max_amount
        if self.kind != "bet" or amount is None or step is None or n <= 0:
            return amount
        if most is not None:
            n = min(n, (most - amount) // step)
        if n <= 0:
            return amount
        # amount + step * n in integers, one Fraction made (these amounts share their denominator)
        a_den, s_den = amount.denominator, step.denominator
        return Fraction(amount.numerator * s_den + step.numerator * n * a_den, a_den * s_den)

    def action(self, amount: Optional[Fraction] = None) -> Action:
        """The :class:`Action` that takes this option (a bet at ``amount``, else the least).

        An action without an amount or cards is the same object each time it is asked for (actions are
        immutable, and a table has few players):

        >>> LegalAction("A", "fold").action() is LegalAction("A", "fold").action()
        True
        """
        kind = self.kind
        if kind in PAID_KINDS or kind == "sideshow":
            return Action(self.player, kind, self.amount if amount is None else amount)
        if kind in ("arrange", "swap", "throw"):
            return Action(self.player, kind, None, self.target, self.cards)
        return plain_action(self.player, kind, self.target)


_PLAIN_ACTIONS: Dict[Tuple[str, str, Optional[str]], Action] = {}
_PLAIN_OPTIONS: Dict[Tuple[str, str], LegalAction] = {}
_KEPT_AT_MOST = 4096  # remembered per name and kind; past this many (a fuzzing run's names), made afresh


def plain_action(player: str, kind: str, target: Optional[str] = None) -> Action:
    """``Action(player, kind, target=target)``, one object per (player, kind, target) while few are kept.

    >>> plain_action("A", "look", "old")
    Action(player='A', kind='look', amount=None, target='old', cards=None)
    """
    key = (player, kind, target)
    found = _PLAIN_ACTIONS.get(key)
    if found is None:
        found = Action(player, kind, None, target)
        if len(_PLAIN_ACTIONS) < _KEPT_AT_MOST:
            _PLAIN_ACTIONS[key] = found
    return found


def plain_option(player: str, kind: str) -> LegalAction:
    """``LegalAction(player, kind)`` (no cost, no target), one object per (player, kind) while few are kept.

    >>> plain_option("A", "fold") is plain_option("A", "fold")
    True
    """
    key = (player, kind)
    found = _PLAIN_OPTIONS.get(key)
    if found is None:
        found = LegalAction(player, kind)
        if len(_PLAIN_OPTIONS) < _KEPT_AT_MOST:
            _PLAIN_OPTIONS[key] = found
    return found
