"""What a seat and a watcher are sent, and the table's words for options, actions and rules.

>>> optional_money(None), optional_money(Fraction(5, 2))
(None, '5/2')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Dict, FrozenSet, List, NamedTuple, Optional, Sequence, Set, Tuple

from bragrules.core.cards import Card, parse_card
from bragrules.core.i18n import ENGLISH, amount_text, language, tr
from bragrules.core.money import money_json, pretty_money
from bragrules.core.text import source_in_words
from bragrules.engine.actions import Action, LegalAction
from bragrules.engine.deal import Deal
from bragrules.engine.view import PlayerView, Sight, Viewer, card_word
from bragrules.profile.models import Profile
from bragrules.rules.forced_bets import posts_text
from bragrules.rules.vocabulary import PLAIN, Words, said


def optional_money(value: Optional[Fraction]) -> Any:
    return None if value is None else money_json(value)

# ---------------------------------------------------------------------------


def _option_json(option: LegalAction, deal: Deal) -> Dict[str, Any]:
    item: Dict[str, Any] = {
        "kind": option.kind, "target": option.target, "amount": optional_money(option.amount),
        "max": optional_money(option.max_amount), "step": optional_money(option.step), "all_in": option.all_in,
        "label": option_label(option, deal.rules.words),
    }
    if option.kind == "bet":
        item["amounts"] = [money_json(a) for a in range_amounts(option)]
        item["word"] = deal.rules.words.move("bet")  # the button beside the amounts: chaal, 跟注, चाल
    elif option.kind == "pairplus":  # a banking game's Pair Plus (procedure.bank.pair_plus_max): its range
        item["amounts"] = [money_json(a) for a in range_amounts(option)]
        item["word"] = tr("Pair Plus")
    elif option.kind == "check" and deal.rules.procedure.bank is not None:  # the Pair Plus declined
        item["label"] = tr("no Pair Plus")
    if option.cards is not None:  # the seat's own cards (a swap, an arrangement's hint) and the centre's
        item["cards"] = [[str(c) for c in hand] for hand in option.cards]
    return item


def range_amounts(option: LegalAction, most: int = 12) -> List[Fraction]:
    """The amounts a page offers for a payment of a range: its steps (a bet's raise step), or, for a range
    with no step (a stake against a bank, a Pair Plus), at most ``most`` whole amounts spread evenly from the
    least to the most, both included.

    >>> [str(a) for a in range_amounts(LegalAction("A", "pairplus", Fraction(5), Fraction(25)))]
    ['5', '7', '9', '11', '13', '15', '17', '19', '21', '23', '25']
    >>> [str(a) for a in range_amounts(LegalAction("A", "bet", Fraction(1), Fraction(3)))]
    ['1', '2', '3']
    >>> [str(a) for a in range_amounts(LegalAction("A", "bet", Fraction(2), Fraction(4), Fraction(1)))]
    ['2', '3', '4']
    """
    low, high = option.amount, option.max_amount
    if option.step is not None or low is None or high is None or high <= low:
        return option.amounts(limit=most) if option.kind == "bet" else ([low] if low is not None else [])
    gap = max(1, -(-(high - low) // (most - 1)))  # whole steps, rounded up so that at most ``most`` fit
    out = [low + k * gap for k in range(most) if low + k * gap < high]
    return out + [high]


def seat_view(deal: Deal, player: str) -> Dict[str, Any]:
    """The view a seat is sent: the engine's :meth:`PlayerView.to_json`, with the seat's options labelled.

    Everything in it is the seat's own or the table's: the engine's view
    holds no other seat's hidden cards, and the options' cards are the
    seat's own hand and the face-up centre.
    """
    view = deal.view(player)
    data = view.to_json()
    legal = view.legal_actions()
    data["legal"] = [_option_json(o, deal) for o in legal]
    if "swap" in (o.kind for o in legal):  # one button per card: the swaps are chosen by tapping two cards
        data["legal"] = [o for o in data["legal"] if o["kind"] != "swap" or o["target"] in ("all", "down")]
        data["swap_cards"] = swap_pairs(view, legal)
    if deal.rules.profile.seeing.concede_unseen and any(o.kind == "concede" for o in legal):
        data["shown_beats"] = view.shown_beats()
    if view.posts:
        data["posts_text"] = posts_text(view.posts)
    data["two_hands"] = view.two_hands
    data["inspected"] = view.inspected
    data["inspected_hand"] = None if view.inspected_hand is None else [str(c) for c in view.inspected_hand]
    arrangement = view.arrangement
    data["arrangement"] = None if arrangement is None else [[str(c) for c in h] for h in arrangement]
    data["hand_name"] = hand_name(deal, view.inspected_hand or view.hand)
    if deal.rules.side_show is not None:  # the side-show: its buttons name the other player; what this seat compared
        side_show_view(deal, player, data)
    data["shown_names"] = shown_names(deal, view.shown())
    carry = next((o for o in legal if o.kind in ("retain", "release")), None)
    if carry is not None:  # why the pot carries, and why the hand may be kept: the rules of the ending to come
        after = deal.snapshot()
        after.apply(carry.action())
        data["carry_rules"] = decided_rules(after)
    data["withheld"] = withheld_json(deal, player)
    if deal.can(Action(player, "redeal")):
        data["legal"].append({"kind": "redeal", "target": None, "amount": None, "max": None, "step": None,
                              "all_in": False, "label": "demand a redeal (your cards were exposed)"})
    return data


def withheld_json(deal: Deal, player: str) -> List[Dict[str, Any]]:
    """What the areas take away from ``player``'s choices at this turn, once per reason
    (:meth:`Deal.withheld`): the actions by name, the refusal, and the rule it rests on by path and in
    words, so that the page says why an action is gone before anyone tries it.

    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> from bragrules.core.cards import parse_cards
    >>> deal = Deal(compile_rules(load_profile("teen-patti")), ["A", "B", "C"],
    ...             {p: parse_cards(c) for p, c in zip("ABC", ("Kc 9c 4c", "5s 6h 7d", "Ah Ad 2s"))})
    >>> for _ in range(12):  # four blind bets each
    ...     _ = deal.apply(next(o for o in deal.legal_actions() if o.kind == "bet").action())
    >>> first = withheld_json(deal, "A")[0]
    >>> first["actions"], first["rule"], first["rule_words"][:35]
    (['bet'], 'blind.max_blind_turns', 'a player may chaal blind at most fo')
    >>> first["words"], first["why"]  # what the page reads: the game's own words (a chaal, a pack)
    ('chaal', 'A has made 4 blind chaals, the most this profile allows: look at the cards, or pack')
    >>> withheld_json(deal, "B")  # not B's turn: nothing is taken from B now
    []
    """
    if deal.to_act != player:
        return []
    from bragrules.engine.turn_options import by_reason

    words = deal.rules.words
    return [{"actions": kinds, "words": said(", ".join(kinds), words), "why": said(refused.text(), words),
             "rule": str(refused.rule), "rule_words": rule_words(deal.rules.profile, str(refused.rule))}
            for kinds, refused in by_reason(deal.withheld())]


def swap_pairs(view: PlayerView, legal: Sequence[LegalAction]) -> List[Dict[str, Any]]:
    """The one-card swaps a seat may make by tapping one of its cards and a centre card it can see,
    each with the message that makes it: exactly the engine's legal swaps (so the page never sends a
    swap the table refuses). A face-down centre card is tapped only by the player who laid it there,
    and its swap is sent as the engine takes it, ``down``.

    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> from bragrules.core.cards import parse_cards
    >>> deal = Deal(compile_rules(load_profile("bastard-brag")), ["A", "B"],
    ...             {"A": parse_cards("Kc 9c 4c"), "B": parse_cards("5s 6h 7d")}, centre=parse_cards("Ah Qs 3d"))
    >>> _ = deal.apply_text("A swap down Kc")
    >>> _ = deal.apply_text("B swap 5s Ah")
    >>> [(p["cards"], p["send"]) for p in swap_pairs(deal.view("A"), deal.view("A").legal_actions())][:2]
    [(['Qs', '5s'], {'kind': 'swap', 'cards': ['Qs', '5s']}), (['Qs', 'Kc'], {'kind': 'swap', 'target': 'down', 'cards': ['Qs']})]
    """
    places = view.centre_places
    down = view.rules.format.face_down
    pairs: List[Dict[str, Any]] = []
    for option in legal:
        if option.kind != "swap" or option.cards is None:
            continue
        mine = str(option.cards[0][0])
        if option.target == "down":
            known = places[down] if down is not None and down < len(places) else None
            if known is None:  # face down and unknown to this seat: only its button takes it
                continue
            pairs.append({"cards": [mine, str(known)], "send": {"kind": "swap", "target": "down", "cards": [mine]}})
        else:
            centre = str(option.cards[1][0])
            pairs.append({"cards": [mine, centre], "send": {"kind": "swap", "cards": [mine, centre]}})
    return pairs


def side_show_view(deal: Deal, player: str, data: Dict[str, Any]) -> None:
    """The side-show in a seat's view: its buttons name whom it asks or whose it answers, and the
    hands this seat compared in a side-show, named (only the two players of one are sent its cards)."""
    folds = said("folds", deal.rules.words)  # the game's word: Teen Patti's packs
    for option in data["legal"]:
        if option["kind"] == "sideshow":
            previous = deal.previous_bettor(player)
            whom = previous.name if previous is not None else "the previous player"
            cost = f"pay {pretty_money(parse_fraction(option['amount']))}, " if option["amount"] is not None else ""
            option["label"] = f"side-show with {whom} ({cost}the weaker hand {folds})"
        elif option["kind"] in ("accept", "refuse") and deal.side_show is not None:
            option["label"] = f"{option['kind']} {deal.side_show[0]}'s side-show"
            if option["target"]:  # real cards: the two compared them and say which is the weaker
                option["label"] += f": {option['target']} {folds}"
    for item, (_, cards, _) in zip(data["side_shows"], deal.view(player).side_shows()):
        item["hand_name"] = hand_name(deal, cards)


def parse_fraction(value: Any) -> Fraction:
    """An amount as a view writes it (``2``, ``"5/2"``) back as a Fraction."""
    return Fraction(value) if isinstance(value, int) else Fraction(str(value))


def public_view(deal: Deal) -> Dict[str, Any]:
    """What a spectator is sent: the engine's spectator view (``deal.view(None)``), the table as
    everyone sees it: no hand, no options, no face-down card."""
    view = deal.view(None)
    data = view.to_json()
    data["shown_names"] = shown_names(deal, view.shown())
    if deal.posted:
        data["posts_text"] = posts_text(deal.posted)
    return data


def rule_json(path: str, value: Any, sentence: str, source: str) -> Dict[str, Any]:
    """A rule cited at the table: its path, value and sentence, and its source as a code (``"002"``)
    and in words, naming the rule text as the rulebook does (:func:`~bragrules.core.text.source_in_words`).

    >>> rule_json("seeing.tie", "caller_loses", "a tie goes against the player who called the see", "002")["source_words"]
    'the traditional rules text'
    """
    return {"path": path, "value": value, "sentence": sentence, "source": source,
            "source_words": source_in_words(source) if source else ""}


def decided_rules(deal: Deal) -> List[Dict[str, Any]]:
    """The rules that decided how ``deal`` (over) ended, as the engine names them
    (:attr:`~bragrules.engine.state.DealResult.decided_by`) and ``bragrules arbitrate`` words them.

    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> from bragrules.core.cards import parse_cards
    >>> deal = Deal(compile_rules(load_profile("traditional")), ["A", "B"],
    ...             {"A": parse_cards("Kc Kd 4c"), "B": parse_cards("Kh Ks 4d")})
    >>> for text in ("A look", "A bet 2", "B look", "B see 4"):
    ...     _ = deal.apply_text(text)
    >>> [r["sentence"] for r in decided_rules(deal)]
    ['a tie goes against the player who called the see']
    """
    from bragrules.arbitrate import cite_rules

    if deal.result is None:
        return []
    return [rule_json(c.path, c.value, c.sentence, c.source) for c in cite_rules(deal.rules.profile, deal.result.decided_by)]


def reason_with_rules(reason: str, rules: Sequence[Dict[str, Any]]) -> str:
    """How a deal ended, and the rules that decided it (a tie named as one).

    >>> reason_with_rules("B saw A", [{"path": "seeing.tie", "sentence": "a tie goes against the player who called the see"}])
    'B saw A; equal hands: a tie goes against the player who called the see'
    """
    words = [("equal hands: " if r["path"] == "seeing.tie" else "") + r["sentence"] for r in rules]
    return "; ".join([reason, *words])


def hand_name(deal: Deal, cards: Optional[Sequence[Any]]) -> Optional[str]:
    """A hand in words, as ``bragrules play`` names it (``"pair of aces, four kicker"``); None for
    no cards, or cards that are not one hand of the format (several hands each).

    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> from bragrules.core.cards import parse_cards
    >>> deal = Deal(compile_rules(load_profile("traditional")), ["A", "B"],
    ...             {"A": parse_cards("Ac Ad 4c"), "B": parse_cards("5s 6h 7d")})
    >>> hand_name(deal, parse_cards("Ac Ad 4c"))
    'pair of aces, four kicker'
    """
    fmt = deal.rules.format
    if not cards or fmt.hands != 1 or len(cards) != fmt.cards_dealt:
        return None
    return deal.comparer.describe(tuple(cards))


def shown_names(deal: Deal, shown: Dict[str, Any]) -> Dict[str, Optional[str]]:
    """The hands turned face up, by player, in words (:func:`hand_name`)."""
    return {name: hand_name(deal, cards) for name, cards in shown.items() if cards is not None}


def option_label(option: LegalAction, words: Words = PLAIN) -> str:
    """A button's words, with the exact cost, the game's own word for the move first where it has one.

    >>> option_label(LegalAction("A", "see", Fraction(4)))
    'see for 4'
    >>> option_label(LegalAction("A", "bet", Fraction(1), Fraction(5, 2), Fraction(1, 2)))
    'bet 1 to 2½'
    >>> teen = Words(moves={"bet": "chaal", "see": "show", "fold": "pack"})
    >>> option_label(LegalAction("A", "bet", Fraction(2), Fraction(4)), teen), option_label(LegalAction("A", "fold"), teen)
    ('chaal 2 to 4', 'pack')
    """
    if language() != ENGLISH and option.kind in _SPOKEN_LABELS:
        return _SPOKEN_LABELS[option.kind](option, words)
    label = _OPTION_LABELS.get(option.kind)
    text = label(option) if label is not None else option.kind
    own = words.now().moves.get(option.kind) if option.kind in ("bet", "see", "fold") else None
    return own + text[len(option.kind):] if own and text.startswith(option.kind) else text


def _bet_label(option: LegalAction) -> str:
    """``bet 2 (all in)``, ``bet 2``, ``bet 1 to 2½``, ``bet 1 or more``."""
    if option.all_in:
        return f"bet {pretty_money(option.amount or Fraction(0))} (all in)"
    low = pretty_money(option.amount or Fraction(0))
    if option.max_amount is not None and option.max_amount == option.amount:
        return f"bet {low}"
    return f"bet {low} to {pretty_money(option.max_amount)}" if option.max_amount is not None else f"bet {low} or more"


def _swap_label(option: LegalAction) -> str:
    if option.target == "down" and option.cards is not None:
        return f"swap {option.cards[0][0]} for the face-down card"
    return "swap all three with the centre" if option.target == "all" else "swap a card"


def _discard_label(option: LegalAction) -> str:
    if option.target is not None:  # format.discard_before_betting
        return f"discard {option.target} face down"
    return "discard the hand looked at"


_OPTION_LABELS: Dict[str, Callable[[LegalAction], str]] = {
    "bet": _bet_label,
    "see": lambda option: (f"see for {pretty_money(option.amount or Fraction(0))}"
                           + (" (all in)" if option.all_in else "")),
    "look": lambda option: "look at your cards" if option.target is None else f"look at the {option.target} hand",
    "swap": _swap_label,
    "draw": lambda option: "take the top discard" if option.target == "discard" else "draw from the stock",
    "throw": lambda option: f"discard {option.cards[0][0]}" if option.cards is not None else "throw",
    "close": lambda option: f"turn {option.target} face down",
    "pass": lambda option: "end the turn (the bus goes on)",
    "arrange": lambda option: "arrange as suggested",
    "take": lambda option: ("take the spare hand for yours"  # session.points.spare_hand
                            + (f", paying {pretty_money(option.amount)}" if option.amount else "")),
    "show": lambda option: "show your cards",
    "concede": lambda option: "concede without showing",
    "retain": lambda option: (f"keep the {option.target} hand for the next deal" if option.target
                              else "keep your unseen hand for the next deal"),
    "release": lambda option: "let the unseen hand go",
    "discard": _discard_label,
    "keep": lambda option: "keep the hand looked at",
    "sideshow": lambda option: f"side-show (pay {pretty_money(option.amount)})" if option.amount else "side-show",
    "open": lambda option: (f"play open: bet {pretty_money(option.amount)} and show your hand to everyone"
                            if option.amount is not None else "play open"),
    "accept": lambda option: "accept the side-show",
    "refuse": lambda option: "refuse the side-show",
    "pairplus": lambda option: (f"Pair Plus {pretty_money(option.amount or Fraction(0))} to "
                                f"{pretty_money(option.max_amount or Fraction(0))}"),
}
"""A button's words for each kind of choice; a kind not here is labelled by its name (``fold``)."""


def _spoken_bet(option: LegalAction, words: Words) -> str:
    bet, low = words.move("bet"), amount_text(option.amount or Fraction(0))
    if option.all_in:
        return tr("{bet} {amount} (all in)", bet=bet, amount=low)
    if option.max_amount is None:
        return tr("{bet} {amount} or more", bet=bet, amount=low)
    if option.max_amount == option.amount:
        return f"{bet} {low}"
    return tr("{bet} {low} to {high}", bet=bet, low=low, high=amount_text(option.max_amount))


_SPOKEN_LABELS: Dict[str, Callable[[LegalAction, Words], str]] = {
    "bet": _spoken_bet,
    "see": lambda option, words: tr("{see} for {amount}", see=words.move("see"),
                                    amount=amount_text(option.amount or Fraction(0))),
    "fold": lambda option, words: words.move("fold"),
    "look": lambda option, words: (tr("look at your cards") if option.target is None
                                   else tr("look at the {which} hand", which=option.target)),
    "show": lambda option, words: tr("show your cards"),
    "concede": lambda option, words: tr("concede without showing"),
    "sideshow": lambda option, words: (tr("{sideshow} (pay {amount})", sideshow=words.move("sideshow"),
                                          amount=amount_text(option.amount)) if option.amount
                                       else words.move("sideshow")),
    "accept": lambda option, words: tr("accept the {sideshow}", sideshow=words.move("sideshow")),
    "refuse": lambda option, words: tr("refuse the {sideshow}", sideshow=words.move("sideshow")),
    "pairplus": lambda option, words: tr("Pair Plus {low} to {high}", low=amount_text(option.amount),
                                         high=amount_text(option.max_amount)),
}
"""A button's words in a language other than English, for the moves of a betting table."""


class FeedLine(NamedTuple):
    """A line of the table's feed: its words as a spectator reads them (``text``), the words of
    each seat that reads more in it (``seats``: a card of its own, say), both in English, and the
    same in each other language shipped (``spoken``: the language, its text, its seats' words;
    :func:`~bragrules.web.feed_words.every_language` makes them).

    >>> line = FeedLine("B swaps a card for the face-down centre card",
    ...                 (("B", "B swaps 5s for the face-down centre card"),),
    ...                 (("zh", "B 换了一张牌", (("B", "B 用 5s 换"),)),))
    >>> line.read_by("B"), line.read_by("A") == line.read_by(None) == line.text
    ('B swaps 5s for the face-down centre card', True)
    >>> line.read_by("B", "zh"), line.read_by("A", "zh"), line.read_by("A", "hi") == line.text
    ('B 用 5s 换', 'B 换了一张牌', True)
    """

    text: str
    seats: Tuple[Tuple[str, str], ...] = ()
    spoken: Tuple[Tuple[str, str, Tuple[Tuple[str, str], ...]], ...] = ()

    def read_by(self, seat: Optional[str], lang: Optional[str] = None) -> str:
        """The line as ``seat`` reads it (None, or a seat not in the deal: as a spectator does) in ``lang``
        (None: the language spoken now); a language the line was not made in reads it in English."""
        lang = language() if lang is None else lang
        text, seats = next(((t, s) for name, t, s in self.spoken if name == lang), (self.text, self.seats))
        return next((words for name, words in seats if name == seat), text)

    def led_by(self, before: str) -> "FeedLine":
        """The same line with ``before`` in front of each of its words (a ruling that made the move)."""
        return FeedLine(before + self.text, tuple((seat, before + words) for seat, words in self.seats),
                        tuple((lang, before + text, tuple((seat, before + words) for seat, words in seats))
                              for lang, text, seats in self.spoken))


def told(deal: Deal, action: Action, sight: Sight) -> FeedLine:
    """The feed's line for ``action``, just applied to ``deal``: each seat, and a spectator, reads in
    it only the cards it could see before the action or after it (``sight``, taken before it)."""
    seen = sight.seen()
    text = describe(deal, action, seen.get(None, frozenset()))
    seats = []
    for viewer, cards in seen.items():
        if viewer is not None:
            words = describe(deal, action, cards)
            if words != text:
                seats.append((viewer, words))
    return FeedLine(text, tuple(seats))


def viewers(deal: Deal) -> List[Viewer]:
    """Everyone who reads the table's account of ``deal``: a spectator and each player dealt in."""
    return [None, *deal.order]


def describe(deal: Deal, action: Action, seen: FrozenSet[Card]) -> str:
    """A line of the table's running account, as read by a viewer who could see the cards ``seen``
    (:meth:`Sight.seen`): a card outside them is written "a card".

    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> from bragrules.core.cards import parse_cards
    >>> deal = Deal(compile_rules(load_profile("traditional")), ["A", "B"],
    ...             {"A": parse_cards("Kc 9c 4c"), "B": parse_cards("5s 6h 7d")})
    >>> describe(deal, Action("A", "bet", Fraction(2)), frozenset())
    'A bets 2 (blind)'
    >>> describe(deal, Action.parse("A swap down Kc"), frozenset())
    'A swaps a card for the face-down centre card'
    """
    if language() != ENGLISH:  # the catalogue's sentences, the game's own words in them
        from bragrules.web.feed_words import spoken_line

        spoken = spoken_line(deal, action, seen)
        if spoken is not None:
            return spoken
    told = _ACCOUNT_LINES.get(action.kind)
    if told is not None:
        return told(deal, action, seen)
    own = deal.rules.words.verb(action.kind) if action.kind == "fold" else None  # Teen Patti's "A packs"
    return f"{action.player} {own or _ACCOUNT_WORDS.get(action.kind, action.kind)}"


def _bet_told(deal: Deal, action: Action, seen: FrozenSet[Card]) -> str:
    words = deal.rules.words  # the game's own words: Teen Patti's "A chaals 2 (blind)"
    blind = "" if deal.players[action.player].seen else f" ({words.move('blind')})"
    from bragrules.engine.events import raised

    said = words.verb("raise") if "raise" in words.now().moves and raised(deal.events) else None  # 加注, not 跟注
    return f"{action.player} {said or words.verb('bet') or 'bets'} {pretty_money(action.amount or Fraction(0))}{blind}"


def _swap_told(deal: Deal, action: Action, seen: FrozenSet[Card]) -> str:
    player = action.player
    if action.target == "all":
        return f"{player} swaps all three cards with the centre"
    assert action.cards is not None
    if action.target == "down":
        return f"{player} swaps {card_word(action.cards[0][0], seen)} for the face-down centre card"
    return f"{player} swaps {card_word(action.cards[0][0], seen)} for {card_word(action.cards[1][0], seen)}"


def _throw_told(deal: Deal, action: Action, seen: FrozenSet[Card]) -> str:
    if action.cards is None:
        return f"{action.player} {_ACCOUNT_WORDS.get(action.kind, action.kind)}"
    return f"{action.player} discards {card_word(action.cards[0][0], seen)}"


def _discard_told(deal: Deal, action: Action, seen: FrozenSet[Card]) -> str:
    if action.target is not None:  # Four-Card: the card stays its holder's secret
        return f"{action.player} discards one card face down"
    return f"{action.player} discards the hand looked at"


def _side_show_told(deal: Deal, action: Action, seen: FrozenSet[Card]) -> str:
    paid = f", paying {pretty_money(action.amount)}" if action.amount else ""
    asked = deal.side_show[1] if deal.side_show is not None else "the previous player"
    return f"{action.player} asks {asked} for a side-show{paid}"


def _open_told(deal: Deal, action: Action, seen: FrozenSet[Card]) -> str:
    paid = f", betting {pretty_money(action.amount)}" if action.amount is not None else ""
    return f"{action.player} plays open{paid}: their hand lies face up for everyone"


def _accept_told(deal: Deal, action: Action, seen: FrozenSet[Card]) -> str:
    folded = said(f"{action.target} folds" if action.target else "nobody folds", deal.rules.words)  # or packs
    return f"{action.player} accepts the side-show; compared in private, {folded}"


def _words(words: str) -> Callable[[Deal, Action, FrozenSet[Card]], str]:
    """A line that is the player's name and always the same ``words``."""
    return lambda deal, action, seen: f"{action.player} {words}"


_ACCOUNT_LINES: Dict[str, Callable[[Deal, Action, FrozenSet[Card]], str]] = {
    "bet": _bet_told,
    "see": lambda deal, action, seen: (f"{action.player} pays {pretty_money(action.amount or Fraction(0))} "
                                       f"to {deal.rules.words.move('see')}"),
    "look": lambda deal, action, seen: (f"{action.player} looks at "
                                        + (f"the {action.target} hand" if action.target else "their cards")),
    "swap": _swap_told,
    "draw": lambda deal, action, seen: (f"{action.player} takes the top discard" if action.target == "discard"
                                        else f"{action.player} draws from the stock"),
    "throw": _throw_told,
    "close": lambda deal, action, seen: (f"{action.player} turns the centre card "
                                         f"{card_word(parse_card(action.target or ''), seen)} face down"),
    "pass": _words("passes: the bus goes on"),
    "arrange": _words("arranges their hands"),
    "take": _words("takes the spare hand, discarding their own"),
    "discard": _discard_told,
    "keep": _words("keeps the hand looked at"),
    "retain": _words("keeps the unseen hand for the next deal"),
    "release": _words("lets the unseen hand go"),
    "peek": lambda deal, action, seen: str(action),
    "expose": lambda deal, action, seen: str(action),
    "sideshow": _side_show_told,
    "open": _open_told,
    "accept": _accept_told,
    "refuse": _words("refuses the side-show"),
}
"""The running account's line for each kind of action that needs more than a verb (:data:`_ACCOUNT_WORDS`)."""

_ACCOUNT_WORDS = {"fold": "folds", "check": "checks", "knock": "knocks", "stand": "stands", "show": "shows",
                  "concede": "concedes without showing", "redeal": "demands a redeal",
                  "void": "declares the deal void: every stake is returned", "flash": "shows their own cards to the table"}
"""The words after the player's name for the other kinds; a kind in neither is written by its name."""


def timeout_action(deal: Deal, player: str) -> Action:
    """What the table does for a seat that is away when its time is up: what the profile assumes
    (the second to show shows; a blind survivor's hand as ``blind.retain_default`` says), else a fold,
    else (no folding in the format) the engine's suggestion: stand, knock, or the suggested arrangement."""
    default = deal.default_action()
    if default is not None and default.player == player:
        return default
    options = deal.view(player).legal_actions()
    for kind in ("refuse", "fold", "discard", "stand", "knock", "arrange", "release"):
        option = next((o for o in options if o.kind == kind), None)
        if option is not None:
            return option.action()
    return options[0].action()


def rule_words(profile: Profile, rule: str) -> str:
    """A rule named by a refusal, in words: the profile field's sentence, or the fixed rule's, its moves
    in the game's words (:func:`~bragrules.rules.vocabulary.said`: Teen Patti's chaal for a bet).

    >>> from bragrules.profile import load_profile
    >>> rule_words(load_profile("teen-patti"), "seeing.two_players")
    'only the last two players in a deal may show'
    >>> rule_words(load_profile("standard"), "seeing.two_players")
    'only the last two players in a deal may see'
    """
    from bragrules.arbitrate import FIXED_RULES
    from bragrules.explainers.explain import explain, value_of
    from bragrules.rules.vocabulary import words_of

    fixed = FIXED_RULES.get(rule)
    if fixed is not None:
        return said(fixed[0], words_of(profile))
    try:
        return said(explain(rule, value_of(profile, rule), profile), words_of(profile))
    except Exception:  # a rule path the explainer does not know: the name alone
        return rule.replace("_", " ").replace(".", ": ")


def redact(deal: Deal, text: str, viewer: Viewer = None) -> str:
    """``text`` with every card of ``deal`` that ``viewer`` cannot see (:meth:`PlayerView.visible_cards`;
    None: a spectator, for words everyone reads) written ``??``.

    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> from bragrules.core.cards import parse_cards
    >>> deal = Deal(compile_rules(load_profile("traditional")), ["A", "B"],
    ...             {"A": parse_cards("Kc 9c 4c"), "B": parse_cards("5s 6h 7d")})
    >>> redact(deal, "A holds Kc, not Ah"), redact(deal, "A的Kc 9c，不是Ah")
    ('A holds ??, not Ah', 'A的?? ??，不是Ah')

    A card is a card wherever it is written: next to a letter of a script written without spaces too (a
    card's own letters and digits are what may not touch it, not ``\\b``'s every letter of every script).
    """
    import re

    hidden = {str(c) for c in deal_cards(deal) - deal.view(viewer).visible_cards()}
    if not hidden:
        return text
    pattern = re.compile(r"(?<![0-9A-Za-z])(" + "|".join(sorted(map(re.escape, hidden))) + r")(?![0-9A-Za-z])")
    return pattern.sub("??", text)


def deal_cards(deal: Deal) -> Set[Card]:
    """Every card in ``deal``: the hands (a retained one too), the centre or the spare hand, an
    exchange's stock and discard pile, and a card put away face down."""
    cards: Set[Card] = set(deal.centre)
    for state in deal.players.values():
        for hand in state.hands.values():
            cards.update(hand or ())
        if state.discarded is not None:
            cards.add(state.discarded)
    cards.update(deal.spare_dealt or ())
    if deal.exchange_state is not None:
        cards.update(deal.exchange_state.spare())
    return cards


__all__ = ["FeedLine", "deal_cards", "describe", "option_label", "optional_money", "public_view", "redact",
           "rule_words", "seat_view", "told", "timeout_action", "viewers"]
