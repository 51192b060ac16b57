"""The lines of a betting table's moves in a language other than English: each a whole sentence in the
catalogue, the game's own words for its moves (Zha Jin Hua's 比牌, Teen Patti's शो) filled in
(:func:`bragrules_cli.play_view.describe_action` uses them; English keeps its own grammar there).

>>> from bragrules.core.i18n import speaking
>>> with speaking("zh"):
...     said = tr("{player} pays {amount} to {see}", player="Bo", amount="2", see="比牌")
>>> "Bo" in said and "比牌" in said and "pays" not in said
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Dict

from bragrules.core.cards import Card, parse_card
from bragrules.core.i18n import N_, tr
from bragrules.core.i18n import amount_text as money

from .play_input import esc


def card_markup(card: Card) -> str:
    """A card as the table draws it (:func:`bragrules_cli.play_view.card_markup`)."""
    from .play_view import card_markup as drawn

    return drawn(card)

if TYPE_CHECKING:  # pragma: no cover
    from .play_view import _Line


def _spoken_side_show_answer(line: "_Line") -> str:
    """An answered side-show in the language spoken: who folded, never the cards compared."""
    from .play_view import last_side_show_answer

    deal, action = line.deal, line.action
    answer = last_side_show_answer(deal)
    words = {"player": _who(line), "asker": esc(answer.asker if answer is not None else "?"),
             "sideshow": esc(deal.rules.words.move("sideshow"))}
    if action.kind == "refuse":
        return tr("{player} refuses the {sideshow} {asker} asked for", **words)
    folded = answer.loser if answer is not None else None
    if folded is None:
        return tr("{player} accepts the {sideshow} {asker} asked for; compared in private, the hands are equal: "
                  "nobody folds", **words)
    return tr("{player} accepts the {sideshow} {asker} asked for; compared in private, {loser} folds",
              loser=esc(folded), **words)


def _bet(line: "_Line") -> str:
    """A bet: a stake against a bank, or a bet in the game's verb (Teen Patti's चाल), else in the catalogue's."""
    from .play_view import bet_words

    amount = money(line.action.amount)
    bank = line.deal.rules.procedure.bank
    if bank is not None:  # a banking game (procedure.bank): a stake against the bank, no level
        if bank.house:
            return tr("{player} plays (a Play bet of {amount} against the dealer)", player=_who(line), amount=amount)
        return tr("{player} stakes {amount} against the bank", player=_who(line), amount=amount)
    said, tags = bet_words(line)
    told = f"{_who(line)} {esc(said)} {amount}" if said else tr("{player} bets {amount}", player=_who(line),
                                                                   amount=amount)
    return told + (f" ({tags})" if tags else "")


def _fold(line: "_Line") -> str:
    own = line.deal.rules.words.verb("fold")  # the game's word: Teen Patti's पैक
    return f"{_who(line)} {esc(own)}" if own else tr("{player} folds", player=_who(line))


def _who(line: "_Line") -> str:
    return f"[bold]{esc(line.action.player)}[/]"


def _card(line: "_Line", card: Card) -> str:
    """A card named where the reader could see it, else "a card"."""
    return card_markup(card) if card in line.seen else tr("a card")


def _look(line: "_Line") -> str:
    target = line.action.target
    if target is not None:
        return tr("{player} looks at the {which} hand", player=_who(line), which=tr(target))
    own = line.deal.rules.words.verb("look")  # Zha Jin Hua's 看牌
    return f"{_who(line)} {esc(own)}" if own else tr("{player} looks at their cards", player=_who(line))


def _discard(line: "_Line") -> str:
    target = line.action.target
    if target is None:
        return tr("{player} discards the hand looked at", player=_who(line))
    card = parse_card(target)
    if line.deal.exchange_state is not None:  # a draw game's throw
        return tr("{player} discards {card}", player=_who(line), card=_card(line, card))
    if card in line.seen:  # Four-Card: only its holder knows the card
        return tr("{player} discards {card} face down", player=_who(line), card=card_markup(card))
    return tr("{player} discards one card face down", player=_who(line))


def _swap(line: "_Line") -> str:
    action = line.action
    if action.target == "all":
        return tr("{player} swaps all three cards with the centre", player=_who(line))
    assert action.cards is not None
    mine = _card(line, action.cards[0][0])
    if action.target == "down":
        return tr("{player} swaps {card} for the face-down centre card", player=_who(line), card=mine)
    return tr("{player} swaps {card} for {centre}", player=_who(line), card=mine,
              centre=_card(line, action.cards[1][0]))


def _throw(line: "_Line") -> str:
    cards = line.action.cards
    if cards is None:
        return tr("{player} discards", player=_who(line))
    return tr("{player} discards {card}", player=_who(line), card=_card(line, cards[0][0]))


def _retain(line: "_Line") -> str:
    target = line.action.target
    if target is None:
        return tr("{player} keeps their unseen hand for the next deal", player=_who(line))
    return tr("{player} keeps the {which} hand for the next deal", player=_who(line), which=tr(target))


HANDS = (N_("old"), N_("new"))
"""The two hands of a retained blind hand, as ``look old`` names them (each said in the language spoken)."""


SPOKEN_LINES: Dict[str, Callable[["_Line"], str]] = {
    "see": lambda line: tr("{player} pays {amount} to {see}", player=_who(line), amount=money(line.action.amount),
                           see=esc(line.deal.rules.words.move("see"))),
    "show": lambda line: tr("{player} shows their cards", player=_who(line)),
    "concede": lambda line: tr("{player} concedes without showing", player=_who(line)),
    "check": lambda line: (tr("{player} stakes no Pair Plus", player=_who(line)) if line.deal.rules.procedure.bank
                           else tr("{player} checks", player=_who(line))),
    "pairplus": lambda line: tr("{player} stakes a Pair Plus of {amount}", player=_who(line),
                                amount=money(line.action.amount)),
    "sideshow": lambda line: tr("{player} asks {other} for a {sideshow}", player=_who(line),
                                other=esc(line.deal.side_show[1] if line.deal.side_show is not None else "?"),
                                sideshow=esc(line.deal.rules.words.move("sideshow")))
    + (" (" + tr("paying {amount}", amount=money(line.action.amount)) + ")" if line.action.amount else ""),
    "accept": _spoken_side_show_answer,
    "refuse": _spoken_side_show_answer,
    "bet": _bet,
    "fold": _fold,
    "look": _look,
    "stand": lambda line: tr("{player} stands", player=_who(line)),
    "discard": _discard,
    "keep": lambda line: tr("{player} keeps the hand looked at", player=_who(line)),
    "arrange": lambda line: tr("{player} arranges their hands", player=_who(line)),
    "take": lambda line: tr("{player} takes the spare hand, discarding their own", player=_who(line)),
    "swap": _swap,
    "knock": lambda line: tr("{player} knocks (one more turn each)", player=_who(line)),
    "draw": lambda line: (tr("{player} draws the top discard", player=_who(line)) if line.action.target == "discard"
                          else tr("{player} draws from the stock", player=_who(line))),
    "throw": _throw,
    "close": lambda line: tr("{player} turns the centre card {card} face down, out of play", player=_who(line),
                             card=_card(line, parse_card(line.action.target or ""))),
    "pass": lambda line: tr("{player} passes (the bus goes on)", player=_who(line)),
    "retain": _retain,
    "release": lambda line: tr("{player} lets their unseen hand go under the pack", player=_who(line)),
    "peek": lambda line: tr("{player} peeks at the cards of {other}", player=_who(line), other=esc(line.action.target or "?")),
    "expose": lambda line: (tr("{player} exposes their own cards", player=_who(line)) if line.action.target is None
                            else tr("{player} exposes the cards of {other}", player=_who(line),
                                    other=esc(line.action.target))),
    "void": lambda line: tr("{player} declares the deal void", player=_who(line)),
    "redeal": lambda line: tr("{player} demands a redeal", player=_who(line)),
    "flash": lambda line: tr("{player} shows their own cards to the table", player=_who(line)),
    "open": lambda line: tr("{player} plays open, betting {amount}, their hand face up", player=_who(line),
                            amount=money(line.action.amount)),
}
"""The lines of the moves in a language other than English: a betting table's (the game's words for its moves),
an exchange's and an arrangement's."""


__all__ = ["SPOKEN_LINES"]
