// The players: who plays which colour, their names and the points their markers show
// now (the list in the game options), and whose figures the next click puts on the board
// (the strip above the board, with the figures each player has left).

import { colorInfo, colorsOf } from "./catalogue.js";
import { h, s } from "./dom.js";
import { outlineOf } from "./figures.js";

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

const POINTS_MAX = 100000; // the points input's cap
const COUNT_MAX = 99; // a count of tokens no declaration caps

/** The most of one kind of token one player may enter: the declaration's cap for a
 * player, else for all players together, else as many as points for counts that are
 * points on the scoreboard (score markers), else 99. */
export function tokenLimit(entry) {
  return entry.per_player ?? entry.in_all ?? (entry.on_scoreboard ? POINTS_MAX : COUNT_MAX);
}

export class PlayersEditor {
  constructor(list, addButton, state) {
    this.list = list;
    this.addButton = addButton;
    this.state = state;
    this.rows = new Map();
    this.builtFor = "";
    addButton.addEventListener("click", () => {
      this.add(this.freeColors()[0]?.code);
      this.list.querySelector("li:last-child input[type=text]")?.focus();
    });
    // Each free colour as its own button beside it: a player of that colour in one tap,
    // with no drop-down to open after.
    this.addColors = h("span", { class: "add-colors", role: "group", "aria-label": "Add a player of a colour" });
    this.addColors.addEventListener("click", (event) => {
      this.add(event.target.closest("button[data-color]")?.dataset.color);
    });
    addButton.after(this.addColors);
  }

  /** Add a player of colour `code`, while a game has room for one. */
  add(code) {
    if (code && this.state.doc.players.length < MAX_PLAYERS) this.state.addPlayer(code);
  }

  freeColors(except = null) {
    const taken = new Set(this.state.doc.players.map((player) => player.color));
    return colorsOf(this.state.doc.edition).filter((color) => color.code === except || !taken.has(color.code));
  }

  render() {
    const players = this.state.doc.players;
    const tokens = this.state.catalogue.tokens(this.state.inPlay());
    const signature = `${players.map((player) => player.color).join(" ")}|${tokens.map((entry) => entry.name).join(" ")}|${this.state.doc.edition}`;
    if (signature !== this.builtFor) this.build(tokens);
    for (const player of players) {
      const row = this.rows.get(player.color);
      for (const { input, name, kind } of row.tokens) {
        if (input.type === "checkbox") input.checked = Boolean(player[name]?.[kind]);
        else if (document.activeElement !== input) input.value = String(player[name]?.[kind] ?? 0);
      }
      if (document.activeElement !== row.name) row.name.value = player.name ?? "";
      if (document.activeElement !== row.points) {
        row.points.value = String(player.points ?? 0);
        row.points.removeAttribute("aria-invalid");
      }
      row.remove.disabled = players.length <= MIN_PLAYERS;
    }
    this.addButton.disabled = players.length >= MAX_PLAYERS || !this.freeColors().length;
  }

  build(tokens) {
    const { state } = this;
    const players = state.doc.players;
    this.builtFor = `${players.map((player) => player.color).join(" ")}|${tokens.map((entry) => entry.name).join(" ")}|${state.doc.edition}`;
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
        type: "number", id: `${id}-points`, min: 0, max: POINTS_MAX, step: 1, inputmode: "numeric",
        "aria-label": `Player ${index + 1} points on the scoreboard now`,
        dataset: { testid: `player-points-${index}` },
      });
      points.addEventListener("input", () => {
        const value = Number(points.value);
        const valid = points.value !== "" && Number.isInteger(value) && value >= 0 && value <= POINTS_MAX;
        points.setAttribute("aria-invalid", String(!valid && points.value !== ""));
        if (valid) state.updatePlayer(player.color, { points: value });
      });
      const remove = h("button", {
        type: "button", class: "icon-button", "aria-label": `Remove player ${index + 1} (${colorInfo(player.color).label})`,
        title: "Remove this player and their figures", text: "✕",
        dataset: { testid: `player-remove-${index}` },
      });
      remove.addEventListener("click", () => state.removePlayer(player.color));
      // The tokens a player holds (goods), one count per kind, when their part is in play.
      const tokenInputs = tokens.flatMap((entry) => entry.kinds.map((kind) => {
        if (entry.flags) {
          // A token held or not (a tile such as the king's): a box to tick.
          const word = entry.words?.[kind] ?? kind;
          const box = h("input", {
            type: "checkbox", id: `${id}-${entry.name}-${kind}`, class: "token-flag",
            "aria-label": `Player ${index + 1} holds ${word}`,
            dataset: { testid: `player-${entry.name}-${kind}-${index}` },
          });
          box.addEventListener("change", () => state.setTokens(player.color, entry.name, kind, box.checked));
          return { input: box, name: entry.name, kind, word };
        }
        // A count, named and capped as the declaration says (score markers stand on the
        // scoreboard, so they go as high as points do).
        const word = entry.words?.[kind] ?? kind;
        const max = tokenLimit(entry);
        const input = h("input", {
          type: "number", id: `${id}-${entry.name}-${kind}`, min: 0, max, step: 1, inputmode: "numeric",
          class: "token-input", "aria-label": `Player ${index + 1}: ${word}`, title: entry.meaning || null,
          dataset: { testid: `player-${entry.name}-${kind}-${index}` },
        });
        input.addEventListener("input", () => {
          const value = Number(input.value);
          const valid = input.value !== "" && Number.isInteger(value) && value >= 0 && value <= max;
          input.setAttribute("aria-invalid", String(!valid && input.value !== ""));
          if (valid) state.setTokens(player.color, entry.name, kind, value);
        });
        return { input, name: entry.name, kind, word };
      }));
      this.rows.set(player.color, { name, points, remove, color, tokens: tokenInputs });
      const tokenLabels = tokenInputs.map(({ input, kind, word }) => h("label", { class: "token-label", for: input.id },
        h("span", { class: "token-name", text: word ?? kind }), input));
      return h("li", { class: "player-row", dataset: { playerRow: player.color } },
        badge(player.color), color, name,
        h("label", { class: "points-label", for: points.id }, h("span", { class: "visually-hidden", text: "Points now" }), points),
        remove,
        tokenLabels.length ? h("span", { class: "player-tokens" }, tokenLabels) : null);
    });
    this.list.replaceChildren(...items);
    const full = players.length >= MAX_PLAYERS;
    const label = h("span", { class: "add-colors-label", "aria-hidden": "true", text: "or a colour:" });
    this.addColors.replaceChildren(label, ...this.freeColors().map((color) => h("button", {
      type: "button", class: "add-color", disabled: full, "aria-label": `Add ${color.label}`,
      title: `Add ${color.label}`, dataset: { color: color.code, testid: `add-player-${color.code}` },
    }, badge(color.code))));
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
    const kinds = this.state.catalogue.figureKinds(this.state.inPlay());
    const signature = `${doc.players.map((p) => `${p.color}:${p.name}`).join(" ")}|${kinds.map((kind) => kind.code).join(" ")}`;
    if (signature !== this.builtFor) this.build(kinds, signature);
    for (const input of this.root.querySelectorAll("input[name=turn-player]")) {
      input.checked = input.value === ui.currentPlayer;
      const left = this.root.querySelector(`[data-left-for="${input.value}"]`);
      const counts = kinds.map((kind) => [kind, limits[kind.code] - this.state.figureCount(input.value, kind.code)]);
      const words = `${counts.map(([kind, count]) => `${count} of ${kind.limit} ${kind.limit === 1 ? kind.name : kind.plural}`).join(", ")} left`;
      left.replaceChildren(
        h("span", { "aria-hidden": "true", text: counts.map(([kind, count]) => `${count}/${kind.limit}`).join(" · ") }),
        h("span", { class: "visually-hidden", text: words }),
      );
      left.title = words;
      left.classList.toggle("is-out", (counts[0]?.[1] ?? 1) <= 0);
    }
    if (!kinds.some((kind) => kind.code === ui.figureKind)) ui.figureKind = kinds[0]?.code ?? null;
    for (const input of this.root.querySelectorAll("input[name=turn-kind]")) {
      input.checked = input.value === ui.figureKind;
    }
  }

  build(kinds, signature) {
    const { doc } = this.state;
    this.builtFor = signature;
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
    const kindItems = kinds.map((kind) => h("li", {},
      h("input", {
        type: "radio", name: "turn-kind", id: `turn-kind-${kind.code}`, value: kind.code, class: "visually-hidden-input",
        dataset: { testid: `kind-${kind.code}` },
      }),
      h("label", { for: `turn-kind-${kind.code}`, class: "turn-kind" },
        // The kind's outline, as on the board and in the legend.
        s("svg", { class: "kind-icon", viewBox: "-20 -21 40 40", width: 20, height: 20, "aria-hidden": "true" },
          s("path", { d: outlineOf(kind) })),
        h("span", { class: "turn-kind-name", text: kind.name[0].toUpperCase() + kind.name.slice(1) }))));
    this.root.replaceChildren(
      h("fieldset", { class: "turn-players" },
        h("legend", { text: "Figures of" }), h("ul", { class: "turn-list" }, players)),
      h("fieldset", { class: "turn-kinds" },
        h("legend", { text: "Kind" }), h("ul", { class: "turn-list" }, kindItems)),
    );
  }
}
