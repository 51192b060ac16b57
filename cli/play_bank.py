"""What the terminal table asks and says of a bank carried between deals (``procedure.bank.carry``): the
banker's keep or pass, asked of a person (a part of :class:`cli.play_view.TableView`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from bragrules.core.i18n import amount_text, tr

from .play_input import Prompter, esc

if TYPE_CHECKING:
    from rich.console import Console

    from bragrules.play.table import Table


def _money(amount: Any) -> str:
    return amount_text(amount)


class BankPrompts:
    """The banker's choice between deals, asked of a person and told to the table."""

    prompter: Optional[Prompter]
    console: "Console"

    def offer_bank(self, table: "Table", player: str) -> Optional[bool]:
        """Ask the banker whether to keep the bank or pass it (``procedure.bank.carry``): True, False, or None
        (Enter or the end of a script: the banker deals on)."""
        if self.prompter is None:
            return None
        session = table.session
        policy = session.rules.procedure.bank
        assert policy is not None
        if session.bank:
            question = tr("{player}, you hold a bank of {amount} after {dealt} of {hold} deals: keep it or pass it "
                          "(taking it back)?", player=esc(player), amount=_money(session.bank),
                          dealt=session.bank_dealt, hold=policy.hold)
        else:
            question = tr("{player}, your bank is broken: put up {amount} afresh (keep) or pass it?",
                          player=esc(player), amount=_money(policy.bank))
        while True:
            answer = self.prompter.ask(question + " [keep/pass]")
            if answer is None or answer.strip() == "":
                return None
            if answer.strip().lower() in ("k", "keep"):
                return True
            if answer.strip().lower() in ("p", "pass"):
                return False
            self.console.print(tr("type keep or pass, or press Enter to deal on"))

    def bank_chosen(self, table: "Table", player: str, keep: bool) -> None:
        session = table.session
        if keep:
            self.console.print(tr("the bank of {amount} stays with {player}", player=esc(player),
                                  amount=_money(session.bank)))
        else:
            self.console.print(tr("the bank passes from {player}, who takes back what was left", player=esc(player)))


__all__ = ["BankPrompts"]
