// Tiles that fit a hole: a tap on an empty square beside the board, with no tile in hand,
// offers the types that fit there first among the tiles by the board, those with the
// most copies left in the box first (the likeliest to lie there), each turned the way
// it would go down; a tap on one lays it there. Which types fit, and how turned, is the
// rules' data (RulesKernel.fittingRotations); this module only ranks them.

import { key } from "./geometry.js";

/** Whether square (x, y) is empty and shares an edge with a placed tile. */
export function isHole(state, catalogue, x, y) {
  if (state.doc.tiles.has(key(x, y))) return false;
  return catalogue.geometry.neighbours(x, y).some(([, nx, ny]) => state.doc.tiles.has(key(nx, ny)));
}

/**
 * The types in play with a copy left that fit the empty square (x, y) in some rotation:
 * [{ code, rotation, left }], the most copies left first, then in the palette's own
 * order; `rotation` is the way the type goes down there (the one continuing the most
 * neighbouring edges, as a tile laid from the hand). Large tiles are not offered.
 */
export function typesFittingHole(state, catalogue, x, y) {
  const { doc } = state;
  const left = catalogue.kernel.copiesLeft(doc.edition, doc.tiles.values());
  const fitting = [];
  for (const type of catalogue.typesInPlay(doc.edition, state.inPlay())) {
    const copies = left.get(type.code) ?? 0;
    if (type.large || copies <= 0) continue;
    const [rotation] = catalogue.kernel.fittingRotations(doc.tiles, type.code, x, y);
    if (rotation !== undefined) fitting.push({ code: type.code, rotation, left: copies });
  }
  // A stable sort: the palette's order among types with as many copies left.
  return fitting.sort((a, b) => b.left - a.left);
}
