"""The fields of a log's lines that any JSON value may reach (``FREE`` in :mod:`bragrules.history.schema`): amounts,
the cards dealt face up, what was posted and bought, the side pots. Each is read at once when it is as the
engine writes it, else the long way, which words what is wrong with it in the reader's language."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Tuple

from bragrules.core.cards import CardError
from bragrules.core.errors import HistoryError
from bragrules.core.i18n import Message
from bragrules.core.money import WHOLE, parse_money
from bragrules.core.text import quote

from .model import Hand
from .values import deal_words, parse_hand_value, problem_at, read_names, within


def log_money(value: Any, number: int, field: str, name: str, line: int) -> Fraction:
    """An amount of deal ``number``'s ``field``: a small whole one taken from the shared table at once,
    any other read by ``parse_money`` (a problem is worded only then, under the deal and the field)."""
    whole = WHOLE.get(value) if type(value) is int else None
    if whole is not None:
        return whole
    try:
        return parse_money(value)
    except ValueError as exc:
        raise problem_at(deal_words(number, *field.split(": ")), exc, name, line) from None


def log_face_up(value: Any, number: int, players: Sequence[str], name: str, line: int) -> Dict[str, Hand]:
    """A deal line's ``face_up`` (``format.open.face_up``): each player's cards dealt face up, cards also
    in their hand (so not counted again against the pack)."""
    what = deal_words(number, "face_up")
    if not isinstance(value, dict):
        raise HistoryError(Message("{what} must be a mapping of player to cards", what=what), name, line)
    found: Dict[str, Hand] = {}
    for player, cards in value.items():
        if not isinstance(player, str) or player not in players:
            raise HistoryError(Message("{what}: {player} is not a player", what=what, player=quote(player)), name, line)
        try:
            found[player], _ = parse_hand_value(cards)
        except CardError as exc:
            raise HistoryError(Message("{what}: {player}'s cards: {problem}", what=what, player=player,
                                       problem=exc.said), name, line) from None
    return found


def log_posts(value: Any, number: int, players: Sequence[str], name: str, line: int, field: str = "posts",
               kind: str = "post") -> List[Tuple[str, str, Fraction]]:
    """A deal line's ``posts`` (stakes.forced), a list of ``{"player", "post", "amount"}``, or its ``buys``
    (chips bought since the last deal), a list of ``{"player", "buy", "amount"}``."""
    what = deal_words(number, field)
    if not isinstance(value, list):
        raise HistoryError(Message("{what} must be a list", what=what), name, line)
    found: List[Tuple[str, str, Fraction]] = []
    for item in value:
        if not isinstance(item, dict) or set(item) != {"player", kind, "amount"}:
            raise HistoryError(Message("{what}: each is an object of player, {kind} and amount", what=what, kind=kind),
                               name, line)
        player, post = item["player"], item[kind]
        if not isinstance(player, str) or player not in players:
            raise HistoryError(Message("{what}: {player} is not a player", what=what, player=repr(player)), name, line)
        if not isinstance(post, str) or not post.isidentifier():
            raise HistoryError(Message("{what}: {post} is no kind of {kind}", what=what, post=repr(post), kind=kind),
                               name, line)
        found.append((player, post, log_money(item["amount"], number, field, name, line)))
    return found


def plain_net(net: Any, names: FrozenSet[str]) -> Optional[Dict[str, Fraction]]:
    """A result's ``net`` as the engine writes it (each of ``names`` an integer or a fraction such as
    ``"-3/2"``), read at once; None for anything else, which ``read_net_map`` reads and words."""
    if type(net) is not dict or not net.keys() <= names:
        return None
    found: Dict[str, Fraction] = {}
    for key, amount in net.items():
        kind = type(amount)
        value = WHOLE.get(amount) if kind is int else plain_amount(amount) if kind is str else None
        if value is None:
            return None
        found[key] = value
    return found


def plain_amount(text: str) -> Optional[Fraction]:
    """An amount written as text, read by the reader every amount goes through (it remembers the
    few a log repeats); None when it is not an amount (the general reader words why)."""
    try:
        return parse_money(text)
    except ValueError:
        return None


def log_pots(value: Any, number: int, players: Sequence[str], name: str, line: int) -> List[Tuple[str, Fraction, List[str]]]:
    """A result's side pots (``pots``): a list of ``{"pot": NAME, "amount": AMOUNT, "winners": [...]}``."""
    what = deal_words(number, "result", "pots")
    if not isinstance(value, list):
        raise HistoryError(Message("{what} must be a list", what=what), name, line)
    pots: List[Tuple[str, Fraction, List[str]]] = []
    for item in value:
        if not isinstance(item, dict) or type(item.get("pot")) is not str or "amount" not in item:
            raise HistoryError(Message("{what}: each pot is {form}", what=what,
                                       form='{"pot": name, "amount": amount, "winners": [...]}'), name, line)
        winners = item.get("winners", [])
        names = read_names(winners, within(what, "winners"), players, name, line) if winners else []
        pots.append((item["pot"], log_money(item["amount"], number, f"result: pots: {item['pot']}", name, line), names))
    return pots


__all__ = ["log_face_up", "log_money", "log_posts", "log_pots", "plain_amount", "plain_net"]
