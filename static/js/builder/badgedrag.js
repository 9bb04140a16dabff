// A player's badge dragged onto a feature puts that player's figure there: one gesture
// instead of choosing the player, then tapping the feature. It means what a tap on that
// feature means with that player chosen (their figure goes there, or a figure there
// becomes theirs, or theirs comes back), and that player stays chosen, so the next tap
// puts their figure too. A kind dragged from beside the players does the same for the
// kind. It works the same with a mouse and a finger, on the board and on the close-up
// of the selected tile.

import { s } from "./dom.js";
import { badge } from "./players.js";

const DRAG_SLOP = 10; // pixels a press on a badge moves before it is a drag

/**
 * Where a point of the window falls for a figure: on the close-up of the selected tile
 * or on the board, as { point, target } (the point in board units, the element under
 * it), or null off both. `surfaces`: the SVG elements that take figures, the first
 * that holds the element under the point wins (the close-up lies over the board).
 */
export function figurePoint(surfaces, clientX, clientY) {
  const under = document.elementFromPoint(clientX, clientY);
  if (!under) return null;
  const surface = surfaces.find((svg) => svg.contains(under) && !svg.closest("[hidden]"));
  const matrix = surface?.getScreenCTM();
  if (!matrix) return null;
  const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  return { point: [point.x, point.y], target: under };
}

export class BadgeDrag {
  /**
   * `root`: the element holding the players' badges (`label[for=turn-<colour>]`) and
   * the kinds (`label[for=turn-kind-<code>]`); `surfaces()`: the SVG elements that take
   * figures (see figurePoint); `onDrop(choice, drop)`: `choice` is { player } or
   * { kind }, `drop` figurePoint's answer, or null when let go elsewhere.
   */
  constructor(root, surfaces, onDrop) {
    this.drag = null;
    root.addEventListener("dragstart", (event) => {
      if (event.target.closest?.("label.turn-player, label.turn-kind")) event.preventDefault();
    });
    const move = (event) => {
      const drag = this.drag;
      if (!drag || drag.pointerId !== event.pointerId) return;
      if (!drag.ghost) {
        if (Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) < DRAG_SLOP) return;
        drag.ghost = drag.choice.player ? badge(drag.choice.player)
          : s("svg", { viewBox: "-20 -21 40 40", width: 28, height: 28 }, drag.icon.cloneNode(true));
        drag.ghost.classList.add("badge-drag");
        document.body.append(drag.ghost);
      }
      drag.ghost.style.left = `${event.clientX - 12}px`;
      drag.ghost.style.top = `${event.clientY - 12}px`;
    };
    const finish = (event, drop) => {
      const drag = this.drag;
      if (!drag || drag.pointerId !== event.pointerId) return;
      this.drag = null;
      window.removeEventListener("pointermove", move, true);
      window.removeEventListener("pointerup", up, true);
      window.removeEventListener("pointercancel", cancel, true);
      if (!drag.ghost) return; // a tap: the label chooses the player, as ever
      drag.ghost.remove();
      // The click a mouse sends after the drag is not a choice of the badge's label.
      const swallow = (click) => { click.preventDefault(); click.stopPropagation(); };
      window.addEventListener("click", swallow, { capture: true, once: true });
      setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
      if (drop) onDrop(drag.choice, figurePoint(surfaces(), event.clientX, event.clientY));
    };
    const up = (event) => finish(event, true);
    const cancel = (event) => finish(event, false);
    root.addEventListener("pointerdown", (event) => {
      const label = event.target.closest("label.turn-player, label.turn-kind");
      const target = label?.getAttribute("for") ?? "";
      const choice = label?.classList.contains("turn-kind")
        ? { kind: target.replace(/^turn-kind-/, "") } : { player: target.replace(/^turn-/, "") };
      if (!label || event.button > 0 || this.drag) return;
      const icon = label.querySelector(".kind-icon path");
      this.drag = { choice, icon, pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, ghost: null };
      window.addEventListener("pointermove", move, true);
      window.addEventListener("pointerup", up, true);
      window.addEventListener("pointercancel", cancel, true);
    });
  }
}
