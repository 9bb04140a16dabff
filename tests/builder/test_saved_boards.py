"""Saved boards that cannot break the database or fill the disk: text and numbers every
database stores, the admin's view of them, and their pruning after the retention period."""

import json
import re
from datetime import timedelta
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.admin.utils import quote
from django.core.management import CommandError, call_command
from django.test import override_settings
from django.utils import timezone

from carcwiki.builder.models import SavedBoard, board_size
from tests.error_bodies import without_message_ids
from tests.known_boards import board_path

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
SAVE_URL = "/board/save/"


def example_board() -> dict:
    path = board_path("final-scoring-example")
    return json.loads(path.read_text())["request"]


def save_raw(client, body: bytes | str):
    return client.post(SAVE_URL, data=body, content_type="application/json")


@pytest.mark.parametrize(
    ("escape", "path"),
    [
        (r"Anna\u0000", "players[0].name"),
        (r"Anna\ud800", "players[0].name"),
        (r"\udfff", "players[0].name"),
    ],
)
def test_text_no_database_can_store_is_a_400(client, escape, path):
    board = example_board()
    board["players"][0]["name"] = "NAME"
    body = json.dumps(board).replace('"NAME"', f'"{escape}"', 1)
    assert escape in body
    response = save_raw(client, body)
    assert response.status_code == 400
    assert without_message_ids(response.json()) == {"errors": [{
        "path": path, "code": "invalid_text",
        "message": response.json()["errors"][0]["message"],
    }]}
    assert "UTF-8" in response.json()["errors"][0]["message"]
    assert not SavedBoard.objects.exists()


def test_a_nul_in_an_expansion_code_is_a_400(client):
    board = dict(example_board(), expansions=["farmers\x00"])
    response = save_raw(client, json.dumps(board))
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "expansions[0]"


def test_a_lone_surrogate_in_a_key_is_answered_as_ascii_json(client):
    body = json.dumps(example_board())[:-1] + r', "rules": {"\ud800": 1}}'
    response = save_raw(client, body)
    assert response.status_code == 400
    assert response.content.isascii()
    assert response.json()["errors"][0]["code"] == "invalid_text"


@pytest.mark.parametrize("digits", [4301, 20_000])
def test_an_integer_of_too_many_digits_is_a_400(client, digits):
    body = json.dumps(example_board()).replace('"x": 0', '"x": ' + "9" * digits, 1)
    response = save_raw(client, body)
    assert response.status_code == 400
    assert without_message_ids(response.json()) == {"errors": [{
        "path": "", "code": "invalid_json",
        "message": "The board is not usable JSON: it holds a number with too many digits.",
    }]}


def test_a_saved_board_records_its_size(client):
    response = save_raw(client, json.dumps(example_board()))
    saved = SavedBoard.objects.get(pk=response.json()["id"])
    assert saved.size == board_size(saved.board) == len(
        json.dumps(saved.board, separators=(",", ":")).encode()
    )
    assert saved.size > 300


def test_a_csrf_refusal_is_in_the_errors_shape():
    from django.test import Client

    response = Client(enforce_csrf_checks=True).post(
        SAVE_URL, data=json.dumps(example_board()), content_type="application/json"
    )
    assert response.status_code == 403
    [problem] = response.json()["errors"]
    assert problem["code"] == "permission_denied" and "CSRF" in problem["message"]


def make_board(days_old: int, **key) -> SavedBoard:
    saved = SavedBoard.objects.create(board=example_board(), size=500, **key)
    SavedBoard.objects.filter(pk=saved.pk).update(
        created_at=timezone.now() - timedelta(days=days_old)
    )
    return saved


def test_prune_boards_deletes_boards_past_the_retention_period():
    old, recent = make_board(91), make_board(89)
    out = StringIO()
    with override_settings(BOARD_RETENTION_DAYS=90):
        call_command("prune_boards", stdout=out)
    assert list(SavedBoard.objects.values_list("pk", flat=True)) == [recent.pk]
    assert out.getvalue().strip() == "Deleted 1 saved boards older than 90 days."
    assert not SavedBoard.objects.filter(pk=old.pk).exists()


def test_prune_boards_takes_a_period_and_a_dry_run():
    make_board(10), make_board(3)
    out = StringIO()
    call_command("prune_boards", "--days", "7", "--dry-run", stdout=out)
    assert out.getvalue().strip() == "1 saved boards are older than 7 days."
    assert SavedBoard.objects.count() == 2
    call_command("prune_boards", "--days", "7", stdout=StringIO())
    assert SavedBoard.objects.count() == 1
    with pytest.raises(CommandError):
        call_command("prune_boards", "--days", "0")


def test_the_retention_period_defaults_to_ninety_days():
    from carcwiki.settings import base

    assert base.BOARD_RETENTION_DAYS == 90


def test_the_admin_lists_saved_boards_with_size_and_age(admin_client):
    board = make_board(3, pk="a-key_5Fmade_2Fby_3Achance")  # a token_urlsafe the admin must quote
    response = admin_client.get("/admin/builder/savedboard/?o=5")  # sorted by size
    assert response.status_code == 200
    html = response.content.decode()
    assert board.pk in html
    assert "500\xa0bytes" in html
    assert re.search(r"3\xa0days", html)
    # The admin's own links quote the key (token_urlsafe's "_" is its escape character):
    # a key with "_" in it, unquoted, names another board, and the admin redirects.
    detail = admin_client.get(f"/admin/builder/savedboard/{quote(board.pk)}/change/")
    assert detail.status_code == 200
    assert admin_client.get("/admin/builder/savedboard/add/").status_code == 403
