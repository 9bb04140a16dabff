"""Catalogue pages: the tile gallery, a page for each tile type, and each tile's picture
drawn as SVG from its data."""

import hashlib
import json

from django import forms
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.utils.cache import get_conditional_response, patch_cache_control
from django.views.decorators.http import require_safe
from django.views.generic import ListView

from scoring.engine import EdgeType, FeatureKind, Side
from scoring.engine import Edition as EngineEdition
from scoring.tileset import current_tiles

from .models import Edition, TileType
from .svg import ROTATIONS, render_tile_svg

# Part of every picture's ETag: bump it when the drawing changes, so cached pictures renew.
SVG_DRAWING_VERSION = "3"
SVG_MAX_AGE = 24 * 60 * 60
GALLERY_PICTURE_SIZE = 120
# The engine's own words for sides and edges, as the gallery shows them.
SIDE_NAMES = {side.name: side.word for side in Side}
EDGE_WORDS = {edge.value: edge.word for edge in EdgeType}


def _rotation_from(request: HttpRequest) -> int | None:
    """The ``rotation`` query parameter as degrees, or ``None`` when it is not allowed."""
    raw = request.GET.get("rotation", "0").strip()
    # Only ASCII digits: str.isdigit also accepts "²" or "①", which int() refuses.
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 3:
        return None
    rotation = int(raw)
    return rotation if rotation in ROTATIONS else None


def for_edition(data: dict, edition: str) -> dict:
    """The tile as printed in ``edition``: features limited to other editions (the gardens
    of expansion tiles, printed from C2 on) are left out.

    >>> tile = {"features": [{"kind": "road"}, {"kind": "garden", "editions": ["C2", "C3"]}]}
    >>> [feature["kind"] for feature in for_edition(tile, "C1")["features"]]
    ['road']
    >>> [feature["kind"] for feature in for_edition(tile, "C2")["features"]]
    ['road', 'garden']
    """
    features = [
        feature for feature in data["features"]
        if not feature.get("editions") or edition in feature["editions"]
    ]
    return {**data, "features": features}


@require_safe
def tile_svg(request: HttpRequest, code: str) -> HttpResponse:
    """One tile's picture as ``image/svg+xml``; ``?rotation=90`` turns it clockwise and
    ``?edition=C1`` draws it as that edition prints it (without the later gardens)."""
    rotation = _rotation_from(request)
    if rotation is None:
        return HttpResponseBadRequest(
            "rotation must be 0, 90, 180 or 270.", content_type="text/plain; charset=utf-8"
        )
    # The engine's checked tile, the one the scorer and the builder read.
    tile = current_tiles().get(code)
    if tile is None:
        raise Http404(f"No tile type with code {code!r}.")
    data = tile.to_data()
    edition = request.GET.get("edition", "").strip().upper()
    if edition:
        if edition not in data["counts"]:
            printed = ", ".join(sorted(data["counts"])) or "no edition"
            return HttpResponseBadRequest(
                f"Tile {code} has no copy in edition {edition[:10]!r}; it is printed in "
                f"{printed}.",
                content_type="text/plain; charset=utf-8",
            )
        data = for_edition(data, edition)

    # The picture depends only on the tile's data, the rotation and the drawing code.
    fingerprint = json.dumps(
        [SVG_DRAWING_VERSION, rotation, data["code"], tile.picture, data["edges"],
         data["features"]],
        sort_keys=True,
    )
    etag = '"' + hashlib.sha256(fingerprint.encode()).hexdigest()[:32] + '"'
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = HttpResponse(
            render_tile_svg(tile, rotation=rotation,
                            edition=EngineEdition(edition) if edition else None),
            content_type="image/svg+xml",
        )
    response["ETag"] = etag
    patch_cache_control(response, public=True, max_age=SVG_MAX_AGE)
    return response


def group_name(expansion_name: str, part_name: str | None) -> str:
    """How the gallery names the tiles of one tile file: a part says whose part it is."""
    return f"{part_name} ({expansion_name})" if part_name else expansion_name


def tile_groups() -> list[tuple[str, str]]:
    """(code, name) of every expansion or part that has tiles, in catalogue order: the
    codes tile files declare. One query."""
    rows = TileType.objects.values_list(
        "expansion__code", "expansion__name", "expansion__order",
        "part__code", "part__name", "part__order",
    ).distinct()
    ordered = sorted(
        set(rows),
        key=lambda row: (row[2], row[1], -1 if row[3] is None else row[5]),
    )
    return [
        (part_code or expansion_code, group_name(expansion_name, part_name))
        for expansion_code, expansion_name, _, part_code, part_name, _ in ordered
    ]


FEATURE_NAMES = {
    "city": "City", "road": "Road", "field": "Field", "monastery": "Monastery",
    "garden": "Garden", "river": "River",
}


def describe_feature(feature: dict) -> str:
    """A feature of the tile data in words.

    >>> describe_feature({"kind": "city", "edges": ["N", "E"], "pennants": 1})
    'City on the north and east, 1 pennant'
    >>> describe_feature({"kind": "road", "edges": ["S"], "end": "village", "inn": True})
    'Road on the south, ending at a village, with an inn'
    >>> describe_feature({"kind": "garden", "editions": ["C2", "C3"]})
    'Garden (C2, C3 only)'
    """
    words = FEATURE_NAMES.get(feature.get("kind", ""), str(feature.get("kind", "")).title())
    edges = [SIDE_NAMES.get(edge, edge) for edge in feature.get("edges") or []]
    if edges:
        words += " on the " + (
            edges[0] if len(edges) == 1 else ", ".join(edges[:-1]) + " and " + edges[-1]
        )
    extras = []
    if feature.get("pennants"):
        extras.append(f"{feature['pennants']} pennant{'s' if feature['pennants'] > 1 else ''}")
    if feature.get("end"):
        extras.append(f"ending at a {feature['end']}")
    if feature.get("inn"):
        extras.append("with an inn")
    if feature.get("cathedral"):
        extras.append("with a cathedral")
    if feature.get("goods"):
        extras.append(f"with {feature['goods']}")
    if feature.get("pig_herd"):
        extras.append("with a pig-herd")
    if feature.get("cities"):
        extras.append(f"bordering {len(feature['cities'])} city segment"
                      f"{'s' if len(feature['cities']) > 1 else ''}")
    if extras:
        words += ", " + ", ".join(extras)
    if feature.get("editions"):
        words += f" ({', '.join(feature['editions'])} only)"
    return words


@require_safe
def tile_detail(request: HttpRequest, code: str) -> HttpResponse:
    """A tile type's own page: picture, edges, features, copies per edition, and the
    rules that link to it."""
    from carcwiki.rules.queries import rules_citing

    tile = TileType.objects.with_related().filter(code=code).first()
    if tile is None:
        raise Http404(f"No tile type with code {code!r}.")
    editions = list(Edition.objects.filter(tile_counts__tile=tile).order_by("order", "year"))
    copies = {count.edition.code: count.count for count in tile.counts.all()}
    differs = [
        edition for edition in editions
        if for_edition({"features": tile.features}, edition.code)["features"] != tile.features
    ]
    return render(
        request,
        "catalogue/tile_detail.html",
        {
            "tile": tile,
            "group": group_name(tile.expansion.name, tile.part.name if tile.part_id else None),
            "features": [describe_feature(feature) for feature in tile.features],
            "edges": [
                {"side": side.word, "kind": EDGE_WORDS.get(letter, "unknown")}
                for side, letter in zip(Side, tile.edges, strict=False)
            ],
            "copies": [(edition, copies.get(edition.code, 0)) for edition in editions],
            "other_pictures": differs,
            "citing": rules_citing(f"/tiles/{tile.code}/"),
            "picture_size": 240,
        },
    )


class TileFilterForm(forms.Form):
    """The gallery's GET filters; choices come from what the catalogue holds."""

    expansion = forms.ChoiceField(required=False, label="Expansion")
    edition = forms.ChoiceField(required=False, label="Edition")

    def __init__(self, *args, groups, editions, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["expansion"].choices = [("", "All expansions")] + list(groups)
        self.fields["edition"].choices = [("", "All editions")] + [
            (edition.code, f"{edition.code} – {edition.name}") for edition in editions
        ]


class TileGalleryView(ListView):
    """Every tile type with its picture, edges and copies per edition, grouped by the
    expansion or part its tile file declares, filterable by GET (``?expansion=river``)."""

    template_name = "catalogue/tile_gallery.html"
    context_object_name = "tiles"

    def get_queryset(self):
        # Only expansions, parts and editions that have tiles are worth offering as filters.
        self.groups = tile_groups()
        self.editions = list(
            Edition.objects.filter(tile_counts__isnull=False)
            .distinct()
            .order_by("order", "year")
        )
        self.form = TileFilterForm(
            self.request.GET or None, groups=self.groups, editions=self.editions
        )
        tiles = TileType.objects.with_related()
        if self.form.is_bound and self.form.is_valid():
            if expansion := self.form.cleaned_data["expansion"]:
                tiles = tiles.of_catalogue_codes([expansion])
            if edition := self.form.cleaned_data["edition"]:
                tiles = tiles.in_edition(edition)
        return tiles

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        sections: list[dict] = []
        checked = current_tiles()
        for tile in context["tiles"]:
            code = tile.part.code if tile.part_id else tile.expansion.code
            if not sections or sections[-1]["code"] != code:
                name = group_name(tile.expansion.name, tile.part.name if tile.part_id else None)
                sections.append({"code": code, "name": name, "tiles": []})
            sections[-1]["tiles"].append(tile)
            copies = {count.edition.code: count.count for count in tile.counts.all()}
            # One cell per edition column, in the same order as the table header.
            tile.edition_counts = [(edition, copies.get(edition.code)) for edition in self.editions]
            # A garden printed only in some editions (expansion tiles) says which.
            tile.garden_editions = next(
                (sorted(edition.value for edition in segment.editions or ())
                 for segment in checked[tile.code].segments
                 if segment.kind is FeatureKind.GARDEN),
                [],
            )
            tile.edge_list = [
                {"side": side.name, "side_name": side.word, "letter": edge.value,
                 "kind": edge.word}
                for side, edge in zip(Side, checked[tile.code].edges, strict=True)
            ]
        context.update(
            form=self.form,
            editions=self.editions,
            sections=sections,
            picture_size=GALLERY_PICTURE_SIZE,
            is_filtered=bool(self.form.is_bound and self.form.is_valid() and any(
                self.form.cleaned_data.values())),
        )
        return context
