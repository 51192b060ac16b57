"""ranking.wild.select: wild cards chosen at the table as a list of selectors; its limits,
ranking.wild.at_most (how many a hand keeps) and ranking.wild.barred_from (categories a wild card may not
complete); the named variants written with them.

The pages each selector follows:

- the hand's lowest rank, cardpartyclub's "Lowest Joker" (https://cardpartyclub.com/variation-rules/):
  "each player's lowest ranking card in his/her hand will become Joker. If lowest card is in pair,
  then that pair is considered as two Jokers", with "A♠-K♥-K♣ ... A-A-A" and "A♠-K♠-2♥ ... A♠-K♠-Q♠";
- the highest rank, octro's tutorial (https://teenpatti.octro.com/variations/hindi-tutorial.html):
  with 6-9-K "आप K को 9 मान सकते हैं" (the K may count as a 9);
- the ranks between two turned cards, varunvaswani's "Jokers in the middle"
  (http://varunvaswani.blogspot.com/2008/11/teen-patti-variations.html): "open 2 cards on the
  table…all numbers in between those 2 are jokers (e.g. if we open 3 and 7 then 4,5,6 are jokers)";
- the ranks next to a turned card, 123patti's "Up-and-Down Jokers" (https://123patti.framer.website/dirty):
  "if 2 is flipped, A and 3 are jokers", and "2♠, 9♦, A♣ as up-and-down jokers (A, 3, 8, 10, 2, K)";
- two cards a step apart making one joker, varunvaswani's "Skip-sequence": "give 5 cards, a skip i.e.
  2 cards with a gap of one (e.g 3 and 5) or a sequence i.e. 2 consecutive cards", and its four cards
  dealt: "Give 4 cards to everyone, each person's lowest card is their own personal joker";
- jokers barred from sequences, a house rule the pages disagree on
  (https://www.tarczehamulcowe.com/blog/mastering-joker-sequence-teen-patti-winning-tips: "two different
  home groups had opposite rules about the printed joker and sequences").
"""

from __future__ import annotations

import functools
import itertools
from pathlib import Path
from typing import Any, Dict, Tuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from bragrules.arbitrate import arbitrate
from bragrules.audit import audit
from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.history import parse_sheet
from bragrules.profile import load_profile, load_profile_text
from bragrules.profile.loader import profile_hash
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules

from ..helpers import deal_with, play, rules_for, run_cli

SEE = ["A look", "A bet 2", "B look", "B bet 2", "A see 2"]  # a see costs the stake (teen-patti)


def selected(*select: Dict[str, Any], **wild: Any) -> Any:
    return rules_for("teen-patti", ranking={"wild": {"select": list(select), **wild}}, table={"min_players": 2})


def test_a_selector_values_every_hand_as_its_shorthand_does() -> None:
    """`select: [{source: lowest_rank}]` and `per_hand: lowest_rank` give every one of the 22,100 hands the
    same key and the same words (the shorthand expands to the same selector)."""
    by_field = rules_for("teen-patti", ranking={"wild": {"per_hand": "lowest_rank"}}).comparer.for_deal(())
    by_select = selected({"source": "lowest_rank"}).comparer.for_deal(())
    for n, hand in enumerate(by_field.ranker.all_hands()):
        assert by_select.key(hand) == by_field.key(hand)
        if n % 97 == 0:
            assert by_select.describe(hand) == by_field.describe(hand)


def test_the_lowest_joker_reads_as_cardpartyclub_says() -> None:
    comparer = compile_rules(load_profile("lowest-joker")).comparer.for_deal(())
    assert comparer.describe(parse_cards("As Kh Kc")) == "trail of aces (Kc as Ad, Kh as Ac)"
    assert comparer.describe(parse_cards("As Ks 2h")) == "pure sequence, A-K-Q (2h as Qs)"


def test_the_highest_joker_reads_as_octro_says() -> None:
    comparer = compile_rules(load_profile("highest-joker")).comparer.for_deal(())
    assert comparer.describe(parse_cards("6c 9d Ks")) == "pair of nines, six kicker (Ks as 9c)"


def test_every_rank_between_the_two_turned_cards_is_wild() -> None:
    """"if we open 3 and 7 then 4,5,6 are jokers": A's five makes K-K a prial; with 8 and 9 turned there is
    no rank between, and B's aces win."""
    rules = compile_rules(load_profile("jokers-in-the-middle"))
    hands = {"A": "5c Kd Kh", "B": "Ac Ad 9s"}
    deal = deal_with(rules, hands, centre=parse_cards("3d 7h"))
    assert sorted(str(c) for c in deal.comparer.deal_wild if int(c) & 3 == 0) == ["4c", "5c", "6c"]
    play(deal, SEE)
    assert deal.result is not None and deal.result.winners == ["A"]
    assert "ranking.wild.select" in deal.result.decided_by
    none = deal_with(rules, hands, centre=parse_cards("8d 9h"))
    play(none, SEE)
    assert none.result is not None and none.result.winners == ["B"]
    assert "ranking.wild.select" not in none.result.decided_by


def test_a_deal_without_both_turned_cards_is_refused_citing_the_selector() -> None:
    with pytest.raises(RuleViolation) as refused:
        deal_with(compile_rules(load_profile("jokers-in-the-middle")), {"A": "5c Kd Kh", "B": "Ac Ad 9s"},
                  centre=parse_cards("3d"))
    assert refused.value.rule == "ranking.wild.select"


def test_the_ranks_next_to_a_turned_card_are_wild() -> None:
    """"2♠, 9♦, A♣ as up-and-down jokers (A, 3, 8, 10, 2, K) become jokers"."""
    rules = compile_rules(load_profile("up-and-down-jokers"))
    deal = deal_with(rules, {"A": "Kc Qd 7h", "B": "4c 5d Jh"}, centre=parse_cards("2s 9d Ac"))
    ranks = {str(c)[0] for c in deal.comparer.deal_wild}
    assert ranks == {"A", "3", "8", "T", "2", "K"}
    assert deal.comparer.describe(parse_cards("Kc Qd 7h")) == "pair of queens, seven kicker (Kc as Qc)"


def test_a_turned_cards_whole_suit_is_wild() -> None:
    rules = selected({"source": "centre", "relation": "suit"})
    deal = deal_with(rules, {"A": "2h 9c 9d", "B": "Kc Kd 4s"}, centre=parse_cards("Qh"))
    assert len(deal.comparer.deal_wild) == 13
    play(deal, SEE)
    assert deal.result is not None and deal.result.winners == ["A"]  # the two of hearts makes a prial of nines
    assert "ranking.wild.select" in deal.result.decided_by


def test_two_selectors_add_up() -> None:
    """Jhandu's centre rank and the Lowest Joker together: 2-5-9 with a nine turned is two wild cards."""
    rules = selected({"source": "centre"}, {"source": "lowest_rank"})
    deal = deal_with(rules, {"A": "2c 5d 9h", "B": "Kc Kd Ks"}, centre=parse_cards("9s"))
    assert deal.comparer.describe(parse_cards("2c 5d 9h")) == "trail of fives (9h as 5h, 2c as 5c)"


def test_a_skip_or_a_sequence_makes_one_joker_and_a_pair_does_not() -> None:
    """Skip Sequence: 6-7 (consecutive) is one joker with the kings; 4-4 is no joker, as it is in
    Kissing-Missing."""
    skip = compile_rules(load_profile("skip-sequence")).comparer
    kiss = compile_rules(load_profile("kissing-missing")).comparer
    assert skip.describe(parse_cards("6c 7d Kh Ks 2c")) == "trail of kings (6c 7d a sequence, as Kc); 2c discarded"
    assert skip.describe(parse_cards("3c 5d Kh Ks 9c")) == "trail of kings (3c 5d a skip, as Kc); 9c discarded"
    assert skip.category(parse_cards("4c 4d Kh Ks 9c")) == "pair"
    assert kiss.category(parse_cards("4c 4d Kh Ks 9c")) == "prial"


def test_at_most_one_joker_a_hand() -> None:
    """With `at_most: 1` a pair of lowest cards is one joker and one card standing for itself: 4-4-9 is a
    pair of nines, not a prial of nines; the holder keeps the joker that makes the better hand."""
    one = selected({"source": "lowest_rank"}, at_most=1).comparer.for_deal(())
    two = selected({"source": "lowest_rank"}).comparer.for_deal(())
    assert two.describe(parse_cards("4c 4d 9h")) == "trail of nines (4d as 9d, 4c as 9c)"
    assert one.category(parse_cards("4c 4d 9h")) == "pair"
    assert one.describe(parse_cards("4c 4d 9h")).startswith("pair of nines")
    assert one.key(parse_cards("4c 4d 9h")) < two.key(parse_cards("4c 4d 9h"))
    assert one.key(parse_cards("5c 5d 5h")) > one.key(parse_cards("4c 4d 9h"))  # a natural prial above
    assert len(one.hand_wild(parse_cards("4c 4d 9h"))) == 1


def test_the_audit_names_the_selector_and_the_limit_of_a_wrong_winner() -> None:
    text = ("format: bragrules-history/1\nprofile: %s\nplayers: [A, B]\ndealer: B\ndeals:\n"
            "  - cards: {A: %s, B: %s}\n%s"
            "    actions: [A look, A bet 2, B look, B bet 2, A see 2]\n"
            "    result: {winners: [%s]}\n")
    middle = load_profile("jokers-in-the-middle")
    centre = "    centre: 3d 7h\n"
    assert audit(parse_sheet(text % ("jokers-in-the-middle", "5c Kd Kh", "Ac Ad 9s", centre, "A"),
                             filename="s.yaml"), middle).ok
    wrong = audit(parse_sheet(text % ("jokers-in-the-middle", "5c Kd Kh", "Ac Ad 9s", centre, "B"),
                              filename="s.yaml"), middle)
    assert [v.rule for v in wrong.violations] == ["ranking.wild.select"]
    limited = load_profile_text("extends: lowest-joker\nname: lowest-one\nranking: {wild: {at_most: 1}}\n")
    # one joker: 4-4-9 is a pair of nines, below B's sequence (its two wild); two: a prial of nines, above it
    assert audit(parse_sheet(text % ("lowest-one", "4c 4d 9h", "2c 3d 4h", "", "B"), filename="s.yaml"), limited).ok
    blamed = audit(parse_sheet(text % ("lowest-one", "4c 4d 9h", "2c 3d 4h", "", "A"), filename="s.yaml"), limited)
    assert [v.rule for v in blamed.violations] == ["ranking.wild.at_most"]


def test_arbitrate_rules_on_a_see_under_a_selector() -> None:
    sheet = parse_sheet(
        "format: bragrules-history/1\nprofile: jokers-in-the-middle\nplayers: [A, B]\ndealer: B\ndeals:\n"
        "  - cards: {A: 5c Kd Kh, B: Ac Ad 9s}\n    centre: 3d 7h\n"
        "    actions: [A look, A bet 2, B look, B bet 2]\n    dispute: A see 2\n",
        filename="situation.yaml",
    )
    middle, plain = arbitrate(sheet, [load_profile("jokers-in-the-middle"), load_profile("teen-patti")]).rulings
    assert middle.allowed and middle.net["A"] > 0 and "ranking.wild.select" in middle.rules
    assert plain.net["B"] > 0


@pytest.mark.parametrize("name", ["lowest-joker", "highest-joker", "two-jokers", "jokers-in-the-middle",
                                  "up-and-down-jokers", "skip-sequence", "four-card-lowest-joker",
                                  "jhandu"])
def test_the_named_variant_plays_and_audits_clean(name: str, tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    path = tmp_path / f"{name}.jsonl"
    code, _, err = run_cli(capsys, monkeypatch, "play", "-p", name, "--auto", "--hands", "6", "--seed", "5",
                           "--players", "3", "--log", str(path))
    assert code == 0, err
    report = audit(path)
    assert report.ok, [str(v) for v in report.violations][:3]


def test_a_profile_without_selectors_hashes_as_before() -> None:
    """`select: []` and `at_most: null` are left out of the hash, as every field added later is."""
    assert profile_hash(load_profile_text("ranking: {wild: {select: [], at_most: null}}")) == profile_hash(Profile())
    assert profile_hash(load_profile_text("ranking: {wild: {select: [{source: lowest_rank}]}}")) != profile_hash(
        Profile())


@pytest.mark.parametrize("wild, words", [
    ({"select": [{"source": "lowest_rank", "relation": "suit"}]}, "source: centre"),
    ({"select": [{"source": "centre", "relation": "between"}]}, "turned: 2"),
    ({"select": [{"source": "pair"}]}, "steps"),
    ({"at_most": 1}, "ranking.wild.at_most"),
    ({"select": [{"source": "centre", "turned": 3}], "from_centre": 1}, "at most three cards"),
])
def test_a_selector_of_the_wrong_shape_is_refused(wild: Dict[str, Any], words: str) -> None:
    with pytest.raises(ValidationError) as refused:
        Profile.model_validate({"ranking": {"wild": wild}})
    assert words in str(refused.value)


def test_a_bad_selector_in_a_file_is_one_line_and_exit_2(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("ranking:\n  wild:\n    select:\n      - source: centre\n        relation: sideways\n",
                   encoding="utf-8")
    code, _, err = run_cli(capsys, monkeypatch, "validate", str(bad))
    assert code == 2 and "bad.yaml" in err and "Traceback" not in err


# ---------------------------------------------------------------------------
# ranking.wild.barred_from: categories a wild card may not complete
# ---------------------------------------------------------------------------

NO_SEQUENCE = ["run", "running_flush"]


def _brute(ranker: Any, plain: Any, hand: Any, barred: Any) -> str:
    """The best category of ``hand`` (twos wild) over every choice of cards the wild ones stand for, a
    choice that puts a wild card in a barred category left out unless every wild card stands for itself."""
    wild = [c for c in hand if int(c) >> 2 == 0]
    naturals = [int(c) for c in hand if int(c) >> 2 != 0]
    best = plain.strength([int(c) for c in hand])  # every wild card standing for itself
    free = [c for c in range(52) if c not in naturals]
    for subs in itertools.permutations(free, len(wild)):
        strength = plain.strength([*naturals, *subs])
        if plain.category(strength) not in barred and strength > best:
            best = strength
    return str(plain.category(best))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(range(22100)), st.sampled_from([NO_SEQUENCE, ["running_flush"], ["prial"], ["flush", "pair"]]))
def test_a_barred_category_is_never_completed_by_a_wild_card(index: int, barred: Any) -> None:
    """Property: with twos wild and some categories barred, every hand's category is the best one a
    reading reaches without a wild card standing in a barred category (brute force over readings)."""
    from bragrules.profile.models import Ranking
    from bragrules.rules.ranking import compile_ranking

    ranker = compile_ranking(Ranking.model_validate({"wild": {"ranks": ["2"], "barred_from": barred}}))
    plain = compile_ranking(Ranking())
    hand = ranker.all_hands()[index]
    assert ranker.category(ranker.strength(hand)) == _brute(ranker, plain, hand, barred)


def test_no_sequence_with_a_joker() -> None:
    """Barred from sequences, a turned card's rank makes 5-6 and a wild card a pair, not a run; 2-3-4 with
    the two standing for itself stays a run."""
    rules = selected({"source": "centre"}, barred_from=NO_SEQUENCE)
    deal = deal_with(rules, {"A": "5c 6d 9h", "B": "Kc Kd 4s"}, centre=parse_cards("9s"))
    assert deal.comparer.category(parse_cards("5c 6d 9h")) == "pair"
    assert selected({"source": "centre"}).comparer.for_deal(parse_cards("9s")).category(parse_cards("5c 6d 9h")) == "run"
    assert deal.comparer.category(parse_cards("7c 8d 9h")) == "run"  # the nine standing for itself
    play(deal, SEE)
    assert deal.result is not None and deal.result.winners == ["B"]  # kings over sixes


def test_the_audit_names_barred_from_of_a_wrong_winner() -> None:
    text = ("format: bragrules-history/1\nprofile: nosequence\nplayers: [A, B]\ndealer: B\ndeals:\n"
            "  - cards: {A: 5c 6d 9h, B: Kc Kd 4s}\n    centre: 9s\n"
            "    actions: [A look, A bet 2, B look, B bet 2, A see 2]\n"
            "    result: {winners: [%s]}\n")
    profile = load_profile_text("extends: teen-patti\nname: nosequence\n"
                                "ranking: {wild: {select: [{source: centre}], barred_from: [run, running_flush]}}\n")
    assert audit(parse_sheet(text % "B", filename="s.yaml"), profile).ok
    wrong = audit(parse_sheet(text % "A", filename="s.yaml"), profile)
    assert [v.rule for v in wrong.violations] == ["ranking.wild.barred_from"]


def test_barred_from_refuses_the_high_card_and_a_repeat() -> None:
    for barred in (["high_card"], ["run", "run"]):
        with pytest.raises(ValidationError):
            Profile.model_validate({"ranking": {"wild": {"ranks": ["2"], "barred_from": barred}}})


def test_four_cards_dealt_the_lowest_is_the_joker_and_the_best_three_play() -> None:
    """"Give 4 cards to everyone, each person's lowest card is their own personal joker": A♠ K♥ K♣ 9♦'s
    nine is wild and makes a prial of kings with the two kings (the ace left over); a hand of three is
    no hand of this game."""
    rules = compile_rules(load_profile("four-card-lowest-joker"))
    comparer = rules.comparer.for_deal(())
    assert comparer.describe(parse_cards("As Kh Kc 9d")) == "trail of kings (9d as Kd)"
    deal = deal_with(rules, {"A": "As Kh Kc 9d", "B": "Qc Qd Qh 2s"})
    play(deal, SEE)
    assert deal.result is not None and deal.result.winners == ["A"]  # B's two makes queens: kings are higher
    assert "ranking.wild.select" in deal.result.decided_by
    with pytest.raises(RuleViolation) as refused:
        comparer.check(parse_cards("As Kh Kc"))
    assert refused.value.rule == "ranking.wild.select"


def test_four_cards_with_a_centre_card_are_refused() -> None:
    with pytest.raises(ValidationError) as refused:
        Profile.model_validate({"format": {"cards_dealt": 4}, "ranking": {"wild": {"select": [{"source": "centre"}]}}})
    assert "one hand of three cards" in str(refused.value)


_PACK = st.lists(st.integers(0, 51), min_size=6, max_size=6, unique=True)


@functools.lru_cache(maxsize=None)
def _pairs_of_rules() -> Tuple[Any, Any, Any, Any]:
    """The rules of each shorthand and of the selector it stands for, compiled once."""
    return (rules_for("teen-patti", ranking={"wild": {"from_centre": 1}}), selected({"source": "centre"}),
            compile_rules(load_profile("kissing-missing")),
            rules_for("kissing-missing", ranking={"wild": {"kiss_miss": False, "select": [
                {"source": "pair", "steps": [0, 2]}]}}))


@settings(max_examples=80, deadline=None)
@given(_PACK)
def test_the_shorthands_and_their_selectors_agree(cards: Any) -> None:
    """Property: `from_centre: 1` and `kiss_miss: true` value every hand as the selectors they stand for
    (`{source: centre}`, `{source: pair, steps: [0, 2]}`), words and keys alike."""
    from bragrules.core.cards import CARDS

    centre_rules, select_rules, kiss_rules, pair_rules = _pairs_of_rules()
    centre, hand = [CARDS[cards[0]]], [CARDS[c] for c in cards[1:4]]
    named, chosen = centre_rules.comparer.for_deal(centre), select_rules.comparer.for_deal(centre)
    assert named.key(hand) == chosen.key(hand) and named.describe(hand) == chosen.describe(hand)
    five = [CARDS[c] for c in cards[1:]]
    kiss, pair = kiss_rules.comparer, pair_rules.comparer
    assert kiss.key(five) == pair.key(five) and kiss.describe(five) == pair.describe(five)


@pytest.mark.parametrize("name, cards, centre", [
    ("lowest-joker", "{A: As Kh Kc, B: 9c 9d 3h}", ""),
    ("highest-joker", "{A: 6c 9d Ks, B: 2c 7d 9h}", ""),
    ("two-jokers", "{A: Jk1 Kh Kc, B: 9c 9d 3h}", ""),
    ("jhandu", "{A: 8h 3c 3d, B: Kc Kd 2h}", "8d"),
    ("jokers-in-the-middle", "{A: 5c Kd Kh, B: Ac Ad 9s}", "3d 7h"),
    ("up-and-down-jokers", "{A: Kc Qd 7h, B: 4c 5d Jh}", "2s 9d Ac"),
    ("four-card-lowest-joker", "{A: As Kh Kc 9d, B: Qc Qd Qh 2s}", ""),
    ("skip-sequence", "{A: 6c 7d Kh Ks 2c, B: 4c 4d Qh Qs 9c}", ""),
])
def test_the_named_variant_arbitrates_its_showdown(name: str, cards: str, centre: str) -> None:
    """The see that ends the deal, ruled under the variant: A's wild cards win it, and the ruling cites the
    rule that chose them at the table."""
    sheet = parse_sheet(
        f"format: bragrules-history/1\nprofile: {name}\nplayers: [A, B]\ndealer: B\ndeals:\n"
        f"  - cards: {cards}\n" + (f"    centre: {centre}\n" if centre else "")
        + "    actions: [A look, A bet 2, B look, B bet 2]\n    dispute: A see 2\n",
        filename="situation.yaml",
    )
    (ruling,) = arbitrate(sheet, [load_profile(name)]).rulings
    assert ruling.allowed and ruling.net["A"] > 0
    if name != "two-jokers":  # the pack's jokers are wild in every deal: no ruling of a deal cites them
        assert any(rule.startswith("ranking.wild") for rule in ruling.rules), ruling.rules
