// Putting tiles down: the tile in hand on a square, a placed tile moved to another square
// or turned where it lies. Each action checks the table's rules first (edges match their
// neighbours, a tile touches the board, copies are left in the box) and, when it refuses,
// says why in words and what would work instead.

import { key, parseKey } from "./geometry.js";

export const turnedWords = (rotation) => (rotation ? ` turned ${rotation}°` : "");

const LARGE_STAYS = "A piece of a large tile does not move alone: remove the whole tile and lay it again.";
const capital = (text) => `${text[0].toUpperCase()}${text.slice(1)}`;

/** Why `code` (a large tile: from its piece (0, 0)) cannot go at (x, y) with `rotation`,
 * as a sentence with a way out, from the kernel's verdict; null when it fits. */
export function misfitMessage(state, catalogue, code, x, y, rotation, ignore = null) {
  const tiles = state.doc.tiles;
  const { geometry, kernel } = catalogue;
  const fit = kernel.fitsAt(tiles, code, x, y, rotation, ignore);
  if (fit.ok) return null;
  const large = catalogue.largeByCode.get(code);
  const subject = large ? `${capital(large.name)}${turnedWords(rotation)} from (${x}, ${y})` : `Tile ${code}${turnedWords(rotation)}`;
  const { piece } = fit;
  if (fit.code === "duplicate_position") {
    const there = tiles.get(key(piece.x, piece.y));
    if (large) {
      return `${subject} would cover (${piece.x}, ${piece.y}), which already holds tile `
        + `${there.tile}: it needs all its ${large.pieces.length} squares free.`;
    }
    return `(${x}, ${y}) already holds tile ${there.tile}. Select it to move or remove it first.`;
  }
  if (fit.code === "disconnected_tile") {
    if (large) return `${subject} would touch no placed tile along an edge.`;
    return `${subject} cannot go at (${x}, ${y}): a tile must touch a placed tile along an edge.`;
  }
  const side = geometry.sideByName.get(fit.side);
  const across = geometry.sideByName.get(side.opposite);
  const neighbour = tiles.get(key(piece.x + side.offset[0], piece.y + side.offset[1]));
  const mine = geometry.edgeAt(piece.tile, rotation, fit.side);
  const theirs = geometry.edgeAt(neighbour.tile, neighbour.rotation, side.opposite, neighbour.state);
  const others = geometry.rotations.filter((turn) => turn !== rotation && kernel.fitsAt(tiles, code, x, y, turn, ignore).ok);
  const hint = others.length
    ? ` It fits there turned ${others.map((turn) => `${turn}°`).join(" or ")}: press R to turn it.`
    : " It fits there in no rotation.";
  const words = (edge) => geometry.edgeWords[edge] ?? edge;
  if (large) {
    return `${subject} does not fit: at (${piece.x}, ${piece.y}) its ${side.word} edge is a `
      + `${words(mine)} but tile ${neighbour.tile} at (${neighbour.x}, ${neighbour.y}) shows a ${words(theirs)}.${hint}`;
  }
  if (fit.code !== "edge_mismatch") {
    return `${subject} cannot go at (${x}, ${y}) against tile ${neighbour.tile} at `
      + `(${neighbour.x}, ${neighbour.y}): there ${fit.meaning}, which the rules refuse.${hint}`;
  }
  return `${subject} does not fit at (${x}, ${y}): its ${side.word} edge is `
    + `a ${words(mine)} but the ${across.word} edge of tile `
    + `${neighbour.tile} at (${neighbour.x}, ${neighbour.y}) is a ${words(theirs)}.${hint}`;
}

/** Lay the large tile `code` with its piece (0, 0) at (x, y), turned `rotation`: its
 * pieces, each an ordinary tile of its square that remembers the whole (`large`). */
function layLarge(state, catalogue, code, x, y, rotation) {
  const large = Object.freeze({ tile: code, x, y, rotation });
  state.apply(`place ${code} at (${x}, ${y})`, (doc) => {
    const tiles = new Map(doc.tiles);
    for (const piece of catalogue.kernel.pieces(code, x, y, rotation)) {
      tiles.set(key(piece.x, piece.y), Object.freeze({ ...piece, large }));
    }
    return { tiles };
  });
}

/** Turn the large tile laid at `large` to `rotation` about its piece (0, 0): its pieces
 * are laid again, and the figures on them go with their piece, turned with it (those in
 * its districts stay: they are named by the piece (0, 0), which does not move). */
function turnLarge(state, catalogue, large, rotation) {
  const turn = (rotation - large.rotation + 360) % 360;
  const before = catalogue.kernel.pieces(large.tile, large.x, large.y, large.rotation);
  const after = catalogue.kernel.pieces(large.tile, large.x, large.y, rotation);
  const moved = new Map(before.map((piece, index) => [key(piece.x, piece.y), after[index]]));
  const turned = Object.freeze({ ...large, rotation });
  state.apply(`turn ${large.tile} at (${large.x}, ${large.y})`, (doc) => {
    const tiles = new Map([...doc.tiles].filter(([tileKey]) => !moved.has(tileKey)));
    for (const piece of after) tiles.set(key(piece.x, piece.y), Object.freeze({ ...piece, large: turned }));
    const follow = (figure) => {
      const piece = moved.get(key(figure.x, figure.y));
      if (!piece || catalogue.district(large.tile, figure.at)) return figure;
      return Object.freeze({ ...figure, x: piece.x, y: piece.y, ...(figure.at ? { at: catalogue.geometry.turn(figure.at, turn) } : {}) });
    };
    return { tiles, figures: doc.figures.map(follow), neutral: (doc.neutral ?? []).map(follow) };
  });
}

/**
 * Ask the server whether the tile just placed at (x, y) breaks a layout rule of its
 * expansion (the river's shape). Resolves to the server's problem, or null when the
 * tile's expansion has no such rule, the board keeps them, or the server cannot say.
 */
export async function checkLayout(state, catalogue, url, x, y) {
  const tile = state.tileAt(x, y);
  const layout = catalogue.rules.layout;
  if (!tile || !layout.tiles.includes(catalogue.type(tile.tile).expansion)) return null;
  const board = state.toBoard();
  const index = board.tiles.findIndex((entry) => entry.x === x && entry.y === y);
  return firstProblem(url, board, (error) => layout.codes.includes(error.code)
    && (error.path === `tiles[${index}]` || namesSquare(error.params, x, y)));
}

/**
 * Whether a problem's parameters name the tile at (x, y): a `tile.at` message among them,
 * at any depth (a problem about a pair of tiles sits at the other tile's path).
 */
export function namesSquare(value, x, y) {
  if (!value || typeof value !== "object") return false;
  if (value.id === "tile.at") return value.params?.x === x && value.params?.y === y;
  const inner = Array.isArray(value) ? value
    : Object.values("id" in value ? value.params ?? {} : value);
  return inner.some((item) => namesSquare(item, x, y));
}

/**
 * POST the board to the check endpoint and resolve to the first problem
 * `wanted` accepts, or null (also when offline: the scoring reports it later).
 */
async function firstProblem(url, board, wanted) {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(board),
    });
    if (!response.ok) return null;
    const { errors = [] } = await response.json();
    const found = errors.find(wanted);
    return found ?? null;
  } catch {
    return null;
  }
}

/**
 * Ask the server whether the figure at `index` of the board may stand where it is, by
 * rules the page cannot read as data (no figure on the volcano's tile). Resolves to the
 * server's problem, or null.
 */
export async function checkFigure(state, url, index) {
  return firstProblem(url, state.toBoard(),
    (error) => (error.path ?? "").startsWith(`figures[${index}]`));
}

/**
 * The same for the neutral figure (nobody's) at `index` of the board's `neutral` (a
 * fairy named beside no follower): the server's problem, or null.
 */
export async function checkNeutral(state, url, index) {
  return firstProblem(url, state.toBoard(),
    (error) => (error.path ?? "").startsWith(`neutral[${index}]`));
}

/** Copies of `code` still in the box for the board's edition. */
export function copiesLeft(state, catalogue, code) {
  return catalogue.kernel.copiesLeft(state.doc.edition, state.doc.tiles.values()).get(code) ?? 0;
}

/**
 * The rotation tile `code` goes down in at (x, y), or null when none fits. A tile the
 * player turned on purpose (`turned`) goes down as turned or not at all; otherwise the
 * `preferred` rotation when it fits (a moved tile keeps its own), else the rotation that
 * fits best there (see RulesKernel.fittingRotations).
 */
export function rotationFor(state, catalogue, code, x, y, { preferred = null, turned = false, ignore = null } = {}) {
  const { kernel } = catalogue;
  const fits = (rotation) => kernel.fitsAt(state.doc.tiles, code, x, y, rotation, ignore).ok;
  if (turned) return fits(preferred) ? preferred : null;
  if (preferred !== null && fits(preferred)) return preferred;
  return kernel.fittingRotations(state.doc.tiles, code, x, y, ignore)[0] ?? null;
}

/** The rotations in which the tile at `tileKey` fits where it lies, one of each look
 * (a piece of a large tile: those of the whole, turned about its piece (0, 0)). */
export function waysItFits(state, catalogue, tileKey) {
  const tile = state.doc.tiles.get(tileKey);
  if (!tile) return [];
  const { tile: code, x, y } = tile.large ?? tile;
  return catalogue.kernel.fittingRotations(state.doc.tiles, code, x, y, tileKey);
}

/** Put the tile in hand at (x, y), turned to fit unless the player turned it. The hand
 * keeps the type while copies are left, so that the next copy is one tap away. Returns
 * { ok, message }. */
export function placeHand(state, catalogue, x, y) {
  const code = state.ui.hand;
  if (!code) return { ok: false, message: "Pick a tile from the tiles by the board first." };
  if (copiesLeft(state, catalogue, code) <= 0) {
    return { ok: false, message: `No tile ${code} is left in the box for ${state.doc.edition}.` };
  }
  const { turned } = state.ui;
  const rotation = rotationFor(state, catalogue, code, x, y, { preferred: turned ? state.ui.rotation : null, turned });
  if (rotation === null) {
    return { ok: false, message: misfitMessage(state, catalogue, code, x, y, turned ? state.ui.rotation : 0) };
  }
  const here = key(x, y);
  const large = catalogue.isLarge(code);
  const others = catalogue.kernel.fittingRotations(state.doc.tiles, code, x, y).length - 1;
  const more = copiesLeft(state, catalogue, code) - 1;
  Object.assign(state.ui, {
    hand: more > 0 ? code : null, rotation: 0, turned: false,
    selected: here, cursor: { x, y },
  });
  if (large) layLarge(state, catalogue, code, x, y, rotation);
  else state.placeTile(code, x, y, rotation);
  state.ui.fresh = { key: here, doc: state.doc };
  const how = large ? "tap ⟳ above the board (or press R) to turn it" : "tap the way it lies at the board's foot (or ⟳ above the board, or R)";
  const turnHint = others > 0 ? ` It fits ${others === 1 ? "one other way" : `${others} other ways`}: ${how}.` : "";
  const handHint = more > 0 ? ` Tile ${code} stays in hand (${more} left): tap another lit square, or Escape.` : "";
  return {
    ok: true,
    message: `Placed tile ${code}${turnedWords(rotation)} at (${x}, ${y}).${turnHint}${handHint}`,
  };
}

/**
 * Turn the tile just placed to the next of the rotations that fit where it lies (one of
 * each look, best first, as it was placed), round again after the last; or, with `to`
 * (one of those rotations: a way tapped on the strip of ways), straight to that one.
 */
export function turnFresh(state, catalogue, to = null) {
  const fresh = state.ui.fresh;
  const tile = fresh && fresh.doc === state.doc ? state.doc.tiles.get(fresh.key) : null;
  if (!tile) return { ok: false, message: "Only the tile just placed turns with a tap." };
  const { kernel } = catalogue;
  const ways = waysItFits(state, catalogue, fresh.key);
  const look = kernel.look(tile.tile, tile.rotation);
  const at = tile.large ? ways.indexOf(tile.rotation)
    : ways.findIndex((rotation) => kernel.look(tile.tile, rotation) === look);
  const subject = `Tile ${tile.large?.tile ?? tile.tile} at (${tile.x}, ${tile.y})`;
  if (ways.length < 2) return { ok: false, message: `${subject} fits its neighbours only the way it lies.` };
  const next = to === null ? (at + 1) % ways.length : ways.indexOf(to);
  if (next < 0) return { ok: false, message: `${subject} does not fit its neighbours turned ${to}°.` };
  const rotation = ways[next];
  if (next === at) {
    return { ok: true, message: `${subject} already lies${turnedWords(rotation) || " as printed"} (way ${at + 1} of ${ways.length} it fits).` };
  }
  if (tile.large) {
    turnLarge(state, catalogue, tile.large, rotation);
    state.ui.fresh = { key: fresh.key, doc: state.doc };
    return { ok: true, message: `${capital(catalogue.largeByCode.get(tile.large.tile).name)} now turned ${rotation}° about (${tile.x}, ${tile.y}).` };
  }
  state.moveTile(tile.x, tile.y, tile.x, tile.y, rotation);
  state.ui.fresh = { key: fresh.key, doc: state.doc };
  const place = `${next + 1} of ${ways.length}`;
  return { ok: true, message: `Tile ${tile.tile} at (${tile.x}, ${tile.y}) now turned ${rotation}° (way ${place} it fits).` };
}

/** Whether the tile at `tileKey` is the one just placed, still turnable with a tap. */
export function isFresh(state, tileKey) {
  const fresh = state.ui.fresh;
  return Boolean(fresh && fresh.key === tileKey && fresh.doc === state.doc);
}

/** Move the tile being moved to (x, y): turned as the player turned it, else in its own
 * rotation when that fits there, else the way it fits best. Its figures go with it. */
export function moveTo(state, catalogue, x, y) {
  const from = state.ui.moving;
  const tile = from ? state.doc.tiles.get(from) : null;
  if (!tile) return { ok: false, message: "Select a tile and choose Move first." };
  const { turned } = state.ui;
  const preferred = turned ? state.ui.rotation : tile.rotation;
  if (from === key(x, y) && preferred === tile.rotation) {
    state.setUi({ moving: null, rotation: 0, turned: false });
    return { ok: true, message: `Tile ${tile.tile} stays at (${x}, ${y}).` };
  }
  const rotation = rotationFor(state, catalogue, tile.tile, x, y, { preferred, turned, ignore: from });
  if (rotation === null) {
    return { ok: false, message: misfitMessage(state, catalogue, tile.tile, x, y, preferred, from) };
  }
  Object.assign(state.ui, { cursor: { x, y }, selected: key(x, y), rotation: 0, turned: false });
  state.moveTile(tile.x, tile.y, x, y, rotation);
  const where = from === key(x, y) ? `at (${x}, ${y})` : `from (${tile.x}, ${tile.y}) to (${x}, ${y})`;
  return { ok: true, message: `Moved tile ${tile.tile}${turnedWords(rotation)} ${where}.` };
}

/** Turn a placed tile clockwise to the next rotation that fits where it lies. */
export function turnPlaced(state, catalogue, tileKey) {
  const tile = state.doc.tiles.get(tileKey);
  if (!tile) return { ok: false, message: "Select a tile to turn first." };
  const { rotations } = catalogue.geometry;
  if (tile.large) {
    // The whole large tile turns about its piece (0, 0), to the next way it fits.
    const { large } = tile;
    const ways = waysItFits(state, catalogue, tileKey);
    const start = rotations.indexOf(large.rotation);
    const next = rotations.map((_, step) => rotations[(start + step + 1) % rotations.length])
      .find((rotation) => rotation !== large.rotation && ways.includes(rotation));
    const name = capital(catalogue.largeByCode.get(large.tile).name);
    if (next === undefined) return { ok: false, message: `${name} fits its neighbours only the way it lies.` };
    turnLarge(state, catalogue, large, next);
    state.ui.selected = key(large.x, large.y);
    return { ok: true, message: `${name} now turned ${next}° about (${large.x}, ${large.y}).` };
  }
  const at = rotations.indexOf(tile.rotation);
  for (let step = 1; step < rotations.length; step += 1) {
    const rotation = rotations[(at + step) % rotations.length];
    if (catalogue.kernel.fitsAt(state.doc.tiles, tile.tile, tile.x, tile.y, rotation, tileKey).ok) {
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
export function removePlaced(state, catalogue, tileKey) {
  const tile = state.doc.tiles.get(tileKey);
  if (!tile) return { ok: false, message: "Select a tile to remove first." };
  const splits = !catalogue.kernel.isConnected(state.doc.tiles, tileKey);
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
  if (tile.large) return { ok: false, message: LARGE_STAYS };
  state.setUi({ moving: tileKey, rotation: tile.rotation, turned: false });
  const { x, y } = parseKey(tileKey);
  return {
    ok: true,
    message: `Moving tile ${tile.tile} from (${x}, ${y}): click a lit square; R turns it, Escape stops.`,
  };
}
