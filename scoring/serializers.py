"""DRF serializers that describe ``POST /api/score/`` in the OpenAPI schema.

They document the request, the response and the error body with the contract's
examples; they do not validate. The engine's validator checks requests, so that error
codes and paths are exactly those of ``shared/spec/board-format.md``. What the request
may hold beyond the base game (expansion codes, rules, figure kinds, tokens, tile states,
places, error codes) is read from the engine's rules document
(:func:`scoring.engine.rules_document`); what the expansions add to the response (the
fields their ``outputs`` declare: see :mod:`scoring.engine.outputs`) from their
declarations. Nothing here names a figure, a rule or an expansion.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample, extend_schema_serializer
from rest_framework import serializers

from .engine import (
    DEFAULT_REGISTRY,
    MAX_FIGURES,
    MAX_PLAYERS,
    MAX_TILES,
    MIN_PLAYERS,
    ROTATIONS,
    Color,
    Edition,
    Location,
    OutputShape,
    bonus_listings,
    feature_fields,
    rules_document,
)

RULES = rules_document()
"""Everything the calculator knows, as the engine exports it."""

COLORS = [color.value for color in Color]
LOCATIONS = [location.value for location in Location]
FEATURE_KINDS = list(RULES["feature_kinds"])
EXPANSION_CODES = [part["code"] for part in RULES["parts"]]
"""Every code the request's ``expansions`` may list: expansions and their parts."""
FIGURE_KINDS = sorted(kind["code"] for kind in RULES["figures"])
NEUTRAL_KINDS = sorted({figure["code"] for figure in RULES["neutral"]})
DISTRICTS = {district["name"]: large for large in RULES["large_tiles"]
             for district in large["districts"]}
"""Every district a large tile declares, by name, with its tile."""
SPACES = {space["name"]: space for space in RULES["spaces"]}
"""Every space printed on tiles where figures stand (the acrobat space), by name."""
FIGURE_PLACES = LOCATIONS + [name for name in (*DISTRICTS, *SPACES) if name not in LOCATIONS]
"""What a player's figure may name as ``at``: the tile locations, the districts and the
spaces."""
ERROR_CODES = list(RULES["error_codes"])
# Named in the schema through SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"], e.g.
# {"PlayerColorEnum": "scoring.serializers.COLORS", ...}: the same colours appear under
# several field names, which drf-spectacular otherwise names after each field.


def _clause(meaning: str) -> str:
    return meaning.rstrip().removesuffix(".")


def _either(words: list[str], joiner: str = "or") -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return f"{', '.join(words[:-1])} {joiner} {words[-1]}" if len(words) > 1 else "".join(words)


def _rule_field(option: dict[str, Any]) -> serializers.Field:
    labels = "; ".join(f"{choice['value']}: {choice['label']}" for choice in option["choices"])
    # null stands for the default, as the engine reads it (scoring.engine.rules).
    help_text = f"{option['label']}. {labels}. null: the default."
    if option["switch"]:
        return serializers.BooleanField(default=option["default"], allow_null=True,
                                        help_text=help_text)
    return serializers.ChoiceField(
        choices=[choice["value"] for choice in option["choices"]], default=option["default"],
        allow_null=True, help_text=help_text,
    )


RulesSerializer = type("RulesSerializer", (serializers.Serializer,), {
    option["name"]: _rule_field(option) for option in RULES["options"]
})
"""The ``rules`` object: every rule the expansions declare."""


def _tokens_serializer(tokens: dict[str, Any]) -> type[serializers.Serializer]:
    fields = {kind: (serializers.BooleanField(required=False) if tokens["flags"]
                     else serializers.IntegerField(min_value=0, required=False))
              for kind in tokens["kinds"]}
    name = "".join(part.title() for part in tokens["name"].split("_")) + "Serializer"
    return type(name, (serializers.Serializer,), fields)


TOKEN_SERIALIZERS = {tokens["name"]: _tokens_serializer(tokens) for tokens in RULES["tokens"]}


PlayerSerializer = type("PlayerSerializer", (serializers.Serializer,), {
    "color": serializers.ChoiceField(choices=COLORS),
    "name": serializers.CharField(required=False, allow_null=True),
    "points": serializers.IntegerField(
        min_value=0, default=0, allow_null=True,
        help_text="What the player's marker shows on the scoreboard now (null: 0).",
    ),
    **{tokens["name"]: TOKEN_SERIALIZERS[tokens["name"]](
        required=False, allow_null=True,
        help_text=f"{tokens['meaning']} (with {tokens['part']} in play).")
       for tokens in RULES["tokens"]},
})


def _state_field(state: dict[str, Any]) -> serializers.Field:
    return serializers.ChoiceField(
        choices=list(state["values"]), required=False,
        help_text=f"{_clause(state['meaning'])} (with {state['part']} in play, on the tiles "
                  "that take it).",
    )


TileStateSerializer = type("TileStateSerializer", (serializers.Serializer,), {
    state["name"]: _state_field(state) for state in RULES["tile_states"]
})
"""The ``tiles[].state`` object: every per-tile state the expansions declare."""


def _tile_help() -> str:
    text = "Tile code, such as D or E-garden (see /api/tiles/)"
    large = [f"{tile['code']} ({tile['name']})" for tile in RULES["large_tiles"]]
    if large:
        text += (f", or a tile covering several squares: {', '.join(large)}, laid once at "
                 "the square of its piece (0, 0)")
    return text + "."


class PlacedTileSerializer(serializers.Serializer):
    tile = serializers.CharField(help_text=_tile_help())
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


def _figure_at_help() -> str:
    text = ("Location on the placed tile after rotation: N/E/S/W for a road or city, a "
            "half-edge such as SW for a field, C for a monastery or garden, I for a field "
            "that touches no edge (II for the second such field of a tile that has two).")
    corner = sorted(kind["code"] for kind in RULES["figures"] if kind["stands"] == "corner")
    if corner:
        text += (f" A {_either(corner)} stands on a corner where four tiles meet: "
                 f"{', '.join(RULES['corners'])}, the corner of the tile at x, y.")
    for name, space in SPACES.items():
        text += (f" A {_either(space['kinds'])} on the {space['word'] or name + ' space'} of "
                 f"a tile that prints one names it: {name} (at most {space['holds']} on one "
                 "tile).")
    for large in RULES["large_tiles"]:
        names = [district["name"] for district in large["districts"]]
        if len(names) > 1:
            text += (f" A follower in a district of {large['name']} names the district: "
                     f"{_either(names)}.")
        elif names:
            text += f" A follower in the district of {large['name']} names it: {names[0]}."
    return text


class FigureSerializer(serializers.Serializer):
    player = serializers.ChoiceField(choices=COLORS)
    x = serializers.IntegerField()
    y = serializers.IntegerField()
    at = serializers.ChoiceField(choices=FIGURE_PLACES, help_text=_figure_at_help())
    kind = serializers.ChoiceField(choices=FIGURE_KINDS, default=RULES["default_figure"],
                                   allow_null=True,
                                   help_text=f"null: a {RULES['default_figure']}.")


def _neutral_help() -> str:
    on_tile = sorted(figure["code"] for figure in RULES["neutral"] if not figure["features"])
    text = "Where it stands on the placed tile after rotation, named as for figures"
    if on_tile:
        text += f"; absent for a figure that stands on a tile ({', '.join(on_tile)})"
    return text + "."


class NeutralFigureSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=NEUTRAL_KINDS,
        help_text="; ".join(
            f"{figure['code']}: {_clause(figure['meaning'] or figure['name'])} (with "
            f"{figure['part']} in play, at most {figure['limit']})"
            for figure in RULES["neutral"]
        ) + ".",
    )
    x = serializers.IntegerField()
    y = serializers.IntegerField()
    at = serializers.ChoiceField(choices=LOCATIONS, required=False, allow_null=True,
                                 help_text=_neutral_help())


def _expansions_help() -> str:
    """The default list, read from the parts in play by default, with the editions of
    those some editions lack (the abbot)."""
    every = [edition.value for edition in Edition]
    defaults = [part for part in RULES["parts"] if part["default"]]
    text = ("Expansion or part codes in play besides the base game (naming an expansion "
            "brings all its parts). Default ["
            + ", ".join(f'"{part["code"]}"' for part in defaults) + "]")
    lacking = [f"{part['code']} only in {_either(part['editions'], 'and')}"
               for part in defaults if part["editions"] != every]
    return text + (f" ({'; '.join(lacking)})." if lacking else ".")


def _figures_help() -> str:
    """What a player owns in the default game (the base game and the parts in play by
    default)."""
    default_parts = {part["code"] for part in RULES["parts"] if part["default"]}
    default_parts.update(RULES["always"]["parts"])
    owned = [f"{kind['limit']} {kind['plural'] if kind['limit'] != 1 else kind['name']}"
             for kind in RULES["figures"] if kind["part"] in default_parts]
    return ("Every figure still standing (in the default game a player owns "
            f"{_either(owned, 'and')}).")


@extend_schema_serializer(component_name="Score")  # "ScoreRequest" once split for requests
class ScoreRequestSerializer(serializers.Serializer):
    edition = serializers.ChoiceField(
        choices=[edition.value for edition in Edition], default=Edition.C3.value,
        allow_null=True, help_text="null: C3.",
    )
    # ListField rather than many=True: drf-spectacular writes the lengths (minItems,
    # maxItems) only for list fields.
    expansions = serializers.ListField(
        child=serializers.ChoiceField(choices=EXPANSION_CODES), required=False,
        allow_null=True, help_text=_expansions_help(),
    )
    rules = RulesSerializer(required=False, allow_null=True,
                            help_text="null or absent: every rule at its default.")
    players = serializers.ListField(
        child=PlayerSerializer(), min_length=MIN_PLAYERS, max_length=MAX_PLAYERS,
        help_text=f"{MIN_PLAYERS} to {MAX_PLAYERS} players, colours unique.",
    )
    tiles = serializers.ListField(
        child=PlacedTileSerializer(), min_length=1, max_length=MAX_TILES,
        help_text="Every tile on the table, joined edge to edge, edges matching.",
    )
    figures = serializers.ListField(
        child=FigureSerializer(), required=False, allow_null=True, max_length=MAX_FIGURES,
        help_text=_figures_help(),
    )
    neutral = serializers.ListField(
        child=NeutralFigureSerializer(), required=False, allow_null=True,
        help_text="The figures no player owns: "
                  f"{_either([figure['name'] for figure in RULES['neutral']], 'and')}.",
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


MESSAGE_PARAMS_HELP = (
    "The message's parameters by name. A number, or a code or value of the request, is "
    "given as it is; a word the engine says is a message of its own (\"word.tile\"); a "
    'feature as {"feature": "city-2", "kind": "city", "tiles": [[x, y], …]}; a player as '
    '{"player": "red"}; a message inside the message as {"id": …, "params": …}; several '
    'as {"list": […], "join": id}, joined by the template of that id (", "). A template '
    "writes a number with its digits grouped as {limit:grouped}, between the groups the "
    "template of number.group_separator.")


class MessageSerializer(serializers.Serializer):
    id = serializers.CharField(
        help_text="A stable message id (\"farm.city_awarded\"); its English template is "
                  "the builder page's rules data, under messages.")
    params = serializers.DictField(help_text=MESSAGE_PARAMS_HELP)


EXPLANATION_MESSAGE_HELP = (
    "With ?for=players: the explanation as a message id and parameters, from which its "
    "English text is made (a page in another language renders it with its own "
    "templates).")

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
    "explanation_message": MessageSerializer(required=False, help_text=EXPLANATION_MESSAGE_HELP),
    "standing": StandingSerializer(
        many=True, required=False,
        help_text="With ?for=players: the figures on the feature, as the request placed "
                  "them: the players' figures, then those nobody owns (no player)."),
})


class WarningSerializer(serializers.Serializer):
    code = serializers.CharField()
    feature = serializers.CharField()
    message = serializers.CharField(help_text="The warning in English, made from message_id "
                                              "and params.")
    message_id = serializers.CharField(help_text="The warning's stable message id.")
    params = serializers.DictField(help_text=MESSAGE_PARAMS_HELP)


LISTING_SERIALIZERS = {
    listing.key: type(
        "".join(part.title() for part in listing.key.split("_")) + "Serializer",
        (serializers.Serializer,),
        {**{field.key: _output_field(field.shape, field.meaning) for field in listing.fields},
         **({"explanation_message": MessageSerializer(required=False,
                                                      help_text=EXPLANATION_MESSAGE_HELP)}
            if any(field.key == "explanation" for field in listing.fields) else {})},
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
    message = serializers.CharField(help_text="The problem in English, made from message_id "
                                              "and params.")
    message_id = serializers.CharField(
        required=False,
        help_text="The stable id of the engine's message (absent for a problem of the HTTP "
                  "request itself, such as a body that is not JSON).")
    params = serializers.DictField(required=False, help_text=MESSAGE_PARAMS_HELP)


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
