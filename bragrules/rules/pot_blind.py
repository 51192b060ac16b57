"""A pot blind (``stakes.forced.pot_share``): a blind sized by the pot it is posted into, and its words.

3pattimaster.com, "Mastering the pot blind": "one player may put a "pot blind" equal to the pot (or a fraction of
it) before cards are dealt"; "Master pot blind strategy": "Pot blinds can be fixed amounts or a percentage of the
pot". The pot is counted as it stands when the blind is posted: the pot carried in and every post before the blind
(antes, boots, antes missed), each at most what its poster holds. :class:`~bragrules.rules.forced_bets.ForcedPolicy`
posts it; this module sizes it and says it.

>>> pot = PotShare(Fraction(1), step=Fraction(2), rate=Fraction(1, 2), top=None)
>>> [str(pot.blind(Fraction(n))) for n in (4, 6, 14)]
['4', '6', '14']
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Mapping, Optional, Sequence

from bragrules.core.i18n import tr
from bragrules.rules.hooks import Post
from bragrules.rules.words import money_text, times_text

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

ZERO_MONEY = Fraction(0)


class PotShare:
    """A pot blind (``stakes.forced.pot_share``): the blind a share of the pot it is posted into.

    Exact, but the level the blind sets at its poster's ``rate`` is a whole number of level steps (``step``), as
    the level of any bet is: a share between two steps is rounded down to the step below, never below one step,
    nor above the highest stake (``top``, ``stakes.max_stake``).

    >>> half = PotShare(Fraction(1, 2), step=Fraction(2), rate=Fraction(1, 2), top=Fraction(128))
    >>> [str(half.blind(Fraction(pot))) for pot in (4, 6, 3, 1, 1000)]
    ['2', '3', '1', '1', '64']
    """

    __slots__ = ("share", "step", "rate", "top")

    def __init__(self, share: Fraction, step: Fraction, rate: Fraction, top: Optional[Fraction]) -> None:
        self.share, self.step, self.rate, self.top = share, step, rate, top

    def blind(self, pot: Fraction) -> Fraction:
        """The blind posted into ``pot``."""
        steps = max((self.share * pot / (self.rate * self.step)).__floor__(), 1)
        level = self.step * steps
        if self.top is not None:
            level = min(level, self.top)
        return level * self.rate


def paid_in(posted: Sequence[Post], stacks: Optional[Mapping[str, Fraction]]) -> Fraction:
    """What ``posted`` pays into the pot, each post at most what its poster has left of ``stacks`` (None: no
    stacks, everything paid in full), as the deal pays them (:func:`bragrules.engine.forced.post`)."""
    if stacks is None:
        return sum((post.amount for post in posted), ZERO_MONEY)
    left = dict(stacks)
    total = ZERO_MONEY
    for post in posted:
        held = left.get(post.player)
        paid = post.amount if held is None else min(post.amount, held)
        if held is not None:
            left[post.player] = held - paid
        total += paid
    return total


def pot_words(share: Fraction) -> str:
    """A share of the pot in words: ``the whole pot``, ``½ of the pot``, ``twice the pot``.

    >>> [pot_words(Fraction(n)) for n in (1, "1/2", 2)]
    ['the whole pot', '½ of the pot', 'twice the pot']
    """
    if share == 1:
        return tr("the whole pot")
    if share < 1:
        return tr("{share} of the pot", share=money_text(share))
    return tr("{times} the pot", times=times_text(share))


def pot_share_sentence(p: "Profile") -> str:
    """What ``stakes.forced.pot_share`` says at the table.

    >>> from bragrules.profile.models import Profile
    >>> pot_share_sentence(Profile.model_validate({"stakes": {"forced": {"kind": "blind", "pot_share": "1/2"}}}))
    'the blind is ½ of the pot as it stands once the antes are in, a pot carried in included'
    >>> pot_share_sentence(Profile.model_validate({"stakes": {"forced": {"kind": "blind", "amount": 1}}}))
    'the blind is a set amount, whatever the pot'
    """
    forced = p.stakes.forced
    if forced.pot_share is None:
        return tr("the blind is a set amount, whatever the pot") if forced.kind == "blind" else tr(
            "no blind is sized by the pot")
    return tr("the blind is {share} as it stands once the antes are in, a pot carried in included",
              share=pot_words(forced.pot_share))


def pot_rounding_sentence(p: "Profile") -> str:
    """How a pot blind's level falls on the level steps (the rulebook's, beside :func:`pot_share_sentence`)."""
    stakes = p.stakes
    step = money_text(stakes.level_step)
    if stakes.max_stake is None:
        return tr("A pot blind that would set the level between two steps of {step} is rounded down to the step "
                  "below, never below {step}.", step=step)
    return tr("A pot blind that would set the level between two steps of {step} is rounded down to the step below, "
              "never below {step}; the level it sets is at most the highest stake, {most}.", step=step,
              most=money_text(stakes.max_stake))


__all__ = ["PotShare", "paid_in", "pot_rounding_sentence", "pot_share_sentence", "pot_words"]
