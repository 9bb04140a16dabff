"""Completes the OpenAPI schema with the error answers every operation can give.

drf-spectacular documents what each view declares; the answers that come from the
framework around the views are added here, all in the one ``Errors`` shape of
:mod:`carcwiki.api.errors`: 400 for a bad query parameter or body, 404 for a missing
object or page, 405 for a method an endpoint does not take, 413 for a body over 1 MiB,
414 for an overlong address
(:mod:`carcwiki.request_limits`), 429 when a client is over its limit (with ``Retry-After``).
A response a view already documents with a body is left as it is.
"""

from __future__ import annotations

from typing import Any

ERRORS_REF = {"$ref": "#/components/schemas/Errors"}
ERRORS_COMPONENT = {
    "type": "object",
    "description": "Every problem found, each with where it is, a stable code and a sentence.",
    "properties": {
        "errors": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "path": {"type": "string", "description": "The query parameter or field "
                             "at fault; \"\" for the request as a whole."},
                    "code": {"type": "string"},
                    "message": {"type": "string"},
                },
                "required": ["path", "code", "message"],
            },
        },
    },
    "required": ["errors"],
}
ANSWERS = {
    "400": "The query parameters or the body have problems; each is listed.",
    "404": "No such object, or no such page of results.",
    "405": "The endpoint does not take this method.",
    "413": "The body is over 1 MiB (code too_large).",
    "414": "The address is too long.",
    "429": "Too many requests from this client; wait the seconds in Retry-After.",
}
RETRY_AFTER = {
    "Retry-After": {"schema": {"type": "integer"}, "description": "Seconds to wait."}
}


def _errors_response(description: str, status: str) -> dict[str, Any]:
    response: dict[str, Any] = {
        "description": description,
        "content": {"application/json": {"schema": ERRORS_REF}},
    }
    if status == "429":
        response["headers"] = RETRY_AFTER
    return response


def add_error_answers(result: dict, generator, request, public) -> dict:
    """drf-spectacular postprocessing hook (``SPECTACULAR_SETTINGS``)."""
    result.setdefault("components", {}).setdefault("schemas", {})["Errors"] = ERRORS_COMPONENT
    for path_item in result.get("paths", {}).values():
        for method, operation in path_item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            responses = operation.setdefault("responses", {})
            for status, description in ANSWERS.items():
                if status == "404" and method != "get":
                    continue  # only a lookup or a page of results can be missing
                if status == "413" and method not in ("post", "put", "patch"):
                    continue  # only a body can be too large
                documented = responses.get(status)
                if documented is None or "content" not in documented:
                    responses[status] = _errors_response(
                        (documented or {}).get("description") or description, status
                    )
                elif status == "429":
                    documented.setdefault("headers", RETRY_AFTER)
    return result


def _catalogue_codes() -> tuple[list[str], list[str]]:
    """(codes tile files declare, edition codes) from the catalogue; empty lists when there
    is no database to read (``manage.py spectacular`` on a fresh clone)."""
    from django.db import DatabaseError

    from carcwiki.catalogue.models import Edition

    from .filters import tile_file_codes

    try:
        return tile_file_codes(), list(Edition.objects.values_list("code", flat=True))
    except (DatabaseError, RuntimeError):  # RuntimeError: a test that may not use the database
        return [], []


def exact_tile_filters(result: dict, generator, request, public) -> dict:
    """drf-spectacular postprocessing hook: the tile list's filters with their real types,
    the codes the catalogue holds as enums (the schema is cached per content version)."""
    tile_codes, edition_codes = _catalogue_codes()
    expansions = result.get("paths", {}).get("/api/expansions/", {}).get("get") or {}
    for parameter in expansions.get("parameters", []):
        if parameter["name"] == "editions__code":
            parameter["schema"] = {"type": "string"}
            if edition_codes:
                parameter["schema"]["enum"] = edition_codes
    operation = result.get("paths", {}).get("/api/tiles/", {}).get("get")
    if not operation:
        return result
    for parameter in operation.get("parameters", []):
        schema = parameter.setdefault("schema", {})
        if parameter["name"] == "expansion":
            schema.clear()
            schema["type"] = "string"
            if tile_codes:
                schema["enum"] = tile_codes
        elif parameter["name"] == "edition" and edition_codes:
            # Either case is accepted, as the site's own links write c1.
            schema["enum"] = edition_codes + [code.lower() for code in edition_codes]
        elif parameter["name"] == "edges":
            schema["pattern"] = "^[CRFVcrfv?]{4}$"
    return result
