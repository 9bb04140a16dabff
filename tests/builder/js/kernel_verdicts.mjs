// The rules kernel's verdicts on boards, for tests/builder/test_kernel_conformance.py,
// which holds them against the engine's validator:
//   node tests/builder/js/kernel_verdicts.mjs boards.json
// The file holds `pages` (the page data the server gives, by name: rules, options and the
// tiles of a set of tile groups) and `boards` ([{ name, page, board }], a board in the
// request's format). Prints one JSON object: per board, the problems the kernel finds
// (of the tiles, and of the figures on features and corners),
// what its codes put in play and its start tile, and the codes the kernel decides.

import { readFileSync } from "node:fs";

import { Catalogue } from "../../../static/js/builder/catalogue.js";
import { FIGURE_CODES } from "../../../static/js/builder/kernel.js";

const { pages, boards } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const catalogues = new Map();
const verdicts = {};
let codes = [];
for (const { name, page, board } of boards) {
  if (!catalogues.has(page)) catalogues.set(page, new Catalogue(pages[page]));
  const { kernel } = catalogues.get(page);
  codes = kernel.codes;
  const edition = board.edition ?? "C3";
  const inPlay = kernel.inPlay(kernel.listed(edition, board.expansions ?? kernel.defaultCodes()));
  verdicts[name] = {
    problems: kernel.boardProblems(board),
    figures: kernel.figureProblems(board),
    parts: [...inPlay.parts].sort(),
    tiles: [...inPlay.tiles].sort(),
    start: kernel.startTile(edition, inPlay),
  };
}
process.stdout.write(JSON.stringify({ codes, figure_codes: FIGURE_CODES, verdicts }));
