"""Stop the Bus's exchange: swapping with centre cards, or drawing from a stock, and the knock that stops
the bus (``format.exchange``).

The rule lives here whole, beside the format (:mod:`bragrules.rules.format` holds only its field and
the policy's flags): its part of the model (:class:`Exchange`), its identities, its sentences, its
rulebook subsection (:func:`exchange_subsection`) and its field texts (:data:`FIELDS`, joined to the
format area's). The engine's phase is :mod:`bragrules.engine.exchange` (with
:mod:`bragrules.engine.draws`).

The pages it comes from: Wikipedia's "Stop the bus" (https://en.wikipedia.org/wiki/Stop_the_bus): "3
dealt into the middle face up. Starting with the player on the dealer's left and working clockwise each
player must take either 1 or 3 of the centre cards and replace it with an equal number from their own
hand. After playing, a player may elect to "stop the bus", in which case everybody else gets one turn
only"; paperzz.com 7366003 (Bastard Brag), a face-down centre card and compulsory exchanges;
gamesunblocked.io and papasgaming.com ?p=593, a stock and a discard pile.

>>> from bragrules.profile.models import Profile
>>> bus = Profile.model_validate({"format": {"betting": False, "lives": 3, "exchange": {"enabled": True}},
...                               "stakes": {"ante": 0}, "blind": {"allowed": False}})
>>> print(STAND_AFTER_KNOCK.sentence(bus))
once a player has knocked, each other player's last turn may take a card or stand
>>> exchange_subsection(Profile()) is None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Optional, Tuple

from pydantic import Field

from bragrules.core.i18n import ntr, tr
from bragrules.core.rule_id import field_rule
from bragrules.rules.area import Area, FieldText, Section, choice
from bragrules.rules.words import number_said, sentence

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


class Exchange(Area):
    """Stop the Bus: swapping with face-up centre cards."""

    enabled: bool = Field(False, description="Whether players exchange cards with face-up centre cards. The centre cards count against "
        "the pack with `table.max_players`.")
    centre_cards: int = Field(3, ge=1, le=5, description="Face-up cards in the centre.")
    swap: Literal["one", "three", "one_or_three"] = Field(
        "one_or_three",
        description="What one turn may swap. `one`: one card; `three`: all three; `one_or_three`: either.",
    )
    source: Literal["centre", "stock_or_discard"] = Field(
        "centre",
        description="Where a turn takes its card. `centre`: a swap with the centre cards (Wikipedia, \"each player "
        "must take either 1 or 3 of the centre cards and replace it with an equal number from his own hand\"); "
        "`stock_or_discard`: no centre cards, the rest of the pack is a face-down stock with one card turned to "
        "start a discard pile, and a turn draws the stock's top card or the top discard, then discards one "
        "(gamesunblocked.io: \"On your turn draw one card from the deck or take the top discard, then discard one "
        "to return to three\"; papasgaming.com ?p=593). While the stock is empty only the top discard is drawn.",
    )
    face_down: int = Field(
        0, ge=0, le=1,
        description="With `source: centre`: how many centre cards lie face down, the middle one (Bastard Brag, "
        "paperzz.com 7366003: \"three communal cards should have been dealt with two faceup cards either side of a "
        "facedown card\"). Nobody knows a face-down card but the player who laid it there; a card swapped for it "
        "is laid face down in its place (\"At the end of an exchange two faceup cards and one facedown card should "
        "be on the table as before\"). A swap of all three lays the player's cards in the order held, the middle "
        "one face down.",
    )
    must_take_before_knock: bool = Field(
        False,
        description="Whether a turn must take a card before the bus may be stopped. `true`: the knock comes after "
        "the turn's exchange (Wikipedia: \"After playing, he may elect to 'Stop the Bus'\"; gamerules.com: \"select "
        "one card from the three in the center of the table and replace it with a card from their hand. After doing "
        "so, if the player is happy with their hand, they may say 'Stop the Bus'\"); `false`: a player knocks "
        "instead of exchanging (papasgaming.com: \"they knock instead of drawing\").",
    )
    min_exchanges_before_stick: int = Field(
        0, ge=0, le=10,
        description="Exchanges a player must have made in the deal before they may stick (knock). Bastard Brag: 2 "
        "(paperzz.com 7366003: \"It is compulsory to make an exchange, a player cannot stick\" ... \"As soon as a "
        "player has made a second exchange, they have the ability to 'stick' or 'knock'\"). `0`: a knock at any "
        "turn.",
    )
    stand_after_knock: bool = Field(
        True,
        description="Whether, once a player has knocked, another player's last turn may stand (keep their cards) "
        "instead of taking a card. `true`: the last turn takes a card or stands (paperzz.com 7366003, Bastard Brag: "
        "\"All the remaining players are then allowed to make one final exchange before hands are compared\"); "
        "`false`: the last turn takes a card like every other turn (Wikipedia: \"each player must take either 1 or "
        "3 of the centre cards and replace it with an equal number from their own hand. After playing, a player may "
        "elect to 'stop the bus', in which case everybody else gets one turn only\"; gamesunblocked.io: \"every "
        "other player takes one final turn\").",
    )


# ---------------------------------------------------------------------------
# Identities
# ---------------------------------------------------------------------------

SWAP_KINDS = {"one": ("one",), "three": ("all",), "one_or_three": ("one", "all")}
"""The exchange actions each ``format.exchange.swap`` allows."""

EXCHANGE_RULE = field_rule("format.exchange")
CENTRE_CARDS_RULE = field_rule("format.exchange.centre_cards")
SWAP_RULE = field_rule("format.exchange.swap")
SOURCE_RULE = field_rule("format.exchange.source")
FACE_DOWN_RULE = field_rule("format.exchange.face_down")
MUST_TAKE_RULE = field_rule("format.exchange.must_take_before_knock")
MIN_EXCHANGES_RULE = field_rule("format.exchange.min_exchanges_before_stick")
STAND_AFTER_KNOCK_RULE = field_rule("format.exchange.stand_after_knock")


# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------


def centre_cards(p: "Profile") -> str:
    value = p.format.exchange.centre_cards
    if p.format.exchange.face_down:
        return ntr("{count} card lies in the centre", "{count} cards lie in the centre", value, count=number_said(value))
    return ntr("{count} card lies face up in the centre", "{count} cards lie face up in the centre", value,
               count=number_said(value))


def _exchanging(p: "Profile") -> bool:
    return p.format.exchange.enabled


EXCHANGE = choice(
    "format.exchange.enabled",
    lambda p: p.format.exchange.enabled,
    {
        True: "players swap cards with face-up cards in the centre (Stop the Bus)",
        False: "no cards are exchanged",
    },
    {"false": "000, 002", "true": "Wikipedia (Stop the Bus)"},
)
SWAP = choice(
    "format.exchange.swap",
    lambda p: p.format.exchange.swap,
    {
        "one": "a turn swaps one card with the centre",
        "three": "a turn swaps all three cards with the centre",
        "one_or_three": "a turn swaps one card or all three with the centre",
    },
    {"*": "Wikipedia"},
    in_play=lambda p: _exchanging(p) and p.format.exchange.source == "centre",
)
SOURCE = choice(
    "format.exchange.source",
    lambda p: p.format.exchange.source,
    {
        "centre": "a turn exchanges cards with the centre",
        "stock_or_discard": "a turn draws the top card of the stock or the top discard, then discards one",
    },
    {"centre": "Wikipedia (Stop the Bus); paperzz.com 7366003 (Bastard Brag)",
     "stock_or_discard": "gamesunblocked.io (Stop the Bus); papasgaming.com ?p=593"},
    in_play=_exchanging,
    later=True,
)
MUST_TAKE = choice(
    "format.exchange.must_take_before_knock",
    lambda p: p.format.exchange.must_take_before_knock,
    {
        True: "a turn must take a card before its player may stop the bus; the knock comes after the exchange",
        False: "a player may knock instead of taking a card",
    },
    {"true": "Wikipedia (Stop the bus); gamerules.com (Stop the Bus); gamesunblocked.io",
     "false": "papasgaming.com ?p=593; paperzz.com 7366003 (Bastard Brag)"},
    in_play=_exchanging,
    later=True,
)
STAND_AFTER_KNOCK = choice(
    "format.exchange.stand_after_knock",
    lambda p: p.format.exchange.stand_after_knock,
    {
        True: "once a player has knocked, each other player's last turn may take a card or stand",
        False: "once a player has knocked, each other player's last turn takes a card, like every other turn",
    },
    {"true": "paperzz.com 7366003 (Bastard Brag)", "false": "Wikipedia (Stop the bus); gamesunblocked.io"},
    in_play=_exchanging,
    later=True,
)


def face_down(p: "Profile") -> str:
    if not p.format.exchange.face_down:
        return tr("every centre card lies face up")
    return tr("the middle centre card lies face down, unknown to all but the player who laid it there; "
              "a card swapped for it is laid face down in its place")


def min_exchanges(p: "Profile") -> str:
    value = p.format.exchange.min_exchanges_before_stick
    if not value:
        return tr("a player may stick (knock) at any turn")
    return ntr("exchanging is compulsory: a player may stick (knock) only after making {count} exchange",
               "exchanging is compulsory: a player may stick (knock) only after making {count} exchanges", value,
               count=number_said(value))


# ---------------------------------------------------------------------------
# The rulebook: the exchange's subsection, and its fields beside the format's
# ---------------------------------------------------------------------------


def exchange_subsection(p: "Profile") -> Optional[Section]:
    """The format section's subsection on the exchange, or None without one."""
    if not p.format.exchange.enabled:
        return None
    sub = Section("exchange", tr("The exchange"))
    ex = p.format.exchange
    if ex.source == "centre":
        sub.para(sentence(centre_cards(p)), sentence(face_down(p)) if ex.face_down else "",
                 sentence(SWAP.sentence(p)))
    else:
        sub.para(tr("The rest of the pack is put face down as the stock, and its top card is turned face up "
                    "to start the discard pile."), sentence(SOURCE.sentence(p)),
                 tr("Only the top discard is seen; the stock's cards are unknown to everyone. While the stock "
                    "is empty, only the top discard is drawn."))
    centre = ex.source == "centre"
    turn = ((tr("Each turn, going round the table, a player swaps with the centre, and then may knock (stop the bus).")
             if centre else tr("Each turn, going round the table, a player draws and discards, and then may knock "
                               "(stop the bus).")) if ex.must_take_before_knock else
            tr("Each turn, going round the table, a player swaps with the centre or knocks.") if centre else
            tr("Each turn, going round the table, a player draws and discards or knocks."))
    last = ((tr("Once a player has knocked, every other player has one more turn, to swap or to stand.") if centre
             else tr("Once a player has knocked, every other player has one more turn, to draw and discard or to "
                     "stand.")) if ex.stand_after_knock else
            tr("Once a player has knocked, every other player has one more turn, and must swap on it too: nobody "
               "stands.") if centre else
            tr("Once a player has knocked, every other player has one more turn, and must draw and discard on it "
               "too: nobody stands."))
    sub.bullets([turn, *([sentence(min_exchanges(p))] if ex.min_exchanges_before_stick else []), last,
                 tr("Then all hands are shown.")])
    return sub


FIELDS: Tuple[FieldText, ...] = (
    EXCHANGE,
    FieldText("format.exchange.centre_cards", lambda p: p.format.exchange.centre_cards, centre_cards,
              {"3": "Wikipedia", "*": "house rule"},
              in_play=lambda p: _exchanging(p) and p.format.exchange.source == "centre"),
    SWAP,
    SOURCE,
    FieldText("format.exchange.face_down", lambda p: p.format.exchange.face_down, face_down,
              {"0": "Wikipedia (Stop the bus)", "1": "paperzz.com 7366003 (Bastard Brag)"},
              in_play=lambda p: _exchanging(p) and p.format.exchange.source == "centre", later=True),
    MUST_TAKE,
    FieldText("format.exchange.min_exchanges_before_stick",
              lambda p: p.format.exchange.min_exchanges_before_stick, min_exchanges,
              {"0": "Wikipedia (Stop the bus)", "2": "paperzz.com 7366003 (Bastard Brag)", "*": "house rule"},
              in_play=_exchanging, later=True),
    STAND_AFTER_KNOCK,
)
"""The exchange's field texts, in the profile's order, for the format area's."""


__all__ = ["CENTRE_CARDS_RULE", "EXCHANGE_RULE", "Exchange", "FACE_DOWN_RULE", "FIELDS", "MIN_EXCHANGES_RULE",
           "MUST_TAKE_RULE", "SOURCE_RULE", "STAND_AFTER_KNOCK_RULE", "SWAP_KINDS", "SWAP_RULE", "exchange_subsection"]
