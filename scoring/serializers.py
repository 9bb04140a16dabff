"""DRF serializers that describe ``POST /api/score/`` in the OpenAPI schema.

They document the request, the response and the error body with the contract's
examples; they do not validate. The engine's validator checks requests, so that error
codes and paths are exactly those of ``shared/spec/board-format.md``. What the expansions
add (rules, figure kinds, tokens, error codes, bonuses, and the response fields their
``outputs`` declare: see :mod:`scoring.engine.outputs`) is read from their declarations.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema_serializer
from rest_framework import serializers

from .engine import (
    CORNERS,
    DEFAULT_REGISTRY,
    MAX_FIGURES,
    MAX_PLAYERS,
    MAX_TILES,
    MIN_PLAYERS,
    ROTATIONS,
    Color,
    Edition,
    ErrorCode,
    FeatureKind,
    Location,
    OutputShape,
    Stand,
    bonus_listings,
    feature_fields,
)

COLORS = [color.value for color in Color]
LOCATIONS = [location.value for location in Location]
FEATURE_KINDS = [kind.value for kind in FeatureKind]
FIGURE_KINDS = sorted(
    kind.code for code in DEFAULT_REGISTRY.codes for kind in DEFAULT_REGISTRY[code].figure_kinds
)
NEUTRAL_KINDS = sorted({kind.code for code in DEFAULT_REGISTRY.codes
                        for kind in DEFAULT_REGISTRY[code].neutral_figures})
DISTRICTS = {district.name: large for large in DEFAULT_REGISTRY.large_tiles.values()
             for district in large.districts}
"""Every district a large tile declares, by name, with its tile."""
SPACES = {name: landmark for name, (landmark, _part) in DEFAULT_REGISTRY.spaces.items()}
"""Every space printed on tiles where figures stand (the acrobat space), by name."""
FIGURE_PLACES = LOCATIONS + [name for name in (*DISTRICTS, *SPACES) if name not in LOCATIONS]
"""What a player's figure may name as ``at``: the tile locations, the districts and the
spaces."""
ERROR_CODES = [code.value for code in ErrorCode] + [
    code.value for code in DEFAULT_REGISTRY.error_codes()
]
# Named in the schema through SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"], e.g.
# {"PlayerColorEnum": "scoring.serializers.COLORS", ...}: the same colours appear under
# several field names, which drf-spectacular otherwise names after each field.


def _rule_field(option) -> serializers.Field:
    labels = "; ".join(f"{choice.value}: {choice.label}" for choice in option.choices)
    # null stands for the default, as the engine reads it (scoring.engine.rules).
    help_text = f"{option.label}. {labels}. null: the default."
    if option.is_switch:
        return serializers.BooleanField(default=option.default, allow_null=True,
                                        help_text=help_text)
    return serializers.ChoiceField(
        choices=[choice.value for choice in option.choices], default=option.default,
        allow_null=True, help_text=help_text,
    )


RulesSerializer = type("RulesSerializer", (serializers.Serializer,), {
    option.name: _rule_field(option) for option in DEFAULT_REGISTRY.rule_options
})
"""The ``rules`` object: every rule the expansions declare."""


def _tokens_serializer(tokens) -> serializers.Serializer:
    fields = {kind: (serializers.BooleanField(required=False) if tokens.flags
                     else serializers.IntegerField(min_value=0, required=False))
              for kind in tokens.kinds}
    name = "".join(part.title() for part in tokens.name.split("_")) + "Serializer"
    return type(name, (serializers.Serializer,), fields)


TOKEN_SERIALIZERS = {tokens.name: _tokens_serializer(tokens) for tokens in DEFAULT_REGISTRY.tokens}


PlayerSerializer = type("PlayerSerializer", (serializers.Serializer,), {
    "color": serializers.ChoiceField(choices=COLORS),
    "name": serializers.CharField(required=False, allow_null=True),
    "points": serializers.IntegerField(
        min_value=0, default=0, allow_null=True,
        help_text="What the player's marker shows on the scoreboard now (null: 0).",
    ),
    **{name: serializer(required=False, allow_null=True, help_text=f"{tokens.meaning} (with "
                        f"{DEFAULT_REGISTRY.token_part[name].code} in play).")
       for (name, serializer), tokens in zip(TOKEN_SERIALIZERS.items(), DEFAULT_REGISTRY.tokens,
                                             strict=True)},
})


def _clause(meaning: str) -> str:
    return meaning.rstrip().removesuffix(".")


def _state_field(state) -> serializers.Field:
    part = DEFAULT_REGISTRY.tile_state_part[state.name]
    return serializers.ChoiceField(
        choices=list(state.values), required=False,
        help_text=f"{_clause(state.meaning)} (with {part.code} in play, on the tiles that "
                  "take it).",
    )


TileStateSerializer = type("TileStateSerializer", (serializers.Serializer,), {
    name: _state_field(state) for name, state in DEFAULT_REGISTRY.tile_states.items()
})
"""The ``tiles[].state`` object: every per-tile state the expansions declare."""


class PlacedTileSerializer(serializers.Serializer):
    tile = serializers.CharField(
        help_text="Tile code, such as D or E-garden (see /api/tiles/)"
                  + (", or a tile covering several squares: "
                     + ", ".join(f"{code} ({large.name})"
                                 for code, large in DEFAULT_REGISTRY.large_tiles.items())
                     + ", laid once at the square of its piece (0, 0)"
                     if DEFAULT_REGISTRY.large_tiles else "") + ".",
    )
    x = serializers.IntegerField(help_text="Grows to the east.")
    y = serializers.IntegerField(help_text="Grows to the south: (0,-1) is north of (0,0).")
    rotation = serializers.ChoiceField(
        choices=list(ROTATIONS), default=0, allow_null=True,
        help_text="Degrees clockwise from the canonical orientation (null: 0).",
    )
    state = TileStateSerializer(
        required=False, allow_null=True,
        help_text="What the players set on this tile during play, by state name "
                  "(null or absent: nothing).",
    )


def _corner_kinds() -> list[str]:
    return sorted(kind.code for code in DEFAULT_REGISTRY.codes
                  for kind in DEFAULT_REGISTRY[code].figure_kinds if kind.stands is Stand.CORNER)


def _figure_at_help() -> str:
    text = ("Location on the placed tile after rotation: N/E/S/W for a road or city, a "
            "half-edge such as SW for a field, C for a monastery or garden, I for a field "
            "that touches no edge (II for the second such field of a tile that has two).")
    corner = _corner_kinds()
    if corner:
        text += (f" A {' or '.join(corner)} stands on a corner where four tiles meet: "
                 f"{', '.join(CORNERS)}, the corner of the tile at x, y.")
    for name, landmark in SPACES.items():
        space = landmark.space
        kinds = " or ".join(space.kinds)
        text += (f" A {kinds} on the {space.word or name + ' space'} of a tile that prints "
                 f"one names it: {name} (at most {space.holds} on one tile).")
    for large in DEFAULT_REGISTRY.large_tiles.values():
        if large.districts:
            names = [district.name for district in large.districts]
            text += (f" A follower in a district of {large.name} names the district: "
                     f"{', '.join(names[:-1])} or {names[-1]}." if len(names) > 1 else
                     f" A follower in the district of {large.name} names it: {names[0]}.")
    return text


class FigureSerializer(serializers.Serializer):
    player = serializers.ChoiceField(choices=COLORS)
    x = serializers.IntegerField()
    y = serializers.IntegerField()
    at = serializers.ChoiceField(choices=FIGURE_PLACES, help_text=_figure_at_help())
    kind = serializers.ChoiceField(choices=FIGURE_KINDS, default="meeple", allow_null=True,
                                   help_text="null: a meeple.")


def _neutral_help() -> str:
    kinds = {kind.code: kind for code in DEFAULT_REGISTRY.codes
             for kind in DEFAULT_REGISTRY[code].neutral_figures}
    on_tile = sorted(code for code, kind in kinds.items() if not kind.features)
    text = "Where it stands on the placed tile after rotation, named as for figures"
    if on_tile:
        text += f"; absent for a figure that stands on a tile ({', '.join(on_tile)})"
    return text + "."


class NeutralFigureSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=NEUTRAL_KINDS,
        help_text="; ".join(
            f"{kind.code}: {_clause(kind.meaning or kind.name)} (with {code} in play, at "
            f"most {kind.limit})"
            for code in DEFAULT_REGISTRY.codes
            for kind in DEFAULT_REGISTRY[code].neutral_figures
        ) + ".",
    )
    x = serializers.IntegerField()
    y = serializers.IntegerField()
    at = serializers.ChoiceField(choices=LOCATIONS, required=False, allow_null=True,
                                 help_text=_neutral_help())


@extend_schema_serializer(component_name="Score")  # "ScoreRequest" once split for requests
class ScoreRequestSerializer(serializers.Serializer):
    edition = serializers.ChoiceField(
        choices=[edition.value for edition in Edition], default=Edition.C3.value,
        allow_null=True, help_text="null: C3.",
    )
    expansions = serializers.ListField(
        child=serializers.CharField(), required=False, allow_null=True,
        help_text='Expansions in play besides the base game. Default ["farmers", "abbot"] '
                  "(the abbot only where the edition has it).",
    )
    rules = RulesSerializer(required=False, allow_null=True,
                            help_text="null or absent: every rule at its default.")
    # ListField rather than many=True: drf-spectacular writes the lengths (minItems,
    # maxItems) only for list fields.
    players = serializers.ListField(
        child=PlayerSerializer(), min_length=MIN_PLAYERS, max_length=MAX_PLAYERS,
        help_text="2 to 6 players, colours unique.",
    )
    tiles = serializers.ListField(
        child=PlacedTileSerializer(), min_length=1, max_length=MAX_TILES,
        help_text="Every tile on the table, joined edge to edge, edges matching.",
    )
    figures = serializers.ListField(
        child=FigureSerializer(), required=False, allow_null=True, max_length=MAX_FIGURES,
        help_text="Every figure still standing (a player owns 7 meeples and 1 abbot).",
    )
    neutral = serializers.ListField(
        child=NeutralFigureSerializer(), required=False, allow_null=True,
        help_text="The figures no player owns (such as the mage, the witch or the fairy).",
    )


_BONUSES = {bonus.key: bonus for code in DEFAULT_REGISTRY.codes
            for bonus in DEFAULT_REGISTRY[code].bonuses}

ByKindSerializer = type("ByKindSerializer", (serializers.Serializer,), {
    **{kind: serializers.IntegerField() for kind in FEATURE_KINDS},
    **{bonus.by_kind: serializers.IntegerField(required=False,
                                               help_text=f"Only with {key} in play.")
       for key, bonus in _BONUSES.items()},
})

PlayerResultSerializer = type("PlayerResultSerializer", (serializers.Serializer,), {
    "color": serializers.ChoiceField(choices=COLORS),
    "name": serializers.CharField(allow_null=True),
    "points_before": serializers.IntegerField(),
    **{name: serializer(required=False) for name, serializer in TOKEN_SERIALIZERS.items()},
    "final_points": serializers.IntegerField(),
    "total": serializers.IntegerField(),
    "by_kind": ByKindSerializer(),
    "rank": serializers.IntegerField(help_text="1 for the leader; tied players share a rank."),
})


class CityRefSerializer(serializers.Serializer):
    id = serializers.CharField()
    tiles = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()))


def _output_field(shape: OutputShape, meaning: str = "", **options) -> serializers.Field:
    """The serializer field of a declared response value."""
    if meaning:
        options["help_text"] = meaning
    if shape is OutputShape.FLAG:
        return serializers.BooleanField(**options)
    if shape is OutputShape.COUNTS:
        return serializers.DictField(child=serializers.IntegerField(), **options)
    if shape is OutputShape.COLOURS:
        return serializers.ListField(child=serializers.ChoiceField(choices=COLORS), **options)
    if shape is OutputShape.INTEGER:
        return serializers.IntegerField(**options)
    return serializers.CharField(**options)


class StandingSerializer(serializers.Serializer):
    player = serializers.ChoiceField(choices=COLORS, required=False,
                                     help_text="Absent for a figure nobody owns.")
    kind = serializers.CharField(help_text="The figure kind's code (meeple, mayor, barn…).")
    x = serializers.IntegerField()
    y = serializers.IntegerField()
    at = serializers.CharField(required=False,
                               help_text="Its location on the tile, after rotation; absent "
                                         "for a figure standing on the tile itself.")


FeatureResultSerializer = type("FeatureResultSerializer", (serializers.Serializer,), {
    "id": serializers.CharField(help_text="kind-number, numbered in reading order (y, x)."),
    "kind": serializers.ChoiceField(choices=FEATURE_KINDS),
    "complete": serializers.BooleanField(),
    "tiles": serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()), help_text="[x, y] pairs."
    ),
    "figures": serializers.DictField(child=serializers.IntegerField(),
                                     help_text="Figures per colour."),
    "owners": serializers.ListField(child=serializers.ChoiceField(choices=COLORS)),
    "points": serializers.IntegerField(),
    "scored": serializers.DictField(child=serializers.IntegerField(),
                                    help_text="Points per colour from this feature."),
    "cities": CityRefSerializer(many=True, required=False,
                                help_text="Farms only: the completed cities counted."),
    # What the expansions add to a feature, as their declarations describe it.
    **{field.key: _output_field(field.shape, field.meaning, required=False)
       for field in feature_fields(DEFAULT_REGISTRY)},
    "explanation": serializers.CharField(),
    "standing": StandingSerializer(
        many=True, required=False,
        help_text="With ?for=players: the figures on the feature, as the request placed "
                  "them: the players' figures, then those nobody owns (no player)."),
})


class WarningSerializer(serializers.Serializer):
    code = serializers.CharField()
    feature = serializers.CharField()
    message = serializers.CharField()


LISTING_SERIALIZERS = {
    listing.key: type(
        "".join(part.title() for part in listing.key.split("_")) + "Serializer",
        (serializers.Serializer,),
        {field.key: _output_field(field.shape, field.meaning) for field in listing.fields},
    )
    for listing in bonus_listings(DEFAULT_REGISTRY)
}
"""The entries of each declared bonus listing (``trade_goods``), by response key."""

ScoreResponseSerializer = type("ScoreResponseSerializer", (serializers.Serializer,), {
    "players": PlayerResultSerializer(many=True),
    "winners": serializers.ListField(child=serializers.ChoiceField(choices=COLORS)),
    "features": FeatureResultSerializer(many=True),
    **{listing.key: LISTING_SERIALIZERS[listing.key](many=True, required=False,
                                                       help_text=listing.meaning)
       for listing in bonus_listings(DEFAULT_REGISTRY)},
    "printings": serializers.DictField(
        child=serializers.ChoiceField(choices=[edition.value for edition in Edition]),
        required=False,
        help_text="The expansions this game plays from an earlier printing than its "
                  "edition, by code, with that printing: {\"tower\": \"C2\"} in a C3 game, "
                  "whose table lays The Tower's second-edition tiles and follows their "
                  "rules. Left out when every expansion is the edition's own."),
    "warnings": WarningSerializer(many=True),
})


class BoardErrorSerializer(serializers.Serializer):
    path = serializers.CharField(help_text='Where: "tiles[3]", "figures[0].at", '
                                           '"rules.farm_scoring"; "" for the body itself.')
    code = serializers.ChoiceField(choices=ERROR_CODES)
    message = serializers.CharField()


class ErrorsSerializer(serializers.Serializer):
    errors = BoardErrorSerializer(many=True)


CONTRACT_REQUEST = {
    "edition": "C3",
    "expansions": ["farmers", "abbot"],
    "rules": {"farm_scoring": "third-edition", "small_cities": False,
              "incomplete_features": True},
    "players": [
        {"color": "red", "name": "Anna", "points": 57},
        {"color": "blue", "name": "Ben", "points": 61},
    ],
    "tiles": [
        {"tile": "D", "x": 0, "y": 0, "rotation": 0},
        {"tile": "E", "x": 0, "y": -1, "rotation": 180},
        {"tile": "A", "x": 1, "y": 0, "rotation": 90},
    ],
    "figures": [
        {"player": "red", "x": 0, "y": 0, "at": "W"},
        {"player": "blue", "x": 0, "y": -1, "at": "NW"},
        {"player": "red", "x": 1, "y": 0, "at": "C", "kind": "abbot"},
    ],
}

CONTRACT_RESPONSE = {
    "players": [
        {"color": "red", "name": "Anna", "points_before": 57, "final_points": 5, "total": 62,
         "by_kind": {"road": 2, "city": 0, "monastery": 3, "garden": 0, "farm": 0}, "rank": 2},
        {"color": "blue", "name": "Ben", "points_before": 61, "final_points": 3, "total": 64,
         "by_kind": {"road": 0, "city": 0, "monastery": 0, "garden": 0, "farm": 3}, "rank": 1},
    ],
    "winners": ["blue"],
    "features": [
        {"id": "road-1", "kind": "road", "complete": False, "tiles": [[0, 0], [1, 0]],
         "figures": {"red": 1}, "owners": ["red"], "points": 2, "scored": {"red": 2},
         "explanation": "incomplete road: 2 tiles × 1 = 2"},
        {"id": "monastery-1", "kind": "monastery", "complete": False, "tiles": [[1, 0]],
         "figures": {"red": 1}, "owners": ["red"], "points": 3, "scored": {"red": 3},
         "explanation": "incomplete monastery: 1 + 2 neighbours = 3"},
        {"id": "farm-1", "kind": "farm", "complete": False, "tiles": [[0, -1]],
         "figures": {"blue": 1}, "owners": ["blue"], "points": 3, "scored": {"blue": 3},
         "cities": [{"id": "city-1", "tiles": [[0, -1], [0, 0]]}],
         "explanation": "farm: 1 completed city × 3 = 3"},
    ],
    "warnings": [],
}

CONTRACT_ERRORS = {
    "errors": [
        {"path": "tiles[3]", "code": "edge_mismatch",
         "message": "Tile K at (2,0) does not fit: its west edge is a road but the east edge "
                    "of tile E at (1,0) is a field."},
    ],
}

EXAMPLES = [
    OpenApiExample("Three tiles, two players", value=CONTRACT_REQUEST, request_only=True),
    OpenApiExample("Final scoring", value=CONTRACT_RESPONSE, response_only=True,
                   status_codes=["200"]),
    OpenApiExample("A tile that does not fit", value=CONTRACT_ERRORS, response_only=True,
                   status_codes=["400"]),
]
