"""``bragrules play`` is private too: over sessions that hypothesis plays under every shipped profile, the
terminal (its reader the person at the table, or, with bots in every seat, a spectator) never prints a card
its reader could not see at a real table: not in a line telling an action (a card laid face down is its
player's alone), not in the table drawn, not in a deal's result."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import Any, Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bragrules
from bragrules.play.bots import make_bot
from bragrules.play.table import Seat, Table
from bragrules.profile import load_profile
from bragrules_cli.play_view import TableView
from bragrules_cli.safe_console import SafeConsole
from tests.web_checks import Witness

SHIPPED = sorted(p.stem for p in (Path(bragrules.__file__).parent.parent / "profiles").glob("*.yaml"))
SYMBOL = re.compile(r"(10|[2-9JQKA])([♣♦♥♠])")
SUIT = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


def as_written(text: str) -> str:
    """The terminal's cards (``10♥``) written as the table writes them (``Th``)."""
    return SYMBOL.sub(lambda m: ("T" if m.group(1) == "10" else m.group(1)) + SUIT[m.group(2)], text)


class CheckedView(TableView):
    """The terminal's view, checking what it printed after each thing it was told (``witness``: what its
    reader could see at every moment since the last check)."""

    def __init__(self, reader: Optional[str], witness: Witness) -> None:
        super().__init__(SafeConsole(markup=True, width=200, color_system=None, file=io.StringIO()), explain=False)
        self.reader, self.witness, self.printed = reader, witness, 0

    def check(self, what: str, deal: Any) -> None:
        text = self.console.file.getvalue()  # type: ignore[attr-defined]
        self.witness.assert_told(as_written(text[self.printed:]), self.reader, what, jokers_alike=True)  # both "Jk"
        self.printed = len(text)
        self.witness.start(deal)

    def deal_started(self, table: Table, deal: Any) -> None:
        self.witness.start(deal)
        super().deal_started(table, deal)
        self.check("the deal's start", deal)

    def acted(self, table: Table, deal: Any, action: Any, reason: Optional[str]) -> None:
        super().acted(table, deal, action, reason)
        self.check(f"the line of {action}", deal)

    def deal_ended(self, table: Table, deal: Any, record: Any) -> None:
        super().deal_ended(table, deal, record)
        self.check("the deal's result", deal)


@pytest.mark.parametrize("profile", SHIPPED)
@settings(max_examples=max(2, settings.default.max_examples // 10))
@given(seed=st.integers(0, 10_000), person=st.booleans())
def test_the_terminal_prints_no_card_its_reader_could_not_see(profile: str, seed: int, person: bool) -> None:
    rules = load_profile(profile)
    count = max(rules.table.min_players, min(4, rules.table.max_players))
    styles = ["random", "loose", "random", "blind_bluffer"]  # random bots take what a good bot would not
    seats = ([Seat("You")] if person else []) + [Seat(f"Bot{i}", styles[i % 4]) for i in range(count - person)]
    reader = "You" if person else None
    witness = Witness([reader])
    view = CheckedView(reader, witness)
    stand_in = make_bot("random", random.Random(seed), "You")  # the person's moves, any of the legal ones

    def decide(table: Table, deal: Any, player: str) -> Any:
        view.draw(table, deal, player)  # the table as the person sees it before each move
        view.check("the table drawn", deal)
        return stand_in.choose(deal.view(player))

    table = Table.new(rules, seats, seed=seed, profile_name=profile, observer=view, decide=decide, hands=3)
    with witness.watching():
        table.run(max_deals=table.deals_left())
    assert table.deals_played >= 1


def test_a_line_names_a_card_only_to_a_reader_who_could_see_it() -> None:
    """The terminal's line of a face-down swap, and of Four-Card's discard, names the card to the player who
    laid it or put it away, and to nobody else: each reads the line by what it could see (``Sight``)."""
    from bragrules.core.cards import parse_cards
    from bragrules.engine.actions import Action
    from bragrules.engine.deal import Deal
    from bragrules.engine.view import Sight
    from bragrules_cli.play_view import describe_action
    from tests.helpers import rules_for

    def lines(deal: Deal, text: str) -> dict:
        sight = Sight(deal, ["A", "B", None])
        action = Action.parse(text)
        deal.apply(action)
        return {reader: as_written(describe_action(deal, action, seen)) for reader, seen in sight.seen().items()}

    swap = Deal(rules_for("bastard-brag"), ["A", "B"], {"A": parse_cards("2c 5d 9h"), "B": parse_cards("Kc Kd 4s")},
                centre=parse_cards("Ah Qs 3d"))
    told = lines(swap, "A swap down 2c")
    assert told["A"] == "[bold]A[/] swaps [bold]2c[/] for the face-down centre card"
    assert told["B"] == told[None] == "[bold]A[/] swaps a card for the face-down centre card"
    assert lines(swap, "B swap Kc Ah")[None] == "[bold]B[/] swaps [bold]Kc[/] for [red]Ah[/]"  # both face up
    discard = Deal(rules_for("four-card-discard"), ["A", "B"],
                   {"A": parse_cards("Ah Ad 9c 5s"), "B": parse_cards("Kc Kd Ks 2h")})
    discard.apply_text("A look")
    told = lines(discard, "A discard 5s")
    assert "5s" in told["A"] and told["B"] == told[None] == "[bold]A[/] discards one card face down"
