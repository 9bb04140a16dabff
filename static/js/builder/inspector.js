// The selected tile, in words: what it is, where, how it is turned, the features it has
// and the figures on them, with buttons for everything the board offers by clicking
// (turn, move, remove, put or take back a figure). It is how the board is used from the
// keyboard or a screen reader, and on a small screen where a road is hard to hit.

import { colorInfo } from "./catalogue.js";
import { h } from "./dom.js";
import { Geometry } from "./geometry.js";
import { pictureWords } from "./words.js";
import {
  cornerKinds, cornerRefusal, figureOnCorner, figuresInDistrict, figuresOnFeature, figuresOnSpace, figureWord, neutralOnFeature, neutralOnTile, placementRefusal,
  playerWords,
} from "./figures.js";
import { badge } from "./players.js";
import { turnedWords } from "./placement.js";
import { stateValueWords, tileStatesFor } from "./state.js";

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
      // The panel drawn again keeps the focus where it was, without scrolling the page to it.
      again?.focus({ preventScroll: true });
    }
  }

  emptyText() {
    return [
      h("h2", { class: "panel-title", text: "Selected tile" }),
      h("p", { class: "muted", text: "Tap a placed tile to select it (or move the board's cursor to it with the arrow keys and press Enter): a tap only selects. Then turn, move or remove it here, and tap its features to put figures on it." }),
    ];
  }

  describe(tile) {
    const { state, catalogue, controller } = this;
    const type = catalogue.type(tile.tile);
    const inPlay = state.inPlay();
    const player = state.ui.currentPlayer;
    const who = player ? playerWords(player, state.doc.players) : null;

    const { geometry } = catalogue;
    const view = geometry.placed(tile);
    const kinds = catalogue.figureKinds(inPlay);
    const features = view.segments.map((feature, index) => {
      if (!Geometry.printed(feature, state.doc.edition)) return null;
      const location = geometry.standingSpot(view, index);
      if (!location) return null;
      const standing = figuresOnFeature(state, catalogue, tile, index);
      const label = geometry.describe(feature);
      const parts = [h("span", { class: "feature-name", text: capitalise(label) })];
      standing.forEach(({ figure, index: figureIndex }, order) => {
        const name = catalogue.figureByCode.get(figure.kind)?.name ?? figure.kind;
        parts.push(h("span", { class: "feature-figure" }, badge(figure.player),
          ` ${playerWords(figure.player, state.doc.players)} ${figureWord(catalogue, figure.kind, feature.kind)}`));
        parts.push(h("button", {
          type: "button", class: "small", text: "Take back",
          "aria-label": `Take back the ${colorInfo(figure.player).label} ${name} from the ${label}`,
          dataset: { focusKey: `back-${index}-${order}`, testid: order ? `take-back-${index}-${figure.kind}` : `take-back-${index}` },
          onclick: () => controller.takeBack(figureIndex),
        }));
      });
      // Figures nobody owns (the server's `neutral`): each where it may stand.
      for (const { figure, index: neutralIndex } of neutralOnFeature(state, catalogue, tile, index)) {
        const name = catalogue.neutralByCode.get(figure.kind)?.name ?? figure.kind;
        parts.push(h("span", { class: "feature-figure", text: ` the ${name}` }));
        parts.push(h("button", {
          type: "button", class: "small", text: "Take back",
          "aria-label": `Take back the ${name} from the ${label}`,
          dataset: { focusKey: `back-neutral-${index}-${neutralIndex}`, testid: `take-back-neutral-${figure.kind}-${index}` },
          onclick: () => controller.neutral(tile.x, tile.y, figure.at, figure.kind),
        }));
      }
      for (const neutral of catalogue.neutralFigures(inPlay)) {
        if (!neutral.features.includes(feature.kind) || catalogue.kernel.neutralOnTile(neutral, state.doc.rules)) continue;
        if (neutralOnFeature(state, catalogue, tile, index).some(({ figure }) => figure.kind === neutral.code)) continue;
        parts.push(h("button", {
          type: "button", class: "small", text: `Put: ${neutral.name}`,
          "aria-label": `Put the ${neutral.name} (nobody's) on the ${label}`,
          dataset: { focusKey: `put-neutral-${neutral.code}-${index}`, testid: `put-neutral-${neutral.code}-${index}` },
          onclick: () => controller.neutral(tile.x, tile.y, location, neutral.code),
        }));
      }
      if (player) {
        // Offered only where the kind may stand: its placements with the codes in play,
        // and beside the figures it must join.
        // A kind that counts in a majority is offered on a free feature only: no button
        // puts a figure in the place of another (a tap on it takes it back or gives it
        // to the current player). Two kinds with the same role (a meeple and a large
        // meeple in a field are both farmers) say which is which.
        const taken = standing.some(({ figure }) => (catalogue.figureByCode.get(figure.kind)?.strength ?? 1) > 0);
        const words = new Set();
        for (const kind of kinds) {
          if (standing.some(({ figure }) => figure.player === player && figure.kind === kind.code)) continue;
          if (kind.strength > 0 && taken) continue;
          if (placementRefusal(state, catalogue, tile, index, kind.code, player)) continue;
          const role = figureWord(catalogue, kind.code, feature.kind);
          const word = words.has(role) ? `${role} (${kind.name})` : role;
          words.add(role);
          parts.push(h("button", {
            type: "button", class: "small",
            text: `Put: ${word}`,
            "aria-label": `Put ${who}'s ${word} on the ${label}`,
            dataset: { focusKey: `put-${kind.code}-${index}`, testid: `put-${kind.code}-${index}` },
            onclick: () => controller.figure(tile.x, tile.y, location, kind.code),
          }));
        }
        const unplayed = catalogue.figures.find((kind) => kind.placements.some((placement) => placement.feature === feature.kind))
          && !kinds.some((kind) => catalogue.kernel.placement(kind.code, feature.kind, inPlay));
        if (unplayed) {
          const owner = catalogue.figures.find((kind) => kind.placements.some((placement) => placement.feature === feature.kind));
          const refusal = catalogue.figureRefusal(owner.code, feature, inPlay);
          parts.push(h("span", { class: "muted", text: `(${refusal ?? "no figure in play may stand here"})` }));
        }
      }
      return h("li", { class: "feature-row", dataset: { feature: String(index), kind: feature.kind } }, parts);
    }).filter(Boolean);

    const corners = [...this.corners(tile, player, who), ...this.districts(tile, player, who), ...this.spaces(tile, player, who), ...this.onTile(tile)];
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
          h("p", { class: "muted", dataset: { testid: "inspector-picture" },
            text: capitalise(pictureWords(type, tile.rotation, geometry)) }))),
      h("div", { class: "button-row" },
        h("button", { type: "button", text: "Turn (R)", dataset: { focusKey: "turn", testid: "tile-turn" }, onclick: () => controller.turn() }),
        h("button", { type: "button", text: "Move (M)", dataset: { focusKey: "move", testid: "tile-move" }, onclick: () => controller.move() }),
        h("button", { type: "button", text: "Remove (Del)", dataset: { focusKey: "remove", testid: "tile-remove" }, onclick: () => controller.remove() })),
      h("p", { class: "muted", text: player
        ? `Figures go to ${who}. Tap a feature of this tile on the board, or:`
        : "Add a player to put figures." }),
      h("ul", { class: "feature-list", "aria-label": "Features of this tile" }, features),
      ...(corners.length ? [h("ul", { class: "feature-list", "aria-label": "Corners of this tile" }, corners)] : []),
      ...this.states(tile),
    ];
  }

  /** What the player enters on this tile (the server's `tile_states` it accepts): a
   * number or a choice each, named as the tile lies on the board. */
  states(tile) {
    const { state, catalogue } = this;
    const entries = tileStatesFor(catalogue, state.inPlay(), tile.tile);
    if (!entries.length || tile.large) return [];
    const given = tile.state ?? {};
    const rows = entries.map((entry) => {
      const id = `tile-state-${entry.name}`;
      const value = given[entry.name];
      let input;
      if (entry.number) {
        input = h("input", {
          type: "number", id, min: entry.number.min, max: entry.number.max, step: 1, inputmode: "numeric",
          value: value ?? "", placeholder: "—", dataset: { focusKey: id, testid: id },
        });
        input.addEventListener("change", () => {
          const number = Number(input.value);
          const valid = input.value === "" || (Number.isInteger(number) && entry.choices.includes(number));
          input.setAttribute("aria-invalid", String(!valid));
          if (valid) this.controller.tileState(tile.x, tile.y, entry, input.value === "" ? null : number);
        });
      } else {
        // A state naming a player (who topped a tower) offers the game's players, and
        // the value given, if its player has left the game since.
        const colors = new Set(state.doc.players.map((player) => player.color));
        const choices = entry.players
          ? entry.choices.filter((choice) => colors.has(choice) || choice === value) : entry.choices;
        input = h("select", { id, dataset: { focusKey: id, testid: id } },
          h("option", { value: "", text: "—", selected: value === undefined }),
          choices.map((choice) => h("option", {
            value: String(choice), selected: choice === value,
            text: entry.players ? playerWords(choice, state.doc.players)
              : stateValueWords(entry, choice, tile.rotation, catalogue.geometry),
          })));
        input.addEventListener("change", () => {
          const choice = entry.choices.find((candidate) => String(candidate) === input.value);
          this.controller.tileState(tile.x, tile.y, entry, choice ?? null);
        });
      }
      return h("li", { class: "feature-row", dataset: { tileState: entry.name }, title: entry.sides ? null : entry.meaning },
        h("label", { for: id, class: "feature-name", text: capitalise(entry.label) }), " ", input);
    });
    return [h("ul", { class: "feature-list", "aria-label": "What this tile holds" }, rows)];
  }

  /** A figure standing in a district or on a space: its owner and name, and a button to
   * take it back (`key` names the button) when it is the current player's. */
  standing(figure, player, who, label, key, takeBack) {
    const { state, catalogue } = this;
    const name = catalogue.figureByCode.get(figure.kind)?.name ?? figure.kind;
    const parts = [h("span", { class: "feature-figure" }, badge(figure.player),
      ` ${playerWords(figure.player, state.doc.players)} ${name}`)];
    if (figure.player === player) {
      parts.push(h("button", {
        type: "button", class: "small", text: "Take back",
        "aria-label": `Take back ${who}'s ${name} from the ${label}`,
        dataset: { focusKey: `back-${key}`, testid: `take-back-${key}` },
        onclick: takeBack,
      }));
    }
    return parts;
  }

  /** The districts of the large tile this piece belongs to (the City of Carcassonne),
   * with the followers in them and a button per follower kind in play. */
  districts(tile, player, who) {
    const { state, catalogue, controller } = this;
    const large = tile.large ? catalogue.largeByCode.get(tile.large.tile) : null;
    if (!large) return [];
    const followers = catalogue.figureKinds(state.inPlay()).filter((kind) => kind.follower);
    return large.districts.map((district) => {
      const label = `${district.name} of ${large.name}`;
      const parts = [h("span", { class: "feature-name", text: capitalise(label) })];
      for (const { figure } of figuresInDistrict(state, tile.x, tile.y, district.name)) {
        parts.push(...this.standing(figure, player, who, label, `${district.name}-${figure.kind}`,
          () => controller.figure(tile.x, tile.y, district.name, figure.kind)));
      }
      if (player) {
        for (const kind of followers) {
          if (figuresInDistrict(state, tile.x, tile.y, district.name)
            .some(({ figure }) => figure.player === player && figure.kind === kind.code)) continue;
          if (state.figureCount(player, kind.code) >= (state.limits[kind.code] ?? Infinity)) continue;
          parts.push(h("button", {
            type: "button", class: "small", text: `Put: ${kind.name}`,
            "aria-label": `Put ${who}'s ${kind.name} in the ${label}`,
            dataset: { focusKey: `put-${kind.code}-${district.name}`, testid: `put-${kind.code}-${district.name}` },
            onclick: () => controller.figure(tile.x, tile.y, district.name, kind.code),
          }));
        }
      }
      return h("li", { class: "feature-row", dataset: { district: district.name }, title: district.meaning }, parts);
    });
  }

  /** The spaces printed on the tile (an acrobat space) with the figures on them, a
   * button to take back each of the current player's, and one per kind the space takes
   * while it has room. */
  spaces(tile, player, who) {
    const { state, catalogue, controller } = this;
    const inPlay = state.inPlay();
    return catalogue.spacesOn(tile.tile, inPlay).map((space) => {
      const label = space.word || `${space.name} space`;
      const here = figuresOnSpace(state, tile.x, tile.y, space.name);
      const parts = [h("span", { class: "feature-name", text: capitalise(label) })];
      here.forEach(({ figure, index }, order) => {
        parts.push(...this.standing(figure, player, who, label, `${space.name}-${order}`,
          () => controller.figure(tile.x, tile.y, space.name, figure.kind, index)));
      });
      if (player && here.length < space.holds) {
        for (const kind of catalogue.figureKinds(inPlay).filter((entry) => space.kinds.includes(entry.code))) {
          if (state.figureCount(player, kind.code) >= (state.limits[kind.code] ?? Infinity)) continue;
          parts.push(h("button", {
            type: "button", class: "small", text: `Put: ${kind.name}`,
            "aria-label": `Put ${who}'s ${kind.name} on the ${label}`,
            dataset: { focusKey: `put-${kind.code}-${space.name}`, testid: `put-${kind.code}-${space.name}` },
            onclick: () => controller.figure(tile.x, tile.y, space.name, kind.code),
          }));
        }
      }
      return h("li", { class: "feature-row", dataset: { space: space.name }, title: space.meaning ?? null }, parts);
    });
  }

  /** The neutral figures that stand on the tile itself under the board's rules (the
   * fairy of the other publishers' rules), with a button to put or take back each. */
  onTile(tile) {
    const { state, catalogue, controller } = this;
    const standing = neutralOnTile(state, tile);
    const kinds = catalogue.neutralFigures(state.inPlay())
      .filter((neutral) => catalogue.kernel.neutralOnTile(neutral, state.doc.rules) || standing.some(({ figure }) => figure.kind === neutral.code));
    if (!kinds.length) return [];
    const parts = [h("span", { class: "feature-name", text: "On the tile" })];
    for (const neutral of kinds) {
      const here = standing.some(({ figure }) => figure.kind === neutral.code);
      if (here) parts.push(h("span", { class: "feature-figure", text: ` the ${neutral.name}` }));
      parts.push(h("button", {
        type: "button", class: "small", text: here ? "Take back" : `Put: ${neutral.name}`,
        "aria-label": here ? `Take back the ${neutral.name} from this tile` : `Put the ${neutral.name} (nobody's) on this tile`,
        dataset: { focusKey: `tile-neutral-${neutral.code}`, testid: `${here ? "take-back" : "put"}-neutral-${neutral.code}-tile` },
        onclick: () => controller.neutral(tile.x, tile.y, null, neutral.code),
      }));
    }
    return [h("li", { class: "feature-row", dataset: { onTile: "" } }, parts)];
  }

  /** The tile's corners where a figure standing on corners (a barn) stands or may stand,
   * with buttons: only corners the rules' data allows are offered. */
  corners(tile, player, who) {
    const { state, catalogue, controller } = this;
    const kinds = cornerKinds(catalogue, state.inPlay());
    if (!kinds.length) return [];
    return catalogue.rules.corners.map((corner) => {
      const label = `${corner} corner`;
      const standing = figureOnCorner(state, catalogue, tile.x, tile.y, corner);
      const parts = [h("span", { class: "feature-name", text: capitalise(label) })];
      if (standing) {
        const { figure, index } = standing;
        const name = catalogue.figureByCode.get(figure.kind)?.name ?? figure.kind;
        parts.push(h("span", { class: "feature-figure" }, badge(figure.player),
          ` ${playerWords(figure.player, state.doc.players)} ${name}`));
        parts.push(h("button", {
          type: "button", class: "small", text: "Take back",
          "aria-label": `Take back the ${colorInfo(figure.player).label} ${name} from the ${label}`,
          dataset: { focusKey: `back-${corner}`, testid: `take-back-${corner}` },
          onclick: () => controller.takeBack(index),
        }));
      } else if (player) {
        for (const kind of kinds) {
          if (cornerRefusal(state, catalogue, tile.x, tile.y, corner, kind.code)) continue;
          parts.push(h("button", {
            type: "button", class: "small", text: `Put: ${kind.name}`,
            "aria-label": `Put ${who}'s ${kind.name} on the ${label}`,
            dataset: { focusKey: `put-${kind.code}-${corner}`, testid: `put-${kind.code}-${corner}` },
            onclick: () => controller.figure(tile.x, tile.y, corner, kind.code),
          }));
        }
      }
      return parts.length > 1 ? h("li", { class: "feature-row", dataset: { corner } }, parts) : null;
    }).filter(Boolean);
  }
}

function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
