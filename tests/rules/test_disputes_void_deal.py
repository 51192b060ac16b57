"""disputes.void_deal: a deal declared void for any cause, every stake returned. D02, Teen Patti
(JILI's rules, https://www.mega888.com.ph/game-list/teen-patti-joker-jili/): "PS: Malfunction
voids all pays and plays."

The scenario under standard (three players, ante 1): A bets blind, B looks and bets; the dealer's
machine fails and C declares the deal void. Every ante and bet goes back to whoever paid it, the
same dealer deals again from a shuffled pack, and the void deal is no deal played. Without the
field the declaration is refused by ``disputes.void_deal`` and changes nothing.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.events import Void
from bragrules.engine.session import Session, random_chooser
from bragrules.explainers.explain import explain
from bragrules.explainers.rulebook import build_rulebook, render_text
from bragrules.history import LogWriter, parse_sheet
from bragrules.profile.models import Profile

from ..helpers import deal_with, play, rules_for

HANDS = {"A": "Kc 9c 4c", "B": "5s 6h 7d", "C": "2c 7h Jd"}
VOID = rules_for("standard", disputes={"void_deal": True})


def test_a_void_deal_returns_every_stake() -> None:
    """"Malfunction voids all pays and plays": the antes and both bets go back."""
    deal = play(deal_with(VOID, HANDS), ["A bet 1", "B look", "B bet 2"])
    assert deal.pot == 3 + 1 + 2
    event = deal.apply_text("C void")
    assert event == Void("C")
    result = deal.result
    assert result is not None and result.outcome == "redeal"
    assert result.net == {"A": 0, "B": 0, "C": 0} and result.payouts == {"A": 2, "B": 3, "C": 1}
    assert result.decided_by == ["disputes.void_deal"]
    assert "declared the deal void" in result.reason


def test_without_the_field_a_deal_is_never_void() -> None:
    deal = play(deal_with(rules_for("standard"), HANDS), ["A bet 1"])
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("C void")
    assert refused.value.rule == "disputes.void_deal"
    assert deal.result is None and deal.pot == 4 and deal.to_act == "B"  # nothing changed


def test_a_settled_deal_cannot_be_voided() -> None:
    deal = play(deal_with(VOID, HANDS), ["A look", "A bet 2", "B fold", "C fold"])
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("B void")
    assert refused.value.rule == "deal_over"


def test_the_same_dealer_deals_again_and_the_void_deal_does_not_count() -> None:
    session = Session(VOID, ["A", "B", "C"], seed=7, dealer="C")
    deal = session.start_deal()
    first = deal.order[0]
    session.act(f"{first} bet 1")
    session.act(f"{deal.order[2]} void")
    result = session.finish_deal()
    assert result.outcome == "redeal"
    assert session.state.deals == 0 and session.state.dealt == 1 and session.shuffle_due()
    assert sum(session.balances.values()) == 0 and all(v == 0 for v in session.balances.values())
    again = session.start_deal()
    assert again.order == deal.order  # the same dealer


def test_a_log_with_a_void_deal_audits_clean_and_a_void_under_another_profile_is_a_violation(tmp_path: Path) -> None:
    session = Session(VOID, ["A", "B", "C"], seed=3, dealer="C")
    path = tmp_path / "void.jsonl"
    choose = random_chooser(random.Random(3))
    with LogWriter.for_session(path, session, profile_name="standard"):
        for number in range(4):
            deal = session.start_deal()
            if number == 1:
                session.act(choose(deal))
                session.act(f"{deal.order[1]} void")
            while not deal.is_over:
                session.act(choose(deal))
            session.finish_deal()
    text = path.read_text(encoding="utf-8")
    assert '"outcome":"redeal"' in text and " void\"" in text
    report = audit(str(path))
    assert report.ok, [str(v) for v in report.violations]
    assert [d.outcome for d in report.deals].count("redeal") == 1
    sheet = parse_sheet("players: [A, B, C]\ndealer: C\ndeals:\n"
                        "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd}\n"
                        "    actions: [A bet 1, C void, B look, B bet 2, C fold, A fold]\n", filename="void.yaml")
    assert audit(sheet, VOID).deals[0].outcome == "redeal"
    refused = audit(sheet, rules_for("standard"))
    assert [v.rule for v in refused.violations][0] == "disputes.void_deal"


def test_arbitrate_rules_a_void_and_cites_the_rule() -> None:
    text = ("players: [A, B, C]\ndealer: C\ndeals:\n  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd}\n"
            "    actions: [A bet 1, B look, B bet 2]\n    dispute: C void\n")
    (allowed, refused) = arbitrate(parse_sheet(text, filename="d.yaml"), [VOID, rules_for("standard")]).rulings
    assert allowed.allowed is True and allowed.outcome == "redeal"
    assert allowed.net == {"A": Fraction(0), "B": Fraction(0), "C": Fraction(0)}
    assert "disputes.void_deal" in allowed.rules
    assert refused.allowed is False and refused.rules[0] == "disputes.void_deal"


def test_the_words() -> None:
    profile = Profile.model_validate({"disputes": {"void_deal": True}})
    assert explain("disputes.void_deal", True, profile).startswith("a deal may be declared void for any cause")
    assert "declared void for any cause, such as a malfunction" in render_text(build_rulebook(profile))


def test_the_web_table_offers_the_host_a_void_deal_and_only_the_host_confirms_it(tmp_path: Path) -> None:
    """At the web table the host declares the deal void (a dispute in the dealer's name, ruled as
    arbitrate rules it); a seat cannot confirm it, the host does, and the log audits clean."""
    from bragrules.profile import load_profile_text
    from bragrules.web.service import Refusal, TableService

    profile = load_profile_text("extends: standard\nname: voidable\ndisputes: {void_deal: true}\n")
    service = TableService(profile, "voidable", seats=3, bots=[], seed=11, hands=3,
                           log_path=tmp_path / "table.jsonl", turn_timeout=3600)
    tokens = {name: service.join(name) for name in ["Ann", "Bob", "Cat"]}
    seat_state = service.state(tokens["Ann"])
    assert "void" not in seat_state  # a seat is not offered it
    offered = service.state(None, service.host_token)["void"]
    assert offered["dispute"].endswith(" void")
    ruling = service.dispute(None, offered["dispute"], service.host_token)
    assert ruling.allowed is True and ruling.pending is not None and ruling.pending.kind == "void"
    dealer = ruling.pending.player
    with pytest.raises(Refusal, match="only the host may confirm"):
        service.accept_ruling(tokens[dealer], ruling.number)
    service.accept_ruling(None, ruling.number, service.host_token)
    table = service.table
    assert table is not None and table.session.state.dealt == 1 and table.session.state.deals == 0
    assert all(v == 0 for v in table.session.balances.values())
    service.close()
    assert audit(tmp_path / "table.jsonl").ok
    plain = TableService(load_profile_text("extends: standard\nname: plain\n"), "plain", seats=3, bots=[], seed=11,
                         hands=3, log_path=None, turn_timeout=3600)
    for name in ["Ann", "Bob", "Cat"]:
        plain.join(name)
    assert "void" not in plain.state(None, plain.host_token)


def test_play_offers_the_void_deal_in_its_menu(tmp_path: Path) -> None:
    """At ``play`` the person at the keyboard is the host: the menu offers the void deal, and the
    log it writes audits clean, the void deal returned."""
    from ..test_play_cli import play as play_cli

    profile = tmp_path / "voidable.yaml"
    profile.write_text("extends: standard\nname: voidable\ndisputes: {void_deal: true}\n", encoding="utf-8")
    log = tmp_path / "void.jsonl"
    done = play_cli("--profile", str(profile), "--seed", "3", "--log", str(log), input="void\nq\n")
    assert done.exit_code == 0, done.output
    assert "declare the deal void (a malfunction): every stake returned, dealt again" in done.stdout
    assert "You declare the deal void" in done.stdout
    report = audit(str(log))
    assert report.ok and report.deals[0].outcome == "redeal"
