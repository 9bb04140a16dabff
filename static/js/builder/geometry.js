// Geometry of the board, with no DOM and no state. The tile geometry itself comes from
// the server (the engine's view of every tile type turned 0, 90, 180 and 270 degrees, and
// the location names with their side, turns and meetings): this module only reads it, to
// say where a tile fits, which segment a location names and which location a click names.
// A square is 1 unit wide here and (u, v) is a point inside it, (0, 0) at its north-west
// corner, v growing to the south.

/** Where each location sits inside a square (already turned): drawing coordinates only,
 * used to read a click and to draw figures. */
export const ANCHORS = {
  C: [0.5, 0.5], I: [0.5, 0.5],
  N: [0.5, 0.16], E: [0.84, 0.5], S: [0.5, 0.84], W: [0.16, 0.5],
  NW: [0.27, 0.12], NE: [0.73, 0.12], EN: [0.88, 0.27], ES: [0.88, 0.73],
  SE: [0.73, 0.88], SW: [0.27, 0.88], WS: [0.12, 0.73], WN: [0.12, 0.27],
};

export const key = (x, y) => `${x},${y}`;

export function parseKey(text) {
  const [x, y] = text.split(",").map(Number);
  return { x, y };
}

const squaredDistance = ([a, b], [c, d]) => (a - c) ** 2 + (b - d) ** 2;

export class Geometry {
  /** `data`: the page's geometry block (see carcwiki/builder/selectors.py). */
  constructor(data) {
    this.rotations = data.rotations;
    this.sides = data.sides;
    this.sideByName = new Map(data.sides.map((side, index) => [side.name, { ...side, index }]));
    this.locations = new Map(data.locations.map((location) => [location.name, location]));
    this.order = new Map(data.locations.map((location, index) => [location.name, index]));
    this.edgeWords = data.edge_words;
    // Every tile comes as printed; its other turns are made once, the first time asked.
    this.printed = data.tiles;
    this.tiles = {};
  }

  /** Joins of two tiles the server's layout rules refuse whatever else lies on the board
   * (the rules' `layout.refused_joins`: per problem, joins [mine, side, theirs]: a tile
   * showing edge `edge` on its sides `mine`, laid with side `side` against a tile showing
   * it on `theirs`). Read only as a table. */
  refuseJoins(rules) {
    this.refused = new Map(rules.flatMap((rule) => rule.joins.map(([mine, side, theirs]) => [
      `${rule.edge}|${mine}|${side}|${theirs}`, rule])));
    this.refusedEdges = new Set(rules.map((rule) => rule.edge));
  }

  /** The refused join (see refuseJoins) tile `code` turned `rotation` would make with
   * `neighbour` across its side `side`, or null. */
  refusedJoin(code, rotation, side, neighbour) {
    if (!this.refused?.size) return null;
    const mine = this.edgeAt(code, rotation, side);
    if (!this.refusedEdges.has(mine)) return null;
    const showing = (view) => this.sides.filter((_, index) => view.edges[index] === mine).map((entry) => entry.name).join("");
    const theirs = this.placed(neighbour);
    return this.refused.get(`${mine}|${showing(this.view(code, rotation))}|${side}|${showing(theirs)}`) ?? null;
  }

  /** More tiles, as printed (code → view). */
  addTiles(printed) {
    Object.assign(this.printed, printed);
  }

  /** Tile `code` turned `rotation` degrees, from its printed view: every location takes
   * the name the engine gives it after the turn ("turned"), each edge moves to the side
   * its side turns to, and a location's segment stays the same segment. */
  static turnView(view, rotation, geometry) {
    if (!rotation) return view;
    const turn = (location) => geometry.turn(location, rotation);
    const edges = [...view.edges];
    geometry.sides.forEach((side, index) => {
      edges[geometry.sideByName.get(turn(side.name)).index] = view.edges[index];
    });
    return {
      ...(view.any_edges ? { any_edges: true } : {}),
      edges: edges.join(""),
      // In the engine's order of the location names, as its turned views list them.
      segments: view.segments.map((segment) => ({
        ...segment, locations: segment.locations.map(turn).sort((a, b) => geometry.order.get(a) - geometry.order.get(b)),
      })),
      at: Object.fromEntries(Object.entries(view.at).map(([location, index]) => [turn(location), index])),
    };
  }

  /** The engine's view of tile `code` turned `rotation` degrees, or null; with a placed
   * tile's `state`, in the shape that state gives it (see shape). */
  view(code, rotation, state = null) {
    const position = this.rotations.indexOf(rotation);
    if (!this.printed[code] || position < 0) return null;
    const [name, printed] = this.shape(code, state) ?? [code, this.printed[code]];
    this.tiles[name] ??= [];
    this.tiles[name][position] ??= Geometry.turnView(printed, rotation, this);
    return this.tiles[name][position];
  }

  /** The view of a placed tile ({tile, rotation, state}). */
  placed(tile) {
    return this.view(tile.tile, tile.rotation, tile.state);
  }

  /** [a name for it, its printed view] of tile `code` as a value of `state` reshapes it
   * (the server's `variants`: a bridge lays a road across it), or null when none does. */
  shape(code, state) {
    const variants = state ? this.printed[code]?.variants : null;
    if (!variants) return null;
    // Only a state whose part is in play shapes the tile, as only that one is sent.
    const inPlay = this.statesInPlay?.() ?? null;
    for (const [name, views] of Object.entries(variants)) {
      if (inPlay && !inPlay.has(name)) continue;
      const value = state[name];
      if (value !== undefined && value !== null && views[String(value)]) {
        return [`${code}|${name}=${value}`, views[String(value)]];
      }
    }
    return null;
  }

  /** Whether a segment is printed in `edition` (a garden exists only in some). */
  static printed(segment, edition) {
    return !segment.editions || segment.editions.includes(edition);
  }

  /**
   * The four squares around the corner `corner` (a name of the server's `corners`, such
   * as "NE": two sides' names) of square (x, y), each with the corner's name as seen
   * from that square: crossing a side turns its letter into the opposite side's.
   */
  cornerSquares(x, y, corner) {
    const [first, second] = [...corner].map((name) => this.sideByName.get(name));
    const across = (side, crossed) => (crossed ? this.sideByName.get(side.opposite) : side);
    return [[false, false], [true, false], [false, true], [true, true]].map(([one, two]) => [
      x + (one ? first.offset[0] : 0) + (two ? second.offset[0] : 0),
      y + (one ? first.offset[1] : 0) + (two ? second.offset[1] : 0),
      across(first, one).name + across(second, two).name,
    ]);
  }

  /** The point of the board (in squares) where that corner is. */
  cornerPoint(x, y, corner) {
    const [first, second] = [...corner].map((name) => this.sideByName.get(name));
    return [x + 0.5 + (first.offset[0] + second.offset[0]) / 2,
      y + 0.5 + (first.offset[1] + second.offset[1]) / 2];
  }

  /** The index of the segment a figure at `location` stands on, or -1. */
  segmentIndexAt(code, rotation, location, edition, state = null) {
    const view = this.view(code, rotation, state);
    const index = view?.at[location];
    if (index === undefined || !Geometry.printed(view.segments[index], edition)) return -1;
    return index;
  }

  /** The name `location` takes when its tile turns by `degrees` more. */
  turn(location, degrees) {
    const turned = ((degrees % 360) + 360) % 360;
    return this.locations.get(location)?.turned[String(turned)] ?? location;
  }

  /** The edge letter tile `code` turned `rotation` shows on side `sideName`. */
  edgeAt(code, rotation, sideName, state = null) {
    return this.view(code, rotation, state).edges[this.sideByName.get(sideName).index];
  }

  /** The neighbours of a square: [side name, x, y] for each side. */
  neighbours(x, y) {
    return this.sides.map((side) => [side.name, x + side.offset[0], y + side.offset[1]]);
  }

  /**
   * Whether tile `code` fits at (x, y) turned `rotation` on a board (Map key → placed
   * tile). `ignore` is the key of a tile being moved. Returns { ok, reason, side }; a
   * join the server's rules refuse (see refuseJoins) is reason "refused", with its meaning.
   */
  fitsAt(tiles, code, x, y, rotation, ignore = null) {
    const here = key(x, y);
    if (here !== ignore && tiles.has(here)) return { ok: false, reason: "occupied" };
    let touching = 0;
    for (const [side, nx, ny] of this.neighbours(x, y)) {
      const neighbourKey = key(nx, ny);
      const neighbour = neighbourKey === ignore ? null : tiles.get(neighbourKey);
      if (!neighbour) continue;
      touching += 1;
      // A tile the engine says fits whatever the edges (an abbey) meets any edge, and
      // any edge meets it.
      if (this.view(code, rotation)?.any_edges || this.placed(neighbour)?.any_edges) continue;
      const theirs = this.edgeAt(neighbour.tile, neighbour.rotation, this.sideByName.get(side).opposite, neighbour.state);
      if (this.edgeAt(code, rotation, side) !== theirs) return { ok: false, reason: "mismatch", side };
      const refused = this.refusedJoin(code, rotation, side, neighbour);
      if (refused) return { ok: false, reason: "refused", side, meaning: refused.meaning };
    }
    const othersExist = tiles.size > (ignore && tiles.has(ignore) ? 1 : 0);
    if (!touching && othersExist) return { ok: false, reason: "detached" };
    if (!touching && !(x === 0 && y === 0)) return { ok: false, reason: "detached" };
    return { ok: true };
  }

  /** Every square where tile `code` fits turned `rotation`, as [x, y] pairs. */
  legalSquares(tiles, code, rotation, ignore = null) {
    const candidates = new Map();
    for (const [tileKey, tile] of tiles) {
      if (tileKey === ignore) continue;
      for (const [, nx, ny] of this.neighbours(tile.x, tile.y)) {
        const candidate = key(nx, ny);
        if (!candidates.has(candidate)) candidates.set(candidate, [nx, ny]);
      }
    }
    if (ignore) candidates.set(ignore, Object.values(parseKey(ignore)));
    if (!candidates.size) candidates.set(key(0, 0), [0, 0]);
    return [...candidates.values()].filter(
      ([x, y]) => this.fitsAt(tiles, code, x, y, rotation, ignore).ok,
    );
  }

  /** What the rules see of tile `code` turned `rotation`: its edges and its segments
   * with their locations (not which printed feature each is), as one string. Two
   * rotations with the same look cannot be told apart once the tile is down. */
  look(code, rotation) {
    this.looks ??= new Map();
    const memo = `${code}|${rotation}`;
    if (!this.looks.has(memo)) {
      const view = this.view(code, rotation);
      const segments = view.segments.map((segment) => JSON.stringify([
        segment.kind, [...segment.locations].sort(), segment.pennants ?? 0,
        segment.attributes ?? null, segment.editions ?? null,
      ])).sort();
      this.looks.set(memo, JSON.stringify([view.edges, segments]));
    }
    return this.looks.get(memo);
  }

  /** How many of the sides tile `code` turned `rotation` would share with its
   * neighbours at (x, y) carry a feature across the edge (a road, a city, a river:
   * whatever has a segment on the side itself rather than on its halves). */
  continuedSides(tiles, code, x, y, rotation, ignore = null) {
    const view = this.view(code, rotation);
    let continued = 0;
    for (const [side, nx, ny] of this.neighbours(x, y)) {
      const neighbourKey = key(nx, ny);
      if (neighbourKey === ignore || !tiles.has(neighbourKey)) continue;
      if (view.segments.some((segment) => segment.locations.includes(side))) continued += 1;
    }
    return continued;
  }

  /**
   * The rotations in which tile `code` fits at (x, y), one for each look (turning a
   * straight road half round changes nothing), best first: the one continuing the most
   * neighbouring edges, then clockwise from `from`.
   */
  fittingRotations(tiles, code, x, y, ignore = null, from = 0) {
    const start = Math.max(0, this.rotations.indexOf(from));
    const order = this.rotations.map((_, step) => this.rotations[(start + step) % this.rotations.length]);
    const seen = new Set();
    const fitting = [];
    for (const rotation of order) {
      if (!this.view(code, rotation) || !this.fitsAt(tiles, code, x, y, rotation, ignore).ok) continue;
      const look = this.look(code, rotation);
      if (seen.has(look)) continue;
      seen.add(look);
      fitting.push({ rotation, continued: this.continuedSides(tiles, code, x, y, rotation, ignore) });
    }
    // A stable sort keeps the clockwise order among equals.
    fitting.sort((a, b) => b.continued - a.continued);
    return fitting.map((entry) => entry.rotation);
  }

  /** Every square where tile `code` fits in some rotation, as [x, y] pairs. */
  squaresFittingAnyWay(tiles, code, ignore = null) {
    const found = new Map();
    for (const rotation of this.rotations) {
      if (!this.view(code, rotation)) continue;
      for (const [x, y] of this.legalSquares(tiles, code, rotation, ignore)) found.set(key(x, y), [x, y]);
    }
    return [...found.values()];
  }

  /** Whether the tiles (minus `without`) form one piece joined edge to edge. */
  isConnected(tiles, without = null) {
    const keys = [...tiles.keys()].filter((tileKey) => tileKey !== without);
    if (keys.length <= 1) return true;
    const seen = new Set([keys[0]]);
    const queue = [keys[0]];
    while (queue.length) {
      const { x, y } = parseKey(queue.pop());
      for (const [, nx, ny] of this.neighbours(x, y)) {
        const next = key(nx, ny);
        if (next !== without && tiles.has(next) && !seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    return seen.size === keys.length;
  }

  /** The first location (after rotation) where a figure can stand on segment `index`. */
  standingSpot(view, index) {
    return Object.keys(view.at).find((location) => view.at[location] === index) ?? null;
  }

  /** A short description of a segment, e.g. "city (north and east)". */
  describe(segment) {
    const words = [...new Set(segment.locations
      .map((location) => this.locations.get(location)?.side)
      .filter(Boolean)
      .map((side) => this.sideByName.get(side).word))];
    const name = segment.kind === "farm" ? "field" : segment.kind;
    if (segment.kind === "city" || segment.kind === "road") {
      const joined = words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : words[0];
      return `${name} (${joined})`;
    }
    if (segment.kind === "farm") return words.length ? `field (touching ${words.join(", ")})` : "field";
    return name;
  }

  /**
   * The location (after rotation) a click at (u, v) on placed tile `code` names, or null.
   * When the click hit a drawn feature (`dataIndex`, its index in the tile data), the
   * nearest location of that feature is chosen; otherwise the nearest of any.
   */
  locationAtPoint(code, rotation, point, edition, dataIndex = null, state = null) {
    const view = this.view(code, rotation, state);
    if (!view) return null;
    const standing = Object.entries(view.at)
      .filter(([, index]) => Geometry.printed(view.segments[index], edition));
    const hit = standing.filter(([, index]) => view.segments[index].feature === dataIndex);
    let best = null;
    let bestDistance = Infinity;
    for (const [location] of (hit.length ? hit : standing)) {
      const distance = squaredDistance(ANCHORS[location] ?? ANCHORS.C, point);
      if (distance < bestDistance) {
        best = location;
        bestDistance = distance;
      }
    }
    return best;
  }

  /**
   * The segments joined to segment `index` of the tile at (x, y) across the board's
   * edges: a Set of "x,y#index". Locations meet as the server's data says.
   */
  featureMembers(tiles, edition, x, y, index) {
    const members = new Set([`${key(x, y)}#${index}`]);
    const queue = [[x, y, index]];
    while (queue.length) {
      const [tx, ty, segmentIndex] = queue.pop();
      const tile = tiles.get(key(tx, ty));
      const segment = this.placed(tile).segments[segmentIndex];
      for (const location of segment.locations) {
        const info = this.locations.get(location);
        if (!info?.side) continue;
        const { offset } = this.sideByName.get(info.side);
        const neighbour = tiles.get(key(tx + offset[0], ty + offset[1]));
        if (!neighbour) continue;
        const view = this.placed(neighbour);
        const other = view.segments.findIndex((candidate) => candidate.locations.includes(info.meets)
          && Geometry.printed(candidate, edition));
        const member = `${key(neighbour.x, neighbour.y)}#${other}`;
        if (other >= 0 && !members.has(member)) {
          members.add(member);
          queue.push([neighbour.x, neighbour.y, other]);
        }
      }
    }
    return members;
  }
}

/** The smallest rectangle holding every tile: {minX, minY, maxX, maxY}. */
export function bounds(tiles) {
  let minX = 0; let minY = 0; let maxX = 0; let maxY = 0; let first = true;
  for (const { x, y } of tiles.values()) {
    if (first) { minX = maxX = x; minY = maxY = y; first = false; continue; }
    minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}
