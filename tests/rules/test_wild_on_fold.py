"""A folder's cards replacing the cards that decide the wild cards (``ranking.wild.select``'s
``on_fold: replaced``): Pack Jack, as 123patti's page states it (https://123patti.framer.website/all/pack-jack):
"Three extra cards are placed on the table as jokers for all players. [...] When a player folds (quits), their
cards replace the jokers on the table. The jokers change each time someone folds. Example: You have A-A-3. The
current jokers on the table are 3, 6, and 7, so your hand becomes A-A-A (trail)."

The deal below: 3c 6d 7h turned; A holds Ah Ad 3s (a trail by the page's example), B Kc Kd 9h, C 9c 5d 2s.
When C folds, nines, fives and twos are the jokers: B's kings are the trail, A's aces a pair.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict

import pytest
from pydantic import ValidationError

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.cards import parse_cards
from bragrules.history import parse_sheet
from bragrules.play.hand_worth import hand_share
from bragrules.profile import load_profile, load_profile_text
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules

from ..helpers import deal_with, play, run_cli

HANDS = {"A": "Ah Ad 3s", "B": "Kc Kd 9h", "C": "9c 5d 2s"}
CENTRE = "3c 6d 7h"
# teen-patti: A and B bet seen, C folds, A sees (a see costs the stake)
ACTIONS = ["A look", "A bet 2", "B look", "B bet 2", "C fold", "A see 2"]
STAY = "extends: pack-jack\nname: pack-stay\nranking: {wild: {select: [{source: centre, turned: 3}]}}\n"


def _deal(profile: Any) -> Any:
    return deal_with(compile_rules(profile), HANDS, centre=parse_cards(CENTRE))


def test_the_pages_example_a_a_3_is_a_trail() -> None:
    deal = _deal(load_profile("pack-jack"))
    assert deal.comparer.describe(parse_cards("Ah Ad 3s")) == "trail of aces (3s as Ac)"


def test_a_folders_cards_replace_the_jokers_and_decide_the_showdown() -> None:
    deal = play(_deal(load_profile("pack-jack")), ACTIONS)
    assert deal.result is not None and deal.result.winners == ["B"]
    assert "ranking.wild.select" in deal.result.decided_by
    kept = play(_deal(load_profile_text(STAY)), ACTIONS)  # the turned cards stay the jokers: A's trail wins
    assert kept.result is not None and kept.result.winners == ["A"]


def test_each_fold_replaces_the_jokers_again() -> None:
    """Four players: D folds (jacks, eights, fours wild), then C (nines, fives, twos): the last fold decides."""
    rules = compile_rules(load_profile("pack-jack"))
    deal = deal_with(rules, {**HANDS, "D": "Jc 8s 4h"}, centre=parse_cards(CENTRE))
    play(deal, ["A look", "A bet 2", "B look", "B bet 2", "C look", "C bet 2", "D fold"])
    assert deal.comparer.describe(parse_cards("Jd 4d 2d")) == "trail of twos (4d as 2h, Jd as 2c)"
    play(deal, ["A bet 2", "B bet 2", "C fold"])
    assert deal.comparer.describe(parse_cards("Kc Kd 9h")) == "trail of kings (9h as Kh)"
    assert deal.view("A").wild_from == tuple(parse_cards("9c 5d 2s"))


def test_a_folders_cards_are_seen_by_everyone_from_the_fold() -> None:
    deal = _deal(load_profile("pack-jack"))
    folded = set(parse_cards(HANDS["C"]))
    play(deal, ACTIONS[:4])
    assert not folded & deal.view("A").visible_cards()
    play(deal, ["C fold"])
    for viewer in ("A", "B", None):
        assert folded <= deal.view(viewer).visible_cards()
    assert deal.view(None).to_json()["wild_from"] == HANDS["C"].split()
    plain = play(_deal(load_profile_text(STAY)), ACTIONS[:5])  # a fold hides its cards where they replace nothing
    assert not folded & plain.view("A").visible_cards()


def test_the_bots_value_a_hand_with_the_folders_cards() -> None:
    rules = compile_rules(load_profile("pack-jack"))
    deal = play(_deal(load_profile("pack-jack")), ACTIONS[:4])
    view = deal.view("B")
    before = hand_share(rules, parse_cards(HANDS["B"]), view.wild_from)
    play(deal, ["C fold"])
    after = hand_share(rules, parse_cards(HANDS["B"]), deal.view("B").wild_from)
    assert after > before


SHEET = ("format: bragrules-history/1\nprofile: pack-jack\nplayers: [A, B, C]\ndealer: C\ndeals:\n"
         "  - cards: {A: Ah Ad 3s, B: Kc Kd 9h, C: 9c 5d 2s}\n    centre: 3c 6d 7h\n"
         "    actions: [A look, A bet 2, B look, B bet 2, C fold, A see 2]\n    result: {winners: [%s]}\n")


def test_the_audit_cites_the_selector_of_a_wrong_winner() -> None:
    profile = load_profile("pack-jack")
    assert audit(parse_sheet(SHEET % "B", filename="s.yaml"), profile).ok
    wrong = audit(parse_sheet(SHEET % "A", filename="s.yaml"), profile)
    assert [v.rule for v in wrong.violations] == ["ranking.wild.select"]


def test_arbitrate_rules_on_the_see_after_a_fold() -> None:
    sheet = parse_sheet(
        "format: bragrules-history/1\nprofile: pack-jack\nplayers: [A, B, C]\ndealer: C\ndeals:\n"
        "  - cards: {A: Ah Ad 3s, B: Kc Kd 9h, C: 9c 5d 2s}\n    centre: 3c 6d 7h\n"
        "    actions: [A look, A bet 2, B look, B bet 2, C fold]\n    dispute: A see 2\n",
        filename="situation.yaml")
    replaced, stay = arbitrate(sheet, [load_profile("pack-jack"), load_profile_text(STAY)]).rulings
    assert replaced.allowed and replaced.net["B"] > 0 and "ranking.wild.select" in replaced.rules
    assert stay.net["A"] > 0


def test_rank_takes_the_cards_deciding_the_wild_cards(capsys: Any, monkeypatch: Any) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "rank", "-p", "pack-jack", "--centre", "9c 5d 2s", "Kc Kd 9h")
    assert code == 0, err
    assert "trail of kings" in out


@pytest.mark.parametrize("wild, words", [
    ({"select": [{"source": "lowest_rank", "on_fold": "replaced"}]}, "source: centre"),
    ({"select": [{"source": "centre", "turned": 1, "on_fold": "replaced"}]}, "as many cards are turned"),
    ({"select": [{"source": "centre", "turned": 3, "on_fold": "replaced"}], "from_centre": 1},
     "no other centre selector"),
    ({"select": [{"source": "centre", "turned": 2, "on_fold": "replaced"}, {"source": "centre", "turned": 1}]},
     "as many cards are turned"),
])
def test_on_fold_of_the_wrong_shape_is_refused(wild: Dict[str, Any], words: str) -> None:
    with pytest.raises(ValidationError) as refused:
        Profile.model_validate({"ranking": {"wild": wild}})
    assert words in str(refused.value)


def test_pack_jack_plays_and_audits_clean(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    path = tmp_path / "pack-jack.jsonl"
    code, _, err = run_cli(capsys, monkeypatch, "play", "-p", "pack-jack", "--auto", "--hands", "8", "--seed", "3",
                           "--players", "4", "--log", str(path))
    assert code == 0, err
    report = audit(path)
    assert report.ok, [str(v) for v in report.violations][:3]


def test_the_rulebook_and_diff_say_the_fold_replaces_the_jokers(capsys: Any, monkeypatch: Any) -> None:
    said = "a player who packs lays their cards face up on the table in their place"  # Teen Patti's word
    code, book, err = run_cli(capsys, monkeypatch, "rulebook", "pack-jack")
    assert code == 0, err
    assert said in " ".join(book.split())
    code, diff, err = run_cli(capsys, monkeypatch, "diff", "jhandu", "pack-jack")
    assert code == 1, err
    assert "on_fold: replaced" in diff and said in " ".join(diff.split())


def test_the_terminal_shows_the_folders_cards_as_the_jokers(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    script = tmp_path / "moves.txt"
    script.write_text("look\nq\n", encoding="utf-8")
    code, out, err = run_cli(capsys, monkeypatch, "play", "-p", "pack-jack", "--seed", "3", "--players", "4",
                             "--log", str(tmp_path / "s.jsonl"), "--script", str(script))
    assert code == 0, err
    assert "Ada packs" in out and "Jokers on the table: 9♠ 2♥ Q♠ (the last folder's cards)" in out
    assert "(Qh as Kc)" in out  # the folder's queen is wild in the person's hand, the turned three no longer


def test_rotating_jokers_new_joker_every_hand_reads_as_adda52_says() -> None:
    """"if 8♠ is chosen, then all 8s (regardless of suit) become wildcards"; a new card the next deal."""
    rules = compile_rules(load_profile("rotating-joker"))
    first = deal_with(rules, {"A": "8h 3c 3d", "B": "Kc Kd 2h"}, centre=parse_cards("8s"))
    assert first.comparer.describe(parse_cards("8h 3c 3d")) == "trail of threes (8h as 3h)"
    second = deal_with(rules, {"A": "8h 3c 3d", "B": "Kc Kd 2h"}, centre=parse_cards("2s"))
    assert second.comparer.describe(parse_cards("Kc Kd 2h")) == "trail of kings (2h as Kh)"
    assert second.comparer.describe(parse_cards("8h 3c 3d")) == "pair of threes, eight kicker"
