// What a drag from the strip above the board carries as it crosses the badges and the
// kinds (badgedrag.js): the part it began with stays; the other part is the one it last
// rested on.
import { test } from "node:test";
import assert from "node:assert/strict";

import { choiceOf, restedOn } from "../../../static/js/builder/badgedrag.js";

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

test("a badge's drag takes the last kind it rests on and keeps its own player", () => {
  let choice = { player: "red" };
  for (const over of [blue, large, abbot]) choice = restedOn(choice, "player", over);
  assert.deepEqual(choice, { player: "red", kind: "abbot" });
});

test("a kind's drag takes the last badge it rests on and keeps its own kind", () => {
  let choice = { kind: "large" };
  for (const over of [abbot, blue, red]) choice = restedOn(choice, "kind", over);
  assert.deepEqual(choice, { kind: "large", player: "red" });
  // Resting on another kind changes nothing: the same choice comes back.
  const alone = { kind: "large" };
  assert.equal(restedOn(alone, "kind", abbot), alone);
});
