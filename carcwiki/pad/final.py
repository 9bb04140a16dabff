"""A pad game's final scoring: the finished board scored by the engine, as entries.

The board comes from the builder ("Score the table"); its players must be the game's.
The points already on the scoreboard are the pad's totals, whatever the board says, so
the result adds the final scoring to exactly what the pad holds.
"""

from __future__ import annotations

from typing import Any

from scoring.engine import InvalidBoardError, Listing, Message, add_templates, score_request
from scoring.tileset import current_tiles

from . import points
from .models import Game

KIND_WORDS = {"road": "roads", "city": "cities", "monastery": "monasteries",
              "garden": "gardens", "farm": "farms"}

add_templates({
    "pad.final": "{name}: final scoring: {parts} = {points}",
    "pad.final.nothing": "{name}: final scoring: nothing",
    "pad.final.part": "{kind} {points}",
    **{f"pad.final.kind.{kind}": words for kind, words in KIND_WORDS.items()},
})


def kind_words(kind: str) -> Message | str:
    """``roads``: what a player's points of one kind are headed by; a kind an expansion
    adds (``castle``) by its code."""
    return Message(f"pad.final.kind.{kind}") if kind in KIND_WORDS else kind


def final_scoring(game: Game, board: dict[str, Any]) -> list[tuple[str, int, dict, Message]]:
    """(colour, final points, points by kind, explanation) for each of the game's
    players, or :class:`points.EntryProblems`."""
    standing = {player["color"]: player for player in
                points.standings(game.players, game.entries.all())["players"]}
    players = board.get("players")
    colors = [player.get("color") for player in players
              if isinstance(player, dict) and isinstance(player.get("color"), str)] \
        if isinstance(players, list) else []
    if len(colors) != len(players or ()) or sorted(colors) != sorted(standing):
        listed = ", ".join(f"{player['name']} ({color})" for color, player in standing.items())
        raise points.EntryProblems([points.problem(
            "players", "players_not_in_game",
            f"The board's players must be the game's: {listed}.")])
    board = {**board, "players": [
        {**player, "points": standing[player["color"]]["total"]} for player in players]}
    try:
        result = score_request(board, current_tiles())
    except InvalidBoardError as invalid:
        raise points.EntryProblems([
            {**error, "path": f"board.{error['path']}" if error["path"] else "board"}
            for error in invalid.to_json()["errors"]]) from None
    found = []
    for player in result.players:
        color = player.color.value
        by_kind = {kind: value for kind, value in player.by_kind.items() if value}
        parts = Listing(tuple(Message("pad.final.part", {"kind": kind_words(kind), "points": value})
                              for kind, value in by_kind.items()), "join.plus")
        name = standing[color]["name"]
        text = (Message("pad.final", {"name": name, "parts": parts,
                                      "points": player.final_points}) if parts.items
                else Message("pad.final.nothing", {"name": name}))
        found.append((color, player.final_points, by_kind, text))
    return found
