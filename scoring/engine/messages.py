"""The engine's words as data: each explanation, warning and error is a :class:`Message`,
a stable id with typed parameters, and its English text is made from the template of that
id in :data:`ENGLISH`, the one catalogue of the engine's sentences.

A caller that shows the words to players (the board builder) gets the id and the
parameters and renders them with a catalogue of its own language: a feature parameter
(:class:`FeatureRef`) carries its tiles, so the page can name it by where it lies; a
player (:class:`PlayerRef`) is a colour the page names as the players see it. The English
text of the API stays what it was: a feature reads as its id (``city-2``), a player as
their colour.

A template names its parameters in braces: ``{points}`` (a brace of the text itself is
written twice, ``{{``). A number written with its digits grouped is ``{limit:grouped}``:
the catalogue says how (``number.group_separator``: ``2,000`` in English, ``2.000`` in
German). A word that follows a count is
written ``{count|tile|tiles}`` (the first form when the count is 1, else the second);
a :class:`Listing` joins its items with the template of its ``join`` id (``", "``).
Messages nest: a parameter may be a message (the tie note of a city's explanation).

Expansions add their templates with :func:`add_templates` when their module is imported
(the registry imports every one), so the catalogue is complete once the registry is.

>>> add_templates({"example.tiles": "{label}: {tiles} {tiles|tile|tiles} = {points}"})
>>> message = Message("example.tiles", {"label": "road", "tiles": 1, "points": 1})
>>> message.text()
'road: 1 tile = 1'
>>> message.to_json()
{'id': 'example.tiles', 'params': {'label': 'road', 'tiles': 1, 'points': 1}}
>>> sorted(placeholders(ENGLISH["example.tiles"]))
['label', 'points', 'tiles']
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Union

from .english import CORE_TEMPLATES

Param = Union[int, str, "FeatureRef", "PlayerRef", "Message", "Listing"]
"""What a message's parameter may be: a number, a word or name given as is (a figure
kind's name, a declared label), a feature, a player, another message or a list of them."""


_NO_PARAMS: Mapping[str, Param] = MappingProxyType({})

Text = Union[str, "Message"]
"""A piece of an explanation a declaration gives (a label, a note): a message, or words
given as they are."""


@dataclasses.dataclass(slots=True)
class FeatureRef:
    """A scored feature named in a message, with the squares of its tiles."""

    id: str
    kind: str
    tiles: tuple[tuple[int, int], ...]

    def __str__(self) -> str:
        return self.id

    def to_json(self) -> dict[str, Any]:
        return {"feature": self.id, "kind": self.kind, "tiles": list(map(list, self.tiles))}


@dataclasses.dataclass(slots=True)
class PlayerRef:
    """A player named in a message, by colour."""

    color: str

    def __str__(self) -> str:
        return self.color

    def to_json(self) -> dict[str, Any]:
        return {"player": self.color}


@dataclasses.dataclass(slots=True)
class Listing:
    """Several parameters shown as one, joined by the template ``join`` names."""

    items: tuple[Param, ...]
    join: str = "join.comma"

    def __str__(self) -> str:
        return ENGLISH[self.join].join(map(str, self.items))

    def to_json(self) -> dict[str, Any]:
        return {"list": [param_json(item) for item in self.items], "join": self.join}


class Message:
    """One sentence (or part of one) of the engine: its id and its parameters.

    A plain class with slots rather than a frozen dataclass: explanations make several
    for each scored feature, and a frozen dataclass's constructor costs several times
    more. A message is not changed once made; its English is kept once written."""

    __slots__ = ("id", "params", "_text")

    def __init__(self, id: str, params: Mapping[str, Param] = _NO_PARAMS) -> None:
        self.id = id
        self.params = params
        self._text: str | None = None

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Message) and self.id == other.id
                and self.params == other.params)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Message({self.id!r}, {dict(self.params)!r})"

    def text(self, catalogue: Mapping[str, str] | None = None) -> str:
        """The sentence in ``catalogue``'s words (the engine's English by default)."""
        if catalogue is None or catalogue is ENGLISH:
            return _english(self)
        return _render(self, catalogue)

    def __str__(self) -> str:
        return _english(self)

    def __format__(self, spec: str) -> str:
        # How str.format_map writes a message inside another: straight to its English.
        return _english(self)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "params": {name: param_json(value)
                                          for name, value in self.params.items()}}

    def said_fields(self) -> dict[str, Any]:
        """The keys an error or a warning object of the API carries for what it says:
        the English sentence, and the id and parameters another language renders from."""
        return {"message": self.text(), "message_id": self.id,
                "params": self.to_json()["params"]}

    def walk(self) -> Iterator[Message]:
        """This message and every message among its parameters, at any depth."""
        yield self
        for value in self.params.values():
            yield from _messages_in(value)


def _messages_in(value: Param) -> Iterator[Message]:
    if isinstance(value, Message):
        yield from value.walk()
    elif isinstance(value, Listing):
        for item in value.items:
            yield from _messages_in(item)


def players_listing(colors: Sequence[str]) -> Listing:
    """``red``, ``red and blue``, ``red, blue and green``: players named together."""
    players = tuple(PlayerRef(color) for color in colors)
    if len(players) < 3:
        return Listing(players, "join.and")
    return Listing((Listing(players[:-1]), players[-1]), "join.and")


def param_json(value: Param) -> Any:
    """A parameter as the API sends it: numbers and words as they are, the rest as an
    object that says what it is (``{"feature": "city-2", "kind": "city", "tiles": …}``,
    ``{"player": "red"}``, ``{"id": …, "params": …}``, ``{"list": […], "join": …}``)."""
    if isinstance(value, (int, str)):
        return value
    return value.to_json()


def message_from_json(data: Mapping[str, Any]) -> Message:
    """The message :meth:`Message.to_json` wrote, read back (a stored explanation is
    rendered when it is read, in the reader's catalogue).

    >>> stored = Message("join.and", {"who": PlayerRef("red"), "n": 2}).to_json()
    >>> message_from_json(stored) == Message("join.and", {"who": PlayerRef("red"), "n": 2})
    True
    """
    return Message(data["id"], {name: param_from_json(value)
                                for name, value in data.get("params", {}).items()})


def param_from_json(value: Any) -> Param:
    """A parameter :func:`param_json` wrote, read back."""
    if isinstance(value, (int, str)):
        return value
    if "feature" in value:
        return FeatureRef(value["feature"], value["kind"],
                          tuple((x, y) for x, y in value["tiles"]))
    if "player" in value:
        return PlayerRef(value["player"])
    if "list" in value:
        return Listing(tuple(param_from_json(item) for item in value["list"]), value["join"])
    return message_from_json(value)


ENGLISH: dict[str, str] = {
    **CORE_TEMPLATES,
    "join.comma": ", ",
    "join.and": " and ",
    "join.plus": " + ",
    "join.semicolon": "; ",
    "join.none": "",
    "number.group_separator": ",",
}
"""Every template of the engine by message id, in English (the core's, then each
expansion's as it is imported)."""


def add_templates(templates: Mapping[str, str]) -> None:
    """Add an expansion's (or a core module's) templates to :data:`ENGLISH`; an id may
    be added again only with the same template."""
    for message_id, template in templates.items():
        known = ENGLISH.setdefault(message_id, template)
        if known != template:
            raise ValueError(f"message {message_id!r} has two templates: {known!r}, {template!r}")
        _COMPILED.pop(message_id, None)
        _WRITERS.pop(message_id, None)


_PLACEHOLDER = re.compile(r"\{(\w+)(:grouped)?(?:\|([^|}]*)\|([^}]*))?\}|\{\{|\}\}")
"""A placeholder, or a brace written twice (``{{``) for a brace in the text."""

Piece = tuple[str, str, str | None, str | None, bool]
"""A literal, then the parameter after it ("" for none), for a counted word its singular
and plural, and whether the parameter is a number written with its digits grouped."""

_COMPILED: dict[str, tuple[Piece, ...]] = {}


def _compiled(template: str) -> tuple[Piece, ...]:
    pieces: list[Piece] = []
    literal = ""
    start = 0
    for match in _PLACEHOLDER.finditer(template):
        literal += template[start:match.start()]
        start = match.end()
        if match[1] is None:  # a brace written twice
            literal += match[0][0]
            continue
        pieces.append((literal, match[1], match[3], match[4], match[2] is not None))
        literal = ""
    pieces.append((literal + template[start:], "", None, None, False))
    return tuple(pieces)


def placeholders(template: str) -> set[str]:
    """The parameter names a template uses."""
    return {match[1] for match in _PLACEHOLDER.finditer(template) if match[1]}


_WRITERS: dict[str, Callable[[Mapping[str, Param]], str]] = {}
"""Each English template made into a function that writes it as an f-string does, by
id. Explanations are written for every scored feature, and ``str.format_map`` reads its
template again at each call, several times slower than an f-string. Every parameter is
written as its English (a message by :meth:`Message.__format__`, a feature as its id, a
colour as itself)."""


def grouped(number: Param, separator: str) -> str:
    """A whole number with its digits in groups of three, between them ``separator``.

    >>> grouped(1234567, "."), grouped(-2000, ","), grouped(999, ".")
    ('1.234.567', '-2,000', '999')
    """
    if not isinstance(number, int):
        return str(number)
    return f"{number:,}".replace(",", separator)


def _writer(message_id: str) -> Callable[[Mapping[str, Param]], str]:
    literals: list[str] = []
    code = []
    for literal, name, singular, plural, group in _compiled(ENGLISH[message_id]):
        literals.append(literal)
        code.append(f"{{L[{len(literals) - 1}]}}")
        if not name:
            continue
        if group:
            code.append(f"{{G(p[{name!r}], E['number.group_separator'])}}")
        elif singular is None:
            code.append(f"{{p[{name!r}]}}")
        else:
            literals += [singular, plural or ""]
            code.append(f"{{L[{len(literals) - 2}] if p[{name!r}] == 1 "
                        f"else L[{len(literals) - 1}]}}")
    # The template's words are only ever read from L, never compiled: the code holds
    # nothing but indices and parameter names (\w+).
    write: Callable[[Mapping[str, Param]], str] = eval(  # noqa: S307
        f'lambda p, L=L: f"{"".join(code)}"',
        {"L": tuple(literals), "G": grouped, "E": ENGLISH})
    _WRITERS[message_id] = write
    return write


def _english(message: Message) -> str:
    text = message._text
    if text is not None:  # a label shared by every road, or the same text asked again
        return text
    write = _WRITERS.get(message.id)
    if write is None:
        write = _writer(message.id)
    text = message._text = write(message.params)
    return text


english_text = _english
"""A message's English (:meth:`Message.text` without the catalogue argument), for the
response writers."""


def _render(message: Message, catalogue: Mapping[str, str]) -> str:
    return _fill(_compiled(catalogue[message.id]), message.params, catalogue)


def _fill(pieces: Sequence[Piece], params: Mapping[str, Param],
          catalogue: Mapping[str, str] | None) -> str:
    out = []
    for literal, name, singular, plural, group in pieces:
        out.append(literal)
        if not name:
            continue
        value = params[name]
        if group:
            out.append(grouped(value, (catalogue or ENGLISH)["number.group_separator"]))
        elif singular is not None:
            out.append(singular if value == 1 else (plural or ""))
        else:
            out.append(_param_text(value, catalogue))
    return "".join(out)


def _param_text(value: Param, catalogue: Mapping[str, str] | None) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, FeatureRef):
        return value.id
    if isinstance(value, PlayerRef):
        return value.color
    if isinstance(value, Message):
        return _english(value) if catalogue is None else _render(value, catalogue)
    joiner = (catalogue or ENGLISH)[value.join]
    return joiner.join([_param_text(item, catalogue) for item in value.items])


__all__ = [
    "ENGLISH", "FeatureRef", "Listing", "Message", "Param", "PlayerRef", "Text", "add_templates",
    "message_from_json", "players_listing",
    "param_json", "placeholders",
]
