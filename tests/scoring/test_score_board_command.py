"""``manage.py score_board``: tables, JSON, stdin, and clear failures."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from scoring.serializers import CONTRACT_REQUEST, CONTRACT_RESPONSE
from tests.known_boards import board_path

pytestmark = pytest.mark.django_db


def run(*args, stdin=None):
    out, err = io.StringIO(), io.StringIO()
    call_command("score_board", *args, stdout=out, stderr=err, stdin=stdin)
    return out.getvalue(), err.getvalue()


@pytest.fixture
def contract_file(tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(CONTRACT_REQUEST), encoding="utf-8")
    return path


def test_json_output_is_the_api_response(contract_file):
    out, _ = run(str(contract_file), "--json")
    assert json.loads(out) == CONTRACT_RESPONSE


def test_tables(contract_file):
    out, _ = run(str(contract_file))
    lines = out.splitlines()
    assert lines[0] == "Players"
    assert lines[1].split() == [
        "rank", "colour", "name", "before", "road", "city", "monastery", "garden", "farm",
        "final", "total",
    ]
    assert lines[3].split() == ["1", "blue", "Ben", "61", "0", "0", "0", "0", "3", "3", "64"]
    assert lines[4].split() == ["2", "red", "Anna", "57", "2", "0", "3", "0", "0", "5", "62"]
    assert "Winner: blue" in out
    assert "road-1" in out and "incomplete road: 2 tiles × 1 = 2" in out
    assert "farm: 1 completed city × 3 = 3" in out


def test_reads_stdin_with_a_dash():
    text = board_path("tie-city-and-road").read_text(encoding="utf-8")
    request = json.loads(text)["request"]
    out, _ = run("-", "--json", stdin=io.StringIO(json.dumps(request)))
    assert json.loads(out)["winners"] == ["red", "blue"]
    out, _ = run("-", stdin=io.StringIO(json.dumps(request)))
    assert "Winners: red, blue" in out


def test_a_board_with_problems_lists_them_and_fails(tmp_path):
    request = json.loads(json.dumps(CONTRACT_REQUEST))
    request["edition"] = "C9"
    request["tiles"][2]["rotation"] = 45
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(request), encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(CommandError, match="The board has 2 problems"):
        call_command("score_board", str(path), stdout=io.StringIO(), stderr=err)
    assert err.getvalue().splitlines() == [
        'edition: Unknown edition "C9": use C1, C2 or C3. [unknown_edition]',
        "tiles[2].rotation: rotation must be 0, 90, 180 or 270 degrees clockwise, not 45. "
        "[invalid_rotation]",
    ]


def test_unreadable_input_fails_clearly(tmp_path):
    with pytest.raises(CommandError, match="Cannot read .*missing.json"):
        run(str(tmp_path / "missing.json"))
    broken = tmp_path / "broken.json"
    broken.write_text("{nope", encoding="utf-8")
    with pytest.raises(CommandError, match="is not valid JSON"):
        run(str(broken))


def test_exit_status_from_the_command_line(tmp_path, capsys):
    # Run as manage.py does: a CommandError becomes exit status 1 and a message on stderr.
    from scoring.management.commands.score_board import Command

    path = tmp_path / "bad.json"
    path.write_text('{"players": []}', encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        Command().run_from_argv(["manage.py", "score_board", str(path)])
    assert exit_info.value.code == 1
    err = capsys.readouterr().err
    assert "players: A game has 2 to 6 players, not 0. [invalid_player_count]" in err
    assert "nothing was scored" in err


def test_a_lone_surrogate_is_refused_clearly(tmp_path):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(CONTRACT_REQUEST).replace("Anna", "\\udc00"), encoding="utf-8")
    with pytest.raises(CommandError, match=r"lone surrogate \(U\+DC00\)"):
        run(str(path))


def test_a_catalogue_that_is_not_loaded_fails_clearly(contract_file, monkeypatch):
    from django.db import OperationalError

    from scoring.engine import TileSet
    from scoring.management.commands import score_board

    monkeypatch.setattr(score_board, "current_tiles", lambda: TileSet([]))
    with pytest.raises(CommandError, match="catalogue is empty: run manage.py load_catalogue"):
        run(str(contract_file))

    def no_table():
        raise OperationalError("no such table: catalogue_tiletype")

    monkeypatch.setattr(score_board, "current_tiles", no_table)
    with pytest.raises(CommandError, match="no such table.*run manage.py migrate"):
        run(str(contract_file))


def test_the_tables_of_a_known_answer_board():
    text = board_path("final-scoring-example").read_text(encoding="utf-8")
    out, _ = run("-", stdin=io.StringIO(json.dumps(json.loads(text)["request"])))
    lines = out.splitlines()
    # Ranks are shared on a tie and right-aligned with the numbers.
    assert [line.split()[:2] for line in lines[3:8]] == [
        ["1", "green"], ["2", "yellow"], ["3", "red"], ["3", "blue"], ["5", "black"],
    ]
    assert lines[3].split()[-2:] == ["8", "8"]
    feature_header = lines.index("Features") + 1
    assert lines[feature_header].split() == [
        "feature", "complete", "tiles", "figures", "scored", "explanation",
    ]
    assert any(line.startswith("city-2") and "green 2, black 1" in line and
               "most figures: green" in line for line in lines)
