"""Keep mode: the app referees real cards on a table, knowing only the cards shown at a showdown.

Which profiles it can referee is one rule, asked by the web table as it
opens and by ``play --keep``, and checked in a kept table's log header as
the log is audited or resumed (:func:`bragrules.play.table.play_header`).
"""

from __future__ import annotations

from typing import Optional

from bragrules.profile.models import Profile


def keep_problem(profile: Profile) -> Optional[str]:
    """Why keep mode cannot referee ``profile`` (None: it can): the formats whose play turns on
    cards the app would have to know before a showdown (several hands to arrange, the centre to
    swap with).

    >>> from bragrules.profile import load_profile
    >>> keep_problem(load_profile("traditional")) is None
    True
    """
    fmt = profile.format
    if fmt.exchange.enabled:
        return (f"keep mode does not support the profile {profile.name}: Stop the Bus swaps with a "
                "centre the app would have to know (play it dealt, without --keep)")
    if profile.procedure.hunt_rounds:
        return (f"keep mode does not support the profile {profile.name}: its hunt for the jokers swaps with a "
                "centre the app would have to know (play it dealt, without --keep)")
    if fmt.hands > 1:
        return (f"keep mode does not support the profile {profile.name}: its {fmt.hands} hands each are "
                "arranged and compared card by card (play it dealt, without --keep)")
    return None


__all__ = ["keep_problem"]
