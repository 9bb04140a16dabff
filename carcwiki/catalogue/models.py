"""Catalogue models: what was published (editions, expansions, parts, bundles) and its tiles.

A tile type keeps its geometry as plain data (``edges`` and ``features``, in the format of
the tile files, ``scoring/engine/expansions/base/tiles-base.yaml`` for one) so that the
scoring engine and the SVG renderer read exactly what the database holds. A few facts
derived from the features are stored beside them, on save, so that the API can filter on
them with plain SQL. A tile type is read and checked by the engine
(:meth:`TileType.checked`) when it is validated and saved: the catalogue has no reader of
the tile format of its own.
"""

from django.core.exceptions import ValidationError
from django.db import models

from scoring.engine import DEFAULT_REGISTRY, FeatureKind, TileDataError, TileDefinition


class Edition(models.Model):
    """A printing of the game whose tiles and rules differ: C1, C2, C3, the Winter Edition."""

    code = models.CharField(max_length=8, unique=True)
    name = models.CharField(max_length=80)
    year = models.PositiveSmallIntegerField()
    description = models.TextField(blank=True)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order", "year"]

    def __str__(self) -> str:
        return f"{self.code} – {self.name}"


class ExpansionQuerySet(models.QuerySet):
    def in_edition(self, edition_code: str) -> "ExpansionQuerySet":
        return self.filter(editions__code=edition_code)

    def with_related(self) -> "ExpansionQuerySet":
        return self.prefetch_related(
            "editions",
            models.Prefetch("parts", queryset=Part.objects.prefetch_related("editions")),
        )


class Expansion(models.Model):
    """A published expansion (or the base game itself), made of parts a group may pick."""

    class Category(models.TextChoices):
        BASE = "base", "Base game"
        MAJOR = "major", "Major expansion"
        MINOR = "minor", "Minor expansion"
        OTHER = "other", "Other expansion"
        FAN = "fan", "Fan expansion"

    code = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=120)
    category = models.CharField(max_length=8, choices=Category.choices)
    number = models.PositiveSmallIntegerField(null=True, blank=True)
    description = models.TextField(blank=True)
    editions = models.ManyToManyField(Edition, related_name="expansions", blank=True)
    order = models.PositiveSmallIntegerField(default=0)

    objects = ExpansionQuerySet.as_manager()

    class Meta:
        ordering = ["order", "name"]

    def __str__(self) -> str:
        return self.name


class Part(models.Model):
    """A separately selectable piece of an expansion (the farmers, the inns, the dragon…)."""

    code = models.SlugField(max_length=40, unique=True)
    expansion = models.ForeignKey(Expansion, on_delete=models.CASCADE, related_name="parts")
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    editions = models.ManyToManyField(Edition, related_name="parts", blank=True)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["expansion__order", "order"]

    def __str__(self) -> str:
        return f"{self.expansion.name}: {self.name}"


class Bundle(models.Model):
    """A box that contains several expansions (Big Box 6…): a quick selection."""

    code = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=120)
    edition = models.ForeignKey(
        Edition, on_delete=models.SET_NULL, null=True, blank=True, related_name="bundles"
    )
    description = models.TextField(blank=True)
    expansions = models.ManyToManyField(Expansion, related_name="bundles", blank=True)
    parts = models.ManyToManyField(Part, related_name="bundles", blank=True)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order", "name"]

    def __str__(self) -> str:
        return self.name


class TileTypeQuerySet(models.QuerySet):
    def of_catalogue_codes(self, codes: list[str]) -> "TileTypeQuerySet":
        """Tiles whose tile file declares one of ``codes``: a part's code takes that part's
        tiles (``river``), an expansion's code the tiles in no part (``base``)."""
        return self.filter(
            models.Q(part__code__in=codes)
            | models.Q(expansion__code__in=codes, part__isnull=True)
        )

    def in_edition(self, edition_code: str) -> "TileTypeQuerySet":
        return self.filter(counts__edition__code=edition_code, counts__count__gt=0)

    def with_related(self) -> "TileTypeQuerySet":
        return self.select_related("expansion", "part").prefetch_related(
            models.Prefetch("counts", queryset=TileCount.objects.select_related("edition"))
        )


class TileType(models.Model):
    """One kind of land tile; copies per edition are in :class:`TileCount`."""

    code = models.CharField(max_length=40, unique=True)
    expansion = models.ForeignKey(Expansion, on_delete=models.PROTECT, related_name="tiles")
    part = models.ForeignKey(
        Part, on_delete=models.PROTECT, null=True, blank=True, related_name="tiles"
    )
    picture = models.CharField(max_length=200, help_text="What the tile shows, in words.")
    edges = models.CharField(max_length=4, help_text="N, E, S, W edges as C/R/F/V.")
    features = models.JSONField(help_text="Cities, roads, fields and centre, as plain data.")
    illustrations = models.JSONField(default=list, blank=True)
    traits = models.JSONField(
        default=list, blank=True,
        help_text="What the tile is beyond its features, as the engine declares (abbey).",
    )
    is_start = models.BooleanField(default=False, help_text="The start tile is one of these.")
    order = models.PositiveSmallIntegerField(default=0)
    # Derived from ``features`` on save, for filtering.
    pennants = models.PositiveSmallIntegerField(default=0, editable=False)
    has_city = models.BooleanField(default=False, editable=False)
    has_road = models.BooleanField(default=False, editable=False)
    has_monastery = models.BooleanField(default=False, editable=False)
    has_garden = models.BooleanField(default=False, editable=False)

    objects = TileTypeQuerySet.as_manager()

    class Meta:
        ordering = ["expansion__order", "order", "code"]

    def __str__(self) -> str:
        return f"{self.code}: {self.picture}"

    def save(self, *args, **kwargs) -> None:
        segments = self.checked().segments
        kinds = {segment.kind for segment in segments}
        self.pennants = sum(
            segment.pennants for segment in segments if segment.kind is FeatureKind.CITY
        )
        self.has_city = FeatureKind.CITY in kinds
        self.has_road = FeatureKind.ROAD in kinds
        self.has_monastery = FeatureKind.MONASTERY in kinds
        self.has_garden = FeatureKind.GARDEN in kinds
        super().save(*args, **kwargs)

    def checked(self) -> TileDefinition:
        """This tile type as the scoring engine reads it (its copies left out); raises the
        engine's :class:`~scoring.engine.tiles.TileDataError` when the data is not a tile."""
        return TileDefinition.from_data(
            {"code": self.code, "picture": self.picture, "edges": self.edges,
             "features": self.features, "illustrations": self.illustrations,
             "start": self.is_start, "traits": self.traits},
            DEFAULT_REGISTRY,
        )

    def clean(self) -> None:
        """The engine checks the tile (an edit in the admin): its message is the error."""
        super().clean()
        try:
            self.checked()
        except TileDataError as error:
            raise ValidationError(str(error)) from None


class TileCount(models.Model):
    """How many copies of a tile type one edition's box holds."""

    tile = models.ForeignKey(TileType, on_delete=models.CASCADE, related_name="counts")
    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="tile_counts")
    count = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["edition__order", "edition__year"]
        constraints = [
            models.UniqueConstraint(fields=["tile", "edition"], name="one_count_per_edition")
        ]

    def __str__(self) -> str:
        return f"{self.tile.code} × {self.count} in {self.edition.code}"
