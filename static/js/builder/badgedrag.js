// A player's badge dragged onto a feature puts that player's figure there: one gesture
// instead of choosing the player, then tapping the feature. It means what a tap on that
// feature means with that player chosen (their figure goes there, or a figure there
// becomes theirs, or theirs comes back), and that player stays chosen, so the next tap
// puts their figure too. A kind dragged from beside the players does the same for the
// kind. A drag from a badge that rests on a kind on its way (or from a kind that rests
// on a badge) takes that too: the owner and the kind of one figure in one gesture, as the
// picture under the finger shows. Only a rest counts: on a laptop the badges take two
// rows above the kinds, and the way from one to the board crosses others. It works the
// same with a mouse and a finger, on the board and on the close-up of the selected tile.

const DRAG_SLOP = 10; // pixels a press on a badge moves before it is a drag
const REST_MS = 200; // how long a drag rests on a badge or a kind to take it
const LABELS = "label.turn-player, label.turn-kind";

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

/** What a badge's or a kind's label chooses: { player } or { kind }. */
export function choiceOf(label) {
  const target = label.getAttribute("for") ?? "";
  return label.classList.contains("turn-kind")
    ? { kind: target.replace(/^turn-kind-/, "") } : { player: target.replace(/^turn-/, "") };
}

/** The choice a drag carries once it has rested on `label`: the label's part of it
 * taken, unless it is of the part the drag began with (a badge's drag stays that
 * player's). */
export function restedOn(choice, started, label) {
  const over = choiceOf(label);
  const part = over.player ? "player" : "kind";
  return part === started ? choice : { ...choice, ...over };
}

export class BadgeDrag {
  /**
   * `root`: the element holding the players' badges (`label[for=turn-<colour>]`) and
   * the kinds (`label[for=turn-kind-<code>]`); `surfaces()`: the SVG elements that take
   * figures (see figurePoint); `onDrop(choice, drop)`: `choice` is { player }, { kind }
   * or both, `drop` figurePoint's answer, or null when let go elsewhere;
   * `picture(choice)`: the element drawn under the finger for a choice. The options
   * make it drag from another strip (the figures nobody owns, { neutral }): `labels`,
   * a selector of what a drag starts from; `choose(label)`, the choice one carries;
   * `rest(choice, started, label)`, what a rest on another one makes of the choice.
   */
  constructor(root, surfaces, onDrop, picture, { labels = LABELS, choose = choiceOf, rest = restedOn } = {}) {
    this.drag = null;
    root.addEventListener("dragstart", (event) => {
      if (event.target.closest?.(labels)) event.preventDefault();
    });
    // The picture under the finger, drawn again (at the finger) when a rest changes what
    // the drag puts.
    const draw = (drag) => {
      const ghost = picture(drag.choice);
      ghost.classList.add("badge-drag");
      ghost.dataset.testid = "figure-drag";
      if (drag.ghost) drag.ghost.replaceWith(ghost);
      else document.body.append(ghost);
      drag.ghost = ghost;
      place(drag);
    };
    const place = ({ ghost, at: [x, y] }) => {
      ghost.style.left = `${x - 12}px`;
      ghost.style.top = `${y - 12}px`;
    };
    // The badge or kind under the finger, looked for only while it is over the strip
    // (measured once a drag, and again after the page scrolls under it: a mouse's wheel
    // turned mid-drag), not on every move to the board.
    const labelAt = (drag, [x, y]) => {
      const box = (drag.strip ??= root.getBoundingClientRect());
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) return null;
      return document.elementFromPoint(x, y)?.closest?.(labels) ?? null;
    };
    const move = (event) => {
      const drag = this.drag;
      if (!drag || drag.pointerId !== event.pointerId) return;
      drag.at = [event.clientX, event.clientY];
      if (!drag.ghost) {
        if (Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) < DRAG_SLOP) return;
        draw(drag);
      }
      const over = labelAt(drag, drag.at);
      if (over !== drag.over) {
        drag.over = over;
        clearTimeout(drag.rest);
        if (over) {
          drag.rest = setTimeout(() => {
            const choice = rest(drag.choice, drag.started, over);
            if (this.drag === drag && drag.over === over && choice !== drag.choice) {
              drag.choice = choice;
              draw(drag);
            }
          }, REST_MS);
        }
      }
      place(drag);
    };
    const finish = (event, drop) => {
      const drag = this.drag;
      if (!drag || drag.pointerId !== event.pointerId) return;
      this.drag = null;
      clearTimeout(drag.rest);
      window.removeEventListener("pointermove", move, true);
      window.removeEventListener("pointerup", up, true);
      window.removeEventListener("pointercancel", cancel, true);
      window.removeEventListener("scroll", scrolled, true);
      if (!drag.ghost) return; // a tap: the label chooses the player, as ever
      drag.ghost.remove();
      // The click a mouse sends after the drag is not a choice of the badge's label.
      const swallow = (click) => { click.preventDefault(); click.stopPropagation(); };
      window.addEventListener("click", swallow, { capture: true, once: true });
      setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
      if (drop) onDrop(drag.choice, figurePoint(surfaces(), event.clientX, event.clientY));
    };
    const scrolled = () => { if (this.drag) this.drag.strip = null; };
    const up = (event) => finish(event, true);
    const cancel = (event) => finish(event, false);
    root.addEventListener("pointerdown", (event) => {
      const label = event.target.closest(labels);
      if (!label || event.button > 0 || this.drag) return;
      const choice = choose(label);
      this.drag = {
        choice, started: choice.player ? "player" : "kind", over: label, rest: null, strip: null,
        pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, at: null, ghost: null,
      };
      window.addEventListener("pointermove", move, true);
      window.addEventListener("pointerup", up, true);
      window.addEventListener("pointercancel", cancel, true);
      window.addEventListener("scroll", scrolled, { capture: true, passive: true });
    });
  }
}
