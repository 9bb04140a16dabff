"""Filters of the tile list: by expansion, edition, feature and edge pattern."""

import re

import django_filters
from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db.models import Q

from carcwiki.catalogue.models import Edition, Expansion, Part, TileType

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


class EditionFilter(django_filters.ModelChoiceFilter):
    """Tiles of which the edition has at least one copy (a count of 0 is kept in the
    data: C1 has no garden tiles)."""

    def filter(self, queryset, value):
        if value is None:
            return queryset
        return queryset.filter(counts__edition=value, counts__count__gt=0).distinct()


def unknown_code_message(what: str, listing: str) -> str:
    """The 400 message for a code the catalogue does not hold (``%(value)s`` is the code)."""
    return f"No {what} with code '%(value)s'; the codes are listed at {listing}."


def by_code(filter_class, model, what: str, listing: str, **options):
    """A filter on the catalogue object of ``model`` named by its code; an unknown code
    is a 400 naming it and where the codes are listed."""
    return filter_class(
        queryset=model.objects.all(),
        to_field_name="code",
        error_messages={"invalid_choice": unknown_code_message(what, listing)},
        **options,
    )


class CatalogueCodeField(forms.CharField):
    """An expansion's or a part's code, checked against the catalogue."""

    def clean(self, value):
        code = super().clean(value)
        if not code:
            return None
        if not (
            Expansion.objects.filter(code=code).exists()
            or Part.objects.filter(code=code).exists()
        ):
            raise ValidationError(
                unknown_code_message("expansion", "/api/expansions/"),
                code="invalid_choice",
                params={"value": code},
            )
        return code


class CatalogueCodeFilter(django_filters.Filter):
    """Tiles of the tile file that declares this code: a part's code (``river``) gives that
    part's tiles, an expansion's code the tiles in none of its parts (``base``: the 32
    base-game types). A mistyped code is a 400 naming it, not an empty list."""

    field_class = CatalogueCodeField

    def filter(self, queryset, value):
        return queryset if value is None else queryset.of_catalogue_codes([value])


class TileFilter(django_filters.FilterSet):
    expansion = CatalogueCodeFilter(
        help_text=(
            "Expansion or part code, e.g. `base`, `river`, `river2`, `inns-cathedrals` "
            "(see /api/expansions/)."
        ),
    )
    edition = by_code(
        EditionFilter, Edition, "edition", "/api/editions/",
        field_name="counts__edition",
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
