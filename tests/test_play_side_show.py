"""``bragrules play`` and the side-show (seeing.side_show): the menu offers it with its exact cost and
whom it asks, the table hears who folded, and only a person who was one of the two sees the other hand."""

from __future__ import annotations

from pathlib import Path

from bragrules.engine.actions import Action
from bragrules_cli.play_turn import menu_entry, typed_move
from bragrules_cli.play_view import describe_action, side_show_private

from .helpers import FOUR, deal_with, play, rules_for, run_cli

LOOKED = ["A look", "A bet 2", "B look", "B bet 2", "C look"]


def _deal(**side_show: object):  # type: ignore[no-untyped-def]
    return deal_with(rules_for("standard", seeing={"side_show": {"allowed": True, **side_show}}), FOUR)


def test_the_menu_offers_the_side_show_with_its_cost_and_whom_it_asks() -> None:
    deal = play(_deal(), LOOKED)
    option = next(o for o in deal.legal_actions() if o.kind == "sideshow")
    assert menu_entry(option, deal).startswith("pay 2 and ask B for a side-show")
    assert typed_move(option) == "sideshow (2)"
    free = play(_deal(cost="none"), LOOKED)
    assert menu_entry(next(o for o in free.legal_actions() if o.kind == "sideshow"), free).startswith("ask B for")
    play(deal, ["C sideshow 2"])
    assert [menu_entry(o, deal) for o in deal.legal_actions()] == [
        "accept C's side-show (compare hands privately: the weaker folds)", "refuse C's side-show"]


def test_the_table_hears_who_folded_and_only_the_two_see_the_cards() -> None:
    deal = play(_deal(), LOOKED + ["C sideshow 2"])
    assert "asks B for a side-show, paying 2" in describe_action(deal, Action("C", "sideshow", amount=2))
    deal.apply_text("B accepts")
    line = describe_action(deal, Action("B", "accept"))
    assert "C folds" in line and "2♣" not in line and "5♠" not in line
    assert side_show_private(deal, "A") is None and side_show_private(deal, "D") is None
    for viewer, other in (("B", "2♣"), ("C", "5♠")):
        private = side_show_private(deal, viewer)
        assert private is not None and other in private and "only you see this" in private


def test_a_session_of_bots_with_side_shows_logs_who_folded_and_audits_clean(
        tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    profile = tmp_path / "side-show.yaml"
    profile.write_text("extends: standard\nname: side-show\nseeing: {side_show: {allowed: true}}\n", encoding="utf-8")
    log = tmp_path / "s.jsonl"
    code, out, _ = run_cli(capsys, monkeypatch, "play", "--profile", str(profile), "--auto", "--players", "5",
                           "--hands", "40", "--seed", "4", "--log", str(log))
    assert code == 0 and "for a side-show" in out and "compared in private" in out
    text = log.read_text(encoding="utf-8")
    assert "accepts, " in text and " folds\"" in text
    code, out, _ = run_cli(capsys, monkeypatch, "audit", str(log))
    assert code == 0 and "every action legal" in out
