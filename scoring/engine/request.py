"""The request of ``POST /api/score/`` as a typed value, with its JSON round trip.

A request is read by the one reader of the format,
:func:`scoring.engine.validation.parse_request`, which checks the body and fills in every
default; :meth:`ScoreRequest.to_json` writes everything out explicitly. This module knows
nothing of the reader: the validator builds the classes below, never the other way round.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from .board import Board, BoardParseError, Color
from .rules import DEFAULT_EDITION, Edition, RuleSet


@dataclasses.dataclass(frozen=True)
class Player:
    """A player: colour, optional name and the points on the scoreboard now."""

    color: Color
    name: str | None = None
    points: int = 0
    tokens: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()
    """Tokens the player holds, by token name then kind (only non-zero counts; a flag
    held is ``True``)."""

    def token_count(self, name: str, kind: str) -> int:
        """How many tokens of ``kind`` (``"wine"``) under ``name`` (``"goods"``); a flag
        (the king tile) counts 1 when held."""
        for token_name, counts in self.tokens:
            if token_name == name:
                return int(dict(counts).get(kind, 0))
        return 0

    @classmethod
    def from_json(cls, data: Mapping[str, Any], token_names: tuple[str, ...] = ()) -> Player:
        color = data.get("color")
        if not isinstance(color, str):
            raise BoardParseError(f"a player needs a colour, not {color!r}")
        points = data.get("points")
        if points is None:
            points = 0
        if type(points) is not int or points < 0:
            raise BoardParseError(f"points must be a whole number of at least 0, not {points!r}")
        name = data.get("name")
        if name is not None and not isinstance(name, str):
            raise BoardParseError(f"name must be a string, not {name!r}")
        tokens = []
        for token_name in token_names:
            counts = data.get(token_name) or {}
            if not isinstance(counts, Mapping):
                raise BoardParseError(f"{token_name} must be an object")
            kept = tuple(sorted((kind, n) for kind, n in counts.items() if n))
            if kept:
                tokens.append((token_name, kept))
        return cls(color=Color.parse(color), name=name, points=points, tokens=tuple(tokens))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"color": self.color.value}
        if self.name is not None:
            data["name"] = self.name
        data["points"] = self.points
        for token_name, counts in self.tokens:
            data[token_name] = dict(counts)
        return data


@dataclasses.dataclass(frozen=True)
class ScoreRequest:
    """Everything the scoring needs: edition, expansions in play, rules, players, board."""

    players: tuple[Player, ...]
    board: Board
    edition: Edition = DEFAULT_EDITION
    expansions: tuple[str, ...] = ()
    """Expansion codes in play besides the base game, defaults already applied."""
    rules: RuleSet = RuleSet()
    """The rules; build it from the registry's options (the empty default knows none)."""

    @property
    def colors(self) -> tuple[Color, ...]:
        """Player colours in request order."""
        return tuple(player.color for player in self.players)

    def to_json(self) -> dict[str, Any]:
        """The request body, every default written out."""
        return {
            "edition": self.edition.value,
            "expansions": list(self.expansions),
            "rules": self.rules.to_json(),
            "players": [player.to_json() for player in self.players],
            "tiles": [tile.to_json() for tile in self.board.tiles],
            "figures": [*(figure.to_json() for figure in self.board.figures),
                        *(district.to_json() for district in self.board.districts)],
            **({"neutral": [piece.to_json() for piece in self.board.neutral]}
               if self.board.neutral else {}),
        }
