"""Hand histories: the YAML sheet and the JSON Lines log, read into one model and written back."""

from __future__ import annotations

import io
import json
import random
from fractions import Fraction as F
from pathlib import Path
from typing import List

import pytest

from bragrules.audit import audit
from bragrules.core.cards import parse_cards
from bragrules.core.errors import HistoryError
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.history import (
    LOG_FORMAT,
    History,
    LogWriter,
    dump_sheet,
    parse_sheet,
    read_history,
    read_log,
    read_sheet,
    sniff_kind,
    write_log,
    write_sheet,
)
from bragrules.profile import load_profile, profile_hash
from bragrules.rules.compile import compile_rules

DATA = Path(__file__).resolve().parent / "data" / "histories"


def line_of(path: Path, text: str) -> int:
    """The 1-based line of the first line of ``path`` containing ``text``."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if text in line:
            return number
    raise AssertionError(f"{text!r} not in {path}")


def sheet_text(*deals: str, header: str = "profile: traditional\nplayers: [A, B, C, D]\ndealer: D\n") -> str:
    return header + "deals:\n" + "".join(deals)


def error_of(text: str, filename: str = "h.yaml") -> HistoryError:
    with pytest.raises(HistoryError) as info:
        parse_sheet(text, filename=filename)
    return info.value


def session_log(tmp_path: Path, profile: str = "traditional", seed: int = 3, deals: int = 30) -> tuple:
    rules = compile_rules(load_profile(profile))
    session = Session(rules, ["A", "B", "C", "D"], seed=seed)
    path = tmp_path / f"{profile}-{seed}.jsonl"
    with LogWriter.for_session(path, session, profile_name=profile):
        play_session(session, random_chooser(random.Random(seed)), max_deals=deals)
    return path, session


# ---------------------------------------------------------------------------
# The sheet
# ---------------------------------------------------------------------------


def test_worked_pot_sheet_is_read_with_lines() -> None:
    path = DATA / "worked_pot.yaml"
    history = read_sheet(path)
    assert history.kind == "sheet"
    assert history.players == ["A", "B", "C", "D"]
    assert history.dealer == "D" and history.profile == "traditional"
    assert history.profile_base == path.parent
    (deal,) = history.deals
    assert deal.cards["A"] == tuple(parse_cards("Kc 9c 4c"))
    assert deal.cards["C"] is None  # ?? ?? ??
    assert "D" not in deal.cards  # left out: nobody saw it
    actions_line = line_of(path, "actions:")
    assert [str(a) for a in deal.actions] == [
        "A look", "A bet 2", "B look", "B bet 2", "C fold", "D fold", "A see 4",
    ]
    assert {a.line for a in deal.actions} == {actions_line}
    assert deal.card_line("B") == line_of(path, "B: 5s 6h 7d")
    claim = deal.result
    assert claim is not None and claim.winners == ["B"] and claim.outcome == "won"
    assert claim.net == {"A": -7, "B": 9, "C": -1, "D": -1}
    assert claim.line == line_of(path, "result:")


def test_every_action_knows_its_own_line() -> None:
    path = DATA / "casual_example.yaml"
    (deal,) = read_sheet(path).deals
    for entry in deal.actions:
        assert entry.line == line_of(path, f"- {entry}")


def test_every_action_form_is_read() -> None:
    text = sheet_text(
        "  - actions: [A look, A bet 2, B see 5/2, C fold, D check, A look old, A look new, A keep, A discard,"
        " B bet 2.5, B bet 2½]\n"
    )
    (deal,) = parse_sheet(text).deals
    kinds = [(a.action.kind, a.action.amount, a.action.target) for a in deal.actions]
    assert kinds == [
        ("look", None, None), ("bet", 2, None), ("see", F(5, 2), None), ("fold", None, None),
        ("check", None, None), ("look", None, "old"), ("look", None, "new"), ("keep", None, None),
        ("discard", None, None), ("bet", F(5, 2), None), ("bet", F(5, 2), None),
    ]


def test_result_claims_winner_split_carried_and_fraction_nets() -> None:
    text = sheet_text(
        "  - result: {winner: [A, B], net: {A: -3/2, B: '7/2', C: -1, D: -1}}\n",
        "  - result: {carried: true}\n",
        "  - result: {winners: C, pot: 12}\n",
    )
    split, carried, won = parse_sheet(text).deals
    assert split.result.outcome == "split" and split.result.winners == ["A", "B"]
    assert split.result.net == {"A": F(-3, 2), "B": F(7, 2), "C": -1, "D": -1}
    assert carried.result.outcome == "carried" and carried.result.winners == []
    assert won.result.outcome == "won" and won.result.winners == ["C"] and won.result.pot == 12


def test_comments_and_user_fields_are_ignored() -> None:
    text = (
        "# a session at the pub\nformat: bragrules-history/1\n_venue: The Crown\nprofile: traditional\n"
        "players: [A, B, C, D]  # clockwise\ndealer: D\ndeals:\n"
        "  - _note: first hand\n    cards: {A: Kc 9c 4c, _who: me}\n    actions: [A look]\n"
        "    result: {winner: A, _comment: claimed at the table}\n"
    )
    (deal,) = parse_sheet(text).deals
    assert list(deal.cards) == ["A"] and deal.result.winners == ["A"]


def test_cards_may_be_lists_and_unknown_hands_may_be_null() -> None:
    text = sheet_text("  - cards:\n      A: [Kc, 9c, 4c]\n      B: null\n      C: 10h Jh Qh\n")
    (deal,) = parse_sheet(text).deals
    assert deal.cards["A"] == tuple(parse_cards("Kc 9c 4c"))
    assert deal.cards["B"] is None
    assert deal.cards["C"] == tuple(parse_cards("Th Jh Qh"))


def test_centre_cards_are_read_and_checked() -> None:
    (deal,) = parse_sheet(sheet_text("  - cards: {A: Kc 9c 4c}\n    centre: 5h 9d Qs\n")).deals
    assert deal.centre == tuple(parse_cards("5h 9d Qs")) and deal.centre_line == 6
    error = error_of(sheet_text("  - cards: {A: Kc 9c 4c}\n    centre: 5h 9c Qs\n"))
    assert error.line == 6 and "9c is dealt to A and to the centre" in error.message
    error = error_of(sheet_text("  - centre: '?? ?? ??'\n"))
    assert "face up" in error.message


def test_a_later_deal_lists_only_new_hands() -> None:
    (first, second) = read_sheet(DATA / "retention.yaml").deals
    assert set(first.cards) == set(second.cards) == {"A", "B", "C", "D"}
    assert second.cards["A"] == tuple(parse_cards("Kc 9s 4c"))  # the new hand; the old one is deal 1's


# -- mistakes in a sheet ----------------------------------------------------------


def test_a_bad_card_is_named_with_its_line() -> None:
    path = DATA / "bad_card.yaml"
    with pytest.raises(HistoryError) as info:
        read_sheet(path)
    assert info.value.line == line_of(path, "7x")
    assert "'7x'" in info.value.message and str(path) in str(info.value)


def test_a_card_dealt_twice_in_a_deal() -> None:
    path = DATA / "duplicate_card.yaml"
    with pytest.raises(HistoryError) as info:
        read_sheet(path)
    assert info.value.line == line_of(path, "C: 2c 9c Jd")
    assert "9c is dealt to A and to C" in info.value.message


def test_a_card_twice_in_one_hand() -> None:
    error = error_of(sheet_text("  - cards: {A: Kc Kc 4c}\n"))
    assert error.line == 5 and "Kc is dealt twice to A" in error.message


def test_unknown_players_in_actions_and_cards() -> None:
    path = DATA / "unknown_player.yaml"
    with pytest.raises(HistoryError) as info:
        read_sheet(path)
    assert info.value.line == line_of(path, "E fold")
    assert "'E'" in info.value.message
    error = error_of(sheet_text("  - cards:\n      A: Kc 9c 4c\n      Z: 5s 6h 7d\n"))
    assert error.line == 7 and "'Z'" in error.message
    error = error_of(sheet_text("  - result: {winner: Q}\n"))
    assert error.line == 5 and "Q is not a player" in error.message
    error = error_of(sheet_text("  - result: {winner: A, net: {A: 2, X: -2}}\n"))
    assert error.line == 5 and "'X' is not a player" in error.message


def test_floats_in_net_are_refused() -> None:
    path = DATA / "float_net.yaml"
    with pytest.raises(HistoryError) as info:
        read_sheet(path)
    assert info.value.line == line_of(path, "9.0")
    assert "floating-point" in info.value.message and "5/2" in info.value.message


def test_an_unreadable_action() -> None:
    error = error_of(sheet_text("  - actions:\n      - A look\n      - A dance\n"))
    assert error.line == 7 and "unknown action 'dance'" in error.message
    error = error_of(sheet_text("  - actions:\n      - A bet\n"))
    assert error.line == 6 and "needs one amount" in error.message
    error = error_of(sheet_text("  - actions: A look, A bet 2\n"))
    assert "expected a list" in error.message


@pytest.mark.parametrize(
    "text, line, words",
    [
        ("", None, "empty"),
        ("- A\n- B\n", 1, "mapping"),
        ("players: [A, B]\nplayers: [A, B]\n", 2, "duplicate key"),
        ("format: bragrules-history/9\nplayers: [A, B]\n", 1, "bragrules-history/1"),
        ("players: [A, B]\ndeaker: A\n", 2, "unknown key 'deaker'"),
        ("dealer: A\n", 1, "players"),
        ("players: [A, A]\n", 1, "listed twice"),
        ("players: [A, B]\ndealer: C\n", 2, "not one of the players"),
        ("players: [A, B, no]\n", 1, "quote it"),
        ("players: [A, 'B C']\n", 1, "one word"),
        ("players: [A, B]\ndeals:\n  - cards: {A: Kc 9c 4c, B: ?? ?? ??}\n", 3, "in quotes"),
        ("players: [A, B]\ndeals:\n  - carsd: {}\n", 3, "unknown key 'carsd'"),
        ("players: [A, B]\ndeals:\n  - result: {winner: A, carried: true}\n", 3, "no winner"),
        ("base: &b [A, B]\nplayers: *b\n", 1, "anchors and aliases are not allowed in history sheets"),
    ],
)
def test_malformed_sheets(text: str, line, words: str) -> None:
    error = error_of(text)
    assert error.file == "h.yaml"
    assert error.line == line
    assert words in error.message


def test_a_missing_file() -> None:
    with pytest.raises(HistoryError) as info:
        read_history(DATA / "no-such-sheet.yaml")
    assert "no such file" in str(info.value) and "no-such-sheet.yaml" in str(info.value)


# ---------------------------------------------------------------------------
# The log
# ---------------------------------------------------------------------------


def test_log_writer_writes_a_header_then_one_flushed_line_per_event(tmp_path: Path) -> None:
    rules = compile_rules(load_profile("traditional"))
    session = Session(rules, ["A", "B", "C", "D"], seed=11, dealer="D")
    path = tmp_path / "game.jsonl"
    writer = LogWriter.for_session(path, session, profile_name="traditional")
    assert session.listener is writer
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])  # on disk at once
    assert header["type"] == "header" and header["format"] == LOG_FORMAT
    assert header["profile"] == "traditional" and header["profile_hash"] == profile_hash(rules.profile)
    assert header["players"] == ["A", "B", "C", "D"] and header["seed"] == 11 and header["dealer"] == "D"
    assert header["profile_data"] == rules.profile.model_dump(mode="json")
    session.start_deal()
    for text in ["A bet 1", "B look", "B bet 2", "C fold", "D fold"]:
        session.act(text)
        lines = path.read_text(encoding="utf-8").splitlines()  # flushed line by line
        assert json.loads(lines[-1]) == {"type": "action", "deal": 1, "action": text}
        assert all("cards" not in json.loads(line) for line in lines)  # nobody's hand while the deal goes on
    writer.close()  # stopped in the middle of the deal: the hands are written as the log closes
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [e["type"] for e in events] == ["header", "deal"] + ["action"] * 5 + ["cards"]
    assert events[1]["order"] == ["A", "B", "C", "D"] and events[1]["carried_in"] == 0
    assert events[-1]["cards"] == {p: " ".join(map(str, h)) for p, h in session.current_hands().items()}


def test_the_hands_are_written_when_the_deal_ends_and_the_audit_reads_them(tmp_path: Path) -> None:
    """A log being written shows no hand of a deal in progress; each deal's hands follow its last action."""
    rules = compile_rules(load_profile("traditional"))
    session = Session(rules, ["A", "B", "C"], seed=5, dealer="C")
    path = tmp_path / "game.jsonl"
    writer = LogWriter.for_session(path, session, profile_name="traditional")
    session.start_deal()
    hands = {p: " ".join(map(str, h)) for p, h in session.current_hands().items()}
    on_disk = path.read_text(encoding="utf-8")
    assert not any(hand in on_disk for hand in hands.values())
    for text in ["A look", "A bet 2", "B look", "B bet 2", "C fold", "A see 4"]:
        session.act(text)
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [e["type"] for e in events][-2:] == ["action", "cards"]  # shown with the see, before settling
    assert events[-1]["cards"] == hands
    session.finish_deal()
    writer.close()
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [e["type"] for e in events][-2:] == ["cards", "result"]
    history = read_history(path)
    (deal,) = list(history.deals)
    assert {p: " ".join(map(str, h)) for p, h in deal.cards.items()} == hands
    assert deal.card_line("A") == len(events) - 1
    report = audit(str(path))
    assert report.ok, report.violations


def test_a_log_with_the_hands_in_the_deal_line_still_reads(tmp_path: Path) -> None:
    """Logs written before the hands moved to their own line: the same deals, the same audit."""
    rules = compile_rules(load_profile("traditional"))
    old, new = tmp_path / "old.jsonl", tmp_path / "new.jsonl"
    for path, hide in ((old, False), (new, True)):
        session = Session(rules, ["A", "B", "C"], seed=9, dealer="C")
        with LogWriter(path, rules.profile, session.players, dealer=session.dealer, seed=9,
                       hide_cards=hide, session=session) as writer:
            session.listener = writer
            play_session(session, random_chooser(random.Random(2)), max_deals=5)
    assert '"cards":{' in old.read_text(encoding="utf-8").splitlines()[1]
    assert [(d.cards, [str(a) for a in d.actions]) for d in read_history(old).deals] == \
        [(d.cards, [str(a) for a in d.actions]) for d in read_history(new).deals]
    assert audit(str(old)).ok and audit(str(new)).ok


@pytest.mark.parametrize("extra, message", [
    ('{"type":"cards","deal":1,"cards":{"A":"2c 3c 4c"}}', "A's cards are given twice"),
    ('{"type":"cards","deal":2,"cards":{"A":"2c 3c 4c"}}', "the cards of deal 2 outside that deal"),
])
def test_a_cards_line_that_contradicts_the_log_is_refused(tmp_path: Path, extra: str, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"type":"header","format":"bragrules-log/1","profile":"standard","players":["A","B"],'
                    '"dealer":"B"}\n{"type":"deal","deal":1,"cards":{"A":"Kc 9c 4c"}}\n' + extra + "\n",
                    encoding="utf-8")
    with pytest.raises(HistoryError) as info:
        list(read_history(path).deals)
    assert message in str(info.value) and str(info.value).startswith(f"{path}:3:")


def test_log_money_is_exact_integers_or_fraction_strings() -> None:
    rules = compile_rules(load_profile("traditional"))
    out = io.StringIO()
    writer = LogWriter(out, rules.profile, ["A", "B", "C"], dealer="C", include_profile=False)
    writer({"type": "result", "deal": 1, "outcome": "won", "winners": ["A"], "pot": F(15, 2),
            "net": {"A": F(9, 2), "B": F(-2), "C": F(-5, 2)}, "carried_out": F(0)})
    header, result = [json.loads(line) for line in out.getvalue().splitlines()]
    assert "profile_data" not in header
    assert result["pot"] == "15/2" and result["net"] == {"A": "9/2", "B": -2, "C": "-5/2"}
    assert result["carried_out"] == 0


def test_a_header_waits_for_the_first_dealer_when_not_given() -> None:
    rules = compile_rules(load_profile("traditional"))
    out = io.StringIO()
    writer = LogWriter(out, rules.profile, ["A", "B", "C"])
    assert out.getvalue() == ""
    writer({"type": "deal", "deal": 1, "dealer": "B", "order": ["C", "A", "B"], "cards": {}, "retained": {},
            "carried_in": F(0), "shuffled": True})
    header = json.loads(out.getvalue().splitlines()[0])
    assert header["dealer"] == "B"


def test_a_log_is_read_deal_by_deal(tmp_path: Path) -> None:
    path, session = session_log(tmp_path, "standard", seed=5, deals=12)
    history = read_log(path)
    assert history.kind == "log" and history.players == ["A", "B", "C", "D"]
    assert history.profile == "standard" and history.seed == 5 and history.profile_data is not None
    deals = history.deals
    assert not isinstance(deals, list)  # read lazily
    iterator = iter(deals)
    first = next(iterator)
    assert first.number == 1 and first.dealer == session.records[0].dealer
    assert first.order == session.records[0].order
    assert first.cards == {p: tuple(h) for p, h in session.records[0].hands.items()}
    assert [str(a) for a in first.actions] == session.records[0].actions
    assert [a.line for a in first.actions] == list(range(3, 3 + len(first.actions)))
    assert first.result.net == session.records[0].result.net
    rest = list(iterator)
    assert len(rest) == 11
    assert [str(a) for a in rest[-1].actions] == session.records[-1].actions
    assert len(list(history.deals)) == 12  # may be read again


def test_a_log_is_read_in_constant_memory(tmp_path: Path) -> None:
    """Deals are yielded as they are read: the reader holds one deal, not the file."""
    path, _ = session_log(tmp_path, "standard", seed=1, deals=40)
    history = read_log(path)
    seen = 0
    for _deal in history.deals:
        seen += 1
        if seen == 1:
            # the rest of the file has not been read into memory: appending now is still seen
            with open(path, "a", encoding="utf-8") as handle:
                handle.write(json.dumps({"type": "deal", "deal": 41, "dealer": "A", "cards": {}}) + "\n")
    assert seen == 41


def test_a_truncated_last_line_is_an_error_after_the_deals_before_it(tmp_path: Path) -> None:
    path, session = session_log(tmp_path, "standard", seed=2, deals=5)
    text = path.read_text(encoding="utf-8")
    cut = text[: text.rstrip("\n").rfind("\n") + 1]  # all but the last line
    last = text[len(cut):]
    path.write_text(cut + last[: len(last) // 2], encoding="utf-8")
    lines = len(cut.splitlines()) + 1
    history = read_log(path)
    read: List[int] = []
    with pytest.raises(HistoryError) as info:
        for deal in history.deals:
            read.append(deal.number)
    assert info.value.line == lines
    assert "cut short" in info.value.message
    assert read == [1, 2, 3, 4, 5]  # the fifth has lost its result, but its actions were read


@pytest.mark.parametrize(
    "lines, line, words",
    [
        (['{"type":"deal","deal":1,"cards":{}}', "not json at all"], 3, "not a JSON event"),
        (['{"type":"deal","deal":2,"cards":{}}'], 2, "deal 2 follows deal 0"),
        (['{"type":"action","deal":1,"action":"A fold"}'], 2, "outside that deal"),
        (['{"type":"deal","deal":1,"cards":{}}', '{"type":"action","deal":1,"action":"E fold"}'], 3, "'E'"),
        (['{"type":"deal","deal":1,"cards":{"A":"Kc 9c 4c","B":"Kc 2d 3d"}}'], 2, "Kc is dealt to A and to B"),
        (['{"type":"deal","deal":1,"cards":{"A":"Kc 9c 4c"},"retained":{"B":"4c 5c 6c"}}'], 2, "4c is dealt"),
        (['{"type":"deal","deal":1,"cards":{}}', '{"type":"result","deal":1,"net":{"A":1.5}}'], 3, "floating"),
        (['{"type":"deal","deal":1,"cards":{}}', '{"type":"cheer","deal":1}'], 3, "unknown event type"),
        (['{"type":"deal","deal":1,"cards":{}}', '{"deal":1}'], 3, "needs a \"type\""),
        (['[1, 2]'], 2, "JSON object"),
    ],
)
def test_malformed_logs(tmp_path: Path, lines: List[str], line: int, words: str) -> None:
    header = json.dumps({"type": "header", "format": LOG_FORMAT, "profile": "traditional",
                         "players": ["A", "B", "C"], "dealer": "C", "seed": None})
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join([header, *lines]) + "\n", encoding="utf-8")
    with pytest.raises(HistoryError) as info:
        list(read_log(path).deals)
    assert info.value.line == line and info.value.file == str(path)
    assert words in info.value.message


def test_user_lines_and_fields_in_a_log_are_ignored(tmp_path: Path) -> None:
    header = json.dumps({"type": "header", "format": LOG_FORMAT, "profile": "traditional",
                         "players": ["A", "B", "C"], "dealer": "C", "_table": "kitchen"})
    events = [
        {"type": "_comment", "text": "first deal"},
        {"type": "deal", "deal": 1, "cards": {"A": "Kc 9c 4c"}, "_dealt_by_hand": True},
        {"type": "action", "deal": 1, "action": "A look"},
    ]
    path = tmp_path / "notes.jsonl"
    path.write_text("\n".join([header, *map(json.dumps, events)]) + "\n\n", encoding="utf-8")
    (deal,) = read_log(path).deals
    assert [str(a) for a in deal.actions] == ["A look"] and deal.result is None


@pytest.mark.parametrize(
    "header, words",
    [
        ({"type": "deal"}, "header"),
        ({"type": "header", "format": "bragrules-log/0", "players": ["A", "B"]}, "format"),
        ({"type": "header", "format": LOG_FORMAT}, "players"),
        ({"type": "header", "format": LOG_FORMAT, "players": ["A", "B"], "dealer": "C"}, "dealer"),
    ],
)
def test_malformed_headers(tmp_path: Path, header: dict, words: str) -> None:
    path = tmp_path / "h.jsonl"
    path.write_text(json.dumps(header) + "\n", encoding="utf-8")
    with pytest.raises(HistoryError) as info:
        read_log(path)
    assert info.value.line == 1 and words in info.value.message


def test_the_form_is_decided_by_content(tmp_path: Path) -> None:
    log, _ = session_log(tmp_path, "standard", deals=2)
    disguised = tmp_path / "really-a-log.yaml"
    disguised.write_bytes(log.read_bytes())
    assert sniff_kind(disguised) == "log"
    assert read_history(disguised).kind == "log"
    assert sniff_kind(DATA / "worked_pot.yaml") == "sheet"
    spaced = tmp_path / "spaced.txt"
    spaced.write_text("\n\n   " + log.read_text(encoding="utf-8"), encoding="utf-8")
    assert sniff_kind(spaced) == "log"


# ---------------------------------------------------------------------------
# Writing, and one model for both forms
# ---------------------------------------------------------------------------


def summary(history: History) -> list:
    return [
        (
            d.number,
            d.cards,
            [str(a) for a in d.actions],
            None if d.result is None else (d.result.outcome, d.result.winners, d.result.net),
        )
        for d in history.deals
    ]


@pytest.mark.parametrize("name", ["worked_pot.yaml", "retention_three.yaml", "tie_split.yaml", "casual_example.yaml"])
def test_sheet_to_sheet_and_sheet_to_log_keep_the_model(tmp_path: Path, name: str) -> None:
    original = read_sheet(DATA / name)
    again = parse_sheet(dump_sheet(original), filename="again.yaml")
    assert summary(again) == summary(original)
    assert (again.players, again.dealer, again.profile) == (original.players, original.dealer, original.profile)
    log = tmp_path / "as-log.jsonl"
    write_log(original, log)
    from_log = read_history(log)
    assert from_log.kind == "log"
    assert summary(from_log) == summary(original)
    assert (from_log.players, from_log.dealer, from_log.profile) == (
        original.players, original.dealer, original.profile,
    )


def test_log_to_sheet_keeps_the_model(tmp_path: Path) -> None:
    path, _ = session_log(tmp_path, "traditional", seed=4)
    log = read_log(path)
    sheet_path = tmp_path / "as-sheet.yaml"
    write_sheet(log, sheet_path)
    sheet = read_sheet(sheet_path)
    assert summary(sheet) == summary(log)
    assert sheet.end is not None and log.end is not None
    assert (sheet.end.net, sheet.end.winners) == (log.end.net, log.end.winners)


# ---------------------------------------------------------------------------
# The examples of docs/history.md
# ---------------------------------------------------------------------------

DOC = Path(__file__).resolve().parent.parent / "docs" / "history.md"


def doc_blocks(language: str) -> List[str]:
    import re

    return re.findall(rf"```{language}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)


def test_the_documented_sheets_audit_clean() -> None:
    from bragrules.audit import audit

    sheets = [b for b in doc_blocks("yaml") if "format: bragrules-history/1" in b]
    assert len(sheets) == 2
    for text in sheets:
        report = audit(parse_sheet(text, filename="doc.yaml"))
        assert report.ok, [str(v) for v in report.violations]


def test_the_documented_log_excerpt_audits_clean(tmp_path: Path) -> None:
    from bragrules.audit import audit

    (excerpt,) = doc_blocks("json")
    path = tmp_path / "doc.jsonl"
    path.write_text(excerpt, encoding="utf-8")
    report = audit(path, "traditional")  # named: a later change to the profile is only a warning
    assert report.ok, [str(v) for v in report.violations]
    assert report.deal_count == 2 and report.net == {"A": -2, "B": F(11, 2), "C": -8, "D": F(9, 2)}


def test_a_log_never_carries_raw_terminal_controls(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A name with a C1 control (U+009B, a terminal's CSI) or a bidirectional override is written
    as a \\u escape, so `cat` of a log cannot drive the terminal; read back, the name is unchanged."""
    import random as _random

    from bragrules.audit import audit as _audit
    from bragrules.engine.session import Session as _Session
    from bragrules.engine.session import play_session, random_chooser
    from bragrules.history import LogWriter as _LogWriter
    from bragrules.profile import load_profile as _load
    from bragrules.rules.compile import compile_rules as _compile

    names = ["A\u009b2J", "B\u202eC", "D"]
    session = _Session(_compile(_load("standard")), names, seed=3)
    path = tmp_path / "controls.jsonl"
    with _LogWriter.for_session(path, session, profile_name="standard"):
        play_session(session, random_chooser(_random.Random(3)), max_deals=2)
    raw = path.read_bytes()
    assert "\u009b".encode() not in raw and "\u202e".encode() not in raw
    assert b"\\u009b" in raw
    report = _audit(str(path))
    assert report.ok and set(report.net) == set(names)


# ---------------------------------------------------------------------------
# A redeal's result: which pot it means
# ---------------------------------------------------------------------------


def _redeal_log(path: Path) -> List[dict]:
    """000's fine points: C sees B's cards by accident before any betting and B demands "a
    redeal of the whole hand, with all antes returned"; the hand is dealt again and A takes it."""
    session = Session(compile_rules(load_profile("standard")), ["A", "B", "C"], seed=5)
    with LogWriter.for_session(path, session, profile_name="standard"):
        session.start_deal()
        session.act("C exposes B")
        session.act("B redeal")
        session.finish_deal()
        session.start_deal()
        session.act("B fold")
        session.act("C fold")
        session.finish_deal()
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_redeal_result_says_its_pot_went_back_to_the_players(tmp_path: Path) -> None:
    """The pot of a result is the pot as the deal ended, before settlement: a redeal's 3 antes,
    with every net 0, are 3 returned (``returned``), not 3 won; other results write no ``returned``."""
    lines = _redeal_log(tmp_path / "redeal.jsonl")
    redeal, won = [line for line in lines if line["type"] == "result"]
    assert redeal["outcome"] == "redeal" and redeal["pot"] == 3 and redeal["returned"] == 3
    assert set(redeal["net"].values()) == {0} and redeal["carried_out"] == 0
    assert won["outcome"] == "won" and "returned" not in won
    report = audit(tmp_path / "redeal.jsonl")
    assert report.ok, report.violations
    rows = [d.to_json() for d in report.deals]
    assert [(r["outcome"], r["pot"], r["returned"]) for r in rows] == [("redeal", 3, 3), ("won", 3, 0)]


def test_a_redeal_claim_of_what_was_returned_is_checked_and_old_logs_read_as_before(tmp_path: Path) -> None:
    path = tmp_path / "redeal.jsonl"
    lines = _redeal_log(path)
    result = next(line for line in lines if line["type"] == "result")
    result["returned"] = 2
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    report = audit(path)
    assert [v.rule for v in report.violations] == ["history.result"]
    assert "the stakes returned are given as 2; replayed, 3 went back to the players" in report.violations[0].message
    del result["returned"]  # a log written before the field: its redeal reads as before
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    assert audit(path).ok


def test_what_a_profile_accepts_its_logs_round_trip(tmp_path: Path) -> None:
    """issue 23: amounts valid but astronomically fine played, and their log could not be audited or resumed.

    The finest the profile accepts plays, audits clean and resumes; one digit pair finer is refused at the
    field's line, before any play.
    """
    from bragrules.play.table import Seat, Table
    from bragrules.profile import ProfileError

    def profile_file(digits: int) -> Path:
        path = tmp_path / f"fine-{digits}.yaml"
        path.write_text(f"extends: standard\nname: fine\nstakes:\n  blind_rate: 1/{'7' * digits}\n", encoding="utf-8")
        return path

    profile = load_profile(profile_file(2134))
    log = tmp_path / "fine.jsonl"
    table = Table.new(profile, [Seat(p, "loose") for p in ("Ada", "Bo", "Cy")], seed=3, profile_name="fine",
                      log_path=log, hands=12)
    table.run(max_deals=6)
    assert any(len(line) > 4000 for line in log.read_text(encoding="utf-8").splitlines()), "amounts of 4,000+ digits"
    report = audit(str(log))
    assert report.ok, [str(v) for v in report.violations] + [str(report.error)]
    resumed = Table.resume(log)
    resumed.run(max_deals=resumed.deals_left())
    assert audit(str(log)).ok and resumed.deals_played == 12
    with pytest.raises(ProfileError, match=r"fine-2200\.yaml:4:\d+: stakes\.blind_rate: amounts this fine"):
        load_profile(profile_file(2200))
