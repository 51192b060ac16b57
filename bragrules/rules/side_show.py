"""The side-show (Teen Patti's "compromise"): a seen player asks the previous seen player for a
private comparison of hands; the weaker hand folds (``seeing.side_show``).

The rule lives here whole, beside the see (:mod:`bragrules.rules.seeing` holds only its field):
its part of the model (:class:`SideShow`), its identities, its policy
(:class:`SideShowPolicy`, the refusals the engine asks through :mod:`bragrules.rules.hooks`),
its sentences, its rulebook section and its field texts (joined to the seeing area's,
:func:`joined`). The engine's phase is :mod:`bragrules.engine.side_show`.

The pages it comes from:

- teenpatti.9game (http://teenpatti.9game.com/guide/news-85367.html): "When a player's turn comes,
  he or she can call in for a side show. This is done after putting the bet amount. Side show is
  done with the player who bet before the side show caller. If the other player accepts the side
  show request, then both players privately compare their cards. The winner will keep the card and
  the player with the lower card has to fold."
- unfetteredblather (https://unfetteredblather.com/teen-patti-how-to-play/): "after you have placed
  the minimum bet which is double the present amount at stake, you can then ask the player who
  placed a bet prior to you for a compromise. If the player accepts the compromise, you and he
  compare cards in private and the one with the lower ranking hand folds. If the player refuses,
  then betting goes on as usual."
- jungleeteenpatti (https://jungleeteenpatti.com/Learn-TeenPatti.html): "Sideshow is enabled only
  if a player has seen their cards and the previous player has also seen their cards. It can only
  be initiated when there are more than two active players left at the table."
- mega888 (https://www.mega888.com.ph/game-list/teen-patti-joker-jili/): "If three or more players
  in the same game that the opponent can choose whether to agree to show." "If the hands are equal
  in a show (or a sideshow), the player who asked for a show (or a sideshow) must fold."
- dev.to downloaddotzone (https://dev.to/downloaddotzone/teen-patti-gold-play-desi-poker-online-1po5):
  "A player can request the previous player (player who played last) to do a side pot if both the
  players have seen their cards. [...] If he rejects, then the player playing will be asked to pay
  the amount that the previous player bet. [...] if the hands of both the players are the same,
  then the player requesting will be asked to fold."
- kaygamestp (https://kaygamestp.com/classicrules.html): "A seen player can challenge another seen
  player to compare hands. If accepted, the weaker hand folds. If refused, the challenger must
  continue playing."
- pattitermsindia (https://pattitermsindia.com/blog/teen-patti-rules-questions/): a side-show only
  when both players have seen and more than two are still in.
- 3pattimaster, "side show kya hota hai"
  (https://3pattimaster.com/blog/teen-patti-side-show-kya-hota-hai-explained): "a player who has placed
  the same stake as another player may request a side show with that player"; "Betting reaches a stage
  where two players have placed equal stakes." Some tables ask for equal stakes
  (``seeing.side_show.equal_stakes``).

>>> from bragrules.profile.models import Profile
>>> p = Profile.model_validate({"seeing": {"side_show": {"allowed": True}}})
>>> side_show(p)
'a seen player may ask the previous player, if seen, for a side-show while three or more are in'
>>> SideShowPolicy.compile(Profile()) is None, SideShowPolicy.compile(p).min_in_play
(True, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal, Optional, Tuple

from pydantic import Field

from bragrules.core.i18n import N_, Later, ntr, tr
from bragrules.core.rule_id import Rule, field_rule
from bragrules.rules.area import Area, AreaText, FieldText, Section, choice
from bragrules.rules.hooks import AreaPolicy, Betting, Bettor, Refusal, refusal
from bragrules.rules.words import number_said, sentence

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

_9GAME = "teenpatti.9game.com"
_BLATHER = "unfetteredblather.com"
_JUNGLEE = "jungleeteenpatti.com"
_MEGA = "mega888.com.ph"
_DEVTO = "dev.to (Teen Patti Gold)"
_KAY = "kaygamestp.com"
_TERMS = "pattitermsindia.com"
_MASTER = "3pattimaster.com"
_TP = "house rule (Teen Patti): "
_KYA = "3pattimaster.com (side show kya hota hai)"

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


class SideShow(Area):
    """The side-show: a private comparison between a seen player and the previous seen player."""

    allowed: bool = Field(
        False,
        description="Whether a seen player, at their turn, may ask the previous player still in (who must be "
        "seen too, and have bet) for a side-show: the two compare hands privately and the weaker folds. "
        f"{_9GAME}: \"Side show is done with the player who bet before the side show caller. If the other "
        "player accepts the side show request, then both players privately compare their cards [...] the "
        f"player with the lower card has to fold\"; {_JUNGLEE}: \"Sideshow is enabled only if a player has "
        "seen their cards and the previous player has also seen their cards\"; "
        f"{_KAY}: \"A seen player can challenge another seen player to compare hands\". The asked player "
        "accepts or refuses; only the two see the hands compared, everyone sees who folded. Only in formats "
        "of one hand each, with betting.",
    )
    min_in_play: int = Field(
        3,
        ge=3,
        description="How many players must still be in for a side-show (with two left it is a see). "
        f"{_JUNGLEE}: \"It can only be initiated when there are more than two active players left at the "
        f"table\"; {_MEGA}: \"If three or more players in the same game\"; {_TERMS}.",
    )
    cost: Literal["chaal", "none"] = Field(
        "chaal",
        description="What asking costs. `chaal`: the asker pays the least bet a seen player may make now (the "
        "chaal) as their bet for the turn, and asks with it: " + f"{_9GAME}: \"This is done after putting the "
        f"bet amount\"; {_BLATHER}: \"after you have placed the minimum bet which is double the present "
        "amount at stake, you can then ask\". `none`: asking costs nothing (" + f"{_DEVTO}, {_KAY}" + ": "
        "the price comes with a refusal, `refused: asker_pays`).",
    )
    tie: Literal["asker_folds", "both_stay"] = Field(
        "asker_folds",
        description="Equal hands at a side-show. `asker_folds`: the player who asked folds "
        f"({_MEGA}: \"If the hands are equal in a show (or a sideshow), the player who asked for a show (or "
        f"a sideshow) must fold\"; {_DEVTO}: \"if the hands of both the players are the same, then the "
        "player requesting will be asked to fold\"); `both_stay`: nobody folds and play goes on "
        f"({_MASTER}: \"Other groups split the pot or compare suits to break ties\").",
    )
    refused: Literal["play_on", "asker_pays"] = Field(
        "play_on",
        description="A refused side-show. `play_on`: betting goes on with the next player "
        f"({_BLATHER}: \"If the player refuses, then betting goes on as usual\"); `asker_pays`: the turn "
        "comes back to the asker, who must now bet (at least the chaal) or see, and may not fold "
        f"({_DEVTO}: \"If he rejects, then the player playing will be asked to pay the amount that the "
        f"previous player bet\"; {_KAY}: \"If refused, the challenger must continue playing\").",
    )
    equal_stakes: bool = Field(
        False,
        description="Whether a side-show needs the two stakes equal: everything the asker has put into the pot "
        "this deal (the ante and, where asking costs the chaal, the chaal paid with the request) equals what the "
        "asked player has put in. A player who stayed blind longer, or raised, has a stake the other has not "
        f"matched, and may not be asked. {_KYA}: \"a player who has placed the same stake as another player may "
        "request a side show with that player\"; \"Betting reaches a stage where two players have placed equal "
        "stakes.\" `false`: the stakes may differ (the pages above that name no such condition).",
    )


# ---------------------------------------------------------------------------
# The policy
# ---------------------------------------------------------------------------

ALLOWED_RULE = field_rule("seeing.side_show.allowed")
MIN_IN_PLAY_RULE = field_rule("seeing.side_show.min_in_play")
COST_RULE = field_rule("seeing.side_show.cost")
TIE_RULE = field_rule("seeing.side_show.tie")
REFUSED_RULE = field_rule("seeing.side_show.refused")
EQUAL_STAKES_RULE = field_rule("seeing.side_show.equal_stakes")

_AFTER_REFUSAL = ("fold", "check", "sideshow")
"""What an asker whose side-show was just refused may not do under ``refused: asker_pays``."""


@dataclass(frozen=True, slots=True)
class SideShowPolicy(AreaPolicy):
    """The side-show as the engine asks it (None when the profile has none: nothing is asked).

    >>> from types import SimpleNamespace as record
    >>> policy = SideShowPolicy(min_in_play=3, pays_chaal=True, asker_folds_tie=True, asker_pays=False)
    >>> seen_b = record(name="B", seen=True)
    >>> table = record(in_play_count=3, previous_bettor=lambda name: seen_b, has_bet=lambda name: True,
    ...                side_show_refused=None)
    >>> policy.refusal(table, record(name="C", seen=True), "sideshow") is None
    True
    >>> policy.refusal(table, record(name="C", seen=False), "sideshow").rule
    'seeing.side_show.allowed'
    >>> policy.refusal(record(**{**vars(table), "in_play_count": 2}), record(name="C", seen=True), "sideshow").message
    'a side-show needs three players still in; 2 are'
    """

    min_in_play: int
    pays_chaal: bool
    """The asker pays the chaal with the request (``seeing.side_show.cost: chaal``)."""
    asker_folds_tie: bool
    """Equal hands: the asker folds (``seeing.side_show.tie: asker_folds``), else nobody does."""
    asker_pays: bool
    """A refusal sends the turn back to the asker, who must bet (``seeing.side_show.refused: asker_pays``)."""
    equal_stakes: bool = False
    """The two stakes must be equal, the asker's chaal counted (``seeing.side_show.equal_stakes``)."""

    @classmethod
    def compile(cls, p: "Profile") -> Optional["SideShowPolicy"]:
        """The policy, or None when the profile has no side-show (the engine then asks nothing)."""
        ss = p.seeing.side_show
        if not ss.allowed or not p.format.betting or p.format.hands != 1:
            return None
        return cls(ss.min_in_play, ss.cost == "chaal", ss.tie == "asker_folds", ss.refused == "asker_pays",
                   ss.equal_stakes)

    @property
    def asks_refusal(self) -> bool:
        return True

    def refusal(self, betting: Betting, bettor: Bettor, kind: str) -> Optional[Refusal]:
        """Who may ask for a side-show now, and what an asker refused must do next."""
        refused = betting.side_show_refused
        if refused is not None and refused == bettor.name:
            if kind == "sideshow":
                return refusal(ALLOWED_RULE, "{player}'s side-show was just refused: bet, see or fold", player=bettor.name)
            if self.asker_pays and kind in _AFTER_REFUSAL:
                return refusal(REFUSED_RULE, "{player}'s side-show was refused: {player} must now pay the bet (bet or "
                                             "see)", player=bettor.name)
            return None
        if kind != "sideshow":
            return None
        in_play = betting.in_play_count  # first: too few in is the reason that looking would not change
        if in_play < self.min_in_play:
            return refusal(MIN_IN_PLAY_RULE, "a side-show needs {needed} players still in; {n} are",
                           needed=Later(number_said, self.min_in_play), n=in_play)
        if not bettor.seen:
            return refusal(ALLOWED_RULE, "{player} is blind: only a seen player may ask for a side-show", player=bettor.name)
        previous = betting.previous_bettor(bettor.name)
        if previous is None:
            return refusal(ALLOWED_RULE, "there is nobody to ask for a side-show")
        if not previous.seen:
            return refusal(ALLOWED_RULE, "{previous}, the previous player, is blind: a side-show is only between seen "
                                         "players", previous=previous.name)
        if not betting.has_bet(previous.name):
            return refusal(ALLOWED_RULE, "{previous}, the previous player, has made no bet yet", previous=previous.name)
        if self.equal_stakes:
            return self._unequal(betting, bettor, previous)
        return None

    def _unequal(self, betting: Betting, bettor: Bettor, previous: Bettor) -> Optional[Refusal]:
        """The refusal of a side-show between stakes that differ (``seeing.side_show.equal_stakes``): the
        asker's stake counts the chaal paid with the request where asking costs one.

        >>> from types import SimpleNamespace as record
        >>> policy = SideShowPolicy(3, pays_chaal=True, asker_folds_tie=True, asker_pays=False, equal_stakes=True)
        >>> table = record(chaal_u=lambda name: 2)
        >>> policy._unequal(table, record(name="C", paid_u=1), record(name="B", paid_u=3)) is None
        True
        >>> policy._unequal(table, record(name="C", paid_u=3), record(name="B", paid_u=3)).message
        "a side-show needs equal stakes: C's, with the chaal, would be more than B's"
        """
        stake = bettor.paid_u
        if self.pays_chaal:
            chaal = betting.chaal_u(bettor.name)
            stake += chaal if chaal is not None else 0
        if stake == previous.paid_u:
            return None
        more = stake > previous.paid_u
        if self.pays_chaal:
            return refusal(EQUAL_STAKES_RULE, N_("a side-show needs equal stakes: {player}'s, with the chaal, would be "
                                                 "more than {previous}'s") if more else
                           N_("a side-show needs equal stakes: {player}'s, with the chaal, would be less than "
                              "{previous}'s"), player=bettor.name, previous=previous.name)
        return refusal(EQUAL_STAKES_RULE, N_("a side-show needs equal stakes: {player}'s is more than {previous}'s")
                       if more else N_("a side-show needs equal stakes: {player}'s is less than {previous}'s"),
                       player=bettor.name, previous=previous.name)

    def consulted(self, betting: Betting, bettor: Bettor, kind: str) -> Tuple[Rule, ...]:
        if kind == "sideshow":
            return (ALLOWED_RULE, MIN_IN_PLAY_RULE, COST_RULE, *((EQUAL_STAKES_RULE,) if self.equal_stakes else ()))
        if kind == "accept":
            return (ALLOWED_RULE, TIE_RULE)
        if kind == "refuse":
            return (REFUSED_RULE,)
        if kind in _AFTER_REFUSAL and self.asker_pays and betting.side_show_refused == bettor.name:
            return (REFUSED_RULE,)
        return ()


# ---------------------------------------------------------------------------
# The sentences
# ---------------------------------------------------------------------------


def _on(p: "Profile") -> bool:
    return p.seeing.side_show.allowed and _betting(p)


def _can_happen(p: "Profile") -> bool:
    """A side-show allowed that a table of this profile can reach: it asks for ``min_in_play`` players still
    in (three at the least: of two, the comparison is the show), so a table seating fewer never has one.

    >>> from bragrules.profile import load_profile
    >>> _can_happen(load_profile("teen-patti")), _can_happen(load_profile("heads-up-teen-patti"))
    (True, False)
    """
    return _on(p) and p.table.max_players >= max(3, p.seeing.side_show.min_in_play)


def _min_in_play_matters(p: "Profile") -> bool:
    """``min_in_play`` changes play where the table seats three or more (a side-show needs three still in)."""
    return _on(p) and p.table.max_players >= 3


def _betting(p: "Profile") -> bool:
    """A side-show compares one hand against one: formats of several hands each have none."""
    return p.format.betting and p.format.hands == 1


def side_show(p: "Profile") -> str:
    """Whether a side-show may be asked for, and by whom (``seeing.side_show.allowed``)."""
    ss = p.seeing.side_show
    if not ss.allowed:
        return tr("there is no side-show: hands are compared only at a see")
    return tr("a seen player may ask the previous player, if seen, for a side-show while {n} or more are in",
              n=number_said(ss.min_in_play))


def min_in_play(p: "Profile") -> str:
    n = p.seeing.side_show.min_in_play
    return ntr("a side-show may be asked for only while {n} player or more are still in",
               "a side-show may be asked for only while {n} players or more are still in", n)


COST = choice(
    "seeing.side_show.cost",
    lambda p: p.seeing.side_show.cost,
    {"chaal": "the player asking for a side-show first pays the chaal, the least bet a seen player may make",
     "none": "asking for a side-show costs nothing"},
    {"chaal": f"{_TP}{_9GAME}; {_BLATHER}", "none": f"{_TP}{_DEVTO}; {_KAY}"},
    _can_happen,
)
TIE = choice(
    "seeing.side_show.tie",
    lambda p: p.seeing.side_show.tie,
    {"asker_folds": "equal hands at a side-show: the player who asked folds",
     "both_stay": "equal hands at a side-show: nobody folds"},
    {"asker_folds": f"{_TP}{_MEGA}; {_DEVTO}", "both_stay": _TP + _MASTER},
    _can_happen,
)
def equal_stakes(p: "Profile") -> str:
    """Whether the two stakes must be equal for a side-show (``seeing.side_show.equal_stakes``)."""
    if p.seeing.side_show.equal_stakes:
        return tr("a side-show may be asked for only between equal stakes: the asker's, the chaal paid with the "
                  "request counted, and the asked player's")
    return tr("a side-show may be asked for whatever the two players have staked")


REFUSED = choice(
    "seeing.side_show.refused",
    lambda p: p.seeing.side_show.refused,
    {"play_on": "a refused side-show: betting goes on with the next player",
     "asker_pays": "a refused side-show: the asker must then bet or see, and may not fold"},
    {"play_on": _TP + _BLATHER, "asker_pays": f"{_TP}{_DEVTO}; {_KAY}"},
    _can_happen,
)


def side_show_section(p: "Profile") -> Optional[Section]:
    """The rulebook's section on the side-show (none when the profile has none)."""
    if not _on(p):
        return None
    sec = Section("side_show", tr("The side-show"))
    sec.para(
        sentence(side_show(p)),
        tr("The asked player accepts or refuses. On acceptance the two compare hands in private: only they see "
           "the cards, and the weaker hand folds for everyone to see."),
    )
    sec.bullets([sentence(t.sentence(p)) for t in (COST, TIE, REFUSED)]
                + ([sentence(equal_stakes(p))] if p.seeing.side_show.equal_stakes else []))
    return sec


FIELDS: Tuple[FieldText, ...] = (
    FieldText("seeing.side_show.allowed", lambda p: p.seeing.side_show.allowed, side_show,
              {"false": "000, 002, 003", "true": f"{_TP}{_9GAME}; {_BLATHER}; {_JUNGLEE}; {_KAY}"},
              _betting, later=True),
    FieldText("seeing.side_show.min_in_play", lambda p: p.seeing.side_show.min_in_play, min_in_play,
              {"3": f"{_TP}{_JUNGLEE}; {_MEGA}; {_TERMS}", "*": "house rule"}, _min_in_play_matters, later=True),
    replace(COST, later=True),
    replace(TIE, later=True),
    replace(REFUSED, later=True),
    FieldText("seeing.side_show.equal_stakes", lambda p: p.seeing.side_show.equal_stakes, equal_stakes,
              {"false": f"{_TP}{_9GAME}; {_BLATHER}; {_JUNGLEE}", "true": _TP + _KYA}, _can_happen, later=True),
)


def joined(text: AreaText) -> AreaText:
    """The seeing area's texts with the side-show's fields and section beside them."""
    return replace(text, fields=(*text.fields, *FIELDS), sections=(*text.sections, (55, side_show_section)))


__all__ = ["ALLOWED_RULE", "COST_RULE", "EQUAL_STAKES_RULE", "FIELDS", "MIN_IN_PLAY_RULE", "REFUSED_RULE", "SideShow", "SideShowPolicy",
           "TIE_RULE", "joined"]
