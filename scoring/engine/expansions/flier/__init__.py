"""The Flier (C1 2012, C2 2017 in Big Box 6, C3 2021 in Big Box 7): eight land tiles with
a flying machine.

The flying machine acts during play only: instead of placing a meeple normally, the
player may put one on the machine, roll the die and fly it that many tiles in the
direction the machine points, where it joins an incomplete feature other than a field
(or goes back to its owner). At the end of the game a meeple that flew is an ordinary
meeple where it landed, so the request places it there like any other figure. The tiles
only need to be laid and drawn: the machine is a landmark, and no figure stands on it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...expansion import Expansion, LandmarkKind
from ...glyphs import Glyph, Mark
from ...rules import Edition

FLYING_MACHINE = LandmarkKind(
    name="flying-machine",
    values={"direction": ("W", "NW")},
    meaning="A flying machine, pointing straight (W) or diagonally (NW): during play it "
            "sends a meeple one to three tiles away.",
    glyph=Glyph("flying-machine", (  # a wooden glider with its wings spread
        Mark.of("path", d="M-12 -2 L0 -9 L12 -2 L0 -5 Z", fill="#c9a36b", stroke="#5a3d1e",
                stroke_width=0.8, stroke_linejoin="round"),
        Mark.of("path", d="M0 -5 V8 M-4 7 H4", stroke="#5a3d1e", stroke_width=1.1,
                fill="none", stroke_linecap="round"),
    )),
)

EXPANSION = Expansion(
    code="flier",
    after=("mage-witch",),
    name="The Flier",
    title="The Flier (The Flying Machines)",
    editions=frozenset({Edition.C1, Edition.C2, Edition.C3}),
    landmarks=(FLYING_MACHINE,),
)

__all__: Sequence[str] = ["EXPANSION"]
