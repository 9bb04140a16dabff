"""Checks the shape of a board before it is saved, and keeps only the fields it knows.

A saved board may be unfinished, so this does not judge whether the tiles fit or the
figures stand on real features (the scoring API does that when the board is scored). It
only makes sure that what is stored has the shape of a ``POST /api/score/`` request, within
size limits, so that the builder can always open it again. Problems are reported like the
scoring API's: ``{"path", "code", "message"}``, every problem at once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from scoring.engine.expansions import DEFAULT_REGISTRY as REGISTRY

MAX_BOARD_BYTES = 256 * 1024
MAX_TILES = 2000
MAX_FIGURES = 2000
MAX_PLAYERS = 6
MAX_POINTS = 100_000
MAX_NAME_LENGTH = 60
MAX_CODE_LENGTH = 40
EDITIONS = ("C1", "C2", "C3")
ROTATIONS = (0, 90, 180, 270)
COLORS = ("yellow", "red", "green", "blue", "black", "gray", "pink")
RULE_VALUES: dict[str, tuple] = {
    option.name: tuple(choice.value for choice in option.choices)
    for option in REGISTRY.rule_options
}
"""Every rule an expansion declares, with its values (the builder sends them all)."""


class BoardError(ValueError):
    """The board cannot be saved; ``errors`` lists every problem found."""

    def __init__(self, errors: list[dict[str, str]]):
        super().__init__("; ".join(error["message"] for error in errors))
        self.errors = errors


@dataclass
class _Checker:
    errors: list[dict[str, str]] = field(default_factory=list)

    def fail(self, path: str, code: str, message: str) -> None:
        self.errors.append({"path": path, "code": code, "message": message})

    def is_int(self, value: Any, path: str, what: str) -> bool:
        if isinstance(value, int) and not isinstance(value, bool):
            return True
        self.fail(path, "invalid_type", f"{what} must be a whole number.")
        return False

    def is_text(self, value: Any, path: str, what: str, limit: int) -> bool:
        if not isinstance(value, str):
            self.fail(path, "invalid_type", f"{what} must be text.")
            return False
        if len(value) > limit:
            self.fail(path, "too_long", f"{what} is longer than {limit} characters.")
            return False
        return True

    def is_object(self, value: Any, path: str, what: str) -> bool:
        if isinstance(value, dict):
            return True
        self.fail(path, "invalid_type", f"{what} must be a JSON object.")
        return False

    def is_list(self, value: Any, path: str, what: str, limit: int) -> bool:
        if not isinstance(value, list):
            self.fail(path, "invalid_type", f"{what} must be a list.")
            return False
        if len(value) > limit:
            self.fail(path, "too_many", f"{what} may hold at most {limit} entries.")
            return False
        return True

    def required(self, entry: dict, key: str, path: str) -> bool:
        if key in entry:
            return True
        self.fail(f"{path}.{key}", "missing_field", f"{path} has no '{key}'.")
        return False


def check_size(size: int) -> None:
    """Refuse a body of ``size`` bytes when it is over the limit."""
    if size > MAX_BOARD_BYTES:
        raise BoardError([{
            "path": "", "code": "too_large",
            "message": f"The board takes {size / 1024:.0f} KiB; a saved board may take at most "
                       f"{MAX_BOARD_BYTES // 1024} KiB.",
        }])


def parse_board(body: bytes) -> dict[str, Any]:
    """The board carried by a request body, cleaned; raises :class:`BoardError`."""
    check_size(len(body))
    try:
        data = json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        message = f"The board is not valid JSON ({error})."
        raise BoardError([{"path": "", "code": "invalid_json", "message": message}]) from None
    except RecursionError:
        message = "The board is not usable JSON: it is nested too deeply."
        raise BoardError([{"path": "", "code": "invalid_json", "message": message}]) from None
    return clean_board(data)


def clean_board(data: Any) -> dict[str, Any]:
    """``data`` reduced to the fields of the board format; raises :class:`BoardError`."""
    check = _Checker()
    if not check.is_object(data, "", "The board"):
        raise BoardError(check.errors)
    board: dict[str, Any] = {
        "edition": _edition(check, data.get("edition", "C3")),
        "expansions": _expansions(check, data.get("expansions", ["farmers", "abbot"])),
        "rules": _rules(check, data.get("rules", {})),
        "players": _players(check, data.get("players", [])),
        "tiles": _tiles(check, data.get("tiles", [])),
        "figures": _figures(check, data.get("figures", [])),
    }
    if check.errors:
        raise BoardError(check.errors)
    return board


def _edition(check: _Checker, value: Any) -> Any:
    if value not in EDITIONS:
        check.fail("edition", "unknown_edition",
                   f"The edition must be one of {', '.join(EDITIONS)}, not {value!r}.")
    return value


def _expansions(check: _Checker, value: Any) -> list:
    if not check.is_list(value, "expansions", "The expansions", 100):
        return []
    for index, code in enumerate(value):
        check.is_text(code, f"expansions[{index}]", "An expansion code", MAX_CODE_LENGTH)
    return value


def _rules(check: _Checker, value: Any) -> dict:
    if not check.is_object(value, "rules", "The rules"):
        return {}
    for key, rule_value in value.items():
        if key not in RULE_VALUES:
            check.fail(f"rules.{key}", "unknown_rule", f"'{key}' is not a rule variant.")
        elif rule_value not in RULE_VALUES[key] or not isinstance(
            rule_value, type(RULE_VALUES[key][0])
        ):
            allowed = ", ".join(json.dumps(choice) for choice in RULE_VALUES[key])
            check.fail(f"rules.{key}", "invalid_rule_value",
                       f"The rule '{key}' takes one of {allowed}.")
    return value


def _players(check: _Checker, value: Any) -> list:
    if not check.is_list(value, "players", "The players", MAX_PLAYERS):
        return []
    players = []
    for index, entry in enumerate(value):
        path = f"players[{index}]"
        if not check.is_object(entry, path, "A player") or not check.required(entry, "color", path):
            continue
        if entry["color"] not in COLORS:
            check.fail(f"{path}.color", "unknown_color",
                       f"A player's colour is one of {', '.join(COLORS)}.")
        player = {"color": entry["color"], "name": entry.get("name", ""),
                  "points": entry.get("points", 0)}
        check.is_text(player["name"], f"{path}.name", "A player's name", MAX_NAME_LENGTH)
        if check.is_int(player["points"], f"{path}.points", "A player's points") and not (
            0 <= player["points"] <= MAX_POINTS
        ):
            check.fail(f"{path}.points", "invalid_points",
                       f"A player's points lie between 0 and {MAX_POINTS}.")
        players.append(player)
    return players


def _tiles(check: _Checker, value: Any) -> list:
    if not check.is_list(value, "tiles", "The tiles", MAX_TILES):
        return []
    tiles = []
    for index, entry in enumerate(value):
        path = f"tiles[{index}]"
        if not check.is_object(entry, path, "A tile"):
            continue
        if not all([check.required(entry, key, path) for key in ("tile", "x", "y")]):
            continue
        tile = {"tile": entry["tile"], "x": entry["x"], "y": entry["y"],
                "rotation": entry.get("rotation", 0)}
        check.is_text(tile["tile"], f"{path}.tile", "A tile code", MAX_CODE_LENGTH)
        check.is_int(tile["x"], f"{path}.x", "A tile's x")
        check.is_int(tile["y"], f"{path}.y", "A tile's y")
        if tile["rotation"] not in ROTATIONS or isinstance(tile["rotation"], bool):
            check.fail(f"{path}.rotation", "invalid_rotation",
                       "A tile's rotation is 0, 90, 180 or 270.")
        tiles.append(tile)
    return tiles


def _figures(check: _Checker, value: Any) -> list:
    if not check.is_list(value, "figures", "The figures", MAX_FIGURES):
        return []
    figures = []
    for index, entry in enumerate(value):
        path = f"figures[{index}]"
        if not check.is_object(entry, path, "A figure"):
            continue
        if not all([check.required(entry, key, path) for key in ("player", "x", "y", "at")]):
            continue
        figure = {"player": entry["player"], "x": entry["x"], "y": entry["y"],
                  "at": entry["at"], "kind": entry.get("kind", "meeple")}
        check.is_text(figure["player"], f"{path}.player", "A figure's player", MAX_CODE_LENGTH)
        check.is_int(figure["x"], f"{path}.x", "A figure's x")
        check.is_int(figure["y"], f"{path}.y", "A figure's y")
        check.is_text(figure["at"], f"{path}.at", "A figure's location", 4)
        check.is_text(figure["kind"], f"{path}.kind", "A figure's kind", MAX_CODE_LENGTH)
        figures.append(figure)
    return figures
