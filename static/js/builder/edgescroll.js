// A tile dragged to a square that is off the visible board (from the palette, or a placed
// tile carried to another square): the player holds it at the board's edge on that
// side, and the board slides until the square shows, all in the one drag. Without this
// a square out of sight costs a drag of the board first, then the drag of the tile.
//
// Two things keep the board still when nobody asks it to move. The edges only push once
// the dragged tile has been over the board's middle in this drag, so crossing the edge
// next to the palette on the way in moves nothing. And the tile must rest in an edge's
// band for a moment first, so a tile let go on a square by the edge lands where it was
// aimed.

export const EDGE_BAND = 28; // pixels inside the visible board's edge where holding pushes
export const DWELL_MS = 250; // how long a tile rests in the band before the board moves
// Slow enough that a player lets go as the square shows (a phone's square is 60-70 px).
const SLOWEST = 150; // pixels a second at the band's inner side
const FASTEST = 450; // pixels a second at the board's very edge

/** The visible part of an element's box: its client rectangle cut to the window. */
export function visibleRect(rect, width, height) {
  return {
    left: Math.max(rect.left, 0), top: Math.max(rect.top, 0),
    right: Math.min(rect.right, width), bottom: Math.min(rect.bottom, height),
  };
}

/**
 * Where a point held in `rect` (a visible board) pushes the board: { x, y }, each -1 to
 * 1, how far into an edge's band the point is and toward which side (x -1 the left edge,
 * 1 the right; y -1 the top, 1 the bottom), 0 along an axis where it is clear of both
 * bands. Null when the point is off the board.
 * For example, 5 px from the left of a 400×600 board with a 28 px band: { x: -23/28, y: 0 }.
 */
export function edgePush(point, rect, band = EDGE_BAND) {
  if (point.x < rect.left || point.x > rect.right || point.y < rect.top || point.y > rect.bottom) {
    return null;
  }
  const along = (at, low, high) => {
    if (at < low + band) return -(low + band - at) / band;
    if (at > high - band) return (at - (high - band)) / band;
    return 0;
  };
  return { x: along(point.x, rect.left, rect.right), y: along(point.y, rect.top, rect.bottom) };
}

export class EdgeScroll {
  /** `svg`: the board; `viewport`: its pan (Viewport.panBy); `onSlide(clientX, clientY)`:
   * told after each step of a slide where the dragged tile is, since the board moved
   * under it with no move of the pointer (the square it is over is lit again). */
  constructor(svg, viewport, onSlide = null) {
    this.svg = svg;
    this.viewport = viewport;
    this.onSlide = onSlide;
    this.frame = null;
    this.stop();
  }

  /** The dragged tile is now at (clientX, clientY). */
  follow(clientX, clientY, now = performance.now()) {
    this.at = [clientX, clientY];
    // The board's place on the screen does not change during a drag: it is measured once
    // (reading it after the dragged picture moved would lay the page out on every move).
    this.rect ??= visibleRect(this.svg.getBoundingClientRect(), innerWidth, innerHeight);
    const push = edgePush({ x: clientX, y: clientY }, this.rect);
    if (push && !push.x && !push.y) this.armed = true;
    if (!this.armed || !push || (!push.x && !push.y)) {
      this.push = null;
      this.since = null;
      this.last = null;
      return;
    }
    if (this.since === null) this.since = now;
    this.push = push;
    if (this.frame === null) this.frame = requestAnimationFrame((time) => this.step(time));
  }

  step(time) {
    this.frame = null;
    if (!this.push) return;
    const waited = time - this.since;
    if (waited >= DWELL_MS && this.last !== null) {
      const seconds = Math.min(time - this.last, 100) / 1000;
      const speed = (depth) => Math.sign(depth) * (SLOWEST + (FASTEST - SLOWEST) * Math.abs(depth));
      // The board moves the other way from the edge held: holding the left edge shows
      // what lies to the left.
      this.viewport.panBy(-speed(this.push.x) * seconds, -speed(this.push.y) * seconds);
      this.onSlide?.(...this.at);
    }
    this.last = time;
    this.frame = requestAnimationFrame((next) => this.step(next));
  }

  /** The drag ended (let go, or cancelled): the board stops, and the next drag starts
   * unarmed and measures the board again. */
  stop() {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
    this.rect = null; // the visible board, measured at the drag's first move
    this.armed = false; // the tile has been over the board's middle in this drag
    this.push = null;
    this.since = null; // when the tile came into an edge's band
    this.last = null; // the time of the last step of the slide
    this.at = null; // where the dragged tile is, in the window
  }
}
