"""Each game's own words (``vocabulary``): the rulebook, ``rank`` and the compiled rules speak them, the
profiles that write none read as before, and the words are no part of the profile's hash."""

from __future__ import annotations

import re

import pytest

from bragrules.explainers.rulebook import build_rulebook, render
from bragrules.profile import builtin_names, load_profile
from bragrules.profile.loader import load_profile_text, profile_hash
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules
from bragrules.rules.vocabulary import PLAIN, words_of
from tests.helpers import run_cli, shipped_profile


@pytest.mark.parametrize("name, words", [("teen-patti", ("Teen Patti", "trail", "pure sequence", "colour")),
                                         ("zha-jin-hua", ("炸金花", "豹子", "顺金", "金花", "单张", "(235)"))])
@pytest.mark.parametrize("form", ["text", "markdown", "html"])
def test_the_teen_patti_and_zha_jin_hua_rulebooks_speak_their_games_words(name: str, words: tuple, form: str) -> None:
    book = render(build_rulebook(load_profile(name)), form)
    assert "Three-Card Brag" not in book
    assert not re.search(r"\bprials?\b", book, re.IGNORECASE)
    for word in words:
        assert word in book, word


WORDED = [name for name in builtin_names() if words_of(shipped_profile(name)).hands]


@pytest.mark.parametrize("name", WORDED)
def test_no_rulebook_of_a_game_with_its_own_words_says_prial(name: str) -> None:
    """Every shipped profile naming its hands (Teen Patti's variants too: wild cards, a kiss or a miss) tells
    every hand in its words, the examples and their readings included; the session still runs."""
    assert {"teen-patti", "zha-jin-hua", "joker", "kissing-missing", "muflis"} <= set(WORDED)
    for form in ("text", "markdown", "html"):
        book = render(build_rulebook(load_profile(name)), form)
        assert not re.search(r"\b(prials?|running flush(es)?|runs?)\b", book.replace("session runs", ""), re.I), name
        assert "Three-Card Brag" not in book


def test_a_profile_extending_teen_patti_inherits_its_words() -> None:
    words = compile_rules(load_profile("heads-up-teen-patti")).words
    assert words.title == "Teen Patti" and words.hand("prial") == "trail" and words.move("bet") == "chaal"


def test_the_profiles_without_words_are_told_in_brags() -> None:
    for name in builtin_names():
        profile = load_profile(name)
        if not profile.vocabulary.model_fields_set and words_of(profile) is PLAIN:
            ranker = compile_rules(profile).ranking.ranker
            assert ranker.words is PLAIN
    book = render(build_rulebook(load_profile("standard")), "text")
    assert book.startswith("Three-Card Brag: the rules of standard") and "prial" in book


def test_rank_describes_hands_in_the_games_words() -> None:
    teen = compile_rules(load_profile("teen-patti")).ranking.ranker
    zha = compile_rules(load_profile("zha-jin-hua")).ranking.ranker
    plain = compile_rules(load_profile("standard")).ranking.ranker
    assert teen.describe("Ah Ad Ac") == "trail of aces"
    assert teen.describe("9h 8h 7h") == "pure sequence, 9-8-7"
    assert zha.describe("9c 5c 2c") == "金花, 9-5-2"
    assert plain.describe("Ah Ad Ac") == "prial of aces"
    assert teen.strength("Ah Ad Ac") == compile_rules(load_profile("teen-patti").model_copy(
        update={"vocabulary": Profile().vocabulary})).ranking.ranker.strength("Ah Ad Ac")


def test_the_rank_command_names_the_category_in_the_games_words(capsys: pytest.CaptureFixture,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_cli(capsys, monkeypatch, "rank", "-p", "teen-patti", "Ah Ad Ac", "2c 3d 5h")
    assert code == 0, err
    assert "trail" in out and "prial" not in out


def test_the_words_are_no_part_of_the_hash() -> None:
    """Words change no play: a log recorded under the rules audits under the same rules in other words, and
    a profile without the section hashes as it did before the section existed."""
    plain = load_profile_text("stakes: {ante: 2}")
    worded = load_profile_text("stakes: {ante: 2}\nvocabulary: {title: 炸金花, hands: {prial: 豹子}, moves: {bet: 跟注}}")
    assert worded != plain and profile_hash(worded) == profile_hash(plain)
    assert profile_hash(load_profile_text("stakes: {ante: 3}")) != profile_hash(plain)


def test_a_word_for_an_unknown_hand_or_move_is_refused_in_one_line() -> None:
    from bragrules.profile.errors import ProfileError

    with pytest.raises(ProfileError, match="vocabulary"):
        load_profile_text("vocabulary: {hands: {trail: trail}}")
    with pytest.raises(ProfileError, match="vocabulary"):
        load_profile_text("vocabulary: {moves: {chaal: chaal}}")


def test_diff_arbitrate_and_the_audit_speak_the_games_words(tmp_path, capsys: pytest.CaptureFixture,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from bragrules.arbitrate import cite_rules
    from bragrules.explainers.diff import compare_refs

    comparison = compare_refs(["standard", "teen-patti"])
    assert {"vocabulary.title", "vocabulary.hands", "vocabulary.moves"} <= {d.path for d in comparison.metadata}
    assert not any(d.path.startswith("vocabulary") for d in comparison.differences)  # words, not rules
    order = next(d for d in comparison.differences if d.path == "ranking.prial_order")
    assert "trail" in str(order) and "best prial" in str(order)  # each side in its own words
    assert "best trail" in cite_rules(load_profile("teen-patti"), ["ranking.prial_order"])[0].sentence
    log = tmp_path / "tp.jsonl"
    code, _, err = run_cli(capsys, monkeypatch, "play", "--auto", "-p", "teen-patti", "--players", "3", "--hands", "3",
                           "--seed", "2", "--log", str(log))
    assert code == 0, err
    code, out, err = run_cli(capsys, monkeypatch, "audit", str(log))
    assert code == 0 and "a log of Teen Patti under teen-patti" in out, out + err


def test_the_text_rulebook_aligns_a_table_of_chinese_hand_names() -> None:
    """豹子 takes two columns a character on a terminal: the columns after it stay aligned."""
    from bragrules.explainers.rulebook import _shown

    lines = render(build_rulebook(load_profile("zha-jin-hua")), "text").splitlines()
    header = next(line for line in lines if "what it is" in line)
    column = _shown(header[:header.index("what it is")])
    rows = [line for line in lines if re.match(r"\s+\d\s+\S+\s+three cards", line)]
    assert len(rows) >= 3 and all(_shown(row[:row.index("three cards")]) == column for row in rows), rows


@pytest.mark.parametrize("form", ["text", "markdown", "html"])
def test_the_teen_patti_rulebook_names_its_moves_in_its_words(form: str) -> None:
    """The moves as Teen Patti's players name them (``vocabulary.moves``): chaal, pack and show for a bet, a
    fold and a see, with a line saying so; a quotation of a source keeps its own words."""
    book = " ".join(render(build_rulebook(load_profile("teen-patti")), form).split())
    assert "chaal (a bet or a raise), pack (a fold), show (a see)" in book
    assert "every turn is a chaal, a show or a pack" in book and "The show" in book
    assert "A player may chaal blind at most four times" in book
    rules = book.split("At this table")[0].split("show (a see).")[1]
    rules = rules.replace("they see the cards", "").replace("everyone to see", "")  # seeing, not the see
    assert not re.search(r"\b(bets?|folds?|folded|sees?)\b", rules), form  # past the line of words, none plain
    plain = " ".join(render(build_rulebook(load_profile("standard")), form).split())
    assert "every turn is a bet, a see or a fold" not in plain or "chaal" not in plain
    assert "The see" in plain and "own words" not in plain


def test_diff_and_arbitrate_tell_each_side_in_its_moves_words() -> None:
    from bragrules.arbitrate import cite_rules
    from bragrules.explainers.diff import compare_refs

    comparison = compare_refs(["standard", "teen-patti"])
    opening = next(d for d in comparison.differences if d.path == "stakes.opening_min")
    assert "the first bet opens" in str(opening) and "the first chaal opens" in str(opening)
    cited = cite_rules(load_profile("zha-jin-hua"), ["seeing.cost_basis"])[0].sentence
    assert "比牌" in cited and "see" not in cited.split(), cited
