"""The ``solved`` bot: plays a solved strategy heads-up, from its :class:`PlayerView` only.

It reads the deal's public actions (``view.actions``) in the strategy's tree, seats renamed A (first
to act) and B (the dealer), and plays on from the decision they lead to, however the opponent bets:

* a bet is compared with the tree's as the same number of steps above the least bet the real game
  offered then (a translated history may leave the real level above the tree's);
* a bet amount the tree lacks is read by the randomised pseudo-harmonic mapping between the tree's
  two neighbouring amounts, in units of the pot (:mod:`bragrules.solver.translate`); one above the
  tree's largest as the largest, and the bot then continues no more often than that bet's size
  allows, with its strongest hands (:mod:`bragrules.solver.defend`);
* a bet where the tree allows no more (past ``--max-bets``) is read as the most alike bet in the
  tree (:class:`~bragrules.solver.translate.AfterBets`), else the bot faces its last like decision again.

Each real action is read once a deal (the mapping's draw is kept). At its own turn the bot draws an
action with the strategy's probabilities for its hand (one row for all hands while it is blind) among
those open at the table, a bet as many steps above the real least as the tree's is above its own.

At a table of three or four it plays a multiway strategy (:mod:`bragrules.solver.mccfr`), seats
renamed A, B, C (and D) in the order they act. Past the tree's count it decides once whether to stay in
the war or leave; where its tree ends a war in a showdown of every hand still in (``war_cap: showdown``,
:mod:`bragrules.solver.pool`) and the real game bets on, it decides so at its own last decision that
could bet, then, staying, bets at most as many times again as the tree's war cap, then sees or leaves. It falls back to the ``cautious`` style
(:data:`FALLBACK`) when more than four players are in the deal, when no strategy is found for the
profile at the table's seats, when the deal cannot be read at all, and for the
decisions the tree settles by itself (showing at a see, retaining a blind hand), and says so: its
reason then begins "cautious, standing in for solved" and names why (:mod:`bragrules.play.plays`
labels the seat the same).

Where the strategy comes from: the file named by ``BRAGRULES_STRATEGY`` (what ``--strategy``
sets, so that simulation workers find it too), else the file ``bragrules solve`` writes by
default for the deal's profile, ``strategy_path(profile_hash)``.
"""

from __future__ import annotations

import os
import random
from fractions import Fraction
from typing import TYPE_CHECKING, Dict, List, NamedTuple, Optional, Tuple

from bragrules.core.i18n import N_, Later, Message
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.view import PlayerView
from bragrules.play.bot_words import NO_CHOICE, move_name
from bragrules.play.bots import STYLES, StyleBot
from bragrules.play.plays import STAND_IN
from bragrules.solver.defend import defend
from bragrules.solver.numeric import np
from bragrules.solver.strategy import Entry, Strategy, StrategyFileError, game_hash
from bragrules.solver.translate import AfterBets, amount_of, translate_bet
from bragrules.solver.tree import MAX_SEATS, seat_names

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.rules.compile import Rules

__all__ = ["FALLBACK", "Reading", "SolvedBot", "load_for", "strategy_path"]

FALLBACK = "cautious"
"""The heuristic style the solved bot plays where its strategy has nothing to say."""

ENV = "BRAGRULES_STRATEGY"

_LOADED: Dict[Tuple[str, str, int], Optional[Strategy]] = {}
_AFTER_BETS: Dict[int, Tuple[Strategy, AfterBets]] = {}


def strategy_path(key: str, seats: int = 2) -> str:
    """Where ``bragrules solve`` keeps a profile's strategy by default (by its game hash,
    :func:`~bragrules.solver.strategy.game_hash`, and the seats when more than two): the user's cache."""
    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    name = f"{key}.npz" if seats == 2 else f"{key}-{seats}seats.npz"
    return os.path.join(root, "bragrules", "strategies", name)


def _load(path: str, key: str, rules: Optional["Rules"], seats: int = 2) -> Optional[Strategy]:
    """The strategy in ``path`` when it reads, was solved for the game ``key`` at ``seats`` and (given
    ``rules``) is that game's tree; else None: the bot falls back rather than meet a damaged file in the
    middle of a deal."""
    if (path, key, seats) not in _LOADED:
        found: Optional[Strategy] = None
        try:
            if os.path.exists(path):
                strategy = Strategy.load(path)
                if strategy.game_hash == key and strategy.seats == seats:
                    if rules is not None:
                        strategy.check_against(rules, path)
                    found = strategy
        except StrategyFileError:
            found = None
        _LOADED[(path, key, seats)] = found
    return _LOADED[(path, key, seats)]


def load_for(key: str, rules: Optional["Rules"] = None, seats: int = 2) -> Optional[Strategy]:
    """The strategy for a profile (by its game hash) at a table of ``seats``: ``BRAGRULES_STRATEGY``'s
    file if it was solved for that game and seats, else the default file; None when neither is there (or
    neither reads, or, given the profile's ``rules``, neither is its game's tree)."""
    named = os.environ.get(ENV)
    if named:
        found = _load(named, key, rules, seats)
        if found is not None:
            return found
    return _load(strategy_path(key, seats), key, rules, seats)


class SolvedBot:
    """A bot playing a :class:`Strategy` (found per profile when not given)."""

    style = "solved"

    def __init__(self, rng: random.Random, name: Optional[str] = None, strategy: Optional[Strategy] = None) -> None:
        self.name = name or "solved"
        self.rng = rng
        self.strategy = strategy
        self.fallback = StyleBot(STYLES[FALLBACK], rng, name)
        self._why = Message(NO_CHOICE)  # the reason, put in words when read (in the reader's language)
        self.on_strategy = False  # whether the last choice was the strategy's (not the stand-in's)
        self._parsed: Dict[int, List[Action]] = {}
        self._for: Optional[Tuple[object, int, Optional[Strategy]]] = None
        self._memory_key: Optional[int] = None
        self._read: Dict[int, str] = {}

    def explain(self) -> str:
        return self._why.text()

    def _strategy_for(self, view: PlayerView) -> Optional[Strategy]:
        seats = len(view.order)
        if self.strategy is not None:
            return self.strategy if self.strategy.seats == seats else None
        profile = view.rules.profile
        if self._for is None or self._for[0] is not profile or self._for[1] != seats:
            self._for = (profile, seats, load_for(game_hash(profile), view.rules, seats))
        return self._for[2]

    def _fall_back(self, view: PlayerView, why: str, **values: object) -> Action:
        action = self.fallback.choose(view)
        self.on_strategy = False
        self._why = Message(N_("{standin} ({why}): {reason}"), standin=Message(STAND_IN), why=Message(why, **values),
                            reason=Later(self.fallback.explain))
        return action

    def parsed(self, entry: Entry) -> List[Action]:
        """The actions of a decision, read from their texts (once)."""
        return self._entry_actions(entry)

    def _entry_actions(self, entry: Entry) -> List[Action]:
        key = id(entry)
        found = self._parsed.get(key)
        if found is None:
            found = self._parsed[key] = [Action.parse(text) for text in entry.actions]
        return found

    def _deal_memory(self, view: PlayerView) -> Dict[int, str]:
        """How this deal's real actions were read in the tree so far, by their place in the deal (drawn once)."""
        if self._memory_key != view.key:
            self._memory_key, self._read = view.key, {}
        return self._read

    def _read_action(self, entry: Entry, real: Action, pot: Fraction, offset: Fraction = Fraction(0)) -> Optional[str]:
        """The tree's action at ``entry`` that the real one (seats renamed) is read as: itself when the tree has
        it, a bet by the pseudo-harmonic mapping (:func:`~bragrules.solver.translate.translate_bet`, in units
        of the pot before it, the tree's amounts moved up by ``offset``, :meth:`_offset`), any other kind by
        its kind; None when the tree has nothing of that kind."""
        text = str(real)
        if text in entry.actions and not offset:
            return text
        same = [a for a in self._entry_actions(entry) if a.kind == real.kind and a.target == real.target]
        if not same:
            return None
        if real.kind != "bet":
            return str(same[0])
        moved = [a._replace(amount=(a.amount or Fraction(0)) + offset) for a in same]
        found = translate_bet(moved, real, pot, self.rng.random())
        return None if found is None else str(same[moved.index(found)])

    def _read_at(self, entry: Entry, real: Action, pot: Fraction, before: Optional[str],
                 offset: Fraction) -> Optional[str]:
        """The action read at ``entry``: as it was read before (``before``) when the tree has it there."""
        if before is not None and before in entry.actions:
            return before
        return self._read_action(entry, real, pot, offset)

    def _offset(self, entry: Entry, real: Action, least: Optional[Fraction]) -> Fraction:
        """How far the real game's least bet is above the tree's at this decision (0 unless ``real`` is a bet):
        the tree's amounts are the least and steps above it, so its bets are compared with real ones as
        the same number of steps above the real least (a translated history may leave the real level
        above the tree's)."""
        if real.kind != "bet" or least is None:
            return Fraction(0)
        amounts = [a.amount for a in self._entry_actions(entry) if a.kind == "bet" and a.amount is not None]
        return least - min(amounts) if amounts else Fraction(0)

    def read(self, strategy: Strategy, view: PlayerView, extra: Optional[Action] = None) -> Optional[Reading]:
        """The deal's actions (and ``extra``, one more, as if taken now: what a best response asks) read in
        the tree, None if they cannot be: each action as itself, a bet amount the tree lacks by the
        pseudo-harmonic mapping, a bet past the tree's count as the most alike bet in the tree
        (:class:`~bragrules.solver.translate.AfterBets`). A real action is read once a deal (the draw kept);
        ``extra`` is read afresh each time."""
        rename = dict(zip(view.order, seat_names(len(view.order))))
        read = self._deal_memory(view)
        actions = list(view.actions)
        pots = _pots_before(view)
        if extra is not None:
            read = dict(read)
            read.pop(len(actions), None)
            actions.append(extra)
            pots.append(view.pot)
        least = _least_bets(view, actions)
        history: List[str] = []
        visited: List[Tuple[List[str], Entry]] = []
        steps: List[Tuple[Entry, str]] = []
        stretch = Fraction(1)
        past = False
        for index, real in enumerate(actions):
            entry = strategy.entry(history)
            mapped = real._replace(player=rename[real.player])
            stretch = Fraction(1)
            if entry is None:
                if _at_pool(strategy, history):  # the tree ended the war here, the real game bets on
                    return self._past_pool(view, rename, history, steps, index)
                history.append(str(mapped))  # a step the tree applied by itself (a show): kept as it was
                continue
            visited.append((list(history), entry))
            offset = self._offset(entry, mapped, least[index])
            text = self._read_at(entry, mapped, pots[index], read.get(index), offset)
            if text is None and mapped.kind == "bet" and mapped.amount is not None:  # past the tree's count
                alike = self._alike(strategy, history, visited, mapped, pots[index], pots[0])
                if alike is None:
                    return None
                history = list(alike)
                stretch = _stretch(mapped, alike[-1] if alike else "", pots[index], offset)
                past = True
                continue
            if text is None:
                return None
            read[index] = text
            steps.append((entry, text))
            history.append(text)
            stretch = _stretch(mapped, text, pots[index], offset)
        entry = strategy.entry(history)
        if entry is None and _at_pool(strategy, history):
            return self._past_pool(view, rename, history, steps, len(actions))
        return None if entry is None else Reading(tuple(history), entry, steps, stretch, past)

    def _past_pool(self, view: PlayerView, rename: Dict[str, str], history: List[str],
                   steps: List[Tuple[Entry, str]], at: int) -> Optional[Reading]:
        """The tree ended the deal's war at its cap in a showdown of every hand still in (``war_cap: showdown``)
        and the real game bets on: the bot answers as at its own last decision of the deal that could bet,
        seen if it has one (else blind, as it still is), a war past the tree's count (stay or leave, decided
        once: :meth:`_after_pool`); None when it has none (the deal left the tree). ``at``: the first of the
        deal's actions past the tree's showdown."""
        seat = seat_names(len(view.order)).index(rename[str(view.player)])
        could_bet = [e for e, _ in steps if e.player == seat and any(a.kind == "bet" for a in self._entry_actions(e))]
        earlier = next((e for e in reversed(could_bet) if not e.blind), could_bet[-1] if could_bet else None)
        return None if earlier is None else Reading(tuple(history), earlier, steps, Fraction(1), True, at)

    def _alike(self, strategy: Strategy, history: List[str], visited: List[Tuple[List[str], Entry]], bet: Action,
               pot: Fraction, antes: Fraction) -> Optional[Tuple[str, ...]]:
        """Where a bet past the tree's count leaves the deal: after the most alike bet in the tree with the same
        seats out (:meth:`~bragrules.solver.translate.AfterBets.find`), else back at the last decision, as blind
        or seen as now, of the seat to answer it (the next one still in: it faces a bet again); None when
        neither is there."""
        after = self._after_bets(strategy)
        seen, folded = after.seen(history), after.folded(history)
        assert bet.amount is not None
        alike = after.find(bet.player, seen, bet.amount, pot, antes, folded)
        if alike is None:
            names = after.seats
            bettor = names.index(bet.player)
            answer = next((k for k in (bettor + j for j in range(1, len(names)))
                           if names[k % len(names)] not in folded), bettor + 1) % len(names)
            alike = next((tuple(h) for h, e in reversed(visited) if e.player == answer and e.blind != seen[answer]),
                         None)
        return alike

    def _past_cap(self, found: Reading) -> Reading:
        """At three or four seats the tree ends a war by its cap (after twice its bets, with three or more
        in, a seen player may only fold): a fold the abstraction forces, not one the strategy chose. Where
        the real game lets the bot bet on, it answers as at its own last decision of the deal, seen, that
        could bet, a war past the tree's count (:meth:`_committed`); as read when there is none."""
        entry = found.entry
        if entry.blind or any(a.kind != "fold" for a in self._entry_actions(entry)):
            return found
        earlier = next((e for e, _ in reversed(found.steps) if e.player == entry.player and not e.blind
                        and any(a.kind == "bet" for a in self._entry_actions(e))), None)
        return found if earlier is None else found._replace(entry=earlier, stretch=Fraction(1), past_count=True)

    def _committed(self, view: PlayerView, row: List[float], actions: List[Action]) -> List[float]:
        """At three or four seats, once the deal's bets are past the tree's count: a betting war the tree
        never met, whose every further round costs a bet. The bot decides once, at its first decision past
        the count, by its strategy's chance of folding there, whether to stay to the end or leave; then
        stays or leaves (paying into a war and folding later is the costliest of the three)."""
        memory = self._deal_memory(view)
        decided = memory.get(-1)
        if decided is None:
            folds = sum(p for p, a in zip(row, actions) if a.kind == "fold")
            total = sum(row)
            decided = memory[-1] = "leave" if total > 0 and self.rng.random() < folds / total else "stay"
        return _committed_row(row, actions, decided == "stay")

    def _after_pool(self, view: PlayerView, limit: int, options: List[LegalAction], row: "object",
                    tree_actions: List[Action], at: int) -> Action:
        """Past the tree's showdown at its war cap (``war_cap: showdown``) the real game bets on: the bot decides
        once, by its chance of folding at its last decision that could bet (``row``), to stay or leave, and
        keeps to it. Staying, it bets as that decision does (its fold struck out), at most ``limit`` times
        (the tree's war cap, twice its count of bets); then it has bet enough: it sees if it can, else leaves,
        so that a war between players who all stay ends. ``at``: the first of the deal's actions past the
        tree's showdown."""
        memory = self._deal_memory(view)
        values = [float(p) for p in row]  # type: ignore[attr-defined]
        folds = sum(p for p, a in zip(values, tree_actions) if a.kind == "fold")
        stay = 1.0 - folds / sum(values) if sum(values) > 0 else 1.0
        if memory.get(-1) is None:
            memory[-1] = "stay" if self.rng.random() < stay else "leave"
        staying = memory[-1] == "stay"
        kinds = {o.kind: o for o in options}
        bets = sum(1 for a in view.actions[at:] if a.player == view.player and a.kind == "bet")
        real = _real_actions(options, tree_actions)
        kept = [v if real[k] is not None and tree_actions[k].kind != "fold" else 0.0 for k, v in enumerate(values)]
        why = N_("plays the solved strategy past its war cap's showdown: {move}, having decided once to stay in "
                 "(probability {chance})")
        if staying and bets < limit and any(kept):
            action = real[_draw(kept, self.rng.random())]
        elif staying and "see" in kinds:
            action = kinds["see"].action()
        elif "fold" in kinds:
            action = kinds["fold"].action()
            why = N_("plays the solved strategy past its war cap's showdown: {move}, having bet as many times again as "
                     "the tree's war cap") if staying else \
                N_("plays the solved strategy past its war cap's showdown: {move}, having decided once to leave "
                   "(probability {chance})")
        else:
            return self._fall_back(view, N_("{moves}: none is open here"),
                                   moves=Later(_move_list, view.rules, [a.kind for a in tree_actions]))
        assert action is not None
        self.on_strategy = True
        self._why = Message(why, move=Later(move_name, view.rules, action.kind),
                            chance=Later(format, stay if staying else 1.0 - stay, ".0%"))
        return action

    def _after_bets(self, strategy: Strategy) -> AfterBets:
        found = _AFTER_BETS.get(id(strategy))
        if found is None or found[0] is not strategy:
            found = _AFTER_BETS[id(strategy)] = (strategy, AfterBets(strategy))
        return found[1]

    def choose(self, view: PlayerView) -> Action:
        options = view.legal_actions()
        if not 2 <= len(view.order) <= MAX_SEATS:
            return self._fall_back(view, N_("strategies are solved for 2 to {most} players, not {seats}"),
                                   most=MAX_SEATS, seats=len(view.order))
        if options and options[0].kind not in ("look", "bet", "see", "fold", "check"):
            return self._fall_back(view, N_("a decision the tree settles by itself"))
        strategy = self._strategy_for(view)
        if strategy is None:
            seats = len(view.order)
            if seats > 2:
                return self._fall_back(view, N_("no strategy solved for this profile at {seats} seats"), seats=seats)
            return self._fall_back(view, N_("no strategy solved for this profile"))
        found = self.read(strategy, view)
        if found is None:
            return self._fall_back(view, N_("the deal left the solved tree"))
        if strategy.seats > 2 and any(o.kind == "bet" for o in options):
            found = self._past_cap(found)
        entry = found.entry
        hand = None
        if not entry.blind:
            cards = view.hand
            hand = strategy.hand_of(cards) if cards is not None else None
            if hand is None:
                return self._fall_back(view, N_("a hand the strategy does not know"))
        row = entry.row(hand)
        tree_actions = self._entry_actions(entry)
        if found.stretch < 1:  # ranges over whole hands (heads-up) or over equity buckets (three or four seats)
            buckets = strategy.meta.get("buckets") if strategy.seats > 2 else None
            row = defend(view, entry, hand, row, found, None if buckets is None else np.asarray(buckets))
        if found.pool_at is not None:
            return self._after_pool(view, 2 * int(strategy.meta["max_bets"]), options, row, tree_actions,
                                    found.pool_at)
        real = _real_actions(options, tree_actions)
        open_row = [float(p) if real[k] is not None else 0.0 for k, p in enumerate(row)]
        if found.past_count and strategy.seats > 2:
            open_row = self._committed(view, open_row, tree_actions)
        if not any(open_row):
            return self._fall_back(view, N_("{moves}: none is open here"),
                                   moves=Later(_move_list, view.rules, [a.kind for a in tree_actions]))
        k = _draw(open_row, self.rng.random())
        action, chosen = real[k], tree_actions[k]
        assert action is not None
        self._read[len(view.actions)] = entry.actions[k]  # how the replay reads this action from now on
        self.on_strategy = True
        self._why = Message(N_("plays the solved strategy: {move} with probability {chance}"),
                            move=Later(move_name, view.rules, chosen.kind), chance=Later(format, float(row[k]), ".0%"))
        return action


def _at_pool(strategy: Strategy, history: List[str]) -> bool:
    """Whether the strategy's tree ends the deal after ``history`` in a showdown of every hand still in: its
    war cap is a showdown (``war_cap: showdown``), twice its bets are made, three or more are in.

    >>> s = Strategy({}, {"cards": [1, 2, 3], "seats": 3, "max_bets": 1, "war_cap": "showdown"})
    >>> _at_pool(s, ["A bet 1", "B bet 1"]), _at_pool(s, ["A bet 1", "B fold", "C bet 1"]), _at_pool(s, ["A bet 1"])
    (True, False, False)
    """
    if strategy.war_cap != "showdown" or strategy.seats < 3:
        return False
    bets = sum(1 for text in history if text.split(" ")[1:2] == ["bet"])
    return bets >= 2 * int(strategy.meta["max_bets"]) and strategy.seats - len(AfterBets.folded(history)) > 2


def _move_list(rules: "Rules", kinds: List[str]) -> str:
    """Moves named in a reason, in the game's words (English: as the tree names them)."""
    return ", ".join(move_name(rules, kind) for kind in kinds)


def _committed_row(row: List[float], actions: List[Action], keep_on: bool) -> List[float]:
    """``row`` for a player who has decided to stay to the end of a war (``keep_on``: its fold struck out,
    if anything else is open) or to leave it (everything but its fold struck out)."""
    fold = [a.kind == "fold" for a in actions]
    kept = [0.0 if f == keep_on else p for p, f in zip(row, fold)]
    return kept if any(kept) else row


def _draw(row: "object", u: float) -> int:
    """The action drawn for a uniform ``u`` in [0, 1) with the row's probabilities.

    >>> _draw([0.25, 0.5, 0.25], 0.3), _draw([0.25, 0.5, 0.25], 0.9)
    (1, 2)
    """
    values = [float(p) for p in row]  # type: ignore[attr-defined]
    pick = u * sum(values)
    for k, p in enumerate(values):
        pick -= p
        if pick < 0:
            return k
    return max(k for k, p in enumerate(values) if p > 0) if any(p > 0 for p in values) else 0


class Reading(NamedTuple):
    """A deal read in the tree: the tree's history, the decision it is at, and each real action that met a
    decision with the tree's action it was read as (a bet past the count, read as another line, is not among
    them)."""

    history: Tuple[str, ...]
    entry: Entry
    steps: List[Tuple[Entry, str]]
    stretch: Fraction = Fraction(1)
    """Below 1 when the last action was a bet larger than the tree's it was read as: ``(P + B) / (P + x)``
    for a real bet ``x`` read as ``B`` into a pot ``P``, how much less often the answer may continue
    (:func:`defend`)."""
    past_count: bool = False
    """Whether some bet of the deal was past the tree's count (read as an alike bet elsewhere in the tree)."""
    pool_at: Optional[int] = None
    """Where the deal went past the tree's showdown at its war cap (``war_cap: showdown``): the first of the
    deal's actions past it (None when it has not); :attr:`entry` is then the bot's last decision that could bet."""


def _stretch(real: Action, text: str, pot: Fraction, offset: Fraction = Fraction(0)) -> Fraction:
    """``(P + B) / (P + x)`` when the real bet ``x`` is larger than the tree's ``B`` (``text``, its amount
    moved up by ``offset``), else 1.

    >>> _stretch(Action("A", "bet", Fraction(8)), "A bet 2", Fraction(2))   # (2 + 2) / (2 + 8)
    Fraction(2, 5)
    """
    if real.kind != "bet" or real.amount is None:
        return Fraction(1)
    tree = amount_of(text) + offset
    if real.amount <= tree:
        return Fraction(1)
    return (pot + tree) / (pot + real.amount)


def _least_bets(view: PlayerView, actions: List[Action]) -> List[Optional[Fraction]]:
    """The least bet the real game offered before each action (None where it offered none): the deal's public
    actions replayed with the hands unknown, as the tree is built (:mod:`bragrules.solver.tree`)."""
    from bragrules.core.errors import BragError
    from bragrules.engine.deal import Deal

    out: List[Optional[Fraction]] = []
    shadow = Deal(view.rules, list(view.order), {p: None for p in view.order}, wait_for_cards=True,
                  carried=view.carried_in, table_fee=Fraction(0))
    for action in actions:
        try:
            bet = next((o for o in shadow.legal_actions() if o.kind == "bet"), None)
            out.append(bet.amount if bet is not None else None)
            shadow.apply(action)
        except (BragError, ValueError):
            out.extend([None] * (len(actions) - len(out)))
            break
    return out


def _pots_before(view: PlayerView) -> List[Fraction]:
    """The pot before each of the deal's actions: the pot now less what that action and those after it paid."""
    pots: List[Fraction] = []
    pot = view.pot
    for action in reversed(view.actions):
        pot -= action.amount or 0
        pots.append(pot)
    return pots[::-1]


def _real_actions(options: List[LegalAction], tree_actions: List[Action]) -> List[Optional[Action]]:
    """Each of the tree's actions as the real game allows it now (:func:`_legal`), None where it does not (a
    translated history may reach a decision whose actions are not all open at the table)."""
    out: List[Optional[Action]] = []
    for k, chosen in enumerate(tree_actions):
        step = sum(1 for a in tree_actions[:k] if a.kind == chosen.kind)  # a bet: how many steps above the least
        out.append(_legal(options, chosen, step))
    return out


def _legal(options: List[LegalAction], chosen: Action, step: int = 0) -> Optional[Action]:
    """The legal action of the tree's kind; a bet ``step`` steps above the least the real game allows now (the
    tree's amounts are the least and the steps above it at every decision, so a translated history keeps the
    bot's sizes as the strategy meant them, the real level having moved).

    >>> bet = LegalAction("A", "bet", Fraction(2), Fraction(5), Fraction(1))
    >>> str(_legal([bet], Action("A", "bet", Fraction(1)), 1)), str(_legal([bet], Action("A", "bet", Fraction(1)), 9))
    ('A bet 3', 'A bet 5')
    """
    for option in options:
        if option.kind != chosen.kind:
            continue
        if option.kind == "bet" and option.amount is not None:
            amount = option.nth_amount(step)
            return option.action(amount)
        return option.action()
    return None
