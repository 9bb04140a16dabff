// The game options: edition, the expansions and parts in play, and the rule variants.
// Everything listed here is the server's data: the expansions with their parts, and the
// rules each part declares with the labels of their choices. The controls are built
// once, the first time they are wanted (the panel is folded on a phone, and forty
// expansions' boxes are start-up work a phone need not wait for); each change of the
// board (undo included) sets them back to what the board says, so the form never
// disagrees with what will be scored. The panel's one-line summary is kept up always.

import { h, listWords, plural } from "./dom.js";

export class Setup {
  constructor(root, summary, state, catalogue, loadTiles = async () => true, say = () => {}) {
    this.loadTiles = loadTiles; // (codes) → whether the page has their tiles now
    this.say = say;
    this.pending = new Set(); // codes ticked whose tiles are on their way
    this.root = root;
    this.summary = summary;
    this.state = state;
    this.catalogue = catalogue;
    this.built = false;
  }

  /** Build the controls if they are not yet, and set them to the board. */
  ensureBuilt() {
    if (this.built) return;
    this.build();
    this.built = true;
    this.render();
  }

  build() {
    const { state, catalogue } = this;
    this.edition = h("select", { id: "setup-edition", dataset: { testid: "edition" } },
      catalogue.editions.map((edition) => h("option", {
        value: edition.code, text: `${edition.code} · ${edition.name}`,
      })));
    this.edition.addEventListener("change", () => state.setEdition(this.edition.value));

    // A whole expansion, then its parts indented under it: ticking the whole puts every
    // part in play; a part alone puts that part (and the expansion's tiles) in play.
    this.expansionBoxes = new Map();
    const expansionItems = catalogue.options.map((option) => {
      const box = h("input", {
        type: "checkbox", value: option.code, id: `setup-x-${option.code}`,
        dataset: { testid: `expansion-${option.code}` },
      });
      box.addEventListener("change", async () => {
        const on = box.checked;
        // An expansion's tiles come from the server the first time it is put in play;
        // meanwhile the box stays as ticked.
        this.pending.add(option.code);
        const loaded = !on || await this.loadTiles([...state.doc.expansions, option.code]);
        this.pending.delete(option.code);
        if (loaded) state.setExpansion(option.code, on);
        else box.checked = false;
      });
      const note = h("span", { class: "setup-note" });
      this.expansionBoxes.set(option.code, { box, note, option });
      const offered = catalogue.option(option.expansion);
      // A link to the expansion's rules page, which opens beside the board.
      const rules = option.rules_url
        ? [" ", h("a", { href: option.rules_url, target: "_blank", rel: "noopener", class: "setup-rules-link",
            text: "rules", "aria-label": `${option.name}: rules` })]
        : [];
      return h("li", { class: option.whole ? "setup-expansion" : offered ? "setup-part" : "" },
        box, " ", h("label", { for: box.id, text: option.name }), ...rules, " ", note);
    });

    // A whole box in one tap: its edition and every expansion it holds (Big Box 6).
    this.boxButtons = new Map(catalogue.boxes.map((box) => {
      const button = h("button", {
        type: "button", class: "small", text: box.name, "aria-pressed": "false",
        dataset: { testid: `box-${box.code}` },
      });
      button.addEventListener("click", () => this.chooseBox(box));
      return [box.code, button];
    }));
    const boxRow = this.boxButtons.size
      ? h("div", { class: "setup-row setup-boxes" },
        h("span", { class: "setup-boxes-label", text: "A whole box" }), ...this.boxButtons.values())
      : "";

    this.ruleControls = new Map();
    const ruleRows = catalogue.rules.options.map((option) => {
      const id = `setup-rule-${option.name}`;
      const select = h("select", { id, dataset: { testid: `rule-${option.name}` } },
        option.choices.map((choice, index) => h("option", { value: String(index), text: choice.label })));
      select.addEventListener("change", () => state.setRule(option.name, option.choices[Number(select.value)].value));
      const row = h("div", { class: "setup-row" }, h("label", { for: id, text: option.label }), select);
      this.ruleControls.set(option.name, { select, row, option });
      return row;
    });

    this.rulesSummary = h("span", { class: "setup-summary" });
    // What the chosen edition lacks of the chosen expansions, in words, with the
    // edition that has them (nothing chosen is dropped without a word).
    this.missing = h("div", { class: "setup-missing", role: "status", dataset: { testid: "edition-missing" }, hidden: true });
    // Which printing's tiles the table lays of an expansion with no box in its edition.
    this.printings = h("p", { class: "setup-printings", dataset: { testid: "edition-printings" }, hidden: true });
    this.root.replaceChildren(
      this.missing,
      this.printings,
      h("fieldset", { class: "setup-expansions" },
        h("legend", { text: "Game" }),
        boxRow,
        h("div", { class: "setup-row" }, h("label", { for: "setup-edition", text: "Edition" }), this.edition),
        h("ul", { class: "plain-list setup-inline" }, expansionItems)),
      h("details", { class: "setup-rules" },
        h("summary", {}, h("span", { class: "setup-rules-title", text: "Rule variants" }), " ", this.rulesSummary),
        ruleRows),
    );
  }

  render() {
    const { doc } = this.state;
    const names = this.catalogue.options
      .filter((option) => this.state.listed().includes(option.code))
      .map((option) => option.name);
    const lacking = this.lacking(doc).length;
    this.summary.textContent = `${doc.edition} · ${names.length ? listWords(names) : "base game only"} · `
      + plural(doc.players.length, "player")
      + (lacking ? ` · ${plural(lacking, "chosen expansion")} not in ${doc.edition}` : "");
    if (this.built) this.renderControls(doc);
  }

  /** Put a box in play: its tiles first (from the server, the first time), then its
   * edition and expansions as one change, said in words with what it leaves unscored. */
  async chooseBox(box) {
    if (!await this.loadTiles(box.expansions)) return;
    this.state.setGame(box.edition, box.expansions, box.name);
    const names = this.catalogue.options
      .filter((option) => box.expansions.includes(option.code)).map((option) => option.name);
    this.say(`${box.name} in play: ${box.edition}, ${listWords(names)}. Untick what your table did not play.`
      + (box.not_scored.length ? ` The calculator does not score ${listWords(box.not_scored)}.` : ""));
  }

  renderControls(doc) {
    const inPlay = this.state.inPlay();
    this.edition.value = doc.edition;
    const playing = new Set(doc.expansions);
    for (const box of this.catalogue.boxes) {
      const same = box.edition === doc.edition && box.expansions.length === playing.size
        && box.expansions.every((code) => playing.has(code));
      this.boxButtons.get(box.code).setAttribute("aria-pressed", String(same));
    }
    for (const [code, { box, note, option }] of this.expansionBoxes) {
      const exists = doc.edition in option.printings;
      const byWhole = Boolean(option.expansion && doc.expansions.includes(option.expansion));
      if (!this.pending.has(code)) box.checked = doc.expansions.includes(code) || (byWhole && exists);
      box.disabled = !exists || byWhole;
      note.textContent = exists ? "" : `(not in ${doc.edition})`;
    }
    this.renderMissing(doc);
    this.renderPrintings(doc);
    const changed = [];
    const active = new Set(this.catalogue.ruleOptions(inPlay).map((option) => option.name));
    for (const [name, { select, row, option }] of this.ruleControls) {
      const value = doc.rules[name] ?? option.default;
      const index = option.choices.findIndex((choice) => choice.value === value);
      select.value = String(Math.max(index, 0));
      select.disabled = !active.has(name);
      row.hidden = !active.has(name);
      if (active.has(name) && value !== option.default) changed.push(option.choices[index]?.label ?? String(value));
    }
    this.rulesSummary.textContent = `(${changed.length ? changed.join(", ") : "as in the rules"})`;
  }

  /** The chosen options the edition lacks, named once: a whole expansion, not its parts
   * as well. */
  lacking(doc) {
    const chosen = new Set(doc.expansions);
    return this.catalogue.options.filter((option) => chosen.has(option.code)
      && !(doc.edition in option.printings)
      && !(option.expansion && chosen.has(option.expansion)
        && !(doc.edition in (this.catalogue.option(option.expansion)?.printings ?? {}))));
  }

  /** One line naming the chosen expansions the edition's table plays from another
   * printing's box, as the server's `printings` say: "The Tower: the tiles of the C2
   * box (no C3 printing)." */
  renderPrintings(doc) {
    const chosen = new Set(doc.expansions);
    const fromOther = this.catalogue.options.filter((option) => chosen.has(option.code)
      && !(option.expansion && chosen.has(option.expansion))
      && option.printings[doc.edition] && option.printings[doc.edition] !== doc.edition);
    this.printings.hidden = !fromOther.length;
    const boxes = [...new Set(fromOther.map((option) => option.printings[doc.edition]))];
    this.printings.textContent = fromOther.length
      ? `${listWords(fromOther.map((option) => option.name))}: the tiles of the `
        + `${listWords(boxes)} ${fromOther.length > 1 ? "boxes" : "box"} (no ${doc.edition} printing).`
      : "";
  }

  /** "Abbey & Mayor is not in C3, so it is not in play: it is in C1 and C2." and a
   * button for the edition that has every chosen expansion (or, when none has them
   * all, one for each edition that has one the current lacks). */
  renderMissing(doc) {
    const lacking = this.lacking(doc);
    this.missing.hidden = !lacking.length;
    if (!lacking.length) {
      this.missing.replaceChildren();
      return;
    }
    const chosen = this.catalogue.options.filter((option) => doc.expansions.includes(option.code));
    const editions = this.catalogue.editions.map((edition) => edition.code);
    const whole = editions.filter((code) => code !== doc.edition
      && chosen.every((option) => code in option.printings));
    const offers = whole.length ? whole.slice(-1) // the newest edition that has them all
      : editions.filter((code) => code !== doc.edition
        && lacking.some((option) => code in option.printings));
    const names = lacking.map((option) => option.name);
    const sentences = lacking.map((option) => {
      const where = editions.filter((code) => code in option.printings);
      return `${option.name}: ${where.length ? `in ${listWords(where)}` : "in no edition the builder scores"}.`;
    });
    this.missing.replaceChildren(
      h("p", { text: `${listWords(names)} ${names.length > 1 ? "are" : "is"} not in ${doc.edition}, `
        + `so ${names.length > 1 ? "they are" : "it is"} not in play. ${sentences.join(" ")}` }),
      h("p", {}, offers.map((code) => h("button", {
        type: "button", class: "small", dataset: { testid: `play-edition-${code}` },
        text: whole.length ? `Play ${code}, which has ${names.length > 1 ? "them" : "it"}`
          : `Play ${code}`,
        onclick: () => this.state.setEdition(code),
      }))),
    );
  }
}
