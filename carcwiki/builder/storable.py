"""Text a database can store: PostgreSQL's ``jsonb`` refuses some strings JSON allows.

A NUL character (``\\u0000``) and a lone UTF-16 surrogate (``\\ud800`` without its pair)
are valid in a JSON string but are not text PostgreSQL accepts, and the second cannot even
be written back as UTF-8. The save endpoint refuses both, on every database, before
anything is written.
"""

from __future__ import annotations

from typing import Any


def _unstorable(text: str) -> str | None:
    """Why ``text`` cannot be stored, or ``None``."""
    if "\x00" in text:
        return "holds a NUL character"
    if any("\ud800" <= char <= "\udfff" for char in text):
        return "holds a lone surrogate, which is not a character"
    return None


def unstorable_text(value: Any, path: str = "") -> list[dict[str, str]]:
    """Every string (keys included) in the JSON ``value`` that cannot be stored, as
    ``{"path", "code", "message"}`` errors."""
    problems: list[dict[str, str]] = []
    if isinstance(value, str):
        if (why := _unstorable(value)) is not None:
            problems.append({"path": path, "code": "invalid_text",
                             "message": f"This text {why}; send plain UTF-8 text."})
    elif isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}" if path else str(key)
            if (why := _unstorable(key)) is not None:
                problems.append({"path": path, "code": "invalid_text",
                                 "message": f"A key here {why}; send plain UTF-8 text."})
                continue
            problems += unstorable_text(item, where)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            problems += unstorable_text(item, f"{path}[{index}]")
    return problems
