"""A missing trailing slash is a redirect that keeps the request, whatever the settings.

Django's ``CommonMiddleware`` answers ``GET /api/tiles`` with a 301 to ``/api/tiles/``, but
a ``POST`` to ``/api/score`` cannot be redirected that way (a browser or client turns a 301
into a ``GET`` without the body), so Django raises an error under ``DEBUG`` and otherwise
redirects into a request that lost its board. Here any method other than GET and HEAD gets
a 308 instead, which clients repeat with the same method and body.
"""

from django.http import HttpResponsePermanentRedirect
from django.middleware.common import CommonMiddleware as DjangoCommonMiddleware
from django.utils.http import escape_leading_slashes

SAFE_METHODS = ("GET", "HEAD")


class CommonMiddleware(DjangoCommonMiddleware):
    def process_response(self, request, response):
        if (
            response.status_code == 404
            and request.method not in SAFE_METHODS
            and self.should_redirect_with_slash(request)
        ):
            target = escape_leading_slashes(request.get_full_path(force_append_slash=True))
            return HttpResponsePermanentRedirect(target, preserve_request=True)
        return super().process_response(request, response)
