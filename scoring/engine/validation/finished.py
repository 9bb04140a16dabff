"""What needs the feature graph of a board that passed every other check."""

from __future__ import annotations

from ..expansion import BoardView, Placement
from ..features import FeatureGraph
from ..problems import BoardError, ErrorCode
from ..request import ScoreRequest
from .base import ValidatorBase
from .text import a, either


class FinishedBoardChecks(ValidatorBase):
    """What needs the feature graph of a board that passed every other check."""

    def check_board(self, request: ScoreRequest, graph: FeatureGraph) -> list[BoardError]:
        """What needs the features of a board that passed :meth:`run`: figures that must
        join their owner's (a builder), and the expansions' board checks (goods)."""
        placements = self.in_play.placements
        for index, figure in enumerate(request.board.figures):
            tile = self.squares[(figure.x, figure.y)]
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
            joined = either([a(kinds[code].name) for code in beside])
            self.error(
                f"figures[{index}]", ErrorCode.FIGURE_NOT_ALLOWED,
                f"{a(kinds[figure.kind].name).capitalize()} may stand only on "
                f"{a(segment.kind.value)} where its owner also has {joined}; "
                f"{figure.player.value} has none on the {segment.kind.value} of {tile.label} "
                f"({figure.at.value}).",
            )
        view = BoardView(request, graph, self.in_play)
        for check in self.in_play.board_checks:
            for problem in check.check(view):
                self.error(problem.path, problem.code, problem.message)
        return self.errors
