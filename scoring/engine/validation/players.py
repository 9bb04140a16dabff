"""Players: colours, names, points and what they hold off the board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..board import COLOR_BY_NAME, Color
from ..problems import ErrorCode
from ..request import Player
from .base import MAX_NAME_LENGTH, MAX_PLAYERS, MAX_POINTS, MIN_PLAYERS, ValidatorBase
from .text import capital, is_int, show


class PlayerChecks(ValidatorBase):
    """Players: colours, names, points and what they hold off the board."""

    def check_players(self, data: Mapping[str, Any]) -> None:
        if "players" not in data or data["players"] is None:
            self.error("players", ErrorCode.MISSING_FIELD, "The request must list the players.")
            return
        players = data["players"]
        if not isinstance(players, list):
            self.error("players", ErrorCode.INVALID_TYPE,
                       f"players must be a list, not {show(players)}.")
            return
        self.players_readable = True
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            self.error("players", ErrorCode.INVALID_PLAYER_COUNT,
                       f"A game has {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                       f"not {len(players)}.")
        first_with: dict[Color, int] = {}
        for index, player in enumerate(players):
            path = f"players[{index}]"
            if type(player) is not dict and not isinstance(player, Mapping):
                self.error(path, ErrorCode.INVALID_TYPE,
                           f"A player must be an object, not {show(player)}.")
                continue
            color = self.check_color(player, path)
            if color is not None:
                if color in first_with:
                    self.error(f"{path}.color", ErrorCode.DUPLICATE_COLOR,
                               f"Two players are {color.value}: players[{first_with[color]}] "
                               f"and {path}.")
                else:
                    first_with[color] = index
            name = player.get("name")
            if name is not None and not isinstance(name, str):
                self.error(f"{path}.name", ErrorCode.INVALID_TYPE,
                           f"A player's name must be a string, not {show(name)}.")
            elif isinstance(name, str) and (len(name) > MAX_NAME_LENGTH or "\x00" in name):
                self.error(f"{path}.name", ErrorCode.INVALID_TYPE,
                           f"A player's name is text of at most {MAX_NAME_LENGTH} characters, "
                           "without NUL characters.")
                name = None
            points = player.get("points")
            tokens = self.check_tokens(player, path)
            if color is not None and isinstance(name, (str, type(None))) and (
                points is None or (is_int(points) and 0 <= points <= MAX_POINTS)
            ):
                self.players.append(Player(color, name, points or 0, tokens))
            if points is None:
                continue
            if not is_int(points):
                self.error(f"{path}.points", ErrorCode.INVALID_TYPE,
                           f"points must be a whole number, not {show(points)}.")
            elif points < 0:
                self.error(f"{path}.points", ErrorCode.INVALID_POINTS,
                           f"A player's points cannot be negative ({show(points)}).")
            elif points > MAX_POINTS:
                self.error(f"{path}.points", ErrorCode.INVALID_POINTS,
                           f"points must be at most {MAX_POINTS:,} (more than any scoreboard "
                           f"shows), not {show(points)}.")
        self.colors = set(first_with)

    def check_tokens(self, player: Mapping[str, Any], path: str) -> tuple[Any, ...]:
        """The tokens a player brings (``goods``), checked; only non-zero counts kept."""
        kept = []
        for tokens in self.registry.tokens:
            value = player.get(tokens.name)
            if value is None:
                continue
            where = f"{path}.{tokens.name}"
            if type(value) is not dict and not isinstance(value, Mapping):
                self.error(where, ErrorCode.INVALID_TYPE,
                           f"{tokens.name} must be an object such as "
                           f"{{\"{tokens.kinds[0]}\": 1}}, not {show(value)}.")
                continue
            counts = []
            for kind, count in value.items():
                if kind not in tokens.kinds:
                    self.error(f"{where}.{kind}" if isinstance(kind, str) and len(kind) <= 40
                               else where, tokens.invalid,
                               f"{show(kind)} is not one of the {tokens.name}: use "
                               f"{', '.join(tokens.kinds)}.")
                elif tokens.flags:
                    if type(count) is not bool:
                        self.error(f"{where}.{kind}", ErrorCode.INVALID_TYPE,
                                   f"Whether a player holds {tokens.word(kind)} is true or "
                                   f"false, not {show(count)}.")
                    elif count:
                        counts.append((kind, True))
                elif not is_int(count) or count > MAX_POINTS:
                    self.error(f"{where}.{kind}", ErrorCode.INVALID_TYPE,
                               f"A number of {kind} tokens is a whole number, not {show(count)}.")
                elif count < 0:
                    self.error(f"{where}.{kind}", tokens.invalid,
                               f"A player cannot hold {show(count)} {kind} tokens.")
                elif tokens.per_player is not None and count > tokens.per_player:
                    self.error(f"{where}.{kind}", tokens.invalid,
                               f"A player holds at most {tokens.per_player} {tokens.word(kind)}, "
                               f"not {count}.")
                elif count:
                    counts.append((kind, count))
            if tokens.in_all is not None:
                for kind, count in counts:
                    key = (tokens.name, kind)
                    self.token_totals[key] = self.token_totals.get(key, 0) + count
                    if self.token_totals[key] > tokens.in_all >= self.token_totals[key] - count:
                        total = self.token_totals[key]
                        word = tokens.word(kind)
                        self.error(f"{where}.{kind}", tokens.invalid,
                                   f"{capital(word)} is held by {total} players, but the game "
                                   f"has only {tokens.in_all}." if tokens.flags else
                                   f"The players hold {total} {word} together, but the game "
                                   f"has only {tokens.in_all}.")
            if counts and tokens not in self.in_play.tokens and not self.draft:
                part = self.registry.token_part[tokens.name]
                self.error(where, ErrorCode.EXPANSION_NOT_IN_PLAY,
                           self.needs(f"Holding {tokens.name} tokens", part))
                continue
            if counts:
                kept.append((tokens.name, tuple(sorted(counts))))
        return tuple(kept)

    def check_color(self, player: Mapping[str, Any], path: str) -> Color | None:
        if "color" not in player or player["color"] is None:
            self.error(f"{path}.color", ErrorCode.MISSING_FIELD, "Every player needs a colour.")
            return None
        value = player["color"]
        if isinstance(value, str):
            self.written_colors.add(value)
        if not isinstance(value, str):
            self.error(f"{path}.color", ErrorCode.INVALID_TYPE,
                       f"A colour must be a string, not {show(value)}.")
            return None
        color = COLOR_BY_NAME.get(value)
        if color is None:
            colors = ", ".join(COLOR_BY_NAME)
            self.error(f"{path}.color", ErrorCode.UNKNOWN_COLOR,
                       f"{show(value)} is not a player colour; use {colors}.")
        return color
