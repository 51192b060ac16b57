"""The sheet (``bragrules-history/1``): a hand history written by people, in YAML.

::

    format: bragrules-history/1
    profile: traditional
    players: [A, B, C, D]
    dealer: D
    deals:
      - cards: {A: Kc 9c 4c, B: 5s 6h 7d}
        actions: [A look, A bet 2, B look, B bet 2, C fold, D fold, A see 4]
        result: {winner: B, net: {A: -7, B: 9, C: -1, D: -1}}

The keys each level of a sheet may hold are declared once, in
:mod:`bragrules.history.schema` (:class:`~bragrules.history.schema.SheetTop`
and the rest), and every key outside them is refused with the list of
those allowed.

>>> sheet = parse_sheet(
...     "players: [A, B, C, D]\\ndealer: D\\ndeals:\\n"
...     "  - cards: {A: Kc 9c 4c, B: 5s 6h 7d, C: '?? ?? ??'}\\n"
...     "    actions: [A look, A bet 2, B look, B bet 2, C fold, D fold, A see 4]\\n"
...     "    result: {winner: B, net: {A: -7, B: 9, C: -1, D: -1}}\\n", filename="pot.yaml")
>>> deal = sheet.deals[0]
>>> [str(a) for a in deal.actions][-1], deal.actions[-1].line
('A see 4', 5)
>>> deal.cards["C"] is None, deal.result.winners
(True, ['B'])

Mistakes are :class:`~bragrules.core.errors.HistoryError`\\ s naming the file and line:

>>> parse_sheet("players: [A, B]\\ndealer: A\\ndeals:\\n  - cards: {A: Kc 9c 4x}\\n", filename="h.yaml")
Traceback (most recent call last):
...
bragrules.core.errors.HistoryError: h.yaml:4: deal 1: A's cards: '4x' is not a card (write rank then suit, e.g. Kc, K♣, 10h, Th)
"""

from __future__ import annotations

import os
from fractions import Fraction
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

import yaml

from bragrules.core.errors import HistoryError
from bragrules.core.i18n import N_, Message, said_of
from bragrules.core.money import format_money, money_json
from bragrules.core.text import quote
from bragrules.profile import ProfileError, load_document_text

from .model import SHEET_FORMAT, DealEntry, EndClaim, History, PathLike, ResultClaim
from .schema import DEAL_KEYS, END_KEYS, RESULT_KEYS, SHEET_KEYS
from .values import (
    CardBook,
    deal_words,
    describe_value,
    format_time,
    hand_text,
    parse_time,
    read_action,
    read_centre,
    read_hand,
    read_money,
    read_names,
    read_net_map,
    read_player_name,
    read_points,
    too_large,
    unreadable_error,
    within,
)

_SHEET_WORDS = {
    "anchors and aliases are not allowed in profiles": N_("anchors and aliases are not allowed in history sheets"),
    "tag {tag} is not allowed in profiles": N_("tag {tag} is not allowed in history sheets"),
    "merge keys (<<) are not allowed in profiles": N_("merge keys (<<) are not allowed in history sheets"),
    "only one YAML document is allowed in a profile (found a second '---')":
        N_("only one YAML document is allowed in a history sheet (found a second '---')"),
    "character {code} is not allowed in a profile (binary data?)":
        N_("character {code} is not allowed in a history sheet (binary data?)"),
    "the top level of a profile must be a mapping of keys to values, not {kind}":
        N_("the top level of a history sheet must be a mapping of keys to values, not {kind}"),
    "the file is empty (nothing but blanks or comments): a profile is a mapping of rule areas; write {} for every "
    "default, or 'extends: standard' for the standard game":
        N_("the file is empty (nothing but blanks or comments): a history sheet is a mapping of rule areas; write {} "
           "for every default, or 'extends: standard' for the standard game"),
}
"""What the YAML reader says of a profile, said of a history sheet (the rest it says of any YAML file)."""

_JOINED = "{first}{then}"


def _sheet_message(exc: ProfileError) -> Message:
    """The YAML reader's refusal, said of a history sheet, to be read in the reader's language."""
    if exc.said is None:
        english = exc.message.replace("in profiles", "in history sheets").replace("a profile", "a history sheet")
        said = Message(english)
    else:
        sheet = _SHEET_WORDS.get(exc.said.message)
        said = exc.said if sheet is None else Message(sheet, **exc.said.placeholders)
    if "found '?'" in said.english():
        said = Message(_JOINED, first=said, then=Message("; inside [ ] or {braces} write unknown cards in quotes: "
                                                         "'?? ?? ??'", braces="{ }"))
    return said


class _Sheet:
    """Reads the plain data of a sheet, with the line of every value."""

    def __init__(self, text: str, filename: str):
        self.file = filename
        if not text.strip():
            raise HistoryError(Message("the sheet is empty"), filename)
        try:
            self.data, self.positions = load_document_text(text, filename)
        except ProfileError as exc:
            raise HistoryError(_sheet_message(exc), filename, exc.line) from None

    def line(self, path: str) -> Optional[int]:
        where = self.positions.error_position(path)
        return where.line if where is not None else None

    def value_line(self, path: str) -> Optional[int]:
        where = self.positions.get(path)
        return where.line if where is not None else self.line(path)

    def fail(self, message: Message, path: str) -> HistoryError:
        return HistoryError(message, self.file, self.line(path))

    def mapping(self, value: Any, path: str, what: Any, allowed: Sequence[str]) -> Dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(Message("{what}: expected a mapping, got {value}", what=what, value=describe_value(value)),
                            path)
        out: Dict[str, Any] = {}
        for key, item in value.items():
            if key.startswith("_"):
                continue  # a user field
            if key not in allowed:
                child = f"{path}.{key}" if path else key
                raise self.fail(Message("{what}: unknown key {key} (expected: {keys})", what=what, key=repr(key),
                                        keys=", ".join(allowed)), child)
            out[key] = item
        return out



def parse_sheet(text: str, filename: str = "<sheet>", base_dir: Optional[Path] = None) -> History:
    """Read a history sheet from text (``filename`` is used in messages)."""
    sheet = _Sheet(text, filename)
    top = sheet.mapping(sheet.data, "", Message("the sheet"), SHEET_KEYS)
    fmt = top.get("format", SHEET_FORMAT)
    if fmt != SHEET_FORMAT:
        raise sheet.fail(Message("format: expected {format}, got {value}", format=repr(SHEET_FORMAT),
                                 value=describe_value(fmt)), "format")
    if "players" not in top:
        raise HistoryError(Message("players: the sheet must list the players, clockwise"), filename, 1)
    raw_players = top["players"]
    if not isinstance(raw_players, list) or len(raw_players) < 2:
        raise sheet.fail(Message("players: expected a list of at least two names, clockwise"), "players")
    players: List[str] = []
    for index, value in enumerate(raw_players):
        name = read_player_name(value, "players", filename, sheet.value_line(f"players.{index}"))
        if name in players:
            raise HistoryError(Message("players: {name} is listed twice", name=name), filename,
                               sheet.value_line(f"players.{index}"))
        players.append(name)
    dealer = None
    if top.get("dealer") is not None:
        dealer = read_player_name(top["dealer"], "dealer", filename, sheet.line("dealer"))
        if dealer not in players:
            raise sheet.fail(Message("dealer: {dealer} is not one of the players ({players})", dealer=dealer,
                                     players=", ".join(players)), "dealer")
    profile = top.get("profile")
    if isinstance(profile, int) and not isinstance(profile, bool) and profile >= 0:
        profile = str(profile)  # a profile named by digits (999, 555), as YAML reads them unquoted
    if profile is not None and (not isinstance(profile, str) or not profile.strip()):
        raise sheet.fail(Message("profile: expected a profile name or a path to a .yaml file"), "profile")
    seed = top.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise sheet.fail(Message("seed: expected a whole number"), "seed")
    deals_value = top.get("deals") or []
    if not isinstance(deals_value, list):
        raise sheet.fail(Message("deals: expected a list of deals"), "deals")
    deals = [_sheet_deal(sheet, item, index, players) for index, item in enumerate(deals_value)]
    for entry in deals[:-1]:
        if entry.dispute is not None:
            raise HistoryError(Message("deal {deal}: only the last deal may have a dispute", deal=str(entry.number)),
                               filename, entry.dispute_line)
    end = None
    if top.get("end") is not None:
        end = _sheet_end(sheet, top["end"], players, len(deals))
    if base_dir is None:
        base_dir = Path(filename).parent if filename and not filename.startswith("<") else Path(".")
    lines = {key: line for key in ("profile", "players", "dealer") if (line := sheet.line(key)) is not None}
    return History(
        kind="sheet",
        file=filename,
        players=players,
        dealer=dealer,
        profile=profile.strip() if isinstance(profile, str) else None,
        profile_base=base_dir,
        seed=seed,
        deals=deals,
        end=end,
        lines=lines,
    )


def _sheet_deal(sheet: _Sheet, item: Any, index: int, players: Sequence[str]) -> DealEntry:
    number = index + 1
    path = f"deals.{index}"
    body = sheet.mapping(item, path, deal_words(number), DEAL_KEYS)
    entry = DealEntry(number=number, line=sheet.line(path))
    file = sheet.file
    if body.get("dealer") is not None:
        entry.dealer = read_player_name(body["dealer"], deal_words(number, "dealer"), file, sheet.line(f"{path}.dealer"))
        if entry.dealer not in players:
            raise sheet.fail(Message("deal {deal}: the dealer {dealer} is not a player", deal=str(number),
                                     dealer=entry.dealer), f"{path}.dealer")
    _sheet_table(sheet, body, entry, path, players)
    cards = body.get("cards")
    book = CardBook(file, number)
    if cards is not None:
        if not isinstance(cards, dict):
            raise sheet.fail(Message("deal {deal}: cards: expected a mapping of player to cards", deal=str(number)),
                             f"{path}.cards")
        for key, value in cards.items():
            if key.startswith("_"):
                continue
            line = sheet.line(f"{path}.cards.{key}")
            if key not in players:
                raise HistoryError(Message("deal {deal}: cards for {player}, who is not a player ({players})",
                                           deal=str(number), player=repr(key), players=", ".join(players)), file, line)
            entry.cards[key] = read_hand(value, key, number, file, line, book)
            if line is not None:
                entry.card_lines[key] = line
    if body.get("centre") is not None:
        line = sheet.line(f"{path}.centre")
        entry.centre = read_centre(body["centre"], number, file, line, book)
        entry.centre_line = line
    actions = body.get("actions") or []
    if isinstance(actions, str):
        raise sheet.fail(Message("deal {deal}: actions: expected a list, e.g. [A look, A bet 2]", deal=str(number)),
                         f"{path}.actions")
    if not isinstance(actions, list):
        raise sheet.fail(Message("deal {deal}: actions: expected a list of actions", deal=str(number)), f"{path}.actions")
    for j, text in enumerate(actions):
        line = sheet.value_line(f"{path}.actions.{j}")
        entry.actions.append(read_action(text, players, number, file, line))
    if body.get("time") is not None:
        entry.time_line = sheet.line(f"{path}.time")
        try:
            entry.finished_ms = parse_time(body["time"])
        except ValueError as exc:
            raise HistoryError(Message("deal {deal}: time: {problem}", deal=str(number), problem=said_of(exc)), file,
                               entry.time_line) from None
    if body.get("result") is not None:
        entry.result = _sheet_result(sheet, body["result"], f"{path}.result", number, players)
    if "dispute" in body:
        dispute = body["dispute"]
        if not isinstance(dispute, str) or not dispute.strip():
            raise sheet.fail(Message("deal {deal}: dispute: expected the action or event in question, "
                                     "e.g. 'A see 3', 'A exposes B', 'A peeks B' or 'tie'", deal=str(number)),
                             f"{path}.dispute")
        entry.dispute = dispute.strip()
        entry.dispute_line = sheet.value_line(f"{path}.dispute")
    return entry


def _sheet_table(sheet: _Sheet, body: Dict[str, Any], entry: DealEntry, path: str, players: Sequence[str]) -> None:
    """What happened at the table before the deal, as a sheet writes it: who sits it out (``away``), the chips
    bought since the last deal (``buys``) and what each seat posted (``posts``, the antes missed among them).
    The audit follows them as it does a log's."""
    number = entry.number
    away = body.get("away")
    if away is not None:
        if not isinstance(away, list):
            raise sheet.fail(Message("deal {deal}: away: expected a list of the players sitting this deal out",
                                     deal=str(number)), f"{path}.away")
        entry.away = [read_player_name(p, deal_words(number, "away"), sheet.file, sheet.value_line(f"{path}.away.{j}"))
                      for j, p in enumerate(away)]
        for j, name in enumerate(entry.away):
            if name not in players:
                raise sheet.fail(Message("deal {deal}: away: {name} is not a player", deal=str(number), name=name),
                                 f"{path}.away.{j}")
    if body.get("buys") is not None:
        entry.buys = _sheet_moves(sheet, body["buys"], f"{path}.buys", number, players, "buys")
    if body.get("posts") is not None:
        entry.posts = _sheet_moves(sheet, body["posts"], f"{path}.posts", number, players, "posts")


def _sheet_moves(sheet: _Sheet, value: Any, path: str, number: int, players: Sequence[str],
                 key: str) -> List[Tuple[str, str, Fraction]]:
    """A sheet's ``buys`` or ``posts``: a list of ``PLAYER KIND AMOUNT`` (``A rebuy 20``, ``D missed 3``)."""
    what = deal_words(number, key)
    example = "[A rebuy 20]" if key == "buys" else "[D missed 3]"
    if not isinstance(value, list):
        raise sheet.fail(Message("{what}: expected a list, e.g. {example}", what=what, example=example), path)
    found: List[Tuple[str, str, Fraction]] = []
    for j, item in enumerate(value):
        line = sheet.value_line(f"{path}.{j}")
        words = item.split() if isinstance(item, str) else []
        if len(words) != 3:
            raise HistoryError(Message("{what}: each is PLAYER KIND AMOUNT, e.g. {example}, not {item}", what=what,
                                       example=example, item=quote(item)), sheet.file, line)
        player, kind, amount = words
        kind = kind.replace("-", "_")
        if player not in players:
            raise HistoryError(Message("{what}: {player} is not a player", what=what, player=quote(player)),
                               sheet.file, line)
        if not kind.isidentifier():
            raise HistoryError(Message("{what}: {post} is no kind of {kind}", what=what, post=quote(kind),
                                       kind=key[:-1]), sheet.file, line)
        found.append((player, kind, read_money(amount, what, sheet.file, line)))
    return found


def _sheet_result(sheet: _Sheet, value: Any, path: str, number: int, players: Sequence[str]) -> ResultClaim:
    """A deal's ``result:`` as claimed: first how it ended (:func:`_result_outcome`), then the
    amounts it claims (:func:`_result_amounts`); each wrong value refused with its line."""
    what = deal_words(number, "result")
    body = sheet.mapping(value, path, what, RESULT_KEYS)
    claim = ResultClaim(line=sheet.line(path))
    _result_outcome(sheet, body, path, what, players, claim)
    _result_amounts(sheet, body, path, what, players, claim)
    return claim


def _noted(claim: ResultClaim, key: str, line: Optional[int]) -> None:
    """Remember the line ``key`` was claimed on, where the sheet has one."""
    if line is not None:
        claim.lines[key] = line


def _result_outcome(sheet: _Sheet, body: Dict[str, Any], path: str, what: Message, players: Sequence[str],
                    claim: ResultClaim) -> None:
    """How the deal ended, into ``claim``: the winner or winners (won or split), a pot carried or
    not, or the hand abandoned; the three are checked against each other first."""
    file = sheet.file
    if "winner" in body and "winners" in body:
        raise sheet.fail(Message("{what}: write winner or winners, not both", what=what), f"{path}.winners")
    carried = body.get("carried")
    if carried is not None and not isinstance(carried, bool):
        raise sheet.fail(Message("{what}: carried: expected true or false", what=what), f"{path}.carried")
    abandoned = body.get("abandoned")
    if abandoned is not None and not isinstance(abandoned, bool):
        raise sheet.fail(Message("{what}: abandoned: expected true or false", what=what), f"{path}.abandoned")
    if abandoned and ("winner" in body or "winners" in body or carried):
        raise sheet.fail(Message("{what}: an abandoned hand has no winner and carries nothing", what=what),
                         f"{path}.abandoned")
    for key in ("winner", "winners"):
        if key in body:
            line = sheet.line(f"{path}.{key}")
            claim.winners = read_names(body[key], within(what, key), players, file, line)
            _noted(claim, "winners", line)
            if carried:
                raise HistoryError(Message("{what}: a carried pot has no winner", what=what), file, line)
            claim.outcome = "won" if len(claim.winners) == 1 else "split"
    if carried is not None:
        _noted(claim, "outcome", sheet.line(f"{path}.carried"))
        if carried:
            claim.outcome, claim.winners = "carried", []
        elif claim.outcome is None:
            claim.outcome = "not carried"
    if abandoned:
        claim.outcome, claim.winners = "abandoned", []
        _noted(claim, "outcome", sheet.line(f"{path}.abandoned"))


def _result_amounts(sheet: _Sheet, body: Dict[str, Any], path: str, what: Message, players: Sequence[str],
                    claim: ResultClaim) -> None:
    """What the deal's result claims in numbers, into ``claim``: each player's net, the lives lost,
    the points scored and the pot."""
    file = sheet.file
    if "net" in body:
        claim.net, lines = read_net_map(
            body["net"],
            within(what, "net"),
            players,
            file,
            lambda key: sheet.value_line(f"{path}.net.{key}") if key is not None else sheet.line(f"{path}.net"),
        )
        claim.lines.update({f"net.{k}": v for k, v in lines.items()})
    if "lives_lost" in body:
        line = sheet.line(f"{path}.lives_lost")
        value = body["lives_lost"]
        claim.lives_lost = read_names(value, within(what, "lives_lost"), players, file, line) if value else []
        _noted(claim, "lives_lost", line)
    if "points" in body:
        line = sheet.line(f"{path}.points")
        value = body["points"]
        if not isinstance(value, dict):
            raise HistoryError(Message("{what}: points must be a mapping of players to points", what=what), file, line)
        claim.points = read_points(value, within(what, "points"), players, file, line)
        _noted(claim, "points", line)
    if "pot" in body:
        line = sheet.line(f"{path}.pot")
        claim.pot = read_money(body["pot"], within(what, "pot"), file, line)
        _noted(claim, "pot", line)


def _sheet_end(sheet: _Sheet, value: Any, players: Sequence[str], deals: int) -> EndClaim:
    body = sheet.mapping(value, "end", "end", END_KEYS)
    claim = EndClaim(line=sheet.line("end"), after_deal=deals)
    for key in ("winner", "winners"):
        if key in body:
            claim.winners = read_names(body[key], f"end: {key}", players, sheet.file, sheet.line(f"end.{key}"))
    if "net" in body:
        claim.net, _ = read_net_map(
            body["net"],
            "end: net",
            players,
            sheet.file,
            lambda key: sheet.value_line(f"end.net.{key}") if key is not None else sheet.line("end.net"),
        )
    return claim


def read_sheet(path: PathLike) -> History:
    """Read a history sheet from a file."""
    name = os.fspath(path)
    return sheet_from_bytes(_read_small(name), name)


def sheet_from_bytes(raw: bytes, name: str) -> History:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise HistoryError(Message("not UTF-8 text; a history sheet is a YAML text file"), name, line) from None
    if text.startswith("\ufeff"):
        raise HistoryError(Message("a second byte order mark: the file starts with two"), name, 1)
    return parse_sheet(text, name, Path(name).parent)


def _read_small(name: str) -> bytes:
    from bragrules.profile.loader import MAX_BYTES

    try:
        size = os.stat(name).st_size if os.path.isfile(name) else 0
        if size > MAX_BYTES:
            raise HistoryError(too_large(size, MAX_BYTES), name)
        with open(name, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:  # a file that does not say its size, such as a device
            raise HistoryError(too_large(None, MAX_BYTES), name)
        return data
    except OSError as exc:
        raise unreadable_error(exc, name) from None



def _claim_data(claim: ResultClaim) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    if claim.outcome == "carried":
        out["carried"] = True
    elif claim.outcome == "abandoned":
        out["abandoned"] = True
    elif claim.winners:
        out["winner"] = claim.winners[0] if len(claim.winners) == 1 else list(claim.winners)
    elif claim.outcome == "not carried":
        out["carried"] = False
    if claim.net is not None:
        out["net"] = {p: money_json(v) for p, v in claim.net.items()}
    if claim.pot is not None:
        out["pot"] = money_json(claim.pot)
    if claim.lives_lost is not None:
        out["lives_lost"] = list(claim.lives_lost)
    if claim.points is not None:
        out["points"] = dict(claim.points)
    return out


def dump_sheet(history: History) -> str:
    """A history (of either form) as a sheet. A log's deals are read as they are written."""
    top: Dict[str, Any] = {"format": SHEET_FORMAT}
    if history.profile:
        top["profile"] = history.profile
    top["players"] = list(history.players)
    if history.dealer:
        top["dealer"] = history.dealer
    if history.seed is not None:
        top["seed"] = history.seed
    deals: List[Dict[str, Any]] = []
    for entry in history.deals:
        item: Dict[str, Any] = {}
        if entry.away is not None:
            item["away"] = list(entry.away)
        for key, moves in (("buys", entry.buys), ("posts", entry.posts)):
            if moves is not None:
                item[key] = [f"{p} {kind} {format_money(amount)}" for p, kind, amount in moves]
        if entry.cards:
            item["cards"] = {p: hand_text(h) for p, h in entry.cards.items()}
        if entry.centre is not None:
            item["centre"] = hand_text(entry.centre)
        item["actions"] = [str(a) for a in entry.actions]
        if entry.result is not None:
            claim = _claim_data(entry.result)
            if claim:
                item["result"] = claim
        if entry.finished_ms is not None:
            item["time"] = format_time(entry.finished_ms)
        deals.append(item)
    top["deals"] = deals
    if history.end is not None:
        end: Dict[str, Any] = {}
        if history.end.winners is not None:
            end["winners"] = list(history.end.winners)
        if history.end.net is not None:
            end["net"] = {p: money_json(v) for p, v in history.end.net.items()}
        top["end"] = end
    return yaml.safe_dump(top, sort_keys=False, default_flow_style=None, allow_unicode=True, width=100)


def write_sheet(history: History, path: PathLike) -> None:
    """Write a history as a sheet file."""
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(dump_sheet(history))



__all__ = ["dump_sheet", "parse_sheet", "read_sheet", "write_sheet"]
