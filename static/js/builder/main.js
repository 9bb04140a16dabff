// The board builder page: reads the data rendered into the page, opens the board (the
// draft kept in this browser, else the saved board, else a new table with the start
// tile), and wires the parts together. What a click, a tap or a key does on the board is
// decided here, in the controller; each part only draws or asks.

import { Catalogue, colorInfo } from "./catalogue.js";
import { h, s } from "./dom.js";
import { BadgeDrag } from "./badgedrag.js";
import { NeutralDock } from "./neutraldock.js";
import { BoardView, UNIT, tileLabel } from "./boardview.js";
import { EdgeScroll } from "./edgescroll.js";
import {
  applyFigureAction, cornerKinds, cornerNear, cornerRefusal, emptyCornerWords, figureAction, figureOnCorner,
  figureShape, figureWord, neutralAction, neutralShape, playerWords,
} from "./figures.js";
import { key } from "./geometry.js";
import { isHole, typesFittingHole } from "./holes.js";
import { Inspector } from "./inspector.js";
import { installKeyboard } from "./keyboard.js";
import { Palette } from "./palette.js";
import {
  checkFigure, checkLayout, checkNeutral, isFresh, moveTo, placeHand, removePlaced, startMove, turnFresh, turnPlaced,
} from "./placement.js";
import { TilePictures } from "./pictures.js";
import { PlayersEditor, TurnPicker, badge } from "./players.js";
import { Results } from "./results.js";
import { ScoreSheet, summaryLine } from "./sheet.js";
import { FigureLegend, figureIcon } from "./legend.js";
import { Setup } from "./setup.js";
import { BoardState, docFromBoard, newDoc, startTiles, stateValueWords } from "./state.js";
import { FigureChooser } from "./chooser.js";
import { TileCloseUp } from "./closeup.js";
import { TileHolds } from "./tileholds.js";
import { TileWays } from "./tileways.js";
import { Drafts, boardFromText, exportBoard, saveBoard } from "./storage.js";
import { Viewport } from "./viewport.js";
import { capitalise } from "./words.js";

const root = document.querySelector("[data-builder]");
const readJson = (id) => JSON.parse(document.getElementById(id)?.textContent ?? "null");
const data = readJson("builder-data");
const savedBoard = readJson("saved-board");
const savedId = root.dataset.savedId || "";
const part = (name) => root.querySelector(`[data-${name}]`);

const catalogue = new Catalogue(data);

/** Load the tiles of the expansions these codes put in play, if the page lacks them (it
 * carries only the game in play's); false when the server cannot be reached. */
async function ensureTiles(codes) {
  const missing = catalogue.missingGroups(Array.isArray(codes) ? codes.filter((code) => typeof code === "string") : []);
  if (!missing.length) return true;
  try {
    // The groups it has go along: a state the new ones bring (a bridge) reshapes those
    // tiles too, and they come again with that shape.
    const have = catalogue.groups ? `&have=${encodeURIComponent([...catalogue.groups].join(","))}` : "";
    const response = await fetch(`${data.urls.tiles}?groups=${encodeURIComponent(missing.join(","))}${have}`,
      { headers: { Accept: "application/json" } });
    if (!response.ok) return false;
    const answer = await response.json();
    pictures.add(answer.pictures);
    catalogue.addTiles(answer);
    return true;
  } catch {
    return false;
  }
}
const pictures = new TilePictures(data.urls.tile_svg, catalogue, data.pictures);
const tileUrl = (code) => pictures.imageUrl(code);
// A table handed over by the score pad keeps its draft apart (``initial.draft``).
const drafts = new Drafts(data.initial.draft ?? window.location.pathname);

// -- the board to start with -----------------------------------------------------------------

/** A board read from elsewhere (a file, a draft) as a doc, with players made up if none. */
function docFromOutside(board, players) {
  // A tile type the catalogue no longer has cannot be drawn or checked: it is left out.
  const tiles = (board.tiles ?? []).filter((tile) => catalogue.has(tile?.tile));
  const doc = docFromBoard({ ...board, tiles }, catalogue, data.initial);
  if (doc.players.length) return doc;
  return Object.freeze({ ...doc, players: players.map((player) => ({ ...player })) });
}

// A new table for the page's selection, made once: the start when nothing else is, and its
// players for a board from elsewhere that names none (docFromOutside copies them).
const newTable = newDoc(data.initial, catalogue);
const defaultPlayers = newTable.players;
let startDoc = null;
let startNote = "";
let restored = false; // the board in progress or the saved board came back
const draft = drafts.load();
// A draft kept in this browser may play other expansions than the page was made for.
if (draft) await ensureTiles(draft.board?.expansions ?? []);
if (draft) {
  try {
    startDoc = docFromOutside(boardFromText(JSON.stringify(draft.board), catalogue), defaultPlayers);
    restored = true;
    startNote = "Your board in progress was kept in this browser and is back."
      + (savedId ? " “Back to the saved version” shows the board as it was shared." : " “New board” starts again.");
  } catch {
    drafts.forget();
  }
}
if (!startDoc && savedBoard) {
  startDoc = docFromOutside(savedBoard, defaultPlayers);
  restored = true;
  startNote = `Saved board ${savedId}: change it as you like, the shared link keeps this version.`;
}
if (!startDoc) {
  startDoc = newTable;
  startNote = "The start tile is on the table. Set the players under “Game and players”, then pick the next tile from the tiles by the board.";
}

const state = new BoardState(startDoc, catalogue);
if (draft?.currentPlayer && startDoc.players.some((p) => p.color === draft.currentPlayer)) {
  state.ui.currentPlayer = draft.currentPlayer;
}

// -- the parts of the page ---------------------------------------------------------------------

const svg = root.querySelector("svg.board");
const messageBox = part("message");
const workbench = part("workbench");
const resultsSection = part("results-section");
const sheet = new ScoreSheet(part("score-sheet"));
const boardView = new BoardView(svg, state, catalogue, pictures);

function say(text, tone = "info") {
  messageBox.textContent = text;
  messageBox.dataset.tone = tone;
}
const report = (outcome) => { if (outcome?.message) say(outcome.message, outcome.ok === false ? "error" : "info"); return outcome; };

// The smallest square, in pixels, the view zooms out to by itself to keep the table in
// view: on a touch screen large enough for a fingertip to pick a feature without a pinch.
const MIN_SQUARE_PIXELS = window.matchMedia("(pointer: coarse)").matches ? 64 : 44;
const squareOf = ([bx, by]) => ({ x: Math.floor(bx / UNIT), y: Math.floor(by / UNIT) });

function rectOf(keys) {
  const points = keys.map((k) => k.split(",").map(Number));
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  return {
    x: minX * UNIT, y: minY * UNIT,
    width: (Math.max(...xs) + 1 - minX) * UNIT, height: (Math.max(...ys) + 1 - minY) * UNIT,
  };
}

/** Bring squares into view: pan if they fit, otherwise zoom out to show them all. */
function reveal(keys, select = false) {
  if (!keys.length) return;
  const rect = rectOf(keys);
  if (rect.width * viewport.scale > viewport.width - 40 || rect.height * viewport.scale > viewport.height - 40) {
    viewport.fit(rect);
  } else {
    viewport.reveal(rect, 30);
  }
  if (select && keys.length === 1) {
    const [x, y] = keys[0].split(",").map(Number);
    state.setUi({ cursor: { x, y }, selected: state.doc.tiles.has(keys[0]) ? keys[0] : state.ui.selected });
  }
  boardBackInSight("smooth");
}

/** On a narrow screen, scroll the board's part back to the top of the screen when the
 * page has been scrolled away from it (to the tile's panel under it). */
function boardBackInSight(behavior = "auto") {
  if (!window.matchMedia("(max-width: 63.99rem)").matches) return;
  const top = workbench.getBoundingClientRect().top;
  if (top < -10 || top > window.innerHeight / 2) workbench.scrollIntoView({ block: "start", behavior });
}

/** Back to the board after a change made from the sheet (an import, a new board): on a
 * phone the sheet closes and the page goes back to its first screen, the board's. */
function showBoard() {
  if (!sheet.overlays) return;
  sheet.close();
  // Once the change is drawn: the game's panel above the board may have folded.
  requestAnimationFrame(() => {
    if (part("setup").open) workbench.scrollIntoView({ block: "start" });
    else window.scrollTo({ top: 0 });
  });
}

/** Scroll an element's top into the upper part of the screen, unless it is there already
 * (the page does not move under a reader for nothing). */
function bringIntoView(element) {
  const top = element.getBoundingClientRect().top;
  if (top >= 0 && top <= window.innerHeight * 0.6) return;
  window.scrollBy({ top: top - 8, behavior: "smooth" });
}

function describeSquare(x, y) {
  const tile = state.doc.tiles.get(key(x, y));
  if (tile) {
    const figures = state.figuresAt(x, y).map(({ figure }) => {
      const found = catalogue.featureAt(tile, figure.at, state.doc.edition);
      return `${playerWords(figure.player, state.doc.players)} ${figureWord(catalogue, figure.kind, found?.feature.kind)} at ${figure.at}`;
    });
    return `${tileLabel(tile, catalogue.has(tile.tile) ? catalogue.type(tile.tile) : null, catalogue.geometry)}.`
      + (figures.length ? ` Figures: ${figures.join("; ")}.` : "");
  }
  const holding = state.ui.hand ?? (state.ui.moving ? state.doc.tiles.get(state.ui.moving)?.tile : null);
  if (holding) {
    return boardView.legalKeys().has(key(x, y))
      ? `(${x}, ${y}): empty, tile ${holding} fits here. Enter places it.`
      : `(${x}, ${y}): empty, tile ${holding} does not fit here turned ${state.ui.rotation}°.`;
  }
  return `(${x}, ${y}): empty.`;
}

/** The location on `tile`, at square (x, y), under `point` (in board units): that of
 * the feature drawn under the pointer (`target`) when it is this square's, else the one
 * the tile's geometry finds there. */
function locationUnder(tile, x, y, point, target) {
  const featureElement = target?.closest?.("[data-feature]");
  const featureIndex = featureElement && featureElement.closest(".tile")?.dataset.key === key(x, y)
    ? Number(featureElement.dataset.feature) : null;
  return catalogue.geometry.locationAtPoint(tile.tile, tile.rotation,
    [point[0] / UNIT - x, point[1] / UNIT - y], state.doc.edition, featureIndex, tile.state);
}

/** Whether square (x, y) is part of the selected tile (any square of a large tile). */
function isSelected(x, y) {
  const { selected } = state.ui;
  if (!selected) return false;
  if (selected === key(x, y)) return true;
  const mine = state.tileAt(x, y)?.large;
  const chosen = state.doc.tiles.get(selected)?.large;
  return Boolean(mine && chosen && mine.x === chosen.x && mine.y === chosen.y);
}

const controller = {
  /** Keep a square and the squares round it in view (the board grows there). */
  follow(x, y) {
    // The whole table stays in view while its squares stay large enough to tap a
    // feature on; past that, the view pans to keep the new tile and its neighbours.
    const extent = boardView.extent();
    const right = zoomButtons.offsetWidth;
    const scale = viewport.fitScale(extent, 8, right); // as this.fit() would show it
    const [left, top] = viewport.toBoard(svg.getBoundingClientRect().left, svg.getBoundingClientRect().top);
    const shown = left <= extent.x && top <= extent.y
      && left + viewport.width / viewport.scale >= extent.x + extent.width
      && top + viewport.height / viewport.scale >= extent.y + extent.height;
    // The table, and the squares round the new tile where the next copy may go, stay
    // clear of the zoom buttons down the board's right edge.
    if (!shown && scale * UNIT >= MIN_SQUARE_PIXELS) this.fit();
    else viewport.reveal({ x: (x - 1) * UNIT, y: (y - 1) * UNIT, width: 3 * UNIT, height: 3 * UNIT }, 10, 0, right);
    // The strips at the board's foot (the ways the new tile fits, what it holds) lie
    // over the lowest squares: the new tile stays above them, for its figure.
    // Measured only when one shows: reading the layout lays the page out at once.
    tileWays.render();
    tileHolds.render();
    neutralDock.render();
    if (tileWays.strip.hidden && tileHolds.strip.hidden && neutralDock.strip.hidden) return;
    const below = Math.max(0, svg.getBoundingClientRect().bottom - boardFoot.getBoundingClientRect().top);
    if (below) viewport.reveal({ x: x * UNIT, y: y * UNIT, width: UNIT, height: UNIT }, 4, below);
  },

  /** A tap (or click) on the board. One meaning for each, on every device:
   * - on an empty lit square: the tile in hand goes down there (and is selected);
   * - on a tile that is not selected (or a figure on it): that tile is selected, and
   *   nothing else changes;
   * - on a feature of the selected tile (the one just placed is selected): the current
   *   player's figure goes there; on a figure of the selected tile, it is taken back
   *   (the current player's) or becomes the current player's (another's).
   * Every change to the figures is ringed on the board, said, and undoable. */
  tap(point, target) {
    const { x, y } = squareOf(point);
    const here = key(x, y);
    state.ui.cursor = { x, y };
    if (state.ui.moving) return this.placed(() => moveTo(state, catalogue, x, y), x, y, false);
    const figureElement = target?.closest?.(".figure");
    // A tap on a neutral figure (nobody's) takes it back, as its panel's button does.
    const neutral = figureElement?.dataset.neutral ? state.doc.neutral?.[Number(figureElement.dataset.neutral)] : null;
    const figure = figureElement && !neutral ? state.doc.figures[Number(figureElement.dataset.index)] : null;
    // A figure drawn over the edge of its square belongs to its own tile.
    const owner = neutral ?? figure;
    if (owner && !isSelected(owner.x, owner.y)) return this.select(key(owner.x, owner.y));
    if (neutral) return this.neutral(neutral.x, neutral.y, neutral.at, neutral.kind);
    if (figure) return this.figure(figure.x, figure.y, figure.at, null, Number(figureElement.dataset.index));
    const tile = state.doc.tiles.get(here);
    if (!tile) {
      if (state.ui.hand) {
        return this.placed(() => placeHand(state, catalogue, x, y), x, y);
      }
      if (state.ui.selected) state.setUi({ selected: null });
      else state.setUi({});
      // A tap meant for a barn, just off the corner where it would stand.
      const forCorner = emptyCornerWords(state, catalogue, x, y,
        cornerNear(catalogue, [point[0] / UNIT - x, point[1] / UNIT - y]));
      if (forCorner) return say(forCorner, "error");
      if (isHole(state, catalogue, x, y)) return this.offerHole(x, y);
      return say(`(${x}, ${y}) is empty. Pick a tile from the tiles by the board to place one.`);
    }
    if (!isSelected(x, y)) return this.select(here);
    // Near a corner where a figure standing on corners (a barn) may stand, or stands:
    // the tap acts on the corner.
    const onCorners = cornerKinds(catalogue, state.inPlay());
    const corner = onCorners.length ? cornerNear(catalogue, [point[0] / UNIT - x, point[1] / UNIT - y]) : null;
    if (corner) {
      const cornerKind = onCorners.find((kind) => kind.code === state.ui.figureKind)?.code ?? onCorners[0].code;
      if (figureOnCorner(state, catalogue, x, y, corner) || !cornerRefusal(state, catalogue, x, y, corner, cornerKind)) {
        return this.figure(x, y, corner, cornerKind);
      }
    }
    const location = locationUnder(tile, x, y, point, target);
    if (!location) return say(`Tile ${tile.tile} has nothing a figure can stand on.`, "error");
    return this.figure(x, y, location, null);
  },

  /** A press held still: selects the tile under it (to turn, move or remove it) without
   * putting a figure. */
  hold(point, target) {
    const figureElement = target?.closest?.(".figure");
    const figure = figureElement ? state.doc.figures[Number(figureElement.dataset.index)] : null;
    const { x, y } = figure ?? squareOf(point);
    if (state.doc.tiles.has(key(x, y))) return this.select(key(x, y));
    return this.tap(point, target);
  },

  /** Carrying a placed tile to another square: press and hold it, then drag. Held at
   * the board's edge, it slides the board that way, as a tile from the palette does. */
  carry: {
    start(point) {
      const { x, y } = squareOf(point);
      const here = key(x, y);
      if (!state.doc.tiles.has(here) || state.ui.moving) return false;
      state.setUi({ selected: here });
      report(startMove(state, here));
      return true;
    },
    move(point, event) {
      edgeScroll.follow(event.clientX, event.clientY);
      this.light(point);
    },
    /** The square the carried tile is over is lit (as the board slides under it too). */
    light(point) {
      const { x, y } = squareOf(point);
      const hoverKey = key(x, y);
      if (hoverKey !== state.ui.hoverKey) state.setUi({ hoverKey });
    },
    drop(point) {
      edgeScroll.stop();
      const { x, y } = squareOf(point);
      const outcome = controller.placed(() => moveTo(state, catalogue, x, y), x, y, false);
      if (!outcome?.ok && state.ui.moving) {
        state.setUi({ moving: null, rotation: 0, turned: false });
        say(`${outcome.message} The tile stays where it was.`, "error");
      }
    },
    cancel() {
      edgeScroll.stop();
      if (state.ui.moving) state.setUi({ moving: null, rotation: 0, turned: false });
      say("Stopped moving the tile.");
    },
  },

  /** After a tile is put down, moved or turned: keep it in view, and let the server
   * check the layout rules of its expansion (the river); a change they refuse is
   * undone, with why. */
  placed(action, x, y, follow = true) {
    const before = state.doc;
    const outcome = report(action());
    if (!outcome.ok || state.doc === before) return outcome;
    if (follow) this.follow(x, y);
    const placedDoc = state.doc;
    takeBackIfRefused(checkLayout(state, catalogue, data.urls.check, x, y), placedDoc,
      follow ? "The tile went back in the box." : "The tile is back where it was.");
    return outcome;
  },

  select(tileKey) {
    const tile = state.doc.tiles.get(tileKey);
    if (!tile) return;
    state.setUi({ selected: tileKey, cursor: { x: tile.x, y: tile.y } });
    const who = state.ui.currentPlayer ? `${playerWords(state.ui.currentPlayer, state.doc.players)}'s` : "a";
    say(`Selected ${describeSquare(tile.x, tile.y)} A tap on one of its features now puts ${who} figure there; turn, move or remove it below.`);
  },

  /** A player's badge or a kind let go at `drop` (see badgedrag.js): the tile there
   * takes the figure as a tap on its feature would (a tile not yet selected is selected
   * for it: the drop names the feature and the owner or kind). A badge chooses its
   * player for the figures after it, as most figures in a row are one player's; a kind
   * is for this figure only, and the kind chosen above the board stays, since most
   * figures are of the first kind (a tap on a kind chooses it for the next ones). A
   * drag that rested on the other row brings both: that player stays chosen, the kind is
   * for this figure. */
  dropFigure({ player, kind }, drop) {
    const keptKind = state.ui.figureKind;
    state.setUi({ ...(player && { currentPlayer: player }), ...(kind && { figureKind: kind }) });
    try {
      const name = kind ? catalogue.figureByCode.get(kind)?.name ?? kind : "";
      const who = player ? capitalise(playerWords(player, state.doc.players)) : "";
      const chosen = player ? `${who}'s ${name || "figure"}` : `The ${name}`;
      const figureElement = drop?.target?.closest?.(".figure");
      const figure = figureElement && !figureElement.dataset.neutral ? state.doc.figures[Number(figureElement.dataset.index)] : null;
      const { x, y } = figure ?? (drop ? squareOf(drop.point) : {});
      if (!drop || !state.doc.tiles.has(key(x, y)) || state.ui.moving) {
        return say(`${chosen} was let go off the tiles: nothing put.${player ? ` ${who} now puts the figures.` : ""}`);
      }
      if (!isSelected(x, y)) state.ui.selected = key(x, y);
      // A kind let go on a figure goes on that figure's feature (a builder beside the
      // meeple it joins): a tap on the figure would take it back instead.
      return kind && figure
        ? this.figure(figure.x, figure.y, figure.at, kind)
        : this.tap(drop.point, drop.target);
    } finally {
      if (kind) state.setUi({ figureKind: keptKind });
    }
  },

  /** A neutral figure's chip (see neutraldock.js) let go at `drop`: the figure goes
   * where a "Put" of the tile's panel there would put it (the tile there is selected
   * for it, as for a badge let go on a tile). */
  dropNeutral(code, drop) {
    const declared = catalogue.neutralByCode.get(code);
    if (!declared) return;
    const { x, y } = drop ? squareOf(drop.point) : {};
    const tile = drop ? state.doc.tiles.get(key(x, y)) : null;
    if (!tile || state.ui.moving) return say(`The ${declared.name} was let go off the tiles: nothing put.`);
    if (!isSelected(x, y)) state.ui.selected = key(x, y);
    if (catalogue.kernel.neutralOnTile(declared, state.doc.rules)) return this.neutral(x, y, null, code);
    const location = locationUnder(tile, x, y, drop.point, drop.target);
    if (!location) return say(`Tile ${tile.tile} has nothing the ${declared.name} can stand on.`, "error");
    return this.neutral(x, y, location, code);
  },

  /** Put or take back a neutral figure (nobody's) from the tile's panel. On a phone,
   * where the panel lies under the board, the board comes back into sight with the
   * figure just put on it, as after a tap on the board. */
  neutral(x, y, location, code) {
    const outcome = neutralAction(state, catalogue, x, y, location, code);
    report(applyFigureAction(state, outcome));
    if (outcome.action !== "put-neutral") return;
    boardBackInSight();
    // As for a player's figure, the server has the last word on where it may stand (the
    // fairy beside a follower): one it refuses is taken back, with why.
    const placedDoc = state.doc;
    takeBackIfRefused(checkNeutral(state, data.urls.check, state.toBoard().neutral.length - 1),
      placedDoc, `The ${code} went back.`);
  },

  figure(x, y, location, kind, tapped = null) {
    const outcome = figureAction(state, catalogue, x, y, location, kind, tapped);
    const before = state.doc;
    report(applyFigureAction(state, outcome));
    if (outcome.action !== "put" || state.doc === before) return;
    this.checkLastFigure();
  },

  /** The figure just put, changed from the strip by it: another owner or kind. */
  choose(index, choice) {
    const figure = state.doc.figures[index];
    if (!figure) return;
    state.putFigure(choice.figure, index);
    say(`${choice.label.replace(/^Give it to /, "Given to ").replace(/^Make it /, "Now ")}: the figure at (${figure.x}, ${figure.y}). Undo changes it back.`);
    this.checkLastFigure();
  },

  checkLastFigure() {
    state.ui.chooser = { index: state.doc.figures.length - 1, doc: state.doc };
    // The page offers what the rules' data allows; the server has the last word (a
    // figure rule of an expansion), and a figure it refuses is taken back, with why.
    const placedDoc = state.doc;
    takeBackIfRefused(checkFigure(state, data.urls.check, state.doc.figures.length - 1),
      placedDoc, "The figure went back.");
  },

  /** A state entered on the tile's panel (`entry`: the server's tile state); the
   * figures that stood on a feature it took away came off with it: say so. How many
   * came off. */
  tileState(x, y, entry, value) {
    const takenOff = state.setTileState(x, y, entry.name, value);
    if (!takenOff.length) return 0;
    const names = takenOff.map(({ figure, feature }) => `${figure.player ? `${playerWords(figure.player, state.doc.players)}'s ` : "the "}`
      + `${figure.player ? figureWord(catalogue, figure.kind, feature?.kind)
        : (catalogue.rules.neutral ?? []).find((kind) => kind.code === figure.kind)?.name ?? figure.kind}`
      + ` on the ${catalogue.geometry.describe(feature)}`);
    say(`${capitalise(names.join(" and "))} came off with the ${entry.label}. Undo puts ${takenOff.length === 1 ? "it" : "them"} back.`);
    return takenOff.length;
  },

  takeBack(index) {
    const figure = state.doc.figures[index];
    if (!figure) return;
    const tile = state.doc.tiles.get(key(figure.x, figure.y));
    const found = tile ? catalogue.featureAt(tile, figure.at, state.doc.edition) : null;
    state.removeFigure(index);
    say(`Took ${playerWords(figure.player, state.doc.players)}'s ${figureWord(catalogue, figure.kind, found?.feature.kind)} back from (${figure.x}, ${figure.y}).`);
  },

  /** An empty square beside the board tapped with no tile in hand: the types that fit
   * it come first among the tiles by the board, and a tap on one lays it there. */
  offerHole(x, y) {
    state.setUi({ hole: { x, y } });
    const fitting = typesFittingHole(state, catalogue, x, y).length;
    if (!fitting) return say(`No tile left in the box fits (${x}, ${y}).`, "error");
    return say(`${fitting} tile type${fitting === 1 ? " fits" : "s fit"} (${x}, ${y}): `
      + `${fitting === 1 ? "it comes" : "they come"} first by the board, turned to fit. Tap one to lay it there.`);
  },

  pick(code) {
    const { hole } = state.ui;
    if (hole) state.setUi({ hole: null });
    if (!code) {
      state.setUi({ hand: null });
      return say("Tile put back in the box.");
    }
    state.setUi({ hand: code, moving: null, rotation: 0, turned: false, fresh: null });
    // Picked for the hole just tapped: it goes down there at once, turned to fit.
    if (hole && !catalogue.isLarge(code) && catalogue.kernel.fittingRotations(state.doc.tiles, code, hole.x, hole.y).length) {
      state.ui.cursor = { x: hole.x, y: hole.y };
      return this.placed(() => placeHand(state, catalogue, hole.x, hole.y), hole.x, hole.y);
    }
    const fits = boardView.legalKeys().size;
    if (fits) return say(`Tile ${code} in hand: it fits on ${fits} lit square${fits === 1 ? "" : "s"}. Tap one: it goes down turned to fit.`);
    return say(`Tile ${code} fits nowhere on this board.`, "error");
  },

  rotate() {
    const { hand, moving, selected, fresh } = state.ui;
    // The tile just placed turns first (to the next way it fits there); then a tile
    // being moved or in hand (by a quarter, on purpose); then the selected tile.
    if (!moving && fresh && isFresh(state, fresh.key)) return this.turnFresh();
    if (hand || moving) {
      const rotation = (state.ui.rotation + 90) % 360;
      state.setUi({ rotation, turned: true });
      const fits = boardView.legalKeys().size;
      return say(`Turned to ${rotation}°: ${fits ? `fits on ${fits} lit square${fits === 1 ? "" : "s"}` : "fits nowhere this way, press R again"}.`);
    }
    if (selected) {
      const [x, y] = selected.split(",").map(Number);
      return this.placed(() => turnPlaced(state, catalogue, selected), x, y, false);
    }
    return say("Pick a tile or select a placed tile to turn it.");
  },

  /** Turn the selected tile to the next way it fits where it lies (the inspector's Turn). */
  turn() {
    const { selected } = state.ui;
    if (!selected) return say("Select a placed tile to turn it.");
    const [x, y] = selected.split(",").map(Number);
    return this.placed(() => turnPlaced(state, catalogue, selected), x, y, false);
  },

  /** Turn the tile just placed to the next way it fits where it lies, or to the way
   * `to` (a rotation tapped on the strip of ways). */
  turnFresh(to = null) {
    const tileKey = state.ui.fresh?.key;
    if (!tileKey) return say("Only the tile just placed turns with a tap.");
    const [x, y] = tileKey.split(",").map(Number);
    return this.placed(() => {
      const outcome = turnFresh(state, catalogue, to);
      if (outcome.ok) state.ui.fresh = { key: tileKey, doc: state.doc };
      return outcome;
    }, x, y, false);
  },

  /** A type dragged from the palette and let go at a point of the window: over a square
   * of the board it goes down there, turned to fit (the hand then holds the type). */
  dropFromPalette(code, clientX, clientY) {
    const frame = svg.getBoundingClientRect();
    if (clientX < frame.left || clientX > frame.right || clientY < frame.top || clientY > frame.bottom) {
      return say(`Tile ${code} was let go outside the board: nothing placed.`);
    }
    state.ui.hole = null; // dropped on a square of its own: not laid in the hole tapped before
    this.pick(code);
    const { x, y } = squareOf(viewport.toBoard(clientX, clientY));
    state.ui.cursor = { x, y };
    return this.placed(() => placeHand(state, catalogue, x, y), x, y);
  },

  /** Put the keyboard in the palette's search field. */
  findTile() {
    palette.focusSearch();
    say("Type a tile's code or what it shows (city road, monastery…); Enter takes the first match.");
  },

  move() {
    if (!state.ui.selected) return say("Select a placed tile to move it.");
    return report(startMove(state, state.ui.selected));
  },

  remove() {
    if (!state.ui.selected) return say("Select a placed tile to remove it.");
    return report(removePlaced(state, catalogue, state.ui.selected));
  },

  cancel() {
    const { hand, moving, selected } = state.ui;
    if (state.ui.hole) { state.setUi({ hole: null }); say("Showing every tile type."); return true; }
    if (palette.query) { palette.filter(""); say("Showing every tile type."); return true; }
    if (moving) { state.setUi({ moving: null, rotation: 0, turned: false }); say("Stopped moving the tile."); return true; }
    if (hand) { state.setUi({ hand: null }); say("Tile put back in the box."); return true; }
    if (selected) { state.setUi({ selected: null }); say("Nothing selected."); return true; }
    return false;
  },

  undo() {
    if (!state.canUndo) return say("Nothing to undo.");
    const label = state.undoLabel;
    state.undo();
    return say(`Undid: ${label}.`);
  },

  redo() {
    if (!state.canRedo) return say("Nothing to redo.");
    const label = state.redoLabel;
    state.redo();
    return say(`Redid: ${label}.`);
  },

  choosePlayer(index) {
    const player = state.doc.players[index];
    if (!player) return false;
    state.setUi({ currentPlayer: player.color });
    say(`Figures now go to ${playerWords(player.color, state.doc.players)}.`);
    return true;
  },

  moveCursor(dx, dy) {
    const cursor = { x: state.ui.cursor.x + dx, y: state.ui.cursor.y + dy };
    state.setUi({ cursor });
    viewport.reveal({ x: cursor.x * UNIT, y: cursor.y * UNIT, width: UNIT, height: UNIT }, 30);
    say(describeSquare(cursor.x, cursor.y));
  },

  activateCursor() {
    const { x, y } = state.ui.cursor;
    const here = key(x, y);
    if (state.ui.moving) return this.placed(() => moveTo(state, catalogue, x, y), x, y, false);
    if (!state.doc.tiles.has(here)) {
      if (state.ui.hand) {
        return this.placed(() => placeHand(state, catalogue, x, y), x, y);
      }
      return say(`(${x}, ${y}) is empty. Pick a tile from the tiles by the board first.`);
    }
    if (state.ui.selected !== here) return this.select(here);
    const first = part("inspector").querySelector(".feature-list button");
    if (first) {
      first.focus();
      return say("Choose a feature for the figure, or Escape and Tab back to the board.");
    }
    return say(describeSquare(x, y));
  },

  /** The whole board, clear of the zoom buttons down its right edge. */
  fit() {
    viewport.fit(boardView.extent(), 8, zoomButtons.offsetWidth);
  },

  /** The game is set up: its panel folds, and on a phone (where the open panel pushed
   * the board below the screen) the page goes back to its first screen, the board's. A
   * wide screen keeps the board in sight beside the panels: the page stays put. */
  setupDone() {
    setupPanel.open = false;
    gameBegun = true;
    if (sheet.overlays) requestAnimationFrame(() => window.scrollTo({ top: 0 }));
    say("Set up. Pick the next tile from the tiles by the board; a tap on “Game and players” opens the game again.");
  },

  /** The view a page opens with: the whole board, unless its squares would be too small
   * for a fingertip; then its middle, at the smallest square a finger picks a feature on. */
  openView() {
    this.fit();
    if (viewport.scale * UNIT < MIN_SQUARE_PIXELS) viewport.zoomAt(MIN_SQUARE_PIXELS / (viewport.scale * UNIT));
  },

  /** Score the board and show the results: over the board on a narrow screen (the
   * sheet), beside it on a wide one. */
  async score() {
    // Everything but scoring and saving works without a connection; these say so plainly.
    if (!navigator.onLine) {
      sheet.sumUp("Offline: not scored");
      return say(OFFLINE_SCORE, "error");
    }
    say("Scoring…");
    sheet.sumUp("Scoring…");
    if (importing) await importing;
    const outcome = await results.score();
    report(outcome);
    sumUp();
    if (sheet.overlays) sheet.open();
    else bringIntoView(resultsSection);
    return outcome;
  },

  openSheet() {
    if (sheet.overlays) return sheet.toggle();
    return bringIntoView(resultsSection);
  },

  async save() {
    const share = part("share");
    if (!navigator.onLine) {
      share.replaceChildren(h("p", { class: "error-text", role: "alert", text: OFFLINE_SAVE }));
      return say(OFFLINE_SAVE, "error");
    }
    say("Saving…");
    const board = state.toBoard();
    const outcome = await saveBoard(board, data.urls.save, csrfToken());
    if (!outcome.ok) {
      // The problems in the page's words, as for a refused scoring.
      const why = outcome.errors.length ? await results.refusal(outcome.errors, board) : outcome.message;
      share.replaceChildren(h("p", { class: "error-text", role: "alert", text: why, dataset: { testid: "save-refused" } }));
      return say(`Not saved: ${why}`, "error");
    }
    const link = new URL(outcome.url, window.location.href).href;
    const field = h("input", { type: "text", readonly: true, value: link, "aria-label": "Share link", dataset: { testid: "share-url" } });
    field.addEventListener("focus", () => field.select());
    const copy = h("button", { type: "button", text: "Copy" });
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(link);
        say("Link copied.");
      } catch {
        field.select();
        say("Select the link and copy it.");
      }
    });
    share.replaceChildren(
      h("p", {}, "Saved. Anyone with this link sees this board: ",
        h("a", { href: outcome.url, dataset: { testid: "share-link" }, text: outcome.url })),
      h("div", { class: "share-row" }, field, copy),
    );
    return say("Saved: the share link is under Save.");
  },

  exportFile() {
    exportBoard(state.toBoard(), savedId ? `carcassonne-board-${savedId}.json` : "carcassonne-board.json");
    say("Exported the board as a JSON file.");
  },

  /** Read a board from a file. A Score tapped while its expansions' tiles are still on
   * their way waits for it, so that it scores the imported board, not the one before. */
  importFile(file) {
    if (!file) return Promise.resolve();
    importing = this.readImport(file).finally(() => { importing = null; });
    return importing;
  },

  async readImport(file) {
    try {
      const text = await file.text();
      let listed = [];
      try { listed = JSON.parse(text)?.expansions ?? []; } catch { /* boardFromText says why */ }
      if (!(await ensureTiles(listed))) throw new Error("the tiles of its expansions could not be loaded");
      const board = boardFromText(text, catalogue);
      state.load(docFromOutside(board, state.doc.players), `import ${file.name}`);
      this.fit();
      results.clear();
      showBoard();
      say(`Imported ${file.name}: ${state.doc.tiles.size} tiles, ${state.doc.figures.length} figures. Undo brings back the board before.`);
    } catch (error) {
      say(`Not imported: ${error.message}`, "error");
    }
  },

  newBoard() {
    const players = state.doc.players.map((player) => ({ ...player, points: 0 }));
    const { edition, expansions } = state.doc;
    const tiles = startTiles(catalogue, edition, expansions);
    state.load(docFromBoard({ ...state.toBoard(), players, tiles, figures: [], neutral: [] }, catalogue), "new board");
    results.clear();
    this.fit();
    showBoard();
    say("New board: the start tile is on the table. Undo brings the old board back.");
  },

  revert() {
    if (!savedBoard) return;
    state.load(docFromOutside(savedBoard, state.doc.players), "back to the saved version");
    results.clear();
    this.fit();
    showBoard();
    say("Back to the saved version. Undo brings your changes back.");
  },
};

/** When the server's check (a promise of its problem, or null) refuses the change that
 * made `placedDoc`, and nothing has changed since, undo it and say why, then `after`. The
 * reason is worded first, so that the change goes back and the page says why at once. */
async function takeBackIfRefused(check, placedDoc, after) {
  const problem = await check;
  const why = problem && await results.sentence(problem);
  if (!problem || state.doc !== placedDoc) return;
  state.undo();
  say(`${why} ${after}`, "error");
}

/** The import under way, if any (see importFile). */
let importing = null;

const OFFLINE_SCORE = "You are offline: scoring needs the connection. Your board is kept on this device; tap Score again once you are back online.";
const OFFLINE_SAVE = "You are offline: saving needs the connection. Your board is kept on this device; save it once you are back online.";
window.addEventListener("offline", () => say("Offline: go on building, the board is kept on this device. Score and Save wait for the connection."));
window.addEventListener("online", () => say("Back online: Score and Save work again."));

function csrfToken() {
  return root.querySelector("input[name=csrfmiddlewaretoken]")?.value ?? "";
}

let chooser = null;
let closeUp = null;
const viewport = new Viewport(svg, {
  onTap: (point, target) => {
    svg.classList.remove("show-cursor");
    controller.tap(point, target);
  },
  onHover: (point) => {
    const hoverKey = point ? key(squareOf(point).x, squareOf(point).y) : null;
    if (hoverKey !== state.ui.hoverKey) state.setUi({ hoverKey });
  },
  onHold: (point, target) => {
    svg.classList.remove("show-cursor");
    controller.hold(point, target);
  },
  onCarry: controller.carry,
  onChange: () => { closeUp?.render(); },
});
// A tile dragged (from the palette, or a placed one carried) and held at the board's
// edge slides the board that way.
const edgeScroll = new EdgeScroll(svg, viewport, (clientX, clientY) => {
  if (state.ui.moving) controller.carry.light(viewport.toBoard(clientX, clientY));
});

chooser = new FigureChooser(svg.parentElement, state, catalogue, (index, choice) => controller.choose(index, choice));
// A tap on the selected tile drawn large is a tap on the tile on the board.
closeUp = new TileCloseUp(svg.parentElement, svg, state, catalogue, pictures, (point, target) => controller.tap(point, target),
  () => boardView.legalKeys());
// The board's foot holds two strips: what the selected tile holds (a ferry's link) and
// the ways the tile just laid fits, each value one tap away over the board.
const boardFoot = h("div", { class: "board-foot" });
const zoomButtons = svg.parentElement.querySelector(".zoom-controls");
svg.parentElement.append(boardFoot);
const tileHolds = new TileHolds(boardFoot, state, catalogue, (tile, entry, value) => {
  if (!controller.tileState(tile.x, tile.y, entry, value)) {
    say(`${capitalise(entry.label)}: ${stateValueWords(entry, value, tile.rotation, catalogue.geometry)} (tile ${tile.tile} at (${tile.x}, ${tile.y})). Undo changes it back.`);
  }
});
const tileWays = new TileWays(boardFoot, state, catalogue, tileUrl, (rotation) => controller.turnFresh(rotation));
const neutralDock = new NeutralDock(boardFoot, state, catalogue, say);
// Under the finger: the badge, or the figure the drag will put, in its owner's colour.
const figureDragPicture = ({ player, kind, neutral }, owner = player ?? state.ui.currentPlayer) => (neutral
  ? figureIcon(neutralShape(catalogue.neutralByCode.get(neutral)))
  : kind ? s("svg", { viewBox: "-20 -21 40 40", width: 28, height: 28, dataset: { player: owner, kind } },
    figureShape(owner, catalogue.figureByCode.get(kind)))
  : badge(player));
new BadgeDrag(part("turn"), () => [closeUp.svg, svg], (choice, drop) => controller.dropFigure(choice, drop),
  figureDragPicture);
new BadgeDrag(neutralDock.strip, () => [closeUp.svg, svg], (choice, drop) => controller.dropNeutral(choice.neutral, drop),
  figureDragPicture, {
    labels: "button[data-neutral-chip]", choose: (chip) => ({ neutral: chip.dataset.neutralChip }), rest: (choice) => choice,
  });
const palette = new Palette(part("palette"), part("hand"), state, catalogue, tileUrl,
  (code) => controller.pick(code), (code, clientX, clientY) => controller.dropFromPalette(code, clientX, clientY),
  edgeScroll);
part("hand").after(palette.find);
const setup = new Setup(part("setup-game"), part("setup-summary"), state, catalogue, async (codes) => {
  if (catalogue.missingGroups(codes).length) say("Loading the tiles of that expansion…");
  const loaded = await ensureTiles(codes);
  if (!loaded) say("The tiles of that expansion could not be loaded: check the connection and tick it again.", "error");
  return loaded;
}, say);
const playersEditor = new PlayersEditor(part("players"), part("add-player"), state);
const turnPicker = new TurnPicker(part("turn"), state);
const legend = new FigureLegend(part("legend"), state, catalogue);
const inspector = new Inspector(part("inspector"), state, catalogue, controller, tileUrl);
const results = new Results(part("results"), state, data.urls.score, {
  // On a narrow screen the sheet makes way for the board, where the feature lights up;
  // the bar opens it again.
  reveal: (keys, select = false) => {
    if (sheet.overlays && sheet.isOpen) sheet.close();
    reveal(keys, select);
  },
  checkUrl: data.urls.check,
  errorWordsUrl: data.urls.error_words,
  focusPlayer: (index) => {
    if (sheet.overlays) sheet.close(true);
    const details = part("setup");
    setup.ensureBuilt();
    details.open = true;
    playersEditor.render();
    details.querySelectorAll("[data-player-row]")[index]?.querySelector("select, input")?.focus();
  },
});

// -- buttons -----------------------------------------------------------------------------------

const actions = {
  rotate: () => controller.rotate(),
  undo: () => controller.undo(),
  redo: () => controller.redo(),
  "zoom-in": () => viewport.zoomAt(1.25),
  "zoom-out": () => viewport.zoomAt(0.8),
  fit: () => controller.fit(),
  score: () => controller.score(),
  "open-sheet": () => controller.openSheet(),
  "close-sheet": () => sheet.close(),
  "setup-done": () => controller.setupDone(),
  save: () => controller.save(),
  export: () => controller.exportFile(),
  new: () => controller.newBoard(),
  revert: () => controller.revert(),
};
// A finger's tap on one of the page's buttons acts at once: Chromium drops the click of a tap that
// comes right after a drag (a tile dragged from the palette) while it waits to tell a
// double tap. The click that may still follow is then skipped.
let tappedTool = null;
root.addEventListener("pointerup", (event) => {
  const button = event.target.closest("button[data-action]");
  if (event.pointerType !== "touch" || !button || button.disabled || !actions[button.dataset.action]) return;
  tappedTool = button;
  setTimeout(() => { if (tappedTool === button) tappedTool = null; }, 600);
  actions[button.dataset.action]();
});
root.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-action]");
  if (button && button === tappedTool) { tappedTool = null; return; }
  if (button && actions[button.dataset.action]) actions[button.dataset.action]();
});
const importInput = part("import");
importInput.addEventListener("change", async () => {
  await controller.importFile(importInput.files?.[0]);
  importInput.value = "";
});
installKeyboard({ board: svg, controller, viewport });
svg.addEventListener("keydown", () => svg.classList.add("show-cursor"));
svg.addEventListener("blur", () => svg.classList.remove("show-cursor"));

// -- drawing -----------------------------------------------------------------------------------

const undoButton = root.querySelector("[data-action=undo]");
const redoButton = root.querySelector("[data-action=redo]");

/** The bar's line: the totals and the winner of the last scoring, or why there are none. */
function sumUp() {
  if (results.busy) return;
  if (results.isStale) sheet.sumUp("The board changed: tap Score again");
  else if (results.scored) sheet.sumUp(summaryLine(results.scored.response, state.doc.players));
  else if (results.refused) sheet.sumUp("Not scored: see why");
  else sheet.sumUp("Not scored yet");
}

function renderAll() {
  boardView.render();
  chooser.render();
  closeUp.render();
  tileHolds.render();
  tileWays.render();
  neutralDock.render();
  palette.render();
  setup.render();
  // The players' list lives in the folded game panel (on a phone, most of the time): it
  // is drawn when the panel is open, and as it opens.
  if (setupPanel.open) playersEditor.render();
  turnPicker.render();
  legend.render();
  inspector.render();
  results.render();
  sumUp();
  undoButton.disabled = !state.canUndo;
  redoButton.disabled = !state.canRedo;
  undoButton.setAttribute("aria-label", state.canUndo ? `Undo: ${state.undoLabel}` : "Undo");
  redoButton.setAttribute("aria-label", state.canRedo ? `Redo: ${state.redoLabel}` : "Redo");
}

// -- the game's panel: open while the game is being set up, folded once it has begun ------

const setupPanel = part("setup");
// A board that comes back (kept in this browser, or saved) has begun already.
let gameBegun = restored || state.doc.tiles.size > 1;
/** On a phone, fold the game's panel the first time a tile goes down beyond the start
 * tile: from then on the board matters more than the set-up (a tap on its line opens it
 * again). A wide screen has room for both, and leaves it as the player left it. */
function foldOnceBegun() {
  if (gameBegun || state.doc.tiles.size <= 1) return;
  gameBegun = true;
  if (sheet.overlays) setupPanel.open = false;
}
// Its controls are built as it opens (a tap on its line comes before it opens), or when
// the page has nothing else to do.
setupPanel.querySelector("summary").addEventListener("click", () => setup.ensureBuilt());
setupPanel.addEventListener("toggle", () => {
  if (!setupPanel.open) return;
  setup.ensureBuilt();
  playersEditor.render();
});

// Several changes in one event handler are drawn once, before the browser paints.
let queued = false;
state.addEventListener("change", (event) => {
  if (event.detail.doc) {
    foldOnceBegun();
    if (state.ui.problems.length) state.ui.problems = [];
    drafts.keep(state.toBoard(), { currentPlayer: state.ui.currentPlayer });
  }
  if (queued) return;
  queued = true;
  queueMicrotask(() => { queued = false; renderAll(); });
});
// A phone may close a page in the background without a pagehide: the board is written
// as soon as the page is hidden.
window.addEventListener("pagehide", () => drafts.flush());
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") drafts.flush(); });

// A new board on a wide screen opens with the game and the players in sight, beside the
// board; on a phone the board has the first screen, and the game's line above it opens
// on a tap.
if (!gameBegun && !sheet.overlays) {
  setup.ensureBuilt();
  setupPanel.open = true;
}
renderAll();
results.draw();
say(startNote);
// The view is fitted to the board once the browser has laid the page out (the board's
// size comes with that layout instead of forcing one of its own); then the page answers.
viewport.sized.then(() => {
  controller.openView();
  performance.mark("builder-ready"); // read by bench/builder_first_load.py
  root.dataset.ready = "true";
  const whenIdle = window.requestIdleCallback ?? ((task) => setTimeout(task, 200));
  whenIdle(() => setup.ensureBuilt(), { timeout: 3000 });
});
// A shared table opens scored: whoever follows the link wants the result, with the board
// (the view stays on the board; the results are under it).
if (savedId) {
  results.score().then((outcome) => {
    sumUp();
    if (outcome?.ok) say(`${startNote} ${outcome.message}`);
    else report(outcome);
  });
}

// For tests and curious players: the page's state, read-only by convention.
window.carcwikiBuilder = { state, catalogue, viewport, colorInfo, palette };
