"""The stakes area's words: the sentence of each field, the rulebook's section on stakes and betting,
and the area's :class:`~bragrules.rules.area.AreaText` (what ``diff``, ``explain`` and the rulebook say).

>>> from bragrules.profile.models import Profile
>>> raise_kind(Profile.model_validate({"stakes": {"raise_limit": {"kind": "max_increase", "amount": 5}}}))
'each raise adds at most 5 to the level'
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Optional

from bragrules.core.i18n import tr
from bragrules.rules.area import (
    AreaText,
    FieldText,
    Section,
    choice,
)
from bragrules.rules.forced_bets import FIELDS as FORCED_FIELDS
from bragrules.rules.forced_bets import forced_section, live_kind
from bragrules.rules.pot_blind import pot_words
from bragrules.rules.words import money_text, sentence, share_of, times_text

if TYPE_CHECKING:
    from bragrules.profile.models import Profile


# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------


def betting(p: "Profile") -> bool:
    """Whether the profile bets at all: the stakes' fields are in play only then."""
    return p.format.betting


def opened_by_a_bet(p: "Profile") -> bool:
    """Whether a player's bet opens the betting: there is betting, and no live forced bet (the dealer's
    stake, a live blind) has set the level when the deal is dealt. The opening's bounds and the check
    before the first bet are in play only then.

    >>> from bragrules.profile import load_profile
    >>> opened_by_a_bet(load_profile("standard")), opened_by_a_bet(load_profile("single-stake"))
    (True, False)
    """
    return p.format.betting and not live_kind(p)


def ante(p: "Profile") -> str:
    if p.stakes.ante == 0:
        return tr("nobody antes")
    return tr("every player antes {ante} for each fresh deal, carried deals included", ante=money_text(p.stakes.ante))


def blind_rate(p: "Profile") -> str:
    share = share_of(p.stakes.blind_rate)
    if share == "all of":
        return tr("a blind player pays the full seen level, the same as a seen player")
    if share == "half":
        return tr("a blind player pays half the seen level")
    return tr("a blind player pays {share} the seen level", share=share)


def level_step(p: "Profile") -> str:
    if p.stakes.level_step == 1:
        return tr("betting levels are whole numbers")
    return tr("betting levels go in steps of {step}", step=money_text(p.stakes.level_step))


def opening_min(p: "Profile") -> str:
    return tr("the first bet opens the level at {low} or more", low=money_text(p.stakes.opening_min))


def opening_max(p: "Profile") -> str:
    if p.stakes.opening_max is None:
        return tr("the opening level has no maximum")
    return tr("the first bet opens the level at {high} at most", high=money_text(p.stakes.opening_max))


def _raise_amount_text(kind: str, amount: Any) -> str:
    if kind == "max_increase":
        return tr("each raise adds at most {amount} to the level", amount=money_text(amount))
    if kind == "fixed":
        return tr("each raise adds exactly {amount} to the level", amount=money_text(amount))
    if kind == "pot":
        return tr("each raise adds at most the pot, as it stands before the bet, to the level")
    if kind == "multiple":
        return tr("a bet sets the level at most a set multiple of the current level")
    return tr("raises are unlimited")


def raise_kind(p: "Profile") -> str:
    kind, amount = p.stakes.raise_limit.kind, p.stakes.raise_limit.amount
    if kind == "pot" and p.stakes.raise_limit.pot_measure == "after_call":
        return "each raise adds at most the pot, as it would stand after the raiser's call, to the level"
    if kind == "multiple" and p.stakes.raise_limit.factor is not None:
        return factor(p)
    if kind in ("max_increase", "fixed") and amount is None:  # only without a profile to read
        return "each raise adds at most a set amount to the level" if kind == "max_increase" else (
            "each raise adds exactly a set amount to the level"
        )
    return _raise_amount_text(kind, amount)


def raise_amount(p: "Profile") -> str:
    kind, amount = p.stakes.raise_limit.kind, p.stakes.raise_limit.amount
    if amount is None:
        return "no raise amount is set"
    if kind in ("max_increase", "fixed"):
        return _raise_amount_text(kind, amount)
    return f"a raise amount of {money_text(amount)} is set but unused"


POT_OPENING = choice(
    "stakes.raise_limit.pot_opening",
    lambda p: p.stakes.raise_limit.pot_opening,
    {
        "capped": "under pot limit the opening bet is capped too: its level is at most the pot as it stands",
        "free": "under pot limit only raises are capped: the opening bet is free",
    },
    {"capped": "house rule (poker's pot limit caps the opening bet too; 003 does not say)",
     "free": "003's literal words"},
    in_play=lambda p: opened_by_a_bet(p) and p.stakes.raise_limit.kind == "pot",
)
POT_MEASURE = FieldText(
    "stakes.raise_limit.pot_measure",
    lambda p: p.stakes.raise_limit.pot_measure,
    lambda p: {
        "before_bet": "under pot limit the pot a raise may add is counted before the raiser pays anything",
        "after_call": "under pot limit the pot a raise may add is counted after the raiser's call, as in poker",
    }[p.stakes.raise_limit.pot_measure],
    {"before_bet": "003's words (加注最多为底池大小) read as the pot before the bet",
     "after_call": "003's words read the poker way: the pot after the raiser's call"},
    in_play=lambda p: p.format.betting and p.stakes.raise_limit.kind == "pot",
    choices={
        "before_bet": "under pot limit the pot a raise may add is counted before the raiser pays anything",
        "after_call": "under pot limit the pot a raise may add is counted after the raiser's call, as in poker",
    },
    later=True,
)
def factor(p: "Profile") -> str:
    """What ``stakes.raise_limit.factor`` says at the table (Teen Patti's chaal limit).

    >>> from bragrules.profile.models import Profile
    >>> factor(Profile.model_validate({"stakes": {"raise_limit": {"kind": "multiple", "factor": 2}}}))
    'a bet sets the level at most twice the current level: a blind player pays once to twice the blind stake, a seen player once to twice the seen stake'
    >>> factor(Profile())
    'no multiple of the level caps a raise'
    """
    limit = p.stakes.raise_limit
    if limit.kind != "multiple" or limit.factor is None:
        return tr("no multiple of the level caps a raise")
    return tr("a bet sets the level at most {times} the current level: a blind player pays once to {times} "
              "the blind stake, a seen player once to {times} the seen stake", times=times_text(limit.factor))


def whole_multiples(p: "Profile") -> str:
    """What ``stakes.raise_limit.whole_multiples`` says.

    >>> from bragrules.profile.models import Profile
    >>> whole_multiples(Profile.model_validate({"stakes": {"raise_limit": {"whole_multiples": True}}}))
    'a raise sets the level only to a whole multiple of the current level (2x, 3x, ...)'
    """
    if p.stakes.raise_limit.whole_multiples:
        return tr("a raise sets the level only to a whole multiple of the current level (2x, 3x, ...)")
    return tr("a raise may set any level on the steps of the level, within the raise limit")


def max_bet(p: "Profile") -> str:
    """What ``stakes.max_bet`` says.

    >>> from bragrules.profile.models import Profile
    >>> max_bet(Profile.model_validate({"stakes": {"max_bet": 40}}))
    'no single bet may cost more than 40, blind or seen'
    """
    top = p.stakes.max_bet
    if top is None:
        return tr("no maximum bet")
    return tr("no single bet may cost more than {top}, blind or seen", top=money_text(top))


def pot_limit(p: "Profile") -> str:
    """What ``stakes.pot_limit`` says.

    >>> from bragrules.profile.models import Profile
    >>> pot_limit(Profile.model_validate({"stakes": {"pot_limit": 1024}}))
    'once the pot reaches 1024, the hands of everyone still in are shown at once and the best takes the pot'
    """
    limit = p.stakes.pot_limit
    if limit is None:
        return tr("the pot has no limit")
    return tr("once the pot reaches {limit}, the hands of everyone still in are shown at once "
              "and the best takes the pot", limit=money_text(limit))


def raised_out(p: "Profile") -> str:
    """What ``stakes.raised_out`` says.

    >>> from bragrules.profile.models import Profile
    >>> raised_out(Profile.model_validate({"stakes": {"raised_out": True}}))
    'a player who only matches the level is out of the hand if the next bet raises it, while three or more are in'
    """
    if p.stakes.raised_out:
        return "a player who only matches the level is out of the hand if the next bet raises it, while three or more are in"
    return "matching the level is always safe: a raise puts nobody out"


def max_stake(p: "Profile") -> str:
    """What ``stakes.max_stake`` says at the table.

    >>> from bragrules.profile.models import Profile
    >>> max_stake(Profile.model_validate({"stakes": {"max_stake": 64}}))
    'no bet may set the level above 64: a blind player pays at most 32, and once the level is 64 nobody raises'
    >>> max_stake(Profile())
    'there is no highest stake'
    """
    top = p.stakes.max_stake
    if top is None:
        return tr("there is no highest stake")
    return tr("no bet may set the level above {top}: a blind player pays at most {blind}, and once the level is "
              "{top} nobody raises", top=money_text(top), blind=money_text(top * p.stakes.blind_rate))


def raises_stop_at(p: "Profile") -> str:
    """What ``stakes.raises_stop_at`` does: it stops raises, it does not stop the pot growing.

    >>> from bragrules.profile.models import Profile
    >>> raises_stop_at(Profile.model_validate({"stakes": {"raises_stop_at": 200}}))
    'once the pot reaches 200, nobody may raise: players bet at the current level, see or fold, and the pot goes on growing'
    >>> raises_stop_at(Profile())
    'raising never stops, however big the pot'
    >>> Profile.model_validate({"stakes": {"pot_cap": 200}}).stakes.raises_stop_at   # the former name
    Fraction(200, 1)
    """
    cap = p.stakes.raises_stop_at
    if cap is None:
        return tr("raising never stops, however big the pot")
    return tr("once the pot reaches {cap}, nobody may raise: players bet at the current level, "
              "see or fold, and the pot goes on growing", cap=money_text(cap))


CHECK = choice(
    "stakes.check",
    lambda p: p.stakes.check,
    {
        "never": "nobody may check: every turn is a bet, a see or a fold",
        "before_first_bet": "a player may check while nobody has bet; if everyone checks, the pot carries",
    },
    {"never": "000, 002, 003", "before_first_bet": "000's house-rule exception"},
    in_play=opened_by_a_bet,
)


# ---------------------------------------------------------------------------
# The rulebook: stakes and betting
# ---------------------------------------------------------------------------


def example_level(p: "Profile") -> Fraction:
    """A level the rulebook's examples use: four steps, within the opening limits."""
    stakes = p.stakes
    level = max(stakes.opening_min, stakes.level_step * 4)
    if stakes.opening_max is not None and level > stakes.opening_max:
        level = stakes.opening_max
    return level


def stakes_section(p: "Profile") -> Optional[Section]:
    if not p.format.betting:
        return None
    stakes = p.stakes
    sec = Section("stakes", tr("Stakes and betting"))
    sec.para(sentence(ante(p)))
    level = example_level(p)
    if p.blind.allowed:
        sec.para(
            tr("Bets are made in levels counted in seen units: a seen player pays the level, and {blind}.",
               blind=blind_rate(p)),
            tr("At level {level}, for example, a seen player pays {level} and a blind player {blind}.",
               level=money_text(level), blind=money_text(level * stakes.blind_rate)),
        )
    else:
        sec.para(tr("Bets are made in levels: every player pays the level."))
    opening = tr("The first bet opens the level at {low} or more.", low=money_text(stakes.opening_min))
    if stakes.opening_max is not None:
        opening = tr("The first bet opens the level at {low} to {high}.", low=money_text(stakes.opening_min),
                     high=money_text(stakes.opening_max))
    if stakes.forced.kind in ("blind", "blinds") and live_kind(p):  # a live blind is the first bet (stakes.forced)
        rate = stakes.blind_rate if p.blind.allowed else Fraction(1)
        if stakes.forced.amount is not None:
            opening = tr("The blind opens the level at {level}.", level=money_text(stakes.forced.amount / rate))
        elif stakes.forced.pot_share is not None:  # a pot blind: the level follows the pot
            opening = tr("The blind opens the level at {share} it is posted into.",
                         share=pot_words(stakes.forced.pot_share / rate))
    sec.bullets(
        [
            opening,
            sentence(level_step(p)) if stakes.level_step != 1 else "",
            tr("Each later player bets at the current level or raises it. "
               "A player pays a fresh full amount at every turn, not the difference from earlier bets."),
            sentence(raise_kind(p)),
            sentence(POT_OPENING.sentence(p)) if stakes.raise_limit.kind == "pot" else "",
            sentence(CHECK.sentence(p)),
            sentence(raises_stop_at(p)) if stakes.raises_stop_at is not None else "",
            sentence(max_stake(p)) if stakes.max_stake is not None else "",
            sentence(whole_multiples(p)) if stakes.raise_limit.whole_multiples else "",
            sentence(max_bet(p)) if stakes.max_bet is not None else "",
            sentence(pot_limit(p)) if stakes.pot_limit is not None else "",
            sentence(raised_out(p)) + " " + tr("Their stakes stay in the pot.") if stakes.raised_out else "",
            (tr("Betting goes round as many times as it takes; matched bets never end it by themselves.")
             if p.seeing.matched_showdown == "never" else
             tr("Betting goes round until every stake still in is matched, when all hands are shown (see The see)."))
            + " " + (tr("It stops when one player is left, or when one of the last two sees the other, or when the "
                        "pot reaches its limit.") if stakes.pot_limit is not None else
                     tr("It stops when one player is left, or when one of the last two sees the other.")),
        ]
    )
    return sec


TEXT = AreaText(
    key="stakes",
    name="stakes",
    title="Stakes and betting",
    fields=(
        FieldText("stakes.ante", lambda p: p.stakes.ante, ante,
                  {"1": "002", "5": "003's example", "0": "000's Crash", "*": "000: an agreed ante"},
                  in_play=lambda p: p.format.betting or p.stakes.ante != 0),
        FieldText("stakes.blind_rate", lambda p: p.stakes.blind_rate, blind_rate,
                  {"1/2": "000, 002, 003", "*": "house rule"},
                  in_play=lambda p: p.format.betting and p.blind.allowed),
        FieldText("stakes.level_step", lambda p: p.stakes.level_step, level_step,
                  {"1": "002", "*": "house rule"}, in_play=betting),
        FieldText("stakes.opening_min", lambda p: p.stakes.opening_min, opening_min,
                  {"1": "002", "*": "house rule"}, in_play=opened_by_a_bet),
        FieldText("stakes.opening_max", lambda p: p.stakes.opening_max, opening_max,
                  {"5": "002", "null": "000, 003", "*": "house rule"}, in_play=opened_by_a_bet),
        FieldText("stakes.raise_limit.kind", lambda p: p.stakes.raise_limit.kind, raise_kind,
                  {"none": "000, 003", "max_increase": "002; 003's fixed-limit variant (a cap on each raise)",
                   "fixed": "house rule", "pot": "003's pot-limit variant"}, in_play=betting),
        FieldText("stakes.raise_limit.amount", lambda p: p.stakes.raise_limit.amount, raise_amount,
                  {"5": "002", "null": "000, 003", "*": "house rule"},
                  in_play=lambda p: p.format.betting and p.stakes.raise_limit.kind in ("max_increase", "fixed")),
        POT_OPENING,
        POT_MEASURE,
        FieldText("stakes.raise_limit.factor", lambda p: p.stakes.raise_limit.factor, factor,
                  {"null": "000, 002, 003", "2": "Teen Patti's chaal: teenpatti-helpdesk.dynamicnext.com, "
                   "teenpatti.gamentio.com, blizzconsweepstakes.com", "*": "house rule"},
                  in_play=lambda p: p.format.betting and p.stakes.raise_limit.kind == "multiple", later=True),
        FieldText("stakes.raise_limit.whole_multiples", lambda p: p.stakes.raise_limit.whole_multiples,
                  whole_multiples,
                  {"false": "000, 002, 003", "true": "casinoonline.net.in (a chaal raises by a multiple: 2X, 4X, 6X)"},
                  in_play=lambda p: p.format.betting and p.stakes.raise_limit.kind != "fixed", later=True),
        CHECK,
        FieldText("stakes.raises_stop_at", lambda p: p.stakes.raises_stop_at, raises_stop_at,
                  {"null": "000, 002, 003", "*": "house rule"}, in_play=betting, later=True),
        FieldText("stakes.max_stake", lambda p: p.stakes.max_stake, max_stake,
                  {"null": "000, 002, 003", "*": "house rule: Teen Patti's chaal limit, a pub's maximum bet"},
                  in_play=betting, later=True),
        *FORCED_FIELDS,
        FieldText("stakes.max_bet", lambda p: p.stakes.max_bet, max_bet,
                  {"null": "000, 002, 003", "*": "house rule: a maximum bet (blog.ulifestyle.com.hk, "
                   "onecybertech.com Goldflower, ion-casino.org)"},
                  in_play=betting, later=True),
        FieldText("stakes.pot_limit", lambda p: p.stakes.pot_limit, pot_limit,
                  {"null": "000, 002, 003", "*": "house rule: Teen Patti's pot limit (gametionglobal.com, "
                   "jungleeteenpatti.com, mega888.com.ph)"},
                  in_play=betting, later=True),
        FieldText("stakes.raised_out", lambda p: p.stakes.raised_out, raised_out,
                  {"false": "000, 002, 003", "true": "globalnet.co.uk/~jamiec (raised out of the game)"},
                  in_play=betting, later=True, choices={
                      True: "a player who only matches the level is out of the hand if the next bet raises it",
                      False: "matching the level is always safe: a raise puts nobody out"}),
    ),
    sections=((30, stakes_section), (31, forced_section)),
)
