"""The stakes area (bragrules/rules/stakes.py), scenario by scenario.

stakes.raises_stop_at (formerly stakes.pot_cap): the pot at which raising stops (not a maximum pot);
bets at the level, sees and folds go on, and the pot goes on growing.

The scenario under traditional (ante 1, four players, a raise adds at most 5)
with a cap of 10: A and B bet at level 4, the pot is 12, and from then on a
bet is at level 4 (2 for a blind player), whatever the raise limit allows.

stakes.raise_limit.pot_measure: when the pot of a pot limit is counted.

003 lists pot limit among its variants: "底池限注 | 加注最多为底池大小" (pot limit:
a raise is at most the size of the pot). It does not say when the pot is
counted. ``before_bet`` counts it as it stands before the raiser pays
anything; ``after_call`` reads it the poker way, the pot as it would stand
once the raiser had called.

The scenario (standard, ante 1, three players, everyone seen): the antes make
3; A opens at 2 (the pot 5). B raising from level 2: before the bet the pot
is 5, so the level may go to 7; after B's call of 2 it is 7, so to 9.
"""

from __future__ import annotations

import hashlib
import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any, Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.events import Bet
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.explainers.diff import compare
from bragrules.explainers.explain import explain, in_play, source_of
from bragrules.explainers.rulebook import build_rulebook, render
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile import ProfileError, builtin_names, load_profile, load_profile_text, profile_hash
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules
from bragrules.rules.raise_cap import RaisePolicy
from bragrules.rules.registry import later_fields

from ..helpers import FOUR, deal_with, play, rules_for

CAPPED = "extends: traditional\nname: capped\nstakes: {raises_stop_at: 10}\n"


def test_the_cap_stops_raises_but_not_bets_at_the_level() -> None:
    deal = play(deal_with(rules_for("traditional", stakes={"raises_stop_at": 10}), FOUR), ["A look", "A bet 4"])
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert (bet.amount, bet.max_amount) == (2, Fraction(9, 2))  # B blind: below the cap (pot 8) a raise is open
    play(deal, ["B look", "B bet 4"])  # the pot is 12: capped
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert (bet.player, bet.amount, bet.max_amount) == ("C", 2, 2)  # blind: half of level 4, no more
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("C bet 3")
    assert refused.value.rule == "stakes.raises_stop_at"
    assert deal.to_act == "C" and deal.level == 4  # nothing changed
    play(deal, ["C bet 2"])
    assert deal.level == 4 and deal.to_act == "D"


def test_without_a_cap_the_same_raise_is_allowed() -> None:
    deal = play(deal_with(rules_for("traditional"), FOUR), ["A look", "A bet 4", "B look", "B bet 4"])
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert (bet.amount, bet.max_amount) == (2, Fraction(9, 2))


def test_random_legal_play_never_raises_past_the_cap() -> None:
    rules = compile_rules(load_profile_text(CAPPED))
    choose = random_chooser(random.Random(15))
    capped_bets = 0
    for _ in range(60):
        deal = deal_with(rules, FOUR)
        level, pot = None, deal.pot
        while deal.result is None:
            event = deal.apply(choose(deal))  # type: ignore[arg-type]
            if isinstance(event, Bet) and pot >= 10 and level is not None:
                assert event.level == level, (pot, level, event)
                capped_bets += 1
            level, pot = deal.level, deal.pot
    assert capped_bets > 20  # the cap was reached often enough to mean something


def test_the_audit_names_the_cap(tmp_path: Path) -> None:
    (tmp_path / "capped.yaml").write_text(CAPPED, encoding="utf-8")
    sheet = parse_sheet(
        "format: bragrules-history/1\nprofile: capped.yaml\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
        "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n"
        "    actions: [A look, A bet 4, B look, B bet 4, C bet 3, C bet 2, D fold, A fold, B fold]\n",
        filename=str(tmp_path / "sheet.yaml"),
    )
    report = audit(sheet)
    assert [v.rule for v in report.violations] == ["stakes.raises_stop_at"]
    assert report.violations[0].action == 4


def test_the_explainers_know_the_cap() -> None:
    capped = load_profile_text(CAPPED)
    assert explain("stakes.raises_stop_at", 10) == (
        "once the pot reaches 10, nobody may raise: players bet at the current level, see or fold, "
        "and the pot goes on growing"
    )
    assert explain("stakes.raises_stop_at", None) == "raising never stops, however big the pot"
    assert in_play("stakes.raises_stop_at", capped) and not in_play("stakes.raises_stop_at", load_profile("crash"))
    assert source_of("stakes.raises_stop_at", 10) == "house rule"
    found = compare([("traditional", load_profile("traditional")), ("capped", capped)]).find("stakes.raises_stop_at")
    assert found is not None and found.values == {"traditional": None, "capped": 10}
    assert "Once the pot reaches 10, nobody may raise" in render(build_rulebook(capped), "text").replace("\n", " ")


def test_arbitrate_cites_the_cap() -> None:
    sheet = parse_sheet(
        "format: bragrules-history/1\nprofile: traditional\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
        "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n"
        "    actions: [A look, A bet 4, B look, B bet 4]\n    dispute: C bet 3\n",
        filename="situation.yaml",
    )
    capped, plain = arbitrate(sheet, [load_profile_text(CAPPED), "traditional"]).rulings
    assert (capped.allowed, plain.allowed) == (False, True)
    assert capped.rules[0] == "stakes.raises_stop_at"
    assert capped.citations[0].sentence.startswith("once the pot reaches 10, nobody may raise")


@pytest.mark.parametrize("name", builtin_names())
def test_a_profile_without_a_cap_hashes_as_before_the_field(name: str) -> None:
    """Logs written before stakes.pot_cap (and every later field) existed record hashes without them:
    they must still audit. A profile that sets a later field (a profile written after it) hashes it."""
    from bragrules.profile.models import Profile

    profile = load_profile(name)
    data = profile.model_dump(mode="json")
    data.pop("vocabulary")  # the game's words change no play: never hashed
    defaults = Profile().model_dump(mode="json")
    for path in later_fields():
        *groups, leaf = path.split(".")
        holder, default = data, defaults
        for group in groups:
            holder, default = holder[group], default[group]
        if holder[leaf] == default[leaf]:
            del holder[leaf]
    for path in later_fields():  # a group or area of later fields (stakes.forced, house) goes once it is empty
        groups = path.split(".")[:-1]
        while groups:
            holder = data
            for group in groups[:-1]:
                holder = holder.get(group, {})
            if holder.get(groups[-1]) != {}:
                break
            del holder[groups[-1]]
            groups = groups[:-1]
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert profile_hash(profile) == hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def test_the_hash_of_traditional_is_the_one_its_logs_record() -> None:
    assert profile_hash(load_profile("traditional")) == (
        "8093a6d242b67273e60b67ce654ab628c9d0f1ee55548d07558c4b889689ec1d"
    )
    assert profile_hash(load_profile_text(CAPPED)) != profile_hash(load_profile_text(CAPPED.replace("10", "11")))


def test_the_field_is_described_for_what_it_does() -> None:
    """A cap of 200 can end in a pot of 700: the description says it stops raises, not the pot."""
    from bragrules.profile.models import Stakes

    described = Stakes.model_fields["raises_stop_at"].description or ""
    assert "maximum pot" not in described and "not a limit on the pot" in described
    assert "nobody may raise" in described and "goes on growing" in described


def test_the_table_line_says_when_the_cap_bites(tmp_path: Path) -> None:
    from tests.test_play_cli import play

    capped = tmp_path / "capped.yaml"
    capped.write_text("extends: standard\nname: capped\nstakes: {raises_stop_at: 6}\n", encoding="utf-8")
    done = play("-p", str(capped), "--seed", "3", "--log", str(tmp_path / "s.jsonl"), input="look\nbet 1\nq\n")
    table_lines = [line for line in done.stdout.splitlines() if line.startswith("pot ")]
    assert table_lines[0].startswith("pot 5 · level 1 ") and "cap reached" not in table_lines[0]
    assert any(line.startswith("pot ") and "cap reached (6): no raises" in line for line in table_lines), table_lines
    assert all("cap reached" in line for line in table_lines if int(line.split()[1].rstrip("½")) >= 6)


DATA = Path(__file__).resolve().parent.parent / "data" / "histories"


def test_a_log_written_under_the_former_name_audits_with_its_hash() -> None:
    """A log from before the rename: its profile_data says pot_cap, its header the hash taken with it."""
    log = DATA / "pot_cap_before_rename.jsonl"
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["profile_data"]["stakes"]["pot_cap"] == 12 and "raises_stop_at" not in header["profile_data"]["stakes"]
    report = audit(str(log))
    assert report.ok and report.violations == [] and report.notes == [], (report.violations, report.notes)
    assert profile_hash(Profile.model_validate(header["profile_data"])) == header["profile_hash"]


def test_a_profile_under_the_former_name_is_read_with_a_warning(tmp_path: Path) -> None:
    from bragrules.profile.loader import load_profile_with_warnings

    old = tmp_path / "old.yaml"
    old.write_text("extends: traditional\nname: capped\nstakes: {pot_cap: 10}\n", encoding="utf-8")
    profile, warnings = load_profile_with_warnings(old)
    assert profile == load_profile_text(CAPPED) and profile.stakes.raises_stop_at == 10
    assert [str(w) for w in warnings] == [f"{old}:3:10: warning: stakes.pot_cap: the former name of "
                                          "stakes.raises_stop_at, still read; write raises_stop_at: 10"]
    both = tmp_path / "both.yaml"
    both.write_text("stakes: {pot_cap: 10, raises_stop_at: 10}\n", encoding="utf-8")
    with pytest.raises(ProfileError, match="pot_cap is the former name of raises_stop_at"):
        load_profile(both)


# ---------------------------------------------------------------------------
# stakes.raise_limit.pot_measure
# ---------------------------------------------------------------------------


THREE = {"A": "Kc 9c 4c", "B": "5s 6h 7d", "C": "2c 7h Jd"}
POT = {"raise_limit": {"kind": "pot"}}
AFTER_CALL = {"raise_limit": {"kind": "pot", "pot_measure": "after_call"}}
AFTER_CALL_YAML = "extends: standard\nname: poker-pot\nstakes:\n  raise_limit: {kind: pot, pot_measure: after_call}\n"


def _bet_range(deal: Any) -> tuple:
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    return bet.amount, bet.max_amount


def test_before_the_bet_the_raise_reaches_the_pot_as_it_stands() -> None:
    """003: "加注最多为底池大小", read with the pot counted before the raiser pays: 2 + 5 = 7."""
    deal = play(deal_with(rules_for("standard", stakes=POT), THREE), ["A look", "A bet 2", "B look"])
    assert deal.pot == 5 and _bet_range(deal) == (2, 7)
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("B bet 9")
    assert refused.value.rule == "stakes.raise_limit"
    assert deal.level == 2 and deal.pot == 5 and deal.to_act == "B"  # nothing changed


def test_after_the_call_the_raise_reaches_the_pot_with_the_call_in_it() -> None:
    """The poker reading: B's call of 2 makes the pot 7, so the level may rise by 7, to 9."""
    deal = play(deal_with(rules_for("standard", stakes=AFTER_CALL), THREE), ["A look", "A bet 2", "B look"])
    assert _bet_range(deal) == (2, 9)
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("B bet 10")
    assert refused.value.rule == "stakes.raise_limit.pot_measure"
    assert "after the raiser's call" in refused.value.message and "at most 9" in refused.value.message
    assert deal.level == 2 and deal.pot == 5 and deal.to_act == "B"  # nothing changed
    play(deal, ["B bet 9"])
    assert deal.level == 9 and deal.pot == 14


def test_a_blind_raisers_call_is_at_the_blind_rate() -> None:
    """Level 9, pot 14, C blind: the call is 4½, the pot after it 18½, so the level may reach 27½,
    27 in whole levels: C pays at most 13½ (before the bet: level 23, 11½)."""
    after = play(deal_with(rules_for("standard", stakes=AFTER_CALL), THREE), ["A look", "A bet 2", "B look", "B bet 9"])
    before = play(deal_with(rules_for("standard", stakes=POT), THREE), ["A look", "A bet 2", "B look", "B bet 7"])
    assert _bet_range(after) == (Fraction(9, 2), Fraction(27, 2))
    assert _bet_range(before) == (Fraction(7, 2), Fraction(19, 2))  # level 7, pot 12: up to 19
    with pytest.raises(RuleViolation) as refused:
        after.apply_text("C bet 14")
    assert refused.value.rule == "stakes.raise_limit.pot_measure"
    play(after, ["C bet 27/2"])
    assert after.level == 27


def test_the_opening_bet_has_nothing_to_call() -> None:
    """Both readings agree on the opening bet: with pot_opening capped it is at most the pot (3)."""
    for stakes in (POT, AFTER_CALL):
        deal = play(deal_with(rules_for("standard", stakes=stakes), THREE), ["A look"])
        assert _bet_range(deal) == (1, 3)


def test_the_policy_counts_the_call_only_after_call() -> None:
    assert RaisePolicy("pot", None, after_call=True).allows(2, 9, pot=5, call=2)
    assert not RaisePolicy("pot", None, after_call=False).allows(2, 9, pot=5, call=2)
    assert RaisePolicy("pot", None, after_call=True).describe().endswith("after the raiser's call")


def test_pot_measure_without_pot_limit_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text("extends: standard\nstakes:\n  raise_limit:\n    kind: max_increase\n    amount: 5\n"
                    "    pot_measure: after_call\n", encoding="utf-8")
    with pytest.raises(ProfileError) as refused:
        load_profile(str(path))
    text = str(refused.value)
    assert "odd.yaml:6:" in text, text  # the line of pot_measure
    assert "pot_measure" in text and "kind: pot" in text


def test_a_bad_pot_measure_is_refused() -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile_text("stakes:\n  raise_limit: {kind: pot, pot_measure: sometimes}\n")
    assert "pot_measure" in str(refused.value) and "after_call" in str(refused.value)


def test_the_audit_checks_each_raise_against_the_measure(tmp_path: Path) -> None:
    (tmp_path / "poker-pot.yaml").write_text(AFTER_CALL_YAML, encoding="utf-8")
    (tmp_path / "pot.yaml").write_text(AFTER_CALL_YAML.replace(", pot_measure: after_call", ""), encoding="utf-8")
    body = ("players: [A, B, C]\ndealer: C\ndeals:\n"
            "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd}\n"
            "    actions: [A look, A bet 2, B look, B bet 9, C fold, A see 18]\n"
            "    result: {winner: B, net: {A: -21, B: 22, C: -1}}\n")
    poker = audit(parse_sheet(f"profile: poker-pot.yaml\n{body}", filename=str(tmp_path / "a.yaml")))
    assert poker.ok, poker.violations
    plain = audit(parse_sheet(f"profile: pot.yaml\n{body}", filename=str(tmp_path / "b.yaml")))
    assert [(v.rule, v.action) for v in plain.violations][:1] == [("stakes.raise_limit", 3)]


def test_the_explainers_know_the_measure() -> None:
    poker = load_profile_text(AFTER_CALL_YAML)
    assert explain("stakes.raise_limit.pot_measure", "after_call") == (
        "under pot limit the pot a raise may add is counted after the raiser's call, as in poker")
    assert in_play("stakes.raise_limit.pot_measure", poker)
    assert not in_play("stakes.raise_limit.pot_measure", load_profile("standard"))
    assert "poker" in source_of("stakes.raise_limit.pot_measure", "after_call")
    assert "003" in source_of("stakes.raise_limit.pot_measure", "before_bet")
    # 003 names no convention for the opening bet: capping it is poker's rule, not "the usual convention"
    assert "usual" not in source_of("stakes.raise_limit.pot_opening", "capped")
    assert "poker" in source_of("stakes.raise_limit.pot_opening", "capped")
    found = compare([("standard", load_profile("standard")), ("poker-pot", poker)]).find(
        "stakes.raise_limit.pot_measure")
    assert found is not None and found.values == {"standard": "before_bet", "poker-pot": "after_call"}
    book = " ".join(render(build_rulebook(poker), "text").split())
    assert "as it would stand after the raiser's call" in book


def test_a_profile_leaving_the_measure_unset_hashes_as_before() -> None:
    """A field added after logs began: at its default it is left out of the hash."""
    plain = load_profile_text("extends: standard\nstakes: {raise_limit: {kind: pot}}\n")
    same = load_profile_text("extends: standard\nstakes: {raise_limit: {kind: pot, pot_measure: before_bet}}\n")
    assert profile_hash(plain) == profile_hash(same) != profile_hash(load_profile_text(AFTER_CALL_YAML))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6),
       base=st.sampled_from(["standard", "traditional", "casual"]))
def test_random_play_under_after_call_conserves_money_and_replays(tmp_path_factory: Any, seed: int, players: int,
                                                                  base: str) -> None:
    data = load_profile(base).model_dump(mode="json")
    data["stakes"]["raise_limit"] = {"kind": "pot", "amount": None, "pot_opening": "capped",
                                     "pot_measure": "after_call"}
    data["table"]["min_players"] = 2
    from bragrules.profile.models import Profile

    profile = Profile.model_validate(data)
    rules = compile_rules(profile)
    players = min(players, profile.table.max_players)
    names = ["A", "B", "C", "D", "E", "F"][:players]
    path = Path(tmp_path_factory.mktemp("pot")) / "log.jsonl"
    session = Session(rules, names, seed=seed, dealer=names[-1])
    with LogWriter.for_session(path, session, profile_name="poker-pot"):
        play_session(session, random_chooser(random.Random(seed)), max_deals=6)
    start = rules.session.starting_stack if rules.session.finite else Fraction(0)
    carried: Optional[Fraction] = session.state.carried
    assert sum(session.balances.values()) + (carried or 0) == start * players
    report = audit(str(path))
    assert report.ok, report.violations[:3]
    assert report.net == session.net()


def test_arbitrate_rules_on_the_raise_under_each_measure() -> None:
    """The disputed raise to 9: allowed when the pot is counted after B's call, refused before it."""
    from bragrules.arbitrate import arbitrate

    sheet = parse_sheet(
        "format: bragrules-history/1\nprofile: standard\nplayers: [A, B, C]\ndealer: C\ndeals:\n"
        "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd}\n"
        "    actions: [A look, A bet 2, B look]\n    dispute: B bet 9\n",
        filename="situation.yaml",
    )
    plain = load_profile_text(AFTER_CALL_YAML.replace(", pot_measure: after_call", "").replace("poker-pot", "pot"))
    poker, before = arbitrate(sheet, [load_profile_text(AFTER_CALL_YAML), plain]).rulings
    assert (poker.allowed, before.allowed) == (True, False)
    assert "stakes.raise_limit.pot_measure" in poker.rules
    assert before.rules[0] == "stakes.raise_limit.kind"
    too_far = parse_sheet(
        "format: bragrules-history/1\nprofile: standard\nplayers: [A, B, C]\ndealer: C\ndeals:\n"
        "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd}\n"
        "    actions: [A look, A bet 2, B look]\n    dispute: B bet 10\n",
        filename="situation.yaml",
    )
    (refused,) = arbitrate(too_far, [load_profile_text(AFTER_CALL_YAML)]).rulings
    assert not refused.allowed and refused.rules[0] == "stakes.raise_limit.pot_measure"
    assert refused.citations[0].sentence.startswith("under pot limit the pot a raise may add is counted after")


def test_blind_pays_half_and_a_seen_player_pays_the_level() -> None:
    """002: 'a seen bet 4 and blind bet 2 are equivalent, so the next seen player needs 4, not 2.'
    (``stakes.blind_rate``: a half)."""
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A look", "A bet 4", "B bet 2"])
    assert deal.level == 4
    deal.apply_text("C look")
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("C bet 2")
    assert info.value.rule == "betting.at_least_level"
    deal.apply_text("C bet 4")
    assert deal.pot == 4 + 4 + 2 + 4


def test_raise_over_the_cap() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A look", "A bet 2"])
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("B bet 4")  # blind: level 8, a raise of 6 over the cap of 5
    assert info.value.rule == "stakes.raise_limit"
    deal.apply_text("B bet 7/2")  # level 7: a raise of exactly 5
    assert deal.level == 7


def test_opening_range() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    deal.apply_text("A look")
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A bet 6")
    assert info.value.rule == "stakes.opening_max"
    deal = deal_with(rules_for("traditional", stakes={"opening_min": 2}), FOUR)
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A bet 1/2")
    assert info.value.rule == "stakes.opening_min"


def test_fixed_and_pot_limits() -> None:
    fixed = deal_with(rules_for("standard", stakes={"raise_limit": {"kind": "fixed", "amount": 2}}), FOUR)
    play(fixed, ["A look", "A bet 2", "B look"])
    with pytest.raises(RuleViolation) as info:
        fixed.apply_text("B bet 3")
    assert info.value.rule == "stakes.raise_limit"
    play(fixed, ["B bet 4", "C look", "C bet 4"])
    pot = deal_with(rules_for("standard", stakes={"raise_limit": {"kind": "pot"}}), FOUR)
    play(pot, ["A look", "A bet 2", "B look"])  # pot is 4 antes + 2 = 6: level may go to 2 + 6
    with pytest.raises(RuleViolation):
        pot.apply_text("B bet 9")
    pot.apply_text("B bet 8")


def test_no_free_check_unless_the_house_allows() -> None:
    deal = deal_with(rules_for("traditional"), FOUR)
    with pytest.raises(RuleViolation) as info:
        deal.apply_text("A check")
    assert info.value.rule == "stakes.check"
    house = deal_with(rules_for("standard", stakes={"check": "before_first_bet"}), FOUR)
    play(house, ["A check", "B check", "C check", "D check"])
    assert house.result is not None and house.result.outcome == "carried"
    assert house.result.carried_out == 4


def test_the_most_a_pot_limit_bet_may_pay_is_accepted() -> None:
    """003's pot limit, "加注最多为底池大小" (a raise is at most the size of the pot), with blind payments
    of halves in the pot: the most the legal actions let A pay is a payment the deal accepts."""
    rules = rules_for("casual", stakes={"raise_limit": {"kind": "pot"}})
    deal = play(deal_with(rules, {"A": "Kc 9c 4c", "B": "5s 6h 7d", "C": "2c 7h Jd", "D": "3s 8h Qd"}),
                ["A look", "A bet 12", "B bet 15", "C look", "C bet 59", "D bet 67/2"])
    (bet,) = [o for o in deal.legal_actions() if o.kind == "bet"]
    assert bet.max_amount is not None
    deal.verify(bet.action(bet.max_amount))


def test_a_level_is_a_whole_number_of_level_steps() -> None:
    """002: "Express the betting level in SEEN-equivalent units. Opening level is from 1 to 5": whole
    levels, so a seen payment of 5/2 stands for no level and is refused naming ``stakes.level_step``;
    a table that counts in halves (``level_step: 1/2``) takes it, and a blind player then pays 5/4."""
    deal = play(deal_with(rules_for("traditional"), FOUR), ["A look"])
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("A bet 5/2")
    assert refused.value.rule == "stakes.level_step"
    halves = play(deal_with(rules_for("traditional", stakes={"level_step": "1/2"}), FOUR), ["A look", "A bet 5/2"])
    assert halves.level == Fraction(5, 2)
    (bet,) = [o for o in halves.legal_actions() if o.kind == "bet"]
    assert (bet.player, bet.amount, bet.step) == ("B", Fraction(5, 4), Fraction(1, 4))


@pytest.mark.parametrize("ante", ["1", "5/2", "0"])
def test_everyone_posts_the_ante_for_each_fresh_deal_carried_ones_included(ante: str) -> None:
    """000: "Agree a minimum stake (the ante) before play begins. All players must agree the same
    ante"; 002: "Everyone posts ante 1 for each fresh deal, including a carried-pot deal"
    (``stakes.ante``)."""
    rules = rules_for("traditional", stakes={"ante": ante})
    fresh = deal_with(rules, FOUR)
    assert all(s.contributed == Fraction(ante) for s in fresh.players.values())
    assert fresh.pot == 4 * Fraction(ante)
    carried = deal_with(rules, FOUR, carried=Fraction(7))
    assert carried.pot == 7 + 4 * Fraction(ante) and carried.players["A"].contributed == Fraction(ante)


def test_a_refused_bet_writes_its_amounts_for_people() -> None:
    """A refusal is read by people: 2½ and ¾, as everything else for people writes them, never 5/2."""
    rules = rules_for("traditional", stakes={"raise_limit": {"kind": "max_increase", "amount": "5/2"},
                                             "level_step": "1/2", "opening_min": "1/2"})
    deal = play(deal_with(rules, FOUR), ["A look", "A bet 3/2"])
    with pytest.raises(RuleViolation) as low:
        deal.apply_text("B bet 1/2")
    assert str(low.value) == "betting.at_least_level: the level is 1½: a blind player pays at least ¾, not ½"
    with pytest.raises(RuleViolation) as high:
        deal.apply_text("B bet 4")
    assert "a raise adds at most 2½: from level 1½ a blind player may pay at most 2, not 4" in str(high.value)
    assert "/" not in str(low.value) + str(high.value)


def test_a_seen_bet_below_a_blind_level_is_a_bet_below_the_level() -> None:
    """Teen Patti: a blind player chaals 1 (the stake; the level 2, "Levels are what a seen player pays; a
    blind player pays half"), and "a seen player ... twice the current stake or up to four times": a seen
    player's 1 is below the level (``betting.at_least_level``, the stakes' bound), not a level off the grid of
    ``stakes.level_step``: the least the bounds allow is checked before the grid, which then refuses only a
    bet within them but between two levels (a seen 3: 2 and 4 are the levels). The same holds at the
    opening (``stakes.opening_min``: "[Seen] twice the Boot Amount") and in the audit."""
    rules = rules_for("teen-patti")
    deal = play(deal_with(rules, FOUR), ["A bet 1", "B look"])
    assert deal.level == 2
    with pytest.raises(RuleViolation) as low:
        deal.apply_text("B bet 1")
    assert str(low.value) == ("betting.at_least_level: the level is 2, of which a blind player pays 1: "
                              "a seen player pays at least 2, not 1")
    with pytest.raises(RuleViolation) as off_grid:
        deal.apply_text("B bet 3")
    assert off_grid.value.rule == "stakes.level_step"
    with pytest.raises(RuleViolation) as blind_low:
        play(deal_with(rules, FOUR), ["A bet 1"]).apply_text("B bet 1/2")
    assert str(blind_low.value) == "betting.at_least_level: the level is 2: a blind player pays at least 1, not ½"
    with pytest.raises(RuleViolation) as opening:
        play(deal_with(rules, FOUR), ["A look"]).apply_text("A bet 1")
    assert opening.value.rule == "stakes.opening_min"
    sheet = ("profile: teen-patti\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
             "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n"
             "    actions: [A bet 1, B look, B bet 1, B bet 2, C fold, D fold, A fold]\n")
    from bragrules.history import parse_sheet

    report = audit(parse_sheet(sheet, filename="teen.yaml"))
    assert [(v.action, v.rule) for v in report.violations] == [(2, "betting.at_least_level")]
