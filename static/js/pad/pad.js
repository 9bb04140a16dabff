// The score pad's game page: shows the game the server sent with the page, keeps it
// current with short conditional polls (If-None-Match: 304 while nothing changed), and
// sends this phone's entries, changes and undos through an outbox kept in localStorage,
// so that nothing is lost while the connection is away.

import { drawChart, fillSeriesTable } from "./chart.js";
import { choiceOf, fillDetails, fillWho, readEntry, whatChoices } from "./form.js";
import { Outbox, newUid } from "./outbox.js";

const POLL_MS = 1000;

const page = JSON.parse(document.getElementById("pad-data").textContent);
const root = document.querySelector("[data-pad]");
const status = root.querySelector("[data-status]");
let game = page.game;
let etag = page.etag;
let offline = false;
let editing = null; // the uid of the entry being changed
const outbox = page.watching ? null : new Outbox(`carcwiki-pad-outbox-${game.watch}`);

function time(iso) {
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

function nameOf(color) {
  return (game.players.find((player) => player.color === color) || { name: color }).name;
}

function renderTotals() {
  const body = root.querySelector("[data-totals] tbody");
  body.replaceChildren(...game.players.map((player) => {
    const row = document.createElement("tr");
    row.className = `player-${player.color}`;
    row.dataset.player = player.color;
    const name = document.createElement("th");
    name.scope = "row";
    name.textContent = player.name;
    row.append(name);
    for (const value of [player.total, player.track, player.laps]) {
      row.insertCell().textContent = String(value);
    }
    return row;
  }));
}

function button(label, action, uid) {
  const made = document.createElement("button");
  made.type = "button";
  made.textContent = label;
  made.dataset.action = action;
  made.dataset.uid = uid;
  return made;
}

function renderLog() {
  const list = root.querySelector("[data-log]");
  const waiting = outbox ? outbox.list().filter((request) => request.method === "POST") : [];
  const items = waiting.map((request) => {
    const item = document.createElement("li");
    item.className = "pad-waiting";
    item.dataset.testid = "waiting";
    item.textContent = `waiting to be sent: ${request.label}`;
    return item;
  }).reverse();
  for (const entry of [...game.entries].reverse()) {
    const item = document.createElement("li");
    item.className = entry.undone ? "pad-undone" : "";
    item.dataset.uid = entry.uid;
    const when = document.createElement("time");
    when.dateTime = entry.created_at;
    when.textContent = time(entry.created_at);
    const text = document.createElement("span");
    text.textContent = entry.undone ? `${entry.explanation} (undone)` : entry.explanation;
    item.append(when, " ", text);
    if (!page.watching && !entry.undone && entry.kind !== "final") {
      item.append(" ", button("Change", "edit", entry.uid), " ", button("Undo", "undo", entry.uid));
    }
    items.push(item);
  }
  list.replaceChildren(...items);
}

function renderStatus() {
  const waiting = outbox ? outbox.list().length : 0;
  if (offline) {
    status.textContent = waiting
      ? `Offline: ${waiting} ${waiting === 1 ? "change" : "changes"} waiting, sent as soon as the connection is back.`
      : "Offline: the scores shown may be behind; they update when the connection is back.";
  } else if (waiting) {
    status.textContent = `Sending ${waiting} ${waiting === 1 ? "change" : "changes"}…`;
  } else {
    status.textContent = "Up to date.";
  }
  status.dataset.state = offline ? "offline" : waiting ? "sending" : "ok";
}

function renderWinner() {
  const winner = root.querySelector("[data-winner]");
  const names = game.winners.map(nameOf);
  const best = game.players.find((player) => game.winners.includes(player.color));
  winner.textContent = names.length
    ? `Final scoring in. ${names.length > 1 ? "Winners" : "Winner"}: ${names.join(" and ")} with ${best.total} points.`
    : "";
  // The server builds the BG Stats link once the final scoring is in (null before).
  root.querySelector("[data-bg-stats-row]").hidden = !game.bg_stats_link;
  root.querySelector("[data-bg-stats]").href = game.bg_stats_link || "";
}

function render() {
  renderWinner();
  renderTotals();
  renderLog();
  drawChart(root.querySelector("[data-chart]"), game.players);
  fillSeriesTable(root.querySelector("[data-series]"), game.players);
  renderStatus();
}

async function poll() {
  try {
    const response = await fetch(page.urls.game, {
      headers: { "If-None-Match": etag, Accept: "application/json" }, cache: "no-store",
    });
    offline = false;
    if (response.status === 200) {
      game = await response.json();
      etag = response.headers.get("ETag") || etag;
      render();
    } else {
      renderStatus();
    }
  } catch {
    offline = true;
    renderStatus();
  }
}

function send(request) {
  return fetch(request.url, {
    method: request.method,
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: request.body ? JSON.stringify(request.body) : undefined,
  });
}

async function flush() {
  if (!outbox || !outbox.list().length) return;
  const outcome = await outbox.flush(send);
  offline = outcome.offline;
  const error = root.querySelector("[data-error]");
  if (outcome.refused.length) {
    const [request, body] = outcome.refused[outcome.refused.length - 1];
    const messages = (body.errors || []).map((problem) => problem.message).join(" ");
    error.textContent = `Not kept (${request.label}): ${messages || "the server refused it."}`;
  }
  if (outcome.sent || outcome.refused.length) await poll();
  else render();
}

let timer = null;
async function tick() {
  clearTimeout(timer);
  await flush();
  await poll();
  timer = setTimeout(tick, document.hidden ? POLL_MS * 10 : POLL_MS);
}

function setUpForm() {
  const form = root.querySelector("[data-entry-form]");
  const what = form.querySelector("[data-what]");
  const details = form.querySelector("[data-details]");
  const title = root.querySelector("[data-form-title]");
  const cancel = form.querySelector("[data-cancel-edit]");
  const error = form.querySelector("[data-error]");
  const choices = whatChoices(game.options);
  what.replaceChildren(...choices.map((choice) => new Option(choice.label, choice.value)));
  const current = () => choices.find((choice) => choice.value === what.value);

  function reset() {
    editing = null;
    title.textContent = "Add a score";
    cancel.hidden = true;
    fillWho(form.querySelector("[data-who]"), game.players);
    fillDetails(details, current(), game.players);
  }

  what.addEventListener("change", () => fillDetails(details, current(), game.players));
  cancel.addEventListener("click", reset);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    error.textContent = "";
    const body = readEntry(form, current());
    if (!body.players.length) {
      error.textContent = "Tick who scored.";
      return;
    }
    const who = body.players.map(nameOf).join(" and ");
    if (editing) {
      outbox.add({ method: "PUT", url: `${page.urls.entries}${editing}/`, body,
                   label: `change for ${who}` });
    } else {
      outbox.add({ method: "POST", url: page.urls.entries, body: { uid: newUid(), ...body },
                   label: `${current().label} for ${who}` });
    }
    reset();
    renderLog();
    renderStatus();
    tick();
  });
  root.querySelector("[data-log]").addEventListener("click", (event) => {
    const target = event.target.closest("button[data-action]");
    if (!target) return;
    const entry = game.entries.find((item) => item.uid === target.dataset.uid);
    if (!entry) return;
    if (target.dataset.action === "undo") {
      outbox.add({ method: "DELETE", url: `${page.urls.entries}${entry.uid}/`,
                   label: `undo of ${entry.explanation}` });
      tick();
    } else {
      const choice = choiceOf(choices, entry);
      if (!choice) return;
      editing = entry.uid;
      what.value = choice.value;
      title.textContent = "Change a score";
      cancel.hidden = false;
      fillWho(form.querySelector("[data-who]"), game.players, entry.players);
      fillDetails(details, choice, game.players, entry.detail);
      form.scrollIntoView({ block: "nearest" });
    }
  });
  reset();
}

// Keeps this page opening offline (a service worker needs a secure context: HTTPS or
// this machine).
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register(page.urls.worker).catch(() => {});
}

if (!page.watching) setUpForm();
render();
window.addEventListener("online", tick);
document.addEventListener("visibilitychange", () => { if (!document.hidden) tick(); });
timer = setTimeout(tick, POLL_MS);
