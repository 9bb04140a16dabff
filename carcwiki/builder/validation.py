"""Reads a board posted to be saved: the body, then the board format's one reader.

Text no database can store (a NUL, a lone surrogate) is refused first, where it stands.
A saved board may be unfinished, so it is read as a draft (see
:func:`scoring.engine.parse_draft`): the same reader as ``POST /api/score/``, with the
same codes, paths and limits, checking the board's form but not whether its tiles fit
or its figures stand on real features (the scoring does that when it is scored). What
is stored is the request as the reader wrote it back, every default spelled out and
nothing else kept, so that the builder can always open it again.
"""

from __future__ import annotations

from typing import Any

from scoring.engine import InvalidRequestError, UnreadableJSONError, load_json, parse_draft
from scoring.tileset import current_tiles

from .storable import unstorable_text

MAX_BOARD_BYTES = 256 * 1024
"""A saved board's largest body."""


class InvalidDraftError(ValueError):
    """The board cannot be saved; ``errors`` lists every problem found, in the scoring
    API's ``{"path", "code", "message"}`` shape, and ``status`` is the answer's."""

    status = 400

    def __init__(self, errors: list[dict[str, str]]):
        super().__init__("; ".join(error["message"] for error in errors))
        self.errors = errors


class BoardTooLargeError(InvalidDraftError):
    """The body is over :data:`MAX_BOARD_BYTES`: too large, not malformed, a 413
    ``too_large`` as the API answers a body over its own limit
    (:func:`carcwiki.api.errors.too_large`)."""

    status = 413


def _invalid_json(message: str) -> InvalidDraftError:
    return InvalidDraftError([{"path": "", "code": "invalid_json", "message": message}])


def check_size(size: int) -> None:
    """Refuse a body of ``size`` bytes when it is over the limit."""
    if size > MAX_BOARD_BYTES:
        raise BoardTooLargeError([{
            "path": "", "code": "too_large",
            "message": (f"The board takes {size / 1024:.0f} KiB; a saved board may take at "
                        f"most {MAX_BOARD_BYTES // 1024} KiB."),
        }])


def parse_board(body: bytes) -> dict[str, Any]:
    """The board carried by a request body, as it is stored; raises
    :class:`InvalidDraftError`."""
    check_size(len(body))
    try:
        data = load_json(body, lone_surrogates=True)
    except UnreadableJSONError as error:
        raise _invalid_json(f"The board is {error}.") from None
    problems = unstorable_text(data)  # named where they are, before anything else
    if problems:
        raise InvalidDraftError(problems)
    try:
        return parse_draft(data, current_tiles()).to_json()
    except InvalidRequestError as invalid:
        raise InvalidDraftError([error.to_json() for error in invalid.errors]) from None
