// The builder's JavaScript outside the browser (Node's built-in test runner):
//   node --test tests/builder/js/
// The modules start from the engine's own data (python -m carcwiki.builder.page_data),
// so every fact checked here is the engine's, computed by hand in the comments.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Catalogue } from "../../../static/js/builder/catalogue.js";
import { figureAction } from "../../../static/js/builder/figures.js";
import { figureChoices } from "../../../static/js/builder/chooser.js";
import { key } from "../../../static/js/builder/geometry.js";
import { BoardState, docFromBoard } from "../../../static/js/builder/state.js";
import {
  featureName, figurePlaceWords, figureWords, grouped, kindWord, pathWords, pictureWords, renderMessage, squareWords,
} from "../../../static/js/builder/words.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const python = process.env.PYTHON ?? resolve(root, ".venv/bin/python");
const data = JSON.parse(execFileSync(python, ["-m", "carcwiki.builder.page_data"],
  { cwd: root, maxBuffer: 64 * 1024 * 1024 }));
const catalogue = new Catalogue(data);
// The errors' templates, which the page fetches on its first refusal.
const errorTemplates = JSON.parse(execFileSync(python, ["-c",
  "import json; from scoring.engine import error_templates; print(json.dumps(error_templates()))"],
{ cwd: root, maxBuffer: 16 * 1024 * 1024 }));

function stateOf(board) {
  const doc = docFromBoard({ edition: "C3", players: [{ color: "red" }, { color: "blue" }], ...board }, catalogue);
  return new BoardState(doc, catalogue);
}

const tiles = (...list) => list.map(([tile, x, y, rotation]) => ({ tile, x, y, rotation }));
const figure = (player, x, y, at, kind = "meeple") => ({ player, x, y, at, kind });
// D at (0, 0): city north, road west-east. A at (1, 0) turned 90°: its road leaves west.
const ROAD_AND_MONASTERY = tiles(["D", 0, 0, 0], ["A", 1, 0, 90]);
const INNS = ["farmers", "abbot", "inns-cathedrals"];

test("a tile fits where its edges meet the same edges, turned every way that does", () => {
  const board = new Map(ROAD_AND_MONASTERY.map((tile) => [key(tile.x, tile.y), tile]));
  // E (a city on its north edge only) north of D's city: only turned 180° does its
  // city face south.
  assert.deepEqual(catalogue.kernel.fittingRotations(board, "E", 0, -1), [180]);
  // V (edges N field, E field, S road, W road) east of A, whose east edge is field:
  // turning clockwise, V's west edge shows its road at 0° (W) and at 90° (S), a field at
  // 180° (E) and at 270° (N): two ways.
  assert.deepEqual(catalogue.kernel.fittingRotations(board, "V", 2, 0), [180, 270]);
  // U (a straight road north-south) there: at 0° and 180° alike (the same look), once.
  assert.deepEqual(catalogue.kernel.fittingRotations(board, "U", 2, 0), [0]);
  // Away from every tile nothing fits.
  assert.deepEqual(catalogue.kernel.fittingRotations(board, "U", 5, 5), []);
});

test("the start tile comes from the data: D, the spring of the river in C3", () => {
  assert.equal(catalogue.kernel.startTile("C3", catalogue.kernel.inPlay([])), "D");
  assert.equal(catalogue.kernel.startTile("C3", catalogue.kernel.inPlay(["river"])), "river-A-C3");
});

test("a tap on the current player's large meeple takes it back, whatever kind is chosen", () => {
  const state = stateOf({ expansions: INNS, tiles: ROAD_AND_MONASTERY,
    figures: [figure("red", 1, 0, "W", "large")] });
  state.ui.currentPlayer = "red";
  state.ui.figureKind = "meeple";
  const outcome = figureAction(state, catalogue, 1, 0, "W");
  assert.equal(outcome.action, "remove");
  assert.equal(outcome.index, 0);
});

test("another player's tap gives the figure to them and keeps its kind", () => {
  const state = stateOf({ expansions: INNS, tiles: ROAD_AND_MONASTERY,
    figures: [figure("red", 1, 0, "W", "large")] });
  state.ui.currentPlayer = "blue";
  state.ui.figureKind = "meeple";
  const outcome = figureAction(state, catalogue, 1, 0, "W");
  assert.equal(outcome.action, "put");
  assert.equal(outcome.replaced, 0);
  assert.deepEqual(outcome.figure, figure("blue", 1, 0, "W", "large"));
});

test("a builder goes to the one player whose figure it may join", () => {
  const state = stateOf({ expansions: [...INNS, "traders-builders"], tiles: ROAD_AND_MONASTERY,
    figures: [figure("blue", 0, 0, "W")] });
  state.ui.currentPlayer = "red";
  const outcome = figureAction(state, catalogue, 0, 0, "E", "builder");
  assert.equal(outcome.action, "put");
  assert.equal(outcome.figure.player, "blue");
  assert.equal(outcome.figure.kind, "builder");
});

test("the figure just put is offered the other player and the kinds that count as it does", () => {
  const state = stateOf({ expansions: [...INNS, "traders-builders"], tiles: ROAD_AND_MONASTERY,
    figures: [figure("red", 1, 0, "W")] });
  // On a road: blue's badge, and the large meeple (the abbot stands only on monasteries
  // and gardens; a builder or pig counts in no majority).
  assert.deepEqual(figureChoices(state, catalogue, 0).map((choice) => choice.testid),
    ["choose-player-blue", "choose-kind-large"]);
});

test("paths and feature ids in a player's words", () => {
  const board = { edition: "C3", players: [{ color: "red", name: "Ada" }],
    tiles: tiles(["river-A-C3", 0, 0, 0], ["river-G", 0, 1, 180], ["D", 2, 1, 0]),
    figures: [figure("red", 2, 1, "W")] };
  assert.equal(pathWords("tiles[1]", board, catalogue), "the river tile at (0, 1)");
  assert.equal(pathWords("tiles[2].rotation", board, catalogue), "tile D at (2, 1)");
  assert.equal(pathWords("figures[0].at", board, catalogue), "Red (Ada)'s meeple on the road of tile D at (2, 1)");
  assert.equal(pathWords("players[0].goods.wine", board, catalogue), "Red (Ada)'s wine tokens");
  assert.equal(pathWords("edition", board, catalogue), "the edition");
});

test("an engine message is rendered from its id and parameters with the delivered catalogue", () => {
  const board = { edition: "C2", players: [{ color: "red" }],
    tiles: tiles(["E", 0, 0, 0], ["D", 2, 1, 0], ["B", 1, 1, 0]) };
  const templates = catalogue.rules.messages;
  const name = { feature: (ref) => featureName(ref, board, catalogue), player: (color) => color };
  const road = { feature: "road-2", kind: "road", tiles: [[2, 1]] };
  // The engine's own English, with the feature named by where it lies, and a capital.
  assert.equal(renderMessage({ id: "warning.completed_feature_occupied", params: { feature: road } }, templates, name),
    "The road by tile D, 2 east and 1 south of the start is completed but still holds figures; it is "
    + "scored as completed, as if the game ended on the turn that completed it.");
  // Nested messages, lists with their joiner and a feature inside a sentence.
  const city = { feature: "city-1", kind: "city", tiles: [[0, 0]] };
  const farm = { feature: "farm-3", kind: "farm", tiles: [[1, 1]] };
  const counts = { list: [{ id: "player.count", params: { player: { player: "red" }, count: 2 } }], join: "join.comma" };
  const award = { list: [{ id: "player.points", params: { player: { player: "red" }, points: 3 } }], join: "join.and" };
  assert.equal(renderMessage({ id: "farm.city_awarded", params: { city, award, farms: { list: [farm], join: "join.comma" }, counts } },
    templates, name),
  "The city by tile E on the start square → red 3 (farmers on the field by tile B, 1 east and 1 south of the start: red 2)");
  // A word after a count, and a catalogue in another language dropped in.
  assert.equal(renderMessage({ id: "ringmaster.tiles_around", params: { tiles: 1, each: 2, points: 2 } }, templates, name),
    "1 circus or acrobat tile around it × 2 = 2");
  const german = { ...templates, "player.points": "{player} erhält {points}" };
  assert.equal(renderMessage({ id: "player.points", params: { player: { player: "red" }, points: 3 } }, german, name), "red erhält 3");
  assert.equal(renderMessage({ id: "no.such.message", params: {} }, templates, name), null);
  // A number with its digits grouped as the catalogue says: the engine's own English,
  // then German's dot.
  const tooMany = { id: "error.too_many_figures.the_board_has_figures_the",
    params: { count_figures: 2001, MAX_FIGURES: 2000 } };
  const errors = { ...templates, ...errorTemplates };
  assert.equal(renderMessage(tooMany, errors, name), "The board has 2,001 figures; the limit is 2,000.");
  const germanErrors = { ...errors, "number.group_separator": ".",
    "error.too_many_figures.the_board_has_figures_the":
      "Auf dem Brett stehen {count_figures:grouped} Figuren; erlaubt sind {MAX_FIGURES:grouped}." };
  assert.equal(renderMessage(tooMany, germanErrors, name),
    "Auf dem Brett stehen 2.001 Figuren; erlaubt sind 2.000.");
  assert.equal(grouped(1234567, "."), "1.234.567");
  assert.equal(grouped(-1000, ","), "-1,000");
  assert.equal(grouped(999, "."), "999");
});

test("a scored feature and its figures are named as a player sees them, in the edition's words", () => {
  const board = { edition: "C2", players: [{ color: "red" }, { color: "blue", name: "Bo" }],
    tiles: tiles(["E", 0, 0, 0], ["E", 1, 0, 0], ["B", 0, 1, 0], ["B", 1, 1, 0]) };
  assert.equal(squareWords(0, 0, catalogue.geometry), "the start square");
  assert.equal(squareWords(-3, 0, catalogue.geometry), "3 west of the start");
  assert.equal(squareWords(1, -2, catalogue.geometry), "1 east and 2 north of the start");
  // A field is a field in C2 and a farm in C1; a monastery is a cloister in C1.
  assert.equal(kindWord("farm", "C2", catalogue), "field");
  assert.equal(kindWord("farm", "C1", catalogue), "farm");
  assert.equal(kindWord("monastery", "C1", catalogue), "cloister");
  assert.equal(kindWord("monastery", "C3", catalogue, 2), "monasteries");
  // The figures of a feature's `standing` (the server's), where they stand.
  const barn = { player: "red", kind: "barn", x: 0, y: 0, at: "SE" };
  const mayor = { player: "blue", kind: "mayor", x: 1, y: 0, at: "N" };
  assert.equal(`${figureWords(barn, board, catalogue)} ${figurePlaceWords(barn, board, catalogue)}`,
    "Red's barn at the south-east corner of tile E on the start square");
  assert.equal(`${figureWords(mayor, board, catalogue)} ${figurePlaceWords(mayor, board, catalogue)}`,
    "Blue (Bo)'s mayor on tile E, 1 east of the start");
  const farm = { id: "farm-2", kind: "farm", tiles: [[1, 1], [0, 0]], standing: [barn] };
  assert.equal(featureName(farm, board, catalogue), "the field by tile E on the start square");
  // For one player, by that player's figure.
  const shared = { ...farm, standing: [barn, { player: "blue", kind: "meeple", x: 1, y: 1, at: "NW" }] };
  assert.equal(featureName(shared, board, catalogue, "blue"), "the field by tile B, 1 east and 1 south of the start");
});

test("a picture's compass words turn with the tile", () => {
  const { geometry } = catalogue;
  const type = (picture_sides) => ({ picture: "as unturned", picture_sides });
  assert.equal(pictureWords(type("city on the {N}"), 180, geometry), "city on the south");
  assert.equal(pictureWords(type("road from {W} to {S}"), 90, geometry), "road from north to west");
  // A corner names north or south first: {N}-{W} turned 270° lies west-south, said south-west.
  assert.equal(pictureWords(type("city in the {N}-{W} corner"), 270, geometry), "city in the south-west corner");
  assert.equal(pictureWords(type("city in the {N}-{W} corner"), 90, geometry), "city in the north-east corner");
  assert.equal(pictureWords(type("city in the {S}-{E} corner"), 90, geometry), "city in the south-west corner");
  assert.equal(pictureWords(type("city on the {N}"), 0, geometry), "city on the north");
  // The engine's picture data: every type's sides, unturned, read as its picture.
  const types = catalogue.types ? [...catalogue.types.values()] : data.tiles;
  const withSides = types.filter((entry) => entry.picture_sides?.includes("{"));
  assert.ok(withSides.length > 50);
  for (const entry of withSides) assert.equal(pictureWords(entry, 0, geometry), entry.picture);
});

test("a tile a state reshapes (a bridge, a ferry) is turned as the engine turns its shape", () => {
  catalogue.geometry.statesInPlay = null; // every state, as no board is in play here
  let compared = 0;
  for (const [code, states] of Object.entries(data.engine_variants)) {
    for (const [name, values] of Object.entries(states)) {
      for (const [value, turned] of Object.entries(values)) {
        data.geometry.rotations.forEach((rotation, position) => {
          const page = catalogue.geometry.placed({ tile: code, rotation, state: { [name]: value } });
          const engine = turned[position];
          const where = `${code} ${name}=${value} ${rotation}`;
          assert.equal(page.edges, engine.edges, where);
          assert.deepEqual(page.at, engine.at, where);
          assert.deepEqual(page.segments.map((s) => [s.kind, s.locations, s.feature]),
            engine.segments.map((s) => [s.kind, s.locations, s.feature]), where);
          compared += 1;
        });
      }
    }
  }
  // A bridge across B (fields all round) from east to west is a road on both sides.
  const bridged = catalogue.geometry.placed({ tile: "B", rotation: 90, state: { bridge: "E-W" } });
  assert.equal(bridged.edges, "RFRF");
  assert.equal(bridged.segments[bridged.at.N].kind, "road");
  assert.ok(compared > 100);
  // Without the state, or with one that changes nothing, the tile keeps its printed shape.
  assert.equal(catalogue.geometry.placed({ tile: "B", rotation: 90 }).edges, "FFFF");
  assert.equal(catalogue.geometry.placed({ tile: "B", rotation: 90, state: { tower: 2 } }).edges, "FFFF");
});

test("every tile turned by the page is the engine's view of it turned", () => {
  // The page gets each tile as printed and turns it itself; the engine's own views of
  // every turn (not sent to the page) must come out the same, segment by segment.
  let compared = 0;
  for (const [code, turned] of Object.entries(data.engine_turned)) {
    data.geometry.rotations.forEach((rotation, position) => {
      const page = catalogue.geometry.view(code, rotation);
      const engine = turned[position];
      assert.equal(page.edges, engine.edges, `${code} ${rotation}`);
      assert.deepEqual(page.at, engine.at, `${code} ${rotation}`);
      assert.deepEqual(page.segments.map((s) => [s.kind, s.locations, s.feature]),
        engine.segments.map((s) => [s.kind, s.locations, s.feature]), `${code} ${rotation}`);
      compared += 1;
    });
  }
  assert.equal(compared, 4 * data.tiles.length);
});

test("a tile the engine says fits whatever the edges (an abbey's trait) fits any hole", () => {
  // A made-up tile with the trait, as the server sends it (any_edges): fields all round.
  const { geometry, kernel } = new Catalogue(data);
  geometry.addTiles({ "test-hollow": { any_edges: true, edges: "FFFF", segments: [], at: {} } });
  // D at (0, 0) and E turned 180° north of it: the square east of E, (1, -1), touches
  // E's east field only; (1, 0) touches D's east road.
  const board = new Map(tiles(["D", 0, 0, 0], ["E", 0, -1, 180]).map((t) => [key(t.x, t.y), t]));
  assert.equal(kernel.fitsAt(board, "B", 1, 0, 0).ok, false); // B's fields meet D's road
  assert.equal(kernel.fitsAt(board, "test-hollow", 1, 0, 0).ok, true);
  assert.equal(kernel.fitsAt(board, "test-hollow", 0, 1, 90).ok, true);
  // Once down, a neighbour meets it whatever its own edge: U's road against its field.
  board.set(key(1, 0), { tile: "test-hollow", x: 1, y: 0, rotation: 0 });
  assert.equal(kernel.fitsAt(board, "U", 2, 0, 90).ok, true);
  // Still no tile away from the others.
  assert.equal(kernel.fitsAt(board, "test-hollow", 5, 5, 0).ok, false);
});
