"""``--help`` in the language spoken: every command's and option's help, and the words typer and click
write around them (``Usage:``, ``Options``, ``[default: 4]``).

The help texts are written in English where the commands are declared (an option's ``help=``, a command's
docstring, :data:`bragrules_cli.app.SUMMARIES`); :func:`help_texts` finds every one of them in the built
command tree, which is how the catalogue's extractor finds them too (``python -m bragrules.core.catalogues``),
so a help text added anywhere is a message the catalogue check asks a translation for. :func:`speak`
replaces each text of a freshly built tree with its translation before click reads it, and gives each
command a :class:`LocalFormatter` that writes click's own words in the language spoken and wraps lines by
the columns a terminal gives each character (a Chinese character takes two). English changes nothing:
the tree is left as typer built it.

typer writes its words (``Options``, ``default: {default}``, ``required``, ``No such command``) through
``gettext``'s function, which a ``.po`` file read by Babel cannot reach; :func:`speak` gives ``typer.core``
:func:`typer_word` in its place, which answers from the catalogue in the language spoken now and with the
English otherwise (so it is left in place for the rest of the process: a later English run reads English).
click's words that no ``gettext`` carries (``Usage:``) are the formatter's.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Iterator, List, Optional, Sequence, Tuple

from bragrules.core.i18n import ENGLISH, N_, catalogue, language, tr

if TYPE_CHECKING:  # pragma: no cover
    import typer

try:  # typer with click inside it, or beside it
    from typer._click.core import Context as _Context
    from typer._click.formatting import HelpFormatter as _HelpFormatter
except ImportError:  # pragma: no cover
    from click.core import Context as _Context  # type: ignore[no-redef,import-not-found,assignment,unused-ignore]
    from click.formatting import (  # type: ignore[no-redef,import-not-found,assignment,unused-ignore]
        HelpFormatter as _HelpFormatter,
    )

TYPER_WORDS: Tuple[str, ...] = (
    N_("Usage: "), N_("Arguments"), N_("Options"), N_("Commands"), N_("default: {default}"), N_("required"),
    N_("env var: {var}"), N_("(dynamic)"), N_("Missing command."), N_("No such command {name!r}."), N_("{heading}:"),
)
"""The words click and typer write around the help texts and in their errors, each exactly as typer asks
``gettext`` for it (``Usage: `` is click's prefix of the usage line, ``{heading}:`` its heading of a section)."""


def typer_word(message: str) -> str:
    """A help text, or one of typer's or click's words, in the language spoken (the English when the catalogue
    has none).

    >>> from bragrules.core.i18n import with_language
    >>> typer_word("Options"), with_language("zh", typer_word, "Options"), with_language("hi", typer_word, "nope")
    ('Options', '选项', 'nope')
    """
    lang = language()
    said = catalogue(lang).get(message) if lang != ENGLISH else None
    return said if isinstance(said, str) else message


def help_texts(command: Any) -> List[Tuple[str, str]]:
    """Every help text of a click command tree, each with where it is read (``play --seed``): each command's
    help, short help and epilog, each parameter's help, the help option's included.

    >>> import typer.main
    >>> from bragrules_cli.app import whole_app
    >>> found = help_texts(typer.main.get_command(whole_app()))
    >>> found[0]
    ('bragrules', 'The rules of Brag as data: play, audit, compare and arbitrate under any set of house rules.')
    >>> [where for where, text in found if text == "Stop after this many deals."]
    ['play --hands', 'serve --hands']
    """
    found: List[Tuple[str, str]] = []
    for path, each in _commands(command, ()):
        where = " ".join(path) or command.name or "bragrules"
        for attribute in ("help", "short_help", "epilog"):
            text = getattr(each, attribute, None)
            if text:
                found.append((where, text))
        for param in [*each.params, _help_option(each)]:
            text = getattr(param, "help", None)
            if text:
                names = [*getattr(param, "opts", ()), *getattr(param, "secondary_opts", ())] or [param.name]
                found.append((f"{where} {max(names, key=len)}", text))
    return found


def _commands(command: Any, path: Tuple[str, ...]) -> Iterator[Tuple[Tuple[str, ...], Any]]:
    """The command and every command under it, each with its path of names below the root."""
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands(sub, (*path, name))


def _help_option(command: Any) -> Any:
    """The command's ``--help`` option, which click makes only when a context asks for it."""
    return command.get_help_option(command.context_class(command, help_option_names=["--help"]))


def speak(command: Any) -> None:
    """Put a freshly built click command tree into the language spoken (in English, leave it as it is)."""
    if language() == ENGLISH:
        return
    _typer_speaks()
    for _, each in _commands(command, ()):
        for attribute in ("help", "short_help", "epilog"):
            text = getattr(each, attribute, None)
            if text:
                setattr(each, attribute, typer_word(text))
        for param in each.params:
            if getattr(param, "help", None):
                param.help = typer_word(param.help)
        each.context_class = LocalContext
        _translate_help_option(each)


def _translate_help_option(command: Any) -> None:
    """The ``--help`` option, which click makes when it is first asked for, made with its help translated."""
    made = command.get_help_option

    def get_help_option(ctx: Any) -> Any:
        option = made(ctx)
        if option is not None and option.help:
            option.help = typer_word(option.help)
        return option

    command.get_help_option = get_help_option


def _typer_speaks() -> None:
    """typer's own words from the catalogue: :func:`typer_word` where ``typer.core`` calls ``gettext``."""
    import typer.core

    if callable(getattr(typer.core, "_", None)):
        typer.core._ = typer_word  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------
# The formatter: click's words and lines as wide as the terminal's columns
# ---------------------------------------------------------------------------

_WIDE = re.compile(r"[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf"
                   r"\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]")
"""A character that takes two columns and may end a line on its own (Chinese is written without spaces)."""

_NO_LINE_START = set("，。、：；！？）」』》〉】,.;:!?)]")
"""Punctuation that never begins a line: it stays with the word before it."""


def terminal_columns(text: str) -> int:
    """The columns ``text`` takes in a terminal.

    >>> terminal_columns("选项"), terminal_columns("विकल्प"), terminal_columns("Options")
    (4, 5, 7)
    """
    from wcwidth import wcswidth  # what cli/wide_tables.py measures with, without loading rich

    width = wcswidth(text)
    return width if width >= 0 else sum(max(wcswidth(ch), 0) for ch in text)


def _pieces(text: str) -> List[Tuple[bool, str]]:
    """``text`` as pieces a line may break between: each word, each wide character on its own; with each
    piece, whether a space came before it."""
    found: List[Tuple[bool, str]] = []
    for spaced, word in re.findall(r"(\s*)(\S+)", text):
        first = True
        for piece in re.findall(_WIDE.pattern + r"|(?:(?!" + _WIDE.pattern + r")\S)+", word):
            found.append((bool(spaced) and first, piece))
            first = False
    return found


def wrap_columns(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "") -> List[str]:
    """One paragraph in lines of at most ``width`` terminal columns where its words allow: broken at spaces
    and between wide characters, never before closing punctuation (the character before it goes down with it).

    >>> wrap_columns("规则作为数据：在任何一套自定规则下对局。", 16, "  ", "  ")
    ['  规则作为数据：', '  在任何一套自定', '  规则下对局。']
    >>> wrap_columns("一二三四五六七，八", 15)
    ['一二三四五六', '七，八']
    >>> wrap_columns("Play against bots, or watch them.", 20)
    ['Play against bots,', 'or watch them.']
    """
    lines: List[str] = []
    indent, line = initial_indent, []  # type: str, List[str]  # the line's pieces, each with the space before it
    for spaced, piece in _pieces(text):
        gap = " " if spaced and line else ""
        if line and terminal_columns(indent + "".join(line) + gap + piece) > width:
            carried = [line.pop()] if piece[0] in _NO_LINE_START and not gap and len(line) > 1 else []
            lines.append(indent + "".join(line))
            indent, line = subsequent_indent, [each.lstrip(" ") for each in carried]
            gap = gap if line else ""
        line.append(gap + piece)
    lines.append(indent + "".join(line))
    return lines


def wrap_paragraphs(text: str, width: int, indent: str = "") -> str:
    """Text of paragraphs (separated by blank lines), each joined and wrapped by :func:`wrap_columns`."""
    paragraphs = [" ".join(line.strip() for line in block.splitlines())
                  for block in re.split(r"\n\s*\n", text.strip("\n")) if block.strip()]
    return "\n\n".join("\n".join(wrap_columns(paragraph, width, indent, indent)) for paragraph in paragraphs)


class LocalFormatter(_HelpFormatter):
    """click's help formatter writing its words in the language spoken and wrapping by terminal columns."""

    def write_usage(self, prog: str, args: str = "", prefix: Optional[str] = None) -> None:
        super().write_usage(prog, args, typer_word("Usage: ") if prefix is None else prefix)

    def write_heading(self, heading: str) -> None:
        self.write(f"{'':>{self.current_indent}}{tr('{heading}:', heading=typer_word(heading))}\n")

    def write_text(self, text: str) -> None:
        self.write(wrap_paragraphs(text, self.width, " " * self.current_indent) + "\n")

    def write_dl(self, rows: Sequence[Tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        rows = list(rows)
        if not rows:
            return
        first_col = min(max(terminal_columns(first) for first, _ in rows), col_max) + col_spacing
        for first, second in rows:
            self.write(f"{'':>{self.current_indent}}{first}")
            if not second:
                self.write("\n")
                continue
            if terminal_columns(first) <= first_col - col_spacing:
                self.write(" " * (first_col - terminal_columns(first)))
            else:
                self.write("\n" + " " * (first_col + self.current_indent))
            lines = wrap_paragraphs(second, max(self.width - first_col - 2, 10)).splitlines() or [""]
            self.write(lines[0] + "\n")
            for line in lines[1:]:
                self.write((f"{'':>{first_col + self.current_indent}}{line}" if line else "") + "\n")


class LocalContext(_Context):
    """A click context whose help is written by :class:`LocalFormatter`."""

    formatter_class = LocalFormatter


def every_help_text() -> List[Tuple[str, str]]:
    """:func:`help_texts` of the whole command line, built afresh (what the catalogue's extractor reads)."""
    import typer.main

    from .app import build_app

    return help_texts(typer.main.get_command(build_app()))


def app_speaks(target: "typer.Typer") -> Any:
    """The click command of ``target`` in the language spoken (what ``bragrules`` runs)."""
    import typer.main

    command = typer.main.get_command(target)
    speak(command)
    return command


__all__ = ["LocalContext", "LocalFormatter", "TYPER_WORDS", "app_speaks", "every_help_text", "help_texts", "speak",
           "terminal_columns", "typer_word", "wrap_columns", "wrap_paragraphs"]
