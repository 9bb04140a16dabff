"""Final scoring of a board: every occupied feature once, then the players' totals.

:func:`score` works on a parsed :class:`ScoreRequest`; :func:`score_request` takes the
raw request body, validates it first and raises :class:`InvalidBoardError` listing every
problem. The scorers of the expansions in play value each feature kind; this module only
gathers their results, totals them per player and kind, and ranks the players.
"""

from __future__ import annotations

import gc
from collections.abc import Mapping
from typing import Any

from .board import Color
from .expansion import PlayerTokens, ScoreTransform, ScoringContext, StepAction
from .features import Feature, FeatureGraph
from .messages import Message, Text
from .request import ScoreRequest
from .results import (
    BY_KIND_KEYS,
    FeatureResult,
    PlayerResult,
    ScoreResult,
    ScoreWarning,
    competition_ranks,
    feature_ref,
)
from .tiles import FeatureKind, OrientedTile, TileSet
from .validation import InvalidRequestError, check_request, registry_of
from .wording import API_WORDING, wording_for

InvalidBoardError = InvalidRequestError
"""Raised by :func:`score_request` for a request that does not pass validation."""


class gc_paused:  # lower case: it reads as a function, ``with gc_paused():``
    """Hold the cyclic garbage collector while a board is scored.

    Scoring allocates tens of thousands of small objects for a large board, and every
    700 allocations Python starts a collection that also walks the long-lived objects
    of the process (all of Django's in a web worker): on a 10,000-tile board that
    doubled the time. The engine makes no reference cycles, so reference counting
    frees everything it drops and nothing is lost by collecting afterwards. Nested
    and concurrent uses leave the collector as they found it. (A class rather than a
    generator-based context manager: it is entered once per request, and cheaper.)
    """

    __slots__ = ("_paused",)

    def __enter__(self) -> None:
        self._paused = gc.isenabled()
        if self._paused:
            gc.disable()

    def __exit__(self, *exc_info: object) -> None:
        if self._paused:
            gc.enable()


def score(
    request: ScoreRequest,
    tiles: TileSet,
    *,
    placed: dict[tuple[int, int], OrientedTile] | None = None,
    graph: FeatureGraph | None = None,
    for_players: bool = False,
) -> ScoreResult:
    """Score a parsed, valid request (``placed``: its turned tiles by ``(y, x)``, when
    validation already has them; ``graph``: its feature graph, when already built).

    ``for_players``: the answer is shown to the players at the table (the board
    builder): the explanations use the words of the request's edition ("coat of arms"
    in C2 and C3, see :mod:`~scoring.engine.wording`) rather than the API's, and each
    feature lists the figures standing on it (``standing``), which the page names."""
    with gc_paused():
        return _score(request, tiles, placed, graph, for_players)


def _score(
    request: ScoreRequest,
    tiles: TileSet,
    placed: dict[tuple[int, int], OrientedTile] | None,
    graph: FeatureGraph | None,
    for_players: bool = False,
) -> ScoreResult:
    in_play = registry_of(tiles).in_play(request.expansions)
    if graph is None:
        if placed is None:
            graph = FeatureGraph.build(request.board, tiles, request.edition)
        else:
            graph = FeatureGraph.from_placed(placed, request.board.figures, request.board.neutral)
    context = ScoringContext(
        rules=request.rules,
        graph=graph,
        players=request.colors,
        strengths=in_play.strengths,
        in_play=in_play,
        request=request,
        listed_kinds=in_play.listed_kinds,
        wording=wording_for(request.edition) if for_players else API_WORDING,
    )
    occupied: dict[FeatureKind, list[Feature]] = {}
    for feature in graph.occupied():
        occupied.setdefault(feature.kind, []).append(feature)

    # The steps of the final scoring, in their order (see InPlay.steps).
    scorers = in_play.scorers
    batches: dict[FeatureKind, list[FeatureResult]] = {}
    bonuses = {}
    for step in in_play.steps:
        action = step.action
        if action is StepAction.FEATURES:
            kind = step.subject
            if kind in occupied:
                batch = list(scorers[kind](occupied[kind], context))
                if len(batch) > 1:
                    batch.sort(key=_number)
                batches[kind] = batch
        elif action is StepAction.TRANSFORM:
            _transform(step.subject, batches, occupied, context)
        else:
            bonuses[step.subject.key] = tuple(step.subject.score(context))
    # Results by kind in response order, by number within a kind; what each player
    # scored of each kind is added up batch by batch (one kind a batch).
    keys = in_play.by_kind_keys
    if for_players:
        _name_figures(batches, occupied)
    by_kind: dict[Color, dict[str, int]] = {
        player: dict.fromkeys(keys, 0) for player in request.colors}
    results: list[FeatureResult] = []
    for kind in BY_KIND_KEYS:
        kind_results = batches.get(kind)
        if not kind_results:
            continue
        results += kind_results
        name = _KIND_NAME[kind]
        for result in kind_results:
            for player, points in result.scored.items():
                by_kind[player][name] += points
    for bonus in in_play.bonuses:
        for entry in bonuses.get(bonus.key, ()):
            for player, points in entry.scored.items():
                by_kind[player][bonus.by_kind] += points

    token_kinds = in_play.tokens
    on_scoreboard = [tokens for tokens in token_kinds if tokens.on_scoreboard]
    if on_scoreboard:
        before = {
            player.color: player.points + sum(
                player.token_count(tokens.name, kind)
                for tokens in on_scoreboard for kind in tokens.kinds)
            for player in request.players
        }
    else:
        before = {player.color: player.points for player in request.players}
    totals = [
        before[player.color] + sum(by_kind[player.color].values()) for player in request.players
    ]
    ranks = competition_ranks(totals)
    players = tuple(
        PlayerResult(
            color=player.color,
            name=player.name,
            points_before=before[player.color],
            by_kind=by_kind[player.color],
            rank=rank,
            tokens={
                tokens.name: {kind: _held(tokens, player.token_count(tokens.name, kind))
                              for kind in tokens.kinds}
                for tokens in token_kinds
            } if token_kinds else {},
        )
        for player, rank in zip(request.players, ranks, strict=True)
    )
    warnings = _warnings(results)
    if context.warnings:
        warnings += [ScoreWarning(code, feature, message)
                     for code, feature, message in context.warnings]
    return ScoreResult(players=players, features=tuple(results), warnings=tuple(warnings),
                       bonuses=bonuses, for_players=for_players)


_KIND_NAME = {kind: kind.value for kind in FeatureKind}
"""Feature kinds by name (a dict lookup is cheaper than ``Enum.value``)."""


def _name_figures(batches: dict[FeatureKind, list[FeatureResult]],
                  occupied: dict[FeatureKind, list[Feature]]) -> None:
    """Give each result the figures standing on its feature (players' then neutral), so
    that the response names which figures a result comes from."""
    for kind, batch in batches.items():
        by_number = {feature.number: feature for feature in occupied.get(kind, ())}
        for result in batch:
            feature = by_number.get(result.number)
            if feature is not None:
                result.standing = (*feature.figures, *feature.neutral)


def _held(tokens: PlayerTokens, count: int) -> int | bool:
    """A count as the response shows it: a flag (the king tile) as true or false."""
    return bool(count) if tokens.flags else count


def _number(result: FeatureResult) -> int:
    return result.number


def _transform(
    transform: ScoreTransform, batches: dict[FeatureKind, list[FeatureResult]],
    occupied: dict[FeatureKind, list[Feature]], context: ScoringContext,
) -> None:
    """Apply a score transform to the features of its kinds scored so far: to what each
    is worth and to what each player collects through it."""
    for kind in transform.features:
        batch = batches.get(kind)
        if not batch:
            continue
        by_number = {feature.number: feature for feature in occupied[kind]}
        for result in batch:
            feature = by_number[result.number]
            changed = transform.apply(feature, result.points, context)
            if changed is None:
                continue
            transformed(result, *changed)
            scored = {}
            for player, value in result.scored.items():
                new = transform.apply(feature, value, context)
                scored[player] = value if new is None else new[0]
            result.scored = scored


def transformed(result: FeatureResult, points: int, note: Text) -> None:
    """Give a feature's result the points a transform made of them, noted in its
    explanation (``...; the witch halves it, rounded up → 11``)."""
    result.points = points
    result.said = Message("score.transformed", {"explanation": result.said, "note": note,
                                                "points": points})


def _warnings(results: list[FeatureResult]) -> list[ScoreWarning]:
    """A warning for each completed feature that still holds figures, its id read once."""
    warnings = []
    for result in results:
        if result.complete:
            feature = result.id
            warnings.append(ScoreWarning(
                "completed_feature_occupied", feature,
                Message("warning.completed_feature_occupied",
                        {"feature": feature_ref(result)}),
            ))
    return warnings


def score_request(data: Mapping[str, Any] | Any, tiles: TileSet, *,
                  for_players: bool = False) -> ScoreResult:
    """Validate a raw request body and score it (``for_players``: see :func:`score`).

    Raises :class:`InvalidBoardError` with every problem found when the request is not
    valid.
    """
    with gc_paused():
        checked = check_request(data, tiles)
        if checked.errors:
            raise InvalidBoardError(checked.errors)
        assert checked.request is not None
        return score(checked.request, tiles, graph=checked.graph, for_players=for_players)
