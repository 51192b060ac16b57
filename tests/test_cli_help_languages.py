"""``--help`` and the option parser's usage errors in the language chosen: every command's and option's help,
the headings typer and click write (``Usage:``, ``Options``), ``[default: 4]`` and ``No such option``; English
exactly as typer writes it.

Each command is run in this process, as the console script runs it.
"""

from __future__ import annotations

import re
from typing import Any, Dict, Iterator, List, Tuple

import pytest

from bragrules.core.i18n import set_language, tr, with_language

from .helpers import run_cli

LANGS = ["zh", "hi"]
HEADINGS = {"zh": ["用法：bragrules", "选项：", "命令："], "hi": ["उपयोग: bragrules", "विकल्प:", "कमांड:"]}
ENGLISH_WORDS = ["Usage:", "Options:", "Commands:", "Arguments:", "Show this message and exit.", "[default:",
                 "[required]"]
DEVANAGARI = re.compile(r"[\u0900-\u097f]")
ENGLISH_ERROR_WORDS = re.compile(r"\b(No such|Missing|Invalid value|Input should|unexpected|requires|directory|see|"
                                 r"Possible|command|option|argument)\b")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """The command sets the language of this process: each test leaves it English again."""
    yield
    set_language("en")


def _squeezed(text: str) -> str:
    """``text`` without its spaces and line breaks (a help text is rewrapped to the terminal)."""
    return re.sub(r"\s+", "", text)


def _help_texts() -> Dict[str, List[Tuple[str, str]]]:
    """Each command's help texts (``bragrules`` for the root's), as ``--help`` reads them in English."""
    from bragrules_cli.help_words import every_help_text

    found: Dict[str, List[Tuple[str, str]]] = {}
    for where, text in every_help_text():
        found.setdefault(where.split(" ")[0], []).append((where, text))
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("where", ["--help --lang", "--lang"])
def test_the_root_help_in_the_language_chosen(capsys: Any, monkeypatch: Any, lang: str, where: str) -> None:
    from bragrules_cli.app import COMMANDS, SUMMARIES

    args = ["--help", "--lang", lang] if where == "--help --lang" else ["--lang", lang, "--help"]
    code, out, err = run_cli(capsys, monkeypatch, *args)
    assert code == 0 and err == "", err
    for heading in HEADINGS[lang]:
        assert heading in out, heading
    for word in ENGLISH_WORDS:
        assert word not in out, word
    for command in COMMANDS:
        line = next(line for line in out.splitlines() if line.startswith(f"  {command} "))
        said = with_language(lang, tr, SUMMARIES[command])
        assert said != SUMMARIES[command] and line.split(None, 1)[1] == said, line
        assert SUMMARIES[command] not in out
    for _, text in _help_texts()["bragrules"]:
        assert _squeezed(text) not in _squeezed(out), text
        assert _squeezed(with_language(lang, tr, text)) in _squeezed(out), text


@pytest.mark.parametrize("lang", LANGS)
def test_every_command_s_help_in_the_language_chosen(capsys: Any, monkeypatch: Any, lang: str) -> None:
    """Every help text of every command is there in the language, none in English; the words around them too."""
    from bragrules_cli.app import COMMANDS, SUMMARIES

    texts = _help_texts()
    for command in COMMANDS:
        code, out, err = run_cli(capsys, monkeypatch, command, "--help", "--lang", lang)
        assert code == 0 and err == "", (command, err)
        assert out.startswith(HEADINGS[lang][0] + f" {command} "), out[:80]
        assert HEADINGS[lang][1] in out
        for word in ENGLISH_WORDS:
            assert word not in out, (command, word)
        for where, text in texts[command]:
            if text == SUMMARIES[command]:  # the command's line in `bragrules --help`
                continue
            said = with_language(lang, tr, text)
            assert said != text, where
            assert _squeezed(said) in _squeezed(out), where
            assert _squeezed(text) not in _squeezed(out), where


def test_play_help_in_hindi_from_the_environment(capsys: Any, monkeypatch: Any) -> None:
    monkeypatch.setenv("BRAGRULES_LANG", "hi")
    code, out, _ = run_cli(capsys, monkeypatch, "play", "--help")
    assert code == 0
    options = {line.split()[0].rstrip(","): line for line in out.splitlines() if line.startswith("  -")}
    assert DEVANAGARI.search(options["--hands"].split("--hands N", 1)[1]), options["--hands"]
    assert "इतनी बाज़ियों के बाद रुकें।" in options["--hands"]
    assert "[डिफ़ॉल्ट:0.0]" in _squeezed(out)  # the default typer writes itself
    assert "विकल्प:" in out and "-n, --players N" in out and "--explain / --no-explain" in out


@pytest.mark.parametrize("lang", LANGS)
def test_help_lines_fit_the_terminal(capsys: Any, monkeypatch: Any, lang: str) -> None:
    """A translated help is wrapped by the columns a terminal gives each character (a Chinese one takes two)."""
    from bragrules_cli.app import COMMANDS
    from bragrules_cli.wide_tables import terminal_width

    for command in ["--help", *(f"{c} --help" for c in COMMANDS)]:
        code, out, _ = run_cli(capsys, monkeypatch, "--lang", lang, *command.split())
        assert code == 0
        for line in out.splitlines():
            assert terminal_width(line) <= 78, (command, line)


USAGE_ERRORS = [
    (["play", "--bogus"], {"zh": "bragrules play：没有这个选项：--bogus（可能的选项：--bots, --log）（参见 'bragrules play --help'）",
                           "hi": "bragrules play: ऐसा कोई विकल्प नहीं: --bogus (संभावित विकल्प: --bots, --log) "
                                 "(देखें 'bragrules play --help')"},
     "bragrules play: No such option: --bogus (Possible options: --bots, --log) (see 'bragrules play --help')"),
    (["--bogus"], {"zh": "bragrules：没有这个选项：--bogus（参见 'bragrules --help'）",
                   "hi": "bragrules: ऐसा कोई विकल्प नहीं: --bogus (देखें 'bragrules --help')"},
     "bragrules: No such option: --bogus (see 'bragrules --help')"),
    (["diff"], {"zh": "bragrules diff：缺少参数 'PROFILE...'。（参见 'bragrules diff --help'）",
                "hi": "bragrules diff: तर्क 'PROFILE...' नहीं दिया गया। (देखें 'bragrules diff --help')"},
     "bragrules diff: Missing argument 'PROFILE...'. (see 'bragrules diff --help')"),
    (["play", "-n", "x"], {"zh": "bragrules play：'--players' / '-n' 的值无效：应为整数，无法把输入读作整数",
                           "hi": "bragrules play: '--players' / '-n' का मान अमान्य है: पूर्ण संख्या होनी चाहिए;"},
     "bragrules play: Invalid value for '--players' / '-n': Input should be a valid integer, unable to parse string "
     "as an integer (see 'bragrules play --help')"),
    (["diff", "--impact", "0", "standard", "casual"], {"zh": "'--impact' 的值无效：应大于或等于 1（参见",
                                                       "hi": "'--impact' का मान अमान्य है: 1 या उससे बड़ा होना चाहिए"},
     "bragrules diff: Invalid value for '--impact': Input should be greater than or equal to 1 "
     "(see 'bragrules diff --help')"),
    (["nosuch"], {"zh": "bragrules：没有命令 'nosuch'。（参见 'bragrules --help'）",
                  "hi": "bragrules: ऐसी कोई कमांड नहीं: 'nosuch'। (देखें 'bragrules --help')"},
     "bragrules: No such command 'nosuch'. (see 'bragrules --help')"),
    (["play", "extra"], {"zh": "bragrules play：多出了意外的参数（extra）", "hi": "अनपेक्षित अतिरिक्त तर्क (extra)"},
     "bragrules play: Got unexpected extra argument(s) (extra) (see 'bragrules play --help')"),
    (["play", "--log"], {"zh": "bragrules：选项 '--log' 需要一个值。", "hi": "bragrules: विकल्प '--log' को एक मान चाहिए।"},
     "bragrules: Option '--log' requires an argument."),
    (["schema", "-o", "."], {"zh": "'--output' / '-o' 的值无效：'.' 是一个目录。", "hi": "'.' एक फ़ोल्डर है।"},
     "bragrules schema: Invalid value for '--output' / '-o': file '.' is a directory. (see 'bragrules schema --help')"),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("args", "said", "english"), USAGE_ERRORS, ids=[" ".join(e[0]) for e in USAGE_ERRORS])
def test_usage_errors_in_the_language_chosen(capsys: Any, monkeypatch: Any, args: List[str], said: Dict[str, str],
                                             english: str, lang: str) -> None:
    code, out, err = run_cli(capsys, monkeypatch, *args, "--lang", lang)
    assert code == 2 and out == "", err
    assert said[lang] in err and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert not ENGLISH_ERROR_WORDS.search(err), err


@pytest.mark.parametrize(("args", "said", "english"), USAGE_ERRORS, ids=[" ".join(e[0]) for e in USAGE_ERRORS])
def test_usage_errors_in_english_are_as_they_were(capsys: Any, monkeypatch: Any, args: List[str],
                                                  said: Dict[str, str], english: str) -> None:
    code, out, err = run_cli(capsys, monkeypatch, *args)
    assert (code, out, err) == (2, "", english + "\n")


ENGLISH_HELP = [
    "Usage: bragrules [OPTIONS] COMMAND [ARGS]...",
    "  The rules of Brag as data: play, audit, compare and arbitrate under any set\n  of house rules.",
    "Options:\n  --version             Show the version and exit.",
    "  -h, --help            Show this message and exit.",
    "Commands:\n  validate   Check profiles: every problem, with its file and line.",
    "  duel       Two bots on the same cards twice, seats swapped: who wins.",
    "  Exit status: 0 ok, 1 a finding (audit violations, profiles that differ), 2\n  bad input.",
]
ENGLISH_PLAY_HELP = [
    "Usage: bragrules play [OPTIONS]\n\n  Play Brag in the terminal against bots (or watch them with --auto).\n\nOptions:\n",
    "  --hands N                 Stop after this many deals.\n",
    "  --delay SECONDS           Seconds to pause after each bot action (0 to 60).\n                            [default: 0.0]\n",
    "  -h, --help                Show this message and exit.\n",
]


def test_english_help_is_as_typer_writes_it(capsys: Any, monkeypatch: Any) -> None:
    """English: the words and lines of typer and click themselves, the tree as typer built it."""
    import typer.main

    from bragrules_cli.app import COMMANDS, build_app
    from bragrules_cli.help_words import LocalContext, speak

    code, out, err = run_cli(capsys, monkeypatch, "--help")
    assert code == 0 and err == ""
    for fragment in ENGLISH_HELP:
        assert fragment in out, fragment
    code, play, _ = run_cli(capsys, monkeypatch, "play", "--help")
    for fragment in ENGLISH_PLAY_HELP:
        assert fragment in play, fragment
    command = typer.main.get_command(build_app())
    speak(command)  # English: nothing to do
    with command.make_context("bragrules", [], resilient_parsing=True) as ctx:
        assert out == command.get_help(ctx) + "\n"
        assert type(ctx) is not LocalContext
    for name in COMMANDS:
        sub = command.commands[name]  # type: ignore[attr-defined]
        assert type(sub).context_class is sub.context_class


def test_a_help_text_the_catalogue_lacks_is_caught(monkeypatch: Any) -> None:
    """A help text written anywhere (an option's ``help=``, a command's docstring) is a message of the catalogue:
    ``check`` names it until each language translates it."""
    import typer

    from bragrules.core import catalogues
    from bragrules_cli import app

    built = app.build_app

    def with_one_more(modules: Any = None) -> Any:
        target = built(modules)

        @target.command("brand-new")
        def brand_new(depth: int = typer.Option(1, "--depth", help="How deep the brand-new command looks.")) -> None:
            """A command nobody has translated yet."""

        return target

    monkeypatch.setattr(app, "build_app", with_one_more)
    template = catalogues.extract()
    for lang in LANGS:
        found = catalogues.problems(lang, template=template)
        assert f"{lang}: missing: 'How deep the brand-new command looks.'" in found
        assert f"{lang}: missing: 'A command nobody has translated yet.'" in found
        assert len(found) == 2, found


def test_help_is_click_s_formatter_not_rich() -> None:
    """typer draws help with rich when a command asks for a rich markup mode, with headings of its own
    (``typer.rich_utils``) that the formatter translated here never writes: bragrules asks for none."""
    import typer.main

    from bragrules_cli.app import build_app
    from bragrules_cli.help_words import help_texts

    command = typer.main.get_command(build_app())
    assert help_texts(command)
    assert command.rich_markup_mode is None  # type: ignore[attr-defined]
    assert all(sub.rich_markup_mode is None for sub in command.commands.values())  # type: ignore[attr-defined]
