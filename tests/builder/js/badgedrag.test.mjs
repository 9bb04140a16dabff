// What a drag from the strip above the board carries as it crosses the badges and the
// kinds (badgedrag.js): the part it began with stays; the other part is the last one
// crossed.
import { test } from "node:test";
import assert from "node:assert/strict";

import { choiceOf, crossed } from "../../../static/js/builder/badgedrag.js";

const label = (kind, forId) => ({
  getAttribute: (name) => (name === "for" ? forId : null),
  classList: { contains: (name) => name === kind },
});
const red = label("turn-player", "turn-red");
const blue = label("turn-player", "turn-blue");
const large = label("turn-kind", "turn-kind-large");
const abbot = label("turn-kind", "turn-kind-abbot");

test("a label chooses its player or its kind", () => {
  assert.deepEqual(choiceOf(red), { player: "red" });
  assert.deepEqual(choiceOf(large), { kind: "large" });
});

test("a badge's drag takes the last kind it crosses and keeps its own player", () => {
  let choice = { player: "red" };
  for (const over of [blue, large, abbot]) choice = crossed(choice, "player", over);
  assert.deepEqual(choice, { player: "red", kind: "abbot" });
});

test("a kind's drag takes the last badge it crosses and keeps its own kind", () => {
  let choice = { kind: "large" };
  for (const over of [abbot, blue, red]) choice = crossed(choice, "kind", over);
  assert.deepEqual(choice, { kind: "large", player: "red" });
  // Crossing only kinds changes nothing: the same choice comes back.
  const alone = { kind: "large" };
  assert.equal(crossed(alone, "kind", abbot), alone);
});
