"""The log's one schema: what the writers write is what the reader's records declare.

Every line ``LogWriter`` writes decodes straight into its record
(``decode_line``), and a log whose lines are written another way (spaces,
keys in another order) is read into the very same deals, through the
declared checks of the long way.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any, List

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules.core.errors import HistoryError
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.history import DealEntry, LogWriter, read_log, write_log
from bragrules.history.schema import LINE_TYPES, check_fields, decode_line, encode_line
from bragrules.profile import load_profile
from bragrules.rules.compile import compile_rules

from .conftest import scaled


def _log(profile: str, deals: int = 30) -> str:
    out = io.StringIO()
    session = Session(compile_rules(load_profile(profile)), ["A", "B", "C", "D"], seed=3)
    writer = LogWriter.for_session(out, session)
    play_session(session, random_chooser(random.Random(4)), max_deals=deals)
    writer.close()
    return out.getvalue()


def _deals(path: Path) -> List[DealEntry]:
    return list(read_log(path).deals)


@pytest.mark.parametrize("profile", ["standard", "traditional", "crash", "stop-the-bus"])
def test_every_line_written_is_its_record(profile: str) -> None:
    lines = _log(profile).splitlines()[1:]
    assert lines
    for line in lines:
        record = decode_line(line.encode("utf-8"))
        assert record is not None, line
        assert type(record) is LINE_TYPES[json.loads(line)["type"]]
        assert encode_line(record) == line


@pytest.mark.parametrize("profile", ["standard", "crash"])
def test_a_log_written_another_way_reads_the_same(profile: str, tmp_path: Path) -> None:
    text = _log(profile)
    plain = tmp_path / "plain.jsonl"
    plain.write_text(text, encoding="utf-8")
    spaced = tmp_path / "spaced.jsonl"  # spaces and keys reversed: no line decodes straight
    spaced.write_text("".join(json.dumps(dict(reversed(list(json.loads(line).items())))) + "\n"
                              for line in text.splitlines()), encoding="utf-8")
    assert decode_line(spaced.read_bytes().splitlines()[1]) is None
    assert _deals(spaced) == _deals(plain)


def test_write_log_writes_the_fields_in_the_writers_order(tmp_path: Path) -> None:
    path = tmp_path / "crash.jsonl"
    path.write_text(_log("crash", 5), encoding="utf-8")
    out = io.StringIO()
    write_log(read_log(path), out)
    results = [json.loads(line) for line in out.getvalue().splitlines() if '"type":"result"' in line]
    assert results and all("lives_lost" in r for r in results)
    for result in results:
        keys = list(result)
        assert keys.index("elapsed_ms") < keys.index("lives_lost")


@pytest.mark.parametrize("line, message", [
    ({"type": "deal", "deal": 2, "shuffled": "yes"}, "deal 2: 'shuffled' must be true or false"),
    ({"type": "deal", "deal": 2, "order": "A B"}, "deal 2: 'order' has the wrong type ('A B')"),
    ({"type": "action", "deal": True, "action": "A look"}, "action: 'deal' must be a whole number"),
    ({"type": "action", "deal": 1}, "action: missing 'action'"),
    ({"type": "result", "deal": 1, "winners": "A"}, "deal 1: result: winners must be a list"),
    ({"type": "result", "deal": 1, "elapsed_ms": 1.5}, "deal 1: result: 'elapsed_ms' must be a whole number"),
])
def test_each_field_words_its_problem_as_declared(line: Any, message: str) -> None:
    kind = line["type"]
    what = {"result": "deal {deal}: result"}.get(kind, "deal {deal}")
    with pytest.raises(HistoryError) as caught:
        check_fields(line, LINE_TYPES[kind], kind, what, "h.jsonl", 7)
    assert str(caught.value) == f"h.jsonl:7: {message}"


@pytest.mark.parametrize("line, words", [
    ('{"type":"deal","deal":1,"dealer":"A","order":[["B"],"C","D","A"],"shuffled":true,"carried_in":0}',
     "deal 1: order: expected a player's name, got ['B'] (quote it)"),
    ('{"type":"deal","deal":1,"dealer":"A","order":[{"B":1},"C","D","A"],"shuffled":true,"carried_in":0}',
     "deal 1: order: expected a player's name"),
    ('{"type":"deal","deal":1,"dealer":"A","order":["B","C","D","E"],"shuffled":true,"carried_in":0}',
     "deal 1: E in the order is not a player"),
    ('{"type":"deal","deal":1,"dealer":"A","order":["B","C","D","A"],"shuffled":true,"carried_in":[0]}',
     "deal 1: carried_in:"),
    ('{"type":"cards","deal":1,"cards":{"B":{"x":1},"C":"5s 7d Ah","D":"7s Qc Tc","A":"Kh Js 7c"}}',
     "deal 1: B's cards:"),
    ('{"type":"cards","deal":1,"cards":{"B":"Qs Ks 5c","C":"Qs 7d Ah","D":"7s Qc Tc","A":"Kh Js 7c"}}',
     "deal 1: Qs is dealt to B and to C"),
    ('{"type":"result","deal":1,"outcome":"won","winners":[["D"]],"pot":10}',
     "deal 1: result: winners: expected a player's name"),
    ('{"type":"result","deal":1,"outcome":"won","winners":["D"],"pot":10,"net":{"B":[4]}}',
     "deal 1: result: net.B:"),
    ('{"type":"result","deal":1,"outcome":"won","winners":["D"],"pot":10,"net":{"E":4}}',
     "deal 1: result: net: 'E' is not a player"),
    ('{"type":"result","deal":1,"outcome":"won","winners":["D"],"pot":{"x":1}}',
     "deal 1: result: pot:"),
])
def test_odd_values_in_exactly_written_lines_are_worded(line: str, words: str, tmp_path: Path) -> None:
    """A line written exactly as a record encodes but holding values of the wrong shape (a list where a
    name goes, an unknown player, a card twice) is refused in words naming its line, however it is read."""
    header = _log("standard", 1).splitlines()[0]
    deal = '{"type":"deal","deal":1,"dealer":"A","order":["B","C","D","A"],"shuffled":true,"carried_in":0}'
    lines = [header, line] if '"type":"deal"' in line else [header, deal, line]
    path = tmp_path / "odd.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(HistoryError) as caught:
        _deals(path)
    assert words in str(caught.value)
    assert caught.value.line == len(lines)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["A", "B", "E", "_x", "Kc 9c 4c", "3/2", "", "A B"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["A", "B", "E", "_x"]), inner, max_size=3),
    max_leaves=6,
)
_LINES = [
    {"type": "deal", "deal": 1, "dealer": "A", "order": ["B", "C", "D", "A"], "shuffled": True, "carried_in": 0},
    {"type": "cards", "deal": 1, "cards": {"B": "Qs Ks 5c", "C": "5s 7d Ah", "D": "7s Qc Tc", "A": "Kh Js 7c"}},
    {"type": "action", "deal": 1, "action": "B fold"},
    {"type": "result", "deal": 1, "outcome": "won", "winners": ["D"], "pot": 4, "net": {"B": -1, "C": -1, "D": 3, "A": -1},
     "carried_out": 0},
]


_SPOTS = [(i, key) for i, line in enumerate(_LINES) for key in line if key != "type"]


@settings(max_examples=scaled(16))
@given(spot=st.sampled_from(_SPOTS), nested=st.booleans(), place=st.integers(0, 3), value=_JSON)
def test_any_value_in_any_field_is_read_or_worded(spot: Any, nested: bool, place: int, value: Any,
                                                  tmp_path_factory: Any) -> None:
    """Any JSON value put in any field of a deal's lines (or in one place inside a field that holds a
    list or a mapping), written compactly as the writer writes, so that the line may take the reader's
    quickest way: the deal is read, or refused with a HistoryError naming a line; never another exception."""
    lines = [dict(line) for line in _LINES]
    which, key = spot
    target = lines[which]
    inner = target[key]
    if nested and isinstance(inner, dict) and inner:
        inner = dict(inner)
        inner[sorted(inner)[place % len(inner)]] = value
    elif nested and isinstance(inner, list) and inner:
        inner = list(inner)
        inner[place % len(inner)] = value
    else:
        inner = value
    target[key] = inner
    header = _log("standard", 1).splitlines()[0]
    path = tmp_path_factory.mktemp("odd") / "odd.jsonl"
    path.write_text("\n".join([header] + [json.dumps(line, separators=(",", ":"), ensure_ascii=False)
                                          for line in lines]) + "\n", encoding="utf-8")
    try:
        _deals(path)
    except HistoryError as exc:
        assert exc.line is not None and 2 <= exc.line <= len(lines) + 1
