// Putting tiles down: the tile in hand on a square, a placed tile moved to another square
// or turned where it lies. Each action checks the table's rules first (edges match their
// neighbours, a tile touches the board, copies are left in the box) and, when it refuses,
// says why in words and what would work instead.

import { ROTATIONS, edgeAt, fitsAt, isConnected, key, opposite, parseKey } from "./geometry.js";

const EDGE_WORDS = { C: "a city", R: "a road", F: "a field", V: "a river" };
const SIDE_WORDS = { N: "north", E: "east", S: "south", W: "west" };

export const turnedWords = (rotation) => (rotation ? ` turned ${rotation}°` : "");

function typeOf(catalogue) {
  return (code) => catalogue.type(code);
}

/** Why `code` cannot go at (x, y) with `rotation`, as a sentence with a way out. */
export function misfitMessage(state, catalogue, code, x, y, rotation, ignore = null) {
  const tiles = state.doc.tiles;
  const edges = catalogue.type(code).edges;
  const fit = fitsAt(tiles, typeOf(catalogue), edges, x, y, rotation, ignore);
  if (fit.ok) return null;
  const subject = `Tile ${code}${turnedWords(rotation)}`;
  if (fit.reason === "occupied") {
    const there = tiles.get(key(x, y));
    return `(${x}, ${y}) already holds tile ${there.tile}. Select it to move or remove it first.`;
  }
  if (fit.reason === "detached") {
    return `${subject} cannot go at (${x}, ${y}): a tile must touch a placed tile along an edge.`;
  }
  const [dx, dy] = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] }[fit.side];
  const neighbour = tiles.get(key(x + dx, y + dy));
  const mine = edgeAt(edges, rotation, fit.side);
  const theirs = edgeAt(catalogue.type(neighbour.tile).edges, neighbour.rotation, opposite(fit.side));
  const others = ROTATIONS.filter((turn) => turn !== rotation
    && fitsAt(tiles, typeOf(catalogue), edges, x, y, turn, ignore).ok);
  const hint = others.length
    ? ` It fits there turned ${others.map((turn) => `${turn}°`).join(" or ")}: press R to turn it.`
    : " It fits there in no rotation.";
  return `${subject} does not fit at (${x}, ${y}): its ${SIDE_WORDS[fit.side]} edge is `
    + `${EDGE_WORDS[mine] ?? mine} but the ${SIDE_WORDS[opposite(fit.side)]} edge of tile `
    + `${neighbour.tile} at (${neighbour.x}, ${neighbour.y}) is ${EDGE_WORDS[theirs] ?? theirs}.${hint}`;
}

/** Copies of `code` still in the box for the board's edition. */
export function copiesLeft(state, catalogue, code) {
  return catalogue.copiesLeft(state.doc.edition, state.doc.tiles.values()).get(code) ?? 0;
}

/** Put the tile in hand at (x, y). Returns { ok, message }. */
export function placeHand(state, catalogue, x, y) {
  const code = state.ui.hand;
  const rotation = state.ui.rotation;
  if (!code) return { ok: false, message: "Pick a tile from the tiles by the board first." };
  if (copiesLeft(state, catalogue, code) <= 0) {
    return { ok: false, message: `No tile ${code} is left in the box for ${state.doc.edition}.` };
  }
  const refusal = misfitMessage(state, catalogue, code, x, y, rotation);
  if (refusal) return { ok: false, message: refusal };
  Object.assign(state.ui, { hand: null, selected: key(x, y), cursor: { x, y } });
  state.placeTile(code, x, y, rotation);
  return {
    ok: true,
    message: `Placed tile ${code}${turnedWords(rotation)} at (${x}, ${y}). Press R to turn it, `
      + "or click a road, city, field or monastery on it to put a figure there.",
  };
}

/** Move the tile being moved to (x, y), turned as the hand says; its figures go with it. */
export function moveTo(state, catalogue, x, y) {
  const from = state.ui.moving;
  const tile = from ? state.doc.tiles.get(from) : null;
  if (!tile) return { ok: false, message: "Select a tile and choose Move first." };
  const rotation = state.ui.rotation;
  if (from === key(x, y) && rotation === tile.rotation) {
    state.setUi({ moving: null });
    return { ok: true, message: `Tile ${tile.tile} stays at (${x}, ${y}).` };
  }
  const refusal = misfitMessage(state, catalogue, tile.tile, x, y, rotation, from);
  if (refusal) return { ok: false, message: refusal };
  state.ui.cursor = { x, y };
  state.moveTile(tile.x, tile.y, x, y, rotation);
  const where = from === key(x, y) ? `at (${x}, ${y})` : `from (${tile.x}, ${tile.y}) to (${x}, ${y})`;
  return { ok: true, message: `Moved tile ${tile.tile}${turnedWords(rotation)} ${where}.` };
}

/** Turn a placed tile clockwise to the next rotation that fits where it lies. */
export function turnPlaced(state, catalogue, tileKey) {
  const tile = state.doc.tiles.get(tileKey);
  if (!tile) return { ok: false, message: "Select a tile to turn first." };
  const edges = catalogue.type(tile.tile).edges;
  for (let step = 1; step < 4; step += 1) {
    const rotation = (tile.rotation + 90 * step) % 360;
    if (fitsAt(state.doc.tiles, typeOf(catalogue), edges, tile.x, tile.y, rotation, tileKey).ok) {
      state.moveTile(tile.x, tile.y, tile.x, tile.y, rotation);
      return { ok: true, message: `Tile ${tile.tile} at (${tile.x}, ${tile.y}) now turned ${rotation}°.` };
    }
  }
  return {
    ok: false,
    message: `Tile ${tile.tile} at (${tile.x}, ${tile.y}) fits its neighbours only the way it lies.`,
  };
}

/** Take a placed tile (and its figures) off the board. */
export function removePlaced(state, tileKey) {
  const tile = state.doc.tiles.get(tileKey);
  if (!tile) return { ok: false, message: "Select a tile to remove first." };
  const splits = !isConnected(state.doc.tiles, tileKey);
  const figures = state.figuresAt(tile.x, tile.y).length;
  state.removeTile(tile.x, tile.y);
  let message = `Removed tile ${tile.tile} from (${tile.x}, ${tile.y})`;
  message += figures ? ` with its ${figures === 1 ? "figure" : `${figures} figures`}.` : ".";
  if (splits) message += " The board is now in pieces: fill the gap before scoring.";
  return { ok: true, message };
}

/** Start moving the selected tile: its legal squares light up. */
export function startMove(state, tileKey) {
  const tile = state.doc.tiles.get(tileKey);
  if (!tile) return { ok: false, message: "Select a tile to move first." };
  state.setUi({ moving: tileKey, hand: null, rotation: tile.rotation });
  const { x, y } = parseKey(tileKey);
  return {
    ok: true,
    message: `Moving tile ${tile.tile} from (${x}, ${y}): click a lit square; R turns it, Escape stops.`,
  };
}
