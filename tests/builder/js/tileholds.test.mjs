// The strip of what the selected tile holds (tileholds.js): which states it offers as
// buttons, and how each value reads as the tile lies. Every value comes from the
// declarations (`python -m carcwiki.builder.page_data`).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Catalogue } from "../../../static/js/builder/catalogue.js";
import { MOST_BUTTONS, tileHolds } from "../../../static/js/builder/tileholds.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const python = process.env.PYTHON ?? resolve(root, ".venv/bin/python");
const data = JSON.parse(execFileSync(python, ["-m", "carcwiki.builder.page_data"],
  { cwd: root, maxBuffer: 64 * 1024 * 1024 }));
const catalogue = new Catalogue(data);

test("a lake's ferry links are buttons named as the turned tile lies, the chosen one marked", () => {
  const inPlay = catalogue.kernel.inPlay(["ferries"]);
  // ferries-A printed: roads east, south and west. Turned 90°: east lies south, south
  // lies west, west lies north.
  const [hold] = tileHolds(catalogue, inPlay, { tile: "ferries-A", x: 1, y: 0, rotation: 90, state: { ferry: "E-W" } });
  assert.equal(hold.label, "The ferry links the jetties");
  assert.deepEqual(hold.values.map(({ value, text, words, chosen }) => [value, text, words, chosen]), [
    ["E-S", "S–W", "south and west", false],
    ["E-W", "S–N", "south and north", true],
    ["S-W", "W–N", "west and north", false],
  ]);
  // ferries-C has a road on every side: its six pairs, still a strip.
  const [every] = tileHolds(catalogue, inPlay, { tile: "ferries-C", x: 0, y: 0, rotation: 0 });
  assert.equal(every.values.length, 6);
  assert.equal(MOST_BUTTONS, 6);
});

test("no strip for a tile that holds nothing, a piece of a large tile, or a long list", () => {
  const inPlay = catalogue.kernel.inPlay(["ferries", "tower"]);
  assert.deepEqual(tileHolds(catalogue, inPlay, { tile: "D", x: 0, y: 0, rotation: 0 }), []);
  assert.deepEqual(tileHolds(catalogue, inPlay, null), []);
  assert.deepEqual(tileHolds(catalogue, inPlay, { tile: "ferries-A", x: 0, y: 0, rotation: 0, large: { tile: "x" } }), []);
  // A tower's height (0 to 30 floors) and the colour on its top stay in the tile's panel.
  assert.deepEqual(tileHolds(catalogue, inPlay, { tile: "tower-1", x: 0, y: 0, rotation: 0 }), []);
  // Not while the part that declares the state is out of play.
  assert.deepEqual(tileHolds(catalogue, catalogue.kernel.inPlay([]), { tile: "ferries-A", x: 0, y: 0, rotation: 0 }), []);
});
