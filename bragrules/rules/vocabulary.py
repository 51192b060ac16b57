"""The game's own words: its title, the names of its hands and of its moves (``vocabulary``).

Teen Patti calls a prial a *trail* and a bet a *chaal*; Zha Jin Hua calls them 豹子 and 跟注. The
rules are the same data whatever the hands are called, so the words are a section of their own, read
by everything that names a hand or a move to a person: the rulebook, ``rank``, ``play``, the web
table, ``diff``, ``arbitrate`` and the audit. They all ask one object, :class:`Words`, made from the
profile (:func:`words_of`, kept on the compiled rules as ``rules.words``); a word the profile does
not write is the plain English of Three-Card Brag, so a profile without a ``vocabulary`` reads as it
always did.

The words change no play, and so they are left out of the profile's hash
(:func:`bragrules.profile.loader.profile_hash`): a log played under a table's rules audits under the
same rules written in other words, and a table's words can be corrected or translated without
orphaning the logs already written.

>>> from bragrules.profile.models import Profile
>>> plain = words_of(Profile())
>>> plain.hand("prial"), plain.hand("running_flush", plural=True), plain.move("bet"), plain.title_or("Brag")
('prial', 'running flushes', 'bet', 'Brag')
>>> teen = words_of(Profile.model_validate({"vocabulary": {
...     "title": "Teen Patti", "hands": {"prial": "trail"}, "moves": {"bet": "chaal", "see": "show"}}}))
>>> teen.hand("prial", plural=True), teen.hand("run"), teen.move("see"), teen.title_or("Brag")
('trails', 'run', 'show', 'Teen Patti')
>>> teen.kinds_of("chaal"), teen.kinds_of("show"), teen.kinds_of("fold")
(('bet',), ('see', 'show'), ('fold',))
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Dict, Literal, Mapping, Optional, Tuple

from pydantic import Field

from bragrules.core.i18n import ENGLISH, N_, language, tr
from bragrules.rules.area import Area
from bragrules.rules.words import CATEGORY_NAMES

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.profile.models import Profile

HandWord = Literal["prial", "running_flush", "run", "flush", "pair", "high_card", "special"]
"""What a profile may name: each category of hand, and ``special`` for a hand ranked outside the order
(``ranking.special_hands``, Zha Jin Hua's 235)."""

MoveWord = Literal["bet", "raise", "fold", "see", "look", "sideshow", "blind"]
"""The moves a profile may name: ``bet`` (a bet at the level: Teen Patti's chaal, 跟注), ``raise`` (a bet
above it: 加注), ``fold`` (pack, 弃牌), ``see`` (the show, 比牌), ``look`` (looking at one's cards: 看牌),
``sideshow`` (the side-show) and ``blind`` (a player who has not looked)."""

MOVE_NAMES: Dict[str, str] = {
    "bet": N_("bet"),
    "raise": N_("raise"),
    "fold": N_("fold"),
    "see": N_("see"),
    "look": N_("look"),
    "sideshow": N_("side-show"),
    "blind": N_("blind"),
}
"""The plain words of each move (Three-Card Brag's, in English)."""

_PLURALS: Dict[str, str] = {
    "prial": N_("prials"),
    "running_flush": N_("running flushes"),
    "run": N_("runs"),
    "flush": N_("flushes"),
    "pair": N_("pairs"),
    "high_card": N_("high-card hands"),
    "special": N_("special hands"),
}

_MOVE_KINDS: Dict[str, str] = {"raise": "bet"}
"""The engine's move a named move is (``raise`` is a bet; ``blind`` names no move)."""


class LanguageWords(Area):
    """The game's words in one language (``vocabulary.languages``): the same three parts as the
    vocabulary itself, each part replacing the vocabulary's word by word."""

    title: str = Field("", max_length=100, description="The game's name in this language.")
    hands: Dict[HandWord, str] = Field(default_factory=dict, description="Names of hands in this language.")
    moves: Dict[MoveWord, str] = Field(default_factory=dict, description="Names of moves in this language.")


class Vocabulary(Area):
    """The game's own words (presentation only: no rule reads them)."""

    title: str = Field("", max_length=100, description=(
        "The game's name as its players call it (\"Teen Patti\", \"炸金花\"), the rulebook's title and the "
        "table's heading; empty: the format's name (Three-Card Brag, Crash, ...). Words only: it changes "
        "no play and is not part of the profile's hash."))
    hands: Dict[HandWord, str] = Field(default_factory=dict, description=(
        "The game's names for the categories of hands, by category: `prial`, `running_flush`, `run`, "
        "`flush`, `pair`, `high_card`, and `special` for a hand ranked outside the order "
        "(Teen Patti: trail, pure sequence, sequence, colour; Zha Jin Hua: 豹子, 顺金, 金花, 顺子, 对子, "
        "单张, with 235). A category not named keeps its Brag name. Words only: not part of the hash."))
    moves: Dict[MoveWord, str] = Field(default_factory=dict, description=(
        "The game's names for the moves, by move: `bet`, `raise`, `fold`, `see`, `look`, `sideshow`, "
        "`blind` (Teen Patti: chaal, pack, show, side-show; Zha Jin Hua: 跟注, 加注, 弃牌, 比牌, 看牌). "
        "`play` accepts them as typed moves beside the plain ones. Words only: not part of the hash."))
    languages: Dict[str, LanguageWords] = Field(default_factory=dict, description=(
        "The game's words in other languages, by language code (`hi`, `zh`): each a `title`, `hands` and "
        "`moves` as above, read when that language is spoken (`--lang`, `BRAGRULES_LANG`, the browser's "
        "language) and replacing the words above one by one; a word a language does not write is the one "
        "above (Teen Patti in Hindi: `hi: {title: तीन पत्ती, hands: {prial: ट्रेल}, moves: {bet: चाल}}`). "
        "Words only: not part of the hash."))


def _typed(word: str) -> str:
    """A word as a person may type it: lower case, without spaces, hyphens or underscores.

    >>> _typed("Side-Show"), _typed("看牌")
    ('sideshow', '看牌')
    """
    return re.sub(r"[\s_-]+", "", word).lower()


@dataclass(frozen=True)
class Words:
    """The words a profile's game is told in: the one lookup for a hand's or a move's name.

    ``hands`` and ``moves`` hold only the words the profile writes; every other word is Brag's.
    ``spoken`` holds the game's words in each language the profile names (``vocabulary.languages``):
    every method reads the words of the language spoken when it is called (:meth:`now`), so one
    compiled table speaks Hindi to one seat and English to another.

    >>> teen = Words("Teen Patti", {"prial": "trail"}, {"bet": "chaal"},
    ...              spoken={"hi": Words("तीन पत्ती", {"prial": "ट्रेल"}, {"bet": "चाल"})})
    >>> from bragrules.core.i18n import with_language
    >>> teen.hand("prial"), with_language("hi", teen.hand, "prial"), with_language("hi", teen.title_or, "")
    ('trail', 'ट्रेल', 'तीन पत्ती')
    """

    title: str = ""
    hands: Mapping[str, str] = field(default_factory=dict)
    moves: Mapping[str, str] = field(default_factory=dict)
    spoken: Mapping[str, "Words"] = field(default_factory=dict)

    def now(self) -> "Words":
        """The words of the language spoken now (these, when the profile has none for it)."""
        return self.spoken.get(language(), self) if self.spoken else self

    def __hash__(self) -> int:  # frozen, with mappings: hashed by their items
        return hash((self.title, tuple(sorted(self.hands.items())), tuple(sorted(self.moves.items()))))

    def hand(self, category: str, plural: bool = False) -> str:
        """The name of a category of hand (``prial``, or ``trail`` at a Teen Patti table), or of many.

        A category the game does not name (a points hand, a four) is its Brag name, or its
        identifier in words. A plural of the game's own word adds an ``s`` to a Latin word and
        leaves any other script as it is.

        >>> Words(hands={"flush": "colour", "prial": "豹子"}).hand("flush", plural=True)
        'colours'
        >>> Words(hands={"prial": "豹子"}).hand("prial", plural=True), Words().hand("four_of_a_kind")
        ('豹子', 'four of a kind')
        """
        own = self.now().hands.get(category)
        if own is None:
            if plural:
                return tr(_PLURALS.get(category, CATEGORY_NAMES.get(category, category.replace("_", " ")) + "s"))
            return tr(CATEGORY_NAMES.get(category, category.replace("_", " ")))
        if plural and own.isascii() and own[-1:].isalpha():
            return own + ("es" if own.endswith(("s", "sh", "ch", "x")) else "s")
        return own

    def move(self, kind: str) -> str:
        """The name of a move (``see``, or ``show`` at a Teen Patti table); a move the game does not name
        keeps the engine's word for it."""
        return self.now().moves.get(kind) or tr(MOVE_NAMES.get(kind, kind))

    def verb(self, kind: str) -> Optional[str]:
        """The game's word for a move as a line of play tells it of a player (``Ada chaals 2``, ``Ada packs``,
        ``Ada 跟注 2``: a Latin word takes an ``s``, any other script stays as it is); None when the game
        does not name the move (the line keeps its plain words).

        >>> teen = Words(moves={"bet": "chaal", "fold": "pack", "see": "show"})
        >>> teen.verb("bet"), teen.verb("see"), Words(moves={"bet": "跟注"}).verb("bet"), teen.verb("look")
        ('chaals', 'shows', '跟注', None)
        """
        own = self.now().moves.get(kind)
        if not own:
            return None
        if own.isascii() and own[-1:].isalpha() and " " not in own:
            return own + ("es" if own.endswith(("s", "sh", "ch", "x")) else "s")
        return own

    def title_or(self, default: str) -> str:
        """The game's title, or ``default`` (the format's name) when the profile gives none."""
        return self.now().title or default

    @property
    def own(self) -> bool:
        """Whether the game has any words of its own."""
        return bool(self.title or self.hands or self.moves or self.spoken)

    def kinds_of(self, typed: str) -> Tuple[str, ...]:
        """The engine's moves a typed word may mean, the game's own meaning first.

        A word that is both the game's name for one move and the engine's name for another (Teen
        Patti's ``show``, the see, is also the plain ``show`` of one's cards) means both: the caller
        takes the first that is open now. An empty answer: the word is no move of this game.
        The words of the language spoken now come first, then the game's words in any of its
        languages: ``pack`` is a fold at a Teen Patti table played in Hindi too, ``跟注`` a bet
        at a Zha Jin Hua table played in English.

        >>> teen = Words(moves={"fold": "pack", "see": "show"}, spoken={"hi": Words(moves={"fold": "पैक"})})
        >>> from bragrules.core.i18n import speaking
        >>> with speaking("hi"):
        ...     teen.kinds_of("पैक"), teen.kinds_of("Pack"), teen.kinds_of("show")
        (('fold',), ('fold',), ('see', 'show'))
        """
        said = _typed(typed)
        found = [_MOVE_KINDS.get(kind, kind)
                 for words in (self.now(), self, *self.spoken.values()) for kind, word in words.moves.items()
                 if kind != "blind" and _typed(word) == said]
        from bragrules.engine.actions import KINDS

        if said in KINDS:
            found.append(said)
        elif said == "sideshow":
            found.append("sideshow")
        return tuple(dict.fromkeys(found))

    def typed_words(self) -> Dict[str, str]:
        """The game's own words a person may type, each with the engine's move it stands for.

        >>> Words(moves={"bet": "chaal", "sideshow": "side-show", "blind": "blind"}).typed_words()
        {'chaal': 'bet', 'sideshow': 'sideshow'}
        """
        return {_typed(word): _MOVE_KINDS.get(kind, kind) for kind, word in self.now().moves.items() if kind != "blind"}


_PLAIN_FORMS: Tuple[Tuple[str, str, bool], ...] = tuple(sorted(
    [(name, key, False) for key, name in CATEGORY_NAMES.items()] + [(name, key, True) for key, name in _PLURALS.items()],
    key=lambda form: -len(form[0])))
_PLAIN_WORD = re.compile(r"(?<![\w-])(" + "|".join(re.escape(f[0]) for f in _PLAIN_FORMS) + r")(?![\w-])",
                         re.IGNORECASE)


def told(text: str, words: "Words") -> str:
    """A sentence about hands, its Brag names of hands put in the game's words (for the ranking's own
    sentences, which name categories only; a capital stays a capital).

    >>> told("A-A-A is the best prial; Flushes are compared, and runs", Words(hands={"prial": "trail",
    ...      "flush": "colour", "run": "sequence"}))
    'A-A-A is the best trail; Colours are compared, and sequences'
    >>> told("the best running flush", Words(hands={"run": "sequence"}))
    'the best running flush'
    """
    if not words.now().hands:
        return text
    if language() != ENGLISH:
        return _told_translated(text, words)
    forms = {name: (key, plural) for name, key, plural in _PLAIN_FORMS}

    def swap(match: "re.Match[str]") -> str:
        said = match.group(0)
        key, plural = forms[said.lower()]
        word = words.hand(key, plural)
        return word[:1].upper() + word[1:] if said[:1].isupper() else word

    return _PLAIN_WORD.sub(swap, text)


_MOVE_FORMS: Dict[str, Tuple[str, str]] = {
    "bet": ("bet", ""), "bets": ("bet", "s"),
    "raise": ("raise", ""), "raises": ("raise", "s"), "raised": ("raise", "ed"),
    "fold": ("fold", ""), "folds": ("fold", "s"), "folded": ("fold", "ed"),
    "see": ("see", ""), "sees": ("see", "s"),
    "side-show": ("sideshow", ""), "side-shows": ("sideshow", "s"),
    "look at the cards": ("look", ""), "look at their cards": ("look", ""), "look at your cards": ("look", ""),
    "looks at their cards": ("look", "s"),
    "see the cards": ("", ""), "everyone to see": ("", ""),  # seeing, not the see
}
"""The plain words of a move as a sentence about play uses them (a bet, bets, folded), each with its move and
its ending (no move: the words are not the move, and stay). ``seen``, ``betting`` and ``blind`` are not among
them: a player's state, not a move; nor is ``look`` alone (``look only at``), only the look at one's cards."""

_MOVE_WORD = re.compile(r"(?<![\w-])(" + "|".join(re.escape(f) for f in sorted(_MOVE_FORMS, key=len, reverse=True))
                        + r")(?![\w-])", re.IGNORECASE)


def _ending(word: str, ending: str) -> str:
    """A game's word with an English ending, where it takes one: a Latin word of one piece (``chaals``,
    ``packed``); a word in another script, or of several words, stays as it is (``跟注``, ``side show``).

    >>> _ending("chaal", "s"), _ending("pack", "ed"), _ending("side-show", "s"), _ending("跟注", "s")
    ('chaals', 'packed', 'side-shows', '跟注')
    """
    if not ending or not (word.isascii() and word[-1:].isalpha()) or " " in word:
        return word
    if ending == "s":
        return word + ("es" if word.endswith(("s", "sh", "ch", "x")) else "s")
    return word + ("d" if word.endswith("e") else "ed")


def said(text: str, words: "Words") -> str:
    """A sentence about play (a refusal, a reason an action is not offered, a rule) in the game's own words:
    each move the game names is called by its name (``vocabulary.moves``: Teen Patti's chaal for a bet, pack
    for a fold, show for a see); a move the game does not name, a raise the game calls by its bet's name
    (Teen Patti's chaal is both), and a player's state (``seen``, ``blind``) keep their plain words. A
    capital stays a capital. Hands are named by the sentences that name them (:func:`told`).

    A sentence written for this names a move by its plain word, whole: ``a bet``, ``bets``, ``has made no
    bet``, ``folded``, ``see``, ``side-show`` (not ``has bet``, whose word would not take the game's).

    >>> teen = Words(moves={"bet": "chaal", "raise": "chaal", "fold": "pack", "see": "show", "sideshow": "side-show"})
    >>> said("only two players may see; 3 are still betting", teen)
    'only two players may show; 3 are still betting'
    >>> said("A has made 4 blind bets, the most this profile allows: look at the cards, or fold", teen)
    'A has made 4 blind chaals, the most this profile allows: look at the cards, or pack'
    >>> said("Bet, see or fold; A has folded; each player bets or raises", teen)
    'Chaal, show or pack; A has packed; each player chaals or raises'
    >>> said("a raise adds at most 2", Words(moves={"bet": "跟注", "raise": "加注"}))
    'a 加注 adds at most 2'
    >>> said("look at the cards, or fold; a seen player cannot see", Words(moves={"look": "看牌", "fold": "弃牌",
    ...      "see": "比牌"}))
    '看牌, or 弃牌; a seen player cannot 比牌'
    >>> said("only they see the cards; the weaker folds for everyone to see", teen)
    'only they see the cards; the weaker packs for everyone to see'
    >>> said('the see: "a player may see when two are left", a page says', teen)  # a quotation is kept as written
    'the show: "a player may see when two are left", a page says'
    >>> said("only two players may see", PLAIN)
    'only two players may see'
    """
    if not words.moves or language() != ENGLISH:  # an English sentence in another language stays whole English
        return text

    def swap(match: "re.Match[str]") -> str:
        plain = match.group(0)
        kind, ending = _MOVE_FORMS[plain.lower()]
        own = words.moves.get(kind) if kind else None
        if not own or (kind == "raise" and own == words.moves.get("bet")):  # a raise that is a bet by name: kept
            return plain
        word = _ending(own, ending)
        return word[:1].upper() + word[1:] if plain[:1].isupper() else word

    pieces = _QUOTED.split(text)  # the odd pieces are quotations: another's words, kept as they were written
    return "".join(piece if i % 2 else _MOVE_WORD.sub(swap, piece) for i, piece in enumerate(pieces))


_QUOTED = re.compile(r"(\"[^\"]*\"|“[^”]*”)")

def _told_translated(text: str, words: "Words") -> str:
    """:func:`told` in a language other than English: the catalogue's names of the categories (三条,
    ट्रेल) put in the game's words (豹子), the longest name first (同花顺 before 同花)."""
    forms: Dict[str, str] = {}
    for key, name in CATEGORY_NAMES.items():
        if key in words.now().hands:
            forms.setdefault(tr(name), key)
            forms.setdefault(tr(_PLURALS[key]), key)
    forms = {name: key for name, key in forms.items() if name and words.hand(key) != name}
    if not forms:
        return text
    pattern = re.compile("|".join(re.escape(name) for name in sorted(forms, key=len, reverse=True)))
    return pattern.sub(lambda match: words.hand(forms[match.group(0)]), text)


PLAIN = Words()
"""The words of a profile that writes none: Three-Card Brag's."""


def in_english(words: Words) -> Words:
    """The game's words an English sentence about play takes in: its moves named in Latin letters (Teen
    Patti's chaal, pack, show), which English grammar carries (``chaals``, ``packed``); a move named in
    another script (Zha Jin Hua's 跟注, 弃牌) stays out, and the English sentence keeps its English word
    (the rulebook names the game's word once, beside the English, in its introduction).

    >>> zjh = in_english(Words(hands={"prial": "豹子"}, moves={"bet": "跟注", "see": "比牌"}))
    >>> dict(zjh.moves), zjh.hand("prial"), said("a seen player may see", zjh)
    ({}, '豹子', 'a seen player may see')
    >>> teen = Words(moves={"bet": "chaal", "fold": "pack"})
    >>> in_english(teen) is teen
    True
    """
    latin = {kind: word for kind, word in words.moves.items() if word.isascii()}
    if len(latin) == len(words.moves):
        return words
    return Words(words.title, words.hands, latin, words.spoken)


def words_of(profile: Optional["Profile"]) -> Words:
    """The words of a profile's game (:data:`PLAIN` for None or a profile writing none)."""
    if profile is None:
        return PLAIN
    v = profile.vocabulary
    if not (v.title or v.hands or v.moves or v.languages):
        return PLAIN
    hands: Dict[str, str] = {str(key): word for key, word in v.hands.items()}
    moves: Dict[str, str] = {str(key): word for key, word in v.moves.items()}
    spoken: Dict[str, Words] = {}
    for lang, said in v.languages.items():  # each language replaces the words it writes
        spoken[lang] = Words(said.title or v.title, {**hands, **{str(k): w for k, w in said.hands.items()}},
                             {**moves, **{str(k): w for k, w in said.moves.items()}})
    return Words(v.title, hands, moves, spoken)


def hand_word(profile: Optional["Profile"], category: str, plural: bool = False) -> str:
    """The game's name of a category of hand, for the areas' sentences (which read the profile).

    >>> from bragrules.profile.models import Profile
    >>> hand_word(Profile.model_validate({"vocabulary": {"hands": {"run": "sequence"}}}), "run", plural=True)
    'sequences'
    """
    return words_of(profile).hand(category, plural)


__all__ = ["MOVE_NAMES", "PLAIN", "HandWord", "MoveWord", "Vocabulary", "Words", "hand_word", "in_english", "said", "told",
           "words_of"]
