"""The house area: what the house takes from a table, a rake from each pot won and a table fee.

The house is an account of its own: whatever it takes leaves the players'
balances and is counted there, so money is conserved with the house counted
(every change of the players' balances, the pot carried and the house's take
add up to nothing).

- **The rake** (``house.rake``): a share of each pot won, taken before it is
  paid out (3pattimaster.com: "5% taken from the pot each hand, often
  with a cap (maximum amount)"), or of the losers' stakes only, the winners'
  own stakes coming back whole (mega888.com.ph's Teen Patti: "Rewards =
  Total Bet + ( Loser's Total Bet x 0.95 )"); at most ``house.rake_cap`` a
  deal. A pot that carries is raked when it is won. The rake is exact: the
  share of the pot as a fraction, never rounded; the profile's money unit
  is made fine enough (its denominator times the share's) that the rake of
  any pot in the profile's amounts is a whole number of units.
- **The table fee** (``house.table_fee``): a fixed amount each player dealt
  in pays the house, with each deal's settlement or once, with the first
  deal of the session (a tournament's table fee; 3pattimaster.com: "a
  fixed fee per hand"). With finite bankrolls nobody pays more than they
  hold once the deal is settled.

>>> from bragrules.profile.models import Profile
>>> house = HousePolicy.compile(Profile.model_validate({"house": {"rake": "1/20", "rake_cap": 50}}))
>>> house.rake(Fraction(1000), Fraction(0)), house.rake(Fraction(200), Fraction(0)), house.rake(Fraction(7), Fraction(0))
(Fraction(50, 1), Fraction(10, 1), Fraction(7, 20))
>>> rake(Profile.model_validate({"house": {"rake": "1/20", "rake_cap": 30}}))
'the house takes 5% of every pot won, at most 30 a deal, before it is paid out'
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from fractions import Fraction
from types import SimpleNamespace
from typing import TYPE_CHECKING, Annotated, Dict, Literal, Optional, Tuple

from pydantic import Field, WithJsonSchema

from bragrules.core.derived import departs
from bragrules.core.i18n import tr
from bragrules.core.money import ZERO
from bragrules.core.rule_id import field_rule
from bragrules.rules.area import (
    NOT_NEGATIVE,
    POSITIVE,
    Area,
    AreaText,
    FieldText,
    Money,
    Section,
    _refuse_below,
    _share_schema,
)
from bragrules.rules.hooks import AreaPolicy
from bragrules.rules.words import money_text, sentence

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

MEGA888 = "https://www.mega888.com.ph/game-list/teen-patti-joker-jili/"
MASTER = "https://3pattimaster.com/blog/teen-patti-rake-keep-more-winnings-now"
FLASH = "https://scribd.com/document/373977552/Flash"
# the pages by name, as a rulebook prints its sources (no web addresses in a printed book)
MEGA888_NAME = "mega888.com.ph (Teen Patti Joker)"
MASTER_NAME = "3pattimaster.com"
FLASH_NAME = "a tournament rules sheet (Flash, scribd.com)"

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


class House(Area):
    """What the house takes: a rake from each pot won and a table fee.

    Nothing, by default: the three rule texts play among friends, with no house.
    """

    rake: Optional[
        Annotated[
            Money,
            _refuse_below("above_zero", "rake must be above 0 and at most 1", at_most=Fraction(1)),
            WithJsonSchema(_share_schema()),
        ]
    ] = Field(
        None,
        description="The share of each pot won that the house takes before paying it out, exact (`1/20`: 5%; "
        "never rounded: the money unit is made fine enough to pay it). " + MASTER + ": \"5% taken from the "
        "pot each hand, often with a cap (maximum amount)\"; " + MEGA888 + ": \"Rewards = Total Bet + ( "
        "Loser's Total Bet x 0.95 )\" (with `house.rake_of: losers_stakes`). A pot that carries is raked when "
        "it is won; a redeal or an abandoned hand is not raked. `null`: no rake.",
    )
    rake_of: Literal["pot", "losers_stakes"] = Field(
        "pot",
        description="What the rake is a share of. `pot`: the whole pot won (" + MASTER + "); "
        "`losers_stakes`: the pot less the winners' own stakes, so a winner's own stake comes back whole ("
        + MEGA888 + ": \"the winner receives the losers' stakes less 5%\").",
    )
    rake_cap: Optional[Annotated[Money, _refuse_below("above_zero", "rake_cap must be positive"), POSITIVE]] = Field(
        None,
        description="The most the house rakes from one deal (" + MASTER + ": \"If the site charges a 5% "
        "rake with a cap of ₹50, the house takes ₹50\"). `null`: no cap.",
    )
    table_fee: Annotated[Money, _refuse_below("zero", "table_fee cannot be negative"), NOT_NEGATIVE] = Field(
        Fraction(0),
        description="A fixed amount each player dealt in pays the house, not the pot (" + FLASH + ": a "
        "tournament's table fee; " + MASTER + ": \"Fixed per-hand fee: a set amount regardless of pot size\"). "
        "Paid at the settlement of the deal; with finite bankrolls at most what the player then holds. "
        "`0`: no fee.",
    )
    table_fee_per: Literal["deal", "session"] = Field(
        "deal",
        description="When the table fee is paid. `deal`: by every player dealt in, with each deal played (a "
        "redeal or an abandoned hand costs nothing); `session`: once, by every player dealt in, with the first "
        "deal played (a tournament's fee).",
    )


# ---------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------

RAKE_RULE = field_rule("house.rake")
RAKE_OF_RULE = field_rule("house.rake_of")
RAKE_CAP_RULE = field_rule("house.rake_cap")
TABLE_FEE_RULE = field_rule("house.table_fee")
TABLE_FEE_PER_RULE = field_rule("house.table_fee_per")


@dataclass(frozen=True, slots=True)
class HousePolicy(AreaPolicy):
    """The house as the engine asks it: the rake of a pot won, the fee of a deal.

    >>> policy = HousePolicy(Fraction(1, 20), True, None, ZERO, False)
    >>> policy.rake(Fraction(30), Fraction(10))   # 5% of the losers' 20: the winner's own 10 is not raked
    Fraction(1, 1)
    >>> HousePolicy().takes_rake, HousePolicy().charges_fee
    (False, False)
    """

    share: Optional[Fraction] = None
    """The share of the pot (or of the losers' stakes) raked, or None."""
    of_losers: bool = False
    """Whether the rake is a share of the losers' stakes only (``house.rake_of: losers_stakes``)."""
    cap: Optional[Fraction] = None
    """The most raked from one deal, or None."""
    fee: Fraction = ZERO
    """The table fee each player dealt in pays."""
    fee_per_session: bool = False
    """Whether the fee is paid once, with the first deal played, rather than with every deal."""
    charges_fee: bool = field(init=False, default=False)
    """Whether there is a table fee (worked out once: the settlement asks at every deal)."""
    in_play: bool = field(init=False, default=False)
    """Whether the house takes anything under this profile (a log then records what it took; the
    session skips the house when not). Derived, not listed: true when any field but those of
    :data:`UNTAKEN` is not as the default profile has it, a field added later included.

    >>> from bragrules.profile.models import Profile
    >>> HousePolicy.compile(Profile()) == HousePolicy(), HousePolicy(cap=Fraction(5)).in_play
    (True, False)
    >>> HousePolicy(Fraction(1, 20)).in_play, HousePolicy(fee=Fraction(1)).in_play
    (True, True)
    """

    def __post_init__(self) -> None:
        object.__setattr__(self, "charges_fee", self.fee > 0)
        object.__setattr__(self, "in_play", departs(self, _PLAIN, UNTAKEN))

    @classmethod
    def compile(cls, p: "Profile") -> "HousePolicy":
        house = p.house
        return cls(house.rake, house.rake_of == "losers_stakes", house.rake_cap, house.table_fee,
                   house.table_fee_per == "session")

    @property
    def takes_rake(self) -> bool:
        return self.share is not None

    def rake(self, pot: Fraction, winners_stakes: Fraction) -> Fraction:
        """The house's share of a pot won: of the pot, or of the pot less the winners' own stakes; capped."""
        share = self.share
        if share is None:
            return ZERO
        base = pot - winners_stakes if self.of_losers else pot
        if base <= 0:
            return ZERO
        taken = base * share
        cap = self.cap
        return cap if cap is not None and taken > cap else taken

    def fee_due(self, first_deal: bool) -> Fraction:
        """The fee each player dealt in pays with this deal (``first_deal``: the session's first deal played)."""
        if self.fee_per_session and not first_deal:
            return ZERO
        return self.fee

    def money_amounts(self) -> Tuple[Fraction, ...]:
        """The amounts the money unit must hold (the rake's own fineness is :attr:`unit_factor`)."""
        return tuple(a for a in (self.cap, self.fee) if a is not None)

    @property
    def unit_factor(self) -> int:
        """By how much the money unit is made finer so a rake of a pot is a whole number of units."""
        return 1 if self.share is None else self.share.denominator


_PLAIN = SimpleNamespace(**{f.name: f.default for f in fields(HousePolicy) if f.init})
"""The house of the default profile, field by field (a house that takes nothing)."""

UNTAKEN: Dict[str, str] = {
    "of_losers": "what a rake is a share of: nothing is taken without a rake",
    "cap": "the most a rake takes: nothing is taken without a rake",
    "fee_per_session": "how often the table fee is paid: nothing is paid without a fee",
}
"""The fields of :class:`HousePolicy` that take nothing by themselves, each with why."""


# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------


def share_text(share: Fraction) -> str:
    """A share as a table says it: ``5%`` when a whole percentage, else the fraction.

    >>> share_text(Fraction(1, 20)), share_text(Fraction(1, 3)), share_text(Fraction(1, 40))
    ('5%', '⅓', '2½%')
    """
    percent = share * 100
    if percent.denominator in (1, 2):
        return f"{money_text(percent)}%"
    return money_text(share)


def _pot_money(p: "Profile") -> bool:
    """Whether a pot can hold money to rake: bets, antes, forced bets, or the side pots' antes (a game of
    lives alone has none, and its pot of lives is collected, not won).

    >>> from bragrules.profile import load_profile
    >>> _pot_money(load_profile("standard")), _pot_money(load_profile("bastard-brag"))
    (True, False)
    """
    pots = p.pots
    return (p.format.betting or p.stakes.ante > 0 or p.stakes.forced.kind != "none"
            or any(a is not None for a in (pots.each_hand, pots.best_card, pots.thirty_one)))


def _raking(p: "Profile") -> bool:
    return p.house.rake is not None and _pot_money(p)


def _charging(p: "Profile") -> bool:
    return p.house.table_fee > 0


def rake(p: "Profile") -> str:
    """What ``house.rake`` says at the table.

    >>> from bragrules.profile.models import Profile
    >>> rake(Profile.model_validate({"house": {"rake": "1/20", "rake_of": "losers_stakes"}}))
    "the house takes 5% of the losers' stakes in every pot won: the winners' own stakes come back whole"
    >>> rake(Profile())
    'the house takes nothing from the pot'
    """
    house = p.house
    if house.rake is None:
        return tr("the house takes nothing from the pot")
    cap = tr(", at most {amount} a deal", amount=money_text(house.rake_cap)) if house.rake_cap is not None else ""
    if house.rake_of == "losers_stakes":
        return tr("the house takes {share} of the losers' stakes in every pot won{cap}: the winners' own stakes come "
                  "back whole", share=share_text(house.rake), cap=cap)
    return tr("the house takes {share} of every pot won{cap}, before it is paid out", share=share_text(house.rake),
              cap=cap)


def rake_cap(p: "Profile") -> str:
    """What ``house.rake_cap`` says at the table.

    >>> from bragrules.profile.models import Profile
    >>> rake_cap(Profile.model_validate({"house": {"rake": "1/20", "rake_cap": 30}}))
    'the rake of one deal is at most 30'
    """
    cap = p.house.rake_cap
    return tr("the rake has no cap") if cap is None else tr("the rake of one deal is at most {amount}",
                                                            amount=money_text(cap))


def table_fee(p: "Profile") -> str:
    """What ``house.table_fee`` says at the table.

    >>> from bragrules.profile.models import Profile
    >>> table_fee(Profile.model_validate({"house": {"table_fee": 2}}))
    'every player dealt in pays the house a table fee of 2 with each deal'
    >>> table_fee(Profile.model_validate({"house": {"table_fee": 10, "table_fee_per": "session"}}))
    'every player pays the house a table fee of 10 once, with the first deal of the session'
    >>> table_fee(Profile())
    'there is no table fee'
    """
    house = p.house
    if not house.table_fee:
        return tr("there is no table fee")
    if house.table_fee_per == "session":
        return tr("every player pays the house a table fee of {amount} once, with the first deal of the session",
                  amount=money_text(house.table_fee))
    return tr("every player dealt in pays the house a table fee of {amount} with each deal",
              amount=money_text(house.table_fee))


_RAKE_OF_WORDS = {
    "pot": "the rake is a share of the whole pot won",
    "losers_stakes": "the rake is a share of the losers' stakes only: the winners' own stakes are not raked",
}
RAKE_OF = FieldText("house.rake_of", lambda p: p.house.rake_of, lambda p: tr(_RAKE_OF_WORDS[p.house.rake_of]),
                    {"pot": MASTER_NAME, "losers_stakes": MEGA888_NAME}, in_play=_raking,
                    choices=_RAKE_OF_WORDS, later=True)
_FEE_PER_WORDS = {
    "deal": "the table fee is paid with every deal played",
    "session": "the table fee is paid once, with the first deal of the session",
}
TABLE_FEE_PER = FieldText("house.table_fee_per", lambda p: p.house.table_fee_per,
                          lambda p: tr(_FEE_PER_WORDS[p.house.table_fee_per]),
                          {"deal": MASTER_NAME + ": a fixed fee per hand", "session": FLASH_NAME},
                          in_play=_charging, choices=_FEE_PER_WORDS, later=True)


# ---------------------------------------------------------------------------
# The rulebook: the house
# ---------------------------------------------------------------------------


def house_section(p: "Profile") -> Optional[Section]:
    """The rulebook's section on the house, when it takes anything."""
    if not _raking(p) and not _charging(p):
        return None
    sec = Section("house", tr("The house"))
    sec.para(
        sentence(rake(p)) if _raking(p) else "",
        tr("A pot that carries is raked when it is won; a hand dealt again or abandoned is not raked.")
        if _raking(p) else "",
        tr("The rake is exact, never rounded; when several players are paid, each pays the share of it that "
           "their payout is of the pot.") if _raking(p) else "",
    )
    sec.para(
        sentence(table_fee(p)) if _charging(p) else "",
        tr("With chips on the table nobody pays more than they hold once the deal is settled.")
        if _charging(p) and p.session.bankroll == "finite" else "",
    )
    sec.para(tr("What the house takes is its own account: the players' gains and losses, the pot carried and the "
                "house's take always add up to nothing."))
    return sec


TEXT = AreaText(
    key="house",
    name="house",
    title="The house",
    fields=(
        FieldText("house.rake", lambda p: p.house.rake, rake,
                  {"null": "000, 002, 003 (no house)", "1/20": MEGA888_NAME + "; " + MASTER_NAME,
                   "*": MASTER_NAME + " (commonly 2%-8%)"}, in_play=_pot_money, later=True),
        RAKE_OF,
        FieldText("house.rake_cap", lambda p: p.house.rake_cap, rake_cap,
                  {"null": MEGA888_NAME + " (no cap)", "*": MASTER_NAME}, in_play=_raking, later=True),
        FieldText("house.table_fee", lambda p: p.house.table_fee, table_fee,
                  {"0": "000, 002, 003 (no house)", "*": FLASH_NAME + "; " + MASTER_NAME}, later=True),
        TABLE_FEE_PER,
    ),
    sections=((85, house_section),),
)
