// When the selected tile shows large over the board on a phone (closeup.js), and over
// which top corner: never over the tile itself, and over as few of the squares where the
// tile in hand may go as can be (a tap meant for one of them must not land on it).
import assert from "node:assert/strict";
import { test } from "node:test";

import { FINGER_SQUARE, closeUpSide, showsCloseUp } from "../../../static/js/builder/closeup.js";

test("the close-up shows on a touch screen for a selected tile too small for a fingertip", () => {
  const shown = { coarse: true, selected: "0,0", moving: null, squarePixels: 40 };
  assert.equal(showsCloseUp(shown), true);
  assert.equal(showsCloseUp({ ...shown, coarse: false }), false); // a mouse picks a feature
  assert.equal(showsCloseUp({ ...shown, selected: null }), false); // nothing to show
  assert.equal(showsCloseUp({ ...shown, moving: "0,0" }), false); // a tile being carried
  assert.equal(showsCloseUp({ ...shown, squarePixels: FINGER_SQUARE }), false); // large enough
  assert.equal(showsCloseUp({ ...shown, squarePixels: FINGER_SQUARE - 1 }), true);
});

// A 390 px wide board, a close-up 152 px square 6 px from the corner: it covers x up to
// 158 on the left, x from 232 on the right, y up to 158.
const frame = { frameWidth: 390, size: 152 };

test("the close-up takes the top corner away from the selected tile", () => {
  assert.equal(closeUpSide({ ...frame, selected: [100, 300] }), "right");
  assert.equal(closeUpSide({ ...frame, selected: [300, 300] }), "left");
  // A lit square (where the tile in hand may go) in the far corner: the near one.
  assert.equal(closeUpSide({ ...frame, selected: [100, 300], lit: [[300, 40], [100, 260]] }), "left");
});

test("the close-up never covers the selected tile, nor a lit square while a tile is placed", () => {
  // Selected in the top left corner: the right one, even over a lit square, unless a
  // tile is being placed (picked or turned for its square): then none.
  assert.equal(closeUpSide({ ...frame, selected: [100, 60] }), "right");
  assert.equal(closeUpSide({ ...frame, selected: [100, 60], lit: [[300, 60]] }), "right");
  assert.equal(closeUpSide({ ...frame, selected: [100, 60], lit: [[300, 60]], placing: true }), null);
  // Lit squares in both top corners: the far one, or none while placing.
  const both = { ...frame, selected: [200, 300], lit: [[60, 60], [330, 150]] };
  assert.equal(closeUpSide(both), "left");
  assert.equal(closeUpSide({ ...both, placing: true }), null);
  // A lit square below the close-ups' reach (158, and a fingertip's slop of 10) is no
  // hindrance; one whose centre is within the slop is: a tap there may land on it.
  assert.equal(closeUpSide({ ...frame, selected: [100, 300], lit: [[300, 170]] }), "right");
  assert.equal(closeUpSide({ ...frame, selected: [100, 300], lit: [[300, 165]] }), "left");
});
