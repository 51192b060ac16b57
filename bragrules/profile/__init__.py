"""Profiles: the rules of a Brag table as validated data.

>>> from bragrules.profile import load_profile_text, Profile
>>> load_profile_text("format: {cards_dealt: 4}").format.cards_dealt
4
"""

from bragrules.profile.errors import ProfileError
from bragrules.profile.loader import (
    Position,
    PositionMap,
    ResolvedDocument,
    builtin_names,
    builtin_path,
    load_document,
    load_document_text,
    load_profile,
    load_profile_text,
    profile_hash,
    resolve,
    resolve_text,
)
from bragrules.profile.models import AREAS, Profile

__all__ = [
    "AREAS",
    "Position",
    "PositionMap",
    "Profile",
    "ProfileError",
    "ResolvedDocument",
    "builtin_names",
    "builtin_path",
    "load_document",
    "load_document_text",
    "load_profile",
    "load_profile_text",
    "profile_hash",
    "resolve",
    "resolve_text",
]
