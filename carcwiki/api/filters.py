"""Filters of the tile list: by expansion, edition, feature and edge pattern."""

import re

import django_filters
from django.core.validators import RegexValidator
from django.db.models import Q

from carcwiki.catalogue.models import TileType

FEATURE_FILTERS = {
    "city": Q(has_city=True),
    "road": Q(has_road=True),
    "monastery": Q(has_monastery=True),
    "garden": Q(has_garden=True),
    "pennant": Q(pennants__gt=0),
}
EDGE_PATTERN = re.compile(r"^[CRFVcrfv?]{4}$")
EDGE_PATTERN_MESSAGE = (
    "Give four letters among C, R, F, V and ? (for N, E, S, W), e.g. C?F?."
)


def edge_pattern_rotations(pattern: str) -> set[str]:
    """The pattern as seen by a tile turned 0, 90, 180 and 270 degrees.

    >>> sorted(edge_pattern_rotations("CRFR"))
    ['CRFR', 'FRCR', 'RCRF', 'RFRC']
    """
    return {pattern[-turn:] + pattern[:-turn] if turn else pattern for turn in range(4)}


class TileFilter(django_filters.FilterSet):
    expansion = django_filters.CharFilter(
        field_name="expansion__code", help_text="Expansion code, e.g. `base`."
    )
    edition = django_filters.CharFilter(
        method="filter_edition",
        help_text="Only tiles with copies in this edition (`C1`, `C2`, `C3`).",
    )
    feature = django_filters.ChoiceFilter(
        choices=[(name, name) for name in FEATURE_FILTERS],
        method="filter_feature",
        help_text="Only tiles with this feature.",
    )
    edges = django_filters.CharFilter(
        method="filter_edges",
        validators=[RegexValidator(EDGE_PATTERN, EDGE_PATTERN_MESSAGE)],
        help_text=(
            "Edge pattern N, E, S, W of C (city), R (road), F (field), V (river) or ? (any), "
            "e.g. `C?F?`. Matches the tile in any rotation unless `rotated=false`."
        ),
    )
    rotated = django_filters.BooleanFilter(
        method="filter_noop", help_text="With `edges`: also match turned tiles (default true)."
    )

    class Meta:
        model = TileType
        fields = ["expansion", "edition", "feature", "edges"]

    def filter_edition(self, queryset, name, value):
        return queryset.filter(counts__edition__code=value, counts__count__gt=0).distinct()

    def filter_feature(self, queryset, name, value):
        return queryset.filter(FEATURE_FILTERS[value])

    def filter_edges(self, queryset, name, value):
        pattern = value.upper()
        rotated = self.form.cleaned_data.get("rotated")
        patterns = {pattern} if rotated is False else edge_pattern_rotations(pattern)
        condition = Q()
        for candidate in patterns:
            condition |= Q(edges__regex="^" + candidate.replace("?", ".") + "$")
        return queryset.filter(condition)

    def filter_noop(self, queryset, name, value):
        return queryset
