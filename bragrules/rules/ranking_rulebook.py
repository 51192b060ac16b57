"""The ranking area's rulebook section: the ranking of hands, with an example of each category.

>>> from bragrules.profile.models import Profile
>>> section = ranking_section(Profile())
>>> section.title
'The ranking of hands'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Optional, Sequence, Tuple, cast

from bragrules.core.cards import CARDS, Card
from bragrules.core.i18n import ENGLISH, N_, language, tr
from bragrules.rules.area import Section
from bragrules.rules.hand_patterns import CategoryPattern, beats_words, category_words, order_words, pattern_meaning
from bragrules.rules.hand_ranking import (
    CARDS_RANKED,
    LOWBALL,
    NATURAL_BEATS_WILD,
    POINTS_ONE_SUIT,
    POINTS_SIDE,
    PRIAL_ORDER,
    RUN_ORDER,
    SUITS_BEFORE_KICKERS,
    SUITS_BREAK_TIES,
    categories_sentence,
    category_order,
    has_wild,
    points_read,
    points_three_of_a_kind,
    points_values,
    special_hand_text,
    special_hands,
    suit_order,
    wild_cards,
    wild_jokers,
    wild_ranks,
)
from bragrules.rules.vocabulary import told, words_of
from bragrules.rules.wild_deal import OwnWildRanker, counted_hands, rulebook_items
from bragrules.rules.words import capitalise, sentence

if TYPE_CHECKING:
    from bragrules.profile.models import Profile
    from bragrules.rules.ranking import HandRanker

_CATEGORY_MEANINGS = {
    "prial": N_("three cards of the same rank"),
    "running_flush": N_("three consecutive cards of one suit"),
    "run": N_("three consecutive cards of mixed suits"),
    "flush": N_("three cards of one suit, not consecutive"),
    "pair": N_("two cards of the same rank"),
    "high_card": N_("three cards making none of the above"),
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


def category_examples(ranker: "HandRanker") -> Dict[str, Tuple[Card, ...]]:
    """A real example hand for each category of the ranker's order.

    A preferred, familiar hand is used when the ranker places it in the
    category (and it holds no wild card); otherwise the middle hand of the
    category among the hands without wild cards.

    >>> from bragrules.profile.models import Ranking
    >>> from bragrules.rules.ranking import compile_ranking
    >>> examples = category_examples(compile_ranking(Ranking()))
    >>> {cat: " ".join(str(c) for c in hand) for cat, hand in examples.items()}["run"]
    'Th 9d 8c'
    """
    from bragrules.core.cards import parse_cards

    examples: Dict[str, Tuple[Card, ...]] = {}
    for category in ranker.category_order:
        for text in _PREFERRED.get(category, ()):
            cards = parse_cards(text)
            if any(int(c) in ranker.wild or int(c) in ranker.stripped for c in cards):
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


def _cards(cards: "Tuple[Card, ...] | List[Card]") -> str:
    return " ".join(card.symbol for card in cards)


def _best_and_worst(ranker: "HandRanker") -> Tuple[Tuple[int, int, int], Tuple[int, int, int]]:
    hands = ranker.all_hands()
    return max(hands, key=ranker.strength), min(hands, key=ranker.strength)


def ranking_section(p: "Profile") -> Optional[Section]:
    from bragrules.rules.pack import stripped_cards
    from bragrules.rules.ranking import compile_ranking

    sec = Section("ranking", tr("The ranking of hands"))
    words = words_of(p)
    ranker = compile_ranking(p.ranking, jokers=p.pack.jokers,
                             stripped=stripped_cards(p.pack.stripped_ranks)).named(words)
    if p.ranking.points.read is not None:
        return _points_section(p, sec, ranker)
    own = OwnWildRanker.of(p) if OwnWildRanker.applies(p) else None
    if own is not None:  # each hand with its own wild cards
        ranker = cast("HandRanker", own)
    order = list(ranker.category_order)
    written = p.ranking.categories
    sec.para(sentence(categories_sentence(p) if written else category_order(p)),
             sentence(LOWBALL.sentence(p)) if p.ranking.lowball else "")
    examples = own.examples() if own is not None else category_examples(ranker)
    counts, counted = ranker.counts(), counted_hands(p)
    total = sum(counts.values())
    meanings = _written_meanings(written) if written else {
        c: tr(_CATEGORY_MEANINGS[c]) if c != "high_card" or len(order) == 6 else tr("any hand not in a category above")
        for c in order}
    rows = []
    for number, category in enumerate(order, start=1):
        example = examples.get(category)
        rows.append(
            (
                str(number),
                capitalise(words.hand(category)),
                meanings[category],
                _cards(example) if example else "-",
                ranker.describe(example) if example else "-",
                f"{counts[category]:,}",
            )
        )
    sec.table(("", tr("hand"), tr("what it is"), tr("example"), tr("read as"),
               tr("of the {total} {counted}", total=format(total, ","), counted=counted)), rows)
    items = [told(item, words) for item in _written_items(written)] if written else _named_items(p, order)
    if written:  # a special hand's ante back is a payment, not a place in the list: it stays with special_hands
        items += [sentence(special_hand_text(s.model_copy(update={"beats": None}), words))
                  for s in p.ranking.special_hands if s.ante_back]
    items.append(sentence(SUITS_BREAK_TIES.sentence(p)))
    if p.ranking.suits_break_ties:
        items.append(sentence(suit_order(p)))
        if p.ranking.suits_before_kickers:
            items.append(sentence(SUITS_BEFORE_KICKERS.sentence(p)))
    if has_wild(p):
        if p.ranking.wild.cards:
            items.append(sentence(wild_cards(p)))
        if p.ranking.wild.ranks:
            items.append(sentence(wild_ranks(p)))
        if p.pack.jokers:
            items.append(sentence(wild_jokers(p)))
        items.extend(told(item, words) for item in rulebook_items(p))
        items.append(tr("A wild card stands for any card its holder likes that is not already in the hand; two wild "
                        "cards never stand for the same card."))
        items.append(sentence(NATURAL_BEATS_WILD.sentence(p)))
        if p.ranking.wild.cards_ranked and len(p.ranking.wild.cards) > 1:
            items.append(sentence(CARDS_RANKED.sentence(p)))
    else:
        items.append(tr("There are no wild cards."))
    items.append(_best_line(ranker))
    sec.bullets(items)
    return sec


def _named_items(p: "Profile", order: List[str]) -> List[str]:
    """The rulebook's lines on the order within categories and special hands, from the named fields."""
    items = []
    if "prial" in order:
        items.append(sentence(PRIAL_ORDER.sentence(p)))
    if "run" in order or "running_flush" in order:
        items.append(sentence(RUN_ORDER.sentence(p)))
    if p.pack.stripped_ranks:  # the orders above name every rank; the short pack holds fewer
        from bragrules.rules.pack import stripped_ranks

        items.append(tr("{ranks}: a hand of those ranks never occurs, and the orders above skip them; runs are of "
                        "ranks next to each other in the full pack.", ranks=capitalise(stripped_ranks(p))))
    words = words_of(p)
    names = {"flushes": capitalise(words.hand("flush", plural=True)), "high_cards": words.hand("high_card", plural=True),
             "pairs": words.hand("pair", plural=True), "pair": words.hand("pair")}
    if language() != ENGLISH:  # the game's words go in whole (told() reads English names only)
        names["High_cards"] = capitalise(names["high_cards"])
        within = (tr("{flushes} and {high_cards} are compared card by card from the highest, ace high", **names)
                  if "flush" in order else tr("{High_cards} are compared card by card from the highest, ace high",
                                              **names))
        if "pair" in order:
            within += tr("; {pairs} by the {pair}, then the odd card", **names)
        items.append(sentence(within))
    else:
        compared = "Flushes and high-card hands are" if "flush" in order else "High-card hands are"
        within = f"{compared} compared card by card from the highest, ace high"
        if "pair" in order:
            within += "; pairs by the pair, then the odd card"
        items.append(told(within + ".", words))
    if p.ranking.special_hands:
        items.append(sentence(special_hands(p)) + (
            " " + tr("When several hands are compared and each is beaten by another, a special hand that beats a "
                     "hand present counts above that hand's category.") if any(s.place == "beats_only" for s in p.ranking.special_hands) else ""))
    return items


def _written_meanings(patterns: Sequence[CategoryPattern]) -> Dict[str, str]:
    """What each category of a written list is, in words (its entries' patterns, the first first)."""
    meanings: Dict[str, List[str]] = {}
    for pattern in patterns:
        if pattern.name is not None:
            meanings.setdefault(pattern.name, []).append(pattern_meaning(pattern))
    joint = "; or " if language() == ENGLISH else "；或" if language() == "zh" else f"; {tr('or')} "
    return {name: joint.join(texts) for name, texts in meanings.items()}


def _written_items(patterns: Sequence[CategoryPattern]) -> List[str]:
    """The rulebook's lines on the order within the categories of a written list, and its special hands."""
    items = []
    for pattern in patterns:
        words = order_words(pattern)
        if pattern.name is not None and words:
            items.append(tr("{hand} ({what}): {order}.", hand=capitalise(category_words(pattern.name)),
                            what=pattern_meaning(pattern), order=words))
    items.append(tr("Hands of a category are compared card by card from the highest, ace high, unless the list says "
                    "otherwise; pairs by the pair, then the odd card."))
    specials = [pattern for pattern in patterns if pattern.name is None]
    for pattern in specials:
        beats = pattern.beats_of()
        assert beats is not None
        items.append(tr("A special hand, {what}, {beats}; against any other hand it keeps its own place (just below the "
                        "same cards not special).", what=pattern_meaning(pattern), beats=beats_words(beats)))
    if specials:
        items.append(tr("When several hands are compared and each is beaten by another, a special hand that beats a "
                        "hand present counts above that hand's category."))
    return items


def _best_line(ranker: "HandRanker") -> str:
    best, worst = _best_and_worst(ranker)
    return tr("The best hand of all is {best} ({cards}); the lowest is {worst}.", best=ranker.describe(best),
              cards=_cards([CARDS[c] for c in best]), worst=ranker.describe(worst))


def _points_section(p: "Profile", sec: Section, ranker: "HandRanker") -> Section:
    """The ranking of hands counted as points (999, 31)."""
    sec.para(sentence(points_read(p)), sentence(LOWBALL.sentence(p)) if p.ranking.lowball else "")
    items = [sentence(points_values(p)), sentence(POINTS_ONE_SUIT.sentence(p))]
    if p.ranking.points.three_of_a_kind is not None:
        items.append(sentence(points_three_of_a_kind(p)))
    if p.ranking.points.target is not None:
        items.append(sentence(POINTS_SIDE.sentence(p)))
    items.append(sentence(SUITS_BREAK_TIES.sentence(p)) if not p.ranking.points.one_suit else
                 tr("Equal totals tie."))
    if has_wild(p):
        items.append(tr("A wild card stands for any card its holder likes."))
    items.append(_best_line(ranker))
    sec.bullets(items)
    return sec
