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
- :func:`score` scores an already parsed :class:`ScoreRequest`;
- :func:`rules_document` says what a set of codes puts in play (figures, placements,
  rules, tokens, tile states, scoring steps, error codes…) as one JSON document, from
  which the builder's page data, the API schema and the board format's page are made.

The site (``carcwiki`` and the ``scoring`` app around this package) imports from here
only, never from a module inside (``tests/project/test_engine_face.py`` holds it to that),
so the modules behind these names can move without the site noticing.

Nothing here imports Django.
"""

from .board import Board, Color, Figure, PlacedTile
from .declarations import CORNERS, Stand
from .document import rules_document
from .expansion import BASE, Expansion, ExpansionRegistry, FigureKind, Part, Placement
from .expansions import DEFAULT_REGISTRY, PACKAGES_DIR, board_files, catalogue_files, tile_files
from .features import Feature, FeatureGraph
from .glyphs import Band, Glyph, glyph_for
from .locations import ROTATIONS, Location, Side
from .messages import ENGLISH as ENGLISH_TEMPLATES
from .messages import FeatureRef, Listing, Message, PlayerRef, add_templates, message_from_json
from .outputs import Shape as OutputShape
from .outputs import bonus_listings, feature_fields
from .outputs import page_data as outputs_page_data
from .pad import MAX_TILES as PAD_MAX_TILES
from .pad import (
    PAD_KINDS,
    check_feature,
    check_play_points,
    pad_options,
    score_feature,
    score_play_points,
)
from .problems import UnreadableJSONError, load_json, lone_surrogate
from .request import Player, ScoreRequest
from .results import FeatureResult, PlayerResult, ScoreResult, ScoreWarning
from .rules import Edition, RuleOption, RuleSet
from .scoring import InvalidBoardError, score, score_request
from .tiles import (
    EdgeType,
    FeatureKind,
    Landmark,
    Segment,
    TileDataError,
    TileDefinition,
    TileSet,
    read_tile_file,
)
from .validation import (
    MAX_FIGURES,
    MAX_PLAYERS,
    MAX_TILES,
    MIN_PLAYERS,
    BoardError,
    ErrorCode,
    InvalidRequestError,
    parse_draft,
    parse_request,
    validate_request,
)
from .wording import API_WORDING, EDITION_WORDING, Wording, wording_for
from .words import error_templates, result_templates

__all__ = [
    # scoring a board
    "InvalidBoardError", "InvalidRequestError", "ScoreRequest", "ScoreResult",
    "parse_draft", "parse_request", "score", "score_request", "validate_request",
    # the rules in play, as one JSON document
    "rules_document",
    # the request and the board
    "Board", "BoardError", "Color", "Edition", "ErrorCode", "Figure", "Player", "PlacedTile",
    "RuleOption", "RuleSet", "MAX_FIGURES", "MAX_PLAYERS", "MAX_TILES", "MIN_PLAYERS",
    "CORNERS", "ROTATIONS", "Location", "Side",
    # the results
    "Feature", "FeatureGraph", "FeatureResult", "PlayerResult", "ScoreWarning",
    "OutputShape", "bonus_listings", "feature_fields", "outputs_page_data",
    # the words of the explanations, the API's or an edition's (for the players)
    "API_WORDING", "EDITION_WORDING", "Wording", "wording_for",
    # the engine's sentences as message ids with parameters, and their English templates
    "ENGLISH_TEMPLATES", "FeatureRef", "Listing", "Message", "PlayerRef", "add_templates",
    "message_from_json", "result_templates", "error_templates",
    # the expansions and their tiles
    "BASE", "DEFAULT_REGISTRY", "PACKAGES_DIR", "board_files", "catalogue_files", "tile_files",
    "Expansion", "ExpansionRegistry", "FigureKind", "Part",
    "Placement", "Stand", "EdgeType", "FeatureKind", "Landmark", "Segment", "TileDataError",
    "TileDefinition", "TileSet", "read_tile_file", "Band", "Glyph", "glyph_for",
    # the score pad: what a feature completed during play is worth
    "PAD_KINDS", "PAD_MAX_TILES", "check_feature", "check_play_points", "pad_options",
    "score_feature", "score_play_points",
    # reading JSON as the API does
    "UnreadableJSONError", "load_json", "lone_surrogate",
]
