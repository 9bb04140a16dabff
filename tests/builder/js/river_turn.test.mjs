// A river tile laid without turning it first goes down only in a turn the server accepts:
// the page reads the joins the engine's river check refuses (an immediate U-turn) from
// the rules' `layout.refused_joins`, printed by the engine itself, and never picks one.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Catalogue } from "../../../static/js/builder/catalogue.js";
import { key } from "../../../static/js/builder/geometry.js";
import { misfitMessage, namesSquare, placeHand, rotationFor } from "../../../static/js/builder/placement.js";
import { BoardState, docFromBoard } from "../../../static/js/builder/state.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const python = process.env.PYTHON ?? resolve(root, ".venv/bin/python");
const data = JSON.parse(execFileSync(python, ["-m", "carcwiki.builder.page_data"],
  { cwd: root, maxBuffer: 64 * 1024 * 1024 }));
const catalogue = new Catalogue(data);

// river-A (the spring, edges FFVF: river south) at (0, 0); river-J (edges FVVF: a curve
// east-south) at (0, 1) turned 180°: each edge moves two sides on, so VFFV, river north
// and west. The river runs south from the spring, then turns west (a right turn for
// water flowing south).
const SPRING_AND_BEND = [
  { tile: "river-A", x: 0, y: 0, rotation: 0 },
  { tile: "river-J", x: 0, y: 1, rotation: 180 },
];

function stateOf(tiles) {
  const doc = docFromBoard({ edition: "C2", expansions: ["river"], players: [{ color: "red" }], tiles }, catalogue);
  return new BoardState(doc, catalogue);
}

test("the engine prints the eight U-turn joins of two river curves", () => {
  const [rule, ...others] = data.rules.layout.refused_joins;
  assert.deepEqual(others, []);
  assert.equal(rule.edge, "V");
  assert.equal(rule.code, "river_u_turn");
  const joins = rule.joins.map((join) => join.join(" "));
  // 4 looks of a curve × its 2 river sides; on each, one of the two curves that meet
  // it there turns the same way: 4 × 2 = 8.
  assert.equal(joins.length, 8);
  // A curve north-east laid with its east side against a curve north-west: the water
  // comes in from the west tile's north, turns east, then turns north again.
  assert.ok(joins.includes("NE E NW"));
  // Its other turn there (east-south) carries the river on south: not refused.
  assert.ok(!joins.includes("ES E NW"));
});

test("an unturned curve west of the bend goes down turned the way the server accepts", () => {
  const state = stateOf(SPRING_AND_BEND);
  // river-G (VFFV: north and west) at (-1, 1) needs river on its east side: turned 90°
  // it shows north-east (a second right turn, the U-turn), turned 180° east-south.
  // Clockwise from 0° the page used to pick 90°; now only 180° fits.
  assert.deepEqual(catalogue.kernel.fittingRotations(state.doc.tiles, "river-G", -1, 1), [180]);
  assert.equal(rotationFor(state, catalogue, "river-G", -1, 1), 180);
  state.ui.hand = "river-G";
  const placed = placeHand(state, catalogue, -1, 1);
  assert.ok(placed.ok, placed.message);
  assert.equal(state.doc.tiles.get(key(-1, 1)).rotation, 180);
  // Turned on purpose to 90°, it is refused with the server's words, and the way out.
  const message = misfitMessage(stateOf(SPRING_AND_BEND), catalogue, "river-G", -1, 1, 90);
  assert.match(message, /immediate U-turn/);
  assert.match(message, /turned 180°/);
});

test("a square where every turn would be a U-turn is not offered", () => {
  // A lake (river-L, VFFF) turned 180° at (-1, 0) shows river south, beside the spring's
  // field west edge. At (-1, 1) a curve must then show river north and east: only
  // river-G turned 90° does, and that is the U-turn against the bend at (0, 1).
  const state = stateOf([...SPRING_AND_BEND, { tile: "river-L", x: -1, y: 0, rotation: 180 }]);
  const squares = catalogue.kernel.squaresFitting(state.doc.tiles, "river-G").map(([x, y]) => key(x, y));
  assert.ok(!squares.includes(key(-1, 1)));
  // Without the lake the same square is offered (turned 180°, as above).
  const open = catalogue.kernel.squaresFitting(stateOf(SPRING_AND_BEND).doc.tiles, "river-G");
  assert.ok(open.some(([x, y]) => x === -1 && y === 1));
});

test("a refused pair of river tiles is found by either tile's square, from the problem's parameters", () => {
  // The engine's own problem for a U-turn: river-G at (0, 1), then river-I turned 270° at
  // (-1, 1); it stands at the later tile's path and names both tiles in its parameters.
  const script = `
import json
from scoring.engine import DEFAULT_REGISTRY, TileSet, tile_files, validate_request
tiles = TileSet.from_yaml(*map(str, tile_files()), registry=DEFAULT_REGISTRY)
body = {"edition": "C3", "expansions": ["river"], "players": [{"color": "red"}, {"color": "blue"}],
        "tiles": [{"tile": "river-A-C3", "x": 0, "y": 0, "rotation": 0},
                  {"tile": "river-G", "x": 0, "y": 1, "rotation": 0},
                  {"tile": "river-I", "x": -1, "y": 1, "rotation": 270}], "figures": []}
print(json.dumps([error.to_json() for error in validate_request(body, tiles)]))
`;
  const [problem] = JSON.parse(execFileSync(python, ["-c", script], { cwd: root }));
  assert.equal(problem.code, "river_u_turn");
  assert.equal(problem.path, "tiles[2]");
  assert.equal(namesSquare(problem.params, 0, 1), true);
  assert.equal(namesSquare(problem.params, -1, 1), true);
  assert.equal(namesSquare(problem.params, 0, 0), false);
  assert.equal(namesSquare(null, 0, 1), false);
});
