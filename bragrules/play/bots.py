"""Computer players: a few styles a Brag player recognises, honest about what they know.

A bot sees a deal only through its :class:`~bragrules.engine.view.PlayerView`
(its own cards once looked at, and what the whole table sees) and chooses
one of the legal actions the view offers,
with a bet amount from :meth:`~bragrules.engine.actions.LegalAction.amounts`.
Its judgement is the *share* of its hand: the part of all hands of the pack
that the hand beats under the active ranking (from
:func:`~bragrules.engine.arrange.hand_chances`, worked out once per ranking).
Against ``n`` opponents still in, it reckons its chance of holding the best
hand as ``share ** n``, and asks for more the more it has already bet.

A blind bot never reads its own cards: while blind it decides whether to
look, bet blind or see blind from what the whole table can see (the turn, the
level, the pot, who is blind); only the hand it has looked at is read. With
a retained hand it looks at one of the two, keeps it or discards it on its
share, and only then may look at the other.

The styles (:data:`STYLES`):

- ``cautious``: looks at once, plays only good hands, sees early;
- ``loose``: looks at once, stays in with modest hands, raises more;
- ``blind_bluffer``: plays blind for several turns, paying the cheap blind rate
  and now and then lifting the level, then looks;
- ``see_happy``: looks at once, and calls for a see whenever one is offered;
- ``random``: a uniform choice among the legal actions (a baseline).

Where the profile has a side-show (``seeing.side_show``), a seen bot asks for one with a middling
hand (its style's ``side_show`` band of shares: too weak to raise on, worth more than a fold) and
accepts one asked of it with a hand at its ``accept_at`` share or better.

No bot bets for ever: each has a cap on its own bets in a deal, and asks
for a better hand after every bet it makes; past the cap it sees if it may,
and otherwise folds. In Stop the Bus a bot knocks on a decent hand or after
a few turns.

>>> import random
>>> from bragrules.profile import load_profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.engine.session import Session, play_session
>>> rules = compile_rules(load_profile("traditional"))
>>> seats = ["A", "B", "C", "D"]
>>> bots = {p: make_bot(s, random.Random(i)) for i, (p, s) in enumerate(zip(seats, STYLES))}
>>> session = play_session(Session(rules, seats, seed=5), table_chooser(bots), max_deals=20)
>>> session.is_over, sum(session.balances.values()) + session.state.carried  # eight resolved pots
(True, Fraction(0, 1))
>>> isinstance(bots["A"].explain(), str)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Dict, List, Optional, Protocol, Tuple

from bragrules.core.i18n import ENGLISH, N_, language, tr
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.deal import Deal
from bragrules.engine.view import PlayerView
from bragrules.play import bot_bank, bot_points
from bragrules.play.bot_exchange import ExchangePlay, hunt_choice
from bragrules.play.bot_words import NO_CHOICE, move_name, reason
from bragrules.play.hand_worth import arrangements_of, hand_share, pack_shares
from bragrules.play.plays import STAND_IN
from bragrules.rules.ranking import triple_index

if TYPE_CHECKING:  # pragma: no cover
    pass

__all__ = [
    "Bot",
    "STYLES",
    "Style",
    "StyleBot",
    "RandomBot",
    "hand_share",
    "make_bot",
    "table_chooser",
]


class Bot(Protocol):
    """What a computer player offers: a name, a style, a choice and the reason for it."""

    name: str
    style: str

    def choose(self, view: PlayerView) -> Action:  # pragma: no cover - protocol
        ...

    def explain(self) -> str:  # pragma: no cover - protocol
        ...


@dataclass(frozen=True)
class Style:
    """The temperament of a bot, as numbers.

    Chances below are of holding the best hand at the table (``share ** n``).
    """

    name: str
    description: str
    look_after: Tuple[int, int]  # blind turns before looking, drawn per deal (inclusive)
    blind_raise: float  # chance a blind bet lifts the level a step
    blind_see: float  # chance a blind player sees when a see is offered
    call: float  # least chance to stay in
    raise_at: float  # least chance to lift the level
    see_at: float  # with a see offered: see at this chance or better (else bet on or fold)
    see_eager: float  # chance of seeing at once whenever a see is offered
    bluff: float  # chance of staying in regardless of the hand
    tighten: float  # added to call and raise thresholds per bet already made
    max_bets: int  # own bets per deal; then see or fold
    max_steps: int  # how many steps above the least a raise may go
    keep_at: float  # keep an inspected hand (of two) at this share or better
    knock_at: float  # Stop the Bus: knock at this share or better
    knock_turns: int  # ...or after this many turns
    side_show: Tuple[float, float] = (0.35, 0.65)  # ask for a side-show with a share in this band (a middling hand)
    accept_at: float = 0.5  # accept a side-show asked of it at this share or better


STYLES: Dict[str, Style] = {
    "cautious": Style(
        "cautious", "looks at once, plays good hands only, sees early",
        look_after=(0, 0), blind_raise=0.0, blind_see=0.0,
        call=0.42, raise_at=0.75, see_at=0.45, see_eager=0.3, bluff=0.02, tighten=0.06,
        max_bets=4, max_steps=1, keep_at=0.6, knock_at=0.75, knock_turns=3,
        side_show=(0.4, 0.75), accept_at=0.6,
    ),
    "loose": Style(
        "loose", "looks at once, stays in with modest hands and raises freely",
        look_after=(0, 1), blind_raise=0.2, blind_see=0.2,
        call=0.15, raise_at=0.45, see_at=0.3, see_eager=0.15, bluff=0.12, tighten=0.04,
        max_bets=7, max_steps=3, keep_at=0.45, knock_at=0.6, knock_turns=4,
        side_show=(0.25, 0.5), accept_at=0.4,
    ),
    "blind_bluffer": Style(
        "blind_bluffer", "plays blind for several turns at the cheap rate, lifting the level now and then",
        look_after=(2, 6), blind_raise=0.35, blind_see=0.3,
        call=0.3, raise_at=0.6, see_at=0.4, see_eager=0.2, bluff=0.08, tighten=0.05,
        max_bets=8, max_steps=2, keep_at=0.5, knock_at=0.65, knock_turns=4,
    ),
    "see_happy": Style(
        "see_happy", "looks at once and calls for a see whenever one is offered",
        look_after=(0, 0), blind_raise=0.0, blind_see=0.6,
        call=0.25, raise_at=0.7, see_at=0.15, see_eager=0.9, bluff=0.05, tighten=0.05,
        max_bets=5, max_steps=1, keep_at=0.5, knock_at=0.7, knock_turns=3,
        side_show=(0.3, 0.7), accept_at=0.45,
    ),
}
"""The reasoning styles by name; ``random`` is also accepted by :func:`make_bot`."""

ALL_STYLES: Tuple[str, ...] = tuple(STYLES) + ("random", "solved")

STYLE_WORDS: Dict[str, str] = {
    **{name: style.description for name, style in STYLES.items()},
    "random": "chooses among the legal actions at random",
    "solved": "plays the strategy bragrules solve found for the profile, heads-up (cautious otherwise)",
}
"""What each style of :data:`ALL_STYLES` does, in a few words (the web table's list of styles)."""


# ---------------------------------------------------------------------------
# The bots
# ---------------------------------------------------------------------------


class _Memory:
    """What a bot remembers of the deal in progress."""

    __slots__ = ("deal", "bets", "checks", "blind_turns", "look_after", "turns", "shares", "hand", "share")

    def __init__(self, deal: int, look_after: int) -> None:
        self.deal = deal  # the view's key of the deal
        self.bets = 0
        self.checks = 0
        self.blind_turns = 0
        self.look_after = look_after
        self.turns = 0
        self.shares: Dict[Tuple[int, ...], float] = {}
        self.hand: object = None  # the three cards last valued (the very tuple the deal holds) and their share
        self.share = 0.0


_QUESTION_KINDS = frozenset(("keep", "discard", "retain", "show", "accept", "arrange"))
"""The first option's kinds that may be a question the deal waits on (:meth:`StyleBot._question`), with a
look offered beside one other option (which of two hands to look at); any other first option opens a
betting turn."""


class StyleBot(ExchangePlay):
    """A bot playing by a :class:`Style`, drawing its chances from its own ``random.Random``."""

    def __init__(self, style: Style, rng: random.Random, name: Optional[str] = None) -> None:
        self.style = style.name
        self.name = name or style.name
        self.params = style
        self.rng = rng
        self._memory: Optional[_Memory] = None
        self._rules: object = None  # the rules of the deal last played (the game's words for its moves)
        self._why: Tuple[object, ...] = ("plain", None, None, 0.0, NO_CHOICE, None, {})

    # -- the reason ------------------------------------------------------

    def explain(self) -> str:
        """A short reason for the last choice, in the language spoken (put in words only when asked:
        :func:`~bragrules.play.bot_words.reason`)."""
        return reason(*self._why)  # type: ignore[arg-type]

    def _say(self, verb: str, amount: object = None, **values: object) -> None:
        self._why = ("plain", self._rules, None, 0.0, verb, amount, values)

    def _against_bank(self, view: PlayerView, options: List[LegalAction]) -> Action:
        """A banking game's choice: the Pair Plus, before looking (``procedure.bank.pair_plus_max``), else a
        stake, a play or a fold by the hand (:mod:`bragrules.play.bot_bank`)."""
        if options[0].kind == "pairplus":
            action, verb = bot_bank.side_bet(options, self.rng)
            self._say(verb, action.amount)
            return action
        assert view.hand is not None  # every hand is looked at before it is staked
        action, verb, share = bot_bank.choose(view.rules, view.hand, options)
        self._judged(view, view.hand, share, verb, action.amount)
        return action

    def _judged(self, view: PlayerView, cards: object, share: float, verb: str, amount: object = None,
                **values: object) -> None:
        kind = "arrangement" if cards and isinstance(cards[0], tuple) else "hand"  # type: ignore[index]
        self._why = (kind, view.rules, cards, share, verb, amount, values)

    # -- choosing --------------------------------------------------------

    def choose(self, view: PlayerView) -> Action:
        """One legal action for the player whose view this is (they are to act)."""
        memory = self._memory
        if memory is None or memory.deal != view.key:
            low, high = self.params.look_after
            memory = self._memory = _Memory(view.key, low if low == high else self.rng.randint(low, high))
        memory.turns += 1
        options = view.legal_actions()
        first = options[0]
        kind = first.kind
        rules = self._rules = view.rules
        if rules.procedure.bank is not None:  # a banking game (procedure.bank)
            return self._against_bank(view, options)
        if view.points_drawing:  # the draws for the pips stake (pots.points_draw)
            action, words = bot_points.choose(view, options)
            self._say(words)
            return action
        if view.hunting:  # a turn of the hunt for the jokers (procedure.hunt_rounds)
            option, said = hunt_choice(view, options)
            self._say(said)
            return option.action()
        if kind in _QUESTION_KINDS or (kind == "look" and len(options) == 2):
            answer = self._question(view, options, memory)
            if answer is not None:
                return answer
        if rules.format.exchange:
            return self._exchange(view, options, memory)
        by_kind: Dict[str, LegalAction] = {}
        looks: List[LegalAction] = []
        for option in options:
            if option.kind == "look":
                looks.append(option)
            else:
                by_kind[option.kind] = option
        if memory.checks and "check" in by_kind:
            del by_kind["check"]  # one free check a deal: then bet or fold, so that the deal moves on
        if view.seen:
            arrange = by_kind.get("arrange")
            if arrange is not None and view.arrangement is None:
                self._say(N_("looks at the cards and arranges the hands as suggested"))
                return arrange.action()
            return self._seen(view, by_kind, memory)
        return self._blind(by_kind, looks, memory)

    def _question(self, view: PlayerView, options: List[LegalAction], memory: _Memory) -> Optional[Action]:
        """The answer to a question the deal waits on, led by the first option's kind (one of
        :data:`_QUESTION_KINDS`, or a look); None when it is a betting turn after all (a look or an
        arrangement offered among the bets)."""
        first = options[0]
        kind = first.kind
        if kind == "keep":  # looked at one of two hands: keep it or discard it
            return self._keep_or_discard(view, options)
        if kind == "discard" and first.target is not None:  # Four-Card: looked, one card to put away
            card = view.best_discard()
            chosen = next((o for o in options if o.target == str(card)), first)
            self._say(N_("discards {card}, keeping the strongest hand"), card=chosen.target)
            return chosen.action()
        if kind == "retain":  # left alone, blind: an unseen hand is worth keeping (it costs nothing)
            self._say(N_("retains the unseen hand for the next deal"))
            return first.action()
        if kind == "show":  # second to show at a see: concede a hand the first one beats
            return self._show_or_concede(view, options)
        if kind == "accept":  # asked for a side-show: accept with a hand likely to beat a middling one
            return self._answer_side_show(view, options, memory)
        if kind == "arrange" and any(o.kind == "take" for o in options):  # a spare hand lies untaken
            return self._spare(view, options)
        if kind == "arrange" and len(options) == 1:  # no betting: arrange, then all show
            self._say(N_("arranges the hands as suggested"))
            return first.action()
        if kind == "look" and len(options) == 2 and options[1].kind == "look":
            # before a showdown, holding two hands: look at one of them (nothing to tell them apart)
            target = options[self.rng.randrange(2)]
            self._say(N_("looks at the {which} hand to choose one for the showdown"), which=target.target)
            return target.action()
        return None

    # -- the spare hand --------------------------------------------------

    def _spare(self, view: PlayerView, options: List[LegalAction]) -> Action:
        """Take the spare hand (``session.points.spare_hand``) for cards whose best arrangement beats few
        others: an unseen hand is an average one, so a weak hand gains by it; a stake asks for weaker still."""
        arrange = options[0]
        take = next(o for o in options if o.kind == "take")
        hint = arrange.cards or ()
        ranker = view.rules.ranking.ranker
        share = arrangements_of(view.rules).share([ranker.strength(list(h)) for h in hint])
        limit = 0.25 if take.amount else 0.35
        if share < limit:
            self._say(N_("takes the spare hand (its own cards beat {share} of arrangements)"), share=f"{share:.0%}")
            return take.action()
        self._say(N_("keeps the cards dealt and arranges them as suggested"))
        return arrange.action()

    # -- retained hands --------------------------------------------------

    def _keep_or_discard(self, view: PlayerView, options: List[LegalAction]) -> Action:
        inspected = view.inspected
        cards = view.inspected_hand  # the one hand looked at
        assert inspected is not None and cards is not None
        share = hand_share(view.rules, cards)
        keep = share >= self.params.keep_at
        option = next(o for o in options if o.kind == ("keep" if keep else "discard"))
        self._judged(view, cards, share, N_("keeps the {which} hand") if keep else N_("discards the {which} hand"),
                     which=inspected)
        return option.action()

    def _show_or_concede(self, view: PlayerView, options: List[LegalAction]) -> Action:
        """Show, unless the hand already turned beats this one (known only once looked at)."""
        beaten = view.shown_beats()
        option = next(o for o in options if o.kind == ("concede" if beaten else "show"))
        self._say(N_("concedes without showing") if beaten else N_("shows"))
        return option.action()

    # -- the side-show ---------------------------------------------------

    def _answer_side_show(self, view: PlayerView, options: List[LegalAction], memory: _Memory) -> Action:
        """Accept a side-show with a hand at ``accept_at`` or better (an asker's hand is likely middling)."""
        cards, share = self._share_of(view, memory)
        accept = share >= self.params.accept_at
        option = next(o for o in options if o.kind == ("accept" if accept else "refuse"))
        self._judged(view, cards, share, N_("accepts the {sideshow}") if accept else N_("refuses the {sideshow}"))
        return option.action()

    def _side_show(self, view: PlayerView, by_kind: Dict[str, LegalAction], cards: object,
                   share: float) -> Optional[Action]:
        """Ask for a side-show with a middling hand: too weak to raise on, worth more than a fold."""
        option = by_kind.get("sideshow")
        low, high = self.params.side_show
        if option is None or not low <= share < high or self.rng.random() >= 0.5:
            return None
        if option.amount:
            self._judged(view, cards, share, N_("pays {amount} and asks for a {sideshow}"), option.amount)
        else:
            self._judged(view, cards, share, N_("asks for a {sideshow}"))
        return option.action()

    # -- blind -----------------------------------------------------------

    def _blind(self, by_kind: Dict[str, LegalAction], looks: List[LegalAction], memory: _Memory) -> Action:
        """Decide without the cards: only the turn, the level and the table are known."""
        params = self.params
        rng = self.rng
        memory.blind_turns += 1
        stay_blind = memory.blind_turns <= memory.look_after and memory.bets < params.max_bets
        if stay_blind or not looks:
            see = by_kind.get("see")
            if see is not None and (not looks or rng.random() < params.blind_see or memory.bets >= params.max_bets):
                self._say(N_("{sees} blind for {amount}"), see.amount)
                return see.action()
            check = by_kind.get("check")
            if check is not None:
                memory.checks += 1
                self._say(N_("checks blind"))
                return check.action()
            bet = by_kind.get("bet")
            if bet is not None and memory.bets < params.max_bets:
                memory.bets += 1
                if params.blind_raise and rng.random() < params.blind_raise:
                    amount = bet.nth_amount(params.max_steps)  # a cheap lift of the level
                    self._say(N_("lifts the level blind, paying {amount}"), amount)
                    return bet.action(amount)
                self._say(N_("{bets} {amount} blind"), bet.amount)
                return bet.action()
            if not looks:
                self._say(N_("{folds} blind"))
                return by_kind["fold"].action()
        if len(looks) == 1:
            self._say(N_("looks at the cards"))
            return looks[0].action()
        target = looks[rng.randrange(len(looks))]
        self._say(N_("looks at the {which} hand"), which=target.target)
        return target.action()

    # -- seen ------------------------------------------------------------

    def _share_of(self, view: PlayerView, memory: _Memory) -> Tuple[object, float]:
        """The hand the bot has seen (or its arrangement) and its share."""
        rules = view.rules
        if rules.format.hands > 1:
            arrangement = view.arrangement
            if arrangement is None:
                return None, 0.5
            key = tuple(c for h in arrangement for c in h)
            share = memory.shares.get(key)
            if share is None:
                table = rules.ranking.ranker.table
                strengths = [table[triple_index(a, b, c)] for a, b, c in arrangement]
                share = memory.shares[key] = arrangements_of(rules).share(strengths)
            return arrangement, share
        cards = view.hand
        assert cards is not None
        if rules.ranking.wild_deal is not None:  # wild cards chosen at the table: valued with them
            return cards, hand_share(rules, cards, view.wild_from)
        if len(cards) == 3:
            if memory.hand is cards:  # the same hand as at the last turn: the same share
                return cards, memory.share
            a, b, c = cards
            ranker = rules.ranking.ranker
            share = memory.share = pack_shares(ranker)[ranker.table[triple_index(a, b, c)]]
            memory.hand = cards
            return cards, share
        key = tuple(cards)
        share = memory.shares.get(key)
        if share is None:
            share = memory.shares[key] = hand_share(rules, cards)
        return cards, share

    def _seen(self, view: PlayerView, by_kind: Dict[str, LegalAction], memory: _Memory) -> Action:
        params = self.params
        rng = self.rng
        cards, share = self._share_of(view, memory)
        opponents = len(view.in_play) - 1
        chance = share ** max(opponents, 1)
        extra = params.tighten * memory.bets
        call_at = params.call + extra
        raise_at = params.raise_at + extra
        capped = memory.bets >= params.max_bets
        see = by_kind.get("see")
        bet = by_kind.get("bet")
        fold = by_kind.get("fold")
        if fold is None:  # a refused side-show under seeing.side_show.refused: asker_pays: pay on
            paid = bet if bet is not None else see
            assert paid is not None
            self._judged(view, cards, share, N_("pays {amount} after the refusal"), paid.amount)
            return paid.action()
        if not capped and "sideshow" in by_kind:  # offered only where the profile has a side-show
            asked = self._side_show(view, by_kind, cards, share)
            if asked is not None:
                memory.bets += 1
                return asked
        if see is not None:
            if capped or bet is None:
                if chance >= min(call_at, params.see_at) or rng.random() < params.bluff:
                    self._judged(view, cards, share, N_("{sees} for {amount}"), see.amount)
                    return see.action()
                self._judged(view, cards, share, N_("{folds} rather than pay to {see}"))
                return fold.action()
            if rng.random() < params.see_eager and chance >= params.see_at * 0.5:
                self._judged(view, cards, share, N_("{sees} for {amount}"), see.amount)
                return see.action()
            if chance >= raise_at:
                return self._raise(view, cards, share, chance, bet, memory)
            if chance >= params.see_at:
                self._judged(view, cards, share, N_("{sees} for {amount}"), see.amount)
                return see.action()
            if chance >= call_at or rng.random() < params.bluff:
                memory.bets += 1
                self._judged(view, cards, share, N_("{bets} {amount} to stay in"), bet.amount)
                return bet.action()
            self._judged(view, cards, share, N_("{folds}"))
            return fold.action()
        check = by_kind.get("check")
        if bet is not None and not capped:
            if chance >= raise_at:
                return self._raise(view, cards, share, chance, bet, memory)
            if chance >= call_at or (check is None and rng.random() < params.bluff):
                memory.bets += 1
                self._judged(view, cards, share, N_("{bets} {amount}"), bet.amount)
                return bet.action()
        if check is not None:
            memory.checks += 1
            self._judged(view, cards, share, N_("checks"))
            return check.action()
        self._judged(view, cards, share, N_("{folds}") if not capped else N_("has bet enough and {folds}"))
        return fold.action()

    def _raise(
        self, view: PlayerView, cards: object, share: float, chance: float, bet: LegalAction, memory: _Memory
    ) -> Action:
        """Lift the level: the stronger the hand, the further up the allowed steps."""
        top = self.params.max_steps
        steps = min(top, 1 + int(chance * top * self.rng.random() * 2)) if top else 0
        memory.bets += 1
        if steps:
            amount = bet.nth_amount(steps)
            if amount != bet.amount:
                self._judged(view, cards, share, N_("{raises}, paying {amount}"), amount)
                return bet.action(amount)
        self._judged(view, cards, share, N_("{bets} {amount}"), bet.amount)
        return bet.action()

    def _strength_share(self, view: PlayerView, strength: int) -> float:
        """The share of the pack's hands that a hand of ``strength`` beats (:class:`~bragrules.play.bot_exchange.ExchangePlay`)."""
        return pack_shares(view.rules.ranking.ranker)[strength]

    def _knock_rule(self) -> Tuple[float, int]:
        return self.params.knock_at, self.params.knock_turns


_AT_RANDOM = N_("{move} at random")


class RandomBot:
    """A uniform choice among the legal actions (and among a few bet amounts): a baseline.

    It reads no cards at all. It stops betting after ``max_bets`` bets in a
    deal, stops checking in a long deal, and knocks after a few turns of
    Stop the Bus, so deals end.
    """

    style = "random"

    def __init__(self, rng: random.Random, name: Optional[str] = None, max_bets: int = 6) -> None:
        self.name = name or "random"
        self.rng = rng
        self.max_bets = max_bets
        self._deal: Optional[int] = None
        self._bets = 0
        self._turns = 0
        self._why: Tuple[str, object, object, str] = (NO_CHOICE, None, None, "")  # message, amount, rules, move

    def explain(self) -> str:
        """The last choice's reason, in the language spoken (put in words only when asked)."""
        verb, amount, rules, kind = self._why
        if verb == _AT_RANDOM and language() != ENGLISH:  # the move is on the line already: named once
            return tr("a move chosen at random")
        return reason("plain", rules, None, 0.0, verb, amount, {"move": move_name(rules, kind)})

    def choose(self, view: PlayerView) -> Action:
        if view.key != self._deal:
            self._deal, self._bets, self._turns = view.key, 0, 0
        self._turns += 1
        options = view.legal_actions()
        if self._bets >= self.max_bets:
            options = [o for o in options if o.kind != "bet"] or options
        if self._turns > 2 * self.max_bets:  # a long deal: no more free checks
            options = [o for o in options if o.kind != "check"] or options
        if view.rules.format.exchange and self._turns > 4:
            options = [options[-1]]  # knock or stand
        option = options[self.rng.randrange(len(options))]
        if option.kind == "bet":
            self._bets += 1
            amounts = option.amounts(4)
            amount = amounts[self.rng.randrange(len(amounts))]
            self._why = (N_("a bet of {amount} at random"), amount, view.rules, "bet")
            return option.action(amount)
        self._why = (_AT_RANDOM, None, view.rules, option.kind)
        return option.action()


class StandIn:
    """The ``solved`` style where the solver cannot run (numpy not installed): the ``cautious`` style plays,
    and every reason it gives says so (:data:`~bragrules.play.plays.STAND_IN`), as the seat list does.

    >>> bot = StandIn(StyleBot(STYLES["cautious"], random.Random(1), "Ada"), "the solver needs numpy")
    >>> bot.style, bot.name
    ('solved', 'Ada')
    """

    style = "solved"

    def __init__(self, inner: StyleBot, why: str) -> None:
        self.inner = inner
        self.name = inner.name
        self.why = why

    def choose(self, view: PlayerView) -> Action:
        return self.inner.choose(view)

    def explain(self) -> str:
        return tr("{standin} ({why}): {reason}", standin=tr(STAND_IN), why=self.why, reason=self.inner.explain())


def make_bot(style: str, rng: random.Random, name: Optional[str] = None) -> Bot:
    """A bot of ``style`` (a key of :data:`STYLES`, or ``random``) drawing on ``rng``.

    >>> make_bot("cautious", random.Random(1)).style
    'cautious'
    >>> make_bot("reckless", random.Random(1))
    Traceback (most recent call last):
    ...
    ValueError: unknown bot style 'reckless' (choose from cautious, loose, blind_bluffer, see_happy, random, solved)
    """
    if style == "random":
        return RandomBot(rng, name)
    if style == "solved":  # a solved strategy, heads-up (bragrules.solver.bot; needs numpy)
        try:
            from bragrules.solver.bot import SolvedBot
        except ImportError as exc:  # numpy missing: cautious stands in, and says why (the extra to install)
            return StandIn(StyleBot(STYLES["cautious"], rng, name), str(exc))
        return SolvedBot(rng, name)
    found = STYLES.get(style)
    if found is None:
        raise ValueError(f"unknown bot style {style!r} (choose from {', '.join(ALL_STYLES)})")
    return StyleBot(found, rng, name)


def table_chooser(bots: Dict[str, Bot]) -> Callable[[Deal], Action]:
    """A chooser for :func:`~bragrules.engine.session.play_session`: each seat's bot acts in turn."""

    def choose(deal: Deal) -> Action:
        player = deal.to_act
        assert player is not None
        return bots[player].choose(deal.view(player))

    return choose
