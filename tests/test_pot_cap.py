"""stakes.raises_stop_at (formerly stakes.pot_cap): the pot at which raising stops (not a maximum pot);
bets at the level, sees and folds go on, and the pot goes on growing.

The scenario under traditional (ante 1, four players, a raise adds at most 5)
with a cap of 10: A and B bet at level 4, the pot is 12, and from then on a
bet is at level 4 (2 for a blind player), whatever the raise limit allows.
"""

from __future__ import annotations

import hashlib
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.events import Bet
from bragrules.engine.session import random_chooser
from bragrules.explainers.diff import compare
from bragrules.explainers.explain import explain, in_play, source_of
from bragrules.explainers.rulebook import build_rulebook, render
from bragrules.history import parse_sheet
from bragrules.profile import ProfileError, builtin_names, load_profile, load_profile_text, profile_hash
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules
from bragrules.rules.registry import later_fields

from .helpers import FOUR, deal_with, play, rules_for

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
    they must still audit."""
    profile = load_profile(name)
    data = profile.model_dump(mode="json")
    for path in later_fields():
        *groups, leaf = path.split(".")
        holder = data
        for group in groups:
            holder = holder[group]
        del holder[leaf]
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


DATA = Path(__file__).resolve().parent / "data" / "histories"


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
