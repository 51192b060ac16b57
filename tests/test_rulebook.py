"""``bragrules rulebook``: every shipped profile in text, Markdown and HTML.

- every shipped profile renders in all three formats;
- the numbers follow the profile (ante, raise cap, lives, session length);
- sections appear only where they apply, in the order a table explains the game;
- the HTML page is self-contained: inline CSS, print styles, nothing fetched,
  every text escaped.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import List, Tuple

import pytest

from bragrules.explainers.rulebook import FORMATS, build_rulebook, category_examples, render
from bragrules.profile import builtin_names, load_profile, load_profile_text
from bragrules.rules.ranking import compile_ranking
from bragrules.rules.vocabulary import PLAIN, Words, in_english, said, words_of
from bragrules_cli.app import COMMAND_MODULES

from .helpers import run_cli

ROOT = Path(__file__).resolve().parent.parent
BAD = ROOT / "tests" / "data" / "bad_profiles"

# The order a table explains the game: every rulebook's sections follow it.
SECTION_ORDER = [
    "The pack and the deal",
    "The ranking of hands",
    "The order of a deal",
    "Playing against the bank",  # a banking game (procedure.bank)
    "Stakes and betting",
    "Forced bets",
    "Blind play",
    "The see",
    "The side-show",
    "Ties",
    "Folding and carried pots",
    "Sessions and scoring",
    "FORMAT",  # the format's own rules, titled by the format
    "Special cases",
    "At this table",  # where the profile departs from the defaults
]


def _kind(title: str, words: Words = PLAIN) -> str:
    """The place of a section in :data:`SECTION_ORDER`, by its title in the game's words (Teen Patti's "The show")."""
    plain = {said(kind, in_english(words)): kind for kind in SECTION_ORDER}  # Zha Jin Hua's 比牌 stays out of English
    return plain.get(title, "FORMAT")


def flat(text: str) -> str:
    """The text with its line wrapping undone."""
    return " ".join(text.split())


def book_for(text: str, fmt: str = "text") -> str:
    """The rulebook of a profile given as YAML text (line wrapping undone for text)."""
    book = render(build_rulebook(load_profile_text(text, filename="t.yaml", base_dir=ROOT)), fmt)
    return flat(book) if fmt == "text" else book


def book_of(name: str) -> str:
    """The text rulebook of a shipped profile, line wrapping undone."""
    return flat(render(build_rulebook(load_profile(name)), "text"))


class Result:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err


@pytest.fixture
def run(capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch):
    def invoke(*args: str) -> Result:
        return Result(*run_cli(capsys, monkeypatch, *args))

    return invoke


# ---------------------------------------------------------------------------
# Every profile, every format
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", builtin_names())
def test_every_shipped_profile_renders(name: str, fmt: str) -> None:
    profile = load_profile(name)
    text = render(build_rulebook(profile), fmt)
    assert profile.name in text
    assert "Special cases" in text and "ranking of hands" in text
    assert "Traceback" not in text and "None" not in text
    if fmt == "text":
        assert all(len(line) <= 78 for line in text.splitlines())


@pytest.mark.parametrize("name", builtin_names())
def test_sections_in_the_order_a_table_explains(name: str) -> None:
    profile = load_profile(name)
    book = build_rulebook(profile)
    kinds = [_kind(section.title, words_of(profile)) for section in book.sections]
    assert kinds == sorted(kinds, key=SECTION_ORDER.index)
    assert kinds[:2] == ["The pack and the deal", "The ranking of hands"]
    assert [k for k in kinds if k != "At this table"][-1] == "Special cases"


@pytest.mark.parametrize("name", builtin_names())
def test_markdown_headings_in_order(name: str) -> None:
    profile = load_profile(name)
    markdown = render(build_rulebook(profile), "markdown")
    lines = markdown.splitlines()
    assert lines[0].startswith("# ") and sum(1 for line in lines if line.startswith("# ")) == 1
    headings = [line for line in lines if line.startswith("## ")]
    numbers = [int(re.match(r"## (\d+)\. ", h).group(1)) for h in headings]
    assert numbers == list(range(1, len(headings) + 1))
    titles = [re.sub(r"^## \d+\. ", "", h).replace("\\", "") for h in headings]
    kinds = [_kind(t, words_of(profile)) for t in titles]
    assert kinds == sorted(kinds, key=SECTION_ORDER.index)
    for sub in (line for line in lines if line.startswith("### ")):
        assert re.match(r"### \d+\.\d+ ", sub)


# ---------------------------------------------------------------------------
# The numbers come from the profile
# ---------------------------------------------------------------------------


def test_ante_follows_the_profile() -> None:
    one = book_for("extends: traditional\n")
    seven = book_for("extends: traditional\nstakes: {ante: 7}\n")
    assert "antes 1 for each fresh deal" in one
    assert "antes 7 for each fresh deal" in seven and "antes 1 for each" not in seven
    assert "antes 7 again" in seven  # the carried pot and the retained hand
    half = book_for("extends: traditional\nstakes: {ante: 5/2}\n")
    assert "antes 2½ for each fresh deal" in half


def test_raise_cap_follows_the_profile() -> None:
    assert "each raise adds at most 5 to the level" in book_for("extends: traditional\n").lower()
    capped = book_for("extends: traditional\nstakes: {raise_limit: {amount: 12}}\n").lower()
    assert "each raise adds at most 12 to the level" in capped
    assert "at most 5 to the level" not in capped
    fixed = book_for("extends: traditional\nstakes: {raise_limit: {kind: fixed, amount: 3}}\n").lower()
    assert "each raise adds exactly 3 to the level" in fixed
    assert "raises are unlimited" in book_for("extends: standard\n").lower()
    opening = book_for("extends: traditional\nstakes: {opening_max: 8}\n")
    assert "opens the level at 1 to 8" in opening


def test_lives_follow_the_profile() -> None:
    three = book_for("extends: crash\n")
    five = book_for("extends: crash\nformat: {lives: 5}\n")
    assert "Each player has 3 lives" in three
    assert "Each player has 5 lives" in five and "3 lives" not in five


def test_session_and_see_follow_the_profile() -> None:
    assert "after 8 resolved pots" in book_for("extends: traditional\n")
    assert "after 12 resolved pots" in book_for("extends: traditional\nsession: {end: {count: 12}}\n")
    seen = book_for("extends: traditional\nseeing: {cost_multiple: 3}\n")
    assert "three times the caller's own rate" in seen and "a seen caller pays 12" in seen
    bonus = book_for("extends: traditional\nsession: {bonus: {prial: 9}}\n")
    assert "collects 9 from every other player" in bonus
    assert "bonus" not in book_for("extends: traditional\n").lower()
    finite = book_for("extends: casual\nsession: {starting_stack: 750}\n")
    assert "starts with 750 chips" in finite


def test_the_ranking_has_a_real_example_of_each_category() -> None:
    profile = load_profile("traditional")
    ranker = compile_ranking(profile.ranking)
    examples = category_examples(ranker)
    assert list(examples) == list(ranker.category_order)
    for category, hand in examples.items():
        assert ranker.evaluate(hand).category == category
    text = flat(render(build_rulebook(profile), "text"))
    for described in ("prial of", "running flush,", "run,", "flush,", "pair of", "high card,"):
        assert described in text
    assert "3-3-3 is the best prial" in text and "K-A-2 is no run" in text
    assert "16,440" in text and "22,100" in text


def test_ranking_follows_the_profile() -> None:
    odd = book_for(
        "extends: standard\n"
        "ranking:\n"
        "  category_order: [prial, pair, high_card]\n"
        "  prial_order: ace_high\n"
        "  run_order: akq_high\n"
        "  wild: {ranks: ['2']}\n"
    )
    assert "A-A-A is the best prial" in odd
    assert "no run" not in odd  # runs do not rank here
    assert "All twos are wild" in odd and "natural hand beats" in odd
    assert "There are no wild cards" not in odd
    section = odd[odd.index("The ranking of hands"):odd.index("Stakes and betting")]
    assert "Running flush" not in section
    runs = book_for("extends: standard\nranking: {run_order: akq_high}\n")
    assert "A-K-Q is the best run" in runs


# ---------------------------------------------------------------------------
# Sections only where they apply
# ---------------------------------------------------------------------------


def test_retention_only_when_on() -> None:
    assert "Keeping a blind hand" in book_for("extends: traditional\n")
    assert "Keeping a blind hand" not in book_for("extends: standard\n")
    seen_only = book_of("seen-only")
    assert "Keeping a blind hand" not in seen_only
    assert "Blind play is not allowed" in seen_only


def test_crash_has_no_betting_sections() -> None:
    text = book_of("crash")
    for absent in ("Stakes and betting", "Blind play", "The see", "Folding and carried pots", "antes"):
        assert absent not in text
    assert "Lives" in text and "There is no betting" in text


def test_formats_have_their_own_rules() -> None:
    seven = book_of("seven-card")
    assert "Seven-Card Brag: its own rules" in seven
    assert "two three-card hands" in seven and "winning all of them" in seven
    nine = book_of("nine-card")
    assert "winning most of them" in nine and "all three hands" in nine
    four = book_of("four-card")
    assert "best three" in four and "discarded cards never break a tie" in four
    bus = book_for("extends: crash\nformat: {exchange: {enabled: true, swap: one}}\n")
    assert "The exchange" in bus and "swaps one card with the centre" in bus and "knock" in bus
    plain = book_of("standard")
    assert "its own rules" not in plain


def test_play_goes_the_way_the_deal_passes() -> None:
    clockwise = book_for("extends: standard\n")
    assert "clockwise from the dealer's left" in clockwise
    assert "The player on the dealer's left speaks first, and play goes round clockwise" in clockwise
    anti = book_for("extends: standard\ntable: {rotation: anticlockwise}\n")
    assert "one at a time, anticlockwise from the dealer's right" in anti
    assert "The player on the dealer's right speaks first, and play goes round anticlockwise" in anti
    assert "dealer's left" not in anti


def test_special_cases() -> None:
    text = book_of("standard")
    assert "redeal with all antes returned" in text
    assert "wrong amount is corrected before any card" in text
    assert "deliberately looks at another's cards must fold" in text


# ---------------------------------------------------------------------------
# HTML
# ---------------------------------------------------------------------------


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: List[Tuple[str, dict]] = []
        self.open: List[str] = []
        self.text: List[str] = []

    def handle_starttag(self, tag, attrs):  # type: ignore[no-untyped-def]
        self.tags.append((tag, dict(attrs)))
        if tag not in ("meta", "br", "link", "img"):
            self.open.append(tag)

    def handle_endtag(self, tag):  # type: ignore[no-untyped-def]
        assert self.open and self.open[-1] == tag, (self.open, tag)
        self.open.pop()

    def handle_data(self, data):  # type: ignore[no-untyped-def]
        self.text.append(data)


@pytest.mark.parametrize("name", builtin_names())
def test_html_is_self_contained(name: str) -> None:
    page = render(build_rulebook(load_profile(name)), "html")
    assert page.startswith("<!DOCTYPE html>")
    assert "http://" not in page and "https://" not in page and "//" not in page.replace("://", "")
    assert "<style>" in page and "@media print" in page
    for tag in ("<script", "<link", "<img", "<iframe", "@import", "url("):
        assert tag not in page
    parser = _Collector()
    parser.feed(page)
    parser.close()
    assert parser.open == []
    assert any(tag == "meta" and attrs.get("charset") == "utf-8" for tag, attrs in parser.tags)
    hrefs = [attrs["href"] for tag, attrs in parser.tags if tag == "a"]
    assert hrefs and all(h.startswith("#") for h in hrefs)
    ids = {attrs.get("id") for _, attrs in parser.tags}
    assert all(h[1:] in ids for h in hrefs)


def test_html_escapes_profile_text() -> None:
    page = book_for(
        "extends: standard\nname: x\ndescription: '<script>alert(1)</script> & \"friends\"'\n", "html"
    )
    assert "<script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;friends&quot;" in page
    markdown = book_for("extends: standard\nname: x\ndescription: '<b>bold</b> *stars*'\n", "markdown")
    assert "<b>" not in markdown and "\\*stars\\*" in markdown


# ---------------------------------------------------------------------------
# The command
# ---------------------------------------------------------------------------


def test_rulebook_is_registered() -> None:
    assert "rulebook_cmd" in COMMAND_MODULES


def test_rulebook_command_formats(run, tmp_path: Path) -> None:
    result = run("rulebook", "traditional")
    assert result.code == 0, result.err
    assert result.out.startswith("Three-Card Brag: the rules of traditional\n")
    result = run("rulebook", "house", "--format", "markdown")
    assert result.code == 0 and result.out.startswith("# ")
    assert "each raise adds at most 10 to the level" in flat(result.out).lower()
    result = run("rulebook", "crash", "-f", "html")
    assert result.code == 0 and result.out.startswith("<!DOCTYPE html>")
    target = tmp_path / "book.html"
    result = run("rulebook", "seven-card", "--output", str(target))
    assert result.code == 0 and result.out == ""
    assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    target = tmp_path / "book.txt"
    result = run("rulebook", "seven-card", "-o", str(target), "--format", "markdown")
    assert target.read_text(encoding="utf-8").startswith("# ")


def test_rulebook_takes_the_profile_as_play_names_it(run) -> None:
    """``--profile``/``-p``, as ``play``, ``rank`` and ``solve`` take it, names the same book; one profile only."""
    named = run("rulebook", "--profile", "zha-jin-hua")
    assert named.code == 0 and named.out == run("rulebook", "zha-jin-hua").out
    assert named.out.startswith("炸金花 (Zha Jin Hua): the rules of zha-jin-hua")
    assert run("rulebook", "-p", "teen-patti").out.startswith("Teen Patti: the rules of teen-patti")
    for args in ((), ("teen-patti", "-p", "standard")):
        refused = run("rulebook", *args)
        assert refused.code == 2 and "Traceback" not in refused.err and "name one" in refused.err, refused.err


@pytest.mark.parametrize(
    "args",
    [
        ("no-such-profile",),
        (str(BAD / "bad_literal.yaml"),),
        ("traditional", "--format", "pdf"),
    ],
    ids=["unknown", "broken", "format"],
)
def test_rulebook_bad_input(run, args: Tuple[str, ...]) -> None:
    result = run("rulebook", *args)
    assert result.code == 2
    assert result.out == ""
    assert len(result.err.splitlines()) == 1 and "Traceback" not in result.err


@pytest.mark.parametrize("name", builtin_names())
def test_every_rule_that_differs_from_the_defaults_is_mentioned(name: str) -> None:
    """Each shipped rulebook says every rule in play where the profile departs from the defaults,
    in words: no field path, no rule-text code, no file of the docs."""
    from bragrules.explainers.explain import METADATA, explain, field_paths, in_play, value_of
    from bragrules.profile.models import Profile

    profile = load_profile(name)
    defaults = Profile()
    for fmt in ("text", "markdown", "html"):
        text = " ".join(render(build_rulebook(profile), fmt).split())
        if fmt == "markdown":
            text = text.replace("\\", "")
        for path in field_paths():
            if path in METADATA:
                continue
            value = value_of(profile, path)
            if value == value_of(defaults, path) or not in_play(path, profile):
                continue
            assert path not in text, (name, fmt, path)  # a printed rulebook never cites field paths
            said = explain(path, value, profile, latin_moves_only=True)  # the book names 比牌 once
            if fmt != "html":
                assert said[1:].rstrip(".") in text, (name, fmt, path, said)
        assert "variants.md" not in text and "docs/" not in text, (name, fmt)
        # a count read as digits with its cards (999's "000 (10-10-10)") is a number, not a rule text's code
        text = re.sub(r"\b\d{3} \((?:10|[2-9AJQK])(?:-(?:10|[2-9AJQK])){2}\)", "", text)
        assert fmt == "html" or not re.search(r"\b00[0-9]\b", text), (name, fmt, re.search(r".{40}\b00[0-9]\b.{10}", text))


class _Contents(HTMLParser):
    """The lists of the table of contents: each list's start and its items' titles."""

    def __init__(self) -> None:
        super().__init__()
        self.lists: List[Tuple[int, List[str]]] = []
        self.in_nav = False
        self.in_item = False

    def handle_starttag(self, tag: str, attrs: List[Tuple[str, "str | None"]]) -> None:
        if tag == "nav":
            self.in_nav = True
        elif tag == "ol" and self.in_nav:
            self.lists.append((int(dict(attrs).get("start") or 1), []))
        elif tag == "li" and self.in_nav:
            self.in_item = True
            self.lists[-1][1].append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "nav":
            self.in_nav = False
        elif tag == "li":
            self.in_item = False

    def handle_data(self, data: str) -> None:
        if self.in_nav and self.in_item:
            self.lists[-1][1][-1] += data


@pytest.mark.parametrize("name", ["traditional", "crash", "standard"])
def test_the_contents_are_two_lists_side_by_side_numbered_on(name: str) -> None:
    """Two columns whose tops are level: two lists in a row, not one list in CSS columns (whose second
    column started higher, the first item's top margin being dropped at the column break)."""
    book = build_rulebook(load_profile(name))
    page = render(book, "html")
    parser = _Contents()
    parser.feed(page)
    titles = [sec.title for sec in book.sections]
    half = (len(titles) + 1) // 2
    assert [start for start, _ in parser.lists] == [1, half + 1]
    assert [items for _, items in parser.lists] == [titles[:half], titles[half:]]
    style = page.split("<style>", 1)[1].split("</style>", 1)[0]
    assert "columns:" not in style and re.search(r"nav \{[^}]*display: flex", style)


def test_the_two_columns_of_contents_start_level_in_chromium(tmp_path: Path) -> None:
    """In a real browser, the first entry of each column is drawn at the same height."""
    import os

    sync_api = pytest.importorskip("playwright.sync_api", reason="the browser extra is not installed")
    chromium = os.environ.get("BRAGRULES_CHROMIUM", "/usr/bin/chromium")
    if not os.access(chromium, os.X_OK):
        pytest.skip(f"no Chromium at {chromium}")
    page_file = tmp_path / "book.html"
    page_file.write_text(render(build_rulebook(load_profile("traditional")), "html"), encoding="utf-8")
    with sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page(viewport={"width": 900, "height": 700})
            page.goto(page_file.as_uri())
            tops = page.eval_on_selector_all("nav li", "items => items.map(i => i.getBoundingClientRect().top)")
            lefts = page.eval_on_selector_all("nav li", "items => items.map(i => i.getBoundingClientRect().left)")
        finally:
            browser.close()
    half = (len(tops) + 1) // 2
    assert lefts[half] > lefts[0] + 100  # side by side
    assert tops[half] == pytest.approx(tops[0], abs=0.5)  # level
    assert tops[half + 1] - tops[half] == pytest.approx(tops[1] - tops[0], abs=0.5)  # the same spacing


def test_html_example_hands_do_not_wrap_mid_hand() -> None:
    """Every hand the HTML rulebook writes out (an example, a run's ranks) is one unbreakable span."""
    page = render(build_rulebook(load_profile("standard")), "html")
    assert ".hand { white-space: nowrap; }" in page
    cells = re.findall(r"<td>(.*?)</td>", page)
    examples = [cell for cell in cells if "♣" in cell or "♠" in cell or 'class="red"' in cell]
    assert examples and all(cell.startswith('<span class="hand">') for cell in examples if " " in cell), examples
    assert '<span class="hand">A-2-3</span>' in page
