"""The figures no player owns (``neutral``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..board import NeutralPiece
from ..locations import Location
from ..messages import Listing, Message, Param, add_templates
from ..problems import ErrorCode
from ..words import a_kind, declared, either_of
from .base import ValidatorBase
from .text import show

add_templates({
    "error.invalid_type.neutral_must_be_a_list": (
        "neutral must be a list of figures, not {items}."),
    "error.invalid_type.a_neutral_figure_must_be": (
        "A neutral figure must be an object, not {item}."),
    "error.unknown_figure_kind.is_not_a_neutral_figure": (
        "{code} is not a neutral figure in play; known: {known}."),
    "error.too_many_figures.the_game_has_only_there": (
        "The game has only {kind_limit} {kind_name} (there are more on the board)."),
    "error.figure_not_allowed.the_stands_on_a_tile": (
        "The {kind_name} stands on a tile, not on a feature: leave out at."),
    "error.no_tile_at_figure.there_is_no_tile_at": "There is no tile at ({x},{y}).",
    "error.figure_not_allowed.the_may_not_stand_on": (
        "The {kind_name} may not stand on {segment_kind_value} ({tile_label}, {at_value}); it "
        "may stand on {where}."),
})


class NeutralChecks(ValidatorBase):
    """The figures no player owns (``neutral``)."""

    if TYPE_CHECKING:  # the figures' checks (FigureChecks), beside these in the validator
        def check_location(self, item: Mapping[str, Any], path: str) -> Location | None: ...

    def check_neutral(self, data: Mapping[str, Any]) -> None:
        """The figures no player owns (``neutral``): kind in play, square, location on a
        feature the kind may stand on, and at most the kind's limit on the board."""
        items = data.get("neutral")
        if items is None:
            return
        if not isinstance(items, list):
            self.error("neutral", ErrorCode.INVALID_TYPE,
                       Message("error.invalid_type.neutral_must_be_a_list", {
                           "items": show(items)}))
            return
        kinds = self.in_play.neutral_figures
        counts: dict[str, int] = {}
        read: list[NeutralPiece] = []
        valid = True
        for index, item in enumerate(items):
            path = f"neutral[{index}]"
            if not isinstance(item, Mapping):
                self.error(path, ErrorCode.INVALID_TYPE,
                           Message("error.invalid_type.a_neutral_figure_must_be", {
                               "item": show(item)}))
                valid = False
                continue
            code = item.get("kind")
            kind = kinds.get(code) if isinstance(code, str) else None
            if kind is None:
                known: Param = (Listing(tuple(kinds)) if kinds else
                                 declared("neutral.none_listed", "none with the expansions listed"))
                self.error(f"{path}.kind", ErrorCode.UNKNOWN_FIGURE_KIND,
                           Message("error.unknown_figure_kind.is_not_a_neutral_figure", {
                               "code": show(code), "known": known}))
                valid = False
                continue
            x = self.check_coordinate(item, "x", path)
            y = self.check_coordinate(item, "y", path)
            counts[kind.code] = counts.get(kind.code, 0) + 1
            if counts[kind.code] == kind.limit + 1:
                self.error(path, ErrorCode.TOO_MANY_FIGURES,
                           Message("error.too_many_figures.the_game_has_only_there", {
                               "kind_limit": kind.limit,
                               "kind_name": declared(f"neutral.{kind.code}", kind.name)}))
                valid = False
            at = None
            # A figure named on a feature, unless the rules let it stand on a tile and
            # the request names none.
            named = bool(kind.features) and not (
                item.get("at") is None and self._on_tile(data, kind.on_tile_rule))
            if named:
                at = self.check_location(item, path)
            elif item.get("at") is not None:
                self.error(f"{path}.at", ErrorCode.FIGURE_NOT_ALLOWED,
                           Message("error.figure_not_allowed.the_stands_on_a_tile", {
                               "kind_name": declared(f"neutral.{kind.code}", kind.name)}))
                valid = False
                continue
            if x is None or y is None or (named and at is None):
                valid = False
                continue
            if not self.tiles_checked or self.draft:
                read.append(NeutralPiece(kind.code, x, y, at))
                continue
            tile = self.squares.get((x, y))
            if tile is None:
                if not self.unplaced_tiles:
                    self.error(path, ErrorCode.NO_TILE_AT_FIGURE,
                               Message("error.no_tile_at_figure.there_is_no_tile_at", {
                                                                      "x": x, "y": y}))
                valid = False
                continue
            if tile.oriented is None:
                valid = False
                continue
            if at is not None:
                segment = tile.oriented.segment_at(at)
                if segment is None:
                    self.error(f"{path}.at", ErrorCode.NO_FEATURE_AT_LOCATION,
                               self.nothing_there(tile, at))
                    valid = False
                    continue
                if segment.kind not in kind.features:
                    where = either_of([a_kind(feature.value) for feature in kind.features])
                    self.error(path, ErrorCode.FIGURE_NOT_ALLOWED,
                               Message("error.figure_not_allowed.the_may_not_stand_on", {
                                   "kind_name": declared(f"neutral.{kind.code}", kind.name),
                                   "segment_kind_value": a_kind(segment.kind.value),
                                   "tile_label": tile.label, "at_value": at.value,
                                   "where": where}))
                    valid = False
                    continue
            read.append(NeutralPiece(kind.code, x, y, at))
        if valid:
            self.neutral = read

    def _on_tile(self, data: Mapping[str, Any], rule: tuple[str, Any] | None) -> bool:
        """Whether the request's rules choose ``rule`` (``(name, value)``), so that a
        figure may stand on a tile without naming a feature."""
        if rule is None:
            return False
        name, value = rule
        rules = data.get("rules")
        chosen = rules.get(name) if isinstance(rules, Mapping) else None
        if chosen is None:
            chosen = next((option.default for option in self.registry.rule_options
                           if option.name == name), None)
        return chosen == value and type(chosen) is type(value)
