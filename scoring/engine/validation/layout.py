"""The tiles together: matching edges, one connected board, copies in the box."""

from __future__ import annotations

from collections import Counter

from ..features import find_root
from ..locations import Side
from ..messages import Message, add_templates
from ..problems import ErrorCode
from ..words import a_kind, side_word
from .base import TileEntry, ValidatorBase

add_templates({
    "error.disconnected_tile.does_not_touch_the_rest": (
        "{tile_label} does not touch the rest of the board along an edge."),
    "error.edge_mismatch.does_not_fit_its_edge": (
        "{tile} does not fit: its {side} edge is {edge} but the {other_side} edge of tile "
        "{other} at ({x},{y}) is {other_edge}."),
    "error.too_many_copies.the_board_has_copies_of": (
        "The board has {total} copies of tile {tile_code} but {edition_value} has only "
        "{allowed}."),
    "error.too_many_copies.the_board_has_copies_of_start": (
        "The board has {total} copies of tile {tile_code} but {edition_value} has only "
        "{allowed} (the start tile is one of them)."),
})


class LayoutChecks(ValidatorBase):
    """The tiles together: matching edges, one connected board, copies in the box."""

    def check_connected(self, on_board: list[TileEntry]) -> None:
        if len(on_board) < 2 or self.unplaced_tiles:
            # A tile without a usable square may be the one joining the others.
            return
        squares = self.squares
        component_of: dict[tuple[int, int], int] = {}
        components: list[list[TileEntry]] = []
        for start in on_board:
            assert start.x is not None and start.y is not None  # a tile on the board
            square = (start.x, start.y)
            if square in component_of:
                continue
            number = len(components)
            component_of[square] = number
            members: list[TileEntry] = []
            stack = [square]
            while stack:
                x, y = stack.pop()
                members.append(squares[(x, y)])
                for neighbour in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if neighbour in squares and neighbour not in component_of:
                        component_of[neighbour] = number
                        stack.append(neighbour)
            components.append(members)
            if len(members) == len(on_board):
                return
        # The largest group is "the board"; on a tie, the group of the earliest tile.
        main = max(range(len(components)), key=lambda n: (len(components[n]), -n))
        stray = sorted(
            (tile for n, group in enumerate(components) if n != main for tile in group),
            key=lambda tile: tile.index,
        )
        for tile in stray:
            self.error(f"tiles[{tile.index}]", ErrorCode.DISCONNECTED_TILE,
                       Message("error.disconnected_tile.does_not_touch_the_rest", {
                           "tile_label": tile.label}))

    def check_layout(self, on_board: list[TileEntry], count: int) -> None:
        """Edges that do not match their neighbour's, and tiles not joined to the rest.

        One pass looks up each tile's east and south neighbours, which meets every pair
        of touching tiles once: it compares their edges, and notes for the later listed
        of the two that it touches the earlier one. When every tile but the first
        touches one listed before it, the board is in one piece (each tile joins one
        listed before it, back to the first), as a board listed in the order it was laid
        always is. Otherwise :meth:`in_one_piece` looks again, and only a board in
        several pieces takes the search that names the stray tiles.
        """
        squares = self.squares
        # For each tile, a tile listed before it that it touches.
        earlier_of: list[int | None] = [None] * count
        # The other joins, (later, earlier), which may join the trees earlier_of makes.
        other_joins: list[tuple[int, int]] = []
        mismatched: list[tuple[TileEntry, Side, TileEntry]] = []
        for tile in on_board:
            x = tile.x
            y = tile.y
            assert x is not None and y is not None  # a tile on the board
            east = squares.get((x + 1, y))
            south = squares.get((x, y + 1))
            if east is None and south is None:
                continue
            index = tile.index
            oriented = tile.oriented
            # Pieces of one large tile share an index and note nothing. The sides are
            # also given as plain numbers (east 1 meets west 3, south 2 meets north 0):
            # this runs for every pair of touching tiles of every request.
            for other, side, mine, across in ((east, Side.E, 1, 3), (south, Side.S, 2, 0)):
                if other is None:
                    continue
                if other.index > index:
                    if earlier_of[other.index] is None:
                        earlier_of[other.index] = index
                    else:
                        other_joins.append((other.index, index))
                elif other.index < index:
                    if earlier_of[index] is None:
                        earlier_of[index] = other.index
                    else:
                        other_joins.append((index, other.index))
                if (oriented is not None and other.oriented is not None
                        and oriented.edges[mine] is not other.oriented.edges[across]
                        and not oriented.definition.any_edges
                        and not other.oriented.definition.any_edges):
                    mismatched.append((tile, side, other))
        if (count - earlier_of.count(None) != len(on_board) - 1
                and not self.in_one_piece(on_board, earlier_of, other_joins)):
            self.check_connected(on_board)
        for tile, side, other in mismatched:
            assert tile.oriented is not None and other.oriented is not None
            my_edge = tile.oriented.edges[side]
            their_edge = other.oriented.edges[side.opposite]
            # Blame the tile listed later: the earlier one was there first.
            if tile.index > other.index:
                late, early, late_side, late_edge, early_edge = (
                    tile, other, side, my_edge, their_edge)
            else:
                late, early, late_side, late_edge, early_edge = (
                    other, tile, side.opposite, their_edge, my_edge
                )
            self.error(
                f"tiles[{late.index}]", ErrorCode.EDGE_MISMATCH,
                Message("error.edge_mismatch.does_not_fit_its_edge", {
                    "tile": late.label, "side": side_word(late_side),
                    "edge": a_kind(late_edge.word), "other_side": side_word(late_side.opposite),
                    "other": str(early.code), "x": str(early.x), "y": str(early.y),
                    "other_edge": a_kind(early_edge.word)}),
            )

    @staticmethod
    def in_one_piece(on_board: list[TileEntry], earlier_of: list[int | None],
                     other_joins: list[tuple[int, int]]) -> bool:
        """Whether the board is in one piece, from the joins :meth:`check_layout` found:
        for each tile, one tile listed before it that it touches, and the other joins.

        The first make a forest, one tree for each tile listed before every tile it
        touches; a union-find over the trees then follows the other joins. Pieces of a
        large tile share their entry's index: for them this says ``False`` and the
        search decides.
        """
        if len({tile.index for tile in on_board}) != len(on_board):
            return False
        tree = list(range(len(earlier_of)))
        for index, earlier in enumerate(earlier_of):
            if earlier is not None:
                tree[index] = tree[earlier]
        parent = {tree[tile.index]: tree[tile.index] for tile in on_board}
        pieces = len(parent)
        for later, earlier in other_joins:
            a = find_root(parent, tree[later])
            b = find_root(parent, tree[earlier])
            if a != b:
                parent[max(a, b)] = min(a, b)
                pieces -= 1
        return pieces == 1

    def check_copies(self, placed: list[TileEntry]) -> None:
        if self.edition is None:
            return
        counts = self.tiles.counts(self.edition)
        totals = Counter([tile.code for tile in placed if tile.code is not None])
        # A large tile laid nowhere (no square) keeps its own code, which no box counts.
        over = {code for code, total in totals.items() if total > counts.get(code, 0) > 0}
        if not over:
            return
        seen: dict[str, int] = {}
        for tile in placed:
            if tile.code not in over:
                continue
            seen[tile.code] = seen.get(tile.code, 0) + 1
            allowed = counts[tile.code]
            if seen[tile.code] == allowed + 1:
                total = totals[tile.code]
                self.error(
                    f"tiles[{tile.index}]", ErrorCode.TOO_MANY_COPIES,
                    Message("error.too_many_copies.the_board_has_copies_of_start"
                            if self.tiles[tile.code].start
                            else "error.too_many_copies.the_board_has_copies_of", {
                        "total": total, "tile_code": tile.code,
                        "edition_value": self.edition.value, "allowed": allowed}),
                )
