"""One ranking: ``rank``, the showdown (and the audit that replays it), ``equity``, the bots and the solver
agree on who wins.

Every one of them asks the showdown's comparer (:meth:`~bragrules.engine.showdown.Comparer.order`). The
properties draw a profile (every shipped one, and the wild cards and special hands no shipped profile
uses) and hands of the shape it deals, then check:

- ``rank``: its reading of each hand, and the comparison its JSON documents (keys, and what a special
  hand beats outside the order), give the same answer;
- the showdown: a deal played to a see (or, without betting, the showdown's comparison; with several
  hands, one place) gives the pot to the hand ``rank`` puts first, and calls equal hands equal;
- the audit: the history of that deal, claiming the winner ``rank`` names, audits clean;
- ``equity``: its counts are the opponents the hand beats, ties and loses to, one by one;
- the bots: a hand that wins never has the smaller share of the hands it beats, and under special
  hands the share is exactly the part of the pack it beats;
- the solver: where it models a profile, its order of strengths is the showdown's.

Then the cases where ``rank`` and the audit disagreed, each from the page of its rule.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
from functools import lru_cache
from typing import Any, Dict, List, Optional, Sequence, Tuple

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bragrules.analysis.equity import EquityError, hand_equity
from bragrules.audit import audit
from bragrules.core.cards import CARDS, JOKER_BASE, Card
from bragrules.engine.actions import Action
from bragrules.engine.arrange import hand_winners, minimum_strength, win_numerators
from bragrules.engine.deal import Deal
from bragrules.engine.reading import compare, read_hand
from bragrules.engine.showdown import Comparer, settle_many
from bragrules.engine.wild_cards import wild_deal_comparer
from bragrules.history import parse_sheet
from bragrules.play.bots import hand_share
from bragrules.profile import builtin_names, load_profile, load_profile_text
from bragrules.profile.models import Profile
from bragrules.rules.compile import Rules, compile_rules
from bragrules_cli.rank_cmd import _json_writer

from .conftest import scaled
from .helpers import run_cli, shipped_profile

VARIANTS = {
    "lowest": "ranking: {wild: {per_hand: lowest_rank}}",
    "highest": "ranking: {wild: {per_hand: highest_rank}}",
    "jhandu": "ranking: {wild: {from_centre: 1}}",
    "akq-over-prials": "ranking: {special_hands: [{ranks: [A, K, Q], suited: true, beats: prial}]}",
}
"""What no shipped profile uses: wild cards chosen in each hand or by the centre, a special hand over prials."""

NAMES = [n for n in builtin_names() if shipped_profile(n).table.max_players >= 3
         and shipped_profile(n).procedure.bank.kind is None] + sorted(VARIANTS)
"""Games won by the best hand (a banking game settles each hand against the bank's alone:
tests/rules/test_procedure_bank.py)."""
"""Every shipped profile that seats three (the deal below is A's and B's with C folding); the heads-up
profiles play the rankings of ``standard`` and ``teen-patti``, which are here."""


@lru_cache(maxsize=None)
def profile_of(name: str) -> Profile:
    if name in VARIANTS:
        return load_profile_text(f"extends: standard\nname: {name}\ntable: {{min_players: 2}}\n{VARIANTS[name]}\n")
    return load_profile(name)


def rules_of(name: str) -> Rules:
    return compile_rules(profile_of(name))


def shape(rules: Rules) -> Tuple[int, Optional[Card], int]:
    """(cards of a hand from the pack, the joker each player is dealt besides, face-up centre cards)."""
    fmt, wild = rules.format, rules.comparer.wild
    joker = CARDS[wild.joker] if wild is not None and wild.joker is not None else None
    size = 3 if fmt.hands > 1 else fmt.cards_dealt - (joker is not None)
    centre = wild.from_centre if wild is not None and wild.from_centre else (
        fmt.centre_cards if fmt.exchange and not fmt.draws else 0)
    return size, joker, centre + rules.procedure.turned  # and the cards the procedure turns (a trump, a bust card)


def pack_of(rules: Rules) -> List[Card]:
    pack = rules.pack
    return [CARDS[c] for c in range(JOKER_BASE + pack.jokers) if CARDS[c] not in pack.stripped]


@st.composite
def matches(draw: st.DrawFn, name: str) -> Tuple[Dict[str, Tuple[Card, ...]], List[Card]]:
    """Three hands of the shape the profile deals (A's and B's compared, C's folded), and its centre.

    The cards come from the whole pack or, as often, from a few ranks only, so that prials, runs,
    pairs, 2-3-5 and hands made with wild cards turn up as often as the rest."""
    rules = rules_of(name)
    size, joker, centre = shape(rules)
    wanted = 3 * size + centre
    pack = pack_of(rules)
    ranks = draw(st.none() | st.sets(st.integers(0, 12), min_size=(wanted + 3) // 4, max_size=6))
    if ranks is not None:
        pack = [c for c in pack if c.is_joker or c.rank in ranks]
    cards = draw(st.lists(st.sampled_from(pack), min_size=wanted, max_size=wanted, unique=True))
    own = (joker,) if joker is not None else ()
    hands = {p: tuple(cards[i * size:(i + 1) * size]) + own for i, p in enumerate("ABC")}
    assume(not rules.procedure.busted(cards[3 * size:], list(hands.items())))  # nobody packs to a bust card
    return hands, cards[3 * size:]


def comparer_of(rules: Rules, centre: Sequence[Card]) -> Comparer:
    """The deal's comparer: its wild cards chosen at the table, its trump suit (``procedure.trump_card``)."""
    comparer = wild_deal_comparer(rules, centre) if rules.comparer.wild is not None else rules.comparer
    return comparer.with_trump(rules.procedure.trump_suit(centre))


def json_line(comparer: Comparer, hand: Sequence[Card]) -> Dict[str, Any]:
    """What ``rank --json`` writes for the hand."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        _json_writer(comparer)(" ".join(map(str, hand)), read_hand(comparer, hand))
    return dict(json.loads(out.getvalue()))


def json_says(a: Dict[str, Any], b: Dict[str, Any]) -> int:
    """Who wins by the comparison ``rank --help`` documents for its JSON: the bigger key, unless one hand's
    strength lies in the other's ``beats_outside_order`` range."""
    if a["key"] == b["key"]:
        return 0
    for first, second, sign in ((a, b, 1), (b, a, -1)):
        beats = first.get("beats_outside_order")
        if beats and beats["strengths"][0] <= second["strength"] <= beats["strengths"][1]:
            return sign
    return 1 if a["key"] > b["key"] else -1


def laid(rules: Rules, hands: Dict[str, Tuple[Card, ...]], centre: Sequence[Card]) -> List[Card]:
    """The centre as dealt: ``centre`` and, where a hunt for the jokers comes first (``procedure.hunt_rounds``), the
    extra cards it lays open, the first of the pack in no hand (each closed during the hunt, last first, so that
    ``centre`` is left open to decide the jokers)."""
    extra = rules.procedure.hunt_rounds * len(hands)
    used = {c for hand in hands.values() for c in hand} | set(centre)
    return [*centre, *[c for c in pack_of(rules) if c not in used and not c.is_joker][:extra]]


def play_to_a_see(rules: Rules, hands: Dict[str, Tuple[Card, ...]], centre: Sequence[Card]) -> Deal:
    """A, B and C dealt these hands: C folds, A and B look (discarding as the hint says), bet the least and
    the first who may sees; the second shows (a hunt for the jokers played first by closing its extra cards)."""
    deal = Deal(rules, ["A", "B", "C"], hands, centre=laid(rules, hands, centre) or None)
    for _ in range(60):
        if deal.is_over:
            return deal
        options = deal.legal_actions()
        player = options[0].player
        if deal.view(player).hunting:
            deal.apply(Action(player, "close", target=str(deal.centre[-1])))
            continue
        by_kind = {o.kind: o for o in reversed(options)}
        if player == "C" and "fold" in by_kind:
            deal.apply(Action("C", "fold"))
        elif "discard" in by_kind and by_kind["discard"].target is not None:
            card = deal.view(player).best_discard()
            deal.apply(Action(player, "discard", target=str(card)))
        else:
            kind = next(k for k in ("show", "see", "look", "bet", "check") if k in by_kind)
            deal.apply(by_kind[kind].action())
    raise AssertionError("no see: " + " ".join(map(str, deal.actions)))


def sheet(name: str, deal: Deal, hands: Dict[str, Tuple[Card, ...]], winners: Sequence[str]) -> str:
    """The history of the deal: the seats listed so that the deal goes A, B, C from the dealer, C."""
    cards = ", ".join(f"{p}: {' '.join(map(str, hands[p]))}" for p in "ABC")
    dealt = deal.origin[6]  # the centre as dealt (a hunt's extra cards too)
    centre = f"    centre: {' '.join(map(str, dealt))}\n" if dealt else ""
    seats = "C, B, A" if deal.rules.table.rotation_step < 0 else "A, B, C"
    return (f"format: bragrules-history/1\nprofile: {name}\nplayers: [{seats}]\ndealer: C\ndeals:\n"
            f"  - cards: {{{cards}}}\n{centre}    actions: [{', '.join(map(str, deal.actions))}]\n"
            f"    result: {{winners: [{', '.join(winners)}]}}\n")


def fmt_bets(rules: Rules) -> bool:
    """Whether the deal is played to a see with C folding (a betting format of one hand each)."""
    return rules.format.betting and rules.format.hands == 1


def winner(said: int) -> str:
    return "A" if said > 0 else "B"


EXAMPLES = max(5, scaled(1) // 5)
"""Examples per profile (ten under the ci profile: 340 in all)."""


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data())
@settings(max_examples=EXAMPLES, deadline=None)
def test_rank_the_showdown_and_the_audit_agree_on_who_wins(name: str, data: st.DataObject) -> None:
    hands, centre = data.draw(matches(name))
    rules = rules_of(name)
    wild = rules.comparer.wild
    # the cards deciding the wild cards at the see: C's, laid in place of the turned ones where a fold replaces
    # them (ranking.wild.select's on_fold: replaced, Pack Jack); ``rank --centre`` is given those
    deciding = ([CARDS[c] for c in wild.deciding(centre, [hands["C"]])]
                if wild is not None and wild.replaced_on_fold and fmt_bets(rules) else centre)
    comparer = comparer_of(rules, deciding)
    a, b = hands["A"], hands["B"]
    said = compare(comparer, read_hand(comparer, a), read_hand(comparer, b))
    lines = json_line(comparer, a), json_line(comparer, b)
    assert json_says(*lines) == said
    for line, hand in zip(lines, (a, b)):  # the category the showdown (and a bonus) reads
        assert (line["category"], line["strength"]) == (comparer.category(hand), comparer.key(hand)[0])
    fmt = rules.format
    if fmt.hands > 1:  # several hands: one place, as the showdown compares it (a hand below a pair wins none)
        least = minimum_strength(rules.ranking.ranker) if fmt.minimum_pair else 0
        keys = {"A": comparer.key(a), "B": comparer.key(b)}
        can = [p for p in "AB" if keys[p][0] >= least]
        placed = hand_winners(rules, {"A": keys["A"], "B": keys["B"]}, "A", "B")[0]
        if len(can) < 2:
            assert placed == (can[0] if can else None)
        elif said:
            assert placed == winner(said)
        return
    if not fmt.betting:  # no betting: everyone shows, and the best hand takes the pot (settlement.showdown_all)
        held = {"A": a, "B": b}
        best = settle_many(rules, ["A", "B"], lambda p: comparer.key(held[p]),
                           lambda p: comparer.suit_key(held[p]), ["A", "B"])
        assert best == [winner(said)] if said else set(best) <= {"A", "B"}
        return
    deal = play_to_a_see(rules, hands, centre)
    result = deal.result
    # a see, or every hand shown once the stakes are matched (seeing.matched_showdown: always)
    assert result is not None and result.ending is not None and result.ending.kind in ("see", "showdown"), result
    if result.ending.kind == "showdown":  # every hand still in is shown: the best of them takes the pot
        folded = {a.player for a in deal.actions if a.kind == "fold"}
        shown = [p for p in "ABC" if p not in folded]
        held = dict(hands)
        best = settle_many(rules, shown, lambda p: comparer.key(held[p]), lambda p: comparer.suit_key(held[p]), shown)
        if rules.seeing.high_low:  # seeing.split: high_low: the best take half, the lowest the other half
            assert set(best) <= set(result.winners)
        else:
            assert sorted(result.winners) == sorted(best)
    else:
        assert result.ending.tied is (said == 0)
        if said and rules.seeing.high_low:  # the lower of the two takes the low half
            assert sorted(result.winners) == ["A", "B"] and result.payouts[winner(said)] == result.pot / 2
        elif said:
            assert list(result.winners) == [winner(said)]
    claimed = ([winner(said)] if said and result.ending.kind == "see" and not rules.seeing.high_low
               else list(result.winners))
    report = audit(parse_sheet(sheet(name, deal, hands, claimed), filename="s.yaml"), profile_of(name))
    assert report.ok, [str(v) for v in report.violations]


def bots_population(rules: Rules) -> List[Tuple[int, ...]]:
    """The hands a bot places its hand among (three-card profiles): every hand of the pack."""
    return list(itertools.combinations([int(c) for c in pack_of(rules)], 3))


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data())
@settings(max_examples=EXAMPLES, deadline=None)
def test_the_bots_value_hands_as_the_showdown_orders_them(name: str, data: st.DataObject) -> None:
    hands, centre = data.draw(matches(name))
    rules = rules_of(name)
    comparer = comparer_of(rules, centre)
    a, b = hands["A"], hands["B"]
    said = comparer.versus(a, b)
    if rules.format.hands > 1:  # the chance of winning a place, by strength
        numerators, _ = win_numerators(rules)
        ka, kb = comparer.key(a)[0], comparer.key(b)[0]
        if said:
            high, low = (ka, kb) if said > 0 else (kb, ka)
            assert numerators[high] >= numerators[low]
        return
    share_a, share_b = hand_share(rules, a, centre), hand_share(rules, b, centre)
    if not comparer.special:  # one order: the winner never has the smaller share
        if said:
            assert (share_a - share_b) * said >= 0, (share_a, share_b)
        else:
            assert share_a == share_b
        return
    population = bots_population(rules)  # special hands: the share is the part of the pack a hand beats
    for hand, share in ((a, share_a), (b, share_b)):
        beaten = sum(1 for other in population if comparer.versus(hand, other) > 0)
        assert share == beaten / len(population)


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data())
@settings(max_examples=max(2, EXAMPLES // 4), deadline=None)
def test_equity_counts_what_the_showdown_says_of_each_opponent(name: str, data: st.DataObject) -> None:
    hands, centre = data.draw(matches(name))
    rules = rules_of(name)
    hand = hands["A"]
    if rules.comparer.wild is None or not rules.comparer.wild.from_centre:
        centre = []  # an exchange's centre is no part of equity's question: one hand against one hand
    if len(hand) > 4:  # Kissing-Missing's five cards: refused, 1.5 million opponents to enumerate
        with pytest.raises(EquityError, match="up to 4 cards"):
            hand_equity(rules, hand, centre)
        return
    if len(hand) == 4:  # Four-Card's 194,580 opponents: enumerated against the pair loop by the tests of equity
        return
    comparer = comparer_of(rules, centre)
    joker = comparer.wild.joker if comparer.wild is not None else None
    own = (CARDS[joker],) if joker is not None else ()
    rest = [c for c in pack_of(rules) if c not in hand and c not in centre]
    counts = [0, 0, 0]
    mine = comparer.key(hand)
    for opponent in itertools.combinations(rest, 3 - len(own)):
        counts[comparer.order(mine, comparer.key(opponent + own)) + 1] += 1
    eq = hand_equity(rules, hand, centre)
    assert (eq.lose, eq.tie, eq.win) == tuple(counts)


# ---------------------------------------------------------------------------
# The cases where rank and the audit disagreed, each from its page
# ---------------------------------------------------------------------------

SEE = "[A look, A bet {bet}, B look, B bet {bet}, C fold, A see {see}]"


def ranked(capsys: Any, monkeypatch: Any, profile: str, *hands: str) -> List[Dict[str, Any]]:
    code, out, err = run_cli(capsys, monkeypatch, "rank", "-p", profile, "--json", *hands)
    assert code == 0, err
    return [json.loads(line) for line in out.splitlines()]


def audited(profile: Profile, cards: str, claimed: str, bet: int = 1, see: int = 2) -> List[str]:
    """The audit's violations of one deal between A and B (C folds) that A sees, claiming ``claimed`` won."""
    text = (f"format: bragrules-history/1\nprofile: {profile.name}\nplayers: [A, B, C]\ndealer: C\ndeals:\n"
            f"  - cards: {{{cards}}}\n    actions: {SEE.format(bet=bet, see=see)}\n"
            f"    result: {{winners: [{claimed}]}}\n")
    return [v.rule for v in audit(parse_sheet(text, filename="s.yaml"), profile).violations]


def variant(tmp_path: Any, name: str) -> str:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: standard\nname: {name}\ntable: {{min_players: 2}}\n{VARIANTS[name]}\n", encoding="utf-8")
    return str(path)


def test_the_lowest_card_wild_makes_two_nine_nine_a_prial_in_rank_as_at_the_showdown(
        tmp_path: Any, capsys: Any, monkeypatch: Any) -> None:
    """cardpartyclub.com's Lowest Joker: "each player's lowest ranking card in his/her hand will become
    Joker. If lowest card is in pair, then that pair is considered as two Jokers." 2-9-9: the two stands
    for a nine, a prial of nines, above B's run A-K-Q (its queen wild changes nothing better)."""
    trail, run = ranked(capsys, monkeypatch, variant(tmp_path, "lowest"), "2c 9h 9s", "Ac Kd Qh")
    assert (trail["category"], trail["wild"], trail["description"]) == ("prial", ["2c"], "prial of nines (2c as 9c)")
    assert json_says(trail, run) == 1
    cards = "A: 2c 9h 9s, B: Ac Kd Qh, C: 4c 5d 7h"
    assert audited(profile_of("lowest"), cards, "A") == []
    assert audited(profile_of("lowest"), cards, "B") == ["ranking.wild.per_hand"]


def test_a_kiss_and_a_miss_make_the_joker_in_rank_as_at_the_showdown(capsys: Any, monkeypatch: Any) -> None:
    """zeenews.india.com, Kissing Missing: "If you get a pair, you consider it as one joker, and it is called
    kiss. And for miss, any two alternate numbers in a sequence (for example 6 and 8) will together be
    considered one joker. You have to discard one extra card out of the five, and play the game." The
    6-6 of 6h 6d 9c Kh 2s are the joker (a king beside the king), not a pair of sixes; the 6-8 of
    6c 8d Jh Qh 2s the king of hearts of a running flush, which beats B's pair of aces."""
    kiss, = ranked(capsys, monkeypatch, "kissing-missing", "6h 6d 9c Kh 2s")
    assert kiss["description"] == "pair of kings, nine kicker (6h 6d a kiss, as Kc); 2s discarded"
    assert (kiss["wild"], kiss["discarded"]) == (["6h", "6d"], ["2s"])
    miss, aces = ranked(capsys, monkeypatch, "kissing-missing", "6c 8d Jh Qh 2s", "Ac Ad Kc 9s 4h")
    assert (miss["category"], miss["wild"]) == ("running_flush", ["6c", "8d"])
    assert json_says(miss, aces) == 1
    cards = "A: 6c 8d Jh Qh 2s, B: Ac Ad Kc 9s 4h, C: 3c 5d 7h Ts 3h"
    # Teen Patti's betting: a seen chaal of 2 (a whole number of boots, stakes.level_step), the show at the stake
    assert audited(load_profile("kissing-missing"), cards, "A", bet=2, see=2) == []
    assert audited(load_profile("kissing-missing"), cards, "B", bet=2, see=2) == ["ranking.wild.kiss_miss"]


def test_the_joker_dealt_to_each_player_is_ranked_and_counted(capsys: Any, monkeypatch: Any) -> None:
    """mega888's Teen Patti Joker: "Each player is dealt with three cards, given "2 cards" and "1 Joker
    card". The "Joker card" can replace with any kind of card." K-K with the joker is a prial of kings,
    above A-Q of hearts with the joker (the king: A-K-Q, a pure sequence); every opponent of equity holds
    a joker of their own too, so two cards of the fifty left make each opponent hand."""
    kings, sequence = ranked(capsys, monkeypatch, "joker", "Ks Kd Jk", "Ah Qh Jk")
    assert (kings["description"], sequence["category"]) == ("trail of kings (Jk as Kc)", "running_flush")  # its words
    assert json_says(kings, sequence) == 1
    code, _, err = run_cli(capsys, monkeypatch, "rank", "-p", "joker", "Ks Kd Qh")
    assert code == 2 and "ranking.wild.joker_each" in err and "Jk" in err
    code, out, err = run_cli(capsys, monkeypatch, "equity", "-p", "joker", "--json", "Ks Kd Jk")
    assert code == 0, err
    assert json.loads(out)["opponents"] == 1225
    cards = "A: Ks Kd Jk, B: Ah Qh Jk, C: 4c 5d Jk"
    assert audited(load_profile("joker"), cards, "A", bet=2, see=2) == []


def test_a_special_hand_says_in_ranks_json_what_it_beats_outside_the_order(
        tmp_path: Any, capsys: Any, monkeypatch: Any) -> None:
    """Zha Jin Hua (slackerblud.com): "235 is the smallest three cards of Zhajinhua, and the leopard is the
    biggest ... the smallest can eat the biggest, so 235 can eat the leopard." Its strength is the lowest
    and A-A-A's the highest, yet 2-3-5 takes the pot: rank's JSON says the order is not transitive and
    which strengths the special hand beats, and that comparison gives the audit's winner. The same with
    a suited A-K-Q made to beat every prial: below A-A-A by strength, the pot's by the rule."""
    low, leopard = ranked(capsys, monkeypatch, "zha-jin-hua", "2c 3d 5h", "Ac Ad Ah")
    assert low["strength"] < leopard["strength"] and low["transitive"] is False
    assert low["beats_outside_order"]["category"] == "prial" and leopard["beats_outside_order"] is None
    assert json_says(low, leopard) == 1
    # zha-jin-hua plays anticlockwise: from the dealer C the deal goes A, B, C when the seats are C, B, A
    text = ("format: bragrules-history/1\nprofile: zha-jin-hua\nplayers: [C, B, A]\ndealer: C\ndeals:\n"
            "  - cards: {A: 2c 3d 5h, B: Ac Ad Ah, C: 4c 6d 8h}\n    actions: " + SEE.format(bet=1, see=2) +
            "\n    result: {winners: [A]}\n")
    assert audit(parse_sheet(text, filename="s.yaml"), load_profile("zha-jin-hua")).ok
    akq, aces = ranked(capsys, monkeypatch, variant(tmp_path, "akq-over-prials"), "As Ks Qs", "Ac Ad Ah")
    assert akq["strength"] < aces["strength"] and json_says(akq, aces) == 1
    cards = "A: As Ks Qs, B: Ac Ad Ah, C: 4c 5d 7h"
    assert audited(profile_of("akq-over-prials"), cards, "A") == []
    code, out, _ = run_cli(capsys, monkeypatch, "rank", "-p", "zha-jin-hua", "2c 3d 5h")
    assert code == 0 and "beats every 豹子" in out and "not transitive" in " ".join(out.split())  # the game's words


def test_the_centre_that_decides_the_wild_cards_is_given_with_centre(
        tmp_path: Any, capsys: Any, monkeypatch: Any) -> None:
    """kaygamestp.com's Jhandu: "the dealer places one or more cards face-up in the center of the table.
    The value of these cards becomes the JOKER for all players". rank and equity value a hand with the
    centre given, and refuse in one line (exit 2) a profile's centre left out, a centre no profile turns
    up, and a hand holding a centre card."""
    jhandu = variant(tmp_path, "jhandu")
    trail, = ranked(capsys, monkeypatch, jhandu, "--centre", "8d", "8h 3c 3d")
    assert trail["description"] == "prial of threes (8h as 3h)" and trail["wild"] == ["8h"]
    for args, words in (((jhandu, "8h 3c 3d"), "give them with --centre"),
                        (("standard", "--centre", "8d", "8h 3c 3d"), "leave out --centre"),
                        ((jhandu, "--centre", "8h", "8h 3c 3d"), "8h is a face-up centre card")):
        code, out, err = run_cli(capsys, monkeypatch, "rank", "-p", *args)
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    code, out, err = run_cli(capsys, monkeypatch, "equity", "-p", jhandu, "--centre", "8d", "--json", "8h 3c 3d")
    assert code == 0 and json.loads(out)["opponents"] == 17296, err  # C(48, 3): the hand and the centre out
    code, _, err = run_cli(capsys, monkeypatch, "equity", "-p", jhandu, "8h 3c 3d")
    assert code == 2 and "ranking.wild.from_centre" in err and "--centre" in err


def test_a_kissing_missing_hand_holds_no_joker_of_the_pack(capsys: Any, monkeypatch: Any) -> None:
    """The page's pack has no jokers ("a pair ... you consider it as one joker"): Jk in a hand is refused."""
    code, _, err = run_cli(capsys, monkeypatch, "rank", "-p", "kissing-missing", "Jk 2c 5d 9h Ks")
    assert code == 2 and "ranking.wild.kiss_miss" in err


def _solvable(name: str) -> bool:
    from bragrules.solver.tree import Unsupported, check_supported

    try:
        check_supported(rules_of(name))
    except Unsupported:
        return False
    return True


@pytest.mark.parametrize("name", NAMES)
@given(data=st.data())
@settings(max_examples=EXAMPLES, deadline=None)
def test_the_solver_orders_hands_as_the_showdown_does(name: str, data: st.DataObject) -> None:
    """The solver's sums run over hands in the order of their strengths: it models a profile only where
    that order is the showdown's (:attr:`Comparer.by_strength`), and there every pair of hands agrees."""
    pytest.importorskip("numpy")
    from bragrules.solver.hands import HandSpace

    rules = rules_of(name)
    if not _solvable(name):
        return
    assert rules.comparer.by_strength
    space = HandSpace.for_rules(rules)
    hands, _ = data.draw(matches(name))
    i, j = space.hand_of(hands["A"]), space.hand_of(hands["B"])
    difference = int(space.strength[i]) - int(space.strength[j])
    assert (difference > 0) - (difference < 0) == rules.comparer.versus(hands["A"], hands["B"])


def test_equitys_counting_follows_the_special_hand() -> None:
    """The table of every strength and the counting of one hand add the pots a special hand takes outside
    the order (2-3-5 over every leopard) as the pair loop, hand against hand, finds them."""
    from bragrules.analysis.equity import counted_equity, equity_table, naive_equity

    rules = rules_of("zha-jin-hua")
    ranker = rules.ranking.ranker
    for text in ("2c 3d 5h", "Ac Ad Ah", "2c 3c 5c", "Kc Kd 9h"):
        eq = hand_equity(rules, text)
        assert counted_equity(ranker, text) == naive_equity(ranker, text) == (eq.win, eq.tie, eq.lose), text
    rows = {row.strength: row for row in equity_table(rules)}
    for text in ("2c 3d 5h", "Ac Ad Ah"):
        strength = hand_equity(rules, text).strength
        hands = [h for h in ranker.all_hands() if ranker.strength(h) == strength]
        sums = [sum(column) for column in zip(*(counted_equity(ranker, h) for h in hands))]
        assert [rows[strength].win, rows[strength].tie, rows[strength].lose] == sums, text
    assert rows[hand_equity(rules, "Ac Ad Ah").strength].lose == 4 * 60  # each of 4 leopards, to 60 2-3-5s
