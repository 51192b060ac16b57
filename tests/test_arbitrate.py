"""Arbitration: disputed moments of a deal ruled under profiles, from the fine points of 000.

000, "The fine points": a see must be paid exactly (twice the previous bet);
a wrong amount is corrected before the cards are turned and the see is
binding once the money is in; equal hands at a see lose for the caller; an
accidental exposure before any betting lets the affected player demand a
redeal with all antes returned, after betting began it is no misdeal; a
player who looks at another's cards on purpose folds at once, bets staying in
the pot. 002 section 05: a blind player left alone does not collect; the pot
carries and the unseen hand may be retained.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction as F
from pathlib import Path
from typing import Any, Dict, Optional

import pytest

from bragrules.arbitrate import Ruling, arbitrate, parse_dispute
from bragrules.core.errors import HistoryError
from bragrules.history import parse_sheet

from .helpers import rules_for, run_cli

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "disputes"
HEADER = "format: bragrules-history/1\nprofile: traditional\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
FOUR = "{A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}"


def situation(actions: str, dispute: str, cards: str = FOUR, before: str = "") -> Any:
    text = HEADER + before + f"  - cards: {cards}\n    actions: [{actions}]\n    dispute: {dispute}\n"
    return parse_sheet(text, filename="situation.yaml")


def ints(values: Optional[Dict[str, F]]) -> Optional[Dict[str, Any]]:
    if values is None:
        return None
    return {p: (int(v) if v.denominator == 1 else v) for p, v in values.items()}


def only(path_or_sheet: Any, *profiles: Any) -> Ruling:
    (ruling,) = arbitrate(path_or_sheet, list(profiles)).rulings
    return ruling


def detail(ruling: Ruling, path: str) -> Dict[str, Any]:
    return next(d for d in ruling.to_json()["details"] if d["path"] == path)


def line_of(path: Path, text: str) -> int:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if text in line:
            return number
    raise AssertionError(text)


# ---------------------------------------------------------------------------
# The see paid with the wrong amount
# ---------------------------------------------------------------------------


def test_see_paid_short_is_owed_and_corrected() -> None:
    ruling = only(DATA / "see_short.yaml")
    assert ruling.allowed is False
    assert ruling.outcome == "owed"
    assert ints(ruling.owed) == {"A": 1}
    assert ruling.rules[0] == "seeing.cost_multiple" and "seeing.cost_basis" in ruling.rules
    assert "a see costs exactly 4 here: A paid 3 and owes 1 more" in ruling.summary
    assert "binding once the money is in (000)" in ruling.summary
    # corrected to 4, the see stands: the worked pot of 002 section 06
    assert ints(ruling.net) == {"A": -7, "B": 9, "C": -1, "D": -1}
    assert ruling.winners == ["B"]
    cited = detail(ruling, "seeing.cost_multiple")
    assert cited["value"] == 2 and "twice" in cited["sentence"] and "000" in cited["source"]


def test_see_overpaid_is_corrected_and_the_surplus_returned() -> None:
    ruling = only(situation("A look, A bet 2, B look, B bet 2, C fold, D fold", "A see 5"))
    assert ruling.allowed is False and ruling.outcome == "corrected"
    assert ints(ruling.owed) == {"A": -1}
    assert "takes 1 back" in ruling.summary


def test_see_cost_under_000s_basis_is_twice_the_last_bet() -> None:
    # standard (000): "twice the amount of the other player's last bet"; B's last bet was 3
    sheet = situation("A look, A bet 2, B look, B bet 3, C fold, D fold", "A see 4")
    ruling = only(sheet, "standard")
    assert ruling.outcome == "owed" and ints(ruling.owed) == {"A": 2}
    assert detail(ruling, "seeing.cost_basis")["value"] == "opponent_last_bet"
    assert "costs exactly 6" in ruling.summary


def test_a_correct_see_is_allowed_and_settled() -> None:
    ruling = only(situation("A look, A bet 2, B look, B bet 2, C fold, D fold", "A see 4"))
    assert ruling.allowed is True and ruling.outcome == "won"
    assert ints(ruling.net) == {"A": -7, "B": 9, "C": -1, "D": -1}
    assert ruling.rules[:3] == ["seeing.seen_sees_seen", "seeing.cost_multiple", "seeing.cost_basis"]
    assert "B's run" in ruling.next and "A's flush" in ruling.next


def test_a_bet_below_the_level_owes_the_difference() -> None:
    ruling = only(situation("A look, A bet 4", "B look", cards=FOUR))
    assert ruling.allowed is True and ruling.outcome == "allowed"
    assert ruling.to_act == "B" and "B is to act" in ruling.next
    ruling = only(situation("A look, A bet 4, B look", "B bet 3"))
    assert ruling.allowed is False and ruling.outcome == "owed"
    assert ints(ruling.owed) == {"B": 1}
    assert ruling.rules == ["betting.at_least_level"]
    assert detail(ruling, "betting.at_least_level")["value"] is None


# ---------------------------------------------------------------------------
# Seeing a blind player
# ---------------------------------------------------------------------------


def test_seen_player_may_not_see_a_blind_one() -> None:
    ruling = only(DATA / "seen_sees_blind.yaml")
    assert ruling.allowed is False and ruling.outcome == "refused"
    assert ruling.rules == ["seeing.seen_sees_blind"]
    cited = detail(ruling, "seeing.seen_sees_blind")
    assert cited["value"] is False and cited["sentence"] == "a seen player may not see a blind player"
    assert cited["source"] == "000, 002, 003"
    # what A may do instead, with exact costs
    assert ruling.to_act == "A"
    options = {o["action"] for o in ruling.to_json()["options"]}
    assert options == {"bet 2 to 7", "fold"}
    assert ruling.next == "A may instead bet 2 to 7 or fold"
    assert ruling.net is None and ruling.owed is None


def test_seen_sees_blind_side_by_side_with_a_house_profile() -> None:
    result = arbitrate(DATA / "seen_sees_blind.yaml", ["traditional", DATA / "see_blind_house.yaml"])
    refused, allowed = result.rulings
    assert refused.allowed is False and allowed.allowed is True
    assert allowed.outcome == "won" and allowed.winners == ["B"]
    # pot 4 antes + A 2 + B 1 (blind) + A 4 = 11
    assert ints(allowed.net) == {"A": -7, "B": 9, "C": -1, "D": -1}
    assert detail(allowed, "seeing.seen_sees_blind")["value"] is True
    assert detail(allowed, "seeing.seen_sees_blind")["source"] == "house rule"
    assert result.differs is True
    assert {"allowed", "outcome", "net"} <= set(refused.differs)


# ---------------------------------------------------------------------------
# Exposure
# ---------------------------------------------------------------------------


def test_accidental_exposure_before_betting_is_a_redeal_with_antes_returned() -> None:
    ruling = only(DATA / "exposure_before.yaml")
    assert ruling.allowed is None and ruling.outcome == "redeal"
    assert ints(ruling.net) == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert ruling.rules == ["disputes.exposure_before_betting"]
    assert "B may demand a redeal of the whole hand, with all antes returned" in ruling.summary
    cited = detail(ruling, "disputes.exposure_before_betting")
    assert cited["value"] == "redeal" and cited["source"] == "000"


def test_accidental_exposure_after_betting_began_is_no_misdeal() -> None:
    ruling = only(DATA / "exposure_after.yaml")
    assert ruling.allowed is None and ruling.outcome == "continue"
    assert ruling.net is None
    assert ruling.rules == ["disputes.exposure_after_betting"]
    assert "no misdeal" in ruling.summary and "B may fold or continue" in ruling.summary
    assert ruling.to_act == "B"


def test_exposure_before_betting_under_a_house_profile_that_plays_on() -> None:
    result = arbitrate(DATA / "exposure_before.yaml", ["traditional", DATA / "exposure_house.yaml"])
    redeal, play_on = result.rulings
    assert redeal.outcome == "redeal" and play_on.outcome == "continue"
    assert play_on.net is None and play_on.to_act == "A"
    assert detail(play_on, "disputes.exposure_before_betting")["value"] == "continue"
    assert detail(play_on, "disputes.exposure_before_betting")["source"] == "house rule"
    assert result.differs is True


def test_exposure_after_betting_under_a_redeal_profile_returns_every_stake() -> None:
    rules = rules_for("traditional", disputes={"exposure_after_betting": "redeal"})
    ruling = only(DATA / "exposure_after.yaml", rules)
    assert ruling.outcome == "redeal" and set(ints(ruling.net).values()) == {0}  # type: ignore[union-attr]
    assert "every stake returned" in ruling.summary


def test_exposure_after_the_deal_is_over_is_bad_input() -> None:
    sheet = situation("A look, A bet 2, B look, B bet 2, C fold, D fold, A see 4", "C exposes B")
    with pytest.raises(HistoryError, match="already over"):
        arbitrate(sheet)


# ---------------------------------------------------------------------------
# A deliberate look
# ---------------------------------------------------------------------------


def test_deliberate_peek_forces_a_fold_that_leaves_one_player() -> None:
    ruling = only(DATA / "peek.yaml")
    assert ruling.allowed is None and ruling.outcome == "forced_fold"
    assert "B must fold at once" in ruling.summary and "stays in the pot" in ruling.summary
    # pot 4 + 2 + 2 = 8: B's 3 stays in it, A takes it
    assert ints(ruling.net) == {"A": 5, "B": -3, "C": -1, "D": -1}
    assert ruling.winners == ["A"]
    assert ruling.rules == ["disputes.deliberate_look"]
    assert detail(ruling, "disputes.deliberate_look")["source"] == "000"


def test_deliberate_peek_out_of_turn_keeps_the_turn() -> None:
    ruling = only(DATA / "peek_midway.yaml")
    assert ruling.outcome == "forced_fold" and ruling.net is None
    assert ruling.to_act == "B"
    assert "the 1 C has put in stays in the pot" in ruling.summary


def test_deliberate_peek_that_leaves_a_blind_player_alone_carries_under_traditional() -> None:
    sheet = situation("A bet 1, B fold, C fold", "D peeks A",
                      cards="{A: As Ad Ac, B: 2c 7h Jd, C: 3s 8h Qd, D: 4d 9h Kd}")
    ruling = only(sheet)
    assert ruling.outcome == "forced_fold" and ruling.carried == 5
    assert ints(ruling.net) == {"A": -2, "B": -1, "C": -1, "D": -1}
    assert ruling.rules == ["disputes.deliberate_look", "folding.blind_survivor", "blind.retention",
                            "blind.retain_default"]


def test_deliberate_peek_under_a_profile_without_penalty() -> None:
    ruling = only(DATA / "peek.yaml", rules_for("traditional", disputes={"deliberate_look": "continue"}))
    assert ruling.outcome == "continue" and ruling.net is None and ruling.to_act == "A"


def test_a_ruling_that_changes_nothing_says_the_deal_goes_on() -> None:
    """Every "continue" ruling words its reason, names who acts next and what they may do, and cites its rule."""
    without_penalty = rules_for("traditional", disputes={"deliberate_look": "continue"})
    folded = situation("A look, A bet 2, B fold", "B peeks C")
    cases = [
        (arbitrate(DATA / "exposure_before.yaml", ["traditional", DATA / "exposure_house.yaml"]).rulings[1],
         "under this profile there is no redeal", "disputes.exposure_before_betting"),
        (only(DATA / "peek.yaml", without_penalty), "B plays on, without penalty", "disputes.deliberate_look"),
        (only(folded), "but has already folded: the penalty", "disputes.deliberate_look"),
    ]
    for ruling, reason, rule in cases:
        assert ruling.outcome == "continue" and ruling.net is None, ruling.summary
        assert reason in ruling.summary
        assert ruling.to_act is not None and ruling.options
        assert ruling.next.startswith(f"the deal goes on: {ruling.to_act} is to act and may ")
        assert ruling.rules == [rule]


# ---------------------------------------------------------------------------
# A tie at the showdown
# ---------------------------------------------------------------------------


def test_tie_caller_loses_under_traditional_and_splits_under_house() -> None:
    result = arbitrate(DATA / "tie.yaml", ["traditional", "house"])
    traditional, house = result.rulings
    assert traditional.allowed is None and traditional.outcome == "won" and traditional.winners == ["B"]
    # pot 4 + 2 + 3 + 6 = 15
    assert ints(traditional.net) == {"A": -9, "B": 11, "C": -1, "D": -1}
    assert house.outcome == "split" and house.winners == ["A", "B"]
    assert ints(house.net) == {"A": F(-3, 2), "B": F(7, 2), "C": -1, "D": -1}
    assert traditional.rules == house.rules == ["seeing.tie"]
    assert detail(traditional, "seeing.tie")["value"] == "caller_loses"
    assert detail(house, "seeing.tie")["sentence"] == "a tied see splits the pot"
    assert result.differs is True and "outcome" in house.differs


def test_a_see_between_equal_hands_cites_the_tie_rule() -> None:
    cards = "{A: 5c 6d 7h, B: 5s 6h 7d, C: 2c 7c Jd, D: 3s 8h Qd}"
    sheet = situation("A look, A bet 2, B look, B bet 3, C fold, D fold", "A see 6", cards=cards)
    ruling = only(sheet)
    assert ruling.allowed is True and ruling.outcome == "won" and "seeing.tie" in ruling.rules
    assert "are equal" in ruling.next


def test_tie_asked_before_a_see_rules_on_the_see_to_come() -> None:
    ruling = only(situation("A look, A bet 2, B look, B bet 2, C fold, D fold", "tie"))
    assert ruling.outcome == "won" and "not a tie" in ruling.summary
    assert ruling.summary.startswith("if A sees B now for 4")
    assert "ranking.category_order" in ruling.rules


def test_tie_without_any_see_is_bad_input() -> None:
    with pytest.raises(HistoryError, match="tie"):
        arbitrate(situation("A look, A bet 2", "tie"))


# ---------------------------------------------------------------------------
# A blind player left alone
# ---------------------------------------------------------------------------


def test_blind_player_left_alone_carries_under_traditional_and_collects_under_standard() -> None:
    result = arbitrate(DATA / "blind_alone.yaml", ["traditional", "standard"])
    traditional, standard = result.rulings
    assert traditional.allowed is standard.allowed is True
    assert traditional.outcome == "carried" and traditional.carried == 5 and traditional.winners == []
    assert ints(traditional.net) == {"A": -2, "B": -1, "C": -1, "D": -1}
    assert "As Ad Ac" in traditional.next  # the unseen hand is retained
    assert traditional.rules == ["folding.blind_survivor", "blind.retention", "blind.retain_default"]
    assert "may retain the unseen hand or release it" in traditional.next
    assert detail(traditional, "folding.blind_survivor")["value"] == "carries"
    assert detail(traditional, "folding.blind_survivor")["source"] == "002"
    assert standard.outcome == "won" and standard.winners == ["A"] and standard.carried == 0
    assert ints(standard.net) == {"A": 3, "B": -1, "C": -1, "D": -1}
    assert detail(standard, "folding.blind_survivor")["value"] == "collects"
    assert result.differs is True


def test_situation_in_a_later_deal_holds_the_retained_hand() -> None:
    ruling = only(DATA / "retained.yaml")
    assert ruling.allowed is False and ruling.rules == ["blind.retention"]
    actions = [o["action"] for o in ruling.to_json()["options"]]
    assert "look at the old hand" in actions and "look at the new hand" in actions
    assert "see for 2" in actions  # blind against seen: the seen level, twice the blind payment


def test_an_action_out_of_turn_names_whose_turn_it_is() -> None:
    ruling = only(situation("A look, A bet 2", "C fold"))
    assert ruling.allowed is False and ruling.rules == ["turn_order"]
    assert ruling.next.startswith("it is B's turn: B may ")


# ---------------------------------------------------------------------------
# Reading disputes
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, kind, player, target",
    [("A exposes B", "exposure", "A", "B"), ("A peeks at B", "peek", "A", "B"),
     ("C peeks D's cards", "peek", "C", "D"), ("TIE", "tie", None, None), ("B look old", "action", "B", None)],
)
def test_parse_dispute_forms(text: str, kind: str, player: Optional[str], target: Optional[str]) -> None:
    dispute = parse_dispute(text, ["A", "B", "C", "D"])
    assert (dispute.kind, dispute.player, dispute.target) == (kind, player, target)


@pytest.mark.parametrize("text", ["A dances", "E fold", "A exposes E", "A peeks A"])
def test_parse_dispute_refuses(text: str) -> None:
    with pytest.raises(HistoryError, match="dispute"):
        parse_dispute(text, ["A", "B", "C", "D"], "s.yaml", 7)


def test_only_the_last_deal_may_have_a_dispute() -> None:
    text = HEADER + f"  - cards: {FOUR}\n    actions: [A fold]\n    dispute: A fold\n  - actions: []\n"
    with pytest.raises(HistoryError, match="only the last deal may have a dispute") as info:
        parse_sheet(text, filename="s.yaml")
    assert info.value.line == 8


def test_illegal_play_in_an_earlier_deal_is_bad_input() -> None:
    before = f"  - cards: {FOUR}\n    actions: [A look, A bet 9, B fold, C fold, D fold]\n"
    with pytest.raises(HistoryError, match="stakes.opening_max") as info:
        arbitrate(situation("B fold", "C fold", before=before))
    assert info.value.line == 7


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------


@pytest.fixture
def cli(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch):
    def invoke(*args: Any):
        return run_cli(capsys, monkeypatch, "arbitrate", *map(str, args))

    return invoke


def test_cli_json_shape(cli) -> None:
    code, out, err = cli(DATA / "tie.yaml", "--profile", "traditional", "--profile", "house", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["differs"] is True and data["dispute"] == "tie" and data["kind"] == "tie"
    assert [r["profile"] for r in data["rulings"]] == ["traditional", "house"]
    for ruling in data["rulings"]:
        assert {"profile", "allowed", "outcome", "summary", "owed", "next", "net", "rules", "details"} <= set(ruling)
        for item in ruling["details"]:
            assert set(item) == {"path", "value", "sentence", "source"}
        assert ruling["rules"] == [d["path"] for d in ruling["details"]]
    assert data["rulings"][0]["net"] == {"A": -9, "B": 11, "C": -1, "D": -1}
    assert data["rulings"][1]["net"] == {"A": "-3/2", "B": "7/2", "C": -1, "D": -1}
    assert data["rulings"][1]["outcome"] == "split" and data["rulings"][1]["allowed"] is None


def test_cli_json_owed_and_single_profile(cli) -> None:
    code, out, _ = cli(DATA / "see_short.yaml", "--json")
    assert code == 0
    data = json.loads(out)
    (ruling,) = data["rulings"]
    assert data["differs"] is False
    assert ruling["allowed"] is False and ruling["outcome"] == "owed" and ruling["owed"] == {"A": 1}
    assert ruling["rules"][0] == "seeing.cost_multiple"


def test_cli_text_single_ruling(cli) -> None:
    code, out, err = cli(DATA / "see_short.yaml")
    assert code == 0 and err == ""
    assert "Under traditional: owed (not allowed)" in out
    assert "owes 1 more" in out and "owed: A 1" in out
    assert "a see costs twice the caller's own rate" in out and "differs" not in out
    # twice the caller's own rate is 002's and 003's rule, not 000's (twice the other player's last bet)
    assert "(from the traditional rules text, the cardgames.zone rules page)" in out and "the general rules page" in out
    assert "seeing." not in out and not re.search(r"\b00[0-9]\b", out)  # words, not field paths or codes


def test_cli_text_side_by_side_marks_the_differences(cli) -> None:
    code, out, _ = cli(DATA / "blind_alone.yaml", "-p", "traditional", "-p", "standard")
    assert code == 0
    lines = out.splitlines()
    outcome_row = next(line for line in lines if line.startswith("outcome"))
    assert "carried" in outcome_row and "won" in outcome_row and "differs" in outcome_row
    net_b = next(line for line in lines if line.startswith("net B"))
    assert "differs" not in net_b
    survivor = next(line for line in lines if line.startswith("folding and carried pots: blind survivor"))
    assert "carries" in survivor and "collects" in survivor and "differs" in survivor
    assert "The rulings differ" in out


@pytest.mark.parametrize(
    "name, text",
    [("illegal_before.yaml", "C see 4"), ("unknown_dispute.yaml", "dispute:")],
)
def test_cli_bad_situation_exits_2_with_file_and_line(cli, name: str, text: str) -> None:
    path = DATA / name
    code, out, err = cli(path)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"{path}:{line_of(path, text)}: " in err


def test_cli_other_bad_input_exits_2(cli) -> None:
    code, _, err = cli(DATA / "nowhere.yaml")
    assert code == 2 and "no such file" in err and "Traceback" not in err
    code, _, err = cli(DATA / "see_short.yaml", "--profile", "no-such-profile")
    assert code == 2 and "unknown profile" in err and err.count("\n") == 1
    code, _, err = cli(ROOT / "tests" / "data" / "histories" / "worked_pot.yaml")
    assert code == 2 and "has no dispute" in err and err.count("\n") == 1
    code, _, err = cli(DATA / "illegal_before.yaml", "--json")
    assert code == 2 and "seeing.two_players" in err


# ---------------------------------------------------------------------------
# The worked example of docs/history.md
# ---------------------------------------------------------------------------


def test_the_documented_example_matches_its_sheet_and_output(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    import re

    monkeypatch.chdir(ROOT)  # the example names the sheet relative to the project

    doc = (ROOT / "docs" / "history.md").read_text(encoding="utf-8")
    section = doc[doc.index("\n## Disputes\n"):]
    sheet = next(b for b in re.findall(r"```yaml\n(.*?)```", section, re.DOTALL) if "dispute:" in b)
    assert sheet == (DATA / "see_short.yaml").read_text(encoding="utf-8")
    documented = re.findall(r"```text\n(.*?)```", section, re.DOTALL)[0]
    code, out, _ = cli("tests/data/disputes/see_short.yaml")
    assert code == 0
    assert [line.rstrip() for line in out.splitlines()] == documented.rstrip("\n").splitlines()


def test_the_three_seed_profiles_side_by_side() -> None:
    """A seen player seeing a blind one, a tied see, a blind player left alone, under 000, 002 and 003."""
    seeds = ["standard", "traditional", "casual"]
    seen_blind = arbitrate(DATA / "seen_sees_blind.yaml", seeds)
    assert [r.allowed for r in seen_blind.rulings] == [False, False, False]  # all three texts forbid it
    assert all(r.rules == ["seeing.seen_sees_blind"] for r in seen_blind.rulings)
    tie = arbitrate(DATA / "tie.yaml", seeds)
    assert [r.winners for r in tie.rulings] == [["B"]] * 3  # the caller (A) loses a tie in all three
    alone = arbitrate(DATA / "blind_alone.yaml", seeds)
    outcomes = {r.profile: r.outcome for r in alone.rulings}
    assert outcomes == {"standard": "won", "traditional": "carried", "casual": "won"}
    assert alone.differs
