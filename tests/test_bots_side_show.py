"""The bots and the side-show (seeing.side_show): they ask for one with a middling hand, answer one
by their style's ``accept_at``, and pay on after a refusal where the profile makes the asker pay."""

from __future__ import annotations

import random
from typing import Dict

import pytest

from bragrules.engine.events import SideShow, SideShowAnswer
from bragrules.engine.session import Session
from bragrules.play.bots import STYLES, StyleBot, hand_share, make_bot
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules


def _profile(**side_show: object) -> Profile:
    return Profile.model_validate({"seeing": {"side_show": {"allowed": True, **side_show}}})


@pytest.mark.parametrize("extra", [{}, {"cost": "none", "refused": "asker_pays"}, {"tie": "both_stay"}])
def test_bots_ask_for_and_answer_side_shows_by_their_style(extra: Dict[str, object]) -> None:
    rules = compile_rules(_profile(**extra))
    asked = answered = 0
    for seed in range(12):
        names = ["A", "B", "C", "D", "E"]
        rng = random.Random(seed)
        bots = {n: make_bot(rng.choice(list(STYLES)), random.Random(seed * 10 + i), n) for i, n in enumerate(names)}
        session = Session(rules, names, seed=seed)
        for _ in range(5):
            deal = session.start_deal()
            while not deal.is_over:
                player = deal.to_act
                assert player is not None
                bot = bots[player]
                action = bot.choose(deal.view(player))
                assert deal.can(action), action
                hand = deal.players[player].hand
                assert hand is not None or action.kind not in ("sideshow", "accept", "refuse")
                if action.kind in ("sideshow", "accept", "refuse") and isinstance(bot, StyleBot):
                    share = hand_share(rules, hand)  # type: ignore[arg-type]
                    if action.kind == "sideshow":
                        low, high = bot.params.side_show
                        assert low <= share < high, (bot.style, share)  # a middling hand
                        asked += 1
                    else:
                        assert (action.kind == "accept") == (share >= bot.params.accept_at), (bot.style, share)
                        answered += 1
                session.act(action)
            session.finish_deal()
    assert asked >= 5 and answered >= 5


def test_without_a_side_show_the_bots_never_ask() -> None:
    rules = compile_rules(Profile())
    session = Session(rules, ["A", "B", "C", "D"], seed=3)
    bots = {n: make_bot("loose", random.Random(i), n) for i, n in enumerate("ABCD")}
    for _ in range(10):
        deal = session.start_deal()
        while not deal.is_over:
            session.act(bots[deal.to_act].choose(deal.view(deal.to_act)))  # type: ignore[index]
        assert not any(isinstance(e, (SideShow, SideShowAnswer)) for e in deal.events)
        session.finish_deal()
