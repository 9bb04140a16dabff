"""The engine's words as data: every message a scoring of a known-answer board gives has
an English template, and each template's placeholders are exactly the message's
parameters (see :mod:`scoring.engine.messages`)."""

import json
from pathlib import Path

import pytest

from scoring.engine import DEFAULT_REGISTRY, result_templates, score_request, validate_request
from scoring.engine.messages import (
    ENGLISH,
    FeatureRef,
    Listing,
    Message,
    PlayerRef,
    add_templates,
    placeholders,
)
from scoring.engine.pad import score_play_points
from scoring.engine.tiles import TileSet
from tests.known_boards import BOARDS, board_path
from tests.message_words import english_words, request_codes


def _said(result) -> list[Message]:
    """What a scoring says: its warnings, its features' explanations, its bonus entries'."""
    said = [warning.said for warning in result.warnings]
    said += [feature.said for feature in result.features]
    said += [entry.said for entries in result.bonuses.values() for entry in entries
             if entry.said is not None]
    return said


def _messages(result) -> list[Message]:
    return [message for top in _said(result) for message in top.walk()]


def _joins(message: Message) -> list[str]:
    return [value.join for value in message.params.values() if isinstance(value, Listing)]


@pytest.mark.parametrize("path", BOARDS, ids=lambda path: path.stem)
def test_every_message_of_a_known_board_has_a_template_that_fits(path: Path, all_tiles):
    request = json.loads(path.read_text(encoding="utf-8"))["request"]
    result = score_request(request, all_tiles, for_players=True)
    page = result_templates()  # what the builder's page is given
    for message in _messages(result):
        assert message.id in ENGLISH, message.id
        assert message.id in page, message.id
        assert placeholders(ENGLISH[message.id]) == set(message.params), message.id
        for join in _joins(message):
            assert join in ENGLISH, join


@pytest.mark.parametrize("path", BOARDS, ids=lambda path: path.stem)
def test_an_explanation_says_no_english_words_of_its_own(path: Path, all_tiles):
    # Every word an explanation, a warning or a bonus entry says is in a template: its
    # string parameters are codes or the request's own values, never English the engine
    # wrote ("tiles", "completed city"), which another language could not word.
    request = json.loads(path.read_text(encoding="utf-8"))["request"]
    codes = request_codes(all_tiles)
    for for_players in (False, True):
        result = score_request(request, all_tiles, for_players=for_players)
        for top in _said(result):
            assert english_words(top, codes) == [], top.text()


def test_the_score_pad_says_no_english_words_of_its_own():
    in_play = DEFAULT_REGISTRY.in_play(list(DEFAULT_REGISTRY.codes))
    codes = request_codes(TileSet(()))
    assert in_play.play_points
    for code in in_play.play_points:
        for count in (1, 2):
            said = score_play_points({"code": code, "count": count}, in_play).said
            assert english_words(said, codes) == [], said.text()


def test_a_farm_explanation_names_the_cities_and_farms_as_features(all_tiles):
    # Second-edition farm scoring: a player whose farmers stand on two farms bordering
    # the same completed city collects it once, through the farm where it pays the most;
    # the other farm's explanation names that city and that farm.
    request = json.loads(board_path("farm-002-detailed-second-edition").read_text())["request"]
    result = score_request(request, all_tiles, for_players=True)
    noted = [(feature, message) for feature in result.features for message in feature.said.walk()
             if message.id == "farm.city_through"]
    assert noted, "a city collected through another farm is a message naming both"
    for feature, message in noted:
        city, farm = message.params["city"], message.params["farm"]
        assert isinstance(city, FeatureRef) and isinstance(farm, FeatureRef)
        assert city.kind == "city" and farm.kind == "farm" and farm.id != feature.id
        assert city.tiles and farm.tiles == result.feature(farm.id).tiles
        assert f"{city.id} (through {farm.id})" in feature.explanation
    body = result.to_json()
    for feature in body["features"]:
        assert feature["explanation_message"] == result.feature(feature["id"]).said.to_json()


def test_an_explanation_reads_as_its_template_fills_it(all_tiles):
    # A completed road of 3 tiles with one meeple: 3 tiles × 1 = 3.
    request = json.loads(board_path("road-3-tiles").read_text())["request"]
    (road,) = score_request(request, all_tiles, for_players=True).features
    # The nouns are messages too, which another language's catalogue words.
    assert road.said == Message("score.worth_one", {
        "label": Message("label.completed", {"noun": Message("word.road")}), "count": 3,
        "unit": Message("word.tile.plural"), "each": 1, "points": 3})
    assert road.explanation == "completed road: 3 tiles × 1 = 3"
    assert road.said.to_json() == {"id": "score.worth_one", "params": {
        "label": {"id": "label.completed", "params": {"noun": {"id": "word.road", "params": {}}}},
        "count": 3, "unit": {"id": "word.tile.plural", "params": {}}, "each": 1, "points": 3}}


def test_the_score_pad_explains_with_the_same_messages():
    in_play = DEFAULT_REGISTRY.in_play(["hills-sheep", "princess-dragon"])
    # 7 sheep × 1 = 7; the fairy's turn point counts once.
    flock = score_play_points({"code": "flock", "count": 7}, in_play)
    assert flock.said.id == "pad.play_points"
    assert flock.said.params["count"] == 7 and flock.said.params["points"] == 7
    fairy = score_play_points({"code": "fairy-turn"}, in_play)
    assert fairy.said.id == "pad.play_points_once" and fairy.said.params["points"] == 1
    for scored in (flock, fairy):
        assert placeholders(ENGLISH[scored.said.id]) == set(scored.said.params)
        assert scored.explanation == scored.said.text()


def test_the_default_response_has_no_explanation_messages(all_tiles):
    request = json.loads(board_path("farm-002-detailed-second-edition").read_text())["request"]
    body = score_request(request, all_tiles).to_json()
    assert not any("explanation_message" in feature for feature in body["features"])


def test_a_warning_carries_its_id_params_and_english(all_tiles):
    request = json.loads(board_path("inn-road-completed-on-last-turn").read_text())["request"]
    (warning,) = score_request(request, all_tiles).to_json()["warnings"]
    assert warning["message_id"] == "warning.completed_feature_occupied"
    assert warning["params"]["feature"]["feature"] == warning["feature"]
    assert warning["params"]["feature"]["tiles"]
    assert warning["message"] == (
        f"{warning['feature']} is completed but still holds figures; it is scored as "
        "completed, as if the game ended on the turn that completed it.")


def test_rendering_with_another_catalogue_uses_its_templates():
    add_templates({"test.award": "{player} scores {points} for {cities}"})
    message = Message("test.award", {
        "player": PlayerRef("red"), "points": 8,
        "cities": Listing((FeatureRef("city-1", "city", ((0, 0),)),
                           FeatureRef("city-2", "city", ((1, 0),))), "join.and")})
    assert message.text() == "red scores 8 for city-1 and city-2"
    german = {"test.award": "{player} erhält {points} für {cities}", "join.and": " und "}
    assert message.text(german) == "red erhält 8 für city-1 und city-2"


def test_an_error_renders_in_another_catalogue_word_for_word(base_tiles):
    # The contract's example: tile K east of E, its west road against E's east field.
    request = {"players": [{"color": "red"}, {"color": "blue"}],
               "tiles": [{"tile": "E", "x": 1, "y": 0}, {"tile": "K", "x": 2, "y": 0}]}
    (error,) = validate_request(request, base_tiles)
    assert error.message == ("Tile K at (2,0) does not fit: its west edge is a road but the east "
                             "edge of tile E at (1,0) is a field.")
    german = {
        "error.edge_mismatch.does_not_fit_its_edge": (
            "{tile} passt nicht: ihre {side}kante ist {edge}, aber die {other_side}kante von "
            "Karte {other} bei ({x},{y}) ist {other_edge}."),
        "tile.at": "Karte {code} bei ({x},{y})", "side.W": "West", "side.E": "Ost",
        "kind.road.a": "eine Straße", "kind.field.a": "eine Wiese"}
    assert {message.id for message in error.said.walk()} == set(german)
    assert error.said.text(german) == ("Karte K bei (2,0) passt nicht: ihre Westkante ist eine "
                                       "Straße, aber die Ostkante von Karte E bei (1,0) ist eine "
                                       "Wiese.")


def test_a_figure_refused_is_named_by_declared_words(base_tiles):
    # An abbot on D's west road: the figure, the feature kinds and the tile are messages
    # whose ids a catalogue words (the kind's name is its declaration's English).
    request = {"players": [{"color": "red"}, {"color": "blue"}],
               "tiles": [{"tile": "D", "x": 0, "y": 0}],
               "figures": [{"player": "red", "x": 0, "y": 0, "at": "W", "kind": "abbot"}]}
    (error,) = validate_request(request, base_tiles)
    assert error.message == ("An abbot may not stand on a road (Tile D at (0,0), W); it may "
                             "stand on a monastery or a garden.")
    ids = {message.id for message in error.said.walk()}
    assert {"figure.abbot.A", "kind.road.a", "kind.monastery.a", "kind.garden.a",
            "tile.at"} <= ids
    assert ENGLISH["figure.abbot.A"] == "An abbot"
    assert english_words(error.said, request_codes(base_tiles)) == []


def test_a_counted_word_follows_its_count():
    add_templates({"test.tiles": "{tiles} {tiles|tile|tiles}"})
    assert Message("test.tiles", {"tiles": 1}).text() == "1 tile"
    assert Message("test.tiles", {"tiles": 3}).text() == "3 tiles"


def test_an_id_cannot_get_a_second_template():
    add_templates({"test.once": "once"})
    with pytest.raises(ValueError, match="two templates"):
        add_templates({"test.once": "twice"})


GERMAN_RESULTS = {
    "score.worth_one": "{label}: {count} {unit} × {each} = {points}",
    "score.worth_two": (
        "{label}: {count} {unit} × {each} + {count2} {unit2} × {each} = {points}"),
    "label.completed": "{noun} (abgeschlossen)",
    "label.incomplete": "{noun} (unvollendet)",
    "label.farm": "Wiese",
    "word.road": "Straße",
    "word.city": "Stadt",
    "word.tile": "Karte",
    "word.tile.plural": "Karten",
    "word.coat_of_arms": "Wappen",
    "word.completed_city": "abgeschlossene Stadt",
    "big_top.show": "das Zirkuszelt bei ({x},{y}) über {animal} ({value}): {shares}",
    "big_top.animal.seal": "der Seehund",
    "big_top.share": (
        "{player} {followers} {followers|Gefolgsmann|Gefolgsleute} × {each} = {points}"),
    "join.comma": ", ",
}
"""A German catalogue of the few explanations below: what a German page would carry."""


@pytest.mark.parametrize(("board", "edition", "english", "german"), [
    # A completed road of 3 tiles: 3 × 1.
    ("road-3-tiles", None, "completed road: 3 tiles × 1 = 3",
     "Straße (abgeschlossen): 3 Karten × 1 = 3"),
    # A completed city of 3 tiles with one coat of arms (the second edition's word):
    # 3 × 2 + 1 × 2 = 8.
    ("city-8-three-tiles-pennant", "C2",
     "completed city: 3 tiles × 2 + 1 coat of arms × 2 = 8",
     "Stadt (abgeschlossen): 3 Karten × 2 + 1 Wappen × 2 = 8"),
    # A farm bordering one completed city: 1 × 3.
    ("farm-002-majority", None, "farm: 1 completed city × 3 = 3",
     "Wiese: 1 abgeschlossene Stadt × 3 = 3"),
    # Under the Big Top: the seal (4) pays each follower around; red has 1, blue 2.
    ("big-top-final-show", None,
     "the big top at (1,0) over the seal (4): red 1 follower × 4 = 4, "
     "blue 2 followers × 4 = 8",
     "das Zirkuszelt bei (1,0) über der Seehund (4): red 1 Gefolgsmann × 4 = 4, "
     "blue 2 Gefolgsleute × 4 = 8"),
])
def test_an_explanation_renders_in_another_catalogue_word_for_word(
        all_tiles, board, edition, english, german):
    request = json.loads(board_path(board).read_text())["request"]
    if edition:
        request = {**request, "edition": edition}
    result = score_request(request, all_tiles, for_players=True)
    (said,) = [top for top in _said(result) if top.text() == english]
    # Every word is the German catalogue's (a player stays a colour the page names).
    assert {message.id for message in said.walk()} <= set(GERMAN_RESULTS)
    assert said.text(GERMAN_RESULTS) == german


def test_a_number_is_grouped_as_the_catalogue_says(base_tiles):
    # 2,001 figures, one more than the limit: the engine's English groups the digits with
    # a comma; a German catalogue says where the limit is and groups them with a dot.
    request = {"players": [{"color": "red"}, {"color": "blue"}],
               "tiles": [{"tile": "D", "x": 0, "y": 0}],
               "figures": [{"player": "red", "x": 0, "y": 0, "at": "E"}] * 2001}
    (error,) = validate_request(request, base_tiles)
    assert error.said.params == {"count_figures": 2001, "MAX_FIGURES": 2000}
    assert error.message == "The board has 2,001 figures; the limit is 2,000."
    german = {"error.too_many_figures.the_board_has_figures_the": (
                  "Auf dem Brett stehen {count_figures:grouped} Figuren; erlaubt sind "
                  "{MAX_FIGURES:grouped}."),
              "number.group_separator": "."}
    assert error.said.text(german) == "Auf dem Brett stehen 2.001 Figuren; erlaubt sind 2.000."
    add_templates({"test.points": "{points:grouped} points"})
    assert Message("test.points", {"points": 1234}).text(
        {"test.points": "{points:grouped} Punkte", "number.group_separator": "."}) == "1.234 Punkte"
    assert Message("test.points", {"points": 1234}).text() == "1,234 points"
