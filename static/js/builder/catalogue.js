// The tile types and the game options the page was rendered with, and the questions asked
// of them: which tiles a group's edition and expansions contain, how many copies are left,
// and which figures may stand on which feature. Read-only: it never changes after start-up.

import { featureIndexAt } from "./geometry.js";

export const FIGURE_LIMITS = { meeple: 7, abbot: 1 };

export const PLAYER_COLORS = [
  { code: "yellow", label: "Yellow", letter: "Y", fill: "#f4cc1f", ink: "#1d1d1d" },
  { code: "red", label: "Red", letter: "R", fill: "#d22f2f", ink: "#ffffff" },
  { code: "green", label: "Green", letter: "G", fill: "#2f8f3a", ink: "#ffffff" },
  { code: "blue", label: "Blue", letter: "B", fill: "#2c5fc4", ink: "#ffffff" },
  { code: "black", label: "Black", letter: "K", fill: "#1f1f1f", ink: "#ffffff" },
  { code: "gray", label: "Gray", letter: "Gy", fill: "#9a9a9a", ink: "#111111" },
  { code: "pink", label: "Pink", letter: "P", fill: "#f08cc0", ink: "#1d1d1d" },
];
export const colorInfo = (code) => PLAYER_COLORS.find((color) => color.code === code)
  ?? { code, label: code, letter: "?", fill: "#777777", ink: "#ffffff" };

export const FARM_SCORING = [
  { code: "third-edition", short: "C3 farms", label: "Third edition: 3 a completed city, for every farm" },
  { code: "second-edition", short: "C2 farms", label: "Second edition: a player scores each city once" },
  { code: "first-edition", short: "C1 farms", label: "First edition: 4 a city, to the most farmers" },
];

export class Catalogue {
  constructor({ tiles, editions, options }) {
    this.types = new Map(tiles.map((tile) => [tile.code, tile]));
    this.editions = editions;
    this.options = options;
  }

  type(code) {
    const type = this.types.get(code);
    if (!type) throw new Error(`Unknown tile ${code}`);
    return type;
  }

  has(code) {
    return this.types.has(code);
  }

  /** The expansion and part codes that exist in an edition, among those chosen. */
  optionsInPlay(edition, chosen) {
    return this.options
      .filter((option) => chosen.includes(option.code) && option.editions.includes(edition))
      .map((option) => option.code);
  }

  /** Tile types a group with this edition and these expansions owns, in catalogue order. */
  typesInPlay(edition, chosen) {
    const inPlay = this.optionsInPlay(edition, chosen);
    return [...this.types.values()].filter((type) => {
      if ((type.counts[edition] ?? 0) <= 0) return false;
      if (type.expansion === "base") return !type.part || inPlay.includes(type.part);
      return inPlay.includes(type.expansion);
    });
  }

  /** Copies of each tile code left in the box once the placed tiles are taken out. */
  copiesLeft(edition, placedTiles) {
    const left = new Map();
    for (const type of this.types.values()) left.set(type.code, type.counts[edition] ?? 0);
    for (const tile of placedTiles) left.set(tile.tile, (left.get(tile.tile) ?? 0) - 1);
    return left;
  }

  /** The feature a figure at `location` (after rotation) stands on, or null. */
  featureAt(placedTile, location) {
    const type = this.types.get(placedTile.tile);
    if (!type) return null;
    const index = featureIndexAt(type, placedTile.rotation, location);
    return index >= 0 ? { index, feature: type.features[index] } : null;
  }

  /**
   * Why a figure of `kind` may not stand on `feature` with these options in play, or
   * null when it may.
   */
  figureRefusal(kind, feature, inPlay) {
    if (kind === "abbot") {
      if (!inPlay.includes("abbot")) return "The abbot is not in play (see the game options).";
      if (!["monastery", "garden"].includes(feature.kind)) {
        return "An abbot stands only on a monastery or a garden.";
      }
      return null;
    }
    if (feature.kind === "garden") return "Only an abbot may stand on a garden.";
    if (feature.kind === "field" && !inPlay.includes("farmers")) {
      return "Farmers are not in play: add them in the game options to use fields.";
    }
    return null;
  }
}
