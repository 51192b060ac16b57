"""session.points: 13-card Crash's points per hand won toward a target, the crash bonus, tied hands, the
target and a sudden-death deal, and the spare hand of a short table.

N03, http://ourpastimes.com/play-card-game-crash-4516398.html: "Reveal your first "brag" hand. The highest
first hand scores a single point. ... Win the game of Crash by being the first person to reach 21 points."
N03, https://www.androidfreeware.mobi/download-com-dynamitegamesltd-crashcardgame.html: "Players generally
aim to reach a total of 15 points, gained over successive deals. In this mobile game, the users can select
7 to 15 points to end a game."
N04, the same ourpastimes.com page: "The total number of points available in a single round is four, unless
one person wins all four points in a given round. He would then earn an additional point since a "crash"
took place." https://fi.boardgamearena.com/gamepanel?game=crash: "If you won all 4 hands, score 1 bonus point."
N07, http://www.pagat.com/invented/multiple_brag.html: "If more than one player gets exactly 15 exactly in
the same time then we play one more round as a 'sudden death' playoff."
N08, https://en.doc.boardgamearena.com/Gamehelpcrash: "In case of a tie, nobody scores the point."; the
androidfreeware.mobi page: "If hands are tied, no one scores."
X08, https://gamerules.com/rules/crash-card-brag/: "A three person game IS possible. There are still four
13-card hands dealt, 3 hands to the players and one spare hand. Beginning with the player to the left of the
dealer, players can discard their hand and exchange it with the spare hand. It is often played that an
additional stake must be placed if you take the spare hand." boardgamearena.com (Crash): "In turn order,
each player is given the option to replace their cards with the 13 undealt cards. If someone does, everyone
else must keep the cards they were dealt. ~ 4-player game: everyone keeps the cards they were dealt."
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any, Dict, List

import pytest

from bragrules.audit import audit
from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.history import LogWriter, read_log
from bragrules.profile import ProfileError, load_profile, load_profile_text
from bragrules.rules.compile import compile_rules

NINE = ("extends: standard\nname: points-nine\ntable: {max_players: 5}\nstakes: {ante: 0}\nblind: {allowed: false}\n"
        "format: {cards_dealt: 9, hands: 3, betting: false, hand_order: strongest_first}\n"
        "session: {points: {target: 7}}\n")

# three hands each, strongest first: A wins the first, the second is tied (two equal running flushes), B the third
A9 = "Ah Ad Ac | 9s 8s 7s | 5h 3d 2c"
B9 = "Kh Kd Kc | 9h 8h 7h | Js 5s 2s"
C9 = "Qh Qd Qc | 6d 5c 4h | Td Ts 3c"


def _cards(arrangement: str) -> List[Any]:
    return parse_cards(arrangement.replace("|", " "))


def _nine_deal(text: str = NINE) -> Deal:
    rules = compile_rules(load_profile_text(text))
    deal = Deal(rules, ["A", "B", "C"], {"A": _cards(A9), "B": _cards(B9), "C": _cards(C9)})
    for player, arrangement in (("A", A9), ("B", B9), ("C", C9)):
        deal.apply(Action.parse(f"{player} arrange {arrangement}"))
    return deal


def test_each_hand_won_scores_a_point_and_a_tied_hand_scores_nothing() -> None:
    """N03 "The highest first hand scores a single point"; N08 "In case of a tie, nobody scores the point":
    A's aces take the first hand, the equal running flushes of the second score for nobody, B's flush the third."""
    deal = _nine_deal()
    assert deal.result is not None
    assert deal.result.points == {"A": 1, "B": 1, "C": 0}
    assert "session.points.per_hand" in deal.result.decided_by
    assert "session.points.all_hands_bonus" not in deal.result.decided_by


def test_points_per_hand_as_the_profile_says() -> None:
    """``per_hand`` sets what a hand won is worth (1 on every page; a table may count more)."""
    deal = _nine_deal(NINE.replace("target: 7", "target: 7, per_hand: 2"))
    assert deal.result is not None and deal.result.points == {"A": 2, "B": 2, "C": 0}


FOUR = ("extends: crash-13\nname: crash-test\n")
A13 = "Ah Ad Ac | Kh Kd Kc | Qh Qd Qc | Jh Jd Jc"
B13 = "Ts 9s 8s | 9h 8h 7h | 6d 5d 4d | 5c 3c 2d"


def test_winning_all_four_hands_scores_a_bonus_point() -> None:
    """N04: "unless one person wins all four points in a given round. He would then earn an additional point
    since a "crash" took place": four hands won are five points."""
    rules = compile_rules(load_profile("crash-13"))
    deal = Deal(rules, ["A", "B"], {"A": _cards(A13) + parse_cards("2c"), "B": _cards(B13) + parse_cards("7c")})
    deal.apply(Action.parse(f"A arrange {A13}"))
    deal.apply(Action.parse(f"B arrange {B13}"))
    assert deal.result is not None
    assert deal.result.points == {"A": 5, "B": 0}
    assert "session.points.all_hands_bonus" in deal.result.decided_by
    no_bonus = compile_rules(load_profile_text(FOUR + "session: {points: {all_hands_bonus: 0}}\n"))
    deal = Deal(no_bonus, ["A", "B"], {"A": _cards(A13) + parse_cards("2c"), "B": _cards(B13) + parse_cards("7c")})
    deal.apply(Action.parse(f"A arrange {A13}"))
    deal.apply(Action.parse(f"B arrange {B13}"))
    assert deal.result is not None and deal.result.points == {"A": 4, "B": 0}


def test_the_session_ends_at_the_target_and_names_the_winner() -> None:
    """N03: "Win the game of Crash by being the first person to reach 21 points": the session plays deal after
    deal until a player has 21 or more; the most points wins."""
    session = Session(compile_rules(load_profile("crash-13")), ["A", "B", "C", "D"], seed=4)
    events: List[Dict[str, Any]] = []
    session.listener = events.append
    play_session(session, random_chooser(random.Random(4)))
    assert session.is_over and max(session.scores.values()) >= 21
    last: Dict[str, int] = session.records[-1].result.points or {}
    before = {p: session.scores[p] - last[p] for p in session.players}
    assert max(before.values()) < 21  # not over one deal sooner
    top = max(session.scores.values())
    assert session.winners() == [p for p in session.players if session.scores[p] == top]
    end = events[-1]
    assert end["type"] == "end" and end["scores"] == session.scores and end["winners"] == session.winners()
    scored = [r.result.points or {} for r in session.records]
    assert sum(points[p] for points in scored for p in session.players) == sum(session.scores.values())


def test_several_at_the_target_the_highest_wins_and_equal_scores_share() -> None:
    """boardgamearena.com (Gamehelpcrash): "if one or more players have reached the target score ... then the
    player with the highest score wins. Ties are possible." (``at_target: highest``)."""
    session = Session(compile_rules(load_profile("crash-13")), ["A", "B", "C"], seed=1)
    session.scores.update({"A": 22, "B": 21, "C": 3})
    assert session.is_over and session.winners() == ["A"]
    session.scores.update({"A": 21, "B": 21})
    assert session.is_over and session.winners() == ["A", "B"]


def test_players_level_on_the_target_play_a_sudden_death_deal() -> None:
    """N07, pagat.com (Multiple Brag): "If more than one player gets exactly 15 exactly in the same time then
    we play one more round as a 'sudden death' playoff." (``at_target: sudden_death``): level at the top, the
    session goes on; one player alone on top ends it."""
    rules = compile_rules(load_profile_text(FOUR + "session: {points: {target: 15, at_target: sudden_death}}\n"))
    session = Session(rules, ["A", "B", "C"], seed=1)
    session.scores.update({"A": 15, "B": 15, "C": 9})
    assert not session.is_over
    deal = session.start_deal()
    while not deal.is_over:
        session.act(deal.legal_actions()[0].action())
    session.finish_deal()
    scores = session.scores
    top = max(scores.values())
    assert session.is_over == (sum(1 for v in scores.values() if v == top) == 1)


def test_points_need_several_hands_and_no_betting() -> None:
    """Points are scored hand by hand across the table: a profile that bets, or plays one hand, is refused,
    naming the fields."""
    with pytest.raises(ProfileError) as refused:
        load_profile_text("extends: nine-card\nname: bad\nsession: {points: {target: 21}}\n")
    assert "session.points.target" in str(refused.value) and "format.betting" in str(refused.value)


# -- the spare hand ------------------------------------------------------------


def _spare_deal(text: str = "extends: thirteen-card-brag\nname: spare\n", players: int = 3) -> Deal:
    session = Session(compile_rules(load_profile_text(text)), ["A", "B", "C", "D"][:players], seed=7)
    return session.start_deal()


def test_three_players_are_dealt_a_spare_hand_four_are_not() -> None:
    """X08, gamerules.com: "There are still four 13-card hands dealt, 3 hands to the players and one spare
    hand"; boardgamearena.com: "4-player game: everyone keeps the cards they were dealt"."""
    deal = _spare_deal()
    assert deal.spare_dealt is not None and len(deal.spare_dealt) == 13
    held = {c for p in deal.order for c in deal.players[p].hand or ()}
    assert held.isdisjoint(deal.spare_dealt)
    assert [o.kind for o in deal.legal_actions()] == ["arrange", "take"]
    assert deal.view(deal.order[deal.turn]).centre == ()  # face down: nobody sees it
    four = _spare_deal(players=4)
    assert four.spare_dealt is None and [o.kind for o in four.legal_actions()] == ["arrange"]
    with pytest.raises(RuleViolation) as refused:
        four.apply(Action(four.order[four.turn], "take"))
    assert refused.value.rule == "session.points.spare_hand"


def test_a_player_takes_the_spare_hand_and_nobody_else_may() -> None:
    """X08: "players can discard their hand and exchange it with the spare hand"; boardgamearena.com: "If
    someone does, everyone else must keep the cards they were dealt"."""
    deal = _spare_deal()
    first = deal.order[deal.turn]
    own, spare = deal.players[first].hand, deal.spare_dealt
    deal.apply(Action(first, "take"))
    assert deal.players[first].hand == spare and tuple(deal.centre) == own
    assert [o.kind for o in deal.legal_actions()] == ["arrange"]  # still first's turn: now to arrange
    deal.apply(deal.legal_actions()[0].action())
    second = deal.order[deal.turn]
    assert [o.kind for o in deal.legal_actions()] == ["arrange"]
    before = deal.players[second].hand
    with pytest.raises(RuleViolation) as refused:
        deal.apply(Action(second, "take"))
    assert refused.value.rule == "session.points.spare_hand" and f"{first} has taken the spare hand" in str(refused.value)
    assert deal.players[second].hand == before  # refused, nothing changed


def test_the_spare_hand_is_taken_before_arranging() -> None:
    """gamerules.com: the exchange comes before the hands are split and placed; a player who has set out
    their hands keeps them."""
    deal = _spare_deal()
    first = deal.order[deal.turn]
    deal.apply(deal.legal_actions()[0].action())
    with pytest.raises(RuleViolation) as refused:
        deal.apply(Action(first, "take"))
    assert refused.value.rule in ("session.points.spare_hand", "turn_order")


def test_taking_the_spare_hand_costs_the_stake_where_the_table_plays_one() -> None:
    """X08, gamerules.com: "It is often played that an additional stake must be placed if you take the
    spare hand" (``spare_stake``): paid into the pot."""
    deal = _spare_deal("extends: thirteen-card-brag\nname: staked\nsession: {points: {spare_stake: 2}}\n")
    first = deal.order[deal.turn]
    take = [o for o in deal.legal_actions() if o.kind == "take"]
    assert take and take[0].amount == 2
    deal.apply(Action(first, "take"))
    assert deal.pot == 2 and deal.players[first].contributed == 2


# -- the log and the audit -------------------------------------------------------


def _logged(name: str, players: int, seed: int = 3) -> str:
    session = Session(compile_rules(load_profile(name)), ["A", "B", "C", "D"][:players], seed=seed)
    out = io.StringIO()
    from bragrules.play.bots import make_bot

    bots = {p: make_bot("cautious", random.Random(seed + i)) for i, p in enumerate(session.players)}
    with LogWriter.for_session(out, session, include_profile=True):
        while not session.is_over:
            deal = session.start_deal()
            while not deal.is_over:
                player = deal.to_act
                assert player is not None
                session.act(bots[player].choose(deal.view(player)))
            session.finish_deal()
    return out.getvalue()


def _audit(text: str, tmp_path: Any) -> List[Any]:
    path = tmp_path / "log.jsonl"
    path.write_text(text)
    return audit(read_log(str(path))).violations


def test_the_log_records_each_deals_points_and_the_audit_recomputes_them(tmp_path: Any) -> None:
    """The log writes every deal's points and the scores so far; the audit replays every deal and refuses a
    wrong score, citing the rule (``session.points.per_hand``)."""
    text = _logged("crash-13", 4)
    results = [json.loads(line) for line in text.splitlines() if json.loads(line)["type"] == "result"]
    assert results and all("points" in r and "scores" in r for r in results)
    assert _audit(text, tmp_path) == []
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "result")
    record = json.loads(lines[index])
    scorer = max(record["points"], key=lambda p: record["points"][p])
    record["points"][scorer] += 1
    lines[index] = json.dumps(record)
    violations = _audit("\n".join(lines) + "\n", tmp_path)
    assert violations and violations[0].rule in ("session.points.per_hand", "session.points.all_hands_bonus")
    assert f"the points are given as {scorer} " in violations[0].message


def test_a_short_tables_log_with_the_spare_hand_audits(tmp_path: Any) -> None:
    """The spare hand is written as the deal's face-down centre and each take as an action; the audit deals
    it from the seed and replays every take."""
    text = _logged("thirteen-card-brag", 3, seed=5)
    assert any('"centre"' in line for line in text.splitlines())
    assert _audit(text, tmp_path) == []
    # a second take in one deal is refused with the spare hand's rule
    lines = text.splitlines()
    taken = next((i for i, line in enumerate(lines) if line.endswith(' take"}')), None)
    if taken is None:
        pytest.skip("no bot took the spare hand in this session")
    record = json.loads(lines[taken])
    deal_line = next(json.loads(line) for line in reversed(lines[:taken]) if json.loads(line)["type"] == "deal")
    other = next(p for p in deal_line["order"] if not record["action"].startswith(p + " "))
    lines.insert(taken + 1, json.dumps({"type": "action", "deal": record["deal"], "action": f"{other} take"}))
    violations = _audit("\n".join(lines) + "\n", tmp_path)
    assert violations and violations[0].rule in ("session.points.spare_hand", "turn_order")


def test_profiles_without_points_log_as_before() -> None:
    """A profile that keeps no points writes no points (old logs read exactly as before)."""
    session = Session(compile_rules(load_profile("nine-card")), ["A", "B", "C"], seed=1)
    out = io.StringIO()
    with LogWriter.for_session(out, session, include_profile=True):
        play_session(session, random_chooser(random.Random(1)), max_deals=3)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert all("points" not in line and "scores" not in line for line in lines if line["type"] != "header")
    assert [line for line in lines if line["type"] == "result"]


def test_arbitrate_refuses_a_second_take_of_the_spare_hand(capsys: Any, monkeypatch: Any) -> None:
    """boardgamearena.com (Crash): "If someone does, everyone else must keep the cards they were dealt": A has
    taken the spare hand and arranged; B's take is refused, citing the spare hand's rule and its pages."""
    from ..helpers import run_cli

    sheet = str(Path(__file__).parents[1] / "data" / "disputes" / "spare_taken.yaml")
    code, out, _ = run_cli(capsys, monkeypatch, "arbitrate", sheet, "--json")
    assert code == 0
    ruling = json.loads(out)
    text = json.dumps(ruling)
    assert "session.points.spare_hand" in text and "A has taken the spare hand" in text
    assert '"allowed": false' in text


def test_a_sheet_carries_the_points_and_the_audit_checks_them(tmp_path: Any) -> None:
    """A log written as a sheet keeps each deal's points; the audit checks the sheet's as it does the log's."""
    from bragrules.history.sheet import dump_sheet

    log = tmp_path / "log.jsonl"
    log.write_text(_logged("crash-13", 4))
    sheet = dump_sheet(read_log(str(log)))
    assert "points: {" in sheet
    path = tmp_path / "sheet.yaml"
    path.write_text(sheet)
    report = audit(str(path))
    assert report.ok and report.scores is not None and max(report.scores.values()) >= 21
    first = next(line for line in sheet.splitlines() if "points: {" in line)
    numbers = first.split("{", 1)[1]
    name, value = numbers.split(",")[0].split(":")
    wrong = first.replace(f"{name.strip()}: {value.strip()}", f"{name.strip()}: {int(value) + 2}", 1)
    path.write_text(sheet.replace(first, wrong, 1))
    violations = audit(str(path)).violations
    assert violations and violations[0].rule == "session.points.per_hand"


def test_the_audit_refuses_an_end_before_the_target(tmp_path: Any) -> None:
    """N03 "Win the game of Crash by being the first person to reach 21 points": a log whose last deal is cut
    off, its end kept, ends before anybody reached 21, against ``session.points.target``."""
    lines = _logged("crash-13", 4).splitlines()
    last = max(i for i, line in enumerate(lines) if json.loads(line)["type"] == "deal")
    violations = _audit("\n".join(lines[:last] + [lines[-1]]) + "\n", tmp_path)
    assert violations and violations[-1].rule == "session.points.target"
    assert "it ends once a player has 21 points" in violations[-1].message


def test_the_web_table_sends_the_scores_and_never_the_spare_hand() -> None:
    """The browser is sent every seat's points and the target; the spare hand lies face down, so no card of
    it reaches a seat (boardgamearena.com: "the 13 undealt cards")."""
    from bragrules.web.service import TableService

    service = TableService(load_profile("thirteen-card-brag"), "thirteen-card-brag", seats=3, bots=("cautious",),
                           seed=3, hands=2)
    token = service.join("Ann")
    service.start(service.host_token)
    state = service.state(token)
    assert state["points_target"] == 15 and all(seat["points"] == 0 for seat in state["seats"])
    deal = service.table.session.current  # type: ignore[union-attr]
    assert deal is not None and deal.spare_dealt is not None
    sent = json.dumps(state)
    assert state["view"]["centre"] == [] and not any(f'"{card}"' in sent for card in deal.spare_dealt)
    assert any(o["kind"] == "take" for o in state["view"]["legal"])
