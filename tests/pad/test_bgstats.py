"""A finished pad game exported to BG Stats: the exact play JSON and link for a known game,
from the API (write key or watching link) and on the game's page; nothing before the final
scoring."""

import html
import json
from datetime import UTC, datetime
from urllib.parse import unquote

import pytest

from carcwiki.pad.models import Entry, Game

from .test_api import GAMES, add, finished_board, new_game

pytestmark = pytest.mark.django_db

STARTED = datetime(2026, 11, 28, 20, 0, 0, tzinfo=UTC)
FINAL_SCORED = datetime(2026, 11, 28, 20, 47, 30, tzinfo=UTC)

#: Ann (red) scores a 4-tile road during play, 4; the final scoring gives her the 3-tile
#: city with its pennant, 3 × 2 + 1 × 2 = 8: 12 in all. Bo (blue) scores nothing: 0.
#: Started at 20:00:00, final scoring at 20:47:30: 47.5 minutes, 48 rounded.
KNOWN_PLAY = {
    "sourceName": "carcwiki score pad",
    "sourcePlayId": "watch-known-game",
    "playDate": "2026-11-28 20:00:00",
    "durationMin": 48,
    "game": {"name": "Carcassonne", "sourceGameId": "carcassonne", "bggId": 822,
             "highestWins": True, "noPoints": False},
    "players": [
        {"name": "Ann", "sourcePlayerId": "Ann", "score": 12, "winner": True, "rank": 1,
         "startPlayer": True, "role": "red"},
        {"name": "Bo", "sourcePlayerId": "Bo", "score": 0, "winner": False, "rank": 2,
         "startPlayer": False, "role": "blue"},
    ],
}
KNOWN_DATA = (
    "%7B%22sourceName%22%3A%22carcwiki%20score%20pad%22%2C%22sourcePlayId%22%3A%22watch-"
    "known-game%22%2C%22playDate%22%3A%222026-11-28%2020%3A00%3A00%22%2C%22durationMin%22"
    "%3A48%2C%22game%22%3A%7B%22name%22%3A%22Carcassonne%22%2C%22sourceGameId%22%3A%22"
    "carcassonne%22%2C%22bggId%22%3A822%2C%22highestWins%22%3Atrue%2C%22noPoints%22%3A"
    "false%7D%2C%22players%22%3A%5B%7B%22name%22%3A%22Ann%22%2C%22sourcePlayerId%22%3A%22"
    "Ann%22%2C%22score%22%3A12%2C%22winner%22%3Atrue%2C%22rank%22%3A1%2C%22startPlayer%22"
    "%3Atrue%2C%22role%22%3A%22red%22%7D%2C%7B%22name%22%3A%22Bo%22%2C%22sourcePlayerId"
    "%22%3A%22Bo%22%2C%22score%22%3A0%2C%22winner%22%3Afalse%2C%22rank%22%3A2%2C%22"
    "startPlayer%22%3Afalse%2C%22role%22%3A%22blue%22%7D%5D%7D"
)


def known_game(client) -> dict:
    """The game of KNOWN_PLAY, through the API, at fixed moments and watching id."""
    game = new_game(client)
    add(client, game, {"players": ["red"], "feature": {"kind": "road", "tiles": 4}})
    response = client.post(f"{GAMES}{game['key']}/final/", finished_board(),
                           content_type="application/json")
    assert response.status_code == 201
    Game.objects.filter(key=game["key"]).update(watch="watch-known-game", created_at=STARTED)
    Entry.objects.filter(kind="final").update(created_at=FINAL_SCORED)
    return {**game, "watch": "watch-known-game"}


def test_the_known_game_exports_its_exact_play_and_links(client):
    game = known_game(client)
    response = client.get(f"{GAMES}{game['key']}/bgstats/")
    assert response.status_code == 200
    assert response.json() == {
        "play": KNOWN_PLAY,
        "link": "bgstats://app.bgstatsapp.com/createPlay.html?data=" + KNOWN_DATA,
        "web_link": "https://app.bgstatsapp.com/createPlay.html?data=" + KNOWN_DATA,
    }
    # The link carries exactly the play, and never the game's write key.
    assert json.loads(unquote(KNOWN_DATA)) == KNOWN_PLAY
    assert game["key"] not in response.content.decode()


def test_the_watching_link_exports_the_same_play(client):
    game = known_game(client)
    watched = client.get(f"/api/pad/watch/{game['watch']}/bgstats/")
    assert watched.status_code == 200 and watched.json()["play"] == KNOWN_PLAY


def test_a_tie_makes_both_winners_of_rank_1(client):
    game = new_game(client)
    # Bo's 8-point free entry matches Ann's city of the final scoring: 8 each.
    add(client, game, {"players": ["blue"], "free": {"points": 8, "reason": "a city"}})
    client.post(f"{GAMES}{game['key']}/final/", finished_board(),
                content_type="application/json")
    players = client.get(f"{GAMES}{game['key']}/bgstats/").json()["play"]["players"]
    assert [(p["name"], p["score"], p["winner"], p["rank"]) for p in players] == [
        ("Ann", 8, True, 1), ("Bo", 8, True, 1)]


def test_an_unfinished_game_has_nothing_to_export(client):
    game = new_game(client)
    add(client, game, {"players": ["red"], "feature": {"kind": "road", "tiles": 4}})
    response = client.get(f"{GAMES}{game['key']}/bgstats/")
    assert response.status_code == 409
    assert response.json()["errors"] == [{
        "path": "", "code": "not_finished",
        "message": "The game has no final scoring yet: score the table first, then send it "
                   "to BG Stats."}]
    assert client.get(f"{GAMES}{game['key']}/").json()["bg_stats_link"] is None
    assert client.get("/api/pad/watch/no-such-game/bgstats/").status_code == 404


def test_a_final_scoring_undone_takes_the_export_back(client):
    game = known_game(client)
    Entry.objects.filter(kind="final").update(undone=True)
    assert client.get(f"{GAMES}{game['key']}/bgstats/").status_code == 409


def test_the_game_page_offers_the_link_once_finished(client):
    game = new_game(client)
    before = client.get(f"/pad/{game['key']}/").content.decode()
    assert 'data-bg-stats-row hidden' in before
    client.post(f"{GAMES}{game['key']}/final/", finished_board(),
                content_type="application/json")
    state = client.get(f"{GAMES}{game['key']}/").json()
    assert state["bg_stats_link"].startswith("bgstats://app.bgstatsapp.com/createPlay.html?")
    for page in (f"/pad/{game['key']}/", f"/pad/watch/{game['watch']}/"):
        document = client.get(page).content.decode()
        assert "data-bg-stats-row hidden" not in document
        assert f'href="{html.escape(state["bg_stats_link"])}" data-bg-stats' in document
        assert "Add this game to BG Stats" in document
