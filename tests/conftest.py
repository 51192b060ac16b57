"""Test settings shared by the whole suite.

Hypothesis profiles, chosen with the environment variable HYPOTHESIS_PROFILE:

- ``dev`` (the default, what ``python -m pytest`` runs): 10 random examples
  per property, no deadline; each run draws new examples, so runs add up
  (the README's command is kept within minutes; CI runs ``ci``);
- ``ci``: 50 examples drawn the same way on every run (derandomized), no
  deadline, no example database, and a reproduction blob printed on failure;
- ``thorough``: 1,500 examples, for a long hunt before a release
  (``HYPOTHESIS_PROFILE=thorough python -m pytest``).

A property that is cheap per example asks for more with :func:`scaled`, so
that every profile keeps the proportions between properties.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import List

import pytest
from hypothesis import settings

settings.register_profile("dev", max_examples=10, deadline=None)
settings.register_profile(
    "ci",
    max_examples=50,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
)
settings.register_profile("thorough", max_examples=1500, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def scaled(factor: int) -> int:
    """``factor`` times the examples of the profile in use (a cheap property: more examples for the same time).

    >>> scaled(4) == 4 * settings.default.max_examples
    True
    """
    return factor * settings.default.max_examples


HEAVY_CASES = {
    "tests/test_fuzz.py::test_a_mutated_sheet_audits_or_is_refused_in_one_line",  # 117 s
    "tests/test_conformance.py::test_every_rule_field_has_a_variant_in_play",  # 104 s
    "tests/test_conformance.py::test_field_variant_conforms[ranking.wild.at_most]",  # 88 s
    "tests/test_resume_fuzz.py::test_every_line_end_prefix_of_an_honest_log_is_unfinished_never_a_violation[555]",  # 79 s
    "tests/test_fast_paths_betting.py::test_the_fast_paths_agree_with_the_bounds_whatever_the_stakes",  # 57 s
    "tests/test_fuzz.py::test_a_mutated_log_audits_or_is_refused_in_one_line",  # 57 s
    "tests/test_conformance.py::test_field_variant_conforms[ranking.wild.from_centre]",  # 53 s
    "tests/test_conformance.py::test_the_situations_can_be_dealt",  # 51 s
    "tests/test_mccfr.py::test_solve_seats_writes_the_strategy_the_bot_finds_and_compares_a_house_rule",  # 49 s
    "tests/test_play.py::test_bad_options_exit_2_without_a_traceback",  # 47 s
    "tests/test_conformance.py::test_field_variant_conforms[ranking.prial_order]",  # 46 s
    "tests/test_conformance.py::test_field_variant_conforms[ranking.wild.select]",  # 46 s
    "tests/test_events.py::test_random_sessions_make_only_typed_events_matching_their_actions",  # 44 s
    "tests/test_conformance.py::test_variants_change_only_their_field_and_its_companions",  # 43 s
    "tests/test_log_schema.py::test_any_value_in_any_field_is_read_or_worded",  # 39 s
    "tests/test_audit.py::test_every_shipped_profile_round_trips",  # 39 s
    "tests/test_conformance.py::test_the_check_bends_actions_against_many_rules",  # 38 s
    "tests/test_play.py::test_killed_and_resumed_ends_with_the_balances_of_a_straight_run",  # 37 s
    "tests/rules/test_vocabulary.py::test_no_rulebook_of_a_game_with_its_own_words_says_prial[skip-sequence]",  # 33 s
    "tests/test_hardening.py::test_audit_reads_a_pipe_as_dev_stdin_and_as_process_substitution",  # 33 s
    "tests/test_play.py::test_killed_play_loses_nothing_and_resumes",  # 32 s
    "tests/test_hardening.py::test_user_strings_through_every_command",  # 32 s
    "tests/test_rulebook.py::test_every_rule_that_differs_from_the_defaults_is_mentioned[four-card-lowest-joker]",  # 29 s
    "tests/test_rulebook.py::test_every_rule_that_differs_from_the_defaults_is_mentioned[skip-sequence]",  # 29 s
    "tests/test_solver_offtree.py::test_the_bot_plays_its_strategy_through_bets_of_sizes_and_counts_the_tree_lacks",  # 26 s
    "tests/test_play_cli.py::test_the_default_log_goes_beside_an_existing_one_under_a_fresh_name",  # 26 s
    "tests/test_fuzz.py::test_a_mutated_profile_plays_or_is_refused_in_one_located_line",  # 26 s
    "tests/test_browser_house.py::test_the_last_deal_panel_says_what_the_house_took",  # 25 s
    "tests/test_corpus.py::test_a_few_histories_as_a_user_runs_them",  # 25 s
    "tests/test_batch.py::test_random_arrays_of_any_integer_dtype[int64]",  # 24 s
    "tests/test_conformance.py::test_every_rule_field_changes_play[ranking.points.three_of_a_kind]",  # 24 s
    "tests/test_solver.py::test_strategy_file_round_trip",  # 24 s
    "tests/test_conformance.py::test_field_variant_conforms[ranking.wild.kiss_miss]",  # 24 s
    "tests/rules/test_ranking_wild_select.py::test_the_audit_names_barred_from_of_a_wrong_winner",  # 23 s
    "tests/test_conformance.py::test_field_variant_conforms[ranking.wild.joker_each]",  # 23 s
    "tests/test_play_cli.py::test_two_resumes_of_one_log_at_once_the_second_is_refused",  # 22 s
    "tests/rules/test_vocabulary.py::test_no_rulebook_of_a_game_with_its_own_words_says_prial[kissing-missing-discard]",  # 22 s
    "tests/test_browser_points.py::test_the_table_shows_the_points_and_offers_the_spare_hand",  # 21 s
    "tests/test_conformance.py::test_every_rule_field_changes_play[ranking.wild.from_centre]",  # 21 s
    "tests/test_fuzz.py::test_random_actions_never_corrupt_a_deal",  # 21 s
    "tests/test_conformance.py::test_every_rule_field_changes_play[ranking.wild.joker_each]",  # 20 s
    "tests/test_fast_paths_betting.py::test_the_fast_paths_agree_with_the_bounds_in_random_play",  # 20 s
    "tests/test_browser_draw.py::test_draw_discard_and_stop_the_bus_in_the_browser[stop-the-bus-draw]",  # 20 s
    "tests/test_conformance.py::test_field_variant_conforms[ranking.run_order]",  # 20 s
    "tests/test_rulebook.py::test_every_rule_that_differs_from_the_defaults_is_mentioned[kissing-missing]",  # 20 s
    "tests/test_solver.py::test_sums_with_card_removal_match_brute_force[traditional-9TJQKA]",  # 20 s
    "tests/test_conformance.py::test_every_rule_field_changes_play[ranking.wild.select]",  # 19 s
    "tests/test_conformance.py::test_every_rule_field_changes_play[ranking.wild.per_hand]",  # 19 s
    "tests/test_conformance.py::test_every_rule_field_changes_play[ranking.wild.at_most]",  # 19 s
    "tests/rules/test_vocabulary.py::test_no_rulebook_of_a_game_with_its_own_words_says_prial[four-card-lowest-joker]",  # 19 s
    "tests/rules/test_vocabulary.py::test_no_rulebook_of_a_game_with_its_own_words_says_prial[kissing-missing]",  # 19 s
    "tests/test_one_ranking.py::test_a_kiss_and_a_miss_make_the_joker_in_rank_as_at_the_showdown",  # 18 s
    "tests/test_conformance.py::test_field_variant_conforms[ranking.wild.per_hand]",  # 18 s
    "tests/test_mccfr.py::test_the_same_seed_gives_the_same_strategy_and_another_seed_another",  # 17 s
    "tests/rules/test_ranking_wild_select.py::test_the_shorthands_and_their_selectors_agree",  # 17 s
    "tests/test_browser_arrange.py::test_a_seat_arranges_thirteen_cards_into_four_hands",  # 17 s
    "tests/test_progress.py::test_audit_and_diff_impact_show_progress_on_a_terminal_even_with_json",  # 17 s
    "tests/test_rulebook.py::test_every_rule_that_differs_from_the_defaults_is_mentioned[kissing-missing-discard]",  # 15 s
    "tests/rules/test_wild_on_fold.py::test_pack_jack_plays_and_audits_clean",  # 15 s
    "tests/test_rulebook.py::test_html_is_self_contained[skip-sequence]",  # 15 s
    # from a second measured run (the same command, load average 11.5 to 8: about 5.5 wall seconds a CPU-second),
    # every case still above 30 seconds there
    "tests/test_browser.py::test_a_table_that_stops_shows_a_banner_and_comes_back_on_its_old_port_with_no_stale_error",  # 35 s
    "tests/rules/test_ranking_patterns_equal.py::test_shipped_rankings_compile_to_the_same_tables[555]",  # 31 s
    # from a third run measuring each case's CPU seconds (its process and the children it waited for), the dev
    # profile: every field variant above 3 CPU seconds
    "tests/test_conformance.py::test_field_variant_conforms[ranking.wild.natural_beats_wild]",  # 8.2 CPU s
    "tests/test_conformance.py::test_field_variant_conforms[ranking.special_hands]",  # 7.3 CPU s
    "tests/test_conformance.py::test_field_variant_conforms[session.bonus.prial]",  # 5.7 CPU s
    "tests/test_conformance.py::test_field_variant_conforms[ranking.categories]",  # 5.5 CPU s
    "tests/test_conformance.py::test_field_variant_conforms[ranking.wild.barred_from]",  # 5.3 CPU s
    "tests/test_conformance.py::test_field_variant_conforms[ranking.category_order]",  # 3.0 CPU s
    # from a fourth run measuring CPU seconds the same way (load average 6 to 11), the field variants above 3 CPU
    # seconds there; each field is still changed and played in the README's command by
    # test_every_rule_field_changes_play, and its rule's own cases in tests/rules/
    "tests/test_conformance.py::test_field_variant_conforms[ranking.wild.jokers]",  # 7.5 CPU s
    "tests/test_conformance.py::test_field_variant_conforms[session.bonus.running_flush]",  # 6.9 CPU s
    "tests/test_conformance.py::test_field_variant_conforms[ranking.suits_break_ties]",  # 4.3 CPU s
    "tests/test_conformance.py::test_field_variant_conforms[ranking.suits_before_kickers]",  # 3.0 CPU s
}
"""The slowest cases of the README's command, run apart with the ``heavy`` marker (``python -m pytest -n auto -m
heavy``, which ``.ci/run`` runs as well): each is kept, and checks what it checked, in that run. Chosen from one
measured run, ``nice pytest -n 2 --durations=60`` on the project's two cores at a load average of 13 to 15 (so the
seconds beside each, its wall time in that run, are about seven times its CPU time): every case the run put
above 15 seconds. Cases marked ``heavy`` in their own module (solving to convergence, a cluster losing its
workers) are not repeated here."""


EVERY_RUN_PROFILES = {
    "standard", "traditional", "teen-patti", "zha-jin-hua", "muflis", "two-jokers", "kissing-missing", "999",
    "banco-carried", "bastard-brag", "crash", "seven-card", "four-card", "stop-the-bus", "three-card-casino",
}
"""The shipped profiles that every run walks where a test walks every shipped profile (:data:`PROFILE_WALKS`):
one of each family (plain, the classic table, Indian and Chinese tables, lowball, jokers, a kiss and a miss,
points, a carried pot, the centre swap, several hands, arranging, four cards, the draw, the house). The other
profiles of those walks run with ``-m heavy``, so every profile is still walked in the run that ``.ci/run`` adds."""

PROFILE_WALKS = {
    "tests/test_rulebook_behaviour.py",  # every case of the module: each rulebook sentence played out per profile
    "tests/test_rulebook.py::test_every_shipped_profile_renders",
    "tests/test_rulebook.py::test_sections_in_the_order_a_table_explains",
    "tests/test_rulebook.py::test_every_rule_that_differs_from_the_defaults_is_mentioned",
    "tests/test_rulebook.py::test_markdown_headings_in_order",
    "tests/test_rulebook.py::test_html_is_self_contained",
    "tests/test_rulebook_languages.py::test_no_english_sentence_in_a_translated_rulebook",
    "tests/rules/test_vocabulary.py::test_no_rulebook_of_a_game_with_its_own_words_says_prial",
    "tests/test_resume_fuzz.py::test_every_line_end_prefix_of_an_honest_log_is_unfinished_never_a_violation",
    "tests/test_play_privacy.py::test_the_terminal_prints_no_card_its_reader_could_not_see",
    "tests/test_web_privacy.py::test_no_message_holds_a_card_its_seat_could_not_see",
    "tests/test_cli_foundation.py::test_rank_reads_every_shipped_profile",
    "tests/test_one_ranking.py::test_rank_the_showdown_and_the_audit_agree_on_who_wins",
    "tests/test_one_ranking.py::test_the_bots_value_hands_as_the_showdown_orders_them",
    "tests/test_one_ranking.py::test_equity_counts_what_the_showdown_says_of_each_opponent",
    "tests/test_one_ranking.py::test_the_solver_orders_hands_as_the_showdown_does",
    "tests/test_conformance.py::test_shipped_profile_conforms",
    "tests/rules/test_ranking_patterns_equal.py::test_shipped_rankings_compile_to_the_same_tables",
    "tests/test_fast_paths_betting.py::test_the_fast_paths_agree_with_the_bounds_under_every_shipped_profile",
    "tests/test_docs_composing.py::test_a_primitive_block_plays_and_audits",
}
"""Tests (``file::function``, or a whole file) that walk every shipped profile, a case a profile: measured
together they were about half the README's command (300 of 660 CPU seconds). A case whose parameters name a
shipped profile outside :data:`EVERY_RUN_PROFILES` is marked ``heavy``."""

SHIPPED_PROFILES = frozenset(path.stem for path in (Path(__file__).resolve().parent.parent / "profiles").glob("*.yaml"))
"""The shipped profiles' names (the YAML files of ``profiles/``)."""


def walks_a_profile_run_apart(item: pytest.Item) -> bool:
    """Whether ``item`` is a case of a :data:`PROFILE_WALKS` test for a profile outside :data:`EVERY_RUN_PROFILES`."""
    function = item.nodeid.split("[", 1)[0]
    if function not in PROFILE_WALKS and function.split("::", 1)[0] not in PROFILE_WALKS:
        return False
    params = getattr(getattr(item, "callspec", None), "params", {})
    named = {value for value in params.values() if isinstance(value, str) and value in SHIPPED_PROFILES}
    return bool(named) and not named <= EVERY_RUN_PROFILES


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: List[pytest.Item]) -> None:
    """Mark :data:`HEAVY_CASES`, and the cases :func:`walks_a_profile_run_apart` finds, ``heavy`` before the
    ``-m`` option chooses what runs."""
    heavy = pytest.mark.heavy
    for item in items:
        if item.nodeid in HEAVY_CASES or walks_a_profile_run_apart(item):
            item.add_marker(heavy)
