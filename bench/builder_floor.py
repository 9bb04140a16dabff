"""The fewest actions a tile any builder page could need for a game, given how the bench's
games are made: the floor under ``bench/builder_actions.py``'s figures.

Run: ``.venv/bin/python bench/builder_floor.py GAME.json [...]`` (games written by
``builder_actions.py --save``). No browser: it counts, for a player who always sees the
tile type they want and the square it goes on, one action a tile laid, one a figure, one
a tile state (a ferry's link) and one a neutral figure, plus the turns. The generator
turns each tile at random among the ways it fits, so a page that turns a tile the first
way that fits (the most neighbouring edges continued first, as the builder does) is
wrong about some tiles whatever it guesses. The turns counted are those of the bench's
own order (of the tiles that touch the board, one that needs the fewest turns now; ties
in the game's order), twice: turning one way at a time (R, ⟳), and choosing the way with
one tap whatever its place (``strip``). A player who lays tiles in another order may
need a few fewer; this is the bench player's floor, not a proof.

Recorded (issue 30), the three saved games of last session:

- base: 71 tiles laid, 23 figures, 9 turns: 1.43 a tile (one tap a way: 1.43); the laptop
  replay of this game reaches it (1.43).
- Big Box: 125 tiles, 34 figures, 17 turns: 1.40 (1.40).
- Big Box 6: 163 tiles, 39 figures, 8 ferries, 2 neutral figures, 27 turns: 1.46 (1.44).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from builder_actions import Player, tile_set  # noqa: E402


def turns_in_bench_order(player: Player, request: dict, one_tap: bool) -> int:
    """The turns the bench's order of tiles needs (see the module)."""
    from scoring.engine.generate import _is_river

    first, *to_lay = request["tiles"]
    placed = {(first["x"], first["y"]): player.oriented(first["tile"], first["rotation"])}
    river = [tile for tile in to_lay if _is_river(player.tiles[tile["tile"]])]
    turns = 0
    while to_lay:
        best = None
        for index, tile in player.touching(to_lay, placed, river):
            ways = player.ways(placed, tile["tile"], tile["x"], tile["y"])
            target = player.look(tile["tile"], tile["rotation"])
            needed = next(place for place, rotation in enumerate(ways)
                          if player.look(tile["tile"], rotation) == target)
            cost = min(needed, 1) if one_tap else needed
            if best is None or (cost, index) < best[0]:
                best = ((cost, index), tile)
        assert best is not None, "the game's tiles do not join the board"
        (cost, _), tile = best
        turns += cost
        to_lay.remove(tile)
        if river and tile is river[0]:
            river.pop(0)
        placed[(tile["x"], tile["y"])] = player.oriented(tile["tile"], tile["rotation"])
    return turns


def main() -> None:
    from scoring.engine.rules import Edition

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=Path, nargs="+")
    args = parser.parse_args()
    tiles = tile_set()
    print(f"{'game':<16}{'tiles':>6}{'figures':>8}{'states':>7}{'neutral':>8}"
          f"{'turns':>6}{'a tile':>7}{'strip':>6}{'a tile':>7}")
    for path in args.games:
        request = json.loads(path.read_text())
        player = Player.__new__(Player)  # its rules only: no page
        player.tiles = tiles
        player.table = tiles.orientations(Edition(request["edition"]))
        laid = len(request["tiles"]) - 1
        states = sum(len(tile.get("state") or {}) for tile in request["tiles"])
        neutral = len(request.get("neutral", []))
        rest = laid + len(request["figures"]) + states + neutral
        cycling = turns_in_bench_order(player, request, one_tap=False)
        tapping = turns_in_bench_order(player, request, one_tap=True)
        count = len(request["tiles"])
        print(f"{path.stem:<16}{laid:>6}{len(request['figures']):>8}{states:>7}{neutral:>8}"
              f"{cycling:>6}{(rest + cycling) / count:>7.2f}{tapping:>6}"
              f"{(rest + tapping) / count:>7.2f}")


if __name__ == "__main__":
    main()
