"""``help`` at ``bragrules play``: every move the table's profile allows, each in the game's own words
beside the plain ones (Teen Patti's ``chaal N`` beside ``bet N``), and nothing the profile never offers.

>>> from bragrules.profile import load_profile
>>> text = help_text(load_profile("teen-patti"))
>>> "chaal N / bet N" in text, "side-show" in text, "arrange" in text
(True, True, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, List, Tuple

from bragrules.core.i18n import N_

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.profile.models import Profile
    from bragrules.rules.vocabulary import Words


def _always(p: "Profile") -> bool:
    return True


def _betting(p: "Profile") -> bool:
    return p.format.betting


def _exchange(p: "Profile") -> bool:
    return p.format.exchange.enabled


_Line = Tuple[str, str, str, Callable[["Profile"], bool]]
"""(the move the game may name, what to type, what it does, whether the profile offers it)."""

_LINES: Tuple[_Line, ...] = (
    ("look", "look", N_("look at your cards (you then pay the seen rate)"), lambda p: p.blind.allowed),
    ("look", "look old / new", N_("with two hands, look at one; then keep or discard it"), lambda p: p.blind.retention),
    ("", "retain / release", N_("keep your unseen hand for the next deal, or let it go (the pot carries)"),
     lambda p: p.blind.retention),
    ("", "discard CARD", N_("Four-Card with a discard: having looked, put one card away before betting"),
     lambda p: p.format.discard_before_betting),
    ("bet", "bet N", N_("pay N now (blind players pay half the level); a bet of more than 10 times the pot "
                        "asks \"{question}\" first (in a --script, the next line answers it)"), _betting),
    ("see", "see", N_("pay for a see (only two players left)"), _betting),
    ("", "show / concede", N_("at a see, show your cards or give up without showing them"),
     lambda p: p.format.betting and p.seeing.concede_unseen),
    ("sideshow", "sideshow", N_("ask the previous player for a side-show (a private comparison: the weaker "
                                "hand folds); 'accept' or 'refuse' answers one"), lambda p: p.seeing.side_show.allowed),
    ("fold", "fold", N_("give up this deal"), _betting),
    ("", "check", N_("pass, where the profile allows it"), lambda p: p.format.betting and p.stakes.check != "never"),
    ("", "arrange A B C | D E F", N_("set your hands, strongest first (one | between hands)"),
     lambda p: p.format.hands > 1),
    ("", "hint", N_("show the best arrangement (it is not applied: 'arrange' alone or the menu's number takes it)"),
     lambda p: p.format.hands > 1),
    ("", "take", N_("take the spare hand for yours, before arranging"), lambda p: p.session.points.spare_hand),
    ("", "swap MINE CENTRE / swap all / knock / stand", N_("exchange with the centre; knock to end the exchanges"),
     _exchange),
    ("", "swap MINE down", N_("swap for the face-down centre card"), lambda p: p.format.exchange.face_down > 0),
    ("", "draw stock / draw discard", N_("take the stock's top card or the top discard, then discard CARD; "
                                         "pass ends your turn"), lambda p: p.format.exchange.source == "stock_or_discard"),
    ("", "redeal", N_("demand a redeal when your cards were exposed"),
     lambda p: p.disputes.exposure_before_betting == "redeal"),
    ("", "void", N_("declare the deal void (a malfunction): every stake returned and the same dealer deals again"),
     lambda p: p.disputes.void_deal),
    ("", "flashes", N_("record that you showed your own cards to the table (the profile's penalty)"),
     lambda p: p.disputes.self_exposure != "no_penalty"),
    ("", "(Enter)", N_("the next deal (no betting: each deal goes to a showdown); in a --script, write 'next'"),
     lambda p: not p.format.betting),
    ("", "table", N_("show the table again;  q  stop (the log keeps everything)"), _always),
)


def _said(words: "Words", move: str, typed: str) -> str:
    """What to type, the game's word first where it names the move (``chaal N / bet N``)."""
    if not move or move not in words.now().moves:
        return typed
    own = words.move(move)
    if " " in own:  # a word of several is told, not typed
        return typed
    first, _, rest = typed.partition(" ")
    return f"{own}{' ' + rest if rest else ''} / {typed}" if own != first else typed


def help_text(profile: "Profile", width: int = 100) -> str:
    """The moves this profile offers, one a line (the game's words where it has them, in what to type and in
    what each does: Teen Patti's show is "pay for a show"), in the language spoken, each description
    wrapped to ``width`` columns under its own column.

    >>> from bragrules.profile import load_profile
    >>> [line for line in help_text(load_profile("teen-patti")).splitlines() if "pay for" in line]
    ['  show / see      pay for a show (only two players left)']
    >>> from bragrules.core.i18n import speaking
    >>> with speaking("hi"):
    ...     text = help_text(load_profile("teen-patti"))
    >>> "चाल N / bet N" in text, "pay" in text
    (True, False)
    """
    from bragrules.core.i18n import tr
    from bragrules.rules.vocabulary import said, words_of

    words = words_of(profile)
    lines: List[str] = [tr("Type the number of a choice, or the move itself:")]
    for move, typed, does, offered in _LINES:
        if offered(profile):
            told = _said(words, move, typed)
            question = f"{words.move('bet')} N? (y/n)"  # as the question is asked
            text = said(tr(does, question=question), words)
            head = f"  {told:<15} " if len(told) <= 15 else f"  {told}   "
            lines.append(_wrapped(head, text, width))
    return "\n".join(lines)


def _wrapped(head: str, text: str, width: int) -> str:
    """``head`` then ``text``, its later lines indented under the description's column (18 columns), each
    line at most ``width`` columns as a terminal shows it (:func:`bragrules_cli.wide_tables.terminal_width`):
    a Hindi vowel sign takes its column, a Chinese character two, and Chinese, written without spaces, may
    break between any two of its characters.

    >>> print(_wrapped("  bet N           ", "pay N now " * 8, 60))
      bet N           pay N now pay N now pay N now pay N now
                      pay N now pay N now pay N now pay N now
    >>> from .wide_tables import terminal_width
    >>> lines = _wrapped("  看牌 / look     ", "看你的牌（之后按明牌的注额下注）" * 4, 60).splitlines()
    >>> len(lines), max(terminal_width(line) for line in lines) <= 60
    (4, True)
    """
    from .wide_tables import terminal_width

    indent = " " * 18
    width = max(width, 40)
    lines: List[str] = []
    line = head
    fresh = True  # nothing of the text on this line yet
    for unit, spaced in _units(text):
        gap = " " if spaced and not fresh else ""
        if not fresh and terminal_width(line + gap + unit) > width:
            lines.append(line)
            line, gap = indent, ""
        line += gap + unit
        fresh = False
    lines.append(line)
    return "\n".join(lines)


def _units(text: str) -> List[Tuple[str, bool]]:
    """The pieces a line may break between, each with whether a space comes before it: a word, or, in a
    word of wide characters (Chinese), each wide character and each run of narrow ones.

    >>> _units("pay 比牌 now")
    [('pay', True), ('比', True), ('牌', False), ('now', True)]
    """
    from wcwidth import wcwidth

    units: List[Tuple[str, bool]] = []
    for word in text.split():
        if not any(wcwidth(ch) == 2 for ch in word):
            units.append((word, True))
            continue
        pieces: List[str] = []
        for ch in word:
            if wcwidth(ch) == 2 or not pieces or wcwidth(pieces[-1][-1]) == 2:
                pieces.append(ch)
            else:
                pieces[-1] += ch
        units.extend((piece, index == 0) for index, piece in enumerate(pieces))
    return units


__all__ = ["help_text"]
