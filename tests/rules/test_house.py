"""The house: a rake from each pot won and a table fee (M05, M06, M07), the house an account of its own.

- M06, https://3pattimaster.com/blog/teen-patti-rake-keep-more-winnings-now: "Percentage of the pot:
  e.g., 5% taken from the pot each hand, often with a cap (maximum amount)"; "If the site charges a 5%
  rake with a cap of ₹50, the house takes ₹50 (5% of ₹1,000 = ₹50). If the pot was ₹200, 5% would be
  ₹10; if the cap is ₹30, the actual rake would be ₹10 because it's under the cap."
- M05, https://www.mega888.com.ph/game-list/teen-patti-joker-jili/: "Rewards = Total Bet + ( Loser's
  Total Bet x 0.95 )"; "When multiple players win: Prize/each winner = Total Bet + [(Loser's Total Bet /
  Winners ) x 0.95]".
- M07, https://scribd.com/document/373977552/Flash (a tournament's table fee paid to the house), and the
  3pattimaster page: "Fixed per-hand fee: a set amount regardless of pot size"; "Tournament entry fee: a
  portion of the buy-in goes to the house rather than the prize pool".

Under ``standard`` (ante 1, blind pays half) with the four hands of the helpers: B's run beats A's flush.
"""

from __future__ import annotations

import io
import json
import random
import tempfile
from fractions import Fraction
from pathlib import Path
from typing import Dict

from hypothesis import given
from hypothesis import strategies as st

from bragrules.audit import audit
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.explainers.rulebook import build_rulebook, render_text
from bragrules.history import read_log
from bragrules.history.log_writer import LogWriter
from bragrules.profile import builtin_names, load_profile, load_profile_text, profile_hash
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules
from bragrules.rules.house import HousePolicy

from ..helpers import FOUR, deal_with, play, rules_for, shipped_profile


def rulebook_text(profile: Profile) -> str:
    return render_text(build_rulebook(profile))

RAKED = "extends: standard\nname: raked\nhouse: {rake: 1/20, rake_cap: 3}\n"
LOSERS = "extends: standard\nname: losers\nhouse: {rake: 1/20, rake_of: losers_stakes}\n"
FEE = "extends: standard\nname: fee\nhouse: {table_fee: 1/2}\n"
SESSION_FEE = "extends: standard\nname: entry\nhouse: {table_fee: 10, table_fee_per: session}\n"
SEEN_GAME = ["A look", "A bet 2", "B look", "B bet 2", "C fold", "D fold", "A see 4"]


def test_the_rake_is_a_share_of_the_pot_won_up_to_the_cap() -> None:
    """M06: "5% taken from the pot each hand, often with a cap (maximum amount)": a pot of 12 gives the
    house 5% of it, ⅗; a pot of 164, whose 5% (8⅕) is above the cap of 3, gives it 3."""
    rules = rules_for("standard", house={"rake": "1/20", "rake_cap": 3})
    small = play(deal_with(rules, FOUR), SEEN_GAME)
    assert small.result is not None
    assert (small.result.pot, small.result.rake) == (12, Fraction(3, 5))
    assert small.result.payouts["B"] == Fraction(57, 5)  # the pot less the rake
    assert small.result.net == {"A": -7, "B": Fraction(42, 5), "C": -1, "D": -1}
    big = play(deal_with(rules, FOUR), ["A look", "A bet 40", "B look", "B bet 40", "C fold", "D fold", "A see 80"])
    assert big.result is not None
    assert (big.result.pot, big.result.rake) == (164, 3)  # "the house takes ₹50": the cap
    assert sum(big.result.net.values()) + big.result.rake == 0


def test_a_rake_of_the_losers_stakes_leaves_the_winners_own_stake_whole() -> None:
    """M05: "Rewards = Total Bet + ( Loser's Total Bet x 0.95 )": B staked 3 (ante and bet), the
    losers 9; B receives 3 + 9 × 0.95."""
    deal = play(deal_with(rules_for("standard", house={"rake": "1/20", "rake_of": "losers_stakes"}), FOUR),
                SEEN_GAME)
    assert deal.result is not None
    assert deal.players["B"].contributed == 3
    assert deal.result.payouts["B"] == 3 + 9 * Fraction(95, 100)
    assert deal.result.rake == Fraction(9, 20)


def test_a_split_pot_shares_the_rake_as_it_shares_the_pot() -> None:
    """M05: "When multiple players win: Prize/each winner = Total Bet + [(Loser's Total Bet / Winners )
    x 0.95]": two equal hands split the pot; each pays half the rake on the losers' stakes."""
    rules = rules_for("standard", seeing={"tie": "split"}, house={"rake": "1/20", "rake_of": "losers_stakes"})
    hands = {"A": "5c 6d 7s", "B": "5s 6h 7d", "C": "2c 7h Jd", "D": "3s 8h Qd"}
    deal = play(deal_with(rules, hands), SEEN_GAME)
    assert deal.result is not None and deal.result.outcome == "split"
    losers = deal.players["C"].contributed + deal.players["D"].contributed
    assert deal.result.rake == Fraction(1, 20) * losers  # 5% of the losers' 2: the winners' 10 not raked
    assert deal.result.payouts["A"] == deal.result.payouts["B"] == (deal.result.pot - deal.result.rake) / 2
    assert sum(deal.result.payouts.values()) + deal.result.rake == deal.result.pot


def test_a_pot_that_carries_is_raked_when_it_is_won_and_a_redeal_is_never_raked() -> None:
    """The rake is taken from a pot won: a pot carried is not raked until it is won; a redeal (every
    stake returned) takes nothing."""
    rules = rules_for("standard", house={"rake": "1/10"})
    everyone_folds = play(deal_with(rules, FOUR), ["A fold", "B fold", "C fold"])
    assert everyone_folds.result is not None
    carried = play(deal_with(rules, FOUR, carried=Fraction(8)), SEEN_GAME)
    assert carried.result is not None and carried.result.pot == 20 and carried.result.rake == 2
    redealt = play(deal_with(rules, FOUR), ["C exposes B", "B redeal"])
    assert redealt.result is not None and redealt.result.outcome == "redeal" and redealt.result.rake == 0


def test_the_table_fee_is_paid_by_every_player_dealt_in_with_each_deal() -> None:
    """3pattimaster: "Fixed per-hand fee: a set amount regardless of pot size": ½ from each of four
    players, every deal, into the house's account; money is conserved with the house counted."""
    session = Session(compile_rules(load_profile_text(FEE)), ["A", "B", "C", "D"], seed=2)
    play_session(session, random_chooser(random.Random(3)), max_deals=5)
    assert session.state.deals == 5
    assert session.house == 5 * 4 * Fraction(1, 2)
    assert sum(session.balances.values()) + session.state.carried + session.house == 0


def test_a_session_fee_is_paid_once_with_the_first_deal() -> None:
    """M07: a tournament's table fee paid to the house: 10 from each player, with the first deal only."""
    session = Session(compile_rules(load_profile_text(SESSION_FEE)), ["A", "B", "C"], seed=2)
    play_session(session, random_chooser(random.Random(3)), max_deals=1)
    assert session.house == 30 and session.last_fees == 30
    play_session(session, random_chooser(random.Random(4)), max_deals=4)
    assert session.house == 30 and session.last_fees == 0
    assert sum(session.balances.values()) + session.state.carried + session.house == 0


def test_with_chips_a_player_pays_no_more_fee_than_they_hold() -> None:
    """With finite bankrolls the fee is at most what a player holds once the deal is settled: nobody
    goes below zero to pay the house."""
    profile = load_profile_text("extends: standard\nname: chips\nsession: {bankroll: finite, starting_stack: 6}\n"
                                "house: {table_fee: 5}\n")
    session = Session(compile_rules(profile), ["A", "B", "C"], seed=1)
    play_session(session, random_chooser(random.Random(1)), max_deals=3)
    assert all(balance >= 0 for balance in session.balances.values())
    assert sum(session.balances.values()) + session.state.carried + session.house == 18


def _write_log(path: Path, text: str, deals: int = 6) -> None:
    profile = load_profile_text(text)
    session = Session(compile_rules(profile), ["A", "B", "C"], seed=7)
    with LogWriter.for_session(path, session):
        play_session(session, random_chooser(random.Random(7)), max_deals=deals)


def test_the_log_records_the_house_take_and_the_audit_checks_it(tmp_path: Path) -> None:
    """A log under a rake writes each deal's rake (and fees); the audit recomputes both, and a wrong one
    is reported under the rule of the field it breaks, on its line."""
    path = tmp_path / "raked.jsonl"
    profile_text = "extends: standard\nname: raked\nhouse: {rake: 1/20, rake_cap: 3, table_fee: 1/2}\n"
    _write_log(path, profile_text)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    results = [line for line in lines if line["type"] == "result"]
    assert all("rake" in r and "table_fee" in r for r in results)
    report = audit(read_log(path))
    assert report.ok, report.violations
    assert report.house is not None and report.house > 0
    assert report.to_json()["house"] == json.loads(json.dumps(report.to_json()["house"]))
    assert sum(report.net.values()) + report.carried + report.house == 0
    first = next(i for i, line in enumerate(lines) if line["type"] == "result")
    lines[first]["rake"] = "1/3"
    lines[first]["table_fee"] = 7
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(line) + "\n" for line in lines))
    found = [(v.rule, v.line) for v in audit(read_log(bad)).violations]
    assert found == [("house.rake", first + 1), ("house.table_fee", first + 1)]


def test_without_a_house_logs_and_hashes_are_as_before(tmp_path: Path) -> None:
    """A profile whose house takes nothing writes no rake, hashes as it did before the house existed,
    and says nothing of a house in its rulebook."""
    path = tmp_path / "plain.jsonl"
    _write_log(path, "extends: standard\nname: plain\n", deals=3)
    results = [json.loads(line) for line in path.read_text().splitlines()[1:] if '"result"' in line]
    assert results and not any("rake" in r or "table_fee" in r for r in results)
    assert audit(read_log(path)).house is None
    standard = load_profile("standard")
    assert profile_hash(standard) == profile_hash(Profile.model_validate(
        {**standard.model_dump(mode="json"), "house": {"rake": None, "table_fee": 0}}))
    assert profile_hash(standard) != profile_hash(load_profile_text(RAKED).model_copy(update={"name": "standard"}))
    assert "house" not in rulebook_text(standard).lower()
    assert "5% of every pot won, at most 3 a deal" in rulebook_text(load_profile_text(RAKED))


def test_the_money_unit_covers_the_rake() -> None:
    """The rake is exact, never rounded: the money unit is made fine enough for a 5% rake of any pot."""
    assert compile_rules(load_profile("standard")).money_denominator == 2
    assert compile_rules(load_profile_text(RAKED)).money_denominator == 40
    assert compile_rules(load_profile_text(LOSERS)).money_denominator == 40


@given(
    st.lists(st.integers(min_value=0, max_value=500), min_size=1, max_size=5),
    st.lists(st.integers(min_value=0, max_value=100), min_size=1, max_size=5),
    st.fractions(min_value=Fraction(1, 100), max_value=1, max_denominator=100),
    st.one_of(st.none(), st.integers(min_value=1, max_value=200)),
    st.booleans(),
)
def test_the_rake_never_makes_or_loses_money(pots: list, stakes: list, share: Fraction, cap: object,
                                             of_losers: bool) -> None:
    """For random pots, stakes and shares: what the house takes plus what the players are paid is the pot;
    the rake is never negative, never above the cap, never above the share of what it is a share of."""
    from bragrules.engine.rake import rake_payouts

    policy = HousePolicy(share, of_losers, None if cap is None else Fraction(cap), Fraction(0), False)
    names = [f"P{i}" for i in range(len(pots))]
    payouts: Dict[str, Fraction] = {n: Fraction(v) for n, v in zip(names, pots)}
    staked = {n: Fraction(stakes[i % len(stakes)]) if payouts[n] else Fraction(0) for i, n in enumerate(names)}
    before = dict(payouts)
    rake = rake_payouts(policy, payouts, sum(staked.values(), Fraction(0)))
    total = sum(before.values(), Fraction(0))
    assert sum(payouts.values(), Fraction(0)) + rake == total
    assert rake >= 0 and (cap is None or rake <= cap)
    base = total - sum(staked.values(), Fraction(0)) if of_losers else total
    assert rake <= max(base, Fraction(0)) * share
    assert all(payouts[n] >= 0 for n in names)


@given(st.integers(min_value=0, max_value=10_000), st.sampled_from(["1/20", "1/40", "3/100", "1/3", "1"]),
       st.sampled_from(["pot", "losers_stakes"]), st.sampled_from([None, 2, 5]), st.sampled_from([0, "1/2", 1]))
def test_a_session_under_any_house_conserves_money(seed: int, share: str, of: str, cap: object, fee: object) -> None:
    """Sessions of random legal play under random houses: balances, the pot carried and the house's
    account always add up to what the players started with."""
    profile = Profile.model_validate({**load_profile("standard").model_dump(mode="json"),
                                      "house": {"rake": share, "rake_of": of, "rake_cap": cap, "table_fee": fee}})
    session = Session(compile_rules(profile), ["A", "B", "C"], seed=seed)
    play_session(session, random_chooser(random.Random(seed)), max_deals=4)
    assert sum(session.balances.values()) + session.state.carried + session.house == 0
    assert session.house == sum((r.result.rake for r in session.records), Fraction(0)) + \
        session.state.deals * 3 * Fraction(fee)


def test_the_web_tables_last_deal_panel_shows_the_house_take() -> None:
    """The web table's last deal says what the house took from it (rake, fees) and in all; a table with
    no house sends nothing of the kind."""
    from bragrules.web.service import TableService

    def first_deal(profile: Profile) -> TableService:
        service = TableService(profile, profile.name, seats=3, bots=["cautious"], seed=9, hands=2)
        ann = service.join("Ann")
        service.start(service.host_token)
        while service.last is None:
            deal = service.deal
            assert deal is not None and deal.to_act == "Ann"
            sent = service.state(ann)
            option = next(o for o in sent["view"]["legal"] if o["kind"] == "fold")
            service.act(ann, {"kind": option["kind"], "turn": sent["turn"]})
        return service

    raked = first_deal(load_profile_text("extends: standard\nname: raked\nhouse: {rake: 1/10, table_fee: 1}\n"))
    assert raked.last is not None and raked.table is not None
    house = raked.last["house"]
    session = raked.table.session
    assert house["table_fee"] == 3 and house["total"] == json.loads(json.dumps(house["total"]))
    assert Fraction(str(house["total"])) == session.house == session.records[0].result.rake + 3
    plain = first_deal(load_profile("standard"))
    assert plain.last is not None and "house" not in plain.last


def test_an_audit_in_blocks_counts_the_house_as_one_process_does(tmp_path: Path) -> None:
    """``audit --workers``: each block's take of the house adds up to the whole session's, a fee paid once a
    session is not charged again at the start of every block, and a wrong rake is found wherever it is."""
    path = tmp_path / "long.jsonl"
    _write_log(path, "extends: standard\nname: entry\nhouse: {rake: 1/20, table_fee: 5, table_fee_per: session}\n",
               deals=120)
    whole = audit(read_log(path), keep_deals=False)
    blocks = audit(read_log(path), keep_deals=False, workers=2, block_bytes=6_000)
    assert whole.ok and blocks.ok, (whole.violations, blocks.violations)
    assert whole.house is not None and whole.house == blocks.house
    assert whole.net == blocks.net
    assert sum(whole.net.values()) + whole.carried + whole.house == 0
    lines = path.read_text().splitlines()
    last = max(i for i, line in enumerate(lines) if '"type":"result"' in line and '"rake":0,' not in line)
    record = json.loads(lines[last])
    record["rake"] = "1/7"
    lines[last] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n")
    wrong = audit(read_log(path), keep_deals=False, workers=2, block_bytes=6_000)
    assert [(v.rule, v.line) for v in wrong.violations] == [("house.rake", last + 1)]


MONEY_GAMES = sorted(name for name in builtin_names()
                     if (shipped_profile(name).format.betting or shipped_profile(name).stakes.ante)
                     and shipped_profile(name).format.life_stake is None)
"""The shipped profiles where money changes hands (the pot of lives of ``format.life_stake`` is an account of
its own, left out)."""


@st.composite
def housed_profiles(draw: st.DrawFn) -> Profile:
    """A shipped money game under a house that takes a rake, a table fee or both (``joker`` also as shipped),
    with unlimited or finite bankrolls."""
    name = draw(st.sampled_from(MONEY_GAMES))
    data = load_profile(name).model_dump(mode="json")
    if not (name == "joker" and draw(st.booleans())):
        rake = draw(st.sampled_from([None, "1/20", "1/10", "1/3"]))
        fee = draw(st.sampled_from([0, "1/2", 1, 3]) if rake is not None else st.sampled_from(["1/2", 1, 3]))
        data["house"] = {"rake": rake, "rake_of": draw(st.sampled_from(["pot", "losers_stakes"])),
                         "rake_cap": draw(st.sampled_from([None, 2])), "table_fee": fee,
                         "table_fee_per": draw(st.sampled_from(["deal", "session"]))}
    # side pots, a banking game (procedure.bank) and an ante set by a turned card (procedure.ante_card) play
    # with unlimited bankrolls only
    if data["pots"] == Profile().pots.model_dump(mode="json") and data["procedure"]["bank"]["kind"] is None \
            and data["procedure"].get("ante_card", "none") == "none" and draw(st.booleans()):
        data["session"]["bankroll"] = "finite"
        ante = Fraction(str(data["stakes"]["ante"])) or 1
        data["session"]["starting_stack"] = str(ante * draw(st.sampled_from([3, 8, 30])))
    return Profile.model_validate(data)


@given(housed_profiles(), st.integers(min_value=0, max_value=10_000))
def test_every_net_includes_the_house_take(profile: Profile, seed: int) -> None:
    """Over the shipped money games under a house: each deal's nets include the house's take, so a deal's
    nets, its rake and its table fees add up to the change in the pot carried (to nothing when no pot carries);
    each fee is in its player's net; the deals' nets add up to each player's net for the session; and the log
    says the same nets and fees the audit replays."""
    rules = compile_rules(profile)
    count = max(3, profile.table.min_players)
    names = ["A", "B", "C", "D", "E", "F", "G", "H"][:min(count, profile.table.max_players)]
    out = io.StringIO()
    session = Session(rules, names, seed=seed)
    with LogWriter.for_session(out, session, profile_name=profile.name):
        play_session(session, random_chooser(random.Random(seed)), max_deals=5)
    totals = {p: Fraction(0) for p in names}
    house = Fraction(0)
    for record in session.records:
        result = record.result
        fees = result.fees or {}
        # the house's bank (procedure.bank, kind: house) is the house's account too: what its dealer won
        assert sum(result.net.values()) + result.rake + result.table_fee + result.house \
            == record.carried_in - result.carried_out
        assert result.table_fee == sum(fees.values(), Fraction(0))
        assert set(fees) <= set(result.net) and all(0 <= fee <= profile.house.table_fee for fee in fees.values())
        for p, amount in result.net.items():
            totals[p] += amount
        house += result.rake + result.table_fee + result.house
    assert totals == session.net()
    assert house == session.house
    results = [line for line in map(json.loads, out.getvalue().splitlines()) if line["type"] == "result"]
    assert [{p: Fraction(str(v)) for p, v in line["net"].items()} for line in results] == \
        [r.result.net for r in session.records]
    assert all(("fees" in line) == bool(profile.house.table_fee) for line in results)
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "housed.jsonl"
        log.write_text(out.getvalue(), encoding="utf-8")
        report = audit(read_log(log))
    assert report.ok, report.violations
    assert report.net == session.net() and report.house == session.house
    assert [row.net for row in report.deals] == [r.result.net for r in session.records]


OLD_FEES_LOG = Path(__file__).resolve().parent.parent / "data" / "histories" / "table_fee_before_nets_held_it.jsonl"


def test_a_log_from_before_the_nets_held_the_fees_audits_as_before() -> None:
    """A log written while the table fee was left out of each deal's net (its result lines have a
    ``table_fee`` and no ``fees``): it still audits clean, its nets read as nets before the fees, and the
    audit's rows give each deal's net with the fee in it."""
    lines = [json.loads(line) for line in OLD_FEES_LOG.read_text(encoding="utf-8").splitlines()]
    results = [line for line in lines if line["type"] == "result"]
    assert results and all("table_fee" in line and "fees" not in line for line in results)
    report = audit(read_log(OLD_FEES_LOG))
    assert report.ok and report.notes == [], (report.violations, report.notes)
    first = results[0]
    row = report.deals[0]
    assert first["table_fee"] == 3 and row.net == {p: Fraction(str(v)) - 1 for p, v in first["net"].items()}
    assert sum(report.net.values()) + report.carried + report.house == 0
    assert report.net == {p: sum((d.net.get(p, Fraction(0)) for d in report.deals), Fraction(0)) for p in report.net}


def test_a_new_log_writes_each_fee_and_its_nets_after_it(tmp_path: Path) -> None:
    """A log now writes each player's fee (``fees``) and every net after it; a net written before the
    fee in such a log is wrong (``history.result``), and a wrong fee is ``house.table_fee``."""
    path = tmp_path / "fees.jsonl"
    _write_log(path, "extends: standard\nname: fee\nhouse: {table_fee: 1/2}\n", deals=2)
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    first = next(i for i, line in enumerate(lines) if line["type"] == "result")
    assert lines[first]["fees"] == {"A": "1/2", "B": "1/2", "C": "1/2"} and lines[first]["table_fee"] == "3/2"
    assert sum(Fraction(str(v)) for v in lines[first]["net"].values()) == -Fraction(3, 2) - lines[first]["carried_out"]
    assert audit(read_log(path)).ok
    before = [dict(line) for line in lines]
    before[first]["net"] = {p: str(Fraction(str(v)) + Fraction(1, 2)) for p, v in lines[first]["net"].items()}
    path.write_text("".join(json.dumps(line) + "\n" for line in before), encoding="utf-8")
    assert {(v.rule, v.line) for v in audit(read_log(path)).violations} == {("history.result", first + 1)}
    wrong = [dict(line) for line in lines]
    wrong[first]["fees"] = {"A": 1, "B": "1/2", "C": "1/2"}
    path.write_text("".join(json.dumps(line) + "\n" for line in wrong), encoding="utf-8")
    found = [(v.rule, v.line, v.message) for v in audit(read_log(path)).violations]
    assert found == [("house.table_fee", first + 1, "A's table fee is given as 1; replayed, A paid ½")]
