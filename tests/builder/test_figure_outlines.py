"""Every figure kind the declarations put in play has its own outline (issue 30: a
figure is recognisable by its shape). The outlines are declared with the kinds in the
engine and reach the page in its rules data; the browser test
(test_phone.py) checks the drawn shapes and the legend."""

from __future__ import annotations

import re

from carcwiki.builder.selectors import builder_rules
from scoring.engine.expansions import DEFAULT_REGISTRY

# Path data as the builder draws it: absolute moves, lines, curves and arcs, closed.
PATH = re.compile(r"^M[-\d.,]+( [MLCAZ][-\d., ]*)*Z$")


def declared_outlines() -> dict[str, str]:
    everything = DEFAULT_REGISTRY.in_play(DEFAULT_REGISTRY.codes)
    kinds = {code: kind.silhouette for code, kind in everything.figure_kinds.items()}
    kinds.update({code: kind.silhouette for code, kind in everything.neutral_figures.items()})
    return kinds


def test_every_declared_figure_kind_has_an_outline_of_its_own():
    outlines = declared_outlines()
    # The players' kinds and the figures nobody owns that the declarations have today.
    assert set(outlines) >= {"meeple", "large", "abbot", "mayor", "wagon", "barn", "builder",
                             "pig", "shepherd", "ringmaster", "phantom", "castle",
                             "fairy", "mage", "witch", "big-top"}
    assert all(outlines.values()), [code for code, path in outlines.items() if not path]
    # Kinds told apart by their colour alone (a tunnel token of each colour, drawn in it
    # with its letter) share one outline, which no other kind has.
    everything = DEFAULT_REGISTRY.in_play(DEFAULT_REGISTRY.codes)
    coloured = {code for code, kind in everything.neutral_figures.items() if kind.colour}
    assert coloured == {f"tunnel-{colour}" for colour in
                        ("yellow", "red", "green", "blue", "black", "gray")}
    alone = {code: path for code, path in outlines.items() if code not in coloured}
    assert len(set(alone.values())) == len(alone)
    assert len({outlines[code] for code in coloured}) == 1
    assert outlines["tunnel-red"] not in alone.values()
    for code, path in outlines.items():
        assert PATH.match(path), (code, path)


def test_the_page_data_carries_each_kinds_outline():
    rules = builder_rules()
    outlines = declared_outlines()
    served = {kind["code"]: kind["silhouette"] for kind in rules["figures"] + rules["neutral"]}
    assert served == outlines
