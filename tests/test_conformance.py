"""Conformance: every shipped profile and every rule field, through one check (tests/conformance.py).

For each shipped profile, and for each leaf field of the profile set to each
other value that validates (over a shipped profile where it is in play), a
few deals are played at random under the bots and a uniform random player;
at every step bent actions are refused naming a rule and changing nothing,
money and cards are accounted for, no view shows a hidden card, the log
audits clean and replays to the same results, and ``explain``, ``diff``,
the rulebook and ``arbitrate`` know the field. A new rule field is checked
here without a line of its own; its own behaviour still wants scenario
tests from its source's words (tests/rules/).

And every rule field changes play: set to another value, over the default
profile (where every fast path of the engine is taken) and over a shipped
profile where it is in play, some action offered or refused, some card,
payout, winner or point differs from the profile as it is, on seeded deals
played by the same choices under both or in a rare situation dealt by hand
(tests/play_changes.py, tests/situations.py). A rule no behaviour reads, or
one a fast path leaves out, fails there; the fields that are words, not
rules, are declared in ``WORDS``.

The default Hypothesis profiles play a few deals per profile; ``thorough``
plays ten times as many, from more seeds, and asks every rule field to
change play over every shipped profile where it is in play.
"""

from __future__ import annotations

import random
import zlib
from fractions import Fraction
from typing import Any, Dict, List

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bragrules.engine.actions import LegalAction
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.explainers.explain import field_paths, in_play, value_of
from bragrules.history import LogWriter
from bragrules.profile import builtin_names
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules
from bragrules.rules.registry import field_texts

from .conformance import (
    KNOWN_DEFECTS,
    Findings,
    _check_log,
    _nested_set,
    _offered,
    bent_actions,
    candidate_values,
    check_conformance,
    check_explainers,
    known_rules,
    rule_fields,
    shipped,
    uniform_choice,
    variants,
)
from .conftest import scaled
from .play_changes import UNORDERED, Budget, first_difference, shown, trials
from .situations import SITUATIONS
from .strategies import profiles

THOROUGH = scaled(1) > 100
DEALS = 40 if THOROUGH else 4
SEEDS = range(20) if THOROUGH else range(2)

NEVER_IN_PLAY = {
    "ranking.wild.jokers": "jokers in the pack must be wild (a profile with jokers and wild.jokers: false is "
                           "refused), and without jokers the field changes nothing",
}
"""Fields no valid profile puts in play at another value than its shipped ones, and why."""


def _seed(*parts: object) -> int:
    return zlib.crc32(" ".join(map(str, parts)).encode())


# ---------------------------------------------------------------------------
# Every field is covered
# ---------------------------------------------------------------------------


def test_the_fields_checked_are_the_models_leaves() -> None:
    """The check walks the registry's fields; they are every leaf of the model but the metadata and the game's
    words."""
    words = {"name", "description", "source", "extends", "vocabulary.title", "vocabulary.hands", "vocabulary.moves",
             "vocabulary.languages"}
    assert set(rule_fields()) | words == set(field_paths())
    assert [f.path for f in field_texts() if f.path in rule_fields()] == rule_fields()


def test_every_rule_field_has_a_variant_in_play() -> None:
    """Each field gets a profile setting it to another value that validates, in play where any can be:
    the fields without one are named here, so that a field the check cannot reach is seen, not skipped."""
    without = [path for path in rule_fields() if not variants(path)]
    assert without == [], f"no valid profile sets these fields to another value: {without}"
    never = {path for path in rule_fields() if not any(v.in_play for v in variants(path))}
    assert never == set(NEVER_IN_PLAY), f"fields whose variants are never in play: {sorted(never)}"


def test_every_rule_field_has_scenarios_in_its_area() -> None:
    """The check here is the same for every field; what a field means is its area's scenarios, from
    its source's words (tests/rules/test_<area>*.py): each field is named in one (its path, or its
    own name as a scenario sets or reads it: ``seeing={"tie": "split"}``, ``tie: split``, ``.tie``)."""
    import re
    from pathlib import Path

    folder = Path(__file__).resolve().parent / "rules"
    missing = []
    for path in rule_fields():
        text = "".join(f.read_text(encoding="utf-8") for f in sorted(folder.glob(f"test_{path.split('.')[0]}*.py")))
        leaf = re.escape(path.rsplit(".", 1)[-1])
        if path not in text and not re.search(rf"[\"'.]{leaf}\b|\b{leaf}[\"']?\s*[=:]", text):
            missing.append(path)
    assert missing == [], f"no scenario in tests/rules/ names these fields: {missing}"


@pytest.mark.parametrize("path", ["seeing.tie", "blind.allowed", "stakes.ante", "ranking.suit_order",
                                  "stakes.opening_max", "ranking.wild.cards"])
def test_candidate_values_differ_from_the_current_one(path: str) -> None:
    current = shipped("standard").model_dump(mode="json")
    for part in path.split("."):
        current = current[part]
    values = candidate_values(path, current)
    assert values and current not in values


# ---------------------------------------------------------------------------
# The check itself
# ---------------------------------------------------------------------------


def test_bent_actions_are_never_offered() -> None:
    session = Session(compile_rules(shipped("traditional")), ["A", "B", "C"], seed=4)
    deal = session.start_deal()
    rng = random.Random(2)
    while not deal.is_over:
        options = deal.legal_actions()
        bent = bent_actions(deal, options)
        assert bent and not any(_offered(a, options) for a in bent)
        assert all(_offered(o.action(), options) for o in options)
        session.act(uniform_choice(options, rng))


def test_uniform_choice_reaches_the_whole_range_of_a_bet() -> None:
    bet = LegalAction("A", "bet", Fraction(1), Fraction(4), Fraction(1, 2))
    amounts = {uniform_choice([bet], random.Random(i)).amount for i in range(300)}
    assert amounts == {Fraction(n, 2) for n in range(2, 9)}


def test_a_log_that_does_not_replay_fails_the_check() -> None:
    """The log check has teeth: a log whose written result is edited no longer passes."""
    import io

    session = Session(compile_rules(shipped("standard")), ["A", "B", "C"], seed=9)
    out = io.StringIO()
    writer = LogWriter.for_session(out, session)
    play_session(session, random_chooser(random.Random(1)), max_deals=3)
    writer.close()
    text = out.getvalue()
    _check_log(text, session)
    lines = text.splitlines()
    edited = [line.replace('"outcome":"won"', '"outcome":"carried"', 1) if '"type":"result"' in line else line
              for line in lines]
    assert edited != lines
    with pytest.raises(AssertionError):
        _check_log("\n".join(edited) + "\n", session)


def test_the_check_bends_actions_against_many_rules() -> None:
    """Across the shipped profiles the bent actions meet the turn, the players, the level, the steps,
    the opening, the see's cost, who may see, a stranger, and a finished deal."""
    seen = Findings()
    for name in builtin_names():
        seen.add(check_conformance(shipped(name), seed=3, deals=3))
    wanted = {"turn_order", "players", "folded", "betting.at_least_level", "stakes.level_step",
              "stakes.opening_min", "seeing.cost_multiple", "seeing.two_players", "stakes.check",
              "format.exchange", "seeing.cost_basis"}
    assert wanted <= set(seen.refusals), sorted(wanted - set(seen.refusals))
    assert set(seen.refusals) <= known_rules()
    assert set(seen.refusals) - {"players"} <= seen.arbitrated | {"players"}
    assert {"peek", "expose"} <= set(seen.disputes), seen.disputes  # 000's fine points are played too


def test_each_known_defect_is_shown_by_a_strict_xfail() -> None:
    """What the check leaves out is named with the test that shows it failing today; once the engine
    is fixed that test passes, its strict xfail fails, and the entry goes. (None is left out now.)"""
    import importlib
    import re

    for defect, words in sorted(KNOWN_DEFECTS.items()):
        found = re.search(r"(tests/\S+?)\.py::(\w+)", words)
        assert found, defect
        module = importlib.import_module(found.group(1).replace("/", "."))
        test = getattr(module, found.group(2))
        (mark,) = [m for m in getattr(test, "pytestmark", []) if m.name == "xfail"]
        assert mark.kwargs.get("strict") is True


# ---------------------------------------------------------------------------
# Every shipped profile, every field
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", builtin_names())
def test_shipped_profile_conforms(name: str) -> None:
    profile = shipped(name)
    found = Findings()
    for seed in SEEDS:
        found.add(check_conformance(profile, seed=_seed(name, seed), deals=DEALS))
    assert found.deals > 0
    if profile.format.betting:
        assert found.steps > 0 and found.refusals, f"{name}: no action was played or refused"


@pytest.mark.parametrize("path", rule_fields())
def test_field_variant_conforms(path: str) -> None:
    found = variants(path)
    assert found, f"{path}: no variant (see test_every_rule_field_has_a_variant_in_play)"
    for variant in found:
        check_explainers(variant)
        for seed in SEEDS if THOROUGH else range(1):
            check_conformance(variant.profile, seed=_seed(path, variant.value, seed), deals=DEALS)


@settings(max_examples=max(4, scaled(1) // 6), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(profile=profiles(), seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_random_profiles_conform(profile: Profile, seed: int, players: int) -> None:
    """Profiles with many rules redrawn at once, every refusal put to ``arbitrate``."""
    players = max(min(players, profile.table.max_players), 2)
    check_conformance(profile, seed=seed, deals=DEALS, players=players, arbitrate_every=True)


def _dump(profile: Profile) -> Dict[str, Any]:
    return profile.model_dump(mode="json")


def test_variants_change_only_their_field_and_its_companions() -> None:
    """A variant differs from its base at the field (and the companion that brings it into play)."""
    for path in rule_fields():
        for variant in variants(path):
            changed: List[str] = [p for p in field_paths()
                                  if _get(_dump(variant.profile), p) != _get(_dump(variant.base_profile), p)]
            allowed = {path, *(setting[0] for setting in variant.companion), "session.bankroll"}
            assert path in changed and set(changed) <= allowed, (path, variant.value, changed)


def _get(data: Any, path: str) -> Any:
    for part in path.split("."):
        data = data[part]
    return data


@pytest.mark.parametrize("path, value", [("name", "renamed"), ("description", "another game"),
                                         ("source", "a house rule"), ("extends", ["standard"])])
def test_the_explainers_know_the_metadata(path: str, value: Any) -> None:
    """The fields that describe a profile: explained in words of their own, named by ``diff``
    among the metadata (not the rules), and the rulebook's introduction reads the description and source."""
    from bragrules.explainers.diff import compare
    from bragrules.explainers.explain import explain, fallback_sentence
    from bragrules.explainers.rulebook import build_rulebook, render

    base = shipped("standard")
    variant = base.model_validate({**_dump(base), path: value})
    assert explain(path, value, variant) != fallback_sentence(path, value)
    comparison = compare([("standard", base), ("variant", variant)])
    assert path in [d.path for d in comparison.metadata] and not comparison.differences
    if path in ("description", "source"):
        assert render(build_rulebook(variant), "text") != render(build_rulebook(base), "text")


# ---------------------------------------------------------------------------
# Every rule changes play
# ---------------------------------------------------------------------------

WORDS: Dict[str, str] = {
    "name": "what the profile is called: a label for people and logs",
    "description": "what the profile plays, in words for people",
    "source": "where its rules come from, in words for people",
    "extends": "the profiles it was written over: their rules are copied into its own fields when it loads, "
               "so those fields say all it plays",
    "vocabulary.title": "the game's name as its players call it: a heading for people",
    "vocabulary.hands": "the game's names of its hands: how a hand is told to people, not how it ranks",
    "vocabulary.moves": "the game's names of its moves: what people read and may type, the same moves",
    "vocabulary.languages": "the same names in other languages: what a person reading that language is told",
}
"""The leaf fields that are words, not rules, each with why: the only fields the check below does not
ask to change play (``test_the_words_change_no_play`` holds that they do not)."""

BUDGET = Budget(seeds=8, deals=8, long_deals=60, situation_seeds=10) if THOROUGH else Budget()
"""How much play each field is given before it is declared not to change play."""


def test_the_words_are_the_fields_that_are_no_rule() -> None:
    assert set(WORDS) == set(field_paths()) - set(rule_fields())


@pytest.mark.parametrize("path, value", [("name", "renamed"), ("description", "another game"),
                                         ("source", "a house rule"), ("extends", ["traditional"]),
                                         ("vocabulary", {"title": "Teen Patti", "hands": {"prial": "trail"},
                                                         "moves": {"bet": "chaal", "see": "show"}}),
                                         ("vocabulary", {"languages": {"hi": {"title": "तीन पत्ती",
                                                                             "moves": {"bet": "चाल"}}}})])
def test_the_words_change_no_play(path: str, value: Any) -> None:
    base = shipped("standard")
    other = base.model_validate({**_dump(base), path: value})
    assert other != base
    assert first_difference(base, other, range(3), lambda seed: 4, lambda seed: 3 + seed % 2) is None


def test_the_situations_can_be_dealt() -> None:
    """Every rare situation is dealt (or played) under some shipped profile or the default one."""
    for situation in SITUATIONS:
        assert any(situation.applies(p) for p in (Profile(), *map(shipped, builtin_names()))), situation.name


@pytest.mark.parametrize("path", sorted(UNORDERED))
def test_another_order_of_an_unordered_list_plays_the_same(path: str) -> None:
    """The lists declared unordered are sets: the order they are written in changes no play."""
    for name in builtin_names():
        base = shipped(name)
        items = value_of(base, path)
        if len(items) > 1 and in_play(path, base):
            data = _dump(base)
            _nested_set(data, path, [str(item) for item in reversed(items)])
            other = Profile.model_validate(data)
            assert first_difference(base, other, range(2), lambda seed: 4, lambda seed: 3) is None, (path, name)


@pytest.mark.parametrize("path", rule_fields())
def test_every_rule_field_changes_play(path: str) -> None:
    """Setting the field to another value its type offers changes play (some action offered or refused,
    some card, payout, winner or point differs) over the default profile and over a shipped profile where
    it is in play (every such profile under the thorough Hypothesis profile), on seeded random deals
    played by the same choices or, for what they rarely meet, in a rare situation (tests/situations.py).
    A rule no behaviour reads fails here; so does one a fast path leaves out, since the default profile
    is where every fast path is taken. Under the thorough profile the value that changed play is also
    played through the conformance check (legal play, replay, audit)."""
    found = trials(path, every=THOROUGH)
    if not found:
        assert path in NEVER_IN_PLAY, f"{path}: no profile where another value is in play"
        return
    unseen = []
    for one in found:
        difference = shown(one, BUDGET, SITUATIONS)
        if difference is None:
            unseen.append(f"{one} (tried {[value for value, _ in one.variants]})")
        elif THOROUGH:  # the value that changed play plays legally
            variant = next(p for value, p in one.variants if value == difference.value)
            check_conformance(variant, seed=_seed(path, one.base), deals=4)
    assert not unseen, f"{path} changes no play: " + "; ".join(unseen)
