"""The audit follows a pack that is not shuffled between deals.

002: "Shuffle before the first deal, then only after a showdown won by a
prial. Put folded and completed hands under the pack without shuffling;
retained blind hands stay out." So the next deal comes off the top of the
pack as the last deal left it: a card that went under the pack cannot be
dealt again before the cards above it are used. A deal that breaks this is a
violation naming ``pack.shuffle``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Dict, List

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bragrules.audit import audit
from bragrules.core.cards import parse_cards
from bragrules.engine.session import Session, random_chooser
from bragrules.history import LogWriter, dump_sheet, parse_sheet, read_history
from bragrules.history.packorder import PackTracker
from bragrules.profile.models import Profile
from bragrules.rules.compile import Rules, compile_rules

from ..helpers import rules_for
from ..strategies import profiles

UNSHUFFLED = ("after_prial_showdown", "after_showdown", "first_deal_only")


def _events(path: Path) -> List[Dict[str, Any]]:
    """A log's events, each deal's hands put back in its deal line (the older form, which the audit
    reads too), so that a test can exchange cards in one place."""
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    deals = {e["deal"]: e for e in events if e["type"] == "deal"}
    for event in events:
        if event["type"] == "cards":
            deals[event["deal"]]["cards"] = event["cards"]
            if event.get("retained"):
                deals[event["deal"]]["retained"] = event["retained"]
    return [e for e in events if e["type"] != "cards"]


def _write(path: Path, events: List[Dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), encoding="utf-8")


# ---------------------------------------------------------------------------
# A hand-written sheet: Seven-Card, four players, two deals
# ---------------------------------------------------------------------------

SEVEN = """
players: [A, B, C, D]
dealer: D
deals:
  - cards:
      A: 2c 3c 4c 5c 6c 7c 8c
      B: 9c Tc Jc Qc Kc Ac 2d
      C: {c1}
      D: Td Jd Qd Kd Ad 2h 3h
    actions: [A fold, B fold, C fold]
  - cards:
      B: 4h 5h 6h 7h 8h 9h Th
      C: Jh Qh Kh Ah 2s 3s 4s
      D: 5s 6s 7s 8s 9s Ts Js
      A: {a2}
    actions: [B fold, C fold, D fold]
"""
C1 = "3d 4d 5d 6d 7d 8d 9d"
GOOD_A2 = "Qs Ks As 2c 3c 4c 5c"   # the last three never-dealt cards, then four from under the pack
BAD_A2 = "Qs Ks 2c 3c 4c 5c 6c"    # As is left in the pack while 6c comes from under it


def seven(shuffle: str = "first_deal_only") -> Rules:
    return rules_for("seven-card", pack={"shuffle": shuffle}, table={"min_players": 2})


def test_a_sheet_dealing_from_under_the_pack_before_the_cards_above_breaks_pack_shuffle() -> None:
    """002: "Put folded and completed hands under the pack without shuffling": deal 1 used 28 cards, which
    went under the 24 never dealt; deal 2 takes those 24 and then 4 from under them."""
    good = parse_sheet(SEVEN.format(c1=C1, a2=GOOD_A2), filename="seven.yaml")
    assert audit(good, seven()).ok
    bad = parse_sheet(SEVEN.format(c1=C1, a2=BAD_A2), filename="seven.yaml")
    report = audit(bad, seven())
    assert [(v.deal, v.rule) for v in report.violations] == [(2, "pack.shuffle")]
    message = report.violations[0].message
    assert "went under the pack (after deal 1)" in message and "As" in message


def test_a_sheet_under_a_pack_shuffled_every_deal_is_not_followed() -> None:
    """000: "The dealer shuffles the pack thoroughly" before each deal: any card may come next."""
    bad = parse_sheet(SEVEN.format(c1=C1, a2=BAD_A2), filename="seven.yaml")
    assert audit(bad, seven("every_deal")).ok


def test_a_sheet_may_write_each_hand_in_any_order() -> None:
    """A sheet's put-under cards are a layer whose order is unknown: a hand may be written in any order."""
    shuffled_hands = SEVEN.format(c1="9d 8d 7d 6d 5d 4d 3d", a2="5c 4c 3c 2c As Ks Qs")
    assert audit(parse_sheet(shuffled_hands, filename="seven.yaml"), seven()).ok


def test_unknown_cards_lose_track_of_the_pack_until_the_next_shuffle() -> None:
    """Where some cards of a deal were not recorded, nothing is claimed about the pack (no false alarms)."""
    unknown = parse_sheet(SEVEN.format(c1="'?? ?? ?? ?? ?? ?? ??'", a2=BAD_A2), filename="seven.yaml")
    report = audit(unknown, seven())
    assert report.ok, report.violations


def test_an_unfinished_deal_loses_track_of_the_pack() -> None:
    """Where an unfinished deal's cards went is not known: the next deal is not checked against them."""
    text = SEVEN.format(c1=C1, a2=BAD_A2).replace("actions: [A fold, B fold, C fold]", "actions: [A fold]")
    report = audit(parse_sheet(text, filename="seven.yaml"), seven())
    assert [v.rule for v in report.violations] == ["history.unfinished"]


def test_a_prial_showdown_shuffles_the_pack_again() -> None:
    """002: "then only after a showdown won by a prial": after one, any card may come next."""
    text = """
players: [A, B, C, D]
dealer: D
deals:
  - cards: {A: 2c 2d 2h, B: 5s 6h 8d, C: 9c Jd Kh, D: 4c 7d Qs}
    actions: [A look, A bet 1, B look, B bet 1, C fold, D fold, A see 2]
    result: {winner: A}
  - cards: {B: 2c 2d 2h, C: 5s 6h 8d, D: 9c Jd Kh, A: 4c 7d Qs}
    actions: [B look, B bet 1, C fold, D fold, A fold]
"""
    rules = rules_for("traditional", seeing={"seen_sees_seen": True})
    assert audit(parse_sheet(text, filename="prial.yaml"), rules).ok
    # not a prial: the same cards again straight away cannot come off the top of an unshuffled pack
    no_prial = text.replace("A: 2c 2d 2h, B: 5s 6h 8d", "A: 2c 3d 2h, B: 5s 6h 8d").replace(
        "B: 2c 2d 2h, C: 5s 6h 8d", "B: 2c 3d 2h, C: 5s 6h 8d").replace("result: {winner: A}", "")
    report = audit(parse_sheet(no_prial, filename="prial.yaml"), rules)
    assert "pack.shuffle" in [v.rule for v in report.violations]


# ---------------------------------------------------------------------------
# Logs written by play: the order is known card by card
# ---------------------------------------------------------------------------


def _log(tmp_path: Path, shuffle: str = "first_deal_only", deals: int = 8, seed: int = 5, name: str = "traditional",
         **areas: Any) -> Path:
    rules = rules_for(name, pack={"shuffle": shuffle, **areas.pop("pack", {})}, **areas)
    session = Session(rules, ["A", "B", "C", "D"], seed=seed, dealer="D")
    path = tmp_path / f"{name}-{shuffle}-{seed}.jsonl"
    choose = random_chooser(random.Random(seed))
    with LogWriter.for_session(path, session, profile_name=name):
        for _ in range(deals):
            if session.is_over:
                break
            deal = session.start_deal()
            while not deal.is_over:
                session.act(choose(deal))
            session.finish_deal()
    return path


def _deep_deal(events: List[Dict[str, Any]]) -> Dict[str, Any]:
    """A deal dealt wholly from under the pack: after the first 52 cards, none shuffled."""
    dealt = 0
    for event in events:
        if event["type"] == "deal":
            assert not event["shuffled"] or event["deal"] == 1
            if dealt >= 52:
                return event
            dealt += sum(len(h.split()) for h in event["cards"].values())
    raise AssertionError("the log is too short")


def test_a_log_written_by_play_is_followed_card_by_card(tmp_path: Path) -> None:
    """002's unshuffled pack in a log: every card must be the one the pack's order gives. Two players'
    hands exchanged in a deal dealt from under the pack keep the same cards but not the same order."""
    path = _log(tmp_path)
    assert audit(str(path)).ok
    events = _events(path)
    deep = _deep_deal(events)
    first, second = deep["order"][0], deep["order"][1]
    deep["cards"][first], deep["cards"][second] = deep["cards"][second], deep["cards"][first]
    _write(path, events)
    report = audit(str(path))
    assert [(v.deal, v.rule) for v in report.violations if v.rule == "pack.shuffle"] == [(deep["deal"], "pack.shuffle")]
    assert "comes off the pack where" in [v for v in report.violations if v.rule == "pack.shuffle"][0].message


def test_the_same_log_as_a_sheet_is_checked_card_for_card_only(tmp_path: Path) -> None:
    """As a sheet (no record of the order the cards were dealt in) the same exchange is allowed:
    the deal holds the right cards; only their order is wrong."""
    path = _log(tmp_path)
    events = _events(path)
    deep = _deep_deal(events)
    first, second = deep["order"][0], deep["order"][1]
    deep["cards"][first], deep["cards"][second] = deep["cards"][second], deep["cards"][first]
    _write(path, events)
    sheet = parse_sheet(dump_sheet(read_history(path)), filename="log.yaml")
    report = audit(sheet, rules_for("traditional", pack={"shuffle": "first_deal_only"}))
    assert "pack.shuffle" not in [v.rule for v in report.violations]


def test_a_card_from_the_wrong_place_in_a_log(tmp_path: Path) -> None:
    """A card of a later deal's hand swapped into an earlier deal's: it comes off the pack too soon."""
    path = _log(tmp_path)
    events = _events(path)
    deep = _deep_deal(events)
    later = next(e for e in events if e["type"] == "deal" and e["deal"] == deep["deal"] + 1)
    p, q = deep["order"][0], later["order"][0]
    mine, theirs = deep["cards"][p].split(), later["cards"][q].split()
    if set(mine) & set(theirs):
        pytest.skip("the two hands share a card")
    mine[0], theirs[0] = theirs[0], mine[0]
    deep["cards"][p], later["cards"][q] = " ".join(mine), " ".join(theirs)
    _write(path, events)
    report = audit(str(path))
    assert ("pack.shuffle", deep["deal"]) in [(v.rule, v.deal) for v in report.violations]


def test_a_redeal_is_dealt_from_a_shuffled_pack(tmp_path: Path) -> None:
    """000: the affected player "may demand a redeal of the whole hand, with all antes returned": the hand
    is dealt again from a shuffled pack, and the log audits with it."""
    rules = rules_for("traditional", pack={"shuffle": "first_deal_only"})
    session = Session(rules, ["A", "B", "C", "D"], seed=2, dealer="D")
    path = tmp_path / "redeal.jsonl"
    choose = random_chooser(random.Random(2))
    with LogWriter.for_session(path, session, profile_name="traditional"):
        for number in range(7):
            deal = session.start_deal()
            if number == 3:
                session.act(f"{deal.order[1]} exposes {deal.order[0]}")
                session.act(f"{deal.order[0]} redeal")
            while not deal.is_over:
                session.act(choose(deal))
            session.finish_deal()
    events = _events(path)
    assert [e["shuffled"] for e in events if e["type"] == "deal"][4] is True
    assert audit(str(path)).ok


def test_the_tracker_never_holds_more_than_the_pack() -> None:
    """However long the history, what is kept is at most the pack: the audit's memory stays flat."""
    pack = PackTracker(jokers=2)
    pack.shuffle(out=[])
    cards = list(range(54))
    rng = random.Random(1)
    for _ in range(2000):
        dealt = [cards.pop(0) for _ in range(12)]
        assert pack.deal(dealt, exact=True) is None
        rng.shuffle(dealt)
        pack.put_under(dealt, exact=True)
        cards.extend(dealt)
        assert sum(len(layer) for layer in pack.layers) == 54 - 12 + 12
        assert len(pack.layers) <= 54


def test_jokers_written_alike_are_not_told_apart() -> None:
    """003's wild-card variant adds jokers; a sheet that writes both as Jk is not accused of dealing one twice."""
    pack = PackTracker(jokers=2)
    pack.shuffle(out=[])
    deal = parse_cards("Jk Jk 2c")
    assert pack.deal(deal, exact=False) is None
    pack.put_under(parse_cards("Jk 2c Jk2"), exact=False)
    assert pack.deal([c for c in range(52) if c != 0], exact=False) is None
    assert pack.deal(parse_cards("Jk2 2c Jk"), exact=False) is None


# ---------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(profile=profiles(), shuffle=st.sampled_from(UNSHUFFLED), seed=st.integers(0, 10_000),
       players=st.integers(2, 6))
def test_a_session_with_an_unshuffled_pack_always_audits_clean(tmp_path_factory: Any, profile: Profile,
                                                                 shuffle: str, seed: int, players: int) -> None:
    """Whatever the rules (retention, several hands, Crash, Stop the Bus's centre cards), a session played
    by random choosers with a pack shuffled only now and then follows its pack exactly: the audit agrees."""
    data = profile.model_dump(mode="json")
    data["pack"]["shuffle"] = shuffle
    rules = compile_rules(Profile.model_validate(data))
    names = [f"P{i}" for i in range(max(players, rules.table.min_players))][: rules.table.max_players]
    path = Path(tmp_path_factory.mktemp("pack")) / "log.jsonl"
    session = Session(rules, names, seed=seed)
    choose = random_chooser(random.Random(seed))
    with LogWriter.for_session(path, session, profile_name=profile.name):
        for _ in range(15):
            if session.is_over:
                break
            deal = session.start_deal()
            steps = 0
            while not deal.is_over and steps < 300:
                session.act(choose(deal))
                steps += 1
            if not deal.is_over:
                break
            session.finish_deal()
    report = audit(str(path), keep_deals=False)
    assert not report.violations, report.violations[:3]
