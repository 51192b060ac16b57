"""The questions the engine asks the rule areas, and the record of the betting they read.

A rule area's compiled policy (``rules.stakes``, ``rules.blind``, ...) answers
a small set of questions about the deal in progress. The engine asks them at
the points where a rule can decide, and never reads a profile field itself:

========================  =====================================  ===================================
question (hook)           asked by the engine                    answered by
========================  =====================================  ===================================
``level_bounds``          for the bet it offers and every bet    :class:`~bragrules.rules.stakes.StakesPolicy`
                          it checks (one list of bounds, so the
                          legal range and the refusal agree)
``refusal``               for every action kind it offers and    every area policy (default: none)
                          every action it checks
``see_cost``              for the see it offers and checks       :class:`~bragrules.rules.seeing.SeeingPolicy`
``rake``                  at the settlement of a pot won, when   :class:`~bragrules.rules.house.HousePolicy`
                          ``takes_rake`` (what the house takes
                          before the pot is paid out)
``posts``                 once a deal is dealt: what each seat   :class:`~bragrules.rules.forced_bets.ForcedPolicy`
                          posts before the betting (antes,       (``rules.forced``; None: every seat
                          boots, blinds, a dealer's stake)       antes ``stakes.ante``)
``forced_show``           after every bet and fold: whether the  every policy whose class answers it
                          hands of all still in are shown now    (``stakes.pot_limit``,
                          (the reason and the rule that forced   ``seeing.matched_showdown``)
                          it go into the deal's result)
``put_out``               after every raise: whether a player    every policy whose class answers it
                          is out of the hand by it (folded,      (``stakes.raised_out``)
                          their stakes left in the pot)
``side_pots``             at the settlement of every deal: the   :class:`~bragrules.rules.pots.PotsPolicy`
                          pots beside the deal's own, each with  (``rules.pots``; None when the profile
                          its ante and who takes it              has no side pot: a pot per hand, the
                                                                 best card, 31)
``score``, ``is_over``,   at the showdown of several hands: the  :class:`~bragrules.rules.points.PointsPolicy`
``winners``               deal's points from the hands each      (``rules.session.points``; None: no
                          won; between deals: whether the        points are kept, nothing is asked)
                          session is over, and who won it
``ending``                at the settlement of every deal        every policy whose class answers it
                          (not a redeal nor an abandoned hand):  (``format.lives``; the procedure's
                          an area's own kind of ending, with     steps: ``procedure.bust_card``, ...)
                          the rules that decided it and its
                          words (None: the engine's own kinds)
``life_payment``          at the settlement of a deal with       the policy whose ``pays_for_lives``
                          lives, for each life lost: what it     is true (``format.life_stake``)
                          pays into the session's pot of lives
                          (the last player left collects it)
========================  =====================================  ===================================

The record they read is the deal itself, seen through :class:`Betting`
and :class:`Bettor` (amounts in the deal's integer money units,
:mod:`bragrules.engine.units`): the level, the pot, the raises made, and for
each player whether they have looked and how many blind bets they made; for a
rule between neighbours (the side-show), how many are in, the previous player
still in, whether a player has bet, and whose side-show was just refused. A
policy never keeps state of its own: a policy is made once per profile and
shared by every deal, so what a rule counts is counted on the record.

Where the engine skips a question for speed, what decides it is derived, never listed by hand:
the hooks ``forced_show`` and ``put_out`` are asked of every policy whose class answers them (each
answers at once when its rule is off), and a fast path that leaves a policy out (``StakesPolicy.open_ended``,
``BlindPolicy.asks_refusal``, ``HousePolicy.in_play``) is taken only while the policy does not
depart (:func:`bragrules.core.derived.departs`) from its plain self, the policy of the default profile,
in any field but those declared unread by it. A new field is read until declared otherwise, so a new rule can never be left out of a fast
path: at worst the slow path runs.

A **bound** says what one rule allows for the level a bet sets: at least
``low``, at most ``high``, and (with ``step``) only ``low`` plus whole steps.
The legal range offered is the intersection of the bounds; an amount outside
it is refused by the first bound it breaks, in the order the area lists
them, with that bound's rule and words:

>>> RAISE, CAP = Rule("example.raise"), Rule("example.cap")
>>> bounds = [Bound(RAISE, low=4), Bound(CAP, high=6)]
>>> legal_range(bounds)
(4, 6)
>>> first_broken(bounds, 7).rule, first_broken(bounds, 3).rule, first_broken(bounds, 5)
('example.cap', 'example.raise', None)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, List, Mapping, NamedTuple, Optional, Protocol, Sequence, Tuple, Union

from bragrules.core.cards import Card
from bragrules.core.i18n import Message, Said
from bragrules.core.rule_id import Rule

__all__ = ["AreaPolicy", "BestHands", "Betting", "Bettor", "Bound", "EndingAnswer", "ForcedShow", "PotWon", "Post",
           "PutOut",
           "Refusal", "SidePotTable", "first_broken", "legal_range"]

BestHands = Callable[[Mapping[str, Sequence[Card]]], List[str]]
"""The players whose hands the showdown puts first among those given (several when equal), in the order
given: what a side pot won by a hand asks (the engine's comparer answers it, special hands and all)."""


class Bettor(Protocol):
    """One player as an area's hooks read them."""

    @property
    def name(self) -> str: ...

    @property
    def seen(self) -> bool: ...

    @property
    def blind_bets(self) -> int:
        """How many bets this player has made blind in this deal."""
        ...

    @property
    def stack_u(self) -> Optional[int]: ...

    @property
    def paid_u(self) -> int:
        """Everything this player has put into the deal's pot (the ante included): their stake."""
        ...


class Betting(Protocol):
    """The betting so far, as an area's hooks read it (a deal is one)."""

    @property
    def level_u(self) -> Optional[int]:
        """The level in units, seen-equivalent (None until somebody bets)."""
        ...

    @property
    def pot_u(self) -> int:
        """The pot in units, the carried pot included."""
        ...

    @property
    def raises_made(self) -> int:
        """How many bets so far lifted the level above one already set."""
        ...

    @property
    def bets_at_level(self) -> int:
        """How many bets were made at the current level since a bet set it (each one matching it)."""
        ...

    @property
    def players_in(self) -> int:
        """How many players have not folded."""
        ...

    @property
    def last_match(self) -> Optional[str]:
        """The player whose bet, the last one before the bet being settled, matched the level without
        raising it (None when that bet set the level, or nobody bet)."""
        ...

    @property
    def players_able(self) -> int:
        """How many players can still bet (not folded, not all in)."""
        ...

    @property
    def rounds_done(self) -> int:
        """The betting rounds played: the fewest bets any player still able to bet (not folded, not all in) has
        made at their turns in this deal (``procedure.betting_rounds``)."""
        ...

    # the seats around a bettor, for a rule between two neighbours (``seeing.side_show``)

    @property
    def in_play_count(self) -> int:
        """How many players have not folded."""
        ...

    def previous_bettor(self, name: str) -> Optional[Bettor]:
        """The nearest player before ``name`` in the order of play who has not folded (None: nobody)."""
        ...

    def has_bet(self, name: str) -> bool:
        """Whether ``name`` has paid a bet or a see in this deal (an ante is not a bet)."""
        ...

    def chaal_u(self, name: str) -> Optional[int]:
        """The least bet ``name`` may pay now, at their rate (None when their stack cannot pay it)."""
        ...

    @property
    def side_show_refused(self) -> Optional[str]:
        """The player to act, while their side-show has just been refused at this turn (else None)."""
        ...


class Refusal(Said):
    """Why an action is not allowed now: the rule it breaks, in words. The words are a message put in words
    only when read (:class:`~bragrules.core.i18n.Message`): ``message`` in English, :meth:`text` in the
    reader's language; a refusal the engine only tests for is never formatted.

    >>> from bragrules.core.i18n import with_language
    >>> refused = Refusal("seeing.see.two", Message("only two players may see; {n} are still betting", n=3))
    >>> refused.message, with_language("hi", refused.text)
    ('only two players may see; 3 are still betting', 'सिर्फ़ दो खिलाड़ी शो कर सकते हैं; अभी 3 खिलाड़ी दाँव में हैं')
    >>> refused == Refusal("seeing.see.two", Message("only two players may see; {n} are still betting", n=3))
    True
    """

    __slots__ = ("rule", "said")

    def __init__(self, rule: Rule, message: Union[str, Message]) -> None:
        self.rule = rule
        self.said = message if isinstance(message, Message) else Message(message)

    def words(self) -> Message:
        """The refusal as a message to be read later (a refusal raised from it)."""
        return self.said

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Refusal) and (self.rule, self.said) == (other.rule, other.said)

    def __hash__(self) -> int:
        return hash((str(self.rule), self.said))

    def __repr__(self) -> str:
        return f"Refusal({str(self.rule)!r}, {self.message!r})"


def refusal(rule: Rule, message: str, **placeholders: Any) -> Refusal:
    """A refusal whose sentence is marked for the catalogue (``{name}`` placeholders filled from the keywords),
    read in the reader's language.

    >>> refusal("seeing.side_show.allowed", "{player} is blind: only a seen player may ask for a side-show",
    ...         player="C").message
    'C is blind: only a seen player may ask for a side-show'
    """
    return Refusal(rule, Message(message, **placeholders))


class Post(NamedTuple):
    """What one seat posts before the betting of a deal (the answer to ``posts``), in the profile's money.

    ``what`` names it (``"ante"``, ``"boot"``, ``"blind"``, ``"small_blind"``, ``"big_blind"``,
    ``"stake"``); ``live``: it counts as the poster's first bet, setting the level at the poster's
    rate, and the player after the poster acts first; else it is dead money in the pot, as an ante
    is. ``rule`` is the rule that sets it, which the audit cites for a posting a log gets wrong.
    """

    player: str
    what: str
    amount: Fraction
    live: bool
    rule: Rule
class ForcedShow(NamedTuple):
    """Why the hands of everyone still in are shown now: the rule that forces it, and the reason in words."""

    rule: Rule
    reason: str


class EndingAnswer(NamedTuple):
    """An area's own kind of ending for a deal (the answer to ``ending``): its name, the rules that decided it
    (what a ruling and the audit cite), and its words (empty: the deal's own reason says it).

    The kinds of ending are an open set: an area that ends a deal its own way names the kind here, and every
    reader of an ending (a ruling's words, the audit's citations) reads it from this answer."""

    kind: str
    rules: Tuple[Rule, ...]
    words: str = ""


class PutOut(NamedTuple):
    """A player out of the hand by a rule (their stakes stay in the pot): who, the rule, and why in words."""

    player: str
    rule: Rule
    reason: str


class PotWon(NamedTuple):
    """One side pot of a deal as settled (the answer to ``side_pots``), in the profile's money.

    ``name`` names it (``"hand_1"``, ``"best_card"``, ``"thirty_one"``); every player dealt in put
    ``ante`` into it, ``amount`` in all; ``winners`` share it equally (none: the antes go back);
    ``rule`` is the rule it is won by, which the audit and a ruling cite; ``why`` says it in words.
    """

    name: str
    ante: Fraction
    amount: Fraction
    winners: Tuple[str, ...]
    rule: Rule
    why: str


class SidePotTable(Protocol):
    """The deal as the ``side_pots`` and ``ending`` hooks read it: the players, their cards, who folded."""

    @property
    def order(self) -> Sequence[str]:
        """Every player dealt in, in the order of play (the eldest hand first)."""
        ...

    def dealt(self, name: str) -> Optional[Sequence[Card]]:
        """The cards dealt to a player, in the order dealt (None: not known)."""
        ...

    def arranged(self, name: str) -> Optional[Sequence[Sequence[Card]]]:
        """A player's hands as set out (several hands), or None."""
        ...

    def folded(self, name: str) -> bool: ...

    def drawn(self, name: str) -> Sequence[Card]:
        """The cards a player drew from the stock for the pips stake (``pots.points_draw``), in order."""
        ...

    @property
    def centre(self) -> Sequence[Card]:
        """The cards dealt to the centre after the hands (turned face up: a bust card, an exchange's centre)."""
        ...


class Bound(NamedTuple):
    """What one rule allows for the level a bet sets, in units (None: no bound on that side).

    ``step``: only ``low`` plus whole multiples of ``step`` (``low`` must then be given).
    ``why`` names the words of a refusal by this bound, which the area that
    made the bound writes (``StakesPolicy.refusal_words``): a bound is plain
    data, made at every turn, so its words are only written when one is broken.
    """

    rule: Rule
    low: Optional[int] = None
    high: Optional[int] = None
    step: Optional[int] = None
    why: str = ""

    def allows(self, level: int) -> bool:
        """Whether a level is within this bound."""
        if self.low is not None and level < self.low:
            return False
        if self.high is not None and level > self.high:
            return False
        return not (self.step and self.low is not None and (level - self.low) % self.step)

    def encloses(self, level: Union[int, Fraction]) -> bool:
        """Whether a level (whole units or not) lies between this bound's least and most, its steps aside.

        >>> Bound("betting.at_least_level", low=4, high=8, step=4).encloses(Fraction(9, 2)), Bound("x", low=4).encloses(3)
        (True, False)
        """
        return (self.low is None or level >= self.low) and (self.high is None or level <= self.high)


def legal_range(bounds: Sequence[Bound]) -> Tuple[Optional[int], Optional[int]]:
    """The least and the most level every bound allows (None: unbounded on that side)."""
    low: Optional[int] = None
    high: Optional[int] = None
    for bound in bounds:
        if bound.low is not None and (low is None or bound.low > low):
            low = bound.low
        if bound.high is not None and (high is None or bound.high < high):
            high = bound.high
    return low, high


def first_broken(bounds: Sequence[Bound], level: int) -> Optional[Bound]:
    """The first bound, in order, that does not allow ``level`` (None when all do)."""
    for bound in bounds:
        if not bound.allows(level):
            return bound
    return None


class AreaPolicy:
    """What every area's compiled policy answers; an area overrides the questions it decides.

    ``refusal(betting, bettor, kind)`` is asked for every action ``kind``
    (``"bet"``, ``"see"``, ``"look"``, ``"fold"``, ...) a player at their turn
    might make: a :class:`Refusal` takes the action out of the legal ones and
    refuses it with the area's rule; None lets the other rules decide. The
    engine asks only the policies whose ``asks_refusal`` is true.
    """

    __slots__ = ()

    @property
    def asks_refusal(self) -> bool:
        """Whether :meth:`refusal` can refuse anything under this profile (the engine skips it when not)."""
        return False

    def refusal(self, betting: Betting, bettor: Bettor, kind: str) -> Optional[Refusal]:
        return None

    def consulted(self, betting: Betting, bettor: Bettor, kind: str) -> Tuple[Rule, ...]:
        """The rules :meth:`refusal` asks about ``kind`` (what a ruling cites when it allows the action)."""
        return ()

    @property
    def takes_rake(self) -> bool:
        """Whether :meth:`rake` can take anything under this profile (the settlement skips it when not)."""
        return False

    def rake(self, pot: Fraction, winners_stakes: Fraction) -> Fraction:
        """What the house takes from a pot won before it is paid out, exactly.

        ``pot`` is the whole pot paid out (the pot carried in included); ``winners_stakes`` what the
        players paid it out to staked in it themselves (a rake of the losers' stakes leaves those whole).
        """
        return Fraction(0)

    @property
    def answers_forced_show(self) -> bool:
        """Whether :meth:`forced_show` can answer under this profile (the engine asks only those that can):
        by default, whether the class answers it at all."""
        return type(self).forced_show is not AreaPolicy.forced_show

    def forced_show(self, betting: Betting, units: Any) -> Optional[ForcedShow]:
        """Asked after every bet and fold while two or more are in: a :class:`ForcedShow` when the hands
        of everyone still in are to be shown and compared now (``units``: the deal's money units).
        Asked of every policy whose class answers it, so it answers None at once when its rule is off."""
        return None

    @property
    def pays_for_lives(self) -> bool:
        """Whether a life lost pays money into the session's pot of lives (:meth:`life_payment`)."""
        return False

    def life_payment(self, player: str) -> Fraction:
        """What ``player`` pays into the session's pot of lives for one life lost (exact; zero by default)."""
        return Fraction(0)

    @property
    def answers_put_out(self) -> bool:
        """Whether :meth:`put_out` can answer under this profile (the engine asks only those that can):
        by default, whether the class answers it at all."""
        return type(self).put_out is not AreaPolicy.put_out

    def put_out(self, betting: Betting, raiser: str) -> Optional[PutOut]:
        """Asked after every bet that raised the level (by ``raiser``): a :class:`PutOut` when a player is
        out of the hand because of it. Asked of every policy whose class answers it."""
        return None

    @property
    def answers_ending(self) -> bool:
        """Whether :meth:`ending` can answer under this profile (the settlement asks only those that can):
        by default, whether the class answers it at all."""
        return type(self).ending is not AreaPolicy.ending

    def ending(self, table: SidePotTable, outcome: str, winners: Tuple[str, ...]) -> Optional[EndingAnswer]:
        """Asked at the settlement of every deal played out (not a redeal, nor an abandoned hand): an
        :class:`EndingAnswer` when the deal ended in this area's own way (``outcome``: ``"won"``, ``"split"``
        or ``"carried"``; ``winners``: who took the pot), else None and the engine names the ending itself.
        Asked of every policy whose class answers it, in the areas' order; the first answer is the ending."""
        return None

    def side_pots(self, table: SidePotTable, best: "BestHands") -> Tuple[PotWon, ...]:
        """Asked at the settlement of every deal played out: the pots beside the deal's own, each judged by
        its own rule on the table's cards (``best``: the players whose hands the showdown puts first)."""
        return ()

