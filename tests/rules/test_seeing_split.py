"""seeing.split: a showdown's pot split between the highest and the lowest hand shown (high-low-split).

The pages: onlinechosen.com's Teen Patti "High-Low Split"
(https://www.onlinechosen.com/teen-patti-variations/high-low-split): "In "cards speak", there's no need for you
to declare. All players compare their cards in the show and the pot is split between the highest hand and the
lowest hand"; Wikipedia's "Teen patti" (High-low split): "In the event more than one player ties for either high
or low, the pot can be further split".
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from bragrules.audit import audit
from bragrules.history import parse_sheet
from bragrules.profile import load_profile
from bragrules.profile.loader import profile_hash
from bragrules.rules.compile import compile_rules

from ..helpers import deal_with, play, rules_for, run_cli

ONE_ROUND = rules_for("high-low-split", procedure={"betting_rounds": 1})
ROUND = ["A bet 1", "B bet 1", "C bet 1"]  # three blind bets of the boot: one round, then everyone shows


def test_the_pot_is_split_between_the_highest_and_the_lowest_hand() -> None:
    """Three show: A's trail takes half, B's 5-3-2 (the lowest hand) the other half, C's K-Q-9 nothing."""
    deal = play(deal_with(ONE_ROUND, {"A": "Ac Ad Ah", "B": "2c 3d 5h", "C": "Kc Qd 9h"}), ROUND)
    assert deal.result is not None and deal.result.outcome == "split"
    assert deal.result.payouts == {"A": 3, "B": 3, "C": 0} and deal.result.pot == 6
    assert deal.result.winners == ["A", "B"]
    assert "seeing.split" in deal.result.decided_by
    assert "A highest, B lowest" in deal.result.reason


def test_equal_lowest_hands_share_their_half_exactly() -> None:
    """"the pot can be further split": B and C hold equal lowest hands and take a quarter each."""
    deal = play(deal_with(ONE_ROUND, {"A": "Ac Ad Ah", "B": "2c 3d 5h", "C": "2d 3c 5s"}), ROUND)
    assert deal.result is not None
    assert deal.result.payouts == {"A": 3, "B": Fraction(3, 2), "C": Fraction(3, 2)}


def test_a_player_left_alone_takes_the_whole_pot() -> None:
    deal = play(deal_with(ONE_ROUND, {"A": "Ac Ad Ah", "B": "2c 3d 5h", "C": "Kc Qd 9h"}),
                ["A bet 1", "B fold", "C fold"])
    assert deal.result is not None and deal.result.winners == ["A"] and deal.result.payouts["A"] == 4
    assert "seeing.split" not in deal.result.decided_by


def test_without_the_split_the_best_hand_takes_it_all() -> None:
    best = rules_for("high-low-split", procedure={"betting_rounds": 1}, seeing={"split": "best"})
    deal = play(deal_with(best, {"A": "Ac Ad Ah", "B": "2c 3d 5h", "C": "Kc Qd 9h"}), ROUND)
    assert deal.result is not None and deal.result.payouts == {"A": 6, "B": 0, "C": 0}
    assert "seeing.split" not in deal.result.decided_by


def test_a_see_between_the_last_two_splits_the_pot() -> None:
    rules = compile_rules(load_profile("high-low-split"))
    deal = play(deal_with(rules, {"A": "Ac Ad Ah", "B": "2c 3d 5h"}), ["A look", "A bet 2", "B look", "B bet 2",
                                                                          "A see 2"])
    assert deal.result is not None and deal.result.payouts["A"] == deal.result.payouts["B"] == deal.result.pot / 2


def test_equal_hands_at_a_see_are_settled_by_the_tie_rule_alone() -> None:
    """Two equal hands are both highest and lowest: no half goes to the lowest, and the tie goes against the
    caller (teen-patti's seeing.tie) for the whole pot."""
    rules = compile_rules(load_profile("high-low-split"))
    deal = play(deal_with(rules, {"A": "As Kd 9c", "B": "Ah Kc 9d"}), ["A look", "A bet 2", "B look", "B bet 2",
                                                                        "A see 2"])
    assert deal.result is not None and deal.result.winners == ["B"] and deal.result.payouts["B"] == deal.result.pot
    assert "seeing.split" not in deal.result.decided_by


def test_the_audit_names_the_split_of_a_wrong_claim() -> None:
    text = ("format: bragrules-history/1\nprofile: high-low-split\nplayers: [A, B, C]\ndealer: C\ndeals:\n"
            "  - cards: {A: Ac Ad Ah, B: 2c 3d 5h, C: Kc Qd 9h}\n"
            "    actions: [A look, A bet 2, B look, B bet 2, C fold, A see 2]\n"
            "    result: {winners: [%s]}\n")
    profile = load_profile("high-low-split")
    report = audit(parse_sheet(text % "A, B", filename="s.yaml"), profile)
    assert report.ok, [str(v) for v in report.violations]
    wrong = audit(parse_sheet(text % "A", filename="s.yaml"), profile)
    assert not wrong.ok and "seeing.split" in [v.rule for v in wrong.violations], [str(v) for v in wrong.violations]


def test_a_profile_without_the_split_hashes_as_before() -> None:
    teen = load_profile("teen-patti")
    assert profile_hash(teen) == profile_hash(teen.model_copy(update={"seeing": teen.seeing.model_copy(
        update={"split": "best"})}))


def test_the_named_variant_plays_and_audits_clean(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    path = tmp_path / "high-low-split.jsonl"
    code, out, err = run_cli(capsys, monkeypatch, "play", "-p", "high-low-split", "--auto", "--hands", "6", "--seed",
                             "3", "--players", "4", "--log", str(path))
    assert code == 0, err
    assert "split high-low" in out
    report = audit(path)
    assert report.ok, [str(v) for v in report.violations][:3]


def test_a_split_where_no_single_hand_is_shown_is_refused() -> None:
    import pytest

    from bragrules.profile import load_profile_text
    from bragrules.profile.errors import ProfileError

    with pytest.raises(ProfileError, match="seeing.split: high_low"):
        load_profile_text("extends: crash\nname: x\nseeing: {split: high_low}\n")
