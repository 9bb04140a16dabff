"""``POST /api/score/``: the final-scoring calculator over HTTP.

A thin view: it reads the JSON body (turning every way of not being JSON into an
``invalid_json`` error rather than a 415 or a 500; a body over 1 MiB is a 413
``too_large``), hands it to the engine's validator
and scorer with the cached tile set, and answers the contract's response or
``{"errors": [...]}`` with status 400. Throttled per client with the ``score`` scope.
"""

from __future__ import annotations

import re
from typing import Any

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import ParseError, UnsupportedMediaType
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .engine import InvalidBoardError, lone_surrogate, score_request, validate_request
from .serializers import EXAMPLES, ErrorsSerializer, ScoreRequestSerializer, ScoreResponseSerializer
from .tileset import current_tiles

MAX_BODY_BYTES = 1024 * 1024
"""The contract's limit on the request body."""

_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
"""A JSON escape of a UTF-16 surrogate (half of a pair, or alone)."""


def invalid_json(message: str) -> Response:
    """A 400 answer for a body that cannot be read as JSON."""
    return Response(
        {"errors": [{"path": "", "code": "invalid_json", "message": message}]}, status=400
    )


class BoardEndpoint(APIView):
    """What the endpoints that take a board share: a JSON body anyone may send, counted
    against the client's ``score`` rate (by the site's throttle, DRF's
    ``DEFAULT_THROTTLE_CLASSES``: the scoring app does not know the site)."""

    parser_classes = [JSONParser]
    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_scope = "score"


class ScoreView(BoardEndpoint):
    """Score a finished (or paused) game: every occupied feature, then the totals."""

    @extend_schema(
        operation_id="score_board",
        summary="Final scoring of a board",
        description=(
            "Send every tile on the table (code, position, rotation) and every figure still "
            "standing; the answer scores each occupied road, city, monastery, garden and "
            "farm as at the end of a game, explains each score and totals the players. "
            "The board is checked first and every problem is reported at once with a path "
            "and a code. Body limit 1 MiB; at most 2,000 tiles and 2,000 figures."
        ),
        request=ScoreRequestSerializer,
        parameters=[OpenApiParameter(
            "for", str, enum=["players"], required=False,
            description=(
                "`players`: the answer is shown to players at the table. The explanations "
                "use the words of the board's edition (\"coat of arms\" in C2 and C3, "
                "\"pennant\" in C1; without it, \"pennant\" in every edition) and each "
                "feature lists the figures standing on it (`standing`)."
            ),
        )],
        responses={
            200: ScoreResponseSerializer,
            400: OpenApiResponse(ErrorsSerializer, description="The board has problems."),
            413: OpenApiResponse(ErrorsSerializer,
                                 description="The body is over 1 MiB (code too_large)."),
            429: OpenApiResponse(description="Too many requests from this client."),
        },
        examples=EXAMPLES,
        tags=["scoring"],
    )
    def post(self, request: Request) -> Response:
        audience = request.query_params.get("for")
        if audience is not None and audience != "players":
            return Response({"errors": [{
                "path": "for", "code": "invalid_type",
                "message": f"The query parameter for takes one value, players (an answer for "
                           f"the players at the table), not {audience[:40]!r}; leave it out "
                           "for the API's answer.",
            }]}, status=400)
        data = self.read_body(request)
        if isinstance(data, Response):
            return data
        try:
            result = score_request(data, current_tiles(), for_players=audience == "players")
        except InvalidBoardError as invalid:
            return Response(invalid.to_json(), status=400)
        return Response(result.to_json())

    @staticmethod
    def read_body(request: Request) -> Any:
        """The parsed body, or a 400 response saying why it cannot be read."""
        length = request.META.get("CONTENT_LENGTH") or "0"
        try:
            size = int(length)
        except ValueError:
            size = 0
        if size > MAX_BODY_BYTES:
            # Too large, not malformed: 413 with the code the site gives a chunked body
            # over the same limit (carcwiki.request_limits), so a client can tell them apart.
            return Response({"errors": [{
                "path": "", "code": "too_large",
                "message": f"The request body is {size:,} bytes; the limit is "
                           f"{MAX_BODY_BYTES:,} bytes (1 MiB).",
            }]}, status=413)
        if size == 0:
            return invalid_json("The request body is empty; send the board as JSON.")
        try:
            raw = request.body  # read here so that the escapes can be looked for below
            data = request.data
        except ParseError as error:
            return invalid_json(f"The request body is not valid JSON: {error.detail}")
        except UnsupportedMediaType:
            return invalid_json(
                "The request body must be JSON, sent with Content-Type: application/json."
            )
        except RecursionError:
            return invalid_json("The request body is not usable JSON: it is nested too deeply.")
        # A "\ud800" escape without its pair parses, but its string cannot be written
        # back as UTF-8 (a name echoed in the answer would fail): look for the escapes in
        # the raw bytes first, and only then at the strings.
        if _SURROGATE_ESCAPE.search(raw) and (where := lone_surrogate(data)) is not None:
            return invalid_json(
                f"The request body is not usable JSON: a string holds a lone surrogate "
                f"({where}), which is not a character. Send text as UTF-8."
            )
        return data


class CheckView(BoardEndpoint):
    """Check a board without scoring it: the problems the scoring would report.

    The board builder asks it after each river tile (a river rule is refused at once, in
    words) and before scoring (goods tokens that do not add up to the board), so the
    page never re-implements a rule. Same body limits and throttle scope as scoring.
    """

    @extend_schema(
        operation_id="check_board",
        summary="Problems of a board, without scoring it",
        description=(
            "Send a board as for scoring; the answer lists every problem the scoring "
            "would refuse it for (an empty list when it can be scored). Always 200 for a "
            "readable JSON body; 400 only when the body cannot be read."
        ),
        request=ScoreRequestSerializer,
        responses={
            200: ErrorsSerializer,
            400: OpenApiResponse(ErrorsSerializer, description="The body is not JSON."),
            429: OpenApiResponse(description="Too many requests from this client."),
        },
        tags=["scoring"],
    )
    def post(self, request: Request) -> Response:
        data = ScoreView.read_body(request)
        if isinstance(data, Response):
            return data
        errors = validate_request(data, current_tiles())
        return Response({"errors": [error.to_json() for error in errors]})
