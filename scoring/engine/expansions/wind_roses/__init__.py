"""The Wind Roses (C1, Hans im Glück 2012, reprinted in Spielbox 5/2013): six land tiles
with a wind rose.

The orange rose is the start tile and splits the table into four quarters; laying one of
the four quarter roses inside the quarter it shows earns its player 3 points at once, and
the blue rose, once laid, becomes the centre the quarters are measured from. Those points
are scored during play, when the tile is laid, and are already on the scoring track when
the final scoring starts; the roses change no feature (``/rules/wind-roses/#scoring``).
So nothing is added at the end: the tiles are laid and drawn, the rose is a landmark on
which no figure stands, and a game with the roses starts from the orange one.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...expansion import Expansion, LandmarkKind, PlayPoints
from ...glyphs import Glyph, Mark
from ...rules import Edition

ROSE_POINTS = 3
"""A quarter rose laid in the quarter it shows, scored at once."""

WIND_ROSE = LandmarkKind(
    name="wind-rose",
    values={"quarter": ("NE", "SE", "SW", "NW"), "colour": ("orange", "blue")},
    meaning="A wind rose: the orange one (the start tile) or the blue one sets the centre "
            "of the quarters, and a quarter rose laid in its quarter earns 3 points "
            "during play.",
    glyph=Glyph("wind-rose", (  # a compass star with its north point dark
        Mark.of("path", d="M0 -11 L2.5 -2.5 L11 0 L2.5 2.5 L0 11 L-2.5 2.5 L-11 0 "
                          "L-2.5 -2.5 Z",
                fill="#f4e6c4", stroke="#7a5a2b", stroke_width=0.8, stroke_linejoin="round"),
        Mark.of("path", d="M0 -11 L2.5 -2.5 L-2.5 -2.5 Z", fill="#7a5a2b"),
        Mark.of("circle", cx=0, cy=0, r=1.8, fill="#d9792b"),
    )),
)

EXPANSION = Expansion(
    code="wind-roses",
    after=("gq11",),
    name="The Wind Roses",
    editions=frozenset({Edition.C1}),
    landmarks=(WIND_ROSE,),
    play_points=(PlayPoints("wind-rose", "a wind rose laid in its own quarter", ROSE_POINTS,
                            rules="quarter-roses"),),
    start_tiles=("wind-roses-D",),
)

__all__: Sequence[str] = ["EXPANSION"]
