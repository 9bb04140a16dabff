// The strip of ways the tile just laid fits (tileways.js): which ways it offers, in which
// order, which one is marked, and a tap's turn straight to a way (placement.turnFresh).
// The tiles and the fits are the engine's (python -m carcwiki.builder.page_data).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Catalogue } from "../../../static/js/builder/catalogue.js";
import { key } from "../../../static/js/builder/geometry.js";
import { placeHand, turnFresh } from "../../../static/js/builder/placement.js";
import { BoardState, docFromBoard } from "../../../static/js/builder/state.js";
import { freshWays, wayName } from "../../../static/js/builder/tileways.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const python = process.env.PYTHON ?? resolve(root, ".venv/bin/python");
const data = JSON.parse(execFileSync(python, ["-m", "carcwiki.builder.page_data"],
  { cwd: root, maxBuffer: 64 * 1024 * 1024 }));
const catalogue = new Catalogue(data);

// E (a city on the north edge, fields elsewhere) on the start square: the hole north of
// it, (0, -1), needs a city on its south edge, and has no other neighbour, so every way
// that puts a city there continues one edge and the ways come clockwise from 0°.
function stateWith(code) {
  const state = new BoardState(docFromBoard({
    edition: "C3", expansions: ["traders-builders"], players: [{ color: "red" }],
    tiles: [{ tile: "E", x: 0, y: 0, rotation: 0 }],
  }, catalogue), catalogue);
  state.ui.hand = code;
  const placed = placeHand(state, catalogue, 0, -1);
  assert.ok(placed.ok, placed.message);
  return state;
}

const rotations = (ways) => ways.map(({ rotation, chosen }) => [rotation, chosen]);

test("a tile with a city on every edge and four looks fits four ways, the first marked", () => {
  // traders-M: a city with cloth over the north and west edges, its own cities on the
  // east and on the south. Each turn puts a city edge south, and no two look alike.
  const state = stateWith("traders-M");
  const ways = freshWays(state, catalogue);
  assert.deepEqual(rotations(ways), [[0, true], [90, false], [180, false], [270, false]]);
  // Each way in words, as the tile lies turned so: half round, the north-west corner
  // lies south-east, and the cities east and south lie west and north.
  assert.equal(ways[2].words, "city in the south-east corner with cloth, separate cities on the west and the north, a field in the middle between the three");
  assert.equal(wayName("traders-M", 90), "Tile traders-M turned 90°");
  assert.equal(wayName("traders-M", 0), "Tile traders-M as printed");
});

test("a tile with two city edges fits the two ways that put one of them south", () => {
  // I: cities on the north and the east edge. Turned 90° its east city lies south,
  // turned 180° its north city does; 0° and 270° leave a field there.
  assert.deepEqual(rotations(freshWays(stateWith("I"), catalogue)), [[90, true], [180, false]]);
});

test("one way, or two turns that look the same, make no strip", () => {
  // E fits only turned 180° (its one city south, against E's city).
  const single = stateWith("E");
  assert.equal(single.doc.tiles.get(key(0, -1)).rotation, 180);
  assert.deepEqual(freshWays(single, catalogue), []);
  // F, a city through the middle from west to east: turned 90° or 270° it runs north to
  // south, and both turns look the same: one way.
  const symmetric = stateWith("F");
  assert.deepEqual(catalogue.kernel.fittingRotations(symmetric.doc.tiles, "F", 0, -1, key(0, -1)), [90]);
  assert.deepEqual(freshWays(symmetric, catalogue), []);
});

test("a way tapped turns the tile straight to it as one change; once the board changes, no strip", () => {
  const state = stateWith("traders-M");
  const undoable = state.undoStack.length;
  const turned = turnFresh(state, catalogue, 180);
  assert.deepEqual(turned, { ok: true, message: "Tile traders-M at (0, -1) now turned 180° (way 3 of 4 it fits)." });
  assert.equal(state.doc.tiles.get(key(0, -1)).rotation, 180);
  assert.equal(state.undoStack.length, undoable + 1);
  // Still the tile just laid (the caller marks it so, as after ⟳): the third way marked.
  state.ui.fresh = { key: key(0, -1), doc: state.doc };
  assert.deepEqual(rotations(freshWays(state, catalogue)).map(([, chosen]) => chosen), [false, false, true, false]);
  // The way it lies already: nothing changes.
  const before = state.doc;
  assert.deepEqual(turnFresh(state, catalogue, 180), { ok: true, message: "Tile traders-M at (0, -1) already lies turned 180° (way 3 of 4 it fits)." });
  assert.equal(state.doc, before);
  // A turn it does not fit in (none here: every turn fits) is refused in words.
  assert.equal(turnFresh(state, catalogue, 45).ok, false);
  // One undo: back to the first way; the board changed since, so the strip is gone.
  state.undo();
  assert.equal(state.doc.tiles.get(key(0, -1)).rotation, 0);
  assert.deepEqual(freshWays(state, catalogue), []);
});
