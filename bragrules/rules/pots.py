"""The pots area: several pots in one deal, each with its own ante and what wins it.

The deal's own pot (the antes of ``stakes.ante`` and every bet) is won as the
format says; beside it a profile may play **side pots**, each made of one
more ante from every player dealt in and won by its own criterion:

- **a pot for each hand** (``pots.each_hand``), with several hands:
  3cardbrag.me.uk, Nine card brag: "Four antes are paid to create four pots,
  one for each hand plus a main pot. The winner of each hand takes a pot and
  if one player wins all three hands they win the fourth pot, if all three
  hands aren't won by one player the fourth pot carries over to the next
  round." The main pot is the deal's own pot, so what becomes of it when
  nobody wins every hand is ``format.win_rule``: ``all`` carries it (the
  page), ``majority`` gives it to whoever wins most hands.
- **the best card** (``pots.best_card``) and **the pips nearest 31**
  (``pots.thirty_one``), the first and third stakes of Three-Stake Brag, the
  brag itself (the deal's own pot) being the second. Maximapedia, "Brag":
  "Each player receives three cards and puts up three stakes. The last round
  is dealt face upwards: the holder of the highest card irrespective of suits
  wins the first stake ... The third stake is won by the player whose cards
  make 31 or are nearest to 31 by their pips, aces and court counting ten;
  but the ace may by arrangement count as 1 or 11."
- **a bonus for winning every pot** (``pots.sweep_bonus``): "If one player
  wins all three stakes, he may receive the value of another stake, or of two
  or three stakes, all round, as arranged."

A side pot is settled with the deal, whatever ended it; a deal dealt again or
abandoned settles none (every side ante goes back). The engine asks
:meth:`PotsPolicy.side_pots` (the ``side_pots`` hook of
:mod:`bragrules.rules.hooks`) and pays what it answers, so no format is a
special case inside the deal.

>>> from bragrules.profile.models import Profile
>>> pots = PotsPolicy.compile(Profile.model_validate({"pots": {"best_card": 1, "thirty_one": 1}}))
>>> [spec.name for spec in pots.specs], pots.in_play
(['best_card', 'thirty_one'], True)
>>> PotsPolicy.compile(Profile()).in_play
False
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Dict, List, Literal, Mapping, Optional, Sequence, Tuple

from pydantic import Field, WithJsonSchema, field_validator

from bragrules.core.cards import Card
from bragrules.core.i18n import ENGLISH, language, tr
from bragrules.core.money import ZERO
from bragrules.core.rule_id import Rule, field_rule
from bragrules.rules.area import POSITIVE, Area, AreaText, FieldText, Money, Section, _refuse_below, choice
from bragrules.rules.hooks import AreaPolicy, BestHands, PotWon, SidePotTable
from bragrules.rules.words import money_text, number_said, sentence

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

VARIANTS = "https://3cardbrag.me.uk/2010/11/13/brag-game-variants/"
MAXIMAPEDIA = "http://www.maximapedia.com/b/brag.html"
HOYLE = "http://www.childrensnursery.org.uk/hoyles-games/hoyle-games%20-%200341.htm"
ALMANACH = "https://thealmanach.ru/en/game/3-card-brag-karty-dengi-pravila-kartochnaya-igra-breg-pravila-igry-pochemu.html"
VARIANTS_NAME = "3cardbrag.me.uk (Nine card brag)"
MAXIMAPEDIA_NAME = "maximapedia.com, \"Brag\" (Britannica 1910-11)"
HOYLE_NAME = "Hoyle's Games, \"Brag\", p. 241"
ALMANACH_NAME = "thealmanach.ru (Three-part Brag)"
WIKIPEDIA_POST = "https://en.wikipedia.org/wiki/Post_and_pair"
WIKIPEDIA_POST_NAME = "Wikipedia, \"Post and pair\""

_ANTE = Annotated[Money, _refuse_below("above_zero", "a side pot's ante must be positive"), POSITIVE]

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


class Pots(Area):
    """Side pots beside the deal's own pot: one per hand, the best card, the pips nearest 31.

    None by default: the three rule texts play one pot a deal.
    """

    each_hand: Optional[_ANTE] = Field(
        None,
        description="With several hands (`format.hands` above 1): every player dealt in antes this much more "
        "into a pot of each hand, and the winner of that hand (compared among those who show) takes it; the deal's "
        "own pot is the main pot, won as `format.win_rule` says. " + VARIANTS + ": \"Four antes are paid to "
        "create four pots, one for each hand plus a main pot. The winner of each hand takes a pot and if one "
        "player wins all three hands they win the fourth pot, if all three hands aren't won by one player the "
        "fourth pot carries over to the next round\" (`format.win_rule: all`). Equal best hands share or "
        "give that hand's pot as `pots.tie` says. A player who folds loses their hand antes; one player left "
        "takes every hand's pot. `null`: no pot per hand.",
    )
    best_card: Optional[_ANTE] = Field(
        None,
        description="Three-Stake Brag's first stake: every player dealt in antes this much more, and the "
        "highest last card dealt (the card the old game turns face up) takes it, suits not counting. "
        + MAXIMAPEDIA + ": \"The last round is dealt face upwards: the holder of the highest card irrespective "
        "of suits wins the first stake from all the players. In the case of equality the elder hand wins\"; "
        + HOYLE + ": \"the best card, reckoning from ace downwards, amongst those so turned up, wins the first "
        "stake\". One card each: three cards dealt, one hand. `null`: no such stake.",
    )
    best_card_top: Optional[Annotated[str, WithJsonSchema({"type": "string"})]] = Field(
        None,
        description="A card that wins the best-card stake above every other (" + MAXIMAPEDIA + ": \"but the "
        "ace of diamonds is always a winning card\"; " + HOYLE + ": \"except in case of the ace of diamonds, "
        "which at this part of the game takes place of every other\"). `null`: none.",
    )
    thirty_one: Optional[_ANTE] = Field(
        None,
        description="Three-Stake Brag's third stake: every player dealt in antes this much more, and the "
        "player whose three cards' pips make 31 or come nearest below it takes it (over 31 is bust, beaten "
        "by any count not over). " + MAXIMAPEDIA + ": \"The third stake is won by the player whose cards make "
        "31 or are nearest to 31 by their pips, aces and court counting ten\". The pips are counted as "
        "`ranking.points` counts a `sum` (face value, courts ten), with the ace as `pots.thirty_one_ace` "
        "says, toward `pots.points_target`; draws from the stock for it are `pots.points_draw`. `null`: no such "
        "stake.",
    )
    thirty_one_ace: Literal[1, 10, 11] = Field(
        10,
        description="What an ace counts toward 31. `10`: as the courts (" + MAXIMAPEDIA + ": \"aces and court "
        "counting ten; but the ace may by arrangement count as 1 or 11\"); `1`: one; `11`: eleven.",
    )
    points_target: int = Field(
        31, ge=10, le=60,
        description="The count the pips stake (`pots.thirty_one`) aims at: the pips that make it or come nearest "
        "below it take the stake. `31`: Three-Stake Brag's (" + MAXIMAPEDIA + ": \"whose cards make 31 or are "
        "nearest to 31 by their pips\"); `21`: Post and Pair's (" + WIKIPEDIA_POST + ": \"the third stake goes "
        "to the player with the best pair or cards totaling, or most approaching, twenty-one points, that is, "
        "two Tens and an Ace\").",
    )
    points_draw: bool = Field(
        False,
        description="Draws for the pips stake, a step before the betting: in turn from the eldest hand, each "
        "player whose pips fall short of `pots.points_target` may take cards one at a time from the stock "
        "(`draw`) until they `stand`; the cards drawn count toward that stake only, never in the hand. A player "
        "who passes the target has overdrawn and is out of that stake (everyone out: its antes go back). "
        + WIKIPEDIA_POST + ": \"Any player whose cards fall short of that number is entitled (in due turn) to "
        "receive a card or cards from the stock, in the hope of amending his points, but if he overdraws he is "
        "out of the game\". The stock is the pack after the hands (a log writes it as the deal's `centre`). "
        "`false`: the cards dealt count.",
    )
    tie: Literal["eldest_hand", "split"] = Field(
        "eldest_hand",
        description="Equal best in a side pot. `eldest_hand`: the first of them in the order of play takes it ("
        + MAXIMAPEDIA + ": \"In the case of equality the elder hand wins\"; " + HOYLE + ": \"the eldest hand "
        "always, of course, has the preference\"); `split`: they share it equally.",
    )
    sweep_bonus: Optional[_ANTE] = Field(
        None,
        description="A player who alone wins every pot of a deal (each side pot and the deal's own) is paid this "
        "much by every other player dealt in (" + MAXIMAPEDIA + ": \"If one player wins all three stakes, he "
        "may receive the value of another stake, or of two or three stakes, all round, as arranged\"). "
        "`null`: no bonus.",
    )

    @field_validator("best_card_top")
    @classmethod
    def _card(cls, value: Optional[str]) -> Optional[str]:
        if value is None:
            return None
        from bragrules.core.cards import parse_card

        card = parse_card(value)
        if card.is_joker:
            raise ValueError("the best card's top card is a card of the pack, not a joker")
        return str(card)


def check_profile(p: "Profile") -> Optional[Tuple[str, Tuple[str, ...]]]:
    """What is wrong with the side pots across areas (None: nothing): the words and the fields.

    >>> from bragrules.profile.models import Profile
    >>> check_profile(Profile.model_validate({"pots": {"best_card": 1}}))
    >>> check_profile(Profile.model_construct(pots=Pots(each_hand=1)))[1]
    ('pots.each_hand', 'format.hands')
    """
    from bragrules.rules.wild_select import centre_count

    pots = p.pots
    if pots.each_hand is not None and p.format.hands == 1:
        return "a pot for each hand needs several hands (format.hands above 1)", ("pots.each_hand", "format.hands")
    single = p.format.hands == 1 and p.format.cards_dealt == 3
    if not single:
        for name, value in (("best_card", pots.best_card), ("thirty_one", pots.thirty_one)):
            if value is not None:
                return (f"the {name.replace('_', ' ')} stake is played with three cards and one hand",
                        (f"pots.{name}", "format.cards_dealt", "format.hands"))
    if _side(p) and p.format.lives is not None:
        return "a Crash game has no money, so no side pots", ("format.lives",)
    if _side(p) and p.session.bankroll == "finite":
        return ("side pots are played with unlimited bankrolls (session.bankroll: unlimited)",
                ("session.bankroll",))
    if _side(p) and p.format.exchange.enabled:
        return "side pots are not played with Stop the Bus exchanges", ("format.exchange.enabled",)
    if pots.sweep_bonus is not None and not _side(p):
        return "a bonus for winning every pot needs a side pot", ("pots.sweep_bonus",)
    if (pots.points_draw or pots.points_target != 31) and pots.thirty_one is None:
        field = "pots.points_draw" if pots.points_draw else "pots.points_target"
        return "draws and a target for the pips stake need the stake (pots.thirty_one)", (field, "pots.thirty_one")
    if pots.points_draw and (p.procedure.bust_card or p.procedure.trump_card or p.procedure.bank.kind is not None
                             or centre_count(p.ranking.wild) or p.session.points.spare_hand):
        return ("the draws for the pips stake take their cards from the stock, which no other card dealt to the "
                "centre may share", ("pots.points_draw", "procedure", "ranking.wild", "session.points.spare_hand"))
    if pots.points_draw and p.blind.allowed:
        return ("a player draws for the pips stake on the cards they have seen, so nobody plays blind",
                ("pots.points_draw", "blind.allowed"))
    if pots.best_card_top is not None and pots.best_card is None:
        return "a top card for the best-card stake needs the stake (pots.best_card)", ("pots.best_card_top",)
    return None


# ---------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------

EACH_HAND_RULE = field_rule("pots.each_hand")
BEST_CARD_RULE = field_rule("pots.best_card")
BEST_CARD_TOP_RULE = field_rule("pots.best_card_top")
THIRTY_ONE_RULE = field_rule("pots.thirty_one")
THIRTY_ONE_ACE_RULE = field_rule("pots.thirty_one_ace")
TIE_RULE = field_rule("pots.tie")
SWEEP_BONUS_RULE = field_rule("pots.sweep_bonus")
POINTS_TARGET_RULE = field_rule("pots.points_target")
POINTS_DRAW_RULE = field_rule("pots.points_draw")


@dataclass(frozen=True, slots=True)
class PotSpec:
    """One side pot of a deal: its name (``hand_1``, ``best_card``, ``thirty_one``), its ante, what wins it."""

    name: str
    ante: Fraction
    kind: str
    """``hand`` (the hand at ``index``), ``best_card`` or ``thirty_one``."""
    rule: Rule
    index: int = 0


@dataclass(frozen=True, slots=True)
class PotsPolicy(AreaPolicy):
    """The side pots as the settlement asks them.

    >>> from bragrules.core.cards import parse_cards
    >>> policy = PotsPolicy((PotSpec("thirty_one", Fraction(1), "thirty_one", THIRTY_ONE_RULE),), ace=11)
    >>> policy.pips(parse_cards("Ah Kd 9c")), policy.pips(parse_cards("Ah Ad 9c"))
    (30, 31)
    """

    specs: Tuple[PotSpec, ...] = ()
    top: Optional[str] = None
    ace: int = 10
    split_ties: bool = False
    sweep: Optional[Fraction] = None
    target: int = 31
    """The count the pips stake aims at (``pots.points_target``)."""
    draws: bool = False
    """Players short of the target draw from the stock before the betting (``pots.points_draw``)."""
    in_play: bool = field(init=False, default=False)
    """Whether this profile plays any side pot (a log then records them)."""
    pip_values: Tuple[int, ...] = field(init=False, default=())
    """Each rank's pips toward 31 (two first), counted once as ``ranking.points`` counts a ``sum``."""

    def __post_init__(self) -> None:
        from bragrules.rules.ranking_models import Points

        object.__setattr__(self, "in_play", bool(self.specs))
        points = Points(values={"A": self.ace}, read="sum")
        object.__setattr__(self, "pip_values", tuple(points.value_of_rank(rank) for rank in range(13)))

    @classmethod
    def compile(cls, p: "Profile") -> "PotsPolicy":
        pots = p.pots
        specs: List[PotSpec] = []
        if pots.each_hand is not None:
            specs += [PotSpec(f"hand_{i + 1}", pots.each_hand, "hand", EACH_HAND_RULE, i) for i in range(p.format.hands)]
        if pots.best_card is not None:
            specs.append(PotSpec("best_card", pots.best_card, "best_card", BEST_CARD_RULE))
        if pots.thirty_one is not None:
            name = "thirty_one" if pots.points_target == 31 else f"points_{pots.points_target}"
            specs.append(PotSpec(name, pots.thirty_one, "thirty_one", THIRTY_ONE_RULE))
        return cls(tuple(specs), pots.best_card_top, pots.thirty_one_ace, pots.tie == "split", pots.sweep_bonus,
                   pots.points_target, pots.points_draw)

    def money_amounts(self) -> Tuple[Fraction, ...]:
        """The amounts the money unit must hold."""
        return tuple(s.ante for s in self.specs) + ((self.sweep,) if self.sweep is not None else ())

    def pips(self, cards: Sequence[Card]) -> int:
        """The cards' pips toward 31, counted as ``ranking.points`` counts a ``sum``, the ace as the profile says."""
        values = self.pip_values
        return sum(values[c.rank] for c in cards if not c.is_joker)

    def side_pots(self, table: SidePotTable, best: BestHands) -> Tuple[PotWon, ...]:
        """Each side pot of the deal, judged on the table's cards: who staked, who takes it, why."""
        order = list(table.order)
        won: List[PotWon] = []
        for spec in self.specs:
            if spec.kind == "hand":
                winners, why = self._hand_pot(spec.index, table, order, best)
            elif spec.kind == "best_card":
                turned = self.turned_up(table)
                scores = {p: (1 if self.top is not None and str(last) == self.top else 0, last.rank)
                          for p, last in turned.items()}
                winners = self._best(order, scores)
                why = f"{', '.join(str(turned[p]) for p in winners)}, the best card turned up"
            else:
                winners, why = self._points_pot(table, order)
            amount = spec.ante * len(order)
            won.append(PotWon(spec.name, spec.ante, amount, tuple(winners), spec.rule, why))
        return tuple(won)

    def counted(self, table: SidePotTable, name: str) -> Tuple[Card, ...]:
        """The cards a player's pips are counted on: the cards dealt, and those drawn for the stake."""
        return tuple(table.dealt(name) or ()) + tuple(table.drawn(name))

    def _points_pot(self, table: SidePotTable, order: Sequence[str]) -> Tuple[List[str], str]:
        """Who takes the pips stake, and why: the count that makes the target or comes nearest below it. A count
        dealt over it is beaten by any count not over; one that passes it by a draw has overdrawn and is out.

        >>> from bragrules.core.cards import parse_cards
        >>> from bragrules.engine.pots import DealTable
        >>> policy = PotsPolicy(ace=1, target=21, draws=True)
        >>> hands = {"A": tuple(parse_cards("Kc 9d 5h")), "B": tuple(parse_cards("Ac 2d 3h")),
        ...          "C": tuple(parse_cards("2c 2d 3c"))}
        >>> table = DealTable(["A", "B", "C"], hands, {}, frozenset(), draws={"C": parse_cards("Kd 9s")})
        >>> policy._points_pot(table, ["A", "B", "C"])
        (['B'], 'pips nearest 21: B 6; C overdrew')
        >>> policy._points_pot(table, ["A", "C"])
        (['A'], 'pips nearest 21: A 24; C overdrew')
        """
        target = self.target
        scores: Dict[str, Tuple[int, ...]] = {}
        over: List[str] = []
        for p in order:
            cards = self.counted(table, p)
            if cards:
                pips = self.pips(cards)
                if pips > target and table.drawn(p):
                    over.append(p)
                    continue
                scores[p] = (1, pips) if pips <= target else (0, -pips)
        winners = self._best(order, scores)
        counts = {p: self.pips(self.counted(table, p)) for p in winners}
        why = (f"pips nearest {target}: " + ", ".join(f"{p} {n}" for p, n in counts.items())) if winners else (
            "nobody to take it")
        if over:
            why += f"; {', '.join(over)} overdrew"
        return winners, why

    def _hand_pot(self, index: int, table: SidePotTable, order: Sequence[str], best: BestHands
                  ) -> Tuple[List[str], str]:
        """Who takes the pot of the hand at ``index`` (the showdown's best of those still in), and why."""
        contenders = [p for p in order if not table.folded(p)]
        if len(contenders) == 1:
            return contenders, "the only player left"
        held: Dict[str, Sequence[Card]] = {}
        for p in contenders:
            hands = table.arranged(p)
            if hands is not None:
                held[p] = hands[index]
        top = best(held) if held else []
        return (top if self.split_ties else top[:1]), f"the best of hand {index + 1}"

    def turned_up(self, table: SidePotTable) -> Dict[str, Card]:
        """The cards the side pots turn face up for the whole table at the settlement (none without the
        best-card stake): each player's last card dealt, "the last round is dealt face upwards", which the
        best-card stake compares; a line naming one names a card everyone sees.

        >>> from bragrules.core.cards import parse_cards
        >>> from bragrules.engine.pots import DealTable
        >>> policy = PotsPolicy((PotSpec("best_card", Fraction(1), "best_card", BEST_CARD_RULE),))
        >>> table = DealTable(["A", "B"], {"A": tuple(parse_cards("2c 3d Kh")), "B": None}, {}, frozenset({"A"}))
        >>> {p: str(c) for p, c in policy.turned_up(table).items()}
        {'A': 'Kh'}
        """
        if not any(spec.kind == "best_card" for spec in self.specs):
            return {}
        turned: Dict[str, Card] = {}
        for p in table.order:
            cards = table.dealt(p)
            if cards:
                turned[p] = cards[-1]
        return turned

    def _best(self, order: Sequence[str], scores: Mapping[str, Tuple[int, ...]]) -> List[str]:
        if not scores:
            return []
        top = max(scores.values())
        best = [p for p in order if scores.get(p) == top]
        return best if self.split_ties else best[:1]

    def _whole(self, pots: Sequence[PotWon], order: Sequence[str],
               main_winners: Sequence[str]) -> Optional[Dict[str, Fraction]]:
        """:meth:`settle` in integers when every ante is whole and every pot divides evenly (else None)."""
        counts: Dict[str, int] = dict.fromkeys(order, 0)
        for pot in pots:
            ante = pot.ante
            winners = pot.winners or tuple(order)
            if ante.denominator != 1 or (ante.numerator * len(order)) % len(winners):
                return None
            for p in order:
                counts[p] -= ante.numerator
            part = ante.numerator * len(order) // len(winners)
            for p in winners:
                counts[p] += part
        sweeper = self.sweep_of(pots, main_winners)
        sweep = self.sweep
        if sweeper is not None and sweep is not None:
            if sweep.denominator != 1:
                return None
            for p in order:
                if p != sweeper:
                    counts[p] -= sweep.numerator
                    counts[sweeper] += sweep.numerator
        return {p: Fraction(n) if n else ZERO for p, n in counts.items()}

    def sweep_of(self, pots: Sequence[PotWon], main_winners: Sequence[str]) -> Optional[str]:
        """The player who alone won every pot of the deal, the deal's own included (None: nobody)."""
        if self.sweep is None or len(main_winners) != 1:
            return None
        player = main_winners[0]
        return player if all(tuple(p.winners) == (player,) for p in pots) else None

    def settle(self, pots: Sequence[PotWon], order: Sequence[str], main_winners: Sequence[str]) -> Dict[str, Fraction]:
        """Each player's gain or loss from the side pots (and the sweep bonus): they always add up to nothing.

        >>> won = (PotWon("best_card", Fraction(1), Fraction(3), ("B",), BEST_CARD_RULE, ""),)
        >>> PotsPolicy(sweep=Fraction(2)).settle(won, ["A", "B", "C"], ["B"])
        {'A': Fraction(-3, 1), 'B': Fraction(6, 1), 'C': Fraction(-3, 1)}
        """
        whole = self._whole(pots, order, main_winners)
        if whole is not None:  # the usual case: whole amounts, counted in integers (Fractions are slow)
            return whole
        net: Dict[str, Fraction] = {p: ZERO for p in order}
        for pot in pots:
            for p in order:
                net[p] -= pot.ante
            winners = pot.winners or tuple(order)  # nobody to judge: the antes go back
            part = pot.amount / len(winners)
            for p in winners:
                net[p] += part
        sweeper = self.sweep_of(pots, main_winners)
        if sweeper is not None and self.sweep is not None:
            for p in order:
                if p != sweeper:
                    net[p] -= self.sweep
                    net[sweeper] += self.sweep
        return net


# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------


def pot_title(name: str) -> str:
    """A side pot's name as a table says it.

    >>> pot_title("hand_2"), pot_title("best_card"), pot_title("thirty_one"), pot_title("points_21")
    ("hand 2's pot", 'the best-card stake', 'the 31 stake', 'the 21 stake')
    """
    if name.startswith("hand_"):
        return f"hand {name[5:]}'s pot"
    if name.startswith("points_"):
        return f"the {name[7:]} stake"
    return {"best_card": "the best-card stake", "thirty_one": "the 31 stake"}.get(name, name)


def pot_won_words(pot: PotWon) -> str:
    """Who took a side pot and why, in words.

    >>> pot_won_words(PotWon("best_card", Fraction(1), Fraction(3), ("B",), BEST_CARD_RULE, "the best card turned up"))
    'B takes the best-card stake of 3 (the best card turned up)'
    """
    amount = money_text(pot.amount)
    if not pot.winners:
        return f"{pot_title(pot.name)} of {amount} goes back to the players"
    if len(pot.winners) == 1:
        return f"{pot.winners[0]} takes {pot_title(pot.name)} of {amount} ({pot.why})"
    return f"{' and '.join(pot.winners)} share {pot_title(pot.name)} of {amount} ({pot.why})"


def spoken_pot_title(name: str) -> str:
    """A side pot's name in the language spoken (:func:`pot_title` in English).

    >>> spoken_pot_title("hand_2"), spoken_pot_title("points_21")
    ("hand 2's pot", 'the 21 stake')
    """
    if language() == ENGLISH:
        return pot_title(name)
    if name.startswith("hand_"):
        return tr("the pot of hand {n}", n=name[5:])
    if name.startswith("points_"):
        return tr("the {n} stake", n=name[7:])
    if name == "best_card":
        return tr("the best-card stake")
    return tr("the 31 stake") if name == "thirty_one" else name


def pot_won_said(pot: PotWon) -> str:
    """:func:`pot_won_words` in the language spoken: in another language the side pot is named in it, with the
    rule it was won by in place of the recorded reason (which is English, as the log keeps it).

    >>> from bragrules.core.i18n import speaking
    >>> won = PotWon("best_card", Fraction(1), Fraction(3), ("B",), BEST_CARD_RULE, "the best card turned up")
    >>> pot_won_said(won)
    'B takes the best-card stake of 3 (the best card turned up)'
    >>> with speaking("zh"):
    ...     pot_won_said(won)
    'B拿走最大单牌注 3（pots.best_card）'
    """
    if language() == ENGLISH:
        return pot_won_words(pot)
    title, amount = spoken_pot_title(pot.name), money_text(pot.amount)
    if not pot.winners:
        return tr("{pot} of {amount} goes back to the players", pot=title, amount=amount)
    return tr("{players} take {pot} of {amount} ({rule})", players=", ".join(pot.winners), pot=title, amount=amount,
              rule=str(pot.rule))


def _side(p: "Profile") -> bool:
    pots = p.pots
    return pots.each_hand is not None or pots.best_card is not None or pots.thirty_one is not None


def each_hand(p: "Profile") -> str:
    value = p.pots.each_hand
    if value is None:
        return tr("there is no pot for each hand")
    return tr("every player antes {amount} more into a pot for each of the {n} hands, which the winner of that hand "
              "takes", amount=money_text(value), n=number_said(p.format.hands))


def best_card(p: "Profile") -> str:
    value = p.pots.best_card
    if value is None:
        return tr("there is no stake for the best card")
    return tr("every player stakes {amount} on the best card: the highest last card dealt takes it, suits not "
              "counting", amount=money_text(value))


def best_card_top(p: "Profile") -> str:
    top = p.pots.best_card_top
    if top is None:
        return tr("no card beats every other for the best card")
    from bragrules.core.cards import parse_card

    return tr("the {card} wins the best-card stake above every other card", card=parse_card(top).symbol)


def thirty_one(p: "Profile") -> str:
    value = p.pots.thirty_one
    target = p.pots.points_target
    if value is None:
        return tr("there is no stake for 31")
    if target == 31 and not p.pots.points_draw:
        return tr("every player stakes {amount} on 31: the three cards' pips nearest 31 without going over take it",
                  amount=money_text(value))
    return tr("every player stakes {amount} on {target}: the pips nearest {target} without going over take it",
              amount=money_text(value), target=target)


def points_target(p: "Profile") -> str:
    """``pots.points_target`` in words.

    >>> from bragrules.profile.models import Profile
    >>> points_target(Profile.model_validate({"pots": {"thirty_one": 1, "points_target": 21}}))
    'the pips stake aims at 21'
    """
    return tr("the pips stake aims at {target}", target=p.pots.points_target)


def points_draw(p: "Profile") -> str:
    """``pots.points_draw`` in words.

    >>> from bragrules.profile.models import Profile
    >>> points_draw(Profile.model_validate({"pots": {"thirty_one": 1, "points_target": 21, "points_draw": True},
    ...                                     "blind": {"allowed": False}}))
    'before the betting, in turn, a player short of 21 may draw cards from the stock one at a time for the pips \
stake only; a player who passes 21 has overdrawn and is out of that stake'
    """
    if not p.pots.points_draw:
        return tr("nobody draws for the pips stake: the cards dealt count")
    return tr("before the betting, in turn, a player short of {target} may draw cards from the stock one at a time "
              "for the pips stake only; a player who passes {target} has overdrawn and is out of that stake",
              target=p.pots.points_target)


def sweep_bonus(p: "Profile") -> str:
    value = p.pots.sweep_bonus
    if value is None:
        return tr("winning every pot earns nothing more")
    return tr("a player who wins every pot of a deal is paid {amount} more by every other player",
              amount=money_text(value))


THIRTY_ONE_ACE = choice(
    "pots.thirty_one_ace",
    lambda p: p.pots.thirty_one_ace,
    {1: "toward 31 an ace counts one", 10: "toward 31 an ace counts ten, as the courts do",
     11: "toward 31 an ace counts eleven"},
    {"10": MAXIMAPEDIA_NAME, "*": MAXIMAPEDIA_NAME + " (\"by arrangement\")"},
    in_play=lambda p: p.pots.thirty_one is not None, later=True,
)
_ACE_AT_31 = THIRTY_ONE_ACE.sentence


def _ace_toward_target(p: "Profile") -> str:
    """What an ace counts, toward the pips stake's own target (31's words as they were).

    >>> from bragrules.profile import load_profile
    >>> _ace_toward_target(load_profile("post-and-pair")), _ace_toward_target(load_profile("three-stake"))
    ('toward 21 an ace counts 1', 'toward 31 an ace counts ten, as the courts do')
    """
    target = p.pots.points_target
    if target == 31:
        return _ACE_AT_31(p)
    return tr("toward {target} an ace counts {count}", target=target, count=p.pots.thirty_one_ace)


THIRTY_ONE_ACE = replace(THIRTY_ONE_ACE, sentence=_ace_toward_target)
TIE = choice(
    "pots.tie",
    lambda p: p.pots.tie,
    {"eldest_hand": "equal best in a side pot: the eldest hand of them takes it",
     "split": "equal best in a side pot share it equally"},
    {"eldest_hand": MAXIMAPEDIA_NAME + "; " + HOYLE_NAME, "split": "house rule"},
    in_play=_side, later=True,
)


# ---------------------------------------------------------------------------
# The rulebook: the pots
# ---------------------------------------------------------------------------


def pots_section(p: "Profile") -> Optional[Section]:
    """The rulebook's section on the side pots, when there are any."""
    if not _side(p):
        return None
    pots = p.pots
    sec = Section("pots", tr("Several pots"))
    count = (p.format.hands if pots.each_hand is not None else 0) + (pots.best_card is not None) + (
        pots.thirty_one is not None)
    sec.para(
        tr("Each deal has {n} pots: the main pot, of the antes and the bets, won as the rest of these rules say, and "
           "beside it:", n=number_said(count + 1)) if p.format.betting else
        tr("Each deal has {n} pots: the main pot, of the antes, won as the rest of these rules say, and beside it:",
           n=number_said(count + 1)),
    )
    sec.bullets([
        sentence(each_hand(p)) if pots.each_hand is not None else "",
        sentence(best_card(p)) + (" " + sentence(best_card_top(p)) if pots.best_card_top else "")
        if pots.best_card is not None else "",
        sentence(thirty_one(p)) + " " + sentence(THIRTY_ONE_ACE.sentence(p))
        + (" " + sentence(points_draw(p)) if pots.points_draw else "") if pots.thirty_one is not None else "",
    ])
    sec.para(
        sentence(TIE.sentence(p)),
        "" if not p.format.betting else
        (tr("Folding in the betting gives up the main pot, not the stakes for the best card or 31.")
         if pots.points_target == 31 else tr("Folding in the betting gives up the main pot, not the stakes for the "
                                             "best card or {target}.", target=pots.points_target))
        if pots.each_hand is None else tr("A player who folds gives up the pots for each hand."),
        sentence(sweep_bonus(p)) if pots.sweep_bonus is not None else "",
        tr("A hand dealt again or abandoned settles no side pot: its antes go back."),
    )
    return sec


TEXT = AreaText(
    key="pots",
    name="pots",
    title="Several pots",
    fields=(
        FieldText("pots.each_hand", lambda p: p.pots.each_hand, each_hand,
                  {"null": "000 (one pot)", "*": VARIANTS_NAME}, later=True),
        FieldText("pots.best_card", lambda p: p.pots.best_card, best_card,
                  {"null": "000 (one pot)", "*": MAXIMAPEDIA_NAME + "; " + HOYLE_NAME + "; " + ALMANACH_NAME},
                  later=True),
        FieldText("pots.best_card_top", lambda p: p.pots.best_card_top, best_card_top,
                  {"null": ALMANACH_NAME, "*": MAXIMAPEDIA_NAME + "; " + HOYLE_NAME},
                  in_play=lambda p: p.pots.best_card is not None, later=True),
        FieldText("pots.thirty_one", lambda p: p.pots.thirty_one, thirty_one,
                  {"null": "000 (one pot)", "*": MAXIMAPEDIA_NAME}, later=True),
        THIRTY_ONE_ACE,
        FieldText("pots.points_target", lambda p: p.pots.points_target, points_target,
                  {"31": MAXIMAPEDIA_NAME, "21": WIKIPEDIA_POST_NAME, "*": "house rule"},
                  in_play=lambda p: p.pots.thirty_one is not None, later=True),
        FieldText("pots.points_draw", lambda p: p.pots.points_draw, points_draw,
                  {"false": MAXIMAPEDIA_NAME + " (not played)", "true": WIKIPEDIA_POST_NAME + "; " + MAXIMAPEDIA_NAME},
                  in_play=lambda p: p.pots.thirty_one is not None, later=True),
        TIE,
        FieldText("pots.sweep_bonus", lambda p: p.pots.sweep_bonus, sweep_bonus,
                  {"null": "000", "*": MAXIMAPEDIA_NAME}, in_play=_side, later=True),
    ),
    sections=((88, pots_section),),
)
