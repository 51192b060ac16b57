"""The table's running account in each reader's language: a line is put in words once for every language
shipped (:data:`~bragrules.core.i18n.LANGUAGES`) when it is told, each seat's private words too, and each
reader is sent the words of their own language (:meth:`~bragrules.web.views.FeedLine.read_by`).

A move's line in a language other than English is a whole sentence of the catalogue, the game's own word
for the move filled in (Teen Patti's चाल, Zha Jin Hua's 比牌), the same sentences ``bragrules play`` speaks;
English keeps the table's own lines (:func:`~bragrules.web.views.describe`), which the tests and the
log's readers know.

>>> from fractions import Fraction
>>> from bragrules.core.cards import parse_cards
>>> from bragrules.core.i18n import speaking
>>> from bragrules.engine.deal import Deal
>>> from bragrules.profile import load_profile
>>> from bragrules.rules.compile import compile_rules
>>> deal = Deal(compile_rules(load_profile("zha-jin-hua")), ["A", "B"],
...             {"A": parse_cards("Kc 9c 4c"), "B": parse_cards("5s 6h 7d")})
>>> with speaking("zh"):
...     spoken_line(deal, Action("A", "fold"), frozenset())
'A 弃牌'
>>> line = every_language(lambda: FeedLine(tr("the host resumes the table")))
>>> line.read_by(None, "en"), line.read_by(None, "zh") != line.text
('the host resumes the table', True)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Dict, FrozenSet, Optional

from bragrules.core.cards import Card, parse_card
from bragrules.core.i18n import ENGLISH, LANGUAGES, amount_text, tr, with_language, words
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal
from bragrules.engine.state import DealResult
from bragrules.engine.view import card_word
from bragrules.web.views import FeedLine, shown_names


def every_language(make: Callable[[], FeedLine]) -> FeedLine:
    """The line ``make`` tells, made in English and then in every other language shipped, each with its
    seats' private words: what the feed keeps, so that every reader reads it in their own language."""
    english = with_language(ENGLISH, make)
    spoken = []
    for lang in LANGUAGES:
        if lang != ENGLISH:
            line = with_language(lang, make)
            spoken.append((lang, line.text, line.seats))
    return english._replace(spoken=tuple(spoken))


def note_line(text: object) -> FeedLine:
    """A line the whole table reads alike: a :class:`~bragrules.core.i18n.Message` in each reader's
    language, any other text (a system's own error) as it is.

    >>> from bragrules.core.i18n import Message
    >>> note_line(Message("{player} sits down", player="Ada")).read_by("Ada", "en")
    'Ada sits down'
    """
    return every_language(lambda: FeedLine(words(text)))


def spoken_ending(deal: Deal, result: DealResult) -> Dict[str, Any]:
    """How ``deal`` (over) ended, in the language spoken, as the state's ``last`` says it (``reason`` and
    ``why``): told from the deal's data by :func:`~bragrules.play.endings.spoken_reason`, the game's own words
    in it, as ``bragrules play`` tells it; and the hands shown, named (``shown_names``)."""
    from bragrules.play.endings import spoken_reason

    reason = spoken_reason(deal)
    return {"reason": reason, "why": reason, "shown_names": shown_names(deal, deal.view(None).shown())}


def result_line(number: int, result: DealResult, why: str) -> str:
    """The feed's line of a deal's result in the language spoken: who won how much, and ``why`` (``why`` alone
    where nobody won the pot: it carried, went back, or, in a banking game, each stake was settled against the bank).

    >>> from bragrules.core.i18n import speaking
    >>> from types import SimpleNamespace
    >>> won = SimpleNamespace(outcome="won", winners=["Ada"], pot=Fraction(6), bank_settled=None)
    >>> with speaking("zh"):
    ...     result_line(7, won, "对手都弃牌了")  # type: ignore[arg-type]
    '第7局：Ada赢得6（对手都弃牌了）'
    """
    if result.outcome in ("carried", "redeal", "abandoned") or not result.winners or result.bank_settled is not None:
        return tr("deal {number}: {why}", number=str(number), why=why)
    won = tr("{winners} wins {amount} ({reason})", winners=", ".join(result.winners), amount=amount_text(result.pot),
             reason=why)
    return tr("deal {number}: {why}", number=str(number), why=won)


def _card(card: Card, seen: FrozenSet[Card]) -> str:
    return card_word(card, seen, tr("a card"))


def _bet(deal: Deal, action: Action, seen: FrozenSet[Card]) -> str:
    """A bet: a stake against a bank, or a bet in the game's verb (Teen Patti's चाल), else in the catalogue's."""
    from bragrules.engine.events import raised

    player, amount = action.player, amount_text(action.amount or Fraction(0))
    bank = deal.rules.procedure.bank
    if bank is not None:  # a banking game (procedure.bank): a stake against the bank
        if bank.house:
            return tr("{player} plays (a Play bet of {amount} against the dealer)", player=player, amount=amount)
        return tr("{player} stakes {amount} against the bank", player=player, amount=amount)
    game = deal.rules.words
    verb = game.verb("raise") if "raise" in game.now().moves and raised(deal.events) else None  # 加注, not 跟注
    verb = verb or game.verb("bet")
    told = f"{player} {verb} {amount}" if verb else tr("{player} bets {amount}", player=player, amount=amount)
    return told + ("" if deal.players[player].seen else f" ({game.move('blind')})")


def _side_show_answer(deal: Deal, action: Action, seen: FrozenSet[Card]) -> str:
    """An answered side-show: who folded, never the cards compared."""
    from bragrules.engine.events import SideShowAnswer

    answer = next((e for e in reversed(deal.events) if isinstance(e, SideShowAnswer)), None)
    said = {"player": action.player, "asker": answer.asker if answer is not None else "?",
            "sideshow": deal.rules.words.move("sideshow")}
    if action.kind == "refuse":
        return tr("{player} refuses the {sideshow} {asker} asked for", **said)
    if answer is None or answer.loser is None:
        return tr("{player} accepts the {sideshow} {asker} asked for; compared in private, the hands are equal: "
                  "nobody folds", **said)
    return tr("{player} accepts the {sideshow} {asker} asked for; compared in private, {loser} folds",
              loser=answer.loser, **said)


def _own_or(kind: str, message: str) -> Callable[[Deal, Action, FrozenSet[Card]], str]:
    """The player and the game's own verb for ``kind`` (Teen Patti's पैक, Zha Jin Hua's 看牌), else ``message``."""
    def told(deal: Deal, action: Action, seen: FrozenSet[Card]) -> str:
        own = deal.rules.words.verb(kind)
        return f"{action.player} {own}" if own else tr(message, player=action.player)
    return told


def _look(deal: Deal, action: Action, seen: FrozenSet[Card]) -> str:
    if action.target is not None:
        return tr("{player} looks at the {which} hand", player=action.player, which=tr(action.target))
    return _own_or("look", "{player} looks at their cards")(deal, action, seen)


def _discard(deal: Deal, action: Action, seen: FrozenSet[Card]) -> str:
    if action.target is None:
        return tr("{player} discards the hand looked at", player=action.player)
    card = parse_card(action.target)
    if deal.exchange_state is not None:  # a draw game's throw
        return tr("{player} discards {card}", player=action.player, card=_card(card, seen))
    if card in seen:  # Four-Card: only its holder knows the card
        return tr("{player} discards {card} face down", player=action.player, card=str(card))
    return tr("{player} discards one card face down", player=action.player)


def _swap(deal: Deal, action: Action, seen: FrozenSet[Card]) -> str:
    if action.target == "all":
        return tr("{player} swaps all three cards with the centre", player=action.player)
    assert action.cards is not None
    mine = _card(action.cards[0][0], seen)
    if action.target == "down":
        return tr("{player} swaps {card} for the face-down centre card", player=action.player, card=mine)
    return tr("{player} swaps {card} for {centre}", player=action.player, card=mine,
              centre=_card(action.cards[1][0], seen))


def _throw(deal: Deal, action: Action, seen: FrozenSet[Card]) -> str:
    if action.cards is None:
        return tr("{player} discards", player=action.player)
    return tr("{player} discards {card}", player=action.player, card=_card(action.cards[0][0], seen))


def _retain(deal: Deal, action: Action, seen: FrozenSet[Card]) -> str:
    if action.target is None:
        return tr("{player} keeps their unseen hand for the next deal", player=action.player)
    return tr("{player} keeps the {which} hand for the next deal", player=action.player, which=tr(action.target))


def _plain(message: str) -> Callable[[Deal, Action, FrozenSet[Card]], str]:
    return lambda deal, action, seen: tr(message, player=action.player)


def _asks(deal: Deal, action: Action, seen: FrozenSet[Card]) -> str:
    asked = tr("{player} asks {other} for a {sideshow}", player=action.player,
               other=deal.side_show[1] if deal.side_show is not None else "?",
               sideshow=deal.rules.words.move("sideshow"))
    return asked + (" (" + tr("paying {amount}", amount=amount_text(action.amount)) + ")" if action.amount else "")


_SPOKEN: Dict[str, Callable[[Deal, Action, FrozenSet[Card]], str]] = {
    "see": lambda deal, action, seen: tr("{player} pays {amount} to {see}", player=action.player,
                                         amount=amount_text(action.amount or Fraction(0)),
                                         see=deal.rules.words.move("see")),
    "show": _plain("{player} shows their cards"),
    "concede": _plain("{player} concedes without showing"),
    "check": lambda deal, action, seen: (tr("{player} stakes no Pair Plus", player=action.player)
                                         if deal.rules.procedure.bank else tr("{player} checks", player=action.player)),
    "pairplus": lambda deal, action, seen: tr("{player} stakes a Pair Plus of {amount}", player=action.player,
                                              amount=amount_text(action.amount or Fraction(0))),
    "sideshow": _asks,
    "accept": _side_show_answer,
    "refuse": _side_show_answer,
    "bet": _bet,
    "fold": _own_or("fold", "{player} folds"),
    "look": _look,
    "stand": _plain("{player} stands"),
    "discard": _discard,
    "keep": _plain("{player} keeps the hand looked at"),
    "arrange": _plain("{player} arranges their hands"),
    "take": _plain("{player} takes the spare hand, discarding their own"),
    "swap": _swap,
    "knock": _plain("{player} knocks (one more turn each)"),
    "draw": lambda deal, action, seen: (tr("{player} draws the top discard", player=action.player)
                                        if action.target == "discard"
                                        else tr("{player} draws from the stock", player=action.player)),
    "throw": _throw,
    "close": lambda deal, action, seen: tr("{player} turns the centre card {card} face down, out of play",
                                           player=action.player, card=_card(parse_card(action.target or ""), seen)),
    "pass": _plain("{player} passes (the bus goes on)"),
    "retain": _retain,
    "release": _plain("{player} lets their unseen hand go under the pack"),
    "void": _plain("{player} declares the deal void"),
    "redeal": _plain("{player} demands a redeal"),
    "flash": _plain("{player} shows their own cards to the table"),
    "open": lambda deal, action, seen: tr("{player} plays open, betting {amount}, their hand face up",
                                          player=action.player, amount=amount_text(action.amount or Fraction(0))),
}
"""A move's line in a language other than English (the sentences ``bragrules play`` speaks, without its markup)."""


def spoken_line(deal: Deal, action: Action, seen: FrozenSet[Card]) -> Optional[str]:
    """The line of ``action`` (just applied to ``deal``) in the language spoken, naming only the cards in
    ``seen``; None for a move with no sentence of its own (the table's English line is read then)."""
    told = _SPOKEN.get(action.kind)
    return told(deal, action, seen) if told is not None else None


__all__ = ["every_language", "note_line", "spoken_line"]
