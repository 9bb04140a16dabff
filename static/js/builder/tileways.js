// The ways the tile just laid fits, all in sight: while it fits where it lies in two ways
// or more, a small strip over the board's foot shows each way as the tile's picture
// turned so, the way it lies marked. One tap turns it to the way tapped, as the turn
// button (⟳, R) would after as many turns: one change, undone by one undo. The ways are
// the rules' (RulesKernel.fittingRotations: one a look, best first, a river's way only
// where its rules allow), in the order ⟳ goes through them.

import { h, onTap } from "./dom.js";
import { isFresh, waysItFits } from "./placement.js";
import { pictureWords } from "./words.js";

/**
 * The ways the tile just placed fits where it lies, as the strip offers them:
 * [{ rotation, chosen, words }], `words` what the tile shows turned so ("city on the
 * south, …"). None unless the tile is still fresh (placement.isFresh: nothing changed
 * on the board since it went down or was turned) and fits in two looks or more; none for
 * a large tile, which the turn button turns whole about its first piece.
 */
export function freshWays(state, catalogue) {
  const tileKey = state.ui.fresh?.key;
  if (!tileKey || !isFresh(state, tileKey)) return [];
  const tile = state.doc.tiles.get(tileKey);
  if (!tile || tile.large) return [];
  const ways = waysItFits(state, catalogue, tileKey);
  if (ways.length < 2) return [];
  const { kernel, geometry } = catalogue;
  const lies = kernel.look(tile.tile, tile.rotation);
  const type = catalogue.type(tile.tile);
  return ways.map((rotation) => ({
    rotation,
    chosen: kernel.look(tile.tile, rotation) === lies,
    words: pictureWords(type, rotation, geometry),
  }));
}

/** "Tile V turned 90°" or "Tile V as printed": a way's name on its button. */
export function wayName(code, rotation) {
  return rotation ? `Tile ${code} turned ${rotation}°` : `Tile ${code} as printed`;
}

export class TileWays {
  /** `frame`: the element round the board (the strip lies over it); `tileUrl(code)`: the
   * type's picture; `onChoose(rotation)`: a way tapped. */
  constructor(frame, state, catalogue, tileUrl, onChoose) {
    this.state = state;
    this.catalogue = catalogue;
    this.tileUrl = tileUrl;
    this.strip = h("div", { class: "tile-ways", role: "group", hidden: true, dataset: { testid: "tile-ways" } });
    this.offered = [];
    // The strip is drawn again as the tile turns: a tap acts once (dom.onTap).
    onTap(this.strip, "button[data-way]", (button) => {
      const way = this.offered[Number(button.dataset.way)];
      if (way) onChoose(way.rotation);
    });
    frame.append(this.strip);
  }

  render() {
    const { doc, ui } = this.state;
    const memo = ui.fresh ? [doc, ui.fresh] : null;
    if (this.drawnFor?.[0] === memo?.[0] && this.drawnFor?.[1] === memo?.[1]) return;
    this.drawnFor = memo;
    this.offered = freshWays(this.state, this.catalogue);
    this.strip.hidden = !this.offered.length;
    if (!this.offered.length) return;
    const tile = doc.tiles.get(ui.fresh.key);
    const count = this.offered.length;
    // A way chosen from the keyboard keeps the focus on its button, drawn again.
    const focused = this.strip.contains(document.activeElement) ? document.activeElement.dataset.rotation : null;
    this.strip.setAttribute("aria-label", `The ${count} ways tile ${tile.tile} at (${tile.x}, ${tile.y}) fits`);
    this.strip.replaceChildren(
      h("span", { class: "tile-ways-label", text: `Ways it fits (${count})` }),
      ...this.offered.map((way, index) => {
        const name = wayName(tile.tile, way.rotation);
        const shows = way.words ? `: ${way.words}` : "";
        return h("button", {
          type: "button", title: `${name}${shows}`,
          "aria-label": `${name}, way ${index + 1} of ${count}${shows}`,
          "aria-pressed": String(way.chosen),
          dataset: { way: String(index), rotation: String(way.rotation), testid: `way-${way.rotation}` },
        }, h("img", {
          src: this.tileUrl(tile.tile), alt: "", draggable: "false", decoding: "async",
          style: way.rotation ? `transform: rotate(${way.rotation}deg)` : null,
        }));
      }));
    if (focused) this.strip.querySelector(`[data-rotation="${focused}"]`)?.focus({ preventScroll: true });
  }
}
