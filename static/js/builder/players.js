// The players: who plays which colour, their names and the points their markers show
// now (the list in the game options), and whose figures the next click puts on the board
// (the strip above the board, with the figures each player has left).

import { PLAYER_COLORS, colorInfo } from "./catalogue.js";
import { h } from "./dom.js";

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;

/** A coloured badge with the player's letter: colour is never the only cue. */
export function badge(color) {
  const info = colorInfo(color);
  return h("span", {
    class: "badge", style: `--badge: ${info.fill}; --badge-ink: ${info.ink}`, "aria-hidden": "true",
    text: info.letter,
  });
}

export class PlayersEditor {
  constructor(list, addButton, state) {
    this.list = list;
    this.addButton = addButton;
    this.state = state;
    this.rows = new Map();
    this.builtFor = "";
    addButton.addEventListener("click", () => {
      const free = this.freeColors();
      if (free.length && state.doc.players.length < MAX_PLAYERS) state.addPlayer(free[0].code);
      this.list.querySelector("li:last-child input[type=text]")?.focus();
    });
  }

  freeColors(except = null) {
    const taken = new Set(this.state.doc.players.map((player) => player.color));
    return PLAYER_COLORS.filter((color) => color.code === except || !taken.has(color.code));
  }

  render() {
    const players = this.state.doc.players;
    const signature = players.map((player) => player.color).join(" ");
    if (signature !== this.builtFor) this.build();
    for (const player of players) {
      const row = this.rows.get(player.color);
      if (document.activeElement !== row.name) row.name.value = player.name ?? "";
      if (document.activeElement !== row.points) {
        row.points.value = String(player.points ?? 0);
        row.points.removeAttribute("aria-invalid");
      }
      row.remove.disabled = players.length <= MIN_PLAYERS;
    }
    this.addButton.disabled = players.length >= MAX_PLAYERS || !this.freeColors().length;
  }

  build() {
    const { state } = this;
    const players = state.doc.players;
    this.builtFor = players.map((player) => player.color).join(" ");
    this.rows.clear();
    const focusedColor = document.activeElement?.closest?.("[data-player-row]")?.dataset.playerRow;
    const items = players.map((player, index) => {
      const id = `player-${index}`;
      const color = h("select", {
        id: `${id}-color`, "aria-label": `Player ${index + 1} colour`,
        dataset: { testid: `player-color-${index}` },
      }, this.freeColors(player.color).map((choice) => h("option", {
        value: choice.code, text: choice.label, selected: choice.code === player.color,
      })));
      color.addEventListener("change", () => state.updatePlayer(player.color, { color: color.value }));
      const name = h("input", {
        type: "text", id: `${id}-name`, maxlength: 60, autocomplete: "off", placeholder: colorInfo(player.color).label,
        "aria-label": `Player ${index + 1} name`, dataset: { testid: `player-name-${index}` },
      });
      name.addEventListener("input", () => state.updatePlayer(player.color, { name: name.value }));
      const points = h("input", {
        type: "number", id: `${id}-points`, min: 0, max: 100000, step: 1, inputmode: "numeric",
        "aria-label": `Player ${index + 1} points on the scoreboard now`,
        dataset: { testid: `player-points-${index}` },
      });
      points.addEventListener("input", () => {
        const value = Number(points.value);
        const valid = points.value !== "" && Number.isInteger(value) && value >= 0 && value <= 100000;
        points.setAttribute("aria-invalid", String(!valid && points.value !== ""));
        if (valid) state.updatePlayer(player.color, { points: value });
      });
      const remove = h("button", {
        type: "button", class: "icon-button", "aria-label": `Remove player ${index + 1} (${colorInfo(player.color).label})`,
        title: "Remove this player and their figures", text: "✕",
        dataset: { testid: `player-remove-${index}` },
      });
      remove.addEventListener("click", () => state.removePlayer(player.color));
      this.rows.set(player.color, { name, points, remove, color });
      return h("li", { class: "player-row", dataset: { playerRow: player.color } },
        badge(player.color), color, name,
        h("label", { class: "points-label", for: points.id }, h("span", { class: "visually-hidden", text: "Points now" }), points),
        remove);
    });
    this.list.replaceChildren(...items);
    if (focusedColor) {
      const row = this.rows.get(focusedColor) ?? [...this.rows.values()].at(-1);
      row?.color.focus();
    }
  }
}

/** The strip above the board: whose figure a click puts, which kind, and what is left. */
export class TurnPicker {
  constructor(root, state) {
    this.root = root;
    this.state = state;
    this.builtFor = "";
    root.addEventListener("change", (event) => {
      const input = event.target;
      if (input.name === "turn-player") state.setUi({ currentPlayer: input.value });
      if (input.name === "turn-kind") state.setUi({ figureKind: input.value });
    });
  }

  render() {
    const { doc, ui, limits } = this.state;
    const abbot = this.state.inPlay().includes("abbot");
    const signature = `${doc.players.map((p) => `${p.color}:${p.name}`).join(" ")}|${abbot}`;
    if (signature !== this.builtFor) this.build(abbot);
    for (const input of this.root.querySelectorAll("input[name=turn-player]")) {
      input.checked = input.value === ui.currentPlayer;
      const left = this.root.querySelector(`[data-left-for="${input.value}"]`);
      const meeples = limits.meeple - this.state.figureCount(input.value, "meeple");
      const abbots = limits.abbot - this.state.figureCount(input.value, "abbot");
      const words = `${meeples} of ${limits.meeple} meeples${abbot ? `, ${abbots} of ${limits.abbot} abbot` : ""} left`;
      left.replaceChildren(
        h("span", { "aria-hidden": "true", text: abbot ? `${meeples}/${limits.meeple} · ${abbots}/${limits.abbot}` : `${meeples}/${limits.meeple}` }),
        h("span", { class: "visually-hidden", text: words }),
      );
      left.title = words;
      left.classList.toggle("is-out", meeples <= 0);
    }
    if (!abbot && ui.figureKind === "abbot") ui.figureKind = "meeple";
    for (const input of this.root.querySelectorAll("input[name=turn-kind]")) {
      input.checked = input.value === ui.figureKind;
    }
  }

  build(abbot) {
    const { doc } = this.state;
    this.builtFor = `${doc.players.map((p) => `${p.color}:${p.name}`).join(" ")}|${abbot}`;
    const players = doc.players.map((player, index) => {
      const info = colorInfo(player.color);
      const id = `turn-${player.color}`;
      return h("li", {},
        h("input", {
          type: "radio", name: "turn-player", id, value: player.color, class: "visually-hidden-input",
          dataset: { testid: `turn-${player.color}` },
        }),
        h("label", { for: id, class: "turn-player", title: `Keyboard: ${index + 1}` },
          badge(player.color),
          h("span", { class: "turn-name", text: player.name || info.label }),
          h("span", { class: "visually-hidden", text: player.name ? ` (${info.label})` : "" }),
          h("span", { class: "turn-left", dataset: { leftFor: player.color } })));
    });
    const kinds = [["meeple", "Meeple"], ...(abbot ? [["abbot", "Abbot"]] : [])].map(([code, label]) => h("li", {},
      h("input", {
        type: "radio", name: "turn-kind", id: `turn-kind-${code}`, value: code, class: "visually-hidden-input",
        dataset: { testid: `kind-${code}` },
      }),
      h("label", { for: `turn-kind-${code}`, class: "turn-kind", text: label })));
    this.root.replaceChildren(
      h("fieldset", { class: "turn-players" },
        h("legend", { text: "Figures of" }), h("ul", { class: "turn-list" }, players)),
      h("fieldset", { class: "turn-kinds" },
        h("legend", { text: "Kind" }), h("ul", { class: "turn-list" }, kinds)),
    );
  }
}
