// The strip of figures nobody owns still to put (neutraldock.js): which kinds it offers
// from the server's `neutral` data, and the words a tap on a chip answers with.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Catalogue } from "../../../static/js/builder/catalogue.js";
import { applyFigureAction, neutralAction } from "../../../static/js/builder/figures.js";
import { figuresToPut, standsWords } from "../../../static/js/builder/neutraldock.js";
import { BoardState, docFromBoard } from "../../../static/js/builder/state.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const python = process.env.PYTHON ?? resolve(root, ".venv/bin/python");
const data = JSON.parse(execFileSync(python, ["-m", "carcwiki.builder.page_data"],
  { cwd: root, maxBuffer: 64 * 1024 * 1024 }));
const catalogue = new Catalogue(data);

const board = (expansions) => new BoardState(docFromBoard({
  edition: "C3", expansions, players: [{ color: "red" }, { color: "blue" }],
  tiles: [{ tile: "D", x: 0, y: 0, rotation: 0 }],
}, catalogue), catalogue);
const codes = (state) => figuresToPut(state, catalogue).map((kind) => kind.code);

test("the mage and the witch are offered until each is on the board", () => {
  const state = board(["mage-witch"]);
  assert.deepEqual(codes(state), ["mage", "witch"]);
  // D: the road runs west to east; the mage on it leaves the witch alone to put.
  assert.ok(applyFigureAction(state, neutralAction(state, catalogue, 0, 0, "W", "mage")).ok);
  assert.deepEqual(codes(state), ["witch"]);
  assert.ok(applyFigureAction(state, neutralAction(state, catalogue, 0, 0, "N", "witch")).ok);
  assert.deepEqual(codes(state), []);
  // Taken back (undo), the witch is offered again.
  state.undo();
  assert.deepEqual(codes(state), ["witch"]);
});

test("nothing is offered without a neutral figure in play, and tunnel tokens stay in the panel", () => {
  assert.deepEqual(codes(board([])), []);
  const tunnels = data.rules.neutral.filter((kind) => kind.code.startsWith("tunnel-"));
  assert.ok(tunnels.length >= 4 && tunnels.every((kind) => kind.colour));
  const parts = [...new Set(tunnels.map((kind) => kind.part))];
  const state = board(parts);
  assert.ok(catalogue.neutralFigures(state.inPlay()).some((kind) => kind.code.startsWith("tunnel-")));
  assert.ok(codes(state).every((code) => !code.startsWith("tunnel-")));
});

test("a tap on a chip says where the figure stands, from its declaration", () => {
  const neutral = Object.fromEntries(data.rules.neutral.map((kind) => [kind.code, kind]));
  assert.equal(standsWords(catalogue, neutral.mage, {}), "a road or a city");
  assert.equal(standsWords(catalogue, neutral["big-top"], {}), "a tile");
});
