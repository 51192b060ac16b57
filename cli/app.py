"""The ``bragrules`` command line: a typer app whose commands live in modules.

Each command module has ``register(app)``, which adds its commands to the
app; :data:`COMMANDS` names each command's module, in the order the
commands are shown by ``--help``. Adding a command is a new module and a
line here for each of its commands.

Running one command imports only its module (``bragrules rank`` does not
load the modules of ``play`` or ``simulate``); ``--help``, a mistyped
command and :data:`app` have them all. Command modules import only typer at
module level and load the library (pydantic, YAML, the ranking) inside the
command functions, so that ``bragrules --help`` starts fast. ``bragrules rank`` under a shipped
profile, in its plain form, does not even import typer: :mod:`bragrules_cli.rank_fast` answers it from the
profile's precomputed table, and the app runs only where the table cannot answer.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Sequence

from .common import (
    EXIT_BAD_INPUT,
    ClosedStream,
    GuardedStream,
    NeutralStream,
    OutputError,
    describe_error,
    error,
    hold_closed_descriptor,
    is_input_error,
)

if TYPE_CHECKING:  # pragma: no cover
    import typer

COMMANDS: Dict[str, str] = {
    "validate": "profile_cmds",
    "profiles": "profile_cmds",
    "show": "profile_cmds",
    "schema": "profile_cmds",
    "rank": "rank_cmd",
    "play": "play_cmd",
    "audit": "audit_cmd",
    "diff": "diff_cmd",
    "rulebook": "rulebook_cmd",
    "arbitrate": "arbitrate_cmd",
    "simulate": "simulate_cmd",
    "equity": "equity_cmd",
    "serve": "serve_cmd",
    "solve": "solve_cmd",
    "duel": "duel_cmd",
}
"""Each command's name and the module of ``bragrules_cli`` that registers it."""

SUMMARIES: Dict[str, str] = {
    "validate": "Check profiles: every problem, with its file and line.",
    "profiles": "List the built-in profiles and what each plays.",
    "show": "Print a profile with its parents and defaults filled in.",
    "schema": "Print the JSON Schema of a profile, for editors.",
    "rank": "Rank hands: category, strength and the cards that play.",
    "play": "Play Brag in the terminal against bots, or watch them.",
    "audit": "Replay a hand history and check every action and amount.",
    "diff": "Compare profiles rule by rule.",
    "rulebook": "Write a profile's complete rules as text, markdown or html.",
    "arbitrate": "Rule on a disputed moment of a deal, under any profile.",
    "simulate": "Let bots play many deals and report what happened.",
    "equity": "Exact chances of a hand against one random opponent.",
    "serve": "Serve a table to friends in their browsers.",
    "solve": "Solve a heads-up deal: strong play and each seat's value.",
    "duel": "Two bots on the same cards twice, seats swapped: who wins.",
}
"""Each command's line in ``bragrules --help``: whole, never cut off, within 80 columns."""

COMMAND_MODULES: List[str] = list(dict.fromkeys(COMMANDS.values()))
"""Modules of ``bragrules_cli`` whose ``register(app)`` adds commands, in order."""


def _version(value: bool) -> None:
    import typer

    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("bragrules")
        except PackageNotFoundError:  # pragma: no cover - a checkout that was never installed
            number = "unknown"
        sys.stdout.write(f"bragrules {number}\n")
        raise typer.Exit(0)


def language_first(args: Sequence[str]) -> List[str]:
    """The command line with its ``--lang`` option moved before the command, where the root takes it,
    so that ``bragrules rulebook --lang zh`` and ``bragrules --lang zh rulebook`` say the same.

    >>> language_first(["rulebook", "--profile", "x", "--lang", "zh"])
    ['--lang', 'zh', 'rulebook', '--profile', 'x']
    >>> language_first(["rank", "--lang=hi", "--", "--lang"])
    ['--lang', 'hi', 'rank', '--', '--lang']
    """
    rest = list(args)
    end = rest.index("--") if "--" in rest else len(rest)
    for i, arg in enumerate(rest[:end]):
        if arg == "--lang" and i + 1 < end:
            return ["--lang", rest[i + 1]] + rest[:i] + rest[i + 2:]
        if arg.startswith("--lang="):
            return ["--lang", arg[len("--lang="):]] + rest[:i] + rest[i + 1:]
    return rest


def new_app() -> "typer.Typer":
    """The app with no commands yet (and ``--version``)."""
    import typer

    def _root(
        show_version: bool = typer.Option(False, "--version", is_eager=True, callback=_version,
                                          help="Show the version and exit."),
        lang: Optional[str] = typer.Option(None, "--lang", metavar="LANG",
                                           help="The language to speak: en, zh (中文) or hi (हिन्दी); "
                                           "default: $BRAGRULES_LANG, else English. Also accepted after the command."),
    ) -> None:
        """The options that come before a command."""
        from bragrules.core.i18n import choose_language

        choose_language(lang)

    target = typer.Typer(
        name="bragrules",
        help="The rules of Brag as data: play, audit, compare and arbitrate under any set of house rules.",
        epilog="Exit status: 0 ok, 1 a finding (audit violations, profiles that differ), 2 bad input. "
        "Data goes to stdout, messages to stderr; NO_COLOR turns colour off.",
        no_args_is_help=True,
        add_completion=True,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    target.callback()(_root)
    return target


def register_all(target: "typer.Typer", modules: Optional[List[str]] = None) -> None:
    """Import each command module and let it add its commands to ``target``."""
    for name in modules if modules is not None else COMMAND_MODULES:
        module = importlib.import_module(f"{__package__}.{name}")
        module.register(target)
    for info in target.registered_commands:
        if info.short_help is None and info.name in SUMMARIES:
            info.short_help = SUMMARIES[info.name]


def build_app(modules: Optional[List[str]] = None) -> "typer.Typer":
    """An app with the commands of ``modules`` (default: every command)."""
    target = new_app()
    register_all(target, modules)
    return target


_whole: Optional["typer.Typer"] = None


def whole_app() -> "typer.Typer":
    """The app with every command (built once)."""
    global _whole
    if _whole is None:
        _whole = build_app()
    return _whole


def __getattr__(name: str) -> Any:
    if name == "app":  # the whole app, built when first asked for
        return whole_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def app_for(args: Sequence[str]) -> "typer.Typer":
    """The app to run ``bragrules ARGS`` with: only the named command's module
    when ``ARGS`` starts with a command's name, else every command."""
    if args[:1] == ["--lang"]:
        args = args[2:]
    module = COMMANDS.get(args[0]) if args else None
    return whole_app() if module is None else build_app([module])


def main(argv: Optional[List[str]] = None) -> None:
    """Run the app: bad input becomes one line on stderr and exit status 2.

    Click's own errors (a bad option, an unknown command) echo what was
    typed, so they are written through a :class:`~bragrules_cli.common.NeutralStream`;
    a write error on stdout (a full disk) is one line and exit status 2.
    """
    for stream in (sys.stdout, sys.stderr):  # a name no terminal can show is escaped, never fatal
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass
    if argv is None:  # the console script itself, not a program calling main()
        _reader_gone_is_quiet()
    args = language_first(sys.argv[1:] if argv is None else argv)
    command = _fast_command(args)
    if command is None:
        command = _typer_command(args, args)
    if sys.stdout is None:  # started with standard output closed (>&-): the first write is one error line
        hold_closed_descriptor(1)
        sys.stdout = ClosedStream()
    guarded = GuardedStream(sys.stdout)  # type: ignore[arg-type]  # (a ClosedStream is written like one)
    sys.stdout = guarded
    try:
        code = command()
        guarded.flush()
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        sys.exit(130)
    except BrokenPipeError:
        _quiet_broken_pipe()
        sys.exit(EXIT_READER_GONE)
    except OutputError as exc:
        error(str(exc))
        _quiet_broken_pipe()
        sys.exit(EXIT_BAD_INPUT)
    except Exception as exc:
        _click_error(exc)
        if not is_input_error(exc):
            raise
        error(describe_error(exc))
        sys.exit(EXIT_BAD_INPUT)
    finally:
        if sys.stdout is guarded:
            sys.stdout = guarded.target
    sys.exit(code if isinstance(code, int) else 0)


def _fast_command(args: Sequence[str]) -> Optional[Callable[[], Any]]:
    """``rank`` answered from a shipped profile's table, without typer (None: the app runs)."""
    if not args or args[0] != "rank":
        return None
    if os.environ.get("BRAGRULES_LANG", "en").split("_")[0].split("-")[0].lower() not in ("", "en"):
        return None  # the tables tell hands in English: another language is the app's
    from .rank_fast import runner

    return runner(args[1:])


def _typer_command(args: Sequence[str], argv: Optional[List[str]]) -> Callable[[], Any]:
    """The app's command for ``args``: it runs click, which returns the exit status.

    The language is chosen first (``--lang``, moved to the front, else ``BRAGRULES_LANG``), so that ``--help``
    and the option parser's errors, which come before the root's callback, are written in it too.
    """
    from bragrules.core.i18n import choose_language

    from .help_words import app_speaks

    choose_language(args[1] if args[:1] == ["--lang"] and len(args) > 1 else None,
                    notice=lambda line: None)  # an unknown language is said by the root's callback, once
    target = app_for(args)

    def run() -> Any:
        # Always a group, even with one command registered (the root callback
        # makes it one): the command's name comes first on the command line
        # either way. get_command adds --install-completion and --show-completion.
        return app_speaks(target)(args=argv, prog_name="bragrules", standalone_mode=False)

    return run


def _click_error(exc: Exception) -> None:
    """End as click would for its own errors: a usage error as one line, an abort as one line."""
    if "typer" not in sys.modules:  # nothing of click ran: none of its errors was raised
        return
    try:  # typer with click inside it, or beside it
        from typer._click.exceptions import ClickException
    except ImportError:  # pragma: no cover
        from click.exceptions import ClickException  # type: ignore[no-redef,import-not-found,assignment,unused-ignore]
    from typer import Abort

    if isinstance(exc, ClickException):
        NeutralStream(sys.stderr).write(click_error_line(exc) + "\n")
        sys.exit(exc.exit_code)
    if isinstance(exc, Abort):
        from bragrules.core.i18n import tr

        error("error: " + tr("aborted"))
        sys.exit(1)


def click_error_line(exc: Exception) -> str:
    """A usage error (a bad option value, a missing argument, an unknown command) as one line,
    naming the command and where its help is.

    >>> class Usage(Exception):  # what click raises: a message and the command's context
    ...     class ctx:
    ...         command_path = "bragrules diff"
    ...     def format_message(self):
    ...         return "Invalid value for '--impact': Input should be greater than or equal to 1"
    >>> click_error_line(Usage())
    "bragrules diff: Invalid value for '--impact': Input should be greater than or equal to 1 (see 'bragrules diff --help')"
    """
    from bragrules.core.i18n import tr

    from .common import one_line
    from .usage_words import usage_message

    text = one_line(usage_message(exc))
    ctx = getattr(exc, "ctx", None)
    if ctx is None:
        return tr("{path}: {text}", path="bragrules", text=text)
    path = ctx.command_path or "bragrules"
    return tr("{path}: {text} (see '{path} --help')", path=path, text=text)


EXIT_READER_GONE = 128 + 13
"""The status of a command whose reader went away, as a shell reports a process ended by SIGPIPE."""


def _reader_gone_is_quiet() -> None:
    """When the reader of our output goes away (``| head``, ``| true``), end quietly, as Unix tools do.

    SIGPIPE is given its default action, so the process ends as ``cat`` or
    ``grep`` would (the shell reports 141), never with status 1, which
    ``diff`` and ``audit`` use for a finding. Where there is no SIGPIPE, a
    :class:`BrokenPipeError` ends the command with the same status.
    """
    import signal

    sigpipe = getattr(signal, "SIGPIPE", None)
    if sigpipe is not None:
        try:
            signal.signal(sigpipe, signal.SIG_DFL)
        except (ValueError, OSError):  # not the main thread (an embedding program): keep its choice
            pass


def _quiet_broken_pipe() -> None:
    """The reader went away (``| head``): stop without a second error at exit."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":  # pragma: no cover
    main()
