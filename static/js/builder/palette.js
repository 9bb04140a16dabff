// The palette: one button per tile type the group's edition and expansions contain, with
// its picture and the copies still in the box. Picking one puts it "in hand"; the hand
// shows the tile turned as it will be placed. To find a type fast, a search field keeps
// only the types whose code or words (the search text the server sends: what the tile
// shows, its features and their attributes) match every word typed; the types used
// most recently come first, and types with no copy left drop out. A type can also be
// dragged from the palette onto its square: one gesture picks and places it. A type's
// picture is drawn when its button comes near the palette's visible part (see `unseen`).

import { h } from "./dom.js";
import { typesFittingHole } from "./holes.js";

const RECENT_LIMIT = 12;
const DRAG_SLOP = 10; // pixels a press on a palette tile moves before it is a drag

/** The words a query is made of, lower case. */
const wordsOf = (text) => text.toLowerCase().split(/[^\p{L}\p{N}+-]+/u).filter(Boolean);

export class Palette {
  constructor(root, hand, state, catalogue, tileUrl, onPick, onDrop = null, edgeScroll = null) {
    this.root = root;
    this.hand = hand;
    this.state = state;
    this.catalogue = catalogue;
    this.tileUrl = tileUrl; // (code) → picture URL
    this.onPick = onPick; // (code or null) → put it in hand
    this.buttons = new Map();
    this.items = new Map();
    this.counters = new Map(); // code → its count's text and word
    this.builtFor = "";
    // Pictures not drawn yet (img → code): each is an SVG document of its own that the
    // browser parses and lays out, so only those in or near the palette's visible part
    // are drawn, after the page's first layout; the rest as the palette scrolls to them.
    this.unseen = new Map();
    this.watcher = typeof IntersectionObserver === "function"
      ? new IntersectionObserver((entries) => this.drawSeen(entries), { root, rootMargin: "50%" }) : null;
    this.recent = []; // codes, the most recently picked first
    this.query = "";
    this.search = h("input", {
      type: "search", class: "palette-search", placeholder: "Find a tile: code or what it shows",
      autocomplete: "off", spellcheck: "false", enterkeyhint: "go",
      "aria-label": "Find a tile type by its code or what it shows (for example: city road, monastery)",
      "aria-keyshortcuts": "/", dataset: { testid: "palette-search" },
    });
    this.search.addEventListener("input", () => this.filter(this.search.value));
    this.search.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        const first = this.visibleCodes()[0];
        if (first) this.pick(first, { keepQuery: false });
      } else if (event.key === "Escape" && this.search.value) {
        event.preventDefault();
        event.stopPropagation();
        this.filter("");
      }
    });
    this.status = h("span", { class: "visually-hidden", role: "status", "aria-live": "polite" });
    this.list = h("ul", { class: "palette-list" });
    // The search field goes where the page puts it (main.js: in the toolbar, beside the
    // tile in hand), so that the palette's own height is all tiles.
    this.find = h("div", { class: "palette-find" }, this.search, this.status);
    this.root.replaceChildren(this.list);
    this.list.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-code]");
      if (this.dragged) { this.dragged = false; return; } // the end of a drag is no click
      if (button && !button.disabled) this.pick(button.dataset.code);
    });
    this.hand.addEventListener("click", (event) => {
      if (event.target.closest("[data-drop-hand]")) this.onPick(null);
    });
    this.onDrop = onDrop; // (code, clientX, clientY) → place it where it was dropped
    this.edgeScroll = edgeScroll; // slides the board while a dragged tile rests at its edge
    if (onDrop) this.listenForDrags();
  }

  /** Drag a type out of the palette: a copy of its picture follows the pointer, and
   * letting go over the board places it there (turned to fit); anywhere else, nothing.
   * Held at the board's edge, it slides the board that way (edgescroll.js). */
  listenForDrags() {
    this.drag = null;
    this.dragged = false;
    // The page's own drag, not the browser's drag of an image.
    this.list.addEventListener("dragstart", (event) => event.preventDefault());
    // Once a press starts on a palette tile, the whole window follows the pointer: it
    // leaves the palette at once.
    const move = (event) => {
      const drag = this.drag;
      if (!drag || drag.pointerId !== event.pointerId) return;
      if (!drag.ghost) {
        if (Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) < DRAG_SLOP) return;
        drag.ghost = h("img", {
          // A large tile is carried by the picture of its piece (0, 0).
          src: this.tileUrl(this.catalogue.largeByCode?.get(drag.code)?.pieces[0][2] ?? drag.code),
          alt: "", class: "palette-drag", "aria-hidden": "true",
          width: 48, height: 48,
        });
        document.body.append(drag.ghost);
      }
      drag.ghost.style.left = `${event.clientX - 24}px`;
      drag.ghost.style.top = `${event.clientY - 24}px`;
      this.edgeScroll?.follow(event.clientX, event.clientY);
    };
    const finish = (event, drop) => {
      const drag = this.drag;
      if (!drag || drag.pointerId !== event.pointerId) return;
      this.drag = null;
      this.edgeScroll?.stop();
      window.removeEventListener("pointermove", move, true);
      window.removeEventListener("pointerup", up, true);
      window.removeEventListener("pointercancel", cancel, true);
      if (!drag.ghost) return;
      drag.ghost.remove();
      this.dragged = true;
      setTimeout(() => { this.dragged = false; }, 0);
      if (drop) {
        this.remember(drag.code);
        if (this.query) this.filter("");
        this.onDrop(drag.code, event.clientX, event.clientY);
      }
    };
    const up = (event) => finish(event, true);
    const cancel = (event) => finish(event, false);
    this.list.addEventListener("pointerdown", (event) => {
      const button = event.target.closest("button[data-code]");
      if (!button || button.disabled || event.button > 0 || this.drag) return;
      this.drag = { code: button.dataset.code, pointerId: event.pointerId,
        startX: event.clientX, startY: event.clientY, ghost: null };
      window.addEventListener("pointermove", move, true);
      window.addEventListener("pointerup", up, true);
      window.addEventListener("pointercancel", cancel, true);
    });
  }

  /** Put a type in hand. A tap on the type already in hand keeps it there, unturned,
   * for the next copy; the hand's ✕ (or Escape) puts it back in the box. */
  pick(code, { keepQuery = false } = {}) {
    this.remember(code);
    if (!keepQuery && this.query) this.filter("");
    this.onPick(code);
  }

  /** Move a type to the front of the recently used ones. (The palette stays scrolled
   * where it was: going back to its start each time was tried, and a phone's Big Box 6
   * game then took 37 swipes along it instead of 20.) */
  remember(code) {
    this.recent = [code, ...this.recent.filter((entry) => entry !== code)].slice(0, RECENT_LIMIT);
  }

  focusSearch() {
    this.search.focus();
    this.search.select();
  }

  filter(query) {
    this.query = query;
    if (this.search.value !== query) this.search.value = query;
    this.render();
    const shown = this.visibleCodes().length;
    this.status.textContent = query ? `${shown} tile type${shown === 1 ? "" : "s"} match “${query}”.` : "";
  }

  /** Whether a type matches the query: the query is its code, or every word typed is
   * its code, begins a code typed with its dash ("inns-"), or starts one of the words of
   * what it shows (the server's search text). */
  matches(type, words) {
    if (!words.length) return true;
    const code = type.code.toLowerCase();
    if (code === this.query.trim().toLowerCase()) return true;
    const own = wordsOf(type.search ?? type.picture ?? "");
    return words.every((word) => word === code || (word.includes("-") && code.startsWith(word))
      || own.some((candidate) => candidate.startsWith(word)));
  }

  /** The codes shown, in the order shown. */
  visibleCodes() {
    return [...this.list.children]
      .filter((item) => !item.hidden)
      .map((item) => item.dataset.code);
  }

  render() {
    const { doc, ui } = this.state;
    const types = this.catalogue.typesInPlay(doc.edition, this.state.inPlay());
    const signature = types.map((type) => type.code).join(" ");
    if (signature !== this.builtFor) this.build(types);
    const left = this.catalogue.kernel.copiesLeft(doc.edition, doc.tiles.values());
    const words = wordsOf(this.query);
    const exact = this.query.trim().toLowerCase();
    for (const type of types) {
      const button = this.buttons.get(type.code);
      const count = left.get(type.code) ?? 0;
      const total = type.counts[doc.edition] ?? 0;
      // The copies left, changed in place: "4 left", or "1 too many".
      const counter = this.counters.get(type.code);
      counter.number.data = String(Math.abs(count));
      counter.word.textContent = count < 0 ? " too many" : " left";
      button.classList.toggle("is-over", count < 0);
      const inHand = ui.hand === type.code;
      button.disabled = count <= 0 && !inHand;
      button.setAttribute("aria-pressed", String(inHand));
      button.setAttribute("aria-label", `Tile ${type.code}: ${type.picture}. `
        + `${Math.max(count, 0)} of ${total} left${count < 0 ? `, ${-count} too many on the board` : ""}.`);
      // A type with no copy left drops out, unless it is in hand or over-used (so that
      // the problem stays in sight).
      this.items.get(type.code).hidden = (count === 0 && !inHand) || !this.matches(type, words);
    }
    // The order: the types that fit the hole tapped (see holes.js), then the exact code
    // typed, then the most recently used, then the catalogue's.
    const offer = this.holeOffer();
    const offered = new Map(offer.map((entry, index) => [entry.code, { ...entry, index }]));
    const rank = new Map(this.recent.map((code, index) => [code, index]));
    const ordered = [...types].sort((a, b) => {
      const holeA = offered.get(a.code)?.index ?? offer.length;
      const holeB = offered.get(b.code)?.index ?? offer.length;
      if (holeA !== holeB) return holeA - holeB;
      const exactA = a.code.toLowerCase() === exact ? 0 : 1;
      const exactB = b.code.toLowerCase() === exact ? 0 : 1;
      if (exactA !== exactB) return exactA - exactB;
      return (rank.get(a.code) ?? RECENT_LIMIT) - (rank.get(b.code) ?? RECENT_LIMIT);
    });
    // Each type offered for the hole shows turned the way it would go down there.
    for (const type of types) {
      const fits = offered.get(type.code);
      const button = this.buttons.get(type.code);
      button.classList.toggle("fits-hole", Boolean(fits));
      if (fits) button.dataset.holeRotation = String(fits.rotation);
      else delete button.dataset.holeRotation;
      const picture = button.querySelector("img");
      if (picture && !type.large) picture.style.transform = fits?.rotation ? `rotate(${fits.rotation}deg)` : "";
    }
    const now = [...this.list.children];
    if (ordered.some((type, index) => now[index] !== this.items.get(type.code))) {
      const focused = document.activeElement;
      this.list.append(...ordered.map((type) => this.items.get(type.code)));
      // Moving an element takes the keyboard's focus off it: give it back.
      if (focused && this.list.contains(focused) && document.activeElement !== focused) {
        focused.focus({ preventScroll: true });
      }
    }
    this.renderHand();
  }

  /** The types that fit the hole the player tapped (the page's `hole`), best first, or
   * none; kept while the board and the hole stay the same. */
  holeOffer() {
    const { doc, ui } = this.state;
    if (!ui.hole) return [];
    if (this.offerFor?.doc !== doc || this.offerFor.hole !== ui.hole) {
      const fresh = this.offerFor?.hole !== ui.hole;
      this.offerFor = { doc, hole: ui.hole, offer: typesFittingHole(this.state, this.catalogue, ui.hole.x, ui.hole.y) };
      // A new hole: the list starts at the types offered for it.
      // (The palette's own box scrolls, not the list in it.)
      if (fresh) requestAnimationFrame(() => this.root.scrollTo?.({ left: 0, top: 0 }));
    }
    return this.offerFor.offer;
  }

  /** An img for the picture of type `code` in the list, drawn once it comes in sight. */
  picture(code, attributes) {
    const img = h("img", { alt: "", decoding: "async", draggable: "false", ...attributes });
    if (!this.watcher) {
      img.src = this.tileUrl(code);
      return img;
    }
    this.unseen.set(img, code);
    this.watcher.observe(img);
    return img;
  }

  drawSeen(entries) {
    for (const { target, isIntersecting } of entries) {
      if (!isIntersecting || !this.unseen.has(target)) continue;
      target.src = this.tileUrl(this.unseen.get(target));
      this.unseen.delete(target);
      this.watcher.unobserve(target);
    }
  }

  build(types) {
    this.builtFor = types.map((type) => type.code).join(" ");
    this.buttons.clear();
    this.items.clear();
    this.counters.clear();
    this.watcher?.disconnect();
    this.unseen.clear();
    const items = types.map((type) => {
      const counter = { number: document.createTextNode(""), word: h("span", { class: "palette-left" }) };
      this.counters.set(type.code, counter);
      const button = h("button", {
        type: "button", class: "palette-tile", dataset: { code: type.code, testid: `palette-${type.code}` },
        title: `${type.code}: ${type.picture}`,
      },
      type.large ? this.largePicture(type.large, 56, {}, true) : this.picture(type.code, { width: 56, height: 56 }),
      h("span", { class: "palette-code", text: type.code }),
      h("span", { class: "palette-count" }, counter.number, counter.word));
      this.buttons.set(type.code, button);
      const item = h("li", { dataset: { code: type.code } }, button);
      this.items.set(type.code, item);
      return item;
    });
    this.list.replaceChildren(...items);
  }

  renderHand() {
    const { hand, rotation, moving, turned } = this.state.ui;
    const movingTile = moving ? this.state.doc.tiles.get(moving) : null;
    if (movingTile) {
      this.hand.replaceChildren(
        h("span", { class: "hand-label", text: "Moving" }),
        this.handPicture(movingTile.tile, rotation),
        h("span", { class: "hand-text", text: `${movingTile.tile}${rotation ? ` · ${rotation}°` : ""} from (${movingTile.x}, ${movingTile.y})` }),
      );
      this.hand.dataset.state = "moving";
      return;
    }
    if (!hand) {
      this.hand.replaceChildren(h("span", { class: "hand-empty", text: "No tile in hand: pick one" }));
      this.hand.dataset.state = "empty";
      return;
    }
    this.hand.replaceChildren(
      h("span", { class: "hand-label", text: "In hand" }),
      this.handPicture(hand, rotation),
      // The code never shrinks: on a narrow phone the words after it give way first.
      h("span", { class: "hand-code", text: hand }),
      h("span", { class: "hand-text", text: turned ? `· ${rotation}°` : "· turns to fit" }),
      h("button", {
        type: "button", class: "hand-drop", text: "✕", title: "Put the tile back in the box (Escape)",
        "aria-label": `Put tile ${hand} back in the box`, dataset: { dropHand: "", testid: "hand-drop" },
      }),
    );
    this.hand.dataset.state = "holding";
  }

  /** A large tile's picture: its pieces' pictures side by side, as it lies unturned,
   * `size` pixels wide; in the list (`listed`), drawn once in sight. */
  largePicture(large, size, attributes = {}, listed = false) {
    const xs = large.pieces.map(([dx]) => dx);
    const ys = large.pieces.map(([, dy]) => dy);
    const [left, top] = [Math.min(...xs), Math.min(...ys)];
    const columns = Math.max(...xs) - left + 1;
    const rows = Math.max(...ys) - top + 1;
    const side = Math.floor(size / columns);
    return h("span", {
      class: "large-picture", "aria-hidden": "true", ...attributes,
      style: `display: inline-grid; grid-template-columns: repeat(${columns}, ${side}px); grid-template-rows: repeat(${rows}, ${side}px);${attributes.style ? ` ${attributes.style}` : ""}`,
    }, ...large.pieces.map(([dx, dy, code]) => {
      const piece = {
        width: side, height: side,
        style: `grid-column: ${dx - left + 1}; grid-row: ${dy - top + 1}; width: ${side}px; height: ${side}px; border: 0;`,
      };
      return listed ? this.picture(code, piece)
        : h("img", { src: this.tileUrl(code), alt: "", decoding: "async", draggable: "false", ...piece });
    }));
  }

  handPicture(code, rotation) {
    const large = this.catalogue.largeByCode?.get(code);
    if (large) {
      return this.largePicture(large, 36, { class: "large-picture hand-picture", style: `transform: rotate(${rotation}deg)` });
    }
    return h("img", {
      src: this.tileUrl(code), alt: `tile ${code}${rotation ? ` turned ${rotation}°` : ""}`,
      width: 36, height: 36, class: "hand-picture", style: `transform: rotate(${rotation}deg)`,
    });
  }
}
