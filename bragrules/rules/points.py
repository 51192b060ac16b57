"""Points for a session (13-card Crash): points per hand won, a bonus for winning every hand, a target,
and the spare hand a short table may take.

Part of the session area (``session.points``): the model, its policy (the questions the engine asks
at the settlement of a deal and between deals), the sentences and the rulebook lines. A profile that
leaves ``session.points.target`` unset plays no points: the policy compiles to None and the engine
asks nothing.

The pages:

- ourpastimes.com (Crash): "The highest first hand scores a single point. ... The total number of
  points available in a single round is four, unless one person wins all four points in a given
  round. He would then earn an additional point since a "crash" took place. Win the game of Crash by
  being the first person to reach 21 points."
- boardgamearena (Crash): "If you won all 4 hands, score 1 bonus point"; "In case of a tie, nobody
  scores the point"; "if one or more players have reached the target score (which is 7, 10 or 15
  ...), then the player with the highest score wins. Ties are possible."
- androidfreeware.mobi (Crash - 13 Card Brag Game): "Players generally aim to reach a total of 15
  points"; "the users can select 7 to 15 points to end a game"; "If hands are tied, no one scores."
- pagat.com (Multiple Brag): "If more than one player gets exactly 15 exactly in the same time then
  we play one more round as a 'sudden death' playoff."
- gamerules.com (Crash, 13 Card Brag): "There are still four 13-card hands dealt, 3 hands to the
  players and one spare hand. Beginning with the player to the left of the dealer, players can
  discard their hand and exchange it with the spare hand. It is often played that an additional
  stake must be placed if you take the spare hand."

>>> from bragrules.profile.models import Profile
>>> policy = PointsPolicy.compile(Profile.model_validate({"format": {"cards_dealt": 9, "hands": 3,
...     "betting": False}, "stakes": {"ante": 0}, "table": {"max_players": 5}, "session": {"points": {"target": 21}}}))
>>> policy.score({"A": 3, "B": 0, "C": 0}, hands=3)
{'A': 4, 'B': 0, 'C': 0}
>>> policy.is_over({"A": 20, "B": 21}), policy.winners({"A": 21, "B": 21, "C": 3})
(True, ['A', 'B'])
>>> PointsPolicy.compile(Profile()) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Dict, List, Literal, Optional, Sequence, Tuple

from pydantic import Field

from bragrules.core.i18n import ntr, tr
from bragrules.core.rule_id import field_rule
from bragrules.rules.area import NOT_NEGATIVE, Area, FieldText, Money, _refuse_below, choice
from bragrules.rules.wild_select import centre_count
from bragrules.rules.words import money_text

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

OURPASTIMES = "http://ourpastimes.com/play-card-game-crash-4516398.html"
BGA = "https://fi.boardgamearena.com/gamepanel?game=crash"
BGA_HELP = "https://en.doc.boardgamearena.com/Gamehelpcrash"
ANDROID = "https://www.androidfreeware.mobi/download-com-dynamitegamesltd-crashcardgame.html"
PAGAT = "http://www.pagat.com/invented/multiple_brag.html"
GAMERULES = "https://gamerules.com/rules/crash-card-brag/"


# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


class Points(Area):
    """Points scored over a session, toward a target (13-card Crash)."""

    target: Optional[int] = Field(
        None, ge=1, le=1000,
        description="The points that end the session: after the deal in which a player reaches them, the "
        f"player with the most points wins ({OURPASTIMES}: \"Win the game of Crash by being the first person "
        f"to reach 21 points\"; {ANDROID}: \"Players generally aim to reach a total of 15 points\", \"the "
        f"users can select 7 to 15 points\"; {BGA_HELP}: \"7, 10 or 15\"). Each hand of a deal is compared "
        "across the table and its single best scores `per_hand`; a tied hand scores nothing "
        f"({BGA_HELP}: \"In case of a tie, nobody scores the point\"; {ANDROID}: \"If hands are tied, no "
        "one scores\"). Needs several hands (`format.hands`) and no betting. `null`: no points are kept.",
    )
    per_hand: int = Field(
        1, ge=1, le=100,
        description=f"Points for each hand won ({OURPASTIMES}: \"The highest first hand scores a single "
        "point\").",
    )
    all_hands_bonus: int = Field(
        1, ge=0, le=100,
        description="Further points for a player who wins every hand of a deal, the crash "
        f"({OURPASTIMES}: \"unless one person wins all four points in a given round. He would then earn "
        f"an additional point since a \"crash\" took place\"; {BGA}: \"If you won all 4 hands, score 1 "
        "bonus point\"). `0`: no bonus.",
    )
    at_target: Literal["highest", "sudden_death"] = Field(
        "highest",
        description="Several players at or past the target after the same deal. `highest`: the most points "
        f"wins, equal scores sharing the win ({BGA_HELP}: \"the player with the highest score wins. Ties "
        "are possible\"); `sudden_death`: while the most points are shared, one more deal is played, and "
        f"so on until one player alone has the most ({PAGAT}: \"If more than one player gets exactly 15 "
        "exactly in the same time then we play one more round as a 'sudden death' playoff\").",
    )
    spare_hand: bool = Field(
        False,
        description="Whether a spare hand is dealt when the pack has the cards for one more player "
        f"({GAMERULES}: \"There are still four 13-card hands dealt, 3 hands to the players and one spare "
        "hand. Beginning with the player to the left of the dealer, players can discard their hand and "
        f"exchange it with the spare hand\"; {BGA}: \"In turn order, each player is given the option to "
        "replace their cards with the 13 undealt cards. If someone does, everyone else must keep the "
        "cards they were dealt\"). At their turn to arrange, before arranging, a player may `take` it, "
        "their own cards discarded; once it is taken nobody else may.",
    )
    spare_stake: Annotated[Money, _refuse_below("zero", "a stake cannot be negative"), NOT_NEGATIVE] = Field(
        Fraction(0),
        description="What taking the spare hand costs, paid into the pot of the deal (which goes as "
        f"`format.win_rule` says, or carries) ({GAMERULES}: \"It is often played that an additional stake "
        "must be placed if you take the spare hand\"). `0`: taken for nothing.",
    )


def check_points(p: "Profile") -> Optional[Tuple[str, Tuple[str, ...]]]:
    """Why a profile's points cannot be played (the message and the fields), or None.

    >>> from bragrules.profile.models import Profile
    >>> check_points(Profile.model_validate({}).model_copy(update={}))  # no points: nothing to check
    """
    points = p.session.points
    if points.target is None:
        if points.spare_hand or points.spare_stake:
            return ("a spare hand is part of a points game: set session.points.target",
                    ("session.points.spare_hand", "session.points.target"))
        return None
    if p.format.hands < 2 or p.format.betting or p.format.lives is not None:
        return ("points are scored hand by hand, with several hands each (format.hands) and no betting "
                "(format.betting: false) nor lives", ("session.points.target", "format.hands", "format.betting"))
    if points.spare_hand and centre_count(p.ranking.wild):
        return ("the spare hand is dealt face down where face-up centre cards would lie: it cannot be played "
                "with wild cards chosen from the centre", ("session.points.spare_hand", "ranking.wild.from_centre"))
    if points.spare_stake and not points.spare_hand:
        return ("spare_stake is what the spare hand costs, but no spare hand is dealt: set spare_hand: true",
                ("session.points.spare_stake", "session.points.spare_hand"))
    return None


# ---------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------

TARGET_RULE = field_rule("session.points.target")
PER_HAND_RULE = field_rule("session.points.per_hand")
BONUS_RULE = field_rule("session.points.all_hands_bonus")
AT_TARGET_RULE = field_rule("session.points.at_target")
SPARE_HAND_RULE = field_rule("session.points.spare_hand")
SPARE_STAKE_RULE = field_rule("session.points.spare_stake")


@dataclass(frozen=True, slots=True)
class PointsPolicy:
    """The points as the engine asks them: a deal's points from the hands each player won, whether the
    session is over, who won it, and the spare hand."""

    target: int
    per_hand: int
    bonus: int
    sudden_death: bool
    spare_hand: bool
    spare_stake: Fraction

    @classmethod
    def compile(cls, p: "Profile") -> Optional["PointsPolicy"]:
        points = p.session.points
        if points.target is None:
            return None
        return cls(points.target, points.per_hand, points.all_hands_bonus, points.at_target == "sudden_death",
                   points.spare_hand, points.spare_stake)

    def score(self, won: Dict[str, int], hands: int) -> Dict[str, int]:
        """A deal's points: ``won`` is how many hands each player won outright (a tied hand is won by
        nobody); a player who won all ``hands`` also scores the bonus.

        >>> PointsPolicy(21, 1, 1, False, False, Fraction(0)).score({"A": 2, "B": 1}, hands=4)
        {'A': 2, 'B': 1}
        """
        return {p: n * self.per_hand + (self.bonus if n == hands else 0) for p, n in won.items()}

    def is_over(self, scores: Dict[str, int]) -> bool:
        """Whether the session ends now: somebody is at or past the target (with sudden death, and the
        most points held by one player alone).

        >>> sudden = PointsPolicy(15, 1, 1, True, False, Fraction(0))
        >>> sudden.is_over({"A": 15, "B": 15}), sudden.is_over({"A": 16, "B": 15}), sudden.is_over({"A": 3})
        (False, True, False)
        """
        if not scores:
            return False
        top = max(scores.values())
        if top < self.target:
            return False
        return not self.sudden_death or sum(1 for v in scores.values() if v == top) == 1

    def winners(self, scores: Dict[str, int]) -> List[str]:
        """The players with the most points (equal scores share), in seat order."""
        top = max(scores.values())
        return [p for p, v in scores.items() if v == top]

    def reasons(self, points: Dict[str, int], hands: int) -> Tuple[str, ...]:
        """The rules that decided a deal's points, for a ruling to cite: a point a hand, and the bonus when
        a player won every hand (only they reach ``hands * per_hand + bonus``).

        >>> PointsPolicy(21, 1, 1, False, False, Fraction(0)).reasons({"A": 5, "B": 0}, hands=4)
        ('session.points.per_hand', 'session.points.all_hands_bonus')
        """
        found: List[str] = [PER_HAND_RULE]
        if self.bonus and any(n == hands * self.per_hand + self.bonus for n in points.values()):
            found.append(BONUS_RULE)
        return tuple(found)


def spare_dealt(players: int, cards_dealt: int, pack_size: int, policy: Optional[PointsPolicy]) -> bool:
    """Whether a spare hand is dealt to a table of ``players`` (only with the points' spare hand, and
    when the pack holds one more player's cards).

    >>> spare_dealt(3, 13, 52, PointsPolicy(21, 1, 1, False, True, Fraction(0))), spare_dealt(4, 13, 52, None)
    (True, False)
    """
    return policy is not None and policy.spare_hand and (players + 1) * cards_dealt <= pack_size


def score_text(scores: Dict[str, int], order: Sequence[str]) -> str:
    """Scores in words, for a reason or a line of play.

    >>> score_text({"A": 3, "B": 1}, ["A", "B"])
    'A 3, B 1'
    """
    return ", ".join(f"{p} {scores.get(p, 0)}" for p in order)


# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------


def _points(p: "Profile") -> bool:
    return p.session.points.target is not None


def target(p: "Profile") -> str:
    value = p.session.points.target
    if value is None:
        return tr("no points are kept")
    return ntr("a session is played to {n} point: it ends after the deal in which a player reaches them, and the "
               "most points wins",
               "a session is played to {n} points: it ends after the deal in which a player reaches them, and the "
               "most points wins", value)


def per_hand(p: "Profile") -> str:
    return ntr("each hand won scores {n} point; a tied hand scores nothing",
               "each hand won scores {n} points; a tied hand scores nothing", p.session.points.per_hand)


def all_hands_bonus(p: "Profile") -> str:
    value = p.session.points.all_hands_bonus
    if value == 0:
        return tr("winning every hand of a deal scores nothing more")
    return ntr("a player who wins every hand of a deal (a crash) scores {n} point more",
               "a player who wins every hand of a deal (a crash) scores {n} points more", value)


AT_TARGET_TEXT = {
    "highest": "when several reach the target together the most points wins, equal scores sharing the win",
    "sudden_death": "when several reach the target together with the same score, one more deal is played, "
                    "and so on until one player alone has the most",
}


def spare_hand(p: "Profile") -> str:
    if not p.session.points.spare_hand:
        return tr("no spare hand is dealt")
    return tr("when the pack holds one more player's cards a spare hand is dealt face down; in turn, before "
              "arranging, a player may take it and discard their own, and once it is taken nobody else may")


def spare_stake(p: "Profile") -> str:
    value = p.session.points.spare_stake
    if not value:
        return tr("the spare hand costs nothing to take")
    return tr("a player who takes the spare hand pays {amount} into the pot", amount=money_text(value))


def rulebook_lines(p: "Profile") -> List[str]:
    """The session section's lines for a points game (empty when no points are kept)."""
    from bragrules.rules.words import sentence

    if not _points(p):
        return []
    lines = [sentence(target(p)), sentence(per_hand(p)), sentence(all_hands_bonus(p)),
             sentence(tr(AT_TARGET_TEXT[p.session.points.at_target]))]
    if p.session.points.spare_hand:
        lines += [sentence(spare_hand(p)), sentence(spare_stake(p))]
    return lines


OURPASTIMES_NAME = "ourpastimes.com (How to Play the Card Game Crash)"
BGA_NAME = "boardgamearena.com (Crash)"
ANDROID_NAME = "androidfreeware.mobi (Crash - 13 Card Brag Game)"
PAGAT_NAME = "pagat.com (Multiple Brag)"
GAMERULES_NAME = "gamerules.com (Crash, 13 Card Brag)"

FIELDS = (
    FieldText("session.points.target", lambda p: p.session.points.target, target,
              {"null": "the standard game (no points)", "21": OURPASTIMES_NAME, "15": f"{ANDROID_NAME}; {PAGAT_NAME}",
               "*": f"{ANDROID_NAME} (7 to 15); {BGA_NAME} (7, 10 or 15)"},
              later=True),
    FieldText("session.points.per_hand", lambda p: p.session.points.per_hand, per_hand,
              {"1": f"{OURPASTIMES_NAME}; {BGA_NAME}", "*": "house rule"}, in_play=_points, later=True),
    FieldText("session.points.all_hands_bonus", lambda p: p.session.points.all_hands_bonus, all_hands_bonus,
              {"1": f"{OURPASTIMES_NAME}; {BGA_NAME}", "0": "house rule (no crash bonus)", "*": "house rule"},
              in_play=_points, later=True),
    choice("session.points.at_target", lambda p: p.session.points.at_target, AT_TARGET_TEXT,
           {"highest": BGA_NAME, "sudden_death": PAGAT_NAME}, in_play=_points, later=True),
    FieldText("session.points.spare_hand", lambda p: p.session.points.spare_hand, spare_hand,
              {"true": f"{GAMERULES_NAME}; {BGA_NAME}", "false": OURPASTIMES_NAME}, in_play=_points,
              choices={True: "a spare hand is dealt when the pack holds one, and may be taken in turn",
                       False: "no spare hand is dealt"}, later=True),
    FieldText("session.points.spare_stake", lambda p: p.session.points.spare_stake, spare_stake,
              {"0": BGA_NAME, "*": f"{GAMERULES_NAME} (\"an additional stake\")"},
              in_play=lambda p: _points(p) and p.session.points.spare_hand, later=True),
)
"""The ``FieldText`` of each points field, in the session area's list."""


__all__ = ["AT_TARGET_RULE", "BONUS_RULE", "FIELDS", "PER_HAND_RULE", "Points", "PointsPolicy",
           "SPARE_HAND_RULE", "SPARE_STAKE_RULE", "TARGET_RULE", "check_points", "rulebook_lines",
           "score_text", "spare_dealt"]
