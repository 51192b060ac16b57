"""Hand patterns (``ranking.categories``): each primitive from the words of the page it follows.

A ranking is a list of categories, each a pattern over the cards with its own order inside
(docs/variants.md, "Hand patterns"). The built-in rankings are such lists (the named fields their
shorthand: tests/rules/test_ranking_patterns_equal.py checks the tables are unchanged); these
scenarios play what only the list can say: alternate-rank runs, a run only in three suits, a run
order of each category's own, ranks reversed without lowball, one rank above its rank-mates, a
special hand beating part of a category or ranked as a category of its own, four of a kind.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest
import yaml

from bragrules.core.cards import parse_cards
from bragrules.engine.deal import Deal
from bragrules.profile import load_profile
from bragrules.profile.loader import load_profile_text, profile_hash
from bragrules.profile.models import Profile, Ranking
from bragrules.rules.compile import compile_rules
from bragrules.rules.hand_patterns import expand
from bragrules.rules.ranking import HandRanker, compile_ranking

DOC = Path(__file__).resolve().parents[2] / "docs" / "variants.md"

STANDARD: List[Dict[str, Any]] = [c.model_dump(mode="json", exclude_defaults=True) for c in expand(Ranking())]
"""Brag's ranking written out (docs/variants.md: "written out: standard")."""


def _ranker(categories: List[Dict[str, Any]], **more: Any) -> HandRanker:
    return compile_ranking(Ranking.model_validate({"categories": categories, **more}))


def _with(name: str, **changes: Any) -> List[Dict[str, Any]]:
    """Brag's list with the entry ``name`` changed."""
    return [{**c, **changes} if c["name"] == name else c for c in STANDARD]


def _doc_blocks(label: str) -> Dict[str, Dict[str, Any]]:
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n# " + label + r": ([^\n]+)\n(.*?)```", text, flags=re.S)
    return {name: yaml.safe_load(body) for name, body in blocks}


# ---------------------------------------------------------------------------
# The built-in rankings are lists of patterns
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["standard", "teen-patti", "zha-jin-hua", "hoyle"])
def test_the_docs_write_out_each_built_in_ranking(name: str) -> None:
    """docs/variants.md's worked examples are exactly what each profile's named fields stand for."""
    block = _doc_blocks("written out")[name]
    written = Ranking.model_validate(block["ranking"])
    assert written.categories == expand(load_profile(name).ranking)


def test_the_docs_pattern_examples_load_and_play() -> None:
    examples = _doc_blocks("pattern example")
    assert set(examples) == {"odd sequence", "high-low", "run in three suits", "tops per category",
                             "triple killer and four of a kind", "a card above its rank-mates"}
    for block in examples.values():
        profile = Profile.model_validate({**block, "extends": []})
        assert compile_rules(profile).ranking.ranker.distinct_strengths() > 100
    readme = (DOC.parents[1] / "README.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```yaml\n(ranking:\n  categories:.*?)```", readme, flags=re.S)
    assert yaml.safe_load(block) == examples["odd sequence"]  # the README's example is the reference's


def test_a_written_list_hashes_apart_and_an_unwritten_one_as_before() -> None:
    """``ranking.categories`` came after the hash was recorded: a profile leaving it empty hashes as it
    always did (its canonical JSON has no such key); one writing the list its named fields stand
    for plays the same hands but is another profile."""
    plain = load_profile_text("name: x\n")
    assert profile_hash(plain) == profile_hash(load_profile_text("name: x\nranking: {categories: []}\n"))
    written = load_profile_text("name: x\nranking:\n  categories:\n" + "".join(
        f"    - {yaml.safe_dump(c, default_flow_style=True).strip()}\n" for c in STANDARD))
    assert profile_hash(written) != profile_hash(plain)
    assert compile_ranking(written.ranking).table == compile_ranking(plain.ranking).table


# ---------------------------------------------------------------------------
# Each primitive, from its page
# ---------------------------------------------------------------------------


def test_alternate_rank_runs() -> None:
    """huffpost.com, Teen Patti's "Odd sequence": "Instead of your general sequences which would be
    Ace-2-3 or Jack-Queen-King, use alternate cards to declare a sequence: Ace, 3, 5 or 9, Jack, King"."""
    r = _ranker([{**c, "ranks": {"step": 2}, "order": {}} if c["name"] in ("running_flush", "run") else c
                 for c in STANDARD])
    for hand in ("Ah 3d 5c", "9s Jh Kd", "Ac Qd 10h"):
        assert r.category(r.strength(hand)) == "run", hand
    assert r.category(r.strength("Jc Qd Kh")) == "high_card"  # consecutive ranks are no sequence now
    assert r.category(r.strength("3h 5h 7h")) == "running_flush"
    assert r.strength("Qs Ah 10d") > r.strength("9s Jh Kd")
    assert r.describe("5c Ah 3d") == "run, A-3-5"


def test_a_run_counts_only_in_three_suits() -> None:
    """sdjtfh.com (Zha Jin Hua): "只有当三张牌是三种不同花色时,顺子才算作“顺子”" (a straight counts
    only in three different suits): "红桃5、黑桃6、梅花7 (三种花色,且是顺子)" is one, "红桃5、红桃6、梅花7
    (花色只有两种...只能算“散牌”)" is only a high card."""
    zjh = [c.model_dump(mode="json", exclude_defaults=True) for c in expand(load_profile("zha-jin-hua").ranking)]
    r = _ranker([{**c, "suits": "all_different"} if c.get("name") == "run" else c for c in zjh])
    assert r.category(r.strength("5h 6s 7c")) == "run"
    assert r.category(r.strength("5h 6h 7c")) == "high_card"
    assert r.category(r.strength("5h 6h 7h")) == "running_flush"
    assert r.strength("5h 6s 7c") > r.strength("Ah As Kd")  # a run beats a pair
    assert r.counts()["run"] == 12 * 4 * 3 * 2  # three suits of four, in any order: 24 per run


def test_each_category_has_its_own_run_order() -> None:
    """thegoodgamblingguide.co.uk: the running flush shown at the top is "3 2 A", while of the run
    "top hand is A-K-Q" (and 3patti.com: "Highest A23" for both, by default)."""
    r = _ranker([{**c, "order": {}} if c["name"] == "run" else c for c in STANDARD])
    assert r.strength("Ah 2h 3h") > r.strength("Ah Kh Qh")  # running flush: A-2-3 on top
    assert r.strength("Ah Kd Qc") > r.strength("Ah 2d 3c")  # run: A-K-Q on top, A-2-3 the lowest
    assert r.strength("Ah 2d 3c") < r.strength("4h 3d 2c")


def test_ranks_reversed_without_lowball() -> None:
    """huffpost.com, Teen Patti's "High-low": "The card with the lowest value becomes the card with the
    highest value ... if you have drawn King of Hearts, 2 of Spades and 2 of Diamonds. Your King has
    lesser value than your pair of 2's, which is the highest of its kind"."""
    r = _ranker([{**c, "order": {**c.get("order", {}), "reversed": True}} for c in STANDARD])
    assert r.strength("Kh 2s 2d") > r.strength("Ah As Kd")  # the pair of twos is the highest pair
    assert r.strength("2h 2s 2d") > r.strength("Ah As Ad")
    assert r.strength("Ah As Ad") > r.strength("2h 2s Kd")  # the categories keep their order
    assert r.strength("2h 5d 7c") > r.strength("Ah Kd 9c")  # high cards: the lowest card leads now


def test_one_rank_above_its_rank_mates() -> None:
    """lasvegascardgames.com: "The highest is a prial of 3's, second highest is a prial of aces, and a
    prial of 2's is the lowest" (Brag's `prial_order: threes_high` is `order: {top: 3}`); the same
    primitive puts sevens on top (the Nerve Centre's Seven-Card Brag: "three 7's ... followed by three
    Aces")."""
    r = _ranker(_with("prial", order={"top": 7}))
    assert r.strength("7h 7s 7d") > r.strength("Ah As Ad") > r.strength("Kh Ks Kd")
    assert r.strength("3h 3s 3d") < r.strength("4h 4s 4d")
    sevens = compile_ranking(Ranking(prial_order="sevens_high"))
    assert r.table == sevens.table


def test_a_special_hand_as_a_category_of_its_own() -> None:
    """esball-onlinebet.com: "Any Triple Killer: Three cards, 2, 3, 5, of any suit ... Any Triple
    Killer＞Any Triple When Any Triple and Any Triple Killer appear at the same time ... If Any Triple
    doesn't appear, Any Triple Killer is the smallest hand"."""
    killer = _doc_blocks("pattern example")["triple killer and four of a kind"]["ranking"]["categories"]
    r = _ranker(killer)
    assert r.category(r.strength("2c 3d 5h")) == "triple_killer"
    assert r.category(r.strength("2c 3c 5c")) == "triple_killer"  # of any suit
    killer_s, aces, low = r.strength("2c 3d 5h"), r.strength("Ac Ad Ah"), r.strength("4c 3d 2h")
    assert r.beats(killer_s, aces) and not r.beats(aces, killer_s)
    assert r.beats(low, killer_s)  # the smallest hand otherwise


def test_a_special_hand_beats_part_of_a_category() -> None:
    """A special hand may beat only part of a category: here 2-3-5 (not all of one suit) beats A-A-A
    alone, "the smallest can eat the biggest" (slackerblud.com, Zha Jin Hua) read as the biggest
    leopard only."""
    zjh = [c.model_dump(mode="json", exclude_defaults=True) for c in expand(load_profile("zha-jin-hua").ranking)]
    part = [{**c, "beats": {"category": "prial", "lowest": ["A", "A", "A"]}} if c.get("beats") else c for c in zjh]
    r = _ranker(part)
    s235 = r.strength("2c 3d 5h")
    assert r.beats(s235, r.strength("Ac Ad Ah"))
    assert not r.beats(s235, r.strength("Kc Kd Kh")) and r.beats(r.strength("Kc Kd Kh"), s235)
    assert r.beats(r.strength("6c 3d 2h"), s235)  # a high card 5-3-2 otherwise: the lowest there is
    whole = compile_ranking(load_profile("zha-jin-hua").ranking)
    assert whole.beats(whole.strength("2c 3d 5h"), whole.strength("Kc Kd Kh"))


def test_four_of_a_kind() -> None:
    """bettingpunter.com, 7-Card Brag: "each player needs to check if they have four cards the same,
    for example, 4 x Queens (QQQQ). If they do, then that player wins the pot. If two of the players
    have four of a kind, for example, one has four eights (8888) and the other has four Kings (KKKK) –
    the four Kings is the winning hand"."""
    r = _ranker([{"name": "four_of_a_kind", "cards": 4, "ranks": "all_equal"}, *STANDARD])
    kings, eights = parse_cards("Kh Kd Kc Ks 2c"), parse_cards("8h 8d 8c 8s Ah")
    assert r.best_strength([int(c) for c in kings]) > r.best_strength([int(c) for c in eights])
    best_three = r.best_strength([int(c) for c in parse_cards("3h 3d 3c Ah Kh")])  # 3-3-3, Brag's best prial
    assert r.best_strength([int(c) for c in eights]) > best_three
    ev = r.evaluate("8h 8d 8c 8s Ah")
    assert ev.category == "four_of_a_kind" and len(ev.played) == 4 and [str(c) for c in ev.discarded] == ["Ah"]
    assert r.describe(ev) == "four of a kind, eights"
    assert r.four_card_key("Qh Qd Qc Qs") > r.four_card_key("3h 3d 3c As")
    plain = compile_ranking(Ranking())
    assert plain.four_card_key("Qh Qd Qc Qs")[0] == plain.strength("Qh Qd Qc")  # without it, a prial


def test_four_of_a_kind_plays_in_a_four_card_game() -> None:
    """Four-Card Brag with four of a kind listed: a four wins the showdown over Brag's best prial."""
    profile = load_profile("four-card")
    data = profile.model_dump(mode="json")
    data["ranking"]["categories"] = [{"name": "four_of_a_kind", "cards": 4, "ranks": "all_equal"}, *STANDARD]
    rules = compile_rules(Profile.model_validate(data))
    comparer = rules.comparer
    four, threes = parse_cards("9h 9d 9c 9s"), parse_cards("3h 3d 3c As")
    assert comparer.wins(comparer.key(four), comparer.key(threes))


# ---------------------------------------------------------------------------
# Each primitive changes play (the conformance check's promise for a new primitive)
# ---------------------------------------------------------------------------

def _without(name: str) -> List[Dict[str, Any]]:
    return [c for c in STANDARD if c["name"] != name]


def _changed(entries: List[Dict[str, Any]], name: str, **changes: Any) -> List[Dict[str, Any]]:
    return [{**c, **changes} if c.get("name") == name else c for c in entries]


PRIMITIVES: Dict[str, Tuple[List[Dict[str, Any]], List[Dict[str, Any]]]] = {
    # the primitive: (a list without it, the same list with it)
    "ranks: {step: 2}": (STANDARD, _changed(STANDARD, "run", ranks={"step": 2}, order={})),
    "ranks.ace: high": (_changed(STANDARD, "run", order={}), _changed(STANDARD, "run", ranks={"ace": "high"}, order={})),
    "ranks.wrap": (STANDARD, _changed(STANDARD, "run", ranks={"wrap": True})),
    "ranks: a hand": (STANDARD, [*STANDARD[:1], {"name": "prial", "ranks": [2, 3, 5]}, *STANDARD[1:]]),
    "ranks: all_different": (STANDARD, [*STANDARD[:4], {"name": "no_pair", "ranks": "all_different"}, *STANDARD[4:]]),
    "suits: all_different": (STANDARD, _changed(STANDARD, "run", suits="all_different")),
    "suits: not_all_equal": (_without("running_flush"), _changed(_without("running_flush"), "run",
                                                                 suits="not_all_equal")),
    "order.by: cards": (STANDARD, _changed(STANDARD, "pair", order={"by": "cards"})),
    "order.by: equal": (STANDARD, _changed(STANDARD, "flush", order={"by": "equal"})),
    "order.reversed": (STANDARD, _changed(STANDARD, "high_card", order={"reversed": True})),
    "order.top": (STANDARD, _changed(STANDARD, "high_card", order={"top": 7})),
    "order.first": (STANDARD, _changed(STANDARD, "run", order={"first": [["A", "K", "Q"]]})),
    "two entries of one name": (STANDARD, [*STANDARD[:2], {"name": "run", "ranks": "run", "suits": "all_different"},
                                           *STANDARD[2:]]),
    "cards: 4": (STANDARD, [{"name": "four_of_a_kind", "cards": 4, "ranks": "all_equal"}, *STANDARD]),
    "beats": (STANDARD, [*STANDARD, {"ranks": [2, 3, 5], "beats": "prial"}]),
    "beats.lowest": ([*STANDARD, {"ranks": [2, 3, 5], "beats": "pair"}],
                     [*STANDARD, {"ranks": [2, 3, 5], "beats": {"category": "pair", "lowest": ["A", "A", "K"]}}]),
}


def _order_changes(default: HandRanker, variant: HandRanker) -> bool:
    """Whether some two hands compare otherwise (or beat one another otherwise) under ``variant``."""
    if bool(variant._fours) != bool(default._fours):  # a four outranks where three cards cannot
        four = [int(c) for c in parse_cards("9h 9d 9c 9s")]
        return variant.category(variant.best_strength(four)) != default.category(default.best_strength(four))
    by_default: Dict[int, int] = {}
    for hand in default.all_hands():
        d, v = default.strength(list(hand)), variant.strength(list(hand))
        if by_default.setdefault(d, v) != v:
            return True
    pairs = sorted(by_default.items())
    if any(a[1] >= b[1] for a, b in zip(pairs, pairs[1:])):
        return True
    return _beaten(default) != _beaten(variant)


def _beaten(ranker: HandRanker) -> List[Tuple[int, int]]:
    """Which hands (by index) each special hand beats outside the order, through their strengths."""
    if ranker.upsets is None:
        return []
    hands = ranker.all_hands()
    strengths = [ranker.strength(list(h)) for h in hands]
    by_strength: Dict[int, int] = {s: i for i, s in enumerate(strengths)}
    ups = ranker.upsets
    specials = [s for s in set(strengths) if ups[s][0] <= ups[s][1]]
    return sorted((by_strength[a], i) for a in specials for i, b in enumerate(strengths) if ups[a][0] <= b <= ups[a][1])


@pytest.mark.parametrize("primitive", list(PRIMITIVES))
def test_each_primitive_changes_some_hands_strength(primitive: str) -> None:
    """Each primitive of the language changes how some hands compare against the same list without it;
    the default list written out changes nothing (the promise the conformance check asks of a rule)."""
    without, with_it = PRIMITIVES[primitive]
    assert _order_changes(_ranker(without), _ranker(with_it)), f"{primitive} plays as the list without it does"
    assert not _order_changes(compile_ranking(Ranking()), _ranker(STANDARD))


# ---------------------------------------------------------------------------
# Refusals
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("categories, words", [
    ([{"name": "pair", "ranks": "two_equal"}], "the last category takes every hand"),
    ([{"name": "pair", "ranks": "two_equal"}, {"name": "run", "ranks": "run"}, {"name": "pair"}], "entries apart"),
    ([*STANDARD, {"ranks": [2, 3, 5]}], "names what it beats"),
    ([*STANDARD, {"ranks": [2, 3, 5], "beats": "trail"}], "does not name"),
    ([*STANDARD, {"ranks": [2, 3, 5], "beats": {"category": "prial", "lowest": [2, 3, 5]}}], "not a hand of prial"),
    (_with("run", order={"first": [["A", "K", "J"]]}), "not a hand of this category"),
    (_with("pair", order={"suits_before_kickers": True}), "needs suits_break_ties"),
    (_with("flush", order={"by": "pair"}), "two equal ranks"),
    ([{"name": "four", "cards": 4, "ranks": "two_equal"}, *STANDARD], "four of a kind"),
    ([{"name": "points"}], "points"),
])
def test_a_list_that_cannot_rank_is_refused(categories: List[Dict[str, Any]], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Ranking.model_validate({"categories": categories})


def test_a_written_list_replaces_the_named_fields() -> None:
    """A profile extending Teen Patti writes its own list: Teen Patti's ``prial_order`` and
    ``run_order``, inherited, are no longer read (nor in play, for ``explain``)."""
    from bragrules.explainers.explain import in_play

    profile = load_profile_text("extends: teen-patti\nranking:\n  categories:\n" + "".join(
        f"    - {yaml.safe_dump(c, default_flow_style=True).strip()}\n" for c in STANDARD))
    assert profile.ranking.prial_order == "ace_high"
    assert compile_ranking(profile.ranking).table == compile_ranking(Ranking()).table  # Brag's list, as written
    assert not in_play("ranking.prial_order", profile) and not in_play("ranking.run_order", profile)
    assert in_play("ranking.categories", profile)
    with pytest.raises(ValueError, match="choose one"):
        Ranking.model_validate({"categories": STANDARD, "points": {"read": "sum"}})


def test_the_audit_blames_a_wrong_winner_on_the_written_list() -> None:
    """A history naming the winner the usual order gives, under a table playing High-low, went against
    ``ranking.categories``: the audit cites it rather than the result alone."""
    from bragrules.audit.ranking_claim import deciding_field
    from bragrules.core.cards import parse_hand
    from bragrules.engine.deal import Deal
    from bragrules.history import ResultClaim
    from bragrules.profile import load_profile
    from bragrules.rules.compile import compile_rules

    high_low = _doc_blocks("pattern example")["high-low"]["ranking"]
    profile = load_profile("standard")
    profile = profile.model_copy(update={"ranking": Ranking.model_validate(high_low)})
    deal = Deal(compile_rules(profile), ["A", "B"], {"A": parse_hand("Kh 2s 2d"), "B": parse_hand("Ah As Kd")})
    for text in ("A look", "A bet 2", "B look", "B bet 2", "A see 4"):
        deal.apply_text(text)
    assert deal.result is not None and deal.result.winners == ["A"]  # what the table plays: the twos win
    assert deciding_field(deal, ResultClaim(winners=["A"])) is None
    assert deciding_field(deal, ResultClaim(winners=["B"])) == "ranking.categories"


def test_a_bonus_for_a_category_the_written_list_lacks_is_not_in_play() -> None:
    """A prial's bonus is paid by the category a hand falls in: under a written list without prials it is
    never paid, and the rulebook does not tell it (the named fields' default order is not read)."""
    from bragrules.explainers.explain import in_play
    from bragrules.profile.models import Profile

    written = Profile.model_validate({"session": {"bonus": {"prial": 1, "running_flush": 1}}, "ranking": {
        "categories": [{"name": "running_flush", "ranks": "run", "suits": "all_equal"}, {"name": "pair", "ranks": "two_equal"},
                       {"name": "high_card"}]}})
    assert not in_play("session.bonus.prial", written) and in_play("session.bonus.running_flush", written)
    named = Profile.model_validate({"session": {"bonus": {"prial": 1}}})
    assert in_play("session.bonus.prial", named)
    points = Profile.model_validate({"session": {"bonus": {"prial": 1}}, "ranking": {"points": {"read": "sum"}}})
    assert not in_play("session.bonus.prial", points)  # every hand is points: no prial is ever paid


# ---------------------------------------------------------------------------
# One card above its rank-mates (order.top_card)
# ---------------------------------------------------------------------------


def _card_value(card: int) -> float:
    """A card's value for the reference: its rank, the ace of diamonds half a rank above the other aces."""
    return (card >> 2) + (0.5 if card == int(parse_cards("Ad")[0]) else 0)


def test_a_card_above_its_rank_mates_against_a_reference() -> None:
    """docs/variants.md's example: the ace of diamonds above the other aces in pairs and high cards
    (Hoyle's best card, "the ace of diamonds, which at this part of the game takes place of every
    other"). Over all 22,100 hands: the categories as Brag's; inside pairs the pair (the ace of
    diamonds lifting its pair) then the odd card, inside high cards card by card, each against an
    independent key; every other category exactly Brag's order."""
    block = _doc_blocks("pattern example")["a card above its rank-mates"]["ranking"]
    house, brag = _ranker(block["categories"]), _ranker(STANDARD)
    hands = house.all_hands()

    def reference(hand: Tuple[int, int, int]) -> Tuple[Any, ...]:
        category = brag.category(brag.strength(hand))
        level = len(brag.category_order) - brag.category_order.index(category)
        if category == "pair":
            ranks = sorted(c >> 2 for c in hand)
            pair = max(_card_value(c) for c in hand if c >> 2 == ranks[1])
            kicker = next(_card_value(c) for c in hand if c >> 2 != ranks[1])
            return level, pair, kicker
        if category == "high_card":
            return (level, *sorted(map(_card_value, hand), reverse=True))
        return level, brag.strength(hand)

    keys = {hand: reference(hand) for hand in hands}
    ordered = sorted(hands, key=lambda h: keys[h])
    for lower, higher in zip(ordered, ordered[1:]):
        assert (house.strength(lower) < house.strength(higher)) == (keys[lower] < keys[higher]), (lower, higher)
        assert house.strength(lower) <= house.strength(higher)
    s = house.strength
    assert s("Ad As 2c") > s("Ah Ac Kd") and s("Ad 5c 3h") > s("As 7c 2h") and s("Ad 5c 3h") < s("2c 2d 3h")
    assert house.describe("Ad 5c 3h") == "high card, A-5-3" and house.category(s("Kc Kd Ad")) == "pair"


def test_a_card_above_its_rank_mates_at_the_table() -> None:
    """A's A♦-5-3 beats B's A♠-7-2 at the see under the house's list; under Brag B's seven decides."""
    block = _doc_blocks("pattern example")["a card above its rank-mates"]
    hands = {"A": "Ad 5c 3h", "B": "As 7c 2h", "C": "4c 9d Jh"}
    results = []
    for ranking in (block["ranking"], {}):
        rules = compile_rules(Profile.model_validate({"ranking": ranking}))
        deal = Deal(rules, ["A", "B", "C"], {p: parse_cards(h) for p, h in hands.items()})
        for text in ("A look", "A bet 2", "B look", "B bet 2", "C fold", "A see 4"):
            deal.apply_text(text)
        assert deal.result is not None
        results.append(deal.result.winners)
    assert results == [["A"], ["B"]]


def test_a_card_above_its_rank_mates_with_suits_breaking_ties() -> None:
    """Where suits break ties too, the ace of diamonds still lifts its pair above every other pair of
    aces, whatever the suit order says, and suits decide the rest."""
    ranker = _ranker(_with("pair", order={"top_card": "Ad"}), suits_break_ties=True,
                     suit_order=["spades", "hearts", "clubs", "diamonds"])
    s = ranker.strength
    assert s("Ad Ac 2c") > s("As Ah Kd") > s("As Ac Kd")
    assert s("Kd Ks 9c") > s("Kd Kc 9h")  # no ace of diamonds: suits decide
    assert ranker.distinct_strengths() == len(ranker.all_hands())


@pytest.mark.parametrize("order, message", [
    ({"top_card": "Jk"}, "not a joker"),
    ({"top_card": "3d", "top": 3}, "order.top puts above the ace"),
    ({"top_card": "Ad", "reversed": True}, "an ace"),
    ({"top_card": "Ad", "by": "equal"}, "not by: equal"),
])
def test_a_card_above_its_rank_mates_refused_where_it_cannot_rank(order: Dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Ranking.model_validate({"categories": [{"name": "prial", "ranks": "all_equal", "order": order},
                                               {"name": "high_card"}]})
    with pytest.raises(ValueError, match="read from its ranks"):
        Ranking.model_validate({"categories": [{"name": "high_card", "order": {"top_card": "Ad"}},
                                               {"ranks": [2, 3, 5], "beats": "high_card"}]})
