// Niceties for the expansion selector. The form works without this script (it is a plain
// GET form handled by the server); here we only keep expansions and their parts in step,
// show live counts, follow the edition filters and apply quick selections in place.

const form = document.querySelector("[data-selector]");

if (form) {
  const expansionBoxes = [...form.querySelectorAll("input[data-expansion-box]")];
  const partBoxes = [...form.querySelectorAll("input[data-part-of]")];
  const editionBoxes = [...form.querySelectorAll("input[data-edition-filter]")];
  const preferredRadios = [...form.querySelectorAll("input[data-preferred]")];
  const summary = form.querySelector("[data-selector-summary]");
  const editionCodes = { c1: ["C1"], c23: ["C2", "C3"], we: ["WE"] };

  const partsOf = (code) => partBoxes.filter((box) => box.dataset.partOf === code);
  const isShown = (box) => !box.closest("[hidden]");

  function shownEditions() {
    const ticked = editionBoxes.filter((box) => box.checked);
    const groups = ticked.length ? ticked : editionBoxes;
    return new Set(groups.flatMap((box) => editionCodes[box.value] || []));
  }

  function availableIn(element, editions) {
    const own = (element.dataset.editions || "").split(" ").filter(Boolean);
    return own.length === 0 || own.some((code) => editions.has(code));
  }

  // An expansion box is ticked when all its shown parts are, and looks half-ticked when
  // only some are (it then stays unticked so that only those parts are submitted).
  function syncExpansion(box) {
    const parts = partsOf(box.value).filter(isShown);
    if (parts.length === 0) return;
    const ticked = parts.filter((part) => part.checked).length;
    box.checked = ticked === parts.length;
    box.indeterminate = ticked > 0 && ticked < parts.length;
  }

  function updateCounts() {
    for (const tab of form.querySelectorAll("[data-tab]")) {
      const boxes = [...tab.querySelectorAll("input[data-expansion-box]")].filter(isShown);
      const chosen = boxes.filter((box) => box.checked || box.indeterminate).length;
      const count = tab.querySelector("[data-tab-count]");
      if (count) count.textContent = `(${chosen}/${boxes.length})`;
    }
    if (summary) {
      const chosen = expansionBoxes.filter((box) => isShown(box) && (box.checked || box.indeterminate));
      const names = chosen.map((box) => box.closest("label").querySelector(".expansion-name").textContent.trim());
      summary.textContent = names.length
        ? `Base game + ${names.length} expansion${names.length > 1 ? "s" : ""}: ${names.join(", ")}`
        : "Base game, no expansion";
    }
  }

  function applyEditionFilter() {
    const editions = shownEditions();
    for (const item of form.querySelectorAll("li[data-editions]")) {
      const available = availableIn(item, editions);
      item.hidden = !available;
      if (!available) {
        for (const box of item.querySelectorAll("input[type=checkbox]")) box.checked = false;
      }
    }
    // The preferred edition must be one of those shown.
    const groups = new Set(editionBoxes.filter((box) => box.checked).map((box) => box.value));
    for (const radio of preferredRadios) {
      radio.disabled = groups.size > 0 && !groups.has(radio.value);
    }
    const preferred = preferredRadios.find((radio) => radio.checked);
    if (preferred && preferred.disabled) {
      const fallback = preferredRadios.find((radio) => !radio.disabled);
      if (fallback) fallback.checked = true;
    }
    expansionBoxes.forEach(syncExpansion);
    updateCounts();
  }

  function applyQuick(button) {
    const codes = new Set(button.dataset.quickCodes.split(" ").filter(Boolean));
    const all = codes.has("*");
    if (button.dataset.quickEdition) {
      const box = editionBoxes.find((candidate) => candidate.value === button.dataset.quickEdition);
      if (box) box.checked = true;
      applyEditionFilter();
    }
    for (const box of expansionBoxes) {
      box.checked = isShown(box) && (all || codes.has(box.value));
      box.indeterminate = false;
      for (const part of partsOf(box.value)) part.checked = box.checked && isShown(part);
    }
    for (const part of partsOf("base")) {
      part.checked = isShown(part) && (all || codes.has("base") || codes.has(part.value));
    }
    for (const part of partBoxes) {
      if (part.dataset.partOf !== "base" && codes.has(part.value)) part.checked = isShown(part);
    }
    expansionBoxes.forEach(syncExpansion);
    updateCounts();
  }

  form.addEventListener("change", (event) => {
    const box = event.target;
    if (box.matches("input[data-expansion-box]")) {
      for (const part of partsOf(box.value)) part.checked = box.checked && isShown(part);
      box.indeterminate = false;
      updateCounts();
    } else if (box.matches("input[data-part-of]")) {
      const expansion = expansionBoxes.find((candidate) => candidate.value === box.dataset.partOf);
      if (expansion) syncExpansion(expansion);
      updateCounts();
    } else if (box.matches("input[data-edition-filter]")) {
      applyEditionFilter();
    }
  });

  form.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-quick-codes]");
    if (!button) return;
    event.preventDefault();
    applyQuick(button);
    const status = summary ? summary.textContent : "";
    if (summary) summary.textContent = `${button.textContent.trim()} chosen. ${status} Apply to use it.`;
  });

  for (const box of expansionBoxes) {
    if (box.hasAttribute("data-partial")) box.indeterminate = true;
  }
  applyEditionFilter();
}
