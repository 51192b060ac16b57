"""``bragrules play``: play in the terminal against bots, or watch bots play.

All input goes through one :class:`Prompter`, so a script file (``--script``)
or piped standard input drives a whole session exactly as typing would.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any, List, Optional, Sequence

import typer

from bragrules.core.i18n import ntr, tr

from . import strategy_option
from .common import EXIT_BAD_INPUT, bot_styles, complete_profile, error, refuse
from .common import console as safe_console

if TYPE_CHECKING:  # pragma: no cover

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
MAX_SEED = 2**63 - 1
MAX_NAME = 24


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



def check_options(delay: float, hands: Optional[int], players: Optional[int], seed: Optional[int],
                  name: Optional[str]) -> None:
    """Every argument checked before play starts: one line and exit 2 for a bad one."""
    import math

    from bragrules.core.text import brief
    from bragrules.history.schema import MAX_HANDS  # a header's bound too: a resumed session plays no more

    if not math.isfinite(delay) or not 0 <= delay <= MAX_DELAY:
        raise refuse(f"--delay: seconds to pause, from 0 to {MAX_DELAY:g}, not {delay}")
    if hands is not None and not 1 <= hands <= MAX_HANDS:
        raise refuse(f"--hands: the number of deals to play, from 1 to {MAX_HANDS:,}, not {brief(hands)}")
    if players is not None and players < 2:
        raise refuse(f"--players: the seats at the table, 2 or more, not {players}")
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise refuse(f"--seed: a whole number from 0 to {MAX_SEED}")
    if name is not None and (not name or len(name.split()) != 1 or len(name) > MAX_NAME):
        raise refuse(f"--name: your name at the table is one word of at most {MAX_NAME} characters")


def contradictions(table: "Table", log: Path, *, profile: Optional[str], players: Optional[int],
                   bots: Optional[str], hands: Optional[int], seed: Optional[int], name: Optional[str],
                   new_log: Optional[Path], auto: bool) -> List[str]:
    """The options given with ``--resume`` that contradict the log (the log decides the session)."""
    from .play_view import plural
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
                                           "blind_bluffer, see_happy, random, solved [default: the first four]."),
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
        strategy: Optional[Path] = typer.Option(None, "--strategy", metavar="FILE", help=strategy_option.HELP),
    ) -> None:
        """Play Brag in the terminal against bots (or watch them with --auto)."""
        from bragrules.play.table import Seat, Table, default_log_path
        from bragrules.profile import load_profile

        from .play_turn import HumanTurn  # the table's modules load with the command, not with --help
        from .play_view import Prompter, TableView, esc, stopped

        check_options(delay, hands, players, seed, name)
        solved = strategy_option.use_strategy(strategy, (profile or "standard") if resume is None else None)
        console = safe_console(markup=True, wide=False)  # every user string below is escaped with esc()
        notes = safe_console(stderr=True, markup=True, wide=False)  # messages about the session, not the game
        prompter = Prompter(console, script)  # a bad script is refused before any play
        view = TableView(console, explain=auto if explain is None else explain, delay=delay,
                         prompter=None if auto else prompter)
        turn = HumanTurn(view, prompter)
        if resume is not None:
            problem = strategy_option.problem_for_log(solved, strategy, resume)  # before the log is touched
            if problem is not None:
                error(problem)
                raise typer.Exit(EXIT_BAD_INPUT)
            table = Table.resume(resume, observer=view, decide=turn)
            wrong = contradictions(table, resume, profile=profile, players=players, bots=bots, hands=hands,
                                   seed=seed, name=name, new_log=log, auto=auto)
            if wrong:
                table.close()
                raise refuse(f"{resume} decides the session it resumes; leave out {wrong[0]}")

            if table.finished:
                table.close()
                view.standings(table, final=True)
                console.print(ntr("The session in {log} is over ({n} deal played): there is nothing to resume.",
                                  "The session in {log} is over ({n} deals played): there is nothing to resume.",
                                  table.deals_played, log=esc(resume)))
                return
            left = table.deals_left()
            said = {"log": esc(resume), "seed": table.session.seed,
                    "profile": esc(table.profile_name)}
            n = table.deals_played
            console.print(ntr("Resuming {log}: {n} deal played, seed {seed}, profile {profile}.",
                              "Resuming {log}: {n} deals played, seed {seed}, profile {profile}.", n, **said)
                          if left is None else
                          ntr("Resuming {log}: {n} deal played, {left} to go, seed {seed}, profile {profile}.",
                              "Resuming {log}: {n} deals played, {left} to go, seed {seed}, profile {profile}.", n,
                              left=left, **said))
        else:
            person = name if name is not None else "You"
            styles = bot_styles(bots, DEFAULT_STYLES)
            rules_profile = load_profile(profile or "standard")
            low, high = rules_profile.table.min_players, rules_profile.table.max_players
            seats_wanted = players if players is not None else min(max(4, low), high)
            if not low <= seats_wanted <= high:
                raise refuse(f"the profile {rules_profile.name} seats {low} to {high} players, not {seats_wanted}")
            seed = seed if seed is not None else secrets.randbelow(10**6)
            seats: List[Seat] = [] if auto else [Seat(person)]
            names = bot_names(seats_wanted - len(seats), person)
            for index, bot in enumerate(names):
                seats.append(Seat(bot, styles[index % len(styles)]))
            strategy_option.solve_first(rules_profile, [s.style for s in seats], seats_wanted)
            note = ""
            end = rules_profile.session.end
            if auto and hands is None and end.kind in ("never", "time"):
                hands = DEFAULT_AUTO_DEALS
                note = (tr("This profile's session has no end: watching {n} deals (--hands sets another number).",
                           n=hands) if end.kind == "never" else
                        tr("This profile's session ends on the clock ({minutes} minutes), and bots are quick: watching "
                           "{n} deals (--hands sets another number).", minutes=end.minutes, n=hands))
            log_path = log if log is not None else default_log_path(seed)
            table = Table.new(rules_profile, seats, seed=seed, profile_name=profile or "standard",
                              log_path=log_path, observer=view, decide=turn, hands=hands)
            from bragrules.rules.vocabulary import words_of

            game = words_of(rules_profile).title_or("")  # the game's own name, where the profile gives one
            console.print(f"[bold]bragrules play[/] · {esc(game) + ' · ' if game else ''}"
                          + tr("profile {profile} · seed {seed} · log {log}", profile=esc(rules_profile.name),
                               seed=seed, log=esc(log_path)), highlight=False)
            from bragrules.core.text import in_words

            console.print(f"[dim]{esc(in_words(rules_profile.description))}[/]", highlight=False)
            if note:
                notes.print("[dim]" + tr("note: {note}", note=esc(note)) + "[/]", highlight=False)
            if table.session.rules.table.cut_for_deal:  # table.first_dealer: cut_low: the cut the seed made
                _print_cut(console, table.session.players, seed)
            if not auto:
                console.print("[dim]" + tr("Type the number of a choice or the action ('help' lists them); 'q' stops.")
                              + "[/]")
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


def _print_cut(console: Any, players: Sequence[str], seed: int) -> None:
    """The cut for the first deal (``table.first_dealer: cut_low``), round by round, as the session's seed made it."""
    import random

    from bragrules.rules.table import cut_for_deal

    from .play_view import card_markup, esc

    seat, rounds = cut_for_deal(random.Random(seed), len(players))
    for cut in rounds:
        cards = ", ".join(f"{esc(players[s])} {card_markup(card)}" for s, card in cut.items())
        console.print(tr("Cut for the deal: {cards}", cards=cards), highlight=False)
    console.print(tr("{player} cuts lowest and deals first", player=esc(players[seat])), highlight=False)
