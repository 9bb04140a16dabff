"""Filters of the tile list: by expansion, edition, feature and edge pattern."""

import re

import django_filters
from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db.models import Q
from django_filters.rest_framework import DjangoFilterBackend

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


class EditionCodeField(django_filters.fields.ModelChoiceField):
    """An edition's code in either case: ``C1`` or ``c1``, as the site's own links write it."""

    def to_python(self, value):
        return super().to_python(value.upper() if isinstance(value, str) else value)


class EditionFilter(django_filters.ModelChoiceFilter):
    """Tiles of which the edition has at least one copy (a count of 0 is kept in the
    data: C1 has no garden tiles)."""

    field_class = EditionCodeField

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


def tile_file_codes() -> list[str]:
    """The codes tile files declare, in catalogue order: a part's code for a part's tiles
    (``river``), an expansion's for tiles in no part (``base``). One query."""
    rows = TileType.objects.values_list(
        "expansion__order", "expansion__code", "part__order", "part__code"
    ).distinct()
    ordered = sorted(set(rows), key=lambda row: (row[0], row[1], -1 if row[2] is None else row[2]))
    codes: list[str] = []
    for _, expansion_code, _, part_code in ordered:
        code = part_code or expansion_code
        if code not in codes:
            codes.append(code)
    return codes


class CatalogueCodeField(forms.CharField):
    """The code of an expansion or part that has tiles of its own; any other code is a
    400 naming it: an unknown one, or one whose tiles all sit in its parts (or that has
    none, as ``farmers``), which would filter out every tile."""

    def clean(self, value):
        code = super().clean(value)
        if not code:
            return None
        codes = tile_file_codes()
        if code in codes:
            return code
        known = (Expansion.objects.filter(code=code).exists()
                 or Part.objects.filter(code=code).exists())
        if not known:
            raise ValidationError(
                unknown_code_message("expansion", "/api/expansions/"),
                code="invalid_choice", params={"value": code},
            )
        raise ValidationError(
            "'%(value)s' has no tiles of its own; the codes with tiles are %(codes)s.",
            code="no_tiles", params={"value": code, "codes": ", ".join(codes)},
        )


class CatalogueCodeFilter(django_filters.Filter):
    """Tiles of the tile file that declares this code: a part's code (``river``) gives that
    part's tiles, an expansion's code the tiles in none of its parts (``base``: the 32
    base-game types). A code that would filter out every tile is a 400 naming it."""

    field_class = CatalogueCodeField

    def filter(self, queryset, value):
        return queryset if value is None else queryset.of_catalogue_codes([value])


BOOLEAN_WORDS = {"true": True, "1": True, "false": False, "0": False}


class StrictBooleanField(forms.Field):
    """``true`` or ``false`` (or 1 / 0); anything else is a 400 rather than ignored."""

    def to_python(self, value):
        if value in (None, ""):
            return None
        word = str(value).strip().lower()
        if word not in BOOLEAN_WORDS:
            raise ValidationError("Give true or false, not '%(value)s'.", code="invalid",
                                  params={"value": value})
        return BOOLEAN_WORDS[word]


class StrictBooleanFilter(django_filters.BooleanFilter):
    field_class = StrictBooleanField


def _in_edition(feature: dict, edition_code: str) -> bool:
    """Whether a feature is printed in the edition (a feature without ``editions`` is
    printed in every edition the tile is)."""
    editions = feature.get("editions")
    return not editions or edition_code in editions


def _has_feature_in(features: list[dict], name: str, edition_code: str) -> bool:
    for feature in features:
        if name == "pennant":
            if feature.get("kind") == "city" and feature.get("pennants") \
                    and _in_edition(feature, edition_code):
                return True
        elif feature.get("kind") == name and _in_edition(feature, edition_code):
            return True
    return False


class StrictFilterSet(django_filters.FilterSet):
    """A filter given without a value (``?feature=``) is a 400 naming it: it cannot mean
    anything, and leaving it out is how to ask for no filter."""

    def is_valid(self):
        valid = super().is_valid()
        for name in self.filters:
            if name in self.data and self.data.get(name) == "":
                self.form.add_error(name, "Give a value, or leave the parameter out.")
                valid = False
        return valid


class StrictFilterBackend(DjangoFilterBackend):
    """The project's filter backend: filter sets built from ``filterset_fields`` are
    :class:`StrictFilterSet` too."""

    filterset_base = StrictFilterSet


class ExpansionFilter(StrictFilterSet):
    category = django_filters.ChoiceFilter(
        choices=Expansion.Category.choices, help_text="Only expansions of this category.",
    )
    editions__code = by_code(
        django_filters.ModelChoiceFilter, Edition, "edition", "/api/editions/",
        field_name="editions", help_text="Only expansions published in this edition.",
    )

    class Meta:
        model = Expansion
        fields = ["category", "editions__code"]


class TileFilter(StrictFilterSet):
    expansion = CatalogueCodeFilter(
        help_text=(
            "Expansion or part code, e.g. `base`, `river`, `river2`, `inns-cathedrals` "
            "(see /api/expansions/)."
        ),
    )
    edition = by_code(
        EditionFilter, Edition, "edition", "/api/editions/",
        field_name="counts__edition",
        help_text="Only tiles with copies in this edition (`C1`, `C2`, `C3`; either case). "
        "With `feature`, the feature must be printed in that edition too.",
    )
    feature = django_filters.ChoiceFilter(
        choices=[(name, name) for name in FEATURE_FILTERS],
        method="filter_feature",
        help_text="Only tiles with this feature (with `edition`: as printed in it; the "
        "gardens of C2 and C3 are absent from C1).",
    )
    edges = django_filters.CharFilter(
        method="filter_edges",
        validators=[RegexValidator(EDGE_PATTERN, EDGE_PATTERN_MESSAGE)],
        help_text=(
            "Edge pattern N, E, S, W of C (city), R (road), F (field), V (river) or ? (any), "
            "e.g. `C?F?`. Matches the tile in any rotation unless `rotated=false`."
        ),
    )
    rotated = StrictBooleanFilter(
        method="filter_noop", help_text="With `edges`: also match turned tiles (default true)."
    )

    class Meta:
        model = TileType
        fields = ["expansion", "edition", "feature", "edges"]

    def filter_feature(self, queryset, name, value):
        queryset = queryset.filter(FEATURE_FILTERS[value])
        edition = self.form.cleaned_data.get("edition")
        if edition is None:
            return queryset
        rows = TileType.objects.filter(pk__in=queryset.values("pk")).values_list("pk", "features")
        kept = [pk for pk, features in rows if _has_feature_in(features, value, edition.code)]
        return queryset.filter(pk__in=kept)

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
