// Pan and zoom of the board: the board is one SVG whose viewBox is the only thing that
// moves, so a 72-tile board or a much larger one costs the same to drag. Mouse drag,
// wheel, one-finger drag and two-finger pinch are read here; a press that does not move
// is handed on as a tap (with the element under it), and a hovering pointer as a hover.

const MIN_SCALE = 0.12; // pixels per board unit (a tile is 100 units)
const MAX_SCALE = 4;
const TAP_SLOP = 8; // pixels a press may wander and still count as a tap
export const HOLD_MS = 350; // a press held this long is a hold: it selects, or picks a tile up

export class Viewport {
  constructor(svg, { onTap, onHover, onChange, onHold, onCarry }) {
    this.svg = svg;
    this.onTap = onTap;
    this.onHover = onHover;
    // A press held still is a hold; a hold that then moves carries what is under it
    // when `onCarry.start(point, target)` says so (a placed tile), instead of panning.
    this.onHold = onHold;
    this.onCarry = onCarry;
    this.onChange = onChange ?? (() => {});
    this.cx = 50;
    this.cy = 50;
    this.scale = 0.8;
    this.pointers = new Map();
    this.gesture = null;
    // The board's size in pixels as last laid out, told by the ResizeObserver after each
    // layout: reading it never makes the browser lay the page out again before its time
    // (at start-up that forced layout cost a phone a fifth of a second). `sized` settles
    // once the first layout has given the board a size.
    this.size = null;
    this.sized = new Promise((resolve) => { this.resolveSized = resolve; });
    new ResizeObserver(([entry]) => {
      this.size = { width: entry.contentRect.width, height: entry.contentRect.height };
      this.apply();
      this.resolveSized();
    }).observe(svg);
    svg.addEventListener("pointerdown", (event) => this.down(event));
    svg.addEventListener("pointermove", (event) => this.move(event));
    svg.addEventListener("pointerup", (event) => this.up(event));
    svg.addEventListener("pointercancel", (event) => this.cancel(event));
    svg.addEventListener("pointerleave", (event) => {
      if (!this.pointers.size) this.onHover?.(null, event);
    });
    svg.addEventListener("wheel", (event) => this.wheel(event), { passive: false });
  }

  get width() { return this.size?.width || this.svg.clientWidth || 1; }
  get height() { return this.size?.height || this.svg.clientHeight || 1; }

  apply() {
    const w = this.width / this.scale;
    const h = this.height / this.scale;
    this.svg.setAttribute("viewBox", `${this.cx - w / 2} ${this.cy - h / 2} ${w} ${h}`);
    this.onChange();
  }

  /** Board units under a point of the window. */
  toBoard(clientX, clientY) {
    const rect = this.svg.getBoundingClientRect();
    return [
      this.cx + (clientX - rect.left - rect.width / 2) / this.scale,
      this.cy + (clientY - rect.top - rect.height / 2) / this.scale,
    ];
  }

  panBy(dx, dy) {
    this.cx -= dx / this.scale;
    this.cy -= dy / this.scale;
    this.apply();
  }

  zoomAt(factor, clientX = null, clientY = null) {
    if (clientX === null && clientY === null) {
      // About the middle of the board, which stays where it is: nothing to measure.
      this.scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, this.scale * factor));
      this.apply();
      return;
    }
    const rect = this.svg.getBoundingClientRect();
    const px = clientX ?? rect.left + rect.width / 2;
    const py = clientY ?? rect.top + rect.height / 2;
    const [bx, by] = this.toBoard(px, py);
    this.scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, this.scale * factor));
    this.cx = bx - (px - rect.left - rect.width / 2) / this.scale;
    this.cy = by - (py - rect.top - rect.height / 2) / this.scale;
    this.apply();
  }

  /** The scale at which a rectangle of the board (units) fills the view, with a margin
   * (and `right` more pixels on its right), before any bound on the scale. */
  fitScale({ width, height }, margin = 40, right = 0) {
    return Math.min((this.width - 2 * margin - right) / width, (this.height - 2 * margin) / height);
  }

  /** Show a rectangle of the board (units), with a margin (and `right` more pixels on
   * its right), as large as it fits. */
  fit({ x, y, width, height }, margin = 40, right = 0) {
    this.scale = Math.min(1.2, Math.max(MIN_SCALE, this.fitScale({ width, height }, margin, right)));
    this.cx = x + width / 2 + right / 2 / this.scale;
    this.cy = y + height / 2;
    this.apply();
  }

  /** Pan as little as needed so that a rectangle of the board (units) is in view, with
   * `margin` pixels round it, `below` more pixels under it (what lies over the board's
   * foot) and `right` more right of it (the zoom buttons). */
  reveal({ x, y, width, height }, margin = 20, below = 0, right = 0) {
    const m = margin / this.scale;
    const r = m + right / this.scale;
    const under = (margin + below) / this.scale;
    const halfW = this.width / this.scale / 2;
    const halfH = this.height / this.scale / 2;
    let { cx, cy } = this;
    if (x - m < cx - halfW) cx = x - m + halfW;
    if (x + width + r > cx + halfW) cx = x + width + r - halfW;
    if (y - m < cy - halfH) cy = y - m + halfH;
    if (y + height + under > cy + halfH) cy = y + height + under - halfH;
    if (cx !== this.cx || cy !== this.cy) {
      this.cx = cx;
      this.cy = cy;
      this.apply();
    }
  }

  // -- pointers --------------------------------------------------------------------------

  down(event) {
    if (event.button !== undefined && event.button > 0) return;
    this.pointers.set(event.pointerId, {
      x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY,
      target: event.target, since: event.timeStamp,
    });
    if (this.pointers.size === 1) {
      this.gesture = { kind: "press" };
    } else if (this.pointers.size === 2) {
      this.gesture = { kind: "pinch", ...this.pinchMeasure() };
    }
  }

  pinchMeasure() {
    const [a, b] = [...this.pointers.values()];
    return {
      distance: Math.hypot(a.x - b.x, a.y - b.y) || 1,
      midX: (a.x + b.x) / 2,
      midY: (a.y + b.y) / 2,
    };
  }

  move(event) {
    const pointer = this.pointers.get(event.pointerId);
    if (!pointer) {
      if (event.pointerType === "mouse") this.onHover?.(this.toBoard(event.clientX, event.clientY), event);
      return;
    }
    const dx = event.clientX - pointer.x;
    const dy = event.clientY - pointer.y;
    pointer.x = event.clientX;
    pointer.y = event.clientY;
    if (this.gesture?.kind === "pinch" && this.pointers.size >= 2) {
      const now = this.pinchMeasure();
      this.panBy(now.midX - this.gesture.midX, now.midY - this.gesture.midY);
      this.zoomAt(now.distance / this.gesture.distance, now.midX, now.midY);
      Object.assign(this.gesture, now);
      return;
    }
    if (this.gesture?.kind === "carry") {
      this.onCarry.move(this.toBoard(event.clientX, event.clientY), event);
      return;
    }
    if (this.gesture?.kind === "press") {
      const wandered = Math.hypot(event.clientX - pointer.startX, event.clientY - pointer.startY);
      if (wandered < TAP_SLOP) return;
      const held = event.timeStamp - pointer.since >= HOLD_MS;
      if (held && this.pointers.size === 1
          && this.onCarry?.start(this.toBoard(pointer.startX, pointer.startY), pointer.target)) {
        this.gesture = { kind: "carry" };
        this.svg.classList.add("is-carrying");
        this.svg.setPointerCapture?.(event.pointerId);
        this.onCarry.move(this.toBoard(event.clientX, event.clientY), event);
        return;
      }
      this.gesture = { kind: "drag" };
      this.svg.classList.add("is-dragging");
      this.svg.setPointerCapture?.(event.pointerId);
      this.panBy(event.clientX - pointer.startX, event.clientY - pointer.startY);
      return;
    }
    if (this.gesture?.kind === "drag") this.panBy(dx, dy);
  }

  up(event) {
    const pointer = this.pointers.get(event.pointerId);
    if (!pointer) return;
    this.pointers.delete(event.pointerId);
    const gesture = this.gesture;
    if (!this.pointers.size) {
      this.gesture = null;
      this.svg.classList.remove("is-dragging");
    } else if (gesture?.kind === "pinch") {
      this.gesture = { kind: "after-pinch" };
    }
    if (gesture?.kind === "carry") {
      this.svg.classList.remove("is-carrying");
      this.onCarry.drop(this.toBoard(event.clientX, event.clientY));
      return;
    }
    if (gesture?.kind === "press" && !this.pointers.size) {
      const point = this.toBoard(event.clientX, event.clientY);
      if (this.onHold && event.timeStamp - pointer.since >= HOLD_MS) this.onHold(point, pointer.target, event);
      else this.onTap(point, pointer.target, event);
    }
  }

  cancel(event) {
    this.pointers.delete(event.pointerId);
    if (this.gesture?.kind === "carry") {
      this.svg.classList.remove("is-carrying");
      this.onCarry.cancel();
    }
    if (!this.pointers.size) {
      this.gesture = null;
      this.svg.classList.remove("is-dragging");
    }
  }

  wheel(event) {
    event.preventDefault();
    const lines = event.deltaMode === 1 ? 33 : 1;
    if (event.ctrlKey || Math.abs(event.deltaY) >= Math.abs(event.deltaX)) {
      this.zoomAt(Math.exp(-event.deltaY * lines * 0.0015), event.clientX, event.clientY);
    } else {
      this.panBy(-event.deltaX * lines, 0);
    }
  }
}
