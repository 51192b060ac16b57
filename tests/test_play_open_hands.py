"""``bragrules play`` with open hands: the cards dealt face up shown to everyone (``format.open.face_up``),
playing open offered with its exact bet and told to the table (``format.open.faceup``)."""

from __future__ import annotations

from pathlib import Path

from bragrules.engine.actions import Action
from bragrules_cli.play_turn import menu_entry, typed_move
from bragrules_cli.play_view import describe_action

from .helpers import FOUR, deal_with, play, rules_for, run_cli


def test_the_menu_offers_playing_open_at_its_price_and_the_table_hears_it() -> None:
    deal = play(deal_with(rules_for("teen-patti", format={"open": {"faceup": "double_chaal"}}), FOUR), ["A look"])
    option = next(o for o in deal.legal_actions() if o.kind == "open")
    assert typed_move(option) == "open 4"
    assert menu_entry(option, deal) == "play open: bet 4 and turn your hand face up for everyone"
    play(deal, ["A opens 4"])
    assert "plays open, betting 4" in describe_action(deal, Action("A", "open", amount=4))


def test_a_stud_session_shows_the_face_up_cards_and_audits_clean(tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "stud.jsonl"
    code, out, _ = run_cli(capsys, monkeypatch, "play", "--profile", "stud", "--auto", "--players", "4",
                           "--hands", "10", "--seed", "3", "--log", str(log))
    assert code == 0
    assert '"face_up":' in log.read_text(encoding="utf-8")
    code, out, _ = run_cli(capsys, monkeypatch, "audit", str(log))
    assert code == 0 and "every action legal" in out


def test_a_faceup_session_of_bots_audits_clean(tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "faceup.jsonl"
    code, _, _ = run_cli(capsys, monkeypatch, "play", "--profile", "faceup", "--auto", "--players", "4",
                         "--hands", "30", "--seed", "5", "--log", str(log), "--bots", "random")
    assert code == 0
    code, out, _ = run_cli(capsys, monkeypatch, "audit", str(log))
    assert code == 0 and "every action legal" in out
