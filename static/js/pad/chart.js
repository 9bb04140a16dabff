// Each player's total after each entry, drawn as SVG from the game's data (no chart
// library): one line per player in the player's colour, the 50-point laps as guides.
// A table beside it carries the same numbers for screen readers.

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 320;
const HEIGHT = 180;
const PAD = { left: 28, right: 8, top: 8, bottom: 18 };
const LAP = 50;

// Strokes the colours of the meeples, readable on the light background.
export const STROKES = {
  yellow: "#d4a300", red: "#c8302a", green: "#2e8b3e", blue: "#2a5fc8",
  black: "#222222", gray: "#7d7d7d", pink: "#d45a9a",
};

function node(name, attributes = {}, text = "") {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (text) element.textContent = text;
  return element;
}

export function drawChart(svg, players) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
  const steps = Math.max(1, ...players.map((player) => player.series.length - 1));
  const top = Math.max(LAP, ...players.flatMap((player) => player.series));
  const low = Math.min(0, ...players.flatMap((player) => player.series));
  const x = (index) => PAD.left + (index / steps) * (WIDTH - PAD.left - PAD.right);
  const y = (points) => PAD.top + (1 - (points - low) / (top - low)) * (HEIGHT - PAD.top - PAD.bottom);
  for (let guide = 0; guide <= top; guide += LAP) {
    svg.append(node("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(guide), y2: y(guide),
                              class: "pad-guide" }));
    svg.append(node("text", { x: PAD.left - 4, y: y(guide) + 3, class: "pad-axis" }, String(guide)));
  }
  svg.append(node("text", { x: WIDTH - PAD.right, y: HEIGHT - 4, class: "pad-axis pad-axis-end" },
                  `${steps} ${steps === 1 ? "entry" : "entries"}`));
  for (const player of players) {
    const points = player.series.map((total, index) => `${x(index).toFixed(1)},${y(total).toFixed(1)}`);
    svg.append(node("polyline", {
      points: points.join(" "), fill: "none", stroke: STROKES[player.color] || "#444",
      "stroke-width": 2, "stroke-linejoin": "round", "data-player": player.color,
    }));
  }
}

export function fillSeriesTable(table, players) {
  const caption = table.querySelector("caption");
  table.replaceChildren(caption);
  const head = table.createTHead().insertRow();
  const corner = document.createElement("th");
  corner.scope = "col";
  corner.textContent = "After entry";
  head.append(corner);
  for (const player of players) {
    const cell = document.createElement("th");
    cell.scope = "col";
    cell.textContent = player.name;
    head.append(cell);
  }
  const body = table.createTBody();
  const rows = Math.max(0, ...players.map((player) => player.series.length));
  for (let index = 1; index < rows; index += 1) {
    const row = body.insertRow();
    const label = document.createElement("th");
    label.scope = "row";
    label.textContent = String(index);
    row.append(label);
    for (const player of players) row.insertCell().textContent = String(player.series[index]);
  }
}
