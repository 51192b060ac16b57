"""A broken history, sheet, log or script in the reader's own words: each error that ``audit``, ``arbitrate``
and ``play`` (``--resume``, ``--script``) give for a file they cannot read is said in Chinese or Hindi
(``--lang``), after the file and line as in English, in one line and without a traceback; in English it is
word for word what it always was. The error keeps its English (``message``: what the JSON report and the
records hold), and the words of a part it quotes (a card, an amount, an action) are translated once, where
the whole is read.
"""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Set, Tuple

import pytest

from bragrules.core.cards import CardError, parse_card
from bragrules.core.errors import HistoryError
from bragrules.core.i18n import set_language, speaking
from bragrules.history import read_history
from bragrules.history.schema import DEAL_KEYS, END_KEYS, EVENT_TYPES, RESULT_KEYS, SHEET_KEYS
from bragrules.history.sheet import parse_sheet

from .helpers import run_cli

DATA = Path(__file__).parent / "data"
LOG = (DATA / "histories" / "pot_cap_before_rename.jsonl").read_text(encoding="utf-8").splitlines()

CJK = re.compile(r"[\u4e00-\u9fff]")
DEVANAGARI = re.compile(r"[\u0900-\u097f]")
SCRIPTS = {"zh": CJK, "hi": DEVANAGARI}

VERBS = ("look, bet N, see N, fold, check, keep, discard, arrange, swap, knock, stand, show, concede, retain, release, "
         "peeks X, exposes, redeal, void, flashes, sideshow [N], accepts, refuses, take, draw stock|discard, "
         "discard CARD, pass, open N, pairplus N, close CARD")
"""The verbs an action is written with: the syntax of a history, the same in every language."""


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """A command sets the language of this process: each test leaves it English again."""
    yield
    set_language("en")


def _log(change: Callable[[List[str]], None]) -> str:
    lines = list(LOG)
    change(lines)
    return "\n".join(lines) + "\n"


def _set(index: int, text: str) -> Callable[[List[str]], None]:
    def change(lines: List[str]) -> None:
        lines[index] = text
    return change


SHEET_HEAD = "players: [A, B]\ndealer: A\ndeals:\n"

# name: (file name, its text, the command's arguments before the file, the line, the English after "FILE:LINE: ")
CASES: Dict[str, Tuple[str, str, Tuple[str, ...], int, str]] = {
    "malformed YAML": (
        "h.yaml", "players: [A, B\ndealer: A\n", ("audit",), 2,
        "YAML syntax error: expected ',' or ']', but got ':' (while parsing a flow sequence started at line 1)"),
    "mapping values in YAML": (
        "h.yaml", "players: [A, B]\ndealer: A\n  deals: x: y\n", ("audit",), 3,
        "YAML syntax error: mapping values are not allowed here"),
    "unknown cards unquoted": (
        "h.yaml", SHEET_HEAD + "  - cards: {A: ?? ?? ??}\n", ("audit",), 4,
        "YAML syntax error: expected the node content, but found '?' (while parsing a flow node); inside [ ] or "
        "{ } write unknown cards in quotes: '?? ?? ??'"),
    "a wrong card string": (
        "h.yaml", SHEET_HEAD + "  - cards: {A: Kc 9c 4x}\n", ("audit",), 4,
        "deal 1: A's cards: '4x' is not a card (write rank then suit, e.g. Kc, K♣, 10h, Th)"),
    "a card dealt twice": (
        "h.yaml", SHEET_HEAD + "  - cards: {A: Kc 9c 4c, B: Kc 2d 3d}\n", ("audit",), 4,
        "deal 1: Kc is dealt to A and to B"),
    "an unknown action": (
        "h.yaml", SHEET_HEAD + "  - actions: [A dance]\n", ("audit",), 4,
        f"deal 1: 'A dance': unknown action 'dance' ({VERBS[:60]}"),
    "a bad amount": (
        "h.yaml", SHEET_HEAD + "  - actions: [A look, A bet 2x]\n", ("audit",), 4,
        "deal 1: 'A bet 2x': '2x' is not an amount (write an integer or a fraction such as 5/2)"),
    "a bad time": (
        "h.yaml", SHEET_HEAD + "  - actions: [A look]\n    time: '47:75'\n", ("audit",), 5,
        "deal 1: time: '47:75' is not a time: write M:SS or H:MM:SS since the session started, e.g. 47:30"),
    "a sheet without its players": (
        "h.yaml", "format: bragrules-history/1\nprofile: traditional\ndealer: A\ndeals: []\n", ("audit",), 1,
        "players: the sheet must list the players, clockwise"),
    "a result that is not a mapping": (
        "h.yaml", SHEET_HEAD + "  - actions: [A look]\n    result: [A]\n", ("audit",), 5,
        "deal 1: result: expected a mapping, got a list"),
    "a winner left empty": (
        "h.yaml", SHEET_HEAD + "  - actions: [A look]\n    result: {winner: }\n", ("audit",), 5,
        "deal 1: result: winner: expected a player's name, got nothing (quote it)"),
    "a log line that is not JSON": (
        "h.jsonl", _log(_set(2, '{"type":"action","deal":1 "action":"Bo look"}')), ("audit",), 3,
        "not a JSON event (Expecting ',' delimiter)"),
    "a log line without its field": (
        "h.jsonl", _log(_set(2, '{"type":"action","deal":1}')), ("audit",), 3, "action: missing 'action'"),
    "a log line of no known type": (
        "h.jsonl", _log(_set(2, '{"type":"bet","deal":1}')), ("audit",), 3,
        "unknown event type 'bet' (expected one of: header, deal, cards, action, result, end)"),
    "a log line with a bad amount": (
        "h.jsonl", _log(_set(1, LOG[1].replace('"carried_in":0', '"carried_in":"lots"'))), ("audit",), 2,
        "deal 1: carried_in: 'lots' is not an amount (write an integer or a fraction such as 5/2)"),
    "a log cut short": (
        "h.jsonl", "\n".join(LOG[:3]) + '\n{"type":"action","de', ("audit",), 4,
        "the last line is cut short (the log ends in the middle of an event: was the writer stopped?); everything "
        "before it was read"),
    "an unknown dispute": (
        "d.yaml", (DATA / "disputes" / "unknown_dispute.yaml").read_text(encoding="utf-8"), ("arbitrate",), 9,
        "dispute: unknown dispute 'B shouts at A' (write an action such as 'A see 4' or 'B fold', 'X exposes Y', "
        "'X peeks Y', or 'tie')"),
    "a log resumed that does not audit clean": (
        "h.jsonl", _log(_set(2, '{"type":"action","deal":1,"action":"Bo see 1"}')), ("play", "--resume"), 3,
        "deal 1, action 0: seeing.two_players: only two players may see; 4 are still betting (the log does not "
        "audit clean; it is not resumed)"),
    "a script that is not UTF-8": (
        "moves.txt", "look\n\udcff bet 2\n", ("play", "--seed", "1", "--hands", "1", "--script"), 2,
        "not UTF-8 text; --script takes moves, one a line"),
}


def _write(path: Path, text: str) -> None:
    path.write_bytes(text.encode("utf-8", "surrogateescape"))


def _run(capsys: Any, monkeypatch: Any, tmp_path: Path, case: str, lang: str) -> Tuple[int, str, str]:
    name, text, command, _, _ = CASES[case]
    path = tmp_path / name
    _write(path, text)
    monkeypatch.chdir(tmp_path)  # a session log play writes goes here, never into the checkout
    extra = ("--log", str(tmp_path / f"new-{lang}.jsonl")) if "--script" in command else ()
    code, out, err = run_cli(capsys, monkeypatch, "--lang", lang, *command, str(path), *extra)
    return code, out, err


def _said(err: str) -> str:
    """The one error line: what follows ``error: `` (or the language's word for it) and the file and line."""
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    return lines[0]


def _english_left(text: str) -> List[str]:
    """Runs of three or more English words left in ``text`` once what is quoted, the file's own keys and the
    action verbs are taken out: a sentence left untranslated."""
    return re.findall(r"\b[A-Za-z]{2,}(?: [A-Za-z]{2,}){2,}\b", _bare(text))


def _bare(text: str) -> str:
    """``text`` without what stays as written in every language: what is quoted, the action verbs, the options and
    commands, and names with a dot or an underscore (a rule, a key)."""
    bare = re.sub(r"(?<=\w)'s\b", "", text)  # a possessive is English, not a quote
    bare = re.sub(r"look, bet N.*?(?:\)|）|…|$)", " ", bare).replace(", ".join(EVENT_TYPES), " ")
    return re.sub(r"'[^']*'|\"[^\"]*\"|--\w+|\bbragrules \w+|\S*[._]\S*", " ", bare)


FORMAT_WORDS = {"YAML", "JSON", "UTF", "NUL", *SHEET_KEYS, *DEAL_KEYS, *RESULT_KEYS, *END_KEYS}
"""The names of the formats and a sheet's keys: written so in every language."""


def _written(name: str, text: str) -> Set[str]:
    """The keys a file's author wrote (and a log's kinds of line): words of the file, not of the message."""
    if not name.endswith(".jsonl"):
        return set(re.findall(r"(\w+)\s*:", text))
    found: Set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            found.update(value)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
    for line in text.splitlines():
        try:
            walk(json.loads(line))
        except ValueError:
            continue
    return found


def _english_words(said: str, name: str, text: str) -> List[str]:
    """The English words in ``said`` that are neither the file's own keys nor the names of its format."""
    allowed = (FORMAT_WORDS | _written(name, text)) - {"deal"}  # a log's key, but "deal 3" is words
    return [word for word in re.findall(r"[A-Za-z]{3,}", _bare(said)) if word not in allowed]


@pytest.mark.parametrize("case", list(CASES))
def test_in_english_the_error_is_as_it_always_was(capsys: Any, monkeypatch: Any, tmp_path: Path, case: str) -> None:
    code, out, err = _run(capsys, monkeypatch, tmp_path, case, "en")
    name, _, _, line, english = CASES[case]
    said = _said(err)
    assert code == 2 and "Traceback" not in out + err
    assert said.startswith(f"error: {tmp_path / name}:{line}: {english}"), said


@pytest.mark.parametrize("lang", ["zh", "hi"])
@pytest.mark.parametrize("case", list(CASES))
def test_the_error_is_said_in_the_readers_language(capsys: Any, monkeypatch: Any, tmp_path: Path, case: str,
                                                   lang: str) -> None:
    code, out, err = _run(capsys, monkeypatch, tmp_path, case, lang)
    name, _, _, line, english = CASES[case]
    said = _said(err)
    assert code == 2 and "Traceback" not in out + err
    where = f"{tmp_path / name}:{line}: "
    assert where in said, said
    words = said.split(where, 1)[1]
    assert SCRIPTS[lang].search(words), said
    assert not _english_left(words), (_english_left(words), said)
    assert not _english_words(words, name, CASES[case][1]), (_english_words(words, name, CASES[case][1]), said)
    assert not [sentence for sentence in _english_left(english) if sentence in words], said


def test_a_wrong_card_is_translated_once_where_it_is_read() -> None:
    """The card's own refusal is a part of the history's error: put in words with it, in the language the error
    is read in, whichever language was spoken when it was raised."""
    text = "players: [A, B]\ndealer: A\ndeals:\n  - cards: {A: Kc 9c 4x}\n"
    with speaking("zh"):
        with pytest.raises(HistoryError) as raised:
            parse_sheet(text, filename="h.yaml")
        in_chinese = str(raised.value)
    error = raised.value
    assert error.message == "deal 1: A's cards: '4x' is not a card (write rank then suit, e.g. Kc, K♣, 10h, Th)"
    assert str(error) == "h.yaml:4: " + error.message  # raised in Chinese, read in English: English throughout
    assert in_chinese == "h.yaml:4: 第1局：A的牌：'4x' 不是一张牌（先写点数再写花色，如 Kc、K♣、10h、Th）"
    with speaking("hi"):
        assert str(error) == "h.yaml:4: बाज़ी 1: A के पत्ते: '4x' कोई पत्ता नहीं है (पहले रैंक फिर रंग लिखें, जैसे Kc, K♣, 10h, Th)"
    with speaking("zh"):
        with pytest.raises(CardError) as card:
            parse_card("4x")
    assert card.value.message == str(card.value) == "'4x' is not a card (write rank then suit, e.g. Kc, K♣, 10h, Th)"


def test_the_error_keeps_its_words_across_processes(tmp_path: Path) -> None:
    """The parallel audit sends an error from a worker: its words go with it, to be read in the reader's language
    (not its English, fixed where it was made)."""
    path = tmp_path / "h.jsonl"
    path.write_text(_log(_set(2, '{"type":"action","deal":1,"action":"Bo bet lots"}')), encoding="utf-8")
    history = read_history(path)
    with pytest.raises(HistoryError) as raised:
        list(history.deals)
    again = pickle.loads(pickle.dumps(raised.value))
    assert again.message == raised.value.message == "deal 1: 'Bo bet lots': 'lots' is not an amount (write an " \
                                                   "integer or a fraction such as 5/2)"
    with speaking("zh"):
        assert str(again) == f"{path}:3: 第1局：'Bo bet lots'：'lots' 不是金额（请写整数或分数，如 5/2）"


@pytest.mark.parametrize("lang", ["en", "zh", "hi"])
def test_the_audit_json_keeps_the_english(capsys: Any, monkeypatch: Any, tmp_path: Path, lang: str) -> None:
    path = tmp_path / "h.jsonl"
    path.write_text(_log(_set(4, '{"type":"action","deal":1,"action":"Dot dance"}')), encoding="utf-8")
    code, out, err = run_cli(capsys, monkeypatch, "--lang", lang, "audit", "--json", str(path))
    error = json.loads(out)["error"]
    assert code == 2 and error["line"] == 5
    assert error["message"].startswith("deal 1: 'Dot dance': unknown action 'dance' (look, bet N")
    if lang != "en":
        assert SCRIPTS[lang].search(_said(err))


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "'dance' is not a move"), ("zh", "'dance'不是一个动作"), ("hi", "'dance' कोई चाल नहीं है")])
def test_a_scripts_unknown_move_is_said_in_the_readers_language(capsys: Any, monkeypatch: Any, tmp_path: Path,
                                                                  lang: str, words: str) -> None:
    """A move the script gets wrong is answered as one typed at the keyboard: said in the reader's language, and
    the next line of the script answers again (here: ``q``, which stops)."""
    script = tmp_path / "moves.txt"
    script.write_text("dance\nq\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, monkeypatch, "--lang", lang, "play", "--seed", "1", "--hands", "1", "--script",
                             str(script), "--log", str(tmp_path / "s.jsonl"))
    assert code == 0 and "Traceback" not in out + err
    said = next(line for line in out.splitlines() if line.startswith("? 'dance'"))
    assert words in said
    if lang != "en":
        assert "is not a move" not in said and "You may" not in said
