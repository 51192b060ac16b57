"""How ``bragrules play`` looks and listens: the table drawn and what happens told (:class:`TableView`),
and every line typed read through one :class:`Prompter` (the keyboard, a pipe or a script: it lives in
:mod:`bragrules_cli.play_input`); a person's turn is :mod:`bragrules_cli.play_turn`.

>>> plural(1, "deal"), plural(2, "deal")
('1 deal', '2 deals')
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable, Dict, FrozenSet, List, Optional, Tuple

from bragrules.core.cards import Card, parse_card
from bragrules.core.i18n import ENGLISH, language, tr
from bragrules.core.text import to_you
from bragrules.play.plays import plays_said

from .play_bank import BankPrompts
from .play_input import MAX_SCRIPT_BYTES, Prompter, esc, read_script
from .wide_tables import aligned

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console

    from bragrules.engine.actions import Action
    from bragrules.engine.deal import Deal
    from bragrules.engine.events import SideShowAnswer
    from bragrules.engine.session import DealRecord
    from bragrules.engine.view import Sight
    from bragrules.play.table import Observer as _ObserverBase
    from bragrules.play.table import Table
else:
    _ObserverBase = object  # bragrules.play.table is imported only once a game starts


BIG_BET_TIMES = 10
"""A bet of more than this many times the pot (or 10 when the pot is smaller than 1) is confirmed first."""
def plural(count: int, noun: str) -> str:
    """``1 deal``, ``2 deals``.

    >>> plural(1, "deal"), plural(0, "deal"), plural(2, "deal")
    ('1 deal', '0 deals', '2 deals')
    """
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"

# ---------------------------------------------------------------------------
# Showing the table
# ---------------------------------------------------------------------------


def card_markup(card: Any) -> str:
    colour = "red" if card.suit in (1, 2) else "bold"
    return f"[{colour}]{card.symbol}[/]"


def cards_markup(cards: Any) -> str:
    return " ".join(card_markup(c) for c in cards)


def money(amount: Any) -> str:
    """An amount as the language spoken writes it (``2½``; Hindi groups digits the Indian way)."""
    from bragrules.core.i18n import amount_text

    return amount_text(amount)


def signed(amount: Any) -> str:
    text = money(amount)
    return f"+{text}" if amount > 0 else text


class TableView(BankPrompts, _ObserverBase):
    """Draws the table and reports what happens (an Observer of the game loop)."""

    def __init__(self, console: "Console", explain: bool, delay: float = 0.0,
                 prompter: Optional["Prompter"] = None):
        self.console = console
        self.explain = explain
        self.delay = delay
        self.prompter = prompter  # set for a person at the table: asked to go on between deals without betting
        self.level_explained = False  # "level" is explained once, the first time it is shown
        self.sight: Optional["Sight"] = None  # before an action: the cards the terminal's readers could see

    def level_note(self, deal: "Deal") -> str:
        """What the level means, the first time it is shown (then nothing): `` (a seen player pays 4, ...)``."""
        if self.level_explained or deal.level is None or deal.rules.procedure.bank is not None:
            return ""
        self.level_explained = True
        rules = deal.rules
        seen = money(deal.level)
        if rules.blind.allowed:
            return " [dim](" + tr("the level: a seen player pays {seen} a turn to stay in, a blind one {blind}",
                                  seen=seen, blind=money(rules.stakes.payment(deal.level, blind=True))) + ")[/]"
        return " [dim](" + tr("the level: each player pays {seen} a turn to stay in", seen=seen) + ")[/]"

    # -- observer ---------------------------------------------------------

    def offer_buy(self, table: "Table", player: str, kind: str, least: Any, most: Any) -> Any:
        """Offer a person the chips the profile lets them buy between deals, with the exact amounts; the
        amount typed (within them), or None for Enter, ``no`` or the end of a script."""
        from fractions import Fraction

        if self.prompter is None:
            return None
        span = money(least) if least == most else tr("{low} to {high}", low=money(least), high=money(most))
        question = {"buy_in": tr("{player}, you may bring to the table for {span}: amount, or Enter for none?",
                                 player=esc(player), span=span),
                    "rebuy": tr("{player}, you may buy in again (you are out of chips) for {span}: amount, or Enter "
                                "for none?", player=esc(player), span=span),
                    "top_up": tr("{player}, you may top up your stack for {span}: amount, or Enter for none?",
                                 player=esc(player), span=span)}[kind]
        while True:
            answer = self.prompter.ask(question)
            if answer is None or answer.lower() in ("", "n", "no", "none"):
                return None
            try:
                amount = Fraction(answer.replace("½", "1/2"))
            except (ValueError, ZeroDivisionError):
                amount = None
            if amount is not None and least <= amount <= most:
                return amount
            self.console.print(tr("type an amount from {span}, or press Enter for none", span=span))

    def bought(self, table: "Table", player: str, kind: str, amount: Any) -> None:
        said = {"player": esc(player), "amount": money(amount), "stack": money(table.session.balances[player])}
        line = {"buy_in": tr("{player} brings {amount} (now {stack} in chips)", **said),
                "rebuy": tr("{player} buys in again for {amount} (now {stack} in chips)", **said),
                "top_up": tr("{player} tops up by {amount} (now {stack} in chips)", **said)}[kind]
        self.console.print(to_you(line) if language() == ENGLISH else line)  # "You bring", not "You brings"

    def deal_started(self, table: "Table", deal: "Deal") -> None:
        session = table.session
        number = session.state.dealt + 1  # as the log numbers it (a redeal is numbered too)
        carried = tr(", {amount} carried", amount=money(deal.carried_in)) if deal.carried_in else ""
        dealer = session.dealer
        pot = " · " + tr("pot {amount}", amount=money(deal.pot)) + carried if deal.rules.format.betting else ""
        deals = (f"{esc(dealer)} {verb(dealer, 'deals')}" if language() == ENGLISH
                 else tr("{dealer} deals", dealer=esc(dealer)))
        self.console.rule(tr("Deal {number}", number=number) + f" · {deals}{pot}", style="dim")
        if deal.posted:  # stakes.forced: the antes, boot, blinds or stake, as posted before the betting
            from bragrules.rules.forced_bets import posts_text

            self.console.print(f"[dim]Before the betting: {esc(posts_text(deal.posted))}.[/]")
        for name in table.humans:
            state = deal.players.get(name)
            if state is not None and state.seen and state.hand is not None and deal.rules.format.hands > 1:
                in_order = deal.rules.ranking.ranker.in_order(state.hand)  # sorted by the game's order, to arrange
                self.console.print(tr("{name}, your cards: {cards}", name=esc(name), cards=cards_markup(in_order))
                                   + "  " + tr("(to arrange into {n} hands of three)", n=deal.rules.format.hands))
            elif state is not None and state.seen and state.hand is not None:
                self.console.print(tr("{name}, your cards: {cards}", name=esc(name), cards=cards_markup(state.hand))
                                   + f"  ([italic]{deal.comparer.describe(state.hand)}[/])")

    @staticmethod
    def readers(table: "Table") -> List[Optional[str]]:
        """Who reads this terminal: the people at the table (each shown their own cards here), or,
        with bots in every seat, a spectator (None)."""
        return list(table.humans) or [None]

    def acting(self, table: "Table", deal: "Deal", action: "Action") -> None:
        from bragrules.engine.view import Sight

        self.sight = Sight(deal, [r for r in self.readers(table) if r is None or r in deal.players])

    def seen(self, table: "Table", deal: "Deal") -> FrozenSet[Card]:
        """The cards the line of the action just applied may name here: those the terminal's readers could
        see before it or can see after it (:class:`~bragrules.engine.view.Sight`, the views' own rule)."""
        from bragrules.engine.view import Sight

        sight, self.sight = self.sight, None
        if sight is None:  # told of an action it was not told was coming: what they see now, no more
            sight = Sight(deal, [r for r in self.readers(table) if r is None or r in deal.players])
        return frozenset().union(*sight.seen().values())

    def acted(self, table: "Table", deal: "Deal", action: "Action", reason: Optional[str]) -> None:
        line = describe_action(deal, action, self.seen(table, deal))
        if action.kind == "bet":
            line += self.level_note(deal)
        if reason and self.explain:  # the bot's reason, its moves in the game's words (packs, not folds)
            from bragrules.rules.vocabulary import said

            line += f"  [dim]— {esc(said(reason, deal.rules.words))}[/]"
        self.console.print(line, highlight=False)
        if action.kind == "accept":  # the hands compared, to a person at the table who was one of the two
            for name in table.humans:
                private = side_show_private(deal, name)
                if private is not None and deal.side_show is None:
                    self.console.print(private, highlight=False)
        if self.delay and not table.seats[action.player].is_human:
            time.sleep(self.delay)

    def deal_ended(self, table: "Table", deal: "Deal", record: "DealRecord") -> None:
        from .play_results import explain_result, house_line

        for line in explain_result(deal):
            self.console.print(line, highlight=False)
        net = "  ".join(f"{esc(p)} {signed(v)}" for p, v in record.result.net.items() if v)
        if net:  # the names escaped before the sentence is made: a translation adds no markup
            self.console.print("[dim]" + tr("this deal: {net}", net=net) + "[/]", highlight=False)
        house = house_line(table, record)
        if house:
            self.console.print(f"[dim]{house}[/]", highlight=False)
        if table.session.rules.format.lives is not None:
            lives = "  ".join(f"{esc(p)} {table.session.lives[p]}" for p in table.session.players)
            if table.session.rules.format.pays_for_lives:  # format.life_stake: the pot the last player collects
                lives += "  · " + tr("pot of lives {amount}", amount=money(table.session.lives_pot))
            self.console.print("[dim]" + tr("lives: {lives}", lives=lives) + "[/]", highlight=False)
        points = table.session.rules.session.points
        if points is not None and record.result.points is not None:  # session.points: the deal's points and the scores
            scored = "  ".join(f"{esc(p)} {record.result.points.get(p, 0)}" for p in table.session.players)
            scores = "  ".join(f"{esc(p)} {table.session.scores[p]}" for p in table.session.players)
            self.console.print(tr("points this deal: {scored}", scored=scored), highlight=False)
            self.console.print(tr("[bold]scores[/] (to {target}): {scores}", target=points.target, scores=scores),
                               highlight=False)
        self.pause(table, record)

    def pause(self, table: "Table", record: "DealRecord") -> None:
        """Between deals without betting (Crash, Stop the Bus), a person at the table goes on when ready.

        Such a deal may ask the person nothing (Crash has no decisions), so
        without this pause a whole session would scroll past unread. Enter
        (in a script: any line, such as ``next``) deals the next one; ``q``
        or the end of the input stops, as at a move.
        """
        if self.prompter is None or table.session.rules.format.betting or not table.humans:
            return
        if table.session.is_over or (table.hands is not None and table.deals_played >= table.hands):
            return
        answer = self.prompter.ask(tr("Enter: next deal, q: stop>"))
        if answer is None or answer.lower() in ("q", "quit", "exit"):
            table.stopped = True

    def session_ended(self, table: "Table") -> None:
        self.standings(table, final=True)

    # -- drawing ----------------------------------------------------------

    def standings(self, table: "Table", final: bool = False) -> None:
        """The session's standings: :func:`bragrules_cli.play_standings.standings`."""
        from .play_standings import standings

        standings(self, table, final)

    def draw(self, table: "Table", deal: "Deal", viewer: str) -> None:
        """The table as ``viewer`` sees it: the headline, a row a player, their own cards, then the
        centre, the stock and the discard pile where the game has them."""
        self.headline(table, deal)
        self.console.print(aligned(self.grid(table, deal, viewer)))  # lined up on the screen, Hindi included
        self.own_cards(deal, viewer)
        self.face_up(deal, viewer)
        self.centre(deal, viewer)

    def headline(self, table: "Table", deal: "Deal") -> None:
        """The line above the grid: the pot and the level when there is betting, else who dealt and
        what the deal is played for (a point, a life, or the pot with all hands shown at once)."""
        rules = deal.rules
        session = table.session
        bank = rules.procedure.bank
        if bank is not None:  # a banking game: what is staked, against whom
            held = bank.bank if deal.bank is None else deal.bank  # procedure.bank.carry: the bank carried in
            said = {"amount": money(deal.pot), "dealer": esc(session.dealer)}
            self.console.print(tr("[bold]staked {amount}[/] against the house's dealer · {dealer} dealt", **said)
                               if bank.house else
                               tr("[bold]staked {amount}[/] against {dealer}'s bank of {bank} · {dealer} dealt",
                                  bank=money(held), **said), highlight=False)
            return
        if rules.format.betting:
            level = (tr("nobody has bet") if deal.level is None
                     else tr("level {amount}", amount=money(deal.level)) + self.level_note(deal))
            pot = tr("pot {amount}", amount=money(deal.pot))
            self.console.print(f"[bold]{pot}[/] · {level}{cap_note(deal)} · "
                               + tr("{dealer} dealt", dealer=esc(session.dealer)), highlight=False)
            return
        knocked = deal.knocker
        knock = " · " + tr("{player} knocked: last turn", player=esc(knocked)) if knocked else ""
        points = rules.session.points
        if points is not None:  # session.points: each hand compared across the table scores
            spare = (" · " + tr("a spare hand lies face down") if deal.spare_dealt is not None and not deal.spare_taken
                     else "")
            self.console.print("[bold]" + tr("{dealer} dealt", dealer=esc(session.dealer)) + f"[/]{spare} · "
                               + tr("a point for each hand won, to {target} points", target=points.target),
                               highlight=False)
        else:
            stake = (tr("the lowest hand shown loses a life") if rules.format.lives is not None
                     else tr("pot {amount}: all hands are shown at once", amount=money(deal.pot)))
            self.console.print("[bold]" + tr("{dealer} dealt", dealer=esc(session.dealer)) + f"[/]{knock} · {stake}",
                               highlight=False)

    def grid(self, table: "Table", deal: "Deal", viewer: str) -> Any:
        """A row a player: the one to act marked, ``viewer`` in bold, the style a bot plays (on a wide
        screen), the status, and the money, lives or points the game keeps."""
        from rich.table import Table as RichTable

        rules = deal.rules
        session = table.session
        betting = rules.format.betting
        narrow = self.console.width < 60
        grid = RichTable(box=None if narrow else None, show_edge=False, pad_edge=False, header_style="dim")
        grid.add_column("")
        grid.add_column(tr("player"))
        if not narrow:
            grid.add_column(tr("plays"))
        grid.add_column(tr("status"))
        if betting:
            grid.add_column(tr("in"), justify="right")
            grid.add_column(tr("net"), justify="right")
        if rules.format.lives is not None:
            grid.add_column(tr("lives"), justify="right")
        if rules.session.points is not None:
            grid.add_column(tr("points"), justify="right")
        for name in deal.order:
            state = deal.players[name]
            marker = "▶" if name == deal.to_act else ""
            row = [marker, f"[bold]{esc(name)}[/]" if name == viewer else esc(name)]
            if not narrow:
                row.append(plays_said(table.seats[name].style, rules.profile, len(deal.order)))
            row.append(player_status(deal, name))
            if betting:
                row += [money(state.contributed), signed(session.net()[name])]
            if rules.format.lives is not None:
                row.append(str(session.lives[name]))
            if rules.session.points is not None:
                row.append(str(session.scores[name]))
            grid.add_row(*row)
        return grid

    def own_cards(self, deal: "Deal", viewer: str) -> None:
        """``viewer``'s own cards: hidden while blind, else shown with what to do with them (arrange
        them, discard one drawn) or what they make."""
        rules = deal.rules
        state = deal.players[viewer]
        hidden = " ".join(["??"] * rules.format.cards_dealt)
        if state.two_hands:
            self.console.print(tr("Your hands: old [dim]{hidden}[/], new [dim]{hidden}[/] (blind)", hidden=hidden))
        elif not state.seen:
            self.console.print(tr("Your cards: [dim]{hidden}[/] (blind: '{look}' to see them)", hidden=hidden,
                                  look=esc(rules.words.now().moves.get("look") or "look")))
        elif state.arrangement is not None:
            hands = " | ".join(f"{cards_markup(h)} ({rules.ranking.ranker.describe(h)})" for h in state.arrangement)
            self.console.print(tr("Your hands: {hands}", hands=hands))
        elif state.hand is not None and rules.format.hands > 1:  # sorted as a player sorts them to arrange
            self.console.print(tr("Your cards: {cards}", cards=cards_markup(rules.ranking.ranker.in_order(state.hand)))
                               + "  " + tr("(arrange them into {n} hands of three)", n=rules.format.hands))
        elif state.hand is not None and len(state.hand) > rules.format.cards_dealt:  # a card drawn: discard one
            self.console.print(tr("Your cards: {cards}", cards=cards_markup(state.hand)) + "  "
                               + tr("(discard one to return to three)"))
        elif state.hand is not None:
            self.console.print(tr("Your cards: {cards}", cards=cards_markup(state.hand))
                               + f"  ([italic]{deal.comparer.describe(state.hand)}[/])")
        drawn = deal.view(viewer).points_drawn
        if drawn and rules.pots is not None and state.hand is not None:  # pots.points_draw: the Seat's cards
            self.console.print(tr("Drawn for the pips stake: {cards} ({pips} pips in all)", cards=cards_markup(drawn),
                                  pips=rules.pots.pips(tuple(state.hand) + drawn)))

    def face_up(self, deal: "Deal", viewer: str) -> None:
        """The cards each player was dealt face up (``format.open.face_up``), as ``viewer``'s view shows them."""
        opened = deal.view(viewer).face_up()
        if opened:
            told = ", ".join(f"{esc(name)} {cards_markup(cards)}" for name, cards in opened.items())
            self.console.print(tr("Face up: {cards}", cards=told))

    def centre(self, deal: "Deal", viewer: str) -> None:
        """The centre cards, the top discard and the stock, as far as ``viewer`` may see them; nothing
        while a spare hand (``session.points``) lies face down."""
        if deal.spare_dealt is not None:
            return
        rules = deal.rules
        view = deal.view(viewer)  # what this seat may see of the centre, the stock and the pile
        if deal.centre:
            down = rules.format.face_down
            places = ["[dim]??[/]" if c is None else cards_markup([c]) + (" (" + tr("face down") + ")" if i == down else "")
                      for i, c in enumerate(view.centre_places)]
            bank = rules.procedure.bank
            cards = " ".join(places)
            self.console.print(tr("The dealer's cards: {cards}", cards=cards) if bank is not None and bank.house
                               else tr("Centre: {cards}", cards=cards))
            if view.wild_from and view.wild_from != view.centre:  # on_fold: replaced (Pack Jack)
                self.console.print(tr("Jokers on the table: {cards} (the last folder's cards)",
                                      cards=cards_markup(view.wild_from)))
        if rules.format.draws:
            top = view.discard_top
            pile = cards_markup([top]) if top is not None else "(" + tr("empty") + ")"
            self.console.print(tr("Discard pile: {top}", top=pile) + "  ·  "
                               + tr("stock: {n} cards", n=view.stock_left))


def player_status(deal: "Deal", name: str) -> str:
    """A player's status in the grid: ``knocked``/``in`` without betting; else folded, all in, blind
    with two hands, seen or blind."""
    state = deal.players[name]
    if not deal.rules.format.betting:
        if name == deal.knocker:
            return tr("knocked")
        return "in" if language() == ENGLISH else tr("still in the deal")  # "in" alone is the column of money put in
    if state.folded:
        return "[dim]" + tr("folded") + "[/]"
    if state.all_in:
        return tr("all in")
    if state.two_hands:
        return tr("blind, two hands")
    return tr("seen") if state.seen else f"[cyan]{esc(deal.rules.words.move('blind'))}[/]"  # the game's word: 闷牌


def cap_note(deal: "Deal") -> str:
    """`` · cap reached (200): no raises`` once the pot has reached ``stakes.raises_stop_at`` (then bets stay
    at the level, and the pot still grows); nothing before, or without a cap."""
    cap = deal.rules.stakes.raises.pot_cap
    if cap is None or not deal.rules.stakes.raises.capped(deal.pot):
        return ""
    return " · " + tr("[yellow]cap reached[/] ({amount}): no raises", amount=money(cap))


def verb(player: str, third_person: str) -> str:
    """``looks`` for Ada, ``look`` for You (``has``: ``have``)."""
    from bragrules.core.text import second_person

    return third_person if player != "You" else second_person(third_person)


class _Line:
    """What an action's line is made of: the deal, the action, the cards the reader could see, and
    ``say``/``told`` to word it (``Ada bets``/``You bet``; a card named only if it was seen)."""

    deal: "Deal"
    action: "Action"
    seen: FrozenSet[Card]
    their: str

    def __init__(self, deal: "Deal", action: "Action", seen: FrozenSet[Card]):
        self.deal = deal
        self.action = action
        self.seen = seen
        self.their = "your" if action.player == "You" else "their"

    def told(self, card: Card) -> str:
        return card_markup(card) if card in self.seen else "a card"

    def say(self, third_person: str, rest: str = "") -> str:
        player = self.action.player
        return f"[bold]{esc(player)}[/] {verb(player, third_person)}" + (f" {rest}" if rest else "")


def _bet_line(line: _Line) -> str:
    deal, action = line.deal, line.action
    bank = deal.rules.procedure.bank
    if bank is not None:  # a banking game (procedure.bank): a stake against the bank, no level
        if bank.house:
            return line.say("plays", f"(a Play bet of {money(action.amount)} against the dealer)")
        return line.say("stakes", f"{money(action.amount)} against the bank")
    said, tags = bet_words(line)
    return line.say(esc(said or "bets"), money(action.amount)) + (f" ({tags})" if tags else "")


def bet_words(line: _Line) -> Tuple[Optional[str], str]:
    """A bet's verb in the game's own words (Teen Patti's chaal, Zha Jin Hua's 加注 for a raise; None: the game
    has none), and what its brackets say: ``blind, level 4``."""
    from bragrules.engine.events import raised

    deal, action = line.deal, line.action
    words = deal.rules.words
    blind = not deal.players[action.player].seen
    level = tr("level {amount}", amount=money(deal.level)) if deal.level is not None else ""
    tags = ", ".join(t for t in (esc(words.move("blind")) if blind else "", level) if t)
    said = words.verb("raise") if "raise" in words.now().moves and raised(deal.events) else None  # 加注, not 跟注
    return said or words.verb("bet"), tags


def _look_line(line: _Line) -> str:
    target = line.action.target
    own = line.deal.rules.words.verb("look")  # Zha Jin Hua's 看牌
    if own is not None and target is None:
        return line.say(esc(own))
    return line.say("looks", f"at {'the ' + target + ' hand' if target else line.their + ' cards'}")


def _discard_line(line: _Line) -> str:
    target = line.action.target
    if target is not None and line.deal.exchange_state is not None:  # a draw game's throw
        return line.say("discards", line.told(parse_card(target)))
    if target is not None:  # Four-Card: only its holder knows the card
        card = parse_card(target)
        return line.say("discards", f"the {card_markup(card)} face down" if card in line.seen else "one card face down")
    return line.say("discards", "the hand looked at")


def _swap_line(line: _Line) -> str:
    action = line.action
    if action.target == "all":
        return line.say("swaps", "all three cards with the centre")
    assert action.cards is not None
    if action.target == "down":
        return line.say("swaps", f"{line.told(action.cards[0][0])} for the face-down centre card")
    return line.say("swaps", f"{line.told(action.cards[0][0])} for {line.told(action.cards[1][0])}")


def _throw_line(line: _Line) -> str:
    cards = line.action.cards
    return line.say("discards", line.told(cards[0][0])) if cards is not None else line.say("throw")


def _retain_line(line: _Line) -> str:
    target = line.action.target
    return line.say("keeps", f"{'the ' + target + ' hand' if target else line.their + ' unseen hand'} for the next deal")


def _side_show_line(line: _Line) -> str:
    deal, action = line.deal, line.action
    asked = deal.side_show[1] if deal.side_show is not None else "the previous player"
    paid = f", paying {money(action.amount)}" if action.amount else ""
    return line.say("asks", f"{esc(asked)} for a side-show{paid}")


_ACTION_LINES: Dict[str, Callable[[_Line], str]] = {
    "bet": _bet_line,
    "see": lambda line: line.say("pays", f"{money(line.action.amount)} to {esc(line.deal.rules.words.move('see'))}"),
    "look": _look_line,
    "fold": lambda line: line.say(esc(line.deal.rules.words.verb("fold") or "folds")),
    "check": lambda line: line.say("stakes", "no Pair Plus") if line.deal.rules.procedure.bank else line.say("checks"),
    "pairplus": lambda line: line.say("stakes", f"a Pair Plus of {money(line.action.amount)}"),
    "stand": lambda line: line.say("stands"),
    "discard": _discard_line,
    "keep": lambda line: line.say("keeps", "the hand looked at"),
    "arrange": lambda line: line.say("arranges", f"{line.their} hands"),
    "take": lambda line: line.say("takes", f"the spare hand, discarding {line.their} own"),
    "swap": _swap_line,
    "knock": lambda line: line.say("knocks", "(one more turn each)"),
    "draw": lambda line: line.say("draws", "the top discard" if line.action.target == "discard" else "from the stock"),
    "throw": _throw_line,
    "close": lambda line: line.say("turns", f"the centre card {line.told(parse_card(line.action.target or ''))} "
                                            "face down, out of play"),
    "pass": lambda line: line.say("passes", "(the bus goes on)"),
    "show": lambda line: line.say("shows", f"{line.their} cards"),
    "concede": lambda line: line.say("concedes", "without showing"),
    "retain": _retain_line,
    "release": lambda line: line.say("lets", f"{line.their} unseen hand go under the pack"),
    "void": lambda line: line.say("declares", "the deal void"),
    "flash": lambda line: line.say("shows", f"{line.their} own cards to the table"),
    "sideshow": _side_show_line,
    "open": lambda line: line.say("plays", f"open, betting {money(line.action.amount)}, {line.their} hand face up"),
    "accept": lambda line: side_show_answer(line.deal, line.action, line.say),
    "refuse": lambda line: side_show_answer(line.deal, line.action, line.say),
}
"""The line for each kind of action; a kind not here is told by its name (``Ada redeals``)."""


def describe_action(deal: "Deal", action: "Action", seen: FrozenSet[Card] = frozenset()) -> str:
    """A line for the log of play: ``Ada bets 2 (blind, level 4)``; it names a card only if it is in
    ``seen`` (what the reader could see before the action or after it), else says "a card". In another
    language than English, the betting table's moves are told in it (``Bo pays 2 to 比牌``)."""
    line = _Line(deal, action, seen)
    if language() != ENGLISH:
        from .play_spoken import SPOKEN_LINES

        if action.kind in SPOKEN_LINES:
            return SPOKEN_LINES[action.kind](line)
    told = _ACTION_LINES.get(action.kind)
    return told(line) if told is not None else line.say(action.kind)


def last_side_show_answer(deal: "Deal") -> Optional["SideShowAnswer"]:
    """The deal's latest answer to a side-show (None before any)."""
    from bragrules.engine.events import SideShowAnswer

    return next((e for e in reversed(deal.events) if isinstance(e, SideShowAnswer)), None)


def side_show_answer(deal: "Deal", action: "Action", say: Callable[..., str]) -> str:
    """The table's line for an answered side-show: who folded, never the cards compared."""
    from bragrules.core.text import possessive

    answer = last_side_show_answer(deal)
    asker = answer.asker if answer is not None else "the asker"
    if action.kind == "refuse":
        return say("refuses", f"{esc(possessive(asker))} side-show")
    folded = answer.loser if answer is not None else None
    outcome = f"{esc(folded)} {verb(folded, 'folds')}" if folded else "the hands are equal: nobody folds"
    return say("accepts", f"{esc(possessive(asker))} side-show; compared in private, {outcome}")


def side_show_private(deal: "Deal", viewer: str) -> Optional[str]:
    """What ``viewer`` alone learns from the side-show just answered, if they were one of the two:
    the other hand compared. None for everyone else."""
    last = last_side_show_answer(deal)
    compared = deal.view(viewer).side_shows()
    if last is None or not last.accepted or viewer not in (last.player, last.asker) or not compared:
        return None
    other, cards, folded = compared[-1]
    if cards is None:
        return None
    return (f"[dim](only you see this)[/] {esc(other)}'s cards in the side-show: {cards_markup(cards)} "
            f"([italic]{deal.rules.ranking.ranker.describe(cards)}[/])")


def stopped(notes: "Console", view: TableView, table: "Table") -> None:
    """The standings so far (with the game, on stdout) and how to carry on (a message, on
    ``notes``, stderr), after ``q``, the end of a script, or Ctrl-C."""
    view.standings(table)
    view.console.file.flush()
    log_name = table.log.name if table.log is not None else "the log"
    command = f"bragrules play --resume {esc(log_name)}"
    said = tr("Stopped. Everything played is in {log}; continue with: {command}", log=esc(log_name), command=command)
    notes.print(f"[dim]{said}[/]", highlight=False)


__all__ = ["BIG_BET_TIMES", "MAX_SCRIPT_BYTES", "Prompter", "TableView", "cap_note", "card_markup", "cards_markup",
           "describe_action", "esc", "money", "plural", "read_script", "signed", "stopped", "verb"]
