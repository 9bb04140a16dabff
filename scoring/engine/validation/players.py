"""Players: colours, names, points and what they hold off the board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..board import COLOR_BY_NAME, Color
from ..messages import Listing, Message, add_templates
from ..problems import ErrorCode
from ..request import Player
from ..words import declared
from .base import MAX_NAME_LENGTH, MAX_PLAYERS, MAX_POINTS, MIN_PLAYERS, ValidatorBase
from .text import is_int, show

add_templates({
    "error.missing_field.the_request_must_list_the": "The request must list the players.",
    "error.invalid_type.players_must_be_a_list": "players must be a list, not {players}.",
    "error.invalid_player_count.a_game_has_to_players": (
        "A game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count_players}."),
    "error.missing_field.every_player_needs_a_colour": "Every player needs a colour.",
    "error.invalid_type.a_colour_must_be_a": "A colour must be a string, not {value}.",
    "error.unknown_color.is_not_a_player_colour": (
        "{value} is not a player colour; use {colors}."),
    "error.invalid_type.a_player_must_be_an": "A player must be an object, not {player}.",
    "error.invalid_type.a_player_s_name_must": "A player's name must be a string, not {name}.",
    "error.invalid_type.points_must_be_a_whole": (
        "points must be a whole number, not {points}."),
    "error.invalid_type.must_be_an_object_such": (
        "{tokens_name} must be an object such as {{\"{tokens_kinds_value}\": 1}}, not {value}."),
    "error.duplicate_color.two_players_are_players_and": (
        "Two players are {color_value}: players[{first_with_color}] and {path}."),
    "error.invalid_type.a_player_s_name_is": (
        "A player's name is text of at most {MAX_NAME_LENGTH} characters, without NUL "
        "characters."),
    "error.invalid_points.a_player_s_points_cannot": (
        "A player's points cannot be negative ({points})."),
    "error.invalid.is_not_one_of_the": (
        "{kind} is not one of the {tokens_name}: use {tokens_kinds}."),
    "error.invalid_points.points_must_be_at_most": (
        "points must be at most {MAX_POINTS:grouped} (more than any scoreboard shows), not "
        "{points}."),
    "error.invalid.is_held_by_players_but": (
        "{word} is held by {total} players, but the game has only {tokens_in_all}."),
    "error.invalid.the_players_hold_together_but": (
        "The players hold {total} {word} together, but the game has only {tokens_in_all}."),
    "error.invalid_type.whether_a_player_holds_is": (
        "Whether a player holds {word_kind} is true or false, not {count}."),
    "error.invalid_type.a_number_of_tokens_is": (
        "A number of {kind} tokens is a whole number, not {count}."),
    "error.invalid.a_player_cannot_hold_tokens": "A player cannot hold {count} {kind} tokens.",
    "error.invalid.a_player_holds_at_most": (
        "A player holds at most {tokens_per_player} {word_kind}, not {count}."),
})


class PlayerChecks(ValidatorBase):
    """Players: colours, names, points and what they hold off the board."""

    def check_players(self, data: Mapping[str, Any]) -> None:
        if "players" not in data or data["players"] is None:
            self.error("players", ErrorCode.MISSING_FIELD,
                       Message("error.missing_field.the_request_must_list_the"))
            return
        players = data["players"]
        if not isinstance(players, list):
            self.error("players", ErrorCode.INVALID_TYPE,
                       Message("error.invalid_type.players_must_be_a_list", {
                           "players": show(players)}))
            return
        self.players_readable = True
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            self.error("players", ErrorCode.INVALID_PLAYER_COUNT,
                       Message("error.invalid_player_count.a_game_has_to_players", {
                           "MIN_PLAYERS": MIN_PLAYERS, "MAX_PLAYERS": MAX_PLAYERS,
                           "count_players": len(players)}))
        first_with: dict[Color, int] = {}
        for index, player in enumerate(players):
            path = f"players[{index}]"
            if type(player) is not dict and not isinstance(player, Mapping):
                self.error(path, ErrorCode.INVALID_TYPE,
                           Message("error.invalid_type.a_player_must_be_an", {
                               "player": show(player)}))
                continue
            color = self.check_color(player, path)
            if color is not None:
                if color in first_with:
                    self.error(f"{path}.color", ErrorCode.DUPLICATE_COLOR,
                               Message("error.duplicate_color.two_players_are_players_and", {
                                   "color_value": color.value,
                                   "first_with_color": first_with[color], "path": path}))
                else:
                    first_with[color] = index
            name = player.get("name")
            if name is not None and not isinstance(name, str):
                self.error(f"{path}.name", ErrorCode.INVALID_TYPE,
                           Message("error.invalid_type.a_player_s_name_must", {
                               "name": show(name)}))
            elif isinstance(name, str) and (len(name) > MAX_NAME_LENGTH or "\x00" in name):
                self.error(f"{path}.name", ErrorCode.INVALID_TYPE,
                           Message("error.invalid_type.a_player_s_name_is", {
                               "MAX_NAME_LENGTH": MAX_NAME_LENGTH}))
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
                           Message("error.invalid_type.points_must_be_a_whole", {
                               "points": show(points)}))
            elif points < 0:
                self.error(f"{path}.points", ErrorCode.INVALID_POINTS,
                           Message("error.invalid_points.a_player_s_points_cannot", {
                               "points": show(points)}))
            elif points > MAX_POINTS:
                self.error(f"{path}.points", ErrorCode.INVALID_POINTS,
                           Message("error.invalid_points.points_must_be_at_most", {
                               "MAX_POINTS": MAX_POINTS, "points": show(points)}))
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
                           Message("error.invalid_type.must_be_an_object_such", {
                               "tokens_name": tokens.name, "tokens_kinds_value": tokens.kinds[0],
                               "value": show(value)}))
                continue
            counts = []
            for kind, count in value.items():
                if kind not in tokens.kinds:
                    self.error(f"{where}.{kind}" if isinstance(kind, str) and len(kind) <= 40
                               else where, tokens.invalid,
                               Message("error.invalid.is_not_one_of_the", {
                                   "kind": show(kind), "tokens_name": tokens.name,
                                   "tokens_kinds": Listing(tuple(tokens.kinds))}))
                elif tokens.flags:
                    if type(count) is not bool:
                        self.error(f"{where}.{kind}", ErrorCode.INVALID_TYPE,
                                   Message("error.invalid_type.whether_a_player_holds_is", {
                                       "word_kind": declared(f"token.{tokens.name}.{kind}",
                                                             tokens.word(kind)),
                                       "count": show(count)}))
                    elif count:
                        counts.append((kind, True))
                elif not is_int(count) or count > MAX_POINTS:
                    self.error(f"{where}.{kind}", ErrorCode.INVALID_TYPE,
                               Message("error.invalid_type.a_number_of_tokens_is", {
                                   "kind": kind, "count": show(count)}))
                elif count < 0:
                    self.error(f"{where}.{kind}", tokens.invalid,
                               Message("error.invalid.a_player_cannot_hold_tokens", {
                                   "count": show(count), "kind": kind}))
                elif tokens.per_player is not None and count > tokens.per_player:
                    self.error(f"{where}.{kind}", tokens.invalid,
                               Message("error.invalid.a_player_holds_at_most", {
                                   "tokens_per_player": tokens.per_player,
                                   "word_kind": declared(f"token.{tokens.name}.{kind}",
                                                             tokens.word(kind)),
                                   "count": count}))
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
                                   Message("error.invalid.is_held_by_players_but", {
                                       "word": declared(f"token.{tokens.name}.{kind}.capital",
                                                        word[:1].upper() + word[1:]),
                                       "total": total,
                                       "tokens_in_all": tokens.in_all}) if tokens.flags
                                   else Message("error.invalid.the_players_hold_together_but", {
                                       "total": total,
                                       "word": declared(f"token.{tokens.name}.{kind}", word),
                                       "tokens_in_all": tokens.in_all}))
            if counts and tokens not in self.in_play.tokens and not self.draft:
                part = self.registry.token_part[tokens.name]
                self.error(where, ErrorCode.EXPANSION_NOT_IN_PLAY,
                           self.needs(Message("subject.tokens", {"tokens": tokens.name}), part))
                continue
            if counts:
                kept.append((tokens.name, tuple(sorted(counts))))
        return tuple(kept)

    def check_color(self, player: Mapping[str, Any], path: str) -> Color | None:
        if "color" not in player or player["color"] is None:
            self.error(f"{path}.color", ErrorCode.MISSING_FIELD,
                       Message("error.missing_field.every_player_needs_a_colour"))
            return None
        value = player["color"]
        if isinstance(value, str):
            self.written_colors.add(value)
        if not isinstance(value, str):
            self.error(f"{path}.color", ErrorCode.INVALID_TYPE,
                       Message("error.invalid_type.a_colour_must_be_a", {"value": show(value)}))
            return None
        color = COLOR_BY_NAME.get(value)
        if color is None:
            colors = Listing(tuple(COLOR_BY_NAME))
            self.error(f"{path}.color", ErrorCode.UNKNOWN_COLOR,
                       Message("error.unknown_color.is_not_a_player_colour", {
                           "value": show(value), "colors": colors}))
        return color
