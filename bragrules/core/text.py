"""Quoting what a user wrote, briefly, in messages.

An error message names the offending value, but never dumps a huge one:
long values are cut in the middle, and characters that cannot be printed
(lone surrogates, control characters) are escaped.

>>> quote("antee")
"'antee'"
>>> quote("x" * 500)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxx…xxxxxxxxxxxx' (500 characters)"
>>> brief(10 ** 400)
'1000000000000000000000…0000000000000 (401 digits)'
>>> quote("a\\ud800b")
"'a\\\\ud800b'"
>>> neutralise("Ada\\x1b[2J\\x9b31m")
'Ada\\\\u001b[2J\\\\u009b31m'
"""

from __future__ import annotations

import re
from typing import Any

from bragrules.core.i18n import N_

LIMIT = 40

UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
"""Characters a terminal acts on instead of showing: the C0 controls but tab
and newline (ESC among them, and the carriage return that overwrites a
line), DEL, the C1 controls (U+009B is a one-character CSI), the
bidirectional overrides and isolates that reorder what is shown, and lone
surrogates (which no terminal encoding can carry)."""


def neutralise(text: str) -> str:
    """``text`` with every character of :data:`UNSAFE` written as a ``\\uXXXX`` escape.

    Everything bragrules prints for people goes through this (the command
    line's ``write``, ``error`` and ``message``, and its rich console), so a
    profile, a name or a file path can never move the cursor, clear the
    screen or fake output. The escape is also a valid JSON escape, so JSON
    output stays valid and means the same.

    >>> neutralise("plain text, tabs\\tand\\nnewlines stay")
    'plain text, tabs\\tand\\nnewlines stay'
    >>> neutralise("\\r\\x1b]0;title\\x07\\u202e")
    '\\\\u000d\\\\u001b]0;title\\\\u0007\\\\u202e'
    """
    if UNSAFE.search(text) is None:
        return text
    return UNSAFE.sub(_escape, text)


def _escape(match: "re.Match[str]") -> str:
    return f"\\u{ord(match.group()):04x}"


def printable(text: str) -> str:
    """``text`` with lone surrogates and control characters escaped (so it can always be printed)."""
    if text.isprintable():
        try:
            text.encode("utf-8")
            return text
        except UnicodeEncodeError:
            pass
    out = []
    for ch in text:
        code = ord(ch)
        if 0xD800 <= code <= 0xDFFF:
            out.append(f"\\u{code:04x}")
        elif not ch.isprintable() and ch not in " ":
            out.append(ch.encode("unicode_escape").decode("ascii"))
        else:
            out.append(ch)
    return "".join(out)


def brief(value: Any, limit: int = LIMIT) -> str:
    """A value as text, cut in the middle when longer than ``limit``."""
    if isinstance(value, int) and not isinstance(value, bool):
        text = str(value)
        if len(text) > limit:
            return f"{text[: limit - 18]}…{text[-13:]} ({len(text.lstrip('-'))} digits)"
        return text
    text = printable(str(value))
    if len(text) > limit:
        return f"{text[: limit - 12]}…{text[-12:]} ({len(str(value))} characters)"
    return text


def quote(value: Any, limit: int = LIMIT) -> str:
    """``'value'``, briefly: ``quote("Zz") == "'Zz'"``."""
    text = printable(str(value))
    if len(text) > limit:
        return f"'{text[: limit - 12]}…{text[-12:]}' ({len(str(value))} characters)"
    return "'" + text.replace("'", "\\'") + "'"


_CODE_IN_BRACKETS = re.compile(r"\s*\((?:text )?(\d{3})\)")
_CODE_PREFIX = re.compile(r"(^|\bover )(\d{3}):\s*")
_PROFILE_TEXT = re.compile(r"\bprofile text(?: (\d{3}))?")


def in_words(text: str) -> str:
    """A profile's description or source for players: the rule-text codes (``000``, ``002``) left out.

    The codes stay in ``--json`` and the docs, where the sources are listed by code.

    >>> in_words("The standard game and Blind Brag of the general rules page (000)")
    'The standard game and Blind Brag of the general rules page'
    >>> in_words("Traditional Three-card Brag exactly as the profile text 002 specifies it")
    'Traditional Three-card Brag exactly as the rules text specifies it'
    >>> in_words('house rules over 002: the traditional "Three-card Brag" profile text')
    'house rules over the traditional "Three-card Brag" rules text'
    >>> in_words('000: "How to Play Three Card Brag" (Jaques of London), standard game')
    '"How to Play Three Card Brag" (Jaques of London), standard game'
    >>> in_words("The traditional rules text, sections 01-06 (text 002)")
    'The traditional rules text, sections 01-06'
    """
    text = _CODE_IN_BRACKETS.sub("", text)
    text = _CODE_PREFIX.sub(lambda m: m.group(1), text)
    return _PROFILE_TEXT.sub("rules text", text)


SOURCE_NAMES = {
    "000": "the general rules page",
    "002": "the traditional rules text",
    "003": "the cardgames.zone rules page",
}
"""The rule texts of docs/variants.md, by code, as a player would name them."""

_CODE = re.compile(r"\b(000|002|003)\b('s)?")
_EVERY_TEXT = re.compile(r"\b000, 002, 003\b")
_SECTION = re.compile(r"\bsections? 0(\d)\b")


def source_in_words(source: str) -> str:
    """Where a rule comes from, for players: each rule-text code (``000``,
    ``002``, ``003``) becomes the name of its text, as docs/variants.md lists them.

    >>> source_in_words("002 section 05")
    'the traditional rules text, section 5'
    >>> source_in_words("000, 002, 003")
    'every rules text'
    >>> source_in_words("000: 3; 003: 2")
    'the general rules page: 3; the cardgames.zone rules page: 2'
    >>> source_in_words("003's bonus variant")
    "the cardgames.zone rules page's bonus variant"
    >>> source_in_words("house rule")
    'a house rule'
    """
    text = _EVERY_TEXT.sub("every rules text", source)
    text = re.sub(r"(?<!a )\bhouse rule\b(?!s)", "a house rule", text)
    text = re.sub(r"\b(00[023]) (sections? )", r"\1, \2", text)
    text = _SECTION.sub(lambda m: m.group(0)[:-2] + m.group(1), text)
    return _CODE.sub(lambda m: SOURCE_NAMES[m.group(1)] + (m.group(2) or ""), text)


def sources_in_words(sources: "list[str]") -> str:
    """Several sources of one rule, in words, each once (every rules text covers the others).

    >>> sources_in_words(["000, 002, 003", "002, 003"])
    'every rules text'
    >>> sources_in_words(["002", "house rule", "002"])
    'the traditional rules text; a house rule'
    """
    worded: "list[str]" = []
    for source in sources:
        text = source_in_words(source) if source else ""
        if text and text not in worded:
            worded.append(text)
    if "every rules text" in worded:
        rest = [w for w in worded if "rules text" not in w and "rules page" not in w]
        worded = ["every rules text"] + rest
    return "; ".join(worded)


SOURCE_WORDS = (N_("every rules text"), N_("a house rule"), N_("the general rules page"),
                N_("the traditional rules text"), N_("the cardgames.zone rules page"), N_("house rules"))
"""The names :func:`source_in_words` gives rule texts, each a message of its own."""

_SECTION_WORD = re.compile(r"\bsection (\d+)\b")
_SOURCE_WORD = re.compile("|".join(re.escape(name) for name in sorted(SOURCE_WORDS, key=len, reverse=True)))


def spoken_sources(text: str) -> str:
    """Sources in words (:func:`source_in_words`) with each rule text named in the language spoken; English
    as it is.

    >>> from bragrules.core.i18n import with_language
    >>> spoken_sources("every rules text"), "every" in with_language("zh", spoken_sources, "every rules text")
    ('every rules text', False)
    """
    from bragrules.core.i18n import ENGLISH, language, tr

    if language() == ENGLISH:
        return text
    text = _SECTION_WORD.sub(lambda match: tr("section {number}", number=match.group(1)), text)
    return _SOURCE_WORD.sub(lambda match: tr(match.group(0)), text)


_YOURS = re.compile(r"\b(not |than |and |or )You's\b(?!\s+\w)")
_YOUR = re.compile(r"(^|[.:;!?]\s+)?\bYou's\b")
_YOU_VERB = re.compile(r"\bYou ([a-z]+s)\b")
_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}
_NOT_VERBS = frozenset(("as", "this", "us", "yes", "plus", "less", "always"))


def second_person(verb: str) -> str:
    """A verb of the third person as *You* says it: ``looks`` → ``look``, ``passes`` → ``pass``.

    >>> [second_person(v) for v in ("looks", "passes", "has", "concedes", "watches")]
    ['look', 'pass', 'have', 'concede', 'watch']
    """
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("es") and verb[:-2].endswith(("sh", "ch", "ss", "x")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


def possessive(name: str) -> str:
    """Whose: ``Ada's``, and ``your`` for the seat named You.

    >>> possessive("Ada"), possessive("You")
    ("Ada's", 'your')
    """
    return "your" if name == "You" else f"{name}'s"


def to_you(text: str) -> str:
    """A sentence about a player, put right for the seat named *You* (the person at the terminal): the
    engine tells every seat in the third person, which for *You* reads "You's hand", "You has made".

    >>> to_you("Kc is not in You's hand; You has not drawn")
    'Kc is not in your hand; You have not drawn'
    >>> to_you("it is Ada's turn, not You's"), to_you("You's cards were exposed")
    ("it is Ada's turn, not yours", 'Your cards were exposed')
    >>> to_you("You holds no 2c; You is short; You passes; You concedes without showing; You loses a life")
    'You hold no 2c; You are short; You pass; You concede without showing; You lose a life'
    >>> to_you("Ada saw You: Youssef folds; You always win")
    'Ada saw You: Youssef folds; You always win'
    """
    text = _YOURS.sub(lambda m: m.group(1) + "yours", text)
    text = _YOUR.sub(lambda m: (m.group(1) + "Your") if m.group(1) is not None else "your", text)

    def verb(match: "re.Match[str]") -> str:
        word = match.group(1)
        return match.group(0) if word in _NOT_VERBS else "You " + second_person(word)

    return _YOU_VERB.sub(verb, text)
