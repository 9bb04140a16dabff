"""Points scored during play, for the score pad: by the same rules as the final scoring.

A table keeps score as it plays: a city completed on turn 12 is scored then and its
meeples go home, so the finished board cannot show it. The score pad asks the players
what was completed (a city of 5 tiles with 2 pennants, with a cathedral) and this module
values it with the engine's own scorer, modifiers and transforms, on a stand-in
:class:`~scoring.engine.features.Feature` built from those counts: one rule lives in one
place, and a pad entry equals what the final scoring gives the same completed feature.

It also values the points expansions hand out during play outside a feature
(:class:`~scoring.engine.declarations.PlayPoints`: the fairy's point, a wind rose, a
ransom) and checks what a pad entry says against the rules in play, every problem as a
:class:`PadProblem` with a path and a sentence.

What the pad asks about a feature is read from the declarations in play: the segment
attributes that say how a pad asks about them (``SegmentAttribute.asked``: an inn, a
cathedral, a siege), the figures no player owns that stand on the kind and change its
points (the mage, the witch), and the area bonuses of the kind (vineyards around a
monastery), counted by the players. Farms are scored only at the end and are not offered.

>>> from scoring.engine.expansions import DEFAULT_REGISTRY as registry
>>> in_play = registry.in_play(["inns-cathedrals"])
>>> city = {"kind": "city", "tiles": 5, "pennants": 2, "with": ["cathedral"]}
>>> check_feature(city, in_play, registry)
[]
>>> score_feature(city, in_play, registry).explanation
'completed city with a cathedral: 5 tiles × 3 + 2 pennants × 3 = 21'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, cast

from .board import Color, Figure, NeutralPiece
from .declarations import PlayPoints
from .expansion import ExpansionRegistry, InPlay, Part, ScoringContext, StepAction
from .features import Feature, FeatureGraph
from .locations import Location
from .messages import Message
from .results import plural
from .rules import RuleSet
from .scoring import transformed
from .tiles import FeatureKind

PAD_KINDS = (FeatureKind.ROAD, FeatureKind.CITY, FeatureKind.MONASTERY, FeatureKind.GARDEN)
"""The features scored during play (farms are scored only at the end)."""

_PLURALS = {FeatureKind.ROAD: "roads", FeatureKind.CITY: "cities",
            FeatureKind.MONASTERY: "monasteries", FeatureKind.GARDEN: "gardens"}

CENTRE_KINDS = (FeatureKind.MONASTERY, FeatureKind.GARDEN)
"""Scored by their neighbours: completed with all 8, or earlier when the abbot is
taken back (1 + its neighbours then)."""

MAX_TILES = 500
"""More tiles than any table holds: a count above it is a typing slip."""

MAX_COUNT = 200
"""The most a counted play point takes (sheep in a flock)."""

_SCORER = Color.YELLOW
"""The stand-in owner of the stand-in feature: the points go to the players the
entry names, not to this colour."""


class PadProblem(NamedTuple):
    """What is wrong with a pad entry: where (``with[0]``), a stable code, a sentence."""

    path: str
    code: str
    message: str


@dataclasses.dataclass(frozen=True)
class PadScore:
    points: int
    said: Message
    """The explanation as a message, as the final scoring's (:attr:`explanation` is its
    English)."""

    @property
    def explanation(self) -> str:
        return self.said.text()


@dataclasses.dataclass(frozen=True)
class FeatureQuestions:
    """What the pad asks about a completed feature of one kind, for the games in play."""

    kind: FeatureKind
    flags: tuple[tuple[str, str], ...]
    """(attribute name, how it is asked) for the attributes that change its points."""
    neutral: tuple[tuple[str, str], ...]
    """(figure kind, name) of the figures no player owns that change its points."""
    areas: tuple[tuple[str, int], ...]
    """(word, points each) of the things counted around it (vineyards)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "counts": (["neighbours"] if self.kind in CENTRE_KINDS
                       else ["tiles", "pennants"] if self.kind is FeatureKind.CITY
                       else ["tiles"]),
            "with": [{"name": name, "label": label} for name, label in self.flags],
            "neutral": [{"kind": code, "name": name} for code, name in self.neutral],
            "around": [{"word": word, "each": each} for word, each in self.areas],
        }


def _changes(part: Any, kind: FeatureKind) -> bool:
    """Whether a part changes the points of features of ``kind`` (a modifier or a
    transform), so that what it brings is worth asking about."""
    return (any(modifier.feature is kind for modifier in part.modifiers)
            or any(kind in transform.features for transform in part.transforms))


def _all_parts(registry: ExpansionRegistry) -> list[Any]:
    return [registry[code] for code in registry.codes]


def questions(kind: FeatureKind, parts: Sequence[Any]) -> FeatureQuestions:
    """What the pad asks about a feature of ``kind`` with ``parts`` in play."""
    flags: dict[str, str] = {}
    neutral: dict[str, str] = {}
    areas: dict[str, int] = {}
    for part in parts:
        for attribute in part.attributes:
            if attribute.feature is kind and attribute.asked:
                flags.setdefault(attribute.name, attribute.asked)
        if _changes(part, kind):
            for figure in part.neutral_figures:
                if kind in figure.features:
                    neutral.setdefault(figure.code, figure.name)
        for area in part.area_bonuses:
            if area.feature is kind:
                areas.setdefault(area.word, area.each)
    return FeatureQuestions(kind, tuple(flags.items()), tuple(neutral.items()),
                            tuple(areas.items()))


def pad_options(in_play: InPlay) -> dict[str, Any]:
    """Everything a pad offers for a game: the feature kinds scored during play with
    their questions, and the play points of the expansions in play."""
    return {
        "features": [questions(kind, in_play.parts).to_json()
                     for kind in PAD_KINDS if kind in in_play.scorers],
        "play_points": [
            {"code": points.code, "label": points.label, "each": points.each,
             "unit": list(points.unit) if points.unit else None, "paid": points.paid,
             "expansion": in_play.expansion_of.get(_part_of(points, in_play.parts), ""),
             "rules": points.rules}
            for points in in_play.play_points.values()
        ],
    }


def _part_of(points: PlayPoints, parts: Sequence[Any]) -> str:
    return next((part.code for part in parts if points in part.play_points), "")


def _provider(registry: ExpansionRegistry, found: Callable[[Part], bool]) -> str:
    """The name of the expansion whose part ``found(part)`` is true, for a message."""
    for part in _all_parts(registry):
        if found(part):
            expansion = registry.expansion_of(part.code)
            # A part of the base box (the abbot) by its own name, else its expansion's.
            return (part if expansion.code == "base" else expansion).catalogue_name
    return ""


def _not_in_play(what: str, provider: str) -> str:
    if provider:
        return f"{what} come with {provider}, which is not in this game."
    return f"{what} is not something this pad knows."


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _count(data: Mapping[str, Any], key: str, low: int, high: int, words: str,
           problems: list[PadProblem], default: int | None = None) -> int | None:
    value = data.get(key, default)
    if not _whole(value) or not low <= value <= high:
        problems.append(PadProblem(key, "invalid_count",
                                   f"Give {words} as a whole number from {low} to {high}."))
        return None
    count: int = value
    return count


def check_feature(data: Mapping[str, Any], in_play: InPlay,
                  registry: ExpansionRegistry) -> list[PadProblem]:
    """Every problem of a feature entry (``{"kind", "tiles", "pennants", "neighbours",
    "with", "neutral", "around"}``) for the game in play, with paths relative to it."""
    problems: list[PadProblem] = []
    name = data.get("kind")
    kind = next((kind for kind in PAD_KINDS if kind.value == name), None)
    if kind is None:
        offered = [_PLURALS[kind] for kind in PAD_KINDS if kind in in_play.scorers]
        listed = f"{', '.join(offered[:-1])} and {offered[-1]}"
        return [PadProblem("kind", "unknown_kind",
                           f"Say what was completed: {listed}." if name in (None, "")
                           else f"The pad scores {listed} during play, not {name!r} "
                                "(farms are scored at the end).")]
    if kind not in in_play.scorers:
        provider = _provider(registry, lambda part: any(k is kind for k, _ in part.scorers))
        return [PadProblem("kind", "expansion_not_in_play",
                           _not_in_play(_PLURALS[kind].capitalize(), provider))]
    asked = questions(kind, in_play.parts)
    if kind in CENTRE_KINDS:
        _count(data, "neighbours", 0, 8, f"the tiles around the {kind.value}", problems, 8)
    else:
        tiles = _count(data, "tiles", 1, MAX_TILES, f"the tiles of the {kind.value}", problems)
        if kind is FeatureKind.CITY:
            pennants = _count(data, "pennants", 0, MAX_TILES, "the pennants (coats of arms)",
                              problems, 0)
            if tiles is not None and pennants is not None and pennants > tiles:
                problems.append(PadProblem(
                    "pennants", "too_many_pennants",
                    f"A city of {plural(tiles, 'tile')} shows at most {plural(tiles, 'pennant')}"
                    f" (one a tile), not {pennants}."))
    problems += _check_names(data, "with", dict(asked.flags), kind, registry,
                             lambda part, item: any(a.name == item and a.feature is kind
                                                    and a.asked for a in part.attributes))
    problems += _check_names(data, "neutral", dict(asked.neutral), kind, registry,
                             lambda part, item: any(f.code == item for f in part.neutral_figures))
    given = data.get("neutral")
    named: list[Any] = given if isinstance(given, list) else []
    neutral_figures = in_play.neutral_figures
    for code in named:
        figure = neutral_figures.get(code) if isinstance(code, str) else None
        if figure and figure.never_beside and figure.never_beside[0] in named:
            other, problem_code = figure.never_beside
            problems.append(PadProblem(
                "neutral", problem_code,
                f"The {figure.name} and the {neutral_figures[other].name} never stand on the "
                "same feature."))
    around = data.get("around") or {}
    if not isinstance(around, Mapping):
        problems.append(PadProblem("around", "invalid", "Count what lies around by name."))
    else:
        areas = dict(asked.areas)
        for word, count in around.items():
            if word not in areas:
                problems.append(PadProblem(f"around.{word}", "expansion_not_in_play",
                                           f"Nothing called {word} counts around a "
                                           f"{kind.value} in this game."))
            elif not _whole(count) or not 0 <= count <= 8:
                problems.append(PadProblem(f"around.{word}", "invalid_count",
                                           f"Give the {word} around it as a whole number "
                                           "from 0 to 8."))
    return problems


def _check_names(data: Mapping[str, Any], key: str, offered: Mapping[str, str],
                 kind: FeatureKind, registry: ExpansionRegistry,
                 brings: Callable[[Part, str], bool]) -> list[PadProblem]:
    items = data.get(key) or []
    if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
        return [PadProblem(key, "invalid", "List the names as text.")]
    problems = []
    for index, item in enumerate(items):
        if item in offered:
            continue
        def brings_this(part: Part, item: str = item) -> bool:
            return brings(part, item)

        provider = _provider(registry, brings_this)
        problems.append(PadProblem(
            f"{key}[{index}]", "expansion_not_in_play",
            f"A {kind.value} {item!r} does not count in this game: it comes with "
            f"{provider}, which is not in play." if provider
            else f"Nothing called {item!r} changes a {kind.value}'s points."))
    return problems


class _Landmarked:
    """A stand-in tile that shows every landmark, for counting an area bonus."""

    class definition:  # noqa: N801 - read as ``tile.definition`` by the counters
        @staticmethod
        def has_landmark(kind: str, **attributes: Any) -> bool:
            return True


_AROUND = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]


class _Surroundings:
    """The stand-in table around the stand-in feature: ``count`` squares around its
    first square show what an area bonus counts (a vineyard), the rest are empty."""

    def __init__(self, count: int):
        self._marked = {(dx, dy) for dx, dy in _AROUND[:count]}

    def tile_at(self, x: int, y: int) -> Any:
        return _Landmarked if (x, y) in self._marked else None


def _stand_in(kind: FeatureKind, data: Mapping[str, Any], registry: ExpansionRegistry) -> Feature:
    feature = Feature(kind, 1)
    feature.figures = [Figure(_SCORER, 0, 0, Location.N, registry.default_figure_kind)]
    feature.attributes = tuple((name, True) for name in data.get("with") or ())
    feature.neutral = tuple(NeutralPiece(code, 0, 0) for code in data.get("neutral") or ())
    if kind in CENTRE_KINDS:
        feature.tiles = [(0, 0)]
        feature.neighbours = data.get("neighbours", 8)
        feature.complete = feature.neighbours == 8
    else:
        feature.tiles = [(index, 0) for index in range(data["tiles"])]
        feature.pennants = data.get("pennants", 0) if kind is FeatureKind.CITY else 0
        feature.dead_ends = 2  # a road's ends, so that it reads as a road, not a loop
        feature.complete = True
    return feature


def score_feature(data: Mapping[str, Any], in_play: InPlay, registry: ExpansionRegistry,
                  rules: Mapping[str, Any] | None = None) -> PadScore:
    """What a completed feature (an entry :func:`check_feature` accepts) is worth to
    each of its winners, valued by the final scoring's own steps."""
    kind = FeatureKind(data["kind"])
    feature = _stand_in(kind, data, registry)
    context = ScoringContext(
        rules=RuleSet.from_json(rules, registry.rule_options),
        # A stand-in that answers tile_at, all that an area bonus (a vineyard) reads.
        graph=cast(FeatureGraph, _Surroundings(sum((data.get("around") or {}).values()))),
        players=(_SCORER,), strengths=in_play.strengths, in_play=in_play,
    )
    result = None
    for step in in_play.steps:
        if step.action is StepAction.FEATURES and step.subject is kind:
            (result,) = in_play.scorers[kind]([feature], context)
        elif (step.action is StepAction.TRANSFORM and result is not None
              and kind in step.subject.features):
            changed = step.subject.apply(feature, result.points, context)
            if changed is not None:
                transformed(result, *changed)
    assert result is not None, "check_feature accepts only kinds with a scorer in play"
    return PadScore(result.points, result.said)


def check_play_points(data: Mapping[str, Any], in_play: InPlay,
                      registry: ExpansionRegistry) -> list[PadProblem]:
    """Problems of a play-points entry (``{"code", "count"}``)."""
    code = data.get("code")
    points = in_play.play_points.get(code) if isinstance(code, str) else None
    if points is None:
        provider = _provider(registry, lambda part: any(p.code == code
                                                        for p in part.play_points))
        if provider:
            return [PadProblem("code", "expansion_not_in_play",
                               f"These points come with {provider}, which is not in this game.")]
        offered = ", ".join(in_play.play_points) or "none in this game"
        return [PadProblem("code", "unknown_points",
                           f"Name the points scored during play: {offered}.")]
    if points.unit is None:
        if data.get("count", 1) != 1:
            return [PadProblem("count", "invalid_count",
                               f"{points.label.capitalize()} counts once; make one entry "
                               "each time.")]
        return []
    problems: list[PadProblem] = []
    _count(data, "count", 1, MAX_COUNT, f"the {points.unit[1]}", problems)
    return problems


def score_play_points(data: Mapping[str, Any], in_play: InPlay) -> PadScore:
    """The points of a play-points entry that :func:`check_play_points` accepts, with
    the explanation (``a flock herded home: 7 sheep × 1 = 7``)."""
    points = in_play.play_points[data["code"]]
    if points.unit is None:
        return PadScore(points.each, Message("pad.play_points_once",
                                             {"label": points.label_said, "points": points.each}))
    count = data["count"]
    total = count * points.each
    singular, plural_word = points.unit_said
    return PadScore(total, Message("pad.play_points", {
        "label": points.label_said, "count": count,
        "unit": singular if count == 1 else plural_word, "each": points.each, "points": total}))
