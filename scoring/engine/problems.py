"""What can be wrong with a request: error codes and the problems that carry them.

The contract's codes are :class:`ErrorCode`; an expansion adds its own as
:class:`ProblemCode` values (``river_spring``). A :class:`BoardError` is one problem: the
path of the offending value, its code and a sentence a player understands. Every check of
the engine — the core's and the expansions' — reports :class:`BoardError` s.

:func:`load_json` reads a request's text the way every entry point does (the command
line, the saved boards), refusing what cannot be echoed back as UTF-8.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Mapping
from typing import Any

from .messages import Message


class ErrorCode(enum.Enum):
    """The contract's error codes: one per kind of problem."""

    INVALID_JSON = "invalid_json"
    """The body is not JSON (reported by the HTTP layer)."""
    INVALID_TYPE = "invalid_type"
    """A value has the wrong JSON type (or a number is out of range)."""
    MISSING_FIELD = "missing_field"
    """A required field is absent."""
    UNKNOWN_EDITION = "unknown_edition"
    """The edition is not C1, C2 or C3."""
    UNKNOWN_EXPANSION = "unknown_expansion"
    """An expansion code the site does not know."""
    EXPANSION_NOT_IN_EDITION = "expansion_not_in_edition"
    """The expansion does not exist in that edition (the abbot in C1)."""
    EXPANSION_NOT_IN_PLAY = "expansion_not_in_play"
    """A tile or figure needs an expansion that is not listed."""
    UNKNOWN_RULE = "unknown_rule"
    """A key in ``rules`` that is not a rule."""
    INVALID_RULE_VALUE = "invalid_rule_value"
    """A rule given a value it cannot take."""
    INVALID_PLAYER_COUNT = "invalid_player_count"
    """Fewer than 2 or more than 6 players."""
    UNKNOWN_COLOR = "unknown_color"
    """A colour that is not a player colour."""
    DUPLICATE_COLOR = "duplicate_color"
    """Two players with the same colour."""
    INVALID_POINTS = "invalid_points"
    """A player's points are negative (or absurdly high)."""
    EMPTY_BOARD = "empty_board"
    """No tiles."""
    TOO_MANY_TILES = "too_many_tiles"
    """More tiles than the limit."""
    UNKNOWN_TILE = "unknown_tile"
    """A tile code that does not exist."""
    TILE_NOT_IN_EDITION = "tile_not_in_edition"
    """A tile the edition does not have (a garden tile in C1)."""
    INVALID_ROTATION = "invalid_rotation"
    """A rotation other than 0, 90, 180 or 270."""
    DUPLICATE_POSITION = "duplicate_position"
    """Two tiles on one square."""
    DISCONNECTED_TILE = "disconnected_tile"
    """A tile not joined edge to edge to the rest of the board."""
    EDGE_MISMATCH = "edge_mismatch"
    """Touching edges of two tiles that do not match."""
    TOO_MANY_COPIES = "too_many_copies"
    """More copies of a tile than the edition and expansions in play contain."""
    UNKNOWN_PLAYER = "unknown_player"
    """A figure of a colour that is not among the players."""
    UNKNOWN_FIGURE_KIND = "unknown_figure_kind"
    """A figure kind no expansion has."""
    INVALID_LOCATION = "invalid_location"
    """``at`` is not a location name."""
    NO_TILE_AT_FIGURE = "no_tile_at_figure"
    """A figure on a square without a tile."""
    NO_FEATURE_AT_LOCATION = "no_feature_at_location"
    """Nothing a figure can stand on at that location of that tile."""
    FIGURE_NOT_ALLOWED = "figure_not_allowed"
    """A figure on a feature it may not occupy."""
    TOO_MANY_FIGURES = "too_many_figures"
    """A player has more figures than they own, or the board more than the limit."""
    UNKNOWN_TILE_STATE = "unknown_tile_state"
    """A key in a tile's ``state`` that no expansion declares."""

    def __repr__(self) -> str:
        return f"ErrorCode.{self.name}"


@dataclasses.dataclass(frozen=True)
class BoardError:
    """One problem of a request: where, which kind, and what to do about it."""

    path: str
    code: Any
    """An :class:`ErrorCode`, or a code an expansion declares (``river_spring``)."""
    said: Message
    """What to do about it, as a message (:attr:`message` is its English)."""

    @property
    def message(self) -> str:
        return self.said.text()

    def to_json(self) -> dict[str, Any]:
        """The contract's error object, with the message's id and parameters."""
        return {"path": self.path, "code": self.code.value, **self.said.said_fields()}



@dataclasses.dataclass(frozen=True)
class ProblemCode:
    """An error code an expansion adds to the contract's list."""

    value: str
    meaning: str

    def __repr__(self) -> str:
        return f"ProblemCode({self.value!r})"



def lone_surrogate(value: Any) -> str | None:
    """A string of a parsed JSON value (key or value, at any depth) that holds a lone
    UTF-16 surrogate, shown for a message; ``None`` when there is none.

    JSON text may write ``"\\ud800"`` and Python's parser accepts it, but no UTF-8 text
    can carry the result, so echoing it in a response or a terminal would fail: callers
    refuse such input as not usable JSON.

    >>> lone_surrogate({"players": [{"name": "Anna"}, {"name": "\\ud83d"}]}) is None
    False
    >>> lone_surrogate({"name": "\\U0001f600"}) is None
    True
    """
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as error:
                return f"U+{ord(item[error.start]):04X}"
        elif isinstance(item, Mapping):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None



class UnreadableJSONError(ValueError):
    """The text is not usable JSON; the message says why, for a person."""


def load_json(text: str | bytes, *, lone_surrogates: bool = False) -> Any:
    """Parse a request's text, refusing bytes that are not UTF-8, text that is not JSON,
    nesting too deep, numbers too long to read and (unless ``lone_surrogates``, for a
    caller that reports them itself) strings holding a lone surrogate.

    >>> load_json('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> try:
    ...     load_json('{"name": "\\ud800"}')
    ... except UnreadableJSONError as error:
    ...     print(error)
    not usable JSON: a string holds a lone surrogate (U+D800), which is not a character
    """
    try:
        data = json.loads(text)
    except RecursionError:
        raise UnreadableJSONError("not usable JSON: it is nested too deeply") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise UnreadableJSONError(f"not valid JSON ({error})") from None
    except ValueError:  # Python reads no integer of more than 4,300 digits
        raise UnreadableJSONError(
            "not usable JSON: it holds a number with too many digits"
        ) from None
    where = None if lone_surrogates else lone_surrogate(data)
    if where is not None:
        raise UnreadableJSONError(
            f"not usable JSON: a string holds a lone surrogate ({where}), which is not a "
            "character"
        )
    return data
