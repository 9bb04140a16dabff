// Figures: how they look on the board and what a click on a feature of a tile does with
// them. Every player's figures carry the player's letter, and the three kinds have their
// own outline (a standing meeple, a meeple lying in a field as a farmer, a hooded abbot),
// so nothing depends on telling colours apart.

import { colorInfo } from "./catalogue.js";
import { s } from "./dom.js";
import { describeFeature, featureIndexAt, key } from "./geometry.js";

const UNIT = 100;
const MEEPLE_BODY = "M-3.2,-6 L3.2,-6 L12,-2.2 L12,2.6 L5.2,1.6 L9.6,13 L2.2,13 L0,8.4 "
  + "L-2.2,13 L-9.6,13 L-5.2,1.6 L-12,2.6 L-12,-2.2 Z";
const ABBOT_ROBE = "M0,-15 C6.5,-15 7.5,-8.5 5,-5.5 L11.5,13 L-11.5,13 L-5,-5.5 "
  + "C-7.5,-8.5 -6.5,-15 0,-15 Z";

export const KIND_WORDS = { meeple: "meeple", abbot: "abbot" };

// Where a figure stands on its square for each location (after rotation): a little inside
// the edge it names, so that it stays on its own tile.
const SPOTS = {
  C: [0.5, 0.5], I: [0.5, 0.5],
  N: [0.5, 0.21], E: [0.79, 0.5], S: [0.5, 0.79], W: [0.21, 0.5],
  NW: [0.3, 0.2], NE: [0.7, 0.2], EN: [0.8, 0.3], ES: [0.8, 0.7],
  SE: [0.7, 0.8], SW: [0.3, 0.8], WS: [0.2, 0.7], WN: [0.2, 0.3],
};

/** The player's words: "Red" or "Red (Anna)". */
export function playerWords(color, players = []) {
  const player = players.find((entry) => entry.color === color);
  const label = colorInfo(color).label;
  return player?.name ? `${label} (${player.name})` : label;
}

/** What a figure is called on a feature: a meeple on a field is a farmer. */
export function figureWord(kind, featureKind) {
  if (kind === "meeple" && featureKind === "field") return "farmer";
  return KIND_WORDS[kind] ?? kind;
}

/** The drawing of one figure, centred on (0, 0), about 30 units tall. */
export function figureShape(color, kind, lying = false) {
  const info = colorInfo(color);
  const body = kind === "abbot"
    ? [s("path", { d: ABBOT_ROBE, class: "figure-body" })]
    : [s("circle", { cx: 0, cy: -10.5, r: 5.2, class: "figure-body" }),
      s("path", { d: MEEPLE_BODY, class: "figure-body" })];
  const shape = s("g", { transform: lying ? "rotate(-90)" : null, fill: info.fill }, body);
  const letter = s("text", {
    class: "figure-letter", y: kind === "abbot" ? 8 : 4.5, "text-anchor": "middle",
    fill: info.ink, "font-size": info.letter.length > 1 ? 7.5 : 9.5, text: info.letter,
  });
  return s("g", { class: `figure-shape kind-${kind}` }, shape, letter);
}

/** A placed figure as an SVG group at its location on the board. */
export function figureElement(figure, index, featureKind, players) {
  const [u, v] = SPOTS[figure.at] ?? SPOTS.C;
  const x = (figure.x + u) * UNIT;
  const y = (figure.y + v) * UNIT;
  const lying = featureKind === "field";
  const word = figureWord(figure.kind, featureKind);
  return s("g", {
    class: `figure player-${figure.player}`,
    transform: `translate(${x} ${y}) scale(1.3)`,
    dataset: {
      index: String(index), player: figure.player, kind: figure.kind,
      testid: `figure-${figure.player}-${key(figure.x, figure.y)}-${figure.at}`,
    },
  }, s("title", { text: `${playerWords(figure.player, players)} ${word} at (${figure.x}, ${figure.y}) ${figure.at}` }),
  figureShape(figure.player, figure.kind, lying));
}

/** The figure standing on the same feature of the tile as `location`, if any. */
export function figureOnFeature(state, catalogue, tile, featureIndex) {
  const type = catalogue.type(tile.tile);
  return state.figuresAt(tile.x, tile.y)
    .find(({ figure }) => featureIndexAt(type, tile.rotation, figure.at) === featureIndex) ?? null;
}

/**
 * What to do when the current player picks `location` on the tile at (x, y): put a
 * figure, take one back, put one in place of another's, or refuse (with the reason).
 * `wanted` overrides the figure kind chosen in the page.
 */
export function figureAction(state, catalogue, x, y, location, wanted = null) {
  const tile = state.tileAt(x, y);
  if (!tile) return { action: "refuse", message: `There is no tile at (${x}, ${y}).` };
  const found = catalogue.featureAt(tile, location);
  if (!found) {
    return { action: "refuse", message: `Nothing on tile ${tile.tile} at ${location} can hold a figure.` };
  }
  const player = state.ui.currentPlayer;
  if (!player) return { action: "refuse", message: "Add a player first." };
  const inPlay = state.inPlay();
  let kind = wanted ?? state.ui.figureKind;
  if (found.feature.kind === "garden" && kind === "meeple" && inPlay.includes("abbot")) kind = "abbot";
  if (kind === "abbot" && !inPlay.includes("abbot")) kind = "meeple";
  const where = `the ${describeFeature(found.feature, tile.rotation)} of tile ${tile.tile} at (${x}, ${y})`;
  const who = playerWords(player, state.doc.players);
  const here = figureOnFeature(state, catalogue, tile, found.index);
  const word = figureWord(kind, found.feature.kind);
  if (here && here.figure.player === player && here.figure.kind === kind) {
    return { action: "remove", index: here.index, message: `Took ${who}'s ${word} back from ${where}.` };
  }
  const refusal = catalogue.figureRefusal(kind, found.feature, inPlay);
  if (refusal) return { action: "refuse", message: refusal };
  const limit = state.limits[kind] ?? Infinity;
  if (state.figureCount(player, kind) >= limit) {
    const owned = limit === 1 ? `${who}'s ${kind} is already on the board`
      : `${who} has no ${kind} left: all ${limit} are on the board`;
    return { action: "refuse", message: `${owned}. Take one back first (click it on its tile).` };
  }
  const figure = { player, x, y, at: location, kind };
  if (here) {
    const other = playerWords(here.figure.player, state.doc.players);
    return {
      action: "put", figure, replaced: here.index,
      message: `${who}'s ${word} now stands on ${where}, instead of ${other}'s ${here.figure.kind}.`,
    };
  }
  return { action: "put", figure, replaced: -1, message: `${who}'s ${word} on ${where}.` };
}

/** Carry out a figureAction; returns its message and whether something changed. */
export function applyFigureAction(state, outcome) {
  if (outcome.action === "remove") state.removeFigure(outcome.index);
  else if (outcome.action === "put") state.putFigure(outcome.figure, outcome.replaced);
  return { ok: outcome.action !== "refuse", message: outcome.message };
}
