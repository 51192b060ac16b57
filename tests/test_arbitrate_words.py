"""``arbitrate`` and ``audit`` in the players' own words: with ``--lang zh`` or ``--lang hi`` (or
``BRAGRULES_LANG``) every line is told in that language, the game's own words for its moves and hands
filled in; English reads exactly as before, and ``--json`` stays English whatever the language."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Tuple

import pytest

from .helpers import run_cli

DATA = Path(__file__).parent / "data"
DISPUTES = DATA / "disputes"
HISTORIES = DATA / "histories"

SCRIPT = {"zh": re.compile(r"[\u4e00-\u9fff]"), "hi": re.compile(r"[\u0900-\u097F]")}

# English a ruling or an audit report says around its translated pieces: none may be left in another language
ENGLISH = re.compile(
    r"\b(Dispute|Under|allowed|not allowed|outcome|owed|next|net|rules|yes|no|differs|takes back|is to act|may|"
    r"from the|the general rules page|the traditional rules text|rules text|a house rule|costs exactly|paid|"
    r"corrected|stands|saw|takes the pot|beats|folded|without showing|the deal goes on|by accident|on purpose|"
    r"must fold|redeal|equal|not a tie|the better hand|The rulings|deal \d|line \d|session|resolved|violations?|"
    r"is given as|replayed|every action legal|is not over|won|carried|dealer|pot|cost multiple|cost basis|"
    r"retention|retain default|blind survivor|deliberate look|exposure (before|after) betting|section \d)\b")


@pytest.fixture
def cli(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch):
    def invoke(*args: Any) -> Tuple[int, str, str]:
        return run_cli(capsys, monkeypatch, *map(str, args))

    return invoke


def _prose(out: str) -> str:
    """The lines of a report without what is not a sentence: a player's written action (``A see 3``), a file's
    name, a profile's name, a rule's identifier, a profile's value as the JSON writes it (``caller_rate``)."""
    out = re.sub(r"tests/data/\S+", "", out)
    out = re.sub(r"\b(traditional|teen-patti|house-split|casual|capped|fees|history\.result|[a-z_]+\.[a-z_.]+)\b",
                 "", out)
    out = re.sub(r"\b[A-D] (see|bet|fold|look)\b( \d+)?", "", out)
    out = re.sub(r"[│┃].*$", "", out, flags=re.M)  # the table's cells: values and names (its labels are checked)
    return out


@pytest.mark.parametrize("lang", ["zh", "hi"])
@pytest.mark.parametrize("name, both", [
    ("see_short", True), ("tie", False), ("exposure_before", True), ("exposure_after", True), ("peek", True),
    ("peek_midway", True), ("blind_alone", True), ("retained", True), ("seen_sees_blind", True), ("spare_taken", False),
])
def test_a_ruling_is_told_in_the_language_chosen(cli, lang: str, name: str, both: bool) -> None:
    """Each dispute under its sheet's profile, or compared under two."""
    profiles = ("-p", "traditional", "-p", "teen-patti") if both else ()
    code, out, err = cli("--lang", lang, "arbitrate", DISPUTES / f"{name}.yaml", *profiles)
    assert code == 0, err
    assert SCRIPT[lang].search(out), out
    left = ENGLISH.findall(_prose(out))
    assert not left, (left, out)


@pytest.mark.parametrize("lang, words", [
    ("zh", ["比牌：费用倍数", "争议", "欠付", "这里比牌恰好要付4", "A付了3，还欠1", "A取回1", "接下来：", "规则：", "通用规则页面", "裁决不同"]),
    ("hi", ["शो: क़ीमत का गुणक", "विवाद", "बकाया", "यहाँ शो की क़ीमत ठीक 4 है", "A 1 वापस लेता है", "आगे:", "नियम:", "सामान्य नियम पृष्ठ",
            "फ़ैसले अलग हैं"]),
])
def test_the_short_see_ruled_in_chinese_and_hindi(cli, lang: str, words: list) -> None:
    code, out, _ = cli("--lang", lang, "arbitrate", DISPUTES / "see_short.yaml", "-p", "traditional",
                       "-p", "teen-patti")
    assert code == 0
    for word in words:
        assert word in out, (word, out)
    assert "costs exactly" not in out and "owes 1 more" not in out and "(from " not in out


def test_the_language_may_come_from_the_environment(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRAGRULES_LANG", "zh")
    code, out, _ = cli("arbitrate", DISPUTES / "peek.yaml")
    assert code == 0 and "故意看了" in out and "looked at" not in out, out


def test_the_options_are_told_in_the_games_words(cli) -> None:
    """Teen Patti's chaal and pack, in Hindi, where a move the player may make is named."""
    code, out, _ = cli("--lang", "hi", "arbitrate", DISPUTES / "exposure_after.yaml", "-p", "teen-patti")
    assert code == 0
    line = next(line for line in out.splitlines() if "आगे:" in line)
    assert "चाल" in line and "पैक" in line and " or " not in line and " to " not in line, line


def test_english_is_unchanged(cli) -> None:
    code, out, _ = cli("arbitrate", DISPUTES / "see_short.yaml", "-p", "traditional", "-p", "teen-patti")
    assert code == 0
    assert "Dispute: A see 3  (deal 1, line 11 of " in out
    assert "Under traditional: owed (not allowed)  ≠ differs" in out
    assert ("  a see costs exactly 4 here: A paid 3 and owes 1 more; the see is corrected before the cards are "
            "turned, and is binding once the money is in (the general rules page)") in out
    assert "  owed: A takes back 1" in out and "  rules:" in out and "(from a house rule)" in out
    assert re.search(r"^the see: cost multiple +│ 2 +│ 1 +│ ≠ differs$", out, re.M), out
    assert "The rulings differ: outcome, owed, net" in out


@pytest.mark.parametrize("name", ["see_short", "peek", "blind_alone"])
def test_the_json_stays_english_whatever_the_language(cli, name: str) -> None:
    args = ("arbitrate", DISPUTES / f"{name}.yaml", "-p", "traditional", "-p", "teen-patti", "--json")
    _, english, _ = cli(*args)
    _, chinese, _ = cli("--lang", "zh", *args)
    _, hindi, _ = cli("--lang", "hi", *args)
    assert json.loads(english)["rulings"][0]["summary"] == json.loads(chinese)["rulings"][0]["summary"]
    assert json.loads(english)["rulings"][0]["next"] == json.loads(hindi)["rulings"][0]["next"]
    for said in (chinese, hindi):
        for ruling in json.loads(said)["rulings"]:
            assert not SCRIPT["zh"].search(ruling["summary"] + ruling["next"]), ruling
            assert not SCRIPT["hi"].search(ruling["summary"] + ruling["next"]), ruling


# ---------------------------------------------------------------------------
# The audit
# ---------------------------------------------------------------------------

WRONG_SEE = """\
profile: traditional
players: [A, B, C, D]
dealer: D
deals:
  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}
    actions: [A look, A bet 2, B look, B bet 2, C fold, D fold, A see 3]
    result: {winner: A, net: {A: 7, B: -5, C: -1, D: -1}, pot: 11}
"""


@pytest.mark.parametrize("lang", ["zh", "hi"])
@pytest.mark.parametrize("name", ["wrong_net.yaml", "worked_pot.yaml", "tie_split.yaml", "retention_three.yaml",
                                  "pot_cap_before_rename.jsonl"])
def test_an_audit_is_told_in_the_language_chosen(cli, lang: str, name: str) -> None:
    code, out, err = cli("--lang", lang, "audit", HISTORIES / name)
    assert code in (0, 1), err
    assert SCRIPT[lang].search(out), out
    left = ENGLISH.findall(_prose(out))
    assert not left, (left, out)


@pytest.mark.parametrize("lang, words", [
    ("zh", ["2处违规", "第1局（第8行）：history.result: A的净额记为-5；重算为-7", "整场尚未结束"]),
    ("hi", ["2 उल्लंघन", "बाज़ी 1 (पंक्ति 8): history.result: A का शुद्ध -5 लिखा है; दोबारा खेलने पर यह -7 है"]),
])
def test_a_wrong_net_is_told_in_chinese_and_hindi(cli, lang: str, words: list) -> None:
    code, out, _ = cli("--lang", lang, "audit", HISTORIES / "wrong_net.yaml")
    assert code == 1
    for word in words:
        assert word in out, (word, out)


@pytest.mark.parametrize("lang", ["zh", "hi"])
def test_an_illegal_action_and_a_wrong_claim_in_another_language(cli, tmp_path: Path, lang: str) -> None:
    sheet = tmp_path / "wrong_see.yaml"
    sheet.write_text(WRONG_SEE, encoding="utf-8")
    code, out, _ = cli("--lang", lang, "audit", sheet)
    assert code == 1
    violations = [line for line in out.splitlines() if "seeing." in line or "history." in line]
    assert violations, out
    for line in violations:
        assert SCRIPT[lang].search(line) and not ENGLISH.search(_prose(line)), line
    english = cli("audit", sheet)[1]
    assert "deal 1, action 6 (line 6): seeing.cost_multiple: a seen player's see costs exactly 4 here, not 3" in english


def test_the_audit_in_english_is_unchanged(cli) -> None:
    code, out, _ = cli("audit", HISTORIES / "wrong_net.yaml")
    assert code == 1
    assert out.splitlines()[0].endswith("/histories/wrong_net.yaml: a sheet under traditional"), out
    assert "1 resolved pot; the session is not over" in out
    assert "2 violations" in out
    assert "deal 1 (line 8): history.result: A's net is given as -5; replayed it is -7" in out
    code, out, _ = cli("audit", HISTORIES / "worked_pot.yaml")
    assert "ok: every action legal, every claim matches" in out


def test_the_audits_json_stays_english(cli) -> None:
    _, english, _ = cli("audit", HISTORIES / "wrong_net.yaml", "--json")
    _, hindi, _ = cli("--lang", "hi", "audit", HISTORIES / "wrong_net.yaml", "--json")
    assert json.loads(english)["violations"] == json.loads(hindi)["violations"]


SHORT_HAND = """\
profile: traditional
players: [A, B, C, D]
dealer: D
deals:
  - cards: {A: Kc 9c, B: 5s 6h 7d}
    actions: [A look, A bet 2, B look, B bet 2, C fold, D fold, A see 4]
    result: {winner: B, net: {A: -5, B: 7, C: -1, D: -1}}
"""


@pytest.mark.parametrize("lang, said", [
    ("en", "deal 1 (line 5): format.cards_dealt: A is given 2 cards; this profile deals 3"),
    ("zh", "第1局（第5行）：format.cards_dealt: A拿到2张牌；此规则发3张"),
    ("hi", "बाज़ी 1 (पंक्ति 5): format.cards_dealt: A को 2 पत्ते दिए गए; यह प्रोफ़ाइल 3 बाँटती है"),
])
def test_a_hand_of_the_wrong_size_is_told_in_each_language(cli, tmp_path: Path, lang: str, said: str) -> None:
    sheet = tmp_path / "short_hand.yaml"
    sheet.write_text(SHORT_HAND, encoding="utf-8")
    code, out, _ = cli("--lang", lang, "audit", sheet)
    assert code == 1 and said in out.splitlines(), out


@pytest.mark.parametrize("lang, said", [("zh", "无法按 traditional 摆出这一局面"), ("hi", "के नियमों में यह स्थिति नहीं बन सकती")])
def test_a_situation_that_cannot_be_set_up_is_refused_in_the_language_chosen(cli, lang: str, said: str) -> None:
    """The sheet's own illegal see (four still betting) is refused before any ruling: in the reader's words,
    with the file and line, and the English unchanged."""
    code, _, err = cli("--lang", lang, "arbitrate", DISPUTES / "illegal_before.yaml")
    assert code == 2 and said in err and "illegal_before.yaml:8:" in err and "cannot be set up" not in err
    code, _, err = cli("arbitrate", DISPUTES / "illegal_before.yaml")
    assert code == 2 and "the situation cannot be set up under traditional: deal 1, action 4 (C see 4): " \
        "seeing.two_players: only two players may see; 4 are still betting" in err
