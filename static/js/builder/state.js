// BoardState: the one owner of everything the page knows about the board. The board
// itself (edition, expansions, rules, players, tiles, figures) is an immutable "doc" that
// each action replaces, so undo and redo are stacks of earlier docs. Beside it sits the
// passing state of the page (the tile in hand, the cursor, the current player, what is
// highlighted), which is not undone. Views listen for "change" events and redraw only
// what differs; the scoring request and every saved or exported board are built from
// the doc by toBoard(), never read back from the page.

import { key } from "./geometry.js";

const UNDO_LIMIT = 300;
const COALESCE_MS = 1500;

/** A doc from a board in the API request format (missing parts get their defaults:
 * `fallback` holds the edition and expansions, the catalogue the rules and the kind). */
export function docFromBoard(board, catalogue, fallback = {}) {
  const tiles = new Map();
  for (const tile of board.tiles ?? []) {
    const placed = { tile: tile.tile, x: tile.x, y: tile.y, rotation: tile.rotation ?? 0 };
    // What the player entered on the tile (which jetties its ferry links), as sent.
    if (tile.state && typeof tile.state === "object" && Object.keys(tile.state).length) {
      placed.state = Object.freeze({ ...tile.state });
    }
    if (catalogue.largeByCode?.has(placed.tile)) {
      // A large tile (the City of Carcassonne) is kept as its pieces, each an ordinary
      // tile of its square that remembers the whole (`large`, sent back as one entry).
      const large = Object.freeze({ ...placed });
      for (const piece of catalogue.kernel.pieces(placed.tile, placed.x, placed.y, placed.rotation)) {
        tiles.set(key(piece.x, piece.y), Object.freeze({ ...piece, large }));
      }
      continue;
    }
    tiles.set(key(placed.x, placed.y), Object.freeze(placed));
  }
  const defaults = catalogue.kernel.defaultCodes();
  return Object.freeze({
    edition: board.edition ?? fallback.edition ?? "C3",
    expansions: [...(board.expansions ?? fallback.expansions ?? defaults)],
    rules: { ...catalogue.defaultRules, ...(board.rules ?? {}) },
    players: (board.players ?? []).map((player) => {
      const entry = { color: player.color, name: player.name ?? "", points: player.points ?? 0 };
      for (const tokens of catalogue.rules.tokens) {
        if (player[tokens.name]) entry[tokens.name] = { ...player[tokens.name] };
      }
      return entry;
    }),
    tiles,
    figures: (board.figures ?? []).map((figure) => Object.freeze({
      player: figure.player, x: figure.x, y: figure.y, at: figure.at,
      kind: figure.kind ?? catalogue.defaultKind,
    })),
    // Figures nobody owns (declared by the server's `neutral`), as the request has them.
    neutral: (board.neutral ?? []).map((figure) => Object.freeze({ ...figure })),
  });
}

/** The per-tile states a tile of this code accepts with these parts in play, from the
 * server's `tile_states` and the tile's `states`: each with the values it may take. */
export function tileStatesFor(catalogue, inPlay, code) {
  const accepted = catalogue.has(code) ? catalogue.type(code).states ?? {} : {};
  return (catalogue.rules.tile_states ?? [])
    .filter((entry) => inPlay.parts.has(entry.part) && accepted[entry.name] !== undefined)
    .map((entry) => ({ ...entry, choices: accepted[entry.name] === true ? entry.values : accepted[entry.name] }));
}

/** The sides a state's value names on the tile turned `rotation` degrees, for a state
 * whose values name sides of the printed tile joined by "-" (the server's `sides`: a
 * ferry's "E-S" turned 90° lies south and west, ["S", "W"]); else null. */
export function stateSides(entry, value, rotation, geometry) {
  if (!entry.sides) return null;
  return String(value).split("-").map((side) => geometry.turn(side, rotation));
}

/** A state's value as the player sees it on the tile turned `rotation` degrees: for a
 * state naming sides of the printed tile, the sides it names on the board, in words
 * ("south and west"); else the value itself. */
export function stateValueWords(entry, value, rotation, geometry) {
  const sides = stateSides(entry, value, rotation, geometry);
  if (!sides) return String(value);
  const words = sides.map((side) => geometry.sideByName.get(side).word.toLowerCase());
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** What the board draws for a tile's states: a line between the sides a state links
 * (`sides`, as on the board; with the index in the tile data of the feature that line
 * is in the shape the state gives the tile, such as a bridge's road, as `feature`), or a
 * short label for any other. */
export function stateMarks(catalogue, inPlay, tile) {
  const given = tile.state ?? {};
  const { geometry } = catalogue;
  return tileStatesFor(catalogue, inPlay, tile.tile)
    .filter((entry) => given[entry.name] !== undefined)
    .map((entry) => {
      const value = given[entry.name];
      const sides = stateSides(entry, value, tile.rotation, geometry);
      if (!sides) return { name: entry.name, text: String(value) };
      const segment = geometry.shape(tile.tile, { [entry.name]: value })
        ? geometry.placed(tile)?.segments.find((candidate) => candidate.locations.length === sides.length
          && sides.every((side) => candidate.locations.includes(side)))
        : null;
      return { name: entry.name, sides, ...(segment ? { feature: segment.feature } : {}) };
    });
}

/** The start tile of a game with this edition and these codes, at (0, 0). */
export function startTiles(catalogue, edition, expansions) {
  const { kernel } = catalogue;
  const code = kernel.startTile(edition, kernel.inPlay(kernel.listed(edition, expansions)));
  return code ? [{ tile: code, x: 0, y: 0, rotation: 0 }] : [];
}

/** A new table: the start tile and two players. */
export function newDoc(initial, catalogue) {
  return docFromBoard({
    edition: initial.edition,
    expansions: initial.expansions,
    // The score pad hands its players and totals over ("Score the table").
    players: initial.players?.map((player) => ({ ...player })) ?? [
      { color: "red", name: "", points: 0 },
      { color: "blue", name: "", points: 0 },
    ],
    tiles: startTiles(catalogue, initial.edition, initial.expansions),
  }, catalogue);
}

export class BoardState extends EventTarget {
  constructor(doc, catalogue) {
    super();
    this.catalogue = catalogue;
    // Figures a player owns, by kind.
    this.limits = Object.fromEntries(catalogue.figures.map((kind) => [kind.code, kind.limit]));
    this.doc = doc;
    this.shapeTiles();
    this.undoStack = [];
    this.redoStack = [];
    this.ui = {
      hand: null, // tile code picked from the palette
      rotation: 0, // rotation of the tile in hand
      turned: false, // whether the player turned it on purpose (else it turns to fit)
      fresh: null, // { key, doc }: the tile just placed, which a tap on ⟳ turns while doc is current
      moving: null, // key of a placed tile being moved
      selected: null, // key of the placed tile shown in the inspector
      cursor: { x: 0, y: 0 }, // the keyboard's square
      currentPlayer: doc.players[0]?.color ?? null,
      figureKind: catalogue.defaultKind, // what a click on a feature of the selected tile puts there
      highlight: { keys: [], secondary: [], source: null }, // squares lit from the results
      hoverKey: null, // the square under the mouse, to light its results
      problems: [], // { key, message } for squares named by the last validation errors
      chooser: null, // { index, doc }: the figure just put, offered another owner or kind while doc is current
    };
  }

  // -- reading -------------------------------------------------------------------------

  get tiles() { return this.doc.tiles; }

  tileAt(x, y) { return this.doc.tiles.get(key(x, y)) ?? null; }

  figuresAt(x, y) {
    return this.doc.figures
      .map((figure, index) => ({ figure, index }))
      .filter(({ figure }) => figure.x === x && figure.y === y);
  }

  figureCount(color, kind) {
    return this.doc.figures.filter((f) => f.player === color && f.kind === kind).length;
  }

  /** The codes listed: those chosen that exist in the edition (unknown codes kept). */
  listed(doc = this.doc) {
    return this.catalogue.kernel.listed(doc.edition, doc.expansions);
  }

  /** What the listed codes put in play (see RulesKernel.inPlay). */
  inPlay(doc = this.doc) {
    if (this.inPlayFor?.doc !== doc) this.inPlayFor = { doc, inPlay: this.catalogue.kernel.inPlay(this.listed(doc)) };
    return this.inPlayFor.inPlay;
  }

  /** The board in the format of the scoring API request: tokens (goods) are sent only
   * when their part is in play. */
  toBoard(doc = this.doc) {
    const tokens = this.catalogue.tokens(this.inPlay(doc)).map((entry) => entry.name);
    // A tile's states go when their part is in play and the tile accepts them.
    const withStates = (tile) => {
      if (!tile.state) return { ...tile };
      const known = new Set(tileStatesFor(this.catalogue, this.inPlay(doc), tile.tile).map((entry) => entry.name));
      const state = Object.fromEntries(Object.entries(tile.state).filter(([name]) => known.has(name)));
      const { state: _, ...rest } = tile;
      return Object.keys(state).length ? { ...rest, state } : rest;
    };
    return {
      edition: doc.edition,
      expansions: this.listed(doc),
      rules: { ...doc.rules },
      players: doc.players.map((player) => {
        const entry = { color: player.color, name: player.name, points: player.points };
        for (const name of tokens) if (player[name]) entry[name] = { ...player[name] };
        return entry;
      }),
      // A large tile goes once, by its piece at (0, 0), as the request lays it.
      tiles: [...doc.tiles.values()].filter((tile) => !tile.large || (tile.x === tile.large.x && tile.y === tile.large.y))
        .map((tile) => (tile.large ? { ...tile.large } : withStates(tile))),
      figures: doc.figures.map((figure) => ({ ...figure })),
      // Sent only when some stand on the board (of the kinds in play).
      ...(this.neutralInPlay(doc).length ? { neutral: this.neutralInPlay(doc).map((figure) => ({ ...figure })) } : {}),
    };
  }

  /** The neutral figures on the board whose kind is in play. */
  neutralInPlay(doc = this.doc) {
    const kinds = new Set(this.catalogue.neutralFigures(this.inPlay(doc)).map((kind) => kind.code));
    return (doc.neutral ?? []).filter((figure) => kinds.has(figure.kind));
  }

  get canUndo() { return this.undoStack.length > 0; }
  get canRedo() { return this.redoStack.length > 0; }
  get undoLabel() { return this.undoStack.at(-1)?.label ?? ""; }
  get redoLabel() { return this.redoStack.at(-1)?.label ?? ""; }

  // -- changing ------------------------------------------------------------------------

  /** Replace the doc by `change(doc)`, keeping the old one for undo. */
  apply(label, change, coalesceKey = null) {
    const next = Object.freeze({ ...this.doc, ...change(this.doc) });
    const last = this.undoStack.at(-1);
    const now = Date.now();
    const merge = coalesceKey && last?.coalesceKey === coalesceKey && now - last.at < COALESCE_MS;
    if (merge) {
      last.at = now;
    } else {
      this.undoStack.push({ doc: this.doc, label, coalesceKey, at: now });
      if (this.undoStack.length > UNDO_LIMIT) this.undoStack.shift();
    }
    this.redoStack = [];
    this.doc = next;
    this.emit({ doc: true, label });
  }

  undo() {
    const entry = this.undoStack.pop();
    if (!entry) return;
    this.redoStack.push({ doc: this.doc, label: entry.label });
    this.doc = entry.doc;
    this.afterHistoryMove();
    this.emit({ doc: true, label: `Undid: ${entry.label}` });
  }

  redo() {
    const entry = this.redoStack.pop();
    if (!entry) return;
    this.undoStack.push({ doc: this.doc, label: entry.label });
    this.doc = entry.doc;
    this.afterHistoryMove();
    this.emit({ doc: true, label: `Redid: ${entry.label}` });
  }

  afterHistoryMove() {
    if (this.ui.moving && !this.doc.tiles.has(this.ui.moving)) this.ui.moving = null;
    if (this.ui.selected && !this.doc.tiles.has(this.ui.selected)) this.ui.selected = null;
    this.keepCurrentPlayer();
  }

  keepCurrentPlayer() {
    const colors = this.doc.players.map((player) => player.color);
    if (!colors.includes(this.ui.currentPlayer)) this.ui.currentPlayer = colors[0] ?? null;
  }

  setUi(changes) {
    Object.assign(this.ui, changes);
    this.emit({ ui: true });
  }

  /** Let the geometry know the tile states this board has in play, which alone reshape
   * a tile (a bridge: see Geometry.shape); the board that changed last is the one shown. */
  shapeTiles() {
    this.catalogue.geometry.statesInPlay = () => {
      const inPlay = this.inPlay();
      if (this.statesFor?.inPlay !== inPlay) {
        this.statesFor = { inPlay, names: new Set((this.catalogue.rules.tile_states ?? [])
          .filter((entry) => inPlay.parts.has(entry.part)).map((entry) => entry.name)) };
      }
      return this.statesFor.names;
    };
  }

  emit(detail) {
    this.shapeTiles();
    this.dispatchEvent(new CustomEvent("change", { detail: { doc: false, ui: false, ...detail } }));
  }

  // -- actions on the board --------------------------------------------------------------

  placeTile(code, x, y, rotation) {
    const tile = Object.freeze({ tile: code, x, y, rotation });
    this.apply(`place ${code} at (${x}, ${y})`, (doc) => {
      const tiles = new Map(doc.tiles);
      tiles.set(key(x, y), tile);
      return { tiles };
    });
  }

  removeTile(x, y) {
    const tile = this.tileAt(x, y);
    if (!tile) return;
    if (tile.large) return this.removeLarge(tile.large);
    if (this.ui.selected === key(x, y)) this.ui.selected = null;
    if (this.ui.moving === key(x, y)) this.ui.moving = null;
    this.apply(`remove ${tile.tile} from (${x}, ${y})`, (doc) => {
      const tiles = new Map(doc.tiles);
      tiles.delete(key(x, y));
      // A figure on a corner (a barn) goes too where that corner loses one of its tiles.
      const onCorner = (f) => this.catalogue.figureByCode.get(f.kind)?.stands === "corner"
        && this.catalogue.kernel.cornerSquares(f.x, f.y, f.at).some(([cx, cy]) => cx === x && cy === y);
      return {
        tiles,
        figures: doc.figures.filter((f) => (f.x !== x || f.y !== y) && !onCorner(f)),
        neutral: (doc.neutral ?? []).filter((f) => f.x !== x || f.y !== y),
      };
    });
  }

  /** Take a large tile off: all its pieces, with the figures on them and in its districts. */
  removeLarge(large) {
    const mine = (tile) => tile?.large && tile.large.x === large.x && tile.large.y === large.y;
    this.apply(`remove ${large.tile} from (${large.x}, ${large.y})`, (doc) => {
      const tiles = new Map([...doc.tiles].filter(([, tile]) => !mine(tile)));
      const gone = (f) => mine(doc.tiles.get(key(f.x, f.y)));
      return { tiles, figures: doc.figures.filter((f) => !gone(f)), neutral: (doc.neutral ?? []).filter((f) => !gone(f)) };
    });
  }

  /** Move (and perhaps turn) a placed tile; its figures go with it. A piece of a large
   * tile does not move alone (take the whole off and lay it again). */
  moveTile(fromX, fromY, x, y, rotation) {
    const tile = this.tileAt(fromX, fromY);
    if (!tile || tile.large) return;
    const turn = (rotation - tile.rotation + 360) % 360;
    const verb = fromX === x && fromY === y ? "turn" : "move";
    if (this.ui.selected === key(fromX, fromY)) this.ui.selected = key(x, y);
    this.ui.moving = null;
    this.apply(`${verb} ${tile.tile} at (${fromX}, ${fromY})`, (doc) => {
      const tiles = new Map(doc.tiles);
      tiles.delete(key(fromX, fromY));
      tiles.set(key(x, y), Object.freeze({ ...tile, x, y, rotation }));
      const figures = doc.figures.flatMap((figure) => {
        if (figure.x !== fromX || figure.y !== fromY) return [figure];
        if (this.catalogue.figureByCode.get(figure.kind)?.stands === "corner") {
          // A figure on a corner (a barn) stays on its corner of the board, named from a
          // tile still there; with none left there it goes back.
          const anchor = this.catalogue.kernel.cornerSquares(fromX, fromY, figure.at)
            .find(([cx, cy]) => tiles.has(key(cx, cy)));
          return anchor ? [Object.freeze({ ...figure, x: anchor[0], y: anchor[1], at: anchor[2] })] : [];
        }
        return [Object.freeze({ ...figure, x, y, at: this.catalogue.geometry.turn(figure.at, turn) })];
      });
      // A neutral figure on the tile goes with it (one standing on the tile has no `at`).
      const neutral = (doc.neutral ?? []).map((figure) => (figure.x === fromX && figure.y === fromY
        ? Object.freeze({ ...figure, x, y, ...(figure.at ? { at: this.catalogue.geometry.turn(figure.at, turn) } : {}) })
        : figure));
      return { tiles, figures, neutral };
    });
  }

  /** Put a figure; one already on the same feature of that tile is replaced. */
  putFigure(figure, replacedIndex = -1) {
    const who = figure.player;
    this.apply(`put ${who} ${figure.kind} at (${figure.x}, ${figure.y})`, (doc) => {
      const figures = doc.figures.filter((_, index) => index !== replacedIndex);
      figures.push(Object.freeze({ ...figure }));
      return { figures };
    });
  }

  /** Put a neutral figure (nobody's), or take one back (`index`). */
  putNeutral(figure) {
    this.apply(`put the ${figure.kind} at (${figure.x}, ${figure.y})`,
      (doc) => ({ neutral: [...(doc.neutral ?? []), Object.freeze({ ...figure })] }));
  }

  removeNeutral(index) {
    const figure = this.doc.neutral?.[index];
    if (!figure) return;
    this.apply(`remove the ${figure.kind} from (${figure.x}, ${figure.y})`,
      (doc) => ({ neutral: doc.neutral.filter((_, i) => i !== index) }));
  }

  removeFigure(index) {
    const figure = this.doc.figures[index];
    if (!figure) return;
    this.apply(`remove ${figure.player} ${figure.kind} from (${figure.x}, ${figure.y})`,
      (doc) => ({ figures: doc.figures.filter((_, i) => i !== index) }));
  }

  // -- actions on the game options and the players -------------------------------------

  setEdition(edition) {
    this.apply(`edition ${edition}`, (doc) => this.withStartTile({ ...doc, edition }));
  }

  setExpansion(code, on) {
    this.apply(`${on ? "add" : "remove"} ${code}`, (doc) => this.withStartTile({
      ...doc,
      expansions: on
        ? [...new Set([...doc.expansions, code])]
        : doc.expansions.filter((c) => c !== code),
    }));
  }

  /** A whole game at once (a box: its edition and what it holds), one step to undo. */
  setGame(edition, expansions, label) {
    this.apply(label, (doc) => this.withStartTile({ ...doc, edition, expansions: [...expansions] }));
  }

  /** A board holding only its start tile follows the game options: a river game
   * starts from the spring. A board with more on it is left as it is. */
  withStartTile(doc) {
    // The start tile alone (or a large start tile's pieces alone) changes with the game.
    const laid = [...doc.tiles.values()];
    const only = laid[0]?.large ?? laid[0];
    const alone = laid.length === 1 || (only && laid.every((tile) => tile.large === only));
    if (!alone || doc.figures.length || only.x !== 0 || only.y !== 0) return doc;
    const [start] = startTiles(this.catalogue, doc.edition, doc.expansions);
    if (!start || start.tile === only.tile) return doc;
    return { ...doc, tiles: docFromBoard({ tiles: [start] }, this.catalogue).tiles };
  }

  /** Set a player's count of one token (a good). Tokens that are points already on
   * the scoreboard (score markers) replace the points entered as a sum: the request
   * takes one form or the other. */
  setTokens(color, name, kind, count) {
    const entry = this.catalogue.rules.tokens.find((candidate) => candidate.name === name);
    const scoreboard = entry?.on_scoreboard;
    // A token held or not of which the game has one (the king's tile: `in_all` 1) passes
    // to the player who takes it.
    const passes = entry?.flags && entry.in_all === 1 && count === true;
    this.apply(`${color} ${kind}`, (doc) => ({
      players: doc.players.map((player) => {
        if (player.color === color) {
          return { ...player, [name]: { ...(player[name] ?? {}), [kind]: count }, ...(scoreboard ? { points: 0 } : {}) };
        }
        return passes && player[name]?.[kind] ? { ...player, [name]: { ...player[name], [kind]: false } } : player;
      }),
    }), `tokens:${color}:${kind}`);
  }

  /** Set (or with `null`, clear) a state of the tile at (x, y): its ferry's link. A
   * figure that stood on a feature the state made (a meeple on a bridge's road) and that
   * the new shape no longer has comes off in the same step; returns those taken off, as
   * [{figure, feature}] (the feature it stood on). */
  setTileState(x, y, name, value) {
    const tile = this.tileAt(x, y);
    if (!tile || tile.large) return [];
    const state = { ...(tile.state ?? {}) };
    if (value === null || value === undefined) delete state[name];
    else state[name] = value;
    const { geometry } = this.catalogue;
    const { edition } = this.doc;
    const shaped = Object.keys(state).length ? state : null;
    const gone = (figure) => figure.x === x && figure.y === y && figure.at
      && geometry.segmentIndexAt(tile.tile, tile.rotation, figure.at, edition, tile.state) >= 0
      && geometry.segmentIndexAt(tile.tile, tile.rotation, figure.at, edition, shaped) < 0;
    const takenOff = [...this.doc.figures, ...(this.doc.neutral ?? [])].filter(gone).map((figure) => ({
      figure, feature: geometry.placed(tile).segments[geometry.segmentIndexAt(tile.tile, tile.rotation, figure.at, edition, tile.state)],
    }));
    this.apply(`${name} of ${tile.tile} at (${x}, ${y})`, (doc) => {
      const tiles = new Map(doc.tiles);
      const { state: _, ...rest } = tile;
      tiles.set(key(x, y), Object.freeze(Object.keys(state).length ? { ...rest, state: Object.freeze(state) } : rest));
      if (!takenOff.length) return { tiles };
      return { tiles, figures: doc.figures.filter((figure) => !gone(figure)),
        ...(doc.neutral ? { neutral: doc.neutral.filter((figure) => !gone(figure)) } : {}) };
    }, takenOff.length ? null : `state:${x},${y}:${name}`);
    return takenOff;
  }

  setRule(name, value) {
    this.apply(`rule ${name}`, (doc) => ({ rules: { ...doc.rules, [name]: value } }));
  }

  addPlayer(color) {
    this.apply(`add player ${color}`, (doc) => ({
      players: [...doc.players, { color, name: "", points: 0 }],
    }));
  }

  removePlayer(color) {
    const players = this.doc.players.filter((player) => player.color !== color);
    if (!players.some((player) => player.color === this.ui.currentPlayer)) {
      this.ui.currentPlayer = players[0]?.color ?? null;
    }
    this.apply(`remove player ${color}`, (doc) => ({
      players: doc.players.filter((player) => player.color !== color),
      figures: doc.figures.filter((figure) => figure.player !== color),
    }));
  }

  /** Change a player's name, points or colour (their figures follow a new colour). */
  updatePlayer(color, changes) {
    const field = Object.keys(changes).join(",");
    if (changes.points) {
      // Points typed as a sum replace the score markers (the request takes one form).
      for (const entry of this.catalogue.rules.tokens) if (entry.on_scoreboard) changes = { ...changes, [entry.name]: undefined };
    }
    if (changes.color && this.ui.currentPlayer === color) this.ui.currentPlayer = changes.color;
    this.apply(`change ${color} player`, (doc) => {
      const players = doc.players.map((player) => (
        player.color === color ? { ...player, ...changes } : player));
      const newColor = changes.color;
      const figures = newColor && newColor !== color
        ? doc.figures.map((f) => (f.player === color ? Object.freeze({ ...f, player: newColor }) : f))
        : doc.figures;
      return { players, figures };
    }, changes.color ? null : `player:${color}:${field}`);
  }

  /** Replace the whole board (an imported file, a saved draft, a new table). */
  load(doc, label) {
    Object.assign(this.ui, {
      moving: null, selected: null, hand: null, problems: [],
      highlight: { keys: [], secondary: [], source: null },
    });
    if (!doc.players.some((player) => player.color === this.ui.currentPlayer)) {
      this.ui.currentPlayer = doc.players[0]?.color ?? null;
    }
    this.apply(label, () => doc);
  }
}
