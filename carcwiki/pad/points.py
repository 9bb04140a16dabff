"""What a pad entry is worth to each player, and where the game stands.

The points of a completed feature and of the points expansions hand out during play come
from the engine (:mod:`scoring.engine.pad`): this module only checks what belongs to the
game (its players, its expansions, its edition), turns an entry into points by colour,
and adds them up into totals, positions on the 50-space track and laps.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from scoring.engine import DEFAULT_REGISTRY as REGISTRY
from scoring.engine import (
    Edition,
    Listing,
    Message,
    add_templates,
    check_feature,
    check_play_points,
    pad_options,
    score_feature,
    score_play_points,
)

TRACK_SPACES = 50
"""Spaces of the scoreboard track; a marker past 50 starts a new lap."""

MAX_FREE_POINTS = 500

add_templates({
    "pad.entry.scored": "{who}: {explanation}",
    "pad.entry.scored_each": "{who}: {explanation} each",
    "pad.entry.paid": "{payer} pays {payee} {points}: {explanation}",
    "pad.entry.free": "{who}: {reason}: {points}",
})
"""The sentences of the pad's entries: who scored, then the engine's explanation (or the
players' own reason). Names and reasons are the players' words, given as they are."""


def names_listing(names: list[str]) -> Listing:
    """``Anna and Bo``: the players who scored, named together."""
    return Listing(tuple(names), "join.and")


class EntryProblems(Exception):
    """The problems of an entry or a game, as the API's ``errors`` entries."""

    def __init__(self, errors: list[dict[str, str]]):
        super().__init__(errors)
        self.errors = errors


def problem(path: str, code: str, message: str) -> dict[str, str]:
    return {"path": path, "code": code, "message": message}


def check_expansions(edition: str, codes: list[str]) -> list[dict[str, str]]:
    """Problems of a game's expansions for its edition."""
    found = []
    for index, code in enumerate(codes):
        if code not in REGISTRY:
            found.append(problem(f"expansions[{index}]", "unknown_expansion",
                                 f"No expansion or part with code {code!r}."))
        elif Edition(edition) not in REGISTRY[code].editions:
            found.append(problem(f"expansions[{index}]", "expansion_not_in_edition",
                                 f"{REGISTRY[code].catalogue_name} does not exist in {edition}."))
    return found


def default_expansions(edition: str) -> list[str]:
    return list(REGISTRY.default_codes(Edition(edition)))


def options_for(expansions: Iterable[str]) -> dict[str, Any]:
    """What the pad offers a game with these codes in play (see ``pad_options``)."""
    return pad_options(REGISTRY.in_play(tuple(expansions)))


def entry_points(game_players: list[dict[str, str]], expansions: list[str],
                 body: Mapping[str, Any]) -> tuple[str, dict[str, Any], dict[str, int], Message]:
    """(kind, detail, points by colour, explanation as a message) of a checked entry body, or
    :class:`EntryProblems`. ``body`` has ``players`` (who scored) and one of ``feature``,
    ``play`` or ``free``."""
    colors = [player["color"] for player in game_players]
    names = {player["color"]: player["name"] for player in game_players}
    errors = []
    winners = body.get("players") or []
    for index, color in enumerate(winners):
        if color not in colors:
            errors.append(problem(f"players[{index}]", "player_not_in_game",
                                  f"No {color} player in this game: it has "
                                  f"{', '.join(colors)}."))
    if len(set(winners)) != len(winners):
        errors.append(problem("players", "invalid", "Name each player who scored once."))
    kinds = [kind for kind in ("feature", "play", "free") if body.get(kind) is not None]
    if len(kinds) != 1:
        errors.append(problem("", "invalid",
                              "Say what was scored: a feature, points during play or a free "
                              "entry, one of them."))
    if errors:
        raise EntryProblems(errors)
    kind = kinds[0]
    in_play = REGISTRY.in_play(tuple(expansions))
    detail = dict(body[kind])
    if kind == "feature":
        found = check_feature(detail, in_play, REGISTRY)
        if found:
            raise EntryProblems([problem(f"feature.{path}" if path else "feature", code, message)
                                 for path, code, message in found])
        scored = score_feature(detail, in_play, REGISTRY)
        who = names_listing([names[color] for color in winners])
        return kind, detail, dict.fromkeys(winners, scored.points), Message(
            "pad.entry.scored_each" if len(winners) > 1 else "pad.entry.scored",
            {"who": who, "explanation": scored.said})
    if kind == "play":
        found = check_play_points(detail, in_play, REGISTRY)
        if found:
            raise EntryProblems([problem(f"play.{path}", code, message)
                                 for path, code, message in found])
        points = in_play.play_points[detail["code"]]
        scored = score_play_points(detail, in_play)
        scores = dict.fromkeys(winners, scored.points)
        said = Message("pad.entry.scored", {
            "who": names_listing([names[color] for color in winners]),
            "explanation": scored.said})
        if points.paid:
            payer = detail.get("from")
            if len(winners) != 1 or payer not in colors or payer in winners:
                raise EntryProblems([problem(
                    "play.from", "invalid_payer",
                    "Name the one player who receives the points and, under from, the other "
                    "player of this game who pays them.")])
            scores[payer] = -scored.points
            said = Message("pad.entry.paid", {
                "payer": names[payer], "payee": names[winners[0]], "points": scored.points,
                "explanation": scored.said})
        return kind, detail, scores, said
    points, reason = detail.get("points"), detail.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        errors.append(problem("free.reason", "required",
                              "Say why these points are given, so the table can check them."))
    if not isinstance(points, int) or isinstance(points, bool) or not (
            -MAX_FREE_POINTS <= points <= MAX_FREE_POINTS) or points == 0:
        errors.append(problem("free.points", "invalid_count",
                              f"Give the points as a whole number from -{MAX_FREE_POINTS} to "
                              f"{MAX_FREE_POINTS}, not 0."))
    if errors:
        raise EntryProblems(errors)
    return kind, detail, dict.fromkeys(winners, points), Message("pad.entry.free", {
        "who": names_listing([names[color] for color in winners]), "reason": reason.strip(),
        "points": points})


def standings(game_players: list[dict[str, str]], entries: Iterable[Any]) -> dict[str, Any]:
    """Each player's total, where the marker stands on the track (0-49) and its laps,
    and the running totals after each counted entry (the chart's series)."""
    colors = [player["color"] for player in game_players]
    totals = dict.fromkeys(colors, 0)
    series = {color: [0] for color in colors}
    finished = False
    for entry in entries:
        if entry.undone:
            continue
        finished = finished or entry.kind == "final"
        for color, points in entry.scores.items():
            if color in totals:
                totals[color] += points
        for color in colors:
            series[color].append(totals[color])
    ranked = sorted(set(totals.values()), reverse=True)
    players = [
        {**player, "total": totals[player["color"]],
         "track": totals[player["color"]] % TRACK_SPACES,
         "laps": totals[player["color"]] // TRACK_SPACES,
         "rank": ranked.index(totals[player["color"]]) + 1,
         "series": series[player["color"]]}
        for player in game_players
    ]
    winners = [player["color"] for player in players if player["rank"] == 1] if finished else []
    return {"players": players, "finished": finished, "winners": winners}
