// The City of Carcassonne (a large tile the Count declares) in the palette like any tile:
// listed with its copies, laid from the hand over its 4×3 squares where every piece
// fits, refused where it would cover a tile, turned as a whole.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Catalogue } from "../../../static/js/builder/catalogue.js";
import { misfitMessage, placeHand, turnPlaced, waysItFits } from "../../../static/js/builder/placement.js";
import { BoardState, docFromBoard } from "../../../static/js/builder/state.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const python = process.env.PYTHON ?? resolve(root, ".venv/bin/python");
const data = JSON.parse(execFileSync(python, ["-m", "carcwiki.builder.page_data"],
  { cwd: root, maxBuffer: 64 * 1024 * 1024 }));
const catalogue = new Catalogue(data);
const CITY = "city-of-carcassonne";

// D at (0, 0): a city on its north edge, a road from west to east, fields south.
function stateWithD(expansions = ["count"]) {
  const doc = docFromBoard({ edition: "C2", expansions, players: [{ color: "red" }],
    tiles: [{ tile: "D", x: 0, y: 0, rotation: 0 }] }, catalogue);
  return new BoardState(doc, catalogue);
}

test("the palette lists the City of Carcassonne where the edition and the Count have it", () => {
  const listed = (edition, codes) => catalogue.typesInPlay(edition, catalogue.kernel.inPlay(codes))
    .filter((type) => type.large).map((type) => type.code);
  assert.deepEqual(listed("C2", ["count"]), [CITY]);
  assert.deepEqual(listed("C1", ["count"]), [CITY]);
  assert.deepEqual(listed("C2", []), []);
  // The declaration counts it in C1 and C2 only.
  assert.deepEqual(listed("C3", ["count"]), []);
  // One copy; its pieces are never counted as tiles of their own.
  const state = stateWithD();
  assert.equal(catalogue.kernel.copiesLeft("C2", state.doc.tiles.values()).get(CITY), 1);
});

test("laid from the hand, it covers its 12 squares and is sent once", () => {
  const state = stateWithD();
  // Piece (0, 0) of the city shows a road on its west edge (edges FFFR: N, E, S, W),
  // which meets D's road on its east edge: at (1, 0) unturned every piece fits (the
  // other pieces touch no tile).
  assert.ok(catalogue.kernel.squaresFitting(state.doc.tiles, CITY).some(([x, y]) => x === 1 && y === 0));
  state.ui.hand = CITY;
  const placed = placeHand(state, catalogue, 1, 0);
  assert.ok(placed.ok, placed.message);
  assert.equal(state.doc.tiles.size, 13); // D and the 12 pieces
  assert.equal(state.tileAt(4, 2).tile, `${CITY}-12`); // offset (3, 2) from (1, 0)
  assert.deepEqual(state.toBoard().tiles, [
    { tile: "D", x: 0, y: 0, rotation: 0 }, { tile: CITY, x: 1, y: 0, rotation: 0 }]);
  // Its one copy is down: the hand is empty, and a second is refused.
  assert.equal(state.ui.hand, null);
  assert.equal(catalogue.kernel.copiesLeft("C2", state.doc.tiles.values()).get(CITY), 0);
  state.ui.hand = CITY;
  assert.match(placeHand(state, catalogue, 1, 3).message, /No tile city-of-carcassonne is left/);
});

test("it is refused where a piece would cover a tile or an edge does not match", () => {
  const state = stateWithD();
  // From (0, -1) unturned, its piece at offset (0, 1) would cover D at (0, 0).
  const fit = catalogue.kernel.fitsAt(state.doc.tiles, CITY, 0, -1, 0);
  assert.deepEqual([fit.code, fit.piece.x, fit.piece.y], ["duplicate_position", 0, 0]);
  assert.match(misfitMessage(state, catalogue, CITY, 0, -1, 0),
    /would cover \(0, 0\), which already holds tile D: it needs all its 12 squares free/);
  // From (1, -2) unturned, its piece at offset (0, 2) (edges FFCF) lands at (1, 0), east
  // of D: its west edge is a field where D's east edge is a road. Refused.
  const mismatch = catalogue.kernel.fitsAt(state.doc.tiles, CITY, 1, -2, 0);
  assert.deepEqual([mismatch.code, mismatch.side, mismatch.piece.x, mismatch.piece.y], ["edge_mismatch", "W", 1, 0]);
  state.ui.hand = CITY;
  assert.equal(placeHand(state, catalogue, 1, -2).ok, false);
  assert.equal(state.doc.tiles.size, 1);
});

test("it turns as a whole about its piece (0, 0), to the next way it fits", () => {
  const state = stateWithD();
  // From (1, 3) turned 180° (an offset (dx, dy) goes to (-dx, -dy)), its piece at offset
  // (1, 2) (edges CFFF) lies at (0, 1) with its south field edge turned north, under D's
  // south field edge. Turned 270° ((dx, dy) goes to (dy, -dx)), its piece at offset (3, 0)
  // (RFFF) lies at (1, 0) with its north road turned west, meeting D's east road. Turned
  // 0° or 90° no piece touches D.
  state.ui.hand = CITY;
  state.ui.turned = true;
  state.ui.rotation = 180;
  assert.ok(placeHand(state, catalogue, 1, 3).ok);
  assert.equal(state.tileAt(0, 1).tile, `${CITY}-10`);
  assert.deepEqual(waysItFits(state, catalogue, "1,3"), [180, 270]);
  const turned = turnPlaced(state, catalogue, "0,1");
  assert.ok(turned.ok, turned.message);
  assert.deepEqual(state.toBoard().tiles.at(-1), { tile: CITY, x: 1, y: 3, rotation: 270 });
  assert.equal(state.doc.tiles.size, 13);
  assert.equal(state.tileAt(1, 0).tile, `${CITY}-4`);
  assert.equal(state.tileAt(1, 0).rotation, 270);
  assert.equal(state.tileAt(0, 1), null);
});
