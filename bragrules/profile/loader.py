"""Loading profiles: safe YAML with source positions, ``extends``, validation.

The road from a file to a :class:`~bragrules.profile.models.Profile`::

    load_document   one file → plain data + where every value was written
    resolve         + extends: parents merged in, positions kept per value
    load_profile    + pydantic validation, errors turned into located messages

Profiles are parsed with PyYAML's node API on top of ``yaml.SafeLoader``; no
Python object is ever built from a tag. Anchors, aliases, merge keys,
duplicate keys and tags other than the plain YAML ones are refused, and
the size, nesting depth and node count of a file are capped.

Every problem is a :class:`ProfileError` reading ``FILE:LINE:COL: path: message``:

>>> load_profile_text("stakes:\\n  ante: -1\\n", filename="house.yaml")
Traceback (most recent call last):
...
bragrules.profile.errors.ProfileError: house.yaml:2:9: stakes.ante: ante cannot be negative
>>> load_profile_text("stakes:\\n  antee: 2\\n", filename="house.yaml")
Traceback (most recent call last):
...
bragrules.profile.errors.ProfileError: house.yaml:2:3: stakes.antee: unknown key 'antee' (did you mean 'ante'?)

A good profile:

>>> p = load_profile_text("name: pub\\nstakes:\\n  ante: 5/2\\n")
>>> p.name, p.stakes.ante
('pub', Fraction(5, 2))
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import (
    TYPE_CHECKING,
    Any,
    Dict,
    List,
    Optional,
    Tuple,
    Union,
)

import yaml
from pydantic import ValidationError

from bragrules.core.i18n import Message, tr
from bragrules.core.text import quote
from bragrules.profile.errors import ProfileError
from bragrules.profile.messages import default_dump, describe_value, get_path, validation_error, yaml_text
from bragrules.profile.models import Profile
from bragrules.profile.positions import Position, PositionMap, PosTree, ResolvedDocument
from bragrules.profile.sources import (
    BUILTIN_PACKAGE,
    Source,
    builtin_names,
    builtin_path,
    builtin_root,
    builtin_source,
    file_source,
    looks_like_path,
    top_source,
    unknown_name_message,
)
from bragrules.profile.yaml_reader import YAML_TAG, DocumentBuilder, ProfileComposer, Refused, excerpt, yaml_error
from bragrules.rules.stakes import FORMER_NAMES

if TYPE_CHECKING:  # pragma: no cover
    from bragrules.profile.unused import SettingWarning

if sys.version_info >= (3, 11):
    from importlib.resources.abc import Traversable
else:  # pragma: no cover
    from importlib.abc import Traversable

# ---------------------------------------------------------------------------
# Limits (read at call time, so they may be adjusted)
# ---------------------------------------------------------------------------

MAX_BYTES = 256 * 1024
"""Largest profile file accepted, checked before parsing."""
MAX_DEPTH = 32
"""Deepest nesting of mappings and lists (the top-level mapping is depth 1)."""
MAX_NODES = 10_000
"""Most YAML nodes (scalars, mappings, lists) in one file."""
MAX_EXTENDS_DEPTH = 16
"""Longest chain of ``extends`` (a file, its parent, its grandparent, ...)."""
MAX_EXTENDS_ENTRIES = 16
"""Most names one file may list under ``extends``."""


# ---------------------------------------------------------------------------
# Sources: files, built-ins and text
# ---------------------------------------------------------------------------
# ---------------------------------------------------------------------------
# Reading and parsing one document
# ---------------------------------------------------------------------------


def _size_error(display: str, size: Optional[int], limit: int) -> ProfileError:
    amount = tr("{size} bytes", size=size) if size is not None else tr("more than {limit} bytes", limit=limit)
    return ProfileError(
        tr("file is {amount}, the limit is {limit} bytes ({kib} KiB)", amount=amount, limit=limit, kib=limit // 1024),
        file=display,
        code="too_large",
    )


def _read_bytes(source: Source) -> bytes:
    limit = MAX_BYTES
    if source.path is not None:
        path = source.path
        try:
            info = os.stat(path)
        except FileNotFoundError:
            raise ProfileError(tr("no such file"), file=source.display, code="not_found") from None
        except OSError as exc:
            raise ProfileError(
                tr("cannot read file ({reason})", reason=exc.strerror or exc), file=source.display,
                code="unreadable") from None
        if stat.S_ISDIR(info.st_mode):
            raise ProfileError(
                tr("is a directory, not a profile file"), file=source.display, code="is_directory"
            )
        if stat.S_ISREG(info.st_mode) and info.st_size > limit:
            raise _size_error(source.display, info.st_size, limit)
        try:
            with open(path, "rb") as handle:
                raw = handle.read(limit + 1)
        except OSError as exc:
            raise ProfileError(
                tr("cannot read file ({reason})", reason=exc.strerror or exc), file=source.display,
                code="unreadable") from None
    elif source.resource is not None:
        raw = source.resource.read_bytes()
    else:  # pragma: no cover - text sources never reach here
        raise AssertionError("source has nothing to read")
    if len(raw) > limit:
        raise _size_error(source.display, None, limit)
    return raw


def _decode(raw: bytes, display: str) -> str:
    try:
        text = raw.decode("utf-8-sig")
        if text.startswith("\ufeff"):
            raise ProfileError(
                tr("a second byte order mark: the file starts with two"), file=display, line=1, column=1,
                code="encoding",
            )
        return text
    except UnicodeDecodeError as exc:
        offset = exc.start
        line = raw.count(b"\n", 0, offset) + 1
        column = offset - (raw.rfind(b"\n", 0, offset) + 1) + 1
        bad = raw[offset : offset + 1].hex()
        raise ProfileError(
            tr("not UTF-8 text (byte 0x{byte} cannot be decoded); a profile is a YAML text file", byte=bad),
            file=display,
            line=line,
            column=column,
            code="encoding",
        ) from None


def _parse_text(text: str, display: str) -> Tuple[Dict[str, Any], PosTree]:
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise _size_error(display, len(text.encode("utf-8")), MAX_BYTES)
    try:
        loader = ProfileComposer(text, MAX_DEPTH, MAX_NODES)
    except yaml.YAMLError as exc:
        raise yaml_error(exc, text, display) from None
    try:
        root = loader.get_single_node()
    except Refused as refused:
        line = refused.mark.line + 1
        raise ProfileError(
            refused.message,
            file=display,
            line=line,
            column=refused.mark.column + 1,
            code=refused.code,
            excerpt=excerpt(text, line),
        ) from None
    except yaml.YAMLError as exc:
        raise yaml_error(exc, text, display) from None
    finally:
        loader.dispose()
    if root is None or (
        isinstance(root, yaml.ScalarNode)
        and root.tag == YAML_TAG + "null"
        and root.value in ("", "~", "null", "Null", "NULL")
    ):
        raise ProfileError(
            Message("the file is empty (nothing but blanks or comments): a profile is a mapping of rule areas; "
                    "write {} for every default, or 'extends: standard' for the standard game"),
            file=display,
            code="empty",
        )
    if not isinstance(root, yaml.MappingNode):
        kind = Message("a list") if isinstance(root, yaml.SequenceNode) else Message("a single value")
        builder = DocumentBuilder(text, display)
        raise builder.error(
            Message("the top level of a profile must be a mapping of keys to values, not {kind}", kind=kind),
            root,
            "",
            "not_mapping",
        )
    data, tree = DocumentBuilder(text, display).build(root, "")
    return data, tree


def _parse_source(source: Source) -> Tuple[Dict[str, Any], PosTree]:
    if source.text is not None:
        return _parse_text(source.text, source.display)
    raw = _read_bytes(source)
    text = _decode(raw, source.display)
    return _parse_text(text, source.display)


def load_document(source: Union[str, Path]) -> Tuple[Dict[str, Any], PositionMap]:
    """Parse one profile file safely, without applying ``extends``.

    ``source`` is a path (or a built-in name, by the rule of :func:`load_profile`).
    Returns the plain data and a :class:`PositionMap` of every value in it.
    """
    data, tree = _parse_source(top_source(source))
    return data, PositionMap._from_tree(tree)


def load_document_text(text: str, filename: str = "<string>") -> Tuple[Dict[str, Any], PositionMap]:
    """:func:`load_document` for text already in memory.

    >>> load_document_text("a: 1\\na: 2\\n", filename="dup.yaml")
    Traceback (most recent call last):
    ...
    bragrules.profile.errors.ProfileError: dup.yaml:2:1: a: duplicate key 'a' (first written at line 1)
    >>> load_document_text("base: &b {ante: 1}\\nstakes: *b\\n", filename="a.yaml")
    Traceback (most recent call last):
    ...
    bragrules.profile.errors.ProfileError: a.yaml:1:7: anchors and aliases are not allowed in profiles
    """
    data, tree = _parse_text(text, filename)
    return data, PositionMap._from_tree(tree)


# ---------------------------------------------------------------------------
# extends
# ---------------------------------------------------------------------------


@dataclass
class _Partial:
    data: Dict[str, Any]
    tree: PosTree
    chain: List[str]
    labels: Dict[str, str] = field(default_factory=dict)
    inherited: Dict[str, Any] = field(default_factory=dict)  # the parents' values alone, merged


def _merge_into(data: Dict[str, Any], tree: PosTree, over: Dict[str, Any], over_tree: PosTree) -> None:
    """Deep-merge ``over`` into ``data`` (and their position trees): mappings
    merge, everything else (lists included) is replaced wholesale."""
    assert isinstance(tree.children, dict) and isinstance(over_tree.children, dict)
    for key, value in over.items():
        theirs = over_tree.children[key]
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            mine = tree.children[key]
            mine.value, mine.key = theirs.value, theirs.key
            _merge_into(data[key], mine, value, theirs)
        else:
            data[key] = _deep_copy(value)
            tree.children[key] = theirs.copy()


def _deep_copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _deep_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep_copy(v) for v in value]
    return value


def _extends_entries(
    data: Dict[str, Any], tree: PosTree, source: Source
) -> List[Tuple[str, Position, str]]:
    if "extends" not in data:
        return []
    value = data["extends"]
    assert isinstance(tree.children, dict)
    node = tree.children["extends"]
    where = (node.key if node.children is not None else node.value) or Position(source.display, 1, 1)
    if value is None:
        return []
    items: List[Tuple[Any, Position]]
    if isinstance(value, str):
        items = [(value, node.value or where)]
    elif isinstance(value, list):
        assert isinstance(node.children, list)
        items = [(v, node.children[i].value or where) for i, v in enumerate(value)]
    else:
        raise _located(
            tr("must be a profile name or path, or a list of them, not {value}", value=describe_value(value)),
            where,
            "extends",
            "extends_type",
        )
    if len(items) > MAX_EXTENDS_ENTRIES:
        raise _located(
            tr("extends lists {count} profiles, the limit is {limit}", count=len(items), limit=MAX_EXTENDS_ENTRIES),
            where,
            "extends",
            "extends_type",
        )
    entries: List[Tuple[str, Position, str]] = []
    for index, (item, pos) in enumerate(items):
        item_path = "extends" if isinstance(value, str) else f"extends.{index}"
        if not isinstance(item, str) or not item.strip():
            raise _located(
                tr("must be a profile name or path, not {value}", value=describe_value(item)),
                pos,
                item_path,
                "extends_type",
            )
        if item != item.strip():
            raise _located(
                tr("{name} has blank space at its ends (write {fixed})", name=quote(item), fixed=quote(item.strip())),
                pos,
                item_path,
                "extends_type",
            )
        entries.append((item, pos, item_path))
    return entries


def _located(message: str, where: Optional[Position], path: Optional[str], code: str) -> ProfileError:
    return ProfileError(
        message,
        file=where.file if where else None,
        line=where.line if where else None,
        column=where.column if where else None,
        path=path,
        code=code,
    )


def _parent_source(ref: str, naming: Source, where: Position, path: str) -> Source:
    base = naming.base
    candidate: Union[Path, Traversable, None] = None
    if base is not None:
        if isinstance(base, Path):
            candidate = Path(ref) if os.path.isabs(ref) else base / ref
        else:
            candidate = base.joinpath(ref)
    is_file = candidate is not None and (
        os.path.isfile(candidate) if isinstance(candidate, Path) else candidate.is_file()
    )
    other_thing = (
        isinstance(candidate, Path) and os.path.lexists(candidate) and ref not in builtin_names()
    )
    if is_file or other_thing or looks_like_path(ref):
        if isinstance(candidate, Path):
            display = os.path.normpath(candidate)
            looked = tr(" (looked for {path})", path=display) if display != ref else ""
            if not os.path.lexists(candidate):
                raise _located(
                    tr("parent profile {name} not found: no such file{looked}", name=quote(ref), looked=looked),
                    where,
                    path,
                    "extends_missing",
                )
            if os.path.isdir(candidate):
                raise _located(
                    tr("parent profile {name} is a directory, not a profile file{looked}", name=quote(ref),
                       looked=looked),
                    where,
                    path,
                    "extends_missing",
                )
            return file_source(Path(display), display)
        if candidate is not None and candidate.is_file():
            return Source(
                display=f"<{BUILTIN_PACKAGE}>/{ref}",
                label=ref,
                key=f"builtin-file:{ref}",
                base=builtin_root(),
                resource=candidate,
            )
        raise _located(
            tr("parent profile {name} not found: no such file", name=quote(ref)), where, path, "extends_missing"
        )
    try:
        resource = builtin_path(ref)
    except ProfileError:
        raise _located(
            unknown_name_message(ref, "parent profile"), where, path, "extends_missing"
        ) from None
    return builtin_source(ref, resource)


def _resolve_source(
    source: Source, stack: List[Source], cache: Dict[str, _Partial]
) -> Tuple[_Partial, List[Tuple[str, Position, str]], Optional[PosTree]]:
    """Resolve one source: its parents (each in full, in order), then itself.

    Returns the merged document (without ``extends``), the entries this file
    named under ``extends``, and the positions of its ``extends`` value."""
    data, tree = _parse_source(source)
    entries = _extends_entries(data, tree, source)
    assert isinstance(tree.children, dict)
    data.pop("extends", None)
    extends_tree = tree.children.pop("extends", None)

    merged: Dict[str, Any] = {}
    merged_tree = PosTree(tree.value, None, {})
    chain: List[str] = []
    labels: Dict[str, str] = {}
    here = stack + [source]
    for ref, where, item_path in entries:
        parent = _parent_source(ref, source, where, item_path)
        keys = [s.key for s in here]
        if parent.key in keys:
            loop = [s.label for s in here[keys.index(parent.key) :]] + [parent.label]
            raise _located(tr("extends cycle: {route}", route=" -> ".join(loop)), where, item_path, "extends_cycle")
        if len(here) >= MAX_EXTENDS_DEPTH:
            route = " -> ".join(s.label for s in here + [parent])
            raise _located(
                tr("extends chain is longer than {limit} files: {route}", limit=MAX_EXTENDS_DEPTH, route=route),
                where,
                item_path,
                "extends_depth",
            )
        resolved = cache.get(parent.key)
        if resolved is None:
            resolved, _, _ = _resolve_source(parent, here, cache)
            cache[parent.key] = resolved
        _merge_into(merged, merged_tree, resolved.data, resolved.tree)
        for label in resolved.chain:
            if label not in chain:
                chain.append(label)
        labels.update(resolved.labels)
    inherited = _deep_copy(merged)
    _merge_into(merged, merged_tree, data, tree)
    if source.label not in chain:
        chain.append(source.label)
    labels[source.display] = source.label
    return _Partial(merged, merged_tree, chain, labels, inherited), entries, extends_tree


def _resolve_top(source: Source) -> ResolvedDocument:
    partial, entries, extends_tree = _resolve_source(source, [], {})
    data = partial.data
    tree = partial.tree
    if entries and extends_tree is not None:
        # The record keeps what the top file named, always as a list.
        data = {"extends": [ref for ref, _, _ in entries], **data}
        if extends_tree.children is None:  # a single name: make it the list's item
            extends_tree = PosTree(extends_tree.value, extends_tree.key, [PosTree(extends_tree.value)])
        assert isinstance(tree.children, dict)
        tree.children = {"extends": extends_tree, **tree.children}
    positions = PositionMap._from_tree(tree)
    return ResolvedDocument(data=data, positions=positions, chain=tuple(partial.chain), labels=dict(partial.labels),
                            inherited=partial.inherited)


def resolve(source: Union[str, Path]) -> ResolvedDocument:
    """Parse ``source`` and apply its ``extends``.

    ``extends`` names a built-in profile or a path relative to the file that
    names it, or an ordered list of them. Each parent is resolved in full and
    the parents are merged in order, later winning, then the file's own
    values: mappings merge deeply, lists and scalars are replaced wholesale.
    """
    return _resolve_top(top_source(source))


def resolve_text(
    text: str, filename: str = "<string>", base_dir: Optional[Path] = None
) -> ResolvedDocument:
    """:func:`resolve` for text in memory; relative ``extends`` are found from
    ``base_dir`` (default: the current directory)."""
    source = Source(
        display=filename,
        label=filename,
        key=f"text:{filename}",
        base=Path(base_dir) if base_dir is not None else Path("."),
        text=text,
    )
    return _resolve_top(source)


def _validate(resolved: ResolvedDocument) -> Profile:
    try:
        return Profile.model_validate(resolved.data)
    except ValidationError as exc:
        raise validation_error(exc, resolved) from None


def load_profile(name_or_path: Union[str, Path]) -> Profile:
    """Load a profile by built-in name (``"traditional"``) or by path.

    A ``Path``, an existing file, or a name ending in ``.yaml``/``.yml`` (or
    containing a ``/``) is a path; anything else is a built-in name, and an
    unknown name is an error listing the built-in names with a suggestion.

    >>> load_profile("tradtionall")
    Traceback (most recent call last):
    ...
    bragrules.profile.errors.ProfileError: unknown profile 'tradtionall'...
    >>> load_profile("no/such/file.yaml")
    Traceback (most recent call last):
    ...
    bragrules.profile.errors.ProfileError: no/such/file.yaml: no such file
    """
    return _validate(resolve(name_or_path))


def load_profile_with_warnings(name_or_path: Union[str, Path]) -> Tuple[Profile, List["SettingWarning"]]:
    """:func:`load_profile`, and the values its file writes that change nothing under its
    other rules (:mod:`bragrules.profile.unused`), for ``validate`` and ``show`` to warn about.

    The shipped profiles (by name or by path) are not warned about: a value
    one writes for the record (Crash's ``blind.allowed: false``) is part of
    its hash, which logs keep, so it stays.

    >>> profile, warnings = load_profile_with_warnings("standard")
    >>> profile.name, warnings
    ('standard', [])
    """
    from bragrules.profile.unused import unused_settings

    source = top_source(name_or_path)
    resolved = _resolve_top(source)
    profile = _validate(resolved)
    if _is_shipped(source):
        return profile, []
    return profile, former_names(resolved) + unused_settings(resolved, profile)


def former_names(resolved: ResolvedDocument) -> List["SettingWarning"]:
    """A warning for each field the top file writes under a former name (``stakes.pot_cap``):
    it is still read, as the new one, but the new name is what to write.

    >>> [str(w) for w in former_names(resolve_text("stakes: {pot_cap: 20}", "h.yaml"))]
    ['h.yaml:1:10: warning: stakes.pot_cap: the former name of stakes.raises_stop_at, still read; write raises_stop_at: 20']
    """
    from bragrules.profile.unused import SettingWarning

    top = resolved.positions.get("")
    found: List[SettingWarning] = []
    for path, former in FORMER_NAMES.items():
        where = resolved.positions.key_position(former)
        if top is None or where is None or where.file != top.file:
            continue
        present, value = get_path(resolved.data, former)
        new_name = path.rpartition(".")[2]
        found.append(SettingWarning(
            where.file, where.line, where.column, former,
            tr("the former name of {path}, still read; write {fix}", path=path,
               fix=f"{new_name}: {yaml_text(value) if present else '...'}")))
    return found


def _is_shipped(source: Source) -> bool:
    """Whether ``source`` is one of the shipped profiles, named or given by its path."""
    if source.label != source.display:  # named: a built-in
        return True
    if source.path is None:
        return False
    shipped = builtin_root() / os.path.basename(source.path)
    if not shipped.is_file():
        return False
    if isinstance(shipped, Path) and os.path.realpath(shipped) == os.path.realpath(source.path):
        return True
    try:  # a copy of a shipped profile (a built tree beside its source): the same bytes are the same profile
        with open(source.path, "rb") as given:
            return given.read(MAX_BYTES + 1) == shipped.read_bytes()
    except OSError:
        return False


def load_profile_text(
    text: str, filename: str = "<string>", base_dir: Optional[Path] = None
) -> Profile:
    """Load a profile from text; ``filename`` is used in messages and
    ``base_dir`` to find relative ``extends`` (default: the current directory).

    >>> load_profile_text("{}") == Profile()
    True
    >>> load_profile_text("table:\\n  first_dealer: rondom\\n")
    Traceback (most recent call last):
    ...
    bragrules.profile.errors.ProfileError: <string>:2:17: table.first_dealer: 'rondom' is not allowed; choose one of: random, first_seat, cut_low (did you mean 'random'?)
    """
    return _validate(resolve_text(text, filename, base_dir))


def _drop_emptied(data: Dict[str, Any], parents: List[str]) -> None:
    """Remove the innermost of ``parents`` from ``data`` once nothing is left in it (all its fields later ones
    at their defaults), and so on outwards, so that a group added later hashes as if it were not there
    (``stakes.forced``, ``seeing.side_show``, the ``house`` area)."""
    while parents:
        holder = data
        for part in parents[:-1]:
            holder = holder.get(part, {})
        if holder.get(parents[-1]) != {}:
            return
        del holder[parents[-1]]
        parents = parents[:-1]


def profile_hash(profile: Profile) -> str:
    """SHA-256 (hex) of the profile's canonical JSON.

    The JSON is ``profile.model_dump(mode="json")`` written with sorted keys,
    no spaces (``separators=(",", ":")``), non-ASCII kept (``ensure_ascii=False``),
    encoded as UTF-8. Two profiles hash equal exactly when they dump equal,
    which includes ``name``, ``description``, ``source`` and ``extends``.
    A field added after logs began to record this hash (its area marks it
    ``later``, as ``stakes.raises_stop_at``) is left out while it holds its
    default, so a profile that does not use it hashes as it always did and
    older logs still audit. A field renamed since (the area's ``FORMER_NAMES``)
    is hashed under its former name, so the hashes logs recorded stay valid.
    The game's words (``vocabulary``) are left out whatever they say: they change no play, so a
    log audits under the same rules told in other words (a translated or corrected vocabulary).

    >>> h = profile_hash(Profile())
    >>> len(h), h == profile_hash(load_profile_text("stakes: {ante: 1}"))
    (64, True)
    >>> h == profile_hash(load_profile_text("stakes: {ante: 2}"))
    False
    >>> h == profile_hash(load_profile_text("stakes: {raises_stop_at: null}"))
    True
    >>> h == profile_hash(load_profile_text("stakes: {raises_stop_at: 20}"))
    False
    >>> profile_hash(load_profile_text("stakes: {raises_stop_at: 20}")) == profile_hash(load_profile_text("stakes: {pot_cap: 20}"))
    True
    >>> h == profile_hash(load_profile_text("vocabulary: {title: Teen Patti, hands: {prial: trail}}"))
    True
    """
    from bragrules.rules.registry import later_fields

    data = profile.model_dump(mode="json")
    data.pop("vocabulary", None)  # words, not rules: see above
    for path in later_fields():
        *parents, name = path.split(".")
        holder, default = data, default_dump()
        for part in parents:
            holder, default = holder.get(part, {}), default[part]
        if name in holder and holder[name] == default[name]:
            del holder[name]
    for path in later_fields():  # a group or area of later fields all left at their defaults (stakes.forced, house)
        _drop_emptied(data, path.split(".")[:-1])
    for path, former in FORMER_NAMES.items():
        *parents, name = path.split(".")
        holder = data
        for part in parents:
            holder = holder[part]
        if name in holder:
            holder[former.rpartition(".")[2]] = holder.pop(name)
    canonical = json.dumps(
        data,
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_EXTENDS_DEPTH",
    "MAX_NODES",
    "Position",
    "PositionMap",
    "ProfileError",
    "ResolvedDocument",
    "builtin_names",
    "builtin_path",
    "load_document",
    "load_document_text",
    "load_profile",
    "load_profile_text",
    "load_profile_with_warnings",
    "profile_hash",
    "resolve",
    "resolve_text",
]
