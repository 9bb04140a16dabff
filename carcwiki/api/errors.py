"""JSON errors for every API failure, with a sentence a client can act on.

DRF already answers its own exceptions as JSON; this handler keeps that, names the
missing object on a 404, and turns anything unexpected into a plain 500 message rather
than an HTML traceback.
"""

import logging

from django.http import Http404
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

logger = logging.getLogger(__name__)

SERVER_ERROR_DETAIL = "The server could not handle this request."
"""The answer to a failure under /api/, here and in :mod:`carcwiki.error_pages`."""


def exception_handler(exc, context):
    response = drf_exception_handler(exc, context)
    if response is not None:
        if isinstance(exc, Http404) or response.status_code == status.HTTP_404_NOT_FOUND:
            kwargs = context.get("kwargs") or {}
            lookup = kwargs.get("code") or kwargs.get("slug") or kwargs.get("pk")
            view = context.get("view")
            what = getattr(view, "not_found_label", "object")
            if lookup is not None:
                response.data = {"detail": f"No {what} with code '{lookup}'."}
        return response
    logger.exception("Unhandled API error", exc_info=exc)
    return Response(
        {"detail": SERVER_ERROR_DETAIL},
        status=status.HTTP_500_INTERNAL_SERVER_ERROR,
    )
