"""YAML read as a profile's plain data: safe loading within limits of depth and size, every value's
file, line and column kept, numbers read exactly, and YAML's own errors in plain words.

>>> excerpt("a: 1\\nb: [\\n", 2)
'b: ['
"""

from __future__ import annotations

import re
from typing import (
    Any,
    Dict,
    Optional,
    Tuple,
    Union,
)

import yaml

from bragrules.core.i18n import N_, Message
from bragrules.core.money import MAX_DIGITS
from bragrules.core.text import quote
from bragrules.profile.errors import ProfileError
from bragrules.profile.positions import Position, PosTree

_EXCERPT_WIDTH = 80
YAML_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = {
    YAML_TAG + "str",
    YAML_TAG + "int",
    YAML_TAG + "float",
    YAML_TAG + "bool",
    YAML_TAG + "null",
    YAML_TAG + "timestamp",
}
def excerpt(text: str, line: Optional[int]) -> Optional[str]:
    if line is None:
        return None
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return None
    shown = lines[line - 1]
    if len(shown) > _EXCERPT_WIDTH:
        shown = shown[: _EXCERPT_WIDTH - 1] + "…"
    return shown


def _line_column(text: str, index: int) -> Tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column


class Refused(Exception):
    """Raised inside the composer; turned into a ProfileError with the file name."""

    def __init__(self, message: Union[str, Message], mark: Any, code: str) -> None:
        super().__init__(message)
        self.message = message
        self.mark = mark
        self.code = code


class ProfileComposer(yaml.SafeLoader):
    """``yaml.SafeLoader`` that composes nodes only, refusing anchors and aliases,
    and counting depth and nodes as it goes (before any deep recursion)."""

    def __init__(self, stream: str, max_depth: int, max_nodes: int) -> None:
        super().__init__(stream)
        self._max_depth = max_depth
        self._max_nodes = max_nodes
        self._depth = 0
        self._nodes = 0

    def compose_node(self, parent: Optional[yaml.Node], index: Any) -> Optional[yaml.Node]:
        event = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise Refused(
                Message("anchors and aliases are not allowed in profiles"), event.start_mark, "alias"
            )
        self._nodes += 1
        if self._nodes > self._max_nodes:
            raise Refused(
                Message("too many values: the limit is {limit} per file", limit=str(self._max_nodes)),
                event.start_mark,
                "too_many_nodes",
            )
        self._depth += 1
        try:
            if self._depth > self._max_depth:
                raise Refused(
                    Message("nested too deeply: the limit is {limit} levels", limit=str(self._max_depth)),
                    event.start_mark,
                    "too_deep",
                )
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def yaml_error(exc: yaml.YAMLError, text: str, display: str) -> ProfileError:
    if isinstance(exc, yaml.reader.ReaderError):
        bad_line, bad_column = _line_column(text, exc.position)
        char = exc.character if isinstance(exc.character, str) else chr(exc.character)
        return ProfileError(
            Message("character {code} is not allowed in a profile (binary data?)", code=f"U+{ord(char):04X}"),
            file=display,
            line=bad_line,
            column=bad_column,
            code="encoding",
            excerpt=excerpt(text, bad_line),
        )
    problem = getattr(exc, "problem", None) or "cannot parse"
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    context = getattr(exc, "context", None)
    context_mark = getattr(exc, "context_mark", None)
    line = mark.line + 1 if mark is not None else None
    column = mark.column + 1 if mark is not None else None
    source_line = excerpt(text, line) or ""
    at_mark = ""
    if mark is not None:
        lines = text.splitlines()
        if mark.line < len(lines):
            at_mark = lines[mark.line][mark.column : mark.column + 1]
    message: Message
    if "'\\t'" in problem or at_mark == "\t":
        indent = len(source_line) - len(source_line.lstrip(" \t"))
        if column is not None and column - 1 < indent + 1 and "\t" in source_line[:indent + 1]:
            message = Message("tab character in the indentation: indent with spaces, not tabs")
        else:
            message = Message("tab character here: YAML needs spaces, not tabs")
    elif problem == "but found another document":
        message = Message("only one YAML document is allowed in a profile (found a second '---')")
    else:
        message = Message("YAML syntax error: {problem}", problem=yaml_words(problem))
        if context and context_mark is not None and mark is not None and context_mark.line != mark.line:
            message = Message(_JOINED, first=message, then=Message(" ({context} started at line {line})",
                                                                   context=yaml_words(context),
                                                                   line=str(context_mark.line + 1)))
        elif context:
            message = Message(_JOINED, first=message, then=Message(" ({context})", context=yaml_words(context)))
    return ProfileError(
        message,
        file=display,
        line=line,
        column=column,
        code="syntax",
        excerpt=excerpt(text, line),
    )


_JOINED = "{first}{then}"
"""Two messages read one after the other (no words of its own: not in the catalogue)."""

_YAML_WORDS = (
    N_("mapping values are not allowed here"), N_("mapping keys are not allowed here"),
    N_("could not find expected ':'"), N_("found unexpected end of stream"), N_("found unexpected document separator"),
    N_("while parsing a flow sequence"), N_("while parsing a flow mapping"), N_("while parsing a flow node"),
    N_("while parsing a block mapping"), N_("while parsing a block collection"), N_("while parsing a block node"),
    N_("while parsing a node"), N_("while scanning a simple key"), N_("while scanning a quoted scalar"),
    N_("while scanning a double-quoted scalar"), N_("while scanning a block scalar"), N_("while scanning a plain scalar"),
    N_("while scanning for the next token"), N_("the node content"), N_("a comment or a line break"),
)
"""The words of YAML's commonest complaints (PyYAML's own English), each in the catalogue."""

_YAML_FORMS = (
    (re.compile(r"expected (?P<expected>.+), but found (?P<found>.+)"), N_("expected {expected}, but found {found}")),
    (re.compile(r"expected (?P<expected>.+), but got (?P<found>.+)"), N_("expected {expected}, but got {found}")),
    (re.compile(r"found character (?P<char>.+) that cannot start any token"),
     N_("found character {char} that cannot start any token")),
    (re.compile(r"found unknown escape character (?P<char>.+)"), N_("found unknown escape character {char}")),
    (re.compile(r"found undefined alias (?P<name>.+)"), N_("found undefined alias {name}")),
)
"""YAML's complaints that name what it found: the sentence, its parts kept as YAML wrote them (a word among
:data:`_YAML_WORDS` read in the reader's language)."""


def yaml_words(said: str) -> Message:
    """One of YAML's complaints (a problem, or where it arose), to be read in the reader's language; one it has no
    words for reads as YAML wrote it.

    >>> from bragrules.core.i18n import with_language
    >>> with_language("zh", yaml_words("mapping values are not allowed here").text)
    '此处不允许映射值'
    >>> yaml_words("expected <block end>, but found '?'").text()
    "expected <block end>, but found '?'"
    """
    for form, sentence in _YAML_FORMS:
        match = form.fullmatch(said)
        if match is not None:
            return Message(sentence, **{name: _yaml_part(part) for name, part in match.groupdict().items()})
    return Message(said)


def _yaml_part(part: str) -> Message:
    """What YAML expected or found: a word of :data:`_YAML_WORDS`, a token as YAML wrote it, or two of them.

    >>> _yaml_part("',' or ']'").text()
    "',' or ']'"
    """
    first, either, then = part.partition(" or ")
    if either:
        return Message("{first} or {then}", first=Message(first), then=Message(then))
    return Message(part)


def _short_tag(tag: str) -> str:
    return "!!" + tag[len(YAML_TAG) :] if tag.startswith(YAML_TAG) else tag


class DocumentBuilder:
    """Turns composed nodes into plain data, recording positions and refusing
    duplicate keys, complex keys and non-standard tags."""

    def __init__(self, text: str, display: str) -> None:
        self.text = text
        self.display = display
        self._constructor = yaml.constructor.SafeConstructor()

    def position(self, node: yaml.Node) -> Position:
        return Position(self.display, node.start_mark.line + 1, node.start_mark.column + 1)

    def error(self, message: Union[str, Message], node: yaml.Node, path: str, code: str) -> ProfileError:
        where = self.position(node)
        return ProfileError(
            message,
            file=self.display,
            line=where.line,
            column=where.column,
            path=path or None,
            code=code,
            excerpt=excerpt(self.text, where.line),
        )

    def build(self, node: yaml.Node, path: str) -> Tuple[Any, PosTree]:
        """The plain value of ``node`` and the tree of its positions."""
        here = self.position(node)
        if isinstance(node, yaml.MappingNode):
            if node.tag != YAML_TAG + "map":
                raise self.error(
                    Message("tag {tag} is not allowed in profiles", tag=repr(_short_tag(node.tag))), node, path, "tag"
                )
            result: Dict[str, Any] = {}
            trees: Dict[str, PosTree] = {}
            first_seen: Dict[str, Position] = {}
            for key_node, value_node in node.value:
                key = self.key(key_node, path)
                child = f"{path}.{key}" if path else key
                if key in first_seen:
                    raise self.error(
                        Message("duplicate key {key} (first written at line {line})", key=repr(key),
                                line=str(first_seen[key].line)),
                        key_node,
                        child,
                        "duplicate_key",
                    )
                first_seen[key] = self.position(key_node)
                result[key], trees[key] = self.build(value_node, child)
                trees[key].key = first_seen[key]
            return result, PosTree(here, None, trees)
        if isinstance(node, yaml.SequenceNode):
            if node.tag != YAML_TAG + "seq":
                raise self.error(
                    Message("tag {tag} is not allowed in profiles", tag=repr(_short_tag(node.tag))), node, path, "tag"
                )
            built = [
                self.build(item, f"{path}.{index}" if path else str(index))
                for index, item in enumerate(node.value)
            ]
            return [b[0] for b in built], PosTree(here, None, [b[1] for b in built])
        assert isinstance(node, yaml.ScalarNode)
        return self.scalar(node, path), PosTree(here)

    def key(self, node: yaml.Node, path: str) -> str:
        if not isinstance(node, yaml.ScalarNode):
            raise self.error(Message("keys must be plain names, not mappings or lists"), node, path, "key")
        if node.tag == YAML_TAG + "merge":
            raise self.error(Message("merge keys (<<) are not allowed in profiles"), node, path, "tag")
        if node.tag not in _SCALAR_TAGS:
            raise self.error(
                Message("tag {tag} is not allowed in profiles", tag=repr(_short_tag(node.tag))), node, path, "tag"
            )
        return self.string(node, path)

    def string(self, node: yaml.ScalarNode, path: str) -> str:
        """A string scalar, refused when it holds a lone surrogate (not Unicode text)."""
        value = str(node.value)
        if _SURROGATE.search(value):
            raise self.error(
                Message("text with a lone surrogate (an escape such as \\ud800) is not valid Unicode"),
                node, path, "scalar",
            )
        return value

    def scalar(self, node: yaml.ScalarNode, path: str) -> Any:
        tag = node.tag
        if tag not in _SCALAR_TAGS:
            raise self.error(
                Message("tag {tag} is not allowed in profiles", tag=repr(_short_tag(tag))), node, path, "tag"
            )
        kind = tag[len(YAML_TAG) :]
        if kind in ("str", "timestamp"):
            # Dates stay text: no profile field is a date.
            return self.string(node, path)
        try:
            if kind == "int":
                return self._constructor.construct_yaml_int(node)
            if kind == "float":
                return self._constructor.construct_yaml_float(node)
            if kind == "bool":
                return self._constructor.construct_yaml_bool(node)
            return None  # null
        except (ValueError, KeyError, IndexError, OverflowError):
            # An explicit tag over a scalar that is not of its kind
            # (``!!int ''``, ``!!int '_'``, ``!!bool 'maybe'``), or a number
            # too long to read.
            raise self.error(_unreadable(node.value, kind), node, path, "scalar") from None


_SURROGATE = re.compile("[\ud800-\udfff]")

_KINDS = {"int": N_("a whole number"), "float": N_("a number"), "bool": N_("true or false"), "null": "null"}


def _unreadable(value: str, kind: str) -> Message:
    """The message for a scalar that its tag cannot read.

    >>> _unreadable("", "int").text()
    "cannot read '' as a whole number (its tag is !!int)"
    >>> _unreadable("maybe", "bool").text()
    "cannot read 'maybe' as true or false (its tag is !!bool)"
    >>> _unreadable("9" * 5000, "int").text()
    "cannot read '99999999999…': 5000 digits, more than 4300"
    """
    shown = repr(value if len(value) <= 20 else value[:19] + "…")
    digits = sum(ch.isdigit() for ch in value)
    if kind in ("int", "float") and digits > MAX_DIGITS:
        return Message("cannot read {value}: {digits} digits, more than {limit}", value=quote(value[:11] + "…"),
                       digits=str(digits), limit=str(MAX_DIGITS))
    return Message("cannot read {value} as {kind} (its tag is {tag})", value=shown, kind=Message(_KINDS.get(kind, kind)),
                   tag=f"!!{kind}")


__all__ = ["DocumentBuilder", "ProfileComposer", "Refused", "YAML_TAG", "excerpt", "yaml_error"]
