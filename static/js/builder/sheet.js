// The score sheet: the results and "Save and share", one tap from the board on every
// screen. On a narrow screen (a phone, upright or on its side) a bar at the foot of the
// screen holds Score and the last result in a line; the sheet opens over the board and
// closes back to it, and nothing pinned covers it. On a wide screen the sheet is a panel
// beside the board and stays open. What the results say is results.js's; this module only
// opens, closes and sums up.

import { colorInfo } from "./catalogue.js";
import { listWords } from "./dom.js";

const NARROW = "(max-width: 63.99rem)";

/** The line under the bar for a scored board: "Red 34 · Blue 28 · Red wins". */
export function summaryLine(response, players = []) {
  const name = (color) => players.find((player) => player.color === color)?.name || colorInfo(color).label;
  const totals = [...response.players].sort((a, b) => b.total - a.total)
    .map((player) => `${name(player.color)} ${player.total}`);
  const winners = response.winners.map(name);
  const verdict = winners.length > 1 ? `${listWords(winners)} tie` : winners.length ? `${winners[0]} wins` : "";
  return [...totals, verdict].filter(Boolean).join(" · ");
}

export class ScoreSheet {
  constructor(root) {
    this.root = root;
    this.body = root.querySelector("[data-sheet-body]");
    this.opener = root.querySelector("[data-action=open-sheet]");
    this.summary = root.querySelector("[data-score-summary]");
    this.title = root.querySelector("#results-title");
    this.title?.setAttribute("tabindex", "-1");
    this.narrow = window.matchMedia(NARROW);
    this.narrow.addEventListener("change", () => this.sync());
    root.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.isOpen) {
        event.stopPropagation();
        this.close();
      }
    });
    this.sync();
  }

  /** Whether the sheet opens over the board (a narrow screen) rather than beside it. */
  get overlays() { return this.narrow.matches; }

  get isOpen() { return this.root.classList.contains("is-open"); }

  open() {
    this.root.classList.add("is-open");
    this.sync();
    if (this.overlays) {
      this.body.scrollTop = 0;
      this.title?.focus({ preventScroll: true });
    }
  }

  /** Back to the board; the focus goes back to the bar unless `keepFocus`. */
  close(keepFocus = false) {
    const inside = this.root.contains(document.activeElement);
    this.root.classList.remove("is-open");
    this.sync();
    if (inside && !keepFocus) this.opener?.focus({ preventScroll: true });
  }

  toggle() {
    if (this.isOpen) this.close();
    else this.open();
  }

  /** The bar's line: what the last scoring said, or that the board changed since. */
  sumUp(text) {
    if (this.summary) this.summary.textContent = text;
  }

  sync() {
    const shown = this.isOpen || !this.overlays;
    this.opener?.setAttribute("aria-expanded", String(shown));
    this.body.toggleAttribute("inert", !shown);
    document.body.classList.toggle("has-open-sheet", this.isOpen && this.overlays);
  }
}
