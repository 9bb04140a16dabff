"""Messages (C1 2012 as "The Messages", C2 2017 in Big Box 6, C3 2021 in Big Box 7):
eight message tiles and six messengers, and no land tile.

Each player moves two score markers, the meeple and the messenger, and may put any
points scored on either. A message is drawn when a marker stops on a dark space during
its owner's turn; messages act during play only (the final scoring happens on nobody's
turn), so the calculator scores none of them. What it needs is each player's points
before the final scoring, which are the two markers added together: a request gives
either ``points`` (the sum) or ``markers`` (``{"meeple": 23, "messenger": 17}``), not
both.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...expansion import BoardCheck, BoardView, Expansion, PlayerTokens
from ...messages import Message, add_templates
from ...problems import BoardError, ProblemCode
from ...rules import Edition

add_templates({
    "error.points_and_markers.gives_both_points_and_score": (
        "{player_color_value} gives both points ({player_points}) and score markers (in all "
        "{markers}): give the two markers, or their sum as points, not both."),
})

MEEPLE, MESSENGER = "meeple", "messenger"
INVALID_MARKERS = ProblemCode(
    "invalid_markers",
    "a score marker other than meeple and messenger, or a position that is not a whole "
    "number of at least 0",
)
MARKERS = PlayerTokens(
    "markers", (MEEPLE, MESSENGER), INVALID_MARKERS, on_scoreboard=True,
    words={MEEPLE: "the meeple marker", MESSENGER: "the messenger marker"},
    meaning="Where the player's two score markers stand before the final scoring (their "
            "sum is the player's points).",
)
POINTS_AND_MARKERS = ProblemCode(
    "points_and_markers", "a player gives both points and the two score markers",
)


def points_or_markers(view: BoardView) -> Iterator[BoardError]:
    """A player gives the points before the final scoring once: the sum or the markers."""
    for index, player in enumerate(view.request.players):
        markers = sum(player.token_count(MARKERS.name, kind) for kind in MARKERS.kinds)
        if player.points and markers:
            yield BoardError(
                f"players[{index}]", POINTS_AND_MARKERS,
                Message("error.points_and_markers.gives_both_points_and_score", {
                    "player_color_value": player.color.value, "player_points": player.points,
                    "markers": markers}),
            )


EXPANSION = Expansion(
    code="messages",
    after=("flier",),
    name="Messages",
    title="Dispatches (Messages)",
    editions=frozenset({Edition.C1, Edition.C2, Edition.C3}),
    tokens=(MARKERS,),
    board_checks=(BoardCheck(codes=(POINTS_AND_MARKERS,), check=points_or_markers),),
)

__all__: Sequence[str] = ["EXPANSION"]
