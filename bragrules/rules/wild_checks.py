"""What a profile's wild cards chosen at the table need of the rest of it: the checks a profile passes
(one hand of three cards, or five for two cards that make one joker; no exchange with the centre; at most
three centre cards), and what they ask of the ranker (the joker it must know).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

from bragrules.rules.wild_select import Selector, centre_count, expand

if TYPE_CHECKING:
    from bragrules.profile.models import Profile

__all__ = ["Problem", "check_profile", "ranker_jokers", "uses_wild_deal"]


def _pairs(p: "Profile") -> List[Selector]:
    return [s for s in expand(p.ranking.wild) if s.source == "pair"]


def ranker_jokers(p: "Profile") -> int:
    """The jokers the ranker must know: the pack's, or the one dealt to each player (``joker_each``), or the
    one two cards make (``kiss_miss``, a ``pair`` selector)."""
    return 1 if p.ranking.wild.joker_each or _pairs(p) else p.pack.jokers


def uses_wild_deal(p: "Profile") -> bool:
    """Whether the profile chooses wild cards per hand or per deal."""
    wild = p.ranking.wild
    return bool(wild.per_hand != "none" or wild.from_centre > 0 or wild.joker_each or wild.kiss_miss or wild.select)


def check_profile(p: "Profile") -> Optional[Tuple[str, Tuple[str, ...], Dict[str, str]]]:
    """What is wrong with the profile's wild cards chosen at the table, if anything: (message, fields, fixes).

    >>> from bragrules.profile.models import Format, Profile
    >>> from pydantic import ValidationError
    >>> try:
    ...     Profile.model_validate({"ranking": {"wild": {"per_hand": "lowest_rank"}}, "format": {"cards_dealt": 5}})
    ... except ValidationError as exc:
    ...     print(exc.errors()[0]["msg"])
    Value error, ranking.wild.per_hand: wild cards chosen per hand need one hand of three cards (format.cards_dealt: 3, format.hands: 1)
    """
    wild = p.ranking.wild
    if wild.at_most is not None and not any(s.source != "pair" for s in expand(wild)):
        return ("ranking.wild.at_most limits the cards the table's choice makes wild, but it chooses none: a "
                "lowest or highest rank or centre cards (select, per_hand, from_centre)",
                ("ranking.wild.at_most", "ranking.wild.select"), {"ranking.wild.at_most": "null"})
    if not uses_wild_deal(p):
        return None
    pairs = _pairs(p)
    if pairs:
        return _check_kiss_miss(p, pairs[0].path, len(expand(wild)))
    if any(s.relation == "sum" for s in expand(wild)):
        return _check_sum(p)
    return _check_three_cards(p)


Problem = Optional[Tuple[str, Tuple[str, ...], Dict[str, str]]]


def _check_kiss_miss(p: "Profile", path: str, selectors: int) -> Problem:
    wild, fmt = p.ranking.wild, p.format
    if fmt.cards_dealt != 5 or fmt.hands != 1:
        return ("two cards that make one joker are played with five cards, one hand (format.cards_dealt: 5, "
                "format.hands: 1)", (path, "format.cards_dealt", "format.hands"), {"format.cards_dealt": "5"})
    if wild.joker_each or selectors > 1:
        return ("two cards that make one joker are the hand's only wild card: no other wild card is chosen at "
                "the table", (path, "ranking.wild.joker_each", "ranking.wild.per_hand", "ranking.wild.from_centre",
                              "ranking.wild.select"), {path: "false" if path.endswith("kiss_miss") else "[]"})
    if fmt.discard_breaks_ties:
        return ("two cards that make one joker: the hands' best readings compare, and the discarded cards never "
                "break a tie", (path, "format.discard_breaks_ties"), {"format.discard_breaks_ties": "false"})
    if p.pack.jokers or not wild.jokers or fmt.exchange.enabled or not fmt.betting:
        return ("two cards that make one joker need a betting format without an exchange and a pack without jokers",
                (path, "pack.jokers", "format.betting"), {"pack.jokers": "0"})
    return None


def _check_sum(p: "Profile") -> Problem:
    """Cards adding up to a turned card: five cards dealt, one hand, the only wild cards chosen at the table."""
    wild, fmt = p.ranking.wild, p.format
    path = "ranking.wild.select"
    if fmt.cards_dealt != 5 or fmt.hands != 1:
        return ("cards that add up to a turned card make a joker among five cards dealt, the best three playing "
                "(format.cards_dealt: 5, format.hands: 1)", (path, "format.cards_dealt", "format.hands"),
                {"format.cards_dealt": "5"})
    if len(expand(wild)) > 1 or wild.joker_each or wild.at_most is not None:
        return ("cards that add up to a turned card are the only wild cards chosen at the table (no other selector, "
                "no joker dealt to each player, no at_most)", (path, "ranking.wild.at_most", "ranking.wild.joker_each"),
                {path: "[{source: centre, relation: sum}]"})
    if fmt.discard_breaks_ties or p.pack.jokers or fmt.exchange.enabled or not fmt.betting:
        return ("cards that add up to a turned card need a betting format without an exchange, a pack without "
                "jokers, and the best readings compared alone (the discards never break a tie)",
                (path, "pack.jokers", "format.discard_breaks_ties", "format.exchange.enabled"), {"pack.jokers": "0"})
    return None


def _check_three_cards(p: "Profile") -> Problem:
    """Wild cards chosen per hand or per deal: one hand of three cards (or four, for a hand's own rank),
    a joker dealt to each player that is not the pack's, centre cards without an exchange."""
    chosen = expand(p.ranking.wild)
    path = chosen[0].path if chosen else "ranking.wild.joker_each"
    centre = next((s.path for s in chosen if s.source == "centre"), None)
    return _check_cards(p, chosen, path, centre) or _check_joker_each(p) or _check_centre(p, path, centre)


def _check_cards(p: "Profile", chosen: Tuple[Selector, ...], path: str, centre: Optional[str]) -> Problem:
    wild, fmt = p.ranking.wild, p.format
    four = fmt.cards_dealt == 4 and fmt.hands == 1 and not wild.joker_each and all(
        s.source in ("lowest_rank", "highest_rank") for s in chosen)
    if four and fmt.discard_breaks_ties:
        return ("a hand's own joker among four cards: the best three play, and the card left over never breaks "
                "a tie", (path, "format.discard_breaks_ties"), {"format.discard_breaks_ties": "false"})
    if four and (fmt.exchange.enabled or not fmt.betting):
        return ("a hand's own joker among four cards needs a betting format without an exchange",
                (path, "format.exchange.enabled", "format.betting"), {"format.cards_dealt": "3"})
    if (fmt.cards_dealt != 3 or fmt.hands != 1) and not four:
        return (f"wild cards chosen per {'deal' if path == centre else 'hand'} need one hand of "
                "three cards (format.cards_dealt: 3, format.hands: 1)", (path, "format.cards_dealt", "format.hands"),
                {"format.cards_dealt": "3"})
    return None


def _check_joker_each(p: "Profile") -> Problem:
    wild, fmt = p.ranking.wild, p.format
    if wild.joker_each and (p.pack.jokers or not wild.jokers):
        return ("a joker dealt to each player is not one of the pack's: the pack has none (pack.jokers: 0), and "
                "jokers are wild (ranking.wild.jokers: true)", ("ranking.wild.joker_each", "pack.jokers",
                                                               "ranking.wild.jokers"), {"pack.jokers": "0"})
    if wild.joker_each and (fmt.exchange.enabled or not fmt.betting):
        return ("a joker dealt to each player needs a betting format without an exchange with the centre",
                ("ranking.wild.joker_each", "format.exchange.enabled", "format.betting"),
                {"ranking.wild.joker_each": "false"})
    return None


def _check_centre(p: "Profile", path: str, centre: Optional[str]) -> Problem:
    fmt = p.format
    if centre is not None and (fmt.exchange.enabled or not fmt.betting):
        return ("wild cards from the centre need a betting format without an exchange with the centre",
                (centre, "format.exchange.enabled", "format.betting"),
                {centre: "0" if centre.endswith("from_centre") else "[]"})
    replaced = [s for s in expand(p.ranking.wild) if s.on_fold == "replaced"]
    if replaced and (replaced[0].turned != fmt.cards_dealt or p.blind.retention
                     or sum(1 for s in expand(p.ranking.wild) if s.source == "centre") != 1):
        return ("a folder's cards replace the turned cards that decide the wild cards (on_fold: replaced): as "
                "many cards are turned as each hand holds, no other centre selector chooses wild cards, and no blind "
                "hand is retained", (replaced[0].path, "format.cards_dealt", "blind.retention"), {"format.cards_dealt": str(replaced[0].turned)})
    if centre_count(p.ranking.wild) > 3:
        return ("at most three cards are turned face up in the centre to decide wild cards",
                (centre or path, "ranking.wild.select"), {})
    return None
