"""Schemathesis drives every operation of ``/api/schema/`` against the app in-process:
no answer may be a server error, and every answer must match the schema (status code,
content type, headers, body). Run on SQLite and PostgreSQL (and with Redis) by .ci/run.

Bounded: a fixed number of generated cases per operation, no database left behind.
"""

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from schemathesis.checks import negative_data_rejection, positive_data_acceptance

pytestmark = pytest.mark.django_db


# Loaded when the tests are collected: building the schema needs no database.
schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())


@schema.parametrize()
@hypothesis_settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_answers_as_documented(case):
    # Every check on the answers (server errors, status codes, content types, headers,
    # bodies); the two left out judge how strict the API is about what it accepts
    # (e.g. it ignores an unusable ?page_size= rather than refusing it), not its answers.
    case.call_and_validate(
        excluded_checks=[negative_data_rejection, positive_data_acceptance]
    )
