"""JSON errors for every API failure, in one shape, with a sentence a client can act on.

Every error under ``/api/`` (and the save endpoint of the builder) answers
``{"errors": [{"path", "code", "message"}]}``, the shape the scoring contract uses for a
bad board: ``path`` names the query parameter or field at fault (``""`` for the request
as a whole), ``code`` is a stable word, ``message`` a sentence. DRF's own exceptions are
turned into that shape here; a 404 names the missing object; a body over 1 MiB is a 413
``too_large``; a 429 says how long to wait (also in ``Retry-After``); anything unexpected
is a plain 500 message rather than an HTML traceback.
"""

from __future__ import annotations

import logging
import math
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from rest_framework import serializers, status
from rest_framework.exceptions import Throttled
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

logger = logging.getLogger(__name__)

SERVER_ERROR_DETAIL = "The server could not handle this request."
"""The answer to a failure under /api/, here and in :mod:`carcwiki.error_pages`."""

THROTTLED_MESSAGE = "Too many requests from this client; try again in {wait} seconds."


def error(code: str, message: str, path: str = "") -> dict[str, str]:
    return {"path": path, "code": code, "message": message}


def errors_body(*entries: dict[str, str]) -> dict[str, list[dict[str, str]]]:
    return {"errors": list(entries)}


def _flatten(data: Any, path: str = "") -> list[dict[str, str]]:
    """DRF's error data (a detail, a list, or a dict of fields) as ``errors`` entries."""
    if isinstance(data, dict):
        entries = []
        for key, value in data.items():
            inner = "" if key in ("detail", "non_field_errors") else str(key)
            entries += _flatten(value, f"{path}.{inner}" if path and inner else path or inner)
        return entries
    if isinstance(data, list):
        return [entry for item in data for entry in _flatten(item, path)]
    code = getattr(data, "code", None) or "invalid"
    return [error(str(code), str(data), path)]


def too_large(request) -> Response:
    """413 for a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (1 MiB), with the code the
    scoring endpoint and the chunked-body limit give (:mod:`carcwiki.request_limits`):
    too large, not malformed."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    try:
        size = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        size = 0
    limit_words = f"{limit:,} bytes ({limit / 1024 / 1024:g} MiB)"
    message = (f"The request body is {size:,} bytes; the limit is {limit_words}."
               if size > limit else f"The request body is over the limit of {limit_words}.")
    return Response(errors_body(error("too_large", message)),
                    status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)


def exception_handler(exc, context):
    if isinstance(exc, RequestDataTooBig):  # any endpoint whose body DRF's parsers read
        return too_large(context["request"])
    response = drf_exception_handler(exc, context)
    if response is None:
        logger.exception("Unhandled API error", exc_info=exc)
        return Response(
            errors_body(error("server_error", SERVER_ERROR_DETAIL)),
            status=status.HTTP_500_INTERNAL_SERVER_ERROR,
        )
    view = context.get("view")
    if isinstance(exc, Throttled):
        wait = max(1, math.ceil(exc.wait or 1))
        response["Retry-After"] = str(wait)
        message = getattr(view, "throttled_message", THROTTLED_MESSAGE).format(wait=wait)
        response.data = errors_body(error("throttled", message))
    elif isinstance(exc, Http404) or response.status_code == status.HTTP_404_NOT_FOUND:
        kwargs = context.get("kwargs") or {}
        lookup = kwargs.get("code") or kwargs.get("slug") or kwargs.get("pk")
        what = getattr(view, "not_found_label", "object")
        if lookup is not None:
            response.data = errors_body(error("not_found", f"No {what} with code '{lookup}'."))
        else:
            detail = response.data.get("detail") if isinstance(response.data, dict) else None
            response.data = errors_body(error("not_found", str(detail or "Not found.")))
    else:
        response.data = errors_body(*_flatten(response.data))
    return response


class ApiErrorSerializer(serializers.Serializer):
    path = serializers.CharField(
        help_text="The query parameter or field at fault; \"\" for the request as a whole."
    )
    code = serializers.CharField(help_text="A stable word for the kind of problem.")
    message = serializers.CharField(help_text="A sentence saying what to change.")


class ApiErrorsSerializer(serializers.Serializer):
    """Every error answer of the API: 400, 404, 405, 413, 414, 429 and 500."""

    errors = ApiErrorSerializer(many=True)
