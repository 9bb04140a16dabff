"""The board format's page (``board_format.md``, shown at the top of ``/api/docs/``).

Its expansions part, between the two marker lines, is written from the engine's rules
document (:func:`scoring.engine.rules_document`) by ``manage.py write_board_format``; a
test fails when the committed page differs from what the document writes, so the page
follows the expansions by running the command. The rest of the page is written by hand.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

PATH = Path(__file__).with_name("board_format.md")
BEGIN = ("<!-- The expansions part: written from the engine's rules document by "
         "`manage.py write_board_format`; edit that, not this. -->")
END = "<!-- End of the expansions part. -->"


def page_text(path: Path = PATH) -> str:
    """The page as readers see it: without the marker lines."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    return "".join(line for line in lines if line.strip() not in (BEGIN, END))


def with_expansions_part(text: str, document: dict[str, Any]) -> str:
    """``text`` (the page with its markers) with the part between them written anew."""
    pattern = re.compile(re.escape(BEGIN) + r"\n.*?" + re.escape(END), re.S)
    if not pattern.search(text):
        raise ValueError("the board format's page has lost its expansions part's markers")
    return pattern.sub(lambda _match: f"{BEGIN}\n{expansions_part(document)}{END}", text)


def _code(value: Any) -> str:
    return f"`{value}`"


def _either(words: list[str], joiner: str = "or") -> str:
    return f"{', '.join(words[:-1])} {joiner} {words[-1]}" if len(words) > 1 else "".join(words)


def _clause(text: str) -> str:
    return text.strip().removesuffix(".")


def _values(state: dict[str, Any]) -> str:
    if "number" in state:
        return f"a whole number from {state['number']['min']} to {state['number']['max']}"
    return _either([_code(json.dumps(value)) for value in state["values"]])


def _neutral_stands(figure: dict[str, Any]) -> str:
    if not figure["features"]:
        return "stands on a tile: no `at`"
    text = f"stands on a {_either(figure['features'])}"
    rule = figure.get("on_tile_rule")
    if rule:
        text += (f"; with the rule {_code(rule['name'])} set to {_code(rule['value'])}, on "
                 "the tile: `at` may be left out")
    return text


def _tokens_line(tokens: dict[str, Any]) -> str:
    kinds = ", ".join(_code(kind) for kind in tokens["kinds"])
    if tokens["flags"]:
        shape = f"`true` or `false` for each of {kinds}"
    else:
        shape = f"a count of at least 0 for each of {kinds}"
    caps = []
    if tokens["per_player"] is not None:
        caps.append(f"at most {tokens['per_player']} a player")
    if tokens["in_all"] is not None:
        caps.append(f"at most {tokens['in_all']} among all players")
    if tokens["on_scoreboard"]:
        caps.append("they stand in for `points`")
    return (f"- {_code(tokens['name'])} (with {_code(tokens['part'])}): "
            f"{_clause(tokens['meaning'])}; {shape}" + "".join(f"; {cap}" for cap in caps)
            + ".\n")


def expansions_part(document: dict[str, Any]) -> str:
    """What the expansions the calculator knows add to the body, as Markdown."""
    out = ["**What expansions add to the body.** Written from the calculator's own rules, "
           "so it lists every expansion it scores; the schema below describes each field "
           "too.\n\n"]
    always = set(document["always"]["parts"])  # the base game
    parts = [part for part in document["parts"] if part["code"] not in always]
    out.append("`expansions` may list these codes (an expansion's code brings all its "
               "parts; the editions that have each are in brackets):\n")
    for part in parts:
        # An expansion, or a part of the base game, heads its line; other parts go
        # under their expansion.
        own = part["code"] == part["expansion"] or part["expansion"] in always
        editions = ", ".join(part["editions"])
        out.append(f"{'' if own else '  '}- {_code(part['code'])}: {part['name']} "
                   f"({editions}){' — in play by default' if part['default'] else ''}\n")
    out.append("\n`figures[].kind` names the figure, and a player owns so many of each "
               "(the code that brings it in brackets): "
               + ", ".join(f"{_code(kind['code'])} {kind['limit']} ({kind['part']})"
                           for kind in document["figures"])
               + f". Without `kind`, a figure is a {document['default_figure']}.\n\n")
    corner = [_code(kind["code"]) for kind in document["figures"] if kind["stands"] == "corner"]
    if corner:
        corners = _either([_code(name) for name in document["corners"]])
        out.append(f"- `figures[].at` of a figure that stands where four tiles meet "
                   f"({_either(corner)}) is a corner of the tile at `x`, `y`: {corners}; "
                   "any of the four tiles may be named.\n")
    for space in document["spaces"]:
        out.append(f"- A {_either(space['kinds'])} standing on the {space['word']} of a tile "
                   f"that prints one names it as `at`: {_code(space['name'])} (at most "
                   f"{space['holds']} on one tile).\n")
    for large in document["large_tiles"]:
        districts = ", ".join(_code(district["name"]) for district in large["districts"])
        out.append(f"- `tiles[].tile` may name {large['name']} ({_code(large['code'])}, with "
                   f"{_code(large['part'])}), a tile covering {len(large['pieces'])} squares, "
                   "laid once at the square of its piece (0, 0); a follower standing in one "
                   f"of its districts gives the district's name as `at` ({districts}) and any "
                   "of its squares as `x`, `y`.\n")
    if document["tile_states"]:
        out.append("- `tiles[].state` records what was set on a tile during play, by name:\n")
        for state in document["tile_states"]:
            example = json.dumps({state["name"]: state["values"][-1]})
            out.append(f"  - `{example}` (with {_code(state['part'])}): "
                       f"{_clause(state['meaning'])}; {_values(state)}.\n")
    if document["neutral"]:
        out.append('- `neutral` lists the figures no player owns, as `[{"kind": "witch", '
                   '"x": 1, "y": 0, "at": "N"}]`, with `at` named as for the players\' '
                   "figures:\n")
        for figure in document["neutral"]:
            out.append(f"  - {_code(figure['code'])} (with {_code(figure['part'])}, at most "
                       f"{figure['limit']}): {_clause(figure['meaning'] or figure['name'])}; "
                       f"{_neutral_stands(figure)}.\n")
    if document["tokens"]:
        out.append("- `players[]` may carry what a player holds off the board, by name:\n")
        out.extend(f"  {_tokens_line(tokens)}" for tokens in document["tokens"])
    out.append("- `rules` holds the rule choices (absent or null: the default, first "
               "below):\n")
    for option in document["options"]:
        values = [option["default"], *(choice["value"] for choice in option["choices"]
                                       if choice["value"] != option["default"])]
        out.append(f"  - {_code(option['name'])} (with "
                   f"{', '.join(_code(code) for code in option['parts'])}): {option['label']}; "
                   f"{', '.join(_code(json.dumps(value)) for value in values)}.\n")
    return "".join(out)
