"""The Gifts: what a player enters (the gift cards still unopened), what the response
lists, and the gift entries the validator refuses with a path and a sentence. The points
of a whole board are the package's known answer (``boards/gifts-unopened-at-the-end``)."""

import json

from scoring.engine import score_request, validate_request
from tests.known_boards import board_path


def gifts_board(*unopened):
    """The known-answer board with each player's unopened gift cards."""
    body = json.loads(board_path("gifts-unopened-at-the-end").read_text(encoding="utf-8"))
    body = body["request"]
    body["players"] = [{"color": color, "gifts": {"unopened": count}}
                       for color, count in zip(("red", "blue", "green"), unopened, strict=False)]
    return body


def problems(body, tiles):
    return [(error.path, error.code.value, error.message)
            for error in validate_request(body, tiles)]


def test_each_unopened_card_is_worth_two(all_tiles):
    # Red 4 cards × 2 = 8, blue 0; red's meeple on the open two-tile road adds 2 × 1 = 2.
    response = score_request(gifts_board(4, 0), all_tiles).to_json()
    assert [(entry["player"], entry["unopened"], entry["points"])
            for entry in response["gift_cards"]] == [("red", 4, 8), ("blue", 0, 0)]
    assert response["gift_cards"][0]["explanation"] == "red: 4 unopened gift cards × 2 = 8"
    assert response["gift_cards"][1]["explanation"] == "blue: no unopened gift cards, 0"
    assert {player["color"]: player["final_points"] for player in response["players"]} == {
        "red": 10, "blue": 0}


def test_the_whole_deck_may_be_held_and_no_more(all_tiles):
    assert problems(gifts_board(20, 5), all_tiles) == []
    [(path, code, message)] = problems(gifts_board(20, 6), all_tiles)
    assert (path, code) == ("players[1].gifts.unopened", "invalid_gifts")
    assert message == ("The players hold 26 unopened gift cards together, but the game has "
                       "only 25.")


def test_a_negative_count_and_an_unknown_entry_are_refused(all_tiles):
    body = gifts_board(1, 0)
    body["players"][0]["gifts"] = {"unopened": -1}
    [(path, code, message)] = problems(body, all_tiles)
    assert (path, code, message) == ("players[0].gifts.unopened", "invalid_gifts",
                                     "A player cannot hold -1 unopened tokens.")
    body["players"][0]["gifts"] = {"opened": 2}
    [(path, code, message)] = problems(body, all_tiles)
    assert (path, code, message) == ("players[0].gifts.opened", "invalid_gifts",
                                     '"opened" is not one of the gifts: use unopened.')


def test_gift_cards_need_the_expansion_in_play(all_tiles):
    body = gifts_board(2, 0)
    body["expansions"] = ["farmers", "abbot"]
    assert problems(body, all_tiles) == [(
        "players[0].gifts", "expansion_not_in_play",
        'Holding gifts tokens needs The Gifts: add "the-gifts" to expansions.')]
