// The fairy under the rule that puts her on a tile (fairy_placement: on-tile, the other
// publishers' rules): the page reads it from her declaration's `on_tile_rule` and puts
// her on the tile, with no feature named; under the C2 rules she stands on a feature.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Catalogue } from "../../../static/js/builder/catalogue.js";
import { applyFigureAction, neutralAction, neutralOnTile } from "../../../static/js/builder/figures.js";
import { BoardState, docFromBoard } from "../../../static/js/builder/state.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const python = process.env.PYTHON ?? resolve(root, ".venv/bin/python");
const data = JSON.parse(execFileSync(python, ["-m", "carcwiki.builder.page_data"],
  { cwd: root, maxBuffer: 64 * 1024 * 1024 }));
const catalogue = new Catalogue(data);
const fairy = data.rules.neutral.find((figure) => figure.code === "fairy");

function stateWith(rules) {
  const doc = docFromBoard({ edition: "C2", expansions: ["fairy"], rules, players: [{ color: "red" }],
    tiles: [{ tile: "D", x: 0, y: 0, rotation: 0 }], figures: [{ player: "red", x: 0, y: 0, at: "W" }] }, catalogue);
  return new BoardState(doc, catalogue);
}

test("the fairy's declaration names the rule choice that puts her on a tile", () => {
  assert.deepEqual(fairy.on_tile_rule, { name: "fairy_placement", value: "on-tile" });
  assert.equal(catalogue.kernel.neutralOnTile(fairy, { fairy_placement: "on-tile" }), true);
  assert.equal(catalogue.kernel.neutralOnTile(fairy, catalogue.defaultRules), false);
});

test("under that rule she goes on the tile, sent with no `at`, and comes back", () => {
  const state = stateWith({ fairy_placement: "on-tile" });
  const put = neutralAction(state, catalogue, 0, 0, null, "fairy");
  assert.equal(put.message, "The fairy on tile D at (0, 0).");
  applyFigureAction(state, put);
  assert.deepEqual(state.toBoard().neutral, [{ kind: "fairy", x: 0, y: 0 }]);
  assert.equal(neutralOnTile(state, state.tileAt(0, 0)).length, 1);
  // She goes with her tile, still on no feature.
  state.moveTile(0, 0, 0, 0, 180);
  assert.deepEqual(state.toBoard().neutral, [{ kind: "fairy", x: 0, y: 0 }]);
  const back = neutralAction(state, catalogue, 0, 0, null, "fairy");
  assert.equal(back.action, "remove-neutral");
  applyFigureAction(state, back);
  assert.equal(state.toBoard().neutral, undefined);
});

test("under the C2 rules she names a feature: a tile alone is refused", () => {
  const state = stateWith({});
  assert.match(neutralAction(state, catalogue, 0, 0, null, "fairy").message, /stands on a feature with these rules/);
  assert.equal(neutralAction(state, catalogue, 0, 0, "W", "fairy").action, "put-neutral");
});

test("a neutral figure that names no feature kind always stands on a tile", () => {
  // A made-up one (a tent, brought by the fairy's part): the declaration's empty
  // `features` says it stands on a tile, whatever the rules.
  const TENT = { code: "tent", name: "tent", limit: 1, features: [], meaning: "", part: "fairy" };
  const withTent = new Catalogue({ ...data, rules: { ...data.rules, neutral: [...data.rules.neutral, TENT] } });
  const doc = docFromBoard({ edition: "C2", expansions: ["fairy"], players: [{ color: "red" }],
    tiles: [{ tile: "D", x: 0, y: 0, rotation: 0 }] }, withTent);
  const state = new BoardState(doc, withTent);
  assert.equal(withTent.kernel.neutralOnTile(TENT, withTent.defaultRules), true);
  const put = neutralAction(state, withTent, 0, 0, null, "tent");
  assert.equal(put.message, "The tent on tile D at (0, 0).");
  applyFigureAction(state, put);
  assert.deepEqual(state.toBoard().neutral, [{ kind: "tent", x: 0, y: 0 }]);
  // No feature of the tile holds it.
  assert.match(neutralAction(state, withTent, 0, 0, "W", "tent").message, /stands on a tile, on none of its features/);
});
