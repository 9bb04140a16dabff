"""The Robbers (C1 2012, C2 2017 in Big Box 6, C3 2021 in Big Box 7): eight land tiles
with the robber symbol (a bag) and a robber figure for each player colour.

Robbers act on the scoring track, never on the tiles: laying a bag tile lets players put
their robber beside another player's scoring marker, and when that marker next moves
for a scored feature, the robber's owner gains half of those points, rounded up. That
happens during play and is already on the track when the final scoring starts.

None of the rules texts read for this module (the wiki's pages for the three editions,
the first-edition rulebook, the wiki's order of play) says whether a robber still on the
track takes a share of the final scoring; the rules page (``fixtures/rules/robbers.yaml``)
says so and names them. The calculator therefore takes no robber positions and adds no
step to the final scoring: the tiles are laid and drawn, and the bag is a landmark on
which no figure stands.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...expansion import Expansion, LandmarkKind
from ...glyphs import Glyph, Mark
from ...rules import Edition

ROBBER_SYMBOL = LandmarkKind(
    name="robber-symbol",
    meaning="The robber symbol, a bag: laying the tile lets players put their robbers "
            "beside other players' scoring markers.",
    glyph=Glyph("robber-symbol", (  # a brown bag tied at the neck
        Mark.of("path", d="M-2 -4 C-9 -2 -9 8 -2 8 H2 C9 8 9 -2 2 -4 L3.5 -7 H-3.5 Z",
                fill="#a8672e", stroke="#4e2d10", stroke_width=0.8,
                stroke_linejoin="round"),
        Mark.of("path", d="M-3 -4.5 H3", stroke="#e8c35a", stroke_width=1.2,
                fill="none", stroke_linecap="round"),
    )),
)

EXPANSION = Expansion(
    code="robbers",
    after=("big-top",),
    name="The Robbers",
    title="The Robbers",
    editions=frozenset({Edition.C1, Edition.C2, Edition.C3}),
    landmarks=(ROBBER_SYMBOL,),
)

__all__: Sequence[str] = ["EXPANSION"]
