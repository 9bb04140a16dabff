"""The score pad's API: a game, its entries with points by the rules, totals and the
track, the problems a player can make (each a 400 with a path), retries kept once,
writes through the watching link refused, and the phones' conditional polls."""

import pytest

from carcwiki.pad.api import MAX_ENTRIES
from carcwiki.pad.models import Entry, Game
from carcwiki.pad.throttling import NewGameThrottle

pytestmark = pytest.mark.django_db

GAMES = "/api/pad/games/"
PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Bo", "color": "blue"}]


def new_game(client, expansions=None, players=PLAYERS, edition="C3"):
    body = {"edition": edition, "players": players}
    if expansions is not None:
        body["expansions"] = expansions
    response = client.post(GAMES, body, content_type="application/json")
    assert response.status_code == 201, response.json()
    return response.json()


def add(client, game, body, uid="entry-0001"):
    return client.post(f"{GAMES}{game['key']}/entries/", {"uid": uid, **body},
                       content_type="application/json")


def errors(response):
    return [(error["path"], error["code"]) for error in response.json()["errors"]]


def test_a_new_game_has_two_addresses_and_the_editions_defaults(client):
    game = new_game(client)
    assert len(game["key"]) >= 22 and len(game["watch"]) >= 16 and game["key"] != game["watch"]
    assert game["url"] == f"/pad/{game['key']}/"
    assert game["watch_url"] == f"/pad/watch/{game['watch']}/"
    assert game["expansions"] == ["farmers", "abbot"]
    assert [(player["color"], player["total"], player["track"], player["laps"])
            for player in game["players"]] == [("red", 0, 0, 0), ("blue", 0, 0, 0)]
    watched = client.get(f"/api/pad/watch/{game['watch']}/").json()
    assert "key" not in watched and "url" not in watched


def test_a_city_shared_by_two_winners_scores_both_in_full(client):
    game = new_game(client, ["inns-cathedrals"])
    response = add(client, game, {"players": ["red", "blue"], "feature": {
        "kind": "city", "tiles": 5, "pennants": 2, "with": ["cathedral"]}})
    assert response.status_code == 201
    entry = response.json()
    # 5 tiles × 3 + 2 pennants × 3 = 21 to each winner
    assert entry["scores"] == {"red": 21, "blue": 21}
    assert entry["explanation"] == (
        "Ann and Bo: completed city with a cathedral: 5 tiles × 3 + 2 pennants × 3 = 21 each")


def test_totals_the_track_and_laps_add_up_every_counted_entry(client):
    game = new_game(client)
    # 20 tiles × 2 + 20 pennants × 2 = 80, then a 4-tile road: 4
    add(client, game, {"players": ["red"], "feature": {"kind": "city", "tiles": 20,
                                                       "pennants": 20}}, uid="entry-0001")
    add(client, game, {"players": ["blue"], "feature": {"kind": "road", "tiles": 4}},
        uid="entry-0002")
    add(client, game, {"players": ["blue"], "free": {"points": 5, "reason": "forgot a road"}},
        uid="entry-0003")
    state = client.get(f"{GAMES}{game['key']}/").json()
    red, blue = state["players"]
    # red: 80 = one lap of 50 and the marker on 30; blue: 4 + 5 = 9
    assert (red["total"], red["track"], red["laps"], red["rank"]) == (80, 30, 1, 1)
    assert (blue["total"], blue["track"], blue["laps"], blue["rank"]) == (9, 9, 0, 2)
    assert red["series"] == [0, 80, 80, 80] and blue["series"] == [0, 0, 4, 9]
    assert [entry["explanation"] for entry in state["entries"]] == [
        "Ann: completed city: 20 tiles × 2 + 20 pennants × 2 = 80",
        "Bo: completed road: 4 tiles × 1 = 4",
        "Bo: forgot a road: 5"]


def test_a_ransom_moves_3_points_from_the_payer_to_the_captor(client):
    game = new_game(client, ["tower"], edition="C2")
    response = add(client, game, {"players": ["red"], "play": {"code": "ransom",
                                                               "from": "blue"}})
    assert response.json()["scores"] == {"red": 3, "blue": -3}
    assert response.json()["explanation"] == "Bo pays Ann 3: a prisoner bought back: 3"


def test_an_entry_keeps_its_explanation_as_a_message_and_reads_it_in_english(client):
    game = new_game(client)
    response = add(client, game, {"players": ["red", "blue"], "feature": {"kind": "road",
                                                                         "tiles": 3}})
    entry = response.json()
    # 3 tiles × 1 = 3 to each winner.
    assert entry["explanation"] == "Ann and Bo: completed road: 3 tiles × 1 = 3 each"
    assert entry["message_id"] == "pad.entry.scored_each"
    assert entry["params"] == {
        "who": {"list": ["Ann", "Bo"], "join": "join.and"},
        "explanation": {"id": "score.worth_one", "params": {
            "label": {"id": "label.completed", "params": {
                "noun": {"id": "word.road", "params": {}}}},
            "count": 3, "unit": {"id": "word.tile.plural", "params": {}}, "each": 1,
            "points": 3}}}
    # The database holds the message, not its English.
    stored = Entry.objects.get(uid="entry-0001")
    assert stored.said == {"id": entry["message_id"], "params": entry["params"]}
    assert stored.explanation == ""


def test_an_entry_written_before_messages_reads_as_it_was(client):
    game = new_game(client)
    Entry.objects.create(game=Game.objects.get(key=game["key"]), uid="old-0001", kind="free",
                         players=["red"], detail={"points": 2, "reason": "a bet"},
                         scores={"red": 2}, explanation="Ann: a bet: 2")
    (entry,) = client.get(f"{GAMES}{game['key']}/").json()["entries"]
    assert (entry["explanation"], entry["message_id"], entry["params"]) == (
        "Ann: a bet: 2", None, None)


def test_undo_and_edit_change_the_totals_and_keep_the_log(client):
    game = new_game(client)
    add(client, game, {"players": ["red"], "feature": {"kind": "road", "tiles": 3}})
    url = f"{GAMES}{game['key']}/entries/entry-0001/"
    edited = client.put(url, {"players": ["blue"], "feature": {"kind": "road", "tiles": 5}},
                        content_type="application/json")
    assert edited.status_code == 200 and edited.json()["scores"] == {"blue": 5}
    assert client.delete(url).json()["undone"] is True
    state = client.get(f"{GAMES}{game['key']}/").json()
    assert [player["total"] for player in state["players"]] == [0, 0]
    assert [entry["undone"] for entry in state["entries"]] == [True]


def test_an_entry_sent_twice_counts_once(client):
    game = new_game(client)
    body = {"players": ["red"], "feature": {"kind": "monastery"}}
    first, again = add(client, game, body), add(client, game, body)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    assert Entry.objects.count() == 1
    assert client.get(f"{GAMES}{game['key']}/").json()["players"][0]["total"] == 9


@pytest.mark.parametrize(("expansions", "body", "expected"), [
    ([], {"players": ["red"], "feature": {"kind": "city", "tiles": 0}},
     [("feature.tiles", "invalid_count")]),
    ([], {"players": ["red"], "feature": {"kind": "city", "tiles": 2, "pennants": 3}},
     [("feature.pennants", "too_many_pennants")]),
    ([], {"players": ["green"], "feature": {"kind": "road", "tiles": 2}},
     [("players[0]", "player_not_in_game")]),
    ([], {"players": ["red"], "feature": {"kind": "road", "tiles": 2, "with": ["inn"]}},
     [("feature.with[0]", "expansion_not_in_play")]),
    ([], {"players": ["red"], "feature": {"kind": "garden"}},
     [("feature.kind", "expansion_not_in_play")]),
    ([], {"players": ["red"], "play": {"code": "ransom", "from": "blue"}},
     [("play.code", "expansion_not_in_play")]),
    (["flier"], {"players": ["red"], "play": {"code": "flock", "count": 3}},
     [("play.code", "expansion_not_in_play")]),
    ([], {"players": ["red"], "free": {"points": 3, "reason": " "}},
     [("free.reason", "blank")]),
    ([], {"players": ["red"]}, [("", "invalid")]),
])
def test_an_entry_that_makes_no_sense_is_a_400_with_a_path(client, expansions, body, expected):
    game = new_game(client, expansions)
    response = add(client, game, body)
    assert response.status_code == 400
    assert errors(response) == expected
    assert all(error["message"].endswith(".") for error in response.json()["errors"])
    assert Entry.objects.count() == 0


def test_a_player_not_in_the_game_is_named_in_the_message(client):
    game = new_game(client)
    response = add(client, game, {"players": ["green"], "feature": {"kind": "road",
                                                                    "tiles": 2}})
    assert response.json()["errors"][0]["message"] == (
        "No green player in this game: it has red, blue.")


def test_a_write_through_the_watching_link_is_a_403(client):
    game = new_game(client)
    response = client.post(f"/api/pad/watch/{game['watch']}/entries/",
                           {"uid": "entry-0001", "players": ["red"],
                            "feature": {"kind": "road", "tiles": 2}},
                           content_type="application/json")
    assert response.status_code == 403
    assert errors(response) == [("", "read_only")]
    assert client.delete(f"/api/pad/watch/{game['watch']}/entries/x/").status_code == 403
    assert Entry.objects.count() == 0


def test_a_wrong_key_finds_no_game(client):
    new_game(client)
    response = client.post(f"{GAMES}not-a-key/entries/", {"uid": "entry-0001"},
                           content_type="application/json")
    assert response.status_code == 404 and errors(response) == [("", "not_found")]


@pytest.mark.parametrize(("body", "expected"), [
    ({"players": PLAYERS[:1]}, [("players", "min_length")]),
    ({"players": [PLAYERS[0], {**PLAYERS[1], "color": "red"}]}, [("players", "invalid")]),
    ({"players": PLAYERS, "expansions": ["no-such"]}, [("expansions[0]", "unknown_expansion")]),
    ({"players": PLAYERS, "edition": "C3", "expansions": ["besiegers"]},
     [("expansions[0]", "expansion_not_in_edition")]),
])
def test_a_game_that_cannot_be_played_is_a_400(client, body, expected):
    response = client.post(GAMES, body, content_type="application/json")
    assert response.status_code == 400 and errors(response) == expected


def test_a_phone_polling_an_unchanged_game_gets_a_304(client):
    game = new_game(client)
    url = f"{GAMES}{game['key']}/"
    first = client.get(url)
    etag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    add(client, game, {"players": ["red"], "feature": {"kind": "road", "tiles": 2}})
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert changed.json()["version"] == game["version"] + 1


def test_a_game_holds_a_limited_number_of_entries(client):
    game = new_game(client)
    Entry.objects.bulk_create(
        Entry(game=Game.objects.get(key=game["key"]), uid=f"bulk-{index:06d}", kind="free",
              players=["red"], detail={}, scores={"red": 1}, explanation="x")
        for index in range(MAX_ENTRIES))
    response = add(client, game, {"players": ["red"], "feature": {"kind": "road", "tiles": 2}})
    assert response.status_code == 400 and errors(response) == [("", "too_many_entries")]


def test_games_per_client_are_limited(client, monkeypatch):
    monkeypatch.setattr(NewGameThrottle, "THROTTLE_RATES", {"pad_game": "2/hour"})
    new_game(client)
    new_game(client)
    response = client.post(GAMES, {"players": PLAYERS}, content_type="application/json")
    assert response.status_code == 429 and errors(response) == [("", "throttled")]
    assert response.json()["errors"][0]["message"].startswith(
        "Too many games started from here lately")
    assert "Retry-After" in response


def test_the_production_limits():
    from carcwiki.settings import base

    rates = base.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    assert (rates["pad_game"], rates["pad_write"]) == ("30/hour", "240/min")
    assert "pad_read" not in rates  # polls are not counted


def finished_board(players=("red", "blue")):
    # A city of 3 tiles and 1 pennant with red's meeple, still standing at the end.
    return {"edition": "C3", "expansions": ["farmers", "abbot"],
            "players": [{"color": color, "points": 99} for color in players],
            "tiles": [{"tile": "E", "x": 0, "y": 0, "rotation": 0},
                      {"tile": "F", "x": 0, "y": -1, "rotation": 90},
                      {"tile": "E", "x": 0, "y": -2, "rotation": 180}],
            "figures": [{"player": "red", "x": 0, "y": 0, "at": "N"}]}


def test_the_final_scoring_is_scored_here_and_added_as_the_last_entries(client):
    game = new_game(client)
    add(client, game, {"players": ["red"], "feature": {"kind": "road", "tiles": 4}})
    url = f"{GAMES}{game['key']}/final/"
    response = client.post(url, finished_board(), content_type="application/json")
    assert response.status_code == 201, response.json()
    state = response.json()
    # Red: 4 during play (the board's 99 is ignored) + the city, 3 × 2 + 1 × 2 = 8 = 12.
    assert [(player["color"], player["total"]) for player in state["players"]] == [
        ("red", 12), ("blue", 0)]
    assert [entry["explanation"] for entry in state["entries"][-2:]] == [
        "Ann: final scoring: cities 8 = 8", "Bo: final scoring: nothing"]
    assert state["finished"] is True and state["winners"] == ["red"]
    # Scored again (a board corrected), the first final scoring is undone.
    again = client.post(url, finished_board(), content_type="application/json").json()
    assert [player["total"] for player in again["players"]] == [12, 0]
    assert [entry["undone"] for entry in again["entries"]] == [False, True, True, False, False]
    final_uid = again["entries"][-1]["uid"]
    edit = client.put(f"{GAMES}{game['key']}/entries/{final_uid}/",
                      {"players": ["red"], "free": {"points": 50, "reason": "more"}},
                      content_type="application/json")
    assert edit.status_code == 400 and errors(edit) == [("", "final_scoring")]


def test_a_final_board_with_other_players_or_problems_is_a_400(client):
    game = new_game(client)
    url = f"{GAMES}{game['key']}/final/"
    other = client.post(url, finished_board(("red", "green")), content_type="application/json")
    assert errors(other) == [("players", "players_not_in_game")]
    assert other.json()["errors"][0]["message"] == (
        "The board's players must be the game's: Ann (red), Bo (blue).")
    broken = finished_board()
    broken["tiles"][1]["rotation"] = 0  # the middle tile no longer fits
    response = client.post(url, broken, content_type="application/json")
    assert response.status_code == 400
    assert all(path.startswith("board.") for path, _ in errors(response))
    assert Entry.objects.filter(kind="final").count() == 0


@pytest.mark.parametrize("body", [
    b"[1, 2]", b"{", b'{"players": [{"color": null}, {"color": "red"}]}',
    b'{"players": [{"color": "red", "name": "\\ud800"}, {"color": "blue"}], "tiles": []}',
    b'{"players": "red"}',
])
def test_any_final_board_is_a_400_never_a_500(client, body):
    game = new_game(client)
    response = client.post(f"{GAMES}{game['key']}/final/", body,
                           content_type="application/json")
    assert response.status_code == 400 and response.json()["errors"]


def test_an_unknown_count_name_with_a_lone_surrogate_is_a_400(client):
    game = new_game(client, ["hills-sheep"], edition="C2")
    response = add(client, game, {"players": ["red"], "feature": {
        "kind": "monastery"}, "uid": "entry-0001"})
    assert response.status_code == 201
    raw = (b'{"uid": "entry-0002", "players": ["red"], "feature": {"kind": "monastery", '
           b'"around": {"\\ud800": 1}}}')
    response = client.post(f"{GAMES}{game['key']}/entries/", raw,
                           content_type="application/json")
    assert response.status_code == 400 and errors(response) == [
        ("feature.around.\ud800", "expansion_not_in_play")]
