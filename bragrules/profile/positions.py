"""Where each value of a profile was written: file, line and column by dotted path, and a document resolved
through its parents with every value's origin."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import (
    Any,
    Dict,
    Iterator,
    List,
    Mapping,
    NamedTuple,
    Optional,
    Set,
    Tuple,
    Union,
)

# ---------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------


class Position(NamedTuple):
    """Where something was written: file name as given, 1-based line and column.

    >>> str(Position("house.yaml", 3, 9))
    'house.yaml:3:9'
    """

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


class PositionMap(Mapping[str, Position]):
    """Where each value of a document was written, by dotted path.

    The mapping itself gives the position of each *value*
    (``positions["stakes.ante"]``); :meth:`key_position` gives the position
    of the key naming it. The document itself is the path ``""``; list items
    are numbered, ``"ranking.category_order.2"``.

    >>> from bragrules.profile.loader import load_document_text
    >>> doc, pos = load_document_text("stakes:\\n  ante: 2\\nranking:\\n  category_order: [prial, high_card]\\n",
    ...                               filename="p.yaml")
    >>> pos["stakes.ante"]
    Position(file='p.yaml', line=2, column=9)
    >>> pos.key_position("stakes.ante")
    Position(file='p.yaml', line=2, column=3)
    >>> pos["ranking.category_order.1"]
    Position(file='p.yaml', line=4, column=27)
    >>> pos.locate("stakes.ante.nonsense")
    ('stakes.ante', Position(file='p.yaml', line=2, column=9))
    """

    def __init__(
        self,
        values: Optional[Dict[str, Position]] = None,
        keys: Optional[Dict[str, Position]] = None,
        containers: Optional[Set[str]] = None,
    ) -> None:
        self._values: Dict[str, Position] = dict(values or {})
        self._keys: Dict[str, Position] = dict(keys or {})
        self._containers: Set[str] = set(containers or ())

    def __getitem__(self, path: str) -> Position:
        return self._values[path]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"PositionMap({len(self._values)} paths)"

    def key_position(self, path: str) -> Optional[Position]:
        """Where the key naming ``path`` was written (None for list items and the root)."""
        return self._keys.get(path)

    def is_container(self, path: str) -> bool:
        """Whether the value at ``path`` is a mapping or a list."""
        return path in self._containers

    def error_position(self, path: str) -> Optional[Position]:
        """Where to point for a problem with ``path``: the value if it is a scalar,
        the key if it is a mapping or a list (the line that names it)."""
        if path in self._containers and path in self._keys:
            return self._keys[path]
        return self._values.get(path) or self._keys.get(path)

    def locate(self, path: str) -> Tuple[str, Optional[Position]]:
        """The deepest of ``path`` and its parents that has a position, and that position."""
        probe = path
        while True:
            found = self.error_position(probe)
            if found is not None:
                return probe, found
            if not probe:
                return "", None
            probe = probe.rpartition(".")[0]

    @classmethod
    def _from_tree(cls, tree: "PosTree") -> "PositionMap":
        result = cls()
        stack: List[Tuple[str, PosTree]] = [("", tree)]
        while stack:
            path, node = stack.pop()
            if node.value is not None:
                result._values[path] = node.value
            if node.key is not None:
                result._keys[path] = node.key
            children = node.children
            if children is None:
                continue
            result._containers.add(path)
            named = children.items() if isinstance(children, dict) else enumerate(children)
            for name, child in named:
                stack.append((f"{path}.{name}" if path else str(name), child))
        return result


class PosTree:
    """Positions shaped like the data they describe, so merging is cheap."""

    __slots__ = ("value", "key", "children")

    def __init__(
        self,
        value: Optional[Position],
        key: Optional[Position] = None,
        children: Union[Dict[str, "PosTree"], List["PosTree"], None] = None,
    ) -> None:
        self.value = value
        self.key = key
        self.children = children

    def copy(self) -> "PosTree":
        children: Union[Dict[str, PosTree], List[PosTree], None]
        if isinstance(self.children, dict):
            children = {k: v.copy() for k, v in self.children.items()}
        elif isinstance(self.children, list):
            children = [v.copy() for v in self.children]
        else:
            children = None
        return PosTree(self.value, self.key, children)


@dataclass(frozen=True)
class ResolvedDocument:
    """A profile document with its ``extends`` applied.

    Attributes:
        data: plain data (dicts, lists, scalars) ready for validation; if the
            file named parents, ``data["extends"]`` is the list it named.
        positions: for every dotted path, where its final value was written
            (in the parent file for inherited values).
        chain: every source that contributed, parents before children, the
            file itself last (built-ins by name, files by path).
        labels: for the file name of each source (as positions give it), the
            name it goes by in the chain (a built-in's name, a file's path).
        inherited: the values of the parents alone, merged (what the file
            itself writes left out; without ``extends``); empty with no parents.
    """

    data: Dict[str, Any]
    positions: PositionMap
    chain: Tuple[str, ...] = field(default=())
    labels: Mapping[str, str] = field(default_factory=dict)
    inherited: Mapping[str, Any] = field(default_factory=dict)


__all__ = ["PosTree", "Position", "PositionMap", "ResolvedDocument"]
