"""The session area (bragrules/rules/session.py), scenario by scenario.

session.end.kind: rounds, 000's "a set number of rounds" as full turns of the deal.

000, "Winning and scoring": "There is no fixed number of hands in a standard
game: players agree before starting either a set number of rounds, a time
limit, or simply play until one player has won all the chips." And "The
deal passes clockwise after each hand." A round is the deal going once round
the table, every player dealing once: three players, two rounds, six deals.
(003's "打完约定的手数", the agreed number of hands, is ``kind: hands``.)

session.bonus.needs_look: 003's bonus paid on every bonus hand dealt, looked at or not.

003, section 6: "奖励（变体）： 拿到 prial 或同花顺时，其他所有人支付一笔固定奖励" (bonus
variant: when someone gets a prial or running flush, everyone else pays a
fixed bonus). "拿到" (gets) has two readings. ``when: dealt`` with
``needs_look: true`` (the default) pays a hand once its holder looks at it or
shows it; ``needs_look: false`` pays every such hand dealt, looked at or not:
a prial folded blind still earns, settled with the deal.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Any, Dict, List

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.deal import Deal
from bragrules.engine.events import Bonus
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.explainers.diff import compare
from bragrules.explainers.explain import explain, in_play, source_of
from bragrules.explainers.rulebook import build_rulebook, render
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile import ProfileError, load_profile, load_profile_text, profile_hash
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules

from ..helpers import deal_with, play, rules_for

ROUNDS_YAML = "extends: standard\nname: two-rounds\nsession:\n  end: {kind: rounds, count: 2}\n"


def won_at_once(deal: Deal) -> object:
    """The first player looks and bets, everyone else folds: a pot won at once, never carried."""
    options = {o.kind: o for o in deal.legal_actions()}
    if not deal.actions and "look" in options:
        return options["look"].action()
    if "fold" in options and any(a.kind == "bet" for a in deal.actions):
        return options["fold"].action()
    if "bet" in options:
        return options["bet"].action(options["bet"].amounts(limit=1)[0])
    return next(iter(options.values())).action()


def _rounds(name: str = "standard", count: int = 2, **areas: Dict[str, Any]) -> Any:
    return rules_for(name, session={"end": {"kind": "rounds", "count": count}}, **areas)


def test_two_rounds_of_three_players_are_six_deals_each_player_dealing_twice() -> None:
    """000: "a set number of rounds"; the deal passes clockwise after each hand."""
    session = play_session(Session(_rounds(), ["A", "B", "C"], seed=2, dealer="A"), won_at_once)
    assert session.is_over and len(session.records) == 6
    assert [r.dealer for r in session.records] == ["A", "B", "C", "A", "B", "C"]
    assert session.state.rounds == 2
    with pytest.raises(RuleViolation) as refused:
        session.start_deal()
    assert refused.value.rule == "session.end"


def test_rounds_are_not_hands() -> None:
    """Two hands are two deals; two rounds at four players are eight."""
    hands = play_session(Session(rules_for("standard", session={"end": {"kind": "hands", "count": 2}}),
                                 ["A", "B", "C", "D"], seed=2), won_at_once)
    rounds = play_session(Session(_rounds(), ["A", "B", "C", "D"], seed=2), won_at_once)
    assert (len(hands.records), len(rounds.records)) == (2, 8)


def test_a_pot_carried_at_the_end_of_the_last_round_is_played_on_until_won() -> None:
    """002's carried pot with 000's rounds: nobody leaves money on the table."""
    session = Session(_rounds("traditional", 1), ["A", "B", "C"], seed=9, dealer="A")
    for _ in range(2):
        deal = session.start_deal()
        while not deal.is_over:
            session.act(won_at_once(deal))
        session.finish_deal()
    session.start_deal()  # the third deal of the round, dealt by C: A is left alone blind, the pot carries
    for text in ["A bet 1", "B fold", "C fold", "A retain"]:
        session.act(text)
    assert session.finish_deal().outcome == "carried"
    assert session.state.rounds == 1 and not session.is_over
    deal = session.start_deal()
    while not deal.is_over:
        session.act(won_at_once(deal))
    session.finish_deal()
    assert session.is_over and len(session.records) == 4


def test_a_player_put_out_need_not_deal_for_the_round_to_end() -> None:
    """With chips (003's stacks) a player out of chips is passed over: the round is the players still in."""
    rules = rules_for("casual", session={"end": {"kind": "rounds", "count": 1}, "starting_stack": 5})
    session = Session(rules, ["A", "B", "C"], seed=4, dealer="A")
    deal = session.start_deal()  # B, C and A have each posted their whole stack: everyone is all in
    assert all(s.all_in for s in deal.players.values()) and deal.is_over
    session.finish_deal()
    assert len(session.in_rotation()) == 1 and session.is_over


def test_rounds_with_a_fixed_dealer_are_refused_at_the_line(tmp_path: Path) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text("extends: standard\ntable:\n  rotation: fixed\nsession:\n  end:\n    kind: rounds\n"
                    "    count: 3\n", encoding="utf-8")
    with pytest.raises(ProfileError) as refused:
        load_profile(str(path))
    text = str(refused.value)
    assert "odd.yaml:6" in text and "table.rotation: fixed" in text, text


def test_rounds_without_a_count_are_refused() -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile_text("session:\n  end: {kind: rounds}\n")
    assert "rounds needs a count" in str(refused.value)


def _sheet(deals: int) -> str:
    dealers = ["C", "A", "B"]
    lines = ["profile: two-rounds.yaml", "players: [A, B, C]", "dealer: C", "deals:"]
    for n in range(deals):
        first = ["A", "B", "C"][(n + 0) % 3]
        order = ["A", "B", "C"][(n % 3):] + ["A", "B", "C"][:(n % 3)]
        acts = [f"{first} look", f"{first} bet 1"] + [f"{p} fold" for p in order[1:]]
        lines.append(f"  - actions: [{', '.join(acts)}]  # dealt by {dealers[n % 3]}")
    lines.append("end: {}")
    return "\n".join(lines) + "\n"


def test_the_audit_checks_the_end_after_the_rounds(tmp_path: Path) -> None:
    (tmp_path / "two-rounds.yaml").write_text(ROUNDS_YAML, encoding="utf-8")
    right = audit(parse_sheet(_sheet(6), filename=str(tmp_path / "a.yaml")))
    assert right.ok and right.ended, right.violations
    long = audit(parse_sheet(_sheet(7), filename=str(tmp_path / "b.yaml")))
    assert [(v.deal, v.rule) for v in long.violations] == [(7, "session.end")]
    assert "2 rounds" in long.violations[0].message and "2 so far" in long.violations[0].message
    short = audit(parse_sheet(_sheet(5), filename=str(tmp_path / "c.yaml")))
    assert [v.rule for v in short.violations] == ["session.end"] and "1 so far" in short.violations[0].message


def test_the_explainers_know_rounds() -> None:
    rounds = load_profile_text(ROUNDS_YAML)
    sentence = "the session ends after 2 rounds of the deal, a round being every player dealing once, once no pot is carried"
    assert explain("session.end.kind", "rounds", {"session": {"end": {"kind": "rounds", "count": 2}}}) == sentence
    assert explain("session.end.count", 2, {"session": {"end": {"kind": "rounds", "count": 2}}}) == sentence
    assert in_play("session.end.count", rounds)
    assert source_of("session.end.kind", "rounds") == "000 (a set number of rounds)"
    found = compare([("standard", load_profile("standard")), ("two-rounds", rounds)]).find("session.end.kind")
    assert found is not None and found.values == {"standard": "never", "two-rounds": "rounds"}
    book = " ".join(render(build_rulebook(rounds), "text").split())
    assert "The session ends after 2 rounds of the deal, a round being every player dealing once" in book


def test_the_shipped_profiles_hash_as_before() -> None:
    """A new value of an existing field changes no profile that does not use it."""
    assert profile_hash(load_profile("traditional")) == (
        "8093a6d242b67273e60b67ce654ab628c9d0f1ee55548d07558c4b889689ec1d")


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), count=st.integers(1, 3),
       base=st.sampled_from(["standard", "traditional", "casual", "nine-card"]),
       rotation=st.sampled_from(["clockwise", "anticlockwise"]))
def test_random_sessions_of_rounds_conserve_money_and_audit(tmp_path_factory: Any, seed: int, players: int,
                                                            count: int, base: str, rotation: str) -> None:
    data = load_profile(base).model_dump(mode="json")
    data["session"]["end"] = {"kind": "rounds", "count": count}
    data["table"]["min_players"] = 2
    data["table"]["rotation"] = rotation
    profile = Profile.model_validate(data)
    rules = compile_rules(profile)
    players = min(players, profile.table.max_players)
    names = ["A", "B", "C", "D", "E", "F"][:players]
    path = Path(tmp_path_factory.mktemp("rounds")) / "log.jsonl"
    session = Session(rules, names, seed=seed, dealer=names[-1])
    with LogWriter.for_session(path, session, profile_name="rounds"):
        play_session(session, random_chooser(random.Random(seed)), max_deals=60)
    start = rules.session.starting_stack if rules.session.finite else Fraction(0)
    assert sum(session.balances.values()) + session.state.carried == start * players
    played: List[str] = [r.dealer for r in session.records if r.result.outcome != "redeal"]
    if session.is_over and not rules.session.finite:  # nobody is put out: each round is every seat dealing once
        assert len(played) >= count * players and all(played.count(p) >= count for p in names)
        carried_tail = [r for r in session.records if r.result.outcome != "redeal"][count * players:]
        assert all(r.carried_in > 0 for r in carried_tail)  # deals past the rounds only play a carried pot on
    report = audit(str(path))
    assert report.ok, report.violations[:3]
    assert report.ended == session.is_over and report.net == session.net()


# ---------------------------------------------------------------------------
# session.bonus.needs_look
# ---------------------------------------------------------------------------


HANDS = {"A": "5s 6h 7d", "B": "9h 9d 9c", "C": "2c 7h Jd"}  # B is dealt a prial


def _session(when: str = "dealt", needs_look: bool = True, **extra: Any) -> Dict[str, Any]:
    bonus: Dict[str, Any] = {"prial": 10, "running_flush": 4, "when": when, **extra}
    if not needs_look:
        bonus["needs_look"] = False
    return {"bonus": bonus, "bankroll": "unlimited", "starting_stack": 0, "end": {"kind": "never"}}


def _rules(when: str = "dealt", needs_look: bool = True) -> Any:
    return rules_for("casual", session=_session(when, needs_look))


UNLOOKED_YAML = ("extends: standard\nname: every-prial\nsession:\n"
                 "  bonus: {prial: 10, running_flush: 4, when: dealt, needs_look: false}\n")


def test_a_prial_folded_blind_earns_when_looking_is_not_needed() -> None:
    """拿到 read as "is dealt": B folds a prial unseen, and still collects 10 from each other player."""
    deal = play(deal_with(_rules(needs_look=False), HANDS), ["A look", "A bet 10", "B fold", "C fold"])
    assert deal.result is not None and deal.result.winners == ["A"]
    assert deal.result.bonuses == {"A": -10, "B": 20, "C": -10}
    assert [e for e in deal.events if isinstance(e, Bonus)] == [Bonus("B", Fraction(10), "prial")]
    assert "session.bonus.prial" in deal.result.decided_by


def test_the_same_prial_folded_blind_earns_nothing_when_looking_is_needed() -> None:
    """拿到 read as "gets and looks at": today's ``when: dealt``; an unseen prial is never declared."""
    deal = play(deal_with(_rules(), HANDS), ["A look", "A bet 10", "B fold", "C fold"])
    assert deal.result is not None and not any(deal.result.bonuses.values())
    looked = play(deal_with(_rules(), HANDS), ["A look", "A bet 10", "B look", "B fold", "C fold"])
    assert looked.result is not None and looked.result.bonuses == {"A": -10, "B": 20, "C": -10}


def test_a_hand_is_paid_once_when_it_is_looked_at_too() -> None:
    deal = play(deal_with(_rules(needs_look=False), HANDS), ["A look", "A bet 10", "B look", "B fold", "C fold"])
    assert deal.result is not None and deal.result.bonuses == {"A": -10, "B": 20, "C": -10}


def test_every_bonus_hand_dealt_earns_and_a_carried_deal_pays_too() -> None:
    """Two bonus hands, both unseen, and a pot that carries (nobody bet, 003's no-bet carry)."""
    rules = rules_for("casual", session=_session(needs_look=False), folding={"nobody_bet": "carries"})
    hands = {"A": "4h 5h 6h", "B": "9h 9d 9c", "C": "2c 7h Jd"}  # A a running flush, B a prial
    deal = play(deal_with(rules, hands), ["A fold", "B fold"])
    assert deal.result is not None and deal.result.outcome == "carried"
    assert deal.result.bonuses == {"A": 8 - 10, "B": 20 - 4, "C": -14}


def test_a_retained_hand_earns_only_in_the_deal_it_was_dealt() -> None:
    """002's retention: a blind survivor keeps the unseen hand; it earned in its own deal, not again."""
    rules = rules_for("traditional", session={"bonus": {"prial": 10, "running_flush": 0, "when": "dealt",
                                                        "needs_look": False}})
    first = play(deal_with(rules, HANDS), ["A bet 1", "B bet 1", "C fold", "A fold", "B retain"])
    assert first.result is not None and first.result.outcome == "carried"
    assert first.result.bonuses == {"A": -10, "B": 20, "C": -10}
    kept = first.result.retained
    second = deal_with(rules, {"A": "2h 3d 8c", "B": "4c 5d Kh", "C": "Ts Jh 4d"}, retained=kept,
                       carried=first.result.carried_out)
    play(second, ["A look", "A bet 2", "B look old", "B keep", "B bet 2", "C fold", "A fold"])
    assert second.result is not None and not any(second.result.bonuses.values())


def test_needs_look_false_without_when_dealt_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text("extends: standard\nsession:\n  bonus:\n    prial: 5\n    needs_look: false\n", encoding="utf-8")
    with pytest.raises(ProfileError) as refused:
        load_profile(str(path))
    text = str(refused.value)
    assert "odd.yaml:5:" in text and "needs_look" in text and "when: dealt" in text, text


def test_a_needs_look_that_is_not_a_switch_is_refused() -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile_text("session:\n  bonus: {when: dealt, needs_look: 'no'}\n")
    assert "needs_look" in str(refused.value)


def test_the_audit_recomputes_the_unlooked_bonus(tmp_path: Path) -> None:
    (tmp_path / "every-prial.yaml").write_text(UNLOOKED_YAML, encoding="utf-8")
    body = ("players: [A, B, C]\ndealer: C\ndeals:\n"
            "  - cards: {A: 5s 6h 7d, B: 9h 9d 9c, C: 2c 7h Jd}\n"
            "    actions: [A look, A bet 2, B fold, C fold]\n"
            "    result: {winner: A, net: {A: -8, B: 19, C: -11}}\n")
    report = audit(parse_sheet(f"profile: every-prial.yaml\n{body}", filename=str(tmp_path / "s.yaml")))
    assert report.ok, report.violations
    wrong = audit(parse_sheet(f"profile: every-prial.yaml\n{body.replace('B: 19', 'B: -1')}",
                              filename=str(tmp_path / "t.yaml")))
    assert [v.rule for v in wrong.violations] == ["history.result"]


def test_the_explainers_know_both_readings() -> None:
    unlooked = load_profile_text(UNLOOKED_YAML)
    assert explain("session.bonus.needs_look", False) == (
        "every bonus hand dealt earns, looked at or not, settled with the deal")
    assert in_play("session.bonus.needs_look", unlooked)
    assert not in_play("session.bonus.needs_look", load_profile("casual"))  # no bonus amounts
    assert "looked at or not" in source_of("session.bonus.needs_look", False)
    assert "拿到" in source_of("session.bonus.needs_look", True)
    looked = load_profile_text(UNLOOKED_YAML.replace(", needs_look: false", ""))
    found = compare([("looked", looked), ("every-prial", unlooked)]).find("session.bonus.needs_look")
    assert found is not None and found.values == {"looked": True, "every-prial": False}
    book = " ".join(render(build_rulebook(unlooked), "text").split())
    assert "A player dealt a prial (looked at or not) collects 10 from every other player" in book
    assert "whether its holder looks at it or not" in book


def test_a_profile_leaving_needs_look_unset_hashes_as_before() -> None:
    plain = load_profile_text(UNLOOKED_YAML.replace(", needs_look: false", ""))
    same = load_profile_text(UNLOOKED_YAML.replace("needs_look: false", "needs_look: true"))
    assert profile_hash(plain) == profile_hash(same) != profile_hash(load_profile_text(UNLOOKED_YAML))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6),
       base=st.sampled_from(["standard", "traditional", "casual", "seven-card"]))
def test_random_play_with_unlooked_bonuses_conserves_money_and_audits(tmp_path_factory: Any, seed: int,
                                                                      players: int, base: str) -> None:
    data = load_profile(base).model_dump(mode="json")
    data["session"]["bonus"] = {"prial": 3, "running_flush": 2, "when": "dealt", "needs_look": False}
    data["table"]["min_players"] = 2
    profile = Profile.model_validate(data)
    rules = compile_rules(profile)
    players = min(players, profile.table.max_players)
    names = ["A", "B", "C", "D", "E", "F"][:players]
    path = Path(tmp_path_factory.mktemp("bonus")) / "log.jsonl"
    session = Session(rules, names, seed=seed, dealer=names[-1])
    with LogWriter.for_session(path, session, profile_name="every-prial"):
        play_session(session, random_chooser(random.Random(seed)), max_deals=8)
    start = rules.session.starting_stack if rules.session.finite else Fraction(0)
    assert sum(session.balances.values()) + session.state.carried == start * players
    for record in session.records:  # every bonus hand dealt is paid, looked at or not (finite stacks may fall short)
        if rules.session.finite or record.result.outcome == "redeal":
            continue
        expected = {p: Fraction(0) for p in record.order}
        for holder, hand in record.hands.items():
            amount = rules.session.bonus.get(_category(rules, hand), Fraction(0)) if hand is not None else 0
            for p in record.order:
                expected[p] += amount * (len(record.order) - 1) if p == holder else -amount
        assert record.result.bonuses == expected
    report = audit(str(path))
    assert report.ok, report.violations[:3]
    assert report.net == session.net()


def _category(rules: Any, hand: Any) -> str:
    return str(rules.comparer.category(tuple(hand)))


# ---------------------------------------------------------------------------
# session.covering
# ---------------------------------------------------------------------------


def _short(covering: str) -> Deal:
    from bragrules.core.cards import parse_cards

    rules = rules_for("standard", session={"bankroll": "finite", "starting_stack": 10, "covering": covering,
                                          "end": {"kind": "one_player_left"}})
    hands = {"A": parse_cards("Kc 9c 4c"), "B": parse_cards("5s 6h 7d"), "C": parse_cards("2c 7h Jd")}
    deal = Deal(rules, ["A", "B", "C"], hands, stacks={"A": Fraction(10), "B": Fraction(2), "C": Fraction(10)})
    for text in ("A look", "A bet 4"):
        deal.apply_text(text)
    return deal


def test_a_short_stack_goes_all_in_for_a_side_pot_or_must_fold() -> None:
    """002 leaves "finite-bankroll covering rules" to the profile: B, with 1 left after the ante, cannot
    cover a blind payment of 2. ``covering: side_pot`` lets B go all in for 1; ``must_fold`` refuses
    the bet naming the rule, and B may only look or fold."""
    side = _short("side_pot")
    (bet,) = [o for o in side.legal_actions() if o.kind == "bet"]
    assert (bet.player, bet.amount, bet.max_amount, bet.all_in) == ("B", 1, 1, True)
    side.apply_text("B bet 1")
    assert side.players["B"].all_in and side.players["B"].stack == 0 and side.to_act == "C"
    fold = _short("must_fold")
    assert {o.kind for o in fold.legal_actions()} == {"look", "fold"}
    with pytest.raises(RuleViolation) as refused:
        fold.apply_text("B bet 1")
    assert refused.value.rule == "session.covering"
