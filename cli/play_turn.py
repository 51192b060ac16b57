"""A person's turn at ``bragrules play``: the menu of legal moves, a move typed by number or in words,
a typing mistake explained, and a big bet confirmed (:class:`HumanTurn`).

>>> mistyped("fodl", [])
"'fodl' is not a move; did you mean 'fold'? You may: "
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Dict, List, Optional, Union

from bragrules.core.i18n import ENGLISH, N_, language, tr
from bragrules.rules.vocabulary import PLAIN

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.engine.actions import Action, LegalAction
    from bragrules.engine.deal import Deal
    from bragrules.play.table import Observer as _ObserverBase
    from bragrules.play.table import Table
    from bragrules.rules.vocabulary import Words
else:
    _ObserverBase = object  # bragrules.play.table is imported only once a game starts



from .play_view import BIG_BET_TIMES, Prompter, TableView, cards_markup, esc, money

# ---------------------------------------------------------------------------
# A person's turn
# ---------------------------------------------------------------------------


def uneven_amounts(option: "LegalAction", deal: "Deal") -> Optional[str]:
    """A bet whose payments step by more than the profile's usual step (raises in whole multiples of the
    level, ``stakes.raise_limit.whole_multiples``): every payment it allows, so the menu says the exact cost.

    >>> from bragrules.engine.actions import LegalAction
    >>> from bragrules.engine.deal import Deal
    >>> from bragrules.profile.models import Profile
    >>> from bragrules.rules.compile import compile_rules
    >>> deal = Deal(compile_rules(Profile.model_validate({"stakes": {"raise_limit": {"whole_multiples": True}}})),
    ...             ["You", "B"], {"You": None, "B": None})
    >>> uneven_amounts(LegalAction("You", "bet", Fraction(2), Fraction(6), Fraction(2)), deal)  # blind: 2, 4, 6
    '2, 4 or 6'
    >>> uneven_amounts(LegalAction("You", "bet", Fraction(2), Fraction(6), Fraction(1, 2)), deal) is None  # blind
    True
    """
    step = option.step
    if step is None or option.amount is None or option.player not in deal.players:
        return None
    stakes = deal.rules.stakes
    usual = stakes.level_step * (stakes.blind_rate if deal.players[option.player].blind else 1)
    if step == usual:
        return None
    amounts = option.amounts(limit=7)
    if option.max_amount is None or len(amounts) > 6:
        if option.max_amount is None:
            return tr("{low} or more in steps of {step}", low=money(option.amount), step=money(step))
        return tr("{low} to {high} in steps of {step}", low=money(option.amount), high=money(option.max_amount),
                  step=money(step))
    words = [money(a) for a in amounts]
    return words[0] if len(words) == 1 else tr("{some} or {last}", some=", ".join(words[:-1]), last=words[-1])


def _bet_entry(option: "LegalAction", deal: "Deal") -> str:
    """``bet 2 (all in)``, ``bet 2``, ``bet 2, 4 or 8`` (amounts that do not step evenly), ``bet 2–10``
    (Teen Patti's ``chaal 2–4``: the game's word for a bet)."""
    bet = esc(deal.rules.words.move("bet"))  # a profile's word: text, never markup
    if option.all_in:
        return tr("{bet} {amount} (all in)", bet=bet, amount=money(option.amount))
    if option.max_amount is not None and option.max_amount == option.amount:
        return f"{bet} {money(option.amount)}"
    uneven = uneven_amounts(option, deal)
    if uneven is not None:
        return f"{bet} {uneven}"
    if option.max_amount is None:
        return tr("{bet} {amount} or more", bet=bet, amount=money(option.amount))
    return f"{bet} {money(option.amount)}–{money(option.max_amount)}"


def _see_entry(option: "LegalAction", deal: "Deal") -> str:
    """``see for 4`` (Teen Patti's ``show for 4``), naming the opponent paid where the fee goes to them
    (``seeing.fee_to_opponent``)."""
    see = esc(deal.rules.words.move("see"))
    if deal.rules.seeing.fee_to_opponent and len(deal.contenders) == 2:
        opponent = next(p for p in deal.contenders if p != option.player)
        return tr("{see} for {amount}, paid to {opponent}", see=see, amount=money(option.amount),
                  opponent=esc(opponent))
    return tr("{see} for {amount}", see=see, amount=money(option.amount))


def _discard_entry(option: "LegalAction", deal: "Deal") -> str:
    if option.target is not None:  # format.discard_before_betting
        return tr("discard {card} face down (the cards left play)", card=option.target)
    return option.kind


def left_out(option: "LegalAction", deal: "Deal") -> str:
    """The cards a suggested arrangement leaves out (13-card Crash: one of thirteen), as ``; 3♥ left out``;
    empty when every card plays."""
    state = deal.players.get(option.player)
    if state is None or state.hand is None or not option.cards:
        return ""
    used = {card for hand in option.cards for card in hand}
    rest = [card.symbol for card in deal.rules.ranking.ranker.in_order(state.hand) if card not in used]
    return "; " + tr("{cards} left out", cards=" ".join(rest)) if rest else ""


def _arrange_entry(option: "LegalAction", deal: "Deal") -> str:
    hint = " | ".join(" ".join(str(c) for c in h) for h in option.cards or ())
    return tr("arrange (hint: {hint})", hint=hint + left_out(option, deal))


def _take_entry(option: "LegalAction", deal: "Deal") -> str:  # session.points.spare_hand
    if option.amount:
        return tr("take the spare hand for yours (unseen; nobody else may then), paying {amount} into the pot",
                  amount=money(option.amount))
    return tr("take the spare hand for yours (unseen; nobody else may then)")


def _swap_entry(option: "LegalAction", deal: "Deal") -> str:
    if option.target == "all":
        return tr("swap all three with the centre")
    assert option.cards is not None
    if option.target == "down":
        return tr("swap {card} for the face-down centre card", card=option.cards[0][0])
    return tr("swap {card} for {centre}", card=option.cards[0][0], centre=option.cards[1][0])


def _draw_entry(option: "LegalAction", deal: "Deal") -> str:
    if option.target == "discard":
        pile_top = deal.view(option.player).discard_top
        return tr("take the top discard ({card})", card=pile_top)
    return tr("draw the stock's top card")


def _throw_entry(option: "LegalAction", deal: "Deal") -> str:
    assert option.cards is not None
    return tr("discard {card}", card=option.cards[0][0])


def _retain_entry(option: "LegalAction", deal: "Deal") -> str:
    if option.target:
        return tr("keep the {which} hand for the next deal (the pot carries)", which=tr(option.target))
    return tr("keep your unseen hand for the next deal (the pot carries)")


def _own(kind: str, deal: "Deal") -> str:
    """The game's own word for a move, to lead its menu entry (``看牌: ``); empty where it has none."""
    own = deal.rules.words.now().moves.get(kind)
    return f"{esc(own)}: " if own else ""


def _said(words: str) -> Callable[["LegalAction", "Deal"], str]:
    """An entry that is always the same words (in the language spoken)."""
    return lambda option, deal: tr(words)


_MENU_ENTRIES: Dict[str, Callable[["LegalAction", "Deal"], str]] = {
    "bet": _bet_entry,
    "see": _see_entry,
    "look": lambda option, deal: (_own('look', deal) + tr("look at your cards") if option.target is None
                                  else tr("look at the {which} hand", which=option.target)),
    "discard": _discard_entry,
    "arrange": _arrange_entry,
    "take": _take_entry,
    "swap": _swap_entry,
    "draw": _draw_entry,
    "throw": _throw_entry,
    "close": lambda option, deal: tr("turn the centre card {card} face down, out of play", card=option.target),
    "pass": _said(N_("end your turn without stopping the bus")),
    "knock": _said(N_("knock")),
    "stand": _said(N_("stand")),
    "keep": _said(N_("keep")),
    "show": lambda option, deal: tr("show your cards"),
    "concede": lambda option, deal: tr("concede without showing"),
    "retain": _retain_entry,
    "release": _said(N_("let the unseen hand go (the pot carries)")),
    "void": lambda option, deal: tr("declare the deal void (a malfunction): every stake returned, dealt again"),
    "fold": lambda option, deal: esc(deal.rules.words.move("fold")),
    "sideshow": lambda option, deal: side_show_entry(option, deal),
    "open": lambda option, deal: tr("play open: bet {amount} and turn your hand face up for everyone",
                                    amount=money(option.amount)),
    "pairplus": lambda option, deal: tr("stake a Pair Plus of {low} to {high}, a side bet on your own hand",
                                        low=money(option.amount), high=money(option.max_amount)),
    "check": lambda option, deal: tr("no Pair Plus") if deal.rules.procedure.bank else tr("check"),
    "accept": lambda option, deal: side_show_entry(option, deal),
    "refuse": lambda option, deal: side_show_entry(option, deal),
}
"""The menu's words for each kind of choice; a kind not here is shown by its name (``fold``)."""


def menu_entry(option: "LegalAction", deal: "Deal") -> str:
    """The menu's words for one legal choice, from :data:`_MENU_ENTRIES` (else the kind itself)."""
    entry = _MENU_ENTRIES.get(option.kind)
    return entry(option, deal) if entry is not None else option.kind


def void_option(deal: "Deal", player: str) -> List["LegalAction"]:
    """The host's choice, where the profile has it (``disputes.void_deal``): the deal declared void.
    At ``play`` the person at the keyboard is the host, so it is offered at their turn."""
    from bragrules.engine.actions import Action, LegalAction

    if not deal.rules.disputes.void_deal or not deal.can(Action(player, "void")):
        return []
    return [LegalAction(player, "void")]


def side_show_entry(option: "LegalAction", deal: "Deal") -> str:
    """The menu's words for a side-show: whom it asks and its exact cost, or whose it answers."""
    from bragrules.core.text import possessive
    from bragrules.rules.vocabulary import said

    kind = option.kind
    folds = said("folds", deal.rules.words)  # the game's word: Teen Patti's packs
    if kind == "sideshow":
        previous = deal.previous_bettor(option.player)
        whom = previous.name if previous is not None else tr("the previous player")
        if language() != ENGLISH:
            if option.amount:
                return tr("pay {amount} and ask {whom} for a side-show (a private comparison: the weaker hand folds)",
                          amount=money(option.amount), whom=whom)
            return tr("ask {whom} for a side-show (a private comparison: the weaker hand folds)", whom=whom)
        cost = f"pay {money(option.amount)} and " if option.amount else ""
        return f"{cost}ask {whom} for a side-show (a private comparison: the weaker hand {folds})"
    asker = deal.side_show[0] if deal.side_show is not None else tr("the asker")
    if kind == "accept" and option.target is not None:  # real cards: the two say which is the weaker
        if language() != ENGLISH:
            return tr("accept the side-show of {asker}: the hand of {loser} is the weaker and folds", asker=asker,
                      loser=option.target)
        whose = possessive(option.target)
        return f"accept {asker}'s side-show: {whose} hand is the weaker and {folds}"
    if kind == "accept":
        if language() != ENGLISH:
            return tr("accept {asker}'s side-show (compare hands privately: the weaker folds)", asker=asker)
        return f"accept {asker}'s side-show (compare hands privately: the weaker {folds})"
    return tr("refuse {asker}'s side-show", asker=asker)


COMMANDS = ("help", "table", "hint", "q")
"""What a person may type at a move besides a move or a number."""


def withheld_lines(deal: "Deal") -> List[str]:
    """The menu's note of each move taken away at this turn and why, the rule named (:meth:`Deal.withheld`):
    said before anyone tries it, as a move refused is said (``not allowed (rule): ...``), each move in the
    game's own words (Teen Patti's ``chaal`` for a bet).

    >>> from bragrules.profile import load_profile
    >>> from bragrules.rules.compile import compile_rules
    >>> from bragrules.core.cards import parse_cards
    >>> from bragrules.engine.deal import Deal
    >>> deal = Deal(compile_rules(load_profile("teen-patti")), ["You", "B", "C"],
    ...             {p: parse_cards(c) for p, c in zip(("You", "B", "C"), ("Kc 9c 4c", "5s 6h 7d", "Ah Ad 2s"))})
    >>> for _ in range(12):  # four blind bets each
    ...     _ = deal.apply(next(o for o in deal.legal_actions() if o.kind == "bet").action())
    >>> for line in withheld_lines(deal):
    ...     print(line)
      [dim]not offered now: chaal (blind.max_blind_turns): You have made 4 blind chaals, the most this profile allows: look at the cards, or pack[/]
      [dim]not offered now: side-show (seeing.side_show.allowed): You are blind: only a seen player may ask for a side-show[/]
    """
    from bragrules.core.text import to_you
    from bragrules.engine.turn_options import by_reason
    from bragrules.rules.vocabulary import said

    words = deal.rules.words
    withheld = tr("not offered now")
    return [f"  [dim]{withheld}: {esc(', '.join(words.move(k) for k in kinds))} ({esc(str(refused.rule))}): "
            f"{esc(for_people(to_you(said(refused.text(), words))))}[/]" for kinds, refused in by_reason(deal.withheld())]


def for_people(text: str) -> str:
    """A message with its amounts written as everywhere else for people: ``11/2`` as ``5½``.

    The engine's refusals quote amounts as exact fractions (``5/2``), the
    form of logs and profiles; at the table they read as the menu does.

    >>> for_people("the level is 11/2: a seen player pays at least 11/2, not 1/3")
    'the level is 5½: a seen player pays at least 5½, not ⅓'
    >>> for_people("a raise adds at most 5")
    'a raise adds at most 5'
    """
    import re
    from fractions import Fraction

    from bragrules.core.money import pretty_money

    return re.sub(r"(?<![\w/.])(\d+)/(\d+)(?![\w/])",
                  lambda m: pretty_money(Fraction(int(m.group(1)), int(m.group(2))))
                  if int(m.group(2)) else m.group(0), text)


def typed_move(option: "LegalAction") -> str:
    """What to type for a legal move: ``look``, ``look old``, ``bet N (½ or more)``, ``swap MINE CENTRE``.

    >>> from fractions import Fraction
    >>> from bragrules.engine.actions import LegalAction
    >>> typed_move(LegalAction("You", "bet", amount=Fraction(1, 2))), typed_move(LegalAction("You", "fold"))
    ('bet N (½ or more)', 'fold')
    """
    kind = option.kind
    if kind == "bet":
        if option.all_in or (option.max_amount is not None and option.max_amount == option.amount):
            return f"bet {money(option.amount)}"
        if option.max_amount is not None:
            return tr("bet N ({low} to {high})", low=money(option.amount), high=money(option.max_amount))
        return tr("bet N ({low} or more)", low=money(option.amount))
    if kind == "see":
        return f"see ({money(option.amount)})"
    if kind == "swap":
        return "swap all" if option.target == "all" else "swap MINE down" if option.target == "down" else "swap MINE CENTRE"
    if kind == "throw":
        return "discard CARD"
    if kind == "close":
        return "close CENTRE"
    if kind == "arrange":
        return "arrange A B C | D E F"
    if kind == "sideshow" and option.amount:
        return f"sideshow ({money(option.amount)})"
    if kind == "open":
        return f"open {money(option.amount)}"
    if kind == "pairplus":  # procedure.bank.pair_plus_max: a Pair Plus in a range
        return tr("pairplus N ({low} to {high})", low=money(option.amount), high=money(option.max_amount))
    return f"{kind} {option.target}" if option.target else kind


def legal_moves(options: List["LegalAction"], words: "Words" = PLAIN) -> List[str]:
    """The moves open now, each once, in the menu's order (in the game's words where it has them)."""
    return list(dict.fromkeys(in_game_words(typed_move(o), words) for o in options))


def in_game_words(typed: str, words: "Words") -> str:
    """What to type for a move, its first word the game's own where the game names the move with one word
    (Teen Patti's ``chaal N`` for ``bet N``, ``pack`` for ``fold``, ``show (4)`` for ``see (4)``).

    >>> from bragrules.rules.vocabulary import Words
    >>> teen = Words(moves={"bet": "chaal", "fold": "pack", "see": "show", "sideshow": "side-show"})
    >>> [in_game_words(t, teen) for t in ("bet N (2 to 4)", "fold", "see (4)", "sideshow (2)", "look")]
    ['chaal N (2 to 4)', 'pack', 'show (4)', 'side-show (2)', 'look']
    """
    first, _, rest = typed.partition(" ")
    own = words.now().moves.get(first)
    if not own or " " in own:
        return typed
    return f"{own} {rest}" if rest else own


def in_engine_words(text: str, options: List["LegalAction"], words: "Words") -> str:
    """A move typed in the game's words, in the engine's: ``chaal 4`` is ``bet 4``, ``pack`` is ``fold``.

    A word naming two moves (Teen Patti's ``show`` is its see, and also the plain ``show`` of one's cards
    at a see) means the one open now, the game's own meaning first.

    >>> from fractions import Fraction
    >>> from bragrules.engine.actions import LegalAction
    >>> from bragrules.rules.vocabulary import Words
    >>> teen = Words(moves={"bet": "chaal", "fold": "pack", "see": "show", "sideshow": "side-show"})
    >>> betting = [LegalAction("You", "bet", amount=Fraction(2)), LegalAction("You", "see", amount=Fraction(4)),
    ...            LegalAction("You", "fold")]
    >>> [in_engine_words(t, betting, teen) for t in ("chaal 4", "Pack", "show", "side-show", "fold")]
    ['bet 4', 'fold', 'see', 'sideshow', 'fold']
    >>> in_engine_words("show", [LegalAction("You", "show"), LegalAction("You", "concede")], teen)
    'show'
    """
    first, _, rest = text.strip().partition(" ")
    kinds = words.kinds_of(first) if first else ()
    if not kinds:
        return text
    legal = {o.kind for o in options}
    kind = next((k for k in kinds if k in legal), kinds[0])
    return f"{kind} {rest}" if rest else kind


def mistyped(text: str, options: List["LegalAction"], words: "Words" = PLAIN) -> Optional[str]:
    """For input that names no move at all, what was probably meant, and the moves open now
    (as git answers a mistyped command); None when the first word is a move's name.

    >>> from fractions import Fraction
    >>> from bragrules.engine.actions import LegalAction
    >>> options = [LegalAction("You", "look"), LegalAction("You", "bet", amount=Fraction(1, 2)),
    ...            LegalAction("You", "fold")]
    >>> print(mistyped("lok", options))
    'lok' is not a move; did you mean 'look'? You may: look, bet N (½ or more), fold
    >>> print(mistyped("3/2", options))
    '3/2' is not a move; did you mean 'bet 3/2'? You may: look, bet N (½ or more), fold
    >>> print(mistyped("pack", options))
    'pack' is not a move. You may: look, bet N (½ or more), fold
    >>> mistyped("look", options) is None, mistyped("swap all", options) is None
    (True, True)
    """
    import difflib

    from bragrules.core.money import parse_money
    from bragrules.core.text import quote
    from bragrules.engine.actions import KINDS

    word = text.split()[0].lower()
    verb_forms = {kind + "s" for kind in KINDS} | {"peeks", "exposes", "redeals", "voids", "flashes"}
    if word in KINDS or word in verb_forms:
        return None
    legal = [o.kind for o in options]
    guess: Optional[str] = None
    try:
        amount = parse_money(word)
    except ValueError:
        amount = None
    if amount is not None and "bet" in legal and len(text.split()) == 1:
        guess = f"bet {word}"
    else:
        own = [typed for typed, kind in words.typed_words().items() if kind in legal]
        close = difflib.get_close_matches(word, own + list(dict.fromkeys(legal)) + list(COMMANDS), n=1, cutoff=0.6)
        if not close:  # a move not open now is still the likeliest meaning of a near miss
            close = difflib.get_close_matches(word, KINDS, n=1, cutoff=0.6)
        if close:
            guess = " ".join([close[0], *text.split()[1:]])
    moves = ", ".join(legal_moves(options, words))
    if guess is None:
        return tr("{typed} is not a move. You may: {moves}", typed=quote(text, 40), moves=moves)
    return tr("{typed} is not a move; did you mean {guess}? You may: {moves}", typed=quote(text, 40),
              guess=quote(guess, 40), moves=moves)


def as_typed(message: str, typed: str, text: str) -> str:
    """The engine's words for a move it cannot read, quoting the move as it was typed (in the game's words)
    rather than as the engine read it.

    >>> as_typed("'bet abc': 'abc' is not an amount", "chaal abc", "bet abc")
    "'chaal abc': 'abc' is not an amount"
    """
    from bragrules.core.text import quote

    read = quote(text.strip(), 60)
    return quote(typed.strip(), 60) + message[len(read):] if message.startswith(read) else message


class HumanTurn:
    """Asks a person for an action until it is legal (or they stop)."""

    def __init__(self, view: TableView, prompter: Prompter):
        self.view = view
        self.prompter = prompter
        self.words: "Words" = PLAIN  # the game's words (vocabulary), from the deal being played

    @staticmethod
    def too_big(action: "Action", deal: "Deal") -> bool:
        """Whether a bet is far enough above the pot to be asked about first (a typo of 1000 for 10).

        >>> from fractions import Fraction
        >>> from types import SimpleNamespace as NS
        >>> bet = NS(kind="bet", amount=Fraction(1000))
        >>> HumanTurn.too_big(bet, NS(pot=Fraction(4))), HumanTurn.too_big(bet, NS(pot=Fraction(100)))
        (True, False)
        """
        if action.kind != "bet" or action.amount is None:
            return False
        return action.amount > BIG_BET_TIMES * max(deal.pot, Fraction(1))

    @staticmethod
    def scores_nothing(action: "Action", deal: "Deal") -> bool:
        """Whether an arrangement stands out of order and so wins no hand (``format.wrong_order``)."""
        from bragrules.engine.arrange import hand_strengths, out_of_order

        if not deal.rules.format.wrong_order_scores_nothing or not action.cards:
            return False
        return out_of_order(hand_strengths(deal.rules, action.cards))

    def hint(self, deal: "Deal", options: List["LegalAction"]) -> None:
        """Show the suggested arrangement (it is not applied)."""
        arrange = [o for o in options if o.kind == "arrange"]
        console = self.view.console
        if not arrange or not arrange[0].cards:
            console.print(tr("no arrangement to suggest now"), highlight=False)
            return
        ranker = deal.rules.ranking.ranker
        hands = " | ".join(f"{cards_markup(h)} ({ranker.describe(h)})" for h in arrange[0].cards)
        text = " | ".join(" ".join(str(c) for c in h) for h in arrange[0].cards)
        console.print(tr("hint: {hands}", hands=hands + esc(left_out(arrange[0], deal))), highlight=False)
        console.print("[dim]" + tr("to play it: {move} (or choose it from the menu)", move=esc("arrange " + text)) + "[/]",
                      highlight=False)

    def __call__(self, table: "Table", deal: "Deal", player: str) -> Optional["Action"]:
        console = self.view.console
        self.words = deal.rules.words
        self.view.draw(table, deal, player)
        options = deal.legal_actions() + void_option(deal, player)
        for number, option in enumerate(options, start=1):
            console.print(f"  [bold]{number}[/] {menu_entry(option, deal)}", highlight=False)
        for line in withheld_lines(deal):  # what is gone from the menu, and the rule that took it
            console.print(line, highlight=False)
        while True:
            text = self.prompter.ask(f"{player}>")
            if text is None or text.lower() in ("q", "quit", "exit"):
                return None
            answer = self._answer(table, deal, player, options, text)
            if not isinstance(answer, _Again):
                return answer

    def _answer(self, table: "Table", deal: "Deal", player: str, options: List["LegalAction"],
                text: str) -> Union["Action", None, "_Again"]:
        """What one line typed at the prompt comes to: the move chosen, None (stop), or ask again."""
        from bragrules.core.errors import RuleViolation
        from bragrules.core.text import to_you
        from bragrules.engine.actions import ActionSyntaxError
        from bragrules.rules.vocabulary import said

        if not text or self._command(table, deal, player, options, text.lower()):  # an empty line: ask again
            return AGAIN
        if text.lower() == "arrange" and deal.rules.format.hands > 1:
            arrange = [o for o in options if o.kind == "arrange"]
            if arrange:  # 'arrange' alone takes the suggested arrangement, as the menu offers it
                return arrange[0].action()
        console = self.view.console
        try:
            action = self._by_number(options, text) if text.isdigit() else self._by_words(player, options, text)
            if action is None or isinstance(action, _Again):
                return action
            deal.verify(action)
            return self._confirmed(action, deal)
        except RuleViolation as exc:  # the engine tells of seats in the third person: put right for You
            message = said(exc.text(), deal.rules.words)  # in the reader's language, in the game's words: a chaal
            message = to_you(message) if player == "You" else message
            refused = tr("not allowed")
            console.print(f"[red]{refused}[/] ({esc(exc.rule)}): {esc(for_people(message))}",
                          highlight=False)
        except (ActionSyntaxError, ValueError) as exc:
            console.print(f"[red]?[/] {esc(exc)}  (type 'help')", highlight=False)  # as typed: 5/2 stays
        return AGAIN

    def _command(self, table: "Table", deal: "Deal", player: str, options: List["LegalAction"], lowered: str) -> bool:
        """Help, the table drawn again, or a hint for the arrangement: True when ``lowered`` was one."""
        if lowered in ("?", "help", "h"):
            from .play_help import help_text

            self.view.console.print(help_text(deal.rules.profile), highlight=False, markup=False)
            return True
        if lowered == "table":
            self.view.draw(table, deal, player)
            return True
        if lowered == "hint" and deal.rules.format.hands > 1:
            self.hint(deal, options)
            return True
        return False

    def _by_number(self, options: List["LegalAction"], text: str) -> Union["Action", None, "_Again"]:
        """The menu's choice ``text`` (a number), with the amount asked for a bet of a range."""
        from bragrules.core.money import parse_money

        index = int(text) - 1
        if not 0 <= index < len(options):
            self.view.console.print(tr("choose 1 to {n}, or type 'help'", n=len(options)))
            return AGAIN
        option = options[index]
        amount = None
        if option.kind == "bet" and option.max_amount != option.amount:
            answer = self.prompter.ask("  " + tr("how much? [{amount}]", amount=money(option.amount)))
            if answer is None or answer.strip().lower() in ("q", "quit", "exit"):  # stop here too, as at the menu
                return None
            try:
                amount = parse_money(answer) if answer else option.amount
            except ValueError:
                from .play_malformed import not_an_amount

                self.view.console.print(f"[red]?[/] {esc(not_an_amount(answer))}", highlight=False)
                return AGAIN
        return option.action(amount)

    def _by_words(self, player: str, options: List["LegalAction"], text: str) -> Union["Action", "_Again"]:
        """A move typed in words (``see`` or ``bet`` alone: the least it may be)."""
        from bragrules.engine.actions import Action, ActionSyntaxError

        typed, text = text, in_engine_words(text, options, self.words)
        words = text.split()
        unknown = mistyped(text, options, self.words)
        if unknown is not None:
            hint = tr("(a number chooses from the menu; 'help' lists every move)")
            self.view.console.print(f"[red]?[/] {esc(unknown)}  {hint}", highlight=False)
            return AGAIN
        if words[0].lower() == "see" and len(words) == 1:
            see = [o for o in options if o.kind == "see"]
            text = f"see {see[0].amount}" if see else "see 0"
        if words[0].lower() == "bet" and len(words) == 1:
            bet = [o for o in options if o.kind == "bet"]
            text = f"bet {bet[0].amount}" if bet else text
        if words[0].lower() in ("sideshow", "side-show") and len(words) == 1:  # its price, as the menu says
            side = [o for o in options if o.kind == "sideshow" and o.amount is not None]
            text = f"sideshow {side[0].amount}" if side else text
        if words[0].lower() in ("open", "opens") and len(words) == 1:  # playing open: its price, as offered
            opening = [o for o in options if o.kind == "open"]
            text = f"open {opening[0].amount}" if opening else text
        try:
            return Action.parse_move(player, text)
        except ActionSyntaxError as exc:  # said as typed, in the language spoken, with how the move is written
            from .play_malformed import malformed

            said = (as_typed(str(exc), typed, text) if language() == ENGLISH
                    else malformed(typed, text, options, self.words))
            self.view.console.print(f"[red]?[/] {esc(said)}  " + tr("(type 'help')"), highlight=False)
            return AGAIN

    def _confirmed(self, action: "Action", deal: "Deal") -> Union["Action", None, "_Again"]:
        """A bet far above the pot, or hands set out of order that would win nothing, asked about first
        (no: choose again)."""
        if action.kind == "arrange" and self.scores_nothing(action, deal):
            answer = self.prompter.ask("  " + tr("those hands are not strongest first: set out so, they win no hand "
                                                 "this deal (format.wrong_order). Set them out anyway? (y/n)"))
            if answer is None:
                return None
            if answer.strip().lower() not in ("y", "yes"):
                self.view.console.print(tr("not set out; choose again ('hint' shows the best arrangement)"),
                                        highlight=False)
                return AGAIN
            return action
        if not self.too_big(action, deal):
            return action
        bet = deal.rules.words.move("bet")  # the game's word: Teen Patti's chaal
        english = language() == ENGLISH
        question = (f"  {bet} {money(action.amount)}? The pot is {money(deal.pot)}. (y/n)" if english
                    else "  " + tr("bet {amount}? The pot is {pot}. (y/n)", amount=money(action.amount),
                                   pot=money(deal.pot)))
        answer = self.prompter.ask(question)
        if answer is None:
            return None
        if answer.strip().lower() not in ("y", "yes"):
            self.view.console.print(f"no {bet} made; choose again" if english else tr("not bet; choose again"),
                                    highlight=False)
            return AGAIN
        return action


class _Again:
    """A line typed that decides nothing: the prompt asks again."""


AGAIN = _Again()


# ---------------------------------------------------------------------------


__all__ = ["COMMANDS", "HumanTurn", "for_people", "legal_moves", "menu_entry", "mistyped", "typed_move"]
