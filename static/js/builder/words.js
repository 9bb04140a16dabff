// Player's words for what the scoring API names by paths and ids: "tiles[1]" is "the
// river tile at (0, 1)", "figures[0].at" is "Red's meeple on the road of tile D at (2,
// 1)", "road-2" is "the road through D at (2, 1)". The paths are the request's, so the
// board sent names what they point at.

import { colorInfo } from "./catalogue.js";

const PATH = /^(tiles|figures|players)\[(\d+)\]/;
const KIND_WORDS = { farm: "field", city: "city", road: "road", monastery: "monastery", garden: "garden" };

function playerLabel(color, board) {
  const player = (board.players ?? []).find((entry) => entry.color === color);
  const label = colorInfo(color).label;
  return player?.name ? `${label} (${player.name})` : label;
}

export const capitalise = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/** "the river tile at (0, 1)" or "tile D at (0, 1)". */
export function tileWords(tile, catalogue) {
  const where = `at (${tile.x}, ${tile.y})`;
  const features = catalogue.has(tile.tile) ? catalogue.type(tile.tile).features ?? [] : [];
  if (features.some((feature) => feature.kind === "river")) return `the river tile ${where}`;
  return `tile ${tile.tile} ${where}`;
}

/** What an error's path points at, in words; the board when it names nothing else. */
export function pathWords(path, board, catalogue) {
  const match = PATH.exec(path ?? "");
  if (!match) {
    if ((path ?? "").startsWith("expansions")) return "the expansions in play";
    if ((path ?? "").startsWith("rules")) return "the rule options";
    if ((path ?? "").startsWith("edition")) return "the edition";
    if ((path ?? "").startsWith("players")) return "the players";
    return "the board";
  }
  const entry = board[match[1]]?.[Number(match[2])];
  if (!entry) return "the board";
  if (match[1] === "players") {
    const token = /\.([a-z_]+)\.([a-z_]+)$/.exec(path);
    const who = playerLabel(entry.color, board);
    if (!token) return who;
    // A token's own words when its declaration gives them ("the meeple marker").
    const words = catalogue.rules?.tokens?.find((entry) => entry.name === token[1])?.words?.[token[2]];
    return words && words !== token[2] ? `${who}'s ${words.replace(/^the /, "")}` : `${who}'s ${token[2]} tokens`;
  }
  if (match[1] === "tiles") return tileWords(entry, catalogue);
  const tile = (board.tiles ?? []).find((candidate) => candidate.x === entry.x && candidate.y === entry.y);
  const kind = catalogue.figureByCode.get(entry.kind ?? catalogue.defaultKind)?.name ?? entry.kind ?? "figure";
  const who = `${playerLabel(entry.player, board)}'s ${kind}`;
  if (!tile || !catalogue.has(tile.tile)) return `${who} at (${entry.x}, ${entry.y})`;
  const found = catalogue.featureAt(tile, entry.at, board.edition);
  const on = found ? `on the ${KIND_WORDS[found.feature.kind] ?? found.feature.kind} of ` : "on ";
  return `${who} ${on}${tileWords(tile, catalogue)}`;
}

/** A text with the scored features' ids ("road-2") put in words: "the road through D at
 * (2, 1)", after the first tile of the feature. */
export function featureIdWords(text, features, board) {
  const byId = new Map((features ?? []).map((feature) => [feature.id, feature]));
  return String(text).replace(/\b([a-z]+)-(\d+)\b/g, (id, kindId, number, offset) => {
    const feature = byId.get(id);
    const [x, y] = feature?.tiles?.[0] ?? [];
    if (!feature || x === undefined) return id;
    const tile = (board?.tiles ?? []).find((candidate) => candidate.x === x && candidate.y === y);
    const kind = KIND_WORDS[feature.kind] ?? feature.kind;
    const words = tile ? `the ${kind} through ${tile.tile} at (${x}, ${y})` : `the ${kind} at (${x}, ${y})`;
    return offset === 0 ? capitalise(words) : words;
  });
}

/** A picture's words for a tile turned `rotation` degrees: "city on the north" of a tile
 * turned 180° reads "city on the south" (every compass word turns with the tile). */
export function turnedText(text, rotation, geometry) {
  if (!rotation) return text;
  const turned = new Map(geometry.sides.map((side) => [side.word.toLowerCase(),
    geometry.sideByName.get(geometry.turn(side.name, rotation)).word.toLowerCase()]));
  const pattern = new RegExp(`\\b(${[...turned.keys()].join("|")})\\b`, "gi");
  return text.replace(pattern, (word) => {
    const now = turned.get(word.toLowerCase()) ?? word;
    return word[0] === word[0].toUpperCase() ? capitalise(now) : now;
  });
}
