"""Read-only API views over the catalogue; each queryset fetches its relations up front so
that a page costs the same number of queries whatever its size."""

from django.db.models import Q, Sum
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import viewsets

from carcwiki.catalogue.models import Bundle, Edition, Expansion, Part, TileType
from carcwiki.page_cache import CachedAnswersMixin

from . import serializers
from .filters import ExpansionFilter, TileFilter
from .pagination import StrictPageNumberPagination


class CataloguePagination(StrictPageNumberPagination):
    page_size = 50
    max_page_size = 200


class EditionViewSet(CachedAnswersMixin, viewsets.ReadOnlyModelViewSet):
    """Editions of the game (C1, C2, C3, Winter Edition) with their number of land tiles."""

    serializer_class = serializers.EditionSerializer
    lookup_field = "code"
    not_found_label = "edition"
    pagination_class = CataloguePagination
    queryset = Edition.objects.annotate(
        tile_count=Sum("tile_counts__count", filter=Q(tile_counts__tile__expansion__code="base"))
    ).order_by("order", "year")  # an aggregate drops Meta.ordering


class ExpansionViewSet(CachedAnswersMixin, viewsets.ReadOnlyModelViewSet):
    """Expansions (and the base game) with their selectable parts and editions."""

    cache_query_keys = CachedAnswersMixin.cache_query_keys | {"category", "editions__code"}
    serializer_class = serializers.ExpansionSerializer
    lookup_field = "code"
    not_found_label = "expansion"
    pagination_class = CataloguePagination
    queryset = Expansion.objects.with_related()
    filterset_class = ExpansionFilter

    def get_object(self):
        """The expansion of this code, or the one holding the part of this code (``river``):
        every code the API takes elsewhere names something here."""
        code = self.kwargs[self.lookup_field]
        holder = Part.objects.filter(code=code).values_list("expansion__code", flat=True).first()
        if holder is not None and not Expansion.objects.filter(code=code).exists():
            self.kwargs[self.lookup_field] = holder
        return super().get_object()


class BundleViewSet(CachedAnswersMixin, viewsets.ReadOnlyModelViewSet):
    """Boxes that hold several expansions, such as Big Box 6: ready-made selections."""

    serializer_class = serializers.BundleSerializer
    lookup_field = "code"
    not_found_label = "bundle"
    pagination_class = CataloguePagination
    queryset = Bundle.objects.select_related("edition").prefetch_related("expansions", "parts")


@extend_schema_view(
    retrieve=extend_schema(
        parameters=[
            OpenApiParameter(
                "code", str, OpenApiParameter.PATH, description="Tile code, e.g. `D` or `E-garden`."
            )
        ]
    )
)
class TileViewSet(CachedAnswersMixin, viewsets.ReadOnlyModelViewSet):
    """Tile types: edges, features with the locations figures may use, copies per edition,
    and a link to the SVG picture."""

    cache_query_keys = CachedAnswersMixin.cache_query_keys | set(TileFilter.base_filters)
    serializer_class = serializers.TileSerializer
    lookup_field = "code"
    lookup_value_regex = r"[A-Za-z0-9-]+"
    not_found_label = "tile"
    pagination_class = CataloguePagination
    filterset_class = TileFilter
    queryset = TileType.objects.with_related()
