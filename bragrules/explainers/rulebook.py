"""A complete rulebook written from a profile: plain text, Markdown or HTML.

The rulebook explains the game in the order a table does: the pack and the
deal, the ranking of hands (a real example of each category, found with the
profile's own ranking), the stakes, blind play, the see, ties, folding and
carried pots, sessions, the format's own rules, and the special cases.
Every number and every rule comes from the profile; the sentences come
from :mod:`bragrules.explainers.explain`, the same source ``bragrules diff`` uses.
Sections appear only when they apply: a game without betting has no
section on the see, a profile without retention no retention rules.

>>> from bragrules.profile import load_profile
>>> book = build_rulebook(load_profile("traditional"))
>>> [section.title for section in book.sections][:3]
['The pack and the deal', 'The ranking of hands', 'Stakes and betting']
>>> "each raise adds at most 5 to the level" in render(book, "text").lower()
True
"""

from __future__ import annotations

import html
import re
import textwrap
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from bragrules.core.cards import CARDS, Card
from bragrules.core.money import parse_money
from bragrules.core.text import in_words, sources_in_words
from bragrules.explainers.explain import (
    CATEGORY_NAMES,
    METADATA,
    capitalise,
    explain,
    field_paths,
    get_value,
    in_play,
    money_text,
    number_word,
    play_direction,
    source_of,
    times_text,
)
from bragrules.profile.models import Profile
from bragrules.rules.ranking import HandRanker, compile_ranking

__all__ = [
    "FORMATS",
    "Bullets",
    "Paragraph",
    "Rulebook",
    "Section",
    "Table",
    "build_rulebook",
    "category_examples",
    "render",
    "render_html",
    "render_markdown",
    "render_text",
]

FORMATS = ("text", "markdown", "html")
"""The output formats of :func:`render`."""

# ---------------------------------------------------------------------------
# The document
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class Bullets:
    items: Tuple[str, ...]


@dataclass(frozen=True)
class Table:
    header: Tuple[str, ...]
    rows: Tuple[Tuple[str, ...], ...]


Block = Union[Paragraph, Bullets, Table]


@dataclass
class Section:
    """A section of the rulebook: a title, blocks of text, and subsections."""

    key: str
    title: str
    blocks: List[Block] = field(default_factory=list)
    subsections: List["Section"] = field(default_factory=list)

    def para(self, *sentences: str) -> None:
        """A paragraph of sentences (empty ones left out)."""
        text = " ".join(s for s in sentences if s)
        if text:
            self.blocks.append(Paragraph(text))

    def bullets(self, items: Sequence[str]) -> None:
        items = tuple(i for i in items if i)
        if items:
            self.blocks.append(Bullets(items))

    def table(self, header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        self.blocks.append(Table(tuple(header), tuple(tuple(r) for r in rows)))


@dataclass
class Rulebook:
    """The whole rulebook: a title, an introduction and the sections."""

    title: str
    intro: List[str]
    sections: List[Section]
    profile_name: str


# ---------------------------------------------------------------------------
# Reading the profile
# ---------------------------------------------------------------------------


class _Reader:
    """The profile's values and their sentences, as full sentences."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.data: Dict[str, Any] = profile.model_dump(mode="json")

    def __call__(self, path: str) -> Any:
        return get_value(self.data, path)

    def raw(self, path: str) -> str:
        """The sentence for the field, as explain gives it (lower case, no stop)."""
        return explain(path, self(path), self.data)

    def s(self, path: str) -> str:
        """The sentence for the field, capitalised, with a full stop."""
        return sentence(self.raw(path))


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital letter and a full stop."""
    text = capitalise(text.strip())
    if text and text[-1] not in ".!?":
        text += "."
    return text


def _money(value: Any) -> str:
    return money_text(value)


def _frac(value: Any) -> Fraction:
    return value if isinstance(value, Fraction) else parse_money(value)


# ---------------------------------------------------------------------------
# Example hands
# ---------------------------------------------------------------------------

_CATEGORY_MEANINGS = {
    "prial": "three cards of the same rank",
    "running_flush": "three consecutive cards of one suit",
    "run": "three consecutive cards of mixed suits",
    "flush": "three cards of one suit, not consecutive",
    "pair": "two cards of the same rank",
    "high_card": "three cards making none of the above",
}

# Hands a table would show as examples, tried first; the ranker has the last word.
_PREFERRED = {
    "prial": ("7h 7d 7c", "8h 8d 8c", "5s 5h 5d"),
    "running_flush": ("5h 6h 7h", "9s 10s Js", "4d 5d 6d"),
    "run": ("8c 9d 10h", "5s 6h 7d", "Jc Qd Kh"),
    "flush": ("4s 9s Js", "Kc 9c 4c", "3d 8d Qd"),
    "pair": ("Qc Qd 5h", "7c 7d Ks", "9h 9s 4c"),
    "high_card": ("Ah 9d 4c", "Kd 10c 6s", "Qh 8c 3d"),
}


def category_examples(ranker: HandRanker) -> Dict[str, Tuple[Card, ...]]:
    """A real example hand for each category of the ranker's order.

    A preferred, familiar hand is used when the ranker places it in the
    category (and it holds no wild card); otherwise the middle hand of the
    category among the hands without wild cards.

    >>> from bragrules.profile.models import Ranking
    >>> examples = category_examples(compile_ranking(Ranking()))
    >>> {cat: " ".join(str(c) for c in hand) for cat, hand in examples.items()}["run"]
    'Th 9d 8c'
    """
    from bragrules.core.cards import parse_cards

    examples: Dict[str, Tuple[Card, ...]] = {}
    for category in ranker.category_order:
        for text in _PREFERRED.get(category, ()):
            cards = parse_cards(text)
            if any(int(c) in ranker.wild for c in cards):
                continue
            evaluation = ranker.evaluate(cards)
            if evaluation.category == category and evaluation.natural:
                examples[category] = evaluation.played
                break
        else:
            found = [
                hand
                for hand in ranker.all_hands()
                if not any(c in ranker.wild for c in hand)
                and ranker.category(ranker.strength(hand)) == category
            ]
            if found:
                found.sort(key=ranker.strength)
                hand = found[len(found) // 2]
                examples[category] = ranker.evaluate([CARDS[c] for c in hand]).played
    return examples


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(card.symbol for card in cards)


def _best_and_worst(ranker: HandRanker) -> Tuple[Tuple[int, int, int], Tuple[int, int, int]]:
    hands = ranker.all_hands()
    return max(hands, key=ranker.strength), min(hands, key=ranker.strength)


# ---------------------------------------------------------------------------
# The sections
# ---------------------------------------------------------------------------


def _format_name(r: _Reader) -> Optional[str]:
    cards, hands = r("format.cards_dealt"), r("format.hands")
    if r("format.lives") is not None:
        return "Crash"
    if r("format.exchange.enabled"):
        return "Stop the Bus"
    if hands == 1 and cards == 3:
        return None
    names = {(4, 1): "Four-Card Brag", (7, 2): "Seven-Card Brag", (9, 3): "Nine-Card Brag"}
    return names.get((cards, hands), f"{cards}-card Brag")


def _intro(r: _Reader) -> List[str]:
    p = r.profile
    paragraphs: List[str] = []
    if p.description:
        paragraphs.append(sentence(in_words(p.description)))
    facts = []
    if p.source:
        facts.append(f"Source: {in_words(p.source)}.")
    if p.extends:
        facts.append("Built on: " + ", ".join(p.extends) + ".")
    if facts:
        paragraphs.append(" ".join(facts))
    players = f"{r('table.min_players')} to {r('table.max_players')} players"
    if r("format.lives") is not None:
        aim = (
            f"Brag for {players} without money. Each player starts with {r('format.lives')} "
            "lives; the lowest hand at each showdown loses one, and the last player with a life wins."
        )
    elif not r("format.betting"):
        aim = (
            f"Brag for {players} without betting: every deal goes straight to a showdown, "
            "and the best hand takes the pot."
        )
    else:
        aim = (
            f"Brag is a game of betting and bluffing for {players}. Each deal is played for "
            "a pot, which goes to the better hand when the last two players see each other, or "
            "to the last player left when everyone else has folded."
        )
    paragraphs.append(aim)
    return paragraphs


def _deal_section(r: _Reader) -> Section:
    sec = Section("deal", "The pack and the deal")
    sec.para(
        f"The game is for {r('table.min_players')} to {r('table.max_players')} players.",
        r.s("pack.jokers"),
    )
    shuffle = [r.s("pack.shuffle")]
    if r("pack.shuffle") != "every_deal":
        between = "Between shuffles, folded and completed hands go under the pack in the order they are collected"
        if r("blind.retention"):
            between += "; a retained blind hand stays out"
        shuffle.append(between + ".")
    shuffle.append(r.s("table.cut"))
    out = []
    if r("session.bankroll") == "finite" or r("format.lives") is not None:
        out.append("A player who is out (no chips" + (" or no lives" if r("format.lives") is not None else "")
                   + " left) neither deals nor plays: the deal passes to the next player still in.")
    sec.para(r.s("table.first_dealer"), r.s("table.rotation"), *out)
    sec.para(*shuffle)
    deal = [r.s("table.deal"), r.s("format.cards_dealt")]
    if r("format.exchange.enabled"):
        centre = r("format.exchange.centre_cards")
        deal.append(f"Then {centre} {'card is' if centre == 1 else 'cards are'} dealt face up in the centre.")
    if r("format.betting"):
        first, _, way = play_direction(r.data).partition(" from the ")
        deal.append(f"The player on the {way} speaks first, and play goes round {first}.")
    sec.para(*deal)
    return sec


def _ranking_section(r: _Reader) -> Section:
    sec = Section("ranking", "The ranking of hands")
    ranker = compile_ranking(r.profile.ranking, jokers=r("pack.jokers"))
    order = list(ranker.category_order)
    sec.para(r.s("ranking.category_order"))
    examples = category_examples(ranker)
    counts = ranker.counts()
    total = sum(counts.values())
    rows = []
    for number, category in enumerate(order, start=1):
        example = examples.get(category)
        rows.append(
            (
                str(number),
                capitalise(CATEGORY_NAMES[category]),
                _CATEGORY_MEANINGS[category] if category != "high_card" or len(order) == 6 else
                "any hand not in a category above",
                _cards(example) if example else "-",
                ranker.describe(example) if example else "-",
                f"{counts[category]:,}",
            )
        )
    sec.table(("", "hand", "what it is", "example", "read as", f"of the {total:,} hands"), rows)
    items = []
    if "prial" in order:
        items.append(r.s("ranking.prial_order"))
    if "run" in order or "running_flush" in order:
        items.append(r.s("ranking.run_order"))
    compared = "Flushes and high-card hands are" if "flush" in order else "High-card hands are"
    within = f"{compared} compared card by card from the highest, ace high"
    if "pair" in order:
        within += "; pairs by the pair, then the odd card"
    items.append(within + ".")
    items.append(r.s("ranking.suits_break_ties"))
    if r("ranking.suits_break_ties"):
        items.append(r.s("ranking.suit_order"))
    wild = bool(r("ranking.wild.cards") or r("ranking.wild.ranks") or r("pack.jokers"))
    if wild:
        if r("ranking.wild.cards"):
            items.append(r.s("ranking.wild.cards"))
        if r("ranking.wild.ranks"):
            items.append(r.s("ranking.wild.ranks"))
        if r("pack.jokers"):
            items.append(r.s("ranking.wild.jokers"))
        items.append("A wild card stands for any card its holder likes, even one already in the hand.")
        items.append(r.s("ranking.wild.natural_beats_wild"))
    else:
        items.append("There are no wild cards.")
    best, worst = _best_and_worst(ranker)
    items.append(
        f"The best hand of all is {ranker.describe(best)} ({_cards([CARDS[c] for c in best])}); "
        f"the lowest is {ranker.describe(worst)}."
    )
    sec.bullets(items)
    return sec


def _example_level(r: _Reader) -> Fraction:
    step = _frac(r("stakes.level_step"))
    low = _frac(r("stakes.opening_min"))
    high = r("stakes.opening_max")
    level = max(low, step * 4)
    if high is not None and level > _frac(high):
        level = _frac(high)
    return level


def _stakes_section(r: _Reader) -> Section:
    sec = Section("stakes", "Stakes and betting")
    sec.para(r.s("stakes.ante"))
    blind = r("blind.allowed")
    level = _example_level(r)
    if blind:
        rate = _frac(r("stakes.blind_rate"))
        sec.para(
            "Bets are made in levels counted in seen units: a seen player pays the level, "
            f"and {r.raw('stakes.blind_rate')}.",
            f"At level {_money(level)}, for example, a seen player pays {_money(level)} "
            f"and a blind player {_money(level * rate)}.",
        )
    else:
        sec.para("Bets are made in levels: every player pays the level.")
    opening = f"The first bet opens the level at {_money(r('stakes.opening_min'))} or more"
    if r("stakes.opening_max") is not None:
        opening = (
            f"The first bet opens the level at {_money(r('stakes.opening_min'))} to "
            f"{_money(r('stakes.opening_max'))}"
        )
    opening += "."
    step = _frac(r("stakes.level_step"))
    sec.bullets(
        [
            opening,
            r.s("stakes.level_step") if step != 1 else "",
            "Each later player bets at the current level or raises it. "
            "A player pays a fresh full amount at every turn, not the difference from earlier bets.",
            r.s("stakes.raise_limit.kind"),
            r.s("stakes.raise_limit.pot_opening") if r("stakes.raise_limit.kind") == "pot" else "",
            r.s("stakes.check"),
            "Betting goes round as many times as it takes; matched bets never end it by themselves. "
            "It stops when one player is left, or when one of the last two sees the other.",
        ]
    )
    return sec


def _blind_section(r: _Reader) -> Section:
    sec = Section("blind", "Blind play")
    if not r("blind.allowed"):
        sec.para(
            "Blind play is not allowed: everyone looks at their cards as soon as they are dealt, "
            "and every payment is at the seen rate."
        )
        return sec
    sec.para(
        "A player may play blind, leaving their cards face down and unseen while they bet.",
        r.s("stakes.blind_rate"),
        r.s("blind.look"),
        "From the moment they look they are seen for the rest of the deal, pay the seen rate, "
        "and cannot become blind again with that hand.",
    )
    if r("blind.look") == "own_turn":
        sec.para("Blind cards stay untouched: nobody inspects their own cards out of turn.")
    if r("blind.retention"):
        sub = Section("retention", "Keeping a blind hand")
        ante = _money(r("stakes.ante"))
        sub.para(
            r.s("folding.blind_survivor"),
            "The blind player may keep their unseen hand for that deal, or let it go under the pack: "
            "it is their choice.",
            r.s("blind.retain_default"),
        )
        sub.bullets(
            [
                f"Everyone antes {ante} again and receives a new hand, so the player who kept a "
                "hand holds two for the moment.",
                "They may look at one of the two, old or new, or at neither.",
                "Having looked at one, they must at once either keep it and discard the other "
                "unseen, or discard it and keep the other blind. Only then may they look at the "
                "remaining hand. Nobody may inspect both and choose the better.",
                "Holding two blind hands costs one blind payment, not two.",
                "Before a see, a single hand is chosen by the same look, keep-or-discard process, "
                "before the opponent's cards are shown.",
                "If everyone folds again while both hands are unseen, only one unseen hand is kept "
                "for the next deal: nobody ever holds three. " + r.s("blind.retain_of_two"),
            ]
        )
        sec.subsections.append(sub)
    return sec


def _see_section(r: _Reader) -> Section:
    sec = Section("seeing", "The see")
    sec.para(
        "Only the last two players may see. Instead of betting, either may call a see: they pay "
        "the cost of the see into the pot and both hands are shown. The better hand takes the pot."
    )
    blind = r("blind.allowed")
    if blind:
        sec.bullets(
            [
                r.s("seeing.seen_sees_seen"),
                r.s("seeing.seen_sees_blind"),
                r.s("seeing.blind_sees_seen"),
                r.s("seeing.blind_sees_blind"),
            ]
        )
        if not r("seeing.seen_sees_blind"):
            sec.para("A seen player facing a blind one keeps betting or folds.")
    elif not r("seeing.seen_sees_seen"):
        sec.para(r.s("seeing.seen_sees_seen"))
    level = _example_level(r)
    multiple = _frac(r("seeing.cost_multiple"))
    if r("seeing.cost_basis") == "caller_rate":
        cost = [
            sentence(
                f"a see costs {times_text(multiple)} the caller's own rate at the current level"
            ),
            f"At level {_money(level)}, a seen caller pays {_money(level * multiple)}",
        ]
        if blind:
            rate = _frac(r("stakes.blind_rate"))
            cost[-1] += f" and a blind caller {_money(level * rate * multiple)}"
        cost[-1] += "."
    else:
        cost = [
            r.s("seeing.cost_basis"),
            f"If the other player's last bet was {_money(level)}, the see costs "
            f"{_money(level * multiple)} (not {times_text(multiple)} the ante).",
        ]
    sec.para(*cost)
    exposure = r.raw("seeing.exposure")
    if not blind or not r("seeing.blind_sees_blind"):
        exposure = exposure.split(";")[0]  # two blind players never see each other: no alternate turning
    concede = r.s("seeing.concede_unseen") if r("seeing.concede_unseen") else ""
    if concede:
        concede += " The conceded cards are never shown, and the first player takes the pot."
    sec.para(sentence(exposure), concede)
    return sec


def _ties_section(r: _Reader) -> Section:
    sec = Section("ties", "Ties")
    items = []
    if r("format.betting"):
        items.append(r.s("seeing.tie"))
        if r("seeing.tie") == "caller_loses":
            items.append("The caller wins only with a strictly better hand.")
    if r("ranking.suits_break_ties"):
        items.append(r.s("ranking.suits_break_ties") + " " + r.s("ranking.suit_order"))
    else:
        items.append(
            "Hands of the same ranks are equal whatever their suits: " + r.raw("ranking.suits_break_ties") + "."
        )
    if r("ranking.wild.cards") or r("ranking.wild.ranks") or r("pack.jokers"):
        items.append(r.s("ranking.wild.natural_beats_wild"))
    if r("format.hands") > 1:
        items.append(r.s("format.tied_hand"))
    elif r("format.cards_dealt") > 3:
        items.append(r.s("format.discard_breaks_ties"))
    if r("format.lives") is not None:
        items.append(r.s("format.lowest_tie"))
    sec.bullets(items)
    return sec


def _can_carry(r: _Reader) -> bool:
    """Whether a pot can carry into the next deal under these rules."""
    betting = r("format.betting")
    return bool(
        (betting and r("blind.allowed") and r("folding.blind_survivor") == "carries")
        or (betting and r("folding.nobody_bet") == "carries")
        or (betting and r("stakes.check") == "before_first_bet")
        or r("format.hands") > 1
    )


def _carry_section(r: _Reader) -> Section:
    sec = Section("carry-over", "Folding and carried pots")
    betting = r("format.betting")
    carries: List[str] = []
    if betting:
        sec.para(
            "A player who folds lays their cards face down and loses their ante and every bet "
            "they have made.",
            "A seen player left alone takes the pot without showing their cards.",
        )
        if r("blind.allowed"):
            carries.append(r.s("folding.blind_survivor"))
        carries.append(r.s("folding.nobody_bet"))
        if r("stakes.check") == "before_first_bet":
            carries.append("If every player checks, the pot carries to the next deal.")
    if r("format.hands") > 1:
        carries.append(r.s("format.win_rule"))
    sec.bullets(carries)
    if _can_carry(r):
        ante = _frac(r("stakes.ante"))
        text = "A carried pot stays in the middle for the next deal"
        if ante:
            text += f", everyone antes {_money(ante)} again as for any fresh deal"
        text += ", and the winner of that deal takes it all."
        sec.para(text)
    else:
        sec.para("A pot never carries: every deal is won by somebody.")
    return sec


def _session_section(r: _Reader) -> Section:
    sec = Section("session", "Sessions and scoring")
    lives = r("format.lives")
    items = []
    if lives is not None:
        items.append(
            "The game ends when only one player has a life left, and that player wins. "
            "There is no money."
        )
    else:
        items.append(r.s("session.end.kind"))
        if r("session.end.kind") in ("hands", "one_player_left") and _can_carry(r):
            items.append("If the last pot carries, play goes on until it is won.")
        items.append(r.s("session.bankroll"))
        if r("session.bankroll") == "finite":
            items.append(r.s("session.covering"))
            items.append("The player with the most chips at the end wins.")
        else:
            items.append("The player with the highest net balance at the end wins; exact ties share the win.")
        if _frac(r("session.bonus.prial")) or _frac(r("session.bonus.running_flush")):
            items.append(r.s("session.bonus.prial"))
            items.append(r.s("session.bonus.running_flush"))
            if r("session.bonus.when") == "dealt":
                items.append("A bonus is paid as soon as the hand is declared, in every deal it is held, "
                             "whatever happens to the deal after.")
    sec.bullets(items)
    return sec


def _format_section(r: _Reader) -> Optional[Section]:
    name = _format_name(r)
    betting = r("format.betting")
    if name is None and betting:
        return None
    sec = Section("format", f"{name}: its own rules" if name else "Playing without betting")
    cards, hands = r("format.cards_dealt"), r("format.hands")
    if hands > 1:
        sub = Section("arrangement", "Arranging the hands")
        spare = cards - 3 * hands
        sub.para(
            r.s("format.cards_dealt"),
            r.s("format.hands"),
            (
                f"The {'spare card is' if spare == 1 else f'{spare} spare cards are'} discarded face down."
                if spare
                else ""
            ),
            r.s("format.hand_order"),
        )
        sub.para(
            f"At a see {'both' if hands == 2 else f'all {number_word(hands)}'} hands of both "
            "players are shown, and each hand is compared with "
            "the opponent's corresponding hand.",
            r.s("format.win_rule"),
            r.s("format.tied_hand"),
        )
        sec.subsections.append(sub)
    elif cards > 3:
        sub = Section("best-three", f"The best three of {cards} cards")
        sub.para(
            r.s("format.cards_dealt"),
            "At a showdown each player's best three cards are compared; the rest are discarded.",
            r.s("format.discard_breaks_ties"),
        )
        sec.subsections.append(sub)
    if not betting:
        sub = Section("no-betting", "No betting")
        sub.para(r.s("format.betting"))
        ante = _frac(r("stakes.ante"))
        if ante and lives_none(r):
            sub.para(f"Every player antes {_money(ante)}, and the antes make the pot.")
        sec.subsections.append(sub)
    if r("format.lives") is not None:
        sub = Section("lives", "Lives")
        sub.para(
            r.s("format.lives"),
            r.s("format.lowest_tie"),
            "A player with no life left is out of the game.",
        )
        sec.subsections.append(sub)
    if r("format.exchange.enabled"):
        sub = Section("exchange", "The exchange")
        sub.para(r.s("format.exchange.centre_cards"), r.s("format.exchange.swap"))
        sub.bullets(
            [
                "Each turn, going round the table, a player swaps with the centre or knocks.",
                "Once a player has knocked, every other player has one more turn, to swap or to stand.",
                "Then all hands are shown.",
            ]
        )
        sec.subsections.append(sub)
    return sec


def lives_none(r: _Reader) -> bool:
    return r("format.lives") is None


def _disputes_section(r: _Reader) -> Section:
    sec = Section("disputes", "Special cases")
    betting = r("format.betting")
    items = [r.s("disputes.exposure_before_betting")]
    if betting:
        items.append(r.s("disputes.exposure_after_betting"))
    items.append(r.s("disputes.deliberate_look"))
    if betting and r("disputes.deliberate_look") == "fold":
        items.append("The fold is at once, out of turn; the turn stays with the player whose turn it was.")
    if betting and "redeal" in (r("disputes.exposure_before_betting"), r("disputes.exposure_after_betting")):
        items.append("A redeal returns every stake; a carried pot and kept hands stay as they were, and the "
                     "same dealer deals again from a shuffled pack. It does not count as a deal.")
    if betting:
        items.append(
            "A see must be paid at the right amount: a wrong amount is corrected before any card "
            "is turned over, and a see is binding once the money is in the pot."
        )
    sec.bullets(items)
    return sec


def departures(profile: Profile) -> List[Tuple[str, str, str]]:
    """The rules where ``profile`` differs from bragrules' defaults: (field path, sentence, source).

    Only rules in play under the profile are listed (a raise amount is not
    when raises are unlimited).
    """
    data = profile.model_dump(mode="json")
    defaults = _DEFAULTS
    out = []
    for path in field_paths():
        if path.split(".")[0] in METADATA:
            continue
        value = get_value(data, path)
        if isinstance(value, dict) or value == get_value(defaults, path) or not in_play(path, data):
            continue
        out.append((path, sentence(explain(path, value, data)), source_of(path, value)))
    return out


_DEFAULTS: Dict[str, Any] = Profile().model_dump(mode="json")


def _departures_section(profile: Profile) -> Optional[Section]:
    found = departures(profile)
    if not found:
        return None
    sec = Section("departures", "At this table")
    sec.para(
        "Where these rules depart from the plain game that bragrules starts from, "
        "each with where the rule comes from:"
    )
    merged: Dict[str, List[str]] = {}  # one line per rule, with every source behind it
    for _path, text, source in found:
        merged.setdefault(text, []).append(source)
    sec.bullets(
        [
            f"{text} (from {sources_in_words(sources)})" if sources_in_words(sources) else text
            for text, sources in merged.items()
        ]
    )
    return sec


def build_rulebook(profile: Profile) -> Rulebook:
    """The rulebook of a profile, as sections of paragraphs, lists and tables."""
    r = _Reader(profile)
    betting = r("format.betting")
    sections: List[Section] = [_deal_section(r), _ranking_section(r)]
    if betting:
        sections.append(_stakes_section(r))
        sections.append(_blind_section(r))
        sections.append(_see_section(r))
    sections.append(_ties_section(r))
    if betting or r("format.hands") > 1:
        sections.append(_carry_section(r))
    sections.append(_session_section(r))
    special = _format_section(r)
    if special is not None:
        sections.append(special)
    sections.append(_disputes_section(r))
    summary = _departures_section(profile)
    if summary is not None:
        sections.append(summary)
    name = _format_name(r) or "Three-Card Brag"
    return Rulebook(
        title=f"{name}: the rules of {profile.name}",
        intro=_intro(r),
        sections=sections,
        profile_name=profile.name,
    )


# ---------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------

_WIDTH = 78


def _numbered(sections: Sequence[Section]) -> List[Tuple[str, Section, List[Tuple[str, Section]]]]:
    out = []
    for n, sec in enumerate(sections, start=1):
        subs = [(f"{n}.{m}", sub) for m, sub in enumerate(sec.subsections, start=1)]
        out.append((str(n), sec, subs))
    return out


def _text_table(table: Table, indent: str = "  ") -> List[str]:
    """Aligned columns; the widest columns are wrapped to keep within the page width."""
    rows = [table.header] + list(table.rows)
    columns = len(table.header)
    widths = [max(len(row[i]) for row in rows) for i in range(columns)]
    words = [
        max((len(word) for row in rows for word in row[i].split()), default=1) for i in range(columns)
    ]
    room = _WIDTH - len(indent) - 2 * (columns - 1)
    while sum(widths) > room:
        widest = max(range(columns), key=lambda i: widths[i] - words[i])
        if widths[widest] <= words[widest]:
            break
        widths[widest] -= 1
    lines = []
    for index, row in enumerate(rows):
        cells = [textwrap.wrap(cell, widths[i]) or [""] for i, cell in enumerate(row)]
        for n in range(max(len(c) for c in cells)):
            parts = [(c[n] if n < len(c) else "").ljust(widths[i]) for i, c in enumerate(cells)]
            lines.append((indent + "  ".join(parts)).rstrip())
        if index == 0:
            lines.append(indent + "  ".join("-" * w for w in widths))
    return lines


def _text_blocks(blocks: Sequence[Block]) -> List[str]:
    lines: List[str] = []
    for block in blocks:
        if isinstance(block, Paragraph):
            lines.extend(textwrap.wrap(block.text, _WIDTH))
        elif isinstance(block, Bullets):
            for item in block.items:
                lines.extend(
                    textwrap.wrap(item, _WIDTH, initial_indent="  - ", subsequent_indent="    ")
                )
        else:
            lines.extend(_text_table(block))
        lines.append("")
    return lines


def render_text(book: Rulebook) -> str:
    """Plain text for the terminal, wrapped at 78 columns."""
    lines = [book.title, "=" * len(book.title), ""]
    for paragraph in book.intro:
        lines.extend(textwrap.wrap(paragraph, _WIDTH))
        lines.append("")
    for number, sec, subs in _numbered(book.sections):
        heading = f"{number}. {sec.title}"
        lines.extend([heading, "-" * len(heading), ""])
        lines.extend(_text_blocks(sec.blocks))
        for sub_number, sub in subs:
            lines.extend([f"{sub_number} {sub.title}", ""])
            lines.extend(_text_blocks(sub.blocks))
    return "\n".join(lines).rstrip("\n") + "\n"


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|#])")


def _md(text: str) -> str:
    return _MD_SPECIAL.sub(r"\\\1", text)


def _md_blocks(blocks: Sequence[Block]) -> List[str]:
    lines: List[str] = []
    for block in blocks:
        if isinstance(block, Paragraph):
            lines.append(_md(block.text))
        elif isinstance(block, Bullets):
            lines.extend(f"- {_md(item)}" for item in block.items)
        else:
            lines.append("| " + " | ".join(_md(h) for h in block.header) + " |")
            lines.append("|" + "|".join("---" for _ in block.header) + "|")
            for row in block.rows:
                lines.append("| " + " | ".join(_md(c) for c in row) + " |")
        lines.append("")
    return lines


def render_markdown(book: Rulebook) -> str:
    """Markdown: ``#`` title, ``##`` numbered sections, ``###`` subsections."""
    lines = [f"# {_md(book.title)}", ""]
    for paragraph in book.intro:
        lines.extend([_md(paragraph), ""])
    for number, sec, subs in _numbered(book.sections):
        lines.extend([f"## {number}. {_md(sec.title)}", ""])
        lines.extend(_md_blocks(sec.blocks))
        for sub_number, sub in subs:
            lines.extend([f"### {sub_number} {_md(sub.title)}", ""])
            lines.extend(_md_blocks(sub.blocks))
    return "\n".join(lines).rstrip("\n") + "\n"


_CSS = """
:root { --ink: #1b1b1b; --muted: #5a5a5a; --rule: #c9c3b8; --paper: #fffdf8; --red: #b3261e; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--paper); color: var(--ink);
       font: 16px/1.55 Georgia, "Times New Roman", serif; }
main { max-width: 46rem; margin: 0 auto; padding: 2rem 1.25rem 4rem; }
h1 { font-size: 2rem; line-height: 1.2; margin: 0 0 1rem; }
h2 { font-size: 1.35rem; margin: 2.2rem 0 0.6rem; padding-bottom: 0.2rem; border-bottom: 1px solid var(--rule); }
h3 { font-size: 1.1rem; margin: 1.5rem 0 0.4rem; }
p, li { margin: 0.45rem 0; }
ul { padding-left: 1.3rem; }
.intro { color: var(--muted); }
nav { margin: 1.5rem 0; padding: 0.75rem 1rem; border: 1px solid var(--rule); }
nav ol { margin: 0; padding-left: 1.3rem; columns: 2; }
nav a { color: inherit; }
table { border-collapse: collapse; width: 100%; margin: 0.8rem 0; font-size: 0.95rem; }
th, td { text-align: left; padding: 0.3rem 0.5rem; border-bottom: 1px solid var(--rule); vertical-align: top; }
th { font-weight: bold; border-bottom-width: 2px; }
.red { color: var(--red); }
footer { margin-top: 3rem; color: var(--muted); font-size: 0.85rem; }
@media print {
  body { background: #fff; font-size: 11pt; }
  main { max-width: none; padding: 0; }
  nav { display: none; }
  h2, h3 { page-break-after: avoid; break-after: avoid; }
  table, ul { page-break-inside: avoid; break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
  .red { color: #000; }
}
"""


def _h(text: str) -> str:
    """Escaped text, red suits marked."""
    escaped = html.escape(text, quote=True)
    return re.sub("([\u2665\u2666])", r'<span class="red">\1</span>', escaped)


def _html_blocks(blocks: Sequence[Block]) -> List[str]:
    out: List[str] = []
    for block in blocks:
        if isinstance(block, Paragraph):
            out.append(f"<p>{_h(block.text)}</p>")
        elif isinstance(block, Bullets):
            out.append("<ul>")
            out.extend(f"  <li>{_h(item)}</li>" for item in block.items)
            out.append("</ul>")
        else:
            out.append("<table>")
            out.append("  <thead><tr>" + "".join(f"<th>{_h(h)}</th>" for h in block.header) + "</tr></thead>")
            out.append("  <tbody>")
            for row in block.rows:
                out.append("    <tr>" + "".join(f"<td>{_h(c)}</td>" for c in row) + "</tr>")
            out.append("  </tbody>")
            out.append("</table>")
    return out


def render_html(book: Rulebook) -> str:
    """One self-contained HTML page: inline CSS, print styles, no external resources."""
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_h(book.title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        "<main>",
        "<header>",
        f"<h1>{_h(book.title)}</h1>",
    ]
    out.extend(f'<p class="intro">{_h(p)}</p>' for p in book.intro)
    out.append("</header>")
    numbered = _numbered(book.sections)
    out.append('<nav aria-label="Contents"><ol>')
    out.extend(f'  <li><a href="#{sec.key}">{_h(sec.title)}</a></li>' for _, sec, _ in numbered)
    out.append("</ol></nav>")
    for number, sec, subs in numbered:
        out.append(f'<section id="{sec.key}">')
        out.append(f"<h2>{number}. {_h(sec.title)}</h2>")
        out.extend(_html_blocks(sec.blocks))
        for sub_number, sub in subs:
            out.append(f'<section id="{sec.key}-{sub.key}">')
            out.append(f"<h3>{sub_number} {_h(sub.title)}</h3>")
            out.extend(_html_blocks(sub.blocks))
            out.append("</section>")
        out.append("</section>")
    out.append(f"<footer>Written from the profile {_h(book.profile_name)}.</footer>")
    out.extend(["</main>", "</body>", "</html>"])
    return "\n".join(out) + "\n"


def render(book: Rulebook, fmt: str = "text") -> str:
    """The rulebook in one of :data:`FORMATS`."""
    if fmt == "text":
        return render_text(book)
    if fmt in ("markdown", "md"):
        return render_markdown(book)
    if fmt == "html":
        return render_html(book)
    raise ValueError(f"unknown rulebook format {fmt!r}; choose one of {', '.join(FORMATS)}")
