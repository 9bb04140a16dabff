// Where a tile dragged from the palette and held pushes the board (edgescroll.js): only
// in the bands along the visible board's edges, harder the nearer the edge, and never
// off the board.
import assert from "node:assert/strict";
import { test } from "node:test";

import { DWELL_MS, EDGE_BAND, EdgeScroll, edgePush, visibleRect } from "../../../static/js/builder/edgescroll.js";

// A 390 px wide board from y 100 to 700: the visible part of a phone's board.
const board = { left: 0, top: 100, right: 390, bottom: 700 };

test("the board's middle pushes nowhere", () => {
  assert.deepEqual(edgePush({ x: 195, y: 400 }, board), { x: 0, y: 0 });
  // The band's inner side itself is still clear: 28 px in from the left.
  assert.deepEqual(edgePush({ x: EDGE_BAND, y: 400 }, board), { x: 0, y: 0 });
});

test("a band pushes toward its edge, harder nearer the edge", () => {
  // 7 px from the left: (28 - 7) / 28 = 0.75 toward the left.
  assert.deepEqual(edgePush({ x: 7, y: 400 }, board), { x: -0.75, y: 0 });
  // 14 px above the bottom (y 686): (686 - 672) / 28 = 0.5 toward the bottom.
  assert.deepEqual(edgePush({ x: 195, y: 686 }, board), { x: 0, y: 0.5 });
  // At the very top-right corner both axes push as hard as they can.
  assert.deepEqual(edgePush({ x: 390, y: 100 }, board), { x: 1, y: -1 });
});

test("off the board there is no push", () => {
  assert.equal(edgePush({ x: 195, y: 760 }, board), null); // over the palette below
  assert.equal(edgePush({ x: -1, y: 400 }, board), null);
});

test("the visible board is the part inside the window", () => {
  // A board whose box runs past the window's foot (844 px high) and its left side.
  assert.deepEqual(visibleRect({ left: -10, top: 120, right: 400, bottom: 990 }, 390, 844),
    { left: 0, top: 120, right: 390, bottom: 844 });
});

// The slide itself, with the browser's frames run by hand: a fake board filling a
// 390×844 window and a viewport that records its pans.
function slider() {
  const frames = [];
  globalThis.innerWidth = 390;
  globalThis.innerHeight = 844;
  globalThis.requestAnimationFrame = (callback) => frames.push(callback);
  globalThis.cancelAnimationFrame = () => frames.splice(0);
  const pans = [];
  const slid = []; // where the tile was held each time the board moved under it
  const svg = { getBoundingClientRect: () => ({ left: 0, top: 100, right: 390, bottom: 700 }) };
  const scroll = new EdgeScroll(svg, { panBy: (dx, dy) => pans.push([dx, dy]) },
    (x, y) => slid.push([x, y]));
  const runFrame = (time) => frames.splice(0).forEach((callback) => callback(time));
  return { scroll, pans, slid, runFrame, frames };
}

test("the edge pushes only once the tile has been over the board's middle", () => {
  const { scroll, pans, slid, runFrame, frames } = slider();
  // Straight into the bottom band from the palette below: nothing is asked.
  scroll.follow(195, 690, 0);
  assert.equal(frames.length, 0);
  // Over the middle, then back into the bottom band: now it slides, after the wait.
  scroll.follow(195, 400, 10);
  scroll.follow(195, 693, 20); // 21 px into the band: depth 0.75
  runFrame(20);
  runFrame(20 + DWELL_MS - 1);
  assert.deepEqual(pans, []); // resting less than the wait moves nothing
  runFrame(20 + DWELL_MS + 49);
  // 50 ms at 150 + 300 × 0.75 = 375 px a second: 18.75 px, the view going down the board.
  assert.equal(pans.length, 1);
  assert.ok(pans[0][0] === 0); // no push across (-0 or 0)
  assert.ok(Math.abs(pans[0][1] + 18.75) < 1e-9, `${pans[0]}`);
  // The board moved under a tile held still: the page is told where it is held, once
  // a step of the slide (the square under it is lit again).
  assert.deepEqual(slid, [[195, 693]]);
  scroll.stop();
  runFrame(1000);
  assert.equal(pans.length, 1); // the drag ended: no more
});
