"""Crop Circles (C1 Crop Circles I, 2008, and Crop Circles II, one tile in each C1 mini
box of 2012; C2 2017 in Big Box 6 and C3 2021 in Big Box 7, with the six Crop Circles II
designs).

A crop circle acts during play only: after a tile with one is laid, every player either
adds a figure of the circle's kind (knight, highwayman or farmer, by its symbol)
beside one of theirs, or takes one back. It scores nothing at the end, and no figure
stands on it: it is a landmark in the middle of the tile, with no location. The circle
ends the roads that reach it and cuts the fields around it as the tile data lists them
(a road on each side of a circle is a road of its own).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...expansion import Expansion, LandmarkKind
from ...glyphs import Glyph, Mark
from ...rules import Edition

CROP_CIRCLE = LandmarkKind(
    name="crop-circle",
    values={"type": ("city", "road", "field")},
    meaning="A crop circle: during play it makes every player add or remove a knight "
            "(city), a highwayman (road) or a farmer (field); nothing at the end.",
    glyph=Glyph("crop-circle", (  # flattened grain in rings
        Mark.of("circle", cx=0, cy=0, r=11, fill="#e9d38a", stroke="#a88a2c", stroke_width=1),
        Mark.of("circle", cx=0, cy=0, r=6.5, fill="none", stroke="#a88a2c", stroke_width=0.9),
        Mark.of("circle", cx=0, cy=0, r=2.2, fill="#a88a2c"),
    )),
)

EXPANSION = Expansion(
    code="crop-circles",
    after=("messages",),
    name="Crop Circles",
    title="Crop Circles / Crop Circles I / WE Corn Circles",
    editions=frozenset({Edition.C1, Edition.C2, Edition.C3}),
    other_editions=("WE",),
    landmarks=(CROP_CIRCLE,),
)

__all__: Sequence[str] = ["EXPANSION"]
