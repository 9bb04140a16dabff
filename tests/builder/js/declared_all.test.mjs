// Every tile and every figure the engine declares reaches the builder: with every code
// in play, the palette lists each tile type an edition's box holds (large tiles too),
// and each figure kind (a player's, on a feature, beside a follower or on a corner, and
// each neutral one) may be put on some tile of the catalogue. Read from the engine's own
// page data, so a new expansion is checked the day it is declared.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Catalogue } from "../../../static/js/builder/catalogue.js";
import { cornerRefusal, figureAction, neutralAction, spaceAction } from "../../../static/js/builder/figures.js";
import { BoardState, docFromBoard } from "../../../static/js/builder/state.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const python = process.env.PYTHON ?? resolve(root, ".venv/bin/python");
const data = JSON.parse(execFileSync(python, ["-m", "carcwiki.builder.page_data"],
  { cwd: root, maxBuffer: 64 * 1024 * 1024 }));
const catalogue = new Catalogue(data);
const EVERY = Object.keys(data.rules.brings);
const EDITIONS = ["C1", "C2", "C3"];

function stateOf(edition, tiles) {
  const doc = docFromBoard({ edition, expansions: EVERY, players: [{ color: "red" }, { color: "blue" }], tiles }, catalogue);
  const state = new BoardState(doc, catalogue);
  state.ui.currentPlayer = "red";
  return state;
}

test("the palette lists every tile type and large tile of each edition's boxes", () => {
  for (const edition of EDITIONS) {
    const listed = new Set(catalogue.typesInPlay(edition, catalogue.kernel.inPlay(EVERY)).map((type) => type.code));
    const owned = [...data.tiles.filter((tile) => (tile.counts[edition] ?? 0) > 0).map((tile) => tile.code),
      ...data.rules.large_tiles.filter((large) => (large.counts[edition] ?? 0) > 0).map((large) => large.code)];
    assert.ok(owned.length > 0);
    assert.deepEqual(owned.filter((code) => !listed.has(code)), [], edition);
  }
});

/** Where a player's figure of `kind` may first be put on one tile alone: [edition, tile
 * code, location], or null. A kind that stands beside a follower goes there after one. */
function somewhereFor(kind) {
  for (const edition of EDITIONS) {
    for (const type of data.tiles.filter((tile) => (tile.counts[edition] ?? 0) > 0)) {
      const view = catalogue.geometry.view(type.code, 0);
      for (const [location] of Object.entries(view.at)) {
        const state = stateOf(edition, [{ tile: type.code, x: 0, y: 0, rotation: 0 }]);
        const beside = catalogue.kernel.placement(kind.code, catalogue.featureAt(state.tileAt(0, 0), location, edition)?.feature.kind ?? "", state.inPlay())?.beside ?? [];
        if (beside.length) state.putFigure({ player: "red", x: 0, y: 0, at: location, kind: beside[0] });
        const outcome = figureAction(state, catalogue, 0, 0, location, kind.code);
        if (outcome.action === "put" && outcome.figure.kind === kind.code) return [edition, type.code, location];
      }
    }
  }
  return null;
}

test("every declared figure kind may be put somewhere", () => {
  assert.ok(data.rules.figures.length >= 9);
  for (const kind of data.rules.figures) {
    if (kind.stands === "corner") {
      // On the corner where four monasteries in open fields (B) meet.
      const state = stateOf("C2", [[0, 0], [1, 0], [0, 1], [1, 1]].map(([x, y]) => ({ tile: "B", x, y, rotation: 0 })));
      assert.equal(cornerRefusal(state, catalogue, 0, 0, "SE", kind.code), null, kind.code);
      continue;
    }
    assert.notEqual(somewhereFor(kind), null, kind.code);
  }
});

test("every declared neutral figure may be put somewhere", () => {
  assert.ok(data.rules.neutral.length >= 3);
  for (const neutral of data.rules.neutral) {
    // D: a city, a road and fields; B: a monastery.
    const placed = ["D", "B"].some((code) => {
      const state = stateOf("C2", [{ tile: code, x: 0, y: 0, rotation: 0 }]);
      // One that names no feature kind stands on the tile itself.
      if (!neutral.features.length) return neutralAction(state, catalogue, 0, 0, null, neutral.code).action === "put-neutral";
      return Object.keys(catalogue.geometry.view(code, 0).at)
        .some((location) => neutralAction(state, catalogue, 0, 0, location, neutral.code).action === "put-neutral");
    });
    assert.ok(placed, neutral.code);
  }
});

test("every declared space takes a figure on a tile whose data lists it", () => {
  for (const space of data.rules.spaces) {
    const type = data.tiles.find((tile) => tile.features.some((feature) => feature.kind === space.name)
      && EDITIONS.some((edition) => (tile.counts[edition] ?? 0) > 0));
    assert.ok(type, space.name);
    const edition = EDITIONS.find((code) => (type.counts[code] ?? 0) > 0);
    const state = stateOf(edition, [{ tile: type.code, x: 0, y: 0, rotation: 0 }]);
    assert.equal(spaceAction(state, catalogue, 0, 0, space.name).action, "put", space.name);
  }
});
