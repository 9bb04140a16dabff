"""Tile definitions built from plain data, and their rotated views.

The engine knows no tile by heart: it reads the dicts of the catalogue format (see the
header of ``expansions/base/tiles-base.yaml``; the Django side passes the same dicts
read from the database) into :class:`TileDefinition` value objects, grouped in a
:class:`TileSet`. A tile is made of :class:`Segment` s, the pieces of features printed on
it; :meth:`TileDefinition.oriented` gives the view of a tile turned on the table, with
everything the feature graph needs precomputed.

>>> tile = TileDefinition.from_data({
...     "code": "V", "edges": "FFRR", "counts": {"C1": 9, "C2": 8, "C3": 8},
...     "features": [
...         {"kind": "road", "edges": ["S", "W"]},
...         {"kind": "field", "half_edges": ["NW", "NE", "EN", "ES", "SE", "WN"]},
...         {"kind": "field", "half_edges": ["SW", "WS"]},
...     ],
... })
>>> tile
TileDefinition.from_data({'code': 'V', 'edges': 'FFRR', ...})
>>> tile.count(Edition.C2)
8
>>> turned = tile.oriented(90)
>>> turned.edge_string
'RFFR'
>>> turned.segment_at(Location.N)
Segment(kind=FeatureKind.ROAD, locations=(Location.N, Location.W))
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol

from .locations import (
    EDGE_OF_SIDE,
    HALF_EDGES,
    HALVES_OF_SIDE,
    INNER_FIELDS,
    Location,
    Side,
)
from .rules import Edition


class TileDataError(ValueError):
    """Raised when tile data does not describe a consistent tile."""


class EdgeType(enum.Enum):
    """What a tile shows along one of its edges."""

    # Members are singletons compared by identity, so an identity hash is consistent;
    # Enum's own __hash__ runs Python code, and these are dict keys in hot loops.
    __hash__ = object.__hash__

    CITY = "C"
    """A city wall opening: meets only a city edge."""
    ROAD = "R"
    """A road leaving the tile, fields on both sides: meets only a road edge."""
    FIELD = "F"
    """Open field: meets only a field edge."""
    RIVER = "V"
    """A river, fields on both sides: meets only a river edge."""

    @property
    def word(self) -> str:
        """The edge type in prose: ``"city"``, ``"road"``, ``"field"``, ``"river"``."""
        return self.name.lower()

    def __repr__(self) -> str:
        return f"EdgeType.{self.name}"


class FeatureKind(enum.Enum):
    """A kind of feature a figure can stand on and that can be scored."""

    # Members are singletons compared by identity, so an identity hash is consistent;
    # Enum's own __hash__ runs Python code, and these are dict keys in hot loops.
    __hash__ = object.__hash__

    ROAD = "road"
    """Road segments joined end to end."""
    CITY = "city"
    """City segments joined wall to wall."""
    MONASTERY = "monastery"
    """A monastery in the centre of a tile."""
    GARDEN = "garden"
    """A garden in the centre of a tile (C2/C3; only an abbot may stand on it)."""
    FARM = "farm"
    """Field segments joined across tile edges (``field`` in the tile data)."""

    @classmethod
    def from_tile_data(cls, kind: str) -> FeatureKind:
        """Parse the ``kind`` of a tile-data feature; the data says ``field`` for farms.

        >>> FeatureKind.from_tile_data("field")
        FeatureKind.FARM
        """
        if kind == "field":
            return cls.FARM
        try:
            return cls(kind)
        except ValueError:
            raise TileDataError(f"unknown feature kind {kind!r}") from None

    @property
    def is_centre(self) -> bool:
        """Whether this feature sits at the centre ``C`` of its tile."""
        return self in (FeatureKind.MONASTERY, FeatureKind.GARDEN)

    def __repr__(self) -> str:
        return f"FeatureKind.{self.name}"


def _location_key(location: Location) -> int:
    return location.order


@dataclasses.dataclass(frozen=True)
class Segment:
    """One piece of a feature printed on a tile.

    ``locations`` are where it touches the border (edges for roads and cities,
    half-edges for fields, ``C`` or ``I`` at the centre), in location order.
    ``borders`` are, for a field, the indices of the city segments of the same tile whose
    walls it touches. ``attributes`` keeps data the base engine does not use (an inn, a
    cathedral, goods) for expansion rules.
    """

    kind: FeatureKind
    locations: tuple[Location, ...]
    pennants: int = 0
    borders: tuple[int, ...] = ()
    editions: frozenset[Edition] | None = None
    attributes: tuple[tuple[str, Any], ...] = ()
    shares: tuple[Location, ...] = ()
    """City edges this city also reaches at one end, beside the city segment of the same
    tile that owns the edge (``shares_edge`` in the tile data; Hills & Sheep's two
    vineyard tiles with two cities on the north edge): whatever city lies across that
    edge joins both, and the edge is open for both while nothing lies there."""

    def __repr__(self) -> str:
        extras = "".join(
            f", {name}={getattr(self, name)!r}"
            for name in ("pennants", "borders", "editions", "attributes", "shares")
            if getattr(self, name) != _SEGMENT_DEFAULTS[name]
        )
        return f"Segment(kind={self.kind!r}, locations={self.locations!r}{extras})"

    def exists_in(self, edition: Edition | None) -> bool:
        """Whether this segment is printed in ``edition`` (``None`` means any)."""
        return edition is None or self.editions is None or edition in self.editions

    def rotated(self, degrees: int) -> Segment:
        """This segment on a tile turned ``degrees`` clockwise."""
        if degrees % 360 == 0:
            return self
        locations = tuple(
            sorted((location.rotated(degrees) for location in self.locations), key=_location_key)
        )
        shares = tuple(
            sorted((location.rotated(degrees) for location in self.shares), key=_location_key)
        )
        return dataclasses.replace(self, locations=locations, shares=shares)


_SEGMENT_DEFAULTS = {"pennants": 0, "borders": (), "editions": None, "attributes": (),
                     "shares": ()}


@dataclasses.dataclass(frozen=True)
class Landmark:
    """Something printed on a tile that is not a feature (the river, a volcano), of a
    kind an expansion declares: pictures draw it and rules may read it."""

    kind: str
    locations: tuple[Location, ...] = ()
    """The edges it reaches, in location order (none: the centre)."""
    attributes: tuple[tuple[str, Any], ...] = ()

    def attribute(self, name: str) -> Any:
        return dict(self.attributes).get(name)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        if self.locations:
            data["edges"] = [location.value for location in self.locations]
        data.update(self.attributes)
        return data


class TileSchema(Protocol):
    """What tile data may carry beyond the base features: the expansion registry."""

    attributes: Mapping[tuple[FeatureKind, str], Any]
    """Declared segment attributes by (feature kind, name); each has ``values``."""
    landmarks: Mapping[str, Any]
    """Declared landmark kinds by name; each has ``on_edges``, ``edge`` and ``values``."""
    tile_traits: Mapping[str, Any]
    """Declared tile traits by name; each has ``any_edges`` and ``closes``."""
    large_tiles: Mapping[str, Any]
    """Declared tiles covering several squares by code; each has ``squares(x, y,
    rotation)``."""
    tile_states: Mapping[str, Any]
    """Declared per-tile states by name; each has ``variant_of(definition, value)``."""


class _NoExtras:
    attributes: Mapping[tuple[FeatureKind, str], Any] = {}
    landmarks: Mapping[str, Any] = {}
    tile_traits: Mapping[str, Any] = {}
    large_tiles: Mapping[str, Any] = {}
    tile_states: Mapping[str, Any] = {}


NO_EXTRAS: TileSchema = _NoExtras()
"""A schema that allows the base features only."""

ROAD_ENDS = ("village", "monastery", "gate", "house", "centre")
"""What a road that ends on its tile may be drawn ending at (``end``, pictures only;
``centre``: at what the tile prints in its middle, such as a circus)."""


@dataclasses.dataclass(frozen=True)
class TileDefinition:
    """A tile type in its canonical orientation, as the tile data describes it."""

    code: str
    edges: tuple[EdgeType, EdgeType, EdgeType, EdgeType]
    """Edge types in the order N, E, S, W."""
    segments: tuple[Segment, ...]
    counts: tuple[tuple[Edition, int], ...] = ()
    """Copies per edition; an edition not listed has none."""
    expansion: str = "base"
    """The code whose tiles these are (an expansion, or a part with tiles of its own)."""
    start: bool = False
    """Whether the start tile is one of this type's copies."""
    picture: str = ""
    """What the tile shows, in words, as it lies unturned (``"city on the north"``)."""
    landmarks: tuple[Landmark, ...] = ()
    illustrations: tuple[str, ...] = ()
    """Small pictures printed on some copies (no effect on play)."""
    traits: tuple[Any, ...] = ()
    """What the tile type is beyond its features (the abbey), as the registry declares
    them (:class:`~scoring.engine.expansion.TileTrait`); tile data: ``traits: [abbey]``."""

    @property
    def any_edges(self) -> bool:
        """Whether the tile fits whatever the neighbours' edges (an abbey)."""
        return any(trait.any_edges for trait in self.traits)

    @property
    def closes(self) -> bool:
        """Whether nothing joins across the tile's edges (an abbey)."""
        return any(trait.closes for trait in self.traits)

    @functools.cached_property
    def landmark_kinds(self) -> frozenset[str]:
        """The kinds of the landmarks the tile prints, worked out once (scoring asks
        :meth:`has_landmark` of the tiles around figures, board after board)."""
        return frozenset(landmark.kind for landmark in self.landmarks)

    def has_landmark(self, kind: str, **attributes: Any) -> bool:
        """Whether the tile prints a landmark of that kind (with those attributes)."""
        if not attributes:
            return kind in self.landmark_kinds
        return any(
            landmark.kind == kind
            and all(landmark.attribute(key) == value for key, value in attributes.items())
            for landmark in self.landmarks
        )

    def __repr__(self) -> str:
        return (
            f"TileDefinition.from_data({{'code': {self.code!r}, "
            f"'edges': {self.edge_string!r}, ...}})"
        )

    @property
    def edge_string(self) -> str:
        """The edges as in the data, such as ``"CRFR"``."""
        return "".join(edge.value for edge in self.edges)

    def count(self, edition: Edition) -> int:
        """How many copies ``edition`` contains."""
        for counted_edition, number in self.counts:
            if counted_edition is edition:
                return number
        return 0

    def oriented(self, rotation: int, edition: Edition | None = None) -> OrientedTile:
        """The tile turned ``rotation`` degrees clockwise, as printed in ``edition``."""
        key = (rotation % 360, edition)
        cache = self._orientation_cache
        view = cache.get(key)
        if view is None:
            view = cache[key] = OrientedTile(self, key[0], edition)
        return view

    @functools.cached_property
    def _orientation_cache(self) -> dict[tuple[int, Edition | None], OrientedTile]:
        # cached_property stores into the instance dict directly, which a frozen
        # dataclass allows; the cache is not a field, so equality ignores it.
        return {}

    @classmethod
    def from_data(cls, data: Mapping[str, Any], schema: TileSchema = NO_EXTRAS) -> TileDefinition:
        """Build a tile from one dict of the catalogue format, checking it is consistent
        and that it carries nothing ``schema`` (the expansion registry) does not declare.

        >>> TileDefinition.from_data({"code": "Z", "edges": "CFFF", "features": []})
        Traceback (most recent call last):
        ...
        scoring.engine.tiles.TileDataError: tile Z: the city edge N belongs to no city
        """
        code = data.get("code")
        if not isinstance(code, str) or not code:
            raise TileDataError(f"a tile needs a code, got {code!r}")
        try:
            return _tile_from_data(code, data, schema)
        except TileDataError as error:
            raise TileDataError(f"tile {code}: {error}") from None

    @property
    def picture_sides(self) -> str:
        """:attr:`picture` with each compass word as its side's placeholder (``"city on the
        {N}"``), so that a page shows the words of the tile as turned on the board: the
        side ``N`` of a tile turned 180° is its south."""
        return _picture_sides(self.picture)

    def to_data(self) -> dict[str, Any]:
        """The dict of the catalogue format this tile was built from (normalised)."""
        features: list[dict[str, Any]] = [landmark.to_data() for landmark in self.landmarks]
        for segment in self.segments:
            feature: dict[str, Any] = {
                "kind": "field" if segment.kind is FeatureKind.FARM else segment.kind.value
            }
            if segment.kind in (FeatureKind.ROAD, FeatureKind.CITY):
                feature["edges"] = [location.value for location in segment.locations]
            elif segment.kind is FeatureKind.FARM:
                feature["half_edges"] = [location.value for location in segment.locations]
                if segment.borders:
                    feature["cities"] = [
                        "+".join(location.value for location in self.segments[index].locations)
                        for index in segment.borders
                    ]
            if segment.shares:
                feature["shares_edge"] = [location.value for location in segment.shares]
            if segment.pennants:
                feature["pennants"] = segment.pennants
            if segment.editions is not None:
                feature["editions"] = sorted(edition.value for edition in segment.editions)
            feature.update(dict(segment.attributes))
            features.append(feature)
        data: dict[str, Any] = {
            "code": self.code,
            "expansion": self.expansion,
            "edges": self.edge_string,
            "counts": {edition.value: number for edition, number in self.counts},
            "features": features,
        }
        if self.start:
            data["start"] = True
        if self.picture:
            data["picture"] = self.picture
        if self.illustrations:
            data["illustrations"] = list(self.illustrations)
        if self.traits:
            data["traits"] = [trait.name for trait in self.traits]
        return data


_TILE_KEYS = frozenset(
    {"code", "expansion", "edges", "counts", "features", "start", "picture", "illustrations",
     "traits"}
)


def _tile_from_data(code: str, data: Mapping[str, Any], schema: TileSchema) -> TileDefinition:
    unknown_keys = sorted(set(data) - _TILE_KEYS)
    if unknown_keys:
        raise TileDataError(f"unknown key {unknown_keys[0]!r}")
    edge_string = data.get("edges")
    if not isinstance(edge_string, str) or len(edge_string) != 4:
        raise TileDataError(f"edges must be four letters N, E, S, W, got {edge_string!r}")
    try:
        edges = tuple(EdgeType(letter) for letter in edge_string)
    except ValueError:
        raise TileDataError(f"edges must use C, R, F, V, got {edge_string!r}") from None

    raw_features = data.get("features") or []
    if not isinstance(raw_features, list):
        raise TileDataError("features must be a list")
    # First pass: every segment but the fields' city references, which name city
    # segments by their edges and so need all cities first.
    segments: list[Segment] = []
    landmarks: list[Landmark] = []
    city_refs: list[list[str]] = []
    for raw in raw_features:
        if not isinstance(raw, Mapping) or not isinstance(raw.get("kind"), str):
            raise TileDataError(f"a feature needs a kind, got {raw!r}")
        if raw["kind"] in schema.landmarks:
            landmarks.append(_landmark_from_data(raw, edges, schema.landmarks[raw["kind"]]))
            continue
        segment, refs = _segment_from_data(raw, edges, schema)
        segments.append(segment)
        city_refs.append(refs)

    cities_by_name = {
        "+".join(location.value for location in segment.locations): index
        for index, segment in enumerate(segments)
        if segment.kind is FeatureKind.CITY
    }
    for index, refs in enumerate(city_refs):
        if not refs:
            continue
        try:
            borders = tuple(
                sorted({cities_by_name[_normalise_city_name(ref)] for ref in refs})
            )
        except KeyError as missing:
            raise TileDataError(f"a field borders an unknown city segment {missing}") from None
        segments[index] = dataclasses.replace(segments[index], borders=borders)

    raw_traits = data.get("traits") or []
    if not isinstance(raw_traits, list):
        raise TileDataError("traits must be a list of trait names")
    traits = []
    for name in raw_traits:
        trait = schema.tile_traits.get(name) if isinstance(name, str) else None
        if trait is None:
            raise TileDataError(f"unknown trait {name!r}")
        traits.append(trait)
    if not any(trait.closes for trait in traits):
        # A tile that closes its edges joins nothing across them: it needs no field.
        _check_coverage(edges, segments)
    _check_landmark_edges(edges, landmarks, schema)

    raw_counts = data.get("counts") or {}
    if not isinstance(raw_counts, Mapping):
        raise TileDataError("counts must map editions to numbers")
    counts: list[tuple[Edition, int]] = []
    for edition in Edition:
        number = raw_counts.get(edition.value)
        if number is None:
            continue
        if type(number) is not int or number < 0:
            raise TileDataError(f"count for {edition.value} must be a whole number")
        counts.append((edition, number))

    return TileDefinition(
        code=code,
        edges=edges,  # type: ignore[arg-type]
        segments=tuple(segments),
        counts=tuple(counts),
        expansion=str(data.get("expansion") or "base"),
        start=bool(data.get("start", False)),
        picture=str(data.get("picture") or ""),
        landmarks=tuple(landmarks),
        illustrations=tuple(str(name) for name in data.get("illustrations") or ()),
        traits=tuple(traits),
    )


def _landmark_from_data(
    raw: Mapping[str, Any], edges: tuple[EdgeType, ...], kind: Any
) -> Landmark:
    locations: tuple[Location, ...] = ()
    if kind.on_edges:
        locations = _parse_locations(raw.get("edges"), "edges")
        for location in locations:
            if not location.is_edge:
                raise TileDataError(f"a {raw['kind']} reaches whole edges, not {location}")
            if kind.edge is not None and edges[location.edge_side].value != kind.edge:
                raise TileDataError(
                    f"the {raw['kind']} reaches edge {location} but that edge is a "
                    f"{edges[location.edge_side].word}"
                )
    elif "edges" in raw:
        raise TileDataError(f"a {raw['kind']} names no edges")
    attributes = []
    for key, value in raw.items():
        if key in ("kind", "edges"):
            continue
        allowed = kind.values.get(key)
        if allowed is None:
            raise TileDataError(f"a {raw['kind']} has no {key!r}")
        if value not in allowed:
            raise TileDataError(
                f"{key} of a {raw['kind']} must be one of {', '.join(map(str, allowed))}, "
                f"not {value!r}"
            )
        attributes.append((key, value))
    return Landmark(raw["kind"], locations, tuple(sorted(attributes)))


def _check_landmark_edges(
    edges: tuple[EdgeType, ...], landmarks: Sequence[Landmark], schema: TileSchema
) -> None:
    """Every edge of a landmark's edge type belongs to exactly one landmark of that kind
    (each river edge to one river)."""
    for name, kind in schema.landmarks.items():
        if not kind.on_edges or kind.edge is None:
            continue
        reached = [location for landmark in landmarks if landmark.kind == name
                   for location in landmark.locations]
        for side in Side:
            if edges[side].value != kind.edge:
                continue
            count = reached.count(EDGE_OF_SIDE[side])
            if count != 1:
                problem = "belongs to no" if count == 0 else "is in two"
                raise TileDataError(
                    f"the {edges[side].word} edge {EDGE_OF_SIDE[side]} {problem} {name}"
                )


def _normalise_city_name(name: str) -> str:
    if not isinstance(name, str):
        raise TileDataError(f"a city segment is named by its edges, got {name!r}")
    try:
        locations = sorted((Location(part) for part in name.split("+")), key=_location_key)
    except ValueError:
        raise TileDataError(f"bad city segment name {name!r}") from None
    return "+".join(location.value for location in locations)


_KNOWN_FEATURE_KEYS = frozenset(
    {"kind", "edges", "half_edges", "cities", "pennants", "editions", "shares_edge"}
)


def _segment_from_data(
    raw: Mapping[str, Any], edges: tuple[EdgeType, ...], schema: TileSchema
) -> tuple[Segment, list[str]]:
    kind = FeatureKind.from_tile_data(raw["kind"])
    refs: list[str] = []
    shares: tuple[Location, ...] = ()
    if "shares_edge" in raw:
        if kind is not FeatureKind.CITY:
            raise TileDataError(f"a {raw['kind']} shares no edge (only a city does)")
        shares = _parse_locations(raw["shares_edge"], "shares_edge")
        for location in shares:
            if not location.is_edge or edges[location.edge_side] is not EdgeType.CITY:
                raise TileDataError(f"a city shares city edges only, not {location}")
    if kind in (FeatureKind.ROAD, FeatureKind.CITY):
        wanted = EdgeType.ROAD if kind is FeatureKind.ROAD else EdgeType.CITY
        locations = _parse_locations(raw.get("edges"), "edges")
        for location in locations:
            if not location.is_edge:
                raise TileDataError(f"a {kind.value} touches whole edges, not {location}")
            if edges[location.edge_side] is not wanted:
                raise TileDataError(
                    f"the {kind.value} reaches edge {location} but that edge is a "
                    f"{edges[location.edge_side].word}"
                )
    elif kind is FeatureKind.FARM:
        locations = _parse_locations(raw.get("half_edges") or ["I"], "half_edges")
        for location in locations:
            if location in INNER_FIELDS:
                if len(locations) > 1:
                    raise TileDataError("an inner field touches no half-edge")
            elif not location.is_half_edge:
                raise TileDataError(f"a field touches half-edges, not {location}")
            elif edges[location.edge_side] is EdgeType.CITY:
                raise TileDataError(f"half-edge {location} is on a city edge")
        raw_refs = raw.get("cities") or []
        if not isinstance(raw_refs, list):
            raise TileDataError("a field's cities must be a list")
        refs = list(raw_refs)
    else:
        locations = (Location.C,)

    pennants = raw.get("pennants", 0)
    if type(pennants) is not int or pennants < 0:
        raise TileDataError(f"pennants must be a whole number, got {pennants!r}")
    editions = None
    if raw.get("editions") is not None:
        try:
            editions = frozenset(Edition(code) for code in raw["editions"])
        except (TypeError, ValueError):
            raise TileDataError(f"bad editions {raw['editions']!r}") from None
    attributes = []
    for key, value in raw.items():
        if key in _KNOWN_FEATURE_KEYS:
            continue
        if key == "end" and kind is FeatureKind.ROAD and len(locations) == 1:
            allowed: tuple[Any, ...] = ROAD_ENDS  # where the picture ends the road
        else:
            declared = schema.attributes.get((kind, key))
            if declared is None:
                raise TileDataError(f"a {raw['kind']} has no {key!r} (no expansion declares it)")
            allowed = declared.values
        if value not in allowed or type(value) is not type(allowed[0]):
            raise TileDataError(
                f"{key} of a {raw['kind']} must be one of "
                f"{', '.join(str(v).lower() if isinstance(v, bool) else str(v) for v in allowed)}"
                f", not {value!r}"
            )
        attributes.append((key, value))
    segment = Segment(
        kind=kind,
        locations=locations,
        pennants=pennants,
        editions=editions,
        attributes=tuple(sorted(attributes)),
        shares=shares,
    )
    if set(shares) & set(segment.locations):
        raise TileDataError("a city shares an edge it owns")
    return segment, refs


def _parse_locations(raw: object, key: str) -> tuple[Location, ...]:
    if not isinstance(raw, list) or not raw:
        raise TileDataError(f"{key} must be a non-empty list")
    try:
        locations = {Location(name) for name in raw}
    except (TypeError, ValueError):
        raise TileDataError(f"{key} holds an unknown location: {raw!r}") from None
    return tuple(sorted(locations, key=_location_key))


def _check_coverage(edges: tuple[EdgeType, ...], segments: Sequence[Segment]) -> None:
    """Every city or road edge belongs to exactly one segment, every half-edge beside a
    road, field or river to exactly one field: the feature graph relies on it."""
    owners: dict[Location, int] = {}
    for segment in segments:
        for location in segment.locations:
            if location is Location.C or location in INNER_FIELDS:
                continue
            owners[location] = owners.get(location, 0) + 1
    for side in Side:
        edge_location = EDGE_OF_SIDE[side]
        if edges[side] in (EdgeType.CITY, EdgeType.ROAD):
            if owners.get(edge_location, 0) != 1:
                word = edges[side].word
                problem = "belongs to no" if not owners.get(edge_location) else "is in two"
                raise TileDataError(f"the {word} edge {edge_location} {problem} {word}")
        if edges[side] is not EdgeType.CITY:
            for half in HALVES_OF_SIDE[side]:
                if owners.get(half, 0) != 1:
                    raise TileDataError(f"half-edge {half} must belong to exactly one field")


ReadingFact = tuple[Any, ...]
"""What the feature graph reads of one segment, as plain values in a tuple (see
:class:`OrientedTile`): index, kind, kind position, pennants, is a road end, is a centre,
bordered cities, attributes, open sides and plain."""


class OrientedTile:
    """A tile definition turned on the table: the view the feature graph works with.

    Indices refer to :attr:`segments`; ``-1`` means "nothing there".
    """

    __slots__ = (
        "definition", "rotation", "edges", "segments", "side_segment", "side_halves",
        "centre", "reading_order", "rank", "reading_facts", "edge_ranks", "side_ranks",
        "border_links", "figure_ranks", "figure_segments", "joins", "_segment_index",
        "closes", "shared_ranks", "node_count", "carried",
    )

    def __init__(self, definition: TileDefinition, rotation: int, edition: Edition | None):
        self.definition = definition
        self.rotation = rotation
        self.edges: tuple[EdgeType, ...] = tuple(
            definition.edges[(side - rotation // 90) % 4] for side in Side
        )
        kept = [
            index for index, segment in enumerate(definition.segments)
            if segment.exists_in(edition)
        ]
        renumber = {old: new for new, old in enumerate(kept)}
        self.segments: tuple[Segment, ...] = tuple(
            dataclasses.replace(
                definition.segments[old].rotated(rotation),
                borders=tuple(renumber[b] for b in definition.segments[old].borders),
            )
            for old in kept
        )
        self._segment_index: dict[Location, int] = {}
        for index, segment in enumerate(self.segments):
            for location in segment.locations:
                self._segment_index[location] = index
        self.side_segment: tuple[int, ...] = tuple(
            self._segment_index.get(EDGE_OF_SIDE[side], -1)
            if self.edges[side] in (EdgeType.CITY, EdgeType.ROAD) else -1
            for side in Side
        )
        self.side_halves: tuple[tuple[int, int], ...] = tuple(
            (
                self._segment_index.get(HALVES_OF_SIDE[side][0], -1),
                self._segment_index.get(HALVES_OF_SIDE[side][1], -1),
            )
            for side in Side
        )
        self.centre: int = self._segment_index.get(Location.C, -1)
        # Segments sorted by their first location: the order in which features are
        # first met when numbering them.
        self.reading_order: tuple[int, ...] = tuple(
            sorted(range(len(self.segments)), key=lambda i: self.segments[i].locations[0].order)
        )
        # The feature graph numbers the segments of a tile in reading order: ``rank``
        # turns a segment index into that number, and the views below are in ranks.
        rank = [0] * len(self.segments)
        for position, index in enumerate(self.reading_order):
            rank[index] = position
        self.rank: tuple[int, ...] = tuple(rank)
        # What the feature graph reads of each segment, in reading order, as plain values:
        # (index, kind, kind position, pennants, is a road end, is a centre, bordered cities,
        # attributes, open sides and plain (below)).
        # Enum members hash slowly, and this loop runs once per segment of the board.
        kinds = list(FeatureKind)
        self.reading_facts: tuple[ReadingFact, ...] = tuple(
            (
                index,
                segment.kind,
                kinds.index(segment.kind),
                segment.pennants,
                segment.kind is FeatureKind.ROAD and len(segment.locations) == 1,
                segment.kind.is_centre,
                segment.borders,
                segment.attributes,
            )
            for index in self.reading_order
            for segment in (self.segments[index],)
        )
        closes = self.closes = definition.closes
        """Whether nothing joins across this tile's edges (an abbey)."""
        self.edge_ranks: tuple[int, ...] = tuple(
            rank[index] if index >= 0 and not closes else -1 for index in self.side_segment
        )
        """By side: rank of the road or city on that edge, or ``-1``."""
        shared: tuple[list[int], ...] = ([], [], [], [])
        if not closes:
            for index, segment in enumerate(self.segments):
                for location in segment.shares:
                    shared[location.edge_side].append(rank[index])
        self.shared_ranks: tuple[tuple[int, ...], ...] = tuple(map(tuple, shared))
        """By side: ranks of the cities that share that edge with the one owning it
        (:attr:`Segment.shares`); empty on almost every tile."""
        # The sides where each segment is open while no tile lies across (its road or
        # city edge, or an edge it shares), appended to its reading facts: the feature
        # graph counts open edges only for the features it builds.
        # Last, whether the segment has nothing for the graph to count but its square.
        open_sides = [
            tuple(side for side in range(4) if self.edge_ranks[side] == position)
            + tuple(side for side in range(4) if position in self.shared_ranks[side])
            for position in range(len(self.reading_facts))
        ]
        self.reading_facts = tuple(
            (*fact, sides, not (fact[3] or fact[4] or fact[5] or fact[7] or sides))
            for fact, sides in zip(self.reading_facts, open_sides, strict=True)
        )
        carried: dict[str, list[int]] = {}
        for position, fact in enumerate(self.reading_facts):
            for key, _ in fact[7]:
                ranks = carried.setdefault(key, [])
                if position not in ranks:
                    ranks.append(position)
        self.carried: dict[str, tuple[int, ...]] = {
            key: tuple(ranks) for key, ranks in carried.items()
        }
        """By attribute name, the ranks of the segments that carry it (an inn, goods)."""
        self.node_count: int = len(self.reading_facts)
        """How many segments the tile has in the edition (nodes of the feature graph)."""
        self.side_ranks: tuple[tuple[int, ...], ...] = tuple(
            tuple(rank[index] if index >= 0 and not closes else -1
                  for index in (self.side_segment[side], *self.side_halves[side]))
            for side in Side
        )
        """By side: ranks of the road or city on that edge and of the fields on its two
        halves (west or north end first), ``-1`` where there is none or where the tile
        closes its edges (an abbey joins nothing)."""
        self.border_links: tuple[tuple[int, int], ...] = tuple(
            (rank[index], rank[city])
            for index, segment in enumerate(self.segments)
            for city in segment.borders
        )
        """(field rank, city rank) for every city wall a field of this tile touches."""
        self.figure_ranks: dict[Location, int] = {}
        """Rank of the segment a figure at each location stands on (see
        :meth:`segment_index`), for the locations where a figure can stand."""
        self.figure_segments: dict[Location, Segment] = {}
        """The segment a figure at each location stands on (see :meth:`segment_at`)."""
        for location in Location:
            index = self.segment_index(location)
            if index >= 0:
                self.figure_ranks[location] = rank[index]
                self.figure_segments[location] = self.segments[index]
        self.joins: tuple[dict[OrientedTile, tuple[tuple[int, int], ...]], ...] = (
            {}, {}, {}, {},
        )
        """Filled by the feature graph: by side, then by the oriented tile across it, the
        (rank here, rank there) pairs of segments joined across that edge."""

    def __repr__(self) -> str:
        return f"{self.definition!r}.oriented({self.rotation})"

    @property
    def code(self) -> str:
        return self.definition.code

    @property
    def edge_string(self) -> str:
        """The edges after rotation, N, E, S, W."""
        return "".join(edge.value for edge in self.edges)

    def segment_index(self, location: Location) -> int:
        """Index of the segment a figure at ``location`` stands on, or ``-1``.

        ``N``/``E``/``S``/``W`` name only the road or city on that edge; a half-edge
        names only a field; ``C`` only a monastery or garden.
        """
        index = self._segment_index.get(location, -1)
        if index >= 0 and location.is_edge and self.segments[index].kind is FeatureKind.FARM:
            return -1
        return index

    def segment_at(self, location: Location) -> Segment | None:
        """The segment a figure at ``location`` stands on, if any."""
        index = self.segment_index(location)
        return self.segments[index] if index >= 0 else None


class TileSet(Mapping[str, TileDefinition]):
    """All known tile types by code, built from catalogue data.

    >>> tiles = TileSet.from_data([{"code": "B", "edges": "FFFF", "features": [
    ...     {"kind": "monastery"},
    ...     {"kind": "field", "half_edges": ["NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN"]},
    ... ]}])
    >>> tiles
    TileSet(['B'])
    >>> tiles["B"].oriented(0).segment_at(Location.C).kind
    FeatureKind.MONASTERY
    """

    def __init__(self, definitions: Iterable[TileDefinition], registry: Any = None):
        self.registry = registry
        """The expansion registry the tiles were checked against, which the engine
        scores them with (``None``: the tiles can be read but not scored)."""
        self._tiles: dict[str, TileDefinition] = {}
        for definition in definitions:
            if definition.code in self._tiles:
                raise TileDataError(f"tile code {definition.code} appears twice")
            self._tiles[definition.code] = definition
        self._orientations: dict[Edition | None, dict[str, tuple[OrientedTile, ...]]] = {}
        self._in_play: dict[tuple[Edition | None, frozenset[str]], frozenset[str]] = {}
        self._counts: dict[Edition, dict[str, int]] = {}
        self._turned: dict[tuple[Edition | None, frozenset[str]],
                           dict[tuple[str, int], OrientedTile]] = {}

    @classmethod
    def from_data(cls, data: Iterable[Mapping[str, Any]], registry: Any = None) -> TileSet:
        """Build a tile set from dicts of the catalogue format, checked against what the
        ``registry`` declares."""
        schema = registry if registry is not None else NO_EXTRAS
        return cls((TileDefinition.from_data(item, schema) for item in data), registry)

    @classmethod
    def from_yaml(cls, *paths: str, registry: Any = None) -> TileSet:
        """Build a tile set from tile files (see :func:`read_tile_file`)."""
        return cls.from_data(
            [tile for path in paths for tile in read_tile_file(path)], registry
        )

    def __getitem__(self, code: str) -> TileDefinition:
        return self._tiles[code]

    def __iter__(self) -> Iterator[str]:
        return iter(self._tiles)

    def __len__(self) -> int:
        return len(self._tiles)

    def __repr__(self) -> str:
        return f"TileSet({list(self._tiles)!r})"

    def orientations(self, edition: Edition | None) -> dict[str, tuple[OrientedTile, ...]]:
        """For each code, the tile turned 0, 90, 180 and 270 degrees in ``edition``."""
        table = self._orientations.get(edition)
        if table is None:
            table = {
                code: tuple(definition.oriented(rotation, edition)
                            for rotation in (0, 90, 180, 270))
                for code, definition in self._tiles.items()
            }
            self._orientations[edition] = table
        return table

    def lay(
        self, code: str, x: int, y: int, rotation: int = 0,
        state: tuple[tuple[str, Any], ...] = (), edition: Edition | None = None,
    ) -> list[tuple[int, int, OrientedTile]]:
        """The squares a placed tile covers, each with its turned tile: one square, or
        the pieces of a large tile; with ``state``, the tile as that state leaves it.
        The code must be a tile or a large tile the registry declares."""
        schema = self.registry if self.registry is not None else NO_EXTRAS
        large = schema.large_tiles.get(code)
        if large is not None:
            return [(px, py, self.turned(piece, rotation, state, edition))
                    for px, py, piece in large.squares(x, y, rotation)]
        return [(x, y, self.turned(code, rotation, state, edition))]

    def turned(
        self, code: str, rotation: int, state: tuple[tuple[str, Any], ...] = (),
        edition: Edition | None = None,
    ) -> OrientedTile:
        """Tile ``code`` turned ``rotation`` degrees, with its ``state`` applied."""
        if not state:
            return self.orientations(edition)[code][rotation // 90]
        definition = self._tiles[code]
        states = self.registry.tile_states
        for name, value in state:
            definition = states[name].variant_of(definition, value)
        return definition.oriented(rotation, edition)

    def counts(self, edition: Edition) -> dict[str, int]:
        """How many copies of each tile ``edition`` contains, by code."""
        counts = self._counts.get(edition)
        if counts is None:
            counts = self._counts[edition] = {
                code: definition.count(edition) for code, definition in self._tiles.items()
            }
        return counts

    def codes_in_play(self, edition: Edition | None, expansions: frozenset[str]) -> frozenset[str]:
        """Codes of the tiles that ``edition`` has (any edition when ``None``) and that
        belong to one of ``expansions`` (the base game's code is ``"base"``)."""
        key = (edition, expansions)
        codes = self._in_play.get(key)
        if codes is None:
            codes = self._in_play[key] = frozenset(
                code for code, definition in self._tiles.items()
                if definition.expansion in expansions
                and (edition is None or definition.count(edition) > 0)
            )
        return codes

    def turned_in_play(
        self, edition: Edition | None, codes: frozenset[str]
    ) -> dict[tuple[str, int], OrientedTile]:
        """Tiles ``codes`` (those of :meth:`codes_in_play`) turned each way in
        ``edition``, by ``(code, degrees)``: one lookup tells the validator that a
        request's tile may be laid and gives it turned."""
        key = (edition, codes)
        table = self._turned.get(key)
        if table is None:
            if len(self._turned) >= 64:
                # One table per combination of expansions requests choose, four entries
                # a tile each: keep the memory bounded whatever requests arrive.
                self._turned.clear()
            orientations = self.orientations(edition)
            table = self._turned[key] = {
                (code, rotation): orientations[code][rotation // 90]
                for code in codes for rotation in (0, 90, 180, 270)
            }
        return table

    def to_data(self) -> list[dict[str, Any]]:
        """The catalogue dicts of all tiles (normalised)."""
        return [definition.to_data() for definition in self._tiles.values()]


def read_tile_file(path: str) -> list[dict[str, Any]]:
    """The tile dicts of one tile file: a mapping ``{expansion: CODE, tiles: [...]}``
    whose tiles all belong to ``CODE`` (each dict gets its ``expansion``)."""
    import yaml  # only needed by callers that read files

    with open(path, encoding="utf-8") as stream:
        content = yaml.safe_load(stream)
    if not isinstance(content, Mapping) or not isinstance(content.get("tiles"), list):
        raise TileDataError(f"{path}: a tile file is a mapping with 'expansion' and 'tiles'")
    expansion = content.get("expansion")
    if not isinstance(expansion, str) or not expansion:
        raise TileDataError(f"{path}: the file must say which expansion its tiles belong to")
    tiles = []
    for item in content["tiles"]:
        if not isinstance(item, Mapping):
            raise TileDataError(f"{path}: a tile must be a mapping, got {item!r}")
        if item.get("expansion", expansion) != expansion:
            raise TileDataError(
                f"{path}: tile {item.get('code')} says it belongs to {item['expansion']}, "
                f"the file to {expansion}"
            )
        tiles.append({**item, "expansion": expansion})
    return tiles


__all__ = [
    "EdgeType", "FeatureKind", "HALF_EDGES", "Landmark", "OrientedTile", "Segment",
    "TileDataError", "TileDefinition", "TileSet", "read_tile_file",
]


_COMPASS_WORD = re.compile(r"\b(" + "|".join(side.word for side in Side) + r")\b")
_SIDE_OF_WORD = {side.word: side.name for side in Side}


@functools.cache
def _picture_sides(picture: str) -> str:
    """The picture's words with its compass words as side placeholders.

    >>> _picture_sides("road from west to south, city in the north-east corner")
    'road from {W} to {S}, city in the {N}-{E} corner'
    """
    return _COMPASS_WORD.sub(lambda match: f"{{{_SIDE_OF_WORD[match[1]]}}}", picture)
