// Figures: how they look on the board and what a click on a feature of a tile does with
// them. Each kind is drawn by its own outline, the `silhouette` its declaration in the
// engine gives (served with the kinds in the page's data), filled with the owner's colour
// and marked with the owner's letter, so that nothing depends on telling colours apart;
// figures nobody owns are grey. The kinds, their names, their outlines and where they may
// stand are the server's data (Catalogue); this module names none of them.

import { colorInfo } from "./catalogue.js";
import { s } from "./dom.js";
import { key } from "./geometry.js";

const UNIT = 100;
// A kind the page knows no outline for (a board from a newer server): a plain disc.
const NO_OUTLINE = "M-10,0 A10,10 0 1,1 10,0 A10,10 0 1,1 -10,0 Z";

/** The outline (SVG path data) a declared kind is drawn by. */
export const outlineOf = (declared) => declared?.silhouette || NO_OUTLINE;

// Where a figure stands on its square for each location (after rotation): a little inside
// the edge it names, so that it stays on its own tile.
const SPOTS = {
  C: [0.5, 0.5], I: [0.5, 0.5],
  N: [0.5, 0.21], E: [0.79, 0.5], S: [0.5, 0.79], W: [0.21, 0.5],
  NW: [0.3, 0.2], NE: [0.7, 0.2], EN: [0.8, 0.3], ES: [0.8, 0.7],
  SE: [0.7, 0.8], SW: [0.3, 0.8], WS: [0.2, 0.7], WN: [0.2, 0.3],
};
// A figure in a city stands close to the city's edge and a little smaller: the
// shallowest city (a cap on one edge) is about a quarter of the square deep, and a figure
// there must not reach into the field beyond its wall.
const CITY_SPOTS = { N: [0.5, 0.12], E: [0.88, 0.5], S: [0.5, 0.88], W: [0.12, 0.5] };
const CITY_SCALE = 0.9;

/** Where a figure stands in a city by edge `side`: a token (a builder) beside the figure
 * it joins, along the edge, so that it stays inside the city's wall too. */
function besideInCity(side, token) {
  const [u, v] = CITY_SPOTS[side];
  if (!token) return [u, v];
  return side === "N" || side === "S" ? [u + 0.15, v] : [u, v + 0.15];
}

/** The player's words: "Red" or "Red (Anna)". */
export function playerWords(color, players = []) {
  const player = players.find((entry) => entry.color === color);
  const label = colorInfo(color).label;
  return player?.name ? `${label} (${player.name})` : label;
}

/** What a figure is called on a feature kind: a meeple on a field is a farmer. */
export function figureWord(catalogue, kind, featureKind) {
  return catalogue.role(kind, featureKind);
}

/** The drawing of one figure of a declared kind, centred on (0, 0), about 30 units tall:
 * its outline in the player's colour, lying down in a field (a farmer) unless it is a
 * figure that never counts in a majority, and the player's letter on it. */
export function figureShape(color, declared, lying = false) {
  const info = colorInfo(color);
  const turned = lying && declared?.shape !== "token" ? "rotate(-90)" : null;
  const outline = s("path", { d: outlineOf(declared), class: "figure-body", transform: turned, fill: info.fill });
  // Drawn over a rim of the player's colour: readable wherever it falls on the outline.
  const letter = s("text", {
    class: "figure-letter", y: 4, "text-anchor": "middle", fill: info.ink, stroke: info.fill,
    "font-size": info.letter.length > 1 ? 7.5 : 9.5, text: info.letter,
  });
  return s("g", { class: `figure-shape kind-${declared?.code ?? "unknown"}` }, outline, letter);
}

/** A placed figure as an SVG group at its location on the board. */
export function figureElement(figure, index, featureKind, players, catalogue, order = 0) {
  const declared = catalogue.figureByCode.get(figure.kind);
  const token = declared?.shape === "token";
  const corner = standsOnCorner(catalogue, figure.kind);
  // A token stands beside the figure it joins, which may share its spot; a figure on a
  // corner stands on the point where the four tiles meet.
  // A follower in a district of a large tile (the market of the City of Carcassonne)
  // stands on a row across the square it names, one place a district.
  const district = districtOf(catalogue, figure);
  // A figure on a space printed on the tile (an acrobat space): side by side, in the
  // order they were put, low on the square.
  const space = catalogue.spaceByName?.get(figure.at);
  const [u, v] = corner
    ? catalogue.geometry.cornerPoint(0, 0, figure.at)
    : space ? [0.3 + 0.2 * (order % 3), 0.66 - 0.16 * Math.floor(order / 3)]
    : district ? [0.2 + 0.2 * district.index, 0.62]
      : featureKind === "city" && CITY_SPOTS[figure.at] ? besideInCity(figure.at, token)
        : (SPOTS[figure.at] ?? SPOTS.C).map((value) => value + (token ? 0.13 : 0));
  const x = (figure.x + u) * UNIT;
  const y = (figure.y + v) * UNIT;
  const lying = featureKind === "farm" && !corner;
  const word = corner ? (declared?.name ?? figure.kind)
    : space ? `${declared?.name ?? figure.kind} on the ${space.word || `${space.name} space`}`
    : district ? `${declared?.name ?? figure.kind} in the ${district.name}` : figureWord(catalogue, figure.kind, featureKind);
  const spot = `figure-${figure.player}-${key(figure.x, figure.y)}-${figure.at}`;
  return s("g", {
    class: `figure player-${figure.player}`,
    // Small enough that a figure by an edge leaves the monastery or garden in the middle
    // of its tile in sight (and tappable).
    transform: `translate(${x} ${y}) scale(${featureKind === "city" ? CITY_SCALE : token ? 0.9 : 1})`,
    dataset: {
      index: String(index), player: figure.player, kind: figure.kind,
      testid: token ? `${spot}-${figure.kind}` : spot,
    },
  }, s("title", { text: `${playerWords(figure.player, players)} ${word} at (${figure.x}, ${figure.y}) ${figure.at}${corner ? " corner" : ""}` }),
  figureShape(figure.player, declared, lying));
}

/** The figures standing on segment `featureIndex` of a placed tile (a figure on a corner
 * stands on no segment of one tile). */
export function figuresOnFeature(state, catalogue, tile, featureIndex) {
  const edition = state.doc.edition;
  return state.figuresAt(tile.x, tile.y).filter(({ figure }) => !standsOnCorner(catalogue, figure.kind)
    && catalogue.geometry.segmentIndexAt(tile.tile, tile.rotation, figure.at, edition, tile.state) === featureIndex);
}

/** Whether figures of `kind` stand on the corner where four tiles meet (the server's
 * `stands`), rather than on a feature. */
export function standsOnCorner(catalogue, kind) {
  return catalogue.figureByCode.get(kind)?.stands === "corner";
}

/** The kinds in play that stand on corners. */
export function cornerKinds(catalogue, inPlay) {
  return catalogue.figureKinds(inPlay).filter((kind) => kind.stands === "corner");
}

/** The figure of a corner kind standing on that corner, however it is named (the same
 * corner is the NE of one tile and the NW of its neighbour): {figure, index} or null. */
export function figureOnCorner(state, catalogue, x, y, corner) {
  const [px, py] = catalogue.geometry.cornerPoint(x, y, corner);
  const index = state.doc.figures.findIndex((figure) => {
    if (!standsOnCorner(catalogue, figure.kind) || !catalogue.rules.corners.includes(figure.at)) return false;
    const [fx, fy] = catalogue.geometry.cornerPoint(figure.x, figure.y, figure.at);
    return fx === px && fy === py;
  });
  return index < 0 ? null : { figure: state.doc.figures[index], index };
}

/**
 * Why a `kind` standing on corners may not stand on the `corner` of square (x, y), or
 * null: four tiles meet there, and on each of them both half-edges that end at the
 * corner belong to a feature the kind's placements in play allow (a barn: fields).
 */
export function cornerRefusal(state, catalogue, x, y, corner, kind) {
  const inPlay = state.inPlay();
  const verdict = catalogue.kernel.cornerVerdict(state.doc.tiles, state.doc.edition, x, y, corner, kind, inPlay);
  if (!verdict) return null;
  const declared = catalogue.figureByCode.get(kind);
  const name = declared?.name ?? kind;
  if (verdict.code === "expansion_not_in_play") return `The ${name} is not in play (see the game options).`;
  if (verdict.code === "invalid_location") {
    return `A ${name} stands on a corner of a tile: ${catalogue.rules.corners.join(", ")}.`;
  }
  if (verdict.code === "no_tile_at_figure") {
    return `A ${name} stands only where four tiles meet: (${verdict.x}, ${verdict.y}) is empty.`;
  }
  const { tile, seen } = verdict;
  const places = declared.placements.filter((placement) => inPlay.admits(placement))
    .map((placement) => featureKindWord(catalogue, placement.feature));
  return `A ${name} stands only on a corner that is ${places.join(" or ")} on all four tiles: the ${seen} corner of tile ${tile.tile} at (${tile.x}, ${tile.y}) is not.`;
}

/**
 * What to say to a tap on an empty square (x, y) near its `corner` when a figure
 * standing on corners (a barn) is in play and the tap is meant for one: the kind chosen
 * stands on corners, or a tile lies on another square round that corner. Null when the
 * tap is not meant for such a figure (it is then about laying a tile there).
 */
export function emptyCornerWords(state, catalogue, x, y, corner) {
  const kinds = cornerKinds(catalogue, state.inPlay());
  if (!corner || !kinds.length) return null;
  const chosen = kinds.find((kind) => kind.code === state.ui.figureKind);
  const laid = catalogue.kernel.cornerSquares(x, y, corner)
    .filter(([tx, ty]) => state.tileAt(tx, ty)).length;
  if (!chosen && !laid) return null;
  const name = (chosen ?? kinds[0]).name;
  return `A ${name} stands only on a corner where four tiles meet, and the square you tapped is empty`
    + ` (${laid} of the 4 squares round that corner ${laid === 1 ? "holds a tile" : "hold tiles"}).`;
}

/** What a tap on the `corner` of square (x, y) does with a `kind` standing on corners:
 * the same rule as on a feature (yours is taken back, another player's becomes yours). */
export function cornerAction(state, catalogue, x, y, corner, kind) {
  const player = state.ui.currentPlayer;
  if (!player) return { action: "refuse", message: "Add a player first." };
  const who = playerWords(player, state.doc.players);
  const where = `the ${corner} corner of (${x}, ${y})`;
  const standing = figureOnCorner(state, catalogue, x, y, corner);
  const name = (code) => catalogue.figureByCode.get(code)?.name ?? code;
  if (standing) {
    const { figure: old, index } = standing;
    if (old.player === player) {
      return { action: "remove", index, message: `Took ${who}'s ${name(old.kind)} back from ${where}.` };
    }
    if (state.figureCount(player, old.kind) >= (state.limits[old.kind] ?? Infinity)) {
      return { action: "refuse", message: `${who} has no ${name(old.kind)} left. Take ${who}'s back first.` };
    }
    return {
      action: "put", figure: { ...old, player }, replaced: index, changed: true,
      message: `The ${name(old.kind)} on ${where} is now ${who}'s, no longer ${playerWords(old.player, state.doc.players)}'s. Undo gives it back.`,
    };
  }
  const refusal = cornerRefusal(state, catalogue, x, y, corner, kind);
  if (refusal) return { action: "refuse", message: refusal };
  const limit = state.limits[kind] ?? Infinity;
  if (state.figureCount(player, kind) >= limit) {
    return { action: "refuse", message: `${who}'s ${name(kind)} is already on the board${limit === 1 ? "" : ` (all ${limit})`}. Take it back first (tap it).` };
  }
  return { action: "put", figure: { player, x, y, at: corner, kind }, replaced: -1, message: `${who}'s ${name(kind)} on ${where}.` };
}

/** The corner of square (x, y) a tap at `point` (in squares, relative to the square) is
 * near enough to mean, or null. */
export function cornerNear(catalogue, point, reach = 0.16) {
  for (const corner of catalogue.rules.corners ?? []) {
    const [cx, cy] = catalogue.geometry.cornerPoint(0, 0, corner);
    if (Math.abs(point[0] - cx) <= reach && Math.abs(point[1] - cy) <= reach) return corner;
  }
  return null;
}

/** The figure that counts in a majority standing on that segment, if any (a builder or a
 * pig stands beside it). */
export function figureOnFeature(state, catalogue, tile, featureIndex) {
  const here = figuresOnFeature(state, catalogue, tile, featureIndex);
  return here.find(({ figure }) => (catalogue.figureByCode.get(figure.kind)?.strength ?? 1) > 0)
    ?? here[0] ?? null;
}

/**
 * Why `player` may not put a `kind` on segment `featureIndex` of `tile`, or null: the
 * placement's rules with these codes in play, then the figures it must join on the
 * whole feature (a builder joins its owner's meeple), then the figures the player has left.
 */
export function placementRefusal(state, catalogue, tile, featureIndex, kind, player, ignoreIndex = -1) {
  const inPlay = state.inPlay();
  const feature = catalogue.geometry.placed(tile).segments[featureIndex];
  const refusal = catalogue.figureRefusal(kind, feature, inPlay);
  if (refusal) return refusal;
  const placement = catalogue.kernel.placement(kind, feature.kind, inPlay);
  const declared = catalogue.figureByCode.get(kind);
  if (placement.beside.length) {
    const { tiles, figures, edition } = state.doc;
    if (!catalogue.kernel.besideOwn(tiles, figures, edition, tile, featureIndex, placement, player, ignoreIndex)) {
      const names = placement.beside.map((code) => catalogue.figureByCode.get(code)?.name ?? code);
      const who = playerWords(player, state.doc.players);
      return `A ${declared.name} stands only beside its owner's ${names.join(" or ")}: ${who} has none on this ${catalogue.geometry.describe(feature).split(" (")[0]}.`;
    }
  }
  return null;
}

/**
 * What to do when the current player picks `location` on the tile at (x, y), or taps the
 * figure `tapped` (its index) there. One rule a player can predict: a tap acts on the
 * figure already standing where it lands, and never puts a figure of another kind in
 * its place.
 *
 * - On a figure of the current player (tapped, or standing on the feature tapped): it is
 *   taken back, whatever kind was chosen.
 * - On another player's figure: it becomes the current player's, the same kind.
 * - On a free feature: the chosen kind goes there (a builder or a pig joins the figure
 *   that stands there).
 *
 * `wanted` overrides the figure kind chosen in the page.
 */
export function figureAction(state, catalogue, x, y, location, wanted = null, tapped = null) {
  // A tap on a follower in a district: the district's rule (see districtAction).
  const tappedFigure = tapped !== null ? state.doc.figures[tapped] : null;
  // A tap on a space printed on the tile (an acrobat space): the space's rule.
  if (state.tileAt(x, y) && catalogue.space(state.tileAt(x, y).tile, location)) {
    return spaceAction(state, catalogue, x, y, location, wanted ?? tappedFigure?.kind ?? null, tapped);
  }
  const large = state.tileAt(x, y)?.large;
  if (large && catalogue.district(large.tile, location)) {
    return districtAction(state, catalogue, x, y, location, wanted ?? tappedFigure?.kind ?? state.ui.figureKind);
  }
  // A figure on a corner (a barn), tapped or asked for, acts on its corner.
  const tappedKind = tapped !== null ? state.doc.figures[tapped]?.kind : null;
  const cornerKind = [tappedKind, wanted].find((kind) => kind && standsOnCorner(catalogue, kind));
  if (cornerKind) return cornerAction(state, catalogue, x, y, location, cornerKind);
  const tile = state.tileAt(x, y);
  if (!tile) return { action: "refuse", message: `There is no tile at (${x}, ${y}).` };
  const found = catalogue.featureAt(tile, location, state.doc.edition);
  if (!found) {
    return { action: "refuse", message: `Nothing on tile ${tile.tile} at ${location} can hold a figure.` };
  }
  const player = state.ui.currentPlayer;
  if (!player) return { action: "refuse", message: "Add a player first." };
  const inPlay = state.inPlay();
  const kinds = catalogue.figureKinds(inPlay);
  let kind = wanted ?? state.ui.figureKind;
  if (!kinds.some((entry) => entry.code === kind)) kind = kinds[0]?.code ?? kind;
  // With the plain kind chosen (the first declared), a click on a feature it may not
  // stand on puts the first kind that may stand there alone (a click on a garden puts
  // the abbot); a kind chosen on purpose is refused with the reason.
  if (!wanted && kind === kinds[0]?.code && !catalogue.kernel.placement(kind, found.feature.kind, inPlay)) {
    const fitting = kinds.find((entry) => {
      const placement = catalogue.kernel.placement(entry.code, found.feature.kind, inPlay);
      return placement && !placement.beside.length && entry.strength > 0;
    });
    if (fitting) kind = fitting.code;
  }
  const declared = catalogue.figureByCode.get(kind);
  const where = `the ${catalogue.geometry.describe(found.feature)} of tile ${tile.tile} at (${x}, ${y})`;
  const who = playerWords(player, state.doc.players);
  const here = figuresOnFeature(state, catalogue, tile, found.index);
  const counts = (code) => (catalogue.figureByCode.get(code)?.strength ?? 1) > 0;
  // The figure the tap acts on: the one tapped; else the current player's figure of the
  // chosen kind; else, for a kind that counts in a majority, the one that counts there
  // (a builder or a pig chosen joins it instead).
  const standing = here.find(({ index }) => index === tapped)
    ?? here.find(({ figure }) => figure.player === player && figure.kind === kind)
    ?? (counts(kind) ? here.find(({ figure }) => counts(figure.kind)) : null);
  if (standing) {
    const { figure: old, index } = standing;
    const oldWord = figureWord(catalogue, old.kind, found.feature.kind);
    if (old.player === player) {
      return { action: "remove", index, message: `Took ${who}'s ${oldWord} back from ${where}.` };
    }
    // Another player's figure changes hands, and keeps its kind.
    const oldName = catalogue.figureByCode.get(old.kind)?.name ?? old.kind;
    const refusal = placementRefusal(state, catalogue, tile, found.index, old.kind, player, index);
    if (refusal) return { action: "refuse", message: refusal };
    const limit = state.limits[old.kind] ?? Infinity;
    if (state.figureCount(player, old.kind) >= limit) {
      return { action: "refuse", message: `${who} has no ${oldName} left to take the place of ${playerWords(old.player, state.doc.players)}'s. Take one of ${who}'s back first.` };
    }
    return {
      action: "put", figure: { ...old, player }, replaced: index, changed: true,
      message: `The ${oldWord} on ${where} is now ${who}'s, no longer ${playerWords(old.player, state.doc.players)}'s. Undo gives it back.`,
    };
  }
  const word = figureWord(catalogue, kind, found.feature.kind);
  // A figure that stands only beside its owner's (a builder, a pig) belongs to the one
  // player who has such a figure on the feature, whoever is chosen.
  let owner = player;
  let refusal = placementRefusal(state, catalogue, tile, found.index, kind, player);
  if (refusal && catalogue.kernel.placement(kind, found.feature.kind, inPlay)?.beside.length) {
    const others = state.doc.players.map((entry) => entry.color).filter((color) => color !== player
      && !placementRefusal(state, catalogue, tile, found.index, kind, color));
    if (others.length === 1) [owner, refusal] = [others[0], null];
  }
  if (refusal) return { action: "refuse", message: refusal };
  const whose = playerWords(owner, state.doc.players);
  const limit = state.limits[kind] ?? Infinity;
  if (state.figureCount(owner, kind) >= limit) {
    const owned = limit === 1 ? `${whose}'s ${declared.name} is already on the board`
      : `${whose} has no ${declared.name} left: all ${limit} are on the board`;
    return { action: "refuse", message: `${owned}. Take one back first (tap it on its tile).` };
  }
  const figure = { player: owner, x, y, at: location, kind };
  return { action: "put", figure, replaced: -1, message: `${whose}'s ${word} on ${where}.` };
}

/** A kind of feature in a player's words, with no place on a tile: "road", "field". */
export function featureKindWord(catalogue, kind) {
  return catalogue.geometry.describe({ kind, locations: [] }).split(" (")[0];
}

/** Carry out a figureAction; returns its message and whether something changed. */
export function applyFigureAction(state, outcome) {
  if (outcome.action === "remove") state.removeFigure(outcome.index);
  else if (outcome.action === "put") state.putFigure(outcome.figure, outcome.replaced);
  else if (outcome.action === "remove-neutral") state.removeNeutral(outcome.index);
  else if (outcome.action === "put-neutral") state.putNeutral(outcome.figure);
  return { ok: outcome.action !== "refuse", message: outcome.message };
}

/** The neutral figures (nobody's) standing on segment `featureIndex` of a placed tile:
 * [{figure, index}] into the doc's `neutral`. */
export function neutralOnFeature(state, catalogue, tile, featureIndex) {
  return (state.doc.neutral ?? []).map((figure, index) => ({ figure, index }))
    .filter(({ figure }) => figure.x === tile.x && figure.y === tile.y && figure.at
      && catalogue.geometry.segmentIndexAt(tile.tile, tile.rotation, figure.at, state.doc.edition, tile.state) === featureIndex);
}

/**
 * What putting the neutral figure `code` (declared in the server's `neutral`) at
 * `location` of the tile at (x, y) does: taken back if it stands on that feature; put
 * if it is in play, may stand on that kind of feature and is not all on the board.
 */
export function neutralAction(state, catalogue, x, y, location, code) {
  const declared = catalogue.neutralFigures(state.inPlay()).find((figure) => figure.code === code);
  if (!declared) return { action: "refuse", message: `The ${code} is not in play (see the game options).` };
  const tile = state.tileAt(x, y);
  if (!tile) return { action: "refuse", message: `There is no tile at (${x}, ${y}).` };
  if (!location) {
    // On the tile itself (no feature named): under the rule choice that puts it there.
    const onTile = `tile ${tile.tile} at (${x}, ${y})`;
    const standing = neutralOnTile(state, tile).find(({ figure }) => figure.kind === code);
    if (standing) return { action: "remove-neutral", index: standing.index, message: `Took the ${declared.name} back from ${onTile}.` };
    if (!catalogue.kernel.neutralOnTile(declared, state.doc.rules)) {
      return { action: "refuse", message: `The ${declared.name} stands on a feature with these rules: choose one of the tile's features.` };
    }
    const placed = (state.doc.neutral ?? []).filter((figure) => figure.kind === code).length;
    if (placed >= declared.limit) {
      return { action: "refuse", message: `All ${declared.limit} of the ${declared.name} are on the board. Take one back first.` };
    }
    return { action: "put-neutral", figure: { kind: code, x, y }, message: `The ${declared.name} on ${onTile}.` };
  }
  const found = catalogue.featureAt(tile, location, state.doc.edition);
  if (!found) return { action: "refuse", message: `Nothing on tile ${tile.tile} at ${location} can hold a figure.` };
  const where = `the ${catalogue.geometry.describe(found.feature)} of tile ${tile.tile} at (${x}, ${y})`;
  const here = neutralOnFeature(state, catalogue, tile, found.index).find(({ figure }) => figure.kind === code);
  if (here) return { action: "remove-neutral", index: here.index, message: `Took the ${declared.name} back from ${where}.` };
  if (!declared.features.length) {
    return { action: "refuse", message: `The ${declared.name} stands on a tile, on none of its features: put it on the tile from the tile's panel.` };
  }
  if (!declared.features.includes(found.feature.kind)) {
    const places = declared.features.map((kind) => featureKindWord(catalogue, kind));
    return { action: "refuse", message: `The ${declared.name} stands only on ${places.join(" or ")}.` };
  }
  const placed = (state.doc.neutral ?? []).filter((figure) => figure.kind === code).length;
  if (placed >= declared.limit) {
    return { action: "refuse", message: `All ${declared.limit} of the ${declared.name} are on the board. Take one back first.` };
  }
  return { action: "put-neutral", figure: { kind: code, x, y, at: location }, message: `The ${declared.name} on ${where}.` };
}

/** The neutral figures standing on the tile itself, with no feature named (the
 * fairy under the rule that puts her on a tile): [{figure, index}]. */
export function neutralOnTile(state, tile) {
  return (state.doc.neutral ?? []).map((figure, index) => ({ figure, index }))
    .filter(({ figure }) => figure.x === tile.x && figure.y === tile.y && !figure.at);
}

/** A neutral figure as an SVG group: its outline in grey (it is nobody's). */
export function neutralElement(figure, index, catalogue) {
  const declared = catalogue.neutralByCode.get(figure.kind);
  const name = declared?.name ?? figure.kind;
  const [u, v] = (SPOTS[figure.at] ?? SPOTS.C).map((value) => value - 0.12);
  return s("g", {
    class: "figure neutral-figure",
    transform: `translate(${(figure.x + u) * UNIT} ${(figure.y + v) * UNIT}) scale(0.85)`,
    dataset: { neutral: String(index), kind: figure.kind, testid: `neutral-${figure.kind}-${key(figure.x, figure.y)}-${figure.at ?? "tile"}` },
  }, s("title", { text: `The ${name} (nobody's) at (${figure.x}, ${figure.y})${figure.at ? ` ${figure.at}` : ""}` }),
  neutralShape(declared));
}

/** The drawing of a neutral figure of a declared kind: its outline, in grey, or in the
 * colour it declares (kinds told apart by colour alone, as a tunnel token of each
 * colour), marked with that colour's letter as a player's figure is. */
export function neutralShape(declared) {
  if (declared?.colour) return figureShape(declared.colour, declared);
  return s("g", { class: `figure-shape kind-${declared?.code ?? "unknown"}` },
    s("path", { d: outlineOf(declared), class: "neutral-body" }));
}

/** The figures standing on the space `name` of the tile at (x, y): [{figure, index}]. */
export function figuresOnSpace(state, x, y, name) {
  return state.doc.figures.map((figure, index) => ({ figure, index }))
    .filter(({ figure }) => figure.x === x && figure.y === y && figure.at === name);
}

/**
 * What a tap on the space `name` printed on the tile at (x, y) does (an acrobat space):
 * on a figure there (`tapped`), the current player's is taken back and another
 * player's becomes the current player's; otherwise the current player's figure of a
 * kind the space takes (`kind` if it is one, else the first in play) goes there while
 * the space has room (the server's `holds`) and the player has one left.
 */
export function spaceAction(state, catalogue, x, y, name, kind = null, tapped = null) {
  const tile = state.tileAt(x, y);
  const space = tile ? catalogue.space(tile.tile, name) : null;
  if (!space) return { action: "refuse", message: `No ${name} space on the tile at (${x}, ${y}).` };
  const player = state.ui.currentPlayer;
  if (!player) return { action: "refuse", message: "Add a player first." };
  const who = playerWords(player, state.doc.players);
  const where = `the ${space.word || `${space.name} space`} of tile ${tile.tile} at (${x}, ${y})`;
  const nameOf = (code) => catalogue.figureByCode.get(code)?.name ?? code;
  const here = figuresOnSpace(state, x, y, name);
  const limitOf = (code) => state.limits[code] ?? Infinity;
  const standing = here.find(({ index }) => index === tapped);
  if (standing) {
    const { figure: old, index } = standing;
    if (old.player === player) return { action: "remove", index, message: `Took ${who}'s ${nameOf(old.kind)} back from ${where}.` };
    if (state.figureCount(player, old.kind) >= limitOf(old.kind)) {
      return { action: "refuse", message: `${who} has no ${nameOf(old.kind)} left. Take one of ${who}'s back first.` };
    }
    return { action: "put", figure: { ...old, player }, replaced: index, changed: true,
      message: `The ${nameOf(old.kind)} on ${where} is now ${who}'s, no longer ${playerWords(old.player, state.doc.players)}'s. Undo gives it back.` };
  }
  const inPlay = state.inPlay();
  const verdict = catalogue.kernel.spaceVerdict(state.doc.tiles, x, y, name, null, inPlay, here.length);
  if (verdict?.code === "expansion_not_in_play") return { action: "refuse", message: `The ${space.word || name} is not in play (see the game options).` };
  const kinds = catalogue.figureKinds(inPlay).map((entry) => entry.code).filter((code) => space.kinds.includes(code));
  const chosen = kinds.includes(kind) ? kind : kinds[0];
  if (!chosen) return { action: "refuse", message: `No figure that stands on ${where} is in play.` };
  if (verdict?.code === "too_many_figures") {
    return { action: "refuse", message: `${capital(where)} holds ${space.holds} at most, and ${here.length === 1 ? "one stands" : `${here.length} stand`} there. Tap one to take it back.` };
  }
  if (state.figureCount(player, chosen) >= limitOf(chosen)) {
    return { action: "refuse", message: `${who} has no ${nameOf(chosen)} left: all ${limitOf(chosen)} are on the board. Take one back first.` };
  }
  return { action: "put", figure: { player, x, y, at: name, kind: chosen }, replaced: -1, message: `${who}'s ${nameOf(chosen)} on ${where}.` };
}

const capital = (text) => `${text[0].toUpperCase()}${text.slice(1)}`;

/** The district a figure stands in ({name, meaning, index}), or null: its `at` names a
 * district of a large tile declared by the server. */
function districtOf(catalogue, figure) {
  for (const large of catalogue.largeByCode?.values() ?? []) {
    const found = catalogue.district(large.code, figure.at);
    if (found) return found;
  }
  return null;
}

/** The followers in the district `name` of the large tile that covers (x, y):
 * [{figure, index}]. */
export function figuresInDistrict(state, x, y, name) {
  const large = state.tileAt(x, y)?.large;
  if (!large) return [];
  return state.doc.figures.map((figure, index) => ({ figure, index })).filter(({ figure }) => figure.at === name
    && state.tileAt(figure.x, figure.y)?.large === large);
}

/**
 * What putting the current player's `kind` into the district `name` of the large tile
 * at (x, y) does: the player's figure of that kind there is taken back; otherwise a
 * follower (the server's `follower`) of a kind in play goes in, if the player has one
 * left. It is sent by the large tile's piece at (0, 0), as the request has it.
 */
export function districtAction(state, catalogue, x, y, name, kind) {
  const large = state.tileAt(x, y)?.large;
  const district = large ? catalogue.district(large.tile, name) : null;
  if (!district) return { action: "refuse", message: `No district ${name} at (${x}, ${y}).` };
  const player = state.ui.currentPlayer;
  if (!player) return { action: "refuse", message: "Add a player first." };
  const who = playerWords(player, state.doc.players);
  const declared = catalogue.figureByCode.get(kind);
  const where = `the ${name} of ${catalogue.largeByCode.get(large.tile).name}`;
  const mine = figuresInDistrict(state, x, y, name).find(({ figure }) => figure.player === player && figure.kind === kind);
  if (mine) return { action: "remove", index: mine.index, message: `Took ${who}'s ${declared?.name ?? kind} back from ${where}.` };
  if (!declared || !catalogue.figureKinds(state.inPlay()).includes(declared)) {
    return { action: "refuse", message: `The ${declared?.name ?? kind} is not in play (see the game options).` };
  }
  if (catalogue.kernel.districtVerdict(state.doc.tiles, x, y, name, kind)) {
    return { action: "refuse", message: `Only followers stand in ${where}; a ${declared.name} is not one.` };
  }
  const limit = state.limits[kind] ?? Infinity;
  if (state.figureCount(player, kind) >= limit) {
    return { action: "refuse", message: `${who} has no ${declared.name} left: all ${limit} are on the board. Take one back first.` };
  }
  return { action: "put", figure: { player, x: large.x, y: large.y, at: name, kind }, replaced: -1,
    message: `${who}'s ${declared.name} in ${where}.` };
}
