"""The OpenSpiel adapter (bragrules.openspiel): OpenSpiel's own checks on the games, the information
states, the payoffs against the engine, and (opt-in, being long) OpenSpiel's CFR against the solver."""

from __future__ import annotations

import os

import pytest

from bragrules.core.cards import parse_cards
from bragrules.engine.deal import Deal
from bragrules.openspiel.tree import FOLD, LOOK, PublicTree, Unsupported
from bragrules.profile import load_profile
from bragrules.rules.compile import compile_rules

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed: pip install 'bragrules[openspiel]'")

from bragrules.openspiel.game import load_game, policy_of  # noqa: E402

LONG = os.environ.get("BRAGRULES_OPENSPIEL_CFR") == "1"
"""OpenSpiel's CFR enumerates every deal of a Python game: minutes even on the shortest pack, so opt-in."""


def _numbers(text: str) -> tuple:
    return tuple(sorted(int(c) for c in parse_cards(text)))


@pytest.mark.parametrize("profile, params", [
    ("standard", {"deal": "cards"}),
    ("traditional", {"deal": "cards", "max_raises": 2, "levels": 2}),
    ("teen-patti", {"deal": "cards"}),
    ("seen-only", {"deal": "cards"}),
    ("standard", {"strip": "23456789T", "max_raises": 1}),
])
def test_random_sim_test_passes(profile: str, params: dict) -> None:
    """OpenSpiel's own random simulation checks (legal actions, chance sums, returns, observations)."""
    game = load_game(profile, **params)
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_general_sum_for_a_house() -> None:
    """A profile whose house takes a share is not zero-sum: refused as such, accepted as general-sum."""
    with pytest.raises(ValueError, match="bragrules_general_sum"):
        load_game("standard", carry_share=0.0)
    game = load_game("standard", general_sum=True, carry_share=0.0, deal="cards")
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_unsupported_profile_names_the_rule() -> None:
    with pytest.raises(Unsupported, match="format.betting"):
        PublicTree(compile_rules(load_profile("crash")))


def test_blind_player_does_not_see_their_hand() -> None:
    game = load_game("standard")
    state = game.new_initial_state()
    state.apply_action(game.hand_index(_numbers("Ah Ad Ac")))
    state.apply_action(game.hand_index(_numbers("2h 3d 5c")))
    assert state.information_state_string(0) == "seat A; hand unseen; "
    tensor_blind = state.information_state_tensor(0)
    state.apply_action(LOOK)
    assert state.information_state_string(0) == "seat A; hand Ac Ad Ah; A look"
    assert "Ah" not in state.information_state_string(1) and "2h" not in state.information_state_string(1)
    assert state.information_state_tensor(0) != tensor_blind
    # B, blind, knows only that A looked
    assert state.information_state_string(1) == "seat B; hand unseen; A look"


def test_returns_are_the_engines_settlement() -> None:
    """A line played through the game pays what the engine's own deal pays with the same hands."""
    game = load_game("standard", max_raises=1, levels=1)
    a, b = "Ah Ad Ac", "2h 3d 5c"
    state = game.new_initial_state()
    state.apply_action(game.hand_index(_numbers(a)))
    state.apply_action(game.hand_index(_numbers(b)))
    texts = []
    while not state.is_terminal():
        actions = state.legal_actions()
        choice = next((x for x in actions if x >= 4), actions[-1]) if len(texts) < 3 else \
            next((x for x in actions if x == 2), FOLD)  # bet a while, then see (or fold)
        texts.append(state.action_to_string(choice))
        state.apply_action(choice)
    deal = Deal(compile_rules(load_profile("standard")), ["A", "B"], {"A": parse_cards(a), "B": parse_cards(b)})
    for text in texts:
        deal.apply_text(text)
    while not deal.is_over:
        default = deal.default_action()
        assert default is not None
        deal.apply(default)
    assert deal.result is not None
    assert state.returns() == [float(deal.result.net["A"]), float(deal.result.net["B"])]
    assert sum(state.returns()) == 0


def test_card_removal_is_exact() -> None:
    """The second hand is dealt from the cards left: every three-card hand disjoint from the first, equally."""
    game = load_game("standard", strip="23456789TJ")
    state = game.new_initial_state()
    assert len(state.chance_outcomes()) == 220
    state.apply_action(0)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 84 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    first = set(game.hands[0])
    assert all(not first & set(game.hands[o]) for o, _ in outcomes)


def test_caps_are_the_stated_ones() -> None:
    tree = PublicTree(compile_rules(load_profile("standard")), max_raises=1, levels=2, max_bets=2)
    assert tree.max_bets == 2
    bets = [len([a for a in n.actions.values() if a.kind == "bet"]) for n in tree.nodes if n.player is not None]
    assert max(bets) == 2
    for node in tree.nodes:
        assert sum(a.kind == "bet" for a in node.path) <= 3


def _short_game():
    return load_game("seen-only", strip="23456789TJ", max_raises=0, levels=1)


CFR_ITERATIONS = 40


@pytest.fixture(scope="module")
def openspiel_solution():
    """OpenSpiel's CFR+ (its C++ solver over the Python game) on the 12-card pack: the game, the
    exploitability after 5 and after CFR_ITERATIONS iterations, and the value of the average policy."""
    game = _short_game()
    cfr = pyspiel.CFRPlusSolver(game)
    for _ in range(5):
        cfr.evaluate_and_update_policy()
    early = pyspiel.exploitability(game, cfr.average_policy())
    for _ in range(CFR_ITERATIONS - 5):
        cfr.evaluate_and_update_policy()
    policy = cfr.average_policy()
    late = pyspiel.exploitability(game, policy)
    value = pyspiel.expected_returns(game.new_initial_state(), policy, -1, True)[0]
    return game, early, late, value


@pytest.mark.skipif(not LONG, reason="OpenSpiel's CFR on a Python game takes minutes: BRAGRULES_OPENSPIEL_CFR=1")
def test_openspiel_cfr_converges_on_a_short_pack(openspiel_solution) -> None:
    """The exploitability of OpenSpiel's CFR+ falls, to below 1% of the ante."""
    _, early, late, value = openspiel_solution
    assert late < early and late < 0.01
    assert 0 < value < 1  # the first to act, who sees or folds first, gains here


@pytest.mark.skipif(not LONG, reason="OpenSpiel's CFR on a Python game takes minutes: BRAGRULES_OPENSPIEL_CFR=1")
def test_solver_agrees_with_openspiel(openspiel_solution) -> None:
    """bragrules.solver on the same game: its strategy, read into OpenSpiel, has the value and the
    exploitability the solver says (both exact best responses on one game: within 1e-6 stakes), and
    its value is OpenSpiel's CFR+ value within both exploitabilities and 0.001 stakes."""
    solver = pytest.importorskip("bragrules.solver", reason="bragrules.solver is not in this build")
    game, _, late, value = openspiel_solution
    ours = solver.solve(game.tree.rules, iterations=400, max_raises=0, levels=1, carry_share=0.5)
    strategy = ours.strategy

    def probabilities(node, hand):
        history = [str(a) for a in game.tree.deal_at(node.path).actions]
        entry = strategy.entry(history)
        assert entry is not None, history
        row = entry.row(hand)
        return {aid: float(row[entry.actions.index(str(action))]) for aid, action in node.actions.items()}

    policy = policy_of(game, probabilities)
    measured = pyspiel.exploitability(game, policy)
    ours_value = pyspiel.expected_returns(game.new_initial_state(), policy, -1, True)[0]
    assert abs(ours.values[0] - ours_value) < 1e-6
    assert abs(measured - ours.exploitability) < 1e-6
    assert abs(ours.values[0] - value) < 0.001 + late + ours.exploitability
