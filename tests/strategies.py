"""Hypothesis strategies for profiles and play."""

from __future__ import annotations

import json
from typing import Any, Dict, List

from hypothesis import strategies as st

from bragrules.profile import load_profile
from bragrules.profile.models import Profile


@st.composite
def profiles(
    draw: st.DrawFn,
    base_names: tuple = ("standard", "traditional", "casual", "seen-only", "house",
                         "four-card", "seven-card", "nine-card", "crash", "thirteen-card"),
) -> Profile:
    """A valid profile: a shipped one with many rule dimensions redrawn."""
    base = load_profile(draw(st.sampled_from(base_names)))
    data: Dict[str, Any] = base.model_dump(mode="json")
    stakes = data["stakes"]
    stakes["ante"] = draw(st.sampled_from([0, 1, 2, 5, "1/2"]))
    stakes["check"] = draw(st.sampled_from(["never", "before_first_bet"]))
    kind = draw(st.sampled_from(["none", "max_increase", "fixed", "pot"]))
    stakes["raise_limit"] = {"kind": kind, "amount": draw(st.sampled_from([1, 2, 5])) if kind in ("max_increase", "fixed") else None,
                             "pot_opening": draw(st.sampled_from(["capped", "free"]))}
    if kind == "pot":
        stakes["raise_limit"]["pot_measure"] = draw(st.sampled_from(["before_bet", "after_call"]))
    stakes["opening_max"] = draw(st.sampled_from([None, 5, 10]))
    stakes["opening_min"] = draw(st.sampled_from([1, 2]))
    data["seeing"]["exposure"] = draw(st.sampled_from(["opponent_first", "caller_first"]))
    data["seeing"]["concede_unseen"] = draw(st.booleans())
    data["disputes"] = {"exposure_before_betting": draw(st.sampled_from(["redeal", "continue"])),
                        "exposure_after_betting": draw(st.sampled_from(["redeal", "continue"])),
                        "deliberate_look": draw(st.sampled_from(["fold", "continue"]))}
    data["seeing"]["tie"] = draw(st.sampled_from(["caller_loses", "split", "suits", "eldest_hand"]))
    data["seeing"]["cost_basis"] = draw(st.sampled_from(["caller_rate", "opponent_last_bet"]))
    for pair in ("seen_sees_blind", "blind_sees_seen", "blind_sees_blind"):
        data["seeing"][pair] = draw(st.booleans())
    data["folding"]["nobody_bet"] = draw(st.sampled_from(["last_player_wins", "carries"]))
    blind_allowed = draw(st.booleans())
    data["blind"]["allowed"] = blind_allowed
    data["blind"]["look"] = draw(st.sampled_from(["own_turn", "any_time"]))
    survivor = draw(st.sampled_from(["collects", "carries"]))
    data["folding"]["blind_survivor"] = survivor
    one_hand = data["format"]["hands"] == 1
    data["blind"]["retention"] = blind_allowed and one_hand and survivor == "carries" and draw(st.booleans())
    data["blind"]["retain_default"] = draw(st.sampled_from(["retain", "release"]))
    data["blind"]["retain_of_two"] = draw(st.sampled_from(["choice", "newer", "older"]))
    if data["format"]["hands"] > 1:
        data["format"]["win_rule"] = draw(st.sampled_from(["all", "majority"]))
        data["format"]["tied_hand"] = draw(st.sampled_from(["nobody", "against_caller"]))
        data["format"]["hand_order"] = draw(st.sampled_from(["free", "strongest_first"]))
        data["format"]["betting"] = draw(st.booleans())
        data["format"]["minimum_hand"] = draw(st.sampled_from([None, "pair"]))
        data["format"]["wrong_order"] = draw(st.sampled_from(["refused", "scores_nothing"]))
    if data["format"]["lives"] is not None and draw(st.booleans()):
        data["format"]["exchange"] = {"enabled": True, "centre_cards": 3,
                                      "swap": draw(st.sampled_from(["one", "three", "one_or_three"]))}
        data["table"]["max_players"] = min(data["table"]["max_players"], 16)
    if data["format"]["cards_dealt"] == 4:
        data["format"]["discard_breaks_ties"] = draw(st.booleans())
    data["pack"]["shuffle"] = draw(st.sampled_from(["every_deal", "after_prial_showdown", "first_deal_only"]))
    data["table"]["rotation"] = draw(st.sampled_from(["clockwise", "anticlockwise", "fixed"]))
    data["table"]["deal"] = draw(st.sampled_from(["singly", "in_batches"]))
    data["table"]["min_players"] = 2
    data["session"]["bonus"] = {"prial": draw(st.sampled_from([0, 3])), "running_flush": draw(st.sampled_from([0, 2])),
                                "when": draw(st.sampled_from(["shown", "dealt"]))}
    if data["session"]["bonus"]["when"] == "dealt":
        data["session"]["bonus"]["needs_look"] = draw(st.booleans())
    finite = data["format"]["lives"] is None and draw(st.booleans())
    if finite:
        data["session"]["bankroll"] = "finite"
        data["session"]["starting_stack"] = draw(st.sampled_from([10, 40, 200]))
        data["session"]["covering"] = draw(st.sampled_from(["side_pot", "must_fold"]))
        data["session"]["end"] = {"kind": "one_player_left", "count": None}
    else:
        data["session"]["bankroll"] = "unlimited"
        data["session"]["starting_stack"] = 0
        kinds = ["resolved_pots", "hands", "time"] + (["rounds"] if data["table"]["rotation"] != "fixed" else [])
        kind = draw(st.sampled_from(kinds))
        if kind == "time":
            data["session"]["end"] = {"kind": "time", "minutes": draw(st.integers(1, 3)),
                                      "at_limit": draw(st.sampled_from(["finish_deal", "abandon"]))}
        elif kind == "rounds":
            data["session"]["end"] = {"kind": kind, "count": draw(st.integers(1, 2))}
        else:
            data["session"]["end"] = {"kind": kind, "count": draw(st.integers(1, 6))}
    return Profile.model_validate(data)


AMOUNTS = [0, "1/3", "1/2", 1, "3/2", 2, 3, 5, 10]
"""Amounts drawn for any field of money: whole, halves, thirds and zero."""


@st.composite
def profile_data(draw: st.DrawFn) -> Dict[str, Any]:
    """The data of a profile, valid or not: a shipped profile with its money
    and betting fields redrawn freely (halves, thirds, steps, caps, stacks)
    and its rules of play redrawn as in :func:`profiles`.

    Used with ``Profile.model_validate``: whatever validates must play.
    """
    base = draw(profiles())
    data: Dict[str, Any] = base.model_dump(mode="json")
    stakes = data["stakes"]
    stakes["ante"] = draw(st.sampled_from(AMOUNTS))
    stakes["blind_rate"] = draw(st.sampled_from(["1/3", "1/2", 1]))
    stakes["level_step"] = draw(st.sampled_from(["1/2", 1, 2]))
    stakes["opening_min"] = draw(st.sampled_from(AMOUNTS[1:]))
    stakes["opening_max"] = draw(st.sampled_from([None, *AMOUNTS[1:]]))
    kind = draw(st.sampled_from(["none", "max_increase", "fixed", "pot"]))
    stakes["raise_limit"] = {"kind": kind, "amount": draw(st.sampled_from(AMOUNTS[1:])) if kind in ("max_increase", "fixed") else None}
    data["seeing"]["cost_multiple"] = draw(st.sampled_from(["1/2", 1, 2, 3]))
    if data["session"]["bankroll"] == "finite":
        data["session"]["starting_stack"] = draw(st.sampled_from([1, "5/2", 10, 40]))
    return data


# ---------------------------------------------------------------------------
# Logs: a valid log's lines, mutated
# ---------------------------------------------------------------------------


def _edited_value(draw: st.DrawFn, value: Any) -> Any:
    """``value`` changed a little, as a hand would edit it: a number by one, two words swapped, a flag flipped."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + draw(st.sampled_from([1, -1, 1000]))
    if isinstance(value, str):
        words = value.split(" ")
        if len(words) > 1:
            i, j = draw(st.integers(0, len(words) - 1)), draw(st.integers(0, len(words) - 1))
            words[i], words[j] = words[j], words[i]
            if draw(st.booleans()):  # a word of the line changed for another of it (a card, an amount, a name)
                words[i] = draw(st.sampled_from(words))
            return " ".join(words)
        return draw(st.sampled_from([value + "x", "", value.upper()]))
    if isinstance(value, list) and value:
        return draw(st.permutations(value))
    if isinstance(value, dict) and value:
        key = draw(st.sampled_from(sorted(value)))
        return {**value, key: _edited_value(draw, value[key])}
    return value


HEADER_EDITS = ("seed", "keep", "dealer", "hands", "seats", "started_ms", "profile_data", "profile_hash")
"""The header keys a mutation edits: what a resume takes from the header."""


@st.composite
def mutated_log_lines(draw: st.DrawFn, lines: List[str]) -> List[str]:
    """A valid log's lines (``lines``, without their newlines) with one to three hostile edits.

    Each edit drops a line, writes one twice (a bet line written again),
    swaps two, cuts the log after a line (a killed writer), copies a line
    elsewhere, or edits one key of one line: the header's seed, first
    dealer, ``keep``, ``hands``, seats, start or profile, or any field of
    an event (a number by one, two cards or words swapped, a flag flipped).
    Lines stay whole JSON lines, so the result is what a log editor or a
    killed writer leaves, never a line cut short.
    """
    lines = list(lines)
    for _ in range(draw(st.integers(1, 3))):
        if not lines:
            break
        kind = draw(st.sampled_from(["drop", "twice", "swap", "cut", "copy", "header", "edit", "edit"]))
        i = draw(st.integers(0, len(lines) - 1))
        if kind == "drop" and len(lines) > 1:
            del lines[i]
        elif kind == "twice":
            lines.insert(i, lines[i])
        elif kind == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "cut":
            lines = lines[:i + 1]
        elif kind == "copy":
            lines.insert(draw(st.integers(0, len(lines))), lines[i])
        elif kind == "header":
            header = json.loads(lines[0])
            key = draw(st.sampled_from(HEADER_EDITS))
            if key == "keep":
                header["keep"] = draw(st.sampled_from([True, False, "yes"]))
            elif key == "dealer" and isinstance(header.get("players"), list) and header["players"]:
                header["dealer"] = draw(st.sampled_from(header["players"]))
            elif key in header and draw(st.booleans()):
                header[key] = _edited_value(draw, header[key])
            else:
                header.pop(key, None)
            lines[0] = json.dumps(header, separators=(",", ":"))
        else:
            event = json.loads(lines[i])
            keys = sorted(k for k in event if k != "type")
            if keys:
                key = draw(st.sampled_from(keys))
                event[key] = _edited_value(draw, event[key])
                lines[i] = json.dumps(event, separators=(",", ":"))
    return lines
