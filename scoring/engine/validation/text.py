"""How validation messages show values and name things."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def show(value: Any) -> str:
    """A short, always printable description of an arbitrary value for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if -10**15 < value < 10**15 else "a very large number"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return '"' + shown.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, (list, tuple)):
        return "a list"
    return f"a {type(value).__name__}"


def is_int(value: Any) -> bool:
    # bool is a subclass of int, but true is not a number in JSON.
    return type(value) is int



ARTICLE = {"road": "a road", "city": "a city", "field": "a field", "river": "a river"}


def either(items: list[str]) -> str:
    """``"a road, a city or a farm"``."""
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]


def a(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


def capital(text: str) -> str:
    """``"the pig"`` -> ``"The pig"``."""
    return text[:1].upper() + text[1:]
