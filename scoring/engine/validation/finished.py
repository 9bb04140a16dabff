"""What needs the feature graph of a board that passed every other check."""

from __future__ import annotations

import functools

from ..board import DistrictFigure
from ..expansion import BoardView, InPlay, Placement
from ..features import FeatureGraph
from ..messages import Message, add_templates
from ..problems import BoardError, ErrorCode
from ..request import ScoreRequest
from ..words import a_figure, a_kind, either_of, kind_word
from .base import ValidatorBase

add_templates({
    "error.figure_not_allowed.may_stand_only_on_where": (
        "{name} may stand only on {segment_kind_value} where its owner also has {joined}; "
        "{figure_player_value} has none on the {segment_kind_value2} of {tile_label} "
        "({figure_at_value})."),
})


@functools.lru_cache(maxsize=64)
def kinds_standing_beside(in_play: InPlay) -> frozenset[str]:
    """The figure kinds in play that may stand somewhere only beside their owner's other
    figures (a builder): no other figure needs the feature graph's check."""
    return frozenset(figure for (figure, _feature), placement in in_play.placements.items()
                     if placement.beside or placement.beside_follower)


class FinishedBoardChecks(ValidatorBase):
    """What needs the feature graph of a board that passed every other check."""

    def check_board(self, request: ScoreRequest, graph: FeatureGraph) -> list[BoardError]:
        """What needs the features of a board that passed :meth:`run`: figures that must
        join their owner's (a builder), and the expansions' board checks (goods)."""
        placements = self.in_play.placements
        beside_kinds = kinds_standing_beside(self.in_play)
        # A figure on a space or in a district is listed in the request among the others
        # but kept apart in the parsed board: an error names it as the player wrote it.
        view = BoardView(request, graph, self.in_play, () if self.all_figures_fast else tuple(
            isinstance(figure, DistrictFigure) for figure in self.read_figures))
        for index, figure in enumerate(request.board.figures):
            if figure.kind not in beside_kinds:
                continue
            tile = self.squares[(figure.x, figure.y)]
            assert tile.oriented is not None  # the figure checks found its tile
            segment = tile.oriented.figure_segments[figure.at]
            placement: Placement = placements[(figure.kind, segment.kind)]
            if not placement.beside and not placement.beside_follower:
                continue
            beside = self.in_play.beside(placement)
            feature = graph.feature_of(index)
            if any(other.player is figure.player and other.kind in beside
                   for other in feature.figures):
                continue
            kinds = self.in_play.figure_kinds
            joined = either_of([a_figure(kinds[code]) for code in beside])
            self.error(
                view.figure_path(index), ErrorCode.FIGURE_NOT_ALLOWED,
                Message("error.figure_not_allowed.may_stand_only_on_where", {
                    "name": a_figure(kinds[figure.kind], True),
                    "segment_kind_value": a_kind(segment.kind.value), "joined": joined,
                    "figure_player_value": figure.player.value,
                    "segment_kind_value2": kind_word(segment.kind.value), "tile_label": tile.label,
                    "figure_at_value": figure.at.value}),
            )
        if not self.in_play.board_checks:
            return self.errors
        for check in self.in_play.board_checks:
            for problem in check.check(view):
                self.error(problem.path, problem.code, problem.said)
        return self.errors
