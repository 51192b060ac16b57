"""Banking games (``procedure.bank``): scenario tests from the pages' words and pay tables.

Banco (adpoker.fr, "La banque"): "Il a le droit de jouer à lui seul tout ce que le banquier a mis sur la
table. Les gagnants prélèvent l'enjeu qu'ils ont fait. Les perdants versent l'enjeu qu'ils ont également
fait." The casino's three-card game (palacasino.com, "Three Card Poker"): the Play bet equal to the ante, a
dealer qualifying with queen-high, the Ante Bonus (5, 4, 1 to 1) and the Pair Plus (40, 30, 6, 4, 1 to 1).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Dict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.deal import Deal
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.profile import load_profile
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules

CASINO = compile_rules(load_profile("three-card-casino"))
BANCO = compile_rules(load_profile("banco"))


def _casino(dealer: str, **hands: str) -> Deal:
    """A deal of the casino game: the players' hands, the dealer's three cards as the centre; each player stakes
    the least Pair Plus, 5 (``procedure.bank.pair_plus_max``: the player's choice)."""
    deal = Deal(CASINO, list(hands), {p: parse_cards(c) for p, c in hands.items()}, centre=parse_cards(dealer))
    for player in hands:
        deal.apply_text(f"{player} pairplus 5")
    return deal


def _nets(deal: Deal) -> Dict[str, int]:
    assert deal.result is not None
    return {p: int(v) for p, v in deal.result.net.items()}


# ---------------------------------------------------------------------------
# The casino game: ante 10, Pair Plus 5
# ---------------------------------------------------------------------------


def test_the_casino_ranking_puts_the_straight_above_the_flush_and_a23_lowest() -> None:
    comparer = CASINO.comparer
    assert comparer.versus(parse_cards("4c 5d 6h"), parse_cards("Ks 9s 2s")) == 1  # straight over flush
    assert comparer.versus(parse_cards("4c 5c 6c"), parse_cards("Ac Ad Ah")) == 1  # straight flush over trips
    assert comparer.versus(parse_cards("Ac 2d 3h"), parse_cards("2c 3d 4h")) == -1  # "Ace is high except in 3-2-A"
    assert comparer.category(parse_cards("Qc Kd Ah")) == "run"


def test_a_prial_wins_both_bets_and_both_bonuses() -> None:
    """7-7-7 against a qualifying K-9-4: ante and play even money (+20), Ante Bonus 4 to 1 (+40), Pair Plus
    30 to 1 (+150)."""
    deal = _casino("Kc 9d 4h", A="7c 7d 7h", B="2c 5d 9s")
    deal.apply_text("A bet 10")
    deal.apply_text("B fold")
    assert _nets(deal) == {"A": 210, "B": -15}
    assert deal.result.house == Fraction(-195)
    assert "procedure.bank.ante_bonus" in deal.result.decided_by
    assert "procedure.bank.pair_plus_pays" in deal.result.decided_by


def test_a_dealer_who_does_not_qualify_pays_the_ante_and_returns_the_play() -> None:
    """"If Dealer Does Not Qualify: Win Ante bet. Play bet is a push": J-9-4 is below queen-high."""
    deal = _casino("Jc 9d 4h", A="2c 5d 9s", B="3c 3d 8h")
    deal.apply_text("A bet 10")
    deal.apply_text("B bet 10")
    assert _nets(deal) == {"A": 10 - 5, "B": 10 + 5}  # the ante won; the Pair Plus lost by A, paid 1 to 1 to B
    assert "procedure.bank.qualify" in deal.result.decided_by


def test_a_qualifying_dealer_takes_both_bets_of_a_worse_hand_and_ties_push() -> None:
    deal = _casino("Qc 9d 4h", A="Jc 9s 4d", B="Qd 9h 4c")
    deal.apply_text("A bet 10")
    deal.apply_text("B bet 10")
    assert _nets(deal) == {"A": -25, "B": -5}  # B ties: the ante and the play pushed, the Pair Plus lost
    assert "procedure.bank.ties" in deal.result.decided_by


def test_the_dealer_always_plays_without_a_qualifier() -> None:
    rules = compile_rules(Profile.model_validate({**_casino_data(), "procedure": {"bank": {
        "kind": "house", "ties": "push"}}}))
    deal = Deal(rules, ["A", "B"], {"A": parse_cards("2c 5d 9s"), "B": parse_cards("2d 5h 8s")},
                centre=parse_cards("Jc 9d 4h"))
    deal.apply_text("A bet 10")
    deal.apply_text("B bet 10")
    assert _nets(deal) == {"A": -20, "B": -20}  # the J-9-4 plays and beats both


def test_the_play_bet_equals_the_ante_and_nothing_else_is_allowed() -> None:
    deal = _casino("Kc 9d 4h", A="7c 7d 7h", B="2c 5d 9s")
    before = deal.legal_actions()
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("A bet 20")
    assert refused.value.rule == "stakes.ante"
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("A see 10")
    assert refused.value.rule == "procedure.bank.kind"
    assert deal.legal_actions() == before and deal.to_act == "A"


def test_the_dealers_cards_stay_face_down_until_the_settlement() -> None:
    deal = _casino("Kc 9d 4h", A="7c 7d 7h", B="2c 5d 9s")
    assert deal.view("A").centre == ()
    deal.apply_text("A bet 10")
    deal.apply_text("B fold")
    assert deal.view("B").centre == tuple(parse_cards("Kc 9d 4h"))


def _casino_data() -> dict:
    return {"stakes": {"ante": 10}, "blind": {"allowed": False}}


# ---------------------------------------------------------------------------
# Banco: a bank of 20, the least stake 1
# ---------------------------------------------------------------------------


def _banco(rules=BANCO, **hands: str) -> Deal:
    return Deal(rules, list(hands), {p: parse_cards(c) for p, c in hands.items()})


def test_each_stake_is_settled_against_the_banker_alone() -> None:
    """"Les gagnants prélèvent l'enjeu qu'ils ont fait. Les perdants versent l'enjeu": D, dealing last, banks."""
    deal = _banco(A="Ac Ad 4c", B="2c 7h Jd", C="Kc Qd 2s", D="Kh Kd 9s")
    for text in ("A bet 5", "B bet 3", "C bet 1"):
        deal.apply_text(text)
    assert _nets(deal) == {"A": 5, "B": -3, "C": -1, "D": -1}
    assert deal.result.ending.kind == "bank" and deal.result.house == 0


def test_a_banco_stakes_the_whole_bank_and_the_others_sit_out() -> None:
    """"Il a le droit de jouer à lui seul tout ce que le banquier a mis sur la table"."""
    deal = _banco(A="Ac Ad 4c", B="2c 7h Jd", C="Kc Qd 2s", D="Kh Kd 9s")
    deal.apply_text("A bet 20")
    assert deal.is_over and _nets(deal) == {"A": 20, "B": 0, "C": 0, "D": -20}


def test_no_banco_caps_the_first_stake_below_the_whole_bank() -> None:
    data = load_profile("banco").model_dump(mode="json")
    data["procedure"]["bank"]["banco"] = False
    deal = _banco(compile_rules(Profile.model_validate(data)), A="Ac Ad 4c", B="2c 7h Jd", D="Kh Kd 9s")
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("A bet 20")
    assert refused.value.rule == "procedure.bank.banco"
    assert [(o.amount, o.max_amount) for o in deal.legal_actions()] == [(1, 19)]


def test_equal_hands_go_to_the_banker_and_stakes_stay_within_the_bank() -> None:
    """"à points égaux, le banquier bénéficie"."""
    deal = _banco(A="Kc Qd 9h", B="2c 7h Jd", D="Ks Qh 9c")
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("A bet 21")
    assert refused.value.rule == "procedure.bank.kind"
    with pytest.raises(RuleViolation) as refused:
        deal.apply_text("A bet 0")
    assert refused.value.rule == "procedure.bank.min_stake"
    deal.apply_text("A bet 19")
    assert [(o.amount, o.max_amount) for o in deal.legal_actions()] == [(1, 1)]
    deal.apply_text("B bet 1")
    assert _nets(deal) == {"A": -19, "B": -1, "D": 20}
    assert "procedure.bank.ties" in deal.result.decided_by


def test_a_banking_game_refuses_what_it_cannot_play() -> None:
    with pytest.raises(ValueError, match="procedure.bank"):
        Profile.model_validate({"procedure": {"bank": {"kind": "house", "ante_bonus": {"straight": 1}}},
                                "stakes": {"ante": 1}})
    with pytest.raises(ValueError, match="session.bankroll"):
        Profile.model_validate({"procedure": {"bank": {"kind": "banker", "bank": 5}},
                                "session": {"bankroll": "finite", "starting_stack": 100}})


# ---------------------------------------------------------------------------
# Money: the house is an account outside the table
# ---------------------------------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), name=st.sampled_from(["banco", "three-card-casino"]))
def test_money_is_conserved_with_the_house_as_an_account(seed: int, name: str) -> None:
    """The players' balances and the house's account add up to nothing after every deal: in Banco the banker
    is a player, so the house stays at 0; in the casino game the house's money is what its dealer won from the
    antes, Play bets and Pair Plus bets, less what it paid out at even money and by the pay tables."""
    session = Session(compile_rules(load_profile(name)), ["A", "B", "C"], seed=seed)
    play_session(session, random_chooser(random.Random(seed)), max_deals=6)
    assert sum(session.balances.values()) + session.house == 0
    if name == "banco":
        assert session.house == 0


# ---------------------------------------------------------------------------
# The commands: play, audit, arbitrate, the web table
# ---------------------------------------------------------------------------


def test_play_against_the_house_keeps_the_dealers_cards_face_down_and_the_audit_cites_the_pay_table(
        tmp_path, capsys, monkeypatch) -> None:
    """A person plays the casino game in the terminal (play or fold); the log audits clean, and a net written
    wrong is refused under the rule of that player's settlement, with the settlement in words."""
    from ..helpers import run_cli

    script = tmp_path / "moves.txt"
    script.write_text("pairplus 5\nbet 10\ncheck\nfold\nq\n", encoding="utf-8")
    log = tmp_path / "casino.jsonl"
    code, out, err = run_cli(capsys, monkeypatch, "play", "--profile", "three-card-casino", "-n", "3", "--seed", "4",
                             "--script", str(script), "--log", str(log))
    assert code == 0, err
    assert "The dealer's cards: ?? ?? ??" in out and "the dealer holds" in out
    code, out, err = run_cli(capsys, monkeypatch, "audit", str(log))
    assert code == 0 and "every claim matches" in out
    lines = log.read_text(encoding="utf-8").splitlines()
    import json

    for i, line in enumerate(lines):
        record = json.loads(line)
        if record.get("type") == "result":
            name = next(p for p, v in record["net"].items() if v > 0)
            record["net"][name] = record["net"][name] + 1
            lines[i] = json.dumps(record)
            break
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run_cli(capsys, monkeypatch, "audit", str(log))
    assert code != 0
    assert "procedure.bank." in out and f"{name}'s net is given as" in out and "played;" in out


def test_arbitrate_rules_a_stake_against_the_bank() -> None:
    from bragrules.arbitrate import arbitrate
    from bragrules.history import parse_sheet

    def ruled(dispute: str):
        text = ("format: bragrules-history/1\nprofile: banco\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
                "  - cards: {A: Ac Ad 4c, B: 2c 7h Jd, C: Kc Qd 2s, D: Kh Kd 9s}\n"
                f"    actions: [A bet 5, B bet 3]\n    dispute: {dispute}\n")
        (ruling,) = arbitrate(parse_sheet(text, filename="banco.yaml"), []).rulings
        return ruling

    refused = ruled("C bet 15")
    assert refused.allowed is False and "only 12 of the bank is left uncovered" in refused.to_json()["summary"]
    allowed = ruled("C bet 12")
    assert allowed.allowed is True
    paths = [d["path"] for d in allowed.to_json()["details"]]
    assert "procedure.bank.min_stake" in paths and "stakes.raise_limit.kind" not in paths
    assert {p: int(v) for p, v in allowed.net.items()} == {"A": 5, "B": -3, "C": -12, "D": 10}


def test_the_web_table_serves_a_bank_put_up_each_deal_and_one_carried_between_deals(tmp_path) -> None:
    from bragrules.web.service import TableService

    served = TableService(load_profile("banco"), "banco", seats=3, bots=[], seed=1, log_path=tmp_path / "t.jsonl")
    assert served.profile.procedure.bank.kind == "banker"
    carried = TableService(load_profile("banco-carried"), "banco-carried", seats=3, bots=[], seed=1,
                           log_path=tmp_path / "c.jsonl")
    assert carried.profile.procedure.bank.carry and carried.bank_asked() is None, "nobody is asked before a deal"


# ---------------------------------------------------------------------------
# The Pair Plus, each player's choice (procedure.bank.pair_plus_max)
# ---------------------------------------------------------------------------


def _unchosen(dealer: str, **hands: str) -> Deal:
    return Deal(CASINO, list(hands), {p: parse_cards(c) for p, c in hands.items()}, centre=parse_cards(dealer))


def test_each_player_chooses_a_pair_plus_before_looking_and_it_is_its_own_event() -> None:
    """palacasino.com: "Players may choose to wager on the Pair Plus bet": A stakes 25 on a pair (1 to 1), B
    none; nobody has looked until every Pair Plus is chosen."""
    deal = _unchosen("Kc 9d 4h", A="7c 7d 2h", B="2c 5d 9s")
    assert [(o.kind, o.amount, o.max_amount) for o in deal.legal_actions()] == [
        ("pairplus", 5, 25), ("check", None, None)]
    assert deal.view("A").hand is None and not any(e.kind == "look" for e in deal.events)
    deal.apply_text("A pairplus 25")
    deal.apply_text("B check")
    sides = [(e.player, e.amount) for e in deal.events if e.kind == "pair_plus"]
    assert sides == [("A", 25), ("B", 0)] and not [e for e in deal.events if e.kind == "ante" and e.amount != 10]
    assert deal.view("A").hand is not None and deal.to_act == "A"
    deal.apply_text("A bet 10")
    deal.apply_text("B bet 10")
    assert _nets(deal) == {"A": 45, "B": -20}  # A: ante and play +20, Pair Plus +25; B: ante and play lost


def test_a_pair_plus_outside_the_tables_limits_is_refused_naming_the_limit() -> None:
    deal = _unchosen("Kc 9d 4h", A="7c 7d 2h", B="2c 5d 9s")
    for text, rule in [("A pairplus 3", "procedure.bank.pair_plus"), ("A pairplus 30", "procedure.bank.pair_plus_max"),
                       ("A bet 10", "procedure.bank.pair_plus_max"), ("A fold", "procedure.bank.pair_plus_max")]:
        with pytest.raises(RuleViolation) as refused:
            deal.apply_text(text)
        assert refused.value.rule == rule and not deal.actions and deal.pot == 20


def test_a_compulsory_pair_plus_is_placed_for_everyone_as_its_own_event() -> None:
    """``pair_plus_max: 0``: every player places exactly ``pair_plus`` with the ante, as the profile shipped first."""
    data = load_profile("three-card-casino").model_dump(mode="json")
    data["procedure"]["bank"]["pair_plus_max"] = 0
    rules = compile_rules(Profile.model_validate(data))
    deal = Deal(rules, ["A", "B"], {"A": parse_cards("7c 7d 7h"), "B": parse_cards("2c 5d 9s")},
                centre=parse_cards("Kc 9d 4h"))
    assert [(e.kind, e.amount) for e in deal.events if e.kind in ("ante", "pair_plus")] == [
        ("ante", 10), ("ante", 10), ("pair_plus", 5), ("pair_plus", 5)]
    assert [o.kind for o in deal.legal_actions()] == ["bet", "fold"]


def test_bots_choose_their_pair_plus_and_play_audits(tmp_path) -> None:
    from bragrules.audit import audit
    from bragrules.history import read_log
    from bragrules.history.log_writer import LogWriter
    from bragrules.play.bots import make_bot

    session = Session(CASINO, ["A", "B", "C"], seed=9)
    bots = {p: make_bot("cautious", random.Random(i)) for i, p in enumerate(session.players)}
    path = tmp_path / "bots.jsonl"
    with LogWriter.for_session(path, session):
        play_session(session, lambda deal: bots[deal.to_act].choose(deal.view(deal.to_act)), max_deals=8)
    chosen = [a for r in session.records for a in r.actions if " pairplus " in a or a.endswith(" check")]
    assert len(chosen) == 24 and any(a.endswith(" check") for a in chosen) and any("pairplus" in a for a in chosen)
    assert audit(read_log(path)).ok


def test_a_carried_bank_is_said_to_be_kept_from_deal_to_deal_not_put_up_each_deal() -> None:
    """ADPOKER: the banker keeps the bank over several deals; only a bank put up afresh is "each deal"."""
    from bragrules.rules.bank import kind

    carried, fresh = kind(load_profile("banco-carried")), kind(load_profile("banco"))
    assert "keeps it from deal to deal" in carried and "each deal" not in carried.replace("deal to deal", "")
    assert "puts up 20 each deal" in fresh
