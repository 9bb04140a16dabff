// The figure just put, one tap from its owner and kind: a small strip at the foot of the
// board, with a badge for each other player (the figure becomes theirs) and a
// button for each other kind that may stand there (the figure becomes one). No menu
// needs choosing before the tap; the strip goes when anything else changes the board.

import { h, onTap } from "./dom.js";
import { placementRefusal, playerWords, standsOnCorner } from "./figures.js";
import { badge } from "./players.js";

/** The changes the strip offers for figure `index`: [{ figure, label, text, testid }]. */
export function figureChoices(state, catalogue, index) {
  const figure = state.doc.figures[index];
  const tile = figure ? state.tileAt(figure.x, figure.y) : null;
  const found = tile ? catalogue.featureAt(tile, figure.at, state.doc.edition) : null;
  if (!found) return [];
  const left = (player, kind) => state.figureCount(player, kind) < (state.limits[kind] ?? Infinity);
  // A figure on a corner (a barn) stays on its corner: only its owner can change.
  const corner = standsOnCorner(catalogue, figure.kind);
  const fits = (player, kind) => left(player, kind) && (corner ? kind === figure.kind
    : !placementRefusal(state, catalogue, tile, found.index, kind, player, index));
  const kindName = (code) => catalogue.figureByCode.get(code)?.name ?? code;
  const players = state.doc.players.filter((player) => player.color !== figure.player
    && fits(player.color, figure.kind)).map((player) => ({
    figure: { ...figure, player: player.color }, player: player.color,
    label: `Give it to ${playerWords(player.color, state.doc.players)}`,
    testid: `choose-player-${player.color}`,
  }));
  // Only kinds that count in a majority as it does (or not): a meeple becomes a large
  // meeple, never a builder.
  const counts = (code) => (catalogue.figureByCode.get(code)?.strength ?? 1) > 0;
  const kinds = catalogue.figureKinds(state.inPlay()).filter((kind) => kind.code !== figure.kind
    && counts(kind.code) === counts(figure.kind) && fits(figure.player, kind.code)).map((kind) => ({
    figure: { ...figure, kind: kind.code },
    label: `Make it ${/^[aeiou]/i.test(kind.name) ? "an" : "a"} ${kind.name}`,
    text: kind.name[0].toUpperCase() + kind.name.slice(1),
    testid: `choose-kind-${kind.code}`,
  }));
  return [...players, ...kinds];
}

export class FigureChooser {
  constructor(frame, state, catalogue, onChoose) {
    this.frame = frame;
    this.state = state;
    this.catalogue = catalogue;
    this.strip = h("div", {
      class: "figure-chooser", role: "group", hidden: true, dataset: { testid: "figure-chooser" },
    });
    // A finger's tap acts at once (see dom.onTap): the strip is drawn
    // again as soon as the figure changes.
    onTap(this.strip, "button[data-choice]", (button) => {
      const choice = this.choices[Number(button.dataset.choice)];
      if (choice) onChoose(this.index, choice);
    });
    frame.append(this.strip);
    this.index = -1;
    this.choices = [];
  }

  render() {
    const { state } = this;
    const chosen = state.ui.chooser;
    const index = chosen && chosen.doc === state.doc ? chosen.index : -1;
    this.choices = index >= 0 ? figureChoices(state, this.catalogue, index) : [];
    this.index = this.choices.length ? index : -1;
    this.strip.hidden = this.index < 0;
    if (this.index < 0) return;
    const figure = state.doc.figures[index];
    this.strip.setAttribute("aria-label", `Change ${playerWords(figure.player, state.doc.players)}'s figure just put`);
    this.strip.replaceChildren(...this.choices.map((choice, order) => h("button", {
      type: "button", class: choice.player ? "choose-player" : "choose-kind", title: choice.label,
      "aria-label": choice.label, dataset: { choice: String(order), testid: choice.testid },
    }, choice.player ? badge(choice.player) : choice.text)));
  }
}
