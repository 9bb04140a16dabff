// Small helpers for building the page's elements without innerHTML: every text that comes
// from a player (names, imported files) goes into the page as text, never as markup.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(element, attributes, children) {
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") element.textContent = String(value);
    else if (name === "dataset") Object.assign(element.dataset, value);
    // Through the CSSOM: the site's Content-Security-Policy refuses style attributes.
    else if (name === "style") element.style.cssText = String(value);
    else if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of [children ?? []].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** An HTML element: h("button", { type: "button", onclick }, "Undo"). */
export function h(tag, attributes = {}, ...children) {
  return fill(document.createElement(tag), attributes, children);
}

/** An SVG element, same calling convention as h(). */
export function s(tag, attributes = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attributes, children);
}

/** "1 tile", "3 tiles". */
export function plural(count, word, many = `${word}s`) {
  return `${count} ${count === 1 ? word : many}`;
}

/** Join words as prose: "a", "a and b", "a, b and c". */
export function listWords(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** Whether a key press is meant for a text field rather than for the page. */
export function isTyping(target) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !["checkbox", "radio", "button", "submit", "reset", "file", "range", "color"]
      .includes(target.type);
  }
  return false;
}

/**
 * Call `act(button)` when a button matching `selector` inside `strip` is tapped or
 * clicked, once a gesture. A finger's tap acts as it lifts, and the click that follows
 * it is skipped whichever button it lands on: a strip drawn again by the change would
 * otherwise take that click on the button now under the finger ("Make it a meeple"
 * where "Make it a large meeple" was) and undo what the tap did. The tap takes the
 * focus first, as the click would: a panel drawn again keeps the focus it holds, and
 * would scroll the page to it under the finger, where the click would land.
 */
export function onTap(strip, selector, act) {
  let touched = false;
  strip.addEventListener("pointerup", (event) => {
    const button = event.target.closest(selector);
    if (event.pointerType !== "touch" || !button) return;
    touched = true;
    setTimeout(() => { touched = false; }, 600);
    button.focus({ preventScroll: true });
    act(button);
  });
  strip.addEventListener("click", (event) => {
    const button = event.target.closest(selector);
    if (!button) return;
    if (touched) { touched = false; return; }
    act(button);
  });
}
