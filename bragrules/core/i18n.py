"""The players' languages: one message catalogue per language, and the language now spoken.

Every sentence a person reads goes through :func:`tr` (or :func:`ntr` when it counts something):
the English text is the message's identifier, its placeholders are ``{name}`` fields, and a
catalogue gives the same message in another language. The catalogues are gettext ``.po`` files
shipped inside the package (``bragrules/locale/<lang>/LC_MESSAGES/bragrules.po``), read directly
with Babel's ``read_po``: no build step, so a plain ``pip install -e .`` or a wheel speaks every
language shipped. Babel is the library because it is the standard tooling for ``.po`` catalogues
(``pybabel extract``/``update``, the same files translators' tools edit) and because it carries the
Unicode CLDR data, so a number is written the local way: Hindi amounts group digits the Indian
way (``1,00,000``) through Babel's ``format_decimal`` with the locale ``hi_IN``.

The language is chosen by ``--lang`` (an option of the ``bragrules`` command), else the
``BRAGRULES_LANG`` variable, else English; the web table chooses it for each request from the
browser's ``Accept-Language``. The language now spoken is a context variable, not a global: a
web request (an asyncio task) that sets it sets it for itself only, so two seats at one table
each read their own language.

English is never translated: with no language chosen, :func:`tr` is ``str.format`` on the
English text, and Babel is not even imported.

>>> tr("pair")
'pair'
>>> with speaking("zh"):
...     tr("pair")
'对子'
>>> with speaking("hi"):
...     tr("fold")
'पैक'
>>> ntr("{n} player", "{n} players", 1), ntr("{n} player", "{n} players", 3)
('1 player', '3 players')
>>> amount_text(100000), with_language("hi", amount_text, 100000)
('100000', '1,00,000')
>>> pick_language("fr-FR,fr;q=0.9,zh-CN;q=0.8,en;q=0.5")
'zh'
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from contextvars import ContextVar
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, Optional, Tuple, TypeVar, Union

ENGLISH = "en"
LANGUAGES: Tuple[str, ...] = ("en", "zh", "hi")
"""The languages bragrules speaks: English (the messages themselves) and each shipped catalogue."""

LANGUAGE_NAMES: Dict[str, str] = {"en": "English", "zh": "中文", "hi": "हिन्दी"}
"""Each language's name in itself (for a choice of language on a page)."""

NUMBER_LOCALES: Dict[str, str] = {"en": "en_GB", "zh": "zh_Hans_CN", "hi": "hi_IN"}
"""The CLDR locale whose number format each language writes amounts in."""

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""Where the catalogues are: ``<lang>/LC_MESSAGES/bragrules.po``."""

DOMAIN = "bragrules"
ENV_VAR = "BRAGRULES_LANG"

_current: ContextVar[str] = ContextVar("bragrules_language", default=ENGLISH)
_catalogues: Dict[str, Dict[str, Any]] = {}

T = TypeVar("T")


def language() -> str:
    """The language now spoken (``en`` unless chosen)."""
    return _current.get()


def normalise(tag: str) -> Optional[str]:
    """The shipped language a tag asks for, or None: ``zh-CN``, ``zh_Hans`` and ``ZH`` are ``zh``.

    >>> normalise("zh-Hans-CN"), normalise("hi_IN"), normalise("EN-gb"), normalise("fr"), normalise("")
    ('zh', 'hi', 'en', None, None)
    """
    base = re.split(r"[-_.@]", tag.strip().lower(), maxsplit=1)[0]
    return base if base in LANGUAGES else None


def set_language(tag: Optional[str]) -> str:
    """Speak ``tag`` from now on in this context; an unknown tag speaks English. The language chosen."""
    chosen = normalise(tag or "") or ENGLISH
    _current.set(chosen)
    return chosen


def choose_language(option: Optional[str] = None, environ: Optional[Dict[str, str]] = None,
                    notice: Optional[Callable[[str], None]] = None) -> str:
    """Choose the language as the command line does: ``option`` (``--lang``), else ``BRAGRULES_LANG``,
    else English. A language asked for that is not shipped speaks English, after one line to ``notice``
    (standard error by default) saying so.

    >>> choose_language("zh"), choose_language(None, {"BRAGRULES_LANG": "hi_IN.UTF-8"})
    ('zh', 'hi')
    >>> choose_language("fr", notice=print)
    bragrules: no catalogue for language 'fr'; speaking English (shipped: en, zh, hi)
    'en'
    >>> _ = set_language("en")
    """
    env = os.environ if environ is None else environ
    asked = option if option else env.get(ENV_VAR, "")
    chosen = normalise(asked) if asked else ENGLISH
    if chosen is None:
        say = notice or (lambda line: sys.stderr.write(line + "\n"))
        clean = re.sub(r"[^\w.@-]", "?", asked)[:40]
        say(f"bragrules: no catalogue for language '{clean}'; speaking English (shipped: {', '.join(LANGUAGES)})")
        chosen = ENGLISH
    return set_language(chosen)


def pick_language(accept: Optional[str]) -> str:
    """The shipped language a browser's ``Accept-Language`` header prefers most (English if none).

    >>> pick_language("hi-IN,hi;q=0.9,en-US;q=0.8"), pick_language("de, en;q=0.1"), pick_language(None)
    ('hi', 'en', 'en')
    """
    ranked = []
    for order, part in enumerate((accept or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        match = re.search(r"q\s*=\s*([0-9.]+)", params)
        if match:
            try:
                weight = float(match.group(1))
            except ValueError:
                weight = 0.0
        found = normalise(tag)
        if found is not None and weight > 0:
            ranked.append((-weight, order, found))
    return min(ranked)[2] if ranked else ENGLISH


@contextlib.contextmanager
def speaking(tag: Optional[str]) -> Iterator[str]:
    """Speak ``tag`` inside a ``with`` block, and the language spoken before it after."""
    token = _current.set(normalise(tag or "") or ENGLISH)
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def with_language(tag: Optional[str], call: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``call(*args, **kwargs)`` spoken in ``tag``."""
    with speaking(tag):
        return call(*args, **kwargs)


def catalogue_path(lang: str) -> Path:
    """The ``.po`` file of a language."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalogue(lang: str) -> Dict[str, Any]:
    """A language's messages: each English message (or ``(singular, plural)``) to its translation
    (a string, or a tuple of plural forms), read once from the shipped ``.po`` with Babel.

    Untranslated and fuzzy entries are left out, so they read in English.
    """
    found = _catalogues.get(lang)
    if found is None:
        found = {}
        path = catalogue_path(lang)
        if lang != ENGLISH and path.is_file():
            from babel.messages.pofile import read_po

            with path.open("rb") as handle:
                for message in read_po(handle, locale=lang):
                    if not message.id or message.fuzzy:
                        continue
                    said: Any = message.string
                    if isinstance(message.id, (tuple, list)):
                        forms = tuple(str(form) for form in said or ())
                        if forms and all(forms):
                            found[str(message.id[0])] = forms
                    elif said:
                        found[str(message.id)] = str(said)
        _catalogues[lang] = found
    return found


def _fill(text: str, placeholders: Dict[str, Any]) -> str:
    return text.format(**placeholders) if placeholders else text


def tr(message: str, **placeholders: Any) -> str:
    """``message`` in the language now spoken, its ``{name}`` placeholders filled in.

    A message with no placeholders is never formatted, so its braces stay as written.
    """
    lang = _current.get()
    if lang != ENGLISH:
        said = catalogue(lang).get(message)
        if isinstance(said, str):
            return _fill(said, placeholders)
    return _fill(message, placeholders)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue where it is written, to be translated where it is read
    (a table of names): the extractor finds it, :func:`tr` translates it later.

    >>> N_("pair")
    'pair'
    """
    return message


class Message:
    """A message put in words only when it is read: the English text (marked for the catalogue where it is
    written) and its placeholders, kept as they are. Whoever reads it (the terminal, the web table, the
    audit) reads :meth:`text` in the language spoken then, so a refusal made by the engine in one place is
    read in each reader's own language, and one nobody reads costs no formatting at all.

    A placeholder that is itself a :class:`Message` (a word such as ``blind`` or ``seen``) is read in the
    same language; a whole number or a :class:`~fractions.Fraction` is an amount, written the local way
    (:func:`amount_text`: ``2½``, Hindi's ``1,00,000``); anything else is written as it is (a player's
    name, a card).

    >>> told = Message("{name} has only {stack} and cannot pay {amount}", name="Ada", stack=Fraction(5, 2),
    ...                amount=Fraction(4))
    >>> told.text(), str(told)
    ('Ada has only 2½ and cannot pay 4', 'Ada has only 2½ and cannot pay 4')
    >>> rate = Message("a {rate} player", rate=Message("blind"))
    >>> rate.english(), with_language("zh", rate.english)
    ('a blind player', 'a blind player')
    """

    __slots__ = ("message", "placeholders")

    def __init__(self, message: str, **placeholders: Any) -> None:
        self.message = message
        self.placeholders = placeholders

    def text(self) -> str:
        """The message in the language spoken now, its placeholders filled in."""
        return tr(self.message, **{name: _read(value) for name, value in self.placeholders.items()})

    def english(self) -> str:
        """The message in English, whatever language is spoken (what logs and tests compare)."""
        token = _current.set(ENGLISH)
        try:
            return self.text()
        finally:
            _current.reset(token)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Message({self.english()!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Message) and self.message == other.message
                and self.placeholders == other.placeholders)

    def __hash__(self) -> int:
        return hash(self.message)

    def __reduce__(self) -> Tuple[Any, ...]:  # pickled across processes (the parallel audit) with its placeholders
        return (_rebuilt, (self.message, self.placeholders))


class Said:
    """What holds a :class:`Message` in ``said`` (a refusal raised, a refusal an area answers): ``message`` in
    English (what the audit's records and the tests compare), :meth:`text` in the language spoken now.

    >>> class Told(Said):
    ...     __slots__ = ("said",)
    ...     def __init__(self, said: Message) -> None:
    ...         self.said = said
    >>> told = Told(Message("pair"))
    >>> told.message, with_language("zh", told.text)
    ('pair', '对子')
    """

    __slots__ = ()
    said: Message

    @property
    def message(self) -> str:
        """The words in English."""
        return self.said.english()

    def text(self) -> str:
        """The words in the language spoken now (a person reading them)."""
        return self.said.text()


class Later:
    """A placeholder's words made only when the message is read, by ``call(*args)`` in the reader's language
    (a multiple said in words, ``twice`` or ``दोगुना``, that a function of its own writes).

    >>> Message("at most {times} the level", times=Later(str.upper, "twice")).text()
    'at most TWICE the level'
    """

    __slots__ = ("call", "args")

    def __init__(self, call: Callable[..., str], *args: Any) -> None:
        self.call = call
        self.args = args

    def text(self) -> str:
        return self.call(*self.args)

    def __str__(self) -> str:
        return self.text()


AS_IS = "{text}"
"""A message that is its one placeholder, read as it is: no words of its own to translate (not marked for the
catalogue)."""


def as_is(text: object = "") -> Message:
    """``text`` as a message, read as it is (a :class:`Message` or a :class:`Later` inside is read then).

    >>> as_is().text(), with_language("zh", as_is(Message("pair")).text)
    ('', '对子')
    """
    return Message(AS_IS, text=text)


def said_of(exc: BaseException) -> Any:
    """What an error says, kept to be read later in the reader's language: the :class:`Message` it holds
    (``said``), or else its text as it is. Put into a message as a placeholder, it is translated once, where
    the whole is read, never first where it was raised.

    >>> said_of(ValueError("no")), said_of(Told(Message("pair"))).english()
    ('no', 'pair')
    """
    said = getattr(exc, "said", None)
    return said if isinstance(said, (Message, Later)) else str(exc)


class Told(Exception, Said):
    """An error that says a :class:`Message`: ``message`` in English, ``str`` in the language spoken when read
    (the base of the errors raised while reading what people wrote: a card, an amount, an action). Made with
    plain text, it is that text looked up in the catalogue as it is.

    >>> err = Told(Message("pair"))
    >>> err.message, with_language("zh", str, err)
    ('pair', '对子')
    """

    def __init__(self, said: Union[str, Message], *args: Any) -> None:
        self.said = said if isinstance(said, Message) else Message(said)
        super().__init__(self.said, *args)

    def __str__(self) -> str:
        return self.said.text()


def _rebuilt(message: str, placeholders: Dict[str, Any]) -> Message:
    return Message(message, **placeholders)


def _read(value: Any) -> Any:
    """A placeholder's value as a reader reads it (see :class:`Message`)."""
    if isinstance(value, (Message, Later)):
        return value.text()
    if type(value) is Fraction or type(value) is int:  # not a card, nor a flag: those are ints of their own kind
        from bragrules.core.text import brief

        return brief(amount_text(value))  # an amount a player wrote may be of any length: quoted briefly
    return value


def words(message: Any) -> str:
    """A message as read now: a :class:`Message` in the language spoken, any other text as it is.

    >>> words(Message("pair")), with_language("zh", words, Message("pair")), words("as it is")
    ('pair', '对子', 'as it is')
    """
    return message.text() if isinstance(message, Message) else str(message)


def _plural_index(lang: str, n: int) -> int:
    if lang == "zh":
        return 0
    if lang == "hi":  # CLDR: one for 0 and 1
        return 0 if n in (0, 1) else 1
    return 0 if n == 1 else 1


def ntr(singular: str, plural: str, n: int, **placeholders: Any) -> str:
    """A message that counts ``n`` of something (``n`` is also the placeholder ``{n}``)."""
    lang = _current.get()
    values = dict(placeholders, n=n)
    if lang != ENGLISH:
        forms = catalogue(lang).get(singular)
        if isinstance(forms, tuple) and forms:
            return _fill(forms[min(_plural_index(lang, n), len(forms) - 1)], values)
    return _fill(singular if n == 1 else plural, values)


def amount_text(value: Any) -> str:
    """A whole number or amount written the local way: Hindi groups digits the Indian way
    (``1,00,000``); a fraction keeps its ``½`` after the whole part. English and Chinese write
    the plain digits bragrules always wrote.

    >>> with_language("hi", amount_text, Fraction(250001, 2)), amount_text(Fraction(5, 2))
    ('1,25,000½', '2½')
    """
    from bragrules.core.money import pretty_money

    n = value if isinstance(value, Fraction) else Fraction(value)
    plain = pretty_money(n)
    if _current.get() != "hi" or abs(n) < 1000:
        return plain
    from babel.numbers import format_decimal

    whole = int(abs(n))
    rest = plain.lstrip("-")[len(str(whole)):]
    return ("-" if n < 0 else "") + format_decimal(whole, locale=NUMBER_LOCALES["hi"]) + rest


__all__ = [
    "AS_IS", "ENGLISH", "Told", "as_is", "said_of", "ENV_VAR", "N_", "LANGUAGES", "LANGUAGE_NAMES", "Later", "Message", "Said", "amount_text", "catalogue", "choose_language",
    "language", "normalise", "ntr", "pick_language", "set_language", "speaking", "tr", "with_language", "words",
]
