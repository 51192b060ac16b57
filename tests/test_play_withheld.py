"""``bragrules play``: a move the rules take away at a turn is named under the menu with the rule and
why, before anyone tries it (Teen Patti's ``blind.max_blind_turns``: after four blind bets, bet and see
are gone until the cards are looked at)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import run_cli


def test_the_menu_says_why_bet_is_gone_after_the_blind_turn_limit(
        tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    script = tmp_path / "moves.txt"
    script.write_text("bet\nbet\nbet\nbet\nfold\n", encoding="utf-8")
    code, out, _ = run_cli(capsys, monkeypatch, "play", "--profile", "teen-patti", "--players", "3", "--bots",
                           "blind_bluffer", "--seed", "3", "--hands", "1", "--name", "Ann", "--script", str(script))
    assert code == 0, out
    menus = out.split("Ann>")
    last = menus[-2]  # the menu the fold answered: four blind bets made
    assert "not offered now: chaal, show (blind.max_blind_turns): Ann has made 4 blind bets, the most this profile " \
           "allows: look at the cards, or fold" in " ".join(last.split())
    menu = [line.split(maxsplit=1)[1] for line in last.splitlines() if line.strip()[:1].isdigit()]
    assert menu == ["look at your cards", "pack"]  # chaal and show (bet and see) are gone from the menu itself
    for earlier in menus[:-2]:  # before the limit: bet is offered, and nothing says it is gone
        assert "blind.max_blind_turns" not in earlier
