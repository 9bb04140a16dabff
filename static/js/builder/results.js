// Scoring: sends the board to POST /api/score/ and shows the answer. Each player's points
// before, from the final scoring and in total, the winners, and every scored feature with
// its arithmetic. A feature in the list lights its tiles on the board (hover, focus or
// tap; a tap keeps it lit), and the square under the pointer or the selected tile lights
// the features that use it. A refused board lists its problems and marks their squares.

import { colorInfo } from "./catalogue.js";
import { h, listWords, plural } from "./dom.js";
import { key } from "./geometry.js";
import { badge } from "./players.js";
import {
  capitalise, featureName, figurePlaceWords, figureWords, kindWord, pathWords, renderMessage,
} from "./words.js";

const PATH_PATTERN = /^(tiles|figures|players)\[(\d+)\]/;

export class Results {
  constructor(root, state, scoreUrl, { reveal, focusPlayer, checkUrl = null, errorWordsUrl = null }) {
    this.root = root;
    this.state = state;
    this.scoreUrl = scoreUrl;
    this.checkUrl = checkUrl; // POST /api/score/check/: the problems, without scoring
    // The errors' templates, which the page does not carry: fetched on the first refusal.
    this.errorWordsUrl = errorWordsUrl;
    this.errorWords = null; // a promise of the templates by id (null when not to be had)
    this.errorTemplates = null;
    this.reveal = reveal; // (keys) → show these squares on the board
    this.focusPlayer = focusPlayer; // (index) → take the focus to a player's row
    this.scored = null; // { doc, board, response }
    this.refused = null; // { doc, board, errors }
    this.pinned = null;
    this.items = [];
    this.relatedFor = null;
    this.busy = false;
    root.addEventListener("pointerover", (event) => this.light(event.target.closest("[data-feature-id]"), false));
    root.addEventListener("pointerout", (event) => {
      const item = event.target.closest("[data-feature-id]");
      if (item && !item.contains(event.relatedTarget)) this.unlight();
    });
    root.addEventListener("focusin", (event) => this.light(event.target.closest("[data-feature-id]"), false));
    root.addEventListener("focusout", (event) => {
      if (!this.root.contains(event.relatedTarget)) this.unlight();
    });
    root.addEventListener("click", (event) => {
      const item = event.target.closest("[data-feature-id]");
      if (item) this.pin(item);
    });
  }

  /** Whether the board has changed since the results shown. A new doc that sends the
   * same board (the tiles of an expansion arriving after an import, a setting that the
   * request does not carry) leaves them standing, so that they are not marked stale for
   * a change the scoring cannot see. */
  get isStale() {
    const shown = this.scored ?? this.refused;
    if (!shown || shown.doc === this.state.doc) return false;
    if (JSON.stringify(shown.board) !== JSON.stringify(this.state.toBoard())) return true;
    shown.doc = this.state.doc;
    return false;
  }

  async score() {
    if (this.busy) return { ok: false, message: "Scoring already under way…" };
    const doc = this.state.doc;
    const board = this.state.toBoard();
    this.busy = true;
    this.root.setAttribute("aria-busy", "true");
    try {
      const tokenProblems = await this.tokenProblems(board);
      if (tokenProblems.length) return await this.refuse(doc, board, tokenProblems);
      // For the players at the table: the edition's words, and the figures on each
      // feature (`standing`), which the results name.
      const url = `${this.scoreUrl}${this.scoreUrl.includes("?") ? "&" : "?"}for=players`;
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(board),
      });
      const answer = await response.json().catch(() => null);
      if (response.ok && answer?.players) {
        this.scored = { doc, board, response: answer };
        this.refused = null;
        this.pinned = null;
        this.state.setUi({ problems: [], highlight: { keys: [], secondary: [], source: null } });
        this.draw();
        const winners = answer.winners.map((color) => this.playerName(color, answer));
        return { ok: true, message: `Scored. ${winners.length > 1 ? "Winners" : "Winner"}: ${listWords(winners)}.` };
      }
      if (response.status === 400 && answer?.errors) return await this.refuse(doc, board, answer.errors);
      if (response.status === 429) return { ok: false, message: "Too many scorings in a row: wait a minute and try again." };
      return { ok: false, message: `The server could not score the board (HTTP ${response.status}).` };
    } catch (error) {
      return { ok: false, message: `The board could not be sent: ${error.message}. Check the connection and try again.` };
    } finally {
      this.busy = false;
      this.root.removeAttribute("aria-busy");
    }
  }

  /** Show the problems that keep a board from being scored, and mark their squares. */
  async refuse(doc, board, errors) {
    this.errorTemplates = await this.loadErrorWords();
    this.refused = { doc, board, errors };
    this.scored = null;
    const problems = errors.map((error) => ({ ...error, key: this.squareOf(error.path, board) }));
    this.state.setUi({ problems, highlight: { keys: [], secondary: [], source: null } });
    this.draw();
    const marked = problems.filter((problem) => problem.key).map((problem) => problem.key);
    if (marked.length) this.reveal(marked);
    return {
      ok: false,
      message: `The board cannot be scored yet: ${plural(errors.length, "problem")} (see the list under Final scoring).`,
    };
  }

  /**
   * Before scoring a board whose players hold tokens (goods), ask the server whether the
   * tokens add up to the board: the problems about tokens, each saying which kind is off
   * and by how much (empty when they add up, or when the server cannot say).
   */
  async tokenProblems(board) {
    const tokens = this.state.catalogue.tokens(this.state.inPlay());
    if (!tokens.length || !this.checkUrl) return [];
    try {
      const response = await fetch(this.checkUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(board),
      });
      if (!response.ok) return [];
      const { errors = [] } = await response.json();
      const names = tokens.map((entry) => entry.name);
      // A token problem names the players (players or players[i].goods).
      return errors.filter((error) => /^players(\[\d+\])?(\.|$)/.test(error.path ?? "")
        && (error.path === "players" || names.some((name) => (error.path ?? "").includes(`.${name}`))));
    } catch {
      return [];
    }
  }

  /** A problem's sentence in the page's words (the errors' templates, fetched once), or
   * the server's own when they cannot be had. */
  async sentence(problem) {
    const words = await this.loadErrorWords();
    const templates = words ? { ...this.state.catalogue.rules?.messages, ...words } : null;
    return this.said(problem.message_id ? { id: problem.message_id, params: problem.params } : null,
      problem.message, {}, templates);
  }

  /** Why the server refused `board` (to save it, say): each problem where it lies and
   * its sentence in the page's words, as the list of a refused scoring says them; the
   * server's sentence for a problem the templates cannot word. */
  async refusal(errors, board) {
    const sentences = await Promise.all(errors.map(async (error) => {
      const where = error.path ? `${capitalise(pathWords(error.path, board, this.state.catalogue))}: ` : "";
      return `${where}${await this.sentence(error)}`;
    }));
    return sentences.join(" ");
  }

  /** The templates of the errors by message id, fetched once (again after a failure);
   * null when they cannot be had: each error then shows the server's sentence. */
  loadErrorWords() {
    if (!this.errorWordsUrl) return Promise.resolve(null);
    this.errorWords ??= fetch(this.errorWordsUrl, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null)
      .then((templates) => {
        if (!templates) this.errorWords = null;
        return templates;
      });
    return this.errorWords;
  }

  /** The square an error path such as tiles[3].x or figures[0].at points at, or null. */
  squareOf(path, board) {
    const match = PATH_PATTERN.exec(path ?? "");
    if (!match) return null;
    const entry = board[match[1]]?.[Number(match[2])];
    if (!entry || match[1] === "players" || !Number.isInteger(entry.x) || !Number.isInteger(entry.y)) return null;
    return key(entry.x, entry.y);
  }

  playerName(color, answer = this.scored?.response) {
    const player = answer?.players.find((entry) => entry.color === color);
    const label = colorInfo(color).label;
    return player?.name ? `${label} (${player.name})` : label;
  }

  clear() {
    this.scored = null;
    this.refused = null;
    this.pinned = null;
    this.draw();
  }

  // -- drawing -------------------------------------------------------------------------------

  draw() {
    this.items = [];
    this.relatedFor = null;
    if (this.scored) this.root.replaceChildren(...this.drawScores(this.scored.response));
    else if (this.refused) this.root.replaceChildren(...this.drawErrors(this.refused));
    else {
      this.root.replaceChildren(h("p", { class: "muted", text: "Press Score when the board looks like your table. Each feature's points are explained here, and lit on the board." }));
    }
    this.render();
  }

  drawScores(answer) {
    const board = this.scored?.board;
    const catalogue = this.state.catalogue;
    const winners = answer.winners.map((color) => this.playerName(color, answer));
    const best = answer.players.find((player) => answer.winners.includes(player.color));
    // Entries of a bonus that belong to a scored feature (a barn's field) are shown
    // with it; the others in a list of their own below the features.
    const attached = new Map();
    const apart = [];
    for (const listing of this.outputs().listings) {
      for (const entry of answer[listing.key] ?? []) {
        const id = listing.feature ? entry[listing.feature] : null;
        if (id && answer.features.some((feature) => feature.id === id)) {
          if (!attached.has(id)) attached.set(id, []);
          attached.get(id).push({ listing, entry });
        } else apart.push({ listing, entry });
      }
    }
    const rows = answer.players.map((player) => {
      const won = answer.winners.includes(player.color);
      const kinds = Object.entries(player.by_kind).filter(([, points]) => points)
        .map(([kind, points]) => `${kindWord(kind, board?.edition, catalogue)} ${points}`);
      return h("tr", { class: won ? "is-winner" : "", dataset: { testid: `result-${player.color}` } },
        h("th", { scope: "row" }, badge(player.color), " ", player.name || colorInfo(player.color).label,
          player.name ? h("span", { class: "visually-hidden", text: ` (${colorInfo(player.color).label})` }) : null,
          won ? h("span", { class: "winner-mark", text: " ★ winner" }) : null,
          kinds.length ? h("span", { class: "by-kind", text: kinds.join(" · ") }) : null),
        h("td", { class: "num", dataset: { testid: `before-${player.color}` }, text: player.points_before }),
        h("td", { class: "num", dataset: { testid: `final-${player.color}` }, text: `+${player.final_points}` }),
        h("td", { class: "num total", dataset: { testid: `total-${player.color}` }, text: player.total }));
    });
    const features = answer.features.map((feature) => this.featureItem(feature, answer, attached.get(feature.id) ?? []));
    const parts = [];
    // Warnings that change how the totals read (a meeple left on a completed city)
    // come before them.
    if (answer.warnings?.length) {
      parts.push(h("div", { class: "warnings", role: "note", dataset: { testid: "warnings" } },
        h("p", { class: "warnings-title", text: "Before you read the totals:" }),
        h("ul", {}, answer.warnings.map((warning) => h("li", {
          text: this.said(warning.message_id ? { id: warning.message_id, params: warning.params } : null,
            warning.message, answer),
        })))));
    }
    parts.push(
      h("p", { class: "winners", dataset: { testid: "winners" } },
        h("span", { "aria-hidden": "true", text: "★ " }),
        `${winners.length > 1 ? "Winners (tied)" : "Winner"}: ${listWords(winners)} with ${plural(best?.total ?? 0, "point")}.`),
      h("p", { class: "stale-note", role: "note", text: "The board has changed since this scoring: score again." }),
      h("ul", { class: "player-results", dataset: { testid: "player-results" } },
        answer.players.map((player) => this.playerLine(player, answer, attached, apart))),
      h("table", { class: "score-table", dataset: { testid: "score-table" } },
        h("caption", { class: "visually-hidden", text: "Points per player" }),
        h("thead", {}, h("tr", {},
          h("th", { scope: "col", text: "Player" }), h("th", { scope: "col", class: "num", text: "Before" }),
          h("th", { scope: "col", class: "num", text: "Final" }), h("th", { scope: "col", class: "num", text: "Total" }))),
        h("tbody", {}, rows)),
      h("h3", { class: "features-title", text: features.length ? `Scored features (${features.length})` : "No feature holds a figure: nothing to score." }),
    );
    if (features.length) {
      parts.push(h("p", { class: "muted small-print", text: "Point at a feature, or tap it, to light its tiles on the board." }));
      parts.push(h("ol", { class: "feature-results", dataset: { testid: "feature-results" } }, features));
    }
    // The lists of bonus entries that belong to no feature (trade goods: one per good).
    for (const listing of this.outputs().listings) {
      const entries = apart.filter((item) => item.listing === listing).map((item) => item.entry);
      if (!entries.length) continue;
      const testid = listing.key.replaceAll("_", "-");
      parts.push(h("h3", { class: "features-title", text: listing.title }));
      parts.push(h("ul", { class: "bonus-results", dataset: { testid } },
        entries.map((entry) => h("li", { dataset: { testid: `${testid}-${entry[listing.name]}` } },
          h("span", { class: "bonus-name", text: capitalise(String(entry[listing.name])) }), " ",
          ...Object.entries(entry.scored ?? {}).map(([color, points]) => h("span", { class: "scored-by" },
            badge(color), ` ${this.playerName(color, answer)} +${points}`)),
          h("span", { class: "explanation", text: this.said(entry.explanation_message, entry.explanation, answer) })))));
    }
    return parts;
  }

  /** "Red 34: 10 on the scoreboard, +12 the city by tile D, 2 east of the start, +8
   * Red's barn in the field by …": a player's total and what it is made of. */
  playerLine(player, answer, attached, apart) {
    const board = this.scored?.board;
    const catalogue = this.state.catalogue;
    const color = player.color;
    const pieces = [];
    for (const feature of answer.features) {
      const points = feature.scored?.[color];
      if (points) pieces.push(`+${points} ${featureName(feature, board, catalogue, color)}`);
      for (const { listing, entry } of attached.get(feature.id) ?? []) {
        const got = entry.scored?.[color] ?? (entry.player === color ? entry.points : 0);
        if (got) pieces.push(`+${got} ${this.entryWho(listing, entry, answer)} in ${featureName(feature, board, catalogue, color)}`);
      }
    }
    for (const { listing, entry } of apart) {
      const got = entry.scored?.[color];
      if (got) pieces.push(`+${got} ${listing.title.toLowerCase()} (${entry[listing.name]})`);
    }
    const before = player.points_before ? [`${player.points_before} on the scoreboard`] : [];
    const made = [...before, ...pieces];
    return h("li", { dataset: { testid: `player-line-${color}` } },
      badge(color), " ",
      h("strong", { text: `${this.playerName(color, answer)} ${player.total}` }),
      `: ${made.length ? made.join(", ") : "nothing scored at the end"}.`);
  }

  /** An explanation or warning in the page's words: rendered from its message (id and
   * parameters) with the engine's catalogue, a feature named by where it lies ("the city
   * by tile D, 2 east of the start"); the server's text when it has no message. */
  said(message, text, answer, templates = this.state.catalogue.rules?.messages) {
    const board = this.scored?.board;
    const catalogue = this.state.catalogue;
    const byId = new Map((answer.features ?? []).map((feature) => [feature.id, feature]));
    const rendered = message ? renderMessage(message, templates, {
      // A scored feature is named by its figures; another (a city a farm counts) by its tiles.
      feature: (ref) => featureName(byId.get(ref.feature) ?? ref, board, catalogue),
      player: (color) => color,
    }) : null;
    return rendered ?? String(text ?? "");
  }

  /** "Red's barn": the figure a bonus entry belongs to, named with its owner. */
  entryWho(listing, entry, answer) {
    const kind = this.state.catalogue.figureByCode.get(listing.figure)?.name ?? listing.title.toLowerCase();
    return `${this.playerName(entry.player, answer)}'s ${kind}`;
  }

  featureItem(feature, answer, attached = []) {
    const board = this.scored?.board;
    const catalogue = this.state.catalogue;
    const edition = board?.edition;
    const kindName = kindWord(feature.kind, edition, catalogue);
    const centre = feature.kind === "monastery" || feature.kind === "garden";
    const title = feature.kind === "farm" ? capitalise(kindName)
      : `${feature.complete ? "Completed" : "Incomplete"} ${kindName}`;
    // What the player collects through the feature and the entries shown with it (a
    // barn's points in its field), together.
    const collected = new Map(Object.entries(feature.scored ?? {}));
    for (const { entry } of attached) {
      for (const [color, points] of Object.entries(entry.scored ?? (entry.player ? { [entry.player]: entry.points } : {}))) {
        collected.set(color, (collected.get(color) ?? 0) + points);
      }
    }
    const worth = feature.points + attached.reduce((sum, { entry }) => sum + (entry.points ?? 0), 0);
    const who = [...collected].filter(([, points]) => points || !attached.length);
    const whoParts = who.length
      ? who.map(([color, points]) => h("span", { class: "scored-by" }, badge(color), ` ${this.playerName(color, answer)} +${points}`))
      : [h("span", { class: "scored-by muted", text: "nobody scores" })];
    const tiles = (feature.tiles ?? []).map(([x, y]) => key(x, y));
    // A farm counts the cities it borders; a monastery or garden its neighbours.
    let counted = (feature.cities ?? []).flatMap((city) => city.tiles ?? []).map(([x, y]) => key(x, y));
    if (centre) counted = this.neighboursOf(feature.tiles ?? []);
    // What the expansions add to a feature, as their declarations describe it.
    const marks = [];
    for (const field of this.outputs().features) {
      const value = feature[field.key];
      if (value === undefined || value === null || value === false) continue;
      if (field.shape === "flag") marks.push(field.word);
      else if (field.shape === "counts") {
        for (const [name, count] of Object.entries(value)) marks.push(`${count} ${name}`);
      } else if (field.shape === "colours" && Array.isArray(value)) {
        marks.push(`${field.word}: ${value.map((color) => this.playerName(color, answer)).join(", ")}`);
      } else marks.push(`${field.word} ${value}`);
    }
    // Every figure on the feature, named with its owner and where it stands.
    const standing = (feature.standing ?? []).map((figure) => `${figureWords(figure, board, catalogue)} ${figurePlaceWords(figure, board, catalogue)}`);
    const strengths = Object.entries(feature.figures ?? {});
    const strengthWords = strengths.length > 1 || (strengths.length === 1 && strengths[0][1] !== 1)
      ? ` (counting ${strengths.map(([color, count]) => `${this.playerName(color, answer)} ${count}`).join(", ")})` : "";
    const button = h("button", {
      type: "button", class: "feature-result", "aria-pressed": "false",
      dataset: { featureId: feature.id, testid: `feature-${feature.id}`, kind: feature.kind },
    },
    h("span", { class: "feature-head" },
      h("span", { class: `kind-mark kind-${feature.kind}`, "aria-hidden": "true" }),
      h("span", { class: "feature-kind", text: `${title} · ${plural(tiles.length, "tile")}` }),
      h("span", { class: "feature-points", text: `${worth} pt${worth === 1 ? "" : "s"}` })),
    standing.length ? h("span", { class: "feature-where", dataset: { testid: `where-${feature.id}` },
      text: `${capitalise(listWords(standing))}${strengthWords}.` }) : null,
    h("span", { class: "feature-who" }, whoParts),
    marks.length ? h("span", { class: "feature-marks", dataset: { testid: `marks-${feature.id}` }, text: marks.join(" · ") }) : null,
    h("span", { class: "explanation", text: this.said(feature.explanation_message, feature.explanation, answer) }),
    attached.map(({ listing, entry }) => h("span", {
      class: "explanation", dataset: { testid: `${listing.key.replaceAll("_", "-")}-${entry[listing.name]}` },
      text: `${this.entryWho(listing, entry, answer)}: ${listing.arithmetic && entry[listing.arithmetic] ? entry[listing.arithmetic]
        : this.said(entry.explanation_message, entry.explanation, answer)}`,
    })));
    this.items.push({ element: button, tiles: new Set([...tiles, ...counted]), keys: tiles, secondary: counted });
    return h("li", {}, button);
  }

  /** What the expansions in the registry add to a response: { features, listings }. */
  outputs() {
    return this.state.catalogue.rules.outputs ?? { features: [], listings: [] };
  }

  /** The squares round a centre feature that hold tiles on the scored board. */
  neighboursOf(tiles) {
    const onBoard = new Set((this.scored?.board.tiles ?? []).map((tile) => key(tile.x, tile.y)));
    const around = [];
    for (const [x, y] of tiles) {
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const square = key(x + dx, y + dy);
          if ((dx || dy) && onBoard.has(square)) around.push(square);
        }
      }
    }
    return around;
  }

  drawErrors({ errors }) {
    // An error's sentence is made of its own pieces and of the results' words ("or").
    const templates = this.errorTemplates
      ? { ...this.state.catalogue.rules?.messages, ...this.errorTemplates } : null;
    const items = errors.map((error) => {
      const square = this.squareOf(error.path, this.refused.board);
      const player = /^players\[(\d+)\]/.exec(error.path ?? "");
      const actions = [];
      if (square) {
        actions.push(h("button", {
          type: "button", class: "small", text: `Show ${square.replace(",", ", ")}`,
          onclick: () => this.reveal([square], true),
        }));
      } else if (player) {
        actions.push(h("button", {
          type: "button", class: "small", text: "Show the player",
          onclick: () => this.focusPlayer(Number(player[1])),
        }));
      }
      return h("li", { dataset: { path: error.path ?? "", code: error.code ?? "" } },
        h("span", { class: "error-path", text: `${capitalise(pathWords(error.path, this.refused.board, this.state.catalogue))}:` }), " ",
        h("span", { text: this.said(error.message_id ? { id: error.message_id, params: error.params } : null,
          error.message, {}, templates) }), " ", actions);
    });
    return [
      h("div", { class: "errors", role: "alert", dataset: { testid: "errors" } },
        h("h3", { text: `The board cannot be scored yet (${plural(errors.length, "problem")})` }),
        h("p", { class: "stale-note", text: "The board has changed since: score again to check it." }),
        h("ul", {}, items)),
    ];
  }

  // -- lighting features and tiles -------------------------------------------------------------

  light(item, pinned) {
    if (!item) return;
    const entry = this.items.find((candidate) => candidate.element === item);
    if (!entry) return;
    if (this.pinned && !pinned) return;
    this.state.setUi({
      highlight: { keys: entry.keys.map((k) => k.split(",").map(Number)),
        secondary: entry.secondary.map((k) => k.split(",").map(Number)), source: item.dataset.featureId },
    });
  }

  unlight() {
    if (this.pinned) return;
    this.state.setUi({ highlight: { keys: [], secondary: [], source: null } });
  }

  pin(item) {
    const entry = this.items.find((candidate) => candidate.element === item);
    if (!entry) return;
    const again = this.pinned === item;
    for (const other of this.items) other.element.setAttribute("aria-pressed", "false");
    this.pinned = again ? null : item;
    if (again) {
      this.state.setUi({ highlight: { keys: [], secondary: [], source: null } });
      return;
    }
    item.setAttribute("aria-pressed", "true");
    this.light(item, true);
    this.reveal(entry.keys);
  }

  /** Mark the features that use the square under the pointer, or the selected tile. */
  render() {
    const stale = this.isStale;
    this.root.classList.toggle("is-stale", stale);
    const square = this.state.ui.hoverKey ?? this.state.ui.selected;
    if (this.relatedFor === square) return;
    this.relatedFor = square;
    for (const entry of this.items) {
      entry.element.classList.toggle("is-related", Boolean(square && entry.tiles.has(square)));
    }
  }
}
