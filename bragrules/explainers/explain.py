"""Every rule of a profile in plain words: the sentences, areas and sources.

This module is the one place that says, in English, what a field's value
means at the table. ``bragrules diff`` prints these sentences next to the
values that differ; ``bragrules rulebook`` builds its paragraphs from them.

>>> explain("seeing.tie", "caller_loses")
'a tie goes against the player who called the see'
>>> explain("seeing.tie", "split")
'a tied see splits the pot'
>>> explain("stakes.ante", 1)
'every player antes 1 for each fresh deal, carried deals included'
>>> explain("stakes.raise_limit.amount", 5, {"stakes": {"raise_limit": {"kind": "max_increase"}}})
'each raise adds at most 5 to the level'

A sentence may depend on the rest of the profile (what a see costs depends
on both the multiple and the basis); pass the profile, or its
``model_dump(mode="json")``, as the context. Without one, the defaults of
an empty profile are assumed.

Each field path belongs to a rule area (:func:`area_of`) and, where known,
comes from a source (:func:`source_of`): the rule texts 000, 002 and 003,
pagat, Hoyle, Wikipedia or a house rule.

>>> area_of("folding.blind_survivor"), area_of("blind.retention")
('carry-over', 'blind play')
>>> source_of("seeing.tie", "caller_loses"), source_of("seeing.tie", "eldest_hand")
('000, 002, 003', 'pagat (Three-Stake Brag)')
"""

from __future__ import annotations

import re
import typing
from fractions import Fraction
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from bragrules.core.money import format_money, parse_money, pretty_money
from bragrules.profile.models import Profile, unwrap_annotation

__all__ = [
    "AREA_ORDER",
    "AREA_TITLES",
    "CATEGORY_NAMES",
    "CHOICES",
    "METADATA",
    "SENTENCES",
    "SOURCES",
    "area_of",
    "capitalise",
    "choices_of",
    "describe_field",
    "explain",
    "fallback_sentence",
    "field_info",
    "field_paths",
    "get_value",
    "in_play",
    "money_text",
    "number_word",
    "play_direction",
    "people_value",
    "show_value",
    "source_of",
    "times_text",
]

Context = Union[Profile, Mapping[str, Any], None]
Sentence = Callable[[Any, "_Ctx"], str]

# ---------------------------------------------------------------------------
# The model tree
# ---------------------------------------------------------------------------


def _is_model(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def _walk(model: type, prefix: str = "") -> List[Tuple[str, FieldInfo]]:
    found: List[Tuple[str, FieldInfo]] = []
    for name, info in model.model_fields.items():  # type: ignore[attr-defined]
        path = f"{prefix}{name}"
        inner = unwrap_annotation(info.annotation)
        if _is_model(inner):
            found.extend(_walk(inner, path + "."))
        else:
            found.append((path, info))
    return found


_FIELDS: Dict[str, FieldInfo] = dict(_walk(Profile))


def field_paths() -> List[str]:
    """Every leaf field of a profile as a dotted path, in the model's order.

    >>> paths = field_paths()
    >>> paths[:3], "stakes.raise_limit.amount" in paths, "stakes.raise_limit" in paths
    (['name', 'description', 'source'], True, False)
    """
    return list(_FIELDS)


def field_info(path: str) -> FieldInfo:
    """The pydantic field at ``path`` (KeyError if there is none)."""
    return _FIELDS[path]


def describe_field(path: str) -> str:
    """The field's own description from the schema."""
    return (_FIELDS[path].description or path).strip()


def choices_of(path: str) -> Optional[Tuple[Any, ...]]:
    """The values a field may take when it is a choice (a Literal or a bool), else None."""
    annotation = unwrap_annotation(_FIELDS[path].annotation)
    if annotation is bool:
        return (True, False)
    if typing.get_origin(annotation) is typing.Literal:
        return tuple(typing.get_args(annotation))
    return None


def get_value(data: Mapping[str, Any], path: str) -> Any:
    """The value at a dotted path of a dumped profile (KeyError if absent)."""
    current: Any = data
    for part in path.split("."):
        current = current[part]
    return current


# ---------------------------------------------------------------------------
# Areas
# ---------------------------------------------------------------------------

METADATA = ("name", "description", "source", "extends")
"""Fields that describe a profile rather than a rule."""

_AREA_OF_TOP = {
    "table": "table",
    "pack": "pack",
    "ranking": "ranking",
    "stakes": "stakes",
    "seeing": "seeing",
    "folding": "carry-over",
    "blind": "blind play",
    "session": "session",
    "disputes": "disputes",
    "format": "format",
}

AREA_ORDER: Tuple[str, ...] = (
    "table",
    "pack",
    "ranking",
    "stakes",
    "blind play",
    "seeing",
    "carry-over",
    "session",
    "format",
    "disputes",
)
"""The rule areas in the order a table explains the game."""

AREA_TITLES: Dict[str, str] = {
    "metadata": "Profile",
    "table": "Table and deal",
    "pack": "The pack",
    "ranking": "Hand ranking",
    "stakes": "Stakes and betting",
    "blind play": "Blind play",
    "seeing": "The see",
    "carry-over": "Folding and carried pots",
    "session": "Sessions and scoring",
    "format": "Format",
    "disputes": "Disputes",
}


def area_of(path: str) -> str:
    """The rule area of a field path: ``"metadata"`` for name, description, source, extends.

    >>> area_of("stakes.raise_limit.kind"), area_of("name")
    ('stakes', 'metadata')
    """
    top = path.split(".", 1)[0]
    if top in METADATA:
        return "metadata"
    return _AREA_OF_TOP[top]


# ---------------------------------------------------------------------------
# Words for values
# ---------------------------------------------------------------------------

CATEGORY_NAMES: Dict[str, str] = {
    "prial": "prial",
    "running_flush": "running flush",
    "run": "run",
    "flush": "flush",
    "pair": "pair",
    "high_card": "high card",
}

_SMALL = {
    1: "one",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
}


def _amount(value: Any) -> Fraction:
    return value if isinstance(value, Fraction) else parse_money(value)


def money_text(value: Any) -> str:
    """An amount as people read it: ``5``, ``2½`` (a profile writes ``5/2``).

    >>> money_text("5/2"), money_text(4), money_text(Fraction(1, 2))
    ('2½', '4', '½')
    """
    return pretty_money(_amount(value))


def times_text(value: Any) -> str:
    """A multiple in words: ``once``, ``twice``, ``three times``, ``2½ times``."""
    amount = _amount(value)
    if amount == 1:
        return "once"
    if amount == 2:
        return "twice"
    if amount.denominator == 1 and amount.numerator in _SMALL:
        return f"{_SMALL[amount.numerator]} times"
    return f"{pretty_money(amount)} times"


def _share_of(value: Any) -> str:
    """A share of something: ``half``, ``a third of``, ``all of``, ``⅗ of``."""
    amount = _amount(value)
    words = {
        Fraction(1): "all of",
        Fraction(1, 2): "half",
        Fraction(1, 3): "a third of",
        Fraction(1, 4): "a quarter of",
        Fraction(2, 3): "two thirds of",
        Fraction(3, 4): "three quarters of",
    }
    return words.get(amount, f"{pretty_money(amount)} of")


def _count(n: int, one: str, many: Optional[str] = None) -> str:
    word = one if n == 1 else (many or one + "s")
    return f"{n} {word}"


def number_word(n: int) -> str:
    return _SMALL.get(n, str(n))


def people_value(value: Any) -> str:
    """A value for people to read: :func:`show_value`, with amounts written as everywhere
    else for people (``2½``, not ``5/2``).

    >>> people_value("5/2"), people_value(Fraction(1, 3)), people_value(["a", "3/4"]), people_value(True)
    ('2½', '⅓', '[a, ¾]', 'true')
    """
    if isinstance(value, Fraction):
        return pretty_money(value)
    if isinstance(value, str) and _FRACTION_TEXT.fullmatch(value):
        return pretty_money(Fraction(value))
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(people_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {people_value(v)}" for k, v in value.items()) + "}"
    return show_value(value)


_FRACTION_TEXT = re.compile(r"-?\d+/[1-9]\d*")


def show_value(value: Any) -> str:
    """A value as a profile author writes it in YAML.

    >>> show_value(None), show_value(True), show_value(["prial", "high_card"]), show_value("5/2")
    ('null', 'true', '[prial, high_card]', '5/2')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Fraction):
        return format_money(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {show_value(v)}" for k, v in value.items()) + "}"
    return str(value)


def _cards_text(cards: Sequence[str]) -> str:
    from bragrules.core.cards import parse_card

    return ", ".join(parse_card(c).symbol for c in cards)


def _rank_plural(text: str) -> str:
    from bragrules.core.cards import RANK_PLURALS, parse_rank

    return RANK_PLURALS[parse_rank(text)]


def _join(words: Sequence[str], last: str = "and") -> str:
    words = list(words)
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def capitalise(text: str) -> str:
    """The first letter upper case, the rest untouched."""
    return text[:1].upper() + text[1:] if text else text


# ---------------------------------------------------------------------------
# The context: the rest of the profile
# ---------------------------------------------------------------------------

_DEFAULTS: Dict[str, Any] = Profile.model_validate({}).model_dump(mode="json")


class _Ctx:
    """Read other fields of the profile a value belongs to."""

    def __init__(self, context: Context) -> None:
        if isinstance(context, Profile):
            self.data: Mapping[str, Any] = context.model_dump(mode="json")
        elif context is None:
            self.data = _DEFAULTS
        else:
            self.data = context

    def __call__(self, path: str) -> Any:
        try:
            return get_value(self.data, path)
        except (KeyError, TypeError, IndexError):
            return get_value(_DEFAULTS, path)


# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------

SENTENCES: Dict[str, Sentence] = {}
"""A sentence function for every field path: ``(value, context) -> str``."""

CHOICES: Dict[str, Dict[Any, Union[str, Sentence]]] = {}
"""For fields that are choices: a sentence (or sentence function) per value."""


def _choice(path: str, table: Dict[Any, Union[str, Sentence]]) -> None:
    CHOICES[path] = table

    def sentence(value: Any, ctx: _Ctx) -> str:
        found = table[value]
        return found(value, ctx) if callable(found) else found

    SENTENCES[path] = sentence


def _rule(path: str) -> Callable[[Sentence], Sentence]:
    """Register a sentence function; for a choice field, it speaks for every value."""

    def register(function: Sentence) -> Sentence:
        SENTENCES[path] = function
        values = choices_of(path)
        if values is not None:
            CHOICES[path] = {value: function for value in values}
        return function

    return register


# -- metadata ---------------------------------------------------------------


@_rule("name")
def _name(value: Any, ctx: _Ctx) -> str:
    return f"the profile is called {value}"


@_rule("description")
def _description(value: Any, ctx: _Ctx) -> str:
    return f"it plays {value}" if value else "it has no description"


@_rule("source")
def _source(value: Any, ctx: _Ctx) -> str:
    return f"its rules come from {value}" if value else "it names no source"


@_rule("extends")
def _extends(value: Any, ctx: _Ctx) -> str:
    return f"it builds on {_join(list(value))}" if value else "it builds on no other profile"


# -- table ------------------------------------------------------------------


@_rule("table.min_players")
def _min_players(value: Any, ctx: _Ctx) -> str:
    return f"the game needs at least {_count(value, 'player')}"


@_rule("table.max_players")
def _max_players(value: Any, ctx: _Ctx) -> str:
    return f"at most {_count(value, 'player')} may sit in"


_choice(
    "table.first_dealer",
    {
        "random": "the first dealer is chosen at random",
        "first_seat": "the first dealer is the first seat, as agreed at the table",
    },
)
_choice(
    "table.rotation",
    {
        "clockwise": "the deal passes one place clockwise after each deal",
        "anticlockwise": "the deal passes one place anticlockwise after each deal",
        "fixed": "the same player deals every hand",
    },
)
def play_direction(context: Context = None) -> str:
    """Which way play goes round the table: ``"clockwise from the dealer's left"``,
    or ``"anticlockwise from the dealer's right"`` when the deal passes that way."""
    if _Ctx(context)("table.rotation") == "anticlockwise":
        return "anticlockwise from the dealer's right"
    return "clockwise from the dealer's left"


@_rule("table.deal")
def _deal(value: Any, ctx: _Ctx) -> str:
    direction = play_direction(ctx.data)
    if value == "in_batches":
        return f"each player's cards are dealt in one batch, {direction}"
    return f"cards are dealt one at a time, {direction}"
_choice(
    "table.cut",
    {
        True: "the player on the dealer's right cuts the pack after each shuffle",
        False: "the pack is not cut",
    },
)

# -- pack -------------------------------------------------------------------


@_rule("pack.jokers")
def _jokers(value: Any, ctx: _Ctx) -> str:
    if not value:
        return "the pack is the 52 cards, without jokers"
    return f"the pack is the 52 cards and {number_word(value)} {'joker' if value == 1 else 'jokers'}"


_choice(
    "pack.shuffle",
    {
        "every_deal": "the pack is shuffled before every deal",
        "after_prial_showdown": "the pack is shuffled before the first deal, then only after a "
        "showdown won by a prial",
        "first_deal_only": "the pack is shuffled only before the first deal",
    },
)

# -- ranking ----------------------------------------------------------------


@_rule("ranking.category_order")
def _category_order(value: Any, ctx: _Ctx) -> str:
    names = [CATEGORY_NAMES[c] for c in value]
    text = "hands rank, from highest: " + ", ".join(names)
    missing = [CATEGORY_NAMES[c] for c in CATEGORY_NAMES if c not in value]
    if missing:
        text += f" ({_join(missing, 'or')} not ranked: such hands count as the best listed category they make, or high card)"
    return text


_choice(
    "ranking.prial_order",
    {
        "threes_high": "3-3-3 is the best prial, then A-A-A, K-K-K down to 2-2-2",
        "ace_high": "A-A-A is the best prial, then K-K-K down to 2-2-2",
    },
)
_choice(
    "ranking.run_order",
    {
        "a23_high": "A-2-3 is the best run, then A-K-Q, K-Q-J down to 4-3-2; K-A-2 is no run",
        "akq_high": "A-K-Q is the best run, down to 4-3-2 and A-2-3 the lowest; K-A-2 is no run",
    },
)
_choice(
    "ranking.suits_break_ties",
    {
        True: "suits decide between hands that are otherwise equal",
        False: "suits never break ties",
    },
)


@_rule("ranking.suit_order")
def _suit_order(value: Any, ctx: _Ctx) -> str:
    text = "suits rank " + ", ".join(value) + ", highest first"
    if not ctx("ranking.suits_break_ties") and ctx("seeing.tie") != "suits":
        text += " (used only when suits decide ties)"
    return text


@_rule("ranking.wild.cards")
def _wild_cards(value: Any, ctx: _Ctx) -> str:
    if not value:
        return "no card is wild by name"
    return f"the {_cards_text(value)} {'is' if len(value) == 1 else 'are'} wild"


@_rule("ranking.wild.ranks")
def _wild_ranks(value: Any, ctx: _Ctx) -> str:
    if not value:
        return "no rank is wild"
    return "all " + _join([_rank_plural(r) for r in value]) + " are wild"


@_rule("ranking.wild.jokers")
def _wild_jokers(value: Any, ctx: _Ctx) -> str:
    text = "jokers are wild" if value else "jokers are not wild"
    if not ctx("pack.jokers"):
        text += " (the pack has none)"
    return text


_choice(
    "ranking.wild.natural_beats_wild",
    {
        True: "a natural hand beats an equal hand made with wild cards",
        False: "a natural hand and an equal hand made with wild cards tie",
    },
)

# -- stakes -----------------------------------------------------------------


@_rule("stakes.ante")
def _ante(value: Any, ctx: _Ctx) -> str:
    if _amount(value) == 0:
        return "nobody antes"
    return f"every player antes {money_text(value)} for each fresh deal, carried deals included"


@_rule("stakes.blind_rate")
def _blind_rate(value: Any, ctx: _Ctx) -> str:
    share = _share_of(value)
    if share == "all of":
        return "a blind player pays the full seen level, the same as a seen player"
    return f"a blind player pays {share} the seen level"


@_rule("stakes.level_step")
def _level_step(value: Any, ctx: _Ctx) -> str:
    if _amount(value) == 1:
        return "betting levels are whole numbers"
    return f"betting levels go in steps of {money_text(value)}"


@_rule("stakes.opening_min")
def _opening_min(value: Any, ctx: _Ctx) -> str:
    return f"the first bet opens the level at {money_text(value)} or more"


@_rule("stakes.opening_max")
def _opening_max(value: Any, ctx: _Ctx) -> str:
    if value is None:
        return "the opening level has no maximum"
    return f"the first bet opens the level at {money_text(value)} at most"


def _raise_amount_text(kind: str, amount: Any) -> str:
    if kind == "max_increase":
        return f"each raise adds at most {money_text(amount)} to the level"
    if kind == "fixed":
        return f"each raise adds exactly {money_text(amount)} to the level"
    if kind == "pot":
        return "each raise adds at most the pot, as it stands before the bet, to the level"
    return "raises are unlimited"


@_rule("stakes.raise_limit.kind")
def _raise_kind(value: Any, ctx: _Ctx) -> str:
    amount = ctx("stakes.raise_limit.amount")
    if value in ("max_increase", "fixed") and amount is None:  # only without a profile to read
        return "each raise adds at most a set amount to the level" if value == "max_increase" else (
            "each raise adds exactly a set amount to the level"
        )
    return _raise_amount_text(value, amount)


_choice(
    "stakes.raise_limit.pot_opening",
    {
        "capped": "under pot limit the opening bet is capped too: its level is at most the pot as it stands",
        "free": "under pot limit only raises are capped: the opening bet is free",
    },
)


@_rule("stakes.raise_limit.amount")
def _raise_amount(value: Any, ctx: _Ctx) -> str:
    kind = ctx("stakes.raise_limit.kind")
    if value is None:
        return "no raise amount is set"
    if kind in ("max_increase", "fixed"):
        return _raise_amount_text(kind, value)
    return f"a raise amount of {money_text(value)} is set but unused"


_choice(
    "stakes.check",
    {
        "never": "nobody may check: every turn is a bet, a see or a fold",
        "before_first_bet": "a player may check while nobody has bet; if everyone checks, the pot carries",
    },
)

# -- seeing -----------------------------------------------------------------


def _see_cost_text(multiple: Any, basis: str, blind_rate: Any) -> str:
    times = times_text(multiple)
    if basis == "opponent_last_bet":
        return f"a see costs {times} the other player's last bet"
    blind_share = _amount(multiple) * _amount(blind_rate)
    if blind_share == 1:
        blind = "the level"
    else:
        blind = f"{times_text(blind_share)} the level"
    return (
        f"a see costs {times} the caller's own rate: a seen caller pays {times} the level, "
        f"a blind caller {blind}"
    )


@_rule("seeing.cost_multiple")
def _cost_multiple(value: Any, ctx: _Ctx) -> str:
    return _see_cost_text(value, ctx("seeing.cost_basis"), ctx("stakes.blind_rate"))


@_rule("seeing.cost_basis")
def _cost_basis(value: Any, ctx: _Ctx) -> str:
    return _see_cost_text(ctx("seeing.cost_multiple"), value, ctx("stakes.blind_rate"))


def _may_see(caller: str, opponent: str) -> Dict[Any, Union[str, Sentence]]:
    return {
        True: f"a {caller} player may see a {opponent} player",
        False: f"a {caller} player may not see a {opponent} player",
    }


_choice("seeing.seen_sees_seen", _may_see("seen", "seen"))
_choice("seeing.seen_sees_blind", _may_see("seen", "blind"))
_choice("seeing.blind_sees_seen", _may_see("blind", "seen"))
_choice("seeing.blind_sees_blind", _may_see("blind", "blind"))
_choice(
    "seeing.exposure",
    {
        "opponent_first": "at a see the opponent shows first; two blind players turn their cards "
        "alternately, the opponent first",
        "caller_first": "at a see the caller shows first; two blind players turn their cards "
        "alternately, the caller first",
    },
)
_choice(
    "seeing.concede_unseen",
    {
        True: "at a see the player who shows second may concede without showing, once the first hand is turned",
        False: "at a see both hands are shown",
    },
)
_choice(
    "seeing.tie",
    {
        "caller_loses": "a tie goes against the player who called the see",
        "split": "a tied see splits the pot",
        "suits": lambda value, ctx: "a tied see is decided by suits ("
        + ", ".join(ctx("ranking.suit_order"))
        + ", highest first)",
        "eldest_hand": "a tied see goes to the player nearer the dealer's left",
    },
)

# -- folding ----------------------------------------------------------------

_choice(
    "folding.blind_survivor",
    {
        "collects": "a blind player whose opponents all fold takes the pot",
        "carries": "a blind player whose opponents all fold does not collect: the whole pot "
        "carries into the next deal",
    },
)
_choice(
    "folding.nobody_bet",
    {
        "last_player_wins": "if everyone folds before anybody bets, the last player takes the antes",
        "carries": "if everyone folds before anybody bets, the pot carries to the next deal",
    },
)

# -- blind play -------------------------------------------------------------

_choice(
    "blind.allowed",
    {
        True: "a player may play blind, betting without looking at their cards",
        False: "blind play is not allowed: everyone looks at their cards at once",
    },
)
_choice(
    "blind.look",
    {
        "own_turn": "a blind player may look only at their own turn, before acting",
        "any_time": "a blind player may look at any time",
    },
)
_choice(
    "blind.retention",
    {
        True: "a blind player left alone may keep the unseen hand into the next deal and hold two hands",
        False: "no unseen hand is kept into the next deal",
    },
)
_choice(
    "blind.retain_default",
    {
        "retain": "a blind survivor who says nothing keeps the unseen hand",
        "release": "a blind survivor who says nothing lets the unseen hand go under the pack",
    },
)
_choice(
    "blind.retain_of_two",
    {
        "choice": "a blind survivor holding two unseen hands keeps the one they choose (the newer if they say nothing)",
        "newer": "a blind survivor holding two unseen hands keeps the newer one",
        "older": "a blind survivor holding two unseen hands keeps the older one",
    },
)

# -- session ----------------------------------------------------------------


def _end_text(kind: str, count: Optional[int]) -> str:
    if kind == "resolved_pots":
        return f"the session ends after {_count(count or 0, 'resolved pot')}, carried deals not counting"
    if kind == "hands":
        return f"the session ends after {_count(count or 0, 'deal')}, carried deals included"
    if kind == "one_player_left":
        return "the session ends when one player holds every chip"
    if kind == "time":
        minutes = f"{count} minute{'s' if count != 1 else ''}" if count else "the time limit"
        return f"the session ends with the first deal that finishes after {minutes}, once no pot is carried"
    return "the session runs until the table stops"


@_rule("session.end.kind")
def _end_kind(value: Any, ctx: _Ctx) -> str:
    return _end_text(value, ctx("session.end.minutes") if value == "time" else ctx("session.end.count"))


@_rule("session.end.minutes")
def _end_minutes(value: Any, ctx: _Ctx) -> str:
    if value is None:
        return "no time limit is set"
    if ctx("session.end.kind") == "time":
        return _end_text("time", value)
    return f"a time limit of {value} minutes is set but unused"


@_rule("session.end.count")
def _end_count(value: Any, ctx: _Ctx) -> str:
    kind = ctx("session.end.kind")
    if value is None:
        return "no number of deals or pots is set"
    if kind in ("resolved_pots", "hands"):
        return _end_text(kind, value)
    return f"a count of {value} is set but unused"


@_rule("session.bankroll")
def _bankroll(value: Any, ctx: _Ctx) -> str:
    if value == "finite":
        return f"each player starts with {money_text(ctx('session.starting_stack'))} chips and can lose no more"
    return "balances are kept as accounts and may go below zero"


@_rule("session.starting_stack")
def _starting_stack(value: Any, ctx: _Ctx) -> str:
    if _amount(value) == 0:
        return "players start with no chips"
    return f"each player starts with {money_text(value)} chips"


_choice(
    "session.covering",
    {
        "side_pot": "a player who cannot pay what a turn costs goes all in and a side pot is formed",
        "must_fold": "a player who cannot pay what a turn costs must fold",
    },
)


def _bonus_holder(hand: str, ctx: _Ctx) -> str:
    if ctx("session.bonus.when") == "dealt":
        return f"a player who gets {hand} (declared on looking at it, or shown)"
    return f"a player who shows {hand} at a showdown"


@_rule("session.bonus.prial")
def _bonus_prial(value: Any, ctx: _Ctx) -> str:
    if _amount(value) == 0:
        return "a prial earns no bonus"
    return f"{_bonus_holder('a prial', ctx)} collects {money_text(value)} from every other player"


@_rule("session.bonus.running_flush")
def _bonus_running_flush(value: Any, ctx: _Ctx) -> str:
    if _amount(value) == 0:
        return "a running flush earns no bonus"
    return f"{_bonus_holder('a running flush', ctx)} collects {money_text(value)} from every other player"


_choice(
    "session.bonus.when",
    {
        "shown": "a bonus is earned by a hand shown at a showdown",
        "dealt": "a bonus is earned by a hand as soon as its holder looks at it, whatever happens after",
    },
)


# -- disputes ---------------------------------------------------------------

@_rule("disputes.exposure_before_betting")
def _exposure_before(value: Any, ctx: _Ctx) -> str:
    when = "before any betting" if ctx("format.betting") else "before the showdown"
    if value == "continue":
        return f"if a player's cards are seen by accident {when}, play continues"
    text = f"if a player's cards are seen by accident {when}, that player may demand a redeal"
    if _amount(ctx("stakes.ante")):
        text += " with all antes returned"
    return text

_choice(
    "disputes.exposure_after_betting",
    {
        "continue": "once betting has begun an accidental exposure is no misdeal: the player "
        "folds or continues as they choose",
        "redeal": "even once betting has begun, an accidental exposure means a redeal",
    },
)
@_rule("disputes.deliberate_look")
def _deliberate_look(value: Any, ctx: _Ctx) -> str:
    if value == "continue":
        return "a player who deliberately looks at another's cards plays on"
    if ctx("format.betting"):
        return "a player who deliberately looks at another's cards must fold, their bets staying in the pot"
    return "a player who deliberately looks at another's cards must fold"


# -- format -----------------------------------------------------------------


@_rule("format.cards_dealt")
def _cards_dealt(value: Any, ctx: _Ctx) -> str:
    hands = ctx("format.hands")
    text = f"each player is dealt {number_word(value)} cards"
    spare = value - 3 * hands
    if hands == 1 and spare:
        text += " and the best three play"
    return text


@_rule("format.hands")
def _hands(value: Any, ctx: _Ctx) -> str:
    if value == 1:
        return "each player plays one three-card hand"
    return f"each player makes {number_word(value)} three-card hands from the cards dealt"


_choice(
    "format.hand_order",
    {
        "free": "a player sets out several hands in any order they like",
        "strongest_first": "a player sets out several hands with the stronger first",
    },
)
_choice(
    "format.win_rule",
    {
        "all": "with several hands, a player takes the pot only by winning all of them; "
        "otherwise the pot carries",
        "majority": "with several hands, a player takes the pot by winning most of them; "
        "otherwise the pot carries",
    },
)
_choice(
    "format.tied_hand",
    {
        "nobody": "with several hands, a tied hand is won by nobody",
        "against_caller": "with several hands, a tied hand goes against the caller",
    },
)
_choice(
    "format.discard_breaks_ties",
    {
        True: "equal best threes are decided by the discarded cards",
        False: "the discarded cards never break a tie",
    },
)
_choice(
    "format.betting",
    {
        True: "players bet on their hands",
        False: "there is no betting: every deal goes straight to a showdown of all hands",
    },
)


@_rule("format.lives")
def _lives(value: Any, ctx: _Ctx) -> str:
    if value is None:
        return "there are no lives: every deal is played for a pot"
    return (
        f"each player has {_count(value, 'life', 'lives')}; the lowest hand at each showdown "
        "loses one, and the last player with a life wins"
    )


_choice(
    "format.lowest_tie",
    {
        "all_lose": "equal lowest hands each lose a life",
        "none_lose": "equal lowest hands lose no life",
    },
)
_choice(
    "format.exchange.enabled",
    {
        True: "players swap cards with face-up cards in the centre (Stop the Bus)",
        False: "no cards are exchanged",
    },
)


@_rule("format.exchange.centre_cards")
def _centre_cards(value: Any, ctx: _Ctx) -> str:
    return f"{number_word(value)} {'card lies' if value == 1 else 'cards lie'} face up in the centre"


_choice(
    "format.exchange.swap",
    {
        "one": "a turn swaps one card with the centre",
        "three": "a turn swaps all three cards with the centre",
        "one_or_three": "a turn swaps one card or all three with the centre",
    },
)


# ---------------------------------------------------------------------------
# Explaining
# ---------------------------------------------------------------------------


def fallback_sentence(path: str, value: Any) -> str:
    """``<field description>: <value>``, for a path with no sentence of its own."""
    description = describe_field(path).rstrip(".") if path in _FIELDS else path
    return f"{description}: {show_value(value)}"


def explain(path: str, value: Any, context: Context = None) -> str:
    """A plain sentence (lower case, no full stop) for ``value`` at ``path``.

    ``context`` is the profile the value belongs to (a :class:`Profile` or its
    JSON dump); fields whose meaning depends on others read them from it.

    >>> explain("seeing.cost_basis", "opponent_last_bet")
    "a see costs twice the other player's last bet"
    >>> explain("blind.allowed", False)
    'blind play is not allowed: everyone looks at their cards at once'
    """
    function = SENTENCES.get(path)
    if function is None:
        return fallback_sentence(path, value)
    try:
        return function(value, _Ctx(context))
    except (KeyError, TypeError, ValueError):
        return fallback_sentence(path, value)


# ---------------------------------------------------------------------------
# In play or not
# ---------------------------------------------------------------------------


def in_play(path: str, context: Context = None) -> bool:
    """Whether a field changes anything at the table under the given profile.

    Some fields only matter together with others: a raise amount without a
    capped raise, a suit order while suits never decide, Crash's tied lowest
    hands in a pot game.

    >>> in_play("stakes.raise_limit.amount"), in_play("ranking.suit_order")
    (False, False)
    >>> in_play("stakes.raise_limit.amount", {"stakes": {"raise_limit": {"kind": "fixed", "amount": 2}}})
    True
    """
    ctx = _Ctx(context)
    top = path.split(".", 1)[0]
    if top in METADATA:
        return True
    betting = bool(ctx("format.betting"))
    several = ctx("format.hands") > 1
    blind = ctx("blind.allowed")
    if path == "stakes.raise_limit.amount":
        return betting and ctx("stakes.raise_limit.kind") in ("max_increase", "fixed")
    if path == "stakes.raise_limit.pot_opening":
        return betting and ctx("stakes.raise_limit.kind") == "pot"
    if path in ("blind.retain_default", "blind.retain_of_two"):
        return bool(blind) and betting and bool(ctx("blind.retention"))
    if path == "session.end.minutes":
        return bool(ctx("session.end.kind") == "time")
    if path == "session.bonus.when":
        return bool(betting) and (_amount(ctx("session.bonus.prial")) > 0
                                  or _amount(ctx("session.bonus.running_flush")) > 0)
    if path == "ranking.suit_order":
        return bool(ctx("ranking.suits_break_ties")) or (betting and ctx("seeing.tie") == "suits")
    if path == "ranking.wild.jokers":
        return bool(ctx("pack.jokers") > 0)
    if path == "stakes.ante":  # without betting, an ante of nothing says nothing
        return bool(betting) or _amount(ctx("stakes.ante")) != 0
    if path == "ranking.run_order":
        order = ctx("ranking.category_order") or []
        return "run" in order or "running_flush" in order
    if path == "ranking.prial_order":
        return "prial" in (ctx("ranking.category_order") or [])
    if path == "ranking.wild.natural_beats_wild":
        return bool(ctx("ranking.wild.cards") or ctx("ranking.wild.ranks") or ctx("pack.jokers"))
    if top == "stakes" and path != "stakes.ante":
        if not betting:
            return False
        if path == "stakes.blind_rate":
            return bool(blind)
        return True
    if top == "seeing":
        if not betting:
            return False
        if path in ("seeing.blind_sees_seen", "seeing.blind_sees_blind", "seeing.seen_sees_blind"):
            return bool(blind)
        return True
    if top == "folding":
        if not betting:
            return False
        if path == "folding.blind_survivor":
            return bool(blind)
        return True
    if path in ("blind.look", "blind.retention"):
        return bool(blind) and betting
    if path == "blind.allowed":
        return betting
    if path == "session.end.count":
        return ctx("session.end.kind") in ("resolved_pots", "hands")
    if path in ("session.starting_stack", "session.covering"):
        return bool(ctx("session.bankroll") == "finite")
    if path.startswith("session.bonus."):
        return betting or ctx("format.lives") is None
    if path in ("format.hand_order", "format.win_rule", "format.tied_hand"):
        return bool(several)
    if path == "format.discard_breaks_ties":
        return ctx("format.cards_dealt") > 3 * ctx("format.hands") and not several
    if path == "format.lowest_tie":
        return ctx("format.lives") is not None
    if path in ("format.exchange.centre_cards", "format.exchange.swap"):
        return bool(ctx("format.exchange.enabled"))
    if path in ("disputes.exposure_after_betting",):
        return betting
    return True


# ---------------------------------------------------------------------------
# Sources
# ---------------------------------------------------------------------------

# For each path: what each value's source is (keyed by show_value), and "*"
# for the field as a whole. The marks are those of docs/variants.md: the
# rule texts 000 (the general rules page), 002 (the traditional profile
# text), 003 (the cardgames.zone rules page), pagat, Hoyle, Wikipedia, and
# house rules.
SOURCES: Dict[str, Dict[str, str]] = {
    "name": {"*": "the profile itself"},
    "description": {"*": "the profile itself"},
    "source": {"*": "the profile itself"},
    "extends": {"*": "the profile itself"},
    "table.min_players": {"3": "000", "2": "003", "*": "house rule"},
    "table.max_players": {"8": "000, 003", "*": "000, 003: 8; fewer where the cards run short"},
    "table.first_dealer": {"random": "002", "first_seat": "000 (a designated dealer)"},
    "table.rotation": {
        "clockwise": "000, 002, 003",
        "anticlockwise": "house rule",
        "fixed": "house rule",
    },
    "table.deal": {"singly": "000, 002, 003", "in_batches": "house rule"},
    "table.cut": {"true": "000", "false": "house rule (003 mentions no cut)"},
    "pack.jokers": {"0": "002, 003", "*": "jokers as wild cards: 003's wild-card variant, house rule"},
    "pack.shuffle": {
        "every_deal": "000",
        "after_prial_showdown": "002",
        "first_deal_only": "house rule",
    },
    "ranking.category_order": {
        "[prial, running_flush, run, flush, pair, high_card]": "000, 002, 003",
        "*": "older orders: house rule",
    },
    "ranking.prial_order": {"threes_high": "000, 002, 003", "ace_high": "house rule (Teen Patti style)"},
    "ranking.run_order": {"a23_high": "000, 002, 003", "akq_high": "house rule"},
    "ranking.suits_break_ties": {"false": "002", "true": "house rule"},
    "ranking.suit_order": {"*": "house rule"},
    "ranking.wild.cards": {"[]": "000, 002, 003", "*": "the traditional braggers: pagat, Hoyle"},
    "ranking.wild.ranks": {"[]": "000, 002, 003", "[2]": "003's wild-card variant", "*": "003's wild-card variant"},
    "ranking.wild.jokers": {"*": "house rule"},
    "ranking.wild.natural_beats_wild": {"true": "Hoyle", "false": "house rule"},
    "stakes.ante": {"1": "002", "5": "003's example", "0": "000's Crash", "*": "000: an agreed ante"},
    "stakes.blind_rate": {"1/2": "000, 002, 003", "*": "house rule"},
    "stakes.level_step": {"1": "002", "*": "house rule"},
    "stakes.opening_min": {"1": "002", "*": "house rule"},
    "stakes.opening_max": {"5": "002", "null": "000, 003", "*": "house rule"},
    "stakes.raise_limit.kind": {
        "none": "000, 003",
        "max_increase": "002; 003's fixed-limit variant (a cap on each raise)",
        "fixed": "house rule",
        "pot": "003's pot-limit variant",
    },
    "stakes.raise_limit.pot_opening": {"capped": "the usual pot-limit convention", "free": "003's literal words"},
    "stakes.raise_limit.amount": {"5": "002", "null": "000, 003", "*": "house rule"},
    "stakes.check": {"never": "000, 002, 003", "before_first_bet": "000's house-rule exception"},
    "seeing.cost_multiple": {"2": "000, 002, 003", "*": "house rule"},
    "seeing.cost_basis": {"caller_rate": "002, 003", "opponent_last_bet": "000"},
    "seeing.seen_sees_seen": {"true": "000, 002, 003", "false": "house rule"},
    "seeing.seen_sees_blind": {"false": "000, 002, 003", "true": "house rule"},
    "seeing.blind_sees_seen": {"true": "002", "false": "house rule"},
    "seeing.blind_sees_blind": {"true": "002", "false": "000"},
    "seeing.exposure": {"opponent_first": "002", "caller_first": "house rule"},
    "seeing.concede_unseen": {"false": "000", "true": "house rule"},
    "seeing.tie": {
        "caller_loses": "000, 002, 003",
        "split": "house rule",
        "suits": "house rule",
        "eldest_hand": "pagat (Three-Stake Brag)",
    },
    "folding.blind_survivor": {"collects": "000, 003", "carries": "002"},
    "folding.nobody_bet": {"last_player_wins": "000, 002", "carries": "003's variant"},
    "blind.allowed": {"true": "000 (Blind Brag), 002, 003",
                      "false": "000 (by default everyone looks); 002 section 07 (seen-only practice)"},
    "blind.look": {"own_turn": "000, 002", "any_time": "003"},
    "blind.retention": {"true": "002 section 05", "false": "000, 003"},
    "blind.retain_default": {"retain": "002 section 05", "release": "house rule"},
    "blind.retain_of_two": {"*": "002 section 05 (only one; which one it does not say)"},
    "session.end.kind": {
        "resolved_pots": "002",
        "hands": "003",
        "one_player_left": "000",
        "time": "000 (a time limit)",
        "never": "000 (until the table stops)",
    },
    "session.end.minutes": {"null": "000, 002, 003", "*": "000: a time limit"},
    "session.end.count": {"null": "000", "8": "002, 003", "15": "003", "30": "003", "*": "house rule"},
    "session.bankroll": {"unlimited": "002", "finite": "003"},
    "session.starting_stack": {"0": "002 (accounts, no chips)", "500": "003", "1000": "003", "*": "003: 500 or 1000"},
    "session.covering": {"*": "house rule (a separate agreement, 002 section 07)"},
    "session.bonus.prial": {"0": "000, 002", "*": "003's bonus variant"},
    "session.bonus.running_flush": {"0": "000, 002", "*": "003's bonus variant"},
    "session.bonus.when": {"dealt": "003 (拿到, gets)", "shown": "house rule (shown at a see)"},
    "disputes.exposure_before_betting": {"redeal": "000", "continue": "house rule"},
    "disputes.exposure_after_betting": {"continue": "000", "redeal": "house rule"},
    "disputes.deliberate_look": {"fold": "000", "continue": "house rule"},
    "format.cards_dealt": {
        "3": "000, 002, 003",
        "4": "003 (Four-Card Brag)",
        "7": "000 (Seven-Card Brag)",
        "9": "000 (Nine-Card Brag)",
        "*": "house rule",
    },
    "format.hands": {"1": "000, 002, 003", "2": "000 (Seven-Card Brag)", "3": "000 (Nine-Card Brag)"},
    "format.hand_order": {"free": "000", "strongest_first": "house rule"},
    "format.win_rule": {"all": "000 (Seven-Card Brag)", "majority": "000 (Nine-Card Brag)"},
    "format.tied_hand": {"nobody": "000", "against_caller": "house rule"},
    "format.discard_breaks_ties": {"true": "pagat", "false": "003"},
    "format.betting": {"true": "000, 002, 003", "false": "000 (Crash); house rule"},
    "format.lives": {"null": "000, 002, 003", "3": "000 (Crash)", "*": "house rule over 000's Crash"},
    "format.lowest_tie": {"*": "house rule (000 is silent)"},
    "format.exchange.enabled": {"false": "000, 002", "true": "Wikipedia (Stop the Bus)"},
    "format.exchange.centre_cards": {"3": "Wikipedia", "*": "house rule"},
    "format.exchange.swap": {"*": "Wikipedia"},
}
"""Where each rule comes from, per path: a source per value, ``"*"`` for the field."""

_MISSING = object()


def source_of(path: str, value: Any = _MISSING) -> str:
    """Where a field (or one of its values) comes from; ``""`` if unknown.

    >>> source_of("pack.shuffle", "after_prial_showdown")
    '002'
    >>> source_of("stakes.ante", 3)
    '000: an agreed ante'
    """
    table = SOURCES.get(path, {})
    if value is not _MISSING:
        found = table.get(show_value(value))
        if found:
            return found
    if "*" in table:
        return table["*"]
    if value is _MISSING:
        return "; ".join(f"{k}: {v}" for k, v in table.items())
    return ""
