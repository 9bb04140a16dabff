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
    // A token's own words when its declaration gives them, as they are ("Red, the
    // meeple marker"): the page does not rewrite the engine's words.
    const words = catalogue.rules?.tokens?.find((entry) => entry.name === token[1])?.words?.[token[2]];
    return words && words !== token[2] ? `${who}, ${words}` : `${who}'s ${token[2]} tokens`;
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

// A placeholder, or a brace written twice ("{{") for a brace of the text itself.
const PLACEHOLDER = /\{(\w+)(:grouped)?(?:\|([^|}]*)\|([^}]*))?\}|\{\{|\}\}/g;

/** A message of the engine ({ id, params }: a warning, an explanation) in the words of
 * `templates`, the engine's catalogue delivered as page data (a page in another language
 * gets its own). A template names its parameters in braces ("{points}"); a word after a
 * count reads "{tiles|tile|tiles}"; a number with its digits grouped "{limit:grouped}",
 * between the groups the catalogue's `number.group_separator`. `name` words the typed
 * parameters: `feature(ref)`
 * for a feature ({ feature, kind, tiles }), `player(color)` for a player; a message at
 * the start of the text that opens with a feature gets a capital. Null when the
 * catalogue has no such message. */
export function renderMessage(message, templates, name) {
  const text = fill(message, templates, name);
  return text !== null && opensWithFeature(message, templates) ? capitalise(text) : text;
}

function opensWithFeature(message, templates) {
  const first = /^\{(\w+)\}/.exec(templates?.[message.id] ?? "");
  return Boolean(first && message.params?.[first[1]]?.feature);
}

function fill(message, templates, name) {
  const template = templates?.[message?.id];
  if (typeof template !== "string") return null;
  return template.replace(PLACEHOLDER, (found, param, group, one, many) => {
    if (param === undefined) return found[0];
    const value = message.params?.[param];
    if (group) return grouped(value, templates["number.group_separator"] ?? ",");
    if (one !== undefined) return value === 1 ? one : many;
    return paramWords(value, templates, name);
  });
}

/** A whole number with its digits in threes, `separator` between them: 1234 → "1,234". */
export function grouped(number, separator) {
  if (!Number.isInteger(number)) return String(number ?? "");
  const digits = String(Math.abs(number));
  const groups = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return `${number < 0 ? "-" : ""}${groups.join(separator)}`;
}

function paramWords(value, templates, name) {
  if (value === null || value === undefined) return "";
  if (typeof value !== "object") return String(value);
  if (Array.isArray(value.list)) {
    return value.list.map((item) => paramWords(item, templates, name)).join(templates[value.join] ?? ", ");
  }
  if (typeof value.feature === "string") return name.feature(value);
  if (typeof value.player === "string") return name.player(value.player);
  if (typeof value.id === "string") return fill(value, templates, name) ?? "";
  return JSON.stringify(value);
}

/** Where a square lies, from the start square (0, 0), in words: "the start square",
 * "2 east and 1 north of the start". The geometry's sides give the words. */
export function squareWords(x, y, geometry = null) {
  if (!x && !y) return "the start square";
  const sides = geometry?.sides ?? DEFAULT_SIDES;
  const along = (delta, axis) => {
    if (!delta) return null;
    const side = sides.find((entry) => entry.offset[axis] === Math.sign(delta));
    return `${Math.abs(delta)} ${side.word.toLowerCase()}`;
  };
  return `${[along(x, 0), along(y, 1)].filter(Boolean).join(" and ")} of the start`;
}

const DEFAULT_SIDES = [
  { name: "N", offset: [0, -1], word: "north" }, { name: "E", offset: [1, 0], word: "east" },
  { name: "S", offset: [0, 1], word: "south" }, { name: "W", offset: [-1, 0], word: "west" },
];

/** "tile D, 2 east of the start" or "tile D on the start square". */
export function tilePlaceWords(x, y, board, geometry = null) {
  const tile = (board?.tiles ?? []).find((candidate) => candidate.x === x && candidate.y === y);
  const code = tile ? `tile ${tile.tile}` : "the square";
  return x || y ? `${code}, ${squareWords(x, y, geometry)}` : `${code} on the start square`;
}

/** A feature kind in the edition's word ("field" in C2, "farm" in C1; "cloister" for a
 * C1 monastery), from the server's `wording`; else the kind itself. */
export function kindWord(kind, edition, catalogue, count = 1) {
  const words = catalogue?.rules?.wording?.[edition] ?? {};
  const singular = words[kind] ?? KIND_WORDS[kind] ?? kind;
  if (count === 1) return singular;
  return words[`${kind}_plural`] ?? `${singular}s`;
}

/** "Red's mayor", "Red (Ada)'s barn", "the fairy": a figure of a feature's `standing`. */
export function figureWords(figure, board, catalogue) {
  const kinds = catalogue?.figureByCode;
  if (!figure.player) {
    const neutral = (catalogue?.rules?.neutral ?? []).find((entry) => entry.code === figure.kind);
    return `the ${neutral?.name ?? figure.kind}`;
  }
  return `${playerLabel(figure.player, board)}'s ${kinds?.get(figure.kind)?.name ?? figure.kind}`;
}

/** Where a figure stands, in words: "on tile D, 2 east of the start", or for one on a
 * corner (a barn) "at the south-east corner of tile E on the start square". */
export function figurePlaceWords(figure, board, catalogue) {
  const geometry = catalogue?.geometry;
  const place = tilePlaceWords(figure.x, figure.y, board, geometry);
  // A figure of a kind that stands on corners (a barn) names the corner; the same
  // names are half-edges for any other figure.
  const onCorner = catalogue?.figureByCode?.get(figure.kind)?.stands === "corner";
  if (onCorner && figure.at && (catalogue?.rules?.corners ?? []).includes(figure.at)) {
    // The corner's name is its two sides' names ("SE").
    const sides = cornerOrder([...figure.at])
      .map((name) => (geometry?.sideByName?.get(name)?.word ?? name).toLowerCase());
    return `at the ${sides.join("-")} corner of ${place}`;
  }
  return `on ${place}`;
}

/** A scored feature as a player names it: its kind in the edition's word and the tile
 * of its first figure (`player`'s first, when given; else its first tile) with where
 * that lies: "the city by tile D, 2 east of the start". */
export function featureName(feature, board, catalogue, player = null) {
  const kind = kindWord(feature.kind, board?.edition, catalogue);
  const standing = feature.standing ?? [];
  const owned = standing.find((figure) => player && figure.player === player)
    ?? standing.find((figure) => figure.player) ?? standing[0];
  const [x, y] = owned ? [owned.x, owned.y] : feature.tiles[0];
  return `the ${kind} by ${tilePlaceWords(x, y, board, catalogue?.geometry)}`;
}

/** What a tile type shows, in words, as it lies turned `rotation` degrees: the
 * engine's picture with its sides as placeholders ("city on the {N}"), each side turned
 * with the tile and put in the geometry's word ("city on the south" at 180°). */
export function pictureWords(type, rotation, geometry) {
  const sides = type?.picture_sides;
  if (typeof sides !== "string" || !geometry) return type?.picture ?? "";
  const turned = (side) => geometry.turn(side, rotation ?? 0);
  const word = (name) => geometry.sideByName.get(name)?.word.toLowerCase();
  return sides
    // A corner, two sides that meet ("{N}-{W}" turned 270° lies west and south: the
    // south-west corner).
    .replace(/\{(\w+)\}-\{(\w+)\}/g, (placeholder, one, other) => {
      const words = cornerOrder([turned(one), turned(other)]).map(word);
      return words.every(Boolean) ? words.join("-") : placeholder;
    })
    .replace(/\{(\w+)\}/g, (placeholder, side) => word(turned(side)) ?? placeholder);
}

/** The two sides of a corner by name, north or south first, as a player names a corner:
 * ["S", "W"] for ["W", "S"] ("south-west", never "west-south"). */
function cornerOrder([one, other]) {
  return one === "E" || one === "W" ? [other, one] : [one, other];
}
