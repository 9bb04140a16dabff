// A tile over several squares (the City of Carcassonne, declared by the Count), as the
// page reads it from the server's `large_tiles`: laid once in `tiles[]`, kept as its
// pieces, with districts where followers stand.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Catalogue } from "../../../static/js/builder/catalogue.js";
import { applyFigureAction, districtAction, figureAction } from "../../../static/js/builder/figures.js";
import { BoardState, docFromBoard } from "../../../static/js/builder/state.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const python = process.env.PYTHON ?? resolve(root, ".venv/bin/python");
const data = JSON.parse(execFileSync(python, ["-m", "carcwiki.builder.page_data"],
  { cwd: root, maxBuffer: 64 * 1024 * 1024 }));
const catalogue = new Catalogue(data);
const CITY = "city-of-carcassonne";

function stateOf(board) {
  const doc = docFromBoard({ edition: "C2", players: [{ color: "red" }, { color: "blue" }], ...board }, catalogue);
  const state = new BoardState(doc, catalogue);
  state.ui.currentPlayer = "red";
  return state;
}

test("with the Count the game starts from the City of Carcassonne, laid as its 12 pieces", () => {
  assert.equal(catalogue.kernel.startTile("C2", catalogue.kernel.inPlay(["count"])), CITY);
  assert.equal(catalogue.kernel.startTile("C2", catalogue.kernel.inPlay([])), "D");
  // Four squares wide, three deep, from (0, 0), unturned: the last piece at (3, 2).
  const state = stateOf({ expansions: ["count"], tiles: [{ tile: CITY, x: 0, y: 0, rotation: 0 }] });
  assert.equal(state.doc.tiles.size, 12);
  assert.equal(state.tileAt(3, 2).tile, `${CITY}-12`);
  // Sent back once, as the request lays it.
  assert.deepEqual(state.toBoard().tiles, [{ tile: CITY, x: 0, y: 0, rotation: 0 }]);
  // Turned 90° about (0, 0): the offset (1, 0) goes to (0, 1), (3, 2) to (-2, 3).
  const turned = stateOf({ expansions: ["count"], tiles: [{ tile: CITY, x: 0, y: 0, rotation: 90 }] });
  assert.equal(turned.tileAt(0, 1).tile, `${CITY}-2`);
  assert.equal(turned.tileAt(-2, 3).tile, `${CITY}-12`);
  assert.equal(turned.tileAt(-2, 3).rotation, 90);
});

test("followers go into the city's districts, sent by its piece at (0, 0)", () => {
  const state = stateOf({ expansions: ["count", "traders-builders"], tiles: [{ tile: CITY, x: 0, y: 0, rotation: 0 }] });
  assert.deepEqual(catalogue.largeByCode.get(CITY).districts.map((d) => d.name),
    ["castle", "blacksmith", "cathedral", "market"]);
  // From the piece at (2, 1): the figure is sent at (0, 0).
  const put = districtAction(state, catalogue, 2, 1, "market", "meeple");
  assert.deepEqual(put.figure, { player: "red", x: 0, y: 0, at: "market", kind: "meeple" });
  applyFigureAction(state, put);
  assert.deepEqual(state.toBoard().figures, [{ player: "red", x: 0, y: 0, at: "market", kind: "meeple" }]);
  // A builder is no follower: it may not go in.
  assert.match(districtAction(state, catalogue, 0, 0, "castle", "builder").message, /Only followers/);
  // A tap on red's meeple there takes it back.
  const back = figureAction(state, catalogue, 0, 0, "market", null, 0);
  assert.equal(back.action, "remove");
  applyFigureAction(state, districtAction(state, catalogue, 1, 1, "castle", "meeple"));
  // A piece neither moves nor turns alone; removing one takes the whole city off, with
  // the follower in its castle.
  state.moveTile(1, 1, 5, 5, 0);
  assert.equal(state.doc.tiles.size, 12);
  state.removeTile(1, 1);
  assert.equal(state.doc.tiles.size, 0);
  assert.deepEqual(state.toBoard().figures, []);
});
