// Figures nobody owns (the request's `neutral`), as the page reads them from the server's
// data. This test also adds a made-up one (an owl that stands on roads, one in the game,
// brought by the farmers' part) to the engine's page data: the page must offer it from
// that data alone.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Catalogue } from "../../../static/js/builder/catalogue.js";
import { applyFigureAction, neutralAction, neutralOnFeature } from "../../../static/js/builder/figures.js";
import { BoardState, docFromBoard } from "../../../static/js/builder/state.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const python = process.env.PYTHON ?? resolve(root, ".venv/bin/python");
const data = JSON.parse(execFileSync(python, ["-m", "carcwiki.builder.page_data"],
  { cwd: root, maxBuffer: 64 * 1024 * 1024 }));
const OWL = { code: "owl", name: "owl", limit: 1, features: ["road"], meaning: "A made-up neutral figure.", part: "farmers" };
const catalogue = new Catalogue({ ...data, rules: { ...data.rules, neutral: [OWL] } });

// D at (0, 0): a city on the north, a road from west to east, fields either side.
const BOARD = { edition: "C3", expansions: ["farmers"], players: [{ color: "red" }, { color: "blue" }],
  tiles: [{ tile: "D", x: 0, y: 0, rotation: 0 }] };

test("the engine's neutral figures reach the page as data (the mage and the witch)", () => {
  const declared = Object.fromEntries(data.rules.neutral.map((figure) => [figure.code, figure]));
  assert.deepEqual(declared.mage.features, ["road", "city"]);
  assert.equal(declared.witch.limit, 1);
});

test("a declared neutral figure is put where its features allow, once, and sent as `neutral`", () => {
  const state = new BoardState(docFromBoard(BOARD, catalogue), catalogue);
  // Not in play without its part.
  const none = new BoardState(docFromBoard({ ...BOARD, expansions: [] }, catalogue), catalogue);
  assert.match(neutralAction(none, catalogue, 0, 0, "W", "owl").message, /not in play/);
  // The field north of the road: an owl stands only on roads.
  assert.equal(neutralAction(state, catalogue, 0, 0, "SW", "owl").message, "The owl stands only on road.");
  const put = neutralAction(state, catalogue, 0, 0, "W", "owl");
  assert.equal(put.action, "put-neutral");
  assert.ok(applyFigureAction(state, put).ok);
  assert.deepEqual(state.toBoard().neutral, [{ kind: "owl", x: 0, y: 0, at: "W" }]);
  // Nobody's: the players' figures are untouched.
  assert.deepEqual(state.toBoard().figures, []);
  // The road's other end is the same road segment of D: the owl there is taken back.
  const road = catalogue.featureAt(state.tileAt(0, 0), "E", "C3").index;
  assert.equal(neutralOnFeature(state, catalogue, state.tileAt(0, 0), road).length, 1);
  assert.equal(neutralAction(state, catalogue, 0, 0, "E", "owl").action, "remove-neutral");
  // Its limit is 1: a second owl elsewhere is refused (a made-up road tile at (1, 0)).
  state.placeTile("U", 1, 0, 90);
  assert.match(neutralAction(state, catalogue, 1, 0, "W", "owl").message, /All 1 of the owl are on the board/);
  // It goes with its tile when the tile moves, turned with it.
  state.moveTile(0, 0, 0, 1, 90);
  assert.deepEqual(state.toBoard().neutral, [{ kind: "owl", x: 0, y: 1, at: "N" }]);
  // An imported board keeps it; without its part in play it is not sent.
  const again = new BoardState(docFromBoard(state.toBoard(), catalogue), catalogue);
  assert.deepEqual(again.toBoard().neutral, [{ kind: "owl", x: 0, y: 1, at: "N" }]);
  const off = new BoardState(docFromBoard({ ...state.toBoard(), expansions: [] }, catalogue), catalogue);
  assert.equal(off.toBoard().neutral, undefined);
  state.removeTile(0, 1);
  assert.equal(state.toBoard().neutral, undefined);
});
