"""A profile's fields named for players in each language: the words of a field's name (``cost multiple``,
``raise limit amount``), each a message of the catalogue, so a table of rulings labels its rows in the
language spoken (the field paths themselves stay as they are in ``--json``).

>>> from bragrules.core.i18n import with_language
>>> field_words("seeing.cost_multiple"), field_words("stakes.raise_limit.amount")
('cost multiple', 'raise limit amount')
>>> with_language("zh", field_words, "seeing.cost_multiple")
'费用倍数'
"""

from __future__ import annotations

from typing import Tuple

from bragrules.core.i18n import N_, tr

FIELD_WORDS: Tuple[str, ...] = (
    N_("allowed"), N_("ante"), N_("ante card"), N_("bank ante bonus"), N_("bank banco"), N_("bank bank"),
    N_("bank broken"), N_("bank carry"), N_("bank hold"), N_("bank kind"), N_("bank min stake"),
    N_("bank pair plus"), N_("bank pair plus max"), N_("bank pair plus pays"), N_("bank qualify"), N_("bank ties"),
    N_("bankroll"), N_("best card"), N_("best card top"), N_("betting"), N_("betting rounds"), N_("blind rate"),
    N_("blind sees blind"), N_("blind sees seen"), N_("blind survivor"), N_("bonus needs look"), N_("bonus prial"),
    N_("bonus running flush"), N_("bonus when"), N_("bust card"), N_("buy in max"), N_("buy in min"),
    N_("cards dealt"), N_("categories"), N_("category order"), N_("check"), N_("concede unseen"), N_("cost basis"),
    N_("cost multiple"), N_("covering"), N_("cut"), N_("deal"), N_("deliberate look"),
    N_("discard before betting"), N_("discard breaks ties"), N_("each hand"), N_("end at limit"), N_("end count"),
    N_("end kind"), N_("end minutes"), N_("exchange centre cards"), N_("exchange enabled"),
    N_("exchange face down"), N_("exchange min exchanges before stick"), N_("exchange must take before knock"),
    N_("exchange source"), N_("exchange stand after knock"), N_("exchange swap"), N_("exposure"),
    N_("exposure after betting"), N_("exposure before betting"), N_("fee to"), N_("first dealer"),
    N_("forced amount"), N_("forced ante max"), N_("forced ante rise"), N_("forced ante rises every"),
    N_("forced compensation"), N_("forced kind"), N_("forced live"), N_("forced small"), N_("forced who"),
    N_("fours"), N_("hand order"), N_("hands"), N_("hunt rounds"), N_("jokers"), N_("languages"), N_("level step"),
    N_("life stake"), N_("lives"), N_("look"), N_("look fee"), N_("lowball"), N_("lowest tie"),
    N_("matched showdown"), N_("max bet"), N_("max blind turns"), N_("max players"), N_("max stake"),
    N_("min players"), N_("minimum hand"), N_("moves"), N_("next dealer"), N_("nobody bet"), N_("open face up"),
    N_("open faceup"), N_("opening max"), N_("opening min"), N_("points all hands bonus"), N_("points at target"),
    N_("points draw"), N_("points one suit"), N_("points per hand"), N_("points read"), N_("points side"),
    N_("points spare hand"), N_("points spare stake"), N_("points target"), N_("points three of a kind"),
    N_("points values"), N_("pot limit"), N_("prial order"), N_("raise limit amount"), N_("raise limit factor"),
    N_("raise limit kind"), N_("raise limit pot measure"), N_("raise limit pot opening"),
    N_("raise limit whole multiples"), N_("raised out"), N_("raises stop at"), N_("rake"), N_("rake cap"),
    N_("rake of"), N_("rebuy"), N_("retain default"), N_("retain of two"), N_("retention"), N_("rotation"),
    N_("run order"), N_("seen sees blind"), N_("seen sees seen"), N_("self exposure"), N_("self exposure fine"),
    N_("shuffle"), N_("side show allowed"), N_("side show cost"), N_("side show equal stakes"),
    N_("side show min in play"), N_("side show refused"), N_("side show tie"), N_("sitting out"),
    N_("special hands"), N_("split"), N_("starting stack"), N_("stripped ranks"), N_("suit order"),
    N_("suits before kickers"), N_("suits break ties"), N_("sweep bonus"), N_("table fee"), N_("table fee per"),
    N_("thirty one"), N_("thirty one ace"), N_("tie"), N_("tied hand"), N_("title"), N_("top up"),
    N_("trump card"), N_("void deal"), N_("wild at most"), N_("wild barred from"), N_("wild cards"),
    N_("wild cards ranked"), N_("wild from centre"), N_("wild joker each"), N_("wild jokers"),
    N_("wild kiss miss"), N_("wild natural beats wild"), N_("wild per hand"), N_("wild ranks"), N_("wild select"),
    N_("win rule"), N_("wrong order"),
)
"""The words of every field's name below its area, each marked for the catalogue."""


def field_words(path: str) -> str:
    """The name of the field at ``path`` (below its area) in the language spoken."""
    words = path.partition(".")[2].replace(".", " ").replace("_", " ")
    return tr(words) if words else words


__all__ = ["FIELD_WORDS", "field_words"]
