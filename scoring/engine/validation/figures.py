"""Each entry of ``figures``: player, kind, location, where it may stand, supply."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from ..board import COLOR_BY_NAME, LOCATION_BY_NAME, Color, DistrictFigure, Figure
from ..expansion import CORNERS, InPlay, Placement, WhenMissing
from ..locations import Location
from ..messages import Listing, Message, Param, add_templates
from ..problems import ErrorCode
from ..tiles import FeatureKind
from ..words import (
    a_figure,
    a_kind,
    a_word,
    capital_colour,
    declared,
    either_of,
    figure_word,
    square,
)
from .base import MAX_FIGURES, TileEntry, ValidatorBase
from .text import show

add_templates({
    "subject.figure_on": "A figure on {space}",
    "subject.figure_code": "{figure} ({code})",
    "error.or_a_district_of": ", or a district of {large}: {names}",
    "error.figure_not_allowed.may_not_stand_on_it": (
        "{name} may not stand on {segment_kind_value} ({tile_label}, {at_value}); it may stand "
        "on {where}."),
    "error.invalid_type.figures_must_be_a_list": "figures must be a list, not {figures}.",
    "error.too_many_figures.the_board_has_figures_the": (
        "The board has {count_figures:grouped} figures; the limit is {MAX_FIGURES:grouped}."),
    "error.too_many_figures.has_more_than_on_the": (
        "{player_value} has more than {limit} {name} on the board, but a player owns only "
        "{limit}."),
    "error.invalid_location.has_no_only_tiles_that": (
        "{tile_label} has no {word}: only tiles that print one take figures there."),
    "error.figure_not_allowed.may_not_stand_on_the": (
        "{figure_kind_name} may not stand on the {word} of {tile_label}; only {allowed} may."),
    "error.too_many_figures.the_of_holds_at_most": (
        "The {word} of {tile_label} holds at most {space_holds} figures; more stand on it here."),
    "error.missing_field.every_figure_needs_the_colour": (
        "Every figure needs the colour of its player."),
    "error.invalid_type.a_figure_s_player_is": (
        "A figure's player is a colour string, not {value}."),
    "error.unknown_player.no_player_has_the_colour": "No player has the colour {value}.",
    "error.missing_field.every_figure_needs_its_location": (
        "Every figure needs its location on the tile (at)."),
    "error.invalid_type.at_must_be_a_location": (
        "at must be a location name such as \"N\" or \"SW\", not {value}."),
    "error.invalid_type.kind_must_be_a_string": (
        "kind must be a string such as \"meeple\", not {value}."),
    "error.unknown_figure_kind.unknown_figure_kind_known_kinds": (
        "Unknown figure kind {value}; known kinds: {kinds}."),
    "error.figure_not_allowed.stands_on_a_corner_where": (
        "{name} stands on a corner where four tiles meet: name the corner of {tile_label} as "
        "NE, SE, SW or NW, not {at_value}."),
    "error.figure_not_allowed.stands_only_where_four_tiles": (
        "{name} stands only where four tiles meet; the {at_value} corner of {tile_label} has "
        "no tile at {squares}."),
    "error.invalid_type.a_figure_must_be_an": "A figure must be an object, not {item}.",
    "error.invalid_location.is_not_a_location_of": (
        "{name} is not a location of {tile_label}; use one of {locations}{districts}."),
    "error.figure_not_allowed.only_followers_stand_in_the": (
        "Only followers stand in the {name} district, and {figure_kind_name} is not one."),
    "error.invalid_location.is_not_a_location_use": (
        "{name} is not a location; use one of {locations}."),
    "error.no_tile_at_figure.there_is_no_tile_at": "There is no tile at ({x},{y}).",
    "error.invalid_location.is_not_a_location_use_2": (
        "{value} is not a location; use one of {names}."),
    "error.figure_not_allowed.stands_only_on_a_corner": (
        "{name} stands only on a corner that is field on all four tiles; the {corner} corner "
        "of {other_label} is not."),
})


@functools.lru_cache(maxsize=64)
def supply_of_kinds_on_features(in_play: InPlay) -> dict[str, int]:
    """How many figures of each kind in play a player owns, for the kinds that stand on
    a feature of one tile (not on a corner between four): the kinds the fast path of
    :meth:`FigureChecks.check_figures` reads."""
    corners = in_play.corner_kinds
    return {code: kind.limit for code, kind in in_play.figure_kinds.items()
            if code not in corners}


class FigureChecks(ValidatorBase):
    """Each entry of ``figures``: player, kind, location, where it may stand, supply."""

    def check_figures(self, data: Mapping[str, Any]) -> None:
        figures = data.get("figures")
        if figures is None:
            return
        if not isinstance(figures, list):
            self.error("figures", ErrorCode.INVALID_TYPE,
                       Message("error.invalid_type.figures_must_be_a_list", {
                           "figures": show(figures)}))
            return
        if len(figures) > MAX_FIGURES:
            self.error("figures", ErrorCode.TOO_MANY_FIGURES,
                       Message("error.too_many_figures.the_board_has_figures_the", {
                           "count_figures": len(figures), "MAX_FIGURES": MAX_FIGURES}))
            return
        roles = self.in_play.placements
        supply = supply_of_kinds_on_features(self.in_play)
        # Rules about single figures (no figure by the volcano) are asked on the fast
        # path too; a figure one of them refuses takes the careful path, which says why.
        fast = self.tiles_checked and not self.draft
        figure_rules = self.in_play.figure_rules
        default_kind = self.registry.default_figure_kind
        owned: dict[tuple[Color, str], int] = {}
        squares = self.squares
        colors = self.colors
        read = self.read_figures
        make_figure = tuple.__new__  # what Figure(...) runs, without the call
        for index, item in enumerate(figures):
            # Fast path: a well-formed figure of a player, of a kind in play, on a
            # feature it may stand on, within its owner's supply.
            if type(item) is dict and fast:
                player = item.get("player")
                at = item.get("at")
                kind = item.get("kind", default_kind)
                x = item.get("x")
                y = item.get("y")
                color = COLOR_BY_NAME.get(player) if type(player) is str else None
                location = LOCATION_BY_NAME.get(at) if type(at) is str else None
                limit = supply.get(kind) if type(kind) is str else None
                tile = squares.get((x, y)) if type(x) is int and type(y) is int else None
                if (color in colors and location is not None and limit is not None
                        and tile is not None and tile.oriented is not None):
                    segment = tile.oriented.figure_segments.get(location)
                    count = owned.get(key := (color, kind), 0) + 1
                    if (segment is not None and (kind, segment.kind) in roles
                            and count <= limit
                            and not (figure_rules and any(
                                rule.check(tile, segment, kind) is not None
                                for rule in figure_rules))):
                        owned[key] = count
                        read.append(make_figure(Figure, (color, x, y, location, kind)))
                        continue
            read.append(None)
            self.all_figures_fast = False
            path = f"figures[{index}]"
            if not isinstance(item, Mapping):
                self.error(path, ErrorCode.INVALID_TYPE,
                           Message("error.invalid_type.a_figure_must_be_an", {
                               "item": show(item)}))
                continue
            if ((self.registry.large_tiles or self.registry.spaces)
                    and type(item.get("at")) is str and item["at"] not in LOCATION_BY_NAME):
                read[-1] = self.check_district(item, path, owned)
                continue
            player = self.check_figure_player(item, path)
            x = self.check_coordinate(item, "x", path)
            y = self.check_coordinate(item, "y", path)
            at = self.check_location(item, path)
            kind = self.check_figure_kind(item, path)
            self.count_owned(path, player, kind, owned)
            if x is None or y is None or at is None or not self.tiles_checked or self.draft:
                continue
            self.check_placement(path, x, y, at, kind, roles)

    def count_owned(self, path: str, player: Color | None, kind: str | None,
                    owned: dict[tuple[Color, str], int]) -> None:
        """Count a figure against its owner's supply of its kind."""
        if player is None or kind is None or self.draft:
            return
        key = (player, kind)
        owned[key] = owned.get(key, 0) + 1
        figure_kind = self.known_kind(kind)
        limit = figure_kind.limit
        if owned[key] == limit + 1:
            self.error(path, ErrorCode.TOO_MANY_FIGURES,
                       Message("error.too_many_figures.has_more_than_on_the", {
                           "player_value": capital_colour(player.value), "limit": limit,
                           "name": figure_word(figure_kind, limit)}))

    def check_district(self, item: Mapping[str, Any], path: str,
                       owned: dict[tuple[Color, str], int]) -> DistrictFigure | None:
        """A figure whose ``at`` names a district of a large tile (see :class:`District`)
        or a space printed on the tile (see :class:`Space`)."""
        name = item["at"]
        if name in self.registry.spaces and not self.draft:
            return self.check_space(item, path, owned)
        player = self.check_figure_player(item, path)
        x = self.check_coordinate(item, "x", path)
        y = self.check_coordinate(item, "y", path)
        kind = self.check_figure_kind(item, path)
        self.count_owned(path, player, kind, owned)
        if x is None or y is None:
            return None
        locations = Listing(tuple(location.value for location in Location))
        if self.tiles_checked and not self.draft:
            tile = self.squares.get((x, y))
            if tile is None:
                if not self.unplaced_tiles:
                    self.error(path, ErrorCode.NO_TILE_AT_FIGURE,
                               Message("error.no_tile_at_figure.there_is_no_tile_at", {
                                   "x": x, "y": y}))
                return None
            large = tile.large
            names = [district.name for district in large.districts] if large else []
            if name not in names:
                # On an ordinary tile the name is simply not a location: list them, as
                # check_location does; on a large tile, its districts too.
                districts = (Message("error.or_a_district_of", {
                    "large": declared(f"large_tile.{large.code}", large.name),
                    "names": Listing(tuple(names))})
                    if large and names else declared("word.empty", ""))
                self.error(f"{path}.at", ErrorCode.INVALID_LOCATION,
                           Message("error.invalid_location.is_not_a_location_of", {
                               "name": show(name), "tile_label": tile.label,
                               "locations": locations, "districts": districts}))
                return None
            if kind is not None and kind not in self.in_play.followers:
                figure_kind = self.known_kind(kind)
                self.error(path, ErrorCode.FIGURE_NOT_ALLOWED,
                           Message("error.figure_not_allowed.only_followers_stand_in_the", {
                               "name": name, "figure_kind_name": a_figure(figure_kind)}))
                return None
        elif name not in self.registry.spaces and not any(
                name == district.name for large in self.registry.large_tiles.values()
                for district in large.districts):
            self.error(f"{path}.at", ErrorCode.INVALID_LOCATION,
                       Message("error.invalid_location.is_not_a_location_use", {
                           "name": show(name), "locations": locations}))
            return None
        if player is None or kind is None:
            return None
        return DistrictFigure(player, x, y, name, kind)

    def check_space(self, item: Mapping[str, Any], path: str,
                    owned: dict[tuple[Color, str], int]) -> DistrictFigure | None:
        """A figure on a space printed on its tile (an acrobat space): the space's part in
        play, a tile that prints it, a kind that stands there, and room on it."""
        name = item["at"]
        landmark, part = self.registry.spaces[name]
        space = landmark.space
        assert space is not None  # the registry lists the landmarks with a space only
        word = declared(f"space.{name}", space.word or f"{name} space")
        a_space = a_word(f"space.{name}", str(word))
        player = self.check_figure_player(item, path)
        x = self.check_coordinate(item, "x", path)
        y = self.check_coordinate(item, "y", path)
        kind = self.check_figure_kind(item, path)
        self.count_owned(path, player, kind, owned)
        if part.code not in self.in_play:
            self.error(f"{path}.at", ErrorCode.EXPANSION_NOT_IN_PLAY,
                       self.needs(Message("subject.figure_on", {"space": a_space}), part))
            return None
        if x is None or y is None or not self.tiles_checked:
            return None
        tile = self.squares.get((x, y))
        if tile is None:
            if not self.unplaced_tiles:
                self.error(path, ErrorCode.NO_TILE_AT_FIGURE,
                           Message("error.no_tile_at_figure.there_is_no_tile_at", {
                                                                  "x": x, "y": y}))
            return None
        definition = self.tiles.get(tile.code) if tile.code is not None else None
        if definition is None or not definition.has_landmark(name):
            self.error(f"{path}.at", ErrorCode.INVALID_LOCATION,
                       Message("error.invalid_location.has_no_only_tiles_that", {
                           "tile_label": tile.label, "word": word}))
            return None
        if kind is not None and kind not in space.kinds:
            figure_kind = self.known_kind(kind)
            allowed = either_of([a_figure(self.known_kind(code)) for code in space.kinds])
            self.error(path, ErrorCode.FIGURE_NOT_ALLOWED,
                       Message("error.figure_not_allowed.may_not_stand_on_the", {
                           "figure_kind_name": a_figure(figure_kind, True), "word": word,
                           "tile_label": tile.label, "allowed": allowed}))
            return None
        key = (x, y, name)
        on_space = self.space_counts.get(key, 0) + 1
        self.space_counts[key] = on_space
        if on_space == space.holds + 1:
            self.error(path, ErrorCode.TOO_MANY_FIGURES,
                       Message("error.too_many_figures.the_of_holds_at_most", {
                           "word": word, "tile_label": tile.label, "space_holds": space.holds}))
            return None
        if player is None or kind is None:
            return None
        return DistrictFigure(player, x, y, name, kind)

    def check_figure_player(self, item: Mapping[str, Any], path: str) -> Color | None:
        if "player" not in item or item["player"] is None:
            self.error(f"{path}.player", ErrorCode.MISSING_FIELD,
                       Message("error.missing_field.every_figure_needs_the_colour"))
            return None
        value = item["player"]
        if not isinstance(value, str):
            self.error(f"{path}.player", ErrorCode.INVALID_TYPE,
                       Message("error.invalid_type.a_figure_s_player_is", {
                           "value": show(value)}))
            return None
        try:
            color = Color(value)
        except ValueError:
            color = None
        if color is not None and color in self.colors:
            return color
        if self.players_readable and value not in self.written_colors:
            self.error(f"{path}.player", ErrorCode.UNKNOWN_PLAYER,
                       Message("error.unknown_player.no_player_has_the_colour", {
                           "value": show(value)}))
        return None

    def check_location(self, item: Mapping[str, Any], path: str) -> Location | None:
        if "at" not in item or item["at"] is None:
            self.error(f"{path}.at", ErrorCode.MISSING_FIELD,
                       Message("error.missing_field.every_figure_needs_its_location"))
            return None
        value = item["at"]
        if not isinstance(value, str):
            self.error(f"{path}.at", ErrorCode.INVALID_TYPE,
                       Message("error.invalid_type.at_must_be_a_location", {
                           "value": show(value)}))
            return None
        try:
            return Location(value)
        except ValueError:
            names = Listing(tuple(location.value for location in Location))
            self.error(f"{path}.at", ErrorCode.INVALID_LOCATION,
                       Message("error.invalid_location.is_not_a_location_use_2", {
                           "value": show(value), "names": names}))
            return None

    def check_figure_kind(self, item: Mapping[str, Any], path: str) -> str | None:
        value = item.get("kind")
        if value is None:
            return self.registry.default_figure_kind
        if not isinstance(value, str):
            self.error(f"{path}.kind", ErrorCode.INVALID_TYPE,
                       Message("error.invalid_type.kind_must_be_a_string", {
                           "value": show(value)}))
            return None
        registry = self.registry
        part = registry.figure_kind_part(value)
        if part is None:
            kinds = sorted(kind.code for code in registry.codes
                           for kind in registry[code].figure_kinds)
            self.error(f"{path}.kind", ErrorCode.UNKNOWN_FIGURE_KIND,
                       Message("error.unknown_figure_kind.unknown_figure_kind_known_kinds", {
                           "value": show(value), "kinds": Listing(tuple(kinds))}))
            return None
        if part.code not in self.in_play.part_codes and not self.draft:
            figure_kind = self.known_kind(value)
            code = (ErrorCode.UNKNOWN_FIGURE_KIND
                    if figure_kind.when_missing is WhenMissing.UNKNOWN_KIND
                    else ErrorCode.EXPANSION_NOT_IN_PLAY)
            shown: Message = a_figure(figure_kind, True)
            if figure_kind.name != value:
                shown = Message("subject.figure_code", {"figure": shown, "code": value})
            self.error(f"{path}.kind", code, self.needs(
                Message("subject.figure", {"figure": shown}), part))
            return None
        return value

    def check_placement(
        self, path: str, x: int, y: int, at: Location, kind: str | None,
        roles: Mapping[tuple[str, FeatureKind], Placement],
    ) -> None:
        tile = self.squares.get((x, y))
        if tile is None:
            if not self.unplaced_tiles:
                self.error(path, ErrorCode.NO_TILE_AT_FIGURE,
                           Message("error.no_tile_at_figure.there_is_no_tile_at", {
                                                                  "x": x, "y": y}))
            return
        if tile.oriented is None:
            return  # the tile itself is wrong; that error is already reported
        if kind is not None and kind in self.in_play.corner_kinds:
            self.check_corner(path, tile, x, y, at, kind, roles)
            return
        segment = tile.oriented.segment_at(at)
        if segment is None:
            self.error(f"{path}.at", ErrorCode.NO_FEATURE_AT_LOCATION,
                       self.nothing_there(tile, at))
            return
        if kind is None:
            return
        if (kind, segment.kind) in roles:
            for rule in self.in_play.figure_rules:
                reason = rule.check(tile, segment, kind)
                if reason is not None:
                    self.error(path, ErrorCode.FIGURE_NOT_ALLOWED, reason)
                    return
            return
        provided = self.registry.placement_provider(kind, segment.kind)
        if provided is not None:
            placement, part = provided
            missing = [code for code in (part.code, *placement.needs)
                       if code not in self.in_play.codes]
            if missing:
                self.error(path, ErrorCode.EXPANSION_NOT_IN_PLAY,
                           self.needs(Message("subject.on_tile", {
                                               "figure": a_word(f"role.{placement.role}",
                                                                 placement.role, True),
                                               "tile": tile.label}),
                                      self.registry[missing[0]]))
                return
        allowed: list[Param] = [
            a_kind(feature.value) for feature in FeatureKind
            if (kind, feature) in roles
        ]
        where = either_of(allowed)
        name = a_figure(self.known_kind(kind), True)
        self.error(path, ErrorCode.FIGURE_NOT_ALLOWED,
                   Message("error.figure_not_allowed.may_not_stand_on_it", {
                       "name": name, "segment_kind_value": a_kind(segment.kind.value),
                       "tile_label": tile.label, "at_value": at.value, "where": where}))

    def check_corner(
        self, path: str, tile: TileEntry, x: int, y: int, at: Location, kind: str,
        roles: Mapping[tuple[str, FeatureKind], Placement],
    ) -> None:
        """A figure that stands where four tiles meet (see :attr:`Stand.CORNER`)."""
        name = a_figure(self.known_kind(kind), True)
        if at.value not in CORNERS:
            self.error(f"{path}.at", ErrorCode.FIGURE_NOT_ALLOWED,
                       Message("error.figure_not_allowed.stands_on_a_corner_where", {
                           "name": name, "tile_label": tile.label,
                           "at_value": at.value}))
            return
        vertical, horizontal = at.value[0], at.value[1]
        dx = 1 if horizontal == "E" else -1
        dy = 1 if vertical == "S" else -1
        flip = {"N": "S", "S": "N", "E": "W", "W": "E"}
        around = (
            (0, 0, vertical + horizontal),
            (dx, 0, vertical + flip[horizontal]),
            (0, dy, flip[vertical] + horizontal),
            (dx, dy, flip[vertical] + flip[horizontal]),
        )
        missing = [(x + ox, y + oy) for ox, oy, _ in around
                   if (x + ox, y + oy) not in self.squares]
        if missing:
            squares = Listing(tuple(square(mx, my) for mx, my in missing))
            self.error(path, ErrorCode.FIGURE_NOT_ALLOWED,
                       Message("error.figure_not_allowed.stands_only_where_four_tiles", {
                           "name": name, "at_value": at.value,
                           "tile_label": tile.label, "squares": squares}))
            return
        for ox, oy, corner in around:
            other = self.squares[(x + ox, y + oy)]
            if other.oriented is None:
                return
            for half in (corner, corner[::-1]):
                segment = other.oriented.segment_at(Location(half))
                if segment is None or segment.kind is not FeatureKind.FARM:
                    self.error(path, ErrorCode.FIGURE_NOT_ALLOWED,
                               Message("error.figure_not_allowed.stands_only_on_a_corner", {
                                   "name": name, "corner": corner,
                                   "other_label": other.label}))
                    return
        if (kind, FeatureKind.FARM) not in roles:
            provided = self.registry.placement_provider(kind, FeatureKind.FARM)
            wanted = (provided[1].code, *provided[0].needs) if provided else ()
            missing_codes = [code for code in wanted if code not in self.in_play.codes]
            message = (self.needs(Message("subject.on_tile", {"figure": name,
                                                              "tile": tile.label}),
                                  self.registry[missing_codes[0]])
                       if missing_codes else Message("error.not_in_a_field",
                                                     {"figure": name}))
            self.error(path, ErrorCode.EXPANSION_NOT_IN_PLAY if missing_codes
                       else ErrorCode.FIGURE_NOT_ALLOWED, message)
