"""format.open.face_up: cards of each hand dealt face up for everyone to see (a stud, or open, deal).

The pages: tarczehamulcowe.com (open Teen Patti): "Open-first: One card from each player is placed
face-up immediately after the deal"; adda52.com ("2 Cards Open"): "Two cards are face-up, visible to
everyone. One card remains face-down, hidden from all, including the player (if playing blind)" and
"Seen/Blind option: Still available"; 3pattimaster.com (open cards): "Showdowns consider the full
three-card hand".
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.cards import parse_cards
from bragrules.core.errors import HistoryError
from bragrules.engine.session import Session, random_chooser
from bragrules.engine.view import Sight
from bragrules.explainers.diff import compare, render_text
from bragrules.explainers.rulebook import build_rulebook, render
from bragrules.history import LogWriter, parse_sheet, read_log
from bragrules.profile import load_profile, load_profile_text
from bragrules.profile.errors import ProfileError
from bragrules.profile.loader import profile_hash
from bragrules.rules.compile import compile_rules

from ..helpers import FOUR, deal_with, play, rules_for


def _stud(up: int = 1):  # type: ignore[no-untyped-def]
    return deal_with(rules_for("teen-patti", format={"open": {"face_up": up}}), FOUR)


def test_everyone_sees_the_first_card_of_each_hand() -> None:
    """tarczehamulcowe: "One card from each player is placed face-up immediately after the deal"."""
    deal = _stud()
    table = deal.view(None)
    assert {p: [str(c) for c in up] for p, up in table.face_up().items()} == \
        {"A": ["Kc"], "B": ["5s"], "C": ["2c"], "D": ["3s"]}
    assert {str(c) for c in table.visible_cards()} == {"Kc", "5s", "2c", "3s"}
    # B, blind, sees every face-up card, B's own among them, and nothing face down
    b = deal.view("B")
    assert b.hand is None and {str(c) for c in b.visible_cards()} == {"Kc", "5s", "2c", "3s"}
    assert b.to_json()["face_up"] == {"A": ["Kc"], "B": ["5s"], "C": ["2c"], "D": ["3s"]}


def test_two_cards_open_and_the_blind_player_still_plays_blind() -> None:
    """adda52: two face up, "One card remains face-down, hidden from all, including the player (if playing
    blind)"; "Seen/Blind option: Still available"."""
    deal = _stud(2)
    a = deal.view("A")
    assert {str(c) for c in a.visible_cards()} >= {"Kc", "9c"} and "4c" not in {str(c) for c in a.visible_cards()}
    assert [o.kind for o in a.legal_actions()][:2] == ["look", "bet"]
    play(deal, ["A bet 1"])  # a blind bet: half the seen rate, as without open cards
    assert deal.players["A"].blind and deal.pot == 5
    play(deal, ["B look"])
    assert {str(c) for c in deal.view("B").visible_cards()} >= {"5s", "6h", "7d", "Kc", "9c"}


def test_the_whole_hand_plays_at_the_see() -> None:
    """3pattimaster: "Showdowns consider the full three-card hand": A's face-down 4c makes the flush."""
    deal = deal_with(rules_for("teen-patti", format={"open": {"face_up": 2}}, table={"max_players": 2}),
                     {"A": "Kc 9c 4c", "B": "Kd 9h 8s"})
    play(deal, ["A look", "A bet 2", "B look", "B see 2"])
    assert deal.result is not None and deal.result.winners == ["A"]


def test_a_sight_tells_face_up_cards_to_everyone() -> None:
    deal = _stud()
    sight = Sight(deal, ["A", None])
    deal.apply_text("A look")
    assert {"Kc", "5s"} <= {str(c) for c in sight.seen()[None]}
    assert "9c" not in {str(c) for c in sight.seen()[None]}


def test_at_least_one_card_stays_face_down() -> None:
    with pytest.raises(ProfileError) as refused:
        load_profile_text("extends: teen-patti\nname: open\nformat: {open: {face_up: 3}}\n")
    assert "format.open.face_up: 3 cards face up of 3 dealt leaves none face down; at most 2" in str(refused.value)
    with pytest.raises(ProfileError):
        load_profile_text("extends: stop-the-bus\nname: open\nformat: {open: {face_up: 1}}\n")


def test_the_rulebook_diff_and_hash() -> None:
    stud, teen = load_profile("stud"), load_profile("teen-patti")
    assert "The first card of each hand is dealt face up, for everyone to see" in render(build_rulebook(stud))
    assert "Cards dealt face up" not in render(build_rulebook(teen))
    told = render_text(compare([("teen-patti", teen), ("stud", stud)]))
    assert "format.open.face_up" in told and "dealt face up" in told
    unset = load_profile_text("extends: teen-patti\nname: teen-patti\nformat: {open: {face_up: 0}}\n")
    assert profile_hash(unset) == profile_hash(load_profile_text("extends: teen-patti\nname: teen-patti\n"))


def _logged(seed: int = 3, deals: int = 6) -> str:
    session = Session(compile_rules(load_profile("stud")), ["A", "B", "C", "D"], seed=seed)
    out = io.StringIO()
    choose = random_chooser(random.Random(seed))
    with LogWriter.for_session(out, session, include_profile=True):
        for _ in range(deals):
            deal = session.start_deal()
            while not deal.is_over:
                session.act(choose(deal))
            session.finish_deal()
    return out.getvalue()


def test_the_log_tells_the_face_up_cards_and_the_audit_holds_them_to_the_hands(tmp_path: Path) -> None:
    text = _logged()
    lines = [json.loads(line) for line in text.splitlines()]
    deal_lines = [d for d in lines if d.get("type") == "deal"]
    cards_lines = {d["deal"]: d["cards"] for d in lines if d.get("type") == "cards"}
    for line in deal_lines:  # the first card of each hand, told as the deal begins
        assert line["face_up"] == {p: h.split()[0] for p, h in cards_lines[line["deal"]].items()}
    path = tmp_path / "stud.jsonl"
    path.write_text(text)
    report = audit(read_log(str(path)))
    assert report.ok, [str(v) for v in report.violations]
    first = deal_lines[0]
    told = first["face_up"]["A"]
    wrong = next(c for c in cards_lines[1]["A"].split() if c != told)
    raw = text.splitlines()
    at = next(i for i, line in enumerate(raw) if json.loads(line).get("type") == "deal")
    raw[at] = json.dumps({**first, "face_up": {**first["face_up"], "A": wrong}}, separators=(",", ":"))
    tampered = "\n".join(raw) + "\n"
    assert tampered != text
    path.write_text(tampered)
    report = audit(read_log(str(path)))
    (violation,) = [v for v in report.violations if v.deal == 1]
    assert violation.rule == "format.open.face_up"
    assert violation.message.startswith("A's cards dealt face up in deal 1 are "), violation.message


def test_a_log_of_open_cards_audited_under_a_closed_game_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "stud.jsonl"
    path.write_text(_logged(deals=2))
    report = audit(read_log(str(path)), load_profile("teen-patti"))
    assert "format.open.face_up" in {v.rule for v in report.violations}


def test_stud_arbitrates() -> None:
    situation = ("format: bragrules-history/1\nprofile: stud\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
                 "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd, D: 3s 8h Qd}\n"
                 "    actions: [A bet 1, B look, B bet 2]\n"
                 "    dispute: C sideshow 2\n")
    (ruling,) = arbitrate(parse_sheet(situation, filename="s.yaml"), [load_profile("stud")]).rulings
    assert not ruling.allowed  # C is blind: a side-show is between seen players, open cards or not
    assert {str(c) for c in parse_cards("Kc 5s 2c 3s")} == {str(c) for c in _stud().view(None).visible_cards()}


@pytest.mark.parametrize("value, message", [
    ('"Kc"', "deal 1: face_up must be a mapping of player to cards"),
    ('{"Z":"Kc"}', "deal 1: face_up: 'Z' is not a player"),
    ('{"A":"Kx"}', "deal 1: face_up: A's cards:"),
])
def test_a_malformed_face_up_line_is_one_line_with_its_place(tmp_path: Path, value: str, message: str) -> None:
    text = _logged(deals=1)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if json.loads(line).get("type") == "deal")
    lines[at] = lines[at].replace(lines[at][lines[at].index('"face_up":'):-1], f'"face_up":{value}')
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(HistoryError) as refused:
        list(read_log(str(path)).deals)
    assert f"bad.jsonl:{at + 1}: {message}" in str(refused.value), str(refused.value)
