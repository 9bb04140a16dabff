// The entry form, built from what the server says the game offers (``game.options``:
// the feature kinds scored during play with their questions, the points expansions hand
// out during play). It only collects what the players say; the server computes the
// points by the rules and answers any problem with a sentence.

const KIND_NAMES = { road: "Road", city: "City", monastery: "Monastery", garden: "Garden" };
const COUNT_LABELS = {
  tiles: "Tiles", pennants: "Pennants (coats of arms)", neighbours: "Tiles around it (8 when completed)",
};

function element(name, attributes = {}, text = "") {
  const made = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === true) made.setAttribute(key, "");
    else if (value !== false && value !== undefined) made.setAttribute(key, value);
  }
  if (text) made.textContent = text;
  return made;
}

function numberField(name, label, value, min, max) {
  const wrap = element("label", { class: "pad-field" }, label + " ");
  wrap.append(element("input", { type: "number", inputmode: "numeric", name, min, max,
                                 value: value ?? "", "data-testid": `field-${name}`,
                                 required: true }));
  return wrap;
}

function checkbox(name, value, label, checked) {
  const wrap = element("label", { class: "pad-choice" });
  wrap.append(element("input", { type: "checkbox", name, value, checked,
                                  "data-testid": `${name}-${value}` }), ` ${label}`);
  return wrap;
}

export function whatChoices(options) {
  const choices = options.features.map((feature) => ({
    value: `feature:${feature.kind}`, label: KIND_NAMES[feature.kind] || feature.kind, feature,
  }));
  for (const points of options.play_points) {
    choices.push({ value: `play:${points.code}`, label: points.label, play: points });
  }
  choices.push({ value: "free", label: "Something else (a free entry with a reason)" });
  return choices;
}

export function fillWho(container, players, chosen = []) {
  container.replaceChildren(...players.map((player) => {
    const wrap = element("label", { class: `pad-choice pad-player player-${player.color}` });
    wrap.append(element("input", { type: "checkbox", name: "who", value: player.color,
                                   checked: chosen.includes(player.color),
                                   "data-testid": `who-${player.color}` }), ` ${player.name}`);
    return wrap;
  }));
}

// The fields of one choice, filled from ``detail`` (an entry being changed) if given.
export function fillDetails(container, choice, players, detail = {}) {
  const fields = [];
  if (choice.feature) {
    const feature = choice.feature;
    for (const count of feature.counts) {
      const fallback = count === "neighbours" ? 8 : count === "pennants" ? 0 : "";
      fields.push(numberField(count, COUNT_LABELS[count], detail[count] ?? fallback,
                              count === "tiles" ? 1 : 0, count === "neighbours" ? 8 : 500));
    }
    for (const option of feature.with) {
      fields.push(checkbox("with", option.name, option.label, (detail.with || []).includes(option.name)));
    }
    for (const figure of feature.neutral) {
      fields.push(checkbox("neutral", figure.kind, `with the ${figure.name}`,
                           (detail.neutral || []).includes(figure.kind)));
    }
    for (const area of feature.around) {
      fields.push(numberField(`around:${area.word}`, `${area.word} around it (${area.each} each)`,
                              (detail.around || {})[area.word] ?? 0, 0, 8));
    }
  } else if (choice.play) {
    if (choice.play.unit) {
      fields.push(numberField("count", `How many ${choice.play.unit[1]}`, detail.count, 1, 200));
    }
    if (choice.play.paid) {
      const wrap = element("label", { class: "pad-field" }, "Paid by ");
      const select = element("select", { name: "from", "data-testid": "field-from" });
      for (const player of players) {
        select.append(element("option", { value: player.color, selected: detail.from === player.color },
                              player.name));
      }
      wrap.append(select);
      fields.push(wrap);
    }
    fields.push(element("p", { class: "muted" }, `${choice.play.each} points each time.`));
  } else {
    fields.push(numberField("points", "Points (negative to take some off)", detail.points, -500, 500));
    const wrap = element("label", { class: "pad-field" }, "Why ");
    wrap.append(element("input", { type: "text", name: "reason", maxlength: 200,
                                   value: detail.reason || "", "data-testid": "field-reason" }));
    fields.push(wrap);
  }
  container.replaceChildren(...fields);
}

function whole(value) {
  return value === "" ? null : Number(value);
}

// The entry's body (without its uid) as the API takes it.
export function readEntry(form, choice) {
  const data = new FormData(form);
  const body = { players: data.getAll("who") };
  if (choice.feature) {
    const feature = { kind: choice.feature.kind };
    for (const count of choice.feature.counts) feature[count] = whole(data.get(count));
    const withs = data.getAll("with");
    if (withs.length) feature.with = withs;
    const neutral = data.getAll("neutral");
    if (neutral.length) feature.neutral = neutral;
    const around = {};
    for (const area of choice.feature.around) {
      const count = whole(data.get(`around:${area.word}`));
      if (count) around[area.word] = count;
    }
    if (Object.keys(around).length) feature.around = around;
    body.feature = feature;
  } else if (choice.play) {
    const play = { code: choice.play.code };
    if (choice.play.unit) play.count = whole(data.get("count"));
    if (choice.play.paid) play.from = data.get("from");
    body.play = play;
  } else {
    body.free = { points: whole(data.get("points")), reason: data.get("reason") || "" };
  }
  return body;
}

// The choice an entry was made with, to change it.
export function choiceOf(choices, entry) {
  if (entry.kind === "feature") return choices.find((c) => c.value === `feature:${entry.detail.kind}`);
  if (entry.kind === "play") return choices.find((c) => c.value === `play:${entry.detail.code}`);
  return choices.find((c) => c.value === "free");
}
