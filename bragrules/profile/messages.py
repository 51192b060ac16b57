"""Validation errors in people's words: a pydantic error turned into one message naming the field, the value, and a fix.

>>> describe_value(None), describe_value([1]), describe_value("rondom")
('null', 'a list', "'rondom'")
"""

from __future__ import annotations

import difflib
import re
import typing
from typing import (
    Any,
    Dict,
    List,
    Mapping,
    Optional,
    Sequence,
    Set,
    Tuple,
    Type,
)

from pydantic import BaseModel, ValidationError

from bragrules.core.i18n import N_, tr
from bragrules.core.text import brief, quote
from bragrules.profile.errors import Conflict, ProfileError
from bragrules.profile.models import Profile, unwrap_annotation
from bragrules.profile.positions import Position, ResolvedDocument
from bragrules.rules.stakes import FORMER_NAMES

# Validation and human messages
# ---------------------------------------------------------------------------


def describe_value(value: Any) -> str:
    """A value as a profile author wrote it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, dict):
        return tr("a mapping")
    if isinstance(value, list):
        return tr("a list")
    return brief(value)


def _walk(loc: Sequence[Any]) -> Tuple[Any, Optional[str]]:
    """The type found at ``loc`` inside Profile, and the name of the last field met."""
    current: Any = Profile
    last_field: Optional[str] = None
    for part in loc:
        current = unwrap_annotation(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            info = current.model_fields.get(str(part))
            if info is None:
                return None, last_field
            current = info.annotation
            last_field = str(part)
        elif typing.get_origin(current) in (list, List) and isinstance(part, int):
            current = typing.get_args(current)[0]
        else:
            return None, last_field
    return unwrap_annotation(current), last_field


def _model_at(loc: Sequence[Any]) -> Optional[Type[BaseModel]]:
    found, _ = _walk(loc)
    if isinstance(found, type) and issubclass(found, BaseModel):
        return found
    return None


def _literal_values(loc: Sequence[Any]) -> List[Any]:
    found, _ = _walk(loc)
    if typing.get_origin(found) is typing.Literal:
        return list(typing.get_args(found))
    return []


def _suggest(word: str, choices: Sequence[str]) -> Optional[str]:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    if not close:
        lowered = {c.lower(): c for c in choices}
        close = [lowered[c] for c in difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)]
    return close[0] if close else None


def get_path(data: Any, path: str) -> Tuple[bool, Any]:
    current = data
    if not path:
        return True, current
    for part in path.split("."):
        if isinstance(current, dict) and part in current:
            current = current[part]
        elif isinstance(current, list) and part.isdigit() and int(part) < len(current):
            current = current[int(part)]
        else:
            return False, None
    return True, current


_ROOT_PATH_PREFIX = re.compile(r"^([A-Za-z_]\w*(?:\.\w+)*): (.+)$", re.DOTALL)
_STRIP_PREFIXES = ("Value error, ", "Assertion failed, ")


def _area_field(model: Type[BaseModel], message: str, area: str, data: Any) -> Optional[str]:
    """For a rule area's own check, the field its message is about."""
    fields = list(model.model_fields)
    mentioned = [w for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", message) if w in fields]
    for name in mentioned:
        child = f"{area}.{name}" if area else name
        if get_path(data, child)[0]:
            return child
    # A value quoted in the message (e.g. a bad card), found under the area.
    present, value = get_path(data, area)
    quoted = set(re.findall(r"'([^']*)'", message))
    if present and quoted:
        found = _find_value(value, quoted, area)
        if found:
            return found
    if mentioned:
        return f"{area}.{mentioned[0]}" if area else mentioned[0]
    return None


def _find_value(value: Any, wanted: Set[str], path: str) -> Optional[str]:
    if isinstance(value, dict):
        items: List[Tuple[str, Any]] = [(str(k), v) for k, v in value.items()]
    elif isinstance(value, list):
        items = [(str(i), v) for i, v in enumerate(value)]
    else:
        return path if isinstance(value, str) and value in wanted else None
    for key, child in items:
        found = _find_value(child, wanted, f"{path}.{key}" if path else key)
        if found:
            return found
    return None


def _humanise(error: Mapping[str, Any], data: Any) -> Tuple[str, str, str]:
    """(dotted path, message, where to point) for one pydantic error.

    Where to point: ``"key"`` (an unknown key), ``"value"`` (a value of the
    wrong kind), or ``"auto"`` (a rule area's own check: the key naming a
    mapping or list, the value of a scalar)."""
    kind = str(error.get("type", ""))
    loc = tuple(error.get("loc", ()))
    message = str(error.get("msg", ""))
    for prefix in _STRIP_PREFIXES:
        if message.startswith(prefix):
            message = message[len(prefix) :]
    value = error.get("input")
    path = ".".join(str(part) for part in loc)
    if kind == "extra_forbidden":
        return path, _unknown_key(loc), "key"
    if kind == "literal_error":
        return path, _not_allowed(loc, value, message), "value"
    if kind in ("value_error", "assertion_error"):
        path, message = _area_check(loc, path, message, data)
        return path, message, "auto"
    if kind == "missing":
        return path, tr("this key is required"), "key"
    return path, _wrong_kind(kind, loc, value, error.get("ctx") or {}) or message, "value"


def _unknown_key(loc: Tuple[Any, ...]) -> str:
    """An unknown key's message: the key, and the one meant (or the keys its mapping takes)."""
    key = str(loc[-1]) if loc else "?"
    model = _model_at(loc[:-1])
    fields = [f for f in (model.model_fields if model else {})]
    where = ".".join(str(p) for p in loc[:-1])
    text = tr("unknown key {key}", key=quote(key))
    suggestion = _suggest(key, fields)
    if suggestion:
        text += tr(" (did you mean {name}?)", name=repr(suggestion))
    elif fields:
        text += tr(" ({where} takes: {keys})", where=where or tr("a profile"), keys=", ".join(fields))
    return text


def _not_allowed(loc: Tuple[Any, ...], value: Any, message: str) -> str:
    """A choice not among a field's choices: the choices, and the one meant."""
    allowed = [str(v) for v in _literal_values(loc)]
    text = tr("{value} is not allowed", value=describe_value(value))
    if not allowed:
        return text + f"; {message}"
    text += tr("; choose one of: {choices}", choices=", ".join(allowed))
    if isinstance(value, str):
        suggestion = _suggest(value, allowed)
        if suggestion:
            text += tr(" (did you mean {name}?)", name=repr(suggestion))
    return text


def _area_check(loc: Tuple[Any, ...], path: str, message: str, data: Any) -> Tuple[str, str]:
    """(the field, the message) of a rule area's own check: a message that starts with its field's path
    is said without it; else the field of the area it names (else where pydantic put it)."""
    model = _model_at(loc)
    if not loc:
        match = _ROOT_PATH_PREFIX.match(message)
        if match and match.group(1).split(".")[0] in Profile.model_fields:
            return match.group(1), match.group(2)
        if model is not None:
            return _area_field(model, message, "", data) or path, message
        return path, message
    if model is not None:
        return _area_field(model, message, path, data) or path, message
    return path, message


_BOUNDS = {
    "greater_than_equal": (N_("must be at least {bound}, got {value}"), "ge"),
    "greater_than": (N_("must be above {bound}, got {value}"), "gt"),
    "less_than_equal": (N_("must be at most {bound}, got {value}"), "le"),
    "less_than": (N_("must be below {bound}, got {value}"), "lt"),
}


def _wrong_kind(kind: str, loc: Tuple[Any, ...], value: Any, ctx: Mapping[str, Any]) -> Optional[str]:
    """A value of the wrong kind, or out of its bounds, in words (None: pydantic's own words stand)."""
    got = describe_value(value)
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return tr("expected a whole number, got {value}", value=got)
    if kind in ("bool_parsing", "bool_type"):
        return tr("expected true or false, got {value}", value=got)
    if kind in ("string_type",):
        return tr("expected text, got {value}", value=got)
    if kind in ("list_type",):
        return tr("expected a list, got {value}", value=got)
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        name = str(loc[-1]) if loc else "profile"
        return tr("expected a mapping of {name} settings, got {value}", name=name, value=got)
    if kind in _BOUNDS:
        words, key = _BOUNDS[kind]
        return tr(words, bound=ctx.get(key), value=got)
    return None


_DOTTED_PATH = re.compile(r"\b[a-z_]+(?:\.[a-z_]+)+\b")


def _is_field(path: str) -> bool:
    found, _ = _walk(path.split("."))
    return found is not None


def _involved_fields(error: Mapping[str, Any], path: str, message: str) -> List[str]:
    """The fields a check across fields is about, the one it names first leading: a
    :class:`Conflict`'s own list, else the fields its message mentions (dotted paths
    for the whole profile's checks, an area's field names for the area's)."""
    conflict = (error.get("ctx") or {}).get("error")
    found: List[str] = [path] if path else []
    if isinstance(conflict, Conflict):
        found += list(conflict.fields)
    loc = tuple(error.get("loc", ()))
    if not loc:
        found += [p for p in _DOTTED_PATH.findall(message) if _is_field(p)]
    else:
        model = _model_at(loc)
        area = ".".join(str(part) for part in loc)
        if model is not None:
            found += [f"{area}.{name}" for name in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", message)
                      if name in model.model_fields]
    return list(dict.fromkeys(found))


def yaml_text(value: Any) -> str:
    """A value as it is written in a profile: ``true``, ``carries``, ``5/2``, ``[prial, pair]``."""
    if isinstance(value, list):
        return "[" + ", ".join(yaml_text(v) for v in value) + "]"
    if isinstance(value, str):
        return brief(value, 40)
    return describe_value(value)


def _value_at(resolved: ResolvedDocument, path: str) -> Any:
    present, value = get_path(resolved.data, path)
    if present:
        return value
    return get_path(default_dump(), path)[1]


def _inherited_note(
    error: Mapping[str, Any], involved: Sequence[str], blamed: str, resolved: ResolvedDocument, top_file: str
) -> str:
    """For a check across fields blamed on the top file, where the other side's values come
    from (a parent, or the defaults), and what to write in the top file to settle it:
    ``blind.retention: true is inherited from traditional (line 71); to settle it, write
    blind.retention: false here``. Empty when no side was inherited (written in the top
    file, or a default)."""
    conflict = (error.get("ctx") or {}).get("error")
    fixes = dict(conflict.fixes) if isinstance(conflict, Conflict) else {}
    said: List[str] = []
    suggested: List[str] = []
    for other in involved:
        if other == blamed:
            continue
        where = resolved.positions.get(other)
        if where is None or where.file == top_file:  # a default, or written here: nothing to point at
            continue
        value = _value_at(resolved, other)
        origin = resolved.labels.get(where.file, where.file)
        said.append(tr("{field}: {value} is inherited from {origin} (line {line})", field=other, value=yaml_text(value),
                       origin=origin, line=where.line))
        fix = fixes.get(other)
        if fix is None and isinstance(value, bool) and not isinstance(conflict, Conflict):
            fix = describe_value(not value)
        if fix is not None and fix != yaml_text(value):
            suggested.append(f"{other}: {fix}")
    if not said:
        return ""
    note = "; ".join(said)
    if suggested:
        note += tr("; to settle it, write {fixes} here", fixes=tr(" or ").join(suggested))
    return note


def validation_error(exc: ValidationError, resolved: ResolvedDocument) -> ProfileError:
    located: List[ProfileError] = []
    top = resolved.positions.get("")
    top_file = top.file if top is not None else None
    for error in exc.errors(include_url=False):
        path, message, point = _humanise(error, resolved.data)
        positions = resolved.positions
        for new, former in FORMER_NAMES.items():  # a value written under its former name is found there
            if (path == new or path.startswith(new + ".")) and positions.error_position(new) is None \
                    and positions.error_position(former) is not None:
                path = former + path[len(new):]
        where: Optional[Position] = None
        if point == "key":
            where = positions.key_position(path)
        elif point == "value":
            where = positions.get(path)
        if where is None:
            _, where = positions.locate(path)
        if point == "auto" and top_file is not None:
            # A check across fields: the file that made the combination is to blame (a child
            # writing blind.allowed: false over a parent's blind.retention: true), not the
            # parent that only supplied a value; the message says what came from elsewhere.
            involved = _involved_fields(error, path, message)
            if where is None or where.file != top_file:
                for candidate in involved:
                    found = positions.error_position(candidate)
                    if found is not None and found.file == top_file:
                        path, where = candidate, found
                        break
            if where is not None and where.file == top_file and len(involved) > 1:
                note = _inherited_note(error, involved, path, resolved, top_file)
                if note:
                    message = f"{message}; {note}"
        located.append(
            ProfileError(
                message,
                file=where.file if where else None,
                line=where.line if where else None,
                column=where.column if where else None,
                path=path or None,
                code=str(error.get("type", "")) or None,
            )
        )
    # In reading order: the top file first, then by line and column.
    located.sort(
        key=lambda e: (e.line is None, e.file != top_file, e.file or "", e.line or 0, e.column or 0)
    )
    first = located[0]
    first._errors = located
    return first


_DEFAULT_DUMP: Dict[str, Any] = {}


def default_dump() -> Dict[str, Any]:
    """An empty profile's canonical data (made once)."""
    if not _DEFAULT_DUMP:
        _DEFAULT_DUMP.update(Profile().model_dump(mode="json"))
    return _DEFAULT_DUMP


__all__ = ["default_dump", "describe_value", "get_path", "validation_error", "yaml_text"]
