"""table.sitting_out: sitting out deals, and posting the antes missed to come back in.

S24, https://wikisum.wiki/wiki/Teen_Patti: "During such times, the player can be given a special button
indicating the need to pay an ante to the pot (known as "posting") upon their return." ... "A player who is
temporarily away from his seat (e.g. for drinks or a restroom/bathroom break) and misses antes is also
required to post to re-enter the game."
"""

from __future__ import annotations

import io
import json
import random
from typing import Any, List

import pytest

from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.session import Session, random_chooser
from bragrules.history import LogWriter, read_log
from bragrules.profile import load_profile_text
from bragrules.rules.compile import compile_rules

POSTING = "extends: standard\nname: posting\ntable: {sitting_out: post_missed}\n"


def _fold_round(session: Session) -> None:
    deal = session.start_deal()
    while not deal.is_over:
        session.act(deal.legal_actions()[-1].action())  # everyone folds
    session.finish_deal()


def test_a_player_back_from_a_break_posts_the_antes_missed() -> None:
    session = Session(compile_rules(load_profile_text(POSTING)), ["A", "B", "C", "D"], seed=1)
    session.sit_out("C")
    _fold_round(session)
    _fold_round(session)
    assert session.missed == {"C": 2}
    session.sit_in("C")
    deal = session.start_deal()
    assert "C" in deal.order
    assert [(p.player, p.what, p.amount) for p in deal.posted][:1] == [("C", "missed", 2)]
    assert deal.players["C"].contributed == 3 and session.missed == {}  # the two missed, and this deal's ante


def test_sitting_out_for_free_and_where_nobody_may() -> None:
    """``free``: away and back without paying; ``not_allowed`` (the rules texts): nobody sits out."""
    free = Session(compile_rules(load_profile_text(POSTING.replace("post_missed", "free"))), ["A", "B", "C"], seed=1)
    free.sit_out("B")
    deal = free.start_deal()
    assert "B" not in deal.order
    while not deal.is_over:
        free.act(deal.legal_actions()[-1].action())
    free.finish_deal()
    free.sit_in("B")
    back = free.start_deal()
    assert "B" in back.order and back.players["B"].contributed == 1  # this deal's ante, nothing more
    plain = Session(compile_rules(load_profile_text("extends: standard\nname: plain\n")), ["A", "B", "C"], seed=1)
    with pytest.raises(RuleViolation) as refused:
        plain.sit_out("B")
    assert refused.value.rule == "table.sitting_out" and plain.away == set()


def _logged(seed: int = 5) -> str:
    session = Session(compile_rules(load_profile_text(POSTING)), ["A", "B", "C", "D"], seed=seed)
    out = io.StringIO()
    choose = random_chooser(random.Random(seed))
    with LogWriter.for_session(out, session, include_profile=True):
        for number in range(8):
            if number == 1:
                session.sit_out("D")
            if number == 4:
                session.sit_in("D")
            deal = session.start_deal()
            while not deal.is_over:
                session.act(choose(deal))
            session.finish_deal()
    return out.getvalue()


def _audit(text: str, tmp_path: Any) -> List[Any]:
    path = tmp_path / "log.jsonl"
    path.write_text(text)
    return audit(read_log(str(path))).violations


def test_the_log_writes_who_sits_out_and_the_audit_checks_the_posting(tmp_path: Any) -> None:
    text = _logged()
    deals = [json.loads(line) for line in text.splitlines() if json.loads(line).get("type") == "deal"]
    assert [d.get("away") for d in deals[:5]] == [None, ["D"], ["D"], ["D"], None]
    assert deals[4]["posts"][0] == {"player": "D", "post": "missed", "amount": 3}
    assert _audit(text, tmp_path) == []
    tampered = text.replace('{"player":"D","post":"missed","amount":3}', '{"player":"D","post":"missed","amount":1}')
    assert [v.rule for v in _audit(tampered, tmp_path)][:1] == ["table.sitting_out"]


def test_a_log_that_sits_a_player_out_where_nobody_may_is_reported(tmp_path: Any) -> None:
    path = tmp_path / "log.jsonl"
    path.write_text(_logged())
    report = audit(read_log(str(path)), load_profile_text("extends: standard\nname: plain\n"))
    first = next(v for v in report.violations if v.deal == 2)
    assert first.rule == "table.sitting_out" and "D sits out deal 2: nobody sits out at this table" in first.message
