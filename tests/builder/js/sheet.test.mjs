// The line of the score bar at the foot of a phone's screen: each player's total, the
// highest first, then who won (or who tied), in the names the table uses.
import assert from "node:assert/strict";
import { test } from "node:test";

import { summaryLine } from "../../../static/js/builder/sheet.js";

test("the bar's line gives the totals, the highest first, then the winner", () => {
  const response = { players: [{ color: "red", total: 4 }, { color: "blue", total: 6 }], winners: ["blue"] };
  assert.equal(summaryLine(response, [{ color: "red" }, { color: "blue" }]), "Blue 6 · Red 4 · Blue wins");
});

test("a player's name stands for the colour, and a tie names every winner", () => {
  const response = {
    players: [{ color: "green", total: 20 }, { color: "black", total: 20 }, { color: "red", total: 10 }],
    winners: ["green", "black"],
  };
  const players = [{ color: "green", name: "Gia" }, { color: "black", name: "Kai" }, { color: "red" }];
  assert.equal(summaryLine(response, players), "Gia 20 · Kai 20 · Red 10 · Gia and Kai tie");
});
