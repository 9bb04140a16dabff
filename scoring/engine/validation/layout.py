"""The tiles together: matching edges, one connected board, copies in the box."""

from __future__ import annotations

from collections import Counter

from ..locations import Side
from ..problems import ErrorCode
from ..tiles import EdgeType
from .base import TileEntry, ValidatorBase
from .text import ARTICLE

EAST_AND_SOUTH = ((1, 0, Side.E, 1, 3), (0, 1, Side.S, 2, 0))
"""Neighbours looked up from each tile: (dx, dy, side, its index, the index of the
neighbour's edge that touches it)."""


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
            square = (start.x, start.y)
            if square in component_of:
                continue
            number = len(components)
            component_of[square] = number
            members = []
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
                       f"{tile.label} does not touch the rest of the board along an edge.")

    def check_layout(self, on_board: list[TileEntry], count: int) -> None:
        """Edges that do not match their neighbour's, and tiles not joined to the rest.

        One pass looks up each tile's east and south neighbours: it compares the edges
        and joins the two tiles in a union-find; the board is in one piece when it made
        one join fewer than there are tiles. Only then is the slower search that names
        the stray tiles needed.
        """
        squares = self.squares
        link = list(range(count))
        joins = 0
        mismatched: list[tuple[TileEntry, Side, TileEntry]] = []
        for tile in on_board:
            x, y = tile.x, tile.y
            edges = tile.oriented.edges if tile.oriented is not None else None
            for dx, dy, side, mine, theirs in EAST_AND_SOUTH:
                other = squares.get((x + dx, y + dy))
                if other is None:
                    continue
                a = tile.index
                while link[a] != a:
                    a = link[a] = link[link[a]]
                b = other.index
                while link[b] != b:
                    b = link[b] = link[link[b]]
                if a != b:
                    joins += 1
                    if a < b:
                        link[b] = a
                    else:
                        link[a] = b
                if (edges is not None and other.oriented is not None
                        and edges[mine] is not other.oriented.edges[theirs]
                        and not tile.oriented.definition.any_edges
                        and not other.oriented.definition.any_edges):
                    mismatched.append((tile, side, other))
        if joins != len(on_board) - 1:
            self.check_connected(on_board)
        for tile, side, other in mismatched:
            assert tile.oriented is not None and other.oriented is not None
            mine: EdgeType = tile.oriented.edges[side]
            theirs: EdgeType = other.oriented.edges[side.opposite]
            # Blame the tile listed later: the earlier one was there first.
            if tile.index > other.index:
                late, early, late_side, late_edge, early_edge = tile, other, side, mine, theirs
            else:
                late, early, late_side, late_edge, early_edge = (
                    other, tile, side.opposite, theirs, mine
                )
            self.error(
                f"tiles[{late.index}]", ErrorCode.EDGE_MISMATCH,
                f"{late.label} does not fit: its {late_side.word} edge is "
                f"{ARTICLE[late_edge.word]} but the {late_side.opposite.word} edge of "
                f"tile {early.code} at ({early.x},{early.y}) is {ARTICLE[early_edge.word]}.",
            )

    def check_copies(self, placed: list[TileEntry]) -> None:
        if self.edition is None:
            return
        counts = self.tiles.counts(self.edition)
        totals = Counter([tile.code for tile in placed if tile.code is not None])
        over = {code for code, total in totals.items() if total > counts[code] > 0}
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
                start = " (the start tile is one of them)" if self.tiles[tile.code].start else ""
                self.error(
                    f"tiles[{tile.index}]", ErrorCode.TOO_MANY_COPIES,
                    f"The board has {total} copies of tile {tile.code} but "
                    f"{self.edition.value} has only {allowed}{start}.",
                )
