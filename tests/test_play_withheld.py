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
                           "blind_bluffer", "--seed", "3", "--hands", "1", "--name", "Ann", "--script", str(script), "--log", str(tmp_path / "s.jsonl"))
    assert code == 0, out
    menus = out.split("Ann>")
    last = menus[-2]  # the menu the fold answered: four blind bets made
    assert "not offered now: chaal, show (blind.max_blind_turns): Ann has made 4 blind chaals, the most this " \
           "profile allows: look at the cards, or pack" in " ".join(last.split())  # the game's words, not bet/fold
    menu = [line.split(maxsplit=1)[1] for line in last.splitlines() if line.strip()[:1].isdigit()]
    assert menu == ["look at your cards", "pack"]  # chaal and show (bet and see) are gone from the menu itself
    for earlier in menus[:-2]:  # before the limit: bet is offered, and nothing says it is gone
        assert "blind.max_blind_turns" not in earlier


def test_a_refusal_at_a_teen_patti_table_is_said_in_its_words_and_to_you(
        tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    script = tmp_path / "moves.txt"  # at three players a show (the see) is refused, then a chaal below the level
    script.write_text("show\nchaal 1\npack\n", encoding="utf-8")
    code, out, _ = run_cli(capsys, monkeypatch, "play", "--profile", "teen-patti", "--players", "3", "--bots",
                           "blind_bluffer", "--seed", "3", "--hands", "1", "--script", str(script), "--log", str(tmp_path / "s.jsonl"))
    assert code == 0, out
    said = " ".join(out.split())
    assert "not allowed (seeing.two_players): only two players may show; 3 are still betting" in said
    assert "not offered now: side-show (seeing.side_show.allowed): You are blind: only a seen player may ask for " \
           "a side-show" in said  # not "You is blind"
    assert "may see;" not in said and "You is" not in said and "You has" not in said


def test_a_refusal_at_a_brag_table_keeps_brags_words(tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    script = tmp_path / "moves.txt"
    script.write_text("see\nfold\n", encoding="utf-8")
    code, out, _ = run_cli(capsys, monkeypatch, "play", "--players", "3", "--bots", "blind_bluffer", "--seed", "3",
                           "--hands", "1", "--script", str(script), "--log", str(tmp_path / "s.jsonl"))
    assert code == 0, out
    assert "only two players may see; 3 are still betting" in " ".join(out.split())


def test_a_seen_player_facing_a_blind_one_is_told_why_the_show_is_gone(
        tmp_path: Path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Heads-up Teen Patti: a seen player may not show a blind one (``seeing.seen_sees_blind``), so with two
    left the show is missing from the menu, and the menu says so in the game's words."""
    script = tmp_path / "moves.txt"
    script.write_text("look\nchaal\npack\n", encoding="utf-8")
    code, out, _ = run_cli(capsys, monkeypatch, "play", "--profile", "heads-up-teen-patti", "--players", "2",
                           "--bots", "blind_bluffer", "--seed", "3", "--hands", "1", "--script", str(script), "--log", str(tmp_path / "s.jsonl"))
    assert code == 0, out
    said = " ".join(out.split())
    assert "not offered now: show (seeing.seen_sees_blind): a seen player cannot show a blind player: chaal or " \
           "pack" in said, said
