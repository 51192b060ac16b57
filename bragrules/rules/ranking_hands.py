"""Reading hands of any number of cards with a compiled ranking: the best three (or a four of a
kind) of them, what wild cards stand for, the order the cards are shown in, and the hand in words.

:class:`~bragrules.rules.ranking.HandRanker` builds the tables; this part of it reads them.

>>> from bragrules.profile.models import Ranking
>>> from bragrules.rules.ranking import compile_ranking
>>> compile_ranking(Ranking()).describe("7h 2c 7s Kd")
'pair of sevens, king kicker'
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Callable, Dict, FrozenSet, List, Optional, Sequence, Tuple, Union

from bragrules.core.cards import CARDS, RANK_CHARS, RANK_NAMES, RANK_PLURALS, Card, parse_cards
from bragrules.core.i18n import ENGLISH, language, tr
from bragrules.rules.ranking_patterns import Entry, RankTables, suit_pattern
from bragrules.rules.ranking_spec import Evaluation
from bragrules.rules.ranking_special import points_text
from bragrules.rules.vocabulary import PLAIN, Words
from bragrules.rules.words import CATEGORY_NAMES

if TYPE_CHECKING:
    from bragrules.rules.ranking_spec import RankingSpec

STRIDE = 54
"""Cards per axis of :attr:`HandRanker.table` (52 cards and two jokers)."""

STRIDE2 = STRIDE * STRIDE
"""``2916``, the stride of the first card in :attr:`HandRanker.table`."""

CardsLike = Union[str, Sequence[int]]

_N = 52  # cards that a wild card may stand for
_N2 = _N * _N
_JOKER_DISCARD_RANK = 13  # a discarded joker counts above an ace (four_card_key)

Best = Tuple[int, int, Tuple[int, ...], Tuple[int, ...]]
"""(strength, discard key, the cards played, the cards discarded)."""


def triple_index(a: int, b: int, c: int) -> int:
    """Where the strength of cards ``a, b, c`` (card indices, in any order) is kept in :attr:`HandRanker.table`.

    >>> triple_index(0, 0, 1), triple_index(1, 2, 3)
    (1, 3027)
    """
    return a * STRIDE2 + b * STRIDE + c


class HandReading:
    """The part of :class:`~bragrules.rules.ranking.HandRanker` that reads hands from its tables."""

    spec: "RankingSpec"
    table: List[int]
    wild: FrozenSet[int]
    pack_size: int
    stripped: FrozenSet[int]
    _tables: RankTables
    _category_of: List[str]
    _card_key: List[int]
    _nv: List[int]
    _top_reading: Optional[List[int]]
    _fours: List[int]
    _best_value: Callable[..., Tuple[int, bool]]
    """The value of a hand's best reading and whether it is natural (the ranker's)."""
    wild_strength: Callable[[Sequence[int], FrozenSet[int]], int]
    """The strength of three cards with more cards wild (the ranker's)."""
    words: Words = PLAIN
    """The game's words a hand is told in (``vocabulary``; :meth:`~bragrules.rules.ranking.HandRanker.named`)."""


    def check(self, cards: CardsLike) -> List[int]:
        """The cards of a hand as numbers; ``ValueError`` for fewer than three, a card twice, a card not in the pack."""
        if isinstance(cards, str):
            cards = parse_cards(cards)
        hand = [int(c) for c in cards]
        if len(hand) < 3:
            raise ValueError(tr("a hand needs at least 3 cards, got {count}", count=len(hand)))
        for card in hand:
            if not 0 <= card < self.pack_size or card in self.stripped:
                raise ValueError(f"{CARDS[card] if 0 <= card < 54 else card} is not in this pack")
        if len(set(hand)) != len(hand):
            raise ValueError(f"a card appears twice in {' '.join(str(CARDS[c]) for c in hand)}")
        return hand

    @staticmethod
    def _discard_key(discarded: Sequence[int]) -> int:
        """Higher is a better discard: ranks high to low (a joker above an ace)."""
        key = 0
        for rank in sorted((c >> 2 if c < _N else _JOKER_DISCARD_RANK for c in discarded), reverse=True):
            key = key * 14 + rank
        return key

    def _four(self, hand: Sequence[int]) -> Optional[Best]:
        """The best four of a kind among the cards, when the ranking has the category: four natural
        cards of one rank (a joker is of no rank) played, the rest discarded."""
        if not self._fours or len(hand) < 4:
            return None
        by_rank: Dict[int, List[int]] = {}
        for card in hand:
            if card < _N:
                by_rank.setdefault(card >> 2, []).append(card)
        fours = [(self._fours[rank], tuple(cards)) for rank, cards in by_rank.items() if len(cards) == 4]
        if not fours:
            return None
        strength, played = max(fours)
        rest = tuple(card for card in hand if card not in played)
        return strength, self._discard_key(rest), played, rest

    def _best_three(self, hand: List[int], wild: Optional[FrozenSet[int]] = None) -> Best:
        """(strength, discard key, played, discarded) of the best three cards (``wild``: more wild
        cards), or of a four of a kind where the ranking has one and it is better."""
        best = self._best_of_threes(hand, wild)
        four = self._four(hand)
        return four if four is not None and four[:2] > best[:2] else best

    def _best_of_threes(self, hand: List[int], wild: Optional[FrozenSet[int]] = None) -> Best:
        if wild:
            return self._best_three_wild(hand, wild)
        table = self.table
        if len(hand) == 3:
            a, b, c = hand
            return table[triple_index(a, b, c)], 0, (a, b, c), ()
        best: Optional[Best] = None
        for i, j, k in itertools.combinations(range(len(hand)), 3):
            a, b, c = hand[i], hand[j], hand[k]
            s = table[triple_index(a, b, c)]
            if best is not None and s < best[0]:
                continue
            rest = tuple(x for n, x in enumerate(hand) if n not in (i, j, k))
            key = self._discard_key(rest)
            if best is None or (s, key) > (best[0], best[1]):
                best = (s, key, (a, b, c), rest)
        assert best is not None
        return best

    def _best_three_wild(self, hand: List[int], wild: FrozenSet[int]) -> Best:
        best: Optional[Best] = None
        for i, j, k in itertools.combinations(range(len(hand)), 3):
            trio = (hand[i], hand[j], hand[k])
            rest = tuple(x for n, x in enumerate(hand) if n not in (i, j, k))
            option = (self.wild_strength(trio, wild), self._discard_key(rest), trio, rest)
            if best is None or option[:2] > best[:2]:
                best = option
        assert best is not None
        return best

    def best_strength(self, cards: Sequence[int]) -> int:
        """The strength of the best three of three or more cards (unchecked, fast), or of a four of a
        kind among them where the ranking has the category and it is better.

        >>> from bragrules.profile.models import Ranking
        >>> from bragrules.rules.ranking import compile_ranking
        >>> r = compile_ranking(Ranking())
        >>> r.best_strength(parse_cards("7h 2c 7s Kd")) == r.strength("7h 7s Kd")
        True
        """
        table = self.table
        best = max(table[triple_index(a, b, c)] for a, b, c in itertools.combinations(cards, 3))
        if self._fours and len(cards) > 3:
            four = self._four([int(c) for c in cards])
            if four is not None:
                return max(best, four[0])
        return best

    def four_card_key(self, cards: CardsLike) -> Tuple[int, int]:
        """``(best-three strength, discard tiebreak)``: compare keys as tuples.

        For Four-Card Brag with ``format.discard_breaks_ties``: equal best
        threes are decided by the discarded card, the higher rank winning (a
        discarded joker counts above an ace). When several threes tie for
        best, the player discards the highest card they can spare. With more
        than four cards the discards are compared highest first.

        >>> from bragrules.profile.models import Ranking
        >>> from bragrules.rules.ranking import compile_ranking
        >>> r = compile_ranking(Ranking())
        >>> r.four_card_key("Ah Ad 9c 5s") > r.four_card_key("As Ac 9d 4h")
        True
        >>> r.four_card_key("Ah Ad 9c 5s")[0] == r.four_card_key("As Ac 9d 4h")[0]
        True
        """
        if isinstance(cards, str):
            cards = parse_cards(cards)
        if len(cards) == 4:
            table = self.table
            a, b, c, d = cards
            options = (
                (table[triple_index(b, c, d)], a),
                (table[triple_index(a, c, d)], b),
                (table[triple_index(a, b, d)], c),
                (table[triple_index(a, b, c)], d),
            )
            best = max(s for s, _ in options)
            discard = max(x >> 2 if x < _N else _JOKER_DISCARD_RANK for s, x in options if s == best)
            four = self._four(cards) if self._fours else None
            if four is not None and four[0] > best:
                return four[0], 0
            return best, discard
        strength, key, _, _ = self._best_three([int(c) for c in cards])
        return strength, key

    def _stands_for(self, played: Tuple[int, int, int], more: Optional[FrozenSet[int]] = None) -> Tuple[int, int, int]:
        """The cards a hand counts as: wild cards replaced by what they stand for.

        Among the best readings, one that makes three different cards none
        of which is held is preferred (it reads naturally: 9c 9d 9h rather
        than 9h 9h 9h); a wild card stands for a card held only when
        nothing else is as good.
        """
        a, b, c = played
        wild = self.wild | more if more else self.wild
        if not wild or not (a in wild or b in wild or c in wild):
            return played
        best, natural = self._best_value(a, b, c, wild)
        if natural:
            return played
        wild_pos = [n for n, x in enumerate(played) if x in wild]
        naturals = [x for x in played if x not in wild]
        if len(naturals) == 2:
            subs = self._reading(naturals[0] * _N2 + naturals[1] * _N, 1, best, naturals)
        elif len(naturals) == 1:
            subs = self._reading(naturals[0] * _N2, 2, best, naturals)
        else:
            if self._top_reading is None:
                self._top_reading = self._reading(0, 3, best, [])
            subs = self._top_reading
        out = list(played)
        for n, sub in zip(wild_pos, subs):
            out[n] = sub
        return out[0], out[1], out[2]

    def _reading(self, start: int, wilds: int, best: int, held: List[int]) -> List[int]:
        """What ``wilds`` wild cards stand for to reach ``best``, beside the ``held`` cards."""
        span = _N ** wilds
        window = self._nv[start:start + span]
        fallback: Optional[List[int]] = None
        for i, value in enumerate(window):
            if value != best:
                continue
            subs = [i // _N ** (wilds - 1 - k) % _N for k in range(wilds)]
            if len(set(subs)) == wilds and not set(subs) & set(held):
                return subs
            if fallback is None:
                fallback = subs
        assert fallback is not None
        return fallback

    def _entry(self, cards: Sequence[int]) -> Optional[Entry]:
        """The entry of the ranking's list three concrete cards fall in (None for points)."""
        a, b, c = cards
        return self._tables.entry((a >> 2, b >> 2, c >> 2), suit_pattern(a, b, c))

    def in_order(self, cards: CardsLike) -> List[Card]:
        """Cards as the game orders them, the highest first: by rank (ace high), then by the ranking's
        suit order (``ranking.suit_order``), so a hand of thirteen reads as a player would sort it.

        >>> from bragrules.profile.models import Ranking
        >>> from bragrules.rules.ranking import compile_ranking
        >>> " ".join(str(c) for c in compile_ranking(Ranking()).in_order("4h Ks 2c As 4s Td"))
        'As Ks Td 4s 4h 2c'
        """
        key = self._card_key
        held = [int(c) for c in (parse_cards(cards) if isinstance(cards, str) else cards)]
        return [CARDS[c] for c in sorted(held, key=lambda c: key[c], reverse=True)]

    def _display_order(self, cards: Tuple[int, int, int]) -> List[int]:
        """Positions of three concrete cards in display order: a pair before the odd card, a run
        with its ace read low as written (A-2-3), the rest from the highest. The six standard
        categories show their hands so whatever their entry (a hand placed at the top of one too)."""
        ranks = [c >> 2 for c in cards]
        entry = self._entry(cards)
        ck = self._card_key
        if entry is not None:
            if entry.by == "pair" or entry.name == "pair":
                pair_rank = sorted(ranks)[1]
                return sorted(range(3), key=lambda n: (ranks[n] == pair_rank, ck[cards[n]]), reverse=True)
            reading = entry.reading(ranks)
            low_ace = reading is not None and reading[0] < 0
            if low_ace or (entry.name in ("run", "running_flush") and sorted(ranks) == [0, 1, 12]):
                return sorted(range(3), key=lambda n: (ranks[n] + 1) % 13)  # an ace read low leads: A-2-3, A-3-5
        return sorted(range(3), key=lambda n: ck[cards[n]], reverse=True)

    def evaluate(self, cards: CardsLike, wild: Optional[FrozenSet[int]] = None) -> Evaluation:
        """Value three or more cards: the best three play, the rest are discarded.

        Among threes of equal strength the one keeping back the highest
        discard plays (see :meth:`four_card_key`).

        >>> from bragrules.profile.models import Ranking
        >>> from bragrules.rules.ranking import compile_ranking
        >>> r = compile_ranking(Ranking())
        >>> ev = r.evaluate("3h Ac 2d")
        >>> ev.category, ev.played, ev.natural
        ('run', (Ac, 2d, 3h), True)
        >>> r.evaluate("Qs 4c Ks Js 9h").played
        (Ks, Qs, Js)

        ``wild``: cards wild in this hand besides the ranking's own (a ranker compiled with ``open_wild``).
        """
        hand = self.check(cards)
        more = wild or None
        strength, _, played, discarded = self._best_three(hand, more)
        if len(played) == 4:  # four of a kind: natural cards, shown as they are
            return Evaluation(strength, self._category_of[strength], tuple(CARDS[c] for c in played),
                              tuple(CARDS[c] for c in discarded), True, tuple(CARDS[c] for c in played))
        a, b, c = played
        concrete = self._stands_for((a, b, c), more)
        order = self._display_order(concrete)
        if not self.wild and not more:
            natural = True
        else:
            natural = self._best_value(a, b, c, self.wild | more if more else None)[1]
        return Evaluation(
            strength=strength,
            category=self._category_of[strength],
            played=tuple(CARDS[played[n]] for n in order),
            discarded=tuple(CARDS[c] for c in discarded),
            natural=natural,
            stands_for=tuple(CARDS[concrete[n]] for n in order),
        )

    def describe(self, cards_or_evaluation: Union[CardsLike, Evaluation], wild: Optional[FrozenSet[int]] = None) -> str:
        """The hand in plain English.

        >>> from bragrules.profile.models import Ranking
        >>> from bragrules.rules.ranking import compile_ranking
        >>> r = compile_ranking(Ranking())
        >>> [r.describe(h) for h in ("2c 3d Ah", "7c 7d Ks", "3c 3d 3h", "Kc 9c 4c", "Qh Jh Th", "Ah Kd 9c")]
        ['run, A-2-3', 'pair of sevens, king kicker', 'prial of threes', 'flush, K-9-4', 'running flush, Q-J-10', 'high card, A-K-9']
        """
        if isinstance(cards_or_evaluation, Evaluation):
            ev = cards_or_evaluation
        else:
            ev = self.evaluate(cards_or_evaluation, wild)
        shown = ev.stands_for or ev.played
        ranks = [c.rank for c in shown]
        spelled = "-".join("10" if r == 8 else RANK_CHARS[r] for r in ranks)
        cat = ev.category
        words = self.words.hand(cat)
        if cat == "points":
            text = points_text([int(c) for c in shown], self.spec.points)
        elif len(shown) == 4:  # four of a kind
            text = f"{words}, {RANK_PLURALS[ranks[0]] if language() == ENGLISH else _rank_symbol(ranks[0])}"
        elif language() != ENGLISH and (cat == "prial" or cat == "pair" or (
                cat not in CATEGORY_NAMES and (ranks[0] == ranks[1] == ranks[2] or self._compared_as_pair(shown)))):
            text = _told_by_symbols(words, cat, shown, ranks, self._compared_as_pair(shown))
        elif cat == "prial" or (cat not in CATEGORY_NAMES and ranks[0] == ranks[1] == ranks[2]):
            text = f"{words} of {RANK_PLURALS[ranks[0]]}"
        elif cat == "pair" or (cat not in CATEGORY_NAMES and self._compared_as_pair(shown)):
            text = f"{words} of {RANK_PLURALS[ranks[0]]}, {RANK_NAMES[ranks[2]]} kicker"
        else:
            text = f"{words}, {spelled}"
        swaps = [tr("{card} as {shown}", card=p, shown=s) for p, s in zip(ev.played, shown) if p != s]
        if swaps:
            text += f" ({', '.join(swaps)})"
        return text

    def _compared_as_pair(self, cards: "Sequence[Card]") -> bool:
        """Whether three concrete cards fall in a category compared by the pair, then the odd card."""
        entry = self._entry([int(c) for c in cards])
        return entry is not None and entry.by == "pair"


def _rank_symbol(rank: int) -> str:
    """A rank as a card shows it: ``10``, ``Q``."""
    return "10" if rank == 8 else RANK_CHARS[rank]


def _told_by_symbols(words: str, category: str, shown: "Sequence[Card]", ranks: "Sequence[int]", as_pair: bool) -> str:
    """A prial or a pair told in a language other than English, its ranks by their symbols (``对子（一对Q，单张5）``):
    English names the ranks in words (``pair of queens, five kicker``), which no catalogue translates."""
    symbol = ["10" if r == 8 else RANK_CHARS[r] for r in ranks]
    if category == "pair" or (category != "prial" and as_pair and not ranks[0] == ranks[1] == ranks[2]):
        return tr("{hand} of rank {rank}, {kicker} kicker", hand=words, rank=symbol[0], kicker=symbol[2])
    return tr("{hand} of rank {rank}", hand=words, rank=symbol[0])
