"""Who a request comes from, in a way a client cannot fake with a header.

Every per-client limit (the API throttles, the saved-board throttle, failed admin logins)
keys the client by this one address. ``X-Forwarded-For`` is trusted only as far as the
number of proxies that the deployment puts in front of the app
(``DJANGO_TRUSTED_PROXIES``, ``REST_FRAMEWORK["NUM_PROXIES"]``): each trusted proxy
appends the address it saw, so the client is the entry that many places from the end;
anything before it was written by the client and is ignored. With no trusted proxy (the
default) the header is ignored altogether and the socket's address is the client.
"""

from __future__ import annotations

from django.http import HttpRequest
from rest_framework.throttling import BaseThrottle


def client_address(request: HttpRequest) -> str:
    """The client's address as DRF's throttles see it (``NUM_PROXIES`` applied).

    DRF's rule is the one in force for the throttles; the admin's login limit calls this
    too, so that both agree on who a client is.
    """
    return BaseThrottle().get_ident(request)
