"""The shipped profile `teen-patti`: the common game of the Teen Patti rules pages, at the table.

Each scenario quotes the page it is written from; the profile file quotes them beside each field.
Amounts are in boots: a blind stake of 1 boot is the level 2, which a seen player pays whole.
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.deal import Deal
from bragrules.explainers.rulebook import build_rulebook, render_text
from bragrules.profile import builtin_names, load_profile
from bragrules.rules.compile import compile_rules

from ..helpers import FOUR, deal_with, play, rules_for, run_cli


def teen_patti(hands: dict = FOUR) -> Deal:  # type: ignore[type-arg]
    return deal_with(rules_for("teen-patti"), hands)


def bet_range(deal: Deal) -> Tuple[object, object, object]:
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    return bet.player, bet.amount, bet.max_amount


def kinds(deal: Deal) -> List[str]:
    return [o.kind for o in deal.legal_actions()]


def test_it_ships_and_extends_standard() -> None:
    assert "teen-patti" in builtin_names()
    profile = load_profile("teen-patti")
    assert profile.extends == ["standard"] and profile.stakes.ante == 1


def test_gamentio_situations_blind_and_chaal() -> None:
    """http://teenpatti.gamentio.com/pl/howtoplay: "A player chooses to play Blind his/her minimum bet is
    the same as the stake value of that table and maximum is twice that of the minimum stake ... Situation
    1- If Player A posts a Blind bet of $100 (min. Stake of that table), Player B will have to post a Chaal
    of $200 ... Situation 3- If Player A posts a Blind bet of $100, Player B can post a Chaal of $400"."""
    deal = teen_patti()
    assert bet_range(deal) == ("A", 1, 2)  # blind: the boot to twice it
    play(deal, ["A bet 1", "B look"])
    assert bet_range(deal) == ("B", 2, 4)  # seen: twice the blind bet to four times it
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("B bet 6")
    assert refused.value.rule == "stakes.raise_limit.factor"
    assert deal.to_act == "B" and deal.pot == 5  # nothing changed


def test_a_chaal_doubles_the_stake_or_matches_it() -> None:
    """https://casinoonline.net.in/india-games/teen-patti/: "The chaal wager must be at least equal to the
    previous bet (initially, the blind) or increase it by a multiple of two"; gamentio: "The maximum value
    of a Chaal cannot be more than two times (2x) the value of a previous Chaal"."""
    deal = play(teen_patti(), ["A look", "A bet 4", "B look"])
    assert bet_range(deal) == ("B", 4, 8)
    legal = next(o for o in deal.legal_actions() if o.kind == "bet")
    assert legal.step == 4  # 4 or 8, nothing between
    with pytest.raises(RuleViolation):
        deal.apply_text("B bet 6")


def test_the_chaal_limit() -> None:
    """https://www.mega888.com.ph/game-list/teen-patti-joker-jili/: "After exceeding the maximum call
    amount (128 multipliers the entry fees), player can only take call but cannot raise"."""
    deal = play(teen_patti(), ["A look", "A bet 4", "B look", "B bet 8", "C fold", "D fold",
                               "A bet 16", "B bet 32", "A bet 64", "B bet 128"])
    assert bet_range(deal) == ("A", 128, 128)
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("A bet 256")
    assert refused.value.rule in ("stakes.max_stake", "stakes.raise_limit.factor")


def test_the_pot_limit_forces_the_hands_open() -> None:
    """mega888: "the bet amounts on the pot reach 1024 multipliers will be forced to open hands";
    gametionglobal.com: "Every table of Teen Patti has a Pot Limit". B's run beats A's flush."""
    deal = play(teen_patti(), ["A look", "A bet 4", "B look", "B bet 8", "C fold", "D fold",
                               "A bet 16", "B bet 32", "A bet 64", "B bet 128"])
    bets = 0
    while deal.result is None:
        deal.apply_text(f"{deal.to_act} bet 128")
        bets += 1
    assert deal.result.reason.startswith("the pot has reached its limit of 1024")
    assert deal.result.winners == ["B"] and deal.pot >= 1024
    assert bets == 6  # 256 in the pot after B's 128, six more bets of 128 reach 1,024
    assert "stakes.pot_limit" in deal.result.decided_by


def test_four_blind_turns_then_look() -> None:
    """mega888: "Max up to take 4 times blind in one game"."""
    hands = {"A": "Kc 9c 4c", "B": "5s 6h 7d", "C": "2c 7h Jd"}
    deal = teen_patti(hands)
    for _ in range(4):
        for player in "ABC":
            if player == "A":
                deal.apply_text("A bet 1")
            else:
                deal.apply_text(f"{player} bet 1")
    assert deal.to_act == "A" and "bet" not in kinds(deal) and "look" in kinds(deal)
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("A bet 1")
    assert refused.value.rule == "blind.max_blind_turns"


def test_the_side_show_with_the_previous_seen_player() -> None:
    """https://gametionglobal.com/teenpatti.html: "Players can request a Side Show if both the player and
    the previous player have seen their cards. When a Side Show is performed, the two players reveal their
    cards only to each other and the player with the lower hand rank is eliminated from the game"."""
    deal = play(teen_patti(), ["A bet 1", "B look", "B bet 4", "C look"])
    side = next(o for o in deal.legal_actions() if o.kind == "sideshow")
    assert side.amount == 4  # the chaal, paid with the request (teenpatti.9game.com)
    play(deal, ["C sideshow 4", "B accepts"])
    assert deal.players["C"].folded and not deal.players["B"].folded  # B's run beats C's jack high
    assert deal.to_act == "D"


def test_no_side_show_with_a_blind_player() -> None:
    """Only between seen players ("if both the player and the previous player have seen their cards")."""
    deal = play(teen_patti(), ["A bet 1", "B bet 1", "C look"])
    assert "sideshow" not in kinds(deal)


def test_the_show_costs_the_stake_and_the_caller_loses_a_tie() -> None:
    """gametionglobal.com: "If there are only two players remaining in the game, either of them can ask
    for a Show ... In case of a tie, the player who initiated the Show loses"; dev.to (Teen Patti Gold):
    "The opponent has to pay the amount equal to the previous betting before showing his hands"."""
    hands = {"A": "Ks 9h 4d", "B": "Kh 9d 4s", "C": "2c 7h Jd"}
    deal = play(teen_patti(hands), ["A look", "A bet 4", "B look", "B bet 4", "C fold"])
    see = next(o for o in deal.legal_actions() if o.kind == "see")
    assert (see.player, see.amount) == ("A", 4)  # once the stake, at the seen rate
    play(deal, ["A see 4"])
    assert deal.result is not None and deal.result.winners == ["B"]
    assert "seeing.tie" in deal.result.decided_by


def test_trail_and_sequence_order() -> None:
    """https://www.casino-online.in/teen-patti-rules-ranking-of-the-cards/: A-K-Q the highest sequence,
    then A-2-3, then K-Q-J; mega888: "AAA is the biggest, 222 is the smallest"."""
    ranker = compile_rules(load_profile("teen-patti")).ranking.ranker

    def strength(text: str) -> int:
        return ranker.strength(parse_cards(text))

    assert strength("Ah Kd Qc") > strength("Ad 2h 3c") > strength("Kh Qd Jc") > strength("4h 3d 2c")
    assert strength("Ah Ad Ac") > strength("Kh Kd Kc") > strength("3h 3d 3c") > strength("2h 2d 2c")
    assert strength("2h 2d 2c") > strength("Ah Kh Qh")  # any trail beats the best pure sequence


def test_the_rulebook_and_the_diff_read_right(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    book = " ".join(render_text(build_rulebook(load_profile("teen-patti"))).split())
    for words in ("A-K-Q is the best sequence, then A-2-3, then K-Q-J", "A-A-A is the best trail",
                  "A chaal sets the level at most twice the current level", "Once the pot reaches 1024",
                  "The side-show", "A tie goes against the player who called the show",
                  "A player may chaal blind at most four times"):  # its moves in its words
        assert words in book, words
    code, out, _ = run_cli(capsys, monkeypatch, "diff", "standard", "teen-patti")
    assert code == 1  # the profiles differ
    for words in ("stakes.raise_limit.factor", "seeing.side_show.allowed", "stakes.pot_limit",
                  "a chaal sets the level at most twice the current level"):
        assert words in out, words


@pytest.mark.parametrize("name", ["teen-patti", "muflis", "ak47", "joker", "zha-jin-hua", "hoyle"])
def test_simulate_and_impact_run_under_the_family(name: str, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "simulate", "-p", name, "--hands", "60", "--seed", "3")
    assert code == 0, err
    assert "money" in out.lower()
    code, out, err = run_cli(capsys, monkeypatch, "diff", "standard", name, "--impact", "40", "--seed", "3")
    assert code == 1, err  # the profiles differ, and the measures were played
    assert "against standard" in out
