"""Output serializers of the catalogue API: what a client reads about editions and tiles."""

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from carcwiki.catalogue.models import Bundle, Edition, Expansion, Part, TileType
from scoring.engine import FeatureKind, Landmark, Side, TileDefinition
from scoring.tileset import current_tiles

SIDES = ("N", "E", "S", "W")


class EditionSerializer(serializers.ModelSerializer):
    tile_count = serializers.IntegerField(
        read_only=True, allow_null=True,
        help_text="Land tiles in the box; null when the catalogue holds no counts for it.",
    )

    class Meta:
        model = Edition
        fields = ["code", "name", "year", "description", "tile_count"]


class PartSerializer(serializers.ModelSerializer):
    editions = serializers.SlugRelatedField(slug_field="code", many=True, read_only=True)

    class Meta:
        model = Part
        fields = ["code", "name", "description", "editions"]


class ExpansionSerializer(serializers.ModelSerializer):
    editions = serializers.SlugRelatedField(slug_field="code", many=True, read_only=True)
    parts = PartSerializer(many=True, read_only=True)

    class Meta:
        model = Expansion
        fields = ["code", "name", "category", "number", "description", "editions", "parts"]


class BundleSerializer(serializers.ModelSerializer):
    edition = serializers.SlugRelatedField(slug_field="code", read_only=True)
    expansions = serializers.SlugRelatedField(slug_field="code", many=True, read_only=True)
    parts = serializers.SlugRelatedField(slug_field="code", many=True, read_only=True)

    class Meta:
        model = Bundle
        fields = ["code", "name", "edition", "description", "expansions", "parts"]


def features_for_client(tile: TileDefinition) -> list[dict]:
    """The features of the engine's checked tile, each with the locations a figure may
    name to stand on it (none on a landmark such as the river).

    >>> tile = TileDefinition.from_data({"code": "U", "edges": "FRFR", "features": [
    ...     {"kind": "road", "edges": ["E", "W"]},
    ...     {"kind": "field", "half_edges": ["NW", "NE", "EN", "WN"]},
    ...     {"kind": "field", "half_edges": ["ES", "SE", "SW", "WS"]}]})
    >>> features_for_client(tile)[0]
    {'kind': 'road', 'edges': ['E', 'W'], 'locations': ['E', 'W'], 'ends_on_tile': False}
    """
    described = []
    items = (*tile.landmarks, *tile.segments)
    for item, feature in zip(items, tile.to_data()["features"], strict=True):
        if isinstance(item, Landmark):
            feature["locations"] = []
            described.append(feature)
            continue
        if item.kind is FeatureKind.CITY:
            feature.setdefault("pennants", 0)
        elif item.kind is FeatureKind.FARM:
            feature.setdefault("cities", [])
        feature["locations"] = [location.value for location in item.locations]
        if item.kind is FeatureKind.ROAD:
            feature["ends_on_tile"] = len(item.locations) == 1
        described.append(feature)
    return described


class TileSerializer(serializers.ModelSerializer):
    expansion = serializers.SlugRelatedField(slug_field="code", read_only=True)
    part = serializers.SlugRelatedField(
        slug_field="code", read_only=True, allow_null=True,
        help_text="The part of the expansion the tile belongs to (`river`), or null.",
    )
    edges = serializers.SerializerMethodField()
    edge_codes = serializers.CharField(source="edges", read_only=True)
    features = serializers.SerializerMethodField()
    counts = serializers.SerializerMethodField()
    start = serializers.BooleanField(source="is_start", read_only=True)
    picture_url = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()

    class Meta:
        model = TileType
        fields = [
            "code", "url", "expansion", "part", "picture", "edges", "edge_codes", "features",
            "pennants", "counts", "start", "illustrations", "picture_url",
        ]

    @extend_schema_field(
        {"type": "object", "properties": {side: {"type": "string"} for side in SIDES},
         "example": {"N": "city", "E": "road", "S": "field", "W": "road"}}
    )
    def get_edges(self, tile: TileType) -> dict:
        checked = current_tiles()[tile.code]
        return {side.name: edge.word for side, edge in zip(Side, checked.edges, strict=True)}

    @extend_schema_field({"type": "array", "items": {"type": "object"}})
    def get_features(self, tile: TileType) -> list:
        # The engine's checked tile: the one the scorer, the pictures and the builder read.
        return features_for_client(current_tiles()[tile.code])

    @extend_schema_field(
        {"type": "object", "additionalProperties": {"type": "integer"},
         "example": {"C1": 4, "C2": 4, "C3": 4}}
    )
    def get_counts(self, tile: TileType) -> dict:
        return {count.edition.code: count.count for count in tile.counts.all()}

    @extend_schema_field(OpenApiTypes.URI)
    def get_picture_url(self, tile: TileType) -> str:
        return self._absolute(reverse("catalogue:tile-svg", kwargs={"code": tile.code}))

    @extend_schema_field(OpenApiTypes.URI)
    def get_url(self, tile: TileType) -> str:
        return self._absolute(reverse("api:tile-detail", kwargs={"code": tile.code}))

    def _absolute(self, path: str) -> str:
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path
