"""Every shipped rulebook read in Chinese and in Hindi, in text, Markdown and HTML: no English sentence left.

A rulebook in another language may still show what is not a sentence of bragrules: the profile's own
description and source (the profile's data, written in English), the citations of where each rule comes
from (the names of pages and quotations), the names of profiles, games and formats, field names, card
strings (``A-K-Q``, ``Jk as Ah``) and numbers. Everything else is the catalogue's: a run of English words
found there is a sentence nobody wrapped in ``tr()`` or nobody translated.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from typing import List, Set, Tuple

import pytest

from bragrules.core.i18n import speaking, tr
from bragrules.core.text import in_words
from bragrules.explainers.rulebook import FORMATS, build_rulebook, render
from bragrules.profile import builtin_names, load_profile
from bragrules.profile.models import Profile
from bragrules.rules.area import Bullets
from bragrules.rules.format import format_name

NAMES = frozenset({
    "bragrules", "Brag", "Crash", "Teen", "Patti", "Zha", "Jin", "Hua", "Kissing-Missing", "kiss", "miss", "banco",
    "hukam", "Ante", "Bonus", "Pair", "Plus", "Play", "Poker", "Three", "Card", "Stop", "the", "Bus", "Bastard",
})
"""Names a translated rulebook keeps as they are: the software, the games, and the casino's bets."""

LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]")
CARDS = re.compile(r"(?<![A-Za-z])(?:Jk|10|[2-9TJQKA])(?:[cdhs♣♦♥♠])?(?:-(?:10|[2-9TJQKA]))*(?![A-Za-z])")
FIELD = re.compile(r"\b[a-z_]+(?:\.[a-z_]+)+\b")


def _exempt(profile: Profile) -> List[str]:
    """The texts of the profile itself that a rulebook in any language shows as written."""
    found = {profile.description, profile.source, in_words(profile.source), in_words(profile.description),
             profile.name, *profile.extends, format_name(profile) or ""}
    words = profile.vocabulary
    found |= {words.title, *words.hands.values(), *words.moves.values()}
    for spoken in words.languages.values():
        found |= {spoken.title, *spoken.hands.values(), *spoken.moves.values()}
    return sorted((text for text in found if text), key=len, reverse=True)


def _without_citations(book: object) -> None:
    """The departures' lines without their citations (``(from <sources>)`` in the language spoken)."""
    said = re.escape(tr("{rule} (from {sources})", rule="\0", sources="\1"))
    pattern = re.compile(said.replace("\0", "(?P<rule>.*?)").replace("\x01", ".*") + "$", re.S)
    for section in book.sections:  # type: ignore[attr-defined]
        if section.key != "departures":
            continue
        section.blocks = [Bullets(tuple(match.group("rule") if (match := pattern.match(item)) else item
                                        for item in block.items)) if isinstance(block, Bullets) else block
                          for block in section.blocks]


def _plain(page: str, fmt: str) -> str:
    """The words a reader sees: tags, the style sheet and Markdown's marks left out."""
    if fmt == "html":
        page = re.sub(r"<style.*?</style>", " ", page, flags=re.S)
        page = re.sub(r"</?(?:span|a)\b[^>]*>", "", page)  # inline marks (a hand kept on one line) join their words
        page = html.unescape(re.sub(r"<[^>]+>", " ", page))
    page = " ".join(page.split())
    return re.sub(r"(?<=[A-Za-z])- (?=[A-Za-z])", "-", page) if fmt == "text" else page  # a word the text wrapped at its hyphen


@lru_cache(maxsize=None)
def _pages(name: str, lang: str) -> Tuple[Tuple[str, str], ...]:
    profile = load_profile(name)
    with speaking(lang):
        book = build_rulebook(profile)
        _without_citations(book)
        return tuple((fmt, _plain(render(book, fmt), fmt)) for fmt in FORMATS)


def english_left(text: str, exempt: List[str]) -> Set[str]:
    """The English words of ``text`` no catalogue gave: each run of Latin words (two or more, or one that is
    not a name), once the profile's own texts and field names are taken out; a card string (``A-K-Q``,
    ``Jk``, ``Ah``) is no word, though it may stand in a run.

    >>> sorted(english_left("每位玩家发13张牌。Each player makes 四 hands. 庄家 A-K-Q, Jk as Ah; Crash", []))
    ['Each player makes', 'hands']
    """
    for written in exempt:
        text = text.replace(" ".join(written.split()), " ")
    text = FIELD.sub(" ", text)
    found: Set[str] = set()
    run: List[str] = []
    for piece in re.split(r"(\s+|[,;:.!?()（）、，。；：।])", text) + ["।"]:
        if not piece.strip():
            continue
        if LATIN_WORD.fullmatch(piece) or CARDS.fullmatch(piece) or (run and piece in ",;:()"):
            run.append(piece)
            continue
        _close(run, found)
        run = []
    return found


def _close(run: List[str], found: Set[str]) -> None:
    """Note a run of Latin text that holds English words (names and card strings alone are no English)."""
    words = [w for w in run if LATIN_WORD.fullmatch(w) and not CARDS.fullmatch(w)]
    while run and not (LATIN_WORD.fullmatch(run[-1]) or CARDS.fullmatch(run[-1])):
        run.pop()
    said = re.sub(r" ([,;:)])", r"\1", " ".join(run)).replace("( ", "(")
    english = [w for w in words if w not in NAMES]
    if len(english) >= 2 or (english and len(english[0]) > 2):
        found.add(said)


@pytest.mark.parametrize("lang", ["zh", "hi"])
@pytest.mark.parametrize("name", builtin_names())
def test_no_english_sentence_in_a_translated_rulebook(name: str, lang: str) -> None:
    exempt = _exempt(load_profile(name))
    for fmt, page in _pages(name, lang):
        left = english_left(page, exempt)
        assert not left, f"{name} in {lang} ({fmt}): English left: {sorted(left)[:8]}"


def test_an_unwrapped_sentence_is_caught() -> None:
    """The check finds a sentence that escaped the catalogue, and passes the same page without it."""
    exempt = _exempt(load_profile("crash-13"))
    page = dict(_pages("crash-13", "hi"))["text"]
    assert not english_left(page, exempt)
    assert english_left(page + " A player with no life left is out of the game.", exempt) == {
        "A player with no life left is out of the game"}
    assert english_left(page.replace("खिलाड़ी", "player"), exempt)  # one word untranslated is caught too


ZJH_MOVES = ("跟注", "加注", "弃牌", "看牌", "比牌")


@pytest.mark.parametrize("name", ["zha-jin-hua", "zha-jin-hua-house"])
def test_the_english_zha_jin_hua_rulebook_says_its_moves_in_english(name: str) -> None:
    """English sentences do not take Chinese move names into their grammar ("the last two players 比牌 each
    other"): the introduction names each of the game's moves once, beside its English word, and every sentence
    says the English word."""
    for fmt in FORMATS:
        page = _plain(render(build_rulebook(load_profile(name)), fmt), fmt)
        glossary = ("At the table the moves have their own names; this rulebook says them in English: 跟注 (a bet), "
                    "加注 (a raise), 弃牌 (a fold), 看牌 (a look), 比牌 (a see).")
        assert page.count(glossary) == 1, fmt
        rest = page.replace(glossary, "")
        assert not [word for word in ZJH_MOVES if word in rest], fmt
        assert "when the last two players see each other" in rest and "when everyone else has folded" in rest
        assert "A tie goes against the player who called the see." in rest  # the seed's 主动比牌者负, in English
    assert "豹子 of sevens" in render(build_rulebook(load_profile(name)), "text")  # hands keep the game's names


def test_teen_patti_in_english_keeps_its_own_words() -> None:
    """A game whose moves are Latin words (Teen Patti's chaal, pack, show) is told in them, as before."""
    text = _plain(render(build_rulebook(load_profile("teen-patti")), "text"), "text")
    assert "The game's own words for its moves are used below: chaal (a bet or a raise), pack (a fold)" in text
    assert "when the last two players show each other" in text and "A player who packs" in text
