"""Random legal boards, grown tile by tile as in a game, for tests and benchmarks.

:func:`random_request` starts from the start tile and repeatedly lays a drawn tile in a
random spot where all its edges fit, then stands figures on random features within the
players' supplies. The result is a request body that passes validation (when the tile
counts are respected) and can be scored.

>>> import random
>>> from scoring.engine.expansions import DEFAULT_REGISTRY, PACKAGES_DIR
>>> from scoring.engine.tiles import TileSet
>>> tiles = TileSet.from_yaml(str(PACKAGES_DIR / "base" / "tiles-base.yaml"),
...                         registry=DEFAULT_REGISTRY)
>>> request = random_request(tiles, random.Random(7), size=20)
>>> len(request["tiles"]), request["tiles"][0]
(20, {'tile': 'D', 'x': 0, 'y': 0, 'rotation': 0})
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .board import Board, Color, PlacedTile
from .features import FeatureGraph
from .locations import ROTATIONS, Side
from .rules import Edition
from .tiles import EdgeType, OrientedTile, TileDefinition, TileSet
from .validation import registry_of, validate_request
from .words import tile_label

_OFFSETS = tuple((side, side.offset, side.opposite) for side in Side)


def _fits(
    placed: dict[tuple[int, int], OrientedTile], x: int, y: int, oriented: OrientedTile
) -> bool:
    edges = oriented.edges
    for side, (dx, dy), opposite in _OFFSETS:
        neighbour = placed.get((x + dx, y + dy))
        if neighbour is not None and neighbour.edges[opposite] is not edges[side]:
            return False
    return True


def grow_board(
    tiles: TileSet,
    rng: random.Random,
    *,
    size: int | None = None,
    edition: Edition = Edition.C3,
    respect_counts: bool = True,
    expansions: Sequence[str] | None = None,
) -> list[PlacedTile]:
    """Lay up to ``size`` tiles (all the edition's tiles when ``None``) legally.

    With ``respect_counts`` the tiles are drawn from the edition's box and a tile that
    fits nowhere is set aside, as the rules say; without it tiles are drawn with the
    box's frequencies for ever, which allows boards of any size.
    """
    registry = registry_of(tiles)
    in_play = registry.in_play(registry.default_codes(edition) if expansions is None
                               else expansions)
    codes = tiles.codes_in_play(edition, in_play.tile_groups)
    definitions = [tiles[code] for code in codes]
    definitions.sort(key=lambda d: list(tiles).index(d.code))
    start_code = in_play.start_tile(lambda code: code in codes) or definitions[0].code
    table = tiles.orientations(edition)
    # The copies of the printing the table lays: a C3 table's C2 boxes bring theirs.
    counts = tiles.counts(edition)
    box: list[str] = [d.code for d in definitions for _ in range(counts[d.code])
                      if not _is_river(d)]
    river_box = [d.code for d in definitions for _ in range(counts[d.code]) if _is_river(d)]
    for pile in (box, river_box):
        if start_code in pile:
            pile.remove(start_code)
    # One source only: the other start tiles of the rivers (their springs) stay out.
    others = {code for part in in_play.parts for code in part.start_tiles} - {start_code}
    river_box = [code for code in river_box if code not in others]
    rng.shuffle(box)
    # The river is laid first, its ends (lakes) last, as the rules set it up.
    rng.shuffle(river_box)
    river_box.sort(key=lambda code: _river_ends(tiles[code]) == 1)
    box = box + river_box[::-1]
    weights = [counts[d.code] for d in definitions]
    if size is None:
        size = len(box) + 1

    placed: dict[tuple[int, int], OrientedTile] = {(0, 0): table[start_code][0]}
    result = [PlacedTile(start_code, 0, 0, 0)]
    frontier: list[tuple[int, int]] = [side.offset for side in Side]
    in_frontier = set(frontier)
    misses = 0
    while len(result) < size:
        if respect_counts:
            if not box:
                break
            code = box.pop()
        else:
            code = rng.choices(definitions, weights)[0].code
        if _is_river(tiles[code]):
            spot = _river_spot(placed, result, tiles, table[code], rng, in_play.layout_rules)
        else:
            spot = _find_spot(placed, frontier, table[code], rng, exhaustive=respect_counts)
        if spot is None:
            misses += 1
            if not respect_counts and misses > 10 * size:
                break
            continue  # set aside, as when a tile fits nowhere
        (x, y), rotation = spot
        placed[(x, y)] = table[code][rotation // 90]
        result.append(PlacedTile(code, x, y, rotation))
        index = frontier.index((x, y)) if len(frontier) < 64 else None
        if index is None:
            frontier.remove((x, y))
        else:
            frontier[index] = frontier[-1]
            frontier.pop()
        in_frontier.discard((x, y))
        for dx, dy in (side.offset for side in Side):
            neighbour = (x + dx, y + dy)
            if neighbour not in placed and neighbour not in in_frontier:
                in_frontier.add(neighbour)
                frontier.append(neighbour)
    return result


def _is_river(definition: Any) -> bool:
    return EdgeType.RIVER in definition.edges


def _river_ends(definition: TileDefinition) -> int:
    return definition.edges.count(EdgeType.RIVER)


class _Laid:
    """A laid tile as the river rules read it."""

    def __init__(self, index: int, tile: PlacedTile, oriented: OrientedTile):
        self.index, self.code, self.x, self.y = index, tile.code, tile.x, tile.y
        self.oriented = oriented
        self.label = tile_label(tile.code, tile.x, tile.y)


def _river_spot(
    placed: dict[tuple[int, int], OrientedTile],
    laid: list[PlacedTile],
    tiles: TileSet,
    orientations: tuple[OrientedTile, ...],
    rng: random.Random,
    layout_rules: Sequence[Any],
) -> tuple[tuple[int, int], int] | None:
    """A square at an open end of the river where the tile fits and the layout rules of
    the expansions in play still hold."""
    ends = []
    for (x, y), oriented in placed.items():
        for side in Side:
            dx, dy = side.offset
            if oriented.edges[side] is EdgeType.RIVER and (x + dx, y + dy) not in placed:
                ends.append((x + dx, y + dy))
    rng.shuffle(ends)
    rotations = list(ROTATIONS)
    river = [
        _Laid(index, tile, placed[(tile.x, tile.y)])
        for index, tile in enumerate(laid) if _is_river(tiles[tile.code])
    ]
    for x, y in ends:
        rng.shuffle(rotations)
        for rotation in rotations:
            oriented = orientations[rotation // 90]
            if not _fits(placed, x, y, oriented):
                continue
            candidate = _Laid(len(laid), PlacedTile(oriented.code, x, y, rotation), oriented)
            if not any(True for rule in layout_rules for _ in rule.check([*river, candidate])):
                return (x, y), rotation
    return None


def _find_spot(
    placed: dict[tuple[int, int], OrientedTile],
    frontier: list[tuple[int, int]],
    orientations: tuple[OrientedTile, ...],
    rng: random.Random,
    *,
    exhaustive: bool,
) -> tuple[tuple[int, int], int] | None:
    rotations = list(ROTATIONS)
    # Random probes first (cheap on huge boards), then every open square if asked.
    for _ in range(min(len(frontier), 40)):
        x, y = frontier[rng.randrange(len(frontier))]
        rng.shuffle(rotations)
        for rotation in rotations:
            if _fits(placed, x, y, orientations[rotation // 90]):
                return (x, y), rotation
    if not exhaustive:
        return None
    candidates = [
        ((x, y), rotation)
        for x, y in frontier
        for rotation in ROTATIONS
        if _fits(placed, x, y, orientations[rotation // 90])
    ]
    return rng.choice(candidates) if candidates else None


def place_figures(
    board_tiles: Sequence[PlacedTile],
    tiles: TileSet,
    rng: random.Random,
    players: Sequence[Color],
    *,
    edition: Edition = Edition.C3,
    expansions: Sequence[str] | None = None,
    per_player: int | None = None,
) -> list[dict[str, Any]]:
    """Stand figures of each player on random features they may occupy, within each
    player's supply (``per_player`` meeples at most, default a random 0 to 7)."""
    registry = registry_of(tiles)
    in_play = registry.in_play(registry.default_codes(edition) if expansions is None
                               else expansions)
    roles = in_play.placements
    kinds = list(in_play.figure_kinds.values())
    table = tiles.orientations(edition)
    # The graph is built only to make sure the board is sound before use.
    FeatureGraph.build(Board(board_tiles, []), tiles, edition)
    figures: list[dict[str, Any]] = []
    for player in players:
        mine: list[dict[str, Any]] = []
        for kind in kinds:
            if any(in_play.beside(placement) for (code, _), placement in roles.items()
                   if code == kind.code):
                # A builder or pig joins one of its owner's figures already standing.
                joinable = [
                    spot for spot in mine
                    if (placement := roles.get((kind.code, spot["segment"]))) is not None
                    and spot["kind"] in in_play.beside(placement)
                ]
                if joinable and rng.random() < 0.7:
                    spot = rng.choice(joinable)
                    mine.append({**spot, "kind": kind.code})
                continue
            wanted = kind.limit if per_player is None else min(kind.limit, per_player)
            count = rng.randint(0, wanted) if per_player is None else wanted
            spots: list[dict[str, Any]] = []
            for _ in range(count * 8):
                if len(spots) == count:
                    break
                tile = board_tiles[rng.randrange(len(board_tiles))]
                oriented = table[tile.code][tile.rotation // 90]
                choices = [
                    segment for segment in oriented.segments
                    if (kind.code, segment.kind) in roles
                    and not any(rule.check(_Laid(0, tile, oriented), segment, kind.code)
                                for rule in in_play.figure_rules)
                ]
                if not choices:
                    continue
                segment = rng.choice(choices)
                at = rng.choice(segment.locations)
                spots.append({
                    "player": player.value, "x": tile.x, "y": tile.y,
                    "at": at.value, "kind": kind.code, "segment": segment.kind,
                })
            mine.extend(spots)
        figures.extend({key: value for key, value in spot.items() if key != "segment"}
                       for spot in mine)
    rng.shuffle(figures)
    return figures


def deal_tokens(
    board_tiles: Sequence[PlacedTile],
    tiles: TileSet,
    rng: random.Random,
    players: Sequence[Color],
    *,
    edition: Edition = Edition.C3,
    expansions: Sequence[str] = (),
) -> dict[Color, dict[str, dict[str, int]]]:
    """The tokens the players hold (goods), dealt at random so that they add up to what
    the board says they hold in all: ``{colour: {"goods": {"wine": 1, ...}}}``."""
    in_play = registry_of(tiles).in_play(expansions)
    counted = [(tokens.name, tokens.on_board) for tokens in in_play.tokens
               if tokens.on_board is not None]
    if not counted:
        return {}
    graph = FeatureGraph.build(Board(board_tiles, []), tiles, edition)
    dealt: dict[Color, dict[str, dict[str, int]]] = {}
    for token_name, on_board in counted:
        for kind, total in on_board(graph).items():
            for _ in range(total):
                holder = dealt.setdefault(rng.choice(list(players)), {})
                counts = holder.setdefault(token_name, {})
                counts[kind] = counts.get(kind, 0) + 1
    return dealt


def random_request(
    tiles: TileSet,
    rng: random.Random,
    *,
    size: int | None = None,
    edition: Edition = Edition.C3,
    players: Sequence[Color] | None = None,
    respect_counts: bool = True,
    farm_scoring: str = "third-edition",
    expansions: Sequence[str] | None = None,
) -> dict[str, Any]:
    """A whole request body for a random legal board with figures (the edition's
    default expansions unless ``expansions`` lists others)."""
    registry = registry_of(tiles)
    if expansions is None:
        expansions = list(registry.default_codes(edition))
    if players is None:
        colors = list(Color)
        rng.shuffle(colors)
        players = colors[: rng.randint(2, 6)]
    board_tiles = grow_board(
        tiles, rng, size=size, edition=edition, respect_counts=respect_counts,
        expansions=expansions,
    )
    figures = place_figures(board_tiles, tiles, rng, players, edition=edition,
                            expansions=expansions)
    tokens = deal_tokens(board_tiles, tiles, rng, players, edition=edition,
                         expansions=expansions)
    # The default of every rule of the parts in play (a rule of an expansion not in play
    # changes nothing, and an engine without that expansion would not know its name).
    parts = registry.in_play(expansions).parts
    rules = {option.name: option.default for option in registry.rule_options
             if any(option in part.rule_options for part in parts)}
    rules["farm_scoring"] = farm_scoring
    return {
        "edition": edition.value,
        "expansions": list(expansions),
        "rules": rules,
        "players": [
            {"color": color.value, "name": color.value.title(), "points": rng.randint(0, 120),
             **tokens.get(color, {})}
            for color in players
        ],
        "tiles": [tile.to_json() for tile in board_tiles],
        "figures": figures,
    }


def finished_game(
    tiles: TileSet, *, per_player: int = 5, edition: Edition = Edition.C3,
    expansions: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The request of a finished game: every tile of the box laid (the first deal, by
    seed, in which none had to be set aside) and ``per_player`` figures of each kind for
    each of four players. The same board every time, for benchmarks.

    >>> from scoring.engine.expansions import DEFAULT_REGISTRY, PACKAGES_DIR
    >>> tiles = TileSet.from_yaml(str(PACKAGES_DIR / "base" / "tiles-base.yaml"),
    ...                        registry=DEFAULT_REGISTRY)
    >>> game = finished_game(tiles)
    >>> len(game["tiles"]), len(game["figures"]), game["players"][0]["color"]
    (72, 24, 'red')
    """
    registry = registry_of(tiles)
    if expansions is None:
        expansions = list(registry.default_codes(edition))
    in_play = registry.in_play(expansions)
    players = [Color.RED, Color.BLUE, Color.GREEN, Color.YELLOW]
    # The first of the deals that lay the most tiles: some boxes cannot be laid whole
    # (both rivers have three lakes for two open ends).
    deals = [(seed, grow_board(tiles, random.Random(seed), edition=edition,
                               expansions=expansions)) for seed in range(DEALS)]
    seed, board = max(deals, key=lambda deal: (len(deal[1]), -deal[0]))
    rng = random.Random(seed)
    grow_board(tiles, rng, edition=edition, expansions=expansions)  # the same draws
    request = random_request(tiles, random.Random(seed), players=players, edition=edition,
                             expansions=expansions)
    request["figures"] = place_figures(board, tiles, rng, players, edition=edition,
                                       expansions=expansions, per_player=per_player)
    request["tiles"] = [tile.to_json() for tile in board]
    tokens = deal_tokens(board, tiles, rng, players, edition=edition, expansions=expansions)
    for player, color in zip(request["players"], players, strict=True):
        for name in [kind.name for kind in in_play.tokens]:
            player.pop(name, None)
        player.update(tokens.get(color, {}))
    return request


DEALS = 12
"""How many deals :func:`finished_game` tries."""
FEW_ON_A_SPACE = 3
"""The most figures a random game puts on one space printed on a tile."""


def prune_figures(request: dict[str, Any], tiles: TileSet) -> dict[str, Any]:
    """Take off the figures that the validator refuses (a castle drawn on a city that is
    no castle yet, a figure its rules keep off a tile), until the request validates; the
    request is changed in place and returned. Errors elsewhere are left to the caller."""
    for _ in range(len(request["figures"]) + 1):
        wrong = {int(error.path[len("figures["):].split("]")[0])
                 for error in validate_request(request, tiles)
                 if error.path.startswith("figures[")}
        if not wrong:
            break
        request["figures"] = [figure for index, figure in enumerate(request["figures"])
                              if index not in wrong]
    return request


def add_extras(
    request: dict[str, Any], tiles: TileSet, rng: random.Random, *, attempts: int = 4,
) -> dict[str, Any]:
    """Fill in, on a request of :func:`random_request`, what the expansions in play let
    players enter besides tiles and figures, from their declarations: a random choice of
    every rule, per-tile states (ferries, towers, bridges, animal tokens), the figures no
    player owns (mage, witch, fairy, big top), players' figures on spaces printed on tiles
    (acrobats), and what players hold that the board does not count (gold, the king and
    robber baron, the two score markers). Each addition is kept only if the request stays
    valid, so the result validates when the request did; the request is changed in place
    and returned."""
    registry = registry_of(tiles)
    in_play = registry.in_play(request.get("expansions") or ())

    def valid() -> bool:
        return not validate_request(request, tiles)

    rules = request.setdefault("rules", {})
    # Only the rules of the parts in play: a rule an expansion not in play declares
    # changes nothing, and drawing it would change every later draw of the game.
    for option in registry.rule_options:
        if any(option in part.rule_options for part in in_play.parts):
            rules[option.name] = rng.choice(option.choices).value
    placed = [tile for tile in request["tiles"] if tiles.get(tile["tile"]) is not None]

    refused: list[dict[str, Any]] = []
    """Tiles whose state the rules refuse alone (an animal token needs the big top)."""
    for state in in_play.tile_states.values():
        for tile in rng.sample(placed, len(placed)):
            if not state.applies(tiles[tile["tile"]]) or rng.random() < 0.3:
                continue
            before = dict(tile.get("state") or {})
            for _ in range(attempts):
                tile["state"] = {**before, state.name: rng.choice(state.values)}
                if valid():
                    break
                tile["state"] = before
            else:
                refused.append(tile)
            if not tile["state"]:
                del tile["state"]

    neutral = request.setdefault("neutral", [])
    for kind in in_play.neutral_figures.values():
        for _ in range(kind.limit):
            for _ in range(attempts):
                if kind.features and request["figures"] and rng.random() < 0.6:
                    # Beside a player's figure (the fairy needs a follower there).
                    figure = rng.choice(request["figures"])
                    piece = {"kind": kind.code, "x": figure["x"], "y": figure["y"],
                             "at": figure["at"]}
                else:
                    # A figure on a tile may need a state of that tile (the big top, the
                    # value of the animal token under it): try such tiles with one.
                    tile = rng.choice(refused if refused and not kind.features
                                      and rng.random() < 0.8 else placed)
                    piece = {"kind": kind.code, "x": tile["x"], "y": tile["y"]}
                    if not kind.features:
                        before = tile.get("state")
                        missing = {state.name: rng.choice(state.values)
                                   for state in in_play.tile_states.values()
                                   if state.applies(tiles[tile["tile"]])
                                   and state.name not in (before or {})}
                        if missing:
                            tile["state"] = {**(before or {}), **missing}
                        neutral.append(piece)
                        if valid():
                            break
                        neutral.pop()
                        if before is None:
                            tile.pop("state", None)
                        else:
                            tile["state"] = before
                        continue
                    if kind.features:
                        oriented = tiles.orientations(Edition(request["edition"]))[
                            tile["tile"]][(tile.get("rotation") or 0) // 90]
                        segments = [segment for segment in oriented.segments
                                    if segment.kind in kind.features]
                        if not segments:
                            continue
                        piece["at"] = rng.choice(rng.choice(segments).locations).value
                neutral.append(piece)
                if valid():
                    break
                neutral.pop()
    if not neutral:
        del request["neutral"]

    colors = [player["color"] for player in request["players"]]
    for name, (landmark, part) in registry.spaces.items():
        space = landmark.space
        if part.code not in in_play.codes or space is None:  # the registry lists spaces only
            continue
        kinds = [code for code in space.kinds if code in in_play.figure_kinds]
        for tile in placed:
            if not tiles[tile["tile"]].has_landmark(name) or rng.random() < 0.4:
                continue
            # A few figures at most: a space may hold many (a pond takes any number).
            for _ in range(rng.randint(1, min(space.holds, FEW_ON_A_SPACE))):
                request["figures"].append({
                    "player": rng.choice(colors), "x": tile["x"], "y": tile["y"], "at": name,
                    "kind": rng.choice(kinds)})
                if not valid():
                    request["figures"].pop()

    for tokens in in_play.tokens:
        if tokens.on_board is not None:
            continue
        for player in rng.sample(request["players"], len(request["players"])):
            if rng.random() < 0.3:
                continue
            points = player.get("points")
            for _ in range(attempts):
                player[tokens.name] = (
                    {rng.choice(tokens.kinds): True} if tokens.flags
                    else {kind: rng.randint(0, 12) for kind in tokens.kinds})
                if tokens.on_scoreboard:
                    # The markers stand for the points: the request gives one or the other.
                    player.pop("points", None)
                if valid():
                    break
                del player[tokens.name]
                if points is not None:
                    player["points"] = points
    return request
