"""The one reader of the board request, put together from its concerns."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from ..board import Board, DistrictFigure, Figure, PlacedTile
from ..expansion import ExpansionRegistry
from ..messages import Message, add_templates
from ..problems import BoardError, ErrorCode
from ..request import ScoreRequest
from ..rules import DEFAULT_EDITION, RuleSet
from ..tiles import OrientedTile
from .figures import FigureChecks
from .finished import FinishedBoardChecks
from .game import GameChecks
from .layout import LayoutChecks
from .neutral import NeutralChecks
from .players import PlayerChecks
from .text import show
from .tiles import TileChecks

add_templates({
    "error.invalid_type.the_request_must_be_a": (
        "The request must be a JSON object, not {data}."),
})


@functools.lru_cache(maxsize=256)
def accepted_rules(registry: ExpansionRegistry, chosen: tuple[tuple[str, Any], ...]) -> RuleSet:
    """The rule set of a request whose ``rules`` (given as its items) validation
    accepted: each value is then exactly one of its rule's choices, so equal items make
    equal rule sets, and a rule set never changes. Most requests choose alike."""
    return RuleSet.from_json(dict(chosen), registry.rule_options)


class RequestValidator(GameChecks, PlayerChecks, TileChecks, LayoutChecks, FigureChecks,
                       NeutralChecks, FinishedBoardChecks):
    """The one reader of the board request: checks it and, once :meth:`run` found no
    problem, hands over what it read.

    :meth:`request` and :meth:`placed` save the scorer from parsing the body and
    turning the tiles a second time. With ``draft=True`` it checks only the request's
    form — types, known codes, names and limits — and not what a finished game leaves on
    the table (edges that match, tiles joined, copies in the box, figures on features,
    figures and tiles of expansions not in play): a board being rebuilt may be unfinished,
    but never malformed.
    """

    def request(self, data: Mapping[str, Any]) -> ScoreRequest:
        """The parsed request; only for a request that :meth:`run` accepted."""
        if self.errors or not self.tiles_checked:
            raise ValueError("only a request without problems can be parsed")
        placed_tiles = self.placed_tiles

        def tiles() -> list[PlacedTile]:
            # An accepted entry has its code and square (the checks found no problem).
            return [
                PlacedTile(t.code, t.x, t.y, t.rotation, t.state)  # type: ignore[arg-type]
                if t.large is None
                else PlacedTile(t.large.code, *t.origin, t.rotation)  # type: ignore[misc, call-arg]
                for t in placed_tiles if t.large is None or t.origin is not None
            ]

        figures: list[Figure] = self.read_figures  # type: ignore[assignment]
        """All read on the fast path: figures on features, none missing."""
        districts: list[DistrictFigure] = []
        if not self.all_figures_fast:
            figures = []
            for figure, item in zip(self.read_figures, data.get("figures") or (), strict=True):
                if figure is None:
                    figures.append(Figure.from_json(item, self.registry.default_figure_kind))
                elif isinstance(figure, DistrictFigure):
                    districts.append(figure)
                else:
                    figures.append(figure)
        rules = data.get("rules")
        return ScoreRequest(
            players=tuple(self.players),
            board=Board.deferred(tiles, figures, self.neutral, districts),
            edition=self.edition or DEFAULT_EDITION,
            expansions=self.in_play.listed,
            rules=accepted_rules(self.registry, tuple(rules.items()) if rules else ()),
        )

    def placed(self) -> dict[tuple[int, int], OrientedTile]:
        """The turned tiles by ``(y, x)``, as :meth:`FeatureGraph.from_placed` takes them."""
        # Every accepted entry has its square and its turned tile.
        return {(t.y, t.x): t.oriented for t in self.placed_tiles}  # type: ignore[misc]

    def run(self, data: Any) -> list[BoardError]:
        if type(data) is not dict and not isinstance(data, Mapping):
            self.error("", ErrorCode.INVALID_TYPE,
                       Message("error.invalid_type.the_request_must_be_a", {"data": show(data)}))
            return self.errors
        self.check_edition(data)
        self.check_expansions(data)
        self.check_rules(data)
        self.check_players(data)
        self.check_tiles(data)
        self.check_figures(data)
        self.check_neutral(data)
        return self.errors
