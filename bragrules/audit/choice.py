"""Which profile a history is audited under: the one it names (or a log carries), or one given instead.

>>> looks_like_path("house.yaml"), looks_like_path("traditional")
(True, False)
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Tuple, Union

from pydantic import ValidationError

from bragrules.core.errors import HistoryError
from bragrules.core.i18n import Later, Message
from bragrules.history import History
from bragrules.profile import ProfileError, load_profile
from bragrules.profile.models import Profile
from bragrules.rules.compile import Rules, compile_rules

ProfileChoice = Union[Rules, Profile, str, "os.PathLike[str]", None]
"""What may stand in for a history's own profile: compiled rules, a profile, or a profile's name or path."""


def looks_like_path(text: str) -> bool:
    return text.lower().endswith((".yaml", ".yml")) or "/" in text or "\\" in text or text.startswith(".")


def history_profile(history: History) -> Tuple[Profile, str]:
    """The profile a history names (or carries, for a log)."""
    header_line = history.line_of("profile")
    if history.profile_data is not None:
        try:
            profile = Profile.model_validate(history.profile_data)
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            where = ".".join(str(p) for p in first.get("loc", ()))
            raise HistoryError(Message("header: profile_data is not a valid profile ({where}: {why})", where=where,
                                       why=str(first.get("msg"))), history.file, header_line) from None
        return profile, history.profile or profile.name
    name = history.profile
    if not name:
        raise HistoryError(Message("no profile: name one in the history (profile: traditional) or audit with --profile"),
                           history.file, history.line_of("players"))
    target: Union[str, Path] = name
    if looks_like_path(name):
        path = Path(name)
        if not path.is_absolute() and history.profile_base is not None:
            path = history.profile_base / path
        target = path
    try:
        return load_profile(target), name
    except ProfileError as exc:
        raise HistoryError(Message("profile: {problem}", problem=Later(ProfileError.text, exc)), history.file,
                           header_line) from None


def choose_rules(history: History, choice: ProfileChoice) -> Tuple[Rules, str, bool]:
    """(rules, the profile's label, whether it overrides the history's own)."""
    if choice is None:
        profile, label = history_profile(history)
        return compile_rules(profile), label, False
    if isinstance(choice, Rules):
        return choice, choice.profile.name, True
    if isinstance(choice, Profile):
        return compile_rules(choice), choice.name, True
    label = os.fspath(choice)
    return compile_rules(load_profile(choice if isinstance(choice, Path) else label)), label, True



__all__ = ["ProfileChoice", "choose_rules", "history_profile", "looks_like_path"]
