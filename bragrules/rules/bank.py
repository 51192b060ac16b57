"""Banking games (``procedure.bank``): each hand plays against a banker's or the house's, never for one pot.

In a banking game nobody plays for a pot shared by all: each player's stake is settled against one hand
alone, the banker's. The banker is a seat of the table (``kind: banker``: Banco, the bank passing round with
the deal as ``table.rotation`` says, or kept by one seat under ``rotation: fixed``), or the house
(``kind: house``: the casino's three-card game, whose dealer's three cards are dealt after the players' and
turned at the end). The rule lives here whole, beside the procedure (:mod:`bragrules.rules.procedure` holds
only its field): its part of the model (:class:`Bank`), its identities, its policy (:class:`BankPolicy`: the
payouts as exact arithmetic), its sentences, its rulebook section and its field texts (joined to the
procedure's, :func:`joined`). The engine's phase is :mod:`bragrules.engine.bank`.

The pages it follows:

- adpoker.fr, "La banque" (http://www.adpoker.fr/jeu-banque.html): "La banque, banco ou encore petite
  banque"; "le banquier dépose une somme établie d'avance" (the banker puts up an agreed sum); three cards
  each; "Si son jeu est insuffisant, il fait le minimum fixé. Son coup est plus ou moins important, selon la
  qualité de son jeu. Il a le droit de jouer à lui seul tout ce que le banquier a mis sur la table" (a poor
  hand stakes the fixed minimum; the stake follows the hand; a player may play alone all the banker put
  down: "banco"); "Les gagnants prélèvent l'enjeu qu'ils ont fait. Les perdants versent l'enjeu" (winners
  take their stake from the bank, losers pay theirs).
- wikisource, "Glossaire des jeux wallons de Liège/Banque": "à points égaux, le banquier bénéficie" (equal
  hands: the banker wins).
- palacasino.com, "Three Card Poker" (https://www.palacasino.com/help-resources/learn-to-play/three-card-poker/):
  "he or she has the option to fold (forfeit Ante bet) or stay in the hand by placing a wager (equal to the
  Ante) on the Play bet"; "To qualify for play, the dealer's three-card hand must contain a Queen or
  higher-value card"; "If Dealer Does Not Qualify: Win Ante bet. Play bet is a push"; "Ante Bonus: Win with a
  straight or better - even if dealer beats player's hand or does not qualify"; the pay tables: Pair Plus
  straight flush 40 to 1, three of a kind 30 to 1, straight 6 to 1, flush 4 to 1, pair 1 to 1; Ante Bonus
  straight flush 5 to 1, three of a kind 4 to 1, straight 1 to 1.
- turlockpoker.com (https://www.turlockpoker.com/three-card-poker/): "Ties push"; bf1069.org (Three Card Poker
  Bonus): "The Pair Plus bet is forfeited if the player folds".

>>> from bragrules.profile.models import Profile
>>> p = Profile.model_validate({"procedure": {"bank": {"kind": "banker", "bank": 20, "min_stake": 1}}})
>>> kind(p)
'each hand plays against the banker alone, never for a pot: the dealer holds the bank and puts up 20 each deal'
>>> BankPolicy.compile(Profile()) is None, BankPolicy.compile(p).bank
(True, Fraction(20, 1))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Dict, List, Literal, Optional, Tuple

from pydantic import BeforeValidator, Field, WithJsonSchema

from bragrules.core.cards import RANK_NAMES, parse_rank
from bragrules.core.i18n import ENGLISH, language, ntr, tr
from bragrules.core.money import ZERO, pretty_money
from bragrules.core.rule_id import Rule, field_rule
from bragrules.rules.area import NOT_NEGATIVE, Area, AreaText, FieldText, Money, Section, _refuse_below, choice
from bragrules.rules.bank_settled import Settled
from bragrules.rules.words import sentence

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

ADPOKER = "adpoker.fr (La banque, banco)"
LIEGE = "wikisource (Glossaire des jeux wallons de Liège, Banque)"
PALA = "palacasino.com (Three Card Poker)"
TURLOCK = "turlockpoker.com (Three Card Poker)"
BF1069 = "bf1069.org (Three Card Poker Bonus)"

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------

def _rank(value: object) -> object:
    """A rank as written: ``10`` (a YAML number) reads as ``"10"``, ``q`` as ``"Q"``."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value.upper() if isinstance(value, str) else value


QualifyRank = Annotated[Literal["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
                        BeforeValidator(_rank)]
"""The least high card a dealer qualifies with."""

Paytable = Annotated[Dict[str, Annotated[int, Field(ge=1, le=1000)]], WithJsonSchema({
    "type": "object", "propertyNames": {"pattern": "^[a-z][a-z0-9_]*$"},
    "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 1000}})]
"""What a hand of each category pays, ``X`` to 1, by the category's name in the ranking."""


class Bank(Area):
    """A banking game: each hand plays against the banker's (a seat, Banco) or the house's (the casino's game)."""

    kind: Optional[Literal["banker", "house"]] = Field(
        None,
        description="Who every hand plays against. `null`: nobody, the hands play against each other for the pot "
        "(every other profile); `banker`: the dealer holds the bank, puts up `bank` each deal and plays each other "
        "player's stake alone (Banco; the bank passes with the deal as `table.rotation` says, `fixed` keeping it "
        "with one seat); `house`: the house banks, its dealer's three cards dealt after the players' and turned "
        "at the end; each player antes `stakes.ante`, then plays (a Play bet equal to the ante) or folds. Sources: "
        + ADPOKER + "; " + PALA + ".",
    )
    bank: Annotated[Money, _refuse_below("zero", "the bank cannot be negative"), NOT_NEGATIVE] = Field(
        Fraction(0),
        description="`kind: banker`: what the banker puts up each deal, the most the stakes may cover in all "
        "(" + ADPOKER + ": \"le banquier dépose une somme établie d'avance\").",
    )
    min_stake: Annotated[Money, _refuse_below("zero", "the least stake cannot be negative"), NOT_NEGATIVE] = Field(
        Fraction(1),
        description="`kind: banker`: the least a player stakes against the bank (less only where less of the "
        "bank is left uncovered); each player stakes in turn, having looked (" + ADPOKER + ": \"Si son jeu est "
        "insuffisant, il fait le minimum fixé\").",
    )
    banco: bool = Field(
        True,
        description="`kind: banker`: whether a player may stake the whole bank alone, calling \"banco\", while "
        "nobody has staked before them; the players after them then sit the deal out (" + ADPOKER + ": \"Il a le "
        "droit de jouer à lui seul tout ce que le banquier a mis sur la table\"). `false`: no one stake covers "
        "the whole bank.",
    )
    carry: bool = Field(
        False,
        description="`kind: banker`: whether the bank carries from deal to deal. `false`: the banker puts up `bank` "
        "afresh each deal and the bank passes with the deal. `true`: what the banker put up stays on the table, "
        "growing with the stakes lost to it and shrinking with those won from it; the banker keeps it for up to "
        "`hold` deals, may pass it after any deal, takes back what is left when it passes, and the next seat "
        "banks (" + ADPOKER + ": \"Le banquier peut donner trois coups de cartes. Vient ensuite le premier joueur "
        "à sa droite, quand il a pris la somme qui reste sur la table\").",
    )
    hold: Annotated[int, Field(ge=1, le=100)] = Field(
        3,
        description="`carry: true`: the most deals one banker deals with the bank before it passes (" + ADPOKER
        + ": \"trois coups de cartes\").",
    )
    broken: Literal["renew", "pass"] = Field(
        "renew",
        description="`carry: true`: a bank broken, taken whole by the stakes won from it. `renew`: the banker may "
        "put up `bank` afresh and deal on, or pass (" + ADPOKER + ": \"Il a le droit, au cours de la partie, de "
        "mettre d'autres sommes, si la première est enlevée par les joueurs\"); `pass`: it passes at once.",
    )
    ties: Literal["bank", "push"] = Field(
        "bank",
        description="Equal hands. `bank`: the banker (or the house) wins (" + LIEGE + ": \"à points égaux, le "
        "banquier bénéficie\"); `push`: the stakes go back (" + TURLOCK + ": \"Ties push\").",
    )
    qualify: Optional[QualifyRank] = Field(
        None,
        description="`kind: house`: the dealer plays only with this card high or better (any pair or better "
        "qualifies); a dealer who does not qualify pays the ante even money and returns the Play bet (" + PALA
        + ": \"the dealer's three-card hand must contain a Queen or higher-value card\"). A rank: `2`, `3`, `4`, "
        "`5`, `6`, `7`, `8`, `9`, `10`, `J`, `Q` (the page's queen), `K` or `A` (`10` may be written as a "
        "number); `null`: the dealer always plays.",
    )
    ante_bonus: Paytable = Field(
        default_factory=dict,
        description="`kind: house`: the Ante Bonus, by the ranking's category names, `X` to 1 on the ante, paid to "
        "a player who played such a hand whatever the dealer holds (" + PALA + ": straight flush 5 to 1, three "
        "of a kind 4 to 1, straight 1 to 1). `{}`: none.",
    )
    pair_plus: Annotated[Money, _refuse_below("zero", "the pair plus stake cannot be negative"), NOT_NEGATIVE] = Field(
        Fraction(0),
        description="`kind: house`: the Pair Plus side bet each player places with the ante, paid by "
        "`pair_plus_pays` on their own hand whatever the dealer holds, and lost with a fold (" + BF1069 + ": "
        "\"The Pair Plus bet is forfeited if the player folds\"). `0`: no Pair Plus.",
    )
    pair_plus_max: Annotated[Money, _refuse_below("zero", "the most pair plus cannot be negative"), NOT_NEGATIVE] = Field(
        Fraction(0),
        description="`kind: house`: above nothing, the Pair Plus is each player's choice, every deal before they "
        "look: to stake from `pair_plus` to this, or nothing (" + PALA + ": \"Players may choose to wager on the "
        "Pair Plus bet\"); `0`: every player places exactly `pair_plus` with the ante.",
    )
    pair_plus_pays: Paytable = Field(
        default_factory=dict,
        description="`kind: house`: what the Pair Plus pays, by the ranking's category names, `X` to 1 (" + PALA
        + ": straight flush 40, three of a kind 30, straight 6, flush 4, pair 1); a hand of a category not "
        "listed loses it.",
    )


def _category_names(p: "Profile") -> List[str]:
    ranking = p.ranking
    if ranking.categories:
        return [c.name for c in ranking.categories if c.name]
    return [str(c) for c in ranking.category_order]


MOOT = ("stakes.", "seeing.", "folding.", "blind.", "session.bonus.")
"""The fields a banking game never reads (its stakes are settled against the bank: no level, see, fold for a pot,
blind play, nor a bonus paid at a showdown), but for ``stakes.ante``: every player antes, into the house's hands
or the banker's."""


def moot(path: str, p: "Profile") -> bool:
    """Whether a banking game leaves the field at ``path`` unread (not in play, whatever its value).

    >>> from bragrules.profile import load_profile
    >>> banco = load_profile("banco")
    >>> moot("stakes.raise_limit.kind", banco), moot("stakes.ante", banco), moot("stakes.raise_limit.kind", load_profile("standard"))
    (True, False, False)
    """
    return p.procedure.bank.kind is not None and path != "stakes.ante" and path.startswith(MOOT)


def check_profile(p: "Profile") -> Optional[Tuple[str, Tuple[str, ...]]]:
    """A banking game the rest of the profile cannot play: (message, the fields in conflict), or None.

    >>> from bragrules.profile.models import Profile
    >>> try:
    ...     Profile.model_validate({"procedure": {"bank": {"kind": "banker"}}})
    ... except ValueError as exc:
    ...     print(str(exc).splitlines()[1].split(", ", 1)[1])
    procedure.bank.bank: a banker puts up a bank above nothing, at least the least stake (procedure.bank.bank, procedure.bank.min_stake) [type=value_error, input_value={'procedure': {'bank': {'kind': 'banker'}}}, input_type=dict]
    """
    bank, fmt = p.procedure.bank, p.format
    if bank.kind is None:
        return None
    paths = ("procedure.bank.kind",)
    if not fmt.betting or fmt.hands != 1 or fmt.exchange.enabled or fmt.lives is not None or fmt.cards_dealt != 3:
        return ("a banking game deals one hand of three cards each, with stakes (format)",
                paths + ("format.betting", "format.hands", "format.exchange.enabled", "format.lives",
                         "format.cards_dealt"))
    if p.session.bankroll != "unlimited" or p.stakes.forced.kind != "none" or p.seeing.side_show.allowed:
        return ("a banking game settles every stake against the bank: unlimited bankrolls, no forced posts, no "
                "side-show (session.bankroll, stakes.forced.kind, seeing.side_show.allowed)",
                paths + ("session.bankroll", "stakes.forced.kind", "seeing.side_show.allowed"))
    if p.procedure.bust_card or p.procedure.trump_card or p.procedure.betting_rounds is not None or p.ranking.wild.select \
            or p.ranking.wild.from_centre:
        return ("a banking game plays no other step of the procedure and no centre cards (procedure, "
                "ranking.wild)", paths + ("procedure.bust_card", "procedure.trump_card", "procedure.betting_rounds"))
    if bank.kind == "banker" and (bank.bank <= 0 or bank.min_stake <= 0 or bank.min_stake > bank.bank):
        return ("a banker puts up a bank above nothing, at least the least stake (procedure.bank.bank, "
                "procedure.bank.min_stake)", ("procedure.bank.bank", "procedure.bank.min_stake"))
    if bank.kind == "house" and bank.pair_plus_max and bank.pair_plus_max < bank.pair_plus:
        return ("a Pair Plus chosen runs from the least to the most: pair_plus_max at least pair_plus "
                "(procedure.bank.pair_plus_max)", ("procedure.bank.pair_plus_max", "procedure.bank.pair_plus"))
    if bank.kind == "house" and p.stakes.ante <= 0:
        return "the house game is played for an ante above nothing (stakes.ante)", paths + ("stakes.ante",)
    names = _category_names(p)
    for path, table in (("procedure.bank.ante_bonus", bank.ante_bonus),
                        ("procedure.bank.pair_plus_pays", bank.pair_plus_pays)):
        unknown = [name for name in table if name not in names]
        if unknown:
            return (f"{path} names {unknown[0]!r}, no category of this ranking ({', '.join(names)})",
                    (path, "ranking.categories"))
    return None


# ---------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------

KIND_RULE: Rule = field_rule("procedure.bank.kind")
BANK_RULE: Rule = field_rule("procedure.bank.bank")
MIN_STAKE_RULE: Rule = field_rule("procedure.bank.min_stake")
BANCO_RULE: Rule = field_rule("procedure.bank.banco")
CARRY_RULE: Rule = field_rule("procedure.bank.carry")
HOLD_RULE: Rule = field_rule("procedure.bank.hold")
BROKEN_RULE: Rule = field_rule("procedure.bank.broken")
TIES_RULE: Rule = field_rule("procedure.bank.ties")
QUALIFY_RULE: Rule = field_rule("procedure.bank.qualify")
ANTE_BONUS_RULE: Rule = field_rule("procedure.bank.ante_bonus")
PAIR_PLUS_RULE: Rule = field_rule("procedure.bank.pair_plus")
PAIR_PLUS_PAYS_RULE: Rule = field_rule("procedure.bank.pair_plus_pays")
PAIR_PLUS_MAX_RULE: Rule = field_rule("procedure.bank.pair_plus_max")
PLAY_RULE: Rule = field_rule("stakes.ante")


@dataclass(frozen=True, slots=True)
class BankPolicy:
    """The banking game as the engine asks it (None when the profile plays for a pot).

    The arithmetic of a settlement is here, exact: :meth:`against_banker` for a stake against a banker seat,
    :meth:`against_house` for the casino game's ante, play and side bet. ``versus`` is the comparison of the
    player's hand with the bank's (1: the player's is better, 0: equal, -1: worse).
    """

    house: bool
    bank: Fraction = ZERO
    min_stake: Fraction = ZERO
    banco: bool = True
    ties_push: bool = False
    qualify: Optional[int] = None
    ante_bonus: Tuple[Tuple[str, int], ...] = ()
    pair_plus: Fraction = ZERO
    pair_plus_pays: Tuple[Tuple[str, int], ...] = ()
    carry: bool = False
    hold: int = 1
    renew: bool = True
    pair_plus_max: Fraction = ZERO

    @classmethod
    def compile(cls, p: "Profile") -> Optional["BankPolicy"]:
        bank = p.procedure.bank
        if bank.kind is None:
            return None
        return cls(bank.kind == "house", bank.bank, bank.min_stake, bank.banco, bank.ties == "push",
                   None if bank.qualify is None else parse_rank(bank.qualify),
                   tuple(bank.ante_bonus.items()), bank.pair_plus, tuple(bank.pair_plus_pays.items()),
                   bank.kind == "banker" and bank.carry, bank.hold, bank.broken == "renew",
                   bank.pair_plus_max if bank.kind == "house" and bank.pair_plus else ZERO)

    def money_amounts(self) -> Tuple[Fraction, ...]:
        """Every amount the bank adds to the profile's (what the money units must count exactly)."""
        return self.bank, self.min_stake, self.pair_plus, self.pair_plus_max

    @property
    def side_chosen(self) -> bool:
        """Whether each player chooses their Pair Plus (``procedure.bank.pair_plus_max``), not placed for them."""
        return self.house and self.pair_plus_max > 0

    def stake_range(self, covered: Fraction, first: bool, bank: Optional[Fraction] = None) -> Tuple[Fraction, Fraction]:
        """The least and the most a player may stake against a banker now (``covered``: the bank the stakes
        before cover; ``first``: nobody has staked yet; ``bank``: the bank this deal, where it carries, else
        ``bank`` put up afresh). The most is what is left uncovered, less the least stake where a banco is not
        allowed and the whole bank is still open.

        >>> policy = BankPolicy(False, Fraction(20), Fraction(2))
        >>> policy.stake_range(ZERO, True), policy.stake_range(Fraction(19), False)
        ((Fraction(2, 1), Fraction(20, 1)), (Fraction(1, 1), Fraction(1, 1)))
        >>> replace(policy, banco=False).stake_range(ZERO, True)
        (Fraction(2, 1), Fraction(18, 1))
        >>> policy.stake_range(ZERO, True, Fraction(35))   # a bank carried, grown to 35
        (Fraction(2, 1), Fraction(35, 1))
        """
        left = (self.bank if bank is None else bank) - covered
        most = left - self.min_stake if first and not self.banco else left
        return min(self.min_stake, left), most

    def against_banker(self, player: str, stake: Fraction, versus: int) -> Settled:
        """A stake against a banker seat: a better hand takes its stake from the bank, a worse one pays it; equal
        hands as ``procedure.bank.ties`` says.

        >>> BankPolicy(False, Fraction(20), Fraction(1)).against_banker("A", Fraction(5), 1).returned
        Fraction(10, 1)
        >>> BankPolicy(False, Fraction(20), Fraction(1)).against_banker("A", Fraction(5), 0).why
        'A, stake 5: equal hands, the banker wins'
        """
        if versus > 0:
            return Settled(player, stake, 2 * stake, (KIND_RULE,), "won", stake)
        if versus == 0 and self.ties_push:
            return Settled(player, stake, stake, (KIND_RULE, TIES_RULE), "tied_pushed", stake)
        if versus == 0:
            return Settled(player, stake, ZERO, (KIND_RULE, TIES_RULE), "tied_lost", stake)
        return Settled(player, stake, ZERO, (KIND_RULE,), "lost", stake)

    def qualifies(self, high_rank: int, above_high_card: bool) -> bool:
        """Whether the dealer plays: any hand above high card, or a high card of ``qualify`` or better.

        >>> policy = BankPolicy(True, qualify=10)   # queen-high
        >>> policy.qualifies(10, False), policy.qualifies(9, False), policy.qualifies(0, True)
        (True, False, True)
        """
        return self.qualify is None or above_high_card or high_rank >= self.qualify

    def pays(self, table: Tuple[Tuple[str, int], ...], category: str) -> int:
        """What ``table`` pays a hand of ``category``, ``X`` to 1 (0: nothing)."""
        for name, times in table:
            if name == category:
                return times
        return 0

    def against_house(self, player: str, ante: Fraction, played: bool, qualifies: bool, versus: int,
                      category: str, side: Optional[Fraction] = None) -> Settled:
        """The casino game's settlement of one player against the dealer: the ante and the Play bet (equal to
        the ante), the Ante Bonus and the Pair Plus.

        palacasino.com's schedule, an ante of 10 and a Pair Plus of 5:

        >>> policy = BankPolicy(True, qualify=10, ties_push=True, ante_bonus=(("running_flush", 5), ("prial", 4),
        ...     ("run", 1)), pair_plus=Fraction(5), pair_plus_pays=(("running_flush", 40), ("pair", 1)))
        >>> policy.against_house("A", Fraction(10), True, False, -1, "high_card").returned   # no qualifier: ante won, play back
        Fraction(30, 1)
        >>> policy.against_house("A", Fraction(10), True, True, 1, "pair").returned     # both bets won, pair plus 1 to 1
        Fraction(50, 1)
        >>> s = policy.against_house("A", Fraction(10), True, True, -1, "running_flush")  # lost, but the bonuses
        >>> s.returned, s.staked, s.outcome, s.bonus, s.side_pays
        (Fraction(255, 1), Fraction(25, 1), 'lost', 5, 40)
        >>> s.why
        "A: played; the dealer's hand is better: the ante and the Play bet are lost; the Ante Bonus pays 5 to 1; the Pair Plus pays 40 to 1"
        >>> policy.against_house("A", Fraction(10), False, True, 1, "pair").returned      # a fold loses everything
        Fraction(0, 1)
        >>> policy.against_house("A", Fraction(10), True, True, 1, "pair", side=Fraction(0)).returned  # no Pair Plus
        Fraction(40, 1)
        """
        side = self.pair_plus if side is None else side  # the Pair Plus the player staked (chosen, or placed)
        if not played:
            return Settled(player, ante + side, ZERO, (KIND_RULE,) + ((PAIR_PLUS_RULE,) if side else ()), "folded",
                           ante, True, side=side)
        rules: List[Rule] = [KIND_RULE]
        if not qualifies:
            rules.append(QUALIFY_RULE)
            outcome, returned = "not_qualified", 3 * ante
        elif versus > 0:
            outcome, returned = "won", 4 * ante
        elif versus == 0 and self.ties_push:
            rules.append(TIES_RULE)
            outcome, returned = "tied_pushed", 2 * ante
        else:
            rules.append(TIES_RULE) if versus == 0 else None
            outcome, returned = ("tied_lost" if versus == 0 else "lost"), ZERO
        if self.qualify is not None and qualifies:
            rules.append(QUALIFY_RULE)
        bonus = self.pays(self.ante_bonus, category)
        if bonus:
            rules.append(ANTE_BONUS_RULE)
            returned += bonus * ante
        times = self.pays(self.pair_plus_pays, category) if side else 0
        if side:
            rules.append(PAIR_PLUS_RULE)
        if times:
            rules.append(PAIR_PLUS_PAYS_RULE)
            returned += (times + 1) * side
        return Settled(player, 2 * ante + side, returned, tuple(dict.fromkeys(rules)), outcome, ante, True, bonus,
                       side, times)


# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------


def _on(p: "Profile") -> bool:
    return p.procedure.bank.kind is not None


def _banker(p: "Profile") -> bool:
    return p.procedure.bank.kind == "banker"


def _house(p: "Profile") -> bool:
    return p.procedure.bank.kind == "house"


def _rank_word(rank: str) -> str:
    return RANK_NAMES[parse_rank(rank)]


def kind(p: "Profile") -> str:
    """Who every hand plays against (``procedure.bank.kind``)."""
    bank = p.procedure.bank
    if bank.kind is None:
        return tr("the hands play against each other for the pot")
    if bank.kind == "banker":
        if bank.carry:
            return tr("each hand plays against the banker alone, never for a pot: the banker puts up {amount} on "
                      "taking the bank and keeps it from deal to deal until it passes", amount=pretty_money(bank.bank))
        if p.table.rotation == "fixed":
            return tr("each hand plays against the banker alone, never for a pot: one seat keeps the bank and puts "
                      "up {amount} each deal", amount=pretty_money(bank.bank))
        return tr("each hand plays against the banker alone, never for a pot: the dealer holds the bank and puts up "
                  "{amount} each deal", amount=pretty_money(bank.bank))
    return tr("each hand plays against the house's dealer, never for a pot: each player antes {amount}, looks, then "
              "plays (a Play bet equal to the ante) or folds; the dealer's three cards are turned at the end",
              amount=pretty_money(p.stakes.ante))


def bank_amount(p: "Profile") -> str:
    if p.procedure.bank.carry:
        return tr("the banker puts up {amount} when taking the bank", amount=pretty_money(p.procedure.bank.bank))
    return tr("the banker puts up {amount} each deal", amount=pretty_money(p.procedure.bank.bank))


CARRY = choice(
    "procedure.bank.carry",
    lambda p: p.procedure.bank.carry,
    {True: "the bank carries from deal to deal, growing with the stakes lost to it and shrinking with those won "
           "from it; when it passes, the banker takes back what is left and the next seat banks",
     False: "the banker puts up the bank afresh each deal and it passes with the deal"},
    {"true": ADPOKER, "false": "house rule"},
    _banker,
    later=True,
)


def hold(p: "Profile") -> str:
    hold = p.procedure.bank.hold
    return ntr("a banker deals at most {count} deal with the bank, then passes it",
               "a banker deals at most {count} deals with the bank and may pass it after any of them",
               hold, count=hold)


BROKEN = choice(
    "procedure.bank.broken",
    lambda p: p.procedure.bank.broken,
    {"renew": "a broken bank (taken whole) may be put up afresh by its banker, or passed",
     "pass": "a broken bank (taken whole) passes at once"},
    {"renew": ADPOKER, "pass": "house rule"},
    lambda p: _banker(p) and p.procedure.bank.carry,
    later=True,
)


def min_stake(p: "Profile") -> str:
    return tr("each player, in turn and having looked, stakes at least {amount} against the bank, at most what is "
              "left of it uncovered", amount=pretty_money(p.procedure.bank.min_stake))


BANCO = choice(
    "procedure.bank.banco",
    lambda p: p.procedure.bank.banco,
    {True: "the first to stake may call \"banco\" and stake the whole bank alone; everyone after sits the deal out",
     False: "no one stake may cover the whole bank (no banco)"},
    {"true": ADPOKER, "false": "house rule"},
    _banker,
    later=True,
)

TIES = choice(
    "procedure.bank.ties",
    lambda p: p.procedure.bank.ties,
    {"bank": "equal hands: the bank wins", "push": "equal hands: the stakes go back"},
    {"bank": LIEGE, "push": TURLOCK},
    _on,
    later=True,
)


def qualify(p: "Profile") -> str:
    rank = p.procedure.bank.qualify
    if rank is None:
        return tr("the dealer always plays")
    return tr("the dealer plays only with {rank}-high or better; a dealer who does not qualify pays the ante even "
              "money and returns the Play bet", rank=_rank_word(rank) if language() == ENGLISH else rank)


def _table_words(table: Dict[str, int], p: "Profile") -> str:
    from bragrules.rules.vocabulary import hand_word

    return ("、" if language() == "zh" else ", ").join(tr("{hand} {times} to 1", hand=hand_word(p, name) if name in _STANDARD else
                        tr(name.replace("_", " ")), times=times) for name, times in table.items())


def ante_bonus(p: "Profile") -> str:
    table = p.procedure.bank.ante_bonus
    if not table:
        return tr("there is no Ante Bonus")
    return tr("the Ante Bonus pays a player who plays, whatever the dealer holds: {table}", table=_table_words(table, p))


def pair_plus(p: "Profile") -> str:
    stake = p.procedure.bank.pair_plus
    if not stake:
        return tr("there is no Pair Plus bet")
    return tr("each player places a Pair Plus bet of {amount} with the ante, paid on their own hand whatever the "
              "dealer holds, and lost with a fold", amount=pretty_money(stake))


def pair_plus_max(p: "Profile") -> str:
    bank = p.procedure.bank
    return tr("each player chooses, every deal before looking, to stake a Pair Plus of {low} to {high}, or none",
              low=pretty_money(bank.pair_plus), high=pretty_money(bank.pair_plus_max))


def pair_plus_pays(p: "Profile") -> str:
    table = p.procedure.bank.pair_plus_pays
    if not table:
        return tr("the Pair Plus pays nothing")
    return tr("the Pair Plus pays {table}", table=_table_words(table, p))


def bank_section(p: "Profile") -> Optional[Section]:
    """The rulebook's section on the bank (none for a game played for a pot)."""
    if not _on(p):
        return None
    sec = Section("bank", tr("Playing against the bank"))
    sec.para(sentence(kind(p)))
    if _banker(p):
        carried = [sentence(CARRY.sentence(p)), sentence(hold(p)), sentence(BROKEN.sentence(p))] \
            if p.procedure.bank.carry else []
        sec.bullets([sentence(min_stake(p)), sentence(BANCO.sentence(p)), sentence(TIES.sentence(p)),
                     tr("A better hand than the banker's takes its stake from the bank; a worse one pays its stake."),
                     *carried])
    else:
        sec.bullets([sentence(qualify(p)), sentence(TIES.sentence(p)), sentence(ante_bonus(p)),
                     sentence(pair_plus(p)) if p.procedure.bank.pair_plus and not p.procedure.bank.pair_plus_max
                     else sentence(pair_plus_max(p)) if p.procedure.bank.pair_plus else "",
                     sentence(pair_plus_pays(p)) if p.procedure.bank.pair_plus else ""])
    return sec


FIELDS: Tuple[FieldText, ...] = (
    FieldText("procedure.bank.kind", lambda p: p.procedure.bank.kind, kind,
              {"null": "000, 002, 003", "banker": ADPOKER, "house": PALA}, later=True),
    FieldText("procedure.bank.bank", lambda p: p.procedure.bank.bank, bank_amount,
              {"0": "000", "*": ADPOKER + ": the sum agreed"}, _banker, later=True),
    FieldText("procedure.bank.min_stake", lambda p: p.procedure.bank.min_stake, min_stake,
              {"*": ADPOKER + ": \"le minimum fixé\""}, _banker, later=True),
    replace(BANCO),
    replace(CARRY),
    FieldText("procedure.bank.hold", lambda p: p.procedure.bank.hold, hold, {"3": ADPOKER, "*": "house rule"},
              lambda p: _banker(p) and p.procedure.bank.carry, later=True),
    replace(BROKEN),
    replace(TIES),
    FieldText("procedure.bank.qualify", lambda p: p.procedure.bank.qualify, qualify,
              {"null": "house rule", "Q": PALA, "*": "house rule"}, _house, later=True),
    FieldText("procedure.bank.ante_bonus", lambda p: p.procedure.bank.ante_bonus, ante_bonus,
              {"{}": "house rule", "*": PALA}, _house, later=True),
    FieldText("procedure.bank.pair_plus", lambda p: p.procedure.bank.pair_plus, pair_plus,
              {"0": "house rule", "*": PALA + "; " + BF1069}, _house, later=True),
    FieldText("procedure.bank.pair_plus_max", lambda p: p.procedure.bank.pair_plus_max, pair_plus_max,
              {"0": "house rule", "*": PALA + ": the Pair Plus is the player's choice"},
              lambda p: _house(p) and bool(p.procedure.bank.pair_plus), later=True),
    FieldText("procedure.bank.pair_plus_pays", lambda p: p.procedure.bank.pair_plus_pays, pair_plus_pays,
              {"{}": "house rule", "*": PALA}, lambda p: _house(p) and bool(p.procedure.bank.pair_plus), later=True),
)


def joined(text: AreaText) -> AreaText:
    """The procedure area's texts with the bank's fields and section beside them."""
    return replace(text, fields=(*text.fields, *FIELDS), sections=(*text.sections, (26, bank_section)))


_STANDARD = ("prial", "running_flush", "run", "flush", "pair", "high_card")
"""The categories the vocabulary may name (any other is said by its own name)."""

__all__ = ["ANTE_BONUS_RULE", "BANCO_RULE", "BANK_RULE", "BROKEN_RULE", "Bank", "BankPolicy", "CARRY_RULE", "FIELDS",
           "HOLD_RULE", "KIND_RULE",
           "MIN_STAKE_RULE", "PAIR_PLUS_MAX_RULE", "PAIR_PLUS_PAYS_RULE", "PAIR_PLUS_RULE", "QUALIFY_RULE", "Settled", "TIES_RULE",
           "check_profile", "joined"]
