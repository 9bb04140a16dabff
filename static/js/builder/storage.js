// Keeping a board: the work in progress in this browser's localStorage (one draft per
// page, so a shared board and a new one do not overwrite each other), saving it on the
// server for a share link, and export/import as a JSON file in the scoring API's format.

const DRAFT_PREFIX = "carcwiki.builder.draft:";
const MAX_DRAFTS = 12;
const MAX_IMPORT_BYTES = 1024 * 1024;

export class Drafts {
  constructor(page, storage = safeStorage()) {
    this.key = DRAFT_PREFIX + page;
    this.storage = storage;
    this.timer = null;
    this.pending = null;
  }

  load() {
    if (!this.storage) return null;
    try {
      const draft = JSON.parse(this.storage.getItem(this.key) ?? "null");
      return draft && typeof draft === "object" && draft.board ? draft : null;
    } catch {
      return null;
    }
  }

  /** Keep the board soon (several changes in a row are written once). */
  keep(board, extra = {}) {
    clearTimeout(this.timer);
    this.pending = [board, extra];
    this.timer = setTimeout(() => this.write(board, extra), 250);
  }

  /** Write a change still waiting (the page is going away). */
  flush() {
    if (this.pending) this.write(...this.pending);
  }

  write(board, extra = {}) {
    clearTimeout(this.timer);
    this.pending = null;
    if (!this.storage) return;
    try {
      this.storage.setItem(this.key, JSON.stringify({ board, ...extra, at: Date.now() }));
      this.prune();
    } catch {
      // Storage full or refused: the board stays in the page; saving on the server still works.
    }
  }

  forget() {
    clearTimeout(this.timer);
    this.pending = null;
    try { this.storage?.removeItem(this.key); } catch { /* nothing kept */ }
  }

  /** Keep only the most recent drafts. */
  prune() {
    const drafts = [];
    for (let index = 0; index < this.storage.length; index += 1) {
      const name = this.storage.key(index);
      if (!name?.startsWith(DRAFT_PREFIX)) continue;
      let at = 0;
      try { at = JSON.parse(this.storage.getItem(name))?.at ?? 0; } catch { /* broken: oldest */ }
      drafts.push({ name, at });
    }
    drafts.sort((a, b) => b.at - a.at);
    for (const { name } of drafts.slice(MAX_DRAFTS)) this.storage.removeItem(name);
  }
}

function safeStorage() {
  try {
    const storage = window.localStorage;
    const probe = `${DRAFT_PREFIX}probe`;
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/** Store the board on the server: { ok, id, url } or { ok: false, message, errors }. */
export async function saveBoard(board, url, csrfToken) {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken },
      body: JSON.stringify(board),
      credentials: "same-origin",
    });
    const answer = await response.json().catch(() => null);
    if (response.status === 201 && answer?.url) return { ok: true, id: answer.id, url: answer.url };
    const errors = answer?.errors ?? [];
    const message = errors.length
      ? errors.map((error) => `${error.path ? `${error.path}: ` : ""}${error.message}`).join(" ")
      : `The server refused to save the board (HTTP ${response.status}).`;
    return { ok: false, message, errors };
  } catch (error) {
    return { ok: false, message: `The board could not be sent: ${error.message}.`, errors: [] };
  }
}

/** Offer the board as a JSON file to download. */
export function exportBoard(board, filename = "carcassonne-board.json") {
  const blob = new Blob([`${JSON.stringify(board, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The board held by an imported text: a scoring request, or an object with one under
 * "request" or "board" (the project's fixture files). Throws an Error saying what is wrong.
 */
export function boardFromText(text, catalogue) {
  if (text.length > MAX_IMPORT_BYTES) throw new Error("The file is larger than 1 MiB.");
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`The file is not JSON (${error.message}).`);
  }
  const board = isObject(data?.request) ? data.request : isObject(data?.board) ? data.board : data;
  if (!isObject(board)) throw new Error("The file holds no board: expected a JSON object.");
  const problems = [];
  if (board.tiles !== undefined && !Array.isArray(board.tiles)) problems.push("tiles must be a list");
  if (board.figures !== undefined && !Array.isArray(board.figures)) problems.push("figures must be a list");
  if (board.players !== undefined && !Array.isArray(board.players)) problems.push("players must be a list");
  if (board.expansions !== undefined && !Array.isArray(board.expansions)) problems.push("expansions must be a list");
  if (board.rules !== undefined && !isObject(board.rules)) problems.push("rules must be an object");
  const squares = new Set();
  (Array.isArray(board.tiles) ? board.tiles : []).forEach((tile, index) => {
    const square = isObject(tile) ? `${tile.x},${tile.y}` : "";
    if (squares.has(square)) problems.push(`tiles[${index}] lies on a square another tile holds`);
    squares.add(square);
    if (!isObject(tile) || !catalogue.has(tile.tile)) problems.push(`tiles[${index}] is not a known tile`);
    else if (!Number.isInteger(tile.x) || !Number.isInteger(tile.y)) problems.push(`tiles[${index}] needs whole x and y`);
    else if (![0, 90, 180, 270, undefined].includes(tile.rotation)) problems.push(`tiles[${index}] has a rotation other than 0, 90, 180, 270`);
  });
  (Array.isArray(board.figures) ? board.figures : []).forEach((figure, index) => {
    if (!isObject(figure) || typeof figure.player !== "string" || typeof figure.at !== "string"
      || !Number.isInteger(figure.x) || !Number.isInteger(figure.y)) {
      problems.push(`figures[${index}] needs player, x, y and at`);
    }
  });
  (Array.isArray(board.players) ? board.players : []).forEach((player, index) => {
    if (!isObject(player) || typeof player.color !== "string") problems.push(`players[${index}] needs a color`);
  });
  if (problems.length) {
    const shown = problems.slice(0, 3).join("; ");
    throw new Error(`The file's board has problems: ${shown}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ""}.`);
  }
  return board;
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
