// Figures standing on the corner where four tiles meet (the barn of Abbey & Mayor), as the
// page reads them from the engine's data: `stands: "corner"`, the corner names, and the
// kind's placements (a barn: fields, with the farmers).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Catalogue } from "../../../static/js/builder/catalogue.js";
import { figureChoices } from "../../../static/js/builder/chooser.js";
import {
  cornerAction, cornerNear, cornerRefusal, figureAction, figureOnCorner, figuresOnFeature,
} from "../../../static/js/builder/figures.js";
import { BoardState, docFromBoard } from "../../../static/js/builder/state.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const python = process.env.PYTHON ?? resolve(root, ".venv/bin/python");
const data = JSON.parse(execFileSync(python, ["-m", "carcwiki.builder.page_data"],
  { cwd: root, maxBuffer: 64 * 1024 * 1024 }));
const catalogue = new Catalogue(data);

const tiles = (...list) => list.map(([tile, x, y, rotation]) => ({ tile, x, y, rotation }));
// Four monasteries (B: field on every edge) in a square: their inner corners meet at
// the point (1, 1) of the board, the SE corner of (0, 0) and the NW corner of (1, 1).
const SQUARE = tiles(["B", 0, 0, 0], ["B", 1, 0, 0], ["B", 0, 1, 0], ["B", 1, 1, 0]);
const BARNS = ["farmers", "barn"];

function stateOf(board, player = "red") {
  const doc = docFromBoard({ edition: "C2", players: [{ color: "red" }, { color: "blue" }], ...board }, catalogue);
  const state = new BoardState(doc, catalogue);
  state.ui.currentPlayer = player;
  return state;
}

test("the corner names and the barn's place come from the server's data", () => {
  assert.deepEqual(data.rules.corners, ["NE", "SE", "SW", "NW"]);
  const barn = catalogue.figureByCode.get("barn");
  assert.equal(barn.stands, "corner");
  assert.equal(catalogue.figureByCode.get("meeple").stands, "feature");
  // The four squares around the SE corner of (0, 0), and that corner's name on each.
  assert.deepEqual(catalogue.kernel.cornerSquares(0, 0, "SE"),
    [[0, 0, "SE"], [0, 1, "NE"], [1, 0, "SW"], [1, 1, "NW"]]);
  assert.deepEqual(catalogue.geometry.cornerPoint(0, 0, "SE"), [1, 1]);
  assert.deepEqual(catalogue.geometry.cornerPoint(1, 1, "NW"), [1, 1]);
});

test("a barn may stand where four fields meet, and nowhere else", () => {
  const state = stateOf({ expansions: BARNS, tiles: SQUARE });
  assert.equal(cornerRefusal(state, catalogue, 0, 0, "SE", "barn"), null);
  assert.equal(cornerRefusal(state, catalogue, 1, 1, "NW", "barn"), null);
  // Only two tiles meet at the NE corner of (0, 0).
  assert.match(cornerRefusal(state, catalogue, 0, 0, "NE", "barn"), /four tiles meet: \(0, -1\) is empty/);
  // E (a city on its north edge) at (1, 1): its NW corner is city, not field.
  const city = stateOf({ expansions: BARNS, tiles: [...SQUARE.slice(0, 3), ...tiles(["E", 1, 1, 0])] });
  assert.match(cornerRefusal(city, catalogue, 0, 0, "SE", "barn"), /the NW corner of tile E at \(1, 1\) is not/);
  // Without the barn in play there is no barn to put.
  const without = stateOf({ expansions: ["farmers"], tiles: SQUARE });
  assert.match(cornerRefusal(without, catalogue, 0, 0, "SE", "barn"), /not in play/);
});

test("a tap on a corner puts the barn, a second tap from the other tile takes it back", () => {
  const state = stateOf({ expansions: BARNS, tiles: SQUARE });
  const put = cornerAction(state, catalogue, 0, 0, "SE", "barn");
  assert.equal(put.action, "put");
  assert.deepEqual(put.figure, { player: "red", x: 0, y: 0, at: "SE", kind: "barn" });
  state.putFigure(put.figure, -1);
  // The same corner named from (1, 1): the barn already there.
  assert.equal(figureOnCorner(state, catalogue, 1, 1, "NW").index, 0);
  // A barn is on no feature of its tile: the field keeps room for a farmer.
  const field = catalogue.featureAt(state.tileAt(0, 0), "SE", "C2").index;
  assert.deepEqual(figuresOnFeature(state, catalogue, state.tileAt(0, 0), field), []);
  // The strip offers the barn to the other player only, never another kind.
  assert.deepEqual(figureChoices(state, catalogue, 0).map((choice) => choice.figure),
    [{ player: "blue", x: 0, y: 0, at: "SE", kind: "barn" }]);
  // Named from (1, 0), it is the same corner: red takes the barn back.
  assert.match(cornerAction(state, catalogue, 1, 0, "SW", "barn").action, /remove/);
  const tapped = figureAction(state, catalogue, 0, 0, "SE", null, 0);
  assert.equal(tapped.action, "remove");
  assert.equal(tapped.index, 0);
  state.ui.currentPlayer = "blue";
  const taken = figureAction(state, catalogue, 1, 1, "NW", "barn");
  assert.equal(taken.action, "put");
  assert.equal(taken.replaced, 0);
  assert.equal(taken.figure.player, "blue");
});

test("a tap near a square's corner names it; a tap inside the tile names none", () => {
  assert.equal(cornerNear(catalogue, [0.95, 0.97]), "SE");
  assert.equal(cornerNear(catalogue, [0.05, 0.1]), "NW");
  assert.equal(cornerNear(catalogue, [0.9, 0.02]), "NE");
  assert.equal(cornerNear(catalogue, [0.5, 0.9]), null);
});

test("a barn stays on its corner when its tile turns or moves, and goes with the corner", () => {
  const barn = { player: "red", x: 0, y: 0, at: "SE", kind: "barn" };
  const state = stateOf({ expansions: BARNS, tiles: SQUARE, figures: [barn] });
  // Turned in place: the corner is still the SE corner of (0, 0) (a meeple would turn).
  state.moveTile(0, 0, 0, 0, 90);
  assert.deepEqual({ ...state.doc.figures[0] }, barn);
  // Moved away to (-1, 0): the corner keeps its three other tiles; named from the
  // first of them, (0, 1), it is that tile's NE corner.
  state.moveTile(0, 0, -1, 0, 0);
  assert.deepEqual({ ...state.doc.figures[0] }, { ...barn, x: 0, y: 1, at: "NE" });
  // A tile of the corner taken off: the barn comes off with it.
  state.removeTile(1, 1);
  assert.deepEqual(state.doc.figures, []);
});
