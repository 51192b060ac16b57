"""The option parser's usage errors in the language spoken: ``No such option``, ``Missing argument``,
``Invalid value for ...``.

click writes these in English with the values filled in; each is read back from that English (the option's
name, the values offered) and said again through the catalogue, a bad value's reason from the validation
error behind it. An error this module does not know, or one whose English is not the form it knows, is left in
English: a new wording in click reads as it did, never as a wrong translation.
"""

from __future__ import annotations

import re
from typing import Any, Dict, Optional, Sequence

from bragrules.core.i18n import ENGLISH, N_, language, tr

MISSING: Dict[str, str] = {
    "option": N_("Missing option {name}."),
    "argument": N_("Missing argument {name}."),
    "parameter": N_("Missing parameter {name}."),
}
"""A missing option, argument or parameter, by click's kind of parameter."""

VALIDATION: Dict[str, str] = {
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "float_parsing": N_("Input should be a valid number, unable to parse string as a number"),
    "bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "finite_number": N_("Input should be a finite number"),
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "greater_than": N_("Input should be greater than {gt}"),
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    "less_than": N_("Input should be less than {lt}"),
}
"""pydantic's messages for a value typer could not read as an option's type, by the error's type: the
English exactly as pydantic writes it, its ``ctx`` values as placeholders."""

PATTERNS = (
    (re.compile(r"Got unexpected extra argument(?:\(s\)|s)? \((?P<args>.*)\)", re.S),
     N_("Got unexpected extra argument(s) ({args})")),
    (re.compile(r"Option (?P<name>'[^']*') requires an argument\."), N_("Option {name} requires an argument.")),
    (re.compile(r"Option (?P<name>'[^']*') requires (?P<n>\d+) arguments\."),
     N_("Option {name} requires {n} arguments.")),
    (re.compile(r"Option (?P<name>'[^']*') does not take a value\."), N_("Option {name} does not take a value.")),
    (re.compile(r"Argument (?P<name>'[^']*') takes (?P<n>\d+) values\."), N_("Argument {name} takes {n} values.")),
    (re.compile(r"(?:file|dir|path) (?P<path>'.*') does not exist\.", re.S), N_("{path} does not exist.")),
    (re.compile(r"(?:file|dir|path) (?P<path>'.*') is a file\.", re.S), N_("{path} is a file.")),
    (re.compile(r"(?:file|dir|path) (?P<path>'.*') is a directory\.", re.S), N_("{path} is a directory.")),
    (re.compile(r"(?:file|dir|path) (?P<path>'.*') is not readable\.", re.S), N_("{path} is not readable.")),
    (re.compile(r"(?:file|dir|path) (?P<path>'.*') is not writable\.", re.S), N_("{path} is not writable.")),
    (re.compile(r"Choose from:(?P<choices>.*)", re.S), N_("Choose from:{choices}")),
)
"""click's and typer's other messages, each as click writes it and as the catalogue says it."""


def usage_message(exc: Any) -> str:
    """What a usage error says (``exc.format_message()``), in the language spoken.

    >>> from bragrules.core.i18n import with_language
    >>> class Usage(Exception):  # what click raises: its message formatted
    ...     def format_message(self):
    ...         return str(self)
    >>> error = Usage("No such option: --bogus (Possible options: --bots, --log)")
    >>> usage_message(error)
    'No such option: --bogus (Possible options: --bots, --log)'
    >>> with_language("zh", usage_message, error)
    '没有这个选项：--bogus（可能的选项：--bots, --log）'
    >>> with_language("hi", usage_message, Usage("something click never said"))
    'something click never said'
    """
    english = exc.format_message() if hasattr(exc, "format_message") else str(exc)
    if language() == ENGLISH:
        return english
    said = _said(exc, english)
    return english if said is None else said


_NO_SUCH_OPTION = re.compile(r"No such option: (?P<name>.*?)(?: \(Possible options: (?P<options>.*)\))?", re.S)
_MISSING = re.compile(r"Missing (?P<kind>option|argument|parameter)(?: (?P<name>'[^']*'(?: / '[^']*')*))?\."
                      r"(?: (?P<rest>.*))?", re.S)
_INVALID = "Invalid value for "


def _said(exc: Any, english: str) -> Optional[str]:
    """The error in the language spoken, or None where it is not one of the forms known here."""
    found = _NO_SUCH_OPTION.fullmatch(english)
    if found is not None:
        said = tr("No such option: {name}", name=found["name"])
        options = found["options"]
        return said + tr(" (Possible options: {options})", options=options) if options else said
    found = _MISSING.fullmatch(english)
    if found is not None and found["name"]:
        said = tr(MISSING[found["kind"]], name=found["name"])
        rest = found["rest"]
        return f"{said} {_pattern(rest) or rest}" if rest else said
    message = str(getattr(exc, "message", ""))
    if english.startswith(_INVALID) and message and english.endswith(": " + message):
        return tr("Invalid value for {name}: {reason}", name=english[len(_INVALID):-len(message) - 2],
                  reason=_reason(message, exc.__cause__))
    if english.startswith("Invalid value: ") and message and english == "Invalid value: " + message:
        return tr("Invalid value: {reason}", reason=_reason(message, exc.__cause__))
    return _pattern(english)


def _reason(message: str, cause: Optional[BaseException]) -> str:
    """Why a value is bad: pydantic's reason said again from its error's type, else one of :data:`PATTERNS`,
    else as it was written (a reason of the command's own is in the language spoken already)."""
    errors = getattr(cause, "errors", None)
    if callable(errors):
        found: Sequence[Any] = errors()
        first = found[0] if found else {}
        template = VALIDATION.get(first.get("type", ""))
        values = dict(first.get("ctx") or {})
        if template is not None and first.get("msg") == message and _filled(template, values) == message:
            return tr(template, **values)
    return _pattern(message) or message


def _filled(template: str, values: Dict[str, Any]) -> Optional[str]:
    try:
        return template.format(**values) if values else template
    except (KeyError, IndexError, ValueError):
        return None


def _pattern(english: str) -> Optional[str]:
    for pattern, message in PATTERNS:
        found = pattern.fullmatch(english)
        if found is not None:
            return tr(message, **found.groupdict())
    return None


__all__ = ["MISSING", "PATTERNS", "VALIDATION", "usage_message"]
