"""The players' languages: the catalogues are complete and agree with the English, the language is
chosen by --lang, BRAGRULES_LANG or English, and the rulebooks read in Chinese and in Hindi.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any, Dict, List

import pytest

from bragrules.core import catalogues
from bragrules.core.i18n import (
    LANGUAGES,
    amount_text,
    choose_language,
    language,
    ntr,
    pick_language,
    speaking,
    tr,
    with_language,
)
from bragrules.explainers.rulebook import build_rulebook, render
from bragrules.profile import load_profile

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def template() -> object:
    return catalogues.extract()


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_message_is_translated(template: object, lang: str) -> None:
    """Every English message in the code (tr, ntr, N_ and the choice fields' sentences) is in the
    catalogue, translated; a new string in a wrapped module fails here until it is."""
    problems = [line for line in catalogues.problems(lang, template=template) if "placeholders" not in line]
    assert not problems, f"{len(problems)} messages not translated in {lang}:\n" + "\n".join(problems[:40])


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_placeholders_agree_with_the_english(template: object, lang: str) -> None:
    problems = [line for line in catalogues.problems(lang, template=template) if "placeholders" in line]
    assert not problems, "\n".join(problems)


def test_a_missing_or_wrong_translation_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check itself finds a message the catalogue lacks and a placeholder renamed."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    cat = Catalog(locale="zh")
    cat.add("the pack is not cut", "不切牌")
    cat.add("betting levels go in steps of {step}", "注额以{amount}为单位递增")
    folder = tmp_path / "zh" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "bragrules.po", "wb") as out:
        write_po(out, cat)
    monkeypatch.setattr(catalogues, "catalogue_path", lambda lang: folder / "bragrules.po")
    small = Catalog()
    for message in ("the pack is not cut", "betting levels go in steps of {step}", "raises are unlimited"):
        small.add(message)
    found = catalogues.problems("zh", template=small)
    assert any("missing: 'raises are unlimited'" in line for line in found)
    assert any("placeholders ['amount'] for ['step']" in line for line in found)
    assert not any("the pack is not cut" in line for line in found)


def test_english_is_the_message_itself() -> None:
    assert language() == "en"
    assert tr("betting levels go in steps of {step}", step=2) == "betting levels go in steps of 2"
    assert ntr("this table seats {n} player", "this table seats {n} players", 4) == "this table seats 4 players"


def test_chinese_and_hindi_messages() -> None:
    with speaking("zh-CN"):
        assert tr("betting levels go in steps of {step}", step=2) == "注额以2为单位递增"
        assert language() == "zh"
    with speaking("hi"):
        assert tr("The see") == "शो"
    assert language() == "en"


def test_hindi_amounts_group_the_indian_way() -> None:
    assert with_language("hi", amount_text, 100000) == "1,00,000"
    assert with_language("hi", amount_text, Fraction(2500001, 2)) == "12,50,000½"
    assert with_language("hi", amount_text, Fraction(5, 2)) == "2½"
    assert amount_text(100000) == "100000"  # English writes amounts as it always did
    assert with_language("zh", amount_text, 100000) == "100000"


def test_the_language_is_chosen_by_option_then_environment_then_english() -> None:
    notices: List[str] = []
    try:
        assert choose_language("hi", {"BRAGRULES_LANG": "zh"}, notices.append) == "hi"
        assert choose_language(None, {"BRAGRULES_LANG": "zh_CN.UTF-8"}, notices.append) == "zh"
        assert choose_language(None, {}, notices.append) == "en"
        assert not notices
        assert choose_language("fr", {}, notices.append) == "en"
        assert len(notices) == 1 and "'fr'" in notices[0] and "English" in notices[0]
    finally:
        choose_language("en", {})


def test_accept_language_picks_the_best_shipped_language() -> None:
    assert pick_language("zh-CN,zh;q=0.9,en;q=0.8") == "zh"
    assert pick_language("en-GB,en;q=0.9,hi;q=0.8") == "en"
    assert pick_language("fr;q=1, hi;q=0.5, zh;q=0.4") == "hi"
    assert pick_language("zh;q=0, de") == "en"
    assert pick_language("") == "en"


ENGLISH_HANDS = re.compile(r"\b(prials?|running flush(es)?|runs?|flush(es)?|pairs?|high cards?|high-card)\b", re.I)


def _read_text(profile: str, lang: str) -> str:
    """The rulebook's own words: every section but the citations of sources, and the introduction but the
    profile's own description and source (the profile's data, written in English)."""
    with speaking(lang):
        book = build_rulebook(load_profile(profile))
        parts = [book.title, *book.intro[2:]]
        for section in book.sections:
            if section.key == "departures":
                continue
            parts.append(section.title)
            for block in section.blocks:
                parts.extend(getattr(block, "items", ()) or [getattr(block, "text", "")])
                for row in getattr(block, "rows", ()):
                    parts.extend(row)
                parts.extend(getattr(block, "header", ()))
    return "\n".join(parts)


def test_the_zha_jin_hua_rulebook_in_chinese() -> None:
    text = _read_text("zha-jin-hua", "zh")
    for word in ("炸金花", "豹子", "顺金", "金花", "顺子", "对子", "单张", "235", "比牌", "闷牌", "底池"):
        assert word in text, word
    assert not ENGLISH_HANDS.search(text), ENGLISH_HANDS.search(text)
    assert "牌型从大到小：豹子、顺金、金花、顺子、对子、单张。" in text
    assert "平局时主动比牌者负。" in text  # the seed's "当两牌型大小完全相同时，主动比牌者负"


def test_the_teen_patti_rulebook_in_hindi() -> None:
    text = _read_text("teen-patti", "hi")
    for word in ("तीन पत्ती", "ट्रेल", "प्योर सीक्वेंस", "सीक्वेंस", "कलर", "पेयर", "हाई कार्ड", "साइड शो", "ब्लाइंड",
                 "पैक", "शो"):
        assert word in text, word
    assert not ENGLISH_HANDS.search(text), ENGLISH_HANDS.search(text)
    assert not re.search(r"\b(trail|colour|sequence|chaal|side-show)\b", text, re.I)


def test_english_rulebooks_are_unchanged_by_the_catalogues() -> None:
    """No language chosen: the English rulebook, its hands in the game's own words."""
    text = render(build_rulebook(load_profile("teen-patti")), "text")
    assert text.startswith("Teen Patti: the rules of teen-patti\n")
    assert "Hands rank, from highest: trail, pure sequence, sequence, colour, pair, high card." in " ".join(text.split())


def test_the_html_rulebook_says_its_language() -> None:
    with speaking("zh"):
        page = render(build_rulebook(load_profile("zha-jin-hua")), "html")
    assert '<html lang="zh">' in page and "<h1>炸金花：zha-jin-hua 的规则</h1>" in page
    assert '<html lang="en">' in render(build_rulebook(load_profile("standard")), "html")


def _cli(*args: str, env: Dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if k != "BRAGRULES_LANG"}
    full.update(env or {})
    return subprocess.run([sys.executable, "-m", "bragrules_cli.app", *args], capture_output=True, text=True,
                          env=full, timeout=120)


def test_cli_lang_option_before_or_after_the_command() -> None:
    after = _cli("rulebook", "zha-jin-hua", "--lang", "zh")
    before = _cli("--lang", "zh", "rulebook", "zha-jin-hua")
    assert after.returncode == 0, after.stderr
    assert after.stdout == before.stdout
    assert after.stdout.startswith("炸金花：zha-jin-hua 的规则\n")
    assert "牌型从大到小：豹子、顺金、金花、顺子、对子、单张。" in after.stdout


def test_cli_environment_variable_and_unknown_language() -> None:
    hindi = _cli("rulebook", "teen-patti", env={"BRAGRULES_LANG": "hi"})
    assert hindi.returncode == 0, hindi.stderr
    assert hindi.stdout.startswith("तीन पत्ती: teen-patti के नियम\n")
    unknown = _cli("rulebook", "standard", "--lang", "fr")
    assert unknown.returncode == 0
    assert unknown.stderr.strip().count("\n") == 0 and "no catalogue for language 'fr'" in unknown.stderr
    plain = _cli("rulebook", "standard")
    assert unknown.stdout == plain.stdout and plain.stdout.startswith("Three-Card Brag: the rules of standard")


def test_the_catalogues_ship_with_the_package() -> None:
    """Package data names the .po files, so a wheel carries them (no build step: read_po reads them)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"bragrules" = ["locale/*/LC_MESSAGES/*.po"]' in text
    for lang in LANGUAGES[1:]:
        assert catalogues.catalogue_path(lang).is_file()


@pytest.mark.parametrize("profile, lang, expected, absent", [
    ("teen-patti", "hi", ("बाज़ी 1", "पॉट", "आपके पत्ते", "पैक", "चाल", "तीन पत्ती"), ("Your cards", " chaals ")),
    ("zha-jin-hua", "zh", ("第1局", "底池", "你的牌", "弃牌", "跟注", "炸金花"), ("Your cards", "Deal 1")),
])
def test_play_in_the_players_language(tmp_path: Path, profile: str, lang: str, expected: Any, absent: Any) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("look\n1\n1\n1\n1\n1\n1\n", encoding="utf-8")
    done = _cli("--lang", lang, "play", "-p", profile, "-n", "3", "--hands", "1", "--seed", "3",
                "--log", str(tmp_path / "play.jsonl"), "--script", str(script), env={"NO_COLOR": "1"})
    assert done.returncode == 0, done.stderr
    for word in expected:
        assert word in done.stdout, word
    for word in absent:
        assert word not in done.stdout, word
    assert "साइड शो (seeing.side_show.min_in_play): साइड शो के लिए तीन खिलाड़ी खेल में होने चाहिए" in done.stdout \
        or lang == "zh", "the engine's own reason is read in the player's language, the rule by its path"
    assert "a side-show needs" not in done.stdout
