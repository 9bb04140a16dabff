"""Schemathesis drives every operation of ``/api/schema/`` against the app in-process:
no answer may be a server error, every answer must match the schema (status code,
content type, headers, body), and the API must be exactly as strict as the schema says:
data the schema allows is accepted, data it forbids is refused with a 4xx. Run on SQLite
and PostgreSQL (and with Redis) by .ci/run.

The allowances, for boards and score pad entries: a board can match the schema and still
break a rule of the game (a tile that does not fit, a figure on a finished road), which
only the engine can see, so the scoring endpoints may refuse schema-valid data with a 400
listing board problems, never for being unreadable (and so may the score pad's writes: an
expansion of another edition, a city with more pennants than tiles); and the check
endpoint answers a board the schema refuses with 200 and the problems it found (its
documented purpose), which must not be an empty list.

Bounded: a fixed number of generated cases per operation, no database left behind.
"""

import json

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from schemathesis.checks import negative_data_rejection, positive_data_acceptance
from schemathesis.config import SchemathesisConfig

pytestmark = pytest.mark.django_db

BOARD_ENDPOINTS = ("/api/score/", "/api/score/check/")
PAD_WRITES = ("/api/pad/games/", "/api/pad/games/{code}/entries/",
              "/api/pad/games/{code}/entries/{uid}/")


@pytest.fixture(autouse=True)
def keep_the_test_connection():
    """The WSGI handler closes the database connection after each request, as in
    production; inside a test's transaction it must stay open (Django's test client
    does the same)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def fixture_codes() -> tuple[list[str], list[str]]:
    """The codes the schema lists from the database, read from the fixtures the test
    database is loaded from: the schema is built when the tests are collected, before
    there is a database."""
    from django.conf import settings

    from carcwiki.catalogue.services import read_tile_files, read_yaml

    directory = settings.FIXTURES_DIR / "catalogue"
    tile_codes = list(dict.fromkeys(f.catalogue_code for f in read_tile_files()))
    editions = [entry["code"] for entry in read_yaml(directory / "editions.yaml")]
    return tile_codes, editions


# What counts as refusing data the schema forbids: schemathesis's own list, plus 414, the
# answer the site gives when the generated query string is longer than its 4,096-character
# limit (a refusal too; without it a long random query fails the run now and then).
REFUSALS = SchemathesisConfig.from_dict({"checks": {"negative_data_rejection": {
    "expected-statuses": ["400", "401", "403", "404", "405", "406", "409", "414", "415",
                          "422", "428", "429", "5xx"]}}})

with pytest.MonkeyPatch.context() as patch:
    patch.setattr("carcwiki.api.schema._catalogue_codes", fixture_codes)
    schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application(),
                                            config=REFUSALS)
    schema.raw_schema  # noqa: B018 (loaded now, while the codes are patched)


@schema.parametrize()
@hypothesis_settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_answers_as_documented(case):
    # The in-process WSGI client does not undo gzip; schemathesis asks for it by default.
    headers = {"Accept-Encoding": "identity"}
    if case.operation.path in PAD_WRITES and case.method in ("POST", "PUT"):
        response = case.call_and_validate(headers=headers,
                                          excluded_checks=[positive_data_acceptance])
        if case.meta.generation.mode.is_positive and response.status_code == 400:
            assert "invalid_json" not in response.content.decode(), response.content[:500]
        return
    if case.operation.path not in BOARD_ENDPOINTS:
        case.call_and_validate(headers=headers)
        return
    checking = case.operation.path == "/api/score/check/"
    excluded = [positive_data_acceptance] + ([negative_data_rejection] if checking else [])
    response = case.call_and_validate(headers=headers, excluded_checks=excluded)
    errors = json.loads(response.content).get("errors") if response.status_code < 500 else None
    if case.meta.generation.mode.is_positive and response.status_code == 400:
        assert "invalid_json" not in {error["code"] for error in errors}, response.content[:500]
    if checking and case.method == "POST" and case.meta.generation.mode.is_negative:
        # The check answers 200 with the problems it found: a board the schema refuses
        # always has at least one.
        assert response.status_code == 400 or errors, response.content[:500]
