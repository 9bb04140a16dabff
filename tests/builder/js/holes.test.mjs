// Tiles that fit a hole (holes.js): the types offered first when a player taps an empty
// square beside the board, the most copies left first, each turned the way it goes down.
// The board's data is the engine's (python -m carcwiki.builder.page_data).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Catalogue } from "../../../static/js/builder/catalogue.js";
import { isHole, typesFittingHole } from "../../../static/js/builder/holes.js";
import { BoardState, docFromBoard } from "../../../static/js/builder/state.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const python = process.env.PYTHON ?? resolve(root, ".venv/bin/python");
const data = JSON.parse(execFileSync(python, ["-m", "carcwiki.builder.page_data"],
  { cwd: root, maxBuffer: 64 * 1024 * 1024 }));
const catalogue = new Catalogue(data);

const tile = (code, x, y, rotation = 0) => ({ tile: code, x, y, rotation });
function stateOf(tiles) {
  return new BoardState(docFromBoard({
    edition: "C3", expansions: ["farmers", "abbot"], players: [{ color: "red" }, { color: "blue" }], tiles,
  }, catalogue), catalogue);
}

// The hole (0, -1): D below it shows its city (its south edge must be a city), and a
// straight road U on each side shows a field (its east and west edges must be fields).
// Of the C3 base types, one city edge with fields on both sides of it: E (a city on one
// edge, turned 180°); F and G (a city through the middle, west to east, turned 90°); H
// (two cities, west and east, turned 90°); and their garden copies. I (cities north and
// east) and J, K, L (a road beside the city) would put a city or a road against a U.
const HOLE = [tile("D", 0, 0), tile("U", 1, -1), tile("U", -1, -1)];

test("the types that fit a hole come first by copies left, each turned the way it goes down", () => {
  const state = stateOf(HOLE);
  // C3 copies: E 4; F 2, H 2; E-garden, G, H-garden 1 each (equal counts keep the
  // palette's order).
  assert.deepEqual(typesFittingHole(state, catalogue, 0, -1), [
    { code: "E", rotation: 180, left: 4 },
    { code: "F", rotation: 90, left: 2 },
    { code: "H", rotation: 90, left: 2 },
    { code: "E-garden", rotation: 180, left: 1 },
    { code: "G", rotation: 90, left: 1 },
    { code: "H-garden", rotation: 90, left: 1 },
  ]);
});

test("a type with fewer copies left in the box moves down the offer", () => {
  // Three of the four E copies on the table, south of D: one E left.
  const state = stateOf([...HOLE, tile("E", 0, 1, 180), tile("E", 0, 2, 0), tile("E", 1, 1, 90)]);
  assert.deepEqual(typesFittingHole(state, catalogue, 0, -1).map(({ code, left }) => [code, left]), [
    ["F", 2], ["H", 2], ["E", 1], ["E-garden", 1], ["G", 1], ["H-garden", 1],
  ]);
});

test("a hole is an empty square beside a tile", () => {
  const state = stateOf(HOLE);
  assert.equal(isHole(state, catalogue, 0, -1), true);
  assert.equal(isHole(state, catalogue, 0, 1), true); // below D
  assert.equal(isHole(state, catalogue, 0, 0), false); // D lies there
  assert.equal(isHole(state, catalogue, 5, 5), false); // touches nothing
  assert.deepEqual(typesFittingHole(state, catalogue, 5, 5), []);
});
