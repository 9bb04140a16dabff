// Geometry of the board, with no DOM and no state. The tile geometry itself comes from
// the server (the engine's view of every tile type turned 0, 90, 180 and 270 degrees, and
// the location names with their side, turns and meetings): this module only reads it, to
// say which edge a tile shows on a side, which segment a location names and which
// location a click names. Where a tile fits is a rule: see kernel.js.
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
