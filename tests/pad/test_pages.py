"""The score pad's pages without a browser: a game started by the plain form, the game and
watching pages, the service worker, the group's history, and the builder opened with a
pad game's players and totals."""

import json
import re

import pytest

from carcwiki.pad.models import Game

pytestmark = pytest.mark.django_db

CITY_BOARD = {"edition": "C3", "expansions": ["farmers", "abbot"],
              "tiles": [{"tile": "E", "x": 0, "y": 0, "rotation": 0},
                        {"tile": "E", "x": 0, "y": -1, "rotation": 180}],
              "figures": [{"player": "red", "x": 0, "y": 0, "at": "N"}]}


def start(client, **fields):
    form = {"color-0": "yellow", "name-0": "Ann", "color-1": "red", "name-1": "",
            "edition": "C3", "expansions": ["farmers", "abbot"], **fields}
    return client.post("/pad/", form)


def test_the_form_starts_a_game_and_opens_its_page(client):
    page = client.get("/pad/")
    assert page.status_code == 200
    assert b'name="color-0"' in page.content and b"Start the game" in page.content
    response = start(client)
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/pad/{game.key}/"
    # A player with no name is named by its colour.
    assert game.players == [{"name": "Ann", "color": "yellow"}, {"name": "Red", "color": "red"}]
    assert game.expansions == ["farmers", "abbot"]
    shown = client.get(response["Location"])
    assert shown["Referrer-Policy"] == "no-referrer"
    assert b'data-testid="entry-form"' in shown.content
    data = json.loads(re.search(rb'id="pad-data" type="application/json">(.*?)</script>',
                                shown.content).group(1))
    assert data["game"]["key"] == game.key and data["watching"] is False
    watched = client.get(f"/pad/watch/{game.watch}/")
    assert b'data-testid="entry-form"' not in watched.content and game.key.encode() not in \
        watched.content


def test_the_form_refuses_a_game_that_cannot_be_played_in_words(client):
    response = start(client, **{"color-1": "yellow"})
    assert response.status_code == 400
    assert b"Give each player a colour of their own." in response.content
    response = start(client, **{"color-1": ""})
    assert b"A game needs at least two players." in response.content
    assert Game.objects.count() == 0


def test_the_service_worker_lists_the_pads_files_and_no_api(client):
    response = client.get("/pad/sw.js")
    assert response["Content-Type"].startswith("text/javascript")
    body = response.content.decode()
    assert '"/static/js/pad/pad.js"' in body and '"/static/css/pad.css"' in body
    assert 'startsWith("/api/")) return;' in body


def test_the_builder_opens_with_the_pads_players_and_totals(client):
    start(client)
    game = Game.objects.get()
    client.post(f"/api/pad/games/{game.key}/entries/", {
        "uid": "entry-0001", "players": ["yellow"], "feature": {"kind": "monastery"}},
        content_type="application/json")
    page = client.get(f"/board/?pad={game.key}")
    data = json.loads(re.search(rb'id="builder-data" type="application/json">(.*?)</script>',
                                page.content).group(1))
    assert data["initial"]["players"] == [
        {"color": "yellow", "name": "Ann", "points": 9}, {"color": "red", "name": "Red",
                                                          "points": 0}]
    assert data["initial"]["draft"] == f"/board/?pad={game.key}"
    assert f'data-pad-final="/api/pad/games/{game.key}/final/"'.encode() in page.content
    # An unknown key opens the plain builder.
    plain = client.get("/board/?pad=nothing")
    assert b"data-pad-final" not in plain.content


def test_the_groups_history_counts_wins_and_averages_of_finished_games(client):
    start(client)
    first = Game.objects.get()
    # Game 1: Ann (yellow) 9 during play; the final scoring gives Red a 2-tile city, 4.
    client.post(f"/api/pad/games/{first.key}/entries/", {
        "uid": "entry-0001", "players": ["yellow"], "feature": {"kind": "monastery"}},
        content_type="application/json")
    board = {**CITY_BOARD, "players": [{"color": "yellow"}, {"color": "red"}]}
    client.post(f"/api/pad/games/{first.key}/final/", board, content_type="application/json")
    again = client.post(f"/pad/{first.key}/again/")
    second = Game.objects.exclude(pk=first.pk).get()
    assert again["Location"] == f"/pad/{second.key}/"
    assert (second.group, second.players) == (first.group, first.players)
    # Game 2: Red 20 during play, then the same final board: 24 against 0.
    client.post(f"/api/pad/games/{second.key}/entries/", {
        "uid": "entry-0001", "players": ["red"], "free": {"points": 20, "reason": "a test"}},
        content_type="application/json")
    client.post(f"/api/pad/games/{second.key}/final/", board, content_type="application/json")
    page = client.get(f"/pad/group/{first.group}/")
    rows = re.findall(rb"<tr><th scope=\"row\">(\w+)</th><td>(\d+)</td><td>(\d+)</td>"
                      rb"<td>([\d.]+)</td></tr>", page.content)
    # Ann: 9 and 0, one win, average 4.5; Red: 4 and 24, one win, average 14.
    assert rows == [(b"Red", b"2", b"1", b"14.0"), (b"Ann", b"2", b"1", b"4.5")]
    assert client.get("/pad/group/nothing/").status_code == 404
