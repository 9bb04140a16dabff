"""A forged X-Forwarded-For changes nothing: not who a client is, not its limits.

Without a trusted proxy (the default) the header is ignored; behind N trusted proxies only
the entry the nearest proxy wrote counts, whatever the client put before it.
"""

import json
from pathlib import Path

import pytest
from django.test import RequestFactory, override_settings
from rest_framework.throttling import ScopedRateThrottle

from carcwiki.builder.throttling import SaveBoardThrottle
from carcwiki.client_identity import client_address
from tests.known_boards import board_path

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
BOARD = json.loads(board_path("final-scoring-example").read_text())


def behind_proxies(count: int):
    from django.conf import settings

    return override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "NUM_PROXIES": count})


def test_no_proxy_is_trusted_unless_the_environment_says_so():
    from carcwiki.settings import base

    assert base.TRUSTED_PROXIES == 0
    assert base.REST_FRAMEWORK["NUM_PROXIES"] == 0


@pytest.mark.parametrize("forged", ["1.2.3.4", "1.2.3.4, 5.6.7.8", "garbage", ""])
def test_without_a_proxy_the_socket_address_is_the_client(forged):
    request = RequestFactory().get("/", REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR=forged)
    assert client_address(request) == "203.0.113.9"


@pytest.mark.parametrize(
    ("header", "client"),
    [
        ("198.51.100.7", "198.51.100.7"),  # what the proxy wrote
        ("6.6.6.6, 198.51.100.7", "198.51.100.7"),  # a forged entry before it
        ("1.1.1.1, 2.2.2.2, 198.51.100.7", "198.51.100.7"),
    ],
)
def test_behind_one_proxy_only_the_entry_it_wrote_counts(header, client):
    request = RequestFactory().get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=header)
    with behind_proxies(1):
        assert client_address(request) == client


def test_behind_two_proxies_the_entry_the_outer_one_wrote_counts():
    request = RequestFactory().get(
        "/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 198.51.100.7, 10.0.0.5"
    )
    with behind_proxies(2):
        assert client_address(request) == "198.51.100.7"


def score(client, forged: str, remote: str = "203.0.113.9"):
    return client.post("/api/score/", data=json.dumps(BOARD["request"]),
                       content_type="application/json",
                       REMOTE_ADDR=remote, HTTP_X_FORWARDED_FOR=forged)


def test_a_new_forged_header_per_request_does_not_reset_the_score_limit(client, monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"score": "3/min"})
    codes = [score(client, f"10.9.8.{n}").status_code for n in range(6)]
    assert codes == [200, 200, 200, 429, 429, 429]


def test_behind_a_proxy_forged_entries_do_not_reset_the_score_limit(client, monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"score": "3/min"})
    with behind_proxies(1):
        codes = [score(client, f"10.9.8.{n}, 198.51.100.7", remote="127.0.0.1").status_code
                 for n in range(5)]
        # Another client behind the same proxy has its own count.
        other = score(client, "198.51.100.8", remote="127.0.0.1").status_code
    assert codes == [200, 200, 200, 429, 429]
    assert other == 200


def test_a_forged_header_does_not_reset_the_save_limit(client, monkeypatch):
    monkeypatch.setattr(SaveBoardThrottle, "THROTTLE_RATES", {"save_board": "2/hour"})
    codes = [
        client.post("/board/save/", data=json.dumps(BOARD["request"]),
                    content_type="application/json", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}",
                    ).status_code
        for n in range(4)
    ]
    assert codes == [201, 201, 429, 429]


def test_the_admin_login_limit_keys_the_same_client(client, django_user_model):
    from django.conf import settings

    assert settings.AXES_CLIENT_IP_CALLABLE == "carcwiki.client_identity.client_address"
    django_user_model.objects.create_superuser("boss", "boss@example.com", "right-password")
    limit = settings.AXES_FAILURE_LIMIT
    codes = [
        client.post("/admin/login/?next=/admin/", {"username": "boss", "password": "wrong"},
                    HTTP_X_FORWARDED_FOR=f"10.0.0.{attempt}").status_code
        for attempt in range(limit)
    ]
    # The form again with an error, until the last allowed failure locks the client out.
    assert codes == [200] * (limit - 1) + [429]
    # Locked out: even the right password no longer works, whatever the header says.
    locked = client.post("/admin/login/?next=/admin/",
                         {"username": "boss", "password": "right-password"},
                         HTTP_X_FORWARDED_FOR="10.0.0.250")
    assert locked.status_code == 429
    # Another client is not locked out.
    other = client.post("/admin/login/?next=/admin/",
                        {"username": "boss", "password": "right-password"},
                        REMOTE_ADDR="192.0.2.44")
    assert other.status_code == 302 and other["Location"] == "/admin/"
