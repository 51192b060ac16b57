"""A banking game's settlement (``procedure.bank``: banco, banco-carried, three-card-casino) read in the player's
language: kept on the deal's result as data (who staked what, how each stake fared against the bank's hand, the
Ante Bonus and the Pair Plus paid), told from those data in English, Chinese and Hindi by ``play``, the web table,
``arbitrate`` and the audit; the recorded English reason word for word as before, whatever language is spoken."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Dict, List, Optional

import pytest

from bragrules.core.cards import parse_cards
from bragrules.core.i18n import speaking
from bragrules.core.money import pretty_money
from bragrules.engine.deal import Deal
from bragrules.play.endings import spoken_reason
from bragrules.play.table import Observer, Seat, Table
from bragrules.profile import load_profile, load_profile_text
from bragrules.rules.bank_settled import Settled
from bragrules.rules.compile import Rules, compile_rules

BANKING = ["banco", "banco-carried", "three-card-casino"]
LANGS = ["zh", "hi"]
LATIN = re.compile(r"[A-Za-z]{3,}")
"""An English word: a card is written ``Kc`` or ``10h``, never three letters in a row."""


def _rules(profile: str, bank: Optional[str] = None) -> Rules:
    """A banking profile's rules, or one of its fields changed (``bank``: YAML for ``procedure.bank``)."""
    if bank is None:
        return compile_rules(load_profile(profile))
    return compile_rules(load_profile_text(f"extends: {profile}\nname: {profile}-x\nprocedure: {{bank: {bank}}}\n"))


def _deal(rules: Rules, moves: List[str], centre: Optional[str] = None, **hands: str) -> Deal:
    deal = Deal(rules, list(hands), {p: parse_cards(c) for p, c in hands.items()},
                centre=parse_cards(centre) if centre else None)
    for move in moves:
        deal.apply_text(move)
    assert deal.result is not None and deal.result.bank_settled is not None
    return deal


BANCO = {"A": "Ac Ad 4c", "B": "2c 7h Jd", "C": "Kc Kd 9h", "D": "Ks Kh 9s"}
"""The banker D's kings with a nine: A's aces beat them, B's jack-high loses, C's kings with a nine equal them."""

KINGS = "the banker D holds Ks Kh 9s (pair of kings, nine kicker): "
STAKES = ("A, stake 5: better than the banker's hand, wins 5; B, stake 3: the banker's hand is better; C, stake 2: "
          "equal hands, ")


def _banker_deals(profile: str) -> Dict[str, Deal]:
    """Every way a stake against a banker ends: won, lost, tied (the bank's; and pushed under ``ties: push``), and a
    banco that sits the rest out."""
    three = ["A bet 5", "B bet 3", "C bet 2"]
    return {
        KINGS + STAKES + "the banker wins": _deal(_rules(profile), three, **BANCO),
        KINGS + STAKES + "the stake goes back": _deal(_rules(profile, "{ties: push}"), three, **BANCO),
        KINGS + "A, stake 20: better than the banker's hand, wins 20": _deal(_rules(profile), ["A bet 20"], **BANCO),
    }


def _casino_deals() -> Dict[str, Deal]:
    """Every way a hand ends against the house's dealer: it beats a qualifying dealer, equals it (pushed; and lost
    under ``ties: bank``), loses to it, or folds (with and without a Pair Plus); the dealer does not qualify; the
    Ante Bonus paid (to a hand that lost too); the Pair Plus paid and lost."""
    casino = _rules("three-card-casino")
    qualifying = _deal(casino, ["A pairplus 25", "B pairplus 5", "C pairplus 5", "D check", "E pairplus 5", "F check",
                                "A bet 10", "B fold", "C bet 10", "D fold", "E bet 10", "F bet 10"], centre="Kc 9d 4h",
                       A="7c 7d 7h", B="2c 5d 9s", C="Qc Qd 2h", D="3s 8s Jh", E="Kd 9h 4s", F="Jc 8d 3h")
    unqualified = _deal(casino, ["A pairplus 5", "B pairplus 5", "A bet 10", "B bet 10"], centre="Jc 9d 4h",
                        A="2c 5d 9s", B="3c 3d 8h")
    prial = _deal(casino, ["A pairplus 5", "B check", "A bet 10", "B bet 10"], centre="2h 2d 2s", A="4c 5d 6h",
                  B="Ac Kd 9c")
    tie = _deal(_rules("three-card-casino", "{ties: bank}"), ["A check", "B pairplus 5", "A bet 10", "B fold"],
                centre="Kc 9d 4h", A="Kd 9h 4s", B="2c 5d 9s")
    won, lost = "a better hand than the dealer's: the ante and the Play bet win even money", \
        "the dealer's hand is better: the ante and the Play bet are lost"
    unpaid = "the dealer does not qualify: the ante wins even money, the Play bet is returned"
    return {
        f"the dealer holds Kc 9d 4h (high card, K-9-4): A: played; {won}; the Ante Bonus pays 4 to 1; the Pair Plus "
        f"pays 30 to 1; B: folded, the ante and the Pair Plus lost; C: played; {won}; the Pair Plus pays 1 to 1; D: "
        "folded, the ante lost; E: played; equal to the dealer's hand: the ante and the Play bet are returned; the Pair "
        f"Plus is lost; F: played; {lost}": qualifying,
        f"the dealer holds Jc 9d 4h (high card, J-9-4): A: played; {unpaid}; the Pair Plus is lost; B: played; {unpaid}; "
        "the Pair Plus pays 1 to 1": unqualified,
        f"the dealer holds 2h 2d 2s (three of a kind of twos): A: played; {lost}; the Ante Bonus pays 1 to 1; the Pair "
        f"Plus pays 6 to 1; B: played; {lost}": prial,
        # an equal hand lost under ties: bank was said to be worse ("the dealer's hand is better") before
        "the dealer holds Kc 9d 4h (high card, K-9-4): A: played; equal to the dealer's hand: the ante and the Play bet "
        "are lost; B: folded, the ante and the Pair Plus lost": tie,
    }


def _all_deals() -> Dict[str, Deal]:
    return {**_banker_deals("banco"), **{f"{k} ": v for k, v in _banker_deals("banco-carried").items()},
            **_casino_deals()}


def _net(one: Settled) -> Fraction:
    """A player's net told from the settlement's data alone (not from ``returned``)."""
    if not one.house:
        return {"won": one.stake, "tied_pushed": Fraction(0)}.get(one.outcome, -one.stake)
    if one.outcome == "folded":
        return -(one.stake + one.side)
    main = {"won": 2, "not_qualified": 1, "tied_pushed": 0, "lost": -2, "tied_lost": -2}[one.outcome] * one.stake
    side = one.side_pays * one.side if one.side_pays else -one.side
    return main + one.bonus * one.stake + side


def _amounts(one: Settled) -> List[str]:
    """The amounts a player's settlement names, in order: the stake (twice when won) against a banker; the Ante
    Bonus and the Pair Plus paid (each ``X`` to 1) against the house."""
    if not one.house:
        return [pretty_money(one.stake)] * (2 if one.outcome == "won" else 1)
    return [str(n) for n in (one.bonus, one.side_pays if one.side else 0) if n]


def _named(words: str, player: str) -> List[str]:
    """The amounts ``words`` name, less the player's name and the "to 1" of a pay table (一赔 4, 4 पर 1)."""
    return re.findall(r"\d+", re.sub(r"(?<=\d) (to|पर) 1\b", "", words.replace(player, " ")))


def _latin_left(text: str, names: List[str]) -> List[str]:
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return LATIN.findall(text)


def test_each_kind_of_settlement_is_recorded_as_data_and_the_english_reason_is_as_before() -> None:
    deals = _all_deals()
    seen = set()
    for reason, deal in deals.items():
        result = deal.result
        assert result is not None and result.bank_settled is not None
        assert result.reason == reason.rstrip() and spoken_reason(deal) == result.reason  # as recorded before
        settled = result.bank_settled
        for one in settled.each:
            assert _net(one) == one.net == result.net[one.player], one  # the data tell who won or paid how much
            seen.add((one.house, one.outcome))
            seen |= {("bonus", one.bonus > 0), ("side", one.side_pays > 0 if one.side else None)}
        if settled.banker is not None:  # the banker pays the winners and takes the losers' stakes
            assert result.net[settled.banker] == -sum(one.net for one in settled.each)
        else:  # the house
            assert result.house == -sum(one.net for one in settled.each)
    assert seen >= {(False, "won"), (False, "lost"), (False, "tied_lost"), (False, "tied_pushed"), (True, "won"),
                    (True, "lost"), (True, "tied_lost"), (True, "tied_pushed"), (True, "folded"),
                    (True, "not_qualified"), ("bonus", True), ("side", True), ("side", False)}


@pytest.mark.parametrize("lang", LANGS)
def test_each_kind_of_settlement_is_told_in_chinese_and_hindi_naming_the_players_and_amounts(lang: str) -> None:
    for deal in _all_deals().values():
        result = deal.result
        assert result is not None and result.bank_settled is not None
        recorded = result.reason
        with speaking(lang):
            said = spoken_reason(deal)
            each = [(one, one.said().text()) for one in result.bank_settled.each]
        assert result.reason == recorded  # the record is never touched
        assert not _latin_left(said, list(deal.players)), (lang, said)
        holder = result.bank_settled.banker
        assert holder is None or holder in said
        for one, words in each:
            assert words in said and one.player in words
            assert _named(words, one.player) == _amounts(one), (words, one)  # the amounts the data and English name
            assert _named(one.why, one.player) == _amounts(one)


@pytest.mark.parametrize("lang", LANGS)
def test_a_deal_settled_while_another_language_is_spoken_records_its_reason_in_english(lang: str) -> None:
    """The bank's hand was named in the language spoken when the deal settled (``散牌``): the record is English."""
    english = {reason: deal.result.reason for reason, deal in _all_deals().items() if deal.result is not None}
    with speaking(lang):
        spoken = {reason: deal.result.reason for reason, deal in _all_deals().items() if deal.result is not None}
    assert spoken == english
    assert all(re.fullmatch(r"[ -~]+", reason) for reason in spoken.values())


def test_a_banking_games_ending_in_a_ruling_is_said_in_the_readers_language() -> None:
    from bragrules.arbitrate import arbitrate
    from bragrules.history import parse_sheet

    def ruled(actions: str, dispute: str):  # type: ignore[no-untyped-def]
        sheet = ("format: bragrules-history/1\nprofile: banco\nplayers: [A, B, C, D]\ndealer: D\ndeals:\n"
                 "  - cards: {A: Ac Ad 4c, B: 2c 7h Jd, C: Kc Kd 9h, D: Ks Kh 9s}\n"
                 f"    actions: [{actions}]\n    dispute: {dispute}\n")
        (ruling,) = arbitrate(parse_sheet(sheet, filename="bank.yaml")).rulings
        return ruling

    stake, tie = ruled("A bet 5, B bet 3", "C bet 2"), ruled("A bet 5, B bet 3, C bet 2", "tie")
    assert "each hand was settled against the banker" in stake.next
    assert KINGS + STAKES in tie.next  # the settlement that stands, in English as recorded
    for lang in LANGS:
        with speaking(lang):
            words = [stake.next_text(), tie.next_text(), tie.summary_text()]
        assert all(not _latin_left(w, list("ABCD")) for w in words), (lang, words)
        assert "Ks Kh 9s" in words[1] and all(p in words[1] for p in "ABCD")


class _Ended(Observer):
    def __init__(self) -> None:
        self.deals: List[Deal] = []

    def deal_ended(self, table: Table, deal: Deal, record: object) -> None:  # type: ignore[override]
        self.deals.append(deal)


@pytest.mark.parametrize("seed", [3, 8])
@pytest.mark.parametrize("profile", BANKING)
def test_every_deal_of_a_banking_session_is_told_from_its_data_in_each_language(profile: str, seed: int) -> None:
    ended = _Ended()
    seats = [Seat(name, style) for name, style in zip(("Ada", "Bo", "Cy", "Dot"),
                                                      ("cautious", "loose", "blind_bluffer", "see_happy"))]
    Table.new(load_profile(profile), seats, seed=seed, profile_name=profile, observer=ended, hands=8).run(max_deals=8)
    assert len(ended.deals) == 8
    for deal in ended.deals:
        result = deal.result
        assert result is not None and result.bank_settled is not None and result.ending is not None
        assert result.ending.kind == "bank" and spoken_reason(deal) == result.reason
        named = [one.player for one in result.bank_settled.each]
        for lang in LANGS:
            with speaking(lang):
                said = spoken_reason(deal)
            assert not _latin_left(said, list(deal.players)), (lang, said)
            assert all(name in said for name in named)


def _cli(*args: str, code: int = 0) -> str:
    env = {k: v for k, v in os.environ.items() if k != "BRAGRULES_LANG"}
    env.update({"NO_COLOR": "1", "COLUMNS": "200"})
    done = subprocess.run([sys.executable, "-m", "bragrules_cli.app", *args], capture_output=True, text=True, env=env,
                          timeout=120)
    assert done.returncode == code, done.stderr
    return done.stdout


@pytest.mark.parametrize("lang, profile", [("zh", "three-card-casino"), ("hi", "three-card-casino"), ("zh", "banco"),
                                           ("hi", "banco-carried")])
def test_play_says_the_casinos_bets_and_every_settlement_in_the_language_chosen(lang: str, profile: str) -> None:
    out = _cli("--lang", lang, "play", "-p", profile, "--auto", "--no-explain", "--hands", "4", "--seed", "2", "--log",
               os.devnull)
    lines = [line for line in out.splitlines()[2:] if not re.search(r"[─━┃│]", line)]
    assert not [line for line in lines if _latin_left(line, ["Ada", "Bo", "Cy", "Dot"])], lines
    if profile == "three-card-casino":  # the Play bet and the Pair Plus by their names in the language
        assert any("跟庄注" in line or "प्ले दाँव" in line for line in lines)
        assert any("对子奖励注" in line or "पेयर प्लस" in line for line in lines)


def test_play_in_english_says_each_settlement_without_a_pot_won() -> None:
    """Nobody wins a pot in a banking game: the settlement is said, then what each won or paid (before, a deal the
    house won whole read `` win 65 (...)``)."""
    out = _cli("play", "-p", "three-card-casino", "--auto", "--no-explain", "--hands", "3", "--seed", "2", "--log",
               os.devnull)
    said = [line for line in out.splitlines() if "the dealer holds" in line]
    assert len(said) == 3 and all(line.startswith("the dealer holds") for line in said), said
    assert re.search(r"^this deal: Dot -10  Ada -15  Bo -25  Cy -15$", out, re.M), out


def test_the_audit_cites_a_wrong_net_with_the_settlement_in_the_readers_language(tmp_path: Path) -> None:
    log = tmp_path / "casino.jsonl"
    _cli("play", "-p", "three-card-casino", "--auto", "--no-explain", "--hands", "2", "--seed", "4", "--log", str(log))
    lines = log.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        record = json.loads(line)
        if record.get("type") == "result":
            name = next(p for p, v in record["net"].items() if v > 0)
            record["net"][name] += 1
            lines[i] = json.dumps(record)
            break
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    english = _cli("audit", str(log), code=1).splitlines()
    chinese = _cli("--lang", "zh", "audit", str(log), code=1).splitlines()
    cited = [line for line in english if "net is given as" in line]
    assert len(cited) == 1 and f"({name}: played; " in cited[0], english
    said = [line for line in chinese if "procedure.bank." in line and name in line]
    assert said and f"{name}：跟庄；" in said[0] and "played" not in said[0], chinese


@pytest.mark.parametrize("profile", ["banco", "three-card-casino"])
def test_the_web_tables_feed_says_each_settlement_in_each_readers_language(tmp_path: Path, profile: str) -> None:
    from tests.test_web_feed_languages import english_words, play

    service, token = play(tmp_path, profile)
    names = set(service.places)
    english = service.feed_read_by("Ann", "en")
    ended = [line for line in english if " holds " in line]
    assert ended and all(re.match(r"deal \d+: the (banker \w+|dealer) holds ", line) for line in ended), ended
    assert not [line for line in english if re.match(r"deal \d+: .* wins? [\d½]+ \(", line)], english
    for lang in LANGS:
        spoken = service.feed_read_by("Ann", lang)
        assert len(spoken) == len(english)
        assert not [line for line in spoken if english_words(line, names)], spoken
        with speaking(lang):
            state = service.state(token)
        assert state["last"] is not None and not english_words(state["last"]["why"], names), state["last"]
    records = [json.loads(line) for line in (tmp_path / "table.jsonl").read_text(encoding="utf-8").splitlines()]
    reasons = [r["reason"] for r in records if r.get("type") == "result"]
    assert reasons and all(re.fullmatch(r"[ -~]+", reason) for reason in reasons), reasons
