"""A finished game in the form BG Stats imports: a play as JSON, carried by a
``bgstats://app.bgstatsapp.com/createPlay.html?data=<the JSON, URL-encoded>`` link that
opens the app on a phone with the play filled in for the player to confirm (the same
address over ``https://`` opens BG Stats' web page).

The fields are the ones BG Stats reads from such a link, as the public projects that push
plays to it use them (``sourceName`` and ``sourcePlayId`` say where the play comes from, so
that the same game sent twice is recognised; ``playDate`` is ``YYYY-MM-DD HH:MM:SS``, here
in the site's time zone (``TIME_ZONE``); ``durationMin``; ``game.bggId`` is BoardGameGeek's
id, 822 for Carcassonne; each player has a ``name``, a ``score``, ``winner``, ``rank``,
``startPlayer`` and a free ``role``, here the player's colour). Nothing else is guessed: no
expansion ids, no location.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any
from urllib.parse import quote

from django.utils import timezone

from . import points
from .models import Entry, Game

APP_LINK = "bgstats://app.bgstatsapp.com/createPlay.html?data="
WEB_LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "carcwiki score pad"
CARCASSONNE = {"name": "Carcassonne", "sourceGameId": "carcassonne", "bggId": 822,
               "highestWins": True, "noPoints": False}


def _local(moment: datetime) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M:%S")


def play(game: Game, entries: list[Entry] | None = None,
         standing: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The game as a BG Stats play, or None while its final scoring is not in. The play
    is known by the game's watching id (never its write key), its date is when the game
    was started, its length runs to the final scoring, and the players keep their seat
    order, the first one as the start player. ``entries`` and ``standing``
    (:func:`points.standings`), when the caller has them, spare reading them again."""
    entries = list(game.entries.all()) if entries is None else entries
    standing = points.standings(game.players, entries) if standing is None else standing
    finals = [entry for entry in entries if entry.kind == Entry.Kind.FINAL and not entry.undone]
    if not standing["finished"] or not finals:
        return None
    ended = max(entry.created_at for entry in finals)
    minutes = max(1, round((ended - game.created_at).total_seconds() / 60))
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": game.watch,
        "playDate": _local(game.created_at),
        "durationMin": minutes,
        "game": dict(CARCASSONNE),
        "players": [
            {"name": player["name"], "sourcePlayerId": player["name"],
             "score": player["total"], "winner": player["color"] in standing["winners"],
             "rank": player["rank"], "startPlayer": seat == 0, "role": player["color"]}
            for seat, player in enumerate(standing["players"])
        ],
    }


def links(exported: dict[str, Any]) -> dict[str, str]:
    """The app's link and the web page's, each carrying the play."""
    data = quote(json.dumps(exported, ensure_ascii=False, separators=(",", ":")), safe="")
    return {"link": APP_LINK + data, "web_link": WEB_LINK + data}
