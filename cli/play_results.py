"""How a deal ended, as ``bragrules play`` tells it: the hands shown, who won and why, the bonuses, the side
pots and the house's take (:func:`explain_result`, :func:`house_line`); in English the engine's own sentences
put right for the seat named You, in another language each line from the catalogue (why the deal ended told
from the result's data: :func:`bragrules.play.endings.spoken_reason`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, List

from bragrules.core.i18n import ENGLISH, language, tr

from .play_input import esc
from .play_view import cards_markup, money, verb

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.engine.deal import Deal
    from bragrules.engine.session import DealRecord
    from bragrules.play.table import Table


def explain_result(deal: "Deal") -> List[str]:
    """Lines saying how the deal ended and why (the engine's sentences put right for the seat named You, in the
    game's words: at a Teen Patti table everyone else has packed)."""
    result = deal.result
    assert result is not None
    from bragrules.core.text import to_you as you_form
    from bragrules.engine.events import Result
    from bragrules.rules.vocabulary import said

    def to_you(text: str) -> str:  # an engine's sentence put right for You, its moves in the game's words
        return you_form(said(text, deal.rules.words))

    lines: List[str] = []
    spoken = language() != ENGLISH  # a translated line says each player by name ("You" too), its grammar its own

    def why() -> str:  # why the deal ended: the recorded sentence in English, else told from the result's data
        from bragrules.play.endings import spoken_reason

        return said(spoken_reason(deal), deal.rules.words) if spoken else to_you(result.reason)
    ended = [e for e in deal.events if isinstance(e, Result)]
    shown = dict(ended[-1].shown) if ended else {}
    if result.showdown and shown:
        lines.extend(_shown_lines(deal, list(shown), spoken))
        if result.lives_lost is not None and deal.rules.format.lives is not None:
            lost = result.lives_lost
            if len(lost) == 1 and not spoken:
                lines.append(f"[bold]lowest hand: {esc(lost[0])} {verb(lost[0], 'loses')} a life[/]")
            else:
                lines.append(f"[bold]{esc(why())}[/]")
            return lines
        see = why() + _tie_words(deal, list(shown))
        if result.outcome == "carried" or result.bank_settled is not None:  # a bank's: each stake, no pot won
            lines.append(f"[bold]{esc(see)}[/]")
        elif spoken:
            lines.append(tr("{winners} win {amount} ({why})", winners="[bold]" + esc(", ".join(result.winners)),
                            amount=money(result.pot) + "[/]", why=esc(see)))
        else:
            lines.append(f"[bold]{esc(' and '.join(result.winners))} {verb(result.winners[0], 'wins') if len(result.winners) == 1 else 'win'} "
                         f"{money(result.pot)}[/] ({esc(see)})")
    elif result.outcome == "carried":
        lines.append(f"[bold]{esc(why())}[/]: " + (
            tr("{amount} goes to the next deal", amount=money(result.carried_out)) if spoken
            else f"{money(result.carried_out)} goes to the next deal"))
    elif not result.winners:  # abandoned at the time limit: every stake returned
        lines.append(f"[bold]{esc(why())}[/]")
    elif spoken:
        lines.append(tr("{player} takes {amount} without showing: everyone else folded",
                        player="[bold]" + esc(result.winners[0]), amount=money(result.pot) + "[/]"))
    else:
        lines.append(f"[bold]{esc(result.winners[0])} {verb(result.winners[0], 'takes')} {money(result.pot)}[/] "
                     f"without showing: {said('everyone else folded', deal.rules.words)}")
    for name, amount in result.bonuses.items():
        if amount > 0:
            lines.append(tr("{player} collects a bonus of {amount}", player=esc(name), amount=money(amount)) if spoken
                         else f"{esc(name)} {verb(name, 'collects')} a bonus of {money(amount)}")
    lines.extend(pot_lines(deal))
    return lines


def _shown_lines(deal: "Deal", shown: List[str], spoken: bool) -> List[str]:
    """Each hand shown at the end of the deal (each of several hands set out, in the order set)."""
    lines = []
    for name in shown:
        state = deal.players[name]
        if state.arrangement:
            hands = " | ".join(cards_markup(h) for h in state.arrangement)
            lines.append("  " + (tr("{player} shows {cards}", player=esc(name), cards=hands) if spoken
                                 else f"{esc(name)} {verb(name, 'shows')} {hands}"))
        elif state.hand is not None:
            cards, named = cards_markup(state.hand), deal.comparer.describe(state.hand)
            lines.append("  " + (tr("{player} shows {cards} ({hand})", player=esc(name), cards=cards, hand=named)
                                 if spoken else f"{esc(name)} {verb(name, 'shows')} {cards} ({named})"))
    return lines


def _tie_words(deal: "Deal", shown: List[str]) -> str:
    """The tie rule after why a see between two equal hands ended (``seeing.tie``); none in a banking game, whose
    ties its settlement says (``procedure.bank.ties``)."""
    result = deal.result
    if deal.rules.format.hands != 1 or len(shown) != 2 or result is None or result.bank_settled is not None:
        return ""
    a, b = shown
    if deal.comparer.versus(deal.players[a].hand, deal.players[b].hand) != 0:  # type: ignore[arg-type]
        return ""
    from bragrules.rules.seeing import tie_at_table

    return f"; {tr(tie_at_table(deal.rules.profile))}"


def pot_lines(deal: "Deal") -> List[str]:
    """Each side pot of a deal and who took it (``pots``; none for a profile with one pot a deal)."""
    result = deal.result
    if result is None or not result.pots:
        return []
    from bragrules.rules.pots import pot_title

    if language() != ENGLISH:
        return spoken_pot_lines(deal)
    lines = []
    for pot in result.pots:
        title, amount = pot_title(pot.name), money(pot.amount)
        if not pot.winners:
            lines.append(f"{title} of {amount} goes back to the players")
        elif len(pot.winners) == 1:
            lines.append(f"{esc(pot.winners[0])} {verb(pot.winners[0], 'takes')} {title} of {amount} ({esc(pot.why)})")
        else:
            lines.append(f"{esc(' and '.join(pot.winners))} share {title} of {amount} ({esc(pot.why)})")
    policy = deal.rules.pots
    if policy is not None:
        sweeper = policy.sweep_of(result.pots, result.winners if result.outcome == "won" else ())
        if sweeper is not None and policy.sweep is not None:
            paid = "are paid" if sweeper == "You" else "is paid"
            lines.append(f"[bold]{esc(sweeper)} {verb(sweeper, 'wins')} every pot[/] and {paid} "
                         f"{money(policy.sweep)} more by every other player")
    return lines


def spoken_pot_lines(deal: "Deal") -> List[str]:
    """:func:`pot_lines` in a language other than English: each side pot named in it, with the rule it was
    won by (its recorded reason is English)."""
    from bragrules.rules.pots import spoken_pot_title

    result = deal.result
    assert result is not None
    lines = []
    for pot in result.pots:
        title, amount = spoken_pot_title(pot.name), money(pot.amount)
        if not pot.winners:
            lines.append(tr("{pot} of {amount} goes back to the players", pot=title, amount=amount))
        else:
            lines.append(tr("{players} take {pot} of {amount} ({rule})", players=esc(", ".join(pot.winners)),
                            pot=title, amount=amount, rule=esc(pot.rule)))
    policy = deal.rules.pots
    sweeper = (policy.sweep_of(result.pots, result.winners if result.outcome == "won" else ())
               if policy is not None else None)
    if sweeper is not None and policy is not None and policy.sweep is not None:
        lines.append(tr("[bold]{player} wins every pot[/] and is paid {amount} more by every other player",
                        player=esc(sweeper), amount=money(policy.sweep)))
    return lines


def house_line(table: "Table", record: "DealRecord") -> str:
    """What the house took with a deal, in words (empty when the profile's house takes nothing).

    The rake comes out of the pot before it is paid (``house.rake``); the table fee from every
    player dealt in (``house.table_fee``).
    """
    session = table.session
    house = session.rules.house
    if not house.in_play or record.result.outcome in ("redeal", "abandoned"):
        return ""
    rake = money(record.result.rake) if house.takes_rake else None
    fees = money(session.last_fees) if house.charges_fee and session.last_fees else None
    total = money(session.house)
    if rake is not None and fees is not None:
        return tr("the house takes a rake of {rake} from the pot and table fees of {fees} (the house has taken "
                  "{total} in all)", rake=rake, fees=fees, total=total)
    if rake is not None:
        return tr("the house takes a rake of {rake} from the pot (the house has taken {total} in all)", rake=rake,
                  total=total)
    if fees is not None:
        return tr("the house takes table fees of {fees} (the house has taken {total} in all)", fees=fees, total=total)
    return ""


__all__ = ["explain_result", "house_line", "pot_lines"]
