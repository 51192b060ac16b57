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
)
"""The words ``table.js`` writes itself (the rest of what it shows comes from the server, spoken)."""


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
