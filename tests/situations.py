"""Rare deals, dealt by hand, for the rules random deals seldom reach (``tests/play_changes.py``).

Each situation names the rules it is for; any rule random play has not shown to change play is
tried on every situation its format can deal (three cards each for most, four, five, seven, nine
or thirteen for the formats that deal them). Where who calls decides (a tie goes against the
caller, say), a situation is dealt both ways round.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Tuple

from .play_changes import Rare, Situation, Standing


def both_ways(situation: Situation) -> Tuple[Situation, Situation]:
    """The situation, and the same with the first two players' cards exchanged."""
    (a, first), (b, second), *rest = situation.hands
    return situation, replace(situation, name=situation.name + ", the other way round",
                              hands=((a, second), (b, first), *rest))


THREE_CARDS: Tuple[Situation, ...] = (
    Situation("three prials", (("A", "2c 2d 2h"), ("B", "Ac Ad Ah"), ("C", "3c 3d 3h")),
              why="ranking.prial_order, ranking.category_order, the bonuses for a prial (session.bonus)"),
    Situation("running flushes against a prial", (("A", "Qh Kh Ah"), ("B", "5c 5d 5s"), ("C", "As 2s 3s")),
              why="ranking.category_order (prial or running flush first), ranking.run_order, session.bonus.running_flush"),
    Situation("runs at both ends", (("A", "Ac 2d 3h"), ("B", "Qd Kc As"), ("C", "2s 3c 4d")),
              why="ranking.run_order"),
    Situation("a flush against a run", (("A", "2h 7h 9h"), ("B", "4c 5d 6s"), ("C", "Kc Kd 2s")),
              why="ranking.category_order (flush or run first)"),
    *both_ways(Situation("equal high cards", (("A", "Qc 9c 5d"), ("B", "Qh 9h 5s"), ("C", "2d 6c 8h")),
                         folds=("C",), why="seeing.tie, ranking.suits_break_ties, ranking.suit_order")),
    Situation("a suit against a kicker", (("A", "Qs Qc 3d"), ("B", "Qh Qd 5s"), ("C", "2d 6c 8h")), folds=("C",),
              why="ranking.suits_before_kickers"),
    Situation("equal pairs", (("A", "Tc Td 5c"), ("B", "Th Ts 5d"), ("C", "2d 6c 8h")), folds=("C",),
              why="seeing.tie, ranking.suits_break_ties"),
    Situation("two-three-five", (("A", "2c 3d 5h"), ("B", "Qc Qd Qh"), ("C", "2s 3s 5s")),
              why="ranking.special_hands"),
    Situation("two-three-five against a prial", (("A", "2c 3d 5h"), ("B", "Qc Qd Qh"), ("C", "2s 6s 9d")),
              folds=("C",), why="ranking.special_hands"),
    Situation("a hand equal to the banker's", (("A", "Qh 9h 5s"), ("B", "2d 6c 8h"), ("C", "Qc 9c 5d")),
              why="procedure.bank.ties, ranking.suits_break_ties (the dealer, last in the order, banks)"),
    Situation("two-three-five against the banker's prial", (("A", "2c 3d 5h"), ("B", "9c 7d 4h"), ("C", "Qc Qd Qh")),
              why="ranking.special_hands in a banking game (procedure.bank: the dealer, last in the order, banks)"),
    Situation("a suited two-three-five against a running flush", (("A", "2s 3s 5s"), ("B", "4h 5h 6h"), ("C", "9c 9d Kc")),
              folds=("C",), why="ranking.special_hands where a flush and a running flush are low hands (lowball)"),
    *both_ways(Situation("wild aces and kings against a natural prial",
                         (("A", "Ac Kc 8h"), ("B", "8c 8d 8s"), ("C", "2d 5c 9h")), folds=("C",),
                         why="ranking.wild.natural_beats_wild and the wild ranks (ak47)")),
    *both_ways(Situation("the wild knave and nine against a natural prial",
                         (("A", "Jc 9d 8h"), ("B", "8c 8d 8s"), ("C", "2d 5c 7h")), folds=("C",),
                         why="ranking.wild.natural_beats_wild, ranking.wild.cards (hoyle, single-stake, three-stake)")),
    *both_ways(Situation("a wild knave ranked", (("A", "3c 3d Jc"), ("B", "3h 3s 9d"), ("C", "2d 6c 8h")),
                         folds=("C",), why="ranking.wild.cards_ranked")),
    *both_ways(Situation("jokers making equal prials", (("A", "Qc Qd Jk"), ("B", "Qh Qs Jk"), ("C", "2d 7h Jk")),
                         folds=("C",), why="a joker each (ranking.wild.joker_each): ties, suits, the side-show's tie")),
    Situation("jokers making prials", (("A", "Qc Qd Jk"), ("B", "2c 2d Jk"), ("C", "5h 9s Jk")), folds=("C",),
              why="ranking.prial_order with a joker each"),
    Situation("a joker's running flush against a joker's prial", (("A", "Kh Qh Jk"), ("B", "5c 5d Jk"), ("C", "2s 7d Jk")),
              folds=("C",), why="ranking.category_order with a joker each"),
    Situation("a joker with a pair and with a high card", (("A", "9c 5d Jk"), ("B", "9h 9s Jk"), ("C", "2d 7h Jk")),
              folds=("C",), why="ranking.wild.natural_beats_wild with a joker each"),
    Situation("two unseen hands", (("A", "5h 8d 2c"), ("B", "7s 7d 3h"), ("C", "Qh Jd 6c")),
              retained=(("A", "Kc 9c 4c"),), why="blind.retain_of_two, blind.retain_default, blind.retention"),
    Situation("a blind survivor with two unseen hands", (("A", "5h 8d 2c"), ("B", "7s 7d 3h"), ("C", "Qh Jd 6c")),
              retained=(("A", "Kc 9c 4c"),), folds=("B", "C"), why="blind.retain_of_two, blind.retain_default"),
    Situation("an exposure before the betting", (("A", "5h 8d 2c"), ("B", "7s 7d 3h"), ("C", "Qh Jd 6c")),
              script=("B exposes A", "A redeal"),
              why="disputes.exposure_before_betting: the exposed player may ask for a redeal, or play on"),
    Situation("equal lowest hands", (("A", "2c 4d 6h"), ("B", "2d 4h 6s"), ("C", "Kc Kd Ks")), centre="3c 5c 7d",
              why="format.lowest_tie (Crash, and Stop the Bus for lives)"),
    Situation("the ace of diamonds turned up", (("A", "5c 8h Ac"), ("B", "6d 9s Ad"), ("C", "7h 2s Kd")),
              why="pots.best_card_top (the last card dealt is the one turned up)"),
    Situation("three of a kind at thirty-one", (("A", "5c 5d 5h"), ("B", "Kc Qc 9c"), ("C", "2d 7s 4h")),
              centre="3s 8d Jh", why="ranking.points.three_of_a_kind"),
    *both_ways(Situation("equal hands with a trump suit turned", (("A", "Ks Qd 9c"), ("B", "Kh Qc 9d"), ("C", "3d 6c 8s")),
                         folds=("C",), centre="2h 3c",
                         why="procedure.trump_card (hearts trumps: B's king outranks A's), procedure.bust_card "
                             "(the first card turned, a two, busts nobody; with a trump as well the three busts C)")),
    Situation("a folder's cards replacing the jokers", (("A", "Ah Ad 3s"), ("B", "Kc Kd 9h"), ("C", "9c 5d 2s")),
              folds=("C",), centre="3c 6d 7h",
              why="ranking.wild.select's on_fold (Pack Jack: the turned three makes A's aces a prial; C's fold "
                  "puts nines, fives and twos in its place, and B's kings are the prial)"),
)
"""Three cards each: the standard deal."""

FOUR_CARDS: Tuple[Situation, ...] = (
    Situation("four cards, three prials", (("A", "2c 2d 2h 7s"), ("B", "Ac Ad Ah 9s"), ("C", "3c 3d 3h Ts")),
              why="ranking.prial_order, ranking.category_order, the prial bonus, with the best three of four"),
    Situation("four cards, running flushes against a prial",
              (("A", "Qh Kh Ah 2c"), ("B", "5c 5d 5s 8h"), ("C", "As 2s 3s 7d")),
              why="ranking.category_order, ranking.run_order, the running flush bonus"),
    Situation("four cards, runs at both ends", (("A", "Ac 2d 3h 9s"), ("B", "Qd Kc As 8h"), ("C", "2s 3c 4d Jh")),
              why="ranking.run_order"),
    *both_ways(Situation("four cards, a tie broken by the discard",
                         (("A", "Kc 9c 4d 3h"), ("B", "Kh 9h 4s 2d"), ("C", "Qd 8s 6c 5c")), folds=("C",),
                         why="format.discard_breaks_ties, seeing.tie, ranking.suits_break_ties")),
    Situation("four cards, a suited two-three-five against a running flush",
              (("A", "2s 3s 5s 2d"), ("B", "4h 5h 6h 9c"), ("C", "4c 8d Tc Jd")), folds=("C",),
              why="ranking.special_hands (the suited two-three-five is the best three of these four)"),
    Situation("four cards, two-three-five against a prial",
              (("A", "2c 3d 5h 9s"), ("B", "Qc Qd Qh 7s"), ("C", "2s 6s 9d Jh")), folds=("C",),
              why="ranking.special_hands"),
)
"""Four cards each (Four-Card Brag): the best three count."""

FIVE_CARDS: Tuple[Situation, ...] = (
    Situation("five cards, three prials", (("A", "2c 2d 2h 7s 9d"), ("B", "Ac Ad Ah 8s Tc"), ("C", "3c 3d 3h Ts Jd")),
              why="ranking.prial_order with five cards"),
    *both_ways(Situation("five cards, equal hands", (("A", "Qc 9c 5d 2h 7s"), ("B", "Qh 9h 5s 2d 7c"),
                                                       ("C", "3c 6d 8h Jd Ks")),
                         folds=("C",), why="seeing.tie, ranking.suits_break_ties")),
    Situation("five cards, a suit against a kicker", (("A", "Qs Qc 3d 7h 9c"), ("B", "Qh Qd Ts 2d 6c"),
                                                      ("C", "9s Td Jh 5h 8d")), centre="Ac", folds=("C",),
              why="ranking.suits_before_kickers with five cards (add-up-joker: an ace turned, no card adding up)"),
    *both_ways(Situation("five cards, a tie broken by the discards",
                         (("A", "Qc 9c 7d 5h 3s"), ("B", "Qh 9h 7s 4d 2c"), ("C", "Kc Jd 8s 6h Td")), folds=("C",),
                         why="format.discard_breaks_ties with five cards")),
    *both_ways(Situation("five cards, a natural pair against a made one",
                         (("A", "Kc Kd 9h 2c 6s"), ("B", "Ks 9d 4c 5h 2d"), ("C", "Ac Qd Th 7s 3c")), folds=("C",),
                         why="ranking.wild.natural_beats_wild with Kissing-Missing's joker (B's 2-4 a miss, as a king)")),
    Situation("five cards, a natural pair against a made one, each discarding",
              (("A", "Kc Kd 9h 2c 5s"), ("B", "Ks 9d 4c 6h 2d"), ("C", "Ac Qd Th 7s 3c")),
              script=("A look", "A discard 5s", "A bet 1", "B look", "B discard 2d", "B bet 1", "C fold"),
              why="ranking.wild.natural_beats_wild where a player who looks discards first (B's 4-6 a miss)"),
    Situation("five cards, a made pair against a natural one, each discarding",
              (("A", "Ks 9d 4c 6h 2d"), ("B", "Kc Kd 9h 2c 5s"), ("C", "Ac Qd Th 7s 3c")),
              script=("A look", "A discard 2d", "A bet 1", "B look", "B discard 5s", "B bet 1", "C fold"),
              why="ranking.wild.natural_beats_wild where a player who looks discards first"),
    Situation("five cards, two-three-five against a prial",
              (("A", "2c 3d 5h 9s Jc"), ("B", "Qc Qd Qh 7s 4c"), ("C", "2s 6s 9d Jh Kd")), folds=("C",),
              why="ranking.special_hands"),
)
"""Five cards each (Kissing and Missing)."""

SEVEN_CARDS: Tuple[Situation, ...] = (
    Situation("seven cards, prials", (("A", "2c 2d 2h 4c 4d 4h 9s"), ("B", "Ac Ad Ah Kc Kd Kh 8s"),
                                      ("C", "3c 3d 3h 5c 5d 5h Ts")),
              why="ranking.prial_order, ranking.category_order in two hands"),
    Situation("seven cards, running flushes and runs",
              (("A", "Qh Kh Ah Ac 2d 3h 9s"), ("B", "5c 5d 5s Qd Kc Ad 8h"), ("C", "As 2s 3s 2c 3c 4d Jh")),
              why="ranking.category_order, ranking.run_order, the running flush bonus"),
    *both_ways(Situation("seven cards, equal hands", (("A", "Qc 9c 5d Jc 8c 4d 2s"), ("B", "Qh 9h 5s Jh 8h 4s 2d"),
                                                        ("C", "3c 6d 7h Td Ks Kd Ah")),
                         folds=("C",), why="format.tied_hand, format.win_rule")),
    *both_ways(Situation("seven cards, one hand tied and one won",
                         (("A", "Qc Qd 9c 5s 5d 3h 2s"), ("B", "Qh Qs 9h 5c 5h 4d 2d"), ("C", "Ac Kd 7h 8s Tc Jh 6d")),
                         folds=("C",), why="format.win_rule (all or most of two hands), format.tied_hand")),
    Situation("seven cards, four aces", (("A", "Ac Ad Ah As Kc Kd Kh"), ("B", "Qc Qd Qh Jc Jd Jh 2s"),
                                         ("C", "3c 6d 7h Td Ks 9d 5h")),
              script=("A look", "A arrange Ac Ad Ah As | Kc Kd Kh"), why="format.fours"),
    Situation("seven cards, two-three-five", (("A", "2c 3d 5h 9s Jc 8d 6h"), ("B", "Qc Qd Qh 7s 4c Ks Kd"),
                                              ("C", "2s 6s 9d Jh Tc 3h 4d")),
              folds=("C",), why="ranking.special_hands"),
)
"""Seven cards each (two hands)."""

NINE_CARDS: Tuple[Situation, ...] = (
    Situation("nine cards", (("A", "Ac Ad Ah Kc Kd Kh Qc Qd Qh"), ("B", "2c 3c 4c 5d 6d 7d 8h 9h Th"),
                             ("C", "2s 5s 9s Js 3h 6c 8d Tc Jd")),
              why="format.hand_order, format.win_rule, format.tied_hand"),
    *both_ways(Situation("nine cards, equal hands",
                         (("A", "Qc 9c 5d Jc 8c 4d 7c 6d 2s"), ("B", "Qh 9h 5s Jh 8h 4s 7h 6s 2d"),
                          ("C", "3c 3d 3h Tc Td Ts Ac Ad Ks")),
                         folds=("C",), why="format.tied_hand, format.win_rule")),
    *both_ways(Situation("nine cards, two players, equal hands",
                         (("A", "Qc 9c 5d Jc 8c 4d 7c 6d 2s"), ("B", "Qh 9h 5s Jh 8h 4s 7h 6s 2d")),
                         why="format.tied_hand without betting (a pot for each hand)")),
    Situation("nine cards, four aces", (("A", "Ac Ad Ah As Kc Kd Kh 2c 3d"), ("B", "Qc Qd Qh Jc Jd Jh 9s 9h 9c"),
                                        ("C", "3c 6d 7h Td Ks 8d 5h 4s 6s")),
              script=("A look", "A arrange Ac Ad Ah As | Kc Kd Kh"), why="format.fours"),
    Situation("nine cards, four aces, everyone seen", (("A", "Ac Ad Ah As Kc Kd Kh 2c 3d"),
                                                       ("B", "Qc Qd Qh Jc Jd Jh 9s 9h 9c"),
                                                       ("C", "3c 6d 7h Td Ks 8d 5h 4s 6s")),
              script=("A arrange Ac Ad Ah As | Kc Kd Kh",), why="format.fours where nobody plays blind"),
    Situation("nine cards, two-three-five", (("A", "2c 3d 5h 9s Jc 8d 6h Tc Ts"), ("B", "Qc Qd Qh 7s 4c Ks Kd 7d 7h"),
                                             ("C", "2s 6s 9d Jh 3h 4d 8c 8s Ah")),
              why="ranking.special_hands"),
)
"""Nine cards each (three hands)."""

THIRTEEN_CARDS: Tuple[Situation, ...] = (
    Situation("thirteen cards with fours and prials",
              (("A", "Ac Ad Ah As Kc Kd Kh 2c 3d 5h 7s 9c Jd"),
               ("B", "Qc Qd Qh Qs Jc Jh Js Tc Td Th Ts 9d 9h"),
               ("C", "2d 3c 4h 6s 7d 8c 5d 6h 7c 9s 2h 3s 4c")),
              script=("A arrange Ac Ad Ah As | Kc Kd Kh | Jd 9c 7s | 5h 3d 2c",),
              why="format.fours: four aces laid as one hand; format.wrong_order, session.points"),
    Situation("thirteen cards, the weakest hand first",
              (("A", "Ac Ad Ah As Kc Kd Kh 2c 3d 5h 7s 9c Jd"),
               ("B", "Qc Qd Qh Qs Jc Jh Js Tc Td Th Ts 9d 9h"),
               ("C", "2d 3c 4h 6s 7d 8c 5d 6h 7c 9s 2h 3s 4c")),
              script=("A arrange 5h 3d 2c | Jd 9c 7s | Kc Kd Kh | Ac Ad Ah",),
              why="format.hand_order, format.wrong_order"),
    Situation("thirteen cards, the last hands below a pair",
              (("A", "Ac Ad Ah Kc Kd Kh Qc Qd Qh Js 9d 5h 2s"), ("B", "As Ks Qs Jc Tc 9c 8h 7h 6h 5c 3d 2h 4s")),
              script=("A arrange Ac Ad Ah | Kc Kd Kh | Qc Qd Qh | Js 9d 5h",
                      "B arrange As Ks Qs | Jc Tc 9c | 8h 7h 6h | 5c 3d 2h"),
              why="format.minimum_hand: a place where no hand reaches a pair"),
    Situation("thirteen cards, equal hands",
              (("A", "Qc 9c 5d Jc 8c 4d 7c 6d 2s Ac Kd 3d Tc"), ("B", "Qh 9h 5s Jh 8h 4s 7h 6s 2d Ah Ks 3s Th")),
              why="format.tied_hand, format.win_rule"),
    Situation("thirteen cards, two-three-five",
              (("A", "2c 3d 5h 9s Jc 8d 6h Tc Ts 4h Kc Ah 7d"), ("B", "Qc Qd Qh 7s 4c Ks Kd 7h 2s 2h 9c 9h Jd")),
              why="ranking.special_hands"),
)
"""Thirteen cards each (four hands)."""

SESSIONS: Tuple[Standing, ...] = (
    Standing("tied at the target", players=2, scores=(("A", 21), ("B", 21)), why="session.points.at_target"),
    Standing("one point short of the target", scores=(("A", 20), ("B", 19), ("C", 20)),
             why="session.points.at_target, session.points.target"),
    Standing("an exposure before the betting, any deal", script=("B exposes A", "A redeal"),
             why="disputes.exposure_before_betting in a format no situation deals"),
    *(Standing(f"{first} calls banco in the first deal", script=(f"{first} bet 20",), deals=3,
               why="procedure.bank.broken, procedure.bank.carry: a bank of 20 taken whole, or doubled")
      for first in "ABC"),
)
"""Sessions dealt from the seed, from given points or with a deal opened by hand."""

SITUATIONS: Tuple[Rare, ...] = (*THREE_CARDS, *FOUR_CARDS, *FIVE_CARDS, *SEVEN_CARDS, *NINE_CARDS, *THIRTEEN_CARDS,
                                *SESSIONS)
"""Every situation, each with the rules it is for."""
