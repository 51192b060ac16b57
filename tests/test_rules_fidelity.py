"""Rules the three texts state, played exactly: each test quotes the sentence it checks.

000 is the general rules page, 002 the traditional profile text, 003 the
cardgames.zone page (in Chinese).
"""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path
from typing import Dict

import pytest

from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.actions import Action
from bragrules.profile import load_profile

from .helpers import deal_with, rules_for

FOUR = {"A": "Kc 9c 4c", "B": "5s 6h 7d", "C": "2c 7h Jd", "D": "3s 8h Qd"}


def play(deal, actions) -> None:  # type: ignore[no-untyped-def]
    for text in actions:
        deal.apply_text(text)


def ints(values: Dict[str, F]) -> Dict[str, int]:
    return {p: int(v) for p, v in values.items()}


# -- 000: nobody sees a blind player ------------------------------------------


@pytest.mark.parametrize("name", ["standard", "seven-card", "nine-card"])
def test_no_player_may_see_a_blind_player_under_000(name: str) -> None:
    """000: "A player may never see a blind player" and, of Blind Brag, "A blind player cannot
    be seen by another player": two blind players left alone bet on until one looks or folds."""
    rules = rules_for(name)
    assert not rules.seeing.may_see(caller_blind=True, opponent_blind=True)
    assert not rules.seeing.may_see(caller_blind=False, opponent_blind=True)
    hands = {"A": "Kc 9c 4c Ah Ad As 2c", "B": "5s 6h 7d Kh Kd Ks 3c", "C": "2d 7h Jd Qh Qd Qs 4d"}
    if rules.format.cards_dealt == 3:
        hands = {p: " ".join(h.split()[:3]) for p, h in hands.items()}
    if rules.format.cards_dealt == 9:
        hands = {"A": "Kc 9c 4c Ah Ad As 2c 2h 2s", "B": "5s 6h 7d Kh Kd Ks 3c 3h 3s",
                 "C": "2d 7h Jd Qh Qd Qs 4d 4h 4s"}
    deal = deal_with(rules, hands)
    play(deal, ["A bet 1/2", "B bet 1/2", "C fold", "A bet 1/2"])
    assert deal.to_act == "B" and "see" not in {o.kind for o in deal.legal_actions()}
    with pytest.raises(RuleViolation) as refused:
        deal.apply(Action("B", "see", F(1)))
    assert refused.value.rule == "seeing.blind_sees_blind"
    play(deal, ["B bet 1/2", "A look"])
    # A is seen now and B still blind: a seen player may never see a blind one either
    assert not any(o.kind == "see" for o in deal.legal_actions())


def test_002_still_lets_a_blind_player_see_a_blind_player() -> None:
    """002: "Blind against blind: also pay twice the blind rate, which equals the seen level." """
    deal = deal_with(rules_for("traditional"), FOUR)
    play(deal, ["A bet 1", "B bet 1", "C fold", "D fold"])
    see = next(o for o in deal.legal_actions() if o.kind == "see")
    assert see.amount == 2  # twice the blind rate of level 2


# -- 003: pot limit and the fixed limit -------------------------------------------


def test_pot_limit_caps_the_opening_bet_under_the_usual_convention() -> None:
    """003: "底池限注 | 加注最多为底池大小" (pot limit: a raise is at most the pot). Under the usual
    pot-limit convention every bet is, the opening included (``pot_opening: capped``)."""
    rules = rules_for("casual", stakes={"ante": 5, "raise_limit": {"kind": "pot"}})
    deal = deal_with(rules, {"P2": "2c 3c 4d", "P3": "5c 6c 8d", "P4": "4s 6s 9s", "P1": "7h 7d Kc"})
    bet = next(o for o in deal.legal_actions() if o.kind == "bet")
    assert bet.max_amount == 10  # pot 20: a blind opener pays at most half of level 20
    with pytest.raises(RuleViolation) as refused:
        deal.apply(Action("P2", "bet", F(21, 2)))
    assert refused.value.rule == "stakes.raise_limit.pot_opening"
    deal.apply(Action("P2", "bet", F(10)))  # level 20, pot 30: a raise adds at most 30
    assert next(o for o in deal.legal_actions() if o.kind == "bet").max_amount == F(25, 1)  # blind P3: (20+30)/2


def test_pot_limit_opening_free_as_003_words_it() -> None:
    """003's literal words cap only a raise: ``pot_opening: free`` leaves the opening bet free."""
    rules = rules_for("casual", stakes={"ante": 5, "raise_limit": {"kind": "pot", "pot_opening": "free"}})
    deal = deal_with(rules, {"P2": "2c 3c 4d", "P3": "5c 6c 8d", "P4": "4s 6s 9s", "P1": "7h 7d Kc"})
    bet = next(o for o in deal.legal_actions() if o.kind == "bet")
    assert bet.max_amount is None
    deal.apply(Action("P2", "bet", F(100)))


def test_003_fixed_limit_is_a_cap_on_each_raise() -> None:
    """003: "固定限注 | 每次加注有上限" (fixed limit: each raise has an upper limit): a raise may add
    less than the cap, which ``max_increase`` allows and ``fixed`` does not."""
    capped = deal_with(rules_for("casual", stakes={"raise_limit": {"kind": "max_increase", "amount": 10}}), FOUR)
    play(capped, ["A look", "A bet 5", "B look", "B bet 8"])  # +3: under the cap
    with pytest.raises(RuleViolation) as refused:
        capped.apply_text("C look")
        capped.apply_text("C bet 19")  # +11: over the cap
    assert refused.value.rule == "stakes.raise_limit"
    fixed = deal_with(rules_for("casual", stakes={"raise_limit": {"kind": "fixed", "amount": 10}}), FOUR)
    play(fixed, ["A look", "A bet 5", "B look"])
    with pytest.raises(RuleViolation):
        fixed.apply_text("B bet 8")


# -- bonuses when a hand is had -----------------------------------------------------------


def test_a_dealt_bonus_is_paid_even_if_the_holder_folds() -> None:
    """003: "奖励（变体）： 拿到 prial 或同花顺时，其他所有人支付一笔固定奖励" (bonus variant: on getting a
    prial or running flush, everyone else pays a fixed bonus). ``when: dealt`` pays whoever gets
    one; ``when: shown`` only a hand shown at a showdown."""
    hands = {"A": "9h 9d 9c", "B": "5s 6h 7d", "C": "2c 7h Jd"}
    dealt = deal_with(rules_for("casual", session={"bonus": {"prial": 10, "running_flush": 0, "when": "dealt"},
                                                   "bankroll": "unlimited", "starting_stack": 0,
                                                   "end": {"kind": "never"}}), hands)
    play(dealt, ["A look", "A fold", "B look", "B bet 10", "C fold"])
    assert dealt.result is not None and dealt.result.bonuses == {"A": 20, "B": -10, "C": -10}
    shown = deal_with(rules_for("casual", session={"bonus": {"prial": 10, "running_flush": 0, "when": "shown"},
                                                   "bankroll": "unlimited", "starting_stack": 0,
                                                   "end": {"kind": "never"}}), hands)
    play(shown, ["A look", "A fold", "B look", "B bet 10", "C fold"])
    assert shown.result is not None and not any(shown.result.bonuses.values())


def test_the_worked_examples_still_audit_to_the_seeds_nets() -> None:
    """002 section 06: "B wins ... B +9, A -7, C -1, D -1"."""
    data = Path(__file__).parent / "data" / "histories" / "worked_pot.yaml"
    report = audit(data)
    assert report.ok and ints(report.net) == {"A": -7, "B": 9, "C": -1, "D": -1}


# -- shipped profiles for every seed table ---------------------------------------------------


def test_a_shipped_profile_for_every_seed_table() -> None:
    """000 by default ("By default, all players look at their cards"), 000 with Blind Brag,
    002 exactly, and 003's site ("最多对阵五名对手，起始筹码为 500 或 1000，打 8、15 或 30 手")."""
    assert not load_profile("classic").blind.allowed
    assert load_profile("standard").blind.allowed
    assert load_profile("traditional").folding.blind_survivor == "carries"
    casual = load_profile("casual")
    assert (casual.table.min_players, casual.table.max_players) == (2, 6)
    assert casual.session.starting_stack in (500, 1000) and casual.session.end.count in (8, 15, 30)
    for name in ("classic", "standard", "traditional", "casual"):
        source = load_profile(name).source
        assert not source[:3].isdigit(), f"{name}'s source starts with a code, not words: {source}"


# -- the rulebook states the corrected rules ---------------------------------------------------


def _book(name_or_text: str) -> str:
    from bragrules.explainers.rulebook import build_rulebook, render
    from bragrules.profile import load_profile_text

    profile = load_profile(name_or_text) if "\n" not in name_or_text else load_profile_text(name_or_text)
    return " ".join(render(build_rulebook(profile), "text").split())


def test_the_rulebooks_state_the_corrected_rules() -> None:
    """Every shipped profile's rulebook says what its table plays, as corrected here."""
    assert "A blind player may not see a blind player." in _book("standard")
    assert "A blind player may not see a blind player." in _book("classic") or \
        "Blind play is not allowed" in _book("classic")
    assert "or let it go under the pack: it is their choice" in _book("traditional")
    assert "neither deals nor plays: the deal passes to the next player still in" in _book("casual")
    assert "neither deals nor plays" in _book("crash")
    assert "The fold is at once, out of turn" in _book("standard")
    pot = _book("extends: casual\nname: pot\nstakes:\n  raise_limit:\n    kind: pot\n")
    assert "the opening bet is capped too: its level is at most the pot" in pot
    concede = _book("extends: traditional\nname: c\nseeing:\n  concede_unseen: true\n")
    assert "may concede without showing" in concede and "never shown" in concede


# -- in play: the choice is the player's, written to the log, audited ---------------------------


def test_a_person_at_the_table_releases_the_hand_and_the_log_audits(tmp_path: Path) -> None:
    """002 section 05: a blind survivor "may retain that unseen hand". At a table of people, the
    survivor is asked; the answer goes to the log and the audit replays it."""
    from bragrules.play.table import Seat, Table

    def decide(table, deal, player):  # type: ignore[no-untyped-def]
        kinds = {o.kind: o for o in deal.legal_actions()}
        if "release" in kinds:
            return kinds["release"].action()
        if deal.level is None:
            return kinds["bet"].action()  # the first to speak bets blind...
        return kinds["fold"].action()  # ...and everyone else folds

    log = tmp_path / "table.jsonl"
    seats = [Seat("A"), Seat("B"), Seat("C")]
    table = Table.new(load_profile("traditional"), seats, seed=5, profile_name="traditional",
                      log_path=log, decide=decide)
    table.run(max_deals=2)
    if table.log is not None:
        table.log.close()
    records = table.session.records
    assert records and records[0].result.outcome == "carried" and records[0].result.retained == {}
    assert any(a.endswith(" release") for a in records[0].actions)
    assert "release" in log.read_text(encoding="utf-8")
    report = audit(str(log))
    assert report.ok, [str(v) for v in report.violations]


def test_a_conceded_hand_stays_unknown_in_the_log_and_the_log_audits(tmp_path: Path) -> None:
    """A concession at a see shows nothing: the log writes the conceded hand as ?? ?? ??, and
    the audit (and a resumed table) still settle every deal."""
    import json

    from typer.testing import CliRunner

    from bragrules_cli.app import app

    profile = tmp_path / "concede.yaml"
    profile.write_text("extends: traditional\nname: concede\nseeing:\n  concede_unseen: true\n", encoding="utf-8")
    log = tmp_path / "game.jsonl"
    result = CliRunner().invoke(app, ["play", "--auto", "--profile", str(profile), "--seed", "4", "--log", str(log)],
                                env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    conceded = [(e["deal"], e["action"].split()[0]) for e in events
                if e["type"] == "action" and e["action"].endswith(" concede")]
    assert conceded, "seed 4 has a concession"
    for deal, player in conceded:
        cards = next(e for e in events if e["type"] == "cards" and e["deal"] == deal)["cards"]
        assert cards[player] == "?? ?? ??"
    report = audit(str(log))
    assert report.ok and report.ended, [str(v) for v in report.violations]


def test_a_caller_all_in_on_the_see_does_not_take_the_pot_by_having_paid_more() -> None:
    """003: "他付当前注额的两倍，然后双方亮牌 ... 摊牌时牌最好的人 ... 赢得底池" (the caller pays twice the
    current bet, both show, the best hand takes the pot). A caller who goes all in on the see has
    paid more than the opponent only because a see costs double: the better hand still wins it all."""
    rules = rules_for("casual", stakes={"ante": 1})
    deal = deal_with(rules, {"A": "2c 7h Jd", "B": "5s 6h 7d"}, stacks={"A": F(8), "B": F(50)})
    play(deal, ["A look", "A bet 1", "B look", "B bet 3"])
    see = next(o for o in deal.legal_actions() if o.kind == "see")
    assert see.amount == 6 and not see.all_in
    deal.apply_text("A see 6")  # A has 0 left: all in
    assert deal.result is not None and deal.result.winners == ["B"]
    assert deal.result.net == {"A": -8, "B": 8}
