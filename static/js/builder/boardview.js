// Draws the board into its SVG: placed tiles, the squares where the tile in hand (or the
// tile being moved) fits, the figures, and the marks laid over them (selection, keyboard
// cursor, squares lit from the results, squares with problems). It reads the state and
// never changes it. Tiles are kept between redraws and only those that changed are
// drawn again, so a board of any size redraws in the time its changes take.

import { s } from "./dom.js";
import { figureElement, neutralElement } from "./figures.js";
import { key, parseKey } from "./geometry.js";
import { rotationFor } from "./placement.js";
import { stateMarks } from "./state.js";
import { pictureWords } from "./words.js";

export const UNIT = 100; // board units per square

const ROTATION_WORDS = { 0: "", 90: ", turned 90°", 180: ", turned 180°", 270: ", turned 270°" };

export function tileLabel(tile, type, geometry = null) {
  // The picture's compass words as the tile lies, turned (as its panel shows them).
  const picture = type?.picture && geometry ? pictureWords(type, tile.rotation, geometry) : type?.picture;
  return `Tile ${tile.tile} at (${tile.x}, ${tile.y})${ROTATION_WORDS[tile.rotation] ?? ""}`
    + (picture ? `: ${picture}` : "");
}

export class BoardView {
  constructor(svg, state, catalogue, pictures) {
    this.svg = svg;
    this.state = state;
    this.catalogue = catalogue;
    this.pictures = pictures;
    this.drawn = new Map(); // key → { tile, element }
    this.layers = {
      grid: s("g", { class: "layer-grid", "aria-hidden": "true" }),
      tiles: s("g", { class: "layer-tiles" }),
      targets: s("g", { class: "layer-targets" }),
      figures: s("g", { class: "layer-figures" }),
      marks: s("g", { class: "layer-marks", "aria-hidden": "true" }),
    };
    svg.append(...Object.values(this.layers));
    this.legal = new Set();
    this.legalFor = null;
    this.litFor = null;
    this.figuresFor = null;
  }

  /** Keys of the squares where the tile in hand, or the tile being moved, may go: in
   * any rotation, unless the player turned it on purpose. */
  legalKeys() {
    const { hand, rotation, moving, turned } = this.state.ui;
    const doc = this.state.doc;
    const movingTile = moving ? doc.tiles.get(moving) : null;
    const code = movingTile ? movingTile.tile : hand;
    const memo = `${code}|${turned ? rotation : "any"}|${moving}`;
    if (this.legalFor?.doc === doc && this.legalFor.memo === memo) return this.legal;
    this.legal = new Set();
    // A large tile (the City of Carcassonne): the squares where its piece (0, 0) goes.
    if (code && (this.catalogue.isLarge(code) || this.catalogue.has(code))) {
      const squares = this.catalogue.kernel.squaresFitting(doc.tiles, code, turned ? rotation : null, moving);
      for (const [x, y] of squares) this.legal.add(key(x, y));
    }
    this.legalFor = { doc, memo };
    return this.legal;
  }

  /** The rotation the tile in hand (or being moved) would go down in at a lit square. */
  rotationAt(squareKey) {
    const { hand, rotation, moving, turned } = this.state.ui;
    const movingTile = moving ? this.state.doc.tiles.get(moving) : null;
    const code = movingTile ? movingTile.tile : hand;
    const { x, y } = parseKey(squareKey);
    return rotationFor(this.state, this.catalogue, code, x, y, {
      preferred: turned ? rotation : (movingTile?.rotation ?? null), turned, ignore: moving,
    });
  }

  render() {
    this.drawTiles();
    this.drawTargets();
    this.drawFigures();
    this.drawMarks();
    this.markLit();
    this.markSelected();
  }

  // -- tiles -------------------------------------------------------------------------------

  drawTiles() {
    const tiles = this.state.doc.tiles;
    for (const [tileKey, entry] of this.drawn) {
      if (tiles.get(tileKey) !== entry.tile) {
        entry.element.remove();
        this.drawn.delete(tileKey);
      }
    }
    for (const [tileKey, tile] of tiles) {
      if (this.drawn.has(tileKey)) continue;
      const element = this.tileElement(tile);
      this.layers.tiles.append(element);
      this.drawn.set(tileKey, { tile, element });
    }
    this.svg.dataset.tileCount = String(tiles.size);
  }

  tileElement(tile) {
    const type = this.catalogue.has(tile.tile) ? this.catalogue.type(tile.tile) : null;
    const art = s("g", { class: "tile-art", transform: `rotate(${tile.rotation} 50 50)` });
    if (type) this.pictures.draw(art, tile.tile);
    else art.append(s("rect", { width: UNIT, height: UNIT, class: "unknown-tile" }));
    return s("g", {
      class: "tile",
      transform: `translate(${tile.x * UNIT} ${tile.y * UNIT})`,
      dataset: {
        key: key(tile.x, tile.y), tile: tile.tile, rotation: String(tile.rotation),
        testid: `tile-${key(tile.x, tile.y)}`,
      },
    }, s("title", { text: tileLabel(tile, type, this.catalogue.geometry) }), art, this.stateElement(tile));
  }

  /** What the player entered on the tile (see stateMarks): a line between the sides a
   * state links, through the middle, or a small label in the top left corner. */
  stateElement(tile) {
    if (!tile.state) return null;
    const { geometry } = this.catalogue;
    const marks = stateMarks(this.catalogue, this.state.inPlay(), tile);
    if (!marks.length) return null;
    const at = (side) => geometry.sideByName.get(side).offset.map((d) => UNIT / 2 + d * UNIT * 0.42);
    let row = 0;
    return s("g", { class: "tile-states", "aria-hidden": "true" }, marks.map((mark) => {
      const testid = `tile-state-${key(tile.x, tile.y)}-${mark.name}`;
      if (mark.sides) {
        const [a, b] = mark.sides.map(at);
        return s("path", {
          class: "tile-state-link", d: `M${a[0]} ${a[1]} L${UNIT / 2} ${UNIT / 2} L${b[0]} ${b[1]}`,
          // A tap on it stands on that feature (a bridge's road), not the field under it.
          dataset: { testid, sides: mark.sides.join("-"), ...(mark.feature !== undefined ? { feature: mark.feature } : {}) },
        });
      }
      row += 1;
      return s("text", { class: "tile-state-label", x: 6, y: 4 + row * 14, dataset: { testid }, text: mark.text });
    }));
  }

  // -- squares where the tile in hand fits ---------------------------------------------------

  drawTargets() {
    const { hand, moving, hoverKey } = this.state.ui;
    const legal = this.legalKeys();
    const layer = this.layers.targets;
    layer.replaceChildren();
    this.svg.classList.toggle("is-placing", Boolean(hand || moving));
    for (const target of legal) {
      const [x, y] = target.split(",").map(Number);
      layer.append(s("rect", {
        class: target === moving ? "target is-origin" : "target",
        x: x * UNIT + 3, y: y * UNIT + 3, width: UNIT - 6, height: UNIT - 6, rx: 6,
        dataset: { key: target, testid: `target-${target}` },
      }));
    }
    // A faint copy of the tile in hand under the pointer, where it fits.
    const code = moving ? this.state.doc.tiles.get(moving)?.tile : hand;
    const rotation = code && hoverKey && legal.has(hoverKey) ? this.rotationAt(hoverKey) : null;
    if (rotation !== null && this.catalogue.isLarge(code)) {
      // A large tile's faint copy covers all its squares.
      const [x, y] = hoverKey.split(",").map(Number);
      for (const piece of this.catalogue.kernel.pieces(code, x, y, rotation)) {
        const art = s("g", { transform: `rotate(${rotation} 50 50)` });
        this.pictures.draw(art, piece.tile);
        layer.append(s("g", {
          class: "ghost", transform: `translate(${piece.x * UNIT} ${piece.y * UNIT})`, "aria-hidden": "true",
        }, art));
      }
    } else if (rotation !== null) {
      const [x, y] = hoverKey.split(",").map(Number);
      const art = s("g", { transform: `rotate(${rotation} 50 50)` });
      this.pictures.draw(art, code);
      layer.append(s("g", {
        class: "ghost", transform: `translate(${x * UNIT} ${y * UNIT})`, "aria-hidden": "true",
      }, art));
    }
  }

  // -- figures -----------------------------------------------------------------------------

  drawFigures() {
    const doc = this.state.doc;
    if (this.figuresFor === doc) return;
    this.figuresFor = doc;
    const layer = this.layers.figures;
    layer.replaceChildren();
    // A figure that was not there before this change (put, or given to another player)
    // is ringed for a moment, so that a change of a majority shows on the board at once.
    const sign = (figure) => `${figure.player} ${figure.kind} ${figure.x},${figure.y} ${figure.at}`;
    const before = this.figureSigns;
    this.figureSigns = new Set(doc.figures.map(sign));
    // Figures sharing a space printed on a tile (an acrobat space) stand side by side.
    const orders = new Map();
    doc.figures.forEach((figure, index) => {
      const tile = doc.tiles.get(key(figure.x, figure.y));
      const found = tile ? this.catalogue.featureAt(tile, figure.at, doc.edition) : null;
      const spot = `${figure.x},${figure.y},${figure.at}`;
      orders.set(spot, (orders.get(spot) ?? -1) + 1);
      const drawn = figureElement(figure, index, found?.feature.kind ?? null, doc.players, this.catalogue, orders.get(spot));
      if (before && !before.has(sign(figure))) drawn.classList.add("is-changed");
      layer.append(drawn);
    });
    (doc.neutral ?? []).forEach((figure, index) => layer.append(neutralElement(figure, index, this.catalogue)));
  }

  // -- marks -------------------------------------------------------------------------------

  drawMarks() {
    const { selected, cursor, highlight, problems } = this.state.ui;
    const layer = this.layers.marks;
    layer.replaceChildren();
    const square = (x, y, className, inset = 0) => s("rect", {
      class: className, x: x * UNIT + inset, y: y * UNIT + inset,
      width: UNIT - 2 * inset, height: UNIT - 2 * inset,
    });
    for (const [x, y] of highlight.secondary ?? []) layer.append(square(x, y, "lit-secondary", 4));
    for (const [x, y] of highlight.keys) layer.append(square(x, y, "lit", 2));
    for (const problem of problems) {
      if (!problem.key) continue;
      const [x, y] = problem.key.split(",").map(Number);
      layer.append(square(x, y, "problem", 2), s("g", {
        class: "problem-badge", transform: `translate(${x * UNIT + UNIT - 16} ${y * UNIT + 16})`,
      }, s("circle", { r: 12 }), s("text", { y: 5, "text-anchor": "middle", text: "!" })));
    }
    if (selected) {
      const [x, y] = selected.split(",").map(Number);
      layer.append(square(x, y, "selection", 1));
    }
    layer.append(square(cursor.x, cursor.y, "cursor", -2));
  }

  /** Dim the tiles outside the lit feature, so that it stands out. */
  markLit() {
    const { highlight } = this.state.ui;
    if (this.litFor === highlight && this.litDoc === this.state.doc) return;
    this.litFor = highlight;
    this.litDoc = this.state.doc;
    const lit = new Set([...highlight.keys, ...(highlight.secondary ?? [])]
      .map(([x, y]) => key(x, y)));
    this.svg.classList.toggle("has-highlight", lit.size > 0);
    for (const [tileKey, { element }] of this.drawn) {
      element.classList.toggle("is-lit", lit.has(tileKey));
    }
  }

  /** Mark the selected tile (its features then answer to clicks). */
  markSelected() {
    for (const [tileKey, { element }] of this.drawn) {
      element.classList.toggle("is-selected", tileKey === this.state.ui.selected);
    }
  }

  /** The rectangle (board units) taken by the tiles, with one free square around. */
  extent() {
    const tiles = [...this.state.doc.tiles.values()];
    if (!tiles.length) return { x: -UNIT, y: -UNIT, width: 3 * UNIT, height: 3 * UNIT };
    const xs = tiles.map((tile) => tile.x);
    const ys = tiles.map((tile) => tile.y);
    const minX = Math.min(...xs) - 1;
    const minY = Math.min(...ys) - 1;
    return {
      x: minX * UNIT, y: minY * UNIT,
      width: (Math.max(...xs) + 2 - minX) * UNIT, height: (Math.max(...ys) + 2 - minY) * UNIT,
    };
  }
}
