"""pack.shuffle: after_showdown. P06, from a 13-card Brag page
(https://critictiopresabces.netlify.app/13-card-brag): "The cards are shuffled only if the last
hand was seen" (any showdown). Between shuffles the pack is gathered as under 002's unshuffled
pack: folded and completed hands go under it, so the next deal comes off the top as the last
deal left it.

The scenario: under traditional (four players), a deal that ends with everyone else folded is
not seen, so the next deal is dealt from the same pack unshuffled; a deal that ends at a see is
seen, so the pack is shuffled before the next.
"""

from __future__ import annotations

import random
from pathlib import Path

from bragrules.audit import audit
from bragrules.engine.session import Session, random_chooser
from bragrules.explainers.explain import explain
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile.models import Profile

from ..helpers import rules_for

SEEN = rules_for("traditional", pack={"shuffle": "after_showdown"}, seeing={"seen_sees_seen": True})


def _session() -> Session:
    return Session(SEEN, ["A", "B", "C", "D"], seed=3, dealer="D")


def test_a_deal_nobody_saw_leaves_the_pack_unshuffled() -> None:
    """"shuffled only if the last hand was seen": everyone folds to a bet, nothing is seen."""
    session = _session()
    deal = session.start_deal()
    assert session.records == [] and deal is session.current
    first = deal.order[0]
    session.act(f"{first} look")
    session.act(f"{first} bet 1")
    for other in deal.order[1:]:
        session.act(f"{other} fold")
    result = session.finish_deal()
    assert result.outcome == "won" and not result.showdown
    assert session.shuffle_due() is False
    session.start_deal()
    assert session.records[-1].shuffled is True  # the first deal: shuffled
    assert session.state.last_showdown is False and session.state.dealt == 1


def test_a_seen_hand_shuffles_the_pack_again() -> None:
    """A see is a showdown: the hands were seen, so the pack is shuffled before the next deal."""
    session = _session()
    deal = session.start_deal()
    a, b, c, d = deal.order
    for action in (f"{a} look", f"{a} bet 1", f"{b} look", f"{b} bet 1", f"{c} fold", f"{d} fold", f"{a} see 2"):
        session.act(action)
    result = session.finish_deal()
    assert result.showdown
    assert session.shuffle_due() is True


def test_every_deal_and_the_prial_rule_are_unchanged() -> None:
    """The other values read as before: after_prial_showdown does not shuffle after a see won by a pair."""
    prial = Session(rules_for("traditional", pack={"shuffle": "after_prial_showdown"}, seeing={"seen_sees_seen": True}),
                    ["A", "B", "C", "D"], seed=3, dealer="D")
    deal = prial.start_deal()
    a, b, c, d = deal.order
    for action in (f"{a} look", f"{a} bet 1", f"{b} look", f"{b} bet 1", f"{c} fold", f"{d} fold", f"{a} see 2"):
        prial.act(action)
    result = prial.finish_deal()
    assert prial.shuffle_due() is result.won_by_prial


SHEET = """
players: [A, B, C, D]
dealer: D
deals:
  - cards: {A: 2c 3d 2h, B: 5s 6h 8d, C: 9c Jd Kh, D: 4c 7d Qs}
    actions: [A look, A bet 1, B look, B bet 1, C fold, D fold, A see 2]
  - cards: {B: 2c 3d 2h, C: 5s 6h 8d, D: 9c Jd Kh, A: 4c 7d Qs}
    actions: [B look, B bet 1, C fold, D fold, A fold]
"""


def test_the_audit_follows_the_pack_between_unseen_deals() -> None:
    """After a seen hand any card may come next; after an unseen one the pack must be followed."""
    assert audit(parse_sheet(SHEET, filename="seen.yaml"), SEEN).ok
    unseen = SHEET.replace("A see 2", "A bet 2, B fold")
    report = audit(parse_sheet(unseen, filename="unseen.yaml"), SEEN)
    assert "pack.shuffle" in [v.rule for v in report.violations]
    # under after_prial_showdown the first sheet (a see won by a pair) is already a violation
    prial = rules_for("traditional", pack={"shuffle": "after_prial_showdown"}, seeing={"seen_sees_seen": True})
    assert "pack.shuffle" in [v.rule for v in audit(parse_sheet(SHEET, filename="seen.yaml"), prial).violations]


def test_a_log_under_after_showdown_audits_clean_and_shuffles_where_it_says(tmp_path: Path) -> None:
    session = Session(SEEN, ["A", "B", "C", "D"], seed=11, dealer="D")
    path = tmp_path / "seen.jsonl"
    choose = random_chooser(random.Random(11))
    with LogWriter.for_session(path, session, profile_name="traditional"):
        for _ in range(12):
            if session.is_over:
                break
            deal = session.start_deal()
            while not deal.is_over:
                session.act(choose(deal))
            session.finish_deal()
    records = session.records
    for before, after in zip(records, records[1:]):
        assert after.shuffled is before.result.showdown
    assert any(not r.shuffled for r in records[1:]) and any(r.shuffled for r in records[1:])
    assert audit(str(path)).ok


def test_the_words() -> None:
    profile = Profile.model_validate({"pack": {"shuffle": "after_showdown"}})
    assert explain("pack.shuffle", "after_showdown", profile).startswith(
        "the pack is shuffled before the first deal, then only after a deal whose hands were seen")
