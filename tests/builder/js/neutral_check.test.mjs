// The server has the last word on where a neutral figure may stand (the fairy beside a
// follower, a rule the page does not hold): checkNeutral posts the board and returns the
// problem it finds with that figure of `neutral`, and nothing for other problems.
import assert from "node:assert/strict";
import { test } from "node:test";

import { checkNeutral } from "../../../static/js/builder/placement.js";

function answering(errors) {
  const sent = [];
  globalThis.fetch = async (url, options) => {
    sent.push({ url, body: JSON.parse(options.body) });
    return { ok: true, json: async () => ({ errors }) };
  };
  return sent;
}

const state = {
  toBoard: () => ({ tiles: [{ tile: "D", x: 0, y: 0, rotation: 0 }], figures: [],
    neutral: [{ kind: "mage", x: 0, y: 0, at: "W" }, { kind: "fairy", x: 0, y: 0, at: "SW" }] }),
};

test("the server's reason for that neutral figure, and only for it", async () => {
  const sent = answering([
    { path: "neutral[0]", code: "x", message: "Not this one." },
    { path: "neutral[1]", code: "fairy_without_follower", message: "No follower there." },
  ]);
  assert.deepEqual(await checkNeutral(state, "/check/", 1),
    { path: "neutral[1]", code: "fairy_without_follower", message: "No follower there." });
  assert.equal(sent[0].url, "/check/");
  assert.equal(sent[0].body.neutral.length, 2);
  answering([{ path: "figures[0]", code: "y", message: "Another problem." }]);
  assert.equal(await checkNeutral(state, "/check/", 1), null);
});

test("no answer from the server refuses nothing", async () => {
  globalThis.fetch = async () => { throw new Error("offline"); };
  assert.equal(await checkNeutral(state, "/check/", 0), null);
});
