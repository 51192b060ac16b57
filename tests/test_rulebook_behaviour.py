"""Every shipped rulebook says what its profile does: each sentence that describes a situation
is played through the engine under that profile, and the outcome it states is checked.

The sentences are read from the rendered rulebook (what a table reads), not rebuilt from the
profile, so a sentence that contradicts the engine fails here whichever of the two is wrong. The
sources the rulebook names are checked against the rule texts' words (002: "ends after eight
resolved pots"; 003: "只有两人才能摊牌", only two may see; 000 plays with chips).
"""

from __future__ import annotations

import re
from fractions import Fraction as F
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import pytest

from bragrules.arbitrate import arbitrate
from bragrules.core.cards import CARDS, Card, parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.actions import Action
from bragrules.engine.deal import Deal, DealResult
from bragrules.engine.session import Session
from bragrules.explainers.rulebook import build_rulebook, render
from bragrules.history import parse_sheet
from bragrules.profile import builtin_names
from bragrules.rules.compile import Rules, compile_rules

from .helpers import run_cli, shipped_profile

NAMES = builtin_names()
BETTING = [n for n in NAMES if shipped_profile(n).format.betting and shipped_profile(n).procedure.bank.kind is None
           and not (shipped_profile(n).stakes.forced.kind in ("blind", "blinds") and shipped_profile(n).stakes.forced.live)]
"""The games of betting for a pot (a banking game's stakes against the bank: tests/rules/test_procedure_bank.py;
a live blind, which opens the betting before the scripts here do: tests/rules/test_profile_pot_blind.py)."""
ONE_HAND = [n for n in BETTING if shipped_profile(n).format.hands == 1 and shipped_profile(n).format.cards_dealt == 3]
ROOT = Path(__file__).resolve().parent.parent

HANDS = ["Kc 9c 4c", "5s 6h 7d", "2c 7h Jd", "3s 8h Qd", "4d 9h Kd", "2d 3c 9c"]
HUNTED = "6c 6d 6s 8c 8d 8s Tc Td Jc Jh Qc Qh"
"""The cards a hunt for the jokers (``procedure.hunt_rounds``) lays beside those deciding the jokers, in none of the
hands dealt here: every one is closed before the betting."""


def book(name: str) -> str:
    """The rulebook of ``name`` in Brag's plain words: a game's own words (``vocabulary``) change no play, so
    the sentences these tests read are the plain ones (that a game's book is told in its own words is
    tests/test_rulebook.py's)."""
    from bragrules.rules.vocabulary import Vocabulary

    plain = shipped_profile(name).model_copy(update={"vocabulary": Vocabulary()})
    return " ".join(render(build_rulebook(plain), "text").split())


def parse_action(text: str) -> Action:
    return Action.parse(text)


def stated(text: str, start: str) -> str:
    """The sentence of ``text`` that begins with ``start`` (up to its full stop)."""
    match = re.search(re.escape(start) + r"[^.]*\.", text)
    assert match, f"no sentence starting {start!r}"
    return match.group(0)


def rules(name: str) -> Rules:
    return compile_rules(shipped_profile(name))


def centre_for(r: Rules) -> Optional[Tuple[Card, ...]]:
    """The cards turned face up to decide wild cards (``ranking.wild``'s centre selectors), or after the deal
    (``procedure``: a trump card, a bust card), of ranks none of the hands dealt here holds; None where the
    profile turns none."""
    wild = r.comparer.wild
    if wild is not None and wild.from_centre:
        return tuple(parse_cards("Ts Js Qs"))[:wild.from_centre]
    return tuple(parse_cards("Th Ah"))[:r.procedure.turned] if r.procedure.turned else None


def deal_for(name: str, players: int) -> Deal:
    r = rules(name)
    names = [chr(ord("A") + i) for i in range(players)]
    hands = {p: tuple(parse_cards(HANDS[i])) for i, p in enumerate(names)}
    wild = r.comparer.wild
    if wild is not None and wild.joker is not None:  # ranking.wild.joker_each: two cards and the joker dealt
        hands = {p: (*hand[:2], CARDS[wild.joker]) for p, hand in hands.items()}
    return dealt(r, names, hands)


def dealt(r: Rules, names: List[str], hands: Dict[str, Tuple[Card, ...]]) -> Deal:
    """The deal of these hands, with the centre cards the profile turns (:func:`centre_for`) and, where a hunt for the
    jokers comes first (``procedure.hunt_rounds``), the hunt played by closing the extra cards it lays open, so that
    the hands are as dealt and the jokers as turned."""
    stacks = {p: r.session.starting_stack for p in names} if r.session.finite else None
    centre = centre_for(r)
    if r.procedure.hunt_rounds and centre is not None:
        centre = (*centre, *parse_cards(HUNTED)[:r.procedure.hunt_rounds * len(names)])
    deal = Deal(r, names, hands, stacks=stacks, centre=centre)
    while deal.hunt is not None:
        deal.apply(Action(deal.order[deal.turn], "close", target=str(deal.centre[-1])))
    return deal


def finish(deal: Deal) -> DealResult:
    default = deal.default_action()
    if default is not None:
        deal.apply(default)  # a blind survivor's hand: the profile's default
    assert deal.result is not None
    return deal.result


def seats(name: str) -> int:
    table = shipped_profile(name).table
    return min(max(3, table.min_players), table.max_players)


# ---------------------------------------------------------------------------
# Everyone folds before anybody bets
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ONE_HAND)
def test_everyone_folding_before_a_bet_ends_as_the_rulebook_says(name: str) -> None:
    """002 section 05: "If all opponents fold while you remain blind, you do NOT collect"; the
    rulebook's sentence on a deal nobody bet in must say so wherever the last player is blind."""
    sentence = stated(book(name), "If everyone folds before anybody bets,")
    deal = deal_for(name, seats(name))
    *folders, survivor = deal.order
    for player in folders:
        deal.apply_text(f"{player} fold")
    result = finish(deal)
    blind = deal.players[survivor].blind
    if "the pot carries to the next deal" in sentence:
        expected = "carried"
    elif "still blind, does not collect" in sentence:
        assert blind, sentence  # the sentence says the last player cannot have looked
        expected = "carried"
    elif "a blind last player does not collect" in sentence:
        expected = "carried" if blind else "won"
    else:
        assert "the last player takes the" in sentence, sentence
        expected = "won"
    assert result.outcome == expected, (sentence, result.reason)
    if expected == "won":
        assert result.winners == [survivor]


@pytest.mark.parametrize("name", [n for n in ONE_HAND if shipped_profile(n).blind.look == "any_time"])
def test_a_last_player_who_looked_before_anybody_bet_ends_as_the_rulebook_says(name: str) -> None:
    sentence = stated(book(name), "If everyone folds before anybody bets,")
    deal = deal_for(name, seats(name))
    *folders, survivor = deal.order
    deal.apply_text(f"{survivor} look")  # out of turn: blind.look any_time
    for player in folders:
        deal.apply_text(f"{player} fold")
    result = finish(deal)
    expected = "carried" if "the pot carries to the next deal" in sentence else "won"
    assert "takes the" in sentence or expected == "carried", sentence
    assert result.outcome == expected, (sentence, result.reason)


def test_traditional_says_the_unbet_pot_carries() -> None:
    """The sentence that contradicted the engine: under 002 the last player of a deal nobody bet
    in has had no turn, is blind, and does not collect."""
    sentence = stated(book("traditional"), "If everyone folds before anybody bets,")
    assert "takes the antes" not in sentence
    assert "does not collect" in sentence and "carries into the next deal" in sentence


# ---------------------------------------------------------------------------
# A blind survivor, the cost of a see, a tie
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", [n for n in ONE_HAND if shipped_profile(n).blind.allowed])
def test_a_blind_survivor_ends_as_the_rulebook_says(name: str) -> None:
    text = book(name)
    sentence = stated(text, "A blind player whose opponents all fold")
    deal = deal_for(name, seats(name))
    first, *others = deal.order
    level = shipped_profile(name).stakes.opening_min
    deal.apply_text(f"{first} bet {level * shipped_profile(name).stakes.blind_rate}")
    for player in others:
        deal.apply_text(f"{player} fold")
    result = finish(deal)
    assert deal.players[first].blind
    expected = "carried" if "does not collect" in sentence else "won"
    assert result.outcome == expected, (sentence, result.reason)


def _two_seen_at(name: str, level: int) -> Deal:
    """Three players: A and B look and bet ``level`` (seen), C folds; A is to act.

    Where every matched stake is shown (``seeing.matched_showdown``, single-stake Brag), two equal bets
    would end the deal, so A bets half the level and B raises to it: A, to act, may still see."""
    deal = deal_for(name, 3)
    a, b, c = deal.order
    first = level // 2 if shipped_profile(name).seeing.matched_showdown != "never" else level
    for text in (f"{a} look", f"{a} bet {first}", f"{b} look", f"{b} bet {level}", f"{c} fold"):
        if text.endswith(" look") and not shipped_profile(name).blind.allowed:
            continue
        deal.apply_text(text)
    return deal


@pytest.mark.parametrize("name", ONE_HAND)
def test_a_see_costs_what_the_rulebook_says(name: str) -> None:
    text = book(name)
    match = re.search(r"At level (\d+), a seen caller pays (\d+)", text) or \
        re.search(r"If the other player's last bet was (\d+), the see costs (\d+)", text)
    assert match, "the rulebook gives a see's cost by example"
    level, cost = int(match.group(1)), int(match.group(2))
    deal = _two_seen_at(name, level)
    caller = deal.order[0]
    with pytest.raises(RuleViolation):
        deal.apply_text(f"{caller} see {cost - 1}")
    deal.apply_text(f"{caller} see {cost}")
    assert deal.result is not None and deal.result.showdown


@pytest.mark.parametrize("name", ONE_HAND)
def test_a_tied_see_ends_as_the_rulebook_says(name: str) -> None:
    sentence = stated(book(name), "A tie") if "A tie goes" in book(name) else stated(book(name), "A tied see")
    r = rules(name)
    names = ["A", "B", "C"]
    hands = {"A": tuple(parse_cards("As Kd 9c")), "B": tuple(parse_cards("Ah Kc 9d")), "C": tuple(parse_cards("2c 3d 5h"))}
    wild = r.comparer.wild
    if wild is not None and wild.joker is not None:  # ranking.wild.joker_each: two cards and the joker dealt
        hands = {p: (*hand[:2], CARDS[wild.joker]) for p, hand in hands.items()}
    deal = dealt(r, names, hands)
    raised = "4" if shipped_profile(name).seeing.matched_showdown != "never" else "2"  # as _two_seen_at
    for text in ("A look", "A bet 2", "B look", f"B bet {raised}", "C fold"):
        if text.endswith(" look") and not shipped_profile(name).blind.allowed:
            continue
        deal.apply_text(text)
    cost = next(o.amount for o in deal.legal_actions() if o.kind == "see")  # as the profile prices it
    deal.apply_text(f"A see {cost}")
    result = finish(deal)
    if "against the player who called" in sentence:
        assert result.winners == ["B"], sentence
    elif "splits the pot" in sentence:
        assert result.outcome == "split" and set(result.winners) == {"A", "B"}, sentence
    else:
        pytest.fail(f"an untested tie sentence: {sentence}")


# ---------------------------------------------------------------------------
# Seats and money
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_the_table_seats_what_the_rulebook_says(name: str) -> None:
    text = book(name)
    match = re.search(r"This table seats (\d+)(?: to (\d+))? players\.", text)
    assert match, "the rulebook says how many the table seats"
    low, high = int(match.group(1)), int(match.group(2) or match.group(1))
    r = rules(name)
    names = [f"P{i}" for i in range(high + 1)]
    Session(r, names[:high], seed=1)
    Session(r, names[:low], seed=1)
    with pytest.raises(RuleViolation):
        Session(r, names[: high + 1], seed=1)
    if low > 2:
        with pytest.raises(RuleViolation):
            Session(r, names[: low - 1], seed=1)


def test_casual_does_not_say_its_game_is_for_six() -> None:
    """003: "2 到 8 人" (2 to 8 players); six is the site's seat count ("最多五名对手")."""
    text = book("casual")
    assert "for 2 to 6 players" not in text
    assert "This table seats 2 to 6 players." in text
    assert "At most 6 players may sit in. (from the cardgames.zone rules page (the site's six seats; " \
           "its game is for 2 to 8))" in text


@pytest.mark.parametrize("name", [n for n in NAMES if shipped_profile(n).format.lives is None
                                  and shipped_profile(n).session.points.target is None])  # no money: lives or points
def test_balances_go_where_the_rulebook_says(name: str) -> None:
    """An account may go below zero; a chip stack never does."""
    text = book(name)
    r = rules(name)
    session = Session(r, [f"P{i}" for i in range(seats(name))], seed=3)
    deal = session.start_deal()
    for _ in range(500):  # everyone folds in turn (a blind survivor's hand as the profile assumes)
        if deal.is_over:
            break
        default = deal.default_action()
        if default is not None:
            deal.apply(default)
        else:  # a fold, a knock that ends an exchange with the table's cards (which may otherwise go round
            # for ever), or the only move (Thirteen-Card: arrange, then all show)
            options = deal.legal_actions()
            deal.apply(next((o for o in options if o.kind in ("fold", "knock")), options[0]).action())
    assert deal.is_over, "the deal did not end within 500 moves"
    session.finish_deal()
    low = min(session.balances.values())
    if "may go below zero" in text:
        assert low < 0 or r.stakes.ante == 0
    else:
        assert "can lose no more" in text and low >= 0


def test_a_profile_of_000_says_000_plays_with_chips() -> None:
    """000: "play until one player has won all the chips": accounts are not 000's rule."""
    for name in ("standard", "classic"):
        sentence = stated(book(name), "Balances are kept as accounts")
        assert "the general rules page plays with chips" in sentence
    assert "plays with chips" not in book("traditional")


# ---------------------------------------------------------------------------
# Sources
# ---------------------------------------------------------------------------


def departures(name: str) -> Dict[str, str]:
    text = book(name)
    found = re.findall(r"- ([^-]*?) \(from ((?:[^()]|\([^()]*\))*)\)", text.split("At this table", 1)[1])
    return {sentence: source for sentence, source in found}


@pytest.mark.parametrize("name, sentence, source", [
    ("traditional", "The session ends after 8 resolved pots, carried deals not counting.", "the traditional rules text"),
    ("traditional", "Each raise adds at most 5 to the level.", "the traditional rules text"),
    ("house", "Each raise adds at most 10 to the level.", "a house rule"),
    ("house", "The session ends after 20 deals, carried deals included.", "a house rule"),
    ("casual", "The session ends after 15 deals, carried deals included.", "the cardgames.zone rules page"),
    ("standard", "A see costs twice the other player's last bet.", "the general rules page"),
])
def test_each_departure_names_the_sources_of_all_its_values(name: str, sentence: str, source: str) -> None:
    """A sentence made by several fields (a cap's kind and amount, an end's kind and count) comes
    from what states all of them: 002's eight are resolved pots, 003's eight are hands."""
    assert departures(name)[sentence] == source


def _see_dispute(profile: str, players: str, actions: str, dispute: str) -> Dict[str, str]:
    sheet = parse_sheet(f"profile: {profile}\nplayers: [{players}]\ndealer: {players.split(', ')[-1]}\ndeals:\n"
                        f"  - cards: {{A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd}}\n    actions: [{actions}]\n"
                        f"    dispute: {dispute}\n", filename="dispute.yaml")
    ruling = arbitrate(sheet).rulings[0]
    return {c.path: c.source for c in ruling.citations}


def test_only_two_may_see_is_003s_rule_too() -> None:
    """003 section 7: "只有两人才能摊牌" (only two can show)."""
    cited = _see_dispute("traditional", "A, B, C", "A look, A bet 2, B look, B bet 2", "C see 4")
    assert cited["seeing.two_players"] == "000, 002, 003"


def test_the_cost_of_a_see_at_the_others_last_bet_is_000s_alone(
        tmp_path: Path, capsys: "pytest.CaptureFixture[str]", monkeypatch: pytest.MonkeyPatch) -> None:
    """000: "you pay twice the amount of the other player's last bet": the ruling's sentence on
    what the see costs (the multiple and the basis together) names 000 alone."""
    situation = tmp_path / "short.yaml"
    situation.write_text("profile: standard\nplayers: [A, B, C]\ndealer: C\ndeals:\n"
                         "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: 2c 7h Jd}\n"
                         "    actions: [A look, A bet 2, B look, B bet 2, C fold]\n    dispute: A see 3\n",
                         encoding="utf-8")
    code, out, _ = run_cli(capsys, monkeypatch, "arbitrate", str(situation))
    assert code == 0
    line = next(line for line in out.splitlines() if "a see costs twice the other player's last bet" in line)
    assert line.strip().endswith("(from the general rules page)"), line


def test_every_text_has_both_hands_shown() -> None:
    """000: "Both players then reveal their cards"; 002: "Opponent exposes first"; 003: "然后双方亮牌"
    (then both reveal): a see with both hands shown is every text's rule, conceding a house rule's."""
    from bragrules.explainers.explain import source_of

    assert source_of("seeing.concede_unseen", False) == "000, 002, 003"
    assert source_of("seeing.concede_unseen", True) == "house rule"


# ---------------------------------------------------------------------------
# Who may see whom, and the stakes
# ---------------------------------------------------------------------------

WHO = {"seen": True, "blind": False}  # looked at the cards


def _heads_up(name: str, caller_looks: bool, opponent_looks: bool) -> Deal:
    """Three players: A (the caller) and B bet at level 2, each seen or blind, C folds."""
    p = shipped_profile(name)
    deal = deal_for(name, 3)
    a, b, c = deal.order
    for player, looks in ((a, caller_looks), (b, opponent_looks)):
        if looks and p.blind.allowed:
            deal.apply_text(f"{player} look")
        rate = 1 if deal.players[player].seen else p.stakes.blind_rate
        deal.apply_text(f"{player} bet {2 * rate}")
    deal.apply_text(f"{c} fold")
    return deal


@pytest.mark.parametrize("name", [n for n in ONE_HAND if shipped_profile(n).blind.allowed])
@pytest.mark.parametrize("caller, opponent", [("seen", "seen"), ("seen", "blind"), ("blind", "seen"), ("blind", "blind")])
def test_who_may_see_whom_is_as_the_rulebook_says(name: str, caller: str, opponent: str) -> None:
    text = book(name)
    allowed = f"A {caller} player may see a {opponent} player." in text
    assert allowed or f"A {caller} player may not see a {opponent} player." in text
    deal = _heads_up(name, WHO[caller], WHO[opponent])
    kinds = [o.kind for o in deal.legal_actions()]
    assert ("see" in kinds) is allowed, (name, caller, opponent, kinds)


@pytest.mark.parametrize("name", ONE_HAND)
def test_only_the_last_two_may_see_as_the_rulebook_says(name: str) -> None:
    assert "Only the last two players may see." in book(name)
    deal = deal_for(name, 3)
    a, b, _ = deal.order
    p = shipped_profile(name)
    for player in (a, b):
        if p.blind.allowed:
            deal.apply_text(f"{player} look")
        deal.apply_text(f"{player} bet 2")
    assert "see" not in [o.kind for o in deal.legal_actions()]  # three are still in


@pytest.mark.parametrize("name", [n for n in ONE_HAND if shipped_profile(n).blind.allowed])
def test_a_blind_player_pays_as_the_rulebook_says(name: str) -> None:
    match = re.search(r"At level (\d+), for example, a seen player pays (\d+) and a blind player (\w+)\.",
                      book(name))
    assert match, "the rulebook gives the blind rate by example"
    level, seen, blind = match.group(1), match.group(2), match.group(3)
    deal = deal_for(name, 3)
    a, b, _ = deal.order
    deal.apply_text(f"{a} bet {blind}")  # blind: opens the level at `level`
    assert deal.level == F(level)
    deal.apply_text(f"{b} look")
    with pytest.raises(RuleViolation):
        deal.apply_text(f"{b} bet {blind}")  # a seen player pays the full level
    deal.apply_text(f"{b} bet {seen}")


@pytest.mark.parametrize("name", ONE_HAND)
def test_the_opening_and_raises_are_as_the_rulebook_says(name: str) -> None:
    text = book(name)
    deal = deal_for(name, 3)
    a, b, _ = deal.order
    p = shipped_profile(name)
    if p.blind.allowed:
        deal.apply_text(f"{a} look")
    opening = re.search(r"The first bet opens the level at (\d+) to (\d+)\.", text)
    raise_cap = re.search(r"Each raise adds at most (\d+) to the level\.", text)
    if opening:
        low, high = int(opening.group(1)), int(opening.group(2))
        with pytest.raises(RuleViolation):
            deal.verify(parse_action(f"{a} bet {high + 1}"))
        deal.verify(parse_action(f"{a} bet {low}"))
        deal.apply_text(f"{a} bet {high}")
    else:
        assert "The first bet opens the level at 1 or more." in text
        deal.apply_text(f"{a} bet 40")
    level = int(deal.level or 0)
    if p.blind.allowed:
        deal.apply_text(f"{b} look")
    if raise_cap:
        cap = int(raise_cap.group(1))
        with pytest.raises(RuleViolation):
            deal.verify(parse_action(f"{b} bet {level + cap + 1}"))
        deal.apply_text(f"{b} bet {level + cap}")
    elif "A bet sets the level at most twice the current level" in text:  # Teen Patti's chaal
        top = level * 2
        with pytest.raises(RuleViolation):
            deal.verify(parse_action(f"{b} bet {top + level}"))
        deal.apply_text(f"{b} bet {top}")
    else:
        assert "Raises are unlimited." in text
        most = p.stakes.max_stake  # a highest stake, where the rulebook states one, bounds the level still
        assert most is None or f"no bet may set the level above {most}" in text.lower()
        deal.apply_text(f"{b} bet {level * 10 if most is None else min(level * 10, int(most))}")
    if "Nobody may check" in text:
        with pytest.raises(RuleViolation):
            deal.verify(parse_action(f"{deal.to_act} check"))


# ---------------------------------------------------------------------------
# The special cases (000's fine points)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ONE_HAND)
def test_an_exposure_before_betting_ends_as_the_rulebook_says(name: str) -> None:
    text = book(name)
    deal = deal_for(name, 3)
    a, b, c = deal.order
    deal.apply_text(f"{c} exposes {b}")
    if "that player may demand a redeal with all antes returned" in text:
        deal.apply_text(f"{b} redeal")
        assert deal.result is not None and deal.result.outcome == "redeal"
        assert set(deal.result.net.values()) == {0}  # all antes returned
    else:
        with pytest.raises(RuleViolation):
            deal.apply_text(f"{b} redeal")


@pytest.mark.parametrize("name", ONE_HAND)
def test_a_deliberate_look_ends_as_the_rulebook_says(name: str) -> None:
    text = book(name)
    deal = deal_for(name, 4)
    a, b, c, d = deal.order
    if shipped_profile(name).blind.allowed:
        deal.apply_text(f"{a} look")
    deal.apply_text(f"{a} bet 2")
    deal.apply_text(f"{c} peeks {b}")  # out of turn: B is to act
    if "must fold, their bets staying in the pot" in text:
        assert deal.players[c].folded and deal.to_act == b  # "the turn stays with the player whose turn it was"
    else:
        assert not deal.players[c].folded
