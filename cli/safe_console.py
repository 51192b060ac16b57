"""The one rich console the commands print with: what a user wrote is shown as text.

Names, descriptions, sources, file paths and card text come from users, so
they must never be read as rich markup (``[/]`` in a name would crash the
print, ``[blink]`` would style it) nor reach the terminal as control
characters (an ESC or a CSI in a profile's name could clear the screen or
fake output). :class:`SafeConsole` is a rich ``Console`` that holds both at
the root:

- markup and emoji codes are off, so every string printed, put in a table
  cell, a title or a rule is text, whatever it holds;
- every piece of text is passed through :func:`bragrules.core.text.neutralise`
  before it is laid out, and every segment again before it is written, so
  no control character (but tab and newline) is written except rich's own
  colour codes.

Styling comes from :func:`styled`, which fills a markup template written in
the code with arguments that are escaped first, the way a database query
takes parameters:

>>> styled("[bold]{}[/bold] wins {}", "Ada [/]", "5").plain
'Ada [/] wins 5'
>>> console = SafeConsole(width=40, color_system=None, file=__import__("io").StringIO())
>>> console.print("[/dim] \\x1b[2J"); console.file.getvalue()
'[/dim] \\\\u001b[2J\\n'
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from rich.console import Console, ConsoleOptions, RenderableType
from rich.markup import escape
from rich.segment import Segment
from rich.text import Text

from bragrules.core.text import UNSAFE, neutralise


class SafeConsole(Console):
    """A rich ``Console`` that prints user text as text, with no control characters."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("markup", False)
        kwargs.setdefault("emoji", False)
        kwargs.setdefault("highlight", False)
        super().__init__(**kwargs)

    def render_str(self, text: str, **kwargs: Any) -> Text:
        """A string as rich text, its control characters escaped before it is laid out."""
        return super().render_str(neutralise(text), **kwargs)

    def render(self, renderable: RenderableType, options: Optional[ConsoleOptions] = None) -> Iterable[Segment]:
        """The segments of ``renderable``; text segments never carry a control character."""
        for segment in super().render(renderable, options):
            if segment.control is None and UNSAFE.search(segment.text) is not None:
                yield Segment(neutralise(segment.text), segment.style)
            else:
                yield segment


def styled(template: str, *args: Any, **named: Any) -> Text:
    """Rich text from a markup ``template`` (written in the code) and ``args`` (from anywhere).

    Each ``{}`` of the template is filled with an argument as plain text (each ``{name}`` with the
    argument of that name: a template from the catalogue, whose words may come in another order):
    its brackets are escaped and its control characters neutralised.

    >>> styled("[red]{}[/red]: {}", "[/]", "\\x9b2J").plain
    '[/]: \\\\u009b2J'
    """
    filled = template.format(*(escape(neutralise(str(arg))) for arg in args),
                             **{name: escape(neutralise(str(arg))) for name, arg in named.items()})
    return Text.from_markup(filled, emoji=False)


__all__ = ["SafeConsole", "styled"]
