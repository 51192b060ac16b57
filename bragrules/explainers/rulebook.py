"""A complete rulebook written from a profile: plain text, Markdown or HTML.

The rulebook explains the game in the order a table does: the pack and the
deal, the ranking of hands (a real example of each category, found with the
profile's own ranking), the stakes, blind play, the see, ties, folding and
carried pots, sessions, the format's own rules, and the special cases.
Every number and every rule comes from the profile; the sentences come
from :mod:`bragrules.explainers.explain`, the same source ``bragrules diff`` uses.
Sections appear only when they apply: a game without betting has no
section on the see, a profile without retention no retention rules.

>>> from bragrules.profile import load_profile
>>> book = build_rulebook(load_profile("traditional"))
>>> [section.title for section in book.sections][:3]
['The pack and the deal', 'The ranking of hands', 'Stakes and betting']
>>> "each raise adds at most 5 to the level" in render(book, "text").lower()
True
"""

from __future__ import annotations

import html
import re
import textwrap
import unicodedata
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from bragrules.core.i18n import ENGLISH, language, speaking, tr
from bragrules.core.text import in_words, sources_in_words
from bragrules.explainers.explain import METADATA, explain, field_paths, in_play, sentence_source, source_of, value_of
from bragrules.profile.models import Profile
from bragrules.rules.area import Block, Bullets, Paragraph, Section, Table
from bragrules.rules.format import format_name
from bragrules.rules.ranking_rulebook import category_examples
from bragrules.rules.registry import rulebook_sections
from bragrules.rules.table import seats
from bragrules.rules.vocabulary import Words, in_english, said, words_of
from bragrules.rules.words import sentence

__all__ = [
    "FORMATS",
    "Bullets",
    "Paragraph",
    "Rulebook",
    "Section",
    "Table",
    "build_rulebook",
    "category_examples",
    "render",
    "render_html",
    "render_markdown",
    "render_text",
]

FORMATS = ("text", "markdown", "html")
"""The output formats of :func:`render`."""

# ---------------------------------------------------------------------------
# The document: sections come from the rule areas (bragrules.rules.area)
# ---------------------------------------------------------------------------


@dataclass
class Rulebook:
    """The whole rulebook: a title, an introduction and the sections."""

    title: str
    intro: List[str]
    sections: List[Section]
    profile_name: str
    language: str = ENGLISH
    """The language the book is written in (the HTML page's ``lang``)."""


# ---------------------------------------------------------------------------
# Assembling the book: the introduction here, the sections from the areas
# ---------------------------------------------------------------------------


def _intro(p: Profile) -> List[str]:
    paragraphs: List[str] = []
    if p.description:
        paragraphs.append(sentence(in_words(p.description)))
    facts = []
    if p.source:
        facts.append(tr("Source: {source}.", source=in_words(p.source)))
    if p.extends:
        facts.append(tr("Built on: {profiles}.", profiles=", ".join(p.extends)))
    if facts:
        paragraphs.append(" ".join(facts))
    game = words_of(p).title_or(tr("Brag"))
    if p.format.lives is not None:
        aim = (
            tr("{game} for a pot of lives.", game=game) if p.format.life_stake is not None
            else tr("{game} without money.", game=game)
        ) + " " + tr(
            "Each player starts with {lives} lives; the lowest hand at each showdown loses one, "
            "and the last player with a life wins.", lives=p.format.lives)
    elif p.procedure.bank.kind is not None:
        aim = (tr("{game} is a banking game: there is no pot to win, and each player's stakes are settled against "
                  "the house's dealer alone, as the section on playing against the bank says.", game=game)
               if p.procedure.bank.kind == "house" else
               tr("{game} is a banking game: there is no pot to win, and each player's stakes are settled against "
                  "the banker alone, as the section on playing against the bank says.", game=game))
    elif not p.format.betting:
        aim = tr(
            "{game} without betting: every deal goes straight to a showdown, "
            "and the best hand takes the pot.", game=game)
    else:
        aim = tr(
            "{game} is a game of betting and bluffing. Each deal is played for "
            "a pot, which goes to the better hand when the last two players see each other, or "
            "to the last player left when everyone else has folded.", game=game)
    words = words_of(p)
    paragraphs.append(said(aim, in_english(words)) + " " + sentence(seats(p)))  # the seats of this table, not the game's
    glossary = game_words(words) if language() == ENGLISH else ""  # a translated book names them in its words
    if glossary:
        paragraphs.append(glossary)
    return paragraphs


def game_words(words: Words) -> str:
    """The sentence that tells a reader of the rulebook the game's own words for its moves, each beside the
    plain word it stands for (``vocabulary.moves``); "" for a game that names none of its own. Its hands
    need no such line: the ranking's table says what each is.

    A word in another script (Zha Jin Hua's) is not put into the English sentences (:func:`in_english`): the
    line names it once beside the English word the rulebook uses:

    >>> from bragrules.rules.vocabulary import Words
    >>> print(game_words(Words(hands={"prial": "豹子"}, moves={"bet": "跟注", "see": "比牌"})))
    At the table the moves have their own names; this rulebook says them in English: 跟注 (a bet), 比牌 (a see).
    >>> print(game_words(Words(moves={"bet": "chaal", "raise": "chaal", "fold": "pack", "blind": "blind"})))
    The game's own words for its moves are used below: chaal (a bet or a raise), pack (a fold).
    >>> game_words(Words(title="Brag"))
    ''
    """
    from bragrules.rules.vocabulary import MOVE_NAMES, PLAIN

    meanings: Dict[str, List[str]] = {}  # a word that names two moves (Teen Patti's chaal: a bet or a raise) once
    for kind, word in words.moves.items():
        if kind != "blind" and word != PLAIN.move(kind):
            meanings.setdefault(word, []).append("a " + MOVE_NAMES.get(kind, kind))
    used = [f"{word} ({' or '.join(plain)})" for word, plain in meanings.items() if word.isascii()]
    named = [f"{word} ({' or '.join(plain)})" for word, plain in meanings.items() if not word.isascii()]
    lines = ([f"The game's own words for its moves are used below: {', '.join(used)}."] if used else []) + (
        [f"At the table the moves have their own names; this rulebook says them in English: {', '.join(named)}."]
        if named else [])
    return " ".join(lines)


_NOT_BANKING = frozenset(("seeing", "ties", "carry-over", "blind", "stakes"))
"""The sections a banking game leaves out of its rulebook (its bank section says the stakes): settled against the bank, never by a
see, a tie rule between players, a lone survivor or blind play."""


def _banking_disputes() -> Section:
    """A banking game's special cases: the disputes of a pot game are not played against a bank."""
    sec = Section("disputes", tr("Special cases"))
    sec.para(tr("In a banking game the table rules no dispute: an exposure, a deliberate look at another's cards, "
                "a player showing their own cards, a redeal and a deal declared void are refused (procedure.bank), "
                "and every stake is settled against the bank as dealt."))
    return sec


def departures(profile: Profile) -> List[Tuple[str, str, str]]:
    """The rules where ``profile`` differs from bragrules' defaults: (field path, sentence, source).

    Only rules in play under the profile are listed (a raise amount is not
    when raises are unlimited).
    """
    out = []
    for path in field_paths():
        if path in METADATA:
            continue
        value = value_of(profile, path)
        if value == value_of(_DEFAULT, path) or not in_play(path, profile):
            continue
        out.append((path, sentence(explain(path, value, profile, latin_moves_only=True)), source_of(path, value)))
    return out


_DEFAULT = Profile()


def _departures_section(profile: Profile) -> Optional[Section]:
    found = departures(profile)
    if not found:
        return None
    sec = Section("departures", tr("At this table"))
    sec.para(tr(
        "Where these rules depart from the plain game that bragrules starts from, "
        "each with where the rule comes from:"
    ))
    merged: Dict[str, List[str]] = {}  # one line per rule, with the sources of every value behind it
    for _path, text, source in found:
        merged.setdefault(text, []).append(source)
    lines = []
    for text, sources in merged.items():
        worded = sources_in_words([sentence_source(sources)])  # what states all those values
        lines.append(tr("{rule} (from {sources})", rule=text, sources=worded) if worded else text)
    sec.bullets(lines)
    return sec


def build_rulebook(profile: Profile) -> Rulebook:
    """The rulebook of a profile, as sections of paragraphs, lists and tables.

    Each rule area writes its own sections (:func:`bragrules.rules.registry.rulebook_sections`,
    in the order a table explains the game); a section that does not apply is left out.
    """
    words = words_of(profile)
    told_in = in_english(words) if language() == ENGLISH else words  # English grammar takes Latin words only
    banking = profile.procedure.bank.kind is not None
    sections: List[Section] = [
        _in_game_words(_banking_disputes() if banking and section.key == "disputes" else section, told_in)
        for writer in rulebook_sections() for section in [writer(profile)]
        if section is not None and not (banking and section.key in _NOT_BANKING)
    ]
    summary = _departures_section(profile)  # its sentences are the fields' own (explain), already in the game's words
    if summary is not None:
        sections.append(summary)
    name = words.title_or(format_name(profile) or tr("Three-Card Brag"))
    return Rulebook(
        title=tr("{game}: the rules of {profile}", game=name, profile=profile.name),
        intro=_intro(profile),
        sections=sections,
        profile_name=profile.name,
        language=language(),
    )


def _in_game_words(section: Section, words: Words) -> Section:
    """A section with its moves told in the game's words (:func:`~bragrules.rules.vocabulary.said`: Teen Patti's
    chaal, pack and show for a bet, a fold and a see), its title, paragraphs, lists and tables; quotations kept.

    >>> from bragrules.rules.vocabulary import Words
    >>> sec = Section("see", "The see")
    >>> sec.para("Only the last two players may see.")
    >>> sec.bullets(["A player who folds loses their bets."])
    >>> told = _in_game_words(sec, Words(moves={"see": "show", "fold": "pack", "bet": "chaal"}))
    >>> told.title, told.blocks[0].text, told.blocks[1].items
    ('The show', 'Only the last two players may show.', ('A player who packs loses their chaals.',))
    """
    if not words.moves:
        return section

    def block(b: Block) -> Block:
        if isinstance(b, Paragraph):
            return Paragraph(said(b.text, words))
        if isinstance(b, Bullets):
            return Bullets(tuple(said(item, words) for item in b.items))
        return Table(tuple(said(cell, words) for cell in b.header),
                     tuple(tuple(said(cell, words) for cell in row) for row in b.rows))

    return Section(section.key, said(section.title, words), [block(b) for b in section.blocks],
                   [_in_game_words(sub, words) for sub in section.subsections])


# ---------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------

_WIDTH = 78


def _numbered(sections: Sequence[Section]) -> List[Tuple[str, Section, List[Tuple[str, Section]]]]:
    out = []
    for n, sec in enumerate(sections, start=1):
        subs = [(f"{n}.{m}", sub) for m, sub in enumerate(sec.subsections, start=1)]
        out.append((str(n), sec, subs))
    return out


def _shown(text: str) -> int:
    """How many columns a text takes on a terminal: a Chinese character (豹子) takes two.

    >>> _shown("豹子 of"), _shown("pair")
    (7, 4)
    """
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.category(c) == "Mn" else 1
               for c in text)


_TOKEN = re.compile(r"[^\s\u2E80-\u9FFF\uFF00-\uFFEF]+|\s+|.")


def _wrap(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "", wide: bool = False) -> List[str]:
    """``textwrap.wrap``, or for Chinese (``wide``), lines filled by the columns they take: a Chinese
    sentence has no spaces to break at, and each character takes two columns.

    >>> _wrap("一二三四五 six", 8, wide=True)
    ['一二三四', '五 six']
    """
    if not wide:
        return textwrap.wrap(text, width, initial_indent=initial_indent, subsequent_indent=subsequent_indent)
    lines: List[str] = []
    line = initial_indent
    for token in _TOKEN.findall(text):
        blank = line.strip() == ""
        if token.isspace():
            if not blank:
                line += " "
            continue
        if not blank and _shown(line.rstrip() + token) > width:
            lines.append(line.rstrip())
            line = subsequent_indent
        line += token
    if line.strip():
        lines.append(line.rstrip())
    return lines


def _text_table(table: Table, indent: str = "  ") -> List[str]:
    """Aligned columns (by the columns each text takes: a hand's name may be Chinese); the widest
    columns are wrapped to keep within the page width."""
    rows = [table.header] + list(table.rows)
    columns = len(table.header)
    widths = [max(_shown(row[i]) for row in rows) for i in range(columns)]
    wide = any(_shown(cell) > len(cell) for row in rows for cell in row) and language() == "zh"
    words = [
        max((len(word) for row in rows for word in row[i].split()), default=1) for i in range(columns)
    ]
    room = _WIDTH - len(indent) - 2 * (columns - 1)
    while sum(widths) > room:
        widest = max(range(columns), key=lambda i: widths[i] - words[i])
        if widths[widest] <= words[widest]:
            break
        widths[widest] -= 1
    lines = []
    for index, row in enumerate(rows):
        cells = [_wrap(cell, widths[i], wide=wide) or [""] for i, cell in enumerate(row)]
        for n in range(max(len(c) for c in cells)):
            parts = [(c[n] if n < len(c) else "") for c in cells]
            parts = [part + " " * (widths[i] - _shown(part)) for i, part in enumerate(parts)]
            lines.append((indent + "  ".join(parts)).rstrip())
        if index == 0:
            lines.append(indent + "  ".join("-" * w for w in widths))
    return lines


def _text_blocks(blocks: Sequence[Block]) -> List[str]:
    wide = language() == "zh"
    lines: List[str] = []
    for block in blocks:
        if isinstance(block, Paragraph):
            lines.extend(_wrap(block.text, _WIDTH, wide=wide))
        elif isinstance(block, Bullets):
            for item in block.items:
                lines.extend(_wrap(item, _WIDTH, initial_indent="  - ", subsequent_indent="    ", wide=wide))
        else:
            lines.extend(_text_table(block))
        lines.append("")
    return lines


def render_text(book: Rulebook) -> str:
    """Plain text for the terminal, wrapped at 78 columns (by the columns Chinese takes, in Chinese)."""
    with speaking(book.language):
        return _plain_text(book)


def _underline(text: str, mark: str) -> str:
    """A heading's underline: as many columns as the heading takes (English counts its characters, as always)."""
    return mark * (len(text) if language() == ENGLISH else _shown(text))


def _plain_text(book: Rulebook) -> str:
    wide = language() == "zh"
    lines = [book.title, _underline(book.title, "="), ""]
    for paragraph in book.intro:
        lines.extend(_wrap(paragraph, _WIDTH, wide=wide))
        lines.append("")
    for number, sec, subs in _numbered(book.sections):
        heading = f"{number}. {sec.title}"
        lines.extend([heading, _underline(heading, "-"), ""])
        lines.extend(_text_blocks(sec.blocks))
        for sub_number, sub in subs:
            lines.extend([f"{sub_number} {sub.title}", ""])
            lines.extend(_text_blocks(sub.blocks))
    return "\n".join(lines).rstrip("\n") + "\n"


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")


def _md(text: str) -> str:
    return _MD_SPECIAL.sub(r"\\\1", text)


def _md_blocks(blocks: Sequence[Block]) -> List[str]:
    lines: List[str] = []
    for block in blocks:
        if isinstance(block, Paragraph):
            lines.append(_md(block.text))
        elif isinstance(block, Bullets):
            lines.extend(f"- {_md(item)}" for item in block.items)
        else:
            lines.append("| " + " | ".join(_md(h) for h in block.header) + " |")
            lines.append("|" + "|".join("---" for _ in block.header) + "|")
            for row in block.rows:
                lines.append("| " + " | ".join(_md(c) for c in row) + " |")
        lines.append("")
    return lines


def render_markdown(book: Rulebook) -> str:
    """Markdown: ``#`` title, ``##`` numbered sections, ``###`` subsections."""
    lines = [f"# {_md(book.title)}", ""]
    for paragraph in book.intro:
        lines.extend([_md(paragraph), ""])
    for number, sec, subs in _numbered(book.sections):
        lines.extend([f"## {number}. {_md(sec.title)}", ""])
        lines.extend(_md_blocks(sec.blocks))
        for sub_number, sub in subs:
            lines.extend([f"### {sub_number} {_md(sub.title)}", ""])
            lines.extend(_md_blocks(sub.blocks))
    return "\n".join(lines).rstrip("\n") + "\n"


_CSS = """
:root { --ink: #1b1b1b; --muted: #5a5a5a; --rule: #c9c3b8; --paper: #fffdf8; --red: #b3261e; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--paper); color: var(--ink);
       font: 16px/1.55 Georgia, "Times New Roman", serif; }
main { max-width: 46rem; margin: 0 auto; padding: 2rem 1.25rem 4rem; }
h1 { font-size: 2rem; line-height: 1.2; margin: 0 0 1rem; }
h2 { font-size: 1.35rem; margin: 2.2rem 0 0.6rem; padding-bottom: 0.2rem; border-bottom: 1px solid var(--rule); }
h3 { font-size: 1.1rem; margin: 1.5rem 0 0.4rem; }
p, li { margin: 0.45rem 0; }
ul { padding-left: 1.3rem; }
.intro { color: var(--muted); }
nav { margin: 1.5rem 0; padding: 0.75rem 1rem; border: 1px solid var(--rule);
      display: flex; flex-wrap: wrap; align-items: flex-start; gap: 0 2rem; }
nav ol { margin: 0; padding-left: 1.8rem; flex: 1 1 14rem; }
nav li { margin: 0; padding: 0.15rem 0; }
nav a { color: inherit; }
table { border-collapse: collapse; width: 100%; margin: 0.8rem 0; font-size: 0.95rem; }
th, td { text-align: left; padding: 0.3rem 0.5rem; border-bottom: 1px solid var(--rule); vertical-align: top; }
th { font-weight: bold; border-bottom-width: 2px; }
.red { color: var(--red); }
.hand { white-space: nowrap; }
footer { margin-top: 3rem; color: var(--muted); font-size: 0.85rem; }
@media print {
  body { background: #fff; font-size: 11pt; }
  main { max-width: none; padding: 0; }
  nav { display: none; }
  h2, h3 { page-break-after: avoid; break-after: avoid; }
  table, ul { page-break-inside: avoid; break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
  .red { color: #000; }
}
"""


_CARD = r"(?:10|[2-9AKQJ])[\u2660\u2665\u2666\u2663]|Jk"
_HAND = re.compile(rf"(?<![\w-])(?:(?:{_CARD})(?: (?:{_CARD}))+|(?:10|[2-9AKQJ])(?:-(?:10|[2-9AKQJ])){{2,}})(?![\w-])")
"""A hand written out, ``7♥ 6♥ 5♥`` or ``A-2-3``: kept on one line in HTML (a hand split over two lines
reads as two)."""


def _h(text: str) -> str:
    """Escaped text, each hand on one line, red suits marked.

    >>> _h("7♥ 6♥ 5♥ beats A-K-Q; 9♣")
    '<span class="hand">7<span class="red">♥</span> 6<span class="red">♥</span> 5<span class="red">♥</span></span> \
beats <span class="hand">A-K-Q</span>; 9♣'
    """
    escaped = _HAND.sub(lambda m: f'<span class="hand">{m.group(0)}</span>', html.escape(text, quote=True))
    return re.sub("([\u2665\u2666])", r'<span class="red">\1</span>', escaped)


def _html_blocks(blocks: Sequence[Block]) -> List[str]:
    out: List[str] = []
    for block in blocks:
        if isinstance(block, Paragraph):
            out.append(f"<p>{_h(block.text)}</p>")
        elif isinstance(block, Bullets):
            out.append("<ul>")
            out.extend(f"  <li>{_h(item)}</li>" for item in block.items)
            out.append("</ul>")
        else:
            out.append("<table>")
            out.append("  <thead><tr>" + "".join(f"<th>{_h(h)}</th>" for h in block.header) + "</tr></thead>")
            out.append("  <tbody>")
            for row in block.rows:
                out.append("    <tr>" + "".join(f"<td>{_h(c)}</td>" for c in row) + "</tr>")
            out.append("  </tbody>")
            out.append("</table>")
    return out


def _contents(numbered: Sequence[Tuple[str, Section, List[Tuple[str, Section]]]]) -> List[str]:
    """The table of contents: two lists side by side, the first half and the rest (numbered on),
    their tops level, as two boxes of a row are (one list under the other on a narrow screen).

    A single list set in CSS columns began its second column higher than its first: the first
    item's top margin is kept at the top of a box but dropped at a column break.
    """
    half = (len(numbered) + 1) // 2
    contents = tr("Contents")
    out = [f'<nav aria-label="{_h(contents)}">']
    for start, part in ((1, numbered[:half]), (half + 1, numbered[half:])):
        if not part:
            continue
        out.append("<ol>" if start == 1 else f'<ol start="{start}">')
        out.extend(f'  <li><a href="#{sec.key}">{_h(sec.title)}</a></li>' for _, sec, _ in part)
        out.append("</ol>")
    out.append("</nav>")
    return out


def render_html(book: Rulebook) -> str:
    """One self-contained HTML page: inline CSS, print styles, no external resources; its ``lang``
    is the book's language."""
    with speaking(book.language):
        return _page(book)


def _page(book: Rulebook) -> str:
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{book.language}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_h(book.title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        "<main>",
        "<header>",
        f"<h1>{_h(book.title)}</h1>",
    ]
    out.extend(f'<p class="intro">{_h(p)}</p>' for p in book.intro)
    out.append("</header>")
    numbered = _numbered(book.sections)
    out.extend(_contents(numbered))
    for number, sec, subs in numbered:
        out.append(f'<section id="{sec.key}">')
        out.append(f"<h2>{number}. {_h(sec.title)}</h2>")
        out.extend(_html_blocks(sec.blocks))
        for sub_number, sub in subs:
            out.append(f'<section id="{sec.key}-{sub.key}">')
            out.append(f"<h3>{sub_number} {_h(sub.title)}</h3>")
            out.extend(_html_blocks(sub.blocks))
            out.append("</section>")
        out.append("</section>")
    written = tr("Written from the profile {profile}.", profile=book.profile_name)
    out.append(f"<footer>{_h(written)}</footer>")
    out.extend(["</main>", "</body>", "</html>"])
    return "\n".join(out) + "\n"


def render(book: Rulebook, fmt: str = "text") -> str:
    """The rulebook in one of :data:`FORMATS`."""
    if fmt == "text":
        return render_text(book)
    if fmt in ("markdown", "md"):
        return render_markdown(book)
    if fmt == "html":
        return render_html(book)
    raise ValueError(f"unknown rulebook format {fmt!r}; choose one of {', '.join(FORMATS)}")
