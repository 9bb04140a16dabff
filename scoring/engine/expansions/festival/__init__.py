"""The Festival (C1 2011 for the 10th anniversary, C2 2016 for the 15th, C3 2022): ten
land tiles, each showing the festival symbol.

During play a festival tile is laid by the usual rules; then, instead of putting a figure
on it, its player may take one of their own figures back from anywhere on the table, or
do neither. A figure taken back scores nothing, and a figure left on the table is an
ordinary figure where it stands, so the finished board already shows everything the
festival did: the final scoring adds nothing (``/rules/festival/#scoring``). The tiles
only need to be laid and drawn; the symbol is a landmark on which no figure stands.

The 2024 printing of the C3 set has two more tiles in place of its rules tiles; no source
read gives their layouts, so the tile file holds the ten tiles that every edition has.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...expansion import Expansion, LandmarkKind
from ...glyphs import Glyph, Mark
from ...rules import Edition

FESTIVAL_SYMBOL = LandmarkKind(
    name="festival",
    meaning="The festival symbol: whoever lays the tile may take one of their own figures "
            "back from the table instead of placing one.",
    glyph=Glyph("festival", (  # a burst of fireworks over a little pennant
        Mark.of("path", d="M0 -11 V-4 M0 4 V11 M-11 0 H-4 M4 0 H11 M-8 -8 L-3 -3 M3 3 L8 8 "
                          "M8 -8 L3 -3 M-3 3 L-8 8",
                stroke="#d9482b", stroke_width=1.6, fill="none", stroke_linecap="round"),
        Mark.of("circle", cx=0, cy=0, r=2.6, fill="#f2c12e", stroke="#9a6a12",
                stroke_width=0.6),
    )),
)

EXPANSION = Expansion(
    code="festival",
    after=("besiegers",),
    name="The Festival",
    editions=frozenset({Edition.C1, Edition.C2, Edition.C3}),
    landmarks=(FESTIVAL_SYMBOL,),
)

__all__: Sequence[str] = ["EXPANSION"]
