"""The table page's scripts speak the reader's language: every sentence they write themselves is handed to the
page's translator (``t``, ``tf`` in table.js; ``say`` in the others), each of those is in the catalogue
(:data:`bragrules.web.page_words.SCRIPT_TEXTS`, so translated in every shipped language), and no English text is
written straight into the page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator, List

import pytest

from bragrules.core.i18n import speaking, tr
from bragrules.web.page_words import SCRIPT_TEXTS, STATIC

SCRIPTS = sorted(STATIC.glob("*.js"))
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _arguments(source: str) -> Iterator[str]:
    """The text of each call's arguments to the translators, parentheses balanced."""
    for match in re.finditer(r"(?<![\w.])(?:t|tf|say)\(", source):
        depth, at = 1, match.end()
        while depth and at < len(source):
            depth += {"(": 1, ")": -1}.get(source[at], 0)
            at += 1
        yield source[match.end():at - 1]


def _asked(source: str) -> List[str]:
    """The sentences a script hands to its translator: the literals of its first argument."""
    said = []
    for argument in _arguments(source):
        first = re.split(r",\s*\{", argument, maxsplit=1)[0]  # the places' values come after
        said += [m.group(1).encode().decode("unicode_escape") if "\\u" in m.group(1) else m.group(1)
                 for m in LITERAL.finditer(first)]
    return said


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_every_sentence_a_script_translates_is_in_the_catalogue(script: Path) -> None:
    missing = [text for text in _asked(script.read_text(encoding="utf-8")) if text not in SCRIPT_TEXTS]
    assert not missing, f"{script.name}: add these to SCRIPT_TEXTS (bragrules/web/page_words.py): {missing}"


@pytest.mark.parametrize("lang", ["zh", "hi"])
def test_each_script_sentence_is_translated_with_the_same_places(lang: str) -> None:
    with speaking(lang):
        untranslated = [text for text in SCRIPT_TEXTS if tr(text) == text and re.search(r"[A-Za-z]{3}", text)]
        for text in SCRIPT_TEXTS:
            assert sorted(re.findall(r"\{(\w+)\}", tr(text))) == sorted(re.findall(r"\{(\w+)\}", text)), text
    assert not untranslated, untranslated


WRITTEN = re.compile(r'(?:\bel\(\s*"\w+"\s*,\s*|\.title\s*=\s*|textContent\s*=\s*|"aria-label",\s*)"([^"]*[A-Za-z]{2}[^"]*)"')


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_no_english_is_written_into_the_page_untranslated(script: Path) -> None:
    raw = WRITTEN.findall(script.read_text(encoding="utf-8"))
    assert not raw, f"{script.name} writes English straight into the page: {raw}"


def test_a_script_sentence_reads_in_chinese_with_its_places_filled() -> None:
    with speaking("zh"):
        said = tr("{player} folded")
    assert "{player}" in said and "folded" not in said
