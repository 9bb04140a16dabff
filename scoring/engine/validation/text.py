"""How validation messages show values and name things."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..messages import Listing, Message, Param, add_templates

add_templates({
    "shown.very_large": "a very large number",
    "shown.object": "an object",
    "shown.list": "a list",
})


def show(value: Any) -> Param:
    """A short, always printable description of an arbitrary value for messages: the
    JSON it was written as (a string quoted, cut at 40 characters), or words for what
    cannot be echoed (a message: "an object")."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if -10**15 < value < 10**15 else Message("shown.very_large")
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return '"' + shown.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, Mapping):
        return Message("shown.object")
    return Message("shown.list")  # JSON has nothing else


def shown_list(values: Iterable[Any]) -> Listing:
    """Values shown one after the other: ``"open", "closed"``."""
    return Listing(tuple(show(value) for value in values))


def is_int(value: Any) -> bool:
    # bool is a subclass of int, but true is not a number in JSON.
    return type(value) is int
