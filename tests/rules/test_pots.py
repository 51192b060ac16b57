"""Several pots in one deal (X04, X21, N05): a pot for each hand, the best card, the pips nearest 31.

- X04, https://3cardbrag.me.uk/2010/11/13/brag-game-variants/: "Nine card brag – Players are dealt nine
  cards to make three hands. Four antes are paid to create four pots, one for each hand plus a main pot.
  The winner of each hand takes a pot and if one player wins all three hands they win the fourth pot, if
  all three hands aren't won by one player the fourth pot carries over to the next round."
- X21, http://www.maximapedia.com/b/brag.html: "Each player receives three cards and puts up three
  stakes. The last round is dealt face upwards: the holder of the highest card irrespective of suits wins
  the first stake from all the players. In the case of equality the elder hand wins, but the ace of
  diamonds is always a winning card. For the second stake the players brag or bet against each other
  ... The third stake is won by the player whose cards make 31 or are nearest to 31 by their pips, aces
  and court counting ten; but the ace may by arrangement count as 1 or 11."
- X21, http://www.childrensnursery.org.uk/hoyles-games/hoyle-games%20-%200341.htm: "the best card,
  reckoning from ace downwards, amongst those so turned up, wins the first stake ; if two or more
  superior cards of a sort be turned up, the eldest hand always, of course, has the preference, except in
  case of the ace of diamonds, which at this part of the game takes place of every other."
- X21, https://thealmanach.ru/en/game/3-card-brag-karty-dengi-pravila-kartochnaya-igra-breg-pravila-igry-pochemu.html:
  "3 different bets are made ... the third card is revealed, and the first bet is received by the one who
  has the highest card. The second bet belongs to the one who has better cards, as in a regular brag."
- N05, maximapedia: "If one player wins all three stakes, he may receive the value of another stake, or
  of two or three stakes, all round, as arranged."
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from bragrules.audit import audit
from bragrules.core.errors import RuleViolation
from bragrules.engine.session import Session, play_session, random_chooser
from bragrules.history import read_log
from bragrules.history.log_writer import LogWriter
from bragrules.profile import load_profile, load_profile_text, profile_hash
from bragrules.profile.errors import ProfileError
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules

from ..helpers import deal_with, play, rules_for

NINE = {"A": "Ah Ad Ac Ks Qs Js 2c 2d 5h", "B": "Kh Kd Kc As Ts 3s 4c 4d 7h", "C": "3c 3d 3h 9s 8s 7s 6c 6d 8h"}
ARRANGED = ["A arrange Ah Ad Ac | Ks Qs Js | 2c 2d 5h", "B arrange Kh Kd Kc | As Ts 3s | 4c 4d 7h",
            "C arrange 3c 3d 3h | 9s 8s 7s | 6c 6d 8h"]


def _pots(deal):  # type: ignore[no-untyped-def]
    assert deal.result is not None
    return {pot.name: (pot.amount, pot.winners) for pot in deal.result.pots}


def test_nine_card_four_antes_make_a_pot_for_each_hand_and_the_main_pot_carries() -> None:
    """X04: "Four antes are paid to create four pots, one for each hand plus a main pot. The winner of each
    hand takes a pot ... if all three hands aren't won by one player the fourth pot carries over": C's
    threes win hand 1 and its sixes hand 3, A's running flush hand 2; nobody won all three, so the main
    pot of 3 carries, and each hand's pot of 3 goes to that hand's winner."""
    deal = play(deal_with(rules_for("nine-card-pots"), NINE), ARRANGED)
    assert deal.result is not None
    assert _pots(deal) == {"hand_1": (3, ("C",)), "hand_2": (3, ("A",)), "hand_3": (3, ("C",))}
    assert deal.result.outcome == "carried" and deal.result.carried_out == 3
    assert deal.result.net == {"A": -1, "B": -4, "C": 2}  # four antes each; the main pot's 3 carried
    assert sum(deal.result.net.values()) + deal.result.carried_out == 0
    assert "pots.each_hand" in deal.result.decided_by and "format.win_rule" in deal.result.decided_by


def test_nine_card_winning_all_three_hands_takes_the_fourth_pot() -> None:
    """X04: "if one player wins all three hands they win the fourth pot": A's three hands beat B's, so A
    takes all four pots (the main pot carried in as well)."""
    hands = {"A": "Ah Ad Ac Ks Qs Js Qh Qd 5h", "B": "2h 3d 5c 7s 9s Jd 4c 6d 8h"}
    arranged = ["A arrange Ah Ad Ac | Ks Qs Js | Qh Qd 5h", "B arrange 2h 3d 5c | 7s 9s Jd | 4c 6d 8h"]
    deal = play(deal_with(rules_for("nine-card-pots"), hands, carried=Fraction(6)), arranged)
    assert deal.result is not None
    assert deal.result.outcome == "won" and deal.result.winners == ["A"]
    assert _pots(deal) == {"hand_1": (2, ("A",)), "hand_2": (2, ("A",)), "hand_3": (2, ("A",))}
    assert deal.result.net == {"A": 4 + 6, "B": -4}


def test_a_tied_hand_shares_its_pot_under_split_and_goes_to_the_eldest_hand_by_default() -> None:
    """The page is silent on a tied hand: ``pots.tie: split`` (nine-card-pots' house rule) shares it;
    ``eldest_hand`` (maximapedia's "In the case of equality the elder hand wins") gives it to the first."""
    hands = {"A": "Ah Ad Ac 9s 8s 7s 2c 3d 5h", "B": "Kh Kd Kc 9h 8h 7h 2d 3c 5c"}
    arranged = ["A arrange Ah Ad Ac | 9s 8s 7s | 2c 3d 5h", "B arrange Kh Kd Kc | 9h 8h 7h | 2d 3c 5c"]
    split = play(deal_with(rules_for("nine-card-pots"), hands), arranged)
    assert _pots(split)["hand_2"] == (2, ("A", "B"))
    assert "pots.tie" in split.result.decided_by  # type: ignore[union-attr]
    eldest = play(deal_with(rules_for("nine-card-pots", pots={"tie": "eldest_hand"}), hands), arranged)
    assert _pots(eldest)["hand_2"] == (2, ("A",))


THREE = {"A": "2c 7h Kd", "B": "5s 6h Qc", "C": "9c 9h 3d"}


def test_three_stakes_best_card_brag_and_thirty_one_each_judged_by_its_own_rule() -> None:
    """X21: "the holder of the highest card irrespective of suits wins the first stake"; "For the second
    stake the players brag"; "The third stake is won by the player whose cards make 31 or are nearest to 31
    by their pips, aces and court counting ten". A's last card, the K, is the best turned up; C's pair of
    nines wins the brag when A and B fold; B's 5+6+10 = 21 is nearest 31 (A 2+7+10 = 19, C 9+9+3 = 21 too,
    and B is the elder hand of those two)."""
    deal = play(deal_with(rules_for("three-stake"), THREE), ["A fold", "B fold"])
    assert deal.result is not None and deal.result.winners == ["C"]
    assert _pots(deal) == {"best_card": (3, ("A",)), "thirty_one": (3, ("B",))}
    assert deal.result.net == {"A": -1 + 1, "B": -1 + 1, "C": 2 - 2}
    assert set(deal.result.decided_by) >= {"pots.best_card", "pots.thirty_one"}


def test_the_ace_of_diamonds_is_always_the_winning_card() -> None:
    """X21: "but the ace of diamonds is always a winning card" (Hoyle: "takes place of every other"):
    B's A♦ beats A's A♣, though A is the elder hand."""
    deal = play(deal_with(rules_for("three-stake"), {"A": "2c 7h Ac", "B": "5s 6h Ad"}), ["A fold"])
    assert _pots(deal)["best_card"] == (2, ("B",))
    plain = play(deal_with(rules_for("three-stake", pots={"best_card_top": None}),
                           {"A": "2c 7h Ac", "B": "5s 6h Ad"}), ["A fold"])
    assert _pots(plain)["best_card"] == (2, ("A",))  # "In the case of equality the elder hand wins"


def test_the_ace_counts_ten_or_by_arrangement_one_or_eleven_and_over_31_is_bust() -> None:
    """X21: "aces and court counting ten; but the ace may by arrangement count as 1 or 11"; "losing if they
    over-draw": A's A-A-K is 30 with aces at ten, 32 (bust) at eleven, so B's 10-10-9 (29) takes it then."""
    hands = {"A": "Ah Ac Kd", "B": "Ts Th 9c"}
    assert _pots(play(deal_with(rules_for("three-stake"), hands), ["A fold"]))["thirty_one"] == (2, ("A",))
    eleven = rules_for("three-stake", pots={"thirty_one_ace": 11})
    assert _pots(play(deal_with(eleven, hands), ["A fold"]))["thirty_one"] == (2, ("B",))
    one = rules_for("three-stake", pots={"thirty_one_ace": 1})
    assert _pots(play(deal_with(one, hands), ["A fold"]))["thirty_one"] == (2, ("B",))  # A: 1+1+10 = 12


def test_winning_all_three_stakes_is_paid_another_stake_all_round() -> None:
    """N05: "If one player wins all three stakes, he may receive the value of another stake ... all round":
    A's K turned up, A's pair of kings in the brag and A's 10+10+10 = 30 win every stake, so B and C each pay
    A one stake more besides their three."""
    hands = {"A": "Kh Ks Kd", "B": "2c 3h 5d", "C": "4c 6h 8d"}
    deal = play(deal_with(rules_for("three-stake"), hands), ["A bet 1", "B fold", "C fold"])
    assert deal.result is not None and deal.result.winners == ["A"]
    assert deal.result.net == {"A": 3 + 3 + 2, "B": -4, "C": -4}
    assert "pots.sweep_bonus" in deal.result.decided_by


def test_a_redeal_settles_no_side_pot() -> None:
    """A hand dealt again settles nothing: every side ante goes back, as the deal's own antes do."""
    deal = play(deal_with(rules_for("three-stake"), THREE), ["A exposes", "A redeal"])
    assert deal.result is not None and deal.result.outcome == "redeal"
    assert deal.result.pots == () and all(v == 0 for v in deal.result.net.values())


def test_the_log_records_the_pots_and_the_audit_recomputes_each(tmp_path: Path) -> None:
    """Every side pot is written with the deal's result, and an audit finds a pot given to the wrong player,
    citing the rule it is won by."""
    path = tmp_path / "three.jsonl"
    session = Session(compile_rules(load_profile("three-stake")), ["A", "B", "C"], seed=7)
    with LogWriter.for_session(path, session):
        play_session(session, random_chooser(random.Random(7)), max_deals=6)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    results = [line for line in lines if line["type"] == "result"]
    assert results and all([pot["pot"] for pot in r["pots"]] == ["best_card", "thirty_one"]
                           for r in results if r["outcome"] != "redeal")
    assert audit(read_log(path)).ok
    first = results[0]
    first["pots"][0]["winners"] = [p for p in ("A", "B", "C") if p not in first["pots"][0]["winners"]][:1]
    bent = tmp_path / "bent.jsonl"
    bent.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    report = audit(read_log(bent))
    assert not report.ok
    assert any(v.rule == "pots.best_card" for v in report.violations)


def test_profiles_without_pots_hash_and_log_as_before() -> None:
    """Fields added later: a profile leaving them unset hashes as before, and its log has no pots."""
    assert profile_hash(Profile()) == profile_hash(load_profile_text("pots: {tie: eldest_hand}"))
    assert profile_hash(Profile()) != profile_hash(load_profile_text("pots: {best_card: 1}"))
    assert compile_rules(load_profile("standard")).pots is None


@pytest.mark.parametrize("text, words", [
    ("pots: {each_hand: 1}", "several hands"),
    ("pots: {best_card: 1}\nformat: {cards_dealt: 9, hands: 3}\ntable: {max_players: 5}", "three cards and one hand"),
    ("pots: {sweep_bonus: 1}", "needs a side pot"),
    ("pots: {best_card: 0}", "positive"),
    ("pots: {best_card: 1}\nsession: {bankroll: finite, starting_stack: 100}", "unlimited bankrolls"),
])
def test_bad_pots_are_refused_in_one_clear_message(text: str, words: str) -> None:
    with pytest.raises(ProfileError) as caught:
        load_profile_text(text)
    assert words in str(caught.value)


def test_a_hand_out_of_the_cards_dealt_is_still_refused() -> None:
    deal = deal_with(rules_for("nine-card-pots"), NINE)
    with pytest.raises(RuleViolation):
        deal.apply_text("A arrange Ah Ad Kc | Ks Qs Js | 2c 2d 5h")


def test_arbitrate_rules_on_each_pot(tmp_path: Path) -> None:
    """A ruling on the fold that ends a Three-Stake deal says who takes each stake and why, the bonus for
    winning all three ("he may receive the value of another stake ... all round"), and cites each pot's rule."""
    sheet = tmp_path / "three.yaml"
    sheet.write_text("format: bragrules-history/1\nprofile: three-stake\nplayers: [A, B, C]\ndealer: C\ndeals:\n"
                     "  - cards: {A: Kh Ks Kd, B: 2c 3h 5d, C: 4c 6h 8d}\n    actions: [A bet 1, B fold]\n"
                     "    dispute: C fold\n")
    from bragrules.arbitrate import arbitrate

    ruling = arbitrate(sheet).rulings[0]
    assert "A takes the best-card stake of 3 (Kd, the best card turned up)" in ruling.next
    assert "A takes the 31 stake of 3 (pips nearest 31: A 30)" in ruling.next
    assert "A wins every pot and is paid 1 more by every other player" in ruling.next
    cited = {c.path for c in ruling.citations}
    assert {"pots.best_card", "pots.thirty_one", "pots.sweep_bonus"} <= cited


def test_with_betting_a_player_who_folds_gives_up_the_pots_for_each_hand() -> None:
    """``pots.each_hand`` under nine-card's betting: A folds, so B, the only player left, takes the main pot
    and every hand's pot (A loses all four antes)."""
    deal = play(deal_with(rules_for("nine-card", pots={"each_hand": 1}), {k: NINE[k] for k in ("A", "B")}), ["A fold"])
    assert deal.result is not None
    assert {name: winners for name, (_, winners) in _pots(deal).items()} == {
        "hand_1": ("B",), "hand_2": ("B",), "hand_3": ("B",)}
    assert deal.result.net == {"A": -4, "B": 4}


@pytest.mark.parametrize("lang, script", [("zh", r"[\u4e00-\u9fff]"), ("hi", r"[\u0900-\u097F]")])
def test_a_ruling_tells_each_pot_in_the_language_chosen(tmp_path: Path, lang: str, script: str) -> None:
    """The same Three-Stake ruling read in Chinese or Hindi: each stake named in the language, its amount and
    winner kept, the rule it was won by cited, and the bonus for winning all three said in it too."""
    import re

    from bragrules.arbitrate import arbitrate
    from bragrules.core.i18n import speaking

    sheet = tmp_path / "three.yaml"
    sheet.write_text("format: bragrules-history/1\nprofile: three-stake\nplayers: [A, B, C]\ndealer: C\ndeals:\n"
                     "  - cards: {A: Kh Ks Kd, B: 2c 3h 5d, C: 4c 6h 8d}\n    actions: [A bet 1, B fold]\n"
                     "    dispute: C fold\n")
    ruling = arbitrate(sheet).rulings[0]
    with speaking(lang):
        said = ruling.next_text()
        pots = [p for p in said.split("；" if lang == "zh" else ";") if "pots." in p]
    assert re.search(script, said)
    for english in ("takes the best-card stake", "the 31 stake", "wins every pot", "every other player",
                    "the best card turned up", "pips nearest"):
        assert english not in said
    assert any("pots.best_card" in p and "A" in p and "3" in p for p in pots)
    assert any("pots.thirty_one" in p and "A" in p and "3" in p for p in pots)
    with speaking(lang):
        from bragrules.core.i18n import tr

        bonus = tr("{player} wins every pot and is paid {amount} more by every other player", player="A", amount="1")
    assert bonus in said
