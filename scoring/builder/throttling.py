"""A limit on how many boards one client may save, so that nobody fills the database.

The save endpoint is a plain Django view (it keeps Django's CSRF check for the page's
form), so DRF does not apply its throttles there; this reuses DRF's throttle, with its
rate in ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["save_board"]`` and its count in the
cache, keyed by the client's address as DRF sees it (``NUM_PROXIES`` included).
"""

from __future__ import annotations

import math

from django.http import HttpRequest
from rest_framework.throttling import SimpleRateThrottle


class SaveBoardThrottle(SimpleRateThrottle):
    scope = "save_board"

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


def seconds_to_wait(request: HttpRequest) -> int | None:
    """``None`` when ``request`` may save a board now, else how many seconds to wait."""
    throttle = SaveBoardThrottle()
    if throttle.allow_request(request, None):
        return None
    return max(1, math.ceil(throttle.wait() or 1))
