"""Whether a rule changes play: two profiles played side by side until what a program sees of them differs.

:func:`first_difference` seats the same players under two profiles, deals from the
same seed, chooses the same actions by index (the same random numbers drawn at every
step, so the two runs stay in step while nothing differs), and compares, moment by
moment, what play is made of:

- the seats: how many players each table takes;
- each deal as dealt: who is dealt in, in what order, the cards of every hand and of the
  centre, the pot and the level after the posts, and the cards the whole table sees (a
  spectator's view: cards dealt face up, a face-up centre);
- at every turn: whose turn it is, the actions offered (kinds, amounts, ranges, steps,
  targets, cards), the action the table takes when the player says nothing, what
  happened since the turn before (every event, a result without its words), and
  whether a few of the actions no legal action offers are accepted (000's deliberate
  look at another's cards, an accidental exposure, a redeal, a void deal, a flash of
  one's own cards, a look out of turn, an arrangement of several hands bent);
- each deal's end: the outcome, the winners, the pot, payouts, bonuses and nets, the
  carried pot, the rake, the side pots, the points, the lives lost, the hands retained
  and conceded, who was sent out;
- between deals: the balances, the lives, the scores, the house's take, the buys each
  player is offered, who sits out, whether the session is over, and who won it.

Now and then a player makes one of those actions out of turn (when accepted), buys chips
(when offered) or sits out a deal (when allowed), so that the rules deciding them
decide play too. The words a rule gives (a reason, a refusal's message, the fields a
ruling cites) are not play: two rules that differ only in them play the same.

It stops at the first difference and names the moment (:class:`Difference`); None when
the profiles played the same for every deal asked. For what random deals rarely meet,
:class:`Situation` deals given cards (with players who fold at once, or actions written
out first) and :class:`Standing` starts a session from given points; the table of them
is ``tests/situations.py``.

A :class:`Trial` is one field over one profile where it is in play, with the field set to
each other value its type offers; :func:`shown` is the first difference any of them makes
within a :class:`Budget`. ``tests/test_conformance.py`` asks it of every rule field.
"""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from bragrules.core.cards import CARDS, parse_cards
from bragrules.core.errors import RuleViolation
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.deal import Deal
from bragrules.engine.events import Result
from bragrules.engine.session import Session
from bragrules.engine.spare import centre_count
from bragrules.explainers.explain import in_play, value_of
from bragrules.profile import builtin_names
from bragrules.profile.models import Profile
from bragrules.rules.compile import compile_rules

from .conformance import (
    SEATS,
    Clock,
    _companions,
    _nested_set,
    _validated,
    candidate_values,
    shipped,
    uniform_choice,
    variants,
)

Moment = Tuple[str, Any]
"""One thing play is made of: what it is (``"turn 3.4"``) and what was seen."""

OUT_OF_TURN = 0.1
"""The chance, at each turn, that an action no legal action offers (and the deal accepts) is made."""
STAYS = (0.9, 0.3)
"""The chance, at each turn, that the player to act does not fold, one drawn for each deal: most deals
reach a showdown, many end with everyone folded to one player (a blind survivor, a dealer's stake unmet)."""
PROBES = 3
"""How many of the actions no legal action offers are tried at each turn (drawn by index among them)."""
LEAST = 0.7
"""The chance that a bet is made at its least (else anywhere in its range)."""
BUYS = 0.3
"""The chance, between deals, that a player offered a buy makes it (the least, the most or between)."""
SITS_OUT = 0.1
"""The chance, between deals, that a player sits out the next deal (where the profile lets them)."""


@dataclass(frozen=True)
class Difference:
    """The first moment two profiles' play differed: where, and what each showed."""

    seed: int
    moment: str
    reference: Any
    variant: Any
    value: Any = None
    """The value of the field that made the difference (set by :func:`shown`)."""

    def __str__(self) -> str:
        return f"seed {self.seed}, {self.moment}: {self.reference!r} against {self.variant!r}"


# ---------------------------------------------------------------------------
# What is seen
# ---------------------------------------------------------------------------


def seat_counts(profile: Profile) -> Tuple[int, ...]:
    """How many players a table of ``profile`` seats: each count from one to eight it takes."""
    return _seat_counts(profile.model_dump_json())


@lru_cache(maxsize=None)
def _seat_counts(text: str) -> Tuple[int, ...]:
    rules = compile_rules(Profile.model_validate_json(text))
    taken = []
    for count in range(1, 9):
        try:
            Session(rules, [f"P{i}" for i in range(count)], seed=0)
        except RuleViolation:
            continue
        taken.append(count)
    return tuple(taken)


def out_of_turn(deal: Deal, options: Sequence[LegalAction]) -> List[Action]:
    """The actions no legal action offers that a player may make now and then: a look out of turn,
    a peek, an exposure (of another's cards or one's own), a redeal, a void deal, a flash, by the
    player to act and the one after them; and the offered arrangement of several hands bent (its
    hands in the reverse order, a card of the first hand changed for one of the last)."""
    order = list(deal.order)
    to_act = deal.to_act if deal.to_act is not None else order[0]
    first = order.index(to_act)
    players = [order[first], order[(first + 1) % len(order)]]
    found: List[Action] = [Action(players[1], "look")]
    for player in players:
        other = next(p for p in order if p != player)
        found += [Action(player, "peek", target=other), Action(player, "expose", target=other),
                  Action(player, "expose"), Action(player, "redeal"), Action(player, "void"),
                  Action(player, "flash")]
    for option in options:
        hands = option.cards
        if option.kind == "arrange" and hands is not None and len(hands) > 1:
            found.append(Action(option.player, "arrange", cards=tuple(reversed(hands))))
            swapped = [list(h) for h in hands]
            swapped[0][0], swapped[-1][0] = swapped[-1][0], swapped[0][0]
            found.append(Action(option.player, "arrange", cards=tuple(map(tuple, swapped))))
    return found


def choose(options: Sequence[LegalAction], rng: random.Random, modest: bool = False) -> Action:
    """A legal action chosen by index: any of them, a bet mostly at its least, else a few steps above it,
    else anywhere in its range (up to twenty steps above the least when it has no top), so that stacks last;
    ``modest``: never anywhere in its range, so that a long session lasts."""
    option = options[rng.randrange(len(options))]
    size, steps = rng.random(), rng.randrange(1, 6)
    if option.kind != "bet" or option.step is None or option.amount is None or size < LEAST:
        return option.action()
    if modest or size < LEAST + (1 - LEAST) / 2:  # a few steps above the least
        amount = option.nth_amount(steps)
        return option.action(amount if option.max_amount is None else min(amount, option.max_amount))
    return uniform_choice([option], rng)


def _deal_seen(deal: Deal) -> Tuple[Any, ...]:
    players = tuple((name, tuple(sorted(s.hands.items())), s.seen, s.stack) for name, s in deal.players.items())
    table_sees = tuple(sorted(deal.view(None).visible_cards()))
    return (tuple(deal.order), players, tuple(deal.centre), deal.pot, deal.level, deal.to_act, table_sees)


def _turn_seen(deal: Deal, options: Sequence[LegalAction], probes: Sequence[Action], since: int) -> Tuple[Any, ...]:
    return (deal.to_act, deal.pot, deal.level, tuple(options), tuple(deal.can(a) for a in probes),
            deal.default_action(), _events(deal, since))


def _events(deal: Deal, since: int) -> Tuple[Any, ...]:
    """What happened at the table since event ``since``, as everyone saw it (a result without its words)."""
    return tuple(e._replace(reason="") if isinstance(e, Result) else e for e in deal.events[since:])


def _result_seen(deal: Deal) -> Tuple[Any, ...]:
    r = deal.result
    assert r is not None
    return (r.outcome, tuple(r.winners), r.pot, tuple(sorted(r.payouts.items())), tuple(sorted(r.bonuses.items())),
            tuple(sorted(r.net.items())), r.carried_out, r.showdown, r.won_by_prial,
            tuple(sorted(r.retained.items(), key=lambda kv: kv[0])), tuple(r.lives_lost),
            tuple((k, tuple(map(tuple, v))) for k, v in sorted(r.arrangements.items())), tuple(r.conceded),
            r.rake, tuple(r.sent_out), tuple(r.pots), None if r.points is None else tuple(sorted(r.points.items())))


def _between_seen(session: Session) -> Tuple[Any, ...]:
    buys = tuple((p, tuple(session.buy_options(p))) for p in session.players)
    return (tuple(sorted(session.balances.items())), tuple(sorted(session.lives.items())),
            tuple(sorted(session.scores.items())), session.house, session.lives_pot, session.state.carried,
            buys, session.is_over, tuple(session.winners()) if session.is_over else (),
            (session.bank, session.bank_holder, session.bank_choice_due()))


# ---------------------------------------------------------------------------
# Play
# ---------------------------------------------------------------------------


def _turns(deal: Deal, rng: random.Random, act: Callable[[Action], None], number: int,
           session: Optional[Session] = None, clock: Optional[Clock] = None, modest: bool = False,
           keeper: Optional["Keeper"] = None) -> Iterator[Moment]:
    """Play ``deal`` to its end, choosing by index (an exchange by ``keeper`` when given), and yield
    each turn as seen before it is played (with what happened since the turn before)."""
    step = 0
    stays = STAYS[rng.randrange(len(STAYS))]
    since = 0
    while not deal.is_over:
        step += 1
        if session is not None and session.time_up():
            session.abandon_deal()
            yield f"turn {number}.{step}", "abandoned at the time limit"
            return
        options = deal.legal_actions()
        probes = out_of_turn(deal, options)
        picked = sorted({rng.randrange(len(probes)) for _ in range(PROBES)})
        probes = [probes[i] for i in picked]
        yield f"turn {number}.{step}", _turn_seen(deal, options, probes, since)
        since = len(deal.events)
        accepted = [a for a in probes if deal.can(a)]
        staying = [o for o in options if o.kind != "fold"] or list(options)
        kept = keeper.choose(deal, options) if keeper is not None else None
        if kept is not None:
            keeper.play(deal, kept, act)
        elif rng.random() < OUT_OF_TURN and accepted:
            act(accepted[rng.randrange(len(accepted))])
        else:
            act(choose(staying if rng.random() < stays else options, rng, modest))
        if clock is not None:
            clock.tick()
    yield f"turn {number}.{step + 1}", _events(deal, since)


def moments(profile: Profile, seed: int, deals: int, players: int, modest: bool = False,
            scores: Optional[Dict[str, int]] = None, script: Sequence[str] = ()) -> Iterator[Moment]:
    """What ``deals`` deals of ``profile`` by ``players`` players from ``seed`` show, moment by moment
    (``modest``: no bet anywhere in its range, for a long session, see :func:`choose`; ``scores``:
    the points the players stand at when the session starts, under ``session.points``; ``script``:
    actions the first deal opens with, as written).

    The random numbers drawn depend only on the seed and on what was seen, so two profiles that
    have shown the same so far draw the same numbers next."""
    rng = random.Random(seed)
    yield "seats", seat_counts(profile)
    rules = compile_rules(profile)
    seats = SEATS[:players]
    clock = Clock(rng)
    try:
        session = Session(rules, seats, seed=seed, clock=clock, started=0.0)
    except RuleViolation as exc:
        yield "seated", f"refused: {exc.rule}"
        return
    if scores is not None:
        session.scores.update(scores)
    yield "seated", (tuple(seats), _between_seen(session))
    _buy(session, rng)  # a buy-in before the first deal
    away: Optional[str] = None
    for number in range(1, deals + 1):
        if session.is_over:
            return
        deal = session.start_deal()
        yield f"deal {number}", _deal_seen(deal)
        if number == 1:
            yield from _scripted(deal, script, "scripted", session.act)
        yield from _turns(deal, rng, session.act, number, session, clock, modest)
        session.finish_deal()
        yield f"end of deal {number}", _result_seen(deal)
        if away is not None:
            session.sit_in(away)
        _buy(session, rng)
        _keep_or_pass(session, rng)
        away = _sit_out(session, rng)
        yield f"after deal {number}", (_between_seen(session), away)


def _buy(session: Session, rng: random.Random) -> None:
    for player in session.players:
        options = session.buy_options(player)
        draw, pick = rng.random(), rng.randrange(3)
        if options and draw < BUYS:
            _, least, most = options[0]
            amount = (least, most, (least + most) / 2)[pick]
            try:
                session.buy(player, amount)
            except RuleViolation:  # halfway may be off the steps: the least always is a buy
                session.buy(player, least)


def _keep_or_pass(session: Session, rng: random.Random) -> None:
    """A banker with a choice (``procedure.bank.carry``) passes the bank one time in four (a draw made only then,
    so that no other profile's numbers change); else keeps it, as a choice left unmade does."""
    holder = session.bank_choice_due()
    if holder is not None and rng.random() < 0.25:
        session.choose_bank(holder, keep=False)


def _sit_out(session: Session, rng: random.Random) -> Optional[str]:
    player = session.players[rng.randrange(len(session.players))]
    if rng.random() >= SITS_OUT or session.is_over:
        return None
    try:
        session.sit_out(player)
    except RuleViolation:
        return None
    return player


def _compare(seed: int, mine: Iterator[Moment], theirs: Iterator[Moment]) -> Optional[Difference]:
    while True:
        a, b = next(mine, None), next(theirs, None)
        if a is None and b is None:
            return None
        if a != b:
            return Difference(seed, (a or b or ("the end", None))[0], a and a[1], b and b[1])


_SEEN: Dict[Tuple[Any, ...], List[Moment]] = {}
"""What a reference profile showed, kept: many variants are compared with the same reference."""


def _kept(key: Tuple[Any, ...], play: Callable[[], Iterator[Moment]]) -> Iterator[Moment]:
    """The moments of ``play``, kept under ``key`` once played to the end (a reference's)."""
    found = _SEEN.get(key)
    if found is None:
        found = _SEEN[key] = list(play())
    return iter(found)


def first_difference(reference: Profile, variant: Profile, seeds: Sequence[int], deals: Callable[[int], int],
                     players: Callable[[int], int], modest: Callable[[int], bool] = lambda seed: False
                     ) -> Optional[Difference]:
    """The first moment ``reference`` and ``variant`` differ, over ``seeds`` in turn (``players(seed)``
    players, ``deals(seed)`` deals each, ``modest(seed)`` as :func:`moments` has it); None when they
    play the same throughout."""
    name = reference.model_dump_json()
    for seed in seeds:
        count, many, small = players(seed), deals(seed), modest(seed)
        mine = _kept((name, seed, many, count, small), partial(moments, reference, seed, many, count, small))
        found = _compare(seed, mine, moments(variant, seed, many, count, small))
        if found is not None:
            return found
    return None


# ---------------------------------------------------------------------------
# Situations: rare deals, dealt by hand
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Situation:
    """A deal of given cards, for what random deals rarely hold: a prial against a prial, a tie, a
    special hand, a wild card, a hand retained. It is played by the same choices by index as a random
    deal, under any profile whose format takes these cards: each player's, in the order of play; the
    centre's, where the format deals one (the cards named, then the rest of the pack in order); and
    the unseen hands retained from a deal before."""

    name: str
    hands: Tuple[Tuple[str, str], ...]
    centre: str = ""
    retained: Tuple[Tuple[str, str], ...] = ()
    folds: Tuple[str, ...] = ()
    """Players who fold at their first turn where they may (so that the others meet at the showdown)."""
    script: Tuple[str, ...] = ()
    """Actions played first, in order, as written (``"A arrange Ac Ad Ah | ..."``); then the choices by index."""
    why: str = ""

    def deal(self, profile: Profile) -> Optional[Deal]:
        """The situation dealt under ``profile``; None where its format does not take these cards."""
        rules = compile_rules(profile)
        hands = {player: parse_cards(text) for player, text in self.hands}
        retained = {player: parse_cards(text) for player, text in self.retained}
        if not max(2, rules.table.min_players) <= len(hands) <= rules.table.max_players:
            return None
        if any(len(cards) != rules.format.cards_dealt for cards in hands.values()):
            return None
        if retained and not (rules.blind.allowed and rules.blind.retention):  # no unseen hand is kept here
            return None
        pack = [CARDS[number] for number in sorted(rules.pack.cards)]
        each = profile.ranking.wild.joker_each  # every player holds the one joker: it is in no pack
        used = [card for cards in (*hands.values(), *retained.values()) for card in cards
                if not (each and card.is_joker)]
        named = parse_cards(self.centre) if self.centre else []
        if len(set(used + named)) != len(used + named) or any(card not in pack for card in used + named):
            return None
        if each and not all(any(card.is_joker for card in cards) for cards in hands.values()):
            return None
        left = [card for card in pack if card not in used]
        count = centre_count(rules, len(hands), len(left))
        centre = (named + [card for card in left if card not in named])[:count]
        if len(centre) < count:
            return None
        try:
            return Deal(rules, list(hands), hands, retained=retained or None, centre=centre or None)
        except (RuleViolation, ValueError, AssertionError):
            return None

    def applies(self, profile: Profile) -> bool:
        return self.deal(profile) is not None

    def moments(self, profile: Profile, seed: int) -> Iterator[Moment]:
        return situation_moments(profile, self, seed)


EXCHANGES = frozenset(("swap", "knock", "stand", "draw", "throw", "pass", "take"))
"""The kinds of an exchange with the centre, the stock or the discard pile (Stop the Bus, Crash)."""


def _first(options: Sequence[LegalAction], kind: str) -> Optional[Action]:
    """The first offered action of ``kind`` (None: none is offered)."""
    return next((o.action() for o in options if o.kind == kind), None)


class Keeper:
    """Choices that let a situation's cards reach the end: the players named fold at their first turn;
    a card thrown before the betting is the one the situation lists last; in an exchange every player
    keeps the hand dealt (knocks or stands when allowed, passes when
    allowed, else exchanges one card, their first for the centre card at their own place or the
    face-down one, and at their next turn exchanges it back; a card drawn is thrown). It reads nothing
    of the ranking, only the options and the cards."""

    def __init__(self, folds: Sequence[str] = ()) -> None:
        self.owed: Dict[str, Tuple[Any, Any, bool]] = {}  # player: (card given, card taken, taken face down)
        self.folds = set(folds)

    def choose(self, deal: Deal, options: Sequence[LegalAction]) -> Optional[Action]:
        """The keeping choice among ``options`` (None when they are no exchange): a fold for a player who
        is to fold at once."""
        if not options:
            return None
        player = options[0].player
        hand = deal.players[player].hand or ()
        if player in self.folds:
            self.folds.discard(player)
            folding = _first(options, "fold")
            if folding is not None:
                return folding
        discards = [o for o in options if o.kind == "discard" and o.target is not None]
        if discards and hand:  # a card to throw before the betting: the one the situation lists last
            return next((o.action() for o in discards if o.target == str(hand[-1])), None)
        if not {o.kind for o in options} <= EXCHANGES | {"fold"}:
            return None
        back = self._back(player, options)
        if back is not None:
            return back
        for kind in ("knock", "stand", "pass", "draw"):
            found = _first(options, kind)
            if found is not None:
                return found
        swaps = [o for o in options if o.kind == "swap" and o.cards is not None and o.cards[0] == tuple(hand[:1])]
        return swaps[list(deal.order).index(player) % len(swaps)].action() if swaps else None

    def _back(self, player: str, options: Sequence[LegalAction]) -> Optional[Action]:
        """The exchange that gives back the card ``player`` took (a throw of a card drawn), if one is owed."""
        owed = self.owed.get(player)
        if owed is None:
            return None
        gave, took, down = owed
        for o in options:
            if o.cards is None or o.cards[0] != (took,):
                continue
            if o.kind == "throw" or (o.kind == "swap" and (o.target == "down" if down else o.cards[1:] == ((gave,),))):
                return o.action()
        return None

    def play(self, deal: Deal, action: Action, act: Callable[[Action], None]) -> None:
        """Play the keeping choice, remembering the card to give back."""
        before = list(deal.players[action.player].hand or ())
        act(action)
        after = list(deal.players[action.player].hand or ())
        if action.kind in ("swap", "draw") and action.player not in self.owed:
            gave = [c for c in before if c not in after]
            took = [c for c in after if c not in before]
            if len(took) == 1:
                self.owed[action.player] = (gave[0] if gave else None, took[0], action.target == "down")
        elif action.kind in ("swap", "throw"):
            self.owed.pop(action.player, None)


@dataclass(frozen=True)
class Standing:
    """A session dealt from the seed whose players stand at given points when it starts (two players
    tied at the target, say), or whose first deal opens with actions written out (an exposure before
    anybody bets), played on for a few deals by the choices by index: for the rules of a session's end,
    and for rare moments any deal of any format can hold."""

    name: str
    players: int = 3
    scores: Tuple[Tuple[str, int], ...] = ()
    script: Tuple[str, ...] = ()
    deals: int = 2
    why: str = ""

    def applies(self, profile: Profile) -> bool:
        table = profile.table
        if not max(2, table.min_players) <= self.players <= table.max_players:
            return False
        return not self.scores or profile.session.points.target is not None

    def moments(self, profile: Profile, seed: int) -> Iterator[Moment]:
        if not self.applies(profile):
            yield self.name, "not played"
            return
        yield from moments(profile, seed, self.deals, self.players, scores=dict(self.scores) or None,
                           script=self.script)


def _scripted(deal: Deal, script: Sequence[str], label: str, act: Callable[[Action], None]) -> Iterator[Moment]:
    """Play the actions written out, in order, each seen with the actions offered before it and whether
    it was accepted; the first refused ends the script."""
    for number, text in enumerate(script, 1):
        if deal.is_over:
            return
        offered = tuple(deal.legal_actions())
        try:
            act(Action.parse(text))
        except RuleViolation:
            yield f"{label} {number}", (offered, "refused")
            return
        yield f"{label} {number}", (offered, "accepted")


def situation_moments(profile: Profile, situation: Situation, seed: int) -> Iterator[Moment]:
    """What the situation shows under ``profile``, played by the choices of ``seed``."""
    deal = situation.deal(profile)
    if deal is None:
        yield situation.name, "not dealt"
        return
    yield situation.name, _deal_seen(deal)
    yield from _scripted(deal, situation.script, f"{situation.name}: scripted", deal.apply)
    rng = random.Random(seed)
    yield from _turns(deal, rng, deal.apply, 1, keeper=Keeper(situation.folds))
    yield f"{situation.name}: the end", _result_seen(deal)


Rare = Union[Situation, Standing]


def situation_difference(reference: Profile, variant: Profile, situations: Sequence[Rare],
                         seeds: Sequence[int]) -> Optional[Difference]:
    """The first moment any of ``situations`` plays otherwise under the two profiles (a situation
    neither profile can play is skipped)."""
    for situation in situations:
        if not (situation.applies(reference) or situation.applies(variant)):
            continue
        for seed in seeds:
            mine = _kept((reference.model_dump_json(), situation.name, seed), partial(situation.moments, reference, seed))
            found = _compare(seed, mine, situation.moments(variant, seed))
            if found is not None:
                return found
    return None


# ---------------------------------------------------------------------------
# Trials: a field set otherwise over a profile where it is in play
# ---------------------------------------------------------------------------


UNORDERED: Dict[str, str] = {
    "pack.stripped_ranks": "the ranks taken out of the pack: a set, written as a list",
    "ranking.wild.ranks": "the ranks that are wild: a set, written as a list",
}
"""List fields whose order means nothing: another order of the same items is no other value
(``tests/test_conformance.py`` holds that it plays the same)."""


@dataclass(frozen=True)
class Trial:
    """A field over one profile where it is in play: the profile as it is (``reference``), and
    the same with the field set to each other value its type offers (``variants``)."""

    path: str
    base: str
    reference: Profile
    variants: Tuple[Tuple[Any, Profile], ...]

    def __str__(self) -> str:
        return f"{self.path} over {self.base}"


def other_values(path: str, profile: Profile) -> List[Any]:
    """The values ``path`` may take other than its value in ``profile``, from its type (every other
    choice, a flag flipped, a number moved, a list reordered or grown, a bound added or removed);
    another order of an :data:`UNORDERED` list is left out."""
    current = value_of(profile, path)
    values = candidate_values(path, current)
    if path in UNORDERED:
        values = [v for v in values if not (isinstance(v, list) and sorted(map(str, v)) == sorted(map(str, current)))]
    return values


def _set(data: Dict[str, Any], settings: Sequence[Tuple[str, Any]]) -> Optional[Profile]:
    data = copy.deepcopy(data)
    for path, value in settings:
        _nested_set(data, path, value)
    if any(path == "format.lives" and value is not None for path, value in settings):
        data["session"]["bankroll"] = "unlimited"  # a Crash game has no money
    return _validated(data)


def trial(path: str, base: str, profile: Profile, companion: Tuple[Tuple[str, Any], ...] = ()) -> Optional[Trial]:
    """The trial of ``path`` over ``profile`` (with ``companion`` set in both, where the field needs
    it to be in play); None when no other value validates in play."""
    data = profile.model_dump(mode="json")
    reference = _set(data, companion)
    variants: List[Tuple[Any, Profile]] = []
    candidates = other_values(path, reference) if reference is not None else candidate_values(path, value_of(profile, path))
    for value in candidates:
        found = _set(data, (*companion, (path, value)))
        if found is None or found == reference or not in_play(path, found):
            continue
        if reference is None:  # the companion needs the field set: the first value found is the reference
            reference = found
            continue
        variants.append((value, found))
    if reference is None or not variants or not in_play(path, reference):
        return None
    return Trial(path, base, reference, tuple(variants))


def trials(path: str, every: bool) -> List[Trial]:
    """The trials of ``path``: over the default profile where the field is in play, and over the
    shipped profiles where it is in play and another value validates, all of them (``every``, with one
    more change beside the field where it alone cannot change) or the first in the order of
    :func:`by_cost`; where none is, over the bases and companions the conformance check found to bring
    it into play (:func:`~tests.conformance.variants`)."""
    found: List[Trial] = []
    if in_play(path, Profile()):
        made = trial(path, "the default profile", Profile())
        if made is not None:
            found.append(made)
    shipped_found = False
    for name in by_cost():
        if in_play(path, shipped(name)) and (every or not shipped_found):
            made = trial(path, name, shipped(name))
            if made is None and every:  # no other value alone: one more change beside it, as variants() tries
                made = next((t for t in (trial(path, name, shipped(name), c) for c in _companions()
                                         if all(setting[0] != path for setting in c)) if t is not None), None)
            if made is not None:
                found.append(made)
                shipped_found = True
    if not shipped_found:
        for variant in variants(path):
            if variant.in_play:
                made = trial(path, variant.base, variant.base_profile, variant.companion)
                if made is not None:
                    found.append(made)
                    break
    return found


def by_cost() -> List[str]:
    """The shipped profiles, those whose ranking is quick to build first (no wild rank, card or joker:
    a ranking with wild cards takes seconds to build, and every variant of it is built afresh)."""
    def cost(name: str) -> Tuple[bool, str]:
        wild = shipped(name).ranking.wild
        return (bool(wild.ranks or wild.cards or wild.joker_each or wild.kiss_miss or wild.per_hand != "none"
                     or wild.select or shipped(name).pack.jokers), name)
    return sorted(builtin_names(), key=cost)


@dataclass(frozen=True)
class Budget:
    """How much play a trial is given: seeds of a few deals, then one long session, then the situations."""

    seeds: int = 4
    deals: int = 6
    long_deals: int = 30
    situation_seeds: int = 6


def shown(trial: Trial, budget: Budget, situations: Sequence[Rare]) -> Optional[Difference]:
    """The first difference in play any of the trial's values makes: for each value in turn, random
    deals, then the situations; then, for each value, one long session."""
    low = max(2, trial.reference.table.min_players)
    high = max(low, min(len(SEATS), trial.reference.table.max_players))
    players: Callable[[int], int] = lambda seed: low + seed % (high - low + 1)  # noqa: E731
    for value, variant in trial.variants:
        found = first_difference(trial.reference, variant, range(budget.seeds), lambda seed: budget.deals, players)
        if found is None:
            found = situation_difference(trial.reference, variant, situations, range(budget.situation_seeds))
        if found is not None:
            return replace(found, value=value)
    for value, variant in trial.variants:
        found = first_difference(trial.reference, variant, [budget.seeds], lambda seed: budget.long_deals, players,
                                 lambda seed: True)
        if found is not None:
            return replace(found, value=value)
    return None
