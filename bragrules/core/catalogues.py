"""Keeping the message catalogues: extract every message, update each language, check them.

The messages are the English texts given to :func:`bragrules.core.i18n.tr` and
:func:`~bragrules.core.i18n.ntr` in the package and its command line; Babel's extractor finds
them (the same as ``pybabel extract -k tr -k ntr:1,2 -k N_ -k Message -k RuleViolation:2 -k refusal:2 -k _refuse_below:2``),
and the command line's help texts are read from its command tree (:func:`help_sentences`). From a checkout::

    python -m bragrules.core.catalogues update   # write bragrules/locale/bragrules.pot, merge it into each .po
    python -m bragrules.core.catalogues check    # list what a catalogue lacks, exit 1 if anything

``update`` adds each new message to every language's ``.po`` untranslated (and drops the ones
no longer in the code), keeping every translation already written; a translator then fills the
empty ``msgstr`` lines. ``check`` is what the tests assert: every message translated in every
language, with the same placeholders as the English.

>>> placeholders("{name} bets {amount}"), placeholders("no fields, {{braces}}")
(['amount', 'name'], [])
"""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from bragrules.core.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, catalogue_path

ROOT = Path(__file__).resolve().parents[2]
"""The checkout: the package and the command line's sources are under it."""

SOURCES: Tuple[str, ...] = ("bragrules", "cli")
KEYWORDS = {"tr": None, "ntr": (1, 2), "N_": None, "Message": None, "RuleViolation": (2,), "refusal": (2,),
            "_refuse_below": (2,)}
"""The calls whose text is a message: ``tr``, ``ntr`` and ``N_``, a :class:`~bragrules.core.i18n.Message`
made to be read later, a field's own check of an amount (``_refuse_below``, its second argument) and a refusal (:class:`~bragrules.core.errors.RuleViolation` or
:func:`~bragrules.rules.hooks.refusal`, its second argument)."""
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"


def placeholders(text: str) -> List[str]:
    """The ``{name}`` fields of a message, sorted (a message's and its translation's must agree)."""
    try:
        return sorted({name for _, name, _, _ in string.Formatter().parse(text) if name})
    except ValueError:  # a lone brace: not a format string (a message with no placeholders is never formatted)
        return sorted(set(re.findall(r"\{(\w+)\}", text)))


def extract(root: Path = ROOT) -> "object":
    """Every message in the sources, as a Babel ``Catalog`` (the template)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    template = Catalog(project="bragrules", domain=DOMAIN, charset="utf-8")
    for source in SOURCES:
        folder = root / source
        for filename, lineno, message, comments, context in extract_from_dir(
            str(folder), method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True,
        ):
            template.add(message, None, [(f"{source}/{filename}", lineno)], auto_comments=comments,
                         context=context)
    for path, said in choice_sentences() + area_titles() + help_sentences():
        template.add(said, None, [(path, 0)])
    return template


def help_sentences() -> List[Tuple[str, str]]:
    """Every help text of the command line (what ``--help`` prints: each command's help and summary, each
    option's help, typer's own options' too), by where it is read: found in the command tree the command line
    builds, as typer made it from the options' ``help=`` and the commands' docstrings, so that none is left
    out and each is the text ``--help`` translates.

    >>> ("cli/--help/play/--hands", "Stop after this many deals.") in help_sentences()
    True
    """
    from importlib import import_module

    found = import_module("bragrules_cli.help_words").every_help_text()
    return [("cli/--help/" + where.replace(" ", "/"), said) for where, said in found]


def area_titles() -> List[Tuple[str, str]]:
    """Each rule area's title (a heading of ``diff`` and of the rulebook), by area: written as data, not as calls
    of ``tr``.

    >>> ("stakes", "Stakes and betting") in area_titles()
    True
    """
    from bragrules.rules.registry import AREAS, METADATA_TEXT

    return [(area.name, area.title) for area in (METADATA_TEXT, *AREAS)]


def choice_sentences() -> List[Tuple[str, str]]:
    """The sentences of every choice field (:func:`bragrules.rules.area.choice`), by field: messages
    written as tables of values rather than as calls of ``tr``.

    >>> ("seeing.side_show.tie", "equal hands at a side-show: nobody folds") in choice_sentences()
    True
    """
    from bragrules.rules.registry import AREAS, METADATA_TEXT

    found = []
    for area in (METADATA_TEXT, *AREAS):
        for text in area.fields:
            for said in (text.choices or {}).values():
                if said and (text.path, said) not in found:
                    found.append((text.path, said))
    return found


def update(root: Path = ROOT) -> None:
    """Write the template and merge it into every language's catalogue."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    template = extract(root)
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as out:
        write_po(out, template, width=100, omit_header=False)  # type: ignore[arg-type]
    for lang in LANGUAGES[1:]:
        path = catalogue_path(lang)
        if path.is_file():
            with path.open("rb") as handle:
                cat = read_po(handle, locale=lang)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            cat = Catalog(locale=lang, project="bragrules", domain=DOMAIN, charset="utf-8")
        cat.update(template, no_fuzzy_matching=True)  # type: ignore[arg-type]
        cat.obsolete.clear()
        with path.open("wb") as out:
            write_po(out, cat, width=100, ignore_obsolete=True)


def problems(lang: str, root: Path = ROOT, template: Optional[object] = None) -> List[str]:
    """What ``lang``'s catalogue lacks: each message missing, untranslated or fuzzy, and each
    translation whose placeholders differ from the English."""
    from babel.messages.pofile import read_po

    found: List[str] = []
    with catalogue_path(lang).open("rb") as handle:
        cat = read_po(handle, locale=lang)
    for message in template if template is not None else extract(root):  # type: ignore[attr-defined]
        if not message.id:
            continue
        ids: Sequence[str] = message.id if isinstance(message.id, tuple) else (message.id,)
        entry = cat.get(message.id)
        if entry is None:
            found.append(f"{lang}: missing: {ids[0]!r}")
            continue
        said: object = entry.string
        strings: Sequence[str] = [str(s or "") for s in said] if isinstance(said, (tuple, list)) else [str(said or "")]
        if entry.fuzzy or not all(strings):
            found.append(f"{lang}: untranslated: {ids[0]!r}")
            continue
        english = placeholders(ids[-1])
        for said in strings:
            if placeholders(said) != english:
                found.append(f"{lang}: placeholders {placeholders(said)} for {english}: {ids[0]!r}")
    return found


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``update`` or ``check`` (see the module's help)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["update"]:
        update()
        return 0
    if args[:1] == ["check"]:
        template = extract()
        listed: Dict[str, List[str]] = {lang: problems(lang, template=template) for lang in LANGUAGES[1:]}
        for lines in listed.values():
            for line in lines:
                print(line)
        return 1 if any(listed.values()) else 0
    print("usage: python -m bragrules.core.catalogues update|check", file=sys.stderr)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
