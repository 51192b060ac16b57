"""Four-Card Brag's discard before the betting (X02).

https://kulfoldimunka.co/online-casino-spielen/brag-deutsch.php (Brag, in German): in Four-Card Brag a
player who looks at their cards discards one card before betting. (The stored copy of the page could not
be read again here; the rule as family-rules.md records it: "a player who looks discards one card before
betting".) Without the option, four-card keeps the best three by itself (003: "4 张牌，取最好的 3 张").
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bragrules.audit import audit
from bragrules.core.cards import parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.actions import Action
from bragrules.engine.session import Session, play_session
from bragrules.history import read_log
from bragrules.history.log_writer import LogWriter
from bragrules.play.bots import make_bot
from bragrules.profile import load_profile
from bragrules.rules.compile import compile_rules

from ..helpers import deal_with, play, rules_for

HANDS = {"A": "Ah Ad 9c 5s", "B": "Kc Kd Ks 2h", "C": "7c 8d 2s 3h"}


def discard_rules(**fmt: object):
    return rules_for("four-card-discard", **({"format": fmt} if fmt else {}))


def test_a_player_who_looks_discards_one_card_before_betting() -> None:
    """"a player who looks discards one card before betting": after the look the only actions offered
    are a discard of each card held, or a fold; a bet is refused under the field's rule, changing nothing."""
    deal = deal_with(discard_rules(), HANDS)
    play(deal, ["A look"])
    offered = deal.legal_actions()
    assert [(o.kind, o.target) for o in offered] == [("discard", "Ah"), ("discard", "Ad"), ("discard", "9c"),
                                                      ("discard", "5s"), ("fold", None)]
    before = deal.snapshot()
    with pytest.raises(RuleViolation) as refused:
        deal.apply(Action.parse("A bet 2"))
    assert refused.value.rule == "format.discard_before_betting"
    assert deal.players["A"].hand == before.players["A"].hand and deal.pot == before.pot
    play(deal, ["A discard 5s"])
    assert deal.players["A"].hand == tuple(parse_cards("Ah Ad 9c"))
    assert "bet" in [o.kind for o in deal.legal_actions()]  # the same turn goes on to the betting


def test_the_cards_left_play_even_when_the_discard_was_a_poor_choice() -> None:
    """The player's own discard decides: A throws away an ace and plays A-9-5 against a blind B, whose best
    three of K-K-K-2 play by themselves (a blind player does not discard)."""
    deal = deal_with(discard_rules(), {"A": "Ah Ad 9c 5s", "B": "7c 7d 2s 3h"})
    play(deal, ["A look", "A discard Ad", "A bet 2", "B bet 2", "A bet 4", "B see 4"])
    assert deal.result is not None and deal.result.winners == ["B"]  # a pair of sevens beats A-9-5
    kept = deal_with(discard_rules(), {"A": "Ah Ad 9c 5s", "B": "7c 7d 2s 3h"})
    play(kept, ["A look", "A discard 5s", "A bet 2", "B bet 2", "A bet 4", "B see 4"])
    assert kept.result is not None and kept.result.winners == ["A"]  # a pair of aces
    assert deal.players["B"].discarded is None and len(deal.players["B"].hand or ()) == 4


@pytest.mark.parametrize("text,rule", [("A discard 5s", "format.discard_before_betting"),
                                       ("A discard Kc", "format.discard_before_betting")])
def test_a_discard_not_owed_is_refused(text: str, rule: str) -> None:
    """Before a look there is nothing to discard; after one, only a card held; and only once."""
    deal = deal_with(discard_rules(), HANDS)
    with pytest.raises(RuleViolation) as blind:
        deal.apply(Action.parse(text))
    assert blind.value.rule == rule
    play(deal, ["A look"])
    with pytest.raises(RuleViolation):
        deal.apply(Action.parse("A discard Kc"))  # not A's card
    play(deal, ["A discard 5s"])
    with pytest.raises(RuleViolation) as again:
        deal.apply(Action.parse("A discard 9c"))
    assert again.value.rule == "format.discard_before_betting"


def test_four_card_without_the_option_is_unchanged() -> None:
    """four-card (003) offers no discard: a look goes straight to the betting, and a discard is refused."""
    deal = deal_with(rules_for("four-card"), HANDS)
    play(deal, ["A look"])
    assert "discard" not in [o.kind for o in deal.legal_actions()]
    with pytest.raises(RuleViolation) as refused:
        deal.apply(Action.parse("A discard 5s"))
    assert refused.value.rule == "format.discard_before_betting"


def test_the_discard_breaks_ties_when_the_profile_says_so() -> None:
    """pagat's tie-break by the discarded card, with the card the player chose: equal pairs of aces, the
    higher discard wins."""
    rules = discard_rules(discard_breaks_ties=True)
    deal = deal_with(rules, {"A": "Ah Ad 9c 5s", "B": "As Ac 9d 4h"})
    play(deal, ["A look", "A discard 5s", "A bet 2", "B look", "B discard 4h", "B bet 2", "A bet 4", "B see 8"])
    assert deal.result is not None and deal.result.winners == ["A"]  # A's discarded 5 beats B's 4


def test_bots_discard_to_the_strongest_hand_and_sessions_audit(tmp_path: Path) -> None:
    """The bots choose their discard from their own view (the card that leaves the strongest three)."""
    rules = discard_rules()
    deal = deal_with(rules, {"A": "2c Kh Kd Ks", "B": "7c 8d 2s 3h"})
    play(deal, ["A look"])
    bot = make_bot("cautious", random.Random(1))
    assert bot.choose(deal.view("A")) == Action.parse("A discard 2c")
    session = Session(compile_rules(load_profile("four-card-discard")), ["A", "B", "C"], seed=4)
    bots = {p: make_bot("cautious", random.Random(i)) for i, p in enumerate(session.players)}
    path = tmp_path / "discard.jsonl"
    with LogWriter.for_session(path, session):
        play_session(session, lambda d: bots[d.to_act].choose(d.view(d.to_act)), max_deals=30)  # type: ignore[index]
    text = path.read_text()
    assert session.state.deals >= 5 and " discard " in text
    report = audit(read_log(path))
    assert report.ok, report.violations
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if " discard " in line)
    record = json.loads(lines[at])
    player, _, card = record["action"].split()
    held = next(json.loads(line)["cards"][player] for line in lines
                if json.loads(line)["type"] == "cards" and json.loads(line)["deal"] == record["deal"]).split()
    record["action"] = f"{player} discard {next(c for c in ('Kc', 'Qc', 'Jc') if c not in held)}"
    lines[at] = json.dumps(record)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    assert not audit(read_log(bad)).ok  # a discard of a card not held is caught


def test_kissing_missing_discards_one_of_five_and_the_four_left_read_with_the_kiss() -> None:
    """zeenews.india.com, Kissing Missing: "If you get a pair, you consider it as one joker, and it is called
    kiss ... You have to discard one extra card out of the five, and play the game." A discards the 2♠ of
    7♣ 7♦ K♥ 2♠ 9♥: the kiss is a joker standing for A♥, and A-K-9 of hearts plays."""
    rules = rules_for("kissing-missing-discard")
    deal = deal_with(rules, {"A": "7c 7d Kh 2s 9h", "B": "2c 7s Qd 3s 3h"})
    play(deal, ["A look"])
    assert [o.target for o in deal.legal_actions() if o.kind == "discard"] == ["7c", "7d", "Kh", "2s", "9h"]
    play(deal, ["A discard 2s"])
    hand = deal.players["A"].hand
    assert hand is not None and len(hand) == 4
    assert deal.comparer.describe(hand) == "colour, A-K-9 (7c 7d a kiss, as Ah)"  # Teen Patti's words
    play(deal, ["A bet 2", "B bet 1", "A bet 4", "B see 2"])  # Teen Patti's betting: B blind at half, a show at the stake
    assert deal.result is not None and deal.result.winners == ["A"]  # B's blind best of five: a pair of queens
    worse = deal_with(rules, {"A": "7c 7d Kh 2s 9h", "B": "2c 7s Qd 3s 3h"})
    play(worse, ["A look", "A discard Kh", "A bet 2", "B bet 1", "A bet 4", "B see 2"])
    assert worse.players["A"].hand is not None
    assert deal.comparer.describe(worse.players["A"].hand) == "pair of nines, two kicker (7c 7d a kiss, as 9c)"
    assert worse.result is not None and worse.result.winners == ["B"]  # A's own poor discard: nines lose to queens


def test_arbitrate_rules_on_a_bet_before_the_discard() -> None:
    """A ruling cites the field: a player who looked and bet without discarding broke
    format.discard_before_betting; the discard itself is allowed and the same player is still to act."""
    from bragrules.arbitrate import arbitrate
    from bragrules.history import parse_sheet

    header = "format: bragrules-history/1\nprofile: four-card-discard\nplayers: [A, B, C]\ndealer: C\ndeals:\n"
    cards = "{A: Ah Ad 9c 5s, B: Kc Kd Ks 2h, C: 7c 8d 2s 3h}"
    bet = parse_sheet(header + f"  - cards: {cards}\n    actions: [A look]\n    dispute: A bet 2\n",
                      filename="bet.yaml")
    (ruling,) = arbitrate(bet, []).rulings
    assert ruling.allowed is False and "format.discard_before_betting" in ruling.rules
    thrown = parse_sheet(header + f"  - cards: {cards}\n    actions: [A look]\n    dispute: A discard 5s\n",
                         filename="discard.yaml")
    (allowed,) = arbitrate(thrown, []).rulings
    assert allowed.allowed is True and allowed.to_act == "A"
