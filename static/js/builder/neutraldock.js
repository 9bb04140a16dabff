// The figures nobody owns that are still to be put (the mage, the witch, the fairy),
// over the board's foot while a tile is selected: each is a chip, and a chip dragged
// onto a feature of the board, or of the close-up of the selected tile, puts that figure
// there in one gesture. On a phone the tile's panel, with its "Put" buttons, lies under
// the board: a scroll there and one back for each such figure. The panel keeps its
// buttons (for the keyboard, and for the kinds the strip leaves out). Which figures, and
// where each may stand, is the rules' data (the server's `neutral`).

import { h } from "./dom.js";
import { featureKindWord, neutralShape } from "./figures.js";
import { figureIcon } from "./legend.js";
import { capitalise } from "./words.js";

/**
 * The neutral kinds the strip offers: those in play with some still off the board. A
 * kind told apart by its colour alone (a tunnel token of each colour) is left to the
 * panel: a dozen of them would not fit a strip over the board.
 */
export function figuresToPut(state, catalogue) {
  const placed = new Map();
  for (const figure of state.doc.neutral ?? []) placed.set(figure.kind, (placed.get(figure.kind) ?? 0) + 1);
  return catalogue.neutralFigures(state.inPlay())
    .filter((kind) => !kind.colour && (placed.get(kind.code) ?? 0) < kind.limit);
}

/** Where a neutral kind stands, in words: "a road or a city", or "a tile". */
export function standsWords(catalogue, kind, rules) {
  if (!kind.features.length || catalogue.kernel.neutralOnTile(kind, rules)) return "a tile";
  const names = kind.features.map((feature) => `a ${featureKindWord(catalogue, feature)}`);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : names[0];
}

export class NeutralDock {
  /** `frame`: the element round the board (the strip lies over it); `say(message)`:
   * what a tap on a chip answers (a chip is dragged, not tapped). */
  constructor(frame, state, catalogue, say) {
    this.state = state;
    this.catalogue = catalogue;
    this.strip = h("div", {
      class: "neutral-dock", role: "group", hidden: true, "aria-label": "Figures nobody owns, still to put",
      dataset: { testid: "neutral-dock" },
    });
    // A tap changes nothing, so the click that follows a finger's tap is safe to take.
    // Without a pointer to drag with (the keyboard), the tile's panel puts the figure.
    this.strip.addEventListener("click", (event) => {
      const chip = event.target.closest("button[data-neutral-chip]");
      const kind = chip && this.offered.find((entry) => entry.code === chip.dataset.neutralChip);
      if (!kind) return;
      say(`Drag the ${kind.name} onto ${standsWords(catalogue, kind, state.doc.rules)} to put it there, `
        + `or use "Put: ${kind.name}" in the selected tile's panel.`);
    });
    this.offered = [];
    frame.append(this.strip);
  }

  render() {
    const { doc, ui } = this.state;
    const offered = ui.selected && !ui.moving ? figuresToPut(this.state, this.catalogue) : [];
    const codes = offered.map((kind) => kind.code).join(" ");
    this.strip.hidden = !offered.length;
    if (codes === this.drawnFor?.codes && doc.rules === this.drawnFor.rules) return;
    this.drawnFor = { codes, rules: doc.rules };
    this.offered = offered;
    this.strip.replaceChildren(...offered.map((kind) => {
      const where = standsWords(this.catalogue, kind, doc.rules);
      return h("button", {
        type: "button", class: "neutral-chip", title: `The ${kind.name}: drag onto ${where}`,
        "aria-label": `The ${kind.name} (nobody's): drag onto ${where}`,
        dataset: { neutralChip: kind.code, testid: `neutral-chip-${kind.code}` },
      }, figureIcon(neutralShape(kind)), h("span", { class: "neutral-chip-name", text: capitalise(kind.name) }));
    }));
  }
}
