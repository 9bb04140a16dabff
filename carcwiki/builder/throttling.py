"""A limit on how many boards one client may save, so that nobody fills the database.

The save endpoint is a DRF view, so this is an ordinary DRF throttle: its rate is
``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["save_board"]``, its counts live in the
``throttle`` cache and are raised atomically (:mod:`carcwiki.throttling`), and the client
is the address a forged ``X-Forwarded-For`` cannot change
(:mod:`carcwiki.client_identity`).
"""

from carcwiki.throttling import ClientRateThrottle


class SaveBoardThrottle(ClientRateThrottle):
    scope = "save_board"
