// The palette: one button per tile type the group's edition and expansions contain, with
// its picture and the copies still in the box. Picking one puts it "in hand"; the hand
// shows the tile turned as it will be placed.

import { h } from "./dom.js";

export class Palette {
  constructor(root, hand, state, catalogue, tileUrl, onPick) {
    this.root = root;
    this.hand = hand;
    this.state = state;
    this.catalogue = catalogue;
    this.tileUrl = tileUrl; // (code) → picture URL
    this.onPick = onPick; // (code or null) → put it in hand
    this.buttons = new Map();
    this.builtFor = "";
    root.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-code]");
      if (button && !button.disabled) this.pick(button.dataset.code);
    });
  }

  pick(code) {
    this.onPick(this.state.ui.hand === code ? null : code);
  }

  render() {
    const { doc, ui } = this.state;
    const types = this.catalogue.typesInPlay(doc.edition, this.state.inPlay());
    const signature = types.map((type) => type.code).join(" ");
    if (signature !== this.builtFor) this.build(types);
    const left = this.catalogue.copiesLeft(doc.edition, doc.tiles.values());
    for (const type of types) {
      const button = this.buttons.get(type.code);
      const count = left.get(type.code) ?? 0;
      const total = type.counts[doc.edition] ?? 0;
      const counter = button.querySelector(".palette-count");
      counter.textContent = count < 0 ? `${-count} too many` : `${count} left`;
      button.classList.toggle("is-over", count < 0);
      button.disabled = count <= 0 && ui.hand !== type.code;
      button.setAttribute("aria-pressed", String(ui.hand === type.code));
      button.setAttribute("aria-label", `Tile ${type.code}: ${type.picture}. `
        + `${Math.max(count, 0)} of ${total} left${count < 0 ? `, ${-count} too many on the board` : ""}.`);
    }
    this.renderHand();
  }

  build(types) {
    this.builtFor = types.map((type) => type.code).join(" ");
    this.buttons.clear();
    const items = types.map((type) => {
      const button = h("button", {
        type: "button", class: "palette-tile", dataset: { code: type.code, testid: `palette-${type.code}` },
        title: `${type.code}: ${type.picture}`,
      },
      h("img", { src: this.tileUrl(type.code), alt: "", width: 56, height: 56, loading: "lazy", decoding: "async" }),
      h("span", { class: "palette-code", text: type.code.replace("-garden", "+G") }),
      h("span", { class: "palette-count" }));
      this.buttons.set(type.code, button);
      return h("li", {}, button);
    });
    this.root.replaceChildren(h("ul", { class: "palette-list" }, items));
  }

  renderHand() {
    const { hand, rotation, moving } = this.state.ui;
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
      h("span", { class: "hand-text", text: `${hand}${rotation ? ` · ${rotation}°` : ""}` }),
    );
    this.hand.dataset.state = "holding";
  }

  handPicture(code, rotation) {
    return h("img", {
      src: this.tileUrl(code), alt: `tile ${code}${rotation ? ` turned ${rotation}°` : ""}`,
      width: 36, height: 36, class: "hand-picture", style: `transform: rotate(${rotation}deg)`,
    });
  }
}
