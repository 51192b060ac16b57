"""Where a profile comes from: a file, a built-in profile shipped in the package, or text given, each with
the name its messages show.

>>> "traditional" in builtin_names(), looks_like_path("house.yaml"), looks_like_path("house")
(True, True, False)
"""

from __future__ import annotations

import difflib
import os
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import (
    List,
    Optional,
    Set,
    Union,
)

from bragrules.core.i18n import tr
from bragrules.core.text import quote
from bragrules.profile.errors import ProfileError

if sys.version_info >= (3, 11):
    from importlib.resources.abc import Traversable
else:  # pragma: no cover
    from importlib.abc import Traversable

BUILTIN_PACKAGE = "bragrules.profiles"
PROFILE_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True)
class Source:
    display: str  # the file name used in messages and positions
    label: str  # short name for chains: built-in name or path
    key: str  # identity, for cycles and caching
    base: Union[Path, Traversable, None]  # where relative extends are resolved
    path: Optional[Path] = None  # a file on disk
    resource: Optional[Traversable] = None  # a built-in that is not a plain file
    text: Optional[str] = None  # text given directly


def builtin_root() -> Traversable:
    return resources.files(BUILTIN_PACKAGE)


def builtin_names() -> List[str]:
    """The names of the shipped profiles (file stems in ``bragrules.profiles``), sorted.

    >>> names = builtin_names()
    >>> names == sorted(names) and all(isinstance(n, str) for n in names)
    True
    """
    names: Set[str] = set()
    for entry in builtin_root().iterdir():
        entry_name = entry.name
        for suffix in PROFILE_SUFFIXES:
            if entry_name.endswith(suffix) and entry.is_file():
                stem = entry_name[: -len(suffix)]
                if stem and not stem.startswith((".", "_")):
                    names.add(stem)
    return sorted(names)


def unknown_name_message(name: str, what: str = "profile") -> str:
    names = builtin_names()
    message = (tr("unknown parent profile {name}", name=quote(name)) if what == "parent profile"
               else tr("unknown profile {name}", name=quote(name)))
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    if not close:
        lowered = {n.lower(): n for n in names}
        close = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)
        close = [lowered[c] for c in close]
    if close:
        message += tr(" (did you mean {name}?)", name=repr(close[0]))
    # the list itself is `bragrules profiles`: a refusal stays one short line however many are shipped
    if not names:
        return message + tr("; no profiles are built in; or give a path to a .yaml file")
    return message + tr("; `bragrules profiles` lists the {count} built-in profiles; or give a path to a .yaml file",
                        count=len(names))


def builtin_path(name: str) -> Traversable:
    """The shipped profile called ``name`` (a ``Path`` when installed as plain files).

    Raises :class:`ProfileError` listing the built-in names if there is none.

    >>> builtin_path("no-such-profile-xyz")
    Traceback (most recent call last):
    ...
    bragrules.profile.errors.ProfileError: unknown profile 'no-such-profile-xyz'...
    """
    root = builtin_root()
    if name and len(name) <= 100 and "/" not in name and "\\" not in name and not name.startswith("."):
        for suffix in PROFILE_SUFFIXES:
            candidate = root.joinpath(name + suffix)
            try:
                if candidate.is_file():
                    return candidate
            except (OSError, ValueError):  # a name the file system cannot hold
                break
    raise ProfileError(unknown_name_message(name), code="unknown_profile")


def looks_like_path(text: str) -> bool:
    return (
        text.lower().endswith(PROFILE_SUFFIXES)
        or "/" in text
        or "\\" in text
        or text.startswith(".")
    )


def file_source(path: Path, display: Optional[str] = None) -> Source:
    shown = display if display is not None else str(path)
    return Source(
        display=shown,
        label=shown,
        key="file:" + os.path.realpath(path),
        base=path.parent,
        path=path,
    )


def builtin_source(name: str, resource: Traversable) -> Source:
    if isinstance(resource, Path):
        return Source(
            display=str(resource),
            label=name,
            key="file:" + os.path.realpath(resource),
            base=resource.parent,
            path=resource,
        )
    return Source(
        display=f"<{BUILTIN_PACKAGE}>/{resource.name}",
        label=name,
        key=f"builtin:{name}",
        base=builtin_root(),
        resource=resource,
    )


def top_source(name_or_path: Union[str, Path]) -> Source:
    """A name given by a user: a path if it is one (or looks like one), else a built-in."""
    if isinstance(name_or_path, Path):
        return file_source(name_or_path)
    text = os.fspath(name_or_path)
    if not text:
        raise ProfileError(tr("no profile named (an empty name)"), code="unknown_profile")
    if os.path.isfile(text) or looks_like_path(text):
        return file_source(Path(text), text)
    if text in builtin_names() or not os.path.lexists(text):
        return builtin_source(text, builtin_path(text))
    return file_source(Path(text), text)  # a directory or other non-file: say so


__all__ = ["BUILTIN_PACKAGE", "PROFILE_SUFFIXES", "Source", "builtin_names", "builtin_path", "builtin_root", "builtin_source", "file_source", "looks_like_path", "top_source", "unknown_name_message"]
