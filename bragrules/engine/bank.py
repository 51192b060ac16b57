"""A banking game's deal (``procedure.bank``): each player's stake settled against the bank's hand alone.

The procedure (:mod:`bragrules.rules.procedure`) replaces the betting and the showdown of a banking game with
two steps of its own: the stakes against the bank (:func:`open_bank` starts them, :func:`options` and
:func:`act` take them one player at a time) and the settlement against the bank (:func:`settle`). Every
player looks before staking. Under ``kind: banker`` the dealer, the last seat of the order, is the banker:
each other player stakes between ``min_stake`` and what is left of the bank uncovered (a "banco" stakes it
whole), and once the bank is covered the rest sit the deal out. Under ``kind: house`` every player has
anted (and placed the Pair Plus); each plays, a Play bet equal to the ante, or folds; the dealer's three cards
are the deal's centre, dealt after the hands and turned at the end. The settlement pays every player by the
bank's policy (:class:`~bragrules.rules.bank.BankPolicy`); what the bank won is the banker's net, or the
house's (:attr:`~bragrules.engine.state.DealResult.house`).

Banco: A stakes 5 and wins, B stakes 3 and loses, and the banker D pays 2:

>>> from bragrules.profile.models import Profile
>>> from bragrules.rules.compile import compile_rules
>>> from bragrules.engine.deal import Deal
>>> from bragrules.core.cards import parse_cards
>>> rules = compile_rules(Profile.model_validate({"stakes": {"ante": 0}, "blind": {"allowed": False},
...     "procedure": {"bank": {"kind": "banker", "bank": 20, "min_stake": 1}}}))
>>> deal = Deal(rules, ["A", "B", "D"], {"A": parse_cards("Ac Ad 4c"), "B": parse_cards("2c 7h Jd"),
...                                       "D": parse_cards("Kc Kd 9s")})
>>> [(o.kind, o.amount, o.max_amount) for o in deal.legal_actions()]
[('bet', Fraction(1, 1), Fraction(20, 1))]
>>> for text in ["A bet 5", "B bet 3"]:
...     _ = deal.apply_text(text)
>>> {p: int(v) for p, v in deal.result.net.items()}, deal.result.ending.kind
({'A': 5, 'B': -3, 'D': -2}, 'bank')
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

from bragrules.core.cards import Card
from bragrules.core.errors import RuleViolation
from bragrules.core.i18n import Message
from bragrules.core.money import ZERO
from bragrules.core.rule_id import Rule
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.bet_record import pay, record_bet
from bragrules.engine.events import Bet, Event, Fold, Look, PairPlus
from bragrules.engine.rake import take_table_fee
from bragrules.engine.state import PlayerState
from bragrules.engine.wild_cards import fold_hands
from bragrules.rules.bank import (
    BANCO_RULE,
    CARRY_RULE,
    KIND_RULE,
    MIN_STAKE_RULE,
    PAIR_PLUS_MAX_RULE,
    PAIR_PLUS_RULE,
    BankPolicy,
    Settled,
)
from bragrules.rules.bank_settled import BankSettled
from bragrules.rules.stakes import ANTE_RULE

if TYPE_CHECKING:
    from bragrules.engine.deal import Deal

__all__ = ["KIND_RULE", "act", "bank_of", "banker_of", "no_side_bet", "consulted", "options", "open_bank", "settle"]


def _policy(deal: "Deal") -> BankPolicy:
    bank = deal.rules.procedure.bank
    assert bank is not None
    return bank


def banker_of(deal: "Deal") -> Optional[str]:
    """The banker's seat (the dealer, last in the order), or None where the house banks."""
    return None if _policy(deal).house else deal.order[-1]


def _punters(deal: "Deal") -> List[str]:
    banker = banker_of(deal)
    return [p for p in deal.order if p != banker]


def bank_of(deal: "Deal") -> Fraction:
    """The bank the stakes of this deal may cover: the bank carried in (``procedure.bank.carry``), else what the
    banker puts up afresh (``procedure.bank.bank``)."""
    return _policy(deal).bank if deal.bank is None else deal.bank


def covered(deal: "Deal") -> Fraction:
    """How much of the bank the stakes so far cover (``kind: banker``)."""
    return sum((deal.players[p].contributed for p in _punters(deal)), ZERO)


def open_bank(deal: "Deal") -> None:
    """The stakes against the bank begin: the Pair Plus placed beside each ante (``kind: house``), every
    hand looked at, the first player to stake (the dealer's left) to act."""
    policy = _policy(deal)
    if policy.house and policy.pair_plus and not policy.side_chosen:
        for state in deal.seats:  # the Pair Plus, placed for every player beside the ante
            deal.events.append(_stake_side(deal, state, policy.pair_plus))
    if not policy.side_chosen:
        _look_all(deal)
    deal.turn = -1
    _advance(deal)


def _stake_side(deal: "Deal", state: PlayerState, amount: Fraction) -> PairPlus:
    """A player's Pair Plus staked (nothing: declined), and its event (the caller records it)."""
    if amount:
        pay(deal, state, deal.units.to_units_exact(amount))
        state.last_u = None
    deal.side_bets[state.name] = amount
    return PairPlus(state.name, amount)


def _look_all(deal: "Deal") -> None:
    """Every hand looked at (a banking game is played having looked)."""
    for state in deal.seats:
        if not state.seen:
            state.seen = True
            deal.events.append(Look(state.name, automatic=True))


def _side_pending(deal: "Deal") -> Optional[int]:
    """The seat whose Pair Plus is still to be chosen (``procedure.bank.pair_plus_max``), in order, or None."""
    if not _policy(deal).side_chosen:
        return None
    return next((seat for seat, name in enumerate(deal.order) if name not in deal.side_bets), None)


def _to_stake(deal: "Deal", name: str) -> bool:
    """Whether a player still has a decision to make: not the banker, not yet acted, and, against a banker, some
    bank left to cover."""
    state = deal.players[name]
    if state.folded or state.bets:
        return False
    if _policy(deal).house:
        return True
    return covered(deal) < bank_of(deal)


def _advance(deal: "Deal") -> None:
    """The next player with a decision to make (their Pair Plus first, where each chooses it; then the hands are
    looked at, and each plays or folds in turn), or the settlement once nobody has one."""
    pending = _side_pending(deal)
    if pending is not None:
        deal.turn = pending
        return
    for seat in range(deal.turn + 1, len(deal.order)):
        name = deal.order[seat]
        if name != banker_of(deal) and _to_stake(deal, name):
            deal.turn = seat
            return
    settle(deal)


def options(deal: "Deal", state: PlayerState) -> List[LegalAction]:
    """What the player to act may do: against the house, play (a bet equal to the ante) or fold; against a
    banker, stake an amount in the range the bank leaves."""
    policy = _policy(deal)
    name = state.name
    if policy.side_chosen and name not in deal.side_bets:  # the Pair Plus, staked or not
        return [LegalAction(name, "pairplus", policy.pair_plus, policy.pair_plus_max), LegalAction(name, "check")]
    if policy.house:
        ante = deal.units.money(deal.units.ante)
        return [LegalAction(name, "bet", ante, ante), LegalAction(name, "fold")]
    low, high = policy.stake_range(covered(deal), covered(deal) == 0, bank_of(deal))
    return [LegalAction(name, "bet", low, high)]


def act(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    """A stake (``bet``) or, against the house, a fold: checked, then, asked to, applied."""
    policy = _policy(deal)
    kind = action.kind
    if policy.side_chosen and state.name not in deal.side_bets:
        return _choose_side(deal, policy, state, action, apply)
    if kind == "fold" and policy.house:
        if not apply:
            return None
        state.folded = True
        fold_hands(deal, state.hands.values())
        _advance(deal)
        return Fold(state.name)
    if kind != "bet":
        what = Message("play (bet the ante) or fold") if policy.house else Message("stake against the bank (bet)")
        raise RuleViolation(KIND_RULE, "in this banking game {player} may only {what}", player=state.name, what=what)
    amount = action.amount if action.amount is not None else ZERO
    _check_stake(deal, policy, state, amount)
    paid = deal.units.to_units(amount)
    assert paid is not None
    if not apply:
        return None
    record_bet(deal, state, paid, paid)
    event = Bet(state.name, amount, amount, False, False)
    _advance(deal)
    return event


def _choose_side(deal: "Deal", policy: BankPolicy, state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    """A player's Pair Plus (``pairplus N``, from ``pair_plus`` to ``pair_plus_max``), or none (``check``)."""
    if action.kind == "check":
        amount = ZERO
    elif action.kind != "pairplus":
        raise RuleViolation(PAIR_PLUS_MAX_RULE, "{player} first stakes a Pair Plus (pairplus {low} to {high}) or none "
                                                "(check)", player=state.name, low=policy.pair_plus, high=policy.pair_plus_max)
    else:
        amount = action.amount if action.amount is not None else ZERO
        if amount < policy.pair_plus or deal.units.to_units(amount) is None:
            raise RuleViolation(PAIR_PLUS_RULE, "a Pair Plus is at least {low}, not {amount} (check stakes none)", low=policy.pair_plus,
                                amount=amount)
        if amount > policy.pair_plus_max:
            raise RuleViolation(PAIR_PLUS_MAX_RULE, "a Pair Plus is at most {high}, not {amount}", high=policy.pair_plus_max,
                                amount=amount)
    if not apply:
        return None
    event = _stake_side(deal, state, amount)  # recorded first, before the looks that may follow it
    if _side_pending(deal) is None:  # every Pair Plus chosen: the hands are looked at, and the first plays
        _look_all(deal)
        deal.turn = -1
    _advance(deal)
    return event


def no_side_bet(deal: "Deal", state: PlayerState, action: Action, apply: bool) -> Optional[Event]:
    """A Pair Plus where the game has none (``procedure.bank.pair_plus_max``: no banking game, no choice)."""
    raise RuleViolation(PAIR_PLUS_MAX_RULE, "there is no Pair Plus to choose in this game ({player} may not {kind})",
                        player=state.name, kind=action.kind)


def consulted(deal: "Deal", kind: str) -> List[Rule]:
    """The rules asked to allow a stake or a fold: against the house the Play bet's (the ante) and the kind;
    against a banker the kind, the least stake and the banco."""
    if kind in ("pairplus", "check"):
        return [PAIR_PLUS_RULE, PAIR_PLUS_MAX_RULE]
    if _policy(deal).house:
        return [KIND_RULE, ANTE_RULE] if kind == "bet" else [KIND_RULE]
    return [KIND_RULE, MIN_STAKE_RULE, BANCO_RULE] if kind == "bet" else [KIND_RULE]


def _check_stake(deal: "Deal", policy: BankPolicy, state: PlayerState, amount: Fraction) -> None:
    """Refuse a stake the bank does not allow, naming the rule."""
    if policy.house:
        ante = deal.units.money(deal.units.ante)
        if amount != ante:
            raise RuleViolation(ANTE_RULE, "the Play bet equals the ante: {ante}, not {amount}", ante=ante, amount=amount)
        return
    done, bank = covered(deal), bank_of(deal)
    low, high = policy.stake_range(done, done == 0, bank)
    if deal.units.to_units(amount) is None:
        raise RuleViolation(MIN_STAKE_RULE, "{amount} is not an amount this table stakes", amount=amount)
    if amount < low:
        raise RuleViolation(MIN_STAKE_RULE, "{player} stakes at least {low}", player=state.name, low=low)
    if amount > high:
        if amount <= bank - done:  # the whole bank, where no banco is allowed
            raise RuleViolation(BANCO_RULE, "no one stake may cover the whole bank: at most {high}", high=high)
        rule = CARRY_RULE if policy.carry else KIND_RULE
        raise RuleViolation(rule, "only {amount} of the bank is left uncovered", amount=bank - done)


def _bank_hand(deal: "Deal", policy: BankPolicy, banker: Optional[str]) -> Tuple[Card, ...]:
    """The hand every stake is settled against: the house dealer's (the centre), or the banker's."""
    if any(deal.players[p].hand is None for p in deal.order) or (policy.house and len(deal.centre) != 3):
        raise RuleViolation(KIND_RULE, "a banking game settles dealt cards only")
    held = tuple(deal.centre) if banker is None else deal.players[banker].hand
    assert held is not None
    return held


def _settle_each(deal: "Deal", policy: BankPolicy, bank_hand: Tuple[Card, ...]) -> List[Settled]:
    """Each player's stakes settled by the bank's policy (a player who sat the deal out has nothing to settle)."""
    settled: List[Settled] = []
    for name in _punters(deal):
        state = deal.players[name]
        if policy.house:
            settled.append(_against_house(deal, policy, name, bank_hand))
        elif state.bets:
            hand = state.hand
            assert hand is not None
            settled.append(policy.against_banker(name, state.contributed, deal.comparer.versus(hand, bank_hand)))
    return settled


def _cited(decided_by: List[str], settled: List[Settled], policy: BankPolicy) -> List[str]:
    """The rules that decided the deal: the ending's, then every rule a settlement applied, once each."""
    cited = list(decided_by)
    for one in settled:
        cited.extend(rule for rule in one.rules if rule not in cited)
    if policy.house and policy.pair_plus and PAIR_PLUS_RULE not in cited:
        cited.append(PAIR_PLUS_RULE)
    return cited


def settle(deal: "Deal") -> None:
    """Every stake settled against the bank's hand: each player's payout by the bank's policy, the banker's (or
    the house's) the rest; every hand still in shown, with the bank's."""
    from bragrules.engine import settlement

    policy = _policy(deal)
    banker = banker_of(deal)
    bank_hand = _bank_hand(deal, policy, banker)
    settled = _settle_each(deal, policy, bank_hand)
    payouts: Dict[str, Fraction] = dict.fromkeys(deal.order, ZERO)
    for one in settled:
        payouts[one.player] = one.returned
    bank_won = deal.pot - sum(payouts.values(), ZERO)
    winners = [one.player for one in settled if one.returned > one.staked]
    if banker is not None:
        payouts[banker] = bank_won
        winners += [banker] if bank_won > 0 else []
    shown = [p for p in deal.order if not deal.players[p].folded and (p == banker or deal.players[p].bets)]
    record = BankSettled(banker, bank_hand, tuple(settled))
    reason = record.said(deal.comparer.describe).english()  # the record's English, whatever language is spoken
    settlement.finish(deal, "won" if len(winners) == 1 else "split", winners, payouts,
                      dict.fromkeys(deal.order, ZERO), ZERO, True, False, {}, reason, shown)
    result = deal.result
    assert result is not None
    deal.result = result._replace(decided_by=_cited(result.decided_by, settled, policy),
                                  house=bank_won if banker is None else ZERO, bank_settled=record)
    take_table_fee(deal)  # house.table_fee: the last of the settlement, in every net, as in a pot game


def _against_house(deal: "Deal", policy: BankPolicy, name: str, dealer: Tuple[Card, ...]) -> Settled:
    state = deal.players[name]
    ante = deal.units.money(deal.units.ante)
    hand = state.hand
    assert hand is not None
    category = deal.comparer.category(hand)
    dealer_category = deal.comparer.category(dealer)
    high = max(card.rank for card in dealer)
    qualifies = policy.qualifies(high, dealer_category != "high_card")
    played = not state.folded
    return policy.against_house(name, ante, played, qualifies, deal.comparer.versus(hand, dealer) if played else -1,
                                category, deal.side_bets.get(name, policy.pair_plus if policy.pair_plus else ZERO))
