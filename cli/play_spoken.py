"""The lines of a betting table's moves in a language other than English: each a whole sentence in the
catalogue, the game's own words for its moves (Zha Jin Hua's 比牌, Teen Patti's शो) filled in
(:func:`bragrules_cli.play_view.describe_action` uses them; English keeps its own grammar there).

>>> from bragrules.core.i18n import speaking
>>> with speaking("zh"):
...     said = tr("{player} pays {amount} to {see}", player="Bo", amount="2", see="比牌")
>>> "Bo" in said and "比牌" in said and "pays" not in said
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Dict

from bragrules.core.i18n import amount_text as money
from bragrules.core.i18n import tr

from .play_input import esc

if TYPE_CHECKING:  # pragma: no cover
    from .play_view import _Line


def _spoken_side_show_answer(line: "_Line") -> str:
    """An answered side-show in the language spoken: who folded, never the cards compared."""
    from .play_view import last_side_show_answer

    deal, action = line.deal, line.action
    answer = last_side_show_answer(deal)
    words = {"player": _who(line), "asker": esc(answer.asker if answer is not None else "?"),
             "sideshow": esc(deal.rules.words.move("sideshow"))}
    if action.kind == "refuse":
        return tr("{player} refuses the {sideshow} {asker} asked for", **words)
    folded = answer.loser if answer is not None else None
    if folded is None:
        return tr("{player} accepts the {sideshow} {asker} asked for; compared in private, the hands are equal: "
                  "nobody folds", **words)
    return tr("{player} accepts the {sideshow} {asker} asked for; compared in private, {loser} folds",
              loser=esc(folded), **words)


def _who(line: "_Line") -> str:
    return f"[bold]{esc(line.action.player)}[/]"


SPOKEN_LINES: Dict[str, Callable[["_Line"], str]] = {
    "see": lambda line: tr("{player} pays {amount} to {see}", player=_who(line), amount=money(line.action.amount),
                           see=esc(line.deal.rules.words.move("see"))),
    "show": lambda line: tr("{player} shows their cards", player=_who(line)),
    "concede": lambda line: tr("{player} concedes without showing", player=_who(line)),
    "check": lambda line: (tr("{player} stakes no Pair Plus", player=_who(line)) if line.deal.rules.procedure.bank
                           else tr("{player} checks", player=_who(line))),
    "pairplus": lambda line: tr("{player} stakes a Pair Plus of {amount}", player=_who(line),
                                amount=money(line.action.amount)),
    "sideshow": lambda line: tr("{player} asks {other} for a {sideshow}", player=_who(line),
                                other=esc(line.deal.side_show[1] if line.deal.side_show is not None else "?"),
                                sideshow=esc(line.deal.rules.words.move("sideshow")))
    + (" (" + tr("paying {amount}", amount=money(line.action.amount)) + ")" if line.action.amount else ""),
    "accept": _spoken_side_show_answer,
    "refuse": _spoken_side_show_answer,
}
"""The lines of a betting table's moves in a language other than English (the game's words for its moves)."""


__all__ = ["SPOKEN_LINES"]
