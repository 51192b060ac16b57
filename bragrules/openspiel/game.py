"""One heads-up deal of any profile as an OpenSpiel game (``pip install 'bragrules[openspiel]'``).

Two games are registered with OpenSpiel when this module is imported:

* ``bragrules``: zero-sum (no house, a carried pot split: ``carry_share`` 1/2);
* ``bragrules_general_sum``: the same game where the sum need not be zero (a house's rake or fee,
  a carried pot lost to both: ``carry_share`` 0).

Parameters (OpenSpiel's game parameters): ``profile`` (a shipped profile's name or a YAML path),
``max_raises``, ``levels``, ``max_bets`` (0: ``max_raises + 1``), ``carry_share`` (a float: 0.5
or 0), ``strip`` (ranks stripped from the pack for a short one, e.g. ``"23456789T"``: the profile's
``pack.stripped_ranks``), ``deal`` (``"hands"``: one chance node per hand, each of the pack's
three-card hands left equally likely; ``"cards"``: one card at a time, A then B, as a table deals
singly; either way every card is exact and card removal exact). See
:mod:`bragrules.openspiel.tree` for the caps, the defaults taken for awaited decisions, and a
carried pot.

The state: two chance nodes (or six), then the engine's betting; the returns at an ending are
the engine's settlement with the real hands, in stakes. A player's information state is their
seat, their own cards once they have looked (a blind player does not see their hand) and the
public actions; the other's cards never.

>>> import pyspiel
>>> game = load_game("standard", max_raises=1, levels=1)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 22100)
>>> state.apply_action(0); state.apply_action(game.hand_index((4, 5, 6)))
>>> state.information_state_string(0)
'seat A; hand unseen; '
>>> state.apply_action(0)   # A looks
>>> state.information_state_string(0), state.information_state_string(1)
('seat A; hand 2c 2d 2h; A look', 'seat B; hand unseen; A look')
>>> [state.action_to_string(a) for a in state.legal_actions()]
['A fold', 'A bet 1']
>>> state.apply_action(1); state.is_terminal(), state.returns()
(True, [-1.0, 1.0])
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Tuple

import numpy as np

try:
    import pyspiel
except ImportError as exc:  # pragma: no cover - the extra is not installed
    from bragrules.openspiel import MISSING

    raise ImportError(MISSING) from exc

from bragrules.core.cards import CARDS
from bragrules.openspiel.tree import SEATS, Node, PublicTree, card_text, combinations

__all__ = ["BragGame", "BragState", "load_game"]

_DEFAULTS: Dict[str, Any] = {"profile": "standard", "max_raises": 1, "levels": 1, "max_bets": 0,
                             "carry_share": 0.5, "strip": "", "deal": "hands"}


def _game_type(short_name: str, utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name="Brag (bragrules): one heads-up deal of a profile",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_DEFAULTS),
    )


ZERO_SUM_TYPE = _game_type("bragrules", pyspiel.GameType.Utility.ZERO_SUM)
GENERAL_SUM_TYPE = _game_type("bragrules_general_sum", pyspiel.GameType.Utility.GENERAL_SUM)


def _rules(profile: str, strip: str) -> Any:
    from bragrules.profile import load_profile
    from bragrules.rules.compile import compile_rules

    loaded = load_profile(profile)
    if strip:  # a short pack: stripped ranks, and a table of two (the pack need hold no more hands)
        data = loaded.model_dump()
        data["pack"]["stripped_ranks"] = list(strip)
        data["table"].update(min_players=2, max_players=2)
        loaded = type(loaded).model_validate(data)
    return compile_rules(loaded)


class BragGame(pyspiel.Game):  # type: ignore[misc]
    """One heads-up deal of a profile (see the module's docstring for the parameters)."""

    def __init__(self, params: Optional[Dict[str, Any]] = None, game_type: Any = ZERO_SUM_TYPE) -> None:
        values = dict(_DEFAULTS)
        values.update(params or {})
        rules = _rules(str(values["profile"]), str(values["strip"]))
        share = Fraction(values["carry_share"]).limit_denominator(1000)
        zero_sum = game_type is ZERO_SUM_TYPE
        if zero_sum and (share != Fraction(1, 2) or rules.house.takes_rake or rules.house.charges_fee):
            raise ValueError("this deal is not zero-sum (a house's rake or fee, or carry_share other than 0.5): "
                             "load it as bragrules_general_sum")
        max_bets = int(values["max_bets"]) or None
        self.tree = PublicTree(rules, int(values["max_raises"]), int(values["levels"]), max_bets, share)
        if values["deal"] not in ("hands", "cards"):
            raise ValueError("deal is 'hands' or 'cards'")
        self.deal_singly = values["deal"] == "cards"
        self.cards = self.tree.cards
        self.hands = combinations(self.cards)
        self.hand_ids = {hand: i for i, hand in enumerate(self.hands)}
        self.chance_steps = 6 if self.deal_singly else 2
        self._outcomes: Dict[Tuple[int, ...], List[Tuple[int, float]]] = {}
        bound = float(self.tree.max_paid + self.tree.carry_share * 2 * self.tree.max_paid)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.tree.num_actions,
            max_chance_outcomes=len(self.cards) if self.deal_singly else len(self.hands),
            num_players=2, min_utility=-bound, max_utility=bound,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.tree.max_length + self.chance_steps)
        super().__init__(game_type, info, values)

    def new_initial_state(self) -> "BragState":
        return BragState(self)

    def __deepcopy__(self, memo: Dict[int, Any]) -> "BragGame":
        return self  # a game never changes: a state's copy shares it

    def outcomes(self, dealt: Tuple[int, ...], used: FrozenSet[int]) -> List[Tuple[int, float]]:
        """The chance outcomes after ``dealt``, equally likely (remembered for the last few deals seen)."""
        found = self._outcomes.get(dealt)
        if found is None:
            if self.deal_singly:
                left = [i for i, c in enumerate(self.cards) if c not in used]
            else:
                ids = self.hand_ids
                left = sorted(ids[h] for h in combinations([c for c in self.cards if c not in used]))
            p = 1.0 / len(left)
            found = [(i, p) for i in left]
            if len(self._outcomes) > 4096:
                self._outcomes.clear()
            self._outcomes[dealt] = found
        return found

    def hand_index(self, hand: Tuple[int, ...]) -> int:
        """The chance outcome that deals ``hand`` (card numbers) in ``deal="hands"``."""
        return self.hand_ids[tuple(sorted(hand))]

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "BragObserver":
        return BragObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class BragGeneralSumGame(BragGame):
    """The same deal, registered as general-sum (a house's take, a carried pot lost)."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(params, GENERAL_SUM_TYPE)


class BragState(pyspiel.State):  # type: ignore[misc]
    """A point of the deal: the cards dealt so far and the node of the public tree."""

    def __init__(self, game: BragGame) -> None:
        super().__init__(game)
        self.spec = game
        self.dealt: List[int] = []  # chance outcomes so far
        self.node_id = game.tree.root.id  # the node of the public tree (an id: a copy of the state is cheap)
        self.history_ids: List[int] = []  # the players' action ids

    @property
    def node(self) -> Node:
        return self.spec.tree.nodes[self.node_id]

    # -- the deal ---------------------------------------------------------

    def hand(self, seat: int) -> Optional[Tuple[int, ...]]:
        """The seat's cards once dealt (card numbers, sorted), else None."""
        game = self.spec
        if len(self.dealt) < game.chance_steps:
            return None
        if game.deal_singly:
            return tuple(sorted(self.dealt[seat::2]))
        return game.hands[self.dealt[seat]]

    def _used(self) -> set:  # type: ignore[type-arg]
        game = self.spec
        if game.deal_singly:
            return set(self.dealt)
        return {c for i in self.dealt for c in game.hands[i]}

    def current_player(self) -> int:
        if len(self.dealt) < self.spec.chance_steps:
            return int(pyspiel.PlayerId.CHANCE)
        if self.node.player is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.node.player

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        return self.spec.outcomes(tuple(self.dealt), frozenset(self._used()))

    def _legal_actions(self, player: int) -> List[int]:
        return sorted(self.node.actions)

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            self.dealt.append(game_card(self.spec, action) if self.spec.deal_singly else action)
            return
        self.history_ids.append(action)
        self.node_id = self.node.children[action].id

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.spec
        if player == pyspiel.PlayerId.CHANCE:
            cards = (game.cards[action],) if game.deal_singly else game.hands[action]
            return "deal " + card_text(cards)
        return str(self.node.actions[action])

    def is_terminal(self) -> bool:
        return len(self.dealt) >= self.spec.chance_steps and self.node.player is None

    def returns(self) -> List[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        a, b = self.hand(0), self.hand(1)
        assert a is not None and b is not None
        net = self.spec.tree.payoff(self.node, (a, b))
        return [float(net[0]), float(net[1])]

    def public_texts(self) -> List[str]:
        node, texts = self.spec.tree.root, []
        for action in self.history_ids:
            texts.append(str(node.actions[action]))
            node = node.children[action]
        return texts

    def __str__(self) -> str:
        hands = [self.hand(s) for s in (0, 1)]
        shown = " / ".join(f"{SEATS[s]}: {card_text(h) if h else '?'}" for s, h in enumerate(hands))
        return shown + "; " + ", ".join(self.public_texts())


def game_card(game: BragGame, outcome: int) -> int:
    """The card number a chance outcome deals in ``deal="cards"`` (the outcome indexes the pack)."""
    return game.cards[outcome]


class BragObserver:
    """What a player observes: seat, own cards once looked at, who has looked, what each has paid,
    and (with perfect recall) every public action."""

    def __init__(self, game: BragGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.game = game
        tree = game.tree
        pieces: List[Tuple[str, int, Tuple[int, ...]]] = [("player", 2, (2,))]
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        if self.private:
            pieces.append(("private_cards", len(CARDS), (len(CARDS),)))
        self.public = bool(iig_obs_type.public_info)
        self.recall = bool(iig_obs_type.perfect_recall)
        if self.public:
            pieces.append(("seen", 2, (2,)))
            pieces.append(("paid", 2, (2,)))
            if self.recall:
                pieces.append(("actions", tree.max_length * tree.num_actions, (tree.max_length, tree.num_actions)))
        size = sum(p[1] for p in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: Dict[str, Any] = {}
        index = 0
        for name, length, shape in pieces:
            self.dict[name] = self.tensor[index:index + length].reshape(shape)
            index += length

    def _own(self, state: BragState, player: int) -> Optional[Tuple[int, ...]]:
        if not self.private or not state.node.seen[player]:
            return None
        return state.hand(player)

    def set_from(self, state: BragState, player: int) -> None:
        self.tensor.fill(0)
        self.dict["player"][player] = 1
        own = self._own(state, player)
        if own is not None:
            for card in own:
                self.dict["private_cards"][card] = 1
        if self.public:
            node = state.node
            self.dict["seen"][:] = [float(s) for s in node.seen]
            self.dict["paid"][:] = [float(p) for p in node.paid]
            if self.recall:
                for turn, action in enumerate(state.history_ids):
                    self.dict["actions"][turn, action] = 1

    def string_from(self, state: BragState, player: int) -> str:
        own = self._own(state, player)
        if not self.public:
            return f"seat {SEATS[player]}; hand {card_text(own) if own else 'unseen'}"
        node = state.node
        if self.recall:
            return info_string(player, own, state.public_texts())
        text = f"seat {SEATS[player]}; hand {card_text(own) if own else 'unseen'}; "
        seen = "".join("sb"[not s] for s in node.seen)
        return text + f"seen {seen}; paid {' '.join(str(p) for p in node.paid)}"


def info_string(player: int, own: Optional[Tuple[int, ...]], texts: List[str]) -> str:
    """A player's information state: seat, own cards (None: unseen), the public actions."""
    return f"seat {SEATS[player]}; hand {card_text(own) if own else 'unseen'}; " + ", ".join(texts)


def policy_of(game: BragGame, probabilities: Callable[[Node, Optional[int]], Dict[int, float]]) -> Any:
    """An OpenSpiel tabular policy from ``probabilities(node, hand)`` (``hand``: the index of the
    player's hand in ``game.hands``, None while blind), over every information state of the game;
    for ``pyspiel.exploitability`` and ``pyspiel.expected_returns`` on a strategy found elsewhere."""
    table: Dict[str, List[Tuple[int, float]]] = {}
    for node in game.tree.nodes:
        if node.player is None:
            continue
        texts = [str(a) for a in node.path]
        hands: List[Optional[int]] = list(range(len(game.hands))) if node.seen[node.player] else [None]
        for hand in hands:
            own = None if hand is None else game.hands[hand]
            row = probabilities(node, hand)
            table[info_string(node.player, own, texts)] = [(a, float(row.get(a, 0.0))) for a in sorted(node.actions)]
    return pyspiel.TabularPolicy(table)


def load_game(profile: str = "standard", general_sum: bool = False, **params: Any) -> BragGame:
    """The OpenSpiel game of one heads-up deal of ``profile`` (``pyspiel.load_game("bragrules", {...})``
    gives the same game)."""
    name = "bragrules_general_sum" if general_sum else "bragrules"
    return pyspiel.load_game(name, {"profile": profile, **params})  # type: ignore[no-any-return]


pyspiel.register_game(ZERO_SUM_TYPE, BragGame)
pyspiel.register_game(GENERAL_SUM_TYPE, BragGeneralSumGame)
