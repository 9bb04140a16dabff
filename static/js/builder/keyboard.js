// Keys. Anywhere on the page (except while typing in a field): Ctrl+Z / Ctrl+Y (or
// Ctrl+Shift+Z, ⌘ on a Mac) undo and redo, R turns the tile just placed (to the next way it
// fits), the tile in hand or the selected tile, / finds a tile type in the palette,
// M moves the selected tile, Delete removes it, Escape lets go, 1–6 choose whose figures
// go down. On the focused board: the arrow keys move the cursor square (the view
// follows), Shift+arrows pan, + and − zoom, 0 shows the whole board, Enter or Space acts
// on the cursor's square as a click would.

import { isTyping } from "./dom.js";

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const PAN_STEP = 80; // pixels

export function installKeyboard({ board, controller, viewport }) {
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.isComposing) return;
    const typing = isTyping(event.target);
    const command = event.ctrlKey || event.metaKey;
    if (command && !event.altKey) {
      if (typing) return; // text fields keep their own undo
      const letter = event.key.toLowerCase();
      if (letter === "z" && !event.shiftKey) controller.undo();
      else if (letter === "y" || (letter === "z" && event.shiftKey)) controller.redo();
      else return;
      event.preventDefault();
      return;
    }
    if (typing || event.altKey) return;
    if (event.target === board && boardKey(event, controller, viewport)) {
      event.preventDefault();
      return;
    }
    const handled = pageKey(event, controller);
    if (handled) event.preventDefault();
  });
}

function pageKey(event, controller) {
  switch (event.key) {
    case "r": case "R": controller.rotate(); return true;
    case "m": case "M": controller.move(); return true;
    case "Delete": controller.remove(); return true;
    case "Escape": return controller.cancel();
    case "/": controller.findTile(); return true;
    default:
      if (/^[1-6]$/.test(event.key)) return controller.choosePlayer(Number(event.key) - 1);
      return false;
  }
}

function boardKey(event, controller, viewport) {
  const arrow = ARROWS[event.key];
  if (arrow) {
    if (event.shiftKey) viewport.panBy(-arrow[0] * PAN_STEP, -arrow[1] * PAN_STEP);
    else controller.moveCursor(arrow[0], arrow[1]);
    return true;
  }
  switch (event.key) {
    case "+": case "=": viewport.zoomAt(1.25); return true;
    case "-": case "_": viewport.zoomAt(0.8); return true;
    case "0": controller.fit(); return true;
    case "Enter": case " ": controller.activateCursor(); return true;
    case "Backspace": controller.remove(); return true;
    default: return false;
  }
}
