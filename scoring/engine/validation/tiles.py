"""Each entry of ``tiles``: code, square, rotation, state, large tiles."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..expansion import LargeTile
from ..locations import ROTATIONS
from ..messages import Listing, Message, add_templates
from ..problems import ErrorCode
from ..rules import Edition
from ..tiles import FeatureKind, OrientedTile, TileDefinition
from ..words import declared as declared_word
from ..words import either_of
from .base import (
    MAX_COORDINATE,
    MAX_TILES,
    CarefulTileEntry,
    TileEntry,
    ValidatorBase,
)
from .text import is_int, show, shown_list

add_templates({
    "error.tile_in_no_edition": "Tile {code} does not exist in {edition}.",
    "error.tile_without_gardens": (
        "Tile {code} does not exist in {edition}, which has no gardens: {instead}."),
    "error.use_tile_or_play": "use tile {plain}, or play {others}",
    "error.play": "play {others}",
    "error.tile_in_other_editions": "Tile {code} does not exist in {edition}; it is in {others}.",
    "error.missing_field.the_request_must_list_the_tiles": "The request must list the tiles.",
    "error.invalid_type.tiles_must_be_a_list": "tiles must be a list, not {tiles}.",
    "error.empty_board.the_board_has_no_tiles": "The board has no tiles.",
    "error.too_many_tiles.the_board_has_tiles_the": (
        "The board has {count_tiles:grouped} tiles; the limit is {MAX_TILES:grouped}."),
    "error.invalid_type.a_tile_must_be_an": "A tile must be an object, not {item}.",
    "error.duplicate_position.is_on_the_same_square": (
        "{tile_label} is on the same square as tiles[{other_index}] (tile {value})."),
    "error.invalid_type.a_tile_s_state_must": "A tile's state must be an object, not {value}.",
    "error.missing_field.every_tile_needs_its_code": "Every tile needs its code.",
    "error.invalid_type.a_tile_code_must_be": "A tile code must be a string, not {code}.",
    "error.invalid_type.rotation_must_be_a_number": (
        "rotation must be a number of degrees (0, 90, 180 or 270), not {rotation}."),
    "error.unknown_tile_state.unknown_tile_state_the_states": (
        "Unknown tile state {name}; the states are: {known}."),
    "error.invalid.tile_cannot_take_a_state": "Tile {tile_code} cannot take a {name} state.",
    "error.invalid.cannot_be_use": "{name} cannot be {choice}: use {allowed}.",
    "error.unknown_tile.there_is_no_tile": "There is no tile {code}.",
    "error.expansion_not_in_play.tile_belongs_to_the_expansion": (
        "Tile {code} belongs to the expansion \"{definition_expansion}\", which the score "
        "calculator does not support yet."),
    "error.tile_not_in_edition.the_does_not_exist_in": (
        "The {large_name} does not exist in {edition_value}."),
    "error.too_many_copies.has_only": "{edition_value} has only {allowed} {large_name}.",
    "error.invalid_rotation.rotation_must_be_or_degrees": (
        "rotation must be 0, 90, 180 or 270 degrees clockwise, not {rotation}."),
})


class TileChecks(ValidatorBase):
    """Each entry of ``tiles``: code, square, rotation, state, large tiles."""

    if TYPE_CHECKING:  # the layout's checks (LayoutChecks), beside these in the validator
        def check_layout(self, on_board: list[TileEntry], count: int) -> None: ...
        def check_copies(self, placed: list[TileEntry]) -> None: ...

    def check_tiles(self, data: Mapping[str, Any]) -> None:
        if "tiles" not in data or data["tiles"] is None:
            self.error("tiles", ErrorCode.MISSING_FIELD,
                       Message("error.missing_field.the_request_must_list_the_tiles"))
            return
        tiles = data["tiles"]
        if not isinstance(tiles, list):
            self.error("tiles", ErrorCode.INVALID_TYPE,
                       Message("error.invalid_type.tiles_must_be_a_list", {
                           "tiles": show(tiles)}))
            return
        if not tiles and not self.draft:
            self.error("tiles", ErrorCode.EMPTY_BOARD,
                       Message("error.empty_board.the_board_has_no_tiles"))
            return
        if len(tiles) > MAX_TILES:
            self.error("tiles", ErrorCode.TOO_MANY_TILES,
                       Message("error.too_many_tiles.the_board_has_tiles_the", {
                           "count_tiles": len(tiles), "MAX_TILES": MAX_TILES}))
            return
        orientations = self.tiles.orientations(self.edition)
        turned = self.tiles.turned_in_play(self.edition, self.playable_codes())
        squares = self.squares
        placed: list[TileEntry] = []
        limit = MAX_COORDINATE
        careful = 0
        for index, item in enumerate(tiles):
            # Fast path for the usual well-formed entry: a playable tile on a free
            # square. Anything else takes the careful path, which explains the problem.
            if type(item) is dict:
                code = item.get("tile")
                x = item.get("x")
                y = item.get("y")
                rotation = item.get("rotation", 0)
                if (type(code) is str and type(x) is int and type(y) is int
                        and type(rotation) is int
                        and (oriented := turned.get((code, rotation))) is not None
                        and -limit <= x <= limit and -limit <= y <= limit
                        and (square := (x, y)) not in squares and "state" not in item):
                    tile = squares[square] = TileEntry(index, code, x, y, oriented, True,
                                                       rotation)
                    placed.append(tile)
                    continue
            placed += self.check_tile(index, item, orientations)
            careful += 1
        self.tiles_checked = True
        self.placed_tiles = placed
        if self.draft:
            return
        # Every tile the fast path read is on the board.
        on_board = placed if careful == 0 else [tile for tile in placed if tile.on_board]
        self.check_layout(on_board, len(tiles))
        self.check_copies(placed)
        if not any(error.path.startswith("tiles") for error in self.errors):
            for rule in self.in_play.layout_rules:
                for problem in rule.check(on_board):
                    self.error(problem.path, problem.code, problem.said)

    def playable_codes(self) -> frozenset[str]:
        """Codes of the tiles that exist in the edition and belong to what is in play
        (in a draft, every known code)."""
        if self.draft:
            return frozenset(self.tiles)
        return self.tiles.codes_in_play(self.edition, self.in_play.tile_groups)

    def check_tile(
        self, index: int, item: Any, orientations: Mapping[str, tuple[OrientedTile, ...]]
    ) -> list[TileEntry]:
        """One entry of ``tiles`` read with care: the tiles it lays (the pieces of a large
        tile), each on its square unless another tile is there."""
        path = f"tiles[{index}]"
        if not isinstance(item, Mapping):
            self.unplaced_tiles = True
            self.error(path, ErrorCode.INVALID_TYPE,
                       Message("error.invalid_type.a_tile_must_be_an", {"item": show(item)}))
            return []
        tile = CarefulTileEntry(index)
        definition_ok = self.check_tile_code(item, path, tile)
        tile.x = self.check_coordinate(item, "x", path)
        tile.y = self.check_coordinate(item, "y", path)
        rotation = item.get("rotation")
        rotation_ok = True
        if rotation is not None:
            if not is_int(rotation):
                rotation_ok = False
                self.error(f"{path}.rotation", ErrorCode.INVALID_TYPE,
                           Message("error.invalid_type.rotation_must_be_a_number", {
                               "rotation": show(rotation)}))
            elif rotation not in ROTATIONS:
                rotation_ok = False
                self.error(f"{path}.rotation", ErrorCode.INVALID_ROTATION,
                           Message("error.invalid_rotation.rotation_must_be_or_degrees", {
                               "rotation": show(rotation)}))
        else:
            rotation = 0
        state = self.check_tile_state(item, path, tile) if "state" in item else ()
        if state is None:
            definition_ok = False
        if definition_ok and rotation_ok and tile.code is not None:
            tile.rotation = rotation
            if tile.large is None:
                tile.state = state or ()
                tile.oriented = (self.tiles.turned(tile.code, rotation, tile.state, self.edition)
                                 if tile.state else orientations[tile.code][rotation // 90])
        if tile.x is None or tile.y is None:
            self.unplaced_tiles = True
            return [tile]
        if tile.large is not None:
            return self.lay_large(tile, path)
        return [self.take_square(tile, (tile.x, tile.y), path)]

    def take_square(self, tile: TileEntry, square: tuple[int, int], path: str) -> TileEntry:
        """Put ``tile`` on its square unless another tile is there."""
        other = self.squares.get(square)
        if other is not None:
            self.error(path, ErrorCode.DUPLICATE_POSITION,
                       Message("error.duplicate_position.is_on_the_same_square", {
                           "tile_label": tile.label, "other_index": other.index,
                           "value": other.code or '?'}))
            return tile
        tile.on_board = True
        self.squares[square] = tile
        return tile

    def lay_large(self, tile: CarefulTileEntry, path: str) -> list[TileEntry]:
        """The pieces of a large tile (see :class:`LargeTile`), each on its square."""
        large = tile.large
        assert large is not None and tile.x is not None and tile.y is not None
        pieces: list[TileEntry] = []
        for x, y, code in large.squares(tile.x, tile.y, tile.rotation):
            oriented = (self.tiles.orientations(self.edition)[code][tile.rotation // 90]
                        if code in self.tiles else None)
            piece = CarefulTileEntry(tile.index, code, x, y, oriented, rotation=tile.rotation)
            piece.large = large
            if (x, y) == (tile.x, tile.y):
                piece.origin = (x, y)
            pieces.append(self.take_square(piece, (x, y), path))
        return pieces

    def check_tile_state(
        self, item: Mapping[str, Any], path: str, tile: CarefulTileEntry
    ) -> tuple[tuple[str, Any], ...] | None:
        """The state a player entered on a tile (``tiles[].state``), checked against the
        declared states (see :class:`TileState`); ``None`` when it is wrong."""
        value = item["state"]
        if value is None:
            return ()
        if not isinstance(value, Mapping):
            self.error(f"{path}.state", ErrorCode.INVALID_TYPE,
                       Message("error.invalid_type.a_tile_s_state_must", {"value": show(value)}))
            return None
        definition = self.tiles.get(tile.code) if tile.code is not None else None
        kept = []
        ok = True
        for name, choice in value.items():
            where = f"{path}.state.{name}" if isinstance(name, str) and len(name) <= 40 \
                else f"{path}.state"
            declared = self.registry.tile_states.get(name) if isinstance(name, str) else None
            if declared is None:
                known = (Listing(tuple(self.registry.tile_states)) if self.registry.tile_states
                         else declared_word("word.none", "none"))
                self.error(where, ErrorCode.UNKNOWN_TILE_STATE,
                           Message("error.unknown_tile_state.unknown_tile_state_the_states", {
                               "name": show(name), "known": known}))
                ok = False
                continue
            if declared.name not in self.in_play.tile_states and not self.draft:
                self.error(where, ErrorCode.EXPANSION_NOT_IN_PLAY,
                           self.needs(Message("subject.state", {"state": name}),
                                      self.registry.tile_state_part[declared.name]))
                ok = False
                continue
            if definition is not None and not declared.applies(definition):
                self.error(where, declared.invalid,
                           Message("error.invalid.tile_cannot_take_a_state", {
                               "tile_code": str(tile.code), "name": name}))
                ok = False
                continue
            if choice not in declared.values:
                allowed = shown_list(declared.values)
                self.error(where, declared.invalid,
                           Message("error.invalid.cannot_be_use", {
                               "name": name, "choice": show(choice), "allowed": allowed}))
                ok = False
                continue
            reason = (declared.refuses(definition, choice)
                      if declared.refuses is not None and definition is not None else None)
            if reason is not None:
                self.error(where, declared.invalid, reason)
                ok = False
                continue
            kept.append((name, choice))
        return tuple(sorted(kept)) if ok else None

    def check_tile_code(
        self, item: Mapping[str, Any], path: str, tile: CarefulTileEntry
    ) -> bool:
        """Check the tile code; return whether its shape can be used for edge checks."""
        if "tile" not in item or item["tile"] is None:
            self.error(f"{path}.tile", ErrorCode.MISSING_FIELD,
                       Message("error.missing_field.every_tile_needs_its_code"))
            return False
        code = item["tile"]
        if not isinstance(code, str):
            self.error(f"{path}.tile", ErrorCode.INVALID_TYPE,
                       Message("error.invalid_type.a_tile_code_must_be", {"code": show(code)}))
            return False
        definition = self.tiles.get(code)
        if definition is None:
            large = self.registry.large_tiles.get(code)
            if large is None:
                self.error(f"{path}.tile", ErrorCode.UNKNOWN_TILE,
                           Message("error.unknown_tile.there_is_no_tile", {"code": show(code)}))
                return False
            return self.check_large_tile(large, path, tile)
        tile.code = code
        if self.draft:
            return True
        if definition.expansion not in self.in_play.tile_groups:
            if definition.expansion in self.registry:
                self.error(f"{path}.tile", ErrorCode.EXPANSION_NOT_IN_PLAY,
                           self.needs(Message("subject.tile", {"code": code}),
                                      self.registry[definition.expansion], belongs=True))
            else:
                self.error(f"{path}.tile", ErrorCode.EXPANSION_NOT_IN_PLAY,
                           Message("error.expansion_not_in_play.tile_belongs_to_the_expansion", {
                               "code": code, "definition_expansion": definition.expansion}))
            # The shape is still known: keep it for edge checks.
            return True
        if self.edition is not None and self.tiles.counts(self.edition)[code] == 0:
            self.error(f"{path}.tile", ErrorCode.TILE_NOT_IN_EDITION,
                       self.not_in_edition(code, self.edition))
        return True

    def check_large_tile(self, large: LargeTile, path: str, tile: CarefulTileEntry) -> bool:
        """A tile covering several squares: in play, in the edition, not too many."""
        tile.code = large.code
        tile.large = large
        if self.draft:
            return True
        if large.code not in self.in_play.large_tiles:
            self.error(f"{path}.tile", ErrorCode.EXPANSION_NOT_IN_PLAY,
                       self.needs(Message("subject.large_tile", {
                           "name": declared_word(f"large_tile.{large.code}", large.name)}),
                                  self.registry.large_tile_part[large.code], belongs=True))
            return True
        if self.edition is not None:
            part = self.registry.large_tile_part[large.code]
            printing = self.edition.printing_of(part.editions) or self.edition
            allowed = large.counts.get(printing.value, 0)
            if not allowed:
                self.error(f"{path}.tile", ErrorCode.TILE_NOT_IN_EDITION,
                           Message("error.tile_not_in_edition.the_does_not_exist_in", {
                               "large_name": declared_word(f"large_tile.{large.code}", large.name),
                               "edition_value": self.edition.value}))
                return True
            self.large_counts[large.code] = self.large_counts.get(large.code, 0) + 1
            if self.large_counts[large.code] == allowed + 1:
                self.error(f"{path}.tile", ErrorCode.TOO_MANY_COPIES,
                           Message("error.too_many_copies.has_only", {
                               "edition_value": self.edition.value, "allowed": allowed,
                               "large_name": declared_word(f"large_tile.{large.code}",
                                                           large.name)}))
        return True

    def not_in_edition(self, code: str, edition: Edition) -> Message:
        """Why tile ``code`` is not in ``edition``, and what to do instead."""
        definition = self.tiles[code]
        editions = [e.value for e in Edition if definition.count(e) > 0]
        if not editions:
            return Message("error.tile_in_no_edition", {"code": code, "edition": edition.value})
        others = either_of(list(editions))

        def has_garden(tile: TileDefinition, in_edition: Edition | None = None) -> bool:
            return any(segment.kind is FeatureKind.GARDEN and segment.exists_in(in_edition)
                       for segment in tile.segments)

        edition_has_gardens = any(
            has_garden(tile, edition) for tile in self.tiles.values() if tile.count(edition) > 0
        )
        if has_garden(definition) and not edition_has_gardens:
            # Garden copies are coded "<letter>-garden" (see the tile spec).
            plain = code.removesuffix("-garden")
            instead = (
                Message("error.use_tile_or_play", {"plain": plain, "others": others})
                if plain != code and plain in self.tiles and self.tiles[plain].count(edition)
                else Message("error.play", {"others": others})
            )
            return Message("error.tile_without_gardens", {
                "code": code, "edition": edition.value, "instead": instead})
        return Message("error.tile_in_other_editions",
                       {"code": code, "edition": edition.value, "others": others})
