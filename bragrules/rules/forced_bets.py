"""Forced bets by position (``stakes.forced``): a boot put in by one player in rotation, the dealer's
blind, small and big blinds, single-stake Brag's dealer stake, and antes that rise during a session.

The engine asks one question of them (:mod:`bragrules.rules.hooks`): what each seat posts before the
betting, for one deal. Under a profile that uses none of them the policy is not made at all
(``rules.forced`` is None) and every seat antes ``stakes.ante`` as before.

>>> from bragrules.profile.models import Profile
>>> p = Profile.model_validate({"stakes": {"forced": {"kind": "blind", "amount": "1/2"}}})
>>> policy = ForcedPolicy.compile(p)
>>> [(post.player, post.what, str(post.amount), post.live) for post in policy.posts(["A", "B", "C"], 1)]
[('A', 'ante', '1', False), ('B', 'ante', '1', False), ('C', 'ante', '1', False), ('C', 'blind', '1/2', True)]
>>> ForcedPolicy.compile(Profile()) is None
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, List, Literal, Mapping, Optional, Sequence, Tuple

from pydantic import Field, model_validator

from bragrules.core.i18n import ENGLISH, N_, amount_text, language, tr
from bragrules.core.rule_id import Rule, field_rule
from bragrules.rules.area import NOT_NEGATIVE, POSITIVE, Area, FieldText, Money, Section, _refuse_below
from bragrules.rules.hooks import AreaPolicy, Post
from bragrules.rules.pot_blind import PotShare, paid_in, pot_rounding_sentence, pot_share_sentence, pot_words
from bragrules.rules.words import count, money_text, sentence

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------

CASINOONLINE = "https://casinoonline.net.in/india-games/teen-patti/"
WIKIPEDIA = "https://en.wikipedia.org/wiki/Teen_patti"
POKERWINER = "http://www.pokerwiner.com/games-of-playing-cards/brag.html"
GAMENTIO = "http://teenpatti.gamentio.com/pl/howtoplay"
FLASH = "https://scribd.com/document/373977552/Flash"
SHAK5 = "https://shak5.com/rules.html"
POT_BLIND = "https://3pattimaster.com/blog/mastering-the-pot-blind-smart-poker-strategies"
POT_BLIND_STRATEGY = "https://www.3pattimaster.com/blog/master-pot-blind-strategy"
# the same pages as the sources name them (the rulebook's HTML holds no addresses)
CASINO_PAGE = "casinoonline.net.in (Teen Patti)"
WIKI_PAGE = "Wikipedia (Teen patti)"
POKERWINER_PAGE = "pokerwiner.com (Brag)"
GAMENTIO_PAGE = "teenpatti.gamentio.com (How to play)"
FLASH_PAGE = "scribd.com (Flash)"
SHAK5_PAGE = "shak5.com (rules)"
POT_BLIND_PAGE = "3pattimaster.com (Mastering the pot blind)"


class ForcedBets(Area):
    """What players must put in by their position before the betting, beside (or instead of) the ante."""

    kind: Literal["none", "boot", "blind", "blinds", "dealer_stake"] = Field(
        "none",
        description="The forced bet by position. `none`: every player antes `stakes.ante`, nothing more; "
        "`boot`: the dealer alone puts in `amount` in place of everyone's ante, the boot going round "
        f"with the deal ({WIKIPEDIA}: \"a single larger amount put by one player (usually on a "
        "rotation basis)\"); `blind`: after the antes, one player (`who`) posts a blind of `amount` "
        f"({CASINOONLINE}: \"a forced wager that must be made by the dealer, equal to half the "
        "original boot. Some versions force the blind on the player who goes after the dealer\"); "
        "`blinds`: a small blind of `small` by `who` and a big blind of `amount` by the player after "
        "them (the same page: \"a 'small blind' equal to half the boot and a 'big blind' equal to the "
        "boot\"); `dealer_stake`: single-stake Brag, the dealer puts up `amount` as the opening stake and "
        "every player must meet it or drop; if nobody meets it the dealer takes it back and each other "
        f"player pays the dealer `compensation` ({POKERWINER}: \"If no-one meets the dealer's "
        "stake he withdraws it, and receives an agreed amount from the other players\"). A forced bet is "
        "posted before anybody looks, so where blind play is allowed it is a blind bet.",
    )
    amount: Optional[Annotated[Money, _refuse_below("above_zero", "a forced bet must be positive"), POSITIVE]] = Field(
        None,
        description="What the forced bet costs its poster: the boot, the blind, the big blind or the dealer's "
        "stake (required, and positive, unless `kind: none`, or a blind sized by the pot, `pot_share`). A "
        "live blind and the dealer's stake open the betting: the level they set is `amount` at the poster's "
        "rate (a blind poster's half the boot sets the level at the boot), a whole multiple of "
        "`stakes.level_step`.",
    )
    pot_share: Optional[Annotated[Money, _refuse_below("above_zero", "a share of the pot must be positive"),
                                  POSITIVE]] = Field(
        None,
        description="`kind: blind` only, in place of `amount`: a pot blind, the blind sized by the pot as it "
        "stands when it is posted (every ante and boot in, the antes missed and a pot carried in from the "
        f"last deal included): `1` the whole pot, `1/2` half of it ({POT_BLIND}: \"one player may put a "
        "\"pot blind\" equal to the pot (or a fraction of it) before cards are dealt\"; "
        f"{POT_BLIND_STRATEGY}: \"Pot blinds can be fixed amounts or a percentage of the pot\"). Exact, "
        "but the level the blind sets at its poster's rate is a whole number of `stakes.level_step`: a "
        "share that falls between two steps is rounded down to the step below, never below one step, nor "
        "above `stakes.max_stake`. The blind is live (`live: true`): the others call, raise or fold against "
        "it. `null`: the blind is `amount`, whatever the pot.",
    )
    small: Optional[Annotated[Money, _refuse_below("above_zero", "a small blind must be positive"), POSITIVE]] = Field(
        None,
        description="`kind: blinds` only: the small blind, dead money into the pot (`null`: half of `amount`, "
        f"as {CASINOONLINE} has it).",
    )
    who: Literal["dealer", "next"] = Field(
        "dealer",
        description="`blind` and `blinds`: who posts the (small) blind. `dealer`: the dealer (the big blind is "
        "then the first player after the dealer); `next`: the player after the dealer (the big blind the "
        f"one after them) ({CASINOONLINE}: \"Some versions force the blind on the player who goes after "
        "the dealer\"). Betting starts with the player after the last blind.",
    )
    live: bool = Field(
        True,
        description="`blind` and `blinds`: whether the (big) blind counts as its poster's first bet. `true`: "
        "it sets the level, and the next player must bet at least as much (" + CASINOONLINE + ": \"The chaal "
        "wager must be at least equal to the previous bet (initially, the blind)\"); `false`: it is dead "
        f"money in the pot, like an ante, and the first bet opens the level ({GAMENTIO}: \"2 players "
        "posting the Boot or Ante (compulsory bet)\").",
    )
    compensation: Annotated[Money, _refuse_below("zero", "compensation cannot be negative"), NOT_NEGATIVE] = Field(
        Fraction(0),
        description="`kind: dealer_stake` only: what each other player pays the dealer when nobody meets the "
        f"dealer's stake (everyone else drops before any bet) ({POKERWINER}: \"receives an agreed amount "
        "from the other players\"). With a finite bankroll a player pays at most what they hold. Unused "
        "under any other kind.",
    )
    ante_rises_every: Optional[int] = Field(
        None,
        ge=1,
        description="Antes that rise during a session (" + FLASH + ": \"antes step up by day (5 on day "
        "one, 10 after)\"; " + SHAK5 + ": \"Antes will double in the game following the timer\"): after "
        "every this many deals played (redeals not counting) the ante rises by `ante_rise`, up to "
        "`ante_max`. `null`: the ante never changes (and `ante_rise` and `ante_max` are unused).",
    )
    ante_rise: Optional[Annotated[Money, _refuse_below("above_zero", "ante_rise must be positive"), POSITIVE]] = Field(
        None, description="What the ante rises by each time (`null`: by `stakes.ante`, so the ante doubles, "
        "then trebles, as " + SHAK5 + "'s \"Antes will double\" has it).",
    )
    ante_max: Optional[Annotated[Money, _refuse_below("above_zero", "ante_max must be positive"), POSITIVE]] = Field(
        None,
        description="The highest the ante rises to (`null`: no highest). Ante 5 for the first 20 deals, then "
        "10: `stakes.ante: 5`, `ante_rises_every: 20`, `ante_rise: 5`, `ante_max: 10`.",
    )

    @model_validator(mode="after")
    def _amounts(self) -> "ForcedBets":
        if self.pot_share is not None:
            if self.kind != "blind":
                raise ValueError(tr("pot_share sizes a blind by the pot (kind: blind), but the kind is {kind}",
                                    kind=self.kind))
            if self.amount is not None:
                raise ValueError(tr("a blind is a set amount ({amount}) or a share of the pot ({share}), not both: "
                                    "give amount or pot_share", amount=money_text(self.amount),
                                    share=money_text(self.pot_share)))
            if not self.live:
                raise ValueError(tr("a blind sized by the pot (pot_share) is the first bet, which the others call, "
                                    "raise or fold against: it is live (live: true)"))
        elif self.kind == "blind" and self.amount is None:
            raise ValueError(tr("a forced bet of kind blind needs an amount, or a share of the pot (pot_share)"))
        elif self.kind != "none" and self.amount is None:
            raise ValueError(f"a forced bet of kind {self.kind} needs an amount")
        if self.small is not None and self.kind != "blinds":
            raise ValueError(f"small is the small blind of kind: blinds, but the kind is {self.kind}")
        if self.small is not None and self.amount is not None and self.small > self.amount:
            raise ValueError(f"the small blind ({self.small}) is above the big blind ({self.amount})")
        return self


def check_profile(p: "Profile") -> Optional[str]:
    """What is wrong with the forced bets across areas (None: nothing): a live forced bet's level must be
    on the profile's level steps at the rate its poster pays, and a rising ante is an ante.

    >>> from bragrules.profile.models import Profile
    >>> check_profile(Profile.model_validate({"stakes": {"forced": {"kind": "dealer_stake", "amount": 3}}}))
    >>> Profile.model_validate({"blind": {"allowed": False}, "stakes": {"level_step": 2, "opening_min": 2,
    ...                         "forced": {"kind": "dealer_stake", "amount": 3}}})
    Traceback (most recent call last):
    ...
    pydantic_core._pydantic_core.ValidationError: 1 validation error for Profile
      Value error, stakes.forced.amount: the dealer's stake of 3 (stakes.forced.amount) sets the level at 3, no whole multiple of stakes.level_step (2) ...
    """
    forced, stakes = p.stakes.forced, p.stakes
    if forced.ante_max is not None and forced.ante_max < stakes.ante:
        return f"ante_max ({forced.ante_max}) is below the ante ({stakes.ante})"
    if forced.amount is None or not live_kind(p):
        return None
    level = forced.amount / poster_rate(p)
    if (level / stakes.level_step).denominator != 1:
        what = "dealer's stake" if forced.kind == "dealer_stake" else "blind"
        return (f"the {what} of {money_text(forced.amount)} (stakes.forced.amount) sets the level at "
                f"{money_text(level)}, no whole multiple of stakes.level_step ({money_text(stakes.level_step)})")
    return None


def poster_rate(p: "Profile") -> Fraction:
    """The rate a forced bet's poster pays of the level it sets: posted before anybody looks, it is a blind bet
    where blind play is allowed (``stakes.blind_rate``), else a seen one."""
    return p.stakes.blind_rate if p.blind.allowed and p.format.betting else Fraction(1)


def live_kind(p: "Profile") -> bool:
    """Whether the forced bet opens the betting (a live blind, the dealer's stake)."""
    kind = p.stakes.forced.kind
    return kind == "dealer_stake" or (kind in ("blind", "blinds") and p.stakes.forced.live)


# ---------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------

KIND_RULE = field_rule("stakes.forced.kind")
AMOUNT_RULE = field_rule("stakes.forced.amount")
POT_SHARE_RULE = field_rule("stakes.forced.pot_share")
SMALL_RULE = field_rule("stakes.forced.small")
WHO_RULE = field_rule("stakes.forced.who")
LIVE_RULE = field_rule("stakes.forced.live")
COMPENSATION_RULE = field_rule("stakes.forced.compensation")
ANTE_RISE_RULE = field_rule("stakes.forced.ante_rises_every")
ANTE_RULE = field_rule("stakes.ante")
ANTE_CARD_RULE = field_rule("procedure.ante_card")
MISSED_RULE = field_rule("table.sitting_out")
ZERO_MONEY = Fraction(0)

_WHAT = {"boot": "boot", "blind": "blind", "dealer_stake": "stake"}


class ForcedPolicy(AreaPolicy):
    """The forced bets as the engine asks them: what each seat posts before the betting of a deal.

    ``posts(order, number)``: ``order`` is the deal's order of play (the dealer last), ``number``
    the deal's number among the deals played (redeals not counting). Antes first, in order, then the
    forced bets by position; a live post opens the betting and the player after it acts first.

    >>> from bragrules.profile.models import Profile
    >>> p = Profile.model_validate({"stakes": {"ante": 5, "forced": {"ante_rises_every": 2, "ante_rise": 5,
    ...                                                                "ante_max": 10}}})
    >>> policy = ForcedPolicy.compile(p)
    >>> [str(policy.ante_for(n)) for n in (1, 2, 3, 9)]
    ['5', '5', '10', '10']
    """

    __slots__ = ("kind", "amount", "small", "who_next", "live", "compensation", "ante", "every", "rise", "top",
                 "ante_card", "pot_share")

    def __init__(self, kind: str, amount: Fraction, small: Fraction, who_next: bool, live: bool,
                 compensation: Fraction, ante: Fraction, every: Optional[int], rise: Optional[Fraction],
                 top: Optional[Fraction], ante_card: bool = False) -> None:
        self.kind = kind
        self.amount = amount
        self.small = small
        self.who_next = who_next
        self.live = live
        self.compensation = compensation
        self.ante = ante
        self.every = every
        self.rise = rise
        self.top = top
        self.ante_card = ante_card  # procedure.ante_card: a turned card sets each deal's ante (times its suit's value)
        self.pot_share: Optional[PotShare] = None  # stakes.forced.pot_share: the blind sized by the pot

    @classmethod
    def compile(cls, p: "Profile") -> Optional["ForcedPolicy"]:
        """The policy, or None when the profile forces nothing beyond the ante (the engine then antes as before)."""
        forced = p.stakes.forced
        missed = p.table.sitting_out == "post_missed"
        ante_card = p.procedure.ante_card != "none"
        if (forced.kind == "none" and forced.ante_rises_every is None and not missed and not ante_card) \
                or not p.format.betting:
            return None
        amount = forced.amount if forced.amount is not None else Fraction(0)
        small = forced.small if forced.small is not None else amount / 2
        policy = cls(forced.kind, amount, small, forced.who == "next", forced.live or forced.kind == "dealer_stake",
                     forced.compensation, p.stakes.ante, forced.ante_rises_every, forced.ante_rise, forced.ante_max,
                     ante_card)
        if forced.pot_share is not None:
            policy.pot_share = PotShare(forced.pot_share, p.stakes.level_step, poster_rate(p), p.stakes.max_stake)
        return policy

    @property
    def compensates(self) -> bool:
        """Single-stake Brag: each player pays the dealer when nobody meets the dealer's stake."""
        return self.kind == "dealer_stake" and self.compensation > 0

    def ante_for(self, number: int) -> Fraction:
        """The ante of deal ``number`` (``stakes.ante``, risen as ``ante_rises_every`` says)."""
        if self.every is None:
            return self.ante
        rise = self.rise if self.rise is not None else self.ante
        ante = self.ante + rise * ((max(number, 1) - 1) // self.every)
        return ante if self.top is None or ante <= self.top else max(self.top, self.ante)

    def ante_rule(self, number: int) -> Rule:
        """The rule a deal's ante follows: the rising ante once it has risen, else ``stakes.ante``."""
        return ANTE_RISE_RULE if self.ante_for(number) != self.ante else ANTE_RULE

    def money_amounts(self) -> List[Fraction]:
        """Every amount the forced bets can make a deal count."""
        found = [self.amount, self.small, self.compensation, self.ante]
        if self.ante_card:
            found.append(self.ante * 4)
        if self.rise is not None:
            found.append(self.rise)
        if self.top is not None:
            found.append(self.top)
        return found

    def stake_poster(self, order: Sequence[str]) -> str:
        """Who posts the forced bet: the dealer (last in the order), or the player after the dealer."""
        return order[0] if self.who_next and self.kind in ("blind", "blinds") else order[-1]

    def missed_ante(self, number: int) -> Fraction:
        """The ante a player sitting out deal ``number`` misses (none under a boot: nobody else antes)."""
        return ZERO_MONEY if self.kind == "boot" else self.ante_for(number)

    def posts(self, order: Sequence[str], number: int, missed: Optional[Mapping[str, Fraction]] = None,
              times: int = 1, carried: Fraction = ZERO_MONEY,
              stacks: Optional[Mapping[str, Fraction]] = None) -> Tuple[Post, ...]:
        """What each seat posts before the betting of deal ``number``, in the order it is posted; ``missed``:
        the antes each player coming back missed while sitting out (``table.sitting_out: post_missed``),
        posted first, as dead money; ``times``: the antes the deal's ante card sets (``procedure.ante_card``).
        A pot blind (``pot_share``) is sized by the pot as it stands: ``carried``, the pot carried in, and what
        the posts before it pay (each at most what its poster holds of ``stacks``, a finite bankroll's).

        >>> from bragrules.profile.models import Profile
        >>> card = ForcedPolicy.compile(Profile.model_validate({"procedure": {"ante_card": "suit"}}))
        >>> [(post.player, str(post.amount), post.rule) for post in card.posts(["A", "B"], 1, times=3)]
        [('A', '3', 'procedure.ante_card'), ('B', '3', 'procedure.ante_card')]
        >>> pot = ForcedPolicy.compile(Profile.model_validate({"stakes": {"forced": {"kind": "blind", "pot_share": 1}}}))
        >>> [(post.player, str(post.amount), post.rule) for post in pot.posts(["A", "B", "C"], 1, carried=Fraction(2))][-1]
        ('C', '5', 'stakes.forced.pot_share')
        """
        found: List[Post] = [Post(name, "missed", missed[name], False, MISSED_RULE)
                             for name in order if missed and missed.get(name)]
        if self.kind != "boot":
            ante = self.ante_for(number) * times
            if ante:
                rule = ANTE_CARD_RULE if self.ante_card else self.ante_rule(number)
                found += [Post(name, "ante", ante, False, rule) for name in order]
        if self.kind == "none":
            return tuple(found)
        first = self.stake_poster(order)
        if self.kind == "blinds":
            big = order[(order.index(first) + 1) % len(order)]
            found.append(Post(first, "small_blind", self.small, False, SMALL_RULE))
            found.append(Post(big, "big_blind", self.amount, self.live, AMOUNT_RULE))
        elif self.pot_share is not None:  # a pot blind: the share of the pot as it stands now
            found.append(Post(first, "blind", self.pot_share.blind(carried + paid_in(found, stacks)), True,
                              POT_SHARE_RULE))
        else:
            live = self.kind == "dealer_stake" or (self.kind == "blind" and self.live)
            found.append(Post(first, _WHAT[self.kind], self.amount, live, AMOUNT_RULE))
        return tuple(found)


# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------

_POSITION = {"dealer": N_("the dealer"), "next": N_("the player after the dealer")}


def kind_sentence(p: "Profile") -> str:
    """What ``stakes.forced.kind`` says at the table.

    >>> from bragrules.profile.models import Profile
    >>> kind_sentence(Profile.model_validate({"stakes": {"forced": {"kind": "boot", "amount": 4}}}))
    "the dealer alone puts in a boot of 4 in place of everyone's ante, the boot going round with the deal"
    >>> kind_sentence(Profile())
    'nobody posts a forced bet beyond the ante'
    """
    forced = p.stakes.forced
    amount = money_text(forced.amount) if forced.amount is not None else tr("a set amount")
    who = tr(_POSITION[forced.who])
    if forced.kind == "boot":
        return tr("the dealer alone puts in a boot of {amount} in place of everyone's ante, the boot going round with "
                  "the deal", amount=amount)
    if forced.kind == "blind" and forced.pot_share is not None:
        return tr("{who} posts a blind of {share} as it stands once the antes are in, before anybody looks", who=who,
                  share=pot_words(forced.pot_share))
    if forced.kind == "blind":
        return tr("{who} posts a blind of {amount} before anybody looks", who=who, amount=amount)
    if forced.kind == "blinds":
        small = money_text(forced.small) if forced.small is not None else (
            money_text(forced.amount / 2) if forced.amount is not None else tr("half of it"))
        return tr("{who} posts a small blind of {small} and the next player a big blind of {amount}", who=who,
                  small=small, amount=amount)
    if forced.kind == "dealer_stake":
        return tr("the dealer puts up an opening stake of {amount}, and every other player must meet it or drop",
                  amount=amount)
    return tr("nobody posts a forced bet beyond the ante")


def compensation_unused(p: "Profile") -> bool:
    return p.stakes.forced.kind != "dealer_stake"


def amount_sentence(p: "Profile") -> str:
    forced = p.stakes.forced
    if forced.amount is None and forced.pot_share is not None:
        return tr("the blind has no set amount: the pot sizes it")
    if forced.amount is None:
        return tr("no forced bet is set")
    if forced.kind == "none":
        return tr("a forced bet of {amount} is set but unused", amount=money_text(forced.amount))
    return tr("the forced bet costs its poster {amount}", amount=money_text(forced.amount))


def small_sentence(p: "Profile") -> str:
    forced = p.stakes.forced
    if forced.small is None:
        return "the small blind is half the big blind" if forced.kind == "blinds" else "no small blind is set"
    return f"the small blind is {money_text(forced.small)}"


WHO_TEXT = {"dealer": "the dealer posts the blind", "next": "the player after the dealer posts the blind"}


def who_sentence(p: "Profile") -> str:
    return WHO_TEXT[p.stakes.forced.who]


LIVE_TEXT = {
    True: N_("the blind counts as its poster's first bet: the next player bets at least as much"),
    False: N_("the blind is dead money in the pot, like an ante: the first bet opens the level"),
}


def compensation_sentence(p: "Profile") -> str:
    value = p.stakes.forced.compensation
    if compensation_unused(p):
        return tr("no dealer's stake is played") if not value else tr(
            "a compensation of {amount} is set but unused: no dealer's stake is played", amount=money_text(value))
    if not value:
        return tr("if nobody meets the dealer's stake, the dealer takes it back and nobody pays more")
    return tr("if nobody meets the dealer's stake, the dealer takes it back and every other player pays the dealer "
              "{amount}", amount=money_text(value))


def ante_rise_sentence(p: "Profile") -> str:
    """What the rising ante says at the table.

    >>> from bragrules.profile.models import Profile
    >>> ante_rise_sentence(Profile.model_validate({"stakes": {"ante": 5, "forced": {"ante_rises_every": 20,
    ...     "ante_rise": 5, "ante_max": 10}}}))
    'the ante rises by 5 after every 20 deals, up to 10'
    """
    forced = p.stakes.forced
    if forced.ante_rises_every is None:
        return "the ante stays the same all session"
    top = f", up to {money_text(forced.ante_max)}" if forced.ante_max is not None else ""
    rise = forced.ante_rise if forced.ante_rise is not None else p.stakes.ante
    return f"the ante rises by {money_text(rise)} after every {count(forced.ante_rises_every, 'deal')}{top}"


def ante_rise_amount(p: "Profile") -> str:
    forced = p.stakes.forced
    if forced.ante_rises_every is None:
        return "no rising ante is set" if forced.ante_rise is None else (
            f"an ante rise of {money_text(forced.ante_rise)} is set but unused")
    return ante_rise_sentence(p)


def ante_max_sentence(p: "Profile") -> str:
    forced = p.stakes.forced
    if forced.ante_rises_every is None:
        return "no highest ante is set" if forced.ante_max is None else (
            f"a highest ante of {money_text(forced.ante_max)} is set but unused")
    if forced.ante_max is None:
        return "a rising ante has no highest"
    return f"the ante rises to {money_text(forced.ante_max)} at most"


_POST_WORDS = {"missed": "the antes missed", "boot": "the boot", "blind": "a blind", "small_blind": "the small blind", "big_blind": "the big blind",
               "stake": "the opening stake"}


def posts_text(posted: Sequence[Post]) -> str:
    """What was posted before the betting, in words for the table (``play`` and the web table).

    >>> from fractions import Fraction
    >>> posts_text([Post("A", "ante", Fraction(1), False, ANTE_RULE), Post("B", "ante", Fraction(1), False, ANTE_RULE),
    ...             Post("B", "blind", Fraction(1, 2), True, AMOUNT_RULE)])
    'antes 1 each; B posts a blind of ½ (the first bet)'
    >>> posts_text([Post("C", "boot", Fraction(4), False, AMOUNT_RULE)])
    'C puts in the boot of 4'
    >>> posts_text([])
    ''

    In another language each post is a whole sentence of the catalogue (:func:`_spoken_posts`):

    >>> from bragrules.core.i18n import with_language
    >>> spoken = with_language("zh", posts_text, [Post("C", "boot", Fraction(4), False, AMOUNT_RULE)])
    >>> "C" in spoken and "4" in spoken and "boot" not in spoken
    True
    """
    if language() != ENGLISH:
        return _spoken_posts(posted)
    parts: List[str] = []
    antes = sorted({post.amount for post in posted if post.what == "ante"})
    if len(antes) == 1:
        parts.append(f"antes {money_text(antes[0])} each")
    elif antes:
        parts.append("antes " + ", ".join(f"{post.player} {money_text(post.amount)}" for post in posted
                                          if post.what == "ante"))
    for post in posted:
        if post.what == "ante":
            continue
        words = _POST_WORDS.get(post.what, post.what.replace("_", " "))
        verb = "puts in" if post.what == "boot" else "puts up" if post.what == "stake" else "posts"
        article = words + " of " + money_text(post.amount)
        parts.append(f"{post.player} {verb} {article}" + (" (the first bet)" if post.live else ""))
    return "; ".join(parts)


_SPOKEN_POSTS = {
    "missed": N_("{player} posts the antes missed, {amount}"), "boot": N_("{player} puts in the boot of {amount}"),
    "blind": N_("{player} posts a blind of {amount}"), "small_blind": N_("{player} posts the small blind of {amount}"),
    "big_blind": N_("{player} posts the big blind of {amount}"),
    "stake": N_("{player} puts up the opening stake of {amount}"),
}
"""Each post but an ante, a whole sentence in the language spoken (:func:`posts_text`)."""


def _spoken_posts(posted: Sequence[Post]) -> str:
    """:func:`posts_text` in the language spoken: the antes, then each other post, each a whole sentence."""
    parts: List[str] = []
    antes = sorted({post.amount for post in posted if post.what == "ante"})
    if len(antes) == 1:
        parts.append(tr("antes {amount} each", amount=amount_text(antes[0])))
    elif antes:
        each = [tr("{player} {amount}", player=post.player, amount=amount_text(post.amount))
                for post in posted if post.what == "ante"]
        parts.append(tr("antes: {each}", each=", ".join(each)))
    for post in posted:
        if post.what == "ante":
            continue
        said = tr(_SPOKEN_POSTS.get(post.what, N_("{player} posts {amount}")), player=post.player,
                  amount=amount_text(post.amount))
        parts.append(tr("{post} (the first bet)", post=said) if post.live else said)
    return tr("; ").join(parts)


def _forced(p: "Profile") -> bool:
    return p.format.betting and p.stakes.forced.kind != "none"


def _blinds(p: "Profile") -> bool:
    return p.format.betting and p.stakes.forced.kind in ("blind", "blinds")


def _rising(p: "Profile") -> bool:
    return _rises(p) and p.stakes.forced.ante_rises_every is not None


def _rises(p: "Profile") -> bool:
    """Whether an ante can rise: there is betting and an ante, or a rise of its own (from no ante, rising by the
    ante rises by nothing)."""
    return p.format.betting and (p.stakes.ante > 0 or p.stakes.forced.ante_rise is not None)


FIELDS: Tuple[FieldText, ...] = (
    FieldText("stakes.forced.kind", lambda p: p.stakes.forced.kind, kind_sentence,
              {"none": "000, 002, 003 (every player antes)", "boot": f"{WIKI_PAGE}",
               "blind": f"{CASINO_PAGE}, {GAMENTIO_PAGE}", "blinds": f"{CASINO_PAGE}",
               "dealer_stake": f"{POKERWINER_PAGE}"},
              in_play=lambda p: p.format.betting, later=True),
    FieldText("stakes.forced.amount", lambda p: p.stakes.forced.amount, amount_sentence,
              {"null": "000, 002, 003", "*": f"house rule: the boot, blind or stake agreed ({CASINO_PAGE}: half the boot)"},
              in_play=lambda p: _forced(p) and p.stakes.forced.pot_share is None, later=True),
    FieldText("stakes.forced.pot_share", lambda p: p.stakes.forced.pot_share, pot_share_sentence,
              {"null": f"{CASINO_PAGE}: a blind of a set amount, half the boot",
               "1": f"{POT_BLIND_PAGE}: \"a \"pot blind\" equal to the pot\"",
               "*": f"{POT_BLIND_PAGE}: \"or a fraction of it\"; house rule: the share agreed"},
              in_play=lambda p: p.format.betting and p.stakes.forced.kind == "blind", later=True),
    FieldText("stakes.forced.small", lambda p: p.stakes.forced.small, small_sentence,
              {"null": f"{CASINO_PAGE}: a small blind of half the boot", "*": "house rule"},
              in_play=lambda p: p.format.betting and p.stakes.forced.kind == "blinds", later=True),
    FieldText("stakes.forced.who", lambda p: p.stakes.forced.who, who_sentence,
              {"dealer": f"{CASINO_PAGE}: \"made by the dealer\"; {GAMENTIO_PAGE}",
               "next": f"{CASINO_PAGE}: \"the player who goes after the dealer\""}, in_play=_blinds,
              choices=dict(WHO_TEXT), later=True),
    FieldText("stakes.forced.live", lambda p: p.stakes.forced.live, lambda p: tr(LIVE_TEXT[p.stakes.forced.live]),
              {"true": f"{CASINO_PAGE}: \"at least equal to the previous bet (initially, the blind)\"",
               "false": f"{GAMENTIO_PAGE}: the blind posted as a boot"},
              in_play=_blinds, choices=dict(LIVE_TEXT), later=True),
    FieldText("stakes.forced.compensation", lambda p: p.stakes.forced.compensation, compensation_sentence,
              {"0": "house rule", "*": f"house rule: the amount agreed ({POKERWINER_PAGE}: \"receives an agreed amount\")"},
              in_play=lambda p: p.format.betting and p.stakes.forced.kind == "dealer_stake", later=True),
    FieldText("stakes.forced.ante_rises_every", lambda p: p.stakes.forced.ante_rises_every, ante_rise_sentence,
              {"null": "000, 002, 003", "*": f"house rule: a schedule agreed ({FLASH_PAGE}; {SHAK5_PAGE})"}, in_play=_rises,
              later=True),
    FieldText("stakes.forced.ante_rise", lambda p: p.stakes.forced.ante_rise, ante_rise_amount,
              {"null": f"house rule: by the ante ({SHAK5_PAGE}: antes double)", "*": f"house rule: a schedule agreed ({FLASH_PAGE})"}, in_play=_rising, later=True),
    FieldText("stakes.forced.ante_max", lambda p: p.stakes.forced.ante_max, ante_max_sentence,
              {"null": "house rule", "*": f"house rule: a schedule agreed ({FLASH_PAGE}: 5 on day one, 10 after)"}, in_play=_rising, later=True),
)
"""The forced bets' field texts, listed with the stakes area's."""


def forced_section(p: "Profile") -> Optional[Section]:
    """The rulebook's lines on forced bets (None when the profile forces nothing beyond the ante)."""
    forced = p.stakes.forced
    if not p.format.betting or (forced.kind == "none" and forced.ante_rises_every is None):
        return None
    sec = Section("forced", tr("Forced bets"))
    items = [sentence(kind_sentence(p))] if forced.kind != "none" else []
    if forced.kind in ("blind", "blinds"):
        items.append(sentence(tr(LIVE_TEXT[forced.live])))
    if forced.kind == "blind" and forced.pot_share is not None:
        items.append(pot_rounding_sentence(p))
    if live_kind(p):
        items.append(tr("Betting starts with the player after the last forced bet."))
    if forced.kind == "dealer_stake":
        items.append(sentence(compensation_sentence(p)))
    if forced.ante_rises_every is not None:
        items.append(sentence(ante_rise_sentence(p)))
    sec.bullets(items)
    return sec


__all__ = ["FIELDS", "ForcedBets", "ForcedPolicy", "check_profile", "forced_section", "live_kind", "posts_text"]
