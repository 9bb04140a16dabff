"""The carcwiki scoring engine: final scoring of a Carcassonne board, in pure Python.

The engine knows the rules, never the tiles: callers build a :class:`TileSet` from
catalogue data (YAML fixtures or the database) checked against an
:class:`ExpansionRegistry` (``expansions.DEFAULT_REGISTRY`` holds every expansion the
calculator knows), and pass it in. The public entry points:

- :func:`validate_request` lists every problem of a raw request body;
- :func:`parse_request` reads it into a :class:`ScoreRequest` (:func:`parse_draft` for a
  board being rebuilt, checked for its form only), raising :class:`InvalidRequestError`;
- :func:`score_request` validates and scores it, returning a :class:`ScoreResult`
  whose :meth:`~ScoreResult.to_json` is the response of ``POST /api/score/``;
- :func:`score` scores an already parsed :class:`ScoreRequest`.

Nothing here imports Django.
"""

from .board import Board, Color, Figure, PlacedTile
from .expansion import Expansion, ExpansionRegistry, FigureKind, Part, Placement
from .features import Feature, FeatureGraph
from .locations import Location, Side
from .request import Player, ScoreRequest
from .results import FeatureResult, PlayerResult, ScoreResult, ScoreWarning
from .rules import Edition, RuleOption, RuleSet
from .scoring import InvalidBoardError, score, score_request
from .tiles import EdgeType, FeatureKind, TileDataError, TileDefinition, TileSet
from .validation import (
    BoardError,
    ErrorCode,
    InvalidRequestError,
    parse_draft,
    parse_request,
    validate_request,
)

__all__ = [
    "Board", "BoardError", "Color", "EdgeType", "Edition", "ErrorCode", "Expansion",
    "ExpansionRegistry", "Feature", "FeatureGraph", "FeatureKind", "FeatureResult", "Figure",
    "FigureKind", "InvalidBoardError", "Location", "Part", "PlacedTile", "Placement",
    "Player", "PlayerResult", "RuleOption", "RuleSet",
    "ScoreRequest", "ScoreResult", "ScoreWarning", "Side", "TileDataError",
    "TileDefinition", "TileSet", "InvalidRequestError", "parse_draft", "parse_request",
    "score", "score_request", "validate_request",
]
