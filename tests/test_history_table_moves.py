"""A sheet records what happens at the table between deals, as a log does: who sits a deal out (``away``,
``table.sitting_out``), the antes a player coming back posts (``posts``: ``D missed 3``), and the chips bought
(``buys``: ``A rebuy 20``, ``session.buy_in_min``, ``buy_in_max``, ``rebuy``, ``top_up``). Written by
``dump_sheet``, read by ``parse_sheet``, followed and checked by the audit, which cites a wrong one.
"""

from __future__ import annotations

import io
import random
from fractions import Fraction
from pathlib import Path

import pytest

from bragrules.audit import audit
from bragrules.core.errors import HistoryError
from bragrules.engine.session import Session, random_chooser
from bragrules.history import LogWriter, dump_sheet, parse_sheet, read_log
from bragrules.profile import load_profile_text
from bragrules.rules.compile import compile_rules

POSTING = "extends: standard\nname: posting\ntable: {sitting_out: post_missed}\n"
BUYING = ("extends: standard\nname: buying\nsession: {bankroll: finite, starting_stack: 20, buy_in_min: 10, "
          "buy_in_max: 100, rebuy: when_out}\n")


def _session_sheet(profile: str, tmp_path: Path, seed: int = 5, deals: int = 8, sit_out: bool = False) -> str:
    """A session played and logged, read back and written as a sheet (a log converted)."""
    session = Session(compile_rules(load_profile_text(profile)), ["A", "B", "C", "D"], seed=seed)
    out = io.StringIO()
    choose = random_chooser(random.Random(seed))
    with LogWriter.for_session(out, session, include_profile=True):
        for number in range(deals):
            if sit_out and number == 1:
                session.sit_out("D")
            if sit_out and number == 4:
                session.sit_in("D")
            for player in session.players:
                if session.buy_options(player) and session.balances[player] == 0:
                    session.buy(player, Fraction(20))
            if session.is_over:
                break
            deal = session.start_deal()
            while not deal.is_over:
                session.act(choose(deal))
            session.finish_deal()
    path = tmp_path / "session.jsonl"
    path.write_text(out.getvalue())
    return dump_sheet(read_log(str(path)))


def test_a_sheet_writes_who_sits_out_and_the_antes_missed(tmp_path: Path) -> None:
    text = _session_sheet(POSTING, tmp_path, sit_out=True)
    assert "away: [D]" in text and "posts: [D missed 3" in text
    profile = load_profile_text(POSTING)
    history = parse_sheet(text, filename="sheet.yaml")
    assert [d.away for d in history.deals[:5]] == [None, ["D"], ["D"], ["D"], None]
    report = audit(history, profile)
    assert report.ok, [str(v) for v in report.violations]
    wrong = audit(parse_sheet(text.replace("D missed 3", "D missed 1"), filename="sheet.yaml"), profile)
    assert [(v.rule, v.deal) for v in wrong.violations][:1] == [("table.sitting_out", 5)]
    plain = audit(history, load_profile_text("extends: standard\nname: posting\n"))
    first = next(v for v in plain.violations if v.deal == 2)
    assert first.rule == "table.sitting_out" and "D sits out deal 2: nobody sits out at this table" in first.message


def test_a_sheet_writes_the_chips_bought(tmp_path: Path) -> None:
    text = _session_sheet(BUYING, tmp_path, seed=2, deals=40)
    assert "rebuy 20" in text
    profile = load_profile_text(BUYING)
    report = audit(parse_sheet(text, filename="sheet.yaml"), profile)
    assert report.ok, [str(v) for v in report.violations]
    tampered = audit(parse_sheet(text.replace("rebuy 20", "rebuy 500", 1), filename="sheet.yaml"), profile)
    assert tampered.violations and tampered.violations[0].rule == "session.buy_in_max"
    assert "a buy is at most 100, not 500" in tampered.violations[0].message
    never = audit(parse_sheet(text, filename="sheet.yaml"),
                  load_profile_text(BUYING.replace("rebuy: when_out", "rebuy: never")))
    assert "session.rebuy" in {v.rule for v in never.violations}


SHEET = ("format: bragrules-history/1\nprofile: posting\nplayers: [A, B, C]\ndeals:\n"
         "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd}\n"
         "    actions: [A fold, B fold]\n")


@pytest.mark.parametrize("line, message", [
    ("    away: C\n", "sheet.yaml:7: deal 1: away: expected a list of the players sitting this deal out"),
    ("    away: [E]\n", "sheet.yaml:7: deal 1: away: E is not a player"),
    ("    buys: [A rebuy]\n", "sheet.yaml:7: deal 1: buys: each is PLAYER KIND AMOUNT, e.g. [A rebuy 20], "
                            "not 'A rebuy'"),
    ("    posts: [D missed 3]\n", "sheet.yaml:7: deal 1: posts: 'D' is not a player"),
    ("    buys: [A rebuy lots]\n", "sheet.yaml:7: deal 1: buys:"),
])
def test_a_malformed_table_move_is_one_line_with_its_place(line: str, message: str) -> None:
    with pytest.raises(HistoryError) as refused:
        parse_sheet(SHEET + line, filename="sheet.yaml")
    assert str(refused.value).startswith(message), str(refused.value)
