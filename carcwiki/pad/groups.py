"""A group's history: the games a table played one after another, with each player's
games, wins and average score over the finished ones (players known by their name)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db.models import Prefetch

from . import points
from .models import Entry, Game

MAX_GAMES = 200


def history(group: str) -> dict[str, Any] | None:
    games = list(Game.objects.filter(group=group).order_by("-created_at")
                 .prefetch_related(Prefetch("entries", queryset=Entry.objects.order_by("id")))
                 [:MAX_GAMES])
    if not games:
        return None
    listed = []
    played: dict[str, list[int]] = defaultdict(list)
    wins: dict[str, int] = defaultdict(int)
    names: dict[str, str] = {}
    for game in games:
        standing = points.standings(game.players, game.entries.all())
        listed.append({"game": game, **standing})
        if not standing["finished"]:
            continue
        for player in standing["players"]:
            who = player["name"].casefold()
            names.setdefault(who, player["name"])
            played[who].append(player["total"])
            wins[who] += player["color"] in standing["winners"]
    players = sorted(
        ({"name": names[who], "games": len(totals), "wins": wins[who],
          "average": round(sum(totals) / len(totals), 1)} for who, totals in played.items()),
        key=lambda row: (-row["wins"], -row["average"], row["name"]))
    return {"games": listed, "players": players}
