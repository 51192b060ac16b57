"""Rare deals, dealt by hand, for the rules random deals seldom reach (``tests/play_changes.py``).

Each situation names the rules it is for; any rule random play has not shown to change play is
tried on every situation its format can deal.
"""

from __future__ import annotations

from typing import Tuple

from .play_changes import Rare, Situation, Standing

SITUATIONS: Tuple[Rare, ...] = (
    Situation("three prials", (("A", "2c 2d 2h"), ("B", "Ac Ad Ah"), ("C", "3c 3d 3h")),
              why="ranking.prial_order, ranking.category_order, the bonuses for a prial (session.bonus)"),
    Situation("running flushes against a prial", (("A", "Qh Kh Ah"), ("B", "5c 5d 5s"), ("C", "As 2s 3s")),
              why="ranking.category_order (prial or running flush first), ranking.run_order, session.bonus.running_flush"),
    Situation("runs at both ends", (("A", "Ac 2d 3h"), ("B", "Qd Kc As"), ("C", "2s 3c 4d")),
              why="ranking.run_order"),
    Situation("a flush against a run", (("A", "2h 7h 9h"), ("B", "4c 5d 6s"), ("C", "Kc Kd 2s")),
              why="ranking.category_order (flush or run first)"),
    Situation("equal high cards", (("A", "Qc 9c 5d"), ("B", "Qh 9h 5s"), ("C", "2d 6c 8h")), folds=("C",),
              why="seeing.tie, ranking.suits_break_ties, ranking.suit_order"),
    Situation("equal high cards, the higher suit first", (("A", "Qh 9h 5s"), ("B", "Qc 9c 5d"), ("C", "2d 6c 8h")),
              folds=("C",), why="ranking.suits_break_ties against seeing.tie's caller_loses, whoever sees"),
    Situation("a suit against a kicker", (("A", "Qs Qc 3d"), ("B", "Qh Qd 5s"), ("C", "2d 6c 8h")), folds=("C",),
              why="ranking.suits_before_kickers"),
    Situation("equal pairs", (("A", "Tc Td 5c"), ("B", "Th Ts 5d"), ("C", "2d 6c 8h")), folds=("C",),
              why="seeing.tie, ranking.suits_break_ties"),
    Situation("two-three-five", (("A", "2c 3d 5h"), ("B", "Qc Qd Qh"), ("C", "2s 3s 5s")),
              why="ranking.special_hands"),
    Situation("two-three-five against a prial", (("A", "2c 3d 5h"), ("B", "Qc Qd Qh"), ("C", "2s 6s 9d")), folds=("C",),
              why="ranking.special_hands"),
    Situation("wild aces and kings against a natural prial", (("A", "Ac Kc 8h"), ("B", "8c 8d 8s"), ("C", "2d 5c 9h")),
              folds=("C",),
              why="ranking.wild.natural_beats_wild and the wild ranks (ak47)"),
    Situation("the wild knave and nine against a natural prial", (("A", "Jc 9d 8h"), ("B", "8c 8d 8s"), ("C", "2d 5c 7h")),
              folds=("C",),
              why="ranking.wild.natural_beats_wild, ranking.wild.cards (hoyle)"),
    Situation("a wild knave ranked", (("A", "3c 3d Jc"), ("B", "3h 3s 9d"), ("C", "2d 6c 8h")), folds=("C",),
              why="ranking.wild.cards_ranked"),
    Situation("two unseen hands", (("A", "5h 8d 2c"), ("B", "7s 7d 3h"), ("C", "Qh Jd 6c")),
              retained=(("A", "Kc 9c 4c"),), why="blind.retain_of_two, blind.retain_default, blind.retention"),
    Situation("a blind survivor with two unseen hands", (("A", "5h 8d 2c"), ("B", "7s 7d 3h"), ("C", "Qh Jd 6c")),
              retained=(("A", "Kc 9c 4c"),), folds=("B", "C"), why="blind.retain_of_two, blind.retain_default"),
    Situation("an exposure before the betting", (("A", "5h 8d 2c"), ("B", "7s 7d 3h"), ("C", "Qh Jd 6c")),
              script=("B exposes A", "A redeal"),
              why="disputes.exposure_before_betting: the exposed player may ask for a redeal, or play on"),
    Situation("four cards, a tie broken by the discard",
              (("A", "Kc 9c 4d 3h"), ("B", "Kh 9h 4s 2d"), ("C", "Qd 8s 6c 5c")), folds=("C",),
              why="format.discard_breaks_ties"),
    Situation("thirteen cards with fours and prials",
              (("A", "Ac Ad Ah As Kc Kd Kh 2c 3d 5h 7s 9c Jd"),
               ("B", "Qc Qd Qh Qs Jc Jh Js Tc Td Th Ts 9d 9h"),
               ("C", "2d 3c 4h 6s 7d 8c 5d 6h 7c 9s 2h 3s 4c")),
              script=("A arrange Ac Ad Ah As | Kc Kd Kh | Jd 9c 7s | 5h 3d 2c",),
              why="format.fours: four aces laid as one hand; format.wrong_order, session.points"),
    Situation("thirteen cards, the last hands below a pair",
              (("A", "Ac Ad Ah Kc Kd Kh Qc Qd Qh Js 9d 5h 2s"), ("B", "As Ks Qs Jc Tc 9c 8h 7h 6h 5c 3d 2h 4s")),
              script=("A arrange Ac Ad Ah | Kc Kd Kh | Qc Qd Qh | Js 9d 5h", "B arrange As Ks Qs | Jc Tc 9c | 8h 7h 6h | 5c 3d 2h"),
              why="format.minimum_hand: a place where no hand reaches a pair"),
    Situation("nine cards", (("A", "Ac Ad Ah Kc Kd Kh Qc Qd Qh"), ("B", "2c 3c 4c 5d 6d 7d 8h 9h Th"),
                             ("C", "2s 5s 9s Js 3h 6c 8d Tc Jd")),
              why="format.hand_order, format.win_rule, format.tied_hand"),
    Situation("equal lowest hands", (("A", "2c 4d 6h"), ("B", "2d 4h 6s"), ("C", "Kc Kd Ks")), centre="3c 5c 7d",
              why="format.lowest_tie (Crash, and Stop the Bus for lives)"),
    Situation("the ace of diamonds turned up", (("A", "5c 8h Ac"), ("B", "6d 9s Ad"), ("C", "7h 2s Kd")),
              why="pots.best_card_top (the last card dealt is the one turned up)"),
    Situation("three of a kind at thirty-one", (("A", "5c 5d 5h"), ("B", "Kc Qc 9c"), ("C", "2d 7s 4h")),
              centre="3s 8d Jh", why="ranking.points.three_of_a_kind"),
    Standing("tied at the target", (("A", 21), ("B", 21)), why="session.points.at_target"),
    Standing("one point short of the target", (("A", 20), ("B", 19), ("C", 20)), why="session.points.at_target, session.points.target"),
)
"""The situations, each with the rules it is for."""
