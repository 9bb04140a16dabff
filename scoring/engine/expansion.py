"""How an expansion plugs into the engine: one declaration, read by everything else.

An expansion (or the base game) is declared once, in ``expansions/<module>/__init__.py``, as an
:class:`Expansion`. Everything it brings is a value of :mod:`.declarations` (this module
hands them all on, so ``from scoring.engine.expansion import FigureKind`` works):

- :class:`FigureKind` — a figure a player owns, with its limit, its strength in a
  majority and where it may stand (:class:`Placement`);
- :class:`SegmentAttribute` and :class:`LandmarkKind` — what its tiles may carry in the
  tile data (an inn on a road, goods in a city, the river), checked when tiles load;
- :class:`ScoreModifier` — changes the value of a feature the base scoring computed
  (an inn doubles a road), instead of replacing its scorer;
- :class:`PlayerBonus` — points per player that belong to no feature (trade goods);
- :class:`PlayerTokens` — counters a player brings in the request (goods tokens);
- :class:`PlayPoints` — points handed out during play outside a feature's scoring
  (the fairy's point at the start of a turn), which the score pad offers;
- :class:`LayoutRule`, :class:`FigureRule`, :class:`BoardCheck` — checks the validator
  calls on the placed tiles, on each figure, and on the finished feature graph;
- :class:`RuleOption` — a rule the players choose, with its labels.

The hooks that the next expansions need, each a small value of this module too:

- ``FigureKind.strength_of`` — strength as a function of the feature (a mayor counts
  the pennants of its city); ``FigureKind.follower`` — whether the kind is a follower
  (a wagon is, a builder, pig or barn is not), which ``Placement.beside_follower`` reads;
- :class:`NeutralFigure` — a figure no player owns (mage, witch, fairy, dragon), listed
  under the request's ``neutral`` and handed to modifiers on ``Feature.neutral``;
- ``FigureKind.stands`` = :attr:`Stand.CORNER` — a figure on the corner where four tiles
  meet (the barn), in the field there;
- :class:`TileTrait` — tiles that ignore edge matching and close what they touch (abbey);
- :class:`LargeTile` with :class:`District` — one tile that covers several squares (the
  City of Carcassonne), with named districts where figures stand;
- :class:`Space` on a :class:`LandmarkKind` — a place printed on a tile where players'
  figures stand off the features (an acrobat space);
- :class:`TileState` — per-tile state the player enters (``tiles[].state``: a ferry, a
  bridge), declared with its allowed values (``refuses`` for values some tiles cannot
  take);
- :class:`Conversion` — a completed city a token turns into something else (a castle),
  which farms and the king then no longer count as a completed city;
- :class:`CityWeight` — how many times a completed city counts for the farms around it
  (a besieged city: twice);
- :class:`TieBreak` — who wins a tied majority (hills);
- :class:`PlayerTokens` — what a player holds off the board: counters (goods, gold),
  flags (the king tile), with limits per player and in all;
- :class:`AreaBonus` — points counted over the 3×3 squares around a tile (vineyards);
- :class:`ScoreTransform` — a change of a feature's points after the modifiers (the
  witch halves them, rounded up);
- :class:`Passage` — two neutral figures of one kind that join the features they stand
  on into one (tunnel tokens joining two roads), whose openings stay open ends until
  paired.

The request fields these hooks add (the rest of the format is unchanged):

- ``neutral``: ``[{"kind": "witch", "x": 1, "y": 0, "at": "N"}]`` (no ``at`` for a
  figure that stands on a tile);
- ``figures[].at`` of a corner kind: ``NE``, ``SE``, ``SW`` or ``NW``, the corner of the
  tile at ``x``, ``y``; of a figure in a district: the district's name; of a figure on
  a :class:`Space`: the landmark's name (``acrobats``);
- ``tiles[].tile`` may name a large tile, laid once at the square of its piece (0, 0);
- ``tiles[].state``: ``{"<state name>": <value>}``;
- ``players[].<tokens name>``: ``{"<kind>": <count>}``, or ``{"<kind>": true}`` for flags.

What a set of codes puts in play is resolved once (:meth:`ExpansionRegistry.in_play`):
a hook of an expansion not in play costs nothing when scoring. The final scoring runs
the ordered :attr:`InPlay.steps` (:class:`ScoringStep`), which a page can list.

An :class:`Expansion` may have parts (Inns & Cathedrals has five): listing the
expansion puts all its parts in play, listing a part puts that part and the expansion's
tiles in play. :class:`ExpansionRegistry` holds the known expansions and answers, for a
list of codes, what is in play (:class:`InPlay`). The registry is handed to the engine
with the tile set (see :class:`~scoring.engine.tiles.TileSet`); the engine's core never
names an expansion, a figure kind or a tile.

>>> from scoring.engine.expansions import DEFAULT_REGISTRY as registry
>>> registry.default_codes(Edition.C1)
('farmers',)
>>> registry.default_codes(Edition.C3) == registry.default_codes(Edition.C2)
True
>>> in_play = registry.in_play(["river"])
>>> sorted(in_play.tile_groups)
['base', 'river']
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import heapq
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .declarations import (
    CORNERS,
    AreaBonus,
    BoardCheck,
    CityWeight,
    Conversion,
    District,
    FigureKind,
    FigureRule,
    LandmarkKind,
    LargeTile,
    LayoutRule,
    Modify,
    NeutralFigure,
    Passage,
    Placement,
    PlayerBonus,
    PlayerTokens,
    PlayPoints,
    ScoreModifier,
    ScoreTransform,
    SegmentAttribute,
    Space,
    Stand,
    StrengthOf,
    TieBreak,
    TileState,
    TileTrait,
    Valuation,
    WhenMissing,
    first_sentence,
)
from .messages import Message, Param, PlayerRef, Text, placeholders
from .outputs import Output
from .problems import ProblemCode
from .results import COLOR_NAME as _COLOR_NAME
from .results import figure_counts, majority
from .rules import Edition, RuleOption
from .tiles import FeatureKind
from .wording import API_WORDING, Wording

if TYPE_CHECKING:
    from .board import Color, PlacedTile
    from .features import Feature, FeatureGraph
    from .results import FeatureResult


__all__ = [
    "AreaBonus",
    "BASE",
    "BoardCheck",
    "BoardView",
    "CORNERS",
    "CityWeight",
    "Conversion",
    "District",
    "Expansion",
    "ExpansionRegistry",
    "FigureKind",
    "FigureRule",
    "InPlay",
    "LandmarkKind",
    "LargeTile",
    "LayoutRule",
    "Modify",
    "NeutralFigure",
    "Part",
    "Passage",
    "Placement",
    "PlayerBonus",
    "PlayerTokens",
    "PlayPoints",
    "ScoreModifier",
    "ScoreTransform",
    "ScoringContext",
    "ScoringStep",
    "SegmentAttribute",
    "Space",
    "Stand",
    "StepAction",
    "StrengthOf",
    "TieBreak",
    "TileState",
    "TileTrait",
    "Valuation",
    "WhenMissing",
    "registration_order",
]

BASE = "base"
"""The code of the base game, always in play."""


@dataclasses.dataclass(frozen=True)
class BoardView:
    """What a :class:`BoardCheck` reads: the request and its feature graph."""

    request: Any
    graph: FeatureGraph
    in_play: InPlay
    in_districts: tuple[bool, ...] = ()
    """For each entry of the request's ``figures``, in its order, whether it stands in a
    district or on a space (``request.board.districts``) rather than on a feature
    (``request.board.figures``): the parsed board keeps the two apart, and an error's
    path names the entry as the player wrote it."""

    def figure_path(self, index: int, *, district: bool = False) -> str:
        """The request path of ``request.board.figures[index]`` (of
        ``request.board.districts[index]`` with ``district``)."""
        seen = -1
        for position, apart in enumerate(self.in_districts):
            if apart == district:
                seen += 1
                if seen == index:
                    return f"figures[{position}]"
        return f"figures[{index}]"


@dataclasses.dataclass(frozen=True)
class Part:
    """A piece of an expansion that can be put in play on its own, and what it brings."""

    code: str
    name: str
    editions: frozenset[Edition] = frozenset(Edition)
    figure_kinds: tuple[FigureKind, ...] = ()
    placements: tuple[Placement, ...] = ()
    scorers: tuple[tuple[FeatureKind, Callable[..., Iterable[FeatureResult]]], ...] = ()
    """Scorers of feature kinds the part makes scorable (the farmers score farms)."""
    modifiers: tuple[ScoreModifier, ...] = ()
    bonuses: tuple[PlayerBonus, ...] = ()
    tokens: tuple[PlayerTokens, ...] = ()
    attributes: tuple[SegmentAttribute, ...] = ()
    landmarks: tuple[LandmarkKind, ...] = ()
    layout_rules: tuple[LayoutRule, ...] = ()
    figure_rules: tuple[FigureRule, ...] = ()
    board_checks: tuple[BoardCheck, ...] = ()
    rule_options: tuple[RuleOption, ...] = ()
    neutral_figures: tuple[NeutralFigure, ...] = ()
    tile_traits: tuple[TileTrait, ...] = ()
    large_tiles: tuple[LargeTile, ...] = ()
    tile_states: tuple[TileState, ...] = ()
    tie_breaks: tuple[TieBreak, ...] = ()
    conversions: tuple[Conversion, ...] = ()
    """Completed cities a token turns into something else (castles)."""
    city_weights: tuple[CityWeight, ...] = ()
    """How many times a completed city counts for the farms around it (besieged
    cities)."""
    area_bonuses: tuple[AreaBonus, ...] = ()
    transforms: tuple[ScoreTransform, ...] = ()
    passages: tuple[Passage, ...] = ()
    """Pairs of neutral figures that join the features they stand on (tunnels)."""
    play_points: tuple[PlayPoints, ...] = ()
    """Points its rules hand out during play outside a feature's scoring (the score
    pad offers them; the final scoring takes them as points already scored)."""
    start_tiles: tuple[str, ...] = ()
    """Tile codes a game with this part in play starts from (the spring), by
    preference; the first one the edition has is used."""
    in_play_by_default: bool = False
    """Whether it is in play when a request does not list expansions."""
    outputs: tuple[Output, ...] = ()
    """What its rules add to the response (see :mod:`~scoring.engine.outputs`)."""
    title: str = ""
    """How the catalogue and the site's pages name it, when not ``name`` (which messages
    use, as in "add the large meeple")."""
    other_editions: tuple[str, ...] = ()
    """Catalogue codes of editions that have it besides those the calculator scores
    (the Winter Edition)."""
    reaches_laid_tiles: bool = False
    """Whether its rules put figures on tiles already on the table (the magic portal
    places a follower on any unfinished feature): figure rules about the moment a tile
    is laid (``FigureRule.laying_only``) then do not hold at the end."""

    @property
    def catalogue_name(self) -> str:
        return self.title or self.name

    @property
    def printings(self) -> dict[Edition, Edition]:
        """For each edition whose table plays it, the printing it plays
        (:meth:`Edition.printing_of`): ``{C1: C1, C2: C2, C3: C2}`` for The Tower."""
        found = {}
        for edition in Edition:
            printing = edition.printing_of(self.editions)
            if printing is not None:
                found[edition] = printing
        return found

    @property
    def catalogue_editions(self) -> tuple[str, ...]:
        """Every edition that has it, by catalogue code, in edition order."""
        return (*(edition.value for edition in Edition if edition in self.editions),
                *self.other_editions)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, name={self.name!r})"


@dataclasses.dataclass(frozen=True, repr=False)
class Expansion(Part):
    """An expansion (or the base game): its own rules, its parts and its tiles."""

    parts: tuple[Part, ...] = ()
    after: tuple[str, ...] = ()
    """Codes of the expansions this one is registered after (see :func:`registration_order`):
    wherever the registry goes through expansions in order (the parts in play, their
    figures, scoring steps, bonuses and listings), theirs come first. Every expansion comes
    after the base game without naming it."""

    @property
    def members(self) -> tuple[Part, ...]:
        """The expansion itself and its parts."""
        return (self, *self.parts)


def registration_order(expansions: Iterable[Expansion]) -> tuple[Expansion, ...]:
    """The expansions in the order a registry takes them: the base game first, then each
    expansion once every one its ``after`` names is placed, the lowest code first among
    those ready (so the order does not depend on how the expansions were found). Refuses a
    code named in ``after`` that is not among them, and expansions that wait for each
    other."""
    by_code = {expansion.code: expansion for expansion in expansions}
    waits_for = {code: {BASE, *expansion.after} - {code} if code != BASE else set()
                 for code, expansion in by_code.items()}
    for code, names in waits_for.items():
        unknown = sorted(names - set(by_code))
        if unknown:
            raise ValueError(f"expansion {code} comes after {', '.join(unknown)}, which is "
                             "not registered")
    ordered: list[Expansion] = []
    ready = [code for code, names in waits_for.items() if not names]
    heapq.heapify(ready)
    while ready:
        code = heapq.heappop(ready)
        ordered.append(by_code[code])
        for other, names in waits_for.items():
            if code in names:
                names.discard(code)
                if not names:
                    heapq.heappush(ready, other)
    if len(ordered) < len(by_code):
        waiting = sorted(set(by_code) - {expansion.code for expansion in ordered})
        raise ValueError(f"expansions {', '.join(waiting)} each come after another of them")
    return tuple(ordered)


class StepAction(enum.Enum):
    """What the scorer does at a :class:`ScoringStep`."""

    FEATURES = "features"
    """Score the occupied features of one kind (``subject``: the
    :class:`~scoring.engine.tiles.FeatureKind`), each valued, then changed by the
    modifiers, area bonuses and tie-breaks listed in ``details``."""
    TRANSFORM = "transform"
    """Change the points of the features scored so far (``subject``: the
    :class:`ScoreTransform`)."""
    BONUS = "bonus"
    """Score a bonus that belongs to no feature (``subject``: the :class:`PlayerBonus`)."""


@dataclasses.dataclass(frozen=True)
class ScoringStep:
    """One step of the final scoring, in the order the scorer applies them.

    ``code`` is stable (``"features-road"``, ``"inns.inn-on-road"``,
    ``"trade-goods.trade_goods"``), ``title`` a short sentence for a page, ``expansion``
    and ``part`` the codes that bring it. A page lists ``InPlay.steps`` with their
    ``details`` (what changes a feature's value inside a features step).
    """

    code: str
    title: str
    expansion: str
    part: str
    action: StepAction
    subject: Any = dataclasses.field(default=None, compare=False, repr=False)
    details: tuple[ScoringStep, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The step as a page reads it."""
        data: dict[str, Any] = {"code": self.code, "title": self.title,
                                "expansion": self.expansion, "part": self.part,
                                "action": self.action.value}
        if self.details:
            data["details"] = [detail.to_json() for detail in self.details]
        return data


_KIND_TITLES = {
    FeatureKind.ROAD: "Roads", FeatureKind.CITY: "Cities", FeatureKind.MONASTERY: "Monasteries",
    FeatureKind.GARDEN: "Gardens", FeatureKind.FARM: "Farms",
}


def _step_code(part: Part, function: Callable[..., Any]) -> str:
    return f"{part.code}.{getattr(function, '__name__', 'rule').replace('_', '-')}"


def _merged(parts: Iterable[Part], name: str) -> tuple[Any, ...]:
    """A field of every part, concatenated, each value once (parts may share a rule)."""
    seen: dict[int, Any] = {}
    for part in parts:
        for item in getattr(part, name):
            seen.setdefault(id(item), item)
    return tuple(seen.values())


@dataclasses.dataclass(frozen=True, eq=False)
class InPlay:
    """What a set of listed codes puts in play, combined once and kept."""

    parts: tuple[Part, ...]
    """The base game, the listed parts and every part of a listed expansion."""
    tile_groups: frozenset[str]
    """Codes of the expansions whose tiles are in play."""
    listed: tuple[str, ...]
    """The codes as a request gives them, normalised (registry order, no repeats, no
    base game)."""
    expansion_of: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """The expansion code of each part in play (itself for an expansion)."""

    @functools.cached_property
    def steps(self) -> tuple[ScoringStep, ...]:
        """The final scoring in order: the features of each kind but farms, each with
        its modifiers, area bonuses and tie-breaks; then the score transforms; then the
        farms; then the bonuses that belong to no feature. The scorer runs them in this
        order, and a page can list them for this set of codes."""
        owner = self.expansion_of

        def step(part: Part, code: str, title: str, action: StepAction, subject: Any = None,
                 details: tuple[ScoringStep, ...] = ()) -> ScoringStep:
            return ScoringStep(code, title, owner.get(part.code, part.code), part.code,
                               action, subject, details)

        def details(kind: FeatureKind) -> tuple[ScoringStep, ...]:
            found = []
            for part in self.parts:
                for modifier in part.modifiers:
                    if modifier.feature is kind:
                        found.append(step(part, _step_code(part, modifier.apply),
                                          modifier.step_title, StepAction.FEATURES, modifier))
                for area in part.area_bonuses:
                    if area.feature is kind:
                        found.append(step(part, f"{part.code}.{area.word.replace(' ', '-')}",
                                          area.step_title, StepAction.FEATURES, area))
                for tie_break in part.tie_breaks:
                    if kind in tie_break.features:
                        found.append(step(part, _step_code(part, tie_break.decide),
                                          tie_break.step_title, StepAction.FEATURES, tie_break))
                if kind is FeatureKind.FARM:
                    for weight in part.city_weights:
                        found.append(step(part, _step_code(part, weight.weight),
                                          weight.step_title, StepAction.FEATURES, weight))
            return tuple({detail.code: detail for detail in found}.values())

        scorer_part = {kind: part for part in self.parts for kind, _ in part.scorers}
        steps: list[ScoringStep] = []
        farms: list[ScoringStep] = []
        for kind in FeatureKind:
            part = scorer_part.get(kind)
            if part is None:
                continue
            scorer = self.scorers[kind]
            title = f"{_KIND_TITLES.get(kind, kind.value)}: {first_sentence(scorer)}"
            made = step(part, f"features-{kind.value}", title, StepAction.FEATURES, kind,
                        details(kind))
            (farms if kind is FeatureKind.FARM else steps).append(made)
        seen: set[int] = set()
        for part in self.parts:
            for transform in part.transforms:
                if id(transform) not in seen:
                    seen.add(id(transform))
                    steps.append(step(part, _step_code(part, transform.apply),
                                      transform.step_title, StepAction.TRANSFORM, transform))
        steps += farms
        for part in self.parts:
            for bonus in part.bonuses:
                if id(bonus) not in seen:
                    seen.add(id(bonus))
                    steps.append(step(part, f"{part.code}.{bonus.key}", bonus.step_title,
                                      StepAction.BONUS, bonus))
        return tuple(steps)

    @functools.cached_property
    def codes(self) -> frozenset[str]:
        return self.part_codes | self.tile_groups

    @functools.cached_property
    def part_codes(self) -> frozenset[str]:
        """Codes of the parts in play (a set: comparing parts compares every field)."""
        return frozenset(part.code for part in self.parts)

    def __contains__(self, code: object) -> bool:
        return code in self.part_codes

    @functools.cached_property
    def figure_kinds(self) -> dict[str, FigureKind]:
        return {kind.code: kind for kind in _merged(self.parts, "figure_kinds")}

    @functools.cached_property
    def strengths(self) -> dict[str, int]:
        return {code: kind.strength for code, kind in self.figure_kinds.items()}

    @functools.cached_property
    def placements(self) -> dict[tuple[str, FeatureKind], Placement]:
        """Where figures may stand: (figure, feature) -> placement."""
        codes = self.codes
        return {
            (placement.figure, placement.feature): placement
            for placement in _merged(self.parts, "placements")
            if all(code in codes for code in placement.needs)
        }

    @functools.cached_property
    def scorers(self) -> dict[FeatureKind, Callable[..., Iterable[FeatureResult]]]:
        table: dict[FeatureKind, Callable[..., Iterable[FeatureResult]]] = {}
        for part in self.parts:
            table.update(dict(part.scorers))
        return table

    @functools.cached_property
    def modifiers_by_kind(self) -> dict[FeatureKind, tuple[Modify, ...]]:
        """The modifiers and area bonuses in play, by feature kind (the scorers read it
        once per feature)."""
        modifiers = _merged(self.parts, "modifiers")
        areas = _merged(self.parts, "area_bonuses")
        return {
            kind: (*(m.apply for m in modifiers if m.feature is kind),
                   *(area.modify for area in areas if area.feature is kind))
            for kind in FeatureKind
        }

    @functools.cached_property
    def plain_kinds(self) -> frozenset[FeatureKind]:
        """The feature kinds that no hook in play reaches when scoring: no modifier or
        area bonus, no tie-break, and no figure kind in play that may stand on them
        whose strength depends on the feature, that a feature lists by colour, or that
        converts a feature (a farm is reached by any conversion or city weight: it counts
        the converted or weighted cities it borders). Their scorers value a feature
        straight from the base rules, which gives the same result as asking every hook,
        for a fraction of the work (rules not in play cost nothing)."""
        hooked = {*self.strength_functions, *self.listed_kinds, *self.conversions}
        reached = {kind for figure, kind in self.placements if figure in hooked}
        if self.conversions or self.city_weights:
            reached.add(FeatureKind.FARM)
        modifiers, tie_breaks = self.modifiers_by_kind, self._tie_breaks
        return frozenset(kind for kind in FeatureKind
                         if not modifiers[kind] and not tie_breaks[kind] and kind not in reached)

    @functools.cached_property
    def play_points(self) -> dict[str, PlayPoints]:
        """The points handed out during play by the parts in play, by code."""
        return {points.code: points for points in _merged(self.parts, "play_points")}

    @functools.cached_property
    def strength_functions(self) -> dict[str, StrengthOf]:
        """Figure kinds whose strength depends on the feature, with how (the mayor)."""
        return {code: kind.strength_of for code, kind in self.figure_kinds.items()
                if kind.strength_of is not None}

    @functools.cached_property
    def followers(self) -> frozenset[str]:
        """The figure kinds in play that are followers."""
        return frozenset(code for code, kind in self.figure_kinds.items() if kind.follower)

    def beside(self, placement: Placement) -> tuple[str, ...]:
        """The figure kinds in play that a figure of ``placement`` may join: its
        ``beside`` kinds and, with ``beside_follower``, every follower kind in play that
        may stand on the same feature kind (a builder on a road: meeple, large meeple,
        wagon)."""
        found = self._beside.get(placement)
        if found is None:
            kinds = list(placement.beside)
            if placement.beside_follower:
                kinds += [code for code in self.followers_in_order
                          if (code, placement.feature) in self.placements and code not in kinds]
            found = self._beside[placement] = tuple(kinds)
        return found

    @functools.cached_property
    def _beside(self) -> dict[Placement, tuple[str, ...]]:
        return {}

    @functools.cached_property
    def followers_in_order(self) -> tuple[str, ...]:
        """The follower kinds in play, in declaration order."""
        return tuple(code for code, kind in self.figure_kinds.items() if kind.follower)

    @functools.cached_property
    def corner_kinds(self) -> frozenset[str]:
        """The figure kinds in play that stand on corners (the barn)."""
        return frozenset(code for code, kind in self.figure_kinds.items()
                         if kind.stands is Stand.CORNER)

    @functools.cached_property
    def neutral_figures(self) -> dict[str, NeutralFigure]:
        return {kind.code: kind for kind in _merged(self.parts, "neutral_figures")}

    @functools.cached_property
    def passages(self) -> tuple[Passage, ...]:
        return _merged(self.parts, "passages")

    @functools.cached_property
    def openings(self) -> frozenset[str]:
        """The segment attributes that are open ends until a passage joins them."""
        return frozenset(passage.opening for passage in self.passages)

    def joins(self, neutral: Iterable[Any]) -> tuple[tuple[Any, Any], ...]:
        """The pairs of neutral pieces (``NeutralPiece``) that join their features: two
        of one kind of a :class:`Passage` in play, in request order."""
        if not self.passages:
            return ()
        by_kind: dict[str, list[Any]] = {}
        for piece in neutral:
            if piece.at is not None:  # a passage's figures stand on features
                by_kind.setdefault(piece.kind, []).append(piece)
        pairs = []
        for passage in self.passages:
            for kind in passage.kinds:
                pieces = by_kind.get(kind, [])
                if len(pieces) == 2:
                    pairs.append((pieces[0], pieces[1]))
        return tuple(pairs)

    @functools.cached_property
    def tile_states(self) -> dict[str, TileState]:
        return {state.name: state for state in _merged(self.parts, "tile_states")}

    @functools.cached_property
    def large_tiles(self) -> dict[str, LargeTile]:
        return {tile.code: tile for tile in _merged(self.parts, "large_tiles")}

    @functools.cached_property
    def conversions(self) -> dict[str, Conversion]:
        """The conversions in play, by the figure kind that makes them (castles)."""
        return {conversion.figure: conversion
                for conversion in _merged(self.parts, "conversions")}

    def conversion_of(self, feature: Feature) -> Conversion | None:
        """What a token on ``feature`` turned it into (a castle), if anything."""
        conversions = self.conversions
        if conversions:
            for figure in feature.figures:
                found = conversions.get(figure.kind)
                if found is not None:
                    return found
        return None

    def split_cities(
        self, farm: Feature
    ) -> tuple[list[Feature], list[tuple[Feature, Conversion]]]:
        """The completed cities a farm borders that still count as cities, and those
        turned into something else (castles) with their conversion, by id order."""
        if not self.conversions:
            return farm.completed_cities, []
        cities, converted = [], []
        for city in farm.completed_cities:
            conversion = self.conversion_of(city)
            if conversion is None:
                cities.append(city)
            else:
                converted.append((city, conversion))
        return cities, converted

    @functools.cached_property
    def city_weights(self) -> tuple[CityWeight, ...]:
        """The city weights in play (besieged cities), in part order."""
        return _merged(self.parts, "city_weights")

    def city_weight(self, city: Feature) -> tuple[int, CityWeight | None]:
        """How many times a completed city counts for the farms around it, and the
        weight that says so (``(1, None)`` when none does). Weights above 1 do not add
        up: the largest wins."""
        found: tuple[int, CityWeight | None] = (1, None)
        for declared in self.city_weights:
            weight = declared.weight(city)
            if weight > found[0]:
                found = (weight, declared)
        return found

    def completed_cities(self, graph: FeatureGraph) -> int:
        """How many completed cities the board holds, leaving out converted ones (a
        castle is not a completed city for the king)."""
        count = graph.count_complete(FeatureKind.CITY)
        if self.conversions:  # only a city holding a figure (a castle token) is converted
            count -= sum(1 for city in graph.occupied()
                         if city.kind is FeatureKind.CITY and city.complete
                         and self.conversion_of(city) is not None)
        return count

    @functools.cached_property
    def _tie_breaks(self) -> dict[FeatureKind, tuple[TieBreak, ...]]:
        breaks = _merged(self.parts, "tie_breaks")
        return {kind: tuple(b for b in breaks if kind in b.features) for kind in FeatureKind}

    def tie_breaks(self, kind: FeatureKind) -> tuple[TieBreak, ...]:
        """The tie-breaks in play for one feature kind, in part order."""
        return self._tie_breaks[kind]

    @functools.cached_property
    def _transforms(self) -> dict[FeatureKind, tuple[ScoreTransform, ...]]:
        transforms = _merged(self.parts, "transforms")
        return {kind: tuple(t for t in transforms if kind in t.features) for kind in FeatureKind}

    def transforms(self, kind: FeatureKind) -> tuple[ScoreTransform, ...]:
        """The score transforms in play for one feature kind, in part order."""
        return self._transforms[kind]

    def modifiers(self, kind: FeatureKind) -> tuple[Modify, ...]:
        """The modifiers in play for one feature kind, in part order."""
        return self.modifiers_by_kind[kind]

    @functools.cached_property
    def listed_kinds(self) -> dict[str, str]:
        """Figure kind -> response key, for kinds a feature lists by colour."""
        return {code: kind.listed_as for code, kind in self.figure_kinds.items()
                if kind.listed_as}

    @functools.cached_property
    def bonuses(self) -> tuple[PlayerBonus, ...]:
        return _merged(self.parts, "bonuses")

    @functools.cached_property
    def tokens(self) -> tuple[PlayerTokens, ...]:
        return _merged(self.parts, "tokens")

    @functools.cached_property
    def layout_rules(self) -> tuple[LayoutRule, ...]:
        return _merged(self.parts, "layout_rules")

    @functools.cached_property
    def figure_rules(self) -> tuple[FigureRule, ...]:
        rules = _merged(self.parts, "figure_rules")
        if any(part.reaches_laid_tiles for part in self.parts):
            rules = tuple(rule for rule in rules if not rule.laying_only)
        return rules

    @functools.cached_property
    def board_checks(self) -> tuple[BoardCheck, ...]:
        return _merged(self.parts, "board_checks")

    @functools.cached_property
    def by_kind_keys(self) -> tuple[str, ...]:
        """The keys of every player's ``by_kind``: the feature kinds, then the bonuses."""
        return (*(kind.value for kind in FeatureKind), *(b.by_kind for b in self.bonuses))

    def start_tile(self, available: Callable[[str], bool]) -> str | None:
        """The tile the game starts from: the first start tile, by part order from the
        last listed, that ``available`` accepts."""
        for part in reversed(self.parts):
            for code in part.start_tiles:
                if available(code):
                    return code
        return None


MAX_LISTINGS_KEPT = 256
"""How many lists of codes, as requests give them, :meth:`ExpansionRegistry.in_play`
remembers (each points at one shared :class:`InPlay`)."""


class ExpansionRegistry:
    """The known expansions, by code, and what a list of codes puts in play.

    Parts and expansions share one space of codes (the catalogue's).
    """

    def __init__(self, expansions: Iterable[Expansion]):
        self._expansions: dict[str, Expansion] = {}
        self._parts: dict[str, Part] = {}
        self._owner: dict[str, Expansion] = {}
        self._figure_kinds: dict[str, tuple[FigureKind, Part]] = {}
        for expansion in expansions:
            for member in expansion.members:
                if member.code in self._parts:
                    raise ValueError(f"code {member.code} registered twice")
                self._parts[member.code] = member
                self._owner[member.code] = expansion
                for kind in member.figure_kinds:
                    if kind.code in self._figure_kinds:
                        raise ValueError(f"figure kind {kind.code} registered twice")
                    self._figure_kinds[kind.code] = (kind, member)
            self._expansions[expansion.code] = expansion
        if BASE not in self._expansions:
            raise ValueError("the base game must be registered")
        self._in_play: dict[tuple[str, ...], InPlay] = {}
        self._in_play_as_listed: dict[tuple[str, ...], InPlay] = {}
        """What :meth:`in_play` found for each tuple of codes as a caller gave it (the
        same request codes come again and again; normalising them costs more than
        the lookup). Requests choose the order and repeats, so it holds at most
        :data:`MAX_LISTINGS_KEPT` of them."""
        self.attributes: dict[tuple[FeatureKind, str], SegmentAttribute] = {
            (attribute.feature, attribute.name): attribute
            for part in self._parts.values() for attribute in part.attributes
        }
        """What tile data may write on segments, from every registered part."""
        self.landmarks: dict[str, LandmarkKind] = {
            landmark.name: landmark
            for part in self._parts.values() for landmark in part.landmarks
        }
        """What tile data may print besides features, from every registered part."""
        self.spaces: dict[str, tuple[LandmarkKind, Part]] = {
            landmark.name: (self._taking_stand_ins(landmark, landmark.space), part)
            for part in self._parts.values() for landmark in part.landmarks
            if landmark.space is not None
        }
        """Landmarks where players' figures stand (:class:`Space`), with their part; each
        space's ``kinds`` adds the registered kinds that count as one of its own (the
        phantom on an acrobat space, which names meeples only)."""
        self.tile_traits: dict[str, TileTrait] = {
            trait.name: trait
            for part in self._parts.values() for trait in part.tile_traits
        }
        """What tile data may say a tile is (``traits: [abbey]``), from every part."""
        self.large_tiles: dict[str, LargeTile] = {
            tile.code: tile for part in self._parts.values() for tile in part.large_tiles
        }
        """Tiles that cover several squares, by code, from every registered part."""
        self.large_tile_part: dict[str, Part] = {
            tile.code: part for part in self._parts.values() for tile in part.large_tiles
        }
        self.tile_states: dict[str, TileState] = {
            state.name: state for part in self._parts.values() for state in part.tile_states
        }
        """Every per-tile state a request may enter, by name."""
        self.tile_state_part: dict[str, Part] = {
            state.name: part for part in self._parts.values() for state in part.tile_states
        }
        self.rule_options: tuple[RuleOption, ...] = _merged(self._parts.values(), "rule_options")
        """Every rule a request may set; a rule of a part not in play has no effect."""
        self.tokens: tuple[PlayerTokens, ...] = _merged(self._parts.values(), "tokens")
        """Every kind of token a player may bring, with the part that brings it."""
        self.token_part: dict[str, Part] = {
            tokens.name: part for part in self._parts.values() for tokens in part.tokens
        }

    def _taking_stand_ins(self, landmark: LandmarkKind, space: Space) -> LandmarkKind:
        """``landmark`` with its ``space`` taking the figure kinds that count as one of the
        kinds it names (``FigureKind.counts_as``), after them, in registration order."""
        extra = tuple(code for code, (kind, _part) in self._figure_kinds.items()
                      if kind.counts_as in space.kinds and code not in space.kinds)
        if not extra:
            return landmark
        return dataclasses.replace(
            landmark, space=dataclasses.replace(space, kinds=(*space.kinds, *extra)))

    def __contains__(self, code: object) -> bool:
        return code in self._parts

    def __getitem__(self, code: str) -> Part:
        return self._parts[code]

    def __repr__(self) -> str:
        return f"ExpansionRegistry({list(self._parts)!r})"

    @property
    def codes(self) -> tuple[str, ...]:
        """Every registered code (expansions and parts, the base game included), in
        registration order."""
        return tuple(self._parts)

    @property
    def default_figure_kind(self) -> str:
        """The kind of a figure that names none: the base game's first figure kind."""
        return self._expansions[BASE].figure_kinds[0].code

    @property
    def expansions(self) -> tuple[Expansion, ...]:
        return tuple(self._expansions.values())

    def expansion_of(self, code: str) -> Expansion:
        """The expansion a code belongs to (itself for an expansion)."""
        return self._owner[code]

    def error_codes(self) -> tuple[ProblemCode, ...]:
        """The error codes the expansions add to the core's."""
        parts = self._parts.values()
        codes = [code for rule in (*_merged(parts, "layout_rules"), *_merged(parts, "board_checks"))
                 for code in rule.codes]
        codes += [tokens.invalid for tokens in _merged(parts, "tokens")]
        codes += [state.invalid for state in _merged(parts, "tile_states")]
        return tuple({code.value: code for code in codes}.values())

    def printings(self, edition: Edition, listed: Iterable[str]) -> dict[str, str]:
        """The expansions among the ``listed`` codes that a game of ``edition`` plays
        from an earlier printing, by code, with that printing (``{"tower": "C2"}`` in
        C3): an expansion, or a part of the base game with tiles of its own. Codes the
        edition prints, or whose table takes none of their printings, are left out."""
        found: dict[str, str] = {}
        for code in listed:
            if code not in self._parts:
                continue
            owner = self._owner[code]
            named = self._parts[code] if owner.code == BASE else owner
            printing = edition.printing_of(named.editions)
            if printing is not None and printing is not edition:
                found[named.code] = printing.value
        return found

    def default_codes(self, edition: Edition) -> tuple[str, ...]:
        """The codes in play when a request does not list expansions."""
        return tuple(
            code for code, part in self._parts.items()
            if code != BASE and part.in_play_by_default and edition in part.editions
        )

    def in_play(self, codes: Iterable[str]) -> InPlay:
        """What the base game and the listed codes put in play (unknown codes are
        ignored: the validator reports them)."""
        if type(codes) is tuple:  # a request's codes: looked up as given, once resolved
            found = self._in_play_as_listed.get(codes)
            if found is not None:
                return found
        listed = set(codes)
        key = tuple(code for code in self._parts if code in listed and code != BASE)
        found = self._in_play.get(key)
        if found is None:
            wanted = {BASE}
            groups = {BASE}
            for code in key:
                expansion = self._owner[code]
                # A whole expansion brings all its parts; a part brings itself and what
                # its expansion declares for every part.
                if code == expansion.code:
                    wanted.update(member.code for member in expansion.members)
                else:
                    wanted.update((code, expansion.code))
                # A part of the base game with tiles of its own (The River) puts its own
                # tiles in play; any code of another expansion puts that expansion's.
                groups.add(code if expansion.code == BASE else expansion.code)
            parts = tuple(part for code, part in self._parts.items() if code in wanted)
            owners = {part.code: self._owner[part.code].code for part in parts}
            found = self._in_play[key] = InPlay(parts, frozenset(groups), key, owners)
        if type(codes) is tuple:
            if len(self._in_play_as_listed) >= MAX_LISTINGS_KEPT:
                self._in_play_as_listed.clear()
            self._in_play_as_listed[codes] = found
        return found

    def figure_kind(self, code: str) -> FigureKind | None:
        """The figure kind with that code, from any registered part."""
        found = self._figure_kinds.get(code)
        return found[0] if found else None

    def figure_kind_part(self, code: str) -> Part | None:
        """The part that brings the figure kind ``code``."""
        found = self._figure_kinds.get(code)
        return found[1] if found else None

    def placement_provider(
        self, figure: str, feature: FeatureKind
    ) -> tuple[Placement, Part] | None:
        """The first registered placement of ``figure`` on ``feature`` with the part that
        grants it, to name what to add to the game."""
        for part in self._parts.values():
            for placement in part.placements:
                if placement.figure == figure and placement.feature is feature:
                    return placement, part
        return None


class ScoringContext:
    """What a scorer, modifier or bonus needs besides the features it scores.

    One is made per scored request, so it is a plain class with slots rather than a
    frozen dataclass, whose ``__init__`` sets each field through ``object.__setattr__``
    (this one builds in about two thirds of the time); the hooks only read its fields.
    It also keeps what several hooks read of the same board, worked out the first time
    one asks (:meth:`split_cities`, :attr:`tiles_with_state`).
    """

    __slots__ = ("rules", "graph", "players", "strengths", "in_play", "request",
                 "listed_kinds", "warnings", "wording", "_split_cities", "_tiles_with_state")

    def __init__(
        self, rules: Any, graph: FeatureGraph, players: tuple[Color, ...],
        strengths: Mapping[str, int], in_play: InPlay, request: Any = None,
        listed_kinds: Mapping[str, str] | None = None,
        warnings: list[tuple[str, str, Message]] | None = None,
        wording: Wording = API_WORDING,
    ):
        self.rules = rules
        """The :class:`~scoring.engine.rules.RuleSet` of the request."""
        self.graph = graph
        self.players = players
        """Player colours in request order: the order of every per-player listing."""
        self.strengths = strengths
        """Figure strength by kind code, for majorities."""
        self.in_play = in_play
        self.request = request
        """The :class:`~scoring.engine.request.ScoreRequest` (player tokens)."""
        self.listed_kinds = listed_kinds if listed_kinds is not None else {}
        """Figure kind code -> response key, for kinds a feature lists by colour."""
        self.warnings = warnings if warnings is not None else []
        """Notes for the players that a scorer or modifier adds: code, feature id and
        message."""
        self.wording = wording
        """The words of the explanations (the edition's, when the caller asks)."""
        self._split_cities: dict[int, tuple[list[Feature], list[tuple[Feature, Conversion]]]] = {}
        self._tiles_with_state: list[tuple[int, PlacedTile]] | None = None

    def __repr__(self) -> str:
        return f"ScoringContext(players={self.players!r}, in_play={self.in_play.listed!r})"

    def printing(self, part: Part) -> Edition:
        """The printing of ``part`` this game lays (:meth:`Edition.printing_of`): what a
        part's rules decide by edition follows it, as the C2 City of Carcassonne's
        quarters do on a C3 table."""
        edition: Edition = self.request.edition
        return edition.printing_of(part.editions) or edition

    def split_cities(
        self, farm: Feature
    ) -> tuple[list[Feature], list[tuple[Feature, Conversion]]]:
        """:meth:`InPlay.split_cities` of ``farm``, worked out once per farm: the farm
        scorer and the modifiers that pay for converted cities (castles) both read it."""
        found = self._split_cities.get(farm.number)
        if found is None:
            found = self._split_cities[farm.number] = self.in_play.split_cities(farm)
        return found

    @property
    def tiles_with_state(self) -> list[tuple[int, PlacedTile]]:
        """The request's placed tiles that carry a state (a tower's height, a bridge),
        with their index in the request, listed on the first ask: most tiles carry
        none, and the hooks that read states would each walk the whole board."""
        found = self._tiles_with_state
        if found is None:
            found = self._tiles_with_state = [
                (index, tile) for index, tile in enumerate(self.request.board.tiles)
                if tile.state
            ]
        return found

    def modifiers(self, kind: FeatureKind) -> tuple[Modify, ...]:
        return self.in_play.modifiers(kind)

    def figure_counts(self, feature: Feature) -> dict[Color, int]:
        """Each player's strength on ``feature``, in player order (see
        :func:`~scoring.engine.results.figure_counts`), with the strengths that depend
        on the feature (``FigureKind.strength_of``) computed for it."""
        functions = self.in_play.strength_functions
        strengths = self.strengths
        if functions:
            kinds = {figure.kind for figure in feature.figures}
            if not kinds.isdisjoint(functions):
                strengths = {**strengths, **{code: strength(feature)
                                             for code, strength in functions.items()
                                             if code in kinds}}
        return figure_counts(feature.figures, strengths, self.players)

    def zero_strength_note(self, feature: Feature) -> list[Message]:
        """For the explanation: the figures whose strength the feature makes 0 (a mayor
        in a city without pennants), which count for nothing there; none when none."""
        functions = self.in_play.strength_functions
        if not functions:
            return []
        kinds = self.in_play.figure_kinds
        notes: list[Message] = []
        for figure in feature.figures:
            strength = functions.get(figure.kind)
            if strength is not None and not strength(feature):
                kind = kinds[figure.kind]
                params: dict[str, Param] = {"player": PlayerRef(_COLOR_NAME[figure.player]),
                                            "figure": Message(f"figure.{kind.code}")}
                if kind.strength_words:
                    nouns = self.wording.nouns()
                    params["what"] = Message(f"figure.{kind.code}.strength", {
                        name: nouns[name] for name in placeholders(kind.strength_words)})
                note = Message("figure.counts_zero_because" if kind.strength_words
                               else "figure.counts_zero", params)
                if note not in notes:
                    notes.append(note)
        return notes

    def owners(self, feature: Feature,
               counts: Mapping[Color, int]) -> tuple[list[Color], list[Text]]:
        """The players who own ``feature`` (the most strength) and, when a tie-break
        in play decided between tied players, its notes for the explanation."""
        owners = majority(counts)
        notes: list[Text] = []
        if len(owners) > 1:
            for tie_break in self.in_play.tie_breaks(feature.kind):
                decided = tie_break.decide(feature, owners, self)
                if decided is not None:
                    owners, text = decided
                    notes.append(text)
                    if len(owners) < 2:
                        break
        return owners, notes

    def figure_lists(self, feature: Feature) -> dict[str, list[str]]:
        """The colours of the listed figure kinds on a feature (``{"builders": [...]}``),
        each colour once, in player order."""
        listed_kinds = self.listed_kinds
        if not listed_kinds:
            return {}
        found: dict[str, set[Color]] = {}
        for figure in feature.figures:
            key = listed_kinds.get(figure.kind)
            if key is not None:
                found.setdefault(key, set()).add(figure.player)
        if not found:  # most features hold followers only
            return {}
        return {
            key: [_COLOR_NAME[player] for player in self.players if player in colours]
            for key, colours in found.items()
        }
