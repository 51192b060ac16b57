"""The cards dealt, checked against where they came from: the seed a log was dealt by, or the pack
as the deals before left it (an unshuffled pack is followed between deals), and against the hands
retained from the deal before."""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from bragrules.core.cards import Card
from bragrules.core.errors import HistoryError
from bragrules.core.i18n import Message
from bragrules.engine.deal import Deal, Hand
from bragrules.engine.spare import centre_count
from bragrules.engine.wild_cards import back_to_pack, cards_from_pack
from bragrules.history import DealEntry
from bragrules.history.packorder import deal_sequence
from bragrules.history.seeded import SeededPack, differs
from bragrules.rules.fixed import HISTORY_DEAL, HISTORY_SEED
from bragrules.rules.format import CARDS_DEALT_RULE
from bragrules.rules.pack import SHUFFLE_RULE

from .base import AuditorBase


class CardsAuditor(AuditorBase):
    """The auditor's checks of the cards of each deal."""

    def _follow_seed_from_start(self, dealer: str) -> None:
        """A log of ``play`` or ``serve`` (its header records the seats) with a seed, not a kept table's,
        is dealt by its seed: the cards of every deal are the seed's."""
        history = self.history
        seed = history.seed
        if history.kind != "log" or not isinstance(seed, int) or isinstance(seed, bool) \
                or history.extra.get("keep") is True or "seats" not in history.extra:
            return
        # the session drew its first dealer from the seed (play), or was given one (and drew nothing):
        # the first deal's cards tell which
        drawing = SeededPack(self.rules, self.players, seed) if self.rules.table.first_dealer_random else None
        given = SeededPack(self.rules, self.players, seed, draws_dealer=False)
        if drawing is not None and drawing.first_dealer() == dealer:
            self.seeded, self.seeded_other = drawing, given
        else:
            self.seeded, self.seeded_other = given, None
        self.seed_draws_dealer = self.seeded.draws_dealer

    def _deal_from_seed(self, entry: DealEntry, order: Sequence[str], hands: Dict[str, Optional[Tuple[Card, ...]]],
                        due: bool) -> None:
        """The seed's cards for this deal: the logged ones must be them; a hand not written is theirs."""
        seeded = self.seeded
        assert seeded is not None
        if entry.shuffled is None:  # not a session's log: what the seed dealt is not known
            self.seeded = None
            return
        kept = {p: h for p, h in self.retained.items() if h is not None}

        def unlike(cards: Dict[str, Tuple[Card, ...]], centre: Tuple[Card, ...]) -> Optional[str]:
            wrong = differs(cards, hands)
            if wrong:
                return wrong[0]
            return "" if entry.centre is not None and tuple(entry.centre) != centre else None

        try:
            dealt, centre = seeded.deal(order, due, kept)
            wrong = unlike(dealt, centre)
            other, self.seeded_other = self.seeded_other, None
            if wrong is not None and other is not None:
                dealt_other, centre_other = other.deal(order, due, kept)
                if unlike(dealt_other, centre_other) is None:  # the first dealer was given, not drawn
                    seeded, dealt, centre, wrong = other, dealt_other, centre_other, None
                    self.seeded, self.seed_draws_dealer = other, other.draws_dealer
        except ValueError:  # the pack runs out: the cards are reported otherwise
            self.seeded = None
            return
        if wrong is not None:
            n, seed = entry.number, seeded.seed
            whose = f"{wrong}'s cards" if wrong else "the centre cards"
            if self.seed_confirmed:
                line = entry.card_line(wrong) if wrong else entry.centre_line
            else:  # nothing before agreed with the seed: the header's seed is the first suspect
                line = self.history.line_of("header")
            self.violation(n, None, line or entry.line, HISTORY_SEED,
                           f"deal {n}: {whose} are not the ones seed {seed} deals: the header's seed or the "
                           "cards were changed")
            self.seeded = None
            return
        if any(hand is not None for hand in hands.values()):
            self.seed_confirmed = True
        for p, hand in dealt.items():
            if hands.get(p) is None:
                hands[p] = hand  # not written yet (a deal cut off before its cards line): the seed dealt it

    def _deal_from_pack(self, entry: DealEntry, order: Sequence[str], hands: Dict[str, Optional[Tuple[Card, ...]]],
                        due: bool, exact: bool) -> None:
        """Check that the deal's cards can come off the top of the pack as the deals before left it."""
        pack, rules, n = self.pack, self.rules, entry.number
        assert pack is not None
        if due:
            pack.shuffle(out=self.retained.values())
        if entry.shuffled is not None and entry.shuffled != due:
            pack.forget()  # reported above; the pack the history dealt from is not the one the rules give
        count = cards_from_pack(rules)
        if count != rules.format.cards_dealt:  # a joker dealt to each player comes off no pack
            hands = {p: None if h is None else tuple(back_to_pack(rules, h)) for p, h in hands.items()}
        centre_cards = centre_count(rules, len(order), len(entry.centre or ()))  # with draws, the stock logged
        cards = deal_sequence(order, hands, count, rules.table.deal_singly, entry.centre, centre_cards)
        problem = pack.deal(cards, exact)
        if problem is not None:
            self.violation(n, None, entry.line, SHUFFLE_RULE, f"deal {n}: {problem}")
        for p, hand in self.retained.items():  # a retained hand whose holder sits out returns under the pack
            if p not in order:
                pack.put_under(hand, exact, label=f"{p}'s retained hand, returned before deal {n}")

    def _used_under_pack(self, n: int, deal: Deal, hands: Dict[str, Optional[Tuple[Card, ...]]],
                         retained: Dict[str, Hand], entry: DealEntry, exact: bool) -> None:
        """The deal's folded and completed hands go under the pack; retained hands stay out."""
        pack = self.pack
        assert pack is not None and deal.result is not None
        if not pack.known:
            return
        held = (*hands.values(), *retained.values())
        kept = deal.result.retained.values()
        if any(h is None for h in held) or any(h is None for h in kept):
            pack.forget()  # cards nobody recorded: where they went is not known
            return
        label = f"after deal {n}"
        if exact:
            used = deal.used_cards()  # the order the engine puts them under: the replay knows it
            count = sum(len(h) for h in held if h) + len(entry.centre or ()) - sum(len(h) for h in kept if h)
            if cards_from_pack(self.rules) != self.rules.format.cards_dealt:  # the jokers dealt go to no pack
                rules = self.rules
                used = back_to_pack(rules, used)
                count = sum(len(back_to_pack(rules, h)) for h in held if h) + len(entry.centre or ()) \
                    - sum(len(back_to_pack(rules, h)) for h in kept if h)
            if len(used) == count:
                pack.put_under(used, True, label)
                return
        everything: List[Card] = back_to_pack(self.rules, [c for hand in held if hand for c in hand])
        everything += entry.centre or ()
        try:
            for hand in kept:
                for card in hand or ():
                    everything.remove(card)
        except ValueError:  # a joker written as the other joker: which went where is not known
            pack.forget()
            return
        pack.put_under(everything, False, label)

    def dealt_hands(self, entry: DealEntry, order: Sequence[str], retained: Dict[str, Hand]) -> Dict[str, Optional[Tuple[Card, ...]]]:
        n, rules = entry.number, self.rules
        for p in entry.cards:
            if p not in order:
                self.violation(n, None, entry.card_line(p), HISTORY_DEAL,
                               Message("{player} is not dealt in deal {deal}", player=p, deal=str(n)))
        held = {card: p for p, hand in retained.items() for card in hand or () if not card.is_joker} if retained else {}
        for card in entry.centre or ():
            if card in held:
                raise HistoryError(Message("deal {deal}: {card} is in the centre but is in {player}'s retained hand",
                                           deal=str(n), card=str(card), player=held[card]),
                                   self.history.file, entry.centre_line)
        hands: Dict[str, Optional[Tuple[Card, ...]]] = {}
        for p in order:
            hand = entry.cards.get(p)
            if hand is not None:
                for card in hand if held else ():
                    if card in held:
                        raise HistoryError(
                            Message("deal {deal}: {card} is dealt to {player} but is in {holder}'s retained hand",
                                    deal=str(n), card=str(card), player=p, holder=held[card]),
                            self.history.file,
                            entry.card_line(p),
                        )
                if len(hand) != rules.format.cards_dealt:
                    self.violation(n, None, entry.card_line(p), CARDS_DEALT_RULE,
                                   Message("{player} is given {count} cards; this profile deals {dealt}", player=p,
                                           count=str(len(hand)), dealt=str(rules.format.cards_dealt)))
                    hand = None
            hands[p] = hand
        return hands


__all__ = ["CardsAuditor"]
