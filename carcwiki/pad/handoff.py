"""From the score pad to the final scoring: the builder opened with a pad game's table.

"Score the table" opens ``/board/?pad=<key>``: the builder starts with the game's
edition, expansions and players, each with the pad's total as the points already on the
scoreboard, so the final scoring adds to what was scored during play. The page keeps its
work in progress under its own draft key, apart from the plain builder's.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from . import points
from .models import Game


def builder_setup(key: str) -> dict[str, Any] | None:
    """The builder's initial set-up for the pad game with write key ``key`` (``None``
    when there is none): merged over the page's own ``initial``."""
    game = Game.objects.filter(key=key).first()
    if game is None:
        return None
    standing = points.standings(game.players, game.entries.all())
    return {
        "edition": game.edition,
        "expansions": list(game.expansions),
        "players": [{"color": player["color"], "name": player["name"],
                     "points": player["total"]} for player in standing["players"]],
        "draft": f"{reverse('builder:board')}?pad={game.key}",
        "pad": {"url": reverse("pad:game", kwargs={"key": game.key}),
                "final": reverse("pad-api:final", kwargs={"code": game.key})},
    }
