"""The table's page in the reader's language: its ``lang``, its own words, and the script's words.

The page (``static/index.html``) is written in English; :func:`page_html` serves it in the language a
browser asks for (``Accept-Language``, or ``?lang=`` in the address): the ``lang`` attribute set, each
of its texts (:data:`PAGE_TEXTS`) put in the catalogue's words, and the words the script writes
itself (:data:`SCRIPT_TEXTS`) handed to it as a JSON object in ``<script id="words">``, which
``table.js`` reads through its ``t()``. Everything the server sends (buttons, the feed, rulings) is
spoken in the same language, per browser (:mod:`bragrules.web.app`).

>>> page = page_html("zh")
>>> '<html lang="zh">' in page, ">坐下<" in page, '"Watching": "观战"' in page, 'id="host"' in page
(True, True, True, True)
>>> page_html("en") == (STATIC / "index.html").read_text(encoding="utf-8")
True
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Dict, Tuple

from bragrules.core.i18n import ENGLISH, N_, speaking, tr

STATIC = Path(__file__).parent / "static"

PAGE_TEXTS: Tuple[str, ...] = (
    N_("bragrules table"),
    N_("Your name at the table"),
    N_("Sit down"),
    N_("One word, at most 24 characters: letters, digits, - or _ (no spaces)."),
    N_("Or just watch: the table is shown below without anyone's cards."),
    N_("the table"),
    N_("your hand"),
    N_("your actions"),
    N_("the cards shown"),
    N_("Cards shown by"),
    N_("as the table reads them"),
    N_("Enter the cards"),
    N_("Rank then suit, space between: A K Q J T 9 … 2 and c d h s (Kc is the king of clubs)."),
    N_("the last deal"),
    N_("standings"),
    N_("points"),
    N_("what happened"),
    N_("At the table"),
    N_("disputes"),
    N_("Raise a dispute"),
    N_("Ask the rules"),
    N_("host"),
    N_("Host"),
    N_("Start (bots fill the empty seats)"),
    N_("Declare the deal void"),
    N_("Pause the table"),
    N_("Resume play"),
    N_("End the session"),
    N_("Replace"),
    N_("with a bot that plays"),
    N_("the bot's style"),
)
"""The page's own texts, as ``index.html`` writes them (element text and attribute values)."""

SCRIPT_TEXTS: Tuple[str, ...] = (
    N_("Not connected to the table: its server has stopped, or the network is down. "),
    N_("Trying again in "),
    N_(" s; the page comes back by itself."),
    N_("Pot "),
    N_(" · level "),
    N_(" · no bet yet"),
    N_("Before the betting: "),
    N_("You are "),
    N_("Watching"),
    N_(" · blind: your cards stay face down until you look"),
    N_("drawn for the pips stake (only you see these):"),
    N_("Not offered now: "),
    N_("Deal "),
    N_("Equal hands: "),
    N_("The rule: "),
    N_("Standings"),
    N_("Applied: "),
    N_("Concede: "),
    N_("Confirm as host: "),
    N_("Session log: "),
    N_("amount"),
    N_("(the rule: {rule})"),
    N_("deal {n}"),
    N_("cards not yet in a hand"),
    N_("put into the next hand"),
    N_("hand {n} (strongest)"),
    N_("hand {n} (weakest)"),
    N_("hand {n}"),
    N_("take back"),
    N_("use the best arrangement"),
    N_("start again"),
    N_("set out these hands"),
    N_("Best arrangement: {hint}. Click your cards into {count} hands of three, strongest first"),
    N_("{n} card is left over, discarded"),
    N_("{n} cards are left over, discarded"),
    N_("click a card in a hand to take it back."),
    N_("discard pile"),
    N_("the top discard, seen by everyone"),
    N_("empty"),
    N_("the stock, face down"),
    N_("the stock: its cards are unknown to everyone"),
    N_("stock"),
    N_("{n} cards"),
    N_("the centre card in place {n} lies face down"),
    N_("your exchanges: {n}"),
    N_("Points (to {target})"),
    N_("{n} point"),
    N_("{n} points"),
    N_("at the target"),
    N_("{pot} of {amount} goes back to the players"),
    N_("{who} takes {pot} of {amount} ({why})"),
    N_("{who} share {pot} of {amount} ({why})"),
    N_("the side pots"),
    N_("The side pots:"),
    N_("{player} wins every pot and is paid {amount} more by every other player"),
    N_("a card face down"),
    N_("The table has no room for more spectators just now (its seats come first). "),
    N_("not connected to the table: reconnecting"),
    N_("waiting for players: {taken} of {seats} seats taken"),
    N_("the session is over: {winners} ahead"),
    N_("paused by the host"),
    N_("your turn"),
    N_("{player} to act"),
    N_("your answer: keep or pass the bank"),
    N_("{player} to keep or pass the bank"),
    N_("banker: bank {amount}"),
    N_("You hold the bank: {amount} on the table after {dealt} of {hold} deals. Keep it and deal again against it, "
       "or pass it: you take back the {amount} and the deal passes to the next seat, who puts up a bank of {put_up}."),
    N_("Your bank is broken after {dealt} of {hold} deals: keep it by putting up {put_up} afresh and dealing again, "
       "or pass it to the next seat, who puts up a bank of {put_up}."),
    N_("Keep the bank"),
    N_("Pass the bank"),
    N_("the cards shown by {players} are to be entered"),
    N_("a centre card"),
    N_("bot"),
    N_("away"),
    N_("folded"),
    N_("seen"),
    N_("blind"),
    N_("paid {amount}"),
    N_("stack {amount}"),
    N_("dealt face up"),
    N_("{mine} cannot be swapped for {centre} now"),
    N_("Bring"),
    N_("Buy in again"),
    N_("Top up"),
    N_("amount to buy"),
    N_("{least} to {most}"),
    N_("You buy {amount} once this deal is over."),
    N_(" · your cards are the real ones in front of you"),
    N_(" · two hands: the {seen} hand is face up, the {other} one still face down; keep it (the {other} one goes, unseen) or discard it (you play the {other} one blind)"),
    N_(" · two hands, both face down: the old one kept from the last deal and the new one"),
    N_("; look at one of them"),
    N_("wild in your hand"),
    N_("{which} hand"),
    N_("side-show with {player} (only you two see this):"),
    N_("{player} folded"),
    N_("equal hands: nobody folded"),
    N_("Everyone else has folded and you are still blind:"),
    N_("To swap one card: tap one of yours, then a centre card."),
    N_("To arrange: tap your cards in order, best hand first ({tapped} tapped), then arrange."),
    N_("{reason}: {amount} carries"),
    N_("{winners} wins {amount} ({reason})"),
    N_("{winners} win {amount} ({reason})"),
    N_("a rake of {amount} from the pot"),
    N_("table fees of {amount}"),
    N_("The house takes {parts} ({total} in all)."),
    N_("after {n} deal"),
    N_("after {n} deals"),
    N_("{n} life"),
    N_("{n} lives"),
    N_("raised by {player}"),
    N_("It changes the deal only if {player} concedes it or the host confirms it."),
    N_("away: the table acts for them in {seconds} s"),
    N_("the table cannot be reached: try again in a moment"),
    N_("old"),
    N_("new"),
)
"""The words the page's scripts write themselves (table.js's ``t`` and ``tf``, the others' ``say``: the rest of
what they show comes from the server, spoken); ``seen``, ``blind``, ``old`` and ``new`` are handed over as values."""


def script_words(lang: str) -> Dict[str, str]:
    """The script's words in ``lang``: each English text to its translation (none for English)."""
    if lang == ENGLISH:
        return {}
    with speaking(lang):
        return {text: tr(text) for text in SCRIPT_TEXTS if tr(text) != text}


def page_html(lang: str) -> str:
    """``index.html`` in ``lang`` (English: the file exactly as it is)."""
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    if lang == ENGLISH:
        return page
    with speaking(lang):
        page = page.replace('<html lang="en">', f'<html lang="{html.escape(lang)}">', 1)
        for text in sorted(PAGE_TEXTS, key=len, reverse=True):
            said = html.escape(tr(text), quote=True)
            english = html.escape(text, quote=False)
            page = page.replace(f">{english}<", f">{said}<").replace(f'aria-label="{english}"', f'aria-label="{said}"')
            page = page.replace(f">{english} <", f">{said} <")  # a label's text before its control
        words = json.dumps(script_words(lang), ensure_ascii=False, indent=0).replace("</", "<\\/")
        return page.replace("</head>", f'<script id="words" type="application/json">{words}</script>\n</head>', 1)


__all__ = ["PAGE_TEXTS", "SCRIPT_TEXTS", "page_html", "script_words"]
