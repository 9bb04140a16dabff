// The selected tile drawn large over a top corner of the board, on a touch screen whose
// squares are too small for a fingertip to pick one feature of a tile: the tile just
// laid (it is selected) can take its figure at once, with no pinch before. It is the
// same tile as on the board (the same picture, the same feature shapes, the same
// figures), so a tap on it means what a tap on the selected tile means on the board:
// the controller's `tap` is handed the point in board units and the element under the
// finger. It shows only the selected tile, so it never selects, and a tile that is not
// selected never gets a figure from it.

import { h, s } from "./dom.js";
import { figureElement, neutralElement } from "./figures.js";
import { key } from "./geometry.js";

const UNIT = 100; // board units per square (as BoardView's)
// Pixels: a square smaller than this on the screen is too small to pick a feature on with
// a fingertip, so the close-up shows (the size the page's own view keeps squares at on a
// touch screen when it zooms by itself: MIN_SQUARE_PIXELS in main.js).
export const FINGER_SQUARE = 64;
const TAP_SLOP = 10; // pixels a finger may wander and still tap

/**
 * Whether the close-up shows: on a coarse pointer, for a selected tile that is not being
 * carried elsewhere, while its square on the screen is smaller than a fingertip needs.
 */
export function showsCloseUp({ coarse, selected, moving, squarePixels }) {
  return Boolean(coarse && selected && !moving && squarePixels < FINGER_SQUARE);
}

/**
 * The top corner ("left" or "right") the close-up takes, or null for none. It never
 * covers the selected square. It covers none of the `lit` squares (where the tile in
 * hand may go) if a corner allows; while the player is `placing` (a tile picked or
 * turned for its next square, not the copy kept in hand after the last one), a tap
 * meant for a lit square must not land on it, so none shows if no corner allows. Of
 * two corners alike, the one farther from the selected square. Squares are given by
 * their centres in pixels from the board's top left corner; the close-up is `size`
 * pixels square, `inset` pixels from the corner. A centre within a fingertip's slop
 * of it counts as covered: a tap there may land on it.
 */
export function closeUpSide({ selected, lit = [], placing = false, frameWidth, size, inset = 6 }) {
  const reach = inset + size + TAP_SLOP;
  const covers = (side, [x, y]) => y <= reach && (side === "left" ? x <= reach : x >= frameWidth - reach);
  const far = selected[0] < frameWidth / 2 ? "right" : "left";
  const sides = [far, far === "right" ? "left" : "right"].filter((side) => !covers(side, selected));
  const clear = sides.find((side) => !lit.some((centre) => covers(side, centre)));
  return clear ?? (placing ? null : sides[0] ?? null);
}

export class TileCloseUp {
  /**
   * `frame`: the element round the board (the close-up is laid over it); `board`: the
   * board's SVG (for its scale and where the selected square is); `onTap(point, target)`:
   * the board's tap, with the point in board units.
   */
  constructor(frame, board, state, catalogue, pictures, onTap, litKeys = () => []) {
    this.litKeys = litKeys; // () → keys of the squares where the tile in hand may go
    this.frame = frame;
    this.board = board;
    this.state = state;
    this.catalogue = catalogue;
    this.pictures = pictures;
    this.coarse = window.matchMedia("(pointer: coarse)");
    this.svg = s("svg", {
      class: "closeup-tile", viewBox: `0 0 ${UNIT} ${UNIT}`, xmlns: "http://www.w3.org/2000/svg",
      dataset: { testid: "closeup-tile" },
    });
    this.panel = h("div", {
      class: "closeup", hidden: true, role: "group", dataset: { testid: "closeup" },
    }, this.svg);
    frame.append(this.panel);
    this.drawnFor = null;
    // A tap is a press that ends where it began (a finger's tap acts on the lift, as on
    // the board; the click that follows it is not used).
    let pressed = null;
    this.svg.addEventListener("pointerdown", (event) => {
      pressed = { id: event.pointerId, x: event.clientX, y: event.clientY };
    });
    this.svg.addEventListener("pointerup", (event) => {
      const press = pressed;
      pressed = null;
      if (!press || press.id !== event.pointerId) return;
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) > TAP_SLOP) return;
      const matrix = this.svg.getScreenCTM();
      if (!matrix) return;
      const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
      onTap([point.x, point.y], event.target);
    });
    this.svg.addEventListener("pointercancel", () => { pressed = null; });
  }

  /** The selected square's side on the screen, in pixels. */
  squareOnScreen() {
    const matrix = this.board.getScreenCTM();
    return matrix ? { side: UNIT * matrix.a } : null;
  }

  /** The centre of square (x, y) in pixels from the frame's top left corner. */
  centreOf(x, y, matrix, frame) {
    const centre = new DOMPoint((x + 0.5) * UNIT, (y + 0.5) * UNIT).matrixTransform(matrix);
    return [centre.x - frame.left, centre.y - frame.top];
  }

  render() {
    const { state } = this;
    const { selected, moving } = state.ui;
    const tile = selected ? state.doc.tiles.get(selected) : null;
    const onScreen = tile ? this.squareOnScreen() : null;
    const shown = Boolean(tile && onScreen) && showsCloseUp({
      coarse: this.coarse.matches, selected, moving, squarePixels: onScreen.side,
    });
    this.panel.hidden = !shown;
    if (!shown) return;
    const matrix = this.board.getScreenCTM();
    const frame = this.frame.getBoundingClientRect();
    const lit = [...this.litKeys()].map((square) => this.centreOf(...square.split(",").map(Number), matrix, frame));
    const { hand, turned } = state.ui;
    const side = closeUpSide({
      selected: this.centreOf(tile.x, tile.y, matrix, frame), lit,
      placing: Boolean(hand && (turned || hand !== tile.tile)),
      frameWidth: frame.width, size: this.panel.offsetWidth || 152,
    });
    // No corner that leaves the tile and where a tile being placed may go in sight: none
    // shown (a pinch makes the board larger, as ever).
    this.panel.hidden = !side;
    if (!side) return;
    this.panel.dataset.side = side;
    this.panel.dataset.key = selected;
    if (this.drawnFor?.doc === state.doc && this.drawnFor.key === selected) return;
    this.drawnFor = { doc: state.doc, key: selected };
    this.draw(tile);
  }

  /** The tile, its figures and the neutral figures on it, in board units: the view is
   * the tile's square. */
  draw(tile) {
    const { state, catalogue } = this;
    const doc = state.doc;
    this.svg.setAttribute("viewBox", `${tile.x * UNIT} ${tile.y * UNIT} ${UNIT} ${UNIT}`);
    this.panel.setAttribute("aria-label",
      `Tile ${tile.tile} at (${tile.x}, ${tile.y}), large: tap a feature to put a figure there`);
    const art = s("g", { class: "tile-art", transform: `rotate(${tile.rotation} 50 50)` });
    this.pictures.draw(art, tile.tile);
    const drawnTile = s("g", {
      class: "tile", transform: `translate(${tile.x * UNIT} ${tile.y * UNIT})`,
      dataset: { key: key(tile.x, tile.y) },
    }, art);
    const figures = [];
    const orders = new Map();
    doc.figures.forEach((figure, index) => {
      if (figure.x !== tile.x || figure.y !== tile.y) return;
      const found = catalogue.featureAt(tile, figure.at, doc.edition);
      const spot = figure.at;
      orders.set(spot, (orders.get(spot) ?? -1) + 1);
      const drawn = figureElement(figure, index, found?.feature.kind ?? null, doc.players, catalogue, orders.get(spot));
      // Its own test id: the board's copy keeps the one tests and players look for.
      drawn.dataset.testid = `closeup-${drawn.dataset.testid}`;
      figures.push(drawn);
    });
    (doc.neutral ?? []).forEach((figure, index) => {
      if (figure.x !== tile.x || figure.y !== tile.y) return;
      const drawn = neutralElement(figure, index, catalogue);
      drawn.dataset.testid = `closeup-${drawn.dataset.testid}`;
      figures.push(drawn);
    });
    this.svg.replaceChildren(drawnTile, s("g", { class: "closeup-figures" }, figures));
  }
}
