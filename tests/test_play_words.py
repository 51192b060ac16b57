"""``bragrules play`` in the game's own words and a person's: Teen Patti's moves typed as its players say
them, ``help`` listing every move the profile allows, refusals and mistakes told to the seat named You as a
person types and reads them, and a hand of thirteen sorted with the card the hint leaves out named."""

from __future__ import annotations

import os
from pathlib import Path

from bragrules.play.table import read_log

from .test_play_cli import play


def _actions(log: Path) -> list:
    return [event.get("action", "") for _, event in read_log(log)[1] if event.get("action")]


def test_teen_patti_moves_are_typed_in_its_words_and_show_is_the_show(tmp_path: Path) -> None:
    log = tmp_path / "tp.jsonl"
    done = play("-p", "teen-patti", "--players", "2", "--seed", "3", "--log", str(log), input="chaal\nshow\nq\n")
    assert done.exit_code == 0, done.output
    out = done.stdout
    assert "2 chaal 1–2" in out and "3 pack" in out and "show for 2" in out  # the menu in the game's words
    assert "concede_unseen" not in out and "not allowed" not in out
    mine = [a for a in _actions(log) if a.startswith("You ")]
    assert mine == ["You bet 1", "You see 2"], mine  # the log keeps the engine's words


def test_teen_patti_pack_and_a_near_miss_of_its_word(tmp_path: Path) -> None:
    log = tmp_path / "tp.jsonl"
    done = play("-p", "teen-patti", "--players", "2", "--seed", "3", "--log", str(log), input="chal\npack\nq\n")
    assert "did you mean 'chaal'?" in done.stdout and "You may: look, chaal N (1 to 2), pack" in done.stdout
    wrong = play("-p", "teen-patti", "--players", "2", "--seed", "3", "--log", os.devnull, input="xyzzy\nq\n").stdout
    assert "'xyzzy' is not a move. You may: look, chaal N (1 to 2), pack" in wrong  # two sentences, not one
    assert [a for a in _actions(log) if a.startswith("You ")] == ["You fold"]


def test_help_lists_every_move_the_profile_allows_the_side_show_included() -> None:
    teen = play("-p", "teen-patti", "--players", "3", "--seed", "3", "--log", os.devnull, input="help\nq\n").stdout
    assert "side-show / sideshow" in teen and "chaal N / bet N" in teen and "pack / fold" in teen
    assert "show / see" in teen and "arrange" not in teen and "swap" not in teen
    plain = play("--players", "3", "--seed", "3", "--log", os.devnull, input="help\nq\n").stdout
    assert "sideshow" not in plain and "bet N" in plain
    crash = play("-p", "crash-13", "--seed", "1", "--log", os.devnull, input="help\nq\n").stdout
    assert "arrange A B C" in crash and "bet N" not in crash and "(Enter)" in crash


def test_a_mistake_echoes_the_move_as_typed_and_its_example_as_typed() -> None:
    bus = play("-p", "stop-the-bus-draw", "--seed", "1", "--log", os.devnull,
               input="draw pile top\ndiscard Zz\nq\n").stdout
    assert "'You " not in bus
    assert "? 'draw pile top': 'draw' takes 'stock' or 'discard', e.g. 'draw stock'" in bus
    assert "? 'discard Zz': 'Zz' is not a card" in bus
    crash = play("-p", "crash-13", "--seed", "1", "--log", os.devnull, input="arrange Ah Ad Ac 2x\nq\n").stdout
    assert "? 'arrange Ah Ad Ac 2x': '2x' is not a card" in crash


def test_a_refusal_addresses_you_as_you() -> None:
    bus = play("-p", "stop-the-bus-draw", "--seed", "1", "--log", os.devnull,
               input="draw stock\ndiscard 2c\nq\n").stdout
    refusal = next(line for line in bus.splitlines() if "not allowed" in line)
    assert "You's" not in refusal and "your hand" in refusal, refusal


def test_crash_13_shows_the_thirteen_cards_sorted_and_the_hint_names_the_card_left_out() -> None:
    done = play("-p", "crash-13", "--seed", "1", "--log", os.devnull, input="hint\nq\n").stdout
    assert "Your cards: A♠ K♥ J♠ 9♥ 8♠ 7♥ 7♣ 6♣ 5♥ 4♠ 4♥ 4♣ 3♥  (arrange them" in done
    # the cards as dealt, at the start of the deal: sorted too, and no one hand of three named for them all
    assert "You, your cards: A♠ K♥ J♠ 9♥ 8♠ 7♥ 7♣ 6♣ 5♥ 4♠ 4♥ 4♣ 3♥  (to arrange into 4 hands of three)" in done
    assert "arrange (hint: 4s 4h 4c | 7c 6c 5h | As Js 8s | Kh 9h 7h; 3♥ left out)" in done
    assert "(flush, K-9-7); 3♥ left out" in done


def test_zha_jin_hua_moves_are_typed_in_chinese_and_the_feed_speaks_them(tmp_path: Path) -> None:
    log = tmp_path / "zjh.jsonl"
    done = play("-p", "zha-jin-hua", "--players", "3", "--seed", "5", "--log", str(log), input="看牌\n弃牌\nq\n")
    assert done.exit_code == 0, done.output
    out = done.stdout
    assert out.startswith("bragrules play · 炸金花 (Zha Jin Hua) · profile zha-jin-hua")
    assert "Bo 看牌" in out and "Bo 弃牌" in out and "2 跟注 ½ or more" in out and "4 弃牌" in out
    assert "You 看牌" in out and "You 弃牌" in out
    mine = [a for a in _actions(log) if a.startswith("You ")]
    assert mine == ["You look", "You fold"], mine


def test_a_teen_patti_line_of_play_says_chaal_and_pack() -> None:
    out = play("-p", "teen-patti", "--players", "3", "--seed", "3", "--log", os.devnull, input="chaal\nq\n").stdout
    assert "Ada packs" in out and "Bo chaals 1 (blind, level 2)" in out and "You chaal 1 (blind, level 2)" in out


def test_a_side_show_you_asked_or_lost_is_told_to_you_as_yours() -> None:
    from bragrules.engine.actions import Action
    from bragrules_cli.play_view import describe_action

    from .helpers import deal_with, rules_for
    from .helpers import play as apply

    rules = rules_for("standard", seeing={"side_show": {"allowed": True}})
    hands = {"A": "Kc 9c 4c", "B": "5s 6h 7d", "You": "2c 7h Jd", "D": "3s 8h Qd"}
    deal = apply(deal_with(rules, hands), ["A look", "A bet 2", "B look", "B bet 2", "You look", "You sideshow 2"])
    deal.apply_text("B accepts")
    line = describe_action(deal, Action("B", "accept"))
    assert "accepts your side-show" in line and "You's" not in line, line


def test_a_zha_jin_hua_raise_is_加注_and_a_bet_at_the_level_跟注() -> None:
    out = play("-p", "zha-jin-hua", "--players", "3", "--seed", "5", "--log", os.devnull, input="look\nbet 4\nq\n").stdout
    assert "Ada 跟注 1 (level 1)" in out and "You 加注 4 (level 4)" in out


def test_a_games_words_are_printed_as_text_never_as_markup(tmp_path: Path) -> None:
    odd = tmp_path / "odd.yaml"
    odd.write_text('extends: standard\nname: odd\nvocabulary:\n  title: "[red]x[/]"\n  hands: {prial: "[bold]p"}\n'
                   '  moves: {bet: "[bold]b", fold: "[red]f", blind: "[i]bl"}\n', encoding="utf-8")
    out = play("-p", str(odd), "--players", "3", "--seed", "3", "--log", os.devnull, input="help\nq\n").stdout
    assert "bragrules play · [red]x[/] · profile odd" in out
    assert "Ada [red]fs" in out and "Bo [bold]bs ½ ([i]bl, level 1)" in out and "2 [bold]b ½ or more" in out


def test_a_bots_reason_and_the_deals_end_are_told_in_the_games_words() -> None:
    out = play("-p", "teen-patti", "--auto", "--players", "3", "--seed", "4", "--hands", "1", "--log", os.devnull).stdout
    said = " ".join(out.split())
    assert "Bo chaals 1 (blind, level 2)" in said and "— chaals 1 blind" in said
    assert "beats 7% of hands: packs" in said and "Cy takes 5 without showing: everyone else packed" in said
    assert "folds" not in said and "folded" not in said and "bets" not in said


def test_the_side_show_menu_says_the_weaker_hand_packs_at_a_teen_patti_table() -> None:
    from bragrules.core.cards import parse_cards
    from bragrules.engine.deal import Deal
    from bragrules.profile import load_profile
    from bragrules.rules.compile import compile_rules
    from bragrules_cli.play_turn import menu_entry

    deal = Deal(compile_rules(load_profile("teen-patti")), ["A", "B", "C"],
                {p: parse_cards(c) for p, c in zip("ABC", ("Kc 9c 4c", "5s 6h 7d", "Ah Ad 2s"))})
    for text in ("A look", "A bet 2", "B look", "B bet 2", "C look"):
        deal.apply_text(text)
    option = next(o for o in deal.legal_actions() if o.kind == "sideshow")
    assert menu_entry(option, deal).endswith("ask B for a side-show (a private comparison: the weaker hand packs)")
    deal.apply(option.action())
    entries = [menu_entry(o, deal) for o in deal.legal_actions()]
    assert entries[0] == "accept C's side-show (compare hands privately: the weaker packs)", entries
