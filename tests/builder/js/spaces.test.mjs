// Spaces printed on a tile, off its features, where players' figures stand (the acrobat
// space of Under the Big Top): the page reads them from the server's `spaces` and the
// tile's data. This test adds a made-up one (a stage on the monastery tile B, two
// meeples at most, brought by the farmers' part) to the engine's page data.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Catalogue } from "../../../static/js/builder/catalogue.js";
import { applyFigureAction, figureAction, figuresOnSpace, spaceAction } from "../../../static/js/builder/figures.js";
import { BoardState, docFromBoard } from "../../../static/js/builder/state.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const python = process.env.PYTHON ?? resolve(root, ".venv/bin/python");
const data = JSON.parse(execFileSync(python, ["-m", "carcwiki.builder.page_data"],
  { cwd: root, maxBuffer: 64 * 1024 * 1024 }));
const STAGE = { name: "stage", holds: 2, kinds: ["meeple"], word: "stage", part: "farmers", meaning: "" };
const tiles = data.tiles.map((tile) => (tile.code === "B"
  ? { ...tile, features: [...tile.features, { kind: "stage" }] } : tile));
const catalogue = new Catalogue({ ...data, tiles, rules: { ...data.rules, spaces: [STAGE] } });

function stateOf(expansions) {
  const doc = docFromBoard({ edition: "C3", expansions, players: [{ color: "red" }, { color: "blue" }],
    tiles: [{ tile: "B", x: 0, y: 0, rotation: 0 }, { tile: "E", x: 1, y: 0, rotation: 270 }] }, catalogue);
  const state = new BoardState(doc, catalogue);
  state.ui.currentPlayer = "red";
  return state;
}

test("a space is on the tiles whose data lists it, with its part in play", () => {
  const state = stateOf(["farmers"]);
  assert.deepEqual(catalogue.spacesOn("B", state.inPlay()).map((space) => space.name), ["stage"]);
  assert.deepEqual(catalogue.spacesOn("E", state.inPlay()), []);
  assert.deepEqual(catalogue.spacesOn("B", stateOf([]).inPlay()), []);
  assert.match(spaceAction(stateOf([]), catalogue, 0, 0, "stage", "meeple").message, /not in play/);
  assert.match(spaceAction(state, catalogue, 1, 0, "stage", "meeple").message, /No stage space/);
});

test("figures go on a space up to what it holds, and a tap takes one back", () => {
  const state = stateOf(["farmers"]);
  // Red's meeple, then blue's: the stage holds two; a third is refused.
  const first = figureAction(state, catalogue, 0, 0, "stage", "meeple");
  assert.deepEqual(first.figure, { player: "red", x: 0, y: 0, at: "stage", kind: "meeple" });
  applyFigureAction(state, first);
  state.ui.currentPlayer = "blue";
  applyFigureAction(state, spaceAction(state, catalogue, 0, 0, "stage", "meeple"));
  assert.equal(figuresOnSpace(state, 0, 0, "stage").length, 2);
  assert.match(spaceAction(state, catalogue, 0, 0, "stage", "meeple").message, /holds 2 at most, and 2 stand there/);
  // A kind the space does not take is replaced by one it takes.
  state.removeFigure(1);
  assert.equal(spaceAction(state, catalogue, 0, 0, "stage", "abbot").figure.kind, "meeple");
  // The tap on red's figure, blue's turn: it becomes blue's; red's turn: taken back.
  assert.equal(figureAction(state, catalogue, 0, 0, "stage", null, 0).figure.player, "blue");
  state.ui.currentPlayer = "red";
  assert.equal(figureAction(state, catalogue, 0, 0, "stage", null, 0).action, "remove");
  // Sent as any figure, with the space's name as `at`; it goes with its tile.
  state.moveTile(0, 0, 0, 1, 90);
  assert.deepEqual(state.toBoard().figures, [{ player: "red", x: 0, y: 1, at: "stage", kind: "meeple" }]);
});
