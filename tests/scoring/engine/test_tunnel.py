"""The Tunnel: where its tokens may lie. The points are in the package's known-answer
boards (``boards/``), which also show a pair joining two roads."""

from scoring.engine import validate_request

# Tile tunnel-B at (0,0): a city on its north edge, tunnel openings east and west; a
# monastery tile A at (1,0), turned so that its road meets the eastern opening's road.
BOARD = [{"tile": "tunnel-B", "x": 0, "y": 0}, {"tile": "A", "x": 1, "y": 0, "rotation": 90}]


def body(neutral, expansions=("farmers", "tunnel")):
    return {"edition": "C1", "expansions": list(expansions),
            "players": [{"color": "red"}, {"color": "blue"}], "tiles": BOARD,
            "figures": [], "neutral": neutral}


def token(at, x=0, colour="red"):
    return {"kind": f"tunnel-{colour}", "x": x, "y": 0, "at": at}


def problems(errors):
    return [(error.path, error.code.value, error.message) for error in errors]


def test_tokens_lie_on_openings(all_tiles):
    assert validate_request(body([token("E"), token("W")]), all_tiles) == []
    # The road of the monastery tile runs into no opening on its own tile.
    assert problems(validate_request(body([token("W", x=1)]), all_tiles)) == [(
        "neutral[0].at", "invalid_tunnel_token",
        "The red tunnel token at (1,0) lies on W, which is not a road running into a "
        "tunnel opening on that tile.")]


def test_one_token_to_an_opening(all_tiles):
    assert problems(validate_request(body([token("E"), token("E", colour="blue")]),
                                     all_tiles)) == [(
        "neutral[1]", "invalid_tunnel_token",
        "The tunnel opening at (0,0) E already holds a token (neutral[0]); an opening "
        "takes only one.")]


def test_two_tokens_of_a_colour(all_tiles):
    three = [token("E"), token("W"), token("W", x=1)]
    assert [(error.path, error.code.value)
            for error in validate_request(body(three), all_tiles)] == [
        ("neutral[2]", "too_many_figures")]


def test_tokens_need_the_expansion(all_tiles):
    plain = {**body([]), "tiles": [{"tile": "D", "x": 0, "y": 0}],
             "neutral": [{"kind": "tunnel-red", "x": 0, "y": 0, "at": "E"}],
             "expansions": ["farmers"]}
    [error] = validate_request(plain, all_tiles)
    assert (error.path, error.code.value) == ("neutral[0].kind", "unknown_figure_kind")
