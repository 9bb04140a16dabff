// The legend of the figures in play: each kind's outline (as the board draws it, in the
// colour of the player whose figures a tap puts) with its name, then the figures nobody
// owns, in grey. The kinds and their outlines are the server's data; the legend follows
// what the game options put in play.

import { h, s } from "./dom.js";
import { figureShape, neutralShape, playerWords } from "./figures.js";

const VIEW_BOX = "-20 -21 40 40";

/** A small picture of one figure, for the legend and the figure picker. */
export function figureIcon(drawing, label = null) {
  return s("svg", {
    class: "figure-icon", viewBox: VIEW_BOX, width: 28, height: 28,
    role: label ? "img" : null, "aria-label": label, "aria-hidden": label ? null : "true",
  }, drawing);
}

export class FigureLegend {
  constructor(root, state, catalogue) {
    this.root = root;
    this.state = state;
    this.catalogue = catalogue;
    this.memo = "";
  }

  render() {
    const { state, catalogue } = this;
    const inPlay = state.inPlay();
    const kinds = catalogue.figureKinds(inPlay);
    const neutral = catalogue.neutralFigures(inPlay);
    const color = state.ui.currentPlayer ?? state.doc.players[0]?.color ?? "red";
    const memo = `${color}|${kinds.map((kind) => kind.code).join(" ")}|${neutral.map((kind) => kind.code).join(" ")}`;
    if (memo === this.memo) return;
    this.memo = memo;
    const items = kinds.map((kind) => {
      // A figure that lies down in a field (a farmer) is shown lying too.
      const lies = kind.shape !== "token" && kind.placements.some((placement) => placement.feature === "farm"
        && inPlay.parts.has(placement.part));
      return h("li", { class: "legend-item", dataset: { kind: kind.code, testid: `legend-${kind.code}` } },
        figureIcon(figureShape(color, kind)),
        lies ? figureIcon(figureShape(color, kind, true)) : null,
        h("span", { class: "legend-name", text: capital(kind.name) }),
        lies ? h("span", { class: "legend-note", text: `lying: a ${catalogue.role(kind.code, "farm")}` }) : null);
    });
    const nobody = neutral.map((kind) => h("li", {
      class: "legend-item is-neutral", dataset: { kind: kind.code, testid: `legend-${kind.code}` },
    }, figureIcon(neutralShape(kind)), h("span", { class: "legend-name", text: capital(kind.name) }),
    h("span", { class: "legend-note", text: "nobody's" })));
    this.root.replaceChildren(
      h("h2", { class: "panel-title", id: "legend-title", text: "Figures in play" }),
      h("p", { class: "muted small-print", text: `Each kind has its own outline, in its owner's colour with the owner's letter (here ${playerWords(color, state.doc.players)}'s); figures nobody owns are grey.` }),
      h("ul", { class: "legend-list" }, items, nobody),
    );
  }
}

const capital = (text) => `${text[0].toUpperCase()}${text.slice(1)}`;
