"""The ``bragrules`` command line: a typer app whose commands live in modules.

Each command module has ``register(app)``, which adds its commands to the
app; :data:`COMMAND_MODULES` lists the modules, in the order their commands
are shown by ``--help``. Adding a command is a new module and one line here.

Command modules import only typer at module level and load the library
(pydantic, YAML, the ranking) inside the command functions, so that
``bragrules --help`` starts fast.
"""

from __future__ import annotations

import importlib
import sys
from typing import List, Optional

import typer

from .common import EXIT_BAD_INPUT, describe_error, error, is_input_error

COMMAND_MODULES: List[str] = [
    "profile_cmds",
    "rank_cmd",
    "play_cmd",
    "audit_cmd",
    "diff_cmd",
    "rulebook_cmd",
    "arbitrate_cmd",
    "simulate_cmd",
    "equity_cmd",
]
"""Modules of ``bragrules_cli`` whose ``register(app)`` adds commands."""

app = typer.Typer(
    name="bragrules",
    help="The rules of Brag as data: play, audit, compare and arbitrate under any set of house rules.",
    epilog="Exit status: 0 ok, 1 a finding (audit violations, profiles that differ), 2 bad input. "
    "Data goes to stdout, messages to stderr; NO_COLOR turns colour off.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def register_all(target: typer.Typer, modules: Optional[List[str]] = None) -> None:
    """Import each command module and let it add its commands to ``target``."""
    for name in modules if modules is not None else COMMAND_MODULES:
        module = importlib.import_module(f"{__package__}.{name}")
        module.register(target)


register_all(app)


def main(argv: Optional[List[str]] = None) -> None:
    """Run the app: bad input becomes one line on stderr and exit status 2."""
    for stream in (sys.stdout, sys.stderr):  # a name no terminal can show is escaped, never fatal
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass
    try:
        app(args=argv, prog_name="bragrules")
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        sys.exit(130)
    except BrokenPipeError:
        _quiet_broken_pipe()
        sys.exit(1)
    except Exception as exc:
        if not is_input_error(exc):
            raise
        error(describe_error(exc))
        sys.exit(EXIT_BAD_INPUT)


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
