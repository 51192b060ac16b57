"""What the player to act may do (:meth:`~bragrules.engine.deal.Deal.legal_actions`), in two parts:
a question the deal is waiting on (a side-show to answer, a blind survivor's hand to keep or let go,
a hand looked at, a discard, one of two hands to choose, a hand to show or concede, hands to arrange,
an exchange game's turn), else a betting turn, each choice with its exact cost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, List, Optional, Tuple

from bragrules.core.errors import RuleViolation
from bragrules.core.money import ZERO
from bragrules.engine import betting, discard, exchange, open_hands, retention, side_show, spare
from bragrules.engine.actions import Action, LegalAction, plain_option
from bragrules.engine.state import PlayerState
from bragrules.rules.hooks import Refusal

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.engine.deal import Deal


def waiting_on(deal: "Deal", state: PlayerState) -> Optional[List[LegalAction]]:
    """The answers to the question the deal is waiting on from ``state`` (None: a betting turn)."""
    player = state.name
    if deal.side_show is not None:
        return side_show.answers(deal)
    if deal.retaining is not None:  # a blind survivor's decision comes first, a look at one of two or not
        if state.two_hands and deal.rules.blind.retain_of_two == "choice":
            keeps = [LegalAction(player, "retain", target=t) for t in ("new", "old")]
        else:
            keeps = [LegalAction(player, "retain")]
        return keeps + [LegalAction(player, "release")]
    if state.inspected is not None:
        return [LegalAction(player, "keep"), LegalAction(player, "discard")]
    if deal.rules.format.discard_step and discard.pending(deal, state):  # format.discard_before_betting
        return discard.options(deal, state)
    if deal.choosing:
        return [LegalAction(player, "look", target=t) for t in ("old", "new")]
    if deal.showing is not None:
        return [LegalAction(player, "show"), LegalAction(player, "concede")]
    if deal.arranging:
        take = spare.option(deal, state) if deal.spare_dealt is not None else None
        return [exchange.arrange_option(deal, state)] + ([take] if take is not None else [])
    if deal.rules.format.exchange:
        return exchange.exchange_options(deal, state)
    return None


def betting_turn(deal: "Deal", state: PlayerState) -> List[LegalAction]:
    """A betting turn's choices, in the menu's order: arrange (several hands, seen), look (blind),
    bet, play open (``format.open.faceup``), check (nobody has bet, where allowed), see, ask for a side-show,
    fold. What an area refuses
    is taken out by the deal."""
    player = state.name
    rules = deal.rules
    options: List[LegalAction] = []
    if rules.format.hands > 1 and state.seen:
        options.append(exchange.arrange_option(deal, state))
    if not state.seen and (not rules.blind.look_fee_stake or retention.may_pay_to_look(deal, state)):  # look fee
        if state.two_hands:
            options += [LegalAction(player, "look", target=t) for t in ("old", "new")]
        else:
            options.append(plain_option(player, "look"))
    bet = betting.bet_option(deal, state)
    if bet is not None:
        options.append(bet)
    if rules.format.faceup:
        open_play = open_hands.option(deal, state)
        if open_play is not None:
            options.append(open_play)
    if deal.level_u is None and rules.stakes.check_allowed:
        options.append(plain_option(player, "check"))
    see = betting.see_option(deal, state)
    if see is not None:
        options.append(see)
    if rules.side_show is not None and len(deal.order) >= rules.side_show.min_in_play:  # never at a table of too few
        asked_for = side_show.option(deal, state)
        if asked_for is not None:
            options.append(asked_for)
    options.append(plain_option(player, "fold"))
    return options


def withheld(deal: "Deal", state: PlayerState,
             refusal: Callable[[PlayerState, str], Optional[Refusal]]) -> List[Tuple[LegalAction, Refusal]]:
    """The betting turn's choices that ``refusal`` (the areas' refusals, asked as the deal asks them) takes
    out of the player's options now, each with its refusal (the rule it rests on, in words), so that a table
    can say why an action is gone before anyone tries it (``blind.max_blind_turns``: no more blind bets).
    Nothing while the deal waits on a question (a side-show's answer, a hand to show).

    >>> from bragrules.engine.deal import Deal
    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> from bragrules.core.cards import parse_cards
    >>> deal = Deal(compile_rules(load_profile("teen-patti")), ["A", "B", "C"],
    ...         {p: parse_cards(c) for p, c in zip("ABC", ("Kc 9c 4c", "5s 6h 7d", "Ah Ad 2s"))})
    >>> deal.withheld()
    []
    >>> for _ in range(12):  # four blind bets each, the most teen-patti allows
    ...     _ = deal.apply(next(o for o in deal.legal_actions() if o.kind == "bet").action())
    >>> [(option.kind, str(refusal.rule)) for option, refusal in deal.withheld()]
    [('bet', 'blind.max_blind_turns'), ('sideshow', 'seeing.side_show.allowed')]
    >>> for _, refusal in deal.withheld():
    ...     print(refusal.message)
    A has made 4 blind bets, the most this profile allows: look at the cards, or fold
    A is blind: only a seen player may ask for a side-show
    """
    if waiting_on(deal, state) is not None:
        return []
    out: List[Tuple[LegalAction, Refusal]] = []
    offered = betting_turn(deal, state)
    for option in offered:
        refused = refusal(state, option.kind)
        if refused is not None:
            out.append((option, refused))
    kinds = {option.kind for option in offered}
    if "bet" not in kinds and deal.rules.format.betting:  # a stack too short to bet, no side pot to play for
        low = betting.bet_range(deal, state)[0]
        bet = _refused(deal, Action(state.name, "bet", amount=deal.units.money(low)))
        if bet is not None:
            out.append((LegalAction(state.name, "bet"), bet))
    if "see" not in kinds:
        see = see_withheld(deal, state)
        if see is not None:
            out.append((LegalAction(state.name, "see"), see))
    return out


def _refused(deal: "Deal", action: Action) -> Optional[Refusal]:
    """The engine's refusal of ``action`` now, as a refusal (None: it would be allowed)."""
    try:
        deal.verify(action)
    except RuleViolation as exc:
        return Refusal(exc.rule, exc.said)
    return None


def see_withheld(deal: "Deal", state: PlayerState) -> Optional[Refusal]:
    """Why the see is not offered to ``state`` when it is the question of the moment, two players left
    betting after a bet: who may see whom (``seeing.seen_sees_blind``: a seen player facing a blind one
    bets or folds), a stack too short for its cost (``session.covering``). None: the see is offered, or
    is no question yet (three still in, nobody has bet).

    >>> from bragrules.engine.deal import Deal
    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> from bragrules.core.cards import parse_cards
    >>> deal = Deal(compile_rules(load_profile("heads-up")), ["A", "B"],
    ...             {"A": parse_cards("Kc 9c 4c"), "B": parse_cards("5s 6h 7d")})
    >>> for text in ("A look", "A bet 2", "B bet 1"):  # A seen, B still blind
    ...     _ = deal.apply_text(text)
    >>> [(option.kind, str(refused.rule), refused.message) for option, refused in deal.withheld()]
    [('see', 'seeing.seen_sees_blind', 'a seen player cannot see a blind player: bet or fold')]
    """
    if deal.level_u is None or len(deal.contenders) != 2 or betting.see_option(deal, state) is not None:
        return None
    opponent = deal.players[betting.opponent_of(deal, state.name)]
    cost = betting.see_cost(deal, state, opponent)
    return _refused(deal, Action(state.name, "see", amount=deal.units.money(cost) if cost is not None else ZERO))


KIND_WORDS = {"sideshow": "side-show"}
"""How a kind of action is named in a sentence (a kind not here: by its name)."""


def by_reason(taken: List[Tuple[LegalAction, Refusal]]) -> List[Tuple[List[str], Refusal]]:
    """:func:`withheld`'s choices grouped by the refusal that takes them away, in order: the kinds named
    in words (``["bet", "see"]``, ``side-show``) and the one reason given for them all, as a table says it once.

    >>> from bragrules.rules.blind import MAX_BLIND_TURNS_RULE
    >>> look = Refusal(MAX_BLIND_TURNS_RULE, "look first")
    >>> [(kinds, r.message) for kinds, r in by_reason([(LegalAction("A", "bet"), look), (LegalAction("A", "see"), look)])]
    [(['bet', 'see'], 'look first')]
    """
    groups: List[Tuple[List[str], Refusal]] = []
    for option, refused in taken:
        word = KIND_WORDS.get(option.kind, option.kind)
        same = next((kinds for kinds, known in groups if known == refused), None)
        if same is None:
            groups.append(([word], refused))
        elif word not in same:
            same.append(word)
    return groups


__all__ = ["KIND_WORDS", "betting_turn", "by_reason", "see_withheld", "waiting_on", "withheld"]
