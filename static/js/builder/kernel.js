// The rules the page decides on its own, so that a tile lights up or is refused the moment
// it is tapped: what a set of codes puts in play, which tiles a group owns and how many
// copies are left, the start tile, where a tile fits (edges, touching the board, joins the
// server's layout rules refuse), following a feature across tiles, which figure kinds may
// stand on a feature, beside whom a builder stands, the corners where four tiles meet,
// the spaces printed on tiles and the districts of a large tile. Every rule the builder's
// JavaScript applies lives here and nowhere else; it reads only the server's data (the
// `rules` block and the tile geometry of carcwiki/builder/selectors.py) and names no
// expansion, tile or figure. Everything else (the river's shape as a whole, figures by
// rules that are not data) the server decides when the page asks it or scores.
//
// Verdicts are given in the engine's error codes (`edge_mismatch`, `disconnected_tile`,
// ...), so that tests/builder/test_kernel_conformance.py can hold them against the
// engine's validator on every known-answer board; the words for a player are the caller's.

import { Geometry, key, parseKey } from "./geometry.js";

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

  /** Whether something a part declares (a figure kind, a token, a space) is in play. */
  admits(declared) {
    return this.parts.has(declared.part);
  }
}

/** The tile problems the kernel decides, as the engine's error codes name them. A tile
 * code the page does not know is not among them: the page holds the tiles of the groups
 * it loaded, not every tile, so the server names it. */
export const TILE_CODES = Object.freeze([
  "expansion_not_in_play", "tile_not_in_edition", "duplicate_position",
  "disconnected_tile", "edge_mismatch", "too_many_copies",
]);

/** The problems of figures the kernel decides (see RulesKernel.figureProblems). */
export const FIGURE_CODES = Object.freeze([
  "expansion_not_in_play", "no_tile_at_figure", "no_feature_at_location", "figure_not_allowed",
  "invalid_location", "too_many_figures",
]);

export class RulesKernel {
  /**
   * `rules`: the page's rules block; `geometry`: the Geometry reading the tile views;
   * `types`: tile code → tile type (with `expansion` and `counts` per edition), shared
   * with the catalogue, which adds to it when more tile groups arrive; `options`: the
   * codes a group may list, with their editions and whether they are in play by default.
   */
  constructor({ rules, geometry, types, options }) {
    this.rules = rules;
    this.geometry = geometry;
    this.types = types;
    this.options = options;
    this.large = new Map((rules.large_tiles ?? []).map((large) => [large.code, large]));
    this.figures = new Map(rules.figures.map((kind) => [kind.code, kind]));
    this.spaces = new Map((rules.spaces ?? []).map((space) => [space.name, space]));
    // Joins of two tiles the server's layout rules refuse whatever else lies on the board
    // (`layout.refused_joins`: per problem code, joins [mine, side, theirs]: a tile
    // showing edge `edge` on its sides `mine`, laid with side `side` against a tile
    // showing it on `theirs`).
    const refused = rules.layout?.refused_joins ?? [];
    this.refused = new Map(refused.flatMap((rule) => rule.joins.map(([mine, side, theirs]) => [
      `${rule.edge}|${mine}|${side}|${theirs}`, rule])));
    this.refusedEdges = new Set(refused.map((rule) => rule.edge));
    // Tile groups with a start tile of their own (the river) are laid first.
    const always = new Set(rules.always.tiles);
    this.firstGroups = new Set(rules.start_tiles.map(([code]) => code).filter((code) => !always.has(code)));
  }

  /** The error codes of the problems this kernel decides on a board (boardProblems):
   * its tile codes and those of the joins the layout rules refuse. */
  get codes() {
    return [...TILE_CODES, ...new Set([...this.refused.values()].map((rule) => rule.code))];
  }

  // -- what is in play -------------------------------------------------------------------

  /** What the listed codes put in play (codes the page does not know bring nothing). */
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

  /** The codes a board with no list of expansions plays (those in play by default). */
  defaultCodes() {
    return this.options.filter((option) => option.default).map((option) => option.code);
  }

  /** The codes listed among those chosen: those the edition's table plays (a box of its
   * own printing or of one the server says it takes), and codes the page does not offer
   * (kept for the server to name). */
  listed(edition, chosen) {
    const offered = new Map(this.options.map((option) => [option.code, option]));
    return chosen.filter((code) => !offered.has(code) || edition in offered.get(code).printings);
  }

  /** Copies of tile type or large tile `code` in the box of `edition`. */
  copies(code, edition) {
    return (this.types.get(code) ?? this.large.get(code))?.counts[edition] ?? 0;
  }

  /** The tile types a group with this edition and these codes owns: first those laid
   * first (the river), then in catalogue order. */
  ownedTypes(edition, inPlay) {
    const types = [...this.types.values()].filter((type) => this.copies(type.code, edition) > 0
      && inPlay.tiles.has(type.expansion));
    const first = types.filter((type) => this.firstGroups.has(type.expansion));
    return [...first, ...types.filter((type) => !this.firstGroups.has(type.expansion))];
  }

  /** The large tiles (the server's `large_tiles`) a group with this edition and these
   * codes owns. */
  ownedLarge(edition, inPlay) {
    return [...this.large.values()].filter((large) => this.copies(large.code, edition) > 0 && inPlay.admits(large));
  }

  /** The tile the game starts from: the first start tile the edition has, taking the
   * parts in play from the last declared (as the engine's InPlay.start_tile does). */
  startTile(edition, inPlay) {
    for (const [part, codes] of [...this.rules.start_tiles].reverse()) {
      if (!inPlay.parts.has(part)) continue;
      const found = codes.find((code) => this.copies(code, edition) > 0);
      if (found) return found;
    }
    return null;
  }

  /** Copies of each tile code left in the box once the placed tiles are taken out. */
  copiesLeft(edition, placedTiles) {
    const left = new Map();
    for (const code of [...this.types.keys(), ...this.large.keys()]) left.set(code, this.copies(code, edition));
    for (const tile of placedTiles) {
      // A large tile counts once, by its piece (0, 0).
      if (tile.large && (tile.x !== tile.large.x || tile.y !== tile.large.y)) continue;
      const code = tile.large?.tile ?? tile.tile;
      left.set(code, (left.get(code) ?? 0) - 1);
    }
    return left;
  }

  // -- where a tile fits -----------------------------------------------------------------

  isLarge(code) {
    return this.large.has(code);
  }

  /** The squares tile `code` covers laid at (x, y) turned `rotation`: itself, or the
   * pieces of a large tile (ordinary tile types at offsets from its piece (0, 0), turned
   * with it about that piece: clockwise, an offset (dx, dy) becomes (-dy, dx)), as
   * [{tile, x, y, rotation}]. */
  pieces(code, x, y, rotation) {
    const large = this.large.get(code);
    if (!large) return [{ tile: code, x, y, rotation }];
    return large.pieces.map(([dx, dy, piece]) => {
      for (let turn = 0; turn < rotation / 90; turn += 1) [dx, dy] = [-dy, dx];
      return { tile: piece, x: x + dx, y: y + dy, rotation };
    });
  }

  /** The board (Map key → placed tile) without the tile at `ignore` (the tile being
   * moved or turned): a large tile goes whole. */
  without(tiles, ignore) {
    const gone = ignore ? tiles.get(ignore) : null;
    if (!gone) return tiles;
    if (!gone.large) return new Map([...tiles].filter(([tileKey]) => tileKey !== ignore));
    return new Map([...tiles].filter(([, tile]) => tile.large !== gone.large));
  }

  /** Whether two touching sides meet: the same edge, or either tile fits whatever the
   * edges (a declared trait: an abbey). The one edge rule of the page. */
  static edgesMeet(mine, side, theirs, across) {
    return Boolean(mine.any_edges || theirs.any_edges || mine.edges[side] === theirs.edges[across]);
  }

  /** The refused join (see the constructor) the tile seen as `view` would make across
   * its side `side` with a neighbour seen as `theirs`, or null. */
  refusedJoin(view, side, theirs) {
    if (!this.refused.size) return null;
    const { sides } = this.geometry;
    const edge = view.edges[this.geometry.sideByName.get(side).index];
    if (!this.refusedEdges.has(edge)) return null;
    const showing = (seen) => sides.filter((_, index) => seen.edges[index] === edge).map((entry) => entry.name).join("");
    return this.refused.get(`${edge}|${showing(view)}|${side}|${showing(theirs)}`) ?? null;
  }

  /** Whether a piece seen as `view` at (x, y) meets `neighbour` across its side `side`:
   * null when it does, else { code, side } (and the refused join's `meaning`). */
  joinProblem(view, side, neighbour) {
    const { geometry } = this;
    const theirs = geometry.placed(neighbour);
    const mine = geometry.sideByName.get(side);
    if (!RulesKernel.edgesMeet(view, mine.index, theirs, geometry.sideByName.get(mine.opposite).index)) {
      return { code: "edge_mismatch", side };
    }
    const refused = this.refusedJoin(view, side, theirs);
    return refused ? { code: refused.code, side, meaning: refused.meaning } : null;
  }

  /**
   * Whether tile `code` (a large tile: its piece (0, 0)) fits at (x, y) turned `rotation`
   * on a board (Map key → placed tile), leaving out the tile at `ignore` (one being
   * moved or turned). Each square it covers is free and each edge it shares with a tile
   * of the board meets; some square touches the board (on an empty board, (0, 0) is
   * where the first goes). Returns { ok } or { ok: false, code, piece, side, meaning }.
   */
  fitsAt(tiles, code, x, y, rotation, ignore = null) {
    const board = this.without(tiles, ignore);
    const pieces = this.pieces(code, x, y, rotation);
    const mine = new Set(pieces.map((piece) => key(piece.x, piece.y)));
    for (const piece of pieces) {
      if (board.has(key(piece.x, piece.y))) return { ok: false, code: "duplicate_position", piece };
    }
    let touching = false;
    for (const piece of pieces) {
      const view = this.geometry.view(piece.tile, rotation);
      if (!view) return { ok: false, code: "unknown_tile", piece };
      for (const [side, nx, ny] of this.geometry.neighbours(piece.x, piece.y)) {
        const neighbour = mine.has(key(nx, ny)) ? null : board.get(key(nx, ny));
        if (!neighbour) continue;
        touching = true;
        const problem = this.joinProblem(view, side, neighbour);
        if (problem) return { ok: false, ...problem, piece };
      }
    }
    if (!touching && (board.size || x !== 0 || y !== 0)) return { ok: false, code: "disconnected_tile", piece: pieces[0] };
    return { ok: true };
  }

  /** What the rules see of tile `code` turned `rotation`: its edges and its segments
   * with their locations (not which printed feature each is), as one string. Two
   * rotations with the same look cannot be told apart once the tile is down. */
  look(code, rotation) {
    this.looks ??= new Map();
    const memo = `${code}|${rotation}`;
    if (!this.looks.has(memo)) {
      const view = this.geometry.view(code, rotation);
      const segments = view.segments.map((segment) => JSON.stringify([
        segment.kind, [...segment.locations].sort(), segment.pennants ?? 0,
        segment.attributes ?? null, segment.editions ?? null,
      ])).sort();
      this.looks.set(memo, JSON.stringify([view.edges, segments]));
    }
    return this.looks.get(memo);
  }

  /** How many of the sides tile `code` turned `rotation` would share with its
   * neighbours at (x, y) carry a feature across the edge (a road, a city, a river:
   * whatever has a segment on the side itself rather than on its halves). */
  continuedSides(tiles, code, x, y, rotation) {
    const view = this.geometry.view(code, rotation);
    return this.geometry.neighbours(x, y).filter(([side, nx, ny]) => tiles.has(key(nx, ny))
      && view.segments.some((segment) => segment.locations.includes(side))).length;
  }

  /**
   * The rotations in which tile `code` fits at (x, y) (leaving out the tile at `ignore`).
   * An ordinary tile: one for each look (turning a straight road half round changes
   * nothing), best first: the one continuing the most neighbouring edges, then clockwise
   * from `from`. A large tile: every rotation that fits, clockwise from 0°.
   */
  fittingRotations(tiles, code, x, y, ignore = null, from = 0) {
    const { rotations } = this.geometry;
    if (this.isLarge(code)) return rotations.filter((rotation) => this.fitsAt(tiles, code, x, y, rotation, ignore).ok);
    const start = Math.max(0, rotations.indexOf(from));
    const order = rotations.map((_, step) => rotations[(start + step) % rotations.length]);
    const board = this.without(tiles, ignore);
    const seen = new Set();
    const fitting = [];
    for (const rotation of order) {
      if (!this.geometry.view(code, rotation) || !this.fitsAt(board, code, x, y, rotation).ok) continue;
      const look = this.look(code, rotation);
      if (seen.has(look)) continue;
      seen.add(look);
      fitting.push({ rotation, continued: this.continuedSides(board, code, x, y, rotation) });
    }
    // A stable sort keeps the clockwise order among equals.
    fitting.sort((a, b) => b.continued - a.continued);
    return fitting.map((entry) => entry.rotation);
  }

  /** Every square where tile `code` (a large tile: its piece (0, 0)) fits turned
   * `rotation`, or in some rotation when `rotation` is null, as [x, y] pairs. */
  squaresFitting(tiles, code, rotation = null, ignore = null) {
    const board = this.without(tiles, ignore);
    const rotations = rotation === null ? this.geometry.rotations : [rotation];
    const found = new Map();
    for (const turn of rotations) {
      if (!this.isLarge(code) && !this.geometry.view(code, turn)) continue;
      const offsets = this.pieces(code, 0, 0, turn);
      const candidates = new Map(board.size ? [] : [[key(0, 0), [0, 0]]]);
      if (ignore) candidates.set(ignore, Object.values(parseKey(ignore)));
      for (const tile of board.values()) {
        for (const [, nx, ny] of this.geometry.neighbours(tile.x, tile.y)) {
          for (const piece of offsets) candidates.set(key(nx - piece.x, ny - piece.y), [nx - piece.x, ny - piece.y]);
        }
      }
      for (const [candidate, [x, y]] of candidates) {
        if (!found.has(candidate) && this.fitsAt(board, code, x, y, turn).ok) found.set(candidate, [x, y]);
      }
    }
    return [...found.values()];
  }

  /** The groups of squares joined edge to edge, in the order of the board's first square
   * of each, each a list of keys (`squares`: keys in board order). */
  static joinedGroups(squares) {
    const all = new Set(squares);
    const seen = new Set();
    const groups = [];
    for (const start of squares) {
      if (seen.has(start)) continue;
      seen.add(start);
      const group = [];
      const queue = [start];
      while (queue.length) {
        const square = queue.pop();
        group.push(square);
        const { x, y } = parseKey(square);
        for (const next of [key(x + 1, y), key(x - 1, y), key(x, y + 1), key(x, y - 1)]) {
          if (all.has(next) && !seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
        }
      }
      groups.push(group);
    }
    return groups;
  }

  /** Whether the tiles (minus `without`) form one piece joined edge to edge. */
  isConnected(tiles, without = null) {
    return RulesKernel.joinedGroups([...tiles.keys()].filter((tileKey) => tileKey !== without)).length <= 1;
  }

  /** The edition of a board in the request's format and what its codes put in play. */
  game(board) {
    const edition = board.edition ?? "C3";
    return { edition, inPlay: this.inPlay(this.listed(edition, board.expansions ?? this.defaultCodes())) };
  }

  /**
   * The tiles of a board in the request's format laid square by square, as the server
   * reads them: `squares` (key → the piece laid there, with its entry's `index`) in
   * `order`, the problems of single entries (not in play, not in the edition, a copy
   * too many, a square already taken) and whether some tile is one the page does not
   * know (`unknown`: it takes its square, with no edges).
   */
  lay(board, edition, inPlay) {
    const problems = [];
    const squares = new Map();
    const order = [];
    const laid = new Map();
    let unknown = false;
    (board.tiles ?? []).forEach((entry, index) => {
      const path = `tiles[${index}]`;
      const type = this.types.get(entry.tile);
      const large = this.large.get(entry.tile);
      if (!type && !large) unknown = true;
      else if (!(type ? inPlay.tiles.has(type.expansion) : inPlay.admits(large))) {
        problems.push({ path: `${path}.tile`, code: "expansion_not_in_play" });
      } else if (!this.copies(entry.tile, edition)) {
        problems.push({ path: `${path}.tile`, code: "tile_not_in_edition" });
      }
      // The copy past those in the box, of a tile the edition has, in play or not.
      const copies = this.copies(entry.tile, edition);
      laid.set(entry.tile, (laid.get(entry.tile) ?? 0) + 1);
      if (copies && laid.get(entry.tile) === copies + 1 && !(large && !inPlay.admits(large))) {
        problems.push({ path: large ? `${path}.tile` : path, code: "too_many_copies" });
      }
      const rotation = entry.rotation ?? 0;
      const whole = large ? Object.freeze({ tile: entry.tile, x: entry.x, y: entry.y, rotation }) : null;
      for (const piece of this.pieces(entry.tile, entry.x, entry.y, rotation)) {
        const there = key(piece.x, piece.y);
        if (squares.has(there)) {
          problems.push({ path, code: "duplicate_position" });
          continue;
        }
        squares.set(there, { ...piece, index, ...(entry.state ? { state: entry.state } : {}), ...(whole ? { large: whole } : {}) });
        order.push(there);
      }
    });
    return { problems, squares, order, unknown };
  }

  /**
   * Every tile problem the kernel finds on a board in the request's format (edition,
   * expansions, tiles), as the engine's validator reports it: [{ path, code }], the path
   * of the tile entry blamed (`tiles[3]`, `tiles[3].tile`). The same rules as a tile laid
   * on the page, applied to the whole board at once: a problem between two tiles is the
   * later listed's (the earlier was there first), a board in pieces keeps its largest
   * piece (on a tie, the first listed's), the copy past those in the box is refused, and
   * the joins the layout rules refuse count only on a board whose tiles are otherwise
   * right (the server looks at the river's shape only then).
   */
  boardProblems(board) {
    const { edition, inPlay } = this.game(board);
    const { problems, squares, order, unknown } = this.lay(board, edition, inPlay);
    const groups = RulesKernel.joinedGroups(order);
    if (groups.length > 1) {
      const main = groups.reduce((best, group) => (group.length > best.length ? group : best));
      for (const group of groups) {
        if (group === main) continue;
        for (const square of group) problems.push({ path: `tiles[${squares.get(square).index}]`, code: "disconnected_tile" });
      }
    }
    const joins = [];
    for (const square of order) {
      const tile = squares.get(square);
      for (const [side, nx, ny] of this.geometry.neighbours(tile.x, tile.y)) {
        const other = squares.get(key(nx, ny));
        // Each pair once, from the later listed; the pieces of one large tile meet as printed.
        if (!other || other.index >= tile.index) continue;
        joins.push([tile, side, other]);
        const view = this.geometry.placed(tile);
        const problem = view && this.geometry.placed(other) ? this.joinProblem(view, side, other) : null;
        if (problem?.code === "edge_mismatch") problems.push({ path: `tiles[${tile.index}]`, code: problem.code });
      }
    }
    // A tile the page does not know is a problem of the server's: it then looks no further.
    if (!problems.length && !unknown) {
      for (const [tile, side, other] of joins) {
        const refused = this.refusedJoin(this.geometry.placed(tile), side, this.geometry.placed(other));
        if (refused) problems.push({ path: `tiles[${tile.index}]`, code: refused.code });
      }
    }
    return problems;
  }

  // -- figures ---------------------------------------------------------------------------

  /**
   * Every problem of the figures standing on features and corners of a board in the
   * request's format that the kernel decides, as the engine's validator reports them:
   * [{ path, code }], for figures on features, corners, spaces printed on tiles and
   * districts of large tiles: also a figure more than its owner has of its kind, one
   * more than a space holds and, on a board with no other such problem, a figure that
   * must join its owner's (a builder) standing on a feature where it has none. Kinds
   * unknown or not in play (the page offers only those in play) and the rules that are
   * not data (no figure by the volcano) are the server's.
   */
  figureProblems(board) {
    const { edition, inPlay } = this.game(board);
    const { squares } = this.lay(board, edition, inPlay);
    const problems = [];
    const onSpaces = new Map();
    const owned = new Map();
    const colors = new Set((board.players ?? []).map((player) => player?.color));
    const joining = [];
    (board.figures ?? []).forEach((figure, index) => {
      const path = `figures[${index}]`;
      const declared = this.figures.get(figure.kind ?? this.rules.figures[0]?.code);
      if (!declared) return;
      // A kind not in play is the server's to name (its declaration says by which code);
      // where it stands is still looked at, as for a figure of no kind.
      const kind = inPlay.admits(declared) ? declared.code : null;
      if (kind && colors.has(figure.player)) {
        // A player's supply of the kind, counted in the board's order: the first figure
        // past it is refused, as the server counts.
        const count = (owned.get(`${figure.player}|${kind}`) ?? 0) + 1;
        owned.set(`${figure.player}|${kind}`, count);
        if (count === declared.limit + 1) problems.push({ path, code: "too_many_figures" });
      }
      if (!this.geometry.locations.has(figure.at)) {
        // A space printed on the tile, or a district of a large tile.
        const there = `${key(figure.x, figure.y)}|${figure.at}`;
        const verdict = this.spaces.has(figure.at)
          ? this.spaceVerdict(squares, figure.x, figure.y, figure.at, kind, inPlay, onSpaces.get(there) ?? 0)
          : this.districtVerdict(squares, figure.x, figure.y, figure.at, kind);
        if (this.spaces.has(figure.at) && (!verdict || verdict.code === "too_many_figures")) {
          onSpaces.set(there, (onSpaces.get(there) ?? 0) + 1);
        }
        if (verdict?.code === "too_many_figures") {
          // One figure more than the space holds is refused; the ones after it are not
          // counted again.
          if ((onSpaces.get(there) ?? 0) === this.spaces.get(figure.at).holds + 1) problems.push({ path, code: verdict.code });
        } else if (verdict) {
          const named = verdict.code === "expansion_not_in_play" || verdict.code === "invalid_location";
          problems.push({ path: named ? `${path}.at` : path, code: verdict.code });
        }
        return;
      }
      const tile = squares.get(key(figure.x, figure.y));
      if (!tile) {
        problems.push({ path, code: "no_tile_at_figure" });
        return;
      }
      if (!this.geometry.placed(tile)) return;
      if (kind && declared.stands === "corner") {
        const verdict = this.cornerVerdict(squares, edition, figure.x, figure.y, figure.at, kind, inPlay);
        if (verdict) problems.push({ path: verdict.code === "invalid_location" ? `${path}.at` : path, code: "figure_not_allowed" });
        return;
      }
      const segment = this.geometry.segmentIndexAt(tile.tile, tile.rotation, figure.at, edition, tile.state);
      if (segment < 0) {
        problems.push({ path: `${path}.at`, code: "no_feature_at_location" });
        return;
      }
      const verdict = kind && this.figureVerdict(kind, this.geometry.placed(tile).segments[segment].kind, inPlay);
      if (verdict) problems.push({ path, code: verdict.code });
      const placement = kind && !verdict ? this.placement(kind, this.geometry.placed(tile).segments[segment].kind, inPlay) : null;
      if (placement?.beside.length) joining.push({ index, figure, tile, segment, placement });
    });
    // A figure that must join its owner's is looked at once the board holds no other
    // problem of its figures, as the server looks at it once the board is otherwise sound.
    if (problems.length) return problems;
    const figures = board.figures ?? [];
    for (const { index, figure, tile, segment, placement } of joining) {
      if (!this.besideOwn(squares, figures, edition, tile, segment, placement, figure.player, index)) {
        problems.push({ path: `figures[${index}]`, code: "figure_not_allowed" });
      }
    }
    return problems;
  }

  /** The placement letting `kind` stand on a feature kind with these codes in play: its
   * part and every code it needs are in play. */
  placement(kind, featureKind, inPlay) {
    return this.figures.get(kind)?.placements.find((placement) => placement.feature === featureKind
      && inPlay.parts.has(placement.part) && placement.needs.every((code) => inPlay.includes(code))) ?? null;
  }

  /**
   * Whether a figure of `kind` may stand on a feature of `featureKind` with these codes
   * in play: null when it may (the figures it must join are the caller's to check), else
   * { code } in the engine's terms: `unknown_figure_kind`, `expansion_not_in_play` (the
   * kind's part, or with `missing`, the codes a placement there needs) or
   * `figure_not_allowed` (with `places`: the feature kinds it may stand on).
   */
  figureVerdict(kind, featureKind, inPlay) {
    const declared = this.figures.get(kind);
    if (!declared) return { code: "unknown_figure_kind" };
    if (!inPlay.admits(declared)) return { code: "expansion_not_in_play", missing: [declared.part] };
    if (this.placement(kind, featureKind, inPlay)) return null;
    const possible = declared.placements.filter((placement) => placement.feature === featureKind);
    if (possible.length) {
      const missing = [...new Set(possible.flatMap((placement) => [placement.part, ...placement.needs])
        .filter((code) => !inPlay.includes(code)))];
      return { code: "expansion_not_in_play", missing, role: possible[0].role };
    }
    const places = [...new Set(declared.placements.filter((placement) => inPlay.parts.has(placement.part)
      && placement.needs.every((code) => inPlay.includes(code))).map((placement) => placement.feature))];
    return { code: "figure_not_allowed", places };
  }

  /** Whether the neutral figure `declared` stands on a tile, not on a feature, under the
   * board's `rules`: it names no feature kind, or its `on_tile_rule` is chosen (the
   * fairy of the other publishers' rules). */
  neutralOnTile(declared, rules) {
    if (declared && !declared.features?.length) return true;
    const rule = declared?.on_tile_rule;
    return Boolean(rule && rules?.[rule.name] === rule.value);
  }

  /**
   * The four squares around the corner `corner` (a name of the server's `corners`, such
   * as "NE": two sides' names) of square (x, y), each with the corner's name as seen
   * from that square: crossing a side turns its letter into the opposite side's. A figure
   * standing on a corner (a barn) needs a tile on each.
   */
  cornerSquares(x, y, corner) {
    const { sideByName } = this.geometry;
    const [first, second] = [...corner].map((name) => sideByName.get(name));
    const across = (side, crossed) => (crossed ? sideByName.get(side.opposite) : side);
    return [[false, false], [true, false], [false, true], [true, true]].map(([one, two]) => [
      x + (one ? first.offset[0] : 0) + (two ? second.offset[0] : 0),
      y + (one ? first.offset[1] : 0) + (two ? second.offset[1] : 0),
      across(first, one).name + across(second, two).name,
    ]);
  }

  /**
   * Whether a `kind` standing on corners (a barn) may stand on the `corner` of square
   * (x, y) of a board (Map key → placed tile): four tiles meet there, and on each both
   * half-edges that end at the corner belong to a feature the kind's placements in play
   * allow (a barn: fields). Null when it may, else { code } in the engine's terms:
   * `expansion_not_in_play` (the kind's part), `invalid_location` (not a corner's name),
   * `no_tile_at_figure` (with the empty square's x, y) or `figure_not_allowed` (with the
   * tile whose corner, `seen` as named from it, is not such a feature).
   */
  cornerVerdict(tiles, edition, x, y, corner, kind, inPlay) {
    const declared = this.figures.get(kind);
    if (!declared || !inPlay.admits(declared)) return { code: "expansion_not_in_play" };
    if (!this.rules.corners.includes(corner)) return { code: "invalid_location" };
    for (const [tx, ty, seen] of this.cornerSquares(x, y, corner)) {
      const tile = tiles.get(key(tx, ty));
      if (!tile) return { code: "no_tile_at_figure", x: tx, y: ty };
      for (const half of [seen, [...seen].reverse().join("")]) {
        const index = this.geometry.segmentIndexAt(tile.tile, tile.rotation, half, edition, tile.state);
        const feature = index < 0 ? null : this.geometry.placed(tile).segments[index];
        if (!feature || !this.placement(kind, feature.kind, inPlay)) return { code: "figure_not_allowed", tile, seen };
      }
    }
    return null;
  }

  /**
   * Whether `player` has a figure a placement must stand beside (`placement.beside`: a
   * builder beside its owner's meeple) on the feature that segment `index` of `tile`
   * belongs to, across the whole board; `figures` is the board's list, leaving out the
   * one at `ignoreIndex` (the figure changing hands).
   */
  besideOwn(tiles, figures, edition, tile, index, placement, player, ignoreIndex = -1) {
    const members = this.featureMembers(tiles, edition, tile.x, tile.y, index);
    return figures.some((figure, at) => {
      // A figure of no kind is of the first kind (the meeple), as the request reads it.
      const kind = figure.kind ?? this.rules.figures[0]?.code;
      if (at === ignoreIndex || figure.player !== player || !placement.beside.includes(kind)) return false;
      const other = tiles.get(key(figure.x, figure.y));
      const segment = other ? this.geometry.segmentIndexAt(other.tile, other.rotation, figure.at, edition, other.state) : -1;
      return members.has(`${key(figure.x, figure.y)}#${segment}`);
    });
  }

  /** Whether tile type `code` prints the space `name` (an acrobat space): its data
   * lists the landmark. */
  prints(code, name) {
    return (this.types.get(code)?.features ?? []).some((feature) => feature.kind === name);
  }

  /**
   * Whether a figure of `kind` (null: any) may go on the space `name` printed on the
   * tile at (x, y) of a board (Map key → placed tile) where `standing` figures stand on
   * it already: null when it may, else { code }: `expansion_not_in_play` (the space's
   * part), `no_tile_at_figure`, `invalid_location` (the tile prints no such space),
   * `figure_not_allowed` (the space does not take that kind) or `too_many_figures` (it
   * holds no more).
   */
  spaceVerdict(tiles, x, y, name, kind, inPlay, standing) {
    const space = this.spaces.get(name);
    if (!space || !inPlay.admits(space)) return { code: "expansion_not_in_play" };
    const tile = tiles.get(key(x, y));
    if (!tile) return { code: "no_tile_at_figure" };
    if (!this.prints(tile.tile, name)) return { code: "invalid_location" };
    if (kind && !space.kinds.includes(kind)) return { code: "figure_not_allowed" };
    if (standing >= space.holds) return { code: "too_many_figures" };
    return null;
  }

  /** Whether a figure of `kind` may stand in the district `name` of the large tile
   * covering (x, y): null when it may, else { code }: `no_tile_at_figure`,
   * `invalid_location` (no large tile there, or no such district) or
   * `figure_not_allowed` (only followers stand in a district). */
  districtVerdict(tiles, x, y, name, kind) {
    const tile = tiles.get(key(x, y));
    if (!tile) return { code: "no_tile_at_figure" };
    const large = tile.large ? this.large.get(tile.large.tile) : null;
    if (!large?.districts.some((district) => district.name === name)) return { code: "invalid_location" };
    if (kind && !this.figures.get(kind)?.follower) return { code: "figure_not_allowed" };
    return null;
  }

  /**
   * The segments joined to segment `index` of the tile at (x, y) across the board's
   * edges: a Set of "x,y#index". Locations meet as the server's data says.
   */
  featureMembers(tiles, edition, x, y, index) {
    const { geometry } = this;
    const members = new Set([`${key(x, y)}#${index}`]);
    const queue = [[x, y, index]];
    while (queue.length) {
      const [tx, ty, segmentIndex] = queue.pop();
      const segment = geometry.placed(tiles.get(key(tx, ty))).segments[segmentIndex];
      for (const location of segment.locations) {
        const info = geometry.locations.get(location);
        if (!info?.side) continue;
        const { offset } = geometry.sideByName.get(info.side);
        const neighbour = tiles.get(key(tx + offset[0], ty + offset[1]));
        if (!neighbour) continue;
        const other = geometry.placed(neighbour).segments.findIndex((candidate) => candidate.locations.includes(info.meets)
          && Geometry.printed(candidate, edition));
        const member = `${key(neighbour.x, neighbour.y)}#${other}`;
        if (other >= 0 && !members.has(member)) {
          members.add(member);
          queue.push([neighbour.x, neighbour.y, other]);
        }
      }
    }
    return members;
  }
}
