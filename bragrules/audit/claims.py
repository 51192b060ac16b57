"""A deal's written result against the replayed one.

Each part the history claims (the outcome and winners, every player's net,
the pot, what carried, the stakes returned, the lives lost) is compared, and
a wrong part is a violation on that part's line: of ``history.result``, but
for the parts that follow from who won (the outcome, the winners, each net)
of one rule, the field the claim goes against: where the deal replays to the
claim under another value of one (a ranking field set back to its usual
value, the tie rule set otherwise: :mod:`bragrules.audit.ranking_claim`), or
else, where the claim names other winners, the ranking or tie rule the engine
says decided the deal (:func:`winner_rule`). The same mistake is cited under
the same rule whether a sheet names the winner, gives only the nets, or a
log's result line gives both.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, List, Optional, Sequence, Tuple, Union

from bragrules.core.i18n import Later, Message, tr
from bragrules.core.money import ZERO, same_money
from bragrules.engine.deal import DealResult, returned_stakes
from bragrules.history import ResultClaim
from bragrules.rules.bank import CARRY_RULE, KIND_RULE
from bragrules.rules.fixed import HISTORY_RESULT
from bragrules.rules.format import LIFE_STAKE_RULE
from bragrules.rules.house import RAKE_RULE, TABLE_FEE_RULE
from bragrules.rules.points import BONUS_RULE, PER_HAND_RULE, TARGET_RULE, score_text
from bragrules.rules.pots import BEST_CARD_RULE, EACH_HAND_RULE, THIRTY_ONE_RULE
from bragrules.rules.seeing import SPLIT_RULE, TIE_RULE

Record = Callable[[Optional[int], Optional[int], Optional[int], str, Union[str, Message]], None]
"""How a violation is recorded: (deal, action, line, rule, message: its words, read in the reader's language)."""


def describe(outcome: Optional[str], winners: Optional[Sequence[str]]) -> str:
    """A deal's outcome in words (English: :func:`outcome_said` read in English).

    >>> describe("won", ["B"]), describe("split", ["A", "B", "C"]), describe("carried", [])
    ('B won', 'A, B and C split the pot', 'the pot carried')
    """
    return outcome_said(outcome, winners).english()


def outcome_said(outcome: Optional[str], winners: Optional[Sequence[str]]) -> Message:
    """A deal's outcome as a message, read in the reader's language."""
    if outcome == "carried":
        return Message("the pot carried")
    if outcome == "not carried":
        return Message("the pot did not carry")
    if outcome == "redeal":
        return Message("the hand was dealt again")
    if outcome == "abandoned":
        return Message("the hand was abandoned at the time limit")
    if not winners:
        return Message("the deal was {outcome}", outcome=outcome) if outcome else Message("no winner")
    if len(winners) == 1:
        return Message("{player} won", player=winners[0])
    return Message("{players} and {last} split the pot", players=Later(_listed, list(winners[:-1])), last=winners[-1])


def _listed(names: Sequence[str]) -> str:
    return tr(", ").join(names)


WON = ("won", "split")


def deciding(rule: str) -> bool:
    """Whether a rule the engine says decided an ending decides which of the hands compared wins:
    one of the ranking (``ranking.*``), the tie at a see (``seeing.tie``), or the pot split between the
    highest and the lowest hand (``seeing.split``).

    >>> deciding("ranking.run_order"), deciding("seeing.tie"), deciding("folding.blind_survivor")
    (True, True, False)
    >>> deciding("seeing.split")
    True
    """
    return rule.startswith("ranking.") or rule == TIE_RULE or rule == SPLIT_RULE


def winner_rule(result: DealResult) -> str:
    """The rule wrong winners break when no field explains them: the first rule of
    :attr:`DealResult.decided_by` that decides between the hands compared (:func:`deciding`; a wild card
    chosen at the table is a ``ranking.wild.*`` rule), else ``history.result``."""
    return next((rule for rule in result.decided_by if deciding(rule)), HISTORY_RESULT)


WHO_WON = ("outcome", "winners")
"""The parts of a claim that say who took the pot; with each player's net (``net.A``, ...), what follows
from who won, all cited under one rule (:func:`check_claim`)."""


def follows_from_winners(part: str) -> bool:
    """Whether a part of a claim follows from who won: the outcome, the winners, a player's net.

    >>> follows_from_winners("winners"), follows_from_winners("net.B"), follows_from_winners("pot")
    (True, True, False)
    """
    return part in WHO_WON or part.startswith("net.")


def wrong_parts(claim: ResultClaim, result: DealResult) -> List[Tuple[str, Message]]:
    """The parts of a deal's written result that the replayed one contradicts, each with its words:
    (part, message), in the order they are written."""
    found: List[Tuple[str, Message]] = []

    def replayed() -> Message:
        return outcome_said(result.outcome, result.winners)

    def same_winners(claimed: List[str]) -> bool:
        return claimed == result.winners or set(claimed) == set(result.winners)

    if claim.outcome is not None:
        wrong = (result.outcome == "carried") if claim.outcome == "not carried" else claim.outcome != result.outcome
        if wrong:
            found.append(("winners" if claim.outcome in ("won", "split") else "outcome",
                          _says(outcome_said(claim.outcome, claim.winners), replayed())))
        elif claim.winners is not None and not same_winners(claim.winners):
            found.append(("winners", _says(outcome_said(claim.outcome, claim.winners), replayed())))
    elif claim.winners is not None and not same_winners(claim.winners):
        found.append(("winners", _says(outcome_said(None, claim.winners), replayed())))
    if claim.net is not None:
        # a log written before each net held the player's table fee (a table_fee, no fees): the fee is added back
        added = result.fees if claim.table_fee is not None and claim.fees is None else None
        for p, amount in claim.net.items():
            actual = result.net.get(p, ZERO)
            if added:
                actual = actual + added.get(p, ZERO)
            if amount is not actual and not same_money(amount, actual):  # the same object, most often
                found.append((f"net.{p}", Message("{player}'s net is given as {given}; replayed it is {actual}",
                                                  player=p, given=_amount(amount), actual=_amount(actual))))
    if claim.pot is not None and claim.pot is not result.pot and not same_money(claim.pot, result.pot):
        found.append(("pot", Message("the pot is given as {given}; replayed it is {actual}", given=_amount(claim.pot),
                                     actual=_amount(result.pot))))
    if claim.carried_out is not None and claim.carried_out is not result.carried_out \
            and not same_money(claim.carried_out, result.carried_out):
        found.append(("carried_out", Message("the pot carried out is given as {given}; replayed it is {actual}",
                                             given=_amount(claim.carried_out), actual=_amount(result.carried_out))))
    if claim.returned is not None and not same_money(claim.returned, returned_stakes(result)):
        found.append(("returned", Message("the stakes returned are given as {given}; replayed, {actual} went back to "
                                          "the players", given=_amount(claim.returned),
                                          actual=_amount(returned_stakes(result)))))
    if claim.lives_lost is not None and set(claim.lives_lost) != set(result.lives_lost):
        found.append(("lives_lost", Message("the history says {given} lost a life; replayed, {actual}",
                                            given=_nobody(claim.lives_lost), actual=_nobody(result.lives_lost))))
    return found


def _says(claimed: Message, replayed: Message) -> Message:
    return Message("the history says {claimed}; replayed, {replayed}", claimed=claimed, replayed=replayed)


def _amount(value: object) -> object:
    """An amount as a placeholder: written the local way when read (a float a log wrote, as it is)."""
    return value if type(value) in (int, Fraction) else Later(_money_now, value)


def _money_now(value: object) -> str:
    from bragrules.core.money import pretty_money

    return pretty_money(value)  # type: ignore[arg-type]


def _nobody(names: Sequence[str]) -> object:
    return Later(_listed, list(names)) if names else Message("nobody")


def agrees_on_winners(claim: ResultClaim, result: DealResult) -> bool:
    """Whether a result gives every part of a claim that follows from who won (outcome, winners, nets)."""
    return not any(follows_from_winners(part) for part, _ in wrong_parts(claim, result))


def check_claim(record: Record, n: int, claim: ResultClaim, result: DealResult,
                explain: Optional[Callable[[ResultClaim], Optional[str]]] = None) -> None:
    """Compare a deal's written result with the replayed one, part by part, each wrong part on its line.

    One rule for every part that follows from who won (outcome, winners, each net), however the claim
    says who won (``winner:``, ``net:``, a log's result line): the field the claim goes against, as
    ``explain`` names it (the field under whose other value the deal replays to what the claim says:
    :func:`bragrules.audit.ranking_claim.deciding_field`); else, where the claim names other winners of
    a pot won, the first ranking or tie rule that decided the deal (:func:`winner_rule`); else
    ``history.result``. Every other wrong part is ``history.result``.
    """
    wrong = wrong_parts(claim, result)
    rule: str = HISTORY_RESULT
    if any(follows_from_winners(part) for part, _ in wrong):
        named = explain(claim) if explain is not None else None
        if named:
            rule = named
        elif any(part == "winners" for part, _ in wrong) and result.outcome in WON \
                and (claim.outcome is None or claim.outcome in WON):
            rule = winner_rule(result)
    for part, message in wrong:
        cited = rule if follows_from_winners(part) else HISTORY_RESULT
        settled = result.bank_settled.of(part[4:]) if result.bank_settled and part.startswith("net.") else None
        if cited == HISTORY_RESULT and settled is not None:
            cited, message = bank_citation(settled, message)
        record(n, None, claim.line_of(part), cited, message)
    if claim.points is not None:
        check_points(record, n, claim, result)


def bank_citation(settled: Tuple[Tuple[str, ...], Union[str, Message]], message: Union[str, Message]) -> Tuple[str, Message]:
    """A wrong net in a banking game (``procedure.bank``): the last rule the player's settlement against the bank
    applied (the pay table, the qualifier, the tie, else the kind of bank), and the settlement in words (read in
    the reader's language: :meth:`~bragrules.rules.bank_settled.BankSettled.of`).

    >>> bank_citation((("procedure.bank.kind", "procedure.bank.ante_bonus"), "A plays: the Ante Bonus pays 4 to 1"),
    ...               "A's net is given as 5; replayed it is 45")
    ('procedure.bank.ante_bonus', Message("A's net is given as 5; replayed it is 45 (A plays: the Ante Bonus pays 4 to 1)"))
    """
    rules, why = settled
    return (rules[-1] if rules else HISTORY_RESULT), Message(_BECAUSE, finding=message, why=why)


_BECAUSE = "{finding} ({why})"


def check_points(record: Record, n: int, claim: ResultClaim, result: DealResult) -> None:
    """Compare a deal's written points with the replayed ones (``session.points``): a wrong score is refused
    under ``session.points.all_hands_bonus`` when the bonus makes the difference, else ``per_hand``."""
    replayed = result.points or {}
    claimed = claim.points or {}
    wrong = sorted(p for p in set(claimed) | set(replayed) if claimed.get(p, 0) != replayed.get(p, 0))
    if not wrong:
        return
    if not result.points:
        record(n, None, claim.line_of("points"), TARGET_RULE,
               Message("the history gives points ({points}), but this deal scores none",
                       points=score_text(claimed, sorted(claimed))))
        return
    # the crash bonus missed or given wrongly: one player's points wrong in a deal a player won every hand of
    bonus = len(wrong) == 1 and BONUS_RULE in result.decided_by
    rule = BONUS_RULE if bonus else PER_HAND_RULE
    record(n, None, claim.line_of("points"), rule,
           Message("the points are given as {given}; replayed, {actual}", given=score_text(claimed, wrong),
                   actual=score_text(replayed, wrong)))


def check_house(record: Record, n: int, claim: ResultClaim, result: DealResult) -> None:
    """Compare what a deal's written result says the house took with the replayed take: a wrong rake
    under ``house.rake``, wrong table fees (in all, or a player's) under ``house.table_fee`` (nothing
    for a deal dealt again or abandoned)."""
    if claim.rake is not None and not same_money(claim.rake, result.rake):
        record(n, None, claim.line_of("rake"), RAKE_RULE,
               Message("the house's rake is given as {given}; replayed it is {actual}", given=_amount(claim.rake),
                       actual=_amount(result.rake)))
    paid = result.table_fee
    if claim.table_fee is not None and not same_money(claim.table_fee, paid):
        record(n, None, claim.line_of("table_fee"), TABLE_FEE_RULE,
               Message("the table fees are given as {given}; replayed, the house took {actual}",
                       given=_amount(claim.table_fee), actual=_amount(paid)))
    replayed = result.fees or {}
    for p, amount in (claim.fees or {}).items():
        if not same_money(amount, replayed.get(p, ZERO)):
            record(n, None, claim.line_of("fees"), TABLE_FEE_RULE,
                   Message("{player}'s table fee is given as {given}; replayed, {player} paid {actual}", player=p,
                           given=_amount(amount), actual=_amount(replayed.get(p, ZERO))))


def check_pots(record: Record, n: int, claim: ResultClaim, result: DealResult) -> None:
    """Compare the side pots a deal's written result gives with the replayed ones (``pots``): every pot
    recomputed, its amount and who took it, each wrong one cited by the rule it is won by."""
    written = {pot: (amount, winners) for pot, amount, winners in claim.pots or ()}
    line = claim.line_of("pots")
    for pot in result.pots:
        given = written.pop(pot.name, None)
        if given is None:
            record(n, None, line, pot.rule, Message("the side pot {pot} is missing; replayed, {actual}", pot=pot.name,
                                                    actual=pot_said(pot.amount, pot.winners)))
            continue
        amount, winners = given
        if not same_money(amount, pot.amount) or set(winners) != set(pot.winners):
            record(n, None, line, pot.rule, Message("the side pot {pot} is given as {given}; replayed, {actual}",
                                                    pot=pot.name, given=pot_said(amount, winners),
                                                    actual=pot_said(pot.amount, pot.winners)))
    for name in written:
        record(n, None, line, EACH_HAND_RULE if name.startswith("hand_") else BEST_CARD_RULE
               if name == "best_card" else THIRTY_ONE_RULE, Message("the side pot {pot} is not played in this deal",
                                                                    pot=name))


def describe_pot(amount: Fraction, winners: Sequence[str]) -> str:
    """A side pot in words: its amount and who took it (English: :func:`pot_said` read in English)."""
    return pot_said(amount, winners).english()


def pot_said(amount: Fraction, winners: Sequence[str]) -> Message:
    """A side pot as a message: its amount and who took it."""
    if winners:
        return Message("{amount} to {players}", amount=_amount(amount), players=Later(_listed, list(winners)))
    return Message("{amount} returned", amount=_amount(amount))


def check_bank(record: Record, n: int, claim: ResultClaim, result: DealResult, bank: Optional[Fraction]) -> None:
    """Compare what a banking game's written result says the bank came to (``procedure.bank``) with the replay:
    the house dealer's winnings (``house``, under ``procedure.bank.kind``), the banker's bank carried out of the
    deal (``bank``, under ``procedure.bank.carry``; ``bank`` is the replayed one, None where none is carried)."""
    if claim.house is not None and not same_money(claim.house, result.house):
        record(n, None, claim.line_of("house"), KIND_RULE,
               Message("the house's winnings are given as {given}; replayed, its dealer won {actual}",
                       given=_amount(claim.house), actual=_amount(result.house)))
    if claim.bank is not None and (bank is None or not same_money(claim.bank, bank)):
        if bank is None:
            said = Message("the banker's bank is given as {given}; no bank is carried", given=_amount(claim.bank))
        else:
            said = Message("the banker's bank is given as {given}; replayed it is {actual}", given=_amount(claim.bank),
                           actual=_amount(bank))
        record(n, None, claim.line_of("bank"), CARRY_RULE, said)


def check_lives_pot(record: Record, n: int, claim: ResultClaim, pot: Fraction) -> None:
    """Compare the pot of lives a deal's written result gives with the replayed one (``format.life_stake``)."""
    if claim.lives_pot is not None and not same_money(claim.lives_pot, pot):
        record(n, None, claim.line_of("lives_pot"), LIFE_STAKE_RULE,
               Message("the pot of lives lost is given as {given}; replayed it is {actual}",
                       given=_amount(claim.lives_pot), actual=_amount(pot)))


__all__ = ["Record", "agrees_on_winners", "check_bank", "check_claim", "check_house", "check_lives_pot", "check_points", "check_pots",
           "deciding", "describe", "follows_from_winners", "outcome_said", "pot_said", "winner_rule", "wrong_parts"]
