"""``bragrules serve``: a table for friends in their browsers, under the house profile.

The web stack (Starlette, uvicorn, websockets) is the optional ``web``
extra; it is imported only once the command runs, and without it the
command prints one line naming ``pip install 'bragrules[web]'``.
"""

from __future__ import annotations

import secrets
import socket
from pathlib import Path
from typing import List, Optional, Tuple

import typer

from bragrules.core.i18n import N_, tr

from . import strategy_option
from .common import EXIT_BAD_INPUT, bot_styles, complete_profile, error, message, refuse

WEB_EXTRA = N_("serve needs the web extra ({packages}): {command}")
MAX_SEED = 2**63 - 1


def web_stack_missing() -> Optional[str]:
    """The first module of the web extra that cannot be imported (None: all there)."""
    import importlib.util

    for module in ("starlette", "uvicorn", "websockets", "httpx"):
        if importlib.util.find_spec(module) is None:
            return module
    return None


def listen(host: str, port: int, busy: Optional[str] = None) -> socket.socket:
    """A socket bound to ``host:port`` (port 0: a free one), or one clear line and exit 2 (``busy``: what
    the line says to do instead)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise refuse(tr("--host {host}: not an address of this computer ({reason})", host=host, reason=exc)) from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise refuse(tr("cannot listen on {address} ({reason}): {advice}", address=f"{host}:{port}",
                        reason=exc.strerror or exc,
                        advice=busy or tr("another program has the port, or pick one with --port"))) from None
    sock.set_inheritable(True)
    return sock


def _link(host: str, port: int) -> str:
    """The table's address as a link.

    >>> _link("::1", 8000)
    'http://[::1]:8000/'
    """
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def _old_links(log: Path, recorded: Optional[Tuple[str, int]], host: str, port: int) -> str:
    """Whether the links given out before a restart work here, in words.

    >>> _old_links(Path("t.jsonl"), ("127.0.0.1", 8731), "127.0.0.1", 9000)[:60]
    'warning: the links given out before point at http://127.0.0.'
    """
    from bragrules.web.seats import seat_file_path

    if recorded is None:
        return tr("warning: {path} does not record where the table was served (it does from now on): the links "
                  "given out before work only if they point at {link}; if not, stop and resume with the --host and "
                  "--port they name", path=seat_file_path(log), link=_link(host, port))
    if recorded != (host, port):
        return tr("warning: the links given out before point at {old}, where the table no longer is: they will not "
                  "work here. Each still works with its address changed to {link}; to keep them as they are, stop "
                  "and resume without --host and --port", old=_link(*recorded), link=_link(host, port))
    return tr("The seats' links, and the host link printed when the table started, still work.")


def check_host_names(values: List[str]) -> List[str]:
    """The names ``--allow-host`` gives (comma-separated or repeated), each a host name or an address.

    >>> check_host_names(["brag.local, Mybox"])
    ['brag.local', 'mybox']
    """
    import re

    names: List[str] = []
    for value in values:
        for name in value.split(","):
            name = name.strip().lower().strip("[]").rstrip(".")
            if not name:
                continue
            if len(name) > 253 or not re.fullmatch(r"[a-z0-9.:_-]+", name):
                raise refuse(tr("--allow-host: {name} is not a host name (letters, digits, '-' and '.')",
                                name=repr(name[:40])))
            names.append(name)
    return names


def check_log(path: Path) -> None:
    """Refuse at once a log the table could not write when the game starts (one line, exit 2)."""
    import os

    from bragrules.core.errors import HistoryError

    problem = None
    if path.is_dir():
        problem = "is a directory; give a file name for the session log"
    elif path.exists():
        problem = f"already exists and is never overwritten: restart its table with --resume {path}, " \
                  "or name a new log with --log"
    elif not path.parent.is_dir():
        problem = f"cannot write the session log: there is no directory {path.parent}"
    elif not os.access(path.parent, os.W_OK):
        problem = f"cannot write the session log in {path.parent}"
    if problem is not None:
        raise refuse(str(HistoryError(problem, str(path))))


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve(
        profile: Optional[str] = typer.Option(None, "--profile", "-p", metavar="PROFILE", autocompletion=complete_profile,
                                              help="Built-in profile name or path [default: standard]."),
        host: Optional[str] = typer.Option(None, "--host", metavar="ADDRESS",
                                           help="Address to listen on: 127.0.0.1 is this computer only; "
                                           "0.0.0.0 lets others on your network join [default: 127.0.0.1; "
                                           "with --resume, the table's own]."),
        port: Optional[int] = typer.Option(None, "--port", metavar="N",
                                           help="Port to listen on (0: a free one) [default: 8000; with "
                                           "--resume, the table's own, which its links name]."),
        seats: Optional[int] = typer.Option(None, "--seats", "-n", metavar="N",
                                            help="Seats at the table [default: 4]."),
        bots: Optional[str] = typer.Option(None, "--bots", "-b", metavar="STYLES",
                                           help="Styles of the bots that fill empty seats when the host starts, "
                                           "comma-separated: cautious, loose, blind_bluffer, see_happy, random, solved; "
                                           "'none': people only [default: the first four]."),
        log: Optional[Path] = typer.Option(None, "--log", metavar="FILE",
                                           help="Session log (JSON Lines), written as play goes; never overwritten."),
        seed: Optional[int] = typer.Option(None, "--seed", metavar="N", help="Seed for the shuffle."),
        hands: Optional[int] = typer.Option(None, "--hands", metavar="N", help="Stop after this many deals."),
        turn_timeout: float = typer.Option(90.0, "--turn-timeout", metavar="SECONDS",
                                           help="How long the table waits for a seat whose browser is gone "
                                           "before the profile's rule, or a fold, acts for it."),
        resume: Optional[Path] = typer.Option(None, "--resume", metavar="FILE",
                                              help="Restart the table of this log after the server stopped."),
        keep: bool = typer.Option(False, "--keep",
                                  help="Keep mode: the cards are real, on the table; the app keeps score and "
                                  "referees, and the cards shown at a showdown are entered. People only."),
        claim_by_name: bool = typer.Option(False, "--claim-by-name",
                                           help="With --resume, when the log's seat file (LOG.seats.json) is "
                                           "missing: each person takes their seat back by typing its name."),
        allow_host: Optional[List[str]] = typer.Option(None, "--allow-host", metavar="NAME",
                                                       help="Another name the table answers to (a computer's "
                                                       "name on the network, such as brag.local); repeat it, or "
                                                       "separate names with commas. Always answered: 127.0.0.1, "
                                                       "localhost and the name given to --host."),
        strategy: Optional[Path] = typer.Option(None, "--strategy", metavar="FILE", help=strategy_option.HELP),
    ) -> None:
        """Serve one table to browsers: friends join from their phones and laptops."""
        import math

        from bragrules.history.schema import MAX_HANDS  # a header's bound too: a resumed session plays no more
        from bragrules.play.table import default_log_path

        if port is not None and not 0 <= port <= 65535:
            raise refuse(tr("--port: a port from 0 to 65535, not {port}", port=port))
        if not math.isfinite(turn_timeout) or not 1 <= turn_timeout <= 86400:
            raise refuse(tr("--turn-timeout: seconds from 1 to 86400"))
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise refuse(tr("--seed: a whole number from 0 to {most}", most=MAX_SEED))
        if hands is not None and not 1 <= hands <= MAX_HANDS:
            raise refuse(tr("--hands: the number of deals to play, from 1 to {most}", most=f"{MAX_HANDS:,}"))
        names = check_host_names(allow_host or [])
        solved = strategy_option.use_strategy(strategy, (profile or "standard") if resume is None else None)
        missing = web_stack_missing()
        if missing is not None:
            error("error: " + tr(WEB_EXTRA, packages="starlette, uvicorn, websockets",
                                 command="pip install 'bragrules[web]'"))
            raise typer.Exit(EXIT_BAD_INPUT)
        from bragrules.web.seats import SeatFileError, seat_file_path
        from bragrules.web.service import DEFAULT_STYLES, Refusal, TableService

        if claim_by_name and resume is None:
            raise refuse(tr("--claim-by-name is for --resume: a new table's seats are taken by name anyway"))
        if resume is not None:
            given = [name for name, value in (("--profile", profile), ("--seats", seats), ("--bots", bots),
                                              ("--seed", seed), ("--hands", hands), ("--log", log),
                                              ("--keep", True if keep else None))
                     if value is not None]
            if given:
                raise refuse(tr("{log} decides the session it resumes; leave out {option}", log=resume, option=given[0]))
            problem = strategy_option.problem_for_log(solved, strategy, resume)  # before the log is touched
            if problem is not None:
                error(problem)
                raise typer.Exit(EXIT_BAD_INPUT)
            try:
                service = TableService.resume(resume, turn_timeout=turn_timeout, claim_by_name=claim_by_name)
            except SeatFileError as exc:
                raise refuse(str(exc)) from None
            log_name = str(resume)
            if service.claim_by_name:
                message(tr("warning: {path} is missing: each person takes their seat back by typing its name "
                           "(--claim-by-name); a new seat file is written now", path=seat_file_path(resume)))
        else:
            from bragrules.profile import load_profile

            styles: List[str]
            if keep and bots is not None and bots.strip().lower() != "none":
                raise refuse(tr("--keep: bots hold no real cards, so a kept table is people only; leave out --bots"))
            if keep and seed is not None:
                raise refuse(tr("--keep: the cards are shuffled at the table, not by a seed; leave out --seed"))
            if keep or (bots is not None and bots.strip().lower() == "none"):
                styles = []
            else:
                styles = bot_styles(bots, DEFAULT_STYLES, also=N_(", or none"))
            rules_profile = load_profile(profile or "standard")
            low, high = rules_profile.table.min_players, rules_profile.table.max_players
            count = seats if seats is not None else min(max(4, low), high)
            seed = seed if seed is not None else secrets.randbelow(10**6)
            log_path = log if log is not None else default_log_path(seed)
            try:
                service = TableService(rules_profile, profile or "standard", seats=count, bots=styles, seed=seed,
                                       hands=hands, log_path=log_path, turn_timeout=turn_timeout, keep=keep)
            except Refusal as exc:
                raise refuse(exc.message) from None
            log_name = str(log_path)
            check_log(log_path)
        from bragrules.web.app import create_app
        from bragrules.web.guard import allowed_hosts
        from bragrules.web.server import run

        recorded = service.recorded_address if resume is not None else None
        if recorded is not None:  # where the table was served: the links given out name it
            host = recorded[0] if host is None else host
            port = recorded[1] if port is None else port
        host = "127.0.0.1" if host is None else host
        port = 8000 if port is None else port
        busy = None
        if recorded == (host, port):
            busy = ("the links given out before point there; stop the program that has the port and resume "
                    "again, or resume with another --port (those links then will not work)")
        try:
            sock = listen(host, port, busy)
        except typer.Exit:
            service.close()  # the log is let go (it is locked while the table may write it)
            raise
        bound = sock.getsockname()[1]
        link = _link(host, bound)
        where = (tr("this computer only; --host 0.0.0.0 lets others on your network join")
                 if host in ("127.0.0.1", "localhost", "::1")
                 else tr("every address {host} covers: anyone who can reach it can join", host=host))
        mode = tr("keep mode (real cards)") if service.keep else tr("seed {seed}", seed=service.seed)
        message(tr("bragrules serve · profile {profile} · {mode} · log {log}", profile=service.profile_name, mode=mode,
                   log=log_name))
        message(tr("Listening on {link} ({where}).", link=link, where=where))
        message(tr("Join link to share: {link}", link=link))
        powers = tr("start, enter the cards shown") if service.keep else tr("start, replace a player")
        message(tr("Host link ({powers}; keep it to yourself): {link}", powers=powers,
                   link=f"{link}?host={service.host_token}"))
        if resume is not None and not service.claim_by_name:
            message(_old_links(resume, recorded, host, bound))
        if names:
            message(tr("The table also answers to: {names} (--allow-host).", names=", ".join(names)))
        service.listening(host, bound)  # in the seat file, for the next restart
        app = create_app(service, hosts=allowed_hosts(host, names))
        try:
            run(app, sock)
        finally:
            service.close()
            sock.close()
        message(tr("Stopped. Everything played is in {log}; restart the table with: {command}", log=log_name,
                   command=f"bragrules serve --resume {log_name}"))
