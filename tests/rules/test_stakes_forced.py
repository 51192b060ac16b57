"""stakes.forced: forced bets by position, and an ante that rises during a session.

Each scenario quotes the page it plays. Deals are set up with the order of play from the dealer's
left, the dealer last (``["A", "B", "C", "D"]``: D deals, A acts first), as a session deals them.
"""

from __future__ import annotations

import io
import json
import random
from fractions import Fraction
from typing import Any, Dict, List

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.explainers.explain import explain
from bragrules.explainers.rulebook import build_rulebook, render
from bragrules.history import LogWriter, parse_sheet, read_log
from bragrules.profile import load_profile_text
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules

from ..helpers import FOUR, deal_with, nets, play, rules_for


def forced(**values: Any) -> Dict[str, Any]:
    return {"forced": values}


def test_a_boot_put_in_by_one_player_in_rotation() -> None:
    """S15, https://en.wikipedia.org/wiki/Teen_patti: "This ante may be in the form of an equal amount put
    by each player, or a single larger amount put by one player (usually on a rotation basis)."

    The dealer (D) alone puts in the boot of 4; nobody else antes; the first bet opens as usual."""
    deal = deal_with(rules_for("standard", stakes=forced(kind="boot", amount=4)), FOUR)
    assert [(p.player, p.what, p.amount) for p in deal.posted] == [("D", "boot", 4)]
    assert deal.pot == 4 and deal.level is None and deal.to_act == "A"
    assert {name: state.contributed for name, state in deal.players.items()} == {"A": 0, "B": 0, "C": 0, "D": 4}
    play(deal, ["A bet 1", "B fold", "C fold", "D fold"])
    assert nets(deal) == {"A": 4, "B": 0, "C": 0, "D": -4}


def test_the_boot_goes_round_with_the_deal() -> None:
    """S15 (the same page): "usually on a rotation basis": each deal's dealer puts in the boot."""
    rules = compile_rules(load_profile_text("extends: standard\nname: boot\nstakes: {forced: {kind: boot, amount: 3}}\n"))
    session = Session(rules, ["A", "B", "C"], seed=2)
    posters = []
    for _ in range(3):
        deal = session.start_deal()
        posters.append((session.dealer, [p.player for p in deal.posted]))
        while not deal.is_over:
            session.act(deal.legal_actions()[-1].action())  # everyone folds
        session.finish_deal()
    assert posters == [("A", ["A"]), ("B", ["B"]), ("C", ["C"])]


def test_the_dealers_blind_of_half_the_boot_is_the_first_bet() -> None:
    """S16, https://casinoonline.net.in/india-games/teen-patti/: "an additional stake is required before play
    called the "blind." It is a forced wager that must be made by the dealer, equal to half the original
    boot." ... "The player to the immediate left of the blind goes first, folding or adding a bet called
    "chaal" to the pot. The chaal wager must be at least equal to the previous bet (initially, the blind)".

    Boot (ante) 1 each; the dealer D posts a blind of 1/2, blind, so the level is 1; A, on the blind's
    left, acts first and must pay at least the blind."""
    deal = deal_with(rules_for("standard", stakes=forced(kind="blind", amount="1/2")), FOUR)
    assert [(p.player, p.what, p.amount, p.live) for p in deal.posted][-1] == ("D", "blind", Fraction(1, 2), True)
    assert deal.pot == Fraction(9, 2) and deal.level == 1 and deal.to_act == "A"
    assert deal.players["D"].blind_bets == 1
    bet = next(o for o in deal.legal_actions() if o.kind == "bet")
    assert bet.amount == Fraction(1, 2)  # a blind A pays at least the blind
    play(deal, ["A look"])
    assert next(o for o in deal.legal_actions() if o.kind == "bet").amount == 1  # seen: the full level
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("A bet 1/2")
    assert refused.value.rule == "betting.at_least_level"  # below the level, before the grid of level_step
    assert deal.pot == Fraction(9, 2)  # nothing changed


def test_the_blind_on_the_player_after_the_dealer() -> None:
    """S16 (the same page): "Some versions force the blind on the player who goes after the dealer."
    A posts; B, on A's left, goes first."""
    deal = deal_with(rules_for("standard", stakes=forced(kind="blind", amount=1, who="next")), FOUR)
    assert deal.posted[-1].player == "A" and deal.to_act == "B" and deal.level == 2


def test_small_and_big_blinds() -> None:
    """S16 (the same page): "While others force it on two players, a "small blind" equal to half the boot
    and a "big blind" equal to the boot."

    With the blind on the player after the dealer: A posts the small blind (half the big), B the big
    blind of 2; C acts first, at a level of 4 (B's 2 blind)."""
    deal = deal_with(rules_for("standard", stakes=forced(kind="blinds", amount=2, who="next")), FOUR)
    assert [(p.player, p.what, p.amount) for p in deal.posted[4:]] == [("A", "small_blind", 1), ("B", "big_blind", 2)]
    assert deal.pot == 4 + 1 + 2 and deal.level == 4 and deal.to_act == "C"
    play(deal, ["C fold", "D fold", "A fold"])
    assert nets(deal) == {"A": -2, "B": 4, "C": -1, "D": -1}


def test_a_dead_blind_leaves_the_opening_to_the_first_bet() -> None:
    """http://teenpatti.gamentio.com/pl/howtoplay: "The game begins with 2 players posting the Boot or Ante
    (compulsory bet)": the blind as dead money (``live: false``); the first bet opens the level."""
    deal = deal_with(rules_for("standard", stakes=forced(kind="blind", amount=1, live=False)), FOUR)
    assert deal.level is None and deal.to_act == "A" and deal.pot == 5
    assert deal.players["D"].blind_bets == 0


SINGLE = ("extends: standard\nname: single-stake\nblind: {allowed: false}\n"
          "stakes: {ante: 0, forced: {kind: dealer_stake, amount: 2, compensation: 1}}\n")


def test_each_player_must_meet_the_dealers_stake_or_drop() -> None:
    """S13, http://www.pokerwiner.com/games-of-playing-cards/brag.html: "the dealer puts up a stake to the
    agreed limit ... each player must either drop out of the game for the round in progress, or put up a
    stake at least equal to that of the dealer's."""
    deal = deal_with(compile_rules(load_profile_text(SINGLE)), FOUR)
    assert deal.pot == 2 and deal.level == 2 and deal.to_act == "A"
    assert next(o for o in deal.legal_actions() if o.kind == "bet").amount == 2
    with pytest.raises(RuleViolation):
        deal.apply_text("A bet 1")
    play(deal, ["A bet 2", "B fold", "C fold", "D fold"])
    assert nets(deal) == {"A": 2, "B": 0, "C": 0, "D": -2}  # met: no compensation


def test_nobody_meets_the_dealers_stake() -> None:
    """S14 (the same page): "If no-one meets the dealer's stake he withdraws it, and receives an agreed
    amount from the other players. The deal then passes to the next player."""
    deal = play(deal_with(compile_rules(load_profile_text(SINGLE)), FOUR), ["A fold", "B fold", "C fold"])
    assert deal.result is not None and deal.result.winners == ["D"]
    assert nets(deal) == {"A": -1, "B": -1, "C": -1, "D": 3}
    assert "stakes.forced.compensation" in deal.result.decided_by
    assert sum(nets(deal).values()) == 0


def test_compensation_is_capped_by_a_short_stack() -> None:
    """With a finite bankroll a player pays the dealer at most what they hold."""
    text = SINGLE + "session: {bankroll: finite, starting_stack: 10}\n"
    rules = compile_rules(load_profile_text(text))
    stacks = {"A": Fraction(10), "B": Fraction(1, 2), "C": Fraction(10), "D": Fraction(10)}
    deal = play(deal_with(rules, FOUR, stacks=stacks), ["A fold", "B fold", "C fold"])
    assert nets(deal) == {"A": -1, "B": Fraction(-1, 2), "C": -1, "D": Fraction(5, 2)}


RISING = ("extends: standard\nname: rising\nstakes: {ante: 5, opening_min: 5, forced: {ante_rises_every: 2, "
          "ante_rise: 5, ante_max: 10}}\n")


def test_antes_that_step_up_during_a_session() -> None:
    """S20, https://scribd.com/document/373977552/Flash: "Tournament antes step up by day (5 on day one, 10
    after)"; https://shak5.com/rules.html: "Antes will double in the game following the timer".

    Ante 5 for the first two deals, then 10, never more."""
    session = Session(compile_rules(load_profile_text(RISING)), ["A", "B", "C"], seed=4)
    antes = []
    for _ in range(5):
        deal = session.start_deal()
        antes.append(sorted({p.amount for p in deal.posted}))
        while not deal.is_over:
            session.act(deal.legal_actions()[-1].action())
        session.finish_deal()
    assert antes == [[5], [5], [10], [10], [10]]


def _log(text: str, deals: int = 12, seed: int = 3) -> str:
    rules = compile_rules(load_profile_text(text))
    session = Session(rules, ["A", "B", "C", "D"], seed=seed)
    out = io.StringIO()
    with LogWriter.for_session(out, session, include_profile=True):
        play_session(session, random_chooser(random.Random(seed)), max_deals=deals)
    return out.getvalue()


def _audit_text(text: str, tmp_path: Any) -> List[Any]:
    path = tmp_path / "log.jsonl"
    path.write_text(text)
    return audit(read_log(str(path))).violations


def _tamper(text: str, deal: int, post: str, amount: Any) -> str:
    lines = []
    for line in text.splitlines():
        record = json.loads(line)
        if record.get("type") == "deal" and record.get("deal") == deal:
            for item in record["posts"]:
                if item["post"] == post:
                    item["amount"] = amount
                    break
            line = json.dumps(record, separators=(",", ":"))
        lines.append(line)
    return "\n".join(lines) + "\n"


BLIND = "extends: standard\nname: blind\nstakes: {forced: {kind: blind, amount: 1}}\n"


def test_the_log_writes_every_post_and_the_audit_checks_it(tmp_path: Any) -> None:
    text = _log(BLIND)
    first = json.loads(text.splitlines()[1])
    assert first["posts"][-1] == {"player": first["dealer"], "post": "blind", "amount": 1}
    assert _audit_text(text, tmp_path) == []
    violations = _audit_text(_tamper(text, 2, "blind", 2), tmp_path)
    assert [v.rule for v in violations][:1] == ["stakes.forced.amount"]
    assert "is 1, not 2" in violations[0].message


def test_a_tampered_rising_ante_is_reported_under_its_rule(tmp_path: Any) -> None:
    text = _log(RISING, deals=5)
    assert _audit_text(text, tmp_path) == []
    assert [v.rule for v in _audit_text(_tamper(text, 4, "ante", 5), tmp_path)][:1] == ["stakes.forced.ante_rises_every"]
    assert [v.rule for v in _audit_text(_tamper(text, 1, "ante", 10), tmp_path)][:1] == ["stakes.ante"]


def test_a_log_without_forced_bets_reads_as_before() -> None:
    for line in _log("extends: standard\nname: plain\n", deals=3).splitlines():
        assert "posts" not in json.loads(line)


def test_a_sheet_is_replayed_with_the_forced_bets() -> None:
    sheet = parse_sheet(
        "format: bragrules-history/1\nprofile: standard\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
        "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n"
        "    actions: [A fold, B fold, C fold]\n"
        "    result: {winners: [D], net: {A: -1, B: -1, C: -1, D: 3}}\n",
        filename="sheet.yaml",
    )
    assert audit(sheet, load_profile_text(SINGLE)).violations == []
    wrong = audit(sheet, load_profile_text(SINGLE.replace("compensation: 1", "compensation: 2")))
    assert wrong.violations and wrong.violations[0].rule.startswith("history.")


def test_words_for_the_table() -> None:
    profile = load_profile_text(SINGLE)
    assert explain("stakes.forced.compensation", 1, profile).startswith(
        "if nobody meets the dealer's stake, the dealer takes it back and every other player pays the dealer 1")
    book = " ".join(render(build_rulebook(profile), "text").split())
    assert "Forced bets" in book and "must meet it or drop" in book
    blinds = load_profile_text("extends: standard\nname: b\nstakes: {forced: {kind: blinds, amount: 2}}\n")
    assert "the dealer posts a small blind of 1 and the next player a big blind of 2" in explain(
        "stakes.forced.kind", "blinds", blinds)


def test_a_live_blind_off_the_level_steps_is_refused_with_the_profile() -> None:
    with pytest.raises(ValueError, match="stakes.forced.amount"):
        Profile.model_validate({"stakes": {"level_step": 2, "opening_min": 2,
                                           "forced": {"kind": "blind", "amount": "1/2"}}})
    with pytest.raises(ValueError, match="needs an amount"):
        Profile.model_validate({"stakes": {"forced": {"kind": "boot"}}})


KINDS = st.sampled_from([
    {"kind": "boot", "amount": 3}, {"kind": "blind", "amount": "1/2"}, {"kind": "blind", "amount": 1, "who": "next"},
    {"kind": "blinds", "amount": 2}, {"kind": "blinds", "amount": 1, "who": "next", "live": False},
    {"kind": "dealer_stake", "amount": 2, "compensation": 1}, {"ante_rises_every": 2, "ante_rise": 1},
])


@settings(max_examples=25, deadline=None)
@given(KINDS, st.booleans(), st.integers(0, 10_000))
def test_money_is_conserved_under_every_forced_bet(values: Dict[str, Any], finite: bool, seed: int) -> None:
    data: Dict[str, Any] = {"stakes": {"forced": values}}
    if finite:
        data["session"] = {"bankroll": "finite", "starting_stack": 12, "end": {"kind": "one_player_left"}}
    rules = compile_rules(Profile.model_validate(data))
    session = Session(rules, ["A", "B", "C", "D"], seed=seed)
    total = sum(session.balances.values())
    play_session(session, random_chooser(random.Random(seed)), max_deals=15)
    assert sum(session.balances.values()) + session.state.carried == total
    if finite:
        assert all(balance >= 0 for balance in session.balances.values())


def test_the_web_table_and_play_show_the_forced_bets(capsys: Any, monkeypatch: Any, tmp_path: Any) -> None:
    """What was posted is the table's: every seat and every watcher is told, with the exact amounts."""
    from bragrules.web.views import public_view, seat_view

    from ..helpers import run_cli

    deal = deal_with(rules_for("standard", stakes=forced(kind="blinds", amount=2)), FOUR)
    for data in (seat_view(deal, "A"), public_view(deal)):
        assert data["posts_text"] == "antes 1 each; D posts the small blind of 1; A posts the big blind of 2 (the first bet)"
        assert data["posts"][-1] == {"player": "A", "post": "big_blind", "amount": 2, "first_bet": True}
    assert "posts" not in seat_view(deal_with(rules_for("standard"), FOUR), "A")
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli(capsys, monkeypatch, "play", "-p", "single-stake", "--auto", "--hands", "2", "--seed", "4")
    assert code == 0
    assert "Before the betting: Ada puts up the opening stake of 2 (the first bet)." in out
