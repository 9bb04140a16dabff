// What a group enters besides tiles and figures, as the page reads it from the engine's
// declarations: what a player holds (gold ingots, two score markers) and what a laid tile
// holds (which jetties a ferry links, a tower's height). Nothing here names a rule the
// page keeps: every value comes from `python -m carcwiki.builder.page_data`.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Catalogue } from "../../../static/js/builder/catalogue.js";
import { tokenLimit } from "../../../static/js/builder/players.js";
import { pathWords } from "../../../static/js/builder/words.js";
import {
  BoardState, docFromBoard, stateMarks, stateSides, stateValueWords, tileStatesFor,
} from "../../../static/js/builder/state.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const python = process.env.PYTHON ?? resolve(root, ".venv/bin/python");
const data = JSON.parse(execFileSync(python, ["-m", "carcwiki.builder.page_data"],
  { cwd: root, maxBuffer: 64 * 1024 * 1024 }));
const catalogue = new Catalogue(data);
const byName = (list) => Object.fromEntries(list.map((entry) => [entry.name, entry]));

function stateOf(board) {
  const doc = docFromBoard({ edition: "C3", players: [{ color: "red" }, { color: "blue" }], ...board }, catalogue);
  return new BoardState(doc, catalogue);
}

test("the tokens a player holds come with the declaration's words and caps", () => {
  const tokens = byName(data.rules.tokens);
  // Goldmines: one count, 16 ingots in the box for all players together.
  assert.deepEqual(tokens.gold.words, { ingots: "gold ingots" });
  assert.equal(tokenLimit(tokens.gold), 16);
  // Messages: two score markers, points already on the scoreboard (up to the points' cap).
  assert.deepEqual(tokens.markers.kinds, ["meeple", "messenger"]);
  assert.equal(tokens.markers.on_scoreboard, true);
  assert.equal(tokenLimit(tokens.markers), 100000);
  // The king's tile: one for a player. Goods: no cap declared, 99 a kind.
  assert.equal(tokenLimit(tokens.holds), 1);
  assert.equal(tokenLimit(tokens.goods), 99);
  // Each is asked for only while its part is in play.
  const inPlay = catalogue.kernel.inPlay(["goldmines", "messages"]);
  assert.deepEqual(catalogue.tokens(inPlay).map((entry) => entry.name), ["gold", "markers"]);
});

test("score markers and points are one form or the other in the request", () => {
  const state = stateOf({ expansions: ["messages", "goldmines"], tiles: [{ tile: "D", x: 0, y: 0 }] });
  state.updatePlayer("red", { points: 12 });
  assert.equal(state.toBoard().players[0].points, 12);
  // Red's two markers stand on 7 and 9: the sum typed before goes (the API refuses both).
  state.setTokens("red", "markers", "meeple", 7);
  state.setTokens("red", "markers", "messenger", 9);
  state.setTokens("red", "gold", "ingots", 5);
  assert.deepEqual(state.toBoard().players[0],
    { color: "red", name: "", points: 0, markers: { meeple: 7, messenger: 9 }, gold: { ingots: 5 } });
  // Blue types a sum: no markers are sent for blue; typing a sum for red drops red's markers.
  state.updatePlayer("blue", { points: 30 });
  assert.deepEqual(state.toBoard().players[1], { color: "blue", name: "", points: 30 });
  state.updatePlayer("red", { points: 16 });
  assert.deepEqual(state.toBoard().players[0], { color: "red", name: "", points: 16, gold: { ingots: 5 } });
  // Gold is not a scoreboard token: setting it keeps the points.
  state.setTokens("red", "gold", "ingots", 6);
  assert.equal(state.toBoard().players[0].points, 16);
});

test("the tile states reach the page as data, with each tile's own choices", () => {
  const states = byName(data.rules.tile_states);
  assert.equal(states.ferry.part, "ferries");
  assert.deepEqual(states.ferry.values, ["N-E", "N-S", "N-W", "E-S", "E-W", "S-W"]);
  assert.deepEqual(states.tower.number, { min: 0, max: 30 });
  assert.equal(states.tower_top.number, undefined);
  // ferries-A as printed: a city on the north, roads to the east, south and west; its
  // ferry links two of those three jetties. ferries-C has four roads: every pair.
  const inPlay = catalogue.kernel.inPlay(["ferries", "tower"]);
  const [ferryA] = tileStatesFor(catalogue, inPlay, "ferries-A");
  assert.deepEqual(ferryA.choices, ["E-S", "E-W", "S-W"]);
  assert.deepEqual(tileStatesFor(catalogue, inPlay, "ferries-C")[0].choices, states.ferry.values);
  assert.deepEqual(tileStatesFor(catalogue, inPlay, "tower-1").map((entry) => entry.name), ["tower", "tower_top"]);
  // Not on other tiles, and not while the part is out of play.
  assert.deepEqual(tileStatesFor(catalogue, inPlay, "D"), []);
  assert.deepEqual(tileStatesFor(catalogue, catalogue.kernel.inPlay([]), "ferries-A"), []);
});

test("a ferry's jetties are named as the turned tile shows them", () => {
  const ferry = byName(data.rules.tile_states).ferry;
  const { geometry } = catalogue;
  // ferries-A turned 90° clockwise: the printed east goes south and the printed south
  // goes west, so "E-S" is the jetties on the south and the west of the board.
  assert.equal(stateValueWords(ferry, "E-S", 90, geometry), "south and west");
  assert.equal(stateValueWords(ferry, "E-S", 0, geometry), "east and south");
  // Turned 180°: east becomes west and west becomes east.
  assert.equal(stateValueWords(ferry, "E-W", 180, geometry), "west and east");
  // Against the engine's own turned tiles: each choice of each lake tile names, in each
  // rotation, two sides where the engine's turned tile has a road edge.
  const sides = geometry.sides.map((side) => side.name);
  for (const code of ["ferries-A", "ferries-B", "ferries-C"]) {
    const [entry] = tileStatesFor(catalogue, catalogue.kernel.inPlay(["ferries"]), code);
    for (const [index, rotation] of data.geometry.rotations.entries()) {
      const edges = data.engine_turned[code][index].edges;
      for (const choice of entry.choices) {
        for (const side of stateSides(ferry, choice, rotation, geometry)) {
          assert.equal(edges[sides.indexOf(side)], "R", `${code} ${rotation}° ${choice}: ${side}`);
        }
      }
    }
  }
  // A value that names no sides (a tower's height) reads as itself.
  assert.equal(stateValueWords(byName(data.rules.tile_states).tower, 3, 90, geometry), "3");
});

test("a tile's state is kept with the tile, turned with it, saved and sent", () => {
  const state = stateOf({ expansions: ["ferries"], tiles: [{ tile: "D", x: 0, y: 0 }, { tile: "ferries-A", x: 1, y: 0, rotation: 90 }] });
  // The player picks "south and west" on the turned tile: stored as printed, "E-S".
  state.setTileState(1, 0, "ferry", "E-S");
  const sent = state.toBoard().tiles.find((tile) => tile.x === 1);
  assert.deepEqual(sent, { tile: "ferries-A", x: 1, y: 0, rotation: 90, state: { ferry: "E-S" } });
  // Its line is on the road the ferry makes of the two jetties' (the first one's
  // feature in the tile's picture): a tap on it stands there.
  const jetty = catalogue.geometry.view("ferries-A", 90).segments[catalogue.geometry.view("ferries-A", 90).at.S].feature;
  assert.deepEqual(stateMarks(catalogue, state.inPlay(), state.tileAt(1, 0)), [{ name: "ferry", sides: ["S", "W"], feature: jetty }]);
  // Turned once more (180°): the same jetties now lie on the west and the north.
  state.moveTile(1, 0, 1, 0, 180);
  assert.deepEqual(state.tileAt(1, 0).state, { ferry: "E-S" });
  assert.deepEqual(stateMarks(catalogue, state.inPlay(), state.tileAt(1, 0)).map(({ name, sides }) => ({ name, sides })),
    [{ name: "ferry", sides: ["W", "N"] }]);
  // A board read back (a draft, a file, a saved board) keeps it.
  const again = new BoardState(docFromBoard(state.toBoard(), catalogue), catalogue);
  assert.deepEqual(again.toBoard().tiles[1].state, { ferry: "E-S" });
  // Undo takes the turn back, then the state.
  state.undo();
  state.undo();
  assert.equal(state.tileAt(1, 0).state, undefined);
  assert.equal("state" in state.toBoard().tiles[1], false);
  // Without the Ferries in play the state stays on the tile but is not sent.
  state.redo();
  state.setExpansion("ferries", false);
  assert.equal("state" in state.toBoard().tiles[1], false);
  // Nor does it shape the tile: its jetties' roads are two again, as the server sees them.
  const lake = catalogue.geometry.placed(state.tileAt(1, 0));
  assert.notEqual(lake.at.S, lake.at.W);
  state.setExpansion("ferries", true);
  assert.deepEqual(state.toBoard().tiles[1].state, { ferry: "E-S" });
  // Cleared, it is gone from the tile.
  state.setTileState(1, 0, "ferry", null);
  assert.equal(state.tileAt(1, 0).state, undefined);
});

test("an error about a held token names it with the declaration's words", () => {
  const board = { players: [{ color: "red", name: "Ada" }, { color: "blue" }], tiles: [] };
  // The declaration's words as they are: the page does not rewrite them.
  assert.equal(pathWords("players[0].markers.meeple", board, catalogue), "Red (Ada), the meeple marker");
  assert.equal(pathWords("players[1].gold.ingots", board, catalogue), "Blue, gold ingots");
  // Goods name themselves: the count's word stays.
  assert.equal(pathWords("players[1].goods.wine", board, catalogue), "Blue's wine tokens");
});

test("Under the Big Top's animal token is asked for on a circus tile, as its declaration says", () => {
  const token = byName(data.rules.tile_states).animal_token;
  // Six values that are not a run of whole numbers: a choice, not a number field.
  assert.deepEqual(token.values, [1, 3, 4, 5, 6, 7]);
  assert.equal(token.number, undefined);
  assert.equal(token.label, "animal token under the big top");
  const inPlay = catalogue.kernel.inPlay(["big-top"]);
  const circus = data.tiles.find((tile) => tile.states?.animal_token).code;
  assert.deepEqual(tileStatesFor(catalogue, inPlay, circus).map((entry) => [entry.name, entry.choices]),
    [["animal_token", [1, 3, 4, 5, 6, 7]]]);
  // Entered, it is sent with the tile and drawn as its value.
  const state = stateOf({ edition: "C2", expansions: ["big-top"], tiles: [{ tile: circus, x: 0, y: 0 }] });
  state.setTileState(0, 0, "animal_token", 5);
  assert.deepEqual(state.toBoard().tiles[0].state, { animal_token: 5 });
  assert.deepEqual(stateMarks(catalogue, state.inPlay(), state.tileAt(0, 0)), [{ name: "animal_token", text: "5" }]);
});

test("a bridge of Bridges, Castles & Bazaars is offered where its tile does not refuse it, named as the tile lies", () => {
  const bridge = byName(data.rules.tile_states).bridge;
  assert.equal(bridge.sides, true);
  assert.deepEqual(bridge.values, ["N-S", "E-W"]);
  // E (a city on the north, fields elsewhere): a bridge needs field edges at both ends,
  // so only east to west; turned 90°, that lies south to north on the board.
  const [entry] = tileStatesFor(catalogue, catalogue.kernel.inPlay(["bridges-castles-bazaars"]), "E");
  assert.deepEqual(entry.choices, ["E-W"]);
  assert.deepEqual(stateSides(bridge, "E-W", 90, catalogue.geometry), ["S", "N"]);
  assert.equal(stateValueWords(bridge, "E-W", 90, catalogue.geometry), "south and north");
});
