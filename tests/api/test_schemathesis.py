"""Schemathesis drives every operation of ``/api/schema/`` against the app in-process:
no answer may be a server error, and every answer must match the schema (status code,
content type, headers, body). Run on SQLite and PostgreSQL (and with Redis) by .ci/run.

Bounded: a fixed number of generated cases per operation, no database left behind.
"""

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from schemathesis.checks import negative_data_rejection, positive_data_acceptance

pytestmark = pytest.mark.django_db


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


# Loaded when the tests are collected: building the schema needs no database.
schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())


@schema.parametrize()
@pytest.mark.usefixtures("keep_the_test_connection")
@hypothesis_settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_answers_as_documented(case):
    # Every check on the answers (server errors, status codes, content types, headers,
    # bodies); the two left out judge how strict the API is about what it accepts
    # (e.g. it ignores an unusable ?page_size= rather than refusing it), not its answers.
    # The in-process WSGI client does not undo gzip; schemathesis asks for it by default.
    case.call_and_validate(
        headers={"Accept-Encoding": "identity"},
        excluded_checks=[negative_data_rejection, positive_data_acceptance]
    )
