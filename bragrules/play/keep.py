"""Keep mode: the app referees real cards on a table, knowing only the cards shown at a showdown.

Which profiles it can referee is one rule, asked by the web table as it
opens and by ``play --keep``, and checked in a kept table's log header as
the log is audited or resumed (:func:`bragrules.play.table.play_header`).
"""

from __future__ import annotations

from typing import Optional

from bragrules.core.i18n import Message
from bragrules.profile.models import Profile


def keep_problem(profile: Profile) -> Optional[Message]:
    """Why keep mode cannot referee ``profile`` (None: it can): the formats whose play turns on
    cards the app would have to know before a showdown (several hands to arrange, the centre to
    swap with).

    >>> from bragrules.profile import load_profile
    >>> keep_problem(load_profile("traditional")) is None
    True
    """
    fmt = profile.format
    if fmt.exchange.enabled:
        return Message("keep mode does not support the profile {profile}: Stop the Bus swaps with a centre the app "
                       "would have to know (play it dealt, without --keep)", profile=profile.name)
    if profile.procedure.hunt_rounds:
        return Message("keep mode does not support the profile {profile}: its hunt for the jokers swaps with a centre "
                       "the app would have to know (play it dealt, without --keep)", profile=profile.name)
    if fmt.hands > 1:
        return Message("keep mode does not support the profile {profile}: its {hands} hands each are arranged and "
                       "compared card by card (play it dealt, without --keep)", profile=profile.name,
                       hands=str(fmt.hands))
    return None


__all__ = ["keep_problem"]
