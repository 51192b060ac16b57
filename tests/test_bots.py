"""Bots: only legal actions, every format, deals that end, and no peeking while blind."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Callable, Dict, List, Optional

import pytest

from bragrules.core.cards import parse_cards
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session, play_session
from bragrules.play.bots import ALL_STYLES, STYLES, hand_share, make_bot, table_chooser
from bragrules.rules.compile import Rules

from .helpers import rules_for

MAX_ACTIONS = 400


def stop_the_bus() -> Rules:
    return rules_for("crash", format={"exchange": {"enabled": True, "centre_cards": 3, "swap": "one_or_three"}})


PROFILES: Dict[str, Callable[[], Rules]] = {
    name: (lambda name=name: rules_for(name))
    for name in ["standard", "traditional", "casual", "four-card", "seven-card", "nine-card", "crash",
                 "seen-only", "house"]
}
PROFILES["stop-the-bus"] = stop_the_bus
DEALS = {"nine-card": 3, "seven-card": 12}


def allowed(action: Action, options: List[LegalAction]) -> bool:
    """Whether ``action`` is one of the engine's options (a bet within its range, on its step)."""
    for o in options:
        if o.player != action.player or o.kind != action.kind or o.target != action.target:
            continue
        if o.kind == "bet":
            amount = action.amount
            assert amount is not None and o.amount is not None
            if amount < o.amount or (o.max_amount is not None and amount > o.max_amount):
                continue
            if o.step is not None and (amount - o.amount) % o.step:
                continue
            return True
        if o.kind == "see":
            if action.amount == o.amount:
                return True
            continue
        if o.kind in ("arrange", "swap"):
            if action.cards == o.cards:
                return True
            continue
        return True
    return False


class Referee:
    """A chooser that watches each bot: every action it takes is among the legal ones."""

    def __init__(self, bots: Dict[str, object]) -> None:
        self.bots = bots
        self.decisions = 0
        self.actions_this_deal = 0
        self.deal: Optional[Deal] = None

    def __call__(self, deal: Deal) -> Action:
        if deal is not self.deal:
            self.deal, self.actions_this_deal = deal, 0
        self.actions_this_deal += 1
        assert self.actions_this_deal <= MAX_ACTIONS, "a deal did not end"
        player = deal.to_act
        assert player is not None
        offered = deal.legal_actions()  # what the engine offers now (choosing changes nothing)
        action = self.bots[player].choose(deal.view(player))  # type: ignore[attr-defined]
        assert allowed(action, offered), f"{action} is not among {offered}"
        self.decisions += 1
        return action


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_bots_choose_only_legal_actions_and_finish_every_deal(name: str) -> None:
    rules = PROFILES[name]()
    seats = ["A", "B", "C", "D"]
    styles = list(ALL_STYLES)
    for round_ in range(2):
        bots = {p: make_bot(styles[(i + round_) % len(styles)], random.Random(10 * round_ + i))
                for i, p in enumerate(seats)}
        referee = Referee(bots)
        session = Session(rules, seats, seed=round_)
        play_session(session, referee, max_deals=DEALS.get(name, 40))
        assert session.records
        start = rules.session.starting_stack * len(seats) if rules.session.finite else 0
        assert sum(session.balances.values()) + session.state.carried == start
        for bot in bots.values():
            assert isinstance(bot.explain(), str) and bot.explain()


class Sealed:
    """Stands in for a hand nobody may read: any use of it fails the test."""

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise AssertionError("a blind bot read its cards")

    __iter__ = __getitem__ = __len__ = __contains__ = __hash__ = __bool__ = _refuse  # type: ignore[assignment]


class SealingReferee(Referee):
    """Before a blind player decides, every hand it has not looked at is sealed."""

    def __init__(self, bots: Dict[str, object]) -> None:
        super().__init__(bots)
        self.sealed_decisions = 0

    def __call__(self, deal: Deal) -> Action:
        player = deal.to_act
        assert player is not None
        state = deal.players[player]
        if state.seen:
            return super().__call__(deal)
        held = state.hands
        state.hands = {k: (v if k == state.inspected else Sealed()) for k, v in held.items()}  # type: ignore[misc]
        try:
            action = super().__call__(deal)
        finally:
            state.hands = held
        self.sealed_decisions += 1
        return action


@pytest.mark.parametrize("name", ["standard", "traditional", "casual", "house"])
def test_a_blind_bot_never_reads_its_cards(name: str) -> None:
    rules = rules_for(name)
    seats = ["A", "B", "C", "D"]
    for round_ in range(3):
        bots = {p: make_bot(s, random.Random(100 * round_ + i)) for i, (p, s) in
                enumerate(zip(seats, ["blind_bluffer", "loose", "blind_bluffer", "random"]))}
        referee = SealingReferee(bots)
        play_session(Session(rules, seats, seed=round_), referee, max_deals=30)
        assert referee.sealed_decisions > 30


def test_retained_hands_looked_at_one_at_a_time() -> None:
    """With a retained hand the bot looks at one, keeps or discards it, and reads nothing else."""
    rules = rules_for("traditional")
    hands = {"A": parse_cards("2c 5d 9h"), "B": parse_cards("Kc Kd 4s"), "C": parse_cards("7h 8h Js")}
    deal = Deal(rules, ["A", "B", "C"], hands, retained={"A": parse_cards("Ac Ad Ah")})
    bots = {p: make_bot("cautious", random.Random(i)) for i, p in enumerate("ABC")}
    referee = SealingReferee(bots)
    kinds = []
    while not deal.is_over:
        action = referee(deal)
        if action.player == "A":
            kinds.append((action.kind, action.target))
        deal.apply(action)
    assert kinds[0] in (("look", "old"), ("look", "new"))
    assert kinds[1][0] in ("keep", "discard")


def _blind_prefix(hand: str, seed: int) -> List[str]:
    """Actions of a deal until the blind bluffer (A) first looks, with A holding ``hand``."""
    rules = rules_for("standard")
    hands = {"A": parse_cards(hand), "B": parse_cards("Kc Kd 4s"), "C": parse_cards("7h 8h Js"),
             "D": parse_cards("2s 3s 9d")}
    deal = Deal(rules, ["A", "B", "C", "D"], hands)
    bots = {p: make_bot(s, random.Random(seed + i))
            for i, (p, s) in enumerate(zip("ABCD", ["blind_bluffer", "loose", "see_happy", "cautious"]))}
    chooser = table_chooser(bots)  # type: ignore[arg-type]
    out: List[str] = []
    while not deal.is_over:
        action = chooser(deal)
        out.append(str(action))
        if action.player == "A" and action.kind == "look":
            break
        deal.apply(action)
    return out


@pytest.mark.parametrize("seed", range(8))
def test_blind_decisions_do_not_depend_on_the_hidden_hand(seed: int) -> None:
    strong = _blind_prefix("3c 3d 3h", seed)
    weak = _blind_prefix("2c 4d 7h", seed)
    assert strong == weak
    assert any(a.startswith("A bet") for a in strong) or strong[-1] != "A look"


def test_blind_bluffer_plays_blind_before_looking() -> None:
    prefixes = [_blind_prefix("2c 4d 7h", seed) for seed in range(20)]
    blind_bets = [sum(1 for a in p if a.startswith("A bet")) for p in prefixes]
    assert max(blind_bets) >= 2


def test_styles_and_errors() -> None:
    assert set(STYLES) == {"cautious", "loose", "blind_bluffer", "see_happy"}
    for style in ALL_STYLES:
        bot = make_bot(style, random.Random(0))
        assert bot.style == style
        assert isinstance(bot.explain(), str)
    with pytest.raises(ValueError, match="unknown bot style"):
        make_bot("reckless", random.Random(0))


def test_same_seeds_same_play() -> None:
    rules = rules_for("traditional")

    def play() -> List[List[str]]:
        bots = {p: make_bot(s, random.Random(i)) for i, (p, s) in enumerate(zip("ABCD", ALL_STYLES))}
        session = play_session(Session(rules, list("ABCD"), seed=9), table_chooser(bots), max_deals=25)  # type: ignore[arg-type]
        return [r.actions for r in session.records]

    assert play() == play()


def test_explain_names_the_hand_and_its_share() -> None:
    rules = rules_for("seen-only")
    hands = {"A": parse_cards("Kc Kd 4s"), "B": parse_cards("2c 5d 9h"), "C": parse_cards("7h 8h Js")}
    deal = Deal(rules, ["A", "B", "C"], hands)
    bot = make_bot("cautious", random.Random(1))
    action = bot.choose(deal.view("A"))
    assert action.kind in ("bet", "fold")
    text = bot.explain()
    assert text.startswith("pair of kings, four kicker beats 89% of hands: "), text


def test_hand_share_counts_hands_beaten() -> None:
    rules = rules_for("standard")
    deal = Deal(rules, ["A", "B", "C"], {p: None for p in "ABC"})
    assert hand_share(deal.rules, parse_cards("3c 3d 3h")) == 22096 / 22100
    assert hand_share(deal.rules, parse_cards("5d 3c 2c")) == 0.0
    four = rules_for("four-card")
    deal4 = Deal(four, ["A", "B", "C"], {p: None for p in "ABC"})
    # a four-card hand against four-card hands: 3-3-3 with any fourth card beats all but 3-3-3-x
    assert 0.999 < hand_share(deal4.rules, parse_cards("3c 3d 3h 2s")) < 1


def test_bots_see_or_fold_when_capped() -> None:
    """Two strong hands never raise each other for ever."""
    rules = rules_for("standard")
    for seed in range(10):
        hands = {"A": parse_cards("3c 3d 3h"), "B": parse_cards("Ac Ad Ah"), "C": parse_cards("2c 4d 7h")}
        deal = Deal(rules, ["A", "B", "C"], hands)
        bots = {p: make_bot("loose", random.Random(seed * 3 + i)) for i, p in enumerate("ABC")}
        chooser = table_chooser(bots)  # type: ignore[arg-type]
        steps = 0
        while not deal.is_over:
            deal.apply(chooser(deal))
            steps += 1
            assert steps < 100
        assert deal.result is not None
        assert deal.result.pot > Fraction(3)


# ---------------------------------------------------------------------------
# Any profile at all
# ---------------------------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from bragrules.profile.models import Profile  # noqa: E402
from bragrules.rules.compile import compile_rules  # noqa: E402

from .strategies import profiles  # noqa: E402


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(profile=profiles(), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1),
       styles=st.lists(st.sampled_from(ALL_STYLES), min_size=1, max_size=4))
def test_bots_on_random_profiles(profile: Profile, players: int, seed: int, styles: List[str]) -> None:
    """Under any valid profile: legal actions only, no peeking while blind, every deal ends, money kept."""
    rules = compile_rules(profile)
    players = max(2, min(players, profile.table.max_players))
    seats = ["A", "B", "C", "D", "E", "F"][:players]
    bots = {p: make_bot(styles[i % len(styles)], random.Random(seed + i)) for i, p in enumerate(seats)}
    session = Session(rules, seats, seed=seed)
    start = sum(session.balances.values())
    deals = 2 if rules.format.hands > 1 and rules.format.betting else 12
    play_session(session, SealingReferee(bots), max_deals=deals)
    assert sum(session.balances.values()) + session.state.carried == start


def test_the_solved_style_without_the_solver_stands_in_as_cautious(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without numpy the solver cannot run: a ``solved`` seat plays cautious and says so, as its seat
    label does, rather than ending the table in a traceback."""
    import sys

    from bragrules.play.plays import STAND_IN, plays
    from bragrules.profile import load_profile
    from bragrules.rules.compile import compile_rules

    monkeypatch.setitem(sys.modules, "bragrules.solver.bot", None)  # the import fails as without numpy
    monkeypatch.setitem(sys.modules, "bragrules.solver.strategy", None)
    bot = make_bot("solved", random.Random(3), "A")
    cautious = make_bot("cautious", random.Random(3), "A")
    profile = load_profile("heads-up")
    assert bot.style == "solved" and plays("solved", profile, 2) == STAND_IN
    deal = Deal(compile_rules(profile), ["A", "B"], {"A": parse_cards("Kc Kd 7h"), "B": parse_cards("9s 5d 2c")})
    if deal.legal_actions()[0].player != "A":
        deal.apply(deal.legal_actions()[0].action())
    view = deal.view("A")
    assert str(bot.choose(view)) == str(cautious.choose(view))
    assert bot.explain().startswith(STAND_IN + " (") and cautious.explain() in bot.explain()
