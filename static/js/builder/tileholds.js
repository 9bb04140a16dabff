// What the selected tile holds (a ferry's link), one tap away over the board: a small
// strip by the board's foot with a button for each value the tile may take, so that a
// phone's player never scrolls down to the tile's panel and back for it. The panel
// keeps the same fields (for the keyboard and for values too many for a strip); the
// values and the words are the rules' data (the server's `tile_states`).

import { h, onTap } from "./dom.js";
import { stateSides, stateValueWords, tileStatesFor } from "./state.js";
import { capitalise } from "./words.js";

// A state with more values than this (a tower's height) is entered in the tile's panel.
export const MOST_BUTTONS = 6;

/**
 * The states the strip offers for a placed tile: [{ entry, label, values: [{ value,
 * text, words, chosen }] }], each value named as the tile lies (a ferry's "E-W" on a
 * tile turned 90° reads "S–N"); none for a large tile's piece, for a state naming a
 * player, or for one with more than MOST_BUTTONS values.
 */
export function tileHolds(catalogue, inPlay, tile) {
  if (!tile || tile.large) return [];
  const given = tile.state ?? {};
  return tileStatesFor(catalogue, inPlay, tile.tile)
    .filter((entry) => !entry.players && entry.choices.length && entry.choices.length <= MOST_BUTTONS)
    .map((entry) => ({
      entry,
      label: capitalise(entry.label),
      values: entry.choices.map((value) => {
        const sides = stateSides(entry, value, tile.rotation, catalogue.geometry);
        return {
          value,
          text: sides ? sides.join("–") : String(value),
          words: stateValueWords(entry, value, tile.rotation, catalogue.geometry),
          chosen: given[entry.name] === value,
        };
      }),
    }));
}

export class TileHolds {
  /** `frame`: the element round the board (the strip lies over it); `onChoose(tile,
   * entry, value)`: a value tapped. */
  constructor(frame, state, catalogue, onChoose) {
    this.state = state;
    this.catalogue = catalogue;
    this.strip = h("div", { class: "tile-holds", role: "group", hidden: true, dataset: { testid: "tile-holds" } });
    this.offered = [];
    // The strip is drawn again as the value changes: a tap acts once (dom.onTap).
    onTap(this.strip, "button[data-hold]", (button) => {
      const tile = this.tile;
      const hold = this.offered[Number(button.dataset.hold)];
      const value = hold?.values[Number(button.dataset.value)];
      if (tile && value) onChoose(tile, hold.entry, value.value);
    });
    frame.append(this.strip);
  }

  render() {
    const { doc, ui } = this.state;
    const tile = ui.selected && !ui.moving ? doc.tiles.get(ui.selected) : null;
    const memo = tile ? [doc, ui.selected] : null;
    if (this.drawnFor?.[0] === memo?.[0] && this.drawnFor?.[1] === memo?.[1]) return;
    this.drawnFor = memo;
    this.tile = tile;
    this.offered = tileHolds(this.catalogue, this.state.inPlay(), tile);
    this.strip.hidden = !this.offered.length;
    if (!this.offered.length) return;
    this.strip.setAttribute("aria-label", `What tile ${tile.tile} at (${tile.x}, ${tile.y}) holds`);
    this.strip.replaceChildren(...this.offered.map((hold, index) => h("div", { class: "tile-hold" },
      h("span", { class: "tile-hold-label", text: hold.label }),
      h("span", { class: "tile-hold-values" }, hold.values.map((value, order) => h("button", {
        type: "button", text: value.text, title: value.words,
        "aria-label": `${hold.label}: ${value.words}`, "aria-pressed": String(value.chosen),
        dataset: { hold: String(index), value: String(order), testid: `hold-${hold.entry.name}-${value.value}` },
      }))))));
  }
}
