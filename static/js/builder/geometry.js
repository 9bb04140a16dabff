// Geometry of the board, with no DOM and no state: location names and how they turn with
// a tile, which edges meet, where a tile type fits, and which location a click names.
// Everything follows shared/spec/tiles-base-game.md; a square is 1 unit wide here and
// (u, v) is a point inside it, (0, 0) at its north-west corner, v growing to the south.

export const SIDES = ["N", "E", "S", "W"];
export const HALF_EDGES = ["NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN"];
export const ROTATIONS = [0, 90, 180, 270];
export const OFFSETS = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const EDGE_WORDS = { N: "north", E: "east", S: "south", W: "west" };

/** Where each location sits inside a square: used to read a click and to draw figures. */
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

/** The name a location takes once its tile is turned clockwise by `degrees`. */
export function rotateLocation(location, degrees) {
  const steps = ((degrees / 90) % 4 + 4) % 4;
  const side = SIDES.indexOf(location);
  if (side >= 0) return SIDES[(side + steps) % 4];
  const half = HALF_EDGES.indexOf(location);
  if (half >= 0) return HALF_EDGES[(half + 2 * steps) % 8];
  return location; // C and I stay in the middle
}

export const unrotateLocation = (location, degrees) => rotateLocation(location, 360 - degrees);

/** Turn a point of the square clockwise by `degrees` about its centre. */
export function rotatePoint([u, v], degrees) {
  let point = [u, v];
  for (let turn = 0; turn < (((degrees / 90) % 4) + 4) % 4; turn += 1) {
    point = [1 - point[1], point[0]];
  }
  return point;
}

/** The edge kind letter (C, R, F, V) a tile shows on `side` once turned. */
export function edgeAt(edges, rotation, side) {
  const steps = rotation / 90;
  return edges[(SIDES.indexOf(side) - steps + 8) % 4];
}

export const opposite = (side) => SIDES[(SIDES.indexOf(side) + 2) % 4];

/** The locations a figure may name to stand on a feature, in canonical orientation. */
export function featureLocations(feature) {
  if (feature.kind === "city" || feature.kind === "road") return [...feature.edges];
  if (feature.kind === "field") return feature.half_edges?.length ? [...feature.half_edges] : ["I"];
  return ["C"];
}

/** Index of the feature of `type` at a location named after rotation (or -1). */
export function featureIndexAt(type, rotation, location) {
  const canonical = unrotateLocation(location, rotation);
  return type.features.findIndex((feature) => featureLocations(feature).includes(canonical));
}

/** A short description of a placed feature, e.g. "city (north and east)". */
export function describeFeature(feature, rotation) {
  const placed = featureLocations(feature).map((location) => rotateLocation(location, rotation));
  if (feature.kind === "city" || feature.kind === "road") {
    const words = placed.map((side) => EDGE_WORDS[side]);
    const joined = words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : words[0];
    return `${feature.kind} (${joined})`;
  }
  if (feature.kind === "field") {
    const sides = [...new Set(placed.map((half) => EDGE_WORDS[half[0]]))].filter(Boolean);
    return sides.length ? `field (touching ${sides.join(", ")})` : "field";
  }
  return feature.kind;
}

const squaredDistance = ([a, b], [c, d]) => (a - c) ** 2 + (b - d) ** 2;

/**
 * The location (after rotation) a click at (u, v) on a placed tile names, or null.
 * When the click hit a drawn feature (`featureIndex`), the nearest location of that
 * feature is chosen; otherwise the nearest location of any feature.
 */
export function locationAtPoint(type, rotation, point, featureIndex = null) {
  const canonicalPoint = rotatePoint(point, 360 - rotation);
  const features = featureIndex !== null && type.features[featureIndex]
    ? [type.features[featureIndex]]
    : type.features;
  let best = null;
  let bestDistance = Infinity;
  for (const feature of features) {
    for (const location of featureLocations(feature)) {
      const distance = squaredDistance(ANCHORS[location], canonicalPoint);
      if (distance < bestDistance) {
        best = location;
        bestDistance = distance;
      }
    }
  }
  return best === null ? null : rotateLocation(best, rotation);
}

/** The neighbours of a square: [side, x, y] for each of the four sides. */
export function neighbours(x, y) {
  return SIDES.map((side) => [side, x + OFFSETS[side][0], y + OFFSETS[side][1]]);
}

/**
 * Whether a tile type fits at (x, y) with `rotation` on a board (Map key → placed tile,
 * `typeOf(code)` → tile type). `ignore` is the key of a tile being moved. Returns
 * { ok, reason }.
 */
export function fitsAt(tiles, typeOf, edges, x, y, rotation, ignore = null) {
  const here = key(x, y);
  if (here !== ignore && tiles.has(here)) return { ok: false, reason: "occupied" };
  let touching = 0;
  for (const [side, nx, ny] of neighbours(x, y)) {
    const neighbourKey = key(nx, ny);
    const neighbour = neighbourKey === ignore ? null : tiles.get(neighbourKey);
    if (!neighbour) continue;
    touching += 1;
    const theirs = edgeAt(typeOf(neighbour.tile).edges, neighbour.rotation, opposite(side));
    if (edgeAt(edges, rotation, side) !== theirs) {
      return { ok: false, reason: "mismatch", side };
    }
  }
  const othersExist = tiles.size > (ignore && tiles.has(ignore) ? 1 : 0);
  if (!touching && othersExist) return { ok: false, reason: "detached" };
  if (!touching && !(x === 0 && y === 0)) return { ok: false, reason: "detached" };
  return { ok: true };
}

/** Every square where a tile type fits with `rotation`, as [x, y] pairs. */
export function legalSquares(tiles, typeOf, edges, rotation, ignore = null) {
  const candidates = new Map();
  for (const [tileKey, tile] of tiles) {
    if (tileKey === ignore) continue;
    for (const [, nx, ny] of neighbours(tile.x, tile.y)) {
      const candidate = key(nx, ny);
      if (!candidates.has(candidate)) candidates.set(candidate, [nx, ny]);
    }
  }
  if (ignore) candidates.set(ignore, Object.values(parseKey(ignore)));
  if (!candidates.size) candidates.set(key(0, 0), [0, 0]);
  return [...candidates.values()].filter(
    ([x, y]) => fitsAt(tiles, typeOf, edges, x, y, rotation, ignore).ok,
  );
}

/** Whether the tiles (minus `without`) form one piece joined edge to edge. */
export function isConnected(tiles, without = null) {
  const keys = [...tiles.keys()].filter((tileKey) => tileKey !== without);
  if (keys.length <= 1) return true;
  const seen = new Set([keys[0]]);
  const queue = [keys[0]];
  while (queue.length) {
    const { x, y } = parseKey(queue.pop());
    for (const [, nx, ny] of neighbours(x, y)) {
      const next = key(nx, ny);
      if (next !== without && tiles.has(next) && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen.size === keys.length;
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
