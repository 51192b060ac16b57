"""A violation cites the field whose rule it breaks (issue 26, "Also from the same trial").

Each history here is crafted to break one rule the way a sheet written by hand does: a wrong
winner under the rule that decided it, a wrong order of exposure at a see, a second retained
blind hand, a see priced on the wrong basis. Each names the rule the history breaks, where the
audit used to name the fixed rule the breach happened to trip (``history.result``,
``turn_order``, ``deal_over``, ``seeing.cost_multiple``). The violations that are what they say
keep their rule names exactly: those are a public interface.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, List

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.audit.claims import winner_rule
from bragrules.core.cards import parse_hand
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.history import LogWriter, parse_sheet

from .helpers import rules_for

THREE = """players: [A, B, C]
dealer: C
deals:
  - cards: {A: Kc 9c 4c, B: %s, C: 2c 3c 8h}
    actions: [%s]
%s"""


def _rules(report: object) -> List[str]:
    return [v.rule for v in report.violations]  # type: ignore[attr-defined]


def _sheet(actions: str, b: str = "5s 6h 7d", result: str = "") -> object:
    return parse_sheet(THREE % (b, actions, result), filename="crafted.yaml")


# ---------------------------------------------------------------------------
# A wrong winner: the rule that decided who won
# ---------------------------------------------------------------------------


def test_a_wrong_winner_between_equal_hands_cites_the_tie_rule() -> None:
    """Equal flushes at a see: seeing.tie (caller_loses) gives the pot to B. A history that gives it
    to A breaks the tie rule, which the engine says decided the ending."""
    sheet = _sheet("A look, A bet 2, B look, B bet 2, C fold, A see 4", b="Ks 9s 4s", result="    result: {winner: A}\n")
    report = audit(sheet, rules_for("traditional"))
    assert _rules(report) == ["seeing.tie"]
    assert "the history says A won; replayed, B won" in report.violations[0].message


def test_a_wrong_split_between_equal_hands_cites_the_tie_rule() -> None:
    sheet = _sheet("A look, A bet 2, B look, B bet 2, C fold, A see 4", b="Ks 9s 4s",
                   result="    result: {winners: [A, B]}\n")
    assert _rules(audit(sheet, rules_for("traditional"))) == ["seeing.tie"]
    # under seeing.tie: split the same sheet is right
    assert audit(sheet, rules_for("traditional", seeing={"tie": "split"})).ok


def test_a_wrong_winner_no_field_explains_cites_the_ranking_rule_the_engine_names() -> None:
    """Where no field's other value gives the claim (a wild card chosen at the table), wrong winners break
    the first ranking rule the engine names among the rules that decided the ending, before a tie rule
    or any other."""
    deal = Deal(rules_for("traditional"), ["A", "B"], {"A": parse_hand("Kc 9c 4c"), "B": parse_hand("5s 6h 7d")})
    for text in ("A look", "A bet 2", "B look", "B bet 2", "A see 4"):
        deal.apply_text(text)
    result = deal.result
    assert result is not None and result.decided_by == []
    assert winner_rule(result) == "history.result"
    ranked = result._replace(decided_by=["session.bonus.prial", "ranking.run_order", "seeing.tie"])
    assert winner_rule(ranked) == "ranking.run_order"


MUFLIS = """profile: muflis
players: [A, B, C]
dealer: C
deals:
  - cards: {A: Kc 2d 3c, B: Kh Kd 9c, C: 4s 8h Qd}
    actions: [A look, A bet 2, B look, B bet 2, C fold, A see 2]
    result: %s
"""
"""Lowball: A's king-high beats B's pair of kings. A, who saw, staked 5, B 3, C 1: A's net is +4. A
history that ranks the hands the usual way gives B the pot: B +6, A -5."""


def _muflis(result: str) -> List[str]:
    return _rules(audit(parse_sheet(MUFLIS % result, filename="muflis.yaml")))


def test_a_wrong_winner_is_cited_by_one_rule_however_the_sheet_writes_it() -> None:
    """One rule: the parts of a claim that follow from who won (winners, nets) are cited under the field
    the claim goes against, whether the sheet names the winner, gives only the nets, or both; the deal,
    replayed with ``ranking.lowball`` set back, comes to what each of them says."""
    assert _muflis("{winner: B}") == ["ranking.lowball"]
    assert _muflis("{net: {A: -5, B: 6, C: -1}}") == ["ranking.lowball", "ranking.lowball"]
    assert _muflis("{winner: B, net: {A: -5, B: 6, C: -1}}") == ["ranking.lowball"] * 3
    assert _muflis("{winner: A, net: {A: 4, B: -3, C: -1}}") == []
    # nets no field gives (a sum gone wrong, the winner right): history.result
    assert _muflis("{winner: A, net: {A: 5, B: -3, C: -1}}") == ["history.result"]
    # a winner and nets of the usual ranking, but a pot no ranking explains: the pot alone is history.result
    assert _muflis("{winner: B, net: {A: -5, B: 6, C: -1}, pot: 12}") == ["ranking.lowball"] * 3 + ["history.result"]
    # a folded player named: no field gives it, so every part is history.result
    assert _muflis("{winner: C, net: {A: -5, B: -3, C: 8}}") == ["history.result"] * 3


def test_a_wrong_winner_is_cited_by_the_same_rule_in_a_log(tmp_path: Path) -> None:
    """The same mistake in a log written by play (its result line gives the outcome, the winners and the
    nets): a showdown's line rewritten as the usual ranking would have it is cited under ranking.lowball,
    every part of it."""
    rules = rules_for("muflis")
    usual = rules_for("muflis", ranking={"lowball": False})
    path = tmp_path / "muflis.jsonl"
    for seed in range(40):
        session = Session(rules, ["A", "B", "C"], seed=seed)
        with LogWriter.for_session(path, session, profile_name="muflis"):
            play_session(session, random_chooser(random.Random(seed)), max_deals=6)
        found = [(i, r) for i, r in enumerate(session.records) if r.result.showdown
                 and _replayed(r, usual).winners != r.result.winners]
        if found:
            break
    index, record = found[0]
    other = _replayed(record, usual)
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    at = [i for i, line in enumerate(lines) if line["type"] == "result"][index]
    lines[at].update(outcome=other.outcome, winners=other.winners,
                     net={p: str(v) for p, v in other.net.items()})
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    report = audit(str(path))
    assert report.violations and {(v.rule, v.line) for v in report.violations} == {("ranking.lowball", at + 1)}


def _replayed(record: Any, rules: Any) -> Any:
    """A deal the session recorded, replayed under other rules."""
    deal = Deal(rules, record.order, record.hands, retained=record.retained_in or None, carried=record.carried_in)
    for action in record.actions:
        deal.apply_text(action)
    assert deal.result is not None
    return deal.result


def test_a_wrong_winner_between_equal_hands_is_the_tie_rule_in_nets_too() -> None:
    """Equal flushes at a see (seeing.tie: caller_loses gives B the pot): a sheet giving A the pot, by the
    winner or by the nets alone (as the tie rule eldest_hand would), cites seeing.tie either way."""
    actions = "A look, A bet 2, B look, B bet 2, C fold, A see 4"
    by_winner = _sheet(actions, b="Ks 9s 4s", result="    result: {winner: A}\n")
    by_nets = _sheet(actions, b="Ks 9s 4s", result="    result: {net: {A: 4, B: -3, C: -1}}\n")
    assert _rules(audit(by_winner, rules_for("traditional"))) == ["seeing.tie"]
    assert _rules(audit(by_nets, rules_for("traditional"))) == ["seeing.tie", "seeing.tie"]


def test_other_wrong_results_keep_history_result() -> None:
    """Unequal hands (no rule named), a wrong net, a wrong pot: history.result, as before."""
    wrong_winner = _sheet("A look, A bet 2, B look, B bet 2, C fold, A see 4", result="    result: {winner: A}\n")
    assert _rules(audit(wrong_winner, rules_for("traditional"))) == ["history.result"]
    wrong_pot = _sheet("A look, A bet 2, B look, B bet 2, C fold, A see 4", b="Ks 9s 4s",
                       result="    result: {winner: B, pot: 9}\n")
    assert _rules(audit(wrong_pot, rules_for("traditional"))) == ["history.result"]
    carried = _sheet("A look, A bet 2, B look, B bet 2, C fold, A see 4", b="Ks 9s 4s",
                     result="    result: {carried: true}\n")
    assert _rules(audit(carried, rules_for("traditional"))) == ["history.result"]


# ---------------------------------------------------------------------------
# The order of exposure at a see
# ---------------------------------------------------------------------------

CONCEDE = {"seeing": {"concede_unseen": True}}


def test_the_first_to_show_showing_again_breaks_the_exposure_order() -> None:
    """Opponent first, concession allowed: B turns first, then A shows or concedes. B written as
    showing again, before A has decided, is the order of exposure broken (it was turn_order)."""
    sheet = _sheet("A look, A bet 2, B look, B bet 2, C fold, A see 4, B show, B show, A show")
    report = audit(sheet, rules_for("traditional", **CONCEDE))
    assert _rules(report) == ["seeing.exposure"]
    assert report.violations[0].action == 7
    assert "B has already shown: at a see A shows or concedes next" in report.violations[0].message


def test_the_first_to_show_conceding_after_the_second_showed_breaks_the_exposure_order() -> None:
    """A (the caller) shows, then B, who turns first, concedes: B can never concede (it was deal_over)."""
    sheet = _sheet("A look, A bet 2, B look, B bet 2, C fold, A see 4, A show, B concede")
    report = audit(sheet, rules_for("traditional", **CONCEDE))
    assert _rules(report) == ["seeing.exposure"]
    assert "at a see B turns cards first: B cannot concede" in report.violations[0].message


def test_an_exposure_order_broken_in_a_log(tmp_path: Path) -> None:
    """The same breach in a log written by play, a show line written twice."""
    rules = rules_for("traditional", **CONCEDE)
    session = Session(rules, ["A", "B", "C"], seed=4, dealer="C")
    path = tmp_path / "exposure.jsonl"
    with LogWriter.for_session(path, session, profile_name="traditional"):
        deal = session.start_deal()
        a, b, c = deal.order
        for text in (f"{a} look", f"{a} bet 2", f"{b} look", f"{b} bet 2", f"{c} fold", f"{a} see 4", f"{a} show"):
            session.act(text)
        session.finish_deal()
    assert audit(str(path)).ok
    lines = path.read_text(encoding="utf-8").splitlines()
    see = next(i for i, line in enumerate(lines) if json.loads(line).get("action") == f"{a} see 4")
    again = json.dumps({"type": "action", "deal": 1, "action": f"{b} show"}, separators=(",", ":"))
    lines[see + 1:see + 1] = [again, again]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = audit(str(path))
    assert _rules(report) == ["seeing.exposure"], [str(v) for v in report.violations]


def test_the_first_to_show_written_after_the_concession_breaks_the_exposure_order() -> None:
    """Opponent first, concession allowed: B's hand is turned, A concedes and the deal is over. B's show
    written after the concession is out of the order of exposure, as it is after A's show (it used to be
    taken, changing a deal that was over); a show by anyone else is deal_over."""
    conceded = _sheet("A look, A bet 2, B look, B bet 2, C fold, A see 4, A concede, B show")
    report = audit(conceded, rules_for("traditional", **CONCEDE))
    assert _rules(report) == ["seeing.exposure"]
    assert "B shows after A conceded, but at a see the opponent, B, turns cards first" in report.violations[0].message
    shown = _sheet("A look, A bet 2, B look, B bet 2, C fold, A see 4, A show, B show")
    assert _rules(audit(shown, rules_for("traditional", **CONCEDE))) == ["seeing.exposure"]
    other = _sheet("A look, A bet 2, B look, B bet 2, C fold, A see 4, A concede, C show")
    assert _rules(audit(other, rules_for("traditional", **CONCEDE))) == ["deal_over"]


def test_actions_after_the_end_are_still_deal_over() -> None:
    sheet = _sheet("A look, A bet 2, B fold, C fold, B bet 2")
    assert _rules(audit(sheet, rules_for("traditional"))) == ["deal_over"]
    shown_twice = _sheet("A look, A bet 2, B look, B bet 2, C fold, A see 4, B show, A show, A show")
    assert _rules(audit(shown_twice, rules_for("traditional"))) == ["deal_over"]


# ---------------------------------------------------------------------------
# A second retained blind hand
# ---------------------------------------------------------------------------

RETAINED = """players: [A, B, C, D]
dealer: D
deals:
  - cards: {A: As Ad Ac, B: 2c 7h Jd, C: 3s 8h Qd, D: 4d 9h Kd}
    actions: [%s]
  - cards: {B: 5s 6h 7d, C: 2d 3c 9c, D: 4h 8c Jc, A: Kc 9s 4c}
    actions: [%s]
"""


def test_retaining_a_second_hand_breaks_the_retention_rule() -> None:
    """002: "you may retain that unseen hand"; a second retain by the survivor is a second hand kept
    (it was deal_over)."""
    text = RETAINED % ("A bet 1, B fold, C fold, D fold, A retain, A retain", "B fold, C fold, D fold")
    report = audit(parse_sheet(text, filename="retained.yaml"), rules_for("traditional"))
    assert _rules(report) == ["blind.retention"]
    assert "A has already retained the unseen hand" in report.violations[0].message


def test_retaining_both_of_two_hands_breaks_retain_of_two() -> None:
    """002: "retain only ONE unseen hand for the next deal; never accumulate three": of A's two unseen
    hands, retaining the other as well is the rule of blind.retain_of_two broken (it was deal_over)."""
    text = RETAINED % ("A bet 1, B fold, C fold, D fold", "B fold, C fold, D fold, A retain new, A retain old")
    report = audit(parse_sheet(text, filename="retained.yaml"), rules_for("traditional"))
    assert _rules(report) == ["blind.retain_of_two"]
    assert report.violations[0].deal == 2 and report.violations[0].action == 4


def test_anyone_else_retaining_after_the_end_is_deal_over() -> None:
    text = RETAINED % ("A bet 1, B fold, C fold, D fold, A retain, B retain", "B fold, C fold, D fold")
    assert _rules(audit(parse_sheet(text, filename="retained.yaml"), rules_for("traditional"))) == ["deal_over"]


# ---------------------------------------------------------------------------
# A see priced on the wrong basis
# ---------------------------------------------------------------------------

BASIS = "A look, A bet 2, B bet 1, C fold, A bet 2, B see %s"
UNFINISHED = "history.unfinished"  # the see refused, B is still to act when the sheet ends


def test_a_see_priced_on_the_opponents_last_bet_breaks_cost_basis() -> None:
    """traditional: a see costs twice the caller's own rate; blind B at level 2 pays 2. Paying 4,
    twice A's last bet (000's basis), is the basis broken (it was seeing.cost_multiple)."""
    report = audit(_sheet(BASIS % 4), rules_for("traditional"))
    assert _rules(report) == ["seeing.cost_basis", UNFINISHED]
    assert report.violations[0].message == ("a see is priced on the caller's own rate: 2 here, not 4, "
                                            "the price on the opponent's last bet")


def test_a_see_priced_on_the_callers_rate_breaks_cost_basis() -> None:
    """The other way round under 000's basis (twice the other player's last bet): 4, not 2."""
    report = audit(_sheet(BASIS % 2), rules_for("traditional", seeing={"cost_basis": "opponent_last_bet"}))
    assert _rules(report) == ["seeing.cost_basis", UNFINISHED]


def test_a_see_at_no_basis_s_price_is_still_the_multiple() -> None:
    assert _rules(audit(_sheet(BASIS % 3), rules_for("traditional"))) == ["seeing.cost_multiple", UNFINISHED]
    assert audit(_sheet(BASIS % 2), rules_for("traditional")).ok


def test_arbitrate_corrects_a_see_on_the_wrong_basis() -> None:
    """A wrong price is corrected before the cards are turned (000), whichever rule it breaks."""
    text = THREE % ("5s 6h 7d", "A look, A bet 2, B bet 1, C fold, A bet 2", "    dispute: B see 4\n")
    (ruling,) = arbitrate(parse_sheet(text, filename="dispute.yaml"), [rules_for("traditional")]).rulings
    assert ruling.outcome == "corrected" and ruling.rules[0] == "seeing.cost_basis"
    assert ruling.owed == {"B": -2}
