"""Typed deal events: one frozen record per kind, read by type and by field."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Set

import pytest

from bragrules.core.cards import parse_card, parse_cards
from bragrules.engine import events as ev
from bragrules.engine.actions import Action
from bragrules.engine.session import Session
from bragrules.profile import load_profile
from bragrules.profile.loader import builtin_names
from bragrules.rules.compile import compile_rules

from .helpers import deal_with, play, rules_for

# the event an applied action makes is of that action's kind, except a look that settles
# nothing new and the actions that end a deal at once (their Result comes after them)
ACTION_EVENTS = {"look": ev.Look, "bet": ev.Bet, "see": ev.See, "fold": ev.Fold, "check": ev.Check,
                 "keep": ev.Keep, "discard": ev.Discard, "arrange": ev.Arrange, "swap": ev.Swap,
                 "knock": ev.Knock, "stand": ev.Stand, "show": ev.Show, "concede": ev.Concede,
                 "retain": ev.Retain, "release": ev.Release, "peek": ev.Peek, "expose": ev.Expose,
                 "redeal": ev.Redeal, "void": ev.Void, "flash": ev.Flash, "draw": ev.Draw, "throw": ev.Throw,
                 "pass": ev.Pass, "close": ev.Close, "pairplus": ev.PairPlus}
SIDE_SHOW_EVENTS = {"sideshow": ev.SideShow, "accept": ev.SideShowAnswer, "refuse": ev.SideShowAnswer}
"""The side-show's actions (seeing.side_show): asked for, then answered."""


def test_every_class_is_a_frozen_record_with_its_kind() -> None:
    assert len(ev.EVENT_TYPES) == 32 and len(set(ev.EVENT_TYPES)) == 32
    assert ev.PairPlus("A", Fraction(5)).kind == "pair_plus"  # procedure.bank.pair_plus: its own event, not an ante
    assert ev.TakeSpare in ev.EVENT_TYPES and ev.TakeSpare("A").kind == "take"  # session.points.spare_hand
    assert ev.DiscardCard("A", parse_card("7h")).kind == "discard"  # Four-Card's card put away (a target)
    for kind, cls in ACTION_EVENTS.items():
        assert cls in ev.EVENT_TYPES
        assert cls.__name__.lower() == kind
    assert set(SIDE_SHOW_EVENTS.values()) <= set(ev.EVENT_TYPES)
    assert ev.SideShow("C", "B").kind == "sideshow"
    assert (ev.SideShowAnswer("B", "C", True, "C").kind, ev.SideShowAnswer("B", "C", False).kind) == ("accept", "refuse")
    event = ev.See("A", Fraction(4), "B")
    with pytest.raises(AttributeError):
        event.opponent = "C"  # type: ignore[misc]
    assert event.kind == "see" and not hasattr(event, "detail") and not hasattr(event, "__dict__")
    assert ev.Result(Fraction(3), "carried", (), "x").player is None


def test_random_sessions_make_only_typed_events_matching_their_actions() -> None:
    made: Set[type] = set()
    for name in builtin_names():
        rules = compile_rules(load_profile(name))
        session = Session(rules, ["A", "B", "C", "D"][:rules.profile.table.max_players], seed=11)  # heads-up: two
        rng = random.Random(5)
        for _ in range(25):
            if session.is_over:
                break
            deal = session.start_deal()
            while not deal.is_over:
                options = deal.legal_actions()
                option = rng.choice(options)
                action = option.action(rng.choice(option.amounts(4))) if option.kind == "bet" else option.action()
                event = deal.apply(action)
                expected = ev.DiscardCard if action.kind == "discard" and action.target is not None else \
                    {**ACTION_EVENTS, **SIDE_SHOW_EVENTS, "open": ev.Bet}[action.kind]  # playing open: a bet
                if action.kind == "check" and isinstance(event, ev.PairPlus):  # none chosen (procedure.bank.pair_plus_max)
                    expected = ev.PairPlus
                assert isinstance(event, expected), (name, action, event)
                assert event.player == action.player
                if isinstance(event, (ev.Bet, ev.See)):
                    assert event.amount == action.amount and type(event.amount) is Fraction
            session.finish_deal()
            assert all(isinstance(e, ev.EVENT_TYPES) for e in deal.events)
            results = [e for e in deal.events if isinstance(e, ev.Result)]
            assert len(results) == 1 and deal.events[-1] is results[0]
            assert deal.result is not None and results[0].pot == deal.result.pot
            assert list(results[0].winners) == deal.result.winners
            made.update(type(e) for e in deal.events)
    # the usual kinds all turn up in random play over the shipped profiles
    assert {ev.Ante, ev.Look, ev.Bet, ev.See, ev.Fold, ev.Arrange, ev.Swap, ev.Knock, ev.Result} <= made


def test_dispute_events_carry_their_fields() -> None:
    rules = rules_for("traditional", disputes={"exposure_before_betting": "redeal"})
    deal = deal_with(rules, {"A": "Kc 9c 4c", "B": "5s 6h 7d", "C": "2c 7h Jd"})
    exposed = deal.apply(Action.parse("A exposes B"))
    assert exposed == ev.Expose("A", "B", True)
    redeal = deal.apply(Action.parse("B redeal"))
    assert redeal == ev.Redeal("B")
    result = deal.events[-1]
    assert isinstance(result, ev.Result) and result.outcome == "redeal" and result.winners == ()


def test_show_and_result_name_the_cards_shown_in_order() -> None:
    rules = rules_for("traditional", seeing={"exposure": "caller_first"})
    deal = play(deal_with(rules, {"A": "Ah Ad Ac", "B": "5s 6h 7d"}), ["A look", "A bet 2", "B look", "B see 4"])
    result = deal.events[-1]
    assert isinstance(result, ev.Result)
    assert result.shown == (("B", tuple(parse_cards("5s 6h 7d"))), ("A", tuple(parse_cards("Ah Ad Ac"))))
    see = next(e for e in deal.events if isinstance(e, ev.See))
    assert (see.player, see.amount, see.opponent) == ("B", Fraction(4), "A")
    assert [e.kind for e in deal.events if not isinstance(e, ev.Ante)] == ["look", "bet", "look", "see", "result"]


def test_an_all_in_opening_below_the_minimum_sets_no_level() -> None:
    """A short stack opening all in pays what it has: the event records the payment and no level."""
    from fractions import Fraction

    from bragrules.core.cards import parse_cards
    from bragrules.engine.deal import Deal
    from bragrules.engine.events import Bet
    from bragrules.profile import load_profile
    from bragrules.profile.models import Profile
    from bragrules.rules.compile import compile_rules

    data = load_profile("casual").model_dump(mode="json")
    data["stakes"].update(opening_min=4, ante=1)
    rules = compile_rules(Profile.model_validate(data))
    deal = Deal(rules, ["A", "B"], {"A": parse_cards("2c 3c 4d"), "B": parse_cards("5c 6c 8d")},
                stacks={"A": Fraction(2), "B": Fraction(50)})
    bet = next(o for o in deal.legal_actions() if o.kind == "bet")
    assert bet.all_in and bet.amount == 1
    event = deal.apply(bet.action())
    assert event == Bet("A", Fraction(1), None, True, True) and deal.level is None
