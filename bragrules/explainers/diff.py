"""Comparing profiles rule by rule, after ``extends`` and defaults are applied.

Two files can be written very differently and play the same game: a house
profile that restates its parent's ante changes nothing. So profiles are
compared as the engine sees them, fully resolved, field by field (each
value read by its rule area, written as JSON writes it), and every difference
is reported with its rule area, each profile's value and a plain sentence
for each value (from :mod:`bragrules.explainers.explain`).

>>> from bragrules.profile import load_profile
>>> result = compare([("standard", load_profile("standard")), ("traditional", load_profile("traditional"))])
>>> result.same
False
>>> shuffle = result.find("pack.shuffle")
>>> shuffle.area, shuffle.values
('pack', {'standard': 'every_deal', 'traditional': 'after_prial_showdown'})
>>> shuffle.sentences["traditional"]
'the pack is shuffled before the first deal, then only after a showdown won by a prial'

The metadata fields (``name``, ``description``, ``source``, ``extends``)
never make profiles differ; they are kept apart in :attr:`Comparison.metadata`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple

from bragrules.core.i18n import ntr, tr
from bragrules.core.text import in_words
from bragrules.explainers.explain import (
    AREA_ORDER,
    AREA_TITLES,
    METADATA,
    area_of,
    describe_field,
    explain,
    field_paths,
    in_play,
    json_value,
    people_value,
    source_of,
    value_of,
)
from bragrules.profile.models import Profile

__all__ = [
    "Comparison",
    "Difference",
    "Side",
    "compare",
    "compare_refs",
    "render_table",
    "render_text",
    "side_labels",
]


@dataclass(frozen=True)
class Side:
    """One profile of a comparison.

    ``label`` names it in the output: the profile's name, or the reference
    given on the command line when two profiles share a name.
    """

    label: str
    ref: str
    profile: Profile


@dataclass(frozen=True)
class Difference:
    """One field whose value is not the same in every profile compared."""

    path: str
    area: str
    values: Dict[str, Any]
    sentences: Dict[str, str]
    in_play: Dict[str, bool]
    sources: Dict[str, str]
    description: str

    def as_json(self) -> Dict[str, Any]:
        """The difference for ``--json``."""
        return {
            "path": self.path,
            "area": self.area,
            "values": dict(self.values),
            "sentences": dict(self.sentences),
            "in_play": dict(self.in_play),
            "sources": dict(self.sources),
            "description": self.description,
        }


@dataclass(frozen=True)
class Comparison:
    """The result of comparing two or more resolved profiles."""

    sides: Tuple[Side, ...]
    differences: Tuple[Difference, ...]
    metadata: Tuple[Difference, ...]

    @property
    def same(self) -> bool:
        """Whether every rule is the same (metadata aside)."""
        return not self.differences

    @property
    def labels(self) -> List[str]:
        return [side.label for side in self.sides]

    def find(self, path: str) -> Optional[Difference]:
        """The difference at ``path``, or None when the profiles agree there."""
        for item in self.differences + self.metadata:
            if item.path == path:
                return item
        return None

    def by_area(self) -> List[Tuple[str, List[Difference]]]:
        """The differences grouped by rule area, in the order a table explains the game."""
        groups: Dict[str, List[Difference]] = {}
        for item in self.differences:
            groups.setdefault(item.area, []).append(item)
        return [(area, groups[area]) for area in AREA_ORDER if area in groups]

    def as_json(self) -> List[Dict[str, Any]]:
        """Every rule difference, in area order, for ``--json``."""
        return [item.as_json() for _, items in self.by_area() for item in items]


def side_labels(names: Sequence[str], refs: Sequence[str]) -> List[str]:
    """A unique label per profile: its name, or the reference given where names clash.

    >>> side_labels(["house", "house", "standard"], ["house", "my/house.yaml", "standard"])
    ['house', 'my/house.yaml', 'standard']
    >>> side_labels(["a", "a"], ["x.yaml", "x.yaml"])
    ['x.yaml', 'x.yaml (2)']
    """
    labels: List[str] = []
    for name, ref in zip(names, refs):
        clash = sum(1 for other in names if other == name) > 1
        label = ref if clash else name
        base, n = label, 1
        while label in labels:
            n += 1
            label = f"{base} ({n})"
        labels.append(label)
    return labels


def _difference(path: str, sides: Sequence[Side]) -> Optional[Difference]:
    values = [json_value(side.profile, path) for side in sides]
    if all(value == values[0] for value in values[1:]):
        return None
    return Difference(
        path=path,
        area=area_of(path),
        values={side.label: value for side, value in zip(sides, values)},
        sentences={side.label: explain(path, value_of(side.profile, path), side.profile) for side in sides},
        in_play={side.label: in_play(path, side.profile) for side in sides},
        sources={side.label: source_of(path, value) for side, value in zip(sides, values)},
        description=describe_field(path),
    )


def compare(profiles: Sequence[Tuple[str, Profile]]) -> Comparison:
    """Compare resolved profiles, each given as ``(reference, profile)``.

    The reference is what the user typed (a built-in name or a path); it
    labels a profile only when two profiles share a name.
    """
    if len(profiles) < 2:
        raise ValueError("a comparison needs at least two profiles")
    refs = [ref for ref, _ in profiles]
    labels = side_labels([p.name for _, p in profiles], refs)
    sides = tuple(
        Side(label=label, ref=ref, profile=profile)
        for label, (ref, profile) in zip(labels, profiles)
    )
    rules: List[Difference] = []
    metadata: List[Difference] = []
    for path in field_paths():
        found = _difference(path, sides)
        if found is None:
            continue
        (metadata if path in METADATA else rules).append(found)
    return Comparison(sides=sides, differences=tuple(rules), metadata=tuple(metadata))


def compare_refs(refs: Sequence[str]) -> Comparison:
    """Load each reference (a built-in name or a path) and compare them.

    Raises :class:`~bragrules.profile.errors.ProfileError` for a profile
    that cannot be loaded.
    """
    from bragrules.profile.loader import load_profile

    return compare([(ref, load_profile(ref)) for ref in refs])


# ---------------------------------------------------------------------------
# Output for people
# ---------------------------------------------------------------------------


def _header(comparison: Comparison) -> List[str]:
    lines: List[str] = []
    for side in comparison.sides:
        profile = side.profile
        line = f"{side.label}"
        if side.label != side.ref:
            line += f" ({side.ref})"
        if profile.description:
            line += f": {in_words(profile.description)}"
        lines.append(line)
        details = []
        if profile.extends:
            details.append(tr("extends: {parents}", parents=", ".join(profile.extends)))
        if profile.source:
            details.append(tr("source: {source}", source=in_words(profile.source)))
        if details:
            lines.append("    " + "; ".join(details))
    return lines


def _summary(comparison: Comparison) -> str:
    names = tr("{first} and {last}", first=", ".join(comparison.labels[:-1]), last=comparison.labels[-1])
    if comparison.same:
        if comparison.metadata:
            return tr("{names} play the same rules (they differ only in {fields}).", names=names,
                      fields=", ".join(d.path for d in comparison.metadata))
        return tr("{names} play the same rules.", names=names)
    count = len(comparison.differences)
    areas = len(comparison.by_area())
    return tr("{rules}, in {areas}.", rules=ntr("{n} rule differs", "{n} rules differ", count),
              areas=ntr("{n} area", "{n} areas", areas))


def render_text(comparison: Comparison) -> str:
    """The comparison as plain text: a header, then the differences area by area.

    Each difference names the field, then one line per profile: the value,
    the sentence saying what it means, and where the rule comes from.
    """
    lines = _header(comparison)
    lines.append("")
    lines.append(_summary(comparison))
    width = max(len(label) for label in comparison.labels) + 1
    for area, items in comparison.by_area():
        lines.append("")
        lines.append(area_heading(area))
        for item in items:
            lines.append(f"  {item.path}")
            shown = {label: people_value(item.values[label]) for label in comparison.labels}
            value_width = max(len(text) for text in shown.values())
            for label in comparison.labels:
                note = "" if item.in_play[label] else tr(" (not in play)")
                source = f" [{item.sources[label]}]" if item.sources[label] else ""
                lines.append(
                    f"    {(label + ':').ljust(width)} {shown[label].ljust(value_width)}  "
                    f"{item.sentences[label]}{note}{source}"
                )
    return "\n".join(lines) + "\n"


def area_heading(area: str) -> str:
    """An area's heading: its title, then the profile key its fields are written under.

    >>> area_heading("stakes"), area_heading("blind play"), area_heading("carry-over"), area_heading("metadata")
    ('Stakes and betting (stakes)', 'Blind play (blind)', 'Folding and carried pots (folding)', 'Profile')
    """
    from bragrules.rules.registry import AREAS

    keys = {text.name: text.key for text in AREAS}
    title = tr(AREA_TITLES[area])
    return f"{title} ({keys[area]})" if area in keys else title


def render_table(comparison: Comparison) -> List[Any]:
    """The comparison as rich renderables: a header, then one table per area
    with a column per profile (each cell: the value, then its sentence)."""
    from rich.table import Table
    from rich.text import Text

    out: List[Any] = [Text("\n".join(_header(comparison))), Text(""), Text(_summary(comparison))]
    for area, items in comparison.by_area():
        table = Table(
            title=area_heading(area),
            title_justify="left",
            show_lines=True,
            expand=False,
        )
        table.add_column(tr("rule"), style="bold", overflow="fold")
        for label in comparison.labels:
            table.add_column(label, overflow="fold")
        for item in items:
            cells = []
            for label in comparison.labels:
                cell = Text(people_value(item.values[label]), style="bold")
                if not item.in_play[label]:
                    cell.append(tr(" (not in play)"), style="italic")
                cell.append("\n" + item.sentences[label], style="dim")
                cells.append(cell)
            table.add_row(item.path, *cells)
        out.append(Text(""))
        out.append(table)
    return out
