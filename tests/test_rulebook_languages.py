"""Every shipped rulebook read in Chinese and in Hindi, in text, Markdown and HTML: no English sentence left.

A rulebook in another language may still show what is not a sentence of bragrules: the profile's own
description and source (the profile's data, written in English), the citations of where each rule comes
from (the names of pages and quotations), the names of profiles, games and formats, field names, card
strings (``A-K-Q``, ``Jk as Ah``) and numbers. Everything else is the catalogue's: a run of English words
found there is a sentence nobody wrapped in ``tr()`` or nobody translated.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from typing import List, Set, Tuple

import pytest

from bragrules.core.i18n import speaking, tr
from bragrules.core.text import in_words
from bragrules.explainers.rulebook import FORMATS, build_rulebook, render
from bragrules.profile import builtin_names, load_profile
from bragrules.profile.models import Profile
from bragrules.rules.area import Bullets
from bragrules.rules.format import format_name

NAMES = frozenset({
    "bragrules", "Brag", "Crash", "Teen", "Patti", "Zha", "Jin", "Hua", "Kissing-Missing", "kiss", "miss", "banco",
    "hukam", "Ante", "Bonus", "Pair", "Plus", "Play", "Poker", "Three", "Card", "Stop", "the", "Bus", "Bastard",
})
"""Names a translated rulebook keeps as they are: the software, the games, and the casino's bets."""

LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]")
CARDS = re.compile(r"(?<![A-Za-z])(?:Jk|10|[2-9TJQKA])(?:[cdhs♣♦♥♠])?(?:-(?:10|[2-9TJQKA]))*(?![A-Za-z])")
FIELD = re.compile(r"\b[a-z_]+(?:\.[a-z_]+)+\b")


def _exempt(profile: Profile) -> List[str]:
    """The texts of the profile itself that a rulebook in any language shows as written."""
    found = {profile.description, profile.source, in_words(profile.source), in_words(profile.description),
             profile.name, *profile.extends, format_name(profile) or ""}
    words = profile.vocabulary
    found |= {words.title, *words.hands.values(), *words.moves.values()}
    for spoken in words.languages.values():
        found |= {spoken.title, *spoken.hands.values(), *spoken.moves.values()}
    return sorted((text for text in found if text), key=len, reverse=True)


def _without_citations(book: object) -> None:
    """The departures' lines without their citations (``(from <sources>)`` in the language spoken)."""
    said = re.escape(tr("{rule} (from {sources})", rule="\0", sources="\1"))
    pattern = re.compile(said.replace("\0", "(?P<rule>.*?)").replace("\x01", ".*") + "$", re.S)
    for section in book.sections:  # type: ignore[attr-defined]
        if section.key != "departures":
            continue
        section.blocks = [Bullets(tuple(match.group("rule") if (match := pattern.match(item)) else item
                                        for item in block.items)) if isinstance(block, Bullets) else block
                          for block in section.blocks]


def _plain(page: str, fmt: str) -> str:
    """The words a reader sees: tags, the style sheet and Markdown's marks left out."""
    if fmt == "html":
        page = re.sub(r"<style.*?</style>", " ", page, flags=re.S)
        page = re.sub(r"</?(?:span|a)\b[^>]*>", "", page)  # inline marks (a hand kept on one line) join their words
        page = html.unescape(re.sub(r"<[^>]+>", " ", page))
    if fmt == "markdown":
        page = re.sub(r"\\([\\`*_{}\[\]()#+.!|<>-])", r"\1", page)  # Markdown's escapes (Post\_and\_pair) as read
    page = " ".join(page.split())
    return re.sub(r"(?<=[A-Za-z])- (?=[A-Za-z])", "-", page) if fmt == "text" else page  # a word the text wrapped at its hyphen


@lru_cache(maxsize=None)
def _pages(name: str, lang: str) -> Tuple[Tuple[str, str], ...]:
    profile = load_profile(name)
    with speaking(lang):
        book = build_rulebook(profile)
        _without_citations(book)
        return tuple((fmt, _plain(render(book, fmt), fmt)) for fmt in FORMATS)


def english_left(text: str, exempt: List[str]) -> Set[str]:
    """The English words of ``text`` no catalogue gave: each run of Latin words (two or more, or one that is
    not a name), once the profile's own texts and field names are taken out; a card string (``A-K-Q``,
    ``Jk``, ``Ah``) is no word, though it may stand in a run.

    >>> sorted(english_left("每位玩家发13张牌。Each player makes 四 hands. 庄家 A-K-Q, Jk as Ah; Crash", []))
    ['Each player makes', 'hands']
    """
    for written in exempt:
        text = text.replace(" ".join(written.split()), " ")
    text = FIELD.sub(" ", text)
    found: Set[str] = set()
    run: List[str] = []
    for piece in re.split(r"(\s+|[,;:.!?()（）、，。；：।])", text) + ["।"]:
        if not piece.strip():
            continue
        if LATIN_WORD.fullmatch(piece) or CARDS.fullmatch(piece) or (run and piece in ",;:()"):
            run.append(piece)
            continue
        _close(run, found)
        run = []
    return found


def _close(run: List[str], found: Set[str]) -> None:
    """Note a run of Latin text that holds English words (names and card strings alone are no English)."""
    words = [w for w in run if LATIN_WORD.fullmatch(w) and not CARDS.fullmatch(w)]
    while run and not (LATIN_WORD.fullmatch(run[-1]) or CARDS.fullmatch(run[-1])):
        run.pop()
    said = re.sub(r" ([,;:)])", r"\1", " ".join(run)).replace("( ", "(")
    english = [w for w in words if w not in NAMES]
    if len(english) >= 2 or (english and len(english[0]) > 2):
        found.add(said)


@pytest.mark.parametrize("lang", ["zh", "hi"])
@pytest.mark.parametrize("name", builtin_names())
def test_no_english_sentence_in_a_translated_rulebook(name: str, lang: str) -> None:
    exempt = _exempt(load_profile(name))
    for fmt, page in _pages(name, lang):
        left = english_left(page, exempt)
        assert not left, f"{name} in {lang} ({fmt}): English left: {sorted(left)[:8]}"


def test_an_unwrapped_sentence_is_caught() -> None:
    """The check finds a sentence that escaped the catalogue, and passes the same page without it."""
    exempt = _exempt(load_profile("crash-13"))
    page = dict(_pages("crash-13", "hi"))["text"]
    assert not english_left(page, exempt)
    assert english_left(page + " A player with no life left is out of the game.", exempt) == {
        "A player with no life left is out of the game"}
    assert english_left(page.replace("खिलाड़ी", "player"), exempt)  # one word untranslated is caught too


ZJH_MOVES = ("跟注", "加注", "弃牌", "看牌", "比牌")


@pytest.mark.parametrize("name", ["zha-jin-hua", "zha-jin-hua-house"])
def test_the_english_zha_jin_hua_rulebook_says_its_moves_in_english(name: str) -> None:
    """English sentences do not take Chinese move names into their grammar ("the last two players 比牌 each
    other"): the introduction names each of the game's moves once, beside its English word, and every sentence
    says the English word."""
    for fmt in FORMATS:
        page = _plain(render(build_rulebook(load_profile(name)), fmt), fmt)
        glossary = ("At the table the moves have their own names; this rulebook says them in English: 跟注 (a bet), "
                    "加注 (a raise), 弃牌 (a fold), 看牌 (a look), 比牌 (a see).")
        assert page.count(glossary) == 1, fmt
        rest = page.replace(glossary, "")
        assert not [word for word in ZJH_MOVES if word in rest], fmt
        assert "when the last two players see each other" in rest and "when everyone else has folded" in rest
        assert "A tie goes against the player who called the see." in rest  # the seed's 主动比牌者负, in English
    assert "豹子 of sevens" in render(build_rulebook(load_profile(name)), "text")  # hands keep the game's names


def test_teen_patti_in_english_keeps_its_own_words() -> None:
    """A game whose moves are Latin words (Teen Patti's chaal, pack, show) is told in them, as before."""
    text = _plain(render(build_rulebook(load_profile("teen-patti")), "text"), "text")
    assert "The game's own words for its moves are used below: chaal (a bet or a raise), pack (a fold)" in text
    assert "when the last two players show each other" in text and "A player who packs" in text


# The Chinese rules text (003, the cardgames.zone rules in Chinese) beside the Zha Jin Hua rulebook in Chinese.
# Each seed rule is paired with the rulebook's sentences that say it: "same" where Zha Jin Hua plays it as the
# seed does; "own" where Zha Jin Hua departs on purpose (its pages: the order of hands, A-A-A and Q-K-A best,
# play to the right), which the rulebook then lists under 本桌规则 with where it comes from; "plain" where the
# seed's text differs from the plain game of the general rules page (000) that Zha Jin Hua keeps, and the
# rulebook says the plain game's rule, as the plain game's own Chinese rulebook does.
SEED_003_PAIRS: List[Tuple[str, str, Tuple[str, ...]]] = [
    ("牌组： 52 张法式牌，不含王牌。", "same", ("一副牌为52张牌，不含大小王。",)),
    ("发牌： 每人背面朝上拿 3 张。", "same", ("每位玩家发三张牌。", "所有牌都背面朝上发。")),
    ("底注： 每人往底池放一小笔注。", "same", ("每局新牌每位玩家下底注1",)),
    ("单张大小： A（最大）、K、Q、J、10……2。", "same", ("从最大的牌起逐张比较，A最大",)),
    ("盲打还是看牌： 每人决定是否看自己的牌。", "same", ("玩家可以闷牌：下注时牌面朝下，不看自己的牌。",)),
    ("一手： 最后剩下的人，或摊牌时牌最好的人，赢得底池。", "same",
     ("每局争夺一个底池：最后两名玩家比牌时归牌大的一方；其他人都弃牌时归留下的最后一名玩家。",)),
    ("依次进行：跟注（至少付当前注额）、加注或弃牌（扔掉牌，输掉已下的注）。", "same",
     ("之后的每位玩家按当前注额跟注或加注。", "弃牌的玩家将牌面朝下放下，输掉底注和已下的所有注。")),
    ("盲打玩家只需付看牌玩家注额的一半。", "same", ("闷牌玩家付明注的一半。",)),
    ("盲打对看牌： 看过牌的玩家要付盲打玩家的两倍。", "same", ("例如注额为4时，明牌玩家付4，闷牌玩家付2。",)),
    ("盲打玩家随时可以看牌——从那以后就要付全额。", "same", ("一旦看牌，本局余下时间即为明牌玩家，按明注付款",)),
    ("下注的圈数没有限制。", "same", ("下注一轮接一轮，需要几轮就几轮",)),
    ("只有两人才能摊牌： 三人或以上时，继续下注直到只剩两人。", "same", ("只有最后两名玩家可以比牌。",)),
    ("只剩两名玩家时，其中一人可以要求“show”：他付当前注额的两倍，然后双方亮牌。", "same",
     ("任何一方都可以不下注而要求比牌：把比牌费用放入底池，双方亮牌，牌大者赢得底池。", "比牌的费用是对方上一注的两倍。")),
    ("看过牌的玩家不能对盲打玩家要求摊牌。", "same", ("明牌玩家不能与闷牌玩家比牌。",)),
    ("所有人都弃牌： 最后一名玩家不亮牌就赢得底池。", "same",
     ("只剩一名明牌玩家时，他不必亮牌即赢得底池。", "对手都弃牌时，闷牌玩家赢得底池。")),
    ("平局： 牌完全一样时，没有要求摊牌的玩家获胜。", "same", ("平局时主动比牌者负。",)),
    ("Prial > 同花顺 > 顺子 > 同花 > 对子 > 高牌。", "own", ("牌型从大到小：豹子、顺金、金花、顺子、对子、单张。",)),
    ("3-3-3 是最大的 prial。", "own", ("A-A-A是最大的豹子，其次是K-K-K，直到2-2-2。",)),
    ("最大的顺子： A-2-3，然后是 A-K-Q、K-Q-J……", "own", ("A-K-Q是最大的顺子，依次到4-3-2，A-2-3最小；K-A-2不算顺子。",)),
    ("开始： 发牌者左边的玩家开始下注。", "own", ("每局后庄家逆时针移一位。",)),
    ("盲打玩家随时可以看牌", "plain", ("闷牌玩家只能在轮到自己、行动之前看牌。",)),
    ("一场： 打完约定的手数后，筹码最多的玩家获胜。", "plain", ("牌局一直进行到牌桌散场。",)),
    ("没人下注： 如果所有人都没下注就弃牌，底池留到下一手（变体）。", "plain",
     ("如果在任何人下注之前其他人都弃牌，最后一名玩家拿走底注。",)),
]


def _zh_book(name: str) -> Tuple[str, str]:
    """A profile's Chinese rulebook: its rules (without the departures) and its departures, each on one line."""
    with speaking("zh"):
        book = build_rulebook(load_profile(name))
    rules = [block for section in book.sections if section.key != "departures"
             for part in [section, *section.subsections] for block in part.blocks]
    departures = [block for section in book.sections if section.key == "departures" for block in section.blocks]

    def text(blocks: List[object]) -> str:
        return " ".join(line for block in blocks for line in (getattr(block, "items", None) or [getattr(block, "text", "")]))

    return " ".join([*book.intro, text(rules)]), text(departures)


@pytest.mark.parametrize("seed, kind, said", SEED_003_PAIRS, ids=[pair[0][:12] for pair in SEED_003_PAIRS])
def test_the_chinese_zha_jin_hua_rulebook_beside_the_chinese_seed(seed: str, kind: str, said: Tuple[str, ...]) -> None:
    rules, departures = _zh_book("zha-jin-hua")
    for sentence in said:
        assert sentence in rules, (seed, sentence)
    plain_rules, plain_departures = _zh_book("standard")
    if kind == "own":  # a departure of Zha Jin Hua's own, listed where the rulebook says where each comes from
        assert any(sentence in departures for sentence in said), seed
        assert not any(sentence in plain_rules for sentence in said), seed
    elif kind == "plain":  # the plain game's rule, which Zha Jin Hua keeps, said as the plain game's rulebook says it
        assert all(sentence in plain_rules for sentence in said), seed
        assert not any(sentence in departures for sentence in said), seed
