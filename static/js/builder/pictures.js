// Tile pictures for the board: each tile type's SVG (/tiles/<code>.svg, canonical
// orientation) comes with the page's data for the tiles in play (else it is fetched once
// from the site), is kept as a template and cloned inline for every placed copy, so that
// its feature shapes (data-feature) can be clicked. While a picture
// loads, or if it cannot be had, a plain drawing made from the tile's data stands in;
// it marks its shapes with data-feature too, so figures can be placed either way.

const SVG_NS = "http://www.w3.org/2000/svg";
const SIZE = 100;
const MID = SIZE / 2;

function svgElement(name, attributes = {}) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [attribute, value] of Object.entries(attributes)) {
    element.setAttribute(attribute, String(value));
  }
  return element;
}

// Polygons of a city reaching one edge, in canonical orientation.
const CITY_CAPS = {
  N: "0,0 100,0 78,30 22,30",
  E: "100,0 100,100 70,78 70,22",
  S: "0,100 100,100 78,70 22,70",
  W: "0,0 0,100 30,78 30,22",
};
const EDGE_MIDDLES = { N: [MID, 0], E: [SIZE, MID], S: [MID, SIZE], W: [0, MID] };

/** A plain drawing of a tile type from its data (used until the real picture arrives). */
/**
 * Make thin features easy to hit: a road gets a wide invisible band along its course, a
 * monastery or garden a margin round it. Cities, drawn later, still win where they meet.
 */
export function widenHitAreas(picture) {
  for (const road of picture.querySelectorAll('[data-kind="road"]')) {
    const course = road.querySelector("path");
    if (!course) continue;
    road.append(svgElement("path", {
      d: course.getAttribute("d"), fill: "none", stroke: "transparent", "stroke-width": 26,
      "stroke-linecap": "round", "pointer-events": "stroke", class: "hit-area",
    }));
  }
  for (const centre of picture.querySelectorAll('[data-kind="monastery"], [data-kind="garden"]')) {
    const body = centre.querySelector("rect, circle");
    if (!body) continue;
    const number = (name) => parseFloat(body.getAttribute(name)) || 0;
    const [x, y, width, height] = body.localName === "circle"
      ? [number("cx") - number("r"), number("cy") - number("r"), 2 * number("r"), 2 * number("r")]
      : [number("x"), number("y"), number("width"), number("height")];
    centre.prepend(svgElement("rect", {
      x: x - 8, y: y - 14, width: width + 16, height: height + 22, fill: "transparent",
      "pointer-events": "all", class: "hit-area",
    }));
  }
  return picture;
}

export function sketchTile(type) {
  const root = svgElement("svg", {
    width: SIZE, height: SIZE, viewBox: `0 0 ${SIZE} ${SIZE}`, class: "tile-sketch",
  });
  root.append(svgElement("rect", { width: SIZE, height: SIZE, class: "sketch-field" }));
  type.features.forEach((feature, index) => {
    const group = svgElement("g", { "data-feature": index, "data-kind": feature.kind });
    if (feature.kind === "field") {
      return; // the background stands for the fields
    }
    if (feature.kind === "city") {
      for (const edge of feature.edges) {
        group.append(svgElement("polygon", { points: CITY_CAPS[edge], class: "sketch-city" }));
      }
      if (feature.edges.length > 1) {
        group.append(svgElement("rect", { x: 25, y: 25, width: 50, height: 50, class: "sketch-city" }));
      }
      if (feature.pennants) {
        const [x, y] = feature.edges.length > 1 ? [MID, MID] : {
          N: [MID, 12], E: [88, MID], S: [MID, 88], W: [12, MID],
        }[feature.edges[0]];
        group.append(svgElement("path", {
          d: `M${x - 6},${y - 6} h12 v6 l-6,7 l-6,-7 z`, class: "sketch-pennant",
        }));
      }
    } else if (feature.kind === "road") {
      const [first, second] = feature.edges;
      const [x1, y1] = EDGE_MIDDLES[first];
      const end = second ? EDGE_MIDDLES[second] : [MID, MID];
      const d = second ? `M${x1},${y1} Q${MID},${MID} ${end[0]},${end[1]}` : `M${x1},${y1} L${MID},${MID}`;
      group.append(svgElement("path", { d, class: "sketch-road" }));
      if (!second) group.append(svgElement("circle", { cx: MID, cy: MID, r: 7, class: "sketch-village" }));
    } else if (feature.kind === "monastery") {
      group.append(svgElement("rect", { x: 34, y: 34, width: 32, height: 32, rx: 4, class: "sketch-monastery" }));
    } else if (feature.kind === "garden") {
      group.append(svgElement("circle", { cx: MID, cy: MID, r: 14, class: "sketch-garden" }));
    }
    root.append(group);
  });
  return widenHitAreas(root);
}

export class TilePictures {
  constructor(urlPattern, catalogue, texts = {}) {
    this.urlPattern = urlPattern; // e.g. "/tiles/CODE.svg"
    this.catalogue = catalogue;
    this.texts = new Map(); // code → the picture's SVG text, as the page's data has it
    this.add(texts);
    this.templates = new Map(); // code → loaded <svg> template
    this.loading = new Map(); // code → promise
    this.sketches = new Map(); // code → sketch template
    this.waiting = new Map(); // code → Set of containers showing a sketch
  }

  url(code) {
    return this.urlPattern.replace("CODE", encodeURIComponent(code));
  }

  /** Pictures that came with data ({code: SVG text}): none of them is fetched. */
  add(texts) {
    for (const [code, text] of Object.entries(texts ?? {})) {
      if (typeof text === "string") this.texts.set(code, text);
    }
  }

  /** The picture of a type as an image address: its own copy in the page when the page
   * has one (nothing to fetch), else the site's. */
  imageUrl(code) {
    const text = this.texts.get(code);
    return text ? `data:image/svg+xml,${encodeURIComponent(text)}` : this.url(code);
  }

  /** Fill `container` (an SVG group) with a picture of the tile type `code`. */
  draw(container, code) {
    container.dataset.picture = code;
    container.replaceChildren(this.copy(code));
    if (this.templates.has(code)) return;
    if (!this.waiting.has(code)) this.waiting.set(code, new Set());
    this.waiting.get(code).add(container);
    this.load(code);
  }

  copy(code) {
    if (!this.templates.has(code) && this.texts.has(code)) {
      try { this.templates.set(code, this.parse(this.texts.get(code))); } catch { this.texts.delete(code); }
    }
    const template = this.templates.get(code);
    if (template) return template.cloneNode(true);
    if (!this.sketches.has(code)) this.sketches.set(code, sketchTile(this.catalogue.type(code)));
    return this.sketches.get(code).cloneNode(true);
  }

  load(code) {
    if (this.loading.has(code)) return this.loading.get(code);
    const promise = fetch(this.url(code), { headers: { Accept: "image/svg+xml" } })
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(response.status))))
      .then((text) => {
        this.templates.set(code, this.parse(text));
        for (const container of this.waiting.get(code) ?? []) {
          if (container.isConnected && container.dataset.picture === code) {
            container.replaceChildren(this.copy(code));
          }
        }
      })
      .catch(() => { /* keep the sketch: it is a faithful plan of the tile */ })
      .finally(() => this.waiting.delete(code));
    this.loading.set(code, promise);
    return promise;
  }

  /** A fetched SVG document as an <svg> element that fills one 100 × 100 square. */
  parse(text) {
    const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
    const source = parsed.documentElement;
    if (source.nodeName !== "svg" || parsed.querySelector("parsererror")) {
      throw new Error("not an SVG picture");
    }
    source.querySelectorAll("script").forEach((script) => script.remove());
    const picture = document.importNode(source, true);
    if (!picture.getAttribute("viewBox")) {
      const width = parseFloat(source.getAttribute("width")) || SIZE;
      const height = parseFloat(source.getAttribute("height")) || SIZE;
      picture.setAttribute("viewBox", `0 0 ${width} ${height}`);
    }
    picture.setAttribute("width", SIZE);
    picture.setAttribute("height", SIZE);
    picture.setAttribute("x", 0);
    picture.setAttribute("y", 0);
    picture.setAttribute("preserveAspectRatio", "none");
    picture.removeAttribute("role");
    picture.setAttribute("aria-hidden", "true");
    picture.classList.add("tile-picture");
    return widenHitAreas(picture);
  }
}
