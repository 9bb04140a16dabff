"""How many actions a player needs to rebuild a finished game in the board builder.

Run: ``.venv/bin/python bench/builder_actions.py [--games N] [--big-box N] [--big-box-6 N]``
(needs Debian's ``/usr/bin/chromium``). It serves the site as in production (see
bench/builder_bench.py), generates finished games with the project's own generator
(``scoring.engine.generate``: base games, and Big Box games when ``--big-box`` is not 0),
and rebuilds each in ``/board/`` in headless Chromium through Playwright, on a laptop
(1280×800, mouse and keys) and on a phone (390×844, taps only), using only what a player
can do: clicks, taps, keys, swipes, drags and pinches. Each counts as one action. For
every tile and figure the player takes the fewest actions the page allows (see
:class:`Player`; ``--taps-only`` never drags a type from the palette).

After the rebuild it scores through the page and checks that every player's final
points on the page equal the engine's score of the original request; a game that does
not is reported as a failure (and the run exits non-zero).

It reports, per viewport, the median over the games of the actions per tile (figures
included: every action spent on tiles and figures, divided by the tiles laid), the
actions for the game set-up (edition, expansions, players and their points) and for
scoring, and the seconds of page time per game: the main-thread task time Chromium
spent on the page during the whole rebuild (DevTools' ``TaskDuration``), so Playwright's
own round trips are not in it.

``--first-seed N`` starts each kind's seeds at N, for games not played before (the
first of each kind is seed 0).

A phone game takes about two minutes of wall time and a Big Box game twice that on a
busy two-core machine: ``--games 4 --big-box 1`` runs in a few minutes; the defaults (the
issue's 20 and 10) take most of an hour.

Recorded (issue 14), medians; actions a tile, figures included:

- before (the builder of main at 964408c: pick, turn with R, click; select the tile,
  then the feature): laptop 4.67 (20 base games), phone 4.99 (19); about 11 and 14 s of
  page time a game. It could not rebuild Big Box games (no large meeple, builder or pig
  to choose; no abbot on the river's monastery).
- after (tiles turn to fit, ⟳ cycles the ways that fit, drag from the palette, the hand
  keeps the type, one tap a figure): laptop 1.51 (10 base games), 1.78 (3 of 4 Big Box
  games); phone 2.01 (6 of 8 base games; a fingertip needs the board pinched larger for
  most figures); about 12 s (laptop), 7 s (phone) and 35 s (Big Box) of page time a game.
  Games the bench could not finish are listed by the run (see the report of the change).
- issue 20 (``--games 2 --big-box 1 --jobs 1`` on a busy machine, load average 12.7):
  every game finished on both devices; laptop 1.68 (base), 1.79 (Big Box); phone 2.07
  (base), 2.24 (Big Box). Before the change the same phone run stopped on the Big Box
  game ("The board cannot be scored yet: 1 problem"). A game the page cannot score now
  reports the problems listed under Final scoring.
- issues 17/18, Big Box 6 (``--games 0 --big-box 0 --big-box-6 3 --jobs 2``, load
  average 12.6; 164 tiles, 30-39 figures, 8 ferries, gold, two markers a player, the
  mage and the witch a game): laptop 2.18 (3 of 3 games, scores match), phone 2.60 (1
  of 3: one set-up tap on Messages did not take, and one river tile lost the hand). The
  ferries cost 16 actions a game (select the lake, open the list, pick the pair), the
  mage and the witch 2 taps each besides the select. River tiles are now turned in hand
  before they go down: the page's own turn made a U-turn the server refused in 2 of 3
  games (with the page turning them: laptop 1.98 on the one game left; phone, Big Box 7
  edition, 2.44).
- issue 30 (``--games 2 --big-box 2 --big-box-6 0 --jobs 2``, load average 11-14): before,
  phone Big Box 1 of 2 games (the other stopped: "Tile S does not fit at (-6, 1)…
  beside river-D"): a touch drag lifted while still moving flings, and Chromium took the
  next tap on the palette (the river tile's pick) to stop the fling, so the previous type
  stayed in hand. The finger now rests on the square before it lets go, and a pick is
  checked: every game finished on both devices; laptop 1.68 (base), 2.06 (Big Box);
  phone 2.05 (base), 2.52 (Big Box).
- issue 30, fewer actions (``--games 1 --big-box 1 --big-box-6 1 --jobs 2``, load average
  12-24; one game each, so read them as a direction, not a median). Before (main at
  1c23b7f): laptop 1.83 (base), 2.28 (Big Box), 2.41 (Big Box 6); phone 2.17, 2.83, 2.84.
  After (the selected tile drawn large on a phone, figures put as each tile is laid, a
  large meeple made from the strip by the figure just put): laptop 1.58, 1.95, 2.31;
  phone 1.81 (base); on the phone the Big Box game stopped on one large meeple that no
  tap put on its city (tile I at (11, -1)), and see the report for Big Box 6. The
  figures of a base game on a phone went from 67 actions to 35 (no select, no pinch);
  choosing the player went from 4 to 10-20 a game, as figures now come in the tiles'
  order.
- issue 30, the same three games played again (``--save`` from main at b7078b4, then
  ``--replay``; before ``--jobs 1``, after ``--jobs 2``, load average 10-19). Before:
  laptop 1.58 (base), 2.06 (Big Box), 2.31 (Big Box 6); on the phone none finished: the
  base game's first drag began under the score bar and scrolled the page (the bench's
  fault), and in both Big Box games a tap on the strip by the figure just put changed it
  twice (the page's fault: the tap's click reached the button drawn again under the
  finger), leaving a stray meeple that no later tap could mend. After (a player's badge
  or a kind dragged onto the feature; river tiles laid as any tile; a tile's state put
  as it is laid; the next tile one whose square shows), every game finished with the
  engine's scores: laptop 1.43, 1.63, 1.78; phone 1.54, 1.83, 2.10 (on the phone Big
  Box 6 game, 38 swipes along the palette and 30 page scrolls to the badges, the kinds
  and the panel). Tile turns still cost 9 a base game and
  19-31 a Big Box game: the generator turns tiles at random among the ways they fit, so
  nothing the page can know guesses them better.
- issue 30, the badges and kinds in reach on a phone (three new games, ``--save`` from
  main at 33a3d6e, then ``--replay``; ``--viewports phone --jobs 1``, load average 6-8).
  Before: phone 1.54 (base), 1.88 (Big Box), 2.10 (Big Box 6); the Big Box games'
  five players and five kinds did not fit one row at 390 px, and the kinds' row showed
  three: 14 swipes along it a game. After (badges and kinds drawn tighter, all ten in
  one row; a figure whose owner and kind both change is its kind tapped, then its
  owner's badge dragged onto the feature: two actions, not three): 1.54, 1.72, 1.99.
  Figures a game: 62 to 42 (Big Box), 78 to 60 (Big Box 6): no swipe along the kinds
  and no tap on a badge left. Still off the first screen in the Big Box 6 game: the
  selected tile's panel below the board (8 page scrolls for tile states, 6 back up).
  A row of kinds under the badges was tried first: the board lost 38 px (29% of a
  390x844 screen) and both Big Box replays stopped on a square off the visible board.
- issue 30, the tile's panel and the board in reach on a phone (the same three saved
  games, ``--replay``; before from main at 33ca4ba, ``--jobs 1``, load average 3-9; after
  ``--jobs 1`` or 2, load average 7-9). Before: phone 1.54 (base), 1.72 (Big Box), 1.99
  (Big Box 6); laptop 1.43, 1.58, 1.74. After (a ferry's link one tap on a strip over
  the board, not a drop-down two page scrolls away; "Done: to the board" after set-up,
  where the open game panel had cost four page scrolls at the first tiles; a mage or
  witch put from the panel brings the board back): phone 1.49, 1.60, 1.79; laptop 1.43,
  1.58, 1.68. Phone swipes for tiles a game: 4 to 0 (base), 23 to 6 (Big Box;
  before, 4 were page scrolls past the open game panel and 19 along the palette), 49 to
  25 (Big Box 6; 8 of them to the panel's drop-down before, none after); the Big Box 6
  ferries cost 16 actions before (8 drop-downs) and 8 taps after, on both devices. The
  palette ordered by copies left instead of by the types used last was tried on the
  phone: 1.61 (Big Box) and 1.84 (Big Box 6) against 1.60 and 1.77 with the same
  page otherwise, so it was dropped. One game each: a different early choice changes
  the path. Big Box 6 on the phone read 1.77 before the mage's return to the board and
  1.79 after it: figure swipes 4 to 1, but 33 tile turns instead of 29 on another path.
- issue 30, the ways a tile fits, one tap each (the saved Big Box and Big Box 6 games,
  ``--replay … --jobs 1``, load average 1-6; before from main at f6160c3). The player now
  turns a tile just laid with one tap on the game's way in the strip of ways over the
  board's foot, instead of R or ⟳ once a way, and the greedy counts at most one turn a
  tile. Before: laptop 1.58 (Big Box; tile turns 22), 1.68 (Big Box 6; 31); phone 1.60
  (21), 1.79 (33). After: laptop 1.55 (22), 1.63 (27); phone 1.59 (23), 1.66 (26 and one
  page scroll to the strip). Every game finished with the engine's scores. Few turns are
  saved, as a simulation had said: none in Big Box (two more on the phone's path), 4 and
  7 in Big Box 6; the greedy already chose tiles the page lays right or one turn off.
  The rest of the change
  is the greedy's path: with every turn costing one, it takes another order, and on the
  phone Big Box 6 game it spent 222 actions on tiles instead of 237 and 51 on figures
  instead of 57. The first phone replay stopped on a river tile turned twice by one tap:
  the tile's panel, drawn again, scrolled the page back to the focus it held, and the
  tap's click landed on its Turn button. A tap on a strip now takes the focus first.
  Again on main at beb3c38 (a box and a colour one tap each at set-up), before → after:
  laptop 1.58 → 1.55 (turns 22 → 22), 1.72 → 1.67 (31 → 30); phone 1.59 → 1.60 (20 →
  22), 1.74 → 1.68 (30 → 27). Main itself read 1.68 at f6160c3 and 1.72 at beb3c38 on
  the laptop Big Box 6 game, with no change to its tiles' pages: one early choice moves
  the greedy's path, and a game's figure, by a few hundredths either way. The Big Box
  games stay within one action; Big Box 6 gains 0.05-0.13 on both devices.
- issue 30, the session's end (the same three saved games, ``--replay``, one device at a
  time, ``--jobs 1``, load average 2-6; before: main at f6160c3, from the record above).
  A box and a colour one tap each at set-up; a kind dragged onto a feature is for that
  figure only (the kind kept after a drag cost a tap back to the meeple for the next
  figure: 7 of 8 kind taps in the laptop Big Box game), and let go on a figure it goes
  on that figure's feature (a builder let go on its meeple took the meeple back); the
  strip of ways; no turn button over the tile's corner (a farmer's tap landed on it);
  the new tile kept above the strips; the tile in hand dragged, not tapped, to a square
  under a strip. Actions a tile, before → after (tiles / figures / set-up after):
  laptop 1.43 → 1.43 (80/23/14), 1.58 → 1.49 (152/36/17), 1.68 → 1.63 (217/50/29);
  phone 1.49 → 1.49 (83/24/12), 1.60 → 1.54 (159/35/21), 1.79 → 1.66 (224/49/26).
  Set-up before: laptop 16, 22, 47; phone 16, 21, 40. Every game finished with the
  engine's scores. ``bench/builder_floor.py`` puts the least these games allow any page
  at 1.43, 1.40 and 1.46 (1.44 with the strip): the laptop's base game is there.
- issue 30, a tile held at the board's edge slides the board (the same three games,
  ``--replay --jobs 2``, load average 1-1.5; before: main at 015d5f6, from the record
  above). A square off the visible board no longer costs a drag of the board before the
  tile's drag: the tile is held in the band along the board's edge until the square
  shows, in one gesture. The greedy now counts no move of the view for a square out of
  sight when the type is in the palette's sight, and prefers a square in view on a tie.
  Actions a tile, before → after (tiles / figures / set-up after): laptop 1.43 → 1.43
  (80/23/13), 1.49 → 1.48 (150/37/17), 1.63 → 1.59 (211/49/29); phone 1.49 → 1.43
  (79/24/12), 1.54 → 1.55 (158/37/21), 1.66 → 1.62 (217/49/26). Moves of the view on the
  phone's Big Box and Big Box 6 games: 6 and 11 before, none after (the base game keeps
  one, for a figure, and lays its tiles in 79 actions instead of 83); on the phone's Big
  Box game the new path swiped the palette 12 times instead of 7, and chose 3 kinds
  instead of 1. Tried and dropped: the palette going back to its start after each
  type used (Big Box 6 phone: 37 swipes along it instead of 20), and the palette in the
  catalogue's order alone (Big Box phone 1.60, 14 swipes, 26 turns). Three new Big Box
  games on the phone (``--games 0 --big-box 3``, this bench and page against those of
  015d5f6): 1.54, 1.63, 1.52 before and 1.55, 1.58, 1.56 after, the same mean (1.56):
  5.7 moves of the view a game are gone, and the greedy's freer path spends them on
  palette swipes (7.0 to 11.0) and turns (21.3 to 23.0).
- issue 30, one drag for another player's large meeple and a palette that shows more
  types (the same three games, ``--replay --jobs 2``, load average 2; before: main at
  7da783f, from the record above). A kind dragged from beside the badges that rests on
  the owner's badge on its way puts that player's figure of that kind (two actions
  before: the kind, then the badge); each type's code and copies left lie on its
  picture, so a laptop shows nine rows of four beside the board (seven before) and a
  tall phone five rows of seven (four before), and the search moved into the toolbar.
  Actions a tile, before → after (tiles / figures / set-up after): laptop 1.43 → 1.43
  (80/23/13), 1.48 → 1.43 (146/34/17), 1.58 → 1.51 (204/43/29); phone 1.43 → 1.44
  (80/24/12), 1.55 → 1.52 (157/34/21), 1.62 → 1.55 (211/43/26). Kind taps: 3 and 6-7 a
  Big Box and Big Box 6 game before, none after. Swipes along the palette: laptop 3 → 2
  and 11 → 6, phone 12 → 12 and 20 → 15. Three new Big Box games on the phone
  (``--games 0 --big-box 3``, seeds 0-2): 1.55, 1.58, 1.56 at 7da783f (the record
  above), 1.52, 1.56, 1.53 with the drag alone, 1.52, 1.52, 1.46 with five rows too (mean
  1.50; swipes 33 → 26 in all). Each step was chosen on a model of the palette first
  (the greedy below against lines of four types, in the page's order, on 12 generated
  Big Box and Big Box 6 games, no browser): five rows on the phone saved about 5 swipes
  a game, a shorter board hardly any, and the order (the last used first, 4 to 60 of
  them, or the catalogue's alone) moved the sum by under 5%.
- issue 30, more types in sight (the same three games, ``--replay --jobs 2``, load
  average 0.8-1.1; before: main at e1846bb, the record above). An upright phone's
  columns fill the strip's width exactly (eight at 390 px, none cut; a swipe ends on a
  column's edge), a tall phone has six rows (48 types in sight at 390x844, 35 before)
  and a laptop five columns beside the board (60 types at 1280x800, 40 before); the
  view keeps new squares clear of the zoom buttons. Actions a tile, before → after
  (tiles / figures / set-up after): laptop 1.43 → 1.43 (80/23/13), 1.43 → 1.40
  (143/34/17), 1.51 → 1.48 (200/42/29); phone 1.44 → 1.46 (81/24/12), 1.52 → 1.41
  (144/34/21), 1.55 → 1.49 (201/43/26). Swipes along the palette: laptop 0/2/6 →
  0/0/2, phone 0/12/15 → 0/0/2. Every game at 1.5 or under on both devices, every game
  finished with the engine's scores. Steps measured on the way, phone: eight whole
  columns of five rows gave 1.42 (Big Box) and 1.57 (Big Box 6: 17 swipes, the scroll
  position not on a column's edge after a swipe), 1.52 once a swipe ended on an edge;
  the sixth row 1.49. A model of the palette (the greedy against lines of types, no
  browser, 12 generated games) had put eight columns at 30% fewer swipes and a sixth
  row at a third fewer again.
- issue 30, the mage and the witch from chips over the board, the start tile's figures
  first (``--games 0 --big-box 2 --big-box-6 2 --viewports phone --save``, then
  ``--replay`` of those four games and ``--games 2`` base games, both devices, ``--jobs
  2``, load average 1-2.7; before: main at c4bbecd). Seed 0 of each kind is the game
  saved before. A figure nobody owns still to put waits as a chip over the board's foot
  and is dragged onto its feature: on the phone, the two scrolls to the tile panel's
  *Put* a Big Box 6 game are gone (figure actions 43 → 41 on each). The start tile's
  figures are put while it is the only tile: the phone's second Big Box game had a
  large meeple there, put last after a pinch and a retry (figures 41 → 39). Actions a
  tile, phone, before → after (tiles / figures after): Big Box 1.41 → 1.41 (144/34),
  1.51 → 1.49 (149/39); Big Box 6 1.49 → 1.48 (201/41), 1.51 → 1.49 (204/41). After,
  laptop: Big Box 1.40, 1.46; Big Box 6 1.47, 1.47; base 1.43, 1.50 (phone 1.44, 1.50).
  Every game at 1.5 or under on both devices, every game finished with the engine's
  scores. New games, seeds 2 and 3 (``--first-seed 2``), laptop / phone: base 1.45 /
  1.45 and 1.53 / 1.53; Big Box 1.37 / 1.43 and 1.55 / 1.56; Big Box 6 1.40 / 1.43 and
  1.50 / 1.54 (the last two with the chip's drag retried where a first guess of a point
  fell on a garden: 1.52 / 1.57 before; a guess that lands elsewhere is not counted, as
  for a tap). Seed 3 is heavy with figures (28, 42 and 41), and builder_floor.py puts
  its least at 1.53 (base) and 1.54 (Big Box) in the bench's order: above 1.5 for any
  page. Medians over seeds 0-3, laptop / phone: base 1.48 / 1.48, Big Box 1.43 / 1.46,
  Big Box 6 1.47 / 1.49.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from builder_bench import free_port, serve  # noqa: E402

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
BIG_BOX = ["farmers", "abbot", "river", "inns-cathedrals", "traders-builders"]
# Big Box 6 (C2): the Big Box and the seven minis the engine scores (Robbers has no tiles
# yet): a table with lakes, gold, the mage and the witch and two score markers.
BIG_BOX_6 = BIG_BOX + ["flier", "messages", "ferries", "goldmines", "mage-witch", "crop-circles"]
BIG_BOX_6_EDITION = "C2"  # --big-box-edition C3: the same contents as Big Box 7
FIGURES_PER_PLAYER = 5  # about 20 figures on a base table, as after a real game
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ROTATIONS = (0, 90, 180, 270)
NEIGHBOURS = ((0, -1), (1, 0), (0, 1), (-1, 0))
TOUCH_PAUSE_MS = 100  # after a touch drag (see Player.drag_type)
MIN_FINGER_SQUARE = 44  # pixels: a square smaller than this is pinched larger for a figure
FINGER_MS = 60  # how long a finger rests on the glass for a tap
AIM_MS = 120  # how long a dragging finger rests on the square before it lets go
REST_MS = 260  # a drag's rest on a badge or a kind on its way (the page takes 200 ms)
# Where each location sits inside a square (fractions of its side, y to the south), the
# same anchors the page draws figures at: a player taps a feature where it shows.
ANCHORS = {
    "C": (0.5, 0.5), "I": (0.5, 0.5),
    "N": (0.5, 0.16), "E": (0.84, 0.5), "S": (0.5, 0.84), "W": (0.16, 0.5),
    "NW": (0.27, 0.12), "NE": (0.73, 0.12), "EN": (0.88, 0.27), "ES": (0.88, 0.73),
    "SE": (0.73, 0.88), "SW": (0.27, 0.88), "WS": (0.12, 0.73), "WN": (0.12, 0.27),
}


# -- the games ---------------------------------------------------------------------------------

def tile_set():
    from scoring.engine import TileSet
    from scoring.engine.expansions import DEFAULT_REGISTRY, tile_files

    return TileSet.from_yaml(*map(str, tile_files()), registry=DEFAULT_REGISTRY)


def one_figure_a_tile(figures: list[dict], joining: set[str]) -> list[dict]:
    """The figures as a table shows them: a player puts at most one figure on the tile
    just laid, so one stands on each tile; a figure that joins another (a builder, a
    pig) stays when the figure it joins stays."""
    kept: list[dict] = []
    taken: set[tuple[int, int]] = set()
    for figure in figures:
        if figure["kind"] in joining:
            continue
        if (figure["x"], figure["y"]) in taken:
            continue
        taken.add((figure["x"], figure["y"]))
        kept.append(figure)
    standing = {(f["player"], f["x"], f["y"], f["at"]) for f in kept}
    kept += [f for f in figures if f["kind"] in joining
             and (f["player"], f["x"], f["y"], f["at"]) in standing]
    return kept


@dataclass
class Game:
    name: str
    request: dict
    final: dict[str, int]  # the engine's final points per colour


def make_games(tiles, base: int, big_box: int, big_box_6: int = 0,
               big_box_6_edition: str = BIG_BOX_6_EDITION, first_seed: int = 0) -> list[Game]:
    """``base`` base games, ``big_box`` Big Box games and ``big_box_6`` Big Box 6 games
    (C2), each a whole box laid by the generator (one seed each, from ``first_seed`` on)
    with a few figures of every kind for each player, and for Big Box 6 what its
    declarations ask for (see :func:`declared_inputs`)."""
    from scoring.engine.board import PlacedTile
    from scoring.engine.generate import place_figures, random_request
    from scoring.engine.rules import Edition
    from scoring.engine.scoring import score_request
    from scoring.engine.validation import registry_of

    registry = registry_of(tiles)
    games: list[Game] = []

    def seeds(count: int) -> range:
        return range(first_seed, first_seed + count)

    wanted = [("base", seed, None) for seed in seeds(base)]
    wanted += [("big box", seed, BIG_BOX) for seed in seeds(big_box)]
    box = "big box 6" if big_box_6_edition == "C2" else "big box 7"
    wanted += [(box, seed, BIG_BOX_6) for seed in seeds(big_box_6)]
    for kind, seed, expansions in wanted:
        edition = Edition(big_box_6_edition) if expansions is BIG_BOX_6 else Edition.C3
        request = random_request(tiles, random.Random(seed), size=None, expansions=expansions,
                                 edition=edition)
        in_play = registry.in_play(request["expansions"])
        joining = {code for (code, _), placement in in_play.placements.items()
                   if in_play.beside(placement)}
        board = [PlacedTile.from_json(tile) for tile in request["tiles"]]
        figures = place_figures(board, tiles, random.Random(1000 + seed),
                                [_color(player["color"]) for player in request["players"]],
                                edition=Edition(request["edition"]),
                                expansions=request["expansions"], per_player=FIGURES_PER_PLAYER)
        request["figures"] = one_figure_a_tile(figures, joining)
        declared_inputs(request, tiles, random.Random(2000 + seed))
        result = score_request(request, tiles)
        final = {player.color.value: player.final_points for player in result.players}
        games.append(Game(f"{kind} #{seed}", request, final))
    return games


def saved_game(tiles, path: Path) -> Game:
    """A game written by ``--save``, to play again (its name: the file's, as "big box #0")."""
    from scoring.engine.scoring import score_request

    request = json.loads(path.read_text())
    result = score_request(request, tiles)
    kind, _, seed = path.stem.rpartition("-")
    return Game(f"{kind.replace('-', ' ')} #{seed}", request,
                {player.color.value: player.final_points for player in result.players})


def declared_inputs(request: dict, tiles, rng: random.Random) -> None:
    """What the parts in play ask a table for besides tiles and figures, drawn from
    their declarations, each kept only if the engine accepts the board with it: a value
    of every tile state for each tile that takes one (a ferry's link), counted tokens
    that the board does not count by itself (gold ingots, one at a time, a few in all),
    tokens that are points on the scoreboard as the player's points split between them
    (two score markers), and each neutral figure on a feature it may stand on."""
    from scoring.engine import validate_request
    from scoring.engine.rules import Edition
    from scoring.engine.validation import registry_of

    in_play = registry_of(tiles).in_play(request["expansions"])
    table = tiles.orientations(Edition(request["edition"]))

    def accepted() -> bool:
        return not validate_request(request, tiles)

    for tile in request["tiles"]:
        if tile["tile"] not in tiles:
            continue
        definition = tiles[tile["tile"]]
        for name, state in in_play.tile_states.items():
            choices = [value for value in (state.choices(definition) if state.choices
                                           else state.values)
                       if state.refuses is None or state.refuses(definition, value) is None] \
                if state.applies(definition) else []
            if choices:
                tile.setdefault("state", {})[name] = rng.choice(choices)
    players = request["players"]
    for tokens in in_play.tokens:
        if tokens.on_board is not None or tokens.flags:
            continue
        if tokens.on_scoreboard:
            for player in players:
                cuts = sorted(rng.randint(0, player["points"]) for _ in tokens.kinds[1:])
                bounds = [0, *cuts, player["points"]]
                player[tokens.name] = {kind: bounds[i + 1] - bounds[i]
                                       for i, kind in enumerate(tokens.kinds)}
                player["points"] = 0
            continue
        for _ in range(rng.randint(1, 6)):
            holder = rng.choice(players).setdefault(tokens.name, {})
            kind = rng.choice(tokens.kinds)
            holder[kind] = holder.get(kind, 0) + 1
            if not accepted():
                holder[kind] -= 1
                break
    for kind in in_play.neutral_figures.values():
        for _ in range(50):
            tile = rng.choice(request["tiles"])
            if tile["tile"] not in table:
                continue
            oriented = table[tile["tile"]][tile.get("rotation", 0) // 90]
            segments = [segment for segment in oriented.segments if segment.kind in kind.features]
            if not segments:
                continue
            at = rng.choice(rng.choice(segments).locations).value
            request.setdefault("neutral", []).append(
                {"kind": kind.code, "x": tile["x"], "y": tile["y"], "at": at})
            if accepted():
                break
            request["neutral"].pop()
    assert accepted(), validate_request(request, tiles)


def _color(code: str):
    from scoring.engine.board import Color

    return Color(code)


# -- the player --------------------------------------------------------------------------------

class Mismatch(AssertionError):
    """The page did something else than the player meant."""


class Unsupported(Exception):
    """The page offers no way to do what the game needs."""


@dataclass
class Tally:
    """Actions by what they were for."""

    counts: Counter = field(default_factory=Counter)

    def add(self, what: str, count: int = 1) -> None:
        self.counts[what] += count

    def total(self, *groups: str) -> int:
        return sum(count for what, count in self.counts.items()
                   if not groups or what.split(":")[0] in groups)


# In the page: is the element wholly visible (in the window and in every scrolling box
# round it, its centre not under a part of the page pinned over it, such as the score
# bar)? A player sees only what is on the screen.
IN_SIGHT = """(element) => {
    const box = element.getBoundingClientRect();
    if (!box.width || !box.height) return false;
    if (box.top < 0 || box.left < 0) return false;
    if (box.bottom > innerHeight || box.right > innerWidth) return false;
    const centre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (centre && !element.contains(centre) && !centre.contains(element)) return false;
    for (let up = element.parentElement; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (!/(auto|scroll|hidden)/.test(style.overflowX + style.overflowY)) continue;
        const frame = up.getBoundingClientRect();
        if (box.top < frame.top - 1 || box.bottom > frame.bottom + 1
            || box.left < frame.left - 1 || box.right > frame.right + 1) return false;
    }
    return true;
}"""

# In the page: the codes of the palette's buttons in sight.
PALETTE_IN_SIGHT = f"""() => {{
    const inSight = {IN_SIGHT};
    return [...document.querySelectorAll('[data-testid=palette] li:not([hidden])')]
        .filter((item) => inSight(item.querySelector('button')))
        .map((item) => item.dataset.code);
}}"""

# What the page hides while a tile is dragged from the palette (the board under them
# shows): the close-up of the selected tile, the strip by the figure just put and the
# strips at the board's foot, of what the selected tile holds and of the ways the tile
# just laid fits.
DRAG_HIDES = ("[data-testid=closeup], [data-testid=figure-chooser], [data-testid=tile-holds], "
              "[data-testid=tile-ways]")
# In the page: where a point of square (x, y) is on the screen, and whether it is on the
# visible part of the board.
# ``dragging``: a tile is being dragged from the palette (DRAG_HIDES do not count).
SQUARE_POINT = """([x, y, u, v, dragging]) => {
    const svg = document.querySelector('svg.board');
    const p = svg.createSVGPoint(); p.x = (x + u) * 100; p.y = (y + v) * 100;
    const s = p.matrixTransform(svg.getScreenCTM());
    const frame = svg.getBoundingClientRect();
    const side = 100 * svg.getScreenCTM().a;
    const inside = s.x >= frame.left + 2 && s.x <= frame.right - 2 && s.y >= frame.top + 2
        && s.y <= frame.bottom - 2 && s.x >= 0 && s.y >= 0
        && s.x <= innerWidth && s.y <= innerHeight;
    const framed = frame.top >= 0 && frame.bottom <= innerHeight;
    const hit = inside ? document.elementFromPoint(s.x, s.y) : null;
    const covered = inside && !(hit && (svg.contains(hit)
        || (dragging && hit.closest('DRAG_HIDES'))));
    const centre = [frame.left + frame.width / 2, frame.top + frame.height / 2];
    return { x: s.x, y: s.y, inside: inside && !covered, framed, side, centre,
             frame: [frame.width, frame.height] };
}""".replace("DRAG_HIDES", DRAG_HIDES)


# In the page: those of the squares [[x, y], …] whose centre is on the visible board,
# with nothing over it.
SQUARES_IN_VIEW = """(squares) => {
    const svg = document.querySelector('svg.board');
    const matrix = svg.getScreenCTM();
    const frame = svg.getBoundingClientRect();
    return squares.filter(([x, y]) => {
        const p = new DOMPoint((x + 0.5) * 100, (y + 0.5) * 100).matrixTransform(matrix);
        if (p.x < Math.max(frame.left, 0) + 2 || p.y < Math.max(frame.top, 0) + 2
            || p.x > Math.min(frame.right, innerWidth) - 2
            || p.y > Math.min(frame.bottom, innerHeight) - 2) return false;
        // What a drag from the palette hides (the close-up, the strips over the board)
        // leaves the square in reach: the tile in hand is dragged there instead of tapped.
        const hit = document.elementFromPoint(p.x, p.y);
        return Boolean(hit && (svg.contains(hit) || hit.closest('DRAG_HIDES')));
    });
}""".replace("DRAG_HIDES", DRAG_HIDES)

# In the page: the screen point of a board point (in squares) in the close-up of the
# selected tile.
CLOSEUP_POINT = """([x, y]) => {
    const svg = document.querySelector('[data-testid=closeup-tile]');
    const p = new DOMPoint(x * 100, y * 100).matrixTransform(svg.getScreenCTM());
    return [p.x, p.y];
}"""


# In the page: the part of the board inside the window, where a dragged tile held in
# the band along an edge slides the board (edgescroll.js).
VISIBLE_BOARD = """() => {
    const r = document.querySelector('svg.board').getBoundingClientRect();
    return { left: Math.max(r.left, 0), top: Math.max(r.top, 0),
             right: Math.min(r.right, innerWidth), bottom: Math.min(r.bottom, innerHeight) };
}"""
EDGE_BAND = 28  # pixels: edgescroll.js's EDGE_BAND
# The points of a square a tile may be let go or tapped on, in the order tried: any
# point of a square will do for a tile, the middle first.
SQUARE_SPOTS = ((0.5, 0.5), (0.3, 0.7), (0.7, 0.7), (0.3, 0.3), (0.7, 0.3))


class Finger:
    """One pointer kept down through a gesture of several moves: a finger (CDP touch
    events) or the mouse's button."""

    def __init__(self, page, touch: bool, at: tuple[float, float]):
        self.page = page
        self.touch = touch
        self.at = at
        self.cdp = page.context.new_cdp_session(page) if touch else None

    def _send(self, kind: str, points) -> None:
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": x, "y": y, "id": 0} for x, y in points]})

    def down(self) -> None:
        if self.touch:
            self._send("touchStart", [self.at])
        else:
            self.page.mouse.move(*self.at)
            self.page.mouse.down()

    def move(self, to: tuple[float, float], steps: int) -> None:
        (sx, sy), (tx, ty) = self.at, to
        if self.touch:
            for step in range(1, steps + 1):
                self._send("touchMove", [(sx + (tx - sx) * step / steps,
                                          sy + (ty - sy) * step / steps)])
        else:
            self.page.mouse.move(tx, ty, steps=steps)
        self.at = to

    def up(self) -> None:
        if self.touch:
            self._send("touchEnd", [])
            self.cdp.detach()
        else:
            self.page.mouse.up()


class Player:
    """Rebuilds a game on the page as a player who knows the page well would.

    Tiles: the player lays them in an order of their choosing, each touching the board
    (any order of the finished table will do): at every step the tile that costs the
    fewest actions now, preferring the type in hand (the page keeps it in hand while
    copies are left), then a tile that will lie the way the page turns it, then one
    whose square shows on the board without moving the view. For a tile:
    drag its type from the palette onto its square, or tap the square when the type is
    in hand (with ``taps_only``: tap the type, then the square), after a swipe when the
    palette has the type out of sight; the page turns it the way it fits best; then, if
    it lies otherwise in the game, one tap on the game's way in the strip of ways over
    the board's foot (R or the turn button only where no strip shows). A rotation that
    looks the same to the rules (a straight road turned half round) counts as the same.
    A drag, like a swipe, is one action.

    Figures: as at the table, a tile's figures right after it is laid, while it is
    selected, with what the tile holds (a ferry's link, entered first: one tap on the
    strip over the board) and the neutral figures on it: one tap on the feature when
    the owner and the kind are chosen (or the page picks the kind by itself, as it does
    for a garden); else the owner's badge or
    the kind dragged onto the feature (one gesture that chooses and puts), and, when
    both change, the strip by the figure just put, or the kind chosen above the board
    and then the owner's badge dragged onto the feature.
    On a phone whose
    squares are too small for a fingertip the page shows the selected tile large, and
    the tap lands there; with no such view the board is pinched larger first. The
    start tile's figures go first, while it is the only tile on the board. A figure
    on a corner (a barn) waits for the four tiles round it, and a figure the page
    refuses on the board as it is then waits for the end, when its tile is selected
    first (one tap). A tile dragged from the palette to a square off the visible board
    is held at the board's edge on that side until the square shows, in the same drag
    (edgescroll.js); for a tap, the view is brought back with a drag, or with "Show the
    whole board" when the square is far. The page is scrolled (one swipe) when what is
    tapped is off the screen.
    """

    def __init__(self, page, touch: bool, tiles, tally: Tally, taps_only: bool = False):
        self.page = page
        self.touch = touch
        self.tiles = tiles
        self.tally = tally
        self.taps_only = taps_only
        self.testid = page.get_by_test_id
        self._placed: dict[tuple[int, int], dict] = {}

    # -- the hands --------------------------------------------------------------------------

    def sees(self, check, tries: int, pause_ms: int) -> bool:
        """Whether ``check()`` comes true within ``tries`` looks ``pause_ms`` apart: what
        the player waits to see after an action (a finger's lift, tiles from the server)."""
        for _ in range(tries):
            if check():
                return True
            self.page.wait_for_timeout(pause_ms)
        return False

    def reach(self, locator, what: str) -> None:
        """Swipe once to bring the element into sight if it is not."""
        if not locator.evaluate(IN_SIGHT):
            locator.evaluate("e => e.scrollIntoView({ block: 'nearest', inline: 'nearest' })")
            self.tally.add(f"{what}:swipe")
            if not locator.evaluate(IN_SIGHT):
                locator.evaluate("e => e.scrollIntoView({ block: 'center', inline: 'center' })")

    def press(self, locator, what: str) -> None:
        self.reach(locator, what)
        if self.touch:
            x, y = self.open_point(locator)
            self.finger_tap(x, y)
        else:
            locator.click()
        self.tally.add(what)

    def open_point(self, locator) -> tuple[float, float]:
        """The centre of an element, once nothing (the part of the page that stays on
        screen) lies over it: scrolled to the foot of the screen if need be."""
        for block in ("nearest", "end", "center", "start"):
            box = locator.bounding_box()
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            if locator.evaluate("(e, [x, y]) => e.contains(document.elementFromPoint(x, y))",
                                [x, y]):
                return x, y
            locator.evaluate(f"e => e.scrollIntoView({{ block: '{block}' }})")
        raise Mismatch("the element stays covered")

    def finger_tap(self, x: float, y: float) -> None:
        """A tap as a finger makes it: down, a short moment, up. (Chromium drops the click
        of a zero-length tap that comes right after a drag.)"""
        cdp = self.page.context.new_cdp_session(self.page)
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        self.page.wait_for_timeout(FINGER_MS)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        cdp.detach()

    def key_or_button(self, key: str, button: str, what: str) -> None:
        if self.touch:
            self.press(self.testid(button), what)
        else:
            self.page.keyboard.press(key)
            self.tally.add(what)

    def square_point(self, x: int, y: int, u: float, v: float, what: str) -> tuple[float, float]:
        """The screen point of a point of a square, once the player can see it: a swipe
        when the board is off the screen; a drag when the point is off the visible board
        (or under a button on it) but near, "Show the whole board" when it is far."""
        dragging = what == "tile:drag"
        spot = self.page.evaluate(SQUARE_POINT, [x, y, u, v, dragging])
        if not spot["framed"]:
            self.reach(self.testid("board"), what)
            spot = self.page.evaluate(SQUARE_POINT, [x, y, u, v, dragging])
        for _ in range(3):
            if spot["inside"] and self.touch and what.startswith(("figure", "tile:select")) \
                    and spot["side"] < MIN_FINGER_SQUARE:
                # Too small for a fingertip to pick a feature or a tile: pinch it larger.
                self.pinch(spot["x"], spot["y"], MIN_FINGER_SQUARE * 1.5 / spot["side"])
                self.tally.add(f"{what}:view")
                spot = self.page.evaluate(SQUARE_POINT, [x, y, u, v, dragging])
            if spot["inside"]:
                return spot["x"], spot["y"]
            (cx, cy), (width, height) = spot["centre"], spot["frame"]
            if abs(spot["x"] - cx) < width * 0.9 and abs(spot["y"] - cy) < height * 0.9:
                self.drag_board(cx - spot["x"], cy - spot["y"])
                self.tally.add(f"{what}:view")
            else:
                self.press(self.testid("fit"), f"{what}:view")
            spot = self.page.evaluate(SQUARE_POINT, [x, y, u, v, dragging])
        raise Mismatch(f"square ({x}, {y}) is not on the visible board")

    def pinch(self, x: float, y: float, factor: float) -> None:
        """Two fingers spread apart round (x, y): the board grows by `factor` there."""
        cdp = self.page.context.new_cdp_session(self.page)
        start, steps = 20, 6

        def fingers(kind, gap=None):
            points = [] if gap is None else [{"x": x - gap, "y": y, "id": 0},
                                             {"x": x + gap, "y": y, "id": 1}]
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
        fingers("touchStart", start)
        for step in range(1, steps + 1):
            fingers("touchMove", start * (1 + (factor - 1) * step / steps))
        fingers("touchEnd")
        cdp.detach()
        self.page.wait_for_timeout(TOUCH_PAUSE_MS)

    def drag_board(self, dx: float, dy: float) -> None:
        """One drag of the board that pans it by (dx, dy) pixels, from a point of the
        board away from the selected tile (a drag there may mean something else)."""
        frame = self.testid("board").bounding_box()
        start = None
        # From an empty spot of the board, where a slow finger cannot pick a tile up.
        spots = [(0.1 + 0.8 * i / 6, 0.1 + 0.8 * j / 6) for i in range(7) for j in range(7)]
        spots.sort(key=lambda spot: (spot[0] - 0.5) ** 2 + (spot[1] - 0.5) ** 2)
        for fu, fv in spots:
            px, py = frame["x"] + frame["width"] * fu, frame["y"] + frame["height"] * fv
            taken = self.page.evaluate(
                """([px, py]) => Boolean(document.elementFromPoint(px, py)
                    ?.closest('.tile, .figure, button'))""", [px, py])
            if not taken:
                start = (px, py)
                break
        px, py = start or (frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2)
        self.drag((px, py), (px + dx, py + dy), steps=6)

    def drag(self, start: tuple[float, float], end: tuple[float, float], *, steps: int,
             lift: float = 0.0, aim: bool = False, over=None, through=()) -> None:
        """One drag from ``start`` to ``end`` in ``steps`` moves (and as many to each of
        the points ``through`` on the way, resting on each): the mouse's, or a finger's
        through CDP touch events. The finger first moves ``lift`` pixels
        across (out of a strip that a drag along would scroll), rests on ``end`` before
        it lets go with ``aim`` (a finger lifted while still moving flings, and the
        browser takes the next tap to stop the fling), and ``over(x, y)`` may refuse
        what lies under it then (raising :class:`Mismatch`)."""
        (sx, sy), (tx, ty) = start, end
        if not self.touch:
            self.page.mouse.move(sx, sy)
            self.page.mouse.down()
            for point in through:
                self.page.mouse.move(*point, steps=steps)
                self.page.wait_for_timeout(REST_MS)
            self.page.mouse.move(tx, ty, steps=steps)
            self.page.mouse.up()
            return
        finger = Finger(self.page, self.touch, start)
        try:
            finger.down()
            if lift:
                finger.move((sx, sy + lift), steps=3)
            for point in through:
                finger.move(point, steps=steps)
                self.page.wait_for_timeout(REST_MS)
            finger.move(end, steps=steps)
            if aim:
                self.page.wait_for_timeout(AIM_MS)
                finger.move(end, steps=1)
            if over is not None:
                over(tx, ty)
        finally:
            finger.up()
        # A finger takes a moment before the next tap; Chromium ignores a tap that
        # follows a drag at once (it waits to tell a double tap).
        self.page.wait_for_timeout(TOUCH_PAUSE_MS)

    def drag_type(self, code: str, x: int, y: int) -> None:
        """Drag a type from the palette onto its square: one gesture. A square off the
        visible board is reached in the same gesture: the tile is held at the board's
        edge on the square's side until the board has slid far enough (edgescroll.js)."""
        button = self.testid(f"palette-{code}")
        self.reach(button, "tile:drag")
        spot = self.page.evaluate(SQUARE_POINT, [x, y, 0.5, 0.5, True])
        if spot["framed"] and not spot["inside"] and not self.taps_only:
            return self.drag_type_along_edge(code, x, y, button)
        tx, ty = self.square_point(x, y, 0.5, 0.5, "tile:drag")
        self.reach(button, "tile:drag")  # bringing the square into view may move the page
        spot = self.page.evaluate(SQUARE_POINT, [x, y, 0.5, 0.5, True])  # where it is now
        if not spot["inside"]:
            raise Mismatch(f"square ({x}, {y}) and the palette's {code} are not in sight together")
        tx, ty = spot["x"], spot["y"]
        sx, sy = self.palette_point(button, code)

        def over_the_board(tx: float, ty: float) -> None:
            # What the finger lets go over is the board (the close-up hides in a drag).
            if not self.page.evaluate("""([x, y]) => Boolean(document.elementFromPoint(x, y)
                    ?.closest('svg.board'))""", [tx, ty]):
                raise Mismatch(f"something lies over square ({x}, {y}) during a drag")
        # Out of the palette strip first, across it (along it would scroll it).
        self.drag((sx, sy), (tx, ty), steps=8, lift=-40 if ty < sy else 40, aim=True,
                  over=over_the_board)
        self.tally.add("tile:drag")

    def palette_point(self, button, code: str) -> tuple[float, float]:
        box = button.bounding_box()
        if box is None:
            left = self.page.evaluate("window.carcwikiBuilder.state.toBoard().tiles.length")
            raise Mismatch(f"the palette hides {code} ({left} tiles on the page)")
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def drag_type_along_edge(self, code: str, x: int, y: int, button) -> None:
        """One drag to a square off the visible board: out of the palette to the board's
        middle, then held in the band along the edge on the square's side (at a corner,
        both) until the square is clear of the bands, then onto the square."""
        sx, sy = self.palette_point(button, code)
        board = self.page.evaluate(VISIBLE_BOARD)
        middle = ((board["left"] + board["right"]) / 2, (board["top"] + board["bottom"]) / 2)
        clear = EDGE_BAND + 6  # pixels in from an edge where holding moves nothing

        def hold_for(at: float, low: float, high: float) -> float | None:
            """Where along one axis the finger holds to bring ``at`` in: None when it is in."""
            if at < low + clear:
                return low + EDGE_BAND / 4
            if at > high - clear:
                return high - EDGE_BAND / 4
            return None

        def open_spot() -> dict | None:
            """A point of the square clear of the bands with nothing over it, or None."""
            for u, v in SQUARE_SPOTS:
                spot = self.page.evaluate(SQUARE_POINT, [x, y, u, v, True])
                if spot["inside"] and hold_for(spot["x"], board["left"], board["right"]) is None \
                        and hold_for(spot["y"], board["top"], board["bottom"]) is None:
                    return spot
            return None

        finger = Finger(self.page, self.touch, (sx, sy))
        landed = False
        try:
            finger.down()
            finger.move((sx, sy + (-40 if middle[1] < sy else 40)), steps=3)
            finger.move(middle, steps=6)
            for _ in range(300):  # 15 s at most
                spot = open_spot()
                if spot is not None:
                    break
                centre = self.page.evaluate(SQUARE_POINT, [x, y, 0.5, 0.5, True])
                hold_x = hold_for(centre["x"], board["left"], board["right"])
                hold_y = hold_for(centre["y"], board["top"], board["bottom"])
                if hold_x is None and hold_y is None:
                    # Clear of the bands but under a button over the board: on toward
                    # the middle, held at the edge the square is nearest.
                    gaps = {("x", board["left"] + EDGE_BAND / 4): centre["x"] - board["left"],
                            ("x", board["right"] - EDGE_BAND / 4): board["right"] - centre["x"],
                            ("y", board["top"] + EDGE_BAND / 4): centre["y"] - board["top"],
                            ("y", board["bottom"] - EDGE_BAND / 4): board["bottom"] - centre["y"]}
                    axis, at = min(gaps, key=gaps.get)
                    hold_x, hold_y = (at, None) if axis == "x" else (None, at)
                finger.move((middle[0] if hold_x is None else hold_x,
                             middle[1] if hold_y is None else hold_y), steps=2)
                self.page.wait_for_timeout(50)
            else:
                raise Mismatch(f"holding the tile at the board's edge never showed ({x}, {y})")
            # Out of the band, so the board stops, then onto the square where it is then.
            finger.move(middle, steps=2)
            self.page.wait_for_timeout(50)
            spot = open_spot()
            if spot is None:
                raise Mismatch(f"square ({x}, {y}) slid back out of reach")
            finger.move((spot["x"], spot["y"]), steps=4)
            self.page.wait_for_timeout(AIM_MS)
            finger.move((spot["x"], spot["y"]), steps=1)
            landed = True
        finally:
            if not landed:  # let go off the board: nothing goes down
                finger.move((sx, sy), steps=2)
            finger.up()
        self.page.wait_for_timeout(TOUCH_PAUSE_MS)
        self.tally.add("tile:drag")

    def open_point_of(self, x: int, y: int) -> tuple[float, float] | None:
        """A point of square (x, y) a tap reaches now (nothing over it), or None."""
        return next(((u, v) for u, v in SQUARE_SPOTS
                     if self.page.evaluate(SQUARE_POINT, [x, y, u, v])["inside"]), None)

    def tap_square(self, x: int, y: int, u: float, v: float, what: str) -> None:
        if what.startswith("tile:"):  # any point of the square will do: one in sight
            u, v = self.open_point_of(x, y) or (u, v)
        px, py = self.square_point(x, y, u, v, what)
        if self.touch:
            self.finger_tap(px, py)
        else:
            self.page.mouse.click(px, py)
        self.tally.add(what)

    # -- reading the page (the player's eyes: no action) ------------------------------------

    def board(self) -> dict:
        return self.page.evaluate("window.carcwikiBuilder.state.toBoard()")

    def ui(self, name: str):
        return self.page.evaluate(f"window.carcwikiBuilder.state.ui[{json.dumps(name)}]")

    # -- set-up -----------------------------------------------------------------------------

    def set_up(self, request: dict) -> None:
        testid = self.testid
        # On a phone "Game and players" opens folded (the board has the first screen): a
        # tap on its line opens it.
        if not self.page.evaluate("document.querySelector('[data-setup]').open"):
            self.press(testid("setup-toggle"), "setup")
        # A whole box in one tap when that and the ticks after it cost less than the
        # edition and the ticks from the game as it opened.
        in_play = set(request["expansions"])
        by_ticks = 2 * (testid("edition").input_value() != request["edition"]) + len(
            in_play ^ set(self.board()["expansions"]))
        boxes = [(1 + len(in_play ^ set(box["expansions"])), box["code"], box["expansions"])
                 for box in self.page.evaluate("window.carcwikiBuilder.catalogue.boxes")
                 if box["edition"] == request["edition"]]
        if boxes and min(boxes)[0] < by_ticks:
            _, code, held = min(boxes)
            self.press(testid(f"box-{code}"), "setup")
            # Its tiles come from the server first.
            self.sees(lambda: set(self.board()["expansions"]) == set(held), 600, 50)
        if testid("edition").input_value() != request["edition"]:
            self.choose(testid("edition"), request["edition"])
        for code in sorted(in_play ^ set(self.board()["expansions"])):
            if not testid(f"expansion-{code}").count():
                raise Unsupported(f"the page offers no {code}")
            self.press(testid(f"expansion-{code}"), "setup")
        # An expansion's tiles (and the fields it brings) arrive from the server a moment
        # after its box is ticked: the player waits to see them.
        if not self.sees(lambda: set(self.board()["expansions"]) == in_play, 600, 50):
            raise Mismatch(f"the page plays {self.board()['expansions']} after the set-up")
        wanted = [player["color"] for player in request["players"]]
        page_colors = [player["color"] for player in self.board()["players"]]
        free = [color for color in wanted if color not in page_colors]
        for index, color in enumerate(page_colors):
            if color not in wanted:
                self.choose(testid(f"player-color-{index}"), free.pop(0))
        for color in free:
            if testid(f"add-player-{color}").count():  # the colour's own button: one tap
                self.press(testid(f"add-player-{color}"), "setup")
                self.sees(lambda color=color: self.board()["players"][-1]["color"] == color, 40, 25)
                continue
            self.press(testid("add-player"), "setup")
            index = len(self.board()["players"]) - 1
            if self.board()["players"][index]["color"] != color:
                self.choose(testid(f"player-color-{index}"), color)
        by_color = {player["color"]: player for player in request["players"]}
        for index, player in enumerate(self.board()["players"]):
            wanted_player = by_color[player["color"]]
            if wanted_player["points"] != player["points"]:
                self.fill(testid(f"player-points-{index}"), wanted_player["points"])
            for name, value in wanted_player.items():
                if not isinstance(value, dict):
                    continue
                for kind, count in value.items():
                    field_ = testid(f"player-{name}-{kind}-{index}")
                    if not field_.count():
                        raise Unsupported(f"the page has no field for {name} ({kind})")
                    if count:
                        self.fill(field_, count)
        if sorted(p["color"] for p in self.board()["players"]) != sorted(wanted):
            raise Mismatch("players not set up")
        # Done typing: the phone's keyboard closes (part of typing the last number).
        self.page.evaluate("document.activeElement?.blur()")
        # "Done: to the board" folds the game's panel and brings the board back: one tap
        # instead of scrolling back past the open panel for the first tiles (on a phone;
        # a laptop's tiles stay in sight beside the panel).
        if testid("setup-done").count() and not testid("palette").evaluate(IN_SIGHT):
            self.press(testid("setup-done"), "setup")

    def fill(self, field_, value) -> None:
        """Tap a number field and type the number: one action."""
        self.reach(field_, "setup")
        field_.fill(str(value))
        self.tally.add("setup")

    def choose(self, select, value: str) -> None:
        """Open a drop-down and pick an entry: two actions."""
        self.reach(select, "setup")
        select.select_option(value)
        self.tally.add("setup", 2)

    # -- tiles ------------------------------------------------------------------------------

    def oriented(self, code: str, rotation: int):
        return self.table[code][rotation // 90]

    def look(self, code: str, rotation: int):
        """What the rules see of a tile turned so: its edges and segments."""
        oriented = self.oriented(code, rotation)
        segments = sorted(
            (segment.kind.value, tuple(sorted(location.value for location in segment.locations)),
             segment.pennants, tuple(segment.attributes))
            for segment in oriented.segments)
        return (tuple(edge.value for edge in oriented.edges), tuple(segments))

    def ways(self, placed: dict, code: str, x: int, y: int) -> list[int]:
        """The rotations the page offers at (x, y), one a look, in the page's order: the
        most neighbouring edges continued first, then clockwise from 0."""
        from scoring.engine.generate import _fits
        from scoring.engine.locations import Location, Side

        found, looks = [], set()
        for rotation in ROTATIONS:
            oriented = self.oriented(code, rotation)
            if not _fits(placed, x, y, oriented) or self.turns_river_back(placed, x, y, oriented):
                continue
            look = self.look(code, rotation)
            if look in looks:
                continue
            looks.add(look)
            continued = 0
            for side in Side:
                dx, dy = side.offset
                if (x + dx, y + dy) not in placed:
                    continue
                location = Location(side.name)
                if any(location in segment.locations for segment in oriented.segments):
                    continued += 1
            found.append((rotation, continued))
        found.sort(key=lambda entry: -entry[1])
        return [rotation for rotation, _ in found]

    @staticmethod
    def turns_river_back(placed: dict, x: int, y: int, oriented) -> bool:
        """Whether a river tile turned so makes an immediate U-turn with a neighbour (a
        join the page's rules refuse, so it never offers that way)."""
        from scoring.engine.board import PlacedTile
        from scoring.engine.common.riverbed import RIVER_U_TURN, check_river
        from scoring.engine.generate import _is_river, _Laid

        if not _is_river(oriented.definition):
            return False
        for dx, dy in NEIGHBOURS:
            other = placed.get((x + dx, y + dy))
            if other is None or not _is_river(other.definition):
                continue
            pair = [_Laid(0, PlacedTile(other.code, x + dx, y + dy, 0), other),
                    _Laid(1, PlacedTile(oriented.code, x, y, 0), oriented)]
            if any(error.code is RIVER_U_TURN for error in check_river(pair)):
                return True
        return False

    def turns_needed(self, placed: dict, tile: dict) -> int:
        """The actions that turn the tile, once down, to the game's way: none when the
        page lays it so, else one tap on that way in the strip of ways (the page shows
        it whenever the tile fits two ways or more)."""
        ways = self.ways(placed, tile["tile"], tile["x"], tile["y"])
        target = self.look(tile["tile"], tile["rotation"])
        index = next(index for index, rotation in enumerate(ways)
                     if self.look(tile["tile"], rotation) == target)
        return min(index, 1)

    @staticmethod
    def touching(remaining: list[dict], placed: dict, river: list[dict]):
        """The tiles that can go down now, with their place in ``remaining``: each beside
        one on the board (a river tile only at the river's open end, so in the game's
        order)."""
        for index, tile in enumerate(remaining):
            x, y = tile["x"], tile["y"]
            if tile in river and tile is not river[0]:
                continue
            if any((x + dx, y + dy) in placed for dx, dy in NEIGHBOURS):
                yield index, tile

    def next_tile(self, remaining: list[dict], placed: dict, hand: str | None,
                  in_sight: set[str], river: list[dict], in_view: set | None = None) -> dict:
        """The tile that costs the fewest actions now (see the class): one touching the
        board (a river tile only at the river's open end, so in the game's order).
        ``in_view``: the squares the player sees on the board now; one out of sight
        costs a move of the view. (Whose figure goes on it costs nothing: the owner's
        badge is dragged onto the feature.)"""
        best = None
        for index, tile in self.touching(remaining, placed, river):
            x, y = tile["x"], tile["y"]
            code = tile["tile"]
            reach = 0 if code == hand or code in in_sight else 1
            if self.taps_only and code != hand:
                reach += 1  # a tap on the type before the tap on the square
            cost = 1 + reach + self.turns_needed(placed, tile)
            out_of_view = in_view is not None and (x, y) not in in_view
            if out_of_view and (self.taps_only or code not in in_sight):
                # The board is moved to show the square first (a type dragged from the
                # palette slides it in the same drag, held at the board's edge).
                cost += 1
            rank = (cost, out_of_view, code != hand, index)
            if best is None or rank < best[0]:
                best = (rank, tile)
        if best is None:
            raise Mismatch("the game's tiles do not join the board")
        return best[1]

    def squares_in_view(self, squares) -> set[tuple[int, int]]:
        """Which of these squares the player sees whole on the board now."""
        shown = self.page.evaluate(SQUARES_IN_VIEW, [list(square) for square in squares])
        return {tuple(square) for square in shown}

    def palette_in_sight(self) -> set[str]:
        """The types whose palette button the player sees now."""
        return set(self.page.evaluate(PALETTE_IN_SIGHT))

    def lay(self, tile: dict) -> None:
        """Lay a tile: the page turns it to fit (a river tile too: the page never offers
        a way the river's rules refuse), then the player turns it on to the game's way."""
        code, x, y = tile["tile"], tile["x"], tile["y"]
        target = self.look(code, tile["rotation"])
        if self.ui("hand") == code and not self.taps_only and not self.open_point_of(x, y) \
                and (self.page.evaluate(SQUARE_POINT, [x, y, 0.5, 0.5, True])["inside"]
                     or code in self.palette_in_sight()):
            # The square shows, but under a strip over the board (a drag of the type
            # from the palette hides the strips), or it is off the visible board (the
            # drag slides the board at its edge): it goes there in one gesture too.
            self.drag_type(code, x, y)
        elif self.ui("hand") == code:
            self.tap_square(x, y, 0.5, 0.5, "tile:place")
        elif self.taps_only:
            self.pick(code)
            self.tap_square(x, y, 0.5, 0.5, "tile:place")
        else:
            self.drag_type(code, x, y)
        self.page.wait_for_selector(f'[data-testid="tile-{x},{y}"]')
        for _ in range(4):
            rotation = int(self.page.get_by_test_id(f"tile-{x},{y}").get_attribute("data-rotation"))
            if self.look(code, rotation) == target:
                break
            way = self.way_button(code, target)
            if way is not None:
                self.press(way, "tile:turn")
            else:
                self.key_or_button("r", "rotate", "tile:turn")
            # Polled from here: the production page's CSP forbids Playwright's eval.
            if not self.sees(lambda was=str(rotation): self.page.get_by_test_id(f"tile-{x},{y}")
                             .get_attribute("data-rotation") != was, 100, 50):
                ways = self.page.evaluate(
                    """([code, x, y]) => { const { state, catalogue } = window.carcwikiBuilder;
                    const { tiles } = state.doc;
                    return [catalogue.kernel.fittingRotations(tiles, code, x, y, `${x},${y}`),
                            state.ui.fresh?.key, state.ui.hand, state.ui.moving]; }""",
                    [code, x, y])
                raise Mismatch(f"R did not turn {code} at ({x}, {y}) from {rotation} to "
                               f"{tile['rotation']}: the page's ways and state {ways}")
        else:
            raise Mismatch(f"tile {code} at ({x}, {y}) never lay as in the game")
        self._placed[(x, y)] = {**tile, "rotation": rotation}

    def way_button(self, code: str, target):
        """The button of the strip of ways that lays the tile just placed as ``target``
        (a look), when the page shows the strip; else None."""
        strip = self.testid("tile-ways")
        if not strip.is_visible():
            return None
        for rotation in strip.locator("button").evaluate_all(
                "(all) => all.map((button) => Number(button.dataset.rotation))"):
            if self.look(code, rotation) == target:
                return self.testid(f"way-{rotation}")
        return None

    def pick(self, code: str) -> None:
        """Tap a type in the palette; the player sees it come into the hand (the click
        follows the finger's lift a moment later)."""
        self.press(self.testid(f"palette-{code}"), "tile:pick")
        if self.sees(lambda: self.ui("hand") == code and not self.ui("turned"), 40, 25):
            return
        raise Mismatch(f"a tap on {code} in the palette left {self.ui('hand')} in hand")

    # -- figures ----------------------------------------------------------------------------

    def segment_of(self, tile: dict, at: str):
        from scoring.engine.locations import Location

        oriented = self.oriented(tile["tile"], tile["rotation"])
        segment = oriented.segments[oriented.segment_index(Location(at))]
        return (segment.kind.value, tuple(sorted(location.value for location in segment.locations)))

    def page_picks_kind(self, figure: dict) -> str | None:
        """The kind the page puts with the kind now chosen on this figure's feature."""
        return self.page.evaluate(
            """([x, y, at, wanted]) => {
                const { state, catalogue } = window.carcwikiBuilder;
                const tile = state.tileAt(x, y);
                const found = catalogue.featureAt(tile, at, state.doc.edition);
                const inPlay = state.inPlay();
                const kinds = catalogue.figureKinds(inPlay);
                const chosen = state.ui.figureKind;
                if (catalogue.kernel.placement(chosen, found.feature.kind, inPlay)
                    || chosen !== kinds[0]?.code) {
                    return chosen;
                }
                const fitting = kinds.find((entry) => {
                    const placement = catalogue.kernel.placement(
                        entry.code, found.feature.kind, inPlay);
                    return placement && !placement.beside.length && entry.strength > 0;
                });
                return fitting ? fitting.code : chosen;
            }""", [figure["x"], figure["y"], figure["at"], figure["kind"]])

    def stand(self, figure: dict) -> None:
        """Put a figure: one tap on its feature when its owner is the player chosen;
        otherwise the owner's badge dragged onto the feature (one gesture: the page then
        keeps that player chosen). A kind the page does not pick by itself is dragged
        onto the feature from beside the players, resting on the owner's badge on its
        way when the owner is not chosen (one gesture either way; the kind chosen above the board
        stays); else it is chosen above the board first."""
        if self.page_picks_kind(figure) != figure["kind"]:
            try:
                return self.tap_feature(figure, drag_kind=True)
            except Mismatch:
                pass  # the page put none: the kind chosen above the board, then the owner
        self.choose_kind_then_put(figure)

    def choose_kind_then_put(self, figure: dict) -> None:
        """Choose the figure's kind above the board if the page would not put it, then
        tap the feature, or drag the owner's badge onto it when the owner is not chosen
        (the badges and the kinds are in sight together: two actions, not three)."""
        if self.page_picks_kind(figure) != figure["kind"]:
            label = self.page.locator(f'label[for="turn-kind-{figure["kind"]}"]')
            if not label.count():
                raise Unsupported(f"the page has no way to put a {figure['kind']} figure")
            self.press(label, "figure:kind")
        self.tap_feature(figure)

    def counts(self, kind: str) -> bool:
        """Whether figures of this kind count in a majority (the declarations' strength)."""
        return self.page.evaluate("""(code) => (window.carcwikiBuilder.catalogue
            .figureByCode.get(code)?.strength ?? 1) > 0""", kind)

    def spots(self, figure: dict):
        """Where to tap for a figure: the anchor of its location, then the other
        locations of its feature, then a grid over the square nearest first."""
        from scoring.engine.locations import Location

        tile = self._placed[(figure["x"], figure["y"])]
        oriented = self.oriented(tile["tile"], tile["rotation"])
        segment = oriented.segments[oriented.segment_index(Location(figure["at"]))]
        seen = []
        for location in [figure["at"], *(loc.value for loc in segment.locations)]:
            if ANCHORS.get(location) and ANCHORS[location] not in seen:
                seen.append(ANCHORS[location])
        anchor = ANCHORS.get(figure["at"], (0.5, 0.5))
        grid = [(0.08 + 0.84 * i / 9, 0.08 + 0.84 * j / 9) for i in range(10) for j in range(10)]
        grid.sort(key=lambda p: (p[0] - anchor[0]) ** 2 + (p[1] - anchor[1]) ** 2)
        return seen + grid

    def closeup_shows(self, x: int, y: int) -> bool:
        """Whether the page shows the tile at (x, y) large (swiped into sight if the page
        is scrolled away from it)."""
        closeup = self.testid("closeup")
        if not closeup.count() or closeup.get_attribute("data-key") != f"{x},{y}" \
                or closeup.is_hidden():
            return False
        self.reach(closeup, "figure:put")
        return True

    def tap_feature(self, figure: dict, kind: str | None = None, drag_kind: bool = False) -> None:
        """Tap the feature (for a figure of ``kind``, if not the figure's own). The player
        sees the picture and taps the feature where it shows: when the bench's first
        guess of a point lands elsewhere, that guess is undone and not counted.
        ``drag_kind``: the figure's kind is dragged onto the feature (one gesture)."""
        original = next(tile for tile in self.game_tiles
                        if (tile["x"], tile["y"]) == (figure["x"], figure["y"]))
        wanted = self.segment_of(original, figure["at"])
        on_page = self._placed[(figure["x"], figure["y"])]
        if self.ui("selected") != f"{figure['x']},{figure['y']}" and not drag_kind \
                and self.ui("currentPlayer") == figure["player"]:
            # A tap on a tile that is not selected only selects it; the next tap on one of
            # its features puts the figure (the tile just laid is selected already; a
            # badge let go on a feature puts the figure on any tile).
            self.tap_square(figure["x"], figure["y"], 0.5, 0.5, "figure:select")
        # On a phone whose squares are too small for a fingertip, the page shows the
        # selected tile large: its features are tapped there.
        closeup = self.touch and self.closeup_shows(figure["x"], figure["y"])
        before = len(self.board()["figures"])
        tried = []  # what each tap put, for the report when none is right
        for u, v in self.spots(figure):
            if drag_kind:
                # The kind, resting on the owner's badge on the way when the owner is not
                # chosen (a kind that never counts, a builder or a pig, goes to the one
                # player it can join without).
                owner = {} if self.ui("currentPlayer") == figure["player"] \
                    or not self.counts(figure["kind"]) else {"player": figure["player"]}
                self.drag_choice({"kind": figure["kind"], **owner}, figure["x"], figure["y"],
                                 u, v, closeup)
            elif self.ui("currentPlayer") != figure["player"] and not drag_kind:
                self.drag_choice({"player": figure["player"]}, figure["x"], figure["y"], u, v,
                                 closeup)
            elif closeup:
                self.finger_tap(*self.page.evaluate(CLOSEUP_POINT,
                                                    [figure["x"] + u, figure["y"] + v]))
                self.tally.add("figure:put")
            else:
                self.tap_square(figure["x"], figure["y"], u, v, "figure:put")
            figures = self.board()["figures"]
            if len(tried) < 6:
                tried.append((round(u, 2), round(v, 2), closeup,
                              figures[-1] if len(figures) == before + 1
                              else self.testid("message").text_content()))
            if len(figures) == before + 1:
                put = figures[-1]
                same = (put["player"], put["kind"], put["x"], put["y"]) == (
                    figure["player"], kind or figure["kind"], figure["x"], figure["y"])
                if same and self.segment_of(on_page, put["at"]) == wanted:
                    return
            self.tally.add("figure:put", -1)
            if len(self.board()["figures"]) != before or figures != self.board()["figures"]:
                self.page.evaluate("window.carcwikiBuilder.state.undo()")
        raise Mismatch(f"no point of tile ({figure['x']}, {figure['y']}) takes {figure} "
                       f"(kind chosen {self.ui('figureKind')}; first taps: {tried})")

    def drag_choice(self, choice: dict, x: int, y: int, u: float, v: float, closeup: bool) -> None:
        """Drag a player's badge (``{"player": colour}``) or a kind (``{"kind": code}``)
        from above the board onto a point of square (x, y) (in the close-up of the
        selected tile when it shows): one gesture that chooses the player or kind and
        puts the figure. Counted as the put. With both, the kind's drag rests on the
        player's badge on its way: one gesture still."""
        badge = None
        if "player" in choice and "kind" in choice:
            badge = self.page.locator(f'label[for="turn-{choice["player"]}"]')
            self.reach(badge, "figure:put")
            label = self.page.locator(f'label[for="turn-kind-{choice["kind"]}"]')
            grip, chosen, wanted = ".kind-icon", "currentPlayer", choice["player"]
        elif "player" in choice:
            label = self.page.locator(f'label[for="turn-{choice["player"]}"]')
            grip, chosen, wanted = ".badge", "currentPlayer", choice["player"]
        else:
            label = self.page.locator(f'label[for="turn-kind-{choice["kind"]}"]')
            grip, chosen, wanted = ".kind-icon", "figureKind", choice["kind"]
        self.reach(label, "figure:put")
        if closeup:
            self.reach(self.testid("closeup"), "figure:put")
            tx, ty = self.page.evaluate(CLOSEUP_POINT, [x + u, y + v])
        else:
            tx, ty = self.square_point(x, y, u, v, "figure:put")
        if not label.evaluate(IN_SIGHT) or (badge is not None and not badge.evaluate(IN_SIGHT)):
            # The badge and the feature are not on the screen together: choose, then tap.
            if badge is not None:
                self.press(badge, "figure:player")
            self.press(label, "figure:player" if badge is None and "player" in choice
                       else "figure:kind")
            if closeup:
                self.finger_tap(tx, ty)
                self.tally.add("figure:put")
            else:
                self.tap_square(x, y, u, v, "figure:put")
            return
        box = label.locator(grip).bounding_box()
        sx, sy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        through = []
        if badge is not None:
            box = badge.locator(".badge").bounding_box()
            through.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
        said = self.testid("message").text_content()
        self.drag((sx, sy), (tx, ty), steps=8, aim=True,  # the finger stops on the feature
                  through=through)
        self.tally.add("figure:put")
        # The player sees the figure come (a finger's lift). A badge chooses its player; a
        # kind is for that figure only, and the page says what it did with it.
        if self.sees(lambda: self.ui(chosen) == wanted if "player" in choice
                     else self.testid("message").text_content() != said, 40, 25):
            return
        raise Mismatch(f"the drag of {choice} did nothing (chosen: {self.ui(chosen)})")

    # -- the whole game ---------------------------------------------------------------------

    def rebuild(self, request: dict) -> None:
        from scoring.engine.rules import Edition

        self.table = self.tiles.orientations(Edition(request["edition"]))
        self.game_tiles = request["tiles"]
        on_page = {(t["x"], t["y"]): t for t in self.board()["tiles"]}
        placed = {}
        to_lay = []
        for tile in request["tiles"]:
            where = (tile["x"], tile["y"])
            there = on_page.pop(where, None)
            if there and there["tile"] == tile["tile"] and (
                    self.look(tile["tile"], there.get("rotation", 0))
                    == self.look(tile["tile"], tile["rotation"])):
                placed[where] = self.oriented(there["tile"], there.get("rotation", 0))
                self._placed[where] = there
                continue
            if there:  # another start tile: hold it to select it, then remove it
                self.hold_square(*where)
                self.key_or_button("Delete", "tile-remove", "tile:remove")
            to_lay.append(tile)
        if on_page:
            raise Mismatch(f"the page has tiles the game has not: {sorted(on_page)}")
        from scoring.engine.generate import _is_river

        river = [tile for tile in to_lay if _is_river(self.tiles[tile["tile"]])]
        kinds = [kind["code"] for kind in self.page.evaluate(
            "window.carcwikiBuilder.catalogue.figures.map((kind) => ({ code: kind.code }))")]
        joining = set(self.page.evaluate("""window.carcwikiBuilder.catalogue.figures
            .filter((kind) => kind.placements.some((p) => p.beside.length))
            .map((kind) => kind.code)"""))
        on_corners = set(self.page.evaluate("""window.carcwikiBuilder.catalogue.figures
            .filter((kind) => kind.stands === 'corner').map((kind) => kind.code)"""))
        # As a player at the table does: the figures of a tile right after laying it (the
        # tile just laid is selected, so a tap on its feature puts the figure), joining
        # figures (a builder, a pig) after the figure they join. A figure on a corner (a
        # barn) waits for the four tiles round it; one the page refuses on the board as
        # it is then waits for the end.
        later = [figure for figure in request["figures"] if figure["kind"] in on_corners]
        on_tile: dict[tuple[int, int], list[dict]] = {}
        for figure in sorted(request["figures"], key=lambda f: (
                f["kind"] in joining, kinds.index(f["kind"]) if f["kind"] in kinds else 99)):
            if figure["kind"] not in on_corners:
                on_tile.setdefault((figure["x"], figure["y"]), []).append(figure)
        # The start tile, down before the rebuild began: its figures first, while it is
        # the only tile and drawn large (at the end its square is small, and a figure
        # there costs a pinch first); one the page refuses then waits for the end.
        placed_first = list(placed)
        for where in placed_first:
            later += self.stand_or_defer(on_tile.pop(where, []))
        while to_lay:
            in_view = self.squares_in_view({(t["x"], t["y"]) for t in to_lay})
            tile = self.next_tile(to_lay, placed, self.ui("hand"), self.palette_in_sight(), river,
                                  in_view)
            self.lay(tile)
            self.enter_state(tile)  # what it holds first: a ferry decides its features
            to_lay.remove(tile)
            if river and tile is river[0]:
                river.pop(0)
            placed[(tile["x"], tile["y"])] = self.oriented(tile["tile"], tile["rotation"])
            later += self.stand_or_defer(on_tile.pop((tile["x"], tile["y"]), []))
            self.put_neutral_on(tile, request.get("neutral", []))
        # The figures left, player by player, the current one first; joining figures
        # after the figures they join.
        players = [player["color"] for player in self.board()["players"]]
        current = self.ui("currentPlayer")
        players.sort(key=lambda color: color != current)
        order = sorted(later, key=lambda f: (
            players.index(f["player"]), f["kind"] in joining, kinds.index(f["kind"])
            if f["kind"] in kinds else 99, f["y"], f["x"]))  # row by row: the next is near
        for figure in order:
            self.stand(figure)
        for where in placed_first:  # the start tile's state and neutral figures, if any
            start = next(t for t in request["tiles"] if (t["x"], t["y"]) == where)
            self.enter_state(start)
            self.put_neutral_on(start, request.get("neutral", []))
        self.enter_states(request)
        self.put_neutral(request)

    def stand_or_defer(self, figures: list[dict]) -> list[dict]:
        """Put each of a tile's figures now; those the page refuses on the board as it is
        then are returned, to be put at the end."""
        deferred = []
        for figure in figures:
            try:
                self.stand(figure)
            except Mismatch:
                print(f"    deferred {figure}: {sys.exc_info()[1]}", flush=True)
                deferred.append(figure)
        return deferred

    def select_tile(self, x: int, y: int) -> None:
        """Select the tile at (x, y) for its panel, unless it is selected already."""
        for _ in range(2):  # a phone's page may shift under the finger: hold again
            if self.ui("selected") == f"{x},{y}":
                return
            self.hold_square(x, y)
        if self.ui("selected") != f"{x},{y}":
            raise Mismatch(f"a hold on ({x}, {y}) selected {self.ui('selected')}")

    def enter_states(self, request: dict) -> None:
        """What each tile holds (a ferry's link), in its panel, as each tile is laid (it
        is selected then: see :meth:`enter_state`); then checked against the game."""
        sent = {(t["x"], t["y"]): t.get("state") for t in self.board()["tiles"]}
        if any(sent.get((t["x"], t["y"])) != t.get("state") for t in request["tiles"]):
            raise Mismatch("the tiles' states on the page differ from the game's")

    def enter_state(self, tile: dict) -> None:
        """What a tile holds: select the tile (unless it is selected, as the tile just
        laid is), then tap the value in the strip over the board (one action), or in its
        panel pick the value (a drop-down: two actions) or type it (a number: one)."""
        for name, value in (tile.get("state") or {}).items():
            self.select_tile(tile["x"], tile["y"])
            button = self.testid(f"hold-{name}-{value}")
            if button.count() and button.is_visible():
                self.press(button, "tile:state")
                # The player sees the value taken (a finger's lift).
                if not self.sees(lambda name=name, value=value:
                                 (self.board_state(tile) or {}).get(name) == value, 40, 25):
                    raise Mismatch(f"a tap on {value} left {name} of ({tile['x']}, {tile['y']}) "
                                   f"{self.board_state(tile)}")
                continue
            field_ = self.testid(f"tile-state-{name}")
            if not field_.count():
                title = self.testid("inspector-title")
                raise Unsupported(f"the page has no field for a tile's {name} (panel: "
                                  f"{title.text_content() if title.count() else 'empty'})")
            self.reach(field_, "tile:state")
            if field_.evaluate("e => e.tagName") == "SELECT":
                field_.select_option(str(value))
                self.tally.add("tile:state", 2)
            else:
                field_.fill(str(value))
                field_.dispatch_event("change")
                self.tally.add("tile:state")

    def board_state(self, tile: dict):
        """The states the page holds for the tile at the game tile's square."""
        return self.page.evaluate("([x, y]) => window.carcwikiBuilder.state.tileAt(x, y)?.state",
                                  [tile["x"], tile["y"]])

    def put_neutral(self, request: dict) -> None:
        """The neutral figures were put as their tiles were laid (see
        :meth:`put_neutral_on`): check them against the game."""
        if len(self.board().get("neutral", [])) != len(request.get("neutral", [])):
            raise Mismatch("the neutral figures on the page differ from the game's")

    def put_neutral_on(self, tile: dict, neutral: list[dict]) -> None:
        """Each neutral figure (the mage, the witch) on a tile: its chip over the board's
        foot dragged onto the feature (one gesture), on the close-up of the selected tile
        when it shows; else, from the tile's panel: select the tile (unless it is
        selected, as the tile just laid is), tap "Put" on the feature."""
        for figure in neutral:
            if (figure["x"], figure["y"]) != (tile["x"], tile["y"]):
                continue
            if self.drag_neutral_chip(figure):
                continue
            self.select_tile(figure["x"], figure["y"])
            index = self.page.evaluate(
                "([code, rotation, at]) => window.carcwikiBuilder.catalogue.geometry"
                ".view(code, rotation).at[at]",
                [tile["tile"], tile.get("rotation", 0), figure["at"]])
            button = self.testid(f"put-neutral-{figure['kind']}-{index}")
            if not button.count():
                raise Unsupported(f"the page has no way to put the {figure['kind']}")
            self.press(button, "figure:neutral")

    def drag_neutral_chip(self, figure: dict) -> bool:
        """Drag the neutral figure's chip onto its feature, if the chip and the feature
        are on the screen together: one action. Whether the figure went there. As for a
        tap (see :meth:`tap_feature`), the player sees the feature where it is drawn: a
        guess of a point that lands elsewhere is undone and not counted."""
        chip = self.testid(f"neutral-chip-{figure['kind']}")
        if not chip.count() or not chip.evaluate(IN_SIGHT):
            return False
        x, y = figure["x"], figure["y"]
        closeup = self.touch and self.closeup_shows(x, y)
        wanted = self.segment_of(next(t for t in self.game_tiles if (t["x"], t["y"]) == (x, y)),
                                 figure["at"])
        on_page = self._placed[(x, y)]
        for u, v in self.spots(figure)[:20]:
            if closeup:
                tx, ty = self.page.evaluate(CLOSEUP_POINT, [x + u, y + v])
            else:  # the board's square, brought into sight (counted) if need be
                tx, ty = self.square_point(x, y, u, v, "figure:neutral")
            if not chip.evaluate(IN_SIGHT):
                return False
            box = chip.bounding_box()
            before = len(self.board().get("neutral", []))
            self.drag((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2), (tx, ty),
                      steps=8, aim=True)
            self.tally.add("figure:neutral")
            if self.sees(lambda before=before: len(self.board().get("neutral", []))
                         == before + 1, 40, 25):
                put = self.board()["neutral"][-1]
                if (put["kind"], put["x"], put["y"]) == (figure["kind"], x, y) \
                        and self.segment_of(on_page, put["at"]) == wanted:
                    return True
                self.page.evaluate("window.carcwikiBuilder.state.undo()")
            self.tally.add("figure:neutral", -1)  # refused there, or put elsewhere
        return False

    def hold_square(self, x: int, y: int) -> None:
        """Press and hold a square (it selects the tile there): one action."""
        px, py = self.square_point(x, y, 0.5, 0.5, "tile:select")
        if self.touch:
            cdp = self.page.context.new_cdp_session(self.page)
            cdp.send("Input.dispatchTouchEvent",
                     {"type": "touchStart", "touchPoints": [{"x": px, "y": py}]})
            self.page.wait_for_timeout(500)
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            cdp.detach()
        else:
            self.page.mouse.move(px, py)
            self.page.mouse.down()
            self.page.wait_for_timeout(500)
            self.page.mouse.up()
        self.tally.add("tile:select")

    def score(self) -> dict[str, int]:
        self.press(self.testid("score"), "score")
        self.page.wait_for_selector("[data-testid=score-table]")
        colors = [player["color"] for player in self.board()["players"]]
        return {color: int(self.testid(f"final-{color}").text_content().lstrip("+"))
                for color in colors}


# -- running -----------------------------------------------------------------------------------

@dataclass
class Outcome:
    game: str
    viewport: str
    tiles: int
    figures: int
    tally: Tally
    page_seconds: float
    wall_seconds: float
    problem: str = ""
    unsupported: str = ""

    @property
    def per_tile(self) -> float:
        return self.tally.total("tile", "figure") / self.tiles


def task_seconds(cdp) -> float:
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return next(metric["value"] for metric in metrics if metric["name"] == "TaskDuration")


def play(browser, url: str, game: Game, viewport_name: str, tiles,
         taps_only: bool = False) -> Outcome:
    viewport = LAPTOP if viewport_name == "laptop" else PHONE
    touch = viewport_name == "phone"
    context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    tally = Tally()
    request = game.request
    outcome = Outcome(game.name, viewport_name, len(request["tiles"]), len(request["figures"]),
                      tally, 0.0, 0.0)
    try:
        page.goto(url + "/board/")
        page.wait_for_selector("[data-builder][data-ready=true]")
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")
        started_task = task_seconds(cdp)
        started = time.perf_counter()
        player = Player(page, touch, tiles, tally, taps_only)
        player.set_up(request)
        player.rebuild(request)
        final = player.score()
        outcome.wall_seconds = time.perf_counter() - started
        outcome.page_seconds = task_seconds(cdp) - started_task
        if final != game.final:
            sign = lambda f: (f["player"], f["kind"], f["x"], f["y"], f["at"])  # noqa: E731
            on_page = {sign(f) for f in player.board()["figures"]}
            wanted = {sign(f) for f in request["figures"]}
            outcome.problem = (f"page scored {final}, the engine {game.final}; figures only on "
                               f"the page {sorted(on_page - wanted)}, only in the game "
                               f"{sorted(wanted - on_page)}")
        elif errors:
            outcome.problem = f"page errors: {errors[:3]}"
    except Unsupported as error:
        outcome.unsupported = str(error)
    except Exception as error:  # noqa: BLE001 - reported per game, the run goes on
        said = page.get_by_test_id("message").text_content() if not page.is_closed() else ""
        listed = page.get_by_test_id("errors")
        if not page.is_closed() and listed.count():
            said += f" [{' '.join(listed.first.text_content().split())}]"
        first_line = (str(error) or repr(error)).splitlines()[0][:200]
        outcome.problem = f"{type(error).__name__}: {first_line} (the page said: {said})"
        if os.environ.get("BUILDER_ACTIONS_SHOTS"):
            page.screenshot(path=f"{os.environ['BUILDER_ACTIONS_SHOTS']}/{viewport_name}-"
                            f"{game.name.replace(' #', '-').replace(' ', '-')}.png")
    finally:
        context.close()
    return outcome


def summarise(outcomes: list[Outcome]) -> None:
    print(f"{'games':<10}{'viewport':<9}{'n':>3}{'tiles':>7}{'figures':>8}{'act/tile':>10}"
          f"{'tile':>7}{'figure':>8}{'setup':>7}{'page s':>8}{'wall s':>8}")
    groups: dict[tuple[str, str], list[Outcome]] = {}
    for outcome in outcomes:
        if not outcome.problem:
            groups.setdefault((outcome.game.split(" #")[0], outcome.viewport), []).append(outcome)
    for (kind, viewport), done in groups.items():
        med = statistics.median
        print(f"{kind:<10}{viewport:<9}{len(done):>3}"
              f"{med(o.tiles for o in done):>7.0f}{med(o.figures for o in done):>8.0f}"
              f"{med(o.per_tile for o in done):>10.2f}"
              f"{med(o.tally.total('tile') for o in done):>7.0f}"
              f"{med(o.tally.total('figure') for o in done):>8.0f}"
              f"{med(o.tally.total('setup') for o in done):>7.0f}"
              f"{med(o.page_seconds for o in done):>8.2f}{med(o.wall_seconds for o in done):>8.1f}")
        breakdown = Counter()
        for outcome in done:
            breakdown.update(outcome.tally.counts)
        print("    actions by kind (mean a game): " + ", ".join(
            f"{what} {count / len(done):.1f}" for what, count in sorted(breakdown.items())))


def run_viewport(url: str, viewport: str, games: list[Game],
                 taps_only: bool = False) -> list[Outcome]:
    """Every game on one viewport, in a browser of its own."""
    from playwright.sync_api import sync_playwright

    tiles = tile_set()
    outcomes = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
        for game in games:
            outcome = play(browser, url, game, viewport, tiles, taps_only)
            outcomes.append(outcome)
            status = outcome.problem or (f"cannot: {outcome.unsupported}"
                                         if outcome.unsupported else "scores match")
            print(f"  {viewport:<7}{game.name:<12}{outcome.tiles:>4} tiles"
                  f"{outcome.figures:>4} figures {outcome.per_tile:6.2f} a tile "
                  f"{outcome.page_seconds:6.2f} s page: {status}", flush=True)
            print("    " + ", ".join(f"{what} {count}"
                                     for what, count in sorted(outcome.tally.counts.items())),
                  flush=True)
        browser.close()
    return outcomes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="base games (default 20)")
    parser.add_argument("--big-box", type=int, default=10, help="Big Box games (default 10)")
    parser.add_argument("--big-box-6", type=int, default=4,
                        help="Big Box 6 games, with the minis (default 4)")
    parser.add_argument("--big-box-edition", default=BIG_BOX_6_EDITION, choices=["C2", "C3"],
                        help="edition of those games (C3: Big Box 7's contents; default C2)")
    parser.add_argument("--viewports", default="laptop,phone")
    parser.add_argument("--jobs", type=int, default=2,
                        help="viewports played at once, each in its own browser (default 2)")
    parser.add_argument("--taps-only", action="store_true",
                        help="pick a type with a tap, never drag it from the palette")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="the generator's seed of each kind's first game (default 0)")
    parser.add_argument("--save", type=Path, help="write each game's JSON to this folder")
    parser.add_argument("--replay", type=Path, nargs="+", default=[],
                        help="play these saved games (from --save) instead of new ones")
    args = parser.parse_args()

    started = time.perf_counter()
    tiles = tile_set()
    games = [saved_game(tiles, path) for path in args.replay] or make_games(
        tiles, args.games, args.big_box, args.big_box_6, args.big_box_edition, args.first_seed)
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
        for game in games:
            name = game.name.replace(" #", "-").replace(" ", "-")
            (args.save / f"{name}.json").write_text(json.dumps(game.request, indent=1))
    viewports = args.viewports.split(",")
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = serve(Path(folder), port)
        url = f"http://127.0.0.1:{port}"
        try:
            with ProcessPoolExecutor(max_workers=max(1, args.jobs),
                                     mp_context=multiprocessing.get_context("spawn")) as pool:
                runs = [pool.submit(run_viewport, url, viewport, games, args.taps_only)
                        for viewport in viewports]
                outcomes = [outcome for run in runs for outcome in run.result()]
        finally:
            server.terminate()
            server.wait()
    print(f"\nBuilder actions: headless Chromium, medians over the games "
          f"({time.perf_counter() - started:.0f} s in all, load average {os.getloadavg()[0]:.2f})")
    summarise([outcome for outcome in outcomes if not outcome.unsupported])
    unsupported = {(o.game, o.unsupported) for o in outcomes if o.unsupported}
    for name, why in sorted(unsupported):
        print(f"not rebuilt: {name}: the page cannot do it: {why}")
    failed = [outcome for outcome in outcomes if outcome.problem]
    for outcome in failed:
        print(f"FAILED: {outcome.viewport} {outcome.game}: {outcome.problem}")
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
