"""Settings a profile file writes that change nothing under its other rules.

A value is *in play* when the profile's other choices let it matter (each
area's ``FieldText.in_play`` says so): ``stakes.raise_limit.amount`` under
``kind: pot`` is not, nor is ``blind.look`` when ``blind.allowed`` is false.
Such a value is valid, so it is no error; but the author meant something
by it, so ``validate`` and ``show`` warn, at the line that wrote it, naming
the choice that leaves it out::

    house.yaml:4:31: warning: stakes.raise_limit.amount: 5 does nothing under stakes.raise_limit.kind: pot (remove it)

Only values written in the file itself are warned about: what a parent
writes is the parent's business (``validate`` the parent to see its own).

>>> from bragrules.profile.loader import resolve_text, load_profile_text
>>> text = "stakes:\\n  raise_limit: {kind: pot, amount: 5}\\n"
>>> [str(w) for w in unused_settings(resolve_text(text, "h.yaml"), load_profile_text(text))]
['h.yaml:2:36: warning: stakes.raise_limit.amount: 5 does nothing under stakes.raise_limit.kind: pot (remove it)']
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, List, Optional, Sequence, Tuple

from bragrules.core.i18n import tr

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.profile.loader import ResolvedDocument
    from bragrules.profile.models import Profile
    from bragrules.rules.area import FieldText


@dataclass(frozen=True)
class SettingWarning:
    """A value written in a profile that is valid but changes nothing, where it was written.

    >>> str(SettingWarning("h.yaml", 3, 5, "blind.look", "own_turn does nothing under blind.allowed: false"))
    'h.yaml:3:5: warning: blind.look: own_turn does nothing under blind.allowed: false'
    """

    file: str
    line: int
    column: int
    path: str
    message: str

    def __str__(self) -> str:
        from bragrules.core.text import printable

        return printable(f"{self.file}:{self.line}:{self.column}: " + tr("warning: {path}: {said}", path=self.path,
                                                                       said=self.message))

    def as_json(self) -> dict:  # type: ignore[type-arg]
        """The warning for ``validate --json``."""
        return {"file": self.file, "line": self.line, "column": self.column, "path": self.path,
                "message": self.message, "text": str(self)}


def _choices(annotation: Any) -> Tuple[Any, ...]:
    """The values a bool or Literal field may take (none for other fields)."""
    from bragrules.profile.models import unwrap_annotation

    found = unwrap_annotation(annotation)
    if found is bool:
        return (False, True)
    if typing.get_origin(found) is typing.Literal:
        return typing.get_args(found)
    return ()


def _field_info(path: str) -> Any:
    from bragrules.profile.models import Profile, unwrap_annotation

    model: Any = Profile
    info: Any = None
    for part in path.split("."):
        model = unwrap_annotation(model)
        fields = getattr(model, "model_fields", None)
        if not fields or part not in fields:
            return None
        info = fields[part]
        model = info.annotation
    return info


def _with(profile: "Profile", path: str, value: Any) -> "Profile":
    """``profile`` with the field at ``path`` set to ``value``, unchecked (for asking predicates only)."""
    head, _, rest = path.partition(".")
    if not rest:
        return profile.model_copy(update={head: value})
    inner = _with(getattr(profile, head), rest, value)
    return profile.model_copy(update={head: inner})


def _value_text(value: Any) -> str:
    from bragrules.rules.words import show_value

    return show_value(value)


def _deciding(text: "FieldText", profile: "Profile", candidates: Sequence["FieldText"]) -> Optional["FieldText"]:
    """The choice (a bool or Literal field) that, set otherwise, would bring ``text``'s field
    into play: the reason it is out of play. Fields of the same area are asked first."""
    area = text.path.split(".")[0]
    ordered = sorted(candidates, key=lambda c: c.path.split(".")[0] != area)
    for other in ordered:
        if other.path == text.path:
            continue
        info = _field_info(other.path)
        if info is None:
            continue
        current = other.read(profile)
        for value in _choices(info.annotation):
            if value == current:
                continue
            try:
                if text.in_play(_with(profile, other.path, value)):
                    return other
            except Exception:  # a predicate that cannot read an unchecked combination: not this one
                continue
    return None


def _matters(text: "FieldText", resolved: "ResolvedDocument", profile: "Profile") -> bool:
    """Whether the file's value for an out-of-play field still makes a difference: without it
    (the parents' value, or the default) the profile would not validate (seen-only's
    ``blind.retention: false`` over traditional's true), or the field would be in play
    (Crash's ``stakes.ante: 0``, where the default ante of 1 would be paid)."""
    from pydantic import ValidationError

    from bragrules.profile.models import Profile

    *parents, name = text.path.split(".")
    data: Any = {k: v for k, v in resolved.data.items()}
    holder, inherited = data, resolved.inherited
    for part in parents:
        holder[part] = dict(holder[part])
        holder = holder[part]
        inherited = inherited.get(part, {}) if isinstance(inherited, dict) else {}
    if isinstance(inherited, dict) and name in inherited:
        holder[name] = inherited[name]
    else:
        holder.pop(name, None)
    try:
        without = Profile.model_validate(data)
    except (ValidationError, ValueError):
        return True
    return bool(text.in_play(without))


def unused_settings(resolved: "ResolvedDocument", profile: "Profile") -> List[SettingWarning]:
    """Every value written in the top file of ``resolved`` that is not in play in ``profile``,
    in reading order."""
    from bragrules.rules.registry import field_texts

    top = resolved.positions.get("")
    if top is None:
        return []
    texts = field_texts()
    warnings: List[SettingWarning] = []
    for text in texts:
        where = resolved.positions.get(text.path)
        if where is None or where.file != top.file:
            continue
        if text.in_play(profile) or _matters(text, resolved, profile):
            continue
        value = _value_text(text.read(profile))
        reason = _deciding(text, profile, texts)
        if reason is not None:
            said = tr("{value} does nothing under {setting} (remove it)", value=value,
                      setting=f"{reason.path}: {_value_text(reason.read(profile))}")
        else:
            said = tr("{value} does nothing under this profile's other rules (remove it)", value=value)
        warnings.append(SettingWarning(where.file, where.line, where.column, text.path, said))
    warnings.sort(key=lambda w: (w.line, w.column))
    return warnings


__all__ = ["SettingWarning", "unused_settings"]
