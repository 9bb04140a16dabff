// The tile types, the tile geometry and the rules the page was rendered with, looked up:
// a tile type, a figure kind, a large tile, a space, the tokens and options of the parts
// in play, and the words for why a figure may not stand somewhere. The rules themselves
// (what is in play, where a tile fits, copies, start tile, placements) are the kernel's
// (kernel.js, `catalogue.kernel`). Every expansion, figure kind, rule and token comes from
// the server's data: this module names none. Read-only, but for tile groups loaded later.

import { Geometry } from "./geometry.js";
import { RulesKernel } from "./kernel.js";

export const PLAYER_COLORS = [
  { code: "yellow", label: "Yellow", letter: "Y", fill: "#f4cc1f", ink: "#1d1d1d" },
  { code: "red", label: "Red", letter: "R", fill: "#d22f2f", ink: "#ffffff" },
  { code: "green", label: "Green", letter: "G", fill: "#2f8f3a", ink: "#ffffff" },
  { code: "blue", label: "Blue", letter: "B", fill: "#2c5fc4", ink: "#ffffff" },
  { code: "black", label: "Black", letter: "K", fill: "#1f1f1f", ink: "#ffffff" },
  // The sixth colour: gray in the first edition's box, pink in the second and third.
  { code: "gray", label: "Gray", letter: "Gy", fill: "#9a9a9a", ink: "#111111", editions: ["C1"] },
  { code: "pink", label: "Pink", letter: "P", fill: "#f08cc0", ink: "#1d1d1d", editions: ["C2", "C3"] },
];
/** The colours in the order a game of this edition offers them: its own sixth colour
 * first (a group may still mix sets: the other stays on offer). */
export const colorsOf = (edition) => [
  ...PLAYER_COLORS.filter((color) => !color.editions || color.editions.includes(edition)),
  ...PLAYER_COLORS.filter((color) => color.editions && !color.editions.includes(edition)),
];
export const colorInfo = (code) => PLAYER_COLORS.find((color) => color.code === code)
  ?? { code, label: code, letter: "?", fill: "#777777", ink: "#ffffff" };

const FEATURE_WORDS = { road: "a road", city: "a city", monastery: "a monastery", garden: "a garden", farm: "a field" };
const article = (word) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

/** "a, b or c" */
function either(words) {
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} or ${words.at(-1)}` : words[0] ?? "";
}

export class Catalogue {
  constructor({ tiles, editions, options, rules, geometry, groups = null, boxes = [] }) {
    this.types = new Map(tiles.map((tile) => [tile.code, tile]));
    // The tile groups whose types the page has (the game in play's); null: all of them.
    this.groups = groups ? new Set(groups) : null;
    this.editions = editions;
    this.options = options;
    // Boxes that hold several expansions (the server's `boxes`): one tap puts a box in play.
    this.boxes = boxes;
    this.rules = rules;
    this.geometry = new Geometry(geometry);
    this.kernel = new RulesKernel({ rules, geometry: this.geometry, types: this.types, options });
    this.figures = rules.figures;
    this.figureByCode = new Map(rules.figures.map((kind) => [kind.code, kind]));
    this.neutralByCode = new Map((rules.neutral ?? []).map((kind) => [kind.code, kind]));
    this.largeByCode = new Map((rules.large_tiles ?? []).map((large) => [large.code, large]));
    // Spaces printed on tiles, off their features, where players' figures stand (the
    // server's `spaces`: a landmark's name, the kinds it takes, how many a tile holds).
    this.spaceByName = new Map((rules.spaces ?? []).map((space) => [space.name, space]));
  }

  /** The tile groups these codes lay that the page has not loaded yet. */
  missingGroups(codes) {
    if (!this.groups) return [];
    return [...this.kernel.inPlay(codes).tiles].filter((group) => !this.groups.has(group)).sort();
  }

  /** Take in more tile groups (the server's answer to /board/tiles/). */
  addTiles({ groups, tiles, geometry }) {
    for (const tile of tiles) this.types.set(tile.code, tile);
    this.geometry.addTiles(geometry);
    for (const group of groups) this.groups?.add(group);
  }

  type(code) {
    const type = this.types.get(code);
    if (!type) throw new Error(`Unknown tile ${code}`);
    return type;
  }

  has(code) {
    return this.types.has(code);
  }

  option(code) {
    return this.options.find((option) => option.code === code) ?? null;
  }

  /** The rule values a board starts with. */
  get defaultRules() {
    return Object.fromEntries(this.rules.options.map((option) => [option.name, option.default]));
  }

  /** The figure kind a click puts when nothing else is chosen: the first declared. */
  get defaultKind() {
    return this.figures[0]?.code ?? null;
  }

  /** Tile types a group with this edition and these codes owns (see
   * RulesKernel.ownedTypes), then its large tiles as the palette lists a type. */
  typesInPlay(edition, inPlay) {
    return [...this.kernel.ownedTypes(edition, inPlay), ...this.largeTypes(edition, inPlay)];
  }

  /** The large tiles (the server's `large_tiles`) a group with this edition and these
   * codes owns, as the palette lists a type: code, name as its picture's words, copies
   * per edition, and `large` (the declaration, with its pieces). */
  largeTypes(edition, inPlay) {
    return this.kernel.ownedLarge(edition, inPlay)
      .map((large) => ({
        code: large.code, picture: large.name, counts: large.counts, large,
        search: `${large.name} ${large.districts.map((district) => district.name).join(" ")} large city`.toLowerCase(),
      }));
  }

  isLarge(code) {
    return this.kernel.isLarge(code);
  }

  /** The segment a figure at `location` (after rotation) stands on, or null. */
  featureAt(placedTile, location, edition) {
    if (!this.types.has(placedTile.tile)) return null;
    const index = this.geometry.segmentIndexAt(placedTile.tile, placedTile.rotation, location, edition, placedTile.state);
    if (index < 0) return null;
    return { index, feature: this.geometry.placed(placedTile).segments[index] };
  }

  /** The figure kinds in play, in declaration order. */
  figureKinds(inPlay) {
    return this.figures.filter((kind) => inPlay.admits(kind));
  }

  /** The district of a large tile named `name` and its place in the tile's list, or null. */
  district(largeCode, name) {
    const districts = this.largeByCode.get(largeCode)?.districts ?? [];
    const index = districts.findIndex((district) => district.name === name);
    return index < 0 ? null : { ...districts[index], index };
  }

  /** The space named `name` printed on tile type `code` (its data lists the landmark),
   * or null. */
  space(code, name) {
    const space = this.spaceByName.get(name);
    return space && this.kernel.prints(code, name) ? space : null;
  }

  /** The spaces printed on tile type `code` whose part is in play. */
  spacesOn(code, inPlay) {
    return [...this.spaceByName.values()].filter((space) => inPlay.admits(space) && this.space(code, space.name));
  }

  /** Figures nobody owns with these codes in play (the server's `neutral`). */
  neutralFigures(inPlay) {
    return (this.rules.neutral ?? []).filter((figure) => inPlay.admits(figure));
  }

  /** Tokens players bring with these codes in play (goods). */
  tokens(inPlay) {
    return this.rules.tokens.filter((tokens) => inPlay.admits(tokens));
  }

  /** Rule options of the parts in play. */
  ruleOptions(inPlay) {
    return this.rules.options.filter((option) => option.parts.some((part) => inPlay.parts.has(part)));
  }

  /** What a figure is called on a feature kind (a meeple in a field is a farmer). */
  role(kind, featureKind) {
    const placements = this.figureByCode.get(kind)?.placements ?? [];
    const placement = placements.find((entry) => entry.feature === featureKind);
    const name = this.figureByCode.get(kind)?.name ?? kind;
    // A figure keeps its own name where its own part lets it stand unconditionally;
    // elsewhere it takes the role the placement gives it (a farmer).
    if (!placement || (placement.part === this.figureByCode.get(kind)?.part && !placement.needs.length)) return name;
    return placement.role;
  }

  name(code) {
    return this.option(code)?.name ?? code;
  }

  /**
   * Why a figure of `kind` may not stand on `feature` with these codes in play, or null
   * when it may (the figures it must join are checked by the caller).
   */
  figureRefusal(kind, feature, inPlay) {
    const verdict = this.kernel.figureVerdict(kind, feature.kind, inPlay);
    if (!verdict) return null;
    if (verdict.code === "unknown_figure_kind") return `No figure kind ${kind} is known.`;
    const { name } = this.figureByCode.get(kind);
    if (verdict.code === "expansion_not_in_play" && !verdict.role) {
      return `The ${name} is not in play (see the game options).`;
    }
    if (verdict.code === "expansion_not_in_play") {
      const { role } = verdict;
      return `${role[0].toUpperCase()}${role.slice(1)}s are not in play: add ${either(verdict.missing.map((code) => this.name(code)))} in the game options to use ${FEATURE_WORDS[feature.kind]?.slice(2) ?? feature.kind}s.`;
    }
    const places = verdict.places.map((place) => FEATURE_WORDS[place] ?? place);
    const capital = article(name);
    return `${capital[0].toUpperCase()}${capital.slice(1)} stands only on ${either(places)}.`;
  }
}
