"""``bragrules play``: play in the terminal against bots, or watch bots play.

All input goes through one :class:`Prompter`, so a script file (``--script``)
or piped standard input drives a whole session exactly as typing would.
"""

from __future__ import annotations

import secrets
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, List, Optional

import typer

from .common import EXIT_BAD_INPUT, complete_profile, error
from .common import console as safe_console


def esc(text: Any) -> str:
    """User text (a name, a reason, a path) made safe to put in this module's markup."""
    from rich.markup import escape

    return escape(str(text))

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console

    from bragrules.engine.actions import Action, LegalAction
    from bragrules.engine.deal import Deal
    from bragrules.engine.session import DealRecord
    from bragrules.play.table import Observer as _ObserverBase
    from bragrules.play.table import Table
else:
    _ObserverBase = object  # bragrules.play.table is imported only once a game starts

BOT_NAMES = ["Ada", "Bo", "Cy", "Dot", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu",
             "Max", "Ned", "Oz", "Pam", "Quin", "Ros", "Sid", "Tam", "Uma", "Vic"]
"""Bots' names: more than any profile seats (20), short enough never to wrap a table's column."""
DEFAULT_STYLES = ["cautious", "loose", "blind_bluffer", "see_happy"]
DEFAULT_AUTO_DEALS = 20
"""Deals ``--auto`` plays when neither ``--hands`` nor the profile ends the session."""
MAX_DELAY = 60.0
MAX_SCRIPT_BYTES = 1 << 20
MAX_SEED = 2**63 - 1
MAX_NAME = 24
MAX_HANDS = 1_000_000
BIG_BET_TIMES = 10
"""A bet of more than this many times the pot (or 10 when the pot is smaller than 1) is confirmed first."""


def bot_names(count: int, taken: str) -> List[str]:
    """``count`` distinct bot names, none equal to ``taken`` (a person's name).

    >>> bot_names(3, "Bo")
    ['Ada', 'Cy', 'Dot']
    >>> names = bot_names(30, "You")
    >>> len(set(names)), names[21:23]
    (30, ['Vic', 'Ada2'])
    """
    pool = [n for n in BOT_NAMES if n != taken]
    names: List[str] = []
    round_ = 1
    while len(names) < count:
        for base in pool:
            name = base if round_ == 1 else f"{base}{round_}"
            if name != taken and len(names) < count:
                names.append(name)
        round_ += 1
    return names


def plural(count: int, noun: str) -> str:
    """``1 deal``, ``2 deals``.

    >>> plural(1, "deal"), plural(0, "deal"), plural(2, "deal")
    ('1 deal', '0 deals', '2 deals')
    """
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def read_script(path: Path) -> List[str]:
    """The lines of a script of moves: a text file (or a pipe) of at most 1 MiB, or one clear error.

    The read is bounded, so a device such as ``/dev/zero`` is refused, not read forever.
    """
    import stat as stat_module

    from bragrules.core.errors import HistoryError

    name = str(path)
    try:
        info = path.stat()
        if stat_module.S_ISDIR(info.st_mode):
            raise HistoryError("is a directory; --script takes a text file of moves, one a line", name)
        with open(path, "rb") as handle:
            data = handle.read(MAX_SCRIPT_BYTES + 1)
    except FileNotFoundError:
        raise HistoryError("no such file (--script takes a text file of moves, one a line)", name) from None
    except OSError as exc:
        raise HistoryError(f"cannot read the script ({exc.strerror or exc})", name) from None
    if b"\0" in data:
        raise HistoryError("not a text file (it holds NUL bytes); --script takes moves, one a line", name)
    if len(data) > MAX_SCRIPT_BYTES:
        raise HistoryError(f"a script of moves is at most {MAX_SCRIPT_BYTES // 1024} KiB; this one is longer", name)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise HistoryError("not UTF-8 text; --script takes moves, one a line", name, line) from None
    return text.splitlines()

HELP_TEXT = """Type the number of a choice, or the action itself:
  look            look at your cards (you then pay the seen rate)
  look old / new  with two hands, look at one; then keep or discard it
  bet N           pay N now (blind players pay half the level); a bet of more than
                  10 times the pot asks "bet N? (y/n)" first (in a --script, the
                  next line answers it)
  see             pay for a see (only two players left)
  fold            give up this deal
  check           pass, where the profile allows it
  arrange A B C | D E F   set your hands (Seven- and Nine-Card)
  hint            show the best arrangement (it is not applied: arrange, or choose it from the menu)
  swap MINE CENTRE / swap all / knock / stand   (Stop the Bus)
  (Enter)         between deals without betting (Crash): the next deal; in a --script, write 'next'
  table           show the table again;  q  stop (the log keeps everything)"""


class Prompter:
    """The one place input comes from: a script file, piped stdin, or the keyboard."""

    def __init__(self, console: "Console", script: Optional[Path] = None):
        self.console = console
        self._lines: Optional[Iterator[str]] = None
        if script is not None:
            self._lines = iter(read_script(script))
        self.interactive = script is None and sys.stdin.isatty()
        if self.interactive:
            try:  # line editing and history (arrow keys) for input(), where the platform has it
                import readline  # noqa: F401
            except ImportError:  # pragma: no cover
                pass

    def ask(self, prompt: str) -> Optional[str]:
        """One line of input (None when the input has ended; "" for an empty line typed or piped).

        A script's blank lines and comments are skipped, so a script answers
        every question, "press Enter" ones included, with a word (``next``).
        """
        if self._lines is not None:
            for line in self._lines:
                text = line.split("#", 1)[0].strip()
                if text:
                    self.console.print(f"{esc(prompt)} [bold]{esc(text)}[/]", highlight=False)
                    return text
            return None
        try:
            if self.interactive:
                return self.typed(prompt)
            line = sys.stdin.readline()
        except EOFError:
            return None
        if not line:
            return None
        self.console.print(f"{esc(prompt)} [bold]{esc(line.strip())}[/]", highlight=False)
        return line.strip()

    def typed(self, prompt: str) -> str:
        """A line typed at the keyboard after ``prompt``.

        The prompt is given to ``input()`` itself, not written before it: line
        editing then knows where the line starts, and Enter on an empty line
        (the default bet) ends the line on the screen as any other answer does.
        """
        from bragrules.core.text import neutralise

        self.console.file.flush()
        return input(f"{neutralise(prompt)} ").strip()


# ---------------------------------------------------------------------------
# Showing the table
# ---------------------------------------------------------------------------


def card_markup(card: Any) -> str:
    colour = "red" if card.suit in (1, 2) else "bold"
    return f"[{colour}]{card.symbol}[/]"


def cards_markup(cards: Any) -> str:
    return " ".join(card_markup(c) for c in cards)


def money(amount: Any) -> str:
    from bragrules.core.money import pretty_money

    return pretty_money(amount)


def signed(amount: Any) -> str:
    text = money(amount)
    return f"+{text}" if amount > 0 else text


class TableView(_ObserverBase):
    """Draws the table and reports what happens (an Observer of the game loop)."""

    def __init__(self, console: "Console", explain: bool, delay: float = 0.0,
                 prompter: Optional["Prompter"] = None):
        self.console = console
        self.explain = explain
        self.delay = delay
        self.prompter = prompter  # set for a person at the table: asked to go on between deals without betting
        self.level_explained = False  # "level" is explained once, the first time it is shown

    def level_note(self, deal: "Deal") -> str:
        """What the level means, the first time it is shown (then nothing): `` (a seen player pays 4, ...)``."""
        if self.level_explained or deal.level is None:
            return ""
        self.level_explained = True
        rules = deal.rules
        seen = money(deal.level)
        if rules.blind.allowed:
            return (f" [dim](the level: a seen player pays {seen} a turn to stay in, "
                    f"a blind one {money(rules.stakes.payment(deal.level, blind=True))})[/]")
        return f" [dim](the level: each player pays {seen} a turn to stay in)[/]"

    # -- observer ---------------------------------------------------------

    def deal_started(self, table: "Table", deal: "Deal") -> None:
        session = table.session
        number = session.state.dealt + 1  # as the log numbers it (a redeal is numbered too)
        carried = f", {money(deal.carried_in)} carried" if deal.carried_in else ""
        dealer = session.dealer
        pot = f" · pot {money(deal.pot)}{carried}" if deal.rules.format.betting else ""
        self.console.rule(f"Deal {number} · {esc(dealer)} {verb(dealer, 'deals')}{pot}", style="dim")
        for name in table.humans:
            state = deal.players.get(name)
            if state is not None and state.seen and state.hand is not None:
                self.console.print(f"{esc(name)}, your cards: {cards_markup(state.hand)}  "
                                   f"([italic]{deal.rules.ranking.ranker.describe(state.hand)}[/])")

    def acted(self, table: "Table", deal: "Deal", action: "Action", reason: Optional[str]) -> None:
        line = describe_action(deal, action)
        if action.kind == "bet":
            line += self.level_note(deal)
        if reason and self.explain:
            line += f"  [dim]— {esc(reason)}[/]"
        self.console.print(line, highlight=False)
        if self.delay and not table.seats[action.player].is_human:
            time.sleep(self.delay)

    def deal_ended(self, table: "Table", deal: "Deal", record: "DealRecord") -> None:
        for line in explain_result(deal):
            self.console.print(line, highlight=False)
        net = "  ".join(f"{esc(p)} {signed(v)}" for p, v in record.result.net.items() if v)
        if net:
            self.console.print(f"[dim]this deal: {net}[/]", highlight=False)
        if table.session.rules.format.lives is not None:
            lives = "  ".join(f"{esc(p)} {table.session.lives[p]}" for p in table.session.players)
            self.console.print(f"[dim]lives: {lives}[/]", highlight=False)
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
        answer = self.prompter.ask("Enter: next deal, q: stop>")
        if answer is None or answer.lower() in ("q", "quit", "exit"):
            table.stopped = True

    def session_ended(self, table: "Table") -> None:
        self.standings(table, final=True)

    # -- drawing ----------------------------------------------------------

    def standings(self, table: "Table", final: bool = False) -> None:
        from rich.table import Table as RichTable

        session = table.session
        grid = RichTable(title="Final standings" if final else "Standings", title_justify="left")
        grid.add_column("player")
        grid.add_column("plays")
        if session.rules.format.lives is not None:
            grid.add_column("lives", justify="right")
        money_game = session.rules.format.betting or session.rules.stakes.ante != 0  # Crash plays for lives, not money
        if money_game:
            grid.add_column("net", justify="right")
        for name in session.players:
            row = [esc(name), table.seats[name].style.replace("_", " ")]
            if session.rules.format.lives is not None:
                row.append(str(session.lives[name]))
            if money_game:
                row.append(signed(session.net()[name]))
            grid.add_row(*row)
        # the money won by nobody yet, so that the column sums to zero: the pot carried to the next deal, or,
        # stopped in the middle of a deal (whose bets are settled only when it ends), the pot it carried in
        carried = session.state.carried if session.current is None else session.current.carried_in
        if carried and money_game:
            grid.add_row(*(["in the pot", "carried" if session.current is None else "carried in"]
                           + ([""] if session.rules.format.lives is not None else []) + [money(carried)]))
        self.console.print(grid)
        if final:
            winners = session.winners()
            one = len(winners) == 1 and winners[0] != "You"
            self.console.print(f"[bold]{esc(' and '.join(winners))} win{'s' if one else ''}[/] "
                               f"after {plural(table.session.state.deals, 'deal')}.")

    def draw(self, table: "Table", deal: "Deal", viewer: str) -> None:
        from rich.table import Table as RichTable

        rules = deal.rules
        session = table.session
        betting = rules.format.betting
        if betting:
            level = "nobody has bet" if deal.level is None else f"level {money(deal.level)}{self.level_note(deal)}"
            self.console.print(f"[bold]pot {money(deal.pot)}[/] · {level}{cap_note(deal)} · "
                               f"{esc(session.dealer)} dealt", highlight=False)
        else:
            knocked = deal.knocker
            knock = f" · {esc(knocked)} knocked: last turn" if knocked else ""
            self.console.print(f"[bold]{esc(session.dealer)} dealt[/]{knock} · the lowest hand shown loses a life",
                               highlight=False)
        narrow = self.console.width < 60
        grid = RichTable(box=None if narrow else None, show_edge=False, pad_edge=False, header_style="dim")
        grid.add_column("")
        grid.add_column("player")
        if not narrow:
            grid.add_column("plays")
        grid.add_column("status")
        if betting:
            grid.add_column("in", justify="right")
            grid.add_column("net", justify="right")
        if rules.format.lives is not None:
            grid.add_column("lives", justify="right")
        for name in deal.order:
            state = deal.players[name]
            if not betting:
                status = "knocked" if name == deal.knocker else "in"
            elif state.folded:
                status = "[dim]folded[/]"
            elif state.all_in:
                status = "all in"
            elif state.two_hands:
                status = "blind, two hands"
            else:
                status = "seen" if state.seen else "[cyan]blind[/]"
            marker = "▶" if name == deal.to_act else ""
            row = [marker, f"[bold]{esc(name)}[/]" if name == viewer else esc(name)]
            if not narrow:
                row.append(table.seats[name].style.replace("_", " "))
            row.append(status)
            if betting:
                row += [money(state.contributed), signed(session.net()[name])]
            if rules.format.lives is not None:
                row.append(str(session.lives[name]))
            grid.add_row(*row)
        self.console.print(grid)
        state = deal.players[viewer]
        hidden = " ".join(["??"] * rules.format.cards_dealt)
        if state.two_hands:
            self.console.print(f"Your hands: old [dim]{hidden}[/], new [dim]{hidden}[/] (blind)")
        elif not state.seen:
            self.console.print(f"Your cards: [dim]{hidden}[/] (blind: 'look' to see them)")
        elif state.arrangement is not None:
            hands = " | ".join(f"{cards_markup(h)} ({rules.ranking.ranker.describe(h)})" for h in state.arrangement)
            self.console.print(f"Your hands: {hands}")
        elif state.hand is not None and rules.format.hands > 1:
            self.console.print(f"Your cards: {cards_markup(state.hand)}  (arrange them into "
                               f"{rules.format.hands} hands of three)")
        elif state.hand is not None:
            self.console.print(f"Your cards: {cards_markup(state.hand)}  ([italic]{rules.ranking.ranker.describe(state.hand)}[/])")
        if deal.centre:
            self.console.print(f"Centre: {cards_markup(deal.centre)}")


def cap_note(deal: "Deal") -> str:
    """`` · cap reached (200): no raises`` once the pot has reached ``stakes.raises_stop_at`` (then bets stay
    at the level, and the pot still grows); nothing before, or without a cap."""
    cap = deal.rules.stakes.raises.pot_cap
    if cap is None or not deal.rules.stakes.raises.capped(deal.pot):
        return ""
    return f" · [yellow]cap reached[/] ({money(cap)}): no raises"


def verb(player: str, third_person: str) -> str:
    """``looks`` for Ada, ``look`` for You."""
    if player != "You":
        return third_person
    if third_person.endswith("es") and third_person[:-2].endswith(("sh", "ch", "ss", "x")):
        return third_person[:-2]
    return third_person[:-1] if third_person.endswith("s") else third_person


def describe_action(deal: "Deal", action: "Action") -> str:
    """A line for the log of play: ``Ada bets 2 (blind, level 4)``."""
    player = action.player
    who = f"[bold]{esc(player)}[/] {{}}"

    def say(third_person: str, rest: str = "") -> str:
        return who.format(verb(player, third_person)) + (f" {rest}" if rest else "")

    kind = action.kind
    if kind == "bet":
        blind = not deal.players[action.player].seen
        level = f"level {money(deal.level)}" if deal.level is not None else ""
        tags = ", ".join(t for t in ("blind" if blind else "", level) if t)
        return say("bets", money(action.amount)) + (f" ({tags})" if tags else "")
    their = "your" if player == "You" else "their"
    if kind == "see":
        return say("pays", f"{money(action.amount)} to see")
    if kind == "look":
        return say("looks", f"at {'the ' + action.target + ' hand' if action.target else their + ' cards'}")
    if kind in ("fold", "check", "stand"):
        return say(kind + "s")
    if kind in ("keep", "discard"):
        return say(kind + "s", "the hand looked at")
    if kind == "arrange":
        return say("arranges", f"{their} hands")
    if kind == "swap":
        if action.target == "all":
            return say("swaps", "all three cards with the centre")
        assert action.cards is not None
        return say("swaps", f"{card_markup(action.cards[0][0])} for {card_markup(action.cards[1][0])}")
    if kind == "knock":
        return say("knocks", "(one more turn each)")
    if kind == "show":
        return say("shows", f"{their} cards")
    if kind == "concede":
        return say("concedes", "without showing")
    if kind == "retain":
        return say("keeps", f"{'the ' + action.target + ' hand' if action.target else their + ' unseen hand'} for the next deal")
    if kind == "release":
        return say("lets", f"{their} unseen hand go under the pack")
    return say(kind)


def explain_result(deal: "Deal") -> List[str]:
    """Lines saying how the deal ended and why."""
    result = deal.result
    assert result is not None
    from bragrules.engine.events import Result

    lines: List[str] = []
    ranker = deal.rules.ranking.ranker
    ended = [e for e in deal.events if isinstance(e, Result)]
    shown = dict(ended[-1].shown) if ended else {}
    if result.showdown and shown:
        for name in shown:
            state = deal.players[name]
            if state.arrangement:
                hands = " | ".join(cards_markup(h) for h in state.arrangement)
                lines.append(f"  {esc(name)} {verb(name, 'shows')} {hands}")
            elif state.hand is not None:
                lines.append(f"  {esc(name)} {verb(name, 'shows')} {cards_markup(state.hand)} ({ranker.describe(state.hand)})")
        if result.lives_lost is not None and deal.rules.format.lives is not None:
            lost = result.lives_lost
            if len(lost) == 1:
                lines.append(f"[bold]lowest hand: {esc(lost[0])} {verb(lost[0], 'loses')} a life[/]")
            else:
                lines.append(f"[bold]{esc(result.reason)}[/]")
            return lines
        see = ended[-1].reason
        if deal.rules.format.hands == 1 and len(shown) == 2:
            a, b = list(shown)
            ka, kb = deal.comparer.key(deal.players[a].hand), deal.comparer.key(deal.players[b].hand)  # type: ignore[arg-type]
            if ka == kb:
                from bragrules.rules.seeing import tie_at_table

                see += f"; {tie_at_table(deal.rules.profile)}"
        if result.outcome == "carried":
            lines.append(f"[bold]{esc(result.reason)}[/]")
        else:
            lines.append(f"[bold]{esc(' and '.join(result.winners))} {verb(result.winners[0], 'wins') if len(result.winners) == 1 else 'win'} "
                         f"{money(result.pot)}[/] ({esc(see)})")
    elif result.outcome == "carried":
        lines.append(f"[bold]{esc(result.reason)}[/]: {money(result.carried_out)} goes to the next deal")
    elif not result.winners:  # abandoned at the time limit: every stake returned
        lines.append(f"[bold]{esc(result.reason)}[/]")
    else:
        lines.append(f"[bold]{esc(result.winners[0])} {verb(result.winners[0], 'takes')} {money(result.pot)}[/] "
                     "without showing: everyone else folded")
    for name, amount in result.bonuses.items():
        if amount > 0:
            lines.append(f"{esc(name)} {verb(name, 'collects')} a bonus of {money(amount)}")
    return lines


# ---------------------------------------------------------------------------
# A person's turn
# ---------------------------------------------------------------------------


def menu_entry(option: "LegalAction", deal: "Deal") -> str:
    kind = option.kind
    if kind == "bet":
        if option.all_in:
            return f"bet {money(option.amount)} (all in)"
        if option.max_amount is not None and option.max_amount == option.amount:
            return f"bet {money(option.amount)}"
        top = f"–{money(option.max_amount)}" if option.max_amount is not None else " or more"
        return f"bet {money(option.amount)}{top}"
    if kind == "see":
        return f"see for {money(option.amount)}"
    if kind == "look":
        return "look at your cards" if option.target is None else f"look at the {option.target} hand"
    if kind == "arrange":
        hint = " | ".join(" ".join(str(c) for c in h) for h in option.cards or ())
        return f"arrange (hint: {hint})"
    if kind == "swap":
        if option.target == "all":
            return "swap all three with the centre"
        assert option.cards is not None
        return f"swap {option.cards[0][0]} for {option.cards[1][0]}"
    if kind == "show":
        return "show your cards"
    if kind == "concede":
        return "concede without showing"
    if kind == "retain":
        what = f"the {option.target} hand" if option.target else "your unseen hand"
        return f"keep {what} for the next deal (the pot carries)"
    if kind == "release":
        return "let the unseen hand go (the pot carries)"
    return kind


COMMANDS = ("help", "table", "hint", "q")
"""What a person may type at a move besides a move or a number."""


def for_people(text: str) -> str:
    """A message with its amounts written as everywhere else for people: ``11/2`` as ``5½``.

    The engine's refusals quote amounts as exact fractions (``5/2``), the
    form of logs and profiles; at the table they read as the menu does.

    >>> for_people("the level is 11/2: a seen player pays at least 11/2, not 1/3")
    'the level is 5½: a seen player pays at least 5½, not ⅓'
    >>> for_people("a raise adds at most 5")
    'a raise adds at most 5'
    """
    import re
    from fractions import Fraction

    from bragrules.core.money import pretty_money

    return re.sub(r"(?<![\w/.])(\d+)/(\d+)(?![\w/])",
                  lambda m: pretty_money(Fraction(int(m.group(1)), int(m.group(2))))
                  if int(m.group(2)) else m.group(0), text)


def typed_move(option: "LegalAction") -> str:
    """What to type for a legal move: ``look``, ``look old``, ``bet N (½ or more)``, ``swap MINE CENTRE``.

    >>> from fractions import Fraction
    >>> from bragrules.engine.actions import LegalAction
    >>> typed_move(LegalAction("You", "bet", amount=Fraction(1, 2))), typed_move(LegalAction("You", "fold"))
    ('bet N (½ or more)', 'fold')
    """
    kind = option.kind
    if kind == "bet":
        if option.all_in or (option.max_amount is not None and option.max_amount == option.amount):
            return f"bet {money(option.amount)}"
        top = f" to {money(option.max_amount)}" if option.max_amount is not None else " or more"
        return f"bet N ({money(option.amount)}{top})"
    if kind == "see":
        return f"see ({money(option.amount)})"
    if kind == "swap":
        return "swap all" if option.target == "all" else "swap MINE CENTRE"
    if kind == "arrange":
        return "arrange A B C | D E F"
    return f"{kind} {option.target}" if option.target else kind


def legal_moves(options: List["LegalAction"]) -> List[str]:
    """The moves open now, each once, in the menu's order."""
    return list(dict.fromkeys(typed_move(o) for o in options))


def mistyped(text: str, options: List["LegalAction"]) -> Optional[str]:
    """For input that names no move at all, what was probably meant, and the moves open now
    (as git answers a mistyped command); None when the first word is a move's name.

    >>> from fractions import Fraction
    >>> from bragrules.engine.actions import LegalAction
    >>> options = [LegalAction("You", "look"), LegalAction("You", "bet", amount=Fraction(1, 2)),
    ...            LegalAction("You", "fold")]
    >>> print(mistyped("lok", options))
    'lok' is not a move; did you mean 'look'? You may: look, bet N (½ or more), fold
    >>> print(mistyped("3/2", options))
    '3/2' is not a move; did you mean 'bet 3/2'? You may: look, bet N (½ or more), fold
    >>> mistyped("look", options) is None, mistyped("swap all", options) is None
    (True, True)
    """
    import difflib

    from bragrules.core.money import parse_money
    from bragrules.core.text import quote
    from bragrules.engine.actions import KINDS

    word = text.split()[0].lower()
    verb_forms = {kind + "s" for kind in KINDS} | {"peeks", "exposes", "redeals"}
    if word in KINDS or word in verb_forms:
        return None
    legal = [o.kind for o in options]
    guess: Optional[str] = None
    try:
        amount = parse_money(word)
    except ValueError:
        amount = None
    if amount is not None and "bet" in legal and len(text.split()) == 1:
        guess = f"bet {word}"
    else:
        words = list(dict.fromkeys(legal)) + list(COMMANDS)
        close = difflib.get_close_matches(word, words, n=1, cutoff=0.6)
        if not close:  # a move not open now is still the likeliest meaning of a near miss
            close = difflib.get_close_matches(word, KINDS, n=1, cutoff=0.6)
        if close:
            guess = " ".join([close[0], *text.split()[1:]])
    said = f"{quote(text, 40)} is not a move"
    if guess is not None:
        said += f"; did you mean {quote(guess, 40)}?"
    return f"{said} You may: {', '.join(legal_moves(options))}"


class HumanTurn:
    """Asks a person for an action until it is legal (or they stop)."""

    def __init__(self, view: TableView, prompter: Prompter):
        self.view = view
        self.prompter = prompter

    @staticmethod
    def too_big(action: "Action", deal: "Deal") -> bool:
        """Whether a bet is far enough above the pot to be asked about first (a typo of 1000 for 10).

        >>> from fractions import Fraction
        >>> from types import SimpleNamespace as NS
        >>> bet = NS(kind="bet", amount=Fraction(1000))
        >>> HumanTurn.too_big(bet, NS(pot=Fraction(4))), HumanTurn.too_big(bet, NS(pot=Fraction(100)))
        (True, False)
        """
        if action.kind != "bet" or action.amount is None:
            return False
        return action.amount > BIG_BET_TIMES * max(deal.pot, Fraction(1))

    def hint(self, deal: "Deal", options: List["LegalAction"]) -> None:
        """Show the suggested arrangement (it is not applied)."""
        arrange = [o for o in options if o.kind == "arrange"]
        console = self.view.console
        if not arrange or not arrange[0].cards:
            console.print("no arrangement to suggest now", highlight=False)
            return
        ranker = deal.rules.ranking.ranker
        hands = " | ".join(f"{cards_markup(h)} ({ranker.describe(h)})" for h in arrange[0].cards)
        text = " | ".join(" ".join(str(c) for c in h) for h in arrange[0].cards)
        console.print(f"hint: {hands}", highlight=False)
        console.print(f"[dim]to play it: arrange {esc(text)} (or choose it from the menu)[/]", highlight=False)

    def __call__(self, table: "Table", deal: "Deal", player: str) -> Optional["Action"]:
        from bragrules.core.errors import RuleViolation
        from bragrules.core.money import parse_money
        from bragrules.engine.actions import Action, ActionSyntaxError

        console = self.view.console
        self.view.draw(table, deal, player)
        options = deal.legal_actions()
        for number, option in enumerate(options, start=1):
            console.print(f"  [bold]{number}[/] {menu_entry(option, deal)}", highlight=False)
        while True:
            text = self.prompter.ask(f"{player}>")
            if text is None or text.lower() in ("q", "quit", "exit"):
                return None
            if not text:  # an empty line: ask again
                continue
            lowered = text.lower()
            if lowered in ("?", "help", "h"):
                console.print(HELP_TEXT, highlight=False, markup=False)
                continue
            if lowered == "table":
                self.view.draw(table, deal, player)
                continue
            if lowered == "hint" and deal.rules.format.hands > 1:
                self.hint(deal, options)
                continue
            if lowered == "arrange" and deal.rules.format.hands > 1:
                arrange = [o for o in options if o.kind == "arrange"]
                if arrange:  # 'arrange' alone takes the suggested arrangement, as the menu offers it
                    return arrange[0].action()
            try:
                if text.isdigit():
                    index = int(text) - 1
                    if not 0 <= index < len(options):
                        console.print(f"choose 1 to {len(options)}, or type 'help'")
                        continue
                    option = options[index]
                    amount = None
                    if option.kind == "bet" and option.max_amount != option.amount:
                        answer = self.prompter.ask(f"  how much? [{money(option.amount)}]")
                        if answer is None:
                            return None
                        amount = parse_money(answer) if answer else option.amount
                    action = option.action(amount)
                else:
                    words = text.split()
                    unknown = mistyped(text, options)
                    if unknown is not None:
                        console.print(f"[red]?[/] {esc(unknown)}  (a number chooses from the menu; "
                                      "'help' lists every move)", highlight=False)
                        continue
                    if words[0].lower() == "see" and len(words) == 1:
                        see = [o for o in options if o.kind == "see"]
                        text = f"see {see[0].amount}" if see else "see 0"
                    if words[0].lower() == "bet" and len(words) == 1:
                        bet = [o for o in options if o.kind == "bet"]
                        text = f"bet {bet[0].amount}" if bet else text
                    action = Action.parse(f"{player} {text}")
                deal.verify(action)
                if self.too_big(action, deal):
                    answer = self.prompter.ask(f"  bet {money(action.amount)}? The pot is {money(deal.pot)}. (y/n)")
                    if answer is None:
                        return None
                    if answer.strip().lower() not in ("y", "yes"):
                        console.print("not bet; choose again", highlight=False)
                        continue
                return action
            except RuleViolation as exc:
                console.print(f"[red]not allowed[/] ({esc(exc.rule)}): {esc(for_people(exc.message))}",
                              highlight=False)
            except (ActionSyntaxError, ValueError) as exc:
                console.print(f"[red]?[/] {esc(exc)}  (type 'help')", highlight=False)  # as typed: 5/2 stays


# ---------------------------------------------------------------------------
# The command
# ---------------------------------------------------------------------------


def _refuse(text: str) -> "typer.Exit":
    error(f"error: {text}")
    return typer.Exit(EXIT_BAD_INPUT)


def check_options(delay: float, hands: Optional[int], players: Optional[int], seed: Optional[int],
                  name: Optional[str]) -> None:
    """Every argument checked before play starts: one line and exit 2 for a bad one."""
    import math

    from bragrules.core.text import brief

    if not math.isfinite(delay) or not 0 <= delay <= MAX_DELAY:
        raise _refuse(f"--delay: seconds to pause, from 0 to {MAX_DELAY:g}, not {delay}")
    if hands is not None and not 1 <= hands <= MAX_HANDS:
        raise _refuse(f"--hands: the number of deals to play, from 1 to {MAX_HANDS:,}, not {brief(hands)}")
    if players is not None and players < 2:
        raise _refuse(f"--players: the seats at the table, 2 or more, not {players}")
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise _refuse(f"--seed: a whole number from 0 to {MAX_SEED}")
    if name is not None and (not name or len(name.split()) != 1 or len(name) > MAX_NAME):
        raise _refuse(f"--name: your name at the table is one word of at most {MAX_NAME} characters")


def contradictions(table: "Table", log: Path, *, profile: Optional[str], players: Optional[int],
                   bots: Optional[str], hands: Optional[int], seed: Optional[int], name: Optional[str],
                   new_log: Optional[Path], auto: bool) -> List[str]:
    """The options given with ``--resume`` that contradict the log (the log decides the session)."""
    out: List[str] = []
    session = table.session
    if profile is not None and profile != table.profile_name:
        out.append(f"--profile {profile} (the log plays {table.profile_name})")
    if players is not None and players != len(session.players):
        out.append(f"--players {players} (the log seats {len(session.players)})")
    if seed is not None and seed != session.seed:
        out.append(f"--seed {seed} (the log's seed is {session.seed})")
    if hands is not None and hands != table.hands:
        out.append(f"--hands {hands} (the log's session plays "
                   f"{'until its profile ends it' if table.hands is None else plural(table.hands, 'deal')})")
    if name is not None and name not in table.humans:
        out.append(f"--name {name} (the log's players are {', '.join(session.players)})")
    if auto and table.humans:
        out.append(f"--auto (the log has a person at the table: {', '.join(table.humans)})")
    if bots is not None:
        logged = [table.seats[p].style for p in session.players if not table.seats[p].is_human]
        wanted = [b.strip() for b in bots.split(",") if b.strip()]
        if any(style != wanted[i % len(wanted)] for i, style in enumerate(logged)) if wanted else True:
            out.append(f"--bots {bots} (the log's bots play {', '.join(logged) or 'no style'})")
    if new_log is not None and Path(new_log).resolve() != Path(log).resolve():
        out.append(f"--log {new_log} (a resumed session is written on in {log})")
    return out


def register(app: typer.Typer) -> None:
    @app.command("play")
    def play(
        profile: Optional[str] = typer.Option(None, "--profile", "-p", metavar="PROFILE", autocompletion=complete_profile,
                                              help="Built-in profile name or path [default: standard]."),
        players: Optional[int] = typer.Option(None, "--players", "-n", metavar="N",
                                              help="Seats at the table, yours included [default: 4]."),
        bots: Optional[str] = typer.Option(None, "--bots", "-b", metavar="STYLES",
                                           help="Bot styles, comma-separated, used in turn: cautious, loose, "
                                           "blind_bluffer, see_happy, random [default: the first four]."),
        hands: Optional[int] = typer.Option(None, "--hands", metavar="N", help="Stop after this many deals."),
        seed: Optional[int] = typer.Option(None, "--seed", metavar="N", help="Seed for the shuffle (default: a fresh one, printed)."),
        log: Optional[Path] = typer.Option(None, "--log", metavar="FILE",
                                           help="Session log (JSON Lines), written as play goes; never overwritten."),
        script: Optional[Path] = typer.Option(None, "--script", metavar="FILE",
                                              help="Read your moves from this file, one a line; every "
                                              "question is answered by the next line (y or n to confirm a "
                                              "bet of more than 10 times the pot, 'next' between deals "
                                              "without betting); blank lines and # comments are skipped."),
        auto: bool = typer.Option(False, "--auto", help="Bots in every seat: watch them play."),
        delay: float = typer.Option(0.0, "--delay", metavar="SECONDS", help="Seconds to pause after each bot action (0 to 60)."),
        explain: Optional[bool] = typer.Option(None, "--explain/--no-explain",
                                               help="Show why each bot acts (default: only with --auto)."),
        name: Optional[str] = typer.Option(None, "--name", metavar="NAME", help="Your name at the table (one word) [default: You]."),
        resume: Optional[Path] = typer.Option(None, "--resume", metavar="FILE",
                                              help="Continue the session in this log (its profile, players, "
                                              "seed and number of deals come from the log)."),
    ) -> None:
        """Play Brag in the terminal against bots (or watch them with --auto)."""
        from bragrules.play.bots import ALL_STYLES
        from bragrules.play.table import Seat, Table, default_log_path
        from bragrules.profile import load_profile

        check_options(delay, hands, players, seed, name)
        console = safe_console(markup=True, wide=False)  # every user string below is escaped with esc()
        notes = safe_console(stderr=True, markup=True, wide=False)  # messages about the session, not the game
        prompter = Prompter(console, script)  # a bad script is refused before any play
        view = TableView(console, explain=auto if explain is None else explain, delay=delay,
                         prompter=None if auto else prompter)
        turn = HumanTurn(view, prompter)
        if resume is not None:
            table = Table.resume(resume, observer=view, decide=turn)
            wrong = contradictions(table, resume, profile=profile, players=players, bots=bots, hands=hands,
                                   seed=seed, name=name, new_log=log, auto=auto)
            if wrong:
                table.close()
                raise _refuse(f"{resume} decides the session it resumes; leave out {wrong[0]}")
            played = plural(table.deals_played, "deal")
            if table.finished:
                table.close()
                view.standings(table, final=True)
                console.print(f"The session in {esc(resume)} is over ({played} played): there is nothing to resume.")
                return
            left = table.deals_left()
            console.print(f"Resuming {esc(resume)}: {played} played"
                          f"{'' if left is None else f', {left} to go'}, seed {table.session.seed}, "
                          f"profile {esc(table.profile_name)}.")
        else:
            person = name if name is not None else "You"
            styles = [s.strip() for s in (bots if bots is not None else ",".join(DEFAULT_STYLES)).split(",")
                      if s.strip()]
            unknown = [s for s in styles if s not in ALL_STYLES]
            if unknown or not styles:
                raise _refuse(f"--bots: unknown bot style {', '.join(unknown) or '(none)'}; "
                              f"choose from {', '.join(ALL_STYLES)}")
            rules_profile = load_profile(profile or "standard")
            low, high = rules_profile.table.min_players, rules_profile.table.max_players
            seats_wanted = players if players is not None else min(max(4, low), high)
            if not low <= seats_wanted <= high:
                raise _refuse(f"the profile {rules_profile.name} seats {low} to {high} players, not {seats_wanted}")
            seed = seed if seed is not None else secrets.randbelow(10**6)
            seats: List[Seat] = [] if auto else [Seat(person)]
            names = bot_names(seats_wanted - len(seats), person)
            for index, bot in enumerate(names):
                seats.append(Seat(bot, styles[index % len(styles)]))
            note = ""
            end = rules_profile.session.end
            if auto and hands is None and end.kind in ("never", "time"):
                hands = DEFAULT_AUTO_DEALS
                why = "has no end" if end.kind == "never" else f"ends on the clock ({end.minutes} minutes), and bots are quick"
                note = f"This profile's session {why}: watching {hands} deals (--hands sets another number)."
            log_path = log if log is not None else default_log_path(seed)
            table = Table.new(rules_profile, seats, seed=seed, profile_name=profile or "standard",
                              log_path=log_path, observer=view, decide=turn, hands=hands)
            console.print(f"[bold]bragrules play[/] · profile {esc(rules_profile.name)} · seed {seed} · "
                          f"log {esc(log_path)}", highlight=False)
            from bragrules.core.text import in_words

            console.print(f"[dim]{esc(in_words(rules_profile.description))}[/]", highlight=False)
            if note:
                notes.print(f"[dim]note: {esc(note)}[/]", highlight=False)
            if not auto:
                console.print("[dim]Type the number of a choice or the action ('help' lists them); 'q' stops.[/]")
        try:
            table.run(max_deals=table.deals_left())
        except KeyboardInterrupt:  # Ctrl-C: the log is already complete (closed by run); say how to go on
            console.print()
            stopped(notes, view, table)
            raise typer.Exit(130) from None
        if table.stopped or not table.finished:
            stopped(notes, view, table)
        elif not table.session.is_over:  # the number of deals asked for is played (the profile's end says so itself)
            view.standings(table, final=True)


def stopped(notes: "Console", view: TableView, table: "Table") -> None:
    """The standings so far (with the game, on stdout) and how to carry on (a message, on
    ``notes``, stderr), after ``q``, the end of a script, or Ctrl-C."""
    view.standings(table)
    view.console.file.flush()
    log_name = table.log.name if table.log is not None else "the log"
    notes.print(f"[dim]Stopped. Everything played is in {esc(log_name)}; "
                  f"continue with: bragrules play --resume {esc(log_name)}[/]", highlight=False)
