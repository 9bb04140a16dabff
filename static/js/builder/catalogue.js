// The tile types, the tile geometry and the rules the page was rendered with, and the
// questions asked of them: which tiles a group's edition and expansions contain, how many
// copies are left, which tile the game starts from, which figure kinds are in play and
// where each may stand. Every expansion, figure kind, rule and token comes from the
// server's data: this module names none. Read-only: it never changes after start-up.

import { Geometry, key } from "./geometry.js";

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

/** What a set of listed codes puts in play: parts (rules, figures, tokens) and tile groups. */
export class InPlay {
  constructor(listed, parts, tiles) {
    this.listed = listed; // the codes as the request sends them
    this.parts = parts; // Set of part codes in play (the base game's included)
    this.tiles = tiles; // Set of codes whose tiles are in play
  }

  includes(code) {
    return this.parts.has(code) || this.tiles.has(code);
  }
}

export class Catalogue {
  constructor({ tiles, editions, options, rules, geometry, groups = null }) {
    this.types = new Map(tiles.map((tile) => [tile.code, tile]));
    // The tile groups whose types the page has (the game in play's); null: all of them.
    this.groups = groups ? new Set(groups) : null;
    this.editions = editions;
    this.options = options;
    this.rules = rules;
    this.geometry = new Geometry(geometry);
    this.geometry.refuseJoins(rules.layout?.refused_joins ?? []);
    this.figures = rules.figures;
    this.figureByCode = new Map(rules.figures.map((kind) => [kind.code, kind]));
    this.largeByCode = new Map((rules.large_tiles ?? []).map((large) => [large.code, large]));
    // Spaces printed on tiles, off their features, where players' figures stand (the
    // server's `spaces`: a landmark's name, the kinds it takes, how many a tile holds).
    this.spaceByName = new Map((rules.spaces ?? []).map((space) => [space.name, space]));
    // Tile groups with a start tile of their own (the river) are laid first.
    const always = new Set(rules.always.tiles);
    this.firstGroups = new Set(rules.start_tiles.map(([code]) => code).filter((code) => !always.has(code)));
  }

  /** The tile groups these codes lay that the page has not loaded yet. */
  missingGroups(codes) {
    if (!this.groups) return [];
    return [...this.inPlay(codes).tiles].filter((group) => !this.groups.has(group)).sort();
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

  /** The expansion and part codes an edition's table plays (a box of its own
   * printing or of one the server says it accepts), among those chosen. */
  optionsInPlay(edition, chosen) {
    return this.options
      .filter((option) => chosen.includes(option.code) && edition in option.printings)
      .map((option) => option.code);
  }

  /** What the chosen codes put in play (codes the catalogue does not offer are kept). */
  inPlay(codes) {
    const parts = new Set(this.rules.always.parts);
    const tiles = new Set(this.rules.always.tiles);
    for (const code of codes) {
      const brings = this.rules.brings[code];
      if (!brings) continue;
      brings.parts.forEach((part) => parts.add(part));
      brings.tiles.forEach((group) => tiles.add(group));
    }
    return new InPlay(codes, parts, tiles);
  }

  /** Tile types a group with this edition and these codes owns: first those laid
   * first (the river), then in catalogue order. */
  typesInPlay(edition, inPlay) {
    const types = [...this.types.values()].filter((type) => (type.counts[edition] ?? 0) > 0
      && inPlay.tiles.has(type.expansion));
    const first = types.filter((type) => this.firstGroups.has(type.expansion));
    return [...first, ...types.filter((type) => !this.firstGroups.has(type.expansion)),
      ...this.largeTypes(edition, inPlay)];
  }

  /** The large tiles (the server's `large_tiles`) a group with this edition and these
   * codes owns, as the palette lists a type: code, name as its picture's words, copies
   * per edition, and `large` (the declaration, with its pieces). */
  largeTypes(edition, inPlay) {
    return [...this.largeByCode.values()]
      .filter((large) => (large.counts[edition] ?? 0) > 0 && inPlay.parts.has(large.part))
      .map((large) => ({
        code: large.code, picture: large.name, counts: large.counts, large,
        search: `${large.name} ${large.districts.map((district) => district.name).join(" ")} large city`.toLowerCase(),
      }));
  }

  isLarge(code) {
    return this.largeByCode.has(code);
  }

  /**
   * Whether the large tile `code` fits with its piece (0, 0) at (x, y), turned
   * `rotation`, on a board (Map key → placed tile), leaving out the large tile laid at
   * `ignore` (its piece (0, 0) square's key: the tile being turned). Each piece is an
   * ordinary tile: its square must be free and its edges must meet its neighbours'; one
   * piece at least touches a tile already down (on an empty board, the piece (0, 0)
   * goes at (0, 0)). Returns { ok, reason, side, piece }: `piece` is where it fails.
   */
  largeFitsAt(tiles, code, x, y, rotation, ignore = null) {
    return this.largeFit(this.withoutLarge(tiles, ignore), code, x, y, rotation);
  }

  /** The board without the large tile laid at `ignore` (its piece (0, 0)'s key). */
  withoutLarge(tiles, ignore) {
    if (!ignore) return tiles;
    return new Map([...tiles].filter(([, tile]) => !tile.large || key(tile.large.x, tile.large.y) !== ignore));
  }

  /** largeFitsAt on a board already without the tile being turned: each piece's square
   * free, then each edge a piece shares with a tile of the board matching (the pieces
   * meet one another as printed). */
  largeFit(board, code, x, y, rotation) {
    const pieces = this.largePieces(code, x, y, rotation);
    const mine = new Set(pieces.map((piece) => key(piece.x, piece.y)));
    for (const piece of pieces) {
      if (board.has(key(piece.x, piece.y))) return { ok: false, reason: "occupied", piece };
    }
    const { geometry } = this;
    let touching = false;
    for (const piece of pieces) {
      for (const [side, nx, ny] of geometry.neighbours(piece.x, piece.y)) {
        const there = key(nx, ny);
        if (mine.has(there)) continue;
        const neighbour = board.get(there);
        if (!neighbour) continue;
        touching = true;
        if (geometry.view(piece.tile, rotation)?.any_edges || geometry.placed(neighbour)?.any_edges) continue;
        const theirs = geometry.edgeAt(neighbour.tile, neighbour.rotation, geometry.sideByName.get(side).opposite, neighbour.state);
        if (geometry.edgeAt(piece.tile, rotation, side) !== theirs) return { ok: false, reason: "mismatch", side, piece };
      }
    }
    if (!touching && (board.size || x !== 0 || y !== 0)) return { ok: false, reason: "detached", piece: pieces[0] };
    return { ok: true };
  }

  /** The rotations in which the large tile `code` fits at (x, y), clockwise from 0°. */
  largeRotations(tiles, code, x, y, ignore = null) {
    const board = this.withoutLarge(tiles, ignore);
    return this.geometry.rotations.filter((rotation) => this.largeFit(board, code, x, y, rotation).ok);
  }

  /** Every square where the large tile's piece (0, 0) may go, turned `rotation` (or any
   * way: null), as [x, y] pairs: squares from which some piece would touch the board. */
  largeSquares(tiles, code, rotation = null, ignore = null) {
    const rotations = rotation === null ? this.geometry.rotations : [rotation];
    const found = new Map();
    const board = this.withoutLarge(tiles, ignore);
    for (const turn of rotations) {
      const offsets = this.largePieces(code, 0, 0, turn);
      const candidates = new Map();
      if (!board.size) candidates.set(key(0, 0), [0, 0]);
      for (const tile of board.values()) {
        for (const [, nx, ny] of this.geometry.neighbours(tile.x, tile.y)) {
          for (const piece of offsets) candidates.set(key(nx - piece.x, ny - piece.y), [nx - piece.x, ny - piece.y]);
        }
      }
      for (const [candidate, [x, y]] of candidates) {
        if (!found.has(candidate) && this.largeFit(board, code, x, y, turn).ok) found.set(candidate, [x, y]);
      }
    }
    return [...found.values()];
  }

  /** The tile the game starts from: the first start tile the edition has, taking the
   * parts in play from the last declared (as the engine's InPlay.start_tile does). */
  startTile(edition, inPlay) {
    for (const [part, codes] of [...this.rules.start_tiles].reverse()) {
      if (!inPlay.parts.has(part)) continue;
      const found = codes.find((code) => ((this.types.get(code) ?? this.largeByCode.get(code))?.counts[edition] ?? 0) > 0);
      if (found) return found;
    }
    return null;
  }

  /** Copies of each tile code left in the box once the placed tiles are taken out. */
  copiesLeft(edition, placedTiles) {
    const left = new Map();
    for (const type of this.types.values()) left.set(type.code, type.counts[edition] ?? 0);
    for (const large of this.largeByCode.values()) left.set(large.code, large.counts[edition] ?? 0);
    for (const tile of placedTiles) {
      // A large tile counts once, by its piece (0, 0).
      if (tile.large && (tile.x !== tile.large.x || tile.y !== tile.large.y)) continue;
      const code = tile.large?.tile ?? tile.tile;
      left.set(code, (left.get(code) ?? 0) - 1);
    }
    return left;
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
    return this.figures.filter((kind) => inPlay.parts.has(kind.part));
  }

  /** The pieces of the large tile `code` laid with its piece (0, 0) at (x, y) and turned
   * `rotation` degrees about it (clockwise: an offset (dx, dy) becomes (-dy, dx)):
   * [{tile, x, y, rotation}]. */
  largePieces(code, x, y, rotation) {
    return this.largeByCode.get(code).pieces.map(([dx, dy, piece]) => {
      for (let turn = 0; turn < rotation / 90; turn += 1) [dx, dy] = [-dy, dx];
      return { tile: piece, x: x + dx, y: y + dy, rotation };
    });
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
    if (!space || !this.types.has(code)) return null;
    return (this.type(code).features ?? []).some((feature) => feature.kind === name) ? space : null;
  }

  /** The spaces printed on tile type `code` whose part is in play. */
  spacesOn(code, inPlay) {
    return [...this.spaceByName.values()].filter((space) => inPlay.parts.has(space.part) && this.space(code, space.name));
  }

  /** Figures nobody owns with these codes in play (the server's `neutral`). */
  neutralFigures(inPlay) {
    return (this.rules.neutral ?? []).filter((figure) => inPlay.parts.has(figure.part));
  }

  /** Whether the neutral figure `declared` stands on a tile, not on a feature, under the
   * board's `rules`: it names no feature kind, or its `on_tile_rule` is chosen (the
   * fairy of the other publishers' rules). */
  neutralOnTile(declared, rules) {
    if (declared && !declared.features?.length) return true;
    const rule = declared?.on_tile_rule;
    return Boolean(rule && rules?.[rule.name] === rule.value);
  }

  /** Tokens players bring with these codes in play (goods). */
  tokens(inPlay) {
    return this.rules.tokens.filter((tokens) => inPlay.parts.has(tokens.part));
  }

  /** Rule options of the parts in play. */
  ruleOptions(inPlay) {
    return this.rules.options.filter((option) => option.parts.some((part) => inPlay.parts.has(part)));
  }

  /** The placement letting `kind` stand on a feature kind with these codes in play. */
  placement(kind, featureKind, inPlay) {
    return this.figureByCode.get(kind)?.placements.find((placement) => placement.feature === featureKind
      && inPlay.parts.has(placement.part) && placement.needs.every((code) => inPlay.includes(code))) ?? null;
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
    const declared = this.figureByCode.get(kind);
    if (!declared) return `No figure kind ${kind} is known.`;
    const name = declared.name;
    if (!inPlay.parts.has(declared.part)) {
      return `The ${name} is not in play (see the game options).`;
    }
    if (this.placement(kind, feature.kind, inPlay)) return null;
    const possible = declared.placements.filter((placement) => placement.feature === feature.kind);
    if (possible.length) {
      const missing = [...new Set(possible.flatMap((placement) => [placement.part, ...placement.needs])
        .filter((code) => !inPlay.includes(code)))];
      const role = possible[0].role;
      return `${role[0].toUpperCase()}${role.slice(1)}s are not in play: add ${either(missing.map((code) => this.name(code)))} in the game options to use ${FEATURE_WORDS[feature.kind]?.slice(2) ?? feature.kind}s.`;
    }
    const places = [...new Set(declared.placements.filter((placement) => inPlay.parts.has(placement.part)
      && placement.needs.every((code) => inPlay.includes(code))).map((placement) => FEATURE_WORDS[placement.feature] ?? placement.feature))];
    const capital = article(name);
    return `${capital[0].toUpperCase()}${capital.slice(1)} stands only on ${either(places)}.`;
  }
}
