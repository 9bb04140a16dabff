// The game options: edition, the expansions and parts in play, and the rule variants.
// The controls are built once; each change of the board (undo included) sets them back
// to what the board says, so the form never disagrees with what will be scored.

import { FARM_SCORING } from "./catalogue.js";
import { h, listWords, plural } from "./dom.js";

export class Setup {
  constructor(root, summary, state, catalogue) {
    this.root = root;
    this.summary = summary;
    this.state = state;
    this.catalogue = catalogue;
    this.build();
  }

  build() {
    const { state, catalogue } = this;
    this.edition = h("select", { id: "setup-edition", dataset: { testid: "edition" } },
      catalogue.editions.map((edition) => h("option", {
        value: edition.code, text: `${edition.code} · ${edition.name}`,
      })));
    this.edition.addEventListener("change", () => state.setEdition(this.edition.value));

    this.expansionBoxes = new Map();
    const expansionItems = catalogue.options.map((option) => {
      const box = h("input", {
        type: "checkbox", value: option.code, id: `setup-x-${option.code}`,
        dataset: { testid: `expansion-${option.code}` },
      });
      box.addEventListener("change", () => state.setExpansion(option.code, box.checked));
      const note = h("span", { class: "setup-note" });
      this.expansionBoxes.set(option.code, { box, note, option });
      return h("li", {}, box, " ", h("label", { for: box.id, text: option.name }), " ", note);
    });

    this.farm = h("select", { id: "setup-farm", dataset: { testid: "farm-scoring" } },
      FARM_SCORING.map((choice) => h("option", { value: choice.code, text: choice.label })));
    this.farm.addEventListener("change", () => state.setRule("farm_scoring", this.farm.value));
    this.smallCities = h("input", { type: "checkbox", id: "setup-small", dataset: { testid: "small-cities" } });
    this.smallCities.addEventListener("change", () => state.setRule("small_cities", this.smallCities.checked));
    this.incomplete = h("input", { type: "checkbox", id: "setup-incomplete", dataset: { testid: "incomplete-features" } });
    this.incomplete.addEventListener("change", () => state.setRule("incomplete_features", this.incomplete.checked));

    this.rulesSummary = h("span", { class: "setup-summary" });
    this.root.replaceChildren(
      h("fieldset", { class: "setup-expansions" },
        h("legend", { text: "Game" }),
        h("div", { class: "setup-row" }, h("label", { for: "setup-edition", text: "Edition" }), this.edition),
        h("ul", { class: "plain-list setup-inline" }, expansionItems)),
      h("details", { class: "setup-rules" },
        h("summary", {}, h("span", { class: "setup-rules-title", text: "Rule variants" }), " ", this.rulesSummary),
        h("div", { class: "setup-row" }, h("label", { for: "setup-farm", text: "Farm scoring" }), this.farm),
        h("div", { class: "setup-check" }, this.smallCities, " ",
          h("label", { for: "setup-small", text: "Old small-city rule: a completed two-tile city scores 1 a tile and 1 a pennant" })),
        h("div", { class: "setup-check" }, this.incomplete, " ",
          h("label", { for: "setup-incomplete", text: "Incomplete roads, cities, monasteries and gardens score at the end (untick for the house rule: they score nothing)" }))),
    );
  }

  render() {
    const { doc } = this.state;
    const inPlay = this.state.inPlay();
    this.edition.value = doc.edition;
    for (const [code, { box, note, option }] of this.expansionBoxes) {
      box.checked = doc.expansions.includes(code);
      const exists = option.editions.includes(doc.edition);
      box.disabled = !exists;
      note.textContent = exists ? "" : `(not in ${doc.edition})`;
    }
    this.farm.value = doc.rules.farm_scoring;
    this.farm.disabled = !inPlay.includes("farmers");
    this.smallCities.checked = Boolean(doc.rules.small_cities);
    this.incomplete.checked = doc.rules.incomplete_features !== false;
    const rules = [FARM_SCORING.find((choice) => choice.code === doc.rules.farm_scoring)?.short ?? doc.rules.farm_scoring];
    if (doc.rules.small_cities) rules.push("old small cities");
    if (doc.rules.incomplete_features === false) rules.push("incomplete features score nothing");
    this.rulesSummary.textContent = `(${rules.join(", ")})`;
    const names = this.catalogue.options
      .filter((option) => inPlay.includes(option.code))
      .map((option) => option.code);
    this.summary.textContent = `${doc.edition} · ${names.length ? listWords(names) : "base game only"} · `
      + plural(doc.players.length, "player");
  }
}
