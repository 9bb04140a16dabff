// The selected tile, in words: what it is, where, how it is turned, the features it has
// and the figures on them, with buttons for everything the board offers by clicking
// (turn, move, remove, put or take back a figure). It is how the board is used from the
// keyboard or a screen reader, and on a small screen where a road is hard to hit.

import { colorInfo } from "./catalogue.js";
import { h } from "./dom.js";
import { describeFeature, featureLocations, rotateLocation } from "./geometry.js";
import { figureOnFeature, figureWord, playerWords } from "./figures.js";
import { badge } from "./players.js";
import { turnedWords } from "./placement.js";

const KIND_ORDER = ["meeple", "abbot"];

export class Inspector {
  constructor(root, state, catalogue, controller, tileUrl) {
    this.root = root;
    this.state = state;
    this.catalogue = catalogue;
    this.controller = controller;
    this.tileUrl = tileUrl;
    this.renderedFor = null;
  }

  render() {
    const { doc, ui } = this.state;
    const memo = [doc, ui.selected, ui.currentPlayer, ui.figureKind, ui.moving].join("|");
    if (this.renderedFor && this.renderedFor.doc === doc && this.renderedFor.memo === memo) return;
    this.renderedFor = { doc, memo };
    const focusKey = this.root.contains(document.activeElement) ? document.activeElement.dataset.focusKey : null;
    const tile = ui.selected ? doc.tiles.get(ui.selected) : null;
    this.root.replaceChildren(...(tile ? this.describe(tile) : this.emptyText()));
    if (focusKey) {
      const again = this.root.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`)
        ?? this.root.querySelector("button");
      again?.focus();
    }
  }

  emptyText() {
    return [
      h("h2", { class: "panel-title", text: "Selected tile" }),
      h("p", { class: "muted", text: "Click a placed tile (or move the board's cursor to it with the arrow keys and press Enter) to turn, move or remove it and to put figures on it." }),
    ];
  }

  describe(tile) {
    const { state, catalogue, controller } = this;
    const type = catalogue.type(tile.tile);
    const inPlay = state.inPlay();
    const player = state.ui.currentPlayer;
    const who = player ? playerWords(player, state.doc.players) : null;

    const features = type.features.map((feature, index) => {
      const location = rotateLocation(featureLocations(feature)[0], tile.rotation);
      const standing = figureOnFeature(state, catalogue, tile, index);
      const label = describeFeature(feature, tile.rotation);
      const parts = [h("span", { class: "feature-name", text: capitalise(label) })];
      if (standing) {
        const { figure } = standing;
        parts.push(h("span", { class: "feature-figure" }, badge(figure.player),
          ` ${playerWords(figure.player, state.doc.players)} ${figureWord(figure.kind, feature.kind)}`));
        parts.push(h("button", {
          type: "button", class: "small", text: "Take back",
          "aria-label": `Take back the ${colorInfo(figure.player).label} ${figure.kind} from the ${label}`,
          dataset: { focusKey: `back-${index}`, testid: `take-back-${index}` },
          onclick: () => controller.takeBack(standing.index),
        }));
      }
      if (player) {
        for (const kind of KIND_ORDER) {
          if (standing && standing.figure.player === player && standing.figure.kind === kind) continue;
          if (kind === "abbot" && !inPlay.includes("abbot")) continue;
          const refusal = catalogue.figureRefusal(kind, feature, inPlay);
          if (refusal) continue;
          const word = figureWord(kind, feature.kind);
          parts.push(h("button", {
            type: "button", class: "small",
            text: `${standing ? "Put instead" : "Put"}: ${word}`,
            "aria-label": `Put ${who}'s ${word} on the ${label}${standing ? " instead" : ""}`,
            dataset: { focusKey: `put-${kind}-${index}`, testid: `put-${kind}-${index}` },
            onclick: () => controller.figure(tile.x, tile.y, location, kind),
          }));
        }
        if (feature.kind === "field" && !inPlay.includes("farmers")) {
          parts.push(h("span", { class: "muted", text: "(farmers not in play)" }));
        }
      }
      return h("li", { class: "feature-row", dataset: { feature: String(index), kind: feature.kind } }, parts);
    });

    return [
      h("h2", { class: "panel-title", text: "Selected tile" }),
      h("div", { class: "inspector-head" },
        h("img", {
          src: this.tileUrl(tile.tile), alt: "", width: 64, height: 64, class: "inspector-picture",
          style: `transform: rotate(${tile.rotation}deg)`,
        }),
        h("div", {},
          h("p", { class: "inspector-title", dataset: { testid: "inspector-title" },
            text: `Tile ${tile.tile} at (${tile.x}, ${tile.y})${turnedWords(tile.rotation)}` }),
          h("p", { class: "muted", text: capitalise(type.picture) }))),
      h("div", { class: "button-row" },
        h("button", { type: "button", text: "Turn (R)", dataset: { focusKey: "turn", testid: "tile-turn" }, onclick: () => controller.turn() }),
        h("button", { type: "button", text: "Move (M)", dataset: { focusKey: "move", testid: "tile-move" }, onclick: () => controller.move() }),
        h("button", { type: "button", text: "Remove (Del)", dataset: { focusKey: "remove", testid: "tile-remove" }, onclick: () => controller.remove() })),
      h("p", { class: "muted", text: player
        ? `Figures go to ${who}. Click a feature on the tile, or:`
        : "Add a player to put figures." }),
      h("ul", { class: "feature-list", "aria-label": "Features of this tile" }, features),
    ];
  }
}

function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
